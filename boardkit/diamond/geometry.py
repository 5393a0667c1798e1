"""The 121-hole star: holes, lines, tips, camps, labels (DG-01..DG-03).

Holes are axial coordinates ``(q, r)`` with the third cube coordinate ``s = -q - r``;
the centre is ``(0, 0)``. The star is the union of two big triangles,
``{min(q, r, s) >= -4}`` and ``{max(q, r, s) <= 4}``; their intersection is the
central hexagon of 61 holes, and what is left is six tips of 10 holes.

Drawn with ``r`` growing downwards (pointy-top hexagonal layout), the six tips are,
clockwise from the top::

    "N"  r <= -5      "NE" q >= 5      "SE" s <= -5
    "S"  r >= 5       "SW" q <= -5     "NW" s >= 5

Labels (our design, used in the move notation): a letter for the row, counted from
the bottom ``a`` (r = 8, the tip of the south camp) to the top ``q`` (r = -8), then the
hole's place in that row from the left, starting at 1. So ``a1`` is the south ◎,
``i1``..``i9`` is the middle row, and ``q1`` is the north ◎::

    row  q  p  o  n  m  l  k  j  i  h  g  f  e  d  c  b  a
    len  1  2  3  4 13 12 11 10  9 10 11 12 13  4  3  2  1

Everything here is fixed geometry, computed once at import; the game code works
on hole *indices* (0..120, in label order) for speed, and on ``(q, r)`` tuples at
its public surface.
"""
from __future__ import annotations

import math
import numbers

from .._core import FormatError, short_repr

__all__ = ["HOLES", "INDEX", "HEXAGON", "DIRECTIONS", "TIP_NAMES", "ROW_LETTERS", "RADIUS",
           "is_hole", "label", "hole", "neighbours", "tip", "camp", "apex", "border",
           "corners", "opposite", "tip_of", "xy", "distance", "parse_hole", "holes", "tables"]

#: the six line directions, clockwise from east (in the drawing: E, SE, SW, W, NW, NE)
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

#: tip names clockwise from the top of the drawing
TIP_NAMES = ("N", "NE", "SE", "S", "SW", "NW")

ROW_LETTERS = "abcdefghijklmnopq"


def _in_star(q: int, r: int) -> bool:
    s = -q - r
    return min(q, r, s) >= -4 or max(q, r, s) <= 4


# holes in label order: rows from the bottom (r = 8) up, left to right within a row
_ROWS: dict[int, list[tuple[int, int]]] = {}
for _r in range(8, -9, -1):
    _ROWS[_r] = [(q, _r) for q in range(-12, 13) if _in_star(q, _r)]

#: every hole, in label order (index 0 = a1, the south ◎)
HOLES: tuple[tuple[int, int], ...] = tuple(h for r in range(8, -9, -1) for h in _ROWS[r])
#: hole -> its index in HOLES
INDEX: dict[tuple[int, int], int] = {h: i for i, h in enumerate(HOLES)}
#: the central hexagon (61 holes)
HEXAGON: frozenset = frozenset(h for h in HOLES if max(abs(h[0]), abs(h[1]), abs(h[0] + h[1])) <= 4)

_LABELS: dict[tuple[int, int], str] = {}
for _r, _row in _ROWS.items():
    for _k, _h in enumerate(_row):
        _LABELS[_h] = f"{ROW_LETTERS[8 - _r]}{_k + 1}"
_BY_LABEL = {v: k for k, v in _LABELS.items()}


def is_hole(h) -> bool:
    """Whether ``h`` is a ``(q, r)`` hole of the star."""
    return isinstance(h, tuple) and h in INDEX


def parse_hole(h) -> tuple[int, int]:
    """A hole given as ``(q, r)`` (tuple or list) or as a label like ``"e5"``.

    Anything else raises FormatError naming DG-01 and what is accepted."""
    if h.__class__ is tuple and len(h) == 2 and h[0].__class__ is int and h[1].__class__ is int \
            and h in INDEX:               # the common case, without the general checks
        return h
    if isinstance(h, str):
        return hole(h)
    if isinstance(h, (tuple, list)) and len(h) == 2 and all(
            isinstance(c, numbers.Integral) and not isinstance(c, bool) for c in h):
        t = (int(h[0]), int(h[1]))
        if t in INDEX:
            return t
        raise FormatError("dg.err.not_hole_qr", hole=short_repr(t, 60))
    raise FormatError("dg.err.not_hole_value", value=short_repr(h, 40))


