"""How long each checkers level takes to choose a move (for ai.HINT_LEVEL, issue 9/11).

Positions: every 6th position of seeded games between the normal bot and itself, for
the American and international rules, until ``--positions`` positions per rule set;
the international set also has four 10x10 endings with many flying kings (the worst
case of the search, bounded by ``ai.NODE_BUDGET``).
Prints the median and worst seconds per move of each level (process CPU time and wall
clock). Run by hand: ``.venv/bin/python benchmarks/checkers_hint_timing.py``.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from boardkit.checkers import CheckersGame, CheckersRules, ai  # noqa: E402

#: 10x10 endings with many flying kings: the search's worst case (NODE_BUDGET bounds it)
KING_ENDINGS = ["W:WK46,K47,K48,K49,K50,K36:BK1,K2,K3,K4,K5,K15",
                "B:WK46,K47,K48,K49,K50,K36:BK1,K2,K3,K4,K5,K15",
                "W:WK46,K28,K33,K39:BK5,K14,K19,K23",
                "W:WK41,K42,K43,K44,K45:BK6,K7,K8,K9,K10"]


def positions(rules, count: int, seed: int) -> list:
    rng = np.random.default_rng(seed)
    out = [CheckersGame(rules, fen=f) for f in KING_ENDINGS] if rules.board_size == 10 else []
    count += len(out)
    while len(out) < count:
        g = CheckersGame(rules)
        while not g.is_over() and len(g.history) < 120 and len(out) < count:
            g.play(ai.bot("normal")(g, rng))
            if len(g.history) % 6 == 0 and not g.is_over():
                out.append(g.copy())
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for rules in (CheckersRules.american(), CheckersRules.international()):
        games = positions(rules, args.positions, args.seed)
        for level in ai.LEVELS:
            walls, cpus = [], []
            for g in games:
                t, c = time.perf_counter(), time.process_time()
                ai.bot(level)(g.copy(), np.random.default_rng(0))
                walls.append(time.perf_counter() - t)
                cpus.append(time.process_time() - c)
            print(f"{rules.name:13} {level:7} positions {len(games)}  "
                  f"median {statistics.median(walls):.3f} s  worst {max(walls):.3f} s (wall); "
                  f"median {statistics.median(cpus):.3f} s  worst {max(cpus):.3f} s (CPU)", flush=True)


if __name__ == "__main__":
    main()
