"""Backgammon move generation: the single steps of one die and the whole plays of a roll.

Positions are two lists of 26 counts, one per player, each in its owner's numbering
(BG-01): index 1..24 the points, 25 the bar, 0 the checkers borne off. The player to
move owns ``mine``; the opponent's checkers on my point ``i`` are ``theirs[25 - i]``.

``plays_for(mine, theirs, d1, d2)`` lists every distinct legal play of a roll (one per
resulting position, BG-04 to BG-09); it needs no game object. It checks its arguments
once (``_check_position``: 26 counts 0..15 a side, 15 checkers, no point held by both,
BG-02; dice 1..6); the search in ai and the tutor call ``_plays_for``, the same without
the checks, on positions the engine made.

Speed. The common cases have flat searches that scan the board once per
turn and need no keys at all: two different dice with no checker on the bar and no
bearing off possible (``_two_dice``: two checkers moved by one die each reach different
positions unless the play is really one checker moved by both dice, and only those are
told apart, by their start and where they hit); one checker on the bar with two
different dice (``_enter_one``), two or more (``_enter_two``: one play at most);
doubles (``_double``, ``_double_off`` when a checker may be borne off: different sets
of moved checkers reach different positions, and since the sources never rise whether
a move hits is known before the loops; checkers on the bar are entered first and the
same loops do the rest, three nested loops after one entered). The bear-off with two
different dice (all checkers home, none on the bar) and the other cases of two
different dice (one checker left outside the home board, no play using both dice)
are one search, ``_two_general``, which tells plays apart by integer keys summed from
tables built once; in the bear-off it is given the home board's single step
(``_home_single``) and small keys (``_MVH``). The flat searches are checked against
the plain search (tests/test_backgammon_movegen.py).
Moves are made in place and taken back; the steps are shared tuples from a table
(``_ST``); results are appended with ``out.append(...)`` (CPython 3.11 specialises
that call; a bound ``append`` local is slower, as are list comprehensions in the inner
loops: measured). ``Play`` objects are lazy (``after``/``steps`` built when asked;
``BackgammonGame.play`` applies the raw steps in place) and made by a plain class call
(``_GenPlay``, twice as fast as ``Play.__new__``), the empty play of a blocked roll
included. The game keeps the plays of the position listed last in ONE module-wide
slot (game.py ``_LAST``, keyed by the position): kept in every game, thousands of set-up
games held their plays alive and the garbage collector walked them over and over (a
third of the time of listing the moves of 3,000 positions). A module-wide
position+dice cache was tried and dropped: in games positions hardly come back, and
filling and clearing it cost 10 us per turn. Plays and their order are exactly the old
generator's: tests/test_backgammon_movegen.py checks them against the plain keyed
search on set-ups and game positions (every roll on 10 games and 20,000 set-ups when
slow), and against the earlier generator on 253,080 position-rolls and 80 seeded games.
The figures are in docs/benchmarks.md. Where the time goes: a random-game turn costs
~14 us here: listing the plays ~9 us (two different dice ~6 us for ~23 plays; doubles,
one turn in six, ~25 us with ~69 plays; ~1.5 us making ~19 ``Play`` objects at ~80 ns
each), the harness's pick ~1.4 us (a numpy call), the two dice ~0.6 us (straight from
the bit generator, game.py ``_draw_dice``), the rest the harness's calls and the
turn's bookkeeping (undo records, history, the cube step; ~15 calls). Tried and
dropped (slower, measured): list comprehensions or per-row dict lookups of the special
sources in ``_two_dice``, comprehensions for a double's last move. Further gains need
fewer Python objects per play or fewer calls per turn.
"""
from __future__ import annotations

import numbers
from collections.abc import Iterable
from itertools import compress, islice
from operator import mul
from typing import TYPE_CHECKING, Any, NamedTuple

from .._core import BoardkitError
from .notation import _point_name, _short, notation

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



_INT = {int}


class _Bad(Exception):
    """Raised inside the checks below; turned into the BoardkitError of the entry (its
    message, with the caller's value shown, is built only then: building it costs more
    than the checks)."""


def _whole(x: Any, lo: int, hi: int) -> bool:
    if type(x) is int:                              # the common case, fast
        return lo <= x <= hi
    return isinstance(x, numbers.Integral) and not isinstance(x, bool) and lo <= int(x) <= hi


