"""回り将棋 race rules MS-01..MS-15, each on a crafted position with tosses set by hand.

Ring indices (see boardkit/mawari/game.py): 0 = 1九, 1 = 1八 ... 8 = 1一 (corners 0, 8,
16, 24), 16 = 9一, 20 = 9五, 24 = 9九, 31 = 2九. Homes: P1 1九, P2 1一 (or 9一 with two
players), P3 9一, P4 9九.
"""
import json

import pytest

from boardkit._core import BoardkitError, FormatError, IllegalMoveError
from boardkit.mawari import MawariGame, MawariRules, TossModel, square_index, square_name

from conftest import assert_rejected

# tosses by value; those with a face-down gold end the turn
ONE, TWO, THREE = "up down down down", "up up down down", "up up up down"
FOUR_AGAIN = "up up up up"
TWENTY = "down down down down"


def setup(players=2, turn=0, rules=None, **pieces):
    """pieces: p1=("1五", "香"), p2=("9五", "歩", True) ..."""
    g = MawariGame(rules, players=players)
    for key, spec in pieces.items():
        g.place(int(key[1:]) - 1, *spec)
    g.set_turn(turn)
    return g


def state(g):
    return g.to_json()


# ------------------------------------------------------------------ MS-01 track
def test_ms01_track_has_32_squares_corners_8_apart():
    names = [square_name(i) for i in range(32)]
    assert len(set(names)) == 32
    assert [names[c] for c in (0, 8, 16, 24)] == ["1九", "1一", "9一", "9九"]
    for i, n in enumerate(names):   # every ring square is on the rim
        f, r = int(n[0]), "一二三四五六七八九".index(n[1]) + 1
        assert f in (1, 9) or r in (1, 9)
        assert square_index(n) == i
    assert square_index("19") == 0 and square_index("91") == 16


def test_ms01_pieces_move_counter_clockwise():
    g = MawariGame()
    g.set_toss(ONE)                   # from the bottom-right corner, up the right edge
    assert g.square(0) == "1八"
    g.set_toss(ONE)                   # P2 from 9一 (top left) goes down the left edge
    assert g.square(1) == "9二"


def test_ms01_unknown_square_is_an_error():
    g = MawariGame()
    for bad in ("5五", "0九", "xx", 32, -1, "1十"):
        assert_rejected(g, lambda bad=bad: g.place(0, bad), FormatError, "MS-01")


# ------------------------------------------------------------------ MS-02 players
def test_ms02_homes_are_corners_two_players_diagonal():
    assert [g.square(p) for g in [MawariGame(players=2)] for p in range(2)] == ["1九", "9一"]
    g4 = MawariGame(players=4)
    assert sorted(g4.position(p) for p in range(4)) == [0, 8, 16, 24]
    assert all(g4.piece(p) == "歩" for p in range(4))


@pytest.mark.parametrize("n", [0, 1, 5, "2", True])
def test_ms02_wrong_player_count(n):
    with pytest.raises(BoardkitError, match="MS-02"):
        MawariGame(players=n)


# ------------------------------------------------------------------ MS-03 late join
def test_ms03_late_join_free_corner_lowest_rank():
    g = setup(2, p1=("1五", "桂"), p2=("9五", "香"))
    q = g.join()
    assert q == 2 and g.players == 3
    assert g.square(2) == "1一" and g.piece(2) == "香"     # lowest rank in play
    g.join()
    assert g.square(3) == "9九"
    with pytest.raises(IllegalMoveError, match="MS-03"):
        g.join()
    g.undo()
    assert g.players == 3


# ------------------------------------------------------------------ MS-04 toss text
@pytest.mark.parametrize("bad", ["up up down", "up up down sideways", "", "up up up up up"])
def test_ms04_bad_toss_text(bad):
    g = MawariGame()
    assert_rejected(g, lambda: g.set_toss(bad), FormatError, "MS-04")
    assert g.history == []


