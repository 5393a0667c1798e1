"""Backgammon rules BG-01 .. BG-16, one or more tests per rule (docs/rules/backgammon.md)."""
from __future__ import annotations

import numpy as np
import pytest

from boardkit import BoardkitError, FormatError, IllegalMoveError
from boardkit.backgammon import BackgammonGame, BackgammonRules, CubeAction
from boardkit.backgammon.movegen import START, plays_for

from conftest import assert_rejected


def side(points: dict | None = None, bar: int = 0) -> tuple[int, ...]:
    """26 counts: {point: checkers}, the rest borne off."""
    s = [0] * 26
    for p, n in (points or {}).items():
        s[p] = n
    s[25] = bar
    s[0] = 15 - sum(s)
    assert s[0] >= 0
    return tuple(s)


def texts(game_or_plays):
    plays = game_or_plays.legal_moves() if hasattr(game_or_plays, "legal_moves") else game_or_plays
    return sorted(str(p) for p in plays)


def game_at(mine, theirs, dice, **kw):
    return BackgammonGame.from_position(mine, theirs, dice=dice, **kw)


# ------------------------------------------------------------------ BG-01, BG-02
def test_bg01_numbering_from_each_side():
    """BG-01: a point's number for one player is 25 minus its number for the other."""
    g = BackgammonGame()
    for p in range(1, 25):
        owner_w, n_w = g.checkers_at(p, player=0)
        owner_r, n_r = g.checkers_at(25 - p, player=1)
        assert (owner_w, n_w) == (owner_r, n_r)
    # White's 24-point holds White's two back checkers; for Red it is Red's 1-point
    assert g.checkers_at(24, 0) == (0, 2)
    assert g.checkers_at(1, 1) == (0, 2)
    # White moves from 24 towards 1: after 24/18 White has a checker on 18
    g.set_dice(6, 5)
    g.play("24/18 13/8")
    assert g.board(0)[18] == 1 and g.board(0)[24] == 1


def test_bg02_setup():
    """BG-02: 2 on the 24-point, 5 on 13, 3 on 8, 5 on 6, for both players; 167 pips."""
    g = BackgammonGame()
    for p in (0, 1):
        b = g.board(p)
        assert (b[24], b[13], b[8], b[6]) == (2, 5, 3, 5)
        assert sum(b) == 15 and b[0] == 0 and b[25] == 0
    assert g.pip_count() == (167, 167)
    assert g.position_id() == "4HPwATDgc/ABMA"


# ------------------------------------------------------------------ BG-03
def test_bg03_opening_roll_higher_die_plays_both_numbers():
    """BG-03: each rolls one die; the higher plays the two numbers; ties re-rolled."""
    starters = set()
    for seed in range(40):
        g = BackgammonGame()
        assert g.chance_pending() and g.legal_moves() == []
        dice = g.resolve_chance(np.random.default_rng(seed))
        rolls = g.opening_rolls
        assert all(a == b for a, b in rolls[:-1])          # ties were rolled again
        a, b = rolls[-1]
        assert a != b
        assert g.turn == (0 if a > b else 1)
        assert sorted(dice) == sorted((a, b))
        assert g.phase == "move"                           # no cube before the opening play
        starters.add(g.turn)
        if len(rolls) > 1:
            starters.add("tie")
    assert starters == {0, 1, "tie"}


def test_bg03_no_double_before_first_play():
    """BG-03 with BG-12: the opening roll is played at once, no cube decision before it."""
    g = BackgammonGame()
    g.resolve_chance(np.random.default_rng(3))
    assert all(not isinstance(m, CubeAction) for m in g.legal_moves())


# ------------------------------------------------------------------ BG-04
def test_bg04_one_checker_two_dice_needs_open_intermediate():
    """BG-04: one checker may use both dice only if the intermediate point is open."""
    # White checker on 10; Red holds White's 4-point (Red's 21); dice 6-1
    mine = side({10: 1})
    theirs = side({21: 2})                  # their 21 = my 4
    g = game_at(mine, theirs, (6, 1))
    t = texts(g)
    assert "10/3" in t                      # via 9 (10-1) then 9-6 = 3
    # block 9 too (Red's 16): now 10/3 must go through 4 or 9, both closed
    theirs2 = side({21: 2, 16: 2})
    t2 = texts(game_at(mine, theirs2, (6, 1)))
    assert "10/3" not in t2


