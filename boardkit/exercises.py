"""Automatic feedback for the exercise notebooks: ONE API for all games.

A check never raises: it prints one line saying whether the answer is right and, if
not, a hint, so an unsolved exercise notebook still runs from top to bottom.

A game's ``exercises.py`` subclasses ``Exercises`` and writes one ``check_<name>(answer)``
method per exercise; the notebook calls ``ex.check_<name>(answer)`` and ``ex.summary()``:

    class CheckersExercises(Exercises):
        topic = "checkers"

        def check_targets(self, answer) -> bool:
            # the squares the man on 11 can reach (CK-04)
            want = {m.end for m in position("targets").legal_moves() if m.start == 11}
            return self.check("targets", answer, test=lambda a: compare_sets(
                to_set(a, int), want, what="square",
                extra_why="a man steps one square diagonally forward (CK-04)"),
                hint="Black moves down the board.")

    ex = CheckersExercises()          # the notebook: from boardkit.checkers.exercises import ex
    ex.export(globals())              # optional: module-level check_targets(...), summary()

``compare_sets`` writes the "missing / not right" feedback once for every game.
``Checker`` (the callable underneath) stays for code that uses it directly.

Answers without Python: every check takes plain text as well as Python values. A student
types ``15, 16`` (or ``{15, 16}``), ``no`` (or ``False``), ``3.47`` (or ``125/36``), a move in
any notation the game reads. ``items``, ``to_set``, ``to_bool`` and ``to_number`` read such
text; a badly formed answer raises ``AnswerError``, which the check turns into one clear
sentence (never a Python exception). ``close_enough`` accepts a rounded decimal and says
the exact value.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

import numpy as np

from . import _catalogue
from ._catalogue import Word
from ._core import BoardkitError
from ._input import check_text
from .errors import short_repr

__all__ = ["AnswerError", "Checker", "Exercises", "close_enough", "compare_sets", "exact_text",
           "items", "read_move", "to_bool", "to_number", "to_set"]

_OK, _NO, _BLANK = "✅", "❌", "✏️"


#: the longest typed answer read (longer text is refused before any parsing)
MAX_ANSWER_CHARS = 500


class AnswerError(BoardkitError):
    """A badly formed answer: a message key of the catalogue and its facts
    (``AnswerError("ex.number", text="'abc'")``), rendered in the language of the check
    that reads it; ``str(err)`` is the English sentence."""


def words(value: Any, lang: str | None = None) -> str:
    """Feedback in ``lang`` (None: the current language): a ``Word`` rendered, a keyed
    error (``BoardkitError(key, **facts)``) in that language's words, text as it is."""
    if isinstance(value, Word):
        return _catalogue.render(value.key, lang, value.facts)
    if isinstance(value, BoardkitError) and value.key and _catalogue.has(value.key):
        line = _catalogue.render(value.key, lang, value.facts)
        rule = getattr(value, "rule", None)
        if isinstance(rule, str) and rule and rule not in line:
            line = _catalogue.text("error.with_rule", lang, line=line, rule=rule)
        return line
    return "" if value is None else str(value)


def _unreadable(exc: BoardkitError) -> AnswerError:
    """The engine's refusal of an answer, kept as a key and facts (its own words in the
    check's language)."""
    if exc.key and _catalogue.has(exc.key):
        why = Word(exc.key, **exc.facts)
        rule = getattr(exc, "rule", None)
        if isinstance(rule, str) and rule and rule not in _catalogue.render(exc.key, "en", exc.facts):
            why = Word("error.with_rule", line=why, rule=rule)      # the rule ID, as str(exc) has
        return AnswerError("ex.unreadable", why=why)
    return AnswerError("ex.unreadable", why=str(exc))


def _safe_str(value: Any) -> str:
    """``str(value)``, or its safe short repr when that fails (a 5,000-digit integer, a
    list nested 10,000 deep, an object whose ``__str__`` raises)."""
    if isinstance(value, str):
        return value
    try:
        text = str(value)
    except Exception:                   # noqa: BLE001 - any value may be typed as an answer
        return short_repr(value)
    return text if isinstance(text, str) else short_repr(value)


