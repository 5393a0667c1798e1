"""The game contract, enforced: the base class owns the verbs and the move stack.

- no game class defines a final verb (``play``, ``legal_moves``, ``resolve_chance``,
  ``set_chance``, ``undo``, ``copy``), and a class that tries is refused when it is made;
- no module but ``_core.py`` touches the undo stack or the history (``_undo``,
  ``_history``): found by reading the package's source (AST);
- the lean bot-game loops are registered with ``sim``, not found on the game;
- two threads playing one game take turns: the game stays a real game.
"""
from __future__ import annotations

import ast
import importlib
import pkgutil
import threading
from pathlib import Path

import numpy as np
import pytest

import boardkit
from boardkit import sim
from boardkit._core import FINAL_VERBS, Game, IllegalMoveError

PACKAGE = Path(boardkit.__file__).parent
STACK = {"_undo", "_history"}


def _game_classes() -> list[type]:
    for info in pkgutil.walk_packages([str(PACKAGE)], "boardkit."):
        if ".widget" not in info.name:
            importlib.import_module(info.name)
    out, todo = [], [Game]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("boardkit."):
                out.append(sub)
    return out


def test_the_final_verbs_are_the_base_classes():
    classes = _game_classes()
    assert {c.__name__ for c in classes} >= {"CheckersGame", "DiamondGame", "BackgammonGame",
                                             "MawariGame"}
    for cls in classes:
        assert not FINAL_VERBS & set(vars(cls)), cls
    assert {"play", "legal_moves", "resolve_chance", "copy", "undo"} <= FINAL_VERBS


@pytest.mark.parametrize("verb", sorted(FINAL_VERBS))
def test_a_class_that_defines_a_final_verb_is_refused(verb):
    with pytest.raises(TypeError, match=verb):
        type("Rogue", (Game,), {verb: lambda self, *a: None})


def _stack_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in STACK:
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} .{node.attr}")
        elif isinstance(node, ast.Constant) and node.value in STACK:
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.value!r}")
    return found


def test_only_the_base_touches_the_move_stack():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name != "_core.py":
            found += _stack_uses(path)
    assert found == []


def test_the_scan_finds_a_write():
    """The scan above can fail: it finds the kinds of access it forbids."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "bad.py"
        p.write_text("def f(g):\n    g._undo.append(1)\n    g.__dict__['_history'] = []\n")
        global PACKAGE
        old, PACKAGE = PACKAGE, Path(d)
        try:
            assert len(_stack_uses(p)) == 2
        finally:
            PACKAGE = old


def test_lean_loops_are_registered_with_sim():
    from boardkit.backgammon import BackgammonGame
    from boardkit.backgammon import fastloop as bg
    from boardkit.checkers import CheckersGame
    from boardkit.checkers import fastloop as ck
    from boardkit.mawari import MawariGame
    from boardkit.mawari import fastloop as ms
    assert sim.loop_for(CheckersGame) is ck.play_bots
    assert sim.loop_for(MawariGame) is ms.play_bots
    assert sim.loop_for(BackgammonGame) is bg.play_bots
    assert not any(hasattr(c, "_play_bots") for c in (CheckersGame, MawariGame, BackgammonGame))

    class Plain(CheckersGame):
        pass

    assert sim.loop_for(Plain) is ck.play_bots
    sim.register_loop(Plain, None)
    assert sim.loop_for(Plain) is None
    for bad in ((5, None), (Plain, 5)):
        with pytest.raises(boardkit._core.BoardkitError):
            sim.register_loop(*bad)


def _games():
    from boardkit.backgammon import BackgammonGame
    from boardkit.checkers import CheckersGame
    from boardkit.diamond import DiamondGame
    from boardkit.mawari import MawariGame
    return [DiamondGame, CheckersGame, BackgammonGame, MawariGame]


def _worker(g, seed, steps, errors):
    rng = np.random.default_rng(seed)
    try:
        for _ in range(steps):
            if g.is_over():
                return
            r = rng.random()
            try:
                if r < 0.1 and g.history:
                    g.undo()
                elif g.chance_pending():
                    g.resolve_chance(rng)
                else:
                    moves = g.legal_moves()
                    if moves:
                        g.play(moves[int(rng.integers(len(moves)))])
            except IllegalMoveError:
                pass        # the other thread moved first: refused, game untouched
    except Exception as e:  # noqa: BLE001 - reported by the test
        errors.append(e)


@pytest.mark.parametrize("cls", _games(), ids=lambda c: c.__name__)
def test_two_threads_playing_one_game_keep_it_whole(cls):
    """Each verb holds the game's lock: whatever the interleaving, the history replays
    to the same state, every undo goes back step by step, and the game saves."""
    import sys
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)          # switch threads as often as possible
    try:
        for trial in range(3):
            g = cls()
            errors: list = []
            threads = [threading.Thread(target=_worker, args=(g, 10 * trial + k, 300, errors))
                       for k in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert errors == []
            text = g.to_json()
            assert cls.from_json(text).to_json() == text
            replay = cls()
            for step in g.history:
                if hasattr(step, "player") and hasattr(step, "outcome") and not hasattr(step, "path"):
                    replay.set_chance(step.outcome)
                else:
                    replay.play(step)
            assert replay.to_json() == text
            while g.history:
                g.undo()
            assert g.to_json() == cls().to_json()
    finally:
        sys.setswitchinterval(old)
