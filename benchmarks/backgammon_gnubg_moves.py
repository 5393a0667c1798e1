"""Ask GNU Backgammon for every legal play (with its notation) in many positions.

    /usr/games/gnubg -t -q -p benchmarks/backgammon_gnubg_moves.py > /tmp/moves.txt

Positions: the start position with each of the 21 rolls, and every position (with its
dice) of the gnubg self-play match in tests/data/backgammon_gnubg_games.json. gnubg's
hint at 0 ply with pruning off lists every legal play. The JSON line after "MOVES" is
tests/data/backgammon_gnubg_moves.json, which tests/test_backgammon_crosscheck.py uses.
"""
import json
import os

import gnubg

here = os.path.dirname(os.path.abspath(__file__)) if "__file__" in globals() else "benchmarks"
games = json.load(open(os.path.join(here, "..", "tests", "data", "backgammon_gnubg_games.json")))
for p in (0, 1):
    gnubg.command(f"set player {p} human")
gnubg.command("set evaluation chequerplay evaluation plies 0")
gnubg.command("set evaluation chequerplay evaluation prune off")
gnubg.command("new game")
cases = [("4HPwATDgc/ABMA", a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]
for g in games["games"]:
    for r in g["records"]:
        if r["action"] == "move":
            cases.append((r["board"], r["dice"][0], r["dice"][1]))
out = []
for pid, a, b in cases:
    gnubg.command(f"set board {pid}")
    gnubg.command(f"set dice {a} {b}")
    h = gnubg.hint(1000)
    out.append({"position_id": pid, "dice": [a, b],
                "plays": sorted(m["move"] for m in h["hint"])})
print("MOVES")
print(json.dumps({"source": "GNU Backgammon 1.07.001 hint, 0-ply, pruning off", "cases": out}))
