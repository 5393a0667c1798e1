"""The printable handouts (tools/handouts.py, `make handouts`; issue 13).

The HTML of all four games is built into a temporary folder (fast, no browser); one
test prints one PDF with Debian's chromium (marked ``browser``). The games with board
puzzles (boardkit/<game>/puzzles.py) get a puzzles page (each puzzle's board, title, rule
and goal, no answer) and, after the teacher's page, the puzzles' answer sheet."""
from __future__ import annotations

import html
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("checkers", "diamond", "backgammon", "mawari")
CHROMIUM = Path("/usr/bin/chromium")


def _tool():
    spec = importlib.util.spec_from_file_location("handouts",
                                                  ROOT / "tools" / "handouts.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("handouts", mod)
    spec.loader.exec_module(mod)
    return mod


mh = _tool()


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    out = tmp_path_factory.mktemp("handouts")
    return {g: mh.write_html(g, out).read_text(encoding="utf-8") for g in GAMES}


def _split(page: str) -> tuple[str, str]:
    """(everything before the teacher's page, the teacher's page)."""
    head, sep, teacher = page.partition("<section class='teacher-page'>")
    assert sep, "no teacher's page"
    return head, teacher


def _rule_ids(game: str) -> list[str]:
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    return re.findall(r"^##\s+([A-Z]{2}-\d+)\b", text, flags=re.M)


def _questions(path: Path) -> list[tuple[str, str]]:
    """(heading, first sentence of its question) of each exercise in a MyST file."""
    text = path.read_text(encoding="utf-8")
    out = []
    for m in re.finditer(r"^## (.+)\n\n(.+)$", text, flags=re.M):
        if m.group(1).strip() not in ("Your score", "Hand in your record",   # not questions
                                      "成績", "記録を提出する"):
            out.append((m.group(1).strip(), m.group(2).strip()))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_appears(pages, game):
    ids = _rule_ids(game)
    assert len(ids) >= 10
    for rid in ids:
        assert f"id='{rid}'" in pages[game], f"{game}: rule {rid} missing from the handout"


@pytest.mark.parametrize("game", GAMES)
def test_boards_are_inline_svg(pages, game):
    students, _ = _split(pages[game])
    boards = students.partition("<section class='exercises-page")[0]
    assert boards.count("<svg") >= 3, f"{game}: fewer than 3 key boards"
    assert "board unavailable" not in pages[game], f"{game}: an exercise cell failed"
    for tag in ("<script", "<input", "<button", "vnd.jupyter.widget"):     # no widgets
        assert tag not in pages[game], f"{game}: {tag} in a printed page"


@pytest.mark.parametrize("game", GAMES)
def test_questions_here_answers_on_the_teacher_page_only(pages, game):
    students, teacher = _split(pages[game])
    questions = _questions(ROOT / "exercises" / f"{game}.md")
    assert questions, f"{game}: no exercises found"
    for title, first_line in questions:
        assert mh.inline(title) in students, f"{game}: exercise {title!r} missing"
        words = mh.inline(first_line)[:40]
        assert words in students, f"{game}: question of {title!r} missing"
    # the answers of the solutions notebook, as a student writes them: on the teacher's
    # page, not before it
    _, solved = mh.parse_exercises(ROOT / "exercises" / "solutions" / f"{game}.md")
    ns: dict = {}
    mh.run_cell(mh.parse_exercises(ROOT / "exercises" / f"{game}.md")[0], ns)
    n = 0
    for ex in solved:
        for kind, src in ex.items:
            if kind != "answer":
                continue
            for rhs in mh.answer_texts(src):
                code = rhs.partition("#")[0].strip()
                n += 1
                shown = mh.plain(eval(code, dict(ns)))
                esc = html.escape(shown)
                assert f"<b>{esc}</b>" in teacher, f"{game}: answer {code} not on the teacher's page"
                # short answers (4, 40, 2) and yes/no occur anywhere
                if len(shown) >= 4:
                    assert esc not in students, \
                        f"{game}: answer {code} shown before the teacher's page"
    assert n >= 4
    assert teacher.count("<li>") == len(questions)
    assert "class='line'" in students and "class='line'" not in teacher
    exercises = students.partition("<section class='exercises-page")[2]
    assert not re.search(r">(White|Red) \d+ pips<", exercises), "pip counts give answers away"


def test_page_is_print_ready(pages):
    page = pages["mawari"]
    assert "size: A4" in page and "break-before: page" in page
    assert page.index("IPAexGothic") < page.index("Noto Sans CJK JP")
    assert "寝かし" in page and "Laying down" in page         # Japanese with the English
    assert page.count("<section") == (6 if mh.puzzles_of("mawari") else 4)
    assert "toss the four golds" not in page, "a board's on-screen toss button printed"


def _between(page: str, start: str, end: str | None = None) -> str:
    assert start in page, f"no {start!r}"
    rest = page.partition(start)[2]
    return rest.partition(end)[0] if end else rest


@pytest.mark.parametrize("game", GAMES)
def test_puzzles_page_then_answer_sheet_at_the_end(pages, game):
    puzzles = mh.puzzles_of(game)
    if game == "mawari" and not puzzles:
        pytest.skip("boardkit/mawari/puzzles.py has no puzzles yet")
    assert len(puzzles) >= 10
    page = pages[game]
    assert page.count("<section") == 6
    students, teacher = _split(page)
    sheet = _between(page, "<section class='puzzle-answers-page'>")
    assert page.index("<section class='puzzles-page") < page.index("<section class='teacher-page'>") \
        < page.index("<section class='puzzle-answers-page'>"), "puzzles, answers, puzzle answers"
    section = _between(students, "<section class='puzzles-page")
    assert section.count("class='puzzle'") == len(puzzles)
    assert section.count("<svg") == len(puzzles), "one board per puzzle"
    assert section.count("class='line'") == len(puzzles), "a line to write each move on"
    for k, p in enumerate(puzzles, 1):
        assert f"{k}. {mh.inline(p.title)}" in section and f"({p.rule})" in section
        assert mh.inline(mh.paper_goal(p.goal)) in section, f"{game}: goal of {p.title!r} missing"
        assert "lick" not in mh.paper_goal(p.goal), f"{game}: 'click' on paper: {p.goal}"
        for move in p.accepted:
            assert f"<code>{html.escape(move)}</code>" in sheet, f"{game}: answer {move} not on the sheet"
            # the words, not the boards nor the goals (a goal may name a square, e.g. a home)
            text = re.sub(r"<svg.*?</svg>", "", section, flags=re.S)
            for q in puzzles:
                text = text.replace(mh.inline(mh.paper_goal(q.goal)), "")
            assert not re.search(rf"(?<![\w/-]){re.escape(html.escape(move))}(?![\w/-])", text), \
                f"{game}: answer {move} on the puzzles page"
        assert mh.inline(p.why) in sheet and mh.inline(p.why) not in students
    assert sheet.count("<tr>") == len(puzzles) + 1


@pytest.mark.browser
def test_one_pdf_with_chromium(tmp_path):
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is absent (make browser-deps installs it)")
    html_path = mh.write_html("checkers", tmp_path)
    pdf = mh.write_pdf(html_path, timeout=90)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    pages = len(re.findall(rb"/Type\s*/Page(?!s)", data))
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert pages >= 2


# ---------------------------------------------------------------- paper

PT_MM = 25.4 / 72


def _luminance(colour: str) -> float:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    named = {"white": "ffffff", "black": "000000"}
    c = named.get(colour, c)
    rgb = [int(c[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_helper():
    assert round(_contrast("#000", "#fff"), 1) == 21.0
    assert _contrast("#f6e7cc", "#a8744a") < 4.5          # the screen colours fail on paper


def _attr(a, name):
    m = re.search(rf'\s{name}="([^"]*)"', a)
    return m.group(1) if m else None


LABEL = re.compile(r"^(\d{1,2}|[a-q]\d{1,2}|[1-9一二三四五六七八九])$")


@pytest.mark.parametrize("game", GAMES)
def test_board_labels_readable_on_paper(pages, game):
    """Every board on a student page has a printed width in mm; its square / point / hole
    names are at least 8 pt, black on a white halo (contrast >= 4.5:1), and drawn last,
    on top of the pieces."""
    students, _ = _split(pages[game])
    svgs = re.findall(r"<svg.*?</svg>", students, flags=re.S)
    assert len(svgs) >= 8
    n_labels = 0
    for svg in svgs:
        head = re.match(r"<svg([^>]*)>", svg).group(1)
        width = _attr(head, "width")
        assert width and width.endswith("mm"), f"{game}: a board with no printed size"
        mm_per_unit = float(width[:-2]) / float(_attr(head, "viewBox").split()[2])
        layer = svg.partition('<g class="paper-labels">')[2]
        # (a board drawn without names has no layer; the check below sees it has none)
        assert not layer or layer.rstrip().endswith("</g></svg>"), "the labels are not drawn last"
        for a, text in re.findall(r"<text([^>]*)>([^<]*)</text>", layer):
            n_labels += 1
            pt = float(_attr(a, "font-size")) * mm_per_unit / PT_MM
            assert pt >= 8, f"{game}: label {text} is {pt:.1f} pt"
            assert _contrast(_attr(a, "fill"), _attr(a, "stroke")) >= 4.5
            assert float(_attr(a, "stroke-width")) >= 0.2 * float(_attr(a, "font-size"))
            assert _attr(a, "paint-order") == "stroke"
        # no square name left under the pieces, outside the layer
        below = svg.partition('<g class="paper-labels">')[0]
        for a, text in re.findall(r"<text([^>]*)>([^<]*)</text>", below):
            if _attr(a, "fill") in mh.LABEL_FILLS[game]:
                raise AssertionError(f"{game}: label {text} under the pieces")
    assert n_labels >= 100


PYTHON = re.compile(r'[{}\[\]]|\w=|==|\bex\.|\bTrue\b|\bFalse\b|(?<![/\w])[A-Za-z_]\w*\('
                    r'|_[a-z]|in quotes|place of \.\.\.')


@pytest.mark.parametrize("game", GAMES)
def test_no_python_on_student_pages(pages, game):
    students, teacher = _split(pages[game])
    for part in (students, teacher):
        text = re.sub(r"<svg.*?</svg>|<style>.*?</style>|<[^>]+>", " ", part, flags=re.S)
        text = html.unescape(text)
        hits = sorted({m.group(0) for m in PYTHON.finditer(text)} - {"(" "e.g."})
        # "X(" from the rule IDs in brackets "(CK-06)" is fine: only word( counts
        hits = [h for h in hits if not re.fullmatch(r"[A-Z]{2}\(", h)]
        assert not hits, f"{game}: Python on a page: {hits}"
    for code in re.findall(r"<code>(.*?)</code>", students):
        assert mh.is_notation(html.unescape(code)), f"{game}: code on a student page: {code}"
    assert "tests/" not in teacher, "test file names on the teacher's page"


def test_is_notation():
    for ok in ("11-15", "15x24x31", "24/18 13/11", "bar/22", "8/5(2)", "g5", "up up down side", "K"):
        assert mh.is_notation(ok), ok
    for bad in ('{"e5", "f6"}', "ex.ILLEGAL_CANDIDATES", "no_forced", "Fraction", "[2]",
                '"e7:g7"', "CheckersRules.american()", "kings=False"):
        assert not mh.is_notation(bad), bad


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_words_on_paper(pages, game):
    for rid, body in re.findall(r"<div class='rule' id='([A-Z]{2}-\d+)'><h3>.*?</h3>(.*?)</div>",
                                pages[game], flags=re.S):
        assert re.sub(r"<[^>]+>", "", body).strip(), f"{game}: rule {rid} has no words on paper"


@pytest.mark.parametrize("game", GAMES)
def test_name_line_and_page_numbers_on_every_page(pages, game):
    css = re.search(r"<style>(.*?)</style>", pages[game], flags=re.S).group(1)
    page = css.partition("@page { @top-left")[2].partition("@page teacher")[0]   # page_css
    assert re.search(r"@top-right\s*\{[^}]*content:\s*\"Name: _+", page), "no name line"
    assert 'counter(page) " of " counter(pages)' in page, "no page numbers"
    assert re.search(r'@page teacher \{ @top-right \{ content: "For the teacher', css)
    assert re.search(r"\.teacher-page, \.puzzle-answers-page[^{]*\{\s*page: teacher;", css)


def test_mawari_square_names_explained_before_they_are_needed(pages):
    page = pages["mawari"]
    names = page.index("<p class='names'>")
    assert names < page.index("<section class='exercises-page")
    # the engine's naming: track index 0 is 1九, 8 is 1一, 16 is 9一, 24 is 9九 (MS-01)
    from boardkit.mawari import notation
    for index, square in ((0, "1九"), (8, "1一"), (16, "9一"), (24, "9九")):
        assert notation.square_name(index) == square
    box = re.search(r"<p class='names'>(.*?)</p>", page).group(1)
    assert "1九 is the bottom-right corner" in box and "9九 the bottom-left" in box
    exercises = page.partition("<section class='exercises-page")[2]
    assert "<p class='names'>" in exercises.partition("<div class='exercise")[0]


def test_committed_pdfs_are_current(pages):
    """handouts/<game>.pdf is printed from today's HTML: the manifest records the HTML's
    SHA-256 (rebuilt here) and the PDF's (so a PDF cannot change without the manifest).
    Run `python tools/handouts.py --publish` when this fails."""
    import hashlib
    import json
    manifest = json.loads((ROOT / "handouts" / "MANIFEST.json").read_text())
    assert sorted(manifest) == sorted(p.name for p in (ROOT / "handouts").glob("*.pdf"))
    for name, page in [*((f"{g}.pdf", pages[g]) for g in GAMES),
                       *((f"{g}_quiz.pdf", mh.build_quiz_html(g)) for g in GAMES)]:
        entry = manifest[name]
        assert entry["html_sha256"] == mh.digest(page), \
            f"handouts/{name} is stale: run python tools/handouts.py --publish"
        pdf = (ROOT / "handouts" / name).read_bytes()
        assert pdf.startswith(b"%PDF") and hashlib.sha256(pdf).hexdigest() == entry["pdf_sha256"]


@pytest.mark.parametrize("game", GAMES)
def test_printable_quiz(game):
    """Seven questions for the students (boards with readable names, no answers), then
    the answers on a teacher's page of its own."""
    page = mh.build_quiz_html(game)
    students, sep, teacher = page.partition("<section class='quiz-answers-page'>")
    assert sep and students.count("data-question=") == 7
    assert students.count("class='line'") == 14
    assert teacher.count("<li>") == 7 and "class='line'" not in teacher
    assert re.search(r"\.quiz-answers-page\s*\{\s*page: teacher;", page)
    words = re.sub(r"<svg.*?</svg>|<style>.*?</style>", "", students, flags=re.S)
    for q in mh.quiz_questions(game):
        assert mh.inline(q.answer) in teacher
        if len(q.answer) >= 4:
            assert mh.inline(q.answer) not in words
    text = html.unescape(re.sub(r"<svg.*?</svg>|<style>.*?</style>|<[^>]+>", " ", page, flags=re.S))
    assert not PYTHON.search(text), f"{game}: Python in the quiz: {PYTHON.search(text).group(0)}"
    for svg in re.findall(r"<svg.*?</svg>", students, flags=re.S):
        head = re.match(r"<svg([^>]*)>", svg).group(1)
        mm = float(_attr(head, "width")[:-2]) / float(_attr(head, "viewBox").split()[2])
        for a, _ in re.findall(r"<text([^>]*)>([^<]*)</text>", svg.partition("paper-labels")[2]):
            assert float(_attr(a, "font-size")) * mm / PT_MM >= 8


def test_quiz_answers_are_the_engines():
    from boardkit.checkers import CheckersGame
    qs = mh.quiz_questions("checkers")
    assert qs[0].answer.startswith(f"{32 - len(CheckersGame().pieces())} ")
    assert qs[2].answer.startswith("11x18:")
    assert "13x22x31, 19x28" in qs[3].answer and qs[4].answer.startswith("2: 1-5, 1-6")
    assert [q.board is not None for q in qs] == [False, True, True, True, True, False, False]
    assert mh.quiz_questions("diamond")[4].answer.startswith("f4, f9")
    assert mh.quiz_questions("backgammon")[0].answer.startswith("167 each")
    assert mh.quiz_questions("mawari")[0].answer.startswith("16 ")


def test_backgammon_boards_are_light_on_paper(pages):
    """No big dark area on a printed backgammon board (the screen's felt and frame are
    near-black in greyscale, luminance about 0.05-0.09): every large rectangle is light."""
    students, _ = _split(pages["backgammon"])
    svgs = re.findall(r"<svg.*?</svg>", students, flags=re.S)
    assert svgs
    for svg in svgs:
        for a in re.findall(r"<rect([^>]*)>", svg):
            w, h, fill = _attr(a, "width"), _attr(a, "height"), _attr(a, "fill")
            if w and h and fill and fill.startswith("#") and float(w) * float(h) > 20_000:
                assert _luminance(fill) > 0.2, f"a dark area {fill} ({w} x {h})"


def test_diamond_colours_differ_by_more_than_shade_on_paper(pages):
    """On a black-and-white printer the Diamond colours differ by fill and pattern, not
    shade alone: red pieces black, yellow white, green striped (a pattern the board
    defines), each with its shape mark; the rules page says so. No screen colour of a
    piece is left on a student page."""
    from boardkit.diamond.draw import MARKS, PIECE_COLOURS
    students, _ = _split(pages["diamond"])
    svgs = re.findall(r"<svg.*?</svg>", students, flags=re.S)
    fills = {PIECE_COLOURS[c][0]: mh.DIAMOND_PAPER[PIECE_COLOURS[c][0]] for c in ("red", "yellow", "green")}
    assert len(set(fills.values())) == 3 and "url(#dg-stripes)" in fills.values()
    seen = set()
    for svg in svgs:
        assert not any(f'fill="{screen}"' in svg for screen in fills), "a screen colour on paper"
        for paper in fills.values():
            if f'fill="{paper}" stroke=' in svg:
                seen.add(paper)
        if "url(#dg-stripes)" in svg:
            assert '<pattern id="dg-stripes"' in svg, "the stripes' pattern is defined on the board"
    assert seen == set(fills.values()), "every colour appears on some board"
    names = students.partition("<p class='names'>")[2].partition("</p>")[0]
    for colour, look in (("red", "black"), ("yellow", "white"), ("green", "striped")):
        assert re.search(rf"<b>{colour}</b> pieces are {look} with a (white )?{MARKS[colour]}", names)


# ------------------------------------------------------------- the Japanese handouts
@pytest.fixture(scope="module")
def pages_ja(tmp_path_factory):
    out = tmp_path_factory.mktemp("handouts_ja")
    return {g: mh.write_html(g, out, lang="ja").read_text(encoding="utf-8") for g in GAMES}


def _english_words(part: str) -> list[str]:
    """Runs of English words on a Japanese page (boards, styles and notation aside)."""
    text = html.unescape(re.sub(r"<svg.*?</svg>|<style>.*?</style>|<code>.*?</code>|<[^>]+>",
                                " ", part, flags=re.S))
    return re.findall(r"\b[A-Za-z]{3,}(?:\s+[A-Za-z]{3,}){2,}", text)


@pytest.mark.parametrize("game", GAMES)
def test_the_japanese_handout_is_the_same_handout_in_japanese(pages_ja, pages, game):
    """Every rule ID with its Japanese title and words, the Japanese exercises' questions
    with lines to write on, their answers on the teacher's page only, the same boards and
    puzzles as the English handout, and no English sentence."""
    page = pages_ja[game]
    assert "<html lang='ja'>" in page
    for rid in _rule_ids(game):
        assert f"id='{rid}'" in page, f"{game}: {rid} missing"
    assert page.count("<svg") == pages[game].count("<svg"), "the same boards"
    assert page.count("class='puzzle'") == pages[game].count("class='puzzle'")
    students, teacher = _split(page)
    questions = _questions(ROOT / "exercises" / "ja" / f"{game}.md")
    assert questions, f"{game}: no Japanese exercises found"
    for title, _first in questions:
        assert mh.inline(title) in students, f"{game}: exercise {title!r} missing"
    assert teacher.count("<li>") == len(questions) == _split(pages[game])[1].count("<li>")
    assert "class='line'" in students and "class='line'" not in teacher
    assert "(no stored answer)" not in teacher and "解答の記録なし" not in teacher
    english = _english_words(page)
    assert not english, f"{game}: English on the Japanese handout: {english[:5]}"
    css = re.search(r"@page \{ @top-left.*", page, flags=re.S).group(0)
    assert "名前：" in css and "ページ" in css and "先生用" in css


@pytest.mark.parametrize("game", GAMES)
def test_the_japanese_quiz_asks_the_same_and_answers_the_same_numbers(game):
    page = mh.build_quiz_html(game, "ja")
    students, sep, teacher = page.partition("<section class='quiz-answers-page'>")
    assert sep and students.count("data-question=") == 7 and teacher.count("<li>") == 7
    assert not _english_words(page), _english_words(page)[:5]
    for en, ja in zip(mh.quiz_questions(game), mh.quiz_questions(game, "ja")):
        # every number of the English answer (the engine's counts) is in the Japanese one
        numbers = set(re.findall(r"\d+", en.answer))
        assert numbers <= set(re.findall(r"\d+", ja.answer)), (en.answer, ja.answer)
        assert (en.board is None) == (ja.board is None)


def test_committed_japanese_pdfs_are_current(pages_ja):
    """handouts/ja/<game>.pdf and <game>_quiz.pdf are printed from today's Japanese HTML."""
    import hashlib
    import json
    folder = ROOT / "handouts" / "ja"
    manifest = json.loads((folder / "MANIFEST.json").read_text())
    assert sorted(manifest) == sorted(p.name for p in folder.glob("*.pdf"))
    for name, page in [*((f"{g}.pdf", pages_ja[g]) for g in GAMES),
                       *((f"{g}_quiz.pdf", mh.build_quiz_html(g, "ja")) for g in GAMES)]:
        assert manifest[name]["html_sha256"] == mh.digest(page), \
            f"handouts/ja/{name} is stale: run python tools/handouts.py --publish"
        pdf = (folder / name).read_bytes()
        assert pdf.startswith(b"%PDF") and hashlib.sha256(pdf).hexdigest() == manifest[name]["pdf_sha256"]


def test_building_a_japanese_handout_leaves_the_language_as_it_was(pages_ja):
    from boardkit import language
    assert language() == "en"
