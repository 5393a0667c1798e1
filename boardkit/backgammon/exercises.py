"""Checks for the backgammon exercise notebook (exercises/backgammon.ipynb).

Each check prints one line of feedback (✅ / ❌ with a hint, ✏️ when not answered
yet) and returns True or False; it never raises, so an unsolved notebook runs from
top to bottom. The right answers are computed by the engine and by
``probability.py``, never typed in.
"""
from __future__ import annotations

from fractions import Fraction

from ..exercises import Checker
from . import probability
from .game import BackgammonGame

__all__ = ["check", "check_pips", "check_legal_plays", "check_enter", "check_shots"]

check = Checker("backgammon")


def _as_fraction_of_36(answer):
    """Accept a count of rolls out of 36 (int) or a probability (Fraction or float)."""
    if isinstance(answer, bool):
        raise TypeError("give a number of rolls or a probability, not True/False")
    if isinstance(answer, int):
        return Fraction(answer, 36)
    if isinstance(answer, Fraction):
        return answer
    if isinstance(answer, float):
        return Fraction(answer).limit_denominator(36)
    if isinstance(answer, str):
        return Fraction(answer.strip())
    raise TypeError(f"expected a number of rolls (0..36) or a fraction, got {type(answer).__name__}")


def check_pips(answer, game: BackgammonGame, name: str = "pip count") -> bool:
    """``answer``: (White's pips, Red's pips)."""
    expected = game.pip_count()

    def test(a):
        a = tuple(a)
        if len(a) != 2:
            return "give two numbers: (White's pips, Red's pips)."
        if a == expected:
            return True
        if a == expected[::-1]:
            return "the two counts are swapped: White first, then Red."
        return ("not quite. Each checker counts its point number from its own side; a "
                "checker on the bar counts 25.")
    return check(name, answer, test=test)


def check_legal_plays(answer, game: BackgammonGame, name: str = "legal plays") -> bool:
    """``answer``: the legal plays as notation strings (any order, BG-16)."""
    expected = {str(p) for p in game.legal_moves()}

    def test(a):
        if isinstance(a, str):
            return "give a list of plays, e.g. ['24/18 13/11', '13/7']."
        given = {" ".join(str(x).split()) for x in a}
        missing = expected - given
        extra = given - expected
        if not missing and not extra:
            return True
        msg = []
        if extra:
            msg.append(f"{len(extra)} of yours are not legal ({sorted(extra)[0]} for one)")
        if missing:
            msg.append(f"{len(missing)} legal play(s) missing")
        return "; ".join(msg) + ". Remember: use both dice if you can (BG-08)."
    return check(name, answer, test=test)


def check_enter(answer, closed_points, checkers: int = 1, name: str = "entering") -> bool:
    """``answer``: rolls out of 36 (or the probability) that bring every bar checker in."""
    expected = probability.enter_probability(closed_points, checkers)

    def test(a):
        f = _as_fraction_of_36(a)
        if f == expected:
            return True
        if checkers == 1 and f == 1 - expected:
            return "that is the chance to stay out (dance). How often do you come in?"
        return "not quite. Count the rolls where every die you need shows an open point (BG-07)."
    return check(name, answer, test=test)


def check_shots(answer, distance: int, blocked_points=(), name: str = "shots") -> bool:
    """``answer``: rolls out of 36 (or the probability) that hit a blot ``distance``
    pips away, with the hitter unable to stop on ``blocked_points``."""
    expected = probability.shot_probability(distance, blocked_points)

    def test(a):
        f = _as_fraction_of_36(a)
        if f == expected:
            return True
        if distance <= 6 and f == Fraction(11, 36):
            return "11 rolls show that number on a die; add the combinations and doubles."
        return ("not quite. List the rolls: one die, both dice together (the point in "
                "between must be open), and doubles moving 2, 3 or 4 times.")
    return check(name, answer, test=test)
