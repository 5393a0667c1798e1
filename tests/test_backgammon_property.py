"""Property tests: many seeded random backgammon games, invariants checked every turn."""
from __future__ import annotations

import numpy as np
import pytest

from boardkit.backgammon import BackgammonGame, CubeAction
from boardkit.backgammon.movegen import START, pip_count, plays_for

from conftest import check_invariants, random_games


def _check_play(mine, theirs, d1, d2, play):
    """Invariants of one play (BG-02, BG-05, BG-07, BG-08, BG-09)."""
    m2, t2 = play.after
    # 15 checkers each, always accounted for (BG-02)
    assert sum(m2) == 15 and sum(t2) == 15
    assert all(x >= 0 for x in m2) and all(x >= 0 for x in t2)
    # never both colours on one point (BG-05)
    for i in range(1, 25):
        assert not (m2[i] and t2[25 - i])
    # no checker moves while one is on the bar (BG-07)
    bar = mine[25]
    for k, (a, _) in enumerate(play.steps):
        if k < bar:
            assert a == 25
    # pips: the mover's go down by exactly the dice used (bear-offs may use less);
    # the opponent's never go down, and go up only by being hit
    used = pip_count(mine) - pip_count(m2)
    n = len(play.steps)
    if d1 == d2:
        full = d1 * n
    else:
        full = d1 + d2 if n == 2 else max(d1, d2) if n == 1 else 0
    bore_off = any(b == 0 for _, b in play.steps)
    if bore_off:
        assert 0 < used <= full            # a bear-off may use less than the die
    elif n == 1 and d1 != d2:
        assert used in (d1, d2)
    else:
        assert used == full
    assert pip_count(t2) >= pip_count(theirs)
    assert (pip_count(t2) > pip_count(theirs)) == (play.hits > 0)
    assert t2[25] - theirs[25] == play.hits
    # bearing off only from an all-home position (BG-09)
    if m2[0] > mine[0]:
        assert all(mine[i] == 0 for i in range(7, 26)) or any(
            a <= 6 for a, b in play.steps if b == 0)


@pytest.mark.slow
def test_property_many_random_games_fast_generator():
    """BG-02/05/07/08: 300 random games played with plays_for, invariants each turn."""
    rng = np.random.default_rng(2024)
    turns = 0
    for _ in range(300):
        mine, theirs = START, START
        for _ in range(2000):
            d1, d2 = (int(x) for x in rng.integers(1, 7, size=2))
            plays = plays_for(mine, theirs, d1, d2)
            # every play distinct and of the same (maximal) length (BG-08)
            assert len({p.after for p in plays}) == len(plays)
            assert len({len(p.steps) for p in plays}) == 1
            p = plays[rng.integers(len(plays))]
            _check_play(mine, theirs, d1, d2, p)
            turns += 1
            mine, theirs = p.after
            if mine[0] == 15:
                break
            mine, theirs = theirs, mine
        else:
            raise AssertionError("a random game did not finish")
    assert turns > 15_000


def _mostly_roll(game, rng):
    """Random plays; at a cube decision mostly "roll"/"take" (so games last), now and
    then a random cube action."""
    moves = game.legal_moves()
    if isinstance(moves[0], CubeAction):
        return moves[rng.integers(len(moves))] if rng.random() < 0.1 else moves[0]
    return moves[rng.integers(len(moves))]


def test_property_game_undo_json_ids():
    """Undo is exact, JSON and Position IDs round-trip, at every step of random games,
    cube actions and rolls included (BG-03, BG-12, BG-17): undo takes back the rolls too,
    all the way to the start position."""
    start = BackgammonGame().to_json()
    games, last, before = [], None, start
    for g, _, _ in random_games(BackgammonGame, games=20, seed=7, max_plies=3000, bot=_mostly_roll):
        if g is not last:
            games.append((g, [start]))
            before = start
        check_invariants(g, before)
        if not g.is_over():
            pid = g.position_id()
            assert BackgammonGame.from_position_id(pid, turn=g.roller).position() == g.position()
        before, last = g.to_json(), g
        games[-1][1].append(before)
    for g, states in games:
        assert g.is_over()
        states.pop()
        while g.history:
            g.undo()
            assert g.to_json() == states.pop()
        assert g.position_id() == "4HPwATDgc/ABMA" and not states


def test_property_partial_steps_reach_exactly_the_legal_plays():
    """BG-08 for the widget: following partial_steps one die at a time never dead-ends,
    and the plays it can complete are exactly legal_moves()."""
    rng = np.random.default_rng(11)
    mine, theirs = START, START
    checked = 0
    while checked < 150:
        d1, d2 = (int(x) for x in rng.integers(1, 7, size=2))
        g = BackgammonGame.from_position(mine, theirs, dice=(d1, d2))
        legal = {p.after for p in g.legal_moves()}
        reached = set()
        stack = [()]
        while stack:
            done = stack.pop()
            play = g.play_for_steps(done)
            if play is not None and done:
                reached.add(play.after)
                continue
            nxt = g.partial_steps(done)
            if not done and g.legal_moves()[0].is_pass:
                assert nxt == []
                reached.add(g.legal_moves()[0].after)
                continue
            assert nxt, "a first step that cannot be completed was offered"
            stack.extend(done + (s,) for s in nxt)
        assert reached == legal
        checked += 1
        plays = g.legal_moves()
        mine, theirs = plays[rng.integers(len(plays))].after
        if mine[0] == 15:
            mine, theirs = START, START
        else:
            mine, theirs = theirs, mine
