"""Every puzzle text a student reads is in the language catalogue, in English and in
Japanese (titles, goals, hints, "why" lines and the traps' reasons of the four games'
puzzles): no key falls back to English in ja, the placeholders and rule IDs match
between the languages, and a puzzle widget made after ``set_language("ja")`` shows the
Japanese texts while the English ones stay as they were."""
from __future__ import annotations

import dataclasses
import importlib
import re
from string import Formatter

import pytest

from boardkit._core import BoardkitError
from boardkit.i18n import CATALOGUES, language, set_language
from boardkit.puzzles import GAME_MODULES, TEXT_FIELDS, Puzzle, PuzzleSet, PuzzleWidget, catalogue

SETS = {game: importlib.import_module(mod).PUZZLES for game, mod in GAME_MODULES.items()}
ALL = [p for ps in SETS.values() for p in ps]
RULE = re.compile(r"\b[A-Z]{2}-\d\d\b")
#: move texts and cell names, which stay as they are in every language
TOKENS = re.compile(r"[1-9][一二三四五六七八九]|\b[a-q]\d{1,2}(?::[a-q]\d{1,2})*\b|\b\d+x\d+(?:x\d+)*\b"
                    r"|\b(?:bar|\d+)(?:/\d+)+\*?|\b\d+/off\b|\b\d+-\d+\b")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")




def _puzzle_keys():
    """(puzzle, key, English) for every text of every puzzle."""
    for p in ALL:
        for name in TEXT_FIELDS:
            if getattr(p, name):
                yield p, p.key(name), getattr(p, name)
        for answer, reason in p.traps:
            yield p, p.key(f"trap.{answer}"), reason


def _fields(text: str) -> list:
    return sorted(f for _, f, _, _ in Formatter().parse(text) if f is not None)


def test_every_puzzle_has_a_stable_id():
    for game, ps in SETS.items():
        ids = [p.id for p in ps]
        assert all(re.fullmatch(r"[a-z]{2}\d\d_[a-z0-9_]+", i) for i in ids), ids
        assert len(set(ids)) == len(ids), game
        for p in ps:                                 # the id starts with its rule: ck06_...
            assert p.id[:4] == p.rule.replace("-", "").lower(), p.id


def test_every_text_is_registered_in_english_and_translated():
    en, ja = CATALOGUES["en"], CATALOGUES["ja"]
    n = 0
    for _, key, english in _puzzle_keys():
        assert en.get(key) == english, key
        assert key in ja and ja[key].strip() and ja[key] != english, key
        assert JAPANESE.search(ja[key]), key
        if not key.endswith(".title"):               # sentences, です・ます
            assert ja[key].endswith(("。", "？")), key
        n += 1
    assert n >= 4 * len(ALL)
    # no Japanese text for a puzzle text that does not exist (a misspelt id or answer)
    keys = {key for _, key, _ in _puzzle_keys()}
    games = tuple(f"puzzle.{g}." for g in GAME_MODULES)
    assert {k for k in ja if k.startswith(games)} == keys


def test_placeholders_rule_ids_and_move_texts_match_between_languages():
    en, ja = CATALOGUES["en"], CATALOGUES["ja"]
    words = [k for k in en if k.startswith(("puzzle.", "mawari.puzzle."))]
    assert len(words) > 200
    for key in words:
        assert key in ja, key
        assert _fields(en[key]) == _fields(ja[key]), key
        assert set(RULE.findall(en[key])) == set(RULE.findall(ja[key])), key
    for _, key, english in _puzzle_keys():     # squares, hop chains, moves and plays as they are
        found = set(TOKENS.findall(ja[key].replace("〜", "-")))        # squares 1〜4: 1-4
        assert set(TOKENS.findall(english)) <= found, (key, TOKENS.findall(english))


def test_the_texts_in_each_language(ja):
    p = SETS["checkers"][2]
    assert p.text("goal") == CATALOGUES["ja"][p.key("goal")]
    assert p.text("goal", "en") == p.goal and p.text("title", "en") == p.title
    m = next(p for p in SETS["mawari"] if p.id == "ms14_corner_jump")
    assert m.trap("1一").startswith("自分の陣地でない隅") and m.trap("1一", "en") == dict(m.traps)["1一"]
    assert m.trap("5五") is None
    with pytest.raises(BoardkitError, match="puzzle text"):
        p.text("position")


def test_english_is_unchanged():
    assert language() == "en"
    for p, key, english in _puzzle_keys():
        if key.split(".")[3] in TEXT_FIELDS:
            assert p.text(key.split(".")[3]) == english
        else:
            assert p.trap(key.split(".trap.", 1)[1]) == english
    w = PuzzleWidget(SETS["checkers"])
    assert repr(w) == ("<PuzzleWidget (checkers): Puzzle 1 of 10: A safe step (CK-04) · "
                       "Solved 0 of 10 (0 at the first try), tried 0.>")


@pytest.mark.parametrize("game", list(SETS))
def test_a_widget_made_after_set_language_ja_shows_the_japanese_puzzle(game, ja):
    ps = SETS[game]
    w = PuzzleWidget(ps)
    jt = CATALOGUES["ja"]
    p = ps[0]
    assert jt[p.key("goal")] in w.goal_html.value and w.goal_html.value.count("目標: ") == 1
    assert jt[p.key("title")] in w.title_html.value and jt[p.key("title")] in repr(w)
    assert p.goal not in w.goal_html.value and p.title not in repr(w)
    w.show_hint()
    assert w.feedback == "ヒント: " + jt[p.key("hint")]
    for i, q in enumerate(ps):                       # every puzzle, right at the first try
        assert w.index == i and jt[q.key("goal")] in w.goal_html.value
        if game == "mawari":
            w.click(q.accepted[0])
        else:                                        # the answer played on the board
            w.board.game.play(q.accepted[0])
            w.board._refresh()
        assert w.feedback.startswith("正解です: ") and jt[q.key("why")] in w.feedback, w.feedback
        w.next()
    assert w.next_button.description == "次へ" and w.score()["first"] == len(ps)


