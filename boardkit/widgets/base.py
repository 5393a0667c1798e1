"""The interactive board, written once for all four games.

``GameWidget`` is an ipywidgets VBox: the clickable canvas plus ordinary controls
(new game with rule options, undo, hint, who plays which seat, computer level, flip,
roll/toss for dice games, save and resume, status line, move list).

A game's widget subclass says only what is particular to it, by filling hooks (it never
overrides on_click/_refresh/undo/roll/show_hint nor splices ``children``):

    ai                   the game's ai module: levels (ai.LEVELS: English name -> the key of
                         its label, ``level.<game>.<name>``, shown in the board's language),
                         bot(level) -> ai.bot(level), the hint at ai.HINT_LEVEL and its
                         reason (ai.explain(game, move), if the module has it)
    make_game(options)   a new game from the option controls' values
    option_controls()    {name: ipywidget} rule options shown under "New game"
    render(selection)    the SVG text of the board (calls the game's draw())
    move_path(move)      the cells a click sequence visits for a move
    header_rows()        widgets shown under the status line (e.g. a match score)
    extra_rows()         widgets shown under the buttons (extra controls, an event log)
    narrowing_moves()    the moves clicks narrow among (default: legal_moves())
    handle_click(cell)   return True when the game handled a click itself (a dice
                         game's one-step-at-a-time protocol); the default returns False
    click_refused(cell)  why clicks on the board do nothing now (None: they work)
    prepare_chance()     called by Roll before the chance step (e.g. "no double")
    after_chance(out)    called after every roll/toss (human or computer)
    undo_partial()       take back part of a move in progress; True if it did
    hint_text(move)      the hint's "why", in plain words
    after_refresh()      update the game's own controls after every redraw
    why_not_target(start, cell)  why the selected piece cannot go to that cell (None: silent)
    on_new_game()        after New game made a new game
    describe()           the board in words for screen readers (the canvas's aria-label)
    move_text(move)      a move as the move list, the hint and describe() say it (default:
                         its notation; a pass or a declared battle in the board's words)
    tutor_module         the game's tutor module (boardkit/<game>/tutor.py, ``advice(before,
                         move) -> str | None``); tutor_text(before, move) calls it
    player_names, levels (fallback when there is no ``ai``), click_mode, has_chance,
    chance_label

Click protocol (``click_mode``):
  "hop"          click a piece, then each next cell of the path; the path is
                 extended automatically while only one continuation exists
                 (checkers multi-jumps).
  "destination"  click a piece, then any reachable end cell; when several paths
                 reach it, the next cells are offered hop by hop (Diamond Game).
Everything a click can do can be done from Python: ``widget.click(cell)``.

Boards for every student: the board is one Tab stop, the arrow keys move a focus ring
between cells and Enter/Space select (the same message as a click); the text box under
the board (``move_box``) takes a move in the game's notation and plays it through the same
path as ``play()`` (``play_text(text)`` from Python); the board's aria-label is
``describe()`` and the status line is ``aria-live="polite"``.

The tutor: a "Tutor" checkbox in the buttons row, off by default
(``GameWidget(tutor=True)`` or ``tutor_on = True`` turns it on). When it is on, after
each move of a human seat (a click, the move box, ``play()``; never the computer's, and
never on a puzzle board) the widget keeps the game as it was before the move and shows
``tutor_text(before, move)`` in one line under the message line (``tutor_line``), said
by the live region too: the strategy tip the move breaks and what the strongest level
would have played, or a short "fine". Off, nothing is computed.

Double clicks: buttons that change the game at every click (New game, Roll/Toss, and a
game's own such as Join or Set dice) act once on a double click: a click less than
``DOUBLE_CLICK_S`` (0.35 s) after the same button acted does nothing (``once_per_click``,
timed by ``_clock``). Undo, Hint and the board are not guarded: two quick clicks are meant
there. The Python verbs (``new_game()``, ``roll()``) are never guarded.

Shared behaviour: an error message is cleared by the next correct action; "Undo allowed"
(``undo_allowed``, 「待った あり」) turns undo on/off; hints and undos used are counted
(``hints_used``, ``undos_used``) and shown when the game ends; after the student's
move the board is redrawn before the computer replies (``reply_delay`` seconds apart,
0 by default) and ``marked`` says how many last moves to mark (the student's move and
the computer's replies; ``render`` passes it as ``draw(last_move=...)``). A board keeps
its language: ``GameWidget(lang=...)`` (None: the current language when it is built) fixes
``self.lang``, every word shown is read in it with ``self.tr(key, **facts)``, menu labels
too (a menu's values stay the English identifiers the code uses:
``options=[(self.tr(key), value), ...]``), and ``draw(..., lang=self.lang)`` draws in it, so
``set_language`` later changes only the boards built after it; colours are JupyterLab
CSS variables so the dark theme stays readable. Nothing is cut: ``fit_labels`` gives the
set-up panel's descriptions one width fitted to the widest and each menu its widest
choice's width (``fit_setup()`` again after a game changes a menu's choices), and button
rows wrap.
"""
from __future__ import annotations

import html
import math
import pathlib
import re
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Generic, TypeVar

import anywidget
import ipywidgets as W
import numpy as np
import traitlets

from .. import _catalogue
from .._core import BoardkitError, ChanceStep, Game, Outcome, check_level
from .._input import check_text
from ..errors import short_repr
from ..i18n import Word, check_language, error_text, render, tr
from ..svg import pass_clicks
from .canvas import SvgCanvas

#: colours of widget text: JupyterLab theme variables (fallbacks for other front ends)
TEXT_COLOR = "var(--jp-ui-font-color1, #333)"
ERROR_COLOR = "var(--jp-error-color1, #b00020)"
MUTED_COLOR = "var(--jp-ui-font-color2, #666)"
BACKGROUND = "var(--jp-layout-color1, white)"

#: seconds: a second click this soon after a Roll/Toss/New game click acted is the other half
#: of a double click (students double-click by habit) and does nothing
DOUBLE_CLICK_S = 0.35

__all__ = ["GameWidget", "Selection", "ClickGuard", "Download", "scroll_box", "fit_labels", "text_width",
           "static_bundle", "svg_img", "TEXT_COLOR", "ERROR_COLOR", "MUTED_COLOR", "BACKGROUND",
           "DOUBLE_CLICK_S", "page_heading"]

# a play page's words (``GameWidget(page=True)``: its title and how to play, which follow the
# board: who plays which side, and where that side sits after Flip) are ``page.*`` keys of
# the catalogue; each game has ``page.<game>.title`` and ``page.<game>.how`` (with
# ``{you}``), and may have ``page.<game>.buttons`` and ``page.<game>.puzzles_line``

#: the largest save file a student may upload (what ``Game.from_json`` reads at most)
UPLOAD_LIMIT = 1_000_000


class Download(anywidget.AnyWidget):
    """Hands a text to the browser as a file download (``download.js``): a save goes to the
    student's own computer. ``offer(name, text)`` sends it; ``last`` keeps the last offer
    (what the tests read). The view draws nothing; it must be on the page."""

    _esm = pathlib.Path(__file__).with_name("download.js")
    last = traitlets.Tuple((), help="(name, text) of the last download offered")

    def offer(self, name: str, text: str) -> None:
        """Send ``text`` to the browser as a file called ``name``."""
        name = check_text(name, "name", 255)
        text = check_text(text, "text", DOWNLOAD_LIMIT)
        self.last = (name, text)
        self.send({"kind": "download", "name": name, "text": text})


#: the largest text ``Download.offer`` sends (a save is far smaller)
DOWNLOAD_LIMIT = 5_000_000


def page_heading(game: str, lang: str | None = None):
    """A play page's puzzles heading and its line, in ``lang`` (None: the current
    language; an HTML display object: it shows in Voila, JupyterLab, untrusted notebooks
    and on GitHub)."""
    from IPython.display import HTML
    game = check_text(game, "game", 40)
    lang = check_language(lang)
    line = (tr(f"page.{game}.puzzles_line", lang) if _catalogue.has(f"page.{game}.puzzles_line")
            else tr("page.puzzles_line", lang))
    return HTML(f"<h2>{html.escape(tr('page.puzzles', lang))}</h2><p>{html.escape(line)}</p>")


