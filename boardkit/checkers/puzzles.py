"""Checkers board puzzles, in rule order (issue 13): answered by clicking.

    from boardkit.checkers.puzzles import PUZZLES
    PUZZLES.widget()                          # all of them, one at a time, with a score
    PUZZLES.for_rule("CK-06").widget()        # the ones after the lesson on CK-06

Positions are PDN FEN tags (CK-15); ``variant`` names the rule-set preset (CK-14),
American when empty. Every answer is checked against the engine by
tests/test_puzzles_checkers.py (each accepted move is legal and does what the goal says,
and no other legal move does).
"""
from __future__ import annotations

from ..puzzles import Puzzle, PuzzleSet
from .game import CheckersGame
from .rules import CheckersRules

__all__ = ["PUZZLES", "make_game", "widget_class", "widget_options"]

PRESETS = ("american", "no_forced", "international")


def make_game(puzzle: Puzzle) -> CheckersGame:
    preset = puzzle.variant or "american"
    if preset not in PRESETS:
        from .._core import BoardkitError
        raise BoardkitError(f"checkers puzzle variant must be one of {list(PRESETS)}, got {preset!r}")
    return CheckersGame(getattr(CheckersRules, preset)(), fen=puzzle.position)


def widget_class():
    from .widget import CheckersWidget
    return CheckersWidget


def widget_options(puzzle: Puzzle) -> dict:
    return {"rules": puzzle.variant or "american"}


def _p(position, goal, accepted, rule, title, *, variant="", hint="", why=""):
    return Puzzle("checkers", position, goal, tuple(accepted), rule, title=title, variant=variant,
                  hint=hint, why=why)


PUZZLES = PuzzleSet("checkers", (
    _p("W:W21,22:B14",
       "White to move: step a man forward so that Black has nothing to capture.",
       ["22-17"], "CK-04", "A safe step",
       hint="A man is safe when the square behind it is not empty.",
       why="On 17 the man is backed by the man on 21, so Black's man on 14 cannot jump it (CK-05)."),
    _p("W:W17,22,23:B8,11,18",
       "White to move: capture the man on 18 so that Black cannot take back.",
       ["23x14"], "CK-05", "Capture without a recapture",
       hint="Look at where each capture lands, and at Black's man on 11.",
       why="Landing on 14 the man is backed by 17; after 22x15 Black's man on 11 jumps back 11x18 (CK-05)."),
    _p("W:W22,27:B9,18",
       "White to move: you would like to step 27-23, but the rules say otherwise. Play the move "
       "the rules require.",
       ["22x15"], "CK-06", "A capture is compulsory",
       hint="Is any Black piece standing next to one of your men with an empty square behind it?",
       why="When a capture is possible it must be made: a plain step is illegal (CK-06)."),
    _p("W:W22,29:B13,17,23",
       "International rules, White to move: make the capture the rules require.",
       ["29x18x9"], "CK-06", "The majority capture", variant="international",
       hint="Under international rules the capture that takes the most pieces is compulsory.",
       why="29x18x9 takes two pieces, 22x11 only one; the larger capture is compulsory (CK-06)."),
    _p("W:W21,27:B15,17,23",
       "White to move: take two Black men in one move.",
       ["27x18x11"], "CK-07", "A double jump",
       hint="After a jump the same man must jump again if it can.",
       why="27x18 lands next to the man on 15 with 11 empty behind it, so the jump goes on: "
           "27x18x11 (CK-07)."),
    _p("W:W7,22:B12",
       "White to move: crown a man.",
       ["7-2", "7-3"], "CK-08", "Crowning",
       hint="White's men are crowned on the far row, squares 1-4.",
       why="A man that ends its move on the far row becomes a king (CK-08)."),
    _p("W:WK15,22:B10,19",
       "White to move: capture with the king backwards, towards your own side.",
       ["15x24"], "CK-09", "A king jumps backwards",
       hint="A king moves and jumps in all four diagonal directions.",
       why="A king jumps forwards or backwards; 15x24 takes the man on 19 behind it (CK-09)."),
    _p("W:WK46,49:B8,37",
       "International rules, White to move: take both Black men in one move with your flying king.",
       ["46x19x2"], "CK-09", "The flying king", variant="international",
       hint="A flying king captures a piece at any distance along a diagonal and lands anywhere beyond it.",
       why="The king flies over 37 to 19, then over 8 to 2: two pieces, at a distance (CK-09)."),
    _p("W:W29,30:B21",
       "White to move: win the game in one move.",
       ["29-25"], "CK-10", "Win by blocking",
       hint="A player who cannot move on their turn loses.",
       why="After 29-25 Black's man on 21 cannot step (25 is taken) nor jump (30 is taken): no legal "
           "move, so White wins (CK-10)."),
    _p("W:WK5,22:BK32:H79",
       "White to move. 79 plies have passed with only kings moving and no capture: make a move "
       "that keeps the game going.",
       ["22-17", "22-18"], "CK-12", "The 40-move draw",
       hint="The count starts again at every capture and every man move.",
       why="A man move restarts the count; any king move would have been the 80th quiet ply: "
           "a draw (CK-12)."),
))
