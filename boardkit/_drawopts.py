"""The one reader of ``draw()`` options, shared by the four games.

Every game's ``draw(**options)`` takes the same option set (``DRAW_OPTIONS``, see
docs/architecture.md, "Drawing"). This module checks the values once, the same way for
every game, and gives the drawing code one frozen ``DrawOptions``. A game says only how
to read one of its cells (``parse_cell``: a value -> the cell, or an error) and, where it
has them, how to read its hint and its own extra options:

    o = draw_options(options, parse_cell, what="CheckersGame.draw()",
                     defaults={"size": 400, "labels": True, "last_move": True})
    o.highlight        # a tuple of cells, in the order given

A bad value raises ``BoardkitError`` naming the option ("CheckersGame.draw(): title must
be text or None, got 5"); no raw ``TypeError`` or ``AttributeError`` gets out.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from ._catalogue import check_language, languages
from ._input import check_instance
from .errors import BoardkitError, short_repr

__all__ = ["DRAW_OPTIONS", "DrawOptions", "draw_options", "parse_cells", "parse_path", "MAX_CELLS",
           "MAX_PATH", "SIZE_RANGE", "check_game"]

#: The draw() options every game accepts (see docs/architecture.md, "Drawing").
DRAW_OPTIONS: tuple[str, ...] = ("size", "flip", "labels", "highlight", "targets", "arrows",
                                 "selected", "hint", "last_move", "title", "marks", "lang")

#: at most this many cells in one option (and paths in ``arrows``)
MAX_CELLS = 1000
#: at most this many cells in one path (an arrow, a hint)
MAX_PATH = 200
#: the drawing's size in pixels: from, to
SIZE_RANGE = (10, 10000)
#: the most moves ``last_move`` can mark
MAX_LAST_MOVES = 10000

# what a game's parse_cell may raise on a value that is no cell
_CELL_ERRORS = (BoardkitError, TypeError, ValueError, KeyError, IndexError, AttributeError,
                OverflowError)


@dataclass(frozen=True)
class DrawOptions:
    """The checked options of one ``draw()`` call.

    size        pixels (a number), or None: the game's own size
    flip        True: the board turned round
    labels      True/False (or a game's own mode, e.g. Diamond's "empty")
    highlight   cells to highlight (a tuple, in the order given)
    targets     cells marked as clickable destinations
    arrows      cell paths drawn as arrows (a tuple of tuples)
    selected    the cell or cells selected so far (a tuple)
    hint        the hint as the game reads it (a cell path, a Play, a battle), or None
    last_move   how many of the last moves to mark (0: none)
    title       the caption, or None
    marks       cells marked with a star ring (the cells a puzzle's goal names)
    lang        the language of the drawing's words ("en", "ja"; not given: the current one)
    extras      the game's own options (``draw_extras``), checked
    given       the names the caller gave (``"title" in o.given``)
    """

    size: float | None = None
    flip: bool = False
    labels: bool | str = False
    highlight: tuple = ()
    targets: tuple = ()
    arrows: tuple[tuple, ...] = ()
    selected: tuple = ()
    hint: Any = None
    last_move: int = 0
    title: str | None = None
    marks: tuple = ()
    lang: str = "en"
    extras: Mapping[str, Any] = field(default_factory=dict, compare=False)
    given: frozenset[str] = frozenset()

    def extra(self, name: str) -> Any:
        """The value of one of the game's own options (its default when not given)."""
        return self.extras[name]


def check_game(game: Any, game_class: type, what: str = "draw()") -> Any:
    """``game`` if it is a ``game_class`` (the game a ``read_options`` draws), else a
    BoardkitError naming the argument."""
    return check_instance(game, game_class, f"{what}: game")


def _bad(what: str, name: str, want: str, value: Any) -> BoardkitError:
    return BoardkitError(f"{what}: {name} must be {want}, got {short_repr(value)}")


def _one_cell(value: Any, parse_cell: Callable[[Any], Any]) -> tuple[bool, Any, Exception | None]:
    try:
        return True, parse_cell(value), None
    except _CELL_ERRORS as e:
        return False, None, e


def parse_cells(value: Any, name: str, parse_cell: Callable[[Any], Any], what: str = "draw()",
                limit: int = MAX_CELLS) -> tuple:
    """One cell or a list of cells -> a tuple of cells (None or False: none).

    A value ``parse_cell`` reads is one cell; otherwise it must be a list (any iterable
    but text) of at most ``limit`` cells. Anything else: BoardkitError naming ``name``."""
    if value is None or value is False:
        return ()
    ok, cell, err = _one_cell(value, parse_cell)
    if ok:
        return (cell,)
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Iterable):
        raise BoardkitError(f"{what}: {name} must be a cell or a list of cells; "
                            f"{short_repr(value)} is neither ({short_repr(err, 120)})")
    try:
        items = list(islice(value, limit + 1))
    except Exception:                           # noqa: BLE001 - an iterable that fails
        raise _bad(what, name, "a list of cells", value) from None
    if len(items) > limit:
        raise BoardkitError(f"{what}: {name} takes at most {limit:,} cells")
    out = []
    for item in items:
        ok, cell, err = _one_cell(item, parse_cell)
        if not ok:
            raise BoardkitError(f"{what}: {name}: {short_repr(item)} is not a cell "
                                f"({short_repr(err, 120)})")
        out.append(cell)
    return tuple(out)


