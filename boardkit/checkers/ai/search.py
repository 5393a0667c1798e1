"""The plain search of the checkers bots and the players built on it.

``_Search`` is alpha-beta on the engine's bitboards (``movegen.movegen``) with a
quiescence search on captures (the "shots" tip) and iterative deepening within a node
budget. ``TipBot`` plays it with the tips listed; the three levels are ``EasyBot``,
``NormalBot`` and ``StrongBot``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from operator import add
from typing import TYPE_CHECKING

import numpy as np

from ..movegen import (
    fast_apply,
    fast_captures,
    fast_generate,
    ghostgen,
    layout,
    movegen,
)
from ._fast import _middle_move
from .evaluate import (
    ROOT2_CACHE,
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

#: root2's mark for a move scored later (``_later2``), below every score
_PENDING = float("-inf")


class _OutOfNodes(Exception):
    """The node budget ran out (internal to the search)."""


class _Search:
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

    def root2(self, b, w, k, p, moves, nz=None):
        """The exact depth-2 scores of the root moves (no quiescence): for each move,
        minus the best reply's ``search1`` value. The opponent's steps are scored once
        for the root position; after a root step from f to t the opponent's steps are
        those same steps except the ones onto t, plus the steps onto the square f just
        left (scored once per f), and the mover's own side score is one memo look-up
        per move; when the opponent must capture by single jumps, those are scored
        (``_jumps2``). A capture that goes on, a root capture, or flying kings of the
        opponent: the child is searched as ``root`` does (``search1``).

        ``nz``: the noise terms the caller adds to the scores (one per move, forced
        captures only): then a move after which the opponent can capture may get, instead
        of its exact score, an upper bound u with ``u + nz[j]`` below the best noisy score
        of the moves scored exactly, so that it cannot be chosen nor tie (``_middle_move``);
        those moves are scored after the others (see ``_capture_cut``)."""
        ctg = self.ctg
        gb, gw, gk = ctg(b), ctg(w), ctg(k)
        own, opp = (gb, gw) if p == 0 else (gw, gb)
        memo_p, memo_q, score_p, score_q, crown_p, crown_q, cut = self.sides2[p]
        if len(memo_p) >= ROOT2_CACHE:
            memo_p.clear()
        if len(memo_q) >= ROOT2_CACHE:
            memo_q.clear()
        if self.forced and moves and moves[0][2]:
            # the mover must capture (every move is a capture): each child is searched,
            # the opponent's steps here are not needed
            return [-self._child2(gb, gw, gk, p, raw) for raw in moves]
        kq = opp & gk
        if kq and self.flying:
            return self._root2_flying(gb, gw, gk, p, moves, nz)
        s2g, h, back, trade = self.s2g, self.h, self.back, self.trade
        h1 = h + 1
        q = 1 - p
        kown = own & gk
        empty = self.full & ~(gb | gw)
        get_p, get_q = memo_p.get, memo_q.get
        # the opponent's steps here (as if it were to move): the best score per
        # landing square, kept as the best (b1 onto d1) and the best onto another square (b2)
        if q == 0:
            down, up = opp, kq
            jd, ju = opp, (opp if back else kq)
        else:
            down, up = kq, opp
            jd, ju = (opp if back else kq), opp
        b1 = b2 = None
        d1 = 0
        for x, sh, dn in (((down << h) & empty, h, True), ((down << h1) & empty, h1, True),
                          ((up >> h) & empty, h, False), ((up >> h1) & empty, h1, False)):
            while x:
                tb = x & -x
                x ^= tb
                fb = (tb >> sh) if dn else (tb << sh)
                if kq & fb:
                    k2 = kq ^ fb ^ tb
                elif tb & crown_q:
                    k2 = kq | tb
                else:
                    k2 = kq
                o2 = opp ^ fb ^ tb
                key = (o2, k2)
                sv = get_q(key)
                if sv is None:
                    sv = memo_q[key] = score_q(o2, k2)
                if tb == d1:
                    if sv > b1:
                        b1 = sv
                elif b1 is None or sv > b1:
                    b2, b1, d1 = b1, sv, tb
                elif b2 is None or sv > b2:
                    b2 = sv
        nq = opp.bit_count()
        forced, stops = self.forced, self.stops
        into: dict = {}            # f -> the best score of the opponent's steps onto f
        out = []
        later = [] if nz is not None and forced and cut is not None else None
        # the squares next to the opponent's jumpers, per jump direction: a jump needs
        # a piece of the mover there and an empty square behind it
        pd, pd1, pu, pu1 = jd << h, jd << h1, ju >> h, ju >> h1
        half = WIN // 2
        for raw in moves:
            path, _c, capmask = raw
            if capmask:
                out.append(-self._child2(gb, gw, gk, p, raw))
                continue
            fb, tb = 1 << s2g[path[0]], 1 << s2g[path[-1]]
            own2 = own ^ fb ^ tb
            empty2 = empty ^ fb ^ tb
            if kown & fb:
                kp2 = kown ^ fb ^ tb
            elif tb & crown_p:
                kp2 = kown | tb
            else:
                kp2 = kown
            best = None
            if ((((pd & own2) << h) | ((pd1 & own2) << h1)
                    | ((pu & own2) >> h) | ((pu1 & own2) >> h1)) & empty2):
                # the opponent can capture: its jumps (when none goes on, each is a
                # whole move; else the child is searched the usual way)
                if later is not None:
                    later.append((len(out), own2, kp2, empty2))
                    out.append(_PENDING)
                    continue
                best = self._jumps2(own2, kp2, empty2, opp, kq, q, jd, ju, memo_p, memo_q,
                                    stops, crown_q, nq if trade else -1)
                if forced:
                    out.append(-(best - (1 if best > WIN // 2 else -1 if best < -WIN // 2 else 0)))
                    continue
            # the opponent's steps: those onto t are gone, those onto f are new
            sbest = b1 if tb != d1 else b2
            if fb in into:
                sf = into[fb]
            else:
                sf = None
                srcs = (((fb >> h) | (fb >> h1)) & down) | (((fb << h) | (fb << h1)) & up)
                while srcs:
                    src = srcs & -srcs
                    srcs ^= src
                    if kq & src:
                        k2 = kq ^ src ^ fb
                    elif fb & crown_q:
                        k2 = kq | fb
                    else:
                        k2 = kq
                    o2 = opp ^ src ^ fb
                    sv = get_q((o2, k2))
                    if sv is None:
                        sv = memo_q[(o2, k2)] = score_q(o2, k2)
                    if sf is None or sv > sf:
                        sf = sv
                into[fb] = sf
            if sf is not None and (sbest is None or sf > sbest):
                sbest = sf
            if sbest is not None:
                key = (own2, kp2)
                sp = get_p(key)
                if sp is None:
                    sp = memo_p[key] = score_p(own2, kp2)
                v = sbest - sp
                if trade:
                    np_ = own2.bit_count()
                    v -= (np_ - nq) * 600 // (nq + np_ + 2)
                if best is None or v > best:
                    best = v
            if best is None:
                out.append(WIN)            # the opponent has no move: it loses
            elif -half <= best <= half:
                out.append(-best)
            else:
                out.append(-(best - (1 if best > half else -1)))
        if later:
            def exact(_j, own2, kp2, empty2):
                best = self._jumps2(own2, kp2, empty2, opp, kq, q, jd, ju, memo_p, memo_q, stops,
                                    crown_q, nq if trade else -1)
                return -(best - (1 if best > WIN // 2 else -1 if best < -WIN // 2 else 0))
            self._later2(out, later, nz, p, opp, kq, exact)
        return out

    def _later2(self, out, later, nz, p, opp, kq, exact):
        """root2's moves after which the opponent must capture, once the others are
        scored: the exact score (``exact(j, own2, kp2, empty2)``, the opponent's best
        capture) only for a move whose bound (``_capture_cut``) plus noise reaches the
        best noisy score so far, the bound for the others."""
        # the moves still to score hold _PENDING (-inf): they count for nothing here
        top = max(map(add, out, nz))
        if p == 0:
            memo_p, memo_q = self.memos
        else:
            memo_q, memo_p = self.memos
        score_p = self.scores[p]
        sq = memo_q.get((opp, kq))
        if sq is None:
            sq = self.scores[1 - p](opp, kq)
        cut = sq + self.cuts[p] - 1
        for j, own2, kp2, empty2 in later:
            sp = memo_p.get((own2, kp2))
            if sp is None:
                sp = memo_p[(own2, kp2)] = score_p(own2, kp2)
            ub = sp - cut
            if ub + nz[j] < top:
                out[j] = ub
                continue
            v = out[j] = exact(j, own2, kp2, empty2)
            if v + nz[j] > top:
                top = v + nz[j]

    def _root2_flying(self, gb, gw, gk, p, moves, nz=None):
        """root2 when the opponent has flying kings: its men's steps as in root2, its
        kings' moves by walking their diagonals once for the root position and again in
        a child only for a king whose walk read the squares of the root step; a child
        where the opponent must capture is scored by its captures (or, captures
        optional, searched: ``search1``)."""
        lay, gen = self.layout, self.gen
        s2g = lay.s2g
        h = gen.geo.half
        h1 = h + 1
        q = 1 - p
        own, opp = (gb, gw) if p == 0 else (gw, gb)
        kown, kq = own & gk, opp & gk
        mq = opp & ~gk
        empty = gen.full & ~(gb | gw)
        mb, mw = self.memos
        memo_p, memo_q = (mb, mw) if p == 0 else (mw, mb)
        n, tips = self.n, self.tips
        score_p, score_q = _scorer(n, tips, p), _scorer(n, tips, q)
        crown_p, crown_q = self.crown[p], self.crown[q]
        trade = "trade" in tips
        back = gen.rules.men_capture_backward
        # men only here: kings are walked below
        if q == 0:
            down, up = mq, 0
            jd, ju = mq, (mq if back else 0)
        else:
            down, up = 0, mq
            jd, ju = (mq if back else 0), mq
        b1 = b2 = None
        d1 = 0
        for x, sh, dn in (((down << h) & empty, h, True), ((down << h1) & empty, h1, True),
                          ((up >> h) & empty, h, False), ((up >> h1) & empty, h1, False)):
            while x:
                tb = x & -x
                x ^= tb
                fb = (tb >> sh) if dn else (tb << sh)
                key = (opp ^ fb ^ tb, (kq | tb) if tb & crown_q else kq)
                sv = memo_q.get(key)
                if sv is None:
                    sv = memo_q[key] = score_q(*key)
                if tb == d1:
                    if sv > b1:
                        b1 = sv
                elif b1 is None or sv > b1:
                    b2, b1, d1 = b1, sv, tb
                elif b2 is None or sv > b2:
                    b2 = sv
        nq = opp.bit_count()

        def captured(own2, kp2, empty2, king_capture):
            # the root move's score when the opponent must capture: every capture when a
            # king can (flying), else the men's jumps
            if not king_capture:
                v = self._jumps2(own2, kp2, empty2, opp, kq, q, jd, ju, memo_p, memo_q,
                                 gen.crown_stops, crown_q, nq if trade else -1)
                return -(v - (1 if v > WIN // 2 else -1 if v < -WIN // 2 else 0))
            best = None
            for start, end, cm in fast_captures(gen, opp, own2, kq | kp2, q):
                sb, eb = 1 << start, 1 << end
                if kq & sb:
                    k2 = kq ^ sb ^ eb
                elif eb & crown_q:
                    k2 = kq | eb
                else:
                    k2 = kq
                key = (opp ^ sb ^ eb, k2)
                sv = memo_q.get(key)
                if sv is None:
                    sv = memo_q[key] = score_q(*key)
                own3 = own2 & ~cm
                key = (own3, kp2 & ~cm)
                sp = memo_p.get(key)
                if sp is None:
                    sp = memo_p[key] = score_p(*key)
                v = sv - sp
                if trade:
                    np_ = own3.bit_count()
                    v -= (np_ - nq) * 600 // (nq + np_ + 2)
                if best is None or v > best:
                    best = v
            return -(best - (1 if best > WIN // 2 else -1 if best < -WIN // 2 else 0))

        def walk(kb, rays, empty2, own2):
            # a king's moves: (the best score after one, whether it can capture, the
            # squares its walk read: those passed, the one that stops it and the next)
            best = None
            seen = 0
            for ray in rays:
                ln = len(ray)
                i = 0
                while i < ln:
                    jb = ray[i][1]
                    if not jb & empty2:
                        break
                    o2, k2 = opp ^ kb ^ jb, kq ^ kb ^ jb
                    sv = memo_q.get((o2, k2))
                    if sv is None:
                        sv = memo_q[(o2, k2)] = score_q(o2, k2)
                    if best is None or sv > best:
                        best = sv
                    seen |= jb
                    i += 1
                if i < ln:
                    seen |= ray[i][1]
                    if i < ln - 1:
                        seen |= ray[i + 1][1]
                        if ray[i][1] & own2 and ray[i + 1][1] & empty2:
                            return best, True, seen
            return best, False, seen
        # each king's walk in the root position; after a root step it changes only when
        # the step's squares are among those the walk read
        kings = []
        x = kq
        while x:
            kb = x & -x
            x ^= kb
            rays = gen.rays[kb.bit_length() - 1]
            kings.append((kb, rays) + walk(kb, rays, empty, own))
        forced = gen.forced
        out = []
        later = [] if nz is not None and forced and self.cuts[p] is not None else None
        for raw in moves:
            path, _c, capmask = raw
            if capmask:
                out.append(-self._child2(gb, gw, gk, p, raw))
                continue
            fb, tb = 1 << s2g[path[0]], 1 << s2g[path[-1]]
            own2 = own ^ fb ^ tb
            empty2 = empty ^ fb ^ tb
            men_capture = ((((jd << h) & own2) << h) | (((jd << h1) & own2) << h1)
                           | (((ju >> h) & own2) >> h) | (((ju >> h1) & own2) >> h1)) & empty2
            if men_capture and not forced:
                out.append(-self._child2(gb, gw, gk, p, raw))
                continue
            if kown & fb:
                kp2 = kown ^ fb ^ tb
            else:
                kp2 = kown | tb if tb & crown_p else kown
            if men_capture and later is not None:
                later.append((len(out), own2, kp2, empty2))
                out.append(_PENDING)
                continue
            sbest = b1 if tb != d1 else b2
            for src, movers in ((fb >> h, down), (fb >> h1, down), (fb << h, up), (fb << h1, up)):
                if src & movers:
                    key = (opp ^ src ^ fb, (kq | fb) if fb & crown_q else kq)
                    sv = memo_q.get(key)
                    if sv is None:
                        sv = memo_q[key] = score_q(*key)
                    if sbest is None or sv > sbest:
                        sbest = sv
            capture = False
            ft = fb | tb
            for kb, rays, kbest, capture, seen in kings:
                if seen & ft:
                    kbest, capture, _seen = walk(kb, rays, empty2, own2)
                if capture:
                    break
                if kbest is not None and (sbest is None or kbest > sbest):
                    sbest = kbest
            if capture and not forced:
                out.append(-self._child2(gb, gw, gk, p, raw))
                continue
            if capture and later is not None:
                later.append((len(out), own2, kp2, empty2))
                out.append(_PENDING)
                continue
            if capture or men_capture:     # compulsory
                out.append(captured(own2, kp2, empty2, capture))
                continue
            if sbest is None:
                out.append(WIN)            # the opponent has no move: it loses
                continue
            key = (own2, kp2)
            sp = memo_p.get(key)
            if sp is None:
                sp = memo_p[key] = score_p(own2, kp2)
            v = sbest - sp
            if trade:
                np_ = own2.bit_count()
                v -= (np_ - nq) * 600 // (nq + np_ + 2)
            out.append(-(v - (1 if v > WIN // 2 else -1 if v < -WIN // 2 else 0)))
        if later:
            def exact(j, own2, kp2, empty2):
                path = moves[j][0]
                ft = (1 << s2g[path[0]]) | (1 << s2g[path[-1]])
                capture = any(walk(kb, rays, empty2, own2)[1] if seen & ft else kcap
                              for kb, rays, _kbest, kcap, seen in kings)
                return captured(own2, kp2, empty2, capture)
            self._later2(out, later, nz, p, opp, kq, exact)
        return out

    def _child2(self, gb, gw, gk, p, raw):
        """``search1`` of the child after the raw root move, as ``root`` searches it."""
        path, _c, capmask = raw
        s2g = self.layout.s2g
        mv = (s2g[path[0]], s2g[path[-1]], self.layout.to_ghost(capmask) if capmask else 0)
        nb, nw, nk = fast_apply(gb, gw, gk, p, mv, self.crown)
        return self.search(nb, nw, nk, 1 - p, 1, -WIN - 10, WIN + 10)

    def _jumps2(self, own2, kp2, empty2, opp, kq, q, jd, ju, memo_p, memo_q, stops, crown_q, nq):
        """For root2: the best value (for the opponent q, to move) over its captures in
        the child, the pieces of ``jd`` jumping down and those of ``ju`` up (never flying
        kings): every complete jump sequence (CK-07: it goes on while it can; a man
        crowned stops when ``stops``; only the longest under majority capture), valued
        as search1 values the child's moves. ``own2``/``kp2``: the mover's pieces and
        kings in the child; ``nq``: q's piece count for "trade" (-1: no such term)."""
        h = self.h
        h1 = h + 1
        man_d, man_u = self.men_jumps[q]
        majority = self.gen.majority
        score_p, score_q = self.scores[1 - q], self.scores[q]
        best = None
        most = 0
        for x, sh, dn in (((((jd << h) & own2) << h) & empty2, h, True),
                          ((((jd << h1) & own2) << h1) & empty2, h1, True),
                          ((((ju >> h) & own2) >> h) & empty2, h, False),
                          ((((ju >> h1) & own2) >> h1) & empty2, h1, False)):
            while x:
                lb = x & -x
                x ^= lb
                if dn:
                    cap, src = lb >> sh, lb >> (sh + sh)
                else:
                    cap, src = lb << sh, lb << (sh + sh)
                king = kq & src
                seqs = None
                # does the capture go on from the landing square? (the jumped piece stays
                # on the board until the move ends and cannot be jumped twice)
                if king or not (stops and lb & crown_q):
                    prey = own2 ^ cap
                    free = (empty2 | src) ^ lb
                    if (((king or man_d)
                         and (((((lb << h) & prey) << h) | (((lb << h1) & prey) << h1)) & free))
                            or ((king or man_u)
                                and (((((lb >> h) & prey) >> h) | (((lb >> h1) & prey) >> h1)) & free))):
                        seqs = self._sequences(own2, empty2 | src, lb, cap, bool(king), q, stops, crown_q)
                for caps, end, cnt in seqs or ((cap, lb, 1),):
                    if majority:
                        if cnt < most:
                            continue
                        if cnt > most:
                            most, best = cnt, None
                    if king:
                        k2 = kq ^ src ^ end
                    elif end & crown_q:
                        k2 = kq | end
                    else:
                        k2 = kq
                    key = (opp ^ src ^ end, k2)
                    sv = memo_q.get(key)
                    if sv is None:
                        sv = memo_q[key] = score_q(*key)
                    own3 = own2 & ~caps
                    key = (own3, kp2 & ~caps)
                    sp = memo_p.get(key)
                    if sp is None:
                        sp = memo_p[key] = score_p(*key)
                    v = sv - sp
                    if nq >= 0:
                        np_ = own3.bit_count()
                        v -= (np_ - nq) * 600 // (nq + np_ + 2)
                    if best is None or v > best:
                        best = v
        return best

    def _sequences(self, prey, free, sq, caps, king, q, stops, crown_q):
        """The complete jump sequences going on from ``sq`` (reached by a first jump over
        ``caps``): (captured squares, end square, number captured) for each way on."""
        h = self.h
        h1 = h + 1
        if king:
            dirs = ((h, True), (h1, True), (h, False), (h1, False))
        else:
            md, mu = self.men_jumps[q]
            dirs = ((((h, True), (h1, True)) if md else ()) + (((h, False), (h1, False)) if mu else ()))
        out = []
        stack = [(sq, caps, 1)]
        while stack:
            sq, caps, cnt = stack.pop()
            went = False
            for sh, dn in dirs:
                over = (sq << sh) if dn else (sq >> sh)
                if over & prey and not over & caps:
                    land = (over << sh) if dn else (over >> sh)
                    if land & free:
                        went = True
                        if not king and stops and land & crown_q:
                            out.append((caps | over, land, cnt + 1))     # CK-08: it stops there
                        else:
                            stack.append((land, caps | over, cnt + 1))
            if not went:
                out.append((caps, sq, cnt))
        return out

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
    return IllegalMoveError("a bot needs a legal move, and there is none: "
                            + (out.reason if out else "no legal move"), "CK-10")


