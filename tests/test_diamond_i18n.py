"""The Diamond Game in another language: refusals, endings, hints and the board's own
language come from the catalogue's keys and facts, never from the engine's English
(issue 22; the Japanese review's H2, H5, L17, M13, M15, M17 and the board that keeps its
language)."""
import re

import pytest
from diamond_positions import red_without_a_move

from boardkit import i18n
from boardkit._catalogue import render
from boardkit.diamond import PASS, DiamondGame, DiamondRules
from boardkit.diamond import geometry as B
from boardkit.diamond.draw import cell_id
from boardkit.diamond.widget import TAKE_TURNS, DiamondWidget

LATIN_WORD = re.compile(r"[A-Za-z]{4,}")


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def cid(label):
    return cell_id(B.hole(label))


def _home_after_one_step(blocked: bool):
    """Red one step from its goal camp N with the king on ◎; ``blocked``: a yellow piece
    fills one of the goal's border holes instead of a red one (DG-16)."""
    camp = sorted(B.camp("N"), key=lambda h: -B.distance(h, B.apex("N")))
    gap = next(h for h in camp if h in B.border("N") and h not in B.corners("N"))
    outside = next(n for n in B.neighbours(gap) if n not in B.camp("N") and B.tip_of(n) is None)
    pieces = {h: 0 for h in camp if h != gap}
    pieces[B.apex("N")] = (0, True)
    pieces[outside] = 0
    if blocked:
        other = next(h for h in B.border("N") if h != gap and h not in B.corners("N"))
        pieces[other] = 1
    for h in sorted(B.camp("NW"))[:14]:
        pieces.setdefault(h, 1)
    pieces[B.apex("NW")] = (1, True)
    g = DiamondGame.from_pieces(pieces, DiamondRules(players=2))
    return g, f"{B.label(outside)}-{B.label(gap)}"


def test_h5_an_ordinary_finish_is_dg14_in_both_languages():
    g, step = _home_after_one_step(blocked=False)
    g.play(step)
    out = g.outcome()
    assert out.winner == 0 and out.rule == "DG-14" and out.key == "dg.end.finish_king"
    assert out.reason == "red finished first: all pieces in the goal camp, king on ◎ (DG-14)"
    w = DiamondWidget(g, lang="ja")
    assert w.ending_text(out) == "赤の上がりです: 駒が全部ゴールの陣地に入り、王駒が◎にあります（DG-14）"
    assert "ふさがれた" not in w.ending_text(out)


def test_h5_dg16_only_when_the_goal_really_was_blocked():
    g, step = _home_after_one_step(blocked=True)
    g.play(step)
    out = g.outcome()
    assert out.winner == 0 and out.rule == "DG-16" and out.key == "dg.end.blocked_king"
    ja = render(out.key, "ja", out.facts)
    assert ja.startswith("赤の上がりです: ゴールの陣地がほかの人の駒もまじえて全部埋まり")
    assert "DG-16 ゴールをふさがれたとき" in ja


def test_l17_the_turn_cap_and_the_all_pass_endings_in_japanese():
    g = DiamondGame(DiamondRules(players=2, max_turns=2))
    g.play(g.legal_moves()[0])
    g.play(g.legal_moves()[0])
    out = g.outcome()
    assert out.key == "dg.end.cap" and "max_turns" in out.reason
    ja = render(out.key, "ja", out.facts)
    assert ja.startswith("決められた2手に達したので、ここで打ち切りです。") and not LATIN_WORD.search(ja)


def test_h2_a_click_on_a_hole_the_piece_cannot_reach_in_japanese():
    i18n.set_language("ja")
    w = DiamondWidget(players=2)
    start = next(m.path[0] for m in w.game.legal_moves() if m.path)
    far = next(h for h in sorted(B.HOLES) if h not in w.game.reachable_from(start)
               and w.game.piece_at(h) is None and B.distance(h, start) > 2
               and h not in w.game.forbidden(0))
    w.click(cell_id(start))
    w.click(cell_id(far))
    msg = w.message
    assert msg.startswith(f"{B.label(start)} から {B.label(far)} へは") or \
        msg.startswith(f"{B.label(start)}:{B.label(far)} はできません。"), msg
    assert "DG-09" in msg and not LATIN_WORD.search(msg), msg
    assert w.game.history == []


def test_h2_the_refusal_names_the_holes_as_the_review_asks():
    """d3 to h8 after picking up d3 (the review's case): the Japanese says 「d3 から h8 へは
    行けません」 and what a jump is, for the rules in play."""
    w = DiamondWidget(players=2, lang="ja")
    w.click(cid("d3"))
    w.click(cid("h8"))
    assert w.message.startswith("d3 から h8 へは行けません。飛び越せるのは隣の駒1個だけ"), w.message
    assert not LATIN_WORD.search(w.message)


