"""A student who does not code, on the Voila play pages only, in a real browser (issue 13).

``make play``'s own command (Voila) serves a temporary copy of notebooks/play (one server
for this module); headless Chromium (Debian's, via playwright) opens a page afresh for
every test, as a student does, and the test asserts only on what the student sees: text
in the page and the board's SVG. Every page shows no code.

1. Keyboard alone (checkers, Diamond Game): Tab reaches the board, the arrow keys move
   the focus ring to a piece, Enter picks it up (the board redraws), the arrows go on to
   the destination, Enter (checkers) or Space (Diamond) plays; the move list, the board
   and the board's aria-label show the move.
2. The Puzzles section (checkers, Diamond Game, backgammon, 回り将棋): a wrong answer by
   clicks ("Not ...", a rule ID, the position set up again, "tried 1"), the right one
   ("Right", "Solved 1 of N"), Retry (the position again), Hint, Next (puzzle 2), then Shift+Tab
   from Next back into the board and puzzle 2 solved by keyboard alone at the first try
   ("Solved 2 of N (1 at the first try)"), Next by keyboard and puzzle 3's answer typed
   into the board's text box ("Solved 3 of N (2 at the first try)"). The clicks are planned
   from the puzzle's own data on a Python copy of the puzzle widget (its first accepted
   answer; the first legal move that is not an answer, or for 回り将棋, answered by a
   square, its first trap), so the test follows the puzzles as they change. On the 回り将棋
   page first, the game board's Toss pressed by keyboard (Tab, Enter). Every point of
   every cell of the puzzle board takes a click (as the puzzle opens and with a piece
   picked up); the same on each game board (test_every_point_...).
3. The move box (checkers, Diamond Game), after the keyboard move on the same page: a move
   typed in standard notation and Enter plays it; a refused move shows the engine's message
   with its rule ID and changes nothing. A Python copy of the page's widget (the computer's
   replies are seeded) says what the move list and the board's aria-label must then show.
   Then the game's setup opened by keyboard (Tab to its button, Enter, Tab into its menus).
   Backgammon by keyboard alone too: Tab to Roll and Enter, Shift+Tab into the board, the
   play one die at a time, then Roll again and the play typed in the move box.
4. Clicks and the tutor (checkers): the Tutor switch, off by default, turned on; a move
   by two clicks (move list, board, the computer's reply) says "Tutor: fine", a move that
   leaves a man en prise gets one line naming the tip and the strongest level's move (on
   the page and in the live region a screen reader reads).

5. A projector and zoomed pages (every game): 1366x768 and 1920x1080 screens at 100, 150
   and 200 % (device_scale_factor): the board fills its width up to the window's height,
   status, board and New game fit on one screen, the smallest text is >= 14 px at 1080p.
6. A save per student (checkers): Save downloads the game, an upload resumes it.

Every test has the browser tests' hard timeout and leaves a screenshot when it fails
(``BOARDKIT_SCREENSHOTS=<dir>`` keeps one of every test).
"""
from __future__ import annotations

import html
import importlib
import math
import re
import time

import pytest
from test_browser import (  # noqa: F401  (browser is a fixture)
    _cell_counts,
    _settled_svg,
    _wait_board,
    _widget_root,
    browser,
    click_cell,
)
from test_play_pages import page, voila  # noqa: F401  (fixtures: one Voila server here)

PAGE_TIMEOUT = 60_000       # ms: Voila starts a kernel and runs the page's notebook first


# ---------------------------------------------------------------------- page helpers
def _open_page(pg, url: str, game: str, boards: int = 1):
    """Open a play page as a student does; return the game board's canvas and widget root
    once `boards` boards are on the page (a failed cell fails the test with its text)."""
    pg.goto(f"{url}/voila/render/{game}.ipynb", timeout=PAGE_TIMEOUT)   # "load" waits for the kernel
    pg.locator(".boardkit-canvas [data-cell], .jp-OutputArea-output pre, .voila-error"
                 ).first.wait_for(timeout=PAGE_TIMEOUT)
    try:
        pg.wait_for_function("(n) => document.querySelectorAll('.boardkit-canvas').length >= n",
                               arg=boards, timeout=PAGE_TIMEOUT)
    except Exception:
        pytest.fail(f"the {game} page shows fewer than {boards} boards:\n"
                    + pg.inner_text("body")[-2000:])
    _no_code(pg)
    canvas = pg.locator(".boardkit-canvas").first
    return canvas, _widget_root(canvas)


def _no_code(pg) -> None:
    """A play page shows no code: no source text, no visible code cell."""
    body = pg.inner_text("body")
    for code in ("import ", "Widget(", "boardkit.", "PUZZLES"):
        assert code not in body, f"code is visible on the play page: {code!r}"
    inputs = pg.locator(".jp-CodeCell .jp-InputArea, .jp-InputArea-editor, .jp-CodeMirrorEditor, "
                        ".cm-editor")
    assert not any(inputs.nth(i).is_visible() for i in range(inputs.count())), "a code cell is visible"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _wait_for_text(pg, root, text: str, timeout: int = 15_000) -> None:
    """Wait until `root` shows `text` (white space as the browser lays it out)."""
    try:
        pg.wait_for_function("([el, t]) => el.innerText.replace(/\\s+/g, ' ').includes(t)",
                               arg=[root.element_handle(), _norm(text)], timeout=timeout)
    except Exception:
        pytest.fail(f"the page does not show {text!r}; it shows:\n" + _norm(root.inner_text())[-1500:])


