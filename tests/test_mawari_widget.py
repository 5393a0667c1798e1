"""The 回り将棋 widget driven from Python: toss, battle offers, computer seats, undo."""
from boardkit.mawari import MawariGame, ai
from boardkit.mawari.widget import MawariWidget


def battle_position():
    g = MawariGame(players=2)
    g.place(0, "1七")
    g.place(1, "9五")
    g.set_turn(0)
    return g


def test_toss_button_plays_one_toss_and_logs_it():
    w = MawariWidget(seed=3)
    assert w.game.chance_pending() and "toss" in w.status
    w.click("toss")                     # clicking the golds' table tosses (MS-07 step)
    assert len(w.game.history) == 1
    assert w.moves_text()[0].startswith("1. P1: ")
    assert "P1 tosses" in w.events_html.value
    assert "data-cell=\"1九\"" in w.canvas.svg


def test_ms15_battle_offer_by_click_and_buttons():
    w = MawariWidget(battle_position())
    w.game.set_toss("up up down down")  # P1 to 1五, in line with P2 on 9五
    w._after_change()
    assert w.targets == {"9五"}
    assert [b.description for b in w.offer_box.children] == ["battle P2", "no battle"]
    w.click("9五")                      # click the opposing piece: battle declared
    assert w.game.phase == "battle" and w.moves_text()[-1].endswith("battle P2")
    w.undo()
    assert w.game.phase == "decide"
    w.offer_box.children[1].click()     # the "no battle" button
    assert w.game.phase == "toss" and w.game.turn == 1


def test_bad_click_is_a_message_not_a_crash():
    w = MawariWidget()
    w.click("5五")
    w.click("1八")
    assert w.last_error and w.game.history == []


def test_computer_seats_play_whole_game():
    w = MawariWidget(players=3, computer=(0, 1, 2), level="smart", seed=1)
    assert w.game.players == 3
    assert w.game.is_over() and "Game over" in w.status


def test_computer_replies_and_undo_takes_back_human_turn():
    w = MawariWidget(computer=(1,), seed=2)
    w.toss()
    while w.game.turn == 0 and not w.game.is_over():
        if w.game.chance_pending():
            w.toss()
        else:
            w.decide("no battle")
    assert any(getattr(m, "player", None) == 1 for m in w.game.history)   # computer replied
    n = len(w.game.history)
    w.undo()
    assert len(w.game.history) < n and w.game.turn == 0


def test_new_game_with_options():
    w = MawariWidget()
    w.options["players"].value = 4
    w.options["corner_jump"].value = False
    w.options["model"].value = "realistic"
    w.new_game()
    assert w.game.players == 4 and not w.game.rules.corner_jump
    assert w.game.rules.model.overlap > 0


def test_ms01_drawing_cells_are_the_32_ring_squares():
    import re

    from boardkit.mawari import square_name
    g = MawariGame(players=4)
    svg = g.draw().to_svg()
    cells = set(re.findall(r'data-cell="([^"]+)"', svg))
    assert cells == {square_name(i) for i in range(32)} | {"toss"}
    assert svg == MawariGame(players=4).draw().to_svg()                # deterministic
    assert g.draw(flip=True).to_svg() != svg
    assert "歩" in svg and ">1<" in svg                         # kanji and player number


def test_ms12_laid_piece_and_ms15_targets_drawn():
    g = MawariGame.setup({0: ("1八", "香"), 1: ("1六", "歩")}, players=3)
    g.set_toss("up up up down")
    assert "寝" in g.draw().to_svg()
    w = MawariWidget(battle_position())
    w.game.set_toss("up up down down")
    w._after_change()
    assert 'stroke="#1f6feb"' in w.canvas.svg


def test_text_diagram_and_save_resume(tmp_path):
    g = battle_position()
    g.set_toss("up up down down")
    assert "P1 to decide: battle P2, no battle" in str(g)
    path = tmp_path / "m.json"
    g.save(path)
    assert MawariGame.load(path).to_json() == g.to_json()


def test_ms03_join_button():
    w = MawariWidget()
    w._clock = clock = FakeClock()
    w.join_button.click()
    assert w.game.players == 3 and w.game.square(2) == "1一"
    clock.t += 1                                     # a second click, not a double click
    w.join_button.click()
    assert w.join_button.disabled and w.game.players == 4
    w.join()                                         # a fifth: a message, not a crash
    assert "MS-03" in w.last_error