# ------------------------------------------------------------------ MS-05 values
@pytest.mark.parametrize("toss, squares", [
    (ONE, 1), (THREE, 3), (TWENTY, 20), ("side up up down", 7),
    ("upright down down down", 10), ("upside_down up down down", 101)])
def test_ms05_value_of_a_toss(toss, squares):
    g2 = MawariGame(MawariRules(players=3, corner_jump=False), players=3)
    g2.place(0, "9二")                           # no piece in the way of any value
    g2.set_turn(0)
    start = g2.position(0)
    g2.set_toss(toss)
    assert g2.position(0) == (start + squares) % 32


def test_ms05_all_down_value_option():
    g = MawariGame(MawariRules(all_down_value=12), players=2)
    g.set_toss(TWENTY)
    assert g.position(0) == 12


# ------------------------------------------------------------------ MS-06 overlap
def test_ms06_overlap_moves_back_by_face_up_count():
    """MS-06 (revised): back as many squares as golds lie face up; standing golds add
    nothing (a whole-value reading would send this piece back 6, to the corner)."""
    g = setup(p1=("1四", "歩"))                 # index 5
    g.set_toss("side up down down +overlap")    # value 6, one gold face up
    assert g.square(0) == "1五"                 # back 1, not 6
    assert "one per face-up gold, MS-06" in g.last_events()[0]
    g = setup(p1=("1四", "歩"))
    g.set_toss("upright up up down +overlap")   # value 12, two face up
    assert g.square(0) == "1六"
    g = setup(p1=("1四", "歩"))
    g.set_toss("side side down down +overlap")  # no gold face up: no move back
    assert g.square(0) == "1四"
    assert MawariRules().overlap_back == "face_up"


def test_ms06_never_back_past_last_corner_and_corner_stays():
    g = setup(p1=("2一", "歩"))              # index 9: last corner passed is 1一 (8)
    g.set_toss("up up up down +overlap")
    assert g.square(0) == "1一"
    g = setup(p1=("1一", "歩"))
    g.set_toss("up up up down +overlap")
    assert g.square(0) == "1一"
    g = setup(p1=("9八", "歩"))              # all face down with an overlap: back 20
    g.set_toss("down down down down +overlap")
    assert g.square(0) == "9一"


def test_ms06_all_face_down_overlap_goes_back_20():
    """Four face-down golds with an overlap: back 20 (the all-down value), not 0."""
    g = setup(p1=("1二", "歩"))              # index 7, 7 squares past 1九
    g.set_toss("down down down down +overlap")
    assert g.square(0) == "1九"
    g = setup(p1=("1二", "歩"), rules=MawariRules(all_down_value=3))
    g.set_toss("down down down down +overlap")
    assert g.square(0) == "1五"              # back 3: all_down_value (MS-05) counts


def test_ms06_option_back_by_the_whole_value():
    rules = MawariRules(overlap_back="whole_value")
    g = setup(p1=("1四", "歩"), rules=rules)
    g.set_toss("side up down down +overlap")   # value 6: stopped at the corner 1九
    assert g.square(0) == "1九"
    g = setup(p1=("1二", "歩"), rules=rules)
    g.set_toss("up down down down +overlap")   # value 1
    assert g.square(0) == "1三"
    assert "the whole value, MS-06" in g.last_events()[0]
    assert MawariRules(overlap_back="value") == rules            # the older name
    assert MawariRules.whole_value_back() == rules
    for bad in ("half", "", None, 3, ["face_up"]):
        with pytest.raises(BoardkitError, match="MS-06"):
            MawariRules(overlap_back=bad)


# ------------------------------------------------------------------ MS-07 toss again
def test_ms07_no_face_down_tosses_again():
    g = MawariGame()
    g.set_toss(FOUR_AGAIN)
    assert g.turn == 0 and g.chance_pending() and g.position(0) == 4
    g.set_toss("side up up up")                 # a standing gold is not face down
    assert g.turn == 0 and g.position(0) == 12
    g.set_toss(ONE)
    assert g.turn == 1


