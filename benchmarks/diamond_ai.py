"""Strength of the Diamond Game computer levels: adjacent levels in seeded tournaments.

    .venv/bin/python benchmarks/diamond_ai.py [games] [players] [pieces] [seed] [from_pair]

from_pair 3 plays only the top pair (最強 vs つよい); the default 0 plays all four.

Prints each pair's score with its 95% Wilson interval, the mean game length, and the
median time per move of each level (measured, never asserted). Seats rotate.
"""
import statistics
import sys
import time
from functools import partial

import numpy as np

from boardkit.diamond import DiamondGame, DiamondRules
from boardkit.diamond.ai import LEVELS, bot
from boardkit.sim import tournament


def main(games=20, players=2, pieces=15, seed=2026, from_pair=0):
    rules = DiamondRules(players=players, pieces=pieces, max_turns=600)
    fac = partial(DiamondGame, rules)
    print(f"{games} games per pair, {players} players, {pieces} pieces, cap 600 turns, seed {seed}")
    names = list(LEVELS.values())
    for weak, strong in list(zip(names, names[1:]))[from_pair:]:
        if players == 2:
            bots = {weak: bot(weak), strong: bot(strong)}
        else:   # one stronger bot against two copies of the weaker one
            bots = {strong: bot(strong), weak + "#1": bot(weak), weak + "#2": bot(weak)}
        res = tournament(fac, bots, games=games, seed=seed, progress=False, max_plies=600,
                         executor="process")
        lo, hi = res.interval(strong)
        print(f"{strong} vs {weak}: {strong} scores {res.win_rate(strong):.0%} "
              f"[{lo:.0%}, {hi:.0%}], mean length {res.mean_plies():.0f} turns, "
              f"unfinished {res.unfinished}, draws {res.draws}")
    # time per move, from positions of a real game
    g = DiamondGame(rules)
    rng = np.random.default_rng(0)
    positions = []
    while not g.is_over() and len(positions) < 60:
        positions.append(g.copy())
        g.play(bot("normal")(g, rng))
    for level in names:
        ts = []
        for p in positions[::4]:
            t = time.perf_counter()
            bot(level)(p, rng)
            ts.append(time.perf_counter() - t)
        print(f"{level}: median {statistics.median(ts) * 1000:.0f} ms per move, max {max(ts) * 1000:.0f} ms")


if __name__ == "__main__":
    a = [int(x) for x in sys.argv[1:]]
    main(*a)
