"""Computer players for Diamond Game, in five levels (weakest first).

    LEVELS = {"beginner": "入門", "weak": "よわい", "normal": "ふつう", "strong": "つよい",
              "strongest": "最強"}       # English name -> the label the widget shows
    bot("strong")  or  bot("つよい")     # the player of a level: bot(game, rng) -> move
    hint(game)                          # the move at HINT_LEVEL; explain(game, move) says why

    beginner  入門   random-ish: a random destination, mostly not backwards
    weak      よわい greedy on the race (distance to goal), with noise
    normal    ふつう greedy, then what its own next move could gain (ladders)
    strong    つよい two plies: its move, the next player's best reply (by that
                     player's own evaluation), then the ふつう follow-up term
    strongest 最強   three plies: its move, every rival's best reply in turn, then its
                     own best next move judged by the full evaluation (a ladder it has
                     prepared is worth what the race gains from it)

A paranoid alpha-beta search (every opponent against us) was tried and dropped: it
played no better than つよい with two players and clearly worse with three (its
pessimism makes it block instead of race). Measured figures: benchmarks/diamond_ai.py. 最強 against つよい
(15 pieces, seats rotating): 54 of 84 two-player games (64%, 95% interval 54-74%;
seeds 11, 12, 2026, 7); against two つよい, first home in 35 of 78 three-player games
(45%, interval 34-56%, where an equal player would get 33%; seeds 21, 31, 2026, 7).
About 30-90 ms a move.

A player is a module-level callable ``player(game, rng) -> move`` (picklable, so process
pools can run tournaments). Bots never change the game they are given: the search
plays moves with the engine's fast ``_push``/``_pop`` and takes them back.

The evaluation measures a *race*: for each player, the sum over their pieces of the
hex distance to their goal ◎ (lower is better), plus a straggler term (the piece
furthest behind, strategy tip 2), a king term (the king has to end on ◎, DG-14) and
a penalty for an ordinary piece sitting on ◎ (DG-15). A position is worth
"the best opponent's race minus mine". Several hop paths to the same hole lead to
the same position, so the search looks at one move per (start, destination).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import compress
from operator import itemgetter

import numpy as np

from .._core import BoardkitError, check_level
from . import geometry as B
from .movegen import (
    _BYTE,
    _OWN,
    PASS_CODE,
    SWAP,
    DiamondMove,
    _hop_reach,
    _king_reach,
    board_state,
    cached_dests,
    code_move,
    dests,
    dests_entries,
    fast_moves,
)

__all__ = ["LEVELS", "HINT_LEVEL", "bot", "hint", "explain", "intro_bot", "weak_bot", "normal_bot",
           "strong_bot", "strongest_bot", "RaceBot", "ReplyBot", "LookaheadBot", "Weights", "DEFAULT",
           "race", "races", "evaluate", "distance", "candidate_moves", "TIPS", "TIP_LEVELS", "tip_bots",
           "lab_tips", "tip_lab"]

#: the levels, weakest first: English name -> the Japanese label the widget shows
LEVELS: dict[str, str] = {"beginner": "入門", "weak": "よわい", "normal": "ふつう",
                          "strong": "つよい", "strongest": "最強"}

#: the level of the hint: the strongest that answers within about 0.5 s. Measured on
#: this 2-core machine (load average about 5, other jobs running) over 39 positions
#: from seeded games (2 and 3 players, 15 pieces, moves 10-160): 最強 takes 43 ms
#: median, 94 ms at worst (つよい 23/52 ms, ふつう 6/12 ms), so the hint uses 最強.
HINT_LEVEL = "strongest"

WIN = 10_000.0       # the value of a finished player


@dataclass(frozen=True)
class Weights:
    """The terms of the race evaluation (the defaults are what every level uses;
    notebook 27 switches single terms off to measure what each strategy tip is worth).

    straggler  extra cost per step of the piece furthest behind, beyond the goal's
               depth (strategy tip 2)
    king       extra cost per step of the king from ◎ (it must end there, DG-14)
    squatter   an own ordinary piece on the goal ◎ blocks the king (DG-15; tip 4)
    fill_deep  True: distance to the goal ◎, so pieces fill the goal from the far end
               (tip 4); False: any goal hole counts as home, pieces stop at the entrance
    king_block cost per own ordinary piece that cannot hop forward because its own king
               stands in the way (a king cannot be jumped, DG-12; tip 3)
    king_leap  worth of each hole the king's best next move would gain (group jumps
               along a crowded line, DG-11; tip 3)
    goal_step  with fill_deep: what a step deeper inside the goal is worth against a
               step outside it (1: plain distance to ◎; tip 4)
    king_block and king_leap are judged by ``RaceBot`` after each move (the levels keep them 0).
    """

    straggler: float = 1.5
    king: float = 1.0
    squatter: float = 4.0
    fill_deep: bool = True
    king_block: float = 0.0
    king_leap: float = 0.0
    goal_step: float = 1.0


DEFAULT = Weights()


distance = B.distance   # hex distance between two holes (board.py)


# ----------------------------------------------------------------- engine view
# The evaluation reads the engine's cell list directly (game.cells: 0 = empty, else
# 1 + player, plus 8 for a king; index = board.INDEX[hole]): it runs at every leaf
# of the search, and one pass over 121 ints is far cheaper than building dicts.
_TABLES: dict = {}


def _dist_table(game) -> list[list[int]]:
    """dist[p][i]: hex distance from hole index i to player p's goal ◎ (cached)."""
    key = (game.rules.board, game.rules.players, game.rules.first_player)
    t = _TABLES.get(key)
    if t is None:
        t = [[distance(h, game.goal_apex(p)) for h in B.HOLES] for p in range(game.players)]
        _TABLES[key] = t
    return t


