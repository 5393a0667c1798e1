"""Text formats of 回り将棋 (mawari shogi): square names, toss text, decision text.

    square_name(0) -> '1九'      square_index('1九') == square_index('19') == 0
    parse_toss('up up down side +overlap')   (or 表 表 裏 横 重なり) -> Toss
    parse_decision('battle P2', legal_moves) -> Battle(1)

Squares. The 32 ring squares (MS-01) are numbered 0..31 counter-clockwise from the
bottom-right corner 1九 (index 0), up the right edge to 1一 (8), along the top to 9一
(16), down the left edge to 9九 (24) and back along the bottom. A square's name is its
shogi coordinate: file 1-9 from the right, rank 一-九 from the top (or the digit 1-9).

Limits: every parser here refuses text over 1,000 characters (a square, a toss or a
decision is a few words) with a ``FormatError`` naming the rule, and error messages
quote at most 40 characters of the input.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._catalogue import Word
from .._core import FormatError, IllegalMoveError
from ..errors import short_repr
from ._args import check_square

if TYPE_CHECKING:
    from .movegen import Battle
    from .toss import Toss

__all__ = ["TRACK", "CORNERS", "MAX_TEXT", "square_coords", "square_name", "square_index",
           "is_corner", "parse_toss", "parse_decision", "short"]

TRACK = 32                       # squares on the ring (MS-01)
CORNERS = (0, 8, 16, 24)
MAX_TEXT = 1_000                 # characters of one square, toss or decision text
_KANJI_DIGITS = "一二三四五六七八九"
_WIDE = str.maketrans("１２３４５６７８９０", "1234567890")


def short(value: Any, limit: int = 40) -> str:
    """repr of a value cut to ``limit`` characters (messages stay small for 1 MB input)."""
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 10_000:
        raise FormatError(f"limit must be a whole number of characters 1..10,000; "
                          f"got {short_repr(limit)}")
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "..."
    if isinstance(value, int) and value.bit_length() > 4 * limit:
        return f"<a whole number of about {int(value.bit_length() * 0.30103):,} digits>"
    try:
        r = repr(value)
    except Exception:                     # e.g. a container holding a 5,000-digit int
        r = f"<{type(value).__name__}>"
    return r if len(r) <= limit else r[:limit] + "..."


def _check_text(text: Any, what: str, rule: str) -> str:
    if not isinstance(text, str):
        raise FormatError(f"{what} must be text, got {type(text).__name__} ({rule})")
    if len(text) > MAX_TEXT:
        raise FormatError(f"{what} is too long ({len(text):,} characters, at most {MAX_TEXT:,}) "
                          f"({rule})")
    return text


# ------------------------------------------------------------------ squares
def square_coords(i: int) -> tuple[int, int]:
    """(file, rank), both 1..9, of ring square ``i`` (a whole number, read round the
    ring: 32 is 0 again)."""
    return _square_coords(check_square(i, "square_coords(i)"))


def _square_coords(i: int) -> tuple[int, int]:
    """``square_coords`` for the engine: ``i`` is an int (unchecked)."""
    i %= TRACK
    side, k = divmod(i, 8)
    if side == 0:
        return 1, 9 - k          # right edge, going up
    if side == 1:
        return 1 + k, 1          # top edge, going left
    if side == 2:
        return 9, 1 + k          # left edge, going down
    return 9 - k, 9              # bottom edge, going right


_NAMES = [f"{_square_coords(i)[0]}{_KANJI_DIGITS[_square_coords(i)[1] - 1]}" for i in range(TRACK)]
_INDEX = {n: i for i, n in enumerate(_NAMES)}
_INDEX.update({f"{_square_coords(i)[0]}{_square_coords(i)[1]}": i for i in range(TRACK)})


def square_name(i: int) -> str:
    """Ring square index -> shogi coordinate, e.g. 0 -> '1九', 8 -> '1一'."""
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < TRACK:
        raise FormatError(f"a ring square index is 0..31 (MS-01), got {short(i)}")
    return _NAMES[i]


def square_index(square: Any) -> int:
    """'1九', '19' (file then rank digit) or an index 0..31 -> the index on the ring."""
    if isinstance(square, int) and not isinstance(square, bool):
        if 0 <= square < TRACK:
            return square
    elif isinstance(square, str) and len(square) <= MAX_TEXT:
        s = square.strip().translate(_WIDE)
        if s in _INDEX:
            return _INDEX[s]
        if len(s) <= 2 and s.isascii() and s.isdigit() and int(s) < TRACK:
            return int(s)
    raise FormatError("ms.err.square", got=short(square))


def is_corner(i: int) -> bool:
    """Is ring square ``i`` (a whole number, read round the ring) a corner (MS-01)?"""
    return _is_corner(check_square(i, "is_corner(i)"))


def _is_corner(i: int) -> bool:
    """``is_corner`` for the engine: ``i`` is an int (unchecked)."""
    return i % 8 == 0


# ------------------------------------------------------------------ tosses
def parse_toss(text: Any) -> Toss:
    """Read a toss: ``"up up down side"``, ``"up up down down +overlap"``, ``"... +fall"``;
    Japanese names work too (``"表 表 裏 横 重なり"``). At most 1,000 characters (MS-04)."""
    from .toss import _FLAGS, _FROM_JA, FACES, Toss

    text = _check_text(text, "a toss (text like 'up up down side')", "MS-04")
    faces, flags = [], set()
    for token in text.replace(",", " ").replace("・", " ").split():
        low = token.lower()
        if low in FACES:
            faces.append(low)
        elif token in _FROM_JA:
            faces.append(_FROM_JA[token])
        elif low in _FLAGS:
            flags.add(_FLAGS[low])
        else:
            raise FormatError("ms.err.toss_word", word=short(token), toss=short(text),
                              faces=tuple(Word(f"ms.face.{f}") for f in FACES))
        if len(faces) > 4:
            break
    if len(faces) != 4:
        raise FormatError("ms.err.toss_count", toss=short(text),
                          n=Word("ms.err.golds_n", n=len(faces)) if len(faces) <= 4
                          else Word("ms.err.more"))
    return Toss(tuple(faces), "overlap" in flags, "fall" in flags)


# ------------------------------------------------------------------ decisions
def parse_decision(text: Any, legal: list) -> Battle:
    """A battle decision (MS-15) from text: ``"battle P2"`` (``"戦 P2"``, ``"battle 2"``;
    plain ``"battle"`` when only one piece is offered) or ``"no battle"`` (``"no"``,
    ``"pass"``, ``"decline"``). ``legal`` are the game's legal moves; a decision not
    among them raises ``IllegalMoveError`` (MS-15)."""
    text = _check_text(text, "a decision ('battle P2' or 'no battle')", "MS-15")
    from .movegen import Battle
    if not isinstance(legal, (list, tuple)) or not all(isinstance(m, Battle) for m in legal):
        raise FormatError(f"parse_decision(legal) must be the game's legal moves (a list of "
                          f"Battle); got {short_repr(legal)}")
    t = " ".join(text.strip().lower().replace("戦", "battle").split())
    offered = [m for m in legal if m.defender is not None]
    if t in ("no", "no battle", "pass", "decline"):
        t = "no battle"
    elif t.startswith("battle"):
        rest = t[6:].strip().lstrip("p")
        if not rest and len(offered) == 1:
            rest = str(offered[0].defender + 1)
        t = f"battle p{rest}"
    for m in legal:
        if str(m).lower() == t:
            return m
    if not legal:
        raise IllegalMoveError("ms.err.no_decision", "MS-15", move=said(text))
    raise IllegalMoveError("ms.err.not_possible", "MS-15", move=said(text),
                           options=decision_words(legal))


def said(value: Any) -> str:
    """What a student typed, as a fact of a sentence: text as it is (cut to 40
    characters), anything else by its short repr."""
    if isinstance(value, str):
        return value if len(value) <= 40 else value[:40] + "…"
    return short(value)


def decision_words(moves: list) -> tuple:
    """The decisions as words of the catalogue ("battle P2", 「P2 に戦をしかける」), for an
    error's facts."""
    return tuple(Word("ms.decline") if m.defender is None else Word("ms.declare", n=m.defender + 1)
                 for m in moves)
