"""The tutor (issue 13): boardkit/<game>/tutor.py advice(before, move), and the widgets'
Tutor switch (off by default; one line after each of the student's moves).

Each game's check names the strategy tip of its notebook: backgammon tip 1 (a blot that
N of 36 rolls hit, counted here again by brute force), checkers tip 1 (a man left en
prise, CK-06), Diamond tip 2 (a straggler) and the race (a backward move, DG-09/DG-10),
回り将棋 battle decisions (MS-15)."""
from __future__ import annotations

import pytest
from diamond_positions import position

from boardkit import i18n
from boardkit._catalogue import render
from boardkit.backgammon import BackgammonGame
from boardkit.backgammon import tutor as bg_tutor
from boardkit.backgammon.game import START, side
from boardkit.backgammon.rules import BackgammonRules
from boardkit.backgammon.widget import BackgammonWidget
from boardkit.checkers import tutor as ck_tutor
from boardkit.checkers.game import CheckersGame, CheckersMove
from boardkit.checkers.widget import CheckersWidget
from boardkit.diamond import DiamondGame, DiamondRules
from boardkit.diamond import tutor as dg_tutor
from boardkit.diamond.draw import cell_id
from boardkit.diamond.geometry import parse_hole
from boardkit.diamond.widget import DiamondWidget
from boardkit.mawari import MawariGame, ai
from boardkit.mawari import tutor as ms_tutor
from boardkit.mawari.game import Battle
from boardkit.mawari.widget import MawariWidget

NO_CUBE = BackgammonRules.no_cube()


# ------------------------------------------------------------------ backgammon
def brute_force_shots(mine, theirs) -> int:
    """Rolls of 36 after which the opponent (on roll) can hit a blot of ``mine``,
    by trying every order of the dice one checker step at a time (written apart from
    the engine: enter from the bar first, BG-07; never land on a point of two or more,
    BG-05). For positions where no bearing off and no unusable die matter."""
    # the board in the opponent's numbering: their checkers, and mine at 25 - p
    blots = {25 - p for p in range(1, 25) if mine[p] == 1}

    def hits(opp, me, dice) -> bool:
        if not dice:
            return False
        for i, d in enumerate(dice):
            rest = dice[:i] + dice[i + 1:]
            sources = [25] if opp[25] else [p for p in range(24, d, -1) if opp[p]]
            for src in sources:
                dst = src - d
                if me[dst] >= 2:
                    continue
                if me[dst] == 1 and dst in blots:
                    return True
                o, m = list(opp), list(me)
                o[src] -= 1
                o[dst] += 1
                if m[dst] == 1:
                    m[dst] = 0
                if hits(o, m, rest):
                    return True
        return False

    me = [0] * 26
    for p in range(1, 25):
        me[25 - p] = mine[p]
    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
            dice = (a,) * 4 if a == b else (a, b)
            count += hits(list(theirs), me, dice)
    return count


def opening(a, b):
    return BackgammonGame.from_position(START, START, turn=0, dice=(a, b), rules=NO_CUBE)


def test_bg_tip1_two_builders_leave_8_shots():
    """Notebook 37, tip 1: after 4-2, 13/11 13/9 leaves two blots that 8 rolls hit
    (BG-05: the 6-point blocks 5-5); the strongest level's 8/4 6/4 leaves none."""
    g = opening(4, 2)
    play = g.copy().play("13/11 13/9")
    n, per = bg_tutor.shots(*play.after)
    assert n == 8 == brute_force_shots(*play.after)
    assert per == {9: 6, 11: 2}           # 9: 6-2, 5-3, 4-4, 2-2; 11: 6-4
    word = bg_tutor.advice(g, play)
    assert isinstance(word, i18n.Word) and word.key == "tutor.bg.blot" and word.facts["n"] == 8
    line = str(word)                      # the English sentence
    assert "Tip 1 (stack checkers two or more)" in line
    assert "9- and 11-points" in line and "8 of 36" in line
    assert "lookahead" in line and "8/4 6/4" in line and "(0 of 36)" in line
    assert g.phase == "move" and g.moves_played() == []        # before is not changed


