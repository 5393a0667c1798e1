"""Speed of the 金 toss simulation (run by hand: python benchmarks/mawari_toss.py).

No other software implements these house rules, so the comparisons are against simpler
ways of doing the same thing on the same machine:
  - TossModel.sample_tosses (vectorised, chunked)      -> tosses per second
  - TossModel.simulate_turns                           -> turns per second
  - a naive numpy version (rng.choice per gold, whole arrays at once)
  - a pure Python loop of TossModel.sample()
and the exact side: turn_mean / turn_variance / turn_distribution timings.
Prints medians of a few repeats; keep runs short (the machine is shared).
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


def python_loop(model, n, rng):
    return [model.sample(rng).squares() for _ in range(n)]


def main():
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
