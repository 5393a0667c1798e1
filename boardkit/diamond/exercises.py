"""Checks for the Diamond Game exercises (exercises/diamond.ipynb), on the one
exercise API of boardkit (``boardkit.exercises.Exercises``).

Each exercise has a position (a function returning a fresh game) and a check that
prints feedback and never raises, so the unsolved notebook runs from top to bottom.
The expected answers are computed by the engine, not written down here. The feedback
is the catalogue's ``ex.diamond.*`` words, read in the current language when a check runs.

    from boardkit.diamond.exercises import ex
    ex.reach_position()              # the board of exercise 1
    ex.check_reach({"g5", "i5"})     # ❌ / ✅ with a hint
    ex.summary()

(``from boardkit.diamond import exercises as ex`` works the same way: the module has
the positions, every ``check_<name>`` and ``summary``.)
"""
from __future__ import annotations

from typing import Any

from .._catalogue import text as _text
from .._core import BoardkitError, FormatError, IllegalMoveError
from .._input import check_instance
from ..exercises import Exercises, compare_sets, items, to_set
from . import geometry as B
from .game import DiamondGame
from .rules import DiamondRules

__all__ = ["ex", "DiamondExercises", "summary", "reach_position", "REACH_PIECE", "check_reach",
           "ILLEGAL_CANDIDATES", "illegal_position", "check_illegal", "chain_position",
           "CHAIN_PIECE", "check_chain", "longest_chain", "check_forbidden_count",
           "king_position", "KING_PIECE", "check_king_landing"]

def _w(key: str, **facts: Any) -> str:
    """A line of feedback in the current language (``ex.diamond.*`` in the catalogue)."""
    return _text(f"ex.diamond.{key}", None, **facts)


def _said(err: BaseException) -> str:
    """An engine error's sentence in the current language (its key and facts, and the rule
    ID when the sentence does not name it); an error without a key: its text."""
    key = getattr(err, "key", None)
    if not key:
        return str(err)
    line = _text(key, None, **getattr(err, "facts", {}))
    rule = getattr(err, "rule", None)
    return _text("error.with_rule", None, line=line, rule=rule) if rule and rule not in line else line


def _labels(answer: Any) -> set[str]:
    """A set of hole labels from labels or (q, r) holes, in any iterable, or text such
    as "e5 f6 g4" or "e5, f6"."""
    return to_set(answer, lambda h: B.label(B.hole(h)) if isinstance(h, str) else B.label(h))


# ----------------------------------------------------------- 1. reachable holes
REACH_PIECE = "g5"


def reach_position() -> DiamondGame:
    """Red's piece on g5 among red and yellow pieces (two players, no king)."""
    return DiamondGame.from_pieces({"g5": 0, "h5": 1, "h4": 0, "g6": 1, "j5": 0, "k4": 1,
                                    "f5": 0, "i6": 1, "i3": 1},
                                   DiamondRules(players=2, kings=False))


def _reach(self, answer) -> bool:
    """Exercise 1: every hole the red piece on g5 can reach this turn (DG-08..DG-10)."""
    want = {B.label(h) for h in reach_position().reachable_from(REACH_PIECE)}
    return self.check("1. reachable holes", answer,
                      test=lambda a: compare_sets(_labels(a), want, what=_w("reach.what"),
                                                  extra_why=_w("reach.extra")),
                      hint=_w("reach.hint"))


# ----------------------------------------------------------- 2. the illegal jump
#: four red moves; exactly one of them is illegal
ILLEGAL_CANDIDATES = ("g5:g7", "i3:i5", "k3:k5:m7", "g9-h8")


def illegal_position() -> DiamondGame:
    """Red to move, with the yellow king on i4 among the pieces."""
    return DiamondGame.from_pieces({"g5": 0, "g6": 1, "i3": 0, "i4": (1, True), "k3": 0, "k4": 1,
                                    "l6": 1, "g9": 0}, DiamondRules(players=2))


def _illegal_one() -> tuple[str, str | None]:
    g = illegal_position()
    found = []
    for text in ILLEGAL_CANDIDATES:
        try:
            g.copy().play(text)
        except IllegalMoveError as e:
            found.append((text, e.rule))
    if len(found) != 1:   # guards the exercise itself
        raise BoardkitError(f"exercise 2 needs exactly one illegal candidate, found {found}")
    return found[0]


