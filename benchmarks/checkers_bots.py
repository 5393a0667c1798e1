"""Bot-match speed of the checkers bots: today's code against a baseline commit, interleaved.

Run by hand (not a test):
    .venv/bin/python benchmarks/checkers_bots.py [--games 20] [--runs 5] [--base 5681413]

Plays seeded matches through ``boardkit.sim.tournament`` (seats swapped, 200-ply cap)
at the middle level (normal against normal) and normal against strong, on American
8x8 and international 10x10, with this tree's ``boardkit`` and with the ``boardkit``
of the baseline commit (extracted by ``git archive`` into /tmp, run in a subprocess
started once). The runs alternate (ours, base, ours, base, ...); each reports games per
second of wall time and of CPU time (``time.process_time``: the machine is shared, CPU
is the fairer figure); medians and ratios are printed. Both must give the SAME results
(wins, draws, plies): the speed-ups keep every bot's choices (checked below).

Measured 2026-12-01 05:44-05:50 UTC (2-core machine shared with five other agents'
jobs, load average 2.4-3.3, so wall times are poor; CPU is the figure to read), --games
20, baseline 5681413 (before issue 14), medians, games per second CPU; normal-normal three
runs of --runs 7 (run 1 / run 2 / run 3, the last at cd78534), normal-strong 8x8 one
run of --runs 5, normal-strong 10x10 from 05:32-05:42 (--runs 5, the tree before the
memo sizes below, 1f55e7e):

  case                 ours CPU              base CPU             ratio CPU              same
  normal-normal 8x8    165.3 / 192.2 / 221.4  14.9 / 16.2 / 19.3  11.1x / 11.9x / 11.5x  yes
  normal-strong 8x8      6.1                   2.9                  2.1x                  yes
  normal-normal 10x10   77.4 / 106.2 / 115.7   6.3 /  8.7 /  8.9  12.4x / 12.2x / 13.1x  yes
  normal-strong 10x10    1.6                   0.5                  3.0x                  yes

Since 4760f03 (8.9-9.0x and 9.9-10.3x then): bot games through ``sim.play_game`` run in
``boardkit.checkers.fastloop`` (a loop that plays the same games: when every seat is the
middle level, the choice comes from the raw move list without a bot call, ``_hand_out``
or ``play``'s checks, and the noise is drawn 128 normals at a time, the generator put back
to where one draw per move leaves it; ``tests/test_checkers_bot_games.py`` checks outcome,
plies, history, undo and generator state against the plain loop over hundreds of seeded
games); a forced capture at the root searches each child at once; and the smaller memos
(root2's side scores 1,000 per side, the recent ghost conversions 1,024) that stay in the
processor's caches gave 1.1-1.2x and 1.05-1.08x by themselves (interleaved runs).

(Earlier the same day, before the changes below: normal-normal 5.2-6.7x (8x8) and
5.2-5.8x (10x10) CPU.) Issue 14 asks for 10x at the middle level: both boards are there
(11.1-11.9x and 12.2-13.1x), with every bot choice unchanged (the results above and
``test_checkers_fast``'s seeded games pinned by digest, with the strong search's node
counts).
What the middle level does per move: the noise is drawn first (the same draws), then
``root2`` scores the opponent's steps once for the position and each root move by a few
memo look-ups (the steps onto the square just left, the mover's own side); a root move
after which the opponent must capture only gets an upper bound (``ai._capture_cut``:
the capturing piece changes its side's score by at least L, each piece taken costs at
least a man's smallest weight) unless that bound plus its noise still reaches the best
noisy score so far: about 9 in 10 of those moves are never searched, and a bounded move
can neither be chosen nor tie (``test_depth2_root_bounds_never_change_the_choice``).
Flying kings (10x10): each opponent king's walk is done once per position and again only
after a root step onto or off a square it read. The bot hands out its move without the
position's whole ``CheckersMove`` list (``CheckersGame._hand_out``); the public generator
takes steps from per-square tables in square order (no sort) and forced single jumps
from the ghost-layout captures. On 8x8 a ply took ~38 us at 4760f03: ~24 us of ``root2`` (a
third of it scoring the opponent's ~8 steps, 70% memo misses: those side scores are new
in every position), ~3-4 us of move generation, ~11 us of game and bot bookkeeping;
with the lean loop the bookkeeping is ~2 us and ``root2`` is ~80% of a ply (measured
in one process at a quieter moment: ~30 us a ply against ~380 us before issue 14). Positions
do not repeat enough for caches of whole searches: 3% of the normal bot's positions
recur across 60 seeded games. The strong bot (normal-strong) keeps its node budget,
which decides its moves when a search runs out, so its search keeps the same node
counts: only constant factors were taken there, and normal-strong time is mostly the
strong search.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

CODE = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from boardkit import sim
from boardkit.checkers import ai
from boardkit.checkers.rules import CheckersRules
from boardkit.checkers.game import CheckersGame

class F:
    def __init__(self, rules): self.rules = rules
    def __call__(self): return CheckersGame(self.rules)

CASES = {
    "normal-normal 8x8": (CheckersRules.american, ai.NormalBot, ai.NormalBot),
    "normal-strong 8x8": (CheckersRules.american, ai.NormalBot, ai.StrongBot),
    "normal-normal 10x10": (CheckersRules.international, ai.NormalBot, ai.NormalBot),
    "normal-strong 10x10": (CheckersRules.international, ai.NormalBot, ai.StrongBot),
}
print("ready", flush=True)
for line in sys.stdin:
    case, games, seed = json.loads(line)
    rules, a, b = CASES[case]
    w0, c0 = time.perf_counter(), time.process_time()
    r = sim.tournament(F(rules()), {"a": a(), "b": b()}, games=games, seed=seed,
                       max_plies=200, progress=False)
    out = {"wall": time.perf_counter() - w0, "cpu": time.process_time() - c0,
           "result": [r.wins["a"], r.wins["b"], r.draws, r.unfinished, sum(r.plies)]}
    print(json.dumps(out), flush=True)
"""


