"""The hot path of the 1-ply: the same values as ``evaluate._evaluate``, on byte tables.

``_one_ply_lists`` scores the plays of one turn from the position before them, with
tables built from the weights at import; ``_lists_apply`` says when it may (the
weights unchanged), else the numpy evaluator answers.
"""
from __future__ import annotations

import math
from itertools import compress
from operator import itemgetter

import numpy as np

from ..game import Play
from ..probability import DISTINCT_ROLLS
from .evaluate import (
    ANCHOR_VALUE,
    BAR_PENALTY,
    CONTACT_SPREAD,
    HIT_TEMPO,
    POINT_VALUE,
    PRIME_BONUS,
    ROLL_EDGE,
    STACK_PENALTY,
    THEIR_BLOTS,
    TRAP_PENALTY,
    _after_arrays,
    _bearoff_race,
    _evaluate,
    _weights,
)


def _lists_apply(plays: list[Play]):
    """The position before ``plays`` when ``_one_ply_lists`` can score them: the
    generator's plays of one turn, the weights as at import (tables and dicts are built
    from them; a whole ``HIT_TEMPO`` and no ``THEIR_BLOTS`` keep the shot sums exact),
    else None (``_evaluate`` then). (Doubles with 60-180 plays too: in game order the
    dicts are warm and lists still beat numpy's batch by ~5% over whole games.)"""
    base = plays[0]._base
    if base is None or _weights() != _LISTS_WEIGHTS or any(p._base is not base for p in plays):
        return None
    return base


def _one_ply(plays: list[Play]) -> np.ndarray:
    """normal's 1-ply: ``_evaluate`` of the positions after ``plays``."""
    base = _lists_apply(plays)
    if base is None:
        return _evaluate(*_after_arrays(plays))
    return np.array(_one_ply_lists(plays, base))


def _best_play(plays: list[Play]) -> Play:
    """The play of the highest ``_one_ply`` value (the first of equals, as np.argmax)."""
    base = _lists_apply(plays)
    if base is None:
        return plays[int(np.argmax(_evaluate(*_after_arrays(plays))))]
    values = _one_ply_lists(plays, base)
    return plays[max(range(len(values)), key=values.__getitem__)]


# ----------------------------------------------------------------- 1-ply on lists
# normal's 1-ply scores the plays of one turn: about 16 on average, median 9. For so few
# positions the hundred numpy calls of ``_evaluate`` (about a microsecond each) cost more
# than the arithmetic, so ``_one_ply_lists`` works the same terms out play by play on
# Python ints and floats, with the same values bit for bit (checked against ``_evaluate``
# on every turn of seeded games, tests/test_backgammon_ai_fast.py):
#  - a side's made points as bytes (count -> 0/1, ``bytes.translate``) key a dict of
#    what depends on them alone (points, anchors, home points closed, longest prime);
#    the side not moving is worked out once per turn (and per set of blots hit);
#  - the shots: ``_features``' walk of every roll on bit masks, with the 21 rolls side
#    by side in one Python int (32 bits per roll, ``_reach``), kept per (hitters, the
#    made points they pass); each blot then reads the rolls that reach it with one shift;
#  - sums of whole numbers and halves are exact in any order; the one float sum that
#    is not (trapped checkers, thirds) is added in numpy's order (``_sum18``);
#  - the logistic's steps are the same float operations as ``_race_probability``'s, and
#    np.exp is still one numpy call over all the plays (numpy's exp, not math.exp).
_TMADE = bytes(int(c >= 2) for c in range(256))          # count -> made point
_TBLOT = bytes(int(c == 1) for c in range(256))          # count -> blot
_TOCC = bytes(int(c > 0) for c in range(256))            # count -> occupied
_TSTACK = bytes(max(c - 3, 0) for c in range(256))       # count -> checkers beyond three
_TDIGIT = bytes(48 + (c > 0) for c in range(256))        # count -> b"0" / b"1"
_R26 = range(26)
_PV = [float(v) for v in POINT_VALUE[:25]]
_AV = [float(v) for v in ANCHOR_VALUE[:25]]
_PB = [float(v) for v in PRIME_BONUS]
_FULL25 = (1 << 25) - 1
# _TRAP_TERMS[c][b]: c checkers with b blocks in front, as _features: blocks**2 / 3 * c
_TRAP_TERMS = [tuple(b * b / 3.0 * c for b in range(7)) for c in range(16)]
# the 21 rolls side by side: roll r owns bits 32r .. 32r+31 (reaches stay below bit 31)
_LANE0 = sum(1 << 32 * r for r in range(len(DISTINCT_ROLLS)))      # bit 0 of every roll
_DBL0 = sum(1 << 32 * r for r, ((a, b), _) in enumerate(DISTINCT_ROLLS) if a == b)
_DIRECT_A = sum(1 << (a + 32 * r) for r, ((a, b), _) in enumerate(DISTINCT_ROLLS))
_DIRECT_B = sum(1 << (b + 32 * r) for r, ((a, b), _) in enumerate(DISTINCT_ROLLS))
# _SECOND[d]: a checker that moved d (and landed on an open point) moves on by the
# roll's other die (by d again for the double): one term per roll, so a product
_SECOND = [0] * 7
_DLANE = [0] * 7                                          # where the double d-d sits
for _r, ((_a, _b), _) in enumerate(DISTINCT_ROLLS):
    _SECOND[_a] |= 1 << (_b + 32 * _r)
    if _a != _b:
        _SECOND[_b] |= 1 << (_a + 32 * _r)
    else:
        _DLANE[_a] = 32 * _r
