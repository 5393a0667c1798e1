"""Checkers speaks in keys and facts: what a student reads in Japanese says what happened.

Refusals (review H3, H4, L13), hint reasons (H1), tutor lines (H7, M12), endings (M8) and
the rule-set names (M10) come from the engine as a catalogue key and its facts; the English
sentence is what it always was, and the Japanese one names the same square, the same
capture and the same side, with no English word in it. A checkers board keeps the
language it was built in when the global language changes afterwards.
"""
from __future__ import annotations

import re

import pytest

from boardkit import i18n
from boardkit._catalogue import render
from boardkit.checkers import ai, tutor
from boardkit.checkers.game import CheckersGame
from boardkit.checkers.rules import CheckersRules
from boardkit.errors import BoardkitError, FormatError, IllegalMoveError
from boardkit.i18n import error_text

START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
INTL_START = ("W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
              ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20")


@pytest.fixture(autouse=True)
def _english_again():
    """The language is global: whatever a test sets, the next one starts in English."""
    yield
    i18n.set_language("en")


def latin_words(text: str) -> list[str]:
    """English-looking words of 4+ Latin letters (notation, rule IDs and numbers are not)."""
    return re.findall(r"[A-Za-z]{4,}", text)


def _refused(game: CheckersGame, move: str) -> BoardkitError:
    before = game.to_json()
    with pytest.raises(BoardkitError) as info:
        game.play(move)
    assert game.to_json() == before              # a refused move leaves the game untouched
    return info.value


#: (rules, position, move, key, rule, English, Japanese): one case per kind of refusal
REFUSALS = [
    ("american", START, "15-19", "ck.err.no_piece", None,
     "15-19: there is no Black piece on square 15; Black is to move",
     "15-19 はできません。15 のマスには駒がありません。いまは黒の番です"),
    ("american", START, "22-18", "ck.err.their_piece", None,
     "22-18: there is no Black piece on square 22; Black is to move",
     "22-18 はできません。22 の駒は相手の駒です。いまは黒の番です"),
    ("american", "B:W14,15,24,32:B10,1", "1-6", "ck.err.capture_due", "CK-06",
     "1-6: a capture is available: 10x17 (CK-06)",
     "1-6 はできません。10x17 と取れるので、取らなければなりません（CK-06）"),
    ("american", "W:W17,22,24,25,26,28,29,30:B1,2,3,4,5,8,10,11,18", "22x15",
     "ck.err.jump_continues", "CK-07",
     "22x15: the multi-jump must continue, e.g. 22x15x6 (CK-07)",
     "22x15 で止まることはできません。まだ跳べるので、最後まで跳びます（たとえば 22x15x6）（CK-07）"),
    ("american", "W:W9:B6,7", "9x2x11", "ck.err.crowned_stops", "CK-08",
     "9x2x11: a man crowned by a jump stops there: 9x2 (CK-08)",
     "9x2x11 はできません。跳んでキングになった駒は、そこで止まります。9x2 までです（CK-08）"),
    ("american", START, "5x1", "ck.err.men_jump_forward", "CK-05",
     "5x1: men jump forward only; only kings jump backwards (CK-05)",
     "5x1 はできません。キングでない駒は前向きにしか跳べません。後ろ向きに跳べるのはキングだけです（CK-05）"),
    ("american", START, "1x1", "ck.err.no_such_capture", "CK-05",
     "1x1: no such capture: a piece jumps an adjacent opposing piece to the empty square "
     "just beyond (CK-05)",
     "1x1 という取り方はできません。駒は、ななめ隣の相手の駒を跳び越して、そのすぐ向こうの"
     "空いたマスに着きます（CK-05）"),
    ("american", START, "1-5", "ck.err.occupied", "CK-04",
     "1-5: square 5 is occupied (CK-04)",
     "1-5 はできません。5 のマスにはもう駒があります（CK-04）"),
    ("american", START, "1-13", "ck.err.not_diagonal", "CK-04",
     "1-13: pieces move diagonally, and 1 and 13 are not on one diagonal (CK-04)",
     "1-13 はできません。駒はななめに動きます。1 と 13 は同じななめの線の上にありません（CK-04）"),
    ("american", "W:W18,21,22,23,24,25,26,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,15,16", "18-27",
     "ck.err.men_forward", "CK-04", "18-27: men move forward only (CK-04)",
     "18-27 はできません。キングでない駒は前にしか進めません（CK-04）"),
    ("american", START, "9-18", "ck.err.man_step", "CK-04",
     "9-18: a man steps one square diagonally forward (CK-04)",
     "9-18 はできません。キングでない駒は、ななめ前に1マスだけ進みます（CK-04）"),
    ("american", "B:W13,18,21,28,29,32:B2,4,5,9,10,12,K31", "31-17", "ck.err.king_step", "CK-09",
     "31-17: kings move one square diagonally (CK-09)",
     "31-17 はできません。キングはななめに1マスだけ動きます（CK-09）"),
    ("international", "W:WK46,37:B1", "46-28", "ck.err.flying_king", "CK-09",
     "46-28: a flying king moves only over empty squares (CK-09)",
     "46-28 はできません。キングは、空いているマスの上だけを通って進みます（CK-09）"),
    ("international",
     "W:W26,32,33,34,35,36,37,38,39,40,41,42,44,45,46,47,48,49,50"
     ":B1,2,3,4,5,6,7,8,9,10,11,12,13,16,17,18,19,25,29", "33x24", "ck.err.majority", "CK-06",
     "33x24: majority capture: a capture of 2 pieces is available, e.g. 34x23x14 (CK-06)",
     "33x24 はできません。いちばん多く取れる跳び方を選びます。2 個取れる跳び方があります"
     "（たとえば 34x23x14）（CK-06）"),
    ("international", INTL_START, "31x1", "ck.err.no_such_capture_flying", "CK-05",
     "31x1: no such capture: a piece jumps an adjacent opposing piece to the empty square "
     "just beyond (kings: along the diagonal) (CK-05)",
     "31x1 という取り方はできません。駒は、ななめ隣の相手の駒を跳び越して、そのすぐ向こうの"
     "空いたマスに着きます（キングは、ななめの線の上の離れた駒も跳び越せます）（CK-05）"),
    ("american", "B:W14,15,22,23:B10", "10x26", "ck.err.ambiguous", "CK-15",
     "10x26 is ambiguous: it could be 10x17x26 or 10x19x26; write the squares in between (CK-15)",
     "10x26 だけでは、10x17x26 と 10x19x26 のどの取り方かわかりません。途中のマスも書いてください（CK-15）"),
    # move text a student types (CK-15): FormatError, the same sentence in both
    ("american", START, "11_15", "ck.err.notation", None,
     "checkers move notation (CK-15): expected a step like 11-15 or a capture like 15x24 or "
     "15x24x31, got '11_15'",
     "「11_15」は手の書き方として読み取れません。"
     "11-15（進む）や 15x24（取る）のように書いてください（CK-15）"),
    ("american", START, "11-15-19", "ck.err.step_squares", None,
     "checkers move notation (CK-15): a step has two squares (like 11-15), got '11-15-19'; "
     "captures are written with x",
     "「11-15-19」は読み取れません。進む手はマスを2つだけ書きます（11-15 のように）。"
     "取る手は 15x24 のように x でつなぎます（CK-15）"),
    ("american", START, "11-99", "ck.err.no_square", None,
     "checkers move notation (CK-15): square 99 does not exist; the dark squares are numbered 1-32",
     "99 というマスはありません。黒マスの番号は 1〜32 です（CK-15）"),
]


NOTATION = {"ck.err.notation", "ck.err.step_squares", "ck.err.no_square"}


@pytest.mark.parametrize("preset, fen, move, key, rule, english, japanese", REFUSALS,
                         ids=[c[3] for c in REFUSALS])
def test_each_refusal_in_english_and_japanese(preset, fen, move, key, rule, english, japanese):
    """H3/H4: the Japanese line names what went wrong (the square, the capture due), with
    the rule ID after it, no English words and no clause about another rule set (M2)."""
    err = _refused(CheckersGame(getattr(CheckersRules, preset)(), fen=fen), move)
    assert err.key == key and str(err) == english
    assert getattr(err, "rule", None) == rule
    assert isinstance(err, FormatError if key in NOTATION else IllegalMoveError)
    ja = error_text(err, "ja")
    assert ja == japanese
    assert not latin_words(ja), ja
    assert "国際" not in ja and "英米" not in ja          # only the rules in play (M2)
    assert error_text(err, "en") == english


def test_every_refusal_key_has_a_case():
    """Each key the engine refuses a move with is checked above, in both languages."""
    import inspect

    from boardkit.checkers import game as game_module
    source = inspect.getsource(game_module.CheckersGame)
    raised = set(re.findall(r'"(ck\.err\.(?!save)[a-z_]+)"', source))
    assert raised and raised <= {c[3] for c in REFUSALS}


def test_a_typed_wrong_side_move_names_the_square_in_japanese():
    """H3: typing the other side's move gives a Japanese line naming the square and the
    side to move (黒), no English detail in parentheses."""
    err = _refused(CheckersGame(), "22-26")
    ja = error_text(err, "ja")
    assert "22" in ja and "黒の番です" in ja and not latin_words(ja)
    assert str(err) == "22-26: there is no Black piece on square 22; Black is to move"


def test_a_refusal_read_back_from_a_saved_game_in_japanese():
    """Resume of a file whose moves are not legal: the Japanese line says which move and
    why, in Japanese; the English keeps the engine's sentence with its rule."""
    data = {"start": {"fen": START, "quiet": 0, "endgame": 0}, "moves": ["11-15", "15-19"]}
    with pytest.raises(FormatError) as info:
        CheckersGame()._load_state(data)
    err = info.value
    assert str(err) == ("checkers JSON (CK-15): move '15-19' (number 2) is illegal here: "
                        "15-19: there is no White piece on square 15; White is to move")
    ja = error_text(err, "ja")
    assert ja.startswith("保存ファイルの 2 手目 15-19 は、その局面では指せません。")
    assert "いまは白の番です" in ja and not latin_words(ja)


def test_the_bot_without_a_move_says_why_in_both_languages():
    from boardkit.checkers.ai.search import _no_move
    err = _no_move(CheckersGame(fen="B:W25,30:B21"))
    assert str(err) == ("a bot needs a legal move, and there is none: Black has no legal move: "
                        "White wins (CK-10)")
    assert error_text(err, "ja") == ("コンピューターが指せる手がありません。黒は動かせる駒がないので、"
                                     "白の勝ちです（CK-10）")


# ------------------------------------------------------------------------------ hints
HINTS = [
    ("B:W18,30:B14,5", "ck.why.capture1_forced", "it captures 1 piece (a capture is compulsory, CK-06)",
     "駒を1つ取れます（取れるときは必ず取ります。CK-06）"),
    ("B:W22,24,27:B6,10,14", "ck.why.shot",
     "it offers a piece: every capture the opponent is forced to make lets you capture more "
     "back (a shot)", "わざと取らせる手です。相手がどう取っても、そのあとでもっと多く取り返せます"),
]


@pytest.mark.parametrize("fen, key, english, japanese", HINTS, ids=[h[1] for h in HINTS])
def test_hint_reason_is_a_word(fen, key, english, japanese):
    """H1: ai.explain gives a Word; str() is the English, a Japanese board reads Japanese."""
    g = CheckersGame(fen=fen)
    why = ai.explain(g, ai.hint(g))
    assert isinstance(why, i18n.Word) and why.key == key
    assert str(why) == english and render(why.key, "ja", why.facts) == japanese


def test_every_hint_reason_reads_in_japanese():
    for key in ("capture1", "captures", "capture1_forced", "captures_forced", "shot", "exchange",
                "sacrifice", "crowns", "best"):
        ja = i18n.tr(f"ck.why.{key}", "ja", n=2)
        assert ja != i18n.tr(f"ck.why.{key}", "en", n=2) and not latin_words(ja), key
    many = CheckersGame(fen="W:W27:B23,15,7")     # 27x18x11x2: three at once
    assert str(ai.explain(many, ai.hint(many))) == "it captures 3 pieces (a capture is compulsory, CK-06)"
    assert render(ai.explain(many, ai.hint(many)).key, "ja", {"n": 3}) == \
        "駒を3個取れます（取れるときは必ず取ります。CK-06）"


def test_the_hint_on_a_japanese_board_is_japanese():
    pytest.importorskip("ipywidgets")
    from boardkit.checkers.widget import CheckersWidget
    w = CheckersWidget(CheckersGame(fen="B:W18,30:B14,5"), lang="ja")
    i18n.set_language("en")
    assert w.hint_text(ai.hint(w.game)) == "駒を1つ取れます（取れるときは必ず取ります。CK-06）"


# ------------------------------------------------------------------------------ tutor
def test_tutor_names_the_side_in_the_boards_language():
    """H7, M12: the tutor's line is a Word; in Japanese the side is 白 (never White), the
    tip is named as the source article names it and the level as the menu does."""
    g = CheckersGame(fen="B:W17,27:B10,19")
    line = tutor.advice(g, "10-14")
    assert isinstance(line, i18n.Word)
    assert str(line) == ("Tip 1 (check every move for a shot): after 10-14 White can take your "
                         "man on 14 with 17x10, and you cannot take as much back at once; the "
                         "strong level would play 10-15.")
    ja = render(line.key, "ja", line.facts)
    assert ja == ("コツ1（取らせる手に気をつける）：10-14 のあと、白は 17x10 で 14 のあなたの駒を"
                  "取れます。すぐには同じだけ取り返せません。「つよい」なら 10-15 です。")
    assert not latin_words(ja)
    two = CheckersGame(fen="W:W22,24,23:B6,10,15")      # a reply that takes two
    for move in two.legal_moves():
        words = tutor.advice(two, move)
        if words is not None and " and your" in str(words):
            assert "と" in render(words.key, "ja", words.facts)


def test_tutor_line_on_a_japanese_board():
    pytest.importorskip("ipywidgets")
    from boardkit.checkers.widget import CheckersWidget
    w = CheckersWidget(lang="ja")
    i18n.set_language("en")
    g = CheckersGame(fen="B:W17,27:B10,19")
    text = w.tutor_text(g, g.copy().play("10-14"))
    assert text.startswith("コツ1（取らせる手に気をつける）：") and "白は" in text
    assert not latin_words(text)


# ------------------------------------------------------------------------------ endings
ENDINGS = [
    ("B:W25,30:B21", [], "ck.end.no_move", "Black has no legal move: White wins (CK-10)",
     "黒は動かせる駒がないので、白の勝ちです（CK-10）"),
    ("W:W18:B14", ["18x9"], "ck.end.no_pieces", "Black has no pieces left: White wins (CK-10)",
     "黒の駒が全部取られたので、白の勝ちです（CK-10）"),
    ("W:WK5,22:BK32:H79", ["5-1"], "ck.end.forty",
     "draw: 40 moves each with no capture and no man move (CK-12)",
     "引き分けです。40手ずつ指すあいだ、駒を取ることも、キングでない駒を動かすこともありませんでした（CK-12）"),
    ("W:WK1:BK32", ["1-6", "32-28", "6-1", "28-32"] * 2, "ck.end.repetition",
     "draw: the same position with the same player to move occurred three times (CK-11)",
     "引き分けです。同じ並び（同じ人の番）が3回目になりました（CK-11）"),
]


@pytest.mark.parametrize("fen, moves, key, english, japanese", ENDINGS, ids=[e[2] for e in ENDINGS])
def test_endings_say_why_plainly(fen, moves, key, english, japanese):
    """M8: the ending says what happened (blocked, or no pieces left; which draw), once."""
    g = CheckersGame(fen=fen)
    for m in moves:
        g.play(m)
    out = g.outcome()
    assert out.key == key and out.reason == english
    assert render(out.key, "ja", out.facts) == japanese
    assert render(out.key, "en", out.facts) == english


def test_the_international_draws_are_keyed():
    for key in ("kings25", "lone3", "lone2", "kk"):
        assert not latin_words(i18n.tr(f"ck.end.{key}", "ja"))


# ------------------------------------------------------------------------------ the board
def test_rule_set_names_are_the_sources_everywhere():
    """M10: 英米ルール / 強制取りなし / 国際ルール（10×10） / 自分で決める in the menu, the
    drawing's title and the rules; M6: no 兵 and no 成る in the options."""
    pytest.importorskip("ipywidgets")
    from boardkit.checkers.widget import CheckersWidget
    w = CheckersWidget(lang="ja")
    assert [label for label, _ in w.options["rules"].options] == [
        "英米ルール", "強制取りなし", "国際ルール（10×10）", "自分で決める"]
    labels = " ".join(c.description for c in w.options.values())
    assert "兵" not in labels and "成" not in labels
    svg = CheckersGame().draw(lang="ja").to_svg()
    assert "<title>チェッカー（英米ルール）：黒の番</title>" in svg
    assert "<title>Checkers (american): Black to move</title>" in CheckersGame().draw(lang="en").to_svg()
    rules = " ".join(i18n.tr(f"rule.CK-{n:02d}.{f}", "ja") for n in range(1, 16) for f in ("title", "why"))
    assert "アメリカ式" not in rules and "国際式" not in rules
    assert "取るとき以外" not in i18n.tr("rule.CK-04.why", "ja")        # M1: American men never go back


def test_the_board_keeps_its_language():
    """A board built in Japanese stays Japanese after set_language("en"): Flip, New game,
    Undo and Hint redraw it, and its own words (orientation line, clicks refused, the
    drawing's title, the option menus, the hint's reason) are still Japanese."""
    pytest.importorskip("ipywidgets")
    from boardkit.checkers.widget import CheckersWidget
    w = CheckersWidget(lang="ja")
    i18n.set_language("en")
    for action in (w.flip, w.new_game, lambda: w.play_text("11-15"), w.undo, w.show_hint, w.flip):
        action()
        assert w.orientation_text().startswith(("白が下", "盤を回しています")), w.orientation_text()
        assert "1〜12 のマス" in w.orientation_text()            # L5: a range as Japanese writes it
        assert "<title>チェッカー（英米ルール）：" in w.canvas.svg
        assert w.player_names == ("黒", "白")
        theirs = "22" if w.game.turn == 0 else "9"
        owner = w.player_names[1 - w.game.turn]
        assert w.why_not_selectable(theirs).startswith(f"{theirs} には{owner}の駒があります")
        assert w.why_not_selectable("99") == "99 はマスではありません"
        assert w.options["rules"].options[0][0] == "英米ルール"
    assert w.hint_text(w.hint) and not latin_words(w.hint_text(w.hint))
    en = CheckersWidget()                               # built now: English
    i18n.set_language("ja")
    en.flip()
    assert en.orientation_text().startswith("Board turned round")
    assert "<title>Checkers (american): Black to move</title>" in en.canvas.svg
    assert en.player_names == ("Black", "White")


@pytest.mark.parametrize("fen, english_end, japanese_start", [
    ("X:W1", "the first field must be W or B, got 'X:W1'",
     "盤面（FEN）の最初の欄は、番の色の W か B です（「X:W1」）。"),
    ("W:W1,1", "square 1 is given twice in 'W:W1,1'",
     "盤面（FEN）で、1 のマスが2回書かれています（「W:W1,1」）。"),
    ("W:W40", "square '40' is outside 1-32 in 'W:W40'",
     "盤面（FEN）の「40」は 1〜32 の外です（「W:W40」の中）。"),
])
def test_a_position_text_that_cannot_be_read(fen, english_end, japanese_start):
    """A FEN a Resume file or a notebook gives: the English names the format first, as
    before; the Japanese says what is wrong, then how a FEN is written."""
    with pytest.raises(FormatError) as info:
        CheckersGame(fen=fen)
    err = info.value
    assert str(err).startswith("PDN FEN (CK-15): expected like 'W:W21,22,K5:B1,6'")
    assert str(err).endswith(english_end)
    ja = error_text(err, "ja")
    assert ja.startswith(japanese_start) and ja.endswith("キングには K を付ける）を書きます（CK-15）")
    assert not latin_words(ja)


def test_a_position_no_game_reaches_in_japanese():
    """check_position's refusals are keyed too: the English is the sentence it always was,
    the Japanese names the same square and side and how to write it."""
    with pytest.raises(FormatError) as info:
        CheckersGame(fen="W:W1:B30")
    err = info.value
    assert str(err) == ("PDN FEN (CK-15): no game reaches this position: a Black man on square 30 "
                        "stands on its crowning row, where it would be a king (CK-08); write it as "
                        "K30; got 'W:W1:B30'")
    assert error_text(err, "ja") == ("この盤面（FEN）は、対局では出てこない並びです。30 の黒の駒は"
                                     "キングになる段にあるので、キングのはずです（CK-08）。"
                                     "K30 と書いてください（「W:W1:B30」）")
    for fen in ("W:W20:B", "W:W5:BK30:H3", "W:W21,22,23,24,25,26,27,28,29,30,31,32,17:B1"):
        with pytest.raises(FormatError) as info:
            CheckersGame(fen=fen)
        assert info.value.key == "ck.err.pos.unreachable"
        assert not latin_words(error_text(info.value, "ja"))


def test_an_impossible_custom_rule_set_in_japanese():
    """The custom set-up's one impossible choice (majority capture without forced
    capture): the English is as before, the Japanese names the two menu options."""
    with pytest.raises(BoardkitError) as info:
        CheckersRules.custom(forced_capture=False, majority_capture=True)
    err = info.value
    assert str(err) == ("majority_capture needs forced_capture=True: the longest capture can only "
                        "be compulsory if capturing is (CK-06)")
    ja = error_text(err, "ja")
    assert i18n.tr("ck.majority_capture", "ja") in ja and i18n.tr("ck.forced_capture", "ja") in ja
    assert ja.endswith("（CK-06）") and not latin_words(ja)
