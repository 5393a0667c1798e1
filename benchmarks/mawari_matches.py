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

A game here is a few dozen tosses and one or two battle decisions: the bots cost
nothing, the engine (one toss = one recorded, undoable step with its events) is all.

Measured 2026-12-01 02:14-02:17 UTC (2 cores shared by 9 agents, load average 4-6),
old = 33aee06 (the mawari engine before issue 14), new = acf056f, two runs of 5 rounds,
medians per run:

    match          new games/CPU-s  old games/CPU-s  new/old CPU   round ratios
    middle-3p        2032 / 1807       659 / 591     3.09x / 3.06x  3.10x / 3.00x
    smart-2p         2415 / 2341       900 / 832     2.68x / 2.82x  2.75x / 2.89x
    tips-4p          1514 / 1379       501 / 484     3.02x / 2.85x  3.02x / 2.69x
    realistic-2p     3221 / 3129      1177 / 1175    2.74x / 2.66x  2.76x / 2.65x

Every game identical (``--check``: "same games"; tests/test_mawari_property.py also
pins 60 seeded games to the old engine's digest). The goal of issue 14 was 10x; what
the engine does per toss is now about 4-5 us (CPU): the seeded draw of six numbers
(~0.6 us, 13%), the undo snapshot (~7%), the event lines, the ChanceStep in history,
and the three calls ``sim.play_game`` makes per toss. The speed-up came from: the 2,500
possible tosses and what each does built once per toss options (was: a Toss checked
and its squares, kind and Japanese text worked out at every toss), the default rules
built once (parsing seven probabilities per game cost about a quarter of a game),
moves by arithmetic when nothing is passed (was: square by square, every piece looked
at on every square), battle targets from a table, the raw PCG64 words compared with
bounds scaled to words, and snapshots that keep the (append-only) event log and its
length instead of copying it. Merging the common move into one function measured no
better (within noise). 10x would need fewer steps per toss in the recorded game (no
undo snapshot or event text per toss), i.e. a separate headless simulator: not done.
"""
from __future__ import annotations

import hashlib
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
    played = []
    c0, t0 = time.process_time(), time.perf_counter()
    for i, rng in enumerate(sim.spawn_rngs(3, games)):
        g = MawariGame(rules, players=players)
        seats = bots[i % players:] + bots[:i % players]      # seats rotated
        sim.play_game(g, seats, rng)
        played.append(g)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    h = hashlib.sha256()
    for g in played:
        h.update(json.dumps([[str(m) for m in g.history], g.events], ensure_ascii=False)
                 .encode())
    return {"games": games, "cpu": cpu, "wall": wall, "same": h.hexdigest()}


if __name__ == "__main__":
    sidebyside.main(__file__, MATCHES, run_match, digits=0)
