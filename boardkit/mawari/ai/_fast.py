"""The hot path: bot games of the levels without building history while they run.

The levels read only the position, so the lean loop (``boardkit.mawari.fastloop``) may
play them on the position alone and replay the records afterwards; this table tells it
which bots draw from the rng.
"""
from __future__ import annotations

from .search import always_battle, never_battle, random_battle, smart_battle

#: the bots that read only the position (turn, legal moves, ranks, battle lengths, rules),
#: never events, history or undo, so the lean loop of fastloop.py may play them:
#: bot -> True if it draws from the rng
POSITION_BOTS = {never_battle: False, always_battle: False, random_battle: True,
                 smart_battle: False}