_DIE_STEPS = tuple((d, _SECOND[d], _DLANE[d]) for d in range(1, 7))
_PASS_SHIFTS = sorted({k * d for d in range(1, 7) for k in (1, 2, 3)})   # one, two, three moves
# dict sizes (each is cleared when full): the terms of made points, stacks and shots come
# back across games; the other side's terms and the trap sums hold for a turn or a few
_CACHE_MAX = 50_000
_OPP_MAX = 256
_TRAP_MAX = 1024            # entries of _TRAP, each with up to _TRAP_MAX sums
_LISTS_WEIGHTS = _weights() if float(HIT_TEMPO).is_integer() and THEIR_BLOTS == 0.0 else None
_THEIR_BAR_W = [BAR_PENALTY + 2.0 * h for h in range(7)]   # their bar, per my home points closed
_MADE: dict = {}            # made points (bytes of 0/1 for points 1..24) -> their terms
_OPP: dict = {}             # the side not moving (26 counts) -> its terms (``_opp_terms``)
_TRAP: dict = {}            # its made points (my numbering) -> ``_trap_weights``
_REACH: dict = {}           # (hitters, my made points) -> ``_reach``
_STACKS: dict = {}          # checkers beyond the third per point (bytes) -> their term


def _keep(cache: dict, key, value, most: int | None = None):
    if len(cache) >= (_CACHE_MAX if most is None else most):
        cache.clear()
    cache[key] = value
    return value


def _bits(key: bytes) -> int:
    """bytes of 0/1 for points 1..24 -> a mask, bit p = point p (binary digits)."""
    return int(key[::-1].translate(_TDIGIT), 2) << 1


def _made_terms(key: bytes) -> tuple:
    """(mask, points, anchors, home points closed, prime bonus of the longest run, its
    behind limit) of made points given as bytes of 0/1 for points 1..24, as
    ``_features`` counts them (the bonus counts while the limit's point or a lower
    one holds an opposing checker)."""
    made = _bits(key)
    # the longest run: x &= x << 1 keeps the ends of runs one longer each time; the
    # lowest end left last is the end of the first longest run, and the point before
    # its start the limit of "behind" (sums of halves: exact in any order)
    x, best, ends = made, 0, 0
    while x:
        ends = x
        x &= x << 1
        best += 1
    lim = (ends & -ends).bit_length() - 1 - best if best else 0
    return _keep(_MADE, key, (made, sum(compress(_PV[1:], key), 0.0),
                              sum(compress(_AV[1:], key), 0.0), key[:6].count(1),
                              _PB[min(best, 12)], lim))


