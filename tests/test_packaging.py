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
