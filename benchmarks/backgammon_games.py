"""Backgammon speed side by side (issue 14): random games through the public API, move
generation per position and bot matches at the middle level, against OpenSpiel's
backgammon (C++, driven from Python) and against an older boardkit.

    .venv/bin/python benchmarks/backgammon_games.py [--rounds 5] [--games 60] [--vs OLD]

OLD is a copy of an older boardkit package, e.g. the commit before the speed-ups:

    mkdir -p /tmp/bg_old && git archive 6fdb926 boardkit | tar -x -C /tmp/bg_old

OpenSpiel runs in a scratch venv (never in the project's venv):

    python3 -m venv /tmp/os && /tmp/os/bin/pip install open_spiel      (or /tmp/bench-openspiel)

Every measurement runs in a fresh subprocess; the contenders are INTERLEAVED round by
round (old, new, OpenSpiel, then the next round in another order), so a load change on
this shared machine hits all of them alike. Each figure is the median over the rounds
of CPU time (time.process_time) and of wall time; ratios are of the medians.

What is timed (like for like, the same harness in each library):
  games    random games to the end: roll (resolve_chance / a chance outcome), list the
           legal moves, pick one with the same numpy Generator, play it.
           boardkit: BackgammonGame with the cube (the "roll" cube action is taken when
           offered); one decision per turn listing every distinct whole play (BG-08).
           OpenSpiel: one decision per two checker moves (a double is two decisions).
  movegen  positions per second whose legal moves are listed, over the positions of
           random games (a few thousand):
           boardkit ``BackgammonGame.legal_moves()`` on a fresh game at each position
           (all distinct whole plays as ``Play`` objects; no position+dice cache: every
           position is generated; the games keep only the plays of the game that
           generated last, one module-wide slot), OpenSpiel ``state.legal_actions()``
           on saved states (a list of ints, one per two-checker action).
  normal   bot matches, normal vs normal (``ai.bot("normal")``, no cube), games/s; the
           old engine plays the same games move for move (checked: 30 seeded games).

Like for like, with two differences that cost boardkit, not OpenSpiel: a boardkit turn
also takes the cube step (legal_moves() = roll/double, play "roll") and its roll is two
draws of 32 bits (resolve_chance's two dice: seeded games depend on them; since
2026-12-01 05:13 taken straight from the bit generator, ~0.3 us each, the same numbers
and generator state as two ``rng.integers(1, 7)`` calls at ~1.1 us each), where
OpenSpiel draws one chance outcome per roll.

Measured 2026-12-01 05:30-05:35 UTC on this shared 2-core machine (load 1.9-3.8, wall
times often far from CPU times), ``--rounds 5 --games 60``, CPU medians, 12 runs of
games and movegen at 16d8716 (4 with ``--vs 6fdb926``, before issue 14; 3 with ``--vs
7df0bfb``, before the previous round; 3 with ``--vs 04c414e``, before this step):

    games    boardkit 544-694 games/s; OpenSpiel 497-580: 0.96-1.31x (median of the
             12 runs 1.18x; 10 of 12 at 1.12x or more); 6fdb926 111-114 (5.5-6.0x);
             7df0bfb 407-464 (1.48-1.60x); 04c414e 481-594 (0.96-1.44x; in an
             interleaved A/B of 7 fresh processes x 100 games each: 1.17x)
    movegen  boardkit 87,000-102,600 positions/s (one run 62,600: three of its five
             rounds hit by load); OpenSpiel 77,600-87,600: 1.10-1.27x (that run
             0.76x); 6fdb926 7,970-8,680 (11.4-12.5x); 7df0bfb 69,100-75,300
             (1.35-1.45x)
    normal   boardkit 128-132 games/s, 6fdb926 9.1-10.4: 12.7-14.1x (04:53-04:54 UTC,
             load 3.9-4.8, two runs; one more at 05:03: 170 vs 12.8, 13.3x; one at
             05:36, load 3.3, 16d8716: 159 vs 11.9, 13.4x)

Single runs scatter by +-10% on each side here (the same code gave 544 and 694
games/s ten minutes apart), so a single ratio can land near 1x: quote ranges.

With one BLAS thread per child (sidebyside.child_env; numpy's OpenBLAS workers spin after
import and process_time counted it), 06:07-06:08 UTC, load 0.8, ``--rounds 9 --games 200``,
two runs: games 705 / 713 games/s vs OpenSpiel 574 / 584 (1.23x, 1.22x); movegen 102,100 /
102,000 vs 84,800 / 82,600 positions/s (1.20x, 1.23x); and ``--rounds 5 --games 60 --vs
6fdb926``: normal 13.55x, games 6.0x, movegen 10.7x over 6fdb926.

At the end of the session, 182b687 (the dice through ``_draw_dice`` again, one call a
turn), 06:02 UTC on the quiet machine (load 1.5-2.2), two runs: games 679 games/s vs
OpenSpiel 554 (1.23x) and 1.45x; movegen 97,400 vs 81,700 positions/s (1.19x) and 1.17x.

The normal rounds load the bear-off table before the clock (``bearoff.table()``, both
engines; since 2026-12-01 04:58: the earlier ``ai.evaluate_many`` on the start position
never loaded it, so ~80 ms of table load sat inside each round: 6.2-6.3x then).
Earlier the same day: 05:02-05:04 (load 3.3-4.1, 04c414e's code) games 1.00-1.21x
OpenSpiel, movegen 1.10-1.14x; 02:38-02:50 (load 4-6) games 0.79-0.83x, movegen
0.86-0.87x, normal 4.1-4.2x; at the start of issue 14's first round 0.66x, 0.30x, 2.7x.
See boardkit/backgammon/movegen.py's docstring for where a turn's time goes.

Issue 21 (the lean bot-game loop in backgammon/fastloop.py; the bear-off search merged into
``_two_general``) against 2a3ff78, 2026-12-02 18:05-18:13 UTC, load 2.6-4.4 (shared
machine), CPU time, fresh process per round, old/new alternating: games 185.3 vs 179.6
games/s over 31 rounds of 60 games (ratio of medians 1.03x, median of round ratios 0.99x);
normal 70.5 vs 57.2 over 21 rounds of 10 games (1.23x, 1.13x: the loop takes the lock once
a game); movegen 36,968 vs 37,870 positions/s over 21 rounds of 50 games (0.98x, 1.03x).
Runs of this script at the same time (9-15 rounds) scattered 0.94-1.07x on games for
unchanged code paths (the old tree against a copy of itself: 1.06x).
"""
from __future__ import annotations

