"""The plain search of the checkers bots and the players built on it.

``_Search`` is alpha-beta on the engine's bitboards (``movegen.movegen``) with a
quiescence search on captures (the "shots" tip) and iterative deepening within a node
budget. ``TipBot`` plays it with the tips listed; the three levels are ``EasyBot``,
``NormalBot`` and ``StrongBot``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from ... import _input
from ..._core import BoardkitError
from ..._input import short_repr
from .. import rules as _rules
from ..game import CheckersGame
from ..movegen import (
    fast_apply,
    fast_captures,
    fast_generate,
    ghostgen,
    layout,
    movegen,
)
from ._fast import _middle_move, _Root2
from .evaluate import (
    TERMS,
    TIPS,
    WIN,
    _capture_cut,
    _evaluate_ghost,
    _scorer,
    _side_fill,
    _side_memo,
    _to_move,
    position,
)

if TYPE_CHECKING:
    from ..game import CheckersMove


# ------------------------------------------------------------------ search
#: Nodes a noise-free search (the strong level, the hint) may visit for one move, all
#: depths of its iterative deepening together. ~45,000 nodes/s were measured on this
#: machine, so at most about 0.35 s. Positions of ordinary games need at most ~3,700
#: nodes for all 4 plies (median ~600; 60 positions per rule set); a 10x10 ending with a
#: dozen flying kings needs ~48,000 (about 1 s) and is answered from 3 plies instead.
#: A node count, not the clock: the choice never depends on the machine's speed.
NODE_BUDGET = 15_000



class _OutOfNodes(Exception):
    """The node budget ran out (internal to the search)."""


class _Search(_Root2):
    """Negamax alpha-beta with an optional quiescence on captures. The root's moves are
    the game's (``movegen``: the public order, so choices and noise draws are those of
    the API); below the root everything runs on the ghost layout (``ghostgen``: fast
    moves, whole-board evaluation terms), in the same move order."""

    def __init__(self, rules, tips: frozenset, noise: float = 0.0, rng=None):
        self.api = movegen(rules)
        self.gen = ghostgen(rules)
        self.layout = layout(rules.board_size)
        self.n = rules.board_size
        self.crown = self.gen.crown_row
        self.api_crown = self.api.crown_row
        self.tips = tips
        self.quiesce = "shots" in tips
        self.noise = noise
        self.rng = rng
        self.nodes = 0
        self.max_nodes: int | None = None      # raise _OutOfNodes past this many nodes
        self.memos = (_side_memo(self.n, tips, 0), _side_memo(self.n, tips, 1))
        # for the jumps in root2: the ghost shift of a diagonal step, which way men jump
        self.h = self.gen.geo.half
        back = rules.men_capture_backward
        self.men_jumps = ((True, back), (back, True))
        self.scores = (_scorer(self.n, tips, 0), _scorer(self.n, tips, 1))
        self.cuts = (_capture_cut(self.n, tips, 0), _capture_cut(self.n, tips, 1))
        # root2's constants
        self.s2g, self.ctg, self.full = self.layout.s2g, self.layout.cached_to_ghost, self.gen.full
        self.flying, self.forced, self.stops = self.gen.flying, self.gen.forced, self.gen.crown_stops
        self.back, self.trade = back, "trade" in tips
        # per mover: (its memo, the other's, their scorers, their crown rows, its cut),
        # so that root2 starts with one look-up
        mb, mw = self.memos
        sb, sw = self.scores
        self.sides2 = ((mb, mw, sb, sw, self.crown[0], self.crown[1], self.cuts[0]),
                       (mw, mb, sw, sb, self.crown[1], self.crown[0], self.cuts[1]))

    def moves(self, b, w, k, p):
        own, opp = (b, w) if p == 0 else (w, b)
        return fast_generate(self.gen, own, opp, k, p)

    def evaluate(self, b, w, k, p):
        return _evaluate_ghost(b, w, k, p, self.n, self.tips, self.memos)

    def leaf(self, b, w, k, p, alpha, beta, qdepth):
        if not self.quiesce or qdepth <= 0:
            return self.evaluate(b, w, k, p)
        own, opp = (b, w) if p == 0 else (w, b)
        caps = fast_captures(self.gen, own, opp, k, p)
        if not caps:
            return self.evaluate(b, w, k, p)
        if not self.gen.forced:
            # capture optional: standing pat is allowed
            stand = self.evaluate(b, w, k, p)
            if stand >= beta:
                return stand
            alpha = max(alpha, stand)
        return self.search(b, w, k, p, 0, alpha, beta, qdepth, caps)

    def search(self, b, w, k, p, depth, alpha, beta, qdepth=8, moves=None):
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _OutOfNodes
        if moves is None:
            if depth <= 0:
                return self.leaf(b, w, k, p, alpha, beta, qdepth)
            if depth == 1:
                return self.search1(b, w, k, p, alpha, beta, qdepth)
            moves = self.moves(b, w, k, p)
        if not moves:
            return -WIN          # CK-10: no legal move (or no piece) loses
        best = -WIN - 1
        crown = self.crown
        for mv in moves:
            nb, nw, nk = fast_apply(b, w, k, p, mv, crown)
            if depth <= 0:       # inside quiescence: follow captures only
                v = -self.leaf(nb, nw, nk, 1 - p, -beta, -alpha, qdepth - 1)
            else:
                v = -self.search(nb, nw, nk, 1 - p, depth - 1, -beta, -alpha, qdepth)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        # a win found sooner is better than one found later
        return best - (1 if best > WIN // 2 else -1 if best < -WIN // 2 else 0)

    def search1(self, b, w, k, p, alpha, beta, qdepth):
        """``search`` one ply from the leaves, fused: the same moves in the same order,
        the same node count and values, without a call per leaf."""
        own, opp = (b, w) if p == 0 else (w, b)
        if beta > WIN // 2 and not self.quiesce and self.max_nodes is None and not self.gen.flying:
            # no cutoff can happen (evaluations stay far below WIN) and no node budget:
            # the order of the moves does not matter, so steps go straight from shifts
            v = self._search1_steps(own, opp, k, p)
            if v is not None:
                return v
        moves = fast_generate(self.gen, own, opp, k, p)
        if not moves:
            return -WIN
        best = -WIN - 1
        crown = self.crown[p]
        q = 1 - p
        quiesce = self.quiesce
        mb, mw = self.memos
        n, tips = self.n, self.tips
        trade = "trade" in tips
        maxn = self.max_nodes
        for start, end, capmask in moves:
            self.nodes += 1
            if maxn is not None and self.nodes > maxn:
                raise _OutOfNodes
            fb, tb = 1 << start, 1 << end
            if p == 0:
                nb, nw = (b & ~fb) | tb, w & ~capmask
            else:
                nb, nw = b & ~capmask, (w & ~fb) | tb
            if k & fb:
                nk = (k & ~fb & ~capmask) | tb
            else:
                nk = k & ~capmask
                if tb & crown:
                    nk |= tb
            if quiesce and qdepth > 0:
                v = -self.leaf(nb, nw, nk, q, -beta, -alpha, qdepth)
            else:
                kb = nk & nb
                sb = mb.get((nb, kb))
                if sb is None:
                    sb = _side_fill(mb, nb, kb, 0, n, tips)
                kw = nk & nw
                sw = mw.get((nw, kw))
                if sw is None:
                    sw = _side_fill(mw, nw, kw, 1, n, tips)
                # the child's value for q (to move there), negated: p's view
                v = sw - sb if q == 0 else sb - sw
                if trade:
                    no, np_ = (nw.bit_count(), nb.bit_count()) if q == 0 else \
                        (nb.bit_count(), nw.bit_count())
                    v -= (np_ - no) * 600 // (no + np_ + 2)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best - (1 if best > WIN // 2 else -1 if best < -WIN // 2 else 0)

    def _search1_steps(self, own, opp, k, p):
        """search1's value when the mover has no capture (else None): the best over the
        steps of -evaluate(child); the other side's score is the same in every child."""
        h = self.gen.geo.half
        h1 = h + 1
        empty = self.gen.full & ~(own | opp)
        kown = own & k
        # steps: men forward, kings both ways (sd down, su up); jumps the same, except
        # that men jump backwards too under men_capture_backward
        if p == 0:
            sd, su = own, kown
        else:
            sd, su = kown, own
        jd, ju = (own, own) if self.gen.rules.men_capture_backward else (sd, su)
        if ((((jd << h) & opp) << h) | (((jd << h1) & opp) << h1)
                | (((ju >> h) & opp) >> h) | (((ju >> h1) & opp) >> h1)) & empty:
            return None
        memo_own, memo_opp = (self.memos[0], self.memos[1]) if p == 0 else (self.memos[1], self.memos[0])
        kopp = opp & k
        so = memo_opp.get((opp, kopp))
        if so is None:
            so = _side_fill(memo_opp, opp, kopp, 1 - p, self.n, self.tips)
        crown = self.crown[p]
        tips = self.tips
        best = None
        count = 0
        # (pieces, shift): steps of men forward and of kings both ways
        for pieces, sh, down in ((sd, h, True), (sd, h1, True), (su, h, False), (su, h1, False)):
            if not pieces:
                continue
            x = ((pieces << sh) if down else (pieces >> sh)) & empty
            while x:
                tb = x & -x
                x ^= tb
                fb = (tb >> sh) if down else (tb << sh)
                count += 1
                o2 = own ^ fb ^ tb
                if kown & fb:
                    k2 = kown ^ fb ^ tb
                elif tb & crown:
                    k2 = kown | tb
                else:
                    k2 = kown
                sv = memo_own.get((o2, k2))
                if sv is None:
                    sv = _side_fill(memo_own, o2, k2, p, self.n, tips)
                if best is None or sv > best:
                    best = sv
        self.nodes += count            # this node was counted by search()
        if best is None:
            return -WIN
        v = best - so
        if "trade" in tips:
            no, np_ = own.bit_count(), opp.bit_count()
            v -= (np_ - no) * 600 // (no + np_ + 2)      # minus the child's own term
        return v - (1 if v > WIN // 2 else -1 if v < -WIN // 2 else 0)

    def root(self, b, w, k, p, depth):
        """Scores of the root moves (raw moves of the public generator, its order). With
        noise every score is exact (full window); without, a move is only searched to
        show whether it reaches the best so far (scores are integers, so equal-best
        moves still get their exact score)."""
        own, opp = (b, w) if p == 0 else (w, b)
        moves = self.api.cached_generate(own, opp, k, p)
        if depth == 2 and self.noise and not self.quiesce and self.max_nodes is None:
            # the middle level: every score exact, computed two plies at once
            vals = self.root2(b, w, k, p, moves)
            if self.rng is not None and vals:
                # the same draws as one rng.normal(0, noise) per move in turn
                noise = self.noise
                vals = [v + (0.0 + noise * z) for v, z in
                        zip(vals, self.rng.standard_normal(len(vals)).tolist())]
            return list(zip(vals, moves))
        scored = []
        best = -WIN - 10
        tg = self.layout.to_ghost
        s2g = self.layout.s2g
        gb, gw, gk = tg(b), tg(w), tg(k)
        for raw in moves:
            path, _c, capmask = raw
            mv = (s2g[path[0]], s2g[path[-1]], tg(capmask) if capmask else 0)
            nb, nw, nk = fast_apply(gb, gw, gk, p, mv, self.crown)
            alpha = -WIN - 10 if self.noise else best - 1
            v = -self.search(nb, nw, nk, 1 - p, depth - 1, -WIN - 10, -alpha)
            best = max(best, v)
            if self.noise and self.rng is not None:
                v += float(self.rng.normal(0.0, self.noise))
            scored.append((v, raw))
        return scored

    def deepest(self, b, w, k, p, depth, budget):
        """Root scores by iterative deepening 1..depth within ``budget`` nodes in all:
        the full depth when it fits (then exactly ``root(depth)``), else the deepest
        depth completed. Noise-free searches only (each depth is searched afresh)."""
        scored = None
        self.max_nodes = budget
        try:
            for d in range(1, depth + 1):
                scored = self.root(b, w, k, p, d)
        except _OutOfNodes:
            pass
        finally:
            self.max_nodes = None
        return scored if scored is not None else self.root(b, w, k, p, 1)


#: the parts of a _Search that depend only on the rules and the tips, per move generator
_TEMPLATES: dict = {}


def _searcher(game, tips, noise, rng) -> _Search:
    """``_Search(game.rules, frozenset(tips), noise, rng)`` without rebuilding what is
    the same for every move (looked up by the game's move generator and the tips)."""
    gen = game._gen
    if type(tips) is not frozenset:
        tips = frozenset(tips)
    key = (id(gen), tips)
    hit = _TEMPLATES.get(key)
    if hit is None or hit[0] is not gen:
        if len(_TEMPLATES) > 1000:
            _TEMPLATES.clear()
        hit = _TEMPLATES[key] = (gen, _Search(game.rules, frozenset(tips)).__dict__)
    s = _new_search(_Search)
    s.__dict__.update(hit[1])
    s.noise, s.rng = noise, rng
    return s


_new_search = object.__new__


def _no_move(game):
    from ..._core import IllegalMoveError
    out = game.outcome()
    from ..._catalogue import Word
    reason = Word(out.key, **out.facts) if out is not None and out.key else Word("ck.err.no_legal_move")
    return IllegalMoveError("ck.err.bot_no_move", "CK-10", reason=reason)


def _choose(scored, rng, tolerance=0.0):
    """The best-scored move; ties (within tolerance) broken by rng, else the first."""
    best = max(v for v, _ in scored)
    top = [raw for v, raw in scored if v >= best - tolerance]
    if rng is None or len(top) == 1:
        return top[0]
    return top[int(rng.integers(len(top)))]


# ------------------------------------------------------------ arguments
#: the deepest search a bot or ``best_move`` is asked for (the levels search 1 to 4 plies)
MAX_DEPTH = 64
#: the largest node budget (``best_move``'s ``max_nodes``): about 4 minutes of search
MAX_NODES = 10_000_000


def _check_call(game, rng) -> None:
    """A bot's arguments, checked once per move asked for (never inside the search):
    a CheckersGame, and None or a numpy Generator."""
    if not isinstance(game, CheckersGame):
        _rules.check_game(game, "game")
    if rng is not None and type(rng) is not np.random.Generator:
        _input.check_rng(rng, "rng", ("integers",))


def _check_tip(tip, what: str = "tip") -> str:
    """One of the strategy tips' names (``TIPS``), else BoardkitError listing them."""
    if not isinstance(tip, str) or tip not in TIPS:
        raise BoardkitError(f"unknown {what} {short_repr(tip)}; the tips are {list(TIPS)}")
    return tip


def _check_noise(noise, what: str = "noise") -> float:
    """A bot's noise: a finite number >= 0, in hundredths of a man (at most 10,000)."""
    if isinstance(noise, (bool, np.bool_)) or not isinstance(noise, (int, float, np.integer, np.floating)) \
            or not 0 <= noise <= 10_000:          # NaN fails the comparison too
        raise BoardkitError(f"{what} must be a number from 0 to 10,000 (hundredths of a man); "
                            f"got {short_repr(noise)}")
    return float(noise)


# -------------------------------------------------------------------- bots
@dataclass(frozen=True)
class TipBot:
    """A searching bot whose evaluation uses exactly the tips listed.

    depth      plies searched before the evaluation (quiescence comes on top with "shots")
    noise      standard deviation of a random term added to each root move's score,
               in hundredths of a man (0: always the best move; ties broken at random)
    max_nodes  with noise 0: a node budget (``NODE_BUDGET``); past it the bot plays
               from the deepest depth it completed (None: no budget)
    """

    tips: frozenset = frozenset(TIPS)
    depth: int = 2
    noise: float = 0.0
    max_nodes: int | None = None

    def __post_init__(self) -> None:
        tips = self.tips
        if not isinstance(tips, (frozenset, set, tuple, list)) or len(tips) > len(TERMS) \
                or not all(isinstance(t, str) and t in TERMS for t in tips):
            raise BoardkitError(f"tips must be a set of the tips {sorted(TERMS)}; "
                                f"got {short_repr(tips)}")
        _input.check_count(self.depth, "depth", 0, MAX_DEPTH)
        _check_noise(self.noise)
        if self.max_nodes is not None:
            _input.check_count(self.max_nodes, "max_nodes", 1, MAX_NODES)

    def __call__(self, game, rng=None):
        _check_call(game, rng)
        if game.is_over():
            raise _no_move(game)
        if self.depth == 2 and self.noise and "shots" not in self.tips:
            return _middle_move(game, rng, self.tips, self.noise)
        b, w, k, p = game.raw_position()
        s = _searcher(game, self.tips, self.noise, rng)
        depth = max(1, self.depth)
        if self.max_nodes is not None and not self.noise:
            scored = s.deepest(b, w, k, p, depth, self.max_nodes)
        else:
            scored = s.root(b, w, k, p, depth)
        return _to_move(game, _choose(scored, rng))


def tip_bot(*, without: str | None = None, only: tuple[str, ...] | None = None,
            depth: int = 2, noise: float = 0.0) -> TipBot:
    """A TipBot with every tip but ``without`` (or with ``only`` the tips given)."""
    if without is not None:
        _check_tip(without, "tip (without)")
    if only is not None:
        if not isinstance(only, (tuple, list, set, frozenset)) or len(only) > len(TIPS):
            raise BoardkitError(f"only must be a tuple of tips from {list(TIPS)}; "
                                f"got {short_repr(only)}")
        for t in only:
            _check_tip(t, "tip (only)")
    _input.check_count(depth, "depth", 0, MAX_DEPTH)
    _check_noise(noise)
    tips = frozenset(only) if only is not None else frozenset(TIPS) - {without}
    return TipBot(tips=tips, depth=depth, noise=noise)


@dataclass(frozen=True)
class EasyBot:
    """やさしい: takes the capture that takes most, otherwise moves at random."""

    def __call__(self, game, rng=None):
        _check_call(game, rng)
        moves = game.legal_moves()
        if not moves:
            raise _no_move(game)
        rng = rng if rng is not None else np.random.default_rng(0)
        caps = [m for m in moves if m.is_capture]
        if caps:
            most = max(len(m.captures) for m in caps)
            moves = [m for m in caps if len(m.captures) == most]
        return moves[int(rng.integers(len(moves)))]


@dataclass(frozen=True)
class NormalBot:
    """ふつう: 2 plies with the shape terms, no quiescence, some noise."""

    depth: int = 2
    noise: float = 25.0

    def __call__(self, game, rng=None):
        _check_call(game, rng)
        if self.depth == 2 and self.noise:
            if game.is_over():
                raise _no_move(game)
            return _middle_move(game, rng, _NORMAL_TIPS, self.noise)
        return _tipbot(_NORMAL_TIPS, self.depth, self.noise, None)(game, rng)


@dataclass(frozen=True)
class StrongBot:
    """つよい: every tip, 4 plies and captures read to the end, within NODE_BUDGET."""

    depth: int = 4

    def __call__(self, game, rng=None):
        _check_call(game, rng)
        return _tipbot(frozenset(TIPS), self.depth, 0.0, NODE_BUDGET)(game, rng)


_NORMAL_TIPS = frozenset({"groups", "back_row", "centre", "crown"})


@cache
def _tipbot(tips, depth, noise, max_nodes) -> TipBot:
    """The TipBot a level plays with (built once per setting)."""
    return TipBot(tips, depth, noise, max_nodes)


easy = EasyBot()
normal = NormalBot()
strong = StrongBot()


def best_move(game, depth: int = 4, max_nodes: int | None = NODE_BUDGET) -> CheckersMove:
    """The move the strong search prefers (deterministic: the first of equal moves),
    within ``max_nodes`` (None: the full depth whatever it costs)."""
    _rules.check_game(game, "game")
    _input.check_count(depth, "depth", 0, MAX_DEPTH)
    if max_nodes is not None:
        _input.check_count(max_nodes, "max_nodes", 1, MAX_NODES)
    if game.is_over():
        raise _no_move(game)
    b, w, k, p = position(game)
    s = _Search(game.rules, frozenset(TIPS))
    if max_nodes is None:
        scored = s.root(b, w, k, p, max(1, depth))
    else:
        scored = s.deepest(b, w, k, p, max(1, depth), max_nodes)
    return _to_move(game, _choose(scored, None))
