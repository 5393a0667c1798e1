"""Every backgammon puzzle checked against the engine (issue 13): each accepted play is
legal in its position and does what the goal says, and no other legal play does; the
puzzle widget driven by clicks."""
from __future__ import annotations

import pytest

from boardkit._core import BoardkitError
from boardkit.backgammon.puzzles import PUZZLES, parse_position
from boardkit.puzzles import PuzzleWidget


def _off(g, a):
    return a.board(0)[0] - g.board(0)[0]


#: title -> what the goal says, as a test of (game before, play, game after); White = 0
GOALS = {
    "Making a point": lambda g, m, a: a.board(0)[5] >= 2,
    "Running past a block": lambda g, m, a: a.board(0)[24] == 1 and a.board(0)[13] == 6,
    "Doubles": lambda g, m, a: a.board(0)[18] == 2 and a.board(0)[7] == 2,
    "Entering from the bar": lambda g, m, a: a.board(0)[25] == 0 and a.board(1)[25] == 1,
    "A double hit": lambda g, m, a: a.board(1)[25] == 2,
    "The higher die": lambda g, m, a: True,                 # the rules leave one play
    "Use the whole roll": lambda g, m, a: True,             # the rules leave one play
    "Bearing off": lambda g, m, a: _off(g, a) == 2,
    "Bearing off from the highest point": lambda g, m, a: _off(g, a) == 2,
    "The last two checkers": lambda g, m, a: a.is_over() and a.outcome().winner == 0,
}


def test_ten_puzzles_in_rule_order_with_goals():
    assert len(PUZZLES) >= 10
    assert {p.title for p in PUZZLES} == set(GOALS)
    rules = [p.rule for p in PUZZLES]
    assert rules == sorted(rules)
    for rule in ("BG-04", "BG-06", "BG-07", "BG-08", "BG-09", "BG-10"):
        assert rule in rules


@pytest.mark.parametrize("puzzle", list(PUZZLES), ids=lambda p: p.title)
def test_answers_are_exactly_the_plays_meeting_the_goal(puzzle):
    g = puzzle.make_game()
    assert g.turn == 0 and g.phase == "move" and not g.is_over()
    goal = GOALS[puzzle.title]
    legal = {str(m) for m in g.legal_moves()}
    assert set(puzzle.accepted) <= legal
    meeting = set()
    for m in g.legal_moves():
        after = g.copy()
        after.play(m)
        if goal(g, m, after):
            meeting.add(str(m))
    assert meeting == set(puzzle.accepted)
    assert puzzle.goal and puzzle.hint and "BG-" in puzzle.why


def test_the_rule_puzzles_really_have_one_play():
    for title in ("The higher die", "Use the whole roll"):
        p = next(p for p in PUZZLES if p.title == title)
        assert [str(m) for m in p.make_game().legal_moves()] == list(p.accepted)


def test_widget_right_wrong_and_score_by_clicks():
    w = PuzzleWidget(PUZZLES)
    w.click("8")
    w.click("7")
    w.click("6")
    w.click("3")
    assert w.feedback.startswith("Not this one: 8/7 6/3") and "(BG-04)" in w.feedback
    assert w.board.game.board(0) == PUZZLES[0].make_game().board(0) and w.board.done == []
    w.click("8")
    w.click("5")
    w.click("6")
    w.click("5")
    assert w.feedback.startswith("Right: 8/5 6/5")
    assert w.score() == {"first": 0, "solved": 1, "tried": 1, "total": 10}
    w.next()
    w.next()
    w.next()
    w.click("13")                                # the bar first
    assert "BG-07" in w.board.message and w.score()["tried"] == 1
    w.click("bar")
    w.click("20")                                # entered with the 5
    w.click("20")                                # the same checker goes on with the 3
    w.click("17")
    assert w.feedback.startswith("Right: bar/17*")
    assert w.score() == {"first": 1, "solved": 2, "tried": 2, "total": 10}


def test_bad_position_text_is_refused():
    for bad in ("6:5 / 6:5", "6:5 / 6:5 / 7-1", "6:x / 6:5 / 3-1", "6:5,6:1 / 6:5 / 3-1", "6 / 6:5 / 3-1"):
        with pytest.raises(BoardkitError):
            parse_position(bad)


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.traps], ids=lambda p: p.id)
def test_every_trap_is_judged_by_the_engine_and_is_no_answer(puzzle):
    """A trap is a legal play that is not an answer (and fails the puzzle's goal), or an
    illegal one whose engine reason names the rule the trap's reason names (a refusal)."""
    import re

    from boardkit._core import IllegalMoveError
    goal = GOALS[puzzle.title]
    legal = {str(m) for m in puzzle.make_game().legal_moves()}
    for answer, reason in puzzle.traps:
        assert re.search(r"\(BG-\d\d\)\.$", reason), reason
        g = puzzle.make_game()
        try:
            m = g.play(answer)
        except IllegalMoveError as e:
            assert answer not in legal
            assert set(re.findall(r"BG-\d\d", str(e))) & set(re.findall(r"BG-\d\d", reason)), str(e)
            continue
        assert str(m) == answer and answer in legal and not puzzle.is_accepted(m)
        assert not goal(puzzle.make_game(), m, g), answer
        assert puzzle.trap_for(m) == reason


@pytest.mark.parametrize("pid, clicks, answer, rule", [
    ("bg08_higher_die", ("24", "19"), "24/19", "BG-08"),     # the checker picked up, then the 5
    ("bg05_run_past_block", ("24", "18"), "24/18", "BG-05"),
    ("bg07_enter_and_hit", ("bar", "22"), "bar/22", "BG-05"),
    ("bg08_whole_roll", ("24", "18"), "24/18", "BG-05"),     # a checker that cannot move, then 18
])
def test_an_attempt_at_a_refused_play_is_a_wrong_try_naming_the_rule(pid, clicks, answer, rule):
    i = next(k for k, p in enumerate(PUZZLES) if p.id == pid)
    w = PuzzleWidget(PUZZLES, start=i)
    before = w.board.game.board(0)
    for c in clicks:
        w.click(c)
    assert w.feedback.startswith(f"Not {answer}: " + PUZZLES[i].trap(answer))
    assert "The rules do not allow that move" in w.feedback
    assert f"({rule})" in w.feedback and w.board.game.board(0) == before and w.board.done == []
    assert w.score()["tried"] == 1 and w.attempts[i] == 1
    w.board.play(PUZZLES[i].accepted[0])
    assert w.feedback.startswith("Right") and w.score()["first"] == 0
    assert w.board.status.startswith("Solved") and "Red (you)" not in w.board.status


def test_the_puzzle_board_hides_the_dice_by_hand_and_cube_row():
    """QA 14: no stray "dice by hand: [3] [1]" dropdowns or "cube:" label under a puzzle."""
    w = PuzzleWidget(PUZZLES)
    b = w.board
    row = next(r for r in b.children if hasattr(r, "children") and b.die_a in r.children)
    assert row.layout.display == "none" and b.set_dice_button.layout.display == "none"
    assert b.canvas.layout.display != "none"
