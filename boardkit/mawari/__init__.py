"""回り将棋 (mawari shogi): a race round the rim of a shogi board, four 金 as dice.

    from boardkit.mawari import MawariGame, MawariRules, TossModel, Toss
    g = MawariGame(players=3)
    g.set_toss("up up down side")      # or g.resolve_chance(rng)

Rules in our own words: docs/rules/mawari.md (MS-01..MS-15).
"""
from .game import Battle, MawariGame, square_index, square_name
from .rules import MawariRules
from .toss import FACES, Toss, TossModel

__all__ = ["FACES", "Toss", "TossModel", "MawariRules", "MawariGame", "Battle",
           "square_name", "square_index"]
