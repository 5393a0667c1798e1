"""The lean bot-game loop of checkers, registered with ``sim.register_loop``.

``sim.play_game`` hands a checkers game here. When every seat is the middle level, the
bots' choices come from ``ai._middle_chooser`` (the noise drawn in blocks) and are played
from the raw move list, without a bot call and without ``play``'s checks per ply; other
bots take the plain loop. The readable engine (game.py, movegen.py) is the reference:
tests/test_checkers_bot_games.py plays the same games both ways, move for move.
"""
from __future__ import annotations

from .. import sim
from .._core import BoardkitError
from .._input import check_count, check_rng, short_repr
from .game import _UNSET, CheckersGame, _raw_to_move
from .rules import check_game

__all__ = ["play_bots"]


def play_bots(game: CheckersGame, bots, rng, max_plies: int, max_chance: int,
              records: bool = True):
    """``sim.play_game``'s loop (see its contract): the same games, history, undo
    records and generator state. Checkers has no chance steps (max_chance unused) and
    records every step (they cost little here). Its arguments are checked once per
    game, as ``sim.play_game`` checks them."""
    from .ai import _middle_chooser
    check_game(game, "game")
    if not isinstance(bots, (list, tuple)) or len(bots) < 2 or not all(callable(b) for b in bots[:2]):
        raise BoardkitError(f"bots must be a list of 2 callables bot(game, rng) -> move; "
                            f"got {short_repr(bots)}")
    check_rng(rng, "rng")
    max_plies = check_count(max_plies, "max_plies", 0, 10**7)
    check_count(max_chance, "max_chance")
    if not isinstance(records, bool):
        raise BoardkitError(f"records must be True or False, got {short_repr(records)}")
    lean = _middle_chooser(game, bots, rng)
    plies = 0
    if lean is None:
        while not game.is_over():
            if plies >= max_plies:
                return None, plies
            game.play(bots[game._turn](game, rng))
            plies += 1
        return game._outcome(), plies
    choose, sync = lean
    # the generator without its position cache: bot games seldom repeat a position
    # (~3% of calls found one)
    gen, record = game._gen._generate_quick, game._record
    raw = raws = move = None
    try:
        while True:
            if game._out is _UNSET:
                # _outcome_now's usual case, with the raw moves it needs
                t, raws = game._turn, game._cache
                own = game._black if t == 0 else game._white
                if raws is None:
                    raws = game._cache = gen(own, game._white if t == 0 else game._black,
                                             game._kings, t)
                game._out = None if (own and raws and len(game._keys) < 9 and game._quiet < 50
                                     and game._endgame < 10) else game._outcome_now()
            if game._out is not None:
                return game._out, plies
            if plies >= max_plies:
                return None, plies
            raws = game._cache if game._cache is not None else game._raw_moves()
            raw = raws[choose(game._black, game._white, game._kings, game._turn, raws)]
            move = _raw_to_move(raw)
            snap = game._snapshot()
            game._apply_raw(raw)
            record(move, snap)
            plies += 1
    finally:
        sync()
        if move is not None:
            game._chosen = (move, raw, raws)     # as the last _hand_out leaves it


sim.register_loop(CheckersGame, play_bots)