def _trap_weights(made: int) -> tuple:
    """For the opponent's made points ``made`` (my numbering): ((index, point, blocks**2
    / 3) for my points 7..24 with blocks among the six in front), a getter of my counts
    there, and a dict of trapped-checker terms per those counts."""
    rel = []
    for p in range(7, 25):
        b = (made >> (p - 6) & 63).bit_count()
        if b:
            rel.append((p - 7, p, b * b / 3.0))
    # (my counts on exactly those points key the dict of their terms)
    counts = itemgetter(*[p for _, p, _ in rel]) if rel else None
    return _keep(_TRAP, made, (rel, counts, {}), _TRAP_MAX)


def _opp_terms(t: tuple) -> tuple:
    """The terms of the side not moving (``t``: its 26 counts, its own numbering): the
    lowest point it occupies in the mover's numbering (0..24, 0 = its bar; 99: none),
    its hitters (mask of those points), its points closed in the mover's home, the
    mover's trap weights (``_trap_weights``), its own structure (points, anchors,
    prime bonus, behind limit, stacks), pips, its checkers outside its home ((index,
    point in the mover's numbering, count)), hitters' direct reach of every roll, and
    a dict of trapped-checker terms per the mover's made points."""
    tb = bytes(t)
    rev = tb[::-1]                            # rev[q]: its checkers on my point q
    occ = _bits(rev[1:25].translate(_TOCC)) | (1 if rev[0] else 0)
    lo = (occ & -occ).bit_length() - 1 if occ else 99
    hitters = 1 if occ & 1 else occ           # a checker on the bar must enter first
    key = tb[1:25].translate(_TMADE)
    _, points, anchors, _, bonus, lim = _MADE.get(key) or _made_terms(key)
    made = _bits(key[::-1])                   # its made points in my numbering
    closed = (made >> 19 & 63).bit_count()
    trap = _TRAP.get(made) or _trap_weights(made)
    stacks = sum(tb[1:25].translate(_TSTACK)) * STACK_PENALTY
    pips = sum(map(int.__mul__, t, _R26))
    # its checkers on its points 7..24 pay blocks**2 / 3 each for my made points among
    # the six in front (my points 26-p .. 31-p): (index, shift, term per blocks)
    outside = [(p - 7, 26 - p, _TRAP_TERMS[t[p]]) for p in range(7, 25) if t[p]]
    seen = 0
    for _, shift, _ in outside:
        seen |= 63 << shift
    direct = (hitters * _DIRECT_A) | (hitters * _DIRECT_B)
    # the points a hitter passes on its way (after one, two or three moves of a die):
    # the only made points of mine the reach depends on
    passes = 0
    for k in _PASS_SHIFTS:
        passes |= hitters << k
    return _keep(_OPP, t, (lo, hitters, closed, trap, points, anchors, bonus, lim, stacks,
                           pips, outside, seen, direct, passes & _FULL25, {}), _OPP_MAX)


def _reach(hitters: int, direct: int, made: int) -> int:
    """Every roll's reach (the points of 0..24 a hitter lands on, BG-05: moving on
    only from open points) side by side, 32 bits per roll: ``_features``' walk."""
    om = _FULL25 & ~made
    reach = direct
    for d, second, lane in _DIE_STEPS:
        y = (hitters << d) & om               # moved d, landed on an open point
        if y:
            reach |= y * second
            z = (y << d) & om                 # the double d-d: a third and fourth move
            if z:
                z <<= d
                reach |= (z | ((z & om) << d)) << lane
    if len(_REACH) >= _CACHE_MAX:
        _REACH.clear()
    _REACH[hitters << 25 | made] = reach
    return reach


