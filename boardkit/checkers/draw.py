"""The checkers board as SVG: wooden squares, numbered dark squares, stacked and
crowned kings, last move, highlights, targets, arrows, capture rings, faded pieces.

Every dark square and every piece carries ``data-cell="<square number>"``: that is
what the clickable widget receives.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from .._catalogue import Word, has, text
from .._drawopts import DrawOptions, check_game, draw_options, parse_cells
from .._input import check_count
from ..errors import FormatError, short_repr
from ..svg import Drawing, fmt

if TYPE_CHECKING:
    from .game import CheckersGame

__all__ = ["draw_board", "read_options", "parse_cell", "COLORS"]

COLORS = {
    "light": "#f1dcb4", "dark": "#a8744a", "frame": "#5b3a1e", "frame_edge": "#3e2612",
    "number": "#f6e7cc", "black": "#262220", "black_edge": "#0d0b0a", "black_side": "#4a403a",
    "white": "#f7f1e3", "white_edge": "#8a7a60", "white_side": "#cdbf9f",
    "crown": "#e0b030", "crown_edge": "#7a5a10", "last": "#f2d24b", "highlight": "#7fc97f",
    "target": "#1f7a3a", "selected": "#1f6feb", "capture": "#d62728", "arrow": "#1f6feb",
}

# the board's title (its <title>: a tooltip, the image's alt text), in the drawing's language
# (``lang=``, a shared draw option; the catalogue's ck.draw.* keys)
def _title(game: CheckersGame, lang: str) -> str:
    name = game.rules.name
    key = f"ck.draw.rules.{name}"
    return text("ck.draw.title", lang, rules=Word(key) if has(key) else name,
                who=Word(f"ck.draw.side.{game.turn}"))


def parse_cell(v, count: int = 32) -> int:
    """One square number 1-count (an int or its ASCII text); else FormatError."""
    if type(count) is not int or not 1 <= count <= 10_000:
        count = check_count(count, "parse_cell(count)", 1, 10_000)
    if isinstance(v, str) and v.strip().isascii() and v.strip().isdigit() and len(v.strip()) <= 3:
        v = int(v)
    if type(v) is not int or not 1 <= v <= count:
        raise FormatError(f"a square is a number 1-{count} (CK-01), got {short_repr(v, 20)}")
    return v


#: the defaults of the shared options on the checkers board
DEFAULTS: dict[str, Any] = {"size": 400, "labels": True, "last_move": True}


def read_options(game: CheckersGame, options: dict) -> DrawOptions:
    """``options`` of ``CheckersGame.draw`` checked (``boardkit._drawopts``)."""
    from .game import CheckersGame
    check_game(game, CheckersGame, "CheckersGame.draw()")
    count = game._geo.count
    cell = partial(parse_cell, count=count)
    what = "CheckersGame.draw()"

    def capturable(v):
        return True if v is True else parse_cells(v, "capturable", cell, what)
    return draw_options(options, cell, what=what,
                        defaults={**DEFAULTS, **getattr(game, "draw_defaults", {})},
                        extras={"capturable": (capturable, ()),
                                "faded": (lambda v: parse_cells(v, "faded", cell, what), ())})


def draw_board(game: CheckersGame, **options) -> Drawing:
    """Draw ``game`` (a CheckersGame) with the shared options (docs/architecture.md):

    flip        turn the board round (Black's side at the bottom)
    labels      print each dark square's number in its corner
    highlight   squares tinted green;  targets: squares marked with a dot (clickable)
    arrows      square paths drawn as arrows (hints, jump paths), e.g. [(22, 15, 8)]
    hint        a move (or a square path) drawn as an arrow: the hint
    last_move   mark the start and end squares of the last move played; a number n
                marks the last n moves (the learner's move and the computer's reply)
    selected    the square of the selected piece (blue ring)
    marks       squares ringed with a star (a puzzle's marked squares)
    size        width and height in pixels (default 400)
    and the board's own:
    capturable  True: red dotted ring round every piece that can capture now;
                or the squares to ring
    faded       squares whose pieces are drawn semi-transparent (captured mid-move)
    Squares are numbers 1-32/50/72 (or their text); anything else raises BoardkitError
    naming the option.
    """
    return _draw(game, read_options(game, options))


def _draw(game: CheckersGame, o: DrawOptions) -> Drawing:
    g = game._geo
    count = g.count
    size: float = o.size if o.size is not None else DEFAULTS["size"]
    flip, labels, title = o.flip, o.labels, o.title
    highlight, targets, faded_set = set(o.highlight), set(o.targets), set(o.extra("faded"))
    capturable = o.extra("capturable")
    ring = set(game.capturing_squares()) if capturable is True else set(capturable)
    selected = o.selected[-1] if o.selected else None
    paths = [list(p) for p in o.arrows[:count]]
    if o.hint is not None:
        paths.append(list(o.hint))
    marks = o.last_move
    n = g.n
    frame = size * 0.035
    cell = (size - 2 * frame) / n
    c = COLORS
    d = Drawing(size, size, title=title or _title(game, o.lang))
    d.define("ck-black", '<radialGradient id="ck-black" cx="40%" cy="35%" r="70%">'
             f'<stop offset="0%" stop-color="#5a524c"/><stop offset="100%" stop-color="{c["black"]}"/>'
             '</radialGradient>')
    d.define("ck-white", '<radialGradient id="ck-white" cx="40%" cy="35%" r="70%">'
             f'<stop offset="0%" stop-color="#ffffff"/><stop offset="100%" stop-color="{c["white"]}"/>'
             '</radialGradient>')
    d.rect(0, 0, size, size, fill=c["frame"], rx=fmt(size * 0.02))
    d.rect(frame * 0.5, frame * 0.5, size - frame, size - frame, fill="none",
           stroke=c["frame_edge"], stroke_width=1)

    def centre(square: int) -> tuple[float, float]:
        r, col = g.coords[square - 1]
        if flip:
            r, col = n - 1 - r, n - 1 - col
        return frame + (col + 0.5) * cell, frame + (r + 0.5) * cell

    # squares
    for r in range(n):
        for col in range(n):
            rr, cc = (n - 1 - r, n - 1 - col) if flip else (r, col)
            x, y = frame + cc * cell, frame + rr * cell
            s = g.square(r, col)
            if s is None:
                d.rect(x, y, cell, cell, fill=c["light"])
            else:
                d.rect(x, y, cell, cell, fill=c["dark"], cell=str(s))

    # last move, highlights, selection (under the pieces)
    for m in game.recent_moves(marks) if marks else ():
        for s in (m.start, m.end):
            x, y = centre(s)
            d.rect(x - cell / 2, y - cell / 2, cell, cell, fill=c["last"], fill_opacity=0.45,
                   cell=str(s))
    for s in sorted(highlight):
        x, y = centre(s)
        d.rect(x - cell / 2, y - cell / 2, cell, cell, fill=c["highlight"], fill_opacity=0.55,
               cell=str(s))
    if labels:
        for s in range(1, g.count + 1):
            x, y = centre(s)
            # small and tucked into the corner, clear of the piece's rim on 10x10 too
            d.text(x - cell * 0.47, y - cell * 0.37, str(s), size=max(6.5, cell * 0.18),
                   anchor="start", color=c["number"], cell=str(s), opacity=0.9)

    # pieces
    rad = cell * 0.38
    for s, (player, king) in game.pieces().items():
        x, y = centre(s)
        op = 0.35 if s in faded_set else None
        fill, edge, side = (("url(#ck-black)", c["black_edge"], c["black_side"]) if player == 0
                            else ("url(#ck-white)", c["white_edge"], c["white_side"]))
        grp = Drawing(size, size)
        lift = cell * 0.07 if king else cell * 0.04
        # the piece's edge (and for a king a second disc: the stacked look)
        grp.circle(x, y + lift, rad, fill=side, stroke=edge, stroke_width=1, cell=str(s))
        if king:
            grp.circle(x, y, rad, fill=side, stroke=edge, stroke_width=1, cell=str(s))
            top = y - lift
        else:
            top = y
        grp.circle(x, top, rad, fill=fill, stroke=edge, stroke_width=1.2, cell=str(s))
        grp.circle(x, top, rad * 0.72, fill="none", stroke=edge, stroke_width=0.8,
                   stroke_opacity=0.45, cell=str(s))
        if king:
            w, h = rad * 1.1, rad * 0.7
            cx, cy = x, top + rad * 0.05
            pts = [(cx - w / 2, cy + h / 2), (cx - w / 2, cy - h / 4), (cx - w / 4, cy + h / 12),
                   (cx, cy - h / 2), (cx + w / 4, cy + h / 12), (cx + w / 2, cy - h / 4),
                   (cx + w / 2, cy + h / 2)]
            grp.polygon(pts, fill=c["crown"], stroke=c["crown_edge"], stroke_width=1,
                        stroke_linejoin="round", cell=str(s))
        d.group(grp, opacity=op, data_piece=("b" if player == 0 else "w") + ("K" if king else ""))
        if s in ring:
            d.circle(x, top, rad + cell * 0.06, fill="none", stroke=c["capture"],
                     stroke_width=max(2.0, cell * 0.05), stroke_dasharray="4 3",
                     pointer_events="none")
        if selected == s:
            # outside the red capture ring when both apply, so neither hides the other
            d.circle(x, top, rad + cell * (0.12 if s in ring else 0.06), fill="none", stroke=c["selected"],
                     stroke_width=max(2.5, cell * 0.06), pointer_events="none")

    # targets: a dot on each square the player may click next
    for s in sorted(targets):
        x, y = centre(s)
        d.circle(x, y, cell * 0.15, fill=c["target"], fill_opacity=0.8, stroke="#ffffff",
                 stroke_width=1.5, cell=str(s))

    for path in paths:
        if len(path) < 2:
            continue
        pts = [centre(s) for s in path]
        d.arrow(pts, color=c["arrow"], width=max(3.0, cell * 0.09))
    for s in o.marks:
        x, y = centre(s)
        d.star_ring(x, y, cell * 0.5, str(s))
    return d
