"""Argument checks of the checkers package's public entry points (the fuzz promise:
a wrong argument is refused with a BoardkitError naming it, never a raw exception).

They build on ``boardkit._input`` (``check_instance``, ``short_repr``) and are called
once per public call, at the entry: never inside move generation or the search.

    check_game(game, "game")          a CheckersGame
    check_move(move, "move")          a CheckersMove (its squares are the game's check)
    check_rules(rules, "rules")       a CheckersRules
    check_board_size(n, "n")          8, 10 or 12 (a Python or numpy int, not a bool)
    check_bits(value, what, nbits)    a set of squares as an int of at most ``nbits`` bits
    check_player(value, what)         0 (Black) or 1 (White)
"""
from __future__ import annotations

from typing import Any

import numpy as np

from .._core import BoardkitError
from .._input import check_instance, short_repr

__all__ = ["check_game", "check_move", "check_rules", "check_board_size", "check_bits",
           "check_player", "SIZES"]

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
    from .rules import CheckersRules
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

