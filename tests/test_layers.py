"""The package's layers hold: no module imports a layer above its own (lazy imports too).

The layers, bottom to top (docs/architecture.md, "Layers"):

  0 base     errors, _catalogue (word files), _core, _input, _drawopts, _protocols, links, svg, sim, plot
  1 engine   <game>/rules, geometry, movegen, game, notation, toss, ring, ... (the rest
             of a game's package)
  2 uses     <game>/draw, ai (and its modules), fastloop, tutor, exercises, puzzles;
             boardkit.exercises, boardkit.puzzles, boardkit.records
  3 words    i18n, i18n_rules (the words in each language), glossary (the terms taught)
  4 widgets  widgets/*, <game>/widget, mawari/puzzle_widget, quiz; cli, __main__ (the command)

A package's ``__init__`` is a facade over its modules and is not checked. A game's
``game.py`` may import its ``draw.py`` inside ``draw()`` (the python-chess pattern).
The imports that still break the layers are listed in ``KNOWN`` with their reason: the
test fails when a new one appears, and when a listed one is gone (so the list stays true).
"""
from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1] / "boardkit"
GAMES = ("checkers", "diamond", "backgammon", "mawari")
BASE = {"errors", "_catalogue", "_core", "_input", "_drawopts", "_protocols", "links", "svg", "sim", "plot"}
USES = {"draw", "ai", "fastloop", "tutor", "exercises", "puzzles"}
WORDS = {"i18n", "i18n_rules", "glossary"}
NAMES = ["base", "engine", "uses", "words", "widgets"]

_WORDS_FROM_BELOW = "reads its words through i18n.tr (the words move out with the language layer)"
_LAB = "ai.tip_lab() builds the widget from lab_spec() for a notebook, lazily (widgets.tiplab)"
KNOWN: dict[tuple[str, str], str] = {
    **{(f"{g}.ai.tips", "widgets.tiplab"): _LAB for g in GAMES},
    ("puzzles", "widgets.puzzle"): "the old import path boardkit.puzzles.PuzzleWidget, lazily",
}


def layer(mod: str) -> int | None:
    """The layer of a module named relative to boardkit ("checkers.draw"); None: a facade."""
    parts = mod.split(".")
    if mod in ("", *GAMES, "widgets"):
        return None
    if mod in WORDS:
        return 3
    if parts[0] == "widgets" or parts[-1].endswith("widget") or mod in ("quiz", "cli", "__main__"):
        return 4
    if mod in BASE:
        return 0
    if parts[0] in GAMES:
        return 2 if len(parts) > 1 and parts[1] in USES else 1
    if mod in ("exercises", "puzzles", "records"):
        return 2
    raise AssertionError(f"boardkit.{mod} has no layer: add it to tests/test_layers.py")


def modules() -> dict[str, tuple[pathlib.Path, bool]]:
    out = {}
    for p in ROOT.rglob("*.py"):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        out[".".join(parts)] = (p, is_pkg)
    return out


def imports(mod: str, path: pathlib.Path, is_pkg: bool, known: set[str]) -> set[str]:
    """Every boardkit module ``mod`` imports, at the top or inside a function."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name.removeprefix("boardkit").lstrip(".") for a in node.names
                       if a.name.split(".")[0] == "boardkit")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = (mod.split(".") if is_pkg else mod.split(".")[:-1]) if mod else []
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                target = ".".join(base + ([node.module] if node.module else []))
            elif (node.module or "").split(".")[0] == "boardkit":
                target = node.module.removeprefix("boardkit").lstrip(".")
            else:
                continue
            for a in node.names:
                sub = f"{target}.{a.name}" if target else a.name
                out.add(sub if sub in known else target)
    out.discard(mod)
    return out


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {m: imports(m, p, pkg, set(mods)) for m, (p, pkg) in mods.items()}


def upward() -> set[tuple[str, str]]:
    out = set()
    for mod, deps in graph().items():
        here = layer(mod)
        if here is None:
            continue
        for dep in deps:
            there = layer(dep)
            if there is None or there <= here:
                continue
            parts = mod.split(".")
            if parts[-1] == "game" and dep == f"{parts[0]}.draw":
                continue            # game.draw() imports draw.py late: allowed
            out.add((mod, dep))
    return out


def test_no_module_imports_a_layer_above_its_own():
    found = upward()
    new = sorted(found - set(KNOWN))
    assert not new, "imports of a higher layer: " + ", ".join(
        f"{a} ({NAMES[layer(a)]}) -> {b} ({NAMES[layer(b)]})" for a, b in new)


def test_every_known_exception_is_still_needed():
    gone = sorted(set(KNOWN) - upward())
    assert not gone, f"no longer imported, remove from KNOWN: {gone}"


def test_the_base_and_the_words_have_no_import_cycle():
    """_core <-> _input, i18n <-> i18n_rules and svg -> i18n are gone: the base imports
    nothing above it and nothing in it imports in a circle; errors imports nothing."""
    g = graph()
    assert g["errors"] == set()
    for group in (BASE, {"i18n", "i18n_rules"}):
        for start in group:
            seen, todo = set(), [d for d in g[start] if d in group]
            while todo:
                m = todo.pop()
                assert m != start, f"import cycle through boardkit.{start}"
                if m not in seen:
                    seen.add(m)
                    todo.extend(d for d in g[m] if d in group)
    assert not any(d == "i18n" or d.startswith("widgets") for m in BASE for d in g[m])


def test_the_toss_maths_does_not_import_the_drawing():
    g = graph()
    assert not any(d.endswith("widget") for m in g if m.endswith(".puzzles") for d in g[m])
    assert "mawari.draw" not in g["mawari.toss"]
    assert "backgammon.notation" not in g["backgammon.rules"]


def test_the_layer_test_sees_lazy_imports():
    mods = modules()
    p, pkg = mods["checkers.game"]
    assert "checkers.draw" in imports("checkers.game", p, pkg, set(mods))   # inside draw()
