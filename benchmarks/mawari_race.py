"""回り将棋 race engine speed (run by hand: .venv/bin/python benchmarks/mawari_race.py).

No other software plays these house rules, so there is no peer engine to race; the
figures are absolute (median of 5 runs) plus one ratio: the game's cached toss sampler
against TossModel.sample (the same draws, see tests/test_mawari_property.py).

Measured 2026-12-01 05:14-05:15 UTC (load 2.6-3.5, wall clock), this tree (d4bb372: bot
games through boardkit.mawari.fastloop) and, with PYTHONPATH at ``git archive
33aee06 boardkit``, the engine before issue 14 (run in between, not interleaved):
    whole games (smart bots)   2 players 10,400-10,900/s (old 1,106), 3 players
                               8,300-8,500 (847), 4 players 6,230-6,360 (676); realistic
                               golds, 2 players 10,300-12,000/s (1,547)
    toss sampling              game 812,000/s, TossModel.sample 85,000/s (9.6x)
    engine steps               247,000/s (the recorded path: snapshot and events per step)

Earlier, 2026-12-01 02:15 UTC (load 5-6, wall clock), this tree (acf056f) and, with
PYTHONPATH at ``git archive 33aee06 boardkit``, the engine before issue 14 (run after
it, not interleaved; ``mawari_matches.py --vs`` is the interleaved CPU comparison):
    whole games (smart bots)   2 players 3,805/s (old 1,058), 3 players 2,910 (876),
                               4 players 2,157 (439); realistic golds, 2 players 4,719/s
    toss sampling              game 796,000/s, TossModel.sample 83,000/s (9.5x)
    engine steps               254,000/s
"""
import inspect
import statistics
import time

import numpy as np

from boardkit import sim
from boardkit.mawari import MawariGame, MawariRules
from boardkit.mawari.ai import battle_odds, bot

# no records are read here (older engines built them only when read)
_NO_RECORDS = {"records": False} if "records" in inspect.signature(sim.play_game).parameters else {}


def median_time(fn, runs=5):
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def games(n, count=100, rules=None):
    def run():
        for rng in sim.spawn_rngs(n, count):
            g = MawariGame(rules, players=n)
            sim.play_game(g, [bot("smart")] * n, rng, **_NO_RECORDS)
    return run


def main():
    for n in (2, 3, 4):
        t = median_time(games(n))
        print(f"{n} players: {100 / t:8.0f} whole games/s  ({t * 10:.2f} ms per game)")
    t = median_time(games(2, rules=MawariRules.realistic()))
    print(f"2 players, realistic golds: {100 / t:8.0f} games/s")

    rules = MawariRules.realistic()
    g = MawariGame(rules=rules)
    rng = np.random.default_rng(0)
    k = 20000
    t_fast = median_time(lambda: [g._sample_chance(rng) for _ in range(k)])
    t_model = median_time(lambda: [rules.model.sample(rng) for _ in range(k)])
    print(f"toss sampling: game {k / t_fast:,.0f}/s, TossModel.sample {k / t_model:,.0f}/s, "
          f"ratio {t_model / t_fast:.1f}x")

    def steps():
        h = MawariGame(players=2)
        r = np.random.default_rng(1)
        for _ in range(2000):
            if h.is_over():
                h = MawariGame(players=2)
            if h.chance_pending():
                h.resolve_chance(r)
            else:
                h.play(h.legal_moves()[-1])
    t = median_time(steps)
    print(f"engine steps (toss applied, undo snapshot, events): {2000 / t:,.0f}/s")
    from boardkit.mawari import ai
    t = median_time(lambda: (ai._battle_odds.cache_clear(), ai._turn_table.cache_clear(),
                             battle_odds(rules.model, 16)))
    print(f"exact battle odds (DP, 16 squares, realistic): {t * 1000:.1f} ms")


if __name__ == "__main__":
    main()
