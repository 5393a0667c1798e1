"""Every notebook has its MyST Markdown twin, and the two say the same thing.

The ``.md`` (Jupytext ``md:myst``) is the source people edit and review; the
``.ipynb`` carries the outputs. JupyterLab with jupytext keeps them in step on save;
from a shell, ``make notebook NB=notebooks/NN_name.md`` (or ``jupytext --sync``) does.
Cell ids and metadata are not in the ``.md``, so the pair is compared by cell type and
source. A failure names the file and the first cell that differs.
"""
from __future__ import annotations

import pathlib
import re

import jupytext
import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
FOLDERS = ("notebooks", "exercises")
FORMATS = "ipynb,md:myst"
FIX = "sync it: .venv/bin/jupytext --sync {md}  (the newer file wins), or make notebook NB={md}"


def _notebooks() -> list[pathlib.Path]:
    out = []
    for folder in FOLDERS:
        out += [p for p in (ROOT / folder).rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]
    return sorted(out)


def _rel(path: pathlib.Path) -> str:
    return str(path.relative_to(ROOT))


def _short(text: str) -> str:
    lines = text.splitlines()
    head = "\n      ".join(lines[:3])
    return head + ("\n      ..." if len(lines) > 3 else "")


def first_difference(a: list, b: list) -> str | None:
    """Where two cell lists first differ (cell type or source), in words; None if equal."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x.cell_type != y.cell_type:
            return f"cell {i}: {x.cell_type} in the .ipynb, {y.cell_type} in the .md"
        if x.source != y.source:
            xl, yl = x.source.splitlines(), y.source.splitlines()
            line = next((j for j, (p, q) in enumerate(zip(xl, yl)) if p != q), min(len(xl), len(yl)))
            return (f"cell {i} ({x.cell_type}), line {line + 1}:\n"
                    f"    .ipynb: {xl[line] if line < len(xl) else '<end of cell>'!r}\n"
                    f"    .md:    {yl[line] if line < len(yl) else '<end of cell>'!r}")
    if len(a) != len(b):
        i = min(len(a), len(b))
        extra, side = (a, ".ipynb") if len(a) > len(b) else (b, ".md")
        return (f"cell {i}: the {side} has {abs(len(a) - len(b))} more cell(s), from "
                f"{extra[i].cell_type}:\n      {_short(extra[i].source)}")
    return None


NOTEBOOKS = _notebooks()


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 30


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_rel)
def test_notebook_and_its_md_twin_agree(path):
    md = path.with_suffix(".md")
    assert md.exists(), (f"{_rel(path)} has no MyST twin {_rel(md)}: create it with "
                         f".venv/bin/jupytext --set-formats {FORMATS} {_rel(path)}")
    nb = nbformat.read(path, as_version=4)
    formats = nb.metadata.get("jupytext", {}).get("formats")
    assert formats == FORMATS, (f"{_rel(path)}: metadata jupytext.formats is {formats!r}, "
                                f"not {FORMATS!r} (the pair is not linked)")
    text = md.read_text(encoding="utf-8")
    assert re.search(r"(?m)^\s*format_name: myst\s*$", text), \
        f"{_rel(md)}: not in Jupytext's MyST format (its header has no 'format_name: myst')"
    twin = jupytext.reads(text, fmt="md:myst")
    diff = first_difference(nb.cells, twin.cells)
    assert diff is None, (f"{_rel(path)} and {_rel(md)} differ at {diff}\n"
                          + FIX.format(md=_rel(md)))


def test_every_md_lesson_has_its_notebook():
    orphans = []
    for folder in FOLDERS:
        for md in (ROOT / folder).rglob("*.md"):
            if ".ipynb_checkpoints" in md.parts:
                continue
            head = md.read_text(encoding="utf-8")[:600]
            if "jupytext:" in head and not md.with_suffix(".ipynb").exists():
                orphans.append(_rel(md))
    assert not orphans, ("MyST lessons without their notebook (create it with "
                         f"`make notebook NB=<file>.md`): {orphans}")


def test_no_notebook_generators_are_left():
    """The lessons' source is their .md; nothing in tools/ writes lessons from code."""
    tools = ROOT / "tools"
    left = sorted(p.name for p in tools.glob("*.py")
                  if p.name == "nbgen.py" or re.fullmatch(r"make_.*notebooks?\.py", p.name))
    assert not left, f"notebook generators are back in tools/: {left}"


def _run_notebooks_module():
    import importlib.util

    spec = importlib.util.spec_from_file_location("run_notebooks", ROOT / "tools" / "run_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sync_before_executing_keeps_an_edited_md(tmp_path):
    """tools/run_notebooks.py (make notebook) syncs first: an edit to the .md reaches the
    .ipynb, the stored outputs stay, and the .md is not overwritten by the old cells."""
    import os
    import shutil

    src = ROOT / "notebooks" / "00_start_here"
    ipynb, md = tmp_path / "00_start_here.ipynb", tmp_path / "00_start_here.md"
    shutil.copy(src.with_suffix(".ipynb"), ipynb)
    shutil.copy(src.with_suffix(".md"), md)
    text = md.read_text(encoding="utf-8")
    assert "# Start here" in text
    md.write_text(text.replace("# Start here", "# Start HERE", 1), encoding="utf-8")
    old = ipynb.stat().st_mtime - 60
    os.utime(ipynb, (old, old))
    outputs_before = [c.get("outputs") for c in nbformat.read(ipynb, as_version=4).cells]
    _run_notebooks_module().sync(ipynb)
    nb = nbformat.read(ipynb, as_version=4)
    assert nb.cells[0].source.startswith("# Start HERE")
    assert "# Start HERE" in md.read_text(encoding="utf-8")
    assert [c.get("outputs") for c in nb.cells] == outputs_before


def test_a_new_md_lesson_gets_its_paired_notebook(tmp_path):
    md = tmp_path / "19_new_lesson.md"
    md.write_text("---\njupytext:\n  text_representation:\n    extension: .md\n"
                  "    format_name: myst\n---\n\n# A new lesson\n\nText.\n\n"
                  "```{code-cell}\n1 + 1\n```\n", encoding="utf-8")
    _run_notebooks_module().sync(md.with_suffix(".ipynb"))
    nb = nbformat.read(md.with_suffix(".ipynb"), as_version=4)
    assert nb.metadata["jupytext"]["formats"] == FORMATS
    assert [c.cell_type for c in nb.cells] == ["markdown", "code"]
