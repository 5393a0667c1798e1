"""Backgammon (バックギャモン): the engine, drawing, widget, probabilities and bots.

    from boardkit.backgammon import BackgammonGame
    g = BackgammonGame()            # the start position (BG-02), opening roll due (BG-03)
    g.set_dice(3, 1)
    [str(p) for p in g.legal_moves()]
    g.play("8/5 6/5")

Rules and their IDs (BG-01 ... BG-17): docs/rules/backgammon.md.
"""
from .game import BackgammonGame, CubeAction, Play, Step, plays_for
from .rules import BackgammonRules

__all__ = ["BackgammonGame", "BackgammonRules", "Play", "CubeAction", "Step", "plays_for",
           "BackgammonMatch"]


def __getattr__(name):
    # match.py imports the game; loaded on first use to keep imports light
    if name == "BackgammonMatch":
        from .match import BackgammonMatch
        return BackgammonMatch
    raise AttributeError(name)