def _shown(text: Any) -> str:
    # the answer as typed, without Python's quotes: the catalogue's sentence quotes it
    # in its own language's marks (“abc”, 「abc」)
    t = " ".join(_safe_str(text).split())
    t = t.encode("utf-8", "backslashreplace").decode("utf-8")    # a lone surrogate shown escaped
    return t if len(t) <= 40 else t[:40] + "…"


def _text(answer: str) -> str:
    if len(answer) > MAX_ANSWER_CHARS:
        raise AnswerError("ex.too_long", n=MAX_ANSWER_CHARS)
    return answer.strip()


_SPLIT_WORDS = re.compile(r"[,;、，\s]+|\band\b|と")
_SPLIT_ITEMS = re.compile(r"[,;、，\n]+|\band\b")


def items(answer: Any, *, words: bool = True) -> list:
    """A student's answer as a list of items: any iterable of values (a string is text),
    or text such as ``15, 16``, ``{15, 16}``, ``e5 f6 g4``, ``'P2', 'P3'``. Surrounding
    brackets and quotes are dropped; items are split at commas, semicolons, "and" and,
    when ``words`` (items without spaces), at spaces too (``words=False`` keeps
    ``24/18 13/11, 13/7`` as two plays)."""
    if isinstance(answer, (bytes, int, float, Fraction)) or answer is None:
        return [answer]
    if not isinstance(answer, str):
        if isinstance(answer, Iterable):
            return list(answer)
        return [answer]
    t = _text(answer).strip("[]{}()（）「」 ")
    parts = (_SPLIT_WORDS if words else _SPLIT_ITEMS).split(t)
    out = [p.strip().strip("'\"“”‘’「」()[] ") for p in parts]
    return [" ".join(p.split()) for p in out if p]


def to_set(answer: Any, convert: Callable[[Any], Any] = lambda x: x, *, words: bool = True) -> set:
    """A student's answer as a set: one value, any iterable of values, or text read by
    ``items`` (``"15, 16"``), each passed through ``convert`` (e.g. ``int``)."""
    out = set()
    for a in items(answer, words=words):
        try:
            out.add(convert(a))
        except AnswerError:
            raise
        except BoardkitError as exc:
            raise _unreadable(exc) from exc
        except (TypeError, ValueError) as exc:
            raise AnswerError("ex.unreadable_any", text=_shown(a)) from exc
    return out


_YES = {"yes", "y", "true", "はい", "drawn", "draw", "○"}
_NO_WORDS = {"no", "n", "false", "いいえ", "not drawn", "×"}


def to_bool(answer: Any) -> bool:
    """True/False from a bool or text: yes/no, true/false, はい/いいえ (any case)."""
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        t = " ".join(_text(answer).lower().strip("!.。 ").split())
        if t in _YES or t.rstrip(".") in _YES:
            return True
        if t in _NO_WORDS or t.rstrip(".") in _NO_WORDS:
            return False
    raise AnswerError("ex.yes_no", text=_shown(answer))


def to_number(answer: Any) -> Fraction:
    """An exact number from an int, a float, a Fraction, or text such as ``12``,
    ``3.47``, ``5/12``, ``42%``, ``15 out of 36`` (AnswerError otherwise)."""
    from ._input import parse_fraction
    if isinstance(answer, bool):
        raise AnswerError("ex.number", text=_shown(answer))
    if isinstance(answer, str):
        t = _text(answer).replace("−", "-").replace("，", ",").replace(" ", "")
        t = re.sub(r"(?i)(outof|of|in)", "/", t) if re.fullmatch(r"(?i)\d+(outof|of|in)\d+", t) else t
        percent = t.endswith("%")
        try:
            out = parse_fraction(t[:-1] if percent else t, "answer")
        except BoardkitError as exc:
            raise AnswerError("ex.number", text=_shown(answer)) from exc
        return out / 100 if percent else out
    try:
        return parse_fraction(answer, "answer")
    except BoardkitError as exc:
        raise AnswerError("ex.number", text=_shown(answer)) from exc


