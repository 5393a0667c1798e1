"""Exercises answered without Python: plain text, equivalent notations, rounded numbers,
0- or 1-based player numbers, and a clear sentence (never a Python exception) for a
badly formed answer."""
from fractions import Fraction

import pytest

from boardkit.backgammon.exercises import BackgammonExercises
from boardkit.checkers.exercises import CheckersExercises
from boardkit.diamond.exercises import DiamondExercises
from boardkit.exercises import AnswerError, close_enough, items, to_bool, to_number
from boardkit.mawari.exercises import MawariExercises


def test_items_read_plain_lists():
    assert items("15, 16") == ["15", "16"] and items("{15, 16}") == ["15", "16"]
    assert items("e5 f6 g4") == ["e5", "f6", "g4"] and items("'P2', 'P3'") == ["P2", "P3"]
    assert items("24/18 13/11, 13/7", words=False) == ["24/18 13/11", "13/7"]


def test_yes_no_and_numbers():
    assert to_bool("no") is False and to_bool("Yes") is True and to_bool("いいえ") is False
    with pytest.raises(AnswerError, match="yes or no"):
        to_bool("perhaps")
    assert to_number("5/12") == Fraction(5, 12) and to_number("42%") == Fraction(42, 100)
    assert to_number("11 out of 36") == Fraction(11, 36)
    with pytest.raises(AnswerError, match="not a number"):
        to_number("many")


def test_rounded_answers_are_accepted_but_not_too_rough():
    exact = Fraction(125, 36)                        # 3.4722...
    assert close_enough("3.47", exact) and close_enough("3.5", exact)
    assert not close_enough("3", exact) and not close_enough("3.48", exact)
    assert close_enough("30.6%", Fraction(11, 36)) and not close_enough("31%", Fraction(10, 36))


def test_checkers_plain_text_answers(capsys):
    ex = CheckersExercises()
    assert ex.check_targets("15, 16") is True
    assert ex.check_forced_capture("13-22") is True           # a dash for the capture 13x22
    assert "plain step" not in capsys.readouterr().out
    assert ex.check_forty_move_draw("no") is True
    assert ex.check_move_count("4") is (ex.position("count").legal_moves().__len__() == 4)


def test_badly_formed_answers_get_a_sentence(capsys):
    ex = CheckersExercises()
    assert ex.check_targets("fifteen") is False
    out = capsys.readouterr().out
    assert "could not read 'fifteen'" in out and "ValueError" not in out and "Error" not in out


def test_diamond_plain_text_answers():
    ex = DiamondExercises()
    from boardkit.diamond.exercises import B
    labels = sorted({B.label(h) for h in ex.reach_position().reachable_from(ex.REACH_PIECE)})
    assert labels and ex.check_reach(", ".join(labels)) is True
    assert ex.check_reach(" ".join(labels)) is True
    assert ex.check_illegal("i3:i5, DG-12") is True
    assert ex.check_forbidden_count(str(len(ex.reach_position().forbidden(0)))) in (True, False)


def test_backgammon_equivalent_plays_and_chances(capsys):
    ex = BackgammonExercises()
    assert ex.check_legal_plays("bar/20 20/16, bar/20 6/2") is True     # bar/20 20/16 is bar/16
    assert ex.check_pips_start("167, 167") is True
    assert ex.check_pips_start("White 167, Red 167") is True
    assert ex.check_shots_6("17") is True and ex.check_shots_6("17/36") is True
    assert ex.check_shots_6("0.472") is True                               # 17/36 = 0.4722...
    assert "17/36" in capsys.readouterr().out.splitlines()[-1]            # the exact value shown


def test_mawari_players_from_zero_or_one_and_rounded_means(capsys):
    ex = MawariExercises()
    one_based = [p + 1 for p in range(3) if _laid(p)]
    assert ex.check_laid_down(" ".join(f"P{p}" for p in one_based)) is True
    assert ex.check_laid_down(", ".join(str(p - 1) for p in one_based)) is (0 in [p - 1 for p in one_based])
    from boardkit.mawari.toss import TossModel
    mean = TossModel.fair().turn_mean()
    assert ex.check_expected_squares(f"{float(mean):.2f}") is True
    assert "exact value" in capsys.readouterr().out
    assert ex.check_laid_down("P7") is False
    assert "no player 7" in capsys.readouterr().out


def _laid(p):
    from boardkit.mawari.exercises import LAID_DOWN_TOSS, laid_down_position
    g = laid_down_position()
    g.set_toss(LAID_DOWN_TOSS)
    return g.is_laid(p)


# ---------------------------------------------------------------- handing in a record