_RANGE = range(B.N)


def races(game, w: Weights = DEFAULT) -> list[float]:
    """Every player's race: the distance their pieces still have to cover to the
    goal ◎ (lower is better; see the module docstring)."""
    dist = _dist_table(game)
    n = game.players
    total = [0.0] * n
    far = [0] * n
    kings = game.rules.kings
    deep = 3 if game.rules.pieces == 10 else 4      # rows of the home area below ◎
    fill_deep, wking, wsquat, gstep = w.fill_deep, w.king, w.squatter, w.goal_step
    c = game.cells
    for i in compress(_RANGE, c):                   # the occupied holes, in index order
        v = c[i]
        p = (v & 7) - 1
        d0 = d = dist[p][i]
        if d > far[p]:
            far[p] = d
        if not fill_deep:
            d = max(0, d - deep)
        elif gstep != 1.0:
            d = max(0, d - deep) + gstep * min(d, deep)
        total[p] += d
        if v & 8:
            total[p] += wking * d0
        elif d == 0 and kings and d0 == 0:
            total[p] += wsquat
    return [total[p] + w.straggler * max(0, far[p] - deep) for p in range(n)]


def _race_of(game, me: int, w: Weights) -> float:
    """``races(game, w)[me]`` alone (the same operations in the same order)."""
    dist = _dist_table(game)[me]
    total = 0.0
    far = 0
    deep = 3 if game.rules.pieces == 10 else 4
    fill_deep, wking, wsquat, gstep = w.fill_deep, w.king, w.squatter, w.goal_step
    kings = game.rules.kings
    c = game.cells
    p1 = me + 1
    for i in compress(_RANGE, c):
        v = c[i]
        if v & 7 != p1:
            continue
        d0 = d = dist[i]
        if d > far:
            far = d
        if not fill_deep:
            d = max(0, d - deep)
        elif gstep != 1.0:
            d = max(0, d - deep) + gstep * min(d, deep)
        total += d
        if v & 8:
            total += wking * d0
        elif d == 0 and kings and d0 == 0:
            total += wsquat
    return total + w.straggler * max(0, far - deep)


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
                d = d0 if w.fill_deep else max(0, d0 - deep)
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
                ``_sooner(evaluate(game, mover), 1)`` when the move ends the game.

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
                v = _sooner(evaluate(game, me), 1)
            elif m < 0 or m & SWAP:
                v = -_race_of(game, me, w)
            else:
                x = m & 255
                v = -parts.after(m >> 8 & 255, x, c[x])
            pop()
            out.append(v)
        return out
    r = races(game)
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
            out.append((evaluate(game, me), me in fin))
        else:
            x = m & 255
            mine = parts.after(m >> 8 & 255, x, c[x])
            out.append(((-WIN + best - mine) if lost else best - mine, False))
        pop()
    return out


def race(game, player, w: Weights = DEFAULT) -> float:
    """How far ``player`` still has to go (lower is better)."""
    return races(game, w)[player]


def evaluate(game, player) -> float:
    """The position's value for ``player``: the closest rival's race minus its own
    (a finished player is worth WIN, a rival finishing first costs WIN)."""
    fin = game._finished
    if player in fin:
        return WIN
    r = races(game)
    mine = r[player]
    rivals = [r[p] for p in range(game.players) if p != player and p not in fin]
    best = min(rivals) if rivals else 0.0
    if len(rivals) < game.players - 1:   # a rival has finished before me
        return -WIN + best - mine
    return best - mine


def candidate_moves(game) -> list:
    """The legal moves: the engine already lists one per (piece, destination)."""
    return game.legal_moves()


def _gain(game, move, player=None) -> int:
    """How many holes nearer its goal ◎ a move brings the piece (0 for a pass)."""
    if not move.path:
        return 0
    dist = _dist_table(game)[game.turn if player is None else player]
    return dist[B.INDEX[move.path[0]]] - dist[B.INDEX[move.path[-1]]]


def _cgain(dist, code: int) -> int:
    """``_gain`` of a move code (``movegen.fast_moves``) with the mover's distances."""
    return dist[code >> 8 & 255] - dist[code & 255] if code >= 0 else 0


