"""Checkers rule sets (CK-14): one frozen dataclass, named presets, checked fields.

    CheckersRules.american()        8x8, forced capture, short kings (the default)
    CheckersRules.no_forced()       American, but a capture is optional
    CheckersRules.international()   10x10, White first, majority capture, flying kings
    CheckersRules.custom(board_size=10, flying_kings=False, ...)
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .._core import BoardkitError, RuleOptions
from .._input import short_repr

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
