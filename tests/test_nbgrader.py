"""The exercise notebooks as an nbgrader assignment (tools/nbgrader_assignments.py, the
optional ``grade`` extra): ``nbgrader generate_assignment`` gives students the plain
``answer = ...`` cells, and ``nbgrader autograde`` scores a correct submission 7 of 7, one
with a wrong answer 6 of 7 and an untouched one 0 of 7 (checkers: seven exercises).

nbgrader runs from the Python that has it: this one, or $BOARDKIT_NBGRADER_PYTHON (a
separate venv). Without either the nbgrader test is skipped with the reason."""
from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("nbgrader_assignments",
                                              ROOT / "tools" / "nbgrader_assignments.py")
na = importlib.util.module_from_spec(spec)
spec.loader.exec_module(na)


def _python_with_nbgrader() -> str | None:
    for exe in (os.environ.get("BOARDKIT_NBGRADER_PYTHON"), sys.executable):
        if exe and shutil.which(exe) or (exe and Path(exe).exists()):
            ok = subprocess.run([exe, "-c", "import nbgrader"], capture_output=True).returncode == 0
            if ok:
                return exe
    return None


@pytest.mark.parametrize("game", na.GAMES)
def test_every_exercise_is_an_answer_cell_and_a_test_cell(game):
    nb = na.build(game)
    meta = [c.metadata.get("nbgrader") for c in nb.cells]
    answers = [c for c, m in zip(nb.cells, meta) if m and m["solution"]]
    tests = [c for c, m in zip(nb.cells, meta) if m and m["grade"]]
    checks = re.findall(r"ex\.check_(\w+)\(answer\)",
                        (ROOT / "exercises" / f"{game}.md").read_text(encoding="utf-8"))
    assert len(answers) == len(tests) == len(checks) >= 4
    for cell in answers:
        assert "### BEGIN SOLUTION\nanswer = " in cell.source and "### END SOLUTION" in cell.source
    assert [re.search(r"check_(\w+)", c.source).group(1) for c in tests] == checks
    assert all(c.metadata["nbgrader"]["points"] == 1 and c.metadata["nbgrader"]["locked"] for c in tests)
    ids = [m["grade_id"] for m in meta if m]
    assert len(ids) == len(set(ids))


def test_bad_game_refused():
    with pytest.raises(ValueError, match="game must be one of"):
        na.build("chess")


def _run(exe: str, course: Path, *args: str) -> None:
    bindir = str(Path(exe).parent)
    env = {**os.environ, "PATH": bindir + os.pathsep + os.environ.get("PATH", ""),
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run([exe, "-m", "nbgrader", *args, "--force"], cwd=course, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]


def test_generate_and_autograde(tmp_path):
    exe = _python_with_nbgrader()
    if exe is None:
        pytest.skip("nbgrader is not installed (pip install 'boardkit[grade]', or set "
                    "BOARDKIT_NBGRADER_PYTHON to a Python that has it)")
    course = tmp_path / "course"
    na.write_course(course, ["checkers"])
    _run(exe, course, "generate_assignment", na.ASSIGNMENT)
    release = course / "release" / na.ASSIGNMENT / "checkers.ipynb"
    student = nbformat.read(release, as_version=4)
    stubs = [c for c in student.cells if c.cell_type == "code" and na.STUB in c.source]
    assert len(stubs) == 7 and "BEGIN SOLUTION" not in release.read_text(encoding="utf-8")
    source = nbformat.read(course / "source" / na.ASSIGNMENT / "checkers.ipynb", as_version=4)
    one_wrong = nbformat.from_dict(json.loads(json.dumps(source)))
    first = next(c for c in one_wrong.cells if "BEGIN SOLUTION" in c.source)
    first.source = re.sub(r"answer = .*", 'answer = "1"', first.source)
    for name, nb in (("right", source), ("one_wrong", one_wrong), ("untouched", student)):
        folder = course / "submitted" / name / na.ASSIGNMENT
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / "checkers.ipynb")
    _run(exe, course, "autograde", na.ASSIGNMENT)
    code = ("import json, sys\nfrom nbgrader.api import Gradebook\n"
            f"with Gradebook('sqlite:///{course / 'gradebook.db'}') as gb:\n"
            "    print(json.dumps({s: [gb.find_submission('boardkit', s).score,\n"
            "                          gb.find_submission('boardkit', s).max_score]\n"
            "                      for s in ('right', 'one_wrong', 'untouched')}))\n")
    out = subprocess.run([exe, "-c", code], capture_output=True, text=True, timeout=120)
    scores = json.loads(out.stdout.strip().splitlines()[-1])
    assert scores == {"right": [7.0, 7.0], "one_wrong": [6.0, 7.0], "untouched": [0.0, 7.0]}
