"""The teacher's guide (docs/teacher_guide.md) stays complete and its links stay valid.

- every notebook in notebooks/ (top level) and every exercise notebook (exercises/ and
  its subfolders) is linked from the guide by a relative link, and has a Binder launch
  link;
- every play page (notebooks/play/*.ipynb) is linked and has a Binder link that opens it
  in Voila (``urlpath=voila/render/notebooks/play/<game>.ipynb``);
- the lessons that show board puzzles (a code cell naming ``PUZZLES``) are named in the
  guide's "Board puzzles" section, with the rule IDs of the puzzles they show;
- every relative link in the guide points to a file or folder that exists, and every
  in-page anchor (#...) names a heading of the guide.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "teacher_guide.md"
GUIDE_JA = ROOT / "docs" / "teacher_guide.ja.md"     # the Japanese edition's guide
BINDER = "https://mybinder.org/v2/gh/boardkit/boardkit/HEAD?urlpath=lab/tree/"
BINDER_VOILA = "https://mybinder.org/v2/gh/boardkit/boardkit/HEAD?urlpath=voila/render/"
PLAY_PAGES = sorted((ROOT / "notebooks" / "play").glob("*.ipynb"))
PLAY_PAGES_JA = sorted((ROOT / "notebooks" / "play" / "ja").glob("*.ipynb"))

# [text](target) with a target that has no spaces; an optional "title" is ignored
LINK = re.compile(r"\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def _guide_text(guide: Path = GUIDE) -> str:
    assert guide.is_file(), f"{guide.relative_to(ROOT)} is missing"
    return guide.read_text(encoding="utf-8")


def _notebooks(lang: str = "en") -> list[Path]:
    """One edition's lessons and exercises: the Japanese ones are under ja/."""
    if lang == "ja":
        lessons = sorted((ROOT / "notebooks" / "ja").glob("*.ipynb"))
        exercises = sorted((ROOT / "exercises" / "ja").rglob("*.ipynb"))
    else:
        lessons = sorted((ROOT / "notebooks").glob("*.ipynb"))
        exercises = sorted(p for p in (ROOT / "exercises").rglob("*.ipynb") if "ja" not in p.parts)
    return [p for p in lessons + exercises if ".ipynb_checkpoints" not in p.parts]


def _links(text: str) -> list[str]:
    # links inside code spans and fenced blocks are examples, not links
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    return LINK.findall(text)


def _relative(target: str) -> bool:
    return not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) and not target.startswith("#")


