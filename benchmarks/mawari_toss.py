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
generator for, then alternates, round by round (the order reversed every other round),
simulate_turns(n) as the library runs it (the compiled loop when numba is installed),
its numpy pipeline (the compiled loop switched off), and a plain ``rng.random(out=buf)``
of the very same numbers into a reused buffer (the fastest way numpy can produce them),
all from the same seed, CPU seconds per round; it prints the medians and the ratios raw
time / simulate_turns time (1.0 = the simulation costs no more than drawing its random
numbers). ``--rounds N`` sets the rounds (11).

Adopted, 2026-12-01 (the fifth look, at the end of this docstring): with numba installed
(the ``fast`` extra; ``make setup`` installs it) simulate_turns runs a compiled loop,
boardkit/mawari/_fused.py: fair 0.83-0.85x, realistic 0.82-0.83x of the raw draw (quiet
machine, six runs of 11-21 rounds; the numpy pipeline in the same runs 0.63-0.64x /
0.59-0.61x). The history of how we got there follows.

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
  Decision then: numba does not earn its place (the 0.85x margin asked before adopting
  it not met for realistic golds; an optional ~210 MB dependency, numba 35 MB + llvmlite
  173 MB installed; 3-8 s of JIT per fresh Binder session; a function that already
  simulates a million turns in 16-21 ms).

Fifth look, 2026-12-01 06:35-06:50 UTC (next session, quiet machine, load 0.3-1): the
issue stayed open on this one target, so the costs were cut instead: the loop now lives in
the library as an OPTIONAL path (boardkit/mawari/_fused.py), used when numba is
importable and not switched off (``BOARDKIT_NUMBA=0``), else the numpy pipeline runs.
  - one compiled specialisation for every model (thresholds as a 4-slot array, unused
    slots 2.0, which no number reaches; a one-threshold loop for fair golds): compiles in
    1.3-1.5 s once per machine (``cache=True``), then loads from the cache in ~0.2 s plus
    ~0.4 s to import numba, at the first simulation of a process (not at import).
  - bit-identical to the numpy pipeline: tests/test_mawari_toss_fused.py (ten models,
    sizes around the chunk edge, chunks of 7 and 1000, counts on/off, five bit generators;
    turns, counts and the generator's next draws compared).
  - on Binder too: numba and llvmlite pinned, and binder/postBuild compiles the loop once
    into the image, so a student's first simulation does not pay the ~1.5 s compile;
    ``make lab`` / ``make test`` install it (the tests run both paths).
  - tried, no gain: int64 keys (0.83x / 0.82x, the same), a branch on the turn's end in
    the running total (0.80x / 0.80x, worse: ~7% of tosses repeat, mispredicted), drawing
    and counting in one loop (0.64x / 0.66x: the counting no longer vectorises).
  - where the time goes now (realistic, ns per toss): the draw of its five numbers in the
    compiled loop 10.2-11.4 (numpy's own fill: 11.0), counting 1.3-1.5, the running total
    1.6-1.8.
  Measured: fair 0.83-0.85x, realistic 0.82-0.83x (six runs, 11-21 rounds, the last two
  at 07:27 UTC on the final code, 21 rounds: 0.84x / 0.82x and 0.85x / 0.83x; raw draw
  441-452 M numbers/s; simulate_turns 83-89 M / 66-69 M turns/s against 65-68 M / 49-50 M
  for the numpy pipeline, i.e. 1.3-1.4x).
"""
from __future__ import annotations

import statistics
import sys
import time

import numpy as np

from boardkit.mawari import toss
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


def numpy_path(fn):
    """Run ``fn()`` with simulate_turns' numpy pipeline (the compiled loop switched off)."""
    saved = toss._FUSED
    toss._FUSED = False
    try:
        return fn()
    finally:
        toss._FUSED = saved


def side_by_side(model, n=1_000_000, rounds=11, seed=5):
    """Interleaved rounds (the order reversed every other round) of simulate_turns(n) as the
    library runs it (the compiled loop when numba is installed), its numpy pipeline, and
    the raw draw of the same numbers. Returns median CPU seconds
    {"simulate_turns", "numpy pipeline", "raw"} and the count of numbers drawn."""
    raw, numbers = raw_draw(model, n, seed)
    fns = {"simulate_turns": lambda: model.simulate_turns(n, np.random.default_rng(seed)),
           "numpy pipeline": lambda: numpy_path(
               lambda: model.simulate_turns(n, np.random.default_rng(seed))),
           "raw": raw}
    for fn in fns.values():          # warm up: the compiled loop loads (or compiles) once
        fn()
    times: dict = {k: [] for k in fns}
    for r in range(rounds):
        for k in (list(fns) if r % 2 == 0 else list(fns)[::-1]):
            t = time.process_time()
            fns[k]()
            times[k].append(time.process_time() - t)
    return {k: statistics.median(v) for k, v in times.items()}, numbers


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


def python_loop(model, n, rng):
    return [model.sample(rng).squares() for _ in range(n)]


def draws_report(n=1_000_000, rounds=11):
    path = "compiled loop (numba)" if toss._fused_simulate() else "numpy pipeline (no numba)"
    print(f"simulate_turns runs the {path}; {n:,} turns, {rounds} interleaved rounds, CPU "
          f"medians")
    for name, model in (("fair", TossModel.fair()), ("realistic", TossModel.realistic())):
        med, numbers = side_by_side(model, n, rounds)
        print(f"{name:10s} raw draw of the same {numbers / 1e6:.1f} M numbers "
              f"{numbers / med['raw'] / 1e6:4.0f} M numbers/s | " + " | ".join(
                  f"{k} {n / med[k] / 1e6:5.1f} M turns/s {med['raw'] / med[k]:.2f}x raw"
                  for k in ("simulate_turns", "numpy pipeline")), flush=True)


def main():
    if "--bits" in sys.argv:
        return bits_report()
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 11
    draws_report(rounds=rounds)
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
