"""Seeded random 回り将棋 games: invariants after every toss and decision.

- every piece stays on the 32-square ring (MS-01), homes are distinct corners (MS-02)
- a laid-down piece never stands on a corner (MS-12)
- ranks only go up during a game (MS-10, MS-15); undo steps back exactly one toss or
  decision; JSON round-trips at every step; games end (MS-10) within a cap
"""

import numpy as np
import pytest

from boardkit import BoardkitError, sim
from boardkit.mawari import MawariGame, MawariRules

from conftest import check_invariants, random_games


def random_decision(game, rng):
    moves = game.legal_moves()
    return moves[int(rng.integers(len(moves)))]


def check_mawari_invariants(g):
    """The rules' invariants of any reachable position (MS-01, MS-02, MS-12)."""
    homes = [g.home(p) for p in range(g.players)]
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
    """Random games (conftest.random_games): after every toss and decision the rules'
    invariants hold, ranks only go up, JSON round-trips and undo restores the state
    before the step; every game ends with a 銀 finishing."""
    rules = getattr(MawariRules, rules_name)(players)
    ranks, before, games = None, None, []
    for g, _step, _rng in random_games(lambda: MawariGame(rules), games=12,
                                       seed=players * 100 + len(rules_name), max_plies=3000):
        if g not in games:
            games.append(g)
            ranks, before = [0] * g.players, None
        check_mawari_invariants(g)
        assert all(g.rank(p) >= r for p, r in enumerate(ranks))         # ranks only go up
        ranks = [g.rank(p) for p in range(g.players)]
        check_invariants(g, before)
        before = g.to_json()
    assert len(games) == 12
    for g in games:
        out = g.outcome()
        assert out is not None, "game did not end"
        assert out.winner == out.ranking[0] and sorted(out.ranking) == list(range(g.players))
        assert g.rank(out.winner) == 3                                   # only a 銀 finishes
        assert out.rule in ("MS-10", "MS-15")


def test_ms03_late_joins_in_random_games():
    rng = np.random.default_rng(7)
    for _ in range(10):
        g = MawariGame(players=2)
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
            check_mawari_invariants(g)


def test_play_game_runs_whole_games_and_is_seeded():
    res = []
    for _ in range(2):
        g = MawariGame(players=3)
        out, plies = sim.play_game(g, [random_decision] * 3, np.random.default_rng(5))
        res.append((out, g.to_json()))
    assert res[0] == res[1] and res[0][0] is not None


# ------------------------------------------------------------------ battles (MS-15)
def _battle_game(rules):
    g = MawariGame(rules=rules)
    g.place(0, "1七")
    g.place(1, "9五")
    g.set_turn(0)
    g.set_toss("up up down down")
    g.play("battle P2")
    return g


@pytest.mark.parametrize("rules_name", ["shoseikai", "realistic"])
def test_ms15_exact_battle_odds_match_engine_battles(rules_name):
    """The DP of ai.battle_odds against 2000 battles fought by the engine itself."""
    from boardkit.mawari.ai import battle_odds
    rules = getattr(MawariRules, rules_name)(2)
    exact = battle_odds(rules.model, 16)
    assert abs(sum(exact) - 1) < 1e-12
    rng = np.random.default_rng(11)
    tally = {"win": 0, "draw": 0, "loss": 0}
    base = _battle_game(rules)
    n = 2000
    for _ in range(n):
        g = base.copy()
        while g.phase == "battle":
            g.resolve_chance(rng)
        tally["win" if g.rank(0) == 1 else "loss" if g.rank(1) == 1 else "draw"] += 1
    for k, p in zip(("win", "draw", "loss"), exact):
        se = (p * (1 - p) / n) ** 0.5
        assert abs(tally[k] / n - p) < 4 * se, (k, tally[k] / n, p)


