"""The fast move generator against the plain search it replaces (issue 14).

movegen.py lists a roll's plays with flat, keyless searches for the common cases. Each
must give exactly the plays of the plain search -- every sequence of single steps, the
doubles' moves in canonical order (sources never rising), told apart by the position
they reach, the first found kept, the longest kept (BG-08), the larger die when only
one can be played -- in the same order, since seeded games depend on it. The
reference below is that plain search, written for clarity rather than speed.
"""
from __future__ import annotations

from itertools import product

import numpy as np
import pytest

from boardkit.backgammon import BackgammonGame, CubeAction
from boardkit.backgammon.movegen import plays_for


def _single(m, t, d, top=24):
    """(from, to, hit) for one checker and die d from points no higher than top."""
    if m[25]:
        return [(25, 25 - d, t[d] == 1)] if t[d] < 2 else []
    srcs = [p for p in range(24, 0, -1) if m[p]]
    if not srcs:
        return []
    hi = srcs[0]
    out = []
    for src in srcs:
        if src > top:
            continue
        dst = src - d
        if dst > 0:
            if t[25 - dst] < 2:
                out.append((src, dst, t[25 - dst] == 1))
        elif hi <= 6 and (dst == 0 or src == hi):
            out.append((src, 0, False))
    return out


def _step(m, t, src, dst, hit):
    m, t = list(m), list(t)
    m[src] -= 1
    m[dst] += 1
    if hit:
        t[25 - dst] -= 1
        t[25] += 1
    return m, t


def _key(m, t):
    return (tuple(m), tuple(t))


def reference_plays(m, t, d1, d2) -> list:
    """[((from, to, hit, die), ...), ...] of the plain search, in its order."""
    out: dict = {}
    if d1 == d2:
        def search(m, t, n, steps, canon):
            moved = False
            for src, dst, hit in _single(m, t, d1, canon):
                if src > canon:
                    continue
                moved = True
                m2, t2 = _step(m, t, src, dst, hit)
                st = steps + ((src, dst, hit, d1),)
                if n > 1:
                    search(m2, t2, n - 1, st, src)
                else:
                    out.setdefault(_key(m2, t2), st)
            if not moved and steps:
                out.setdefault(_key(m, t), steps)
        search(m, t, 4, (), 25)
        if not out:
            return []
        most = max(map(len, out.values()))
        return [s for s in out.values() if len(s) == most]
    ones: dict = {}
    for da, db in ((d1, d2), (d2, d1)):
        for src, dst, hit in _single(m, t, da):
            m2, t2 = _step(m, t, src, dst, hit)
            first = (src, dst, hit, da)
            seconds = _single(m2, t2, db)
            for s2, e2, h2 in seconds:
                out.setdefault(_key(*_step(m2, t2, s2, e2, h2)), (first, (s2, e2, h2, db)))
            if not seconds:
                ones.setdefault(_key(m2, t2), (first,))
    if out:
        return list(out.values())
    big = max(d1, d2)
    bigs = _single(m, t, big)
    if bigs:
        found: dict = {}
        for src, dst, hit in bigs:
            found.setdefault(_key(*_step(m, t, src, dst, hit)), ((src, dst, hit, big),))
        return list(found.values())
    return list(ones.values())


def _raw(plays) -> list:
    return [tuple((a, b, h, None) for (a, b), h in zip(p.steps, p.hit_flags)) for p in plays
            if p.steps]


def _same(m, t, d1, d2) -> None:
    want = [tuple((a, b, h, None) for a, b, h, _ in s) for s in reference_plays(m, t, d1, d2)]
    assert _raw(plays_for(m, t, d1, d2)) == want, (m, t, d1, d2)


def _random_side(rng, where: str) -> list:
    s = [0] * 26
    s[0] = int(rng.integers(0, 15)) if rng.random() < 0.3 else 0
    for _ in range(15 - s[0]):
        if where == "home":
            p = int(rng.integers(1, 8))
        elif where == "bar" and rng.random() < 0.2:
            p = 25
        else:
            p = int(rng.integers(1, 26))
        s[p] += 1
    return s


def _setups(rng, n: int):
    """Random set-ups with blots, checkers on the bar and bear-offs."""
    made = 0
    while made < n:
        m = _random_side(rng, ("home", "bar", "any", "home")[made % 4])
        t = _random_side(rng, ("home", "bar", "any")[int(rng.integers(3))])
        for i in range(1, 25):                  # one colour per point
            if m[i] and t[25 - i]:
                if rng.random() < 0.5:
                    t[0] += t[25 - i]
                    t[25 - i] = 0
                else:
                    m[0] += m[i]
                    m[i] = 0
        if m[0] == 15 or t[0] == 15:
            continue
        made += 1
        yield tuple(m), tuple(t)


