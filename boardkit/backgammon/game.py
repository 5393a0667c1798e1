"""Backgammon (バックギャモン): the position, the dice, the plays, the cube.

A position is kept as two lists of 26 counts, one per player, each in that player's
own numbering (BG-01): index 1..24 are the player's points 1..24, index 25 the bar,
index 0 the checkers borne off. Point ``i`` of one player is point ``25 - i`` of the
other, so the opponent's checkers on my point ``i`` are ``theirs[25 - i]``.

A turn is a short sequence of steps (the turn structure shared with the bots):

    "cube"     the player on roll may double: legal_moves() = roll / double  (BG-12)
    "respond"  the opponent answers a double: take / pass                    (BG-12)
    "roll"     chance_pending(): resolve_chance(rng) or set_dice(a, b) rolls
    "move"     legal_moves() = every distinct legal play for the dice        (BG-08)

The game starts in "opening": one chance step rolls one die each, re-rolling ties,
and the higher die plays both numbers (BG-03).

``plays_for(mine, theirs, d1, d2)`` is the fast move generator the whole module (and
the search in ai.py) uses; it needs no game object.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, NamedTuple

from .._core import BoardkitError, FormatError, Game, IllegalMoveError, Outcome
from .rules import BackgammonRules

__all__ = ["BackgammonGame", "Play", "CubeAction", "Step", "plays_for", "START",
           "PLAYER_NAMES", "pip_count", "side"]

PLAYER_NAMES = ("White", "Red")
#: the start position for either side, in its own numbering (BG-02)
START: tuple[int, ...] = tuple([0] + [0] * 5 + [5, 0, 3, 0, 0, 0, 0, 5] + [0] * 10 + [2, 0])
assert sum(START) == 15 and START[24] == 2 and START[13] == 5 and START[8] == 3 and START[6] == 5


def _point_name(i: int) -> str:
    return "bar" if i == 25 else "off" if i == 0 else str(i)


def side(points: dict[int, int] | None = None, bar: int = 0) -> list[int]:
    """One side's 26 counts (as ``position()`` gives them) from ``{point: checkers}`` in
    that side's own numbering (25 = the bar) plus ``bar`` more on the bar; the rest of the 15 are
    borne off. For teaching positions: ``BackgammonGame.from_position(side({6: 5}),
    side({24: 2}))`` (BG-02 checks happen there)."""
    s = [0] * 26
    for p, n in (points or {}).items():
        if not isinstance(p, int) or not 1 <= p <= 25:
            raise BoardkitError(f"points are numbered 1 to 24 from the side's own end, 25 is "
                                f"the bar (BG-01), got {p!r}")
        s[p] = n
    s[25] += bar
    s[0] = 15 - sum(s)
    return s


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
    def _lazy(cls, after, raw, dice) -> "Play":
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


@dataclass(frozen=True)
class CubeAction:
    """A cube decision: "roll" (no double), "double", "take" or "pass" (BG-12)."""

    action: str

    def __post_init__(self) -> None:
        if self.action not in ("roll", "double", "take", "pass"):
            raise BoardkitError(f"a cube action is one of ['roll', 'double', 'take', 'pass'], "
                                f"got {self.action!r} (BG-12)")

    def __str__(self) -> str:
        return self.action


def notation(steps, hit_flags=()) -> str:
    """Standard text of a play (BG-16), written the way GNU Backgammon writes it: the
    single moves sorted from the back (highest point first, longer first), one checker's
    moves joined (``24/13``, with ``*`` on a point where it hit on the way), equal moves
    counted (``8/5(2)``)."""
    if not steps:
        return "(no play)"
    flags = list(hit_flags) or [False] * len(steps)
    order = sorted(zip(steps, flags), key=lambda x: (-x[0][0], -x[0][1]))
    paths: list[list] = []          # [[points...], [hit after each point...]]
    for (a, b), h in order:
        for p in paths:             # continue the checker that just arrived on a
            if p[0][-1] == a and a != 0:
                p[0].append(b)
                p[1].append(h)
                break
        else:
            paths.append([[a, b], [False, h]])
    # equal moves are counted by their points; the first one's text (with its * when
    # it hit) stands for the group: "6/4*(2)", as gnubg writes it
    texts, counts, order_ = {}, {}, []
    for pts, hits in paths:
        key = tuple(pts)
        if key in counts:
            counts[key] += 1
            continue
        s = _point_name(pts[0])
        for k in range(1, len(pts)):
            if k == len(pts) - 1 or hits[k]:
                s += "/" + _point_name(pts[k]) + ("*" if hits[k] else "")
        texts[key], counts[key] = s, 1
        order_.append(key)
    return " ".join(texts[k] if counts[k] == 1 else f"{texts[k]}({counts[k]})" for k in order_)


_TOKEN = re.compile(r"^(bar|b|\d{1,2})((?:/(?:\d{1,2}|off|o)\*?)+)(?:\((\d)\))?$", re.I)


def parse_notation(text: str) -> list[tuple[int, int, bool]]:
    """Text of a play to single moves ((from, to, marked_hit), ...). FormatError if bad."""
    t = text.strip()
    if t.lower() in ("(no play)", "no play", "pass", "-", ""):
        return []
    moves: list[tuple[int, int, bool]] = []
    for tok in t.replace(",", " ").split():
        m = _TOKEN.match(tok)
        if not m:
            raise FormatError(f"backgammon move text (BG-16): cannot read {tok!r}; write moves "
                              f"like '24/18 13/11', 'bar/22', '6/off', '8/5(2)', '13/7*'")
        start = 25 if m.group(1).lower() in ("bar", "b") else int(m.group(1))
        pts, cur = [], start
        for part in m.group(2).split("/")[1:]:
            hit = part.endswith("*")
            p = part.rstrip("*").lower()
            nxt = 0 if p in ("off", "o") else int(p)
            if not (1 <= start <= 25) or not (0 <= nxt <= 24) or nxt >= cur:
                raise FormatError(f"backgammon move text (BG-16): {tok!r} is not a forward move "
                                  f"between points 25 (bar)..1 and 0 (off)")
            pts.append((cur, nxt, hit))
            cur = nxt
        n = int(m.group(3) or 1)
        if not 1 <= n <= 4:
            raise FormatError(f"backgammon move text (BG-16): repeat count in {tok!r} must be 1..4")
        moves.extend(pts * n)
    return moves


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


# ----------------------------------------------------------------- the game
_PHASES = ("opening", "cube", "respond", "roll", "move", "over")


class BackgammonGame(Game):
    """A game of backgammon (money play or one game of a match).

    Players: 0 = White, 1 = Red; each counts the points from its own side (BG-01).

        g = BackgammonGame()               # the start position, before the opening roll
        g.set_dice(3, 1)                   # or g.roll(rng)
        g.legal_moves()                    # 16 distinct plays
        g.play("8/5 6/5")
    """

    name = "backgammon"
    rules_class = BackgammonRules
    player_names = PLAYER_NAMES

    def __init__(self, rules: BackgammonRules | None = None, *, score: tuple[int, int] = (0, 0),
                 crawford: bool = False):
        super().__init__()
        self.rules = rules if rules is not None else BackgammonRules.money()
        if not isinstance(self.rules, BackgammonRules):
            raise BoardkitError(f"rules must be a BackgammonRules, got {type(self.rules).__name__}")
        self._board = [list(START), list(START)]
        self._phase = "opening"
        self._turn = 0          # who acts next
        self._roller = 0        # who is on roll (owns the dice)
        self._dice: tuple[int, int] | None = None
        self._cube = 1
        self._owner: int | None = None
        self._result: tuple | None = None      # (winner, reason, points)
        self._opening: tuple = ()              # the opening rolls, ties included (BG-03)
        self._score, self._crawford = (0, 0), False
        self._cache: tuple = (None, None)
        self.set_match_state(score=score, crawford=bool(crawford))      # checked (BG-13, BG-14)

    def _check_score(self, score) -> tuple[int, int]:
        try:
            a, b = (int(x) for x in score)
        except (TypeError, ValueError):
            raise BoardkitError(f"score must be two integers, got {score!r} (BG-13)") from None
        n = self.rules.match_length
        if a < 0 or b < 0 or (n and (a >= n or b >= n)):
            raise BoardkitError(f"score {score!r} is impossible in a match to {n} (BG-13)")
        return (a, b)

    # ------------------------------------------------------------ properties
    @property
    def turn(self) -> int:
        return self._turn

    @property
    def roller(self) -> int:
        """The player on roll (who owns the dice); differs from turn while a double waits."""
        return self._roller

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def dice(self) -> tuple[int, int] | None:
        return self._dice

    @property
    def cube_value(self) -> int:
        return self._cube

    @property
    def cube_owner(self) -> int | None:
        """None while the cube is in the middle, else the player who owns it (BG-12)."""
        return self._owner

    @property
    def score(self) -> tuple[int, int]:
        return self._score

    @property
    def crawford(self) -> bool:
        """True in the Crawford game of a match: no doubling (BG-14)."""
        return self._crawford

    @property
    def opening_rolls(self) -> tuple:
        """The opening rolls (White's die, Red's die), ties first (BG-03)."""
        return self._opening

    def board(self, player: int) -> tuple[int, ...]:
        """Player's 26 counts in their own numbering (0 off, 1..24 points, 25 bar)."""
        return tuple(self._board[player])

    def position(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(mine, theirs) from the side of the player on roll."""
        r = self._roller
        return tuple(self._board[r]), tuple(self._board[1 - r])

    def pip_count(self, player: int | None = None):
        """Pips left to bear off: (White, Red), or one player's count."""
        if player is None:
            return (pip_count(self._board[0]), pip_count(self._board[1]))
        if player not in (0, 1):
            raise BoardkitError(f"player must be 0 (White) or 1 (Red), got {player!r}")
        return pip_count(self._board[player])

    def checkers_at(self, point: int, player: int = 0) -> tuple[int | None, int]:
        """(owner, count) on a point numbered from ``player``'s side (None if empty)."""
        if not 1 <= point <= 24:
            raise BoardkitError(f"points are numbered 1..24 (BG-01), got {point!r}")
        mine = self._board[player][point]
        theirs = self._board[1 - player][25 - point]
        if mine:
            return player, mine
        if theirs:
            return 1 - player, theirs
        return None, 0

    def is_race(self) -> bool:
        """True once contact is broken: no checker can ever hit again."""
        a, b = self._board
        hi_a = max([i for i in range(1, 26) if a[i]] or [0])
        hi_b = max([i for i in range(1, 26) if b[i]] or [0])
        # my highest checker (own numbering) must be below their lowest (in my numbering)
        return hi_a + hi_b <= 25 and not a[25] and not b[25]

    # --------------------------------------------------------------- the cube
    def may_double(self, player: int | None = None) -> bool:
        """Whether ``player`` (default: the one on roll) may double now (BG-12, BG-14)."""
        p = self._roller if player is None else player
        return self._cube_reason(p) is None

    def _cube_reason(self, p: int) -> str | None:
        """None if p may offer the cube at the start of its turn, else why not."""
        r = self.rules
        if not r.cube:
            return "the doubling cube is not used in this game (BG-12)"
        if self._crawford:
            return "no doubling in the Crawford game (BG-14)"
        if self._owner is not None and self._owner != p:
            return "only the cube owner may redouble (BG-12)"
        if self._cube * 2 > r.max_cube:
            return f"the cube is already at its highest value, {self._cube} (BG-12)"
        return None

    # ------------------------------------------------------------------ dice
    def chance_pending(self) -> bool:
        return self._phase in ("opening", "roll")

    def resolve_chance(self, rng) -> tuple[int, int]:
        """Roll the dice (seeded numpy Generator). At the opening each player rolls one
        die and ties are rolled again (BG-03); returns the dice."""
        if self._phase == "opening":
            rolls = []
            while True:
                a, b = (int(x) for x in rng.integers(1, 7, size=2))
                rolls.append((a, b))
                if a != b:
                    break
            self._opening = tuple(rolls)
            self._start_turn(0 if a > b else 1, (a, b) if a > b else (b, a))
            return self._dice
        if self._phase != "roll":
            raise IllegalMoveError(self._not_now("roll the dice"))
        a, b = (int(x) for x in rng.integers(1, 7, size=2))
        self._start_turn(self._roller, (a, b))
        return self._dice

    def roll(self, rng) -> tuple[int, int]:
        """Roll for the player on roll; at the start of a turn where a double is
        possible this means "no double" (CubeAction("roll")) first."""
        if self._phase == "cube":
            self.play(CubeAction("roll"))
        return self.resolve_chance(rng)

    def set_dice(self, a: int, b: int) -> "BackgammonGame":
        """Set the roll by hand (teaching, set-up positions). At the very start this
        gives White the first play with a-b (a set-up shortcut: real games begin with
        resolve_chance, BG-03). Returns the game so calls chain."""
        for x in (a, b):
            if type(x) is not int or not 1 <= x <= 6:
                raise BoardkitError(f"dice show 1..6, got {a!r}, {b!r} (BG-03)")
        if self._phase == "respond":
            raise IllegalMoveError("a double is waiting for an answer: take or pass first (BG-12)",
                                   "BG-12")
        if self._phase == "over":
            raise IllegalMoveError("the game is over: " + self.outcome().reason)
        if self._phase == "cube":
            self.play(CubeAction("roll"))
        if self._phase == "opening":
            self._opening = ((a, b),)
            self._start_turn(0, (a, b))
        else:
            self._start_turn(self._roller, (a, b))
        return self

    def _start_turn(self, player: int, dice: tuple[int, int]) -> None:
        self._roller = self._turn = player
        self._dice = (dice[0], dice[1])
        self._phase = "move"

    def _not_now(self, what: str) -> str:
        return {
            "opening": f"cannot {what} now: the game starts with the opening roll (BG-03)",
            "cube": f"cannot {what} now: {PLAYER_NAMES[self._roller]} first chooses to roll or double (BG-12)",
            "respond": f"cannot {what} now: {PLAYER_NAMES[self._turn]} must take or pass the double (BG-12)",
            "roll": f"cannot {what} now: the dice must be rolled first",
            "move": f"cannot {what} now: the dice are rolled, a play is due (BG-08)",
            "over": f"cannot {what} now: the game is over",
        }[self._phase]

    # --------------------------------------------------------------- moves
    def _generate(self) -> list:
        ph = self._phase
        if ph == "move":
            key = (self._board[0] + self._board[1], self._roller, self._dice)
            if self._cache[0] != key:
                mine, theirs = self.position()
                self._cache = (key, plays_for(mine, theirs, *self._dice))
            return list(self._cache[1])
        if ph == "cube":
            return [CubeAction("roll"), CubeAction("double")]
        if ph == "respond":
            return [CubeAction("take"), CubeAction("pass")]
        return []

    def _apply(self, move: Any) -> None:
        if isinstance(move, CubeAction):
            return self._apply_cube(move.action)
        r = self._roller
        self._board[r] = list(move.after[0])
        self._board[1 - r] = list(move.after[1])
        self._dice = None
        if self._board[r][0] == 15:
            self._finish(r, None)
            return
        self._next_turn()

    def _next_turn(self) -> None:
        self._roller = self._turn = 1 - self._roller
        self._phase = "cube" if self._cube_reason(self._roller) is None else "roll"

    def _apply_cube(self, a: str) -> None:
        if a == "roll":
            self._phase = "roll"
        elif a == "double":
            self._phase = "respond"
            self._turn = 1 - self._roller
        elif a == "take":
            self._cube *= 2
            self._owner = self._turn
            self._turn = self._roller
            self._phase = "roll"
        else:  # pass
            self._finish(self._roller, "pass")

    def _finish(self, winner: int, how: str | None) -> None:
        loser = 1 - winner
        lb = self._board[loser]
        if how == "pass":
            kind, pts = 1, self._cube
            text = (f"{PLAYER_NAMES[loser]} passed the double: {PLAYER_NAMES[winner]} wins "
                    f"{pts} point{'s' if pts != 1 else ''}, the stake before the double (BG-12)")
        else:
            if lb[0] > 0:
                kind, words = 1, "a single game"
            elif lb[25] or any(lb[19:25]):
                kind, words = 3, "a backgammon"
            else:
                kind, words = 2, "a gammon"
            counted, note = kind, ""
            if self.rules.jacoby and self.rules.money_play and self._cube == 1 and kind > 1:
                counted, note = 1, ", counted single as the cube was never turned (Jacoby rule, BG-15)"
            pts = counted * self._cube
            text = (f"{PLAYER_NAMES[winner]} wins {words} (BG-11){note}: "
                    f"{pts} point{'s' if pts != 1 else ''} with the cube at {self._cube}")
        self._result = (winner, text, pts, kind)
        self._phase = "over"

    def _outcome(self) -> Outcome | None:
        if self._result is None:
            return None
        w, reason, pts, _ = self._result
        return Outcome(winner=w, reason=reason, ranking=(w, 1 - w), points=pts)

    @property
    def win_kind(self) -> int | None:
        """1 single, 2 gammon, 3 backgammon (BG-11); None while the game goes on."""
        return None if self._result is None else self._result[3]

    # ---------------------------------------------------- text and errors
    def _parse_move(self, text: str) -> Any:
        t = text.strip().lower()
        if t in ("roll", "double", "take", "pass", "drop"):
            act = CubeAction("pass" if t == "drop" else t)
            return self._coerce_move(act)
        if self._phase != "move":
            raise IllegalMoveError(self._not_now(f"play {text.strip()!r}"))
        target = self._result_of(parse_notation(text))
        for p in self.legal_moves():
            if p.after == target:
                return p
        raise self._explain_illegal(text)

    def _result_of(self, moves):
        """The position reached by single moves (from, to, hit), or the error why not."""
        m, t = (list(x) for x in self.position())
        for a, b, _ in moves:
            if m[a] <= 0:
                where = "on the bar" if a == 25 else f"on point {a}"
                return IllegalMoveError(f"{PLAYER_NAMES[self._roller]} has no checker {where} "
                                        f"(points are counted from the mover's side, BG-01)", "BG-01")
            if b > 0 and t[25 - b] >= 2:
                return IllegalMoveError(f"point {b} is held by two or more opposing checkers: "
                                        f"no checker may land there (BG-05)", "BG-05")
            m[a] -= 1
            m[b] += 1
            if b > 0 and t[25 - b] == 1:
                t[25 - b] = 0
                t[25] += 1
        return (tuple(m), tuple(t))

    def _explain_illegal(self, move: Any) -> IllegalMoveError:
        if isinstance(move, CubeAction) or str(move).strip().lower() in ("roll", "double", "take", "pass"):
            act = str(move).strip().lower()
            if self._phase != "respond" and act in ("take", "pass"):
                return IllegalMoveError("no double has been offered: take or pass answers a double (BG-12)", "BG-12")
            if act == "double" and self._phase in ("roll", "move"):
                reason = self._cube_reason(self._roller)
                if reason:
                    return IllegalMoveError(f"{PLAYER_NAMES[self._roller]} may not double: {reason}")
                return IllegalMoveError("a double is offered before rolling, not after (BG-12)", "BG-12")
            return IllegalMoveError(self._not_now(act))
        if self._phase != "move":
            return IllegalMoveError(self._not_now(f"play {move}"))
        try:
            moves = parse_notation(str(move)) if not isinstance(move, Play) else \
                [(a, b, False) for a, b in move.steps]
        except FormatError as e:
            return IllegalMoveError(str(e))
        d1, d2 = self._dice
        mine, theirs = self.position()
        dice_txt = f"{d1}-{d2}"
        if mine[25] and moves and moves[0][0] != 25:
            return IllegalMoveError("checkers on the bar must enter first (BG-07)", "BG-07")
        target = self._result_of(moves)
        if isinstance(target, IllegalMoveError) and target.rule == "BG-01":
            return target
        hi = max(i for i in range(0, 26) if mine[i] or i == 0)
        for a, b, _ in moves:
            dist = a - b
            allowed = {d1, d2}
            if b > 0 and dist not in allowed:
                return IllegalMoveError(f"{_point_name(a)}/{_point_name(b)} moves {dist} pips: each "
                                        f"move uses one die of {dice_txt} (BG-04)", "BG-04")
            if b == 0:
                if hi > 6:
                    return IllegalMoveError("bearing off is allowed only once all 15 checkers are in "
                                            "the home board (BG-09)", "BG-09")
                if not any(d >= dist for d in allowed):
                    return IllegalMoveError(f"{_point_name(a)}/off needs a {dist} or more; the dice "
                                            f"are {dice_txt} (BG-09)", "BG-09")
        if isinstance(target, IllegalMoveError):
            return target
        plays = self.legal_moves()
        most = max(len(p.steps) for p in plays)
        if not moves and most:
            return IllegalMoveError("passing is never voluntary: a legal play exists, so it must "
                                    "be played (BG-08)", "BG-08")
        if len(moves) < most:
            if d1 == d2:
                msg = f"with a double, as many of the four moves as possible must be played: {most} here (BG-08)"
            elif most == 2:
                msg = "both dice must be played when possible (BG-08)"
            else:
                msg = "only one die can be played, so the larger must be played if it can (BG-08)"
            return IllegalMoveError(msg, "BG-08")
        if most == 1 and d1 != d2 and len(moves) == 1:
            return IllegalMoveError("only one die can be played, so the larger must be played "
                                    "if it can (BG-08)", "BG-08")
        legal = [str(p) for p in plays]
        shown = ", ".join(legal[:6]) + (" ..." if len(legal) > 6 else "")
        return IllegalMoveError(f"{move} is not a legal play for {dice_txt}: a checker may only "
                                f"land on open points, one die at a time, and a higher checker "
                                f"must be borne off first (BG-04, BG-05, BG-09); legal: {shown}")

    # ------------------------------------------------- partial moves (widget)
    def partial_steps(self, done: Iterable = ()) -> list[Step]:
        """The single-die steps that may come next after ``done`` (steps already made
        this turn), keeping the turn completable into a legal play (BG-08)."""
        if self._phase != "move":
            return []
        m, t, dice = self._after_steps(done)
        targets = {p.after for p in self.legal_moves() if p.steps}
        if (tuple(m), tuple(t)) in targets or not dice:
            return []
        out = []
        seen = set()
        for i, d in enumerate(dice):
            if d in dice[:i]:
                continue
            rest = dice[:i] + dice[i + 1:]
            for src, dst, hit in _single(m, t, d):
                if (src, dst) in seen:
                    continue
                m2, t2 = _apply_step(m, t, src, dst, hit)
                key = (tuple(m2), tuple(t2))
                if key in targets or (_reachable(m2, t2, rest) & targets):
                    seen.add((src, dst))
                    out.append(Step(src, dst, d, hit))
        out.sort(key=lambda s: (-s.from_, -s.to, s.die))
        return out

    def _after_steps(self, done):
        m, t = (list(x) for x in self.position())
        d1, d2 = self._dice
        dice = [d1] * 4 if d1 == d2 else [d1, d2]
        for s in done:
            s = Step(*s) if not isinstance(s, Step) else s
            if s.die not in dice:
                raise IllegalMoveError(f"step {s} uses a die that is not left (BG-04)", "BG-04")
            legal = [(a, b) for a, b, _ in _single(m, t, s.die)]
            if (s.from_, s.to) not in legal:
                raise IllegalMoveError(f"step {s} is not legal here (BG-04, BG-05, BG-07, BG-09)")
            hit = s.to > 0 and t[25 - s.to] == 1
            m, t = _apply_step(m, t, s.from_, s.to, hit)
            dice.remove(s.die)
        return m, t, dice

    def position_after(self, done: Iterable = ()):
        """(mine, theirs) after some single steps of the current turn (for drawing)."""
        m, t, _ = self._after_steps(done)
        return tuple(m), tuple(t)

    def dice_left(self, done: Iterable = ()) -> list[int]:
        return self._after_steps(done)[2]

    def play_for_steps(self, done: Iterable = ()) -> Play | None:
        """The legal play that ``done`` completes, or None if more steps are due."""
        key = self.position_after(done)
        for p in self.legal_moves():
            if p.after == key:
                return p if (p.steps or not list(done)) else None
        return None

    # --------------------------------------------------------- undo and JSON
    def _snapshot(self):
        return (tuple(self._board[0]), tuple(self._board[1]), self._phase, self._turn,
                self._roller, self._dice, self._cube, self._owner, self._result,
                self._opening, self._score, self._crawford)

    def _restore(self, s) -> None:
        (b0, b1, self._phase, self._turn, self._roller, self._dice, self._cube, self._owner,
         self._result, self._opening, self._score, self._crawford) = s
        self._board = [list(b0), list(b1)]
        self._cache = (None, None)

    def _state_dict(self) -> dict:
        return {
            "board": [list(self._board[0]), list(self._board[1])],
            "phase": self._phase, "turn": self._turn, "roller": self._roller,
            "dice": list(self._dice) if self._dice else None,
            "cube": self._cube, "cube_owner": self._owner,
            "result": list(self._result) if self._result else None,
            "opening": [list(r) for r in self._opening],
            "score": list(self._score), "crawford": self._crawford,
        }

    def _load_state(self, d: dict) -> None:
        fmt = "backgammon JSON"
        board = d["board"]
        if not (isinstance(board, list) and len(board) == 2):
            raise FormatError(f"{fmt}: 'board' must be two lists of 26 counts")
        b = [self._check_side(side, fmt) for side in board]
        self._check_board(b, fmt)
        phase = d["phase"]
        if phase not in _PHASES:
            raise FormatError(f"{fmt}: phase must be one of {list(_PHASES)}, got {phase!r}")
        turn, roller = d["turn"], d["roller"]
        if turn not in (0, 1) or roller not in (0, 1):
            raise FormatError(f"{fmt}: turn and roller must be 0 (White) or 1 (Red)")
        dice = d.get("dice")
        if dice is not None:
            if not (isinstance(dice, list) and len(dice) == 2 and all(type(x) is int and 1 <= x <= 6 for x in dice)):
                raise FormatError(f"{fmt}: dice must be two numbers 1..6 or null")
            dice = (dice[0], dice[1])
        if (phase == "move") != (dice is not None):
            raise FormatError(f"{fmt}: dice must be given exactly when a play is due (phase 'move')")
        cube, owner = d["cube"], d["cube_owner"]
        if type(cube) is not int or cube < 1 or cube & (cube - 1) or cube > self.rules.max_cube:
            raise FormatError(f"{fmt}: cube must be a power of two up to {self.rules.max_cube}")
        if owner not in (None, 0, 1):
            raise FormatError(f"{fmt}: cube_owner must be null, 0 or 1")
        res = d.get("result")
        if res is not None:
            if not (isinstance(res, list) and len(res) == 4 and res[0] in (0, 1)):
                raise FormatError(f"{fmt}: result must be [winner, reason, points, kind]")
            res = (res[0], str(res[1]), int(res[2]), int(res[3]))
        if (phase == "over") != (res is not None):
            raise FormatError(f"{fmt}: a result is given exactly when the phase is 'over'")
        try:
            score = self._check_score(d.get("score", [0, 0]))
        except BoardkitError as e:
            raise FormatError(f"{fmt}: {e}") from None
        crawford = d.get("crawford", False)
        err = self._match_state_error(score, crawford, cube, owner)
        if err:
            raise FormatError(f"{fmt}: {err}")
        self._board, self._phase, self._turn, self._roller = b, phase, turn, roller
        self._dice, self._cube, self._owner, self._result = dice, cube, owner, res
        self._opening = tuple(tuple(r) for r in d.get("opening", []))
        self._score, self._crawford = score, crawford
        self._cache = (None, None)

    @staticmethod
    def _check_side(side, fmt) -> list[int]:
        if not (isinstance(side, (list, tuple)) and len(side) == 26
                and all(type(x) is int and x >= 0 for x in side)):
            raise FormatError(f"{fmt}: each side is 26 counts (0 = off, 1..24 points, 25 = bar)")
        if sum(side) != 15:
            raise FormatError(f"{fmt}: each player has exactly 15 checkers (BG-02), got {sum(side)}")
        return list(side)

    @staticmethod
    def _check_board(b, fmt) -> None:
        for i in range(1, 25):
            if b[0][i] and b[1][25 - i]:
                raise FormatError(f"{fmt}: White's point {i} holds checkers of both players (BG-05)")

    # ------------------------------------------------------- set-up helpers
    def set_match_state(self, *, score: tuple[int, int] | None = None,
                        crawford: bool | None = None, cube: int | None = None,
                        cube_owner: int | None | str = "keep") -> "BackgammonGame":
        """Set up the match context of a teaching position (returns the game).

        ``score`` (White, Red) before this game and ``crawford`` (this is the Crawford
        game) need match rules (BG-13, BG-14); ``cube`` and ``cube_owner`` (None = in
        the middle, 0 = White, 1 = Red) need rules with the cube (BG-12). Arguments left
        out keep their value. Allowed before any move has been played in this object
        (a set-up, not a change of history) and not while a double awaits an answer.
        Impossible states raise BoardkitError naming the rule and leave the game as it was:
        a score at or past the match length; a Crawford game without a player at N-1,
        or with both at N-1 (the Crawford game was then already played); a turned cube
        in the Crawford game; a cube above 1 in the middle or a cube of 1 with an owner.
        """
        if self._history or self._phase in ("respond", "over"):
            raise BoardkitError("set_match_state sets up a position: call it before any move is "
                                "played and not while a double awaits an answer (BG-12)")
        new_score = self._score if score is None else self._check_score(score)
        new_crawford = self._crawford if crawford is None else crawford
        new_cube = self._cube if cube is None else cube
        new_owner = self._owner if cube_owner == "keep" else cube_owner
        err = self._match_state_error(new_score, new_crawford, new_cube, new_owner)
        if err:
            raise BoardkitError(err)
        self._score, self._crawford = new_score, new_crawford
        self._cube, self._owner = new_cube, new_owner
        if self._phase in ("cube", "roll"):
            self._phase = "cube" if self._cube_reason(self._roller) is None else "roll"
        self._cache = (None, None)
        return self

    def _match_state_error(self, score, crawford, cube, owner) -> str | None:
        """Why this score / Crawford flag / cube is impossible under the rules, or None."""
        r, n = self.rules, self.rules.match_length
        if not isinstance(crawford, bool):
            return f"crawford must be True or False, got {crawford!r} (BG-14)"
        if not n and (tuple(score) != (0, 0) or crawford):
            return ("a score and the Crawford game belong to match play: use "
                    "BackgammonRules.match(n) (BG-13, BG-14)")
        if crawford:
            if n - 1 not in score:
                return (f"the Crawford game is the game right after a player first reaches "
                        f"{n - 1} points in a match to {n}; at score {score[0]}-{score[1]} "
                        f"it cannot be (BG-14)")
            if tuple(score) == (n - 1, n - 1):
                return f"at {n - 1}-{n - 1} the Crawford game has already been played (BG-14)"
            if cube != 1 or owner is not None:
                return ("nobody may double in the Crawford game: the cube stays at 1 in the "
                        "middle (BG-14)")
        if type(cube) is not int or cube < 1 or cube & (cube - 1) or cube > r.max_cube:
            return f"the cube is a power of two from 1 to {r.max_cube}, got {cube!r} (BG-12)"
        if owner not in (None, 0, 1):
            return f"cube_owner is None (middle), 0 (White) or 1 (Red), got {owner!r} (BG-12)"
        if not r.cube and (cube != 1 or owner is not None):
            return "these rules play without the doubling cube (BG-12)"
        if (cube == 1) != (owner is None):
            return ("the cube is at 1 in the middle until the first double; after it one "
                    "player owns it at 2 or more (BG-12)")
        return None

    @classmethod
    def from_position(cls, mine, theirs, *, turn: int = 0, dice: tuple[int, int] | None = None,
                      rules: BackgammonRules | None = None, cube: int = 1,
                      cube_owner: int | None = None, score: tuple[int, int] = (0, 0),
                      crawford: bool = False) -> "BackgammonGame":
        """A game at a given position: ``mine`` belongs to the player ``turn`` (on roll),
        both sides in their own numbering. With ``dice`` the play is due at once.
        ``cube``, ``cube_owner``, ``score`` and ``crawford`` set the match context
        (checked as in ``set_match_state``)."""
        g = cls(rules=rules)
        if turn not in (0, 1):
            raise BoardkitError(f"turn must be 0 (White) or 1 (Red), got {turn!r}")
        try:
            sides = [cls._check_side(list(mine), "backgammon position"),
                     cls._check_side(list(theirs), "backgammon position")]
            board = [sides[0], sides[1]] if turn == 0 else [sides[1], sides[0]]
            cls._check_board(board, "backgammon position")
        except FormatError as e:
            raise FormatError(str(e)) from None
        if sum(board[turn][0:1]) == 15 or board[1 - turn][0] == 15:
            raise FormatError("backgammon position: a side with all 15 checkers off is a finished game")
        g._board = board
        g._roller = g._turn = turn
        g._opening = ()
        g._phase = "roll"
        g.set_match_state(score=score, crawford=crawford, cube=cube, cube_owner=cube_owner)
        if dice is not None:
            g.set_dice(*dice)
        return g

    @classmethod
    def from_position_id(cls, pid: str, match_id: str | None = None, *, turn: int = 0,
                         rules: BackgammonRules | None = None, **match_state) -> "BackgammonGame":
        """A game from a GNU Backgammon Position ID (and optionally a Match ID, BG-17).
        The player on roll is ``turn`` (White by default) unless the Match ID says.
        Without a Match ID, keywords ``score``, ``crawford``, ``cube``, ``cube_owner``
        set the match context (see ``set_match_state``)."""
        from . import gnubg
        mine, theirs = gnubg.decode_position_id(pid)
        if match_id is None:
            return cls.from_position(mine, theirs, turn=turn, rules=rules, **match_state)
        if match_state or rules is not None:
            raise BoardkitError("a Match ID already gives the rules, score, Crawford flag and "
                                "cube: pass either the Match ID or those keywords (BG-17)")
        return gnubg.game_from_ids(cls, mine, theirs, match_id)

    def position_id(self) -> str:
        """The GNU Backgammon Position ID, from the side of the player on roll (BG-17)."""
        from . import gnubg
        return gnubg.encode_position_id(*self.position())

    def match_id(self) -> str:
        """The GNU Backgammon Match ID: cube, score, dice, who is on roll (BG-17)."""
        from . import gnubg
        return gnubg.encode_match_id(self)

    # -------------------------------------------------------------- display
    def __str__(self) -> str:
        rows = []
        w, r = self._board
        top = " ".join(f"{i:>2}" for i in range(13, 25))
        bot = " ".join(f"{i:>2}" for i in range(12, 0, -1))

        def cell(i):
            if w[i]:
                return f"{w[i]:>1}W"
            if r[25 - i]:
                return f"{r[25 - i]:>1}R"
            return " ."
        rows.append(" " + top + "   (White's numbering)")
        rows.append(" " + " ".join(cell(i) for i in range(13, 25)))
        rows.append(" " + " ".join(cell(i) for i in range(12, 0, -1)))
        rows.append(" " + bot)
        rows.append(f" bar: White {w[25]}, Red {r[25]}   off: White {w[0]}, Red {r[0]}   "
                    f"pips: White {pip_count(w)}, Red {pip_count(r)}")
        cube = "centre" if self._owner is None else PLAYER_NAMES[self._owner]
        state = {"opening": "opening roll due", "cube": "to roll or double", "respond": "to take or pass",
                 "roll": "to roll", "move": f"to play {self._dice[0]}-{self._dice[1]}" if self._dice else "",
                 "over": "game over"}[self._phase]
        rows.append(f" {PLAYER_NAMES[self._turn]} {state}; cube {self._cube} ({cube})")
        return "\n".join(rows)

    def draw(self, **options):
        from .draw import draw_game
        return draw_game(self, **options)
