"""The shape every lesson keeps, checked on the committed notebooks.

The lessons used to be written by generator scripts that built each rule section from
the same pieces; the sources are now the notebooks' MyST twins (``NN_name.md``), so
the shape is checked here instead. A failure names the file and the section.

Lesson notebooks (``notebooks/NN_*.ipynb``, NN >= 10):

- NB-TITLE    the first cell opens with a ``# Title``.
- NB-TIME     the introduction (before the first ``##`` section) gives a reading time:
              a line such as ``Reading time: about 15 minutes.``
- NB-INTRO    the introduction says what the student will be able to do
              (``**After this notebook you can**`` and a list), what it assumes
              (``**Prerequisites:**``) and its time in class (``**In class:** about N minutes``);
              where code cells are folded away (``jupyter.source_hidden``), it says so and
              how to unfold them, and one code cell stays visible ("For programmers").
- NB-SUMMARY  the last ``##`` section is a summary (``## Summary``, ``## What to remember``,
              ``## What the numbers say``, ``## What the measurements say``) with some text.
- A rule section is a ``##`` section whose heading cites a rule ID (``(CK-04)``). It has
  RS-WORDS    the rule in plain words (a paragraph of prose, not only a question),
  RS-BOARD    a board: a code cell whose stored output is a drawing or an interactive board,
  RS-CODE     a small code cell (at most SMALL_CODE lines) that demonstrates it,
  RS-TRY      a "**Try it.**" cell followed by the code cell of the board to try it on,
  RS-CHECK    a "**Check yourself.**" question.

Every notebook and exercise (solutions included):

- NB-FOLD     each "**Check yourself.**" question has its answer folded away in the same
              cell: ``<details><summary>Answer</summary> ... </details>``.
- NB-TRYCELL  each "**Try it**" cell is followed by a code cell.
- NB-CTRL     no control characters in any cell (a form feed, bell or tab where ``\\frac``,
              ``\\approx`` or ``\\times`` was meant), and no tab in Markdown.
- NB-LONG     no code cell longer than LONG_CODE lines (longer code belongs in boardkit).
- NB-RUN      the stored outputs come from one clean run, top to bottom: execution counts
              1, 2, 3, ... on the Python 3 kernel, no error and no stderr output (a notebook
              saved from JupyterLab after running cells out of order fails here: run
              ``make notebook NB=...``).
- EX-PAIR     an exercise notebook and its solution have the same sections.

Both editions: the Japanese lessons (``notebooks/ja``, ``exercises/ja``) keep the same shape
with their own fixed words (``tools/editions.py``: 「**確かめよう。**」, 「<summary>答え</summary>」,
「**授業では：** 約35分」 ...); a rule in Japanese plain words needs a third as many characters.
An exception listed for an English section also excuses its Japanese twin's.

Where a committed lesson does not follow a rule, the exception is listed below with its
reason (two sections today). A listed exception that is no longer needed is reported as a
warning: delete its line.
"""
from __future__ import annotations

import pathlib
import re
import sys
import warnings

import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from editions import EDITIONS, Edition  # noqa: E402

EN, JA = EDITIONS["en"], EDITIONS["ja"]
LESSONS = sorted([*(ROOT / "notebooks").glob("[1-9][0-9]_*.ipynb"),
                  *(ROOT / "notebooks" / "ja").glob("[1-9][0-9]_*.ipynb")])
ALL = sorted([*(ROOT / "notebooks").rglob("*.ipynb"), *(ROOT / "exercises").rglob("*.ipynb")])
ALL = [p for p in ALL if ".ipynb_checkpoints" not in p.parts]

RULE_ID = re.compile(r"\b(CK|DG|BG|MS)-\d\d\b")
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")   # everything below space but \t \n


class Markers:
    """The fixed words of one edition's lessons as patterns (tools/editions.py)."""

    def __init__(self, ed: Edition):
        self.ed = ed
        self.objectives = re.compile(re.escape(ed.objectives) + r"[^\n]*\n+\s*[-*] ")
        self.prerequisites = re.compile(re.escape(ed.prerequisites) + r"\s*\S")
        self.in_class, self.reading_time, self.code_note = ed.in_class, ed.reading_time, ed.code_note
        self.summaries = ed.summaries
        self.try_it = re.compile(re.escape(ed.try_it))
        self.check = re.compile(re.escape(ed.check))
        self.folded = re.compile(re.escape(ed.check) + r".*?<details>\s*" + re.escape(ed.answer)
                                 + r".*?</details>", re.S)


