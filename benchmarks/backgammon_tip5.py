"""Tip 5 ("count the pips") turned into play two ways, 2,000 games each (issue 14).

    .venv/bin/python benchmarks/backgammon_tip5.py [--games 2000] [--seed 5] [--workers 2]

The blunt reading of the tip, kept for the record (``style="easy"``: the easy level's own
terms). benchmarks/tips.py measured ``TipBot()`` against ``TipBot(breaks="pips")`` with those
terms before the tip bots were rewritten (today's tips.py plays "the pip count sets the
risk", 59.4%): the tip's regime
(race when 10 pips ahead, keep anchors when 10 behind) is read from the pip lead AFTER each
candidate play. A hit adds the pips the hit checker loses to that lead, so near the
threshold the term flips with the hit and punishes hitting; as played that way the tip
loses (45.1% [43.0, 47.3], boardkit/data/tips_backgammon.json). Here the same
match with ``lead="before"``: the regime is read from the race as it stands before the
play, the same for every candidate. Same seed as tips.py's pips row (seed 5), seats
swapped, no cube.

Measured 2026-12-01 (2,000 games, seed 5): 971 won, 1,029 lost, score 48.6% [46.4, 50.7].
Read before the play, the tip no longer hurts (45.1% as tips.py plays it), but it shows no
gain either: the easy bot's other terms already decide nearly every play the regime
would change, and a blunt threshold rule cannot tell the positions where it matters.
"""
from __future__ import annotations

import argparse
import functools
import json
from concurrent.futures import ProcessPoolExecutor

from boardkit import sim
from boardkit.backgammon import BackgammonGame, BackgammonRules, ai


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--workers", type=int, default=2)
    a = p.parse_args()
    factory = functools.partial(BackgammonGame, rules=BackgammonRules.no_cube())
    bots = {"with": ai.TipBot(lead="before", style="easy"),
            "without": ai.TipBot(breaks="pips", lead="before", style="easy")}
    ex = ProcessPoolExecutor(a.workers) if a.workers > 0 else None
    try:
        r = sim.tournament(factory, bots, games=a.games, seed=a.seed, progress=False, executor=ex)
    finally:
        if ex is not None:
            ex.shutdown()
    wins, losses = r.wins["with"], r.wins["without"]
    draws = a.games - wins - losses
    score = (wins + draws / 2) / a.games
    lo, hi = sim.wilson_interval(wins + draws / 2, a.games)
    print(json.dumps({"tip": "pips (lead before the play)", "games": a.games, "wins": wins,
                      "draws": draws, "losses": losses, "score": score, "interval": [lo, hi],
                      "seed": a.seed, "command": f"python benchmarks/backgammon_tip5.py --games "
                      f"{a.games} --seed {a.seed}"}))


if __name__ == "__main__":
    main()
