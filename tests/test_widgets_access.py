"""Boards for every student (issue 13): the move text box, the board's description for
screen readers, the announced status line and the keyboard protocol's Python side."""
from __future__ import annotations

import pytest

from boardkit.checkers.widget import CheckersWidget
from boardkit.diamond.widget import DiamondWidget


def test_checkers_text_box_plays_a_legal_move_and_the_computer_replies():
    w = CheckersWidget(computer=1)
    w.move_box.value = "11-15"                  # what Enter in the box sends
    played = [str(m) for m in w.game.moves_played()]
    assert played[0] == "11-15" and len(played) == 2       # the computer replied
    assert w.move_box.value == "" and w.last_error is None
    assert w.marked == 2                         # my move + the reply are marked, as after clicks


def test_checkers_text_box_refuses_an_illegal_move_and_names_the_rule():
    w = CheckersWidget()
    w.play_text("11-15")
    w.play_text("22-17")
    w.move_box.value = "15-19"                   # now White must capture (23x16 or 24x15)
    before = w.game.to_json()
    w.move_box.value = "21-17"                   # a step while a capture is compulsory
    assert w.game.to_json() == before
    assert "CK-06" in w.message and w.last_error == w.message
    assert w.move_box.value == "21-17"           # left for the student to correct
    w.move_button.click()                        # Play again: still refused, still unchanged
    assert w.game.to_json() == before and "CK-06" in w.message
    w.move_box.value = "24x15"
    assert str(w.game.moves_played()[-1]) == "24x15" and w.last_error is None


def test_checkers_text_box_bad_notation_leaves_the_game():
    w = CheckersWidget()
    before = w.game.to_json()
    assert not w.play_text("11-99")
    assert w.game.to_json() == before and w.last_error


def test_diamond_text_box_plays_a_step_and_refuses_a_wrong_one():
    w = DiamondWidget()
    move = next(m for m in w.game.legal_moves() if m.kind == "step")
    before = w.game.to_json()
    bad = str(move).split("-")[0] + "-" + str(move).split("-")[0]      # a piece onto itself
    assert not w.play_text(bad)
    assert w.game.to_json() == before and w.last_error
    assert w.play_text(str(move))
    assert [str(m) for m in w.game.moves_played()][0] == str(move)
    assert w.last_error is None and w.message == ""


def test_text_box_waits_for_the_computer_and_the_end():
    w = CheckersWidget(computer=0)               # the computer plays Black and has moved
    assert len(w.game.moves_played()) == 1
    w.seat_controls[1].value = "computer"        # now both seats are the computer's
    n = len(w.game.moves_played())
    assert not w.play_text("22-18") or len(w.game.moves_played()) > n


def test_the_board_is_described_and_the_status_is_announced():
    w = CheckersWidget()
    assert "checkers" in w.canvas.label and "Black" in w.canvas.label
    assert "aria-live='polite'" in w.status_html.value
    w.click("11")
    w.click("15")
    assert "11-15" in w.canvas.label and "White" in w.canvas.label
    assert w.describe() == w.canvas.label
    w.play_text("11-99")                         # an error is announced with the status
    assert w.canvas.announce.startswith(w.status) and "CK-15" in w.canvas.announce


def test_keyboard_select_is_the_click_message():
    """Enter/Space in the browser send the same ``last_click`` as a click; from Python
    that is ``canvas.click``: two of them play the move."""
    w = CheckersWidget()
    n = w.canvas.last_click.get("n", 0)
    w.canvas.click("11")
    w.canvas.click("15")
    assert w.canvas.last_click == {"cell": "15", "n": n + 2}
    assert [str(m) for m in w.game.moves_played()] == ["11-15"]


@pytest.mark.parametrize("key", ["tabIndex = 0", "ArrowLeft", "Enter", "role", "aria-label",
                                 "data-focus", "change:label"])
