"""PDN for checkers (CK-15): FEN tags and whole game records, read and written.

FEN tag value:  ``W:W21,22,K5:B1,6``  side to move, then each colour's squares
(``K`` marks a king); ranges like ``B1-12`` and algebraic squares like ``Wc1,Ke3``
(PDN 3.0; a light square is refused, CK-01) are read too, and the optional
``:H<n>`` (plies without capture or man move) and ``:F<n>`` (move number) fields.

Game record (one or more per text):

    [Event "Club night"]
    [GameType "21"]
    [Result "1-0"]
    1. 11-15 23-19 2. 8-11 22-17 {a comment} 3. 15x24 28x19 1-0

GameType 20 = international (10x10), 21 = English/American (8x8), 26 = Brazilian
(8x8, international rules), 27 = Canadian (12x12); a ``Variant`` tag naming one of
them is read too, and a record naming none takes ``read_pdn``'s ``rules`` argument, or
else the board size of its FEN or of its moves' square numbers (so an untyped 10x10
file is international draughts). Rule sets without a standard number are written with GameType 21/20/27 of
their board size plus a ``[Rules "<json>"]`` tag that boardkit reads back.
The result gives the score of the side that moves first in the variant first
(Black in American checkers, White in international draughts): ``1-0``, ``0-1``,
``1/2-1/2`` on 8x8 and ``2-0``, ``0-2``, ``1-1`` on 10x10; ``*`` = unfinished.
When the moves end the game (CK-10 to CK-13), a result given in the Result tag or
after the moves must agree with it (a decisive result on an unfinished game is fine:
a resignation or an agreed draw).

Moves are read in the forms other programs write: ``11-15``, ``15x24``, a capture
with every landing square ``15x24x31`` or only its start and end ``15x31`` (when
only one capture fits), ``:`` for ``x``, spaces around the sign (``11 - 15``), the
compact four-digit form ``1115`` (PDN 1.0), and algebraic squares ``c3-d4`` /
``c3xe5`` (PDN 3.0 alphanumeric, a1 dark at White's lower left). A capture written
hop by hop (``11x18 18x25``) is not PDN but is read as the whole capture, as
PlayStrategy writes it; half a capture is refused with the whole one named.

Reading is lenient, as other readers are (the PDN 3.0 reading grammar is the
reference); writing is strict (``write_pdn``: whole captures, dashes for steps, move
numbers, GameType and a result). Also read: ``x`` written for a plain step
(``10x14`` where no capture exists), the ellipsis apart from its number
(``1. ... 18-23``), prose with quotes or brackets inside a variation, a comment
before the first game's tags (no empty game), compact algebraic moves (``1.a3b4``),
algebraic squares counted from the first player's corner when the record's first
algebraic move fits only so, a numeric move with prose glued to it, a FEN side ``?``
(the side whose move the first move is), a capture written by start and end that two
routes fit (the record's next move picks the route when it fits only one; else a
clear error names both), and a record that goes on after a draw by the rules
(``game.draws_passed``). A file of any size is read game by game (``iter_pdn``),
with the limits per game; bytes are UTF-8 (with or without a byte-order mark) or
Latin-1.
"""
from __future__ import annotations

import io
import json
import os
import re
from itertools import accumulate

from .._catalogue import Word
from .._core import BoardkitError, FormatError, IllegalMoveError, rules_from_dict, rules_to_dict
from .._input import MAX_INPUT_BYTES, decode_text, loads_json, short_repr
from .rules import CheckersRules, check_bits, check_game, check_player

__all__ = ["parse_fen", "write_fen", "parse_move_text", "read_pdn", "iter_pdn", "pdn_records",
           "write_pdn", "GAME_TYPES", "MAX_FEN_CHARS", "MAX_MOVE_CHARS", "MAX_PDN_CHARS",
           "MAX_PDN_TEXT_CHARS", "MAX_PDN_MOVES", "MAX_PDN_WORDS", "MAX_PDN_MARKS"]

GAME_TYPES = {21: CheckersRules.american(), 20: CheckersRules.international(),
              27: CheckersRules.custom(board_size=12, majority_capture=True,
                                       men_capture_backward=True, flying_kings=True,
                                       crowning_ends_move=False, first_player="white",
                                       draw_rules="international")}
GAME_TYPES[26] = CheckersRules.custom(board_size=8, majority_capture=True,    # Brazilian
                                      men_capture_backward=True, flying_kings=True,
                                      crowning_ends_move=False, first_player="white",
                                      draw_rules="international")
_SIZE_TYPE = {8: 21, 10: 20, 12: 27}


#: limits: longer text is refused with FormatError before any parsing; the PDN limits
#: hold for each game (a file of any number of games is read game by game)
MAX_FEN_CHARS = 2_000          # a FEN tag value
MAX_MOVE_CHARS = 200           # one move's text (the longest real capture is ~70)
MAX_PDN_CHARS = MAX_INPUT_BYTES   # one game record (1,000,000 characters)
MAX_PDN_MOVES = 10_000         # moves of one game (keeps reading a game under a second)
MAX_PDN_WORDS = 60_000         # words of one game's move text (moves, numbers, results)
MAX_PDN_MARKS = 50_000         # one game's tags, comments, variation parentheses, ; and %
MAX_RULES_DEPTH = 4            # nesting of the JSON in a [Rules "..."] tag

