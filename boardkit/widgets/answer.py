"""An exercise answered without Python: a text box, or one button per choice.

    from boardkit.backgammon.exercises import ex
    from boardkit.widgets.answer import AnswerBox
    AnswerBox(ex, "pips_start")                      # type "150, 160", then Enter or Check
    AnswerBox(ex, "forty", choices=("yes", "no"))    # (checkers) one click answers
    AnswerBox(ex, "laid_down", choices=("P1", "P2", "P3"), several=True)   # toggles, then Check

The box sends what the student typed (or the choice clicked) as plain text to the
exercise's own check, ``ex.check_<name>`` (or the one check named after it, as
``PickBoard`` finds it: "forced" -> ``check_forced_capture``; "count" ->
``check_move_count``), so the feedback and the student's record are those of the typed
answer. A badly formed answer gets the check's
sentence; the check never raises.

The words: the question is the catalogue's ``ex.<game>.<name>.question`` (``<game>`` the
package of the exercises: ``boardkit.checkers.exercises`` -> ``checkers``), else the
question of the module's ``EXERCISES`` table, else the check's name; the box's grey
example is ``ex.<game>.<name>.form`` when the catalogue has it. A choice's button reads
``answer.choice.<choice>`` where the catalogue has it ("yes" -> はい) and the choice
itself otherwise ("P2"); the check always receives the choice as given.

Opened without running, the cell shows the question, the form of the answer (the box
and its example, or the choices) and a run cue.
"""
from __future__ import annotations

import contextlib
import html
import io
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from .. import _catalogue
from .._core import BoardkitError
from ..errors import short_repr
from ..exercises import find_check
from ..i18n import Word, check_language, render, tr
from .base import checked_key, static_bundle

__all__ = ["AnswerBox", "MAX_CHOICES"]

#: the most choices a box shows as buttons
MAX_CHOICES = 12


def _game_of(exercises: Any) -> str:
    """The game's package name of a game's exercises (``boardkit.mawari.exercises`` ->
    "mawari"), else their topic."""
    parts = type(exercises).__module__.split(".")
    return parts[1] if len(parts) >= 3 and parts[0] == "boardkit" else str(exercises.topic)


def _check_choices(choices: Any) -> tuple[str, ...] | None:
    if choices is None:
        return None
    if isinstance(choices, (str, bytes)) or not isinstance(choices, Sequence):
        raise BoardkitError(f"AnswerBox: choices must be a list of answers as text, such as "
                            f"('yes', 'no'), got {short_repr(choices)}")
    out = []
    for c in choices:
        if not isinstance(c, str) or not c.strip() or len(c) > 40:
            raise BoardkitError(f"AnswerBox: choices must be short answers as text "
                                f"(1 to 40 characters), got {short_repr(c)}")
        out.append(" ".join(c.split()))
    if not 2 <= len(out) <= MAX_CHOICES or len(set(out)) != len(out):
        raise BoardkitError(f"AnswerBox: choices must be 2 to {MAX_CHOICES} different answers, "
                            f"got {short_repr(choices)}")
    return tuple(out)


