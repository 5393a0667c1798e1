"""The backgammon widget driven from Python: roll, click one die at a time, cube, undo."""
from __future__ import annotations

import itertools

from boardkit.backgammon import BackgammonGame
from boardkit.backgammon.game import side
from boardkit.backgammon.match import BackgammonMatch
from boardkit.backgammon.widget import BackgammonWidget


def test_widget_one_die_at_a_time_bg04():
    """BG-04: click a checker, its targets are marked, click one; the second die completes
    the play, which then appears in the move list."""
    w = BackgammonWidget()
    w.set_dice(3, 1)
    assert w.game.turn == 0 and w.game.dice == (3, 1)
    w.click("8")
    assert w.targets == {"5", "7"}
    w.click("5")
    assert w.game.moves_played() == []           # one die used, one left (the roll is history)
    assert w.game.dice_left(w.done) == [1]
    w.click("6")
    assert w.targets == {"5"}
    w.click("5")
    assert w.moves_text() == ["White 31: 8/5 6/5"]
    assert w.game.turn == 1 and w.game.phase == "cube"


def test_widget_undo_within_turn_and_whole_play():
    """Undo takes back the last step of the turn, then the last whole play."""
    w = BackgammonWidget()
    w.set_dice(6, 5)
    w.click("24")
    w.click("18")
    assert len(w.done) == 1
    w.undo()
    assert w.done == [] and w.game.moves_played() == []
    w.click("24"), w.click("18"), w.click("18"), w.click("13")
    assert w.moves_text() == ["White 65: 24/13"]
    w.undo()
    assert w.game.moves_played() == [] and w.game.dice == (6, 5)


def test_widget_bar_must_enter_first_bg07():
    """BG-07: with a checker on the bar, only the bar is lit; another checker is refused."""
    mine = [0] * 26
    mine[25], mine[6], mine[8], mine[13] = 1, 5, 3, 6
    theirs = [0] * 26
    theirs[6], theirs[8], theirs[13], theirs[24] = 5, 3, 5, 2
    g = BackgammonGame.from_position(mine, theirs)
    w = BackgammonWidget(g)
    w.set_dice(4, 2)
    w.click("13")
    assert "bar must enter first" in w.last_error
    w.click("bar")
    assert w.targets == {"21", "23"}


def test_widget_partial_steps_never_dead_end_bg08():
    """BG-08: the widget offers only first steps that can be completed into a full play."""
    mine = [0] * 26
    mine[12] = 1
    mine[0] = 14
    theirs = [0] * 26
    theirs[16] = 2                               # Red holds White's 9: 12/9 would dead-end
    theirs[0] = 13
    g = BackgammonGame.from_position(mine, theirs)
    w = BackgammonWidget(g)
    w.set_dice(4, 3)
    w.click("12")
    assert w.targets == {"8"}                    # not 9
    w.click("8")
    w.click("8")
    w.click("5")
    assert w.moves_text() == ["White 43: 12/5"]


def test_widget_cube_buttons_and_computer_reply_bg12():
    """BG-12: double / take through the buttons; the computer answers and rolls."""
    w = BackgammonWidget(computer=1, level="random", seed=3)
    w.set_dice(3, 1)
    w.click("8"), w.click("5"), w.click("6"), w.click("5")
    # the computer (Red) has played: White is on turn again, may roll or double
    assert w.game.turn == 0 and w.game.phase == "cube"
    assert not w.double_button.disabled
    w.double_button.click()
    # the random level takes every double (ai.random_bot)
    assert not w.game.is_over() and w.game.cube_value == 2 and w.game.cube_owner == 1
    lines = w.moves_text()
    assert lines[0] == "White 31: 8/5 6/5" and any("doubles" in s for s in lines)


