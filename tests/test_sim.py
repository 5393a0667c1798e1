"""Simulation caps: random and bot self-play always ends (issue 8)."""
import numpy as np
import pytest

from boardkit import BoardkitError
from boardkit.sim import CHANCE_STEPS_PER_PLY, DEFAULT_MAX_PLIES, play_game, tournament

from toygame import ToyDiceGame, ToyGame, first_bot, random_bot


class EndlessGame(ToyGame):
    """The toy game without its move limit: first_bot walks a-b-c, c-a forever."""

    def _outcome(self):
        return None if self.token not in ("h", "i") else super()._outcome()


class EndlessDice(ToyDiceGame):
    """Always a roll due and never a move: only the chance-step guard stops it."""

    def chance_pending(self):
        return True

    def _apply_chance(self, outcome):
        pass


def test_default_cap_ends_a_game_that_never_finishes():
    out, plies = play_game(EndlessGame(), [first_bot, first_bot], np.random.default_rng(0))
    assert out is None and plies == DEFAULT_MAX_PLIES == 2000
    out, plies = play_game(EndlessGame(), [first_bot, first_bot], np.random.default_rng(0), max_plies=None)
    assert out is None and plies == DEFAULT_MAX_PLIES
    res = tournament(EndlessGame, {"a": first_bot, "b": first_bot}, games=2, max_plies=30, progress=False)
    assert res.unfinished == 2 and res.win_rate("a") == 0.5 and res.plies == [30, 30]


def test_chance_steps_are_capped_too_and_bad_caps_refused():
    g = EndlessDice()
    out, plies = play_game(g, [random_bot, random_bot], np.random.default_rng(0), max_plies=3)
    assert out is None and plies == 0 and len(g.history) == 3 * CHANCE_STEPS_PER_PLY
    for bad in (-1, 2.5, True, "10"):
        with pytest.raises(BoardkitError, match="max_plies"):
            play_game(ToyGame(), [first_bot, first_bot], np.random.default_rng(0), max_plies=bad)


def test_dice_game_plays_to_the_end_with_rolls_in_history():
    out, plies = play_game(ToyDiceGame(), [random_bot, random_bot], np.random.default_rng(3))
    assert out is not None and out.rule == "TD-2" and plies > 0
