"""The contracts that every game keeps, written once: its AI, its tips, its puzzles.

``AiModule`` is what ``boardkit.<game>.ai`` offers: the levels, the hint's level, a bot
per level, the hint and its explanation, the tip lab. ``TipsModule`` is its part
``ai.tips``: the tips and ``lab_spec()``, which returns a ``TipLabSpec``, the one shape
the tip lab is built from in every game. ``PuzzleModule`` is ``boardkit.<game>.puzzles``.
The tip lab is built the same way everywhere:

    from boardkit.widgets.tiplab import TipLab
    lab = TipLab(ai.tips.lab_spec(), games=100)      # the same cell in every game

``tests/test_ai_contract.py`` checks that the four games keep these contracts (names and
signatures). At import it needs nothing of the package: every layer may read it.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Protocol, runtime_checkable

from ._catalogue import Word

__all__ = ["AiModule", "TipsModule", "PuzzleModule", "TipLabSpec", "tip_results", "GAMES"]

#: the games of the kit, by package name
GAMES = ("checkers", "diamond", "backgammon", "mawari")


def tip_results(game: str) -> list[dict]:
    """The settled tip results of ``game`` (``boardkit/data/tips_<game>.json``, package data
    written by ``benchmarks/tips.py``): one entry per tip, read with importlib.resources, so
    an installed kit finds them wherever it runs. A game without the file gives []."""
    if not isinstance(game, str) or game not in GAMES:
        from .errors import BoardkitError, short_repr
        raise BoardkitError(f"tip_results(game): expected one of {list(GAMES)}, "
                            f"got {short_repr(game)}")
    path = resources.files("boardkit") / "data" / f"tips_{game}.json"
    if not path.is_file():
        return []
    return json.loads(path.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class TipLabSpec:
    """What the tip lab needs of a game (``ai.tips.lab_spec()``).

    game       the package name ("checkers", ...): the settled results are its data file
    tips       name -> (with_bot(level), without_bot(level), new_game()), all picklable
    levels     level name shown -> the value given to the bot factories (None: one level)
    combine    ``combine(names, level) -> (with_bot, without_bot, new_game)`` to play
               several tips at once, or None
    players    seats per game: 2, or per tip (the bot with the tip among players - 1
               bots without it)
    max_plies  the cap of a game (None: the game's own end)
    """

    game: str
    tips: Mapping[str, tuple]
    levels: Mapping[str, Any] | None = None
    combine: Callable | None = None
    players: int | Mapping[str, int] = 2
    max_plies: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def results(self) -> list[dict]:
        """The settled results of the game's tips (package data)."""
        return tip_results(self.game)


@runtime_checkable
class TipsModule(Protocol):
    """``boardkit.<game>.ai.tips``: the tips and the tip lab's spec."""

    TIPS: Any

    def lab_spec(self) -> TipLabSpec: ...


@runtime_checkable
class AiModule(Protocol):
    """``boardkit.<game>.ai``: the computer players of one game.

    LEVELS      English level name -> the label the widget shows, weakest first
    HINT_LEVEL  the level the hint plays (a key of LEVELS)
    bot         bot(level) -> a picklable ``bot(game, rng) -> move``
    hint        hint(game, level=None) -> the move the hint shows
    explain     explain(game, move) -> why, in plain words
    tip_lab     tip_lab(**options) -> the tip lab widget of the game's strategy lesson
    tips        the part with TIPS and lab_spec()
    """

    LEVELS: Mapping[str, str]
    HINT_LEVEL: str
    tips: TipsModule

    def bot(self, level: str) -> Callable[..., Any]: ...

    def hint(self, game: Any, level: str | None = None) -> Any: ...

    def explain(self, game: Any, move: Any) -> str: ...

    def tip_lab(self, **options: Any) -> Any: ...


@runtime_checkable
class PuzzleModule(Protocol):
    """``boardkit.<game>.puzzles``: the game's board puzzles, as data.

    PUZZLES         the ``boardkit.puzzles.PuzzleSet`` of the game
    make_game       make_game(puzzle) -> the puzzle's position as a game
    widget_options  widget_options(puzzle) -> the keywords that widget is built with

    The board a puzzle is played on is listed in ``boardkit.widgets.puzzle.BOARDS``, so
    the data names no widget. Optional, where the game needs them: ``board_cell``,
    ``move_ends``, ``click_answer``.
    """

    PUZZLES: Any

    def make_game(self, puzzle: Any) -> Any: ...

    def widget_options(self, puzzle: Any) -> dict: ...


def parts_getattr(package: str, parts: Sequence[str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for an ``ai`` package: any name of its parts (in the order
    given) read as ``boardkit.<game>.ai.<name>``, so older callers keep working."""
    def __getattr__(name: str) -> Any:
        import importlib
        for part in parts:
            found = vars(importlib.import_module(f"{package}.{part}"))
            if name in found:
                return found[name]
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return __getattr__


def level_word(levels: Mapping[str, str], level: str) -> Word:
    """A level's name as a tutor line says it ("the strong level", 「「つよい」」): ``levels``
    is an AI's ``LEVELS`` (level id -> its catalogue key)."""
    key = levels.get(level)
    return Word("tutor_level", en=Word(key) if key else level)
