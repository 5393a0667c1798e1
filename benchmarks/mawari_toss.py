"""Speed of the 金 toss simulation (run by hand: python benchmarks/mawari_toss.py).

No other software implements these house rules, so the comparisons are against simpler
ways of doing the same thing on the same machine:
  - TossModel.sample_tosses (vectorised, chunked)      -> tosses per second
  - TossModel.simulate_turns                           -> turns per second
  - a naive numpy version (rng.choice per gold, whole arrays at once)
  - a pure Python loop of TossModel.sample()
and the exact side: turn_mean / turn_variance / turn_distribution timings.
Prints medians of a few repeats; keep runs short (the machine is shared).

simulate_turns against the raw draw (issue 14), ``--draws`` runs only this part:
``side_by_side`` records the exact chunks of uniform numbers simulate_turns asks the
generator for, then alternates, round by round, simulate_turns(n) and a plain
``rng.random(out=buf)`` of the very same numbers into a reused buffer (the fastest way
numpy can produce them), both from the same seed, CPU seconds per round; it prints the
medians and the ratio raw time / simulate_turns time (1.0 = the simulation costs no more
than drawing its random numbers).

Measured 2026-12-01 on the shared 2-core machine (load 6-8, 1,000,000 turns, 11 rounds),
results bit-identical to the old code for the same seed:
    model       before (tables rebuilt per 64k chunk)   after (tables cached per model)
    fair        0.41-0.51x raw                            0.57-0.63x raw (57-63 M turns/s)
    realistic   0.38-0.41x raw                            0.51-0.57x raw (40-47 M turns/s)
(the raw draw runs at 430-445 M numbers/s; a lone piece's RingChain.simulate_laps(20000),
which calls sample_tosses once per step, went from 10 to 8 ms CPU)
Where the rest goes (fair, one 64k chunk, relative to its draw): outcome keys 0.25
(threshold comparisons, base-5 key), table lookup 0.15, running total and turn ends
0.4. The ceiling, measured the same way (60 interleaved rounds of 16 chunks): drawing
the numbers and computing only the outcome keys already runs at 0.83x (fair, one
threshold per gold) and 0.70x (realistic, four thresholds) of the bare draw; a single
comparison pass over the golds' numbers alone costs 0.93x. The 0.8x target of issue
14 is NOT reached: numpy makes one pass over memory per operation, and the draw itself
is only ~2.4 ns per number, so even the comparisons of the four numbers of a toss with
the face thresholds cost a quarter of the draw (realistic golds); smaller
chunks (cache-resident) lose more to Python overhead per call than they gain. A fused
loop (numba or C) would be needed for 0.8x; see the mawari report.

Re-measured 2026-12-01 02:03 UTC (load 6-7; --draws, 11 rounds): fair 0.53-0.55x,
realistic 0.50-0.52x (at load ~1 earlier the same code gave 0.64x / 0.59x: the ratio
drops under load because the processing passes lose the cache to the other processes,
while the bare draw mostly computes). Tried and NOT adopted (ms-speed, same day):
  - a sparse pipeline (fair: down count per toss in uint8, the values of the tosses that
    end a turn compacted by a boolean mask, the rare again-tosses added with np.add.at,
    all in reused buffers): 0.54-0.62x, no better than the running total; compaction
    (~1.2 ns per toss) plus writing the int64 result alone cost a seventh of the draw.
  - drawing bits instead of floats (fair golds: one 64-bit word = 16 tosses, 4 bits a
    toss, face-up count = popcount of the nibble; ``--bits`` below): 152 M turns/s
    against 59-60 M today (2.6x faster; mean and variance over 10 M turns within
    1.2 standard errors of the exact ones), but measured honestly against the raw
    draw of the SAME bits (random_raw of the same number of words, 0.17 ms per million
    turns) the ratio falls to 0.025-0.04x: the fewer random bits a simulation needs, the
    lower this ratio, so it rewards drawing more than needed. It would also change every
    seeded result (notebooks calling simulate_turns); not worth it for a function that
    already simulates a million turns in 20 ms.

Third look, 2026-12-01 04:50-05:00 UTC (ms, load 3-4; --draws: fair 0.60x, realistic
0.56x), time-boxed; nothing adopted, the 0.8x goal is still NOT reached:
  - the running totals in int32 (a 64k chunk of |2 * squares + 1| <= 801 fits) instead
    of int64: half the bytes for the cumsum, the take at the turn ends and the
    differences; bit-identical, but 0.61x -> 0.61x (fair), 0.53x -> 0.55x (realistic),
    i.e. noise: the passes cost per element, not per byte, at these sizes.
  - where the time goes (fair, a 64k chunk, CPU ns per toss on top of the ~9 ns draw of
    its four numbers): outcome keys 2.0, the table lookup 1.1, end flags and their
    indices 3.0 (flatnonzero writes an int64 index for the ~94% of tosses that end a
    turn), running total and differences 1.1. Single numpy passes over one 64k chunk,
    measured hot in the cache: compare 4 x 64k doubles 0.47 ns per toss, flatnonzero
    0.8, cumsum 0.8-0.9, take by an index array 0.6-1.1, boolean-mask compaction 1.2.
  - the floor, measured: a deliberately incomplete minimal fair pipeline (one compare
    pass, the face-up count by three int8 adds, one 5-entry lookup, the end indices,
    the values at the ends; the repeated tosses NOT even added) runs at 0.70x of the
    draw with 64k chunks, 0.76x with 16k and 0.62x with 4k (the Python cost per numpy
    call wins below 16k). Any correct version adds passes to that, so 0.8x is out of
    reach for numpy's one-pass-per-operation model; the 0.8x needs a fused loop (numba
    or C: compare, look up and sum in one pass while the numbers are in registers).
  Re-measured 05:14 UTC (load 3.5, --draws, two runs): fair 0.59-0.61x, realistic
  0.52-0.53x of the raw draw.

Fourth look, 2026-12-01 05:19-05:45 UTC (ms-numba, load 2-3.7): a fused loop compiled by
numba 0.68.1 (numpy 2.4.6, in a scratch venv; ``--numba`` below reruns it). Tried,
measured, NOT adopted:
  - bit-identical: both paths below give the same turns, counts and generator state after
    the call as simulate_turns (3,120 checks in ``numba_check``: ten models, events
    (rows == 5), whole_value, float and one-face models, seeds 0-2, n = 0..200,003 across
    the 64k chunk edges, chunk = 7 and 1000 so turns span chunks, tosses=True/False).
    numba's ``Generator.random()`` is numpy's next_double, so the draws can move inside.
  - "numpy draws": today's ``rng.random(out=u)`` per chunk, then one compiled call counts
    the faces row by row (vectorised) and sums the turns branch-free: fair 0.77-0.93x,
    realistic 0.78-0.84x (typically 0.80x / 0.79-0.80x). A per-toss loop over the
    columns (compare, look up, add, branch on the turn's end) only gave 0.67-0.77x /
    0.55x: the turn-end branch mispredicts and five strided streams come from L3.
  - "numba draws": the same, the draws inside the compiled loop row by row into one
    reused row buffer (L2) instead of the whole chunk (L3): fair 0.78-0.99x, realistic
    0.80-0.91x, typically 0.84-0.86x / 0.82-0.83x (five runs of 11-21 rounds; the raw
    draw moved 295-447 M numbers/s with the load, which is most of the spread).
  - where the rest goes (realistic, CPU ns per toss on top of the ~11.4 ns draw of its
    five numbers): counting faces against the thresholds 1.3, the running total 1.1-1.5;
    0.85x would need <= 2.0 in all. No gain from: blocks of 256-8192 numbers drawn then
    counted (2-3x slower), counting while the next row is drawn (0.60-0.71x), the table
    lookup moved into the last row's count (a gather: fair 0.60x), int16 keys, a
    vectorised path for 8 tosses that all end a turn (0.1-0.2 ns per toss).
  - compile: 3.4-7.8 s at the first call in a fresh cache (fair + realistic, both paths;
    another number of thresholds compiles again, ~1 s each); with cache=True a second
    process loads in 0.17-0.29 s, plus 0.3 s (0.7 s cold) to import numba.
  Decision: numba does not earn its place here. The issue's 0.8x is met on most runs
  only with the draws inside the kernel, the 0.85x margin asked before adopting it is
  not met for realistic golds, and it would cost an optional ~210 MB dependency
  (numba 35 MB + llvmlite 173 MB installed) and 3-8 s of JIT per fresh Binder session
  for a function that already simulates a million turns in 16-21 ms.
"""
from __future__ import annotations

