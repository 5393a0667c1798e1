"""Every Diamond Game puzzle checked against the engine (issue 13): each accepted answer is
legal in its position and does what the goal says, and no other legal move does; the
puzzle widget driven by clicks."""
from __future__ import annotations

import pytest

from boardkit._core import BoardkitError, IllegalMoveError
from boardkit.diamond import geometry as B
from boardkit.diamond.puzzles import PUZZLES, answer_key, parse_position
from boardkit.puzzles import PuzzleWidget


def _hops(m):
    return len(m.path) - 1 if ":" in str(m) else 0


def _row(h):
    return B.label(h)[0]


def _highest(g, m, start, hop_only=False):
    ms = [x for x in g.legal_moves() if B.label(x.path[0]) == start and (_hops(x) or not hop_only)]
    best = max(_row(x.path[-1]) for x in ms)
    return B.label(m.path[0]) == start and _row(m.path[-1]) == best and (_hops(m) or not hop_only)


def _goes(start, end):
    return lambda g, m: B.label(m.path[0]) == start and B.label(m.path[-1]) == end


#: title -> what the goal says, as a test of (game, move)
GOALS = {
    "A step": lambda g, m: _hops(m) == 0 and B.label(m.path[0]) == "i5" and _row(m.path[-1]) == "j",
    "A hop": lambda g, m: _hops(m) == 1,
    "Two in a row": lambda g, m: _highest(g, m, "i5"),
    "A chain of hops": _goes("i5", "o1"),
    "Stopping in a chain": _goes("i5", "m5"),
    "A chain that turns": _goes("i5", "m7"),
    "The king's group jump": lambda g, m: B.label(m.path[0]) == "i5" and _hops(m) == 1
    and B.label(m.path[1]) == "m5",
    "Hopping on after a group jump": _goes("i5", "n2"),
    "Kings block": lambda g, m: _hops(m) >= 1,
    "A forbidden tip": lambda g, m: _highest(g, m, "i2", hop_only=True),
}


def test_ten_puzzles_in_rule_order_with_goals():
    assert len(PUZZLES) >= 10
    assert {p.title for p in PUZZLES} == set(GOALS)
    rules = [p.rule for p in PUZZLES]
    assert rules == sorted(rules)
    for rule in ("DG-08", "DG-09", "DG-10", "DG-11", "DG-12", "DG-13"):
        assert rule in rules


@pytest.mark.parametrize("puzzle", list(PUZZLES), ids=lambda p: p.title)
def test_answers_are_exactly_the_moves_meeting_the_goal(puzzle):
    g = puzzle.make_game()
    assert g.turn == 0 and not g.is_over()
    goal = GOALS[puzzle.title]
    legal = {answer_key(m) for m in g.legal_moves()}
    accepted = {answer_key(m) for m in puzzle.answer_moves()}
    assert accepted <= legal
    meeting = {answer_key(m) for m in g.legal_moves() if goal(g, m)}
    assert meeting == accepted
    assert puzzle.goal and puzzle.hint and "DG-" in puzzle.why


def test_the_rule_puzzles_refuse_the_tempting_move():
    tip = next(p for p in PUZZLES if p.rule == "DG-13").make_game()
    with pytest.raises(IllegalMoveError, match="DG-13"):
        tip.play("i2:k2")
    block = next(p for p in PUZZLES if p.rule == "DG-12").make_game()
    with pytest.raises(IllegalMoveError):
        block.play("i5:k5")


def test_widget_right_wrong_and_score_by_clicks():
    w = PuzzleWidget(PUZZLES)
    w.click("i5")
    w.click("i4")
    assert w.feedback.startswith("Not this one: i5-i4") and "(DG-08)" in w.feedback
    assert w.board.game.history == []
    w.click("i5")
    w.click("j6")
    assert w.feedback.startswith("Right: i5-j6")
    w.index = 3
    w.retry()
    w.click("i5")
    w.click("o1")
    assert w.feedback.startswith("Right: i5:k5:m5:o1")
    assert w.score() == {"first": 1, "solved": 2, "tried": 2, "total": 10}


def test_bad_position_text_is_refused():
    for bad in ("i5:x", "i5", "i5:r i5:y", "zz:r"):
        with pytest.raises(BoardkitError):
            parse_position(bad)