def test_ms15_battle_is_fair_win_equals_loss():
    """A and D, the rounds each side would get back in, are i.i.d.; the draw rule makes
    P(A < D) = P(D < A) for any model and length."""
    from boardkit.mawari import TossModel
    from boardkit.mawari.ai import battle_odds
    rng = np.random.default_rng(2)
    for _ in range(5):
        w = rng.dirichlet([3, 3, 0.3, 0.3, 0.1])
        m = TossModel(*[float(x) for x in w], overlap=float(rng.random() * 0.1),
                      fall=float(rng.random() * 0.1))
        for length in (2, 6, 16):
            win, draw, loss = battle_odds(m, length)
            assert abs(win - loss) < 1e-9 and 0 < draw < 1


def test_battle_policies():
    from boardkit.mawari import ai
    g = _battle_game(MawariRules())
    g.undo()
    rng = np.random.default_rng(0)
    assert str(ai.never_battle(g, rng)) == "no battle"
    assert str(ai.always_battle(g, rng)) == "battle P2"
    h = MawariGame()
    h.place(0, "1七", "香")
    h.place(1, "9五")
    h.set_turn(0)
    h.set_toss("up up down down")
    assert str(ai.smart_battle(h, rng)) == "no battle"        # ahead: refuse the gamble
    h = MawariGame()
    h.place(0, "1七")
    h.place(1, "9五", "香")
    h.set_turn(0)
    h.set_toss("up up down down")
    assert str(ai.smart_battle(h, rng)) == "battle P2"        # behind: take it


def test_ms09_game_samples_exactly_like_the_toss_model():
    """The game's cached sampler draws the same tosses as TossModel.sample."""
    for rules in (MawariRules(), MawariRules.realistic(), MawariRules.floor()):
        g = MawariGame(rules=rules)
        a, b = np.random.default_rng(4), np.random.default_rng(4)
        for _ in range(300):
            assert g._sample_chance(a) == rules.model.sample(b)


def test_ms09_game_tosses_equal_the_models_for_every_bit_generator():
    """resolve_chance reads PCG64's raw words against bounds scaled to words (issue 14);
    other bit generators go through random(): the tosses are TossModel.sample's, for odd
    probabilities too (bounds that are no multiple of 2**-53)."""
    odd = MawariRules(toss_probs=("1/3", "1/7", "1/5", "1/11", "269/1155",
                                  "1/13", "1/17"))
    for rules in (MawariRules(), MawariRules.realistic(), odd):
        for bits in (np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937, np.random.SFC64):
            g = MawariGame(rules=rules)
            a, b = np.random.Generator(bits(9)), np.random.Generator(bits(9))
            for _ in range(200):
                if g.is_over():
                    break
                if g.chance_pending():
                    assert g.resolve_chance(a) == rules.model.sample(b)
                else:
                    g.play(g.legal_moves()[-1])


def test_ms09_raw_word_bounds_are_exact():
    """random() < c exactly when the raw word w < ceil(c * 2**53) << 11, at the edges."""
    import math
    for c in (0.5, 0.49, 0.96, 0.99, 0.998, 1 / 3, 1.0, 1e-300, 0.0, 0.1 + 0.2):
        t = math.ceil(c * 2.0 ** 53) << 11
        for w in (t - 2049, t - 2048, t - 1, t, t + 1, t + 2047, t + 2048):
            if 0 <= w < 2 ** 64:
                assert ((w >> 11) * 2.0 ** -53 < c) == (w < t), (c, w)


@pytest.mark.parametrize("jump", [True, False])
def test_ms06_ms10_ms14_engine_agrees_with_ring_chain_step(jump):
    """Cross-check of two implementations: a lone piece's move in the game against
    ring.step, for every square and tosses from 20 back to 20 forward. The other piece
    lies laid down just behind (off the track, MS-12), out of reach of these moves."""
    from boardkit.mawari import Toss
    from boardkit.mawari.ring import step
    tosses = ["up down down down", "up up down down", "up up up down", "up up up up",
              "side down down down", "side up up down", "upright down down down",
              "upright side up down", "down down down down", "upright upright down down",
              "up up up down +overlap", "side up down down +overlap",
              "down down down down +overlap", "up up down down +fall"]
    rules = MawariRules(corner_jump=jump, battles=False, two_player_skip=False)
    for pos in range(32):
        for text in tosses:
            behind = (pos - 1) % 32 if (pos - 1) % 8 else (pos - 2) % 32
            g = MawariGame.setup({0: (pos, "歩"), 1: (behind, "歩", "laid")}, rules=rules)
            g.set_toss(text)
            want_pos, laps = step(pos, Toss.parse(text).squares(), jump)
            assert (g.position(0), g.rank(0)) == (want_pos, min(laps, 3)), (pos, text)


