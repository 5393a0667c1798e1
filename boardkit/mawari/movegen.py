"""Move generation of 回り将棋 (mawari shogi): the decisions a player can take.

The pieces move by the toss alone (MS-05..MS-08, applied by ``game.py``); the only
choice a player ever makes is whether to declare a battle after a move that lines up
with an opposing piece (MS-15). This module holds those move values and finds them:

    Battle(q)     declare a battle on player q; Battle(None) declines
    Join(q)       a history entry: player q joined (MS-03), not a player's choice
    battle_targets(pos, laid, mover, battle_line)   the players a battle may be declared on
    decisions(targets)                               [Battle(q) ..., Battle(None)]
    race_length(a, b)                                squares of the battle race (there and back)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ..errors import BoardkitError, short_repr
from ._args import check_square, check_whole
from .notation import _is_corner as is_corner
from .notation import _square_coords as square_coords

__all__ = ["Battle", "Join", "battle_targets", "decisions", "race_length", "distance"]


class Battle(NamedTuple):
    """The decision after a move that lines up with an opposing piece (MS-15):
    ``Battle(2)`` declares a battle on player index 2, ``Battle(None)`` declines."""

    defender: int | None

    def __str__(self) -> str:
        return "no battle" if self.defender is None else f"battle P{self.defender + 1}"


@dataclass(frozen=True)
class Join:
    """A history entry: a player joined the game (MS-03)."""

    player: int

    def __str__(self) -> str:
        return f"P{self.player + 1} joins"


def distance(a: int, b: int) -> int:
    """Squares straight across the board between ring squares a and b (files + ranks)."""
    return _distance(check_square(a, "distance(a)"), check_square(b, "distance(b)"))


def _distance(a: int, b: int) -> int:
    (fa, ra), (fb, rb) = square_coords(a), square_coords(b)
    return abs(fa - fb) + abs(ra - rb)


def race_length(a: int, b: int) -> int:
    """The battle race between pieces on ring squares a and b: there and back (MS-15)."""
    return 2 * _distance(check_square(a, "race_length(a)"), check_square(b, "race_length(b)"))


def _race_length(a: int, b: int) -> int:
    """``race_length`` for the engine: a and b are ints (unchecked)."""
    return 2 * _distance(a, b)


def _in_line(s: int, t: int, battle_line: str) -> bool:
    """Can a piece on ring square s declare a battle on one on t (MS-15)? Both off the
    corners, different squares, same file or rank; with "opposite", on opposite edges."""
    if is_corner(s) or is_corner(t) or t == s:
        return False
    (fs, rs), (ft, rt) = square_coords(s), square_coords(t)
    if fs != ft and rs != rt:
        return False
    return battle_line != "opposite" or (s // 8 - t // 8) % 4 == 2


# square -> bit mask of the squares in line with it, per battle_line (worked out once)
_LINE_MASKS = {line: tuple(sum(1 << t for t in range(32) if _in_line(s, t, line))
                           for s in range(32)) for line in ("opposite", "any")}


def battle_targets(pos: list[int], laid: list[bool], mover: int,
                   battle_line: str = "opposite") -> list[int]:
    """The players the mover may declare a battle on (MS-15): standing (not laid)
    pieces off the corners in the same file or rank as the mover, which is off the
    corners too; with ``battle_line="opposite"`` only those on the opposite edge.
    (Looked up in a table of the squares in line with each square.)

    ``pos`` are the players' ring squares 0..31 (2 to 4 of them), ``laid`` as many
    True/False, ``mover`` a player index; anything else is refused (the engine calls
    ``_battle_targets``, unchecked)."""
    if not isinstance(pos, (list, tuple)) or not 2 <= len(pos) <= 4:
        raise BoardkitError(f"battle_targets(pos) must be a list of 2 to 4 ring squares 0..31; "
                            f"got {short_repr(pos)}")
    pos = [check_whole(t, "battle_targets(pos)", 0, 31) for t in pos]
    if not isinstance(laid, (list, tuple)) or len(laid) != len(pos) \
            or not all(isinstance(x, (bool, np.bool_)) for x in laid):
        raise BoardkitError(f"battle_targets(laid) must be a list of {len(pos)} True/False; "
                            f"got {short_repr(laid)}")
    mover = check_whole(mover, "battle_targets(mover)", 0, len(pos) - 1)
    if not isinstance(battle_line, str):
        raise BoardkitError(f"battle_targets(battle_line) must be 'opposite' or 'any'; "
                            f"got {short_repr(battle_line)}")
    return _battle_targets(pos, [bool(x) for x in laid], mover, battle_line)


def _battle_targets(pos: list[int], laid: list[bool], mover: int,
                    battle_line: str = "opposite") -> list[int]:
    """``battle_targets`` for the engine: unchecked."""
    return _standing_on(_LINE_MASKS.get(battle_line) or _LINE_MASKS["any"], pos, laid, mover)


def _standing_on(masks: tuple, pos: list[int], laid: list[bool], mover: int) -> list[int]:
    """The battle offer (MS-15): the players standing (not laid, MS-12) on the squares in
    line with the mover's, ``masks[square]`` (``_battle_masks``; the mover's own square is
    never in its mask). The one place the offer is worked out: the engine after every
    forward move, fastloop.py after the moves where somebody may be in line."""
    mask = masks[pos[mover]]
    for t in pos:                           # nobody in line (the usual case): no list
        if mask >> t & 1:
            return [q for q, t in enumerate(pos) if mask >> t & 1 and not laid[q]]
    return []


@lru_cache(maxsize=8)
def _battle_masks(battles: bool, battle_line: str) -> tuple:
    """Per ring square, the bit mask of the squares a piece there may declare a battle on
    under these rules (MS-15): ``_LINE_MASKS``, or all 0 when battles are off. An unknown
    ``battle_line`` reads as "any" (the rules refuse one)."""
    if not battles:
        return (0,) * 32
    return _LINE_MASKS.get(battle_line) or _LINE_MASKS["any"]


def decisions(targets: list[int]) -> list[Battle]:
    """The legal decisions when ``targets`` (player indexes 0..3) may be attacked: one
    battle each, then none."""
    if not isinstance(targets, (list, tuple)) or len(targets) > 3:
        raise BoardkitError(f"decisions(targets) must be a list of at most 3 player indexes; "
                            f"got {short_repr(targets)}")
    return _decisions([check_whole(q, "decisions(targets)", 0, 3) for q in targets])


def _decisions(targets: list[int]) -> list[Battle]:
    """``decisions`` for the engine: unchecked."""
    return [Battle(q) for q in targets] + [Battle(None)]
