"""PDN for checkers (CK-15): FEN tags and whole game records, read and written.

FEN tag value:  ``W:W21,22,K5:B1,2``  side to move, then each colour's squares
(``K`` marks a king); ranges like ``B1-12`` are read too, and the optional
``:H<n>`` (plies without capture or man move) and ``:F<n>`` (move number) fields.

Game record (one or more per text):

    [Event "Club night"]
    [GameType "21"]
    [Result "1-0"]
    1. 11-15 23-19 2. 8-11 22-17 {a comment} 3. 15x24 28x19 1-0

GameType 20 = international (10x10), 21 = English/American (8x8), 27 = Canadian
(12x12). Rule sets without a standard number are written with GameType 21/20/27 of
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
hop by hop (``11x18 18x25``) is not PDN: each move must be whole.
"""
from __future__ import annotations

import json
import re

from .._core import FormatError, IllegalMoveError, rules_from_dict, rules_to_dict
from .rules import CheckersRules

__all__ = ["parse_fen", "write_fen", "read_pdn", "write_pdn", "GAME_TYPES"]

GAME_TYPES = {21: CheckersRules.american(), 20: CheckersRules.international(),
              27: CheckersRules.custom(board_size=12, majority_capture=True,
                                       men_capture_backward=True, flying_kings=True,
                                       crowning_ends_move=False, first_player="white",
                                       draw_rules="international")}
_SIZE_TYPE = {8: 21, 10: 20, 12: 27}


def parse_fen(text: str, size: int = 8) -> tuple[int, int, int, int, int]:
    """Read a FEN tag value. Returns (turn, black, white, kings, quiet plies)."""
    count = size * size // 2
    fmt = (f"PDN FEN (CK-15): expected like 'W:W21,22,K5:B1,2' (side to move W or B, then "
           f"W and B piece lists, K for kings, squares 1-{count})")
    if not isinstance(text, str):
        raise FormatError(f"{fmt}; got {type(text).__name__}")
    t = text.strip().strip('"').rstrip(".").replace(" ", "")
    fields = t.split(":")
    if len(fields) < 1 or fields[0].upper() not in ("W", "B"):
        raise FormatError(f"{fmt}; the first field must be W or B, got {text!r}")
    turn = 0 if fields[0].upper() == "B" else 1
    sets = {"B": 0, "W": 0}
    kings = 0
    quiet = 0
    seen_colours = set()
    for field in fields[1:]:
        if not field:
            continue
        head = field[0].upper()
        if head in ("H", "F") and field[1:].isdigit():
            if head == "H":
                quiet = int(field[1:])
            continue
        if head not in ("W", "B"):
            raise FormatError(f"{fmt}; unknown field {field!r} in {text!r}")
        if head in seen_colours:
            raise FormatError(f"{fmt}; colour {head} is listed twice in {text!r}")
        seen_colours.add(head)
        body = field[1:]
        for item in body.split(",") if body else []:
            king = item[:1].upper() == "K"
            item = item[1:] if king else item
            m = re.fullmatch(r"(\d+)(?:-(\d+))?", item)
            if not m:
                raise FormatError(f"{fmt}; bad square {item!r} in {text!r}")
            lo = int(m.group(1))
            hi = int(m.group(2)) if m.group(2) else lo
            if not (1 <= lo <= hi <= count):
                raise FormatError(f"{fmt}; square {item!r} is outside 1-{count} in {text!r}")
            for sq in range(lo, hi + 1):
                b = 1 << (sq - 1)
                if (sets["B"] | sets["W"]) & b:
                    raise FormatError(f"{fmt}; square {sq} is given twice in {text!r}")
                sets[head] |= b
                if king:
                    kings |= b
    return turn, sets["B"], sets["W"], kings, quiet


def _squares(bb: int) -> list[int]:
    out, i = [], 0
    while bb:
        if bb & 1:
            out.append(i + 1)
        bb >>= 1
        i += 1
    return out


def write_fen(turn: int, black: int, white: int, kings: int) -> str:
    """The FEN tag value: men in increasing order, then kings (``W:W21,22,K5:B1,2``)."""
    def side(bb):
        men = [str(s) for s in _squares(bb & ~kings)]
        ks = ["K" + str(s) for s in _squares(bb & kings)]
        return ",".join(men + ks)
    return f"{'BW'[turn]}:W{side(white)}:B{side(black)}"


# ------------------------------------------------------------------ records
_TAG_RE = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
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
    rules = game.rules
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
    esc = lambda v: str(v).replace("\\", "\\\\").replace('"', '\\"')  # noqa: E731
    lines = [f'[{k} "{esc(v)}"]' for k, v in head.items()]
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
    joined = []
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


def _split_games(text: str) -> list[str]:
    """Split a PDN text into game records (a tag section after move text starts a new game)."""
    games, cur, in_moves = [], [], False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("[") and in_moves:
            games.append("\n".join(cur))
            cur, in_moves = [], False
        if line and not line.startswith("["):
            in_moves = True
        cur.append(raw)
    if "\n".join(cur).strip():
        games.append("\n".join(cur))
    return games