def _exact(value: Any, what: str) -> Fraction:
    """An exact value given by a lesson (an int, a Fraction, a finite float or a number's
    text) as a Fraction, else a BoardkitError naming the argument."""
    import math

    import numpy as np
    if isinstance(value, (np.integer, np.floating)) and not isinstance(value, np.bool_):
        value = value.item()
    if isinstance(value, str):
        from ._input import parse_fraction
        return parse_fraction(value, what)
    ok = isinstance(value, (int, Fraction, float)) and not isinstance(value, bool)
    if ok and isinstance(value, float):
        ok = math.isfinite(value)
    if ok and isinstance(value, (int, Fraction)):
        v = Fraction(value)
        ok = max(abs(v.numerator).bit_length(), v.denominator.bit_length()) <= _MAX_EXACT_BITS
    if not ok:
        raise BoardkitError(f"{what} must be a finite number (an int, a Fraction or a float), "
                            f"got {short_repr(value)}")
    return Fraction(value)


#: the most bits of an exact value's numerator or denominator (about 3,000 digits)
_MAX_EXACT_BITS = 10_000


def read_move(game: Any, answer: Any) -> str:
    """The legal move ``answer`` stands for, in the game's standard notation: the engine
    reads every notation it knows (``14-23`` for the capture ``14x23``, ``bar/20 20/16``
    for ``bar/16``), so equivalent answers are judged alike, by the play they make.
    An illegal or unreadable move: AnswerError with the engine's reason (and rule)."""
    from ._core import Game
    if not isinstance(game, Game):
        raise BoardkitError(f"game must be a boardkit Game; got {short_repr(game)}")
    if isinstance(answer, str):
        answer = _text(answer)
    try:
        return str(game.copy().play(answer))
    except BoardkitError as exc:
        raise _unreadable(exc) from exc
    except (TypeError, ValueError) as exc:
        raise AnswerError("ex.unreadable_any", text=_shown(answer)) from exc


def _decimals(answer: Any) -> int | None:
    """How many decimals a typed decimal answer has (None: not a typed decimal)."""
    if isinstance(answer, float):
        answer = repr(answer)
    if not isinstance(answer, str):
        return None
    t = answer.strip().rstrip("%")
    m = re.fullmatch(r"[-+]?\d*\.(\d+)", t)
    return len(m.group(1)) if m else None


def exact_text(value: Fraction | int) -> str:
    """An exact value as a student reads it: 5/12 (about 0.4167), or 12."""
    value = _exact(value, "value")
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator} ≈ {float(value):.4g}"


def close_enough(answer: Any, exact: Any, *, tolerance: float = 0.0) -> bool:
    """Whether ``answer`` is ``exact``, within ``tolerance``, or ``exact`` rounded to the
    decimals the student typed (``3.47`` and ``3.5`` for 125/36 = 3.4722…, not ``3``;
    a percentage is rounded in percent). At least two significant digits are needed."""
    exact = _exact(exact, "exact")
    tol = _exact(tolerance, "tolerance")
    if tol < 0:
        raise BoardkitError(f"tolerance must be at least 0, got {short_repr(tolerance)}")
    given = to_number(answer)
    if abs(given - exact) <= tol:
        return True
    d = _decimals(answer)
    if d is None:
        return False
    scale = Fraction(1, 100) if isinstance(answer, str) and answer.strip().endswith("%") else 1
    digits = len(re.sub(r"\D", "", _safe_str(answer)).lstrip("0"))
    return digits >= 2 and abs(given - exact) <= scale * Fraction(1, 2 * 10 ** d) + Fraction(1, 10 ** 12)


