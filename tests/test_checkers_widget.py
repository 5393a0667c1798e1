"""The checkers widget driven by clicks from Python (widget.click), as a player would."""
import json
import re

import pytest

from boardkit import BoardkitError
from boardkit.checkers import CheckersGame, CheckersRules, ai
from boardkit.checkers.widget import CheckersWidget
from boardkit.svg import pass_clicks

# Black to move: 14 can jump 18 then branch to 30 (over 26) or 32 (over 27);
# 15 can jump 19 (to 24, then 31 over 27) or 18 (to 22, then 31 over 26)
BRANCH = "B:W18,19,26,27:B14,15,1"


def test_click_piece_then_target_plays_the_step_ck04():
    w = CheckersWidget()
    w.click(11)
    assert w.targets == {"15", "16"}          # CK-04: one square diagonally forward
    w.click(15)
    assert w.moves_text() == ["1. 11-15"]
    assert w.game.turn == 1 and w.targets == set()
    assert "White" in w.status


def test_computer_replies_and_undo_takes_both_back():
    w = CheckersWidget(computer=1, level="easy", seed=3)
    w.click(9)
    w.click(13)
    assert len(w.game.history) == 2           # the computer answered at once
    assert w.moves_text()[0].startswith("1. 9-13 ")
    w.undo()                                  # 待った: our move and the reply go
    assert w.game.history == [] and w.game.fen() == CheckersGame().fen()


def test_only_capturing_pieces_are_selectable_ck06():
    w = CheckersWidget(CheckersGame(fen="B:W18,30:B14,5"))
    assert "compulsory" in w.status and "CK-06" in w.status
    assert 'stroke="#d62728"' in w.canvas.svg                 # the red ring is drawn
    w.click(5)                                # a man that could step, but must not
    assert "CK-06" in w.last_error and w.targets == set()
    w.click(14)
    assert w.targets == {"23"}
    w.click(23)
    assert [str(m) for m in w.game.history] == ["14x23"]


def test_no_forced_rules_let_other_pieces_move_ck06():
    w = CheckersWidget(CheckersGame(CheckersRules.no_forced(), fen="B:W18,30:B14,5"))
    w.click(5)
    assert w.targets == {"9"}
    assert "compulsory" not in w.status


def test_multi_jump_hop_by_hop_with_faded_captures_ck07():
    w = CheckersWidget(CheckersGame(fen=BRANCH))
    w.click(14)
    assert w.targets == {"23"}
    w.click(23)
    # a branch: the learner chooses, the move is not finished yet
    assert w.targets == {"30", "32"} and w.game.history == []
    assert w.selection.prefix == ["14", "23"]
    svg = w.canvas.svg
    # the jumped man on 18 is still drawn, faded; the jumping man is drawn on 23
    assert re.search(r'<g opacity="0.35"[^>]*><circle[^>]*data-cell="18"', svg)
    assert w.game.piece_at(18) is not None and 'data-cell="23" fill="url(#ck-black)"' in svg
    w.click(32)
    assert [str(m) for m in w.game.history] == ["14x23x32"]
    assert w.game.piece_at(18) is None and w.game.piece_at(27) is None


def test_single_continuation_is_automatic_ck07():
    w = CheckersWidget(CheckersGame(fen="B:W16,18,27:B12,14"))
    w.click(14)
    w.click(23)                               # only 32 can follow: jumped automatically
    assert [str(m) for m in w.game.history] == ["14x23x32"]


def test_clicking_elsewhere_cancels_a_selection():
    w = CheckersWidget()
    w.click(11)
    w.click(20)
    assert w.targets == set() and w.game.history == []


def test_wrong_clicks_explain_and_change_nothing():
    w = CheckersWidget()
    fen = w.game.fen()
    w.click(22)
    assert "White" in w.last_error and w.game.fen() == fen
    w.click(18)
    assert "empty" in w.last_error
    w.click(1)
    assert "blocked" in w.last_error and w.game.fen() == fen


