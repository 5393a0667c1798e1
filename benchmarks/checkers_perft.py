"""Checkers engine speed side by side with py-draughts: perft and the public-API tree walk.

Run by hand (not a test):  .venv/bin/python benchmarks/checkers_perft.py [--runs 7] [--quick]

Like for like, four cases, each timed as INTERLEAVED A/B runs (ours, peer, ours, peer, ...;
the peer is one long-lived process started once, so neither its start-up nor its imports
are timed), medians of the runs, ratio = our leaves/s over the peer's (> 1: boardkit faster).
Wall time and CPU time (``time.process_time`` of the process doing the work) are both
reported: the build machine is shared with other jobs, so wall times are noisy and the CPU
ratio is the fairer one.

  perft 10x10      boardkit.checkers.perft (international)  vs py-draughts'
                   ``draughts.engines.turbo.perft_from_board`` (its fast bitboard perft)
  walk  10x10      the public API: ``legal_moves()`` / ``play(move)`` / ``undo()``  vs
                   py-draughts' public ``board.legal_moves`` / ``push`` / ``pop``
  perft 8x8        boardkit perft (American, forced capture)  vs py-draughts' AmericanBoard
                   with ``captures_optional`` turned OFF (its legal_moves with
                   ``captures_optional=False`` gives exactly the American perft counts;
                   py-draughts has no bulk perft for 8x8, so this is its push/pop walk)
  walk  8x8        the public-API walk, American, both sides

Both count the same leaves (checked: the counts are printed and must agree).
The peer goes in a scratch venv, never in .venv:
  python3 -m venv /tmp/pd && /tmp/pd/bin/pip install py-draughts
(``--peer PYTHON`` to point elsewhere; a missing peer is skipped with a note).

Measured 2026-12-01 00:42 UTC on the 2-core build machine shared with seven other jobs
(a 2-process tips run alongside), Python 3.11, py-draughts 1.10.1, --runs 7, medians
(leaves per second; "ratio" = ours / py-draughts'):

  case        depth  leaves   boardkit wall / CPU     py-draughts wall / CPU   ratio wall / CPU
  perft 10x10     6  167140    771,938 / 2,315,475      667,178 / 1,965,761    1.16x / 1.18x
  walk 10x10      5   27117    128,868 /   595,299      126,077 /   553,708    1.02x / 1.08x
  perft 8x8       7  179740    823,873 / 2,469,206      171,153 /   506,503    4.81x / 4.88x
  walk 8x8        6   36768    138,270 /   595,350      148,139 /   522,468    0.93x / 1.14x

Re-run 2026-12-01 05:12 UTC (load ~3.5, --runs 7, three runs of perft 10x10, two of the
rest), CPU ratios: perft 10x10 1.13-1.15x (its code unchanged: the same CPU time per
tree as before, timed side by side with 7df0bfb; the peer ran a little faster), walk
10x10 1.33-1.52x, perft 8x8 4.66-4.79x, walk 8x8 1.09-1.15x. The walks gained from the
public generator's steps taken from per-square tables in square order (no sort) and its
forced single jumps from the ghost-layout captures (``movegen._step_kernel``).

(perft 10x10 is against py-draughts' own fast ``engines.turbo`` perft; perft 8x8 against
its push/pop walk, as it has no other for 8x8; the walks are public API against public
API.) Before issue 14 (commit 5681413; ``--quick --runs 3``, the same machine) the ratios
were, CPU: perft 10x10 0.49x, walk 10x10 0.29x, perft 8x8 2.0x, walk 8x8 0.31x. What
changed: a ghost bit layout (one constant shift per diagonal) for perft and the search,
perft by whole-board shifts, and in the game the legal moves, the outcome and the
``CheckersMove`` objects computed once per position and restored by ``undo``; move lists
are remembered per position (``movegen.CACHE_SIZE``; the benchmark empties that memory
before every run, so only transpositions inside one tree are found there).
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
from boardkit.checkers.movegen import ghostgen, movegen  # noqa: E402

PEER = "/tmp/pd/bin/python"

# the peer: a loop reading "case depth" lines, answering {"leaves", "wall", "cpu"}
PEER_CODE = r"""
import json, sys, time
import draughts.boards.american as A
from draughts import StandardBoard
from draughts.engines.turbo import perft_from_board

class ForcedAmerican(A.Board):
    @property
    def legal_moves(self):
        return self._legal_moves_from_core(A._CORE, max_capture=False, captures_optional=False)

