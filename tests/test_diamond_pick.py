"""The Diamond exercises answered by clicking (boardkit.widgets.pick.PickBoard).

Each board is driven as the browser drives it: ``canvas.last_click`` set to a hole's click
id ("q,r", what the drawing carries), the choice buttons pressed, then Check. The right
answers come from the engine (never typed here): clicked, they pass the same check as the
typed answer and the student's record says so; a wrong answer gets the check's hint; a
click on no hole is told in a sentence and changes nothing. English and Japanese.
"""
from __future__ import annotations

import base64
import re

import pytest

from boardkit import records
from boardkit._core import BoardkitError
from boardkit.diamond import geometry as B
from boardkit.diamond import notation
from boardkit.diamond.exercises import (
    CHAIN_PIECE,
    ILLEGAL_RULES,
    KING_PIECE,
    REACH_PIECE,
    DiamondExercises,
    _illegal_one,
    longest_chain,
)
from boardkit.widgets.pick import PickBoard

NAMES = ["reach", "illegal", "chain", "forbidden_count", "king_landing"]
MOVES = {"illegal", "chain"}          # answered by clicking holes in order
RECORD = {"reach": "1. reachable holes", "illegal": "2. the illegal jump",
          "chain": "3. the longest chain", "forbidden_count": "4. forbidden holes",
          "king_landing": "5. the king's landings"}


def _right(ex: DiamondExercises, name: str) -> tuple[list[str], str | None]:
    """(the holes to click, in order, the button to press) of the right answer, from the engine."""
    g = ex.position(name)
    if name == "reach":
        return sorted(B.label(h) for h in g.reachable_from(REACH_PIECE)), None
    if name == "illegal":
        move, rule = _illegal_one()
        return [B.label(h) for h in notation.parse_move(move)], rule
    if name == "chain":
        most = longest_chain(g, CHAIN_PIECE)
        paths = [m.path for d in g.reachable_from(CHAIN_PIECE)
                 for m in g.paths(CHAIN_PIECE, d) if m.kind != "step" and len(m.path) - 1 == most]
        return [B.label(h) for h in paths[0]], None
    if name == "forbidden_count":
        return sorted(B.label(h) for h in g.forbidden(0)), None
    start = B.hole(KING_PIECE)
    return sorted({B.label(m.path[-1]) for m in g.legal_moves()
                   if m.path and m.path[0] == start and m.kind != "step"}), None


def _wrong(ex: DiamondExercises, name: str) -> tuple[list[str], str | None]:
    """A wrong answer: one hole short (for a chain, a shorter legal chain), or the right
    move with a rule it does not break."""
    holes, rule = _right(ex, name)
    if name == "illegal":
        return holes, next(r for r in ILLEGAL_RULES if r != rule)
    return holes[:-1], None


def _press(board: PickBoard, holes: list[str], rule: str | None) -> None:
    for n, h in enumerate(holes, start=1):
        board.canvas.last_click = {"cell": notation.cell_id(h), "n": n}     # a click in the browser
    if rule is not None:
        values = [v for _label, v in board.choices]
        board.choice_buttons[values.index(rule)].click()


@pytest.fixture(autouse=True)
def _fresh_record():
    records.reset()
    yield
    records.reset()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", NAMES)