def _game_positions(seed: int, games: int):
    rng = np.random.default_rng(seed)
    for _ in range(games):
        g = BackgammonGame()
        while not g.is_over():
            if g.chance_pending():
                g.resolve_chance(rng)
                continue
            moves = g.legal_moves()
            if not isinstance(moves[0], CubeAction):
                yield g.position()
            g.play(moves[int(rng.integers(len(moves)))])


def test_same_plays_in_the_same_order_as_the_plain_search_on_set_ups():
    rng = np.random.default_rng(14)
    for m, t in _setups(rng, 3000):
        _same(m, t, int(rng.integers(1, 7)), int(rng.integers(1, 7)))


def test_same_plays_in_the_same_order_as_the_plain_search_in_games():
    for i, (m, t) in enumerate(_game_positions(14, 3)):
        d1, d2 = 1 + i % 6, 1 + (i // 6) % 6          # every roll, in turn
        _same(m, t, d1, d2)


@pytest.mark.slow
def test_same_plays_in_the_same_order_every_roll_many_positions():
    """Every roll at every position of 10 random games, and 20,000 more set-ups."""
    for m, t in _game_positions(2024, 10):
        for d1 in range(1, 7):
            for d2 in range(1, 7):
                _same(m, t, d1, d2)
    rng = np.random.default_rng(2024)
    for m, t in _setups(rng, 20000):
        _same(m, t, int(rng.integers(1, 7)), int(rng.integers(1, 7)))


def _home_boards(most: int):
    """Every all-home position as the two-dice generator sees it: each of my points 1..6
    empty or holding 1..``most`` checkers (the rest borne off), each of my empty points
    1..5 empty, a blot or a point of theirs (their other checkers borne off); at least
    one checker of mine still on the board."""
    for mine in product(range(most + 1), repeat=6):
        if not any(mine) or sum(mine) > 15:
            continue
        free = [p for p in range(1, 6) if not mine[p - 1]]
        for theirs in product((0, 1, 2), repeat=len(free)):
            m = [15 - sum(mine), *mine] + [0] * 19
            t = [0] * 26
            for p, n in zip(free, theirs):
                t[25 - p] = n
            t[0] = 15 - sum(theirs)
            yield m, t


def test_the_home_single_step_is_the_single_step_on_every_home_board():
    """``_home_single`` (the bear-off's scan of six points) against ``_single`` (BG-04,
    BG-05, BG-09): both read a point of mine only as holding a checker or not, so the
    boards with 0 or 1 checker per point, with every pattern of their blots and points,
    are every home board; every die."""
    from boardkit.backgammon.movegen import _home_single
    from boardkit.backgammon.movegen import _single as single
    n = 0
    for m, t in _home_boards(1):
        for d in range(1, 7):
            assert _home_single(m, t, d) == single(m, t, d), (m, t, d)
            n += 1
    assert n == 6 * sum(3 ** (5 - sum(b[:5])) for b in product((0, 1), repeat=6) if any(b))


@pytest.mark.slow
def test_bear_off_search_with_small_keys_is_the_general_search_on_every_home_position():
    """The bear-off with two different dice is ``_two_general`` given the home board's
    single step and small keys (``_MVH``, ``_HITH``): on every all-home position, every
    roll of two different dice, it lists the very steps of ``_two_general`` with
    ``_single`` and the full keys, in the same order. Two steps empty a point only if it
    held one or two checkers, so points of 0, 1 or 2 checkers (and every pattern of their
    blots and points) are every all-home position as the search sees it."""
    from boardkit.backgammon.movegen import _HITH, _MVH, _home_single, _two_general
    n = 0
    for m, t in _home_boards(2):
        before = (list(m), list(t))
        for d1 in range(1, 7):
            for d2 in range(d1 + 1, 7):
                for a, b in ((d1, d2), (d2, d1)):
                    assert _two_general(m, t, a, b, _home_single, _MVH, _HITH) == \
                        _two_general(m, t, a, b), (m, t, a, b)
                    n += 1
        assert (m, t) == before
    assert n == 9132 * 30


def test_bear_off_plays_as_the_plain_search_on_home_positions():
    """The bear-off plays against the plain search: every all-home position of 0 or 1
    checker a point (with every pattern of their blots and points) and every fifth of up
    to 2 checkers a point, each with one roll, the 36 rolls (doubles too) in turn."""
    n = 0
    for k, (m, t) in enumerate(_home_boards(1)):
        _same(m, t, 1 + k % 6, 1 + k // 6 % 6)
        n += 1
    for k, (m, t) in enumerate(_home_boards(2)):
        if k % 5 == 0:
            _same(m, t, 1 + k // 5 % 6, 1 + k // 30 % 6)
            n += 1
    assert n == 1805 + 1827
