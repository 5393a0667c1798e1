"""Backgammon board puzzles, in rule order: answered by clicking.

    from boardkit.backgammon.puzzles import PUZZLES
    PUZZLES.widget()                          # all of them, one at a time, with a score
    PUZZLES.for_rule("BG-09").widget()        # the bearing-off ones

A position is written ``"mine / theirs / dice"``: White (on roll) and Red, each as
``point:checkers`` pairs in that side's own numbering (25 = the bar; the rest of the 15
are borne off), then the roll, e.g. ``"25:1,6:5,8:3,13:4,24:2 / 2:2,3:2,4:2,6:5,8:1,13:3 / 5-3"``.
Every answer is checked against the engine by tests/test_puzzles_backgammon.py (each
accepted play is legal and does what the goal says, and no other legal play does).

Each puzzle has an ``id``; its texts are in the catalogue files (``boardkit/locale``,
keys ``puzzle.backgammon.<id>.<field>`` and ``...trap.<answer>``): the English below is
the same as the .pot's (a test compares them), the Japanese is in the ja .po file
(``PUZZLES.widget(lang="ja")`` shows it; see ``boardkit.puzzles``).
"""
from __future__ import annotations

from .._core import BoardkitError
from .._input import check_size, parse_int
from ..puzzles import Puzzle, PuzzleSet
from .game import BackgammonGame, side

__all__ = ["PUZZLES", "make_game", "parse_position", "widget_options"]


def _side(text: str) -> list[int]:
    points: dict[int, int] = {}
    for pair in filter(None, (t.strip() for t in text.split(","))):
        p, sep, n = pair.partition(":")
        if not sep:
            raise BoardkitError(f"backgammon puzzle: {pair[:20]!r} is not point:checkers (BG-01)")
        pt = parse_int(p, "backgammon puzzle point", 1, 25)
        if pt in points:
            raise BoardkitError(f"backgammon puzzle: point {pt} given twice (BG-01)")
        points[pt] = parse_int(n, "backgammon puzzle checkers", 0, 15)
    return side(points)


def parse_position(text: str) -> BackgammonGame:
    """``"mine / theirs / a-b"`` -> a game with White on roll to play a-b."""
    check_size(text, "backgammon puzzle", 2000)
    parts = [t.strip() for t in text.split("/")]
    if len(parts) != 3:
        raise BoardkitError(f"backgammon puzzle: want 'mine / theirs / a-b', got {text[:60]!r}")
    a, sep, b = parts[2].partition("-")
    if not sep:
        raise BoardkitError(f"backgammon puzzle: the roll is written a-b, got {parts[2][:20]!r} (BG-03)")
    dice = (parse_int(a, "backgammon puzzle die", 1, 6), parse_int(b, "backgammon puzzle die", 1, 6))
    return BackgammonGame.from_position(_side(parts[0]), _side(parts[1]), dice=dice)


def make_game(puzzle: Puzzle) -> BackgammonGame:
    return parse_position(puzzle.position)


def widget_options(puzzle: Puzzle) -> dict:
    return {}


def _p(pid, position, goal, accepted, rule, title, *, hint="", why="", traps=()):
    return Puzzle("backgammon", position, goal, tuple(accepted), rule, title=title, hint=hint, why=why,
                  id=pid, traps=traps)


def _same(answers, reason):
    """One reason for several tempting plays (traps)."""
    return [(a, reason) for a in answers]


# the reasons shared by several traps (English; the Japanese in JA_TRAPS below)
_ONE_CHECKER = ("one checker uses both dice, so only one checker moves; a point needs two checkers "
                "on it (BG-04).")
_BLOT_ON_5 = "only one checker lands on the 5-point: alone there it is a blot, not a point (BG-04)."
_NOT_7 = "your bar point (7) is not made: it needs two checkers on it (BG-06)."
_NO_HIT = "the checker enters on 20, but no blot is hit: one checker may use both dice (BG-07)."
_ONE_HIT = "only one of Red's two blots is hit; the other stays on the board (BG-07)."
_HELD = "Red holds that point with two or more checkers: the back checker cannot land there (BG-05)."


_START = "6:5,8:3,13:5,24:2"

