"""Backgammon computer players, from random to a 2-ply lookahead, and the hint.

A bot is ``bot(game, rng) -> move``: a play, or a ``CubeAction`` when the game asks
for a cube decision (BG-12). ``bot(level)`` gives the player of a level of ``LEVELS``
(English name or the Japanese label the widget shows), weakest first:

random   any legal play; never doubles, always takes.
easy     0-ply rules of thumb (the six strategy tips): make points, keep blots few,
         hit far-advanced checkers, run the back checkers. No cube skill.
normal   1-ply: every play's resulting position is scored by ``evaluate`` (below);
         doubles / takes from that winning-chance estimate.
strong   1-ply with a better evaluator: in contact positions Tesauro's pubeval score
         plus ``evaluate``'s winning chances (as a logit, weight HYBRID_WEIGHT); in
         races ``evaluate`` alone (bear-off table). Measured: it beats normal and
         pubeval (benchmarks/backgammon_vs_pubeval.py). Cube as normal.
lookahead  strong with a 2-ply lookahead: strong's 1-ply keeps its best few plays;
         for each, every one of the opponent's 21 rolls is answered with the reply
         strong would play, and our chances after it (``evaluate``) are averaged;
         strong's score is then recomputed with these 2-ply chances. Races: strong.
         Measured (no cube, seats swapped): 55.6% [50.9, 60.1] of 450 games against
         strong (seeds 1-3) and 61.0% [56.1, 65.7] of 400 against pubeval (seeds
         1-2); at most a few tenths of a second per move.
pubeval  Tesauro's public evaluation function (``pubeval.py``), the classic benchmark
         (``bot("pubeval")``; a reference for benchmarks, not a widget level).

strong and lookahead open from a small book (``OPENING_BOOK``): the evaluators alone
play some first rolls the way no strong player does (1-ply ``normal`` plays 5-1 as 8/2
and 6-3 as 13/4; even ``lookahead`` plays 2-1 as 24/21 and 5-4 as 24/15), so the
15 non-double opening rolls are read from the table of plays that computer rollouts
found best (sources at ``OPENING_BOOK``). The strength figures above were measured
before the book; it changes only the first play of a game.

The hint (``hint(game)``) plays ``HINT_LEVEL`` and ``explain(game, move)`` says why in
plain words.

``evaluate(mine, theirs)`` is a hand-tuned evaluator that works in *pips*: every
feature (blots and the rolls that hit them, points made, primes, anchors, checkers
on the bar, trapped back checkers) is turned into an equivalent number of pips and
added to each side's pip count; the adjusted race is then turned into the chance of
winning. With no contact left it uses the bear-off database (``bearoff.py``) when
both sides are home. It is vectorised with numpy over all the candidate plays.

Speed: the numpy evaluator (``_evaluate``: both sides in one batch of about a
hundred numpy calls, whole-number features as matrix products and bit masks) serves
``evaluate``, the hint and the strong levels. The normal level scores a turn's plays on
Python ints and floats instead (``_best_play``, ``_one_ply_lists``): made points, blots
and stacks as ``bytes.translate`` patterns keying dicts of their terms, the shots of all
21 rolls side by side in one Python int per (hitters, made points they pass), the
opponent's terms once per turn, one np.exp per turn. Both give the same values bit for
bit (tests/test_backgammon_ai_fast.py: every turn of seeded games and set-up positions,
and a digest of seeded games pinned to an earlier engine); bear-off race chances come
from cached table rows. The figures are in docs/benchmarks.md.
"""
from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from itertools import compress
from operator import itemgetter
from typing import Any

import numpy as np

from .._core import BoardkitError, check_level
from . import bearoff
from .game import BackgammonGame, CubeAction, Play, plays_for
from .movegen import position_arrays
from .notation import _short
from .probability import DISTINCT_ROLLS

__all__ = ["LEVELS", "HINT_LEVEL", "bot", "hint", "explain", "OPENING_BOOK", "book_play",
           "TIPS", "TipBot", "tip_bots", "lab_tips", "tip_lab", "evaluate", "evaluate_many",
           "win_probability", "features",
           "choose_play", "random_bot", "easy_bot", "normal_bot", "strong_bot",
           "lookahead_bot", "cube_decision"]

