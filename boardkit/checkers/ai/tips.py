"""The six strategy tips of checkers as bots, and the tip lab's spec.

``tip_pair(tip)`` gives (with, without) bots; ``measure_tip`` plays them against each
other; ``lab_spec()`` is what ``boardkit.widgets.tiplab.TipLab`` needs.
"""
from __future__ import annotations

from dataclasses import dataclass

from ... import _input
from ..._core import BoardkitError
from ..._input import short_repr
from ..._protocols import TipLabSpec
from .. import rules as _rules
from .evaluate import PLAYED, TIPS
from .search import MAX_DEPTH, TipBot, _check_tip, tip_bot


# ------------------------------------------------------------- measuring tips
def tip_pair(tip: str, depth: int = 1, noise: float = 4.0) -> tuple[TipBot, TipBot]:
    """(with, without) bots for measuring one tip. Both read captures to the end
    ("shots"), so each other tip is measured on top of not blundering; "shots" itself
    is measured against a bot that knows only the material count. "centre" and "crown"
    are played as ``PLAYED`` says (held centre men; kings, safe runners and the guards
    of the king row), not with the levels' square-by-square terms."""
    _check_tip(tip, "tip")
    base = () if tip == "shots" else ("shots",)
    return (TipBot(frozenset(base + (PLAYED.get(tip, tip),)), depth=depth, noise=noise),
            tip_bot(only=base, depth=depth, noise=noise))


def measure_tip(tip: str, games: int = 60, seed: int = 1, rules=None, *, depth: int = 1,
                noise: float = 4.0, max_plies: int = 200, executor=None):
    """A seeded tournament, seats swapped every game, between the bot with ``tip`` and
    the bot without it. Returns ``boardkit.sim.TournamentResult`` with the names
    "with" and "without" (draws and games stopped at ``max_plies`` count half)."""
    from ... import sim
    from ..rules import CheckersRules
    rules = _rules.check_rules(rules, "rules") if rules is not None else CheckersRules.american()
    with_tip, without = tip_pair(tip, depth, noise)
    return sim.tournament(_Factory(rules), {"with": with_tip, "without": without}, games=games,
                          seed=seed, max_plies=max_plies, executor=executor, progress=False)


def _lab_bot(tip: str, with_tip: bool, depth) -> TipBot:
    return tip_pair(tip, depth=int(depth))[0 if with_tip else 1]


def lab_tips(rules=None) -> dict:
    """The tips for ``boardkit.widgets.tiplab.TipLab``: name -> (with_bot(depth),
    without_bot(depth), new_game), picklable (the lab plays on a process pool); the
    bots are ``tip_pair``'s, the games American unless ``rules`` are given."""
    from functools import partial

    from ..rules import CheckersRules
    factory = _Factory(rules if rules is not None else CheckersRules.american())
    return {t: (partial(_lab_bot, t, True), partial(_lab_bot, t, False), factory) for t in TIPS}


def lab_combine(names, depth, rules=None) -> tuple:
    """Several tips at once for the lab: the bot with all of ``names`` (and "shots")
    against the bot that only reads captures ("shots"), or, with "shots" alone among
    the names, against the material-only bot."""
    from ..rules import CheckersRules
    if isinstance(names, str):
        names = (names,)
    if not isinstance(names, (tuple, list, set, frozenset)) or not 1 <= len(names) <= len(TIPS):
        raise BoardkitError(f"names must be one to {len(TIPS)} tips from {list(TIPS)}; "
                            f"got {short_repr(names)}")
    names = tuple(names)
    for t in names:
        _check_tip(t, "tip (names)")
    base = () if names == ("shots",) else ("shots",)
    depth = _input.check_count(depth, "depth", 0, MAX_DEPTH)
    if rules is not None:
        _rules.check_rules(rules, "rules")
    with_tip = TipBot(frozenset(base + tuple(PLAYED.get(t, t) for t in names)), depth=int(depth),
                      noise=4.0)
    without = tip_bot(only=base, depth=int(depth), noise=4.0)
    return with_tip, without, _Factory(rules if rules is not None else CheckersRules.american())


#: the lab's levels: search depth of the tip bots (the benchmark's --level)
LAB_LEVELS = {"1 ply": 1, "2 plies": 2, "3 plies": 3}


@dataclass(frozen=True)
class _Factory:
    """A picklable game factory (a lambda would not cross to a process pool)."""

    rules: object

    def __call__(self):
        from ..game import CheckersGame
        return CheckersGame(self.rules)


def lab_spec(rules=None) -> TipLabSpec:
    """The tip lab's spec: the six tips at 1, 2 or 3 plies, combinable, in American games
    unless ``rules`` are given; the settled results are package data."""
    from functools import partial
    return TipLabSpec("checkers", lab_tips(rules), levels=LAB_LEVELS,
                      combine=partial(lab_combine, rules=rules) if rules is not None else lab_combine)


def tip_lab(**options):
    """The tip lab of notebook 14: ``TipLab(lab_spec(), **options)``; the options go to
    TipLab (games, seed, executor, ...)."""
    from ...widgets.tiplab import TipLab
    return TipLab(lab_spec(), **options)