def _svg(canvas) -> str:
    """The board's SVG as drawn (without the focus ring around it)."""
    return canvas.evaluate("(el) => el.firstElementChild.innerHTML")


def _wait_svg(canvas, svg: str, why: str) -> None:
    """Wait until the board shows `svg` (the locator finds a board redrawn or replaced)."""
    deadline = time.monotonic() + 15
    while _svg(canvas) != svg:
        if time.monotonic() > deadline:
            pytest.fail(why)
        time.sleep(0.1)


def _settled_board(canvas, quiet: float = 0.4) -> str:
    _settled_svg(canvas, quiet=quiet)
    return _svg(canvas)


# ------------------------------------------------------- 1. keyboard alone, 3. the move box
def _page_widget(game: str, lang: str | None = None):
    """A Python copy of the widget the play page shows (the page's own cell): the computer's
    replies are deterministic (seeded), so the copy says what the page must show."""
    if game == "checkers":
        from boardkit.checkers.widget import CheckersWidget
        return CheckersWidget(computer=1, level="easy", lang=lang)
    from boardkit.diamond.widget import DiamondWidget
    return DiamondWidget(computer=(1, 2), level="weak", lang=lang)


def _first_move(w) -> tuple[str, str]:
    """The piece and the destination of the student's first move: checkers 11-15, Diamond
    the first step Red may play."""
    if w._game_name().startswith("checkers"):
        return "11", "15"
    move = next(m for m in w.game.legal_moves() if m.kind == "step")
    return w.move_path(move)[0], w.move_path(move)[-1]


def _focus(pg) -> dict:
    """Which board cell has the keyboard focus, whether its ring shows, and every cell's
    centre as canvas.js computes it (the union of the cell's drawn boxes)."""
    return pg.evaluate("""() => {
        const box = document.activeElement;
        if (!box || !box.classList.contains('boardkit-canvas')) return {board: false};
        const boxes = {};
        for (const e of box.querySelectorAll('[data-cell]')) {
            const r = e.getBoundingClientRect(), c = e.getAttribute('data-cell');
            if (r.width === 0 && r.height === 0) continue;
            const o = boxes[c];
            if (!o) boxes[c] = [r.left, r.top, r.right, r.bottom];
            else boxes[c] = [Math.min(o[0], r.left), Math.min(o[1], r.top),
                             Math.max(o[2], r.right), Math.max(o[3], r.bottom)];
        }
        const centres = {};
        for (const [c, b] of Object.entries(boxes)) centres[c] = [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
        const ring = box.querySelector('.boardkit-focus');
        return {board: true, cell: box.getAttribute('data-focus'), centres: centres,
                ring: !!ring && getComputedStyle(ring).display !== 'none'}; }""")


ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def _next_cell(centres: dict, cur: str, d: tuple) -> str:
    """canvas.js's rule: the nearest cell in the arrow's 90-degree cone, else the nearest
    anywhere ahead (along + 2 x across), else stay."""
    (x0, y0), (dx, dy) = centres[cur], d
    best, score, wide, wide_score = None, math.inf, None, math.inf
    for c, (x, y) in centres.items():
        if c == cur:
            continue
        along = (x - x0) * dx + (y - y0) * dy
        across = abs((x - x0) * dy - (y - y0) * dx)
        if along < 1:
            continue
        if across <= along + 0.5:
            s = math.hypot(along, across) + 0.001 * ((x - x0) * -dy + (y - y0) * dx)
            if s < score:
                best, score = c, s
        if along + 2 * across < wide_score:
            wide, wide_score = c, along + 2 * across
    return best if best is not None else wide if wide is not None else cur


def _arrow_to(pg, cell: str) -> int:
    """Press the arrow keys of a shortest key path to `cell` (planned with canvas.js's
    rule), checking the focus ring after every press; returns the number of presses."""
    f = _focus(pg)
    assert f["board"], "the board lost the keyboard focus"
    centres, start = f["centres"], f["cell"]
    assert cell in centres, f"cell {cell} is not on the board"
    paths, todo = {start: []}, [start]
    while todo and cell not in paths:
        cur = todo.pop(0)
        for key, d in ARROWS.items():
            nxt = _next_cell(centres, cur, d)
            if nxt not in paths:
                paths[nxt] = paths[cur] + [(key, nxt)]
                todo.append(nxt)
    assert cell in paths, f"cell {cell} cannot be reached by the arrow keys from {start}"
    for key, expect in paths[cell]:
        pg.keyboard.press(key)
        f = _focus(pg)
        assert f["board"] and f["cell"] == expect, f"{key} moved the focus to {f.get('cell')}, not {expect}"
        assert f["ring"], "no visible focus ring"
    return len(paths[cell])


