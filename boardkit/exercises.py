"""Automatic feedback for the exercise notebooks.

A check never raises: it prints one line saying whether the answer is right and, if
not, a hint, so an unsolved exercise notebook still runs from top to bottom.

    check = Checker("checkers")
    check("pieces on the board", answer, expected=24, hint="count both colours")
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["Checker"]

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
