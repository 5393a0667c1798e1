"""Check-yourself questions that answer back, for the lessons.

A notebook's "Check yourself" question becomes a small widget: the student picks or types
an answer, presses Check, and is told at once whether it is right and why, naming the rule.
A wrong answer can be tried again; ``score()`` counts the questions answered right.

    from boardkit import quiz
    quiz.choice("Who moves first in international draughts?", ["White", "Black"],
                answer="White", explain="White moves first (CK-02).")
    quiz.number("How many dark squares are empty at the start?", answer=8,
                explain="32 squares, 24 men.")
    quiz.predict("Will the fair toss or the realistic one give longer turns?",
                 reveal="The realistic one: …")

The notebook keeps its folded ``<details>`` answer under the widget, so a reader who does
not run it (GitHub, an untrusted notebook) still has the answer; the widget's plain-text
form states the question and its choices. Every word is in the catalogue files, read in
the question's language: ``lang=`` (None: the current language when it is made; a later
``set_language`` does not change it).
"""
from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as W

from ._input import check_text, parse_fraction
from .errors import BoardkitError, short_repr
from .i18n import check_language, tr

__all__ = ["Question", "choice", "number", "predict", "score", "reset_score"]


# questions of this kernel, by text: {question: (answered right, right at the first try)}
_SCORE: dict[str, tuple[bool, bool]] = {}

_BOX = ("border-left: 3px solid var(--jp-brand-color1, #1976d2); padding: 2px 8px; "
        "color: var(--jp-ui-font-color1, inherit)")


def _words(value: Any, what: str, limit: int = 10_000) -> str:
    """A text argument: bounded text that can be written as UTF-8 (BoardkitError else)."""
    if not isinstance(value, str):
        raise BoardkitError(f"{what} must be text, got {short_repr(value)}")
    return check_text(value, what, limit)


def _option(value: Any) -> str:
    """One choice of a multiple-choice question: text, or a number written as text."""
    if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool) and not (
            isinstance(value, int) and value.bit_length() > 200):
        value = str(value)
    return _words(value, "options (each)", 1000)


def _exact(value: Any, what: str) -> Fraction:
    """A question's number as an exact Fraction: a float as it is written (0.1 is 1/10)."""
    if isinstance(value, float):
        import math
        if not math.isfinite(value):
            raise BoardkitError(f"{what} must be a finite number, got {short_repr(value)}")
        value = str(value)
    return parse_fraction(value, what)


def _feedback(ok: bool | None, text: str) -> str:
    mark = {True: "✅", False: "❌", None: "✏️"}[ok]
    return f'<div style="{_BOX}">{mark} {text}</div>'


class Question(W.VBox):
    """One question: a prompt, an input, a button and a feedback line.

    ``judge(value)`` returns (verdict, words): verdict True (right), False (wrong) or
    None (no answer yet). Subclasses are made by ``choice``, ``number`` and ``predict``.
    """

    def __init__(self, question: str, entry: W.Widget, judge, button: str, plain: str,
                 scored: bool = True, lang: str | None = None) -> None:
        # every argument is checked before any widget is made (a refusal builds nothing)
        question, button, plain = (_words(question, "question"), _words(button, "button", 200),
                                   _words(plain, "plain"))
        if not isinstance(entry, W.ValueWidget):
            raise BoardkitError(f"entry must be an ipywidgets input (a widget with a value); "
                                f"got {short_repr(entry)}")
        if not callable(judge):
            raise BoardkitError(f"judge must be a function, got {short_repr(judge)}")
        if not isinstance(scored, bool):
            raise BoardkitError(f"scored must be True or False, got {short_repr(scored)}")
        #: the language of the question's words (fixed when it is made)
        self.lang = check_language(lang)
        self.question = question
        self.scored = scored
        self.entry = entry
        self._judge = judge
        self._plain = plain
        self.tries = 0
        self.right = False
        self.feedback = W.HTML()
        self.button = W.Button(description=button, button_style="primary",
                               layout=W.Layout(width="auto"))
        self.button.on_click(lambda _: self.check())
        super().__init__([W.HTML(f"<b>{html.escape(question)}</b>"), entry,
                          self.button, self.feedback])

    def check(self) -> bool | None:
        """What the Check button does (also callable from Python, as the tests do)."""
        verdict, words = self._judge(self.entry.value)
        if verdict is not None and self.scored:
            self.tries += 1
            self.right = self.right or bool(verdict)
            first = _SCORE.get(self.question, (False, self.tries == 1 and bool(verdict)))[1]
            _SCORE[self.question] = (self.right, first)
            from . import records
            records.quiz(self.question, self.entry.value, bool(verdict))
        self.feedback.value = _feedback(verdict, words)
        return verdict

    def answer(self, value: Any) -> bool | None:
        """Enter ``value`` and press Check."""
        import traitlets
        options = getattr(self.entry, "options", None)
        if options is not None and value is not None and (
                not isinstance(value, str) or value not in options):
            raise BoardkitError(f"value must be one of the options {short_repr(list(options), 200)}; "
                                f"got {short_repr(value)}")
        try:
            self.entry.value = value
        except traitlets.TraitError:
            raise BoardkitError(f"value cannot be entered here (it must be text); "
                                f"got {short_repr(value)}") from None
        return self.check()

    def __repr__(self) -> str:
        # the plain-text output a reader sees when the widget cannot be shown
        return self._plain

    def _repr_mimebundle_(self, **kwargs) -> dict:
        # readable before running: the whole question and its choices, never cut
        from .widgets.base import run_cue, static_bundle
        choices = getattr(self.entry, "options", ()) or ()
        page = f"<p><b>{html.escape(self.question)}</b></p>"
        if choices:
            page += "<ul>" + "".join(f"<li>{html.escape(str(c))}</li>" for c in choices) + "</ul>"
        return static_bundle(self, page + run_cue("quiz.run_cue", self.lang), self._plain, **kwargs)


