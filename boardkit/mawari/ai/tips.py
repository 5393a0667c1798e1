"""The battle policies as tips: measured seat against seat, and the tip lab's spec.

``simulate_games`` plays seeded games and counts tosses and battles; ``lab_spec()`` is
what ``boardkit.widgets.tiplab.TipLab`` needs.
"""
from __future__ import annotations

import numpy as np

from ... import sim
from ..._core import BoardkitError, ChanceStep
from ..._input import check_count as _check_count
from ..._input import check_seed as _check_seed
from ..._protocols import TipLabSpec
from ...errors import short_repr
from .._args import check_game as _check_game
from ..game import Battle
from .search import never_battle

#: the events of a battle won by the one who goes up (``events.Event.name``)
_BATTLE_WON = frozenset({"promote_battle", "end_battle"})


def simulate_games(factory, policies, games: int = 100, seed: int = 0,
                   max_plies: int = 2000) -> dict:
    """Play ``games`` seeded games of ``factory()`` with one policy per seat (a list of
    bots or of level names, see ``LEVELS``) and return numpy arrays, one entry per game:

        tosses    tosses in the game (all players)
        winner    seat of the winner (-1 if the cap was reached)
        battles   battles declared
        promoted  promotions won in battles (a 銀's battle win that ends the game
                  counts too)
    """
    from . import bot
    if not callable(factory):
        raise BoardkitError(f"simulate_games(factory) must make a game when called, e.g. "
                            f"MawariGame; got {short_repr(factory)}")
    if not isinstance(policies, (list, tuple)) or not 2 <= len(policies) <= 4 \
            or not all(isinstance(b, str) or callable(b) for b in policies):
        raise BoardkitError(f"simulate_games(policies) must be a list of 2 to 4 bots or level "
                            f"names, one per seat; got {short_repr(policies)}")
    games = _check_count(games, "simulate_games(games)", 0, 100_000)
    seed = _check_seed(seed, "simulate_games(seed)")
    max_plies = _check_count(max_plies, "simulate_games(max_plies)", 0, 10 ** 7)
    bots = [bot(b) if isinstance(b, str) else b for b in policies]
    out = {k: np.zeros(games, dtype=int) for k in ("tosses", "winner", "battles", "promoted")}
    for i, rng in enumerate(sim.spawn_rngs(seed, games)):
        g = _check_game(factory(), "simulate_games(factory)()")
        outcome, _ = sim.play_game(g, bots, rng, max_plies)     # records kept: read below
        hist = g.history
        out["tosses"][i] = sum(1 for m in hist if isinstance(m, ChanceStep))
        out["battles"][i] = sum(1 for m in hist if isinstance(m, Battle) and m.defender is not None)
        out["promoted"][i] = sum(1 for e in g.events
                                 if getattr(e, "name", None) in _BATTLE_WON)
        out["winner"][i] = -1 if outcome is None else outcome.winner
    return out


#: the battle policies measured in notebook 47 (and benchmarks/tips.py): one seat plays
#: the policy, every other seat never battles
LAB_POLICIES = ("always", "smart", "random")
#: the tips of 回り将棋: the battle policies above
TIPS = LAB_POLICIES


def _lab_policy(policy, level):
    from . import bot
    return bot(policy)


def _lab_never(level):
    return never_battle


def lab_tips() -> dict:
    """The battle policies for ``boardkit.widgets.tiplab.TipLab``, per number of players:
    "<policy>/<n>p" -> (with_bot(level), without_bot(level), new_game()), all picklable."""
    from functools import partial

    from ..game import MawariGame
    return {f"{p}/{n}p": (partial(_lab_policy, p), _lab_never, partial(MawariGame, players=n))
            for p in LAB_POLICIES for n in (2, 4)}


def lab_spec() -> TipLabSpec:
    """The tip lab's spec: a battle policy in one seat against "never" in the others, 2 or 4
    players; the settled results are package data."""
    tips = lab_tips()
    return TipLabSpec("mawari", tips, players={name: int(name.split("/")[1][0]) for name in tips})


def tip_lab(**options):
    """The tip lab of notebook 47: ``TipLab(lab_spec(), **options)``; the options go to
    TipLab (games, seed, executor, ...)."""
    from ...widgets.tiplab import TipLab
    return TipLab(lab_spec(), **options)
