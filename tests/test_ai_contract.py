"""Every game's AI keeps one contract, written once in boardkit/_protocols.py: the same parts
(evaluate, search, tips, _fast), the same names and signatures (AiModule, TipsModule), and one
tip-lab API: the cell of one strategy lesson builds the lab of every game."""
from __future__ import annotations

import importlib
import inspect
import json
import pathlib
import types

import pytest

from boardkit._core import BoardkitError
from boardkit._protocols import GAMES, AiModule, PuzzleModule, TipLabSpec, TipsModule, tip_results

ROOT = pathlib.Path(__file__).resolve().parents[1]
PARTS = ("evaluate", "search", "tips", "_fast")


def contract_gaps(module, protocol) -> list[str]:
    """What ``module`` lacks of ``protocol``: missing names, and functions whose parameters
    (names, kinds, which have defaults) differ from the protocol's methods."""
    gaps = []
    members = set(getattr(protocol, "__annotations__", {}))
    members |= {n for n, v in vars(protocol).items() if inspect.isfunction(v) and not n.startswith("_")}
    for name in sorted(members):
        if not hasattr(module, name):
            gaps.append(f"missing {name}")
            continue
        want = vars(protocol).get(name)
        if not inspect.isfunction(want):
            continue
        got = getattr(module, name)
        if not callable(got):
            gaps.append(f"{name} is not callable")
            continue
        shape = [(p.name, p.kind, p.default is inspect.Parameter.empty)
                 for p in list(inspect.signature(want).parameters.values())[1:]]   # without self
        have = [(p.name, p.kind, p.default is inspect.Parameter.empty)
                for p in inspect.signature(got).parameters.values()]
        if have[:len(shape)] != shape or any(d for _n, _k, d in have[len(shape):]):
            gaps.append(f"{name}{inspect.signature(got)} is not {name}{inspect.signature(want)}")
    return gaps


@pytest.mark.parametrize("game", GAMES)
def test_every_ai_package_has_the_same_parts(game):
    ai = importlib.import_module(f"boardkit.{game}.ai")
    assert pathlib.Path(ai.__file__).name == "__init__.py"
    for part in PARTS:
        mod = importlib.import_module(f"boardkit.{game}.ai.{part}")
        assert mod.__doc__ and mod.__doc__.strip(), f"{game}/ai/{part}.py has no docstring"


@pytest.mark.parametrize("game", GAMES)
def test_every_ai_package_keeps_the_protocol(game):
    ai = importlib.import_module(f"boardkit.{game}.ai")
    assert isinstance(ai, AiModule) and isinstance(ai.tips, TipsModule)
    assert contract_gaps(ai, AiModule) == []
    assert contract_gaps(ai.tips, TipsModule) == []
    assert ai.LEVELS and ai.HINT_LEVEL in ai.LEVELS
    assert all(callable(ai.bot(level)) for level in ai.LEVELS)
    with pytest.raises(BoardkitError):
        ai.bot("no such level")


def test_the_contract_check_finds_what_a_module_lacks():
    fake = types.ModuleType("fake_ai")
    fake.LEVELS, fake.HINT_LEVEL = {"x": "x"}, "x"
    fake.bot = lambda level: None
    fake.hint = lambda game: None                       # no level parameter
    gaps = contract_gaps(fake, AiModule)
    assert "missing explain" in gaps and "missing tip_lab" in gaps and "missing tips" in gaps
    assert any(g.startswith("hint") for g in gaps)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_builds_its_tip_lab_with_one_cell(game):
    """The lab cell of notebook 27, unchanged, in every game: spec, settled values, a run."""
    ai = importlib.import_module(f"boardkit.{game}.ai")
    from boardkit.widgets.tiplab import TipLab
    spec = ai.tips.lab_spec()
    assert isinstance(spec, TipLabSpec) and spec.game == game
    lab = TipLab(ai.tips.lab_spec(), games=100, executor=None)
    assert list(lab.tips) == list(spec.tips)
    assert set(lab.settled) == set(spec.tips), "every tip has its settled 2,000-game value"
    res = lab.run(games=2)
    assert res.games == 2 and res.wins + res.losses + res.draws == 2
    lab.close()
    built = ai.tip_lab(executor=None)
    assert type(built) is TipLab and list(built.tips) == list(spec.tips)


@pytest.mark.parametrize("game", GAMES)
def test_tip_results_are_package_data(game):
    path = ROOT / "boardkit" / "data" / f"tips_{game}.json"
    assert tip_results(game) == json.loads(path.read_text(encoding="utf-8"))
    assert {e["tip"] for e in tip_results(game)} == set(importlib.import_module(
        f"boardkit.{game}.ai").tips.lab_spec().tips)


def test_tip_results_refuse_an_unknown_game():
    with pytest.raises(BoardkitError, match="game"):
        tip_results("chess")


def test_no_module_reads_the_results_from_the_repository_layout():
    for p in (ROOT / "boardkit").rglob("*.py"):
        text = p.read_text(encoding="utf-8")
        assert "benchmarks/results" not in text and '"benchmarks" / "results"' not in text, p


@pytest.mark.parametrize("game", GAMES)
def test_every_puzzles_module_keeps_the_protocol(game):
    mod = importlib.import_module(f"boardkit.{game}.puzzles")
    assert isinstance(mod, PuzzleModule)
    assert contract_gaps(mod, PuzzleModule) == []