def _plain(question: str, choices: Sequence[str] = (), lang: str | None = None) -> str:
    lines = [tr("quiz.plain", lang, question=question)]
    if choices:
        lines.append(tr("quiz.plain_choices", lang, choices=" / ".join(choices)))
    lines.append(tr("quiz.plain_run", lang))
    return "\n".join(lines)


def _right(explain: str, lang: str) -> str:
    return f"{tr('quiz.right', lang)} {html.escape(explain)}".strip()


def choice(question: str, options: Sequence[str], answer: str, explain: str = "",
           why: Mapping[str, str] | None = None, lang: str | None = None) -> Question:
    """A multiple-choice question. ``why`` maps a wrong option to what is wrong with it
    (the misconception it shows); the explanation is shown once the answer is right."""
    lang = check_language(lang)
    question, explain = _words(question, "question"), _words(explain, "explain")
    if isinstance(options, (str, bytes, Mapping)) or not isinstance(options, Sequence):
        raise BoardkitError(f"options must be a list of the choices (text), got {short_repr(options)}")
    if not 0 < len(options) <= 100:
        raise BoardkitError(f"options must hold 1 to 100 choices, got {len(options)}")
    options = [_option(o) for o in options]
    if not isinstance(answer, str) or answer not in options:
        raise BoardkitError(f"the answer {short_repr(answer)} is not among the options "
                            f"{short_repr(options, 200)}")
    if why is not None and not (isinstance(why, Mapping) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in why.items())):
        raise BoardkitError(f"why must be None or a dict of an option -> what is wrong with it "
                            f"(text), got {short_repr(why)}")
    why = {k: _words(v, "why") for k, v in (why or {}).items()}
    entry = W.RadioButtons(options=options, value=None, layout=W.Layout(width="auto"))

    def judge(value):
        if value is None:
            return None, tr("quiz.pick_first", lang)
        if value == answer:
            return True, _right(explain, lang)
        return False, _joined([tr("quiz.wrong", lang), html.escape(why.get(value, "")),
                               tr("quiz.again", lang)], lang)

    return Question(question, entry, judge, tr("quiz.check", lang), _plain(question, options, lang),
                    lang=lang)


def _joined(parts: Sequence[str], lang: str) -> str:
    """Sentences in a row: a space between them in English, none after 「。」."""
    out = ""
    for part in (p for p in parts if p):
        out += part if not out or out.endswith(("。", "！", "？")) else " " + part
    return out


def _as_number(text: str) -> Fraction:
    t = text.strip().replace("−", "-")
    if not t or len(t) > 30 or not all(c in "0123456789+-./ " for c in t):
        raise ValueError(t)
    return Fraction(t.replace(" ", ""))


def number(question: str, answer: float | int | Fraction | str, explain: str = "",
           tolerance: float = 0.0, unit: str = "", lang: str | None = None) -> Question:
    """A question answered by a number (whole, decimal or a fraction like 11/36)."""
    lang = check_language(lang)
    question, explain, unit = _words(question, "question"), _words(explain, "explain"), \
        _words(unit, "unit", 100)
    target = _exact(answer, "answer")
    tol = _exact(tolerance, "tolerance")
    if tol < 0:
        raise BoardkitError(f"tolerance must be at least 0, got {short_repr(tolerance)}")
    entry = W.Text(placeholder=unit or "?", layout=W.Layout(width="160px"))

    def judge(value):
        if not value.strip():
            return None, tr("quiz.type_first", lang)
        try:
            given = _as_number(value)
        except (ValueError, ZeroDivisionError):
            return None, html.escape(tr("quiz.not_a_number", lang, text=value.strip()[:30]))
        if abs(given - target) <= tol:
            return True, _right(explain, lang)
        return False, _joined([tr("quiz.wrong", lang), tr("quiz.again", lang)], lang)

    return Question(question, entry, judge, tr("quiz.check", lang), _plain(question, lang=lang),
                    lang=lang)


def predict(question: str, reveal: str, lang: str | None = None) -> Question:
    """Predict, then reveal: the student writes a guess before the answer is shown."""
    lang = check_language(lang)
    question, reveal = _words(question, "question"), _words(reveal, "reveal")
    entry = W.Textarea(placeholder=tr("quiz.your_prediction", lang),
                       layout=W.Layout(width="100%", height="3em"))

    def judge(value):
        if not value.strip():
            return None, tr("quiz.predict_first", lang)
        return True, html.escape(reveal)

    return Question(question, entry, judge, tr("quiz.reveal", lang), _plain(question, lang=lang),
                    scored=False, lang=lang)


def score(lang: str | None = None) -> str:
    """How many of this kernel's questions were answered right (say it at the end), in
    ``lang`` (None: the current language)."""
    lang = check_language(lang)
    asked = len(_SCORE)
    right = sum(r for r, _ in _SCORE.values())
    first = sum(f for _, f in _SCORE.values())
    return tr("quiz.score", lang, right=right, asked=asked, first=first)


def reset_score() -> None:
    _SCORE.clear()
