"""Match files (``.mat``): the text format GNU Backgammon, Jellyfish and the online
servers export, read and written.

    m = read_mat(text)            # a MatMatch: length, players, games (with their actions)
    for games in replay_mat(m):   # each game as the list of positions to step through
        ...
    text = write_mat(m)           # gnubg's layout

The format::

     5 point match

     Game 1
     Alice : 0                       Bob : 0
      1)                             21: 13/11 24/23
      2) 52: 13/8 24/22              63: 8/5 11/5
      3)  Doubles => 2                Takes
      ...
          Wins 1 point

The left column is player 0 (White here), the right column player 1 (Red). A play is
its dice and the move from the mover's side (``25`` or ``bar`` for the bar, ``0`` or
``off`` for borne off); a roll with no move is a roll that cannot be played. Lines
starting with ``;`` are comments (gnubg writes its ``[Site ...]`` tags that way).
A game header may say ``(Crawford)`` (some servers do); the Crawford game is also known
from the score (BG-14), which is what the replay uses.

Reading is lenient: ``off``/``0`` and ``bar``/``25``, ``Passes``/``Rejects`` for a drop,
tabs or any spacing between the columns, a header without the match length (money
sessions: length 0), trailing text after ``Wins``. Writing is strict (gnubg's layout).
A file that cannot be read raises ``FormatError`` naming the line; sizes are bounded
(``MAX_MAT_CHARS``) before any parsing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .._core import BoardkitError, FormatError
from .._input import decode_text
from .notation import parse_notation

__all__ = ["MatMatch", "MatGame", "MatAction", "read_mat", "write_mat", "replay_mat",
           "MAX_MAT_CHARS", "MAX_MAT_GAMES"]

#: longest file read (the longest real match files are a few hundred KB)
MAX_MAT_CHARS = 5_000_000
#: most games in one file
MAX_MAT_GAMES = 2_000
#: most numbered lines in one game
MAX_GAME_LINES = 1_000

_FMT = "backgammon match file (.mat)"


@dataclass(frozen=True)
class MatAction:
    """One action of a game: ``kind`` is "move" (with ``dice`` and ``move`` text, ""
    when the roll cannot be played), "double" (``cube`` = the new value), "take",
    "drop" or "resign" (``move`` keeps its words, "Resigned Game"); ``player`` 0 is
    the left column."""
    player: int
    kind: str
    dice: tuple[int, int] | None = None
    move: str = ""
    cube: int = 0
    line: int = field(default=0, compare=False)   # where it was read (for messages)


@dataclass
class MatGame:
    """A game: the score before it, its actions, and the ``Wins`` line (winner, points;
    None when the file does not say)."""
    number: int
    score: tuple[int, int]
    actions: list[MatAction] = field(default_factory=list)
    winner: int | None = None
    points: int | None = None
    crawford_mark: bool = False


@dataclass
class MatMatch:
    """A match file: its length (0 for money play), the two names, the games and the
    comment lines found before the first game."""
    length: int
    players: tuple[str, str] = ("White", "Red")
    games: list[MatGame] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


def _err(lineno: int, msg: str, line: str = "") -> FormatError:
    shown = line.strip()
    shown = shown if len(shown) <= 60 else shown[:60] + "..."
    return FormatError(f"{_FMT}, line {lineno}: {msg}" + (f" ({shown!r})" if shown else ""))


_LENGTH = re.compile(r"^\s*(\d{1,5})\s+point\s+match\s*$", re.I)
_GAME = re.compile(r"^\s*Game\s+(\d{1,5})\s*(\(Crawford\))?\s*$", re.I)
_SCORES = re.compile(r"^\s*(.*?)\s*:\s*(\d{1,5})\s*(?:\(Crawford\)\s*)?(.*?)\s*:\s*(\d{1,5})\s*"
                     r"(?:\(Crawford\))?\s*$", re.I)
_NUMBERED = re.compile(r"^(\s*\d{1,4}\))(.*)$")
_WINS = re.compile(r"^\s*Wins\s+(\d{1,5})\s+points?\b", re.I)
# one action: a roll "52:" with its move text, or a cube action
_ACTION = re.compile(
    r"(?P<roll>[1-6][1-6]):(?P<move>(?:\s*(?:bar|b|\d{1,2})(?:/(?:\d{1,2}|off|o)\*?)+"
    r"(?:\(\d\))?)*)(?:\s+(?:Cannot\s+Move|No\s+Play|\(no\s+play\)))?"
    r"|(?P<double>Doubles\s*=>\s*(?P<cube>\d{1,5}))"
    r"|(?P<beaver>Beavers\s*=>\s*\d{1,5})"
    r"|(?P<take>Takes|Accepts)|(?P<drop>Drops|Passes|Rejects|Refuses)"
    r"|(?P<resign>Resign(?:s|ed)(?:\s+(?:Game|Gammon|Backgammon|a\s+\w+))?)"
    r"|(?P<wins>Wins\s+(?P<pts>\d{1,5})\s+points?(?:\s+and\s+the\s+match)?)", re.I)
#: the column where the right player's actions start in gnubg's layout ("  1) " + 28)
_RIGHT_COL = 33


def _actions_in(text: str, lineno: int, line: str):
    """(column, MatAction-ish tuple) for every action in a line's text; the whole text
    must be actions and spaces."""
    out: list[tuple] = []
    pos = 0
    while True:
        while pos < len(text) and text[pos] in " \t":
            pos += 1
        if pos >= len(text):
            return out
        m = _ACTION.match(text, pos)
        if not m:
            raise _err(lineno, f"cannot read {text[pos:pos + 20].strip()!r}: expected a roll and "
                       f"its move ('52: 13/8 24/22'), 'Doubles => 2', 'Takes', 'Drops' or "
                       f"'Wins 1 point'", line)
        out.append((pos, m))
        pos = m.end()


def read_mat(text) -> MatMatch:
    """A match file's text (str or bytes in UTF-8 or Latin-1) as a MatMatch.
    FormatError naming the line if it cannot be read."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_MAT_CHARS:
            raise FormatError(f"{_FMT}: {len(text):,} bytes; at most {MAX_MAT_CHARS:,} are read")
        text = decode_text(bytes(text))
    if not isinstance(text, str):
        raise FormatError(f"{_FMT}: expected text, got {type(text).__name__}")
    if len(text) > MAX_MAT_CHARS:
        raise FormatError(f"{_FMT}: {len(text):,} characters; at most {MAX_MAT_CHARS:,} are read")
    text = text.lstrip("\ufeff")
    match: MatMatch | None = None
    game: MatGame | None = None
    want_scores = False
    lines_in_game = 0
    length_seen = False
    for lineno, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s:
            continue
        if s.startswith(";") or s.startswith("#"):
            if match is None or not match.games:
                (match := match or MatMatch(0)).comments.append(line)
            continue
        m = _LENGTH.match(line)
        if m and not length_seen and (match is None or not match.games):
            match = match or MatMatch(0)
            match.length = int(m.group(1))
            length_seen = True
            continue
        m = _GAME.match(line)
        if m:
            match = match or MatMatch(0)
            if len(match.games) >= MAX_MAT_GAMES:
                raise _err(lineno, f"more than {MAX_MAT_GAMES:,} games")
            game = MatGame(int(m.group(1)), (0, 0), crawford_mark=bool(m.group(2)))
            match.games.append(game)
            want_scores, lines_in_game = True, 0
            continue
        if game is None:
            raise _err(lineno, "expected the match length ('5 point match') or 'Game 1' "
                       "before any play", line)
        if want_scores:
            m = _SCORES.match(line)
            if not m:
                raise _err(lineno, "expected the players' names and scores "
                           "('Alice : 0    Bob : 0') after 'Game N'", line)
            game.score = (int(m.group(2)), int(m.group(4)))
            if "crawford" in line.lower():
                game.crawford_mark = True
            if match is not None and len(match.games) == 1:    # (a game is in a match)
                match.players = (m.group(1).strip() or "White", m.group(3).strip() or "Red")
            want_scores = False
            continue
        m = _NUMBERED.match(line)
        body_col = 0
        if m:
            lines_in_game += 1
            if lines_in_game > MAX_GAME_LINES:
                raise _err(lineno, f"more than {MAX_GAME_LINES:,} numbered lines in a game")
            prefix, body = m.group(1), m.group(2)
            body_col = len(prefix)
        else:
            body = line
        found = _actions_in(body.expandtabs(8) if "\t" not in body else body, lineno, line)
        if not found:
            continue
        one_column = len(found) == 1 and "\t" not in body
        for i, (pos, am) in enumerate(found):
            col = body_col + pos
            if am.group("wins"):
                if game.winner is not None:
                    raise _err(lineno, "a second 'Wins' line in one game", line)
                # the winner is the column it stands in
                game.winner = 1 if (col >= 15 if one_column else i == 1) else 0
                game.points = int(am.group("pts"))
                continue
            if game.winner is not None:
                raise _err(lineno, "a play after the game's 'Wins' line", line)
            if not m:
                raise _err(lineno, "plays and cube actions stand on numbered lines ('  3) ...')",
                           line)
            # alone on its line, the column says whose it is (the right one starts far in)
            player = (1 if pos >= 10 else 0) if one_column else i
            if am.group("roll"):
                r = am.group("roll")
                act = MatAction(player, "move", (int(r[0]), int(r[1])),
                                " ".join(am.group("move").split()), line=lineno)
            elif am.group("double"):
                act = MatAction(player, "double", cube=int(am.group("cube")), line=lineno)
            elif am.group("take"):
                act = MatAction(player, "take", line=lineno)
            elif am.group("drop"):
                act = MatAction(player, "drop", line=lineno)
            elif am.group("resign"):
                act = MatAction(player, "resign", move=" ".join(am.group("resign").split()),
                                line=lineno)
            else:
                raise _err(lineno, "beavers are not played in boardkit's rules (BG-12)", line)
            game.actions.append(act)
    if match is None or not match.games:
        raise FormatError(f"{_FMT}: no game found (a file has 'Game 1', the scores and "
                          f"numbered lines of plays)")
    if want_scores:
        raise FormatError(f"{_FMT}: the last game has no line of names and scores")
    return match


