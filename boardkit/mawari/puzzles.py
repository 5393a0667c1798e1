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

Each puzzle has an ``id``; its texts in both languages (the traps' reasons too) are the
catalogue's ``puzzle.mawari.<id>.<field>`` and ``...trap.<answer>`` keys
(``boardkit/locale``); the data below is only the id, position, answers, rule and the
traps' answers. A board shows the texts in its own language (``PUZZLES.widget(lang="ja")``;
see ``boardkit.puzzles``).
The tosses on the table are written in Japanese in both languages (表 表 裏 横).
"""
from __future__ import annotations

from typing import NamedTuple

from .._catalogue import text as tr
from .._core import BoardkitError, FormatError
from .._input import check_instance, check_size
from ..errors import short_repr
from ..puzzles import Puzzle, PuzzleSet, Verdict
from ._args import check_game
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


def _puzzle(puzzle, what: str) -> Puzzle:
    """``puzzle`` if it is a Puzzle, else a BoardkitError naming the argument (its
    position is read, and refused when it is no 回り将棋 position, by ``parse_position``)."""
    return check_instance(puzzle, Puzzle, what)


def make_game(puzzle: Puzzle) -> MawariGame:
    """The puzzle's position, P1 to toss; for a battle puzzle the toss is already played
    (P1 is to decide, MS-15)."""
    _puzzle(puzzle, "make_game(puzzle)")
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
    if isinstance(cell, str) and cell == "toss":
        return "toss"
    return square_name(square_index(cell))


# ------------------------------------------------------------------ judging
def answer_after(puzzle: Puzzle, game: MawariGame | None = None) -> tuple[MawariGame, set[str]]:
    """What the engine says: the game after the tosses, and the squares the puzzle's ask
    picks out (end: P1's square; laid / woken: the squares of the pieces laid down / woken
    by the move). For a battle puzzle, the game as set up and the squares that are legal
    decisions (the pieces offered and P1's own)."""
    s = parse_position(_puzzle(puzzle, "answer_after(puzzle)").position)
    g = (make_game(puzzle) if game is None else check_game(game, "answer_after(game)")).copy()
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
    _puzzle(puzzle, "click_answer(puzzle)")
    check_game(game, "click_answer(game)")
    if isinstance(cell, str) and cell == "toss":
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
    s = parse_position(_puzzle(puzzle, "show_answer(puzzle)").position)
    g = getattr(board, "game", None)
    if not isinstance(g, MawariGame) or not callable(getattr(board, "_refresh", None)):
        raise BoardkitError(f"show_answer(board) must be the puzzle's 回り将棋 board "
                            f"(puzzle.widget()); got {short_repr(board)}")
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
    s = parse_position(_puzzle(puzzle, "widget_options(puzzle)").position)
    return {"players": s.players, "pending": () if s.ask == "battle" else s.tosses,
            "conceal": True}




def draw_puzzle(puzzle: Puzzle, **options):
    """The puzzle as its board shows it (an ``svg.Drawing``): the position with P1
    marked and the pending toss(es) on the table under the board, their value not written
    (for printed puzzle pages); ``options`` go to ``MawariGame.draw``."""
    s = parse_position(_puzzle(puzzle, "draw_puzzle(puzzle)").position)
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
def _p(pid, position, accepted, rule, *, traps=()):
    # the texts (title, goal, hint, why, each trap's reason) are the catalogue's, by id
    return Puzzle("mawari", position, accepted=tuple(accepted), rule=rule, id=pid,
                  traps=tuple(traps))


PUZZLES = PuzzleSet("mawari", (
    _p("ms05_side", "P1 home, P2 home / up up down side", ["1二"], "MS-05", traps=("1六", "1七")),
    _p("ms05_all_down", "P1 home, P2 home / down down down down", ["9五"], "MS-05",
       traps=("1九", "9一")),
    _p("ms06_back_to_corner", "P1 2一, P2 home / up up up down +overlap", ["1一"], "MS-06",
       traps=("1三", "5一")),
    _p("ms06_standing_back", "P1 1四, P2 home / up side down down +overlap", ["1五"], "MS-06",
       traps=("1九", "4一")),
    _p("ms07_toss_again", "P1 home, P2 home / up up up up; up down down down", ["1四"], "MS-07",
       traps=("1五", "1八")),
    _p("ms08_fallen_gold", "P1 1五, P2 home / up up up down +overlap +fall", ["1五"], "MS-08",
       traps=("1八", "1二")),
    _p("ms10_home_again", "P1 3九, P2 home / up up down down", ["1九"], "MS-10", traps=("1一", "1八")),
    _p("ms12_laying_down", "P1 1八 香, P2 1五, P3 1三 香 / up side down down / laid", ["1五"], "MS-12",
       traps=("1三", "1八")),
    _p("ms12_corner_is_safe", "P1 1五 香, P2 1一, P3 2一 / up up side down / laid", ["2一"], "MS-12",
       traps=("1一", "1五")),
    _p("ms12_waking_up", "P1 1八, P2 1六 香 laid, P3 1三 laid / up up up down / woken", ["1六"], "MS-12",
       traps=("1三", "1八")),
    _p("ms13_two_up", "P1 1八, P2 1五 / up up up down", ["1三"], "MS-13", traps=("1五", "1四")),
    _p("ms13_two_up_twice", "P1 1八, P2 1五, P3 1三 / up up up down", ["1一"], "MS-13",
       traps=("1三", "1五", "9一")),
    _p("ms14_corner_jump", "P1 1六, P2 9五 / side down down down", ["9一"], "MS-14",
       traps=("1一", "9九")),
    _p("ms14_jump_or_two_up", "P1 1六, P2 1一 / side down down down", ["9一"], "MS-14",
       traps=("3一", "1一")),
    _p("ms14_jump_home", "P1 9八, P2 home / up down down down", ["1九"], "MS-14", traps=("9九", "8九")),
    _p("ms15_declare", "P1 1八, P2 9五, P3 1二 / up up up down / battle", ["9五"], "MS-15",
       traps=("1二", "1五")),
    _p("ms15_not_to_declare", "P1 1八 香, P2 9五 / up up up down / battle", ["1五"], "MS-15",
       traps=("9五",)),
))
