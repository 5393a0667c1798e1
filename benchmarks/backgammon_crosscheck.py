"""Cross-check boardkit's backgammon move generation against OpenSpiel's.

Run by hand in a scratch venv that has OpenSpiel (never in the project's venv):

    python3 -m venv /tmp/bench-openspiel && /tmp/bench-openspiel/bin/pip install open_spiel
    /tmp/bench-openspiel/bin/python benchmarks/backgammon_crosscheck.py [turns] [seed]

OpenSpiel cannot set up a position from Python, so the script plays random OpenSpiel
games and, at every turn, compares the SET of positions reachable by a whole legal
turn (OpenSpiel splits a double into two decisions; we expand its tree until the
other player or the dice are due) with the set of ``Play.after`` that
``boardkit.backgammon.game.plays_for`` returns for the same position and dice. It also
prints the distinct-play counts from the start position for the 21 rolls.
"""
from __future__ import annotations

import pathlib
import re
import sys

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
import pyspiel  # noqa: E402

from boardkit.backgammon.movegen import plays_for  # noqa: E402


def sides(state):
    """(x side, o side) as 26-count lists in their own numbering (OpenSpiel x = player 0)."""
    text = str(state)
    bar_line = re.search(r"^Bar:(.*)$", text, re.M).group(1)
    scores = re.search(r"Scores, X: (\d+), O: (\d+)", text)
    out = []
    for player in (0, 1):
        s = [0] * 26
        for pos in range(24):
            n = state.board(player, pos)
            point = 24 - pos if player == 0 else pos + 1
            s[point] = n
        s[25] = bar_line.count("x" if player == 0 else "o")
        s[0] = int(scores.group(1 + player))
        assert sum(s) == 15, (s, text)
        out.append(s)
    return out


def turn_results(state, mover):
    """Every distinct position (mover's side, other side) after a whole turn."""
    results = set()
    stack = [state]
    seen = set()
    while stack:
        st = stack.pop()
        if st.is_terminal() or st.is_chance_node() or st.current_player() != mover:
            a, b = sides(st)
            mine, theirs = (a, b) if mover == 0 else (b, a)
            results.add((tuple(mine), tuple(theirs)))
            continue
        key = str(st)
        if key in seen:
            continue
        seen.add(key)
        for act in st.legal_actions():
            stack.append(st.child(act))
    return results


def dice_of(state):
    m = re.search(r"^Dice: (\d)(\d)", str(state), re.M)
    return int(m.group(1)), int(m.group(2))


def crosscheck(turns: int, seed: int) -> int:
    game = pyspiel.load_game("backgammon")
    rng = np.random.default_rng(seed)
    checked = mismatches = 0
    state = game.new_initial_state()
    while checked < turns:
        if state.is_terminal():
            state = game.new_initial_state()
            continue
        if state.is_chance_node():
            outs = state.chance_outcomes()
            acts, probs = zip(*outs)
            state.apply_action(int(rng.choice(acts, p=np.array(probs) / sum(probs))))
            continue
        mover = state.current_player()
        a, b = sides(state)
        mine, theirs = (a, b) if mover == 0 else (b, a)
        d1, d2 = dice_of(state)
        ours = {p.after for p in plays_for(mine, theirs, d1, d2)}
        theirs_set = turn_results(state, mover)
        checked += 1
        if ours != theirs_set:
            mismatches += 1
            if mismatches <= 5:
                print("MISMATCH", d1, d2, mine, theirs, len(ours), len(theirs_set))
        # advance: play random actions until the turn is over
        while not state.is_terminal() and not state.is_chance_node() and state.current_player() == mover:
            la = state.legal_actions()
            state.apply_action(int(la[rng.integers(len(la))]))
    print(f"{checked} turns from random OpenSpiel games, {mismatches} mismatches "
          f"(sets of resulting positions compared)")
    return mismatches


def opening_counts():
    start = [0] * 26
    start[24], start[13], start[8], start[6] = 2, 5, 3, 5
    rows = []
    for a in range(6, 0, -1):
        for b in range(a, 0, -1):
            rows.append((f"{a}-{b}", len(plays_for(start, start, a, b))))
    return rows


def opening_counts_openspiel():
    """Distinct end positions per roll from the start, found with OpenSpiel alone."""
    game = pyspiel.load_game("backgammon")
    out = {}
    st0 = game.new_initial_state()
    for act, _ in st0.chance_outcomes():
        st = st0.child(act)
        mover = st.current_player()
        d = dice_of(st)
        key = f"{max(d)}-{min(d)}"
        out[key] = len(turn_results(st, mover))
    return out


if __name__ == "__main__":
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    ours = opening_counts()
    print("roll  boardkit  openspiel(start, non-doubles only: OpenSpiel's opening roll has no doubles)")
    theirs = opening_counts_openspiel()
    for roll, n in ours:
        print(f"{roll:>4}  {n:>8}  {theirs.get(roll, '-'):>9}")
    bad = crosscheck(turns, seed)
    sys.exit(1 if bad else 0)
