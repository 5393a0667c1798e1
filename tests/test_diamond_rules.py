"""Diamond Game rules DG-04..DG-20, one test (at least) per rule, plus bad input."""
import json
import math

import pytest

from boardkit import BoardkitError, FormatError, IllegalMoveError
from boardkit.diamond import PASS, DiamondGame, DiamondMove, DiamondRules
from boardkit.diamond import geometry as B

from conftest import assert_rejected

R, Y, G = 0, 1, 2
RK, YK = (0, True), (1, True)


def pos(where, turn=0, **kw):
    kw.setdefault("players", 2)
    return DiamondGame.from_pieces(where, DiamondRules(**kw), turn=turn)


def dests(g, hole):
    return g.reachable_from(hole)


def assert_illegal(g, move, pattern, err=IllegalMoveError):
    """``g.play(move)`` is refused naming the rule; the game (and its history) unchanged."""
    hist = len(g.history)
    assert_rejected(g, lambda: g.play(move), err, match=pattern)
    assert len(g.history) == hist


# ------------------------------------------------------------------ setup, seats
def test_dg04_setup_15_pieces_king_on_start_apex():
    g = DiamondGame()
    for p in range(3):
        mine = g.pieces_of(p)
        assert len(mine) == 15 and set(mine) == g.start_camp(p)
        assert g.king_of(p) == g.start_apex(p)
        assert sum(k for (q, k) in g.pieces().values() if q == p) == 1


def test_dg05_three_players_alternate_tips_opposite_goals_clockwise():
    g = DiamondGame()
    tips = [g.start_tip(p) for p in range(3)]
    idx = [B.TIP_NAMES.index(t) for t in tips]
    assert len({i % 2 for i in idx}) == 1 and len(set(idx)) == 3          # every other tip
    for p in range(3):
        assert g.goal_tip(p) == B.opposite(g.start_tip(p))
        assert g.rules.colours[g.goal_tip(p)] == g.rules.colours[g.start_tip(p)] == g.colour(p)
    assert [g.colour(p) for p in range(3)] == ["red", "yellow", "green"]
    # clockwise on screen (y down) = increasing angle of the start apexes
    ang = [math.degrees(math.atan2(*reversed(B.xy(g.start_apex(p))))) % 360 for p in range(3)]
    assert ang[0] < ang[1] < ang[2]
    seen = []
    for _ in range(4):
        seen.append(g.turn)
        g.play(g.legal_moves()[0])
    assert seen == [0, 1, 2, 0]
    g2 = DiamondGame(DiamondRules(first_player=2))
    assert g2.turn == 2
    g2.play(g2.legal_moves()[0])
    assert g2.turn == 0


def test_dg06_two_players_paths_cross_at_120_degrees_unused_colour_forbidden():
    g = DiamondGame(DiamondRules(players=2))
    assert [g.colour(p) for p in range(2)] == ["red", "yellow"]
    assert len(g.pieces()) == 30
    v = []
    for p in range(2):
        (x1, y1), (x2, y2) = B.xy(g.start_apex(p)), B.xy(g.goal_apex(p))
        v.append((x2 - x1, y2 - y1))
    cosang = (v[0][0] * v[1][0] + v[0][1] * v[1][1]) / math.hypot(*v[0]) / math.hypot(*v[1])
    assert round(math.degrees(math.acos(cosang))) == 120
    green = B.tip("NE") | B.tip("SW")
    for p in range(2):
        assert green <= g.forbidden(p)
        assert len(g.forbidden(p)) == 40
        assert not g.forbidden(p) & (B.tip(g.start_tip(p)) | B.tip(g.goal_tip(p)))


# ------------------------------------------------------------------ turns
def test_dg07_one_piece_moves_per_turn():
    g = DiamondGame()
    for m in g.legal_moves()[:40]:
        before = g.pieces()
        g.play(m)
        after = g.pieces()
        assert set(before) - set(after) == {m.path[0]}
        assert set(after) - set(before) == {m.path[-1]}
        assert after[m.path[-1]] == before[m.path[0]]
        g.undo()


def _stuck_red():
    """Red (no kings) packed in its start camp, two rows of yellow in front of it."""
    pieces = {h: R for h in B.camp("S")}
    for r in (3, 2):
        for q in range(-4, 3):
            if (q, r) in B.INDEX and (q, r) not in B.tip("SW"):
                pieces[(q, r)] = Y
    return pos(pieces, kings=False)