# The bots search on move codes (``movegen.fast_moves``: ints, no path, no DiamondMove),
# with the engine's ``_fpush``/``_fpop``, and build the DiamondMove of the one move they
# play (``code_move``). The codes come in the order of ``legal_moves()``, so every choice
# (ties broken at random included) is the one the move objects gave.
#
# Speed (benchmarks/diamond_matches.py; figures in docs/benchmarks.md). Every game the
# same move for move (tests/test_diamond_property.py pins whole seeded matches by a
# digest). What was done, after profiling (py-spy, instruction counts):
#   * the follow-up gain (``_Gains.leaf``) searched ~4.6 pieces a move, few of them
#     useful: a piece is searched only if its bound (the nearest empty hole of its hole
#     class, ``_floors``) passes the best so far and what the move needs to be among the
#     best (``_need``: moves scored best first); ~2.4 now (~5% of them raise the best);
#   * ふつう reads its pieces' memo entries once (moves and gains; ``dests_entries``
#     inlines the hits); the king's masked search ORs one mask per line;
#   * play() takes the bot's chosen move without checking its path again (``_chosen``);
#   * no draw when one move is best (``rng.integers(1)`` draws nothing); one-time tables
#     built lazily or cheaper (a new process's first game ~2 ms less).
# Tried and dropped (cost more than they saved): a tighter bound from each piece's root
# reach plus a search of what a move opens (exact in 93%, searches down by two thirds,
# but slower overall); remembering the rival's re-searched pieces within a decision
# (masked searches, ~40% reuse); ints instead of tuples for the rival's move entries
# (no faster to build). What is left is spread thin: the searches themselves (~1.3 us
# each) ~25%, memo misses after each move ~15%, per-move and per-decision bookkeeping.
# Where a whole ふつう-つよい match's
# time goes, measured per call: outside the bots (new games, play(), is_over(), the loop
# of sim.play_game) ~3%, ``_chosen`` ~1%, so a lean game loop (``_play_bots``, as 回り将棋
# has) could save ~2% at most and was not built; つよい ~72% (``_ReplyScores.base`` ~28%,
# ``_Gains.leaf`` ~20%, ``_ReplyScores`` set-up with the rival's memo look-ups ~12%, its own
# look-ups ~8%), ふつう ~23%. Done: the rival's men re-searched in ``base`` inline; a memo
# miss scans the piece's entries once (``movegen._search_entry``); a man's hop landings
# joined to its steps without a membership test; ``_homes`` by one itemgetter per home:
# 7.3% fewer instructions per match (valgrind callgrind, the 4-game match of
# diamond_matches.py in a fresh process). Tried and dropped
# (more instructions): int sort keys for the rival's entries, a best-reply cache when no
# re-searched move enters, the root's ``_low`` updated per leaf, a bound skipping the
# rival's men that cannot reach the 14th-best gain (the 14th-best reply gains 1 or less:
# never skips), the follow-up rows scanned by a comprehension.

def _chosen(game, code: int) -> DiamondMove:
    """The bots' answer: the DiamondMove of a code from the legal move codes, marked as
    legal in this position (``DiamondGame._coded``: play() need not check its path)."""
    move = code_move(game, code)
    game._coded = (move, game._position())
    return move


# ----------------------------------------------------------------------- bots
def _ready(game, rng) -> None:
    """Refuse what no bot can answer: not a Diamond game, a finished game (no move is
    left to choose, DG-07), or chance that is not a numpy Generator."""
    from .._input import check_rng
    from .game import DiamondGame
    if not isinstance(game, DiamondGame):
        from .._core import short_repr
        raise BoardkitError(f"a Diamond bot plays a DiamondGame, got {short_repr(game)}")
    if game._is_over_fast():
        raise BoardkitError("the game is over: a bot has no move to choose (DG-07)")
    if rng is not None:
        check_rng(rng, "Diamond bot (rng)", ("random",))


def intro_bot(game, rng: np.random.Generator) -> DiamondMove:
    """入門: a random destination; two times in three it avoids going backwards."""
    _ready(game, rng)
    moves = fast_moves(game)
    if rng.random() < 2 / 3:
        dist = _dist_table(game)[game.turn]
        forward = [m for m in moves if _cgain(dist, m) >= 0]
        moves = forward or moves
    return _chosen(game, moves[int(rng.integers(len(moves)))])