def _sum18(terms: list) -> float:
    """The sum of 18 values that are zero but for ``terms`` ((index, value), indices
    rising), added in numpy's order for a row of 18 (``.sum(1)``: eight running sums,
    paired, then the last two): thirds are not exact in every order."""
    if len(terms) < 3:              # (zeros change nothing: any order of one or two)
        return 0.0 if not terms else terms[0][1] if len(terms) == 1 else terms[0][1] + terms[1][1]
    a = [0.0] * 18
    for i, v in terms:
        a[i] = v
    r = [a[j] + a[j + 8] for j in range(8)]
    return ((((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))) + a[16]) + a[17]


def _race_plays(plays: list[Play], b0: bytes, pips0: int, t: tuple) -> list[float]:
    """``_one_ply_lists`` when the position before the plays is a race (no hits, no
    contact after any play): the race branch of ``_evaluate`` for every play."""
    pt = sum(map(int.__mul__, t, _R26))
    out_t, home_t = sum(t[7:26]), t[1:7]
    edge, sqrt = ROLL_EDGE, math.sqrt
    n = len(plays)
    u = [0.0] * n
    exact = []
    for i, play in enumerate(plays):
        m = bytearray(b0)
        pm = pips0
        for src, dst, _, _ in play._raw:
            m[src] -= 1
            m[dst] += 1
            pm -= src - dst
        if m[0] == 15:
            exact.append((i, 1.0))
        elif t[0] == 15:
            exact.append((i, 0.0))
        else:
            out_m = sum(m[7:26])
            if not out_m and not out_t:
                exact.append((i, 1.0 - _bearoff_race(home_t, tuple(m[1:7]))))
            else:                       # the pip race, _race_probability's defaults
                s = pm + (0.5 * (15 - m[0]) + 2.0 * out_m / 15)
                tv = pt + (0.5 * (15 - t[0]) + 2.0 * out_t / 15)
                v = s + tv
                u[i] = -1.702 * ((tv - s - edge) / (1.5 * sqrt(v if v > 16.0 else 16.0)))
    values = [1.0 / (1.0 + x) for x in np.exp(np.array(u)).tolist()] if len(exact) < n \
        else [0.0] * n
    for i, v in exact:
        values[i] = v
    return values


