"""The argument checks of 回り将棋's public entry points, on top of the shared
ones of ``boardkit._input``: a game, a toss model, a ring square, a number of pixels.

Each answers with the value (an ``int`` or ``float`` where numbers are read) or raises a
``BoardkitError`` naming the argument, so that a wrong kind of value (None, text where a
game is expected, a numpy array, a raising ``__repr__``) is refused at the entry and
never reaches the engine as a raw ``AttributeError``. They are for the public entry
points: the engine's inner loops call the unchecked functions (``_square_coords`` ...).
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._input import check_instance
from ..errors import BoardkitError, short_repr

#: the largest drawing width or size accepted, in pixels
MAX_PIXELS = 10_000.0


def check_game(game: Any, what: str = "game"):
    """``game`` if it is a MawariGame, else a BoardkitError naming ``what``."""
    from .game import MawariGame
    return check_instance(game, MawariGame, what)


def check_model(model: Any, what: str = "model"):
    """``model`` if it is a TossModel, else a BoardkitError naming ``what``."""
    from .toss import TossModel
    return check_instance(model, TossModel, what)


def check_whole(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number (a Python or numpy int, never a bool, a float or text), within
    [lo, hi] when they are given, as an ``int``."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise BoardkitError(f"{what} must be a whole number; got {short_repr(value)}")
    v = int(value)
    if lo is not None and v < lo or hi is not None and v > hi:
        raise BoardkitError(f"{what} must be a whole number in [{lo}, {hi}]; got {short_repr(v)}")
    return v


def check_square(value: Any, what: str) -> int:
    """A ring square index: a whole number (counted round the 32-square ring, so any
    size is read modulo 32 as before)."""
    return check_whole(value, what)


def check_pixels(value: Any, what: str, lo: float = 1.0, hi: float = MAX_PIXELS) -> float:
    """A finite number of pixels in [lo, hi] (an int or a float, never a bool or text)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer,
                                                                     np.floating)):
        raise BoardkitError(f"{what} must be a number of pixels in [{lo:g}, {hi:g}]; "
                            f"got {short_repr(value)}")
    try:
        v = float(value)
    except OverflowError:
        v = math.inf
    if not lo <= v <= hi:                   # NaN fails too
        raise BoardkitError(f"{what} must be a number of pixels in [{lo:g}, {hi:g}]; "
                            f"got {short_repr(value)}")
    return v


def check_text_choice(value: Any, allowed: tuple[str, ...], what: str) -> str:
    """One of the ``allowed`` texts (a value that is no text is refused before it is
    compared, so a numpy array never meets ``==``)."""
    if not isinstance(value, str) or value not in allowed:
        raise BoardkitError(f"{what} must be one of {', '.join(allowed)}; got {short_repr(value)}")
    return value
