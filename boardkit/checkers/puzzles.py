"""Checkers board puzzles, in rule order: answered by clicking.

    from boardkit.checkers.puzzles import PUZZLES
    PUZZLES.widget()                          # all of them, one at a time, with a score
    PUZZLES.for_rule("CK-06").widget()        # the ones after the lesson on CK-06

Positions are PDN FEN tags (CK-15); ``variant`` names the rule-set preset (CK-14),
American when empty. Every answer is checked against the engine by
tests/test_puzzles_checkers.py (each accepted move is legal and does what the goal says,
and no other legal move does).

Each puzzle has an ``id``; its texts are the catalogue's ``puzzle.checkers.<id>.<field>``
keys (boardkit/locale: the English in the .pot, the Japanese in the ``ja`` file); the data
here is only the id, position, answers, rule, variant and the traps' answers. A board made
with ``lang="ja"`` shows the texts in Japanese (see ``boardkit.puzzles``).
"""
from __future__ import annotations

from ..puzzles import Puzzle, PuzzleSet
from .game import CheckersGame
from .rules import CheckersRules

__all__ = ["PUZZLES", "make_game", "widget_options"]

PRESETS = ("american", "no_forced", "international")


def _preset(puzzle: Puzzle) -> str:
    """The rules preset of a checkers puzzle (BoardkitError for anything else)."""
    from .._core import BoardkitError
    from .._input import check_instance, short_repr
    check_instance(puzzle, Puzzle, "puzzle")
    if puzzle.game != "checkers":
        raise BoardkitError(f"puzzle must be a checkers puzzle; got one of {short_repr(puzzle.game)}")
    preset = puzzle.variant or "american"
    if not isinstance(preset, str) or preset not in PRESETS:
        raise BoardkitError(f"checkers puzzle variant must be one of {list(PRESETS)}, "
                            f"got {short_repr(preset)}")
    return preset


def make_game(puzzle: Puzzle) -> CheckersGame:
    """A game in the puzzle's position, under its rules preset."""
    return CheckersGame(getattr(CheckersRules, _preset(puzzle))(), fen=puzzle.position)


def widget_options(puzzle: Puzzle) -> dict:
    """The board's options for the puzzle (its rules preset)."""
    return {"rules": _preset(puzzle)}


def _p(pid, position, accepted, rule, *, variant="", traps=()):
    # the texts (title, goal, hint, why, each trap's reason) are the catalogue's, by id
    return Puzzle("checkers", position, accepted=tuple(accepted), rule=rule, variant=variant,
                  id=pid, traps=tuple(traps))


PUZZLES = PuzzleSet("checkers", (
    _p("ck04_safe_step", "W:W21,22:B14", ["22-17"], "CK-04", traps=("21-17", "22-18")),
    _p("ck05_no_recapture", "W:W17,22,23:B8,11,18", ["23x14"], "CK-05", traps=("22x15",)),
    _p("ck06_forced", "W:W22,27:B9,18", ["22x15"], "CK-06",
       traps=("27-23", "27-24", "22-17", "22-18")),
    _p("ck06_majority", "W:W22,29:B13,17,23", ["29x18x9"], "CK-06", variant="international",
       traps=("22x11",)),
    _p("ck07_double_jump", "W:W21,27:B15,17,23", ["27x18x11"], "CK-07", traps=("21x14",)),
    _p("ck08_crowning", "W:W7,22:B12", ["7-2", "7-3"], "CK-08", traps=("22-17", "22-18")),
    _p("ck09_king_back", "W:WK15,22:B10,19", ["15x24"], "CK-09", traps=("15x6",)),
    _p("ck09_flying_king", "W:WK46,49:B8,37", ["46x19x2"], "CK-09", variant="international"),
    _p("ck10_block", "W:W29,30:B21", ["29-25"], "CK-10", traps=("30-25", "30-26")),
    _p("ck12_forty_moves", "W:WK5,22:BK32:H79", ["22-17", "22-18"], "CK-12", traps=("5-1", "5-9")),
))
