"""Exact dice probabilities (fractions of 36): shots, entering, the average roll,
small bear-offs. Published values are checked, and the functions are checked
against an independent count over the 36 rolls written here from the rules."""
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest

from boardkit._core import BoardkitError
from boardkit.backgammon import probability as P

# Published shot table (direct and indirect shots, no blocking points), rolls out of
# 36: e.g. greedygammon.com "Counting shot hitting numbers" (1 away: 11 rolls, 6 away:
# 17, 7 away: 6; 13, 14, 17, 19, 21, 22, 23 away: no roll), Jacoby & Crawford, "The
# Backgammon Book", ch. 4 (6 away: 17/36).
PUBLISHED_SHOTS = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3,
                   11: 2, 12: 3, 13: 0, 14: 0, 15: 1, 16: 1, 17: 0, 18: 1, 19: 0, 20: 1,
                   21: 0, 22: 0, 23: 0, 24: 1}


def brute_hits(distance, blocked):
    """Independent count: walk every order in which the dice can be used, one die at
    a time, landing only on open points (BG-04, BG-05, BG-06)."""
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            dice = [a] * 4 if a == b else [a, b]
            ok = False
            for order in set(permutations(dice)):
                pos = 0
                for d in order:
                    pos += d
                    if pos == distance:
                        ok = True
                        break
                    if pos in blocked or pos > distance:
                        break
                if ok:
                    break
            n += ok
    return n


def test_bg06_published_shot_table():
    """BG-06 doubles move four times: 24 away is hit only by 6-6, 16 by 4-4."""
    for d, count in PUBLISHED_SHOTS.items():
        assert P.shot_probability(d) == Fraction(count, 36), d
    assert P.hitting_rolls(24) == [(6, 6)]
    assert P.hitting_rolls(16) == [(4, 4)]


def test_bg05_shots_with_blocks_match_independent_count():
    """BG-05: a hitter may pass over a block but not stop on it."""
    rng = np.random.default_rng(7)
    for _ in range(300):
        d = int(rng.integers(1, 25))
        k = int(rng.integers(0, 5))
        blocked = {int(x) for x in rng.integers(1, 25, size=k)} - {d}
        assert P.shot_count(d, blocked) == brute_hits(d, blocked), (d, blocked)


def test_bg05_known_blocked_values():
    # 8 away with the 4 and 6 points held: 4-4 stops on 4, 6-2 must go 2 then 8,
    # 5-3 either way: 2-6, 6-2 (via 2), 5-3, 3-5 -> 4 rolls (4-4 and 2-2 blocked).
    assert P.shot_count(8, {4, 6}) == 4
    # 6 away with the 3 point blocked: 3-3 cannot stop on 3; 2-2 still hits
    assert P.shot_count(6, {3}) == 16
    # a blocked 1 and 2 leave 1-1 useless at 3 pips
    assert P.shot_count(3, {1, 2}) == 11  # a 3 on a die; 2-1 and 1-1 must stop on 1 or 2


def test_bg05_blocks_do_not_change_direct_die():
    """Blocks never stop a single die landing on the blot."""
    for d in range(1, 7):
        assert P.shot_count(d, set(range(1, d))) == 11


def test_hit_probability_several_hitters():
    assert P.hit_probability([6]) == Fraction(17, 36)
    # two hitters 1 and 2 away: rolls containing a 1 or a 2, plus 1-1 (counted once)
    # plus nothing new: 20 rolls contain a 1 or 2
    assert P.hit_probability([1, 2]) == Fraction(20, 36)
    assert P.hit_probability([1, 2]) <= P.shot_probability(1) + P.shot_probability(2)
    # union of independent counts
    for ds in ([3, 8], [5, 6, 11], [1, 13]):
        rolls = set()
        for d in ds:
            rolls |= set(P.hitting_rolls(d))
        assert P.hit_probability(ds) == Fraction(len(rolls), 36)


def test_shot_table_and_roll_table():
    t = P.shot_table()
    assert t == {d: Fraction(c, 36) for d, c in PUBLISHED_SHOTS.items()}
    rows = P.roll_table()
    assert len(rows) == 21 and sum(w for _, w, _ in rows) == 36
    assert dict((r, pips) for r, _, pips in rows)[(6, 6)] == 24


def test_bg06_average_roll_is_49_over_6():
    """BG-06: doubles count four times, so the average roll is 49/6 pips."""
    assert P.average_roll() == Fraction(49, 6)
    total = sum(4 * a if a == b else a + b for a in range(1, 7) for b in range(1, 7))
    assert Fraction(total, 36) == P.average_roll()


def test_bg07_enter_one_checker():
    """BG-07: one checker enters unless both dice show closed points: 1 - (n/6)^2."""
    for n in range(7):
        assert P.enter_probability(n) == 1 - Fraction(n, 6) ** 2
    assert P.enter_probability([1, 2, 3]) == P.enter_probability(3) == Fraction(3, 4)
    assert P.enter_probability(6) == 0


def test_bg07_enter_two_or_more_checkers():
    """BG-07 with BG-06: two checkers need two open dice; 3-4 need an open double."""
    for n in range(7):
        assert P.enter_probability(n, checkers=2) == Fraction((6 - n) ** 2, 36)
        assert P.enter_probability(n, checkers=3) == Fraction(6 - n, 36)
        assert P.enter_probability(n, checkers=4) == Fraction(6 - n, 36)
        assert P.enter_probability(n, checkers=5) == 0
        dist = P.enter_distribution(n, checkers=2)
        assert sum(dist.values()) == 1
        # at least one enters: same as for a single checker
        assert 1 - dist[0] == P.enter_probability(n)
    assert P.enter_probability(2, checkers=2) == Fraction(16, 36)


