"""Diamond Game board puzzles, in rule order: answered by clicking.

(The solitaire solver is ``boardkit.diamond.solitaire``; these are the click puzzles.)

    from boardkit.diamond.puzzles import PUZZLES
    PUZZLES.widget()                          # all of them, one at a time, with a score

A position is written as ``hole:piece`` pairs: ``r`` a red piece, ``R`` the red king
(王駒), ``y``/``Y`` yellow, e.g. ``"i5:r j5:y f5:y"``; red (player 0) is to move in a
two-player game (red goes up, from a to q). A move's answer is its start and end hole:
every hop chain between them gives the same position (DG-10), so any chain counts.
Every answer is checked against the engine by tests/test_puzzles_diamond.py.

Each puzzle has an ``id``; its texts in every language are the catalogue's
``puzzle.diamond.<id>.<field>`` keys (``boardkit/locale``; the English there is the same
as the data below), and a board shows them in its own language (see ``boardkit.puzzles``).
"""
from __future__ import annotations

from .._core import BoardkitError
from .._input import check_size
from ..puzzles import Puzzle, PuzzleSet
from . import geometry as B
from .game import DiamondGame
from .rules import DiamondRules

__all__ = ["PUZZLES", "make_game", "parse_position", "answer_key", "board_cell", "draw_puzzle",
           "widget_options"]

_PIECES = {"r": (0, False), "R": (0, True), "y": (1, False), "Y": (1, True)}


def parse_position(text: str) -> DiamondGame:
    """``"i5:r j5:y"`` -> a two-player game (red to move) with those pieces."""
    check_size(text, "diamond puzzle", 2000)
    pieces: dict = {}
    for pair in text.split():
        hole, sep, what = pair.partition(":")
        if not sep or what not in _PIECES:
            raise BoardkitError(f"diamond puzzle: {pair[:20]!r} is not hole:piece (r, R, y or Y) (DG-01)")
        if hole in pieces:
            raise BoardkitError(f"diamond puzzle: hole {hole} given twice (DG-01)")
        pieces[hole] = _PIECES[what]
    return DiamondGame.from_pieces(pieces, DiamondRules(players=2))


def make_game(puzzle: Puzzle) -> DiamondGame:
    return parse_position(puzzle.position)


def answer_key(move) -> str:
    """Start and end hole: every chain between them is the same answer (DG-10)."""
    return f"{B.label(move.path[0])}-{B.label(move.path[-1])}"


def board_cell(cell) -> str:
    """The widget's cell id ("q,r") of a hole label such as "i5" (``PuzzleWidget.click``)."""
    from .draw import cell_id, parse_cell
    return cell_id(parse_cell(cell))


def draw_puzzle(puzzle: Puzzle, **options):
    """The puzzle's position with its marks (the holes its goal names) drawn as on its
    board (for printed puzzle pages): an ``svg.Drawing``; ``options`` go to
    ``DiamondGame.draw`` (``marks`` defaults to the puzzle's)."""
    options.setdefault("marks", puzzle.marks)
    return make_game(puzzle).draw(**options)


def widget_options(puzzle: Puzzle) -> dict:
    # the feedback, hints and goals name holes (i5, j6): every hole is labelled on the board
    return {"labels": True}


def _p(pid, position, goal, accepted, rule, title, *, hint="", why="", traps=(), marks=()):
    return Puzzle("diamond", position, goal, tuple(accepted), rule, title=title, hint=hint, why=why,
                  id=pid, traps=traps, marks=marks)


def _same(answers, reason):
    """One reason for several tempting answers (traps)."""
    return [(a, reason) for a in answers]


# the reasons shared by several traps (English; every language's in the catalogue)
_SIDEWAYS = "a sideways step, along the same row: the piece gets no closer to the goal at the top (DG-08)."
_DOWN = "a step down, away from the goal at the top (DG-08)."
_A_STEP = ("that is a step to a neighbouring hole; a hop jumps over the neighbouring piece to the "
           "empty hole just beyond it (DG-09).")
_STAYS = "a sideways step stays in the same row; a hop gets further up (DG-09)."


