"""Computer players of 回り将棋: the only decision is whether to declare a battle (MS-15).

A bot is ``bot(game, rng) -> move`` and is asked only when ``game.legal_moves()`` is not
empty, i.e. right after a move that lines up with an opposing piece. The levels
(``LEVELS``, English name -> the label the widget shows; ``bot(level)`` gives the bot):

    never   戦わない     never_battle:  always "no battle"
    random  きまぐれ     random_battle: a coin flip among the options
    always  いつも戦う   always_battle: battle whenever possible (the first piece offered)
    smart   かしこい     smart_battle:  battle when it raises the chance to win the game

Everything else in the game is the toss, so the levels differ only in battles. A battle
is an even race (win = loss, below), so it is a gamble that adds risk: with two players
it helps the player who is behind and hurts the one ahead; with three or four a win
lifts the attacker over everyone while a loss promotes only one rival. "smart" weighs
exactly that: ``battle_chances`` gives its chance to win the game with each battle and
without, from the race model (``race_chances``: every piece runs its remaining laps
alone, turn by turn, with the rules' toss law; later battles, laying down beyond one
lost turn, and two-ups are left out), and it battles only when that raises the chance.
In the duel of notebook 47 (P1's 歩 on 1五 against P2's 香 on 9五) the model gives 23.9%
with the battle against 17.5% without; 3,000 engine games each, nobody battling after,
give intervals that do not overlap in the same direction (tests/test_strategy_lessons_bm.py).
``HINT_LEVEL`` is "smart", the strongest: about 40 ms the first time for a toss model
(the race table and the battle odds, then cached) and about 6 ms per decision after
that (measured on this 2-core machine, two players, fair golds). ``hint(game)``
is None while a toss is due (there is nothing to decide: toss first), and
``explain(game, move)`` says why in plain words.

``battle_odds(model, length)`` gives the exact chances (win, draw, loss) of the attacker
in a battle race of ``length`` squares, by dynamic programming over the two pieces'
progress: the attacker tosses first, a toss with no face-down gold tosses again (MS-07),
an overlap or a fallen gold scores nothing, and the defender keeps its turn after the
attacker is back (MS-15).

Because the defender keeps its turn when the attacker gets back first, the battle is
fair: if A and D are the rounds in which each would get back (independent, same law),
the attacker wins when A < D, loses when D < A and draws when A = D, so win = loss
whatever the model and length.

The parts are named alike in every game (``_protocols.AiModule``; docs/architecture.md):
``evaluate`` (terms and weights: a weight is changed there), ``search``, ``tips`` and
``_fast``; every name of them can still be read here (``boardkit.mawari.ai.NAME``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..._catalogue import Word
from ..._core import BoardkitError, check_level
from ..._protocols import parts_getattr
from ...errors import short_repr
from .._args import check_game as _check_game
from ..game import RANKS, Battle
from . import _fast, search, tips  # noqa: F401  (the parts, loaded in order)
from .evaluate import battle_chances, battle_odds, race_chances  # noqa: F401
from .search import always_battle, never_battle, random_battle, smart_battle  # noqa: F401
from .tips import lab_spec, lab_tips, simulate_games, tip_lab  # noqa: F401

__all__ = ["LEVELS", "HINT_LEVEL", "bot", "hint", "explain", "never_battle", "always_battle",
           "random_battle", "smart_battle", "battle_odds", "battle_chances", "race_chances",
           "simulate_games", "lab_tips", "tip_lab", "lab_spec"]


LEVELS = {"never": "level.mawari.never", "random": "level.mawari.random",
          "always": "level.mawari.always", "smart": "level.mawari.smart"}
HINT_LEVEL = "smart"


_BOTS = {"never": never_battle, "always": always_battle, "random": random_battle,
         "smart": smart_battle}


def bot(level: str) -> Callable[[Any, Any], Battle]:
    """The bot of a level (English name or Japanese label, see ``LEVELS``)."""
    return _BOTS[check_level(level, LEVELS)]


def hint(game, level: str | None = None) -> Battle | None:
    """The decision the level (default ``HINT_LEVEL``) would take now, or None when no
    decision is due (a toss is: toss first) or the game is over."""
    _check_game(game, "hint(game)")
    level = HINT_LEVEL if level is None else check_level(level, LEVELS)
    if game.is_over() or not game.legal_moves():
        return None
    return bot(HINT_LEVEL if level is None else level)(game, np.random.default_rng(0))


def explain(game, move) -> Word:
    """Why, in words (the widget's hint line): a ``Word`` of the catalogue
    (``ms.explain.*``) with its facts, so a board says it in its language; ``str()`` of it
    is the English sentence."""
    _check_game(game, "explain(game)")
    if move is not None and not isinstance(move, Battle):
        raise BoardkitError(f"explain(move) must be a Battle (a legal decision) or None; "
                            f"got {short_repr(move)}")
    if game.is_over():
        return Word("ms.explain.over")
    if move is None or not game.legal_moves():
        return Word("ms.explain.toss_first", who=f"P{game.turn + 1}")
    options = battle_chances(game)
    stay = next(c for m, (c, _o, _n) in options.items() if m.defender is None)
    lines = []
    for m, (chance, odds, length) in options.items():
        if m.defender is None:
            continue
        win, draw, loss = odds
        rank = game.rank(game.turn)
        promo = (Word("ms.explain.promo_win") if rank == 3
                 else Word("ms.explain.promo", old=RANKS[rank], new=RANKS[rank + 1]))
        lines.append(Word("ms.explain.option", d=m.defender + 1, length=length,
                          win=f"{win:.0%}", promo=promo, draw=f"{draw:.0%}",
                          loss=f"{loss:.0%}", chance=f"{chance:.0%}"))
    # the hint line already starts with the decision ("Hint: no battle — ..."): no repeat
    head = Word("ms.explain.raises" if move.defender is not None else "ms.explain.not_raises")
    return Word("ms.explain.line", head=head, stay=f"{stay:.0%}",
                options=_joined(lines))


def _joined(words: list) -> Word | str:
    """Several option sentences as one fact: each joined to the next by the language's
    separator (``ms.explain.join``: "; " in English, 「。」 in Japanese)."""
    out: Word | str = ""
    for w in reversed(words):
        out = w if out == "" else Word("ms.explain.join", first=w, rest=out)
    return out


_PARTS = ('evaluate', 'search', '_fast', 'tips')


__getattr__ = parts_getattr(__name__, _PARTS)     # any name of the parts (older callers)
