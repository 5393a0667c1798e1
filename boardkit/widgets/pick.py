"""An exercise answered by clicking on the board: each click on a square adds it to the
answer (a second click takes it out), and **Check** sends the chosen squares to the
exercise's own check, so the feedback and the student's record are those of the typed
answer.

    from boardkit.checkers.exercises import ex
    from boardkit.widgets.pick import PickBoard
    PickBoard(ex, "targets")          # click 15 and 16, then Check
    PickBoard(ex, "forced", move=True)   # click the squares of a move in order: 13, 22

With ``move=True`` the clicks, in their order, make a move: two squares are written
``13-22``, more are a capture written with every landing square, ``10x19x26``.

A game's exercises may say how their board is clicked (checkers' numbered squares are
the default): ``pick_cell(cell)`` writes a clicked cell as the student types it (Diamond:
the click id ``"3,-1"`` as the label ``e5``), ``pick_move(cells)`` writes cells clicked in
order as a move (``e7:g7:i5``), ``pick_options(name)`` draws the board (hole labels, the
selected piece), ``pick_size`` is the board's size, ``pick_words`` names the cells in the
words (``"holes"``: ``pick.holes.*``), ``pick_names()`` is what a screen reader says for each
cell, and ``pick_choices(name, lang)`` gives buttons under the board that finish the answer
(Diamond exercise 2: the rule a move breaks), sent after the clicked cells: ``i3:i5, DG-12``.

    from boardkit.diamond.exercises import ex
    PickBoard(ex, "reach")                   # click the holes, then Check
    PickBoard(ex, "illegal", move=True)      # click the move's holes, choose the rule

Opened without running, the cell shows the board picture, the question (and the choices)
and a run cue.
"""
from __future__ import annotations

import contextlib
import html
import io
import re
from typing import Any

import ipywidgets as W

from .._catalogue import has as _has
from .._core import BoardkitError
from ..errors import short_repr
from ..exercises import find_check
from ..i18n import Word, check_language, render, tr
from .base import checked_key, static_bundle, svg_img
from .canvas import SvgCanvas


def _order(cell: str):
    # squares by number; labels such as "e13" by their letters, then their number
    if cell.isdigit():
        return (0, int(cell), "")
    m = re.fullmatch(r"([^\d]+)(\d{1,6})", cell)
    return (1, m.group(1), int(m.group(2)), cell) if m else (2, cell)


def _squares_move(cells: list[str]) -> str:
    """Checkers' squares clicked in order: ``13-22``, or a capture ``10x19x26``."""
    return ("-" if len(cells) <= 2 else "x").join(cells)