def _slug(heading: str) -> str:
    """The anchor GitHub and JupyterLab give a heading (lowercase, punctuation dropped,
    spaces to hyphens)."""
    heading = re.sub(r"[`*_]", "", heading.strip()).lower()
    kept = "".join(ch for ch in heading
                   if ch in " -" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def _linked_files(text: str) -> set[Path]:
    """The files a guide links (both guides are in docs/)."""
    out = set()
    for target in _links(text):
        if _relative(target):
            path = unquote(target.split("#", 1)[0])
            out.add((GUIDE.parent / path).resolve())
    return out


def test_there_are_notebooks_to_cover():
    nbs = _notebooks()
    assert any(p.parent.name == "notebooks" for p in nbs)
    assert any("exercises" in p.parts for p in nbs)


EDITIONS = [(GUIDE, nb) for nb in _notebooks()] + [(GUIDE_JA, nb) for nb in _notebooks("ja")]


def _id(item) -> str:
    return f"{item[0].name}:{item[1].relative_to(ROOT)}"


@pytest.mark.parametrize("item", EDITIONS, ids=_id)
def test_every_notebook_is_linked(item):
    guide, nb = item
    linked = _linked_files(_guide_text(guide))
    assert nb.resolve() in linked, (
        f"{guide.name} does not link {nb.relative_to(ROOT)} "
        f"(add it to its unit and to the time table, e.g. [{nb.name}](../{nb.relative_to(ROOT).as_posix()}))")


@pytest.mark.parametrize("item", [i for i in EDITIONS if "solutions" not in i[1].parts], ids=_id)
def test_every_notebook_has_a_binder_link(item):
    guide, nb = item
    url = BINDER + nb.relative_to(ROOT).as_posix()
    assert url in _guide_text(guide), f"{guide.name} has no Binder launch link {url}"


@pytest.mark.parametrize("guide", [GUIDE, GUIDE_JA], ids=lambda p: p.name)
def test_relative_links_point_to_existing_files(guide):
    text = _guide_text(guide)
    missing = []
    for target in _links(text):
        if not _relative(target):
            continue
        path = unquote(target.split("#", 1)[0])
        if path and not (GUIDE.parent / path).exists():
            missing.append(target)
    assert not missing, f"{guide.name} links to missing files: {missing}"


@pytest.mark.parametrize("guide", [GUIDE, GUIDE_JA], ids=lambda p: p.name)
def test_anchors_name_headings(guide):
    text = _guide_text(guide)
    body = re.sub(r"```.*?```", "", text, flags=re.S)
    slugs = {_slug(h) for h in re.findall(r"(?m)^#{1,6}\s+(.+?)\s*$", body)}
    bad = [t for t in _links(text) if t.startswith("#") and t[1:] not in slugs]
    assert not bad, f"{guide.name} has anchors with no heading: {bad}"


def test_checks_catch_a_missing_file_and_a_missing_notebook(tmp_path):
    """The helpers see a broken link and an unlinked notebook (guards the test itself)."""
    text = "see [x](../notebooks/99_missing.ipynb) and `[y](../nope.md)`"
    assert _links(text) == ["../notebooks/99_missing.ipynb"]
    assert not (GUIDE.parent / "../notebooks/99_missing.ipynb").exists()
    first = _notebooks()[0]
    assert first.resolve() not in _linked_files(text)
    assert _slug("How long each notebook takes") == "how-long-each-notebook-takes"


@pytest.mark.parametrize("item", [(GUIDE, p) for p in PLAY_PAGES] + [(GUIDE_JA, p) for p in PLAY_PAGES_JA],
                         ids=_id)
def test_every_play_page_is_linked_with_a_voila_link(item):
    guide, page = item
    text = _guide_text(guide)
    rel = page.relative_to(ROOT).as_posix()
    assert page.resolve() in _linked_files(text), f"{guide.name} does not link {rel}"
    url = BINDER_VOILA + rel
    assert url in text, f"{guide.name} has no Binder (Voila) link {url}"


def test_the_japanese_guide_has_every_section_of_the_english_one():
    """One heading per English heading, at the same levels in the same order (the
    Japanese guide is the English one for a Japanese teacher, not a summary of it)."""
    def levels(path):
        body = re.sub(r"```.*?```", "", _guide_text(path), flags=re.S)
        return [len(m) for m in re.findall(r"(?m)^(#{1,6})\s", body)]
    assert levels(GUIDE_JA) == levels(GUIDE)


def _section(text: str, heading: str) -> str:
    m = re.search(rf"(?ms)^## {re.escape(heading)}\s*$(.*?)(?=^## |\Z)", text)
    assert m, f"docs/teacher_guide.md has no '## {heading}' section"
    return m.group(1)


def test_board_puzzles_section_names_each_lesson_with_puzzles():
    import nbformat
    section = _section(_guide_text(), "Board puzzles")
    rows = {}
    for line in section.splitlines():
        m = re.search(r"\]\(\.\./notebooks/(\d\d_[^)]+\.ipynb)\)", line)
        if m:
            rows[m.group(1)] = line
    for path in sorted((ROOT / "notebooks").glob("[1-9][0-9]_*.ipynb")):
        cells = [c for c in nbformat.read(path, as_version=4).cells
                 if c.cell_type == "code" and "PUZZLES" in c.source]
        if not cells:
            continue
        assert path.name in rows, (f"notebook {path.name} shows board puzzles but the guide's "
                                   "'Board puzzles' table has no row linking it")
        for rule in set(re.findall(r"\b(?:CK|DG|BG|MS)-\d\d\b", "".join(c.source for c in cells))):
            assert rule in rows[path.name], f"the guide's row for {path.name} does not name {rule}"


def _tutor_examples() -> dict[str, str]:
    """The tutor's lines for the positions the guide quotes ("The tutor switch")."""
    from boardkit.backgammon import tutor as bg
    from boardkit.backgammon.game import BackgammonGame, side
    from boardkit.backgammon.rules import BackgammonRules
    from boardkit.checkers import CheckersGame
    from boardkit.checkers import tutor as ck
    from boardkit.diamond import DiamondGame, DiamondRules
    from boardkit.diamond import tutor as dg
    from boardkit.mawari import MawariGame
    from boardkit.mawari import tutor as ms
    start = side({6: 5, 8: 3, 13: 5, 24: 2})
    opening = BackgammonGame.from_position(start, start, turn=0, dice=(4, 2),
                                           rules=BackgammonRules.no_cube())
    pieces = {}                      # notebook 27's straggler position, each colour's king first
    for p, labels in enumerate(("q1 b2 c1 g5 j5 k9 l8 o2 p1 p2", "e13 e11 e12 e7 f8 h8 i8 k7 k8 l1")):
        first, *rest = labels.split()
        pieces[first] = (p, True)
        pieces.update({h: p for h in rest})
    straggler = DiamondGame.from_pieces(pieces, DiamondRules(players=2, pieces=10, max_turns=400))
    battle = MawariGame.setup({0: ("1七", "香"), 1: "9五"}, players=2)
    battle.set_toss("up up down down")
    return {"checkers": ck.advice(CheckersGame(fen="B:W17,27:B10,19"), "10-14"),
            "diamond": dg.advice(straggler, "l8-m8"),
            "backgammon": bg.advice(opening, opening.copy().play("13/11 13/9")),
            "mawari": ms.advice(battle, "battle P2")}


def test_tutor_examples_are_the_engines_lines():
    """The example lines in "The tutor switch" are what the tutors say today (if a tutor's
    wording changes, copy its new line into the guide's table)."""
    section = _section(_guide_text(), "The tutor switch")
    for game, line in _tutor_examples().items():
        assert line, f"the {game} tutor says nothing for the guide's example position"
        assert f"*{line}*" in section, f"the guide's {game} tutor example is not the engine's line: {line}"


# --- "Which page for which period": the handout table against the printed PDFs ---------

GAMES = ("checkers", "diamond", "backgammon", "mawari")      # the guide's units 1-4
RULE = r"(?:CK|DG|BG|MS)-\d\d"
NUMBER = r"(\d+)"
#: per guide: the table's lead-in, a page reference, an exercise or puzzle reference, and a
#: period label in the "later periods" cell
HANDOUT_TABLE = {
    "en": {"guide": GUIDE, "pdfs": ROOT / "handouts", "lead": "Which page for which period",
           "page": r"\bp(\d+)(?:-(\d+))?\b", "item": r"\b(exercises?|puzzles?) (\d+(?:(?:-| and |, )\d+)*)",
           "later": r"Period (\d+(?: \+ \d+)?)(?: \([^)]*\))?:", "unit": r"## Unit {k}:",
           "period": r"### Period {label}\b(?! \+)", "count": r"\((\d+) p\)",
           "heads": ("Exercises —", "Puzzles —", "Answers —")},
    "ja": {"guide": GUIDE_JA, "pdfs": ROOT / "handouts" / "ja", "lead": "どの時限でどのページを使うか",
           "page": r"(\d+)(?:〜(\d+))?ページ", "item": r"(演習|パズル)(\d+(?:[〜と・]\d+)*)",
           "later": r"(\d+(?: \+ \d+)?)時限目(?:（[^）]*）)?：", "unit": r"## 単元{k}：",
           "period": r"### {label}時限目", "count": r"（(\d+)ページ）",
           "heads": ("練習問題 —", "パズル —", "先生用")},
}


def _numbers(text: str) -> list[int]:
    """'2-4' / '3 and 5' / '2〜4' / '3と5' / '2・3・5' as the numbers they name."""
    out: list[int] = []
    for part in re.split(r" and |, |[と・]", text):
        a, b = part.split("-" if "-" in part else "〜") if re.search(r"[-〜]", part) else (part, part)
        out.extend(range(int(a), int(b) + 1))
    return out


def _rule_ids(text: str) -> set[str]:
    """The rule IDs a text names, ranges ('DG-08 to DG-10', 'MS-06-MS-08', 'DG-08〜DG-10') expanded."""
    ids = set(re.findall(rf"\b{RULE}\b", text))
    for a, b in re.findall(rf"\b({RULE})(?:-| to |〜)({RULE})\b", text):
        if a[:3] == b[:3]:
            ids.update(f"{a[:3]}{n:02d}" for n in range(int(a[3:]), int(b[3:]) + 1))
    return ids


def _pdf_items(pdf: Path, heads: tuple[str, str, str]) -> tuple[list[str], dict, dict, int]:
    """The pages of a handout, and the page and heading of each exercise and puzzle on them,
    and the first teacher page."""
    import subprocess
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    pages = [p for p in text.split("\f") if p.strip()]
    ex_head, pz_head, answers = heads
    exercises: dict[int, tuple[int, str]] = {}
    puzzles: dict[int, tuple[int, str]] = {}
    mode, teacher = "", 0
    for n, page in enumerate(pages, 1):
        if ex_head in page and not mode:
            mode = "ex"
        if pz_head in page and mode == "ex":
            mode = "pz"
        if answers in page and mode == "pz":
            teacher = n
            break
        for m in re.finditer(r"(?m)(?:^|\s{2,})(\d+)[.．] ?(\S[^\n]*?)(?=\s{3,}|$)", page):
            k, head = int(m.group(1)), m.group(2)
            if mode == "ex" and k == len(exercises) + 1:
                exercises[k] = (n, head)
            elif mode == "pz" and k not in puzzles and re.search(rf"\({RULE}\)", head):
                puzzles[k] = (n, head)
    return pages, exercises, puzzles, teacher


def _handout_rows(lang: str) -> dict[str, list[str]]:
    spec = HANDOUT_TABLE[lang]
    text = _guide_text(spec["guide"])
    at = text.index(spec["lead"])
    rows = {}
    for line in text[at:].splitlines():
        m = re.match(r"\| `(\w+)\.pdf`", line)
        if m:
            rows[m.group(1)] = [c.strip() for c in line.strip().strip("|").split("|")]
        elif rows and not line.startswith("|"):
            break
    return rows


@pytest.mark.parametrize("lang", sorted(HANDOUT_TABLE))
def test_handout_table_points_at_the_pages_of_each_period(lang):
    """Each cell of "Which page for which period" names the pages its exercises and puzzles
    are printed on (the edition's own PDFs), every exercise and puzzle is given to exactly
    one period, the periods are named as in the unit plans (a period the unit plan has
    not got fails), and each exercise's and puzzle's rule IDs are taught in that period
    (at least one of them) or before it (the others)."""
    import shutil
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) is not installed")
    spec = HANDOUT_TABLE[lang]
    guide = _guide_text(spec["guide"])
    rows = _handout_rows(lang)
    assert sorted(rows) == sorted(GAMES), f"the {lang} handout table has rows {sorted(rows)}"
    for k, game in enumerate(GAMES, 1):
        cells = rows[game]
        pages, exercises, puzzles, teacher = _pdf_items(spec["pdfs"] / f"{game}.pdf", spec["heads"])
        assert exercises and puzzles and teacher, f"could not read {game}.pdf's exercises and puzzles"
        count = re.search(spec["count"], cells[0])
        assert count and int(count.group(1)) == len(pages), (
            f"{lang} table: {game}.pdf has {len(pages)} pages, the table says {cells[0]}")
        teacher_pages = [int(n) for n in re.findall(r"\d+", cells[5])]
        assert (min(teacher_pages), max(teacher_pages)) == (teacher, len(pages)), (
            f"{lang} table: {game}.pdf's teacher pages are {teacher}-{len(pages)}, not {cells[5]}")
        unit = re.search(rf"(?ms)^{spec['unit'].format(k=k)}.*?(?=^## |\Z)", guide)
        assert unit, f"the {lang} guide has no unit {k} ({game})"
        chunks = [("1", cells[1]), ("2", cells[2]), ("3", cells[3])]
        later = re.split(spec["later"], cells[4])
        assert not later[0].strip(" .。"), f"{lang} table, {game}: '{later[0]}' names no period"
        chunks += list(zip(later[1::2], later[2::2]))
        seen: dict[tuple[str, int], str] = {}
        for label, chunk in chunks:
            refs = []
            span: tuple[int, int] | None = None
            for m in re.finditer(f"{spec['page']}|{spec['item']}", chunk):
                if m.group(1):
                    span = (int(m.group(1)), int(m.group(2) or m.group(1)))
                else:
                    assert span, f"{lang} table, {game}, period {label}: '{m.group(0)}' has no page"
                    kind = "ex" if m.group(3)[0] in "e演" else "pz"
                    refs += [(kind, n, span) for n in _numbers(m.group(4))]
            if not refs:
                continue
            section = re.search(rf"(?ms)^{spec['period'].format(label=re.escape(label))}.*?(?=^##|\Z)",
                                unit.group(0))
            assert section, (f"{lang} table, {game}: period {label} is not a period of the unit plan")
            taught = _rule_ids(section.group(0))
            first = int(re.match(r"\d+", label).group(0))
            heading = spec["period"].format(label=NUMBER)
            earlier = set().union(*(
                _rule_ids(m.group(0))
                for m in re.finditer(rf"(?ms)^{heading}.*?(?=^##|\Z)", unit.group(0))
                if int(m.group(1)) < first))
            for kind, n, (lo, hi) in refs:
                items = exercises if kind == "ex" else puzzles
                assert n in items, f"{lang} table, {game}: there is no {kind} {n}"
                page, head = items[n]
                where = f"{lang} table, {game}, period {label}: {kind} {n} ({head})"
                assert lo <= page <= hi, f"{where} is on page {page}, not p{lo}-{hi}"
                assert (kind, n) not in seen, f"{where} is also given to period {seen[kind, n]}"
                seen[kind, n] = label
                rules = _rule_ids(head)
                assert not rules or rules & taught, f"{where}: no rule of it is taught in that period"
                missing = rules - taught - earlier
                assert not missing, f"{where}: {sorted(missing)} is not taught by that period"
        for kind, items in (("ex", exercises), ("pz", puzzles)):
            left = sorted(set(items) - {n for (k2, n) in seen if k2 == kind})
            assert not left, f"{lang} table, {game}: {kind} {left} is given to no period"
