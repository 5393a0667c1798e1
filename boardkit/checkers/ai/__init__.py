"""Computer players for checkers: three levels, a hint, and the strategy-tip bots.

    LEVELS       {"easy": "やさしい", "normal": "ふつう", "strong": "つよい"}, weakest first
    HINT_LEVEL   the level the hint uses: the strongest that answers within ~0.5 s
    bot(level)   the computer player of a level (English name or Japanese label)
    hint(game, level=None) -> move;  explain(game, move) -> why, in plain words

A bot is a callable ``bot(game, rng) -> move`` (rng: a numpy Generator). Bots are small
classes so that process pools can pickle them (``boardkit.sim.tournament``).

    easy      no lookahead: takes the biggest capture, else a random move, so it often
              walks into shots (やさしい)
    normal    a 2-ply search with a shape evaluation and some noise: keeps its men
              together and its back row, but sometimes misses a combination (ふつう)
    strong    alpha-beta several plies deep with a quiescence search on captures, so it
              reads exchanges to the end; trades when ahead (つよい)

``best_move(game, depth)`` is the strong search without noise (the hint).

The six strategy tips of the source are switches of one search (``TipBot``):

    "shots"     look at the opponent's captures after every move (quiescence search);
                without it the bot evaluates a position even when a capture is pending
    "groups"    advance in groups: men with a friend (or the edge) behind them
    "back_row"  keep the back row: men on the row where the opponent would crown
    "centre"    take the centre
    "crown"     crown first: men count more the nearer they are to the far row, kings more
    "trade"     trade when ahead: the same lead is worth more with fewer pieces left

The tip bots (``tip_pair``, the lab, ``benchmarks/tips.py``) play two of them as a player
means them (``PLAYED``; counted that way, square by square, they lost 46% and 44% over
2,000 games): "centre_held" counts centre men covered behind, against lone ones;
"crown_safe" counts kings, runners in the opponent's half covered on both sides, and the
two guards of the own king row. The levels keep the terms above.

The search works on the engine's bitboards (``movegen.movegen``), not on ``play/undo``.

Speed (benchmarks/checkers_bots.py; figures in docs/benchmarks.md), every choice the same
as the plain search's. The middle level draws its noise
first and ``_Search.root2`` then only bounds (``_capture_cut``) the moves after which the
opponent must capture whose bound plus noise cannot reach the best; bot games through
``sim.play_game`` run in ``CheckersGame._play_bots`` with ``_middle_chooser`` (no bot
call or ``play`` checks per ply, the noise drawn in blocks, the generator put back); the
strong level keeps its node counts (its budget decides its moves), so only constant
factors were taken there.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import add
from typing import TYPE_CHECKING

import numpy as np

from .._core import check_level
from .movegen import (
    bits,
    fast_apply,
    fast_captures,
    fast_generate,
    geometry,
    ghostgen,
    layout,
    movegen,
)

if TYPE_CHECKING:
    from .game import CheckersMove

__all__ = ["LEVELS", "HINT_LEVEL", "NODE_BUDGET", "bot", "hint", "explain", "easy", "normal", "strong",
           "EasyBot", "NormalBot", "StrongBot", "best_move", "TIPS", "TipBot", "tip_bot",
           "tip_pair", "measure_tip", "evaluate", "score", "centre_squares", "lab_tips", "lab_combine",
           "LAB_LEVELS"]

TIPS = ("shots", "groups", "back_row", "centre", "crown", "trade")
WIN = 100_000
MAN, KING = 100, 140


# --------------------------------------------------------------- positions
def position(game) -> tuple[int, int, int, int]:
    """(black, white, kings, player to move) bit sets of a CheckersGame."""
    return game.raw_position()


def _to_move(game, raw):
    """The game's legal move matching a raw engine move (same start, end, captures)."""
    for r, m in zip(game._raw_moves(), game.legal_moves()):
        if r is raw:
            return m
    start, end, caps = raw[0][0] + 1, raw[0][-1] + 1, {c + 1 for c in raw[1]}
    for m in game.legal_moves():
        p = [int(s) for s in m.path]
        if p[0] == start and p[-1] == end and {int(c) for c in m.captures} == caps:
            return m
    raise AssertionError("search move not among the legal moves")   # an engine bug