#: the computer levels, weakest first: English name -> the label the widget shows
LEVELS: dict[str, str] = {"random": "ランダム", "easy": "やさしい", "normal": "ふつう",
                          "strong": "つよい", "lookahead": "先読み"}

#: The hint's level: the strongest that answers within about half a second
#: (benchmarks/backgammon_hint_timing.py: lookahead takes a few milliseconds a move at
#: the median and well under half a second at worst).
HINT_LEVEL = "lookahead"

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
def _check_game(game) -> None:
    if not isinstance(game, BackgammonGame):
        raise BoardkitError(f"expected a BackgammonGame, got {type(game).__name__}")


def _plays(game: BackgammonGame) -> list[Play]:
    return [m for m in game.legal_moves() if isinstance(m, Play)]


def _weights() -> tuple:
    """The evaluator's weights, as ``_one_ply_lists`` read them (at import)."""
    return (POINT_VALUE.tobytes(), ANCHOR_VALUE.tobytes(), PRIME_BONUS.tobytes(), HIT_TEMPO,
            BAR_PENALTY, TRAP_PENALTY, STACK_PENALTY, ROLL_EDGE, THEIR_BLOTS, CONTACT_SPREAD)


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


HYBRID_WEIGHT = 3.0      # pubeval's score units per logit of our winning chances


def _hybrid_scores(after, race: bool) -> np.ndarray:
    """strong's score of positions ``after`` a play (the higher, the better for the
    side that moved): in contact pubeval's score plus our winning chances (as a
    logit); in races our chances alone (the bear-off table beats pubeval's race
    weights). ``race`` is about the position *before* the play, as in pubeval."""
    from .pubeval import pubeval
    values = evaluate_many(after)
    if race:
        return values
    p = np.clip(values, 1e-6, 1 - 1e-6)
    return pubeval(after, False) + HYBRID_WEIGHT * np.log(p / (1 - p))


def _hybrid(game, plays, values=None):
    from .pubeval import is_race
    return _hybrid_scores([q.after for q in plays], is_race(*game.position()))


def _two_ply(plays: list[Play], reply_by: str = "strong") -> np.ndarray:
    """For each play, our winning chances after the opponent's reply, averaged over
    its 21 rolls (BG-03): the opponent answers each roll with the play strong (or
    normal) would choose, and the position is then scored by ``evaluate_many``."""
    after, owner = [], []
    for i, play in enumerate(plays):
        mine, theirs = play.after
        for k, ((a, b), _) in enumerate(DISTINCT_ROLLS):
            replies = [r.after for r in plays_for(theirs, mine, a, b)]
            after.extend(replies)
            owner.extend([(i, k)] * len(replies))
    values = evaluate_many(after)              # the opponent's chances, each reply
    if reply_by == "strong":
        p = np.clip(values, 1e-6, 1 - 1e-6)
        from .pubeval import pubeval
        choice = pubeval(after, False) + HYBRID_WEIGHT * np.log(p / (1 - p))
    else:
        choice = values
    owner = np.array(owner)
    flat = owner[:, 0] * len(DISTINCT_ROLLS) + owner[:, 1]
    # for each (play, roll), the reply with the highest choice score
    order = np.lexsort((-choice, flat))
    first = np.ones(len(order), bool)
    first[1:] = flat[order][1:] != flat[order][:-1]
    picked = order[first]
    best = np.zeros(len(plays) * len(DISTINCT_ROLLS))
    best[flat[picked]] = values[picked]
    weights = np.array([w for _, w in DISTINCT_ROLLS], dtype=float) / 36
    out = ((1.0 - best.reshape(len(plays), -1)) * weights).sum(1)
    for i, play in enumerate(plays):
        if play.after[0][0] == 15:
            out[i] = 1.0
    return out


LOOKAHEAD_CANDIDATES = 4   # plays kept after the 1-ply pass
LOOKAHEAD_MARGIN = 2.0     # ... and only those within this many score units of the best


