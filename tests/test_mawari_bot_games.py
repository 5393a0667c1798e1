"""Bot games through ``boardkit.mawari.fastloop`` (the lean loop ``sim.play_game`` hands a
mawari game to, issue 14) play exactly what ``sim.play_game``'s own loop plays: the same
outcome and plies, the same history, events, positions and JSON, the same generator state
afterwards, and undo() walks back through the same states. The lean loop keeps a step log
and replays it through the recorded path (``fastloop.replay``); reading the records in
any way must give what the step-by-step game gives."""
from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from boardkit import sim
from boardkit.mawari import MawariGame, MawariRules
from boardkit.mawari.ai import bot

from conftest import both_loops

LEVELS = ("never", "always", "random", "smart")
RULES = {
    "fair": MawariRules(),
    "realistic": MawariRules.realistic(),
    "whole_value_400_any": MawariRules.realistic(all_down_value=400, overlap_back="whole_value",
                                                 battle_line="any"),
    "no_jump_no_skip": MawariRules(corner_jump=False, two_player_skip=False),
    "floor": MawariRules.floor(),
    "no_battles": MawariRules(battles=False),
    "all_down_0": MawariRules.realistic(all_down_value=0),
}


class PlainGame(MawariGame):
    """The same game without the lean loop: sim.play_game runs its own loop."""


sim.register_loop(PlainGame, None)


def custom_bot(game, rng):
    """Not one of the levels: reads the events, draws from the rng."""
    assert isinstance(game.events, list)
    moves = game.legal_moves()
    return moves[int(rng.integers(len(moves)))]


def state(g) -> tuple:
    return (g.to_json(), [str(m) for m in g.history], list(g.events), g.last_events(),
            g.pieces(), g.outcome(), g.last_toss)


def both(rules, players, bots, seed, max_plies=2000, prime=False, bits=None):
    """(plain game, its result, its rng), (lean game, its result, its rng)."""
    return both_loops((PlainGame, MawariGame), lambda cls: cls(rules, players=players), bots,
                      seed, max_plies, bits, prime)


def games(n_per: int, seed: int):
    """(rules name, players, level names, seed, max_plies) for seeded bot games."""
    ss = np.random.SeedSequence(seed)
    for name in RULES:
        for players in (2, 3, 4):
            for k, child in enumerate(ss.spawn(n_per)):
                pick = np.random.default_rng(child.spawn(1)[0])
                levels = [LEVELS[int(i)] for i in pick.integers(4, size=players)]
                caps = (0, 1, 3, 2000)
                yield name, players, levels, child, caps[k % 4] if k % 3 == 0 else 2000


@pytest.mark.parametrize("rules_name", list(RULES))
def test_lean_bot_games_are_the_loops_games(rules_name):
    """A few hundred seeded games (2-4 players, every level, small caps too)."""
    n = 0
    for name, players, levels, seed, cap in games(12, 7):
        if name != rules_name:
            continue
        bots = [bot(x) for x in levels]
        (g1, r1, rng1), (g2, r2, rng2) = both(RULES[name], players, bots, seed, cap,
                                             prime=n % 5 == 2)
        assert r1 == r2, (name, players, levels)
        assert rng1.bit_generator.state == rng2.bit_generator.state
        assert state(g1) == state(g2), (name, players, levels)
        while g1.history:                       # undo walks back through the same states
            assert g1.undo() == g2.undo()
            assert g1.to_json() == g2.to_json()
        assert not g2.history
        n += 1
    assert n == 36


def test_lean_positions_without_records():
    """Without records (``play_game(records=False)``, what a tournament asks) the lean
    loop's position, outcome and standings are the loop's, and its final position is the
    game's start: nothing to undo."""
    for name, players, levels, seed, cap in games(4, 3):
        bots = [bot(x) for x in levels]
        (g1, r1, rng1), (g2, r2, rng2) = both(RULES[name], players, bots, seed, cap)
        g3 = MawariGame(RULES[name], players=players)
        rng3 = np.random.default_rng(seed)
        r3 = sim.play_game(g3, bots, rng3, cap, records=False)
        assert r3 == r1 and type(g3) is MawariGame
        assert (g3._pos, g3._rank, g3._laid, g3._current, g3._phase, g3._offer, g3._battle,
                g3._finished, g3._reason, g3._again) == \
               (g1._pos, g1._rank, g1._laid, g1._current, g1._phase, g1._offer, g1._battle,
                g1._finished, g1._reason, g1._again)
        assert g3.standings() == g1.standings() and g3.last_toss == g1.last_toss
        assert rng3.bit_generator.state == rng1.bit_generator.state
        assert g3.history == [] and g3.events == []
        assert state(g2) == state(g1)


