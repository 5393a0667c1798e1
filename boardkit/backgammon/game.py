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

Move generation lives in movegen.py (``plays_for``, ``Play``, ``Step``), the text
formats in notation.py (move text, GNU Backgammon IDs); both are re-exported here.
"""
from __future__ import annotations

import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from .._catalogue import Word, render
from .._core import BoardkitError, ChanceStep, FormatError, Game, IllegalMoveError, Outcome, UndoRecord
from .._input import check_rng
from .movegen import (
    START,
    Play,
    Step,
    _apply_step,
    _GenPlay,
    _pips,
    _plays_in_place,
    _reachable,
    _single,
    pip_count,
    plays_for,
    step_in_place,
)
from .notation import (
    MAX_MOVE_TEXT,
    _bounded,
    _point_name,
    _short,
    decode_match_id,
    decode_position_id,
    encode_match_id,
    encode_position_id,
    notation,
    parse_notation,
)
from .rules import BackgammonRules

if TYPE_CHECKING:
    from .. import svg

__all__ = ["BackgammonGame", "Play", "CubeAction", "Step", "OpeningRoll", "plays_for", "START",
           "PLAYER_NAMES", "pip_count", "side", "notation", "parse_notation"]

PLAYER_NAMES = ("White", "Red")


def _points_word(n: int) -> Word:
    """"1 point", "3 points" (「3 点」): what a game is worth, as a word of the catalogue."""
    return Word("bg.points.one" if n == 1 else "bg.points.many", n=n)

# A turn's roll as a history entry: _CHANCE_STEPS[player][a][b], one of 72 immutable
# ChanceSteps made once (a frozen dataclass costs a microsecond to build).
_CHANCE_STEPS: list[list[Any]] = [[None] + [[None] + [ChanceStep(p, (a, b)) for b in range(1, 7)]
                           for a in range(1, 7)] for p in (0, 1)]

# The plays of the position listed last, kept in one slot for the whole module rather
# than in every game: the widget, the hint, a bot and play() ask the same position again
# and again, while thousands of games each holding their turn's plays (a list of
# positions set up at once) made the garbage collector walk all those objects over and
# over (measured: a third of the time of listing the moves of 3,000 set-up positions).
# The slot is keyed by the position (the board tuples, the player on roll, the dice), so
# any game in that position, a copy included, finds the same plays.
_LAST: tuple = (None, (), None)     # (position key, plays, the base tuple they share)


class _PlayUndo(UndoRecord):
    """The undo record of a play by the player on roll: the board, who rolled and the
    dice (the rest a play leaves alone but for the result, None before it)."""

    __slots__ = ("b0", "b1", "roller", "dice")

    def __init__(self, b0: tuple, b1: tuple, roller: int, dice: tuple | None) -> None:
        self.b0, self.b1, self.roller, self.dice = b0, b1, roller, dice

    def restore(self, game: BackgammonGame) -> None:
        game._roller = game._turn = self.roller
        game._dice = self.dice
        game._phase = "move"
        game._result = None
        game._board = [list(self.b0), list(self.b1)]
        game._tb = (self.b0, self.b1)


class _PhaseUndo(UndoRecord):
    """The undo record of a step that changed only the phase: the "roll" cube action
    (back to "cube") or a turn's roll (back to "roll", no dice)."""

    __slots__ = ("phase",)

    def __init__(self, phase: str) -> None:
        self.phase = phase

    def restore(self, game: BackgammonGame) -> None:
        game._phase = self.phase
        if self.phase == "roll":
            game._dice = None


_UNDO_CUBE = _PhaseUndo("cube")     # before the "roll" cube action
_UNDO_ROLL = _PhaseUndo("roll")     # before a turn's dice were rolled
_DEFAULT_RULES = BackgammonRules()

# A turn's two dice drawn straight from the numpy Generator's bit generator, through
# the next_uint32 function numpy exposes for this (``BitGenerator.ctypes``): exactly
# the draws of ``int(rng.integers(1, 7))`` twice -- numpy's scalar draw takes 32 bits
# per die and maps them to 0..5 by Lemire's method (x * 6 >> 32, a draw whose low 32
# bits of x * 6 fall below (2**32 - 6) % 6 = 4 rejected and drawn again) -- under the
# bit generator's lock as numpy holds it, at a third of the cost (two Generator calls
# are ~2.2 us of a ~17 us random-game turn). Checked against rng.integers, the states
# after included, for every numpy bit generator (tests/test_backgammon_game_dice.py).
# One slot: (the Generator, next_uint32, its state pointer, its lock); anything but a
# numpy Generator takes rng.integers.
_DRAW: tuple = (None, None, None, None)


def _draw_dice(rng) -> tuple[int, int]:
    global _DRAW
    c = _DRAW
    if c[0] is not rng:
        if type(rng).__name__ != "Generator" or type(rng).__module__ not in _NP_GEN_MODULES:
            integers = rng.integers
            return (int(integers(1, 7)), int(integers(1, 7)))
        import ctypes
        bg = rng.bit_generator
        cf = bg.ctypes
        # called as a Python-API function: the GIL is kept (no release and re-take per die)
        addr = ctypes.cast(cf.next_uint32, ctypes.c_void_p).value
        assert addr is not None                 # numpy's next_uint32 is a real function
        nxt = ctypes.PYFUNCTYPE(ctypes.c_uint32, ctypes.c_void_p)(addr)
        c = _DRAW = (rng, nxt, cf.state, bg.lock)
    nxt, st = c[1], c[2]
    with c[3]:
        x = nxt(st) * 6
        while x & 0xFFFFFFFF < 4:
            x = nxt(st) * 6
        y = nxt(st) * 6
        while y & 0xFFFFFFFF < 4:
            y = nxt(st) * 6
    return ((x >> 32) + 1, (y >> 32) + 1)


_NP_GEN_MODULES = ("numpy.random._generator", "numpy.random")


def side(points: dict[int, int] | None = None, bar: int = 0) -> list[int]:
    """One side's 26 counts (as ``position()`` gives them) from ``{point: checkers}`` in
    that side's own numbering (25 = the bar) plus ``bar`` more on the bar; the rest of the 15 are
    borne off. For teaching positions: ``BackgammonGame.from_position(side({6: 5}),
    side({24: 2}))`` (BG-02 checks happen there)."""
    s = [0] * 26
    if points is not None and not isinstance(points, dict):
        raise BoardkitError(f"side() takes {{point: checkers}}, got {_short(points)} (BG-01)")
    for p, n in (points or {}).items():
        if not _is_int(p) or not 1 <= p <= 25:
            raise BoardkitError(f"points are numbered 1 to 24 from the side's own end, 25 is "
                                f"the bar (BG-01), got {_short(p)}")
        if not _is_int(n) or n < 0:
            raise BoardkitError(f"a point holds a whole number of checkers, got {_short(n)} (BG-02)")
        s[p] = n
    if not _is_int(bar) or bar < 0:
        raise BoardkitError(f"bar is a whole number of checkers, got {_short(bar)} (BG-07)")
    s[25] += bar
    if sum(s) > 15:
        raise BoardkitError(f"a side has 15 checkers, got {sum(s)} on the board (BG-02)")
    s[0] = 15 - sum(s)
    return s