#: The 15 non-double opening rolls: the play computer rollouts found best, then the
#: accepted alternatives, and why in plain words. Sources: Tom Keith, "How to Play the
#: Opening Rolls", Backgammon Galore (bkgm.com/openings.html, 2006: rollouts by GNU
#: Backgammon / Snowie), and Kit Woolsey's summary of the rollouts in the Backgammon FAQ
#: (rec.games.backgammon, 1995). tests/test_backgammon_ai.py checks every entry is a
#: legal play of the start position and that the hint plays it.
OPENING_BOOK: dict[tuple[int, int], tuple[tuple[str, ...], str]] = {
    (2, 1): (("13/11 6/5", "24/23 13/11"), "slot the 5-point and bring a builder to the 11"),
    (3, 1): (("8/5 6/5",), "make the 5-point, the best point of all"),
    (3, 2): (("24/21 13/11", "13/11 13/10"), "split the back checkers and bring a builder down"),
    (4, 1): (("24/23 13/9", "13/9 6/5"), "split the back checkers and bring a builder to the 9"),
    (4, 2): (("8/4 6/4",), "make the 4-point"),
    (4, 3): (("24/20 13/10", "13/10 13/9", "24/21 13/9"),
             "split to the 20-point and bring a builder down"),
    (5, 1): (("24/23 13/8", "13/8 6/5"),
             "split the back checkers and bring one down safely to the 8"),
    (5, 2): (("13/11 13/8", "24/22 13/8"), "bring two builders down from the midpoint"),
    (5, 3): (("8/3 6/3",), "make the 3-point"),
    (5, 4): (("24/20 13/8", "13/9 13/8"), "split to the 20-point and bring one down safely to the 8"),
    (6, 1): (("13/7 8/7",), "make the bar point (7), which blocks the back checkers' 6s"),
    (6, 2): (("24/18 13/11", "24/16"),
             "step up to the opponent's bar point and bring a builder down"),
    (6, 3): (("24/18 13/10", "24/15"),
             "step up to the opponent's bar point and bring a builder down"),
    (6, 4): (("8/2 6/2", "24/18 13/9", "24/14"), "make the 2-point: a home point made at once"),
    (6, 5): (("24/13",), "run a back checker all the way to safety (lover's leap)"),
}


def book_play(game: BackgammonGame) -> Play | None:
    """The book's play when the dice are an opening roll (not a double) and both sides
    still stand as set up (BG-02, BG-03), else None."""
    from .game import START
    if game.phase != "move" or game.dice is None:
        return None
    a, b = max(game.dice), min(game.dice)
    mine, theirs = game.position()
    if (a, b) not in OPENING_BOOK or mine != START or theirs != START:
        return None
    text = OPENING_BOOK[(a, b)][0][0]
    for p in game.legal_moves():
        if str(p) == text:
            return p
    return None


def choose_play(game: BackgammonGame, level: str = "normal", rng=None,
                candidates: int = LOOKAHEAD_CANDIDATES) -> Play:
    """The play a level would choose (dice must be rolled)."""
    _check_game(game)
    level = check_level(level, LEVELS, "backgammon level")
    plays = _plays(game)
    if not plays:
        raise BoardkitError("no play to choose: roll the dice first (or answer the cube)")
    if len(plays) == 1:
        return plays[0]
    if level in ("strong", "lookahead"):
        book = book_play(game)
        if book is not None:
            return book
    if level == "random":
        rng = rng if rng is not None else np.random.default_rng()
        return plays[int(rng.integers(len(plays)))]
    if level == "easy":
        scores = np.array([_tip_score(game, p) for p in plays])
        return plays[int(np.argmax(scores))]
    if level == "normal":
        return _best_play(plays)
    from .pubeval import is_race
    scores = _hybrid(game, plays)
    if level == "strong" or is_race(*game.position()):
        # races: strong's 1-ply already reads the bear-off table
        return plays[int(np.argmax(scores))]
    # lookahead: prune with strong's 1-ply, then look at the opponent's 21 rolls
    top = np.argsort(-scores, kind="stable")[:candidates]
    top = [i for i in top if scores[i] >= scores[top[0]] - LOOKAHEAD_MARGIN]
    if len(top) == 1:
        return plays[int(top[0])]
    deep = _two_ply([plays[i] for i in top], "strong")
    # strong's score with the 2-ply chances in place of the 1-ply ones
    from .pubeval import pubeval
    q = np.clip(deep, 1e-6, 1 - 1e-6)
    final = pubeval([plays[i].after for i in top], False) + HYBRID_WEIGHT * np.log(q / (1 - q))
    return plays[int(top[int(np.argmax(final))])]


