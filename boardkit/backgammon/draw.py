"""The backgammon board as SVG: points, stacks, bar, trays, dice, cube, pip counts.

Seen from White's side by default (White's home board bottom right, BG-01); ``flip``
shows it from Red's side (the rows swap, so Red's home board is bottom right and the
printed numbers are Red's). Clickable cells: "1".."24" (points in White's numbering),
"bar" and "off".
"""
from __future__ import annotations

import numbers
from collections.abc import Iterable

from .. import svg
from .._catalogue import check_language, render, text
from .._core import ChanceStep
from .._drawopts import (
    DrawOptions,
    _flag,
    _lang,
    _paths,
    _size,
    _title,
    check_game,
    draw_options,
    parse_cells,
)
from .._input import check_text
from ..errors import BoardkitError, FormatError, short_repr
from .game import BackgammonGame, Play
from .movegen import _check_position, _pips
from .notation import _bounded

__all__ = ["draw_game", "draw_position", "read_options", "parse_cell", "CELLS"]

# the words drawn on the board are in the catalogue (keys bg.draw.*, boardkit/locale), read in
# the drawing's language (the shared ``lang`` option). The sides' names are the keys
# bg.draw.side.* for the drawing and the widget alike.


def _side(player: int, lang: str = "en") -> str:
    return text(f"bg.draw.side.{player}", lang)


COL = {
    "frame": "#5b3a1e", "felt": "#2e5e4e", "bar": "#4a2f18", "tray": "#3b2614",
    "pt_a": "#e9d6ae", "pt_b": "#b4533c",
    "white": "#f7f3e8", "white_edge": "#6b6358", "red": "#b3261e", "red_edge": "#5e120e",
    "text_on_white": "#222", "text_on_red": "#fff", "label": "#f3e9d2",
    "highlight": "#ffd54a", "target": "#7cf29a", "arrow": "#1f6feb", "hint": "#f0b429",
    "die": "#fffdf7", "die_used": "#b9b3a6", "pip": "#222", "cube": "#fdfaf0",
}

PW = 38          # point width
R = 17.5         # checker radius
BAR = 40
TRAY = 46
M = 12           # frame thickness
TOP = 40         # header strip for pips and status
PH = 168         # point height
GAP = 64         # space between the two rows
LEFT = 40        # room for the cube on the left


def _geometry():
    x0 = LEFT + M
    board_w = 12 * PW + BAR
    y0 = TOP + M
    h = 2 * PH + GAP
    return x0, y0, board_w, h


def _point_xy(n: int, flip: bool):
    """Centre x of point n (White's numbering), its base y, and +1/-1 growth direction."""
    x0, y0, board_w, h = _geometry()
    top = n >= 13
    if flip:
        top = not top
    col = n - 13 if n >= 13 else 12 - n
    x = x0 + col * PW + PW / 2 + (BAR if col >= 6 else 0)
    if top:
        return x, y0, 1
    return x, y0 + h, -1


def _stack_xy(n: int, k: int, flip: bool):
    """Centre of the k-th checker (0-based) on point n; past 5 they sit on the 5th."""
    x, base, sgn = _point_xy(n, flip)
    k = min(k, 4)
    return x, base + sgn * (R + 1 + 2 * R * k)


def _bar_xy(player: int, k: int, flip: bool):
    x0, y0, board_w, h = _geometry()
    cx = x0 + 6 * PW + BAR / 2
    mid = y0 + h / 2
    # each side's bar checkers sit on the half of the bar towards its own home board row
    down = (player == 0) != flip
    sgn = 1 if down else -1
    return cx, mid + sgn * (R + 6 + 2 * R * min(k, 3))


def _tray_xy(player: int, flip: bool):
    x0, y0, board_w, h = _geometry()
    tx = x0 + board_w + M + TRAY / 2
    down = (player == 0) != flip
    return tx, (y0 + h if down else y0), (-1 if down else 1)


def _cell_xy(cell: str, player: int, count_after: int, flip: bool):
    """Where an arrow to/from a cell should point, for a checker of ``player``."""
    if cell == "bar":
        return _bar_xy(player, 0, flip)
    if cell == "off":
        tx, base, sgn = _tray_xy(player, flip)
        return tx, base + sgn * 40
    n = int(cell)
    return _stack_xy(n, max(0, count_after), flip)


