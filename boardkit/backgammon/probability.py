"""Exact backgammon dice probabilities, as fractions of 36.

Everything here counts the 36 equally likely rolls of two dice (a 3-1 and a 1-3 are
two different rolls; a double such as 4-4 is one roll and moves four times, BG-06),
so every answer is an exact ``fractions.Fraction``:

    >>> shot_probability(6)                 # a blot six pips away: 17 rolls in 36
    Fraction(17, 36)
    >>> enter_probability(2)                # from the bar against two closed points
    Fraction(8, 9)
    >>> average_roll()                      # pips moved by an average roll
    Fraction(49, 6)

Distances are counted in pips from the hitting checker to the blot. ``blocked_points``
are the distances (from the hitter) of points held by the opponent, where the hitter
may not land on the way (BG-05); passing over them is fine.

Nothing here needs the game engine, so these functions are fast and easy to test.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

import numpy as np

from .._core import BoardkitError
from .notation import _bounded, _short

__all__ = [
    "ROLLS", "DISTINCT_ROLLS", "roll_table", "average_roll",
    "shot_probability", "shot_count", "hitting_rolls", "hit_probability", "shot_table",
    "enter_probability", "enter_distribution", "bearoff_probability",
    "simulate_shot", "simulate_enter", "engine_shot_count", "engine_enter_count",
]

#: the 36 ordered rolls of two dice
ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
#: the 21 distinct rolls (larger die first) with how many of the 36 each stands for
DISTINCT_ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(6, 0, -1) for b in range(a, 0, -1))


def roll_table() -> list[tuple[tuple[int, int], int, int]]:
    """The 21 distinct rolls: ``(roll, ways out of 36, pips it moves)``.

    A double moves four times its number (BG-06), so 6-6 moves 24 pips."""
    return [(r, w, _pips(r)) for r, w in DISTINCT_ROLLS]


def _pips(roll: tuple[int, int]) -> int:
    a, b = roll
    return 4 * a if a == b else a + b


def average_roll() -> Fraction:
    """The average number of pips a roll moves: 49/6 (about 8.17), doubles counted
    four times (BG-06)."""
    return Fraction(sum(_pips(r) for r in ROLLS), 36)


# --------------------------------------------------------------------- shots
def _check_distance(distance, what="distance") -> int:
    if isinstance(distance, bool) or not isinstance(distance, int):
        raise BoardkitError(f"{what} must be a whole number of pips from 1 to 24, got {_short(distance)}")
    if not 1 <= distance <= 24:
        raise BoardkitError(f"{what} must be 1 to 24 pips (a checker travels at most 24 pips "
                            f"with one roll, 6-6 played four times, BG-06), got {_short(distance)}")
    return distance


def _check_blocked(blocked_points: Iterable[int], limit: int = 24) -> frozenset[int]:
    msg = f"blocked_points must be a collection of distances 1..24, got {_short(blocked_points)}"
    try:
        blocked = frozenset(_bounded(blocked_points, limit, msg))
    except TypeError:       # unhashable items
        raise BoardkitError(msg) from None
    for b in blocked:
        if isinstance(b, bool) or not isinstance(b, int) or not 1 <= b <= limit:
            raise BoardkitError(f"blocked_points are distances 1..{limit} from the hitter "
                                f"of points it cannot land on (BG-05), got {_short(b)}")
    return blocked


def _hits(distance: int, roll: tuple[int, int], blocked: frozenset[int]) -> bool:
    """Can one checker travel exactly ``distance`` with this roll, landing only on
    open points on the way (BG-04, BG-05, BG-06)?"""
    a, b = roll
    if a == b:
        # a double moves 1 to 4 times a; every stop before the last must be open
        for k in range(1, 5):
            if k * a == distance:
                return all(j * a not in blocked for j in range(1, k))
        return False
    if distance in (a, b):
        return True
    if distance == a + b:
        # either die first: the intermediate point must be open (BG-04)
        return a not in blocked or b not in blocked
    return False


def hitting_rolls(distance: int, blocked_points: Iterable[int] = ()) -> list[tuple[int, int]]:
    """The ordered rolls (of the 36) that let one checker hit a blot ``distance`` pips
    away."""
    d = _check_distance(distance)
    blocked = _check_blocked(blocked_points)
    if d in blocked:
        raise BoardkitError(f"the blot's own point ({d}) cannot be in blocked_points: a point "
                            "with one checker is a blot, not a block (BG-05)")
    return [r for r in ROLLS if _hits(d, r, blocked)]


def shot_count(distance: int, blocked_points: Iterable[int] = ()) -> int:
    """How many of the 36 rolls hit a blot ``distance`` pips away (one hitter)."""
    return len(hitting_rolls(distance, blocked_points))


def shot_probability(distance: int, blocked_points: Iterable[int] = ()) -> Fraction:
    """The chance that a checker hits a blot ``distance`` pips away with one roll.

    Distances 1..6 are *direct* shots (one die is enough, or a combination), 7..24
    *indirect* shots (both dice together, or a double played several times).
    ``blocked_points`` are the distances from the hitter of the points it may not
    land on (held by two or more of the opponent's checkers, BG-05).

    >>> shot_probability(1), shot_probability(8)
    (Fraction(11, 36), Fraction(1, 6))
    """
    return Fraction(shot_count(distance, blocked_points), 36)


def hit_probability(distances: Sequence[int], blocked_points: Iterable[int] = ()) -> Fraction:
    """The chance that at least one of several checkers hits the same blot.

    ``distances`` are the distances of the hitters from the blot. Here
    ``blocked_points`` are counted *back from the blot* (1 = the point just in front
    of the blot, as the hitters see it), so they mean the same thing for every hitter.
    A roll counts once, even if several checkers could hit with it.
    """
    if isinstance(distances, int):
        distances = [distances]
    if not isinstance(distances, (list, tuple, set, frozenset, range)) or len(distances) > 30:
        raise BoardkitError(f"hit_probability takes the hitters' distances (a few numbers 1..24), "
                            f"got {_short(distances)}")
    ds = [_check_distance(d, "each hitter's distance") for d in distances]
    if not ds:
        raise BoardkitError("hit_probability needs at least one hitter distance (1..24)")
    back = _check_blocked(blocked_points)
    rolls: set[tuple[int, int]] = set()
    for d in ds:
        # a point b pips in front of the blot is d - b pips from this hitter
        own = frozenset(d - b for b in back if 0 < d - b)
        rolls.update(r for r in ROLLS if _hits(d, r, own))
    return Fraction(len(rolls), 36)


def shot_table(blocked_points: Iterable[int] = ()) -> dict[int, Fraction]:
    """``{distance: chance to hit}`` for every distance 1..24."""
    blocked = _check_blocked(blocked_points)
    return {d: Fraction(sum(_hits(d, r, blocked) for r in ROLLS), 36)
            for d in range(1, 25) if d not in blocked}


# ------------------------------------------------------------------ entering
def _check_closed(closed_points) -> int:
    """A number of closed points 0..6, or a collection of closed entry points 1..6."""
    if isinstance(closed_points, bool):
        closed_points = int(closed_points)
    if isinstance(closed_points, int):
        n = closed_points
    else:
        pts = _bounded(closed_points, 6, "closed_points must be a count 0..6 or a collection "
                       f"of at most 6 entry points 1..6 (BG-07), got {_short(closed_points)}")
        if any(isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= 6 for p in pts):
            raise BoardkitError("closed entry points are numbered 1..6 (the die that would "
                                f"enter there, BG-07), got {_short(pts)}")
        if len(set(pts)) != len(pts):
            raise BoardkitError(f"closed entry points must be distinct, got {_short(pts)}")
        n = len(pts)
    if not 0 <= n <= 6:
        raise BoardkitError("the home board has 6 points, so 0 to 6 of them can be closed "
                            f"(BG-07), got {_short(n)}")
    return n


def _check_bar(checkers) -> int:
    if isinstance(checkers, bool) or not isinstance(checkers, int) or not 1 <= checkers <= 15:
        raise BoardkitError(f"checkers on the bar must be 1..15 (a side has 15 checkers, "
                            f"BG-02), got {_short(checkers)}")
    return checkers


def enter_distribution(closed_points, checkers: int = 1) -> dict[int, Fraction]:
    """``{k: chance that exactly k checkers come in from the bar}`` this roll.

    Each die whose entry point is open brings one checker in; a double whose point
    is open brings in up to four (BG-06, BG-07). Which points are closed does not
    matter, only how many."""
    n = _check_closed(closed_points)
    c = _check_bar(checkers)
    closed = set(range(1, n + 1))
    out: dict[int, int] = {k: 0 for k in range(0, min(c, 4) + 1)}
    for a, b in ROLLS:
        if a == b:
            k = 0 if a in closed else min(4, c)
        else:
            k = min(c, (a not in closed) + (b not in closed))
        out[k] += 1
    return {k: Fraction(v, 36) for k, v in out.items()}


def enter_probability(closed_points, checkers: int = 1) -> Fraction:
    """The chance that *all* ``checkers`` on the bar enter with the next roll.

    ``closed_points`` is how many of the six entry points the opponent holds (or the
    list of them). One checker: 1 - (n/6)^2. Two checkers need both dice to be open
    ((6-n)^2/36); three or four need an open double; more than four cannot all enter
    in one roll (BG-07, BG-06).

    >>> enter_probability(1), enter_probability(1, checkers=2)
    (Fraction(35, 36), Fraction(25, 36))
    """
    c = _check_bar(checkers)
    dist = enter_distribution(closed_points, c)
    return dist.get(c, Fraction(0))


# ------------------------------------------------------------------ bearing off
def bearoff_probability(points: Sequence[int], rolls: int = 1) -> Fraction:
    """The chance to bear off every checker of a home-board position within ``rolls``
    rolls (1 or 2), playing each roll as well as possible for that goal (BG-09).

    ``points`` = checker counts on the home points 1..6. Exact, for small positions
    (at most 6 checkers, where every play is enumerated with fractions).

    >>> bearoff_probability((0, 0, 0, 0, 0, 2))    # two on the 6-point: 3-3 .. 6-6
    Fraction(1, 9)
    """
    from .bearoff import bearoff_plays, check_points
    pos = check_points(points)
    if rolls not in (1, 2):
        raise BoardkitError(f"rolls must be 1 or 2 (exact small-position chances), got {_short(rolls)}")
    if sum(pos) > 6:
        raise BoardkitError(f"bearoff_probability is exact for small positions of at most 6 "
                            f"checkers, got {sum(pos)}; use bearoff.roll_distribution for more")
    memo: dict = {}

    def p(position: tuple[int, ...], k: int) -> Fraction:
        if sum(position) == 0:
            return Fraction(1)
        if k == 0:
            return Fraction(0)
        key = (position, k)
        if key not in memo:
            total = Fraction(0)
            for (a, b), w in DISTINCT_ROLLS:
                total += w * max(p(q, k - 1) for q in bearoff_plays(position, a, b))
            memo[key] = total / 36
        return memo[key]

    return p(pos, rolls)


# ------------------------------------------------------------------ checks
def _roll_sample(rng, size):
    d = rng.integers(1, 7, size=(2, size))
    return d[0], d[1]


#: the most rolls a simulation draws (numpy does 10 million in about a second)
MAX_SAMPLES = 10_000_000


def _check_samples(n) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 1 <= n <= MAX_SAMPLES:
        raise BoardkitError(f"n is the number of rolls to simulate, 1 to {MAX_SAMPLES:,}, "
                            f"got {_short(n)}")
    return int(n)


def simulate_shot(distance: int, blocked_points: Iterable[int] = (), n: int = 10_000,
                  seed: int | None = 0):
    """Monte Carlo estimate of ``shot_probability``: roll n times and check each roll.

    Returns a ``boardkit.sim.MonteCarloResult`` (mean, standard error, 95% interval).
    ``n`` is 1 .. MAX_SAMPLES (10 million, about a second)."""
    from ..sim import monte_carlo
    n = _check_samples(n)
    d = _check_distance(distance)
    blocked = _check_blocked(blocked_points)
    table = np.zeros((7, 7), dtype=bool)
    for a, b in ROLLS:                 # which (a, b) hit: the rule, applied per roll
        table[a, b] = _hits(d, (a, b), blocked)

    def sample(rng, size):
        a, b = _roll_sample(rng, size)
        return table[a, b]
    return monte_carlo(sample, n, seed, progress=False)


def simulate_enter(closed_points, checkers: int = 1, n: int = 10_000, seed: int | None = 0):
    """Monte Carlo estimate of ``enter_probability`` (all checkers come in); ``n`` is
    1 .. MAX_SAMPLES."""
    from ..sim import monte_carlo
    n = _check_samples(n)
    k = _check_closed(closed_points)
    c = _check_bar(checkers)
    open_ = np.array([False] + [p > k for p in range(1, 7)])     # points 1..k closed

    def sample(rng, size):
        a, b = _roll_sample(rng, size)
        entered = np.where(a == b, np.where(open_[a], 4, 0), open_[a].astype(int) + open_[b])
        return entered >= c
    return monte_carlo(sample, n, seed, progress=False)


def engine_shot_count(distance: int, blocked_points: Iterable[int] = ()) -> int:
    """The same count made by the game engine instead of by formula: one checker of
    mine, an opposing blot ``distance`` pips in front of it, opposing points (two
    checkers) on ``blocked_points``; for each of the 36 rolls, does any legal play
    hit? (Every other checker is borne off, so nothing else can hit.)"""
    from .game import BackgammonGame
    d = _check_distance(distance)
    blocked = _check_blocked(blocked_points)
    if d in blocked or 2 * len(blocked) + 1 > 15:
        raise BoardkitError("blocked_points: at most 7 points, not the blot's own (BG-05)")
    start = 25 if d == 24 else 24               # the hitter: on my 24-point (or the bar)
    mine, theirs = [0] * 26, [0] * 26
    mine[start] = 1
    mine[0] = 14
    theirs[25 - (start - d)] = 1                # their point = 25 - my point
    for b in blocked:
        if start - b < 1:
            raise BoardkitError(f"blocked point {b} lies beyond the board")
        theirs[25 - (start - b)] = 2
    theirs[0] = 15 - sum(theirs[1:])
    from .rules import BackgammonRules
    count = 0
    for a, b in ROLLS:
        g = BackgammonGame.from_position(mine, theirs, turn=0, dice=(a, b),
                                         rules=BackgammonRules.no_cube())
        count += any(p.hits for p in g.legal_moves())
    return count


def engine_enter_count(closed_points, checkers: int = 1) -> int:
    """Rolls (of 36) after which the engine has brought every bar checker in."""
    from .game import BackgammonGame
    from .rules import BackgammonRules
    k = _check_closed(closed_points)
    c = _check_bar(checkers)
    mine, theirs = [0] * 26, [0] * 26
    mine[25] = c
    mine[0] = 15 - c
    for p in range(1, k + 1):                   # my entry point 25 - p is their point p
        theirs[p] = 2
    theirs[12] = 15 - 2 * k                     # the rest far away, out of the way
    count = 0
    for a, b in ROLLS:
        g = BackgammonGame.from_position(mine, theirs, turn=0, dice=(a, b),
                                         rules=BackgammonRules.no_cube())
        count += any(p.after[0][25] == 0 for p in g.legal_moves())
    return count