def _illegal(self, answer) -> bool:
    """Exercise 2: ``answer = (move, rule)``, e.g. ``("f6:h6", "DG-09")``."""
    move, rule = _illegal_one()

    def test(a):
        if isinstance(a, str):          # "i3:i5, DG-12" or "i3:i5 DG-12"
            a = items(a)
        if not (isinstance(a, (tuple, list)) and len(a) == 2):
            return _w("illegal.format")
        m, r = str(a[0]).strip().lower(), str(a[1]).strip().upper()
        if m not in ILLEGAL_CANDIDATES:
            return _w("illegal.not_candidate", answer=str(a[0]).strip()[:40],
                      candidates=list(ILLEGAL_CANDIDATES))
        if m != move:
            return _w("illegal.legal", move=m)
        if r not in (rule or ""):
            return _w("illegal.rule", rule=r)
        return True
    return self.check("2. the illegal jump", answer, test=test,
                 hint=_w("illegal.hint"))


# ----------------------------------------------------------- 3. the longest chain
CHAIN_PIECE = "e7"


def chain_position() -> DiamondGame:
    """A red piece on e7 with pieces to hop over scattered ahead (no kings)."""
    return DiamondGame.from_pieces({"e7": 0, "f7": 1, "h6": 0, "j6": 1, "i4": 1, "j3": 0, "l4": 1},
                                   DiamondRules(players=2, kings=False))


def longest_chain(game: DiamondGame, start) -> int:
    """The most hops one chain from ``start`` can make this turn (a depth-first search
    over every legal path, DG-10). ``game`` is a DiamondGame, ``start`` a hole."""
    check_instance(game, DiamondGame, "game")
    best = 0
    for dest in game.reachable_from(start):
        for m in game.paths(start, dest, limit=10_000):   # bounded work (PATHS_BUDGET)
            if m.kind != "step":
                best = max(best, len(m.path) - 1)
    return best


def _chain(self, answer) -> bool:
    """Exercise 3: the longest hop chain of the piece on e7, as text ("e7:g7:...")
    or a list of holes."""
    g = chain_position()
    most = longest_chain(g, CHAIN_PIECE)

    def test(a):
        if not isinstance(a, (str, list, tuple)):
            # what play() says of a value that is no path (in the board's language)
            return _w("chain.illegal", why=_said(FormatError("dg.err.path_type", kind=type(a).__name__)))
        try:
            m = g.copy().play(a if isinstance(a, str) else list(a))
        except (IllegalMoveError, BoardkitError) as e:
            return _w("chain.illegal", why=_said(e))
        if m.path[0] != B.hole(CHAIN_PIECE):
            return _w("chain.start", hole=CHAIN_PIECE)
        n = len(m.path) - 1 if m.kind != "step" else 0
        if n < most:
            return _w("chain.shorter", n=n)
        return True
    return self.check("3. the longest chain", answer, test=test,
                 hint=_w("chain.hint"))


# ----------------------------------------------------------- 4. forbidden holes
def _forbidden_count(self, answer) -> bool:
    """Exercise 4: how many holes are forbidden to red in a two-player game (DG-13)?"""
    want = len(DiamondGame(DiamondRules(players=2)).forbidden(0))
    return self.check("4. forbidden holes", answer, want,
                 hint=_w("forbidden.hint"))


# ----------------------------------------------------------- 5. the king's landing
KING_PIECE = "g3"


def king_position() -> DiamondGame:
    """The red king on g3 beside a row of pieces (DG-11)."""
    return DiamondGame.from_pieces({"g3": (0, True), "g4": 1, "g5": 0, "g6": 1, "g8": 0, "h2": 1},
                                   DiamondRules(players=2))


def _king_landing(self, answer) -> bool:
    """Exercise 5: the holes the king on g3 reaches with jumps (not steps)."""
    g = king_position()
    want = {B.label(m.path[-1]) for m in g.legal_moves()
            if m.path and m.path[0] == B.hole(KING_PIECE) and m.kind != "step"}
    return self.check("5. the king's landings", answer,
                      test=lambda a: compare_sets(_labels(a), want, what=_w("king.what"),
                                                  extra_why=_w("king.extra")),
                      hint=_w("king.hint"))


class DiamondExercises(Exercises):
    """The five Diamond Game exercises; their positions are attributes too."""

    topic = "Diamond Game exercises"
    check_reach = _reach
    check_illegal = _illegal
    check_chain = _chain
    check_forbidden_count = _forbidden_count
    check_king_landing = _king_landing
    reach_position = staticmethod(reach_position)
    illegal_position = staticmethod(illegal_position)
    chain_position = staticmethod(chain_position)
    king_position = staticmethod(king_position)
    REACH_PIECE, CHAIN_PIECE, KING_PIECE = REACH_PIECE, CHAIN_PIECE, KING_PIECE
    ILLEGAL_CANDIDATES = ILLEGAL_CANDIDATES


ex = DiamondExercises()
# the same checks at module level (``from boardkit.diamond import exercises as ex``)
check_reach = ex.check_reach
check_illegal = ex.check_illegal
check_chain = ex.check_chain
check_forbidden_count = ex.check_forbidden_count
check_king_landing = ex.check_king_landing
summary = ex.summary