def test_widget_roll_button_and_hint():
    """Roll with the widget's seeded dice; the hint names a legal play."""
    w = BackgammonWidget(seed=1)
    w.chance_button.click()                      # the opening roll (BG-03)
    g = w.game
    assert g.phase == "move" and g.dice is not None
    w.show_hint()
    assert w.hint in g.legal_moves()
    assert "Hint" in w.message_html.value


def test_widget_match_score_and_crawford_bg13_bg14():
    """BG-13/BG-14: a match widget shows the score; New game continues the match."""
    w = BackgammonWidget(rules="match 3")
    assert "Match to 3" in w.info_html.value
    # the match's first game, set up one roll from White's gammon: White's last checker on
    # the 1-point, all 15 of Red's still on their 13-point (none borne off)
    mine, theirs = [0] * 26, [0] * 26
    mine[1], mine[0], theirs[13] = 1, 14, 15
    w.match = BackgammonMatch(3)
    w.game = w.match.new_game(position=(mine, theirs), turn=0).set_dice(1, 2)
    w.play("1/off")
    assert w.game.outcome().points == 2             # a gammon (BG-11)
    w.new_game()
    assert w.game.score == (2, 0) and w.game.crawford
    assert "Crawford" in w.info_html.value


def test_widget_finish_race_autoplay():
    """Once contact is broken, Finish race plays the game out."""
    mine = [0] * 26
    mine[3], mine[0] = 3, 12
    theirs = [0] * 26
    theirs[4], theirs[0] = 4, 11
    w = BackgammonWidget(BackgammonGame.from_position(mine, theirs), seed=2)
    assert not w.race_button.disabled
    w.race_button.click()
    assert w.game.is_over()
    start = BackgammonWidget()
    assert start.race_button.disabled


def test_widget_header_shows_the_cube_only_when_used_bg12():
    """BG-12: no stray "· cube 1" on boards without the cube; money and match boards show it."""
    w = BackgammonWidget(rules="no cube")
    assert w.info_html.value.count("·") == 0 and "cube 1" not in w.info_html.value
    assert "No doubling cube" in w.info_html.value
    assert "cube" not in str(w.game).splitlines()[-1]          # the text board too
    money = BackgammonWidget(rules="money")
    assert "Money play · cube 1" in money.info_html.value
    match = BackgammonWidget(rules="match 3")
    assert "Match to 3: White 0, Red 0 · cube 1" in match.info_html.value


def test_widget_hint_gives_the_book_opening_and_says_why_bg03():
    """The hint uses ai.HINT_LEVEL: an opening 5-1 is 24/23 13/8, not 8/2, and the
    message says why in plain words."""
    w = BackgammonWidget()
    w.set_dice(5, 1)
    w.show_hint()
    assert str(w.hint) == "24/23 13/8"
    assert "standard opening play for 5-1" in w.message
    assert w.hints_used == 1
    w.set_dice(6, 3)                         # refused: the dice are rolled
    assert "the dice are rolled, a play is due" in w.message and w.game.dice == (5, 1)


def test_widget_levels_come_from_ai():
    from boardkit.backgammon import ai
    w = BackgammonWidget(computer=1, level="つよい")
    assert w.level_names() == tuple(ai.LEVELS)
    assert w.level_control.value == "strong"


def test_widget_bear_off_with_the_big_die_first_bg08_bg09():
    """BG-08/BG-09: 3/off with the 5 ends where 3/2 2/off ends, but the 1 must still be
    played: the widget waits for it, so 3/off then 2/1 can be made by clicks."""
    from boardkit.backgammon.game import side
    g = BackgammonGame.from_position(side({1: 5, 2: 1, 3: 1}), side({6: 2}), dice=(5, 1))
    w = BackgammonWidget(g)
    w.click("3"), w.click("off")
    assert w.done and w.game.dice == (5, 1) and w.game.dice_left(w.done) == [1]   # not played yet
    w.click("2"), w.click("1")
    assert w.moves_text() == ["White 51: 3/off 2/1"]
    # the last checker: 3/off with the 5 ends the game at once (the 1 cannot be played)
    last = BackgammonGame.from_position(side({3: 1}), side({6: 2}), dice=(5, 1))
    w = BackgammonWidget(last)
    w.click("3"), w.click("off")
    assert w.game.is_over()