def _tab_to_board(pg, canvas, key: str = "Tab") -> None:
    """Tab (or Shift+Tab) until the board has the focus (no mouse)."""
    for _ in range(40):
        if _focus(pg)["board"] and canvas.evaluate("(el) => el === document.activeElement"):
            return
        pg.keyboard.press(key)
    pytest.fail(f"{key} never reached the board")


def _keys(pg, canvas, cells: list[str]) -> None:
    """Answer by keyboard alone on the focused board: the arrows to each cell and Enter
    (every Enter but the last changes the board, as a click would)."""
    for i, cell in enumerate(cells):
        _arrow_to(pg, cell)
        if i + 1 < len(cells):
            _key_and_wait(pg, canvas, "Enter", f"select {cell}")
        else:
            pg.keyboard.press("Enter")


def _key_and_wait(pg, canvas, key: str, what: str) -> None:
    """Press `key` on the focused board; return once the board has redrawn."""
    before = _svg(canvas)
    pg.keyboard.press(key)
    deadline = time.monotonic() + 10
    while _svg(canvas) == before:
        if time.monotonic() > deadline:
            pytest.fail(f"{key} did not {what}: the board did not change")
        time.sleep(0.05)


def _type_move(pg, root, text: str) -> None:
    """Type into the board's move box and press Enter (the box sends on Enter)."""
    box = root.locator(".widget-text input[type='text']").first
    box.click()
    box.fill("")
    pg.keyboard.type(text)
    pg.keyboard.press("Enter")


def _shows_game(pg, root, canvas, w) -> None:
    """The page shows what the Python copy `w` shows: its move list, line by line, and
    the board's description (the aria-label a screen reader reads)."""
    for line in w.moves_text():
        _wait_for_text(pg, root, line)
    try:
        pg.wait_for_function("([el, t]) => (el.querySelector('svg') || {getAttribute: () => ''})"
                             ".getAttribute('aria-label') === t",
                             arg=[canvas.element_handle(), w.canvas.label], timeout=10_000)
    except Exception:
        pytest.fail(f"the board's description is not {w.canvas.label!r}: "
                    + str(canvas.evaluate("(el) => el.querySelector('svg').getAttribute('aria-label')")))


@pytest.mark.browser
@pytest.mark.parametrize("game", ["checkers", "diamond"])
def test_keyboard_alone_then_the_move_box_on_the_play_page(voila, page, game):  # noqa: F811
    """A move by keyboard alone (Tab, arrows, Enter picks up, Enter/Space plays), then the
    move box: a refused move names its rule and changes nothing, a typed move plays."""
    canvas, root = _open_page(page, voila, game)
    w = _page_widget(game)
    src, dst = _first_move(w)
    assert canvas.get_attribute("tabindex") == "0" and canvas.get_attribute("role") == "img"
    assert canvas.get_attribute("aria-label"), "the board has no text description"
    counts = _cell_counts(canvas)

    # 1. keyboard alone: no mouse until the move is on the board
    _tab_to_board(page, canvas)
    _arrow_to(page, src)                               # the focus ring walks to the piece
    _key_and_wait(page, canvas, "Enter", f"pick up the piece on {src}")
    assert _focus(page)["cell"] == src, "the focus did not survive the redraw"
    heard = canvas.get_attribute("aria-label")       # the focused cell by its usual name
    assert heard.endswith(f"({w.canvas.names.get(src, src)})"), heard
    assert "no moves yet" in root.inner_text(), "a move was played too early"
    _arrow_to(page, dst)
    page.keyboard.press("Enter" if game == "checkers" else " ")   # Space works as Enter
    w.click(src)
    w.click(dst)
    first = w.game.moves_played()[0]
    _wait_for_text(page, root, f"1. {first}")          # the move list has it
    _wait_board(canvas, lambda n: n.get(dst, 0) > counts.get(dst, 0)
                and n.get(src, 0) < counts.get(src, 0), f"{first} played")
    _shows_game(page, root, canvas, w)                 # and the computer's replies

    # 3. the move box: a refused move (the engine's words, with the rule), then a legal one
    bad = "9-13" if game == "checkers" else f"{str(first).split('-')[1]}-{str(first).split('-')[1]}"
    assert not w.play_text(bad), f"{bad!r} should be refused here"
    refusal = w.message
    assert re.search(r"\((CK|DG)-\d+\)", refusal), f"the refusal names no rule: {refusal}"
    before = _settled_board(canvas)
    _type_move(page, root, bad)
    _wait_for_text(page, root, html.unescape(refusal))
    assert _settled_board(canvas) == before, "a refused move changed the board"
    good = str(w.game.legal_moves()[0])
    assert w.play_text(good), good
    _type_move(page, root, good)
    _shows_game(page, root, canvas, w)
    assert _settled_board(canvas) != before, f"the board does not show {good}"
    assert _norm(refusal) not in _norm(root.inner_text()), "the old error stayed on the page"

    # the game's setup (rules, sides, level) opens by keyboard too: Tab to its button, Enter
    from boardkit.i18n import tr
    visible = "(el) => Array.from(el.querySelectorAll('select')).filter(s => s.offsetParent !== null).length"
    closed = root.evaluate(visible)
    _tab_to_button(page, root, tr("setup_title"))
    page.keyboard.press("Enter")
    page.wait_for_function(f"([el, n]) => ({visible})(el) > n", arg=[root.element_handle(), closed])
    page.keyboard.press("Tab")                          # on into the set-up controls
    assert page.evaluate("(el) => el.contains(document.activeElement) && "
                         "['SELECT', 'INPUT'].includes(document.activeElement.tagName)",
                         root.element_handle()), "Tab does not reach the set-up controls"