def _few(values: Any, most: int) -> list | tuple:
    """The items of a list, tuple or other short iterable (never text, bytes or a dict),
    at most ``most`` of them; _Bad otherwise. A huge iterable is never materialised."""
    if isinstance(values, (list, tuple)):
        if len(values) > most:
            raise _Bad
        return values
    if isinstance(values, (str, bytes, bytearray, dict)):
        raise _Bad
    try:
        n = len(values)
    except Exception:               # noqa: BLE001 - no len(): an iterator, or no collection
        n = None
    if n is not None and n > most:
        raise _Bad
    try:
        items = list(islice(iter(values), most + 1))
    except Exception:               # noqa: BLE001 - not iterable, or an iterator that fails
        raise _Bad from None
    if len(items) > most:
        raise _Bad
    return items


def _side(side: Any) -> tuple[int, ...]:
    items = _few(side, 26)
    if len(items) != 26:
        raise _Bad
    if set(map(type, items)) == _INT:               # the common case: plain ints (C loops)
        out = tuple(items)
    elif all(_whole(x, 0, 15) for x in items):      # numpy ints and the like
        out = tuple(int(x) for x in items)
    else:
        raise _Bad
    if min(out) < 0 or max(out) > 15 or sum(out) != 15:
        raise _Bad
    return out


def _check_side(side: Any, what: str = "side") -> tuple[int, ...]:
    """One side's checkers as a tuple of 26 ints, checked (BG-02): 26 whole counts
    0..15 (index 0 = off, 1..24 the points, 25 = the bar) with 15 checkers in all; a
    list, tuple, numpy array or any short iterable. Anything else: BoardkitError naming
    ``what``. The public entries check here once; the search's inner calls do not."""
    try:
        return _side(side)
    except _Bad:
        raise BoardkitError(f"{what} must be 26 whole counts 0..15 (0 = off, 1..24 the points, "
                            f"25 = the bar) with 15 checkers in all (BG-02); got {_short(side)}") from None