def test_dg07_pass_when_stuck_and_only_then():
    g = _stuck_red()
    assert g.legal_moves() == [PASS]
    g.play("pass")
    assert g.turn == 1 and str(g.history[-1]) == "pass"
    assert_illegal(g, "pass", r"passing is allowed only when stuck \(DG-07\)")


def test_dg07_moving_someone_elses_piece_is_illegal():
    g = DiamondGame()
    yellow_piece = B.label(g.start_apex(1))
    assert_illegal(g, f"{yellow_piece}-m2", "DG-07")
    assert_illegal(g, "i5-i6", r"no piece on i5 \(DG-07\)")


# ------------------------------------------------------------------ moves
def test_dg08_step_in_all_six_directions_to_empty_holes_only():
    g = pos({(0, 0): R, (1, 0): Y})
    steps = {m.path[-1] for m in g.legal_moves() if m.kind == "step"}
    assert steps == {(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)}   # not onto (1, 0)
    assert_illegal(g, [(0, 0), (1, 0)], r"occupied.*\(DG-08\)")
    g.play([(0, 0), (0, 1)])                                      # backwards is fine
    assert g.piece_at((0, 1)) == (R, False)


def test_dg09_hop_over_one_piece_of_any_colour_nothing_captured():
    g = pos({(0, 0): R, (1, 0): Y, (0, -1): R})
    assert {(2, 0), (0, -2)} <= dests(g, (0, 0))
    g.play([(0, 0), (2, 0)])
    assert g.piece_at((1, 0)) == (Y, False) and g.piece_at((2, 0)) == (R, False)
    assert len(g.pieces()) == 3


def test_dg09_two_pieces_in_a_row_cannot_be_hopped():
    g = pos({(0, 0): R, (1, 0): Y, (2, 0): Y})
    assert not {(2, 0), (3, 0)} & dests(g, (0, 0))
    assert_illegal(g, [(0, 0), (3, 0)], r"two or more pieces in a row cannot be hopped")
    assert_illegal(g, [(0, 0), (2, 2)], r"not along a line.*\(DG-09\)")
    assert_illegal(g, [(0, 0), (0, 2)], r"no piece to jump.*\(DG-09\)")


def test_dg10_chain_any_length_any_direction_may_stop_after_any_hop():
    g = pos({(0, 0): R, (1, 0): Y, (2, -1): Y, (3, -2): R})
    assert {(2, 0), (2, -2), (4, -2)} <= dests(g, (0, 0))
    m = g.play([(0, 0), (2, 0), (2, -2), (4, -2)])
    assert m.kind == "hop"
    assert str(m) == ":".join(B.label(h) for h in [(0, 0), (2, 0), (2, -2), (4, -2)])


def test_dg10_no_landing_twice_not_even_on_the_start():
    # (1,0), (2,-1), (1,-1) make a closed triangle of hops: (0,0) -> (2,0) -> (2,-2) -> (0,0)
    g = pos({(0, 0): R, (1, 0): Y, (2, -1): Y, (1, -1): Y})
    assert (0, 0) not in dests(g, (0, 0))
    for path in ([(0, 0), (2, 0), (0, 0)], [(0, 0), (2, 0), (2, -2), (0, 0)],
                 [(0, 0), (2, 0), (2, -2), (2, 0)]):
        assert_illegal(g, path, r"may not land twice on the same hole in one turn \(DG-10\)")


def test_dg10_steps_and_hops_never_mix():
    g = pos({(0, 0): R, (1, 0): Y, (0, 2): Y})
    assert_illegal(g, [(0, 0), (0, 1), (0, 3)], "DG-10")     # step then hop
    assert_illegal(g, [(0, 0), (2, 0), (3, 0)], "DG-10")     # hop then step


def test_dg10_several_paths_one_listed_any_accepted():
    g = pos({(0, 0): R, (1, 0): Y, (2, -1): Y, (1, -1): Y})
    to = [m for m in g.legal_moves() if m.path[-1] == (2, 0)]
    assert len(to) == 1 and to[0].path == ((0, 0), (2, 0))    # the shortest one
    alts = g.paths((0, 0), (2, 0))
    assert {m.path for m in alts} == {((0, 0), (2, 0)), ((0, 0), (2, -2), (2, 0))}
    played = g.play([(0, 0), (2, -2), (2, 0)])
    assert played.path == ((0, 0), (2, -2), (2, 0)) and g.history[-1] == played


