"""The normal bot's 1-ply on Python lists (ai._one_ply_lists, issue 14) plays exactly as
the numpy evaluator and as the engine before the speed work (6fdb926)."""
import hashlib
import importlib

import numpy as np
import pytest

from boardkit import sim
from boardkit.backgammon import BackgammonGame, BackgammonRules, ai, bearoff
from boardkit.backgammon.ai import _fast as ai_fast

# the module (ai.evaluate is the function evaluate(mine, theirs))
ai_evaluate = importlib.import_module("boardkit.backgammon.ai.evaluate")



def _digest(games, level_a="normal", level_b="normal", cube=False, seed=2026):
    """sha256 of every roll and move of seeded games (seats swapped every game)."""
    h = hashlib.sha256()
    rng = np.random.default_rng(seed)
    bots = [ai.bot(level_a), ai.bot(level_b)]
    for g in range(games):
        game = BackgammonGame() if cube else BackgammonGame(rules=BackgammonRules.no_cube())
        while not game.is_over():
            if game.chance_pending():
                game.resolve_chance(rng)
                continue
            move = bots[(game.roller + g % 2) % 2](game, rng)
            h.update(f"{game.dice}:{move};".encode())
            game.play(move)
        h.update(b"|")
    return h.hexdigest()[:16]


# the digests of the engine before issue 14's speed work (git archive 6fdb926), and of
# the numpy evaluator after it: the same games move for move
@pytest.mark.parametrize("args, expected", [
    ((24,), "62021346995ea4c2"),
    ((6, "normal", "normal", True), "684c176f89faa9e7"),
    ((6, "normal", "easy"), "2372b2fea1c38a26"),
])
def test_seeded_games_as_before_the_speed_work(args, expected):
    assert _digest(*args) == expected


def _turns(games, seed, level="normal"):
    """The plays of every turn (two or more) of seeded games: bot games and random ones."""
    out = []
    rng = np.random.default_rng(seed)
    for g in range(games):
        game = BackgammonGame(rules=BackgammonRules.no_cube())
        b = ai.bot(level if g % 2 else "random")
        while not game.is_over():
            if game.chance_pending():
                game.resolve_chance(rng)
                continue
            moves = game.legal_moves()
            if len(moves) > 1:
                out.append(moves)
            game.play(b(game, rng))
    return out


def test_one_ply_lists_equals_the_numpy_evaluator_bit_for_bit():
    turns = _turns(16, 7) + _turns(6, 8, "easy")
    assert sum(map(len, turns)) > 5000
    for plays in turns:
        fast = np.array(ai._one_ply_lists(plays, plays[0]._base))   # (doubles too)
        slow = ai._evaluate(*ai._after_arrays(plays))
        assert fast.dtype == slow.dtype and np.array_equal(fast, slow), plays


def test_one_ply_lists_from_set_up_positions():
    """Bars, hits, primes and bear-offs of set-up positions, from both sides."""
    rng = np.random.default_rng(11)
    checked = 0
    for _ in range(400):
        sides = []
        for _s in range(2):
            c = [0] * 26
            for _k in range(15):
                c[int(rng.choice([0, 25] + list(range(1, 25)),
                                 p=[0.04, 0.04] + [0.92 / 24] * 24))] += 1
            sides.append(c)
        mine, theirs = sides
        # no point held by both sides
        for p in range(1, 25):
            if mine[p] and theirs[25 - p]:
                theirs[0] += theirs[25 - p]
                theirs[25 - p] = 0
        if mine[0] == 15 or theirs[0] == 15:
            continue
        d = tuple(int(x) for x in rng.integers(1, 7, 2))
        plays = BackgammonGame.from_position(mine, theirs, dice=d,
                                             rules=BackgammonRules.no_cube()).legal_moves()
        if len(plays) < 2:
            continue
        assert np.array_equal(ai._one_ply_lists(plays, plays[0]._base),
                              ai._evaluate(*ai._after_arrays(plays)))
        checked += 1
    assert checked > 200


def test_bearoff_race_as_the_table():
    rng = np.random.default_rng(3)
    for _ in range(3000):
        a, b = (tuple(int(x) for x in rng.multinomial(int(rng.integers(0, 16)), [1 / 7] * 7)[:6])
                for _ in range(2))
        assert ai._bearoff_race(a, b) == bearoff.race_win_probability(a, b)


def test_caches_stay_bounded(monkeypatch):
    for name in ("_CACHE_MAX", "_OPP_MAX", "_TRAP_MAX"):
        monkeypatch.setattr(ai_fast, name, 8)
    bots = [ai.bot("normal")] * 2
    before = _digest(2)
    sim.play_game(BackgammonGame(rules=BackgammonRules.no_cube()), bots, np.random.default_rng(1))
    for cache in (ai._MADE, ai._STACKS, ai._OPP, ai._TRAP, ai._REACH):
        assert len(cache) <= 8
    assert all(len(entry[2]) <= 8 for entry in ai._TRAP.values())
    assert _digest(2) == before            # clearing the dicts changes no play


def test_changed_weights_fall_back_to_numpy(monkeypatch):
    """A student changing a weight gets the numpy evaluator's answer, not stale tables."""
    turns = _turns(2, 5)
    monkeypatch.setattr(ai_evaluate, "HIT_TEMPO", 6.5)
    monkeypatch.setattr(ai_evaluate, "POINT_VALUE", ai.POINT_VALUE * 2)
    assert ai._lists_apply(turns[0]) is None
    for plays in turns[:40]:
        assert np.array_equal(ai._one_ply(plays), ai._evaluate(*ai._after_arrays(plays)))