def test_bg_tip1_slotting_and_a_bar_checker():
    """Opening 6-1 played 13/7 6/5 (two blots) against the book's 13/7 8/7; and
    positions with an opposing checker on the bar, which must enter before it hits
    (BG-07): the counts agree with the brute force over the 36 rolls."""
    g = opening(6, 1)
    play = g.copy().play("13/7 6/5")
    n = brute_force_shots(*play.after)
    assert bg_tutor.shots(*play.after)[0] == n and 0 < n < 36
    line = str(bg_tutor.advice(g, play))
    assert f"{n} of 36" in line and "13/7 8/7" in line
    # Red has a checker on the bar; White's blot on the 5-point (Red enters there with a 5)
    theirs = side({6: 5, 8: 3, 13: 4, 24: 2}, bar=1)
    mine = side({6: 5, 8: 3, 13: 4, 5: 1, 11: 2})
    BackgammonGame.from_position(theirs, mine, rules=NO_CUBE)      # a legal position
    n, per = bg_tutor.shots(mine, theirs)
    assert n == brute_force_shots(mine, theirs) and per[5] == n > 11
    # White's home board closed but for the 1-point: Red enters only with a 1, and then
    # hits the blot on White's 20-point (Red's 5) with 1-1 (6/5) or 3-1 (8/5): 3 rolls
    closed = side({6: 3, 5: 2, 4: 2, 3: 2, 2: 2, 8: 3, 20: 1})
    BackgammonGame.from_position(theirs, closed, rules=NO_CUBE)
    assert bg_tutor.shots(closed, theirs) == (3, {20: 3}) and brute_force_shots(closed, theirs) == 3


def test_bg_good_play_is_silent():
    g = opening(4, 2)
    assert bg_tutor.advice(g, "8/4 6/4") is None                  # the strongest level's play
    g = opening(3, 1)
    assert bg_tutor.advice(g, "8/5 6/5") is None
    assert bg_tutor.advice(g, None) is None                       # not a play: nothing to say


# -------------------------------------------------------------------- checkers
def test_ck_tip1_man_left_en_prise():
    """Notebook 14, position 2: 10-14 is taken by 17x10 and nothing comes back (CK-06);
    the strongest level plays 10-15."""
    g = CheckersGame(fen="B:W17,27:B10,19")
    net, reply = ck_tutor.exchange(g, g.copy().play("10-14"))
    assert net == -100 and str(reply) == "17x10"
    line = str(ck_tutor.advice(g, "10-14"))
    assert "Tip 1 (check every move for a shot)" in line
    assert "your man on 14" in line and "17x10" in line and "10-15" in line
    assert "the strong level would play 10-15" in line and "つよい" not in line   # English only
    line = str(ck_tutor.advice(g, "19-23"))
    assert "your man on 23" in line and "27x18" in line
    assert ck_tutor.advice(g, "10-15") is None


def test_ck_tip1_a_shot_is_not_en_prise():
    """Notebook 14, position 1: 14-18 gives one and takes two (22x15 forced, then
    10x19x28): not a blunder. 14-17 loses the man to 22x13."""
    g = CheckersGame(fen="B:W22,24,27:B6,10,14")
    assert ck_tutor.advice(g, "14-18") is None
    assert ck_tutor.exchange(g, g.copy().play("14-18"))[0] >= 0
    line = str(ck_tutor.advice(g, "14-17"))
    assert "your man on 17" in line and "22x13" in line and "14-18" in line


def test_ck_king_left_en_prise_and_no_better_move_is_silent():
    """A king stepped in front of a man with the square behind it empty is taken (a king
    counts 1.4 men); when every move loses the man, the tutor says nothing."""
    g = CheckersGame(fen="B:W22,31:BK14,1")
    assert ck_tutor.exchange(g, g.copy().play("14-17")) == (-140, CheckersMove((22, 13), (17,)))
    line = str(ck_tutor.advice(g, "14-17"))
    assert "your king on 17" in line and "22x13" in line
    assert ck_tutor.advice(g, "14-10") is None
    g = CheckersGame(fen="W:W22:BK14,3")
    assert all(ck_tutor.exchange(g, m)[0] < 0 for m in g.legal_moves())
    assert all(ck_tutor.advice(g, m) is None for m in g.legal_moves())


# --------------------------------------------------------------------- Diamond
dg_position = position      # as notebook 27: hole labels of each colour, its king first


STR1 = ("q1 b2 c1 g5 j5 k9 l8 o2 p1 p2", "e13 e11 e12 e7 f8 h8 i8 k7 k8 l1")
STR2 = ("q1 b2 c2 f6 g8 n2 o2 o3 p1 p2", "e13 e12 e9 f11 f12 f4 f9 g11 h7 l3")


