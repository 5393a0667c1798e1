"""One or more tests per checkers rule CK-01..CK-15 (docs/rules/checkers.md).

Positions are set up with PDN FEN text; ``sq(r, c)`` gives the square number of the
dark square at row r (0 = top, Black's side) and column c (0 = left) so the
geometry of each position can be read from the test itself.
"""
import pytest

from boardkit import BoardkitError, FormatError, IllegalMoveError
from boardkit.checkers import CheckersGame, CheckersMove, CheckersRules
from boardkit.checkers.movegen import geometry

from conftest import assert_rejected

AM = CheckersRules.american()
NF = CheckersRules.no_forced()
INT = CheckersRules.international()


def sq(r, c, n=8):
    s = geometry(n).square(r, c)
    assert s is not None, f"({r}, {c}) is a light square"
    return s


def moves(g):
    return sorted(str(m) for m in g.legal_moves())


# ----------------------------------------------------------- board and setup
def test_ck01_board_numbering_8x8():
    """CK-01: 32 dark squares, 1 at the top row's first dark square, a1 (lower left) is 29."""
    g = geometry(8)
    assert g.count == 32
    assert g.square(0, 1) == 1 and g.square(0, 7) == 4
    assert g.square(1, 0) == 5 and g.square(7, 0) == 29 and g.square(7, 6) == 32
    assert g.square(0, 0) is None and g.square(7, 7) is None     # light corners
    assert all(g.is_dark(r, c) for r, c in g.coords)


def test_ck01_board_numbering_10x10():
    """CK-01: 1-50 on 10x10, 46 in the lower-left corner, 5 at the top right."""
    g = geometry(10)
    assert g.count == 50
    assert g.square(0, 1) == 1 and g.square(0, 9) == 5 and g.square(9, 0) == 46
    assert g.square(9, 8) == 50


def test_ck01_drawing_numbers_dark_squares_only():
    """CK-01: the drawing carries a clickable cell for each of the 32 dark squares."""
    svg = CheckersGame().draw().to_svg()
    for s in (1, 29, 32):
        assert f'data-cell="{s}"' in svg
    assert 'data-cell="33"' not in svg


def test_ck02_setup():
    """CK-02: 12 men each on three rows (8x8), 20 on four rows (10x10); middle rows empty."""
    g = CheckersGame()
    p = g.pieces()
    assert sorted(s for s, (pl, k) in p.items() if pl == 0) == list(range(1, 13))
    assert sorted(s for s, (pl, k) in p.items() if pl == 1) == list(range(21, 33))
    assert not any(k for _, k in p.values())
    i = CheckersGame(INT)
    assert i.counts() == {"black_men": 20, "black_kings": 0, "white_men": 20, "white_kings": 0}
    assert all(s <= 20 or s >= 31 for s in i.pieces())
    c = CheckersGame(CheckersRules.custom(board_size=12))
    assert c.counts()["black_men"] == 30 and max(c.pieces()) == 72


def test_ck03_who_moves_first():
    """CK-03: Black first in American checkers, White first in international draughts."""
    assert CheckersGame(AM).turn == 0 and CheckersGame(NF).turn == 0
    assert CheckersGame(INT).turn == 1
    assert CheckersGame(CheckersRules.custom(first_player="white")).turn == 1
    # the first moves are those of the right colour: Black's men on 9-12, White's on 31-35
    assert {m.start for m in CheckersGame(AM).legal_moves()} == {9, 10, 11, 12}
    assert {m.start for m in CheckersGame(INT).legal_moves()} == {31, 32, 33, 34, 35}


# ------------------------------------------------------------------- moves
def test_ck04_man_steps_diagonally_forward():
    """CK-04: a man steps one square diagonally forward onto an empty square."""
    g = CheckersGame(fen=f"B:W{sq(6, 7)}:B{sq(3, 2)}")
    assert moves(g) == sorted([f"{sq(3, 2)}-{sq(4, 1)}", f"{sq(3, 2)}-{sq(4, 3)}"])
    w = CheckersGame(fen=f"W:W{sq(4, 3)}:B{sq(1, 6)}")
    assert moves(w) == sorted([f"{sq(4, 3)}-{sq(3, 2)}", f"{sq(4, 3)}-{sq(3, 4)}"])