def test_canvas_js_has_the_keyboard_and_aria_parts(key):
    import pathlib

    from boardkit.widgets import canvas
    assert key in pathlib.Path(canvas.__file__).with_name("canvas.js").read_text(encoding="utf-8")


def test_game_setup_opens_from_a_button_reachable_by_keyboard():
    """The set-up panel (rules, sides, level, save/resume) opens with a toggle button, which
    Tab reaches and Enter/Space press (an Accordion's title cannot be focused); it is the
    widget's last child, so a puzzle board can hide it whole."""
    import ipywidgets as W
    w = CheckersWidget()
    assert isinstance(w.setup_toggle, W.ToggleButton) and not w.setup_toggle.value
    assert w.setup_box.layout.display == "none"
    assert w.children[-1].children == (w.setup_toggle, w.setup_box)
    assert w.level_control in w.setup_box.children[0].children
    assert not any(isinstance(c, W.Accordion) for c in w.children)
    w.setup_toggle.value = True                       # what Enter/Space on the button does
    assert w.setup_box.layout.display is None
    w.setup_toggle.value = False
    assert w.setup_box.layout.display == "none"
    assert w.setup_toggle.description == "Game setup, save and resume"


def test_the_games_own_widget_words_speak_japanese():
    """Every game's widget words come from the catalogue: in Japanese the buttons, the
    options and the messages of a refused click are Japanese (the rule IDs stay)."""
    from boardkit import i18n
    from boardkit.backgammon.widget import BackgammonWidget
    from boardkit.mawari.widget import MawariWidget
    i18n.set_language("ja")
    try:
        w = MawariWidget()
        assert w.chance_button.description == "金を振る" and "金を振る番です" in w.status
        w.click("5五")
        assert "先に金を振って" in w.message
        assert w.join_button.description.startswith("参加")
        w = CheckersWidget()
        w.click(20)
        assert "マスは空です" in w.message and w.options["rules"].description == "ルール"
        w = DiamondWidget(players=2)
        w.click("0,0")
        assert "i5 には駒がありません" in w.message and w.options["players"].description == "人数"
        w = BackgammonWidget()
        assert w.chance_button.description == "ふる" and w.options["rules"].description == "ルール"
        w.click("8")
        assert "最初の一振りで先手が決まります" in w.message           # the opening roll (BG-03)
    finally:
        i18n.set_language("en")
    assert MawariWidget().chance_button.description == "Toss"


def test_backgammon_a_refused_destination_names_its_rule():
    """QA 13: with a checker picked up, a click on a point it cannot reach says why, with
    the rule (BG-05 held point, BG-04 one die per step, BG-08 the larger die), and dice
    are written "6 and 5", never as a Python list."""
    from boardkit.backgammon.puzzles import PUZZLES
    from boardkit.backgammon.widget import BackgammonWidget
    w = BackgammonWidget(rules="no cube")
    w.set_dice(6, 5)
    w.click("24"), w.click("19")
    assert w.message == ("24/19 is not allowed: Red holds that point with two or more checkers: "
                         "no checker may land there (BG-05)")
    w.click("24"), w.click("9")
    assert "15 pips" in w.message and "6 and 5 (BG-04)" in w.message and "[" not in w.message
    w.click("13"), w.click("7")
    assert w.message.startswith("13/7; dice left: 5")
    higher = next(p for p in PUZZLES if p.id == "bg08_higher_die")
    w = BackgammonWidget(higher.make_game(), rules="no cube")
    w.click("24"), w.click("19")
    assert "24/19 is not allowed" in w.message and "(BG-08)" in w.message
    assert w.game.moves_played() == [] or str(w.game.moves_played()[-1]) != "24/19"