@pytest.mark.parametrize("flag", ["+overlap", "+fall"])
def test_ms07_overlap_or_fall_never_tosses_again(flag):
    g = setup(p1=("1四", "歩"))
    g.set_toss(f"up up up up {flag}")
    assert g.turn == 1


# ------------------------------------------------------------------ MS-08 fall
def test_ms08_fallen_gold_scores_nothing():
    g = setup(p1=("1四", "歩"))
    g.set_toss("up up down down +fall")
    assert g.square(0) == "1四" and g.turn == 1
    g = setup(p1=("1四", "歩"))
    g.set_toss("up up down down +overlap +fall")  # the fall wins over the overlap
    assert g.square(0) == "1四"


def test_ms08_floor_rule_off():
    g = setup(p1=("1四", "歩"), rules=MawariRules.floor())
    g.set_toss("up up down down +fall")
    assert g.square(0) == "1二"
    assert g.rules.model.fall == 0


# ------------------------------------------------------------------ MS-09 model
def test_ms09_rules_carry_the_toss_model():
    r = MawariRules.realistic(3)
    assert r.model == TossModel.realistic()
    all_down = MawariRules(toss_probs=(0, 1, 0, 0, 0, 0, 0))
    g = MawariGame(rules=all_down)
    import numpy as np
    g.resolve_chance(np.random.default_rng(0))
    assert g.position(0) == 20 and str(g.last_toss) == TWENTY


@pytest.mark.parametrize("probs", [(0.5, 0.6, 0, 0, 0, 0, 0), (1.5, -0.5, 0, 0, 0, 0, 0),
                                   (0.5, 0.5, 0, 0, 0, 0, 2), (0.5, 0.5)])
def test_ms09_bad_probabilities(probs):
    with pytest.raises(BoardkitError, match="MS-09"):
        MawariRules(toss_probs=probs)


# ------------------------------------------------------------------ MS-10 promotion
def test_ms10_promotion_on_reaching_home():
    g = setup(p1=("2九", "歩"))
    g.set_toss(ONE)
    assert g.square(0) == "1九" and g.piece(0) == "香"
    g = setup(p1=("3九", "香"))
    g.set_toss(THREE)
    assert g.square(0) == "1八" and g.piece(0) == "桂"


def test_ms10_long_move_promotes_several_times():
    g = setup(p1=("1八", "歩"), p2=("9一", "歩"))
    g.set_toss("upside_down up down down")      # 101 squares: home passed 3 times
    assert g.piece(0) == "銀" and g.position(0) == (1 + 101) % 32
    assert not g.is_over()


def test_ms10_silver_completing_a_lap_ends_the_game():
    g = setup(p1=("2九", "銀"), p2=("9五", "桂"))
    g.set_toss(TWO)
    assert g.is_over() and g.outcome().winner == 0
    assert "MS-10" in g.outcome().reason
    with pytest.raises(IllegalMoveError):
        g.set_toss(ONE)


# ------------------------------------------------------------------ MS-11 ranking
def test_ms11_ranking_by_rank_then_progress():
    g = setup(4, p1=("2九", "銀"), p2=("1三", "香"), p3=("9二", "香"), p4=("8九", "桂"))
    # progress on the lap: P2 (home 1一) at 1三 = 30, P3 (home 9一) at 9二 = 1
    g.set_toss(ONE)
    out = g.outcome()
    assert out.ranking == (0, 3, 1, 2)


# ------------------------------------------------------------------ MS-12 laying down
def test_ms12_overtaking_a_lower_piece_lays_it_down():
    g = setup(3, p1=("1八", "香"), p2=("1六", "歩"))
    g.set_toss(THREE)
    assert g.is_laid(1)
    assert g.turn == 2                          # P2 lies down: P3 is next


def test_ms12_equal_or_higher_rank_not_laid():
    g = setup(3, p1=("1八", "香"), p2=("1六", "香"), p3=("1七", "銀"))
    g.set_toss(THREE)
    assert not g.is_laid(1) and not g.is_laid(2)