def test_dg11_king_group_jump_lands_just_beyond_the_line():
    pieces = {(0, 0): RK, (1, 0): Y, (2, 0): Y, (3, 0): R}
    g = pos(pieces)
    d = dests(g, (0, 0))
    assert (4, 0) in d and (3, 0) not in d
    m = g.play([(0, 0), (4, 0)])
    assert m.kind == "group"
    ordinary = pos({**pieces, (0, 0): R})
    assert (4, 0) not in dests(ordinary, (0, 0))
    # a single piece: the king hops like anyone
    assert (2, 0) in dests(pos({(0, 0): RK, (1, 0): Y}), (0, 0))


def test_dg11_king_hops_after_group_option():
    pieces = {(0, 0): RK, (1, 0): Y, (2, 0): Y, (3, 0): R, (4, -1): Y}
    on = pos(pieces)
    assert (4, -2) in dests(on, (0, 0))
    on.play([(0, 0), (4, 0), (4, -2)])
    off = pos(pieces, king_hops_after_group=False)
    assert (4, 0) in dests(off, (0, 0)) and (4, -2) not in dests(off, (0, 0))
    assert_illegal(off, [(0, 0), (4, 0), (4, -2)], r"after a group jump the king's turn ends.*DG-11")
    # single hops still chain for the king
    chain = pos({(0, 0): RK, (1, 0): Y, (2, -1): Y}, king_hops_after_group=False)
    assert {(2, 0), (2, -2)} <= dests(chain, (0, 0))


def test_dg12_kings_cannot_be_jumped_by_anyone():
    for mover, king in ((R, YK), (RK, YK), (R, RK)):
        g = pos({(0, 0): mover, (1, 0): king})
        assert (2, 0) not in dests(g, (0, 0))
        assert_illegal(g, [(0, 0), (2, 0)], r"kings cannot be jumped \(DG-12\)")


def test_dg12_no_group_jump_over_a_line_holding_a_king():
    g = pos({(0, 0): RK, (1, 0): Y, (2, 0): YK, (3, 0): Y})
    assert not {(3, 0), (4, 0)} & dests(g, (0, 0))
    assert_illegal(g, [(0, 0), (4, 0)], "DG-12")


def test_dg13_other_colours_tips_forbidden_even_mid_chain():
    assert (4, 1) in B.tip("SE") and (4, 0) in B.border("SE")
    g = pos({(2, 1): R, (3, 1): Y, (4, 0): Y})
    d = dests(g, (2, 1))
    assert (4, 1) not in d and (4, -1) not in d       # (4,-1) only via the tip hole (4,1)
    assert_illegal(g, [(2, 1), (4, 1)], r"a piece may not stop on another colour's tip \(DG-13\)")
    assert_illegal(g, [(2, 1), (4, 1), (4, -1)], r"another colour's tip \(DG-13\)")
    # the same jumps are fine for yellow: SE is its own goal tip
    gy = pos({(2, 1): Y, (3, 1): R, (4, 0): R}, turn=1)
    assert {(4, 1), (4, -1)} <= dests(gy, (2, 1))


def test_dg13_unused_colour_forbidden_borders_and_own_tips_open():
    g = pos({(3, -2): R, (4, -2): Y, (3, 0): R, (1, -4): R})
    assert (5, -2) in B.tip("NE") and (5, -2) not in dests(g, (3, -2))  # green, unused
    assert (4, 0) in dests(g, (3, 0))                                   # a border hole
    assert (1, -5) in dests(g, (1, -4))                                 # own goal tip
    with pytest.raises(FormatError, match="DG-13"):
        pos({(5, -2): R})


# ------------------------------------------------------------------ finishing
def _almost_home(goal_tip, who, king, leave, extra):
    """All of a goal camp filled by ``who`` (king on ◎) except ``leave``; ``extra``
    pieces elsewhere."""
    pieces = {h: who for h in B.camp(goal_tip) if h not in leave}
    if king:
        pieces[B.apex(goal_tip)] = (who, True)
    pieces.update(extra)
    return pieces


