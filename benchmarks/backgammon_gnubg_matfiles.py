"""Write the GNU Backgammon match files of tests/data/real/backgammon/gnubg_selfplay_*.mat.

Run with the Debian gnubg (never imported by the project):

    /usr/games/gnubg -t -q -p benchmarks/backgammon_gnubg_matfiles.py

gnubg plays a 1-, 3-, 5- and 7-point match against itself at 0 ply and exports each
with ``export match mat``; tests/test_backgammon_files.py reads, replays and writes them.
"""
import gnubg

gnubg.command("set display off")
for p in (0, 1):
    gnubg.command(f"set player {p} gnubg")
    gnubg.command(f"set player {p} chequerplay evaluation plies 0")
    gnubg.command(f"set player {p} cubedecision evaluation plies 0")
gnubg.command("set automatic game on")
for length, seed in ((1, 5), (3, 7), (5, 11), (7, 23)):
    gnubg.command(f"set seed {seed}")
    gnubg.command(f"new match {length}")
    gnubg.command(f"export match mat /tmp/gnubg_selfplay_{length}.mat")