def test_hint_draws_an_arrow_and_is_a_legal_move():
    w = CheckersWidget(CheckersGame(fen="B:W22,27,30:B15,5"))
    w.show_hint()
    assert w.hint in w.game.legal_moves() and str(w.hint) != "15-18"
    assert w.hint == ai.hint(w.game, ai.HINT_LEVEL) and w.hints_used == 1
    assert "<polyline" in w.canvas.svg and str(w.hint) in w.message
    assert str(ai.explain(w.game, w.hint)) in w.message        # the hint says why


def test_flip_turns_the_board():
    w = CheckersWidget()
    before, was = w.canvas.svg, w.flipped
    w.flip()
    assert w.flipped != was and w.canvas.svg != before


def test_hot_seat_both_sides_by_clicks_and_save_resume(tmp_path):
    w = CheckersWidget()
    for a, b in [(11, 15), (23, 19)]:
        w.click(a)
        w.click(b)
    assert w.moves_text() == ["1. 11-15  23-19"]
    path = tmp_path / "g.json"
    w.save(str(path))
    assert json.loads(path.read_text())["game"] == "checkers"
    w2 = CheckersWidget()
    w2.resume(str(path))
    assert w2.game.fen() == w.game.fen() and w2.moves_text() == w.moves_text()
    w2.resume(str(tmp_path / "missing.json"))
    assert "could not resume" in w2.last_error and w2.game.fen() == w.game.fen()


def test_rule_set_options_make_the_right_game_ck14():
    w = CheckersWidget()
    w.options["rules"].value = "international"
    w.new_game()
    assert w.game.rules == CheckersRules.international() and w.game.turn == 1
    w.options["rules"].value = "custom"
    w.options["board_size"].value = 10
    w.options["flying_kings"].value = True
    w.new_game()
    assert w.game.rules.board_size == 10 and w.game.rules.flying_kings
    w.options["majority_capture"].value = True
    w.options["forced_capture"].value = False
    w.new_game()                              # impossible combination: said, not raised
    assert "CK-06" in w.last_error and w.game.rules.board_size == 10


def test_levels_carry_the_sources_names():
    w = CheckersWidget(computer=1, level="つよい")
    assert w.level_control.value == "strong"
    labels = [label for label, _ in w.level_control.options]
    assert labels == ["easy", "normal", "strong"]                 # the board's language only (M9)
    ja = [label for label, _ in CheckersWidget(lang="ja").level_control.options]
    assert ja == ["やさしい", "ふつう", "つよい"]
    with pytest.raises(BoardkitError, match="CK-14"):
        CheckersWidget(rules="checkers")


def test_computer_vs_computer_finishes():
    w = CheckersWidget(computer=(0, 1), level="easy", seed=1)
    assert w.game.is_over() and "Game over" in w.status


INTL = CheckersRules.international()


def test_flying_king_lands_on_the_chosen_square_ck09():
    w = CheckersWidget(CheckersGame(INTL, fen="W:WK46:B28"))
    w.click(46)
    assert w.targets == {"23", "19", "14", "10", "5"}
    w.click(14)
    assert [str(m) for m in w.game.history] == ["46x14"]


def test_majority_capture_only_the_longest_is_selectable_ck06():
    w = CheckersWidget(CheckersGame(INTL, fen="W:W26,27:B12,18,21,28"))
    w.click(27)                                # could take one, but 26 takes two
    assert "CK-06" in w.last_error and "26" in w.last_error
    w.click(26)
    w.click(17)
    assert [str(m) for m in w.game.history] == ["26x17x8"]


def test_ring_capture_jumps_each_piece_once_ck07():
    w = CheckersWidget(CheckersGame(INTL, fen="W:W32:B17,18,27,28"))
    w.click(32)
    w.click(21)                                # the rest of the ring follows by itself
    assert [str(m) for m in w.game.history] == ["32x21x12x23x32"]
    assert w.game.counts()["black_men"] == 0 and w.game.is_over()