def test_bg09_bearoff_probability_small_positions():
    """BG-09: exact one- and two-roll chances, counted by hand."""
    assert P.bearoff_probability((1, 0, 0, 0, 0, 0)) == 1
    # two on the 6-point (12 pips) need a double of 3 or more: 3-3, 4-4, 5-5, 6-6
    assert P.bearoff_probability((0, 0, 0, 0, 0, 2)) == Fraction(4, 36)
    # one checker on the 6: fails only with 2-1, 3-1, 4-1, 3-2 (8 rolls) and 1-1
    assert P.bearoff_probability((0, 0, 0, 0, 0, 1)) == Fraction(27, 36)
    # two on the 1-point: every roll; two on the 2 and 1: every roll but none fail
    assert P.bearoff_probability((2, 0, 0, 0, 0, 0)) == 1
    # two checkers on the 2 and 1 points need... any roll works (a 1 bears off the 1,
    # the other die >= 2 bears off the 2, 1-1 plays four times)
    assert P.bearoff_probability((1, 1, 0, 0, 0, 0)) == 1
    # two checkers on the 4-point: doubles 2-2 and up (5 rolls) or both dice >= 4 (6)
    assert P.bearoff_probability((0, 0, 0, 2, 0, 0)) == Fraction(5 + 6, 36)
    # two on the 6-point within two rolls: more than one roll, less than certain
    two = P.bearoff_probability((0, 0, 0, 0, 0, 2), rolls=2)
    assert Fraction(4, 36) < two < 1
    # four checkers need a double; five cannot come off in one roll at all
    assert P.bearoff_probability((4, 0, 0, 0, 0, 0)) == Fraction(6, 36)
    assert P.bearoff_probability((5, 0, 0, 0, 0, 0)) == 0


def test_bg09_two_rolls_matches_table_distribution():
    from boardkit.backgammon.bearoff import build_table
    t = build_table(3)
    for pos in [(0, 0, 0, 0, 0, 2), (0, 0, 1, 1, 1, 0), (1, 0, 0, 0, 1, 1)]:
        d = t.distribution(pos)
        # the mean-optimal play is not always the best "within two rolls" play
        assert float(P.bearoff_probability(pos, 2)) >= d[:3].sum() - 1e-12
        assert float(P.bearoff_probability(pos, 1)) == pytest.approx(d[:2].sum())


@pytest.mark.parametrize("call, words", [
    (lambda: P.shot_probability(0), "1 to 24"),
    (lambda: P.shot_probability(25), "1 to 24"),
    (lambda: P.shot_probability(2.5), "whole number"),
    (lambda: P.shot_probability(6, [6]), "BG-05"),
    (lambda: P.shot_probability(6, [0]), "BG-05"),
    (lambda: P.enter_probability(7), "0 to 6"),
    (lambda: P.enter_probability(-1), "0 to 6"),
    (lambda: P.enter_probability([1, 7]), "1..6"),
    (lambda: P.enter_probability(2, checkers=16), "1..15"),
    (lambda: P.enter_probability(2, checkers=0), "1..15"),
    (lambda: P.bearoff_probability((0, 0, 0, 0, 0, -1)), "negative"),
    (lambda: P.bearoff_probability((0, 0, 0, 0, 0, 16)), "15"),
    (lambda: P.bearoff_probability((1, 2, 3)), "6 counts"),
    (lambda: P.bearoff_probability((1, 0, 0, 0, 0, 0), rolls=3), "1 or 2"),
    (lambda: P.hit_probability([]), "at least one"),
])
def test_bad_input_names_what_is_accepted(call, words):
    with pytest.raises(BoardkitError, match=words.replace(".", r"\.")):
        call()


def test_bg04_bg05_engine_agrees_with_shot_counts():
    """The game engine's legal plays (BG-04..BG-08) hit with exactly the counted rolls."""
    for d in range(1, 25):
        assert P.engine_shot_count(d) == P.shot_count(d), d
    rng = np.random.default_rng(2)
    for _ in range(12):
        d = int(rng.integers(2, 24))
        blocked = {int(x) for x in rng.integers(1, d, size=int(rng.integers(1, 4)))}
        assert P.engine_shot_count(d, blocked) == P.shot_count(d, blocked), (d, blocked)


def test_bg07_engine_agrees_with_entering():
    """BG-07: the engine brings every bar checker in on exactly the counted rolls."""
    for n in range(7):
        for c in (1, 2, 3, 5):
            assert P.engine_enter_count(n, c) == P.enter_probability(n, c) * 36, (n, c)


def test_monte_carlo_estimates_cover_exact_values():
    for d, blocked in [(6, ()), (8, {4, 6}), (11, ())]:
        r = P.simulate_shot(d, blocked, n=20_000, seed=d)
        lo, hi = r.interval
        assert lo - 0.01 <= float(P.shot_probability(d, blocked)) <= hi + 0.01
    r = P.simulate_enter(4, 2, n=20_000, seed=3)
    assert abs(r.mean - float(P.enter_probability(4, 2))) < 0.02
