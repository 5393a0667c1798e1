"""The shared base of every game: the common interface, errors, undo and JSON.

Every game in boardkit offers the same verbs (python-chess is the model), so the
widget, the bots and the simulations are written once:

    legal_moves()  play(move_or_text)  undo()  copy()  turn  is_over()
    outcome()      history             to_json() / from_json()
    str(game)      _repr_svg_()

A game subclass implements a handful of hooks (``_generate``, ``_apply``,
``_snapshot``/``_restore``, ``_state_dict``/``_load_state``, ``_outcome``, ``draw``).
Undo is a stack with one entry per step: the exact state before it (a snapshot), or
a game's own ``UndoRecord`` on a fast path. The base class alone writes the stack and
the history (``_record``/``_record_chance``); the verbs above are final (a game that
defines one is refused when its class is made) and hold the game's lock.
"""
from __future__ import annotations

import abc
import dataclasses
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Self

from . import _catalogue
from ._drawopts import DRAW_OPTIONS, DrawOptions, draw_options
from .errors import BoardkitError, FormatError, IllegalMoveError, short_repr

if TYPE_CHECKING:
    from .svg import Drawing

__all__ = [
    "BoardkitError",
    "IllegalMoveError",
    "FormatError",
    "Outcome",
    "ChanceStep",
    "Game",
    "UndoRecord",
    "FINAL_VERBS",
    "DRAW_OPTIONS",
    "DrawOptions",
    "draw_options",
    "check_options",
    "check_level",
    "rules_to_dict",
    "rules_from_dict",
    "RuleOptions",
    "short_repr",
]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    winner   index of the winning player, or None for a draw
    reason   plain words with the rule ID, e.g. "Black has no legal move (CK-10)"
    ranking  every player, best first (three or more players; else (winner, loser))
    points   what the win is worth (backgammon: 1, 2, 3 times the cube)
    rule     the rule ID of the ending ("CK-10", "BG-11", "DG-07"), or None
    key      the catalogue key of the ending's sentence ("ck.end.no_move"), or None;
    facts    its facts: a board in another language reads the same sentence in its words
    """

    winner: int | None
    reason: str
    ranking: tuple[int, ...] = ()
    points: int = 1
    rule: str | None = None
    key: str | None = field(default=None, compare=False)
    facts: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_dict(self) -> dict:
        return {"winner": self.winner, "reason": self.reason,
                "ranking": list(self.ranking), "points": self.points, "rule": self.rule}


@dataclass(frozen=True)
class ChanceStep:
    """A history entry for a chance step (a dice roll, a toss of the four golds).

    ``player`` rolled/tossed and ``outcome`` is the game's own value for the result
    (dice as a tuple, a ``Toss``...). ``str()`` is the outcome's text. Chance steps sit
    in ``game.history`` between the moves, in order, and ``undo()`` takes them back like
    moves; ``isinstance(entry, ChanceStep)`` tells them apart."""

    player: int
    outcome: Any

    def __str__(self) -> str:
        o = self.outcome
        if isinstance(o, tuple) and all(isinstance(x, int) for x in o):
            return "-".join(str(x) for x in o)
        return str(o)




def check_options(options: dict, accepted: Sequence[str], what: str) -> dict:
    """Refuse unknown keyword options: BoardkitError naming the accepted ones.
    Returns ``options`` so a call can be written ``opts = check_options(...)``."""
    if not isinstance(options, Mapping):
        raise BoardkitError(f"{short_repr(what)}: options must be a dict of name -> value, "
                            f"got {short_repr(options)}")
    unknown = sorted(short_repr(k) if not isinstance(k, str) else k[:40]
                     for k in options if k not in accepted)
    if unknown:
        raise BoardkitError(f"{short_repr(what)}: unknown option(s) {', '.join(unknown[:10])}; "
                            f"accepted: {', '.join(sorted(accepted))}")
    return options


def level_labels(levels: dict[str, str], name: str) -> tuple[str, ...]:
    """The labels of level ``name`` of an ai's ``LEVELS`` (English name -> the catalogue
    key of its label, ``level.<game>.<name>``), one per language; a value that is no key
    of the catalogue is a label itself."""
    key = levels.get(name, "")
    if not isinstance(key, str) or not key:
        return ()
    if not _catalogue.has(key):
        return (key,)
    return tuple(dict.fromkeys(_catalogue.render(key, lang) for lang in _catalogue.languages()))


def check_level(level: Any, levels: dict[str, str], what: str = "level") -> str:
    """A computer level given by its English name or its label in any language (「つよい」)
    -> the English name; anything else raises BoardkitError listing the levels (weakest
    first, each with its labels other than the name)."""
    if not isinstance(what, str) or not 0 < len(what) <= 100 or not what.isprintable():
        raise BoardkitError(f"what must be the argument's name (text), got {short_repr(what)}")
    if not isinstance(levels, Mapping) or not levels or not all(
            isinstance(k, str) for k in levels):
        raise BoardkitError(f"levels must be a dict of the levels' names -> their labels, "
                            f"got {short_repr(levels)}")
    if isinstance(level, str):
        if level in levels:
            return level
        for name in levels:
            if level in level_labels(levels, name):
                return name

    def shown(name: str) -> str:
        others = [label for label in level_labels(levels, name) if label != name]
        return f"{name!r} ({', '.join(others)})" if others else repr(name)
    raise BoardkitError(f"{what} must be one of {', '.join(shown(k) for k in levels)}; "
                        f"got {_short(level)}")


def rules_to_dict(rules: Any) -> dict:
    """A frozen rules dataclass as plain JSON-able data."""
    out = {}
    for f in dataclasses.fields(rules):
        v = getattr(rules, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out


def rules_from_dict(cls: type, data: Any, fmt: str = "JSON") -> Any:
    """Build a rules dataclass from a dict, rejecting unknown or mistyped fields."""
    if not isinstance(data, dict):
        raise FormatError(f"{fmt}: 'rules' must be an object, got {type(data).__name__}")
    names = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise FormatError(f"{fmt}: unknown rule option(s) {unknown}; accepted: {sorted(names)}")
    kwargs = {}
    for k, v in data.items():
        kwargs[k] = tuple(v) if isinstance(v, list) else v
    try:
        return cls(**kwargs)
    except (TypeError, ValueError, OverflowError, ZeroDivisionError, AttributeError, IndexError,
            KeyError) as e:
        raise FormatError(f"{fmt}: bad rules: {_short(e, 300)}") from None


class UndoRecord:
    """A light undo record: what a fast path keeps instead of a whole snapshot.

    The undo stack holds one entry per step. An entry is either the game's own
    snapshot (``_snapshot()``, undone by ``_restore``) or an ``UndoRecord``, which
    knows how to undo itself (``restore(game)``). A game declares its record types as
    subclasses (small slotted classes), so nothing is told apart by its length."""

    __slots__ = ()

    def restore(self, game: Any) -> None:      # Any: each game's records take its own game
        raise NotImplementedError


#: numpy's Generator class, once one has been checked (numpy is imported lazily here)
_GENERATOR: list = [None]

#: the verbs the base class owns; a game supplies hooks instead (tests/test_contract.py)
FINAL_VERBS = frozenset({"play", "legal_moves", "resolve_chance", "set_chance", "undo", "copy",
                         "is_over", "outcome"})


class Game(abc.ABC):
    """Base class of the four games. Subclasses fill in the hooks below.

    Players are numbered 0..players-1; ``turn`` is the player to act. Moves are small
    immutable values whose ``str()`` is the game's standard notation; ``play`` accepts
    a move or its text.

    The verbs in ``FINAL_VERBS`` live here only: a subclass that defines one is refused
    when the class is made. Only ``_record``, ``_record_chance`` and the push/pop helpers
    below write the undo stack and the history.

    Threads: every public verb holds the game's lock, so two threads that share one game
    take turns step by step and never see half a move.
    """

    #: short name used in JSON ("checkers", "diamond", "backgammon", "mawari")
    name: ClassVar[str] = "game"
    #: bump when the JSON state layout changes
    json_version: ClassVar[int] = 1
    #: the Generator methods ``resolve_chance`` draws with (checked by ``check_rng``)
    rng_methods: ClassVar[tuple[str, ...]] = ("integers", "random")

    #: optional speed hooks (None: not offered). ``_fast_play(move)`` plays a move value
    #: it knows to be legal here and returns its undo record, or returns None to let the
    #: checked path play it. ``_fast_chance(rng)`` draws and applies a due chance step
    #: and returns (its ChanceStep, its undo record), or None for the checked path.
    _fast_play: ClassVar[Callable[..., Any] | None] = None
    _fast_chance: ClassVar[Callable[..., Any] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = FINAL_VERBS & set(vars(cls))
        if own:
            raise TypeError(f"{cls.__name__} defines {sorted(own)}: these verbs belong to "
                            f"boardkit's Game; supply the hooks instead (docs/architecture.md)")

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # Game itself (or a game missing hooks) cannot be made: say so as a BoardkitError
        # naming the missing hooks, not Python's bare TypeError
        missing = getattr(cls, "__abstractmethods__", ())
        if missing:
            raise BoardkitError(f"{cls.__name__} cannot be made: it is the base class of the "
                                f"games (make a CheckersGame, BackgammonGame ...) or lacks the "
                                f"hooks {', '.join(sorted(missing))}")
        return super().__new__(cls)

    def __init__(self) -> None:
        self._undo: list[Any] = []      # one undo entry per step (snapshot or UndoRecord)
        self._history: list[Any] = []   # the moves and chance steps played, in order
        self._lock = threading.RLock()

    # ----------------------------------------------------------------- hooks
    # Subclasses must provide these; together they are the list of things a game
    # has to know. _restore must build fresh mutable objects (never alias the snapshot).
    @abc.abstractmethod
    def _generate(self) -> list:                  # the legal moves, in a stable order
        ...

    @abc.abstractmethod
    def _apply(self, move: Any) -> None:          # play a legal move (already checked)
        ...

    @abc.abstractmethod
    def _snapshot(self) -> Any:                   # an immutable copy of the whole state
        ...

    @abc.abstractmethod
    def _restore(self, snap: Any) -> None:        # the inverse of _snapshot
        ...

    @abc.abstractmethod
    def _state_dict(self) -> dict:                # the state as JSON-able data
        ...

    @abc.abstractmethod
    def _load_state(self, data: dict) -> None:    # inverse of _state_dict; validate!
        ...

    @abc.abstractmethod
    def _outcome(self) -> Outcome | None:         # None while the game goes on
        ...

    def _revert(self, record: Any) -> None:
        """Undo one entry of the undo stack: an ``UndoRecord`` undoes itself, anything
        else is a snapshot for ``_restore``. A game whose records are all of one kind
        of its own may override this hook."""
        if isinstance(record, UndoRecord):
            record.restore(self)
        else:
            self._restore(record)

    def _explain_illegal(self, move: Any) -> IllegalMoveError:
        """Why ``move`` (a move value or text) is not legal here. Override to name the
        exact rule; the default lists a few legal moves."""
        legal = [str(m) for m in self.legal_moves()]
        if not legal:
            return IllegalMoveError("error.not_legal_none", move=_short(move, 60))
        return IllegalMoveError("error.not_legal", move=_short(move, 60) if not isinstance(move, str)
                                else move[:60], legal=legal[:8] + (["…"] if len(legal) > 8 else []))

    def _parse_move(self, text: str) -> Any:
        """Text to a legal move. The default matches the text of the legal moves;
        override to accept more spellings."""
        t = text.strip()
        for m in self.legal_moves():
            if str(m) == t:
                return m
        raise self._explain_illegal(t)

    # ------------------------------------------------------- the move stack
    def _record(self, move: Any, undo: Any) -> None:
        """Put a step that has just been applied on the stack: ``undo`` (a snapshot
        from before it, or an ``UndoRecord``) and the move for ``history``."""
        self._undo.append(undo)
        self._history.append(move)

    def _record_chance(self, step: Any, undo: Any) -> None:
        """Put a chance step that has just been applied on the stack: ``step`` is its
        ``ChanceStep`` (or the outcome, wrapped for the player to act before it)."""
        if not isinstance(step, ChanceStep):
            step = ChanceStep(self.turn, step)
        self._undo.append(undo)
        self._history.append(step)

    def _push_record(self, undo: Any) -> None:
        """For search only: an undo entry without a history entry (a bot's fast move
        code, taken back by ``_pop_record``). Keep every push paired with one pop."""
        self._undo.append(undo)

    def _pop_record(self) -> Any:
        """Take the last undo entry off the stack (the pair of ``_push_record``)."""
        return self._undo.pop()

    def _forget_history(self) -> None:
        """The current state becomes the start: history and undo stack emptied (set-ups
        such as placing pieces or loading a FEN). No game touches _undo/_history itself."""
        self._undo.clear()
        self._history.clear()

    # -------------------------------------------------------------- the verbs
    @property
    def players(self) -> int:
        return 2

    @property
    @abc.abstractmethod
    def turn(self) -> int:
        """The player to act next (0-based)."""

    @property
    def history(self) -> list:
        """The moves played so far, with chance steps (``ChanceStep``) in order (a copy)."""
        return list(self._history)

    def legal_moves(self) -> list:
        lock = self._lock
        lock.acquire()
        try:
            if self._over():
                return []
            return self._generate()
        finally:
            lock.release()

    def play(self, move: Any) -> Any:
        """Play a move (a move value, or its text). Returns the move played.

        An illegal move raises IllegalMoveError and leaves the game untouched."""
        lock = self._lock
        lock.acquire()
        try:
            fast = self._fast_play
            if fast is not None:
                undo = fast(move)
                if undo is not None:
                    self._undo.append(undo)
                    self._history.append(move)
                    return move
            if self._over():
                raise self._game_over_error()
            if isinstance(move, str):
                move = self._parse_move(move)
            else:
                move = self._coerce_move(move)
            snap = self._snapshot()
            self._apply(move)
            self._record(move, snap)
            return move
        finally:
            lock.release()

    def _coerce_move(self, move: Any) -> Any:
        """Check that a move value is legal; return the canonical legal move."""
        for m in self.legal_moves():
            if m == move:
                return m
        raise self._explain_illegal(move)

    def undo(self) -> Any:
        """Take back the last move or chance step (a ``ChanceStep``); returns it.
        Raises IllegalMoveError if nothing was played."""
        lock = self._lock
        lock.acquire()
        try:
            if not self._undo:
                raise IllegalMoveError("error.nothing_to_undo")
            self._revert(self._undo.pop())
            return self._history.pop()
        finally:
            lock.release()

    def copy(self) -> Self:
        lock = self._lock
        lock.acquire()
        try:
            new = object.__new__(self.__class__)    # a concrete class: no check in Game.__new__
            new.__dict__.update(self.__dict__)
            new._undo = list(self._undo)
            new._history = list(self._history)
            new._lock = threading.RLock()
            new._restore(self._snapshot())
            return new
        finally:
            lock.release()

    #: optional hook: an undo entry as it is pickled (e.g. without caches valid in this
    #: process only); None keeps the entries as they are
    _pickle_record: ClassVar[Callable[..., Any] | None] = None

    def __getstate__(self) -> dict:
        # pickle and deepcopy: the lock is not copied (each game gets its own)
        state = self.__dict__.copy()
        state.pop("_lock", None)
        clean = self._pickle_record
        if clean is not None:
            state["_undo"] = [clean(r) for r in self._undo]
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._lock = threading.RLock()

    def is_over(self) -> bool:
        lock = self._lock
        lock.acquire()
        try:
            return self._over()
        finally:
            lock.release()

    def outcome(self) -> Outcome | None:
        lock = self._lock
        lock.acquire()
        try:
            return self._outcome()
        finally:
            lock.release()

    def _over(self) -> bool:
        """Hook: whether the game has ended (a game may answer faster than _outcome)."""
        return self._outcome() is not None

    def _end_reason(self) -> str:
        """How the game ended, in words ("" while it goes on)."""
        out = self._outcome()
        return "" if out is None else out.reason

    def _game_over_error(self) -> IllegalMoveError:
        """The refusal of a move or a roll after the end, with the ending's own sentence
        (its key and facts, so another language reads it in its words)."""
        out = self._outcome()
        reason: Any = "" if out is None else out.reason
        if out is not None and out.key:
            reason = _catalogue.Word(out.key, **dict(out.facts))
        return IllegalMoveError("error.game_over", reason=reason)

    # ----------------------------------------------------------------- chance
    # Dice and tosses are part of the state. A dice game implements
    # chance_pending(), _sample_chance(rng) and _apply_chance(outcome) (optionally
    # _check_chance(outcome)); the base records the step in history and makes it undoable.
    def chance_pending(self) -> bool:
        """True when the next step is a roll or a toss, not a player's decision."""
        return False

    def _sample_chance(self, rng) -> Any:
        """Draw a chance outcome with the seeded numpy Generator ``rng`` (dice games)."""
        raise IllegalMoveError("error.no_chance_game")

    def _check_chance(self, outcome: Any) -> Any:
        """Validate an outcome given by hand (raise BoardkitError); return it canonical."""
        return outcome

    def _apply_chance(self, outcome: Any) -> None:
        """Apply a (checked) chance outcome to the state (dice games)."""
        raise IllegalMoveError("error.no_chance_game")

    def _no_chance_reason(self) -> str:
        """Why no roll/toss is due now, in English (``_no_chance_error`` is what is raised;
        a game may override this one with a message key or its own sentence)."""
        return str(self._no_chance_error())

    def _no_chance_error(self) -> IllegalMoveError:
        """The refusal of a roll/toss that is not due: the game's own ``_no_chance_reason``
        where it has one (a message key, or an English sentence), else a keyed error."""
        if type(self)._no_chance_reason is not Game._no_chance_reason:
            return IllegalMoveError(self._no_chance_reason())
        if type(self)._apply_chance is Game._apply_chance:
            return IllegalMoveError("error.no_chance_game")
        if self.is_over():
            return self._game_over_error()
        return IllegalMoveError("error.no_chance_now")

    def resolve_chance(self, rng) -> Any:
        """Roll or toss with a seeded numpy Generator; recorded in history, undoable.
        Returns the outcome."""
        if type(rng) is not _GENERATOR[0]:         # (a plain numpy Generator is fine)
            from ._input import check_rng
            check_rng(rng, f"{type(self).__name__}.resolve_chance(rng)", self.rng_methods)
            if type(rng).__name__ == "Generator" and type(rng).__module__.startswith("numpy"):
                _GENERATOR[0] = type(rng)
        lock = self._lock
        lock.acquire()
        try:
            fast = self._fast_chance
            if fast is not None:
                got = fast(rng)
                if got is not None:
                    step, undo = got
                    self._undo.append(undo)
                    self._history.append(step)
                    return step.outcome
            if not self.chance_pending():
                raise self._no_chance_error()
            return self.set_chance(self._sample_chance(rng))
        finally:
            lock.release()

    def set_chance(self, outcome: Any) -> Any:
        """Apply a chance outcome given by hand (set-ups, lessons), recorded in history
        as a ``ChanceStep`` and undoable like a move. Returns the (canonical) outcome."""
        lock = self._lock
        lock.acquire()
        try:
            if not self.chance_pending():
                raise self._no_chance_error()
            outcome = self._check_chance(outcome)
            who = self.turn
            snap = self._snapshot()
            self._apply_chance(outcome)
            self._record_chance(ChanceStep(who, outcome), snap)
            return outcome
        finally:
            lock.release()

    def moves_played(self) -> list:
        """The history without its chance steps (the players' moves only)."""
        return [m for m in self._history if not isinstance(m, ChanceStep)]

    def recent_moves(self, n: int = 1) -> list:
        """The last ``n`` players' moves (chance steps skipped), oldest first; what
        ``draw(last_move=n)`` marks."""
        out: list = []
        for m in reversed(self._history):
            if len(out) >= n:
                break
            if not isinstance(m, ChanceStep):
                out.append(m)
        return out[::-1]

    # ------------------------------------------------------ search: push / pop
    # For bots and perft: no legality check, no parsing, no lock (a search runs on a
    # game of its own). Every _push is undone by exactly one _pop.
    def _push(self, move: Any) -> None:
        """Play a move KNOWN to be legal (from legal_moves()), fast, for search."""
        self._undo.append(self._snapshot())
        self._apply(move)
        self._history.append(move)

    def _push_chance(self, outcome: Any) -> None:
        """Apply a chance outcome known to be valid, for search (undo with _pop)."""
        who = self.turn
        self._undo.append(self._snapshot())
        self._apply_chance(outcome)
        self._history.append(ChanceStep(who, outcome))

    def _pop(self) -> Any:
        """Take back the last _push/_push_chance (or move); returns it."""
        self._revert(self._undo.pop())
        return self._history.pop()

    # ---------------------------------------------------------------- helpers
    @classmethod
    def _rules_arg(cls, rules: Any) -> Any:
        """The ``rules`` argument of ``XGame(rules=None, **setup)``: None -> the default
        rules; a rules instance is kept; anything else is refused with a clear error."""
        rules_cls = getattr(cls, "rules_class", None)
        if rules is None:
            return rules_cls() if rules_cls is not None else None
        if rules_cls is not None and not isinstance(rules, rules_cls):
            raise BoardkitError(f"{cls.__name__}(rules=...): expected a {rules_cls.__name__} "
                                f"(e.g. {rules_cls.__name__}()), got {_short(rules)}; "
                                f"the first argument is the rules, set-up options are keywords")
        return rules

    #: draw() options a game accepts beyond DRAW_OPTIONS (documented per game)
    draw_extras: ClassVar[tuple[str, ...]] = ()
    #: defaults for draw() options a call does not give, per game (a puzzle's marks)
    draw_defaults: Mapping[str, Any] = MappingProxyType({})

    def _check_draw_options(self, options: dict) -> dict:
        """Call first thing in ``draw(**options)``: unknown options raise BoardkitError
        naming the accepted ones (DRAW_OPTIONS + ``draw_extras``)."""
        return check_options(options, DRAW_OPTIONS + tuple(self.draw_extras),
                             f"{type(self).__name__}.draw()")

    # ----------------------------------------------------------------- JSON
    def to_json(self, indent: int | None = None) -> str:
        """The whole position (rules, state, and the moves played) as JSON text."""
        if indent is not None and (type(indent) is not int or not 0 <= indent <= 16):
            raise BoardkitError(f"to_json: indent must be None or a whole number 0..16, "
                                f"got {_short(indent)}")
        rules = getattr(self, "rules", None)
        lock = self._lock
        lock.acquire()
        try:
            state = self._state_dict()
        finally:
            lock.release()
        doc = {
            "game": self.name,
            "version": self.json_version,
            "rules": rules_to_dict(rules) if rules is not None else None,
            "state": state,
        }
        return json.dumps(doc, indent=indent, ensure_ascii=False, sort_keys=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Read what ``to_json`` wrote. Malformed input raises FormatError.

        Limits (``boardkit._input``): at most 1 MB, nesting at most 32 levels, UTF-8,
        no NaN/Infinity; the state is then validated by the game's ``_load_state``."""
        from ._input import loads_json
        fmt = f"{cls.name} JSON"
        game_word = _game_word(cls.name)
        try:
            doc = loads_json(text, fmt)
        except FormatError as e:
            # what a student reaches by choosing the wrong file: said in the board's words;
            # the parser's detail is added to the English sentence only (for the teacher)
            raise _detailed(FormatError("error.file_not_json", game=game_word),
                            str(e).removeprefix(f"{fmt}: ")) from None
        if not isinstance(doc, dict):
            raise _detailed(FormatError("error.file_not_game", game=game_word),
                            "expected an object at the top level")
        if doc.get("game") != cls.name:
            raise _detailed(FormatError("error.file_not_game", game=game_word),
                            f"'game' is {_short(doc.get('game'))}, expected {cls.name!r}")
        if doc.get("version") != cls.json_version or isinstance(doc.get("version"), bool):
            raise FormatError(f"{fmt}: version {_short(doc.get('version'))} is not supported "
                              f"(this boardkit reads version {cls.json_version})")
        if not isinstance(doc.get("state"), dict):
            raise FormatError(f"{fmt}: 'state' must be an object")
        try:
            game = cls._from_rules_dict(doc.get("rules"))
            game._load_state(doc["state"])
        except BoardkitError as e:
            if isinstance(e, FormatError):
                raise
            raise FormatError(f"{fmt}: {e}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
                ZeroDivisionError, RecursionError) as e:
            raise FormatError(f"{fmt}: bad state ({type(e).__name__}: {_short(e, 200)})") from None
        return game

    @classmethod
    def _from_rules_dict(cls, data: Any) -> Self:
        """A fresh game for the rules in a JSON document (override if needed)."""
        rules_cls = getattr(cls, "rules_class", None)
        if rules_cls is None:
            return cls()
        make: Callable[..., Self] = cls     # a game with rules_class takes rules=
        return make(rules=rules_from_dict(rules_cls, data, f"{cls.name} JSON"))

    def save(self, path) -> None:
        """Write the game to a file (JSON) so it can be resumed later. Atomic: the text
        is encoded first, written to a temporary file in the same folder, then moved
        over ``path``; a failed save leaves an earlier file intact (BoardkitError)."""
        from ._input import atomic_write
        atomic_write(path, self.to_json(indent=1))

    @classmethod
    def load(cls, path) -> Self:
        """Read a saved game. A missing/unreadable file or one that is not UTF-8 raises
        BoardkitError/FormatError (at most 1 MB; see ``from_json``)."""
        import os

        from ._input import check_path, read_bytes
        what = f"{cls.name} file"
        try:
            data = read_bytes(path, what)
        except FormatError:
            raise
        except BoardkitError as e:
            try:
                missing = not os.path.lexists(os.fsdecode(check_path(path, "path")))
            except (BoardkitError, TypeError, ValueError, OSError):
                raise e from None
            name = os.fsdecode(check_path(path, "path"))
            name = name if len(name) <= 100 else name[:100] + "…"
            game = _game_word(cls.name)
            if missing:
                raise _detailed(BoardkitError("error.file_missing", path=name, game=game),
                                str(e).removeprefix(f"{what}: ")) from None
            raise _detailed(BoardkitError("error.file_unreadable", path=name, game=game),
                            str(e).removeprefix(f"{what}: ")) from None
        return cls.from_json(data)

    # -------------------------------------------------------------- display
    @abc.abstractmethod
    def draw(self, **options) -> Drawing:
        """The board as an ``svg.Drawing`` (each game's draw.py)."""

    def _repr_svg_(self) -> str:
        return self.draw().to_svg()

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        # the board both as SVG and as an <img> that untrusted notebooks render
        bundle = self.draw()._repr_mimebundle_()
        bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self) -> str:
        # stable (no memory address) so notebook outputs compare exactly
        return f"<{type(self).__name__} {self.name}: {len(self._history)} moves played>"


