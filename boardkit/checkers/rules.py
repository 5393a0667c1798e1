"""Checkers rule sets (CK-14): one frozen dataclass, named presets, checked fields.

    CheckersRules.american()        8x8, forced capture, short kings (the default)
    CheckersRules.no_forced()       American, but a capture is optional
    CheckersRules.international()   10x10, White first, majority capture, flying kings
    CheckersRules.custom(board_size=10, flying_kings=False, ...)
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._core import BoardkitError, RuleOptions
from .._input import check_instance, short_repr

__all__ = ["CheckersRules"]

_DRAW_RULES = ("american", "international")


@dataclass(frozen=True)
class CheckersRules(RuleOptions):
    """Which variant of checkers is played (CK-14).

    board_size            8, 10 or 12 squares a side (CK-01); men fill the
                          ``board_size // 2 - 1`` rows nearest each player (CK-02)
    forced_capture        a capture, when one exists, must be played (CK-06)
    majority_capture      the capture taking the most pieces is compulsory (CK-06);
                          needs ``forced_capture``
    men_capture_backward  men may also jump backwards (CK-05, international)
    flying_kings          kings move and capture along whole diagonals (CK-09)
    crowning_ends_move    a man reaching the far row by a jump stops and is crowned
                          (CK-08, American); when False it jumps on as a man and is
                          crowned only if the move ends on the far row (international)
    first_player          "black" or "white" moves first (CK-03)
    draw_rules            "american" (40-move rule, CK-12) or "international"
                          (25-move king rule and the 16/5-move endgame rules, CK-13);
                          threefold repetition (CK-11) applies to both
    """

    board_size: int = 8
    forced_capture: bool = True
    majority_capture: bool = False
    men_capture_backward: bool = False
    flying_kings: bool = False
    crowning_ends_move: bool = True
    first_player: str = "black"
    draw_rules: str = "american"

    def __post_init__(self) -> None:
        if type(self.board_size) is not int or self.board_size not in (8, 10, 12):
            raise BoardkitError("ck.err.board_size", got=short_repr(self.board_size))
        for name in ("forced_capture", "majority_capture", "men_capture_backward",
                     "flying_kings", "crowning_ends_move"):
            v = getattr(self, name)
            if not isinstance(v, bool):
                raise BoardkitError(f"{name} must be True or False, got {short_repr(v)} (CK-14)")
        if not isinstance(self.first_player, str) or self.first_player not in ("black", "white"):
            raise BoardkitError(f"first_player must be one of ['black', 'white'], "
                                f"got {short_repr(self.first_player)} (CK-03)")
        if not isinstance(self.draw_rules, str) or self.draw_rules not in _DRAW_RULES:
            raise BoardkitError(f"draw_rules must be one of {list(_DRAW_RULES)}, "
                                f"got {short_repr(self.draw_rules)} (CK-12, CK-13)")
        if self.majority_capture and not self.forced_capture:
            # the one mistake the widget's custom set-up allows: said in the board's words
            raise BoardkitError("ck.err.rules.majority")

    # ------------------------------------------------------------- presets
    @classmethod
    def american(cls) -> CheckersRules:
        """American/English checkers: 8x8, Black first, forced capture (any sequence),
        kings step one square, men jump forward only, crowning ends the move."""
        return cls()

    @classmethod
    def no_forced(cls) -> CheckersRules:
        """American rules with optional captures; a multi-jump once begun must still
        be completed (CK-07)."""
        return cls(forced_capture=False)

    @classmethod
    def international(cls) -> CheckersRules:
        """International draughts: 10x10, White first, forced majority capture, men
        capture backwards, flying kings, no crowning in the middle of a capture."""
        return cls(board_size=10, forced_capture=True, majority_capture=True,
                   men_capture_backward=True, flying_kings=True, crowning_ends_move=False,
                   first_player="white", draw_rules="international")

    @classmethod
    def custom(cls, **fields) -> CheckersRules:
        """The American rules with the given fields changed, e.g.
        ``custom(board_size=10, flying_kings=True)``. Unknown names are refused."""
        names = [f.name for f in dataclasses.fields(cls)]
        unknown = sorted(set(fields) - set(names))
        if unknown:
            raise BoardkitError(f"unknown checkers rule option(s) {unknown}; accepted: {names} (CK-14)")
        return dataclasses.replace(cls(), **fields)

    # ----------------------------------------------------------- helpers
    @property
    def name(self) -> str:
        """The preset's name, or "custom"."""
        for preset in ("american", "no_forced", "international"):
            if self == getattr(CheckersRules, preset)():
                return preset
        return "custom"

    @property
    def first_turn(self) -> int:
        """0 (Black) or 1 (White): who moves first in the starting position."""
        return 0 if self.first_player == "black" else 1

# ------------------------------------------------------------ argument checks
# The checks of the package's public entry points (the fuzz promise: a wrong argument
# is refused with a BoardkitError naming it, never a raw exception), built on
# ``boardkit._input`` and called once per public call, at the entry: never inside move
# generation or the search.
#
#     check_game(game, "game")          a CheckersGame
#     check_move(move, "move")          a CheckersMove (its squares are the game's check)
#     check_rules(rules, "rules")       a CheckersRules
#     check_board_size(n, "n")          8, 10 or 12 (a Python or numpy int, not a bool)
#     check_bits(value, what, nbits)    a set of squares as an int of at most ``nbits`` bits
#     check_player(value, what)         0 (Black) or 1 (White)

#: the board sizes of the rules (CK-01)
SIZES = (8, 10, 12)


def check_game(game: Any, what: str = "game") -> Any:
    """``game`` if it is a CheckersGame, else BoardkitError naming ``what``."""
    from .game import CheckersGame
    return check_instance(game, CheckersGame, what)


def check_move(move: Any, what: str = "move") -> Any:
    """``move`` if it is a CheckersMove (not its text), else BoardkitError."""
    from .game import CheckersMove
    return check_instance(move, CheckersMove, what)


def check_rules(rules: Any, what: str = "rules") -> Any:
    """``rules`` if it is a CheckersRules, else BoardkitError naming ``what``."""
    return check_instance(rules, CheckersRules, what)


def _whole(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_board_size(n: Any, what: str = "n") -> int:
    """A board size of the rules: 8, 10 or 12 (CK-01)."""
    if not _whole(n) or int(n) not in SIZES:
        raise BoardkitError(f"{what} must be a board size 8, 10 or 12 (CK-01); got {short_repr(n)}")
    return int(n)


def check_bits(value: Any, what: str, nbits: int = 72) -> int:
    """A set of squares as a whole number >= 0 below 2**nbits (bit i = square i + 1)."""
    if not _whole(value) or not 0 <= int(value) < 1 << nbits:
        raise BoardkitError(f"{what} must be a set of squares, a whole number in "
                            f"[0, 2**{nbits}); got {short_repr(value)}")
    return int(value)


def check_player(value: Any, what: str = "player") -> int:
    """A side: 0 (Black) or 1 (White)."""
    if not _whole(value) or int(value) not in (0, 1):
        raise BoardkitError(f"{what} must be 0 (Black) or 1 (White); got {short_repr(value)}")
    return int(value)

