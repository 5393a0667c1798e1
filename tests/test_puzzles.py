"""The shared puzzle widget (issue 13), driven from Python on the checkers puzzles."""
from __future__ import annotations

import dataclasses

import pytest

from boardkit._core import BoardkitError
from boardkit.checkers.puzzles import PUZZLES
from boardkit.i18n import set_language, tr
from boardkit.puzzles import Puzzle, PuzzleSet, PuzzleWidget

#: the checkers puzzles without their traps: a wrong move gets the generic "Not this one"
PLAIN = PuzzleSet("checkers", tuple(dataclasses.replace(p, traps=()) for p in PUZZLES))


def test_right_answer_scores_and_locks_the_board():
    w = PuzzleWidget(PUZZLES)
    assert "CK-04" in w.title_html.value and "Black has nothing to capture" in w.goal_html.value
    w.click(22)
    w.click(17)
    assert w.feedback.startswith("Right: 22-17") and "Next" in w.feedback
    assert w.score() == {"first": 1, "solved": 1, "tried": 1, "total": len(PUZZLES)}
    w.click(14)                                  # Black's turn now, but the puzzle is over
    assert w.board.game.fen() == "B:W17,21:B14"
    assert "solved" in w.board.message


def test_wrong_legal_answer_resets_names_the_rule_and_counts():
    w = PuzzleWidget(PLAIN)
    w.click(22)
    w.click(18)
    assert w.feedback.startswith("Not this one: 22-18") and "(CK-04)" in w.feedback
    assert w.board.game.fen() == PUZZLES[0].position and w.board.game.history == []
    assert w.score() == {"first": 0, "solved": 0, "tried": 1, "total": len(PUZZLES)}
    w.click(22)
    w.click(17)
    assert w.feedback.startswith("Right")
    assert w.score()["solved"] == 1 and w.score()["first"] == 0
    assert "Solved 1 of 10 (0 at the first try), tried 1." in w.score_text()


def test_a_second_miss_shows_the_hint():
    w = PuzzleWidget(PLAIN)
    w.click(22)
    w.click(18)
    assert "Hint" not in w.feedback
    w.click(21)
    w.click(17)
    assert w.feedback.startswith("Not this one: 21-17") and "Hint: " + PUZZLES[0].hint in w.feedback
    assert w.score()["tried"] == 1


def test_illegal_click_shows_the_engine_rule_and_changes_nothing():
    w = PuzzleWidget(PUZZLES, start=2)           # the forced capture
    w.click(27)
    assert "CK-06" in w.board.message
    assert w.score()["tried"] == 0 and w.feedback == ""
    w.click(22)
    w.click(15)
    assert w.feedback.startswith("Right: 22x15")


def test_multi_jump_by_clicks_and_navigation():
    w = PuzzleWidget(PUZZLES)
    w.next()
    w.next()
    w.next()
    w.next()
    assert w.puzzle.title == "A double jump"
    w.click(27)
    w.click(18)                                  # the jump goes on to 11 by itself
    assert w.feedback.startswith("Right: 27x18x11")
    w.previous()
    assert w.puzzle.rule == "CK-06" and w.feedback == ""
    w.retry()
    w.show_hint()
    assert "most pieces" in w.feedback
    w.index = len(PUZZLES) - 1
    w.retry()
    w.next()
    assert w.feedback == tr("puzzle.last")
    assert w.next_button.disabled


def test_international_majority_puzzle_by_clicks():
    w = PUZZLES.for_rule("CK-06").widget(start=1)
    assert w.board.game.rules.name == "international"
    w.click(22)
    assert "CK-06" in w.board.message
    w.click(29)
    w.click(18)
    assert w.feedback.startswith("Right: 29x18x9")


def test_repr_is_stable_text():
    w = PuzzleWidget(PUZZLES)
    assert repr(w) == ("<PuzzleWidget (checkers): Puzzle 1 of 10: A safe step (CK-04) · "
                       "Solved 0 of 10 (0 at the first try), tried 0.>")


def test_japanese_words():
    set_language("ja")
    try:
        w = PuzzleWidget(PLAIN)
        w.click(22)
        w.click(18)
        assert "ちがいます" in w.feedback and "CK-04" in w.feedback
        assert "問" in w.score_text() and w.next_button.description == "次へ"
    finally:
        set_language("en")


def test_bad_puzzle_data_is_refused():
    p = PUZZLES[0]
    with pytest.raises(BoardkitError, match="rule ID"):
        Puzzle("checkers", p.position, "x", ("22-17",), "CK4")
    with pytest.raises(BoardkitError, match="no accepted"):
        Puzzle("checkers", p.position, "x", (), "CK-04")
    with pytest.raises(BoardkitError, match="rule order"):
        PuzzleSet("x", (PUZZLES[2], PUZZLES[0]))
    with pytest.raises(BoardkitError, match="puzzle game"):
        Puzzle("chess", "", "x", ("e4",), "CK-04").make_game()
    with pytest.raises(BoardkitError, match="empty"):
        PuzzleWidget([])
    assert Puzzle("checkers", p.position, "x", "22-17", "CK-04").accepted == ("22-17",)


