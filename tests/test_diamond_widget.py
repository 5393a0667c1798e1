"""The Diamond Game widget, driven from Python with click(cell)."""
import pytest
from diamond_positions import red_without_a_move

from boardkit import BoardkitError
from boardkit.diamond import PASS, DiamondGame, DiamondRules
from boardkit.diamond import geometry as B
from boardkit.diamond.draw import OKABE_ITO, PIECE_COLOURS, cell_id
from boardkit.diamond.widget import TAKE_TURNS, DiamondWidget


def cid(label):
    return cell_id(B.hole(label))


def test_select_mark_targets_click_destination_plays():
    w = DiamondWidget(players=2)
    g = w.game
    start = B.hole("d2")
    w.click(cell_id(start))
    assert w.targets == {cell_id(h) for h in g.reachable_from(start)}
    assert 'data-cell="' + cell_id(start) + '"' in w.canvas.svg
    dest = sorted(g.reachable_from(start))[0]
    w.click(cell_id(dest))
    assert w.game.history[-1].path[0] == start and w.game.history[-1].path[-1] == dest
    assert w.moves_text() == [f"1. {w.game.history[-1]}"]
    assert w.targets == set()
    assert "Yellow" in w.status


def test_hop_chain_destination_in_one_click():
    g = DiamondGame.from_pieces({(0, 0): 0, (1, 0): 1, (2, -1): 1, (3, -2): 0, (-3, -1): 1},
                                DiamondRules(players=2))
    w = DiamondWidget(g)
    w.click("0,0")
    assert "4,-2" in w.targets
    w.click("4,-2")
    assert w.game.history[-1].path == ((0, 0), (2, 0), (2, -2), (4, -2))


def test_chains_to_a_hole_with_one_end_position_are_played_at_once():
    """DG-10: two chains reach (2, 0) and both give the same position: one click plays the
    shortest, with no "click the next hop" question."""
    where = {(0, 0): 0, (1, 0): 1, (2, -1): 1, (1, -1): 1, (-3, -1): 1}
    game = DiamondGame.from_pieces(where, DiamondRules(players=2))
    assert len(game.paths((0, 0), (2, 0))) == 2
    w = DiamondWidget(game)
    w.click("0,0")
    w.click("2,0")
    assert w.game.history[-1].path == ((0, 0), (2, 0)) and w.message == ""


class _EveryChainDiffers(DiamondWidget):
    """A widget where each chain counts as its own position, to drive the hop choice."""

    def end_position(self, move):
        return move.path


def test_chains_with_different_ends_are_picked_hop_by_hop():
    where = {(0, 0): 0, (1, 0): 1, (2, -1): 1, (1, -1): 1, (-3, -1): 1}
    w = _EveryChainDiffers(DiamondGame.from_pieces(where, DiamondRules(players=2)))
    w.click("0,0")
    w.click("2,0")
    assert w.targets == {"2,0", "2,-2"} and w.game.history == []
    assert "next hop" in w.message
    assert w.canvas.svg.count("<line") >= DiamondWidget(
        DiamondGame.from_pieces(where, DiamondRules(players=2))).canvas.svg.count("<line")
    w.click("2,-2")                      # then only one way on: played at once
    assert w.game.history[-1].path == ((0, 0), (2, -2), (2, 0))
    w.undo()
    w.click("0,0")
    w.click("2,0")
    w.click("2,0")                       # the chosen hole again: the direct hop
    assert w.game.history[-1].path == ((0, 0), (2, 0)) and w.last_error is None
    w.undo()
    quick = DiamondWidget(DiamondGame.from_pieces(where, DiamondRules(players=2)), choose_path=False)
    quick.click("0,0")
    quick.click("2,0")
    assert quick.game.history[-1].path == ((0, 0), (2, 0))
    # a click elsewhere while picking starts afresh
    w.click("0,0")
    w.click("2,0")
    w.click("-3,-1")
    assert w.game.history == [] and w.selection.prefix == []


#: the student's trial (review of the play pages): red's moves against two seeded computers
TRIAL = ("a1:f9 d1:f4 b1:d1:f6 d2:f5 f9:i9:n4 b2:d2:f7 e7:g5 c3:e7:g7 d3:f8:h6 e6:g4:i4 "
         "f4:d1:b1:d3:f8:h8:j7 f5:h5:j4:l4:n1 e8:g6:i6:k8 g7:i5:i3").split()


