"""回り将棋 (mawari shogi) board puzzles, in rule order: answered by clicking.

    from boardkit.mawari.puzzles import PUZZLES
    PUZZLES.widget()                          # all of them, one at a time, with a score
    PUZZLES.for_rule("MS-14").widget()        # the corner-jump ones

A turn's move is a toss, not a choice, so a puzzle shows a position and the toss (or
tosses) on the table under the board, and the student clicks the answer: the square
where the mover's piece ends, the piece that is laid down or woken, or, in a battle
decision, the opposing piece to declare a battle on (or the mover's own piece for no
battle: a real decision the engine takes). A right click plays the toss out on the
board, so the piece is seen to arrive and the events say why; a wrong one says why not,
naming the rule, and sets the position up again.

A position is written ``"pieces / tosses / ask"``:

- pieces: every player, P1 first, as ``P<n> <square> [<rank>] [laid]`` separated by
  commas, e.g. ``"P1 1八 香, P2 1五, P3 home"`` (``home`` = the player's home corner, the
  rank 歩 when not given; the number of players is the number listed, MS-02). P1 is to
  toss.
- tosses: one toss, or several separated by ``;`` when one earns another (MS-07), e.g.
  ``"up up up up; up down down down"`` (Japanese names work too: ``表 表 裏 横``).
- ask (optional): ``end`` (default: click the square where P1's piece ends), ``laid``
  (click the piece laid down, MS-12), ``woken`` (click the piece woken) or ``battle``
  (the toss is already played: P1 may declare a battle, MS-15; click the opposing piece
  or P1's own piece for no battle).

Every answer is checked against the engine by tests/test_puzzles_mawari.py: applying the
toss to the position ends where the accepted answer says and nowhere else, every trap is
wrong, and a battle answer is a decision the engine offers (declining: the one the
"smart" level takes).

Each puzzle has an ``id``; its English texts (the traps' reasons too) are registered in the
language catalogue from the data below and its Japanese texts are in ``JA``
(``set_language("ja")`` before making the widget shows them; see ``boardkit.puzzles``).
The tosses on the table are written in Japanese in both languages (表 表 裏 横).
"""
from __future__ import annotations

from typing import NamedTuple

from .._catalogue import text as tr
from .._core import BoardkitError, FormatError
from .._input import check_size
from ..puzzles import Puzzle, PuzzleSet, Verdict
from .game import MawariGame
from .notation import square_index, square_name
from .toss import Toss

__all__ = ["PUZZLES", "ASKS", "Setup", "parse_position", "make_game", "click_answer",
           "show_answer", "answer_after", "board_cell", "draw_puzzle",
           "widget_options"]

ASKS = ("end", "laid", "woken", "battle")



# ------------------------------------------------------------------ positions
class Setup(NamedTuple):
    """A puzzle position read: the pieces (player -> (square, rank, laid)), the number
    of players, the tosses and what the click answers."""

    pieces: dict
    players: int
    tosses: tuple[Toss, ...]
    ask: str


def parse_position(text: str) -> Setup:
    """``"P1 1八 香, P2 1五 / up up up down / end"`` -> a ``Setup`` (see the module
    docstring). Bad text raises ``FormatError`` naming the rule."""
    check_size(text, "mawari puzzle", 2000)
    parts = [t.strip() for t in str(text).split("/")]
    if len(parts) not in (2, 3):
        raise FormatError(f"mawari puzzle: want 'pieces / tosses [/ ask]', got {text[:60]!r}")
    ask = parts[2] if len(parts) == 3 else "end"
    if ask not in ASKS:
        raise FormatError(f"mawari puzzle: the ask is one of {', '.join(ASKS)}, got {ask[:20]!r}")
    pieces: dict = {}
    for k, item in enumerate(t.strip() for t in parts[0].split(",")):
        words = item.split()
        if len(words) < 2 or words[0] != f"P{k + 1}":
            raise FormatError(f"mawari puzzle: piece {k + 1} is written 'P{k + 1} <square> [rank] "
                              f"[laid]', got {item[:30]!r} (MS-02)")
        laid = words[-1] == "laid"
        rest = words[2:-1] if laid else words[2:]
        if len(rest) > 1:
            raise FormatError(f"mawari puzzle: too many words in {item[:30]!r} (MS-02)")
        square = None if words[1] == "home" else square_name(square_index(words[1]))
        pieces[k] = (square, rest[0] if rest else "歩", laid)
    if not 2 <= len(pieces) <= 4:
        raise FormatError(f"mawari puzzle: 2 to 4 players, got {len(pieces)} (MS-02)")
    tosses = tuple(Toss.parse(t) for t in parts[1].split(";"))
    return Setup(pieces, len(pieces), tosses, ask)