class Checker:
    """The feedback of one topic's checks, printed in ``lang`` (None: the current language
    when a check runs, so ``set_language("ja")`` in a notebook's first cell gives Japanese
    feedback)."""

    def __init__(self, topic: str, lang: str | None = None):
        self.topic = topic
        self.lang = None if lang is None else _catalogue.check_language(lang)
        self.results: dict[str, bool] = {}

    def tr(self, key: str, **facts: Any) -> str:
        """The text of ``key`` in the checks' language."""
        from ._input import check_text
        return _catalogue.render(check_text(key, "key", 200), self.lang, facts)

    def label(self, name: str) -> str:
        """A check's name as the student reads it: ``ex.name.<name>`` in the checks'
        language where the catalogue has it (the name itself stays the record's key)."""
        if not isinstance(name, str):
            raise BoardkitError(f"label: name must be a check's name (text), got {short_repr(name)}")
        key = f"ex.name.{name}"
        return _catalogue.render(key, self.lang) if _catalogue.has(key) else name

    def __call__(self, name: str, answer: Any, expected: Any = None, *,
                 test: Callable[[Any], bool | str | Word] | None = None, hint: str | Word = "",
                 normalize: Callable[[Any], Any] | None = None) -> bool:
        """Compare ``answer`` with ``expected`` (or run ``test(answer)``, which may
        return True, False, or what is wrong: text or a ``Word``, rendered in the checks'
        language). ``...`` (Ellipsis) or None means "not answered yet". ``hint`` is text
        or a ``Word``."""
        from ._input import check_text
        check_text(name, "name", 200)
        for f, what in ((test, "test"), (normalize, "normalize")):
            if f is not None and not callable(f):
                raise BoardkitError(f"{what} must be None or a function, got {short_repr(f)}")
        if not isinstance(hint, (str, Word)) and hint is not None:
            raise BoardkitError(f"hint must be text or a Word, got {short_repr(hint)}")
        if isinstance(hint, str):
            check_text(hint, "hint")
        hint = words(hint, self.lang)
        shown = self.label(name)
        if answer is ... or answer is None or (isinstance(answer, str) and not answer.strip()):
            print(f"{_BLANK} {self.tr('ex.blank', name=shown)} {hint}".rstrip())
            self.results[name] = False
            return False
        exact = None
        verdict: Any
        try:
            if test is not None:
                verdict = test(answer)
            elif isinstance(expected, (int, Fraction)) and not isinstance(expected, bool) \
                    and normalize is None:
                verdict = close_enough(answer, expected)
                exact = expected if verdict and to_number(answer) != expected else None
            else:
                a = normalize(answer) if normalize else answer
                e = normalize(expected) if normalize else expected
                verdict = a == e
        except AnswerError as exc:
            verdict = words(exc, self.lang)
        except BoardkitError as exc:
            verdict = words(_unreadable(exc), self.lang)
        except Exception:  # feedback, not a crash: never a Python exception's text
            verdict = self.tr("ex.unreadable_any", text=_shown(answer))
        if isinstance(verdict, tuple):       # (True, exact value): a rounded answer accepted
            verdict, exact = verdict
        if verdict is True:
            if exact is not None:
                print(f"{_OK} {self.tr('ex.correct_exact', name=shown, exact=exact_text(exact))}")
            else:
                print(f"{_OK} {self.tr('ex.correct', name=shown)}")
            self.results[name] = True
            return True
        why = words(verdict, self.lang) if isinstance(verdict, (str, Word)) else self.tr("ex.not_quite")
        print(f"{_NO} {shown}: {why} {hint}".rstrip())
        self.results[name] = False
        return False

    def summary(self) -> None:
        done = sum(self.results.values())
        key = f"ex.topic.{self.topic}"
        topic = _catalogue.render(key, self.lang) if _catalogue.has(key) else self.topic
        print(self.tr("ex.summary", topic=topic, done=done, n=len(self.results)))


