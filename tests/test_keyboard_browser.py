"""Keyboard alone (issue 13, boards for every student): in JupyterLab in headless
Chromium, a checkers board is reached with Tab, the arrow keys move the focus ring to
square 11, Enter picks the man up, the arrows go on to 15, Enter plays 11-15; the move
list shows it. No mouse. Then White's reply is typed into the move box (Enter), and a
wrong move typed there is refused with its rule.
Reuses the servers/browser helpers of tests/test_browser.py. The same on the Voila play
pages (checkers, Diamond Game, backgammon, and every game's puzzles):
tests/test_browser_play.py."""
from __future__ import annotations

import contextlib
import json
import math
import signal
import sys
import threading
import time

import pytest
from test_browser import (  # noqa: F401  (browser is a fixture)
    SERVER_ARGS,
    _canvas,
    _make_lab_command,
    _open,
    _run_last_cell,
    _start,
    _wait_text,
    _wait_up,
    _widget_root,
    browser,
)

HARD_TIMEOUT = 60          # seconds for the whole test, whatever hangs
NOTEBOOK = "keyboard.ipynb"
CELL = "from boardkit.checkers.widget import CheckersWidget\nCheckersWidget()"


@pytest.fixture(scope="module")
def keyboard_lab(tmp_path_factory):
    root = tmp_path_factory.mktemp("kb_root")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                     "source": CELL}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / NOTEBOOK).write_text(json.dumps(nb), encoding="utf-8")
    cmd = [a for a in _make_lab_command(SERVER_ARGS + ["--LabApp.expose_app_in_browser=True"])
           if not a.startswith(("--ServerApp.root_dir", "--LabApp.default_url"))]
    cmd.append(f"--ServerApp.root_dir={root}")
    with contextlib.ExitStack() as stack:
        yield _wait_up(*_start(cmd, root, tmp_path_factory.mktemp("kb"), stack))


@contextlib.contextmanager
def _hard_timeout(seconds: int):
    def _alarm(signum, frame):
        raise TimeoutError(f"the keyboard test took more than {seconds} s")
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _focus(page) -> dict:
    """Which board cell has the keyboard focus, and where every cell's centre is."""
    return page.evaluate("""() => {
        const box = document.activeElement;
        if (!box || !box.classList.contains('boardkit-canvas')) return {board: false};
        const centres = {};
        for (const e of box.querySelectorAll('[data-cell]')) {
            const r = e.getBoundingClientRect(), c = e.getAttribute('data-cell');
            if (!(c in centres)) centres[c] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
        }
        const ring = box.querySelector('.boardkit-focus');
        return {board: true, cell: box.getAttribute('data-focus'), centres: centres,
                ring: ring && getComputedStyle(ring).display !== 'none'}; }""")


KEYS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def _next(centres: dict, cur: str, d: tuple) -> str:
    """canvas.js's rule: the nearest cell inside the arrow's 90-degree cone."""
    (x0, y0), (dx, dy) = centres[cur], d
    best, score = cur, float("inf")
    for c, (x, y) in centres.items():
        along = (x - x0) * dx + (y - y0) * dy
        across = abs((x - x0) * dy - (y - y0) * dx)
        if c == cur or along < 1 or across > along + 0.5:
            continue
        s = math.hypot(along, across) + 0.001 * ((x - x0) * -dy + (y - y0) * dx)
        if s < score:
            best, score = c, s
    return best


def _arrow_to(page, cell: str) -> int:
    """Press the arrow keys of a shortest key path to `cell` (planned with canvas.js's
    rule), checking the focus ring after every press; returns the number of presses."""
    f = _focus(page)
    assert f["board"], "the board lost the keyboard focus"
    centres, start = f["centres"], f["cell"]
    paths, todo = {start: []}, [start]
    while todo and cell not in paths:
        cur = todo.pop(0)
        for key, d in KEYS.items():
            nxt = _next(centres, cur, d)
            if nxt not in paths:
                paths[nxt] = paths[cur] + [(key, nxt)]
                todo.append(nxt)
    assert cell in paths, f"square {cell} cannot be reached by arrows from {start}"
    for key, expect in paths[cell]:
        page.keyboard.press(key)
        f = _focus(page)
        assert f["board"] and f["cell"] == expect, f"{key} moved the focus to {f.get('cell')}, not {expect}"
        assert f["ring"], "no visible focus ring"
    return len(paths[cell])


@pytest.mark.browser
def test_play_11_15_by_keyboard_alone(keyboard_lab, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        with _hard_timeout(HARD_TIMEOUT):
            page.goto(f"{keyboard_lab}/lab?reset")
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell")
            page.evaluate("() => { window.jupyterapp.restored.then(() => { window._restored = true; }); }")
            page.wait_for_function("() => window._restored === true")
            _open(page, NOTEBOOK)
            _run_last_cell(page, NOTEBOOK)
            canvas = _canvas(page)
            root = _widget_root(canvas)
            assert canvas.get_attribute("tabindex") == "0" and canvas.get_attribute("role") == "img"
            assert "checkers board" in canvas.get_attribute("aria-label")
            assert root.locator("[aria-live='polite']").count() >= 1
            page.keyboard.press("Escape")               # command mode: the keys are the page's
            for _ in range(60):                         # Tab until the board has the focus
                if _focus(page)["board"]:
                    break
                page.keyboard.press("Tab")
            assert _focus(page)["board"], "Tab never reached the board"
            _arrow_to(page, "11")
            before = canvas.inner_html()
            page.keyboard.press("Enter")                # the man on 11 is picked up
            deadline = time.monotonic() + 10            # the board redraws with its targets
            while canvas.inner_html() == before and time.monotonic() < deadline:
                time.sleep(0.05)
            assert canvas.inner_html() != before, "Enter on 11 did not select the man"
            assert _focus(page)["cell"] == "11", "the focus did not survive the redraw"
            _arrow_to(page, "15")
            page.keyboard.press("Enter")                # 11-15
            _wait_text(page, root, "11-15")             # the move list has it
            page.wait_for_function("(el) => (el.getAttribute('aria-label') || '').includes('11-15')",
                                   arg=canvas.element_handle())
            # White's reply typed into the move box (Enter sends it), then a wrong one
            box = root.locator(".widget-text input[type='text']").first
            box.focus()
            page.keyboard.type("22-18")
            page.keyboard.press("Enter")
            _wait_text(page, root, "22-18")
            box.focus()
            page.keyboard.type("9-13")                  # Black must capture 15x22 (CK-06)
            page.keyboard.press("Enter")
            _wait_text(page, root, "CK-06")
            # the live region a screen reader reads out says it too
            page.wait_for_function("(el) => el.innerText !== undefined && "
                                   "(el.querySelector('.boardkit-live') || {}).textContent"
                                   "?.includes('CK-06')", arg=root.element_handle())
    except Exception:
        with contextlib.suppress(Exception):
            print("screenshot:", page.screenshot(path="/tmp/keyboard_browser.png") and
                  "/tmp/keyboard_browser.png", file=sys.stderr)
        raise
    finally:
        context.close()