MARKERS = {lang: Markers(ed) for lang, ed in EDITIONS.items()}


def _markers(path: pathlib.Path) -> Markers:
    """The edition a notebook belongs to: Japanese under notebooks/ja or exercises/ja."""
    return MARKERS["ja" if "ja" in path.resolve().relative_to(ROOT).parts else "en"]


SMALL_CODE = 8     # lines of a rule section's demonstration cell
LONG_CODE = 30     # lines of any code cell
WORDS = 80         # characters of prose that state a rule

# notebook name without its number (so renumbering keeps them) ->
#     {check or (check, section heading start): reason}
EXCEPTIONS: dict[str, dict[object, str]] = {}
# filled in below from the committed notebooks' state (see _RULE_SECTION_GAPS)


def _load(path: pathlib.Path):
    return nbformat.read(path, as_version=4)


def _rel(path: pathlib.Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _sections(nb) -> list[tuple[str, list]]:
    """(heading, cells) for the introduction ("") and every ``##`` section."""
    out: list[tuple[str, list]] = [("", [])]
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"(?m)^## +(.+)$", cell.source)
            if m:
                out.append((m.group(1).strip(), []))
        out[-1][1].append(cell)
    return out


def _is_board(cell) -> bool:
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        if {"image/svg+xml", "image/png", "application/vnd.jupyter.widget-view+json"} & set(data):
            return True
        html = data.get("text/html", "")
        html = "".join(html) if isinstance(html, list) else html
        if "<svg" in html or "<img" in html:
            return True
    return False


def _prose(cell, m: Markers = MARKERS["en"]) -> str:
    """A Markdown cell's text without headings, questions, answers and Try-it lines."""
    text = re.sub(r"<details>.*?</details>", "", cell.source, flags=re.S)
    text = re.sub(r"(?m)^#.*$", "", text)
    for marker in (m.try_it, m.check):
        text = marker.split(text)[0]
    return text.strip()


def _rule_section_gaps(cells, m: Markers = MARKERS["en"]) -> list[str]:
    code = [c for c in cells if c.cell_type == "code"]
    md = [c for c in cells if c.cell_type == "markdown"]
    gaps = []
    # a rule in plain words: WORDS characters of English, or a third as many of Japanese
    words = WORDS if m.ed.lang == "en" else WORDS // 3
    if not any(len(_prose(c, m)) >= words for c in md):
        gaps.append("RS-WORDS")
    if not any(_is_board(c) for c in code):
        gaps.append("RS-BOARD")
    if not any(len(c.source.strip().splitlines()) <= SMALL_CODE for c in code):
        gaps.append("RS-CODE")
    tried = any(c.cell_type == "markdown" and m.try_it.search(c.source) and i + 1 < len(cells)
                and cells[i + 1].cell_type == "code" for i, c in enumerate(cells))
    if not tried:
        gaps.append("RS-TRY")
    if not any(m.check.search(c.source) for c in md):
        gaps.append("RS-CHECK")
    return gaps


# Rule sections of the committed lessons that lack a piece today, with the reason.
_RULE_SECTION_GAPS: dict[str, dict[str, tuple[list[str], str]]] = {
    # notebook name without its number: {section heading start: ([missing pieces], reason)}
    "diamond_hop_chains": {
        "Why the search is right (DG-10)": (
            ["RS-TRY", "RS-CHECK"],
            "an argument about the search (extension material), not a rule to play"),
    },
    "mawari_toss_lab": {
        "1. How to toss and what to write down (MS-04)": (
            ["RS-BOARD", "RS-CODE", "RS-TRY", "RS-CHECK"],
            "instructions for tossing real golds in class; the lab's board comes later"),
    },
}
for _stem, _secs in _RULE_SECTION_GAPS.items():
    for _head, (_pieces, _why) in _secs.items():
        for _piece in _pieces:
            EXCEPTIONS.setdefault(_stem, {})[(_piece, _head)] = _why

_used: set[tuple[str, object]] = set()


def _name(path: pathlib.Path) -> str:
    """A lesson's name without its number: 43_mawari_toss_probability -> mawari_toss_probability."""
    return re.sub(r"^\d+_", "", path.stem)


