"""Computer players of 回り将棋: the only decision is whether to declare a battle (MS-15).

A bot is ``bot(game, rng) -> move`` and is asked only when ``game.legal_moves()`` is not
empty, i.e. right after a move that lines up with an opposing piece. The levels
(``LEVELS``, English name -> the label the widget shows; ``bot(level)`` gives the bot):

    never   戦わない     never_battle:  always "no battle"
    random  きまぐれ     random_battle: a coin flip among the options
    always  いつも戦う   always_battle: battle whenever possible (the first piece offered)
    smart   かしこい     smart_battle:  battle when the exact chances make it worth it

Everything else in the game is the toss, so the levels differ only in battles, and only
a little. Measured (1,500 seeded games each, one seat of the level against "never"
seats, seats rotated; ± is the 95% half-width): with two players a battle is a fair
zero-sum race, so no level beats another (always 0.496, random 0.523, smart 0.471 ±0.025
against 0.5); with three players battling pays, since a loss promotes only one of two
rivals (random 0.350, always 0.378, smart 0.371 ±0.025 against 1/3). "smart" also keeps
out of the battles that could end the game for a rival 銀.
``HINT_LEVEL`` is "smart", the strongest: it answers in about 30-50 ms the first time a
race length comes up (an exact dynamic programme, then cached) and 0.25 ms after that
(measured on this 2-core machine, 3 players, fair and realistic golds). ``hint(game)``
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

smart_battle weighs a win by what the attacker gains and a loss by what the defender
gains: a promotion is worth 1, a promotion that ends the game (a 銀 winning) 10; with
three or four players a rival's promotion hurts less (it is one rival among several),
so its weight is divided by the number of rivals.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from .. import sim
from .._core import ChanceStep, check_level
from .game import _POSITION_BOTS, RANKS, Battle
from .toss import TossModel

__all__ = ["LEVELS", "HINT_LEVEL", "bot", "hint", "explain", "never_battle", "always_battle",
           "random_battle", "smart_battle", "battle_odds", "simulate_games", "lab_tips",
           "tip_lab"]

LEVELS = {"never": "戦わない", "random": "きまぐれ", "always": "いつも戦う", "smart": "かしこい"}
HINT_LEVEL = "smart"


def never_battle(game, rng) -> Battle:
    return Battle(None)


def always_battle(game, rng) -> Battle:
    return game.legal_moves()[0]


def random_battle(game, rng) -> Battle:
    moves = game.legal_moves()
    return moves[int(rng.integers(len(moves)))]


@lru_cache(maxsize=64)
def _turn_table(model: TossModel, length: int) -> tuple:
    """For each progress a < length: the distribution of progress after one battle turn."""
    steps = [(s.squares if s.kind in ("again", "end") else 0, s.kind == "again", float(p))
             for s, p in model.toss_distribution().items()]
    table: dict[int, dict[int, float]] = {}
    for a in range(length - 1, -1, -1):
        # a turn that repeats moves at least one square forward, so table[b] for b > a
        # is known; a toss that repeats without moving could loop, which no model allows
        dist: dict[int, float] = {}
        for sq, again, p in steps:
            b = min(length, a + sq)
            if again and b < length and b > a:
                for c, q in table[b].items():
                    dist[c] = dist.get(c, 0.0) + p * q
            else:
                dist[b] = dist.get(b, 0.0) + p
        table[a] = dist
    return tuple(tuple(sorted(table[a].items())) for a in range(length))


def battle_odds(model: TossModel, length: int = 16) -> tuple[float, float, float]:
    """Exact (win, draw, loss) chances of the attacker in a battle of ``length`` squares."""
    return _battle_odds(model, length)


@lru_cache(maxsize=64)
def _battle_odds(model: TossModel, length: int) -> tuple[float, float, float]:
    T = _turn_table(model, length)
    L = length
    V: dict[tuple[int, int], tuple[float, float, float]] = {}
    for a in range(L - 1, -1, -1):
        for d in range(L - 1, -1, -1):
            w = dr = lo = 0.0
            selfp = 0.0
            for a2, p in T[a]:
                if a2 == L:                       # attacker back: the defender's last turn
                    back = sum(q for d2, q in T[d] if d2 == L)
                    w += p * (1 - back)
                    dr += p * back
                    continue
                for d2, q in T[d]:
                    if d2 == L:
                        lo += p * q
                    elif (a2, d2) == (a, d):
                        selfp += p * q
                    else:
                        vw, vd, vl = V[(a2, d2)]
                        w, dr, lo = w + p * q * vw, dr + p * q * vd, lo + p * q * vl
            k = 1.0 / (1.0 - selfp)
            V[(a, d)] = (w * k, dr * k, lo * k)
    return V[(0, 0)]


def _battle_value(game, move) -> tuple[float, tuple[float, float, float], int]:
    """(expected gain, (win, draw, loss), race length) of declaring ``move``."""
    me = game.turn
    length = game.battle_length(me, move.defender)
    win, draw, loss = battle_odds(game.rules.model, length)
    gain = 10.0 if game.rank(me) == 3 else 1.0
    risk = 10.0 if game.rank(move.defender) == 3 else 1.0 / (game.players - 1)
    return win * gain - loss * risk, (win, draw, loss), length


def smart_battle(game, rng) -> Battle:
    """Battle the opponent with the best expected gain, if that gain is positive."""
    best, best_value = Battle(None), 0.0
    for move in game.legal_moves():
        if move.defender is None:
            continue
        value = _battle_value(game, move)[0]
        if value > best_value:
            best, best_value = move, value
    return best


_BOTS = {"never": never_battle, "always": always_battle, "random": random_battle,
         "smart": smart_battle}
# the levels read only the position: bot games with them may leave events, history and
# undo to be built when read (MawariGame._play_bots); True = the bot draws from the rng
_POSITION_BOTS.update({never_battle: False, always_battle: False, random_battle: True,
                       smart_battle: False})


def bot(level: str) -> Callable[[Any, Any], Battle]:
    """The bot of a level (English name or Japanese label, see ``LEVELS``)."""
    return _BOTS[check_level(level, LEVELS)]


def hint(game, level: str | None = None) -> Battle | None:
    """The decision the level (default ``HINT_LEVEL``) would take now, or None when no
    decision is due (a toss is: toss first) or the game is over."""
    if game.is_over() or not game.legal_moves():
        return None
    return bot(HINT_LEVEL if level is None else level)(game, np.random.default_rng(0))


def explain(game, move) -> str:
    """Why, in plain words (the widget's hint line)."""
    if game.is_over():
        return "the game is over: nothing to decide"
    if move is None or not game.legal_moves():
        who = f"P{game.turn + 1}"
        return (f"toss first: {who} must toss the four golds (Toss button); a decision "
                f"(battle or not, MS-15) comes only when a move lines up with an opposing piece")
    best = f"P{move.defender + 1}" if move.defender is not None else None
    lines = []
    for m in game.legal_moves():
        if m.defender is None:
            continue
        value, (win, draw, loss), length = _battle_value(game, m)
        rank = game.rank(game.turn)
        promo = ("you win the game" if rank == 3
                 else f"promotes you, {RANKS[rank]}→{RANKS[rank + 1]}")
        lines.append(f"battle P{m.defender + 1}: a {length}-square race, win {win:.0%} "
                     f"({promo}), draw {draw:.0%}, lose {loss:.0%} "
                     f"(promotes P{m.defender + 1})")
    # the hint line already starts with the decision ("Hint: no battle — ..."): no repeat
    head = ("the win is worth more than the risk" if best
            else "what a win brings does not outweigh what a loss gives away")
    return head + ": " + "; ".join(lines) + " (MS-15)"


def simulate_games(factory, policies, games: int = 100, seed: int = 0,
                   max_plies: int = 2000) -> dict:
    """Play ``games`` seeded games of ``factory()`` with one policy per seat (a list of
    bots or of level names, see ``LEVELS``) and return numpy arrays, one entry per game:

        tosses    tosses in the game (all players)
        winner    seat of the winner (-1 if the cap was reached)
        battles   battles declared
        promoted  promotions won in battles
    """
    bots = [bot(b) if isinstance(b, str) else b for b in policies]
    out = {k: np.zeros(games, dtype=int) for k in ("tosses", "winner", "battles", "promoted")}
    for i, rng in enumerate(sim.spawn_rngs(seed, games)):
        g = factory()
        play = getattr(g, "_play_bots", None)
        if play is None or isinstance(max_plies, bool) or not isinstance(max_plies, int) \
                or max_plies < 0:
            outcome, _ = sim.play_game(g, bots, rng, max_plies)    # (and its checks)
        else:   # sim.play_game's games, each step recorded as it comes: the records are read
            outcome, _ = play(bots, rng, max_plies,
                              sim.CHANCE_STEPS_PER_PLY * max(1, max_plies), lean=False)
        hist = g.history
        out["tosses"][i] = sum(1 for m in hist if isinstance(m, ChanceStep))
        out["battles"][i] = sum(1 for m in hist if isinstance(m, Battle) and m.defender is not None)
        out["promoted"][i] = sum(1 for e in g.events if "wins the battle" in e)
        out["winner"][i] = -1 if outcome is None else outcome.winner
    return out


#: the battle policies measured in notebook 47 (and benchmarks/tips.py): one seat plays
#: the policy, every other seat never battles
LAB_POLICIES = ("always", "smart", "random")


def _lab_policy(policy, level):
    return bot(policy)


def _lab_never(level):
    return never_battle


def lab_tips() -> dict:
    """The battle policies for ``boardkit.widgets.tiplab.TipLab``, per number of players:
    "<policy>/<n>p" -> (with_bot(level), without_bot(level), new_game()), all picklable."""
    from functools import partial

    from .game import MawariGame
    return {f"{p}/{n}p": (partial(_lab_policy, p), _lab_never, partial(MawariGame, players=n))
            for p in LAB_POLICIES for n in (2, 4)}


def tip_lab(**options):
    """The tip lab of notebook 47: a battle policy in one seat against "never" in the others,
    2 or 4 players, with the settled 2,000-game values of benchmarks/results/tips_mawari.json
    when that file is there. ``options`` go to TipLab (games, seed, executor, ...)."""
    import pathlib

    from ..widgets.tiplab import TipLab
    results = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "tips_mawari.json"
    options.setdefault("results", results)
    tips = lab_tips()
    return TipLab(tips, players={name: int(name.split("/")[1][0]) for name in tips}, **options)
