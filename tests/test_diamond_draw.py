"""The board drawing: options checked, players told apart without colour (issue 11)."""
import re

import pytest

from boardkit._core import BoardkitError
from boardkit.diamond import DiamondGame, DiamondRules
from boardkit.diamond.draw import MARKS, OKABE_ITO, PIECE_COLOURS


def test_unknown_draw_option_is_refused_naming_the_accepted_ones():
    g = DiamondGame()
    with pytest.raises(BoardkitError, match="flipp.*accepted"):
        g.draw(flipp=True)
    with pytest.raises(BoardkitError, match="palette"):
        g.draw(palette="neon")


def test_every_colour_has_its_own_mark():
    assert len(set(MARKS.values())) == len(MARKS) == len(PIECE_COLOURS) == len(OKABE_ITO)


def _marks_in(svg_text):
    """Counts of the mark shapes drawn inside pieces (elements with pointer-events none)."""
    inside = re.findall(r"<(circle|polygon|rect|line)[^>]*pointer-events=\"none\"", svg_text)
    return {k: inside.count(k) for k in set(inside)}


def test_dg02_three_players_pieces_carry_three_different_marks():
    """DG-02: red dots, yellow triangles, green squares; the kings keep 王 and add the
    mark, small, so each player is told apart without colour."""
    text = DiamondGame().draw().to_svg()
    marks = _marks_in(text)
    assert marks["circle"] >= 15 and marks["rect"] >= 15 and marks["polygon"] >= 15
    assert text.count("王") == 3


def test_okabe_ito_palette_swaps_the_fills_only():
    g = DiamondGame(DiamondRules(players=2))
    std, safe = g.draw().to_svg(), g.draw(palette="okabe-ito").to_svg()
    assert PIECE_COLOURS["red"][0] in std and PIECE_COLOURS["red"][0] not in safe
    assert OKABE_ITO["red"][0] in safe and OKABE_ITO["yellow"][0] in safe
    assert _marks_in(std) == _marks_in(safe)


def test_chinese_board_six_marks():
    text = DiamondGame(DiamondRules.chinese(players=6)).draw().to_svg()
    assert _marks_in(text)["line"] >= 20          # blue crosses: two lines each


def test_last_move_can_mark_several_moves():
    g = DiamondGame(DiamondRules(players=2))
    for _ in range(2):
        g.play(g.legal_moves()[0])
    one, two = g.draw(last_move=1).to_svg(), g.draw(last_move=2).to_svg()
    assert two.count("stroke-dasharray") > one.count("stroke-dasharray")
    assert g.draw(last_move=False).to_svg().count("stroke-dasharray") < one.count("stroke-dasharray")


JUNK = [None, "x", 5, 1.5, float("nan"), float("inf"), True, [5], [[1, 2, 3]], {"a": 1},
        (0, 0), "e5", -1, 10**30, object(), ["zz"], [["e5", 7]]]


@pytest.mark.parametrize("option", ["size", "flip", "labels", "highlight", "targets", "arrows",
                                    "selected", "hint", "last_move", "title", "forbidden_for",
                                    "rotate", "palette"])
def test_junk_option_values_draw_or_raise_a_boardkit_error(option):
    """Issue 8: any value of any draw option gives a board or a BoardkitError."""
    g = DiamondGame()
    for value in JUNK:
        try:
            g.draw(**{option: value}).to_svg()
        except BoardkitError:
            pass


def test_labels_empty_names_only_the_empty_holes():
    """labels="empty" (the play page): every empty hole named, no name over a piece, so a
    piece's shape mark and the king's 王 stay visible (accessibility: not colour alone)."""
    from boardkit.diamond import geometry as B
    g = DiamondGame()
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", g.draw(labels="empty").to_svg())
    named = {t for t in texts if re.fullmatch(r"[a-q]\d{1,2}", t)}
    empty = {B.label(h) for h in g.holes()} - {B.label(h) for h in g.pieces()}
    assert named == empty
    everything = re.findall(r"<text[^>]*>([^<]*)</text>", g.draw(labels=True).to_svg())
    assert {B.label(h) for h in g.holes()} <= set(everything)
    with pytest.raises(BoardkitError, match="labels"):
        g.draw(labels="some")


def _mark_centres(svg_text: str) -> list[tuple[float, float]]:
    """The centres of the pieces' shape marks (the shapes that take no clicks)."""
    out = []
    for tag in re.findall(r"<(?:circle|polygon|rect)[^>]*pointer-events=\"none\"[^>]*>", svg_text):
        a = dict(re.findall(r'([\w-]+)="([^"]*)"', tag))
        if tag.startswith("<circle"):
            out.append((float(a["cx"]), float(a["cy"])))
        elif tag.startswith("<rect"):
            out.append((float(a["x"]) + float(a["width"]) / 2, float(a["y"]) + float(a["height"]) / 2))
        else:
            pts = [tuple(map(float, p.split(","))) for p in a["points"].split()]
            out.append((sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)))
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_labels_on_pieces_keep_every_shape_mark_in_view(players):
    """labels=True (the handouts, the play page): every hole named, pieces and kings too,
    and each piece keeps its colour's shape mark clear of its name, so a black-and-white
    print tells the colours apart by more than shade."""
    from boardkit.diamond import DiamondRules
    from boardkit.diamond import geometry as B
    g = DiamondGame(DiamondRules(players=players))
    plain, named = g.draw().to_svg(), g.draw(labels=True).to_svg()
    marks = _mark_centres(named)
    assert len(marks) == len(_mark_centres(plain)) == len(g.pieces())
    texts = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>([^<]*)</text>', named)
    labels = {t[3]: (float(t[0]), float(t[1]), float(t[2])) for t in texts
              if re.fullmatch(r"[a-q]\d{1,2}", t[3])}
    assert set(labels) == {B.label(h) for h in g.holes()}
    for h in g.pieces():
        x, y, size = labels[B.label(h)]
        near = min(marks, key=lambda m: (m[0] - x) ** 2 + (m[1] - y) ** 2)
        assert y - near[1] >= size * 0.8, f"the name {B.label(h)} covers its piece's mark"