class Runner:
    def __init__(self, root: str):
        self.p = subprocess.Popen([sys.executable, "-c", CODE, root], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        assert self.p.stdout.readline().strip() == "ready"

    def run(self, case, games, seed):
        self.p.stdin.write(json.dumps([case, games, seed]) + "\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--base", default="5681413", help="baseline commit (default: before issue 14)")
    ap.add_argument("--only", default=None, help="substring of the cases to run")
    args = ap.parse_args()
    base_dir = f"/tmp/boardkit-base-{args.base}"
    if not os.path.exists(base_dir):
        os.makedirs(base_dir)
        arch = subprocess.run(["git", "-C", os.path.join(HERE, ".."), "archive", args.base, "boardkit"],
                              capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", base_dir], input=arch, check=True)
    ours, base = Runner(os.path.join(HERE, "..")), Runner(base_dir)
    for r in (ours, base):          # warm up: tables built once per process
        r.run("normal-normal 8x8", 2, 99)
        r.run("normal-normal 10x10", 2, 99)
    print(f"{'case':20} {'games':>5}  {'ours games/s wall / CPU':>24}  {'base games/s wall / CPU':>24}  "
          f"{'ratio wall / CPU':>16}  same results")
    for case in ("normal-normal 8x8", "normal-strong 8x8", "normal-normal 10x10", "normal-strong 10x10"):
        if args.only and args.only not in case:
            continue
        a, b = [], []
        for i in range(args.runs):
            a.append(ours.run(case, args.games, i + 1))
            b.append(base.run(case, args.games, i + 1))
        same = all(x["result"] == y["result"] for x, y in zip(a, b))
        ra = [args.games / statistics.median(x[k] for x in a) for k in ("wall", "cpu")]
        rb = [args.games / statistics.median(x[k] for x in b) for k in ("wall", "cpu")]
        print(f"{case:20} {args.games:>5}  {ra[0]:>11.1f} / {ra[1]:>10.1f}  {rb[0]:>11.1f} / {rb[1]:>10.1f}  "
              f"{ra[0] / rb[0]:>7.1f}x / {ra[1] / rb[1]:.1f}x  {'yes' if same else 'NO'}", flush=True)
    ours.close()
    base.close()


if __name__ == "__main__":
    main()
