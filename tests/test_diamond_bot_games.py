"""Bot games through ``sim.play_game`` (whatever loop ``boardkit.diamond.fastloop``
registers for Diamond) play exactly what a hand-written loop of the public verbs plays: the
same moves, outcome and plies, the same undo stack and the same generator state afterwards,
for several levels and seeds. A lean loop registered later must keep this."""
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


def by_hand(rules, bots, seed: int, cap: int):
    """One bot call and one ``play`` per ply, through the public verbs only."""
    g = DiamondGame(rules)
    rng = np.random.default_rng(seed)
    plies, out = 0, None
    while not g.is_over():
        if plies >= cap:
            break
        g.play(bots[g.turn](g, rng))
        plies += 1
    else:
        out = g.outcome()
    return g, (None if out is None else (out.winner, out.rule, str(out)), plies), rng


def state(g) -> tuple:
    return g.to_json(), [str(m) for m in g.history], g.legal_moves()


@pytest.mark.parametrize("name", list(SEATS))
def test_play_game_plays_what_the_public_verbs_play(name):
    assert DiamondGame in sim._LOOPS               # registered explicitly by fastloop.py
    players = 3 if name.endswith("3p") else 2
    rules = DiamondRules(players=players, pieces=10, max_turns=300)
    for seed, cap in ((0, 300), (1, 40), (2, 300), (3, 7)):
        lean = play(rules, SEATS[name](), seed, cap)
        plain = by_hand(rules, SEATS[name](), seed, cap)
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
