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
"""
from __future__ import annotations

import statistics
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
    rec = _Recorder(np.random.default_rng(seed))
    model.simulate_turns(n, rec)                    # warms the cached tables too
    sizes = [int(np.prod(s)) for s in rec.shapes]
    buf = np.empty(max(sizes))

    def raw():
        rng = np.random.default_rng(seed)
        for shape, size in zip(rec.shapes, sizes):
            rng.random(out=buf[:size].reshape(shape))

    sim_t, raw_t = [], []
    for _ in range(rounds):
        t = time.process_time()
        model.simulate_turns(n, np.random.default_rng(seed))
        sim_t.append(time.process_time() - t)
        t = time.process_time()
        raw()
        raw_t.append(time.process_time() - t)
    a, b = statistics.median(sim_t), statistics.median(raw_t)
    return a, b, sum(sizes), b / a


def python_loop(model, n, rng):
    return [model.sample(rng).squares() for _ in range(n)]


def draws_report(n=1_000_000):
    for name, model in (("fair", TossModel.fair()), ("realistic", TossModel.realistic())):
        a, b, numbers, ratio = side_by_side(model, n)
        print(f"{name:10s} simulate_turns {n / a / 1e6:6.1f} M turns/s | raw draw of the same "
              f"{numbers / 1e6:.1f} M numbers {numbers / b / 1e6:5.0f} M numbers/s | "
              f"ratio {ratio:.2f}x raw")


def main():
    import sys
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