_FEN_SQUARE = re.compile(r"(K?)([0-9]{1,3})(?:-([0-9]{1,3}))?", re.ASCII | re.IGNORECASE)
_FEN_ALGEBRAIC = re.compile(r"(K?)([a-l])([0-9]{1,2})", re.ASCII | re.IGNORECASE)
_FEN_COUNT = re.compile(r"([HF])([0-9]{1,6})", re.ASCII | re.IGNORECASE)


def fen_format(size: int = 8) -> str:
    """The FEN format's name and shape, the start of every FEN error message."""
    return (f"PDN FEN (CK-15): expected like 'W:W21,22,K5:B1,6' (side to move W or B, then "
            f"W and B piece lists, K for kings, squares 1-{size * size // 2})")


def parse_fen(text: str, size: int = 8) -> tuple[int, int, int, int, int]:
    """Read a FEN tag value. Returns (turn, black, white, kings, quiet plies).

    Only the format is checked here (ASCII digits, squares 1-32/50/72, each square
    once, at most ``MAX_FEN_CHARS`` characters); whether a game can reach the position
    is ``CheckersGame``'s check (``game.check_position``)."""
    if type(size) is not int or size not in _SIZE_TYPE:
        raise BoardkitError(f"PDN FEN (CK-01): the board size is 8, 10 or 12, got {short_repr(size, 20)}")
    count = size * size // 2
    fmt = fen_format(size)
    how = Word("ck.err.fen.how", count=count)       # the format, said after every error
    if not isinstance(text, str):
        raise FormatError(f"{fmt}; got {type(text).__name__}")
    if len(text) > MAX_FEN_CHARS:
        raise FormatError("ck.err.fen.long", how=how, length=f"{len(text):,}",
                          limit=f"{MAX_FEN_CHARS:,}")
    shown = text if len(text) <= 80 else text[:80] + "..."
    t = text.strip().strip('"').rstrip(".").replace(" ", "")
    fields = t.split(":")
    if fields[0].upper() not in ("W", "B"):
        raise FormatError("ck.err.fen.turn", how=how, shown=shown)
    turn = 0 if fields[0].upper() == "B" else 1
    sets = {"B": 0, "W": 0}
    kings = 0
    quiet = 0
    seen_colours = set()
    for field in fields[1:]:
        if not field:
            continue
        head = field[0].upper()
        if head in ("H", "F"):
            m = _FEN_COUNT.fullmatch(field)
            if not m:
                raise FormatError("ck.err.fen.count_field", how=how, head=head, field=field[:20],
                                  shown=shown)
            if head == "H":
                quiet = int(m.group(2))
            continue
        if head not in ("W", "B"):
            raise FormatError("ck.err.fen.field", how=how, field=field[:20], shown=shown)
        if head in seen_colours:
            raise FormatError("ck.err.fen.colour_twice", how=how, head=head, shown=shown)
        seen_colours.add(head)
        body = field[1:]
        for item in body.split(",") if body else []:
            m = _FEN_SQUARE.fullmatch(item)
            if m:
                king = bool(m.group(1))
                lo = int(m.group(2))
                hi = int(m.group(3)) if m.group(3) else lo
            else:
                a = _FEN_ALGEBRAIC.fullmatch(item)
                if not a:
                    raise FormatError("ck.err.fen.bad_square", how=how, item=item[:20], shown=shown)
                king = bool(a.group(1))
                lo = hi = _algebraic_square(a.group(2).lower(), int(a.group(3)), size, fmt)
            if not (1 <= lo <= hi <= count):
                raise FormatError("ck.err.fen.outside", how=how, item=item, count=count, shown=shown)
            for sq in range(lo, hi + 1):
                b = 1 << (sq - 1)
                if (sets["B"] | sets["W"]) & b:
                    raise FormatError("ck.err.fen.square_twice", how=how, square=sq, shown=shown)
                sets[head] |= b
                if king:
                    kings |= b
    return turn, sets["B"], sets["W"], kings, quiet


_MOVE_RE = re.compile(r"\s*([0-9]{1,3})\s*((?:[-xX:]\s*[0-9]{1,3}\s*)+)", re.ASCII)


def parse_move_text(text: str, count: int = 32) -> tuple[list[int], bool]:
    """The squares of a move written ``11-15``, ``15x24``, ``15x24x31`` or ``15:24``
    (spaces allowed), and whether it is a capture. ASCII digits only, squares
    1-``count``, at most ``MAX_MOVE_CHARS`` characters; else FormatError (CK-15)."""
    fmt = ("checkers move notation (CK-15): expected a step like 11-15 or a capture like "
           "15x24 or 15x24x31")
    if not isinstance(text, str):
        raise FormatError(f"{fmt}, got {type(text).__name__}")
    if len(text) > MAX_MOVE_CHARS:
        raise FormatError("ck.err.notation_long", length=f"{len(text):,}", limit=MAX_MOVE_CHARS)
    if not _MOVE_RE.fullmatch(text):
        raise FormatError("ck.err.notation", text=text if len(text) <= 40 else text[:40] + "...")
    squares = [int(x) for x in re.findall(r"[0-9]+", text)]
    is_capture = "x" in text.lower() or ":" in text
    if not is_capture and len(squares) != 2:
        raise FormatError("ck.err.step_squares", text=text)
    bad = [s for s in squares if not 1 <= s <= count]
    if bad:
        raise FormatError("ck.err.no_square", square=bad[0], count=count)
    return squares, is_capture


