"""The guide's time table is made from the lessons: current, every period with its log-in
minutes, none over 50 minutes, numbered like the notebooks' titles, each with a no-code route."""
import importlib.util
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("timetable", ROOT / "tools" / "timetable.py")
timetable = importlib.util.module_from_spec(_spec)
sys.modules["timetable"] = timetable   # dataclasses look their module up
_spec.loader.exec_module(timetable)
GUIDE = ROOT / "docs" / "teacher_guide.md"


def test_the_table_in_the_guide_is_current():
    assert not timetable.stale(), "run tools/timetable.py"


def test_the_check_sees_a_stale_table():
    text = GUIDE.read_text(encoding="utf-8")
    edited = text.replace("| 5 |", "| 4 |", 1)
    assert timetable.replaced(edited, timetable.table()) != edited


def test_every_period_fits_with_its_log_in_minutes():
    for digit, unit, game in timetable.UNITS:
        for row in timetable.periods(digit, game):
            if row["minutes"] is None:
                continue
            assert row["total"] == timetable.LOGIN + row["minutes"] and timetable.LOGIN >= 5
            assert row["total"] <= timetable.PERIOD, (unit, row["label"])


def test_estimates_come_from_the_lessons(tmp_path):
    md = tmp_path / "19_x.md"
    md.write_text("# Checkers 9: a test lesson (extension)\n\n**In class:** about 70 minutes (30 to read).\n"
                  "**Extension:** about 15 minutes.\n\n## Forced capture (CK-06) · core\n", encoding="utf-8")
    ls = timetable.lesson(md)
    assert (ls.number, ls.extension, ls.core, ls.extra, ls.rules) == (9, True, 70, 15, ["CK-06"])
    md.write_text("# Checkers 9: no estimate\n", encoding="utf-8")
    assert timetable.lesson(md).core is None


def test_a_long_lesson_is_planned_over_two_periods(monkeypatch, tmp_path):
    (tmp_path / "10_a.md").write_text("# Checkers 1: long\n\n**In class:** about 70 minutes.\n",
                                      encoding="utf-8")
    monkeypatch.setattr(timetable, "NB", tmp_path)
    rows = timetable.periods("1", "checkers")
    assert [r["label"] for r in rows] == ["1 (1 of 2)", "1 (2 of 2)"]
    assert sum(r["minutes"] for r in rows) == 70 and all(r["total"] <= 50 for r in rows)


def test_period_numbers_are_the_titles_numbers_and_every_lesson_is_in_the_table():
    block = GUIDE.read_text(encoding="utf-8").split(timetable.BEGIN)[1].split(timetable.END)[0]
    for md in sorted((ROOT / "notebooks").glob("[1-4][0-9]_*.md")):
        ls = timetable.lesson(md)
        assert ls.number is not None, f"{md.name}: its title has no number"
        rows = [l for l in block.splitlines() if f"]({'../notebooks/' + md.stem}.ipynb)" in l]
        assert rows, md.name
        for row in rows:
            assert re.match(rf"^\| [^|]*? {ls.number}\b", row), row[:80]
            assert "play page" in row and "quiz" in row, "every period has a no-code route"


def test_the_guides_period_headings_match_the_notebooks_titles():
    """Each '### Period N' of a unit names, first, a notebook whose title is numbered N."""
    text = GUIDE.read_text(encoding="utf-8")
    sections = re.split(r"(?m)^### ", text)
    checked = 0
    for s in sections:
        m = re.match(r"Period (\d+)", s)
        if not m:
            continue
        first = re.search(r"\(\.\./notebooks/(\d\d_[a-z_]+)\.ipynb\)", s)
        assert first, s[:60]
        md = ROOT / "notebooks" / f"{first.group(1)}.md"
        if first.group(1).startswith("00"):
            first = re.findall(r"\(\.\./notebooks/(\d\d_[a-z_]+)\.ipynb\)", s)[1]
            md = ROOT / "notebooks" / f"{first}.md"
        assert timetable.lesson(md).number == int(m.group(1)), (s[:60], md.name)
        checked += 1
    assert checked >= 20


def test_japanese_estimates_come_from_the_japanese_lines(tmp_path):
    md = tmp_path / "19_x.md"
    md.write_text("# チェッカー 9：テストのレッスン（発展）\n\n**授業では：** 約70分（読むのに30分）。\n"
                  "**発展：** 約15分。\n\n## 強制取り（CK-06）· 基本\n", encoding="utf-8")
    ls = timetable.lesson(md, "ja")
    assert (ls.number, ls.extension, ls.core, ls.extra, ls.rules) == (9, True, 70, 15, ["CK-06"])
    assert timetable.lesson(md).core is None, "the English reader does not take the Japanese line"


def test_the_japanese_guides_table_is_current_and_times_every_japanese_lesson():
    guide = timetable.GUIDES["ja"]
    assert guide.exists(), "docs/teacher_guide.ja.md"
    assert not timetable.stale("ja"), "run tools/timetable.py"
    block = guide.read_text(encoding="utf-8").split(timetable.BEGIN)[1].split(timetable.END)[0]
    for md in sorted((ROOT / "notebooks" / "ja").glob("[1-4][0-9]_*.md")):
        ls = timetable.lesson(md, "ja")
        english = timetable.lesson(ROOT / "notebooks" / md.name)
        assert (ls.number, ls.core, ls.extra, ls.extension) == \
            (english.number, english.core, english.extra, english.extension), md.name
        rows = [l for l in block.splitlines() if f"](../notebooks/ja/{md.stem}.ipynb)" in l]
        assert rows and all("対局ページ" in r and "../notebooks/play/ja/" in r for r in rows), md.name