def label(h) -> str:
    """The label of a hole, e.g. ``label((-4, 8)) == "a1"``."""
    return _LABELS[parse_hole(h)]


def hole(text: str) -> tuple[int, int]:
    """The ``(q, r)`` hole of a label such as ``"e5"`` (unknown label: FormatError)."""
    t = text.strip().lower() if isinstance(text, str) and len(text) < 64 else None
    if t in _BY_LABEL:
        return _BY_LABEL[t]
    # the text as typed (cut), without Python's quotes, so every language can quote it its way
    shown = text.strip()[:40] if isinstance(text, str) else short_repr(text, 40)
    raise FormatError("dg.err.not_label", text=shown)


def neighbours(h) -> list[tuple[int, int]]:
    """The holes adjacent to ``h`` (2 to 6 of them), in DIRECTIONS order."""
    q, r = parse_hole(h)
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS if (q + dq, r + dr) in INDEX]


def distance(a, b) -> int:
    """Steps between two holes along the lines (hex distance); ``a`` and ``b`` are holes
    as ``parse_hole`` reads them ((q, r) or a label; anything else: FormatError)."""
    a, b = parse_hole(a), parse_hole(b)
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# ------------------------------------------------------------ tips and camps
# each tip is "one cube coordinate beyond the hexagon": (axis, sign)
_TIP_AXIS = {"N": (1, -1), "NE": (0, 1), "SE": (2, -1), "S": (1, 1), "SW": (0, -1), "NW": (2, 1)}

#: the hexagon's "radius" of each board: the Diamond Game star (and the Chinese
#: checkers board, the same 121 holes) and the small 73-hole star of DG-18
RADIUS = {"star": 4, "chinese": 4, "small": 3}


def _cube(h):
    return (h[0], h[1], -h[0] - h[1])


def _check_tip(name: str) -> str:
    if not isinstance(name, str) or name not in _TIP_AXIS:
        raise FormatError(f"{short_repr(name)} is not a tip of the star (DG-01): tips are {list(TIP_NAMES)}")
    return name


def _check_board(kind: str) -> int:
    if not isinstance(kind, str) or kind not in RADIUS:
        raise FormatError(f"{short_repr(kind)} is not a board: boards are {list(RADIUS)}")
    return RADIUS[kind]


def _region(name: str, depth: int, radius: int) -> frozenset:
    axis, sign = _TIP_AXIS[_check_tip(name)]
    out = []
    for h in HOLES:
        c = _cube(h)
        others = [c[i] for i in range(3) if i != axis]
        if sign > 0 and c[axis] >= depth and min(others) >= -radius:
            out.append(h)
        elif sign < 0 and c[axis] <= -depth and max(others) <= radius:
            out.append(h)
    return frozenset(out)


_TIPS = {(n, rad): _region(n, rad + 1, rad) for n in TIP_NAMES for rad in (3, 4)}
_CAMPS = {(n, rad): _region(n, rad, rad) for n in TIP_NAMES for rad in (3, 4)}
_APEX = {(n, rad): max(_TIPS[n, rad], key=lambda h: abs(_cube(h)[_TIP_AXIS[n][0]]))
         for n in TIP_NAMES for rad in (3, 4)}


def holes(kind: str = "star") -> tuple:
    """The holes of a board, in label order: 121 for "star" and "chinese", 73 for
    "small" (DG-18: a hexagon of 37 and tips of 6, all of them holes of the big star)."""
    rad = _check_board(kind)
    return tuple(h for h in HOLES if min(_cube(h)) >= -rad or max(_cube(h)) <= rad)