def _algebraic_square(file: str, rank: int, size: int, fmt: str) -> int:
    """The number of the dark square ``file``+``rank`` (PDN 3.0 alphanumeric: a1 is the
    dark square at White's lower left); a light square or one off the board raises
    FormatError naming CK-01."""
    from .movegen import geometry
    col, row = "abcdefghijkl".find(file), size - rank
    if not (0 <= col < size and 0 <= row < size):
        raise FormatError(f"{fmt}; square {file}{rank} is off the {size}x{size} board (CK-01)")
    sq = geometry(size).square(row, col)
    if sq is None:
        raise FormatError(f"{fmt}; {file}{rank} is a light square: only the dark squares are "
                          f"used (CK-01)")
    return sq


def _squares(bb: int) -> list[int]:
    out, i = [], 0
    while bb:
        if bb & 1:
            out.append(i + 1)
        bb >>= 1
        i += 1
    return out


def write_fen(turn: int, black: int, white: int, kings: int) -> str:
    """The FEN tag value: men in increasing order, then kings (``W:W21,22,K5:B1,6``).
    ``turn`` 0 (Black) or 1 (White); the sets of squares as ``raw_position`` gives them
    (bit i = square i + 1, at most the 72 squares of 12x12)."""
    turn = check_player(turn, "turn")
    black, white, kings = (check_bits(v, what) for what, v in
                           (("black", black), ("white", white), ("kings", kings)))

    def side(bb):
        men = [str(s) for s in _squares(bb & ~kings)]
        ks = ["K" + str(s) for s in _squares(bb & kings)]
        return ",".join(men + ks)
    return f"{'BW'[turn]}:W{side(white)}:B{side(black)}"


# ------------------------------------------------------------------ records
_RESULTS = {"1-0": 0, "2-0": 0, "0-1": 1, "0-2": 1, "1/2-1/2": None, "1-1": None, "*": "open"}


def _result_text(game) -> str:
    out = game.outcome()
    ten = game.rules.board_size != 8
    if out is None:
        return "*"
    if out.winner is None:
        return "1-1" if ten else "1/2-1/2"
    first_wins = out.winner == game.rules.first_turn
    if ten:
        return "2-0" if first_wins else "0-2"
    return "1-0" if first_wins else "0-1"


def write_pdn(game, **tags) -> str:
    """A PDN record of ``game``: tags (given ones first), the numbered moves and the
    result. Keyword tags, e.g. ``Event="Club night"``, are written as given."""
    from .game import CheckersGame
    rules = check_game(game, "game").rules
    gtype = _SIZE_TYPE[rules.board_size]
    head = dict(tags)
    head.setdefault("GameType", str(gtype))
    if GAME_TYPES.get(gtype) != rules:
        head.setdefault("Rules", json.dumps(rules_to_dict(rules), sort_keys=True))
    start = game._start
    start_fen = write_fen(start[3], start[0], start[1], start[2])
    if start_fen != CheckersGame(rules).fen():
        head.setdefault("SetUp", "1")
        head.setdefault("FEN", start_fen)
    result = _result_text(game)
    head.setdefault("Result", result)
    lines = []
    for k, v in head.items():
        if not re.fullmatch(r"[A-Za-z0-9_]{1,40}", k, re.ASCII):
            raise FormatError(f"PDN (CK-15): a tag name is 1-40 letters, digits or _, got {k[:40]!r}")
        try:
            value = " ".join(str(v).splitlines())     # a tag is one line
        except Exception:                             # noqa: BLE001 - a value's own str() failed
            raise FormatError(f"PDN (CK-15): the {k} tag's value cannot be written as text, "
                              f"got {short_repr(v)}") from None
        if len(value) > 2000:
            raise FormatError(f"PDN (CK-15): the {k} tag is longer than 2,000 characters")
        value = value.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[{k} "{value}"]')
    # move numbers: a move pair starts with the variant's first player
    words = []
    turn = start[3]
    number = 1
    for i, m in enumerate(game.history):
        if turn == rules.first_turn:
            words.append(f"{number}.")
        elif i == 0:
            words.append(f"{number}...")
        words.append(str(m))
        if turn != rules.first_turn:
            number += 1
        turn = 1 - turn
    words.append(result)
    # keep each move number on the same line as its move
    joined: list[str] = []
    for w in words:
        if joined and joined[-1].endswith("."):
            joined[-1] += " " + w
        else:
            joined.append(w)
    words = joined
    body, line = [], ""
    for w in words:
        if len(line) + len(w) + 1 > 79:
            body.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


