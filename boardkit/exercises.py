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

from ._core import BoardkitError
from .i18n import add, tr

__all__ = ["AnswerError", "Checker", "Exercises", "close_enough", "compare_sets", "exact_text",
           "items", "read_move", "to_bool", "to_number", "to_set"]

_OK, _NO, _BLANK = "✅", "❌", "✏️"

add("en", {
    "ex.correct": "{name}: correct!",
    "ex.correct_exact": "{name}: correct! The exact value is {exact}.",
    "ex.blank": "{name}: not answered yet.",
    "ex.not_quite": "not quite.",
    "ex.unreadable": "I could not read that answer: {why}",
    "ex.unreadable_any": "I could not read {text} as an answer here.",
    "ex.yes_no": "answer yes or no (or True / False), not {text}.",
    "ex.number": "{text} is not a number: type digits such as 12, 3.47, 5/12 or 42%.",
    "ex.too_long": "the answer is too long (at most {n} characters).",
    "ex.summary": "{topic}: {done} of {n} answers correct",
    "ex.hand_in": "Run this cell when you have answered: a link \"Download my record\" appears "
                  "here. Click it to save your record file, then hand the file in.",
})
add("ja", {
    "ex.correct": "{name}: 正解です！",
    "ex.correct_exact": "{name}: 正解です！ ちょうどの値は {exact} です。",
    "ex.blank": "{name}: まだ答えていません。",
    "ex.not_quite": "ちがいます。",
    "ex.unreadable": "その答えは読み取れませんでした: {why}",
    "ex.unreadable_any": "{text} はここでの答えとして読み取れませんでした。",
    "ex.yes_no": "{text} ではなく、はい か いいえ（yes / no）で答えてください。",
    "ex.number": "{text} は数ではありません。12、3.47、5/12、42% のように入力してください。",
    "ex.too_long": "答えが長すぎます（{n} 文字まで）。",
    "ex.summary": "{topic}: {n} 問中 {done} 問正解",
    "ex.hand_in": "答え終わったらこのセルを実行してください。「Download my record」のリンクが"
                  "ここに出ます。クリックして記録ファイルを保存し、先生に提出してください。",
})

#: the longest typed answer read (longer text is refused before any parsing)
MAX_ANSWER_CHARS = 500


class AnswerError(BoardkitError):
    """A badly formed answer; its message is the sentence the student reads."""


def _shown(text: Any) -> str:
    t = str(text).strip()
    return repr(t if len(t) <= 40 else t[:40] + "…")


def _text(answer: str) -> str:
    if len(answer) > MAX_ANSWER_CHARS:
        raise AnswerError(tr("ex.too_long", n=MAX_ANSWER_CHARS))
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
            raise AnswerError(tr("ex.unreadable", why=str(exc))) from exc
        except (TypeError, ValueError) as exc:
            raise AnswerError(tr("ex.unreadable_any", text=_shown(a))) from exc
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
    raise AnswerError(tr("ex.yes_no", text=_shown(answer)))


def to_number(answer: Any) -> Fraction:
    """An exact number from an int, a float, a Fraction, or text such as ``12``,
    ``3.47``, ``5/12``, ``42%``, ``15 out of 36`` (AnswerError otherwise)."""
    from ._input import parse_fraction
    if isinstance(answer, bool):
        raise AnswerError(tr("ex.number", text=_shown(answer)))
    if isinstance(answer, str):
        t = _text(answer).replace("−", "-").replace("，", ",").replace(" ", "")
        t = re.sub(r"(?i)(outof|of|in)", "/", t) if re.fullmatch(r"(?i)\d+(outof|of|in)\d+", t) else t
        percent = t.endswith("%")
        try:
            out = parse_fraction(t[:-1] if percent else t, "answer")
        except BoardkitError as exc:
            raise AnswerError(tr("ex.number", text=_shown(answer))) from exc
        return out / 100 if percent else out
    try:
        return parse_fraction(answer, "answer")
    except BoardkitError as exc:
        raise AnswerError(tr("ex.number", text=_shown(answer))) from exc


def read_move(game: Any, answer: Any) -> str:
    """The legal move ``answer`` stands for, in the game's standard notation: the engine
    reads every notation it knows (``14-23`` for the capture ``14x23``, ``bar/20 20/16``
    for ``bar/16``), so equivalent answers are judged alike, by the play they make.
    An illegal or unreadable move: AnswerError with the engine's reason (and rule)."""
    if isinstance(answer, str):
        answer = _text(answer)
    try:
        return str(game.copy().play(answer))
    except BoardkitError as exc:
        raise AnswerError(tr("ex.unreadable", why=str(exc))) from exc
    except (TypeError, ValueError) as exc:
        raise AnswerError(tr("ex.unreadable_any", text=_shown(answer))) from exc


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
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator} ≈ {float(value):.4g}"