def _visible_button(root, words: str):
    """The button of `root` a student sees with `words` on it (a puzzle board keeps the
    game's own Hint, Undo ... hidden)."""
    return root.locator("button.jupyter-button:visible", has_text=words).first


def _tab_to_button(pg, root, words: str, key: str = "Tab") -> None:
    """Tab (or Shift+Tab) until a button of `root` saying `words` has the focus."""
    for _ in range(40):
        if pg.evaluate("([el, t]) => { const a = document.activeElement; return el.contains(a) && "
                       "a.tagName === 'BUTTON' && a.innerText.trim() === t; }",
                       [root.element_handle(), words]):
            return
        pg.keyboard.press(key)
    pytest.fail(f"{key} never reached the {words!r} button")


@pytest.mark.browser
def test_backgammon_by_keyboard_alone_then_the_move_box_on_the_play_page(voila, page):  # noqa: F811
    """Backgammon with no mouse: Tab to Roll, Enter; Shift+Tab back into the board, the
    play one die at a time (arrows to a checker, Enter, arrows to its point, Enter); the
    computer replies; Roll again by keyboard and the next play typed in the move box (a
    refused one names its rule). A Python copy of the page's widget (seeded dice) says
    what the page must show."""
    from boardkit.backgammon.widget import BackgammonWidget

    canvas, root = _open_page(page, voila, "backgammon")
    w = BackgammonWidget(computer=1, level="easy")      # the page's own cell
    _tab_to_board(page, canvas)
    _tab_to_button(page, root, "Roll")
    before = _svg(canvas)
    page.keyboard.press("Enter")                        # the opening roll
    w.roll()
    _wait_for_text(page, root, w.status)                # "White (you) to play 6-4 ..."
    assert _svg(canvas) != before, "the board does not show the dice"
    _tab_to_board(page, canvas, "Shift+Tab")
    cells = _click_plan(w, w.game.legal_moves()[0])
    _keys(page, canvas, cells)                          # e.g. 24, 18, 24, 20
    for cell in cells:
        w.click(cell)
    assert len(w.moves_text()) == 2, f"the play and the computer's reply: {w.moves_text()}"
    _shows_game(page, root, canvas, w)
    _wait_for_text(page, root, w.status)                # White to roll again

    _tab_to_button(page, root, "Roll")                  # Tab on from the board
    page.keyboard.press("Enter")
    w.roll()
    _wait_for_text(page, root, w.status)
    bad = "13/1"
    assert not w.play_text(bad), f"{bad!r} should be refused here"
    assert re.search(r"\(.*BG-\d+\)", w.message), f"the refusal names no rule: {w.message}"
    start = _settled_board(canvas)
    _type_move(page, root, bad)
    _wait_for_text(page, root, w.message)
    assert _settled_board(canvas) == start, "a refused play changed the board"
    good = str(w.game.legal_moves()[0])
    assert w.play_text(good), good
    _type_move(page, root, good)
    _shows_game(page, root, canvas, w)


# ---------------------------------------------------------------------- 4. the tutor
#: a checkers game a student plays (Black, by clicks) whose second move leaves a man en
#: prise against the page's computer (White, level easy, seeded): the tutor's tip 1
TUTOR_GAME = (("9", "13"), ("12", "16"))


@pytest.mark.browser
def test_clicks_and_the_tutor_switch_on_the_play_page(voila, page):  # noqa: F811
    """Tutor on (its checkbox), a fine move by clicks ("Tutor: fine"), then a move that
    leaves a man en prise: one line naming the tip and what the strongest level would play."""
    canvas, root = _open_page(page, voila, "checkers")
    body = page.inner_text("body")
    assert "Checkers: play against the computer" in body and "How to play" in body
    w = _page_widget("checkers")
    switch = root.locator(".widget-checkbox", has_text="Tutor").locator("input[type='checkbox']")
    assert switch.count() == 1, "no Tutor switch on the board"
    assert not switch.is_checked(), "the tutor is on by default"
    switch.check()
    w.tutor_on = True
    lines = []
    for src, dst in TUTOR_GAME:
        counts = _cell_counts(canvas)
        click_cell(page, canvas, src)                 # a black man
        click_cell(page, canvas, dst)                 # where it goes
        w.click(src)
        w.click(dst)
        lines.append(w.tutor_line)
        _shows_game(page, root, canvas, w)            # the move and the computer's reply
        if not lines[1:]:                             # the board shows the first move
            _wait_board(canvas, lambda n: n.get(dst, 0) > counts.get(dst, 0)
                        and n.get(src, 0) < counts.get(src, 0), f"{src}-{dst} played")
        _wait_for_text(page, root, w.tutor_line)
    assert lines[0].startswith("Tutor: fine"), lines
    assert lines[-1].startswith("Tutor: ") and "fine" not in lines[-1], \
        f"the tutor has nothing to say about {TUTOR_GAME[-1]} any more: pick another bad move ({lines})"
    assert re.search(r"[Tt]ip \d", lines[-1]), f"the tutor's line names no tip: {lines[-1]}"
    assert _norm(lines[0]) not in _norm(root.inner_text()), "the old tutor line stayed"
    # the live region a screen reader reads out says it too
    page.wait_for_function("([el, t]) => Array.from(el.querySelectorAll('.boardkit-live'))"
                           ".some(e => e.textContent.includes(t))",
                           arg=[root.element_handle(), lines[-1]], timeout=10_000)