def test_ck04_men_move_forward_only():
    """CK-04: backward, sideways and two-square steps are refused, naming the rule."""
    g = CheckersGame(fen="B:W28:B14")
    assert_rejected(g, lambda: g.play("14-9"), IllegalMoveError, r"forward only \(CK-04\)")
    assert_rejected(g, lambda: g.play("14-15"), IllegalMoveError, r"CK-04")
    assert_rejected(g, lambda: g.play("14-23"), IllegalMoveError, r"one square.*CK-04")


def test_ck04_blocked_man_and_occupied_square():
    """CK-04: no step onto an occupied square; a man with both squares taken cannot move."""
    g = CheckersGame(fen="B:W17,18,21,23:B14,1")
    assert "14-17" not in moves(g) and "14-18" not in moves(g)
    assert_rejected(g, lambda: g.play("14-17"), IllegalMoveError, r"occupied.*CK-04")


def test_ck05_jump():
    """CK-05: a man jumps an adjacent opposing piece to the empty square beyond it."""
    a, b, land = sq(3, 2), sq(4, 3), sq(5, 4)
    g = CheckersGame(fen=f"B:W{b},32:B{a}")
    assert moves(g) == [f"{a}x{land}"]
    m = g.play(f"{a}x{land}")
    assert m.captures == (b,) and b not in g.pieces() and g.pieces()[land] == (0, False)


def test_ck05_blocked_jumps():
    """CK-05: an occupied landing square, two pieces in a row, or the board edge block a jump."""
    a, b, land = sq(3, 2), sq(4, 3), sq(5, 4)
    assert not CheckersGame(fen=f"B:W{b},{land}:B{a}").capturing_squares()   # two in a row
    assert not CheckersGame(fen=f"B:W{b}:B{a},{land}").capturing_squares()   # own piece beyond
    edge = CheckersGame(fen=f"B:W{sq(7, 2)},K1:B{sq(6, 1)}")                   # beyond is off board
    assert not edge.capturing_squares()


def test_ck05_men_capture_backward_only_in_international():
    """CK-05: American men jump forward only; international men also jump backwards."""
    fen = f"B:W{sq(3, 2)},32:B{sq(4, 3)}"
    back = f"{sq(4, 3)}x{sq(2, 1)}"
    g = CheckersGame(AM, fen=fen)
    assert back not in moves(g)
    assert_rejected(g, lambda: g.play(back), IllegalMoveError, r"forward only.*CK-05")
    assert back in moves(CheckersGame(CheckersRules.custom(men_capture_backward=True), fen=fen))
    # the same in the 10x10 international game
    i = CheckersGame(INT, fen=f"B:W{sq(3, 2, 10)}:B{sq(4, 3, 10)}")
    assert moves(i) == [f"{sq(4, 3, 10)}x{sq(2, 1, 10)}"]


# a black man on 10 can take one piece (10x17) or two (10x19x28)
CHOICE = "B:W14,15,24:B10"


def test_ck06_forced_capture():
    """CK-06: when a capture exists the player must capture: steps are not legal."""
    g = CheckersGame(AM, fen="B:W14,15,24,32:B10,1")
    assert all(m.is_capture for m in g.legal_moves())
    assert_rejected(g, lambda: g.play("1-6"), IllegalMoveError, r"a capture is available: .*\(CK-06\)")


def test_ck06_american_free_choice_between_captures():
    """CK-06: American rules let the player choose a shorter capture."""
    g = CheckersGame(AM, fen=CHOICE)
    assert moves(g) == ["10x17", "10x19x28"]
    g.play("10x17")
    assert g.counts()["white_men"] == 2


def test_ck06_majority_capture():
    """CK-06: under majority capture only the sequence taking the most pieces is legal."""
    g = CheckersGame(CheckersRules.custom(majority_capture=True), fen=CHOICE)
    assert moves(g) == ["10x19x28"]
    assert_rejected(g, lambda: g.play("10x17"), IllegalMoveError,
                     r"majority capture: a capture of 2 pieces is available.*CK-06")


