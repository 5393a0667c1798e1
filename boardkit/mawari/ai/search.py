"""The battle policies of 回り将棋: never, always, at random, and the smart one.

回り将棋 has nothing to search: a player chooses only whether to battle. The smart
policy picks the option with the best chance to win the game (``evaluate``).
"""
from __future__ import annotations

from ..game import Battle
from .evaluate import battle_chances


def never_battle(game, rng) -> Battle:
    return Battle(None)


def always_battle(game, rng) -> Battle:
    return game.legal_moves()[0]


def random_battle(game, rng) -> Battle:
    moves = game.legal_moves()
    return moves[int(rng.integers(len(moves)))]


def smart_battle(game, rng) -> Battle:
    """The option with the best chance to win the game (race model, ``battle_chances``);
    no battle unless a battle is better by more than a hair (1e-9: rounding)."""
    best, best_chance = Battle(None), None
    options = battle_chances(game)
    for move, (chance, _odds, _length) in options.items():
        if move.defender is None:
            best_chance = chance if best_chance is None else best_chance
    best_chance = -1.0 if best_chance is None else best_chance
    for move, (chance, _odds, _length) in options.items():
        if move.defender is not None and chance > best_chance + 1e-9:
            best, best_chance = move, chance
    return best
