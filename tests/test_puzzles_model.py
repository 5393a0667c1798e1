"""Puzzles are data (boardkit.puzzles, no ipywidgets); the widget is boardkit.widgets.puzzle.

The puzzle widget hides the board's game controls by their role (``game_controls()``),
and a puzzle's marks are drawn by the game's own ``draw()`` (the ``marks`` option).
"""
from __future__ import annotations

import importlib
import os
import subprocess
import sys

import pytest

GAMES = ("checkers", "diamond", "backgammon", "mawari")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_puzzle_data_imports_no_ipywidgets():
    """What tools/handouts.py does: read every game's puzzles and draw their positions."""
    code = ("import sys, importlib, boardkit.puzzles\n"
            f"for g in {GAMES!r}:\n"
            "    m = importlib.import_module(f'boardkit.{g}.puzzles')\n"
            "    for p in m.PUZZLES:\n"
            "        draw = getattr(m, 'draw_puzzle', None)\n"
            "        (draw(p) if draw else p.make_game().draw()).to_svg()\n"
            "        p.text('goal'); p.refusal_traps()\n"
            "print('ipywidgets' in sys.modules, 'boardkit.widgets' in sys.modules)\n")
    env = dict(os.environ, PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=ROOT, check=True).stdout.split()
    assert out == ["False", "False"]


def test_old_import_path_of_the_widget_still_works():
    from boardkit.puzzles import PuzzleWidget
    from boardkit.widgets.puzzle import PuzzleWidget as Widget
    assert PuzzleWidget is Widget
    import boardkit.puzzles as P
    assert not hasattr(P, "mark_svg") and not hasattr(P, "_cell_shapes")
    with pytest.raises(AttributeError):
        P.NoSuchThing  # noqa: B018


@pytest.mark.parametrize("game", GAMES)
def test_puzzle_board_hides_every_game_control_by_role(game):
    from boardkit.widgets.puzzle import PuzzleWidget
    puzzles = importlib.import_module(f"boardkit.{game}.puzzles").PUZZLES
    w = PuzzleWidget(puzzles)
    controls = w.board.game_controls()
    assert w.board.new_button in controls and w.board.setup_panel in controls
    assert all(c.layout.display == "none" for c in controls)
    assert w.board.canvas.layout.display != "none" and w.board.flip_button.layout.display != "none"


def test_a_control_a_game_declares_is_hidden_whatever_its_name():
    import ipywidgets as W

    from boardkit.checkers.puzzles import PUZZLES
    from boardkit.checkers.widget import CheckersWidget
    from boardkit.widgets import puzzle
    from boardkit.widgets.puzzle import PuzzleWidget

    class Odd(CheckersWidget):
        def extra_rows(self):
            self.zz_strange_name = W.Button(description="mine")
            return [W.HBox([self.zz_strange_name])]

        def game_controls(self):
            return [*super().game_controls(), self.zz_strange_name]

    old = puzzle.BOARDS["checkers"]
    puzzle.BOARDS["checkers"] = lambda: Odd
    try:
        w = PuzzleWidget(PUZZLES)
    finally:
        puzzle.BOARDS["checkers"] = old
    assert w.board.zz_strange_name.layout.display == "none"


def test_marks_come_from_the_games_draw():
    from boardkit.diamond.puzzles import PUZZLES, draw_puzzle
    from boardkit.widgets.puzzle import PuzzleWidget
    marked = [i for i, p in enumerate(PUZZLES) if p.marks]
    assert marked
    for i in marked:
        p = PUZZLES[i]
        w = PuzzleWidget(PUZZLES, start=i)
        svg = w.board.canvas.svg
        assert svg.count("data-mark=") == len(p.marks)
        paper = draw_puzzle(p).to_svg()
        assert paper == p.make_game().draw(marks=p.marks).to_svg()
        assert paper.count("data-mark=") == len(p.marks)
        w.board.click("a1")        # a wrong or refused click sets the position up again
        w.retry()
        assert w.board.canvas.svg.count("data-mark=") == len(p.marks)


def test_a_puzzle_may_leave_its_english_texts_and_trap_reasons_to_the_catalogue():
    """The catalogue holds a puzzle's words by key (puzzle.<game>.<id>.<field>): data with
    only an id, a position and its answers reads the same texts in every language."""
    import dataclasses

    from boardkit._catalogue import render
    from boardkit.checkers.puzzles import PUZZLES
    from boardkit.puzzles import TEXT_FIELDS, Puzzle
    full = next(p for p in PUZZLES if p.traps)
    bare = Puzzle(full.game, full.position, accepted=full.accepted, rule=full.rule, id=full.id,
                  variant=full.variant, traps=tuple(a for a, _ in full.traps))
    for name in TEXT_FIELDS:
        for lang in ("en", "ja"):
            assert bare.text(name, lang) == full.text(name, lang)
    answer = full.traps[0][0]
    assert bare.trap(answer, "ja") == render(full.key(f"trap.{answer}"), "ja") == full.trap(answer, "ja")
    assert bare.trap(answer, "en") == full.trap(answer, "en")
    # the English fields left empty are the catalogue's (printed pages and records read them)
    assert bare == full and bare.texts() == full.texts() != {}
    assert bare.goal == render(full.key("goal"), "en") and dict(bare.traps)[answer] == bare.trap(answer, "en")
    changed = dataclasses.replace(full, goal="Find the other move.")
    assert changed.text("goal", "ja") == "Find the other move."       # changed data says itself
    with pytest.raises(Exception, match="lang must be one of"):
        bare.text("goal", "xx")