def test_ck06_majority_counts_kings_and_men_the_same():
    """CK-06: two men outweigh one king: the count of pieces decides, not their kind."""
    # from 10, black can take the king on 14 (one piece) or the men on 15 and 24
    g = CheckersGame(CheckersRules.custom(majority_capture=True), fen="B:W15,24,K14:B10")
    assert moves(g) == ["10x19x28"]


def test_ck06_no_forced_capture_is_optional():
    """CK-06 / CK-14 no_forced: capturing is optional, steps are legal too."""
    g = CheckersGame(NF, fen=CHOICE)
    ms = moves(g)
    assert "10x17" in ms and "10x19x28" in ms and "10-17" not in ms
    g2 = CheckersGame(NF, fen="B:W14,15,24:B10,1")
    assert "1-5" in moves(g2) and "1-6" in moves(g2)
    g2.play("1-6")                      # a step while a capture is available
    assert g2.turn == 1


def test_ck07_multi_jump_must_continue():
    """CK-07: after a jump the piece must go on jumping; stopping early is refused,
    also when captures are optional."""
    for rules in (AM, NF):
        g = CheckersGame(rules, fen=CHOICE)
        assert "10x19" not in moves(g)
        assert_rejected(g, lambda: g.play("10x19"), IllegalMoveError,
                         r"multi-jump must continue.*CK-07")


def test_ck07_change_direction_and_short_form():
    """CK-07: a multi-jump may turn; 15x24x31 style text and the short form 10x28 both work."""
    g = CheckersGame(AM, fen=CHOICE)
    m = g.play("10x28")
    assert m.path == (10, 19, 28) and m.captures == (15, 24)


def test_ck07_piece_cannot_be_jumped_twice():
    """CK-07: a king circling four pieces takes each once and stops back on its start
    square; both directions round the loop are the same move."""
    g = CheckersGame(AM, fen="B:W14,15,22,23:BK10")
    ms = g.legal_moves()
    assert len(ms) == 1
    m = ms[0]
    assert m.start == m.end == 10 and sorted(m.captures) == [14, 15, 22, 23]
    g.play(m)
    assert g.pieces() == {10: (0, True)}


def test_ck07_jumped_pieces_block_until_the_move_ends():
    """CK-07 international: a jumped piece stays on the board during the move, so a
    flying king cannot pass over its square again (the 4th piece stays)."""
    s = lambda r, c: sq(r, c, 10)  # noqa: E731
    king, a, d, b, c = s(9, 0), s(7, 2), s(5, 6), s(8, 5), s(6, 1)
    g = CheckersGame(INT, fen=f"W:WK{king}:B{a},{d},{b},{c}")
    ms = g.legal_moves()
    assert len(ms) == 1
    assert ms[0].captures == (a, d, b) and ms[0].end == s(9, 4)
    g.play(ms[0])
    assert c in g.pieces()


def test_ck07_international_duplicates_are_one_move():
    """CK-07: captures with the same start, end and pieces taken count once."""
    s = lambda r, c: sq(r, c, 10)  # noqa: E731
    # a white man on (2, 3) circles the four black men round (4, 3), either way round
    start = s(2, 3)
    g = CheckersGame(INT, fen=f"W:W{start}:B{s(3, 2)},{s(3, 4)},{s(5, 2)},{s(5, 4)}")
    ms = g.legal_moves()
    assert len(ms) == 1 and ms[0].start == ms[0].end == start and len(ms[0].captures) == 4


def test_ck08_crowning():
    """CK-08: a man ending its move on the far row becomes a king."""
    g = CheckersGame(fen="B:W5:B27")
    g.play("27-31")
    assert g.pieces()[31] == (0, True)
    w = CheckersGame(fen="W:W6:B26")
    w.play("6-1")
    assert w.pieces()[1] == (1, True)


# black man on 22 jumps 26 to the far row (31); as a king it could go on over 27
CROWN = "B:W26,27:B22"