# ---------------------------------------------------------------------- 2. the puzzles
def _puzzles(game: str):
    return importlib.import_module(f"boardkit.{game}.puzzles").PUZZLES


def _click_plan(board, move) -> list[str]:
    """The cells a student clicks for `move` on the puzzle's board: a dice game's play
    one step at a time (the checker, then where it goes), else the piece and its
    destination (checkers: every square of a chain; the board takes the only way on)."""
    if hasattr(move, "steps"):                          # backgammon's Play
        from boardkit.backgammon.widget import _cell
        r = board.game.roller
        return [c for a, b in move.steps for c in (_cell(a, r), _cell(b, r))]
    path = board.move_path(move)
    return [path[0], path[-1]] if board.click_mode == "destination" else list(path)


def _rehearse(game: str, index: int, right: bool, wrong_first: bool = False):
    """On a Python copy of the page's puzzle widget: the clicks for puzzle `index`'s first
    accepted answer (right) or its first legal move that is not an answer, cut where the
    board has judged the move; and the feedback and score the widget then shows."""
    from boardkit.puzzles import PuzzleWidget

    puzzles = _puzzles(game)
    w = PuzzleWidget(puzzles, start=index)
    p = puzzles[index]

    def plan_cells(cells, what=None):
        clicks, tried = [], w.attempts[index]
        for cell in cells:
            clicks.append(cell)
            w.board.click(cell)
            if w.attempts[index] > tried:
                return clicks
        pytest.fail(f"clicking {clicks} on {game} puzzle {index + 1} did not answer {what or cells}")

    def plan(move):
        return plan_cells(_click_plan(w.board, move), move)

    mod = importlib.import_module(f"boardkit.{game}.puzzles")
    if hasattr(mod, "click_answer"):
        # answered by a cell (回り将棋): the accepted square; a trap (a tempting wrong
        # square, its reason naming the rule)
        assert p.traps, f"{game} puzzle {index + 1} has no trap to try"
        right_cell, trap = mod.board_cell(p.accepted[0]), mod.board_cell(p.traps[0][0])
        if wrong_first:
            plan_cells([trap])
        clicks = plan_cells([right_cell if right else trap])
        return clicks, w.feedback, w.score_text(), p
    moves = p.make_game().legal_moves()
    if wrong_first:
        plan(next(m for m in moves if not p.is_accepted(m)))
    if right:
        move = next(m for m in moves if p.is_accepted(m))
    else:
        wrong = [m for m in moves if not p.is_accepted(m)]
        assert wrong, f"{game} puzzle {index + 1} has no legal wrong move to try"
        move = wrong[0]
    clicks = plan(move)
    return clicks, w.feedback, w.score_text(), p


#: every point of every cell's own shape (a 5 x 5 grid over its box, kept where the shape
#: is filled): the cell the browser finds under the point (a click there), when not the cell
HIT_TEST = """(el) => {
    const out = {points: 0, misses: []}, seen = new Set();
    for (const e of el.querySelectorAll('[data-cell]')) {
        const c = e.getAttribute('data-cell');
        if (!(e instanceof SVGGeometryElement) || seen.has(c)) continue;
        seen.add(c);                                   // the cell's own (first) shape
        const r = e.getBoundingClientRect(), m = e.getScreenCTM();
        if (r.width < 4 || r.height < 4 || !m) continue;
        const inv = m.inverse();
        for (let i = 1; i < 6; i++) for (let j = 1; j < 6; j++) {
            const x = r.left + r.width * i / 6, y = r.top + r.height * j / 6;
            if (!e.isPointInFill(new DOMPoint(x, y).matrixTransform(inv))) continue;
            out.points += 1;
            const hit = document.elementFromPoint(x, y), got = hit && hit.closest('[data-cell]');
            if (!got || got.getAttribute('data-cell') !== c)
                out.misses.push(`${c}: ${hit ? hit.tagName : 'nothing'}` +
                                (got ? ` of ${got.getAttribute('data-cell')}` : ' (no cell)'));
        }
    }
    return out; }"""


def _cells_take_clicks(canvas, what: str) -> None:
    """Every point of every cell takes the click (a decoration drawn over a cell without
    data-cell, e.g. a cross or a badge, would swallow it: the student clicks, nothing
    happens)."""
    canvas.scroll_into_view_if_needed()
    r = canvas.evaluate(HIT_TEST)
    assert r["points"] > 50, f"{what}: too few cell points sampled ({r['points']})"
    misses = sorted(set(r["misses"]))
    assert not misses, (f"{what}: {len(r['misses'])} of {r['points']} points of the board's cells "
                        f"do not take a click: {misses[:8]}")