def _checker(d, x, y, player, label=None, cell=None, ring=None):
    fill, edge = (COL["white"], COL["white_edge"]) if player == 0 else (COL["red"], COL["red_edge"])
    d.circle(x, y, R, fill=fill, stroke=edge, stroke_width=1.6, cell=cell)
    d.circle(x, y, R * 0.62, fill="none", stroke=edge, stroke_width=0.8, stroke_opacity=0.5,
             pointer_events="none")
    if ring:
        d.circle(x, y, R + 2.5, fill="none", stroke=ring, stroke_width=3.5, pointer_events="none")
    if label is not None:
        d.text(x, y, str(label), size=14, weight="bold", pointer_events="none",
               color=COL["text_on_white"] if player == 0 else COL["text_on_red"])


def _die(d, x, y, v, size=30, used=False):
    d.rect(x - size / 2, y - size / 2, size, size, rx=5, fill=COL["die_used"] if used else COL["die"],
           stroke="#333", stroke_width=1.2)
    o = size * 0.27
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[v]
    for a, b in spots:
        d.circle(x + a * o, y + b * o, size * 0.085, fill=COL["pip"])


def draw_position(white, red, *, flip: bool = False, labels: bool | str = True,
                  highlight: Iterable = (), targets: Iterable = (), arrows: Iterable = (),
                  arrow_player: int = 0, hint_arrows: Iterable = (), dice=None,
                  dice_used: int = 0, dice_player: int = 0, cube: int | None = 1,
                  cube_owner: int | None = None, status: str = "", size: float | None = None,
                  title: str | None = None, match: str = "", marks: Iterable = (),
                  lang: str | None = None) -> svg.Drawing:
    """Draw any position: ``white``/``red`` are 26 counts in their owners' numbering.
    ``lang``: the language of the pip counts and the cube's caption (None: the current one).
    ``marks``: cells ringed with a star (a puzzle's marked cells).
    ``cube=None`` draws no doubling cube (rules without it, BG-12); ``match`` is a
    short caption of the match state for the header (e.g. "match to 7: 3-6").
    Every argument is checked (a BoardkitError names the one that is wrong): the
    position as in a game (BG-02), cells '1'..'24' (or 1..24), 'bar', 'off', a player
    0 or 1, up to four dice 1..6, a cube that is a power of two."""
    what = "draw_position()"
    white, red = _check_position(white, red, ("white", "red"))
    flip = bool(_flag(flip, "flip", what))
    labels = _flag(labels, "labels", what)
    highlight, targets, marks = (parse_cells(v, name, _position_cell, what) for v, name in (
        (highlight, "highlight"), (targets, "targets"), (marks, "marks")))
    arrows = _paths(arrows, "arrows", _position_cell, what)
    hint_arrows = _paths(hint_arrows, "hint_arrows", _position_cell, what)
    arrow_player, dice_player = _player(arrow_player, "arrow_player"), _player(dice_player, "dice_player")
    if dice is not None:
        msg = f"{what}: dice must be None or up to four dice 1..6, got {short_repr(dice)}"
        dice = _bounded(dice, 4, msg)
        if not all(_whole(v, 1, 6) for v in dice):
            raise BoardkitError(msg)
        dice = [int(v) for v in dice]
    if not _whole(dice_used, 0, 4):
        raise BoardkitError(f"{what}: dice_used must be a whole number 0..4, got {short_repr(dice_used)}")
    if cube is not None and not (_whole(cube, 1, 1 << 15) and not cube & (cube - 1)):
        raise BoardkitError(f"{what}: cube must be None or a power of two 1..32768 (BG-12), "
                            f"got {short_repr(cube)}")
    if cube_owner is not None:
        cube_owner = _player(cube_owner, "cube_owner")
    status = check_text(status, f"{what}: status", 2000)
    match = check_text(match, f"{what}: match", 200)
    size = _size(size, what)
    title = _title(title, what)
    if title is not None:
        check_text(title, f"{what}: title", 2000)
    lang = _lang(lang, what)
    return _draw_position(white, red, flip=flip, labels=labels, highlight=highlight,
                          targets=targets, arrows=arrows, arrow_player=arrow_player,
                          hint_arrows=hint_arrows, dice=dice, dice_used=int(dice_used),
                          dice_player=dice_player, cube=None if cube is None else int(cube),
                          cube_owner=cube_owner, status=status, size=size, title=title,
                          match=match, marks=marks, lang=lang)