# The structural tokens ("marks") of PDN text; what lies between them is move text
# (words and spaces). Every alternative is linear and starts with its own character
# (so the regex engine skips plain text at C speed), a run of parentheses is one
# token, and the scanner stops at the first thing that cannot be read (an unclosed
# comment or tag), so reading is linear in the length of the text.
_STRUCT = re.compile(r"""
    (?P<tag>\[[ \t]*(?P<name>[A-Za-z0-9_]{1,40})[ \t]*"(?P<value>(?:[^"\\\n]|\\.){0,2000})"[ \t]*\])
  | (?P<loose>\[[ \t]*(?P<lname>[A-Za-z0-9_]{1,40})[ \t]*"(?P<lvalue>[^\n]{0,2000}?)"[ \t]*\]
              [ \t\r]*(?=\n|\Z))
  | (?P<comment>\{[^}]*\})
  | (?P<semi>;[^\n]*)
  | (?P<escape>\n[ \t]*%[^\n]*)
  | (?P<parens>[()][()\s]*)
  | (?P<bad>[\[\]{}"])
""", re.VERBOSE | re.ASCII)
_PAREN = {"(": 1, ")": -1, " ": 0, "\t": 0, "\n": 0, "\r": 0, "\f": 0, "\v": 0}


def _scan(text: str) -> list[tuple[dict, str]]:
    """Split a PDN text into games: (tags, main-line move text). Comments ``{...}``
    and ``;...``, ``%`` escape lines and variations ``(...)`` (nested to any depth)
    are dropped; a tag at the start of a line after move text starts a new game.
    One pass, linear time."""
    games: list[tuple[dict, str]] = []
    tags: dict = {}
    main: list[str] = []           # move text of the main line (depth 0)
    in_moves = False
    line_start = True              # nothing but spaces since the last newline
    depth = marks = 0
    # a newline first, so that a % escape on the first line is found too; a byte-order
    # mark (files saved by Windows tools) is not text
    text = "\n" + (text[1:] if text.startswith("\ufeff") else text)
    pos = 0
    for m in _STRUCT.finditer(text):
        marks += 1
        if marks > MAX_PDN_MARKS:
            raise FormatError(f"PDN (CK-15): more than {MAX_PDN_MARKS:,} tags, comments and "
                              f"variation marks in one game")
        gap = text[pos:m.start()]
        if gap:
            if depth == 0:
                main.append(gap)
            if "\n" in gap:
                tail = gap.rsplit("\n", 1)[1]
                line_start = not tail.strip()
                in_moves = in_moves or bool(depth == 0 and gap.strip())
            elif gap.strip():
                in_moves, line_start = in_moves or depth == 0, False
        pos = m.end()
        kind = m.lastgroup
        if depth and kind in ("tag", "loose", "bad") and m.group() != "{":
            continue                 # prose in a variation may hold quotes and brackets
        if kind == "loose" and not depth:
            # a tag whose value holds unescaped quotes ([Event "The "Big" match"]), as
            # some programs write: the value runs to the last quote of the line
            kind, name, value = "tag", m.group("lname"), m.group("lvalue")
        elif kind == "tag":
            name, value = m.group("name"), m.group("value")
            value = re.sub(r"\\(.)", r"\1", value) if "\\" in value else value
        if kind == "tag" and not depth:
            if in_moves and line_start:                 # a new game's tag section
                games.append((tags, " ".join(main)))
                tags, main, in_moves = {}, [], False
            tags[name] = value
            line_start = False
            continue
        if kind == "bad":
            ch, where = m.group(), text[m.start():m.start() + 40]
            if ch in "{}":
                raise FormatError(f"PDN (CK-15): unbalanced comment braces {{ }} at {where!r}")
            if ch in "[]":
                raise FormatError(f"PDN (CK-15): malformed tag at {where!r}; tags look like "
                                  f"[Event \"name\"] (one line, a name of at most 40 letters, "
                                  f"a value of at most 2,000 characters)")
            raise FormatError(f"PDN (CK-15): a quote outside a tag at {where!r}")
        if kind == "escape":
            if depth == 0:
                main.append(" ")
            line_start = False
            continue
        token = m.group()
        if kind == "parens":
            steps = list(accumulate(map(_PAREN.__getitem__, token), initial=depth))
            if min(steps) < 0:
                raise FormatError("PDN (CK-15): unbalanced variation parentheses ( ): "
                                  "a ')' closes no variation")
            depth = steps[-1]
        if depth == 0:
            main.append(" ")
        line_start = token.endswith("\n") or "\n" in token and not token.rsplit("\n", 1)[1].strip()
    tail = text[pos:]
    if tail and depth == 0:
        main.append(tail)
    if tail.strip() and depth == 0:
        in_moves = True
    if depth:
        raise FormatError("PDN (CK-15): unbalanced variation parentheses ( ): "
                          f"{depth:,} variation(s) not closed")
    if tags or in_moves:
        games.append((tags, " ".join(main)))
    return games


_SIGN_SPACES = re.compile(r"(?<=[0-9a-z])(?:\s+([-xX:])\s*|([-xX:])\s+)(?=[a-z]?[0-9])", re.ASCII)
_MOVE_NUMBER = re.compile(r"[0-9]*\.{1,3}|\u2026", re.ASCII)
# a numeric move with prose glued to it by a tool that dropped the spaces
# ("26-22Whiteoversteppedthetimecontrol."): the move is read, the prose dropped
_GLUED_PROSE = re.compile(r"(?:[0-9]+\.)?([0-9]{1,3}(?:[-xX:][0-9]{1,3})+)[A-Za-z]{3}[A-Za-z.,;:'!?]*",
                          re.ASCII)
_MOVE_WORD = re.compile(r"(?:[0-9]+\.(?:\.\.)?)?([0-9a-zA-Z:\-]+?)[!?*]*", re.ASCII)