class RaceBot:
    """Greedy on the race: the move after which its own race is shortest.

    noise    standard deviation of random noise added to each move's score (よわい)
    follow   weight of what its own next move could then gain (the others standing
             still), judged for the ``look`` best moves only (ふつう: ladders)
    weights  the evaluation's terms (``Weights``)
    Ties are broken at random."""

    def __init__(self, noise: float = 0.0, follow: float = 0.0, look: int = 8,
                 weights: Weights = DEFAULT):
        self.noise, self.follow, self.look, self.weights = noise, follow, look, weights

    def __repr__(self) -> str:
        return (f"RaceBot(noise={self.noise}, follow={self.follow}, look={self.look}, "
                f"weights={self.weights})")

    def __call__(self, game, rng: np.random.Generator):
        _ready(game, rng)
        me = game.turn
        homes = _homes(game, 1) if self.follow and not game._is_over_fast() else None
        if homes is not None:             # fast_moves(game), with the masks _Gains needs
            state = board_state(game.cells)
            mine = _entries_of(game, me, state)
            moves = [i << 8 | x for i, e in mine for x in e[2]] or [PASS_CODE]
        else:
            moves = fast_moves(game)
        if len(moves) == 1:
            return _chosen(game, moves[0])
        w, noise = self.weights, self.noise
        push, pop, over = game._fpush, game._fpop, game._is_over_fast
        values = _mover_values(game, moves, w, race=True)
        if noise:
            scored = [(v + rng.normal(0.0, noise), m) for v, m in zip(values, moves)]
        else:
            scored = list(zip(values, moves))
        if w.king_block or w.king_leap:
            scored = _king_terms(game, me, w, scored)
        if noise:
            return _chosen(game, max(scored, key=lambda t: t[0])[1])
        if self.follow:
            scored.sort(key=_FIRST, reverse=True)     # stable: ties keep their order
            rescored = []
            gains = None
            follow = self.follow
            top = -math.inf               # the best score so far (see _need)
            for v, m in scored[:self.look]:
                if homes is not None and (not homes or _calm(homes, m, 1)):
                    # the move ends nothing: its follow-up gain from the parts
                    if gains is None:
                        gains = _Gains(game, me, state, mine)
                    v += follow * gains.after_move(m, _need(top, v, follow))
                    if v > top:
                        top = v
                else:
                    push(m)
                    if not over():
                        v += self.follow * _own_best_gain(game, me)
                    pop()
                    if v > top:
                        top = v
                rescored.append((v, m))
            scored = rescored
        return _chosen(game, _random_best(scored, rng))


_FIRST = itemgetter(0)


def _need(top: float, base: float, follow: float) -> float:
    """The follow-up gain a move scored ``base`` before it needs to come within 1e-6 of
    ``top``, the best score so far: below that its score cannot be among the best that
    ``_random_best`` keeps (ties are within 1e-9), so an exact gain is not needed there
    and the choice, the random draw included, stays the same (``_Gains.leaf``)."""
    return (top - 1e-6 - base) / follow if follow > 0 else -math.inf
#: _OPP[d]: the direction opposite to direction d (geometry.DIRECTIONS)
_OPP = (3, 4, 5, 0, 1, 2)


def _king_terms(game, me: int, w: Weights, scored: list) -> list:
    """``scored`` with ``king_extra`` added to each move's value (tip 3). Each move is
    played and taken back (``_fpush``/``_fpop``); a move that ends the game keeps its
    value."""
    push, pop, over = game._fpush, game._fpop, game._is_over_fast
    out = []
    for v, m in scored:
        push(m)
        if not over():
            v += king_extra(game, me, w)
        pop()
        out.append((v, m))
    return out


def king_extra(game, me: int, w: Weights) -> float:
    """The king terms of ``w`` for player ``me`` in this position (0 without a king or
    with the king on ◎): minus ``king_block`` per own ordinary piece next to the king
    whose hop over it would go forward (barred: a king cannot be jumped, DG-12), plus
    ``king_leap`` times the holes the king's best move from here would gain (DG-11)."""
    c = game.cells
    kv = (me + 1) | 8
    if kv not in c:
        return 0.0
    k = c.index(kv)
    dist = _dist_table(game)[me]
    if not dist[k]:
        return 0.0
    v = 0.0
    if w.king_block:
        near = B.NB[k]
        own = me + 1
        blocked = 0
        for d in range(6):
            j = near[d]
            if j >= 0 and c[j] == own:
                x = near[_OPP[d]]
                if x >= 0 and dist[x] < dist[j]:
                    blocked += 1
        v -= w.king_block * blocked
    if w.king_leap:
        best = 0
        for x in dests(game, k):
            g = dist[k] - dist[x & 255]
            if g > best:
                best = g
        v += w.king_leap * best
    return v


def _homes(game, plies: int):
    """For the search's shortcuts: None when they do not apply (not two players, a DG-16
    house rule, long jumps, someone finished, the turn cap within ``plies`` plies), else
    [(home holes, how many of them are empty)] of the homes with at most ``plies`` empty
    holes: a move that leaves every home at least ``plies`` empty holes (``_calm``)
    cannot end the game or finish a player within ``plies`` plies (a move fills one
    hole of a home at most, so a home with more empty holes never matters)."""
    r = game.rules
    if (game.players != 2 or r.swap_rule or r.no_squatting_after is not None or r.long_jump
            or game._finished):
        return None
    cap = r.max_turns
    if cap is not None and game._ply + plies >= cap:
        return None
    c = game.cells
    out = []
    for home, hs in zip(game._home_get, game._home_set):
        empty = home(c).count(0)
        if empty <= plies:                # more empty holes: no move can bring it below
            out.append((hs, empty))
    return out


def _calm(homes, m: int, need: int) -> bool:
    """Whether every home keeps at least ``need`` empty holes after the move ``m``."""
    a, b = m >> 8 & 255, m & 255
    for hs, empty in homes:
        if empty - (b in hs) + (a in hs) < need:
            return False
    return True


