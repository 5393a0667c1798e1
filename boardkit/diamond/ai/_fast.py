"""The hot path of the race evaluation: incremental tables, the same values faster.

``_Race`` updates a player's race term by the holes a move changes instead of summing
the whole board; ``_Gains`` keeps each piece's best gain between the plies of a search.
"""
from __future__ import annotations

import math
from itertools import compress

from .. import geometry as B
from ..fastloop import (
    _BYTE,
    _OWN,
    SWAP,
    _board_state,
    _dests_entries,
    _hop_reach,
    _king_reach,
    _long_rays,
    cached_dests,
)
from .evaluate import _RANGE, DEFAULT, WIN, Weights, _dist_table, _evaluate, _race_of, _races, _sooner

_COSTS: dict = {}


class _Race:
    """The race of one player, kept in parts (sum, furthest distance, how many pieces
    stand that far, the next distance), so that the race after one of its moves
    costs a few lookups instead of a pass over the board. With the default weights
    (multiples of 0.5) every sum is exact, the same number ``races`` gives."""

    __slots__ = ("dist", "total", "far", "nfar", "second", "deep", "straggler", "cost")

    def __init__(self, game, me: int, w: Weights):
        self.dist = dist = _dist_table(game)[me]
        self.deep = deep = 3 if game.rules.pieces == 10 else 4
        self.straggler = w.straggler
        key = (id(dist), deep, w, game.rules.kings)
        cost = _COSTS.get(key)
        if cost is None:
            # cost[v & 8][i]: what a piece (8: the king) on hole i adds to the race
            plain, king = [], []
            for d0 in dist:
                d: float = d0 if w.fill_deep else max(0, d0 - deep)
                if w.fill_deep and w.goal_step != 1.0:
                    d = max(0, d0 - deep) + w.goal_step * min(d0, deep)
                king.append(d + w.king * d0)
                plain.append(d + w.squatter if (d == 0 and game.rules.kings and d0 == 0) else d)
            # "pen": the straggler term were the piece on hole i the furthest behind
            cost = _COSTS[key] = {0: plain, 8: king,
                                  "pen": [w.straggler * (d - deep if d > deep else 0) for d in dist]}
            if len(_COSTS) > 256:
                _COSTS.clear()
                _COSTS[key] = cost
        self.cost = cost
        c = game.cells
        total = 0.0
        far = nfar = second = 0           # the largest distance, how often, the next one
        for i in compress(_RANGE, bytes(c).translate(_OWN[me + 1])):     # in hole order
            total += cost[c[i] & 8][i]
            d = dist[i]
            if d > far:
                if nfar:
                    second = far
                far, nfar = d, 1
            elif d == far:
                nfar += 1
            elif d > second:
                second = d
        self.total = total
        self.far, self.nfar, self.second = far, nfar, second

    def after(self, i: int, x: int, v: int) -> float:
        """The race after the piece ``v`` moved from hole i to hole x."""
        dist = self.dist
        far = self.far if (dist[i] != self.far or self.nfar > 1) else self.second
        if dist[x] > far:
            far = dist[x]
        cost = self.cost[v & 8]
        deep = self.deep
        return self.total - cost[i] + cost[x] + self.straggler * (far - deep if far > deep else 0)


