"""Checks for exercises/mawari.ipynb (the one exercise API of boardkit.exercises).

    from boardkit.mawari.exercises import ex
    ex.check_value_of_toss(16)
    ex.laid_down_position()          # the board of exercise 4
    ex.summary()

Each check prints feedback and never raises. The expected answers are computed by the
engine (boardkit.mawari.toss, .game), not written down here, so the exercises stay
right if a rule option changes. The hints and reasons are the catalogue's ``ex.mawari.*``,
said in the language current when the check runs.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from .._catalogue import text as tr
from ..exercises import AnswerError, Exercises, close_enough, compare_sets, items, to_number
from .game import MawariGame
from .toss import Toss, TossModel

__all__ = ["MawariExercises", "ex", "laid_down_position", "LAID_DOWN_TOSS", "STANDING_MODEL",
           "VALUE_TOSS"]

VALUE_TOSS = "up up side upright"                       # 表 表 横 縦
STANDING_MODEL: dict[str, Any] = dict(face_up=0.5, face_down=0.4, side=0.1)
LAID_DOWN_TOSS = "side down down down"                  # 横 裏 裏 裏


def _close(tol: float):
    """A test accepting the value within ``tol``, or rounded to the decimals typed
    (3.47 for 3.4722…; the exact value is then shown)."""
    def test(expected):
        def inner(answer):
            if close_enough(answer, Fraction(expected), tolerance=tol):
                exact = Fraction(expected).limit_denominator(10 ** 6)
                return True if to_number(answer) == exact else (True, exact)
            return tr("ex.mawari.not_right", answer=answer)
        return inner
    return test


def laid_down_position() -> MawariGame:
    """4. The position: three players; P1's 香 on 1八, P2's 歩 on 1六, P3's 桂 on 1四,
    P1 to toss. (Built with MawariGame.setup.)"""
    return MawariGame.setup({0: ("1八", "香"), 1: ("1六", "歩"), 2: ("1四", "桂")}, players=3)


def _player_word(a: Any) -> str:
    """One item of a player answer as text: text as it is, a whole number of reasonable
    size as its digits; else the feedback "give player numbers" (never a raw error from
    ``str()`` of a hostile value)."""
    if isinstance(a, str):
        return a
    if isinstance(a, (int, np.integer)) and not isinstance(a, (bool, np.bool_)) \
            and int(a).bit_length() <= 64:
        return str(int(a))
    raise AnswerError(tr("ex.mawari.player_numbers"))


def _players(answer, players: int = 3):
    """Player numbers from [2], {2, 3}, "P2", "P2 P3", "2 and 3", 2: counted from 1 as in
    P1, P2...; numbers counted from 0 (as the engine's seats, 0..players-1) are understood
    when the answer has a 0 and no P. Anything else (a float, a nested list, a
    5,000-digit number, an object) is an ``AnswerError``, said as feedback."""
    text = answer if isinstance(answer, str) else " ".join(_player_word(a) for a in items(answer))
    words = items(text)
    try:
        seats = {int(w.upper().lstrip("P")) for w in words}
    except ValueError as exc:
        raise AnswerError(tr("ex.mawari.player_numbers")) from exc
    if 0 in seats and "P" not in text.upper():
        seats = {s + 1 for s in seats}
    bad = sorted(s for s in seats if not 1 <= s <= players)
    if bad:
        raise AnswerError(tr("ex.mawari.no_player", n=bad[0], last=players))
    return seats


class MawariExercises(Exercises):
    """The checks of exercises/mawari.ipynb, one ``check_<name>`` per exercise."""

    topic = "回り将棋"

    def laid_down_position(self) -> MawariGame:
        """The board of exercise 4 (MS-12)."""
        return laid_down_position()

    def check_value_of_toss(self, answer) -> bool:
        """1. The value of 表 表 横 縦 (MS-05)."""
        return self.check("value of 表 表 横 縦", answer, Toss.parse(VALUE_TOSS).value,
                          hint=tr("ex.mawari.hint.value"))

    def check_all_down(self, answer) -> bool:
        """1b. The value of four face-down golds (MS-05)."""
        return self.check("value of 裏 裏 裏 裏", answer, Toss.parse("down down down down").value,
                          hint=tr("ex.mawari.hint.all_down"))

    def check_toss_again_fair(self, answer) -> bool:
        """2. Chance that a fair toss earns another toss (MS-07)."""
        return self.check("chance to toss again (fair)", answer,
                          test=_close(1e-9)(TossModel.fair().repeat_probability()),
                          hint=tr("ex.mawari.hint.again_fair"))

    def check_toss_again_standing(self, answer) -> bool:
        """2b. The same when a gold lands face up 0.5, face down 0.4, on its side 0.1."""
        return self.check("chance to toss again (standing golds)", answer,
                          test=_close(1e-9)(TossModel(**STANDING_MODEL).repeat_probability()),
                          hint=tr("ex.mawari.hint.again_standing"))

    def check_expected_squares(self, answer) -> bool:
        """3. Expected squares per turn with fair golds (MS-05, MS-07)."""
        return self.check("expected squares per turn (fair)", answer,
                          test=_close(1e-3)(TossModel.fair().turn_mean()),
                          hint=tr("ex.mawari.hint.squares"))

    def check_expected_tosses(self, answer) -> bool:
        """3b. Expected number of tosses in a turn with fair golds (MS-07)."""
        return self.check("expected tosses per turn (fair)", answer,
                          test=_close(1e-6)(TossModel.fair().expected_tosses()),
                          hint=tr("ex.mawari.hint.tosses"))

    def check_laid_down(self, answer) -> bool:
        """4. Which players' pieces are laid down when P1 tosses 横 裏 裏 裏 (MS-12)?"""
        game = laid_down_position()
        game.set_toss(LAID_DOWN_TOSS)
        expected = {p + 1 for p in range(game.players) if game.is_laid(p)}

        def test(a):
            given = _players(a, game.players)
            verdict = compare_sets(given, expected, what="player",
                                   extra_why=tr("ex.mawari.laid_extra"))
            if verdict is True:
                return True
            if {s + 1 for s in given} == expected and not (isinstance(a, str) and "P" in a.upper()):
                return tr("ex.mawari.from_zero", last=game.players)
            return tr("ex.mawari.not_quite", verdict=verdict)
        return self.check("who is laid down", answer, test=test,
                          hint=tr("ex.mawari.hint.laid"))


ex = MawariExercises()
ex.export(globals())      # module-level check_<name>(...) and summary() work too
