"""The Diamond Game star in SVG: tinted camps, ◎ apexes, kings marked 王, hop arrows.

    game.draw(labels=True, arrows=[move.path], targets=game.reachable_from(h))
    game.draw(palette="okabe-ito")       # colour-blind-safe colours

Colour is never the only thing that tells the players apart: every player's pieces
carry a mark of their own (red a dot, yellow a triangle, green a square, blue a cross,
purple a diamond, orange a bar; ``MARKS``), the king a gold rim and 王 with the same
mark, small, under it. ``palette="okabe-ito"`` swaps the fills for the Okabe-Ito
colours, told apart under the common colour-vision deficiencies (under a deuteranopia
simulation the standard red and green become two close olive-greys).

Every hole (and the piece or marker on it) carries ``cell="q,r"`` (e.g. ``"3,-1"``):
the widget receives that string when it is clicked. Holes may be given to the
options as ``(q, r)`` tuples, ``"q,r"`` strings or labels (``"e5"``).
"""
from __future__ import annotations

import math
from typing import Any

from .. import svg
from .._drawopts import DrawOptions, check_game, draw_options
from ..errors import BoardkitError, short_repr
from . import geometry as B
from .notation import cell_id, parse_cell

__all__ = ["draw_board", "read_options", "cell_id", "parse_cell", "PIECE_COLOURS", "PALETTES", "MARKS"]

#: piece fill, its dark edge, its light camp tint, and the colour of 王 on it
PIECE_COLOURS = {
    "red": ("#d1453b", "#7d1f19", "#f6c9c2", "#ffffff"),
    "yellow": ("#f1c232", "#8a6a00", "#fbeaa8", "#4a3800"),
    "green": ("#3c9a5f", "#1d5230", "#c5e6cf", "#ffffff"),
    "blue": ("#3b73c8", "#1b3a6e", "#c7d8f2", "#ffffff"),
    "purple": ("#8c5bb3", "#4a2a66", "#e0cdee", "#ffffff"),
    "orange": ("#ec8a2f", "#8a4a0c", "#fad9b8", "#4a2600"),
}
#: Okabe & Ito's colour-blind-safe colours (vermillion, yellow, bluish green, blue,
#: reddish purple, orange), with edges, camp tints and ink chosen to match
OKABE_ITO = {
    "red": ("#d55e00", "#6e3000", "#f5cdb0", "#ffffff"),
    "yellow": ("#f0e442", "#7a7000", "#faf5bd", "#3d3800"),
    "green": ("#009e73", "#004d38", "#b3e2d5", "#ffffff"),
    "blue": ("#0072b2", "#003a5c", "#b3d5e8", "#ffffff"),
    "purple": ("#cc79a7", "#6b2d50", "#f0d7e5", "#2b0a1c"),
    "orange": ("#e69f00", "#734f00", "#f8e0b0", "#3d2a00"),
}
#: palette name -> colours; "standard" is the default
PALETTES = {"standard": PIECE_COLOURS, "okabe-ito": OKABE_ITO}
#: each colour's mark, drawn inside its pieces
MARKS = {"red": "dot", "yellow": "triangle", "green": "square", "blue": "cross",
         "purple": "diamond", "orange": "bar"}
BOARD_FILL, BOARD_EDGE, LINE, HOLE = "#ead9b5", "#a8875a", "#c4a676", "#b99b6c"
TARGET, HIGHLIGHT, SELECT, ARROW, LAST = "#1b9e5a", "#00a6d6", "#1f6feb", "#1f6feb", "#6b5b45"


def _mark(d: svg.Drawing, kind: str, x: float, y: float, r: float, ink: str) -> None:
    """A player's mark (``MARKS``), about ``r`` in radius, centred on (x, y)."""
    w = svg.fmt(r * 0.42)
    if kind == "dot":
        d.circle(x, y, r * 0.62, fill=ink, fill_opacity="0.9", pointer_events="none")
    elif kind == "triangle":
        d.polygon([(x, y - r), (x + r * 0.87, y + r * 0.5), (x - r * 0.87, y + r * 0.5)], fill=ink,
                  fill_opacity="0.9", pointer_events="none")
    elif kind == "square":
        k = r * 0.7
        d.rect(x - k, y - k, 2 * k, 2 * k, fill=ink, fill_opacity="0.9", pointer_events="none")
    elif kind == "cross":
        d.line(x - r, y, x + r, y, stroke=ink, stroke_width=w, pointer_events="none")
        d.line(x, y - r, x, y + r, stroke=ink, stroke_width=w, pointer_events="none")
    elif kind == "diamond":
        d.polygon([(x, y - r), (x + r * 0.8, y), (x, y + r), (x - r * 0.8, y)], fill=ink,
                  fill_opacity="0.9", pointer_events="none")
    else:   # "bar"
        d.rect(x - r, y - r * 0.3, 2 * r, r * 0.6, fill=ink, fill_opacity="0.9", pointer_events="none")


