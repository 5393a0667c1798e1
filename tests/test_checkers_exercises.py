"""The checkers exercises: the solutions pass every check, wrong answers are rejected
with a hint, and nothing raises (so the unsolved notebook runs cleanly)."""
import ast
import json
import pathlib
import re

import pytest

from boardkit.checkers import exercises as ex

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _answers(path):
    """(check function name, answer) pairs read from an exercise notebook."""
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    out = []
    for cell, nxt in zip(cells, cells[1:]):
        src = "".join(cell["source"]).strip()
        if src.startswith("answer ="):
            value = ast.literal_eval(src.split("=", 1)[1].split("#")[0].strip())
            fn = "".join(nxt["source"]).strip().removeprefix("_ = ").removeprefix("ex.").split("(")[0]
            out.append((fn, value))
    return out


def test_every_solution_passes_its_check(capsys):
    pairs = _answers(ROOT / "exercises" / "solutions" / "checkers.ipynb")
    assert len(pairs) == 7
    for fn, value in pairs:
        assert getattr(ex, fn)(value) is True, (fn, value)
    assert capsys.readouterr().out.count("✅") == 7


def test_unsolved_notebook_answers_are_blank_and_checks_do_not_raise(capsys):
    pairs = _answers(ROOT / "exercises" / "checkers.ipynb")
    assert [v for _, v in pairs] == [...] * 7
    for fn, value in pairs:
        assert getattr(ex, fn)(value) is False
    assert capsys.readouterr().out.count("not answered yet") == 7


@pytest.mark.parametrize("fn,wrong,says", [
    ("check_targets", {15, 19}, "CK-04"),          # 19 is two rows away
    ("check_targets", [15], "missing"),
    ("check_forced_capture", "6-9", "CK-06"),      # a step while a capture is available
    ("check_notation", "10x19", "CK-07"),          # stops half way
    ("check_notation", "10-19", "CK-07"),          # a dash for x, but it stops half way too
    ("check_notation", "18x27", "only one piece"), # the other capture, which takes one
    ("check_move_count", 2, "CK-06"),
    ("check_move_count", "many", "is not a number"),
    ("check_forty_move_draw", True, "CK-12"),      # the man move 6-10 restarts the count
    ("check_forty_move_draw", "yes", "CK-12"),     # plain words are read: yes is wrong here
    ("check_forty_move_draw", "perhaps", "answer yes or no"),
    ("check_majority", "25x14", "CK-06"),          # takes one man: legal without majority capture
    ("check_shot", "6-9", "not forced"),
    ("check_shot", "6-10", "bigger capture"),      # gives a man, 15x6, and nothing comes back
    ("check_shot", "16-24", "CK-04"),              # not one step: the engine's reason
])
def test_wrong_answers_are_rejected_with_a_hint(fn, wrong, says, capsys):
    assert getattr(ex, fn)(wrong) is False
    out = capsys.readouterr().out
    assert out.startswith("❌") and says in out


def test_expected_answers_come_from_the_engine():
    """The checks use the rules, not stored answers: CK-06 and CK-07 decide them."""
    assert [str(m) for m in ex.position("forced").legal_moves()] == ["13x22"]
    assert [str(m) for m in ex.position("majority").legal_moves()] == ["40x29x18"]
    assert sorted(str(m) for m in ex.position("notation").legal_moves()) == ["10x19x26", "18x27"]
    assert len(ex.position("count").legal_moves()) == 4
    assert ex.show("targets").to_svg().startswith("<svg")


def test_summary_counts_answers(capsys):
    ex.check_targets({15, 16})
    ex.summary()
    assert "answers correct" in capsys.readouterr().out


@pytest.mark.parametrize("written", ["13x22", "13-22", " 13X22 "])
def test_the_forced_capture_written_with_a_dash_is_right(written, capsys):
    """CK-15 lets a capture be written with a dash: "13-22" is the capture 13x22 (22 is
    two rows from 13), so it must not be called a plain step."""
    assert ex.check_forced_capture(written) is True
    assert "plain step" not in capsys.readouterr().out


def test_a_real_step_is_still_refused_by_the_capture_rule(capsys):
    assert ex.check_forced_capture("6-10") is False
    out = capsys.readouterr().out
    assert "plain step" in out and "CK-06" in out and "13x22" not in out


def test_the_majority_rule_decides_the_majority_exercise():
    """Without majority capture White could also take one man: the rule is what is tested."""
    import dataclasses
    game = ex.position("majority")
    free = dataclasses.replace(game.rules, majority_capture=False)
    from boardkit.checkers.game import CheckersGame
    others = CheckersGame(free, fen=ex.EXERCISES["majority"][1]).legal_moves()
    assert len(others) > len(game.legal_moves()) == 1


def test_the_shot_is_the_only_step_that_wins_a_man(capsys):
    """Every other step is graded by the same engine check, and only one passes."""
    steps = [str(m) for m in ex.position("shot").legal_moves()]
    right = [s for s in steps if ex.check_shot(s) is True]
    assert len(steps) >= 4 and len(right) == 1


@pytest.mark.parametrize("fn, wrong, key", [
    ("check_targets", {15, 19}, "targets.extra"),
    ("check_forced_capture", "6-9", "forced.step"),
    ("check_notation", "10x19", "notation.stops"),
    ("check_notation", "18x27", "notation.single"),
    ("check_move_count", 2, "count.why"),
    ("check_forty_move_draw", True, "forty.why"),
    ("check_majority", "25x14", "majority.why"),
    ("check_shot", "6-9", "shot.not_forced"),
    ("check_shot", "6-10", "shot.no_gain"),
])
def test_feedback_in_japanese(fn, wrong, key, capsys):
    """The hints and reasons are catalogue words (ex.checkers.*): a check run while the
    language is Japanese prints them in Japanese."""
    from boardkit import i18n
    i18n.set_language("ja")
    try:
        assert getattr(ex, fn)(wrong) is False
    finally:
        i18n.set_language("en")
    out = capsys.readouterr().out
    why = i18n.tr(f"ex.checkers.{key}", "ja")
    assert why in out and why != i18n.tr(f"ex.checkers.{key}", "en")
    assert not re.search(r"[A-Za-z]{4,}", why)


def test_questions_are_words_in_both_languages():
    """Each exercise's question is a catalogue word: English as text (str), Japanese for a
    board that speaks it, with no English word in it (notation aside)."""
    from boardkit import i18n
    for name, (_rules, _fen, question) in ex.EXERCISES.items():
        assert isinstance(question, i18n.Word) and question.key == f"ex.checkers.{name}.question"
        ja = i18n.render(question.key, "ja")
        assert str(question) and ja != str(question) and not re.search(r"[A-Za-z]{4,}", ja)
