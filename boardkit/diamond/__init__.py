"""Diamond Game (ダイヤモンドゲーム) with the 王駒 king, and Chinese checkers.

    from boardkit.diamond import DiamondGame, DiamondRules
    g = DiamondGame(DiamondRules(players=2))
    g.play(g.legal_moves()[0])
    g                      # the board, drawn in SVG

Boards: the 121-hole star (DG-01), the six-colour Chinese checkers board (DG-20)
and the small 73-hole star (DG-18), chosen with ``DiamondRules(board=...)``.

Modules: ``board`` (the 121-hole star, labels, camps), ``rules`` (options),
``game`` (state, moves, solitaire), ``draw`` (SVG), ``widget`` (the clickable board),
``ai`` (computer players).
"""
from . import board
from .game import PASS, DiamondGame, DiamondMove
from .rules import DiamondRules

__all__ = ["DiamondGame", "DiamondMove", "DiamondRules", "PASS", "board"]


def __getattr__(name):
    # the widget pulls in ipywidgets: load it only when asked for
    if name == "DiamondWidget":
        from .widget import DiamondWidget
        return DiamondWidget
    raise AttributeError(name)