def test_other_bots_and_bit_generators():
    """A bot that is not a level (it reads the events), and generators other than PCG64."""
    rules = MawariRules.realistic()
    for k, seed in enumerate(np.random.SeedSequence(5).spawn(8)):
        bots = [custom_bot, bot("random"), bot("smart")]
        (g1, r1, rng1), (g2, r2, rng2) = both(rules, 3, bots, seed, prime=k % 2 == 1)
        assert r1 == r2 and state(g1) == state(g2)
        assert rng1.bit_generator.state == rng2.bit_generator.state
        for bits in (np.random.MT19937, np.random.Philox, np.random.PCG64DXSM):
            levels = [bot("random"), bot("always")]
            (g1, r1, rng1), (g2, r2, rng2) = both(rules, 2, levels, seed, bits=bits)
            assert r1 == r2 and state(g1) == state(g2)
            assert rng1.random() == rng2.random()


def test_lazy_records_read_every_way():
    """copy(), pickle, deepcopy, undo(), the next step and to_json all see the full
    records; events set from outside before any read are kept."""
    bots = [bot("random"), bot("always"), bot("smart")]
    seed = np.random.SeedSequence(11)
    (g1, _, _), _ = both(MawariRules(), 3, bots, seed, max_plies=2)
    ways = [lambda g: g.copy(), lambda g: pickle.loads(pickle.dumps(g)), copy.deepcopy,
            lambda g: MawariGame.from_json(g.to_json())]
    for way in ways:
        _, (g2, _, _) = both(MawariRules(), 3, bots, seed, max_plies=2)
        g3 = way(g2)
        assert g3.to_json() == g1.to_json() and g3.events == g1.events
    _, (g2, _, _) = both(MawariRules(), 3, bots, seed, max_plies=2)
    g2.undo()
    g1c = g1.copy()
    g1c.undo()
    assert g2.to_json() == g1c.to_json()
    _, (g2, _, _) = both(MawariRules(), 3, bots, seed, max_plies=2)
    if g2.legal_moves():
        g2.play(g2.legal_moves()[-1])
    else:
        g2.resolve_chance(np.random.default_rng(1))
    assert len(g2.history) == len(g1.history) + 1
    _, (g2, _, _) = both(MawariRules(), 3, bots, seed, max_plies=2)
    g2.events = ["mine"]
    assert g2.events == ["mine"] and len(g2.history) == len(g1.history)
    # a second play_game on the same game goes on from where the first stopped
    (g1, _, r1), (g2, _, r2) = both(MawariRules(), 3, bots, seed, max_plies=2)
    assert sim.play_game(g1, bots, r1) == sim.play_game(g2, bots, r2)
    assert state(g1) == state(g2)


def test_a_lean_game_is_a_plain_game():
    """After the lean loop the game is a MawariGame (no other class), its records built:
    pickle, type(game)(...) and a second game agree."""
    bots = [bot("random"), bot("always")]
    rng = np.random.default_rng(3)
    g = MawariGame()
    sim.play_game(g, bots, rng)
    assert type(g) is MawariGame and g.history and g.events
    assert type(type(g).from_json(MawariGame().to_json())) is MawariGame
    h = pickle.loads(pickle.dumps(g))
    assert type(h) is MawariGame and h.to_json() == g.to_json()
    g2 = MawariGame()
    sim.play_game(g2, bots, np.random.default_rng(3))
    assert g2.history == g.history and g2.to_json() == g.to_json()


def test_set_up_positions_and_late_joins():
    """Games set up by hand (placed, laid pieces) or with a late joiner, then played out
    by bots: the lean loop plays the loop's games from there, and undo walks back past
    the set-up point to the same states."""
    bots = [bot("always"), bot("random"), bot("smart")]

    def setups(cls):
        a = cls.setup({0: ("1七", "香"), 1: ("9五", "歩", "laid"), 2: ("5一", "銀")}, players=3)
        b = cls(players=2)
        b.resolve_chance(np.random.default_rng(1))
        b.join()
        c = cls(MawariRules.realistic(battle_line="any"), players=4)
        c.place(3, "1三", "桂")
        return a, b, c

    for k, (g1, g2) in enumerate(zip(setups(PlainGame), setups(MawariGame))):
        for seed in range(6):
            h1, h2 = g1.copy(), g2.copy()
            r1, r2 = np.random.default_rng(seed), np.random.default_rng(seed)
            assert sim.play_game(h1, bots[:h1.players] * 2, r1) == \
                sim.play_game(h2, bots[:h2.players] * 2, r2), (k, seed)
            assert state(h1) == state(h2) and r1.random() == r2.random()
            while h1.history:
                assert h1.undo() == h2.undo() and h1.to_json() == h2.to_json()
