"""Computer players of 回り将棋: the only decision is whether to declare a battle (MS-15).

A bot is ``bot(game, rng) -> move`` and is asked only when ``game.legal_moves()`` is not
empty, i.e. right after a move that lines up with an opposing piece. Policies:

    never_battle    always "no battle"
    always_battle   battle whenever possible (the first piece offered)
    random_battle   a coin flip among the options
    smart_battle    battle when the exact chances make it worth it (see below)

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

from functools import lru_cache

import numpy as np

from .. import sim

from .game import Battle
from .toss import TossModel

__all__ = ["never_battle", "always_battle", "random_battle", "smart_battle", "battle_odds",
           "POLICIES", "simulate_games"]


def never_battle(game, rng):
    return Battle(None)


def always_battle(game, rng):
    return game.legal_moves()[0]


def random_battle(game, rng):
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


def smart_battle(game, rng):
    """Battle the opponent with the best expected gain, if that gain is positive."""
    best, best_value = Battle(None), 0.0
    me = game.turn
    for move in game.legal_moves():
        if move.defender is None:
            continue
        length = 2 * game._distance(game.position(me), game.position(move.defender))
        win, draw, loss = battle_odds(game.rules.model, length)
        gain = 10.0 if game.rank(me) == 3 else 1.0
        risk = 10.0 if game.rank(move.defender) == 3 else 1.0 / (game.players - 1)
        value = win * gain - loss * risk
        if value > best_value:
            best, best_value = move, value
    return best


POLICIES = {"never": never_battle, "random": random_battle, "always": always_battle,
            "smart": smart_battle}


def simulate_games(factory, policies, games: int = 100, seed: int = 0,
                   max_plies: int = 2000) -> dict:
    """Play ``games`` seeded games of ``factory()`` with one policy per seat (a list of
    bots or of POLICIES names) and return numpy arrays, one entry per game:

        tosses    tosses in the game (all players)
        winner    seat of the winner (-1 if the cap was reached)
        battles   battles declared
        promoted  promotions won in battles
    """
    bots = [POLICIES[b] if isinstance(b, str) else b for b in policies]
    out = {k: np.zeros(games, dtype=int) for k in ("tosses", "winner", "battles", "promoted")}
    for i, rng in enumerate(sim.spawn_rngs(seed, games)):
        g = factory()
        outcome, _ = sim.play_game(g, bots, rng, max_plies)
        hist = g.history
        out["tosses"][i] = sum(1 for m in hist if not isinstance(m, Battle))
        out["battles"][i] = sum(1 for m in hist if isinstance(m, Battle) and m.defender is not None)
        out["promoted"][i] = sum(1 for e in g.events if "wins the battle" in e)
        out["winner"][i] = -1 if outcome is None else outcome.winner
    return out