PUZZLES = PuzzleSet("backgammon", (
    _p("bg04_make_point", f"{_START} / {_START} / 3-1",
       "White rolled 3-1 at the start: make a new point (two checkers) on your 5-point.",
       ["8/5 6/5"], "BG-04", "Making a point",
       hint="Each die moves one checker: which checkers are 3 and 1 pips from the 5-point?",
       why="The 3 moves a checker 8/5 and the 1 moves another 6/5: two checkers hold the point (BG-04).",
       traps=_same(["8/4", "6/2", "13/9", "24/20"], _ONE_CHECKER)
       + _same(["24/21 6/5", "13/10 6/5", "24/23 8/5", "8/7 8/5", "6/5 6/3"], _BLOT_ON_5)),
    _p("bg05_run_past_block", f"{_START} / 5:5,7:2,8:3,13:5 / 6-5",
       "White rolled 6-5: run one back checker from 24 all the way to 13.",
       ["24/13"], "BG-05", "Running past a block",
       hint="One checker may use both dice, but it must stop on the point in between.",
       why="24/18 is blocked (Red holds it), so the checker goes 24/19/13: it may pass over a "
           "blocked point but not stop on it (BG-04, BG-05).",
       traps=[("24/18", "Red holds your 18-point with two or more checkers: no checker may land "
                        "there, not even on the way (BG-05)."),
              *_same(["24/19 13/7", "24/19 8/2"], "the back checker stops on 19 and the 6 moves "
                     "another checker; the goal is one back checker all the way to 13 (BG-05).")]),
    _p("bg06_doubles", f"{_START} / {_START} / 6-6",
       "White rolled 6-6: make both your bar point (7) and Red's bar point (your 18).",
       ["24/18(2) 13/7(2)"], "BG-06", "Doubles",
       hint="A double is played four times.",
       why="Four sixes: two checkers 24/18 and two 13/7 (BG-06).",
       traps=[("13/7(4)", "Red's bar point (your 18) is not made: it needs two of your checkers "
                          "on it (BG-06)."),
              *_same(["24/18(2) 8/2(2)", "24/18(2) 13/7 8/2"], _NOT_7)]),
    _p("bg07_enter_and_hit", "25:1,6:5,8:3,13:4,24:2 / 2:2,3:2,4:2,6:5,8:1,13:3 / 5-3",
       "White has a checker on the bar and rolled 5-3: enter it and hit Red's blot with the same roll.",
       ["bar/17*"], "BG-07", "Entering from the bar",
       hint="A 5 enters on your 20-point; where can the 3 take that checker?",
       why="The 3 cannot enter (22 is held), the 5 enters on 20, and the 3 then goes on to 17 and "
           "hits (BG-07).",
       traps=[("bar/22", "Red holds your 22-point with two or more checkers: a 3 cannot enter there "
                         "(BG-05)."),
              *_same(["bar/20 13/10", "bar/20 8/5", "bar/20 6/3"], _NO_HIT)]),
    _p("bg07_double_hit", "6:4,8:3,13:5,24:2,5:1 / 6:5,8:3,13:5,16:1,23:1 / 6-4",
       "White rolled 6-4: hit both of Red's blots.",
       ["13/9* 8/2*"], "BG-07", "A double hit",
       hint="Red's single checkers stand on your 9-point and your 2-point.",
       why="The 4 hits 13/9* and the 6 hits 8/2*: both Red checkers go to the bar (BG-07).",
       traps=_same(["24/18 13/9*", "24/18 6/2*", "13/9* 13/7", "13/7 6/2*", "24/20 8/2*", "8/4 8/2*",
                    "8/2* 6/2", "8/2* 5/1", "13/9*/3"], _ONE_HIT)),
    _p("bg08_higher_die", "24:1,1:14 / 12:2,2:13 / 6-5",
       "White rolled 6-5 and can play only one of the dice: play what the rules require.",
       ["24/18"], "BG-08", "The higher die",
       hint="When only one die can be played, the larger one must be played if it can be.",
       why="Either die alone fits, but not both (13 is held); then the larger die, the 6, must be "
           "played (BG-08).",
       traps=[("24/19", "when only one die can be played, the larger one, the 6, must be played "
                        "(BG-08).")]),
    _p("bg08_whole_roll", "24:1,8:1,1:13 / 12:2,7:2,2:11 / 6-1",
       "White rolled 6-1: use the whole roll.",
       ["8/1"], "BG-08", "Use the whole roll",
       hint="Look for the one way to play both dice.",
       why="The back checker cannot move at all; the checker on 8 can use both dice (8/2/1 or "
           "8/7/1), and a roll must be used in full when it can (BG-08).",
       traps=_same(["24/18", "24/23"], _HELD)),
    _p("bg09_bear_off", "6:2,5:2,4:3,3:2,2:3,1:3 / 6:5,8:5,13:5 / 6-5",
       "White rolled 6-5 with every checker home: bear off two checkers.",
       ["6/off 5/off"], "BG-09", "Bearing off",
       hint="A die bears off a checker from the point of its number.",
       why="The 6 bears off from the 6-point and the 5 from the 5-point (BG-09).",
       traps=[("6/1 6/off", "the 5 moves a checker down to the 1-point instead of bearing one off from "
                            "the 5-point: only one checker comes off (BG-09).")]),
    _p("bg09_highest_point", "4:2,3:4,2:2 / 6:5,8:5,13:5 / 6-5",
       "White rolled 6-5 but has no checker on 6 or 5: bear off as many checkers as you can.",
       ["4/off(2)"], "BG-09", "Bearing off from the highest point",
       hint="With no checker on the die's point or higher, the checker on the highest point comes off.",
       why="No checker stands on 6, 5 or higher, so each die bears off from the highest point, "
           "the 4 (BG-09)."),
    _p("bg10_last_two", "3:1,1:1 / 6:5,8:5,13:5 / 3-1",
       "White rolled 3-1 with two checkers left: win the game.",
       ["3/off 1/off"], "BG-10", "The last two checkers",
       hint="Each checker needs its own die.",
       why="3/off and 1/off take the last two checkers off: the first to bear off all fifteen "
           "wins (BG-10).",
       traps=[("3/off", "one checker uses both dice, 3/2/off, and the other stays on the 1-point: the "
                        "game goes on (BG-10).")]),
))
