"""Backgammon move generation: the single steps of one die and the whole plays of a roll.

Positions are two lists of 26 counts, one per player, each in its owner's numbering
(BG-01): index 1..24 the points, 25 the bar, 0 the checkers borne off. The player to
move owns ``mine``; the opponent's checkers on my point ``i`` are ``theirs[25 - i]``.

``plays_for(mine, theirs, d1, d2)`` lists every distinct legal play of a roll (one per
resulting position, BG-04 to BG-09); it needs no game object, and the search in ai.py
and the bear-off code use it directly.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from .notation import _point_name, notation

if TYPE_CHECKING:
    import numpy as np

__all__ = ["START", "pip_count", "Step", "Play", "plays_for", "position_arrays"]


def position_arrays(positions) -> np.ndarray:
    """Positions (mine, theirs) -- one, or a sequence of them -- as an int64 array of
    shape (n, 2, 26), checked: 26 whole counts 0..15 per side summing to 15 (BG-02).
    BoardkitError otherwise. The evaluators (ai.py, pubeval.py) read positions here."""
    import numpy as np

    from .._core import BoardkitError
    msg = ("a position is (mine, theirs), two sequences of 26 counts (0 = off, 1..24 "
           "points, 25 = bar) with 15 checkers each (BG-02), from the mover's side")
    try:
        arr = np.asarray(positions)
    except (TypeError, ValueError, OverflowError):
        raise BoardkitError(msg) from None
    if arr.dtype.kind not in "iu" and not (arr.dtype.kind == "O" and arr.size == 0):
        raise BoardkitError(msg)
    arr = arr.astype(np.int64, copy=False)
    if arr.ndim == 2:
        arr = arr[None]
    if arr.ndim != 3 or arr.shape[1:] != (2, 26):
        raise BoardkitError(msg)
    if arr.size and (arr.min() < 0 or arr.max() > 15 or (arr.sum(axis=2) != 15).any()):
        raise BoardkitError(msg)
    return arr

#: the start position for either side, in its own numbering (BG-02)
START: tuple[int, ...] = tuple([0] + [0] * 5 + [5, 0, 3, 0, 0, 0, 0, 5] + [0] * 10 + [2, 0])
assert sum(START) == 15 and START[24] == 2 and START[13] == 5 and START[8] == 3 and START[6] == 5



def pip_count(side: Iterable[int]) -> int:
    """Pips a side still has to travel: point number times checkers, 25 for the bar."""
    s = list(side)
    return sum(i * s[i] for i in range(1, 26))


# ----------------------------------------------------------------- move values
class Step(NamedTuple):
    """One checker moved by one die, in the mover's numbering (25 = bar, 0 = off)."""

    from_: int
    to: int
    die: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{_point_name(self.from_)}/{_point_name(self.to)}{'*' if self.hit else ''}"


class Play:
    """A whole play for one roll. Two plays are equal when they reach the same position.

    steps      ((from, to), ...) single-die moves in the mover's numbering
    after      (mine, theirs) after the play, still from the mover's side
    hits       how many opposing blots were sent to the bar
    hit_flags  for each step, whether it hit
    dice       the roll it was made for, larger die first (not part of equality)

    (A slotted class rather than a frozen dataclass: plays are made by the thousand
    in searches, and this is several times cheaper to build. Treat it as immutable.)
    """

    __slots__ = ("_steps", "after", "_hits", "_flags", "dice", "_raw")

    def __init__(self, steps, after, hits: int = 0, hit_flags=(), dice=()):
        self._steps = tuple(steps)
        self.after = after
        self._hits = hits
        self._flags = tuple(hit_flags)
        self.dice = dice
        self._raw = None

    @classmethod
    def _lazy(cls, after, raw, dice) -> Play:
        """A play from the generator's raw steps ((from, to, hit, die), ...); the tuples
        are built only when asked for (most plays in a search are never looked at)."""
        p = cls.__new__(cls)
        p.after, p._raw, p.dice, p._steps = after, raw, dice, None
        return p

    def _unpack(self) -> None:
        raw = self._raw
        self._steps = tuple([(x[0], x[1]) for x in raw])
        self._flags = tuple([x[2] for x in raw])
        self._hits = self._flags.count(True)

    @property
    def steps(self) -> tuple:
        if self._steps is None:
            self._unpack()
        return self._steps

    @property
    def hit_flags(self) -> tuple:
        if self._steps is None:
            self._unpack()
        return self._flags

    @property
    def hits(self) -> int:
        if self._steps is None:
            self._unpack()
        return self._hits

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other.after == self.after

    def __hash__(self) -> int:
        return hash(self.after)

    def __reduce__(self):
        return (Play, (self.steps, self.after, self.hits, self.hit_flags, self.dice))

    @property
    def is_pass(self) -> bool:
        return not (self._raw if self._steps is None else self._steps)

    def __str__(self) -> str:
        return notation(self.steps, self.hit_flags)

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"