def read_pdn(text, rules: CheckersRules | None = None) -> list:
    """Every game in a PDN text, as CheckersGame objects with the moves played.

    ``text`` is a str, or bytes in UTF-8 (with or without a byte-order mark) or Latin-1;
    for a file of any size read game by game use ``iter_pdn``. ``rules`` is the rule set
    of records that name none (no ``Rules``, ``GameType`` or known ``Variant`` tag);
    without it the board size is inferred from a FEN tag or from the square numbers of
    the moves (a record with a square above 32 is international draughts), else American.

    Tags are kept in ``game.tags``; comments ``{...}`` are dropped; move numbers
    (``12.``, ``12...`` and ``...`` apart), NAGs (``$1``) and ``!``/``?`` marks are
    skipped, and so are variations ``( ... )`` nested to any depth (prose in them may
    hold quotes). Moves are read leniently (see the module notes); an illegal or
    malformed move raises FormatError naming the game, its first line, the move and its
    number. A record that goes on after a draw by the rules (CK-11 to CK-13) keeps
    replaying: ``game.draws_passed`` holds (ply, outcome, claimable) for the first such
    draw (no later draw is looked for in that replay; claimable under the American
    rules, where a player claims the draw).

    Limits per game (FormatError beyond them; each game reads in well under a second):
    ``MAX_PDN_CHARS`` (1,000,000) characters, ``MAX_PDN_MOVES`` (10,000) moves,
    ``MAX_PDN_WORDS`` (60,000) words of move text, ``MAX_PDN_MARKS`` (50,000) tags,
    comments and variation marks, words of at most 100 characters, tag values of at most
    2,000 characters on one line, the ``Rules`` tag's JSON nested at most 4 deep; the
    whole text at most ``MAX_PDN_TEXT_CHARS`` (50,000,000) characters."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_PDN_TEXT_CHARS:
            raise FormatError(f"PDN (CK-15): the text is too long ({len(text):,} bytes, at most "
                              f"{MAX_PDN_TEXT_CHARS:,}); read it with iter_pdn")
        text = _decode(bytes(text))
    if not isinstance(text, str) or not text.strip():
        raise FormatError("PDN (CK-15): expected text with tags like [GameType \"21\"] and moves "
                          "like '1. 11-15 23-19'")
    if len(text) > MAX_PDN_TEXT_CHARS:
        raise FormatError(f"PDN (CK-15): the text is too long ({len(text):,} characters, at most "
                          f"{MAX_PDN_TEXT_CHARS:,}); read it with iter_pdn")
    out = list(iter_pdn(text, rules))
    if not out:
        raise FormatError("PDN (CK-15): no game found (tags like [GameType \"21\"] and moves "
                          "like '1. 11-15 23-19')")
    return out


def iter_pdn(source, rules: CheckersRules | None = None):
    """The games of a PDN source one by one (a generator), so a file of any size is read
    with the memory of one game. ``source`` is PDN text (str), bytes, a file name
    (``pathlib.Path`` or other path object) or an open file (text or binary). Bytes are
    UTF-8, with or without a byte-order mark, or else Latin-1 (each line decoded on its
    own). ``rules`` and the limits are those of ``read_pdn``, applied to each game."""
    if rules is not None and not isinstance(rules, CheckersRules):
        raise BoardkitError(f"PDN (CK-15): rules must be a CheckersRules, got "
                            f"{type(rules).__name__}")
    f = _open_source(source)
    try:
        yield from _iter_lines(_lines(f), rules)
    finally:
        if f is not source and isinstance(source, os.PathLike):
            f.close()


def _open_source(source):
    """Something with ``readline`` for a PDN source (a path is opened in binary)."""
    if isinstance(source, os.PathLike):
        try:
            return open(source, "rb")
        except OSError as e:
            raise BoardkitError(f"PDN (CK-15): cannot read {os.fspath(source)!r:.100}: "
                                f"{e.strerror or e}") from None
    if isinstance(source, (bytes, bytearray)):
        source = _decode(bytes(source))
    if isinstance(source, str):
        return io.StringIO(source)
    if not callable(getattr(source, "readline", None)):
        raise BoardkitError(f"PDN (CK-15): expected PDN text, bytes, a file name or an open "
                            f"file, got {type(source).__name__}")
    return source


MAX_PDN_TEXT_CHARS = 50_000_000    # a whole text given to read_pdn (iter_pdn reads any size)


def _decode(data: bytes) -> str:
    """UTF-8 (a byte-order mark dropped), else Latin-1 (every byte is a character)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _lines(f):
    """The lines of an open file as str, each at most MAX_PDN_CHARS + 1 characters (a
    longer line comes in pieces, so no line is held whole), a first byte-order mark
    dropped; a bytes line is UTF-8 or else Latin-1."""
    first = True
    while True:
        line = f.readline(MAX_PDN_CHARS + 1)
        if not line:
            return
        if isinstance(line, bytes):
            line = decode_text(line)
        elif not isinstance(line, str):
            raise BoardkitError(f"PDN (CK-15): the file gives {type(line).__name__}, not text")
        if first:
            line = line[1:] if line.startswith("\ufeff") else line
            first = False
        yield line


_RECORD_MARKS = re.compile(r"[{};]")


