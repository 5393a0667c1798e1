"""Scale-out of boardkit.sim: the same small tournament on 1 and 2 workers, a local
process pool against a Dask LocalCluster (issue 14).

    python benchmarks/dask_scale.py [--game backgammon|checkers|diamond|mawari] [--games 40]
                                    [--rounds 3] [--chunk 5]

The tournament is tip 1 of benchmarks/tips.py for the game (backgammon: TipBot() against
TipBot(breaks="blots")...). Every executor is started (and warmed up with one chunk)
before timing; then the rounds are interleaved (each round runs every executor once, the
order rotating) and the median games/s per executor is printed, with the in-process run
as the reference. Every run must give the same result (asserted).

The machine is shared, so wall-clock games/s move with the load; the CPU seconds the
worker processes spend (psutil) give games per worker-CPU-second too, the rate of one
worker on a core of its own, and the share of the cores the run really got. Finally the Dask
scheduler's own cost per task (a no-op task) is measured, for the 100-worker plan in the
README. Needs the 'scale' extra (dask[distributed]).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import psutil  # a dependency of distributed
from distributed import Client, LocalCluster

from boardkit import sim

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tips  # noqa: E402  (the tip table of benchmarks/tips.py)


def _noop(x):
    return x


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="backgammon", choices=sorted(tips.TABLE))
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--chunk", type=int, default=5)
    p.add_argument("--seed", type=int, default=14)
    args = p.parse_args(argv)

    tip = tips.TABLE[args.game][0]
    level = next(iter(tips.LEVELS[args.game].values()))
    with_bot, without_bot = tip.bots(level)
    bots = {"with": with_bot, "without": without_bot}
    if tip.players > 2:
        bots = {"with": with_bot, **{f"without {i}": without_bot for i in range(1, tip.players)}}

    def run(executor, games=args.games):
        return sim.tournament(tip.factory, bots, games=games, seed=args.seed, max_plies=tip.max_plies,
                              executor=executor, progress=False, chunk=args.chunk)

    print(f"{args.game}, tip {tip.name!r}: {args.games} games, chunks of {args.chunk}, "
          f"{args.rounds} rounds; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
          flush=True)
    closers = []
    execs = {"in process": None}
    for n in (1, 2):
        pool = ProcessPoolExecutor(max_workers=n)
        closers.append(pool.shutdown)
        execs[f"process pool x{n}"] = pool
    clients = {}
    for n in (1, 2):
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                               dashboard_address=":0", silence_logs=50)
        client = Client(cluster)
        closers += [client.close, cluster.close]
        clients[n] = client
        execs[f"Dask LocalCluster x{n}"] = client.get_executor()
    try:
        for name, ex in execs.items():                       # warm up: imports, tables
            if ex is not None:
                run(ex, games=args.chunk * (2 if "x2" in name else 1))
        pids = {"in process": [os.getpid()]}
        for n in (1, 2):
            pids[f"process pool x{n}"] = list(execs[f"process pool x{n}"]._processes)
            pids[f"Dask LocalCluster x{n}"] = list(clients[n].run(os.getpid).values())
        procs = {k: [psutil.Process(p) for p in v] for k, v in pids.items()}

        def cpu(name):
            return sum(sum(pr.cpu_times()[:2]) for pr in procs[name])

        reference = None
        times: dict[str, list[float]] = {k: [] for k in execs}
        cpus: dict[str, list[float]] = {k: [] for k in execs}
        names = list(execs)
        for r in range(args.rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for name in order:
                c0, t0 = cpu(name), time.perf_counter()
                res = run(execs[name])
                times[name].append(time.perf_counter() - t0)
                cpus[name].append(cpu(name) - c0)
                if reference is None:
                    reference = res
                assert res == reference, f"{name} gave another result"
            print(f"  round {r + 1}: " + ", ".join(f"{k} {args.games / times[k][-1]:.2f}" for k in names),
                  flush=True)
        base = args.games / statistics.median(times["in process"])
        print(f"\nmedians over {args.rounds} rounds (same result everywhere); load average now "
              f"{os.getloadavg()[0]:.1f}:")
        print(f"  {'executor':<22} {'games/s':>8} {'vs in-proc':>10} {'games/CPU-s':>12} {'cores got':>10}")
        for name in names:
            wall = statistics.median(times[name])
            c = statistics.median(cpus[name])
            rate = args.games / wall
            print(f"  {name:<22} {rate:8.2f} {rate / base:9.2f}x {args.games / c:12.2f} {c / wall:10.2f}")

        # the scheduler's own cost per task: 200 no-op tasks through the executor
        ex = execs["Dask LocalCluster x2"]
        per = []
        for _ in range(3):
            t0 = time.perf_counter()
            futs = [ex.submit(_noop, i) for i in range(200)]
            [f.result() for f in futs]
            per.append((time.perf_counter() - t0) / 200)
        print(f"  Dask overhead per (no-op) task: {statistics.median(per) * 1e3:.2f} ms "
              f"(median of 3 x 200 tasks, 2 workers)")
    finally:
        for c in reversed(closers):
            c()
    return 0


if __name__ == "__main__":
    sys.exit(main())
