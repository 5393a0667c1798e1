"""Diamond Game bot matches: games per second, today's engine against an older one,
side by side (issue 14). Run by hand; not a test.

    .venv/bin/python benchmarks/diamond_matches.py                  # this tree only
    git archive <old commit> boardkit | tar -x -C /tmp/dg_old        # an older engine
    .venv/bin/python benchmarks/diamond_matches.py --vs /tmp/dg_old [--rounds 5]

Each round runs every match once in a fresh process per engine (``PYTHONPATH`` = the
engine's source tree), old and new interleaved (the order alternates from round to
round), and each process measures its own CPU time (``time.process_time``, what the
shared machine's load moves least) and wall time. Printed: the medians over the rounds
of games per CPU-second and per wall-second, and the ratio new/old of the medians (and
the median of the per-round ratios). Same seeds, same games: the new engine's bots play
move for move what the old ones played (``--check`` compares the move lists).

Matches (2 players, 10 pieces, ``max_turns=400``, as ``benchmarks/tips.py``):
  normal-strong   ふつう vs つよい (the middle levels), seeds 0..3
  tips-race       the tip bots of tips.py at level "race": RaceBot() vs
                  RaceBot(weights=Weights(straggler=0.0)), seeds 0..7
  tips-ladders    RaceBot(follow=0.5) vs RaceBot(follow=0.0), seeds 0..7

Measured 2026-12-01 00:48-00:51 UTC (2 cores shared by 8 agents, load average 5-7),
old = 33aee06 (before issue 14), new = 5f4aebc, 5 rounds, medians:

    match          new games/CPU-s  old games/CPU-s  new/old CPU  wall   round ratios
    normal-strong        11.72            3.55           3.30x    3.32x     3.35x
    tips-race            78.80           17.43           4.52x    5.56x     4.61x
    tips-ladders         48.82           11.61           4.21x    4.46x     4.19x

Every game identical move for move (``--check``: "same games"). The goal of issue 14 was
10x for ふつう-つよい; 3.3x is what the fast lane gives (the つよい search now spends
its time in the hop searches of positions that really differ: about half the pieces'
remembered answers are invalidated by the move or reply being looked at).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MATCHES = {"normal-strong": 4, "tips-race": 8, "tips-ladders": 8}


def run_match(name: str) -> dict:
    """Play the match here; returns games, CPU seconds, wall seconds, move lists."""
    import numpy as np

    from boardkit.diamond import DiamondGame, DiamondRules, ai
    from boardkit.diamond.ai import RaceBot, Weights
    from boardkit.sim import play_game

    rules = DiamondRules(players=2, pieces=10, max_turns=400)
    bots = {"normal-strong": (ai.bot("normal"), ai.bot("strong")),
            "tips-race": (RaceBot(), RaceBot(weights=Weights(straggler=0.0))),
            "tips-ladders": (RaceBot(follow=0.5), RaceBot(follow=0.0))}[name]
    np.random.default_rng(0)      # numpy loads its random module on first use: not in the timing
    moves = []
    c0, t0 = time.process_time(), time.perf_counter()
    for seed in range(MATCHES[name]):
        g = DiamondGame(rules)
        seats = bots if seed % 2 == 0 else bots[::-1]
        play_game(g, list(seats), np.random.default_rng(seed), 400)
        moves.append([str(m) for m in g.history])
    return {"games": MATCHES[name], "cpu": time.process_time() - c0,
            "wall": time.perf_counter() - t0, "moves": moves}


def child(src: str, name: str) -> dict:
    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run([sys.executable, __file__, "--child", name], env=env, cwd="/tmp",
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--vs", help="source tree of the old engine (holds boardkit/)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--child")
    ap.add_argument("--check", action="store_true", help="compare the move lists old/new")
    a = ap.parse_args()
    if a.child:
        print(json.dumps(run_match(a.child)))
        return
    sides = {"new": str(ROOT)} | ({"old": a.vs} if a.vs else {})
    for name in MATCHES:
        rates: dict = {s: {"cpu": [], "wall": []} for s in sides}
        ratios = []
        moves = {}
        for r in range(a.rounds):
            order = list(sides) if r % 2 else list(sides)[::-1]
            got = {}
            for s in order:
                res = child(sides[s], name)
                got[s] = res
                moves[s] = res["moves"]
                rates[s]["cpu"].append(res["games"] / res["cpu"])
                rates[s]["wall"].append(res["games"] / res["wall"])
            if "old" in got:
                ratios.append(got["old"]["cpu"] / got["new"]["cpu"])
        line = f"{name:<14}"
        for s in sides:
            line += (f"  {s}: {statistics.median(rates[s]['cpu']):6.2f} games/CPU-s "
                     f"{statistics.median(rates[s]['wall']):6.2f} games/s")
        if "old" in sides:
            r_cpu = statistics.median(rates["new"]["cpu"]) / statistics.median(rates["old"]["cpu"])
            r_wall = statistics.median(rates["new"]["wall"]) / statistics.median(rates["old"]["wall"])
            line += (f"  ratio new/old: CPU {r_cpu:.2f}x, wall {r_wall:.2f}x, "
                     f"median of round ratios {statistics.median(ratios):.2f}x")
            if a.check:
                line += "  same games" if moves["new"] == moves["old"] else "  GAMES DIFFER"
        print(line, flush=True)


if __name__ == "__main__":
    main()