def test_ck08_american_crowning_ends_the_move():
    """CK-08 American: crowned by a jump, the move ends there."""
    g = CheckersGame(AM, fen=CROWN)
    assert moves(g) == ["22x31"]
    assert_rejected(g, lambda: g.play("22x31x24"), IllegalMoveError, r"crowned.*CK-08")
    g.play("22x31")
    assert g.pieces()[31] == (0, True) and 27 in g.pieces()


def test_ck08_no_crowning_mid_capture():
    """CK-08 international: a man passing the far row during a capture goes on as a man
    and is not crowned when it ends elsewhere."""
    r = CheckersRules.custom(crowning_ends_move=False, men_capture_backward=True)
    g = CheckersGame(r, fen=CROWN)
    assert moves(g) == ["22x31x24"]
    g.play("22x31x24")
    assert g.pieces() == {24: (0, False)}
    # it is crowned when the capture ends on the far row
    r2 = CheckersRules.custom(crowning_ends_move=False)
    g2 = CheckersGame(r2, fen=CROWN)
    g2.play("22x31")
    assert g2.pieces()[31] == (0, True)


def test_ck08_international_10x10_passes_the_far_row():
    """CK-08 in the 10x10 preset: the man jumps through square 1-5 row and on."""
    s = lambda r, c: sq(r, c, 10)  # noqa: E731
    start, v1, v2 = s(2, 1), s(1, 2), s(1, 4)
    g = CheckersGame(INT, fen=f"W:W{start}:B{v1},{v2}")
    (m,) = g.legal_moves()
    assert m.path == (start, s(0, 3), s(2, 5)) and m.captures == (v1, v2)
    g.play(m)
    assert g.pieces() == {s(2, 5): (1, False)}


def test_ck09_american_king_one_square_all_ways():
    """CK-09 American: a king steps one square in any diagonal direction."""
    g = CheckersGame(AM, fen="B:W5:BK18")
    assert moves(g) == ["18-14", "18-15", "18-22", "18-23"]
    assert_rejected(g, lambda: g.play("18-27"), IllegalMoveError, r"one square.*CK-09")


def test_ck09_american_king_jumps_backward():
    """CK-09: a king jumps backwards as well as forwards."""
    g = CheckersGame(AM, fen="B:W14:BK18")
    assert moves(g) == ["18x9"]


def test_ck09_flying_king_moves():
    """CK-09 international: a king moves any distance over empty squares."""
    r = CheckersRules.custom(flying_kings=True)
    g = CheckersGame(r, fen="B:WK4:BK18")
    # the two diagonals through 18 hold 6 + 7 other squares; 4 is at (0, 7) and blocks one
    assert len(g.legal_moves()) == 12
    assert "18-5" in moves(g) and "18-32" in moves(g) and "18-4" not in moves(g)


def test_ck09_flying_king_captures_at_a_distance():
    """CK-09: the flying king captures a piece far along a diagonal and lands on any
    empty square beyond it."""
    s = lambda r, c: sq(r, c, 10)  # noqa: E731
    g = CheckersGame(INT, fen=f"W:WK{s(9, 0)}:B{s(5, 4)}")
    assert moves(g) == sorted(f"{s(9, 0)}x{s(r, 9 - r)}" for r in (4, 3, 2, 1, 0))
    # a piece with another right behind it cannot be taken
    blocked = CheckersGame(INT, fen=f"W:WK{s(9, 0)}:B{s(5, 4)},{s(4, 5)}")
    assert not blocked.capturing_squares()


# ------------------------------------------------------------- end of game
def test_ck10_win_when_opponent_has_no_pieces():
    """CK-10: capturing the last piece wins."""
    g = CheckersGame(fen="B:W18:B14")
    g.play("14x23")
    out = g.outcome()
    assert out.winner == 0 and "CK-10" in out.reason and "no pieces" in out.reason
    assert g.legal_moves() == []
    assert_rejected(g, lambda: g.play("23-27"), IllegalMoveError, "game is over")


