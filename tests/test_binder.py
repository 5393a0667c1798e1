"""Binder without leaks: pins that fit repo2docker's base image, culling and a working
shutdown for play pages, and a postBuild that warms caches and leaves no build leftovers."""
import http.cookiejar
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"


def _lines(path):
    return [l.strip() for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]


def _name(spec):
    return re.split(r"[<>=!~\[ ]", spec)[0].lower().replace("_", "-")


def _resolve(extra_drop=()):
    """pip's resolution of binder/requirements.txt over the recorded base environment."""
    pins = [r for r in _lines(BINDER / "requirements.txt") if r != "." and _name(r) not in extra_drop]
    pinned = {_name(r) for r in pins}
    recorded = _lines(ROOT / "tests" / "data" / "repo2docker_py311_base.txt")
    base = [b for b in recorded if _name(b) not in pinned]
    cmd = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
           "--report", "-", *base, *pins]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def _check_resolved(run):
    if run.returncode != 0 and "ResolutionImpossible" not in run.stderr:
        pytest.skip(f"no package index reachable: {run.stderr.strip().splitlines()[-1:]}")


def test_the_pins_fit_repo2dockers_base_environment():
    run = _resolve()
    _check_resolved(run)
    assert run.returncode == 0, run.stderr[-2000:]
    got = {i["metadata"]["name"].lower().replace("_", "-"): i["metadata"]["version"]
           for i in json.loads(run.stdout)["install"]}
    for pin in _lines(BINDER / "requirements.txt"):
        if "==" in pin:
            name, version = pin.split("==")
            assert got[_name(name)] == version, pin


def test_without_the_notebook_pin_the_base_image_conflicts():
    """The check can fail: the base image's notebook 7.4.7 needs jupyterlab<4.5."""
    run = _resolve(extra_drop=("notebook",))
    _check_resolved(run)
    assert run.returncode != 0 and "notebook" in run.stderr


def _config():
    from traitlets.config import Config

    c = Config()
    exec(compile((BINDER / "jupyter_server_config.py").read_text(), "jupyter_server_config.py", "exec"),
         {"get_config": lambda: c})
    return c


def test_server_config_culls_idle_kernels_but_not_open_pages():
    c = _config()
    assert c.MappingKernelManager.cull_idle_timeout == 300
    assert c.MappingKernelManager.cull_interval == 60
    assert c.MappingKernelManager.cull_connected is False


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(config_dir, port, token):
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(config_dir), PYTHONPATH=str(ROOT))
    log = open(config_dir / "server.log", "wb")   # a file, not a pipe: a full pipe blocks the server
    proc = subprocess.Popen([sys.executable, "-m", "jupyter", "server", "--no-browser", "--allow-root",
                             "--ip=127.0.0.1", f"--port={port}", f"--IdentityProvider.token={token}",
                             f"--ServerApp.root_dir={ROOT}"],
                            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    for _ in range(120):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.5)
    if proc.poll() is None:
        os.killpg(proc.pid, 15)
    pytest.fail((config_dir / "server.log").read_text()[-2000:])


@pytest.mark.parametrize("with_config", [True, False])
def test_a_directly_opened_play_page_can_stop_its_kernel(tmp_path, with_config):
    """As on Binder: the page is opened by its own address; the browser holds only cookies.
    With binder/jupyter_server_config.py the page sets the _xsrf cookie and its shutdown
    request (which sends that cookie back as X-XSRFToken) stops the kernel; without it the
    request is refused."""
    if with_config:
        shutil.copy(BINDER / "jupyter_server_config.py", tmp_path / "jupyter_server_config.py")
    port, token = _free_port(), "binder-test"
    proc = _serve(tmp_path, port, token)
    base = f"http://127.0.0.1:{port}"
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def kernels():
        req = urllib.request.Request(f"{base}/api/kernels", headers={"Authorization": f"token {token}"})
        with urllib.request.urlopen(req, timeout=30) as r:
            return [k["id"] for k in json.loads(r.read())]

    try:
        page = f"{base}/voila/render/notebooks/play/checkers.ipynb?token={token}"
        with browser.open(page, timeout=180) as r:
            assert r.status == 200
        ids = kernels()
        assert len(ids) == 1
        xsrf = next((c.value for c in jar if c.name == "_xsrf"), None)
        headers = {"X-XSRFToken": xsrf} if xsrf else {}
        req = urllib.request.Request(f"{base}/voila/api/shutdown/{ids[0]}", data=b"", method="POST",
                                     headers=headers)
        try:
            with browser.open(req, timeout=60) as r:
                status = r.status
        except urllib.error.HTTPError as e:
            status = e.code
        if with_config:
            assert xsrf and status == 204
            assert kernels() == []
        else:
            assert xsrf is None and status == 403
            assert kernels() == ids
    finally:
        try:   # stop every kernel first: a kernel runs in a session of its own
            for kid in kernels():
                urllib.request.urlopen(urllib.request.Request(
                    f"{base}/api/kernels/{kid}", method="DELETE",
                    headers={"Authorization": f"token {token}"}), timeout=30).close()
        except OSError:
            pass
        os.killpg(proc.pid, 15)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait(timeout=10)


def test_postbuild_warms_the_caches_and_leaves_no_build_leftovers(tmp_path):
    """Run as Binder does (from the repository, which is the home folder), in a copy."""
    repo = tmp_path / "repo"
    shutil.copytree(BINDER, repo / "binder")
    for leftover in ("build/lib/boardkit", "build/bdist.linux-x86_64", "boardkit.egg-info"):
        (repo / leftover).mkdir(parents=True)
    (repo / "build" / "handouts").mkdir()
    env = dict(os.environ, HOME=str(repo), PATH=f"{pathlib.Path(sys.executable).parent}:{os.environ['PATH']}",
               PYTHONPATH=str(ROOT), MPLCONFIGDIR=str(repo / ".config" / "matplotlib"))
    env.pop("BOARDKIT_CACHE", None)
    env.pop("XDG_CACHE_HOME", None)
    run = subprocess.run(["bash", "binder/postBuild"], cwd=repo, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert (repo / ".jupyter" / "jupyter_server_config.py").read_text() == \
        (BINDER / "jupyter_server_config.py").read_text()
    assert list((repo / ".cache" / "boardkit").glob("bearoff_*.npz")), "the bear-off table is not warm"
    assert list((repo / ".config" / "matplotlib").glob("fontlist-*.json")), "the font cache is not warm"
    assert not (repo / "boardkit.egg-info").exists() and not (repo / "build" / "lib").exists()
    assert not list((repo / "build").glob("bdist.*"))
    assert (repo / "build" / "handouts").is_dir(), "postBuild must keep what is not a build leftover"
