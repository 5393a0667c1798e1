"""The play pages (notebooks/play/<game>.ipynb): a board and its buttons, no code.

Static checks: every game has its page; each page is a title, one how-to-play line and
a code cell, hidden (``jupyter.source_hidden``) and short, that shows the game's widget;
the games with board puzzles (``PUZZLE_GAMES``) add a "## Puzzles" heading, one line and
a second hidden cell that shows ``PUZZLES.widget()`` (the others still say "Puzzles:
coming."); ``make play`` serves the folder with Voila.

Browser check: ``make play``'s own command (Voila) serves a temporary copy of
notebooks/play on 127.0.0.1; headless Chromium (Debian's, via playwright) opens the
checkers page, waits for the board, plays 11-15 by two clicks and sees the move in the
move list and on the board, and sees no code. A hard timeout bounds it; a failure
leaves a screenshot in a temporary folder (its path is printed;
``BOARDKIT_SCREENSHOTS=<dir>`` keeps one always). The helpers that click the board
come from tests/test_browser.py.
"""
from __future__ import annotations

import json
import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import time
import urllib.request

import pytest
from test_browser import browser  # noqa: F401  (the shared Chromium fixture)

ROOT = pathlib.Path(__file__).resolve().parents[1]
PLAY = ROOT / "notebooks" / "play"
GAMES = {"checkers": "CheckersWidget", "diamond": "DiamondWidget",
         "backgammon": "BackgammonWidget", "mawari": "MawariWidget"}
#: the games whose page ends with their board puzzles (boardkit.<game>.puzzles)
PUZZLE_GAMES = {"checkers", "backgammon", "diamond"}


def _cells(game: str) -> list[dict]:
    return json.loads((PLAY / f"{game}.ipynb").read_text(encoding="utf-8"))["cells"]