def test_dg14_finish_all_in_goal_king_on_apex():
    pieces = _almost_home("N", R, True, {(0, -4)}, {(0, -3): R, (-2, 2): Y})
    g = pos(pieces)
    assert not g.is_over()
    g.play([(0, -3), (0, -4)])
    out = g.outcome()
    assert out.winner == 0 and out.ranking == (0, 1) and "DG-14" in out.reason
    assert g.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play("pass")


def test_dg15_ordinary_piece_on_apex_blocks_the_finish():
    pieces = {h: R for h in B.camp("N")}       # 14 ordinary pieces, one on ◎,
    pieces[(0, -4)] = Y                         # a yellow one fills the camp (DG-16)
    pieces[(1, -3)] = RK
    pieces[(-2, 2)] = Y
    g = pos(pieces)
    assert not g.is_over() and not g.has_finished(0)
    # moving the king next to the camp does not finish either: ◎ is taken
    g.play([(1, -3), (1, -2)])
    assert not g.has_finished(0)


def test_dg16_blocked_goal_full_camp_and_king_on_apex_finishes():
    corner = (0, -4)                            # also yellow's start camp (DG-03)
    assert corner in B.camp("NW")
    pieces = _almost_home("N", R, True, {corner, (4, -4)}, {corner: Y, (4, -3): R, (-2, 2): R})
    g = pos(pieces)
    g.play([(4, -3), (4, -4)])
    assert g.outcome().winner == 0               # one red piece still outside, yet finished
    assert len([h for h in g.pieces_of(0) if h not in B.camp("N")]) == 1


def test_dg16_without_kings_full_camp_with_one_own_piece_finishes():
    corner = (0, -4)
    pieces = {h: R for h in B.tip("N")}
    pieces.update({h: Y for h in B.border("N") if h != corner})
    pieces[(0, -3)] = R
    g = pos(pieces, kings=False)
    assert not g.is_over()
    g.play([(0, -3), corner])
    assert g.outcome().winner == 0
    # the camp may also be completed by another colour's move: red has then finished
    pieces[(0, -3)] = Y
    g = pos(pieces, kings=False, turn=1)
    g.play([(0, -3), corner])
    assert g.outcome().winner == 0 and g.finished == (0,)


def test_dg14_three_players_rank_until_two_have_finished():
    pieces = _almost_home("N", R, True, {(0, -4)}, {(0, -3): R})
    pieces.update(_almost_home("SE", Y, True, {(4, 0)}, {(3, 0): Y}))
    pieces[(-2, 1)] = (G, True)
    g = pos(pieces, players=3)
    g.play([(0, -3), (0, -4)])
    assert g.finished == (0,) and not g.is_over() and g.turn == 1
    g.play([(3, 0), (4, 0)])
    out = g.outcome()
    assert out.ranking == (0, 1, 2) and out.winner == 0


def test_finished_player_is_skipped():
    pieces = _almost_home("N", R, True, {(0, -4)}, {(0, -3): R})
    pieces.update({(-2, 1): (G, True), (2, 1): (Y, True)})
    g = pos(pieces, players=3)
    g.play([(0, -3), (0, -4)])
    turns = []
    for _ in range(4):
        turns.append(g.turn)
        g.play(g.legal_moves()[0])
    assert turns == [1, 2, 1, 2]


# ------------------------------------------------------------------ variants
def test_dg17_no_king():
    g = DiamondGame(DiamondRules(kings=False))
    assert not any(k for _, k in g.pieces().values())
    assert all(m.kind in ("step", "hop") for m in g.legal_moves())
    with pytest.raises(FormatError, match="DG-17"):
        pos({(0, 0): RK}, kings=False)


def test_dg18_ten_pieces_on_the_tip_king_on_apex_goal_is_the_tip():
    g = DiamondGame(DiamondRules(pieces=10))
    for p in range(3):
        assert set(g.pieces_of(p)) == B.tip(g.start_tip(p))
        assert g.king_of(p) == g.start_apex(p)
        assert g.home(p) == B.tip(g.goal_tip(p))
    pieces = {h: R for h in B.tip("N")}
    pieces[B.apex("N")] = RK
    del pieces[(1, -5)]
    pieces[(1, -4)] = R
    pieces[(-2, 2)] = Y
    g = pos(pieces, pieces=10)
    g.play([(1, -4), (1, -5)])
    assert g.outcome().winner == 0              # the border holes stay empty