def _setup_game(s: Setup) -> MawariGame:
    g = MawariGame(players=s.players)
    spec = {p: (sq if sq is not None else square_name(g.home(p)), rank, "laid" if laid else False)
            for p, (sq, rank, laid) in s.pieces.items()}
    return MawariGame.setup(spec, players=s.players, turn=0)


def make_game(puzzle: Puzzle) -> MawariGame:
    """The puzzle's position, P1 to toss; for a battle puzzle the toss is already played
    (P1 is to decide, MS-15)."""
    if puzzle.variant:
        raise BoardkitError(f"mawari puzzles use the default rules; got variant {puzzle.variant!r}")
    s = parse_position(puzzle.position)
    g = _setup_game(s)
    if s.ask == "battle":
        for t in s.tosses:
            g.set_toss(t)
        if g.phase != "decide":
            raise BoardkitError(f"mawari puzzle {puzzle.title!r}: after the toss no battle can be "
                                f"declared (MS-15)")
    return g


def board_cell(cell) -> str:
    """A square's name as the board's cell id ("15", "1五" or 4 -> "1五"); "toss" is the
    table. Unknown names raise ``FormatError`` (MS-01)."""
    if cell == "toss":
        return "toss"
    return square_name(square_index(cell))


# ------------------------------------------------------------------ judging
def answer_after(puzzle: Puzzle, game: MawariGame | None = None) -> tuple[MawariGame, set[str]]:
    """What the engine says: the game after the tosses, and the squares the puzzle's ask
    picks out (end: P1's square; laid / woken: the squares of the pieces laid down / woken
    by the move). For a battle puzzle, the game as set up and the squares that are legal
    decisions (the pieces offered and P1's own)."""
    s = parse_position(puzzle.position)
    g = (game or make_game(puzzle)).copy()
    if s.ask == "battle":
        cells = {g.square(m.defender) if m.defender is not None else g.square(0)
                 for m in g.legal_moves()}
        return g, cells
    before = [g.is_laid(p) for p in range(g.players)]
    for t in s.tosses:
        g.set_toss(t)
    if s.ask == "end":
        return g, {g.square(0)}
    changed = [p for p in range(g.players) if before[p] != g.is_laid(p)]
    want = (lambda p: g.is_laid(p)) if s.ask == "laid" else (lambda p: not g.is_laid(p))
    return g, {g.square(p) for p in changed if want(p)}


def _decision(game: MawariGame, cell: str):
    """The battle decision a click on ``cell`` makes (the widget's protocol: an opposing
    piece declares, the mover's own piece declines), or None."""
    for m in game.legal_moves():
        target = game.square(game.turn) if m.defender is None else game.square(m.defender)
        if target == cell:
            return m
    return None