def compare_sets(given: Iterable, expected: Iterable, *, what: str | Word = "answer",
                 extra_why: str | Word = "", missing_why: str | Word = "",
                 show_missing: bool = False, lang: str | None = None) -> bool | str:
    """True when ``given`` and ``expected`` hold the same items, else the feedback in
    ``lang`` (None: the current language), written once for all games: which given items
    are not right (and why), how many are missing. ``what`` names an item: English text
    ("square", made plural here), or a ``Word`` (its key + "_many" is the plural when the
    catalogue has it).

        compare_sets({15, 16, 99}, {15, 16, 17}, what="square")
        -> "99 is not right. 1 square missing."
    """
    got, want = _set_of(given, "given"), _set_of(expected, "expected")
    from ._input import check_text
    for why, name in ((what, "what"), (extra_why, "extra_why"), (missing_why, "missing_why")):
        if not isinstance(why, (str, Word)) and (why is not None or name == "what"):
            raise BoardkitError(f"{name} must be text or a Word, got {short_repr(why)}")
        if isinstance(why, str):
            check_text(why, name, 1000)
    if not isinstance(show_missing, (bool, np.bool_)) and show_missing is not None and not (
            isinstance(show_missing, int) and show_missing in (0, 1)):
        raise BoardkitError(f"show_missing must be True or False, got {short_repr(show_missing)}")
    _catalogue.check_language(lang)
    if got == want:
        return True
    if what == "answer":
        what = Word("ex.what.answer")
    parts = []
    extra = got - want
    if extra:
        shown = sorted(_safe_str(x) for x in extra)
        key = "ex.not_right_many" if len(shown) > 1 else "ex.not_right"
        why = words(extra_why, lang)
        parts.append(_catalogue.text(key + ("_why" if why else ""), lang, items=shown, why=why))
    missing = want - got
    if missing:
        n = len(missing)
        if isinstance(what, Word):
            noun: Any = Word(what.key + "_many", **what.facts) \
                if n > 1 and _catalogue.has(what.key + "_many") else what
        else:
            noun = what if n == 1 or what.endswith("s") else what + "s"
        listed = sorted(_safe_str(x) for x in missing) if show_missing else []
        why = words(missing_why, lang)
        key = "ex.missing" + ("_list" if listed else "") + ("_why" if why else "")
        parts.append(_catalogue.text(key, lang, n=n, what=noun, items=listed, why=why))
    return _catalogue.text("ex.sentences", lang, first=parts[0], second=parts[1]) \
        if len(parts) == 2 else parts[0]


def _set_of(items: Any, what: str) -> set:
    """``set(items)`` of an iterable of hashable values, else a BoardkitError naming it."""
    if not isinstance(items, Iterable):
        raise BoardkitError(f"{what} must be a collection (a set, a list ...), got {short_repr(items)}")
    try:
        return set(items)
    except TypeError:
        raise BoardkitError(f"{what} must be a collection of single values (numbers, text), "
                            f"got {short_repr(items)}") from None


