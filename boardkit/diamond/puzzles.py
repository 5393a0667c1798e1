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
``puzzle.diamond.<id>.<field>`` and ``...trap.<answer>`` keys (``boardkit/locale``); the data
here is only the id, position, answers, rule, marks and the traps' answers. A board shows
the texts in its own language (see ``boardkit.puzzles``).
"""
from __future__ import annotations

from typing import Any

from .._core import BoardkitError, short_repr
from .._input import check_instance, check_size
from ..puzzles import Puzzle, PuzzleSet
from . import geometry as B
from .game import DiamondGame
from .movegen import DiamondMove
from .rules import DiamondRules

__all__ = ["PUZZLES", "make_game", "parse_position", "answer_key", "board_cell", "draw_puzzle",
           "widget_options"]

_PIECES = {"r": (0, False), "R": (0, True), "y": (1, False), "Y": (1, True)}


def parse_position(text: str) -> DiamondGame:
    """``"i5:r j5:y"`` -> a two-player game (red to move) with those pieces."""
    if not isinstance(text, str):
        raise BoardkitError(f"diamond puzzle: a position is text such as 'i5:r j5:y', "
                            f"got {short_repr(text)}")
    check_size(text, "diamond puzzle", 2000)
    pieces: dict = {}
    for pair in text.split():
        hole, sep, what = pair.partition(":")
        if not sep or what not in _PIECES:
            raise BoardkitError(f"diamond puzzle: {short_repr(pair, 20)} is not hole:piece "
                                "(r, R, y or Y) (DG-01)")
        if hole in pieces:
            raise BoardkitError(f"diamond puzzle: hole {hole} given twice (DG-01)")
        pieces[hole] = _PIECES[what]
    return DiamondGame.from_pieces(pieces, DiamondRules(players=2))


def _puzzle(puzzle: Any) -> Puzzle:
    """``puzzle`` if it is a Diamond Game puzzle, else a BoardkitError naming it."""
    check_instance(puzzle, Puzzle, "puzzle")
    if puzzle.game != "diamond":
        raise BoardkitError(f"puzzle must be a Diamond Game puzzle; got a {short_repr(puzzle.game)} one")
    return puzzle


def make_game(puzzle: Puzzle) -> DiamondGame:
    return parse_position(_puzzle(puzzle).position)


def answer_key(move) -> str:
    """Start and end hole: every chain between them is the same answer (DG-10); "pass"
    for a pass (DG-07)."""
    check_instance(move, DiamondMove, "move")
    path = move.path
    if not isinstance(path, tuple):
        raise BoardkitError(f"move: its path must be a tuple of holes, got {short_repr(path)}")
    if not path:
        return "pass"
    return f"{B.label(path[0])}-{B.label(path[-1])}"


def board_cell(cell) -> str:
    """The widget's cell id ("q,r") of a hole label such as "i5" (``PuzzleWidget.click``)."""
    from .draw import cell_id, parse_cell
    return cell_id(parse_cell(cell))


def draw_puzzle(puzzle: Puzzle, **options):
    """The puzzle's position with its marks (the holes its goal names) drawn as on its
    board (for printed puzzle pages): an ``svg.Drawing``; ``options`` go to
    ``DiamondGame.draw`` (``marks`` defaults to the puzzle's)."""
    options.setdefault("marks", _puzzle(puzzle).marks)
    return make_game(puzzle).draw(**options)


def widget_options(puzzle: Puzzle) -> dict:
    # the feedback, hints and goals name holes (i5, j6): every hole is labelled on the board
    return {"labels": True}


def _p(pid, position, accepted, rule, *, traps=(), marks=()):
    # the texts (title, goal, hint, why, each trap's reason) are the catalogue's, by id
    return Puzzle("diamond", position, accepted=tuple(accepted), rule=rule, id=pid,
                  traps=tuple(traps), marks=marks)


PUZZLES = PuzzleSet("diamond", (
    _p("dg08_step", "i5:r f5:y", ["i5-j5", "i5-j6"], "DG-08", marks=["i5"],
       traps=("i5-i4", "i5-i6", "i5-h5", "i5-h6")),
    _p("dg09_hop", "i5:r j5:y f5:y", ["i5:k5"], "DG-09",
       traps=("i5-h5", "i5-h6", "i5-i4", "i5-i6", "i5-j6")),
    _p("dg09_two_in_a_row", "i5:r j5:y k5:y j6:y", ["i5:k7"], "DG-09", marks=["i5"],
       traps=("i5:l5", "i5-i4", "i5-i6")),
    _p("dg10_chain", "i5:r j5:y l5:y n1:r", ["i5:k5:m5:o1"], "DG-10", marks=["i5", "o1"],
       traps=("i5:k5:m5", "i5:k5", "n1-o1")),
    _p("dg10_stop", "i5:r j5:y l5:y n1:r", ["i5:k5:m5"], "DG-10", marks=["i5", "m5"],
       traps=("i5:k5:m5:o1", "i5:k5", "n1-m5")),
    _p("dg10_turn", "i5:r j5:y l6:y f5:y", ["i5:k5:m7"], "DG-10", marks=["i5", "m7"],
       traps=("i5:k5",)),
    _p("dg11_group_jump", "i5:R j5:y k5:r l5:y f5:y", ["i5:m5"], "DG-11", traps=("k5:m5", "i5-j6")),
    _p("dg11_hop_on", "i5:R j5:y k5:y m6:y f5:y", ["i5:l5:n2"], "DG-11", marks=["i5", "n2"],
       traps=("i5:l5",)),
    _p("dg12_kings_block", "i5:r j5:Y i6:y f5:y", ["i5:i7"], "DG-12", traps=("i5:k5", "i5-j6")),
    _p("dg13_forbidden_tip", "i2:r j2:y j3:y f5:y", ["i2:k4"], "DG-13", marks=["i2"],
       traps=("i2:k2",)),
))