import statistics
import sys
import time

import numpy as np

from boardkit.mawari.toss import FACE_VALUE, FACES, TossModel


def median_time(fn, repeats=5, clock=time.perf_counter):
    times = []
    for _ in range(repeats):
        t = clock()
        fn()
        times.append(clock() - t)
    return statistics.median(times)


def cpu_time(fn, repeats=5):
    """CPU seconds of this process: on a shared, busy machine this is steadier than the
    wall clock, which also counts the time other processes held the cores."""
    return median_time(fn, repeats, clock=time.process_time)


def naive_numpy(model, n, rng):
    p = [float(model.face_probs[f]) for f in FACES]
    vals = np.array([FACE_VALUE[f] for f in FACES])
    faces = rng.choice(5, size=(n, 4), p=p)
    value = vals[faces].sum(axis=1)
    down = (faces == 1).sum(axis=1)
    value[down == 4] = model.all_down_value
    over = rng.random(n) < float(model.overlap)
    fall = rng.random(n) < float(model.fall)
    squares = np.where(fall, 0, np.where(over, -value, value))
    return squares, (down == 0) & ~over & ~fall


class _Recorder:
    """Stands in for a Generator and records the shape of every ``random(out=...)``."""

    def __init__(self, rng):
        self.rng, self.shapes = rng, []

    def random(self, out=None):
        self.shapes.append(out.shape)
        return self.rng.random(out=out)


