"""The 回り将棋 board as SVG: a 9x9 shogi board, its rim (the track) highlighted.

- Ring squares carry ``cell="1九"`` (shogi coordinates); the toss panel is ``cell="toss"``.
- Corners are marked (角, safe squares); each home corner is tinted with its player's
  colour and labelled 「P1 陣」.
- Pieces are shogi pentagons pointing the way they travel (counter-clockwise), with the
  kanji of their rank (歩 香 桂 銀), an outline in the player's colour and the player's
  number on a badge (so colour is never the only cue). Several pieces on one square
  are drawn smaller, side by side.
- A laid-down piece (寝かし, MS-12) lies on its side one row inside the track, pale.
- Under the board, the four golds of the last toss as they landed: 金 face up, blank
  back face down, narrow bars for standing golds (横 / 縦 / 逆), overlapping when they
  overlapped, one off the table when a gold fell.
"""
from __future__ import annotations

import math
from typing import Any

from .._drawopts import DrawOptions, check_game, draw_options
from ..errors import BoardkitError, FormatError
from ..svg import Drawing
from .game import CORNERS, RANKS, TRACK, MawariGame
from .notation import short, square_coords, square_index, square_name
from .toss import Toss, draw_toss

__all__ = ["draw_game", "read_options", "parse_cell", "PLAYER_COLORS", "draw_toss"]

PLAYER_COLORS = ("#c0392b", "#1f6fb2", "#2e8b57", "#8e44ad")
BOARD = "#eccb8a"
RING = "#f8e3b0"
LINE = "#7a5a2b"
PIECE = "#fbecc6"
_KANJI_RANK = "一二三四五六七八九"

# travel direction on each edge, as the angle the piece's tip points to (SVG degrees)
_EDGE_ANGLE = (-90, 180, 90, 0)   # right edge up, top edge left, left edge down, bottom right


def _cell_xy(file: int, rank: int, cell: float, ox: float, oy: float, flip: bool):
    col, row = 9 - file, rank - 1
    if flip:
        col, row = 8 - col, 8 - row
    return ox + col * cell, oy + row * cell


def _pentagon(cx, cy, w, h, angle):
    """A shogi-piece pentagon centred at (cx, cy), tip pointing at ``angle`` degrees."""
    pts = [(0, -h / 2), (w * 0.36, -h * 0.3), (w / 2, h / 2), (-w / 2, h / 2), (-w * 0.36, -h * 0.3)]
    a = math.radians(angle + 90)     # the shape's tip is up (-90) when angle = -90
    ca, sa = math.cos(a), math.sin(a)
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts]


def draw_piece(d: Drawing, cx, cy, size, kanji, player, angle, *, laid=False, cell=None):
    color = PLAYER_COLORS[player % 4]
    pts = _pentagon(cx, cy, size * 0.82, size * 0.92, angle)
    if laid:
        d.polygon(pts, fill="#e9dcc0", stroke=color, stroke_width=1.5, stroke_dasharray="3 2",
                  opacity=0.85, cell=cell)
        d.text(cx, cy + size * 0.04, kanji, size=size * 0.42, color="#8a7a60", cell=cell)
        # the 寝 mark on a badge in the player's colour, big enough to read on a default
        # board (about 16 px for a laid piece of a 480 px board)
        mx, my = cx - size * 0.36, cy - size * 0.36
        d.circle(mx, my, size * 0.31, fill=color, stroke="white", stroke_width=1.5)
        d.text(mx, my, "寝", size=size * 0.46, color="white", weight="bold")
    else:
        d.polygon(pts, fill=PIECE, stroke=color, stroke_width=max(1.5, size * 0.06), cell=cell)
        d.text(cx, cy + size * 0.06, kanji, size=size * 0.5, color="#1b1b1b", weight="bold",
               cell=cell)
    # the player's number on a badge: colour is never the only cue
    bx, by = cx + size * 0.33, cy + size * 0.33
    d.circle(bx, by, size * 0.17, fill=color, stroke="white", stroke_width=1)
    d.text(bx, by, str(player + 1), size=size * 0.22, color="white", weight="bold")


#: the defaults of the shared options on the 回り将棋 board
DEFAULTS: dict[str, Any] = {"size": 480, "labels": True, "last_move": True}


def parse_cell(v) -> str:
    """A ring square by its name ('1九', '19' file then rank) -> its name ('1九');
    else FormatError (numbers are not cells here: the board's cells are names)."""
    if not isinstance(v, str):
        raise FormatError(f"a ring square is a name like '1九' (MS-01), got {short(v, 20)}")
    return square_name(square_index(v))


