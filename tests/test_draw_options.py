"""One reader of draw() options for the four games (boardkit._drawopts).

Any value of any shared option gives a board or a BoardkitError that names the option,
in every game; the values below are junk in every game and must be refused.
"""
from __future__ import annotations

import numpy as np
import pytest

from boardkit import BoardkitError
from boardkit._drawopts import DRAW_OPTIONS, DrawOptions, draw_options, parse_cells
from boardkit.backgammon import BackgammonGame
from boardkit.checkers import CheckersGame
from boardkit.diamond import DiamondGame
from boardkit.mawari import MawariGame

GAMES = {"checkers": CheckersGame, "diamond": DiamondGame, "backgammon": BackgammonGame,
         "mawari": MawariGame}

#: values that are no good for any shared option in any game
ALWAYS_JUNK = {
    "size": [float("nan"), float("inf"), 10 ** 30, -5, "big", np.array([1, 2]), [400], True],
    "flip": [5, "yes", np.array([True, False]), None, 1.5],
    "labels": [5, "some", np.array([1]), 1.5],
    "highlight": [99999, 10 ** 30, object(), [object()], [[[["deep"]]]], 1.5, float("nan"),
                  np.array([[1, 2], [3, 4]]), "zz"],
    "targets": [99999, [10 ** 30], {"a": 1}, "zz"],
    "selected": [99999, ["zz"], object()],
    "arrows": ["x", 5, [5], [["zz", "zz"]], [[object(), object()]], np.array([[1, 2]]),
               [[[1, 2], [3]]]],
    "hint": [5, "x", object(), [[[1]]], float("nan")],
    "last_move": [-1, 10 ** 30, "x", 1.5, float("nan"), np.array([1, 2])],
    "title": [5, ["a"], b"bytes", np.array([1]), float("nan")],
    "marks": [99999, ["zz"], 1.5],
}
#: values that may draw or be refused; never a raw Python error
MAYBE = [None, "x", 5, 1.5, float("nan"), float("inf"), True, [5], [[1, 2, 3]], {"a": 1}, (0, 0),
         "e5", "1九", "13", -1, 10 ** 30, object(), ["zz"], [["e5", 7]], np.arange(40),
         np.int64(5), [np.int64(5)], (x for x in [1, 2])]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("option", [o for o in DRAW_OPTIONS if o in ALWAYS_JUNK])
def test_junk_value_is_refused_naming_the_option(game, option):
    g = GAMES[game]()
    for value in ALWAYS_JUNK[option]:
        with pytest.raises(BoardkitError, match=option):
            g.draw(**{option: value}).to_svg()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("option", list(DRAW_OPTIONS) + ["extra"])
def test_any_value_draws_or_is_refused_naming_the_option(game, option):
    g = GAMES[game]()
    names = [option] if option != "extra" else list(g.draw_extras)
    for name in names:
        for value in MAYBE:
            try:
                g.draw(**{name: value}).to_svg()
            except BoardkitError as e:
                assert name in str(e), (name, value, str(e))


def test_the_reported_bugs_are_refused():
    """MawariGame().draw(highlight=5) and CheckersGame().draw(title=5) used to raise raw
    TypeError / AttributeError."""
    with pytest.raises(BoardkitError, match="highlight"):
        MawariGame().draw(highlight=5)
    for G in GAMES.values():
        with pytest.raises(BoardkitError, match="title"):
            G().draw(title=5)


@pytest.mark.parametrize("game,cells", [("checkers", [22, "18"]), ("diamond", ["i5", (0, 0)]),
                                        ("backgammon", ["13", "bar"]), ("mawari", ["1九", "5一"])])
def test_valid_cells_draw_and_are_read_by_the_game(game, cells):
    """Each game reads its own cells; the same list works for every cell option."""
    g = GAMES[game]()
    svg = g.draw(highlight=cells, targets=cells, selected=cells[0], marks=cells,
                 arrows=[cells]).to_svg()
    assert svg.count("data-mark=") == len(cells)


def test_marks_are_drawn_on_top_with_their_cell():
    g = CheckersGame()
    plain = g.draw().to_svg()
    marked = g.draw(marks=[22]).to_svg()
    assert "data-mark" not in plain
    assert marked.index('data-mark="22"') > marked.rindex("data-cell")


def test_draw_options_reader_keeps_order_defaults_and_given():
    o = draw_options({"highlight": ["b", "a", "b"], "title": None}, str.strip,
                     defaults={"size": 300, "labels": True})
    assert isinstance(o, DrawOptions)
    assert o.highlight == ("b", "a", "b") and o.size == 300 and o.labels is True
    assert o.given == {"highlight", "title"} and o.last_move == 0
    assert draw_options({"size": None}, str, defaults={"size": 300}).size == 300
    assert draw_options({"last_move": True}, str).last_move == 1
    with pytest.raises(BoardkitError, match="unknown option.*colour"):
        draw_options({"colour": 1}, str)
    with pytest.raises(BoardkitError, match="at most 1,000"):
        parse_cells(iter(range(10 ** 9)), "highlight", int)


def test_frozen():
    o = draw_options({}, str)
    with pytest.raises(AttributeError):
        o.size = 5
