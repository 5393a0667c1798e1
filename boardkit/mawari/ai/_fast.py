"""The hot path: bot games of the levels without building history while they run.

The levels read only the position, so the lean loop (``boardkit.mawari.fastloop``) may
play them on the position alone and replay the records afterwards; this table tells it
which bots draw from the rng.
"""
from __future__ import annotations

from ..game import _POSITION_BOTS
from .search import always_battle, never_battle, random_battle, smart_battle

# the levels read only the position (the lean loop of fastloop.py plays them);
# True = the bot draws from the rng
_POSITION_BOTS.update({never_battle: False, always_battle: False, random_battle: True,
                       smart_battle: False})