def test_trial_position_f7_to_l4_is_one_click_and_no_false_refusal():
    """The trial's move 15: several chains lead f7 to l4; clicking l4 plays it, and no
    click on a marked hole from any red piece asks for a next hop or is refused."""
    w = DiamondWidget(computer=(1, 2), level="weak", labels="empty")
    for m in TRIAL:
        assert w.play_text(m), w.message
    g = w.game
    f7, l4 = B.hole("f7"), B.hole("l4")
    assert len(g.paths(f7, l4)) > 1
    w.click(cid("f7"))
    w.click(cid("l4"))
    assert w.last_error is None and "next hop" not in w.message
    mine = w.game.moves_played()[3 * len(TRIAL)]      # then both computers replied
    assert (mine.path[0], mine.path[-1]) == (f7, l4)
    w.undo()
    before = len(w.game.history)
    g = w.game
    several = [(s, d) for s in sorted(h for h in B.HOLES if (g.piece_at(h) or (None,))[0] == 0)
               for d in sorted(g.reachable_from(s)) if len(g.paths(s, d)) > 1]
    assert len(several) >= 8
    w.seat_controls[1].value = w.seat_controls[2].value = "human"   # no replies to wait for
    for start, dest in several[::max(1, len(several) // 8)]:
        w.click(cell_id(start))
        w.click(cell_id(dest))
        assert w.last_error is None and "next hop" not in w.message, (start, dest)
        assert w.game.history[before].path[-1] == dest
        w.undo()
        assert len(w.game.history) == before


def test_clicking_a_wrong_piece_explains():
    w = DiamondWidget(players=2)
    w.click(cell_id(w.game.start_apex(1)))          # yellow's piece, red to move
    assert "DG-07" in w.last_error and w.game.history == []
    w.click(cid("i5"))
    assert "empty" in w.last_error
    w.click(cid("c2"))                              # a red piece boxed in by its own camp
    assert w.game.reachable_from(B.hole("c2")) == set() and "blocked" in w.last_error


def test_computer_replies_and_undo_takes_both_back():
    w = DiamondWidget(players=2, computer=1, level="入門", seed=3)
    start = B.hole("e5")
    dest = sorted(w.game.reachable_from(start))[0]
    w.click(cell_id(start))
    w.click(cell_id(dest))
    assert len(w.game.history) == 2 and w.game.turn == 0   # the computer answered
    w.undo()
    assert w.game.history == []


def test_three_players_two_computers_and_options():
    w = DiamondWidget(computer=(1, 2), level="よわい", seed=1)
    assert w.game.players == 3
    w.options["players"].value = 2
    assert w.seat_controls[2].layout.display == "none"
    w.options["kings"].value = False
    w.options["pieces"].value = 10
    w.options["long_jump"].value = True
    w.new_game()
    r = w.game.rules
    assert (r.players, r.kings, r.pieces, r.long_jump) == (2, False, 10, True)
    assert len(w.game.pieces()) == 20


def test_all_seats_computer_plays_to_the_end_or_cap():
    g = DiamondGame(DiamondRules(players=2, max_turns=30))
    w = DiamondWidget(g, computer=(0, 1), level="入門", seed=0)
    assert w.game.is_over() and "Game over" in w.status


def test_human_with_no_move_passes_automatically():
    g = red_without_a_move()
    w = DiamondWidget(g)
    assert w.game.history == [PASS] and w.game.turn == 1 and "DG-07" in w.message_html.value


def test_hint_and_flip_draw():
    w = DiamondWidget(players=2, level="入門")
    w.show_hint()
    assert w.hint is not None and w.hint in w.game.legal_moves()
    w.flip()
    assert w.flipped and "<svg" in w.canvas.svg


def test_labels_option_draws_hole_labels():
    assert ">a1<" in DiamondWidget(players=2, labels=True).canvas.svg
    assert ">a1<" not in DiamondWidget(players=2).canvas.svg


def test_any_board_solitaire_small_and_chinese():
    """DG-18, DG-20 and solitaire games open in the widget, seats named by colour."""
    w = DiamondWidget(DiamondGame.solitaire())
    assert "solitaire" in repr(w)
    start = w.game.pieces_of(0)[-1]
    dest = sorted(w.game.reachable_from(start))[0]
    w.click(cell_id(start))
    w.click(cell_id(dest))
    assert w.game.turns_played == 1 and w.game.turn == 0
    w = DiamondWidget(DiamondGame(DiamondRules.chinese(players=6)))
    assert len(w.seat_controls) == 6 and w.player_names[1] == "Purple"
    w = DiamondWidget(players=2)
    w.options["board"].value = "small"
    w.new_game()
    assert len(w.game.holes()) == 73 and w.game.rules.pieces == 10
    w.options["board"].value = "star"
    w.options["players"].value = 3
    w.options["first_player"].value = 2
    w.new_game()
    assert w.game.turn == 2 and "Green" in w.status


def test_bad_options_fail_clearly():
    with pytest.raises(BoardkitError, match="DG-05"):
        DiamondWidget(players=4)


def test_dg10_the_message_line_says_when_the_chain_is_chosen_hop_by_hop():
    """A destination reached by chains that end differently is announced in words."""
    where = {(0, 0): 0, (1, 0): 1, (2, -1): 1, (1, -1): 1, (-3, -1): 1}
    w = _EveryChainDiffers(DiamondGame.from_pieces(where, DiamondRules(players=2)))
    w.click("0,0")
    assert "several ways" not in w.message
    w.click("2,0")
    assert "several ways lead there" in w.message and w.last_error is None
    w.click("2,-2")
    assert w.message == "" and len(w.game.history) == 1


def test_dg05_first_player_take_turns_passes_the_first_move_on():
    """"take turns" (交代で): each New game starts with the seat after the last game's first."""
    w = DiamondWidget(players=3)
    assert w.game.turn == 0
    w.options["first_player"].value = TAKE_TURNS
    firsts = []
    for _ in range(4):
        w.new_game()
        firsts.append(w.game.turn)
    assert firsts == [1, 2, 0, 1]
    w.options["players"].value = 2
    w.new_game()
    assert w.game.rules.first_player in (0, 1)


def test_colour_blind_palette_and_marks_in_the_widget():
    w = DiamondWidget(players=2, palette="okabe-ito")
    assert OKABE_ITO["red"][0] in w.canvas.svg and PIECE_COLOURS["red"][0] not in w.canvas.svg
    w.options["palette"].value = "standard"             # redrawn at once, same game
    assert PIECE_COLOURS["red"][0] in w.canvas.svg and w.game.history == []
    with pytest.raises(BoardkitError, match="palette"):
        DiamondWidget(palette="rainbow")


def test_levels_come_from_ai_and_the_hint_says_why():
    w = DiamondWidget(players=2)
    labels = [label for label, _ in w.level_control.options]
    assert labels[0] == "beginner" and labels[-1] == "strongest"   # the board's language only (M9)
    assert [label for label, _ in DiamondWidget(players=2, lang="ja").level_control.options][0] == "入門"
    w.show_hint()
    assert w.hint in w.game.legal_moves() and "—" in w.message and w.hints_used == 1


def _offered(menu):
    return [v for _, v in menu.options]


def test_dg20_dg18_setup_offers_only_what_the_chosen_board_allows():
    """DG-20: Chinese checkers has no 王駒 and 10 pieces a player; DG-18: the small board
    has 10 pieces; the Diamond Game star board has 15 (or 10) with the king (DG-02, DG-04,
    DG-17). Game setup hides the king and offers 10 pieces only on those boards, resets
    the choices to allowed ones, and gives the teacher's choice back on the star board."""
    w = DiamondWidget()
    o = w.options
    assert _offered(o["pieces"]) == [15, 10] and o["pieces"].value == 15 and not o["pieces"].disabled
    assert o["kings"].value and o["kings"].layout.display is None
    assert o["board_note"].layout.display == "none"
    o["board"].value = "chinese"                                  # DG-20
    assert o["kings"].value is False and o["kings"].layout.display == "none"
    assert o["king_hops_after_group"].layout.display == "none"    # DG-11: a king's option
    assert _offered(o["pieces"]) == [10] and o["pieces"].value == 10 and o["pieces"].disabled
    assert "DG-20" in o["board_note"].value and o["board_note"].layout.display is None
    w.new_game()
    r = w.game.rules
    assert (r.board, r.kings, r.pieces) == ("chinese", False, 10) and w.last_error is None
    o["board"].value = "small"                                    # DG-18: king + 9
    assert _offered(o["pieces"]) == [10] and o["pieces"].value == 10
    assert o["kings"].value is True and o["kings"].layout.display is None
    assert "DG-18" in o["board_note"].value
    o["board"].value = "star"                                     # 15 and the king again
    assert _offered(o["pieces"]) == [15, 10] and o["pieces"].value == 15 and not o["pieces"].disabled
    assert o["kings"].value and o["king_hops_after_group"].layout.display is None
    w.new_game()
    r = w.game.rules
    assert (r.board, r.kings, r.pieces) == ("star", True, 15)


def test_dg17_dg20_a_choice_changed_in_between_is_not_overwritten():
    """Chosen on the star board before Chinese checkers: no king (DG-17) and 10 pieces
    (DG-18) stay so on the way back; a king switched off is not switched on again."""
    w = DiamondWidget()
    o = w.options
    o["kings"].value = False
    assert o["king_hops_after_group"].layout.display == "none"
    o["pieces"].value = 10
    o["board"].value = "chinese"
    o["board"].value = "star"
    assert o["kings"].value is False and o["pieces"].value == 10


def test_dg20_player_counts_follow_the_board():
    """DG-20: 2, 3, 4 or 6 players on the Chinese checkers board; 1-3 on the star (DG-05,
    DG-06): going back to the star board from six players offers three."""
    w = DiamondWidget(DiamondGame(DiamondRules.chinese(players=6)))
    o = w.options
    assert set(_offered(o["players"])) == {1, 2, 3, 4, 6} and o["players"].value == 6
    assert o["kings"].layout.display == "none" and o["pieces"].disabled
    o["board"].value = "star"
    assert _offered(o["players"]) == [3, 2, 1] and o["players"].value == 3
    assert o["kings"].layout.display is None and _offered(o["pieces"]) == [15, 10]
    assert [s.layout.display for s in w.seat_controls[3:]] == ["none"] * 3
    w.new_game()
    assert w.game.rules.board == "star" and w.game.players == 3 and w.last_error is None
    o["board"].value = "chinese"
    assert o["players"].value == 6 and o["kings"].value is False
    w2 = DiamondWidget()                     # three seat menus: no 4 or 6 players offered
    w2.options["board"].value = "chinese"
    assert _offered(w2.options["players"]) == [3, 2, 1]
    # opened on the Chinese board: a seat menu for each of six players
    w3 = DiamondWidget(board="chinese", players=6, kings=False, pieces=10)
    assert w3.game.players == 6 and len(w3.seat_controls) == 6
    w4 = DiamondWidget(DiamondGame(DiamondRules.chinese(players=2)))
    assert set(_offered(w4.options["players"])) == {1, 2, 3, 4, 6} and w4.game.players == 2


def test_puzzle_feedback_names_only_holes_its_board_labels():
    """Every hole a Diamond puzzle's goal, hint, explanation or wrong-answer line names
    (i5, j6 ...) is written on that puzzle's board."""
    import re

    from boardkit.diamond.puzzles import PUZZLES
    w = PUZZLES.widget()
    names = {B.label(h) for h in B.HOLES}
    checked = 0
    for k, p in enumerate(PUZZLES.puzzles):
        assert w.index == k
        words = " ".join([p.goal, p.hint, p.why] + [str(t) for t in p.traps])
        named = {n for n in re.findall(r"\b[a-q]\d{1,2}\b", words) if n in names}
        shown = set(re.findall(r">([a-q]\d{1,2})<", w.board.canvas.svg))
        assert named <= shown, (p.id, sorted(named - shown))
        checked += bool(named)
        if k + 1 < len(PUZZLES.puzzles):
            w.next()
    assert checked >= 1


def test_the_feedback_to_wrong_moves_names_only_labelled_holes_too():
    """Every hole a Diamond puzzle's words name (goal, hint, why, the traps' reasons, and
    the feedback to wrong moves) is written on its board, so a student can find it."""
    import re as _re

    from boardkit.diamond.puzzles import PUZZLES
    hole = _re.compile(r"\b([a-q](?:1[0-3]|[1-9]))\b")
    for i, p in enumerate(PUZZLES):
        pw = PUZZLES.widget(start=i)
        board = pw.board
        shown = set(_re.findall(r">([a-q]\d{1,2})</text>", board.canvas.svg))
        words = [pw.feedback] + [p.text(k) for k in ("goal", "hint", "why") if p.text(k)]
        words += [reason for _, reason in getattr(p, "traps", ())]
        for m in [m for m in board.game.legal_moves() if not p.is_accepted(m)][:12]:
            pw.board.play_text(str(m))
            words.append(pw.feedback)
            pw.board = board = pw.board          # the position is set up again after a miss
        named = {h for text in words for h in hole.findall(str(text))}
        assert named, f"puzzle {p.id} names no hole: check the pattern"
        assert named <= shown, f"puzzle {p.id} names holes its board does not label: {named - shown}"
