"""The 回り将棋 exercises: solutions pass, wrong answers are rejected, blanks do not crash."""
import pathlib
from fractions import Fraction

import nbformat
import pytest

from boardkit.mawari.exercises import ex

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _run(path):
    """Execute a notebook's code cells in one namespace (they are plain Python)."""
    ex.reset()
    nb = nbformat.read(ROOT / path, as_version=4)
    ns = {}
    for cell in nb.cells:
        if cell.cell_type == "code":
            exec(compile(cell.source, str(path), "exec"), ns)
    return dict(ex.results)


def test_solutions_all_pass(capsys):
    results = _run("exercises/solutions/mawari.ipynb")
    assert len(results) == 7 and all(results.values()), results
    assert capsys.readouterr().out.count("✅") == 7


def test_blank_exercises_run_cleanly(capsys):
    results = _run("exercises/mawari.ipynb")
    assert len(results) == 7 and not any(results.values())
    assert "not answered yet" in capsys.readouterr().out


@pytest.mark.parametrize("check, wrong", [
    (ex.check_value_of_toss, 16), (ex.check_value_of_toss, "17 squares"), (ex.check_all_down, 0),
    (ex.check_toss_again_fair, Fraction(1, 8)), (ex.check_toss_again_fair, 1 / 16 + 0.001),
    (ex.check_toss_again_standing, 0.5 ** 4),
    (ex.check_expected_squares, Fraction(13, 4)), (ex.check_expected_squares, "many"),
    (ex.check_expected_tosses, 1), (ex.check_laid_down, [2, 3]), (ex.check_laid_down, "P3"),
    (ex.check_laid_down, []), (ex.check_laid_down, "x"),
])
def test_wrong_answers_are_rejected(check, wrong, capsys):
    assert check(wrong) is False
    assert "❌" in capsys.readouterr().out


@pytest.mark.parametrize("answer", [[2], {2}, "P2", 2, ["P2"]])
def test_ms12_laid_down_answer_spellings(answer):
    """MS-12: the 香 passing a 歩 lays it down; the higher 桂 is not laid down."""
    assert ex.check_laid_down(answer) is True


def test_ms05_ms07_checks_accept_equivalent_numbers():
    assert ex.check_toss_again_fair(0.0625) and ex.check_toss_again_fair(Fraction(1, 16))
    assert ex.check_expected_squares(3.4667) and ex.check_expected_tosses(16 / 15)
    assert ex.check_toss_again_standing(Fraction(3, 5) ** 4)


def test_ms05_ms07_rounded_answers_count_with_two_decimals(capsys):
    """notebook 43 prints ≈ 3.47 squares per turn: 3.47 and 1.07 (16/15) count; a
    wrongly rounded or too rough answer does not."""
    assert ex.check_expected_squares(3.47) is True and ex.check_expected_squares("3.47") is True
    assert ex.check_expected_tosses(1.07) is True
    assert ex.check_expected_squares(3.48) is False and ex.check_expected_squares(3.46) is False
    assert ex.check_expected_squares(3) is False


def test_ms12_a_zero_based_answer_is_explained(capsys):
    """In code P2 is player 1: the answer [1] gets a sentence about the numbering."""
    assert ex.check_laid_down([1]) is False
    assert "counted players from 0" in capsys.readouterr().out


def test_the_feedback_speaks_the_language_current_at_check_time(capsys):
    """The hints and reasons are the catalogue's ex.mawari.*: in Japanese mode the reason
    for a zero-based answer and the hint are Japanese, with no English sentence."""
    import re

    from boardkit import i18n
    i18n.set_language("ja")
    try:
        assert ex.check_laid_down([1]) is False
        out = capsys.readouterr().out
        assert "0 から数えたようです" in out and "格上の駒に追い越された駒は寝かされます" in out
        assert ex.check_value_of_toss(15) is False
        out = capsys.readouterr().out
        assert "横に立った金は5" in out
        mine = out.split(":", 1)[-1]
        assert not re.search(r"\b(?:face|gold|upright|side)\b", mine), out
    finally:
        i18n.set_language("en")
    assert ex.check_laid_down([1]) is False
    assert "counted players from 0" in capsys.readouterr().out