import json
import pathlib
import statistics
import subprocess
import sys

import sidebyside  # benchmarks/sidebyside.py: child_env

ROOT = pathlib.Path(__file__).resolve().parents[1]
PEERS = ("/tmp/os/bin/python", "/tmp/bench-openspiel/bin/python")

OPENSPIEL_SCRIPT = r"""
import sys, time, json, numpy as np, pyspiel
what, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(seed)
game = pyspiel.load_game("backgammon")
def play(n, keep=None):
    d = 0
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outs = s.chance_outcomes()
                s.apply_action(outs[int(rng.integers(len(outs)))][0])
            else:
                la = s.legal_actions()
                d += 1
                if keep is not None:
                    keep.append(s.clone())
                s.apply_action(la[int(rng.integers(len(la)))])
    return d
if what == "games":
    c, w = time.process_time(), time.perf_counter()
    d = play(n)
    print(json.dumps([n, time.process_time() - c, time.perf_counter() - w, d]))
else:
    keep = []
    play(n, keep)
    c, w = time.process_time(), time.perf_counter()
    moves = 0
    for s in keep:
        moves += len(s.legal_actions())
    print(json.dumps([len(keep), time.process_time() - c, time.perf_counter() - w, moves]))
"""

BOARDKIT_SCRIPT = r"""
import sys, time, json, numpy as np
from boardkit import sim
from boardkit.backgammon import BackgammonGame, BackgammonRules, CubeAction
from boardkit.backgammon import ai
what, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(seed)
import boardkit.backgammon.movegen as mg
def play(n, keep=None):
    d = 0
    for _ in range(n):
        g = BackgammonGame()
        while not g.is_over():
            if g.chance_pending():
                g.resolve_chance(rng)
                continue
            moves = g.legal_moves()
            if isinstance(moves[0], CubeAction):
                g.play(moves[0])
                continue
            d += 1
            if keep is not None:
                keep.append((g.position(), g.dice))
            g.play(moves[int(rng.integers(len(moves)))])
    return d
if what == "games":
    c, w = time.process_time(), time.perf_counter()
    d = play(n)
    print(json.dumps([n, time.process_time() - c, time.perf_counter() - w, d]))
elif what == "movegen":
    keep = []
    play(n, keep)
    if hasattr(mg, "_CACHE"):
        mg._CACHE.clear()
        mg._CACHE_SIZE = 0          # no position+dice cache: every position is generated
    games = [BackgammonGame.from_position(m, t, dice=dice, rules=BackgammonRules.no_cube())
             for (m, t), dice in keep]
    c, w = time.process_time(), time.perf_counter()
    moves = 0
    for g in games:
        moves += len(g.legal_moves())
    print(json.dumps([len(games), time.process_time() - c, time.perf_counter() - w, moves]))
else:
    bots = [ai.bot("normal"), ai.bot("normal")]
    from boardkit.backgammon import bearoff
    bearoff.table()         # the bear-off table, loaded before the clock in both engines
    BackgammonGame(rules=BackgammonRules.no_cube())
    c, w = time.process_time(), time.perf_counter()
    plies = 0
    for i in range(n):
        out, p = sim.play_game(BackgammonGame(rules=BackgammonRules.no_cube()), bots, rng)
        plies += p
    print(json.dumps([n, time.process_time() - c, time.perf_counter() - w, plies]))
"""