def _whole(x, lo: int, hi: int) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool) and lo <= int(x) <= hi


def _player(v, name: str) -> int:
    if not _whole(v, 0, 1):
        raise BoardkitError(f"draw_position(): {name} must be 0 (White) or 1 (Red), got {short_repr(v)}")
    return int(v)


def _position_cell(v) -> str:
    """A cell of ``draw_position``: '1'..'24' (White's numbering), 'bar', 'off', or a
    point as a whole number 1..24."""
    if _whole(v, 1, 24):
        return str(int(v))
    return parse_cell(v)


def _draw_position(white, red, *, flip, labels, highlight, targets, arrows, arrow_player,
                   hint_arrows, dice, dice_used, dice_player, cube, cube_owner, status, size,
                   title, match, marks, lang) -> svg.Drawing:
    """``draw_position`` of checked arguments (``_draw`` checks a game's options once)."""
    lang = check_language(lang)
    x0, y0, board_w, h = _geometry()
    W = x0 + board_w + M + TRAY + M + 8
    H = y0 + h + M + 30
    d = _Board(W, H, background="#fbf8f1", title=title)
    if size:
        d.scale = size / W
    highlight = {str(c) for c in highlight}
    targets = {str(c) for c in targets}

    # frame, felt, bar, tray
    d.rect(LEFT, TOP, board_w + 2 * M, h + 2 * M, rx=6, fill=COL["frame"])
    d.rect(x0, y0, 6 * PW, h, fill=COL["felt"])
    d.rect(x0 + 6 * PW + BAR, y0, 6 * PW, h, fill=COL["felt"])
    d.rect(x0 + 6 * PW, y0, BAR, h, fill=COL["bar"], cell="bar")
    tx = x0 + board_w + M
    d.rect(tx - 4, TOP, TRAY + 8 + M - 4, h + 2 * M, rx=6, fill=COL["frame"])
    d.rect(tx, y0, TRAY, h, fill=COL["tray"], cell="off")
    d.line(tx, y0 + h / 2, tx + TRAY, y0 + h / 2, stroke=COL["frame"], stroke_width=3)

    # points: triangles, with a transparent clickable column over each
    for n in range(1, 25):
        x, base, sgn = _point_xy(n, flip)
        fill = COL["pt_a"] if n % 2 else COL["pt_b"]
        tip = base + sgn * (PH - 8)
        d.polygon([(x - PW / 2 + 1, base), (x + PW / 2 - 1, base), (x, tip)], fill=fill,
                  stroke="#00000022", stroke_width=0.5)
        if str(n) in highlight:
            d.polygon([(x - PW / 2 + 1, base), (x + PW / 2 - 1, base), (x, tip)],
                      fill=COL["highlight"], fill_opacity=0.45)
        top_y = base if sgn > 0 else base - PH
        d.rect(x - PW / 2, top_y, PW, PH, fill="#000", fill_opacity=0, cell=str(n))
        if labels:
            shown = n if not flip else 25 - n
            ly = y0 - M / 2 - 1 if sgn > 0 else y0 + h + M / 2 + 1
            d.text(x, ly, str(shown), size=9.5, color=COL["label"], weight="bold",
                   pointer_events="none")
    if "bar" in highlight:
        d.rect(x0 + 6 * PW + 3, y0 + 3, BAR - 6, h - 6, fill=COL["highlight"], fill_opacity=0.35,
               pointer_events="none")

    # checkers on the points
    for n in range(1, 25):
        for player, cnt in ((0, white[n]), (1, red[25 - n])):
            if not cnt:
                continue
            for k in range(min(cnt, 5)):
                x, y = _stack_xy(n, k, flip)
                last = k == min(cnt, 5) - 1
                _checker(d, x, y, player, label=cnt if (last and cnt > 5) else None, cell=str(n),
                         ring=COL["highlight"] if (last and str(n) in highlight) else None)

    # the bar
    for player, side in ((0, white), (1, red)):
        cnt = side[25]
        for k in range(min(cnt, 4)):
            x, y = _bar_xy(player, k, flip)
            last = k == min(cnt, 4) - 1
            _checker(d, x, y, player, label=cnt if (last and cnt > 4) else None, cell="bar",
                     ring=COL["highlight"] if (last and "bar" in highlight) else None)

    # borne-off trays: thin slabs, with the count
    for player, side in ((0, white), (1, red)):
        cnt = side[0]
        tx_c, base, sgn = _tray_xy(player, flip)
        fill, edge = (COL["white"], COL["white_edge"]) if player == 0 else (COL["red"], COL["red_edge"])
        for k in range(cnt):
            y = base + sgn * (4 + 7 * k) - (6 if sgn < 0 else 0)
            d.rect(tx_c - 16, y, 32, 6, rx=1.5, fill=fill, stroke=edge, stroke_width=0.8,
                   pointer_events="none")
        if cnt:
            d.text(tx_c, base + sgn * (4 + 7 * cnt + 10), str(cnt), size=12, color=COL["label"],
                   weight="bold", pointer_events="none")
    if "off" in targets:
        d.rect(tx + 2, y0 + 2, TRAY - 4, h - 4, fill="none", stroke=COL["target"], stroke_width=3,
               stroke_dasharray="6 4", pointer_events="none")

    # targets: a green ring where the checker would land
    for c in sorted(targets - {"off"}, key=lambda s: (s != "bar", int(s) if s.isdigit() else 0)):
        if c == "bar":
            continue
        n = int(c)
        own = white[n] if arrow_player == 0 else red[25 - n]
        x, y = _stack_xy(n, own if own < 5 else 4, flip)
        d.circle(x, y, R - 2, fill=COL["target"], fill_opacity=0.35, stroke=COL["target"],
                 stroke_width=3, pointer_events="none")

    # arrows: paths of cells (in White's numbering), for the player who moves
    def arrow_paths(paths, color, dashed):
        for path in paths:
            pts = []
            path = [str(c) for c in path]
            for i, c in enumerate(path):
                if c.isdigit():
                    n = int(c)
                    own = white[n] if arrow_player == 0 else red[25 - n]
                    k = max(0, own - 1) if i == 0 else own
                    pts.append(_stack_xy(n, min(k, 4), flip))
                else:
                    pts.append(_cell_xy(c, arrow_player, 0, flip))
            d.arrow(pts, color=color, width=3.5, dashed=dashed)
    arrow_paths(arrows, COL["arrow"], False)
    arrow_paths(hint_arrows, COL["hint"], True)

    # dice, in the mover's half (right half for the viewer's side, left for the other)
    if dice:
        right = (dice_player == 0) != flip
        cx = x0 + 6 * PW + BAR + 3 * PW if right else x0 + 3 * PW
        cy = y0 + h / 2
        vals = list(dice)
        n = len(vals)
        for i, v in enumerate(vals):
            _die(d, cx + (i - (n - 1) / 2) * 36, cy, v, used=i < dice_used)

    # the cube: middle of the left side when centred, towards its owner's row when owned
    if cube is not None:
        cy = y0 + h / 2
        if cube_owner is not None:
            down = (cube_owner == 0) != flip
            cy = y0 + h - 26 if down else y0 + 26
        cube_x = LEFT / 2
        s = 26
        d.rect(cube_x - s / 2, cy - s / 2, s, s, rx=4, fill=COL["cube"], stroke="#222", stroke_width=1.5)
        d.text(cube_x, cy, str(cube if cube > 1 else 64), size=13 if cube < 10 else 11, weight="bold")

    # header: pip counts, status
    wp, rp = _pips(white), _pips(red)
    d.circle(LEFT + 8, 20, 8, fill=COL["white"], stroke=COL["white_edge"], stroke_width=1.4)
    d.text(LEFT + 21, 20, text("bg.draw.pips", lang, who=_side(0, lang), n=wp), size=13, anchor="start",
           weight="bold")
    d.circle(LEFT + 146, 20, 8, fill=COL["red"], stroke=COL["red_edge"], stroke_width=1.4)
    d.text(LEFT + 159, 20, text("bg.draw.pips", lang, who=_side(1, lang), n=rp), size=13, anchor="start",
           weight="bold")
    cube_txt = ""
    if cube is not None:
        cube_txt = (text("bg.draw.cube_middle", lang) if cube_owner is None
                    else text("bg.draw.cube_owned", lang, value=cube, who=_side(cube_owner, lang)))
    caption = " · ".join(t for t in (match, cube_txt) if t)
    if caption:
        d.text(W - LEFT, 20, caption, size=12, anchor="end", color="#555")
    if status:
        # a long ending (the Jacoby rule's) shrinks to fit the board's width; the margin
        # allows for Latin letters up to 0.6 em wide (a translation's long words)
        d.text(W / 2, H - 14, status, size=svg.fitting_size(status, W - 40, 13), color="#333")
    for c in marks:
        if c == "bar":
            d.star_ring(x0 + 6 * PW + BAR / 2, y0 + h / 2, BAR * 0.6, c)
        elif c == "off":
            d.star_ring(tx + TRAY / 2, y0 + h / 2, TRAY * 0.6, c)
        else:
            x, base, sgn = _point_xy(int(c), flip)
            d.star_ring(x, base + sgn * PW * 0.6, PW * 0.55, c)
    return d


