"""The checkers tutor: after a student's move, one line when it breaks a strategy tip.

    from boardkit.checkers import tutor
    tutor.advice(before, "10-14")   # Word: 'Tip 1 ...: White can take your man on 14 with 17x10 ...' or None
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

from .._catalogue import Word
from .._core import check_level
from .._protocols import level_word
from . import ai
from .game import CheckersGame, CheckersMove, side_word
from .rules import check_game, check_move

__all__ = ["TUTOR_LEVEL", "advice", "exchange"]

MAN, KING = 100, 140      # hundredths of a man, as ai's evaluation

#: the level whose move the tutor compares with: the strongest (it is also the hint's)
TUTOR_LEVEL = ai.HINT_LEVEL

def _value(game: CheckersGame, squares) -> int:
    total = 0
    for sq in squares:
        piece = game.piece_at(sq)
        total += KING if piece is not None and piece[1] else MAN
    return total


def exchange(before: CheckersGame, move: CheckersMove) -> tuple[int, CheckersMove | None]:
    """The material the student's ``move`` wins (> 0) or loses (< 0) when the opponent
    answers with its worst capture and the student then takes the most it can at once,
    in hundredths of a man (a king 140); and that capture (None: no capture follows).
    ``move`` is a legal move of ``before`` (a CheckersMove; anything else is refused)."""
    check_game(before, "before")
    move = before._coerce_move(check_move(move, "move"))
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


def _label(level: str) -> Word:
    return level_word(ai.LEVELS, level)


def _pieces(after: CheckersGame, squares) -> Word:
    """The student's pieces a capture takes: "your man on 19 and your king on 26"."""
    words = [Word("tutor.ck.king" if (after.piece_at(sq) or (0, False))[1] else "tutor.ck.man", sq=sq)
             for sq in squares]
    out = words[-1]
    for w in reversed(words[:-1]):
        out = Word("tutor.ck.and", first=w, second=out)
    return out


def advice(before: CheckersGame, move, level: str | None = None) -> Word | None:
    """One line when ``move`` (the student's, to move in ``before``) leaves a piece en
    prise, losing material the strongest level's move would not lose; else None. The
    line is a ``Word`` (key and facts; ``str()`` is English): a board says it in its
    own language, the sides named there too (白, not White)."""
    if not isinstance(before, CheckersGame) or before.is_over():
        return None
    if isinstance(move, str):
        move = before.copy().play(move)
    if not isinstance(move, CheckersMove):
        return None
    net, reply = exchange(before, move)
    if net >= 0 or reply is None:
        return None
    name = check_level(TUTOR_LEVEL if level is None else level, ai.LEVELS, "checkers level")
    best = ai.hint(before, name)
    if best == move or exchange(before, best)[0] <= net:
        return None
    after = before.child(move)
    return Word("tutor.ck.en_prise", tip=Word("tutor.ck.tip1"), move=str(move),
                them=side_word(after.turn), what=_pieces(after, reply.captures), reply=str(reply),
                level=_label(name), best=str(best))
