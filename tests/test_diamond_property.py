"""Random games (seeded) keep the invariants; a naive reference generator agrees.

The reference below is written from the rules' text, not from game.py: it walks
coordinates with a dict board and explores every *simple* jump path depth-first
(DG-10: no hole twice in a turn), where the engine uses a breadth-first search over
precomputed rays. Both must find exactly the same reachable holes for every piece.
"""
import json

import numpy as np
import pytest

from boardkit.diamond import PASS, DiamondGame, DiamondRules
from boardkit.diamond import geometry as B

from conftest import check_invariants, random_games

DIRS = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
STAR = set(B.HOLES)

RULESETS = [
    dict(players=3),
    dict(players=2),
    dict(players=3, long_jump=True),
    dict(players=2, kings=False, long_jump=True),
    dict(players=3, king_hops_after_group=False),
    dict(players=2, pieces=10, long_jump=True, king_hops_after_group=False),
    dict(players=3, board="chinese", kings=False, pieces=10),
    dict(players=3, board="small", pieces=10, long_jump=True),
]


class Budget(Exception):
    pass


def reference_reach(pieces, rules, forbidden, start, counts=None):
    """Holes the piece on ``start`` can reach, by the letter of DG-08..DG-13, DG-19.
    ``counts`` (a dict), if given, receives the number of jump paths to each hole."""
    STAR = set(B.holes(rules.board))
    p, king = pieces[start]
    occ = {h: v for h, v in pieces.items() if h != start}
    out = set()
    for dq, dr in DIRS:                                    # DG-08
        n = (start[0] + dq, start[1] + dr)
        if n in STAR and n not in occ and n not in forbidden:
            out.add(n)

    def jumps(y):
        for dq, dr in DIRS:
            line = []
            k = 1
            while (y[0] + k * dq, y[1] + k * dr) in STAR:
                line.append((y[0] + k * dq, y[1] + k * dr))
                k += 1
            for dist in range(2, len(line) + 1):
                land, between = line[dist - 1], line[:dist - 1]
                if land in occ or land in forbidden:
                    continue
                full = [h for h in between if h in occ]
                if any(occ[h][1] for h in full):           # DG-12
                    continue
                if len(full) == dist - 1 and (dist == 2 or king):        # DG-09, DG-11
                    yield land, ("group" if dist > 2 else "hop")
                elif (rules.long_jump and len(full) == 1 and dist % 2 == 0
                      and full[0] == between[dist // 2 - 1]):            # DG-19
                    yield land, "long"

    budget = [20000]

    def dfs(y, visited):
        for x, kind in jumps(y):
            if x in visited:
                continue
            budget[0] -= 1
            if budget[0] < 0:
                raise Budget
            out.add(x)
            if counts is not None:
                counts[x] = counts.get(x, 0) + 1
            if kind == "group" and not rules.king_hops_after_group:   # DG-11 option
                continue
            dfs(x, visited | {x})

    dfs(start, {start})
    return out


def random_position(rng, rules):
    """Pieces scattered at random on holes their owner may use (dense, odd shapes)."""
    g = DiamondGame(rules, setup=False)
    free = list(B.holes(rules.board))
    pieces = {}
    n = int(rng.integers(20, 70))
    for k in rng.permutation(len(free))[:n]:
        h = free[k]
        p = int(rng.integers(rules.players))
        if h in g.forbidden(p):
            continue
        pieces[h] = p
    if rules.kings:
        for p in range(rules.players):
            mine = [h for h, q in pieces.items() if q == p]
            if mine:
                pieces[mine[int(rng.integers(len(mine)))]] = (p, True)
    return DiamondGame.from_pieces(pieces, rules, turn=int(rng.integers(rules.players)))


def compare_all(g):
    pcs = g.pieces()
    checked = 0
    for h, (p, _) in pcs.items():
        try:
            ref = reference_reach(pcs, g.rules, g.forbidden(p), h)
        except Budget:
            continue
        assert g.reachable_from(h) == ref, (B.label(h), g.to_json())
        checked += 1
    return checked


@pytest.mark.parametrize("kw", RULESETS, ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()))
def test_dg08_dg13_dg19_engine_matches_naive_reference(kw):
    """DG-08..DG-13, DG-18, DG-19, DG-20: steps, hops, chains, kings, long jumps,
    forbidden tips, on the three boards."""
    rng = np.random.default_rng(len(str(kw)))
    rules = DiamondRules(**kw)
    checked = 0
    for _ in range(12):
        checked += compare_all(random_position(rng, rules))
    # positions from real play too
    g = DiamondGame(rules)
    for ply in range(120):
        if g.is_over():
            break
        moves = g.legal_moves()
        g.play(moves[int(rng.integers(len(moves)))])
        if ply % 15 == 14:
            checked += compare_all(g)
    assert checked > 150


def test_dg10_every_jump_path_is_listed_by_paths():
    """DG-10: ``paths()`` lists exactly the simple chains the reference enumerates."""
    rng = np.random.default_rng(10)
    compared = 0
    for kw in (RULESETS[0], RULESETS[2], RULESETS[4]):
        rules = DiamondRules(**kw)
        for _ in range(4):
            g = random_position(rng, rules)
            pcs = g.pieces()
            for h, (p, _) in list(pcs.items())[:8]:
                counts = {}
                try:
                    reference_reach(pcs, rules, g.forbidden(p), h, counts)
                except Budget:
                    continue
                for dest, n in counts.items():
                    ours = [m for m in g.paths(h, dest, limit=10**6) if m.kind not in ("step", "swap")]
                    assert len(ours) == n and len({m.path for m in ours}) == n
                    compared += 1
    assert compared > 100


def check_pieces(g, counts):
    pcs = g.pieces()
    for p in range(g.players):
        mine = [h for h, (q, _) in pcs.items() if q == p]
        assert len(mine) == counts[p]                                   # conserved
        assert not set(mine) & g.forbidden(p)                           # DG-13
        kings = [h for h in mine if pcs[h][1]]
        assert len(kings) == (1 if g.rules.kings else 0)                # DG-04, DG-17


@pytest.mark.parametrize("kw", RULESETS[:6] + RULESETS[7:],
                         ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()))