def test_dg_tip2_straggler_left_behind():
    """Notebook 27, tip 2, positions 3 and 4: moving a front piece leaves the piece on
    b2 (15 holes from ◎) behind; the strongest level brings it up."""
    g = dg_position(*STR1)
    hole, far, lag = dg_tutor.straggler(g, 0)
    assert far == 15 and lag >= dg_tutor.LAG
    line = str(dg_tutor.advice(g, "l8-m8"))              # a Word; str() is the English
    assert "Tip 2 (leave no straggler)" in line and "b2" in line and "15 holes" in line
    assert "b2-c3" in line
    assert dg_tutor.advice(g, "b2-c3") is None
    g = dg_position(*STR2)
    line = str(dg_tutor.advice(g, "g8:i6"))
    assert "Tip 2" in line and "b2:d2" in line
    assert dg_tutor.advice(g, "b2:d2") is None


def test_dg_backwards_when_a_forward_chain_existed():
    """A step away from ◎ while a hop chain forward was there (DG-09, DG-10)."""
    g = DiamondGame.from_pieces({(0, 4): 0, (0, 3): 0, (1, 1): 0}, DiamondRules(players=2, kings=False))
    back = next(m for m in g.legal_moves() if dg_tutor.gain(g, m) < 0)
    line = str(dg_tutor.advice(g, back))
    assert "backwards" in line and "hop chain" in line and "gains 4" in line
    assert dg_tutor.advice(g, "e9:g7:i7") is None
    ja = render(dg_tutor.advice(g, back).key, "ja", dg_tutor.advice(g, back).facts)
    assert ja.startswith("前へ進むこと（後ろへ下がらない）: ") and "{" not in ja
    assert "1マス後ろへ下がります" in ja or "2マス後ろへ下がります" in ja


def test_dg_tutor_line_in_the_boards_language():
    """The Diamond board shows the tutor's Word in its own language (M12's tip names)."""
    w = DiamondWidget(dg_position(*STR1), lang="ja", tutor=True, reply_delay=0)
    i18n.set_language("en")
    w.play_text("l8-m8")
    assert "コツ2（後ろの駒を残さない）" in w.tutor_line and "Tip" not in w.tutor_line


# --------------------------------------------------------------------- 回り将棋
def ms_position(p1, p2, players=2):
    """P1 tosses from 1七 to 1五, in line with P2 on 9五: a battle may be declared."""
    g = MawariGame.setup({0: p1, 1: p2}, players=players)
    g.set_toss("up up down down")
    assert g.phase == "decide"
    return g


def test_ms15_battle_declared_at_a_bad_moment():
    """Two players, P1's 香 ahead of P2's 歩: a battle is a gamble that adds risk and
    lowers the leader's chance to win the game (race model)."""
    g = ms_position(("1七", "香"), "9五")
    chances = ai.battle_chances(g)
    stay, with_ = chances[Battle(None)][0], chances[Battle(1)][0]
    assert stay > with_ + 0.03
    line = str(ms_tutor.advice(g, "battle P2"))
    assert "MS-15" in line and "you are ahead" in line and "would not battle" in line
    assert f"from {stay:.0%} to {with_:.0%}" in line
    assert ms_tutor.advice(g, "no battle") is None
    win, draw, loss = ms_tutor.odds(g, 1)
    assert win == pytest.approx(loss) and f"win {win:.0%}" in line


def test_ms15_battle_declined_at_a_good_moment():
    """Behind in a duel, with three players, or with an own 銀: battling raises the
    chance to win the game, and declining gets a line that says by how much."""
    g = ms_position("1七", ("9五", "香"))
    line = str(ms_tutor.advice(g, "no battle"))
    chances = ai.battle_chances(g)
    assert chances[Battle(1)][0] > chances[Battle(None)][0] + 0.03
    assert "you are behind" in line and "declare battle P2" in line and "rises from" in line
    assert ms_tutor.advice(g, "battle P2") is None
    g = ms_position("1七", "9五", players=3)
    line = str(ms_tutor.advice(g, "no battle"))
    assert "3 players" in line and "declare battle P2" in line and "win 44%" in line
    assert ms_tutor.advice(g, "battle P2") is None
    g = ms_position(("1七", "桂"), ("9五", "銀"))
    assert "you are behind" in str(ms_tutor.advice(g, "no battle"))
    assert ms_tutor.advice(MawariGame(), "no battle") is None      # a toss is due: no decision