#: the six strategy tips of docs/rules/backgammon.md, as terms of the easy bot's score
TIPS = {
    "blots": "1. stack checkers two or more: avoid blots that can be hit",
    "key_points": "2. hold the 5-point and the 7-point (bar point)",
    "prime": "3. build consecutive points into a prime",
    "hit": "4. hit where the opponent loses the most ground",
    "pips": "5. count the pips: ahead, a race suits you (play safe); behind, play for contact (be bold)",
    "back": "6. move the two back checkers out early",
}
TIP_WEIGHTS = {"points": 2.0, "home": 1.0, "blots": 2.5, "key_points": 2.0, "prime": 0.4,
               "hit": 1.0, "pips": 1.0, "back": 0.8}


def _tip_score(game: BackgammonGame, play: Play, w: dict = TIP_WEIGHTS, lead_now=None) -> float:
    """0-ply rules of thumb, straight from the strategy tips. ``lead_now``: the pip lead
    before the play decides tip 5's regime (race or hold), as ``TipBot`` plays it; without
    it (the easy level) the lead after each play does, which also counts hits."""
    mine, theirs = play.after
    score = 0.0
    opp_here = [theirs[25 - p] for p in range(25)]          # in my numbering (0 = their bar)
    first_opp = next((p for p in range(25) if opp_here[p]), 99)
    for p in range(1, 25):
        c = mine[p]
        if c >= 2:                                          # made points, home ones more
            score += w["points"] + (w["key_points"] if p in (5, 7) else 0) \
                + (w["home"] if p <= 6 else 0)
        elif c == 1 and p > first_opp:                      # tip 1: a blot that can be hit
            score -= w["blots"]
    run = best = 0
    for p in range(1, 13):                                  # tip 3: primes
        run = run + 1 if mine[p] >= 2 else 0
        best = max(best, run)
    score += w["prime"] * best * best
    for step, hit in zip(play.steps, play.hit_flags):       # tip 4: hit advanced checkers
        if hit:                                             # (my point n is their 25 - n:
            score += w["hit"] * (2.0 + step[1] / 4.0)       #  the further, the more they lose)
    lead = sum(i * theirs[i] for i in range(1, 26)) - sum(i * mine[i] for i in range(1, 26)) \
        if lead_now is None else lead_now
    if lead > 10:                                           # tip 5: ahead, bring them home
        score -= w["pips"] * 0.5 * sum(mine[p] for p in range(13, 26))
    elif lead < -10:                                        # behind: keep anchors back
        score += w["pips"] * 2.0 * sum(mine[p] >= 2 for p in range(19, 25))
    score -= w["back"] * sum(mine[19:26])                   # tip 6: run the back checkers
    score += 0.3 * mine[0]
    return score


#: How ``TipBot`` plays tips 2, 5 and 6 in their sense. The easy level's terms
#: for them (a flat bonus for the 5- and 7-points, a pip-lead threshold, a flat cost per
#: back checker) measured 52.8%, 45.1% and 52.8% over 2,000 games; read as a backgammon
#: player reads them, they are:
#:   key_points  the 5-, bar and 4-points (SENSE_KEY_POINTS) are worth most while they
#:               block something: only with opposing checkers behind them, and more the
#:               more there are (+ SENSE_PER_BEHIND each)
#:   pips        the count says how much risk to take: ahead by more than SENSE_LEAD
#:               pips before the play, a race suits you, so play safe: every blot that can
#:               be hit costs SENSE_SAFE more; behind, you need contact and hits, so be
#:               bold: a blot costs SENSE_BOLD less. Tried first and dropped (600-2,000
#:               games each): "run the back checkers home when ahead" 50-54%, "hold an
#:               anchor when behind" 42-51%; and the controls show the count is what
#:               decides: the same extra care for blots always 46.2%, only when behind
#:               46.5% (1,000 games each).
#:   back        get out EARLY, before the opponent builds a blockade: a back checker
#:               costs more for every opposing point among the six in front of it
#:               (+ SENSE_PER_BLOCK each)
#: Over 2,000 games each (benchmarks/results/tips_backgammon.json): 64.4%, 59.4%, 61.0%.
#: The whole bot gains too: TipBot() against TipBot(style="easy") 58.9% [55.8, 61.9] of
#: 1,000 games (seed 99, seats swapped, no cube).
SENSE_WEIGHTS = {"key_points": 3.0, "pips": 1.0, "back": 0.8}
SENSE_KEY_POINTS = {5: 1.0, 7: 0.8, 4: 0.6}
SENSE_PER_BEHIND = 0.25
SENSE_LEAD, SENSE_SAFE, SENSE_BOLD = 8, 3.0, 1.5
SENSE_PER_BLOCK = 1.5