#: the defaults of the shared options on the Diamond board
DEFAULTS: dict[str, Any] = {"size": 420, "labels": False, "last_move": True}


def read_options(game, options: dict) -> DrawOptions:
    """``options`` of ``DiamondGame.draw`` checked (``boardkit._drawopts``)."""
    from .game import DiamondGame
    what = "DiamondGame.draw()"
    check_game(game, DiamondGame, what)

    def palette(v):
        if not isinstance(v, str) or v not in PALETTES:
            raise BoardkitError(f"{what}: palette must be one of {list(PALETTES)}, got {short_repr(v)}")
        return v

    def rotate(v):
        if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v) \
                or abs(v) > 1e6:
            raise BoardkitError(f"{what}: rotate must be a number of degrees, got {short_repr(v)}")
        return v

    def forbidden_for(v):
        if v is None:
            return None
        if type(v) is not int or not 0 <= v < game.players:
            raise BoardkitError(f"{what}: forbidden_for must be a player 0..{game.players - 1} or "
                                f"None, got {short_repr(v)}")
        return v
    return draw_options(options, parse_cell, what=what, label_modes=("empty",),
                        defaults={**DEFAULTS, **getattr(game, "draw_defaults", {})},
                        extras={"palette": (palette, "standard"), "rotate": (rotate, 0),
                                "forbidden_for": (forbidden_for, None)})


def draw_board(game, **options) -> svg.Drawing:
    """The board of ``game`` as an ``svg.Drawing`` about ``size`` pixels tall.

    labels         write each hole's label (``a1`` .. ``q1``); on a piece the label sits low,
                   under the piece's shape mark (and the king's 王), so colours stay told
                   apart in grey print; ``"empty"``: only on the empty holes
    highlight      holes ringed in blue-green
    targets        holes marked as reachable (clickable destinations)
    arrows         hop paths (sequences of holes) drawn as arrows
    selected       the hole of the selected piece (ringed in blue); its owner's
                   forbidden tips are shaded unless ``forbidden_for`` says otherwise
    forbidden_for  a player whose forbidden tips (DG-13) are shaded with ×
    last_move      draw the last move's path, dashed (True), or the last n moves (an
                   int: the student's move and the computer's replies), False: none
    flip, rotate   turn the board (flip = 180°; rotate in degrees, multiples of 60
                   keep the lines straight), e.g. to put a player's camp at the bottom
    hint           a move (or path) drawn as a dashed green arrow
    marks          holes ringed with a star (a puzzle's marked holes)
    palette        "standard" or "okabe-ito" (colour-blind safe); the marks stay
    A bad value raises BoardkitError naming the option.
    """
    return _draw(game, read_options(game, options))