def test_bg04_dice_are_separate_moves():
    """BG-04: each die moves one checker that many points; a 24/15 with 6-3 is two moves."""
    g = BackgammonGame().set_dice(6, 3)
    p = g.play("24/15")
    assert set(p.steps) in ({(24, 18), (18, 15)}, {(24, 21), (21, 15)})
    g2 = BackgammonGame().set_dice(6, 3)
    with pytest.raises(IllegalMoveError, match="BG-04"):
        g2.play("24/19 13/10")


# ------------------------------------------------------------------ BG-05
def test_bg05_no_landing_on_two_or_more_but_passing_is_fine():
    """BG-05: no landing on a point with two or more opposing checkers; passing over is fine."""
    g = BackgammonGame().set_dice(5, 5)
    # White's 19 and 1 hold Red's 6-point and 24-point: 24/19 and 6/1 are impossible
    for p in g.legal_moves():
        assert (24, 19) not in p.steps and (6, 1) not in p.steps
    assert_rejected(g, lambda: g.play("24/19"), IllegalMoveError, match="BG-05")
    # passing over: 13/3 with 5-5 passes White's 8-point... and 24/14 with 5-5 can't land on 19
    g2 = BackgammonGame().set_dice(6, 4)
    assert "24/14" in texts(g2)           # via 20 or 18, over Red's points


def test_bg05_hitting_a_blot_sends_it_to_the_bar():
    """BG-05/BG-07: landing on a single opposing checker hits it."""
    mine = side({13: 1, 6: 14})
    theirs = side({18: 1, 1: 14})           # their 18 = my 7 (a blot)
    g = game_at(mine, theirs, (6, 5))
    p = g.play("13/7* 6/1")
    assert p.hits == 1
    assert g.board(1)[25] == 1 and g.board(1)[18] == 0
    assert g.board(0)[7] == 1


# ------------------------------------------------------------------ BG-06
def test_bg06_doubles_move_four_times():
    """BG-06: a double is played four times."""
    g = BackgammonGame().set_dice(4, 4)
    for p in g.legal_moves():
        assert len(p.steps) == 4
    pips = g.pip_count(0)
    g.play("24/20(2) 13/9(2)")
    assert g.pip_count(0) == pips - 16


# ------------------------------------------------------------------ BG-07
def test_bg07_bar_first_and_entering_points():
    """BG-07: a checker on the bar enters first; die n enters on point 25-n."""
    mine = side({6: 5, 8: 3, 13: 5, 24: 1}, bar=1)
    theirs = side({6: 5, 8: 3, 13: 5, 24: 1})
    g = game_at(mine, theirs, (4, 3))
    for p in g.legal_moves():
        assert p.steps[0][0] == 25
    t = texts(g)
    assert any(s.startswith("bar/21") or s.startswith("bar/22") for s in t)
    assert_rejected(g, lambda: g.play("13/9 13/10"), IllegalMoveError, match="bar must enter first")


def test_bg07_dance_when_entry_closed():
    """BG-07/BG-08: with the entry points closed the checker stays on the bar: no play."""
    mine = side({6: 5, 8: 3, 13: 6}, bar=1)
    theirs = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})   # Red's whole home board
    for a in range(1, 7):
        for b in range(1, 7):
            ps = plays_for(mine, theirs, a, b)
            assert [str(p) for p in ps] == ["(no play)"]
    g = game_at(mine, theirs, (6, 6))
    g.play("(no play)")
    assert g.turn == 1


def test_bg07_two_on_bar_one_enters_then_nothing_else():
    """BG-07: with two on the bar and only one entering, no other checker may move."""
    mine = side({6: 5, 8: 3, 13: 5}, bar=2)
    theirs = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5})      # only my 19 (their 6) open
    g = game_at(mine, theirs, (6, 1))
    assert texts(g) == ["bar/19"]


