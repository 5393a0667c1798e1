"""The hot path: bot games of the levels without building history while they run.

The levels read only the position, so ``MawariGame._play_bots`` may leave events,
history and undo to be built when read; this table tells it which bots draw from the rng.
"""
from __future__ import annotations

from ..game import _POSITION_BOTS
from .search import always_battle, never_battle, random_battle, smart_battle

# the levels read only the position: bot games with them may leave events, history and
# undo to be built when read (MawariGame._play_bots); True = the bot draws from the rng
_POSITION_BOTS.update({never_battle: False, always_battle: False, random_battle: True,
                       smart_battle: False})