def _check_position(mine: Any, theirs: Any, names: tuple[str, str] = ("mine", "theirs"),
                    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(mine, theirs) checked: each side as ``_check_side``, and no point held by both
    (the opponent's checkers on my point i are ``theirs[25 - i]``, BG-02). ``names``:
    the arguments' names for the messages."""
    a, b = names
    m, t = _check_side(mine, a), _check_side(theirs, b)
    if any(map(mul, m[1:25], t[24:0:-1])):         # my point i against their 25 - i
        raise BoardkitError(f"{a} and {b} cannot both have checkers on one point (BG-02): "
                            f"{b}[25 - i] is on {a}'s point i")
    return m, t


def _check_play_args(steps, after, hits, hit_flags, dice) -> tuple:
    """``Play(steps, after, hits, hit_flags, dice)``'s arguments checked and made tuples:
    at most four (from, to) steps of points 0..25, ``after`` a position (mine, theirs)
    (``_check_position``), ``hits`` 0..15, one flag per step (or none), ``dice`` () or
    two dice 1..6. BoardkitError naming the argument otherwise."""
    name, value = "steps", steps
    try:
        out_steps = []
        for st in _few(steps, 4):
            pair = _few(st, 2)
            if len(pair) != 2 or not (_whole(pair[0], 0, 25) and _whole(pair[1], 0, 25)):
                raise _Bad
            out_steps.append((int(pair[0]), int(pair[1])))
        name, value = "after", after
        pos = _few(after, 2)
        if len(pos) != 2:
            raise _Bad
        m, t = _check_position(pos[0], pos[1])
        name, value = "hits", hits
        if not _whole(hits, 0, 15):
            raise _Bad
        name, value = "hit_flags", hit_flags
        flags = _few(hit_flags, 4)
        if len(flags) not in (0, len(out_steps)) or not all(
                type(f) is bool or (isinstance(f, numbers.Integral) and f in (0, 1)) for f in flags):
            raise _Bad
        name, value = "dice", dice
        ds = _few(dice, 2)
        if len(ds) not in (0, 2) or not all(_whole(d, 1, 6) for d in ds):
            raise _Bad
    except _Bad:
        want = {"steps": "at most four (from, to) pairs of points 0..25 (25 = the bar, 0 = off)",
                "after": "a position (mine, theirs)", "hits": "a whole number 0..15",
                "hit_flags": "one true/false flag per step", "dice": "() or two dice 1..6"}[name]
        raise BoardkitError(f"{name} must be {want}; got {_short(value)}") from None
    return (tuple(out_steps), (m, t), int(hits), tuple([bool(f) for f in flags]),
            tuple([int(d) for d in ds]))


def _check_die(d: Any, what: str) -> int:
    if type(d) is int and 1 <= d <= 6:
        return d
    if not _whole(d, 1, 6):
        raise BoardkitError(f"{what} must be a die, a whole number 1..6; got {_short(d)}")
    return int(d)


def pip_count(side: Iterable[int]) -> int:
    """Pips a side still has to travel: point number times checkers, 25 for the bar.
    ``side``: 26 counts in its owner's numbering (checked, BG-02)."""
    return _pips(_check_side(side, "side"))


def _pips(s) -> int:
    """``pip_count`` of a side known to be right (the game's own board)."""
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
    in searches. The generator's plays are lazy: they keep the position before the
    play and the raw steps, and build ``after``, ``steps`` and ``hit_flags`` only when
    asked -- a random game looks at one play per turn. Treat it as immutable.)
    """

    __slots__ = ("_raw", "_base", "dice", "_after", "_steps", "_flags", "_hits")

    def __init__(self, steps, after, hits: int = 0, hit_flags=(), dice=()):
        # a play built by hand (or unpickled) is checked here, once; the generator's
        # plays are made without this __init__ (``_GenPlay``, ``_lazy``)
        self._steps, self._after, self._hits, self._flags, self.dice = _check_play_args(
            steps, after, hits, hit_flags, dice)
        # the generator's raw steps ((from, to, hit, die), ...); None on a play built from
        # steps (Any: the fast paths read it only on the generator's plays)
        self._raw: Any = None
        self._base = None

    @classmethod
    def _lazy(cls, after, raw, dice) -> Play:
        """A play from the generator's raw steps ((from, to, hit, die), ...); the tuples
        are built only when asked for (most plays in a search are never looked at)."""
        p = cls.__new__(cls)
        p._after, p._raw, p.dice, p._base = after, raw, dice, None
        return p

    # The generator's plays carry only _raw, _base (the position before) and dice; the
    # other slots stay empty until asked for (AttributeError -> built once).
    @property
    def after(self):
        try:
            return self._after
        except AttributeError:
            a = self._after = _apply_raw(self._base, self._raw)
            return a

    def _unpack(self) -> None:
        raw = self._raw
        self._steps = tuple([(x[0], x[1]) for x in raw])
        self._flags = tuple([x[2] for x in raw])
        self._hits = self._flags.count(True)

    @property
    def steps(self) -> tuple:
        try:
            return self._steps
        except AttributeError:
            self._unpack()
            return self._steps

    @property
    def hit_flags(self) -> tuple:
        try:
            return self._flags
        except AttributeError:
            self._unpack()
            return self._flags

    @property
    def hits(self) -> int:
        try:
            return self._hits
        except AttributeError:
            self._unpack()
            return self._hits

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Play) and other.after == self.after)

    def __hash__(self) -> int:
        return hash(self.after)

    def __reduce__(self):
        # rebuilt without the checks of __init__ (the values are a generated play's own;
        # a game of 500 moves unpickles in a process pool as fast as before the checks)
        return (_restore_play, (self.steps, self.after, self.hits, self.hit_flags, self.dice))

    @property
    def is_pass(self) -> bool:
        raw = self._raw
        return not (raw if raw is not None else self._steps)

    def __str__(self) -> str:
        return notation(self.steps, self.hit_flags)

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


def _restore_play(steps, after, hits, hit_flags, dice) -> Play:
    """A pickled ``Play`` rebuilt as it was (``Play.__reduce__``)."""
    p = Play.__new__(Play)
    p._steps, p._after, p._hits, p._flags, p.dice = steps, after, hits, hit_flags, dice
    p._raw = p._base = None
    return p


class _GenPlay(Play):
    """The generator's plays: a ``Play`` in every way (the same name, equality, pickling
    as a Play), made by a plain class call: with object's own ``__init__`` CPython makes
    the object about twice as fast as ``Play.__new__(Play)``, and a turn makes ~18."""

    __slots__ = ()
    __init__ = object.__init__


_GenPlay.__name__ = _GenPlay.__qualname__ = "Play"


def step_in_place(m: list, t: list, raw) -> None:
    """Make the raw steps ((from, to, hit, die), ...) on the lists ``m`` (the mover's
    checkers) and ``t`` (the opponent's, from its own side: a hit goes to its bar, 25)."""
    for src, dst, hit, _ in raw:
        m[src] -= 1
        m[dst] += 1
        if hit:
            t[25 - dst] -= 1
            t[25] += 1


def _apply_raw(base, raw):
    """(mine, theirs) after the raw steps ((from, to, hit, die), ...) from ``base``."""
    m, t = list(base[0]), list(base[1])
    step_in_place(m, t, raw)
    return (tuple(m), tuple(t))


# -------------------------------------------------------------- move generation
_POINTS_DOWN = tuple(range(24, 0, -1))


def _single(m, t, d):
    """Every (from, to, hit) one checker can make with die d (BG-04/05/07/09)."""
    if m[25]:                                   # bar first (BG-07): enter on point 25-d
        o = t[d]                                # their checkers on my point 25-d
        return [(25, 25 - d, o == 1)] if o < 2 else []
    srcs = list(compress(_POINTS_DOWN, m[24:0:-1]))   # my points, highest first
    if not srcs:
        return []
    hi = srcs[0]
    out = []
    for src in srcs:
        dst = src - d
        if dst > 0:
            o = t[25 - dst]
            if o < 2:
                out.append((src, dst, o == 1))
        else:
            # off, once all checkers are home: exactly, or from the highest (BG-09);
            # no lower point can bear off with this die then
            if hi <= 6 and (dst == 0 or src == hi):
                out.append((src, 0, False))
            break
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


# Keys: a play is told apart from the others of its roll by the position it reaches.
# Rather than building two 26-tuples per candidate, the generator adds up integer
# deltas: the position is read as one integer with a 4-bit digit per count (mine in
# digits 0..25, theirs in digits 26..51), and a step src -> dst changes it by
# _MV[src][dst] (+ _HIT[dst] when it hits). Equal sums = equal positions. Tables built once.
_MV = [[(1 << 4 * dst) - (1 << 4 * src) for dst in range(26)] for src in range(26)]
_HIT = [((1 << 100) - (1 << 4 * (25 - dst))) << 104 for dst in range(26)]
# The raw steps themselves, built once: _ST[d][src] = (step without a hit, with a hit),
# a step being (from, to, hit, die); to = 0 for a checker borne off, 25 - d entering.
_ST = [None] + [[((src, max(src - d, 0), False, d), (src, max(src - d, 0), True, d))
                 for src in range(26)] for d in range(1, 7)]


def _two_general(m, t, d1, d2, single=_single, MV=_MV, HIT=_HIT) -> list:
    """The plays of two different dice the flat searches leave (bearing off, checkers on
    the bar, or no play using both dice): raw steps ((from, to, hit, die), ...), one per
    position reached, told apart by keys (see _MV). ``m``, ``t``: lists, moved in place
    and restored. The bear-off (every checker of mine home, none on the bar) runs this
    same search with the home board's single steps and small keys: ``single``,
    ``MV``, ``HIT`` = ``_home_single``, ``_MVH``, ``_HITH``. One search, so BG-08's
    choices (both dice if possible, else the larger) are written once."""
    # both orders, flat
    out: dict = {}
    ones = []
    for da, db in ((d1, d2), (d2, d1)):
        for src, dst, hit in single(m, t, da):
            m[src] -= 1
            m[dst] += 1
            k1 = MV[src][dst]
            if hit:
                t[25 - dst] -= 1
                t[25] += 1
                k1 += HIT[dst]
            first = (src, dst, hit, da)
            seconds = single(m, t, db)
            for s2, e2, h2 in seconds:
                k = k1 + MV[s2][e2] + HIT[e2] if h2 else k1 + MV[s2][e2]
                if k not in out:
                    out[k] = (first, (s2, e2, h2, db))
            if not seconds:
                ones.append((k1, (first,)))
            m[src] += 1
            m[dst] -= 1
            if hit:
                t[25 - dst] += 1
                t[25] -= 1
    if out:
        return list(out.values())
    if not ones:
        return []
    # only one die can be played: the larger one if it can (BG-08). Listed from the
    # larger die itself, since a bear-off may reach the same position with either.
    big = max(d1, d2)
    bigs = single(m, t, big)
    if bigs:
        for src, dst, hit in bigs:
            k = MV[src][dst] + HIT[dst] if hit else MV[src][dst]
            if k not in out:
                out[k] = ((src, dst, hit, big),)
    else:
        for k, st in ones:
            if k not in out:
                out[k] = st
    return list(out.values())


# All my checkers home, none on the bar: a step changes only my points 0..6 (4-bit
# digits, as _MV) and, when it hits, one of their points, at most once per point (a
# flag bit above my digits): small keys, equal exactly when the positions are.
_MVH = [[(1 << 4 * dst) - (1 << 4 * src) for dst in range(7)] for src in range(7)]
_HITH = [1 << (28 + dst) for dst in range(7)]
_HOME_DOWN = (6, 5, 4, 3, 2, 1)


def _home_single(m, t, d):
    """``_single`` when every checker of mine is home (none on the bar): the same steps
    in the same order, from a scan of the six home points (tests/test_backgammon_movegen.py
    checks it against ``_single`` on every home board, and the bear-off plays against
    the plain search on every all-home position with every roll)."""
    out = []
    srcs = list(compress(_HOME_DOWN, m[6:0:-1]))
    for src in srcs:
        dst = src - d
        if dst > 0:
            o = t[25 - dst]
            if o < 2:
                out.append((src, dst, o == 1))
        else:
            if dst == 0 or src == srcs[0]:
                out.append((src, 0, False))
            break
    return out


def _two_dice(m, t, d1, d2) -> list:
    """The plays of a roll of two different dice when both can be played without the
    bar and without bearing off (no checker on the bar, two or more outside the home
    board): the same search and order as ``_two_general``, without rescanning the board
    for the second die. Empty if no play uses both dice (``_two_general`` then decides).

    No keys are needed: a play moving two checkers, one by each die (d1 on the point
    ``s1``, d2 on ``s2``), changes my points by x^(s1-d1) - x^s1 + x^(s2-d2) - x^s2,
    and two such plays reach the same position only if they are the same pair, unless
    the terms cancel: s2 = s1 - d1 or s1 = s2 - d2, when the play is really one checker
    moved by both dice. Those (and the chains of one checker) are the only plays that
    can come twice, and each is told by its starting point and where it hit on the way,
    if it did (``one``): the first found is kept, as in the full search."""
    srcs = list(compress(_POINTS_DOWN, m[24:0:-1]))     # my points, highest first
    out: list = []
    one = set()     # one-checker plays so far: 3 * start + (1: hit on the way by d1 first, 2: by d2)
    da, db = d1, d2
    Sa, Sb = _ST[da], _ST[db]
    # the second die's legal steps from the original points, worked out once (source
    # order); the first step can only change them where it starts (s1 emptied), where
    # it lands (e1: a blot there already hit; a checker there that was not) or refills
    sec = []
    for s2 in srcs:
        e2 = s2 - db
        if e2 <= 0:
            break
        o2 = t[25 - e2]
        if o2 < 2:
            sec.append((s2, e2, Sb[s2][o2 == 1]))
    for s1 in srcs:
        e1 = s1 - da
        if e1 <= 0:
            break
        o1 = t[25 - e1]
        if o1 >= 2:
            continue
        h1 = o1 == 1
        first = Sa[s1][h1]
        gone = m[s1] == 1           # s1 is empty after the first step
        new_pt = not m[e1]          # e1 holds a checker now that did not before
        for s2, e2, st2 in sec:
            if new_pt and s2 < e1:  # e1 in its place in the descending order
                new_pt = False
                x = e1 - db
                if x > 0:
                    o2 = t[25 - x]
                    if o2 < 2:
                        kk = 3 * s1 + h1
                        if kk not in one:
                            one.add(kk)
                            out.append((first, Sb[e1][o2 == 1]))
            if s2 == s1:
                if gone:
                    continue
            elif s2 == e1:          # the checker on e1 moves on: one checker from s1
                kk = 3 * s1         # (e1 was mine already: no hit there)
                if kk in one:
                    continue
                one.add(kk)
            elif e2 == s1:          # s1 refilled from s2: one checker from s2 via s1
                kk = 3 * s2
                if kk in one:
                    continue
                one.add(kk)
            if h1 and e2 == e1:     # (the blot there is already hit)
                st2 = Sb[s2][0]
            out.append((first, st2))
        if new_pt:                  # e1 is below every other source
            e2 = e1 - db
            if e2 > 0:
                o2 = t[25 - e2]
                if o2 < 2:
                    kk = 3 * s1 + h1
                    if kk not in one:
                        one.add(kk)
                        out.append((first, Sb[e1][o2 == 1]))
    # The other order (d2 first) can only add one checker moving both dice through the
    # other landing point: two different checkers reach the same position either way,
    # and in this case (no bar, no bearing off) a step's legality does not depend on
    # the order. So only those chains are tried, in the order of the full search.
    # (the first steps of this order are the steps of sec: d2 from an original point)
    for s1, e1, st1 in sec:
        e2 = e1 - da
        if e2 > 0:
            o2 = t[25 - e2]
            # (a hit on e1 here: another position)
            if o2 < 2 and 3 * s1 + 2 * st1[2] not in one:
                out.append((st1, Sa[e1][o2 == 1]))
    return out


def _enter_one(m, t, d1, d2) -> list:
    """The plays of two different dice with one checker on the bar, when some play uses
    both dice: it enters with one die (BG-07), then any checker moves the other (no
    bearing off: the entered checker is outside the home board). The general search's
    order (d1 first, then d2 first); two plays can only reach the same position when
    the entered checker moves on with the other die in both orders and neither order
    hits on the way. Empty when no play uses both dice (``_two_general`` then decides)."""
    out: list = []
    chain = False               # the entering checker moving on, no hit on the way, seen
    for da, db in ((d1, d2), (d2, d1)):
        o = t[da]               # their checkers on my point 25 - da
        if o >= 2:
            continue
        e1 = 25 - da
        h1 = o == 1
        m[25] = 0
        m[e1] += 1
        if h1:
            t[da] = 0
            t[25] += 1
        first = _ST[da][25][h1]
        Sb = _ST[db]
        try:
            # my points that can move db without bearing off, highest first
            for s2 in compress(_POINTS_DOWN[:24 - db], m[24:db:-1]):
                o2 = t[25 - s2 + db]
                if o2 < 2:
                    if s2 == e1 and not h1:
                        if chain:
                            continue
                        chain = True
                    out.append((first, Sb[s2][o2 == 1]))
        finally:
            m[25] = 1
            m[e1] -= 1
            if h1:
                t[da] = 1
                t[25] -= 1
    return out


def _enter_two(d1, d2, t) -> list:
    """The plays of two different dice with two or more checkers on the bar: each die
    enters one (BG-07), d1's first as in the general search; a die whose point is held
    leaves only the other's entry (the other checker stays on the bar)."""
    o1, o2 = t[d1], t[d2]           # their checkers on my points 25 - d1, 25 - d2
    if o1 < 2:
        a = _ST[d1][25][o1 == 1]
        return [(a, _ST[d2][25][o2 == 1])] if o2 < 2 else [(a,)]
    return [(_ST[d2][25][o2 == 1],)] if o2 < 2 else []


def _double(m, t, d, n=4, pre=()) -> list:
    """The plays of a double while no checker can be borne off (no checker on the bar,
    ``n`` moves left and at least ``n`` checkers outside the home board), each after
    the steps ``pre`` already made (the checkers entered from the bar): the canonical
    order (sources from the highest point down, each move from a point no higher than
    the one before), over the points that can move at all, as nested loops moving
    ``m`` in place. A list of raw steps: no two are alike, so no keys are needed (each
    move takes a checker d pips down, never off the board, so the play's change to the
    position is (x^-d - 1) times the sum of x^source over its moves: different
    multisets of sources, which is all the canonical order enumerates, reach different
    positions)."""
    # The candidate sources, highest first: occupied, or reached by a chain of moves
    # from an occupied point, with the landing point open. Whether a move hits is known
    # before the loops: the sources never rise, so a move lands where an earlier one
    # did only when it starts from the same point, and then the first of them has
    # already hit any blot there (a checker entered from the bar lands on 25 - d, where
    # no move of d from a point can land). Rows: (index, point, landing point, its step
    # as it stands, its step after a move from the same point); the loops of move k
    # run over the rows from the previous move's on (``tails``).
    ST = _ST[d]
    rows: list = []
    reach = [0] * 31            # moves a checker can still make from here on the way
    for q in range(24, d, -1):
        r = n if m[q] else reach[q + d] - 1
        if r > 0:
            o = t[25 - q + d]
            if o < 2:
                reach[q] = r
                st = ST[q]
                rows.append((len(rows), q, q - d, st[o == 1], st[0]))
    nc = len(rows)
    tails = [rows[i:] for i in range(nc + 1)]
    out: list = []
    if n == 3:
        # (one checker entered from the bar) the loops below, one level less
        short = False
        for i0, q0, x0, s0, _ in rows:
            if not m[q0]:
                continue
            m[q0] -= 1
            m[x0] += 1
            any1 = False
            for i1, q1, x1, sh1, sn1 in tails[i0]:
                if not m[q1]:
                    continue
                any1 = True
                s1 = sn1 if i1 == i0 else sh1
                m[x1] += 1
                any2 = False
                if m[q1] > 1:
                    any2 = True
                    out.append(pre + (s0, s1, sn1))
                for _, q2, _, sh2, _ in tails[i1 + 1]:
                    if m[q2]:
                        any2 = True
                        out.append(pre + (s0, s1, sh2))
                m[x1] -= 1
                if not any2:
                    out.append(pre + (s0, s1))
                    short = True
            if not any1:
                out.append(pre + (s0,))
                short = True
            m[q0] += 1
            m[x0] -= 1
        return _longest(out) if short else out
    if n < 4:
        if nc:
            _double_rec(m, n, pre, out, tails, 0, -1)
        return _longest(out) if out else out
    short = False
    for i0, q0, x0, s0, _ in rows:
        if not m[q0]:
            continue
        m[q0] -= 1
        m[x0] += 1
        any1 = False
        for i1, q1, x1, sh1, sn1 in tails[i0]:
            if not m[q1]:
                continue
            any1 = True
            s1 = sn1 if i1 == i0 else sh1
            m[q1] -= 1
            m[x1] += 1
            any2 = False
            for i2, q2, x2, sh2, sn2 in tails[i1]:
                if not m[q2]:
                    continue
                any2 = True
                s2 = sn2 if i2 == i1 else sh2
                # the last move: from q2 again if a checker is left there (no hit: the
                # blot, if any, is gone), or from lower with the checker now on x2
                m[x2] += 1
                any3 = False
                if m[q2] > 1:
                    any3 = True
                    out.append((s0, s1, s2, sn2))
                for _, q3, _, sh3, _ in tails[i2 + 1]:     # below q2
                    if m[q3]:
                        any3 = True
                        out.append((s0, s1, s2, sh3))
                m[x2] -= 1
                if not any3:
                    out.append((s0, s1, s2))
                    short = True
            if not any2:
                out.append((s0, s1))
                short = True
            m[q1] += 1
            m[x1] -= 1
        if not any1:
            out.append((s0,))
            short = True
        m[q0] += 1
        m[x0] -= 1
    return _longest(out) if short else out


def _longest(out: list) -> list:
    most = max(map(len, out))
    return [s for s in out if len(s) == most]


def _double_rec(m, n, pre, out, tails, i0, prev) -> None:
    """``_double``'s loops for any number of moves ``n`` left (after ``pre``), from the
    row ``i0`` on; ``prev``: the row of the move before (-1: none)."""
    any_move = False
    for i, q, x, sh, sn in tails[i0]:
        if not m[q]:
            continue
        any_move = True
        st = pre + (sn if i == prev else sh,)
        if n == 1:
            out.append(st)
            continue
        m[q] -= 1
        m[x] += 1
        _double_rec(m, n - 1, st, out, tails, i, i)
        m[q] += 1
        m[x] -= 1
    if not any_move and pre:
        out.append(pre)


def _double_off(m, t, d, n, pre, out, canon, hi) -> None:
    """A double's plays when checkers may be borne off on the way (no checker on the
    bar): the canonical depth-first order of ``_double`` (sources from ``canon`` down),
    appending raw steps to ``out`` (the caller keeps the longest, BG-08). No two
    are alike: moves of one die reach a position that tells their multiset of sources
    apart (the highest source is the highest point whose count drops, and so on down),
    so, as in ``_double``, the canonical order meets each position once. ``hi``: no
    checker of mine is above it (the highest is found from there down: it only falls)."""
    while hi and not m[hi]:
        hi -= 1
    any_move = False
    home = hi <= 6                  # all checkers home: bearing off allowed (BG-09)
    ST = _ST[d]
    top = canon if canon < hi else hi
    # my points from top down (the board is as it is now again after each move below)
    for src in compress(_POINTS_DOWN[24 - top:], m[top:0:-1]):
        dst = src - d
        if dst > 0:
            o = t[25 - dst]
            if o >= 2:
                continue
            h = o == 1
        elif not home or (dst and src != hi):
            break                   # (no lower point can move either)
        else:                       # off: exactly, or from the highest point
            dst, h = 0, False
        any_move = True
        st = pre + (ST[src][h],)
        if n == 1:
            out.append(st)
            continue
        m[src] -= 1
        m[dst] += 1
        if h:
            t[25 - dst] = 0
        _double_off(m, t, d, n - 1, st, out, src, hi)
        m[src] += 1
        m[dst] -= 1
        if h:
            t[25 - dst] = 1
    if not any_move and pre:
        out.append(pre)


def _enter_double(m, t, d) -> list:
    """A double with checkers on the bar: they enter first (BG-07), on point 25 - d,
    then the moves left are ``_double``'s, or ``_double_off``'s when a checker may be
    borne off on the way."""
    bar = m[25]
    o = t[d]
    if o >= 2:
        return []                           # the entry point is held: no play
    k = 4 if bar >= 4 else bar
    e = 25 - d
    st = _ST[d][25]
    pre = (st[o == 1],) + (st[0],) * (k - 1)
    if k == 4:
        return [pre]
    left = 4 - k
    m[25] -= k
    m[e] += k
    if o == 1:
        t[d] = 0
        t[25] += 1
    try:
        if sum(m[7:25]) >= left:            # (bar - k = 0; the entered checkers are outside)
            out = _double(m, t, d, left, pre)
        else:
            out = []
            _double_off(m, t, d, left, pre, out, 25, 24)
            out = _longest(out) if out else out
    finally:
        m[25] += k
        m[e] -= k
        if o == 1:
            t[d] = 1
            t[25] -= 1
    return out or [pre]


def plays_for(mine, theirs, d1: int, d2: int) -> list[Play]:
    """Every distinct legal play for the roll d1-d2 (one per resulting position, BG-08).

    ``mine``/``theirs``: 26 counts each, in their owner's numbering (index 25 = bar,
    0 = off); the player to move owns ``mine``. A position with no legal play gives a
    single empty play, "(no play)". Plays come in a stable order. The arguments are
    checked (BoardkitError naming the one that is wrong); the search calls
    ``_plays_for``, the same without the checks."""
    m, t = _check_position(mine, theirs)
    return _plays_for(m, t, _check_die(d1, "d1"), _check_die(d2, "d2"))


def _plays_for(mine, theirs, d1: int, d2: int) -> list[Play]:
    """``plays_for`` of a position and dice known to be right (no checks)."""
    base = (tuple(mine), tuple(theirs))
    # the order is the search's: deterministic for a given position and roll
    return _plays_in_place(list(base[0]), list(base[1]), d1, d2, base)


def _plays_in_place(m: list, t: list, d1: int, d2: int, base=None) -> list[Play]:
    """``plays_for`` of the lists ``m``, ``t`` (the game's own: moved during the search
    and put back, so no copies are made); ``base``: the same position as two tuples,
    if at hand."""
    if base is None:
        base = (tuple(m), tuple(t))
    try:
        # the flat searches where they apply (see the module's docstring), else keys
        if d1 == d2:
            if m[25]:
                raw = _enter_double(m, t, d1)
            elif sum(m[7:25]) >= 4:
                raw = _double(m, t, d1)
            else:
                raw = []
                _double_off(m, t, d1, 4, (), raw, 25, 24)
                if raw:
                    raw = _longest(raw)
        else:
            raw = None
            if not m[25]:
                out7 = sum(m[7:25])
                if out7 >= 2:
                    raw = _two_dice(m, t, d1, d2)
                elif not out7:
                    raw = _two_general(m, t, d1, d2, _home_single, _MVH, _HITH) or [()]
            elif m[25] == 1:
                raw = _enter_one(m, t, d1, d2)
            else:
                raw = _enter_two(d1, d2, t) or [()]
            if not raw:
                raw = _two_general(m, t, d1, d2)
    except BaseException:               # (an interrupt mid-search): the board as it was
        m[:], t[:] = base
        raise
    dice = (d1, d2) if d1 >= d2 else (d2, d1)
    if not raw:
        raw = [()]                      # no legal play: the empty play, "(no play)"
    out = []
    for st in raw:
        p = _GenPlay()
        p._raw, p._base, p.dice = st, base, dice
        out.append(p)
    return out


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
