"""The 回り将棋 tutor: after a student's battle decision, one line when it is a bad one.

    from boardkit.mawari import tutor
    tutor.advice(before, "battle P2")   # '戦 ...: P2 is a 銀 ...; かしこい would not battle.' or None
    tutor.odds(before, defender)        # (win, draw, loss) of a battle on that player

Tosses are chance, so only decisions are judged: whether to declare a battle (戦,
MS-15) when a move lines up with an opposing piece. The battle policies of notebook 47
("Should you declare a battle?") and the ``smart`` level (``TUTOR_LEVEL``, via
``ai.hint``) decide what is good: a battle is an even race (win = loss), so with two
players it only trades your promotion for your rival's; with three or four a win
promotes you over everyone while a loss promotes only one rival; a battle your own 銀
wins ends the game in your favour; a battle against a 銀 can end it in the rival's.
The line names the reason and the smart decision with its chances (``ai.battle_odds``).

``advice(before, move)`` is pure engine code: ``before`` is the game in the "decide"
phase with the student to decide (it is not changed). A decision equal to the smart
level's, or anything but a decision, gives None (the widget then says "fine").
Measured: well under a millisecond once a race length's odds are cached (the first
time about 30-50 ms, ``ai.HINT_LEVEL``).
"""
from __future__ import annotations

from ..i18n import add, tr
from . import ai
from .game import RANKS, Battle, MawariGame

__all__ = ["TUTOR_LEVEL", "advice", "odds"]

#: the level whose decision the tutor compares with: the strongest (it is also the hint's)
TUTOR_LEVEL = ai.HINT_LEVEL

add("en", {
    "tutor.ms.tip": "Should you declare a battle? (MS-15)",
    "tutor.ms.line": "{tip}: {why}; {level} would {best}.",
    "tutor.ms.vs_gin": "P{d} is a 銀: if it wins the battle ({loss} for it) it wins the game",
    "tutor.ms.even": "with two players a battle is an even gamble (win {win}, lose {loss}): "
                     "it gives your rival as much as you",
    "tutor.ms.worse": "battle P{d} is worth less (win {win}, lose {loss})",
    "tutor.ms.own_gin": "your 銀 wins the game if it wins the battle (win {win})",
    "tutor.ms.many": "with {n} players a battle pays: a win promotes you over everyone, a loss "
                     "promotes only one rival",
    "tutor.ms.declare": "declare battle P{d} (win {win}, draw {draw}, lose {loss})",
    "tutor.ms.decline": "not battle",
})
add("ja", {
    "tutor.ms.tip": "戦をしかけるか（MS-15）",
    "tutor.ms.line": "{tip}: {why}。{level}なら{best}。",
    "tutor.ms.vs_gin": "P{d} は銀です: 戦に勝てば（{loss}）そのまま上がりです",
    "tutor.ms.even": "2人のときの戦は五分五分の賭けです（勝ち {win}、負け {loss}）: 相手にも同じだけ"
                     "得をさせます",
    "tutor.ms.worse": "P{d} との戦は割に合いません（勝ち {win}、負け {loss}）",
    "tutor.ms.own_gin": "あなたの銀は戦に勝てば上がりです（勝ち {win}）",
    "tutor.ms.many": "{n}人のときの戦は得です: 勝てば全員より先に出世し、負けても出世するのは"
                     "相手1人だけです",
    "tutor.ms.declare": "P{d} に戦をしかけます（勝ち {win}、引き分け {draw}、負け {loss}）",
    "tutor.ms.decline": "戦をしかけません",
})


def odds(before: MawariGame, defender: int) -> tuple[float, float, float]:
    """(win, draw, loss) of the player to decide in a battle on ``defender`` (exact,
    ``ai.battle_odds`` over the race of ``battle_length`` squares, MS-15)."""
    return ai.battle_odds(before.rules.model, before.battle_length(before.turn, defender))


def _pct(x: float) -> str:
    return f"{x:.0%}"


def _label(level: str) -> str:
    """'the strong level' in English, 「つよい（strong）」 in Japanese."""
    return tr("tutor_level", en=level, ja=ai.LEVELS.get(level, level))


def advice(before: MawariGame, move, level: str | None = None) -> str | None:
    """One line when the battle decision ``move`` (the student's, deciding in
    ``before``) differs from the smart level's, with the reason and the smart
    decision's chances; else None."""
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
    if move.defender is not None:
        win, _, loss = odds(before, move.defender)
        if before.rank(move.defender) == gin and before.rank(me) != gin:
            why = tr("tutor.ms.vs_gin", d=move.defender + 1, loss=_pct(loss))
        elif before.players == 2:
            why = tr("tutor.ms.even", win=_pct(win), loss=_pct(loss))
        else:
            why = tr("tutor.ms.worse", d=move.defender + 1, win=_pct(win), loss=_pct(loss))
    else:
        win, _, _ = odds(before, best.defender)
        if before.rank(me) == gin:
            why = tr("tutor.ms.own_gin", win=_pct(win))
        else:
            why = tr("tutor.ms.many", n=before.players)
    if best.defender is None:
        what = tr("tutor.ms.decline")
    else:
        w, d, lo = odds(before, best.defender)
        what = tr("tutor.ms.declare", d=best.defender + 1, win=_pct(w), draw=_pct(d), loss=_pct(lo))
    return tr("tutor.ms.line", tip=tr("tutor.ms.tip"), why=why, level=_label(name), best=what)
