"""Backgammon (バックギャモン): the engine, drawing, widget, probabilities and bots.

    from boardkit.backgammon import BackgammonGame
    g = BackgammonGame()            # the start position (BG-02), opening roll due (BG-03)
    g.set_dice(3, 1)
    [str(p) for p in g.legal_moves()]
    g.play("8/5 6/5")

Rules and their IDs (BG-01 ... BG-17): docs/rules/backgammon.md.
Modules: game.py (the game: state, dice, cube, JSON), movegen.py (plays of a roll),
notation.py (move text, GNU Backgammon Position/Match IDs), matfile.py (.mat match
files: read_mat, replay_mat, write_mat), rules.py, match.py (point
matches), ai/ (LEVELS, HINT_LEVEL, bot, hint, explain), fastloop.py (the lean bot-game
loop ``sim.play_game`` hands a game to), draw.py, widget.py,
exercises.py, and the maths: probability.py, bearoff.py, pubeval.py.
"""
from . import fastloop as _fastloop  # noqa: F401  (registers the lean bot-game loop)
from .game import BackgammonGame, CubeAction, OpeningRoll, Play, Step, plays_for
from .rules import BackgammonRules

__all__ = ["BackgammonGame", "BackgammonRules", "Play", "CubeAction", "Step", "OpeningRoll",
           "plays_for", "BackgammonMatch"]


def __getattr__(name):
    # match.py imports the game; loaded on first use to keep imports light
    if name == "BackgammonMatch":
        from .match import BackgammonMatch
        return BackgammonMatch
    raise AttributeError(name)