def _entries_of(game, player: int, state: int) -> list:
    """[(hole, ``movegen.dests_entry``)] of the player's pieces, in hole order."""
    return dests_entries(game, compress(_RANGE, bytes(game.cells).translate(_OWN[player + 1])), state)


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
    best gain now and the holes its search read (``movegen.dests_entry``). After moves
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
                queue = _king_reach(self.game, i, self.me)
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
    state = board_state(c)
    # furthest behind first: a piece d0 from ◎ gains at most d0, so stop once d0 <= best
    for d0, i in sorted([(dist[i], i) for i in compress(_RANGE, c) if c[i] & 7 == p1], reverse=True):
        if d0 <= best:
            break
        for x in cached_dests(game, i, state):
            gain = d0 - dist[x & 255]
            if gain > best:
                best = gain
    return best


_FOLLOW = 0.5   # weight of the own next move's gain (a ladder ready to use)
#: よわい: greedy, blurred by noise of 1.5 holes
weak_bot = RaceBot(noise=1.5)
#: ふつう: greedy, then the best follow-up among its 8 best moves
normal_bot = RaceBot(follow=_FOLLOW, look=8)


def _random_best(scored, rng):
    """One of the best-scored moves of ``scored`` ((score, move) pairs, in order),
    ties (within 1e-9 of the best so far) broken at random."""
    best, best_score = [], -math.inf
    hi = lo = -math.inf               # best_score + 1e-9, and a bound below every tie
    for v, m in scored:
        if v > hi:
            best, best_score = [m], v
            hi, lo = v + 1e-9, v - 2e-9
        elif v > lo and abs(v - best_score) <= 1e-9:
            best.append(m)
    if len(best) == 1:                    # rng.integers(1) is 0 and draws nothing: skip it
        return best[0]
    return best[int(rng.integers(len(best)))]


def _pick(game, rng, width, score):
    """The root of a search: score each of the ``width`` best-gaining moves with
    ``score(game, code)`` (which must leave the game as it found it) and pick one of
    the best, ties broken at random; returns the DiamondMove."""
    moves = _ordered_codes(game, fast_moves(game))[:width]
    if len(moves) == 1:
        return _chosen(game, moves[0])
    return _chosen(game, _random_best([(score(game, m), m) for m in moves], rng))


class ReplyBot:
    """Two plies with a model of the reply: each of its ``width`` best-gaining moves
    is answered by the next player's best reply among its ``reply_width`` best
    (judged by that player's own evaluation, as a racing opponent plays); the
    position after the reply is judged by the race plus ``follow`` times what its
    own next move could then gain (its ladders). Ties are broken at random."""

    def __init__(self, width: int = 14, reply_width: int = 14, follow: float = 0.5):
        self.width, self.reply_width, self.follow = width, reply_width, follow

    def __repr__(self) -> str:
        return f"ReplyBot(width={self.width}, reply_width={self.reply_width}, follow={self.follow})"

    def __call__(self, game, rng: np.random.Generator):
        _ready(game, rng)
        homes = _homes(game, 2)
        if homes is None:
            return _pick(game, rng, self.width, self._score)
        state = board_state(game.cells)
        mine = _entries_of(game, game._turn, state)         # fast_moves(game), with the masks
        moves = _ordered_codes(game, [i << 8 | x for i, e in mine for x in e[2]] or [PASS_CODE])
        del moves[self.width:]
        if len(moves) == 1:
            return _chosen(game, moves[0])
        parts = _ReplyScores(game, self.reply_width, self.follow, state, mine)
        # the scores before the follow-up term first ([score, move, reply]; reply None:
        # the score is whole), then the follow-up gains, best first (see _need)
        scored = [[*parts.base(m), m] if not homes or _calm(homes, m, 2) else [self._score(game, m), None, m]
                  for m in moves]
        follow = self.follow
        if follow:
            top = max((t[0] for t in scored if t[1] is None), default=-math.inf)
            for t in sorted((t for t in scored if t[1] is not None), key=_FIRST, reverse=True):
                v = t[0] + follow * parts.gain(t[2], t[1], _need(top, t[0], follow))
                t[0] = v
                if v > top:
                    top = v
        return _chosen(game, _random_best([(t[0], t[2]) for t in scored], rng))

    def _score(self, game, m):
        me = game.turn
        game._fpush(m)
        if game._is_over_fast():
            score = _sooner(evaluate(game, me), 2)
        else:
            game._fpush(_best_reply(game, self.reply_width))
            score = evaluate(game, me)
            if self.follow and not game._is_over_fast():
                score += self.follow * _own_best_gain(game, me)
            game._fpop()
        game._fpop()
        return score


