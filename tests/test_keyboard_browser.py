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
from test_browser_play import _arrow_to, _focus  # canvas.js's arrow rule, written once

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
