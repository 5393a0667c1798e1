"""The 121-hole star: geometry facts, camps, tips, labels (DG-01..DG-03)."""
from collections import Counter
from itertools import product

import pytest

from boardkit import FormatError
from boardkit.diamond import geometry as B


def cube(h):
    return h[0], h[1], -h[0] - h[1]


def test_dg01_star_has_121_holes_61_in_the_hexagon():
    """DG-01: the star is the two big triangles; their intersection is the hexagon."""
    # counted here from the definition, independently of board.py's own loops
    star = {(q, r) for q, r in product(range(-8, 9), repeat=2)
            if min(cube((q, r))) >= -4 or max(cube((q, r))) <= 4}
    assert len(star) == 121
    assert set(B.HOLES) == star
    assert len(B.HEXAGON) == 61
    assert all(max(map(abs, cube(h))) <= 4 for h in B.HEXAGON)


def test_dg01_six_tips_of_ten_outside_the_hexagon():
    tips = [B.tip(n) for n in B.TIP_NAMES]
    assert [len(t) for t in tips] == [10] * 6
    union = set().union(*tips)
    assert len(union) == 60                      # disjoint
    assert union | B.HEXAGON == set(B.HOLES)
    assert not union & B.HEXAGON


def test_dg01_neighbour_counts():
    """DG-01: up to six neighbours along three lines. Counted by hand: each tip
    has its apex (2), six holes on its two outer edges (4) and three inner holes (6);
    the hexagon's six corners have 5 and its other 55 holes 6."""
    counts = Counter(len(B.neighbours(h)) for h in B.HOLES)
    assert counts == {2: 6 * 1, 4: 6 * 6, 6: 6 * 3 + 55, 5: 6}
    corners = {h for h in B.HEXAGON if sorted(map(abs, cube(h))) == [0, 4, 4]}
    assert {h for h in B.HOLES if len(B.neighbours(h)) == 5} == corners
    # neighbours are symmetric and one step away
    for h in B.HOLES:
        for n in B.neighbours(h):
            assert h in B.neighbours(n)
            assert B.distance(h, n) == 1


def test_dg01_lines_are_straight_and_unbroken():
    """Every ray from a hole runs along one direction until the edge of the star."""
    for i, h in enumerate(B.HOLES):
        for d, (dq, dr) in enumerate(B.DIRECTIONS):
            ray = [B.HOLES[j] for j in B.RAYS[i][d]]
            assert ray == [(h[0] + k * dq, h[1] + k * dr) for k in range(1, len(ray) + 1)]
            nxt = (h[0] + (len(ray) + 1) * dq, h[1] + (len(ray) + 1) * dr)
            assert nxt not in B.INDEX


def test_dg02_camps_are_triangles_of_15_with_apex_and_border():
    """DG-02: a camp is a tip's 10 holes plus the 5 border holes, apex marked ◎."""
    for n in B.TIP_NAMES:
        camp, tip, border = B.camp(n), B.tip(n), B.border(n)
        assert len(camp) == 15 and tip < camp and len(border) == 5
        assert border <= B.HEXAGON
        # the border is one straight hexagon edge
        assert len({cube(h)[k] for h in border for k in range(3)} & {4, -4}) >= 1
        apex = B.apex(n)
        assert apex in tip and len(B.neighbours(apex)) == 2
        # the apex is the camp hole furthest from the centre (distance 8)
        assert B.distance(apex, (0, 0)) == 8
        assert max(B.distance(h, (0, 0)) for h in camp) == 8
        # triangle of side 5: rows of 1, 2, 3, 4, 5 by distance from the apex
        rows = Counter(B.distance(apex, h) for h in camp)
        assert rows == {0: 1, 1: 2, 2: 3, 3: 4, 4: 5}