def _pips(side) -> int:
    return sum(i * side[i] for i in range(1, 26))


def _sense_terms(mine, theirs, lead_before: int, w: dict) -> float:
    """Tips 2, 5 and 6 as ``TipBot`` plays them (see SENSE_WEIGHTS), for the position
    (mine, theirs) after a play; ``lead_before``: my pip lead before the play."""
    opp_here = [theirs[25 - p] for p in range(25)]          # in my numbering (0 = their bar)
    score = 0.0
    # tip 2: the key points, while opposing checkers are behind them
    for p, value in SENSE_KEY_POINTS.items():
        if mine[p] >= 2:
            behind = sum(opp_here[:p])
            if behind:
                score += w["key_points"] * value * (1.0 + SENSE_PER_BEHIND * behind)
    # tip 5: ahead in the race, play safe; behind, be bold (blots as tip 1 counts them)
    if lead_before > SENSE_LEAD or lead_before < -SENSE_LEAD:
        first_opp = next((p for p in range(25) if opp_here[p]), 99)
        blots = sum(1 for p in range(first_opp + 1, 25) if mine[p] == 1)
        score += w["pips"] * blots * (-SENSE_SAFE if lead_before > 0 else SENSE_BOLD)
    # tip 6: back checkers out before the opponent's points in front of them close
    cost = 0.0
    for p in range(19, 26):
        if mine[p]:
            blocks = sum(opp_here[q] >= 2 for q in range(p - 6, p)) if p < 25 else 0
            cost += mine[p] * (1.0 + SENSE_PER_BLOCK * blocks)
    return score - w["back"] * cost


class TipBot:
    """The bot of the strategy tips, or the same bot breaking one tip on purpose
    (``breaks`` in TIPS, or several: those terms of the score count the other way), for
    measuring what each tip is worth. Picklable, so tournaments can use processes.

    It scores each play by the easy level's terms for tips 1, 3 and 4 (blots, primes,
    hits) and made points, and by ``_sense_terms`` for tips 2, 5 and 6 (key points while
    they block, safe when ahead in the race and bold when behind, back checkers out
    before they are blocked).
    ``style="easy"`` plays the easy level's own terms for all six instead (as the first
    measurements did); there ``lead="before"`` decides tip 5's regime by the race before
    the play instead of after it (benchmarks/backgammon_tip5.py measures it)."""

    def __init__(self, breaks: str | Sequence[str] | None = None, lead: str = "after",
                 style: str = "sense"):
        names = (breaks,) if isinstance(breaks, str) or breaks is None else breaks
        if breaks is not None and (isinstance(names, (bytes, dict)) or not isinstance(names, (tuple, list))
                                   or len(names) > len(TIPS)
                                   or not all(isinstance(t, str) and t in TIPS for t in names)):
            raise BoardkitError(f"unknown tip {_short(breaks)}; tips: {list(TIPS)}")
        self.breaks = breaks if breaks is None or isinstance(breaks, str) else tuple(breaks)
        if lead not in ("after", "before"):
            raise BoardkitError(f"lead is 'after' or 'before', got {_short(lead)}")
        if style not in ("sense", "easy"):
            raise BoardkitError(f"style is 'sense' or 'easy', got {_short(style)}")
        self.lead, self.style = lead, style
        self.weights = dict(TIP_WEIGHTS)
        self.sense = dict(SENSE_WEIGHTS)
        if style == "sense":
            for t in SENSE_WEIGHTS:           # these tips are played by _sense_terms
                self.weights[t] = 0.0
        for t in ([] if breaks is None else set(names)):
            self.weights[t] = -self.weights[t]
            if t in self.sense:
                self.sense[t] = -self.sense[t]

    def __call__(self, game, rng):
        if not game.chance_pending():
            moves = game.legal_moves()
            if moves and isinstance(moves[0], CubeAction):
                return CubeAction("take" if "take" in {m.action for m in moves} else "roll")
        plays = game.legal_moves()
        lead = None
        if self.lead == "before" or self.style == "sense":
            # tip 5 reads the race as it stands before the play (the lead after it also
            # counts the pips a hit takes, and so punishes hitting near the threshold)
            mine, theirs = game.position()
            lead = _pips(theirs) - _pips(mine)
        if self.style == "easy":
            scores = [_tip_score(game, p, self.weights, lead) for p in plays]
        else:
            scores = [_tip_score(game, p, self.weights, 0)
                      + _sense_terms(p.after[0], p.after[1], lead, self.sense) for p in plays]
        return plays[int(np.argmax(scores))]

    def __repr__(self) -> str:
        extra = f", lead={self.lead!r}" if self.lead != "after" else ""
        extra += f", style={self.style!r}" if self.style != "sense" else ""
        return f"TipBot(breaks={self.breaks!r}{extra})"


