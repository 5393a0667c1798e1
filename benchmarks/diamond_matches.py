"""Diamond Game bot matches: games per second, today's engine against an older one,
side by side (issue 14). Run by hand; not a test.

    .venv/bin/python benchmarks/diamond_matches.py                  # this tree only
    git archive <old commit> boardkit | tar -x -C /tmp/dg_old        # an older engine
    .venv/bin/python benchmarks/diamond_matches.py --vs /tmp/dg_old [--rounds 5]

Each round runs every match once in a fresh process per engine (``PYTHONPATH`` = the
engine's source tree), old and new interleaved (the order alternates from round to
round), and each process measures its own CPU time (``time.process_time``, what the
shared machine's load moves least) and wall time. Printed: the medians over the rounds
of games per CPU-second and per wall-second, and the ratio new/old of the medians (and
the median of the per-round ratios). Same seeds, same games: the new engine's bots play
move for move what the old ones played (``--check`` compares the move lists).

Matches (2 players, 10 pieces, ``max_turns=400``, as ``benchmarks/tips.py``):
  normal-strong   ふつう vs つよい (the middle levels), seeds 0..3
  tips-race       the tip bots of tips.py at level "race": RaceBot() vs
                  RaceBot(weights=Weights(straggler=0.0)), seeds 0..7
  tips-ladders    RaceBot(follow=0.5) vs RaceBot(follow=0.0), seeds 0..7

Measured 2026-12-01 05:43-05:50 UTC (2 cores shared by several agents, load average
1.7-3.3), old = 33aee06 (before issue 14), new = 6025c39, six runs (5, 7, 7, 5, 5, 5
rounds), medians per run:

    match          new games/CPU-s  old games/CPU-s  new/old CPU     round ratios
    normal-strong     27.1-36.8         2.4-3.5      8.26-11.17x     9.25-10.86x
    tips-race         75.7-128.7       11.2-17.6      6.33-7.70x      6.98-8.08x
    tips-ladders      58.0-95.2         8.9-11.1      6.38-8.58x      5.77-8.60x

Every game identical move for move (``--check``: "same games"; and
tests/test_diamond_property.py pins these matches, and three more, by a digest of the
games 33aee06 played). The runs swing by +-15% with the load (the old engine's 1.2 s
per match and the new one's 0.11 s are hit differently): normal-strong is above 10x in
three runs of six (medians of the round ratios: four of six). Instruction counts do not
move with the load (valgrind callgrind, this match in a fresh process, imports
subtracted): 33aee06 11,510M, 9a799fd 954M (12.1x), 6025c39 884-887M (13.0x); the new
engine runs fewer instructions per cycle than the old one, so CPU time gains less.
On the quiet machine at the end of the session (06:00-06:02 UTC, load 1.5-2.5, new =
719d6d5, the same diamond code as 6025c39), two runs of 11 rounds: normal-strong 10.27x
and 10.21x CPU (36.0 / 35.0 games/CPU-s vs 3.51 / 3.43; round-ratio medians 10.34x /
10.17x), tips-race 7.08x / 7.35x, tips-ladders 8.27x / 8.07x; same games.
Before, same setup: 9a799fd / 21b7c1c 05:08-05:25 (load 2.4-3.8) 8.8-11.6x, 6.3-7.3x,
7.5-8.1x; e9e62cf 02:42-02:55 (load 2.1-5.4) 8.3-9.3x, 5.3-6.0x, 5.9-6.7x; 5f4aebc 00:48:
3.30x, 4.52x, 4.21x.

Where a normal-strong match's time goes (per call, 05:30): outside the bots (new games,
play(), is_over(), sim.play_game's loop) ~3%, the bots' ``_chosen`` ~1%; つよい ~72%,
ふつう ~23%. A lean game loop (a ``fastloop.py``, as 回り将棋 has) could save ~2% at most, so
none was built; the second pass (cbf3be1, 2f7d6de, 6025c39) cut the bots' work instead
(ai.py's speed note lists it, and what was tried and dropped).

What changed (boardkit/diamond/ai.py's speed note says more): where nothing can end
within the plies looked at (two players, no house rule, no long jumps, every home with
enough empty holes, the turn cap not near), つよい scores each of its 14 moves from parts
computed once per position instead of playing move and reply out (the rival's best
replies from its pieces' move lists, re-listed only for the pieces whose search read a
hole the move changed; the follow-up gain from each own piece's best gain, searched again
only for the pieces a move touches); ふつう's follow-up gains likewise. Since e9e62cf:
the follow-up searches are skipped where a bound (the nearest empty hole of the piece's
hole class) shows they cannot change the choice, the moves scored best first (half the
searches gone; exact wherever a score can be among the best, so the same choice and the
same random draws); ふつう reads its pieces' memo entries once; play() takes the bot's
chosen move without checking its path again in the position it was chosen in; no random
draw when one move is best (``rng.integers(1)`` draws nothing); the king's masked
search and the one-time tables cheaper. What is left is spread thin, inside the bots
(see above). ``numpy`` loads its random module on first use, now
outside the timing (25 ms, both engines).

With one BLAS thread per child (sidebyside.child_env, 06:06-06:09 UTC, load 0.8-1.0, two
runs of 11 rounds): normal-strong 10.54x and 10.65x CPU (round-ratio medians 10.78x /
10.34x), tips-race 7.36x / 7.66x, tips-ladders 8.33x / 8.86x; same games. After the
bots call movegen._hop_reach instead of two written-out copies (06:19-06:20, load 1.3-1.9):
normal-strong 10.04x and 10.16x (new 35.8 / 36.5 games/CPU-s, old 3.56 / 3.59). (Before it, on
the same quiet machine, 10.27x / 10.21x: OpenBLAS's idle spin after numpy's import sat
inside each short new-engine match.)
"""
from __future__ import annotations

import time

import sidebyside  # benchmarks/sidebyside.py: the interleaved old/new runner

MATCHES = {"normal-strong": 4, "tips-race": 8, "tips-ladders": 8}


def run_match(name: str) -> dict:
    """Play the match here; returns games, CPU seconds, wall seconds, move lists."""
    import numpy as np

    from boardkit.diamond import DiamondGame, DiamondRules, ai
    from boardkit.diamond.ai import RaceBot, Weights
    from boardkit.sim import play_game

    rules = DiamondRules(players=2, pieces=10, max_turns=400)
    bots = {"normal-strong": (ai.bot("normal"), ai.bot("strong")),
            "tips-race": (RaceBot(), RaceBot(weights=Weights(straggler=0.0))),
            "tips-ladders": (RaceBot(follow=0.5), RaceBot(follow=0.0))}[name]
    np.random.default_rng(0)      # numpy loads its random module on first use: not in the timing
    moves = []
    c0, t0 = time.process_time(), time.perf_counter()
    for seed in range(MATCHES[name]):
        g = DiamondGame(rules)
        seats = bots if seed % 2 == 0 else bots[::-1]
        play_game(g, list(seats), np.random.default_rng(seed), 400)
        moves.append([str(m) for m in g.history])
    return {"games": MATCHES[name], "cpu": time.process_time() - c0,
            "wall": time.perf_counter() - t0, "same": moves}


if __name__ == "__main__":
    sidebyside.main(__file__, MATCHES, run_match, digits=2)