class _Board(svg.Drawing):
    """A drawing shown at ``scale`` (the viewBox keeps the layout's own units)."""

    scale = 1.0

    def to_svg(self, scale: float | None = None) -> str:
        return super().to_svg(self.scale if scale is None else scale)


#: the board's cells: points in White's numbering, the bar and the trays
CELLS = frozenset([str(i) for i in range(1, 25)] + ["bar", "off"])
#: the defaults of the shared options on the backgammon board (size None: the layout's 626)
DEFAULTS = {"labels": True, "last_move": False}


def parse_cell(v) -> str:
    """A cell id: '1'..'24' (White's numbering), 'bar' or 'off'; else FormatError."""
    if isinstance(v, str) and v in CELLS:
        return v
    raise FormatError(f"a cell is '1'..'24', 'bar' or 'off' (BG-01), got {short_repr(v, 20)}")


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def read_options(game, options: dict) -> DrawOptions:
    """``options`` of ``BackgammonGame.draw`` checked (``boardkit._drawopts``)."""
    what = "BackgammonGame.draw()"
    check_game(game, BackgammonGame, what)

    def bad(name, want, v):
        return BoardkitError(f"{what}: {name} must be {want}, got {short_repr(v)}")

    def hint(v):
        if not isinstance(v, Play):
            raise bad("hint", "a Play (ai.hint(game)) or None", v)
        try:
            ok = all(_is_int(a) and _is_int(b) and 0 <= b < a <= 25 for a, b in v.steps)
        except Exception:       # noqa: BLE001 - a hand-made Play with malformed steps
            ok = False
        if not ok:
            raise bad("hint", "a Play of the player on roll", v)
        return v

    def status(v):
        if v is not None and not isinstance(v, str):
            raise bad("status", "text", v)
        return v

    def done_steps(v):
        if not isinstance(v, (list, tuple)) or len(v) > 4 or not all(
                isinstance(s, tuple) and len(s) in (3, 4) and all(_is_int(x) for x in s[:3])
                for s in v):
            raise bad("done_steps", "up to 4 Steps of this turn", v)
        if v and game.phase == "move":
            game.position_after(v)          # IllegalMoveError for steps not playable here
        return tuple(v)
    return draw_options(options, parse_cell, what=what, parse_hint=hint,
                        defaults={**DEFAULTS, **getattr(game, "draw_defaults", {})},
                        extras={"status": (status, None), "done_steps": (done_steps, ())})


