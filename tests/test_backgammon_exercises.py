"""The backgammon exercises: the solution notebook's answers pass every check, wrong
answers are rejected with a hint, and no check ever raises."""
import json
import pathlib

from boardkit.backgammon import BackgammonGame, BackgammonRules
from boardkit.backgammon import exercises as E
from boardkit.backgammon.game import side

ROOT = pathlib.Path(__file__).resolve().parents[1]


def setup(white, red, dice=None):
    return BackgammonGame.from_position(side(white), side(red), dice=dice,
                                        rules=BackgammonRules.no_cube())


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
    env = run_solution_cells()
    out = capsys.readouterr().out
    assert "❌" not in out and "✏️" not in out
    assert out.count("✅") == 8
    assert all(env["check"].results.values()) and len(env["check"].results) == 8


def test_bg01_wrong_pips_rejected(capsys):
    start = BackgammonGame()
    assert E.check_pips((167, 167), start)
    assert not E.check_pips((167, 166), start)
    mid = setup({24: 2, 6: 3}, {25: 1, 6: 2})
    assert not E.check_pips(mid.pip_count()[::-1], mid)
    assert "swapped" in capsys.readouterr().out


def test_bg08_legal_plays_check(capsys):
    stuck = setup({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 12: 7}, dice=(5, 4))
    assert E.check_legal_plays(["bar/20 6/2", "bar/16"], stuck)
    assert not E.check_legal_plays(["bar/16"], stuck)                 # one missing
    assert not E.check_legal_plays(["bar/16", "bar/20 6/2", "6/1 6/2"], stuck)
    assert not E.check_legal_plays("bar/16", stuck)
    out = capsys.readouterr().out
    assert "missing" in out and "not legal" in out


def test_bg07_enter_check():
    assert E.check_enter(27, 3)
    assert E.check_enter("3/4", 3)
    assert not E.check_enter(9, 3)               # the chance to dance, not to enter
    assert E.check_enter(4, 4, checkers=2)
    assert not E.check_enter(20, 4, checkers=2)


def test_bg05_shots_check():
    assert E.check_shots(17, 6)
    assert not E.check_shots(11, 6)
    assert E.check_shots(4, 8, {4, 6})
    assert not E.check_shots(6, 8, {4, 6})


def test_checks_never_raise(capsys):
    start = BackgammonGame()
    assert not E.check_pips(..., start)
    assert not E.check_pips("many", start)
    assert not E.check_shots(object(), 6)
    assert not E.check_enter(True, 2)
    assert not E.check_legal_plays(42, start)
    out = capsys.readouterr().out
    assert "not answered yet" in out and "could not check" in out
