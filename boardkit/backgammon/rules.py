"""Backgammon rule options: one frozen dataclass with named presets.

    BackgammonRules.money()              money play with the doubling cube (BG-12)
    BackgammonRules.money(jacoby=True)   ... and the Jacoby rule (BG-15)
    BackgammonRules.match(7)             one game of a 7-point match (BG-13, BG-14)
    BackgammonRules.no_cube()            no doubling cube at all: single, gammon, backgammon
"""
from __future__ import annotations

from dataclasses import dataclass

from .._core import BoardkitError, RuleOptions
from ..errors import short_repr as _short

__all__ = ["BackgammonRules"]


@dataclass(frozen=True)
class BackgammonRules(RuleOptions):
    """Which form of backgammon is played.

    cube          the doubling cube is in use (BG-12)
    jacoby        money play only: gammons and backgammons count single until the
                  cube has been turned (BG-15)
    match_length  0 for money play, else the points needed to win the match (BG-13)
    max_cube      the highest value the cube may reach (64 by default, BG-12)
    """

    cube: bool = True
    jacoby: bool = False
    match_length: int = 0
    max_cube: int = 64

    def __post_init__(self) -> None:
        for name in ("cube", "jacoby"):
            v = getattr(self, name)
            if not isinstance(v, bool):
                raise BoardkitError(f"{name} must be True or False, got {_short(v)} (BG-12, BG-15)")
        if type(self.match_length) is not int or not 0 <= self.match_length <= 99:
            raise BoardkitError(f"match_length must be an integer 0..99 (0 = money play), "
                                f"got {_short(self.match_length)} (BG-13)")
        m = self.max_cube
        if type(m) is not int or m < 1 or m > 32768 or m & (m - 1):
            raise BoardkitError(f"max_cube must be a power of two from 1 to 32768, got {_short(m)} (BG-12)")
        if self.jacoby and self.match_length:
            raise BoardkitError("bg.jacoby_money_only")

    @property
    def money_play(self) -> bool:
        return self.match_length == 0

    @classmethod
    def money(cls, jacoby: bool = False, max_cube: int = 64) -> BackgammonRules:
        """Money play with the doubling cube (optionally the Jacoby rule)."""
        return cls(cube=True, jacoby=jacoby, match_length=0, max_cube=max_cube)

    @classmethod
    def match(cls, length: int) -> BackgammonRules:
        """A game inside a match to ``length`` points (Crawford rule applies)."""
        if type(length) is not int or length < 1:
            raise BoardkitError(f"a match is played to 1 point or more, got {_short(length)} (BG-13)")
        return cls(cube=True, jacoby=False, match_length=length)

    @classmethod
    def no_cube(cls) -> BackgammonRules:
        """Plain games: no doubling; a win counts 1, 2 or 3 (BG-11)."""
        return cls(cube=False, jacoby=False, match_length=0)