def side_by_side(model, n=1_000_000, rounds=11, seed=5):
    """Interleaved rounds of simulate_turns(n) and the raw draw of the same numbers.
    Returns (median seconds simulate, median seconds raw, numbers drawn, ratio)."""
    raw, numbers = raw_draw(model, n, seed)
    sim_t, raw_t = [], []
    for _ in range(rounds):
        t = time.process_time()
        model.simulate_turns(n, np.random.default_rng(seed))
        sim_t.append(time.process_time() - t)
        t = time.process_time()
        raw()
        raw_t.append(time.process_time() - t)
    a, b = statistics.median(sim_t), statistics.median(raw_t)
    return a, b, numbers, b / a


def raw_draw(model, n: int, seed: int):
    """(raw(), how many numbers): ``raw()`` draws bare, into one reused buffer, the very
    chunks of uniform numbers ``model.simulate_turns(n, default_rng(seed))`` asks for
    (recorded once; that run warms the model's cached tables too)."""
    rec = _Recorder(np.random.default_rng(seed))
    model.simulate_turns(n, rec)
    sizes = [int(np.prod(s)) for s in rec.shapes]
    buf = np.empty(max(sizes))

    def raw():
        rng = np.random.default_rng(seed)
        for shape, size in zip(rec.shapes, sizes):
            rng.random(out=buf[:size].reshape(shape))
    return raw, sum(sizes)


