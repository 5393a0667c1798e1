"""The offline wheelhouse of the teacher's guide (Option 4), rehearsed.

The wheels are downloaded once into a folder under the system's temporary folder, keyed by
the dependencies and the Python version, so a second run (or CI's next job on the same
machine) does not download again. Then a fresh venv installs the kit from that folder with
no index at all, and opens (executes) the start lesson there.
"""
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
# what the guide tells a school to download: the kit with the lab extra, and the tools
# that build boardkit itself from its source folder
WANT = ["pip", "setuptools>=77", ".[lab]"]

pytestmark = pytest.mark.slow


def _key() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    deps = text.split("[project.optional-dependencies]", 1)[0].split("dependencies = [", 1)[1]
    lab = [l for l in text.splitlines() if l.startswith("lab = ")]
    return hashlib.sha256(f"{sys.version_info[:2]}{deps}{lab}{WANT}".encode()).hexdigest()[:12]


def _run(cmd, cwd, timeout=900, env=None):
    run = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    assert run.returncode == 0, f"{cmd}\n{run.stdout[-1500:]}\n{run.stderr[-3000:]}"
    return run


def _source_copy(dest: pathlib.Path) -> pathlib.Path:
    """The files pip builds boardkit from (a copy, so that no build/ lands in the repository)."""
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, dest / name)
    shutil.copytree(ROOT / "boardkit", dest / "boardkit", ignore=shutil.ignore_patterns("__pycache__"))
    return dest


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory):
    cache = pathlib.Path(tempfile.gettempdir()) / f"boardkit-wheelhouse-{_key()}"
    if not (cache / ".complete").exists():
        src = _source_copy(tmp_path_factory.mktemp("src"))
        part = cache.with_name(cache.name + ".part")
        shutil.rmtree(part, ignore_errors=True)
        part.mkdir(parents=True)
        run = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "-d", str(part), *WANT],
                             cwd=src, capture_output=True, text=True, timeout=1200)
        if run.returncode != 0:
            pytest.skip(f"the wheels could not be downloaded (no package index?): {run.stderr[-500:]}")
        # boardkit's own sdist is built from the source folder at install time, never cached
        for p in part.glob("boardkit-*"):
            p.unlink()
        (part / ".complete").write_text("ok")
        shutil.rmtree(cache, ignore_errors=True)
        part.rename(cache)
    return cache


def test_install_from_the_wheelhouse_with_no_index_then_open_a_lesson(wheelhouse, tmp_path):
    (tmp_path / "boardkit").mkdir()
    src = _source_copy(tmp_path / "boardkit")
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    py = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    # no index at all, and none of this machine's pip settings (extra indexes, find-links)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_") and k != "PYTHONPATH"}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    _run([str(py), "-m", "pip", "install", "--quiet", "--no-index", "--find-links", str(wheelhouse),
          f"{src}[lab]"], cwd=tmp_path, env=env)
    _run([str(py), "-m", "pip", "check"], cwd=tmp_path, env=env)
    # the command is installed, and works without make
    out = _run([str(venv / "bin" / "boardkit"), "--help"], cwd=tmp_path, env=env)
    assert "lab" in out.stdout and "play" in out.stdout
    # open the start lesson: run every cell in the new environment, from a folder of its own
    lesson = tmp_path / "notebooks"
    lesson.mkdir()
    shutil.copy(ROOT / "notebooks" / "00_start_here.ipynb", lesson)
    env_run = dict(env, HOME=str(tmp_path), MPLCONFIGDIR=str(tmp_path / "mpl"),
                   JUPYTER_PLATFORM_DIRS="1")
    _run([str(py), "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--output", "ran.ipynb",
          "--ExecutePreprocessor.kernel_name=python3", "00_start_here.ipynb"],
         cwd=lesson, env=env_run, timeout=600)
    nb = json.loads((lesson / "ran.ipynb").read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c["execution_count"] for c in code)
    assert not [o for c in code for o in c["outputs"] if o["output_type"] == "error"]
    where = _run([str(py), "-c", "import boardkit; print(boardkit.__file__)"], cwd=tmp_path, env=env)
    assert str(venv) in where.stdout
