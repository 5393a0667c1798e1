"""Strength of the checkers bots, measured (run by hand; not a test).

    .venv/bin/python benchmarks/checkers_strength.py                 # ladder + tips, 100 games
    .venv/bin/python benchmarks/checkers_strength.py --games 400 --only tips --process

Prints each match's score with its 95% Wilson interval (boardkit.sim.tournament, seats
swapped every game, draws and games stopped at the ply cap counting half), plus the
median time per bot move. Notebook 14 runs the same tip matches with 40 games.
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from boardkit import sim
from boardkit.checkers import CheckersGame, CheckersRules, ai


def move_times(bot, plies: int = 40, seed: int = 0, rules=None) -> float:
    """Median seconds per move of ``bot`` over a seeded self-play game's first plies."""
    rng = np.random.default_rng(seed)
    g = CheckersGame(rules or CheckersRules.american())
    times = []
    while not g.is_over() and len(times) < plies:
        t = time.perf_counter()
        m = bot(g, rng)
        times.append(time.perf_counter() - t)
        g.play(m)
    return statistics.median(times)


def line(name: str, res, who: str) -> str:
    lo, hi = res.interval(who)
    return (f"{name:<22} {who} scores {res.win_rate(who):6.1%}  95% CI [{lo:5.1%}, {hi:5.1%}]  "
            f"(won {res.wins[who]}, lost {res.games - res.wins[who] - res.draws - res.unfinished}, "
            f"draws {res.draws}, unfinished {res.unfinished})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--only", choices=["ladder", "tips", "speed"], default=None)
    ap.add_argument("--process", action="store_true", help="use a 2-process pool")
    a = ap.parse_args()
    ex = "process" if a.process else None
    if a.only in (None, "speed"):
        for name in ai.LEVELS:
            bot = ai.bot(name)
            print(f"{name:<8} median {move_times(bot) * 1000:7.1f} ms per move (8x8, first 40 plies)")
            t10 = move_times(bot, plies=20, rules=CheckersRules.international())
            print(f"{name:<8} median {t10 * 1000:7.1f} ms per move (10x10, first 20 plies)")
    if a.only in (None, "ladder"):
        for hi_name, lo_name, n in (("strong", "easy", a.games // 4), ("normal", "easy", a.games),
                                    ("strong", "normal", a.games // 4)):
            res = sim.tournament(ai._Factory(CheckersRules.american()),
                                 {hi_name: ai.bot(hi_name), lo_name: ai.bot(lo_name)},
                                 games=max(2, n), seed=11, executor=ex, progress=False)
            print(line(f"{hi_name} vs {lo_name}", res, hi_name))
    if a.only in (None, "tips"):
        for i, tip in enumerate(ai.TIPS, 1):
            res = ai.measure_tip(tip, games=a.games, seed=100 + i, executor=ex)
            print(line(f"tip {tip}", res, "with"))


if __name__ == "__main__":
    main()
