"""The evaluation of backgammon positions: the terms, their weights, the race.

``evaluate(mine, theirs)`` is the chance that the side on roll wins, from the
features (``features``) and the weights above them; a teacher tunes it here. A changed
weight is read at once: the fast path (``_fast``) checks them and steps aside.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from ..._input import check_instance as _check_instance  # (not a public name here)
from .. import bearoff
from ..game import BackgammonGame
from ..movegen import position_arrays
from ..probability import DISTINCT_ROLLS

# ----------------------------------------------------------------- weights
# Pip equivalents (hand-tuned against the weaker levels; see benchmarks/).
POINT_VALUE = np.array([0, 1.0, 1.5, 2.5, 3.5, 5.0, 4.0, 4.0, 1.5, 1.0, 0.5, 0.5, 0.5,
                        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])   # my made points 1..12
PRIME_BONUS = np.array([0, 0, 0, 2.0, 5.0, 9.0, 14.0, 14.0, 14.0, 14.0, 14.0, 14.0, 14.0])
ANCHOR_VALUE = np.array([0] * 19 + [1.5, 2.5, 3.5, 3.0, 2.0, 1.5, 0], dtype=float)
HIT_TEMPO = 4.0          # pips lost on top of the distance sent back, when hit
BAR_PENALTY = 3.0        # a checker on the bar, plus 2 per closed point in front of it
TRAP_PENALTY = 1.2       # per back checker, per blocking point in the 6 in front of it
STACK_PENALTY = 0.6      # per checker beyond the third on a point
ROLL_EDGE = 4.0          # being on roll is worth about half a roll
THEIR_BLOTS = 0.0        # share of their blots' exposure counted (they move first)
CONTACT_SPREAD = 3.0     # hits and primes make a contact game much less predictable


def _shift(a: np.ndarray, k: int) -> np.ndarray:
    """a shifted k columns to the right (towards higher point numbers), zero-filled."""
    out = np.zeros_like(a)
    out[:, k:] = a[:, :a.shape[1] - k]
    return out


def _as_arrays(positions) -> tuple[np.ndarray, np.ndarray]:
    if isinstance(positions, (list, tuple)) and len(positions) == 0:
        empty = np.zeros((0, 26), dtype=np.int64)
        return empty, empty
    arr = position_arrays(positions)
    return arr[:, 0], arr[:, 1]


_POW2 = np.array([1 << p for p in range(25)], dtype=np.int64)
_PIPS = np.arange(26, dtype=np.int64)                   # pips per checker on 0..25
_BAND = np.array([[1.0 if 1 <= p - q <= 6 else 0.0 for p in range(7, 25)] for q in range(25)])
_SA = np.array([a for (a, b), _ in DISTINCT_ROLLS], dtype=np.int64)
_SB = np.array([b for (a, b), _ in DISTINCT_ROLLS], dtype=np.int64)
_DBL = np.array([-1 if a == b else 0 for (a, b), _ in DISTINCT_ROLLS], dtype=np.int64)
_ROLL_W = np.array([w for _, w in DISTINCT_ROLLS], dtype=float)


def features(positions) -> dict[str, np.ndarray]:
    """The evaluator's features for positions (mine, theirs) seen by the side that
    has just moved (the other side is on roll). Each entry is one value per position,
    in pips unless said otherwise."""
    mine, theirs = _as_arrays(positions)
    return _features(mine, theirs)


def _features(mine: np.ndarray, theirs: np.ndarray) -> dict[str, np.ndarray]:
    """``features`` of checked (n, 26) int64 arrays."""
    # the opponent in my numbering: their point q is my point 25 - q; their bar is 0
    # (a reversed view; only its columns 0..24 are read)
    opp = theirs[:, ::-1]
    pips_me = mine @ _PIPS                     # (whole numbers: fewer numpy calls,
    pips_them = theirs @ _PIPS                 #  the same values)

    made = mine[:, :25] >= 2                       # my points 0..24 (0 unused)
    made[:, 0] = False
    blot = mine[:, :25] == 1
    blot[:, 0] = False
    opp_made = opp[:, :25] >= 2
    opp_made[:, 0] = False

    # contact: some opposing checker still has to pass one of mine. On bit masks of
    # the occupied points (bit p = point p): my highest point 1..25 (0: none left) and
    # their lowest 0..24 (99: none), the highest bit read from frexp's exponent.
    occ = (opp[:, :25] > 0) @ _POW2                               # theirs, 0..24
    my_hi = np.frexp((mine[:, 1:26] > 0) @ _POW2)[1]              # mine: bit p-1 = point p
    opp_lo = np.where(occ > 0, np.frexp(occ & -occ)[1] - 1, 99)
    contact = my_hi > opp_lo

    # ---- shots: for every roll, the worst blot it hits (their checkers move upwards
    # in my numbering; they land anywhere but on my made points, BG-05)
    # every roll at once, on bit masks (bit p = point p of 0..24): a hitter moves up by
    # a die, through open points only when it moves again (tables _SA/_SB/_DBL, built
    # once); a checker on their bar (bit 0) must enter first: then it is the only hitter
    hm = np.where(occ & 1, 1, occ)                                # (n,) int64
    om = (~made) @ _POW2
    bm = blot @ _POW2
    H, O = hm[:, None], om[:, None]
    x1 = H << _SA
    x2 = H << _SB
    x3 = (x1 & O) << _SB
    reach = x1 | x2 | x3 | ((x2 & O) << _SA)
    x5 = (x3 & O) << _SA                                          # doubles: 3 and 4 moves
    reach |= (x5 | ((x5 & O) << _SA)) & _DBL
    hit = reach & bm[:, None]                                     # (n, 21)
    anyhit = hit != 0
    opp_home_closed = opp_made[:, 19:25].sum(1)
    # the worst blot a roll hits is the lowest point it hits (it has the furthest to go)
    low = np.log2(np.where(anyhit, hit & -hit, 1)).astype(np.int64)
    loss = np.where(anyhit, (25 - low) + HIT_TEMPO + 1.0 * opp_home_closed[:, None], 0.0)
    # (sums of whole numbers times 1 or 2: exact in any order, as the old roll loop)
    exp_loss = loss @ _ROLL_W / 36
    shots = anyhit @ _ROLL_W
    shots = np.where(contact, shots, 0)
    exp_loss = np.where(contact, exp_loss, 0)

    # ---- structure
    points = made @ POINT_VALUE[:25]                        # (halves: exact in any order)
    # longest run of my made points (a prime), and whether anyone is behind it
    idx = np.arange(25)
    last_gap = np.maximum.accumulate(np.where(made, 0, idx[None, :]), axis=1)
    run = np.where(made, idx[None, :] - last_gap, 0)             # run of made points ending at p
    best = run.max(1)
    end = run.argmax(1)                                          # the first longest run
    start = np.where(best > 0, end - best + 1, 0)
    behind = (occ & ((2 << np.maximum(start - 1, 0)) - 1)) != 0    # theirs on 0..start-1
    prime = np.where(behind, PRIME_BONUS[np.minimum(best, 12)], 0.0)
    anchors = made @ ANCHOR_VALUE[:25]
    home_closed = made[:, 1:7].sum(1)
    # my checkers still behind their blockade: each pays for the blocks ahead of it
    # (blocks_ahead[p] counts opposing made points among p-6..p-1, for p = 7..24: one
    # product with a band of ones, whole numbers). One block is a nuisance, four or
    # more in front of a checker are a real trap: hence the square.
    blocks_ahead = opp_made @ _BAND
    trap = (blocks_ahead ** 2 / 3.0 * mine[:, 7:25]).sum(1)
    back = np.where(contact, trap, 0) * TRAP_PENALTY
    my_bar = mine[:, 25] * (BAR_PENALTY + 2.0 * opp_home_closed)
    their_bar = theirs[:, 25] * (BAR_PENALTY + 2.0 * home_closed)
    stacks = (np.maximum(mine[:, 1:25] - 3, 0)).sum(1) * STACK_PENALTY
    return {"pips_me": pips_me, "pips_them": pips_them, "contact": contact,
            "shots": shots, "hit_loss": exp_loss, "points": points, "prime": prime,
            "prime_length": best, "anchors": anchors, "trapped": back, "my_bar": my_bar,
            "their_bar": their_bar, "stacks": stacks, "home_closed": home_closed,
            "off_me": mine[:, 0], "off_them": theirs[:, 0]}


def _race_probability(s: np.ndarray, t: np.ndarray, edge: float = ROLL_EDGE,
                      spread: float = 1.5) -> np.ndarray:
    """Chance that the side needing ``s`` pips beats the side needing ``t`` pips that
    is on roll: the difference of two race lengths is about normal, with a standard
    deviation of about 1.5 * sqrt(s + t) pips (one roll: 49/6 pips, sd 4.3). With
    contact the game is far less certain than a race: ``spread`` is larger there."""
    sd = spread * np.sqrt(np.maximum(s + t, 16))
    z = (t - s - edge) / sd
    return 1.0 / (1.0 + np.exp(-1.702 * z))          # the logistic form of the normal


def _structure(f: dict) -> np.ndarray:
    """Pips a side's structure is worth (points, prime, anchors minus trapped and
    stacked checkers)."""
    return f["points"] + f["prime"] + f["anchors"] - f["trapped"] - f["stacks"]


def evaluate_many(positions) -> np.ndarray:
    """Win chances of the side that has just moved, for positions (mine, theirs)."""
    mine, theirs = _as_arrays(positions)
    if len(mine) == 0:
        return np.zeros(0)
    return _evaluate(mine, theirs)


def _after_arrays(plays) -> tuple[np.ndarray, np.ndarray]:
    """(mine, theirs) after each play as (n, 26) int64 arrays, read straight from the
    plays' positions (the generator's own: no checks needed)."""
    from itertools import chain
    base = plays[0]._base
    if base is None or any(p._base is not base for p in plays):
        rows = [p.after[0] + p.after[1] for p in plays]
    else:
        # the generator's plays of one turn: their steps made on copies of the board
        # as one list of 52 (theirs from 26 on: a hit goes to their bar, 51)
        b = list(base[0] + base[1])
        rows = []
        for p in plays:
            r = b[:]
            for src, dst, hit, _ in p._raw:
                r[src] -= 1
                r[dst] += 1
                if hit:
                    r[51 - dst] -= 1
                    r[51] += 1
            rows.append(r)
    arr = np.fromiter(chain.from_iterable(rows), dtype=np.int64, count=52 * len(rows))
    arr = arr.reshape(len(rows), 2, 26)
    return arr[:, 0], arr[:, 1]


@functools.lru_cache(maxsize=1 << 16)
def _bearoff_race(theirs6: tuple, mine6: tuple) -> float:
    """bearoff.race_win_probability(theirs6, mine6), kept: bear-off positions come back
    again and again. The same arithmetic on the table's rows, each side's looked up
    once (``_bearoff_side``) instead of checked and searched for every pair."""
    if not any(mine6):
        return 0.0                  # (as race_win_probability: the side not on roll is off)
    if not any(theirs6):
        return 1.0
    row = _bearoff_side(theirs6)[0]
    at_least = _bearoff_side(mine6)[1]
    return min(max(float((row * at_least).sum()), 0.0), 1.0)


_BEAROFF_SIDES: dict = {}


def _bearoff_side(points6: tuple) -> tuple:
    """(chance of needing exactly n rolls, of needing at least n) for a home board (6
    whole counts), as race_win_probability works them out from the bear-off table."""
    got = _BEAROFF_SIDES.get(points6)
    if got is None:
        t = bearoff.table()
        i = int(np.searchsorted(t._keys, sum(c << 4 * j for j, c in enumerate(points6))))
        row = t.dist[i]
        at_least = 1.0 - np.concatenate(([0.0], np.cumsum(row)[:-1]))   # P(n rolls or more)
        if len(_BEAROFF_SIDES) >= 1 << 16:
            _BEAROFF_SIDES.clear()
        got = _BEAROFF_SIDES[points6] = (row, at_least)
    return got


def _evaluate(mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """``evaluate_many`` of checked (n, 26) int64 arrays, n > 0."""
    n = len(mine)
    # both sides' terms in one batch (the other side's: the same terms, seen from there)
    both = _features(np.concatenate([mine, theirs]), np.concatenate([theirs, mine]))
    struct = _structure(both)
    f = both
    s = (f["pips_me"][:n] + f["hit_loss"][:n] + f["my_bar"][:n] - struct[:n]).astype(float)
    t = (f["pips_them"][:n] + f["their_bar"][:n] - struct[n:]
         + THEIR_BLOTS * f["hit_loss"][n:]).astype(float)
    p = _race_probability(s, t, spread=CONTACT_SPREAD)
    # pure races: the bear-off database when both sides are home, else the pip race
    # with a little wastage for each checker still on the board
    # (worked out on Python lists, the pip races all at once: the same arithmetic,
    # element by element, as one position at a time)
    race = np.flatnonzero(~f["contact"][:n])
    if len(race):
        pm, pt = f["pips_me"][race].tolist(), f["pips_them"][race].tolist()
        sm, st, at = [], [], []
        for j, (m, th) in enumerate(zip(mine[race].tolist(), theirs[race].tolist())):
            i = race[j]
            if m[0] == 15:
                p[i] = 1.0
            elif th[0] == 15:
                p[i] = 0.0
            else:
                out_m, out_t = sum(m[7:26]), sum(th[7:26])
                if not out_m and not out_t:
                    p[i] = 1.0 - _bearoff_race(tuple(th[1:7]), tuple(m[1:7]))
                else:
                    sm.append(pm[j] + (0.5 * (15 - m[0]) + 2.0 * out_m / 15))
                    st.append(pt[j] + (0.5 * (15 - th[0]) + 2.0 * out_t / 15))
                    at.append(i)
        if at:
            p[at] = _race_probability(np.array(sm), np.array(st))
    won = mine[:, 0] == 15
    p[won] = 1.0
    return p


def evaluate(mine: Sequence[int], theirs: Sequence[int]) -> float:
    """Estimated chance that the side owning ``mine`` wins, the other side on roll."""
    return float(evaluate_many([(mine, theirs)])[0])


def win_probability(game: BackgammonGame) -> float:
    """Estimated chance that the player on roll wins (before rolling)."""
    _check_game(game)
    mine, theirs = game.position()
    return 1.0 - evaluate(theirs, mine)


# ----------------------------------------------------------------- choosing plays
def _check_game(game, what: str = "game") -> None:
    """The one check of a bot's, the hint's or the cube's ``game`` argument."""
    _check_instance(game, BackgammonGame, what)


def _weights() -> tuple:
    """The evaluator's weights, as ``_one_ply_lists`` read them (at import)."""
    return (POINT_VALUE.tobytes(), ANCHOR_VALUE.tobytes(), PRIME_BONUS.tobytes(), HIT_TEMPO,
            BAR_PENALTY, TRAP_PENALTY, STACK_PENALTY, ROLL_EDGE, THEIR_BLOTS, CONTACT_SPREAD)