def _move_puzzles():
    import importlib

    from boardkit.puzzles import GAME_MODULES
    for game, mod in GAME_MODULES.items():
        if game != "mawari":                     # 回り将棋 is answered by a cell (its own tests)
            yield from importlib.import_module(mod).PUZZLES


@pytest.mark.parametrize("puzzle", [p for p in _move_puzzles() if p.refusal_traps()], ids=lambda p: p.id)
def test_every_refusal_trap_clicked_counts_a_try_naming_its_rule(puzzle):
    """Clicking the start then the end of a trap the engine refuses: the board refuses it,
    the puzzle counts a wrong try and names the rule; the position is unchanged."""
    import re
    for answer, (start, end), engine in puzzle.refusal_traps():
        w = PuzzleWidget([puzzle])
        before = w.board.game.to_json()
        w.board.click(start)
        w.board.click(end)
        rules = re.findall(r"[A-Z]{2}-\d\d", puzzle.trap(answer))
        assert w.attempts == [1] and w.feedback.startswith(f"Not {answer}: "), (answer, w.feedback)
        assert rules and all(f"{r}" in w.feedback for r in rules)
        assert set(rules) & set(re.findall(r"[A-Z]{2}-\d\d", engine)), engine
        assert w.board.game.to_json() == before and not w.done


def test_marks_are_drawn_on_their_cells_and_catch_no_click():
    from boardkit.svg import Drawing
    d = Drawing(100, 40).circle(10, 10, 4, cell="a").star_ring(10, 10, 11.2, "a")
    out = d.star_ring(60, 10, 10, "c").to_svg()
    assert out.count("data-mark=") == 2
    assert '<circle cx="10" cy="10" r="11.2"' in out and '<circle cx="60" cy="10" r="10"' in out
    assert out.count('pointer-events="none"') == 4 and out.endswith("</svg>")
    from boardkit.diamond import DiamondGame
    g = DiamondGame()
    assert g.draw().to_svg() == g.draw(marks=[]).to_svg()
    ring = g.draw(marks=["i5"]).to_svg()
    assert ring.count('data-mark="0,0"') == 1 and ring.index("data-mark") > ring.rindex("data-cell")
    import importlib

    from boardkit.puzzles import GAME_MODULES, move_ends
    for p in _move_puzzles():                    # every mark: a start or end of an accepted answer
        if p.marks:
            cell = getattr(importlib.import_module(GAME_MODULES[p.game]), "board_cell", str)
            ends = {c for a in p.accepted for c in move_ends(p.game, a)}
            svg = PuzzleWidget([p]).board.canvas.svg
            for m in p.marks:
                assert cell(m) in ends and f'data-mark="{cell(m)}"' in svg and f'data-cell="{cell(m)}"' in svg


def test_the_puzzle_board_is_read_out_by_its_game_name():
    """QA 10: the aria-label began "puzzlediamond board." (the mixed class's name)."""
    import importlib

    from boardkit.puzzles import GAME_MODULES
    for game, mod in GAME_MODULES.items():
        w = PuzzleWidget(importlib.import_module(mod).PUZZLES)
        assert w.board.canvas.label.startswith(f"{game} board"), w.board.canvas.label


def test_on_a_puzzle_board_only_cells_catch_clicks():
    """QA 31/32: a shape that stands for no cell (Diamond's cross on a forbidden tip, a
    回り将棋 badge, grid lines) let the click through to the cell under it."""
    import importlib
    import re

    from boardkit.puzzles import GAME_MODULES, pass_clicks
    assert pass_clicks('<svg><line x1="0"/><circle r="1" data-cell="a"/><text pointer-events="auto">'
                       '</text></svg>') == ('<svg><line pointer-events="none" x1="0"/><circle r="1" '
                                            'data-cell="a"/><text pointer-events="auto"></text></svg>')
    for game, mod in GAME_MODULES.items():
        svg = PuzzleWidget(importlib.import_module(mod).PUZZLES).board.canvas.svg
        for tag in re.findall(r"<(?:line|polyline|path|text|circle|rect|polygon|ellipse)\b[^>]*>", svg):
            assert "data-cell=" in tag or 'pointer-events="none"' in tag, (game, tag)
        assert "data-cell=" in svg


def test_no_capture_rings_on_a_checkers_puzzle_board():
    """QA 3: the CK-06 rings drew the answer piece; the refusal still names CK-06."""
    from boardkit.checkers.widget import CheckersWidget
    i = next(k for k, p in enumerate(PUZZLES) if p.id == "ck06_forced")
    w = PuzzleWidget(PUZZLES, start=i)
    game = PUZZLES[i].make_game()
    assert w.board.canvas.svg.count("<circle") < CheckersWidget(game=game).canvas.svg.count("<circle")
    w.click(27)
    assert "CK-06" in w.board.message and "22" not in w.board.message
