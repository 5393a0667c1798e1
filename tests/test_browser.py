"""A real browser: JupyterLab in headless Chromium runs a notebook, and a student's two
clicks on the board play a move (checkers: piece then square; Diamond Game: piece then
destination hole).

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
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# notebook, the cell appended to its copy (a fresh board), and a move on that board:
# (from cell, to cell, the move's text in the move list)
CASES = {
    "checkers": ("10_checkers_moving.ipynb",
                 "from boardkit.checkers.widget import CheckersWidget\nprobe = CheckersWidget()\nprobe",
                 ("11", "15", "11-15")),
    "diamond": ("20_diamond_board_and_camps.ipynb",
                "from boardkit.diamond.widget import DiamondWidget\nprobe = DiamondWidget()\nprobe",
                None),   # a step of the first player, worked out from the engine below
}


def _diamond_step():
    from boardkit.diamond import DiamondGame
    move = next(m for m in DiamondGame().legal_moves() if m.kind == "step")
    start, end = move.path
    return f"{start[0]},{start[1]}", f"{end[0]},{end[1]}", str(move)

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
    for name, (notebook, probe, _) in CASES.items():
        nb = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))
        nb["cells"].append({"cell_type": "code", "execution_count": None, "metadata": {},
                            "outputs": [], "source": probe})
        (work / f"{name}.ipynb").write_text(json.dumps(nb), encoding="utf-8")
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
        yield url
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


@pytest.mark.parametrize("game", sorted(CASES))
def test_click_a_piece_and_a_destination_plays_the_move(lab, game):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--no-first-run", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"])
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 1000})
            page.set_default_timeout(180_000)
            src, dst, text = CASES[game][2] or _diamond_step()
            # ?reset: a fresh workspace, so no tab of an earlier test is restored
            page.goto(f"{lab}/lab/tree/{game}.ipynb?reset")
            # wait until THIS notebook is the current tab and its kernel is really ready,
            # then Run All (not awaited: awaiting it can hang)
            page.wait_for_function(
                """(name) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                           return w && w.context && w.context.path.endsWith(name) &&
                                  w.sessionContext && w.sessionContext.isReady &&
                                  w.sessionContext.session.kernel.status === 'idle'; }""",
                arg=f"{game}.ipynb")
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
            probe = page.locator(".jp-Cell").last.locator(".boardkit-canvas")
            try:
                probe.locator(f'[data-cell="{src}"]').first.wait_for()
            except Exception:
                shot = pathlib.Path(os.environ.get("BOARDKIT_SCREENSHOT", "/tmp/boardkit.png"))
                page.screenshot(path=str(shot).replace(".png", f"_{game}_failed.png"), full_page=True)
                raise
            root = probe.locator("xpath=ancestor::div[contains(@class,'widget-vbox')][last()]")
            before_dst = probe.locator(f'[data-cell="{dst}"]').count()
            before_src = probe.locator(f'[data-cell="{src}"]').count()

            click_cell(page, probe, src)                              # the piece
            click_cell(page, probe, dst)                              # its destination
            page.wait_for_function(
                "([el, t]) => el.innerText.includes(t)", arg=[root.element_handle(), text])
            assert text in root.inner_text()                          # the move list has it
            # the board shows it: the piece's shapes left src and arrived on dst
            assert probe.locator(f'[data-cell="{dst}"]').count() > before_dst
            assert probe.locator(f'[data-cell="{src}"]').count() < before_src
            if os.environ.get("BOARDKIT_SCREENSHOT"):     # to look at it by hand
                page.screenshot(path=os.environ["BOARDKIT_SCREENSHOT"].replace(".png", f"_{game}.png"))
        finally:
            browser.close()
