"""The exercise notebooks as an nbgrader assignment, for schools on a JupyterHub.

    pip install "boardkit[grade]"                       # nbgrader, the optional extra
    python tools/nbgrader_assignments.py COURSE_DIR     # all four games
    cd COURSE_DIR && nbgrader generate_assignment boardkit

Writes COURSE_DIR/source/boardkit/<game>.ipynb (the instructor's version) and
COURSE_DIR/nbgrader_config.py. Each exercise of exercises/<game>.ipynb becomes

* an answer cell (nbgrader "solution" cell): the student's ``answer = ...`` line, with the
  answer of exercises/solutions/<game>.ipynb between BEGIN/END SOLUTION, so that
  ``generate_assignment`` gives students the ``answer = ...`` line back;
* an autograded test cell (1 point, locked): the exercise's own check,
  ``assert ex.check_<name>(answer)``. The check prints the same feedback as in class.

Everything else (the words, the boards) is kept as it is.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("checkers", "diamond", "backgammon", "mawari")
ASSIGNMENT = "boardkit"
ANSWER = re.compile(r"^answer\s*=\s*(.*?)\s*(#.*)?$")
CHECK = re.compile(r"^_\s*=\s*ex\.check_(\w+)\(answer\)\s*$")
STUB = "answer = ...   # your answer in place of ..."
CONFIG = f'''c = get_config()  # noqa: F821 (nbgrader's config file)
c.CourseDirectory.course_id = "boardkit"
c.ClearSolutions.code_stub = {{"python": "{STUB}"}}
c.ClearSolutions.text_stub = "Your answer here"
'''


def _meta(**kw) -> dict:
    return {"nbgrader": {"schema_version": 3, **kw}}


def _answers(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    return [m.group(1) for c in nb.cells if c.cell_type == "code"
            for ln in c.source.splitlines() if (m := ANSWER.match(ln))]


def build(game: str, root: Path = ROOT) -> nbformat.NotebookNode:
    """The instructor's version of exercises/<game>.ipynb (solutions inside)."""
    if game not in GAMES:
        raise ValueError(f"game must be one of {GAMES}, got {game!r}")
    nb = nbformat.read(root / "exercises" / f"{game}.ipynb", as_version=4)
    solutions = _answers(root / "exercises" / "solutions" / f"{game}.ipynb")
    cells, k, pending = [], 0, None
    for cell in nb.cells:
        if cell.cell_type != "code":
            cells.append(cell)
            continue
        lines = cell.source.splitlines()
        answer = [ln for ln in lines if ANSWER.match(ln)]
        checks = [CHECK.match(ln).group(1) for ln in lines if CHECK.match(ln)]
        rest = [ln for ln in lines if not ANSWER.match(ln) and not CHECK.match(ln)]
        if not answer and not checks:
            cells.append(nbformat.v4.new_code_cell(cell.source))
            continue
        if rest:
            raise ValueError(f"{game}: a cell mixes an answer or check with other code:\n{cell.source}")
        for ln in answer:
            hint = (ANSWER.match(ln).group(2) or "").strip()
            if k >= len(solutions):
                raise ValueError(f"{game}: more answer cells than the solutions notebook has")
            src = (f"{hint}\n" if hint else "") + \
                f"### BEGIN SOLUTION\nanswer = {solutions[k]}\n### END SOLUTION"
            pending = f"answer_{k + 1}"
            cells.append(nbformat.v4.new_code_cell(
                src, metadata=_meta(grade=False, solution=True, locked=False, grade_id=pending)))
            k += 1
        for name in checks:
            src = (f"# autograded: 1 point\nassert ex.check_{name}(answer), "
                   f"\"not right yet: see the line above\"")
            cells.append(nbformat.v4.new_code_cell(
                src, metadata=_meta(grade=True, solution=False, locked=True, points=1,
                                    grade_id=f"check_{name}")))
    if k != len(solutions):
        raise ValueError(f"{game}: {k} answer cells but {len(solutions)} solutions")
    for cell in cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    out = nbformat.v4.new_notebook(cells=cells, metadata=nb.metadata)
    out.metadata.pop("jupytext", None)
    nbformat.validate(out)
    return out


def write_course(course: Path, games=GAMES) -> list[Path]:
    course = Path(course)
    folder = course / "source" / ASSIGNMENT
    folder.mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(CONFIG, encoding="utf-8")
    written = []
    for game in games:
        path = folder / f"{game}.ipynb"
        nbformat.write(build(game), path)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("course", type=Path, help="the nbgrader course folder to write into")
    p.add_argument("games", nargs="*", help=f"some of {', '.join(GAMES)} (default: all)")
    a = p.parse_args(argv)
    bad = [g for g in a.games if g not in GAMES]
    if bad:
        p.error(f"unknown game(s) {bad}; the games are {list(GAMES)}")
    for path in write_course(a.course, a.games or GAMES):
        print(path)
    print(f"next: cd {a.course} && nbgrader generate_assignment {ASSIGNMENT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