def test_dg18_small_73_hole_board():
    """DG-18 option: hexagon of 37, tips of 6, camps of 10; 10 pieces fill the camp."""
    assert len(B.holes("small")) == 73
    assert sum(1 for h in B.holes("small") if max(abs(h[0]), abs(h[1]), abs(h[0] + h[1])) <= 3) == 37
    g = DiamondGame(DiamondRules.small())
    assert len(g.holes()) == 73
    for p in range(3):
        assert len(B.tip(g.start_tip(p), "small")) == 6
        assert set(g.pieces_of(p)) == B.camp(g.start_tip(p), "small") == g.start_camp(p)
        assert len(g.start_camp(p)) == 10 and g.home(p) == g.goal_camp(p)
        assert g.king_of(p) == g.start_apex(p) == B.apex(g.start_tip(p), "small")
        assert len(g.forbidden(p)) == 24
    with pytest.raises(BoardkitError, match="DG-18"):
        DiamondRules(board="small", pieces=15)
    # the edge of the small board stops jumps that the big star allows
    where = {(0, 2): R, (0, 3): Y}
    assert (0, 4) in dests(pos(where), (0, 2))
    assert (0, 4) not in dests(pos(where, board="small", pieces=10), (0, 2))
    small = pos(where, board="small", pieces=10)
    assert_illegal(small, [(0, 2), (0, 4)], r"not a hole of the small 73-hole board \(DG-18\)", FormatError)
    with pytest.raises(FormatError, match="DG-18"):
        pos({(0, 4): R}, board="small", pieces=10)
    # finishing: the goal camp of 10 full, king on ◎
    camp = B.camp("N", "small")
    pieces = {h: R for h in camp if h != (0, -3)}
    pieces[B.apex("N", "small")] = RK
    pieces[(0, -2)] = R
    pieces[(-2, 2)] = Y
    g = pos(pieces, board="small", pieces=10)
    g.play([(0, -2), (0, -3)])
    assert g.outcome().winner == 0


def test_dg19_long_jump():
    base = {(0, 0): R, (2, 0): Y}
    assert (4, 0) not in dests(pos(base), (0, 0))
    g = pos(base, long_jump=True)
    assert (4, 0) in dests(g, (0, 0))
    assert_illegal(pos(base), [(0, 0), (4, 0)], r"long jumps are off.*\(DG-19\)")
    m = g.play([(0, 0), (4, 0)])
    assert m.kind == "long"
    # blocked by a piece after the jumped one; kings still unjumpable; off the board
    assert (4, 0) not in dests(pos({**base, (3, 0): Y}, long_jump=True), (0, 0))
    assert (4, 0) not in dests(pos({(0, 0): R, (2, 0): YK}, long_jump=True), (0, 0))
    assert (6, 0) not in B.INDEX and not {h for h in dests(pos({(0, 0): R, (3, 0): Y}, long_jump=True),
                                                         (0, 0)) if h[1] == 0 and h[0] > 3}
    # long jumps chain like hops
    chain = pos({(0, 0): R, (2, 0): Y, (4, -3): Y}, long_jump=True)
    assert (4, -6) in dests(chain, (0, 0))


def test_dg19_king_keeps_group_jump_and_long_jumps_a_single_piece():
    g = pos({(0, 0): RK, (2, 0): Y}, long_jump=True)
    assert (4, 0) in dests(g, (0, 0))
    g = pos({(0, 0): RK, (1, 0): Y, (2, 0): Y}, long_jump=True)
    assert (3, 0) in dests(g, (0, 0))


def test_dg20_chinese_checkers_board():
    for n in (2, 3, 4, 6):
        g = DiamondGame(DiamondRules.chinese(players=n))
        assert len(g.pieces()) == 10 * n
        assert not any(k for _, k in g.pieces().values())
        assert len({g.colour(p) for p in range(n)}) == n
        for p in range(n):
            assert set(g.pieces_of(p)) == B.tip(g.start_tip(p))
            assert g.home(p) == B.tip(B.opposite(g.start_tip(p)))
            assert not g.forbidden(p)
        for k in range(5):
            g.play(g.legal_moves()[(3 * k) % len(g.legal_moves())])
        assert DiamondGame.from_json(g.to_json()).to_json() == g.to_json()
        assert g.turn == 5 % n
    for bad in (dict(players=5), dict(players=2, kings=True), dict(players=2, pieces=15)):
        with pytest.raises(BoardkitError, match="DG-20|DG-18"):
            DiamondRules(**{"board": "chinese", "kings": False, "pieces": 10, **bad})