class _ReplyScores:
    """``ReplyBot._score`` of a move after which nothing ends within two plies (``_homes``,
    ``_calm``), from parts computed once per position instead of playing every move
    and reply out: both races in parts (``_Race``: the mover's race after its move, the
    rival's after each reply), the rival's destinations per piece with the holes their
    search read (only the pieces whose search read a hole the move changed are searched
    again, plainly; the others keep their moves and their place in the order), and the own
    pieces' best gains (``_Gains``). The same scores as ``_score``: the same reply
    (the first best among the same ``width`` best-gaining replies, in the order of
    ``legal_moves``), the same exact sums (multiples of 0.5)."""

    def __init__(self, game, width: int, follow: float, state: int, mine: list):
        """``state`` = ``board_state(game.cells)``, ``mine`` = ``_entries_of`` the mover."""
        self.game, self.width, self.follow = game, width, follow
        me = game._turn
        opp = 1 - me
        c = game.cells
        self.mine = _Race(game, me, DEFAULT)
        th = _Race(game, opp, DEFAULT)
        self.dist = dist = th.dist
        self.far, self.deep, self.straggler = th.far, th.deep, th.straggler
        p1 = opp + 1
        pieces = []
        entries = []
        parts = {}
        for j, e in dests_entries(game, compress(_RANGE, bytes(c).translate(_OWN[p1])), state):
            pieces.append((j, e[0]))
            # the rival's race after moving j: total - cost[j] + cost[x] + straggler term
            k = th.cost[c[j] & 8]
            parts[j] = (k, th.total - k[j],
                        th.far if (dist[j] != th.far or th.nfar > 1) else th.second)
            entries.extend(self._entries(j, enumerate(e[2])))
        entries.sort()
        self.pieces, self.entries, self.parts = pieces, entries, parts
        self.races: dict = {}
        self.touch: dict = {}
        self.root_reply = None
        self.others: dict = {}
        self.gains = _Gains(game, me, state, mine) if follow else None
        # the rival's steps and single hops (DG-13), for its men's searches in ``base``: a
        # hop chain never lands on a step's hole (it keeps the hole class, q and r mod 2,
        # a step changes it), so its holes follow the steps without a membership test
        self.steps, self.hops = game._steps[opp], game._hopp[opp]

    def _entries(self, j: int, kxs) -> list:
        """(gain key, piece, place in its list, code) of the rival's moves of piece j
        (``kxs``: (place, destination) pairs): sorted, the order of ``_ordered_codes``."""
        dist = self.dist
        dj = dist[j]
        base = j << 8
        return [(dist[x] - dj, j, n, base | x) for n, x in kxs]

    def _race(self, code: int) -> float:
        """The rival's race after its move ``code``, as ``_mover_values`` computes it
        (the same operations in the same order); remembered per code."""
        j, x = code >> 8, code & 255
        k, tj, far = self.parts[j]
        dist = self.dist
        if dist[x] > far:
            far = dist[x]
        deep = self.deep
        r = self.races[code] = tj + k[x] + self.straggler * (far - deep if far > deep else 0)
        return r

    def score(self, m: int) -> float:
        """``ReplyBot._score(game, m)``."""
        score, reply = self.base(m)
        if reply is not None and self.follow:
            score += self.follow * self.gain(m, reply)
        return score

    def base(self, m: int) -> tuple:
        """(the score of ``m`` without the follow-up term, the rival's reply), or (the whole
        score, None) when the rival would have to pass."""
        game = self.game
        c = game.cells
        a, b = m >> 8 & 255, m & 255
        va = c[a]
        mine = self.mine.after(a, b, va)
        c[b] = va
        c[a] = 0
        try:
            width = self.width
            touch = self.touch            # per hole, the rival pieces whose search read it
            ta = touch.get(a)
            if ta is None:
                ta = touch[a] = [j for j, rm in self.pieces if rm & _BYTE[a]]
            tb = touch.get(b)
            if tb is None:
                tb = touch[b] = [j for j, rm in self.pieces if rm & _BYTE[b]]
            redo = (sorted(set(ta).union(tb)) if tb else ta) if ta else tb
            if redo:
                key = tuple(redo)
                top = self.others.get(key)
                if top is None:           # the best of the untouched pieces' moves
                    top = []
                    for e in self.entries:
                        if e[1] not in redo:
                            top.append(e)
                            if len(top) == width:
                                break
                    self.others[key] = top
                top = top[:]
                # a move of j enters the ``width`` best only with a gain key up to the last
                # one's (ties: by piece, place)
                lim = top[-1][0] if len(top) == width else 999
                dist = self.dist
                hops = self.hops
                for j in redo:            # searched again (no memory: this position is new)
                    v = c[j]
                    if v & 8:
                        out = dests(game, j)
                    else:                 # dests(game, j) for a man, written out (see __init__)
                        out = [x for x in self.steps[j] if not c[x]]
                        c[j] = 0
                        queue = _hop_reach(hops, c, j)
                        c[j] = v
                        if len(queue) > 1:
                            out += queue[1:]
                    dj = dist[j]
                    base = j << 8
                    near = lim + dj
                    top.extend([(dist[x] - dj, j, n, base | x)
                                for n, x in enumerate(out) if dist[x] <= near])
                top.sort()
                del top[width:]
                reply, least = self._best(top)
            else:                         # the rival's moves as at the root
                if self.root_reply is None:
                    self.root_reply = self._best(self.entries[:width])
                reply, least = self.root_reply
            if reply is None:             # the rival would have to pass: play it out
                c[a] = va
                c[b] = 0
                return self._slow(m), None
            return least - mine, reply    # evaluate(game, me) after the reply
        finally:
            c[a] = va
            c[b] = 0

    def gain(self, m: int, reply: tuple, need: float = -math.inf) -> int:
        """The own best gain after the move ``m`` and the rival's ``reply`` (from ``base``);
        ``need`` as for ``_Gains.leaf``."""
        c = self.game.cells
        a, b = m >> 8 & 255, m & 255
        j = reply[1]
        x = reply[3] & 255
        c[b] = c[a]
        c[a] = 0
        c[x] = c[j]
        c[j] = 0
        try:
            return self.gains.leaf(a, b, _BYTE[a] | _BYTE[b] | _BYTE[j] | _BYTE[x], need)
        finally:
            c[j] = c[x]
            c[x] = 0
            c[a] = c[b]
            c[b] = 0

    def _best(self, top: list) -> tuple:
        """The rival's best reply among ``top`` by its own evaluation (best rival race -
        its race): (the first with the least race after it, that race); (None, inf)
        for no move."""
        races = self.races
        reply = None
        least = math.inf
        for e in top:
            r = races.get(e[3])
            if r is None:
                r = self._race(e[3])
            if r < least:
                reply, least = e, r
        return reply, least

    def _slow(self, m: int) -> float:
        return ReplyBot(reply_width=self.width, follow=self.follow)._score(self.game, m)