def _english_heading(path: pathlib.Path, section: str) -> str:
    """The English twin's heading of a Japanese lesson's section (the same place in the
    same cells), so one exception excuses both editions; an English heading as it is."""
    if _markers(path).ed.lang == "en":
        return section
    en = ROOT / "notebooks" / path.name
    mine = [h for h, _ in _sections(_load(path))]
    theirs = [h for h, _ in _sections(_load(en))] if en.exists() else []
    return theirs[mine.index(section)] if section in mine and len(theirs) == len(mine) else section


def _excused(path: pathlib.Path, check: str, section: str | None = None) -> bool:
    table = EXCEPTIONS.get(_name(path), {})
    if section is not None:
        section = _english_heading(path, section)
    if section is None:
        key: object = check
        hit = key in table
    else:
        key = next((k for k in table if isinstance(k, tuple) and k[0] == check
                    and section.startswith(k[1])), None)
        hit = key is not None
    if hit:
        _used.add((_name(path), key))
    return hit


def _lesson_problems(path: pathlib.Path) -> list[str]:
    nb = _load(path)
    name = _rel(path)
    m = _markers(path)
    problems = []
    first = nb.cells[0] if nb.cells else None
    if first is None or first.cell_type != "markdown" or not first.source.startswith("# "):
        problems.append(f"{name}: NB-TITLE the first cell must open with '# Title'")
    sections = _sections(nb)
    intro = "\n".join(c.source for c in sections[0][1] if c.cell_type == "markdown")
    if not m.reading_time.search(intro) and not _excused(path, "NB-TIME"):
        problems.append(f"{name}: NB-TIME the introduction gives no reading time "
                        "('Reading time: about 15 minutes.')")
    for what, pattern in ((f"objectives ('{m.ed.objectives}' and a list)", m.objectives),
                          (f"prerequisites ('{m.ed.prerequisites} ...')", m.prerequisites),
                          (f"time in class ({m.in_class.pattern!r})", m.in_class)):
        if not pattern.search(intro) and not _excused(path, "NB-INTRO"):
            problems.append(f"{name}: NB-INTRO the introduction gives no {what}")
    code = [c for c in nb.cells if c.cell_type == "code"]
    hidden = [c for c in code if c.get("metadata", {}).get("jupyter", {}).get("source_hidden")]
    if hidden and not _excused(path, "NB-INTRO"):
        if not m.code_note.search(intro):
            problems.append(f"{name}: NB-INTRO code is folded away but the introduction does not "
                            "say so ('Most code cells are folded away ...')")
        if len(hidden) == len(code):
            problems.append(f"{name}: NB-INTRO every code cell is folded: keep one visible "
                            "'For programmers' cell")
    last_head, last_cells = sections[-1]
    has_summary = (len(sections) > 1 and last_head in m.summaries
                   and any(len(_prose(c, m)) > 0 for c in last_cells if c.cell_type == "markdown"))
    if not has_summary and not _excused(path, "NB-SUMMARY"):
        problems.append(f"{name}: NB-SUMMARY the last section must be a summary "
                        f"(one of {', '.join(m.summaries)}); it is '## {last_head}'")
    for head, cells in sections[1:]:
        if not RULE_ID.search(head):
            continue
        for gap in _rule_section_gaps(cells, m):
            if not _excused(path, gap, head):
                problems.append(f"{name}: section '## {head}': {gap} {_WHAT[gap]}")
    return problems


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: _rel(p))
def test_lesson_shape(path):
    problems = _lesson_problems(path)
    assert not problems, "\n".join(problems)


_WHAT = {
    "RS-WORDS": f"no paragraph states the rule in plain words (>= {WORDS} characters)",
    "RS-BOARD": "no code cell shows a board (a stored drawing or interactive board)",
    "RS-CODE": f"no small code cell (<= {SMALL_CODE} lines) demonstrates the rule",
    "RS-TRY": "no '**Try it.**' cell followed by the board to try it on",
    "RS-CHECK": "no '**Check yourself.**' question",
}