def test_ms15_a_close_call_is_fine():
    """Even pieces level in a duel: the two chances differ by under a point, so either
    decision is fine (no line)."""
    g = ms_position("1七", "9五")
    chances = ai.battle_chances(g)
    assert abs(chances[Battle(1)][0] - chances[Battle(None)][0]) < ms_tutor.CLOSE
    assert ms_tutor.advice(g, "battle P2") is None and ms_tutor.advice(g, "no battle") is None


# --------------------------------------------------------------------- widgets
@pytest.mark.parametrize("cls, module", [(CheckersWidget, ck_tutor), (DiamondWidget, dg_tutor),
                                         (BackgammonWidget, bg_tutor), (MawariWidget, ms_tutor)])
def test_every_widget_has_the_switch_off_and_its_game_tutor(cls, module):
    import inspect
    w = cls()
    assert w.tutor_on is False and w.tutor_module is module and w.tutor_line == ""
    assert w.tutor_control.description == "Tutor"
    assert list(inspect.signature(module.advice).parameters)[:2] == ["before", "move"]
    assert module.TUTOR_LEVEL == module.ai.HINT_LEVEL
    w = cls(tutor=True)
    assert w.tutor_on is True


def test_switch_is_off_by_default_and_computes_nothing(monkeypatch):
    calls = []
    monkeypatch.setattr(ck_tutor, "advice", lambda *a: calls.append(a) or "x")
    w = CheckersWidget(CheckersGame(fen="B:W17,27:B10,19"), computer=1, reply_delay=0)
    assert w.tutor_on is False and w.tutor_control.value is False
    assert w.tutor_control.description == "Tutor"
    assert any(w.tutor_control in getattr(c, "children", ()) for c in w.children)   # buttons row
    w.click(10)
    w.click(14)
    assert w.game.moves_played()[0] == CheckersMove((10, 14))
    assert w.tutor_line == "" and w.tutor_html.value == "" and calls == []
    w.tutor_on = True
    w.undo()
    w.play_text("10-14")
    assert calls and w.tutor_line == "Tutor: x"


def test_a_failing_tutor_never_breaks_the_game(monkeypatch):
    def broken(before, move):
        raise ValueError("boom")
    monkeypatch.setattr(ck_tutor, "advice", broken)
    w = CheckersWidget(CheckersGame(fen="B:W17,27:B10,19"), computer=1, reply_delay=0, tutor=True)
    w.click(10)
    w.click(14)
    assert len(w.game.moves_played()) == 2 and w.tutor_line == ""
    assert w.tutor_error == "ValueError: boom" and not w.last_error


def test_checkers_widget_line_after_click_and_move_box():
    w = CheckersWidget(CheckersGame(fen="B:W17,27:B10,19"), computer=1, reply_delay=0, tutor=True)
    w.click(10)
    w.click(14)
    assert w.tutor_line.startswith("Tutor: Tip 1") and "17x10" in w.tutor_line
    assert "10-15" in w.tutor_html.value and "Tutor: Tip 1" in w.canvas.announce
    assert len(w.game.moves_played()) == 2                         # the computer replied
    w.click(15)                                    # the next action: said no more, still shown
    assert "Tutor" not in w.canvas.announce and "17x10" in w.tutor_line
    w.undo()
    assert w.tutor_line == ""
    w.play_text("10-15")
    assert w.tutor_line == "Tutor: fine (no strategy tip broken)."
    w.tutor_on = False                                             # off: the line goes
    assert w.tutor_line == "" and w.tutor_html.value == ""


def test_hot_seat_every_human_move_is_judged_computer_moves_never():
    w = CheckersWidget(CheckersGame(fen="B:W17,27:B10,19"), reply_delay=0, tutor=True)
    w.play_text("10-15")
    assert w.tutor_line.startswith("Tutor: fine")
    w.play_text("17-13")                                           # White is a human too
    assert w.tutor_line.startswith("Tutor:")



def test_only_the_students_moves_are_judged(monkeypatch):
    calls = []
    real = ck_tutor.advice
    monkeypatch.setattr(ck_tutor, "advice",
                        lambda before, move: calls.append(str(move)) or real(before, move))
    w = CheckersWidget(computer=1, reply_delay=0, tutor=True)
    w.play_text("11-15")
    w.play_text("9-13" if "9-13" in map(str, w.game.legal_moves()) else str(w.game.legal_moves()[0]))
    assert len(w.game.moves_played()) == 4 and calls == [str(m) for m in w.game.moves_played()[::2]]
    CheckersWidget(computer=(0, 1), reply_delay=0, tutor=True)     # computers only: never asked
    assert len(calls) == 2