# ------------------------------------------------------------------ BG-08
def test_bg08_both_dice_when_possible():
    """BG-08: if both dice can be played, a play using one only is illegal."""
    g = BackgammonGame().set_dice(6, 5)
    for p in g.legal_moves():
        assert len(p.steps) == 2
    with pytest.raises(IllegalMoveError, match="both dice must be played"):
        g.play("13/7")


def test_bg08_larger_die_when_only_one_can_be_played():
    """BG-08: when either die alone can be played but not both, the larger must be."""
    mine = side({9: 1})                     # one checker left on 9, the rest borne off
    theirs = side({22: 2})                  # Red holds my 3: 9/5/3 and 9/7/3 both closed
    assert texts(plays_for(mine, theirs, 4, 2)) == ["9/5"]      # the 4, not 9/7
    g = game_at(mine, theirs, (4, 2))
    assert_rejected(g, lambda: g.play("9/7"), IllegalMoveError, match="larger")
    # when the larger cannot be played at all, the smaller is played
    theirs = side({22: 2, 20: 2})           # my 3 and my 5 closed
    assert texts(plays_for(mine, theirs, 4, 2)) == ["9/7"]


def test_bg08_doubles_as_many_as_possible():
    """BG-08: with doubles, as many of the four moves as possible."""
    mine = side({24: 2})
    assert texts(plays_for(mine, side({6: 2}), 5, 5)) == ["(no play)"]   # my 19 closed
    theirs = side({10: 2})                  # my 15 closed: each back checker stops on 18
    assert texts(plays_for(mine, theirs, 3, 3)) == ["24/18(2)"]
    one = side({24: 1})
    assert texts(plays_for(one, theirs, 3, 3)) == ["24/18"]     # only two of the four
    g = game_at(one, theirs, (3, 3))
    with pytest.raises(IllegalMoveError, match="BG-08"):
        g.play("24/21")


def test_bg08_no_voluntary_pass():
    """BG-08: passing is never voluntary: '(no play)' is illegal when a play exists."""
    g = BackgammonGame().set_dice(2, 1)
    with pytest.raises(IllegalMoveError, match="BG-08"):
        g.play("(no play)")


def test_bg08_must_play_the_order_that_uses_both_dice():
    """BG-08: if one order of the dice blocks the other die, the order playing both is forced."""
    mine = side({12: 1})
    theirs = side({16: 2})                  # my 9 closed: 12/9 impossible, 12/8/5 fine
    assert texts(plays_for(mine, theirs, 4, 3)) == ["12/5"]
    g = game_at(mine, theirs, (4, 3))
    with pytest.raises(IllegalMoveError, match="both dice"):
        g.play("12/8")


# ------------------------------------------------------------------ BG-09
def test_bg09_bear_off_exact_and_higher_point_rule():
    """BG-09: a die bears off from its point; if empty, a higher checker must move; if none
    is higher, the highest checker is borne off."""
    mine = side({6: 1, 3: 1})
    theirs = side({1: 13})                  # Red far away on my 24
    # 5-4: neither 5 nor 4 may bear off while the 6 is there; the 6 moves, then the 3 goes
    assert texts(plays_for(mine, theirs, 5, 4)) == ["6/1 3/off", "6/2 3/off"]
    # 6-5: 6/off exactly then the 5 takes the highest left (3); or 6/1, then the 6 takes the 3
    assert texts(plays_for(mine, theirs, 6, 5)) == ["6/1 3/off", "6/off 3/off"]
    # 2-1: the 3 may go off in two exact steps (3/1/off or 3/2/off, one position)
    assert "3/off" in texts(plays_for(mine, theirs, 2, 1))


def test_bg09_bearing_off_needs_all_home():
    """BG-09: no bearing off while a checker is outside the home board."""
    mine = side({7: 1, 2: 1})
    theirs = side({1: 13})
    assert texts(plays_for(mine, theirs, 2, 1)) == ["7/4", "7/5 2/1", "7/6 2/off"]
    g = game_at(side({8: 1, 2: 1}), theirs, (2, 1))
    assert_rejected(g, lambda: g.play("8/7 2/off"), IllegalMoveError, match="BG-09")


