"""boardkit.records: a student's record file, strictly read; the class table and by-rule
counts; the hooks in exercise checks and quiz questions."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardkit import BoardkitError, records

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "notebooks" / "teacher" / "sample_records"


@pytest.fixture(autouse=True)
def fresh():
    records.reset()
    yield
    records.reset()


def test_first_try_solved_tried():
    r = records.Record("Aiko", "8B")
    r.add_exercise("checkers/targets", False, ["CK-04"])
    r.add_exercise("checkers/targets", True, ["CK-04"])
    r.add_puzzle("p/one", True, ["CK-05"])
    item = r.exercises["checkers/targets"]
    assert (item["tried"], item["solved"], item["first_try"]) == (2, True, False)
    assert r.puzzles["p/one"]["first_try"] is True
    back = records.loads(r.to_json())
    assert back.to_dict() == r.to_dict()


def test_exercise_check_writes_the_record():
    from boardkit.checkers.exercises import CheckersExercises
    ex = CheckersExercises()
    ex.check_targets(...)                     # blank: not a try
    assert records.current().exercises == {}
    ex.check_targets("1")
    ex.check_targets("1, 2")
    item = records.current().exercises["checkers/targets"]
    assert item["tried"] == 2 and "CK-04" in item["rules"]


def test_quiz_check_writes_the_record():
    from boardkit import quiz
    q = quiz.number("How many dark squares has the board (CK-01)?", 32)
    q.answer("30")
    q.answer("32")
    item = records.current().quiz["How many dark squares has the board (CK-01)?"]
    assert item == {"rules": ["CK-01"], "answer": "32", "right": True, "tried": 2}


def test_save_load_and_download(tmp_path):
    records.current().student = "Ben Ito"
    records.current().add_exercise("x/y", True)
    path = records.save(tmp_path / records.current().file_name())
    assert path.name == "boardkit_record_Ben_Ito.json"
    assert records.load(path).student == "Ben Ito"
    link = records.download().value
    assert 'download="boardkit_record_Ben_Ito.json"' in link and "base64," in link


GOOD = {"schema": "boardkit-record/1", "student": "A", "group": "",
        "exercises": {"c/t": {"rules": ["CK-04"], "tried": 1, "first_try": True, "solved": True}},
        "puzzles": {}, "quiz": {}}


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(schema="other"), "schema"),
    (lambda d: d.update(student=7), "student"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d["exercises"]["c/t"].update(tried=-1), "tried"),
    (lambda d: d["exercises"]["c/t"].update(tried=True), "tried"),
    (lambda d: d["exercises"]["c/t"].update(solved="yes"), "solved"),
    (lambda d: d["exercises"]["c/t"].update(solved=False), "first_try"),
    (lambda d: d["exercises"]["c/t"].update(rules=["ck4"]), "rules"),
    (lambda d: d["exercises"]["c/t"].pop("rules"), "fields"),
    (lambda d: d.update(quiz=[]), "quiz"),
])
def test_bad_files_name_file_and_field(change, words):
    data = json.loads(json.dumps(GOOD))
    records.from_dict(data, "ok.json")
    change(data)
    with pytest.raises(BoardkitError, match=rf"^aiko\.json: .*{words}"):
        records.loads(json.dumps(data), where="aiko.json")


@pytest.mark.parametrize("text", ["", "[1", "NaN", '{"a": Infinity}', "[" * 100_000, "x" * 300_000])
def test_not_json_refused(text):
    with pytest.raises(BoardkitError, match="^f.json: "):
        records.loads(text, where="f.json")


def test_read_folder_names_the_bad_file(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps(GOOD))
    assert len(records.read_folder(tmp_path)) == 1
    (tmp_path / "b.json").write_text('{"schema": "boardkit-record/1", "puzzles": 3}')
    with pytest.raises(BoardkitError, match=r"^b\.json: puzzles"):
        records.read_folder(tmp_path)
    with pytest.raises(BoardkitError, match="not a folder"):
        records.read_folder(tmp_path / "none")


def test_class_table_and_by_rule():
    a, b = records.Record("A"), records.Record("B")
    a.add_exercise("e", True, ["CK-04"])
    b.add_exercise("e", False, ["CK-04"])
    b.add_exercise("e", True, ["CK-04"])
    b.add_puzzle("p", False, ["CK-06"])
    rows = records.class_table([a, b])
    assert [r["exercises solved"] for r in rows] == [1, 1]
    assert records.by_rule([a, b]) == {"CK-04": {"tried": 2, "solved": 2, "first_try": 1},
                                       "CK-06": {"tried": 1, "solved": 0, "first_try": 0}}


def test_committed_samples_are_the_seeded_simulation():
    made = {r.file_name(): r.to_json() + "\n" for r in records.simulate(12, seed=2026)}
    files = {p.name: p.read_text(encoding="utf-8") for p in SAMPLE.glob("*.json")}
    assert files == made, "run records.simulate(12, seed=2026) and save each into sample_records/"
    assert all(r.group == "sample" and r.student.startswith("Sample") for r in records.read_folder(SAMPLE))
    with pytest.raises(BoardkitError, match="simulate"):
        records.simulate(0)


def test_puzzle_hook():
    records.puzzle("checkers puzzles", "A safe step", "CK-04", False)
    records.puzzle("checkers puzzles", "A safe step", "CK-04", True)
    records.puzzle("checkers puzzles", "odd", "not a rule", True)
    item = records.current().puzzles["checkers puzzles/A safe step"]
    assert item == {"rules": ["CK-04"], "tried": 2, "first_try": False, "solved": True}
    assert records.current().puzzles["checkers puzzles/odd"]["rules"] == []


def test_the_puzzle_widget_writes_the_record():
    """A wrong then a right answer on a puzzle board: one entry, tried twice, solved, not at
    the first try, under the puzzle's rule ID."""
    from boardkit.checkers.puzzles import PUZZLES
    from boardkit.puzzles import PuzzleWidget
    rec = records.reset("s")
    i = next(k for k, p in enumerate(PUZZLES) if p.id == "ck06_majority")
    w = PuzzleWidget(PUZZLES, start=i)
    w.click(22)
    w.click(11)                                  # the refused step: a wrong try
    w.board.play_text(PUZZLES[i].accepted[0])
    (key, entry), = rec.puzzles.items()
    assert PUZZLES[i].title in key and entry["tried"] == 2 and entry["solved"]
    assert entry["first_try"] is False and PUZZLES[i].rule in entry["rules"]


def test_the_record_link_and_summary_speak_the_given_language():
    rec = records.Record(student="")
    link = records.download(rec, lang="ja")
    assert "記録をダウンロード（" in link.value and "（名前なし）" in link.value
    assert "Download my record (" in records.download(rec, lang="en").value
    assert rec.summary().startswith("(no name): exercises 0 of 0 solved")