@pytest.mark.parametrize("rules", ["american", "international"])
def test_random_clicks_never_break_the_widget(rules):
    """Seeded random clicks (on squares, pieces and junk) against the computer: the
    widget never raises, and its game is always one reached by legal moves."""
    import numpy as np
    rng = np.random.default_rng(5)
    w = CheckersWidget(rules=rules, computer=1, level="easy", seed=2, reply_delay=0)
    n = w.game.squares
    games_played = [0]
    for _ in range(150):
        if w.game.is_over():
            games_played[0] += 1
            w.new_game()
        if w.targets and rng.random() < 0.7:        # mostly follow the marked targets
            w.click(sorted(w.targets)[int(rng.integers(len(w.targets)))])
        else:
            w.click(str(int(rng.integers(1, n + 1))) if rng.random() < 0.95 else "a1")
        if rng.random() < 0.03:
            w.undo()
    assert len(w.game.history) + games_played[0] > 0
    replay = CheckersGame(w.game.rules)
    for m in w.game.history:
        replay.play(str(m))
    assert replay.fen() == w.game.fen()


def test_undo_of_the_computers_opening_move_lets_it_move_again_ck03():
    """International: White (CK-03) is the computer and moves first; undo before any
    human move must not leave the computer's turn hanging."""
    w = CheckersWidget(rules="international", computer=1, level="easy", seed=2)
    assert len(w.game.history) == 1
    w.undo()
    assert w.game.turn == 0 and len(w.game.history) == 1


def test_one_orientation_as_in_the_diagrams_and_an_explicit_flip_ck01_ck03():
    """CK-01/CK-03: the widget is drawn as the diagrams (White at the bottom, 1-12 at the
    top) whoever plays which side; flip=True or Flip turns it, and the widget says so."""
    for w in (CheckersWidget(), CheckersWidget(computer=1), CheckersWidget(computer=0),
              CheckersWidget(rules="international")):
        assert not w.flipped and "White at the bottom" in w.orientation_html.value
    assert CheckersWidget().canvas.svg == pass_clicks(CheckersGame().draw(
        flip=False, labels=True, targets=[], capturable=[], last_move=1).to_svg())
    w = CheckersWidget(computer=1, flip=True)
    assert w.flipped and "Black at the bottom" in w.orientation_html.value
    w.flip()
    assert not w.flipped and "1-12 at the top" in w.orientation_html.value
    assert "1-20 at the top" in CheckersWidget(rules="international").orientation_html.value


def test_the_learners_move_and_the_reply_are_both_marked():
    """Issue 11: after the learner's move the board is redrawn first, then the reply
    comes (reply_delay later); both moves stay marked on the board."""
    w = CheckersWidget(computer=1, level="easy", seed=3, reply_delay=0)
    frames = []
    w.canvas.observe(lambda ch: frames.append(ch["new"]), names="svg")
    w.click(9)
    w.click(13)
    mine, reply = w.game.history
    assert w.marked == 2
    both = w.game.draw(labels=True, last_move=2).to_svg()
    assert w.canvas.svg.count('fill="#f2d24b"') == both.count('fill="#f2d24b"') == 4
    assert any('data-cell="13"' in f and f.count('fill="#f2d24b"') == 2 for f in frames[:-1])
    assert CheckersWidget.reply_delay > 0               # classroom default: a moment later


def test_undo_off_and_the_counts_shown_at_the_end():
    """Issue 11: 待った なし (undo_allowed=False) refuses undo; the hints and undos used
    are counted and shown when the game ends."""
    w = CheckersWidget(CheckersGame(fen="B:W18:B14"), undo_allowed=False)
    w.show_hint()
    w.click(14)
    w.click(23)
    w.undo()
    assert len(w.game.history) == 1 and w.undos_used == 0 and w.last_error
    assert w.game.is_over() and "hints used: 1, undos used: 0" in w.status


@pytest.mark.parametrize("kw", [dict(game="B:W21:B1"), dict(rules="checkers"), dict(level="hard"),
                                dict(level=3)])
def test_bad_widget_arguments_are_boardkit_errors(kw):
    """A wrong game, rule set or level is refused with a BoardkitError naming it."""
    game = kw.pop("game", None)
    with pytest.raises(BoardkitError):
        CheckersWidget(game, **kw)


def _repetition(fen: str, moves: list[str]) -> CheckersWidget:
    w = CheckersWidget(CheckersGame(fen=fen))
    for m in moves:
        w.play(m)
    assert w.game.outcome().rule == "CK-11"
    return w


