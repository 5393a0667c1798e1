"""Random backgammon games per second, generating every distinct legal play each turn,
side by side with OpenSpiel's backgammon (C++, driven from Python).

    .venv/bin/python benchmarks/backgammon_games.py [games] [repeats]

OpenSpiel runs in a scratch venv through a subprocess (never in the project's venv):

    python3 -m venv /tmp/bench-openspiel && /tmp/bench-openspiel/bin/pip install open_spiel

Measured, not asserted: prints the median of a few repeats and the ratio. Note the two
do different work per turn: boardkit lists every distinct whole play (one per
resulting position, BG-08), OpenSpiel lists its actions (two checker moves each; a
double is two decisions), so the ratio compares "a random game with full move
generation" in each library.
"""
from __future__ import annotations

import pathlib
import statistics
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from boardkit.backgammon import BackgammonGame, CubeAction  # noqa: E402
from boardkit.backgammon.movegen import START, plays_for  # noqa: E402

OPENSPIEL_PY = "/tmp/bench-openspiel/bin/python"

OPENSPIEL_SCRIPT = r"""
import sys, time, numpy as np, pyspiel
games = int(sys.argv[1]); seed = int(sys.argv[2])
rng = np.random.default_rng(seed)
game = pyspiel.load_game("backgammon")
t0 = time.perf_counter(); decisions = 0
for _ in range(games):
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            outs = s.chance_outcomes()
            s.apply_action(outs[int(rng.integers(len(outs)))][0])
        else:
            la = s.legal_actions()
            decisions += 1
            s.apply_action(la[int(rng.integers(len(la)))])
print(time.perf_counter() - t0, decisions)
"""


def boardkit_fast(games: int, seed: int) -> tuple[float, int]:
    """Random games with the bare generator plays_for (what searches and bots use)."""
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    turns = 0
    for _ in range(games):
        mine, theirs = START, START
        while True:
            d1, d2 = (int(x) for x in rng.integers(1, 7, size=2))
            plays = plays_for(mine, theirs, d1, d2)
            turns += 1
            mine, theirs = plays[int(rng.integers(len(plays)))].after
            if mine[0] == 15:
                break
            mine, theirs = theirs, mine
    return time.perf_counter() - t0, turns


def boardkit_game(games: int, seed: int) -> tuple[float, int]:
    """Random games through the full BackgammonGame API (roll, legal_moves, play)."""
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    turns = 0
    for _ in range(games):
        g = BackgammonGame()
        while not g.is_over():
            if g.chance_pending():
                g.resolve_chance(rng)
                continue
            moves = g.legal_moves()
            if isinstance(moves[0], CubeAction):
                g.play(moves[0])
                continue
            g.play(moves[int(rng.integers(len(moves)))])
            turns += 1
    return time.perf_counter() - t0, turns


def openspiel(games: int, seed: int) -> tuple[float, int] | None:
    try:
        out = subprocess.run([OPENSPIEL_PY, "-c", OPENSPIEL_SCRIPT, str(games), str(seed)],
                             capture_output=True, text=True, timeout=600, check=True)
    except (OSError, subprocess.SubprocessError) as e:
        print("OpenSpiel not available:", e)
        return None
    t, n = out.stdout.split()
    return float(t), int(n)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    rows = {}
    for name, fn in (("boardkit plays_for", boardkit_fast), ("boardkit BackgammonGame", boardkit_game),
                     ("OpenSpiel (C++ via Python)", openspiel)):
        runs = []
        for r in range(repeats):
            res = fn(games, r)
            if res is None:
                break
            runs.append(res)
        if not runs:
            continue
        t = statistics.median(x[0] for x in runs)
        n = statistics.median(x[1] for x in runs)
        rows[name] = games / t
        print(f"{name:<28} {games / t:8.1f} games/s   ({n / games:.0f} turns or decisions per game, "
              f"median of {len(runs)})")
    if "OpenSpiel (C++ via Python)" in rows:
        ref = rows["OpenSpiel (C++ via Python)"]
        for name, v in rows.items():
            print(f"  {name:<28} {v / ref:6.2f} x OpenSpiel")


if __name__ == "__main__":
    main()