def parse_path(value: Any, name: str, parse_cell: Callable[[Any], Any], what: str = "draw()") -> tuple:
    """A path of 2 to ``MAX_PATH`` cells (a move's ``.path`` or a list of cells) -> a tuple."""
    value = getattr(value, "path", value)
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Iterable):
        raise _bad(what, name, "a path of cells such as [22, 15, 8]", value)
    cells = parse_cells(list(islice(value, MAX_PATH + 1)), name, parse_cell, what, limit=MAX_PATH)
    if len(cells) < 2:
        raise _bad(what, name, "a path of at least two cells", value)
    return cells


def _paths(value: Any, name: str, parse_cell: Callable[[Any], Any], what: str) -> tuple:
    if value is None or value is False:
        return ()
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Iterable) \
            or hasattr(value, "path"):
        raise _bad(what, name, "a list of cell paths such as [[22, 15, 8]]", value)
    try:
        items = list(islice(value, MAX_CELLS + 1))
    except Exception:                           # noqa: BLE001
        raise _bad(what, name, "a list of cell paths", value) from None
    if len(items) > MAX_CELLS:
        raise BoardkitError(f"{what}: {name} takes at most {MAX_CELLS:,} paths")
    return tuple(parse_path(p, name, parse_cell, what) for p in items)


def _size(value: Any, what: str) -> float | None:
    if value is None:
        return None
    lo, hi = SIZE_RANGE
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not (isinstance(value, int) or math.isfinite(value)) or not lo <= value <= hi:
        raise _bad(what, "size", f"a number of pixels {lo}..{hi}", value)
    return value


def _flag(value: Any, name: str, what: str, modes: tuple = ()) -> bool | str:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value in modes:
        return value
    want = "True or False" + "".join(f" or {m!r}" for m in modes)
    raise _bad(what, name, want, value)


def _last_move(value: Any, what: str) -> int:
    if value is None or isinstance(value, bool):
        return 1 if value else 0
    if isinstance(value, int) and 0 <= value <= MAX_LAST_MOVES:
        return int(value)
    raise _bad(what, "last_move", f"True/False or a number of moves 0..{MAX_LAST_MOVES}", value)


def _title(value: Any, what: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise _bad(what, "title", "text or None", value)


def _lang(value: Any, what: str) -> str:
    try:
        return check_language(value)
    except BoardkitError:
        raise _bad(what, "lang", f"one of {list(languages())} or None", value) from None


def draw_options(options: Mapping[str, Any], parse_cell: Callable[[Any], Any], *,
                 what: str = "draw()", defaults: Mapping[str, Any] | None = None,
                 parse_hint: Callable[[Any], Any] | None = None,
                 extras: Mapping[str, tuple[Callable[[Any], Any], Any]] | None = None,
                 label_modes: tuple[str, ...] = ()) -> DrawOptions:
    """Check ``options`` (the keywords of ``draw()``) and return one ``DrawOptions``.

    parse_cell   how the game reads one cell (raise BoardkitError for a value that is none)
    defaults     the game's own defaults for options not given (``size``, ``labels``,
                 ``last_move`` ...), checked like given values
    parse_hint   how the game reads its hint (default: a cell path, a move's ``.path``)
    extras       the game's own options: name -> (parser, default); a parser gets the
                 value and returns it checked (raise BoardkitError naming the option)
    label_modes  values of ``labels`` besides True and False
    An unknown option name raises BoardkitError naming the accepted ones."""
    if not isinstance(options, Mapping):
        raise BoardkitError(f"{what}: options must be a dict of draw() options such as "
                            f"{{'flip': True}}, got {short_repr(options)}")
    if not all(isinstance(k, str) for k in options):
        raise BoardkitError(f"{what}: an option's name is text, got "
                            f"{short_repr(next(k for k in options if not isinstance(k, str)))}")
    extras = extras or {}
    accepted = DRAW_OPTIONS + tuple(extras)
    unknown = sorted(str(k) for k in options if k not in accepted)
    if unknown:
        raise BoardkitError(f"{what}: unknown option(s) {', '.join(u[:40] for u in unknown[:5])}; "
                            f"accepted: {', '.join(sorted(accepted))}")
    given = frozenset(options)
    o = {**(defaults or {}), **options}

    def cells(name: str) -> tuple:
        return parse_cells(o.get(name), name, parse_cell, what)

    hint = o.get("hint")
    if hint is not None:
        hint = parse_hint(hint) if parse_hint is not None else parse_path(hint, "hint", parse_cell, what)
    extra_values = {}
    for name, (parser, default) in extras.items():
        extra_values[name] = parser(o[name]) if name in o else default
    size = _size(o.get("size"), what)
    if size is None and defaults and defaults.get("size") is not None:
        size = _size(defaults["size"], what)          # None given: the game's own size
    return DrawOptions(
        size=size,
        flip=bool(_flag(o.get("flip", False), "flip", what)),
        labels=_flag(o.get("labels", False), "labels", what, label_modes),
        highlight=cells("highlight"), targets=cells("targets"),
        arrows=_paths(o.get("arrows"), "arrows", parse_cell, what),
        selected=cells("selected"), hint=hint,
        last_move=_last_move(o.get("last_move", False), what),
        title=_title(o.get("title"), what), marks=cells("marks"),
        lang=_lang(o.get("lang"), what),
        extras=extra_values, given=given)
