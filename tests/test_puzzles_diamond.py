"""Every Diamond Game puzzle checked against the engine (issue 13): each accepted answer is
legal in its position and does what the goal says, and no other legal move does; the
puzzle widget driven by clicks."""
from __future__ import annotations

import re

import pytest

from boardkit._core import BoardkitError, IllegalMoveError
from boardkit.diamond import geometry as B
from boardkit.diamond.puzzles import PUZZLES, answer_key, board_cell, parse_position
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
    assert w.feedback.startswith("Not i5-i4: a sideways step") and "(DG-08)" in w.feedback
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


HOLE = re.compile(r"\b[a-q]\d{1,2}\b")


@pytest.mark.parametrize("puzzle", list(PUZZLES), ids=lambda p: p.id)
def test_every_hole_the_goal_names_is_marked_and_is_an_answers_end(puzzle):
    """The board writes no hole names (QA 7): every hole a goal names is marked on the
    puzzle board, and every mark is the start or the end of an accepted answer."""
    named = set(HOLE.findall(puzzle.goal))
    assert named == set(puzzle.marks), (named, puzzle.marks)
    ends = {B.label(h) for m in puzzle.answer_moves() for h in (m.path[0], m.path[-1])}
    assert set(puzzle.marks) <= ends
    for hole in puzzle.marks:                    # the mark's hole really is the piece or the target
        g = puzzle.make_game()
        start = all(B.label(m.path[0]) == hole for m in puzzle.answer_moves())
        assert (g.piece_at(B.parse_hole(hole)) is not None) == start, hole
    if puzzle.marks:
        assert "marked" in puzzle.goal
        w = PuzzleWidget([puzzle])
        svg = w.board.canvas.svg
        for hole in puzzle.marks:                # drawn on that hole, never catching a click
            cell = board_cell(hole)
            assert f'data-mark="{cell}"' in svg and f'data-cell="{cell}"' in svg
        assert svg.count("data-mark=") == len(puzzle.marks)
        assert re.search(r'data-mark="[^"]*"', svg) and 'pointer-events="none" data-mark' in svg
        assert "Marked on the board: " + ", ".join(puzzle.marks) in w.board.canvas.label
        w.click(puzzle.marks[0])                 # the marks stay while a piece is picked up
        assert svg.count("data-mark=") == w.board.canvas.svg.count("data-mark=")


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.traps], ids=lambda p: p.id)
def test_every_trap_is_a_move_the_engine_judges_and_no_answer(puzzle):
    """A trap is legal in the position and not an answer, or illegal for the rule the
    puzzle teaches (a refusal trap: the engine's reason names a rule the trap names)."""
    accepted = {answer_key(m) for m in puzzle.answer_moves()}
    for answer, reason in puzzle.traps:
        assert re.search(r"\(DG-\d\d\)\.$", reason), reason
        assert answer not in reason                 # the feedback names the move already
        g = puzzle.make_game()
        try:
            m = g.play(answer)
        except IllegalMoveError as e:
            rules = set(re.findall(r"DG-\d\d", str(e)))
            assert rules & set(re.findall(r"DG-\d\d", reason)), (answer, str(e))
            continue
        assert answer_key(m) not in accepted and not puzzle.is_accepted(m), answer
        assert puzzle.trap_for(m) == reason


@pytest.mark.parametrize("pid, start, end, rule", [
    ("dg13_forbidden_tip", "i2", "k2", "DG-13"),
    ("dg12_kings_block", "i5", "k5", "DG-12"),
    ("dg09_two_in_a_row", "i5", "l5", "DG-09"),
])
def test_clicking_a_refusal_trap_counts_a_wrong_try_naming_the_rule(pid, start, end, rule):
    """QA 3/8: the tempting illegal hop (the piece, then the hole it may not reach) is
    refused, counted as a try with the rule named; the right answer then is no first try."""
    i = next(k for k, p in enumerate(PUZZLES) if p.id == pid)
    w = PuzzleWidget(PUZZLES, start=i)
    w.click(start)
    assert board_cell(end) not in w.board.targets
    w.click(end)
    assert w.feedback.startswith(f"Not {start}:{end}: " + PUZZLES[i].trap(f"{start}:{end}"))
    assert "The rules do not allow that move" in w.feedback
    assert f"({rule})" in w.feedback and "unchanged" in w.feedback
    assert w.board.game.history == [] and w.score()["tried"] == 1
    w.board.play_text(f"{start}:{end}")          # typed: the same
    assert w.attempts[i] == 2 and "Hint: " in w.feedback
    w.board.play(w.puzzle.accepted[0])
    assert w.feedback.startswith("Right") and w.score()["first"] == 0 and w.score()["solved"] == 1
    assert w.board.status.startswith("Solved")


def test_a_click_elsewhere_after_a_piece_is_no_try():
    w = PuzzleWidget(PUZZLES, start=9)           # the forbidden tip
    w.click("i2")
    w.click("a1")                                # not a trap: the board's own behaviour
    w.click("k4")
    assert w.score()["tried"] == 0
    w.click("i2")
    w.click("k4")
    assert w.feedback.startswith("Right: i2:k4") and w.score()["first"] == 1


def test_draw_puzzle_has_the_marks_for_printed_pages():
    from boardkit.diamond.puzzles import draw_puzzle
    p = next(p for p in PUZZLES if p.id == "dg10_chain")
    svg = draw_puzzle(p, labels=True, size=320).to_svg()
    assert svg.count("data-mark=") == 2 and f'data-mark="{board_cell("o1")}"' in svg
    assert ">o1<" in svg                          # with the labels asked for
    plain = next(p for p in PUZZLES if not p.marks)
    assert "data-mark" not in draw_puzzle(plain)._repr_svg_()