def test_ck10_win_when_opponent_cannot_move():
    """CK-10: a side whose pieces are all blocked loses."""
    g = CheckersGame(fen="B:W32,K19:B28")
    out = g.outcome()
    assert out.winner == 1 and "no legal move" in out.reason and "CK-10" in out.reason
    assert CheckersGame(fen="B:W32,K19:B27").outcome() is None


def test_ck11_threefold_repetition():
    """CK-11: the third occurrence of a position (same side to move) is a draw."""
    g = CheckersGame(fen="B:WK32:BK1")
    cycle = ["1-5", "32-28", "5-1", "28-32"]
    for m in cycle:
        g.play(m)
    assert g.outcome() is None and g.repetitions() == 2
    for m in cycle[:3]:
        g.play(m)
    assert g.outcome() is None
    g.play(cycle[3])
    assert g.repetitions() == 3
    assert g.outcome().is_draw and "CK-11" in g.outcome().reason


def test_ck12_american_forty_move_rule():
    """CK-12: 80 plies in a row without capture or man move is a draw (American)."""
    g = CheckersGame(AM, fen="B:WK32:BK1:H78")
    assert g.quiet_plies == 78
    g.play("1-5")
    assert g.outcome() is None
    g.play("32-28")
    assert g.quiet_plies == 80
    assert g.outcome().is_draw and "CK-12" in g.outcome().reason


def test_ck12_man_move_or_capture_resets_the_count():
    """CK-12: a man move restarts the count."""
    g = CheckersGame(AM, fen="B:WK32:BK1,12:H79")
    g.play("12-16")
    assert g.quiet_plies == 0 and g.outcome() is None


def test_ck13_international_25_move_rule():
    """CK-13: 25 moves each (50 plies) of king moves only, no capture: a draw. The
    American 80-ply rule does not apply under international draw rules and vice versa."""
    g = CheckersGame(INT, fen="W:WK46,K50:BK1,K5:H49")
    g.play(g.legal_moves()[0])
    assert g.quiet_plies == 50 and g.outcome().is_draw and "CK-13" in g.outcome().reason
    a = CheckersGame(AM, fen="B:WK32,K31:BK1,K2:H49")
    a.play("1-5")
    assert a.outcome() is None


def _with_endgame(fen, plies):
    import json
    g = CheckersGame(INT, fen=fen)
    doc = json.loads(g.to_json())
    doc["state"]["start"]["endgame"] = plies
    return CheckersGame.from_json(json.dumps(doc))


def test_ck13_lone_king_against_three_16_moves():
    """CK-13: a lone king against three pieces including a king: drawn after 16 moves
    each (32 plies) since the material arose; before that play goes on."""
    fen = "W:WK46,K50,33:BK5"
    g = CheckersGame(INT, fen=fen)
    assert g.endgame_plies == 0
    g.play("50-44")
    assert g.endgame_plies == 1
    g = _with_endgame(fen, 30)
    g.play("50-44")
    assert g.outcome() is None
    g.play("5-10")
    assert g.endgame_plies == 32 and g.outcome().is_draw
    assert "16 moves" in g.outcome().reason and "CK-13" in g.outcome().reason


def test_ck13_lone_king_against_two_5_moves():
    """CK-13: a lone king against two pieces including a king: 5 moves each (10 plies)."""
    g = _with_endgame("W:WK50,33:BK5", 8)
    g.play("50-44")
    assert g.outcome() is None
    g.play("5-10")
    assert g.outcome().is_draw and "5 moves" in g.outcome().reason


def test_ck13_king_against_king_5_moves():
    """CK-13: a king against a king also falls under the 5-move rule; a man against a
    king does not (the lone side must be a king and the other side must have one)."""
    g = _with_endgame("W:WK50:BK5", 9)
    g.play("50-44")
    assert g.outcome().is_draw and "5 moves" in g.outcome().reason
    m = CheckersGame(INT, fen="W:W50,K49:B5")
    m.play(m.legal_moves()[0])
    assert m.endgame_plies == 0
    with pytest.raises(FormatError, match="CK-13"):
        _with_endgame("W:W50,K49:B5", 9)