def test_random_games_keep_invariants(kw):
    """Seeded random plies (conftest.random_games): pieces conserved, never on a
    forbidden tip, one king each; JSON round-trips and undo restores (check_invariants);
    the fast _push/_pop pair is exact; every move's text parses back."""
    rules = DiamondRules(max_turns=300, **kw)
    counts = [rules.pieces] * rules.players
    before = DiamondGame(rules).to_json()
    plies = 0
    for g, m, _ in random_games(lambda: DiamondGame(rules), games=1, seed=7 + len(kw), max_plies=300):
        plies += 1
        check_invariants(g, before)
        check_pieces(g, counts)
        probe = g.copy()
        probe.undo()
        assert m == PASS or probe._parse_move(str(m)) == m
        probe._push(m)
        assert probe.to_json() == g.to_json()
        probe._pop()
        assert probe.to_json() == before
        before = g.to_json()
    assert plies >= 250   # 7 rule sets: about 2,000 plies in all


def test_reference_agrees_on_the_documented_examples():
    """The reference itself must see the rules' examples (so it is not vacuous)."""
    rules = DiamondRules(players=2)
    pcs = {(0, 0): (0, True), (1, 0): (1, False), (2, 0): (1, False), (3, 0): (0, False)}
    assert (4, 0) in reference_reach(pcs, rules, set(), (0, 0))            # group jump
    pcs[(0, 0)] = (0, False)
    assert (4, 0) not in reference_reach(pcs, rules, set(), (0, 0))
    pcs = {(0, 0): (0, False), (1, 0): (1, True)}
    assert (2, 0) not in reference_reach(pcs, rules, set(), (0, 0))        # kings block


def test_json_is_plain_data():
    g = DiamondGame()
    doc = json.loads(g.to_json())
    assert doc["game"] == "diamond" and doc["rules"]["players"] == 3
    assert len(doc["state"]["pieces"]) == 45


# ------------------------------------------------------------------ the fast lane (issue 14)
@pytest.mark.parametrize("kw", RULESETS, ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()))
def test_fast_lane_lists_exactly_the_legal_moves(kw):
    """fastloop.fast_moves (move codes, remembered per piece) lists the moves of
    legal_moves() in the same order; code_move gives back the same DiamondMove;
    reachable()/reachable_from() agree with the moves; _fpush/_fpop restore exactly."""
    from boardkit.diamond import fastloop as F
    from boardkit.diamond import movegen as M
    rules = DiamondRules(max_turns=200, **kw)
    rng = np.random.default_rng(11)
    g = DiamondGame(rules)
    while not g.is_over():
        moves = g.legal_moves()
        codes = F.fast_moves(g)
        assert [F.code_move(g, c) for c in codes] == moves
        want: dict = {}
        for m in moves:
            if m.path:
                want.setdefault(m.path[0], set()).add(m.path[-1])
        assert g.reachable() == want == M._reachable(g)
        for h in list(want)[:3]:
            assert g.reachable_from(h) >= want[h]     # equal unless DG-16 (b) filters moves
        before = g.to_json()
        k = int(rng.integers(len(codes)))
        g._fpush(codes[k])
        g._fpop()
        assert g.to_json() == before
        g.play(moves[k])


