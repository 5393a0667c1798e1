"""The widget base is generic in its game type, and the games' own modules are held at 0
type errors (off the mypy excused list in pyproject.toml)."""
from __future__ import annotations

import pathlib
import typing

import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]
GAMES = {"backgammon": "BackgammonGame", "checkers": "CheckersGame", "diamond": "DiamondGame",
         "mawari": "MawariGame"}


def test_each_game_widget_is_the_generic_base_of_its_game():
    import importlib

    from boardkit.widgets import GameWidget
    assert typing.Generic in GameWidget.__mro__
    for game, cls in GAMES.items():
        widget = importlib.import_module(f"boardkit.{game}.widget")
        game_cls = getattr(importlib.import_module(f"boardkit.{game}.game"), cls)
        w_cls = next(c for c in vars(widget).values()
                     if isinstance(c, type) and issubclass(c, GameWidget) and c.__module__ == widget.__name__)
        bases = getattr(w_cls, "__orig_bases__", ())
        args = [typing.get_args(b) for b in bases if typing.get_origin(b) is GameWidget]
        assert args == [(game_cls,)], f"{w_cls.__name__} should subclass GameWidget[{cls}], got {bases}"


def test_the_games_modules_are_not_excused():
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    excused = {m for o in cfg["tool"]["mypy"].get("overrides", []) if o.get("ignore_errors")
               for m in o["module"]}
    held = {"boardkit._core", "boardkit.exercises", "boardkit.widgets.tiplab"}
    held |= {f"boardkit.{g}.{m}" for g in GAMES
             for m in ("game", "movegen", "notation", "widget", "exercises", "ai")}
    assert not held & excused, f"held at 0 type errors but excused: {sorted(held & excused)}"
