"""The shared base of every game: the common interface, errors, undo and JSON.

Every game in boardkit offers the same verbs (python-chess is the model), so the
widget, the bots and the simulations are written once:

    legal_moves()  play(move_or_text)  undo()  copy()  turn  is_over()
    outcome()      history             to_json() / from_json()
    str(game)      _repr_svg_()

A game subclass implements a handful of hooks (``_generate``, ``_apply``,
``_snapshot``/``_restore``, ``_state_dict``/``_load_state``, ``_outcome``, ``draw``).
Undo is a stack of snapshots: the exact state before each move is kept, so undo
restores it to the bit and never has to "unplay" a move by hand.
"""
from __future__ import annotations

import abc
import dataclasses
import json
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

__all__ = [
    "BoardkitError",
    "IllegalMoveError",
    "FormatError",
    "Outcome",
    "Game",
    "rules_to_dict",
    "rules_from_dict",
]


class BoardkitError(ValueError):
    """Base class of every error boardkit raises on bad input."""


class IllegalMoveError(BoardkitError):
    """A move that the rules forbid. The message names the rule in plain words.

    ``rule`` is the rule ID (``"CK-06"``) when one applies, so a notebook or a test can
    tell which rule was broken without parsing the message.
    """

    def __init__(self, message: str, rule: str | None = None):
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule and rule not in message else message)


class FormatError(BoardkitError):
    """Malformed text: notation, FEN, PDN, position IDs, JSON. Names the format."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    winner   index of the winning player, or None for a draw
    reason   plain words with the rule ID, e.g. "Black has no legal move (CK-10)"
    ranking  every player, best first (three or more players; else (winner, loser))
    points   what the win is worth (backgammon: 1, 2, 3 times the cube)
    """

    winner: int | None
    reason: str
    ranking: tuple[int, ...] = ()
    points: int = 1

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_dict(self) -> dict:
        return {"winner": self.winner, "reason": self.reason,
                "ranking": list(self.ranking), "points": self.points}


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
    except (TypeError, ValueError) as e:
        raise FormatError(f"{fmt}: bad rules: {e}") from None