class Exercises:
    """Base class of each game's exercises: subclasses define ``check_<name>(answer)``
    methods that call ``self.check(...)``, and set ``topic``. ``summary()`` prints
    "<topic>: k of n answers correct"; ``results`` maps each check's name to True/False.
    Every check prints its feedback and returns True/False; none raises."""

    topic: str = "exercises"

    def __init__(self, lang: str | None = None) -> None:
        #: the feedback's language (None: the current language when a check runs)
        self.checker = Checker(self.topic, lang)

    @property
    def lang(self) -> str:
        """The language the next check's feedback is printed in."""
        return _catalogue.check_language(self.checker.lang)

    @lang.setter
    def lang(self, value: str | None) -> None:
        self.checker.lang = None if value is None else _catalogue.check_language(value)

    def tr(self, key: str, **facts: Any) -> str:
        """The text of ``key`` in the feedback's language (a game's ``ex.<game>.*`` line)."""
        return self.checker.tr(key, **facts)

    @property
    def results(self) -> dict[str, bool]:
        return self.checker.results

    def check(self, name: str, answer: Any, expected: Any = None, *,
              test: Callable[[Any], bool | str | Word] | None = None, hint: str | Word = "",
              normalize: Callable[[Any], Any] | None = None) -> bool:
        """Compare ``answer`` with ``expected`` or run ``test(answer)`` (True, False, or a
        string saying what is wrong); ``...``/None = not answered yet. See ``Checker``."""
        ok = self.checker(name, answer, expected, test=test, hint=hint, normalize=normalize)
        if not (answer is ... or answer is None or (isinstance(answer, str) and not answer.strip())):
            from . import records
            records.exercise(self, name, ok)         # the student's record (boardkit.records)
        return ok

    @classmethod
    def names(cls) -> list[str]:
        """The exercises, from the check_<name> methods (in definition order)."""
        out = []
        for klass in reversed(cls.__mro__):
            for k in vars(klass):
                if k.startswith("check_") and callable(getattr(cls, k)) and k[6:] not in out:
                    out.append(k[6:])
        return out

    def summary(self) -> None:
        self.checker.summary()

    def download(self, student: str = "") -> _HandIn:
        """The "Download my record" link of ``boardkit.records.download()``, for the
        student's name (``student``, kept when blank), with a static view that says what
        running the cell gives (an un-run notebook shows that line, never a link to an
        old record)."""
        from . import records
        if not isinstance(student, str):
            raise BoardkitError(f"download: student must be your name as text, not "
                                f"{type(student).__name__}")
        try:
            student.encode("utf-8")
        except UnicodeEncodeError:
            raise BoardkitError("download: student must be your name as plain text "
                                "(it has a character that cannot be saved)") from None
        if student.strip():
            records.current().student = student.strip()[:records.MAX_TEXT]
        return _HandIn(records.download(lang=self.checker.lang), self.checker.lang)

    def reset(self) -> None:
        self.checker.results.clear()

    def export(self, namespace: dict) -> None:
        """Put ``check_<name>`` and ``summary`` into a module's namespace, so notebooks
        may also write ``ex.check_targets(...)`` with ``ex`` the module."""
        from collections.abc import MutableMapping
        if not isinstance(namespace, MutableMapping):
            raise BoardkitError(f"namespace must be a dict (a module's globals()), got "
                                f"{short_repr(namespace)}")
        for n in self.names():
            namespace["check_" + n] = getattr(self, "check_" + n)
        namespace["summary"] = self.summary

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.topic}: {len(self.names())} exercises>"


def find_check(exercises: Any, name: Any, who: str) -> str:
    """The check of exercise ``name`` of a game's ``ex``: ``check_<name>``, or the one
    check whose name starts with ``name + "_"`` ("forced" -> ``forced_capture``), or ends
    with ``"_" + name`` ("count" -> ``move_count``, the name of its board); else a
    BoardkitError naming ``name``. ``who``: the caller's name for the message."""
    check_text(who, "find_check(who)", 80)
    if not isinstance(exercises, Exercises):
        raise BoardkitError(f"{who}: exercises must be a game's exercises (ex), "
                            f"got {short_repr(exercises)}")
    names = exercises.names()
    found: list[str] = []
    if isinstance(name, str) and name:
        found = ([name] if name in names else [n for n in names if n.startswith(name + "_")]
                 or [n for n in names if n.endswith("_" + name)])
    if len(found) != 1:
        raise BoardkitError(f"{who}: name must be one of the exercises {names}, "
                            f"got {short_repr(name)}")
    return found[0]


class _HandIn:
    """A record's download link as Jupyter shows it: the live link where widgets run, and
    the run cue as ``text/html`` and ``text/plain`` where they do not."""

    def __init__(self, link: Any, lang: str | None = None) -> None:
        self.link = link
        self.lang = lang

    def _repr_mimebundle_(self, **kwargs) -> dict:
        import html

        import ipywidgets as W
        cue = _catalogue.text("ex.hand_in", self.lang)
        bundle = W.DOMWidget._repr_mimebundle_(self.link, **kwargs) or {}
        bundle["text/plain"] = cue
        bundle["text/html"] = f"<p><i>▶ {html.escape(cue)}</i></p>"     # the run cue, as boards show it
        return bundle

    def __repr__(self) -> str:
        return _catalogue.text("ex.hand_in", self.lang)