def _choose(scored, rng, tolerance=0.0):
    """The best-scored move; ties (within tolerance) broken by rng, else the first."""
    best = max(v for v, _ in scored)
    top = [raw for v, raw in scored if v >= best - tolerance]
    if rng is None or len(top) == 1:
        return top[0]
    return top[int(rng.integers(len(top)))]


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

    def __call__(self, game, rng=None):
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
    for t in ((without,) if without else ()) + tuple(only or ()):
        if t not in TIPS:
            from ..._core import BoardkitError
            raise BoardkitError(f"unknown tip {t!r}; the tips are {list(TIPS)}")
    tips = frozenset(only) if only is not None else frozenset(TIPS) - {without}
    return TipBot(tips=tips, depth=depth, noise=noise)


@dataclass(frozen=True)
class EasyBot:
    """やさしい: takes the capture that takes most, otherwise moves at random."""

    def __call__(self, game, rng=None):
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
    if game.is_over():
        raise _no_move(game)
    b, w, k, p = position(game)
    s = _Search(game.rules, frozenset(TIPS))
    if max_nodes is None:
        scored = s.root(b, w, k, p, max(1, depth))
    else:
        scored = s.deepest(b, w, k, p, max(1, depth), max_nodes)
    return _to_move(game, _choose(scored, None))