def svg_img(svg_text: str, alt: str = "") -> str:
    """An SVG as an HTML <img> with a data URI: what an untrusted notebook still shows
    (stored image/svg+xml and inline <svg> are refused there, sanitised <img> is not)."""
    import base64
    svg_text, alt = _text_arg(svg_text, "svg_text", 10_000_000), _text_arg(alt, "alt", 2000)
    data = base64.b64encode(svg_text.encode("utf-8")).decode("ascii")
    return f'<img src="data:image/svg+xml;base64,{data}" alt="{html.escape(alt, quote=True)}"/>'


def static_bundle(widget: W.Widget, html_text: str, plain: str, **kwargs) -> dict:
    """A widget's display bundle with a static view for readers that cannot show the live
    widget (an un-run or untrusted notebook, GitHub, nbviewer): ``text/html`` (the board
    picture, its goal or the whole question, and a run cue saying what running adds) and
    the whole ``text/plain`` (ipywidgets cuts it at 110 characters). A live front end shows
    the widget view instead, as before."""
    if not isinstance(widget, W.DOMWidget):
        raise BoardkitError(f"widget must be an ipywidgets widget, got {short_repr(widget)}")
    html_text = _text_arg(html_text, "html_text", 10_000_000)
    plain = _text_arg(plain, "plain", 1_000_000)
    bundle = W.DOMWidget._repr_mimebundle_(widget, **kwargs) or {}
    bundle["text/plain"] = plain
    bundle["text/html"] = html_text
    return bundle


def run_cue(key: str, lang: str | None = None) -> str:
    """The line under a static view: what running the cell adds (in ``lang``; None: the
    current language)."""
    return f"<p><i>▶ {html.escape(tr(key, lang))}</i></p>"


class ClickGuard:
    """Ignores the second click of a double click on a button that changes the game at
    every click (Roll, Toss, New game, Join, Set dice): ``wrap(action)`` gives an
    ``on_click`` handler that does nothing when it comes less than ``interval`` seconds
    after that same handler last acted. Buttons where two quick clicks are meant (undo,
    hint, moves) are not wrapped, and neither are the Python verbs (``roll()``, ``toss()``).

    The time is read when the action has FINISHED: the kernel takes clicks one after the
    other, so a double click's second message waits while the first one's action runs (a
    computer reply may take longer than the interval). ``clock`` is injectable (tests)."""

    def __init__(self, clock: Callable[[], float] | None = None, interval: float = DOUBLE_CLICK_S):
        if clock is not None and not callable(clock):
            raise BoardkitError(f"clock must be None or a function giving seconds, got {short_repr(clock)}")
        from .._input import parse_float
        if isinstance(interval, np.generic):
            interval = interval.item()
        interval = parse_float(interval, "interval", 0.0, 3600.0)
        self.clock = clock or time.monotonic
        self.interval = interval

    def wrap(self, action: Callable[[], Any]) -> Callable[..., None]:
        done: list[float] = []               # when this button's action last finished

        def on_click(_=None) -> None:
            if done and self.clock() - done[-1] < self.interval:
                return
            try:
                action()
            finally:
                done[:] = [self.clock()]
        return on_click


#: a CSS length, as ``scroll_box(max_height=)`` takes it (nothing that could leave the style)
_CSS_LENGTH = re.compile(r"(?:[0-9]{1,6}(?:\.[0-9]{1,3})?(?:px|em|rem|%|vh|vw|ex|ch|pt)|0|none|auto)")


def _text_arg(value: Any, what: str, limit: int = 10_000) -> str:
    """A text argument: bounded text that can be written as UTF-8 (BoardkitError else)."""
    if not isinstance(value, str):
        raise BoardkitError(f"{what} must be text, got {short_repr(value)}")
    return check_text(value, what, limit)


def scroll_box(inner_html: str, max_height: str = "250px") -> str:
    """HTML for a scrolling box that keeps its NEWEST (last) lines in view: the box is a
    reversed flex column, so browsers anchor its scroll position at the bottom. Use it
    for move lists and event logs (a plain overflow box stays scrolled to the top)."""
    inner_html = _text_arg(inner_html, "inner_html", 10_000_000)
    if not isinstance(max_height, str) or not _CSS_LENGTH.fullmatch(max_height):
        raise BoardkitError(f"max_height must be a CSS length such as '250px' or '40vh', "
                            f"got {short_repr(max_height)}")
    return (f"<div style='max-height:{max_height};overflow-y:auto;display:flex;"
            f"flex-direction:column-reverse;color:{TEXT_COLOR}'><div>{inner_html}</div></div>")


#: pixels per character of the widgets' 13 px font, rounded up from Chromium's measures in
#: JupyterLab 4 (tests/test_widgets_layout.py keeps the measures): a kanji or kana (and a
#: full-width bracket) is about 13 px, an ASCII character 7 px on average
WIDE_CHAR_PX, NARROW_CHAR_PX = 14.0, 7.5
LABEL_GAP_PX = 8          # between a description and its control (ipywidgets' margin)
SELECT_EXTRA_PX = 32      # a menu's own padding (8 left, 20 right for the arrow) and border


def text_width(text: str) -> float:
    """A generous estimate of ``text``'s width in px in a widget label (13 px font)."""
    text = shown_text(text, "text", 100_000)
    return sum(WIDE_CHAR_PX if unicodedata.east_asian_width(ch) in "WF" else NARROW_CHAR_PX
               for ch in str(text))


def fit_labels(controls) -> None:
    """Make the descriptions and menu choices of ``controls`` (a set-up panel's column)
    show whole, in whichever language they were made: ipywidgets cuts a description
    wider than ``description_width`` (80 px unless set) and a choice wider than its menu
    with an ellipsis. The descriptions share one width (the widest), so the menus line up;
    each menu is as wide as its widest choice; check boxes take the width of their text."""
    from collections.abc import Iterable
    if isinstance(controls, (str, bytes, dict)) or not isinstance(controls, Iterable) \
            or isinstance(controls, np.ndarray):
        raise BoardkitError(f"controls must be a list of widgets, got {short_repr(controls)}")
    controls = [c for c in controls if isinstance(c, (W.Dropdown, W.Text, W.Checkbox))]
    labelled = [c for c in controls if not isinstance(c, W.Checkbox)]
    if labelled:
        label = max(text_width(c.description) for c in labelled)
    seen: set[int] = set()
    for c in controls:
        if id(c.layout) in seen:                       # a Layout shared with another control
            c.layout = W.Layout(**{k: v for k, v in c.layout.get_state().items() if not k.startswith("_")})
        seen.add(id(c.layout))
        if isinstance(c, W.Checkbox):
            c.indent = False
            c.layout.width = "auto"
            continue
        c.style.description_width = f"{math.ceil(label)}px"
        if isinstance(c, W.Dropdown):
            field = max([text_width(o) for o in c._options_labels] + [60.0]) + SELECT_EXTRA_PX
        else:
            field = 180.0                              # a text box: room for a file name
        c.layout.width = f"{math.ceil(label) + LABEL_GAP_PX + math.ceil(field)}px"


def checked_key(key: Any) -> str:
    """A catalogue key as a widget's ``tr`` takes it: text of at most 200 characters
    (anything else is a BoardkitError, never a raw TypeError)."""
    return check_text(key, "key", 200)


def shown_text(value: Any, what: str = "text", limit: int = 2000) -> str:
    """``str(value)`` for a widget line, cut to ``limit`` characters; a value that cannot
    be written as text (a hostile ``__str__``, a huge number, a deep list) is a
    BoardkitError naming ``what``."""
    if isinstance(value, str):
        out = value
    else:
        try:
            out = str(value)
        except Exception:                   # noqa: BLE001 - any __str__ may fail
            raise BoardkitError(f"{what}: cannot be shown as text, got {short_repr(value)}") from None
    return out if len(out) <= limit else out[:limit] + "…"