def test_levels_bot_and_hint():
    """One bot(level) per LEVELS entry (English or Japanese), HINT_LEVEL among them; the
    hint is the smart decision, None while a toss is due, and explain() says so."""
    from boardkit.mawari import ai
    assert list(ai.LEVELS) == ["never", "random", "always", "smart"]
    assert ai.HINT_LEVEL in ai.LEVELS
    assert ai.bot("かしこい") is ai.bot("smart") is ai.smart_battle
    with pytest.raises(BoardkitError, match="never"):
        ai.bot("strongest")
    g = _battle_game(MawariRules())
    assert ai.hint(g) is None and "toss first" in str(ai.explain(g, None))
    g.undo()
    assert ai.hint(g) == ai.smart_battle(g, None)
    text = str(ai.explain(g, ai.hint(g)))
    assert "battle P2: a 16-square race" in text and "chance to win the game" in text


def test_ms15_battle_targets_table_equals_the_rule():
    """battle_targets reads a table of the squares in line (issue 14): the same players
    as the rule spelled out (off the corners, not laid, same file or rank, and with
    "opposite" on the opposite edge), on random positions."""
    import random

    from boardkit.mawari.movegen import battle_targets
    from boardkit.mawari.notation import is_corner, square_coords

    def by_rule(pos, laid, mover, line):
        s = pos[mover]
        if is_corner(s):
            return []
        (fs, rs), out = square_coords(s), []
        for q, t in enumerate(pos):
            if q == mover or laid[q] or is_corner(t) or t == s:
                continue
            ft, rt = square_coords(t)
            if (fs == ft or rs == rt) and (line == "any" or (s // 8 - t // 8) % 4 == 2):
                out.append(q)
        return out

    r = random.Random(14)
    for _ in range(20_000):
        n = r.randint(2, 4)
        pos = [r.randrange(32) for _ in range(n)]
        laid = [r.random() < 0.2 for _ in range(n)]
        mover, line = r.randrange(n), r.choice(["opposite", "any"])
        assert battle_targets(pos, laid, mover, line) == by_rule(pos, laid, mover, line)


def test_seeded_games_are_those_of_the_engine_before_issue_14():
    """The faster engine (issue 14) plays the very games the engine of commit 33aee06
    played: 60 seeded bot games over five rule sets (fair and realistic golds, 400 for
    four face down, whole-value overlaps, any battle line, no corner jump, no
    two-player skip), every history line, event and final standing hashed together.
    The digest was computed with the 33aee06 engine."""
    import hashlib
    import json

    from boardkit import sim
    from boardkit.mawari.ai import bot

    h = hashlib.sha256()
    # (no "smart" seat: that level now reads the race model, which 33aee06 did not have)
    setups = ((2, ("always", "random"), MawariRules()),
              (3, ("random", "always", "never"), MawariRules()),
              (4, ("always", "random", "never", "never"), MawariRules.realistic()),
              (3, ("always", "random", "always"), MawariRules.realistic(
                  all_down_value=400, overlap_back="whole_value", battle_line="any")),
              (2, ("random", "always"), MawariRules(corner_jump=False, two_player_skip=False)))
    for n, levels, rules in setups:
        for rng in sim.spawn_rngs(21, 12):
            g = MawariGame(rules, players=n)
            sim.play_game(g, [bot(x) for x in levels], rng)
            h.update(json.dumps([[str(m) for m in g.history], [str(e) for e in g.events], g.standings()],
                                ensure_ascii=False).encode())
    assert h.hexdigest() == "02abde47c9c180c5ec9806cc5f5ab5320a2fb5a97c6d48f178d82a25c8b3dfe7"
