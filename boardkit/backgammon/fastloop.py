"""The lean bot-game loop of backgammon, registered with ``sim.register_loop``.

``sim.play_game`` hands a backgammon game here. The loop plays what the plain loop plays
(``sim.play_game``'s own): a roll when one is due, else one bot call and its move, in the
same order, with the same draws from the generator. It takes the game's lock once for the
whole game instead of once per step, checks its arguments once, and drives the engine
through its speed hooks directly:

- a turn's roll: ``BackgammonGame._fast_chance`` (the two dice straight from the bit
  generator, game.py ``_draw_dice``; the history entry one of 72 shared ``ChanceStep``s);
  the opening roll (ties rolled again, BG-03) takes the checked ``resolve_chance``;
- a move: ``BackgammonGame._fast_play`` (a play of the plays listed for this very position,
  applied in place by the engine's ``_apply``, or a cube action offered now); any other
  value a bot returns (text, a hand-made ``Play``, an illegal move) takes the checked
  ``play``, which refuses it exactly as the plain loop does.

The hooks stay in game.py: ``play()`` and ``resolve_chance()`` use them for every caller
(the widget, the lessons, random games through the public API), and the engine does not
import this module (tests/test_layers.py). The rules live in the engine once: this loop
repeats none of them. tests/test_backgammon_bot_games.py plays the same games with this
loop and with the plain one, every bot level, and compares moves, outcome, history, undo
and the generator state after.
"""
from __future__ import annotations

from .. import sim
from .._input import check_count, check_instance, check_rng
from ..errors import BoardkitError, short_repr
from .game import BackgammonGame

__all__ = ["play_bots"]


def play_bots(game: BackgammonGame, bots, rng, max_plies: int, max_chance: int,
              records: bool = True):
    """``sim.play_game``'s loop (``max_plies`` moves, ``max_chance`` rolls): the same
    rolls from the same draws, the same bot calls in the same order, the same moves
    checked the same way, so the same game and generator state after it (tested).
    ``records=False``: nobody reads the history or the undo stack, so the steps are not
    recorded and the final position becomes the game's start (as ``sim.play_game``
    allows). Returns (outcome or None if a cap was reached, moves played)."""
    check_instance(game, BackgammonGame, "play_bots(game)")
    if not isinstance(bots, (list, tuple)) or len(bots) < 2 \
            or not all(callable(b) for b in bots[:2]):
        raise BoardkitError(f"play_bots(bots) must be a list of 2 callables "
                            f"bot(game, rng) -> move; got {short_repr(bots)}")
    check_rng(rng, "play_bots(rng)", BackgammonGame.rng_methods)
    max_plies = check_count(max_plies, "play_bots(max_plies)", 0, 10 ** 7)
    max_chance = check_count(max_chance, "play_bots(max_chance)", 0, 10 ** 9)
    if not isinstance(records, bool):
        raise BoardkitError(f"play_bots(records) must be True or False; got {short_repr(records)}")
    seat = (bots[0], bots[1])
    over, pending, play, roll = game._over, game.chance_pending, game.play, game.resolve_chance
    fast_play, fast_chance = game._fast_play, game._fast_chance
    record, record_chance = game._record, game._record_chance
    plies = chance = 0
    lock = game._lock
    lock.acquire()
    try:
        while not over():
            if plies >= max_plies:
                return None, plies
            if pending():
                chance += 1
                if chance > max_chance:
                    return None, plies
                got = fast_chance(rng)
                if got is None:
                    roll(rng)                   # the opening roll: the checked path
                elif records:
                    record_chance(*got)
                continue
            move = seat[game._turn](game, rng)
            undo = fast_play(move)
            if undo is None:
                play(move)                      # anything else: checked (or refused)
            elif records:
                record(move, undo)
            plies += 1
        return game._outcome(), plies
    finally:
        if not records:
            game._forget_history()
        lock.release()


sim.register_loop(BackgammonGame, play_bots)