def test_ck13_capture_changes_the_class_and_restarts_the_count():
    """CK-13: going from three pieces to two restarts the count (5-move rule from then)."""
    g = _with_endgame("B:WK46,K50,28:BK5", 20)
    capture = [m for m in g.legal_moves() if m.is_capture]
    assert sorted(str(m) for m in capture) == ["5x32", "5x37", "5x41"]
    g.play(capture[0])
    assert g.endgame_plies == 0


def test_ck13_king_against_king_after_a_capture_counts_afresh():
    """CK-13: two kings against a lone king, the lone king captures one: king against
    king is still the 5-move class, but the capture restarts the count, so the draw
    comes 5 moves each after the capture and not earlier."""
    g = _with_endgame("B:WK1,K9:BK3", 8)
    g.play("3x14")
    assert g.endgame_plies == 0 and g.outcome() is None
    def safe(game):    # a king move after which no capture is possible
        return next(m for m in game.legal_moves()
                    if not any(r.is_capture for r in game.child(m).legal_moves()))
    for _ in range(9):
        g.play(safe(g))
        assert g.outcome() is None
    g.play(safe(g))
    assert g.endgame_plies == 10
    assert g.outcome().is_draw and "king against king, 5 moves each (CK-13)" in g.outcome().reason


# ---------------------------------------------------------------- presets
def test_ck14_presets():
    """CK-14: the three presets have the documented fields."""
    assert (AM.board_size, AM.forced_capture, AM.majority_capture, AM.men_capture_backward,
            AM.flying_kings, AM.crowning_ends_move, AM.first_player) == (
        8, True, False, False, False, True, "black")
    assert NF.forced_capture is False and NF.board_size == 8 and NF.crowning_ends_move
    assert (INT.board_size, INT.majority_capture, INT.men_capture_backward, INT.flying_kings,
            INT.crowning_ends_move, INT.first_player) == (10, True, True, True, False, "white")
    assert (AM.name, NF.name, INT.name) == ("american", "no_forced", "international")
    assert CheckersRules.custom(board_size=10).name == "custom"


def test_ck14_custom_validation():
    """CK-14: custom combinations are checked with clear errors."""
    with pytest.raises(BoardkitError, match=r"board_size.*\[8, 10, 12\]"):
        CheckersRules.custom(board_size=9)
    with pytest.raises(BoardkitError, match=r"unknown.*accepted"):
        CheckersRules.custom(flying=True)
    with pytest.raises(BoardkitError, match="first_player"):
        CheckersRules.custom(first_player="red")
    with pytest.raises(BoardkitError, match="majority_capture needs forced_capture"):
        CheckersRules.custom(forced_capture=False, majority_capture=True)
    with pytest.raises(BoardkitError, match="True or False"):
        CheckersRules.custom(flying_kings="yes")
    with pytest.raises(BoardkitError, match="CheckersRules"):
        CheckersGame(rules="american")


def test_ck14_custom_combination_plays():
    """CK-14: a custom set (8x8, flying kings, White first) plays by its own options."""
    r = CheckersRules.custom(flying_kings=True, first_player="white")
    g = CheckersGame(r)
    assert g.turn == 1 and len(g.legal_moves()) == 7


# ----------------------------------------------------------------- notation
def test_ck15_move_text():
    """CK-15: steps print as 11-15, captures as 15x24x31, and parse back."""
    assert str(CheckersMove((11, 15))) == "11-15"
    assert str(CheckersMove((15, 24, 31), (19, 28))) == "15x24x31"
    g = CheckersGame(AM, fen=CHOICE)
    for m in g.legal_moves():
        assert g._parse_move(str(m)) == m


def test_ck15_bad_notation_is_a_format_error():
    """CK-15: malformed text and unknown squares raise FormatError naming the notation."""
    g = CheckersGame()
    for bad in ("abc", "11-", "11-15-19", "0-4", "11-33", "", "11 15"):
        assert_rejected(g, lambda: g.play(bad), FormatError, r"notation \(CK-15\)")
    with pytest.raises(FormatError, match="CheckersMove"):
        g.play(("11", "15"))


