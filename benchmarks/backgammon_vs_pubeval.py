"""Strength of the backgammon levels, measured against Tesauro's pubeval.

    .venv/bin/python benchmarks/backgammon_vs_pubeval.py [--games 200] [--strong-games 100]
                                                        [--levels] [--timing] [--seed 1]

Plays seeded games without the doubling cube (so a game is one win, single, gammon
or backgammon alike), seats swapped every game, on a local process pool, and prints
each bot's win rate with a 95% Wilson interval and the points per game. pubeval
(``boardkit/backgammon/pubeval.py``) is the classic public benchmark opponent.
With ``--levels`` it also plays the ladder random < easy < normal < strong. The
``lookahead`` level (strong + a 2-ply over the opponent's 21 rolls) is slower: it
plays ``--strong-games`` games against pubeval and against strong. ``--timing``
prints each level's median seconds per move over a few self-play games.
"""
from __future__ import annotations

import argparse
import functools
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from boardkit.backgammon import BackgammonGame, BackgammonRules, ai  # noqa: E402
from boardkit.sim import tournament  # noqa: E402


def match(a: str, b: str, games: int, seed: int) -> None:
    factory = functools.partial(BackgammonGame, rules=BackgammonRules.no_cube())
    t0 = time.perf_counter()
    res = tournament(factory, {a: ai.bot(a), b: ai.bot(b)}, games=games, seed=seed,
                     executor="process", progress=False)
    lo, hi = res.interval(a)
    ppg = (res.points[a] - res.points[b]) / games
    print(f"{a:>7} vs {b:<8} {games:4d} games: {a} wins {res.win_rate(a):6.1%} "
          f"[95% {lo:.1%}, {hi:.1%}], points per game {ppg:+.3f}  "
          f"({time.perf_counter() - t0:.0f} s)", flush=True)


def timing(level: str, games: int = 3, seed: int = 0) -> None:
    """Median and worst seconds per decision (plays only) of one level in self-play."""
    import numpy as np
    rng = np.random.default_rng(seed)
    bot, times = ai.bot(level), []
    for _ in range(games):
        g = BackgammonGame(rules=BackgammonRules.no_cube())
        while not g.is_over():
            if g.chance_pending():
                g.resolve_chance(rng)
                continue
            t0 = time.perf_counter()
            move = bot(g, rng)
            times.append(time.perf_counter() - t0)
            g.play(move)
    print(f"{level:>9}: {len(times)} moves, median {np.median(times) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.0f} ms per move", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--strong-games", type=int, default=100)
    ap.add_argument("--levels", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timing", action="store_true")
    args = ap.parse_args()
    if args.timing:
        for level in ("normal", "strong", "lookahead", "pubeval"):
            timing(level)
    if args.games:
        match("strong", "pubeval", args.games, args.seed)
        match("normal", "pubeval", args.games, args.seed)
    if args.levels and args.games:
        match("easy", "random", args.games, args.seed)
        match("normal", "easy", args.games, args.seed)
        match("strong", "normal", args.games, args.seed)
    if args.strong_games:
        match("lookahead", "pubeval", args.strong_games, args.seed)
        match("lookahead", "strong", args.strong_games, args.seed)


if __name__ == "__main__":
    main()