def draw_game(game, **options) -> svg.Drawing:
    """Draw a BackgammonGame with the shared options (docs/architecture.md):
    ``flip``, ``labels``, ``highlight`` and ``selected`` (cells lit), ``targets`` (cells
    ringed as destinations), ``arrows`` (cell paths in White's numbering), ``hint`` (a
    Play of the player on roll, dashed gold arrows), ``last_move`` (True: the last play;
    n: the plays among the last n moves, e.g. the student's play and the computer's
    reply), ``size`` (width in pixels; default the layout's own 626, the widget uses
    560), ``title``, ``marks`` (cells ringed with a star). Backgammon's own:
    ``done_steps`` (single steps already made this turn, shown played) and ``status``
    (the header text). Without ``title`` the board is titled "Backgammon board" in the
    drawing's language (``lang``, default the current one); ``title=None``: no title. A
    bad value raises BoardkitError naming the option."""
    return _draw(game, read_options(game, options))


def _draw(game, o: DrawOptions) -> svg.Drawing:
    flip, labels, size, hint = o.flip, o.labels, o.size, o.hint
    highlight, targets, arrows, selected = list(o.highlight), o.targets, o.arrows, o.selected
    last_move, done_steps, status = o.last_move, o.extra("done_steps"), o.extra("status")
    title = o.title if "title" in o.given else ...
    done = list(done_steps)
    white, red = list(game.board(0)), list(game.board(1))
    dice = game.dice
    roller = game.roller
    if done and dice:
        mine, theirs = game.position_after(done)
        if roller == 0:
            white, red = list(mine), list(theirs)
        else:
            white, red = list(theirs), list(mine)
    dice_shown = None
    used = 0
    if dice:
        dice_shown = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
        used = len(done)
        if dice[0] != dice[1] and done:
            # grey out the die actually used
            left = game.dice_left(done)
            dice_shown = [x for x in dice_shown if x not in left] + left
    hint_paths = []
    arrow_player = roller
    if hint is not None and isinstance(hint, Play):
        hint_paths = [[_to_white(a, roller), _to_white(b, roller)] for a, b in hint.steps]
    paths = [list(p) for p in arrows]
    lit = [selected] if isinstance(selected, str) else list(selected)
    highlight = list(highlight) + [c for c in lit if c not in highlight]
    n_last = int(last_move) if not isinstance(last_move, bool) else (1 if last_move else 0)
    if n_last > 0:
        # the plays among the last n moves, each drawn from its mover's side
        prev = game.copy()
        counted, first = 0, True
        while prev.history and counted < n_last:
            entry = prev.history[-1]
            prev.undo()
            if isinstance(entry, ChanceStep):
                continue
            counted += 1
            if isinstance(entry, Play) and entry.steps:
                mover = prev.roller
                paths += [[_to_white(a, mover), _to_white(b, mover)] for a, b in entry.steps]
                if first:
                    arrow_player, first = mover, False
    lang = o.lang
    if status is None:
        status = _status(game, lang)
    n = game.rules.match_length
    match = ""
    if n:       # the match state of a teaching position (BG-13, BG-14)
        match = text("bg.draw.match", lang, n=n, a=game.score[0], b=game.score[1])
        if game.crawford:
            match += text("bg.draw.match_crawford", lang)
    if title is ...:
        title = text("bg.draw.title", lang)
    d = _draw_position(white, red, flip=flip, labels=labels, highlight=highlight, targets=targets,
                      arrows=paths, arrow_player=arrow_player, hint_arrows=hint_paths,
                      dice=dice_shown, dice_used=used, dice_player=roller,
                      cube=game.cube_value if game.rules.cube else None,
                      cube_owner=game.cube_owner, status=status,
                      title=title, size=size, match=match, marks=o.marks, lang=lang)
    return d