def _one_ply_lists(plays: list[Play], base: tuple) -> list[float]:
    """``_evaluate`` of the positions after ``plays`` (all from ``base``), bit for bit,
    as a list."""
    s: float                        # a count of rolls, then the mover's race sum
    m0, t0 = base
    pips0 = sum(map(int.__mul__, m0, _R26))
    b0 = bytes(m0)                  # (a bytearray copy per play: the cheapest to bytes)
    top = len(bytes(t0).rstrip(b"\0")) - 1          # its highest point: my 25 - top
    if len(b0.rstrip(b"\0")) - 1 <= (25 - top if top else 99):
        return _race_plays(plays, b0, pips0, t0)      # no contact now: none after a play
    opp0 = _OPP.get(t0) or _opp_terms(t0)
    n = len(plays)
    u = [0.0] * n                   # the exponents of _race_probability's logistic
    races = []
    made_get, reach_get, stack_get = _MADE.get, _REACH.get, _STACKS.get
    tempo, trap_w, bar_w, stack_w = HIT_TEMPO, TRAP_PENALTY, BAR_PENALTY, STACK_PENALTY
    edge, spread, sqrt = ROLL_EDGE, CONTACT_SPREAD, math.sqrt
    their_bar_w = _THEIR_BAR_W
    lane0, dbl0 = _LANE0, _DBL0
    tmade, tblot, tstack = _TMADE, _TBLOT, _TSTACK
    cur = None
    for i, play in enumerate(plays):
        m = bytearray(b0)
        pips = pips0
        t = t0
        for src, dst, hit, _ in play._raw:
            m[src] -= 1
            m[dst] += 1
            pips -= src - dst
            if hit:
                if t is t0:
                    t = list(t0)
                t[25 - dst] -= 1
                t[25] += 1
        if t is t0:
            opp = opp0
        else:
            t = tuple(t)
            opp = _OPP.get(t) or _opp_terms(t)
        if opp is not cur:                               # the other side's terms
            cur = opp
            (lo, hitters, closed, trapw, opoints, oanchors, obonus, olim, ostacks, opips,
             outside, oseen, direct, opasses, otrap) = opp
            rel, rel_counts, tcache = trapw
            hkey = hitters << 25
            my_bar_w = bar_w + 2.0 * closed
            orun = 25 - olim
            # (points + prime + anchors, in _evaluate's order, with and without its prime)
            ohead_on = opoints + obonus + oanchors
            ohead_off = opoints + 0.0 + oanchors
        bm = bytes(m)
        my_hi = len(bm.rstrip(b"\0")) - 1
        if my_hi <= lo:                                  # no contact: a race
            races.append((i, m, t, pips, opips))
            continue
        mid = bm[1:25]
        key = mid.translate(tmade)
        made, points, anchors, home, bonus, lim = made_get(key) or _made_terms(key)
        # the mover: pips, the worst blot each roll hits, its bar, its structure
        hl = 0.0
        blots = mid.translate(tblot)
        j = blots.find(1, lo)                          # (blots above its lowest checker)
        if j >= 0:
            rmade = made & opasses
            reach = reach_get(hkey | rmade) or _reach(hitters, direct, rmade)
            k = s = cov = 0
            while j >= 0:
                new = (reach >> (j + 1)) & (lane0 ^ cov)   # rolls whose lowest hit is here
                if new:
                    w = 2 * new.bit_count() - (new & dbl0).bit_count()
                    k += (24 - j) * w
                    s += w
                    cov |= new
                j = blots.find(1, j + 1)
            if s:
                hl = (k + (tempo + closed) * s) / 36
        if rel:
            tk = rel_counts(m)
            trap = tcache.get(tk)
            if trap is None:
                if len(tcache) >= _TRAP_MAX:
                    tcache.clear()
                trap = tcache[tk] = _sum18([(j, w * m[p]) for j, p, w in rel if m[p]]) * trap_w
        else:
            trap = 0.0
        sk = mid.translate(tstack)
        stacks = stack_get(sk)
        if stacks is None:
            stacks = _keep(_STACKS, sk, sum(sk) * stack_w)
        struct = points + (bonus if lo <= lim else 0.0) + anchors - trap - stacks
        s = pips + hl + m[25] * my_bar_w - struct
        # the other side: its structure (its prime counts while the mover is behind it;
        # its back checkers are trapped by the mover's points)
        okey = made & oseen                              # (the made points it reads)
        otr = otrap.get(okey)
        if otr is None:
            otr = otrap[okey] = _sum18([(j, row[b]) for j, shift, row in outside
                                        if (b := (made >> shift & 63).bit_count())]) * trap_w
        ostruct = (ohead_on if my_hi >= orun else ohead_off) - otr - ostacks
        tv = opips + t[25] * their_bar_w[home] - ostruct + 0.0
        # _race_probability's arithmetic, step by step (the same floats): np.exp below
        v = s + tv
        u[i] = -1.702 * ((tv - s - edge) / (spread * sqrt(v if v > 16.0 else 16.0)))
    exact = []
    for i, m, t, pm, pt in races:
        if m[0] == 15:
            exact.append((i, 1.0))
        elif t[0] == 15:
            exact.append((i, 0.0))
        else:
            out_m, out_t = sum(m[7:26]), sum(t[7:26])
            if not out_m and not out_t:
                exact.append((i, 1.0 - _bearoff_race(tuple(t[1:7]), tuple(m[1:7]))))
            else:                       # the pip race, _race_probability's defaults
                s = pm + (0.5 * (15 - m[0]) + 2.0 * out_m / 15)
                tv = pt + (0.5 * (15 - t[0]) + 2.0 * out_t / 15)
                u[i] = -1.702 * ((tv - s - edge) / (1.5 * sqrt(max(s + tv, 16.0))))
    values = [1.0 / (1.0 + x) for x in np.exp(np.array(u)).tolist()]
    for i, v in exact:
        values[i] = v
    return values
