"""A one-sided bear-off database, computed from scratch (BG-09).

For every way of placing up to 15 checkers on the six home points (54,264
positions, counting the empty board), the table holds

* the expected number of rolls to bear them all off, playing each roll so as to
  make that expectation as small as possible, and
* the distribution of the number of rolls under that play.

    >>> expected_rolls((1, 0, 0, 0, 0, 0))     # one checker on the 1-point
    1.0

From two one-sided distributions we get the race between two sides that are both
bearing off (``race_win_probability``), the classic approximation that treats the
two bear-offs as independent (there is no contact left, so they are).

How it is built fast: a position only ever moves to positions with fewer pips, so
positions are solved layer by layer in order of their pip count, each layer with a
few numpy operations. Inside a roll we memoise the best result "with this die
still to play" (``G1``), "with two / three dice of a double still to play" (``G2``,
``G3``), so the best play of a roll is a minimum over at most 2 x 6 or 6 choices
instead of a walk over every sequence of moves. The full table is cached on disk
(``$BOARDKIT_CACHE`` or ``~/.cache/boardkit``), never in the repository.
"""
from __future__ import annotations

import hashlib
import io
import itertools
import math
import os
import pathlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .._core import BoardkitError
from .._core import short_repr as _short
from .._input import atomic_write, open_regular
from .notation import _bounded

__all__ = [
    "POINTS", "MAX_CHECKERS", "BearoffTable", "build_table", "table", "cache_path",
    "check_points", "bearoff_plays", "best_bearoff_play", "expected_rolls",
    "roll_distribution", "race_win_probability", "effective_pip_count",
]

POINTS = 6
MAX_CHECKERS = 15
#: columns of the distribution: P(exactly n rolls) for n = 0 .. MAX_ROLLS-1
MAX_ROLLS = 32
_VERSION = 2          # 2: the file carries a SHA-256 of its arrays
_NONDOUBLES = [(a, b) for a in range(2, 7) for b in range(1, a)]


def check_points(points: Sequence[int], max_checkers: int = MAX_CHECKERS) -> tuple[int, ...]:
    """Validate a home-board position: six counts of checkers on points 1..6."""
    try:
        pos = tuple(_bounded(points, POINTS + 1, "not a short collection"))
    except (TypeError, BoardkitError):
        raise BoardkitError("a bear-off position is a 6-tuple of checker counts on the home "
                            f"points 1..6 (BG-09), got {_short(points)}") from None
    if len(pos) != POINTS:
        raise BoardkitError("a bear-off position has exactly 6 counts, for home points 1..6 "
                            f"(BG-09), got {len(pos)}: {_short(points)}")
    for c in pos:
        if isinstance(c, bool) or not isinstance(c, (int, np.integer)):
            raise BoardkitError(f"checker counts must be whole numbers, got {_short(c)} in {_short(points)}")
        if c < 0:
            raise BoardkitError(f"checker counts cannot be negative, got {_short(c)} in {_short(points)}")
    if sum(pos) > max_checkers:
        raise BoardkitError(f"a side has at most {max_checkers} checkers (BG-02), got "
                            f"{sum(pos)} in {_short(points)}")
    return tuple(int(c) for c in pos)


# ----------------------------------------------------------------- moves
def _single_moves(pos: tuple[int, ...], die: int) -> set[tuple[int, ...]]:
    """Positions after playing one die (BG-09): bear off from the die's point, move
    a checker down from a higher point, or, with no checker higher than the die,
    bear off from the highest occupied point."""
    out = set()
    high = max((i + 1 for i, c in enumerate(pos) if c), default=0)
    for j in range(1, POINTS + 1):
        if not pos[j - 1]:
            continue
        if j == die or (j < die and j == high) or j > die:
            q = list(pos)
            q[j - 1] -= 1
            if j > die:
                q[j - 1 - die] += 1
            out.add(tuple(q))
    return out


def bearoff_plays(points: Sequence[int], d1: int, d2: int) -> list[tuple[int, ...]]:
    """Every distinct position a roll can lead to, all dice played (BG-08, BG-09).

    With every checker home a die can always be played, so a roll is played in full
    until the checkers run out; a double is played four times (BG-06)."""
    pos = check_points(points)
    for d in (d1, d2):
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise BoardkitError(f"dice show 1..6, got {_short(d)}")
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    finals: set[tuple[int, ...]] = set()
    for dice in orders:
        layer = {pos}
        for d in dice:
            layer = {q for p in layer for q in (_single_moves(p, d) if sum(p) else {p})}
        finals |= layer
    return sorted(finals)


