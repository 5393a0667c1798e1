"""A lone piece on the 回り将棋 ring as a Markov chain (MS-01, MS-06, MS-07, MS-08, MS-10, MS-14)."""
import math
from fractions import Fraction as F

import numpy as np
import pytest

from boardkit import BoardkitError
from boardkit.mawari.ring import RING, RingChain, _step_arrays, draw_ring_values, step
from boardkit.mawari.toss import TossModel


# ---- one toss on the ring ---------------------------------------------------------------
def test_ms14_corner_jump_on_landing_exactly_on_a_corner():
    assert step(0, 8) == (16, 0)          # corner 8 -> on to 16
    assert step(0, 16) == (24, 0)         # one jump only: 16 -> 24, not further
    assert step(5, 11) == (24, 0)
    assert step(20, 4) == (0, 1)          # 24 -> home: the jump completes the lap
    assert step(2, 30) == (0, 1)          # exactly home: no jump from one's own home
    assert step(30, 10) == (16, 1)        # 40 = corner 8 of the next lap -> 16
    assert step(0, 8, jump=False) == (8, 0)


def test_ms06_back_never_past_the_last_corner():
    assert step(10, -5) == (8, 0)
    assert step(12, -3) == (9, 0)
    assert step(8, -4) == (8, 0)          # on a corner: stays
    assert step(3, -20) == (0, 0)
    assert step(31, -20) == (24, 0)


def test_ms08_no_move_and_ms10_laps_counted():
    assert step(5, 0) == (5, 0)
    assert step(30, 100) == (2, 4)        # 130 squares: four laps (MS-10: several promotions)


def test_ms01_bad_position_raises():
    with pytest.raises(BoardkitError, match="MS-01"):
        step(32, 3)
    with pytest.raises(BoardkitError, match="MS-01"):
        step(-1, 3)


def test_ms14_step_arrays_agree_with_step():
    pos = np.repeat(np.arange(RING), 61)
    sq = np.tile(np.arange(-30, 31), RING)
    for jump in (True, False):
        new, laps = _step_arrays(pos, sq, jump)
        expected = [step(int(p), int(s), jump) for p, s in zip(pos, sq)]
        assert list(zip(new.tolist(), laps.tolist())) == expected


# ---- the chain, against hand calculations -----------------------------------------------------
def test_ms14_deterministic_tosses_turns_per_lap():
    """Every toss four face down, worth 8: with the jump 0 -> 8 -> 16, 16 + 8 -> 24 -> 32:
    two turns; without it four turns of 8."""
    m = TossModel(0, 1, all_down_value=8)
    assert RingChain(m, jump=True).expected_turns() == 2
    assert RingChain(m, jump=False).expected_turns() == 4
    assert RingChain(m, jump=True).turns_distribution(5) == {1: 0, 2: 1, 3: 0, 4: 0, 5: 0}
    m20 = TossModel(0, 1)                   # 20 per turn: 20, 40 -> lap in 2 turns
    assert RingChain(m20).expected_turns() == 2


def test_ms01_no_jump_landings_are_uniform():
    """Without the jump and without moving back, the toss-by-toss chain on the cycle is
    doubly stochastic: in the long run every square is equally likely, so each square
    gets 1 / E[squares per toss] landings per lap (renewal theorem): 4/13 for fair golds."""
    chain = RingChain(TossModel.fair(), jump=False)
    assert chain.landings() == [F(4, 13)] * RING
    assert chain.stationary() == [F(1, 32)] * RING
    assert chain.laps_per_toss() == F(13, 4) / 32


def test_ms14_with_jump_corners_are_left_at_once():
    """Fair golds never move back, so nobody ever rests on corner 8 (arrivals jump on);
    home gets the arrivals from 24 as well as its own."""
    land = RingChain(TossModel.fair(), jump=True).landings()
    assert land[8] == 0 and land[0] > land[1] and land[0] == max(land)
    assert sum(RingChain(TossModel.fair(), jump=True).stationary()) == 1