def test_widget_whole_games_by_clicks_and_buttons():
    """A student's whole game against the computer, made only of Roll/Double/Take
    clicks and board clicks following the hint: no error message, the game ends."""
    from boardkit.backgammon.widget import _cell
    for rules, seed in (("money", 7), ("no cube", 5)):
        w = BackgammonWidget(computer=1, level="strong", rules=rules, seed=seed)
        clock = itertools.count(0, 1.0)          # a click a second: no double clicks
        w._clock = lambda: next(clock)
        for step in range(800):
            g = w.game
            if g.is_over():
                break
            if g.phase == "cube" and step % 9 == 0 and not w.double_button.disabled:
                w.double_button.click()
            elif g.chance_pending() or g.phase == "cube":
                w.chance_button.click()
            elif g.phase == "respond":
                w.take_button.click()
            else:
                w.hint_button.click()
                for a, b in w.hint.steps:
                    w.click(_cell(a, g.roller))
                    w.click(_cell(b, g.roller))
            assert w.last_error is None, w.last_error
        assert w.game.is_over() and "Game over" in w.status


def test_a_double_click_on_roll_rolls_once():
    """Seed 1: Red (the computer) wins the opening roll (BG-03) and plays it, so White is
    at once to roll or double: the second half of a double click on Roll must not roll
    White's dice. A double click on Set dice sets them once; later clicks act."""
    w = BackgammonWidget(computer=1, seed=1)
    clock = [100.0]
    w._clock = lambda: clock[0]
    w.chance_button.click()                      # the opening roll
    assert w.game.turn == 0 and w.game.phase == "cube"
    clock[0] += 0.15
    w.chance_button.click()                      # the double click's second half
    assert w.game.phase == "cube" and w.last_error is None
    clock[0] += 0.4
    w.set_dice_button.click()                    # set dice 3-1 (the menus' values)
    clock[0] += 0.1
    w.set_dice_button.click()
    assert w.game.phase == "move" and w.game.dice == (3, 1) and w.last_error is None
    w = BackgammonWidget(computer=1, seed=1)
    w._clock = lambda: clock[0]
    w.chance_button.click()
    clock[0] += 0.4                              # a new click: White rolls
    w.chance_button.click()
    assert w.game.turn == 0 and w.game.phase == "move"


def test_dice_by_hand_sit_behind_the_teacher_switch():
    """A play page's student cannot choose their own roll: the dice-by-hand controls are
    hidden with ``teacher=False`` (the play page) until Game setup's teacher switch."""
    from boardkit.backgammon.widget import BackgammonWidget
    w = BackgammonWidget(computer=1, teacher=False)
    hidden = [w.die_a, w.die_b, w.set_dice_button]
    assert all(c.layout.display == "none" for c in hidden)
    w.options["teacher"].value = True
    assert all(c.layout.display is None for c in hidden) and not w.settings_pending
    assert all(c.layout.display is None for c in
               [BackgammonWidget().die_a, BackgammonWidget().set_dice_button])   # lessons: shown


def test_the_backgammon_play_page_starts_with_the_teacher_switch_off():
    import pathlib
    page = pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "play" / "backgammon.md"
    assert "teacher=False" in page.read_text(encoding="utf-8")