def _records(lines):
    """Split lines into game records: (game number, first line number, text). A record
    ends where a line starts with a tag after move text; comments (``{...}`` over any
    number of lines, ``;`` to the end of a line, ``%`` lines) are not move text, so a
    comment before the first tags makes no record of its own. Linear in the text."""
    buf: list[str] = []
    size = 0
    has_moves = in_comment = False
    number, start = 0, 1
    for i, line in enumerate(lines, 1):
        stripped = line.lstrip()
        is_tag = not in_comment and stripped.startswith("[")
        if is_tag and has_moves:
            number += 1
            yield number, start, "".join(buf)
            buf, size, has_moves, start = [], 0, False, i
        if not buf and not line.strip():
            start = i + 1
            continue
        buf.append(line)
        size += len(line)
        if size > MAX_PDN_CHARS:
            raise FormatError(f"PDN (CK-15): game {number + 1} (from line {start:,}) is longer "
                              f"than {MAX_PDN_CHARS:,} characters")
        if stripped.startswith("%") and not in_comment:
            continue
        pos = line.rfind("]") + 1 if is_tag else 0
        if not in_comment and "{" not in line:
            if not has_moves:                     # the common case: one split, no loop
                has_moves = bool(line[pos:].split(";", 1)[0].strip())
            continue
        for mark in _RECORD_MARKS.finditer(line, pos):
            ch = mark.group()
            if in_comment:
                if ch == "}":
                    in_comment, pos = False, mark.end()
                continue
            if not has_moves and line[pos:mark.start()].strip():
                has_moves = True
            if ch == ";":
                break
            if ch == "{":
                in_comment = True
        else:
            if not in_comment and not has_moves and line[pos:].strip():
                has_moves = True
    if buf:
        yield number + 1, start, "".join(buf)


def pdn_records(source):
    """The game records of a PDN source as (game number, first line, text), unread: for
    a collection where some records are broken, ``read_pdn(text)`` each one and keep
    the error of those that fail. ``source`` is as for ``iter_pdn``."""
    f = _open_source(source)
    try:
        yield from _records(_lines(f))
    finally:
        if f is not source and isinstance(source, os.PathLike):
            f.close()


def _iter_lines(lines, rules):
    state: dict = {}
    for number, start, text in _records(lines):
        try:
            games = _read_record(text, rules, state)
        except FormatError as e:
            msg = str(e)
            head = "PDN (CK-15): "
            if msg.startswith(head):
                msg = msg[len(head):]
            raise FormatError(f"{head}game {number:,} (line {start:,}): {msg}") from None
        yield from games


def _read_record(text: str, rules, state: dict) -> list:
    from .game import _UNSET, CheckersGame
    out = []
    for tags, moves_text in _scan(text):
        tokens = moves_text.split()
        if not tags and not tokens:
            continue                 # a comment or prose on its own, not a game
        if len(tokens) > MAX_PDN_WORDS:
            raise FormatError(f"PDN (CK-15): more than {MAX_PDN_WORDS:,} words of move text in "
                              f"one game")
        if _SIGN_SPACES.search(moves_text):
            # some programs put spaces around the sign: 11 - 15, 15 x 24
            tokens = _SIGN_SPACES.sub(r"\1\2", moves_text).split()
        result = tags.get("Result")
        moves = []
        for tok in tokens:
            if len(tok) > 100:
                raise FormatError(f"PDN (CK-15): cannot read {tok[:40]!r}... (a word of more than "
                                  f"100 characters)")
            if _MOVE_NUMBER.fullmatch(tok) or tok.startswith("$"):
                continue
            if tok in _RESULTS:
                result = tok         # the moves' own ending wins over a Result tag
                continue
            m = _MOVE_WORD.fullmatch(tok) or _GLUED_PROSE.fullmatch(tok)
            if not m:
                raise FormatError(f"PDN (CK-15): cannot read {tok!r} (moves look like 11-15 or 15x24)")
            moves.append(m.group(1))
            if len(moves) > MAX_PDN_MOVES:
                raise FormatError(f"PDN (CK-15): more than {MAX_PDN_MOVES:,} moves in one game")
        game_rules = _rules_for(tags, moves, rules, state)
        game = _start_game(CheckersGame, game_rules, tags.get("FEN"), moves)
        draws: list = []
        ctx: dict = {}
        i = 0
        while i < len(moves):
            move, used = _resolve(game, moves, i, ctx)
            game.play(move)
            i += used
            if i < len(moves) and game.is_over() and game.outcome().winner is None:
                # the record goes on after a draw by the rules: report it, keep replaying
                claimable = game.rules.draw_rules == "american"
                draws.append((len(game.history), game.outcome(), claimable))
                game._replaying = True
                game._out = _UNSET
        if game._replaying:
            game._replaying = False
            game._out = _UNSET
        if result is not None and result not in _RESULTS:
            raise FormatError(f"PDN (CK-15): result {result[:20]!r} is not one of {list(_RESULTS)}")
        if not draws:
            _check_result(game, result)
        game.tags = tags
        game.draws_passed = tuple(draws)
        out.append(game)
    return out


_VARIANTS = (("american", 21), ("english", 21), ("checkers", 21), ("international", 20),
             ("standard", 20), ("10x10", 20), ("brazil", 26), ("canad", 27))


