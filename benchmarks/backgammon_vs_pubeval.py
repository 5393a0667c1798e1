"""Strength of the backgammon levels, measured against Tesauro's pubeval.

    .venv/bin/python benchmarks/backgammon_vs_pubeval.py [--games 200] [--strong-games 60]
                                                        [--levels] [--seed 1]

Plays seeded games without the doubling cube (so a game is one win, single, gammon
or backgammon alike), seats swapped every game, on a local process pool, and prints
each bot's win rate with a 95% Wilson interval and the points per game. pubeval
(``boardkit/backgammon/pubeval.py``) is the classic public benchmark opponent.
With ``--levels`` it also plays the ladder random < easy < normal < strong. The
``lookahead`` level (normal + 21-roll lookahead) is slow: ``--strong-games`` games.
"""
from __future__ import annotations

import argparse
import functools
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from boardkit.backgammon import BackgammonGame, BackgammonRules  # noqa: E402
from boardkit.backgammon import ai  # noqa: E402
from boardkit.sim import tournament  # noqa: E402


def match(a: str, b: str, games: int, seed: int) -> None:
    factory = functools.partial(BackgammonGame, rules=BackgammonRules.no_cube())
    t0 = time.perf_counter()
    res = tournament(factory, {a: ai.BOTS[a], b: ai.BOTS[b]}, games=games, seed=seed,
                     executor="process", progress=False)
    lo, hi = res.interval(a)
    ppg = (res.points[a] - res.points[b]) / games
    print(f"{a:>7} vs {b:<8} {games:4d} games: {a} wins {res.win_rate(a):6.1%} "
          f"[95% {lo:.1%}, {hi:.1%}], points per game {ppg:+.3f}  "
          f"({time.perf_counter() - t0:.0f} s)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--strong-games", type=int, default=60)
    ap.add_argument("--levels", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    match("strong", "pubeval", args.games, args.seed)
    match("normal", "pubeval", args.games, args.seed)
    if args.levels:
        match("easy", "random", args.games, args.seed)
        match("normal", "easy", args.games, args.seed)
        match("strong", "normal", args.games, args.seed)
    if args.strong_games:
        match("lookahead", "pubeval", args.strong_games, args.seed)   # slow: 10x normal


if __name__ == "__main__":
    main()
