"""Bot matches of two engines side by side (shared by diamond_matches.py and mawari_matches.py).

Each match runs once per round in a fresh process per engine (``PYTHONPATH`` = the engine's
source tree), the engines interleaved and the order alternating from round to round; each
process measures its own CPU time (``time.process_time``) and wall time. Printed per match:
the medians of games per CPU-second and per wall-second, and with an old engine the ratios
new/old of the medians and the median of the per-round ratios; ``--check`` compares what
the two engines played (the child's ``same`` entry: move lists or a digest of them).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child_env(pythonpath: str | None = None) -> dict:
    """The environment of a timed child process. OpenBLAS's worker threads (numpy starts
    them at import) spin for a while before they sleep, and process_time counts that: on
    a quiet machine ~20 ms of it landed inside a new engine's 50-100 ms match (measured:
    CPU above wall time by that much; 回り将棋 middle levels 9.0x instead of 11.2x). No
    match calls BLAS, so every child (old, new, peers) gets one BLAS thread."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    return env


def child(script: str, src: str, name: str) -> dict:
    env = child_env(src)
    out = subprocess.run([sys.executable, script, "--child", name], env=env, cwd="/tmp",
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main(script: str, matches: dict, run_match: Callable[[str], dict], digits: int = 2) -> None:
    """The command line of a side-by-side script: ``run_match(name)`` plays one match in this
    process and returns {"games", "cpu", "wall", "same"}."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--vs", help="source tree of the old engine (holds boardkit/)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--child")
    ap.add_argument("--check", action="store_true", help="compare the games old/new")
    a = ap.parse_args()
    if a.child:
        print(json.dumps(run_match(a.child)))
        return
    sides = {"new": str(ROOT)} | ({"old": a.vs} if a.vs else {})
    width = max(len(n) for n in matches) + 1
    for name in matches:
        rates: dict = {s: {"cpu": [], "wall": []} for s in sides}
        ratios, same = [], {}
        for r in range(a.rounds):
            got = {}
            for s in (list(sides) if r % 2 else list(sides)[::-1]):
                res = got[s] = child(script, sides[s], name)
                same[s] = res["same"]
                rates[s]["cpu"].append(res["games"] / res["cpu"])
                rates[s]["wall"].append(res["games"] / res["wall"])
            if "old" in got:
                ratios.append(got["old"]["cpu"] / got["new"]["cpu"])
        line = f"{name:<{width}}"
        for s in sides:
            line += (f"  {s}: {statistics.median(rates[s]['cpu']):6.{digits}f} games/CPU-s "
                     f"{statistics.median(rates[s]['wall']):6.{digits}f} games/s")
        if "old" in sides:
            r_cpu = statistics.median(rates["new"]["cpu"]) / statistics.median(rates["old"]["cpu"])
            r_wall = statistics.median(rates["new"]["wall"]) / statistics.median(rates["old"]["wall"])
            line += (f"  ratio new/old: CPU {r_cpu:.2f}x, wall {r_wall:.2f}x, "
                     f"median of round ratios {statistics.median(ratios):.2f}x")
            if a.check:
                line += "  same games" if same["new"] == same["old"] else "  GAMES DIFFER"
        print(line, flush=True)