def read_options(game, options: dict) -> DrawOptions:
    """``options`` of ``MawariGame.draw`` checked (``boardkit._drawopts``)."""
    what = "MawariGame.draw()"
    check_game(game, MawariGame, what)

    def hint(v):
        if not hasattr(v, "defender"):
            raise BoardkitError(f"{what}: hint must be a move (ai.hint(game)) or None, got {short(v)}")
        return v

    def numbers(v):
        if not isinstance(v, bool):
            raise BoardkitError(f"{what}: numbers must be True or False, got {short(v)}")
        return v

    def toss(v):
        if v is not None and not isinstance(v, Toss):
            raise BoardkitError(f"{what}: toss must be a Toss or None, got {short(v)}")
        return v
    return draw_options(options, parse_cell, what=what, parse_hint=hint,
                        defaults={**DEFAULTS, **getattr(game, "draw_defaults", {})},
                        extras={"numbers": (numbers, False), "toss": (toss, None)})


def draw_game(game, **options) -> Drawing:
    """The board of ``game`` (the options of docs/architecture.md, "Drawing").

    ``labels`` writes the files and ranks; ``selected`` cells are highlighted like
    ``highlight``; ``hint`` (a ``Battle``) is drawn as a dashed arrow from the mover to the
    piece to attack; ``last_move`` shows the table with the last toss; ``marks`` rings
    squares with a star. Mawari's extras: ``numbers`` writes the track index 0-31 on each
    ring square; ``toss`` draws that toss instead of the game's last toss. Squares are
    names ('1九'); a bad value raises BoardkitError naming the option."""
    return _draw(game, read_options(game, options))