def _mover_values(game, codes, w: Weights = DEFAULT, race: bool = False) -> list:
    """For each move code of the player to move, what the bots score after it (the
    game is left as it was):

    race=False: (``evaluate(game, mover)``, whether the move finished the mover);
    race=True:  minus the mover's race with weights ``w`` (``RaceBot``), or
                ``_sooner(_evaluate(game, mover), 1)`` when the move ends the game.

    The race after an ordinary move comes from ``_Race`` (no pass over the board);
    a pass, a swap or a finish takes the full evaluation."""
    me = game._turn
    fin = game._finished
    nfin = len(fin)
    n = game.players
    push, pop, over = game._fpush, game._fpop, game._is_over_fast
    parts = _Race(game, me, w)
    c = game.cells
    # An ordinary move to hole x can complete player q's home (DG-14, DG-16) only if x is
    # the last empty hole of that home and the move does not empty another one; below the
    # turn cap no other ordinary move ends the game or changes the finished list, so it
    # need not be played out: its race comes from the parts.
    last = {}
    for q, home in enumerate(game._home):
        if q not in fin:
            empty = [j for j in home if not c[j]]
            if len(empty) == 1:
                last[empty[0]] = game._home_set[q]
    cap = game.rules.max_turns
    quiet = cap is None or game._ply + 1 < cap
    dist, far0, nfar, second, deep = parts.dist, parts.far, parts.nfar, parts.second, parts.deep
    total, straggler, cost = parts.total, parts.straggler, parts.cost
    out = []
    if race and quiet and not last and not game.rules.swap_rule and codes and codes[0] >= 0:
        # every move ordinary and none can finish: all from the parts, per piece once
        # (the codes of a piece come together; the same operations as parts.after)
        pen = cost["pen"]
        prev = -1
        for m in codes:
            i = m >> 8
            if i != prev:
                prev = i
                k = cost[c[i] & 8]
                base = total - k[i]
                fi = far0 if (dist[i] != far0 or nfar > 1) else second
                pf = straggler * (fi - deep if fi > deep else 0)
            x = m & 255
            out.append(-(base + k[x] + (pen[x] if dist[x] > fi else pf)))
        return out
    if race:
        for m in codes:
            if quiet and m >= 0 and not m & SWAP:
                x = m & 255
                h = last.get(x)
                i = m >> 8 & 255
                if h is None or i in h:               # parts.after(i, x, c[i]), inlined
                    far = far0 if (dist[i] != far0 or nfar > 1) else second
                    if dist[x] > far:
                        far = dist[x]
                    k = cost[c[i] & 8]
                    out.append(-(total - k[i] + k[x] + straggler * (far - deep if far > deep else 0)))
                    continue
            push(m)
            if over():
                v = _sooner(_evaluate(game, me), 1)
            elif m < 0 or m & SWAP:
                v = -_race_of(game, me, w)
            else:
                x = m & 255
                v = -parts.after(m >> 8 & 255, x, c[x])
            pop()
            out.append(v)
        return out
    r = _races(game)
    rivals = [r[p] for p in range(n) if p != me and p not in fin]
    best = min(rivals) if rivals else 0.0
    lost = len(rivals) < n - 1
    for m in codes:
        if quiet and m >= 0 and not m & SWAP:
            x = m & 255
            h = last.get(x)
            i = m >> 8 & 255
            if h is None or i in h:
                far = far0 if (dist[i] != far0 or nfar > 1) else second
                if dist[x] > far:
                    far = dist[x]
                k = cost[c[i] & 8]
                mine = total - k[i] + k[x] + straggler * (far - deep if far > deep else 0)
                out.append(((-WIN + best - mine) if lost else best - mine, False))
                continue
        push(m)
        if len(fin) != nfin or m < 0 or m & SWAP:
            out.append((_evaluate(game, me), me in fin))
        else:
            x = m & 255
            mine = parts.after(m >> 8 & 255, x, c[x])
            out.append(((-WIN + best - mine) if lost else best - mine, False))
        pop()
    return out


def _entries_of(game, player: int, state: int) -> list:
    """[(hole, ``fastloop.dests_entry``)] of the player's pieces, in hole order."""
    return _dests_entries(game, compress(_RANGE, bytes(game.cells).translate(_OWN[player + 1])), state)


#: the class of each hole, (q mod 2, r mod 2): a hop moves two holes along a line, so a
#: chain of hops never leaves its class
_CLASS = [(h[0] & 1) << 1 | (h[1] & 1) for h in B.HOLES]
_FLOORS: dict = {}


def _floors(dist, forb) -> list:
    """Per class, the holes a piece may stop on (DG-13), nearest to ◎ first (cached)."""
    key = (id(dist), bytes(forb))
    t = _FLOORS.get(key)
    if t is None:
        t = _FLOORS[key] = [sorted((x for x in _RANGE if _CLASS[x] == k and not forb[x]),
                                   key=dist.__getitem__) for k in range(4)]
        t.append([dist[x] for x in _RANGE])
        _FLOORS[key, "keep"] = dist       # the key's object stays alive
    return t


def _low(floors, c) -> list:
    """Per class, the least distance to ◎ of an empty hole a piece may stop on (99: none)."""
    dist = floors[4]
    out = []
    for k in range(4):
        for x in floors[k]:
            if not c[x]:
                out.append(dist[x])
                break
        else:
            out.append(99)
    return out


