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
keys ``puzzle.backgammon.<id>.<field>`` and ``...trap.<answer>``): the English in the .pot,
the Japanese in the ja .po file (``PUZZLES.widget(lang="ja")`` shows it; see
``boardkit.puzzles``). The data here is only the id, position, answers, rule and the
traps' answers.
"""
from __future__ import annotations

from .._core import BoardkitError
from .._input import check_instance, check_size, parse_int, short_repr
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
    if not isinstance(text, str):
        raise BoardkitError(f"text: a backgammon puzzle position is text such as "
                            f"'6:5,8:3,13:5,24:2 / 6:5,8:3,13:5,24:2 / 3-1', got {short_repr(text)}")
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
    """The game of a backgammon ``puzzle`` (its position set up, White on roll)."""
    check_instance(puzzle, Puzzle, "puzzle")
    if puzzle.game != "backgammon":
        raise BoardkitError(f"puzzle must be a backgammon puzzle, got a {short_repr(puzzle.game)} one")
    return parse_position(puzzle.position)


def widget_options(puzzle: Puzzle) -> dict:
    return {}


def _p(pid, position, accepted, rule, *, traps=()):
    # the texts (title, goal, hint, why, each trap's reason) are the catalogue's, by id
    return Puzzle("backgammon", position, accepted=tuple(accepted), rule=rule, id=pid,
                  traps=tuple(traps))


_START = "6:5,8:3,13:5,24:2"

PUZZLES = PuzzleSet("backgammon", (
    _p("bg04_make_point", f"{_START} / {_START} / 3-1", ["8/5 6/5"], "BG-04",
       traps=("8/4", "6/2", "13/9", "24/20", "24/21 6/5", "13/10 6/5", "24/23 8/5", "8/7 8/5",
              "6/5 6/3")),
    _p("bg05_run_past_block", f"{_START} / 5:5,7:2,8:3,13:5 / 6-5", ["24/13"], "BG-05",
       traps=("24/18", "24/19 13/7", "24/19 8/2")),
    _p("bg06_doubles", f"{_START} / {_START} / 6-6", ["24/18(2) 13/7(2)"], "BG-06",
       traps=("13/7(4)", "24/18(2) 8/2(2)", "24/18(2) 13/7 8/2")),
    _p("bg07_enter_and_hit", "25:1,6:5,8:3,13:4,24:2 / 2:2,3:2,4:2,6:5,8:1,13:3 / 5-3",
       ["bar/17*"], "BG-07",
       traps=("bar/22", "bar/20 13/10", "bar/20 8/5", "bar/20 6/3")),
    _p("bg07_double_hit", "6:4,8:3,13:5,24:2,5:1 / 6:5,8:3,13:5,16:1,23:1 / 6-4",
       ["13/9* 8/2*"], "BG-07",
       traps=("24/18 13/9*", "24/18 6/2*", "13/9* 13/7", "13/7 6/2*", "24/20 8/2*", "8/4 8/2*",
              "8/2* 6/2", "8/2* 5/1", "13/9*/3")),
    _p("bg08_higher_die", "24:1,1:14 / 12:2,2:13 / 6-5", ["24/18"], "BG-08", traps=("24/19",)),
    _p("bg08_whole_roll", "24:1,8:1,1:13 / 12:2,7:2,2:11 / 6-1", ["8/1"], "BG-08",
       traps=("24/18", "24/23")),
    _p("bg09_bear_off", "6:2,5:2,4:3,3:2,2:3,1:3 / 6:5,8:5,13:5 / 6-5", ["6/off 5/off"], "BG-09",
       traps=("6/1 6/off",)),
    _p("bg09_highest_point", "4:2,3:4,2:2 / 6:5,8:5,13:5 / 6-5", ["4/off(2)"], "BG-09"),
    _p("bg10_last_two", "3:1,1:1 / 6:5,8:5,13:5 / 3-1", ["3/off 1/off"], "BG-10", traps=("3/off",)),
))