def test_bg09_hit_checker_must_come_home_again():
    """BG-09: a checker hit during the bear-off re-enters and comes home before bearing off."""
    mine = side({5: 2, 4: 2}, bar=1)
    theirs = side({24: 2, 1: 2})
    for a in range(1, 7):
        for b in range(1, 7):
            for p in plays_for(mine, theirs, a, b):
                assert all(to != 0 for _, to in p.steps)


# ------------------------------------------------------------------ BG-10, BG-11
def _about_to_win(loser: tuple) -> BackgammonGame:
    mine = side({1: 1})
    return game_at(mine, loser, (2, 1), rules=BackgammonRules.no_cube())


def test_bg10_first_to_bear_off_all_wins():
    """BG-10: the first to bear off all 15 wins; there is no draw."""
    g = _about_to_win(side({20: 1}))
    g.play("1/off")
    out = g.outcome()
    assert out.winner == 0 and not out.is_draw and g.is_over()
    assert g.legal_moves() == []


def test_bg11_single_gammon_backgammon():
    """BG-11: 1 point if the loser has borne off; 2 if not (gammon); 3 if a loser's checker
    is still on the bar or in the winner's home board (backgammon)."""
    single = _about_to_win(side({20: 1}))          # Red has 14 off
    single.play("1/off")
    assert single.outcome().points == 1 and single.win_kind == 1
    gammon = _about_to_win(side({6: 15}))          # nothing off, all in Red's own home
    gammon.play("1/off")
    assert gammon.outcome().points == 2 and "gammon" in gammon.outcome().reason
    bg = _about_to_win(side({6: 14, 20: 1}))       # Red's 20 = White's 5: winner's home
    bg.play("1/off")
    assert bg.outcome().points == 3 and "backgammon" in bg.outcome().reason
    bar = _about_to_win(side({6: 14}, bar=1))
    bar.play("1/off")
    assert bar.outcome().points == 3


# ------------------------------------------------------------------ BG-12
def test_bg12_double_take_pass_and_ownership():
    """BG-12: before rolling a player may double; take -> cube doubles, taker owns it;
    pass -> the doubler wins the current stake; only the owner may redouble."""
    g = BackgammonGame().set_dice(3, 1)
    g.play("8/5 6/5")
    assert g.turn == 1 and not g.chance_pending()
    assert [str(m) for m in g.legal_moves()] == ["roll", "double"]
    g.play("double")
    assert g.turn == 0 and [str(m) for m in g.legal_moves()] == ["take", "pass"]
    g.play("take")
    assert g.cube_value == 2 and g.cube_owner == 0 and g.turn == 1 and g.chance_pending()
    g.set_dice(2, 1)
    g.play(g.legal_moves()[0])
    # White owns the cube: White may redouble
    assert [str(m) for m in g.legal_moves()] == ["roll", "double"]
    g.play("roll")
    g.set_dice(6, 5)
    g.play(g.legal_moves()[0])
    # Red does not own it: no cube action offered, straight to the roll
    assert g.turn == 1 and g.chance_pending()
    assert_rejected(g, lambda: g.play("double"), IllegalMoveError, match="only the cube owner may redouble")


def test_bg12_pass_loses_current_stake():
    """BG-12: passing a double loses the game at the current stake."""
    g = BackgammonGame().set_dice(3, 1)
    g.play("8/5 6/5")
    g.play("double")
    g.play("pass")
    out = g.outcome()
    assert out.winner == 1 and out.points == 1
    # a redouble to 4 passed loses 2
    g = BackgammonGame().set_dice(3, 1)
    g.play("8/5 6/5")
    g.play("double"), g.play("take")
    g.set_dice(2, 1), g.play(g.legal_moves()[0])
    g.play("double")
    g.play("pass")
    assert g.outcome().winner == 0 and g.outcome().points == 2


def test_bg12_cube_multiplies_and_caps():
    """BG-12: the cube multiplies the points; it stops at max_cube (64)."""
    g = BackgammonGame.from_position(side({1: 1}), side({6: 15}), cube=4, cube_owner=0)
    g.play("roll")
    g.set_dice(2, 1)
    g.play("1/off")
    assert g.outcome().points == 2 * 4
    capped = BackgammonGame.from_position(side({6: 5}), side({6: 5}), cube=64, cube_owner=0)
    assert capped.chance_pending() and not capped.may_double()
    with pytest.raises(IllegalMoveError, match="highest value"):
        capped.play("double")