def read_pdn(text: str) -> list:
    """Every game in a PDN text, as CheckersGame objects with the moves played.

    Tags are kept in ``game.tags``; comments ``{...}`` are dropped; move numbers
    (``12.`` and ``12...``), NAGs (``$1``) and ``!``/``?`` marks are skipped. An
    illegal or malformed move raises FormatError naming the move and its number."""
    from .game import CheckersGame
    if not isinstance(text, str) or not text.strip():
        raise FormatError("PDN (CK-15): expected text with tags like [GameType \"21\"] and moves "
                          "like '1. 11-15 23-19'")
    out = []
    for chunk in _split_games(text):
        tags = {k: re.sub(r"\\(.)", r"\1", v) for k, v in _TAG_RE.findall(chunk)}
        moves_text = _TAG_RE.sub(" ", chunk)
        if re.search(r"\[", moves_text):
            raise FormatError(f"PDN (CK-15): malformed tag in {chunk.strip()[:60]!r}; "
                              f"tags look like [Event \"name\"]")
        moves_text = re.sub(r"\{[^}]*\}", " ", moves_text)
        if "{" in moves_text or "}" in moves_text:
            raise FormatError("PDN (CK-15): unbalanced comment braces { }")
        # ';' comments run to the end of the line, '%' lines are escapes (PGN heritage)
        moves_text = "\n".join(line.split(";")[0] for line in moves_text.splitlines()
                               if not line.lstrip().startswith("%"))
        n = 1
        while n:                                        # variations, innermost first
            moves_text, n = re.subn(r"\([^()]*\)", " ", moves_text)
        if "(" in moves_text or ")" in moves_text:
            raise FormatError("PDN (CK-15): unbalanced variation parentheses ( )")
        # some programs put spaces around the sign: 11 - 15, 15 x 24
        moves_text = re.sub(r"(?<=[\da-z])\s*([-xX:])\s*(?=[a-z]?\d)", r"\1", moves_text)
        rules = _rules_from_tags(tags)
        try:
            game = CheckersGame(rules, fen=tags.get("FEN"))
        except FormatError as e:
            raise FormatError(f"PDN (CK-15): bad FEN tag: {e}") from None
        result = tags.get("Result")
        for tok in moves_text.split():
            if re.fullmatch(r"\d+\.(\.\.)?|\d+\.\.\.", tok) or tok.startswith("$"):
                continue
            if tok in _RESULTS:
                if result is not None and result != tok:
                    raise FormatError(f"PDN (CK-15): the moves end with result {tok!r} but the "
                                      f"Result tag says {result!r}; they must be the same")
                result = tok
                continue
            m = re.fullmatch(r"(?:\d+\.(?:\.\.)?)?([\da-zA-Z:\-]+?)[!?*]*", tok)
            if not m:
                raise FormatError(f"PDN (CK-15): cannot read {tok!r} (moves look like 11-15 or 15x24)")
            text = _numeric(m.group(1), game)
            try:
                game.play(text)
            except (IllegalMoveError, FormatError) as e:
                raise FormatError(f"PDN (CK-15): move {len(game.history) + 1} {m.group(1)!r}: "
                                  f"{e}{_hop_hint(game, text)}") from None
        if result is not None and result not in _RESULTS:
            raise FormatError(f"PDN (CK-15): result {result!r} is not one of {list(_RESULTS)}")
        _check_result(game, result)
        game.tags = tags
        out.append(game)
    return out


def _rules_from_tags(tags: dict) -> CheckersRules:
    if "Rules" in tags:
        try:
            data = json.loads(tags["Rules"])
        except ValueError:
            raise FormatError(f"PDN (CK-15): the Rules tag is not JSON: {tags['Rules']!r}") from None
        return rules_from_dict(CheckersRules, data, "PDN Rules tag")
    gt = tags.get("GameType", "21").split(",")[0].strip()
    if not gt.isdigit() or int(gt) not in GAME_TYPES:
        raise FormatError(f"PDN (CK-15): GameType {tags.get('GameType')!r} is not supported; "
                          f"accepted: 21 (American), 20 (international), 27 (Canadian)")
    return GAME_TYPES[int(gt)]


_ALG = re.compile(r"([a-l])(\d{1,2})")


def _numeric(text: str, game) -> str:
    """A move in numeric notation: compact ``1115`` and algebraic ``c3-d4`` are
    turned into ``11-15`` / square numbers; anything else is returned as given."""
    if re.fullmatch(r"\d{4}", text):
        return f"{text[:2].lstrip('0')}-{text[2:].lstrip('0')}"     # PDN 1.0 compact form
    if not re.search(r"[a-zA-Z]", text.replace("x", "").replace("X", "")):
        return text
    n = game.rules.board_size
    files = "abcdefghijkl"[:n]
    fmt = (f"PDN (CK-15): algebraic squares run a1-{files[-1]}{n} and must be dark squares "
           f"(a1 is dark); moves look like c3-d4 or c3xe5, got {text!r}")
    m = re.fullmatch(r"([a-l]\d{1,2})((?:[-xX:][a-l]\d{1,2})+)", text.lower())
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
    sep = "-" if "-" in text else "x"
    return sep.join(out)


def _hop_hint(game, text: str) -> str:
    """Point out a capture written hop by hop (11x18 18x25), which PDN does not allow."""
    squares = [int(x) for x in re.findall(r"\d+", text)]
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
