"""回り将棋's words (issue 22): engines speak in keys and facts, the board keeps its language,
and the Japanese review's 回り将棋 findings (../shared/reviews/japanese_ui.md) are fixed."""
from __future__ import annotations

import html
import re

import pytest

from boardkit import FormatError, IllegalMoveError, i18n
from boardkit._catalogue import Word
from boardkit.i18n import error_text, render
from boardkit.mawari import MawariGame, ai, tutor
from boardkit.mawari.toss import Toss, TossModel
from boardkit.mawari.widget import MawariWidget, _model_name, tally_widget, toss_widget

#: a Latin word of four letters or more: English in a Japanese line (notation is shorter)
LATIN = re.compile(r"[A-Za-z]{4,}")


def _plain(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", markup))


def _ja(words) -> str:
    return render(words.key, "ja", words.facts)


@pytest.fixture
def english_now():
    """The current language is English whatever a test's board speaks."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _p2_may_declare(lang="ja") -> MawariWidget:
    """P2 tosses from 1七 to 1五, in line with P1 on 9五: P2 may declare a battle on P1."""
    g = MawariGame.setup({0: "9五", 1: ("1七", "香")}, players=2, turn=1)
    w = MawariWidget(g, lang=lang)
    g.set_toss("up up down down")
    w._refresh()
    w.after_refresh()
    assert g.phase == "decide" and g.turn == 1
    return w


def test_a_japanese_board_keeps_its_language(english_now):
    """MawariWidget(lang="ja") built, the current language English: a toss, a decision and
    the battle read in Japanese (events, buttons, status, move list, description)."""
    w = MawariWidget(lang="ja", seed=4)
    i18n.set_language("en")
    assert w.chance_button.description == "金を振る"
    w.toss()
    assert not LATIN.search(_plain(w.events_html.value)), w.events_html.value
    assert "金を振りました" in w.events_html.value
    w = _p2_may_declare("ja")
    i18n.set_language("en")
    assert "戦をしかけることができます" in w.status_text()
    buttons = [b.description for b in w.offer_box.children]
    assert buttons == ["P1 に戦をしかける", "戦をしかけない"]
    w.decide("battle P1")
    assert w.game.phase == "battle"
    events = _plain(w.events_html.value)
    assert "P2 が P1 に戦をしかけます" in events and not LATIN.search(events)
    assert w.moves_text()[-1].endswith("P2 → P1 に戦")                       # M17
    assert "最後の手: P2 が P1 に戦をしかけました。" in w.describe()            # M17
    assert "battle" not in w.describe() and ". " not in w.describe()
    w.toss()
    assert "戦: P2 が金を振りました" in _plain(w.events_html.value)
    english = _p2_may_declare("en")
    assert [b.description for b in english.offer_box.children] == ["battle P1", "no battle"]
    english.decide("battle P1")
    assert english.moves_text()[-1].endswith("P2: battle P1")
    assert "Last move: P2 declared a battle on P1." in english.describe()


def test_the_hint_is_a_word_said_in_the_boards_language():
    """H1: ai.explain() gives a Word: English by str(), Japanese on a Japanese board."""
    g = MawariGame.setup({0: ("1七", "香"), 1: "9五"}, players=2)
    assert isinstance(ai.explain(g, None), Word)
    assert "toss first" in str(ai.explain(g, None))
    g.set_toss("up up down down")
    why = ai.explain(g, ai.hint(g))
    assert isinstance(why, Word) and "16-square race" in str(why)
    ja = _ja(why)
    assert "往復16マス" in ja and "勝ち 44%" in ja and "（歩→香 に出世）" not in ja
    assert not LATIN.search(ja), ja
    w = MawariWidget(g.copy(), lang="ja")
    assert w.hint_text(ai.hint(g)) == ja


def test_the_tutor_says_who_goes_out_when_the_defender_is_a_gin():
    """H6: against a 銀 the line says P2 wins and goes out, with P2's chance; no sentence
    that reads as if the student went out."""
    g = MawariGame.setup({0: ("1六", "銀"), 1: ("9四", "銀")}, players=2)
    g.set_toss("up up down down")
    line = tutor.advice(g, "battle P2")
    assert isinstance(line, Word) and line.facts["why"].key == "tutor.ms.vs_gin"
    ja = _ja(line)
    assert "P2 は銀です。P2 が戦に勝つと（その確率 44%）、P2 の上がりでゲームが終わります" in ja
    assert "戦に勝てば（" not in ja and ": " not in ja and not LATIN.search(ja.replace("smart", ""))
    assert "P2 is a 銀: if P2 wins the battle" in str(line)


def test_the_tutor_line_for_three_players_is_clear():
    """L14: 「勝てば自分が出世し、負けても出世するのは相手1人だけです」, and no run of colons."""
    ja = i18n.tr("tutor.ms.many", "ja", n=3, stay="30%", with_="35%")
    assert "勝てば自分が出世し、負けても出世するのは相手1人だけです" in ja
    assert i18n.tr("tutor.ms.line", "ja", tip="T", why="W", level="L", best="B").count(":") == 0


def test_the_ending_is_said_once_with_the_standings():
    """M8, L16: 「P2 の勝ちです。銀が一周して上がりました (MS-10)」 and the 順位; English keeps
    the engine's reason."""
    g = MawariGame.setup({0: ("1八", "香"), 1: ("8一", "銀")}, players=2, turn=1)
    g.set_toss("up down down down")
    out = g.outcome()
    assert out is not None and out.winner == 1 and out.rule == "MS-10"
    assert out.reason == "P2's 銀 passes its home corner: the game is over (MS-10)"
    ja = render(out.key, "ja", out.facts)
    assert ja == "P2 の勝ちです。銀が一周して上がりました (MS-10)。順位は P2、P1 です。"
    w = MawariWidget(g, lang="ja")
    # the status line's own 「ゲーム終了。」 is the only one: the ending does not repeat it
    assert w.ending_text(out) == ja and ja in w.status and "ゲーム終了" not in ja


def test_refusals_are_japanese_sentences_naming_what_went_wrong():
    """Typed decisions and set-up slips: the engine's key and facts, one Japanese sentence
    each, the thing refused named, no English."""
    g = MawariGame()
    with pytest.raises(IllegalMoveError) as info:
        g.play("battle P2")
    assert info.value.key == "ms.err.no_decision"
    w = _p2_may_declare("ja")
    with pytest.raises(IllegalMoveError) as info:
        w.game.play("battle P3")
    ja = error_text(info.value, "ja")
    assert ja.startswith("「battle P3」はできません。") and "「P1 に戦をしかける、戦をしかけない」" in ja
    assert not LATIN.search(ja.replace("battle", "")), ja
    assert "choose one of: battle P1, no battle" in str(info.value)
    with pytest.raises(IllegalMoveError) as info:
        w.game.set_toss("up up up up")                  # a decision is due, not a toss
    assert info.value.key == "ms.err.toss_decide"
    assert error_text(info.value, "ja") == ("いまは金を振る番ではありません。P2 が先に、戦をしかけるかどうか"
                                            "を決めます（P1 に戦をしかける、戦をしかけない、MS-07）")
    for bad in ("9九九", "1五x"):
        with pytest.raises(FormatError) as info:
            MawariGame().place(0, bad)
        assert error_text(info.value, "ja").startswith(f"'{bad}' というマスはありません")


def test_the_tally_box_refuses_a_bad_toss_in_japanese():
    """H3: the tally box's refusal is Japanese only (no English detail in parentheses)."""
    box = tally_widget(lang="ja")
    box.text.value = "表 表 裏"
    box.add()
    said = _plain(box.children[1].value)
    assert "ちょうど4枚" in said and "3枚" in said and not LATIN.search(said), said
    box.text.value = "表 表 裏 猫"
    box.add()
    said = _plain(box.children[1].value)
    assert "猫" in said and "表、裏、横、縦、逆立ち" in said and not LATIN.search(said), said


def test_a_toss_is_named_from_the_catalogue_in_the_boards_language(english_now):
    """toss.py has no language branch: Toss.text(lang) and Toss.draw(lang=) say the toss
    in that language; a custom model is named in the box's language (L19)."""
    t = Toss.parse("up side down down +overlap")
    assert t.text("en") == "up side down down +overlap" == str(t)
    assert t.text("ja") == "表 横 裏 裏 重なり" == t.ja()
    assert "金の出方: 表 横 裏 裏 重なり" in t.draw(lang="ja").to_svg()
    assert "toss: up side down down +overlap" in t.draw(lang="en").to_svg()
    custom = TossModel.with_standing(0.1)
    name = _model_name(custom, "ja")
    assert name.startswith("金 ") and "表 " in name and "横 " in name and not LATIN.search(name)
    assert "side" in _model_name(custom, "en")
    box = toss_widget(custom, lang="ja")
    assert not LATIN.search(repr(box)), repr(box)


def test_the_review_wordings_are_in_the_catalogue():
    """M3, M4, M5, M16, L8, L10, L11, L15: the set-up options, the status and the table say
    what the rules say (台 not 盤, 隅 not 角, 並び not 筋)."""
    ja = i18n.CATALOGUES["ja"]
    assert ja["ms.fall_rule"] == "台から落ちた金（落ち駒）: その振りは進みも戻りもしない (MS-08)"
    assert ja["ms.corner_jump"] == "隅の飛び (MS-14)" and ja["ms.battle_line"] == "戦になる並び"
    assert "盤の下の台をクリックするか、「金を振る」を押します" in ja["ms.toss_first"]
    assert "しかけられます" not in ja["ms.may_declare"]
    assert "戦をしかけることができます" in ja["ms.may_declare"]
    assert ja["ms.draw.fell"] == "落ち駒: 動きません"          # L8: no move either way
    assert ja["ms.whole_value"] == "振りの合計（横・縦の金も数える）だけ"
    assert ja["ms.golds"] == "金の出方 (MS-09)"
    assert "もこの回にもう1回振れます（戻れば引き分け、MS-15）" in ja["ms.ev.battle_back_first"]
    assert "盤から落ちる" not in ja["ms.model_tooltip"] and "筋" not in ja["ms.click_battle"]
    for key, text in ja.items():            # L5: typography of 回り将棋 lines
        if key.startswith(("ms.", "mawari.", "tutor.ms.", "puzzle.mawari.", "ex.mawari.")):
            assert "。 " not in text and "）(" not in text and " （" not in text, key
            assert "金を振りました: " not in text, key


def test_the_laid_mark_is_readable():
    """L9: the 寝 mark on a laid-down piece is at least 14 px on a default board."""
    g = MawariGame.setup({0: ("1八", "香"), 1: ("1六", "歩", "laid")}, players=2)
    svg = g.draw().to_svg()
    sizes = [float(m) for m in re.findall(r'font-size="([\d.]+)"[^>]*>寝<', svg)]
    assert sizes and min(sizes) >= 14, sizes


def test_the_puzzle_board_keeps_its_language(english_now):
    """A 回り将棋 puzzle board built in Japanese: its status, its pending toss's table and
    its click verdicts stay Japanese after set_language('en')."""
    from boardkit.mawari.puzzle_widget import MawariPuzzleBoard
    from boardkit.mawari.puzzles import PUZZLES, click_answer, make_game, parse_position
    puzzle = next(p for p in PUZZLES if parse_position(p.position).ask == "end")
    board = MawariPuzzleBoard(make_game(puzzle), pending=parse_position(puzzle.position).tosses,
                              lang="ja")
    i18n.set_language("en")
    assert board.status_text().startswith("<b>P1</b> が金を振りました")
    assert "1 回目" in board.render(board.selection)
    said = click_answer(puzzle, board.game, "toss", lang=board.lang).text
    assert said.startswith("金の出方は決まっています") and not LATIN.search(said)
