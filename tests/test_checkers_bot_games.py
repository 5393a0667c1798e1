"""Bot games through ``boardkit.checkers.fastloop`` (the loop ``sim.play_game`` hands a
checkers game to, issue 14) play exactly what ``sim.play_game``'s own loop plays: the
same outcome (rule included) and plies, the same history, positions and draw counts,
undo() walking back through the same states, and the same generator state afterwards
(the middle level's noise is drawn in blocks and the generator put back)."""
from __future__ import annotations

import numpy as np
import pytest

from boardkit import sim
from boardkit.checkers import CheckersGame, CheckersRules
from boardkit.checkers.ai import EasyBot, NormalBot, StrongBot

from conftest import both_loops

RULES = {"american": CheckersRules.american, "international": CheckersRules.international}


class PlainGame(CheckersGame):
    """The same game without the lean loop: sim.play_game runs its own loop."""


sim.register_loop(PlainGame, None)


def custom_bot(game, rng):
    """Not a level: reads the legal moves and draws from the rng."""
    moves = game.legal_moves()
    return moves[int(rng.integers(len(moves)))]


def state(g) -> tuple:
    o = g.outcome()
    return (g.fen(), g.raw_position(), g.quiet_plies, g.endgame_plies, g.repetitions(),
            None if o is None else (o.winner, o.rule, str(o)), [str(m) for m in g.history],
            [str(m) for m in g.legal_moves()], g.to_json())


def both(rules, bots, seed, max_plies, fen=None, bits=None, prime=False, touch=False):
    """[(game, result, rng)] for the plain loop and for the lean one."""
    def make(cls):
        g = cls(rules, fen=fen)
        if touch:
            g.legal_moves()                     # the first position's moves already built
        return g
    return both_loops((PlainGame, CheckersGame), make, bots, seed, max_plies, bits, prime)


def plain(x):
    """A generator state with its arrays as lists (comparable)."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    return x.tolist() if isinstance(x, np.ndarray) else x


def check_same(pair) -> None:
    (g1, r1, rng1), (g2, r2, rng2) = pair
    assert (None if r1[0] is None else r1[0].rule, r1[1]) == \
        (None if r2[0] is None else r2[0].rule, r2[1])
    assert r1[0] == r2[0]
    assert state(g1) == state(g2)
    assert plain(rng1.bit_generator.state) == plain(rng2.bit_generator.state)
    assert rng1.random(3).tolist() == rng2.random(3).tolist()
    # undo walks back through the same states (every few plies, then to the start)
    n = len(g1.history)
    for i in range(n):
        assert str(g1.undo()) == str(g2.undo())
        if i % 7 == 0 or i == n - 1:
            assert state(g1) == state(g2)
    assert not g2.history


def normal_games(rules_name: str, n: int, seed: int):
    ss = np.random.SeedSequence(seed)
    caps = (0, 1, 2, 5, 40, 2000)
    for k, child in enumerate(ss.spawn(n)):
        yield child, caps[k % len(caps)] if k % 2 else 2000


@pytest.mark.parametrize("rules_name", list(RULES))
def test_middle_level_games_are_the_loops_games(rules_name):
    """Hundreds of seeded normal-normal games, to the end (draws by repetition and by the
    move counts included) and with small caps."""
    rules = RULES[rules_name]()
    n = 150 if rules_name == "american" else 60
    rules_seen = set()
    for seed, cap in normal_games(rules_name, n, 14):
        pair = both(rules, [NormalBot(), NormalBot()], seed, cap)
        check_same(pair)
        o = pair[1][1][0]
        rules_seen.add(None if o is None else o.rule)
    assert "CK-10" in rules_seen and None in rules_seen
    if rules_name == "american":
        assert rules_seen & {"CK-11", "CK-12"}


@pytest.mark.parametrize("rules_name", list(RULES))
def test_every_level_and_mixed_seats(rules_name):
    """Other bots (the plain loop inside the fast loop), mixed noise, a custom bot."""
    rules = RULES[rules_name]()
    seats = [
        [NormalBot(), EasyBot()], [EasyBot(), EasyBot()], [NormalBot(noise=10.0), NormalBot()],
        [NormalBot(noise=10.0), NormalBot(noise=40.0)], [NormalBot(depth=1), NormalBot()],
        [custom_bot, NormalBot()], [NormalBot(), StrongBot()], [StrongBot(), EasyBot()],
    ]
    for k, bots in enumerate(seats):
        for seed in range(4):
            strong = any(isinstance(b, StrongBot) for b in bots)
            cap = (3, 12)[seed % 2] if strong else (2000, 7, 60, 1)[seed]
            check_same(both(rules, bots, 100 * k + seed, cap))


@pytest.mark.parametrize("fen", [
    "W:WK3,K10:BK25",                 # kings only: the quiet count (CK-12/13) and repetitions
    "B:WK30:BK1,K2,6",
    "W:WK46:BK1,K5,20",               # 10x10: CK-13 lone-king endgames
    "B:WK46,K40:BK1",
])
def test_endings_from_a_position(fen):
    """Games from king endings reach the draw rules; both loops stop them alike."""
    name = "international" if "46" in fen else "american"
    rules = RULES[name]()
    for seed in range(6):
        check_same(both(rules, [NormalBot(), NormalBot()], seed, (2000, 9, 30)[seed % 3], fen=fen))


@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.MT19937, np.random.Philox,
                                  np.random.SFC64, np.random.PCG64DXSM])
def test_any_bit_generator_and_a_filled_buffer(bits):
    rules = CheckersRules.american()
    for seed in range(4):
        check_same(both(rules, [NormalBot(), NormalBot()], seed, (2000, 25)[seed % 2],
                        bits=bits, prime=seed % 2 == 0, touch=seed >= 2))


def test_ties_draw_from_the_generator_in_turn():
    """Noise that makes ties likely: tie breaks (rng.integers) fall between noise blocks."""
    rules = CheckersRules.american()
    for seed in range(20):
        check_same(both(rules, [NormalBot(noise=1e-300), NormalBot(noise=1e-300)], seed, 300))


class CountingGenerator(np.random.Generator):
    """A Generator subclass (it may draw otherwise): the lean loop leaves it to the bots."""

    calls = 0

    def standard_normal(self, *args, **kwargs):
        CountingGenerator.calls += 1
        return super().standard_normal(*args, **kwargs)


def test_a_generator_subclass_draws_one_call_per_move():
    rules = CheckersRules.american()
    for cls in (PlainGame, CheckersGame):
        CountingGenerator.calls = 0
        g = cls(rules)
        _out, plies = sim.play_game(g, [NormalBot(), NormalBot()], CountingGenerator(np.random.PCG64(3)), 40)
        assert CountingGenerator.calls == plies == 40