def tip_bots(names, level=None) -> tuple:
    """(the bot following every tip, the same bot breaking ``names``, a new-game factory)
    for one tip or several combined (names of ``TIPS``), as benchmarks/tips.py and the
    tip lab measure them: ``TipBot()`` against ``TipBot(breaks=names)``, no cube.
    (``level`` is accepted for the tip lab; the tip bot has one level.)"""
    from functools import partial

    from .rules import BackgammonRules
    names = (names,) if isinstance(names, str) else tuple(names)
    return TipBot(), TipBot(breaks=names if len(names) > 1 else names[0]), \
        partial(BackgammonGame, rules=BackgammonRules.no_cube())


def _tip_with(name, level=None):
    return tip_bots(name, level)[0]


def _tip_without(name, level=None):
    return tip_bots(name, level)[1]


def lab_tips() -> dict:
    """The tips for ``boardkit.widgets.tiplab.TipLab``: name -> (with_bot(level),
    without_bot(level), new_game()), all picklable (process pools)."""
    from functools import partial
    return {n: (partial(_tip_with, n), partial(_tip_without, n), tip_bots(n)[2]) for n in TIPS}


def tip_lab(**options):
    """The tip lab of notebook 37: the six tips, combinable, with the settled 2,000-game
    values of benchmarks/results/tips_backgammon.json when that file is there.
    ``options`` go to TipLab (games, seed, executor, ...)."""
    import pathlib

    from ..widgets.tiplab import TipLab
    results = (pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "results"
               / "tips_backgammon.json")
    options.setdefault("results", results)
    return TipLab(lab_tips(), levels=None, combine=tip_bots, **options)


# ----------------------------------------------------------------- the cube
DOUBLE_AT = 0.68       # double when the chance to win is at least this ...
TOO_GOOD = 0.93        # ... unless it is so high that playing on is better
TAKE_AT = 0.24         # take when the taker still wins at least this often


def cube_decision(game: BackgammonGame) -> CubeAction:
    """double/roll at the start of a turn, take/pass when doubled (BG-12)."""
    legal = [m for m in game.legal_moves() if isinstance(m, CubeAction)]
    names = {m.action for m in legal}
    if "take" in names:
        # the doubler (roller) is on roll; the taker wins 1 - p
        p_roller = win_probability(game)
        return CubeAction("take" if 1 - p_roller >= TAKE_AT else "pass")
    if "double" in names:
        p = win_probability(game)
        return CubeAction("double" if DOUBLE_AT <= p < TOO_GOOD else "roll")
    return CubeAction("roll")


# ----------------------------------------------------------------- bots
def _act(game, rng, level: str):
    if not game.chance_pending():
        moves = game.legal_moves()
        if moves and isinstance(moves[0], CubeAction):
            if level in ("normal", "strong", "lookahead"):
                return cube_decision(game)
            return CubeAction("take" if "take" in {m.action for m in moves} else "roll")
        if level == "normal" and len(moves) > 1:
            # choose_play's normal level on the moves at hand (bot matches: every turn)
            plays = [m for m in moves if isinstance(m, Play)]
            if len(plays) > 1:
                return _best_play(plays)
    return choose_play(game, level, rng)


def random_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """Any legal play at random; rolls without doubling and takes every double."""
    return _act(game, rng, "random")


def easy_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """Rules of thumb only (0-ply), no doubling."""
    return _act(game, rng, "easy")


def normal_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """1-ply over all plays with the pip-based evaluator; doubles and takes."""
    return _act(game, rng, "normal")


def strong_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """1-ply with pubeval's score plus the evaluator's chances; doubles and takes."""
    return _act(game, rng, "strong")


