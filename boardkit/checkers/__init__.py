"""Checkers / draughts (チェッカー, ドラフツ): American, no-forced-capture and
international rules (CK-01..CK-15).

    from boardkit.checkers import CheckersGame, CheckersRules, perft
    g = CheckersGame(CheckersRules.american())
    g.play("11-15")
"""
from . import fastloop as _fastloop  # noqa: F401  (registers the lean bot-game loop)
from .draw import draw_board
from .game import CheckersGame, CheckersMove, perft
from .notation import iter_pdn, read_pdn, write_pdn
from .rules import CheckersRules

__all__ = ["CheckersGame", "CheckersMove", "CheckersRules", "perft", "draw_board",
           "read_pdn", "iter_pdn", "write_pdn"]