def test_checkers_widget_in_japanese_wrong_right_and_the_second_miss(ja):
    ps = PuzzleSet("checkers", tuple(dataclasses.replace(p, traps=()) for p in SETS["checkers"]))
    jt = CATALOGUES["ja"]
    w = PuzzleWidget(ps)
    w.click(22)
    w.click(18)                                      # legal, not the answer (no trap)
    assert w.feedback.startswith("ちがいます。22-18") and jt[ps[0].key("goal")] in w.feedback
    w.click(21)
    w.click(17)                                      # a second miss: the hint too
    assert "ヒント: " + jt[ps[0].key("hint")] in w.feedback
    w.click(22)
    w.click(17)
    assert w.feedback.startswith("正解です: 22-17。" + jt[ps[0].key("why")])
    assert "（CK-05）" in w.feedback and "Right" not in w.feedback


def test_a_trap_in_japanese_on_a_move_puzzle(ja):
    p = SETS["checkers"][0]
    trapped = dataclasses.replace(p, traps={"22-18": "on 18 the man is taken at once (CK-05)."})
    assert trapped.trap("22-18") == "on 18 the man is taken at once (CK-05)."   # not registered
    w = PuzzleWidget([trapped])
    w.click(22)
    w.click(18)
    assert w.feedback.startswith("22-18 ではありません。on 18 the man")


@pytest.mark.parametrize("puzzle", list(SETS["mawari"]), ids=lambda p: p.id)
def test_mawari_clicks_in_japanese_name_a_rule(puzzle, ja):
    from boardkit.mawari.notation import TRACK, square_name
    from boardkit.mawari.puzzles import click_answer
    g = puzzle.make_game()
    for cell in (square_name(i) for i in range(TRACK)):
        v = click_answer(puzzle, g, cell)
        if v.right is False:
            assert re.search(r"\((?:[^()]*[ ,])?MS-\d\d\)", v.text) and v.text.endswith("。"), v.text
            assert JAPANESE.search(v.text)
        elif v.right is None:
            assert "クリック" in v.text
    for cell, _ in puzzle.traps:
        assert click_answer(puzzle, g, cell).text == CATALOGUES["ja"][puzzle.key(f"trap.{cell}")]


def test_mawari_widget_trap_in_japanese(ja):
    ps = SETS["mawari"].for_rule("MS-14")
    w = PuzzleWidget(ps)
    w.click("1一")
    assert w.feedback.startswith("1一 ではありません。自分の陣地でない隅にちょうど止まった駒は")
    assert "(MS-14)" in w.feedback


def test_set_language_reaches_widgets_made_after_it():
    ps = SETS["diamond"]
    before = PuzzleWidget(ps)
    set_language("ja")
    try:
        after = PuzzleWidget(ps)
    finally:
        set_language("en")
    again = PuzzleWidget(ps)
    assert ps[0].goal in before.goal_html.value and before.next_button.description == "Next"
    assert CATALOGUES["ja"][ps[0].key("goal")] in after.goal_html.value
    assert after.next_button.description == "次へ" and after.retry_button.description == "やり直し"
    assert again.goal_html.value == before.goal_html.value and repr(again) == repr(before)


def test_a_changed_copy_or_a_puzzle_without_id_says_its_own_english(ja):
    p = SETS["backgammon"][0]
    changed = dataclasses.replace(p, goal="Make the 5-point.")
    assert changed.text("goal") == "Make the 5-point." and changed.text("why") != p.why
    bare = Puzzle(p.game, p.position, p.goal, p.accepted, p.rule, title=p.title)
    assert bare.text("goal") == p.goal and bare.texts() == {}


def test_bad_ids_are_refused():
    p = SETS["checkers"][0]
    with pytest.raises(BoardkitError, match="id"):
        dataclasses.replace(p, id="Safe Step")
    with pytest.raises(BoardkitError, match="used twice"):
        PuzzleSet("x", (p, dataclasses.replace(p, position="W:W21,22:B13")))
    assert catalogue("diamond", {"dg08_step": {"goal": "x", "trap.i5": "y"}}) == {
        "puzzle.diamond.dg08_step.goal": "x", "puzzle.diamond.dg08_step.trap.i5": "y"}


def test_a_refused_attempt_and_the_solved_status_in_japanese(ja):
    ps = SETS["checkers"]
    i = next(k for k, p in enumerate(ps) if p.id == "ck06_forced")
    w = PuzzleWidget(ps, start=i)
    w.click(27)
    w.click(23)
    trap = CATALOGUES["ja"][ps[i].key("trap.27-23")]
    assert w.feedback.startswith("27-23 ではありません。" + trap) and "（CK-06）" in w.feedback
    assert "局面はそのままです" in w.feedback and w.attempts[i] == 1
    w.click(22)
    w.click(15)
    assert w.feedback.startswith("正解です: 22x15") and w.board.status.startswith("正解です。")
    d = PuzzleWidget(SETS["diamond"], start=3)           # the marks named in words for screen readers
    assert "盤の上の印: i5、o1。" in d.board.canvas.label