def test_ms06_moving_back_lands_on_corners():
    """With overlaps, a piece just past corner 8 moving back stops on 8 (MS-06), so corner
    8 is landed on even with the jump."""
    m = TossModel(F(1, 2), F(1, 2), overlap=F(1, 5))
    land = RingChain(m, jump=True).landings()
    assert land[8] > 0


def test_ms07_turns_distribution_is_consistent():
    chain = RingChain(TossModel.fair(), jump=True)
    d = chain.turns_distribution(60)
    assert d[1] > 0                         # possible by tossing again (MS-07)
    assert abs(1 - sum(d.values())) < 1e-12
    mean = sum(n * p for n, p in d.items())
    assert abs(mean - chain.expected_turns()) < 1e-9
    assert isinstance(chain.expected_turns(), F)


def test_ms07_one_turn_lap_by_hand():
    """Fair golds, no jump: a turn is k tosses of four face up (4 each, chance 1/16 each)
    and a last toss of 1, 2, 3 or 20 (20 with chance 1/16). 32 squares in one turn means
    k in 3..7 followed by 20, or k >= 8 (the lap is done during the 8th repeat)."""
    expected = sum(F(1, 16) ** (k + 1) for k in range(3, 8)) + F(1, 16) ** 8
    assert RingChain(TossModel.fair(), jump=False).turns_distribution(1) == {1: expected}


# ---- Monte Carlo cross-checks -----------------------------------------------------------------
@pytest.mark.parametrize("model, jump", [(TossModel.fair(), True), (TossModel.fair(), False),
                                         (TossModel.realistic(), True)])
def test_ms14_expected_turns_match_simulation(model, jump):
    chain = RingChain(model, jump=jump, exact=False)
    turns = chain.simulate_laps(20_000, np.random.default_rng(5))
    se = turns.std() / math.sqrt(len(turns))
    assert abs(turns.mean() - chain.expected_turns()) < 4 * se
    assert RingChain(model, jump=jump, exact=False).turns_distribution(3)[1] == pytest.approx(
        (turns == 1).mean(), abs=0.01)


def test_ms14_landings_match_simulation():
    chain = RingChain(TossModel.fair(), jump=True)
    exact = np.array([float(x) for x in chain.landings()])
    land, laps = chain.simulate_landings(150, np.random.default_rng(8), pieces=2000)
    sim = land / laps
    se = np.sqrt(np.maximum(land, 1)) / laps
    assert (np.abs(sim - exact) < 5 * se).all()
    assert land[8] == 0


def test_exact_and_float_chains_agree():
    m = TossModel(F(1, 2), F(2, 5), F(1, 10), overlap=F(1, 20))
    a, b = RingChain(m), RingChain(m, exact=False)
    assert float(a.expected_turns()) == pytest.approx(b.expected_turns(), rel=1e-9)
    assert [float(x) for x in a.landings()] == pytest.approx(b.landings(), rel=1e-9)


def test_ring_drawing_has_every_square():
    svg = draw_ring_values(RingChain().landings(), title="landings per lap").to_svg()
    assert svg.count('data-cell="') == RING and "landings per lap" in svg


def test_ms07_turn_matrix_matches_the_turn_distribution():
    """Two independent routes to one turn: the ring's (I - A)^-1 E and the convolution in
    TossModel.turn_distribution. Fair golds, no jump, from square 1: a turn of t squares
    ends on 1 + t (t <= 30 needs at most 7 repeats of 4, so 8 repeats are exact)."""
    q, done = RingChain(TossModel.fair(), jump=False).turn_matrix()
    d = TossModel.fair().turn_distribution(max_repeats=8)
    for j in range(2, RING):
        assert q[1][j] == d.get(j - 1, 0)
    assert q[1][0] == 0 and q[1][1] == 0
    assert done[1] == 1 - sum(q[1])


def test_ms01_bad_start_raises():
    chain = RingChain()
    with pytest.raises(BoardkitError, match="MS-01"):
        chain.simulate_laps(10, np.random.default_rng(0), start=40)
