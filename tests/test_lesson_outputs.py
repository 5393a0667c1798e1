"""No raw Python in what a student reads: the stored outputs of every lesson and exercise
notebook are scanned for Python reprs (tuples, dicts, lists, Fraction(...), Counter(...),
a dataclass's Name(field=...), <object ...>, a bare True/False, a string in quotes).

What is scanned is what a reader sees: streams (print), and text/plain only when the
output has no richer form (text/html, an image or a widget view take its place).

The marker "For programmers": a code cell tagged ``for-programmers``, or any cell under a
markdown heading whose text contains "For programmers" (until the next heading of the same
or a higher level), may show Python values; nothing else may.

This test fails until the notebooks are re-executed with boardkit's readable result
objects and their cells are cleaned; each failure names the notebook and cell.
"""
import ast
import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("exercises/*.ipynb"),
                    *ROOT.glob("notebooks/ja/*.ipynb"), *ROOT.glob("exercises/ja/*.ipynb")])
MARKER_TAG = "for-programmers"
MARKER_HEADING = ("for programmers", "プログラマー向け")   # the English and Japanese editions' words

class _TupleRepr:
    """A text that Python itself reads as a tuple expression: ``(32, 8)``, also with
    brackets, parentheses or quotes inside, ``(['24/18(2)'], 'only one (BG-08)')``.
    (A regex cannot balance the brackets; the parser can. Long texts are not tuples a
    cell printed by accident, and are skipped to bound the parse.)"""

    def search(self, text: str) -> bool:
        t = text.strip()
        if not (t.startswith("(") and t.endswith(")")) or len(t) > 5000:
            return False
        try:
            return isinstance(ast.parse(t, mode="eval").body, ast.Tuple)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return False


RAW = [
    ("a tuple", _TupleRepr()),
    ("a dict", re.compile(r"^\{\s*['\"0-9(].*:.*\}$", re.S)),
    ("a list of values", re.compile(r"^\[\s*(?:['\"(<\[]|-?\d|\])", re.S)),
    ("a Fraction", re.compile(r"\bFraction\(\s*-?\d+,\s*\d+\)")),
    ("a Counter", re.compile(r"\bCounter\(\{")),
    ("a dataclass repr", re.compile(r"^[A-Z]\w+\((?:\w+=|'[^']*':)", re.M)),
    ("an object repr", re.compile(r"^<\w[^<>]*>$", re.M)),
    ("a bare True/False/None", re.compile(r"^(?:True|False|None)$")),
    ("a float with 12+ digits", re.compile(r"\d\.\d{12,}")),
    ("a quoted string", re.compile(r"^(?:'[^'\n]*'|\"[^\"\n]*\")$")),
]


def _exempt_cells(nb) -> set[int]:
    out, level = set(), None
    for i, cell in enumerate(nb["cells"]):
        src = "".join(cell.get("source", ""))
        if cell["cell_type"] == "markdown":
            for line in src.splitlines():
                m = re.match(r"^(#{1,6})\s+(.*)", line)
                if m:
                    n = len(m.group(1))
                    if any(w in m.group(2).lower() for w in MARKER_HEADING):
                        level = n
                    elif level is not None and n <= level:
                        level = None
        if level is not None or MARKER_TAG in cell.get("metadata", {}).get("tags", []):
            out.add(i)
    return out


def _shown_texts(cell):
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream":
            yield "".join(o["text"])
        elif o["output_type"] in ("execute_result", "display_data"):
            data = o.get("data", {})
            if any(k in data for k in ("text/html", "image/png", "image/svg+xml", "text/markdown",
                                       "application/vnd.jupyter.widget-view+json")):
                continue
            yield "".join(data.get("text/plain", ""))


def raw_outputs(path: pathlib.Path) -> list[str]:
    """'cell N: <kind>: <text>' for every raw Python repr a student would read."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    exempt = _exempt_cells(nb)
    found = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code" or i in exempt:
            continue
        for text in _shown_texts(cell):
            for line_block in [text.strip()] + text.strip().splitlines():
                hit = next((kind for kind, rx in RAW if rx.search(line_block.strip())), None)
                if hit:
                    found.append(f"cell {i}: {hit}: {line_block.strip()[:80]}")
                    break
    return found


def test_the_scanner_finds_raw_reprs_and_respects_the_marker(tmp_path):
    def nb(cells):
        p = tmp_path / "x.ipynb"
        p.write_text(json.dumps({"cells": cells}), encoding="utf-8")
        return raw_outputs(p)

    def code(text, tags=()):
        return {"cell_type": "code", "metadata": {"tags": list(tags)}, "source": "x",
                "outputs": [{"output_type": "execute_result", "data": {"text/plain": text}}]}
    md = lambda s: {"cell_type": "markdown", "metadata": {}, "source": s}  # noqa: E731
    for raw in ["(32, 8)", "{'black_men': 12}", "Fraction(5, 12)", "Counter({'red': 15})",
                "SolitaireResult(moves=35, solved=True)", "<TipLab: 6 tips>", "False",
                "[<group a1:f4>]", "0.16733333333333333",
                "(['9/5'], 'only one die can be played (BG-08)')", "(['24/18(2)'], ['24/18'])",
                "(Fraction(1, 6), Fraction(1, 9), 4)", "((0, 2), (0, 2))", "('a [b]', 1)",
                "'Red may not double (BG-12)'"]:
        assert nb([code(raw)]), raw
    for fine in ["White 69 pips, Red 57", "5/12", "Black moves first.", "Red has 20 moves.",
                 "(no play)", "(White 69 pips, Red 57)", "(5/12)",
                 "'B' is the bar point's letter"]:
        assert not nb([code(fine)]), fine
    assert not nb([code("(32, 8)", tags=[MARKER_TAG])])
    assert not nb([md("## For programmers"), code("(32, 8)")])
    assert nb([md("## For programmers"), code("(1, 2)"), md("## Next part"), code("(32, 8)")])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.relative_to(ROOT).as_posix() for p in NOTEBOOKS])
def test_no_raw_python_in_stored_outputs(path):
    found = raw_outputs(path)
    assert not found, f"{path.name}: {len(found)} raw outputs:\n" + "\n".join(found)


def test_result_objects_read_as_sentences_and_tables():
    from boardkit.diamond.solitaire import SolitaireResult
    from boardkit.mawari.stats import ChiSquare, TossTally
    from boardkit.widgets.tiplab import LabResult
    shown = [SolitaireResult(moves=35, solved=True, optimum=27)._repr_html_(),
             ChiSquare(8.264256766536402, 3, 0.040854642437084754)._repr_html_(),
             LabResult("hit", 1, games=40, wins=25, losses=15)._repr_html_(),
             TossTally.from_counts({"up up down down": 3, "up down down down": 2})._repr_html_()]
    assert "solved in 35 moves (the optimum is 27)" in shown[0]
    assert "statistic 8.26 with 3 degrees of freedom, p = 0.041" in shown[1]
    assert "40 games, 25 won, 15 lost" in shown[2] and "62.5%" in shown[2]
    assert "<table>" in shown[3] and "5 tosses" in shown[3]
    for text in shown:
        assert not any(rx.search(text) for _, rx in RAW), text
