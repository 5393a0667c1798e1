"""Checks for exercises/mawari.ipynb (the one exercise API of boardkit.exercises).

    from boardkit.mawari.exercises import ex
    ex.check_value_of_toss(16)
    ex.laid_down_position()          # the board of exercise 4
    ex.summary()

Each check prints feedback and never raises. The expected answers are computed by the
engine (boardkit.mawari.toss, .game), not written down here, so the exercises stay
right if a rule option changes.
"""
from __future__ import annotations

from ..exercises import Exercises, compare_sets
from .game import MawariGame
from .toss import Toss, TossModel

__all__ = ["MawariExercises", "ex", "laid_down_position", "LAID_DOWN_TOSS", "STANDING_MODEL",
           "VALUE_TOSS"]

VALUE_TOSS = "up up side upright"                       # 表 表 横 縦
STANDING_MODEL = dict(face_up=0.5, face_down=0.4, side=0.1)
LAID_DOWN_TOSS = "side down down down"                  # 横 裏 裏 裏


def _close(tol: float):
    def test(expected):
        def inner(answer):
            try:
                x = float(answer)
            except (TypeError, ValueError):
                return "give a number (a Fraction or a decimal)."
            # a decimal rounded to 2 or more places counts when it rounds the exact value
            text = str(answer).strip()
            places = len(text.split(".")[1]) if "." in text and "e" not in text.lower() else 0
            slack = 0.5 * 10 ** -places if places >= 2 else 0.0
            if abs(x - float(expected)) <= max(tol, slack + 1e-12):
                return True
            return (f"{answer} is not right (a rounded answer counts when it has at least two "
                    f"decimals and rounds the exact value).")
        return inner
    return test


def laid_down_position() -> MawariGame:
    """4. The position: three players; P1's 香 on 1八, P2's 歩 on 1六, P3's 桂 on 1四,
    P1 to toss. (Built with MawariGame.setup.)"""
    return MawariGame.setup({0: ("1八", "香"), 1: ("1六", "歩"), 2: ("1四", "桂")}, players=3)


def _players(answer):
    """Accept [2], {2, 3}, "P2", "P2 P3", 2: players counted from 1 as in P1, P2..."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return {answer}
    if isinstance(answer, str):
        parts = answer.replace(",", " ").upper().replace("P", " ").split()
        return {int(p) for p in parts}
    return {int(str(a).upper().lstrip("P")) for a in answer}


class MawariExercises(Exercises):
    """The checks of exercises/mawari.ipynb, one ``check_<name>`` per exercise."""

    topic = "回り将棋"

    def laid_down_position(self) -> MawariGame:
        """The board of exercise 4 (MS-12)."""
        return laid_down_position()

    def check_value_of_toss(self, answer) -> bool:
        """1. The value of 表 表 横 縦 (MS-05)."""
        return self.check("value of 表 表 横 縦", answer, Toss.parse(VALUE_TOSS).value,
                          hint="one per face-up gold, 5 on the side, 10 upright (MS-05)")

    def check_all_down(self, answer) -> bool:
        """1b. The value of four face-down golds (MS-05)."""
        return self.check("value of 裏 裏 裏 裏", answer, Toss.parse("down down down down").value,
                          hint="four face down is a special case of MS-05")

    def check_toss_again_fair(self, answer) -> bool:
        """2. Chance that a fair toss earns another toss (MS-07)."""
        return self.check("chance to toss again (fair)", answer,
                          test=_close(1e-9)(TossModel.fair().repeat_probability()),
                          hint="no gold face down: each of the four must land face up (MS-07)")

    def check_toss_again_standing(self, answer) -> bool:
        """2b. The same when a gold lands face up 0.5, face down 0.4, on its side 0.1."""
        return self.check("chance to toss again (standing golds)", answer,
                          test=_close(1e-9)(TossModel(**STANDING_MODEL).repeat_probability()),
                          hint="standing golds are not face down (MS-07): each gold is 'not "
                               "face down' with chance 0.6")

    def check_expected_squares(self, answer) -> bool:
        """3. Expected squares per turn with fair golds (MS-05, MS-07)."""
        return self.check("expected squares per turn (fair)", answer,
                          test=_close(1e-3)(TossModel.fair().turn_mean()),
                          hint="mean of one toss divided by (1 - chance to toss again)")

    def check_expected_tosses(self, answer) -> bool:
        """3b. Expected number of tosses in a turn with fair golds (MS-07)."""
        return self.check("expected tosses per turn (fair)", answer,
                          test=_close(1e-6)(TossModel.fair().expected_tosses()),
                          hint="1 + p + p² + ... with p the chance to toss again")

    def check_laid_down(self, answer) -> bool:
        """4. Which players' pieces are laid down when P1 tosses 横 裏 裏 裏 (MS-12)?"""
        game = laid_down_position()
        game.set_toss(LAID_DOWN_TOSS)
        expected = {p + 1 for p in range(game.players) if game.is_laid(p)}

        def test(a):
            try:
                given = _players(a)
            except (TypeError, ValueError):
                return "give player numbers, e.g. [2] or 'P2 P3'."
            if given != expected and given == {p - 1 for p in expected}:
                return ("you counted players from 0, as code does (player 1 is P2); here "
                        "players are counted from 1, as P1, P2, P3: add 1 to each number.")
            verdict = compare_sets(given, expected, what="player",
                                   extra_why="look at each piece P1 passes, and compare ranks")
            return True if verdict is True else "not quite: " + verdict
        return self.check("who is laid down", answer, test=test,
                          hint="a piece passed by a higher-ranked piece is laid down; "
                               "歩 < 香 < 桂 < 銀 (MS-12)")


ex = MawariExercises()
ex.export(globals())      # module-level check_<name>(...) and summary() work too