def _clicks(pg, canvas, cells: list[str], what: str = "") -> None:
    """Click the cells in turn; every click but the last changes the board (a piece picked
    up, a step made); the last one answers (a wrong answer may leave the board as it was:
    the caller waits for the feedback). With `what`, every cell takes the click at each
    step (with a piece picked up the board draws its targets and marks)."""
    for cell in cells[:-1]:
        click_cell(pg, canvas, cell)
        if what:
            _cells_take_clicks(canvas, f"{what} after {cell}")
    _settled_svg(canvas)
    target = canvas.locator(f'[data-cell="{cells[-1]}"]').first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box, f"cell {cells[-1]} is not on the board"
    pg.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.mark.browser
@pytest.mark.parametrize("game", ["checkers", "diamond", "backgammon", "mawari"])
def test_every_point_of_a_cell_takes_a_click_on_the_game_board(voila, page, game):  # noqa: F811
    """A click anywhere on a cell reaches it: on the game board as the page opens, and with
    a piece picked up (its targets and marks drawn). (The puzzle boards are checked in the
    puzzles test.)"""
    canvas, _ = _open_page(page, voila, game)
    for pick in {"checkers": [None, "11"], "diamond": [None, _first_move(_page_widget(game))[0]]
                 }.get(game, [None]):
        if pick is not None:
            click_cell(page, canvas, pick)
        # (QA 18/31/32, fixed by svg.pass_clicks: the bear-off tray's divider, the cross on
        # a forbidden hole, the player badge took the click)
        _cells_take_clicks(canvas, f"the {game} board" + (f" with {pick} picked up" if pick else ""))


PUZZLE_PAGES = ["checkers", "diamond", "backgammon", "mawari"]


@pytest.mark.browser
@pytest.mark.parametrize("game", PUZZLE_PAGES)
def test_solve_the_puzzles_on_the_play_page_by_clicks_and_keys(voila, page, game):  # noqa: F811
    puzzles = _puzzles(game)
    total = len(puzzles)
    game_canvas, game_root = _open_page(page, voila, game, boards=2)
    if game == "mawari":
        # the game board above the puzzles (no other test plays it in Voila): Tab to Toss,
        # Enter; the tosses (P1's and the computer's) are in the move list as the seeded
        # Python copy of the page's widget says
        from boardkit.mawari.widget import MawariWidget
        w = MawariWidget(computer=1)
        _tab_to_board(page, game_canvas)
        _tab_to_button(page, game_root, "Toss")
        page.keyboard.press("Enter")
        w.roll()
        _shows_game(page, game_root, game_canvas, w)
    board = page.locator(".boardkit-canvas").nth(1)     # the puzzle's board
    root = _widget_root(board)                           # the puzzle widget
    _wait_for_text(page, root, f"Puzzle 1 of {total}: {puzzles[0].title} ({puzzles[0].rule})")
    _wait_for_text(page, root, f"Goal: {puzzles[0].goal}")
    _wait_for_text(page, root, f"Solved 0 of {total} (0 at the first try), tried 0.")
    start = _settled_board(board)
    _cells_take_clicks(board, f"{game} puzzle 1")

    # a legal move that is not the answer: the rule is named, the position set up again
    clicks, feedback, score, p = _rehearse(game, 0, right=False)
    _clicks(page, board, clicks, f"{game} puzzle 1")
    assert feedback.startswith("Not ") and "set up again" in feedback, feedback
    assert re.search(r"\([A-Z]{2}-\d+\)", feedback), f"the feedback names no rule: {feedback}"
    _wait_for_text(page, root, feedback)
    _wait_for_text(page, root, score)
    assert f"Solved 0 of {total}" in score and "tried 1" in score, score
    assert _settled_board(board) == start, "the position was not set up again after the wrong move"

    # the right move: Right, and the score line counts it
    clicks, feedback, score, _ = _rehearse(game, 0, right=True, wrong_first=True)
    _clicks(page, board, clicks)
    assert feedback.startswith("Right"), feedback
    _wait_for_text(page, root, feedback)
    _wait_for_text(page, root, f"Solved 1 of {total} (0 at the first try), tried 1.")
    solved = _settled_board(board)
    assert solved != start, "the board does not show the answer"

    # Retry: the same puzzle, its position again
    _visible_button(root, "Retry").click()
    _wait_svg(board, start, "Retry did not set the position up again")
    _wait_for_text(page, root, f"Puzzle 1 of {total}")
    assert "Right" not in root.inner_text(), "Retry left the old feedback"
    _visible_button(root, "Hint").click()               # the puzzle's hint, in words
    first = puzzles[0]
    _wait_for_text(page, root, f"Hint: {first.hint}" if first.hint else first.rule)

    # Next: puzzle 2, solved at the first try by keyboard alone
    _visible_button(root, "Next").click()
    _wait_for_text(page, root, f"Puzzle 2 of {total}: {puzzles[1].title} ({puzzles[1].rule})")
    _wait_for_text(page, root, f"Goal: {puzzles[1].goal}")
    board = page.locator(".boardkit-canvas").nth(1)      # a fresh board for each puzzle
    assert _settled_board(board) != start, "Next did not set up the next position"
    clicks, feedback, _, _ = _rehearse(game, 1, right=True)
    _tab_to_board(page, board, "Shift+Tab")             # from Next back into the board
    _keys(page, board, clicks)                          # answered by keyboard alone
    assert feedback.startswith("Right"), feedback
    _wait_for_text(page, root, feedback)
    _wait_for_text(page, root, f"Solved 2 of {total} (1 at the first try), tried 2.")

    # Next by keyboard (Tab from the board to Next, Enter); puzzle 3's answer typed into
    # the board's text box (a move in the game's notation; 回り将棋: the square's name)
    _tab_to_button(page, root, "Next")
    page.keyboard.press("Enter")
    third = puzzles[2]
    _wait_for_text(page, root, f"Puzzle 3 of {total}: {third.title} ({third.rule})")
    from boardkit.puzzles import PuzzleWidget
    w = PuzzleWidget(puzzles, start=2)
    assert w.board.play_text(third.accepted[0]) and w.feedback.startswith("Right"), w.feedback
    _type_move(page, root, third.accepted[0])
    _wait_for_text(page, root, w.feedback)
    _wait_for_text(page, root, f"Solved 3 of {total} (2 at the first try), tried 3.")


