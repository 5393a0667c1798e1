"""The Diamond Game exercises: the solutions notebook's answers pass every check,
wrong answers are rejected with a hint, and an unanswered check prints instead of
raising. The expected answers come from the engine (DG-08..DG-13), so these tests
also tie the exercises to the rules they teach."""
import ast
import json
import pathlib

import pytest

from boardkit.diamond import exercises as ex
from boardkit.diamond import geometry as B

ROOT = pathlib.Path(__file__).resolve().parents[1]
CHECKS = [ex.check_reach, ex.check_illegal, ex.check_chain, ex.check_forbidden_count,
          ex.check_king_landing]


def _solution_answers():
    """The ``answer = ...`` values of the solutions notebook, in order."""
    nb = json.loads((ROOT / "exercises" / "solutions" / "diamond.ipynb").read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        src = "".join(cell["source"])
        if cell["cell_type"] == "code" and src.startswith("answer = "):
            out.append(ast.literal_eval(src.splitlines()[0][len("answer = "):]))
    return out


def test_solutions_pass_every_check(capsys):
    answers = _solution_answers()
    assert len(answers) == len(CHECKS)
    for check, answer in zip(CHECKS, answers):
        assert check(answer) is True, check.__name__
    assert capsys.readouterr().out.count("✅") == len(CHECKS)


def test_exercise_notebook_has_blanks_only():
    nb = json.loads((ROOT / "exercises" / "diamond.ipynb").read_text(encoding="utf-8"))
    answers = ["".join(c["source"]).splitlines()[0] for c in nb["cells"]
               if c["cell_type"] == "code" and "".join(c["source"]).startswith("answer = ")]
    assert [a.split("#")[0].strip() for a in answers] == ["answer = ..."] * len(CHECKS)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_unanswered_prints_and_does_not_raise(check, capsys):
    assert check(...) is False
    assert "not answered yet" in capsys.readouterr().out


def test_dg10_reach_rejects_missing_and_extra_holes(capsys):
    """DG-08..DG-10: a hop chain end left out, or a hole that needs a step after a hop."""
    right = {B.label(h) for h in ex.reach_position().reachable_from(ex.REACH_PIECE)}
    assert ex.check_reach(right) is True
    assert ex.check_reach(right - {"k3"}) is False
    assert ex.check_reach(right | {"g3"}) is False
    out = capsys.readouterr().out
    assert "missing" in out and "g3 is not right" in out


def test_dg12_illegal_jump_needs_the_right_move_and_rule(capsys):
    """DG-12: the illegal candidate jumps a king; a legal candidate or a wrong rule
    ID is not accepted."""
    assert ex.check_illegal(("i3:i5", "DG-12")) is True
    assert ex.check_illegal(("g5:g7", "DG-12")) is False
    assert ex.check_illegal(("i3:i5", "DG-09")) is False
    assert ex.check_illegal("i3:i5") is False
    assert ex.check_illegal(("z9:z1", "DG-12")) is False
    out = capsys.readouterr().out
    assert "g5:g7 is legal" in out and "not DG-09" in out


def test_dg10_longest_chain_rejects_short_or_illegal_chains(capsys):
    """DG-10: a shorter legal chain, a chain revisiting a hole, or a chain from the
    wrong piece are refused."""
    g = ex.chain_position()
    most = ex.longest_chain(g, ex.CHAIN_PIECE)
    assert most == 5
    assert ex.check_chain("e7:g7:i5") is False             # legal but short
    assert ex.check_chain("e7:g7:e7") is False             # back to the start
    assert ex.check_chain("h6-h5") is False                # another piece
    assert ex.check_chain([B.hole(x) for x in "e7:g7:i5:i3:k3:m5".split(":")]) is True
    out = capsys.readouterr().out
    assert "a longer chain exists" in out and "DG-10" in out


def test_dg13_forbidden_count():
    """DG-13: four tips of 10 holes are closed to red, the unused green included."""
    assert ex.check_forbidden_count(40) is True
    assert ex.check_forbidden_count(30) is False


def test_dg11_king_landing_rejects_jumping_a_line_through_a_king(capsys):
    """DG-11/DG-12: the king's jump landings; a step target is not a landing."""
    assert ex.check_king_landing({"g7", "g9", "i1"}) is True
    assert ex.check_king_landing({"g7", "g9", "i1", "h3"}) is False
    assert ex.check_king_landing({"g7"}) is False


def test_one_exercise_api_summary(capsys):
    """The shared API: ``ex.check_<name>`` methods, ``ex.summary()``, names in order."""
    from boardkit.diamond.exercises import DiamondExercises
    assert DiamondExercises.names() == ["reach", "illegal", "chain", "forbidden_count", "king_landing"]
    mine = DiamondExercises()
    mine.check_forbidden_count(-1)
    mine.summary()
    assert "Diamond Game exercises: 0 of 1 answers correct" in capsys.readouterr().out


def test_feedback_in_japanese_comes_from_the_catalogue(capsys):
    """The hints and reasons are ``ex.diamond.*`` words, read in the language current when
    the check runs; an illegal chain's reason is the engine's key in that language."""
    import re

    from boardkit import i18n
    i18n.set_language("ja")
    try:
        assert ex.check_illegal(("g5:g7", "DG-12")) is False
        assert ex.check_chain("e7:g7:e7") is False
        assert ex.check_chain("e7:g7:i5") is False
    finally:
        i18n.set_language("en")
    out = capsys.readouterr().out
    assert "g5:g7 はできる手です。盤で動かして確かめてください。" in out
    assert "それぞれの飛び越しが、何の上を飛ぶかを見てください。" in out
    assert "その連続ジャンプはできません。" in out and "（DG-10）" in out
    assert "もっと長く続けて飛べます。" in out
    lines = [x for x in out.splitlines() if "連続ジャンプ" in x or "できる手" in x]
    assert lines and not any(re.search(r"\b(?!DG)[A-Za-z]{4,}", x.split(":", 1)[1]) for x in lines), lines