def test_bg12_no_cube_rules():
    """BG-12: with the cube switched off the turn goes straight to the roll."""
    g = BackgammonGame(BackgammonRules.no_cube()).set_dice(3, 1)
    g.play("8/5 6/5")
    assert g.chance_pending() and g.legal_moves() == []


# ------------------------------------------------------------------ BG-13, BG-14
def test_bg13_match_to_n_points():
    """BG-13: games are played until a player reaches N points; extra points are not needed."""
    from boardkit.backgammon import BackgammonMatch
    m = BackgammonMatch(3)
    assert m.new_game().rules.match_length == 3
    m = BackgammonMatch(3)
    g = m.new_game(position=(side({1: 1}), side({6: 15})))  # set-up: White about to win a gammon
    assert g.rules.match_length == 3 and g.score == (0, 0) and not g.crawford
    g.set_dice(2, 1)
    g.play("1/off")
    assert m.record(g) == 2 and m.score == [2, 0] and not m.is_over()
    g2 = m.new_game(position=(side({1: 1}), side({6: 15})))
    assert g2.crawford and g2.score == (2, 0)               # White reached 2 = N-1
    g2.set_dice(2, 1)
    g2.play("1/off")
    assert m.record(g2) == 1 and m.is_over() and m.winner == 0   # capped at the length
    with pytest.raises(Exception, match="BG-13"):
        m.new_game()


def test_bg14_crawford_game_no_doubling_then_it_returns():
    """BG-14: in the game after a player first reaches N-1 nobody may double; after it, yes."""
    from boardkit.backgammon import BackgammonMatch
    rng = np.random.default_rng(0)
    m = BackgammonMatch(5)
    m.score = [4, 1]
    g = m.new_game()
    assert g.crawford
    g.set_dice(3, 1)
    g.play("8/5 6/5")
    assert g.chance_pending()                       # Red may not double: straight to roll
    with pytest.raises(IllegalMoveError, match="no doubling in the Crawford game"):
        g.play("double")
    # a Crawford game from a set-up: Red (on roll) may not double either; Red bears off
    # its last checker and wins one point; the game after it is post-Crawford
    m = BackgammonMatch(5)
    m.score = [4, 1]
    g = m.new_game(position=(side({1: 1}), side({6: 14})), turn=1)
    assert g.crawford and g.roller == 1 and g.phase == "roll"
    with pytest.raises(IllegalMoveError, match="no doubling in the Crawford game"):
        g.play("double")
    g.set_dice(2, 1)
    g.play("1/off")
    assert m.record(g) == 1 and m.score == [4, 2]
    g2 = m.new_game()
    assert not g2.crawford and m.crawford_played
    g2.resolve_chance(rng)
    g2.play(g2.legal_moves()[0])
    assert [str(a) for a in g2.legal_moves()] == ["roll", "double"]


def test_bg12_no_cube_board_draws_no_cube():
    """BG-12: a board under BackgammonRules.no_cube() shows no doubling cube (neither the
    cube square nor its caption); money and match boards do."""
    plain = BackgammonGame(BackgammonRules.no_cube()).draw().to_svg()
    money = BackgammonGame().draw().to_svg()
    assert "cube" not in plain and ">64<" not in plain
    assert "cube in the middle" in money and ">64<" in money
    owned = BackgammonGame.from_position(side({6: 5}), side({6: 5}), cube=4, cube_owner=1).draw().to_svg()
    assert "cube 4: Red" in owned and ">4<" in owned


def _match_game(**state):
    return BackgammonGame.from_position(side({6: 5}), side({6: 5}), rules=BackgammonRules.match(7),
                                        **state)