def test_backgammon_widget_line_after_clicks_and_move_box():
    w = BackgammonWidget(rules="no cube", tutor=True)
    w.set_dice(4, 2)
    w.click("13"), w.click("11"), w.click("13"), w.click("9")
    assert w.moves_text()[0] == "White 42: 13/11 13/9"
    assert "8 of 36" in w.tutor_line and "8/4 6/4" in w.tutor_line
    w = BackgammonWidget(rules="no cube", tutor=True)
    w.set_dice(4, 2)
    assert w.play_text("8/4 6/4")
    assert w.tutor_line.startswith("Tutor: fine")


def test_backgammon_tutor_line_in_the_boards_language():
    """A Japanese board says its tutor line in Japanese, also after the language is
    switched back to English (the board keeps its language)."""
    w = BackgammonWidget(rules="no cube", tutor=True, lang="ja")
    i18n.set_language("en")
    w.set_dice(4, 2)
    assert w.play_text("13/11 13/9")
    assert "36通りのうち8通りの目でヒットされます" in w.tutor_line and "Tip" not in w.tutor_line
    points = bg_tutor._points([3, 5, 11])          # three blots: "3-, 5- and 11"-points
    assert str(points) == "3-, 5- and 11" and i18n.render(points.key, "ja", points.facts) == "3、5と11"


def test_diamond_widget_line_after_click_and_move_box():
    w = DiamondWidget(dg_position(*STR1), tutor=True)
    w.click(cell_id(parse_hole("l8")))
    w.click(cell_id(parse_hole("m8")))
    assert w.game.moves_played()[-1].path[-1] == parse_hole("m8")
    assert "Tip 2" in w.tutor_line and "b2-c3" in w.tutor_line
    w = DiamondWidget(dg_position(*STR2), tutor=True)
    assert w.play_text("b2:d2")
    assert w.tutor_line.startswith("Tutor: fine")


def test_mawari_widget_judges_decisions_only():
    w = MawariWidget(MawariGame.setup({0: ("1七", "香"), 1: "9五"}), tutor=True)
    w.game.set_toss("up up down down")
    w._after_change()
    assert w.tutor_line == ""                                      # a toss is chance: no line
    w.click("9五")                                                  # battle declared by click
    assert w.game.phase == "battle"
    assert "adds risk" in w.tutor_line and "would not battle" in w.tutor_line
    w.undo()
    w.decide("no battle")
    assert w.tutor_line.startswith("Tutor: fine")


def test_tutor_speaks_japanese():
    i18n.set_language("ja")
    try:
        w = CheckersWidget(CheckersGame(fen="B:W17,27:B10,19"), computer=1, reply_delay=0, tutor=True)
        assert w.tutor_control.description == "チューター"
        w.play_text("10-14")
        assert w.tutor_line.startswith("チューター: コツ1") and "17x10" in w.tutor_line
        assert "です" in w.tutor_line
        g = opening(4, 2)
        # the engine's line is a Word: rendered in Japanese, it uses the kit's terms (M11, M12)
        word = bg_tutor.advice(g, "13/11 13/9")
        ja = i18n.render(word.key, "ja", word.facts)
        assert "36通りのうち8通り" in ja and "ヒットされます" in ja and "コツ1（コマを2個ずつ重ねる）" in ja
        assert "9と11ポイント" in ja and "枚" not in ja
        line = dg_tutor.advice(dg_position(*STR1), "l8-m8")
        assert render(line.key, "ja", line.facts).startswith("コツ2（後ろの駒を残さない）: ")
        line = ms_tutor.advice(ms_position(("1七", "香"), "9五"), "battle P2")
        assert "賭け" in render(line.key, "ja", line.facts)
    finally:
        i18n.set_language("en")


def test_no_tutor_on_puzzle_boards():
    from boardkit.checkers.puzzles import PUZZLES
    pw = PUZZLES.widget()
    board = pw.board
    assert board.tutor_control.layout.display == "none"          # hidden from the start
    board.tutor_on = True
    move = board.game.legal_moves()[0]
    pw.click(move.path[0]), pw.click(move.path[-1])
    assert board.tutor_line == ""
