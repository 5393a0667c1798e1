"""The hot path of the middle level: the same moves as the plain search, faster.

``_middle_move`` draws the noise first and scores the moves with ``_Search.root2``
(exact depth-2 scores, bounded where the noise cannot reach the best);
``_middle_chooser`` does the same for whole bot games in ``CheckersGame._play_bots``,
with the noise drawn ``NOISE_BLOCK`` normals at a time and the generator put back.
"""
from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .search import _Search


def _middle_move(game, rng, tips, noise):
    """A depth-2 noisy TipBot's move without quiescence (the middle level): the exact
    scores of the game's own moves in their order (``_Search.root2``), then the same
    noise draws and choice as ``root`` + ``_choose`` + ``_to_move`` (one
    ``rng.normal(0, noise)`` per move in turn; ties broken by rng, else the first)."""
    search = _root_search(game, tips)
    b, w, k, p = game.raw_position()
    raws = game._raw_moves()
    if rng is None:
        vals = search.root2(b, w, k, p, raws)
        return game._hand_out(vals.index(max(vals)))
    # the noise first (the same draws as after the search): root2 may then only bound
    # the moves that cannot be chosen
    # (noise * z is 0.0 + noise * z, rng.normal's value, once added to an integer score)
    nz = [noise * z for z in rng.standard_normal(len(raws)).tolist()]
    noisy = list(map(add, search.root2(b, w, k, p, raws, nz), nz))
    best = max(noisy)
    i = noisy.index(best)                  # the first best
    if noisy.count(best) > 1:
        top = [j for j, v in enumerate(noisy) if v == best]
        i = top[int(rng.integers(len(top)))]
    return game._hand_out(i)


#: the middle level's searcher per (move generator, tips): root2 keeps no state of a move
_ROOTS: dict = {}


def _root_search(game, tips) -> _Search:
    """The middle level's searcher for the game's rules and these tips (built once)."""
    gen = game._gen
    if type(tips) is not frozenset:
        tips = frozenset(tips)
    hit = _ROOTS.get((id(gen), tips))
    if hit is None or hit[0] is not gen:
        if len(_ROOTS) > 1000:
            _ROOTS.clear()
        from .search import _Search
        hit = _ROOTS[(id(gen), tips)] = (gen, _Search(game.rules, tips))
    return hit[1]


#: normal draws taken from the generator at a time by ``_middle_chooser``
NOISE_BLOCK = 128
#: the bit generators whose state ``_middle_chooser`` saves and restores (all tested)
_BLOCK_BITS = (np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937, np.random.Philox,
               np.random.SFC64)


def _middle_chooser(game, bots, rng):
    """For ``CheckersGame._play_bots`` when every seat is the middle level (``NormalBot``
    with depth 2 and noise) and rng a numpy Generator on one of numpy's bit generators,
    else None: ``(choose, sync)``.
    ``choose(b, w, k, p, raws)`` is the index of ``_middle_move``'s choice in that
    position (raws: its ``cached_generate`` list), with the same noise; the normals
    come ``NOISE_BLOCK`` at a time (one call, not one per move: ``standard_normal(a)``
    then ``standard_normal(b)`` are the numbers of ``standard_normal(a + b)``), and
    ``sync()`` puts the generator where one call per move leaves it (the state before
    the block, then the normals used drawn again), before a tie is broken by
    ``rng.integers`` and when the game stops."""
    from .search import _NORMAL_TIPS, NormalBot
    noises = []
    for b in bots:
        if type(b) is not NormalBot or b.depth != 2 or not b.noise:
            return None
        noises.append(b.noise)
    if type(rng) is not np.random.Generator or type(rng.bit_generator) not in _BLOCK_BITS:
        return None             # (a subclass may draw otherwise; other bit generators untested)
    same = len(set(noises)) == 1
    root2 = _root_search(game, _NORMAL_TIPS).root2
    bits = rng.bit_generator
    normals = rng.standard_normal
    saved = None            # the generator's state before the block, while one is in use
    scaled: list = [()] * len(noises)   # per seat: noise * z for the block's normals
    pos = 0                 # normals of the block used

    def sync() -> None:
        nonlocal saved, scaled, pos
        if saved is not None:
            bits.state = saved
            if pos:
                normals(pos)
            saved, pos = None, 0
            scaled = [()] * len(noises)

    def choose(b, w, k, p, raws) -> int:
        nonlocal saved, scaled, pos
        n = len(raws)
        if pos + n > len(scaled[p]):
            sync()
            saved = bits.state
            zs = normals(max(NOISE_BLOCK, n)).tolist()
            if same:
                scaled = [[noises[0] * z for z in zs]] * len(noises)
            else:
                scaled = [[noise * z for z in zs] for noise in noises]
        nz = scaled[p][pos:pos + n]
        pos += n
        noisy = list(map(add, root2(b, w, k, p, raws, nz), nz))
        best = max(noisy)
        i = noisy.index(best)                  # the first best
        if noisy.count(best) > 1:
            sync()
            top = [j for j, v in enumerate(noisy) if v == best]
            i = top[int(rng.integers(len(top)))]
        return i

    return choose, sync