def test_fast_lane_memory_follows_cells_changed_by_hand():
    """The per-piece memory of cached_dests is checked against the cells, so a board
    changed directly (as set-ups and tests do) is never answered from stale memory."""
    g = DiamondGame(DiamondRules(players=1, kings=False), setup=False)
    g.cells[B.INDEX[(0, 0)]] = 1
    assert g.reachable_from((0, 0)) == {h for h in B.neighbours((0, 0)) if h not in g.forbidden(0)}
    g.cells[B.INDEX[(1, 0)]] = 1                      # now a hop east is possible
    assert (2, 0) in g.reachable_from((0, 0)) and (2, 0) in g.reachable()[(0, 0)]
    g.cells[B.INDEX[(1, 0)]] = 0
    assert (2, 0) not in g.reachable()[(0, 0)]


def test_bots_play_the_games_they_played_before_the_fast_lane():
    """The bots search on move codes now; with the same seed they still choose move
    for move what they chose on DiamondMove objects (first moves of a ふつう-つよい game
    recorded with the engine before issue 14, commit 33aee06)."""
    from boardkit.diamond import ai
    from boardkit.sim import play_game
    g = DiamondGame(DiamondRules(players=2, pieces=10, max_turns=24))
    play_game(g, [ai.bot("normal"), ai.bot("strong")], np.random.default_rng(0), 400)
    assert [str(m) for m in g.history] == [
        'a1:e9', 'm1:i1', 'c3:e7', 'm3:m5', 'd2:f7', 'k1:k3', 'c2:e8:g6', 'k2:k4', 'e9:c3:f6:h6',
        'l2:l4:j4', 'd3:f6:f8', 'i1:k1:m1:m3:j3:j5', 'c1:a1:c3:e9:g7', 'l3:j3', 'b2-c2', 'k4:i4',
        'b1:d3:f6', 'k3:i3:i5', 'h6:e6:e8:h5:k4', 'j5:h6:e9', 'f7:h5:j6', 'j3:j5:h6', 'g6:i6:k6',
        'j4:h5:h7:f7:f9']


@pytest.mark.parametrize("name, digest", [
    ("normal-strong", "bfb1bcf03b173f3e"), ("tips-race", "6d1c01b61db44672"),
    ("tips-ladders", "decfd301313e4381"), ("weak-normal", "eded4fc5932c3a3e"),
    ("normal-strong-15", "ff540a6592773ff4")])
def test_bot_matches_are_the_games_of_the_engine_before_issue_14(name, digest):
    """Whole seeded bot matches (benchmarks/diamond_matches.py's, and two more) move for
    move as the engine before issue 14 (33aee06) played them: a digest of the move lists.
    The bots' shortcuts (parts, bounds, caches) must never change a choice."""
    import hashlib

    from boardkit.diamond import ai
    from boardkit.diamond.ai import RaceBot, Weights
    from boardkit.sim import play_game
    bots, n = {"normal-strong": ((ai.bot("normal"), ai.bot("strong")), 4),
               "tips-race": ((RaceBot(), RaceBot(weights=Weights(straggler=0.0))), 8),
               "tips-ladders": ((RaceBot(follow=0.5), RaceBot(follow=0.0)), 8),
               "weak-normal": ((ai.bot("weak"), ai.bot("normal")), 4),
               "normal-strong-15": ((ai.bot("normal"), ai.bot("strong")), 2)}[name]
    rules = DiamondRules(players=2, max_turns=400) if name.endswith("15") else \
        DiamondRules(players=2, pieces=10, max_turns=400)
    h = hashlib.sha256()
    for seed in range(n):
        g = DiamondGame(rules)
        play_game(g, list(bots if seed % 2 == 0 else bots[::-1]), np.random.default_rng(seed), 400)
        h.update((" ".join(str(m) for m in g.history) + "\n").encode())
    assert h.hexdigest()[:16] == digest
