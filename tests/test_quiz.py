"""The lessons' check-yourself questions (boardkit.quiz): right, wrong, retry, score."""
import pytest

from boardkit import quiz
from boardkit.i18n import set_language


@pytest.fixture(autouse=True)
def fresh_score():
    quiz.reset_score()
    yield
    quiz.reset_score()
    set_language("en")


def test_choice_wrong_then_right_names_the_misconception():
    q = quiz.choice("Who moves first in international draughts?", ["White", "Black"],
                    answer="White", explain="White moves first (CK-02).",
                    why={"Black": "Black moves first in American checkers only."})
    assert q.check() is None and "Pick" in q.feedback.value          # nothing picked yet
    assert q.answer("Black") is False
    assert "American checkers only" in q.feedback.value and "Try again" in q.feedback.value
    assert q.answer("White") is True
    assert "CK-02" in q.feedback.value and q.tries == 2
    assert quiz.score().startswith("1 of 1") and "0 at the first try" in quiz.score()


def test_choice_refuses_an_answer_not_offered():
    with pytest.raises(ValueError, match="not among the options"):
        quiz.choice("?", ["a", "b"], answer="c")


@pytest.mark.parametrize("typed, verdict", [("13", True), (" 13 ", True), ("26/2", True),
                                            ("14", False), ("1e9", None), ("", None),
                                            ("１３", None), ("9" * 40, None)])
def test_number_reads_digits_and_fractions_only(typed, verdict):
    q = quiz.number("How many rolls?", answer=13)
    assert q.answer(typed) is verdict


def test_number_tolerance_and_fraction_answer():
    q = quiz.number("Chance of a hit?", answer="11/36", tolerance=0.005)
    assert q.answer("0.306") is True
    assert quiz.number("p", answer="11/36").answer("0.3") is False


def test_predict_needs_a_guess_and_is_not_scored():
    q = quiz.predict("Longer turns: fair or realistic golds?", reveal="The realistic ones.")
    assert q.check() is None and "prediction" in q.feedback.value
    assert q.answer("fair") is True and "realistic ones" in q.feedback.value
    assert quiz.score().startswith("0 of 0")


def test_plain_text_form_states_question_and_choices():
    q = quiz.choice("Which?", ["x", "y"], answer="x")
    assert repr(q) == ("Question: Which?\nChoices: x / y\n"
                       "(run the cell to answer; the answer is folded below)")


def test_japanese_words():
    set_language("ja")
    q = quiz.choice("どちら？", ["白", "黒"], answer="白")
    q.answer("黒")
    assert "ちがいます" in q.feedback.value


def test_quiz_and_exercise_feedback_quote_a_typed_answer_in_the_languages_marks(capsys):
    """L20: 「abc」は数ではありません, never Python's quotes ('abc'), in the quiz and in the
    exercises' checks; a check prints in its own language whatever the current one is."""
    import boardkit
    from boardkit import quiz
    from boardkit.exercises import Checker
    q = quiz.number("How many?", answer=3, lang="ja")
    assert q.answer("abc") is None and "「abc」は数ではありません" in q.feedback.value
    en = quiz.number("How many?", answer=3, lang="en")
    assert en.answer("abc") is None and "&#x27;abc&#x27; is not a number" in en.feedback.value
    c = Checker("t", "ja")
    boardkit.set_language("en")
    assert not c("n", "abc", 3) and "「abc」は数ではありません" in capsys.readouterr().out
    assert not Checker("t")("n", "abc", 3) and "'abc' is not a number" in capsys.readouterr().out
    assert boardkit.language() == "en"
