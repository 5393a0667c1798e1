"""The fused loop behind ``TossModel.simulate_turns``, compiled by numba (the optional
``fast`` extra: ``pip install boardkit[fast]``). Importing this module imports numba;
toss.py imports it lazily and falls back to its numpy pipeline without it.

Why a compiled loop: numpy makes one pass over memory per operation, and drawing a uniform
number costs only ~2.3 ns, so the comparisons, the table lookup and the running total of
the numpy pipeline cost almost as much again as the draws (0.55-0.62x of the bare draw;
the goal was 0.8x). Here each row of numbers is drawn into a reused, cache-resident
buffer and counted while it is still there, and the turns are summed in the same call.

Bit-identical to the numpy path (tests/test_mawari_toss_fused.py): the same numbers in
the same order (numba's ``Generator.random()`` is numpy's ``next_double``; a chunk is
drawn row after row as ``rng.random(out=u)`` fills a rows x m array), the same outcome
keys, the same coded table, so the same turns, toss counts and generator state after the
call. One compiled specialisation serves every model (thresholds passed as arrays), and
``cache=True`` keeps it on disk: the first call on a machine compiles (~2 s), later
processes load it (~0.2 s plus ~0.4 s to import numba).
"""
from __future__ import annotations

import numba
import numpy as np

_jit = numba.njit(cache=True, nogil=True)


@_jit
def _count_row(row, m, keys, bounds, mult, first):
    """keys[i] (+)= mult * (how many of ``bounds`` row[i] reaches), in one vectorised pass
    over a row that sits in the cache. ``bounds`` always holds 4 thresholds (unused ones are
    2.0, which no number in [0, 1) reaches) so that one compiled loop, unrolled, serves
    every model."""
    b0, b1, b2, b3 = bounds[0], bounds[1], bounds[2], bounds[3]
    mu = np.int32(mult)
    if b1 > 1.0:              # one threshold (fair golds): one comparison per number
        if first:
            for i in range(m):
                keys[i] = np.int32(row[i] >= b0)
        else:
            for i in range(m):
                keys[i] += np.int32(row[i] >= b0) * mu
    elif first:
        for i in range(m):
            x = row[i]
            keys[i] = np.int32(x >= b0) + np.int32(x >= b1) + np.int32(x >= b2) \
                + np.int32(x >= b3)
    else:
        for i in range(m):
            x = row[i]
            keys[i] += (np.int32(x >= b0) + np.int32(x >= b1) + np.int32(x >= b2)
                        + np.int32(x >= b3)) * mu


@_jit
def _sum_turns(keys, m, coded, out, counts, want, done, n, carry, count):
    """The running total, branch-free: ``coded`` = 2 * signed squares + (1 if the toss ends
    the turn); a toss ends at most one turn, so the first n - done tosses need no
    ``done == n`` test."""
    fast = min(m, n - done)
    start = 0
    if not want:
        for j in range(fast):
            v = np.int64(coded[keys[j]])
            carry += v >> 1
            out[done] = carry
            e = v & 1
            done += e
            carry &= e - 1
        start = fast
    for j in range(start, m):
        if done == n:
            break
        v = np.int64(coded[keys[j]])
        carry += v >> 1
        count += 1
        out[done] = carry
        if want:
            counts[done] = count
        e = v & 1
        done += e
        carry &= e - 1
        count &= e - 1
    return done, carry, count


@_jit
def _turns(rng, rows, per_turn, chunk, bounds, event_bounds, coded, out, counts, n):
    size = min(chunk, int(n * per_turn * 1.05) + 64)
    keys = np.empty(size, np.int32)
    row = np.empty(size)
    want = counts.shape[0] > 0
    done, carry, count = 0, 0, 0
    while done < n:
        # the same chunk sizes as the numpy path, so the same numbers are drawn
        m = min(chunk, int((n - done) * per_turn * 1.05) + 64)
        for g in range(rows):
            for i in range(m):
                row[i] = rng.random()
            if g < 4:
                _count_row(row, m, keys, bounds, 5 ** g, g == 0)
            else:
                _count_row(row, m, keys, event_bounds, 625, False)
        done, carry, count = _sum_turns(keys, m, coded, out, counts, want, done, n, carry,
                                        count)


def _four(bounds):
    return np.array([*bounds, *(2.0,) * (4 - len(bounds))], dtype=np.float64)


def simulate_turns(rng, rows, per_turn, chunk, bounds, event_bounds, coded, n, tosses):
    """The turns (and toss counts) of ``TossModel.simulate_turns``; the caller checks the
    arguments and builds the tables."""
    out = np.empty(n, np.int64)
    counts = np.empty(n if tosses else 0, np.int64)
    _turns(rng, rows, per_turn, chunk, _four(bounds), _four(event_bounds), coded, out, counts, n)
    return (out, counts) if tosses else out
