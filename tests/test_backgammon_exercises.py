"""The backgammon exercises: the solution notebook's answers pass every check, wrong
answers are rejected with a hint, and no check ever raises."""
import json
import pathlib

from boardkit.backgammon.exercises import BackgammonExercises, ex, position

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run_solution_cells():
    """Execute the solution notebook's code cells (they print ✅ or ❌)."""
    nb = json.loads((ROOT / "exercises/solutions/backgammon.ipynb").read_text())
    env: dict = {}
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            src = "".join(cell["source"])
            exec(compile(src, "solution", "exec"), env)
    return env


def test_solutions_pass_every_check(capsys):
    ex.reset()
    env = run_solution_cells()
    out = capsys.readouterr().out
    assert "❌" not in out and "✏️" not in out
    assert out.count("✅") == 8
    assert all(env["ex"].results.values()) and len(env["ex"].results) == 8
    assert len(BackgammonExercises.names()) == 8


def test_bg01_wrong_pips_rejected(capsys):
    e = BackgammonExercises()
    assert e.check_pips_start((167, 167))
    assert not e.check_pips_start((167, 166))
    assert not e.check_pips_middle(position("middle").pip_count()[::-1])
    assert "swapped" in capsys.readouterr().out


def test_bg08_legal_plays_check(capsys):
    e = BackgammonExercises()
    assert e.check_legal_plays(["bar/20 6/2", "bar/16"])
    assert not e.check_legal_plays(["bar/16"])                 # one missing
    assert not e.check_legal_plays(["bar/16", "bar/20 6/2", "6/1 6/2"])
    assert not e.check_legal_plays("bar/16")
    out = capsys.readouterr().out
    assert "missing" in out and "BG-07" in out          # 6/1 6/2 leaves a checker on the bar


def test_bg07_enter_check():
    e = BackgammonExercises()
    assert e.check_enter_one(27)
    assert e.check_enter_one("3/4")
    assert not e.check_enter_one(9)               # the chance to dance, not to enter
    assert e.check_enter_two(4)
    assert not e.check_enter_two(20)


def test_bg05_shots_check():
    e = BackgammonExercises()
    assert e.check_shots_6(17)
    assert not e.check_shots_6(11)
    assert e.check_shots_8_blocked(4)
    assert not e.check_shots_8_blocked(6)
    assert e.check_shots_11(2)


def test_checks_never_raise(capsys):
    e = BackgammonExercises()
    assert not e.check_pips_start(...)
    assert not e.check_pips_start("many")
    assert not e.check_shots_6(object())
    assert not e.check_enter_two(True)
    assert not e.check_legal_plays(42)
    assert not e.check_shots_6("1e-100000000")
    out = capsys.readouterr().out
    assert "not answered yet" in out and "is not a number" in out


def test_bg16_legal_plays_accept_any_spelling_of_the_same_play(capsys):
    """'bar/20/16' and 'bar/20 20/16' are the play the engine writes 'bar/16' (BG-16)."""
    from boardkit.backgammon.exercises import ex
    assert ex.check_legal_plays(["bar/20/16", "bar/20 6/2"]) is True
    assert ex.check_legal_plays(["bar/20 20/16", "6/2 bar/20"]) is True
    assert ex.check_legal_plays(["bar/16", "13/7"]) is False


def test_feedback_is_in_the_language_of_the_check(capsys):
    """The hints come from the catalogue (ex.backgammon.*): English as before, Japanese
    when the check runs in Japanese."""
    from boardkit import i18n
    e = BackgammonExercises()
    assert not e.check_pips_start((167, 160))
    assert "not quite. Each checker counts its point number from its own side" in capsys.readouterr().out
    i18n.set_language("ja")
    try:
        assert not e.check_pips_start("1, 2, 3")
        assert "数を2つ書いてください。白のピップ、次に赤のピップです" in capsys.readouterr().out
        assert not e.check_enter_one(9)
        assert "ダンスする" in capsys.readouterr().out
        assert not e.check_shots_6(True)
        assert "はい・いいえではなく" in capsys.readouterr().out
    finally:
        i18n.set_language("en")