PUZZLES = PuzzleSet("diamond", (
    _p("dg08_step", "i5:r f5:y",
       "Red to move: step your marked piece (i5) one hole up, towards your goal at the top.",
       ["i5-j5", "i5-j6"], "DG-08", "A step",
       hint="A step goes to a neighbouring empty hole; two of the six neighbours are above.",
       why="A step moves to a neighbouring empty hole, in any of six directions; j5 and j6 are "
           "the ones above (DG-08).",
       traps=_same(["i5-i4", "i5-i6"], _SIDEWAYS) + _same(["i5-h5", "i5-h6"], _DOWN), marks=["i5"]),
    _p("dg09_hop", "i5:r j5:y f5:y",
       "Red to move: hop over the yellow piece.",
       ["i5:k5"], "DG-09", "A hop",
       hint="A hop jumps over one neighbouring piece to the empty hole just beyond it.",
       why="i5 jumps j5 and lands on k5; nothing is captured (DG-09).",
       traps=_same(["i5-h5", "i5-h6", "i5-i4", "i5-i6", "i5-j6"], _A_STEP)),
    _p("dg09_two_in_a_row", "i5:r j5:y k5:y j6:y",
       "Red to move: take your marked piece (i5) as high up the board as you can in one turn.",
       ["i5:k7"], "DG-09", "Two in a row",
       hint="An ordinary piece jumps one piece, never two touching in a row.",
       why="j5 and k5 touch in a row, so that way is shut; the hop over j6 lands on k7 (DG-09).",
       traps=[("i5:l5", "j5 and k5 touch in a row: an ordinary piece hops over one piece only, never "
                        "two in a row (DG-09).")] + _same(["i5-i4", "i5-i6"], _STAYS), marks=["i5"]),
    _p("dg10_chain", "i5:r j5:y l5:y n1:r",
       "Red to move: take the marked piece (i5) to the marked hole (o1) in one turn.",
       ["i5:k5:m5:o1"], "DG-10", "A chain of hops",
       hint="After a hop the same piece may hop again, and turn.",
       why="Three hops in one turn, turning at m5 (DG-10).",
       traps=[("i5:k5:m5", "the chain stopped at m5, but it can go on: one more hop reaches the "
                           "marked hole (DG-10)."),
              ("i5:k5", "the chain stopped after one hop; after a hop the same piece may hop "
                        "again (DG-10)."),
              ("n1-o1", "that moves your other piece, from n1; the goal is to bring the marked "
                        "piece from i5 (DG-10).")],
       marks=["i5", "o1"]),
    _p("dg10_stop", "i5:r j5:y l5:y n1:r",
       "Red to move: take the marked piece (i5) to the marked hole (m5) and stop there.",
       ["i5:k5:m5"], "DG-10", "Stopping in a chain",
       hint="A chain may stop after any hop.",
       why="The chain i5:k5:m5 could go on to o1, but a piece may stop after any hop (DG-10).",
       traps=[("i5:k5:m5:o1", "the chain went on past m5; a chain may stop after any hop (DG-10)."),
              ("i5:k5", "the chain stopped one hop early: from k5 it can hop on to m5 (DG-10)."),
              ("n1-m5", "that moves your other piece, from n1, onto m5; the goal is to bring the "
                        "marked piece from i5 (DG-10).")],
       marks=["i5", "m5"]),
    _p("dg10_turn", "i5:r j5:y l6:y f5:y",
       "Red to move: take the marked piece (i5) to the marked hole (m7) in one turn.",
       ["i5:k5:m7"], "DG-10", "A chain that turns",
       hint="Hop up first, then look for the next piece to jump.",
       why="i5:k5 over j5, then k5:m7 over l6: a chain may change direction (DG-10).",
       traps=[("i5:k5", "the chain stopped after one hop; from k5 it can go on in another "
                        "direction (DG-10).")],
       marks=["i5", "m7"]),
    _p("dg11_group_jump", "i5:R j5:y k5:r l5:y f5:y",
       "Red to move: jump your king (王駒) over the whole row above it.",
       ["i5:m5"], "DG-11", "The king's group jump",
       hint="The king may jump a straight row of touching pieces of any colour.",
       why="The king jumps j5, k5 and l5 together and lands on m5, the hole right after the row (DG-11).",
       traps=[("k5:m5", "that is your ordinary piece on k5 hopping over l5; the goal asks for the "
                        "king's jump over the whole row (DG-11)."),
              ("i5-j6", "a step; the king can jump the whole row of touching pieces above it "
                        "(DG-11).")]),
    _p("dg11_hop_on", "i5:R j5:y k5:y m6:y f5:y",
       "Red to move: take your marked king (i5) to the marked hole (n2) in one turn.",
       ["i5:l5:n2"], "DG-11", "Hopping on after a group jump",
       hint="After a group jump the king may go on hopping.",
       why="i5:l5 over the row j5-k5, then l5:n2 over m6: the king hops on after a group jump (DG-11).",
       traps=[("i5:l5", "the king stopped after the group jump; it may go on hopping (DG-11).")],
       marks=["i5", "n2"]),
    _p("dg12_kings_block", "i5:r j5:Y i6:y f5:y",
       "Red to move: hop over a piece.",
       ["i5:i7"], "DG-12", "Kings block",
       hint="No piece may jump a king.",
       why="The yellow king on j5 cannot be jumped; the man on i6 can: i5:i7 (DG-12).",
       traps=[("i5:k5", "the yellow king on j5 cannot be jumped: no piece may jump a king (DG-12)."),
              ("i5-j6", "that is a step, not a hop over a piece (DG-09).")]),
    _p("dg13_forbidden_tip", "i2:r j2:y j3:y f5:y",
       "Red to move: hop with your marked piece (i2) as high up the board as you can.",
       ["i2:k4"], "DG-13", "A forbidden tip",
       hint="The holes of a tip that is not your colour are closed to you.",
       why="The hop over j2 would land on k2, a tip of another colour: forbidden. Over j3 it lands "
           "on k4 (DG-13).",
       traps=[("i2:k2", "k2 is on the tip of another colour (drawn with a cross): no piece may stop "
                        "there (DG-13).")],
       marks=["i2"]),
))
