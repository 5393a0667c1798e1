"""The battle policies of 回り将棋: never, always, at random, and the smart one.

回り将棋 has nothing to search: a player chooses only whether to battle. The smart
policy picks the option with the best chance to win the game (``evaluate``).
"""
from __future__ import annotations

from ..._core import BoardkitError
from ..._input import check_rng as _check_rng
from .._args import check_game as _check_game
from ..game import Battle
from .evaluate import battle_chances


def _moves(game, who: str) -> list:
    """The decisions due in ``game`` (checked to be a MawariGame); a bot is asked only
    when there is one (after a move that lines up with an opposing piece, MS-15)."""
    moves = _check_game(game, f"{who}(game)").legal_moves()
    if not moves:
        raise BoardkitError(f"{who}: no battle decision is due (a toss is, or the game is over)")
    return moves


def never_battle(game, rng) -> Battle:
    return Battle(None)


def always_battle(game, rng) -> Battle:
    return _moves(game, "always_battle")[0]


def random_battle(game, rng) -> Battle:
    moves = _moves(game, "random_battle")
    _check_rng(rng, "random_battle(rng)", ("integers",))
    return moves[int(rng.integers(len(moves)))]


def smart_battle(game, rng) -> Battle:
    """The option with the best chance to win the game (race model, ``battle_chances``);
    no battle unless a battle is better by more than a hair (1e-9: rounding)."""
    _check_game(game, "smart_battle(game)")
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