# ------------------------------------------------------------------ house rules, caps
def test_dg16_swap_house_rule():
    pieces = {(0, -3): R, (0, -4): Y, (-2, 2): Y}
    assert (0, -4) not in dests(pos(pieces), (0, -3))
    g = pos(pieces, swap_rule=True)
    m = g.play([(0, -3), (0, -4)])
    assert m.kind == "swap" and str(m) == f"{B.label((0, -3))}<>{B.label((0, -4))}"
    assert g.piece_at((0, -4)) == (R, False) and g.piece_at((0, -3)) == (Y, False)
    # only in the mover's goal camp
    g2 = pos({(0, 0): R, (1, 0): Y}, swap_rule=True)
    assert_illegal(g2, [(0, 0), (1, 0)], "DG-08")


def test_dg16_no_squatting_house_rule():
    pieces = {(-1, 4): R, (0, 0): R, (3, -3): Y}
    assert (-1, 4) in B.camp("S")
    g = pos(pieces, no_squatting_after=0)
    assert {m.path[0] for m in g.legal_moves()} == {(-1, 4)}
    assert all(m.path[-1] not in B.camp("S") for m in g.legal_moves())
    assert_illegal(g, [(0, 0), (1, 0)], r"no_squatting_after=0.*DG-16")
    g2 = pos(pieces, no_squatting_after=1)
    g2.play([(0, 0), (1, 0)])                   # turn 1 is still free


def test_max_turns_cap_ends_unfinished():
    g = DiamondGame(DiamondRules(players=2, max_turns=6))
    for _ in range(6):
        g.play(g.legal_moves()[0])
    out = g.outcome()
    assert out.winner is None and out.reason.startswith("unfinished") and len(out.ranking) == 2
    assert g.legal_moves() == []


def test_dg07_everyone_stuck_is_a_draw():
    g = _stuck_red()
    g.play("pass")                    # red is stuck, but yellow can move: play on
    assert not g.is_over()
    # a full board (the green tips are forbidden to both): nobody can move
    pieces = {h: (Y if h in B.tip("NW") | B.tip("SE") else R)
              for h in B.HOLES if h not in B.tip("NE") | B.tip("SW")}
    pieces[(0, 0)], pieces[(1, 0)] = RK, YK   # kings away from ◎: nobody has finished
    g = pos(pieces)
    g.play("pass")
    assert not g.is_over() and g.legal_moves() == [PASS]
    g.play("pass")
    out = g.outcome()
    assert out.winner is None and "DG-07" in out.reason


# ------------------------------------------------------------------ solitaire
def test_solitaire_crossing_counts_moves():
    g = DiamondGame.solitaire(pieces=10)
    assert g.players == 1 and len(g.pieces()) == 10 and g.turns_played == 0
    g.play(g.legal_moves()[0])
    assert g.turn == 0 and g.turns_played == 1
    g15 = DiamondGame.solitaire(pieces=15)
    assert set(g15.pieces_of(0)) == B.camp("S")
    pieces = {h: R for h in B.tip("N") if h != (1, -5)}
    pieces[(1, -4)] = R
    g = DiamondGame.from_pieces(pieces, DiamondRules(players=1, kings=False, pieces=10))
    g.play([(1, -4), (1, -5)])
    assert g.is_over() and g.outcome().winner == 0 and "1 moves" in g.outcome().reason


# ------------------------------------------------------------------ bad input, formats
def test_rules_validation_names_the_rule():
    with pytest.raises(BoardkitError, match="DG-05"):
        DiamondRules(players=4)
    with pytest.raises(BoardkitError, match="DG-18"):
        DiamondRules(pieces=12)
    with pytest.raises(BoardkitError, match="board must be one of"):
        DiamondRules(board="hex")
    with pytest.raises(BoardkitError, match="first_player"):
        DiamondRules(players=2, first_player=2)
    with pytest.raises(BoardkitError, match="True or False"):
        DiamondRules(kings=1)
    with pytest.raises(BoardkitError, match="max_turns"):
        DiamondRules(max_turns=0)


