"""Bot games through the loop registered for Diamond (``boardkit.diamond.fastloop``) play
exactly what ``sim.play_game``'s plain loop plays: the same moves, outcome and plies, the
same undo stack and the same generator state afterwards, for several levels and seeds."""
from __future__ import annotations

import numpy as np
import pytest

from boardkit import sim
from boardkit.diamond import DiamondGame, DiamondRules, ai
from boardkit.diamond.ai import RaceBot, Weights


def custom_bot(game, rng):
    """Not a level: reads the legal moves and draws from the rng."""
    moves = game.legal_moves()
    return moves[int(rng.integers(len(moves)))]


SEATS = {
    "beginner-weak": lambda: [ai.bot("beginner"), ai.bot("weak")],
    "normal-strong": lambda: [ai.bot("normal"), ai.bot("strong")],
    "race-tips": lambda: [RaceBot(), RaceBot(weights=Weights(straggler=0.0))],
    "custom-normal-3p": lambda: [custom_bot, ai.bot("normal"), ai.bot("weak")],
}


def play(rules, bots, seed: int, cap: int):
    g = DiamondGame(rules)
    rng = np.random.default_rng(seed)
    out, plies = sim.play_game(g, bots, rng, cap)
    return g, (None if out is None else (out.winner, out.rule, str(out)), plies), rng


def state(g) -> tuple:
    return g.to_json(), [str(m) for m in g.history], g.legal_moves()


@pytest.mark.parametrize("name", list(SEATS))
def test_registered_loop_plays_the_plain_loops_games(name):
    registered = sim.loop_for(DiamondGame)
    assert DiamondGame in sim._LOOPS               # registered explicitly by fastloop.py
    players = 3 if name.endswith("3p") else 2
    rules = DiamondRules(players=players, pieces=10, max_turns=300)
    for seed, cap in ((0, 300), (1, 40), (2, 300), (3, 7)):
        lean = play(rules, SEATS[name](), seed, cap)
        sim.register_loop(DiamondGame, None)
        try:
            plain = play(rules, SEATS[name](), seed, cap)
        finally:
            sim.register_loop(DiamondGame, registered)
        (g1, r1, rng1), (g2, r2, rng2) = lean, plain
        assert r1 == r2
        assert state(g1) == state(g2)
        assert rng1.bit_generator.state == rng2.bit_generator.state
        assert rng1.random(3).tolist() == rng2.random(3).tolist()
        for i in range(len(g1.history)):             # the same undo stack
            assert str(g1.undo()) == str(g2.undo())
            if i % 9 == 0:
                assert state(g1) == state(g2)
        assert not g1.history and state(g1) == state(g2)
    assert sim.loop_for(DiamondGame) is registered