def bits_turns(n, rng, chunk=1 << 16):
    """The alternative measured above (fair golds only, not used by the library): one
    random 64-bit word gives 16 tosses; a toss's face-up count is the popcount of its
    4 bits; the turn sums by the same running total as simulate_turns."""
    coded = np.array([41, 3, 5, 7, 8], np.int16)      # 2 * squares + ends-the-turn flag
    out = np.empty(n, np.int64)
    done = carry = 0
    while done < n:
        m = min(chunk, ((int((n - done) * 16 / 15 * 1.05) + 64) + 15) // 16 * 16)
        by = rng.bit_generator.random_raw(m // 16).view(np.uint8)
        nib = np.empty((len(by), 2), np.uint8)
        np.bitwise_and(by, 15, out=nib[:, 0])
        np.right_shift(by, 4, out=nib[:, 1])
        c = coded.take(np.bitwise_count(nib.reshape(-1)).astype(np.intp))
        cs = np.cumsum(c, dtype=np.int64)
        ends = np.flatnonzero(c & 1)[: n - done]
        at = cs[ends]
        s = out[done:done + len(ends)]
        s[0] = at[0]
        np.subtract(at[1:], at[:-1], out=s[1:])
        np.right_shift(s, 1, out=s)
        s[0] += carry
        carry = (int(cs[-1]) - int(at[-1])) >> 1
        done += len(ends)
    return out


def bits_report(n=1_000_000, rounds=11):
    model = TossModel.fair()
    x = bits_turns(n, np.random.default_rng(1))
    print(f"bits: mean {x.mean():.4f} (exact {float(model.turn_mean()):.4f}), variance "
          f"{x.var():.3f} (exact {float(model.turn_variance()):.3f})")
    words = int(n * 16 / 15 / 16 * 1.05) + 64
    bt, ct, rt = [], [], []
    for r in range(rounds):
        for times, fn in ((bt, lambda: bits_turns(n, np.random.default_rng(r))),
                          (ct, lambda: model.simulate_turns(n, np.random.default_rng(r))),
                          (rt, lambda: np.random.default_rng(r).bit_generator.random_raw(words))):
            t = time.process_time()
            fn()
            times.append(time.process_time() - t)
    b, c, w = (statistics.median(x) for x in (bt, ct, rt))
    print(f"bits {n / b / 1e6:.0f} M turns/s, simulate_turns {n / c / 1e6:.0f} M turns/s "
          f"({c / b:.1f}x); raw draw of the same {words:,} words {w * 1e3:.2f} ms -> ratio "
          f"{w / b:.3f}x raw")


# ---- --numba: the fused-loop trial (NOT used by the library; needs numba, e.g. in a scratch
# venv: /tmp/nb/bin/pip install numba numpy==<the project's>; PYTHONPATH=. /tmp/nb/bin/python
# benchmarks/mawari_toss.py --numba). Two paths, both bit-identical to simulate_turns:
#   numpy draws: rng.random(out=u) exactly as today, then one compiled call per chunk counts
#                the faces row by row and sums the turns;
#   numba draws: the draws too inside the compiled loop (numba's Generator.random() is
#                numpy's next_double, same order: row after row of the rows x m chunk), each
#                row into one reused row buffer (L2) instead of the whole chunk (L3).
try:
    import numba
except ImportError:           # the normal case in the project venv
    numba = None

if numba is not None:
    _jit = numba.njit(cache=True, nogil=True)

    @_jit
    def _nb_count(row, m, keys, bounds, mult, first):
        """keys[i] (+)= mult * (how many bounds row[i] passes): a vectorised loop."""
        if first:
            for i in range(m):
                x = row[i]
                c = np.int32(0)
                for b in bounds:
                    c += np.int32(x >= b)
                keys[i] = c
        else:
            for i in range(m):
                x = row[i]
                c = np.int32(0)
                for b in bounds:
                    c += np.int32(x >= b)
                keys[i] += c * np.int32(mult)

    @_jit
    def _nb_sum_fast(keys, fast, coded, out, done, carry):
        for j in range(fast):
            v = np.int64(coded[keys[j]])
            carry += v >> 1
            out[done] = carry
            e = v & 1
            done += e
            carry &= e - 1
        return done, carry

    @_jit
    def _nb_sum(keys, m, coded, out, counts, want, done, n, carry, count):
        """Running total, branch-free (a toss ends at most one turn, so while n is out of
        reach no done == n test; without counts, a leaner loop)."""
        fast = min(m, n - done)
        start = 0
        if not want:
            done, carry = _nb_sum_fast(keys, fast, coded, out, done, carry)
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
    def _nb_chunk(u, keys, bounds, ebounds, coded, out, counts, want, done, n, carry, count):
        rows, m = u.shape
        for g in range(4):
            _nb_count(u[g], m, keys, bounds, 5 ** g, g == 0)
        if rows == 5:
            _nb_count(u[4], m, keys, ebounds, 625, False)
        return _nb_sum(keys, m, coded, out, counts, want, done, n, carry, count)

    @_jit
    def _nb_draw_row(rng, row, m, keys, bounds, mult, first):
        for i in range(m):
            row[i] = rng.random()
        _nb_count(row, m, keys, bounds, mult, first)

    @_jit
    def _nb_turns(rng, rows, per_turn, chunk, bounds, ebounds, coded, out, counts, n):
        size = min(chunk, int(n * per_turn * 1.05) + 64)
        keys = np.empty(size, np.int32)
        row = np.empty(size)
        want = counts.shape[0] > 0
        done, carry, count = 0, 0, 0
        while done < n:
            m = min(chunk, int((n - done) * per_turn * 1.05) + 64)
            for g in range(4):
                _nb_draw_row(rng, row, m, keys, bounds, 5 ** g, g == 0)
            if rows == 5:
                _nb_draw_row(rng, row, m, keys, ebounds, 625, False)
            done, carry, count = _nb_sum(keys, m, coded, out, counts, want, done, n, carry,
                                         count)


def _nb_tables(model):
    kern = model._kernel
    coded = (2 * kern.squares + ~kern.again).astype(np.int16)  # as simulate_turns codes it
    # numba cannot loop over an empty tuple: 2.0 is a bound no number in [0, 1) passes
    bounds = tuple(kern.bounds) or (2.0,)
    ebounds = tuple(kern.event_bounds) if kern.rows == 5 else (2.0,)
    return kern.rows, coded, bounds, ebounds


def nb_turns_numpy_draws(model, n, rng, tosses=False, chunk=1 << 16):
    """simulate_turns with today's numpy draws and one compiled pass per chunk."""
    model._check_turn_ends()
    rows, coded, bounds, ebounds = _nb_tables(model)
    out = np.empty(n, np.int64)
    counts = np.empty(n if tosses else 0, np.int64)
    per_turn = float(model.expected_tosses())
    size = min(chunk, int(n * per_turn * 1.05) + 64)
    buf, keys = np.empty(rows * size), np.empty(size, np.int32)
    done = carry = count = 0
    while done < n:
        m = min(chunk, int((n - done) * per_turn * 1.05) + 64)
        u = buf[: rows * m].reshape(rows, m)
        rng.random(out=u)
        done, carry, count = _nb_chunk(u, keys, bounds, ebounds, coded, out, counts, tosses,
                                       done, n, carry, count)
    return (out, counts) if tosses else out


def nb_turns(model, n, rng, tosses=False, chunk=1 << 16):
    """simulate_turns with the draws inside the compiled loop."""
    model._check_turn_ends()
    rows, coded, bounds, ebounds = _nb_tables(model)
    out = np.empty(n, np.int64)
    counts = np.empty(n if tosses else 0, np.int64)
    _nb_turns(rng, rows, float(model.expected_tosses()), chunk, bounds, ebounds, coded, out,
              counts, n)
    return (out, counts) if tosses else out


def numba_check(seeds=3):
    """Both numba paths against simulate_turns, bit for bit (results, counts, generator
    state after the call), over seeds, sizes around the chunk boundary, small chunks (turns
    spanning chunks), tosses=True/False, and models with and without events."""
    from fractions import Fraction as F
    models = [TossModel.fair(), TossModel.realistic(), TossModel.fair(overlap=F(1, 10)),
              TossModel(F(1, 2), F(1, 2), fall=F(1, 30)),
              TossModel.realistic(overlap_back="whole_value", all_down_value=7),
              TossModel.with_standing(0.05, 0.02, 0.01), TossModel(0.4, 0.3, 0.2, 0.05, 0.05, 0.1),
              TossModel(F(9, 10), F(1, 10)), TossModel(F(0), F(1, 3), 0, F(2, 3)),
              TossModel(F(0), F(1))]
    sizes = [0, 1, 2, 7, 64, 65, 4999, 61_440, 62_000, 65_536, 70_000, 200_003]
    checks = 0
    for model in models:
        for seed in range(seeds):
            for n in sizes:
                for chunk in ((1 << 16, 7, 1000) if n < 5000 else (1 << 16,)):
                    for tosses in (False, True):
                        for fn in (nb_turns_numpy_draws, nb_turns):
                            r1, r2 = np.random.default_rng(seed), np.random.default_rng(seed)
                            a = model.simulate_turns(n, r1, tosses=tosses, chunk=chunk)
                            b = fn(model, n, r2, tosses=tosses, chunk=chunk)
                            a, b = (a, b) if tosses else ((a,), (b,))
                            assert all(x.dtype == y.dtype and np.array_equal(x, y)
                                       for x, y in zip(a, b)), (model, seed, n, chunk, fn)
                            assert r1.bit_generator.state == r2.bit_generator.state
                            checks += 1
    return checks


def numba_report(n=1_000_000, rounds=11, seed=5):
    if numba is None:
        raise SystemExit("--numba needs numba (a scratch venv, see the comment above)")
    t = time.perf_counter()
    for model in (TossModel.fair(), TossModel.realistic()):
        nb_turns_numpy_draws(model, 10, np.random.default_rng(0))
        nb_turns(model, 10, np.random.default_rng(0))
    print(f"numba {numba.__version__}: first calls (fair + realistic, both paths; compile, or "
          f"load from the cache) {time.perf_counter() - t:.2f} s", flush=True)
    if "--load" in sys.argv:
        return
    print(f"bit-identical to simulate_turns: {numba_check()} checks", flush=True)
    for name, model in (("fair", TossModel.fair()), ("realistic", TossModel.realistic())):
        raw, numbers = raw_draw(model, n, seed)
        fns = {"raw": raw,
               "simulate_turns": lambda: model.simulate_turns(n, np.random.default_rng(seed)),
               "numba, numpy draws": lambda: nb_turns_numpy_draws(model, n,
                                                                  np.random.default_rng(seed)),
               "numba draws": lambda: nb_turns(model, n, np.random.default_rng(seed))}
        times: dict = {k: [] for k in fns}
        for r in range(rounds):
            for k in (list(fns) if r % 2 == 0 else list(fns)[::-1]):
                t = time.process_time()
                fns[k]()
                times[k].append(time.process_time() - t)
        med = {k: statistics.median(v) for k, v in times.items()}
        print(f"{name:10s} raw {numbers / med['raw'] / 1e6:.0f} M numbers/s | " + " | ".join(
            f"{k} {n / med[k] / 1e6:.1f} M turns/s {med['raw'] / med[k]:.2f}x raw"
            for k in list(fns)[1:]), flush=True)


def python_loop(model, n, rng):
    return [model.sample(rng).squares() for _ in range(n)]


def draws_report(n=1_000_000):
    for name, model in (("fair", TossModel.fair()), ("realistic", TossModel.realistic())):
        a, b, numbers, ratio = side_by_side(model, n)
        print(f"{name:10s} simulate_turns {n / a / 1e6:6.1f} M turns/s | raw draw of the same "
              f"{numbers / 1e6:.1f} M numbers {numbers / b / 1e6:5.0f} M numbers/s | "
              f"ratio {ratio:.2f}x raw")


def main():
    if "--numba" in sys.argv:
        rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 11
        return numba_report(rounds=rounds)
    if "--bits" in sys.argv:
        return bits_report()
    draws_report()
    if "--draws" in sys.argv:
        return
    n = 5_000_000
    for name, model in (("fair", TossModel.fair()), ("realistic", TossModel.realistic())):
        rng = np.random.default_rng(1)
        t_vec = median_time(lambda: model.sample_tosses(n, rng))
        t_turns = median_time(lambda: model.simulate_turns(n, rng))
        t_naive = median_time(lambda: naive_numpy(model, n, rng), repeats=3)
        m = 20_000
        t_loop = median_time(lambda: python_loop(model, m, rng), repeats=3) * n / m
        print(f"{name:10s} sample_tosses  {n / t_vec / 1e6:7.1f} M tosses/s "
              f"({n / cpu_time(lambda: model.sample_tosses(n, rng)) / 1e6:.1f} M per CPU second)")
        c_turns = cpu_time(lambda: model.simulate_turns(n, rng))
        print(f"{name:10s} simulate_turns {n / t_turns / 1e6:7.1f} M turns/s "
              f"({n * float(model.expected_tosses()) / t_turns / 1e6:.1f} M tosses/s; "
              f"{n / c_turns / 1e6:.1f} M turns per CPU second)")
        print(f"{name:10s} naive numpy    {n / t_naive / 1e6:7.1f} M tosses/s "
              f"(vectorised is {t_naive / t_vec:.1f}x faster)")
        print(f"{name:10s} Python loop    {n / t_loop / 1e6:7.3f} M tosses/s "
              f"(vectorised is {t_loop / t_vec:.0f}x faster)")
        fresh = lambda: TossModel(*[getattr(model, f) for f in  # noqa: E731  (no cache)
                                    ("face_up", "face_down", "side", "upright",
                                     "upside_down", "overlap", "fall")])
        t_mean = median_time(lambda: (fresh().turn_mean(), fresh().turn_variance()))
        t_dist = median_time(lambda: fresh().turn_distribution(tol=1e-9), repeats=3)
        print(f"{name:10s} exact mean+variance {t_mean * 1e3:.1f} ms, "
              f"turn_distribution(tol=1e-9) {t_dist * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
