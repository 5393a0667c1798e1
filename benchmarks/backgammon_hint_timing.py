"""How long the hint takes: seconds per move of each level over a few dozen positions.

    .venv/bin/python benchmarks/backgammon_hint_timing.py [--games 8] [--positions 48]

Positions come from seeded strong-vs-strong games without the cube (every third play
with a choice). Prints the median, 90th percentile and worst time per move for normal,
strong and lookahead; ``ai.HINT_LEVEL`` is the strongest level whose worst case stays
near half a second (the figures are quoted at ``ai.HINT_LEVEL``).
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from boardkit.backgammon import BackgammonGame, BackgammonRules, ai  # noqa: E402


def positions(games: int, seed: int = 2024) -> list[BackgammonGame]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(games):
        g = BackgammonGame(BackgammonRules.no_cube())
        k = 0
        while not g.is_over():
            if g.chance_pending():
                g.resolve_chance(rng)
                continue
            if k % 3 == 0 and len(g.legal_moves()) > 1:
                out.append(g.copy())
            g.play(ai.strong_bot(g, rng))
            k += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--positions", type=int, default=48)
    args = ap.parse_args()
    pool = positions(args.games)
    sel = pool[:: max(1, len(pool) // args.positions)][: args.positions]
    print(f"{len(sel)} positions (of {len(pool)}); HINT_LEVEL = {ai.HINT_LEVEL}")
    for level in ("normal", "strong", "lookahead"):
        ts = []
        for g in sel:
            t0 = time.perf_counter()
            ai.hint(g, level)
            ts.append(time.perf_counter() - t0)
        ts = np.array(ts) * 1000
        print(f"{level:>9}: median {np.median(ts):.0f} ms, 90th percentile "
              f"{np.percentile(ts, 90):.0f} ms, worst {ts.max():.0f} ms per move")


if __name__ == "__main__":
    main()