class Game(abc.ABC):
    """Base class of the four games. Subclasses fill in the hooks below.

    Players are numbered 0..players-1; ``turn`` is the player to act. Moves are small
    immutable values whose ``str()`` is the game's standard notation; ``play`` accepts
    a move or its text.
    """

    #: short name used in JSON ("checkers", "diamond", "backgammon", "mawari")
    name: ClassVar[str] = "game"
    #: bump when the JSON state layout changes
    json_version: ClassVar[int] = 1

    def __init__(self) -> None:
        self._undo: list[Any] = []      # snapshots before each move, for undo()
        self._history: list[Any] = []   # the moves played, in order

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

    def _explain_illegal(self, move: Any) -> IllegalMoveError:
        """Why ``move`` (a move value or text) is not legal here. Override to name the
        exact rule; the default lists a few legal moves."""
        legal = [str(m) for m in self.legal_moves()]
        shown = ", ".join(legal[:8]) + (" ..." if len(legal) > 8 else "")
        return IllegalMoveError(f"{move} is not a legal move here; legal: {shown or 'none'}")

    def _parse_move(self, text: str) -> Any:
        """Text to a legal move. The default matches the text of the legal moves;
        override to accept more spellings."""
        t = text.strip()
        for m in self.legal_moves():
            if str(m) == t:
                return m
        raise self._explain_illegal(t)

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
        """The moves played so far (a copy)."""
        return list(self._history)

    def legal_moves(self) -> list:
        if self.is_over():
            return []
        return self._generate()

    def play(self, move: Any) -> Any:
        """Play a move (a move value, or its text). Returns the move played.

        An illegal move raises IllegalMoveError and leaves the game untouched."""
        if self.is_over():
            raise IllegalMoveError("the game is over: " + self.outcome().reason)
        if isinstance(move, str):
            move = self._parse_move(move)
        else:
            move = self._coerce_move(move)
        snap = self._snapshot()
        self._apply(move)
        self._undo.append(snap)
        self._history.append(move)
        return move

    def _coerce_move(self, move: Any) -> Any:
        """Check that a move value is legal; return the canonical legal move."""
        for m in self.legal_moves():
            if m == move:
                return m
        raise self._explain_illegal(move)

    def undo(self) -> Any:
        """Take back the last move; returns it. Raises if nothing was played."""
        if not self._undo:
            raise IllegalMoveError("nothing to undo: no move has been played")
        self._restore(self._undo.pop())
        return self._history.pop()

    def copy(self) -> "Game":
        new = self.__class__.__new__(self.__class__)
        new.__dict__.update(self.__dict__)
        new._undo = list(self._undo)
        new._history = list(self._history)
        new._restore(self._snapshot())
        return new

    def is_over(self) -> bool:
        return self._outcome() is not None

    def outcome(self) -> Outcome | None:
        return self._outcome()

    # chance: dice and tosses are part of the state (see DESIGN.md)
    def chance_pending(self) -> bool:
        """True when the next step is a roll or a toss, not a player's decision."""
        return False

    def resolve_chance(self, rng) -> Any:
        """Roll or toss with a seeded numpy Generator (dice games override)."""
        raise IllegalMoveError("this game has no dice or toss")

    # ----------------------------------------------------------------- JSON
    def to_json(self, indent: int | None = None) -> str:
        """The whole position (rules, state, and the moves played) as JSON text."""
        rules = getattr(self, "rules", None)
        doc = {
            "game": self.name,
            "version": self.json_version,
            "rules": rules_to_dict(rules) if rules is not None else None,
            "state": self._state_dict(),
        }
        return json.dumps(doc, indent=indent, ensure_ascii=False, sort_keys=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Read what ``to_json`` wrote. Malformed input raises FormatError.

        Limits (``boardkit._input``): at most 1 MB, nesting at most 32 levels, UTF-8,
        no NaN/Infinity; the state is then validated by the game's ``_load_state``."""
        from ._input import loads_json
        fmt = f"{cls.name} JSON"
        doc = loads_json(text, fmt)
        if not isinstance(doc, dict):
            raise FormatError(f"{fmt}: expected an object at the top level")
        if doc.get("game") != cls.name:
            raise FormatError(f"{fmt}: 'game' is {_short(doc.get('game'))}, expected {cls.name!r}")
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
    def _from_rules_dict(cls, data: Any) -> "Game":
        """A fresh game for the rules in a JSON document (override if needed)."""
        rules_cls = getattr(cls, "rules_class", None)
        if rules_cls is None:
            return cls()
        return cls(rules=rules_from_dict(rules_cls, data, f"{cls.name} JSON"))

    def save(self, path) -> None:
        """Write the game to a file (JSON) so it can be resumed later. Atomic: the text
        is encoded first, written to a temporary file in the same folder, then moved
        over ``path``; a failed save leaves an earlier file intact (BoardkitError)."""
        from ._input import atomic_write
        atomic_write(path, self.to_json(indent=1))

    @classmethod
    def load(cls, path) -> Game:
        """Read a saved game. A missing/unreadable file or one that is not UTF-8 raises
        BoardkitError/FormatError (at most 1 MB; see ``from_json``)."""
        from ._input import read_bytes
        return cls.from_json(read_bytes(path, f"{cls.name} file"))

    # -------------------------------------------------------------- display
    @abc.abstractmethod
    def draw(self, **options):
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


def _short(value: Any, limit: int = 40) -> str:
    """repr of a value, cut short (error messages must stay small for 1 MB inputs)."""
    r = repr(value) if not isinstance(value, BaseException) else str(value)
    return r if len(r) <= limit else r[:limit] + "..."


def check_choice(value: Any, allowed: Sequence, what: str, rule: str | None = None) -> None:
    """Raise a clear ValueError-style error when ``value`` is not among ``allowed``."""
    if value not in allowed:
        where = f" ({rule})" if rule else ""
        raise BoardkitError(f"{what} must be one of {list(allowed)}, got {value!r}{where}")
