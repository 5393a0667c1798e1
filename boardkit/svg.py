"""A tiny SVG builder shared by every board drawing.

Output is deterministic (no random ids, numbers formatted with at most two decimals)
so notebook outputs compare exactly under nbval. Elements that stand for a board cell
carry ``data-cell="..."``: the clickable canvas reports that string when clicked.

    d = Drawing(200, 100)
    d.rect(0, 0, 200, 100, fill="#eee")
    d.circle(50, 50, 20, fill="red", cell="12")
    d.text(100, 50, "王", size=20)
    d.arrow([(10, 10), (90, 90)], color="blue")
    svg_text = d.to_svg()
"""
from __future__ import annotations

import base64
import math
import numbers
import re
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

import numpy as np

from . import _catalogue
from ._input import MAX_INPUT_BYTES, check_path, check_text, parse_float
from .errors import BoardkitError, short_repr

__all__ = ["Drawing", "fmt"]

# the Japanese-capable fonts a browser is likely to have; the kanji on the boards
# (王 金 歩 香 桂 銀) must render on GitHub, JupyterLab and Binder alike
FONT_FAMILY = ("'IPAexGothic', 'IPAGothic', 'Noto Sans CJK JP', 'Hiragino Sans', "
               "'Yu Gothic', 'Meiryo', 'DejaVu Sans', sans-serif")

#: the image's alt text when a drawing has no title; ``boardkit.i18n`` sets it to the word
def untitled_text(lang: str | None = None) -> str:
    """The alt text of a drawing without a title: "board" in ``lang`` (None: the current
    language), from the catalogue (``svg.board``)."""
    return _catalogue.render("svg.board", lang)


def fitting_size(text: str, width: float, size: float, smallest: float = 8) -> float:
    """A font size at most ``size`` at which ``text`` fits in ``width`` units, by a
    generous estimate (a kanji or kana is one em wide, other characters 0.58 em): long
    lines shrink instead of running off the picture; short ones keep ``size`` exactly."""
    import unicodedata
    ems = sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.58 for ch in str(text))
    if ems * size <= width:
        return size
    return max(smallest, math.floor(width / ems * 10) / 10)


def fmt(x: float) -> str:
    """A number as short, stable SVG text: 12, 12.5, 12.34 (never 12.340000001). Anything
    but a finite number (or a number's text) is refused with a BoardkitError."""
    return _fmt(x, "x")


#: the most bits of a whole number written out as a coordinate (a board is a few
#: thousand units wide; more would only be a giant integer to print)
_MAX_INT_BITS = 1000


def _fmt(x: Any, what: str) -> str:
    """``fmt`` of an argument named ``what``: a finite real number (an int, a float, a
    numpy number, or its text), else a BoardkitError naming the argument."""
    if isinstance(x, int) and not isinstance(x, bool):
        if x.bit_length() <= _MAX_INT_BITS:
            return str(x)
        f = math.inf
    elif isinstance(x, float):
        f = x
    elif isinstance(x, numbers.Real) and not isinstance(x, (bool, np.bool_)):
        try:
            f = float(x)
        except (TypeError, ValueError, OverflowError):
            f = math.nan
    elif isinstance(x, str):
        f = parse_float(x, what)
    else:
        raise BoardkitError(f"{what} must be a number, got {short_repr(x)}")
    if not math.isfinite(f):
        raise BoardkitError(f"{what} must be a finite number, got {short_repr(x)}")
    r = round(f, 2)
    if r == int(r):
        return str(int(r))
    return f"{r:.2f}".rstrip("0")


def _text(value: Any, what: str, limit: int = 10_000) -> str:
    """A text argument: bounded, writable as UTF-8."""
    if not isinstance(value, str):
        raise BoardkitError(f"{what} must be text, got {short_repr(value)}")
    return check_text(value, what, limit)


def _opt_text(value: Any, what: str, limit: int = 10_000) -> str | None:
    """A text argument or None."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise BoardkitError(f"{what} must be None or text, got {short_repr(value)}")
    return check_text(value, what, limit)


def _shown(value: Any, what: str) -> str:
    """What a text element shows: text, or a value whose ``str`` is bounded text (a
    number, a word of the catalogue); a value whose ``str`` fails is refused."""
    if not isinstance(value, str):
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > _MAX_INT_BITS:
            raise BoardkitError(f"{what} must be text, got {short_repr(value)}")
        try:
            value = str(value)
        except Exception:               # noqa: BLE001 - a hostile __str__
            raise BoardkitError(f"{what} must be text, got {short_repr(value)}") from None
        if not isinstance(value, str):
            raise BoardkitError(f"{what} must be text, got {short_repr(value)}")
    return check_text(value, what, MAX_INPUT_BYTES)


def _cell(cell: Any) -> Any:
    """A ``cell`` argument: None, a cell's name (text) or its number."""
    if cell is None:
        return None
    if isinstance(cell, int) and not isinstance(cell, bool) and abs(cell) < 10 ** 9:
        return cell
    return _text(cell, "cell", 100)


