"""The bots of Diamond's five levels and the search they play.

``intro_bot`` plays the longest move; ``RaceBot`` is greedy with a follow-up;
``ReplyBot`` reads every rival's best reply; ``LookaheadBot`` reads three plies.
"""
from __future__ import annotations

import math
from itertools import compress
from operator import itemgetter

import numpy as np

from ..._core import BoardkitError
from .. import fastloop as _fl
from .. import geometry as B
from ..fastloop import (
    _BYTE,
    _OWN,
    PASS_CODE,
    _board_state,
    _dests,
    _dests_entries,
    _fast_moves,
    _hop_reach,
)
from ..movegen import DiamondMove
from ._fast import _entries_of, _Gains, _mover_values, _own_best_gain, _Race
from .evaluate import _RANGE, DEFAULT, Weights, _cgain, _chosen, _dist_table, _evaluate, _gain, _sooner

# the checked entries, reached as ``ai.dests`` etc. too (the search uses the unchecked ones)
board_state, dests, dests_entries, fast_moves = (_fl.board_state, _fl.dests, _fl.dests_entries,
                                                 _fl.fast_moves)


# ----------------------------------------------------------------------- bots
def _ready(game, rng) -> None:
    """Refuse what no bot can answer: not a Diamond game, a finished game (no move is
    left to choose, DG-07), or chance that is not a numpy Generator."""
    from ..._input import check_rng
    from ..game import DiamondGame
    if not isinstance(game, DiamondGame):
        from ..._core import short_repr
        raise BoardkitError(f"a Diamond bot plays a DiamondGame, got {short_repr(game)}")
    if game._is_over_fast():
        raise BoardkitError("the game is over: a bot has no move to choose (DG-07)")
    if rng is not None:
        check_rng(rng, "Diamond bot (rng)", ("random",))


def intro_bot(game, rng: np.random.Generator) -> DiamondMove:
    """入門: a random destination; two times in three it avoids going backwards."""
    _ready(game, rng)
    moves = _fast_moves(game)
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
            state = _board_state(game.cells)
            mine = _entries_of(game, me, state)
            moves = [i << 8 | x for i, e in mine for x in e[2]] or [PASS_CODE]
        else:
            moves = _fast_moves(game)
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
            v += _king_extra(game, me, w)
        pop()
        out.append((v, m))
    return out


def king_extra(game, me: int, w: Weights) -> float:
    """The king terms of ``w`` for player ``me`` in this position (see ``_king_extra``);
    ``game``, ``me`` and ``w`` are checked (a BoardkitError names the wrong one)."""
    from ..._input import check_instance
    from ..game import DiamondGame
    check_instance(game, DiamondGame, "game")
    check_instance(w, Weights, "w")
    return _king_extra(game, game._check_player(me), w)


def _king_extra(game, me: int, w: Weights) -> float:
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
        for x in _dests(game, k):
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
    moves = _ordered_codes(game, _fast_moves(game))[:width]
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
        state = _board_state(game.cells)
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
            score = _sooner(_evaluate(game, me), 2)
        else:
            game._fpush(_best_reply(game, self.reply_width))
            score = _evaluate(game, me)
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
        for j, e in _dests_entries(game, compress(_RANGE, bytes(c).translate(_OWN[p1])), state):
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
        self.root_reply: tuple | None = None
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
                        out = _dests(game, j)
                    else:                 # _dests(game, j) for a man, written out (see __init__)
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
            return least - mine, reply    # _evaluate(game, me) after the reply
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
        gains = self.gains
        assert gains is not None                  # gain() is only asked when following
        try:
            return gains.leaf(a, b, _BYTE[a] | _BYTE[b] | _BYTE[j] | _BYTE[x], need)
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
            score = _sooner(_evaluate(game, me), game.players + 2 - played)
        else:
            now = _evaluate(game, me)
            then = -math.inf
            for v, done in _mover_values(game, _ordered_codes(game, _fast_moves(game))[:self.second]):
                then = max(then, _sooner(v, 1) if done else v)
            score = now + self.mix * (then - now)
        for _ in range(played):
            pop()
        return score


def _best_reply(game, width):
    """The player to move's best move (a code) among its ``width`` best-gaining ones,
    by its own evaluation (the first such move on ties: deterministic)."""
    reply, reply_val = None, -math.inf
    codes = _ordered_codes(game, _fast_moves(game))[:width]
    for (v, _), r in zip(_mover_values(game, codes), codes):
        if v > reply_val:
            reply, reply_val = r, v
    return reply


#: 最強: three plies (its move, every rival's best reply, its best next move)
strongest_bot = LookaheadBot(width=20, reply_width=14, second=20, mix=0.5)


#: the player of each level, by English name (``bot(level)`` also takes the Japanese label)