def close_enough(answer: Any, exact: Any, *, tolerance: float = 0.0) -> bool:
    """Whether ``answer`` is ``exact``, within ``tolerance``, or ``exact`` rounded to the
    decimals the student typed (``3.47`` and ``3.5`` for 125/36 = 3.4722…, not ``3``;
    a percentage is rounded in percent). At least two significant digits are needed."""
    given = to_number(answer)
    exact = Fraction(exact) if not isinstance(exact, float) else Fraction(exact)
    if abs(given - exact) <= Fraction(tolerance):
        return True
    d = _decimals(answer)
    if d is None:
        return False
    scale = Fraction(1, 100) if isinstance(answer, str) and answer.strip().endswith("%") else 1
    digits = len(re.sub(r"\D", "", str(answer)).lstrip("0"))
    return digits >= 2 and abs(given - exact) <= scale * Fraction(1, 2 * 10 ** d) + Fraction(1, 10 ** 12)


class Checker:
    def __init__(self, topic: str):
        self.topic = topic
        self.results: dict[str, bool] = {}

    def __call__(self, name: str, answer: Any, expected: Any = None, *,
                 test: Callable[[Any], bool | str] | None = None, hint: str = "",
                 normalize: Callable[[Any], Any] | None = None) -> bool:
        """Compare ``answer`` with ``expected`` (or run ``test(answer)``, which may
        return True, False, or a string explaining what is wrong). ``...`` (Ellipsis)
        or None means "not answered yet"."""
        if answer is ... or answer is None or (isinstance(answer, str) and not answer.strip()):
            print(f"{_BLANK} {tr('ex.blank', name=name)} {hint}".rstrip())
            self.results[name] = False
            return False
        exact = None
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
            verdict = str(exc)
        except BoardkitError as exc:
            verdict = tr("ex.unreadable", why=str(exc))
        except Exception:  # feedback, not a crash: never a Python exception's text
            verdict = tr("ex.unreadable_any", text=_shown(answer))
        if isinstance(verdict, tuple):       # (True, exact value): a rounded answer accepted
            verdict, exact = verdict
        if verdict is True:
            if exact is not None:
                print(f"{_OK} {tr('ex.correct_exact', name=name, exact=exact_text(exact))}")
            else:
                print(f"{_OK} {tr('ex.correct', name=name)}")
            self.results[name] = True
            return True
        why = verdict if isinstance(verdict, str) else tr("ex.not_quite")
        print(f"{_NO} {name}: {why} {hint}".rstrip())
        self.results[name] = False
        return False

    def summary(self) -> None:
        done = sum(self.results.values())
        print(tr("ex.summary", topic=self.topic, done=done, n=len(self.results)))


def compare_sets(given: Iterable, expected: Iterable, *, what: str = "answer",
                 extra_why: str = "", missing_why: str = "", show_missing: bool = False) -> bool | str:
    """True when ``given`` and ``expected`` hold the same items, else the feedback, written
    once for all games: which given items are not right (and why), how many are missing.

        compare_sets({15, 16, 99}, {15, 16, 17}, what="square")
        -> "99 is not right. 1 square missing."
    """
    got, want = set(given), set(expected)
    if got == want:
        return True
    parts = []
    extra = got - want
    if extra:
        shown = sorted(extra, key=str)
        many = len(shown) > 1
        why = f": {extra_why}" if extra_why else ""
        parts.append(f"{', '.join(map(str, shown))} {'are' if many else 'is'} not right{why}.")
    missing = want - got
    if missing:
        n = len(missing)
        noun = what if n == 1 else (what + "s" if not what.endswith("s") else what)
        text = f"{n} {noun} missing"
        if show_missing:
            text += ": " + ", ".join(map(str, sorted(missing, key=str)))
        parts.append(text + (f" ({missing_why})" if missing_why else "") + ".")
    return " ".join(parts)


class Exercises:
    """Base class of each game's exercises: subclasses define ``check_<name>(answer)``
    methods that call ``self.check(...)``, and set ``topic``. ``summary()`` prints
    "<topic>: k of n answers correct"; ``results`` maps each check's name to True/False.
    Every check prints its feedback and returns True/False; none raises."""

    topic: str = "exercises"

    def __init__(self) -> None:
        self.checker = Checker(self.topic)

    @property
    def results(self) -> dict[str, bool]:
        return self.checker.results

    def check(self, name: str, answer: Any, expected: Any = None, *,
              test: Callable[[Any], bool | str] | None = None, hint: str = "",
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
        return _HandIn(records.download())

    def reset(self) -> None:
        self.checker.results.clear()

    def export(self, namespace: dict) -> None:
        """Put ``check_<name>`` and ``summary`` into a module's namespace, so notebooks
        may also write ``ex.check_targets(...)`` with ``ex`` the module."""
        for n in self.names():
            namespace["check_" + n] = getattr(self, "check_" + n)
        namespace["summary"] = self.summary

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.topic}: {len(self.names())} exercises>"


class _HandIn:
    """A record's download link as Jupyter shows it: the live link where widgets run, and
    the run cue as ``text/html`` and ``text/plain`` where they do not."""

    def __init__(self, link: Any) -> None:
        self.link = link

    def _repr_mimebundle_(self, **kwargs) -> dict:
        import html

        import ipywidgets as W
        cue = tr("ex.hand_in")
        bundle = W.DOMWidget._repr_mimebundle_(self.link, **kwargs) or {}
        bundle["text/plain"] = cue
        bundle["text/html"] = f"<p><i>▶ {html.escape(cue)}</i></p>"     # the run cue, as boards show it
        return bundle

    def __repr__(self) -> str:
        return tr("ex.hand_in")