def test_the_right_answer_clicked_passes_the_typed_check(name, lang):
    ex = DiamondExercises()
    board = PickBoard(ex, name, move=name in MOVES, lang=lang)
    holes, rule = _right(ex, name)
    _press(board, holes, rule)
    assert board.chosen == holes if name in MOVES else sorted(board.chosen) == sorted(holes)
    assert board.check() is True, (board.answer, board.feedback_line.value)
    assert "✅" in board.feedback_line.value
    assert records.current().exercises[f"Diamond Game exercises/{RECORD[name]}"]["solved"]
    # the clicked answer is the text a student would type: the typed check agrees
    assert getattr(ex, f"check_{name}")(board.answer) is True


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", NAMES)
def test_a_wrong_answer_clicked_gets_the_hint_in_the_boards_language(name, lang, capsys):
    ex = DiamondExercises()
    board = PickBoard(ex, name, move=name in MOVES, lang=lang)
    holes, rule = _wrong(ex, name)
    _press(board, holes, rule)
    assert board.check() is False
    said = board.feedback_line.value
    assert "❌" in said
    if lang == "ja":
        text = re.sub(r"DG-\d+|[a-q]\d+", "", said.split(":", 1)[1])
        assert re.search(r"[ぁ-んァ-ン一-龥]", text) and not re.search(r"[A-Za-z]{3,}", text), said
    else:
        assert re.search(r"missing|not |shorter|longer", said), said
    assert not records.current().exercises[f"Diamond Game exercises/{RECORD[name]}"]["solved"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("cell", ["99,99", "zz", "4,4,4", "-1,x"])
def test_a_click_on_no_hole_is_said_and_changes_nothing(cell, lang):
    board = PickBoard(DiamondExercises(), "reach", lang=lang)
    board.click("e5")
    before = (list(board.chosen), board.canvas.svg)
    board.canvas.last_click = {"cell": cell, "n": 7}
    assert (board.chosen, board.canvas.svg) == before
    said = board.feedback_line.value
    assert ("not a hole of this board" if lang == "en" else "この盤のマスではありません") in said
    assert cell not in said and "Traceback" not in said
    with pytest.raises(BoardkitError):
        board.click(cell)                        # from Python: refused, naming what it got


def test_a_second_click_takes_a_hole_out_and_chosen_holes_are_marked():
    board = PickBoard(DiamondExercises(), "reach")
    plain = board.canvas.svg
    board.canvas.last_click = {"cell": notation.cell_id("e5"), "n": 1}
    marked = board.canvas.svg
    assert board.chosen == ["e5"] and marked != plain
    # the ring drawn round the chosen hole is that hole's to click (a second click reaches it)
    rings = re.compile(r'<circle[^>]*data-cell="{}"[^>]*>'.format(notation.cell_id("e5")))
    assert len(rings.findall(marked)) > len(rings.findall(plain))
    board.click(notation.cell_id("e5"))
    assert board.chosen == [] and board.canvas.svg == plain
    assert "no hole chosen" in board.answer_line.value


def test_holes_clicked_in_order_are_drawn_as_a_path_and_counted():
    ex = DiamondExercises()
    chain = PickBoard(ex, "chain", move=True)
    for h in ("e7", "g7", "i5"):
        chain.click(h)
    assert chain.answer == "e7:g7:i5" and "e7:g7:i5" in chain.answer_line.value
    unclicked = PickBoard(ex, "chain", move=True).canvas.svg
    assert chain.canvas.svg.count("<polyline") > unclicked.count("<polyline")
    holes = PickBoard(ex, "forbidden_count")
    for h in ("e1", "e2", "f1"):
        holes.click(h)
    assert holes.answer == "e1, e2, f1" and "(3 chosen)" in holes.answer_line.value


def test_the_rule_buttons_are_the_rules_offered_with_their_titles():
    en = PickBoard(DiamondExercises(), "illegal", move=True)
    ja = PickBoard(DiamondExercises(), "illegal", move=True, lang="ja")
    assert [v for _l, v in en.choices] == list(ILLEGAL_RULES)
    assert "DG-12 Kings block" in [b.description for b in en.choice_buttons]
    assert "DG-12 王駒は飛び越せない" in [b.description for b in ja.choice_buttons]
    # clicked holes without a rule: asked for the rule, nothing checked or recorded
    en.click("i3")
    en.click("i5")
    assert en.check() is False and "Choose one of the buttons" in en.feedback_line.value
    assert not records.current().exercises
    en.choice_buttons[0].click()
    assert en.choice == ILLEGAL_RULES[0] and en.choice_buttons[0].button_style == "info"
    en.clear()
    assert en.choice is None and en.chosen == [] and en.choice_buttons[0].button_style == ""
    with pytest.raises(BoardkitError, match="value"):
        en.choose("DG-99")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", NAMES)
def test_the_click_board_reads_before_running(name, lang):
    """Untrusted or un-run: the board picture with its hole labels, the question (and the
    buttons' choices) and a run cue; never the widget's Python name."""
    board = PickBoard(DiamondExercises(), name, move=name in MOVES, lang=lang)
    bundle = board._repr_mimebundle_()
    page, plain = bundle["text/html"], bundle["text/plain"]
    question = board.question()
    assert question != name and question in plain and "PickBoard" not in plain + page
    assert ("Run the cell" if lang == "en" else "セルを実行すると") in page
    picture = base64.b64decode(re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', page).group(1)).decode()
    labels = set(re.findall(r">([a-q]\d{1,2})</text>", picture))
    assert len(labels) == 121                     # every hole named (labels=True)
    width = float(re.search(r'width="([\d.]+)"', picture).group(1))
    assert width >= 500                           # big enough to read and click on a projector
    if name == "illegal":
        assert all(r in plain and r in page for r in ILLEGAL_RULES)
        assert ("Kings block" if lang == "en" else "王駒は飛び越せない") in page


def test_click_ids_and_labels_map_through_the_notation():
    for h in B.HOLES:
        assert notation.cell_label(notation.cell_id(h)) == B.label(h)
        assert notation.parse_cell(notation.cell_id(h)) == h
    assert notation.cell_names()[notation.cell_id("e5")] == "e5"
    assert notation.path_text(["g9", "h8"]) == "g9-h8"            # neighbours: a step
    assert notation.path_text(["e7", "g7", "i5"]) == "e7:g7:i5"
    assert notation.path_text([notation.cell_id("i3"), notation.cell_id("i5")]) == "i3:i5"
    for bad in ("e5", [], ["e5", "zz"], 7):
        with pytest.raises(BoardkitError, match="hole"):
            notation.path_text(bad)


def test_the_typed_answers_read_any_notation_and_exact_rule_ids(capsys):
    ex = DiamondExercises()
    move, rule = _illegal_one()
    a, b = notation.parse_move(move)
    assert ex.check_illegal(f"{B.label(a).upper()} x {B.label(b)}, {rule.lower().replace('-', '')}")
    assert not ex.check_illegal(f"{move}, {rule[:-1]}")          # "DG-1" is no DG-12
    holes = {B.label(h) for h in ex.position("forbidden_count").forbidden(0)}
    assert ex.check_forbidden_count(" ".join(sorted(holes))) is True
    assert ex.check_forbidden_count(len(holes)) is True
    assert ex.check_forbidden_count(sorted(holes)[1:] + ["i5"]) is False
    assert ex.check_forbidden_count("forty") is False
    out = capsys.readouterr().out
    assert "i5 is not right: a red piece may stop there." in out and "1 forbidden hole missing" in out
    assert "'forty' is not a number" in out


def test_the_click_board_refuses_bad_arguments():
    ex = DiamondExercises()
    for kwargs, what in (({"size": 100}, "size"), ({"move": "yes"}, "move")):
        with pytest.raises(BoardkitError, match=what):
            PickBoard(ex, "reach", **kwargs)
    with pytest.raises(BoardkitError, match="name"):
        PickBoard(ex, "nothing")
    with pytest.raises(BoardkitError, match="name"):
        ex.position("nothing")
