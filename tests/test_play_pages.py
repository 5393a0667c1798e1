"""The play pages (notebooks/play/<game>.ipynb): a board and its buttons, no code.

Static checks: every game has its page; each page is two code cells, hidden
(``jupyter.source_hidden``) and short: the game's widget with ``page=True`` (its title and
how to play, in the page's language, with words about sides that follow the board and its
seats), then the puzzles heading (``page_heading``) and ``PUZZLES.widget()``; ``make play``
serves the folder with Voila.

The fixtures here serve the browser tests of the pages (tests/test_browser_play.py: a
student on the pages, by clicks, keyboard, the move box and the puzzles): ``voila`` runs
``make play``'s own command (Voila) on a temporary copy of notebooks/play on 127.0.0.1,
``page`` is a headless Chromium page (Debian's, via playwright) with a hard timeout and a
screenshot when the test fails (its path is printed; ``BOARDKIT_SCREENSHOTS=<dir>`` keeps
one always).
"""
from __future__ import annotations

import json
import os
import pathlib
import re
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
#: the games whose page ends with their board puzzles (boardkit.<game>.puzzles): all four
PUZZLE_GAMES = {"checkers", "backgammon", "diamond", "mawari"}


#: each edition's play pages: English in notebooks/play, Japanese in notebooks/play/ja (the
#: same two cells after the language line), with the words their stored pages must show
EDITIONS = {"en": (PLAY, "How to play", "<h2>Puzzles</h2>"),
            "ja": (PLAY / "ja", "遊び方", "<h2>パズル</h2>")}
LANGUAGE_LINE = 'from boardkit import set_language; set_language("ja")'


def _cells(game: str, lang: str = "en") -> list[dict]:
    return json.loads((EDITIONS[lang][0] / f"{game}.ipynb").read_text(encoding="utf-8"))["cells"]