def _to_white(p: int, player: int) -> str:
    """A point in ``player``'s numbering as a cell id (White's numbering)."""
    if p == 25:
        return "bar"
    if p == 0:
        return "off"
    return str(p if player == 0 else 25 - p)


def _status(game, lang: str = "en") -> str:
    out = game.outcome()
    if out is not None:
        return ending(out, lang)
    who = _side(game.turn, lang)
    ph = game.phase
    if ph == "opening":
        return text("bg.draw.opening", lang)
    if ph == "cube":
        return text("bg.draw.to_cube", lang, who=who)
    if ph == "respond":
        return text("bg.draw.to_respond", lang, who=who, value=game.cube_value * 2)
    if ph == "roll":
        return text("bg.draw.to_roll", lang, who=who)
    if game.rules.match_length:
        sc = game.score
        extra = (text("bg.draw.match_extra", lang, n=game.rules.match_length, a=sc[0], b=sc[1])
                 + (text("bg.draw.crawford_extra", lang) if game.crawford else ""))
    else:
        extra = ""
    return text("bg.draw.to_play", lang, who=who, a=game.dice[0], b=game.dice[1], extra=extra)


def ending(out, lang: str = "en") -> str:
    """How the game ended, in ``lang``: the Outcome's sentence (its key and facts, bg.end.*)
    rendered in that language; an Outcome without a key says its own reason."""
    if getattr(out, "key", None):
        return render(out.key, lang, out.facts)
    return out.reason