def _draw(game, o: DrawOptions) -> Drawing:
    size: float = o.size if o.size is not None else DEFAULTS["size"]
    labels, flip, last_move, title, hint = o.labels, o.flip, o.last_move, o.title, o.hint
    numbers, toss, targets = o.extra("numbers"), o.extra("toss"), o.targets
    highlight = o.highlight + o.selected
    arrows = o.arrows
    if hint is not None and getattr(hint, "defender", None) is not None:
        arrows = tuple(arrows) + ((game.square(game.turn), game.square(hint.defender)),)
    margin = size * 0.055
    cell = (size - 2 * margin) / 9
    panel = cell * 1.9 if last_move else 0
    ox, oy = margin, margin
    height = oy + 9 * cell + margin * 0.6 + panel * 1.2
    d = Drawing(size, height, background="#fdf8ee", title=title)
    d.rect(ox - 3, oy - 3, 9 * cell + 6, 9 * cell + 6, fill=BOARD, stroke=LINE, stroke_width=2, rx=3)
    lit, targets_at = {str(c) for c in highlight}, {str(c) for c in targets}
    homes = {game.home(p): p for p in range(game.players)}

    # squares: the rim is the track
    for rank in range(1, 10):
        for file in range(1, 10):
            x, y = _cell_xy(file, rank, cell, ox, oy, flip)
            ring = file in (1, 9) or rank in (1, 9)
            if not ring:
                d.rect(x, y, cell, cell, fill=BOARD, stroke=LINE, stroke_width=0.6, stroke_opacity=0.5)
                continue
            name = f"{file}{_KANJI_RANK[rank - 1]}"
            fill = RING
            idx = _index_of(file, rank)
            if idx in homes:
                fill = _tint(PLAYER_COLORS[homes[idx] % 4])
            if name in lit:
                fill = "#ffe066"
            d.rect(x, y, cell, cell, fill=fill, stroke=LINE, stroke_width=1, cell=name)
            if idx in CORNERS:   # corners: safe squares (MS-12), jump points (MS-14)
                d.rect(x + 2.5, y + 2.5, cell - 5, cell - 5, fill="none", stroke=LINE,
                       stroke_width=1.2, stroke_dasharray="2 2", pointer_events="none")
            if numbers:
                d.text(x + cell * 0.14, y + cell * 0.14, str(idx), size=cell * 0.2, color="#9a7b4f",
                       anchor="start", pointer_events="none")
    # the track's direction: small arrows inside the ring, one per edge
    for idx in (4, 12, 20, 28):
        f, r = square_coords(idx)
        x, y = _cell_xy(f, r, cell, ox, oy, flip)
        fi, ri = _inner(f, r)
        xi, yi = _cell_xy(fi, ri, cell, ox, oy, flip)
        cx, cy = xi + cell / 2, yi + cell / 2
        a = math.radians(_EDGE_ANGLE[idx // 8] + (180 if flip else 0))
        dx, dy = math.cos(a) * cell * 0.8, math.sin(a) * cell * 0.8
        d.arrow([(cx - dx, cy - dy), (cx + dx, cy + dy)], color="#b08850", width=2, opacity=0.6)
    # home labels
    for idx, p in homes.items():
        f, r = square_coords(idx)
        fi, ri = _inner(f, r)
        xi, yi = _cell_xy(fi, ri, cell, ox, oy, flip)
        d.text(xi + cell / 2, yi + cell / 2, f"P{p + 1} 陣", size=cell * 0.26,
               color=PLAYER_COLORS[p % 4], weight="bold", pointer_events="none")
    # coordinates as on a shogi diagram: files 9..1 on top, ranks 一..九 on the right
    if labels:
        for k in range(9):
            file = 9 - k if not flip else k + 1
            rank = k + 1 if not flip else 9 - k
            d.text(ox + k * cell + cell / 2, oy - margin * 0.55, str(file), size=cell * 0.28,
                   color="#5b4636")
            d.text(ox + 9 * cell + margin * 0.5, oy + k * cell + cell / 2,
                   _KANJI_RANK[rank - 1], size=cell * 0.28, color="#5b4636")

    # pieces: standing on the track, laid ones one row inside
    by_square: dict[int, list[int]] = {}
    for p in range(game.players):
        if not game.is_laid(p):
            by_square.setdefault(game.position(p), []).append(p)
    for idx, ps in sorted(by_square.items()):
        f, r = square_coords(idx)
        x, y = _cell_xy(f, r, cell, ox, oy, flip)
        angle = _EDGE_ANGLE[idx // 8] + (180 if flip else 0)
        n = len(ps)
        s = cell * (0.86 if n == 1 else 0.5)
        offs = [(0, 0)] if n == 1 else [(-0.23, -0.23), (0.23, 0.23), (0.23, -0.23), (-0.23, 0.23)]
        for p, (ux, uy) in zip(ps, offs):
            draw_piece(d, x + cell / 2 + ux * cell, y + cell / 2 + uy * cell, s,
                       RANKS[game.rank(p)], p, angle, cell=square_name(idx))
    laid_at: dict[tuple, int] = {}
    for p in range(game.players):
        if game.is_laid(p):
            idx = game.position(p)
            f, r = square_coords(idx)
            fi, ri = _inner(f, r)
            k = laid_at.get((fi, ri), 0)
            laid_at[(fi, ri)] = k + 1
            xi, yi = _cell_xy(fi, ri, cell, ox, oy, flip)
            angle = _EDGE_ANGLE[idx // 8] + 90 + (180 if flip else 0)   # lying on its side
            draw_piece(d, xi + cell / 2 + k * cell * 0.15, yi + cell / 2, cell * 0.72,
                       RANKS[game.rank(p)], p, angle, laid=True, cell=square_name(idx))

    # clickable targets (a battle offer in the widget): a ring over the piece
    for name in sorted(targets_at):
        f, r = square_coords(square_index(name))
        x, y = _cell_xy(f, r, cell, ox, oy, flip)
        d.circle(x + cell / 2, y + cell / 2, cell * 0.47, fill="#1f6feb", fill_opacity=0.12,
                 stroke="#1f6feb", stroke_width=3, cell=name)

    # a battle: a dashed line across the board between the two pieces
    b = game.battle
    pts = []
    if b is not None:
        for q in (b["attacker"], b["defender"]):
            f, r = square_coords(game.position(q))
            x, y = _cell_xy(f, r, cell, ox, oy, flip)
            pts.append((x + cell / 2, y + cell / 2))
        d.line(*pts[0], *pts[1], stroke="#c0392b", stroke_width=3, stroke_dasharray="8 5",
               stroke_opacity=0.7)
        mx, my = (pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2
        a, dd = b["progress"]
        d.rect(mx - cell * 1.9, my - cell * 0.36, cell * 3.8, cell * 0.72, fill="white",
               stroke="#c0392b", rx=6, opacity=0.92)
        d.text(mx, my, f"戦 P{b['attacker'] + 1} {a}/{b['length']} · P{b['defender'] + 1} "
               f"{dd}/{b['length']}", size=cell * 0.28, color="#c0392b", weight="bold")
    for path in arrows:
        points: list[tuple[float, float]] = []
        for c in path:
            f, r = square_coords(square_index(c))
            x, y = _cell_xy(f, r, cell, ox, oy, flip)
            points.append((x + cell / 2, y + cell / 2))
        d.arrow(points, width=cell * 0.08)

    if last_move:
        t = toss if toss is not None else game.last_toss
        draw_toss(d, t, ox, oy + 9 * cell + margin * 0.6, 9 * cell, panel, game, lang=o.lang)
    for name in o.marks:
        f, r = square_coords(square_index(name))
        x, y = _cell_xy(f, r, cell, ox, oy, flip)
        d.star_ring(x + cell / 2, y + cell / 2, cell * 0.5, name)
    return d


def _index_of(file: int, rank: int) -> int:
    for i in range(TRACK):
        if square_coords(i) == (file, rank):
            return i
    return -1


def _inner(file: int, rank: int):
    """The cell one row inside the track from a rim cell (diagonally for corners)."""
    f = file + (1 if file == 1 else -1 if file == 9 else 0)
    r = rank + (1 if rank == 1 else -1 if rank == 9 else 0)
    return f, r


def _tint(color: str) -> str:
    """A pale version of a player's colour (home squares)."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    mix = lambda c: int(c * 0.25 + 255 * 0.75)  # noqa: E731
    return f"#{mix(r):02x}{mix(g):02x}{mix(b):02x}"