def test_ms12_corner_is_safe():
    g = setup(3, p1=("1三", "香"), p2=("1一", "歩"))
    g.set_toss(THREE)                           # passes 1一, lands on 2一
    assert g.square(0) == "2一" and not g.is_laid(1)


def test_ms12_laid_piece_misses_turns_until_passed():
    g = setup(3, p1=("1八", "香"), p2=("1六", "歩"), p3=("9二", "歩"))
    g.set_toss(THREE)                           # P1 lays P2 down
    g.set_toss(ONE)                             # P3 to 9三
    assert g.turn == 0                          # P2 is skipped
    g.set_toss(ONE)                             # P1 1五 -> 1四
    assert g.turn == 2 and g.is_laid(1)
    g.set_toss(TWENTY)                          # P3 9三 -> 1三, passes 1六: wakes P2
    assert not g.is_laid(1)
    assert g.turn == 0
    g.set_toss(ONE)
    assert g.turn == 1


def test_ms12_two_players_lose_one_turn():
    g = setup(2, p1=("1八", "香"), p2=("1六", "歩"))
    g.set_toss(THREE)
    assert g.turn == 0 and not g.is_laid(1)     # P2 missed its turn and stood up
    assert any("misses this turn" in e for e in g.events)


def test_ms12_two_player_option_off_stays_laid():
    g = setup(2, p1=("1八", "香"), p2=("1六", "歩"),
              rules=MawariRules(two_player_skip=False))
    g.set_toss(THREE)
    g.set_toss(ONE)
    assert g.turn == 0 and g.is_laid(1)


# ------------------------------------------------------------------ MS-13 two up
def test_ms13_two_up_chain():
    g = setup(3, p1=("1八", "歩"), p2=("1六", "歩"), p3=("1四", "歩"))
    g.set_toss(TWO)                             # lands on P2, both to 1四 where P3 is
    assert [g.square(p) for p in range(3)] == ["1二", "1二", "1二"]


def test_ms13_two_up_lays_nobody_down():
    g = setup(3, p1=("1八", "香"), p2=("1六", "香"), p3=("1五", "歩"))
    g.set_toss(TWO)
    assert g.square(0) == "1四" and not g.is_laid(2)


def test_ms13_two_up_can_promote():
    g = setup(2, p1=("3九", "歩"), p2=("2九", "歩"))
    g.set_toss(ONE)                             # onto P2, both advance past 1九
    assert g.square(0) == "1八" and g.piece(0) == "香" and g.piece(1) == "歩"


def test_ms13_laid_piece_is_off_the_track_no_two_up():
    g = setup(3, p1=("1八", "歩"), p2=("1六", "歩", True))
    g.set_toss(TWO)                             # lands beside the laid P2: no two-up
    assert g.square(0) == "1六" and g.is_laid(1)


def test_ms13_no_two_up_after_moving_back():
    g = setup(2, p1=("1四", "歩"), p2=("1六", "歩"))
    g.set_toss("up up down down +overlap")
    assert g.square(0) == g.square(1) == "1六"


def test_ms13_two_up_ending_on_a_corner_does_not_jump():
    """MS-14 needs a normal move ending exactly on the corner: a two-up that carries the
    pieces onto a corner leaves them there (issue 12: said plainly in notebook 42 and the
    rules reference); the corner's owner completes its lap."""
    g = setup(3, p1=("1四", "歩"), p2=("1三", "歩"))
    g.set_toss(ONE)                             # onto P2 on 1三, both +2 to the corner 1一
    assert g.square(0) == g.square(1) == "1一"
    assert g.piece(1) == "香" and g.piece(0) == "歩"   # 1一 is P2's home with 3 players
    assert not any("jumps" in e for e in g.last_events())


# ------------------------------------------------------------------ MS-14 corner jump
def test_ms14_corner_jump():
    g = setup(2, p1=("1二", "歩"))
    g.set_toss(ONE)
    assert g.square(0) == "9一"                 # one jump only: 9一 is not P1's home


