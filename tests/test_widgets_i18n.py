"""Every word a board's controls show goes through the language catalogue (boardkit.i18n).

Built after ``set_language("ja")``, the four game widgets (and 回り将棋's toss-lab widgets)
are walked control by control, through every child: no menu label, description, button
text, tooltip, placeholder or HTML line may be English prose made of ASCII alone. Numbers,
rule IDs (MS-09), move notation (11-15, 8/5, 13/9*) and seat numbers (P1) are not prose.
Menus keep their VALUES (the English identifiers the code and the notebooks use) in both
languages: only the labels change. A widget made in English shows exactly what it did.
"""
from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest

from boardkit import i18n
from boardkit.backgammon.widget import BackgammonWidget
from boardkit.checkers.widget import CheckersWidget
from boardkit.diamond.widget import DiamondWidget
from boardkit.mawari.rules import MawariRules
from boardkit.mawari.widget import MawariWidget, tally_widget, toss_widget, what_if_widget

#: not prose, in either language: rule IDs, move notation, numbers, seat numbers (P1-P4),
#: the 回り将棋 square names' digits; what is left of a text after removing these and any
#: markup must not be ASCII words
NOT_PROSE = re.compile(r"\b[A-Z]{2}-\d+\b|\bP\d\b|[\d.,:;%×·/*+()\[\]<>=≈~—–-]+|&nbsp;")

#: texts that are deliberately the same in both languages (exact match), with the reason
ALLOWED = {
    "Okabe-Ito": "the colour-blind-safe palette's name (Okabe & Ito), a proper name",
}