#: つよい: two plies, the 14 best-gaining moves each way
strong_bot = ReplyBot(width=14, reply_width=14, follow=_FOLLOW)


def _sooner(value, plies_left):
    """A finish found earlier in the search is worth a little more (a win now beats
    the same win later; a loss later beats a loss now)."""
    if value >= WIN / 2:
        return value + plies_left
    if value <= -WIN / 2:
        return value - plies_left
    return value


def _ordered(game, moves):
    return sorted(moves, key=lambda m: -_gain(game, m))


def _ordered_codes(game, codes):
    """``_ordered`` for move codes: best-gaining first, ties in list order."""
    dist = _dist_table(game)[game.turn]
    keys = [dist[m & 255] - dist[m >> 8 & 255] if m >= 0 else 0 for m in codes]
    return [codes[j] for j in sorted(range(len(codes)), key=keys.__getitem__)]


class LookaheadBot:
    """Three plies of own turn, replies, own turn: each of its ``width`` best-gaining
    moves is answered by every opponent in turn, each playing its best reply among its
    ``reply_width`` best (by that player's own evaluation), and then it plays its own
    best next move among its ``second`` best (by the full evaluation, so a ladder is
    worth what the race gains from it, straggler and king included). The score is the
    position after the replies plus ``mix`` times what that next move adds: an
    intention, not yet a fact, since the rivals may spoil it. Ties are broken at random.
    """

    def __init__(self, width: int = 20, reply_width: int = 14, second: int = 20,
                 mix: float = 0.5):
        self.width, self.reply_width, self.second, self.mix = width, reply_width, second, mix

    def __repr__(self) -> str:
        return (f"LookaheadBot(width={self.width}, reply_width={self.reply_width}, "
                f"second={self.second}, mix={self.mix})")

    def __call__(self, game, rng: np.random.Generator):
        _ready(game, rng)
        return _pick(game, rng, self.width, self._score)

    def _score(self, game, m):
        me = game.turn
        push, pop, over = game._fpush, game._fpop, game._is_over_fast
        fin = game._finished
        push(m)
        played = 1
        while not over() and game._turn != me and me not in fin:
            push(_best_reply(game, self.reply_width))
            played += 1
        if over() or me in fin:
            # the sooner the finish, the larger the bonus (a finish on our own
            # move beats one after the replies)
            score = _sooner(evaluate(game, me), game.players + 2 - played)
        else:
            now = evaluate(game, me)
            then = -math.inf
            for v, done in _mover_values(game, _ordered_codes(game, fast_moves(game))[:self.second]):
                then = max(then, _sooner(v, 1) if done else v)
            score = now + self.mix * (then - now)
        for _ in range(played):
            pop()
        return score


def _best_reply(game, width):
    """The player to move's best move (a code) among its ``width`` best-gaining ones,
    by its own evaluation (the first such move on ties: deterministic)."""
    reply, reply_val = None, -math.inf
    codes = _ordered_codes(game, fast_moves(game))[:width]
    for (v, _), r in zip(_mover_values(game, codes), codes):
        if v > reply_val:
            reply, reply_val = r, v
    return reply


#: 最強: three plies (its move, every rival's best reply, its best next move)
strongest_bot = LookaheadBot(width=20, reply_width=14, second=20, mix=0.5)


#: the player of each level, by English name (``bot(level)`` also takes the Japanese label)
_BY_LEVEL: dict[str, Callable] = {
    "beginner": intro_bot,
    "weak": weak_bot,
    "normal": normal_bot,
    "strong": strong_bot,
    "strongest": strongest_bot,
}


def bot(level: str) -> Callable:
    """The computer player of a level, by English name or Japanese label
    (``bot("strong") is bot("つよい")``); anything else raises BoardkitError."""
    return _BY_LEVEL[check_level(level, LEVELS)]


def hint(game, level: str | None = None) -> DiamondMove | None:
    """The move the level would play (default HINT_LEVEL), found on a copy (the game
    is not changed), with a fixed seed so the same position gives the same hint; None
    when the game is over (there is no move to suggest)."""
    player = bot(HINT_LEVEL if level is None else level)
    from .game import DiamondGame
    if isinstance(game, DiamondGame) and game.is_over():
        return None
    _ready(game, None)
    return player(game.copy(), np.random.default_rng(0))