# ------------------------------------------------------------- 5. a projector, zoomed pages
#: screens (device pixels) and zooms: the page's CSS viewport is the screen / the zoom
SCREENS = [(1366, 768), (1920, 1080)]
ZOOMS = [1, 1.5, 2]
#: CSS px: the smallest text on the board (square numbers, hole and point names) on a 1080p
#: screen at 100 %, read from the back of a classroom
PROJECTOR_FONT_PX = 14

_BOARD_FIGURES = """(c) => {
    const s = c.querySelector('svg'), r = s.getBoundingClientRect(), vb = s.viewBox.baseVal;
    const k = r.width / vb.width;
    const fonts = [...s.querySelectorAll('text')].filter(t => t.textContent.trim())
        .map(t => parseFloat(getComputedStyle(t).fontSize) * k);
    const root = c.closest('.widget-vbox');
    const below = [...root.querySelectorAll('button')].filter(b => b.offsetParent !== null &&
        /New game|新しいゲーム/.test(b.innerText));
    return {width: r.width, height: r.height, top: r.top, bottom: r.bottom,
            given: c.parentElement.getBoundingClientRect().width, aspect: vb.width / vb.height,
            natural: parseFloat(s.getAttribute('width')), font: Math.min(...fonts),
            buttons: below.length ? below[0].getBoundingClientRect().bottom : null,
            status: root.querySelector('[role=status]').getBoundingClientRect().top,
            view: innerHeight}; }"""


@pytest.mark.browser
@pytest.mark.parametrize("zoom", ZOOMS)
@pytest.mark.parametrize("game", ["checkers", "diamond", "backgammon", "mawari"])
def test_the_board_fills_a_projector_screen_and_fits_zoomed(voila, browser, request,  # noqa: F811
                                                            game, zoom):
    """On a 1366x768 and a 1920x1080 screen at 100, 150 and 200 % (device_scale_factor;
    the page's CSS viewport is the screen divided by the zoom): the board is as wide as its
    place on the page, or as the window's height allows; scrolled to its status line, the
    status, the whole board (the Diamond player's own camp at its bottom) and the New game
    button are in view at once; at 1080p and 100 % its smallest text is >= 14 px."""
    from test_browser import _guarded

    from boardkit.widgets.canvas import SvgCanvas
    reserve, least = SvgCanvas.reserve.default_value, SvgCanvas.min_width.default_value
    context = browser.new_context(viewport={"width": round(SCREENS[0][0] / zoom),
                                            "height": round(SCREENS[0][1] / zoom)},
                                  device_scale_factor=zoom)
    pg = context.new_page()
    pg.set_default_timeout(PAGE_TIMEOUT)
    try:
        with _guarded(pg, request):
            canvas, root = _open_page(pg, voila, game, boards=2)
            for width, height in SCREENS:
                view = (round(width / zoom), round(height / zoom))
                pg.set_viewport_size({"width": view[0], "height": view[1]})
                root.evaluate("(el) => el.querySelector('[role=status]').scrollIntoView({block: 'start'})")
                pg.wait_for_timeout(300)
                f = canvas.evaluate(_BOARD_FIGURES)
                where = f"{game} at {width}x{height}, {zoom * 100:.0f} %: {f}"
                # it fills the width it is given, up to what the window's height allows
                allowed = min(f["given"], max(least, (f["view"] - reserve) * f["aspect"]))
                assert abs(f["width"] - allowed) <= 2, where
                assert f["width"] > 0.5 * f["given"] or f["height"] >= f["view"] - reserve - 2, where
                # scrolled to the widget: status, board and buttons on one screen
                assert f["status"] >= -1 and f["top"] >= 0, where
                assert f["bottom"] <= f["view"] + 1, where
                assert f["buttons"] is not None and f["buttons"] <= f["view"] + 1, where
                if (width, height, zoom) == (1920, 1080, 1):
                    assert f["font"] >= PROJECTOR_FONT_PX, where
                    assert f["width"] >= 1.5 * f["natural"], where
                keep = __import__("os").environ.get("BOARDKIT_SCREENSHOTS")
                if keep:
                    pg.screenshot(path=f"{keep}/projector_{game}_{width}x{height}_{zoom}.png")
    finally:
        context.close()


