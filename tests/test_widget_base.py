"""The widget base, driven from Python exactly as clicks would drive it (toy game)."""
import types

import ipywidgets as W
import pytest

from boardkit.widgets import GameWidget

from toygame import ToyDiceGame, ToyGame, first_bot, random_bot


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


# ------------------------------------------------------------ the hooks (issue 9/11)
toy_ai = types.ModuleType("toy_ai")
toy_ai.LEVELS = {"first": "さいしょ", "random": "ランダム"}
toy_ai.HINT_LEVEL = "first"
toy_ai.bot = lambda level: {"first": first_bot, "random": random_bot}[level]
toy_ai.hint = lambda game, level=None: first_bot(game, None)
toy_ai.explain = lambda game, move: f"it goes to {move.path[-1]}"


class AiToyWidget(GameWidget):
    ai = toy_ai

    def make_game(self, options):
        return ToyGame()


class DiceWidget(GameWidget):
    has_chance = True
    chance_label = "Roll"
    ai = toy_ai

    def make_game(self, options):
        return ToyDiceGame()

    def extra_rows(self):
        self.log_html = W.HTML("log")
        return [self.log_html]

    def header_rows(self):
        self.info = W.HTML("info")
        return [self.info]

    def after_chance(self, outcome):
        self.log_html.value = f"rolled {outcome}"


def test_levels_hint_and_reason_come_from_the_ai_module():
    w = AiToyWidget(level="ランダム")
    assert w.level_control.value == "random"
    assert w.level_control.options == (("さいしょ (first)", "first"), ("ランダム (random)", "random"))
    w.show_hint()
    assert w.message == "Hint: a-b-c — it goes to c" and w.hints_used == 1


def test_error_message_is_cleared_by_the_next_correct_action():
    w = ToyWidget()
    w.click("h")
    assert w.last_error and "no legal move" in w.message
    w.click("a")
    assert w.message == "" and w.last_error is None


def test_undo_can_be_switched_off_and_uses_are_counted_and_shown_at_the_end():
    w = ToyWidget(undo_allowed=False, game=ToyGame(start="e"))
    w.click("e"); w.click("a")
    w.undo()
    assert "undo is off" in w.message and len(w.game.history) == 1 and w.undo_button.disabled
    w.undo_allowed = True
    w.undo()
    assert w.game.history == [] and w.undos_used == 1 and not w.undo_button.disabled
    w.show_hint()
    w.click("e"); w.click("f"); w.click("h")
    assert w.game.is_over() and "hints used: 1, undos used: 1" in w.status
    w.new_game()
    assert w.hints_used == w.undos_used == 0


def test_computer_reply_is_drawn_separately_and_both_moves_are_marked():
    w = ToyWidget(computer=1)
    svgs = []
    w.canvas.observe(lambda ch: svgs.append(ch["new"]), names="svg")
    w.click("a"); w.click("b"); w.click("d")
    assert [str(m) for m in w.game.history] == ["a-b-d", "d-a"] and w.marked == 2
    assert len(svgs) >= 2               # one redraw after my move, one after the reply


def test_dice_widget_rolls_records_and_undoes_through_the_hooks():
    w = DiceWidget(computer=1)
    kids = list(w.children)
    assert kids[1] is w.info and w.log_html in kids
    w.click("t0")
    assert "roll first" in w.message and w.game.history == []
    w.show_hint()
    assert "Roll first" in w.message
    w.roll()
    d = w.game.history[0].outcome
    assert w.log_html.value == f"rolled {d}" and w.message == ""
    w.click("t0"); w.click(f"t{d}")
    assert len(w.game.history) == 4                       # my roll+move, its roll+move
    assert w.moves_text()[0].startswith(f"1. {d}: t0-t{d}")
    w.undo()
    assert [type(m).__name__ for m in w.game.history] == ["ChanceStep"]   # my roll stays