def _rules_for(tags: dict, moves: list, rules, state: dict) -> CheckersRules:
    """The record's rules: a Rules tag, else a known GameType, else a known Variant name,
    else ``rules``, else the board size of the FEN or of the moves' square numbers (the
    last size so inferred in the same file carries on), else American."""
    if "Rules" in tags:
        data = loads_json(tags["Rules"], "PDN (CK-15): the Rules tag", max_depth=MAX_RULES_DEPTH)
        return rules_from_dict(CheckersRules, data, "PDN Rules tag")
    variant = tags.get("Variant", "")[:60].lower()
    named = next((gt for word, gt in _VARIANTS if word in variant), None)
    if "GameType" in tags:
        gt = tags["GameType"].split(",")[0].strip()
        if re.fullmatch(r"[0-9]{1,3}", gt, re.ASCII) and int(gt) in GAME_TYPES:
            return GAME_TYPES[int(gt)]
        if named is None:
            raise FormatError(f"PDN (CK-15): GameType {tags['GameType'][:40]!r} is not "
                              f"supported; accepted: 21 (American), 20 (international), "
                              f"26 (Brazilian), 27 (Canadian)")
    if named is not None:
        return GAME_TYPES[named]
    if rules is not None:
        return rules
    top = 0
    if "FEN" in tags:
        for field in tags["FEN"][:MAX_FEN_CHARS].split(":")[1:]:
            if field[:1].upper() in ("W", "B"):
                top = max([top] + [int(n) for n in re.findall(r"[0-9]{1,3}", field, re.ASCII)])
    else:
        for word in moves:
            if word[:1].isdigit():
                top = max([top] + [int(n) for n in re.findall(r"[0-9]{1,3}", word, re.ASCII)
                                   if len(word) != 4 or not word.isdigit()])
    size = 8 if top <= 32 else 10 if top <= 50 else 12
    if size == 8 and "FEN" not in tags and state.get("size"):
        size = state["size"]
    elif size != 8:
        state["size"] = size
    return GAME_TYPES[_SIZE_TYPE[size]]


def _start_game(cls, rules, fen, moves):
    """The game at the record's start; a FEN whose side to move is ``?`` gets the side
    whose move the record's first move is (else the variant's first player)."""
    try:
        if fen is not None and fen.strip().strip('"').startswith("?"):
            rest = fen.strip().strip('"')[1:]
            order = ("B", "W") if rules.first_turn == 0 else ("W", "B")
            games = [cls(rules, fen=side + rest) for side in order]
            if moves:
                for g in games:
                    try:
                        _resolve(g, moves[:1])
                        return g
                    except FormatError:
                        pass
            return games[0]
        return cls(rules, fen=fen)
    except FormatError as e:
        raise FormatError(f"PDN (CK-15): bad FEN tag: {e}") from None


def _candidates(game, squares: list[int], is_capture: bool) -> list:
    """The legal moves a written move can mean, read leniently: exact first, then a dash
    written for a capture, then ``x`` written for a plain step (CheckerBoard does so)."""
    from .game import _match
    if game.is_over():
        return []
    start, end = squares[0], squares[-1]
    legal = [m for m in game._move_list() if m.path[0] == start and m.path[-1] == end]
    found = _match(legal, squares, is_capture)
    if not found and not is_capture:
        found = _match(legal, squares, True)
    if not found and is_capture and len(squares) == 2:
        found = _match(legal, squares, False)
    # routes with the same end and captured pieces give the same position (CK-07)
    seen, out = set(), []
    for m in found:
        key = (m.end, frozenset(m.captures))
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


_PLAIN_MOVE = re.compile(r"([1-9][0-9]?)([-xX:])([1-9][0-9]?)", re.ASCII)


def _written(game, word: str, flip: bool):
    """The squares and capture flag of a move word; ``flip`` turns algebraic squares
    round (a1 at the first player's lower left, as PlayStrategy writes American games)."""
    m = _PLAIN_MOVE.fullmatch(word)
    if m and int(m.group(1)) <= game.squares and int(m.group(3)) <= game.squares:
        squares, is_capture = [int(m.group(1)), int(m.group(3))], m.group(2) != "-"
    else:
        squares, is_capture = parse_move_text(_numeric(word, game), game.squares)
    if flip and not word[:1].isdigit():
        squares = [game.squares + 1 - sq for sq in squares]
    return squares, is_capture


