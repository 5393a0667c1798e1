"""Diamond Game (ダイヤモンドゲーム) with the 王駒 king, and Chinese checkers.

    from boardkit.diamond import DiamondGame, DiamondRules
    g = DiamondGame(DiamondRules(players=2))
    g.play(g.legal_moves()[0])
    g                      # the board, drawn in SVG

Boards: the 121-hole star (DG-01), the six-colour Chinese checkers board (DG-20)
and the small 73-hole star (DG-18), chosen with ``DiamondRules(board=...)``.

Modules (the same names mean the same thing in every game of boardkit):
``rules`` (options and presets), ``game`` (state, play, undo, JSON), ``movegen``
(steps, hop chains, the path check: the reference), ``fastloop`` (the lean searches of
the bots and of ``reachable()``, the bot-game loop), ``notation`` (hole labels, move
text, the text diagram), ``ai`` (LEVELS, HINT_LEVEL, bot, hint), ``draw`` (SVG), ``widget`` (the
clickable board: all ipywidgets code), ``exercises``, ``puzzles`` (click-to-answer board
puzzles, as in the other games); and Diamond's own ``geometry`` (the star: holes, lines,
tips, camps; ``board.py`` before) and ``solitaire`` (the solitaire puzzle and its solver).
"""
from . import fastloop as _fastloop  # noqa: F401  (registers the lean searches and loop)
from . import geometry
from .game import PASS, DiamondGame, DiamondMove
from .rules import DiamondRules

__all__ = ["DiamondGame", "DiamondMove", "DiamondRules", "PASS", "geometry"]


def __getattr__(name):
    # the widget pulls in ipywidgets: load it only when asked for
    if name == "DiamondWidget":
        from .widget import DiamondWidget
        return DiamondWidget
    raise AttributeError(name)
