"""The checkers tutor: after a student's move, one line when it breaks a strategy tip.

    from boardkit.checkers import tutor
    tutor.advice(before, "10-14")   # 'Tip 1 ...: White can take your man on 14 with 17x10 ...' or None
    tutor.exchange(before, move)    # (material won or lost, the opponent's worst capture)

The tip checked is tip 1 of notebook 14, "check every move for a shot": after the move
the opponent can capture a man (or king) of the student's, and the student cannot win
as much back at once. The check is a simple exchange: the student's move (with what it
captures), each capture the opponent may then make (CK-06 when captures are
compulsory), and the student's biggest capture in return; a man counts 1, a king 1.4
(as the computer's evaluation counts them). The move is flagged when that exchange loses material and the
strongest level's move (``TUTOR_LEVEL``, via ``ai.hint``) loses less.

``advice(before, move)`` is pure engine code: ``before`` is the game with the student
to move (it is not changed). A move equal to the strongest level's, or one that loses
nothing in the exchange, gives None (the widget then says "fine"). Measured: the
exchange takes about a millisecond; the strong search a few ms (worst a few tenths on
10x10 endings, see ``ai.HINT_LEVEL``).
"""
from __future__ import annotations

from ..i18n import add, tr
from . import ai
from .game import PLAYER_NAMES, CheckersGame, CheckersMove

__all__ = ["TUTOR_LEVEL", "advice", "exchange"]

MAN, KING = 100, 140      # hundredths of a man, as ai's evaluation

#: the level whose move the tutor compares with: the strongest (it is also the hint's)
TUTOR_LEVEL = ai.HINT_LEVEL

add("en", {
    "tutor.ck.tip1": "Tip 1 (check every move for a shot)",
    "tutor.ck.en_prise": "{tip}: after {move} {them} can take {what} with {reply}, and you cannot "
                         "take as much back at once; {level} would play {best}.",
    "tutor.ck.man": "your man on {sq}", "tutor.ck.king": "your king on {sq}",
    "tutor.ck.sep": " and ",
})
add("ja", {
    "tutor.ck.tip1": "コツ1（毎手、取られる手がないか確かめる）",
    "tutor.ck.en_prise": "{tip}: {move} のあと {them} は {reply} で{what}を取れます。すぐには"
                         "同じだけ取り返せません。{level}なら {best} です。",
    "tutor.ck.man": "{sq} のあなたの駒", "tutor.ck.king": "{sq} のあなたのキング",
    "tutor.ck.sep": "と",
})


def _value(game: CheckersGame, squares) -> int:
    total = 0
    for sq in squares:
        piece = game.piece_at(sq)
        total += KING if piece is not None and piece[1] else MAN
    return total


def exchange(before: CheckersGame, move: CheckersMove) -> tuple[int, CheckersMove | None]:
    """The material the student's ``move`` wins (> 0) or loses (< 0) when the opponent
    answers with its worst capture and the student then takes the most it can at once,
    in hundredths of a man (a king 140); and that capture (None: no capture follows)."""
    gained = _value(before, move.captures)
    after = before.child(move)
    worst, worst_reply = gained, None
    if after.is_over():
        return gained, None
    for reply in after.legal_moves():
        if not reply.is_capture:
            continue
        lost = _value(after, reply.captures)
        then = after.child(reply)
        back = 0 if then.is_over() else max(
            (_value(then, m.captures) for m in then.legal_moves() if m.is_capture), default=0)
        net = gained - lost + back
        if net < worst:
            worst, worst_reply = net, reply
    return worst, worst_reply


def _label(level: str) -> str:
    """'the strong level' in English, 「つよい（strong）」 in Japanese."""
    return tr("tutor_level", en=level, ja=ai.LEVELS.get(level, level))


def advice(before: CheckersGame, move, level: str | None = None) -> str | None:
    """One line when ``move`` (the student's, to move in ``before``) leaves a piece en
    prise, losing material the strongest level's move would not lose; else None."""
    if not isinstance(before, CheckersGame) or before.is_over():
        return None
    if isinstance(move, str):
        move = before.copy().play(move)
    if not isinstance(move, CheckersMove):
        return None
    net, reply = exchange(before, move)
    if net >= 0 or reply is None:
        return None
    name = TUTOR_LEVEL if level is None else level
    best = ai.hint(before, name)
    if best == move or exchange(before, best)[0] <= net:
        return None
    after = before.child(move)
    what = tr("tutor.ck.sep").join(
        tr("tutor.ck.king" if (after.piece_at(sq) or (0, False))[1] else "tutor.ck.man", sq=sq)
        for sq in reply.captures)
    return tr("tutor.ck.en_prise", tip=tr("tutor.ck.tip1"), move=move,
              them=PLAYER_NAMES[after.turn], what=what, reply=reply, level=_label(name), best=best)
