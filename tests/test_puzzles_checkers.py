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


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.traps], ids=lambda p: p.id)
def test_every_trap_is_judged_by_the_engine_and_is_no_answer(puzzle):
    """A trap is a legal move that is not an answer, and a capture its reason names is
    Black's legal reply after it; or an illegal move (a refusal trap) whose engine reason
    names the rule the trap's reason names."""
    import re

    from boardkit._core import IllegalMoveError
    for answer, reason in puzzle.traps:
        assert re.search(r"\((?:CK-\d\d, )*CK-\d\d\)\.$", reason), reason
        assert answer not in reason                  # the feedback names the move already
        g = puzzle.make_game()
        try:
            m = g.play(answer)
        except IllegalMoveError as e:
            assert set(re.findall(r"CK-\d\d", str(e))) & set(re.findall(r"CK-\d\d", reason)), str(e)
            continue
        assert answer not in puzzle.accepted and not puzzle.is_accepted(m)
        replies = {str(x) for x in g.legal_moves()}
        for said in re.findall(r": (\d+[x-]\d+(?:x\d+)*)\b", reason):   # "...: 14x21"
            assert said in replies, (answer, said, replies)
        if "CK-12" in reason:
            assert g.is_over() and g.outcome().rule == "CK-12"


def test_every_tempting_wrong_move_has_a_trap():
    """QA 5: no legal wrong move of a checkers puzzle gets only the generic "Not this one"."""
    for p in PUZZLES:
        wrong = {str(m) for m in p.make_game().legal_moves()} - set(p.accepted)
        assert wrong <= {a for a, _ in p.traps}, (p.id, wrong)


@pytest.mark.parametrize("pid, clicks, answer", [
    ("ck06_forced", (27, 23), "27-23"),
    ("ck06_forced", (27, 24), "27-24"),
    ("ck06_forced", (22, 18), "22-18"),
    ("ck06_majority", (22, 11), "22x11"),
])
def test_an_attempt_at_the_refused_move_is_a_wrong_try_naming_ck06(pid, clicks, answer):
    """QA 3: the step the goal tempts with is refused by the board and counted by the
    puzzle, naming CK-06; the right answer after it is not "at the first try"."""
    from boardkit.puzzles import PuzzleWidget
    i = next(k for k, p in enumerate(PUZZLES) if p.id == pid)
    w = PuzzleWidget(PUZZLES, start=i)
    position = w.board.game.fen()
    w.click(clicks[0])
    w.click(clicks[1])
    assert w.feedback.startswith(f"Not {answer}: " + PUZZLES[i].trap(answer))
    assert "The rules do not allow that move" in w.feedback
    assert "(CK-06)" in w.feedback and w.board.game.fen() == position
    assert w.score()["tried"] == 1 and w.attempts[i] == 1
    w.click(clicks[1])                           # a click on its own is no attempt
    assert w.attempts[i] == 1
    w.board.play_text(answer)                    # typed in the box: the same
    assert w.attempts[i] == 2 and "Hint: " in w.feedback and w.board.move_box.value == ""
    w.board.play_text(PUZZLES[i].accepted[0])
    assert w.feedback.startswith("Right") and w.score() == {"first": 0, "solved": 1, "tried": 1,
                                                           "total": len(PUZZLES)}


def test_after_the_answer_the_status_says_solved_not_the_other_side_to_move():
    """QA 4: "Black (you) to move" after White's answer misled; the status says Solved."""
    from boardkit.i18n import set_language
    from boardkit.puzzles import PuzzleWidget
    w = PuzzleWidget(PUZZLES, start=5)           # crowning
    assert w.board.status.startswith("White (you) to move")
    w.click(7)
    w.click(3)
    assert w.feedback.startswith("Right: 7-3")
    assert w.board.status.startswith("Solved: press Next") and "Black" not in w.board.status
    assert "Solved" in w.board.canvas.label
    w.retry()
    assert w.board.status.startswith("White (you) to move")
    set_language("ja")
    try:
        j = PuzzleWidget(PUZZLES)
        j.click(22)
        j.click(17)
        assert j.board.status.startswith("正解です。")
    finally:
        set_language("en")


def test_a_puzzle_that_ends_the_game_says_solved_and_how_it_ended():
    from boardkit.puzzles import PuzzleWidget
    w = PuzzleWidget(PUZZLES, start=8)           # win by blocking
    w.click(29)
    w.click(25)
    assert w.board.status == ("Solved: press Next for the next puzzle (or Retry to play it again). · "
                              "Black has no legal move: White wins (CK-10)")
    assert "hints used" not in w.board.status
