"""The one-sided bear-off database (BG-09): the fast layered build is compared with a
slow, independent recursion written here from the rules, on small sub-tables, and a
few full-table values with GNU Backgammon's database (gnubg_os0.bd)."""
from fractions import Fraction
from functools import cache
from itertools import permutations

import numpy as np
import pytest

from boardkit._core import BoardkitError
from boardkit.backgammon import bearoff as B


# ---------------------------------------------------------------- reference
def ref_single(checkers: tuple[int, ...], die: int) -> set[tuple[int, ...]]:
    """Checkers as a sorted tuple of point numbers. BG-09: a die bears off from its
    point, moves a checker from a higher point, or, with nothing higher than the
    die, bears off the checker on the highest point."""
    out = set()
    for i, p in enumerate(checkers):
        rest = checkers[:i] + checkers[i + 1:]
        if p > die:
            out.add(tuple(sorted(rest + (p - die,))))
        elif p == die or p == max(checkers):
            out.add(rest)
    return out


def ref_plays(checkers, a, b):
    seqs = [(a,) * 4] if a == b else set(permutations((a, b)))
    finals = set()
    for seq in seqs:
        layer = {checkers}
        for d in seq:
            layer = {q for c in layer for q in (ref_single(c, d) if c else {c})}
        finals |= layer
    return finals


@cache
def ref_mean(checkers) -> Fraction:
    if not checkers:
        return Fraction(0)
    total = Fraction(0)
    for a in range(1, 7):
        for b in range(1, 7):
            total += min(ref_mean(q) for q in ref_plays(checkers, a, b))
    return 1 + total / 36


def to_counts(checkers):
    return tuple(checkers.count(p) for p in range(1, 7))


def to_checkers(counts):
    return tuple(p for p in range(1, 7) for _ in range(counts[p - 1]))


# ---------------------------------------------------------------- tests
def test_bg09_small_table_matches_independent_recursion():
    """BG-09 (bearing off, higher-point rule): every position of up to 3 checkers."""
    t = B.build_table(3)
    assert len(t) == 84          # C(3 + 6, 6) positions, the empty board included
    for pos in t.positions:
        counts = tuple(int(c) for c in pos)
        assert t.expected_rolls(counts) == pytest.approx(float(ref_mean(to_checkers(counts))),
                                                         abs=1e-12), counts


def test_bg09_plays_match_independent_generator():
    rng = np.random.default_rng(3)
    for _ in range(200):
        counts = tuple(int(x) for x in rng.multinomial(int(rng.integers(1, 9)), [1 / 6] * 6))
        a, b = (int(x) for x in rng.integers(1, 7, size=2))
        ours = set(B.bearoff_plays(counts, a, b))
        ref = {to_counts(q) for q in ref_plays(to_checkers(counts), a, b)}
        assert ours == ref, (counts, a, b)


def test_bg09_hand_computed_values():
    t = B.build_table(2)
    assert t.expected_rolls((1, 0, 0, 0, 0, 0)) == 1
    # one checker on the 6: 9 rolls of 36 fail (2-1, 3-1, 4-1, 3-2 and 1-1), then 1 more
    assert t.expected_rolls((0, 0, 0, 0, 0, 1)) == pytest.approx(1 + 9 / 36)
    d = t.distribution((0, 0, 0, 0, 0, 1))
    assert d[1] == pytest.approx(27 / 36) and d[2] == pytest.approx(9 / 36)
    assert t.expected_rolls((0, 0, 0, 0, 0, 0)) == 0


def test_bg09_distribution_is_consistent():
    t = B.build_table(5)
    assert np.allclose(t.dist.sum(axis=1), 1)
    assert np.allclose((t.dist * np.arange(t.dist.shape[1])).sum(axis=1), t.mean)
    # a checker more never bears off faster
    for pos in t.positions[:200]:
        for j in range(6):
            if pos.sum() < 5:
                more = pos.copy()
                more[j] += 1
                assert t.expected_rolls(more) >= t.expected_rolls(pos) - 1e-12