# ----------------------------------------------------------------- the table
def _enumerate(max_checkers: int) -> np.ndarray:
    """All positions with at most ``max_checkers`` checkers, sorted by their key."""
    rows = [c for c in itertools.product(range(max_checkers + 1), repeat=POINTS)
            if sum(c) <= max_checkers]
    arr = np.array(rows, dtype=np.int64)
    return arr[np.argsort(_keys(arr), kind="stable")]


def _keys(arr: np.ndarray) -> np.ndarray:
    """A position as one integer, 4 bits per point (counts are at most 15)."""
    return (arr << (4 * np.arange(POINTS, dtype=np.int64))).sum(axis=-1)


@dataclass
class BearoffTable:
    """The one-sided table. ``positions[i]`` is a 6-tuple of counts; ``mean[i]`` the
    expected rolls; ``dist[i, n]`` the chance of needing exactly n rolls."""

    max_checkers: int
    positions: np.ndarray
    mean: np.ndarray
    dist: np.ndarray

    def __post_init__(self):
        m = self.max_checkers
        if isinstance(m, bool) or not isinstance(m, (int, np.integer)) or not 1 <= m <= MAX_CHECKERS:
            raise BoardkitError(f"max_checkers must be 1..{MAX_CHECKERS}, got {_short(m)}")
        pos, mean, dist = self.positions, self.mean, self.dist
        if not (isinstance(pos, np.ndarray) and pos.ndim == 2 and pos.shape[1] == POINTS
                and pos.dtype.kind in "iu" and len(pos) and 0 <= pos.min() and pos.max() <= m):
            raise BoardkitError(f"positions must be an integer array of rows of {POINTS} "
                                f"checker counts 0..{m}, got {_short(pos)}")
        n = len(pos)
        if not (isinstance(mean, np.ndarray) and mean.shape == (n,) and mean.dtype.kind == "f"):
            raise BoardkitError(f"mean must be a float array of {n} values, got {_short(mean)}")
        if not (isinstance(dist, np.ndarray) and dist.shape == (n, MAX_ROLLS)
                and dist.dtype.kind == "f"):
            raise BoardkitError(f"dist must be a float array of shape ({n}, {MAX_ROLLS}), "
                                f"got {_short(dist)}")
        self._keys = _keys(pos.astype(np.int64))

    def __len__(self) -> int:
        return len(self.positions)

    def __repr__(self) -> str:
        return f"<BearoffTable: {len(self)} positions of up to {self.max_checkers} checkers>"

    def index(self, points: Sequence[int]) -> int:
        pos = check_points(points, self.max_checkers)
        return int(np.searchsorted(self._keys, _keys(np.array(pos, dtype=np.int64))))

    def expected_rolls(self, points: Sequence[int]) -> float:
        return float(self.mean[self.index(points)])

    def distribution(self, points: Sequence[int]) -> np.ndarray:
        """``p[n]`` = chance of bearing off in exactly n rolls."""
        return self.dist[self.index(points)].copy()

    def best_play(self, points: Sequence[int], d1: int, d2: int) -> tuple[int, ...]:
        """The play (resulting position) with the fewest expected rolls left."""
        plays = bearoff_plays(points, d1, d2)
        return min(plays, key=lambda q: (self.mean[self.index(q)], q))


