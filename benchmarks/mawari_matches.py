"""回り将棋 bot matches: games per second, today's engine against an older one, side by
side (issue 14). Run by hand; not a test.

    .venv/bin/python benchmarks/mawari_matches.py                    # this tree only
    git archive 33aee06 boardkit | tar -x -C /tmp/ms_old              # the engine before issue 14
    .venv/bin/python benchmarks/mawari_matches.py --vs /tmp/ms_old [--rounds 5] [--check]

Each round runs every match once in a fresh process per engine (``PYTHONPATH`` = the
engine's source tree), old and new interleaved (the order alternates from round to
round); each process measures its own CPU time (``time.process_time``) and wall time
over the games only (imports and the first smart-bot table left out). Printed: the
medians over the rounds of games per CPU-second and per wall-second, the ratio new/old
of the medians and the median of the per-round ratios. Same seeds, same games:
``--check`` compares a digest of every game's history, events and final JSON.

Matches (seeded with ``sim.spawn_rngs``, as ``ai.simulate_games`` and ``tips.py``):
  middle-3p     the middle levels: random (きまぐれ) vs always (いつも戦う) vs never, 3 players
  smart-2p      smart vs smart, 2 players (``mawari_race.py``)
  tips-4p       smart vs three never seats, 4 players (a ``tips.py mawari`` game)
  realistic-2p  always vs random with the realistic golds (overlaps, fallen golds)

A game here is a few dozen tosses and one to five battle decisions: the bots cost
little, the engine (one toss = one recorded, undoable step with its events) is nearly all.

Measured 2026-12-01 05:10-05:13 UTC (2 cores shared by 6 agents, load average 3.5-3.8),
old = 33aee06 (the mawari engine before issue 14), new = d4bb372, two runs of 11 rounds,
medians per run (run 1 / run 2):

    match          new games/CPU-s  old games/CPU-s  new/old CPU      round ratios
    middle-3p        6289 / 5982       526 / 551     11.95x / 10.86x  12.03x / 11.33x
    smart-2p         9064 / 7665       775 / 826     11.69x /  9.28x  11.17x /  9.92x
    tips-4p          5018 / 5280       442 / 473     11.35x / 11.16x  10.94x / 11.14x
    realistic-2p     8281 / 8231      1144 / 1199     7.24x /  6.86x   7.16x /  6.91x

Next day, 2026-12-01 07:26 UTC (quiet, load ~2 from the benchmark itself), after the event
lines moved into one table of templates (boardkit/mawari/events.py), 9 rounds: 10.92x,
10.70x, 10.93x, 6.57x (CPU; old 641 / 938 / 542 / 1333 games/CPU-s, faster than the day
before); side by side with becf169, the code just before that change: 0.99x, 1.00x, 0.99x,
1.00x, same games.

A third run (05:16-05:18, load 3.6-3.9): 10.79x, 11.27x, 10.23x, 6.87x (CPU; round
ratios 10.92x, 11.04x, 10.51x, 7.01x).

2026-12-02 18:18-18:25 UTC (load 1.0-1.8, CPU about equal to wall time), the fast loop
calling the engine's rule functions (_end_turn, _promote, _after_forward, _corner_jump,
_reaches_home, _tosses_again) against 2a3ff78, its inline copies, 7-9 rounds, CPU
ratio of medians / median of round ratios: middle-3p 1.01x / 1.03x and 1.11x / 0.98x,
smart-2p 1.21x / 1.01x, tips-4p 0.97x / 0.97x, realistic-2p 0.99x / 0.99x, same games.
mawari_levels.py's games 1.00x / 1.01x; mawari_race.py's smart-bot games (the bots take
~95% of them) 2p 1.00x, 3p 0.95x and 0.97x, 4p 1.03x, realistic 0.90x and 1.08x
(noise: the loop is 5% of those); engine steps 1.11x / 1.10x. Under load 3-6 the same
code gave 0.83x-1.08x for middle-3p run to run.

Every game identical (``--check``: "same games"; tests/test_mawari_property.py pins 60
seeded games to the old engine's digest, tests/test_mawari_bot_games.py compares the
lean loop with sim.play_game's own loop). Earlier runs of slightly older code at load
4-5 gave 8.6x-11.3x for middle-3p: at these speeds a round's ratio moves by 10-20% with
the load of the other agents, hence 11 rounds.

How (05:00 UTC, after 2.7-3.1x at 02:15): ``sim.play_game`` now hands the game to
``boardkit.mawari.fastloop`` (registered with ``sim.register_loop``). With the levels' bots (they read
only the position) it plays on the position alone: the tosses of 64 turns' worth of
PCG64 words drawn in one call and coded by three numpy steps (the generator stepped
back over unused words before a bot that draws, and at the end, so every draw is the
one it was); the common move (nobody passed or met; a promotion or a corner jump
allowed) by a per-(square, squares) plan table and the occupied squares as 3-bit
counts; battle tosses that only add progress, moves back and tosses that score nothing
by arithmetic; everything else (passing pieces, two up, the end of a battle or game)
by the engine with its event text switched off. Events, history and undo are built when
first read, by replaying the log through the recorded path (a subclass's __getattr__
notices the first read; on the class itself it slowed every attribute read by ~30%).
The smart bot's odds lookup no longer hashes seven Fractions per decision (TossModel
caches its hash). NOT counted above, and not faster: a caller that reads every game's
history and events pays for the records as before (middle-3p then 2.4-2.5x, two
in-process runs at 05:14; the digest here is read after the clock stops). The
realistic golds stay near 7x: their games are short (44 tosses), so the per-game costs
(seeding the generator, ~18 us of ~125 us, and the first block of draws) weigh more, and
standing golds (10-100 squares) take the engine's path.

With one BLAS thread per child (sidebyside.child_env, 06:05-06:09 UTC, load 0.8-1.0, two
runs of 11 rounds): middle levels 11.18x and 11.12x CPU, smart 11.11x / 10.97x, tips game
11.48x / 11.24x, realistic 7.02x / 7.35x; same games. Before that fix, on the same quiet
machine, one run gave 8.96x for the middle levels with CPU above wall time by ~20 ms per
match: OpenBLAS's workers spinning after numpy's import, counted by process_time.
"""
from __future__ import annotations