# ---------------------------------------------------------------------- static checks
def _hidden_widget_cell(cell: dict, call: str) -> None:
    """A code cell hidden in JupyterLab too, short, calling `call` and storing the widget."""
    assert cell["metadata"].get("jupyter", {}).get("source_hidden") is True, \
        "the code cell is hidden in JupyterLab too (metadata jupyter.source_hidden)"
    source = "".join(cell["source"])
    assert len(source.splitlines()) <= 3 and call in source, source
    shown = [o for o in cell["outputs"] if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert shown, "the stored output is the widget (execute: make notebook NB=...)"


@pytest.mark.parametrize("lang", EDITIONS)
@pytest.mark.parametrize("game", GAMES)
def test_play_page_is_its_board_and_its_puzzles_in_hidden_cells(game, lang):
    """Two hidden cells: the board with its page's title and how to play (``page=True``:
    the words come from the catalogue, in the page's language), then the puzzles heading
    and line (``page_heading``) with ``PUZZLES.widget()``. No markdown: its words could not
    follow the language or the board. The Japanese page is the same after its language line."""
    folder, how_to_play, puzzles = EDITIONS[lang]
    cells = _cells(game, lang)
    assert (folder / f"{game}.md").exists(), f"{folder}/{game}.md (the MyST twin) is missing"
    english = [("".join(c["source"]), c["metadata"]) for c in _cells(game)]
    mine = [("".join(c["source"]).replace(LANGUAGE_LINE + "\n", "", 1 if lang == "ja" else 0),
             c["metadata"]) for c in cells]
    assert mine == english, "the Japanese page is the English one after its language line"
    if lang == "ja":
        assert "".join(cells[0]["source"]).startswith(LANGUAGE_LINE)
    assert [c["cell_type"] for c in cells] == ["code", "code"], "the board, the puzzles"
    _hidden_widget_cell(cells[0], f"{GAMES[game]}(")
    assert "page=True" in "".join(cells[0]["source"])
    html_out = "".join("".join(o["data"]["text/html"]) for o in cells[0]["outputs"]
                       if "text/html" in o.get("data", {}))
    assert "<h1>" in html_out and how_to_play in html_out, "the stored page has its title"
    _hidden_widget_cell(cells[1], "PUZZLES.widget()")
    source = "".join(cells[1]["source"])
    assert f"boardkit.{game}.puzzles import PUZZLES" in source and f'page_heading("{game}")' in source
    stored = "".join("".join(o.get("data", {}).get("text/html", "")) for o in cells[1]["outputs"])
    assert puzzles in stored


def _page_board(game: str, **kw):
    from boardkit.widgets.base import GameWidget  # noqa: F401
    cls = _widgets()[game][0]
    return cls(computer=1, page=True, **kw)


@pytest.mark.parametrize("game", GAMES)
def test_a_play_page_speaks_japanese_when_asked(game):
    """Under BOARDKIT_LANG=ja (set_language("ja")) the page's title, how to play and the
    puzzles heading are Japanese; the same calls speak English otherwise."""
    from boardkit import i18n
    from boardkit.widgets.base import page_heading
    before = i18n.language()
    try:
        i18n.set_language("ja")
        board = _page_board(game)
        ja, tab = board.intro_html.value, board.canvas.page_title
        ja_heading = page_heading(game).data
    finally:
        i18n.set_language(before)
    en = _page_board(game).intro_html.value
    assert "How to play" in en and "Buttons" in en
    assert "遊び方" in ja and "How to play" not in ja and "Buttons" not in ja
    title = re.search(r"<h1>(.*?)</h1>", ja).group(1)
    assert title == i18n.tr(f"page.{game}.title", lang="ja") != i18n.tr(f"page.{game}.title", lang="en")
    assert tab == title, "the browser tab's title is the page's"
    assert "パズル" in ja_heading and "Puzzles" not in ja_heading and "Solve" not in ja_heading
    # every word of the page's text is Japanese (the game's own terms and the button names aside)
    words = re.findall(r"[A-Za-z]{3,}", re.sub(r"<[^>]+>", " ", ja))
    assert set(words) <= {"MS", "DG"}, words


def test_after_flip_the_page_says_where_each_side_is():
    """The checkers page says "you are Black (at the top)" as it opens; after Flip it says
    "at the bottom", as the board and the orientation line do; Flip again, the top."""
    w = _page_board("checkers")
    assert "you are Black (at the top), the computer plays White" in w.intro_html.value
    assert "squares 1-12 at the top" in w.orientation_text()
    w.flip_button.click()
    assert "you are Black (at the bottom)" in w.intro_html.value
    assert "at the top" not in w.intro_html.value
    assert "Black at the bottom" in w.orientation_text()
    w.flip_button.click()
    assert "you are Black (at the top)" in w.intro_html.value


@pytest.mark.parametrize("game", GAMES)
def test_the_page_says_who_plays_which_side_as_the_seats_change(game):
    w = _page_board(game)
    for seat in w.seat_controls[1:]:
        seat.value = "computer"
    names = w.player_names
    assert re.search(rf"you are {names[0]}( \(at the \w+\))?, the computer plays {names[1]}",
                     w.intro_html.value), w.intro_html.value
    w.seat_controls[1].value = "human"
    assert "take turns" in w.intro_html.value and "the computer plays" not in w.intro_html.value
    w.seat_controls[0].value = "computer"
    w.seat_controls[1].value = "computer"
    assert "the computer plays every side" in w.intro_html.value


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


CULL = "--MappingKernelManager."


def test_make_play_serves_the_play_folder_with_voila():
    cmd = _make_play_command(["--port=1"])
    assert "--no-browser" in cmd and "notebooks/play" in cmd, cmd
    # a closed or reloaded page's kernel is culled (Voila 0.5 never stops it itself)
    assert any(a.startswith(f"{CULL}cull_idle_timeout=") for a in cmd), cmd
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
    # Voila 0.5 keeps a page's kernel after the page is closed (its shutdown beacon is
    # refused, '_xsrf' missing: voila issue #1458); `make play` culls it after 5 idle
    # minutes, the tests after 20 s (an open page's kernel is never culled). An option
    # may be given only once: make play's own cull options are replaced.
    cmd = [a for a in _make_play_command(["--Voila.ip=127.0.0.1", f"--port={port}",
                                          "--show_tracebacks=True"])
           if not a.startswith(CULL)]
    cmd += [f"{CULL}cull_idle_timeout=20", f"{CULL}cull_interval=5"]
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


# ------------------------------------------------------------ the page's language
def test_boardkit_lang_starts_a_page_in_japanese():
    """BOARDKIT_LANG=ja (a Voila server or class hub) makes every board start in Japanese,
    with no code cell; unset it stays English."""
    code = ("from boardkit import i18n; from boardkit.checkers.widget import CheckersWidget; "
            "w = CheckersWidget(); print(i18n.language(), w.new_button.description)")
    env = {k: v for k, v in os.environ.items() if k != "BOARDKIT_LANG"}
    run = lambda extra: subprocess.run([sys.executable, "-c", code], env={**env, **extra},  # noqa: E731
                                       capture_output=True, text=True, timeout=120)
    ja = run({"BOARDKIT_LANG": "ja_JP.UTF-8"})
    assert ja.returncode == 0, ja.stderr
    from boardkit.i18n import tr
    assert ja.stdout.split() == ["ja", tr("new_game", lang="ja")] != ["ja", "New game"]
    en = run({})
    assert en.stdout.split()[0] == "en" and "New game" in en.stdout


@pytest.mark.parametrize("value,lang", [("ja", "ja"), ("EN", "en"), ("ja-JP", "ja"), ("", "en"),
                                        ("  ", "en")])
def test_language_from_env_reads_the_language_part(value, lang):
    from boardkit.i18n import language_from_env
    assert language_from_env({"BOARDKIT_LANG": value}) == lang


def test_language_from_env_refuses_an_unknown_language_by_name():
    from boardkit import BoardkitError
    from boardkit.i18n import language_from_env
    with pytest.raises(BoardkitError, match="BOARDKIT_LANG must be one of"):
        language_from_env({"BOARDKIT_LANG": "jp"})


# ------------------------------------------------ settings that say when they apply
def _widgets():
    from boardkit.backgammon.widget import BackgammonWidget
    from boardkit.checkers.widget import CheckersWidget
    from boardkit.diamond.widget import DiamondWidget
    from boardkit.mawari.widget import MawariWidget
    return {"checkers": (CheckersWidget, "rules", "international"),
            "diamond": (DiamondWidget, "pieces", 10),
            "backgammon": (BackgammonWidget, None, None),
            "mawari": (MawariWidget, "corner_jump", False)}


@pytest.mark.parametrize("game", ["checkers", "diamond", "mawari"])
def test_a_changed_rule_says_it_applies_at_new_game(game):
    cls, name, value = _widgets()[game]
    w = cls(computer=1)
    assert not w.settings_pending and w.pending_html.value == ""
    before = w.game.rules
    w.options[name].value = value
    assert w.game.rules == before                       # not applied yet ...
    assert w.settings_pending and "apply at New game" in w.pending_html.value
    rows = [c for c in w.children if w.new_button in getattr(c, "children", ())]
    assert rows and w.pending_html in rows[0].children     # beside the New game button
    w.new_button.click()
    assert not w.settings_pending and w.game.rules != before   # ... and New game applies it


def test_a_view_option_redraws_at_once_and_says_nothing():
    from boardkit.diamond.widget import DiamondWidget
    w = DiamondWidget()
    w.options["palette"].value = "okabe-ito"
    w.options["hole_names"].value = True
    assert not w.settings_pending


# ------------------------------------------------------------- a save per student
@pytest.mark.parametrize("game", GAMES)
def test_save_downloads_and_an_upload_resumes_writing_nothing_on_the_server(game, tmp_path,
                                                                          monkeypatch):
    """The Save button offers the game as a browser download (no file on the server, so
    students sharing one play server or Binder never touch each other's saves); the
    message beside the button says where it went; uploading that file resumes the same
    position; a bad upload says why and changes nothing."""
    monkeypatch.chdir(tmp_path)
    w = _page_board(game)
    w.seat_controls[1].value = "human"            # two people: every move is ours to make
    g = w.game
    for _ in range(6):
        if g.is_over():
            break
        if g.chance_pending():
            g.resolve_chance(w.rng)
        else:
            g.play(g.legal_moves()[0])
    w._refresh()
    saved_position = g.to_json()
    w.save_button.click()
    name, text = w.downloader.last
    assert name.startswith(f"{game}_game") and name.endswith(".json")
    assert text and json.loads(text)["game"] == g.name
    assert list(tmp_path.iterdir()) == [], "Save wrote a file on the server"
    assert "Downloads" in w.save_html.value and name in w.save_html.value
    w.new_game()
    assert w.game.to_json() != saved_position
    w.upload.value = ({"name": name, "type": "application/json", "size": len(text),
                       "content": memoryview(text.encode("utf-8")),
                       "last_modified": __import__("datetime").datetime(2026, 1, 1)},)
    assert w.game.to_json() == saved_position and f"Resumed from your file {name}" in w.message
    assert w.upload.value == (), "the upload is cleared, so the same file can be chosen again"
    before = w.game.to_json()
    for bad in (b"\xff\xfe{", b"[" * 100, b'{"game": "chess"}', b"x" * 1_000_001):
        assert not w.resume_text(bad, "bad.json")
        assert "could not resume" in w.message and w.game.to_json() == before
    assert list(tmp_path.iterdir()) == []


def test_boardkit_lang_ja_gives_the_page_a_japanese_title_with_no_code():
    """The page's own cell, unchanged, under BOARDKIT_LANG=ja (a Voila server started so)."""
    code = ("from boardkit.checkers.widget import CheckersWidget; "
            "print(CheckersWidget(computer=1, level='easy', page=True).intro_html.value)")
    env = {k: v for k, v in os.environ.items() if k != "BOARDKIT_LANG"}
    out = subprocess.run([sys.executable, "-c", code], env={**env, "BOARDKIT_LANG": "ja"},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "<h1>チェッカー: コンピューターと対局</h1>" in out.stdout and "遊び方" in out.stdout
    assert "あなたは黒（上側）" in out.stdout


# ------------------------------------------------------------- the student's record
def _page_puzzles(game: str):
    """The puzzles widget exactly as the page's second cell makes it."""
    import importlib
    return importlib.import_module(f"boardkit.{game}.puzzles").PUZZLES.widget()


@pytest.mark.parametrize("game", sorted(PUZZLE_GAMES))
def test_a_play_page_downloads_the_students_record_with_one_click(game, tmp_path, monkeypatch):
    """Under the puzzles: a name box and one "Download my record" button. The click hands
    the browser a file (nothing written on the server) that ``records.loads`` reads back,
    with the student's name and the puzzles tried (one wrong try, then solved); the line
    beside it says where the file went and what it holds."""
    from boardkit import records
    from boardkit.puzzles import _clicks
    cells = _cells(game)
    assert "PUZZLES.widget()" in "".join(cells[1]["source"]), "the page's puzzles make the control"
    monkeypatch.chdir(tmp_path)
    records.reset()
    try:
        w = _page_puzzles(game)
        assert w.record_button.description == "Download my record"
        assert w.record_button in w.children[-1].children[0].children, "the button is on the page"
        assert w.children[-1].layout.display != "none"
        p = w.puzzle
        if _clicks(game):
            w.click(p.accepted[0])
        else:
            w.board.play(p.accepted[0])
        assert w.done
        w.name_box.value = " Aiko Sato "
        w.record_button.click()
        name, text = w.downloader.last
        assert name == "boardkit_record_Aiko_Sato.json"
        rec = records.loads(text, where=name)
        assert rec.student == "Aiko Sato"
        key = f"{w.puzzles.name}/{p.title}"
        assert rec.puzzles[key]["solved"] and rec.puzzles[key]["tried"] == 1
        assert rec.puzzles[key]["rules"] == [p.rule]
        assert "Downloads" in w.record_html.value and name in w.record_html.value
        assert "1 puzzles you tried, 1 solved" in w.record_html.value
        assert list(tmp_path.iterdir()) == [], "the download wrote a file on the server"
    finally:
        records.reset()


def test_the_record_control_speaks_the_pages_language():
    from boardkit import i18n, records
    before = i18n.language()
    records.reset()
    try:
        i18n.set_language("ja")
        w = _page_puzzles("checkers")
        w.record_button.click()
        ja = (w.record_button.description, w.name_box.description, w.record_html.value)
    finally:
        i18n.set_language(before)
        records.reset()
    assert ja[0] == "記録をダウンロード" and ja[1] == "名前:"
    assert "ダウンロード" in ja[2] and "boardkit_record_student.json" in ja[2]
    assert not re.findall(r"[A-Za-z]{3,}", re.sub(r"<[^>]+>|\S+\.json|var\([^)]*\)", " ", ja[2]))
    assert records.loads(w.downloader.last[1]).puzzles == {}



def test_the_diamond_page_names_every_hole_the_move_list_writes():
    """The Diamond page labels every hole (``labels=True``), pieces included: after a few
    rounds with the computers, every hole the move list names (where a piece came from
    is under a piece now, or was) is written on the board, and each piece keeps its mark."""
    from boardkit.diamond import geometry as B
    cells = _cells("diamond")
    assert "labels=True" in "".join(cells[0]["source"])
    w = _page_board("diamond", labels=True)
    for _ in range(3):
        g = w.game
        assert w.play_text(str(g.legal_moves()[0])), w.message
    lines = w.moves_text()
    holes = set(re.findall(r"\b[a-q]\d{1,2}\b", " ".join(lines)))
    assert len(lines) >= 2 and len(holes) >= 6
    named = set(re.findall(r">([a-q]\d{1,2})</text>", w.canvas.svg))
    assert holes <= named, sorted(holes - named)
    assert named == {B.label(h) for h in w.game.holes()}