def test_download_gives_the_record_link_and_a_static_view():
    import base64
    import json

    from boardkit import records
    records.reset()
    ex = CheckersExercises()
    ex.check_targets("15, 19")                      # wrong first, then right
    ex.check_targets("15, 16")
    shown = ex.download("Aiko Tanaka")
    bundle = shown._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    # an un-run or untrusted notebook reads the run cue, never Python or an old record
    for key in ("text/plain", "text/html"):
        assert "Download my record" in bundle[key] and "Run this cell" in bundle[key]
        assert "base64" not in bundle[key] and "HTML(" not in bundle[key]
    link = shown.link.value
    assert 'download="boardkit_record_Aiko_Tanaka.json"' in link
    data = json.loads(base64.b64decode(link.split("base64,", 1)[1].split('"', 1)[0]))
    item = data["exercises"]["checkers/targets"]
    assert data["student"] == "Aiko Tanaka" and item["tried"] == 2
    assert item["solved"] and not item["first_try"] and item["rules"] == ["CK-04"]
    assert "record_Aiko_Tanaka.json" in ex.download("").link.value    # a blank name keeps it
    records.reset()


def test_download_refuses_a_name_that_is_not_text():
    from boardkit._core import BoardkitError
    with pytest.raises(BoardkitError, match="student"):
        CheckersExercises().download(42)


@pytest.mark.parametrize("game", ["checkers", "diamond", "backgammon", "mawari"])
@pytest.mark.parametrize("folder", ["exercises", "exercises/solutions"])
def test_every_exercise_notebook_ends_with_handing_in_the_record(game, folder):
    """The last section says what the file holds and its one cell makes the link."""
    import json
    import pathlib
    root = pathlib.Path(__file__).resolve().parents[1]
    md = (root / folder / f"{game}.md").read_text(encoding="utf-8")
    last = md[md.rindex("\n## "):]
    assert last.startswith("\n## Hand in your record") and "rule IDs" in last
    nb = json.loads((root / folder / f"{game}.ipynb").read_text(encoding="utf-8"))
    cell = [c for c in nb["cells"] if c["cell_type"] == "code"][-1]
    assert "".join(cell["source"]).startswith("ex.download(")
    out = cell["outputs"][0]["data"]                # executed: the run cue is stored
    assert "Run this cell" in "".join(out["text/html"])


# ---------------------------------------------------------------- answering by clicking

def test_clicks_fill_the_answer_and_check_it_as_typed():
    from boardkit import records
    from boardkit.widgets.pick import PickBoard
    records.reset()
    ex = CheckersExercises()
    board = PickBoard(ex, "targets")
    want = sorted({m.end for m in ex.position("targets").legal_moves() if m.start == 11})
    board.canvas.click(str(want[0]))                # a click in the browser
    assert board.check() is False and "missing" in board.feedback_line.value
    before = board.canvas.svg
    board.click(19)                                 # a wrong square, then taken out again
    assert "19" in board.answer and board.canvas.svg != before      # the square is marked
    board.click(19)
    for cell in want[1:]:
        board.click(cell)
    assert board.answer == ", ".join(map(str, want))
    assert board.check() is True and "✅" in board.feedback_line.value
    assert records.current().exercises["checkers/targets"]["tried"] == 2
    board.clear()
    assert board.answer == "" and board.check() is False and "not answered" in board.feedback_line.value
    records.reset()


def test_the_click_board_reads_before_running():
    from boardkit.widgets.pick import PickBoard
    bundle = PickBoard(CheckersExercises(), "targets")._repr_mimebundle_()
    page = bundle["text/html"]
    assert "man on 11" in page and "<img" in page and "Run the cell" in page
    assert "PickBoard" not in bundle["text/plain"] and "man on 11" in bundle["text/plain"]


@pytest.mark.parametrize("name,size", [("nothing", 300), (7, 300), ("targets", 50), ("targets", "big")])
def test_the_click_board_refuses_bad_arguments(name, size):
    from boardkit._core import BoardkitError
    from boardkit.widgets.pick import PickBoard
    with pytest.raises(BoardkitError, match="name" if size == 300 else "size"):
        PickBoard(CheckersExercises(), name, size=size)


def test_the_checkers_notebook_offers_the_click_board():
    import pathlib
    md = (pathlib.Path(__file__).resolve().parents[1] / "exercises" / "checkers.md"
          ).read_text(encoding="utf-8")
    first = md.split("## 1.", 1)[1].split("\n## ", 1)[0]
    assert 'PickBoard(ex, "targets")' in first
    assert '"15, 16"' not in md                    # the example is not the answer


@pytest.mark.parametrize("name", ["forced", "notation", "majority", "shot"])
def test_a_move_is_answered_by_clicking_its_squares_in_order(name, capsys):
    """The right move, clicked square by square, passes the typed check; backwards it fails."""
    from boardkit import records
    from boardkit.widgets.pick import PickBoard
    ex = CheckersExercises()
    right = [m for m in ex.position(name).legal_moves() if getattr(ex, _CHECK[name])(str(m))]
    assert right
    squares = str(right[0]).replace("x", "-").split("-")
    board = PickBoard(ex, name, move=True)
    for sq in reversed(squares):
        board.click(sq)
    assert board.check() is False
    board.clear()
    for sq in squares:
        board.click(sq)
    assert board.check() is True, board.answer
    assert "in order" in board._repr_mimebundle_()["text/html"]
    records.reset()


_CHECK = {"forced": "check_forced_capture", "notation": "check_notation",
          "majority": "check_majority", "shot": "check_shot"}