def test_diamond_a_click_on_an_unreachable_hole_names_its_rule():
    """QA 8: with a piece picked up, a click on a hole it cannot reach says why (the
    engine's reason, as the move box says it) instead of nothing."""
    from boardkit.diamond import geometry as B
    from boardkit.diamond.draw import cell_id
    w = DiamondWidget(players=2)
    w.click(cell_id(B.parse_hole("a1")))
    w.click(cell_id(B.parse_hole("b2")))
    assert w.message.startswith("a1-b2 is not possible") and "(DG-08)" in w.message
    w.click(cell_id(B.parse_hole("a1")))
    w.click(cell_id(B.parse_hole("i5")))
    assert w.message.startswith("a1 to i5") and "(DG-09)" in w.message   # names the move itself
    assert w.game.moves_played() == [] and w.last_error == w.message


def test_checkers_the_square_after_a_refused_piece_keeps_the_rule():
    """QA 3: a piece refused because a capture is compulsory, then the square it was meant
    to go to: the message names the move and CK-06 (not "square 13 is empty")."""
    w = CheckersWidget()
    w.play_text("11-15")
    w.play_text("22-18")
    w.click(9)
    assert "CK-06" in w.message and "(15)" in w.message
    w.click(13)
    assert w.message.startswith("9-13") and "15x22" in w.message and "CK-06" in w.message
    w.click(14)                                   # no refused piece before it: the plain reason
    assert w.message == "square 14 is empty: click one of Black's pieces"


def test_mawari_more_players_in_setup_are_computer_seats():
    """QA 19: choosing 3 players in Game setup shows P3's seat at once, played by the
    computer unless changed; a player who joins (MS-03) plays by hand."""
    from boardkit.mawari.widget import MawariWidget
    w = MawariWidget(computer=1)
    assert [c.layout.display for c in w.seat_controls] == [None, None, "none", "none"]
    w.options["players"].value = 3
    assert w.seat_controls[2].layout.display is None and w.seat_controls[2].value == "computer"
    w.new_game()
    assert w.game.players == 3 and w.is_computer(2) and not w.is_computer(0)
    for _ in range(40):                            # the student tosses; P2 and P3 reply
        if w.game.turn != 0 or w.game.is_over():
            break
        if w.game.chance_pending():
            w.toss()
        else:
            w.decide("no battle")
    assert "P3 (you)" not in w.status
    w = MawariWidget()
    w.join()
    assert w.game.players == 3 and w.seat_controls[2].value == "human"


def test_checkers_capture_rings_can_be_switched_off():
    """A puzzle board hides the CK-06 rings (show_capture_rings = False); the status and
    a refused piece still name the rule."""
    w = CheckersWidget()
    w.play_text("11-15")
    w.play_text("22-18")
    ringed = w.canvas.svg
    w.show_capture_rings = False
    w._refresh()
    assert w.canvas.svg != ringed and "CK-06" in w.status
    w.click(9)
    assert w.message == "a capture is compulsory (CK-06), and the piece on 9 cannot capture"


def test_mawari_description_follows_the_race_and_tosses_read_as_on_the_table():
    """Screen readers: the 回り将棋 board's description says where each piece stands and
    the last toss (tosses are not moves); the move list writes a toss in kanji as the
    table shows it, with the English words (QA 22)."""
    from boardkit.mawari import MawariGame
    from boardkit.mawari.widget import MawariWidget
    w = MawariWidget(MawariGame.setup({0: "1七", 1: "9五"}))
    assert "Pieces: P1 歩 on 1七, P2 歩 on 9五." in w.canvas.label
    w.game.set_toss("up up down down")
    w._after_change()
    assert "P1 歩 on 1五" in w.canvas.label
    assert "Last toss, P1: 表 表 裏 裏 (up up down down)." in w.canvas.label
    assert w.moves_text() == ["1. P1: 表 表 裏 裏 (up up down down)"]