def test_ck08_ck15_fen_refuses_a_man_on_its_crowning_row():
    """CK-08: a man on its far row would have been crowned, so such a FEN is refused."""
    with pytest.raises(FormatError, match=r"Black man on square 30.*CK-08.*K30"):
        CheckersGame(fen="B:W1:B30")
    with pytest.raises(FormatError, match=r"White man on square 2.*CK-08"):
        CheckersGame(fen="B:W2:B20")
    assert CheckersGame(fen="B:WK2:BK30").pieces() == {2: (1, True), 30: (0, True)}


def test_ck15_fen_round_trip():
    """CK-15: FEN tags are written and read back exactly."""
    g = CheckersGame()
    assert g.fen() == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    g2 = CheckersGame(fen="W:W21,22,K5:B1,6")
    assert g2.fen() == "W:W21,22,K5:B1,6"
    assert g2.pieces() == {1: (0, False), 6: (0, False), 5: (1, True), 21: (1, False), 22: (1, False)}
    assert CheckersGame(fen="W:B1-3,K7:W30-32").fen() == "W:W30,31,32:B1,2,3,K7"


def test_ck07_flying_king_must_land_where_the_capture_goes_on():
    """CK-07 with flying kings: after a jump the king may land on any empty square
    beyond, but if some landing square lets it capture again it must take one of
    those (the multi-jump must continue); here even without majority capture."""
    g = CheckersGame(CheckersRules.custom(flying_kings=True), fen="W:WK29:B22,14")
    assert moves(g) == ["29x18x5", "29x18x9"]


# ----------------------------------------------------------------- drawing
def test_ck08_ck09_kings_are_drawn_with_a_crown():
    """CK-08/CK-09: a king is a stacked disc with a crown shape, not a colour change."""
    svg = CheckersGame(fen="W:WK21,22:B6").draw().to_svg()
    assert svg.count('data-piece="wK"') == 1 and svg.count('data-piece="w"') == 1
    assert svg.count("<polygon") == 1                       # one crown
    assert svg == CheckersGame(fen="W:WK21,22:B6").draw().to_svg()   # deterministic


def test_ck01_drawing_flip_targets_arrows_rings():
    """CK-01/CK-06: flip turns the board, targets and arrows are drawn, the pieces
    that must capture get a red dotted ring, faded pieces are transparent."""
    g = CheckersGame(AM, fen=CHOICE)

    def y_of(svg, s):
        import re
        m = re.search(rf'<rect x="[\d.]+" y="([\d.]+)"[^>]*data-cell="{s}"', svg)
        return float(m.group(1))

    plain, flipped = g.draw().to_svg(), g.draw(flip=True).to_svg()
    assert y_of(plain, 1) < y_of(plain, 32) and y_of(flipped, 1) > y_of(flipped, 32)
    svg = g.draw(targets=[17, 19], arrows=[(10, 19, 28)], capturable=True, faded=[15],
                 selected=10).to_svg()
    assert svg.count('stroke-dasharray="4 3"') == 1         # only the man on 10 can capture
    assert svg.count("<polyline") == 1 and 'opacity="0.35"' in svg
    assert 'r="' in svg and svg.count('fill="#1f7a3a"') == 2
    assert 'stroke-dasharray="4 3"' not in CheckersGame().draw(capturable=True).to_svg()


def test_ck14_push_pop_child_copy_are_independent():
    """The fast search helpers: push/pop restore the position and counters; copy and
    child never share state with the original."""
    g = CheckersGame(AM, fen=CHOICE)
    before = (g.fen(), g.quiet_plies, g.repetitions())
    m = g.legal_moves()[1]
    g._push(m)
    twin = g.copy()
    twin._push(twin.legal_moves()[0])
    twin._pop()
    twin._pop()
    assert g.fen() != before[0] and twin.fen() == before[0]
    g._pop()
    assert (g.fen(), g.quiet_plies, g.repetitions()) == before and g.history == []
    kid = g.child(m)
    assert kid.fen() != g.fen() and g.fen() == before[0] and kid.history == []