def test_the_board_keeps_its_language_through_clicks_flip_and_new_game():
    w = DiamondWidget(lang="ja", players=2)
    i18n.set_language("en")
    assert w.lang == "ja" and w.player_names[:2] == ("赤", "黄")
    w.click(cid("i5"))                                   # an empty hole
    assert w.message == "i5 には駒がありません。赤の駒をクリックしてください"
    w.click(cell_id(w.game.start_apex(1)))              # yellow's king, red to move
    assert "黄の駒です。いまは赤の番です（DG-07）" in w.message
    w.flip()
    w.new_game()
    assert w.options["players"].description == "人数" and w.options["first_player"].description == "先手"
    assert w.options["first_player"].options[-1] == ("交代で", TAKE_TURNS)     # M15
    assert [o[0] for o in w.options["board"].options][0] == "ダイヤモンドゲーム（121マス）"
    w.click(cid("d3"))
    w.click(cid("h8"))
    assert "行けません" in w.message and not LATIN_WORD.search(w.message)
    assert w.player_names[:2] == ("赤", "黄")


def test_a_typed_refusal_reads_the_engines_key_in_japanese():
    i18n.set_language("ja")
    w = DiamondWidget(players=2)
    w.play_text("q1-p1")
    assert w.message == "q1 には駒がありません（DG-07）"


def test_a_typed_refusal_keeps_the_boards_language():
    w = DiamondWidget(players=2, lang="ja")
    i18n.set_language("en")
    w.play_text("q1-p1")
    assert w.message == "q1 には駒がありません（DG-07）"


def test_m17_a_pass_in_the_move_list_is_written_in_the_boards_language():
    g = red_without_a_move()
    w = DiamondWidget(g, lang="ja")
    assert w.game.history == [PASS]
    assert w.moves_text() == ["1. パス"] and "パスします（DG-07）" in w.message
    assert DiamondWidget(g.copy(), lang="en").moves_text()[0].startswith("1. pass")


def test_m13_the_next_hop_is_asked_with_tobu():
    assert render("chose_hop", "ja") == "行き方がいくつかあります。次に飛ぶマスをクリックしてください"


def test_the_english_seat_and_menu_names_carry_no_japanese():
    w = DiamondWidget(lang="en")
    words = [*w.player_names, *(o[0] for o in w.options["first_player"].options)]
    assert not any(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", x) for x in words), words


def test_a_file_that_cannot_be_resumed_says_why_in_japanese():
    """Resume of an edited file: the loader's refusals carry keys, so the Japanese names
    what is wrong (a piece missing, two pieces on a hole) with no English detail."""
    import json

    from boardkit import FormatError
    from boardkit.i18n import error_text
    doc = json.loads(DiamondGame(DiamondRules(players=2)).to_json())
    doc["state"]["pieces"].pop()
    with pytest.raises(FormatError) as info:
        DiamondGame.from_json(json.dumps(doc))
    ja = error_text(info.value, "ja")
    assert ja.startswith("保存ファイルでは") and "駒が14個です" in ja and not LATIN_WORD.search(ja)
    assert str(info.value).startswith("diamond JSON: ")
    doc = json.loads(DiamondGame(DiamondRules(players=2)).to_json())
    doc["state"]["pieces"].append(doc["state"]["pieces"][0])
    with pytest.raises(FormatError) as info:
        DiamondGame.from_json(json.dumps(doc))
    assert "に駒が2個あります" in error_text(info.value, "ja")


def test_m17_the_screen_reader_says_a_pass_in_japanese():
    i18n.set_language("ja")
    pieces = {h: 0 for h in B.camp("S")}
    for r in (3, 2):
        for q in range(-4, 3):
            if (q, r) in B.INDEX and (q, r) not in B.tip("SW"):
                pieces[(q, r)] = 1
    w = DiamondWidget(DiamondGame.from_pieces(pieces, DiamondRules(players=2, kings=False)))
    assert "パス" in w.describe() and "pass" not in w.describe()


def test_l5_diamond_japanese_typography():
    """Every Diamond line in Japanese: full-width parentheses beside Japanese, no space
    after 「。」, 飛ぶ (not 跳ぶ), ローカルルール (not ハウスルール), no shogi verb 指す."""
    from boardkit._catalogue import _catalogue
    ja = _catalogue("ja")
    mine = {k: v for k, v in ja.items()
            if k.startswith(("dg.", "tutor.dg.", "page.diamond.", "rule.DG-", "puzzle.diamond.",
                             "ex.diamond.")) or k == "chose_hop"}
    assert len(mine) > 200
    jp = r"[\u3040-\u30ff\u4e00-\u9fff]"
    for k, v in mine.items():
        assert not re.search(jp + r" ?\(|\)" + jp, v), (k, v)
        assert "。 " not in v and "跳" not in v and "ハウスルール" not in v and "指せ" not in v, (k, v)


def test_the_solitaire_check_speaks_the_current_language(capsys):
    from boardkit.diamond import solitaire
    i18n.set_language("ja")
    assert solitaire.check(solitaire.SOLUTION_27) is True
    assert solitaire.check(["d1-e6", "q1-p1"]) is False
    out = capsys.readouterr().out.splitlines()
    assert out == ["✅ 27手で解けました（いちばん少ない手数は27手です） — 最短の手数です！",
                   "❌ 2手目（q1-p1）: q1 には駒がありません（DG-07）"]
    i18n.set_language("en")
    assert str(solitaire.verify(solitaire.SOLUTION_27)) == "solved in 27 moves (the optimum is 27)"