def test_draw_refuses_unknown_options_and_draws_a_hint():
    import pytest

    from boardkit import BoardkitError
    from boardkit.mawari import Battle
    g = MawariGame(players=2)
    with pytest.raises(BoardkitError, match="flipp"):
        g.draw(flipp=True)
    with pytest.raises(BoardkitError, match="size"):
        g.draw(size="big")
    g = MawariGame.setup({0: "1五", 1: "9五"})
    plain = g.draw().to_svg()
    assert g.draw(hint=Battle(1), selected="1五").to_svg() != plain
    assert g.draw(numbers=True, labels=False, last_move=2, title="x").to_svg()


def test_events_box_shows_the_newest_event_first():
    """Issue 11: the newest event is at the top of the box (in bold), not hidden below."""
    import re
    w = MawariWidget(seed=5)
    for _ in range(6):
        w.toss()
    newest = str(w.game.events[-1])
    first = re.sub(r"<[^>]+>", "\n", w.events_html.value).split("\n")
    first = [x for x in first if x.strip()]
    assert first[0] == newest.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert "<b>" in w.events_html.value
    w2 = MawariWidget()
    assert "no events yet" in w2.events_html.value


def test_hint_says_toss_first_then_explains_the_decision():
    """Issue 11: while a toss is due the Hint says so in words; at a battle decision it
    names the smart level's choice and why (odds of the race)."""
    w = MawariWidget(battle_position())
    w.show_hint()
    assert "toss first" in w.message.lower() and w.hint is None and w.hints_used == 0
    w.game.set_toss("up up down down")  # P1 to 1五, in line with P2 on 9五
    w._after_change()
    w.show_hint()
    assert w.hints_used == 1 and str(w.hint) == str(ai.hint(w.game))
    assert f"Hint: {w.hint}" in w.message and "16-square race" in w.message
    assert "chance to win the game" in w.message
    w.decide("no battle")
    assert w.hint is None and w.last_error is None


class FakeClock:
    """A clock the test moves by hand (the double-click guard reads ``w._clock``)."""

    def __init__(self, t: float = 100.0):
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_a_double_click_on_toss_tosses_once():
    """Students double-click by habit: the second click of a double click on Toss (or on
    the golds' table) does nothing; a click 0.35 s or more later tosses again. The Python
    verb toss() is never held back."""
    w = MawariWidget(seed=3)                       # two humans: a toss is due after every toss
    w._clock = clock = FakeClock()
    w.chance_button.click()
    assert len(w.game.history) == 1 and w.game.chance_pending()
    clock.t += 0.1
    w.chance_button.click()                        # the double click's second half
    clock.t += 0.2
    w.chance_button.click()                        # a triple click: still the same click
    assert len(w.game.history) == 1
    clock.t += 0.35
    w.chance_button.click()                        # a new click
    assert len(w.game.history) == 2
    w.click("toss")                                # the table has a guard of its own
    clock.t += 0.05
    w.click("toss")
    assert len(w.game.history) == 3
    w = MawariWidget(seed=3)
    w._clock = FakeClock()
    w.toss()
    w.toss()                                       # from Python: every call tosses
    assert len(w.game.history) == 2


def test_ms03_a_double_click_on_join_adds_one_player():
    w = MawariWidget()
    w._clock = clock = FakeClock()
    w.join_button.click()
    clock.t += 0.2
    w.join_button.click()
    assert w.game.players == 3
    clock.t += 1
    w.join_button.click()
    assert w.game.players == 4


def test_the_toss_widgets_button_tosses_once_on_a_double_click():
    from boardkit.mawari.widget import toss_widget
    box = toss_widget(seed=1)
    box.guard.clock = clock = FakeClock()
    box.button.click()
    clock.t += 0.2
    box.button.click()
    assert box.state["tosses"] == 1
    clock.t += 0.5
    box.button.click()
    assert box.state["tosses"] == 2


def test_the_students_own_toss_stays_on_the_table_under_the_computers_reply():
    """Against the computer, the golds' table keeps the student's last toss (the
    computer's answer comes at once), and the line above the board labels both."""
    from boardkit.mawari.widget import MawariWidget
    w = MawariWidget(computer=(1,))
    for _ in range(12):
        w.toss()
        last = w.last_tosses()
        if 1 in last and last[0].outcome.ja() != last[1].outcome.ja():
            break
    mine, theirs = last[0].outcome.ja(), last[1].outcome.ja()
    assert mine != theirs
    assert mine in w.canvas.svg and theirs not in w.canvas.svg
    line = w.tosses_html.value
    assert f"P1 (you) tossed {mine}" in line and f"P2 (computer) tossed {theirs}" in line
    hot_seat = MawariWidget()                     # no computer: the table shows the last toss
    hot_seat.toss()
    assert hot_seat.shown_toss() is None