def test_ms14_no_jump_on_own_home_or_when_off():
    g = setup(2, p1=("2九", "歩"))
    g.set_toss(ONE)
    assert g.square(0) == "1九"
    g = setup(2, p1=("1二", "歩"), rules=MawariRules(corner_jump=False))
    g.set_toss(ONE)
    assert g.square(0) == "1一"


def test_ms14_jump_home_counts_as_lap():
    g = setup(2, p1=("9八", "歩"))
    g.set_toss(ONE)
    assert g.square(0) == "1九" and g.piece(0) == "香"


def test_ms14_jump_wakes_but_does_not_lay_and_beats_two_up():
    g2 = MawariGame(players=4)
    for p, spec in enumerate([("1二", "香"), ("1一", "歩"), ("3一", "歩", True), ("5一", "歩")]):
        g2.place(p, *spec)
    g2.set_turn(0)
    g2.set_toss(ONE)
    assert g2.square(0) == "9一"                # jumped instead of two-up with P2
    assert g2.square(1) == "1一"
    assert not g2.is_laid(2) and not g2.is_laid(3)


# ------------------------------------------------------------------ MS-15 battles
def battle_ready(**kw):
    g = setup(2, p1=("1七", kw.pop("p1", "歩")), p2=("9五", kw.pop("p2", "歩")), **kw)
    g.set_toss(TWO)                             # P1 to 1五, in line with P2 on 9五
    return g


def test_ms15_battle_offer_and_decline():
    g = battle_ready()
    assert not g.chance_pending()
    assert [str(m) for m in g.legal_moves()] == ["battle P2", "no battle"]
    g.play("no battle")
    assert g.turn == 1 and g.chance_pending()


def test_ms15_attacker_back_first_defender_fails():
    g = battle_ready()
    g.play("battle P2")
    assert g.battle["length"] == 16 and g.turn == 0
    g.set_toss("upright upright down down")    # 20 >= 16: P1 is back
    assert g.turn == 1                          # P2 still has this turn
    g.set_toss(ONE)
    assert g.battle is None and g.piece(0) == "香" and g.piece(1) == "歩"
    assert g.turn == 1                          # P1's turn is over


def test_ms15_draw_when_defender_also_back():
    g = battle_ready()
    g.play("battle P2")
    g.set_toss(TWENTY)
    g.set_toss(TWENTY)
    assert g.battle is None and g.piece(0) == g.piece(1) == "歩"


def test_ms15_defender_can_win():
    g = battle_ready()
    g.play("battle P2")
    g.set_toss(ONE)
    g.set_toss(TWENTY)
    assert g.piece(1) == "香" and g.piece(0) == "歩"


def test_ms15_no_moving_back_in_battle_and_toss_again():
    g = battle_ready()
    g.play("battle P2")
    g.set_toss("up up up up")                   # 4, no face down: toss again
    assert g.turn == 0 and g.battle["progress"] == (4, 0)
    g.set_toss("up up down down +overlap")      # overlap: nothing, never back
    assert g.battle["progress"] == (4, 0) and g.turn == 1


def test_ms15_silver_winning_ends_game():
    g = battle_ready(p1="銀")
    g.play("battle P2")
    g.set_toss(TWENTY)
    g.set_toss(ONE)
    assert g.is_over() and g.outcome().winner == 0 and "MS-15" in g.outcome().reason


def test_ms15_battle_line_option_any():
    g = setup(2, p1=("1七", "歩"), p2=("1二", "歩"))
    g.set_toss(TWO)
    assert g.turn == 1                          # same edge: no battle by default
    g = setup(2, p1=("1七", "歩"), p2=("1二", "歩"), rules=MawariRules(battle_line="any"))
    g.set_toss(TWO)
    g.play("battle")
    assert g.battle["length"] == 6


def test_ms15_extra_toss_kept_after_battle():
    g = setup(2, p1=("1九", "歩"), p2=("9五", "歩"))
    g.set_toss(FOUR_AGAIN)                      # to 1五 and a toss again earned
    g.play("battle P2")
    g.set_toss(TWENTY)
    g.set_toss(ONE)
    assert g.piece(0) == "香" and g.turn == 0 and g.chance_pending()