def click_answer(puzzle: Puzzle, game: MawariGame, cell: str, lang: str | None = None) -> Verdict:
    """Judge a click on the puzzle's board (``boardkit.puzzles`` calls this); the words in
    ``lang`` (None: the current language)."""
    if cell == "toss":
        return Verdict(None, tr("mawari.puzzle.toss_given", lang))
    try:
        square = board_cell(cell)
    except BoardkitError:
        return Verdict(None, tr("mawari.puzzle.click_square", lang))
    s = parse_position(puzzle.position)
    occupied = {game.square(p) for p in range(game.players)}
    if s.ask in ("laid", "woken", "battle") and square not in occupied:
        return Verdict(None, tr("mawari.puzzle.click_battle" if s.ask == "battle"
                                else "mawari.puzzle.click_piece", lang))
    if puzzle.is_accepted(square):
        return Verdict(True, square)
    reason = puzzle.trap(square, lang)
    if reason is None:
        if s.ask == "battle":
            reason = tr("mawari.puzzle.no_battle_there" if _decision(game, square) is None
                        else "mawari.puzzle.not_decision", lang, rule=puzzle.rule)
        else:
            reason = tr(f"mawari.puzzle.not_{s.ask}", lang, rule=puzzle.rule)
    return Verdict(False, reason)


def show_answer(puzzle: Puzzle, board) -> None:
    """After a right click: play the toss (or the decision) on the board, so the student
    sees the piece arrive and the events say why."""
    s = parse_position(puzzle.position)
    g = board.game
    if s.ask == "battle":
        move = _decision(g, board_cell(puzzle.accepted[0]))
        g.play(move)
        board.focus = None
    else:
        for t in s.tosses:
            g.set_toss(t)
        board.focus = board_cell(puzzle.accepted[0])
        board.played = True
    board.pending = ()
    board.conceal = False
    board.marked = 1
    board._clear()
    board._refresh()


# ------------------------------------------------------------------ the board
def widget_options(puzzle: Puzzle) -> dict:
    s = parse_position(puzzle.position)
    return {"players": s.players, "pending": () if s.ask == "battle" else s.tosses,
            "conceal": True}




def draw_puzzle(puzzle: Puzzle, **options):
    """The puzzle as its board shows it (an ``svg.Drawing``): the position with P1
    marked and the pending toss(es) on the table under the board, their value not written
    (for printed puzzle pages); ``options`` go to ``MawariGame.draw``."""
    s = parse_position(puzzle.position)
    g = make_game(puzzle)
    pending = () if s.ask == "battle" else s.tosses
    options.setdefault("highlight", [g.square(0)])
    d = g.draw(last_move=not pending, **options)
    _tables(d, pending, options.get("lang"))
    return d


def _tables(d, tosses, lang: str | None = None) -> None:
    from .toss import _gold
    for k, toss in enumerate(tosses):
        _table(d, toss, tr("mawari.puzzle.toss_n", lang, n=k + 1), _gold, lang)


def _table(d, toss: Toss, label: str, gold, lang: str | None = None) -> None:
    """One pending toss under the board: the four golds as they landed and the toss in
    words (its value is not written), on a strip that is the 'toss' cell."""
    width = d.width * 0.89
    height = width * 0.19
    x0, y0 = d.width * 0.055, d.height
    d.height += height * (1.35 if toss.fall else 1.05)     # room for a gold that fell off
    d.rect(x0, y0, width, height * 0.92, fill="#6b4f2a", rx=8, cell="toss")
    d.rect(x0 + 3, y0 + 3, width - 6, height * 0.92 - 6, fill="#8a6a3d", rx=6, cell="toss")
    s = height * 0.55
    cy = y0 + height * 0.40
    step = s * (0.72 if toss.overlap else 1.05)
    for k, face in enumerate(toss.faces):
        cyk = cy + (s * 0.12 * (k % 2) if toss.overlap else 0)
        if toss.fall and k == 3:
            cyk = y0 + height * 0.80        # at the table's edge: it fell off
        gold(d, x0 + s * 0.75 + k * step, cyk, s, face)
    tx = x0 + s * 0.75 + 3 * step + s * 0.75
    d.text(tx, cy - height * 0.12, f"{label}: {toss.ja()}", size=height * 0.17, color="#fdf3d6",
           anchor="start", cell="toss")
    words = toss.text(lang)             # in Japanese the kanji above say it all
    if words != toss.ja():
        d.text(tx, cy + height * 0.14, words, size=height * 0.15, color="#ffffff",
               anchor="start", weight="bold", cell="toss")