def _walk(widget):
    """``widget`` and every widget inside it, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _texts(widget, with_html: bool = True):
    """(where, text) for every text a student sees on ``widget`` itself."""
    kind = type(widget).__name__
    for attr in ("description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value.strip():
            yield f"{kind}.{attr}", value
    for label in getattr(widget, "_options_labels", ()) or ():
        yield f"{kind} option", str(label)
    for tip in getattr(widget, "tooltips", ()) or ():          # ToggleButtons
        yield f"{kind} tooltip", str(tip)
    if with_html and isinstance(widget, W.HTML) and not isinstance(widget, W.HTMLMath):
        text = html.unescape(re.sub(r"<(svg|style)\b.*?</\1>|<[^>]*>", " ", widget.value, flags=re.S))
        if text.strip():
            yield f"{kind}.value", text


def english_prose(text: str) -> bool:
    """True when ``text`` is ASCII alone and, without notation and rule IDs, still has words."""
    if not text.isascii() or text.strip() in ALLOWED:
        return False
    return bool(re.search(r"[A-Za-z]{2,}", NOT_PROSE.sub(" ", text)))


def _english(widget, with_html: bool = True) -> list[str]:
    return [f"{where}: {text!r}" for w in _walk(widget) for where, text in _texts(w, with_html)
            if english_prose(text)]




def _boards():
    """The four boards, with every kind of option they can show: checkers' custom rules
    (their check boxes), Diamond on the star board and on Chinese checkers (six seats),
    backgammon in a match, 回り将棋 with four players."""
    return [CheckersWidget(), CheckersWidget(rules="custom"), DiamondWidget(),
            DiamondWidget(board="chinese", players=6, pieces=10, kings=False), BackgammonWidget(),
            BackgammonWidget(rules="match 5"), MawariWidget(players=4)]


def _mawari_deciding(seed_range=range(60)) -> MawariWidget:
    """A 回り将棋 board where P1 may declare a battle (MS-15): its buttons are shown."""
    for seed in seed_range:
        w = MawariWidget(players=2, seed=seed)
        for _ in range(200):
            g = w.game
            if g.is_over() or g.phase == "decide":
                break
            w.toss() if g.chance_pending() else w.play(g.legal_moves()[0])
        if w.game.phase == "decide" and len(w.game.legal_moves()) > 1:
            return w
    pytest.fail("no battle decision within the seeds tried")


def test_english_prose_tells_words_from_notation():
    assert english_prose("fair") and english_prose("Golds (MS-09)") and english_prose("battle P2")
    assert not english_prose("P2") and not english_prose("MS-09") and not english_prose("11-15")
    assert not english_prose("8/5 6/5") and not english_prose("13/9* 6/2") and not english_prose("10")
    assert not english_prose("理想の金") and not english_prose("つよい (strong)")
    assert not english_prose("Okabe-Ito")


def test_every_control_of_the_four_boards_speaks_japanese(ja):
    """Menus (labels), check boxes, buttons, tooltips, placeholders and the HTML lines of
    freshly built boards: no English prose in Japanese (QA: Golds fair/realistic, First
    black/white, Diamond's board and colour names were English)."""
    found = []
    for k, w in enumerate(_boards()):
        found += [f"board {k} ({type(w).__name__}) {where}" for where in _english(w)]
    assert not found, "English in Japanese mode:\n" + "\n".join(found)


def test_the_battle_buttons_and_the_toss_lab_speak_japanese(ja):
    """回り将棋's battle buttons (shown only when a battle may be declared) and the toss lab's
    widgets of notebooks 43, 44 and 46, and the events box (the engine's events rendered in
    the board's language)."""
    w = _mawari_deciding()
    buttons = [b.description for b in w.offer_box.children]
    assert "戦をしかけない" in buttons and any(b.endswith("に戦をしかける") for b in buttons)
    assert not _english(w, with_html=False)
    assert not english_prose(html.unescape(re.sub(r"<[^>]*>", " ", w.events_html.value)))
    tally, toss, what_if = tally_widget(), toss_widget(), what_if_widget()
    tally.text.value = "表 表 裏 横"
    tally.add()
    toss.toss()
    for box in (tally, toss, what_if):
        assert not _english(box), box
        assert not english_prose(repr(box)[1:-1])           # the text a notebook stores


def _menus(widget) -> list[tuple]:
    return [tuple(w._options_values) for w in _walk(widget) if hasattr(w, "_options_values")]


def test_menus_keep_their_values_and_english_labels():
    """Only the labels follow the language: every menu has the same values in English and
    Japanese, and the English labels are the ones the notebooks name (Golds *realistic*)."""
    en = [_menus(w) for w in _boards()]
    i18n.set_language("ja")
    try:
        ja_menus = [_menus(w) for w in _boards()]
        m = MawariWidget()
        assert m.options["model"].label == "理想の金" and m.options["model"].value == "fair"
        c = CheckersWidget()
        assert dict(c.options["first_player"].options) == {"黒": "black", "白": "white"}
    finally:
        i18n.set_language("en")
    assert en == ja_menus
    m = MawariWidget()
    assert m.options["model"].options == (("fair", "fair"), ("realistic", "realistic"))
    m.options["model"].value = "realistic"
    m.new_game()
    assert m.game.rules.toss_probs == MawariRules.realistic(2).toss_probs
    d = DiamondWidget()
    assert d.options["board"].label == "Diamond Game (121)"
    assert d.player_names[:2] == ("Red", "Yellow")            # no Japanese gloss in English
    b = BackgammonWidget()
    assert b.options["rules"].options[-1] == ("match 7", "match 7")
    assert CheckersWidget().options["first_player"].options == (("black", "black"), ("white", "white"))


def test_the_sides_are_named_in_japanese_in_status_messages_and_move_lists(ja):
    """The sides' names follow the catalogue as the puzzles name them: checkers 黒/白,
    backgammon 白/赤, Diamond 赤/黄/緑; the seats' menus, the status line and the lists."""
    c = CheckersWidget()
    assert [s.description for s in c.seat_controls] == ["黒", "白"] and c.status.startswith("黒")
    c.click(20)
    assert "黒の駒" in c.message and "Black" not in c.message
    assert "白が下" in c.orientation_html.value
    b = BackgammonWidget()
    b.set_dice(3, 1)
    b.play("8/5 6/5")
    b.cube("double")
    b.cube("take")
    assert b.moves_text() == ["白 31: 8/5 6/5", "赤がダブル", "白がテイク"]
    assert b.status.startswith("赤（あなた）の番です") and "白 163、赤 167" in b.status
    assert "White" not in b.info_html.value and "Red" not in b.info_html.value
    d = DiamondWidget()
    assert [s.description for s in d.seat_controls] == ["赤", "黄", "緑"]
    assert d.describe().startswith("ダイヤモンドゲーム")


def test_english_move_lists_read_as_before():
    b = BackgammonWidget()
    b.set_dice(3, 1)
    b.play("8/5 6/5")
    b.cube("double")
    b.cube("pass")
    assert b.moves_text() == ["White 31: 8/5 6/5", "Red doubles", "White passes"]
    assert CheckersWidget().describe().startswith("checkers board.")


def test_a_refused_move_is_explained_in_japanese_on_the_board(ja):
    """A move the rules refuse shows what went wrong in Japanese (boardkit.i18n.error_text:
    the engine's key and facts), in the move box and by clicks; unreadable text says so in
    Japanese; the game is unchanged. In English the engine's own message stays (see
    test_widgets_access)."""
    w = CheckersWidget()
    for move in ("11-15", "22-17", "15-19"):             # now White must capture
        w.play_text(move)
    before = w.game.to_json()
    assert not w.play_text("21-17")                      # a step while a capture is due
    assert w.game.to_json() == before
    assert w.message == "21-17 はできません。23x16 と取れるので、取らなければなりません（CK-06）"
    assert not english_prose(w.message)
    assert not w.play_text("11-99")                      # no such square: unreadable
    assert w.game.to_json() == before and w.last_error == w.message
    assert w.message == "99 というマスはありません。黒マスの番号は 1〜32 です（CK-15）"
    assert not w.play_text("11_15")                      # a typo: how to write a move
    assert "「11_15」" in w.message and "11-15（進む）" in w.message and not english_prose(w.message)
    # a click on a piece that may not move now is explained in Japanese too
    w.click("21")
    w.click("17")
    assert w.game.to_json() == before and not english_prose(w.message.split("（")[0])


def test_how_a_game_ended_is_said_in_japanese(ja):
    """The status line of a finished game: the result and the rule's Japanese title (the
    engine's reason is English); English boards keep the engine's words."""
    w = CheckersWidget(computer=(0, 1), level="easy", seed=1)
    out = w.game.outcome()
    assert out is not None and out.rule and out.rule in w.status
    assert i18n.tr(f"rule.{out.rule}.title") in w.status and out.reason not in w.status
    assert ("の勝ちです" in w.status) != (out.winner is None)
    assert not english_prose(html.unescape(re.sub(r"<[^>]*>", " ", w.status)))
    i18n.set_language("en")
    w = CheckersWidget(computer=(0, 1), level="easy", seed=1)
    assert out.reason in w.status and "Game over" in w.status


def test_how_a_mawari_game_ended_is_its_own_japanese_line(ja):
    """回り将棋's ending (M8, L16): who won and how, said once (one ゲーム終了), and the 順位."""
    w = MawariWidget(computer=(0, 1), seed=3)
    out = w.game.outcome()
    assert out is not None and out.key in ("ms.end.home", "ms.end.battle")
    who = f"P{out.winner + 1}"
    how = "銀が一周して上がりました (MS-10)" if out.rule == "MS-10" else "銀が戦に勝って上がりました (MS-15)"
    assert f"{who} の勝ちです。{how}" in w.status
    order = "、".join(f"P{p + 1}" for p in out.ranking)
    assert f"順位は {order} です" in w.status
    assert w.status.count("ゲーム終了") == 1 and out.reason not in w.status
    assert not english_prose(html.unescape(re.sub(r"<[^>]*>", " ", w.status)))
    i18n.set_language("en")
    assert str(out.reason) in MawariWidget(computer=(0, 1), seed=3).game.outcome().reason


def test_how_a_backgammon_game_ended_says_the_kind_of_win(ja):
    """Backgammon's status line tells the ending as its drawing does: the kind of win and
    the points, in Japanese; English keeps the engine's sentence."""
    w = BackgammonWidget(computer=(0, 1), seed=1)
    out = w.game.outcome()
    assert out is not None and "勝ち" in w.status and f"{out.points} 点" in w.status
    assert not english_prose(html.unescape(re.sub(r"<[^>]*>", " ", w.status)))
    i18n.set_language("en")
    assert out.reason in BackgammonWidget(computer=(0, 1), seed=1).status


# ---------------------------------------------------------------- a board keeps its language

def _japanese_words(texts) -> list[str]:
    return [t for t in texts if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", t)
            and "待った" not in t]                     # the taught term beside its English


def _all_texts(widget) -> list[str]:
    return [text for w in _walk(widget) for _, text in _texts(w)]


def _base_board(**kw):
    """A board with the base's own words only (its seats, Roll, levels): what GameWidget
    itself shows, whatever the games' subclasses do."""
    import types

    from test_widget_base import DiceWidget, toy_ai

    from boardkit.widgets.base import GameWidget

    class BaseWords(DiceWidget):
        ai = types.SimpleNamespace(**{**vars(toy_ai), "LEVELS": {"easy": "level.checkers.easy"}})
        chance_label = GameWidget.chance_label
        player_names = GameWidget.player_names
    return BaseWords(**kw)


def _press_everything(w) -> None:
    w.flip()
    w.show_hint()
    w.click("t0")
    w.roll()
    w.show_hint()
    w.undo()
    w.undo()
    w.new_game()
    w.play_text("zz")
    w.save()
    w.resume_text("not json")
    w.resume_text("x" * 2_000_000)
    w.resume()


def test_a_base_board_built_in_english_stays_english_after_set_language_ja():
    """The code review's repro (build, set_language("ja"), Flip: an English "New game"
    beside a Japanese status line): every button pressed after the switch keeps the
    board's language."""
    w = _base_board()
    i18n.set_language("ja")
    try:
        _press_everything(w)
        assert w.lang == "en" and "Player 1" in w.status
        leaked = _japanese_words(_all_texts(w) + [w.status, w.message, w.canvas.label,
                                                  w.save_html.value])
        assert not leaked, f"Japanese on an English board: {leaked}"
    finally:
        i18n.set_language("en")


def test_a_base_board_built_in_japanese_stays_japanese_after_set_language_en():
    i18n.set_language("en")
    w = _base_board(lang="ja")
    assert w.chance_button.description == "振る" and w.new_button.description == "新しいゲーム"
    for step in (w.flip, w.show_hint, w.roll, w.undo, w.new_game, lambda: w.play_text("zz"),
                 lambda: w.resume_text("not json"), w.resume):
        step()
        assert not english_prose(w.message), w.message
        assert not _english(w, with_html=False), _english(w, with_html=False)
    assert w.lang == "ja" and "プレイヤー1" in w.status


@pytest.mark.parametrize("make", [
    lambda: CheckersWidget(computer=1, lang="ja"),
    lambda: DiamondWidget(players=2, lang="ja"),
    lambda: BackgammonWidget(lang="ja"),
    lambda: MawariWidget(lang="ja"),
])
def test_every_game_board_built_in_japanese_stays_japanese(make):
    i18n.set_language("en")
    w = make()
    before = _english(w)
    for step in (w.flip, w.show_hint, w.roll, w.undo, w.new_game, lambda: w.play_text("zz"),
                 lambda: w.resume_text("not json")):
        step()
    assert w.lang == "ja" and not english_prose(w.message), w.message
    found = [where for where in _english(w) if where not in before]
    assert not found, f"English appeared on a Japanese board after its buttons: {found}"


def test_puzzles_quiz_pick_and_tip_lab_keep_their_language():
    from boardkit import quiz
    from boardkit.checkers.ai import tips
    from boardkit.checkers.puzzles import PUZZLES
    from boardkit.widgets.tiplab import TipLab
    pw = PUZZLES.widget(lang="ja")
    q = quiz.number("How many?", answer=8, lang="ja")
    c = quiz.choice("Which?", ["a", "b"], answer="a", lang="ja")
    lab = TipLab(tips.lab_spec(), games=20, executor=None, lang="ja")
    i18n.set_language("en")
    pw.click(22)
    pw.click(18)
    pw.show_hint()
    pw.retry()
    pw.next()
    pw.previous()
    assert pw.lang == "ja" and pw.board.lang == "ja"
    assert "問題" in pw.title_html.value and "目標" in pw.goal_html.value
    assert pw.next_button.description == "次へ" and "問正解" in pw.score_text()
    assert q.answer("abc") is None and "「abc」は数ではありません" in q.feedback.value
    assert q.button.description == "答え合わせ"
    assert c.answer("b") is False and "ちがいます" in c.feedback.value
    assert "正解" in quiz.score("ja")
    assert lab.run_button.description == "対局開始"
    assert [label for label, _ in lab.tip_control.options][0] == "1. 取らせる手に気をつける"
    assert [label for label, _ in lab.level_control.options] == ["1手先まで読む", "2手先まで読む",
                                                                "3手先まで読む"]
    assert "95% 信頼区間" == i18n.tr("tiplab.band", "ja")
    assert "このやり方では、このコツは逆効果です" in i18n.tr("tiplab.hurts", "ja", fair=0.5)


def test_the_exercise_board_and_feedback_keep_their_language(capsys):
    from boardkit.checkers.exercises import ex
    from boardkit.exercises import compare_sets
    from boardkit.widgets.pick import PickBoard
    name = next(n for n in ex.names() if n.startswith("targets") or n.startswith("forced"))
    board = PickBoard(ex, name, lang="ja")
    i18n.set_language("en")
    board.check()
    assert "まだ答えていません" in board.feedback_line.value
    assert "答え合わせ" in _all_texts(board)
    assert ex.checker.lang is None                     # the exercises' own language is untouched
    assert compare_sets({1, 9}, {1, 2}, lang="ja") == "9 は正しくありません。答えがあと 1 個足りません。"
    assert compare_sets({1, 9}, {1, 2}, what="square") == "9 is not right. 1 square missing."


def test_a_typed_wrong_side_move_is_refused_in_japanese_with_its_square():
    """H3: the refusal of a typed move names what went wrong, in Japanese only."""
    w = CheckersWidget(lang="ja")
    assert not w.play_text("22-26")
    assert not re.search(r"[A-Za-z]{4,}", w.message) and "22" in w.message, w.message


def test_save_and_resume_failures_are_told_in_the_boards_language(tmp_path):
    """H3: a missing file and another game's file, in Japanese without English detail."""
    from boardkit.checkers.game import CheckersGame
    w = DiamondWidget(players=2, lang="ja")
    w.resume(str(tmp_path / "x.json"))
    assert "x.json が見つかりません。先に「保存」してください" in w.message
    assert not re.search(r"[A-Za-z]{4,}", w.message.replace(str(tmp_path / "x.json"), "")), w.message
    assert not w.resume_text(CheckersGame().to_json())
    assert "これはダイヤモンドゲームの保存ファイルではありません" in w.message
    assert not w.resume_text("{not json")
    assert not re.search(r"[A-Za-z]{4,}", w.message), w.message
    e = DiamondWidget(players=2)
    e.resume_text(CheckersGame().to_json())
    assert "not a saved diamond game" in e.message and "'game' is 'checkers'" in e.message


def test_level_menus_show_only_the_boards_language():
    """M9: 「やさしい」, not 「やさしい (easy)」; the English board shows English names."""
    ja = CheckersWidget(lang="ja")
    en = CheckersWidget(lang="en")
    assert [label for label, _ in ja.level_control.options] == ["やさしい", "ふつう", "つよい"]
    assert [label for label, _ in en.level_control.options] == ["easy", "normal", "strong"]
    assert [v for _, v in ja.level_control.options] == ["easy", "normal", "strong"]
    assert CheckersWidget(level="つよい").level_control.value == "strong"
    assert i18n.tr("tutor_level", "ja", en=i18n.Word("level.checkers.strong")) == "「つよい」"
    assert i18n.tr("tutor_level", "en", en=i18n.Word("level.checkers.strong")) == "the strong level"


def test_shared_lines_follow_the_reviews_wording():
    """L1-L6, M8: the shared words a student meets on every board."""
    w = _base_board(lang="ja")
    assert w.chance_button.description == "振る" and w.move_button.description == "決定"
    assert w.move_box.description == "手を入力"
    assert [label for label, _ in w.seat_controls[0].options][0] == "人間"
    assert any("記録" in t for t in _all_texts(w))           # a dice game's list of rolls
    assert any("棋譜" in t for t in _all_texts(CheckersWidget(lang="ja")))
    assert "これまでの手数: 0" in w.describe() and "0 手目" not in w.describe()
    for key in ("puzzle.score", "quiz.score"):
        assert "1回目" in i18n.tr(key, "ja", solved=1, total=2, first=1, tried=2, right=1, asked=2)
    shared = [k for k in i18n.CATALOGUES["ja"]
              if k.split(".")[0] not in ("ck", "dg", "bg", "ms", "mawari", "rule", "tutor", "game")
              and not re.match(r"(puzzle|page|ex)\.(checkers|diamond|backgammon|mawari)\.", k)]
    for key in shared:
        assert "。 " not in i18n.CATALOGUES["ja"][key], key
    assert i18n.tr("ended_winner", "ja", who="白", rule="CK-10") == "白の勝ちです（CK-10）"
    assert not _japanese_words([i18n.tr(k, "en") for k in ("undo_off", "level.checkers.easy")])
    assert i18n.tr("undo_allowed", "en") == "Undo allowed (待った)"