def _resolve(game, words: list, i: int = 0, ctx: dict | None = None):
    """The legal move that ``words[i]`` writes, and how many words it took: a capture
    written hop by hop (``e1xc3 c3xe5``, as PlayStrategy writes) takes the words that
    continue it. Two routes written by their start and end are told apart by the
    record's next move when only one lets it be played. The record's first algebraic
    move fixes which corner a1 is (``ctx["flip"]``): White's lower left, or the first
    player's when only that reading is legal."""
    ctx = {} if ctx is None else ctx
    word = words[i]
    try:
        squares, is_capture = _written(game, word, ctx.get("flip", False))
    except FormatError as e:
        msg = str(e).removeprefix("PDN (CK-15): ")
        raise FormatError(f"PDN (CK-15): move {len(game.history) + 1} {word!r}: {msg}") from None
    found = _candidates(game, squares, is_capture)
    if not word[:1].isdigit() and "flip" not in ctx:
        if not found:
            turned = [game.squares + 1 - sq for sq in squares]
            found = _candidates(game, turned, is_capture)
        ctx["flip"] = bool(found) and found[0].start != squares[0]
    used = 1
    if not found and is_capture:
        found, used = _hops(game, words, i, squares, ctx.get("flip", False))
    following = words[i + used] if i + used < len(words) else None
    if len(found) == 1:
        return found[0], used
    if not found:
        text = _numeric(word, game)
        if ctx.get("flip") or not word[:1].isdigit():
            text = ("x" if is_capture else "-").join(map(str, squares))
        try:
            game.play(text)          # not legal: the game explains why (and stays untouched)
        except (IllegalMoveError, FormatError) as e:
            raise FormatError(f"PDN (CK-15): move {len(game.history) + 1} {word!r}: "
                              f"{e}{_hop_hint(game, text)}") from None
        played = game.history[-1]
        game.undo()
        return played, 1
    fits = found
    if following is not None:
        fits = []
        for m in found:
            after = game.child(m)
            try:
                nxt = _written(after, following, ctx.get("flip", False))
            except FormatError:
                continue
            if _candidates(after, *nxt) or nxt[1] and any(      # or its first hop
                    list(c.path[:len(nxt[0])]) == nxt[0] for c in after.legal_moves()):
                fits.append(m)
        if len(fits) == 1:
            return fits[0], used
    routes = " or ".join(str(m) for m in (fits or found))
    why = ("the next move fits both" if following is not None and fits
           else "the next move fits neither" if following is not None else "no move follows")
    raise FormatError(f"PDN (CK-15): move {len(game.history) + 1} {word!r} is ambiguous: it "
                      f"could be {routes} ({why}); write the squares in between")


_ALG = re.compile(r"([a-l])([0-9]{1,2})", re.ASCII)


def _hops(game, words: list, i: int, path: list, flip: bool):
    """A capture written hop by hop: the words after ``words[i]`` that each start where
    the path so far ends, joined while the path is the start of a legal capture. Returns
    the moves the whole path writes and the words used (([], 1) when none)."""
    caps = [list(m.path) for m in game.legal_moves() if m.is_capture]
    j = i
    while j + 1 < len(words) and any(len(c) > len(path) and c[:len(path)] == path for c in caps):
        try:
            nxt, is_capture = _written(game, words[j + 1], flip)
        except FormatError:
            break
        if not is_capture or nxt[0] != path[-1]:
            break
        path, j = path + nxt[1:], j + 1
        found = _candidates(game, path, True)
        if found:
            return found, j - i + 1
    return [], 1


def _numeric(text: str, game) -> str:
    """A move in numeric notation: compact ``1115`` and algebraic ``c3-d4`` are
    turned into ``11-15`` / square numbers; anything else is returned as given."""
    if re.fullmatch(r"[0-9]{4}", text, re.ASCII):
        return f"{text[:2].lstrip('0')}-{text[2:].lstrip('0')}"     # PDN 1.0 compact form
    if not re.search(r"[a-zA-Z]", text.replace("x", "").replace("X", "")):
        return text
    n = game.rules.board_size
    files = "abcdefghijkl"[:n]
    fmt = (f"PDN (CK-15): algebraic squares run a1-{files[-1]}{n} and must be dark squares "
           f"(a1 is dark); moves look like c3-d4 or c3xe5, got {text!r}")
    m = re.fullmatch(r"([a-l][0-9]{1,2})((?:[-xX:]?[a-l][0-9]{1,2})+)", text.lower(), re.ASCII)
    if not m:
        raise FormatError(f"PDN (CK-15): cannot read {text!r} (moves look like 11-15, 15x24, "
                          f"15x24x31, 1115 or c3-d4)")
    geo = game._geo
    out = []
    for f, r in _ALG.findall(text.lower()):
        col, row = files.find(f), n - int(r)
        sq = geo.square(row, col) if col >= 0 and 0 <= row < n else None
        if sq is None:
            raise FormatError(fmt)
        out.append(str(sq))
    sep = "x" if re.search("[xX:]", text) else "-"     # a3b4 (no sign): a step or a capture
    return sep.join(out)


def _hop_hint(game, text: str) -> str:
    """Point out a capture written hop by hop (11x18 18x25), which PDN does not allow."""
    try:
        squares, _capture = parse_move_text(text, game.squares)
    except FormatError:
        return ""
    for m in game.legal_moves():
        if m.is_capture and len(m.path) > len(squares) and list(m.path[:len(squares)]) == squares:
            return (f"; PDN writes a capture whole ({m} or {m.start}x{m.end}), "
                    f"not hop by hop")
    return ""


def _check_result(game, result) -> None:
    """A finished game's result must be the one its final position gives (CK-10..CK-13)."""
    out = game.outcome()
    if out is None or result in (None, "*"):
        return
    first_won = _RESULTS[result]             # 0: the side moving first won, 1: the other
    claimed = None if first_won is None else (game.rules.first_turn if first_won == 0
                                              else 1 - game.rules.first_turn)
    if claimed != out.winner:
        first = "Black" if game.rules.first_turn == 0 else "White"
        raise FormatError(f"PDN (CK-15): the result {result!r} (scores of {first}, who moves first, "
                          f"then the other side) contradicts the final position: {out.reason}; "
                          f"the record should end with {_result_text(game)!r}")