# -------------------------------------------------------------- move generation
def _single(m, t, d, top=24):
    """Every (from, to, hit) one checker can make with die d (BG-04/05/07/09), from
    points no higher than ``top``."""
    if m[25]:                                   # bar first (BG-07): enter on point 25-d
        o = t[d]                                # their checkers on my point 25-d
        return [(25, 25 - d, o == 1)] if o < 2 else []
    hi = 24
    while hi > 0 and not m[hi]:
        hi -= 1
    out = []
    home = hi <= 6                              # all checkers home: bearing off allowed
    for src in range(min(hi, top), 0, -1):
        if not m[src]:
            continue
        dst = src - d
        if dst > 0:
            o = t[25 - dst]
            if o < 2:
                out.append((src, dst, o == 1))
        elif home and (dst == 0 or src == hi):  # exact, or from the highest (BG-09)
            out.append((src, 0, False))
    return out


def _apply_step(m, t, src, dst, hit):
    m = m[:]
    m[src] -= 1
    m[dst] += 1
    if hit:
        t = t[:]
        t[25 - dst] -= 1
        t[25] += 1
    return m, t


def _search(m, t, dice, steps, out, canon_from=25):
    """Depth-first over the dice; records (depth, position) -> steps in out.
    With doubles, checkers are moved from the highest point down (canon_from): every
    order of a double's moves reaches the same positions that way, found once."""
    d = dice[0]
    moves = _single(m, t, d, canon_from)
    any_move = False
    for src, dst, hit in moves:
        if src > canon_from:        # (only the bar, 25, can be above top)
            continue
        any_move = True
        m2, t2 = _apply_step(m, t, src, dst, hit)
        st = steps + ((src, dst, hit, d),)
        if len(dice) > 1:
            _search(m2, t2, dice[1:], st, out,
                    src if dice[0] == dice[1] else 25)
        else:
            out.setdefault((tuple(m2), tuple(t2)), st)
    if not any_move and steps:
        out.setdefault((tuple(m), tuple(t)), steps)


def _raw_plays(m, t, d1, d2) -> dict:
    """{(mine, theirs): ((from, to, hit, die), ...)} for every legal play (BG-08)."""
    m, t = list(m), list(t)
    out: dict = {}
    if d1 == d2:
        _search(m, t, (d1,) * 4, (), out)
    else:
        # two different dice: both orders, written out flat (the hot path of searches)
        ones = []
        for da, db in ((d1, d2), (d2, d1)):
            for src, dst, hit in _single(m, t, da):
                m1, t1 = _apply_step(m, t, src, dst, hit)
                first = (src, dst, hit, da)
                seconds = _single(m1, t1, db)
                for s2, d2_, h2 in seconds:
                    m2, t2 = _apply_step(m1, t1, s2, d2_, h2)
                    out.setdefault((tuple(m2), tuple(t2)), (first, (s2, d2_, h2, db)))
                if not seconds:
                    ones.append(((tuple(m1), tuple(t1)), (first,)))
        if not out:
            for k, st in ones:
                out.setdefault(k, st)
    if not out:
        return {}
    most = max(len(s) for s in out.values())
    res = {k: s for k, s in out.items() if len(s) == most}
    if most == 1 and d1 != d2:
        # only one die can be played: the larger one if it can (BG-08). Listed from
        # the larger die itself, since a bear-off may reach the same position with either.
        bigs = _single(m, t, max(d1, d2))
        if bigs:
            res = {}
            for src, dst, hit in bigs:
                res.setdefault(_apply_key(m, t, src, dst, hit), ((src, dst, hit, max(d1, d2)),))
    return res


def _apply_key(m, t, src, dst, hit):
    m2, t2 = _apply_step(m, t, src, dst, hit)
    return (tuple(m2), tuple(t2))


def _make_play(key, st, dice) -> Play:
    return Play._lazy(key, st, dice)


def plays_for(mine, theirs, d1: int, d2: int) -> list[Play]:
    """Every distinct legal play for the roll d1-d2 (one per resulting position, BG-08).

    ``mine``/``theirs``: 26 counts each, in their owner's numbering (index 25 = bar,
    0 = off); the player to move owns ``mine``. A position with no legal play gives a
    single empty play, "(no play)". Plays come in a stable order."""
    raw = _raw_plays(mine, theirs, d1, d2)
    dice = (d1, d2) if d1 >= d2 else (d2, d1)
    if not raw:
        return [Play((), (tuple(mine), tuple(theirs)), 0, (), dice)]
    # the order is the search's: deterministic for a given position and roll
    return [_make_play(k, s, dice) for k, s in raw.items()]


def _reachable(m, t, dice) -> set:
    """Every position reachable with any prefix of any order of the dice."""
    seen = set()
    stack = [(m, t, tuple(dice))]
    while stack:
        m, t, ds = stack.pop()
        for i, d in enumerate(ds):
            if d in ds[:i]:
                continue
            for src, dst, hit in _single(m, t, d):
                m2, t2 = _apply_step(m, t, src, dst, hit)
                key = (tuple(m2), tuple(t2))
                if (key, ds[:i] + ds[i + 1:]) in seen:
                    continue
                seen.add((key, ds[:i] + ds[i + 1:]))
                stack.append((m2, t2, ds[:i] + ds[i + 1:]))
    return {k for k, _ in seen}
