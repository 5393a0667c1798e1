"""The Japanese edition is the English one, cell for cell.

* Every English lesson (``notebooks/NN_*``, the start page included), exercise notebook and
  solution has its Japanese twin of the same name under ``ja/``, and the Japanese edition
  has nothing else but the glossary (``ONLY_JA``).
* The twins have the same cells in the same order (markdown for markdown, code for code),
  the same cell metadata (folding, tags, nbgrader ids) and the same code: the tokens of
  each code cell, string literals and comments aside, after the Japanese edition's one
  extra first line (``LANGUAGE_LINE``, in its first code cell only). A failure names the
  first cell that differs.
* The Japanese twin's text is Japanese: its markdown, and what its stored outputs print.

The twins are read from their MyST sources (what people edit); the stored notebooks are
checked to be in step with them by tests/test_notebook_pairs.py.
"""
from __future__ import annotations

import json
import pathlib
import sys

import jupytext
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import editions  # noqa: E402
from editions import EN, JA, LANGUAGE_LINE, code_shape, japanese_share, prose  # noqa: E402

ENGLISH = [*editions.lessons(EN), *editions.exercise_sources(EN)]
JAPANESE = [*editions.lessons(JA), *editions.exercise_sources(JA)]
PAIRS = [(en, editions.twin(en, "ja")) for en in ENGLISH]
KEPT_METADATA = ("jupyter", "tags", "nbgrader", "editable", "deletable", "slideshow")


def _rel(p: pathlib.Path) -> str:
    return p.relative_to(ROOT).as_posix()


def _cells(path: pathlib.Path):
    return jupytext.read(path, fmt="md:myst").cells


def test_every_english_lesson_has_its_japanese_twin():
    missing = [_rel(ja) for _, ja in PAIRS if not ja.exists()]
    assert not missing, f"no Japanese twin: {missing}"


def test_the_japanese_edition_has_nothing_the_english_lacks():
    extra = [_rel(p) for p in JAPANESE
             if not editions.twin(p, "en").exists() and p.stem not in editions.ONLY_JA]
    assert not extra, f"Japanese notebooks with no English twin: {extra}"


def difference(en_path: pathlib.Path, ja_path: pathlib.Path) -> str | None:
    """The first difference between two twins' cells, in words, or None."""
    en, ja = _cells(en_path), _cells(ja_path)
    first_code = True
    for i, (a, b) in enumerate(zip(en, ja), start=1):
        head = a.source.strip().splitlines()[0][:60] if a.source.strip() else "empty"
        where = f"cell {i} ({a.cell_type}, {head!r})"
        if a.cell_type != b.cell_type:
            return f"{where}: the Japanese cell {i} is {b.cell_type}"
        meta_a = {k: a.metadata.get(k) for k in KEPT_METADATA if k in a.metadata}
        meta_b = {k: b.metadata.get(k) for k in KEPT_METADATA if k in b.metadata}
        if meta_a != meta_b:
            return f"{where}: metadata {meta_a} in English, {meta_b} in Japanese"
        if a.cell_type == "code":
            shape_b = code_shape(b.source, drop_language_line=first_code)
            if first_code and b.source.splitlines()[:1] != [LANGUAGE_LINE]:
                return f"{where}: the first code cell must begin with {LANGUAGE_LINE!r}"
            first_code = False
            shape_a = code_shape(a.source)
            if shape_a != shape_b:
                k = next((j for j, (x, y) in enumerate(zip(shape_a, shape_b)) if x != y),
                         min(len(shape_a), len(shape_b)))
                return (f"{where}: the code differs at token {k}: "
                        f"{' '.join(shape_a[max(0, k - 3):k + 3])!r} (English) vs "
                        f"{' '.join(shape_b[max(0, k - 3):k + 3])!r} (Japanese)")
    if len(en) != len(ja):
        return f"{len(en)} cells in English, {len(ja)} in Japanese"
    return None


