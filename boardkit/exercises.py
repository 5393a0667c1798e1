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
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["Checker", "Exercises", "compare_sets", "to_set"]

_OK, _NO, _BLANK = "✅", "❌", "✏️"


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
        if answer is ... or answer is None:
            print(f"{_BLANK} {name}: not answered yet. {hint}".rstrip())
            self.results[name] = False
            return False
        try:
            if test is not None:
                verdict = test(answer)
            else:
                a = normalize(answer) if normalize else answer
                e = normalize(expected) if normalize else expected
                verdict = a == e
        except Exception as exc:  # feedback, not a crash
            verdict = f"could not check that answer ({type(exc).__name__}: {exc})"
        if verdict is True:
            print(f"{_OK} {name}: correct!")
            self.results[name] = True
            return True
        why = verdict if isinstance(verdict, str) else "not quite."
        print(f"{_NO} {name}: {why} {hint}".rstrip())
        self.results[name] = False
        return False

    def summary(self) -> None:
        done = sum(self.results.values())
        print(f"{self.topic}: {done} of {len(self.results)} answers correct")


def to_set(answer: Any, convert: Callable[[Any], Any] = lambda x: x) -> set:
    """A student's answer as a set: one value or any iterable of values (strings are
    one value), each passed through ``convert`` (e.g. ``int``, ``str.strip``)."""
    if isinstance(answer, (str, bytes, int, float)) or not isinstance(answer, Iterable):
        answer = [answer]
    return {convert(a) for a in answer}


def compare_sets(given: Iterable, expected: Iterable, *, what: str = "answer",
                 extra_why: str = "", missing_why: str = "", show_missing: bool = False) -> bool | str:
    """True when ``given`` and ``expected`` hold the same items, else the feedback, written
    once for all games: which given items are not right (and why), how many are missing.

        compare_sets({15, 16, 99}, {15, 16, 17}, what="square")
        -> "[99] is not right. 1 square missing."
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
        parts.append(f"{shown} {'are' if many else 'is'} not right{why}.")
    missing = want - got
    if missing:
        n = len(missing)
        noun = what if n == 1 else (what + "s" if not what.endswith("s") else what)
        text = f"{n} {noun} missing"
        if show_missing:
            text += f": {sorted(missing, key=str)}"
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
        return self.checker(name, answer, expected, test=test, hint=hint, normalize=normalize)

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