def build_table(max_checkers: int = MAX_CHECKERS) -> BearoffTable:
    """Compute the one-sided table for up to ``max_checkers`` checkers (1..15)."""
    if isinstance(max_checkers, bool) or not isinstance(max_checkers, int) \
            or not 1 <= max_checkers <= MAX_CHECKERS:
        raise BoardkitError(f"max_checkers must be 1..{MAX_CHECKERS}, got {_short(max_checkers)}")
    pos = _enumerate(max_checkers)
    m = len(pos)
    counts = pos.sum(axis=1)
    pips = pos @ np.arange(1, POINTS + 1)
    succ = _successors(pos)
    mean = np.zeros(m)
    g = np.zeros((4, m, 7))          # g[k][i, d]: best mean with k dice of value d still to play
    fin = np.zeros((4, m, 7), dtype=np.int64)   # the position that best choice ends in
    fin[0] = np.arange(m)[:, None]
    dist = np.zeros((m, MAX_ROLLS))
    dist[counts == 0, 0] = 1.0

    def best(rows, d, table_val, table_fin, col):
        return _best(succ, rows, d, table_val, table_fin, col)

    order = np.argsort(pips, kind="stable")
    bounds = np.searchsorted(pips[order], np.arange(pips.max() + 2))
    for p in range(1, pips.max() + 1):
        rows = order[bounds[p]:bounds[p + 1]]
        if len(rows) == 0:
            continue
        total = np.zeros(len(rows))
        newdist = np.zeros((len(rows), MAX_ROLLS))
        for a, b in _NONDOUBLES:
            va, fa = best(rows, a, g[1], fin[1], b)     # play a first, then the best b
            vb, fb = best(rows, b, g[1], fin[1], a)
            choose_a = va <= vb
            total += 2 * np.where(choose_a, va, vb)
            newdist[:, 1:] += 2 * dist[np.where(choose_a, fa, fb), :-1]
        for d in range(1, 7):
            v, f = best(rows, d, g[3], fin[3], d)
            total += v
            newdist[:, 1:] += dist[f, :-1]
        mean[rows] = 1 + total / 36
        dist[rows] = newdist / 36
        # memo for positions that later positions reach in the middle of a roll
        for d in range(1, 7):
            g[0][rows, d] = mean[rows]
        for k in (1, 2, 3):
            for d in range(1, 7):
                v, f = best(rows, d, g[k - 1], fin[k - 1], d)
                g[k][rows, d] = v
                fin[k][rows, d] = f
    return BearoffTable(max_checkers=max_checkers, positions=pos, mean=mean, dist=dist)


def _successors(pos: np.ndarray) -> np.ndarray:
    """``succ[i, d, j]``: the index of the position after playing die d from point j
    of position i (BG-09), or -1 when that single move is not legal."""
    keys = _keys(pos)
    occupied = pos > 0
    # highest occupied point of every position (0 when empty)
    high = np.where(occupied.any(axis=1), POINTS - np.argmax(occupied[:, ::-1], axis=1), 0)
    succ = np.full((len(pos), 7, POINTS + 1), -1, dtype=np.int64)
    unit = [0] + [1 << (4 * (j - 1)) for j in range(1, POINTS + 1)]  # key of one checker on j
    for d in range(1, 7):
        for j in range(1, POINTS + 1):
            ok = pos[:, j - 1] > 0
            if j < d:
                ok &= high == j
            nk = keys - unit[j] + (unit[j - d] if j > d else 0)
            succ[ok, d, j] = np.searchsorted(keys, nk[ok])
    return succ


def _best(succ, rows, d, table_val, table_fin, col):
    """min over the moves of die d from the positions ``rows`` of table[.., col], and
    the position that choice ends in."""
    s = succ[rows, d, 1:]                       # (n, 6)
    vals = np.where(s >= 0, table_val[np.maximum(s, 0), col], np.inf)
    arg = np.argmin(vals, axis=1)
    pick = s[np.arange(len(rows)), arg]
    return vals[np.arange(len(rows)), arg], table_fin[pick, col]


def _one_roll_back(pos: np.ndarray, mean: np.ndarray, dist: np.ndarray):
    """Every position's mean and distribution recomputed from the moves, one roll
    deep, taking the values after the roll from ``mean`` and ``dist``: the table is
    right exactly when this gives back its own values (positions only move to fewer
    pips, so by induction on the pip count this fixed point is the table)."""
    m = len(pos)
    succ = _successors(pos)
    rows = np.flatnonzero(pos.sum(axis=1) > 0)
    g = np.zeros((4, m, 7))
    fin = np.zeros((4, m, 7), dtype=np.int64)    # the empty position has index 0
    g[0] = mean[:, None]
    fin[0] = np.arange(m)[:, None]
    for k in (1, 2, 3):
        for d in range(1, 7):
            g[k][rows, d], fin[k][rows, d] = _best(succ, rows, d, g[k - 1], fin[k - 1], d)
    total = np.zeros(len(rows))
    newdist = np.zeros((len(rows), MAX_ROLLS))
    for a, b in _NONDOUBLES:
        va, fa = _best(succ, rows, a, g[1], fin[1], b)
        vb, fb = _best(succ, rows, b, g[1], fin[1], a)
        choose_a = va <= vb
        total += 2 * np.where(choose_a, va, vb)
        newdist[:, 1:] += 2 * dist[np.where(choose_a, fa, fb), :-1]
    for d in range(1, 7):
        v, f = _best(succ, rows, d, g[3], fin[3], d)
        total += v
        newdist[:, 1:] += dist[f, :-1]
    new_mean, new_dist = mean.copy(), dist.copy()
    new_mean[rows] = 1 + total / 36
    new_dist[rows] = newdist / 36
    return new_mean, new_dist


