"""Readable before running: every game widget, puzzle and quiz carries a static view in
its display bundle (text/html with the board as an <img> data URI, which untrusted
JupyterLab renders; the whole question and choices; a run cue) and a whole text/plain."""
import base64
import re

from boardkit import quiz
from boardkit.backgammon.widget import BackgammonWidget
from boardkit.checkers.widget import CheckersWidget
from boardkit.diamond.widget import DiamondWidget
from boardkit.mawari.widget import MawariWidget

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _board(html_text):
    m = re.search(r'<img src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html_text)
    assert m, html_text[:200]
    return base64.b64decode(m.group(1)).decode()


def test_game_widgets_show_their_board_and_a_run_cue():
    for cls in (CheckersWidget, DiamondWidget, BackgammonWidget, MawariWidget):
        w = cls()
        b = w._repr_mimebundle_()
        assert WIDGET_VIEW in b                                  # the live view stays
        assert _board(b["text/html"]) == w.canvas.svg            # the picture is the board
        assert "Run the cell" in b["text/html"] and "Run the cell" in b["text/plain"]
        assert not b["text/plain"].startswith("<") and "Widget" not in b["text/plain"]


def test_puzzle_widgets_show_title_goal_and_board():
    from boardkit.checkers.puzzles import PUZZLES
    from boardkit.puzzles import PuzzleWidget
    w = PuzzleWidget(PUZZLES)
    b = w._repr_mimebundle_()
    goal = w.puzzle.text("goal")
    assert goal in b["text/html"] and goal in b["text/plain"]
    assert "<svg" in _board(b["text/html"])


def test_quiz_text_is_never_cut():
    long = "a " * 80 + "end?"
    q = quiz.choice(long, ["the first choice, which is long enough", "the second"],
                    answer="the second")
    b = q._repr_mimebundle_()
    assert long in b["text/plain"] and "the second" in b["text/plain"]       # ipywidgets cuts at 110
    assert "<li>the first choice, which is long enough</li>" in b["text/html"]


def test_the_roll_grid_shows_its_question_and_grid_and_judges_clicks():
    """Notebook 35's grid of the 36 rolls: a static view with the question and all 36 rolls,
    and Check judges the marked rolls (BG-06: a double is one roll of 36)."""
    from boardkit.backgammon.widget import RollGrid
    g = RollGrid("Mark the doubles.", [(a, a) for a in range(1, 7)], "six of 36")
    page = g._repr_mimebundle_()["text/html"]
    assert "Mark the doubles." in page and page.count("<td>") == 36 and "▶" in page
    assert g.check() is False
    for a in range(1, 7):
        g.cells[(a, a)].value = True
    assert g.check() is True and "6 rolls of 36" in g.feedback.value
    g.cells[(1, 2)].value = True
    assert g.check() is False and g.cells[(1, 2)].button_style == "danger"