# Mean rolls read from GNU Backgammon 1.06's one-sided database gnubg_os0.bd (Debian
# package gnubg), which stores each distribution in 16-bit fixed point.
GNUBG = {(0, 0, 0, 0, 0, 15): 12.2663, (3, 3, 3, 2, 2, 2): 7.5550, (0, 0, 0, 0, 0, 2): 2.1096,
         (1, 1, 1, 1, 1, 1): 3.4636, (0, 0, 0, 0, 5, 0): 3.9954, (2, 2, 2, 3, 3, 3): 8.1389,
         (0, 0, 0, 4, 0, 0): 2.8624, (15, 0, 0, 0, 0, 0): 6.9795, (5, 0, 0, 0, 0, 0): 2.6944}


def test_bg09_full_table_matches_gnubg_sample():
    """The public API on the full 54,264-position table (cached on disk)."""
    assert len(B.table()) == 54264
    for pos, mean in GNUBG.items():
        assert B.expected_rolls(pos) == pytest.approx(mean, abs=2e-4), pos
    assert B.roll_distribution((0, 0, 0, 0, 0, 15)).sum() == pytest.approx(1)
    assert B.effective_pip_count((0, 0, 0, 0, 0, 2)) >= 12


def test_bg10_race_win_probability():
    """BG-10 the first to bear off all checkers wins; the side on roll goes first."""
    one = (1, 0, 0, 0, 0, 0)
    two6 = (0, 0, 0, 0, 0, 2)
    assert B.race_win_probability(one, two6) == 1
    # two on the 6 against one on the 1: only a double of 3 or more saves it
    assert B.race_win_probability(two6, one) == pytest.approx(4 / 36)
    assert B.race_win_probability(two6, (0,) * 6) == 0
    # equal positions: being on roll is an advantage
    p = B.race_win_probability((2, 2, 2, 3, 3, 3), (2, 2, 2, 3, 3, 3))
    assert 0.5 < p < 1
    a, b = (0, 0, 3, 3, 3, 3), (3, 3, 3, 3, 0, 0)
    assert B.race_win_probability(a, b) + B.race_win_probability(b, a) > 1


def test_best_play_bears_off_when_possible():
    t = B.build_table(4)
    assert t.best_play((0, 0, 0, 0, 1, 1), 6, 5) == (0,) * 6
    # 6-1 from two on the 6: bear one off and move the other 6/5
    assert t.best_play((0, 0, 0, 0, 0, 2), 6, 1) == (0, 0, 0, 0, 1, 0)


def test_cache_is_written_and_reused(tmp_path, monkeypatch):
    """The table is cached in $BOARDKIT_CACHE, then loaded instead of rebuilt."""
    monkeypatch.setenv("BOARDKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(B, "MAX_CHECKERS", 3)
    monkeypatch.setattr(B, "_TABLE", None)
    t = B.table()
    assert len(t) == 84 and B.cache_path().parent == tmp_path and B.cache_path().exists()
    monkeypatch.setattr(B, "_TABLE", None)

    def no_build(*a, **k):
        raise AssertionError("should load from the cache")
    monkeypatch.setattr(B, "build_table", no_build)
    again = B.table()
    assert np.array_equal(again.mean, t.mean)


@pytest.mark.parametrize("points, words", [
    ((1, 2, 3), "exactly 6"),
    ((0, 0, 0, 0, 0, -1), "negative"),
    ((0, 0, 0, 0, 0, 16), "15"),
    ((0, 0, 0, 0, 0, 1.5), "whole"),
    (7, "6-tuple"),
])
def test_bad_positions_are_rejected(points, words):
    with pytest.raises(BoardkitError, match=words):
        B.check_points(points)
    with pytest.raises(BoardkitError):
        B.build_table(2).expected_rolls(points)


def test_bad_dice_and_sizes():
    with pytest.raises(BoardkitError, match="1..6"):
        B.bearoff_plays((1, 0, 0, 0, 0, 0), 0, 3)
    with pytest.raises(BoardkitError, match="max_checkers"):
        B.build_table(16)