@pytest.mark.parametrize("path", ALL, ids=lambda p: _rel(p))
def test_cells_follow_the_conventions(path):
    nb = _load(path)
    name = _rel(path)
    m = _markers(path)
    problems = []
    for section, cells in _sections(nb):
        where = f"{name}: section '## {section}'" if section else f"{name}: introduction"
        for i, cell in enumerate(cells):
            src = cell.source
            ctrl = CONTROL.search(src)
            if ctrl:
                line = src[:ctrl.start()].count("\n") + 1
                problems.append(f"{where}: NB-CTRL control character {ctrl.group()!r} in a "
                                f"{cell.cell_type} cell, line {line} (a Python escape such as "
                                r"'\f' in '\frac'?)")
            if cell.cell_type == "markdown" and "\t" in src:
                problems.append(f"{where}: NB-CTRL tab in a Markdown cell (a '\\t' as in '\\times'?)")
            if cell.cell_type == "markdown" and m.check.search(src):
                if len(m.check.findall(src)) != len(m.folded.findall(src)):
                    problems.append(f"{where}: NB-FOLD a check-yourself question without its "
                                    f"answer folded in <details>{m.ed.answer}")
            if cell.cell_type == "markdown" and m.try_it.search(src):
                nxt = cells[i + 1] if i + 1 < len(cells) else None
                if nxt is None or nxt.cell_type != "code":
                    problems.append(f"{where}: NB-TRYCELL a 'Try it' cell not followed by "
                                    "the code cell of its board")
            if cell.cell_type == "code" and len(src.strip().splitlines()) > LONG_CODE:
                problems.append(f"{where}: NB-LONG a code cell of {len(src.splitlines())} "
                                f"lines (at most {LONG_CODE}; move the code into boardkit)")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", ALL, ids=lambda p: _rel(p))
def test_outputs_come_from_one_clean_run(path):
    nb = _load(path)
    name = _rel(path)
    fix = f"re-execute it: make notebook NB={name[:-len('.ipynb')]}.md"
    kernel = nb.metadata.get("kernelspec", {}).get("name")
    assert kernel == "python3", f"{name}: NB-RUN kernel {kernel!r}, not python3; {fix}"
    code = [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    for n, (i, cell) in enumerate(code, start=1):
        assert cell.execution_count == n, (
            f"{name}: NB-RUN cell {i} has execution count {cell.execution_count}, expected {n} "
            f"(not one top-to-bottom run); {fix}")
        for out in cell.get("outputs", []):
            raises = "raises-exception" in cell.get("metadata", {}).get("tags", [])
            assert out.get("output_type") != "error" or raises, (
                f"{name}: NB-RUN cell {i} stored an error ({out.get('ename')}); {fix}")
            assert out.get("name") != "stderr", (
                f"{name}: NB-RUN cell {i} wrote to stderr: {''.join(out.get('text', ''))[:200]!r}")


EXERCISES = sorted([*(ROOT / "exercises").glob("*.ipynb"), *(ROOT / "exercises" / "ja").glob("*.ipynb")])


@pytest.mark.parametrize("path", EXERCISES, ids=lambda p: _rel(p))
def test_exercise_and_solution_have_the_same_sections(path):
    solution = path.parent / "solutions" / path.name
    assert solution.exists(), f"{_rel(path)}: EX-PAIR no solution {_rel(solution)}"
    heads = [h for h, _ in _sections(_load(path))][1:]
    sol = [h for h, _ in _sections(_load(solution))][1:]
    assert heads == sol, (f"{_rel(path)}: EX-PAIR sections differ from {_rel(solution)}: "
                          f"{heads} vs {sol}")


def test_listed_exceptions_name_real_notebooks():
    names = {_name(p) for p in LESSONS}
    unknown = sorted(set(EXCEPTIONS) - names)
    assert not unknown, f"exceptions listed for notebooks that do not exist: {unknown}"


def test_listed_exceptions_are_still_needed():
    """An exception that no longer excuses anything is reported (a warning, so that a
    lesson fixed by its game's owner does not fail): delete its line."""
    _used.clear()
    for path in LESSONS:
        _lesson_problems(path)
    listed = {(stem, key) for stem, table in EXCEPTIONS.items() for key in table}
    stale = sorted(map(str, listed - _used))
    if stale:
        warnings.warn("no longer needed, delete from EXCEPTIONS in "
                      f"tests/test_notebook_conventions.py: {stale}", stacklevel=1)


def test_map_is_current():
    """README.md and the start notebook list every lesson under its current title."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("update_map", ROOT / "tools" / "update_map.py")
    update_map = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(update_map)
    out = update_map.stale()
    assert not out, (f"the notebook map is out of date in {out}: run "
                     ".venv/bin/python tools/update_map.py")