SHUFFLE = ["1-5", "32-27", "5-1", "27-32"] * 2


def test_a_repetition_draw_says_why_in_words_and_why_more_pieces_do_not_win():
    """CK-11: the final status says why nobody wins, and that White's 4 pieces against
    Black's lone king do not win on their own (CK-10), in English and Japanese."""
    from boardkit import i18n
    w = _repetition("W:WK1,K2,K3,20:BK32", SHUFFLE)
    assert "Game over" in w.status and "Why a draw?" in w.status and "(CK-11)" in w.status
    assert "White had more pieces (4 against 1)" in w.status and "(CK-10)" in w.status
    even = _repetition("W:WK1:BK32", SHUFFLE)
    assert "Why a draw?" in even.status and "more pieces" not in even.status
    before = i18n.language()
    try:
        i18n.set_language("ja")
        ja = _repetition("W:WK1,K2,K3,20:BK32", SHUFFLE)
    finally:
        i18n.set_language(before)
    assert "どうして引き分け" in ja.status and "白のほうが駒が多かった（4 対 1）" in ja.status


def test_a_win_has_no_draw_note():
    w = CheckersWidget(CheckersGame(fen="W:WK14:B10"))
    w.play(w.game.legal_moves()[0])              # the only capture takes the last piece
    assert w.game.outcome().winner == 1 and "Why a draw" not in w.status


def test_puzzle_feedback_names_only_squares_its_board_numbers():
    """Every square a checkers puzzle's words name (in moves such as 21-17 or 29x18x9, and
    "on 14", "square 22") is numbered on its board."""
    from boardkit.checkers.puzzles import PUZZLES
    moves = re.compile(r"\b\d{1,2}(?:[-x]\d{1,2})+\b")
    single = re.compile(r"\b(?:on|square|squares|to|from) (\d{1,2})\b")
    for i, p in enumerate(PUZZLES):
        pw = PUZZLES.widget(start=i)
        numbered = set(re.findall(r">(\d{1,2})</text>", pw.board.canvas.svg))
        words = [pw.feedback] + [p.text(k) for k in ("goal", "hint", "why") if p.text(k)]
        for m in [m for m in pw.board.game.legal_moves() if not p.is_accepted(m)][:12]:
            pw.board.play_text(str(m))
            words.append(pw.feedback)
        named = set()
        for text in map(str, words):
            named |= {sq for mv in moves.findall(text) for sq in re.split(r"[-x]", mv)}
            named |= set(single.findall(text))
        assert named, f"puzzle {p.id} names no square: check the patterns"
        assert named <= numbered, f"puzzle {p.id} names squares its board does not number: {named - numbered}"


@pytest.mark.parametrize("target, rule", [("10", "CK-04"), ("9", "CK-04"), ("13", "CK-04"),
                                          ("22", "CK-04")])
def test_a_refused_destination_is_explained_with_its_rule(target, rule):
    """A click on an unmarked square while a man is picked up says why, naming the move
    and the rule (as the move box does), and lets the man go; in Japanese too."""
    w = CheckersWidget(CheckersGame(fen="B:W27:B14"))
    w.click(14)
    assert target not in w.targets
    w.click(target)
    assert w.message.startswith(f"14-{target}") and rule in w.message
    assert w.targets == set() and w.game.history == []
    ja = CheckersWidget(CheckersGame(fen="B:W27:B14"), lang="ja")
    ja.click(14)
    ja.click(target)
    assert rule in ja.message and re.search(r"[ぁ-んァ-ン]", ja.message)


def test_a_refused_destination_under_compulsory_capture():
    """With the CK-06 rings shown the refusal names the capture due; a puzzle board hides
    the rings and then says nothing that would give the answer away."""
    w = CheckersWidget(CheckersGame(fen="B:W18,27:B14,10"))
    w.click(14)
    w.click(17)
    assert "CK-06" in w.message and "14x23x32" in w.message
    quiet = CheckersWidget(CheckersGame(fen="B:W18,27:B14,10"))
    quiet.show_capture_rings = False
    quiet.click(14)
    quiet.click(17)
    assert "14x23" not in quiet.message
