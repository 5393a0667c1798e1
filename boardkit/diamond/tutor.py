"""The Diamond Game tutor: after a student's move, one line when it breaks a strategy tip.

    from boardkit.diamond import tutor
    tutor.advice(before, "g8:i6")   # a Word; str(): 'Tip 2 (leave no straggler): ...'; or None
    tutor.straggler(game, player)   # (the hindmost piece, its distance to ◎, how far it lags)

Two checks, with the engine's distance measure (hex distance to the goal ◎,
``geometry.distance`` to ``game.goal_apex(player)``, as the computer's race counts it):

* **backwards**: the move takes a piece further from ◎ while a forward hop chain
  (DG-09/DG-10, or the king's group jump DG-11) existed: the race of notebook 27
  ("every hole counts") gets longer for nothing;
* **a straggler left behind** (tip 2 of notebook 27, "leave no straggler"): the
  hindmost piece lags the others' average by ``LAG`` holes or more, the student moved
  another piece, and the strongest level (``TUTOR_LEVEL``) would move the hindmost one
  (or a piece as far back).

``advice(before, move)`` is pure engine code: ``before`` is the game with the student to
move (it is not changed). A move with the same start and end as the strongest level's,
a pass, or a move that breaks neither tip gives None (the widget then says "fine").
Measured: the checks take well under a millisecond; 最強's move median about 45 ms,
worst about 0.1 s (``ai.HINT_LEVEL``).
"""
from __future__ import annotations

from .._catalogue import Word
from .._input import check_instance
from .._protocols import level_word
from . import ai
from . import geometry as B
from .game import DiamondGame
from .movegen import DiamondMove

__all__ = ["TUTOR_LEVEL", "LAG", "advice", "straggler", "gain"]

#: the level whose move the tutor compares with: the strongest (it is also the hint's)
TUTOR_LEVEL = ai.HINT_LEVEL
#: holes the hindmost piece must lag the others' average before tip 2 is said
LAG = 5

def gain(game: DiamondGame, move: DiamondMove, player: int | None = None) -> int:
    """Holes nearer its goal ◎ the move brings the piece (negative: backwards; 0: a pass)."""
    check_instance(game, DiamondGame, "game")
    check_instance(move, DiamondMove, "move")
    if player is not None:
        game._check_player(player)
    if not move.path:
        return 0
    apex = game.goal_apex(game.turn if player is None else player)
    return B.distance(move.path[0], apex) - B.distance(move.path[-1], apex)


def straggler(game: DiamondGame, player: int) -> tuple[tuple[int, int] | None, int, float]:
    """(the hindmost piece's hole, its distance to ◎, how many holes it lags the
    average of the player's other pieces); (None, 0, 0.0) with fewer than two pieces."""
    check_instance(game, DiamondGame, "game")
    apex = game.goal_apex(player)
    pieces = sorted(game.pieces_of(player))
    if len(pieces) < 2:
        return None, 0, 0.0
    dist = {h: B.distance(h, apex) for h in pieces}
    back = max(pieces, key=lambda h: (dist[h], h))
    others = [dist[h] for h in pieces if h != back]
    return back, dist[back], dist[back] - sum(others) / len(others)


def _label(level: str) -> Word:
    return level_word(ai.LEVELS, level)


def advice(before: DiamondGame, move, level: str | None = None) -> Word | None:
    """One line when ``move`` (the student's, to move in ``before``) goes backwards
    while a forward hop chain existed, or leaves a straggler behind that the strongest
    level would bring up; else None."""
    if not isinstance(before, DiamondGame) or before.is_over():
        return None
    if isinstance(move, str):
        move = before.copy().play(move)
    if not isinstance(move, DiamondMove) or not move.path:
        return None
    name = TUTOR_LEVEL if level is None else level
    me = before.turn
    g = gain(before, move)
    best = None

    def strongest():
        nonlocal best
        if best is None:
            best = ai.hint(before, name)
        return best

    same = lambda a, b: bool(a.path) and (a.path[0], a.path[-1]) == (b.path[0], b.path[-1])  # noqa: E731
    if g < 0:
        chains = [m for m in before.legal_moves() if m.kind in ("hop", "group", "long")
                  and gain(before, m) > 0]
        if chains and not same(strongest(), move):
            chain = max(chains, key=lambda m: gain(before, m))
            return Word("tutor.dg.backwards", tip=Word("tutor.dg.race"), move=str(move), n=-g,
                        chain=str(chain), holes=Word("tutor.dg.hole" if g == -1 else "tutor.dg.holes"),
                        k=gain(before, chain), level=_label(name), best=str(strongest()))
    back, far, lag = straggler(before, me)
    if back is None or lag < LAG:
        return None
    apex = before.goal_apex(me)
    if B.distance(move.path[0], apex) >= far - 1:
        return None                                   # the student moved a back piece
    b = strongest()
    if not b.path or same(b, move) or B.distance(b.path[0], apex) < far - 1:
        return None                                   # the strongest would not bring it up either
    after = before.copy()
    after.play(move)
    _, _, lag_after = straggler(after, me)
    return Word("tutor.dg.straggler", tip=Word("tutor.dg.tip2"), hole=B.label(back), d=far,
                lag=round(lag_after), move=str(move), level=_label(name), best=str(b))
