"""mypy is configured for the package and run by `make lint`; the modules it still
excuses exist (a module fixed or removed is taken off the list by hand)."""
from __future__ import annotations

import pathlib
import re

import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_mypy_checks_the_package_and_comes_with_the_test_extra():
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = cfg["tool"]["mypy"]
    assert mypy["packages"] == ["boardkit"]
    assert any(re.match(r"mypy\b", d) for d in cfg["project"]["optional-dependencies"]["test"])
    lint = re.search(r"^lint:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert lint and "ruff check" in lint.group(1) and "mypy" in lint.group(1)


def test_every_excused_module_exists():
    cfg = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    excused = [m for o in cfg["tool"]["mypy"].get("overrides", []) if o.get("ignore_errors")
               for m in o["module"]]
    missing = [m for m in excused if not (ROOT / (m.replace(".", "/") + ".py")).exists()
               and not (ROOT / m.replace(".", "/") / "__init__.py").exists()]
    assert not missing, f"excused in [tool.mypy] but not a module: {missing}"
    mine = {"boardkit.svg", "boardkit.errors", "boardkit._drawopts", "boardkit._input",
            "boardkit.puzzles", "boardkit.widgets.puzzle", "boardkit.i18n", "boardkit.i18n_rules"}
    mine |= {f"boardkit.{g}.{m}" for g in ("checkers", "diamond", "backgammon", "mawari")
             for m in ("draw", "puzzles")}
    assert not mine & set(excused), "the drawing and the puzzles are held at 0 type errors"
