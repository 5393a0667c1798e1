"""Shared test helpers for every game (import them: ``from conftest import ...``).

    assert_rejected(game, action, error=BoardkitError, match=None)
        ``action`` (a callable, called with no argument) must raise a BoardkitError
        subclass (``error``), and ``game.to_json()`` must be the same before and after.
    answers_fast(fn, *args, limit=1.0, process=False, **kwargs)
        run ``fn`` with a wall-clock limit (a thread, or a forked process that is killed
        when late); fails the test when late; returns (result, exception, seconds).
    random_games(factory, games=5, seed=0, max_plies=400, bot=None)
        a seeded random-game loop: yields (game, step, rng) after every move or chance
        step of ``games`` games made by ``factory()`` (chance steps resolved with rng).
    check_invariants(game, before=None)
        ``from_json(to_json())`` round-trips; undo (on a copy) restores ``before``.

Fixtures of the same names are provided for tests that prefer fixtures.
"""
from __future__ import annotations

import multiprocessing
import queue
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from boardkit import BoardkitError, ChanceStep

__all__ = ["assert_rejected", "answers_fast", "random_games", "check_invariants"]


def assert_rejected(game: Any, action: Callable[[], Any], error: type = BoardkitError,
                    match: str | None = None) -> BaseException:
    """``action()`` raises ``error`` (a BoardkitError subclass) and leaves ``game`` as it was
    (compared by ``to_json()``; pass game=None when there is no game). Returns the error."""
    assert issubclass(error, BoardkitError), f"{error} is not a BoardkitError subclass"
    before = game.to_json() if game is not None else None
    with pytest.raises(error, match=match) as info:
        action()
    assert isinstance(info.value, BoardkitError)
    if game is not None:
        assert game.to_json() == before, "a refused call changed the game"
    return info.value


def _child(q, fn, args, kwargs):           # runs in a forked process
    try:
        q.put(("ok", fn(*args, **kwargs), None))
    except BaseException as e:              # report every kind, the test decides
        q.put(("error", None, (type(e).__module__, type(e).__name__, str(e)[:500],
                               isinstance(e, BoardkitError))))


def answers_fast(fn: Callable, *args, limit: float = 1.0, process: bool = False,
                 **kwargs) -> tuple[Any, BaseException | None, float]:
    """Run ``fn(*args, **kwargs)`` and fail the test if it takes over ``limit`` seconds.

    Thread mode (default) returns (result, exception or None, seconds); a late thread is
    left running (daemon) and the test fails. Process mode forks (Linux), kills the child
    when late, and returns (result, error description or None, seconds), where the error
    description is a tuple (module, class name, message, is_boardkit_error)."""
    start = time.perf_counter()
    if process:
        ctx = multiprocessing.get_context("fork")
        q = ctx.Queue()
        p = ctx.Process(target=_child, args=(q, fn, args, kwargs), daemon=True)
        p.start()
        try:
            kind, result, err = q.get(timeout=limit)
        except queue.Empty:
            p.kill()
            p.join()
            pytest.fail(f"{getattr(fn, '__name__', fn)} took over {limit} s (killed)")
        p.join()
        return result, err, time.perf_counter() - start
    box: dict[str, Any] = {}

    def run():
        try:
            box["result"] = fn(*args, **kwargs)
        except BaseException as e:          # noqa: BLE001 - handed back to the caller
            box["error"] = e
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(limit)
    elapsed = time.perf_counter() - start
    if t.is_alive():
        pytest.fail(f"{getattr(fn, '__name__', fn)} took over {limit} s")
    return box.get("result"), box.get("error"), elapsed


def random_games(factory: Callable[[], Any], games: int = 5, seed: int = 0,
                 max_plies: int = 400, bot: Callable | None = None) -> Iterator[tuple[Any, Any, Any]]:
    """Seeded random games: yields (game, step, rng) after every step (a move, or a
    ChanceStep for a roll/toss) of ``games`` games, each capped at ``max_plies`` steps.
    ``bot(game, rng)`` chooses the moves (default: uniformly at random)."""
    for rng in (np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(games)):
        game = factory()
        for _ in range(max_plies):
            if game.is_over():
                break
            if game.chance_pending():
                out = game.resolve_chance(rng)
                yield game, ChanceStep(game.turn, out), rng
                continue
            if bot is not None:
                move = bot(game, rng)
            else:
                moves = game.legal_moves()
                if not moves:
                    break
                move = moves[int(rng.integers(len(moves)))]
            game.play(move)
            yield game, move, rng


def both_loops(classes, make: Callable[[type], Any], bots, seed, max_plies: int,
               bits=None, prime: bool = False) -> list:
    """[(game, sim.play_game's result, rng)], one per class in ``classes``: the same seeded
    game played through ``sim.play_game``, by its plain loop (a subclass with
    ``sim.register_loop(cls, None)``) and by the game's lean loop. ``make(cls)`` builds the game;
    ``bits`` a bit generator class (default PCG64); ``prime`` leaves half a word in the
    generator's 32-bit buffer first."""
    from boardkit import sim
    out = []
    for cls in classes:
        rng = np.random.Generator(bits(seed)) if bits else np.random.default_rng(seed)
        if prime:
            rng.random(dtype=np.float32)
        g = make(cls)
        out.append((g, sim.play_game(g, bots, rng, max_plies), rng))
    return out


def check_invariants(game: Any, before: str | None = None) -> None:
    """``from_json(to_json())`` round-trips, and (given ``before``, the JSON before the
    last step) undoing the last step on a copy restores exactly ``before``."""
    text = game.to_json()
    assert type(game).from_json(text).to_json() == text, "from_json(to_json()) differs"
    if before is not None and game.history:
        probe = game.copy()
        probe.undo()
        assert probe.to_json() == before, "undo does not restore the state before the step"
        assert game.to_json() == text, "undo on a copy changed the game"


@pytest.fixture(name="assert_rejected")
def _assert_rejected_fixture():
    return assert_rejected


@pytest.fixture(name="answers_fast")
def _answers_fast_fixture():
    return answers_fast


@pytest.fixture(name="random_games")
def _random_games_fixture():
    return random_games


@pytest.fixture
def ja():
    """Boards and drawings made in this test speak Japanese; English again afterwards,
    whatever happens (the language is global: a leak would change other tests' words)."""
    from boardkit import i18n
    i18n.set_language("ja")
    try:
        yield
    finally:
        i18n.set_language("en")
