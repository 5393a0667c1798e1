"""Bot games through ``boardkit.backgammon.fastloop`` (the loop ``sim.play_game`` hands a
backgammon game to) play exactly what ``sim.play_game``'s own loop plays: the same rolls
from the same draws, the same bot calls, the same moves, the same outcome and plies, the
same history and undo records (undo() walks back through the same states), and the same
generator state afterwards. The plain loop is had by unregistering the lean one for the
game's class for the duration of one game (``sim.register_loop(BackgammonGame, None)``)."""
from __future__ import annotations

import numpy as np
import pytest

from boardkit import sim
from boardkit._core import ChanceStep, IllegalMoveError
from boardkit.backgammon import BackgammonGame, BackgammonRules, CubeAction, Play, ai, fastloop
from boardkit.backgammon.game import side

LEVELS = list(ai.LEVELS)
RULES = {"money": BackgammonRules, "no_cube": BackgammonRules.no_cube,
         "match5": lambda: BackgammonRules.match(5),
         "jacoby": lambda: BackgammonRules.money(jacoby=True)}


def plain_loop(make, bots, rng, max_plies, records=True):
    """(game, result) of ``sim.play_game`` with the plain loop, the lean one put back after."""
    assert sim.loop_for(BackgammonGame) is fastloop.play_bots
    sim.register_loop(BackgammonGame, None)
    try:
        assert sim.loop_for(BackgammonGame) is None
        g = make()
        return g, sim.play_game(g, bots, rng, max_plies, records=records)
    finally:
        sim.register_loop(BackgammonGame, fastloop.play_bots)


def lean_loop(make, bots, rng, max_plies, records=True):
    assert sim.loop_for(BackgammonGame) is fastloop.play_bots
    g = make()
    return g, sim.play_game(g, bots, rng, max_plies, records=records)


def entry(e) -> tuple:
    if isinstance(e, ChanceStep):
        return ("chance", e.player, tuple(e.outcome), getattr(e.outcome, "rolls", None))
    return (type(e).__name__, str(e))


def state(g) -> tuple:
    o = g.outcome()
    return (g.to_json(), [entry(e) for e in g.history], [str(m) for m in g.legal_moves()],
            g.phase, g.turn, g.roller, g.dice, g.position(), g.chance_pending(), g.is_over(),
            None if o is None else (o.winner, o.points, o.rule, o.reason, o.key), g.win_kind)


