"""The evaluation of checkers positions: the tips' terms and their weights.

A position is four bit sets (black, white, kings, player to move). ``evaluate`` counts
material and the terms of the tips switched on, in hundredths of a man; this is the
file to read (and tune) to see what the bots value.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..._core import BoardkitError
from ..._input import short_repr
from .. import rules as _rules
from ..movegen import (
    bits,
    geometry,
    layout,
)

TIPS = ("shots", "groups", "back_row", "centre", "crown", "trade")
WIN = 100_000
MAN, KING = 100, 140


# --------------------------------------------------------------- positions
def position(game) -> tuple[int, int, int, int]:
    """(black, white, kings, player to move) bit sets of a CheckersGame."""
    return _rules.check_game(game, "game").raw_position()


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
    behind: tuple[list[tuple[int, ...]], list[tuple[int, ...]]] = ([], [])
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
#: every term an evaluation may count: the tips, and the played forms of "centre" and "crown"
TERMS = frozenset(TIPS) | _PLAYED_TERMS
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
    n = _rules.check_board_size(n, "n")
    count = n * n // 2
    black, white, kings = (_rules.check_bits(v, what, count) for what, v in
                           (("black", black), ("white", white), ("kings", kings)))
    player = _rules.check_player(player, "player")
    tg = layout(n).to_ghost
    return _evaluate_ghost(tg(black), tg(white), tg(kings), player, n, _check_tips(tips))


def _check_tips(tips) -> frozenset:
    """The tips (or played terms) an evaluation counts, as a frozenset."""
    if isinstance(tips, (frozenset, set, tuple, list)) and len(tips) <= len(TERMS) \
            and all(isinstance(t, str) and t in TERMS for t in tips):
        return frozenset(tips)
    raise BoardkitError(f"tips must be a set of the tips {list(TIPS)}; got {short_repr(tips)}")


def score(game, tips=TIPS) -> int:
    """``evaluate`` for the player to move in ``game``, with the tips given."""
    b, w, k, p = _rules.check_game(game, "game").raw_position()
    return evaluate(b, w, k, p, game.rules.board_size, _check_tips(tips))


def centre_squares(n: int = 8) -> list[int]:
    """The squares the "centre" tip rewards."""
    return [i + 1 for i in bits(_masks(_rules.check_board_size(n, "n"))["centre"])]