def replay_mat(match, *, stop_on_error: bool = True) -> list[list]:
    """Replay every game of a match file (a MatMatch or its text) in boardkit's engine:
    for each game, the list of BackgammonGame copies to step through (the position
    before the first roll, then after every action). Every play must be legal
    (FormatError naming the line if not). A game that ends by resignation in the file
    stops at the resignation (boardkit's games have none), so its last step is not
    over."""
    from .game import BackgammonGame, CubeAction, OpeningRoll
    from .rules import BackgammonRules
    if not isinstance(match, MatMatch):
        match = read_mat(match)
    n = match.length
    try:
        rules = BackgammonRules.match(n) if n else BackgammonRules.money()
    except BoardkitError as e:
        raise FormatError(f"{_FMT}: {e}") from None
    out: list[list] = []
    crawford_played = False
    for gm in match.games:
        crawford = bool(n > 1 and not crawford_played and max(gm.score) == n - 1
                        and max(gm.score) < n)
        crawford_played = crawford_played or crawford
        try:
            g = BackgammonGame(rules, score=gm.score, crawford=crawford)
        except BoardkitError as e:
            raise FormatError(f"{_FMT}, game {gm.number}: score {gm.score}: {e}") from None
        steps = [g.copy()]
        for act in gm.actions:
            lineno = act.line
            if act.kind == "resign":
                break           # boardkit's games have no resignation: the replay stops
            try:
                if act.kind == "move":
                    if g.phase == "opening":
                        a, b = act.dice
                        if a == b:
                            raise FormatError("an opening roll is never a double (BG-03)")
                        hi, lo = max(a, b), min(a, b)
                        g.set_chance(OpeningRoll([(hi, lo) if act.player == 0 else (lo, hi)]))
                    else:
                        if g.roller != act.player:
                            raise FormatError(f"it is {('left', 'right')[g.roller]} player's "
                                              f"turn, not the {('left', 'right')[act.player]}'s")
                        g.set_dice(*act.dice)
                    if g.phase == "move":
                        plays = g.legal_moves()
                        if act.move:
                            g.play(_move_text(act.move))
                        elif len(plays) == 1 and not plays[0].steps:
                            g.play(plays[0])
                        else:
                            raise FormatError(f"roll {act.dice[0]}{act.dice[1]} has legal plays, "
                                              f"but no move is written")
                else:
                    if g.turn != act.player:
                        raise FormatError(f"the {('left', 'right')[act.player]} player cannot "
                                          f"act now")
                    if act.kind == "double":
                        g.play(CubeAction("double"))
                        if g.cube_value * 2 != act.cube:
                            raise FormatError(f"the cube goes to {g.cube_value * 2}, not "
                                              f"{act.cube} (BG-12)")
                    else:
                        g.play(CubeAction("take" if act.kind == "take" else "pass"))
            except BoardkitError as e:
                raise FormatError(f"{_FMT}, line {lineno} (game {gm.number}): {e}") from None
            steps.append(g.copy())
        out_ = g.outcome() if gm.winner is not None else None
        if out_ is not None:
            if out_.winner != gm.winner or out_.points != gm.points:
                raise FormatError(f"{_FMT}, game {gm.number}: the file says the "
                                  f"{('left', 'right')[gm.winner]} player wins {gm.points} "
                                  f"point(s), the replay gives {out_.reason}")
        out.append(steps)
    return out