class AnswerBox(W.VBox):
    """The answer of exercise ``name`` of ``exercises`` (a game's ``ex``), given without
    Python: typed in a text box (Enter or **Check** sends it), or, with ``choices`` (a
    list of answers as text), clicked: one button per choice sends it at once, or with
    ``several`` the buttons are toggles and **Check** sends the chosen ones ("P2, P3").
    ``lang``: the language of its words and of the check's feedback (None: the current
    language when it is made)."""

    def __init__(self, exercises: Any, name: str, *, choices: Sequence[str] | None = None,
                 several: bool = False, lang: str | None = None) -> None:
        self.lang = check_language(lang)
        self.check_name = find_check(exercises, name, "AnswerBox")
        self.choices = _check_choices(choices)
        if not isinstance(several, bool):
            raise BoardkitError(f"AnswerBox: several must be True or False, got {short_repr(several)}")
        if several and self.choices is None:
            raise BoardkitError("AnswerBox: several=True needs choices (the answers to toggle)")
        self.several = several
        self.exercises, self.name = exercises, name
        self.game_name = _game_of(exercises)
        self._check = getattr(exercises, f"check_{self.check_name}")
        self._last = ""                     # the answer last sent (a choice clicked, or the text)
        self.feedback_line = W.HTML()
        self.answer_line = W.HTML()
        self.check_button = W.Button(description=self.tr("pick.check"), button_style="primary")
        self.check_button.on_click(lambda _b: self.check())
        self.field: W.Text | None = None
        self.buttons: list[W.Button] = []
        self.toggles: list[W.ToggleButton] = []
        rows: list[W.Widget]
        if self.choices is None:
            self.field = W.Text(placeholder=self.form(), layout=W.Layout(width="24em"))
            self.field.on_msg(self._on_field_msg)          # Enter in the box sends "submit"
            self.field.observe(lambda _c: self._clear_feedback(), names="value")
            rows = [W.HBox([self.field, self.check_button])]
            live = "answer.live"
        elif several:
            for c in self.choices:
                t = W.ToggleButton(description=self.choice_label(c), value=False)
                t.observe(lambda _c: self._chosen_changed(), names="value")
                self.toggles.append(t)
            rows = [W.HBox(self.toggles), self.answer_line, self.check_button]
            live = "answer.live_several"
        else:
            for c in self.choices:
                b = W.Button(description=self.choice_label(c))
                b.on_click(lambda _b, c=c: self.choose(c))
                self.buttons.append(b)
            rows = [W.HBox(self.buttons)]
            live = "answer.live_choices"
        intro = W.HTML(f"<b>{html.escape(self.tr('answer.intro'))}</b> "
                       f"{html.escape(self.question())} <i>{html.escape(self.tr(live))}</i>")
        super().__init__([intro, *rows, self.feedback_line])
        self._chosen_changed()

    def tr(self, key: str, **facts: Any) -> str:
        """The text of ``key`` in the box's language."""
        return tr(checked_key(key), self.lang, **facts)

    # ------------------------------------------------------------ the words
    def question(self) -> str:
        """The question, in the box's language."""
        key = f"ex.{self.game_name}.{self.name}.question"
        if _catalogue.has(key):
            return self.tr(key)
        from importlib import import_module
        table = getattr(import_module(type(self.exercises).__module__), "EXERCISES", {})
        entry = table.get(self.name) if isinstance(table, dict) else None
        q = entry[-1] if isinstance(entry, tuple) and entry else None
        if isinstance(q, Word):
            return render(q.key, self.lang, q.facts)
        if isinstance(q, str):
            return q
        kept, self.exercises.checker.lang = self.exercises.checker.lang, self.lang
        try:
            return self.exercises.checker.label(self.check_name)
        finally:
            self.exercises.checker.lang = kept

    def form(self) -> str:
        """The example in the empty box: the form of the answer (never the answer)."""
        key = f"ex.{self.game_name}.{self.name}.form"
        return self.tr(key) if _catalogue.has(key) else self.tr("answer.form")

    def choice_label(self, choice: str) -> str:
        """A choice as its button reads: its catalogue word ("yes" -> はい) or itself."""
        if not isinstance(choice, str) or not choice.strip() or len(choice) > 40:
            raise BoardkitError(f"choice_label: choice must be a short answer as text, "
                                f"got {short_repr(choice)}")
        key = f"answer.choice.{choice.lower()}"
        return self.tr(key) if _catalogue.has(key) else choice

    # ------------------------------------------------------------ the verbs
    @property
    def answer(self) -> str:
        """What Check sends: the text in the box, the chosen toggles ("P2, P3"), or the
        choice last clicked."""
        if self.field is not None:
            return self.field.value
        if self.several:
            return ", ".join(self._toggled())
        return self._last

    def _toggled(self) -> list[str]:
        return [c for c, t in zip(self.choices or (), self.toggles) if t.value]

    def type(self, text: str) -> None:
        """Put ``text`` in the box, as typing does (a box without choices)."""
        if self.field is None:
            raise BoardkitError("type: this box is answered by its choices, not typed")
        if not isinstance(text, str):
            raise BoardkitError(f"type: text must be text, got {short_repr(text)}")
        self.field.value = text

    def submit(self) -> bool:
        """What Enter in the box does: Check."""
        return self.check()

    def choose(self, choice: str) -> bool:
        """What a click on the button of ``choice`` does: send it at once, or, with
        ``several``, take it in or out of the answer."""
        if not isinstance(choice, str) or choice not in (self.choices or ()):
            raise BoardkitError(f"choose: choice must be one of {list(self.choices or ())}, "
                                f"got {short_repr(choice)}")
        if self.several:
            t = self.toggles[list(self.choices or ()).index(choice)]
            t.value = not t.value
            return False
        self._last = choice
        return self.check()

    def check(self) -> bool:
        """The exercise's check on the answer; its feedback line shows here (in the box's
        language: the check's own words and the catalogue's, whichever it uses)."""
        answer = self.answer
        out = io.StringIO()
        checker = self.exercises.checker
        kept, checker.lang = checker.lang, self.lang
        kept_current = _catalogue.language()
        _catalogue.set_language(self.lang)        # checks that read the current language
        try:
            with contextlib.redirect_stdout(out):
                ok = self._check(answer)
        finally:
            checker.lang = kept
            _catalogue.set_language(kept_current)
        self.feedback_line.value = f"<p>{html.escape(out.getvalue().strip())}</p>"
        return bool(ok)

    def _on_field_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.submit()

    def _clear_feedback(self) -> None:
        self.feedback_line.value = ""

    def _chosen_changed(self) -> None:
        if self.several:
            self._clear_feedback()
            chosen = self._toggled()
            self.answer_line.value = html.escape(self.tr("answer.chosen", answer=", ".join(
                self.choice_label(c) for c in chosen)) if chosen else self.tr("answer.none"))

    # ------------------------------------------------------------ the static view
    def _form_text(self) -> str:
        if self.choices is None:
            return self.tr("answer.box", form=self.form())
        return self.tr("answer.choices", choices=" · ".join(self.choice_label(c) for c in self.choices))

    def _cue(self) -> str:
        return self.tr("answer.cue" if self.choices is None else
                       "answer.cue_several" if self.several else "answer.cue_choices")

    def _repr_mimebundle_(self, **kwargs) -> dict:
        q, cue = self.question(), self._cue()
        if self.choices is None:
            form = (f"{html.escape(self.tr('answer.box', form=''))}"
                    f"<code>[ {html.escape(self.form())} ]</code> "
                    f"<b>[{html.escape(self.tr('pick.check'))}]</b>")
        else:
            form = (html.escape(self.tr("answer.choices", choices="")) + " ".join(
                f"<b>[{html.escape(self.choice_label(c))}]</b>" for c in self.choices))
            if self.several:
                form += f" <b>[{html.escape(self.tr('pick.check'))}]</b>"
        static = (f"<p><b>{html.escape(self.tr('answer.intro'))}</b> {html.escape(q)}</p>"
                  f"<p>{form}</p><p><i>▶ {html.escape(cue)}</i></p>")
        return static_bundle(self, static, f"{q}\n{self._form_text()}\n{cue}", **kwargs)