def test_backgammon_reds_plays_also_in_the_boards_numbers():
    """QA 17: Red's play is written in Red's own numbering (BG-16) and, in brackets, with
    the numbers the board shows (White's): Red's 13/6 is the board's 12/19."""
    from boardkit.backgammon.widget import BackgammonWidget
    assert BackgammonWidget._white_numbers(_bg_play("13/6")) == "12/19"
    assert BackgammonWidget._white_numbers(_bg_play("8/5(2) 6/3(2)", dice=(3, 3))) == "17/20(2) 19/22(2)"
    w = BackgammonWidget(rules="no cube", computer=1, seed=3)
    w.set_dice(4, 2)
    w.play_text("8/4 6/4")
    red = w.moves_text()[1]
    assert red.startswith("Red ") and "(on the board: " in red
    assert w.moves_text()[0] == "White 42: 8/4 6/4"


def _bg_play(text, dice=(6, 1)):
    from boardkit.backgammon import BackgammonGame
    from boardkit.backgammon.game import START
    from boardkit.backgammon.rules import BackgammonRules
    g = BackgammonGame.from_position(START, START, dice=dice, rules=BackgammonRules.no_cube())
    return g.copy().play(text)


def test_diamond_hole_names_switch_names_every_hole():
    """QA 45: a "hole names" switch in Game setup writes a1 .. q1 on every hole (the
    names hints, the tutor and the move list use); the pieces keep their marks."""
    w = DiamondWidget(players=2)
    plain = w.canvas.svg
    assert w.options["hole_names"].value is False
    w.options["hole_names"].value = True
    assert w.labels is True and w.canvas.svg != plain and ">q1<" not in plain
    assert ">a1<" in w.canvas.svg, "a hole under a piece is named too"
    w.new_game()                                   # a view option: New game keeps working
    assert w.game.players == 2 and w.labels is True
    w.options["hole_names"].value = False
    assert w.canvas.svg == plain


def test_a_screen_reader_hears_a_focused_cell_by_its_usual_name():
    """The canvas reads the keyboard-focused cell by the name the lessons use: Diamond's
    holes are drawn with axial ids ("q,r") but named "e5"; other games' ids are their names."""
    import re as _re

    from boardkit.checkers.widget import CheckersWidget
    from boardkit.diamond import geometry as B
    from boardkit.diamond.widget import DiamondWidget
    w = DiamondWidget()
    drawn = set(_re.findall(r'data-cell="([^"]+)"', w.canvas.svg))
    assert drawn and drawn <= set(w.canvas.names)
    assert set(w.canvas.names.values()) == {B.label(h) for h in B.HOLES}
    assert CheckersWidget().canvas.names == {}


def _controls(widget):
    """Every widget inside ``widget`` (depth first)."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _controls(child)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_menu_and_control_of_the_four_boards_has_a_name(lang):
    """A screen reader names a menu by its label: ipywidgets 8 draws ``description`` as a
    <label for> the <select>. (A ``tooltip`` alone names nothing: the hidden empty label
    wins in Chromium, checked with its accessibility tree.) Every menu, check box, toggle
    and text box of the four boards has a non-empty description, also the backgammon
    dice menus (QA: they had none), in both languages."""
    import ipywidgets as W

    from boardkit import i18n
    from boardkit.backgammon.widget import BackgammonWidget
    from boardkit.mawari.widget import MawariWidget
    kinds = (W.Dropdown, W.Select, W.SelectMultiple, W.ToggleButtons, W.RadioButtons, W.Checkbox,
             W.ToggleButton, W.Text)
    i18n.set_language(lang)
    try:
        boards = [BackgammonWidget(), CheckersWidget(), DiamondWidget(), MawariWidget()]
        for w in boards:
            controls = [c for c in _controls(w) if isinstance(c, kinds)]
            assert len(controls) >= 8
            unnamed = [c for c in controls if not c.description.strip()]
            assert not unnamed, f"{type(w).__name__}: {unnamed}"
        dice = (boards[0].die_a.description, boards[0].die_b.description)
    finally:
        i18n.set_language("en")
    assert dice == {"en": ("die 1", "die 2"), "ja": ("さいころ1", "さいころ2")}[lang]
