"""Every puzzle's words come from the catalogue, and the puzzle data modules hold none.

The title, goal, hint, why and every trap's reason of each puzzle are read from the keys
``puzzle.<game>.<id>.<field>`` and ``...trap.<answer>`` in both languages; the data
(``boardkit/<game>/puzzles.py``) gives only ids, positions, answers, rules, variants,
marks and trap answers, so an English sentence there would be a second copy to keep in
step with the .pot."""
from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from boardkit import _catalogue
from boardkit.puzzles import GAME_MODULES, TEXT_FIELDS

LANGS = ("en", "ja")
SETS = {game: importlib.import_module(mod).PUZZLES for game, mod in GAME_MODULES.items()}
ALL = [p for ps in SETS.values() for p in ps]
ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("puzzle", ALL, ids=lambda p: f"{p.game}.{p.id}")
def test_every_text_is_the_catalogues(puzzle):
    assert puzzle.id
    for name in TEXT_FIELDS:
        key = puzzle.key(name)
        for lang in LANGS:
            assert _catalogue.has(key, lang), (key, lang)
            got = puzzle.text(name, lang)
            assert got and got == _catalogue.render(key, lang), (key, lang)
        # the English attribute (read by printed pages and records) is the catalogue's too
        assert getattr(puzzle, name) == _catalogue.render(key, "en")
    for answer in puzzle.trap_answers():
        key = puzzle.key(f"trap.{answer}")
        for lang in LANGS:
            assert _catalogue.has(key, lang), (key, lang)
            got = puzzle.trap(answer, lang)
            assert got and got == _catalogue.render(key, lang), (key, lang)
        assert dict(puzzle.traps)[answer] == _catalogue.render(key, "en")


def test_every_puzzle_key_in_the_catalogue_belongs_to_a_puzzle():
    """No orphan puzzle text: each ``puzzle.<game>.<id>.*`` key names a field or a trap
    of a puzzle that exists."""
    known = {p.key(n) for p in ALL for n in TEXT_FIELDS}
    known |= {p.key(f"trap.{a}") for p in ALL for a in p.trap_answers()}
    games = "|".join(GAME_MODULES)
    data = {k for k in _catalogue.keys("en") if re.match(rf"puzzle\.({games})\.[a-z0-9_]+\.", k)}
    assert data - known == set()


_WORD = re.compile(r"(?<!\w)[A-Za-z][a-z']+(?!\w)")  # a word, not part of an identifier


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are docstrings (a module's, a function's, or a bare
    string statement documenting the assignment before it)."""
    out = set()
    for node in ast.walk(tree):
        for stmt in getattr(node, "body", []) if isinstance(getattr(node, "body", None), list) else []:
            if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                    and isinstance(stmt.value.value, str):
                out.add(id(stmt.value))
    return out


def _data_strings(path: Path):
    """The string literals of a module other than docstrings, error messages (``raise``)
    and the position texts (the second argument of ``_p``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise):
            skip |= {id(n) for n in ast.walk(node)}
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_p" and len(node.args) > 1:
            skip |= {id(n) for n in ast.walk(node.args[1])}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield node.lineno, node.value


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_the_data_module_holds_no_english_sentence(game):
    path = ROOT / (GAME_MODULES[game].replace(".", "/") + ".py")
    found = [(line, s[:60]) for line, s in _data_strings(path) if len(_WORD.findall(s)) >= 5]
    assert found == []


def test_the_sentence_check_finds_a_sentence(tmp_path):
    """The check above is not blind: a puzzle text in the data is found, a docstring,
    an error message and a position are not."""
    src = tmp_path / "m.py"
    src.write_text('"""A module docstring with many words in it."""\n'
                   'def f():\n    raise ValueError("a message with five or more words")\n'
                   'X = _p("id", "P1 home, P2 home / up up down side", ["1二"], "MS-05",\n'
                   '       goal="Click the square where the piece ends.")\n', encoding="utf-8")
    found = [s for _, s in _data_strings(src) if len(_WORD.findall(s)) >= 5]
    assert found == ["Click the square where the piece ends."]