def test_bg13_bg14_set_match_state_for_a_teaching_position():
    """BG-13/BG-14 (with BG-12): a teaching position in a match: score, Crawford flag,
    cube value and owner are set through the public API, kept in JSON and the
    GNU Backgammon Match ID, and they decide who may double."""
    g = _match_game(score=(3, 6), crawford=True)
    assert (g.score, g.crawford, g.cube_value, g.cube_owner) == ((3, 6), True, 1, None)
    assert g.phase == "roll" and not g.may_double()           # Crawford game (BG-14)
    back = BackgammonGame.from_json(g.to_json())
    assert (back.score, back.crawford) == ((3, 6), True)
    again = BackgammonGame.from_position_id(g.position_id(), g.match_id())
    assert (again.score, again.crawford, again.rules.match_length) == ((3, 6), True, 7)
    post = _match_game(score=(3, 6)).set_match_state(cube=2, cube_owner=0)
    assert post.phase == "cube" and post.may_double()          # White owns the cube at 2
    assert [str(a) for a in post.legal_moves()] == ["roll", "double"]
    red_owns = _match_game(score=(3, 6), cube=4, cube_owner=1)
    assert red_owns.phase == "roll" and not red_owns.may_double()
    assert _match_game().set_match_state(score=(2, 2)).score == (2, 2)
    # the board shows the match state of the position
    assert "match to 7: 3-6, Crawford · cube in the middle" in g.draw().to_svg()
    assert "match to 7: 3-6 · cube 4: Red" in red_owns.draw().to_svg()
    assert "match to" not in BackgammonGame().draw().to_svg()


@pytest.mark.parametrize("state,match", [
    (dict(score=(7, 0)), "BG-13"),                       # the match would be over
    (dict(score=(-1, 0)), "BG-13"),
    (dict(score="3-6"), "BG-13"),
    (dict(score=(3, 5), crawford=True), "BG-14"),        # nobody at N-1
    (dict(score=(6, 6), crawford=True), "BG-14"),        # the Crawford game is past
    (dict(score=(6, 2), crawford=True, cube=2, cube_owner=1), "BG-14"),   # no double in it
    (dict(crawford="yes"), "BG-14"),
    (dict(cube=3, cube_owner=0), "BG-12"),
    (dict(cube=128, cube_owner=0), "BG-12"),
    (dict(cube=2), "BG-12"),                             # a turned cube has an owner
    (dict(cube_owner=1), "BG-12"),                       # ... and a cube at 1 has none
    (dict(cube=2, cube_owner=2), "BG-12"),
])
def test_bg13_bg14_impossible_match_states_are_refused(state, match):
    """BG-12/13/14: impossible match states raise BoardkitError naming the rule and
    leave the game exactly as it was."""
    g = _match_game(score=(1, 2))
    assert_rejected(g, lambda: g.set_match_state(**state), BoardkitError, match=match)
    with pytest.raises(BoardkitError, match=match):
        _match_game(**state)


def test_bg14_json_with_an_impossible_match_state_is_refused():
    """BG-14/BG-12: saved JSON is checked like a set-up: a turned cube in the Crawford
    game, or an owner for a cube at 1, is a FormatError naming the rule."""
    import json
    doc = json.loads(_match_game(score=(6, 2), crawford=True).to_json())
    doc["state"]["cube"], doc["state"]["cube_owner"] = 2, 1
    with pytest.raises(FormatError, match="BG-14"):
        BackgammonGame.from_json(json.dumps(doc))
    doc["state"]["crawford"], doc["state"]["cube"] = False, 1
    with pytest.raises(FormatError, match="BG-12"):
        BackgammonGame.from_json(json.dumps(doc))


def test_bg13_match_state_needs_match_rules_and_a_fresh_position():
    """BG-13/BG-14/BG-12: a score or Crawford flag needs match rules; a cube needs rules
    with the cube; the state is set up before any move, not in the middle of a game."""
    with pytest.raises(BoardkitError, match="BG-13"):
        BackgammonGame().set_match_state(score=(1, 0))
    with pytest.raises(BoardkitError, match="BG-14"):
        BackgammonGame().set_match_state(crawford=True)
    with pytest.raises(BoardkitError, match="BG-12"):
        BackgammonGame(BackgammonRules.no_cube()).set_match_state(cube=2, cube_owner=0)
    g = _match_game(score=(1, 2), dice=(3, 1))
    g.play(g.legal_moves()[0])
    with pytest.raises(BoardkitError, match="before any move"):
        g.set_match_state(score=(2, 2))
    with pytest.raises(BoardkitError, match="BG-17"):
        BackgammonGame.from_position_id(g.position_id(), g.match_id(), score=(1, 1))


