"""The widget base, driven from Python exactly as clicks would drive it (toy game)."""
import numpy as np
import pytest

from boardkit.widgets import GameWidget
from toygame import ToyGame, first_bot


class ToyWidget(GameWidget):
    player_names = ("One", "Two")
    levels = ("only",)

    def make_game(self, options):
        return ToyGame()

    def bot(self, level):
        return first_bot


class ToyDestinationWidget(ToyWidget):
    click_mode = "destination"


def test_hop_mode_selects_hop_by_hop_and_plays():
    w = ToyWidget()
    w.click("a")
    assert w.targets == {"b", "e"}
    w.click("b")
    assert w.targets == {"c", "d"}                # branch: the player chooses
    w.click("d")
    assert [str(m) for m in w.game.history] == ["a-b-d"]
    assert "Two" in w.status and w.moves_text() == ["1. a-b-d"]
    assert 'data-cell="d"' in w.canvas.svg


def test_hop_mode_auto_extends_single_continuation():
    w = ToyWidget(game=ToyGame(start="e"))
    w.click("e")
    assert w.targets == {"f", "a"}
    w.click("f")                                  # f -> g is forced, then h or i
    assert w.selection.prefix == ["e", "f", "g"] and w.targets == {"h", "i"}
    w.click("i")
    assert w.game.is_over() and "Game over" in w.status


def test_destination_mode_plays_unique_path_directly():
    w = ToyDestinationWidget()
    w.click("a")
    assert w.targets == {"c", "d", "e"}
    w.click("e")
    assert [str(m) for m in w.game.history] == ["a-e"]


def test_click_on_empty_cell_explains_and_changes_nothing():
    w = ToyWidget()
    w.click("h")
    assert w.game.history == [] and "no legal move starts there" in w.message_html.value


def test_computer_replies_and_undo_takes_both_back():
    w = ToyWidget(computer=1)
    w.click("a"); w.click("b"); w.click("d")
    assert [str(m) for m in w.game.history] == ["a-b-d", "d-a"]   # computer replied
    w.undo()
    assert w.game.history == [] and w.game.token == "a"


def test_new_game_hint_flip_and_save_resume(tmp_path):
    w = ToyWidget()
    w.click("a"); w.click("e")
    w.show_hint()
    assert str(w.hint) == "e-f-g-h"
    w.flip()
    assert w.flipped
    path = str(tmp_path / "toy.json")
    w.save(path)
    w.new_game()
    assert w.game.history == []
    w.resume(path)
    assert w.game.token == "e"
    w.resume(str(tmp_path / "missing.json"))
    assert "could not resume" in w.message_html.value and w.game.token == "e"


def test_undo_keeps_the_computers_opening_move():
    w = ToyWidget(computer=0)                     # the computer moves first
    assert [str(m) for m in w.game.history] == ["a-b-c"]
    w.undo()
    assert [str(m) for m in w.game.history] == ["a-b-c"] and "nothing to undo" in w.message_html.value
    w.click("c"); w.click("a")                    # our move, then the computer's reply
    assert len(w.game.history) == 3
    w.undo()
    assert [str(m) for m in w.game.history] == ["a-b-c"] and w.game.turn == 1


def test_save_and_resume_report_errors_and_never_raise(tmp_path):
    w = ToyWidget()
    w.click("a"); w.click("e")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe" + b"[" * 100)
    w.resume(str(bad))
    assert "could not resume" in w.message_html.value and w.game.token == "e"
    (tmp_path / "deep.json").write_text("[" * 100_000)
    w.resume(str(tmp_path / "deep.json"))
    assert "could not resume" in w.message_html.value
    w.save(str(tmp_path / "missing" / "dir" / "g.json"))
    assert "could not save" in w.message_html.value