def _plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", "", markup))


@dataclass
class Selection:
    """What the player has clicked so far in the current move."""

    prefix: list[str] = field(default_factory=list)   # cells clicked (start first)
    dest: str | None = None                            # chosen end cell (destination mode)
    candidates: list = field(default_factory=list)     # legal moves still possible
    targets: set[str] = field(default_factory=set)     # cells marked as clickable next

    @property
    def active(self) -> bool:
        return bool(self.prefix)


def _check_outcome(out: Any) -> Outcome | None:
    """An ending as the game gives it: an ``Outcome``, or None while the game goes on."""
    if out is not None and not isinstance(out, Outcome):
        raise BoardkitError(f"out: expected the game's outcome (game.outcome(), an Outcome) "
                            f"or None, got {short_repr(out)}")
    return out


def _check_seat(widget: Any, seat: Any) -> int:
    """A seat of the board's game: a whole number from 0 (the first player)."""
    n = max(len(widget.player_names), getattr(getattr(widget, "game", None), "players", 0))
    if isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer)) \
            or not 0 <= seat < n:
        raise BoardkitError(f"seat: expected a seat number 0-{n - 1}, got {short_repr(seat)}")
    return int(seat)


#: values that are never a game's move (what a move's text, a number or a game is not)
_NOT_MOVES = (type(None), bool, int, float, complex, str, bytes, bytearray, list, dict, set,
              frozenset, np.ndarray, np.generic, Game, W.Widget, type, ChanceStep)


def _check_move(widget: Any, move: Any) -> Any:
    """A move value of the board's game (what ``legal_moves()`` gives): never None, a
    number, text, a container, an array, a game or a widget; once the board's game has
    shown its kinds of move (its legal moves, its history), a value of another kind
    (another game's move) is refused too. The kinds seen are kept, so the check costs a
    set look-up after the first call."""
    import types
    kind = type(move)
    known = widget.__dict__.get("_move_kinds")
    if known is not None and kind in known:
        return move
    refuse = issubclass(kind, _NOT_MOVES) or kind is object or isinstance(move, types.FunctionType)
    if not refuse:
        game = widget.__dict__.get("game")
        kinds: set = set()
        if isinstance(game, Game):
            try:
                moves = game.legal_moves() if not game.chance_pending() else []
            except BoardkitError:
                moves = []
            kinds = {type(m) for m in [*moves, *game.history] if not isinstance(m, ChanceStep)}
        refuse = bool(kinds) and kind not in kinds
        if not refuse and kinds:
            widget.__dict__["_move_kinds"] = kinds
    if refuse:
        raise BoardkitError(f"move: expected one of the game's moves (game.legal_moves()), "
                            f"got {short_repr(move)}")
    return move


def _check_cell(cell: Any) -> str:
    """A board cell's name, as a click reports it (text of at most 100 characters)."""
    if not isinstance(cell, str):
        raise BoardkitError(f"cell: expected a cell's name (text), got {short_repr(cell)}")
    return check_text(cell, "cell", 100)


def _check_ending(out: Any) -> Outcome:
    """An ending: the game's ``Outcome`` (``game.outcome()`` of a finished game)."""
    if not isinstance(out, Outcome):
        raise BoardkitError(f"out: expected the game's outcome (game.outcome(), an Outcome), "
                            f"got {short_repr(out)}")
    return out


def _check_selection(selection: Any) -> Selection:
    if not isinstance(selection, Selection):
        raise BoardkitError(f"selection: expected the board's Selection (widget.selection), "
                            f"got {short_repr(selection)}")
    return selection


def _check_game_options(widget: Any, options: Any) -> dict:
    """The set-up options a game is made with: a dict of the board's option names."""
    from collections.abc import Mapping
    if not isinstance(options, Mapping):
        raise BoardkitError(f"options: expected a dict of the set-up options "
                            f"(widget.option_values()), got {short_repr(options)}")
    accepted = tuple(getattr(widget, "options", None) or {})
    unknown = [k for k in options if not isinstance(k, str) or k not in accepted]
    if unknown:
        raise BoardkitError(f"options: unknown option(s) {short_repr(unknown)}; accepted: "
                            f"{', '.join(accepted) or 'none'}")
    return dict(options)


#: the hooks a game's widget may define whose argument the base checks first, and the check
_ENTRY_CHECKS: dict[str, Callable[[Any, Any], Any]] = {
    "move_path": _check_move,
    "hint_text": _check_move,
    "why_not_selectable": lambda w, cell: _check_cell(cell),
    "ending_text": lambda w, out: _check_ending(out),
    "render": lambda w, selection: _check_selection(selection),
    "make_game": _check_game_options,
}


def _checked_entry(name: str, fn: Callable) -> Callable:
    """``fn`` (a game's own ``ending_note``, ``side_place`` or one of ``_ENTRY_CHECKS``)
    with its argument checked first, as the base method checks it, so that every game
    refuses the same values."""
    import functools
    if name in _ENTRY_CHECKS:
        check = _ENTRY_CHECKS[name]

        @functools.wraps(fn)
        def entry(self, arg):
            return fn(self, check(self, arg))
        return entry
    if name == "ending_note":
        @functools.wraps(fn)
        def ending_note(self, out):
            return fn(self, _check_outcome(out))
        return ending_note

    @functools.wraps(fn)
    def side_place(self, seat):
        return fn(self, _check_seat(self, seat))
    return side_place


def _check_flag(value: Any, what: str) -> bool:
    """A yes/no argument: a bool (numpy's too), 0 or 1."""
    if isinstance(value, (bool, np.bool_)) or (isinstance(value, int) and value in (0, 1)):
        return bool(value)
    raise BoardkitError(f"{what} must be True or False, got {short_repr(value)}")


def _check_computer(computer: Any) -> tuple[int, ...]:
    """The seats the computer plays: None, one seat number or a list of them."""
    if computer is None:
        return ()
    seats = (computer,) if isinstance(computer, (int, np.integer)) else computer
    from collections.abc import Iterable
    if isinstance(seats, (str, bytes, dict, np.ndarray)) or not isinstance(seats, Iterable):
        raise BoardkitError(f"computer must be None, a seat number or a list of them, "
                            f"got {short_repr(computer)}")
    seats = tuple(seats) if isinstance(seats, (tuple, list, set, frozenset, range)) else None
    if seats is None or len(seats) > 16 or any(
            isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer))
            or not 0 <= x < 16 for x in seats):
        raise BoardkitError(f"computer must be None, a seat number or a list of them (0-15), "
                            f"got {short_repr(computer)}")
    return tuple(int(x) for x in seats)


def _check_widget_game(cls: type, game: Any) -> None:
    """A board's ``game``: None (a new game) or a game of the board's own kind."""
    game_type = _game_type(cls)
    if game is not None and not isinstance(game, game_type):
        raise BoardkitError(f"game must be a {game_type.__name__} (or None for a new one); "
                            f"got {short_repr(game)}")


def _game_type(cls: type) -> type:
    """The game class a widget class shows (the X of ``GameWidget[X]``), else ``Game``."""
    import typing
    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is GameWidget:
                args = typing.get_args(base)
                if args and isinstance(args[0], type) and issubclass(args[0], Game):
                    return args[0]
    return Game


#: the game type a widget shows (``GameWidget[CheckersGame]``)
G = TypeVar("G", bound=Game)