def test_narrowing_moves_hook_offers_more_paths_than_legal_moves():
    from toygame import Route

    class ManyPaths(ToyDestinationWidget):
        def narrowing_moves(self):
            if self.selection.dest == "e":     # two chains to e: a-e and a-b-d-e (drawn as one move)
                return [Route(("a", "e")), Route(("a", "b", "d", "e"))]
            return super().narrowing_moves()

    w = ManyPaths()
    w.click("a"); w.click("e")
    assert w.targets == {"e", "b"} and "click the next hop" in w.message


def test_move_list_keeps_the_newest_move_in_view_and_uses_theme_colours():
    from boardkit.widgets.base import scroll_box
    w = ToyWidget()
    w.click("a"); w.click("e")
    assert "column-reverse" in w.moves_html.value and "var(--jp-ui-font-color1" in w.moves_html.value
    assert "#333" not in w.status_html.value.split("var(")[0]
    assert "column-reverse" in scroll_box("<p>x</p>") and "<p>x</p>" in scroll_box("<p>x</p>")


def test_widget_words_come_from_the_language_catalogue():
    from boardkit import i18n
    assert i18n.tr("no_move_from", cell="h") == "h: no legal move starts there"
    assert i18n.tr("unknown.key") == "unknown.key"
    i18n.set_language("ja")
    try:
        w = ToyWidget()
        assert w.new_button.description == "新しいゲーム" and "の番です" in w.status
        w.click("h")
        assert "動かせる手はありません" in w.message
    finally:
        i18n.set_language("en")
    assert ToyWidget().new_button.description == "New game"
    missing = set(i18n.CATALOGUES["en"]) - set(i18n.CATALOGUES["ja"])
    assert not missing, f"Japanese catalogue lacks {sorted(missing)}"
    from boardkit import BoardkitError
    with pytest.raises(BoardkitError, match="lang must be one of"):
        i18n.set_language("fr")


def test_widget_repr_is_short_and_stable():
    assert repr(ToyWidget()) == "<ToyWidget: One (you) to move>"


def test_why_not_target_hook_explains_a_click_on_an_unmarked_cell():
    class Explaining(ToyWidget):
        def why_not_target(self, start, cell):
            return f"{start} cannot reach {cell} (TOY-1)"

    w = Explaining()
    w.click("a"); w.click("h")
    assert w.message == "a cannot reach h (TOY-1)" and not w.selection.active
    w2 = ToyWidget()
    w2.click("a"); w2.click("h")
    assert w2.message == "" and not w2.selection.active       # the default stays silent


def test_unknown_level_is_a_boardkit_error_listing_the_levels():
    from boardkit import BoardkitError
    with pytest.raises(BoardkitError, match="'first' \\(さいしょ\\)"):
        AiToyWidget(level="hardest")
    with pytest.raises(BoardkitError, match="'only'"):
        ToyWidget(level="hardest")


def test_a_double_click_on_new_game_acts_once_but_undo_clicks_all_count():
    """New game (and Roll/Toss, a game's Join or Set dice) ignores the second click of a
    double click: one less than DOUBLE_CLICK_S after the click acted; a later click acts.
    Undo is not guarded: two quick clicks take back two moves."""
    from boardkit.widgets.base import DOUBLE_CLICK_S

    class Counting(ToyWidget):
        made = 0

        def on_new_game(self):
            self.made += 1

    w = Counting()
    clock = [50.0]
    w._clock = lambda: clock[0]
    w.new_button.click()
    clock[0] += DOUBLE_CLICK_S - 0.01
    w.new_button.click()
    assert w.made == 1
    clock[0] += DOUBLE_CLICK_S
    w.new_button.click()
    assert w.made == 2
    w.click("a"), w.click("e")                    # One plays a-e, Two replies by hand
    w.play(w.game.legal_moves()[0])
    assert len(w.game.history) == 2
    w.undo_button.click()
    w.undo_button.click()                         # at the same instant: both count
    assert w.game.history == [] and w.undos_used == 2