def _run(python: str, script: str, args: list, pythonpath: str | None) -> list:
    env = sidebyside.child_env(pythonpath)      # one BLAS thread: see sidebyside.child_env
    out = subprocess.run([python, "-c", script, *map(str, args)], capture_output=True, text=True,
                         env=env, cwd="/tmp", timeout=1200, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    a = sys.argv
    rounds = int(a[a.index("--rounds") + 1]) if "--rounds" in a else 5
    games = int(a[a.index("--games") + 1]) if "--games" in a else 60
    old = a[a.index("--vs") + 1] if "--vs" in a else None
    only = a[a.index("--only") + 1].split(",") if "--only" in a else ["games", "movegen", "normal"]
    peer = next((p for p in PEERS if pathlib.Path(p).exists()), None)
    sides = {"new": (sys.executable, BOARDKIT_SCRIPT, str(ROOT))}
    if old:
        sides["old"] = (sys.executable, BOARDKIT_SCRIPT, old)
    if peer:
        sides["openspiel"] = (peer, OPENSPIEL_SCRIPT, None)
    else:
        print("OpenSpiel: skipped (no scratch venv; see the docstring)")
    sizes = {"games": games, "movegen": max(games // 2, 10), "normal": max(games // 6, 5)}
    for what in only:
        names = [s for s in sides if not (what == "normal" and s == "openspiel")]
        got = {s: ([], []) for s in names}       # per round: units per CPU-s, per wall-s
        for r in range(rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            for s in order:
                py, script, path = sides[s]
                n, cpu, wall, units = _run(py, script, [what, sizes[what], 100 + r], path)
                per = n                                      # games, or positions
                got[s][0].append(per / cpu)
                got[s][1].append(per / wall)
        unit = {"games": "games/s", "movegen": "positions/s", "normal": "games/s"}[what]
        med = {s: (statistics.median(v[0]), statistics.median(v[1])) for s, v in got.items()}
        print(f"{what}: {unit}, median of {rounds} interleaved rounds (CPU / wall)")
        for s, (c, w) in med.items():
            print(f"  {s:<10} {c:10.1f} CPU  {w:10.1f} wall")
        for ref in ("openspiel", "old"):
            if ref in med and "new" in med:
                print(f"  new / {ref}: CPU {med['new'][0] / med[ref][0]:.2f}x, "
                      f"wall {med['new'][1] / med[ref][1]:.2f}x")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