#: how many positions ``_table_problem`` recomputes with ``bearoff_plays`` (a move
#: generator that shares no code with ``build_table``), chosen afresh at every load
SAMPLE = 48


def _recomputed_problem(t: BearoffTable, rng: np.random.Generator | None = None) -> str | None:
    """Why the table's values are not the ones its moves give, or None.

    1. Every position, one roll back (``_one_roll_back``): the means and distributions
       must come back unchanged (to 1e-9).
    2. A random sample of positions recomputed by ``bearoff_plays``: each mean is one
       roll plus the average over the 21 rolls of the best play's mean."""
    new_mean, new_dist = _one_roll_back(t.positions, t.mean, t.dist)
    bad = np.flatnonzero(np.abs(new_mean - t.mean) > 1e-9)
    if len(bad):
        return (f"{len(bad)} means differ from their moves' values, e.g. "
                f"{tuple(int(c) for c in t.positions[bad[0]])}")
    bad = np.flatnonzero(np.abs(new_dist - t.dist).max(axis=1) > 1e-9)
    if len(bad):
        return (f"{len(bad)} distributions differ from their moves' values, e.g. "
                f"{tuple(int(c) for c in t.positions[bad[0]])}")
    rng = np.random.default_rng() if rng is None else rng
    rolls = [((a, b), 2) for a, b in _NONDOUBLES] + [((d, d), 1) for d in range(1, 7)]
    for i in rng.choice(len(t), size=min(SAMPLE, len(t)), replace=False):
        p = tuple(int(c) for c in t.positions[i])
        if not sum(p):
            continue
        best = [t.mean[np.searchsorted(t._keys, _keys(np.array(bearoff_plays(p, a, b))))].min()
                for (a, b), _ in rolls]
        want = 1 + sum(w * v for (_, w), v in zip(rolls, best)) / 36
        if abs(want - t.mean[i]) > 1e-9:
            return f"the mean of {p} is {t.mean[i]:.6f}, its moves give {want:.6f}"
    return None


# ----------------------------------------------------------------- cache
def cache_path() -> pathlib.Path:
    """Where the full table is cached: ``$BOARDKIT_CACHE`` or ``~/.cache/boardkit``."""
    root = os.environ.get("BOARDKIT_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "boardkit")
    return pathlib.Path(root) / f"bearoff_one_sided_{POINTS}x{MAX_CHECKERS}_v{_VERSION}.npz"


_TABLE: BearoffTable | None = None

#: Mean rolls of a few positions read from GNU Backgammon 1.06's one-sided database
#: gnubg_os0.bd (16-bit fixed point, so to within 2e-4): a cached table that disagrees
#: is wrong and is rebuilt.
KNOWN_MEANS = {(0, 0, 0, 0, 0, 15): 12.2663, (3, 3, 3, 2, 2, 2): 7.5550,
               (0, 0, 0, 0, 0, 2): 2.1096, (1, 1, 1, 1, 1, 1): 3.4636,
               (0, 0, 0, 0, 5, 0): 3.9954, (2, 2, 2, 3, 3, 3): 8.1389,
               (0, 0, 0, 4, 0, 0): 2.8624, (15, 0, 0, 0, 0, 0): 6.9795,
               (5, 0, 0, 0, 0, 0): 2.6944, (1, 0, 0, 0, 0, 0): 1.0}


def _digest(positions: np.ndarray, mean: np.ndarray, dist: np.ndarray) -> str:
    """SHA-256 of the three arrays (fixed dtypes, C order): the cache's checksum."""
    h = hashlib.sha256()
    for a, dt in ((positions, "<i8"), (mean, "<f8"), (dist, "<f8")):
        h.update(np.ascontiguousarray(a, dtype=dt).tobytes())
    return h.hexdigest()


def _table_problem(t: BearoffTable, max_checkers: int) -> str | None:
    """Why a loaded table cannot be the one-sided table of ``max_checkers``, or None:
    shapes, the set of positions (sorted unique keys, each of at most max_checkers
    checkers, as many as there must be), finite means equal to their distributions'
    means, distributions summing to 1, the gnubg values above, and the values
    recomputed from the moves (``_recomputed_problem``), so a file rewritten with
    consistent but wrong values is refused."""
    n = math.comb(max_checkers + POINTS, POINTS)
    pos, mean, dist = t.positions, t.mean, t.dist
    if pos.shape != (n, POINTS) or mean.shape != (n,) or dist.shape != (n, MAX_ROLLS):
        return "wrong shape"
    if pos.min() < 0 or pos.sum(axis=1).max() > max_checkers:
        return "impossible positions"
    if not np.all(np.diff(t._keys) > 0):
        return "positions not sorted and distinct"
    if not (np.isfinite(mean).all() and np.isfinite(dist).all()) or dist.min() < 0:
        return "values not finite"
    if not np.allclose(dist.sum(axis=1), 1.0, atol=1e-9):
        return "distributions do not sum to 1"
    if not np.allclose((dist * np.arange(MAX_ROLLS)).sum(axis=1), mean, atol=1e-9):
        return "means disagree with the distributions"
    for p, m in KNOWN_MEANS.items():
        if sum(p) <= max_checkers and abs(t.expected_rolls(p) - m) > 2e-4:
            return f"mean of {p} is not gnubg's {m}"
    return _recomputed_problem(t)


def _load_cache(path: pathlib.Path) -> BearoffTable | None:
    """The cached table, or None when the file is missing, unreadable, damaged
    (empty, truncated, bit-flipped: any error while reading, or a checksum that does
    not match) or wrong (``_table_problem``)."""
    try:
        # a FIFO or other non-regular file is refused at once (np.load would block on it)
        with open_regular(path, "bear-off cache") as f, np.load(f, allow_pickle=False) as z:
            positions, mean, dist = z["positions"], z["mean"], z["dist"]
            digest = str(z["sha256"])
        if digest != _digest(positions, mean, dist):
            return None
        t = BearoffTable(MAX_CHECKERS, positions.astype(np.int64), mean, dist)
    except Exception:       # noqa: BLE001 - a cache is only a cache: any damage means rebuild
        return None
    return None if _table_problem(t, MAX_CHECKERS) else t


def _save_cache(path: pathlib.Path, t: BearoffTable) -> None:
    """Write the table atomically (a temporary file in the same folder, then
    ``os.replace``), so a reader never sees half a file."""
    buf = io.BytesIO()
    np.savez_compressed(buf, positions=t.positions, mean=t.mean, dist=t.dist,
                        sha256=np.array(_digest(t.positions, t.mean, t.dist)))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, buf.getvalue())
    except (OSError, BoardkitError):
        pass  # a read-only home still works, just without the cache