@dataclass(frozen=True)
class CubeAction:
    """A cube decision: "roll" (no double), "double", "take" or "pass" (BG-12)."""

    action: str

    def __post_init__(self) -> None:
        if not isinstance(self.action, str) or self.action not in ("roll", "double", "take", "pass"):
            raise BoardkitError(f"a cube action is one of ['roll', 'double', 'take', 'pass'], "
                                f"got {_short(self.action)} (BG-12)")

    def __str__(self) -> str:
        return self.action



#: the four cube actions legal_moves() lists (immutable, so shared)
_ROLL, _DOUBLE, _TAKE, _PASS = (CubeAction(a) for a in ("roll", "double", "take", "pass"))

# ----------------------------------------------------------------- the game
_PHASES = ("opening", "cube", "respond", "roll", "move", "over")


class OpeningRoll(tuple):
    """The opening roll as a chance step (BG-03). As a tuple it is the two dice the
    starter plays, higher first (what ``resolve_chance`` returns at the opening);
    ``rolls`` holds (White's die, Red's die) for every try, ties first, and the last
    try (not a tie) decides who starts."""

    rolls: tuple[tuple[int, ...], ...]

    def __new__(cls, rolls):
        rolls = _opening_tries(rolls)
        a, b = rolls[-1] if rolls and len(rolls[-1]) == 2 else (0, 0)
        obj = super().__new__(cls, (max(a, b), min(a, b)))
        obj.rolls = rolls
        return obj

    def __getnewargs__(self):
        return (self.rolls,)

    def __repr__(self) -> str:
        return f"OpeningRoll({self.rolls!r})"


#: at most this many opening tries are read (ties are rolled again; 64 ties in a row
#: have a chance of 6^-64)
MAX_OPENING_ROLLS = 64


def _opening_tries(rolls: Any) -> tuple[tuple[int, int], ...]:
    """The tries of an ``OpeningRoll`` as a tuple of (White's die, Red's die) pairs, each
    die a whole number 1..6, 1 to MAX_OPENING_ROLLS of them; BoardkitError otherwise
    (whether they can happen, ties before the last try, is ``_opening_error``'s)."""
    msg = (f"rolls: an opening roll is 1 to {MAX_OPENING_ROLLS} tries of (White's die, "
           f"Red's die), each 1..6 (BG-03), got {_short(rolls)}")
    out = []
    for r in _bounded(rolls, MAX_OPENING_ROLLS, msg):
        pair = _bounded(r, 2, msg)
        if len(pair) != 2 or not all(isinstance(x, (int, numbers.Integral)) and not isinstance(x, bool)
                                     and 1 <= int(x) <= 6 for x in pair):
            raise BoardkitError(msg)
        out.append((int(pair[0]), int(pair[1])))
    if not out:
        raise BoardkitError(msg)
    return tuple(out)


def _opening_error(rolls, complete: bool) -> str | None:
    """Why a list of opening rolls cannot happen (BG-03), or None. ``complete``: the last
    try decided who starts (not a tie); otherwise (JSON of set-ups) it may be one."""
    if not (isinstance(rolls, tuple) and 1 <= len(rolls) <= MAX_OPENING_ROLLS and all(
            isinstance(r, tuple) and len(r) == 2 and all(_is_int(x) and 1 <= x <= 6 for x in r)
            for r in rolls)):
        return (f"an opening roll is 1 to {MAX_OPENING_ROLLS} tries of (White's die, Red's "
                f"die), each 1..6 (BG-03)")
    if any(a != b for a, b in rolls[:-1]):
        return "only a tie is rolled again, so every opening try but the last is a tie (BG-03)"
    if complete and rolls[-1][0] == rolls[-1][1]:
        return "the opening roll ends with a try that is not a tie (BG-03)"
    return None


