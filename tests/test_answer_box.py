"""AnswerBox: every exercise answered without Python, by typing plain text in a box or by
clicking a choice, with the feedback and the record of the typed check."""
from __future__ import annotations

import pytest

from boardkit import records
from boardkit._core import BoardkitError
from boardkit.backgammon.exercises import BackgammonExercises
from boardkit.backgammon.exercises import position as bg_position
from boardkit.checkers.exercises import CheckersExercises
from boardkit.mawari.exercises import LAID_DOWN_TOSS, MawariExercises, laid_down_position
from boardkit.mawari.toss import TossModel
from boardkit.widgets.answer import AnswerBox


@pytest.fixture(autouse=True)
def _fresh_record():
    records.reset()
    yield
    records.reset()


def _typed(box: AnswerBox, text: str, enter: bool = False) -> bool:
    """Type ``text`` in the box, then press Check (or Enter: the front end's submit)."""
    box.field.value = text
    if enter:
        box.field._handle_custom_msg({"event": "submit"}, [])
    else:
        box.check_button.click()
    return "✅" in box.feedback_line.value


def _record(ex, check_name):
    return records.current().exercises[f"{ex.topic}/{check_name}"]


def _laid_down_players():
    g = laid_down_position()
    g.set_toss(LAID_DOWN_TOSS)
    return [f"P{p + 1}" for p in range(g.players) if g.is_laid(p)]


def _pips(name):
    white, red = bg_position(name).pip_count()
    return f"{white}, {red}"


# (exercises, name, a right answer computed by the engine, a wrong answer, the record's name)
TYPED = [
    (CheckersExercises, "count", lambda ex: str(len(ex.position("count").legal_moves())), "1",
     "move count"),
    (BackgammonExercises, "pips_start", lambda ex: _pips("start"), "160, 150", "pips at the start"),
    (BackgammonExercises, "pips_middle", lambda ex: _pips("middle"), "100, 100",
     "pips in the middle game"),
    (BackgammonExercises, "legal_plays",
     lambda ex: ", ".join(str(p) for p in bg_position("stuck").legal_moves()), "bar/20", "legal plays"),
    (MawariExercises, "expected_squares", lambda ex: f"{float(TossModel.fair().turn_mean()):.2f}",
     "2", "expected squares per turn (fair)"),
    (MawariExercises, "toss_again_fair", lambda ex: str(TossModel.fair().repeat_probability()),
     "0.9", "chance to toss again (fair)"),
]


@pytest.mark.parametrize("cls,name,right,wrong,record", TYPED, ids=[t[1] for t in TYPED])
def test_typed_answers_are_checked_and_recorded(cls, name, right, wrong, record):
    ex = cls()
    box = AnswerBox(ex, name, lang="en")
    assert box.field is not None and not box.buttons
    assert not _typed(box, wrong) and "❌" in box.feedback_line.value
    assert _record(ex, record) == {**_record(ex, record), "tried": 1, "solved": False}
    assert _typed(box, right(ex), enter=True), box.feedback_line.value
    item = _record(ex, record)
    assert item["solved"] and item["tried"] == 2 and not item["first_try"]


@pytest.mark.parametrize("cls,name", [(CheckersExercises, "count"), (BackgammonExercises, "shots_6"),
                                      (BackgammonExercises, "legal_plays"),
                                      (MawariExercises, "value_of_toss"),
                                      (MawariExercises, "laid_down")])
@pytest.mark.parametrize("junk", ["lots", "{[(", "bar/99 x", "1/0", "ｘ" * 600, "\ud800"])
def test_junk_gets_a_sentence_never_an_exception(cls, name, junk):
    box = AnswerBox(cls(), name, lang="en")
    assert not _typed(box, junk)
    said = box.feedback_line.value
    assert "❌" in said and "Traceback" not in said and "Error" not in said and len(said) < 600


def test_an_empty_box_says_not_answered_and_records_nothing():
    ex = BackgammonExercises()
    box = AnswerBox(ex, "shots_11")
    assert not _typed(box, "   ")
    assert "not answered" in box.feedback_line.value
    assert not records.current().exercises