def test_a_japanese_board_keeps_its_language_after_a_switch():
    """A board built with lang="ja" speaks Japanese after set_language("en"): status,
    messages of rolls, clicks, steps and the cube, the header, its own buttons, the
    drawing and the ending (issue 22); the sentences are です・ます (M7)."""
    import re

    from boardkit import i18n
    from boardkit.backgammon.rules import BackgammonRules
    w = BackgammonWidget(lang="ja", rules="money")
    i18n.set_language("en")
    try:
        assert (w.double_button.description, w.take_button.description) == ("ダブル", "テイク")
        assert w.race_button.description == "自動で進める"                   # L12
        assert w.options["rules"].options[0][0] == "マネーゲーム"
        w.set_dice(3, 1)
        assert w.message == "白の目は 3-1 です。光っているコマをクリックしてください"
        assert w.status.startswith("白（あなた）の番です: 3-1 でコマを動かしてください")
        w.click("13")
        w.click("12")                           # Red's midpoint (M11: 個, not 枚)
        assert w.message == ("13/12 はできません。"
                             "赤がコマ2個以上で押さえているポイントには止まれません（BG-05）")
        w.click("24")
        w.click("23")
        assert w.message == "24/23 と動かしました。残りの目: 3"
        w.undo()
        assert w.message == "1つ戻しました"
        w.click("bar")
        assert "残りの目 3と1 で動かせるコマがありません" in w.message
        w.click("8")
        w.click("2")                            # 8/2: six pips with 3 and 1 left (L12)
        assert w.message == ("8/2 はできません。8 から 2 までは6マスですが、目は1つずつ使います。"
                             "残りの目は 3と1 です（BG-04）")
        w.click("8"), w.click("5"), w.click("6"), w.click("5")
        assert w.message == "8/5 6/5 と動かしました"
        assert w.moves_text() == ["白 31: 8/5 6/5"]
        assert w.status.startswith("赤（あなた）の番です: さいころを振るか、ダブルしてください")
        w.cube("take")
        assert w.message == "ダブルされていないので、テイクやパスはできません（BG-12）"      # M2
        w.cube("double")
        assert w.message == "赤がダブルしました（キューブ 2）"
        assert "ダブルされました（キューブ 2）。テイクかパスを選んでください" in w.status
        w.cube("take")
        assert w.message == "テイクしました。キューブは 2 になりました"
        assert "赤のダブル" not in w.info_html.value and "キューブ 2（白が持っています）" in w.info_html.value
        assert re.search(r"白 \d+ ピップ", w.render(w.selection))     # the drawing in Japanese too
        w.cube("pass")
        assert w.message == "ダブルされていないので、テイクやパスはできません（BG-12）"
        for text in (w.status, w.message):
            assert not re.search(r"[A-Za-z]{4,}", re.sub(r"<[^>]+>", "", text)), text
    finally:
        i18n.set_language("en")
    # endings: ゲーム終了。 (M8) and no cube named in a game without one
    g = BackgammonGame.from_position(side({1: 1}), side({6: 2, 20: 13}), dice=(6, 5),
                                     rules=BackgammonRules.no_cube())
    w = BackgammonWidget(g, lang="ja", rules="no cube")
    w.play_text("1/off")
    assert w.status.startswith("ゲーム終了。白のバックギャモン勝ちです（BG-11）。得点は 3 点です。")
    assert "キューブ" not in w.status
    assert str(w.game.outcome().reason) == "White wins a backgammon (BG-11): 3 points"


def test_roll_grid_keeps_its_language():
    """The 6 x 6 roll grid built with lang="ja" answers in Japanese after a switch."""
    from boardkit import i18n
    from boardkit.backgammon.widget import RollGrid
    i18n.set_language("en")
    grid = RollGrid("6 を含む目", [(a, b) for a in range(1, 7) for b in range(1, 7) if 6 in (a, b)],
                    lang="ja")
    assert grid.children[2].description == "答え合わせ"
    assert not grid.check()
    assert grid.feedback.value.startswith("❌ 正しい 0、まちがい 0（赤）、足りない 11")
    for (a, b), cell in grid.cells.items():
        cell.value = 6 in (a, b)
    assert grid.check() and "36通りのうち 11 通り" in grid.feedback.value
    assert repr(grid).startswith("さいころの表: 6 を含む目")
    assert "行 = 1つ目のさいころ" in grid._repr_mimebundle_()["text/html"]