def _is_int(x: Any) -> bool:
    """A whole number that is not a bool (JSON true would pass ``x in (0, 1)``)."""
    return isinstance(x, int) and not isinstance(x, bool)


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
        # None: money play with the cube (BG-12); the default rules are immutable, so
        # one instance serves every game (making it costs more than the rest of this)
        if rules is None and self.rules_class is BackgammonRules:
            self.rules = _DEFAULT_RULES
        else:
            self.rules = self._rules_arg(rules)
        self._board = [list(START), list(START)]
        self._tb: tuple | None = None   # the board as two tuples, made once per change (snapshots)
        self._phase = "opening"
        self._turn = 0          # who acts next
        self._roller = 0        # who is on roll (owns the dice)
        self._dice: tuple[int, int] | None = None
        self._cube = 1
        self._owner: int | None = None
        self._result: tuple | None = None      # (winner, reason, points)
        self._opening: tuple = ()              # the opening rolls, ties included (BG-03)
        self._score, self._crawford = (0, 0), False
        if not (type(score) is tuple and crawford is False and len(score) == 2
                and type(score[0]) is int and type(score[1]) is int and score == (0, 0)):
            # (the start of a money game or of a match at 0-0 is always possible)
            try:
                flag = bool(crawford)
            except Exception:           # noqa: BLE001 - an array, a raising __bool__
                raise BoardkitError(f"crawford must be true or false, got {_short(crawford)} "
                                    f"(BG-14)") from None
            self.set_match_state(score=score, crawford=flag)   # checked (BG-13, BG-14)

    def _check_score(self, score) -> tuple[int, int]:
        try:
            a, b = score
        except (TypeError, ValueError):
            raise BoardkitError(f"score must be two whole numbers, got {_short(score)} (BG-13)") from None
        if not all(isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in (a, b)):
            raise BoardkitError(f"score must be two whole numbers, got {_short(score)} (BG-13)")
        a, b = int(a), int(b)
        err = self._match_state_error((a, b), False, 1, None, check_score=True)
        if err:
            raise BoardkitError(err)
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
        if not (_is_int(player) and player in (0, 1)):
            raise BoardkitError(f"player must be 0 (White) or 1 (Red), got {_short(player)}")
        return tuple(self._board[player])

    def position(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(mine, theirs) from the side of the player on roll."""
        r = self._roller
        tb = self._tb or self._board_tuples()
        return tb[r], tb[1 - r]

    def _board_tuples(self) -> tuple:
        tb = self._tb = (tuple(self._board[0]), tuple(self._board[1]))
        return tb

    @overload
    def pip_count(self, player: None = None) -> tuple[int, int]: ...
    @overload
    def pip_count(self, player: int) -> int: ...

    def pip_count(self, player: int | None = None) -> int | tuple[int, int]:
        """Pips left to bear off: (White, Red), or one player's count."""
        if player is None:
            return (_pips(self._board[0]), _pips(self._board[1]))
        if not (_is_int(player) and player in (0, 1)):
            raise BoardkitError(f"player must be 0 (White) or 1 (Red), got {_short(player)}")
        return _pips(self._board[player])

    def checkers_at(self, point: int, player: int = 0) -> tuple[int | None, int]:
        """(owner, count) on a point numbered from ``player``'s side (None if empty)."""
        if not (_is_int(point) and 1 <= point <= 24):
            raise BoardkitError(f"points are numbered 1..24 (BG-01), got {_short(point)}")
        if not (_is_int(player) and player in (0, 1)):
            raise BoardkitError(f"player must be 0 (White) or 1 (Red), got {_short(player)}")
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

    def _cube_reason(self, p: int, cube: int | None = None, owner: int | None | str = "keep",
                     crawford: bool | None = None) -> str | None:
        """None if p may offer the cube at the start of its turn, else why not (BG-12,
        BG-14). ``cube``, ``owner``, ``crawford`` default to the game's own."""
        cube = self._cube if cube is None else cube
        held = self._owner if isinstance(owner, str) else owner      # "keep": the game's own
        crawford = self._crawford if crawford is None else crawford
        why = self._cube_words(p, cube, held, crawford)
        return None if why is None else str(why)

    def _cube_words(self, p: int, cube: int, owner: int | None, crawford: bool) -> Word | None:
        """Why p may not offer the cube, as a word of the catalogue (bg.cube.*), or None."""
        r = self.rules
        if not r.cube:
            return Word("bg.cube.not_used")
        if crawford:
            return Word("bg.cube.crawford")
        if owner is not None and owner != p:
            return Word("bg.cube.not_owner")
        if cube * 2 > r.max_cube:
            return Word("bg.cube.highest", cube=cube)
        return None

    # ------------------------------------------------------------------ dice
    def chance_pending(self) -> bool:
        """True when the dice are to be rolled: the opening roll, or the start of a turn
        once the player on roll has not doubled (BG-03, BG-12)."""
        return self._phase in ("opening", "roll")

    def _sample_chance(self, rng):
        """A roll with the seeded numpy Generator: two dice, or at the opening one die
        each, ties rolled again (BG-03), as an ``OpeningRoll``."""
        if self._phase == "opening":
            rolls = []
            while True:
                a, b = (int(x) for x in rng.integers(1, 7, size=2))
                rolls.append((a, b))
                if a != b:
                    return OpeningRoll(tuple(rolls))
        # two scalar draws: the same numbers as rng.integers(1, 7, size=2) (numpy draws
        # each small bounded integer from its own 32 bits either way; checked: the
        # histories of 80 seeded random games are unchanged) at half the cost
        integers = rng.integers
        return (int(integers(1, 7)), int(integers(1, 7)))

    rng_methods = ("integers",)

    def _fast_chance(self, rng) -> tuple | None:
        """A turn's roll, written out (the same draws as _sample_chance): the history
        entry is one of 72 immutable ChanceSteps, made once (frozen dataclasses cost a
        microsecond each to build). None for the opening roll and when no roll is due
        (the base's checked path)."""
        if self._phase != "roll":
            return None
        a, b = _draw_dice(rng)
        who = self._turn
        if who == self._roller and self._dice is None:
            undo = _UNDO_ROLL                   # (undone by setting the phase back)
        else:
            undo = self._snapshot()
            self._roller = self._turn = self._roller
        step = _CHANCE_STEPS[who][a][b]
        self._dice = step.outcome
        self._phase = "move"
        return step, undo

    def _check_chance(self, outcome):
        """A roll given by hand: two dice 1..6 (the player on roll plays them; at the very
        start White plays them, a set-up shortcut), or at the opening an ``OpeningRoll``."""
        if isinstance(outcome, OpeningRoll):
            if self._phase != "opening":
                raise IllegalMoveError("bg.err.opening_late", rule="BG-03")
            err = _opening_error(outcome.rolls, complete=True)
            if err:
                raise IllegalMoveError(err, "BG-03")
            return outcome
        if not (isinstance(outcome, (tuple, list)) and len(outcome) == 2
                and all(_is_int(x) and 1 <= x <= 6 for x in outcome)):
            raise BoardkitError(f"dice show 1..6, got {_short(outcome)} (BG-03)")
        return (outcome[0], outcome[1])

    def _apply_chance(self, outcome) -> None:
        if isinstance(outcome, OpeningRoll):
            self._opening = outcome.rolls
            a, b = outcome.rolls[-1]
            self._start_turn(0 if a > b else 1, (a, b) if a > b else (b, a))
        elif self._phase == "opening":          # set-up shortcut: White plays these dice
            self._opening = (outcome,)
            self._start_turn(0, outcome)
        else:
            self._start_turn(self._roller, outcome)

    def _no_chance_reason(self) -> str:
        # the base raises IllegalMoveError(this text) when no roll is due; the refusal is
        # raised here instead, with its key and facts, so a board words it in its language
        raise self._no_chance_error()

    def _no_chance_error(self) -> IllegalMoveError:
        """Why no roll is due now, keyed (the game is over, or it is not the time)."""
        if self._phase == "over":
            return self._over_error()
        return self._not_now(Word("bg.what.roll"))

    def _over_error(self) -> IllegalMoveError:
        out = self._outcome()
        assert out is not None and out.key is not None     # (asked once the game is over)
        return IllegalMoveError("bg.err.over", ending=Word(out.key, **out.facts))

    def roll(self, rng) -> tuple[int, int]:
        """Roll for the player on roll and return the dice to play; at the start of a turn
        where a double is possible this means "no double" (CubeAction("roll")) first."""
        check_rng(rng, "BackgammonGame.roll(rng)", ("integers",))
        if self._phase == "cube":
            self.play(CubeAction("roll"))
        self.resolve_chance(rng)
        dice = self._dice
        assert dice is not None                 # a roll always leaves dice to play
        return dice

    def set_dice(self, a: int, b: int) -> BackgammonGame:
        """Set the roll by hand (teaching, set-up positions); recorded in ``history`` as a
        chance step and undoable. At the very start this gives White the first play
        with a-b (a set-up shortcut: real games begin with resolve_chance, BG-03); at the
        start of a turn where a double is possible it first says "no double". Returns
        the game so calls chain."""
        dice = self._check_chance((a, b))
        if self._phase == "respond":
            raise IllegalMoveError("bg.err.answer_first", rule="BG-12")
        if self._phase == "over":
            raise self._over_error()
        if self._phase == "cube":
            self.play(CubeAction("roll"))
        self.set_chance(dice)
        return self

    def _start_turn(self, player: int, dice: tuple[int, int]) -> None:
        self._roller = self._turn = player
        self._dice = (dice[0], dice[1])
        self._phase = "move"

    def _not_now(self, what: Word) -> IllegalMoveError:
        """Why ``what`` (a word: Word("bg.what.roll")) cannot be done in this phase."""
        ph = self._phase
        if ph == "move" and what.key == "bg.what.roll":     # a second roll (H3)
            return IllegalMoveError("bg.err.rolled_already")
        who = Word(f"bg.draw.side.{self._turn if ph == 'respond' else self._roller}")
        return IllegalMoveError(f"bg.err.not_now.{ph}", what=what, who=who)

    # --------------------------------------------------------------- moves
    def _over(self) -> bool:
        return self._result is not None         # (_outcome() is None exactly then)

    def _generate(self) -> list:
        ph = self._phase
        if ph == "move":
            # the plays of this position, made once (see _LAST)
            global _LAST
            r = self._roller
            tb = self._tb
            if tb is None:
                b = self._board
                tb = self._tb = (tuple(b[0]), tuple(b[1]))
            key = (tb, r, self._dice)
            last = _LAST
            if last[0] == key:
                return list(last[1])
            b = self._board
            dice = self._dice
            assert dice is not None             # the move phase has dice
            d1, d2 = dice
            plays = _plays_in_place(b[r], b[1 - r], d1, d2, (tb[r], tb[1 - r]))
            _LAST = (key, plays, plays[0]._base)        # one reference swap: thread-safe
            return list(plays)
        if ph == "cube":
            return [_ROLL, _DOUBLE]
        if ph == "respond":
            return [_TAKE, _PASS]
        return []

    def _fast_play(self, move: Any) -> Any:
        """A play of the plays listed for this very position (they share one base tuple;
        a play kept from an earlier turn holds an older one, still alive, so never the
        same object) or a cube action offered now: applied, and its undo record
        returned. Anything else: None (the base's checks)."""
        ph = self._phase
        if ph == "move":
            last = _LAST
            if type(move) is _GenPlay and move._base is last[2] and self._result is None:
                r = self._roller
                tb = self._tb or self._board_tuples()
                if last[0] != (tb, r, self._dice):
                    return None
                # _apply for a lazy play of this turn, written out
                undo = (_PlayUndo(tb[0], tb[1], r, self._dice) if self._turn == r
                        else self._snapshot())
                self._tb = self._dice = None
                m, t = self._board[r], self._board[1 - r]
                for src, dst, hit, _ in move._raw:      # (step_in_place)
                    m[src] -= 1
                    m[dst] += 1
                    if hit:
                        t[25 - dst] -= 1
                        t[25] += 1
                if m[0] == 15:
                    self._finish(r, None)
                else:                   # _next_turn, written out
                    p = self._roller = self._turn = 1 - r
                    rl, o = self.rules, self._owner
                    self._phase = "cube" if (rl.cube and not self._crawford
                                             and (o is None or o == p)
                                             and self._cube * 2 <= rl.max_cube) else "roll"
                return undo
        elif ph == "cube" and move is _ROLL:
            self._phase = "roll"
            return _UNDO_CUBE
        elif (ph == "cube" and move is _DOUBLE) or (
                ph == "respond" and (move is _TAKE or move is _PASS)):
            snap = self._snapshot()
            self._apply_cube(move.action)
            return snap
        return None

    def _apply(self, move: Any) -> None:
        if isinstance(move, CubeAction):
            return self._apply_cube(move.action)
        r = self._roller
        self._tb = None
        raw = move._raw
        if move._base is not None:
            # a lazy play of legal_moves(): its steps from this very position, in place
            step_in_place(self._board[r], self._board[1 - r], raw)
        else:
            self._board[r] = list(move.after[0])
            self._board[1 - r] = list(move.after[1])
        self._dice = None
        if self._board[r][0] == 15:
            self._finish(r, None)
            return
        self._next_turn()

    def _next_turn(self) -> None:
        p = self._roller = self._turn = 1 - self._roller
        # _cube_reason(p) is None, written out (once a turn)
        r, o = self.rules, self._owner
        self._phase = "cube" if (r.cube and not self._crawford and (o is None or o == p)
                                 and self._cube * 2 <= r.max_cube) else "roll"

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
        self._result = self._result_for(self._board, winner, how, self._cube)
        self._phase = "over"

    def _result_for(self, board, winner: int, how: str | None, cube: int) -> tuple:
        """(winner, reason, points, kind) of a game won by ``winner``: by bearing off
        (``how`` None, BG-10/BG-11/BG-15) or because the other side passed (BG-12)."""
        kind, pts, key, facts = self._ending_words(board, winner, how, cube)
        return (winner, render(key, "en", facts), pts, kind)

    def _ending_words(self, board, winner: int, how: str | None, cube: int) -> tuple:
        """(kind, points, key, facts) of the ending: the catalogue's sentence (bg.end.*)
        and its facts, so a board in another language says the same in its words."""
        loser = 1 - winner
        lb = board[loser]
        side = (Word(f"bg.draw.side.{winner}"), Word(f"bg.draw.side.{loser}"))
        if how == "pass":
            kind, pts = 1, cube
            return kind, pts, "bg.end.pass", {"who": side[0], "loser": side[1],
                                              "points": _points_word(pts)}
        if lb[0] > 0:
            kind = 1
        elif lb[25] or any(lb[19:25]):
            kind = 3
        else:
            kind = 2
        counted = kind
        jacoby = self.rules.jacoby and self.rules.money_play and cube == 1 and kind > 1
        if jacoby:
            counted = 1     # the cube was never turned: a gammon counts single (BG-15)
        pts = counted * cube
        facts = {"who": side[0], "kind": Word(f"bg.end.kind.{kind}"), "points": _points_word(pts),
                 "cube": cube}
        if jacoby:
            key = "bg.end.won_jacoby"
        elif self.rules.cube:
            key = "bg.end.won"
        else:
            key = "bg.end.won_no_cube"  # no cube in the game: the sentence names none
        return kind, pts, key, facts

    def _outcome(self) -> Outcome | None:
        if self._result is None:
            return None
        w, reason, pts, _ = self._result
        borne_off = self._board[w][0] == 15
        rule = "BG-11" if borne_off else "BG-12"     # borne off, or a pass
        _, _, key, facts = self._ending_words(self._board, w, None if borne_off else "pass", self._cube)
        return Outcome(winner=w, reason=reason, ranking=(w, 1 - w), points=pts, rule=rule,
                       key=key, facts=facts)

    @property
    def win_kind(self) -> int | None:
        """1 single, 2 gammon, 3 backgammon (BG-11); None while the game goes on."""
        return None if self._result is None else self._result[3]

    # ---------------------------------------------------- text and errors
    def _parse_move(self, text: str) -> Any:
        if len(text) > MAX_MOVE_TEXT:
            parse_notation(text)                # FormatError: too long
        t = text.strip().lower()
        if t in ("roll", "double", "take", "pass", "drop"):
            act = CubeAction("pass" if t == "drop" else t)
            return self._coerce_move(act)
        moves = parse_notation(text)            # FormatError for text that is not BG-16
        if self._phase != "move":
            raise self._not_now(Word("bg.what.play", move=_short(text.strip())))
        target = self._result_of(moves)
        for p in self.legal_moves():
            if p.after == target:
                return p
        raise self._explain_illegal(text)

    def _coerce_move(self, move: Any) -> Any:
        """A move value: a ``Play`` (compared by the position it reaches) or a
        ``CubeAction``; anything else is refused before it is looked at."""
        if not isinstance(move, (Play, CubeAction)):
            raise IllegalMoveError("bg.err.not_a_move", kind=type(move).__name__)
        if isinstance(move, Play):
            legal = self.legal_moves()
            for m in legal:             # one of legal_moves() itself: no comparing needed
                if m is move:
                    return m
            after = getattr(move, "after", None)
            if isinstance(after, tuple) and len(after) == 2 and all(
                    isinstance(s, tuple) and len(s) == 26 for s in after):
                for m in legal:
                    if m == move:
                        return m
            try:
                text = str(move)
            except Exception:       # a hand-made Play with malformed steps
                text = None
            if text is None or not isinstance(after, tuple):
                raise IllegalMoveError("bg.err.malformed_play")
            raise self._explain_illegal(text)
        if move is _ROLL or move is _DOUBLE or move is _TAKE or move is _PASS:
            if move in self.legal_moves():
                return move
        return super()._coerce_move(move)

    def _result_of(self, moves):
        """The position reached by single moves (from, to, hit), or the error why not."""
        m, t = (list(x) for x in self.position())
        for a, b, _ in moves:
            if m[a] <= 0:
                side = Word(f"bg.draw.side.{self._roller}")
                if a == 25:     # an empty bar: the entering rule, not the numbering
                    return IllegalMoveError("bg.err.bar_empty", rule="BG-07", side=side)
                return IllegalMoveError("bg.err.no_checker", rule="BG-01", side=side, point=a)
            if b > 0 and t[25 - b] >= 2:
                return IllegalMoveError("bg.err.held", rule="BG-05", point=b)
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
                return IllegalMoveError("bg.err.no_double", rule="BG-12")
            if act == "double" and self._phase in ("roll", "move"):
                reason = self._cube_words(self._roller, self._cube, self._owner, self._crawford)
                if reason:
                    return IllegalMoveError("bg.err.may_not_double",
                                            side=Word(f"bg.draw.side.{self._roller}"), reason=reason)
                return IllegalMoveError("bg.err.double_late", rule="BG-12")
            if self._phase == "over":
                return self._over_error()
            return self._not_now(Word(f"bg.what.{'roll_act' if act == 'roll' else act}"))
        if self._phase == "over":
            return self._over_error()
        if self._phase != "move":
            return self._not_now(Word("bg.what.play", move=_short(str(move))))
        try:
            moves = parse_notation(str(move)) if not isinstance(move, Play) else \
                [(a, b, False) for a, b in move.steps]
        except FormatError as e:
            return IllegalMoveError(e.key, **e.facts) if e.key else IllegalMoveError(str(e))
        dice = self._dice
        assert dice is not None                 # (asked in the move phase)
        d1, d2 = dice
        mine, theirs = self.position()
        dice_txt = f"{d1}-{d2}"
        if mine[25] and moves and moves[0][0] != 25:
            return IllegalMoveError("bg.err.bar_first", rule="BG-07")
        target = self._result_of(moves)
        if isinstance(target, IllegalMoveError) and target.key in ("bg.err.no_checker", "bg.err.bar_empty"):
            return target
        hi = max(i for i in range(0, 26) if mine[i] or i == 0)
        for a, b, _ in moves:
            dist = a - b
            allowed = {d1, d2}
            if b > 0 and dist not in allowed:
                return IllegalMoveError("bg.err.wrong_die", rule="BG-04", step=f"{_point_name(a)}/{b}",
                                        dist=dist, a=d1, b=d2)
            if b == 0:
                if hi > 6:
                    return IllegalMoveError("bg.err.bear_off_early", rule="BG-09")
                if not any(d >= dist for d in allowed):
                    return IllegalMoveError("bg.err.bear_off_die", rule="BG-09", point=_point_name(a),
                                            dist=dist, a=d1, b=d2)
        if isinstance(target, IllegalMoveError):
            return target
        plays = self.legal_moves()
        most = max(len(p.steps) for p in plays)
        if not moves and most:
            return IllegalMoveError("bg.err.no_voluntary_pass", rule="BG-08")
        if len(moves) < most:
            if d1 == d2:
                return IllegalMoveError("bg.err.doubles_all", rule="BG-08", most=most)
            if most == 2:
                return IllegalMoveError("bg.err.both_dice", rule="BG-08")
            return IllegalMoveError("bg.err.larger_die", rule="BG-08")
        if most == 1 and d1 != d2 and len(moves) == 1:
            return IllegalMoveError("bg.err.larger_die", rule="BG-08")
        legal = [str(p) for p in plays]
        typed = str(move)
        return IllegalMoveError("bg.err.not_legal", play=typed if len(typed) <= 60 else typed[:60] + "...",
                                dice=dice_txt,
                                legal=legal[:6], more=Word("bg.err.more") if len(legal) > 6 else "")

    # ------------------------------------------------- partial moves (widget)
    def partial_steps(self, done: Sequence = ()) -> list[Step]:
        """The single-die steps that may come next after ``done`` (steps already made
        this turn), keeping the turn completable into a legal play (BG-08)."""
        if self._phase != "move":
            return []
        m, t, dice = self._after_steps(done)
        plays = [p for p in self.legal_moves() if p.steps]
        targets = {p.after for p in plays}
        # all legal plays use the same number of dice (BG-08); until that many are used,
        # go on even when the position already equals some play's result (in a bear-off,
        # 3/off with a 5 ends where 3/2 2/off ends, yet the 1 must still be played)
        if not dice or not plays or len(done) >= max(len(p.steps) for p in plays):
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
        if self._phase != "move":
            raise self._not_now(Word("bg.what.steps"))
        if isinstance(done, (str, bytes)) or not isinstance(done, (list, tuple)) or len(done) > 4 \
                or not all(isinstance(s, tuple) and len(s) in (3, 4)
                           and all(_is_int(x) for x in s[:3]) for s in done):
            raise BoardkitError(f"steps are up to four Step(from_, to, die) of this turn (BG-04), "
                                f"got {_short(done)}")
        m, t = (list(x) for x in self.position())
        d1, d2 = self._dice
        dice = [d1] * 4 if d1 == d2 else [d1, d2]
        for s in done:
            s = Step(*s) if not isinstance(s, Step) else s
            if s.die not in dice:
                raise IllegalMoveError("bg.err.step_die", rule="BG-04", step=str(s))
            legal = [(a, b) for a, b, _ in _single(m, t, s.die)]
            if (s.from_, s.to) not in legal:
                raise IllegalMoveError("bg.err.step_illegal", step=str(s))
            hit = s.to > 0 and t[25 - s.to] == 1
            m, t = _apply_step(m, t, s.from_, s.to, hit)
            dice.remove(s.die)
        return m, t, dice

    def position_after(self, done: Iterable = ()) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(mine, theirs) after some single steps of the current turn (for drawing)."""
        m, t, _ = self._after_steps(done)
        return tuple(m), tuple(t)

    def dice_left(self, done: Iterable = ()) -> list[int]:
        return self._after_steps(done)[2]

    def play_for_steps(self, done: Sequence = ()) -> Play | None:
        """The legal play that ``done`` completes, or None if more steps are due: the
        position is a legal play's result and no further step is possible (every die the
        play needs has been used, or none of the rest can move, BG-08)."""
        key = self.position_after(done)
        for p in self.legal_moves():
            if p.after == key:
                if not p.steps:
                    return None if list(done) else p
                return None if self.partial_steps(done) else p
        return None

    # --------------------------------------------------------- undo and JSON
    def _snapshot(self):
        tb = self._tb or self._board_tuples()
        return (tb[0], tb[1], self._phase, self._turn,
                self._roller, self._dice, self._cube, self._owner, self._result,
                self._opening, self._score, self._crawford)

    def _restore(self, s) -> None:
        (b0, b1, self._phase, self._turn, self._roller, self._dice, self._cube,
         self._owner, self._result, self._opening, self._score, self._crawford) = s
        self._board = [list(b0), list(b1)]
        self._tb = (b0, b1)

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
        """Read ``_state_dict``'s output. Every field is type-checked and the whole state
        is checked against the rules (``_state_error``): what play cannot reach is
        refused with a FormatError naming the rule (the game is left untouched)."""
        fmt = "backgammon JSON"
        if not isinstance(d, dict):
            raise FormatError("bg.save.not_object")
        known = {"board", "phase", "turn", "roller", "dice", "cube", "cube_owner", "result",
                 "opening", "score", "crawford"}
        unknown = sorted(str(k)[:20] for k in set(d) - known)
        if unknown:
            raise FormatError("bg.save.unknown", unknown=str(unknown[:5]), known=str(sorted(known)))
        missing = sorted({"board", "phase", "turn", "roller", "cube", "cube_owner"} - set(d))
        if missing:
            raise FormatError("bg.save.missing", missing=str(missing))
        board = d["board"]
        if not (isinstance(board, list) and len(board) == 2):
            raise FormatError("bg.save.board")
        b = [self._check_side(side, fmt) for side in board]
        self._check_board(b, fmt)
        phase = d["phase"]
        if not isinstance(phase, str) or phase not in _PHASES:
            raise FormatError("bg.save.phase", phases=str(list(_PHASES)), got=_short(phase))
        turn, roller = d["turn"], d["roller"]
        if not (_is_int(turn) and _is_int(roller) and turn in (0, 1) and roller in (0, 1)):
            raise FormatError("bg.save.turn")
        dice = d.get("dice")
        if dice is not None:
            if not (isinstance(dice, list) and len(dice) == 2
                    and all(_is_int(x) and 1 <= x <= 6 for x in dice)):
                raise FormatError("bg.save.dice")
            dice = (dice[0], dice[1])
        cube, owner = d["cube"], d["cube_owner"]
        if not (_is_int(cube) and 1 <= cube <= self.rules.max_cube and not cube & (cube - 1)):
            raise FormatError("bg.save.cube", most=self.rules.max_cube, got=_short(cube))
        if not (owner is None or (_is_int(owner) and owner in (0, 1))):
            raise FormatError("bg.save.owner")
        res = d.get("result")
        if res is not None:
            if not (isinstance(res, list) and len(res) == 4 and _is_int(res[0])
                    and res[0] in (0, 1) and isinstance(res[1], str)
                    and _is_int(res[2]) and _is_int(res[3])):
                raise FormatError("bg.save.result")
            res = (res[0], res[1], res[2], res[3])
        score = d.get("score", [0, 0])
        if not (isinstance(score, list) and len(score) == 2 and all(_is_int(x) for x in score)):
            raise FormatError("bg.save.score")
        crawford = d.get("crawford", False)
        opening = d.get("opening", [])
        if not (isinstance(opening, list) and len(opening) <= MAX_OPENING_ROLLS
                and all(isinstance(r, list) for r in opening)):
            raise FormatError("bg.save.opening", most=MAX_OPENING_ROLLS)
        opening = tuple(tuple(r) for r in opening)
        err = _opening_error(opening, complete=False) if opening else None
        if err:
            raise FormatError(f"{fmt}: {err}")
        st = {"board": b, "phase": phase, "turn": turn, "roller": roller, "dice": dice,
              "cube": cube, "owner": owner, "result": res, "opening": opening,
              "score": (score[0], score[1]), "crawford": crawford}
        err = self._state_error(st)
        if err:
            raise FormatError(f"{fmt}: {err}")
        self._set_state(st)

    def _set_state(self, st: dict) -> None:
        """Install a state checked by ``_state_error`` (the result is rewritten in our
        own words, so a stored reason text cannot say something else)."""
        self._board = [list(st["board"][0]), list(st["board"][1])]
        self._tb = None
        self._phase, self._turn, self._roller = st["phase"], st["turn"], st["roller"]
        self._dice, self._cube, self._owner = st["dice"], st["cube"], st["owner"]
        self._opening, self._score, self._crawford = st["opening"], st["score"], st["crawford"]
        self._result = st["result"]
        if self._result is not None:
            w = self._result[0]
            how = None if self._board[w][0] == 15 else "pass"
            self._result = self._result_for(self._board, w, how, self._cube)

    def _state_error(self, st: dict) -> str | None:
        """Why a whole state (the fields of ``_load_state``, already type-checked) cannot
        arise in play under ``self.rules``, naming the rule; None if it can."""
        b, phase, turn, roller = st["board"], st["phase"], st["turn"], st["roller"]
        cube, owner, crawford = st["cube"], st["owner"], st["crawford"]
        err = self._match_state_error(st["score"], crawford, cube, owner, check_score=True)
        if err:
            return err
        opening = st["opening"]
        off = (b[0][0] == 15, b[1][0] == 15)
        if all(off):
            return "both players have borne off all 15 checkers: only one can win (BG-10)"
        if phase == "opening":
            if (b[0] != list(START) or b[1] != list(START) or turn or roller or opening
                    or cube != 1 or owner is not None):
                return ("before the opening roll the checkers stand as set up (BG-02), White "
                        "is to roll, no opening roll is recorded and the cube is in the "
                        "middle (BG-03, BG-12)")
            return None
        if phase != "over" and any(off):
            who = PLAYER_NAMES[off.index(True)]
            return (f"{who} has borne off all 15 checkers, so the game is over and play "
                    f"cannot go on (BG-10)")
        if phase in ("cube", "roll", "move") and turn != roller:
            return (f"in phase {phase!r} the player to act is the player on roll "
                    f"(turn {turn}, roller {roller}) (BG-03)")
        if phase == "move" and st["dice"] is None:
            return ("in phase 'move' the player on roll has rolled: the dice must be given "
                    "(two numbers 1..6) (BG-03)")
        if phase in ("cube", "respond"):
            why = self._cube_reason(roller, cube, owner, crawford)
            if why:
                doing = "may not double" if phase == "cube" else "cannot have offered a double"
                return f"{PLAYER_NAMES[roller]} {doing}: {why}"
        if phase == "respond" and turn == roller:
            return ("a double is answered by the other player: the doubler cannot take or "
                    "pass its own double (BG-12)")
        if phase == "over":
            res = st["result"]
            w = res[0]
            if off[w]:
                if turn != w or roller != w:
                    return (f"{PLAYER_NAMES[w]} won by bearing off the last checker on its own "
                            f"turn: turn and roller must both be {w} (BG-10)")
                exp = self._result_for(b, w, None, cube)
            else:
                if any(off):
                    return (f"the result names {PLAYER_NAMES[w]} as winner, but "
                            f"{PLAYER_NAMES[1 - w]} has borne off all 15 checkers (BG-10)")
                why = self._cube_reason(w, cube, owner, crawford)
                if why or roller != w or turn != 1 - w:
                    return (f"{PLAYER_NAMES[w]} has not borne off every checker, so the game "
                            f"can only have ended by {PLAYER_NAMES[1 - w]} passing "
                            f"{PLAYER_NAMES[w]}'s double, which is impossible here"
                            f"{': ' + why if why else ' (turn/roller)'} (BG-10, BG-12)")
                exp = self._result_for(b, w, "pass", cube)
            if (res[2], res[3]) != (exp[2], exp[3]):
                return (f"result: {PLAYER_NAMES[w]} wins {exp[2]} point(s) of kind {exp[3]} "
                        f"here (1 single, 2 gammon, 3 backgammon), not {_short(res[2])} of "
                        f"kind {_short(res[3])} (BG-11, BG-12)")
        return None

    @staticmethod
    def _check_side(side, fmt) -> list[int]:
        if not (isinstance(side, (list, tuple)) and len(side) == 26
                and all(_is_int(x) and x >= 0 for x in side)):
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
                        cube_owner: int | None | str = "keep") -> BackgammonGame:
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
        if self.history or self._phase in ("respond", "over"):
            raise BoardkitError("set_match_state sets up a position: call it before any move is "
                                "played and not while a double awaits an answer (BG-12)")
        new_score = self._score if score is None else self._check_score(score)
        new_crawford = self._crawford if crawford is None else crawford
        new_cube = self._cube if cube is None else cube
        new_owner = self._owner if isinstance(cube_owner, str) and cube_owner == "keep" else cube_owner
        err = self._match_state_error(new_score, new_crawford, new_cube, new_owner)
        if err:
            raise BoardkitError(err)
        assert not isinstance(new_owner, str)     # the check allows only None, 0 and 1
        self._score, self._crawford = new_score, new_crawford
        self._cube, self._owner = new_cube, new_owner
        if self._phase in ("cube", "roll"):
            self._phase = "cube" if self._cube_reason(self._roller) is None else "roll"
        return self

    def _match_state_error(self, score, crawford, cube, owner,
                           check_score: bool = False) -> str | None:
        """Why this score / Crawford flag / cube is impossible under the rules, or None.
        A match to 1 point has no Crawford game (nobody *reaches* 0 points: both start
        there), so the flag needs a match of 2 or more (BG-14)."""
        r, n = self.rules, self.rules.match_length
        if not isinstance(crawford, bool):
            return f"crawford must be true or false, got {_short(crawford)} (BG-14)"
        if check_score:
            a, b = score
            if a < 0 or b < 0 or (n and (a >= n or b >= n)):
                return f"score {a}-{b} is impossible in a match to {n} (BG-13)"
        if crawford and n == 1:
            return ("a match to 1 point has no Crawford game: the Crawford game follows a "
                    "player reaching N-1 points, and at 0-0 nobody has reached anything (BG-14)")
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
            return f"the cube is a power of two from 1 to {r.max_cube}, got {_short(cube)} (BG-12)"
        if owner is not None and not (isinstance(owner, numbers.Integral) and owner in (0, 1)):
            return f"cube_owner is None (middle), 0 (White) or 1 (Red), got {_short(owner)} (BG-12)"
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
                      crawford: bool = False) -> BackgammonGame:
        """A game at a given position: ``mine`` belongs to the player ``turn`` (on roll),
        both sides in their own numbering. With ``dice`` the play is due at once.
        ``cube``, ``cube_owner``, ``score`` and ``crawford`` set the match context
        (checked as in ``set_match_state``)."""
        g = cls(rules=rules)
        if not (_is_int(turn) and turn in (0, 1)):
            raise BoardkitError(f"turn must be 0 (White) or 1 (Red), got {_short(turn)}")
        if dice is not None and not (isinstance(dice, (tuple, list)) and len(dice) == 2):
            raise BoardkitError(f"dice are two numbers 1..6, got {_short(dice)} (BG-03)")
        try:
            sides = [cls._check_side(mine, "backgammon position"),
                     cls._check_side(theirs, "backgammon position")]
            board = [sides[0], sides[1]] if turn == 0 else [sides[1], sides[0]]
            cls._check_board(board, "backgammon position")
        except FormatError as e:
            raise FormatError(str(e)) from None
        if sum(board[turn][0:1]) == 15 or board[1 - turn][0] == 15:
            raise FormatError("backgammon position: a side with all 15 checkers off has won: the game "
                              "is over, so it cannot be set up to play on (BG-10)")
        g._board = board
        g._tb = None
        g._roller = g._turn = turn
        g._opening = ()
        g._phase = "roll"
        g.set_match_state(score=score, crawford=crawford, cube=cube, cube_owner=cube_owner)
        if dice is not None:
            g.set_dice(*dice)
        return g

    @classmethod
    def from_position_id(cls, pid: str, match_id: str | None = None, *, turn: int = 0,
                         rules: BackgammonRules | None = None, **match_state) -> BackgammonGame:
        """A game from a GNU Backgammon Position ID (and optionally a Match ID, BG-17).
        The player on roll is ``turn`` (White by default) unless the Match ID says.
        Without a Match ID, keywords ``score``, ``crawford``, ``cube``, ``cube_owner``
        set the match context (see ``set_match_state``). With one, the whole state is
        checked as JSON is (``_state_error``): a double offered in the Crawford game, by
        the player who does not own the cube, past ``max_cube``, or answered by its own
        doubler is refused with a FormatError naming the rule."""
        mine, theirs = decode_position_id(pid)
        if match_id is None:
            return cls.from_position(mine, theirs, turn=turn, rules=rules, **match_state)
        if match_state or rules is not None:
            raise BoardkitError("a Match ID already gives the rules, score, Crawford flag and "
                                "cube: pass either the Match ID or those keywords (BG-17)")
        return cls._from_match_id(mine, theirs, match_id)

    @classmethod
    def _from_match_id(cls, mine, theirs, match_id: str) -> BackgammonGame:
        fmt = "GNU Backgammon Match ID (BG-17)"
        info = decode_match_id(match_id)
        if info["resign"]:
            kind = ("single game", "gammon", "backgammon")[info["resign"] - 1]
            raise FormatError(f"{fmt}: {_short(match_id)} has a resignation offered (of a "
                              f"{kind}) waiting for an answer; boardkit's games have no "
                              f"resignations, so this state cannot be loaded")
        if info["state"] not in (0, 1):
            raise FormatError(f"{fmt}: {_short(match_id)} is not a game in play (game state "
                              f"{info['state']}); only positions in play can be loaded")
        n = info["match_length"]
        try:
            rules = (BackgammonRules.match(n) if n
                     else BackgammonRules.money(jacoby=info["jacoby"]))
        except BoardkitError as e:
            raise FormatError(f"{fmt}: {e}") from None
        if info["state"] == 0:
            # gnubg's "no game": the next game of the match, before its opening roll
            if (info["dice"] is not None or info["doubled"] or info["cube"] != 1
                    or info["cube_owner"] is not None
                    or (list(mine), list(theirs)) != (list(START), list(START))):
                raise FormatError(f"{fmt}: {_short(match_id)} is the state before a game "
                                  f"(state 0), so the checkers stand as set up, no dice are "
                                  f"rolled and the cube is 1 in the middle (BG-02, BG-03)")
            try:
                return cls(rules, score=info["score"], crawford=info["crawford"])
            except BoardkitError as e:
                raise FormatError(f"{fmt}: {_short(match_id)}: {e}") from None
        roller, turn = info["roller"], info["turn"]
        if info["doubled"]:
            if info["dice"] is not None:
                raise FormatError(f"{fmt}: a double is offered before rolling, so the dice "
                                  f"cannot be rolled while it waits for an answer (BG-12)")
            phase = "respond"
        elif info["dice"] is not None:
            phase = "move"
        else:
            phase = "roll"
        if phase != "respond" and info["resign"] == 0 and turn != roller:
            raise FormatError(f"{fmt}: the player to decide must be the player on roll when "
                              f"no double is offered (BG-12)")
        if phase != "respond":
            turn = roller
        if info["cube"] > rules.max_cube:
            raise FormatError(f"{fmt}: cube {info['cube']} is above {rules.max_cube} (BG-12)")
        g = cls(rules=rules)
        board = [list(mine), list(theirs)] if roller == 0 else [list(theirs), list(mine)]
        st = {"board": board, "phase": phase, "turn": turn, "roller": roller,
              "dice": info["dice"], "cube": info["cube"], "owner": info["cube_owner"],
              "result": None, "opening": (), "score": info["score"],
              "crawford": info["crawford"]}
        if phase == "roll" and g._cube_reason(roller, st["cube"], st["owner"], st["crawford"]) is None:
            st["phase"] = "cube"
        err = g._state_error(st)
        if err:
            raise FormatError(f"{fmt}: {_short(match_id)} describes an impossible state: {err}")
        g._set_state(st)
        return g

    def position_id(self) -> str:
        """The GNU Backgammon Position ID, from the side of the player on roll (BG-17)."""
        return encode_position_id(*self.position())

    def match_id(self) -> str:
        """The GNU Backgammon Match ID: cube, score, dice, who is on roll (BG-17)."""
        return encode_match_id(self)

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
                    f"pips: White {_pips(w)}, Red {_pips(r)}")
        cube = "centre" if self._owner is None else PLAYER_NAMES[self._owner]
        state = {"opening": "opening roll due", "cube": "to roll or double", "respond": "to take or pass",
                 "roll": "to roll", "move": f"to play {self._dice[0]}-{self._dice[1]}" if self._dice else "",
                 "over": "game over"}[self._phase]
        cube_text = f"; cube {self._cube} ({cube})" if self.rules.cube else ""     # BG-12
        rows.append(f" {PLAYER_NAMES[self._turn]} {state}{cube_text}")
        return "\n".join(rows)

    #: draw() options beyond the shared ones (see draw.draw_game)
    draw_extras = ("done_steps", "status")

    def draw(self, **options: Any) -> svg.Drawing:
        """The board as an ``svg.Drawing``: the shared options of docs/architecture.md
        plus ``done_steps`` and ``status`` (see ``draw.draw_game``); an unknown option or
        a bad value raises BoardkitError naming it."""
        self._check_draw_options(options)
        from .draw import draw_game
        return draw_game(self, **options)
