"""Diamond Game move generation speed (run by hand; not a test).

    .venv/bin/python benchmarks/diamond_movegen.py            # boardkit only
    /tmp/bench-openspiel/bin/python ... see --openspiel below

Measures, on this machine, medians of 5 repeats:
  * legal-move generation (every reachable destination of every piece, one path each)
    per second, from mid-game positions of random games (plies 30-80);
  * random plies per second (generate, pick one at random, push) over whole games.
Against OpenSpiel's ``chinese_checkers`` (if ``import pyspiel`` works in the Python
that runs ``--openspiel``): the same two figures on its two-player game, whose rules
are close to ours without kings (DG-17, DG-20), so the ratio is indicative only.

    python3 -m venv /tmp/bench-openspiel && /tmp/bench-openspiel/bin/pip install open_spiel
    /tmp/bench-openspiel/bin/python benchmarks/diamond_movegen.py --openspiel
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPEATS = 5


def median_rate(fn, n_items) -> float:
    rates = []
    for _ in range(REPEATS):
        t = time.perf_counter()
        fn()
        rates.append(n_items / (time.perf_counter() - t))
    return statistics.median(rates)


def boardkit_figures(seed: int = 1) -> dict:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import numpy as np

    from boardkit.diamond import DiamondGame, DiamondRules

    out = {}
    for name, rules in {"3p kings": DiamondRules(), "2p kings": DiamondRules(players=2),
                        "2p no king": DiamondRules(players=2, kings=False),
                        "2p chinese": DiamondRules.chinese(players=2),
                        "3p long jump": DiamondRules(long_jump=True)}.items():
        rng = np.random.default_rng(seed)
        positions = []
        while len(positions) < 40:
            g = DiamondGame(rules)
            stop = int(rng.integers(30, 80))
            for _ in range(stop):
                if g.is_over():
                    break
                moves = g.legal_moves()
                g.push(moves[int(rng.integers(len(moves)))])
            if not g.is_over():
                positions.append(g)
        n_moves = sum(len(g._generate()) for g in positions)

        def gen():
            for g in positions:
                g._generate()

        gen_rate = median_rate(gen, len(positions))

        def plies():
            r = np.random.default_rng(seed)
            g = DiamondGame(DiamondRules(**{**rules.__dict__, "max_turns": 300}))
            while not g.is_over():
                moves = g._generate()
                g.push(moves[int(r.integers(len(moves)))])
            return g.moves_played

        n_plies = plies()
        ply_rate = median_rate(plies, n_plies)
        out[name] = {"generations_per_s": gen_rate, "moves_per_position": n_moves / len(positions),
                     "random_plies_per_s": ply_rate}
    return out


def openspiel_figures(seed: int = 1) -> dict:
    import random

    import pyspiel

    game = pyspiel.load_game("chinese_checkers")
    rnd = random.Random(seed)
    positions = []
    while len(positions) < 40:
        s = game.new_initial_state()
        for _ in range(rnd.randrange(30, 80)):
            if s.is_terminal():
                break
            s.apply_action(rnd.choice(s.legal_actions()))
        if not s.is_terminal():
            positions.append(s)
    n_moves = sum(len(s.legal_actions()) for s in positions)

    def gen():
        for s in positions:
            s.legal_actions()

    gen_rate = median_rate(gen, len(positions))

    def plies():
        r = random.Random(seed)
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal() and n < 300:
            s.apply_action(r.choice(s.legal_actions()))
            n += 1
        return n

    n_plies = plies()
    return {"chinese_checkers": {"generations_per_s": gen_rate,
                                 "moves_per_position": n_moves / len(positions),
                                 "random_plies_per_s": median_rate(plies, n_plies)}}


def main() -> None:
    if "--openspiel" in sys.argv:
        print(json.dumps(openspiel_figures()))
        return
    ours = boardkit_figures()
    print(f"{'boardkit':<16}{'gen/s':>10}{'moves/pos':>11}{'plies/s':>10}")
    for k, v in ours.items():
        print(f"{k:<16}{v['generations_per_s']:>10.0f}{v['moves_per_position']:>11.1f}"
              f"{v['random_plies_per_s']:>10.0f}")
    peer = Path("/tmp/bench-openspiel/bin/python")
    if not peer.exists():
        print("OpenSpiel: skipped (no /tmp/bench-openspiel; see the docstring to install it)")
        return
    res = subprocess.run([str(peer), __file__, "--openspiel"], capture_output=True, text=True)
    if res.returncode != 0:
        print("OpenSpiel: skipped (pyspiel failed: " + res.stderr.strip().splitlines()[-1] + ")")
        return
    theirs = json.loads(res.stdout)["chinese_checkers"]
    base = ours["2p chinese"]
    print(f"{'openspiel cc':<16}{theirs['generations_per_s']:>10.0f}{theirs['moves_per_position']:>11.1f}"
          f"{theirs['random_plies_per_s']:>10.0f}")
    # OpenSpiel is C++; its legal_actions() returns integers, ours builds path objects
    print(f"OpenSpiel / boardkit (2p chinese): generation "
          f"{theirs['generations_per_s'] / base['generations_per_s']:.0f}x faster, random plies "
          f"{theirs['random_plies_per_s'] / base['random_plies_per_s']:.0f}x faster")


if __name__ == "__main__":
    main()
