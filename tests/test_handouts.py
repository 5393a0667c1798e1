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
        if m.group(1).strip() != "Your score":
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
    # the answers of the solutions notebook: on the teacher's page, not before it
    _, solved = mh.parse_exercises(ROOT / "exercises" / "solutions" / f"{game}.md")
    n = 0
    for ex in solved:
        for kind, src in ex.items:
            if kind != "answer":
                continue
            for rhs in mh.answer_texts(src):
                code = rhs.partition("#")[0].strip()
                n += 1
                shown = code.strip("\"'")
                esc = html.escape(shown)
                assert esc in teacher, f"{game}: answer {code} not on the teacher's page"
                # short answers (4, 40, [2]) and True/False (the hint names both) occur anywhere
                if len(shown) >= 4 and shown not in ("True", "False"):
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
