"""A real browser: JupyterLab in headless Chromium runs a checkers notebook, and a
student's two clicks on the board play a move.

Needs Debian's chromium (`make test` installs it) and pip playwright; playwright never
downloads a browser of its own here. The notebook is run from a copy in a temporary
folder (JupyterLab reuses kernels per path and autosaves)."""
from __future__ import annotations

import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "10_checkers_moving.ipynb"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# the cell appended to the copy: a fresh board whose first move we know is legal
PROBE = "from boardkit.checkers.widget import CheckersWidget\nprobe = CheckersWidget()\nprobe"

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _write_settings(folder: pathlib.Path) -> None:
    """No news/update toasts over the page; keep every cell in the DOM."""
    ext = folder / "@jupyterlab"
    (ext / "apputils-extension").mkdir(parents=True)
    (ext / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"checkForUpdates": False, "fetchNews": "false"}))
    (ext / "notebook-extension").mkdir(parents=True)
    (ext / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"}))


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    assert os.path.exists(CHROMIUM), "Debian's chromium is required (make test installs it)"
    work = tmp_path_factory.mktemp("lab")
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    nb["cells"].append({"cell_type": "code", "execution_count": None, "metadata": {},
                        "outputs": [], "source": PROBE})
    (work / "copy.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    settings = tmp_path_factory.mktemp("settings")
    _write_settings(settings)
    port = _free_port()
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(settings),
               JUPYTERLAB_WORKSPACES_DIR=str(tmp_path_factory.mktemp("ws")))
    log = open(work / "server.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         "--allow-root", "--IdentityProvider.token=", "--ServerApp.password=",
         "--ServerApp.disable_check_xsrf=True", "--LabApp.expose_app_in_browser=True",
         f"--ServerApp.root_dir={work}"],
        cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(url + "/api/status", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("JupyterLab did not start:\n" + (work / "server.log").read_text()[-2000:])
        yield url + "/lab/tree/copy.ipynb"
    finally:
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def click_cell(page, canvas, cell: str) -> None:
    """A real mouse click at the centre of a board square: the browser decides which
    element is hit (a piece drawn over the square carries the same data-cell)."""
    target = canvas.locator(f'[data-cell="{cell}"]').first
    for _ in range(100):              # the canvas may be mid-redraw after a click
        box = target.bounding_box()
        if box:
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"square {cell} is not on the board")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_click_a_piece_and_a_destination_plays_the_move(lab):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--no-first-run", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"])
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 1000})
            page.set_default_timeout(120_000)
            page.goto(lab)
            # wait until the notebook's kernel is really ready, then Run All (not awaited)
            page.wait_for_function(
                """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                           return w && w.sessionContext && w.sessionContext.isReady &&
                                  w.sessionContext.session.kernel.status === 'idle'; }""")
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            probe = page.locator(".jp-Cell").last.locator(".boardkit-canvas")
            probe.locator('[data-cell="11"]').first.wait_for()
            root = probe.locator("xpath=ancestor::div[contains(@class,'widget-vbox')][last()]")
            before_15 = probe.locator('[data-cell="15"]').count()
            before_11 = probe.locator('[data-cell="11"]').count()

            click_cell(page, probe, "11")                             # the man on 11
            click_cell(page, probe, "15")                             # its destination
            page.wait_for_function(
                "(el) => el.innerText.includes('11-15')", arg=root.element_handle())
            assert "11-15" in root.inner_text()                      # the move list has it
            assert probe.locator('[data-cell="15"]').count() > before_15   # a man now on 15
            assert probe.locator('[data-cell="11"]').count() < before_11   # and none on 11
            if os.environ.get("BOARDKIT_SCREENSHOT"):     # to look at it by hand
                page.screenshot(path=os.environ["BOARDKIT_SCREENSHOT"], full_page=False)
        finally:
            browser.close()