def tip(name: str, kind: str = "star") -> frozenset:
    """The holes of a tip outside the hexagon (10; 6 on the small board)."""
    return _TIPS[_check_tip(name), _check_board(kind)]


def camp(name: str, kind: str = "star") -> frozenset:
    """The camp (陣地) of a tip: its tip holes plus the border holes (DG-02): 15 holes
    (10 on the small board)."""
    return _CAMPS[_check_tip(name), _check_board(kind)]


def border(name: str, kind: str = "star") -> frozenset:
    """The border holes (境界線) of a camp: the hexagon edge next to the tip."""
    return camp(name, kind) - tip(name, kind)


def corners(name: str, kind: str = "star") -> frozenset:
    """The 2 end holes of a camp's border: hexagon corners shared with the
    neighbouring camps (DG-03)."""
    rad = _check_board(kind)
    return frozenset(h for h in border(name, kind)
                     if sum(1 for n in TIP_NAMES if h in _CAMPS[n, rad]) > 1)


def apex(name: str, kind: str = "star") -> tuple[int, int]:
    """The apex hole of a camp, marked ◎ (DG-02)."""
    return _APEX[_check_tip(name), _check_board(kind)]


def opposite(name: str) -> str:
    """The tip across the centre (a player's goal is opposite its start)."""
    i = TIP_NAMES.index(_check_tip(name))
    return TIP_NAMES[(i + 3) % 6]


def tip_of(h, kind: str = "star") -> str | None:
    """The tip a hole lies in, or None for a hexagon hole."""
    h = parse_hole(h)
    for n in TIP_NAMES:
        if h in tip(n, kind):
            return n
    return None


def xy(h, unit: float = 1.0) -> tuple[float, float]:
    """Drawing coordinates of a hole (centre at 0, 0; neighbours ``unit`` apart; y down).
    ``h`` is a hole ((q, r) or a label), ``unit`` a finite number (else FormatError)."""
    q, r = parse_hole(h)
    if isinstance(unit, bool) or not isinstance(unit, numbers.Real) or not -1e300 < unit < 1e300:
        raise FormatError(f"unit must be a finite number (the distance between neighbours), "
                          f"got {short_repr(unit)}")
    return (unit * (q + r / 2), unit * r * math.sqrt(3) / 2)


# ------------------------------------------------------------ index tables
# (used by movegen.py; plain lists are the fastest thing to index in Python)
N = len(HOLES)
#: NB[i][d]: index of the neighbour of hole i in direction d, or -1
NB: list[list[int]] = [[INDEX.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS] for q, r in HOLES]
#: RAYS[i][d]: indices of the holes from i outwards in direction d, up to the edge
RAYS: list[list[tuple[int, ...]]] = []
for _q, _r in HOLES:
    rays = []
    for dq, dr in DIRECTIONS:
        ray, k = [], 1
        while (_q + k * dq, _r + k * dr) in INDEX:
            ray.append(INDEX[(_q + k * dq, _r + k * dr)])
            k += 1
        rays.append(tuple(ray))
    RAYS.append(rays)


def tables(kind: str = "star") -> tuple[list, list, list, list]:
    """(on_board, NB, RAYS, HOPS) index tables of a board; HOPS[i] lists the
    (jumped, landing) index pairs of the single hops from i. The small board (DG-18) is a
    part of the big star, so its tables are the big ones cut at its edge (its lines
    are unbroken too: every row of a star is one run of holes)."""
    if isinstance(kind, str) and kind in _TABLES:
        return _TABLES[kind]
    inside = set(holes(kind))
    on = [h in inside for h in HOLES]
    nb = [[j if j >= 0 and on[j] else -1 for j in NB[i]] for i in range(N)]
    rays = []
    for i in range(N):
        cut = []
        for ray in RAYS[i]:
            k = 0
            while k < len(ray) and on[ray[k]]:
                k += 1
            cut.append(ray[:k])
        rays.append(cut)
    hops = [[(r[0], r[1]) for r in cut if len(r) >= 2] for cut in rays]
    _TABLES[kind] = (on, nb, rays, hops)
    return _TABLES[kind]


_TABLES: dict = {}
