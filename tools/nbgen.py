"""Shared helpers of the notebook generators (tools/make_*_notebooks.py).

Every rule section of a notebook has the same pieces: the rule in plain words, a
board, a tiny code cell, a try-it board and a check-yourself question; these helpers
build them, and ``write`` saves a notebook without outputs (tools/run_notebooks.py
then executes it and stores the outputs)."""
from __future__ import annotations

import pathlib
from textwrap import dedent

import nbformat as nbf

ROOT = pathlib.Path(__file__).resolve().parents[1]


def md(text: str):
    return nbf.v4.new_markdown_cell(dedent(text).strip())


def code(text: str):
    return nbf.v4.new_code_cell(dedent(text).strip())


def question(q: str, a: str):
    """A check-yourself question with its answer folded away."""
    return md(f"**Check yourself.** {dedent(q).strip()}\n\n<details><summary>Answer</summary>\n\n"
              f"{dedent(a).strip()}\n\n</details>")


def try_it(text: str, widget: str):
    return [md(f"**Try it.** {dedent(text).strip()}"), code(widget)]


def write(name: str, cells: list, folder: str = "notebooks") -> None:
    nb = nbf.v4.new_notebook()
    nb.cells = cells
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    path = ROOT / folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    nbf.write(nb, path)
    print("wrote", path.relative_to(ROOT))
