"""Every lesson section is tagged core or extension, and the first lesson of each game
fits a 50-minute period with five minutes to start up.

A heading without a tag, a first lesson whose core time is over 45 minutes, a split
lesson without its "**Extension:** about N minutes" line, or a unit without a core path
in the teacher guide fails here.
"""
from __future__ import annotations

import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from editions import EDITIONS  # noqa: E402

#: (edition, lesson source) for both editions
LESSONS = [(ed, p) for ed in EDITIONS.values() for p in sorted(ed.notebooks.glob("[1-4][0-9]_*.md"))]


def _id(item) -> str:
    ed, p = item
    return f"{ed.lang}/{p.stem}"


@pytest.mark.parametrize("item", LESSONS, ids=_id)
def test_every_section_heading_says_core_or_extension(item):
    ed, path = item
    text = path.read_text(encoding="utf-8")
    heads = [ln[3:] for ln in text.splitlines() if ln.startswith("## ")]
    untagged = [h for h in heads if not h.startswith(ed.summaries)
                and not h.endswith((ed.core_tag, ed.extension_tag))]
    assert not untagged, untagged
    if any(h.endswith(ed.extension_tag) for h in heads):
        core, extension = ed.core_tag.split()[-1], ed.extension_tag.split()[-1]
        assert f"**{core}**" in text and f"**{extension}**" in text  # the reader is told what they mean


@pytest.mark.parametrize("lang", EDITIONS)
@pytest.mark.parametrize("first", ["10", "20", "30", "40"])
def test_first_lesson_fits_a_period(first, lang):
    ed = EDITIONS[lang]
    path = next((p for e, p in LESSONS if e is ed and p.name.startswith(first + "_")), None)
    if path is None:
        pytest.skip(f"no {lang} lesson {first} yet (tests/test_editions.py fails)")
    text = path.read_text(encoding="utf-8")
    minutes = [int(m) for m in ed.in_class.findall(text)]
    assert len(minutes) == 1 and minutes[0] <= 45, minutes
    heads = [ln for ln in text.splitlines() if ln.startswith("## ")]
    if any(h.endswith(ed.extension_tag) for h in heads):
        assert ed.extension.search(text), path.name
        line = text[ed.in_class.search(text).start():].split("\n", 1)[0]
        assert ed.core_tag.split()[-1] in line or "core" in line


def test_guide_has_a_core_path_per_unit():
    guide = (ROOT / "docs" / "teacher_guide.md").read_text(encoding="utf-8")
    for unit in ("checkers", "Diamond Game", "backgammon", "mawari"):
        assert f"### Core path for ages 12-13 ({unit})" in guide, unit


def _pieces(fen: str):
    """The pieces of a FEN line, in any order, without the side to move or the count:
    the same board written another way is still the same board."""
    parts = [p for p in fen.replace(" ", "").split(":") if p[:1] in ("W", "B") and len(p) > 1]
    return frozenset((p[0], sq) for p in parts for sq in p[1:].split(",") if sq)


def _lesson_boards():
    """Every FEN line written in a lesson notebook, with the notebook's name."""
    fen = re.compile(r"""fen=["']([^"']+)["']|`([WB]:[WB][^`]*)`""")
    for path in sorted((ROOT / "notebooks").glob("*.md")):
        for m in fen.finditer(path.read_text(encoding="utf-8")):
            yield path.name, m.group(1) or m.group(2)


def test_the_board_reader_finds_the_lesson_boards():
    boards = list(_lesson_boards())
    assert len(boards) > 20
    assert _pieces("B:W18,30:B14") == _pieces("W:B14:W30,18:H3")


def _exercise_fens():
    from boardkit.checkers.exercises import EXERCISES
    return [name for name, (_r, fen, _q) in EXERCISES.items() if fen]


@pytest.mark.parametrize("name", _exercise_fens())
def test_checkers_exercise_positions_are_new_not_the_lessons(name):
    """An exercise that repeats a lesson's board tests memory, not the rule."""
    from boardkit.checkers.exercises import EXERCISES
    fen = EXERCISES[name][1]
    lessons = [where for where, seen in _lesson_boards() if _pieces(seen) == _pieces(fen)]
    assert not lessons, (name, fen, lessons)


_LIST_ITEM = re.compile(r"\s*(?:[*-]|\d+\.)\s")


def _bold_lines_inside_lists(text: str) -> list[str]:
    """Lines that open with bold text (a "**Check yourself.**", "**Try it.**", ...) right
    under a list with no blank line between: Markdown's lazy continuation makes such a
    paragraph part of the last list item, where a reader no longer sees it as a question."""
    lines, found, block_is_list, in_code = text.splitlines(), [], False, False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            in_code = not in_code
        if in_code or not line.strip():
            block_is_list = False
            continue
        if i == 0 or not lines[i - 1].strip():
            block_is_list = bool(_LIST_ITEM.match(line))
        elif line.startswith("**") and block_is_list:
            found.append(line)
        if _LIST_ITEM.match(line):
            block_is_list = True
    return found


@pytest.mark.parametrize("item", LESSONS, ids=_id)
def test_no_question_is_swallowed_by_the_list_above_it(item):
    _ed, path = item
    assert not _bold_lines_inside_lists(path.read_text(encoding="utf-8"))


def test_the_swallowed_question_check_catches_one():
    text = "Results:\n\n* one\n  * nested item,\n    wrapped.\n**Check yourself.** Why?\n"
    assert _bold_lines_inside_lists(text) == ["**Check yourself.** Why?"]
    assert not _bold_lines_inside_lists(text.replace("wrapped.\n", "wrapped.\n\n"))
    assert not _bold_lines_inside_lists("A paragraph that wraps and\n**goes on** in bold.\n")
