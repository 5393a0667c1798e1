"""Every rule ID is written up in docs/rules/, and cited by a test and a notebook of each
edition (notebooks/ and the Japanese notebooks/ja/).

The ID ranges are fixed here (from the rules each game implements), so a rule cannot
drop out of the docs silently either."""
import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
GAMES = {  # docs/rules file: (prefix, number of rules)
    "checkers": ("CK", 15),
    "diamond": ("DG", 20),
    "backgammon": ("BG", 17),
    "mawari": ("MS", 15),
}
ID = re.compile(r"\b(CK|DG|BG|MS)-(\d\d)\b")


def _ids(text: str) -> set[str]:
    return {f"{p}-{n}" for p, n in ID.findall(text)}


def _cited_in_tests() -> set[str]:
    out = set()
    for p in (ROOT / "tests").glob("test_*.py"):
        if p.name != "test_traceability.py":
            out |= _ids(p.read_text(encoding="utf-8"))
    return out


def _cited_in_notebooks(folder: str = "notebooks") -> set[str]:
    out = set()
    for p in (ROOT / folder).glob("*.ipynb"):
        nb = json.loads(p.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            out |= _ids("".join(cell["source"]))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_reference_lists_every_id(game):
    prefix, n = GAMES[game]
    doc = ROOT / "docs" / "rules" / f"{game}.md"
    assert doc.exists(), f"missing rules reference {doc.relative_to(ROOT)}"
    text = doc.read_text(encoding="utf-8")
    headed = set(re.findall(rf"^#+\s*({prefix}-\d\d)\b", text, flags=re.M))
    want = {f"{prefix}-{i:02d}" for i in range(1, n + 1)}
    assert want <= headed, f"{doc.name} has no heading for {sorted(want - headed)}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_is_cited_by_a_test_and_a_notebook_of_each_edition(game):
    prefix, n = GAMES[game]
    want = {f"{prefix}-{i:02d}" for i in range(1, n + 1)}
    missing_tests = sorted(want - _cited_in_tests())
    missing_nbs = sorted(want - _cited_in_notebooks())
    missing_ja = sorted(want - _cited_in_notebooks("notebooks/ja"))
    assert not missing_tests, f"rules not cited by any test: {missing_tests}"
    assert not missing_nbs, f"rules not cited by any notebook: {missing_nbs}"
    assert not missing_ja, f"rules not cited by any Japanese notebook (notebooks/ja): {missing_ja}"