def test_ms15_illegal_decision_names_rule():
    g = battle_ready()
    assert_rejected(g, lambda: g.play("battle P3"), IllegalMoveError, "MS-15")
    assert_rejected(g, lambda: g.set_toss(ONE), IllegalMoveError, "MS-07")  # a decision is due
    g2 = MawariGame()
    assert_rejected(g2, lambda: g2.play("battle P2"), IllegalMoveError, "MS-15")


def test_ms15_laid_or_corner_pieces_are_not_offered():
    g = setup(3, p1=("1七", "歩"), p2=("9五", "歩", True))
    g.set_toss(TWO)
    assert g.phase == "toss"


# ------------------------------------------------------------------ undo, JSON, errors
def test_undo_one_toss_exactly():
    g = battle_ready()
    before = state(g)
    g.play("battle P2")
    g.set_toss(ONE)
    g.undo()
    g.undo()
    assert state(g) == before


def test_json_round_trip_mid_battle():
    g = battle_ready()
    g.play("battle P2")
    g.set_toss(THREE)
    h = MawariGame.from_json(g.to_json())
    assert h.to_json() == g.to_json()
    assert h.turn == 1


@pytest.mark.parametrize("mutate", [
    lambda d: d["state"]["pieces"][0].update(square="5五"),
    lambda d: d["state"]["pieces"][0].update(piece="金"),
    lambda d: d["state"]["pieces"][0].update(laid=True, square="1九"),
    lambda d: d["state"].update(phase="dance"),
    lambda d: d["state"].update(turn=7),
    lambda d: d["rules"].update(players=9),
    lambda d: d["state"].update(last_toss="up up"),
])
def test_bad_json_is_format_error(mutate):
    d = json.loads(MawariGame().to_json())
    mutate(d)
    assert_rejected(None, lambda: MawariGame.from_json(json.dumps(d)), FormatError)


def test_ms10_ms12_bad_setup_names_rule_and_changes_nothing():
    g = MawariGame()
    assert_rejected(g, lambda: g.place(0, "1五", "金"), FormatError, "MS-10")
    assert_rejected(g, lambda: g.place(0, "1一", "歩", True), IllegalMoveError, "MS-12")
    assert_rejected(g, lambda: g.place(2, "1五"), IllegalMoveError, "MS-02")


def test_ms13_two_up_can_carry_a_silver_home_and_end_the_game():
    g2 = setup(3, p1=("1三", "歩"), p2=("1二", "銀"))   # P2's home is 1一 (3 players)
    g2.set_toss(ONE)                                     # P1 lands on P2: both +2
    assert g2.is_over() and g2.outcome().winner == 1     # P2 carried past its home


def test_ms15_others_wait_and_no_offer_after_back_or_jump():
    g = setup(3, p1=("1七", "歩"), p2=("9五", "歩"))
    g.set_toss(TWO)
    g.play("battle P2")
    seen = set()
    for toss in [ONE, ONE, ONE, ONE, TWENTY, ONE]:
        seen.add(g.turn)
        g.set_toss(toss)
    assert seen == {0, 1} and g.battle is None          # P3 waited
    g = setup(2, p1=("1三", "歩"), p2=("9五", "歩"))
    g.set_toss("up up down down +overlap")             # back to 1五: no battle
    assert g.phase == "toss" and g.turn == 1


def test_ms15_battle_events_say_what_a_toss_gained():
    """A fall or an overlap gains nothing and is said so; four face-down golds under
    all_down_value=0 (MS-05) count 0 and are said as a toss of 0, not as an overlap."""
    g = battle_ready(rules=MawariRules(all_down_value=0))
    g.play("battle P2")
    g.set_toss("down down down down")
    said = str(g.last_events()[0])
    assert said.endswith(": 0, 0/16") and "overlap" not in said
    g.set_toss("up up down down +overlap")
    assert "overlap: no moving back in a battle" in str(g.last_events()[0])
