"""The strategy tips of Diamond as RaceBot settings, and the tip lab's spec.

``tip_bots(names, level)`` gives (with, without, new game); ``lab_spec()`` is what
``boardkit.widgets.tiplab.TipLab`` needs.
"""
from __future__ import annotations

from typing import Any

from ..._core import BoardkitError
from ..._protocols import TipLabSpec
from .evaluate import Weights
from .search import _FOLLOW, RaceBot

# ----------------------------------------------------------------- strategy tips
#: the strategy tips of notebook 27 as settings of RaceBot: name -> (the RaceBot keywords
#: WITH the tip, WITHOUT it); ``weights`` entries are Weights fields. The same table as
#: benchmarks/tips.py (its results: boardkit/data/tips_diamond.json).
TIPS: dict[str, tuple[dict, dict]] = {
    "ladders": ({"follow": 0.5}, {"follow": 0.0}),
    "straggler": ({}, {"weights": {"straggler": 0.0}}),
    # tip 3 as a player reads it: not "hurry the king" (counting its distance twice lost,
    # 41.7% over 2,000 games) but keep it out of your own pieces' way (a king cannot be
    # jumped, DG-12) and behind a crowded line it can leap along next turn (DG-11)
    "king": ({"weights": {"king": 0.0, "king_block": 1.0, "king_leap": 0.25}},
             {"weights": {"king": 0.0}}),
    # tip 4: enter the goal deep, a step inside it worth half a step outside, so pieces
    # come in before the goal is tidied (plain distance to ◎, goal_step 1: 52.4%)
    "fill_deep": ({"weights": {"goal_step": 0.5}}, {"weights": {"fill_deep": False, "squatter": 0.0}}),
}
#: what the tip bots are built on: "race" = the greedy RaceBot, "normal" = the ふつう bot
TIP_LEVELS: dict[str, dict] = {"race": {}, "normal": {"follow": _FOLLOW, "look": 8}}
#: the games the tips are measured in (as benchmarks/tips.py)
TIP_RULES_KW: dict[str, Any] = {"players": 2, "pieces": 10, "max_turns": 400}


def _race_bot(level: str, settings: list[dict]) -> RaceBot:
    kw = dict(TIP_LEVELS[level])
    weights: dict = {}
    for s in settings:
        for k, v in s.items():
            if k == "weights":
                weights.update(v)
            else:
                kw[k] = v
    return RaceBot(**kw, weights=Weights(**weights)) if weights else RaceBot(**kw)


def tip_bots(names, level: str = "race") -> tuple:
    """(bot with the tips, the same bot without them, a new-game factory) for one tip or
    several combined (``names``: a name or a sequence of names of ``TIPS``)."""
    from functools import partial

    from ..._core import short_repr
    from ..game import DiamondGame
    from ..rules import DiamondRules
    if isinstance(names, str):
        names = (names,)
    elif isinstance(names, (list, tuple)):
        names = tuple(names)
    else:
        raise BoardkitError(f"names must be a tip's name or a list of them (the tips are "
                            f"{list(TIPS)}); got {short_repr(names)}")
    for n in names:
        if not isinstance(n, str) or n not in TIPS:
            raise BoardkitError(f"unknown tip {short_repr(n)}; the tips are {list(TIPS)}")
    if not isinstance(level, str) or level not in TIP_LEVELS:
        raise BoardkitError(f"unknown tip level {short_repr(level)}; the levels are {list(TIP_LEVELS)}")
    with_bot = _race_bot(level, [TIPS[n][0] for n in names])
    without_bot = _race_bot(level, [TIPS[n][1] for n in names])
    return with_bot, without_bot, partial(DiamondGame, DiamondRules(**TIP_RULES_KW))


def _tip_with(name, level):
    return tip_bots(name, level)[0]


def _tip_without(name, level):
    return tip_bots(name, level)[1]


def lab_tips() -> dict:
    """The tips for ``boardkit.widgets.tiplab.TipLab``: name -> (with_bot(level),
    without_bot(level), new_game()), all picklable (process pools)."""
    from functools import partial
    return {n: (partial(_tip_with, n), partial(_tip_without, n), tip_bots(n)[2]) for n in TIPS}


def lab_spec() -> TipLabSpec:
    """The tip lab's spec: the four tips, combinable, at the levels race and normal, games
    capped at 400 plies; the settled results are package data."""
    return TipLabSpec("diamond", lab_tips(), levels={k: k for k in TIP_LEVELS}, combine=tip_bots,
                      max_plies=400)


def tip_lab(**options):
    """The tip lab of notebook 27: ``TipLab(lab_spec(), **options)``; the options go to
    TipLab (games, seed, executor, ...)."""
    from ...widgets.tiplab import TipLab
    return TipLab(lab_spec(), **options)
