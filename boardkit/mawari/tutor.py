"""The 回り将棋 tutor: after a student's battle decision, one line when it is a bad one.

    from boardkit.mawari import tutor
    tutor.advice(before, "battle P2")   # a Word: str() 'Should you declare a battle? ...' or None
    tutor.odds(before, defender)        # (win, draw, loss) of a battle on that player

Tosses are chance, so only decisions are judged: whether to declare a battle (戦,
MS-15) when a move lines up with an opposing piece. The ``smart`` level
(``TUTOR_LEVEL``, via ``ai.hint``) decides what is good: it compares the chance to win
the game with the battle and without it (``ai.battle_chances``, the race model). A
battle is an even race (win = loss), so it is a gamble that adds risk: worth taking
when you are behind, not when you are ahead; with three or four players a win lifts
you over everyone while a loss promotes only one rival; a battle your own 銀 wins ends the
game in your favour. The line names the reason, both chances to win the
game and the smart decision with its battle odds (``ai.battle_odds``).

``advice(before, move)`` is pure engine code: ``before`` is the game in the "decide"
phase with the student to decide (it is not changed). A decision equal to the smart
level's, or anything but a decision, gives None (the widget then says "fine"). The line is
a ``Word`` (``tutor.ms.*`` with its facts): ``str()`` is English, a board says it in its
language.
Measured: well under a millisecond once a race length's odds are cached (the first
time about 30-50 ms, ``ai.HINT_LEVEL``).
"""
from __future__ import annotations

from .._catalogue import Word
from .._protocols import level_word
from . import ai
from ._args import check_game
from .game import RANKS, Battle, MawariGame

__all__ = ["TUTOR_LEVEL", "advice", "odds"]

#: the level whose decision the tutor compares with: the strongest (it is also the hint's)
TUTOR_LEVEL = ai.HINT_LEVEL



def odds(before: MawariGame, defender: int) -> tuple[float, float, float]:
    """(win, draw, loss) of the player to decide in a battle on ``defender`` (exact,
    ``ai.battle_odds`` over the race of ``battle_length`` squares, MS-15)."""
    check_game(before, "odds(before)")
    return ai.battle_odds(before.rules.model, before.battle_length(before.turn, defender))


def _pct(x: float) -> str:
    return f"{x:.0%}"


def _pair(a: float, b: float) -> tuple[str, str]:
    """Two chances as percentages, with one decimal when whole percents would look equal."""
    if f"{a:.0%}" != f"{b:.0%}":
        return f"{a:.0%}", f"{b:.0%}"
    return f"{a:.1%}", f"{b:.1%}"


#: a decision within this much of the smart one's chance to win the game is "fine": the
#: race model is an estimate, and a tutor line over half a point would be noise
CLOSE = 0.01


def _label(level: str) -> Word:
    return level_word(ai.LEVELS, level)


def advice(before: MawariGame, move, level: str | None = None) -> Word | None:
    """One line when the battle decision ``move`` (the student's, deciding in
    ``before``) differs from the smart level's and costs at least ``CLOSE`` of the
    chance to win the game, with the reason, both chances and the smart decision's
    battle odds; else None."""
    if not isinstance(before, MawariGame) or before.is_over() or before.phase != "decide":
        return None
    if isinstance(move, str):
        move = before.copy().play(move)
    if not isinstance(move, Battle):
        return None
    name = TUTOR_LEVEL if level is None else level
    best = ai.hint(before, name)
    if best is None or best == move:
        return None
    me = before.turn
    gin = len(RANKS) - 1
    chances = ai.battle_chances(before)
    if move not in chances or chances[best][0] - chances[move][0] < CLOSE:
        return None
    stay = chances[Battle(None)][0]
    if move.defender is not None:
        win, _, loss = chances[move][1]
        a, b = _pair(stay, chances[move][0])
        fields = dict(win=_pct(win), loss=_pct(loss), stay=a, with_=b)
        if best.defender is not None:
            why = Word("tutor.ms.worse", d=move.defender + 1, best_chance=_pct(chances[best][0]),
                       **fields)
        elif before.rank(move.defender) == gin:
            # the defender's 銀 goes out if it wins: the game ends in its favour (MS-15)
            why = Word("tutor.ms.vs_gin", d=move.defender + 1, **fields)
        elif stay > 1 / before.players:
            why = Word("tutor.ms.ahead", **fields)
        else:
            why = Word("tutor.ms.risk", **fields)
    else:
        win, _, loss = chances[best][1]
        a, b = _pair(stay, chances[best][0])
        fields = dict(win=_pct(win), loss=_pct(loss), stay=a, with_=b)
        if before.rank(me) == gin:
            why = Word("tutor.ms.own_gin", **fields)
        elif before.players == 2:
            why = Word("tutor.ms.behind", **fields)
        else:
            why = Word("tutor.ms.many", n=before.players, **fields)
    if best.defender is None:
        what = Word("tutor.ms.decline")
    else:
        w, d, lo = chances[best][1]
        what = Word("tutor.ms.declare", d=best.defender + 1, win=_pct(w), draw=_pct(d),
                    loss=_pct(lo))
    return Word("tutor.ms.line", tip=Word("tutor.ms.tip"), why=why, level=_label(name), best=what)