# ---------------------------------------------------------------------- static checks
def _hidden_widget_cell(cell: dict, call: str) -> None:
    """A code cell hidden in JupyterLab too, short, calling `call` and storing the widget."""
    assert cell["metadata"].get("jupyter", {}).get("source_hidden") is True, \
        "the code cell is hidden in JupyterLab too (metadata jupyter.source_hidden)"
    source = "".join(cell["source"])
    assert len(source.splitlines()) <= 3 and call in source, source
    shown = [o for o in cell["outputs"] if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert shown, "the stored output is the widget (execute: make notebook NB=...)"


@pytest.mark.parametrize("game", GAMES)
def test_play_page_is_a_title_a_line_and_hidden_cells(game):
    cells = _cells(game)
    md = [c for c in cells if c["cell_type"] == "markdown"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert (PLAY / f"{game}.md").exists(), f"notebooks/play/{game}.md (the MyST twin) is missing"
    puzzles = game in PUZZLE_GAMES
    assert [c["cell_type"] for c in cells] == (
        ["markdown", "code", "markdown", "code"] if puzzles else ["markdown", "code"]), \
        "title and how to play, the board" + (", the puzzles heading and line, the puzzles"
                                              if puzzles else "")
    text = "".join(md[0]["source"])
    assert text.startswith("# "), "the page opens with a one-line title"
    assert "How to play" in text
    assert len(text) < 800, "a play page says little: a title and how to play"
    _hidden_widget_cell(code[0], f"{GAMES[game]}(")
    if not puzzles:
        assert "Puzzles: coming." in text
        return
    assert "Puzzles: coming." not in text, "the puzzles are on the page now"
    heading = "".join(md[1]["source"])
    assert heading.startswith("## Puzzles\n") and len(heading) < 300, heading
    _hidden_widget_cell(code[1], "PUZZLES.widget()")
    assert f"boardkit.{game}.puzzles import PUZZLES" in "".join(code[1]["source"])


def _make_play_command(extra: list[str]) -> list[str]:
    """The command `make play` runs (dry run), with `extra` passed through PLAY_ARGS,
    on this interpreter's voila."""
    out = subprocess.run(["make", "--no-print-directory", "-n", "play", f"VENV={sys.prefix}",
                          "PLAY_ARGS=" + " ".join(extra)],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.replace("\\\n", " ").splitlines() if "voila" in l.split()[0])
    cmd = shlex.split(line)
    assert cmd[0].endswith("/voila"), cmd
    return [sys.executable, "-m", "voila", *cmd[1:]]


def test_make_play_serves_the_play_folder_with_voila():
    cmd = _make_play_command(["--port=1"])
    assert "--no-browser" in cmd and "notebooks/play" in cmd, cmd
    assert cmd[-1] == "--port=1", "PLAY_ARGS come last, so they can override"
    extras = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    lab = next(l for l in extras.splitlines() if l.startswith("lab = ["))
    assert '"voila' in lab, "voila belongs to the lab extra"
    pins = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert any(p.startswith("voila==") for p in pins), "Binder pins voila exactly"


# ---------------------------------------------------------------------- the browser
@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """`make play`'s command serving a temporary copy of notebooks/play on a free port
    (fresh Jupyter data/config/runtime folders); yields the base URL."""
    from test_browser import CHROMIUM, _free_port

    assert os.path.exists(CHROMIUM), "Debian's chromium is required (make test installs it)"
    root = tmp_path_factory.mktemp("play_root")
    shutil.copytree(PLAY, root / "notebooks" / "play",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    tmp = tmp_path_factory.mktemp("voila")
    env = dict(os.environ, JUPYTER_DATA_DIR=str(tmp / "data"),
               JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"))
    port = _free_port()
    cmd = _make_play_command(["--Voila.ip=127.0.0.1", f"--port={port}", "--show_tracebacks=True"])
    log_path = tmp / "voila.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(url + "/voila/tree", timeout=2)
                    break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        pytest.fail(f"voila did not start:\n{log_path.read_text()[-3000:]}")
                    time.sleep(0.25)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(5)


@pytest.fixture
def page(browser, request):  # noqa: F811  (the fixture imported above)
    """A headless Chromium page (the browser tests' shared Chromium), with their hard timeout
    on the whole test and a screenshot when it fails."""
    from test_browser import _guarded, _new_page

    context, pg = _new_page(browser)
    try:
        with _guarded(pg, request):
            yield pg
    finally:
        context.close()


@pytest.mark.browser
def test_checkers_play_page_takes_a_move_by_clicks_and_shows_no_code(voila, page):
    from test_browser import _cell_counts, click_cell

    page.goto(f"{voila}/voila/render/checkers.ipynb")
    board = page.locator(".boardkit-canvas [data-cell], .jp-OutputArea-output pre").first
    board.wait_for(timeout=45_000)      # Voila runs the page's notebook first
    canvas = page.locator(".boardkit-canvas").first
    assert canvas.count(), "the page shows no board:\n" + page.inner_text("body")[-1500:]

    body = page.inner_text("body")
    assert "Checkers: play against the computer" in body and "How to play" in body
    for code in ("import", "CheckersWidget(", "boardkit."):
        assert code not in body, f"code is visible on the play page: {code!r}"
    inputs = page.locator(".jp-CodeCell .jp-InputArea, .jp-InputArea-editor, .jp-CodeMirrorEditor, "
                          ".cm-editor")
    assert not any(inputs.nth(i).is_visible() for i in range(inputs.count())), "a code cell is visible"

    before = _cell_counts(canvas)
    click_cell(page, canvas, "11")                 # a black man
    click_cell(page, canvas, "15")                 # where it goes
    page.wait_for_function("() => document.body.innerText.includes('11-15')", timeout=10_000)
    deadline = time.monotonic() + 10               # the board shows it: 11 left, 15 taken
    while True:
        now = _cell_counts(canvas)
        if now.get("15", 0) > before.get("15", 0) and now.get("11", 0) < before.get("11", 0):
            break
        assert time.monotonic() < deadline, f"the board does not show 11-15: {now}"
        time.sleep(0.1)