def _draw(game, o: DrawOptions) -> svg.Drawing:
    size: float = o.size if o.size is not None else DEFAULTS["size"]
    labels, flip, title, last_move = o.labels, o.flip, o.title, o.last_move
    highlight, targets, arrows, hint = o.highlight, o.targets, o.arrows, o.hint
    selected = o.selected[-1] if o.selected else None
    colours_of = PALETTES[o.extra("palette")]
    rotate, forbidden_for = o.extra("rotate"), o.extra("forbidden_for")
    kind = game.rules.board
    unit = size / 16.2 * 4 / B.RADIUS[kind]      # the small board (DG-18) drawn as large
    ang = math.radians(rotate + (180 if flip else 0))
    ca, sa = math.cos(ang), math.sin(ang)
    width = size * 0.93
    cx0, cy0 = width / 2, size / 2

    def P(h, scale=1.0):
        x, y = B.xy(h, unit * scale)
        return (cx0 + x * ca - y * sa, cy0 + x * sa + y * ca)

    def tri(holes, grow):
        """A triangle through three holes, pushed outwards by ``grow`` units."""
        pts = [B.xy(h, unit) for h in holes]
        mx, my = sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3
        out = []
        for x, y in pts:
            d = math.hypot(x - mx, y - my)
            k = (d + 2 * grow * unit) / d
            x, y = mx + (x - mx) * k, my + (y - my) * k
            out.append((cx0 + x * ca - y * sa, cy0 + x * sa + y * ca))
        return out

    rules = game.rules
    colours = rules.colours
    used = {game.colour(p) for p in range(game.players)}
    d = svg.Drawing(width, size, title=title)
    d.rect(0, 0, width, size, fill="#fbf6ea", rx=fmt_px(unit * 0.6))

    # the star: two big triangles, outline first then the fill (an outlined union)
    A = lambda n: B.apex(n, kind)  # noqa: E731
    big = [(A("NW"), A("NE"), A("S")), (A("N"), A("SE"), A("SW"))]
    for t in big:
        d.polygon(tri(t, 0.75), fill=BOARD_EDGE, stroke=BOARD_EDGE,
                  stroke_width=fmt_px(unit * 0.35), stroke_linejoin="round")
    for t in big:
        d.polygon(tri(t, 0.75), fill=BOARD_FILL, stroke_linejoin="round")

    # camps tinted in their colour (DG-02); the unused colour in 2 players paler
    for name in B.TIP_NAMES:
        col = colours[name]
        region = B.tip(name, kind) if kind == "chinese" else B.camp(name, kind)
        corners = sorted(region, key=lambda h: B.distance(h, A(name)))
        ends = [h for h in region if B.distance(h, A(name)) == max(B.distance(x, A(name))
                                                                   for x in region)]
        ends = [min(ends), max(ends)]
        d.polygon(tri([corners[0]] + ends, 0.36), fill=colours_of[col][2],
                  fill_opacity="0.85" if col in used else "0.35",
                  stroke=colours_of[col][0], stroke_opacity="0.55" if col in used else "0.2",
                  stroke_width=fmt_px(unit * 0.06), stroke_linejoin="round")

    # forbidden tips for one player, shaded (DG-13)
    if forbidden_for is None and selected is not None:
        who = game.piece_at(selected)
        forbidden_for = who[0] if who else None
    forbidden = game.forbidden(forbidden_for) if forbidden_for is not None else frozenset()
    for name in B.TIP_NAMES:
        tip = B.tip(name, kind)
        if tip <= forbidden and forbidden:
            far = max(B.distance(h, A(name)) for h in tip)
            ends = sorted(h for h in tip if B.distance(h, A(name)) == far)
            d.polygon(tri([A(name), ends[0], ends[-1]], 0.42), fill="#5b5b5b",
                      fill_opacity="0.28", stroke="none")

    # the lines joining neighbours (three directions, so each line once)
    on_board = set(game.holes())
    for h in game.holes():
        for dq, dr in B.DIRECTIONS[:3]:
            n = (h[0] + dq, h[1] + dr)
            if n in on_board:
                (x1, y1), (x2, y2) = P(h), P(n)
                d.line(x1, y1, x2, y2, stroke=LINE, stroke_width=fmt_px(unit * 0.07))

    # holes, ◎ apexes
    apexes = {A(n): n for n in B.TIP_NAMES}
    for h in game.holes():
        x, y = P(h)
        if h in apexes and kind != "chinese":
            col = PIECE_COLOURS[colours[apexes[h]]][1]
            d.circle(x, y, unit * 0.49, fill="none", stroke=col, stroke_width=fmt_px(unit * 0.07))
            d.circle(x, y, unit * 0.36, fill="none", stroke=col, stroke_width=fmt_px(unit * 0.05))
        d.circle(x, y, unit * 0.22, fill=HOLE, stroke="#8d7350", stroke_width=fmt_px(unit * 0.04),
                 cell=cell_id(h))
        if h in forbidden:
            k = unit * 0.16
            d.line(x - k, y - k, x + k, y + k, stroke="#5b5b5b", stroke_width=fmt_px(unit * 0.07),
                   pointer_events="none")
            d.line(x - k, y + k, x + k, y - k, stroke="#5b5b5b", stroke_width=fmt_px(unit * 0.07),
                   pointer_events="none")

    # the last move (or the last n moves), dashed and faint
    n_last = 1 if last_move is True else (last_move if type(last_move) is int and last_move > 0 else 0)
    for move in game.recent_moves(min(n_last, 64)) if n_last else ():
        if not getattr(move, "path", None):
            continue
        d.arrow([P(h) for h in move.path], color=LAST, width=unit * 0.09, opacity=0.55,
                dashed=True, head=unit * 0.3)
        x, y = P(move.path[0])
        d.circle(x, y, unit * 0.3, fill="none", stroke=LAST, stroke_width=fmt_px(unit * 0.06),
                 stroke_dasharray="3 2", stroke_opacity="0.7")

    # highlights and the selected piece (under the pieces, as rings around them); a ring
    # lies over its hole, so it is that hole's to click (a second click on a chosen hole)
    for h in highlight:
        x, y = P(h)
        d.circle(x, y, unit * 0.5, fill=HIGHLIGHT, fill_opacity="0.4", stroke=HIGHLIGHT,
                 stroke_width=fmt_px(unit * 0.12), cell=cell_id(h))
    if selected is not None:
        x, y = P(selected)
        d.circle(x, y, unit * 0.55, fill=SELECT, fill_opacity="0.25", stroke=SELECT,
                 stroke_width=fmt_px(unit * 0.1), cell=cell_id(selected))

    # pieces: each colour with its own mark; a king (王駒) gets a gold rim and 王 with
    # its mark, small, underneath, so nothing depends on colour alone
    for h, (p, king) in sorted(game.pieces().items(), key=lambda t: B.INDEX[t[0]]):
        x, y = P(h)
        colour = game.colour(p)
        fill, edge, _, ink = colours_of[colour]
        d.circle(x + unit * 0.04, y + unit * 0.06, unit * 0.4, fill="#000", fill_opacity="0.18")
        d.circle(x, y, unit * 0.4, fill=fill, stroke="#c9a227" if king else edge,
                 stroke_width=fmt_px(unit * (0.12 if king else 0.06)), cell=cell_id(h))
        if king and labels is True:   # 王 and the mark side by side, the name below
            d.text(x - unit * 0.08, y - unit * 0.1, "王", size=unit * 0.3, color=ink, weight="bold",
                   cell=cell_id(h))
            _mark(d, MARKS[colour], x + unit * 0.2, y - unit * 0.12, unit * 0.09, ink)
        elif king:
            d.text(x, y - unit * 0.05, "王", size=unit * 0.38, color=ink, weight="bold",
                   cell=cell_id(h))
            _mark(d, MARKS[colour], x, y + unit * 0.22, unit * 0.08, ink)
        elif labels is True:          # the hole's name below (drawn after the pieces)
            _mark(d, MARKS[colour], x, y - unit * 0.18, unit * 0.13, ink)
        else:
            _mark(d, MARKS[colour], x, y, unit * 0.17, ink)

    # reachable holes (targets): green dots
    for h in targets:
        x, y = P(h)
        d.circle(x, y, unit * 0.27, fill=TARGET, fill_opacity="0.8", stroke="#fff",
                 stroke_width=fmt_px(unit * 0.05), cell=cell_id(h))

    # hop paths as arrows, the hint dashed green
    for path in arrows:
        pts = [P(h) for h in path]
        d.arrow(pts, color=ARROW, width=unit * 0.12, head=unit * 0.4)
    if hint:
        d.arrow([P(h) for h in hint], color=TARGET, width=unit * 0.13,
                head=unit * 0.42, dashed=True)

    if labels:
        # on a piece the name sits low and the colour's mark above it (drawn with the
        # pieces), so a grey print still tells the colours apart by their marks
        pieces = game.pieces()
        for h in game.holes():
            if h in pieces and labels == "empty":
                continue
            x, y = P(h)
            low = unit * (0.2 if h in pieces and pieces[h][1] else 0.14 if h in pieces else 0)
            small = 0.26 if h in pieces and pieces[h][1] else 0.3     # a king holds 王 and its mark too
            d.text(x, y + low, B.label(h), size=unit * small,
                   color="#2b2b2b", weight="bold", stroke="#fff", stroke_width=fmt_px(unit * 0.08),
                   paint_order="stroke", pointer_events="none")

    # marks (a puzzle's marked holes): a star ring reaching a little past the neighbours'
    # half-way line, on top of everything
    if o.marks:
        centres = {}
        for h in game.holes():
            x, y = P(h)
            centres[h] = (float(svg.fmt(x)), float(svg.fmt(y)))
        for h in o.marks:
            cx, cy = centres[h]
            gap = min(math.hypot(ox - cx, oy - cy) for ox, oy in centres.values()
                      if (ox, oy) != (cx, cy))
            d.star_ring(cx, cy, 0.56 * gap, cell_id(h))
    return d


def fmt_px(x: float) -> str:
    return svg.fmt(x)