# ------------------------------------------------------------------ BG-15
def test_bg15_jacoby_gammon_counts_single_unless_cube_turned():
    """BG-15: under the Jacoby rule a gammon counts single until the cube is turned."""
    jac = BackgammonRules.money(jacoby=True)
    g = BackgammonGame.from_position(side({1: 1}), side({6: 15}), rules=jac, dice=(2, 1))
    g.play("1/off")
    assert g.outcome().points == 1 and "Jacoby" in g.outcome().reason
    g = BackgammonGame.from_position(side({1: 1}), side({6: 15}), rules=jac, cube=2,
                                     cube_owner=1, dice=(2, 1))
    g.play("1/off")
    assert g.outcome().points == 4
    plain = BackgammonGame.from_position(side({1: 1}), side({6: 15}), dice=(2, 1))
    plain.play("1/off")
    assert plain.outcome().points == 2
    with pytest.raises(Exception, match="BG-15"):
        BackgammonRules(jacoby=True, match_length=5)


# ------------------------------------------------------------------ BG-16
def test_bg16_notation():
    """BG-16: standard move text from the mover's side."""
    g = BackgammonGame().set_dice(3, 1)
    assert "8/5 6/5" in texts(g)
    assert "24/20" in texts(BackgammonGame().set_dice(3, 1))
    assert "8/5(2) 6/3(2)" in texts(BackgammonGame().set_dice(3, 3))
    assert "24/18 13/11" in texts(BackgammonGame().set_dice(6, 2))
    mine = side({6: 5, 8: 3, 13: 5, 24: 1}, bar=1)
    theirs = side({6: 5, 8: 3, 13: 5, 24: 1, 22: 1})     # their 22 = my 3 (a blot)
    t = texts(plays_for(mine, theirs, 4, 5))
    assert "bar/21 13/8" in t and "bar/20 8/4" in t
    mine = side({13: 1, 6: 14})
    theirs = side({18: 1, 1: 14})
    assert "13/7* 6/1" in texts(plays_for(mine, theirs, 6, 5))
    # a hit on the way is marked in the middle: 13/7*/2
    assert "13/7*/2" in texts(plays_for(mine, theirs, 6, 5))
    assert texts(plays_for(side({6: 2}), side({1: 13}), 6, 6)) == ["6/off(2)"]


def test_bg16_play_accepts_other_spellings():
    """BG-16: a play may be typed in any order and split per die; 'bar' and 'off' both work."""
    g = BackgammonGame().set_dice(6, 5)
    p = g.copy().play("24/13")
    assert g.copy().play("24/18 18/13") == p
    assert g.copy().play("13/8 24/18") == g.copy().play("24/18 13/8")
    with pytest.raises(FormatError, match="BG-16"):
        g.play("24-18 13-8")
    with pytest.raises(FormatError, match="BG-16"):
        g.play("24/30")


# ------------------------------------------------------------------ bad input
def test_bad_dice_and_wrong_phase_leave_state_untouched():
    """Bad input raises a boardkit error naming the rule, and changes nothing (BG-03, BG-12)."""
    from boardkit import BoardkitError
    g = BackgammonGame()
    for a, b in ((0, 3), (7, 1), (3, "1"), (2.0, 1)):
        assert_rejected(g, lambda: g.set_dice(a, b), BoardkitError, match="dice show 1..6")
    assert_rejected(g, lambda: g.play("8/5 6/5"), IllegalMoveError, match="opening roll")  # no dice yet
    g.set_dice(3, 1)
    g.play("8/5 6/5")
    g.play("double")
    assert_rejected(g, lambda: g.set_dice(2, 1), IllegalMoveError, match="take or pass")
    assert_rejected(g, lambda: g.play("double"), IllegalMoveError, match="BG-12")
    g.play("take")
    with pytest.raises(IllegalMoveError, match="no double has been offered"):
        g.play("take")


