"""Every checkers puzzle checked against the engine (issue 13): each accepted answer is
legal in its position and does what the goal says, and no other legal move does."""
from __future__ import annotations

import pytest

from boardkit.checkers.puzzles import PUZZLES


def _opponent_can_capture(g):
    return any(m.is_capture for m in g.legal_moves())


def _white_wins(g):
    out = g.outcome()
    return out is not None and out.winner == 1


#: title -> what the goal says, as a test of (game before, move, game after)
GOALS = {
    "A safe step": lambda g, m, a: not m.is_capture and not _opponent_can_capture(a),
    "Capture without a recapture": lambda g, m, a: 18 in m.captures and not _opponent_can_capture(a),
    "A capture is compulsory": lambda g, m, a: m.is_capture,
    "The majority capture": lambda g, m, a: len(m.captures) == 2,
    "A double jump": lambda g, m, a: len(m.captures) == 2,
    "Crowning": lambda g, m, a: a.piece_at(m.end) == (1, True) and g.piece_at(m.start) == (1, False),
    "A king jumps backwards": lambda g, m, a: m.is_capture and m.end > m.start,
    "The flying king": lambda g, m, a: len(m.captures) == 2 and g.piece_at(m.start) == (1, True),
    "Win by blocking": lambda g, m, a: _white_wins(a),
    "The 40-move draw": lambda g, m, a: not a.is_over(),
}


def test_ten_puzzles_in_rule_order_with_goals():
    assert len(PUZZLES) >= 10
    assert {p.title for p in PUZZLES} == set(GOALS)
    rules = [p.rule for p in PUZZLES]
    assert rules == sorted(rules)
    for rule in ("CK-04", "CK-06", "CK-07", "CK-08", "CK-09"):
        assert rule in rules
    assert any(p.variant == "international" and p.rule == "CK-06" for p in PUZZLES)


@pytest.mark.parametrize("puzzle", list(PUZZLES), ids=lambda p: p.title)
def test_answers_are_exactly_the_moves_meeting_the_goal(puzzle):
    g = puzzle.make_game()
    assert g.history == [] and not g.is_over()
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
    assert puzzle.goal and puzzle.why and puzzle.hint and "CK-" in puzzle.why


def test_the_draw_puzzle_really_draws_on_a_king_move():
    p = PUZZLES.for_rule("CK-12")[0]
    g = p.make_game()
    g.play("5-1")
    assert g.is_over() and g.outcome().winner is None and g.outcome().rule == "CK-12"


def test_a_trap_says_why_that_move_is_wrong():
    """Puzzle.traps (generic): a tempting wrong move gets its own reason, naming the rule."""
    from boardkit.puzzles import Puzzle, PuzzleWidget
    p = PUZZLES[0]
    trapped = Puzzle(p.game, p.position, p.goal, p.accepted, p.rule, title=p.title, hint=p.hint,
                     why=p.why, traps={"22-18": "Black's man on 14 jumps it: 14x23 (CK-05)."})
    assert trapped.trap("22-18") and trapped.trap("21-17") is None
    w = PuzzleWidget([trapped])
    w.click(22)
    w.click(18)
    assert w.feedback.startswith("Not 22-18: Black's man on 14 jumps it: 14x23 (CK-05).")
    w.click(21)
    w.click(17)
    assert w.feedback.startswith("Not this one: 21-17 is legal") and "Hint" in w.feedback