import hashlib
import inspect
import json
import time

import sidebyside  # benchmarks/sidebyside.py: the interleaved old/new runner

MATCHES = {  # name: (players, levels, rules preset or None, games)
    "middle-3p": (3, ("random", "always", "never"), None, 400),
    "smart-2p": (2, ("smart", "smart"), None, 400),
    "tips-4p": (4, ("smart", "never", "never", "never"), None, 300),
    "realistic-2p": (2, ("always", "random"), "realistic", 400),
}


def run_match(name: str) -> dict:
    """Play the match here; returns games, CPU seconds, wall seconds, a digest of the games."""
    from boardkit import sim
    from boardkit.mawari import MawariGame, MawariRules
    from boardkit.mawari.ai import battle_odds, bot

    players, levels, preset, games = MATCHES[name]
    rules = MawariRules.realistic() if preset == "realistic" else None
    bots = [bot(level) for level in levels]
    battle_odds((rules or MawariRules()).model, 16)        # the smart bot's first table
    # a match reads no records (a tournament's play_game(records=False); an older engine
    # without that option built them only when read, which here is never)
    kw = {"records": False} if "records" in inspect.signature(sim.play_game).parameters else {}
    played = []
    c0, t0 = time.process_time(), time.perf_counter()
    for i, rng in enumerate(sim.spawn_rngs(3, games)):
        g = MawariGame(rules, players=players)
        seats = bots[i % players:] + bots[:i % players]      # seats rotated
        res = sim.play_game(g, seats, rng, **kw)
        played.append((res, g))
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    h = hashlib.sha256()
    for (out, plies), g in played:
        h.update(json.dumps([str(out), plies, g.pieces(), str(g.last_toss)], ensure_ascii=False,
                            default=str).encode())
    return {"games": games, "cpu": cpu, "wall": wall, "same": h.hexdigest()}


if __name__ == "__main__":
    sidebyside.main(__file__, MATCHES, run_match, digits=0)