def lookahead_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """strong + a 2-ply lookahead over the opponent's 21 rolls for its best few plays."""
    return _act(game, rng, "lookahead")


def _pubeval_bot(game, rng):
    from .pubeval import pubeval_bot
    return pubeval_bot(game, rng)


_BOTS = {"random": random_bot, "easy": easy_bot, "normal": normal_bot, "strong": strong_bot,
         "lookahead": lookahead_bot}


def bot(level: str) -> Callable[[BackgammonGame, Any], Play | CubeAction]:
    """The computer player of a level: ``bot("strong")(game, rng) -> move``. ``level`` is
    an English name or Japanese label of ``LEVELS``, or "pubeval" (Tesauro's benchmark
    player, for measurements). BoardkitError for anything else."""
    if level == "pubeval":
        return _pubeval_bot
    return _BOTS[check_level(level, LEVELS, "backgammon level")]


# ----------------------------------------------------------------- hint
def _describe(play: Play, f: dict, i: int, base: dict) -> str:
    parts = []
    pm, pt = int(f["pips_me"][i]), int(f["pips_them"][i])
    lead = pt - pm
    standing = (f"you lead by {lead}" if lead > 0 else f"you trail by {-lead}" if lead < 0
                else "even")
    parts.append(f"pips {pm} to {pt} ({standing})")
    if play.hits:
        parts.append(f"hits {play.hits} blot{'s' if play.hits > 1 else ''}")
    if f["contact"][i]:
        sh = int(round(f["shots"][i]))
        parts.append("leaves no shot" if sh == 0 else f"leaves {sh} of 36 rolls that hit a blot")
        made = [p for p in range(1, 25) if play.after[0][p] >= 2]
        new = [p for p in made if base["mine"][p] < 2]
        if new:
            parts.append("makes the " + ", ".join(f"{p}-point" for p in new))
        if f["prime_length"][i] >= 3:
            parts.append(f"holds {int(f['prime_length'][i])} points in a row (a prime)")
        if f["home_closed"][i]:
            n = int(f["home_closed"][i])
            parts.append(f"{n} home point{'s' if n > 1 else ''} closed")
    else:
        parts.append("a pure race: no contact left")
    return "; ".join(parts)


def hint(game: BackgammonGame, level: str | None = None) -> Play | CubeAction:
    """The move ``level`` (default ``HINT_LEVEL``) would make now: a play once the dice
    are rolled, else a cube action (roll/double, take/pass, BG-12). ``explain`` says why."""
    _check_game(game)
    name = HINT_LEVEL if level is None else check_level(level, LEVELS, "backgammon level")
    if game.is_over():
        raise BoardkitError("the game is over: there is nothing to hint")
    if game.chance_pending():
        raise BoardkitError("roll the dice first: a hint needs the roll (BG-03)")
    moves = game.legal_moves()
    if isinstance(moves[0], CubeAction):
        return cube_decision(game)
    return choose_play(game, name)


def explain(game: BackgammonGame, move) -> str:
    """Why ``move`` is good, in plain words: the book's reason for an opening roll; for
    a play its pips, blots and the rolls that hit them, points and primes, and the
    estimated winning chance; for a cube action the winning chance it rests on."""
    _check_game(game)
    if isinstance(move, CubeAction):
        p = win_probability(game)
        if move.action in ("take", "pass"):
            return (f"you win about {1 - p:.0%} of the time if you take "
                    f"(take when at least {TAKE_AT:.0%}, BG-12)")
        return (f"you win about {p:.0%} of the time (double from {DOUBLE_AT:.0%} up to "
                f"{TOO_GOOD:.0%}, BG-12)")
    if not isinstance(move, Play):
        raise BoardkitError(f"explain() takes a Play or a CubeAction, got {type(move).__name__}")
    book = book_play(game)
    if book is not None and move == book:
        a, b = max(game.dice), min(game.dice)
        plays, why = OPENING_BOOK[(a, b)]
        also = f" (also good: {', '.join(plays[1:])})" if len(plays) > 1 else ""
        return (f"the standard opening play for {a}-{b}: {why}{also}. Computer rollouts "
                "found it best")
    mine, _ = game.position()
    f = features([move.after])
    reason = _describe(move, f, 0, {"mine": mine})
    return f"{reason}; wins about {evaluate(*move.after):.0%}"