def test_bad_notation_and_points():
    """Malformed move text raises FormatError naming BG-16; a checker that is not there is
    refused with BG-01 (points counted from the mover's side)."""
    g = BackgammonGame().set_dice(3, 1)
    for bad in ("8-5 6-5", "8/5/", "abc", "5/8", "13/30", "8/5(9)"):
        assert_rejected(g, lambda: g.play(bad), FormatError, match="BG-16")
    assert_rejected(g, lambda: g.play("3/2 3/off"), IllegalMoveError, match="no checker on point 3")


def test_bad_json_positions_and_rules():
    """Malformed JSON and impossible positions raise FormatError naming the problem."""
    from boardkit import BoardkitError
    good = BackgammonGame().to_json()
    assert BackgammonGame.from_json(good).to_json() == good
    import json as _json
    doc = _json.loads(good)
    doc["state"]["board"][0][6] = 6          # 16 checkers
    with pytest.raises(FormatError, match="15 checkers"):
        BackgammonGame.from_json(_json.dumps(doc))
    doc = _json.loads(good)
    doc["state"]["board"][1][19] = 1          # Red on White's 6-point, where White stands
    doc["state"]["board"][1][0] = -1
    with pytest.raises(FormatError):
        BackgammonGame.from_json(_json.dumps(doc))
    doc = _json.loads(good)
    doc["state"]["phase"] = "dance"
    with pytest.raises(FormatError, match="phase"):
        BackgammonGame.from_json(_json.dumps(doc))
    doc = _json.loads(good)
    doc["rules"]["max_cube"] = 48
    with pytest.raises(FormatError, match="max_cube"):
        BackgammonGame.from_json(_json.dumps(doc))
    with pytest.raises(FormatError, match="not valid JSON"):
        BackgammonGame.from_json("{")
    with pytest.raises(FormatError, match="both players"):
        BackgammonGame.from_position(side({6: 2}), side({19: 2}))
    with pytest.raises(BoardkitError, match="BG-13"):
        BackgammonRules.match(0)


def test_bg01_side_builds_counts_and_rejects_unknown_points():
    """side(): {point: checkers} in the side's own numbering (25 = bar), the rest off."""
    from boardkit import BoardkitError
    from boardkit.backgammon.game import side
    assert side({24: 2, 13: 5, 8: 3, 6: 5}) == list(START)
    s = side({6: 3, 25: 1}, bar=1)
    assert s[6] == 3 and s[25] == 2 and s[0] == 10
    with pytest.raises(BoardkitError, match="BG-01"):
        side({26: 1})


def test_bg03_rolls_are_history_and_undoable():
    """BG-03: every roll is a chance step in history (the opening roll with its ties),
    taken back by undo like a move; the dice can then be rolled again."""
    from boardkit import ChanceStep
    from boardkit.backgammon.game import OpeningRoll
    g = BackgammonGame()
    g.resolve_chance(np.random.default_rng(1))
    assert isinstance(g.history[-1], ChanceStep) and g.phase == "move"
    g.play(g.legal_moves()[0])
    g.play("roll")
    g.set_dice(4, 2)
    assert [type(h).__name__ for h in g.history] == ["ChanceStep", "Play", "CubeAction", "ChanceStep"]
    assert str(g.history[-1]) == "4-2"
    g.undo()
    assert g.phase == "roll" and g.dice is None and g.chance_pending()
    with pytest.raises(IllegalMoveError):
        g.play("roll")
    g.undo(), g.undo(), g.undo()
    assert g.phase == "opening" and g.history == []
    with pytest.raises(IllegalMoveError, match="BG-03"):
        g.set_chance(OpeningRoll(((3, 3),)))         # an opening that ends in a tie


def test_draw_refuses_unknown_options():
    g = BackgammonGame().set_dice(3, 1)
    with pytest.raises(BoardkitError, match="flipp"):
        g.draw(flipp=True)
    g.play("8/5 6/5")
    svg_text = g.draw(last_move=2, selected="13", title="t", flip=True).to_svg()
    assert "<svg" in svg_text
