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

Opened without running, the cell shows the board picture, the question and a run cue.
"""
from __future__ import annotations

import contextlib
import html
import io
from typing import Any

import ipywidgets as W

from .._core import BoardkitError
from ..errors import short_repr
from ..i18n import Word, check_language, render, tr
from .base import checked_key, static_bundle, svg_img
from .canvas import SvgCanvas


def _order(cell: str):
    return (0, int(cell), "") if cell.isdigit() else (1, 0, cell)


class PickBoard(W.VBox):
    """The board of exercise ``name`` of ``exercises`` (a game's ``ex``): clicks choose
    squares, Check calls ``exercises.check_<name>`` with them as plain text ("15, 16").
    ``lang``: the language of its words and of the check's feedback (None: the current
    language when it is made)."""

    def __init__(self, exercises: Any, name: str, *, move: bool = False, size: int = 300,
                 lang: str | None = None) -> None:
        from ..exercises import Exercises
        self.lang = check_language(lang)
        if not isinstance(exercises, Exercises):
            raise BoardkitError(f"PickBoard: exercises must be a game's exercises (ex), "
                                f"got {short_repr(exercises)}")
        # the exercise's board is position(name); its check is check_<name>, or the one
        # check named after it ("forced" -> check_forced_capture)
        names = exercises.names()
        found = ([name] if name in names else [n for n in names if n.startswith(name + "_")]
                 ) if isinstance(name, str) else []
        if len(found) != 1:
            raise BoardkitError(f"PickBoard: name must be one of the exercises {names}, "
                                f"got {short_repr(name)}")
        if not isinstance(size, int) or isinstance(size, bool) or not 150 <= size <= 900:
            raise BoardkitError(f"PickBoard: size must be a whole number from 150 to 900, "
                                f"got {short_repr(size)}")
        if not isinstance(move, bool):
            raise BoardkitError(f"PickBoard: move must be True or False, got {short_repr(move)}")
        self.move = move
        check = getattr(exercises, f"check_{found[0]}")
        self.exercises, self.name, self.size = exercises, name, size
        self._check = check
        position = getattr(exercises, "position", None)
        if not callable(position):
            raise BoardkitError(f"PickBoard: the {exercises.topic} exercises have no boards to "
                                f"click (no position())")
        self.game = position(name)
        self.chosen: list[str] = []
        self.canvas = SvgCanvas()
        self.canvas.observe(self._on_click, names="last_click")
        self.answer_line = W.HTML()
        self.feedback_line = W.HTML()
        check_button = W.Button(description=self.tr("pick.check"), button_style="primary")
        clear_button = W.Button(description=self.tr("pick.clear"))
        check_button.on_click(lambda _b: self.check())
        clear_button.on_click(lambda _b: self.clear())
        intro = W.HTML(f"<b>{html.escape(self.tr('pick.intro'))}</b> "
                       f"{html.escape(self.tr('pick.move_live' if move else 'pick.live'))}")
        super().__init__([intro, self.canvas, self.answer_line, W.HBox([check_button, clear_button]),
                          self.feedback_line])
        self._refresh()

    def tr(self, key: str, **facts: Any) -> str:
        """The text of ``key`` in the board's language."""
        return tr(checked_key(key), self.lang, **facts)

    # ------------------------------------------------------------ the verbs
    def click(self, cell: Any) -> None:
        """Do what a click on ``cell`` does: add it to the answer, or take it out."""
        if isinstance(cell, int) and not isinstance(cell, bool):
            cell = str(cell) if abs(cell) < 10 ** 6 else ""
        if not isinstance(cell, str) or not cell.strip() or len(cell) > 20:
            raise BoardkitError(f"click: cell must be a square of the board, got {short_repr(cell)}")
        cell = cell.strip()
        if cell in self.chosen:
            self.chosen.remove(cell)
        else:
            self.chosen.append(cell)
        self.feedback_line.value = ""
        self._refresh()

    def clear(self) -> None:
        self.chosen.clear()
        self.feedback_line.value = ""
        self._refresh()

    @property
    def answer(self) -> str:
        """The chosen squares as the plain text a student would type: "15, 16", or with
        ``move`` the move in click order, "13-22" or "10x19x26"."""
        if self.move:
            return ("-" if len(self.chosen) <= 2 else "x").join(self.chosen)
        return ", ".join(sorted(self.chosen, key=_order))

    def check(self) -> bool:
        """The exercise's check on the chosen squares; its feedback line shows here."""
        out = io.StringIO()
        checker = self.exercises.checker
        kept, checker.lang = checker.lang, self.lang       # the feedback in the board's language
        try:
            with contextlib.redirect_stdout(out):
                ok = self._check(self.answer if self.chosen else "")
        finally:
            checker.lang = kept
        self.feedback_line.value = f"<p>{html.escape(out.getvalue().strip())}</p>"
        return bool(ok)

    # ------------------------------------------------------------ drawing
    def _drawing(self):
        cells = [int(c) if c.isdigit() else c for c in self.chosen]
        return self.game.draw(size=self.size, highlight=cells, lang=self.lang)

    def _refresh(self) -> None:
        self.canvas.svg = self._drawing().to_svg()
        self.canvas.label = self.question()
        self.answer_line.value = html.escape(self.tr("pick.chosen", cells=self.answer) if self.chosen
                                             else self.tr("pick.none"))

    def _on_click(self, change) -> None:
        cell = (change.get("new") or {}).get("cell")
        if cell:
            self.click(cell)

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
        cue = self.tr("pick.move_cue" if self.move else "pick.cue")
        static = (f"<p><b>{html.escape(self.tr('pick.intro'))}</b> {html.escape(q)}</p>"
                  f"{svg_img(self.game.draw(size=self.size, lang=self.lang).to_svg(), alt=q)}"
                  f"<p><i>▶ {html.escape(cue)}</i></p>")
        return static_bundle(self, static, f"{q}\n{cue}", **kwargs)