@pytest.mark.parametrize("bad, err, pattern", [
    ("z9-a1", FormatError, "not a hole label"),
    ("e5", FormatError, "move notation"),
    ("e5--e6", FormatError, "move notation"),
    ([(3, 9), (0, 0)], FormatError, r"\(3, 9\) is not a hole of the board \(DG-01\)"),
    ([(0, 0)], IllegalMoveError, "DG-07"),
    (42, FormatError, "a Diamond Game move is"),
    ("a1", FormatError, "move notation"),
])
def test_bad_moves_raise_and_leave_the_state(bad, err, pattern):
    assert_illegal(DiamondGame(), bad, pattern, err)


def test_every_legal_move_text_parses_back_to_itself():
    g = DiamondGame(DiamondRules(long_jump=True))
    for _ in range(12):
        for m in g.legal_moves():
            assert g._parse_move(str(m)) == m
            assert g._coerce_move(list(m.path)) == m
        g.play(g.legal_moves()[len(g.legal_moves()) // 2])


def test_json_round_trip_and_malformed_json():
    g = DiamondGame(DiamondRules(players=3, long_jump=True))
    for k in range(9):
        g.play(g.legal_moves()[(7 * k) % len(g.legal_moves())])
    h = DiamondGame.from_json(g.to_json())
    assert h.to_json() == g.to_json() and h.rules == g.rules
    assert [str(m) for m in h.legal_moves()] == [str(m) for m in g.legal_moves()]
    doc = json.loads(g.to_json())
    for mutate, pattern in [
        (lambda d: d["state"]["pieces"].append(["z1", 0, False]), "not a hole label"),
        (lambda d: d["state"]["pieces"].append(d["state"]["pieces"][0]), "two pieces"),
        (lambda d: d["state"].pop("turn"), "state needs exactly"),
        (lambda d: d["state"].update(turn=7), "not a player"),
        (lambda d: d["rules"].update(players=9), "DG-05"),
        (lambda d: d["state"]["pieces"].__setitem__(0, ["q1", 1, False]), "DG-13"),
        (lambda d: d["state"].update(finished=[0, 0]), "finished"),
    ]:
        bad = json.loads(json.dumps(doc))
        mutate(bad)
        with pytest.raises(FormatError, match=pattern):
            DiamondGame.from_json(json.dumps(bad))


def test_undo_restores_exactly_and_push_pop_too():
    g = DiamondGame()
    states = [g.to_json()]
    for k in range(15):
        g.play(g.legal_moves()[(5 * k) % len(g.legal_moves())])
        states.append(g.to_json())
    for s in reversed(states[:-1]):
        g.undo()
        assert g.to_json() == s
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.undo()
    before = g.to_json()
    for m in g.legal_moves()[:10]:
        g._push(m)
        g._pop()
        assert g.to_json() == before


def test_move_notation():
    assert str(DiamondMove(((0, 0), (1, 0)), "step")) == "i5-i6"
    assert str(DiamondMove(((0, 0), (2, 0), (2, -2)), "hop")) == "i5:i7:k7"
    assert str(PASS) == "pass"
    assert repr(DiamondMove(((0, 0), (1, 0)), "step")) == "<step i5-i6>"


@pytest.mark.parametrize("preset,expect", [
    ("classic", dict(players=3, kings=True, pieces=15)),
    ("two_players", dict(players=2, kings=True, pieces=15)),
    ("no_king", dict(players=3, kings=False)),
    ("ten_pieces", dict(players=3, pieces=10)),
    ("super_chinese", dict(long_jump=True)),
    ("small", dict(board="small", pieces=10)),
    ("chinese", dict(board="chinese", players=2, kings=False, pieces=10)),
])
def test_dg05_dg20_every_rules_preset_starts_a_game(preset, expect):
    """The presets (DG-05, DG-06, DG-17, DG-18, DG-19, DG-20) set what they say, take
    further options, and start a game with the right number of pieces."""
    rules = getattr(DiamondRules, preset)()
    for k, v in expect.items():
        assert getattr(rules, k) == v, (preset, k)
    g = DiamondGame(rules)
    assert len(g.pieces()) == rules.players * rules.pieces and g.legal_moves()
    assert getattr(DiamondRules, preset)(first_player=1).first_player == 1