def table() -> BearoffTable:
    """The full 15-checker table: from memory, else from the disk cache, else built
    (a few seconds) and saved to the cache. A cache file that is damaged or holds
    wrong values (see ``_load_cache``) is rebuilt and replaced."""
    global _TABLE
    if _TABLE is not None:
        return _TABLE
    path = cache_path()
    t = _load_cache(path) if path.exists() else None
    if t is None:
        t = build_table(MAX_CHECKERS)
        _save_cache(path, t)
    _TABLE = t
    return t


# ----------------------------------------------------------------- answers
def expected_rolls(points: Sequence[int]) -> float:
    """Expected number of rolls to bear off all checkers on home points 1..6
    (``points`` = 6 counts), with best play (BG-09)."""
    check_points(points)              # a bad argument is refused before the table loads
    return table().expected_rolls(points)


def roll_distribution(points: Sequence[int]) -> np.ndarray:
    """``p[n]`` = chance of needing exactly n rolls to bear off (best mean play)."""
    check_points(points)
    return table().distribution(points)


def best_bearoff_play(points: Sequence[int], d1: int, d2: int) -> tuple[int, ...]:
    """The resulting home board of the best play of roll d1-d2 (fewest rolls left)."""
    bearoff_plays(points, d1, d2)     # checks the position and the dice first
    return table().best_play(points, d1, d2)


def effective_pip_count(points: Sequence[int]) -> float:
    """Expected rolls times the average roll 49/6: the pips a position is "really"
    worth, wastage included (always at least its plain pip count)."""
    return expected_rolls(points) * 49 / 6


def race_win_probability(mine: Sequence[int], theirs: Sequence[int]) -> float:
    """Chance that the side on roll wins a pure bear-off race, both sides with all
    their checkers home (``mine``, ``theirs``: 6 counts each, each from its own side).

    The side on roll wins when it needs no more rolls than the other side:
    sum over n of P(mine = n) * P(theirs >= n)."""
    check_points(mine)
    check_points(theirs)
    t = table()
    me = t.distribution(mine)
    them = t.distribution(theirs)
    if sum(check_points(theirs)) == 0:
        return 0.0       # the other side has already borne off: it has won (BG-10)
    if sum(check_points(mine)) == 0:
        return 1.0
    at_least = 1.0 - np.concatenate(([0.0], np.cumsum(them)[:-1]))   # P(theirs >= n)
    return float(np.clip((me * at_least).sum(), 0.0, 1.0))