@pytest.mark.parametrize("en,ja", PAIRS, ids=[_rel(ja) for _, ja in PAIRS])
def test_the_twins_share_their_cells_and_code(en, ja):
    if not ja.exists():
        pytest.skip("no twin yet (the test above fails)")
    assert difference(en, ja) is None, f"{_rel(ja)}: {difference(en, ja)}"


MIN_SHARE = 0.6      # of a cell's letters, kana or kanji (the rest: names, notation, code words)


@pytest.mark.parametrize("ja", JAPANESE, ids=_rel)
def test_the_japanese_text_is_japanese(ja):
    english = []
    for i, cell in enumerate(_cells(ja), start=1):
        if cell.cell_type != "markdown":
            continue
        text = prose(cell.source)
        letters = sum(ch.isalpha() for ch in text)
        if letters >= 20 and japanese_share(text) < MIN_SHARE:
            english.append(f"cell {i}: {cell.source.strip()[:70]!r}")
    assert not english, f"{_rel(ja)}: markdown cells not in Japanese: {english}"


def _printed(nb_path: pathlib.Path):
    """(cell number, text) of each printed output and plain-text-only result."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"], start=1):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream":
                yield i, "".join(out.get("text", ""))
            elif "data" in out and set(out["data"]) <= {"text/plain"}:
                yield i, "".join(out["data"].get("text/plain", ""))


@pytest.mark.parametrize("ja", JAPANESE, ids=_rel)
def test_the_japanese_outputs_are_japanese(ja):
    """A printed sentence in a Japanese lesson is Japanese (notation, numbers and names
    aside): a line with words of English in it and no Japanese fails."""
    nb = ja.with_suffix(".ipynb")
    if not nb.exists():
        pytest.skip("not built yet")
    english = []
    for i, text in _printed(nb):
        for line in text.splitlines():
            words = [w for w in line.replace(",", " ").split() if w.isalpha() and w.isascii() and len(w) > 2]
            if len(words) >= 3 and japanese_share(line) == 0:
                english.append(f"cell {i}: {line.strip()[:80]!r}")
    assert not english, f"{_rel(nb)}: English output lines: {english[:8]}"


def test_the_comparison_finds_a_changed_line(tmp_path):
    """The code comparison can fail: a changed number, a missing language line, an extra
    cell; a translated string or comment is no difference."""
    en = tmp_path / "en.md"
    en.write_text("# T\n\n```{code-cell} ipython3\nx = 3  # three\nprint(f'{x} moves')\n```\n",
                  encoding="utf-8")
    ja = tmp_path / "ja.md"

    def ja_with(code: str, extra: str = "") -> str:
        ja.write_text(f"# 題\n\n```{{code-cell}} ipython3\n{code}\n```\n{extra}", encoding="utf-8")
        return difference(en, ja)

    assert ja_with(f"{LANGUAGE_LINE}\nx = 3  # 三\nprint(f'{{x}} 手')") is None
    assert "token" in ja_with(f"{LANGUAGE_LINE}\nx = 4\nprint(f'{{x}} 手')")
    assert "must begin" in ja_with("x = 3\nprint(f'{x} 手')")
    assert "cells" in ja_with(f"{LANGUAGE_LINE}\nx = 3\nprint('')", "\n```{code-cell} ipython3\n1\n```\n")
    assert japanese_share("赤は 20 手あります") > MIN_SHARE > japanese_share("Red has 20 moves")


def test_each_start_page_links_the_other_edition_and_the_japanese_one_its_glossary():
    en = (ROOT / "notebooks" / "00_start_here.md").read_text(encoding="utf-8")
    ja = (ROOT / "notebooks" / "ja" / "00_start_here.md").read_text(encoding="utf-8")
    assert "](ja/00_start_here.ipynb)" in en, "the English start page links the Japanese one"
    assert "](../00_start_here.ipynb)" in ja, "the Japanese start page links the English one"
    assert "](01_glossary.ipynb)" in ja, "the Japanese start page links its glossary"
    readme, readme_ja = ((ROOT / n).read_text(encoding="utf-8") for n in ("README.md", "README.ja.md"))
    assert "](README.ja.md)" in readme and "](README.md)" in readme_ja