def _move_text(move: str) -> str:
    """The move text in BG-16 notation (``25`` and ``0`` as bar and off)."""
    steps = parse_notation(move)
    return " ".join(f"{'bar' if a == 25 else a}/{'off' if b == 0 else b}" for a, b, _ in steps) \
        or "(no play)"


def _cell(act: MatAction) -> str:
    if act.kind == "move":
        # gnubg ends a play of fewer than four moves with a space ("32: " for none)
        n = len(act.move.split())
        d = act.dice
        assert d is not None                  # a move action has its roll
        return f"{d[0]}{d[1]}: {act.move}" + (" " if n < 4 and act.move else
                                                             "" if act.move else "")
    if act.kind == "double":
        return f" Doubles => {act.cube}"
    if act.kind == "resign":
        return " " + act.move
    return " Takes" if act.kind == "take" else " Drops"


def write_mat(match: MatMatch) -> str:
    """The text of a MatMatch in gnubg's layout (moves from the mover's side, 25 for the
    bar and 0 for off as gnubg writes them)."""
    if not isinstance(match, MatMatch):
        raise FormatError(f"{_FMT}: write_mat takes a MatMatch (from read_mat), got "
                          f"{type(match).__name__}")
    lines = [*match.comments, "", f" {match.length} point match", ""]
    for gm in match.games:
        lines.append(f" Game {gm.number}")
        left = f"{match.players[0]} : {gm.score[0]}"
        lines.append(f" {left:<31}{match.players[1]} : {gm.score[1]}")
        rows: list[list[str | None]] = []
        for act in gm.actions:
            if act.player == 0 or not rows or rows[-1][1] is not None:
                rows.append([None, None])
            if act.player == 0:
                rows[-1][0] = _cell(act)
            else:
                rows[-1][1] = _cell(act)
        for k, (a, b) in enumerate(rows, 1):
            a = a or ""
            a += " " if len(a) >= 28 else ""      # a long left play keeps a space
            lines.append(f"{k:3d}) {a:<28}{b or ''}")
        if gm.winner is not None:
            pts = f"Wins {gm.points} point{'s' if gm.points != 1 else ''}"
            lines.append((" " * 6 if gm.winner == 0 else " " * (_RIGHT_COL + 1)) + pts)
        lines.append("")
    return "\n".join(lines) + "\n"
