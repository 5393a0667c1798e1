"""The hot path of the middle level: the same moves as the plain search, faster.

``_Root2`` is the exact depth-2 scorer (``root2``, and ``_root2_flying`` for flying
kings), a part of ``search._Search``: the scores of a 2-ply search from tables, bounded
where the noise cannot reach the best. ``_middle_move`` draws the noise first and scores
the moves with it;
``_middle_chooser`` does the same for whole bot games in ``boardkit.checkers.fastloop``,
with the noise drawn ``NOISE_BLOCK`` normals at a time and the generator put back.
"""
from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING

import numpy as np

from ..movegen import fast_apply, fast_captures
from .evaluate import ROOT2_CACHE, WIN, _scorer

if TYPE_CHECKING:
    from .search import _Search


#: root2's mark for a move scored later (``_later2``), below every score
_PENDING = float("-inf")


class _Root2:
    """The exact depth-2 scorer of the middle level, a part of ``search._Search``
    (which it reads: ``moves``, ``evaluate`` and the tables of ``__init__``): the same
    scores as ``_Search.search`` two plies deep without quiescence, from the ghost
    layout's tables instead of a search per move."""

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
    """For ``boardkit.checkers.fastloop`` when every seat is the middle level (``NormalBot``
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