def walk(b, d):
    ms = b.legal_moves
    if d == 1:
        return len(ms)
    t = 0
    for m in ms:
        b.push(m); t += walk(b, d - 1); b.pop()
    return t

CASES = {"perft10": lambda d: perft_from_board(StandardBoard(), d),
         "walk10": lambda d: walk(StandardBoard(), d),
         "perft8": lambda d: walk(ForcedAmerican(), d),
         "walk8": lambda d: walk(ForcedAmerican(), d)}
print("ready", flush=True)
for line in sys.stdin:
    case, depth = line.split()
    w0, c0 = time.perf_counter(), time.process_time()
    n = CASES[case](int(depth))
    print(json.dumps({"leaves": n, "wall": time.perf_counter() - w0,
                      "cpu": time.process_time() - c0}), flush=True)
"""


def walk(g: CheckersGame, d: int) -> int:
    """The public-API walk: legal_moves / play / undo (bulk count at the last ply)."""
    ms = g.legal_moves()
    if d == 1:
        return len(ms)
    t = 0
    for m in ms:
        g.play(m)
        t += walk(g, d - 1)
        g.undo()
    return t


OURS = {"perft10": lambda d: perft(CheckersGame(CheckersRules.international()), d),
        "walk10": lambda d: walk(CheckersGame(CheckersRules.international()), d),
        "perft8": lambda d: perft(CheckersGame(CheckersRules.american()), d),
        "walk8": lambda d: walk(CheckersGame(CheckersRules.american()), d)}
CASES = [("perft 10x10", "perft10", 6), ("walk 10x10", "walk10", 5),
         ("perft 8x8", "perft8", 7), ("walk 8x8", "walk8", 6)]
QUICK = {"perft10": 5, "walk10": 4, "perft8": 6, "walk8": 5}


class Peer:
    def __init__(self, python: str):
        self.p = subprocess.Popen([python, "-c", PEER_CODE], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        assert self.p.stdout.readline().strip() == "ready"

    def run(self, case: str, depth: int) -> dict:
        self.p.stdin.write(f"{case} {depth}\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def ours(case: str, depth: int) -> dict:
    # cold: the move cache (movegen.cached_generate) starts empty in every run, so only
    # the transpositions inside one tree are found there, never the previous run's nodes
    for rules in (CheckersRules.international(), CheckersRules.american()):
        movegen(rules)._cache.clear()
        ghostgen(rules)._cache.clear()
    w0, c0 = time.perf_counter(), time.process_time()
    n = OURS[case](depth)
    return {"leaves": n, "wall": time.perf_counter() - w0, "cpu": time.process_time() - c0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--quick", action="store_true", help="shallower (a few seconds)")
    ap.add_argument("--peer", default=PEER, help="python of the py-draughts venv")
    ap.add_argument("--only", default=None, help="comma-separated cases: perft10,walk10,perft8,walk8")
    args = ap.parse_args()
    peer = Peer(args.peer) if os.path.exists(args.peer) else None
    if peer is None:
        print(f"py-draughts skipped: {args.peer} not found (see the docstring)")
    head = (f"{'case':12} {'depth':>5} {'leaves':>9}  {'boardkit n/s wall / CPU':>25}  "
            f"{'py-draughts n/s wall / CPU':>27}  {'ratio wall / CPU':>16}")
    print(head)
    print("-" * len(head))
    for title, case, depth in CASES:
        if args.only and case not in args.only.split(","):
            continue
        d = QUICK[case] if args.quick else depth
        a, b = [], []
        for _ in range(args.runs):          # interleaved: A, B, A, B, ...
            a.append(ours(case, d))
            if peer:
                b.append(peer.run(case, d))
        n = a[0]["leaves"]
        ra = [n / statistics.median(x[k] for x in a) for k in ("wall", "cpu")]
        line = f"{title:12} {d:>5} {n:>9}  {ra[0]:>12,.0f} / {ra[1]:>10,.0f}"
        if b:
            pn = b[0]["leaves"]
            assert pn == n, f"leaf counts differ: boardkit {n}, py-draughts {pn}"
            rb = [pn / statistics.median(x[k] for x in b) for k in ("wall", "cpu")]
            line += (f"  {rb[0]:>13,.0f} / {rb[1]:>10,.0f}  {ra[0] / rb[0]:>7.2f}x / "
                     f"{ra[1] / rb[1]:.2f}x")
        print(line, flush=True)
    if peer:
        peer.close()
    print("\nratio = boardkit leaves/s over py-draughts' (higher: boardkit faster); medians of "
          f"{args.runs} interleaved runs")


if __name__ == "__main__":
    main()