def test_equivalent_plays_are_accepted_as_the_position_they_leave():
    """bar/20 20/16 and bar/16 are one play; so are bar/20 6/2 and 6/2 bar/20."""
    ex = BackgammonExercises()
    box = AnswerBox(ex, "legal_plays")
    plays = [str(p) for p in bg_position("stuck").legal_moves()]
    assert "bar/16" in plays                     # the engine's spelling of the combined play
    spelled = [p.replace("bar/16", "bar/20 20/16") for p in plays]
    assert _typed(box, ", ".join(reversed(spelled))), box.feedback_line.value
    assert _typed(box, "; ".join(plays).upper())
    two_moves = [p for p in plays if " " in p]
    assert two_moves                              # its moves in the other order: the same play
    turned = [" ".join(reversed(p.split())) if p in two_moves else p for p in plays]
    assert turned != plays and _typed(box, ", ".join(turned)), box.feedback_line.value


def test_yes_no_buttons_answer_the_forty_move_question():
    ex = CheckersExercises()
    g = ex.position("forty")
    for m in ("6-10", "28-24"):
        g.play(m)
    right = "yes" if g.outcome() is not None and g.outcome().is_draw else "no"
    box = AnswerBox(ex, "forty", choices=("yes", "no"))
    assert box.field is None and [b.description for b in box.buttons] == ["yes", "no"]
    wrong_button, right_button = sorted(box.buttons, key=lambda b: b.description == right)
    wrong_button.click()
    assert "❌" in box.feedback_line.value and "CK-12" in box.feedback_line.value
    right_button.click()
    assert "✅" in box.feedback_line.value
    item = _record(ex, "40-move rule")
    assert item["solved"] and item["tried"] == 2


def test_player_toggles_answer_who_is_laid_down():
    ex = MawariExercises()
    laid = _laid_down_players()
    box = AnswerBox(ex, "laid_down", choices=("P1", "P2", "P3"), several=True)
    assert [t.description for t in box.toggles] == ["P1", "P2", "P3"]
    assert not box.check() and "not answered" in box.feedback_line.value
    others = [t for t in box.toggles if t.description not in laid]
    others[0].value = True                      # a wrong player, then taken out again
    assert box.answer == others[0].description and others[0].description in box.answer_line.value
    box.check_button.click()
    assert "❌" in box.feedback_line.value
    others[0].value = False
    for t in box.toggles:
        if t.description in laid:
            t.value = True
    assert box.answer == ", ".join(laid)
    box.check_button.click()
    assert "✅" in box.feedback_line.value
    assert _record(ex, "who is laid down")["tried"] == 2


def test_each_choice_button_sends_its_choice():
    """Every button is pressed once: the check sees exactly that choice."""
    ex = MawariExercises()
    laid = _laid_down_players()
    box = AnswerBox(ex, "laid_down", choices=("P1", "P2", "P3"))
    for b in box.buttons:
        b.click()
        assert ("✅" in box.feedback_line.value) == ([b.description] == laid), b.description


def test_japanese_words_and_feedback():
    from boardkit import i18n
    ex = BackgammonExercises()
    box = AnswerBox(ex, "pips_start", lang="ja")
    i18n.set_language("en")
    assert "ピップ" in box.question() and box.check_button.description == "答え合わせ"
    assert "例" in box.field.placeholder
    _typed(box, "1, 2")
    assert "❌" in box.feedback_line.value and "ピップ" in box.feedback_line.value
    _typed(box, "abc")
    said = box.feedback_line.value
    assert "abc" in said and not any(w in said for w in ("number", "not", "could"))
    assert i18n.language() == "en" and ex.checker.lang is None       # both left as they were
    yes_no = AnswerBox(CheckersExercises(), "forty", choices=("yes", "no"), lang="ja")
    assert [b.description for b in yes_no.buttons] == ["はい", "いいえ"]
    yes_no.buttons[0].click()
    assert "40" in yes_no.feedback_line.value and "move" not in yes_no.feedback_line.value
    m = AnswerBox(MawariExercises(), "laid_down", choices=("P1", "P2", "P3"), several=True, lang="ja")
    m.check()
    assert "まだ答えていません" in m.feedback_line.value and "寝かされる" in m.question()


