"""Computer players for checkers: three levels, a hint, and the strategy-tip bots.

    LEVELS       {"easy": "やさしい", "normal": "ふつう", "strong": "つよい"}, weakest first
    HINT_LEVEL   the level the hint uses: the strongest that answers within ~0.5 s
    bot(level)   the computer player of a level (English name or Japanese label)
    hint(game, level=None) -> move;  explain(game, move) -> why, a Word (str(): English)

A bot is a callable ``bot(game, rng) -> move`` (rng: a numpy Generator). Bots are small
classes so that process pools can pickle them (``boardkit.sim.tournament``).

    easy      no lookahead: takes the biggest capture, else a random move, so it often
              walks into shots (やさしい)
    normal    a 2-ply search with a shape evaluation and some noise: keeps its men
              together and its back row, but sometimes misses a combination (ふつう)
    strong    alpha-beta several plies deep with a quiescence search on captures, so it
              reads exchanges to the end; trades when ahead (つよい)

``best_move(game, depth)`` is the strong search without noise (the hint).

The six strategy tips of the source are switches of one search (``TipBot``):

    "shots"     look at the opponent's captures after every move (quiescence search);
                without it the bot evaluates a position even when a capture is pending
    "groups"    advance in groups: men with a friend (or the edge) behind them
    "back_row"  keep the back row: men on the row where the opponent would crown
    "centre"    take the centre
    "crown"     crown first: men count more the nearer they are to the far row, kings more
    "trade"     trade when ahead: the same lead is worth more with fewer pieces left

The tip bots (``tip_pair``, the lab, ``benchmarks/tips.py``) play two of them as a player
means them (``PLAYED``; counted that way, square by square, they lost 46% and 44% over
2,000 games): "centre_held" counts centre men covered behind, against lone ones;
"crown_safe" counts kings, runners in the opponent's half covered on both sides, and the
two guards of the own king row. The levels keep the terms above.

The search works on the engine's bitboards (``movegen.movegen``), not on ``play/undo``.

Speed (benchmarks/checkers_bots.py; figures in docs/benchmarks.md), every choice the same
as the plain search's. The middle level draws its noise
first and ``_Search.root2`` then only bounds (``_capture_cut``) the moves after which the
opponent must capture whose bound plus noise cannot reach the best; bot games through
``sim.play_game`` run in ``boardkit.checkers.fastloop`` with ``_middle_chooser`` (no bot
call or ``play`` checks per ply, the noise drawn in blocks, the generator put back); the
strong level keeps its node counts (its budget decides its moves), so only constant
factors were taken there.

The parts are named alike in every game (``_protocols.AiModule``; docs/architecture.md):
``evaluate`` (terms and weights: a weight is changed there), ``search``, ``tips`` and
``_fast``; every name of them can still be read here (``boardkit.checkers.ai.NAME``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..._catalogue import Word
from ..._core import check_level
from ..._protocols import parts_getattr
from ..rules import check_game, check_move
from .evaluate import TIPS, centre_squares, evaluate, score  # noqa: F401
from .search import (  # noqa: F401
    NODE_BUDGET,
    EasyBot,
    NormalBot,
    StrongBot,
    TipBot,
    best_move,
    easy,
    normal,
    strong,
    tip_bot,
)
from .tips import LAB_LEVELS, lab_combine, lab_spec, lab_tips, measure_tip, tip_lab, tip_pair  # noqa: F401

if TYPE_CHECKING:
    from ..game import CheckersMove

__all__ = ["LEVELS", "HINT_LEVEL", "NODE_BUDGET", "bot", "hint", "explain", "easy", "normal",
           "strong", "EasyBot", "NormalBot", "StrongBot", "best_move", "TIPS", "TipBot", "tip_bot",
           "tip_pair", "measure_tip", "evaluate", "score", "centre_squares", "lab_tips",
           "lab_combine", "LAB_LEVELS", "tip_lab", "lab_spec"]


#: the computer levels, weakest first: English name -> the source's Japanese label
LEVELS = {"easy": "level.checkers.easy", "normal": "level.checkers.normal",
          "strong": "level.checkers.strong"}
_BOTS: dict[str, Callable] = {"easy": easy, "normal": normal, "strong": strong}

#: The hint's level: the strongest level that answers within about half a second.
#: Measured with benchmarks/checkers_hint_timing.py --positions 60 (every 6th position of
#: seeded normal-bot games per rule set, plus four many-king 10x10 endings; 2-core
#: machine shared with other jobs): "strong" (4 plies + captures read to the end,
#: NODE_BUDGET) took a median of 0.005 s, worst 0.024 s on 8x8 American, a median
#: of 0.006 s, worst 0.343 s on 10x10 international (the endings included), so
#: the hint uses the strongest level.
HINT_LEVEL = "strong"


def bot(level: str) -> Callable:
    """The computer player of ``level`` (an English name of LEVELS or its Japanese
    label); anything else raises BoardkitError listing the levels."""
    return _BOTS[check_level(level, LEVELS, "checkers level")]


def hint(game, level: str | None = None) -> CheckersMove:
    """The move the hint shows: the choice of ``level`` (default HINT_LEVEL). The
    strong level is deterministic here (no random tie-break), so a hint is repeatable."""
    check_game(game, "game")
    name = check_level(level if level is not None else HINT_LEVEL, LEVELS, "checkers level")
    if name == "strong":
        return best_move(game, strong.depth)
    return _BOTS[name](game, np.random.default_rng(0))


def explain(game, move) -> Word:
    """Why the hint's move, in plain words (shown under the board after the hint): a
    ``Word`` (its key and facts), English as text, rendered by a board in its language.
    ``move`` is a legal move of ``game`` (a CheckersMove; else BoardkitError)."""
    check_game(game, "game")
    move = game._coerce_move(check_move(move, "move"))     # a legal move, else refused
    if move.is_capture:
        n = len(move.captures)
        forced = "_forced" if game.rules.forced_capture else ""
        return Word(f"ck.why.capture1{forced}") if n == 1 else Word(f"ck.why.captures{forced}", n=n)
    after = game.child(move)
    replies = after.legal_moves()
    if replies and all(r.is_capture for r in replies):
        back = min(max((len(m.captures) for m in after.child(r).legal_moves()
                        if m.is_capture), default=0) - len(r.captures) for r in replies)
        if back > 0:
            return Word("ck.why.shot")
        if back == 0:
            return Word("ck.why.exchange")
        return Word("ck.why.sacrifice")
    if game.piece_at(move.start) == (game.turn, False) and \
            game._geo.crown_row[game.turn] >> (move.end - 1) & 1:
        return Word("ck.why.crowns")
    return Word("ck.why.best")


_PARTS = ('evaluate', 'search', '_fast', 'tips')


__getattr__ = parts_getattr(__name__, _PARTS)     # any name of the parts (older callers)