class PickBoard(W.VBox):
    """The board of exercise ``name`` of ``exercises`` (a game's ``ex``): clicks choose
    squares, Check calls ``exercises.check_<name>`` with them as plain text ("15, 16").
    ``size``: the drawing's size in pixels (None: the exercises' ``pick_size``, else 300).
    ``lang``: the language of its words and of the check's feedback (None: the current
    language when it is made)."""

    def __init__(self, exercises: Any, name: str, *, move: bool = False, size: int | None = None,
                 lang: str | None = None) -> None:
        self.lang = check_language(lang)
        # the exercise's board is position(name); its check is check_<name>, or the one
        # check named after it ("forced" -> check_forced_capture)
        check_name = find_check(exercises, name, "PickBoard")
        if size is None:
            size = getattr(exercises, "pick_size", 300)
        if not isinstance(size, int) or isinstance(size, bool) or not 150 <= size <= 900:
            raise BoardkitError(f"PickBoard: size must be a whole number from 150 to 900, "
                                f"got {short_repr(size)}")
        if not isinstance(move, bool):
            raise BoardkitError(f"PickBoard: move must be True or False, got {short_repr(move)}")
        self.move = move
        check = getattr(exercises, f"check_{check_name}")
        self.exercises, self.name, self.size = exercises, name, size
        self._check = check
        position = getattr(exercises, "position", None)
        if not callable(position):
            raise BoardkitError(f"PickBoard: the {exercises.topic} exercises have no boards to "
                                f"click (no position())")
        self.game = position(name)
        # how this game's cells are written and drawn (the defaults: numbered squares)
        self._cell_name = getattr(exercises, "pick_cell", None)
        self._move_text = getattr(exercises, "pick_move", None) or _squares_move
        options = getattr(exercises, "pick_options", None)
        self._draw_options: dict = dict(options(name)) if callable(options) else {}
        words = getattr(exercises, "pick_words", "")
        self._words = words if isinstance(words, str) else ""
        offered = getattr(exercises, "pick_choices", None)
        choices = offered(name, self.lang) if callable(offered) else None
        self.chosen: list[str] = []
        #: the value of the button chosen under the board (None: none yet, or no buttons)
        self.choice: str | None = None
        self.canvas = SvgCanvas()
        spoken = getattr(exercises, "pick_names", None)
        if callable(spoken):
            self.canvas.names = spoken()
        self.canvas.observe(self._on_click, names="last_click")
        self.answer_line = W.HTML()
        self.feedback_line = W.HTML()
        check_button = W.Button(description=self.tr("pick.check"), button_style="primary")
        clear_button = W.Button(description=self.tr("pick.clear"))
        check_button.on_click(lambda _b: self.check())
        clear_button.on_click(lambda _b: self.clear())
        self.choice_prompt, self.choices = (choices if choices else ("", []))
        self.choice_buttons = []
        for label, value in self.choices:
            b = W.Button(description=label, tooltip=label, layout=W.Layout(width="auto"))
            b.on_click(lambda _b, v=value: self.choose(v))
            self.choice_buttons.append(b)
        live = "move_live" if move else "live"
        if move and self.choices:
            live = "move_choose_live"
        intro = W.HTML(f"<b>{html.escape(self.tr('pick.intro'))}</b> "
                       f"{html.escape(self.tr(self._key(live)))}")
        parts: list[W.Widget] = [intro, self.canvas, self.answer_line]
        if self.choice_buttons:
            parts += [W.HTML(f"<b>{html.escape(self.choice_prompt)}</b>"),
                      W.HBox(self.choice_buttons, layout=W.Layout(flex_flow="row wrap"))]
        super().__init__(parts + [W.HBox([check_button, clear_button]), self.feedback_line])
        self._refresh()

    def tr(self, key: str, **facts: Any) -> str:
        """The text of ``key`` in the board's language."""
        return tr(checked_key(key), self.lang, **facts)

    def _key(self, base: str) -> str:
        """``pick.<base>``, or the game's own words for it (``pick.holes.<base>``)."""
        own = f"pick.{self._words}.{base}"
        return own if self._words and _has(own) else f"pick.{base}"

    # ------------------------------------------------------------ the verbs
    def click(self, cell: Any) -> None:
        """Do what a click on ``cell`` does: add it to the answer, or take it out."""
        if isinstance(cell, int) and not isinstance(cell, bool):
            cell = str(cell) if abs(cell) < 10 ** 6 else ""
        if not isinstance(cell, str) or not cell.strip() or len(cell) > 20:
            raise BoardkitError(f"click: cell must be a square of the board, got {short_repr(cell)}")
        cell = cell.strip()
        if self._cell_name is not None:
            cell = self._cell_name(cell)          # the name a student types (a BoardkitError if none)
        if cell in self.chosen:
            self.chosen.remove(cell)
        else:
            self.chosen.append(cell)
        self.feedback_line.value = ""
        self._refresh()

    def choose(self, value: Any) -> None:
        """Do what a click on the choice button of ``value`` does: choose it (the button
        is marked; another button's click changes the choice)."""
        values = [v for _label, v in self.choices]
        if not isinstance(value, str) or value not in values:
            raise BoardkitError(f"choose: value must be one of {values}, got {short_repr(value)}")
        self.choice = value
        for b, v in zip(self.choice_buttons, values):
            b.button_style = "info" if v == value else ""
            b.icon = "check" if v == value else ""
        self.feedback_line.value = ""
        self._refresh()

    def clear(self) -> None:
        self.chosen.clear()
        self.choice = None
        for b in self.choice_buttons:
            b.button_style, b.icon = "", ""
        self.feedback_line.value = ""
        self._refresh()

    @property
    def answer(self) -> str:
        """The chosen squares as the plain text a student would type: "15, 16", or with
        ``move`` the move in click order, "13-22" or "10x19x26"; a chosen button's value
        after them ("i3:i5, DG-12")."""
        if not self.chosen:
            text = ""
        elif self.move:
            text = self._move_text(list(self.chosen))
        else:
            text = ", ".join(sorted(self.chosen, key=_order))
        if self.choice is not None:
            return f"{text}, {self.choice}" if text else self.choice
        return text

    def check(self) -> bool:
        """The exercise's check on the chosen squares; its feedback line shows here. With
        buttons to choose from and none chosen, it says so instead (nothing is checked)."""
        if self.choices and self.choice is None and self.chosen:
            self.feedback_line.value = f"<p>{html.escape(self.tr('pick.choose_first'))}</p>"
            return False
        out = io.StringIO()
        checker = self.exercises.checker
        kept, checker.lang = checker.lang, self.lang       # the feedback in the board's language
        try:
            with contextlib.redirect_stdout(out):
                ok = self._check(self.answer)
        finally:
            checker.lang = kept
        self.feedback_line.value = f"<p>{html.escape(out.getvalue().strip())}</p>"
        return bool(ok)

    # ------------------------------------------------------------ drawing
    def _drawing(self):
        cells = [int(c) if c.isdigit() else c for c in self.chosen]
        options = dict(self._draw_options)
        if self.move and len(cells) > 1 and self._cell_name is not None:
            options["arrows"] = [cells]           # the order of the clicks, drawn
        return self.game.draw(size=self.size, highlight=cells, lang=self.lang, **options)

    def _refresh(self) -> None:
        self.canvas.svg = self._drawing().to_svg()
        self.canvas.label = self.question()
        if not self.chosen:
            line = self.tr(self._key("none"))
        elif not self.move and self._key("chosen") != "pick.chosen":
            line = self.tr(self._key("chosen"), cells=self.answer, n=len(self.chosen))
        else:
            line = self.tr("pick.chosen", cells=self.answer)
        self.answer_line.value = html.escape(line)

    def _on_click(self, change) -> None:
        cell = (change.get("new") or {}).get("cell")
        if not cell:
            return
        try:
            self.click(cell)
        except BoardkitError:                    # a cell that is none of the board's: said, not raised
            self.feedback_line.value = f"<p>{html.escape(self.tr(self._key('not_cell')))}</p>"

    def question(self) -> str:
        from importlib import import_module
        table = getattr(import_module(type(self.exercises).__module__), "EXERCISES", {})
        entry = table.get(self.name)
        if not entry:
            return self.name
        q = entry[-1]           # a Word: read in the board's language
        return render(q.key, self.lang, q.facts) if isinstance(q, Word) else str(q)

    def _repr_mimebundle_(self, **kwargs) -> dict:
        q = self.question()
        cue = self.tr(self._key("move_choose_cue" if self.move and self.choices
                                else "move_cue" if self.move else "cue"))
        board = self.game.draw(size=self.size, lang=self.lang, **self._draw_options).to_svg()
        listed = ""
        plain = f"{q}\n{cue}"
        if self.choices:
            shown = self.tr("list_sep").join(label for label, _v in self.choices)
            listed = f"<p>{html.escape(self.choice_prompt)} {html.escape(shown)}</p>"
            plain = f"{q}\n{self.choice_prompt} {shown}\n{cue}"
        static = (f"<p><b>{html.escape(self.tr('pick.intro'))}</b> {html.escape(q)}</p>"
                  f"{svg_img(board, alt=q)}{listed}"
                  f"<p><i>▶ {html.escape(cue)}</i></p>")
        return static_bundle(self, static, plain, **kwargs)