# -------------------------------------------------------------- the student's record
@pytest.mark.browser
def test_download_my_record_from_a_play_page(voila, page, tmp_path):  # noqa: F811
    """Checkers page: under the puzzles, a name typed and one click on "Download my record":
    the browser downloads boardkit_record_<name>.json, which records.loads reads (the
    name inside), and the page says where it went."""
    from boardkit import records
    _open_page(page, voila, "checkers", boards=2)          # the game's board and the puzzle's
    root = page.locator("body")
    name_box = root.locator("input[placeholder='for your teacher']").first
    name_box.scroll_into_view_if_needed()
    name_box.fill("Aiko")
    name_box.press("Tab")
    with page.expect_download(timeout=15_000) as got:
        _visible_button(root, "Download my record").click()
    download = got.value
    assert download.suggested_filename == "boardkit_record_Aiko.json"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    rec = records.load(saved)
    assert rec.student == "Aiko" and rec.puzzles == {}
    _wait_for_text(page, root, "Hand this file in to your teacher")


# -------------------------------------------------------------- 6. a save per student
@pytest.mark.browser
def test_save_downloads_the_game_and_an_upload_resumes_it(voila, page, tmp_path):  # noqa: F811
    """Checkers page (its title on the browser tab too): two moves by clicks (with the
    computer's replies), then Game setup → Save: the browser downloads a file (the page says
    so beside the button), whose game is the one on the board; New game; the file chosen
    with "Resume from a file" brings the same position and move list back."""
    import json
    canvas, root = _open_page(page, voila, "checkers")
    page.wait_for_function("() => document.title === 'Checkers: play against the computer'")
    w = _page_widget("checkers")
    for src, dst in TUTOR_GAME[:2]:
        click_cell(page, canvas, src)
        click_cell(page, canvas, dst)
        w.click(src)
        w.click(dst)
        _shows_game(page, root, canvas, w)
    moves = w.moves_text()
    _visible_button(root, "Game setup").click()
    with page.expect_download(timeout=15_000) as got:
        _visible_button(root, "Save (download)").click()
    download = got.value
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert saved.name == w.save_file_name()
    assert json.loads(saved.read_text(encoding="utf-8")) == json.loads(w.game.to_json(indent=1))
    _wait_for_text(page, root, "your browser downloads " + saved.name)
    _visible_button(root, "New game").click()
    w.new_game()
    _shows_game(page, root, canvas, w)
    with page.expect_file_chooser(timeout=15_000) as chooser:
        _visible_button(root, "Resume from a file").click()
    chooser.value.set_files(str(saved))
    _wait_for_text(page, root, f"Resumed from your file {saved.name}")
    w.resume_text(saved.read_bytes(), saved.name)
    assert w.moves_text() == moves
    _shows_game(page, root, canvas, w)


@pytest.mark.browser
@pytest.mark.parametrize("game", ["checkers", "diamond"])
def test_the_japanese_play_page_by_keyboard_then_by_clicks(voila, page, game):  # noqa: F811
    """notebooks/play/ja/<game>: a Japanese title and how to play, no code; the first move
    by keyboard alone, the second by two clicks; the move list, the board's description and
    the messages are the Japanese copy's, and no English line shows."""
    from boardkit.i18n import tr
    canvas, root = _open_page(page, voila, f"ja/{game}")
    title = tr(f"page.{game}.title", "ja")
    assert page.locator("h1", has_text=title).count() == 1, page.inner_text("body")[:300]
    assert "How to play" not in page.inner_text("body")
    w = _page_widget(game, "ja")
    src, dst = _first_move(w)
    counts = _cell_counts(canvas)
    _tab_to_board(page, canvas)
    _arrow_to(page, src)
    _key_and_wait(page, canvas, "Enter", f"pick up the piece on {src}")
    _arrow_to(page, dst)
    page.keyboard.press("Enter")
    w.click(src)
    w.click(dst)
    _wait_board(canvas, lambda n: n.get(dst, 0) > counts.get(dst, 0)
                and n.get(src, 0) < counts.get(src, 0), "the first move played")
    _shows_game(page, root, canvas, w)                 # the move list and the description
    move = next(m for m in w.game.legal_moves() if len(w.move_path(m)) == 2)
    a, b = w.move_path(move)
    click_cell(page, canvas, a)
    click_cell(page, canvas, b)
    w.click(a)
    w.click(b)
    _shows_game(page, root, canvas, w)
    text = root.inner_text()
    assert "の番" in text or "勝ち" in text, text[-300:]
    assert not re.search(r"\b(to move|wins|Hint|Undo|New game)\b", text), text[-300:]
