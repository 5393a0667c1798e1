"""Diamond Game move generation speed (run by hand; not a test).

    .venv/bin/python benchmarks/diamond_movegen.py            # + OpenSpiel if installed

Measures, on this machine, medians of 5 repeats:
  * legal-move generation (every reachable destination of every piece, one path each)
    per second, from mid-game positions of random games (plies 30-80);
  * random plies per second (generate, pick one at random, push) over whole games.
Against OpenSpiel's ``chinese_checkers`` (if ``import pyspiel`` works in the Python
in /tmp/bench-openspiel): the same two figures on its two-player game (our DG-20 board).
The ratio is indicative only: OpenSpiel is C++, and its legal_actions() lists single
steps and single hops (a chain is played one hop at a time), where ours searches whole
chains and builds a path object per destination.

    python3 -m venv /tmp/bench-openspiel && /tmp/bench-openspiel/bin/pip install open_spiel
    .venv/bin/python benchmarks/diamond_movegen.py --crosscheck

Side by side with an older engine (issue 14: ``reachable()`` 3x faster):

    git archive <old commit> boardkit | tar -x -C /tmp/dg_old
    .venv/bin/python benchmarks/diamond_movegen.py --vs /tmp/dg_old [--rounds 5]

times ``game.reachable()`` on the same 40 mid-game positions per rule set (seeded random
games, plies 30-80; the same positions for both engines, whose move lists agree) in a
fresh process per engine and round, old and new interleaved (the order alternating), and
prints the medians of positions per CPU-second (``time.process_time``) and per
wall-second, and the ratios new/old. Measured 2026-12-01 02:39-02:40 UTC (2 cores shared
by 9 agents, load average 5.3-8.3), old = 33aee06, new = 2c5d6dc, 5 rounds:

    rule set       new pos/CPU-s  old pos/CPU-s  new/old CPU  wall   round ratios
    3p kings           28653           9231          3.10x    5.79x     3.18x
    2p kings           30889           9722          3.18x    3.79x     3.12x
    2p 10 pieces       53641          16407          3.27x    4.26x     3.36x
    2p no king         33747          10787          3.13x    3.37x     3.23x
    2p chinese         58300          17029          3.42x    4.47x     3.48x
    3p long jump       13025           4104          3.17x    7.00x     3.17x

(the wall ratios swing with the machine's load; the CPU ratios are the figures.) Each
of the 40 positions is asked 20 times over, but nothing is remembered between calls:
this is the search itself, one lean breadth-first search per piece on hole indices,
the destination holes gathered into their set as they are found (no list of indices,
no second pass), the man's hop and long-jump searches and the king's search inlined, a
long jump looked for no further than half the line. The goal of issue 14 was 3x: reached
for every rule set (before b84a334: 2.3-2.7x, 2.1x with long jumps; 5f4aebc at 00:46).

The fast lane moved to boardkit/diamond/fastloop.py (bb66336) against 2a3ff78, 2026-12-02
18:21-18:23 UTC, load 1.5-2.0, 11 rounds: new/old CPU 3p kings 0.90x (median round ratio
0.96x), 2p kings 0.99x (0.97x), 2p 10 pieces 1.06x (1.02x), 2p no king 0.98x (0.99x), 2p
chinese 1.04x (1.08x), 3p long jump 0.98x (0.99x). Earlier runs under load 2.6-4.2 swung
0.84-1.34x on code paths identical to 2a3ff78's (the man's hop search), so +-10% is noise.

``--crosscheck`` replays random OpenSpiel games (2 players, 10 pieces, no kings: our
DG-20 board) and compares, position by position, every hole each piece of the player
to move can reach in one turn (OpenSpiel plays hop chains one hop at a time; all
its continuations are tried).
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import sidebyside  # benchmarks/sidebyside.py: child_env

REPEATS = 5


def median_rate(fn, n_items) -> float:
    rates = []
    for _ in range(REPEATS):
        t = time.perf_counter()
        fn()
        rates.append(n_items / (time.perf_counter() - t))
    return statistics.median(rates)


def boardkit_figures(seed: int = 1) -> dict:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import numpy as np

    from boardkit.diamond import DiamondGame, DiamondRules

    out = {}
    for name, rules in {"3p kings": DiamondRules(), "2p kings": DiamondRules(players=2),
                        "2p no king": DiamondRules(players=2, kings=False),
                        "2p chinese": DiamondRules.chinese(players=2),
                        "3p long jump": DiamondRules(long_jump=True)}.items():
        rng = np.random.default_rng(seed)
        positions = []
        while len(positions) < 40:
            g = DiamondGame(rules)
            stop = int(rng.integers(30, 80))
            for _ in range(stop):
                if g.is_over():
                    break
                moves = g.legal_moves()
                g._push(moves[int(rng.integers(len(moves)))])
            if not g.is_over():
                positions.append(g)
        n_moves = sum(len(g._generate()) for g in positions)

        def gen():
            for g in positions:
                g._generate()

        gen_rate = median_rate(gen, len(positions))

        def plies():
            r = np.random.default_rng(seed)
            g = DiamondGame(DiamondRules(**{**rules.__dict__, "max_turns": 300}))
            while not g.is_over():
                moves = g._generate()
                g._push(moves[int(r.integers(len(moves)))])
            return g.turns_played

        n_plies = plies()
        ply_rate = median_rate(plies, n_plies)
        out[name] = {"generations_per_s": gen_rate, "moves_per_position": n_moves / len(positions),
                     "random_plies_per_s": ply_rate}
    return out


def openspiel_figures(seed: int = 1) -> dict:
    import random

    import pyspiel

    game = pyspiel.load_game("chinese_checkers")
    rnd = random.Random(seed)
    positions = []
    while len(positions) < 40:
        s = game.new_initial_state()
        for _ in range(rnd.randrange(30, 80)):
            if s.is_terminal():
                break
            s.apply_action(rnd.choice(s.legal_actions()))
        if not s.is_terminal():
            positions.append(s)
    n_moves = sum(len(s.legal_actions()) for s in positions)

    def gen():
        for s in positions:
            s.legal_actions()

    gen_rate = median_rate(gen, len(positions))

    def plies():
        r = random.Random(seed)
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal() and n < 300:
            s.apply_action(r.choice(s.legal_actions()))
            n += 1
        return n

    n_plies = plies()
    return {"chinese_checkers": {"generations_per_s": gen_rate,
                                 "moves_per_position": n_moves / len(positions),
                                 "random_plies_per_s": median_rate(plies, n_plies)}}


ROWS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]


def _openspiel_labels() -> list[str]:
    """OpenSpiel numbers the holes row by row from the top; our labels count rows
    from the bottom (a..q), places from the left in both."""
    out = []
    for k, n in enumerate(ROWS):
        out += [f"{'abcdefghijklmnopq'[16 - k]}{j + 1}" for j in range(n)]
    return out


def openspiel_positions(n_positions: int = 150, seed: int = 2) -> list:
    """Turn-start positions of random OpenSpiel games with, for each piece of the
    player to move, every hole a whole turn can end on (found by trying all of
    OpenSpiel's hop-by-hop actions). Their player k = symbol k+1 = our player 1-k."""
    import random

    import pyspiel

    labels = _openspiel_labels()
    game = pyspiel.load_game("chinese_checkers")
    rnd = random.Random(seed)

    def parse(text):
        return [int(t) for t in text.replace("=>", " ").replace("->", " ").split()]

    def ends(state, me):
        """{start: set of end holes} of complete turns from ``state``."""
        out = {}
        stack = [(state, None)]
        seen = set()
        while stack:
            st, start = stack.pop()
            for a in st.legal_actions():
                txt = st.action_to_string(a)
                nxt = st.clone()
                nxt.apply_action(a)
                if txt == "Pass":
                    continue
                f, t = parse(txt)
                s0 = f if start is None else start
                if nxt.is_terminal() or nxt.current_player() != me:
                    out.setdefault(s0, set()).add(t)       # a step, or a hop that ended the turn
                    continue
                out.setdefault(s0, set()).add(t)           # a hop; may stop here (Pass) or go on
                key = str(nxt)
                if key not in seen:
                    seen.add(key)
                    stack.append((nxt, s0))
        return out

    positions = []
    state = game.new_initial_state()
    while len(positions) < n_positions:
        if state.is_terminal():
            state = game.new_initial_state()
        me = state.current_player()
        rows = [line.split() for line in str(state).splitlines()[:17]]
        pieces = {}
        for k, row in enumerate(rows):
            for j, sym in enumerate(row):
                if sym in "12":
                    pieces[labels[sum(ROWS[:k]) + j]] = 1 - (int(sym) - 1)
        reach = ends(state, me)
        positions.append({"pieces": pieces, "turn": 1 - me,
                          "reach": {labels[f]: sorted(labels[t] for t in ts) for f, ts in reach.items()}})
        # play one random complete turn
        while True:
            state.apply_action(rnd.choice(state.legal_actions()))
            if state.is_terminal() or state.current_player() != me:
                break
    return positions


def crosscheck() -> None:
    """Compare our reachable holes with OpenSpiel's on the same positions (DG-20)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from boardkit.diamond import DiamondGame, DiamondRules

    peer = Path("/tmp/bench-openspiel/bin/python")
    res = subprocess.run([str(peer), __file__, "--openspiel-positions"], capture_output=True, text=True)
    if res.returncode != 0:
        print("cross-check skipped: " + (res.stderr.strip().splitlines() or ["no output"])[-1])
        return
    positions = json.loads(res.stdout)
    agree = differ = total = 0
    for pos in positions:
        total += sum(len(v) for v in pos["reach"].values())
        g = DiamondGame.from_pieces(pos["pieces"], DiamondRules.chinese(players=2), turn=pos["turn"])
        ours = {}
        for start, ends in g.reachable().items():
            from boardkit.diamond import geometry as board
            ours[board.label(start)] = sorted(board.label(h) for h in ends)
        if ours == pos["reach"]:
            agree += 1
        else:
            differ += 1
            if differ <= 3:
                only_ours = {k: sorted(set(v) - set(pos["reach"].get(k, []))) for k, v in ours.items()}
                only_theirs = {k: sorted(set(v) - set(ours.get(k, []))) for k, v in pos["reach"].items()}
                print("differ:", {k: v for k, v in only_ours.items() if v},
                      {k: v for k, v in only_theirs.items() if v})
    print(f"OpenSpiel cross-check: {agree} positions agree, {differ} differ "
          f"({total} (piece, destination) pairs of the player to move compared)")


def reach_figures(seed: int = 1) -> dict:
    """positions, CPU and wall seconds of ``reachable()`` over 40 positions x 20 per rule set."""
    import numpy as np

    from boardkit.diamond import DiamondGame, DiamondRules

    out = {}
    for name, rules in {"3p kings": DiamondRules(), "2p kings": DiamondRules(players=2),
                        "2p 10 pieces": DiamondRules(players=2, pieces=10),
                        "2p no king": DiamondRules(players=2, kings=False),
                        "2p chinese": DiamondRules.chinese(players=2),
                        "3p long jump": DiamondRules(long_jump=True)}.items():
        rng = np.random.default_rng(seed)
        positions = []
        while len(positions) < 40:
            g = DiamondGame(rules)
            for _ in range(int(rng.integers(30, 80))):
                if g.is_over():
                    break
                moves = g.legal_moves()
                g.play(moves[int(rng.integers(len(moves)))])
            if not g.is_over():
                positions.append(g)
        c0, t0 = time.process_time(), time.perf_counter()
        for _ in range(20):
            for g in positions:
                g.reachable()
        out[name] = (40 * 20, time.process_time() - c0, time.perf_counter() - t0)
    return out


def side_by_side(old: str, rounds: int) -> None:
    sides = {"new": str(Path(__file__).resolve().parents[1]), "old": old}
    got: dict = {}
    for r in range(rounds):
        for s in (["old", "new"] if r % 2 == 0 else ["new", "old"]):
            res = subprocess.run([sys.executable, __file__, "--child-reach"], cwd="/tmp", check=True,
                                 env=sidebyside.child_env(sides[s]), capture_output=True, text=True)
            for name, (n, cpu, wall) in json.loads(res.stdout).items():
                got.setdefault(name, {"new": ([], []), "old": ([], [])})[s][0].append(n / cpu)
                got[name][s][1].append(n / wall)
    med = statistics.median
    for name, v in got.items():
        rc = [a / b for a, b in zip(v["new"][0], v["old"][0])]
        print(f"{name:<14} new {med(v['new'][0]):7.0f}/CPU-s {med(v['new'][1]):7.0f}/s   "
              f"old {med(v['old'][0]):7.0f}/CPU-s {med(v['old'][1]):7.0f}/s   "
              f"new/old CPU {med(v['new'][0]) / med(v['old'][0]):.2f}x "
              f"wall {med(v['new'][1]) / med(v['old'][1]):.2f}x (median round ratio {med(rc):.2f}x)")


def main() -> None:
    if "--child-reach" in sys.argv:
        print(json.dumps(reach_figures()))
        return
    if "--vs" in sys.argv:
        k = sys.argv.index("--vs")
        rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 5
        side_by_side(sys.argv[k + 1], rounds)
        return
    if "--openspiel" in sys.argv:
        print(json.dumps(openspiel_figures()))
        return
    if "--openspiel-positions" in sys.argv:
        print(json.dumps(openspiel_positions()))
        return
    if "--crosscheck" in sys.argv:
        crosscheck()
        return
    ours = boardkit_figures()
    print(f"{'boardkit':<16}{'gen/s':>10}{'moves/pos':>11}{'plies/s':>10}")
    for k, v in ours.items():
        print(f"{k:<16}{v['generations_per_s']:>10.0f}{v['moves_per_position']:>11.1f}"
              f"{v['random_plies_per_s']:>10.0f}")
    peer = Path("/tmp/bench-openspiel/bin/python")
    if not peer.exists():
        print("OpenSpiel: skipped (no /tmp/bench-openspiel; see the docstring to install it)")
        return
    res = subprocess.run([str(peer), __file__, "--openspiel"], capture_output=True, text=True)
    if res.returncode != 0:
        print("OpenSpiel: skipped (pyspiel failed: " + res.stderr.strip().splitlines()[-1] + ")")
        return
    theirs = json.loads(res.stdout)["chinese_checkers"]
    base = ours["2p chinese"]
    print(f"{'openspiel cc':<16}{theirs['generations_per_s']:>10.0f}{theirs['moves_per_position']:>11.1f}"
          f"{theirs['random_plies_per_s']:>10.0f}")
    # OpenSpiel is C++; its legal_actions() returns integers, ours builds path objects
    print(f"OpenSpiel / boardkit (2p chinese): generation "
          f"{theirs['generations_per_s'] / base['generations_per_s']:.0f}x faster, random plies "
          f"{theirs['random_plies_per_s'] / base['random_plies_per_s']:.0f}x faster")


if __name__ == "__main__":
    main()
