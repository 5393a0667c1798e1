"""The lean searches of ``boardkit.diamond.fastloop`` find what the reference search of
``movegen`` finds, piece by piece, over many random positions of every rule set.

The reference is ``movegen._search`` (breadth-first over ``_jumps_from``, one jump rule
each) with ``movegen._moves_of`` for the steps; the fast lane repeats those rules in its
own searches (``_hop_reach``, ``_long_man``, ``_king_reach``, ``_long_order`` and the man's
hop search written out in ``_reachable``). Dense random positions (20-70 pieces, kings
anywhere) reach shapes that real play seldom does.
"""
from __future__ import annotations

import numpy as np
import pytest

from boardkit.diamond import DiamondGame, DiamondRules
from boardkit.diamond import fastloop as F
from boardkit.diamond import geometry as B
from boardkit.diamond import movegen as M

RULESETS = [
    dict(players=3),
    dict(players=2),
    dict(players=2, pieces=10),
    dict(players=2, kings=False),
    dict(players=3, long_jump=True),
    dict(players=2, kings=False, long_jump=True),
    dict(players=3, king_hops_after_group=False),
    dict(players=2, pieces=10, long_jump=True, king_hops_after_group=False),
    dict(players=3, board="chinese", kings=False, pieces=10),
    dict(players=3, board="small", pieces=10, long_jump=True),
    dict(players=3, board="small", pieces=10),
]


def random_position(rng, rules: DiamondRules) -> DiamondGame:
    """Pieces scattered at random on holes their owner may use, one king per player."""
    blank = DiamondGame(rules, setup=False)
    holes = list(B.holes(rules.board))
    pieces: dict = {}
    for k in rng.permutation(len(holes))[:int(rng.integers(20, 70))]:
        p = int(rng.integers(rules.players))
        if holes[k] not in blank.forbidden(p):
            pieces[holes[k]] = p
    if rules.kings:
        for p in range(rules.players):
            mine = [h for h, q in pieces.items() if q == p]
            if mine:
                pieces[mine[int(rng.integers(len(mine)))]] = (p, True)
    return DiamondGame.from_pieces(pieces, rules, turn=int(rng.integers(rules.players)))


def reference_dests(g: DiamondGame, i: int) -> list[int]:
    """The destinations of the piece on hole index i in the order of ``moves_of``."""
    return [B.INDEX[m.path[-1]] for m in M._moves_of(g, i)]


def check_position(g: DiamondGame) -> int:
    c = g.cells
    rays = F._long_rays(g)
    terminal = not g.rules.king_hops_after_group
    checked = 0
    for i in (k for k, v in enumerate(c) if v):
        v = c[i]
        p, king = (v & 7) - 1, bool(v & M.KING)
        want = reference_dests(g, i)
        assert [x & 255 for x in F._dests(g, i)] == want, (B.label(B.HOLES[i]), g.to_json())
        jumps = list(M._search(g, i))                 # the landings in the order found
        c[i] = 0
        try:
            assert F._jump_order(g, i, p, king)[1:] == jumps
            if king and not g.rules.long_jump:
                assert F._king_reach(c, rays, g._forb[p], terminal, i)[1:] == jumps
                assert F._king_order(g, i, p)[1:] == jumps
                assert F._king_order(g, i, p, True)[0][1:] == jumps
            elif king:
                assert F._long_order(g, i, p, True)[1:] == jumps
            elif g.rules.long_jump:
                assert F._long_man(c, rays, g._forb[p], i)[1:] == jumps
            else:
                assert F._hop_reach(g._hopp[p], c, i)[1:] == jumps
        finally:
            c[i] = v
        checked += 1
    assert F._reachable(g) == M._reachable(g), g.to_json()
    return checked


@pytest.mark.parametrize("kw", RULESETS, ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()))
def test_lean_searches_find_what_the_reference_finds(kw):
    """Every piece of 60 random positions (and the player to move's reachable()), per
    rule set: the same destinations in the same order as the reference."""
    rng = np.random.default_rng(sum(map(ord, str(kw))))
    rules = DiamondRules(**kw)
    checked = sum(check_position(random_position(rng, rules)) for _ in range(60))
    assert checked > 60 * 15


@pytest.mark.parametrize("kw", RULESETS[:6], ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()))
def test_lean_searches_in_played_positions(kw):
    """Positions of random play (every 7th ply), every player's pieces."""
    rng = np.random.default_rng(3)
    g = DiamondGame(DiamondRules(max_turns=300, **kw))
    seen = 0
    while not g.is_over():
        moves = g.legal_moves()
        g.play(moves[int(rng.integers(len(moves)))])
        if len(g.history) % 7 == 0:
            seen += check_position(g)
    assert seen > 100
