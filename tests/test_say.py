"""``i18n.say``: one line of lesson code that prints an error, an ending or a Word in the
current language (the two editions of a lesson share their code)."""
import pytest

from boardkit import IllegalMoveError, set_language
from boardkit.checkers import CheckersGame
from boardkit.i18n import Word, error_text, say


def _refusal():
    with pytest.raises(IllegalMoveError) as info:
        CheckersGame().play("1-2")
    return info.value


def test_say_an_error_follows_the_language():
    err = _refusal()
    assert say(err, "en") == str(err)
    assert say(err, "ja") == error_text(err, "ja") != str(err)
    set_language("ja")
    try:
        assert say(err) == error_text(err, "ja")
    finally:
        set_language("en")


def test_say_a_word_and_an_ending():
    assert say(Word("you"), "ja") == "あなた" and say(Word("you"), "en") == "you"
    game = CheckersGame(fen="B:WK14:B")           # Black has no piece left
    out = game.outcome()
    assert say(out, "en") != say(out, "ja")
    assert say(42) == "42"