# ------------------------------------------------------------------ the puzzles
def _p(pid, position, goal, accepted, rule, title, *, hint="", why="", traps=None):
    return Puzzle("mawari", position, goal, tuple(accepted), rule, title=title, hint=hint, why=why,
                  traps=traps or {}, id=pid)


PUZZLES = PuzzleSet("mawari", (
    _p("ms05_side", "P1 home, P2 home / up up down side",
       "P1 tossed up up down side (表 表 裏 横). Click the square where P1's piece ends.",
       ["1二"], "MS-05", "A gold on its side",
       hint="Face up counts 1, face down 0, a gold standing on its side 5.",
       why="1 + 1 + 0 + 5 = 7 squares from 1九 up the right edge (MS-05).",
       traps={"1六": "a gold standing on its side (横) is worth 5, not 1 (MS-05).",
              "1七": "a gold standing on its side (横) is worth 5; only a face-down gold counts 0 (MS-05)."}),
    _p("ms05_all_down", "P1 home, P2 home / down down down down",
       "P1 tossed all four golds face down (裏 裏 裏 裏). Click the square where P1's piece ends.",
       ["9五"], "MS-05", "Four face down",
       hint="Four face-down golds are not worth 0.",
       why="All four face down is worth 20: round the corner 1一, past 9一 and down to 9五 (MS-05).",
       traps={"1九": "four face-down golds are worth 20 squares, not 0 (MS-05).",
              "9一": "four face-down golds are worth 20; 9一 is only 16 squares on (MS-05)."}),
    _p("ms06_back_to_corner", "P1 2一, P2 home / up up up down +overlap",
       "P1's golds overlapped (表 表 表 裏 重なり). Click the square where P1's piece ends.",
       ["1一"], "MS-06", "Back, but not past a corner",
       hint="An overlap sends the piece back one square per face-up gold, but never past the last "
            "corner it passed.",
       why="Back 3 for three face-up golds, but a piece never goes back past the last corner it "
           "passed: it stops on 1一 (MS-06).",
       traps={"1三": "a piece never goes back past the last corner it passed, here 1一 (MS-06).",
              "5一": "golds overlapped: the piece moves back, not forward (MS-06)."}),
    _p("ms06_standing_back", "P1 1四, P2 home / up side down down +overlap",
       "P1's golds overlapped with one standing on its side (表 横 裏 裏 重なり). Click the square "
       "where P1's piece ends.",
       ["1五"], "MS-06", "Standing golds and the way back",
       hint="Going back, count the face-up golds only.",
       why="Back one square per face-up gold: one, so 1四 → 1五; a standing gold adds nothing to "
           "the way back (MS-06).",
       traps={"1九": "standing golds add nothing to the way back: one square per face-up gold "
                     "(MS-06).",
              "4一": "golds overlapped: the piece moves back, not forward (MS-06)."}),
    _p("ms07_toss_again", "P1 home, P2 home / up up up up; up down down down",
       "P1's first toss: up up up up (表 表 表 表); the next toss: up down down down (表 裏 裏 裏). "
       "Click the square where P1's piece ends this turn.",
       ["1四"], "MS-07", "Toss again",
       hint="When no gold lies face down, the player moves and tosses again.",
       why="4 squares, and no gold face down: toss again; 1 more square: 1九 → 1五 → 1四 (MS-07).",
       traps={"1五": "no gold lay face down, so P1 moved 4 and tossed again (MS-07).",
              "1八": "the first toss counts too: 4 squares, then the second toss (MS-07)."}),
    _p("ms08_fallen_gold", "P1 1五, P2 home / up up up down +overlap +fall",
       "P1's golds overlapped and one fell off the table (表 表 表 裏 重なり 落ち駒). Click the "
       "square where P1's piece ends.",
       ["1五"], "MS-08", "A fallen gold",
       hint="Which counts: the overlap or the fallen gold?",
       why="A fallen gold makes the toss score nothing, even with an overlap: the piece stays (MS-08).",
       traps={"1八": "a fallen gold wins over the overlap: the toss scores nothing, no moving back "
                     "(MS-08).",
              "1二": "a fallen gold makes the toss score nothing (MS-08)."}),
    _p("ms10_home_again", "P1 3九, P2 home / up up down down",
       "P1's 歩 is two squares short of its home 1九 and tossed up up down down (表 表 裏 裏). "
       "Click the square where P1's piece ends.",
       ["1九"], "MS-10", "Home again",
       hint="Is the corner it lands on somebody else's?",
       why="2 squares: exactly home. A piece stops on its own home corner and is promoted 歩 → 香 "
           "(出世, MS-10); only another corner makes it jump (MS-14).",
       traps={"1一": "1九 is P1's own home: the piece stops there and is promoted (MS-10); only a "
                     "corner that is not its home makes it jump on (MS-14).",
              "1八": "the toss is worth 2 squares: 3九 → 2九 → 1九 (MS-10)."}),
    _p("ms12_laying_down", "P1 1八 香, P2 1五, P3 1三 香 / up side down down / laid",
       "P1's 香 tossed up side down down (表 横 裏 裏) and overtakes two pieces. Click the piece "
       "it lays down.",
       ["1五"], "MS-12", "Laying down",
       hint="Only a piece of lower rank is laid down.",
       why="P1's 香 passes P2's 歩 (lower: laid down, 寝かし) and P3's 香 (the same rank: nothing) "
           "(MS-12).",
       traps={"1三": "P3's 香 has the same rank as P1's 香: equal ranks lay nobody down (MS-12).",
              "1八": "that is P1's own piece; click the piece it overtakes and lays down (MS-12)."}),
    _p("ms12_corner_is_safe", "P1 1五 香, P2 1一, P3 2一 / up up side down / laid",
       "P1's 香 tossed up up side down (表 表 横 裏) and passes two 歩. Click the piece it lays "
       "down.",
       ["2一"], "MS-12", "A corner is safe",
       hint="Where does each 歩 stand?",
       why="P1 passes P2's 歩 on the corner 1一 (safe) and P3's 歩 on 2一 (laid down) (MS-12).",
       traps={"1一": "a piece standing on a corner is safe: it cannot be laid down (MS-12).",
              "1五": "that is P1's own piece; click the piece it overtakes and lays down (MS-12)."}),
    _p("ms12_waking_up", "P1 1八, P2 1六 香 laid, P3 1三 laid / up up up down / woken",
       "Two pieces lie laid down (寝). P1 tossed up up up down (表 表 表 裏). Click the piece that "
       "wakes up.",
       ["1六"], "MS-12", "Waking up",
       hint="A laid piece wakes when another piece passes it.",
       why="P1 goes 1八 → 1五, passing P2 on 1六, which wakes up (起こし); P3 on 1三 is not reached "
           "(MS-12).",
       traps={"1三": "P1 stops on 1五 and does not pass 1三: only a piece that is passed wakes up "
                     "(MS-12).",
              "1八": "that is P1's own piece; click the laid piece it wakes (MS-12)."}),
    _p("ms13_two_up", "P1 1八, P2 1五 / up up up down",
       "P1 tossed up up up down (表 表 表 裏): 3 squares, onto P2's piece. Click the square where "
       "P1's piece ends.",
       ["1三"], "MS-13", "Two up",
       hint="What happens when a piece lands where another piece stands?",
       why="Landing on P2's piece, both go up 2 more: 1五 → 1三 (2あがり, MS-13).",
       traps={"1五": "another piece stands on 1五: both advance 2 more (2あがり, MS-13).",
              "1四": "both pieces advance 2, not 1 (2あがり, MS-13)."}),
    _p("ms13_two_up_twice", "P1 1八, P2 1五, P3 1三 / up up up down",
       "P1 tossed up up up down (表 表 表 裏) onto P2's piece, and P3 stands 2 squares further. "
       "Click the square where P1's piece ends.",
       ["1一"], "MS-13", "Two up, twice",
       hint="After a two-up, look at the square the pieces reach.",
       why="1五 is taken: P1 and P2 go up 2 to 1三; that is taken too: all three go up 2 to 1一. A "
           "two-up ending on a corner does not jump (MS-13, MS-14).",
       traps={"1三": "1三 is taken too: all of them advance 2 again (2あがり, MS-13).",
              "1五": "another piece stands on 1五: they advance 2, and again while the square is "
                     "taken (MS-13).",
              "9一": "a two-up never ends in a corner jump: only a normal forward move jumps "
                     "(MS-13, MS-14)."}),
    _p("ms14_corner_jump", "P1 1六, P2 9五 / side down down down",
       "P1 tossed side down down down (横 裏 裏 裏). Click the square where P1's piece ends.",
       ["9一"], "MS-14", "Corner jump",
       hint="Where would the piece land, and whose corner is it?",
       why="5 squares land exactly on the corner 1一, which is not P1's home: it jumps on to the "
           "next corner, 9一 (飛び, MS-14).",
       traps={"1一": "the piece lands on a corner that is not its home and jumps on (MS-14).",
              "9九": "one jump per move: the piece stops on 9一, it does not jump again (MS-14)."}),
    _p("ms14_jump_or_two_up", "P1 1六, P2 1一 / side down down down",
       "P1 tossed side down down down (横 裏 裏 裏) onto the corner where P2 stands. Click the "
       "square where P1's piece ends.",
       ["9一"], "MS-14", "Jump or two up?",
       hint="On an occupied corner, which rule comes first?",
       why="The corner 1一 is not P1's home, so P1 jumps to 9一; the jump takes precedence over "
           "a two-up, and P2 stays (MS-14).",
       traps={"3一": "the corner jump comes before the two-up: P1 jumps on to the next corner "
                     "(MS-14).",
              "1一": "the piece lands on a corner that is not its home and jumps on (MS-14)."}),
    _p("ms14_jump_home", "P1 9八, P2 home / up down down down",
       "P1's 歩 is one square short of the corner 9九 and tossed up down down down (表 裏 裏 裏). "
       "Click the square where P1's piece ends.",
       ["1九"], "MS-14", "A jump home",
       hint="9九 is not P1's home; where does a jump from there go?",
       why="Landing on 9九 it jumps to the next corner, 1九: its home, which counts as a lap, "
           "歩 → 香 (MS-14, MS-10).",
       traps={"9九": "the piece lands on a corner that is not its home and jumps on (MS-14).",
              "8九": "the toss is worth 1: 9八 → 9九, a corner, and then the jump (MS-14)."}),
    _p("ms15_declare", "P1 1八, P2 9五, P3 1二 / up up up down / battle",
       "P1 has just moved to 1五. Declare a battle (戦): click the piece P1 can challenge.",
       ["9五"], "MS-15", "Declare a battle",
       hint="A battle is declared across the board, on a piece in line on the opposite edge.",
       why="P2 on 9五 stands in the same rank on the opposite edge: P1 declares a battle, a race "
           "straight across and back (MS-15).",
       traps={"1二": "P3 stands on the same edge as P1: a battle is declared only on a piece "
                     "on the opposite edge (MS-15).",
              "1五": "clicking P1's own piece declines the battle; the goal is to declare one "
                     "(MS-15)."}),
    _p("ms15_not_to_declare", "P1 1八 香, P2 9五 / up up up down / battle",
       "Two players. P1's 香 has just moved to 1五, in line with P2's 歩: P1 is a whole lap "
       "ahead. Battle or not? Decide (click P2's piece to declare, P1's own piece for no "
       "battle).",
       ["1五"], "MS-15", "A battle not to declare",
       hint="Who needs luck, the player ahead or the player behind?",
       why="A battle is an even gamble: it adds risk. P1 is ahead, so P1 refuses it; if "
           "P1 lost, P2 would catch up a whole rank (MS-15).",
       traps={"9五": "a battle is an even gamble, and the player ahead has more to lose: "
                     "if P2 wins it, P2 catches up a whole rank. Decline (MS-15)."}),
))