def plain(x):
    """A generator state with its arrays as lists (comparable)."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    return x.tolist() if isinstance(x, np.ndarray) else x


def make_rng(seed, bits=None):
    return np.random.Generator(bits(seed)) if bits else np.random.default_rng(seed)


def check_same(make, bots, seed, max_plies, bits=None, undo_every=5):
    """Both loops from ``make()`` with the same seed: everything the same."""
    r1, r2 = make_rng(seed, bits), make_rng(seed, bits)
    g1, res1 = plain_loop(make, bots, r1, max_plies)
    g2, res2 = lean_loop(make, bots, r2, max_plies)
    assert res1[1] == res2[1]
    assert res1[0] == res2[0]
    assert state(g1) == state(g2)
    assert plain(r1.bit_generator.state) == plain(r2.bit_generator.state)
    assert r1.integers(1 << 30, size=3).tolist() == r2.integers(1 << 30, size=3).tolist()
    n = len(g1.history)
    for i in range(n):
        assert entry(g1.undo()) == entry(g2.undo())
        if i % undo_every == 0 or i == n - 1:
            assert state(g1) == state(g2)
    assert not g2.history
    return res2


@pytest.mark.parametrize("rules_name", list(RULES))
def test_the_quick_levels_play_the_plain_loops_games(rules_name):
    """Many seeded games of random, easy and normal bots, to the end and with small caps,
    every pairing of these levels, under money, no-cube, match and Jacoby rules."""
    rules = RULES[rules_name]
    quick = ["random", "easy", "normal"]
    caps = (2000, 0, 1, 2, 3, 7, 40)
    ends = set()
    k = 0
    for a in quick:
        for b in quick:
            bots = [ai.bot(a), ai.bot(b)]
            for seed in range(3 if rules_name == "money" else 2):
                cap = caps[k % len(caps)] if k % 3 else 2000
                out, _ = check_same(lambda: BackgammonGame(rules()), bots, 1000 * k + seed, cap)
                ends.add(None if out is None else (out.rule, out.points))
                k += 1
    assert None in ends and any(e is not None for e in ends)


def test_many_seeds_normal_against_random_with_the_cube():
    """The cube decisions (double, take, pass: BG-12) and gammons reached alike (random
    takes every double: the passes come from normal)."""
    rules_seen = set()
    for seed in range(40):
        bots = [ai.bot("normal"), ai.bot(("normal", "random")[seed % 2])]
        out, _ = check_same(lambda: BackgammonGame(), bots, seed, 2000, undo_every=17)
        rules_seen.add((out.rule, out.points))
    assert {r for r, _ in rules_seen} == {"BG-11", "BG-12"}


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_against_every_level(level):
    """Every bot level against each other (the slow levels with caps)."""
    slow = {"strong", "lookahead"}
    for k, other in enumerate(LEVELS):
        bots = [ai.bot(level), ai.bot(other)]
        cap = 12 if "lookahead" in (level, other) else 60 if slow & {level, other} else 2000
        check_same(lambda: BackgammonGame(BackgammonRules.no_cube()), bots, 77 + k, cap)
        if not slow & {level, other}:
            check_same(lambda: BackgammonGame(), bots, 99 + k, cap)


def test_from_positions_with_dice_and_match_states():
    """Set-up positions (a play due at once, a race, the Crawford game, a cube owned)."""
    makes = [
        lambda: BackgammonGame.from_position(side({6: 5, 5: 5, 4: 5}), side({24: 2, 1: 13}),
                                             dice=(6, 5)),
        lambda: BackgammonGame.from_position(side({3: 3, 1: 2}), side({5: 2, 2: 1}), turn=1,
                                             rules=BackgammonRules.no_cube()),
        lambda: BackgammonGame.from_position(side({20: 2, 6: 10}, bar=1), side({18: 5, 6: 5}),
                                             cube=4, cube_owner=1),
        lambda: BackgammonGame(BackgammonRules.match(5), score=(4, 2), crawford=True),
        lambda: BackgammonGame(BackgammonRules.match(7), score=(5, 6)),
    ]
    for i, make in enumerate(makes):
        for seed in range(4):
            check_same(make, [ai.bot("normal"), ai.bot(("random", "easy")[seed % 2])],
                       10 * i + seed, (2000, 5)[seed // 2 % 2])


def test_a_game_already_under_way_and_finished():
    """A game handed over mid-game (history kept before it) and one already over."""
    def mid():
        g = BackgammonGame()
        rng = np.random.default_rng(5)
        for _ in range(9):
            if g.chance_pending():
                g.resolve_chance(rng)
            else:
                g.play(g.legal_moves()[0])
        return g
    for seed in range(3):
        check_same(mid, [ai.bot("easy"), ai.bot("normal")], seed, 2000)

    def over():
        g = BackgammonGame()
        g.set_dice(3, 1)
        g.play(g.legal_moves()[0])
        g.play("double")
        g.play("pass")
        return g
    out, plies = check_same(over, [ai.bot("random"), ai.bot("random")], 1, 2000)
    assert plies == 0 and out.rule == "BG-12"


@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.MT19937, np.random.Philox,
                                  np.random.SFC64, np.random.PCG64DXSM])
def test_any_bit_generator(bits):
    """The dice straight from the bit generator (game.py ``_draw_dice``) alike in both loops."""
    for seed in range(3):
        check_same(lambda: BackgammonGame(), [ai.bot("random"), ai.bot("normal")], seed,
                   2000, bits=bits, undo_every=23)


class Scripted:
    """Not a numpy Generator: a generator-like object offering ``integers`` and ``random``
    (the dice then come from ``rng.integers`` in both loops)."""

    def __init__(self, seed):
        self.g = np.random.default_rng(seed)
        self.bit_generator = self.g.bit_generator

    def integers(self, *a, **k):
        return self.g.integers(*a, **k)

    def random(self, *a, **k):
        return self.g.random(*a, **k)


def test_a_generator_like_object():
    for seed in range(3):
        r1, r2 = Scripted(seed), Scripted(seed)
        g1, res1 = plain_loop(BackgammonGame, [ai.bot("random")] * 2, r1, 2000)
        g2, res2 = lean_loop(BackgammonGame, [ai.bot("random")] * 2, r2, 2000)
        assert res1 == res2 and state(g1) == state(g2)
        assert plain(r1.bit_generator.state) == plain(r2.bit_generator.state)


def text_bot(game, rng):
    """Returns its move as text (parsed by play's checked path)."""
    return str(ai.bot("random")(game, rng))


def copied_bot(game, rng):
    """Returns a Play built by hand, equal to a legal one (coerced by the checked path)."""
    m = ai.bot("easy")(game, rng)
    if isinstance(m, Play):
        return Play(m.steps, m.after, m.hits, m.hit_flags, m.dice)
    return CubeAction(m.action)


def stale_bot(game, rng):
    """Keeps a play object from an earlier turn and sometimes returns it again."""
    moves = game.legal_moves()
    if isinstance(moves[0], CubeAction):
        return moves[0]                     # roll, take
    kept = getattr(stale_bot, "kept", None)
    if kept is not None and rng.integers(4) == 0:
        return kept
    m = moves[int(rng.integers(len(moves)))]
    if isinstance(m, Play):
        stale_bot.kept = m
    return m


def peeking_bot(game, rng):
    """Reads the history and plays on a copy first (a bot may look at anything)."""
    probe = game.copy()
    moves = probe.legal_moves()
    m = moves[int(rng.integers(len(moves)))]
    probe.play(m)
    probe.undo()
    assert len(game.history) == len(probe.history)
    return game.legal_moves()[moves.index(m)]


def test_bots_returning_text_copies_and_other_values():
    for k, bots in enumerate([[text_bot, ai.bot("normal")], [copied_bot, text_bot],
                              [peeking_bot, ai.bot("easy")]]):
        for seed in range(3):
            check_same(BackgammonGame, bots, 50 * k + seed, 2000, undo_every=11)


def test_an_illegal_move_is_refused_alike():
    """A stale play from an earlier turn is refused by both loops at the same step, with
    the same error, leaving the same game and generator."""
    got = []
    for loop in (plain_loop, lean_loop):
        stale_bot.kept = None
        rng = np.random.default_rng(3)
        games = []

        def make():
            games.append(BackgammonGame())
            return games[-1]
        with pytest.raises(IllegalMoveError) as e:
            loop(make, [stale_bot, stale_bot], rng, 2000)
        got.append((str(e.value), state(games[0]), plain(rng.bit_generator.state)))
    assert got[0] == got[1]


def test_records_false_plays_the_same_game_and_keeps_no_records():
    for seed in range(6):
        bots = [ai.bot("normal"), ai.bot(("random", "easy")[seed % 2])]
        r1, r2 = np.random.default_rng(seed), np.random.default_rng(seed)
        g1, res1 = plain_loop(BackgammonGame, bots, r1, 2000, records=False)
        g2, res2 = lean_loop(BackgammonGame, bots, r2, 2000, records=False)
        assert res1 == res2
        assert state(g1)[0] == state(g2)[0] and g2.history == [] and g1.history
        assert plain(r1.bit_generator.state) == plain(r2.bit_generator.state)
        with pytest.raises(IllegalMoveError):
            g2.undo()


def test_the_loop_checks_its_arguments():
    from boardkit._core import BoardkitError
    g, rng, bots = BackgammonGame(), np.random.default_rng(1), [ai.bot("random")] * 2
    for args, name in [((None, bots, rng, 10, 10), "game"), ((g, [bots[0]], rng, 10, 10), "bots"),
                       ((g, bots, 5, 10, 10), "rng"), ((g, bots, rng, -1, 10), "max_plies"),
                       ((g, bots, rng, 10, 1.5), "max_chance")]:
        with pytest.raises(BoardkitError, match=name):
            fastloop.play_bots(*args)
    with pytest.raises(BoardkitError, match="records"):
        fastloop.play_bots(g, bots, rng, 10, 10, records=1)
    assert g.history == [] and g.phase == "opening"


def test_the_chance_cap_stops_a_game_of_rolls():
    """``max_chance`` rolls at most (the plain loop's cap of CHANCE_STEPS_PER_PLY per move)."""
    g = BackgammonGame(BackgammonRules.no_cube())
    out, plies = fastloop.play_bots(g, [ai.bot("random")] * 2, np.random.default_rng(2), 100, 1)
    assert out is None and plies == 1 and sum(isinstance(e, ChanceStep) for e in g.history) == 1