class _Gains:
    """``_own_best_gain(game, me)`` after one or two moves, from its parts: each piece's
    best gain now and the holes its search read (``fastloop.dests_entry``). After moves
    that change the holes ``changed`` (a ``board_state`` mask), only the moved piece and
    the pieces whose search read a changed hole are searched again (a plain search, no
    memory: the position is new; only the nearest hole to ◎ matters); the others keep
    their gain. The same number as ``_own_best_gain`` (a maximum, whatever the order).
    Not for long jumps (``_homes`` says so)."""

    __slots__ = ("dist", "rows", "game", "me", "cells", "steps", "hops", "floors")

    def __init__(self, game, me: int, state: int, entries=None):
        """``entries``: [(hole, ``dests_entry``)] of the player's pieces, if at hand."""
        self.dist = dist = _dist_table(game)[me]
        self.game, self.me = game, me
        self.cells = game.cells
        self.steps, self.hops = game._steps[me], game._hopp[me]
        self.floors = _floors(dist, game._forb[me])
        if entries is None:
            entries = _entries_of(game, me, state)
        rows = []
        for i, e in entries:
            out = e[2]
            g = dist[i] - min(map(dist.__getitem__, out)) if out else -1
            rows.append((g, i, e[0]))
        rows.sort(reverse=True)
        self.rows = rows

    def leaf(self, a: int, b: int, changed: int, need: float = -math.inf) -> int:
        """The best gain after the own piece moved from a to b (and maybe a reply), with
        the cells as they are then: ``changed`` = the holes that differ from the root
        (a ``board_state`` mask). ``need``: a gain below it does not matter to the caller
        (its move cannot be among the best); a piece whose gain cannot reach it, nor pass
        the best so far, is not searched (``_floors``), so the answer is exact when it is
        at least ``need`` and a lower bound otherwise."""
        dist = self.dist
        best = 0
        found = False
        redo = [b]
        for g, i, rm in self.rows:
            if i == a:
                continue
            if rm & changed:
                redo.append(i)
            elif not found:
                found = True
                if g > best:
                    best = g
        if len(redo) > 1:
            redo.sort(key=dist.__getitem__, reverse=True)
        c = self.cells
        steps, hops = self.steps, self.hops
        low = None
        for i in redo:
            d0 = dist[i]
            if d0 <= best or d0 < need:   # a piece gains at most its distance
                continue
            v = c[i]
            # the bound: a hop chain stays on its hole's class (q, r mod 2) and lands on
            # empty holes; the king's group jump leaves the class; a step gains 1
            if low is None:
                low = _low(self.floors, c)
            top = d0 - (min(low) if v & 8 else low[_CLASS[i]])
            if top < 1:
                top = 1
            if top <= best or top < need:
                continue
            c[i] = 0                      # the mover has left its hole
            if v & 8:
                game = self.game
                queue = _king_reach(c, _long_rays(game), game._forb[self.me],
                                    not game.rules.king_hops_after_group, i)
                c[i] = v
                gain = d0 - min(map(dist.__getitem__, queue))     # queue[0] = i: gain >= 0
            else:
                queue = _hop_reach(hops, c, i)
                c[i] = v
                gain = d0 - min(map(dist.__getitem__, queue))     # queue[0] = i: gain >= 0
            if gain < 1:                  # a step gains at most 1
                for x in steps[i]:
                    if not c[x] and dist[x] < d0:
                        gain = 1
                        break
            if gain > best:
                best = gain
        return best

    def after_move(self, m: int, need: float = -math.inf) -> int:
        """``_own_best_gain`` after the own move ``m`` (an ordinary move; the cells are
        left as they were); ``need`` as for ``leaf``."""
        a, b = m >> 8 & 255, m & 255
        c = self.cells
        c[b] = c[a]
        c[a] = 0
        try:
            return self.leaf(a, b, _BYTE[a] | _BYTE[b], need)
        finally:
            c[a] = c[b]
            c[b] = 0


def _own_best_gain(game, player) -> int:
    """The most distance ``player`` could gain with one more move, were it its turn
    now (the others standing still)."""
    dist = _dist_table(game)[player]
    best = 0
    c = game.cells
    p1 = player + 1
    state = _board_state(c)
    # furthest behind first: a piece d0 from ◎ gains at most d0, so stop once d0 <= best
    for d0, i in sorted([(dist[i], i) for i in compress(_RANGE, c) if c[i] & 7 == p1], reverse=True):
        if d0 <= best:
            break
        for x in cached_dests(game, i, state):
            gain = d0 - dist[x & 255]
            if gain > best:
                best = gain
    return best