@pytest.mark.parametrize("kind", ["text", "choices", "several"])
def test_the_static_view_shows_the_question_and_the_form(kind):
    if kind == "text":
        box = AnswerBox(BackgammonExercises(), "enter_one")
        shown = ["36", "e.g. 11", "Check", "Enter"]
    elif kind == "choices":
        box = AnswerBox(CheckersExercises(), "forty", choices=("yes", "no"), lang="ja")
        shown = ["40手", "はい", "いいえ", "クリック"]
    else:
        box = AnswerBox(MawariExercises(), "laid_down", choices=("P1", "P2", "P3"), several=True)
        shown = ["laid down", "P1", "P2", "P3", "Check"]
    bundle = box._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    for key in ("text/html", "text/plain"):
        for word in shown:
            assert word in bundle[key], (key, word)
        assert "AnswerBox" not in bundle[key]
        assert ("セルを実行" if box.lang == "ja" else "Run the cell") in bundle[key]


@pytest.mark.parametrize("kwargs,what", [
    (dict(name="nothing"), "name"), (dict(name=3), "name"), (dict(name="pips"), "name"),
    (dict(name="pips_start", choices="yes/no"), "choices"),
    (dict(name="pips_start", choices=("yes",)), "choices"),
    (dict(name="pips_start", choices=("a", "a")), "choices"),
    (dict(name="pips_start", choices=("a", 2)), "choices"),
    (dict(name="pips_start", several=True), "several"),
    (dict(name="pips_start", several="yes", choices=("a", "b")), "several"),
    (dict(name="pips_start", lang="xx"), "lang"),
])
def test_bad_arguments_are_refused_by_name(kwargs, what):
    name = kwargs.pop("name")
    with pytest.raises(BoardkitError, match=what):
        AnswerBox(BackgammonExercises(), name, **kwargs)
    with pytest.raises(BoardkitError, match="exercises"):
        AnswerBox("ex", "pips_start")


def test_a_typed_box_and_a_choice_box_refuse_the_other_verb():
    box = AnswerBox(BackgammonExercises(), "shots_6")
    with pytest.raises(BoardkitError, match="choice"):
        box.choose("yes")
    box.type("17")
    assert box.answer == "17" and box.submit()
    with pytest.raises(BoardkitError, match="typed"):
        AnswerBox(CheckersExercises(), "forty", choices=("yes", "no")).type("yes")


# ---------------------------------------------------------------- the exercise notebooks

def _check_calls(md: str) -> list[str]:
    import re
    return re.findall(r"ex\.check_(\w+)\(answer\)", md)


def _widgets(md: str, cls: str) -> list[str]:
    import re
    return re.findall(rf'^{cls}\(ex, "(\w+)"', md, flags=re.M)


@pytest.mark.parametrize("folder", ["exercises", "exercises/ja"])
@pytest.mark.parametrize("game,cls", [("checkers", CheckersExercises),
                                      ("backgammon", BackgammonExercises),
                                      ("mawari", MawariExercises)])
def test_every_exercise_of_the_notebook_can_be_answered_without_python(folder, game, cls):
    """Each check the notebook calls has a click board or an answer box for the same check,
    and the intro says so."""
    import pathlib

    from boardkit.widgets.answer import find_check
    md = (pathlib.Path(__file__).resolve().parents[1] / folder / f"{game}.md").read_text(encoding="utf-8")
    ex = cls()
    checks = _check_calls(md)
    assert sorted(checks) == sorted(ex.names())               # every exercise is in the notebook
    answered = [find_check(ex, n, "test") for n in _widgets(md, "PickBoard") + _widgets(md, "AnswerBox")]
    assert sorted(answered) == sorted(checks)                  # one way without Python, each
    intro = md.split("```{code-cell}", 1)[0]
    assert ("Python を使わず" if folder.endswith("ja") else "without Python") in intro


@pytest.mark.parametrize("cls,name,typed", [
    (CheckersExercises, "targets", "15, 16"), (BackgammonExercises, "pips_start", "167, 167"),
    (BackgammonExercises, "shots_6", "17"), (BackgammonExercises, "shots_6", "17/36"),
    (BackgammonExercises, "shots_6", "0.472"),
    (BackgammonExercises, "legal_plays", "bar/20 20/16, bar/20 6/2"),
    (MawariExercises, "toss_again_fair", "1/16"),
])
def test_the_solutions_plain_text_examples_are_right_answers(cls, name, typed):
    """The answers the solutions quote as typed in the box pass the box."""
    assert _typed(AnswerBox(cls(), name), typed)
