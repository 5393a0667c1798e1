"""What a battle is worth in 回り将棋: its odds and the race model.

``battle_odds`` is the chance to win a battle of tosses; ``race_chances`` each
player's chance to finish first from here (the race model); ``battle_chances`` joins
them into each option's chance to win the game.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ...errors import BoardkitError, short_repr
from .._args import check_game as _check_game
from .._args import check_model as _check_model
from .._args import check_whole as _check_whole
from ..game import RANKS
from ..toss import TossModel

#: the longest battle race ``battle_odds`` works out: two pieces are at most 16 squares
#: apart (a race of 32); the work grows fast with the length (64: 17 s)
MAX_BATTLE_LENGTH = 32


@lru_cache(maxsize=64)
def _turn_table(model: TossModel, length: int) -> tuple:
    """For each progress a < length: the distribution of progress after one battle turn."""
    steps = [(s.squares if s.kind in ("again", "end") else 0, s.kind == "again", float(p))
             for s, p in model.toss_distribution().items()]
    table: dict[int, dict[int, float]] = {}
    for a in range(length - 1, -1, -1):
        # a turn that repeats moves at least one square forward, so table[b] for b > a
        # is known; a toss that repeats without moving could loop, which no model allows
        dist: dict[int, float] = {}
        for sq, again, p in steps:
            b = min(length, a + sq)
            if again and b < length and b > a:
                for c, q in table[b].items():
                    dist[c] = dist.get(c, 0.0) + p * q
            else:
                dist[b] = dist.get(b, 0.0) + p
        table[a] = dist
    return tuple(tuple(sorted(table[a].items())) for a in range(length))


def battle_odds(model: TossModel, length: int = 16) -> tuple[float, float, float]:
    """Exact (win, draw, loss) chances of the attacker in a battle of ``length`` squares
    (a whole number 1..32: two pieces are at most 16 squares apart, MS-15)."""
    _check_model(model, "battle_odds(model)")
    return _battle_odds(model, _check_whole(length, "battle_odds(length)", 1, MAX_BATTLE_LENGTH))


@lru_cache(maxsize=64)
def _battle_odds(model: TossModel, length: int) -> tuple[float, float, float]:
    T = _turn_table(model, length)
    L = length
    V: dict[tuple[int, int], tuple[float, float, float]] = {}
    for a in range(L - 1, -1, -1):
        for d in range(L - 1, -1, -1):
            w = dr = lo = 0.0
            selfp = 0.0
            for a2, p in T[a]:
                if a2 == L:                       # attacker back: the defender's last turn
                    back = sum(q for d2, q in T[d] if d2 == L)
                    w += p * (1 - back)
                    dr += p * back
                    continue
                for d2, q in T[d]:
                    if d2 == L:
                        lo += p * q
                    elif (a2, d2) == (a, d):
                        selfp += p * q
                    else:
                        vw, vd, vl = V[(a2, d2)]
                        w, dr, lo = w + p * q * vw, dr + p * q * vd, lo + p * q * vl
            k = 1.0 / (1.0 - selfp)
            V[(a, d)] = (w * k, dr * k, lo * k)
    return V[(0, 0)]


# ---------------------------------------------------------------- the race model
#: turns each piece's finishing-time law is followed for: far beyond any real game (a
#: 歩 at home needs about 34 turns on average); the chance left beyond it is < 1e-12
_HORIZON = 400
_LAPS = len(RANKS)              # a 歩 at home has four laps to go (MS-10)
_GOAL = _LAPS * 32              # squares to go from home as a 歩, in the unrolled track


@lru_cache(maxsize=16)
def _finish_table(model: TossModel, jump: bool) -> tuple[np.ndarray, np.ndarray]:
    """F[u, t] = chance that a lone piece ``u`` squares along its unrolled four-lap track
    (rank × 32 + progress) has finished its last lap within t turns of its own (t = 0 ..
    _HORIZON), row _GOAL = finished. Built turn by turn from the toss law: forward moves
    with the corner jump (MS-14), back moves never past the last corner (MS-06), a
    turn repeating after a toss with no face-down gold (MS-07)."""
    steps = [(s.squares, s.kind == "again", float(p)) for s, p in model.toss_distribution().items()]
    n = _GOAL + 1
    turn = np.zeros((n, n))            # turn[u, v]: one whole turn from u ends on v
    turn[_GOAL, _GOAL] = 1.0
    for u in range(_GOAL - 1, -1, -1):
        for sq, again, p in steps:
            if sq > 0:
                v = u + sq
                if jump and v % 8 == 0 and v % 32:
                    v += 8
                v = min(v, _GOAL)
            else:
                v = max(u + sq, u - u % 8)
            if again and v < _GOAL:
                turn[u] += p * turn[v]      # v > u: its row is already known
            else:
                turn[u, v] += p
    table = np.zeros((n, _HORIZON + 1))
    table[_GOAL] = 1.0
    for t in range(1, _HORIZON + 1):
        table[:, t] = turn @ table[:, t - 1]
    table[_GOAL, :] = 1.0
    return table, turn


def race_chances(game, ranks=None, again=None) -> list[float]:
    """Each player's chance to win the race from here if nobody battles any more: the
    race model (every piece runs its remaining laps alone, with the toss law of the
    rules; players take turns in order from the one to play).

    ``ranks`` replaces the players' ranks (a battle's outcome); a piece given rank 4 has
    finished (won). ``again`` says whether the player to play still tosses again this
    turn (default: the game's own state after a decision, MS-07). What the model leaves
    out: later battles, laying down (a laid piece here just loses its next turn, as with
    two players, MS-12) and two-ups (MS-13)."""
    _check_game(game, "race_chances(game)")
    n = game.players
    if ranks is None:
        ranks = [game.rank(p) for p in range(n)]
    elif not isinstance(ranks, (list, tuple)) or len(ranks) != n:
        raise BoardkitError(f"race_chances(ranks) must be a list of {n} ranks 0..4; "
                            f"got {short_repr(ranks)}")
    else:
        ranks = [_check_whole(r, "race_chances(ranks)", 0, _LAPS) for r in ranks]
    if again is not None and not isinstance(again, (bool, np.bool_)):
        raise BoardkitError(f"race_chances(again) must be True, False or None; "
                            f"got {short_repr(again)}")
    for p, r in enumerate(ranks):
        if r >= _LAPS:
            return [1.0 if q == p else 0.0 for q in range(n)]
    table, turn = _finish_table(game.rules.model, game.rules.corner_jump)
    me = game.turn
    if again is None:       # deciding: the turn goes on only after a toss with no face-down
        again = game._again if game.phase == "decide" else True    # gold; else a whole turn
    times = _HORIZON * n + 1
    cdf = np.zeros((n, times))          # P(finished by global turn slot t)
    for p in range(n):
        u = ranks[p] * 32 + game.progress(p)
        own = table[u]
        if p == me and again:           # the rest of this turn first, at slot 0
            own = turn[u] @ table
            cdf[p, 0] = own[0]
        skip = 1 if game.is_laid(p) else 0
        offset = n if p == me else (p - me) % n
        # own turn k (k >= 1) comes at slot offset + (k - 1 + skip) * n
        for k in range(1, _HORIZON + 1 - skip):
            slot = offset + (k - 1 + skip) * n
            cdf[p, slot] = own[k]
        # between its own slots a piece's state does not change
        np.maximum.accumulate(cdf[p], out=cdf[p])
    new = np.diff(cdf, axis=1, prepend=0.0)
    out = []
    for p in range(n):
        others = np.prod([1.0 - cdf[q] for q in range(n) if q != p], axis=0)
        out.append(float(np.dot(new[p], others)))
    return out


def battle_chances(game) -> dict:
    """For the player to decide: {option: (its chance to win the game, (win, draw, loss)
    of the battle or None, race length or 0)}, the options being ``game.legal_moves()``
    (``Battle(None)`` = no battle). The chance to win the game comes from the race model
    (``race_chances``) after each outcome of the battle: the winner goes up one rank, a
    銀 that wins has finished (MS-15)."""
    _check_game(game, "battle_chances(game)")
    me = game.turn
    ranks = [game.rank(p) for p in range(game.players)]
    base = race_chances(game, ranks)
    out: dict[Any, tuple[float, tuple[float, float, float] | None, int]] = {}
    for move in game.legal_moves():
        if move.defender is None:
            out[move] = (base[me], None, 0)
            continue
        q = move.defender
        length = game.battle_length(me, q)
        win, draw, loss = battle_odds(game.rules.model, length)
        up_me, up_q = list(ranks), list(ranks)
        up_me[me] += 1
        up_q[q] += 1
        chance = (win * race_chances(game, up_me)[me] + draw * base[me]
                  + loss * race_chances(game, up_q)[me])
        out[move] = (chance, (win, draw, loss), length)
    return out
