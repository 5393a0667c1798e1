"""Perft speed of the checkers engine, side by side with py-draughts and pydraughts.

Run by hand (not a test):  .venv/bin/python benchmarks/checkers_perft.py [--runs 3] [--quick]

Counts leaf nodes per second of perft from the start position (a whole multi-jump is
one move; bulk counting at the last ply in every program), median of several runs:
  8x8 forced (American)     boardkit  vs pydraughts "english"
  8x8 no-forced             boardkit  vs py-draughts AmericanBoard (captures optional)
  10x10 international       boardkit  vs py-draughts StandardBoard, pydraughts "standard"
The peers are installed in scratch venvs (both import as ``draughts``):
  python3 -m venv /tmp/bench-py-draughts && /tmp/bench-py-draughts/bin/pip install py-draughts
  python3 -m venv /tmp/bench-pydraughts  && /tmp/bench-pydraughts/bin/pip install pydraughts
and run in subprocesses with their own python; a missing venv is skipped with a note.
pydraughts is far slower, so it runs a shallower perft (its depth is printed).

Measured 2026-11-29 on the 2-core build machine shared with seven other jobs (load
average ~11, so absolute rates are low and noisy; the ratios are what matter),
Python 3.11.7, py-draughts 1.10.1, pydraughts 0.6.7, --runs 3 (median):

  case                 depth  leaves   boardkit n/s   peer         depth  peer n/s   ratio
  8x8 forced             7    179740      116,069    pydraughts     3        152    762x
  8x8 no-forced          6    189143      157,216    py-draughts    6     58,878    2.7x
  10x10 international    6    167140      126,442    py-draughts    6     48,226    2.6x
                                                     pydraughts     3        109   1156x

py-draughts has no forced-capture American board, so the 8x8 forced row has only
pydraughts beside it.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from boardkit.checkers import CheckersGame, CheckersRules, perft  # noqa: E402

PY_DRAUGHTS = "/tmp/bench-py-draughts/bin/python"
PYDRAUGHTS = "/tmp/bench-pydraughts/bin/python"

# each peer: a tiny perft in its own API; prints {"leaves": n, "times": [...]}
PEER_CODE = {
    "py-draughts": """
import json, sys, time
from draughts import AmericanBoard, StandardBoard
B = {"no_forced": AmericanBoard, "international": StandardBoard}[sys.argv[1]]
depth, runs = int(sys.argv[2]), int(sys.argv[3])
def perft(b, d):
    ms = b.legal_moves
    if d == 1:
        return len(ms)
    t = 0
    for m in ms:
        b.push(m); t += perft(b, d - 1); b.pop()
    return t
times = []
for _ in range(runs):
    b = B(); t0 = time.perf_counter(); n = perft(b, depth); times.append(time.perf_counter() - t0)
print(json.dumps({"leaves": n, "times": times}))
""",
    "pydraughts": """
import json, sys, time
from draughts import Board
v = {"american": "english", "international": "standard"}[sys.argv[1]]
depth, runs = int(sys.argv[2]), int(sys.argv[3])
def perft(b, d):
    ms = b.legal_moves()
    if d == 1:
        return len(ms)
    t = 0
    for m in ms:
        b.push(m); t += perft(b, d - 1); b.pop()
    return t
times = []
for _ in range(runs):
    b = Board(v); t0 = time.perf_counter(); n = perft(b, depth); times.append(time.perf_counter() - t0)
print(json.dumps({"leaves": n, "times": times}))
""",
}

# (case, preset, our depth, [(peer, peer depth)])
CASES = [
    ("8x8 forced", "american", 7, [("pydraughts", 3)]),
    ("8x8 no-forced", "no_forced", 6, [("py-draughts", 6)]),
    ("10x10 international", "international", 6, [("py-draughts", 6), ("pydraughts", 3)]),
]
QUICK = {"american": 6, "no_forced": 5, "international": 5}

def ours(preset: str, depth: int, runs: int) -> tuple[int, float]:
    g = CheckersGame(getattr(CheckersRules, preset)())
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        n = perft(g, depth)
        times.append(time.perf_counter() - t0)
    return n, statistics.median(times)


def peer(name: str, preset: str, depth: int, runs: int) -> tuple[int, float] | str:
    python = PY_DRAUGHTS if name == "py-draughts" else PYDRAUGHTS
    if not os.path.exists(python):
        return f"skipped: {python} not found (see the docstring to install it)"
    try:
        out = subprocess.run([python, "-c", PEER_CODE[name], preset, str(depth), str(runs)],
                             capture_output=True, text=True, timeout=900, check=True)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        return f"failed: {e}"
    data = json.loads(out.stdout.strip().splitlines()[-1])
    return data["leaves"], statistics.median(data["times"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="shallower perft (a few seconds)")
    args = ap.parse_args()
    head = (f"{'case':21} {'depth':>5} {'leaves':>8} {'boardkit n/s':>13}   {'peer':12} "
            f"{'depth':>5} {'leaves':>8} {'peer n/s':>10} {'ratio':>7}")
    print(head)
    print("-" * len(head))
    for case, preset, depth, peers in CASES:
        d = QUICK[preset] if args.quick else depth
        n, t = ours(preset, d, args.runs)
        rate = n / t
        print(f"{case:21} {d:>5} {n:>8} {rate:>13,.0f}")
        for name, pd in peers:
            pd = min(pd, d)
            res = peer(name, preset, pd, args.runs if name != "pydraughts" else 1)
            if isinstance(res, str):
                print(f"{'':50}{name:12} {res}")
                continue
            pn, pt = res
            prate = pn / pt
            print(f"{'':50}{name:12} {pd:>5} {pn:>8} {prate:>10,.0f} {rate / prate:>6.1f}x")
    print("\nratio = boardkit leaves/s divided by the peer's (higher: boardkit faster)")


if __name__ == "__main__":
    main()