def _flag(value: Any, what: str) -> bool:
    """A yes/no argument: a bool (numpy's too), None, 0 or 1."""
    if isinstance(value, (bool, np.bool_)) or value is None or (
            isinstance(value, int) and value in (0, 1)):
        return bool(value)
    raise BoardkitError(f"{what} must be True or False, got {short_repr(value)}")


#: the most points of one polygon, polyline or arrow
MAX_POINTS = 100_000


def _points(points: Any, what: str = "points") -> list[tuple[Any, Any]]:
    """A sequence of (x, y) pairs of finite numbers, as a list of pairs."""
    bad = BoardkitError(f"{what} must be a sequence of (x, y) pairs of numbers, "
                        f"got {short_repr(points)}")
    if isinstance(points, (str, bytes, bytearray, dict)) or not isinstance(points, Iterable):
        raise bad
    out: list[tuple[Any, Any]] = []
    try:
        for p in points:
            if isinstance(p, (str, bytes, bytearray, dict)) or len(out) >= MAX_POINTS:
                raise bad
            x, y = p
            _fmt(x, f"{what} (x)")
            _fmt(y, f"{what} (y)")
            out.append((x, y))
    except (TypeError, ValueError):
        raise bad from None
    return out


#: the colour of the marks on cells (``star_ring``): a purple no board's pieces or rings use
MARK_COLOR = "#8e24aa"


#: the largest coordinate or radius a mark takes (a board is a few thousand units wide)
MAX_COORD = 1e6


def _coord(value: Any, what: str, positive: bool = False) -> float:
    """A finite number (not a bool) of size at most MAX_COORD; > 0 when ``positive``."""
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if ok:
        try:
            x = float(value)
        except OverflowError:
            ok = False
    if not ok or not math.isfinite(x) or abs(x) > MAX_COORD or (positive and x <= 0):
        raise BoardkitError(f"{what} must be a {'positive ' if positive else ''}number of at "
                            f"most {MAX_COORD:g}, got {short_repr(value)}")
    return x


def _star(x: float, y: float, r: float) -> str:
    """The points of a five-pointed star of radius ``r`` centred on (x, y)."""
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        ang = math.pi / 2 + k * math.pi / 5
        pts.append(f"{fmt(x + rad * math.cos(ang))},{fmt(y - rad * math.sin(ang))}")
    return " ".join(pts)


def _attrs(d: dict) -> str:
    parts = []
    for k, v in d.items():
        if v is None or v is False:
            continue
        k = k.rstrip("_").replace("_", "-")
        if isinstance(v, float):
            v = fmt(v)
        parts.append(f'{k}="{escape(str(v), quote=True)}"')
    return (" " + " ".join(parts)) if parts else ""


#: the largest ``to_svg(scale=)``
MAX_SCALE = 1000


