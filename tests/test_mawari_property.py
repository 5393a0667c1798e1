"""Seeded random 回り将棋 games: invariants after every toss and decision.

- every piece stays on the 32-square ring (MS-01), homes are distinct corners (MS-02)
- a laid-down piece never stands on a corner (MS-12)
- ranks only go up during a game (MS-10, MS-15); undo steps back exactly one toss or
  decision; JSON round-trips at every step; games end (MS-10) within a cap
"""
import json

import numpy as np
import pytest

from boardkit import sim
from boardkit.mawari import MawariGame, MawariRules


def random_decision(game, rng):
    moves = game.legal_moves()
    return moves[int(rng.integers(len(moves)))]


def check_invariants(g):
    d = json.loads(g.to_json())
    homes = [p["home"] for p in d["state"]["pieces"]]
    assert len(set(homes)) == len(homes)
    for p in range(g.players):
        assert 0 <= g.position(p) < 32                               # MS-01
        assert g.home(p) % 8 == 0                                    # MS-02
        assert not (g.is_laid(p) and g.position(p) % 8 == 0)         # MS-12
    assert any(not g.is_laid(p) for p in range(g.players))
    if not g.is_over():
        assert g.chance_pending() != bool(g.legal_moves())
        assert not g.is_laid(g.turn)


@pytest.mark.parametrize("players, rules_name", [(2, "shoseikai"), (3, "realistic"),
                                                 (4, "realistic"), (2, "floor")])
def test_ms01_ms10_ms12_random_games_invariants(players, rules_name):
    rules = getattr(MawariRules, rules_name)(players)
    rng = np.random.default_rng(players * 100 + len(rules_name))
    for game_no in range(12):
        g = MawariGame(rules=rules)
        steps = 0
        while not g.is_over():
            ranks = [g.rank(p) for p in range(g.players)]
            before = g.to_json()
            if g.chance_pending():
                step = g.resolve_chance(rng)
                redo = g.set_toss
            else:
                step = g.play(random_decision(g, rng))
                redo = g.play
            steps += 1
            assert steps < 3000, "game did not end"
            check_invariants(g)
            assert all(g.rank(p) >= r for p, r in enumerate(ranks))     # ranks only go up
            if steps % 5 == 0:
                after = g.to_json()
                g.undo()                                                 # undo is exact
                assert g.to_json() == before
                assert MawariGame.from_json(after).to_json() == after    # JSON round-trips
                redo(step)                                               # replay: same state
                assert g.to_json() == after
        out = g.outcome()
        assert out.winner == out.ranking[0] and sorted(out.ranking) == list(range(g.players))
        assert g.rank(out.winner) == 3                                   # only a 銀 finishes


def test_ms03_late_joins_in_random_games():
    rng = np.random.default_rng(7)
    for _ in range(10):
        g = MawariGame(2)
        joins = 0
        while not g.is_over():
            if g.phase == "toss" and joins < 2 and rng.random() < 0.05:
                low = min(g.rank(p) for p in range(g.players))
                q = g.join()
                joins += 1
                assert g.rank(q) == low and g.position(q) == g.home(q)
            if g.chance_pending():
                g.resolve_chance(rng)
            elif not g.is_over():
                g.play(random_decision(g, rng))
            check_invariants(g)


def test_play_game_runs_whole_games_and_is_seeded():
    res = []
    for _ in range(2):
        g = MawariGame(3)
        out, plies = sim.play_game(g, [random_decision] * 3, np.random.default_rng(5))
        res.append((out, g.to_json()))
    assert res[0] == res[1] and res[0][0] is not None
