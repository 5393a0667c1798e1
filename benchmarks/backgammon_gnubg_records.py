"""Record games that GNU Backgammon plays against itself, as test data for BG-17.

Run with the Debian gnubg (never imported by the project):

    /usr/games/gnubg -t -q -p benchmarks/backgammon_gnubg_records.py > /tmp/records.txt

and copy the JSON line after "RECORDS" into tests/data/backgammon_gnubg_games.json.
Each record is gnubg's own: the Position ID before the action (gnubg's "board"),
who acts, the dice and the play as (from, to) pairs in the mover's numbering, or a cube
action. tests/test_backgammon_ids.py replays them through boardkit.
"""
import json

import gnubg

gnubg.command("set display off")
for p in (0, 1):
    gnubg.command(f"set player {p} gnubg")
    gnubg.command(f"set player {p} chequerplay evaluation plies 0")
    gnubg.command(f"set player {p} cubedecision evaluation plies 0")
gnubg.command("set seed 2024")
gnubg.command("set automatic game on")   # keep playing until the match ends
gnubg.command("new match 5")
m = gnubg.match(analysis=0, boards=1)
games = []
for g in m["games"]:
    recs = []
    for r in g["game"]:
        item = {"action": r["action"], "player": r["player"], "board": r.get("board")}
        if r["action"] == "move":
            item["dice"] = list(r["dice"])
            item["move"] = [list(x) for x in r["move"]]
        recs.append(item)
    games.append({"info": g["info"], "records": recs})
print("RECORDS")
print(json.dumps({"source": "GNU Backgammon 1.07.001 self-play, 0-ply, seed 2024, 5-point match",
                  "match_info": {k: v for k, v in m["match-info"].items() if isinstance(v, (int, str))},
                  "games": games}))
