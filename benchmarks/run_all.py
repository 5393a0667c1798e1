"""Run the speed benchmarks one after another (by hand: `make bench`; never in tests).

Each script prints medians and, where a peer is installed in its scratch venv, ratios
against it; peers that are missing are skipped with a message. Strength benchmarks
(checkers_strength, diamond_ai, backgammon_vs_pubeval) take longer: run them alone."""
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
RUNS = [
    ["checkers_perft.py", "--quick"],
    ["diamond_movegen.py"],
    ["backgammon_games.py"],
    ["backgammon_bearoff.py"],
    ["mawari_toss.py"],
    ["mawari_race.py"],
]

failed = []
for args in RUNS:
    print(f"\n===== {' '.join(args)}", flush=True)
    if subprocess.call([sys.executable, str(HERE / args[0]), *args[1:]], cwd=HERE.parent):
        failed.append(args[0])
print("\nfailed:", failed if failed else "none")
sys.exit(1 if failed else 0)