def explain(game, move) -> str:
    """Why ``move`` is good here, in plain words (for the widget's hint line)."""
    if not getattr(move, "path", None):
        return "no step or hop is possible, so this player passes (DG-07)"
    probe = game.copy()
    me = probe.turn
    gain = _gain(probe, move)
    jumps = len(move.path) - 1
    what = {"step": "a step", "swap": "a step that swaps (DG-16 house rule)"}.get(
        move.kind, f"a chain of {jumps} jump{'s' if jumps > 1 else ''}")
    if move.kind == "group":
        what += " with the king's group jump (DG-11)"
    probe._push(move)
    done = me in probe.finished
    probe._pop()
    if done:
        return f"{what} that completes the goal: every goal hole filled (DG-14, DG-16)"
    if gain > 0:
        return f"{what} that brings a piece {gain} hole{'s' if gain > 1 else ''} nearer its goal ◎"
    return (f"{what}; it gains no distance now but keeps the race best after the rivals' "
            "replies (a ladder, a straggler brought up, or ◎ kept free for the king)")


# ----------------------------------------------------------------- strategy tips
#: the strategy tips of notebook 27 as settings of RaceBot: name -> (the RaceBot keywords
#: WITH the tip, WITHOUT it); ``weights`` entries are Weights fields. The same table as
#: benchmarks/tips.py (its results: benchmarks/results/tips_diamond.json).
TIPS: dict[str, tuple[dict, dict]] = {
    "ladders": ({"follow": 0.5}, {"follow": 0.0}),
    "straggler": ({}, {"weights": {"straggler": 0.0}}),
    # tip 3 as a player reads it: not "hurry the king" (counting its distance twice lost,
    # 41.7% over 2,000 games) but keep it out of your own pieces' way (a king cannot be
    # jumped, DG-12) and behind a crowded line it can leap along next turn (DG-11)
    "king": ({"weights": {"king": 0.0, "king_block": 1.0, "king_leap": 0.25}},
             {"weights": {"king": 0.0}}),
    # tip 4: enter the goal deep, a step inside it worth half a step outside, so pieces
    # come in before the goal is tidied (plain distance to ◎, goal_step 1: 52.4%)
    "fill_deep": ({"weights": {"goal_step": 0.5}}, {"weights": {"fill_deep": False, "squatter": 0.0}}),
}
#: what the tip bots are built on: "race" = the greedy RaceBot, "normal" = the ふつう bot
TIP_LEVELS: dict[str, dict] = {"race": {}, "normal": {"follow": _FOLLOW, "look": 8}}
#: the games the tips are measured in (as benchmarks/tips.py)
TIP_RULES_KW = {"players": 2, "pieces": 10, "max_turns": 400}


def _race_bot(level: str, settings: list[dict]) -> RaceBot:
    kw = dict(TIP_LEVELS[level])
    weights: dict = {}
    for s in settings:
        for k, v in s.items():
            if k == "weights":
                weights.update(v)
            else:
                kw[k] = v
    return RaceBot(**kw, weights=Weights(**weights)) if weights else RaceBot(**kw)


def tip_bots(names, level: str = "race") -> tuple:
    """(bot with the tips, the same bot without them, a new-game factory) for one tip or
    several combined (``names``: a name or a sequence of names of ``TIPS``)."""
    from functools import partial

    from .game import DiamondGame
    from .rules import DiamondRules
    names = (names,) if isinstance(names, str) else tuple(names)
    for n in names:
        if n not in TIPS:
            raise BoardkitError(f"unknown tip {n!r}; the tips are {list(TIPS)}")
    if level not in TIP_LEVELS:
        raise BoardkitError(f"unknown tip level {level!r}; the levels are {list(TIP_LEVELS)}")
    with_bot = _race_bot(level, [TIPS[n][0] for n in names])
    without_bot = _race_bot(level, [TIPS[n][1] for n in names])
    return with_bot, without_bot, partial(DiamondGame, DiamondRules(**TIP_RULES_KW))


def _tip_with(name, level):
    return tip_bots(name, level)[0]


def _tip_without(name, level):
    return tip_bots(name, level)[1]


def lab_tips() -> dict:
    """The tips for ``boardkit.widgets.tiplab.TipLab``: name -> (with_bot(level),
    without_bot(level), new_game()), all picklable (process pools)."""
    from functools import partial
    return {n: (partial(_tip_with, n), partial(_tip_without, n), tip_bots(n)[2]) for n in TIPS}


def tip_lab(**options):
    """The tip lab of notebook 27: the four tips, combinable, at the levels race and
    normal, with the settled 2,000-game values of benchmarks/results/tips_diamond.json
    when that file is there. ``options`` go to TipLab (games, seed, executor, ...)."""
    import pathlib

    from ..widgets.tiplab import TipLab
    results = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "tips_diamond.json"
    options.setdefault("results", results)
    options.setdefault("max_plies", 400)
    return TipLab(lab_tips(), levels={k: k for k in TIP_LEVELS}, combine=tip_bots, **options)
