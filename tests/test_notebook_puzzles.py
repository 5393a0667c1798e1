"""Board puzzles appear in the lessons right after the rule they exercise (issue 13).

For the games listed in ``GAMES``: every puzzle of ``boardkit.<game>.puzzles.PUZZLES`` is
shown by exactly one lesson notebook (``notebooks/NN_*.ipynb``), in a hidden code cell that
builds a puzzle widget (``PUZZLES.for_rule("CK-06").widget()`` or a ``PuzzleWidget`` of a
few of them), and the cell stands in the section whose ``##`` heading cites the puzzle's
rule ID or after it in the same notebook (the puzzle never comes before its rule). The
cells are run here (no kernel: the widgets are built in this process) to see which
puzzles each one shows; the stored output is the widget (``make notebook NB=...``).
A puzzle cell is one that mentions ``PUZZLES``; the play pages (notebooks/play/) are
checked by tests/test_play_pages.py.
"""
from __future__ import annotations

import importlib
import pathlib
import re

import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[1-9][0-9]_*.ipynb"))
#: the games whose puzzles the lessons must show
GAMES = ("checkers", "diamond", "backgammon", "mawari")
RULE_ID = re.compile(r"\b(?:CK|DG|BG|MS)-\d\d\b")


def _puzzle_cells():
    """(notebook, section headings so far, cell) for every puzzle cell of the lessons."""
    out = []
    for path in LESSONS:
        headings: list[str] = []
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown":
                headings += re.findall(r"(?m)^## +(.+)$", cell.source)
            elif "PUZZLES" in cell.source:
                out.append((path, list(headings), cell))
    return out


CELLS = _puzzle_cells()


def _shown(cell) -> list:
    """The puzzles the cell's widget shows (the cell run in a fresh namespace)."""
    from boardkit.puzzles import PuzzleWidget
    namespace: dict = {}
    lines = cell.source.strip().splitlines()
    exec("\n".join(lines[:-1]), namespace)            # noqa: S102 (our own notebooks)
    widget = eval(lines[-1], namespace)               # noqa: S307
    assert isinstance(widget, PuzzleWidget), f"the cell's last line is not a puzzle widget: {lines[-1]}"
    return list(widget.puzzles)


def _key(p) -> tuple:
    return (p.game, p.rule, p.title)


def test_there_are_puzzle_cells():
    assert CELLS, "no lesson shows a board puzzle"


@pytest.mark.parametrize("path,headings,cell", CELLS,
                         ids=[f"{p.stem}:{c.source.strip().splitlines()[-1][:50]}" for p, _, c in CELLS])
def test_puzzle_cell_comes_after_its_rule(path, headings, cell):
    assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, \
        f"{path.name}: the puzzle cell is hidden like the lesson's other board cells"
    assert len(cell.source.strip().splitlines()) <= 4, f"{path.name}: keep the puzzle cell short"
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
               for o in cell.get("outputs", [])), \
        f"{path.name}: the stored output is not the widget (make notebook NB=notebooks/{path.stem}.md)"
    cited = set(RULE_ID.findall(" ".join(headings)))
    for p in _shown(cell):
        assert p.rule in cited, (f"{path.name}: puzzle {p.title!r} ({p.rule}) is shown before any "
                                 f"section heading citing {p.rule} (headings so far cite {sorted(cited)})")


@pytest.mark.parametrize("game", GAMES)
def test_every_puzzle_is_in_one_lesson(game):
    puzzles = importlib.import_module(f"boardkit.{game}.puzzles").PUZZLES
    where: dict[tuple, list[str]] = {}
    for path, _, cell in CELLS:
        for p in _shown(cell):
            where.setdefault(_key(p), []).append(path.name)
    missing = [f"{p.title} ({p.rule})" for p in puzzles if _key(p) not in where]
    twice = {f"{p.title} ({p.rule})": where[_key(p)] for p in puzzles if len(where.get(_key(p), [])) > 1}
    assert not missing, f"{game} puzzles shown in no lesson: {missing}"
    assert not twice, f"{game} puzzles shown more than once: {twice}"