#: the safe repr of refusal messages (boardkit.errors.short_repr), by its old name
_short = short_repr


def _game_word(name: str) -> Any:
    """A game's name as a fact of a sentence: its catalogue word (「ダイヤモンドゲーム」)
    where the catalogue has one, else the name itself."""
    return _catalogue.Word(f"game.{name}") if _catalogue.has(f"game.{name}") else name


def _detailed(err: BoardkitError, detail: str) -> BoardkitError:
    """A keyed error whose English sentence also names a technical detail (the parser's
    complaint, the system's error): ``str(err)`` reads "... (detail)" for the teacher,
    while another language renders only the key and facts (``error_text``)."""
    if detail:
        err.args = (f"{err.args[0]} ({detail[:200]})",)
    return err


class RuleOptions:
    """Base of the frozen rules dataclasses (``CheckersRules``, ``DiamondRules`` ...).

    The generated ``__init__`` would answer a misspelled option (``CheckersRules(colour=1)``)
    or too many positional values with Python's bare TypeError; checking the call here, before
    ``__init__`` runs, gives a BoardkitError that lists the accepted options instead."""

    __slots__ = ()
    # every subclass is a dataclass (for the type checker: no value, nothing at run time)
    __dataclass_fields__: ClassVar[dict[str, Any]]

    def __new__(cls, *args: Any, **kwargs: Any):
        names = [f.name for f in dataclasses.fields(cls) if f.init]
        if len(args) > len(names):
            raise BoardkitError(f"{cls.__name__} takes at most {len(names)} options, got "
                                f"{len(args)}; accepted (by name): {names}")
        unknown = sorted(k for k in kwargs if k not in names)
        if unknown:
            shown = [k[:40] for k in unknown[:5]]
            raise BoardkitError(f"{cls.__name__}: unknown option(s) {shown}; accepted: {names}")
        twice = sorted(set(names[:len(args)]) & set(kwargs))
        if twice:
            raise BoardkitError(f"{cls.__name__}: option(s) {twice} given twice")
        missing = [f.name for f in dataclasses.fields(cls)[len(args):]
                   if f.init and f.name not in kwargs and f.default is dataclasses.MISSING
                   and f.default_factory is dataclasses.MISSING]
        if missing:
            raise BoardkitError(f"{cls.__name__}: option(s) {missing} must be given")
        return super().__new__(cls)

    def __reduce__(self):
        # pickle and copy rebuild through the constructor (and so through the checks above)
        return type(self), tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.init)


def check_choice(value: Any, allowed: Sequence, what: str, rule: str | None = None) -> None:
    """Raise a clear ValueError-style error when ``value`` is not among ``allowed``
    (compared by equality; a value that cannot be compared, such as a numpy array, is
    not among them)."""
    try:
        found = bool(value in allowed)
    except Exception:               # noqa: BLE001 - an array's or a hostile __eq__
        found = False
    if not found:
        where = f" ({rule})" if rule else ""
        raise BoardkitError(f"{what} must be one of {short_repr(list(allowed), 300)}, "
                            f"got {short_repr(value)}{where}")