class GameWidget(W.VBox, Generic[G]):
    levels: tuple[str, ...] = ("easy", "normal", "strong")   # used when there is no ``ai``
    click_mode: str = "hop"
    has_chance: bool = False
    #: the game's ai module (LEVELS, HINT_LEVEL, bot, hint, optional explain)
    ai: ModuleType | None = None
    #: seconds between the redraw after the student's move and the computer's reply
    reply_delay: float = 0.0
    #: the game's tutor module: ``advice(before, move) -> str | None`` (boardkit/<game>/tutor.py)
    tutor_module: ModuleType | None = None
    #: False: no tutor on this board (the checkbox is hidden), e.g. a puzzle board
    tutor_allowed: bool = True
    #: the last error the tutor raised (it then says nothing; the game goes on)
    tutor_error: str | None = None
    #: option controls that only change the view (redrawn at once, never "applies at New game")
    view_options: tuple[str, ...] = ()
    #: the clock of the double-click guard (Roll, Toss, New game): injectable for tests
    _clock: Callable[[], float] = time.monotonic

    def __new__(cls, *args: Any, **kwargs: Any):
        # the game is checked before any __init__ runs (a game's own __init__ reads its
        # rules first): a foreign game or a move's text is refused, nothing is built
        game = args[0] if args else kwargs.get("game")
        _check_widget_game(cls, game)
        return super().__new__(cls, *args, **kwargs)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        for name in ("ending_note", "side_place", *_ENTRY_CHECKS):
            own = cls.__dict__.get(name)
            if callable(own) and not getattr(own, "_entry_checked", False):
                wrapped = _checked_entry(name, own)
                wrapped._entry_checked = True
                setattr(cls, name, wrapped)

    def tr(self, key: str, **facts: Any) -> str:
        """The text of ``key`` in this board's language."""
        return tr(checked_key(key), getattr(self, "lang", None), **facts)

    def say(self, words: Any) -> str:
        """Words an engine, AI or tutor gave (a ``Word``: a key and its facts; or text) in
        this board's language."""
        if isinstance(words, Word):
            return render(words.key, getattr(self, "lang", None), words.facts)
        if words is None or isinstance(words, str):
            return words or ""
        raise BoardkitError(f"words: expected a Word or text, got {short_repr(words)}")

    @property
    def player_names(self) -> tuple[str, ...]:
        """The seats' names ("Player 1", in the board's language); games name their colours."""
        return (self.tr("player_n", n=1), self.tr("player_n", n=2))

    @property
    def chance_label(self) -> str:
        """The dice/toss button's label (games with chance): "Roll" (「振る」)."""
        return self.tr("roll")

    def __init__(self, game: G | None = None, *, computer: tuple[int, ...] | int | None = None,
                 level: str | None = None, seed: int = 0, undo_allowed: bool = True,
                 reply_delay: float | None = None, tutor: bool = False, page: bool = False,
                 lang: str | None = None, **kw):
        # every argument is checked before any widget is made: a refusal builds nothing
        _check_widget_game(type(self), game)
        computer = _check_computer(computer)
        from .._input import check_seed, parse_float
        seed = check_seed(seed, "seed")
        undo_allowed, tutor, page = (_check_flag(undo_allowed, "undo_allowed"),
                                     _check_flag(tutor, "tutor"), _check_flag(page, "page"))
        if reply_delay is not None:
            reply_delay = parse_float(reply_delay.item() if isinstance(reply_delay, np.generic)
                                      else reply_delay, "reply_delay", 0.0, 60.0)
        #: the board's language, fixed when it is built (None: the current language);
        #: every word it shows is read in it (``self.tr``), never in a global read later
        self.lang = check_language(lang)
        self.rng = np.random.default_rng(seed)
        #: a play page's title and how to play above the board (``page=True``), in the
        #: widget's language; its words about sides follow the seats and Flip
        self.intro_html = W.HTML() if page else None
        self.canvas = SvgCanvas(names=self.cell_names())
        self.status_html = W.HTML()
        self.moves_html = W.HTML(layout=W.Layout(min_width="160px"))
        self.message_html = W.HTML()
        self.tutor_html = W.HTML()
        self.tutor_control = W.Checkbox(value=bool(tutor), description=self.tr("tutor"), indent=False,
                                        tooltip=self.tr("tutor_tooltip"), layout=W.Layout(width="auto"))
        self._tutor_text = ""
        self._tutor_fresh = False
        self.move_box = W.Text(value="", placeholder=self.tr("move_box_hint"),
                               description=self.tr("move_box"),
                               continuous_update=False, layout=W.Layout(width="260px"))
        self.selection = Selection()
        self.hint: Any = None
        self.flipped = False
        self.last_error: str | None = None
        self.hints_used = 0
        self.undos_used = 0
        self.marked = 1               # how many last moves render() marks
        if reply_delay is not None:
            self.reply_delay = float(reply_delay)

        # seats: who plays each colour (``computer`` checked above)
        self.seat_controls = [
            W.Dropdown(options=[(self.tr("human"), "human"), (self.tr("computer"), "computer")],
                       value="computer" if i in computer else "human",
                       description=name, layout=W.Layout(width="220px"))
            for i, name in enumerate(self.player_names)]
        names = self.level_names()
        if level is not None:
            level = check_level(level, self._ai_levels() or {n: n for n in names})
        self.level_control = W.Dropdown(options=self.level_options(),
                                        value=level or names[min(1, len(names) - 1)],
                                        description=self.tr("level"), layout=W.Layout(width="220px"))
        self.undo_control = W.Checkbox(value=bool(undo_allowed), description=self.tr("undo_allowed"),
                                       indent=False)
        self.options = self.option_controls()

        btn = lambda d, cb, icon="": self._button(d, cb, icon)  # noqa: E731
        self.new_button = btn(self.tr("new_game"), self.once_per_click(lambda: self.new_game()), "refresh")
        self.undo_button = btn(self.tr("undo"), lambda _: self.undo(), "undo")
        self.hint_button = btn(self.tr("hint"), lambda _: self.show_hint(), "lightbulb-o")
        self.flip_button = btn(self.tr("flip"), lambda _: self.flip(), "retweet")
        self.chance_button = btn(self.chance_label, self.once_per_click(lambda: self.roll()), "cube")
        self.chance_button.layout.display = None if self.has_chance else "none"
        # a save per student: Save downloads the game to the student's own computer and
        # Resume reads a file the student uploads; nothing is written on the server
        self.downloader = Download()
        self.save_button = btn(self.tr("save_download"), lambda _: self.save(), "download")
        self.save_button.tooltip = self.tr("save_tooltip")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False,
                                   description=self.tr("resume_upload"), icon="upload",
                                   tooltip=self.tr("resume_tooltip"), layout=W.Layout(width="auto"))
        self.upload.observe(self._on_upload, names="value")
        self.save_html = W.HTML(f"<span style='color:{MUTED_COLOR}'>"
                                f"{html.escape(self.tr('save_where'))}</span>")
        self.move_button = btn(self.tr("play_move"), lambda _: self.play_text(self.move_box.value), "play")
        self.move_box.observe(self._on_move_box, names="value")

        for c in self.seat_controls + [self.level_control]:
            c.observe(lambda _: self._after_change(), names="value")
        self.undo_control.observe(lambda _: self._refresh(), names="value")
        self.tutor_control.observe(self._on_tutor_switch, names="value")
        self.canvas.observe(self._on_canvas_click, names="last_click")

        # rows of buttons wrap on a narrow page rather than squeeze (and cut) their labels
        # "applies at New game": said beside the buttons once a rule option is changed
        self.pending_html = W.HTML()
        self._watch_rule_options()
        controls = W.HBox([self.new_button, self.undo_button, self.hint_button,
                           self.flip_button, self.chance_button, self.tutor_control,
                           self.pending_html],
                          layout=W.Layout(flex_flow="row wrap"))
        self._setup_column = W.VBox(list(self.options.values()) + self.seat_controls
                                    + [self.level_control, self.undo_control])
        setup = self._setup_column
        self.fit_setup()
        files = W.VBox([W.HBox([self.save_button, self.upload, self.downloader],
                               layout=W.Layout(flex_flow="row wrap")), self.save_html])
        # "Game setup": a toggle button (reachable by Tab, Enter/Space open it; an
        # Accordion's title is not focusable) showing the set-up box under it; the
        # whole panel is one of the game_controls() (a puzzle board hides it)
        self.setup_box = W.VBox([setup, files], layout=W.Layout(display="none"))
        self.setup_toggle = W.ToggleButton(value=False, description=self.tr("setup_title"), icon="cog",
                                           tooltip=self.tr("setup_tooltip"), layout=W.Layout(width="auto"))
        self.setup_toggle.observe(self._on_setup_toggle, names="value")
        self.setup_panel = W.VBox([self.setup_toggle, self.setup_box])
        # a dice or toss game's list holds rolls and tosses too: a record (記録), not a 棋譜
        moves_title = self.tr("moves_record" if self.has_chance else "moves")
        side = W.VBox([W.HTML(f"<b style='color:{TEXT_COLOR}'>{html.escape(moves_title)}</b>"),
                       self.moves_html])
        # the board takes the row's width the move list leaves (the canvas caps it by the
        # window's height), so a projector or a zoomed page shows all of it
        self.canvas.layout = W.Layout(flex="1 1 0%", min_width="0")
        intro = [self.intro_html] if self.intro_html is not None else []
        super().__init__([*intro, self.status_html, *self.header_rows(), W.HBox([self.canvas, side]),
                          W.HBox([self.move_box, self.move_button]),
                          controls, *self.extra_rows(), self.message_html, self.tutor_html,
                          self.setup_panel], **kw)
        self.game = game if game is not None else self.make_game(self.option_values())
        self._after_change()

    # ------------------------------------------------------------ subclass hooks
    def make_game(self, options: dict) -> G:
        _check_game_options(self, options)
        raise BoardkitError(f"{type(self).__name__} must define make_game()")

    def option_controls(self) -> dict[str, W.Widget]:
        return {}

    def header_rows(self) -> list[W.Widget]:
        """Widgets shown under the status line (called once, while building)."""
        return []

    def extra_rows(self) -> list[W.Widget]:
        """Widgets shown under the buttons: extra controls, an event log (called once)."""
        return []

    def game_controls(self) -> list[W.Widget]:
        """The controls that change the game as a whole: New game, Undo, Hint, Roll/Toss
        and the set-up panel. A game adds its own (``super().game_controls()`` + ...);
        a puzzle board hides every one of them, by this role."""
        return [self.new_button, self.undo_button, self.hint_button, self.chance_button,
                self.setup_panel]

    def render(self, selection: Selection) -> str:
        _check_selection(selection)
        return self.game.draw(flip=self.flipped, lang=self.lang).to_svg()

    def move_path(self, move) -> tuple[str, ...]:
        path = getattr(_check_move(self, move), "path", None)
        if isinstance(path, (str, bytes)) or not isinstance(path, (tuple, list)):
            raise BoardkitError(f"move: expected one of the game's moves (with a path of cells), "
                                f"got {short_repr(move)}")
        return tuple(str(c) for c in path)

    def _ai_levels(self) -> dict[str, str] | None:
        levels = getattr(self.ai, "LEVELS", None)
        return dict(levels) if isinstance(levels, dict) else None

    def level_names(self) -> tuple[str, ...]:
        """The computer levels' English names, weakest first (ai.LEVELS, else ``levels``)."""
        lv = self._ai_levels()
        return tuple(lv) if lv else tuple(self.levels)

    def level_label(self, name: str, lang: str | None = None) -> str:
        """A computer level's label in the board's language (or ``lang``): the catalogue's
        ``level.<game>.<name>`` (the key ai.LEVELS gives), else the English name."""
        name = check_text(name, "level", 100)
        lang = check_language(lang or self.lang)
        given = (self._ai_levels() or {}).get(name)
        key = given if isinstance(given, str) and given else f"level.{self._game_name()}.{name}"
        if _catalogue.has(key):
            return tr(key, lang)
        return given if isinstance(given, str) and given else name     # a label given as it is

    def level_options(self) -> list[tuple[str, str]]:
        """(label, name) pairs for the level menu, labels in the board's language only
        (「つよい」, not 「つよい (strong)」)."""
        return [(self.level_label(n), n) for n in self.level_names()]

    def bot(self, level: str) -> Callable:
        if self.ai is not None and hasattr(self.ai, "bot"):
            return self.ai.bot(level)
        raise BoardkitError(f"{type(self).__name__} has no computer player")

    def hint_move(self):
        """The move the hint shows: ai.hint(game) at ai.HINT_LEVEL, else the strongest bot."""
        if self.ai is not None and hasattr(self.ai, "hint"):
            level = getattr(self.ai, "HINT_LEVEL", None)
            probe = self.game.copy()
            got = self.ai.hint(probe, level) if level is not None else self.ai.hint(probe)
            if isinstance(got, tuple) and len(got) == 2 and isinstance(got[1], (str, Word)):
                self._hint_reason = got[1]        # an ai.hint that returns (move, why)
                return got[0]
            return got
        return self.bot(self.level_names()[-1])(self.game.copy(), np.random.default_rng(0))

    def hint_text(self, move) -> str:
        """Why the hint's move is good, in plain words ("" for no reason)."""
        _check_move(self, move)
        reason = getattr(self, "_hint_reason", None)
        if reason:
            return self.say(reason)
        if self.ai is not None and hasattr(self.ai, "explain"):
            try:
                return self.say(self.ai.explain(self.game, move))
            except BoardkitError:
                return ""
        return ""

    def narrowing_moves(self) -> list:
        """The moves the clicks so far are narrowed among (default: the legal moves;
        Diamond gives every hop chain to the chosen destination once one is clicked)."""
        return self.game.legal_moves()

    def handle_click(self, cell: str) -> bool:
        """A game's own click protocol: return True when the click was handled."""
        return False

    def click_refused(self, cell: str) -> str | None:
        """Why a click on the board does nothing now (None: clicks work)."""
        g = self.game
        if g.chance_pending() and not self.is_computer(g.turn):
            return self.tr("chance_first", action=self.chance_label.lower(), button=self.chance_label)
        return None

    def prepare_chance(self) -> None:
        """Called by Roll before the chance step (e.g. backgammon's "no double")."""

    def after_chance(self, outcome) -> None:
        """Called after every chance step, human or computer (e.g. say what was rolled)."""

    def undo_partial(self) -> bool:
        """Take back part of a move in progress (one die of two); True if it did."""
        return False

    def after_refresh(self) -> None:
        """Update the game's own controls (enable/disable buttons) after a redraw."""

    def on_new_game(self) -> None:
        """Called after New game made a new game (e.g. turn the board to the learner)."""

    def cell_names(self) -> dict[str, str]:
        """Cell id -> the name a screen reader hears for the keyboard-focused cell, where
        the id is not the cell's usual name (default: none, the ids are the names)."""
        return {}

    def describe(self) -> str:
        """The board in words for screen readers (the canvas's aria-label): the game,
        whose turn it is (the status line), how many moves were played and the last one.
        (``str(game)`` is a picture of the board in every game, so it is not read out.)
        Games may say more."""
        moves = self.game.moves_played()
        text = self.tr("describe", game=self._game_title(), status=self.status, n=len(moves))
        if moves:
            text = self.tr("sentences", first=text,
                           second=self.tr("describe_last", move=self.move_text(moves[-1])))
        return text

    def move_text(self, move) -> str:
        """A move as the move list, the hint and the screen reader say it in the board's
        language (default: its notation, ``str(move)``; a game whose moves have words,
        such as a pass or a battle declared, says them with ``self.tr``)."""
        return shown_text(move, "move", 300)

    def ending_note(self, out) -> str:
        """Why the game ended so, in words a student follows, shown under the final status
        (e.g. why a repetition draw is fair to a side that was ahead); "" says nothing."""
        _check_outcome(out)
        return ""

    def side_place(self, seat: int) -> str:
        """Where ``seat``'s pieces are on the board as drawn now ("at the top"), for the play
        page's words; "" says nothing (the default)."""
        _check_seat(self, seat)
        return ""

    def sides_text(self) -> str:
        """Who plays which side, in words ("you are Black (at the top), the computer plays
        White"), from the seat menus and the board's turn (Flip)."""
        def name(seat: int) -> str:
            place = self.side_place(seat)
            return self.tr("page.place", side=self.player_name(seat), place=place) if place else \
                self.player_name(seat)
        seats = range(min(len(self.seat_controls), self.game.players))   # the game's own seats
        humans = [s for s in seats if not self.is_computer(s)]
        others = [s for s in seats if self.is_computer(s)]
        if not humans:
            return self.tr("page.watch")
        if len(humans) == 1:
            if not others:
                return self.tr("page.you", side=name(humans[0]))
            return self.tr("page.you_vs", side=name(humans[0]),
                      others=self.tr("page.and").join(self.player_name(s) for s in others))
        return self.tr("page.take_turns", sides=self.tr("page.and").join(name(s) for s in humans))

    def intro_text(self) -> str:
        """The play page's title and how to play (HTML), in the widget's language."""
        game = self._game_name()
        buttons = (f"page.{game}.buttons" if _catalogue.has(f"page.{game}.buttons")
                   else "page.buttons")
        you = html.escape(self.sides_text())
        return (f"<div style='color:{TEXT_COLOR}'><h1>{html.escape(self.tr(f'page.{game}.title'))}</h1>"
                f"<p><b>{html.escape(self.tr('page.how_to_play'))}</b> {self.tr(f'page.{game}.how', you=you)}"
                f"<br>{self.tr(buttons)}</p></div>")

    def tutor_text(self, before: Game, move) -> str | None:
        """The tutor's line for the student's ``move`` made in ``before`` (a copy of the
        game before it): the strategy tip it breaks and the strongest level's move, or
        None when it breaks none (default: ``tutor_module.advice(before, move)``)."""
        if self.tutor_module is None:
            return None
        return self.tutor_module.advice(before, move)

    # ------------------------------------------------------------------ the tutor
    @property
    def tutor_on(self) -> bool:
        """Whether the tutor comments on the student's moves (the Tutor checkbox)."""
        return bool(self.tutor_control.value)

    @tutor_on.setter
    def tutor_on(self, value: bool) -> None:
        self.tutor_control.value = bool(value)

    @property
    def tutor_line(self) -> str:
        """The tutor's line about the last move, as plain text ("" when there is none)."""
        return self._tutor_text

    def _tutor_allowed(self) -> bool:
        # a puzzle board (boardkit.puzzles) judges moves itself: no tutor there
        return self.tutor_allowed and getattr(self, "_puzzle_owner", None) is None

    def _watch_rule_options(self) -> None:
        """A changed rule option (``options`` except ``view_options``, which redraw at
        once) waits for New game: the line beside the buttons says so until then."""
        for name, control in self.options.items():
            if name not in self.view_options and hasattr(control, "value"):
                control.observe(lambda _: self._show_pending(True), names="value")

    def _show_pending(self, pending: bool) -> None:
        self.pending_html.value = (f"<span style='color:{ERROR_COLOR}'>"
                                   f"{html.escape(self.tr('applies_at_new_game'))}</span>"
                                   if pending else "")

    @property
    def settings_pending(self) -> bool:
        """Whether a changed rule option waits for New game (the line says so)."""
        return bool(self.pending_html.value)

    def fit_setup(self) -> None:
        """Size the set-up panel's descriptions and menus to their text (``fit_labels``);
        a game calls it again after changing a menu's choices."""
        column = getattr(self, "_setup_column", None)
        if column is not None:
            fit_labels(column.children)

    def _on_setup_toggle(self, change) -> None:
        self.setup_box.layout.display = None if change["new"] else "none"

    def _on_tutor_switch(self, change) -> None:
        if not change["new"]:
            self._tutor_show("")

    def _tutor_show(self, text: str) -> None:
        self._tutor_text = text
        self._tutor_fresh = bool(text)
        self.tutor_html.value = (f"<div style='color:{TEXT_COLOR}'>{html.escape(text)}</div>"
                                 if text else "")

    def _tutor_after_move(self) -> None:
        """After a move from the board, the move box or play(): when the tutor is on and
        a human seat made it, say the tutor's line. Off: nothing is computed."""
        if not self.tutor_on or not self._tutor_allowed():
            return
        hist = self.game.history
        if not hist or isinstance(hist[-1], ChanceStep):
            return
        before = self.game.copy()
        move = before.undo()
        if self.is_computer(before.turn):
            self._tutor_show("")
            return
        try:
            text = self.tutor_text(before, move)
        except Exception as e:              # noqa: BLE001 -- the tutor never breaks a game in class
            self.tutor_error = f"{type(e).__name__}: {e}"   # kept for whoever debugs it
            self._tutor_show("")             # no line rather than a wrong "fine"
            return
        self._tutor_show(self.tr("tutor_line", text=self.say(text)) if text else self.tr("tutor_fine"))

    # ------------------------------------------------------------------ helpers
    def once_per_click(self, action: Callable[[], Any]) -> Callable[..., None]:
        """An ``on_click`` handler for a button that changes the game at every click (Roll,
        Toss, New game, Join, Set dice): a double click acts once (``ClickGuard``, timed by
        ``self._clock``). Each call gives a handler with its own timing (one per button)."""
        return ClickGuard(clock=lambda: self._clock()).wrap(action)

    @staticmethod
    def _button(description, callback, icon=""):
        b = W.Button(description=description, icon=icon, layout=W.Layout(width="auto"))
        b.on_click(callback)
        return b

    def _game_name(self) -> str:
        return type(self).__name__.replace("Widget", "").lower() or "game"

    def _game_title(self) -> str:
        """The game's name as a reader hears it ("checkers", チェッカー), from the catalogue
        (``game.<name>``); a name the catalogue lacks is said as it is."""
        name = self._game_name()
        return self.tr(f"game.{name}") if _catalogue.has(f"game.{name}") else name

    def option_values(self) -> dict:
        return {k: w.value for k, w in self.options.items()}

    def is_computer(self, seat: int) -> bool:
        seat = _check_seat(self, seat)
        return seat < len(self.seat_controls) and self.seat_controls[seat].value == "computer"

    @property
    def undo_allowed(self) -> bool:
        return bool(self.undo_control.value)

    @undo_allowed.setter
    def undo_allowed(self, value: bool) -> None:
        self.undo_control.value = bool(value)

    def __repr__(self) -> str:
        # stable text (no memory address, no child widgets) for notebook outputs (nbval)
        return f"<{type(self).__name__}: {self.status}>"

    def _repr_mimebundle_(self, **kwargs) -> dict:
        title = self._game_title()
        head = f"<p><b>{html.escape(title)}</b> — {html.escape(self.status)}</p>"
        picture = svg_img(self.canvas.svg, self.describe() or title)
        plain = f"{title}: {self.status}\n{self.tr('widget.run_cue')}"
        if self.intro_html is not None:
            head = self.intro_html.value + head
        return static_bundle(self, head + picture + run_cue("widget.run_cue", self.lang), plain, **kwargs)

    @property
    def status(self) -> str:
        """The status line as plain text (for tests and Python use)."""
        return _plain(self.status_html.value.replace("<br>", " · "))

    @property
    def message(self) -> str:
        """The message line as plain text."""
        return _plain(self.message_html.value)

    @property
    def targets(self) -> set[str]:
        return set(self.selection.targets)

    # --------------------------------------------------------------- the verbs
    def click(self, cell) -> None:
        """Exactly what clicking ``cell`` on the board does."""
        self.canvas.click(cell)

    def new_game(self) -> None:
        self._clear_error()
        try:
            game = self.make_game(self.option_values())
        except BoardkitError as e:
            self._say(self.tr("new_game_failed", error=self._error_words(e)), error=True)
            return
        self.game = game
        self.hint = None
        self.hints_used = self.undos_used = 0
        self.marked = 1
        self._clear()
        self.message_html.value = ""
        self._tutor_show("")
        self.on_new_game()
        self._show_pending(False)
        self._after_change()

    def undo(self) -> None:
        """Take back the last human move, and the computer's replies (and rolls) after
        it. Moves the computer made before any human move (its opening) stay: taking them
        back would only leave the computer to move again. Off when 待った なし."""
        self._clear_error()
        if not self.undo_allowed:
            self._say(self.tr("undo_off"), error=True)
            self._refresh()
            return
        if self.undo_partial():
            self.undos_used += 1
            self._refresh()
            return
        self._clear()
        probe = self.game.copy()
        steps = 0
        while probe.history:
            last = probe.history[-1]
            probe.undo()
            steps += 1
            if isinstance(last, ChanceStep):
                continue                              # a roll is taken back with its move
            if not self.is_computer(probe.turn):     # the mover of the move just undone
                break
        else:
            steps = 0
        # a human's own roll before the undone move stays (the dice are not re-rolled)
        for _ in range(steps):
            self.game.undo()
        self.hint = None
        if steps:
            self._tutor_show("")
            self.undos_used += 1
            self.marked = 1
        self._say("" if steps else self.tr("nothing_to_undo"), error=not steps)
        self._refresh()

    def show_hint(self) -> None:
        self._clear_error()
        g = self.game
        if g.is_over():
            self._say(self.tr("hint_none"))
            return
        if g.chance_pending():
            self._say(self.tr("hint_chance_first", action=self.chance_label), error=True)
            return
        self._hint_reason = None
        self.hint = self.hint_move()
        if self.hint is None:
            return
        self.hints_used += 1
        why = self.hint_text(self.hint)
        move = self.move_text(self.hint)
        self._say(self.tr("hint_line_why", move=move, why=why) if why
                  else self.tr("hint_line", move=move))
        self._refresh()

    def flip(self) -> None:
        self.flipped = not self.flipped
        self._refresh()

    def roll(self) -> None:
        """Roll the dice or toss (dice games), for a human to act."""
        self._clear_error()
        g = self.game
        if g.is_over() or self.is_computer(g.turn):
            return
        try:
            self.prepare_chance()
            if g.chance_pending():
                out = g.resolve_chance(self.rng)
                self.hint = None
                self._clear()
                self.after_chance(out)
        except BoardkitError as e:
            self._say(error_text(e, self.lang), error=True)
        self._after_change()

    def save_file_name(self) -> str:
        """The name of a downloaded save: the game and its moves played so far."""
        return f"{self._game_name()}_game_{len(self.game.moves_played())}_moves.json"

    def _error_words(self, err: BaseException) -> str:
        """An error in the board's language: a keyed error's own sentence; any other only a
        general line in a language other than English (``error_text``); an OSError from
        Python by its English text only in English."""
        if isinstance(err, BoardkitError):
            return error_text(err, self.lang)
        return str(err) if self.lang == "en" else self.tr("error.other")

    def _say_save(self, text: str, error: bool = False) -> None:
        """A save or resume message: in the message line and beside the Save button (in
        view while the set-up panel is open)."""
        self._say(text, error=error)
        color = ERROR_COLOR if error else TEXT_COLOR
        self.save_html.value = f"<span style='color:{color}'>{html.escape(str(text))}</span>"

    def save(self, path: str | None = None) -> None:
        """Save the game. With a ``path`` (Python), into that file (atomically); without
        (the Save button), as a download to the student's own computer. An error is
        reported in the message line."""
        if path is None:
            name = self.save_file_name()
            self.downloader.offer(name, self.game.to_json(indent=1))
            self._say_save(self.tr("saved_download", name=name))
            return
        try:
            self.game.save(path)
        except (OSError, BoardkitError) as e:
            self._say_save(self.tr("save_failed", error=self._error_words(e)), error=True)
            return
        self._say_save(self.tr("saved", path=path))

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        name = str(f.get("name", ""))[:100]
        try:
            self.resume_text(bytes(f.get("content", b"")), name)
        finally:
            with self.upload.hold_trait_notifications():
                self.upload.value = ()          # the same file can be chosen again

    def resume_text(self, text: str | bytes, name: str = "") -> bool:
        """Resume the game saved as ``text`` (an uploaded save file); an error is reported
        in the message line and changes nothing. Returns True when it resumed."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise BoardkitError(f"text: expected a save file's text or bytes, got {short_repr(text)}")
        name = check_text(name, "name", 300)
        if len(text) > UPLOAD_LIMIT:
            too_big = self.tr("error.file_too_large", name=name or self.tr("error.the_file"),
                              mb=UPLOAD_LIMIT // 1_000_000)
            self._say_save(self.tr("resume_failed", error=too_big), error=True)
            return False
        try:
            game = type(self.game).from_json(text)
        except (BoardkitError, UnicodeDecodeError, RecursionError, ValueError) as e:
            self._say_save(self.tr("resume_failed", error=self._error_words(e)), error=True)
            return False
        self._resumed(game, self.tr("resumed_upload", name=name))
        return True

    def resume(self, path: str | None = None) -> None:
        """Resume a saved game from a file on this computer (Python; the page's Resume
        button uploads one instead: ``resume_text``); an error is reported in the message
        line (never raised)."""
        if path is None:
            self._say_save(self.tr("resume_failed", error=self.tr("resume_tooltip")), error=True)
            return
        try:
            game = type(self.game).load(path)
        except (OSError, BoardkitError, UnicodeDecodeError, RecursionError) as e:
            self._say_save(self.tr("resume_failed", error=self._error_words(e)), error=True)
            return
        self._resumed(game, self.tr("resumed", path=path))

    def _resumed(self, game: G, said: str) -> None:
        self.game = game
        self._clear()
        self.hint = None
        self.marked = 1
        self._tutor_show("")
        self._say_save(said)
        self._after_change()

    def play(self, move) -> None:
        """Play a move from Python (text or value), then let the computer reply."""
        self._clear_error()
        self._clear()
        self.game.play(move)
        self._after_play()

    def _after_play(self) -> None:
        """After a move from Python or the text box: drop the selection and the hint,
        then the computer replies (as after a click)."""
        self._clear()
        self.hint = None
        self._moved = True
        self._tutor_after_move()
        self._after_change()

    def play_text(self, text: str) -> bool:
        """Play a move typed in the game's notation (the text box under the board), with
        the same turn handling as a click (the computer replies). An illegal or refused
        move leaves the game as it was and its reason (the rule) goes to the message
        line. Returns True when the move was played."""
        text = shown_text(text, "text", 100_000).strip()
        if not text:
            return False
        self._clear_error()
        g = self.game
        if g.is_over():
            self._say(self.tr("game_is_over"), error=True)
            return False
        if self.is_computer(g.turn):
            self._say(self.tr("not_your_turn"), error=True)
            return False
        refused = self.click_refused("")
        if refused is not None:
            self._say(refused, error=True)
            return False
        try:
            self.game.play(text)           # an illegal move raises and changes nothing
        except BoardkitError as e:
            self._say(error_text(e, self.lang), error=True)
            self._refresh()
            return False
        for _ in range(16):                # steps clicked before typing belong to no move now
            if not self.undo_partial():
                break
        self._say("")
        self._after_play()
        self.move_box.value = ""           # (an empty box plays nothing)
        return True

    def _on_move_box(self, change) -> None:
        self.play_text(change["new"])

    # ------------------------------------------------------------------ clicks
    def _on_canvas_click(self, change) -> None:
        cell = change["new"].get("cell")
        if cell is None:
            return
        self._clear_error()
        try:
            self.on_click(str(cell))
        except BoardkitError as e:        # an illegal click never breaks the widget
            self._say(error_text(e, self.lang), error=True)
            self._clear()
        self._refresh()

    def on_click(self, cell: str) -> None:
        cell = _check_cell(cell)
        g = self.game
        if g.is_over() or self.is_computer(g.turn):
            return
        if self.handle_click(cell):
            return
        refused = self.click_refused(cell)
        if refused is not None:
            self._say(refused, error=True)
            return
        if g.chance_pending():
            return
        sel = self.selection
        if sel.active and cell in sel.targets:
            if self.click_mode == "destination" and sel.dest is None:
                sel.dest = cell
            else:
                sel.prefix.append(cell)
            self._narrow()
            return
        # a fresh selection: a piece that can move
        moves = [m for m in g.legal_moves() if self.move_path(m)[0] == cell]
        if not moves:
            if sel.active:
                why = self.why_not_target(sel.prefix[0], cell)
                self._clear()
                if why:
                    self._say(why, error=True)
            else:
                self._say(self.why_not_selectable(cell), error=True)
            return
        self.selection = Selection(prefix=[cell])
        self._narrow()

    def why_not_selectable(self, cell: str) -> str:
        return self.tr("no_move_from", cell=_check_cell(cell))

    def why_not_target(self, start: str, cell: str) -> str | None:
        """Why the piece on ``start`` cannot go to ``cell`` (a click on an unmarked cell while
        a piece is selected; the selection is dropped). None says nothing (the default)."""
        return None

    def _narrow(self) -> None:
        """Filter the candidate moves by the clicks; play when only one is left."""
        sel = self.selection
        while True:
            n = len(sel.prefix)
            paths = {}
            for m in self.narrowing_moves():
                p = self.move_path(m)
                if p[:n] == tuple(sel.prefix) and (sel.dest is None or p[-1] == sel.dest):
                    paths[m] = p
            sel.candidates = list(paths)
            if self.click_mode == "destination" and sel.dest is None:
                sel.targets = {p[-1] for p in paths.values() if len(p) > 1}
                return
            complete = [m for m, p in paths.items() if len(p) == n and n > 1]
            if complete:
                return self._finish(complete[0])
            if sel.dest is not None and len(paths) == 1:
                return self._finish(next(iter(paths)))
            nexts = {p[n] for p in paths.values() if len(p) > n}
            # only one way on after the first step: take it without asking
            if len(nexts) == 1 and (n > 1 or sel.dest is not None):
                sel.prefix.append(nexts.pop())
                continue
            sel.targets = nexts
            if sel.dest is not None and len(nexts) > 1:
                self._say(self.tr("chose_hop"))
            return

    def _finish(self, move) -> None:
        self._clear()
        self.game.play(move)
        self.hint = None
        self._say("")
        self._moved = True
        self._tutor_after_move()
        self._after_change(refresh=False)

    def _clear(self) -> None:
        self.selection = Selection()

    # --------------------------------------------------------- computer & view
    def _after_change(self, refresh: bool = True) -> None:
        """Let computer seats act (and roll for them), then redraw. After a human move
        the board is drawn first, so the computer's reply comes as a redraw of its own,
        and ``marked`` counts the moves to mark (the human's + the replies)."""
        guard = 0
        g = self.game
        moved, self._moved = getattr(self, "_moved", False), False
        self.marked = 1 if moved else self.marked
        shown = False
        while not g.is_over() and guard < 10_000:
            guard += 1
            if g.chance_pending():
                if self.is_computer(g.turn) or self.auto_chance():
                    self.after_chance(g.resolve_chance(self.rng))
                    continue
                break
            if not self.is_computer(g.turn):
                break
            if moved and not shown:
                self._refresh()                  # the student's move, drawn on its own
                shown = True
                if self.reply_delay > 0:
                    time.sleep(self.reply_delay)
            g.play(self.bot(self.level_control.value)(g, self.rng))
            if moved:
                self.marked += 1
        self._refresh()

    def auto_chance(self) -> bool:
        """Whether to roll for a human automatically (subclasses may ask a checkbox)."""
        return False

    def _clear_error(self) -> None:
        """An error message lasts until the next action (the tutor's line stays, but is no
        longer read out with every announcement)."""
        self._tutor_fresh = False
        if self.last_error is not None:
            self.last_error = None
            self.message_html.value = ""

    def _say(self, text: str | Word, error: bool = False) -> None:
        if isinstance(text, Word):              # a game's hook may answer with a Word
            text = self.say(text)
        self.last_error = text if error and text else None
        color = ERROR_COLOR if error else TEXT_COLOR
        self.message_html.value = (f'<span style="color:{color}">{html.escape(str(text))}</span>'
                                   if text else "")

    def player_name(self, seat: int) -> str:
        seat = _check_seat(self, seat)
        return self.player_names[seat] if seat < len(self.player_names) else self.tr("player_n", n=seat + 1)

    def ending_text(self, out) -> str:
        """How the game ended, in the board's language: the sentence of the ending's key
        (``Outcome.key`` and its facts); an ending without a key gives the engine's words
        in English and, elsewhere, only the result and its rule ID (no English)."""
        _check_ending(out)
        if out.key:
            return render(out.key, self.lang, out.facts)
        if self.lang == "en":
            return out.reason
        rule = out.rule if isinstance(out.rule, str) and out.rule else None
        if out.winner is None:
            return self.tr("ended_draw", rule=rule) if rule else self.tr("ended_draw_plain")
        who = self.player_name(out.winner)
        return self.tr("ended_winner", who=who, rule=rule) if rule else \
            self.tr("ended_winner_plain", who=who)

    def status_text(self) -> str:
        g = self.game
        out = g.outcome()
        if out is not None:
            return self.tr("game_over", reason=html.escape(self.ending_text(out)))
        who = html.escape(self.player_name(g.turn))
        kind = self.tr("computer") if self.is_computer(g.turn) else self.tr("you")
        if g.chance_pending():
            return self.tr("to_chance", who=who, kind=kind, action=html.escape(self.chance_label.lower()))
        return self.tr("to_move", who=who, kind=kind)

    def used_text(self) -> str:
        """'hints used: 1, undos used: 0' — shown under the status when the game ends."""
        return self.tr("used_counts", hints=self.hints_used, undos=self.undos_used)

    def moves_text(self) -> list[str]:
        """The move list as lines, numbered per round of all players; a roll or toss is
        written before the move it belongs to ("3-1: a-b")."""
        hist: list[str] = []
        pending = ""
        for m in self.game.history:
            if isinstance(m, ChanceStep):
                pending += f"{m}: "
                continue
            hist.append(pending + self.move_text(m))
            pending = ""
        if pending:
            hist.append(pending.rstrip(": "))
        p = max(1, self.game.players)
        return [f"{i // p + 1}. " + "  ".join(hist[i:i + p]) for i in range(0, len(hist), p)]

    def _refresh(self) -> None:
        sel = self.selection
        if sel.active and not sel.targets and not sel.candidates:
            self._clear()
        # decorations (crosses, badges, dividers) let a click through to the cell under them
        self.canvas.svg = pass_clicks(self.render(self.selection))
        status = self.status_text()
        if self.game.is_over():
            status += (f"<br><span style='color:{MUTED_COLOR}'>"
                       f"{html.escape(self.used_text())}</span>")
            note = self.ending_note(self.game.outcome())
            if note:
                status += f"<br><span class='boardkit-ending-note'>{html.escape(note)}</span>"
        self.status_html.value = (f"<div role='status' aria-live='polite' "
                                  f"style='color:{TEXT_COLOR}'>{status}</div>")
        lines = self.moves_text()
        if lines:
            self.moves_html.value = scroll_box(
                f"<pre style='margin:0;color:{TEXT_COLOR};background:{BACKGROUND}'>"
                + html.escape("\n".join(lines)) + "</pre>", "260px")
        else:
            self.moves_html.value = (f"<i style='color:{MUTED_COLOR}'>"
                                     f"{html.escape(self.tr('no_moves_yet'))}</i>")
        self.undo_button.disabled = not self.undo_allowed
        self.canvas.label = self.describe()
        message = self.message
        announce = self.status + (f" — {message}" if message else "")
        if self._tutor_fresh:               # said with the computer's reply too, until the next action
            announce += f" — {self._tutor_text}"
        self.canvas.announce = announce
        if self.intro_html is not None:
            self.canvas.page_title = self.tr(f"page.{self._game_name()}.title")
            intro = self.intro_text()
            if self.intro_html.value != intro:
                self.intro_html.value = intro
        shown = None if self._tutor_allowed() else "none"
        if self.tutor_control.layout.display != shown:
            self.tutor_control.layout.display = shown
        self.after_refresh()