# -------------------------------------------------------------- evaluation
@cache
def _masks(n: int) -> dict:
    """Per-board tables the evaluation terms use (computed once per size)."""
    g = geometry(n)
    half = g.half
    centre = 0
    adv = ([0] * g.count, [0] * g.count)
    for i, (r, c) in enumerate(g.coords):
        if n // 2 - 2 <= r <= n // 2 + 1 and 2 <= c <= n - 3:
            centre |= 1 << i
        adv[0][i] = r              # Black moves down: rows advanced
        adv[1][i] = n - 1 - r      # White moves up
    # a man is "backed" on one side when the square behind it on that diagonal is a
    # friend or off the board: an enemy jumping from the front would land there
    behind = ([], [])
    for i in range(g.count):
        for p, dirs in ((0, (0, 1)), (1, (2, 3))):      # Black's back is up, White's down
            behind[p].append(tuple(g.step[i][d] for d in dirs))
    back_row = (sum(1 << i for i in range(half)), sum(1 << i for i in range(g.count - half, g.count)))
    return {"centre": centre, "adv": adv, "behind": behind, "back_row": back_row, "n": n}


@cache
def _ghost_tables(n: int) -> tuple:
    """The tables of ``_masks`` on the ghost layout, for whole-board evaluation terms:
    per player (crown-row distance row masks with weights, back row, the two "behind"
    shifts with the squares whose behind square is off the board), the centre."""
    m = _masks(n)
    g = geometry(n)
    lay = layout(n)
    tg = lay.to_ghost
    h = g.half
    rows = [tg(sum(1 << i for i in range(r * h, (r + 1) * h))) for r in range(n)]
    per = []
    for p in (0, 1):
        adv = tuple((rows[r], 3 * (r if p == 0 else n - 1 - r)) for r in range(n)
                    if (r if p == 0 else n - 1 - r))
        # behind a Black man: up-left (ghost shift h+1) and up-right (h): own << shift;
        # behind a White man: down-left (h) and down-right (h+1): own >> shift
        d1, d2 = ((0, 1) if p == 0 else (2, 3))
        off1 = tg(sum(1 << i for i in range(g.count) if g.step[i][d1] < 0))
        off2 = tg(sum(1 << i for i in range(g.count) if g.step[i][d2] < 0))
        s1, s2 = ((h + 1, h) if p == 0 else (h, h + 1))
        # for the played tips (_played): the opponent's half (a man there is on its way to
        # crowning) and the two guards of the own back row (American 1 and 3 for Black,
        # 30 and 32 for White: together they cover every square of the row)
        far = tg(sum(1 << i for i, (r, _c) in enumerate(g.coords)
                     if (r if p == 0 else n - 1 - r) >= n // 2))
        row = list(range(h)) if p == 0 else list(range(g.count - h, g.count))
        guards = (row[0], row[-2]) if p == 0 else (row[1], row[-1])
        per.append((adv, tg(m["back_row"][p]), s1, off1, s2, off2, far,
                    tg(sum(1 << i for i in guards))))
    return tuple(per), tg(m["centre"])


#: The tips as the tip bots play them (``tip_pair``, ``lab_combine``): tip -> the term
#: the bot with the tip counts. The levels keep the plain "centre" and "crown" terms.
PLAYED = {"centre": "centre_held", "crown": "crown_safe"}
_PLAYED_TERMS = frozenset(PLAYED.values())
#: their weights, in hundredths of a man
#: (chosen on 1,000-game trials at 1 ply against the bot without the tip; a centre man
#: covered on one side only gets "half", an uncovered one "lone")
PLAY_W = {"held": 8, "half": 3, "lone": -6,           # centre_held: men on centre squares
          "king": 40, "safe": 4, "guard": 10}         # crown_safe: kings, safe runners, guards


def _played(own: int, kown: int, player: int, tips: frozenset, t: tuple, centre: int) -> int:
    """The terms of the tips as the tip bots play them (own pieces only, like every
    side term). "centre_held": a man on a centre square counts when the squares behind
    it are friends (or the edge), so no enemy in front can jump it, and counts against
    when it stands there alone. "crown_safe": kings, men in the opponent's half covered
    behind on both sides (a run to the crown that risks no man), and the two guards of
    the own back row."""
    men = own ^ kown
    _adv, _back, s1, off1, s2, off2, far, guards = t[player]
    if player == 0:
        c1, c2 = men & ((own << s1) | off1), men & ((own << s2) | off2)
    else:
        c1, c2 = men & ((own >> s1) | off1), men & ((own >> s2) | off2)
    both = c1 & c2
    w = PLAY_W
    s = 0
    if "centre_held" in tips:
        s += (w["held"] * (both & centre).bit_count() + w["half"] * ((c1 ^ c2) & centre).bit_count()
              + w["lone"] * (men & centre & ~(c1 | c2)).bit_count())
    if "crown_safe" in tips:
        s += (w["king"] * kown.bit_count() + w["safe"] * (both & far).bit_count()
              + w["guard"] * (men & guards).bit_count())
    return s


def _side_ghost(own: int, kings: int, player: int, tips: frozenset, t: tuple, centre: int) -> int:
    men = own & ~kings
    k = (own & kings).bit_count()
    s = MAN * men.bit_count() + KING * k
    adv, back, s1, off1, s2, off2 = t[player][:6]
    if "crown" in tips:
        s += 25 * k
        for mask, wgt in adv:
            x = men & mask
            if x:
                s += wgt * x.bit_count()
    if "back_row" in tips:
        s += 12 * (men & back).bit_count()
    if "centre" in tips:
        s += 6 * (own & centre).bit_count()
    if "groups" in tips:
        if player == 0:
            s += 3 * ((men & ((own << s1) | off1)).bit_count() + (men & ((own << s2) | off2)).bit_count())
        else:
            s += 3 * ((men & ((own >> s1) | off1)).bit_count() + (men & ((own >> s2) | off2)).bit_count())
    if tips & _PLAYED_TERMS:
        s += _played(own, own & kings, player, tips, t, centre)
    return s


@cache
def _weights(n: int, tips: frozenset, player: int) -> tuple[list, list]:
    """The terms counted per man and per king (material, crown rows, back row, centre):
    (man weight, king weight) per ghost bit, for one board size, tips and player."""
    (per, centre) = _ghost_tables(n)
    adv, back = per[player][:2]
    nbits = layout(n).nbits
    man_w, king_w = [0] * nbits, [0] * nbits
    for b in range(nbits):
        bit = 1 << b
        man_w[b], king_w[b] = MAN, KING
        if "crown" in tips:
            king_w[b] += 25
            man_w[b] += sum(wgt for mask, wgt in adv if mask & bit)
        if "back_row" in tips and back & bit:
            man_w[b] += 12
        if "centre" in tips and centre & bit:
            man_w[b] += 6
            king_w[b] += 6
    return man_w, king_w


#: the tips whose side score falls by at least a man's smallest weight when a piece is
#: taken off and changes by a bounded amount when a piece moves (``_capture_cut``)
_BOUNDED_TIPS = frozenset({"groups", "back_row", "centre", "crown"})


@cache
def _capture_cut(n: int, tips: frozenset, player: int) -> int | None:
    """For the middle level's pruning: a number c such that after ``player`` moves, if
    the opponent can capture, the move's depth-2 value is at most
    ``own side score after the move - opponent's side score now - c + 1``. The opponent's
    capturing piece changes its side's score by at least L (its weights at any two
    squares, "groups": -12, the piece's own two covers and the two men it covered), and
    each piece taken off lowers the mover's side score by at least its smallest weight W
    ("groups" only loses covers): c = L + W. None for tips without such bounds ("trade",
    the played tips)."""
    if not tips <= _BOUNDED_TIPS:
        return None
    sq = [b for b in layout(n).s2g]
    mp, kp = _weights(n, tips, player)
    mq, kq = _weights(n, tips, 1 - player)
    men, kings = [mq[b] for b in sq], [kq[b] for b in sq]
    low = min(min(men) - max(men), min(kings) - max(kings), min(kings) - max(men))
    low -= 12 if "groups" in tips else 0
    return low + min(min(mp[b] for b in sq), min(kp[b] for b in sq))


@cache
def _scorer(n: int, tips: frozenset, player: int) -> Callable[[int, int], int]:
    """``_side_ghost`` for one board size, tips and player as a function
    ``score(own, own_kings)``: the terms counted per man and per king (material, crown
    rows, back row, centre) summed from tables over chunks of the ghost bits, built
    once; only "groups" (which men have a friend behind) is computed."""
    (per, centre) = _ghost_tables(n)
    s1, off1, s2, off2 = per[player][2:6]
    nbits = layout(n).nbits
    man_w, king_w = _weights(n, tips, player)
    chunks = -(-nbits // 14)
    size = -(-nbits // chunks)
    mask = (1 << size) - 1

    def table(wts, base):
        t = [0] * (1 << size)
        for v in range(1, 1 << size):
            low = (v & -v).bit_length() - 1
            t[v] = t[v & (v - 1)] + (wts[base + low] if base + low < nbits else 0)
        return tuple(t)
    # the sum over chunks written out (one expression, no loop): generated once per table set
    env: dict = {}

    def terms(x: str, name: str, weights) -> str:
        out = []
        for i, base in enumerate(range(0, nbits, size)):
            env[f"{name}{i}"] = table(weights, base)
            shifted = f"({x} >> {base})" if base else x
            out.append(f"{name}{i}[{shifted} & {mask}]" if base + size < nbits else f"{name}{i}[{shifted}]")
        return " + ".join(out)
    shift = "<<" if player == 0 else ">>"
    src = (f"def score(own, kown):\n"
           f"    men = own ^ kown\n"
           f"    s = {terms('men', 'M', man_w)}\n"
           f"    if kown:\n"
           f"        s += {terms('kown', 'K', king_w)}\n")
    if "groups" in tips:
        src += (f"    s += 3 * ((men & ((own {shift} {s1}) | {off1})).bit_count()"
                f" + (men & ((own {shift} {s2}) | {off2})).bit_count())\n")
    if tips & _PLAYED_TERMS:
        env.update(_played=_played, tips=tips, per=per, centre=centre)
        src += f"    s += _played(own, kown, {player}, tips, per, centre)\n"
    src += "    return s\n"
    exec(src, env)
    score = env["score"]
    return score


#: side scores remembered per (board size, tips, player): a side's men and kings are
#: the same in many positions of one search (the other side moved), so most are found
_SIDES: dict = {}
SIDE_CACHE = 50_000
#: the middle level's bound (root2): its entries are mostly used once, by the next ply,
#: and a small memo stays in the processor's caches (measured ~7% faster than 50,000,
#: and 1,000 another 10-20% faster than 5,000 on 8x8 bot games, no slower on 10x10)
ROOT2_CACHE = 1_000


def _side_memo(n: int, tips: frozenset, player: int) -> dict:
    key = (n, tips, player)
    memo = _SIDES.get(key)
    if memo is None:
        memo = _SIDES[key] = {}
    return memo


def _side_fill(memo: dict, pieces: int, kings: int, colour: int, n: int, tips: frozenset) -> int:
    """A side's score on a memo miss: computed, stored (the memo is emptied when full)."""
    if len(memo) >= SIDE_CACHE:
        memo.clear()
    v = memo[(pieces, kings)] = _scorer(n, tips, colour)(pieces, kings)
    return v


def _evaluate_ghost(black: int, white: int, kings: int, player: int, n: int, tips: frozenset,
                    memos: tuple | None = None) -> int:
    if memos is None:
        memos = (_side_memo(n, tips, 0), _side_memo(n, tips, 1))
    mb, mw = memos
    kb = kings & black
    b = mb.get((black, kb))
    if b is None:
        b = _side_fill(mb, black, kb, 0, n, tips)
    kw = kings & white
    w = mw.get((white, kw))
    if w is None:
        w = _side_fill(mw, white, kw, 1, n, tips)
    score = b - w if player == 0 else w - b
    if "trade" in tips:
        # with a lead, fewer pieces left makes the same lead count more (and vice versa)
        no, np_ = (black.bit_count(), white.bit_count()) if player == 0 else \
            (white.bit_count(), black.bit_count())
        score += (no - np_) * 600 // (no + np_ + 2)
    return score


def evaluate(black: int, white: int, kings: int, player: int, n: int,
             tips: frozenset = frozenset(TIPS)) -> int:
    """The position's value for ``player`` (positive: good for them), in hundredths of
    a man. Only the terms of the tips switched on are counted. (Bit sets as
    ``raw_position``: bit i = square i + 1; the search evaluates on the ghost layout.)"""
    tg = layout(n).to_ghost
    return _evaluate_ghost(tg(black), tg(white), tg(kings), player, n, frozenset(tips))


def score(game, tips=TIPS) -> int:
    """``evaluate`` for the player to move in ``game``, with the tips given."""
    b, w, k, p = game.raw_position()
    return evaluate(b, w, k, p, game.rules.board_size, frozenset(tips))


def centre_squares(n: int = 8) -> list[int]:
    """The squares the "centre" tip rewards."""
    return [i + 1 for i in bits(_masks(n)["centre"])]


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
    from .._core import IllegalMoveError
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


#: root2's mark for a move scored later (``_later2``), below every score
_PENDING = float("-inf")

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


def tip_bot(*, without: str | None = None, only: tuple[str, ...] | None = None,
            depth: int = 2, noise: float = 0.0) -> TipBot:
    """A TipBot with every tip but ``without`` (or with ``only`` the tips given)."""
    for t in ((without,) if without else ()) + tuple(only or ()):
        if t not in TIPS:
            from .._core import BoardkitError
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

#: the computer levels, weakest first: English name -> the source's Japanese label
LEVELS = {"easy": "やさしい", "normal": "ふつう", "strong": "つよい"}
_BOTS = {"easy": easy, "normal": normal, "strong": strong}

#: The hint's level: the strongest level that answers within about half a second.
#: Measured with benchmarks/checkers_hint_timing.py --positions 60 (every 6th position of
#: seeded normal-bot games per rule set, plus four many-king 10x10 endings; 2-core
#: machine shared with other jobs): "strong" (4 plies + captures read to the end,
#: NODE_BUDGET) took a median of 0.005 s, worst 0.024 s on 8x8 American, a median
#: of 0.006 s, worst 0.343 s on 10x10 international (the endings included), so
#: the hint uses the strongest level.
HINT_LEVEL = "strong"


def bot(level: str) -> Callable:
    """The computer player of ``level`` (an English name of LEVELS or its Japanese
    label); anything else raises BoardkitError listing the levels."""
    return _BOTS[check_level(level, LEVELS, "checkers level")]


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


def hint(game, level: str | None = None) -> CheckersMove:
    """The move the hint shows: the choice of ``level`` (default HINT_LEVEL). The
    strong level is deterministic here (no random tie-break), so a hint is repeatable."""
    name = check_level(level if level is not None else HINT_LEVEL, LEVELS, "checkers level")
    if name == "strong":
        return best_move(game, strong.depth)
    return _BOTS[name](game, np.random.default_rng(0))


def explain(game, move) -> str:
    """Why the hint's move, in plain words (shown under the board after the hint)."""
    if move.is_capture:
        n = len(move.captures)
        why = f"it captures {n} piece{'s' if n > 1 else ''}"
        if game.rules.forced_capture:
            why += " (a capture is compulsory, CK-06)"
        return why
    after = game.child(move)
    replies = after.legal_moves()
    if replies and all(r.is_capture for r in replies):
        back = min(max((len(m.captures) for m in after.child(r).legal_moves()
                        if m.is_capture), default=0) - len(r.captures) for r in replies)
        if back > 0:
            return ("it offers a piece: every capture the opponent is forced to make lets "
                    "you capture more back (a shot)")
        if back == 0:
            return "it offers an even exchange: the opponent must capture, and you capture back"
        return "it gives up a piece: the strong search sees it pay off later"
    if game.piece_at(move.start) == (game.turn, False) and \
            game._geo.crown_row[game.turn] >> (move.end - 1) & 1:
        return "it crowns a man (CK-08)"
    return ("the strong search (4 plies ahead: two moves each, captures read to the end) finds no better "
            "move for material and shape")


# ------------------------------------------------------------- measuring tips
def tip_pair(tip: str, depth: int = 1, noise: float = 4.0) -> tuple[TipBot, TipBot]:
    """(with, without) bots for measuring one tip. Both read captures to the end
    ("shots"), so each other tip is measured on top of not blundering; "shots" itself
    is measured against a bot that knows only the material count. "centre" and "crown"
    are played as ``PLAYED`` says (held centre men; kings, safe runners and the guards
    of the king row), not with the levels' square-by-square terms."""
    if tip not in TIPS:
        from .._core import BoardkitError
        raise BoardkitError(f"unknown tip {tip!r}; the tips are {list(TIPS)}")
    base = () if tip == "shots" else ("shots",)
    return (TipBot(frozenset(base + (PLAYED.get(tip, tip),)), depth=depth, noise=noise),
            tip_bot(only=base, depth=depth, noise=noise))


def measure_tip(tip: str, games: int = 60, seed: int = 1, rules=None, *, depth: int = 1,
                noise: float = 4.0, max_plies: int = 200, executor=None):
    """A seeded tournament, seats swapped every game, between the bot with ``tip`` and
    the bot without it. Returns ``boardkit.sim.TournamentResult`` with the names
    "with" and "without" (draws and games stopped at ``max_plies`` count half)."""
    from .. import sim
    from .rules import CheckersRules
    rules = rules if rules is not None else CheckersRules.american()
    with_tip, without = tip_pair(tip, depth, noise)
    return sim.tournament(_Factory(rules), {"with": with_tip, "without": without}, games=games,
                          seed=seed, max_plies=max_plies, executor=executor, progress=False)


def _lab_bot(tip: str, with_tip: bool, depth) -> TipBot:
    return tip_pair(tip, depth=int(depth))[0 if with_tip else 1]


def lab_tips(rules=None) -> dict:
    """The tips for ``boardkit.widgets.tiplab.TipLab``: name -> (with_bot(depth),
    without_bot(depth), new_game), picklable (the lab plays on a process pool); the
    bots are ``tip_pair``'s, the games American unless ``rules`` are given."""
    from functools import partial

    from .rules import CheckersRules
    factory = _Factory(rules if rules is not None else CheckersRules.american())
    return {t: (partial(_lab_bot, t, True), partial(_lab_bot, t, False), factory) for t in TIPS}


def lab_combine(names, depth, rules=None) -> tuple:
    """Several tips at once for the lab: the bot with all of ``names`` (and "shots")
    against the bot that only reads captures ("shots"), or, with "shots" alone among
    the names, against the material-only bot."""
    from .rules import CheckersRules
    names = tuple(names)
    base = () if names == ("shots",) else ("shots",)
    for t in names:
        tip_bot(only=(t,))                          # an unknown tip raises BoardkitError
    with_tip = TipBot(frozenset(base + tuple(PLAYED.get(t, t) for t in names)), depth=int(depth),
                      noise=4.0)
    without = tip_bot(only=base, depth=int(depth), noise=4.0)
    return with_tip, without, _Factory(rules if rules is not None else CheckersRules.american())


#: the lab's levels: search depth of the tip bots (the benchmark's --level)
LAB_LEVELS = {"1 ply": 1, "2 plies": 2, "3 plies": 3}


@dataclass(frozen=True)
class _Factory:
    """A picklable game factory (a lambda would not cross to a process pool)."""

    rules: object

    def __call__(self):
        from .game import CheckersGame
        return CheckersGame(self.rules)
