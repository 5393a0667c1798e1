"""Computer players for Diamond Game, in five levels (weakest first).

    LEVELS = {"beginner": "入門", "weak": "よわい", "normal": "ふつう", "strong": "つよい",
              "strongest": "最強"}       # English name -> the label the widget shows
    bot("strong")  or  bot("つよい")     # the player of a level: bot(game, rng) -> move
    hint(game)                          # the move at HINT_LEVEL; explain(game, move) says why

    beginner  入門   random-ish: a random destination, mostly not backwards
    weak      よわい greedy on the race (distance to goal), with noise
    normal    ふつう greedy, then what its own next move could gain (ladders)
    strong    つよい two plies: its move, the next player's best reply (by that
                     player's own evaluation), then the ふつう follow-up term
    strongest 最強   three plies: its move, every rival's best reply in turn, then its
                     own best next move judged by the full evaluation (a ladder it has
                     prepared is worth what the race gains from it)

A paranoid alpha-beta search (every opponent against us) was tried and dropped: it
played no better than つよい with two players and clearly worse with three (its
pessimism makes it block instead of race). Measured figures: benchmarks/diamond_ai.py. 最強 against つよい
(15 pieces, seats rotating): 54 of 84 two-player games (64%, 95% interval 54-74%;
seeds 11, 12, 2026, 7); against two つよい, first home in 35 of 78 three-player games
(45%, interval 34-56%, where an equal player would get 33%; seeds 21, 31, 2026, 7).
About 30-90 ms a move.

A player is a module-level callable ``player(game, rng) -> move`` (picklable, so process
pools can run tournaments). Bots never change the game they are given: the search
plays moves with the engine's fast ``_push``/``_pop`` and takes them back.

The evaluation measures a *race*: for each player, the sum over their pieces of the
hex distance to their goal ◎ (lower is better), plus a straggler term (the piece
furthest behind, strategy tip 2), a king term (the king has to end on ◎, DG-14) and
a penalty for an ordinary piece sitting on ◎ (DG-15). A position is worth
"the best opponent's race minus mine". Several hop paths to the same hole lead to
the same position, so the search looks at one move per (start, destination).

The parts are named alike in every game (``_protocols.AiModule``; docs/architecture.md):
``evaluate`` (terms and weights: a weight is changed there), ``search``, ``tips`` and
``_fast``; every name of them can still be read here (``boardkit.diamond.ai.NAME``).
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..._catalogue import Word
from ..._core import check_level
from ..._protocols import parts_getattr
from ..movegen import (
    DiamondMove,
)
from . import _fast, search, tips  # noqa: F401  (the parts, loaded in order)
from .evaluate import DEFAULT, Weights, _gain, candidate_moves, distance, evaluate, race, races  # noqa: F401
from .search import (  # noqa: F401
    LookaheadBot,
    RaceBot,
    ReplyBot,
    _ready,
    intro_bot,
    normal_bot,
    strong_bot,
    strongest_bot,
    weak_bot,
)
from .tips import TIP_LEVELS, TIPS, lab_spec, lab_tips, tip_bots, tip_lab  # noqa: F401

__all__ = ["LEVELS", "HINT_LEVEL", "bot", "hint", "explain", "intro_bot", "weak_bot", "normal_bot",
           "strong_bot", "strongest_bot", "RaceBot", "ReplyBot", "LookaheadBot", "Weights",
           "DEFAULT", "race", "races", "evaluate", "distance", "candidate_moves", "TIPS",
           "TIP_LEVELS", "tip_bots", "lab_tips", "tip_lab", "lab_spec"]


#: the levels, weakest first: English name -> the Japanese label the widget shows
LEVELS: dict[str, str] = {"beginner": "入門", "weak": "よわい", "normal": "ふつう",
                          "strong": "つよい", "strongest": "最強"}

#: the level of the hint: the strongest that answers within about 0.5 s. Measured on
#: this 2-core machine (load average about 5, other jobs running) over 39 positions
#: from seeded games (2 and 3 players, 15 pieces, moves 10-160): 最強 takes 43 ms
#: median, 94 ms at worst (つよい 23/52 ms, ふつう 6/12 ms), so the hint uses 最強.
HINT_LEVEL = "strongest"


_BY_LEVEL: dict[str, Callable] = {
    "beginner": intro_bot,
    "weak": weak_bot,
    "normal": normal_bot,
    "strong": strong_bot,
    "strongest": strongest_bot,
}


def bot(level: str) -> Callable:
    """The computer player of a level, by English name or Japanese label
    (``bot("strong") is bot("つよい")``); anything else raises BoardkitError."""
    return _BY_LEVEL[check_level(level, LEVELS)]


def hint(game, level: str | None = None) -> DiamondMove | None:
    """The move the level would play (default HINT_LEVEL), found on a copy (the game
    is not changed), with a fixed seed so the same position gives the same hint; None
    when the game is over (there is no move to suggest)."""
    player = bot(HINT_LEVEL if level is None else level)
    from ..game import DiamondGame
    if isinstance(game, DiamondGame) and game.is_over():
        return None
    _ready(game, None)
    return player(game.copy(), np.random.default_rng(0))


def explain(game, move) -> Word:
    """Why ``move`` is good here, as a word of the catalogue with its facts (for the
    widget's hint line, in the board's language; ``str()`` of it is the English)."""
    if not getattr(move, "path", None):
        return Word("dg.hint.pass")
    probe = game.copy()
    me = probe.turn
    gain = _gain(probe, move)
    jumps = len(move.path) - 1
    if move.kind in ("step", "swap"):
        what = Word(f"dg.hint.what.{move.kind}")
    else:
        kind = "group" if move.kind == "group" else "chain"
        what = Word(f"dg.hint.what.{kind}1") if jumps == 1 else Word(f"dg.hint.what.{kind}", n=jumps)
    probe._push(move)
    done = me in probe.finished
    probe._pop()
    if done:
        return Word("dg.hint.done", what=what)
    if gain > 0:
        return Word("dg.hint.gain1", what=what) if gain == 1 else Word("dg.hint.gain", what=what, n=gain)
    return Word("dg.hint.keep", what=what)


_PARTS = ('evaluate', '_fast', 'search', 'tips')


__getattr__ = parts_getattr(__name__, _PARTS)     # any name of the parts (older callers)
