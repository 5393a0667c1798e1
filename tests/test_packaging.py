"""Binder and packaging files stay consistent with what the kit needs."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _dependencies() -> list[str]:
    """[project].dependencies of pyproject.toml (tomllib is 3.11+; boardkit supports 3.10)."""
    text = (ROOT / "pyproject.toml").read_text()
    block = re.search(r"^dependencies = \[(.*?)^\]", text, flags=re.S | re.M).group(1)
    return re.findall(r'"([^"]+)"', block)


def test_binder_pins_every_runtime_dependency_exactly():
    reqs = [l.strip() for l in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
            if l.strip() and not l.startswith("#")]
    assert reqs[-1] == ".", "the last line must install boardkit itself"
    pins = {re.split("==", r)[0].lower().replace("_", "-"): r for r in reqs[:-1]}
    assert all("==" in r for r in pins.values()), "Binder pins must be exact"
    deps = _dependencies()
    for d in deps:
        name = re.split(r"[<>=!~\[ ]", d)[0].lower().replace("_", "-")
        assert name in pins, f"{name} is a dependency but Binder does not pin it"
    assert "jupyterlab" in pins
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make test" in ci and "make test" in readme and "make lab" in readme


def test_binder_installs_the_fast_extra_and_compiles_it_once():
    """simulate_turns' compiled loop (the fast extra) is part of the deployed kit: numba and
    llvmlite pinned, and postBuild compiles it into the image, importing the INSTALLED
    boardkit (from /tmp) and never failing the build."""
    import os
    text = (ROOT / "pyproject.toml").read_text()
    fast = re.findall(r'"([^"]+)"', re.search(r"^fast = \[(.*?)\]", text, flags=re.M).group(1))
    reqs = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    pinned = {r.split("==")[0].lower() for r in reqs if "==" in r}
    for d in fast + ["llvmlite"]:
        assert re.split(r"[<>=!~\[ ]", d)[0].lower() in pinned, d
    post = ROOT / "binder" / "postBuild"
    assert os.access(post, os.X_OK), "postBuild must be executable"
    body = post.read_text()
    assert "cd /tmp" in body and "simulate_turns" in body and body.rstrip().endswith("|| true")
    # postBuild is run, in a copy with its own home folder, by tests/test_binder.py


def test_an_installed_wheel_finds_the_settled_tips_from_another_folder(tmp_path):
    """Binder installs the kit non-editable: the wheel carries boardkit/data/tips_<game>.json
    and the lessons find them through importlib.resources, from any working folder."""
    import shutil
    import subprocess
    import sys
    import venv
    src = tmp_path / "src"                      # a copy: the build leaves nothing in the repository
    shutil.copytree(ROOT / "boardkit", src / "boardkit",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, src / name)
    wheels = tmp_path / "wheels"
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels),
                            str(src)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next(wheels.glob("boardkit-*.whl"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    install = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", site,
                              str(wheel)], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr[-2000:]
    # numpy, matplotlib, ipywidgets ... from the shared environment, after the wheel's boardkit
    # (a plain path: the shared environment's editable boardkit is not loaded)
    import sysconfig
    (pathlib.Path(site) / "shared.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    probe = (
        "import importlib, boardkit\n"
        "from boardkit._protocols import GAMES, tip_results\n"
        "from boardkit.widgets.tiplab import TipLab\n"
        "print(boardkit.__file__)\n"
        "for g in GAMES:\n"
        "    ai = importlib.import_module(f'boardkit.{g}.ai')\n"
        "    lab = TipLab(ai.tips.lab_spec(), executor=None)\n"
        "    print(g, len(tip_results(g)), len(lab.settled), len(lab.tips))\n")
    env = {k: v for k, v in __import__("os").environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    run = subprocess.run([str(py), "-c", probe], cwd=elsewhere, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert lines[0].startswith(site), lines[0]             # the installed copy, not the repository
    for line in lines[1:]:
        game, results, settled, tips = line.split()
        assert int(results) == int(settled) == int(tips) > 0, line