def test_dg03_border_corners_shared_with_neighbouring_camps():
    """DG-03: each camp's two border ends are hexagon corners that also belong to the
    camps of the two adjacent tips, and to no opposite camp."""
    names = B.TIP_NAMES
    for k, n in enumerate(names):
        corners = B.corners(n)
        assert len(corners) == 2
        assert all(max(map(abs, cube(h))) == 4 and sum(1 for c in cube(h) if abs(c) == 4) == 2
                   for h in corners)
        left, right = names[(k - 1) % 6], names[(k + 1) % 6]
        assert len(corners & B.camp(left)) == 1 and len(corners & B.camp(right)) == 1
        assert not corners & B.camp(B.opposite(n))
    # six corners in all, each in exactly two camps
    assert len(set().union(*(B.corners(n) for n in names))) == 6


def test_tips_clockwise_and_opposites():
    # in the drawing (y down) N is at the top, S at the bottom
    assert B.xy(B.apex("N"))[1] < 0 < B.xy(B.apex("S"))[1]
    for n in B.TIP_NAMES:
        a, b = B.apex(n), B.apex(B.opposite(n))
        assert (a[0] + b[0], a[1] + b[1]) == (0, 0)


def test_labels_round_trip_and_layout():
    labels = [B.label(h) for h in B.HOLES]
    assert len(set(labels)) == 121
    assert all(B.hole(s) == h for s, h in zip(labels, B.HOLES))
    assert B.label(B.apex("S")) == "a1" and B.label(B.apex("N")) == "q1"
    assert B.label((0, 0)) == "i5"
    # row lengths from the bottom row a to the top row q
    rows = Counter(s[0] for s in labels)
    assert [rows[c] for c in B.ROW_LETTERS] == [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    assert B.hole(" E5 ") == B.hole("e5")


@pytest.mark.parametrize("bad", ["z1", "a2", "e14", "", "5e", "i0"])
def test_dg01_unknown_label_is_a_format_error(bad):
    with pytest.raises(FormatError, match="DG-01"):
        B.hole(bad)


@pytest.mark.parametrize("bad", [(3, 9), (5, 5), (-9, 0)])
def test_dg01_unknown_hole_is_a_format_error(bad):
    with pytest.raises(FormatError, match=r"is not a hole of the board \(DG-01\)"):
        B.label(bad)


def test_bad_tip_name():
    with pytest.raises(FormatError, match="tips are"):
        B.camp("north")


# ------------------------------------------------------------------ drawing
def test_drawing_has_a_clickable_cell_per_hole_and_marks_kings():
    import re

    from boardkit.diamond import DiamondGame, DiamondRules
    g = DiamondGame()
    svg = g.draw().to_svg()
    cells = set(re.findall(r'data-cell="(-?\d+,-?\d+)"', svg))
    assert cells == {f"{q},{r}" for q, r in B.HOLES}
    assert svg.count(">王<") == 3                       # DG-04: kings drawn with 王, not colour alone
    assert svg == g.draw().to_svg()                     # deterministic
    assert ">王<" not in DiamondGame(DiamondRules(kings=False)).draw().to_svg()


def test_drawing_options_targets_labels_arrows_forbidden():
    from boardkit.diamond import DiamondGame
    from boardkit.diamond.draw import TARGET
    g = DiamondGame()
    plain = g.draw().to_svg()
    h = B.hole("d2")
    marked = g.draw(selected=h, targets=g.reachable_from(h)).to_svg()
    assert marked.count(f'fill="{TARGET}"') == len(g.reachable_from(h)) > 0
    assert "stroke-dasharray" not in plain
    assert ">a1<" in g.draw(labels=True).to_svg() and ">a1<" not in plain
    assert "<polyline" in g.draw(arrows=[[h, B.hole("f4")]]).to_svg()
    # DG-13: the selected piece's forbidden holes carry a cross: 40 holes, two lines each
    crosses = g.draw(forbidden_for=0).to_svg().count('stroke="#5b5b5b"')
    assert crosses == 2 * 40
    assert g.draw(flip=True).to_svg() != plain
