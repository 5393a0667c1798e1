"""回り将棋 (mawari shogi): a race round the rim of a shogi board, four 金 as dice.

    from boardkit.mawari import MawariGame, MawariRules, TossModel, Toss
    g = MawariGame(MawariRules(players=3))     # or MawariGame(players=3)
    g.set_toss("up up down side")              # or g.resolve_chance(rng)

Modules: rules.py (MawariRules and presets), game.py (the game: state, tosses applied,
JSON), fastloop.py (the lean bot-game loop of sim.play_game), movegen.py (the decisions:
battles), notation.py (squares, toss and decision text), toss.py (the toss's probability
maths), ring.py (a lone piece as a Markov chain), stats.py (tallies of real tosses,
chi-square tests), ai.py (LEVELS, bot, hint), draw.py (SVG), widget.py (every ipywidget of
the game), exercises.py.

Rules in our own words: docs/rules/mawari.md (MS-01..MS-15).
"""
from . import fastloop as _fastloop  # noqa: F401  (registers the lean bot-game loop)
from .game import MawariGame
from .movegen import Battle, Join
from .notation import square_index, square_name
from .rules import MawariRules
from .toss import FACES, Toss, TossModel

__all__ = ["FACES", "Toss", "TossModel", "MawariRules", "MawariGame", "Battle", "Join",
           "square_name", "square_index"]