class Drawing:
    """An SVG canvas of a given size. Methods append elements and return self.

    Every argument is checked where it comes in (coordinates finite numbers, colours
    and titles text, points pairs of numbers): a bad one raises a BoardkitError naming
    it and adds nothing."""

    def __init__(self, width: float, height: float, *, background: str | None = None,
                 title: str | None = None, lang: str | None = None):
        _fmt(width, "width")
        _fmt(height, "height")
        _opt_text(background, "background", 200)
        _opt_text(title, "title")
        _opt_text(lang, "lang", 20)
        self.width = width
        self.height = height
        #: the language of the drawing's own words (its alt text); None: the current one
        self.lang = lang
        self._items: list[str] = []
        self._defs: dict[str, str] = {}
        self.title = title
        if background:
            self.rect(0, 0, width, height, fill=background)

    # -------------------------------------------------------------- shapes
    def add(self, raw: str) -> Drawing:
        """Append raw SVG text (for the rare shape the helpers do not cover)."""
        self._items.append(_text(raw, "raw", MAX_INPUT_BYTES))
        return self

    def rect(self, x, y, w, h, *, cell: str | None = None, **style) -> Drawing:
        a = _attrs(dict(x=_fmt(x, "x"), y=_fmt(y, "y"), width=_fmt(w, "w"), height=_fmt(h, "h"),
                        data_cell=_cell(cell), **style))
        self._items.append(f"<rect{a}/>")
        return self

    def circle(self, cx, cy, r, *, cell: str | None = None, **style) -> Drawing:
        a = _attrs(dict(cx=_fmt(cx, "cx"), cy=_fmt(cy, "cy"), r=_fmt(r, "r"), data_cell=_cell(cell),
                        **style))
        self._items.append(f"<circle{a}/>")
        return self

    def line(self, x1, y1, x2, y2, **style) -> Drawing:
        a = _attrs(dict(x1=_fmt(x1, "x1"), y1=_fmt(y1, "y1"), x2=_fmt(x2, "x2"), y2=_fmt(y2, "y2"),
                        **style))
        self._items.append(f"<line{a}/>")
        return self

    def polygon(self, points: Iterable[Sequence[float]], *, cell: str | None = None, **style) -> Drawing:
        pts = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in _points(points))
        self._items.append(f"<polygon{_attrs(dict(points=pts, data_cell=_cell(cell), **style))}/>")
        return self

    def polyline(self, points: Iterable[Sequence[float]], **style) -> Drawing:
        pts = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in _points(points))
        style.setdefault("fill", "none")
        self._items.append(f"<polyline{_attrs(dict(points=pts, **style))}/>")
        return self

    def path(self, d: str, *, cell: str | None = None, **style) -> Drawing:
        d = _text(d, "d", MAX_INPUT_BYTES)
        self._items.append(f"<path{_attrs(dict(d=d, data_cell=_cell(cell), **style))}/>")
        return self

    def text(self, x, y, s: str, *, size: float = 12, anchor: str = "middle",
             color: str = "#222", weight: str | None = None, cell: str | None = None,
             rotate: float | None = None, **style) -> Drawing:
        """Text centred on (x, y) by default (both ways)."""
        xs, ys, shown = _fmt(x, "x"), _fmt(y, "y"), _shown(s, "s")
        size_s = _fmt(size, "size")
        anchor, color = _text(anchor, "anchor", 20), _text(color, "color", 200)
        weight = _opt_text(weight, "weight", 20)
        cell = _cell(cell)
        if rotate is not None:
            _fmt(rotate, "rotate")
        transform = f"rotate({fmt(rotate)} {xs} {ys})" if rotate else None
        a = _attrs(dict(x=xs, y=ys, font_size=size_s, text_anchor=anchor,
                        dominant_baseline="central", fill=color, font_weight=weight,
                        data_cell=cell, transform=transform, **style))
        self._items.append(f"<text{a}>{escape(shown)}</text>")
        return self

    def arrow(self, points: Sequence[Sequence[float]], *, color: str = "#1f6feb",
              width: float = 3, opacity: float = 0.85, head: float | None = None,
              dashed: bool = False) -> Drawing:
        """A polyline with an arrowhead at the end (hint arrows, hop paths)."""
        points = _points(points)
        color = _text(color, "color", 200)
        for value, what in ((width, "width"), (opacity, "opacity"), (head, "head")):
            if value is not None or what != "head":
                _fmt(value, what)
        dashed = _flag(dashed, "dashed")
        if len(points) < 2:
            return self
        head = float(head) if head is not None else float(width) * 3.2
        (x1, y1), (x2, y2) = [(float(x), float(y)) for x, y in points[-2:]]
        ang = math.atan2(y2 - y1, x2 - x1)
        # stop the line short of the tip so it does not poke through the head
        bx, by = x2 - head * 0.8 * math.cos(ang), y2 - head * 0.8 * math.sin(ang)
        body = list(points[:-1]) + [(bx, by)]
        self.polyline(body, stroke=color, stroke_width=fmt(width), stroke_opacity=fmt(opacity),
                      stroke_linecap="round", stroke_linejoin="round",
                      stroke_dasharray="6 4" if dashed else None, pointer_events="none")
        left = (x2 - head * math.cos(ang - 0.45), y2 - head * math.sin(ang - 0.45))
        right = (x2 - head * math.cos(ang + 0.45), y2 - head * math.sin(ang + 0.45))
        self.polygon([(x2, y2), left, right], fill=color, fill_opacity=fmt(opacity),
                     pointer_events="none")
        return self

    def star_ring(self, cx: float, cy: float, r: float, cell: str) -> Drawing:
        """A mark on a cell (the cells a puzzle's goal names): a dashed purple ring of
        radius ``r`` round (cx, cy) and a small star on its upper right, never catching a
        click. The ring carries ``data-mark="<cell>"``."""
        cx, cy = _coord(cx, "star_ring(cx)"), _coord(cy, "star_ring(cy)")
        r = _coord(r, "star_ring(r)", positive=True)
        if not isinstance(cell, str) or not 0 < len(cell) <= 100:
            raise BoardkitError(f"star_ring(cell) must be a cell's name (text), got {short_repr(cell)}")
        sw = fmt(max(1.5, r * 0.2))
        self._items.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}" fill="none" '
                           f'stroke="{MARK_COLOR}" stroke-width="{sw}" stroke-dasharray="{fmt(r * 0.45)} '
                           f'{fmt(r * 0.2)}" pointer-events="none" data-mark="{escape(str(cell))}"/>')
        self._items.append(f'<polygon points="{_star(cx + r * 0.72, cy - r * 0.72, r * 0.6)}" '
                           f'fill="{MARK_COLOR}" stroke="#fff" stroke-width="{fmt(max(0.8, r * 0.06))}" '
                           f'pointer-events="none"/>')
        return self

    def group(self, items: Drawing, transform: str | None = None, **attrs) -> Drawing:
        """Insert another drawing's elements as a <g>."""
        if not isinstance(items, Drawing):
            raise BoardkitError(f"items must be a Drawing; got {short_repr(items)}")
        transform = _opt_text(transform, "transform", 1000)
        a = _attrs(dict(transform=transform, **attrs))
        self._items.append(f"<g{a}>" + "".join(items._items) + "</g>")
        self._defs.update(items._defs)
        return self

    def define(self, key: str, raw: str) -> Drawing:
        """Add something to <defs> once (gradients, patterns)."""
        key, raw = _text(key, "key", 200), _text(raw, "raw", MAX_INPUT_BYTES)
        self._defs.setdefault(key, raw)
        return self

    # -------------------------------------------------------------- output
    def to_svg(self, scale: float = 1.0) -> str:
        _fmt(scale, "scale")
        if isinstance(scale, str) or not 0 < scale <= MAX_SCALE:
            raise BoardkitError(f"scale must be a number in (0, {MAX_SCALE:g}], got {short_repr(scale)}")
        w, h = self.width * scale, self.height * scale
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(w)}" height="{fmt(h)}" '
                f'viewBox="0 0 {fmt(self.width)} {fmt(self.height)}" '
                f'font-family="{escape(FONT_FAMILY, quote=True)}">')
        parts = [head]
        if self.title:
            parts.append(f"<title>{escape(self.title)}</title>")
        if self._defs:
            parts.append("<defs>" + "".join(self._defs[k] for k in sorted(self._defs)) + "</defs>")
        parts.extend(self._items)
        parts.append("</svg>")
        return "\n".join(parts)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def to_html_img(self) -> str:
        """The drawing as an HTML ``<img>`` with a data URI.

        Jupyter refuses stored ``image/svg+xml`` in an untrusted notebook (every fresh
        clone, every Binder launch) but renders this sanitised ``<img>``; see
        ``_repr_mimebundle_``."""
        data = base64.b64encode(self.to_svg().encode("utf-8")).decode("ascii")
        alt = escape(self.title or untitled_text(self.lang), quote=True)
        return f'<img src="data:image/svg+xml;base64,{data}" alt="{alt}"/>'

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        # SVG for trusted front ends and GitHub, an <img> for untrusted ones (both
        # are compared exactly by nbval, so both must be deterministic).
        return {"image/svg+xml": self.to_svg(), "text/html": self.to_html_img(),
                "text/plain": repr(self)}

    def save(self, path: str) -> None:
        """Write the SVG to ``path`` (atomically: a temporary file, then a rename)."""
        from ._input import atomic_write
        atomic_write(check_path(path, "path"), self.to_svg())

    def __repr__(self) -> str:
        return f"<Drawing {fmt(self.width)}x{fmt(self.height)}, {len(self._items)} elements>"


_DECORATION = re.compile(r"<(line|polyline|path|text|circle|rect|polygon|ellipse)\b"
                         r"(?![^>]*\b(?:data-cell|pointer-events)=)")


def pass_clicks(svg_text: str) -> str:
    """A board's SVG with every shape that stands for no cell (no ``data-cell``: grid lines,
    a forbidden tip's cross, badges, labels) made transparent to the pointer, so a click on
    it reaches the cell under it (the canvas reports the nearest ``data-cell`` element the
    click hits; a cross drawn over a hole used to swallow it, QA 31 and 32)."""
    return _DECORATION.sub(lambda m: m.group(0) + ' pointer-events="none"', svg_text)
