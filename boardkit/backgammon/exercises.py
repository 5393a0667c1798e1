"""Checks for the backgammon exercise notebook (exercises/backgammon.ipynb).

    from boardkit.backgammon.exercises import ex, position
    position("middle").draw()
    ex.check_pips_middle((120, 143))
    ex.summary()

Each ``ex.check_<name>(answer)`` prints one line of feedback (✅ / ❌ with a hint, ✏️
when not answered yet) and returns True or False; it never raises, so an unsolved
notebook runs from top to bottom. The right answers are computed by the engine and by
``probability.py``, never typed in. The shared feedback (missing / not right) is
``boardkit.exercises.compare_sets``. The feedback's words are the catalogue's
``ex.backgammon.*`` keys, in the language current when the check runs.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import islice

from .._catalogue import text
from .._core import BoardkitError
from .._input import short_repr
from ..exercises import (
    AnswerError,
    Exercises,
    close_enough,
    compare_sets,
    items,
    read_move,
    to_number,
    to_set,
)
from . import probability
from .game import BackgammonGame, side
from .rules import BackgammonRules

__all__ = ["BackgammonExercises", "ex", "position", "POSITIONS"]


def _setup(white: dict, red: dict, dice=None) -> BackgammonGame:
    """White ({point: checkers}) on roll against Red; the rest are borne off."""
    return BackgammonGame.from_position(side(white), side(red), dice=dice,
                                        rules=BackgammonRules.no_cube())


#: the exercise positions: (White, Red, dice) for from_position, None = the start
POSITIONS = {
    "start": None,
    "middle": ({24: 2, 13: 2, 8: 2, 6: 3, 5: 3, 4: 3}, {25: 1, 2: 1, 22: 2, 6: 4, 8: 3, 13: 4}, None),
    "stuck": ({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 12: 7}, (5, 4)),
}


def position(name: str) -> BackgammonGame:
    """A fresh game at one of the exercise positions ("start", "middle", "stuck")."""
    if not isinstance(name, str) or name not in POSITIONS:
        raise BoardkitError(f"name must be one of the exercise positions {sorted(POSITIONS)}, "
                            f"got {short_repr(name)}")
    spec = POSITIONS[name]
    return BackgammonGame() if spec is None else _setup(*spec)


def _as_fraction_of_36(answer):
    """A count of rolls out of 36 (a whole number: 11, "11", "11/36" is the chance) or a
    probability (5/12, 0.4167, "41.7%"); True/False or words: AnswerError."""
    if isinstance(answer, bool):
        raise AnswerError(text("ex.backgammon.not_yes_no"))
    f = to_number(answer)
    if f.denominator == 1 and 1 < f <= 36:
        return Fraction(f, 36)
    if not 0 <= f <= 1:
        raise AnswerError(text("ex.backgammon.neither", f=str(f)))
    return f


def _judge_chance(answer, expected: Fraction):
    """True, (True, exact) for a rounded decimal of the right chance, or the fraction read."""
    f = _as_fraction_of_36(answer)
    if f == expected:
        return True
    if f.denominator != 36 and close_enough(answer, expected):
        return True, expected
    if isinstance(answer, str) and answer.strip().endswith("%") and close_enough(answer, expected):
        return True, expected
    return f


def _canonical_stuck(play) -> str:
    """A play of the "stuck" position in the engine's spelling when the engine accepts it
    (any spelling of the same play, BG-16: 'bar/20/16', 'bar/20 20/16' -> 'bar/16');
    else the text as given, which then counts as not legal."""
    typed = " ".join(str(play).split())
    try:
        return str(position("stuck").play(typed))
    except BoardkitError:
        return typed


class BackgammonExercises(Exercises):
    """The exercises of exercises/backgammon.ipynb, one ``check_<name>`` each."""

    topic = "backgammon"

    # ----------------------------------------------------------- 1. pips (BG-01)
    def _pips(self, name: str, answer, game: BackgammonGame) -> bool:
        expected = game.pip_count()

        def test(a):
            if isinstance(a, str):      # "167, 167" or "White 167, Red 167"
                a = [w for w in items(a) if w.lower() not in ("white", "red", "pips", "w", "r")]
            # at most three numbers are read (two are wanted): a long list or a large
            # numpy array is judged at once, not item by item
            a = tuple(int(to_number(x)) for x in islice(a, 3))
            if len(a) != 2:
                return text("ex.backgammon.pips_two")
            if a == expected:
                return True
            if a == expected[::-1]:
                return text("ex.backgammon.pips_swapped")
            return text("ex.backgammon.pips_not_quite")
        return self.check(name, answer, test=test)

    def check_pips_start(self, answer) -> bool:
        """(White's pips, Red's pips) at the start (BG-01, BG-02)."""
        return self._pips("pips at the start", answer, position("start"))

    def check_pips_middle(self, answer) -> bool:
        """(White's pips, Red's pips) in the middle-game position (BG-01)."""
        return self._pips("pips in the middle game", answer, position("middle"))

    # ------------------------------------------- 2. legal plays (BG-07, BG-08, BG-16)
    def check_legal_plays(self, answer) -> bool:
        """Every legal play of the "stuck" position, in standard notation (any order)."""
        g = position("stuck")
        expected = {str(p) for p in g.legal_moves()}

        def test(a):
            # every play is judged by the one the engine reads (bar/20 20/16 is bar/16)
            return compare_sets(to_set(a, lambda x: read_move(g, x), words=False), expected,
                                what=text("ex.backgammon.legal_what"),
                                extra_why=text("ex.backgammon.legal_extra"),
                                missing_why=text("ex.backgammon.legal_missing"))
        return self.check("legal plays", answer, test=test)

    # ------------------------------------------------------- 3. entering (BG-07)
    def _enter(self, name: str, answer, closed_points: int, checkers: int) -> bool:
        expected = probability.enter_probability(closed_points, checkers)

        def test(a):
            f = _judge_chance(a, expected)
            if not isinstance(f, Fraction):
                return f
            if checkers == 1 and f == 1 - expected:
                return text("ex.backgammon.enter_dance")
            return text("ex.backgammon.enter_not_quite")
        return self.check(name, answer, test=test)

    def check_enter_one(self, answer) -> bool:
        """Rolls (of 36) or the chance that one checker enters against 3 closed points."""
        return self._enter("one checker, 3 closed", answer, 3, 1)

    def check_enter_two(self, answer) -> bool:
        """Rolls (of 36) or the chance that two checkers both enter against 4 closed points."""
        return self._enter("two checkers, 4 closed", answer, 4, 2)

    # ------------------------------------------------ 4. shots (BG-04, BG-05, BG-06)
    def _shots(self, name: str, answer, distance: int, blocked_points=()) -> bool:
        expected = probability.shot_probability(distance, blocked_points)

        def test(a):
            f = _judge_chance(a, expected)
            if not isinstance(f, Fraction):
                return f
            if distance <= 6 and f == Fraction(11, 36):
                return text("ex.backgammon.shots_eleven")
            return text("ex.backgammon.shots_not_quite")
        return self.check(name, answer, test=test)

    def check_shots_6(self, answer) -> bool:
        """Rolls that hit a blot 6 pips away."""
        return self._shots("6 pips away", answer, 6)

    def check_shots_11(self, answer) -> bool:
        """Rolls that hit a blot 11 pips away."""
        return self._shots("11 pips away", answer, 11)

    def check_shots_8_blocked(self, answer) -> bool:
        """Rolls that hit a blot 8 pips away when the hitter may not stop 4 or 6 pips ahead."""
        return self._shots("8 pips, blocks at 4 and 6", answer, 8, {4, 6})


ex = BackgammonExercises()
