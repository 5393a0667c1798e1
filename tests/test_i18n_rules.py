"""boardkit.i18n_rules: every rule's title and reason in English and Japanese, and the
line a board shows for a refused move (error_text).

The rule IDs are read from docs/rules/*.md, so a rule added to the docs without words
here (or words kept for a rule that is gone) fails the first tests. The refusals are
real ones, provoked through each game's public API.
"""
import pathlib
import re
import string

import pytest

from boardkit import BoardkitError, FormatError, IllegalMoveError, i18n
from boardkit.backgammon import BackgammonGame
from boardkit.checkers import CheckersGame, CheckersRules
from boardkit.diamond import DiamondGame, DiamondRules
from boardkit.diamond import geometry as B
from boardkit.i18n_rules import RULE_IDS, RULE_WORDS, error_text
from boardkit.mawari import MawariGame

ROOT = pathlib.Path(__file__).resolve().parents[1]
HEADING = re.compile(r"^## ([A-Z]{2}-\d\d) (.+?)\s*$", re.M)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
TEMPLATES = ("error.refused", "error.format", "error.other")


def _docs_rules() -> dict[str, str]:
    """rule ID -> heading title, from the four rules references."""
    out = {}
    for game in ("checkers", "diamond", "backgammon", "mawari"):
        text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
        found = dict(HEADING.findall(text))
        assert found, f"no rule headings read from docs/rules/{game}.md"
        out.update(found)
    return out


DOCS = _docs_rules()


def _ids_with_words(lang: str) -> set[str]:
    return {k.split(".")[1] for k in RULE_WORDS[lang] if k.startswith("rule.")}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


# ------------------------------------------------------------------ the catalogue
def test_docs_have_the_four_games_rules():
    prefixes = {i[:2] for i in DOCS}
    assert prefixes == {"CK", "DG", "BG", "MS"} and len(DOCS) >= 60


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_rule_has_a_title_and_a_reason_and_no_others(lang):
    words = RULE_WORDS[lang]
    missing = [f"rule.{i}.{part}" for i in DOCS for part in ("title", "why")
               if not words.get(f"rule.{i}.{part}", "").strip()]
    assert not missing, f"{lang}: missing {missing}"
    extra = sorted(_ids_with_words(lang) - set(DOCS))
    assert not extra, f"{lang}: words for rule IDs that docs/rules does not have: {extra}"
    assert set(RULE_IDS) == set(DOCS)
    unknown_parts = [k for k in words if k.startswith("rule.") and k.rsplit(".", 1)[1] not in
                     ("title", "why")]
    assert not unknown_parts


def test_english_titles_are_the_docs_headings():
    wrong = {i: (RULE_WORDS["en"][f"rule.{i}.title"], t) for i, t in DOCS.items()
             if RULE_WORDS["en"][f"rule.{i}.title"] != t}
    assert not wrong


def test_english_reasons_are_sentences():
    for i in DOCS:
        why = RULE_WORDS["en"][f"rule.{i}.why"]
        assert why[0].isupper() and why.endswith("."), (i, why)
        assert not JAPANESE.search(why.replace("王駒", "")) or i.startswith("MS"), (i, why)


@pytest.mark.parametrize("rule", sorted(DOCS))
def test_japanese_title_and_reason(rule):
    title = RULE_WORDS["ja"][f"rule.{rule}.title"]
    why = RULE_WORDS["ja"][f"rule.{rule}.why"]
    assert JAPANESE.search(title) and JAPANESE.search(why)
    # a title is a short label, not a sentence
    assert len(title) <= 20 and title == title.strip() and title[-1] not in "。、.,:："
    # a reason is a finished sentence (or two) in です・ます
    assert why.endswith("。") and "。。" not in why and "、。" not in why and why == why.strip()
    main = re.sub(r"（[^（）]*）。$", "。", why)       # a closing remark in brackets aside
    assert re.search(r"(ます|ません|です)。$", main), why
    # brackets are balanced
    for a, b in ("（）", "「」"):
        assert why.count(a) == why.count(b), (rule, a, why)
    # the English title is not left untranslated
    assert title != RULE_WORDS["en"][f"rule.{rule}.title"]


def test_templates_exist_with_the_same_fields_in_both_languages():
    for key in TEMPLATES:
        en, ja = RULE_WORDS["en"][key], RULE_WORDS["ja"][key]
        assert _fields(en) == _fields(ja), key
        assert JAPANESE.search(ja) and not JAPANESE.search(en), key
    assert _fields(RULE_WORDS["ja"]["error.refused"]) == {"rule", "title", "why"}
    # the general lines carry no detail: the English sentence is never appended
    assert _fields(RULE_WORDS["ja"]["error.format"]) == set()
    assert _fields(RULE_WORDS["ja"]["error.other"]) == set()
    assert set(RULE_WORDS["en"]) == set(RULE_WORDS["ja"])


def test_rule_words_are_in_the_catalogue():
    assert i18n.tr("rule.CK-06.title", "ja") == "強制取り"
    assert i18n.tr("rule.CK-06.title", "en") == "Forced capture"


# ------------------------------------------------------------------ real refusals
def _refusal(action) -> BoardkitError:
    with pytest.raises(BoardkitError) as info:
        action()
    return info.value


def _checkers_capture_available():
    g = CheckersGame(CheckersRules.american(), fen="B:W14,15,24,32:B10,1")
    return g.play("1-6")                     # a plain step while 10x17 is available


def _checkers_man_backwards():
    g = CheckersGame(CheckersRules.american(), fen="W:W14:B6")
    return g.play("14-18")                   # a white man steps backwards


def _diamond_step_onto_a_piece():
    return DiamondGame().play("a1:b1")       # b1 holds a red piece


def _diamond_hop_onto_a_forbidden_tip():
    return DiamondGame().play("e5:e4")       # e4 is another colour's tip


def _diamond_king_cannot_be_jumped():
    g = DiamondGame.from_pieces({(0, 0): (0, False), (1, 0): (1, True)},
                                DiamondRules(players=2), turn=0)
    return g.play([(0, 0), (2, 0)])


def _backgammon_blocked_point():
    return BackgammonGame().set_dice(5, 5).play("24/19")      # Red holds White's 19-point


def _backgammon_die_not_rolled():
    return BackgammonGame().set_dice(6, 3).play("24/19 13/10")  # a 5 with 6-3


def _mawari_battle_without_decision():
    return MawariGame().play("battle P2")    # a toss is due, no battle can be declared


def _mawari_fifth_player():
    g = MawariGame(players=4)
    return g.join()                          # every corner is a home already


@pytest.mark.parametrize("rule", ["CK-06", "DG-12", "BG-05", "MS-15"])
def test_an_unkeyed_refusal_gives_its_rules_words(rule):
    """Every engine refusal a student reaches has a key (the games' own tests below); one
    raised with an English sentence only still reads as its rule's title and reason."""
    err = IllegalMoveError("an English sentence only", rule)
    assert err.key is None
    ja = error_text(err, "ja")
    title, why = RULE_WORDS["ja"][f"rule.{rule}.title"], RULE_WORDS["ja"][f"rule.{rule}.why"]
    assert ja == f"その手はできません（{rule} {title}）。{why}"
    assert error_text(err, "en") == str(err)


def _diamond_empty_hole():
    return DiamondGame().play("q1-p1")       # q1 is empty at the start (red's goal)


def _diamond_wrong_side():
    g = DiamondGame()
    yellow = next(h for h, (p, _) in g.pieces().items() if p == 1)
    return g.play(f"{B.label(yellow)}-{B.label(yellow)}")      # red to move


DG_REFUSALS = [
    (_diamond_step_onto_a_piece, "DG-08",
     "b1 にはもう駒があります。1マス進めるのは、隣の空いたマスだけです（DG-08）"),
    (_diamond_hop_onto_a_forbidden_tip, "DG-13", "e4 は他の色の星の先なので、そこには止まれません（DG-13）"),
    (_diamond_king_cannot_be_jumped, "DG-12", "王駒は飛び越せません（DG-12）"),
    (_diamond_empty_hole, "DG-07", "q1 には駒がありません（DG-07）"),
]


@pytest.mark.parametrize("action, rule, want", DG_REFUSALS, ids=[r for _, r, _ in DG_REFUSALS])
def test_diamond_refusals_say_what_went_wrong_in_japanese(action, rule, want):
    """H4: a Diamond refusal keeps its key and facts, so the Japanese line says what went
    wrong (which hole), with the rule ID, and no English."""
    err = _refusal(action)
    assert isinstance(err, IllegalMoveError) and err.rule == rule and err.key.startswith("dg.err.")
    assert error_text(err, "ja") == want
    assert error_text(err, "en") == str(err)


def test_diamond_wrong_side_names_the_hole_and_the_sides():
    err = _refusal(_diamond_wrong_side)
    ja = error_text(err, "ja")
    hole = str(err).split()[0]
    assert ja.startswith(f"{hole} は黄の駒です。いまは赤の番です") and "DG-07" in ja
    assert not re.search(r"[A-Za-z]{4,}", ja), ja
    assert str(err) == f"{hole} holds a yellow piece; it is red's turn (DG-07)"


def _backgammon_empty_bar():
    return BackgammonGame().set_dice(6, 5).play("bar/20")


def _backgammon_take_without_double():
    return BackgammonGame().set_dice(3, 1).play("take")


def _backgammon_not_a_play():
    return BackgammonGame().set_dice(6, 5).play("24/18 18/13 13/8")


def _backgammon_roll_after_roll():
    return BackgammonGame().set_dice(6, 5).set_dice(3, 1)


#: backgammon refusals (H3, H4, M2): each says in Japanese what went wrong, with the facts
#: of the case and the rule it breaks, and never the numbering rule for an empty bar
BG_REFUSALS = [
    (_backgammon_blocked_point, "BG-05",
     "19 ポイントは相手のコマ2個以上に押さえられているので、そこには止まれません（BG-05）"),
    (_backgammon_die_not_rolled, "BG-04", "24/19 は5つ進む動きですが、出た目は 6 と 3 です（BG-04）"),
    (_backgammon_empty_bar, "BG-07", "バーに白のコマはありません（BG-07）"),
    (_backgammon_take_without_double, "BG-12", "ダブルされていないので、テイクやパスはできません（BG-12）"),
    (_backgammon_not_a_play, None, "24/18 18/13 13/8 は 6-5 では動かせません。動かせる手には "),
    (_backgammon_roll_after_roll, None, "もうさいころは振ってあります。先にコマを動かしてください"),
]


@pytest.mark.parametrize("action, rule, ja", BG_REFUSALS, ids=[j[:12] for _, _, j in BG_REFUSALS])
def test_backgammon_refusals_in_japanese_say_what_went_wrong(action, rule, ja):
    err = _refusal(action)
    assert isinstance(err, IllegalMoveError) and err.rule == rule and err.key.startswith("bg.err.")
    text = error_text(err, "ja")
    assert text.startswith(ja) and "BG-01" not in text
    assert not re.search(r"[A-Za-z]{4,}", text), text       # no English word in the Japanese line
    assert error_text(err, "en") == str(err)
    if action is _backgammon_not_a_play:
        assert "24/13" in text and "、" in text
        assert "legal: 24/13" in str(err)                    # the English as it was


def test_compound_rule_names_both_rules():
    """A line of two pieces hopped by an ordinary piece cites "DG-09, DG-11", in one short
    sentence for the rules in play (M2), not both rules' whole reasons."""
    err = _refusal(lambda: DiamondGame().play("b1:e5"))
    assert err.rule == "DG-09, DG-11"
    ja = error_text(err, "ja")
    assert ja == ("くっついて並んだ2個以上の駒は、子駒では飛び越せません。"
                  "まとめて飛び越せるのは王駒だけです（DG-09, DG-11）")
    assert len(ja) < 80
    assert error_text(err, "en") == str(err)
    kingless = DiamondGame(DiamondRules(kings=False))
    err = _refusal(lambda: kingless.play("b1:e5"))
    assert error_text(err, "ja") == "くっついて並んだ2個以上の駒は飛び越せません（DG-09）"


def test_language_none_follows_the_current_language():
    err = _refusal(_checkers_capture_available)
    before = i18n.language()
    try:
        i18n.set_language("ja")
        assert error_text(err) == error_text(err, "ja") != str(err)
        i18n.set_language("en")
        assert error_text(err) == str(err)
    finally:
        i18n.set_language(before)


# ------------------------------------------------------------------ fallbacks
@pytest.mark.parametrize("action", [
    lambda: CheckersGame().play("11-"),             # malformed move text
    lambda: DiamondGame.from_json("{"),             # not JSON
    lambda: BackgammonGame.from_json('{"game": "checkers"}'),
], ids=["checkers-notation", "diamond-json", "backgammon-json"])
def test_format_error_says_the_text_could_not_be_read(action):
    err = _refusal(action)
    assert isinstance(err, FormatError)
    ja = error_text(err, "ja")
    if err.key is None:         # no sentence of its own: the general line, no English
        assert ja == RULE_WORDS["ja"]["error.format"]
    assert JAPANESE.search(ja) and str(err) not in ja
    assert not re.search(r"[A-Za-z]{4,}", ja), ja
    assert error_text(err, "en") == str(err)


@pytest.mark.parametrize("err", [
    IllegalMoveError("no such move", "ZZ-99"),          # an unknown rule ID
    IllegalMoveError("too many turns", "max_turns"),    # not a rule ID at all
    IllegalMoveError("half known", "CK-06, ZZ-01"),     # one of two IDs unknown
    IllegalMoveError("nothing to undo: no move has been played"),
    BoardkitError("language must be one of ['en', 'ja'], got 'xx'"),
], ids=["unknown-id", "not-an-id", "half-known", "no-rule", "plain"])
def test_other_errors_give_the_general_line(err):
    ja = error_text(err, "ja")
    assert ja == RULE_WORDS["ja"]["error.other"]
    assert str(err) not in ja and JAPANESE.search(ja)
    assert error_text(err, "en") == str(err)


def test_a_keyed_error_reads_its_own_sentence_in_each_language():
    err = IllegalMoveError("to_move", rule="CK-06", who="Black", kind="you")
    assert err.key == "to_move" and err.facts == {"who": "Black", "kind": "you"}
    assert str(err) == i18n.tr("to_move", "en", who="Black", kind="you") + " (CK-06)"
    ja = error_text(err, "ja")
    assert ja == i18n.tr("error.with_rule", "ja", line=i18n.tr("to_move", "ja", who="Black",
                                                              kind="you"), rule="CK-06")
    assert error_text(err, "en") == str(err)


def test_error_text_never_raises():
    class Broken(BoardkitError):
        def __str__(self):
            raise RuntimeError("no text")

    class OddRule(IllegalMoveError):
        rule = 42

    assert error_text(Broken(), "ja")                       # a text, whatever happens
    assert error_text(OddRule("odd"), "ja") == RULE_WORDS["ja"]["error.other"]
    assert error_text(IllegalMoveError("x {why} y", "CK-06"), "ja").endswith("。")
    assert error_text(ValueError("not ours"), "ja") == \
        RULE_WORDS["ja"]["error.other"].replace("{detail}", "not ours")
    # a language without these words shows the English message
    err = IllegalMoveError("a capture is available", "CK-06")
    assert error_text(err, "xx") == str(err)


#: 回り将棋's refusals: a student's action, the rule, and the specific Japanese sentence
MAWARI_REFUSALS = [
    (_mawari_battle_without_decision, "MS-15",
     "「battle P2」はいまは選べません。いまは決めることはなく、次は金を振る番です（MS-15）"),
    (_mawari_fifth_player, "MS-03",
     "参加できるのは4人までです。隅はどれも、もうだれかの陣地です（MS-03）"),
    (lambda: MawariGame().place(0, "1一", laid=True), "MS-12",
     "隅の 1一 にいる駒は寝かせられません（MS-12）"),
]


@pytest.mark.parametrize("action, rule, want", MAWARI_REFUSALS,
                         ids=[f"{r}-{i}" for i, (_, r, _) in enumerate(MAWARI_REFUSALS)])
def test_mawari_refusals_say_what_went_wrong_in_japanese(action, rule, want):
    """A 回り将棋 refusal reads the engine's own sentence in Japanese (what was refused and
    why), the rule after it, and no English word."""
    err = _refusal(action)
    assert isinstance(err, IllegalMoveError) and err.rule == rule and err.key
    ja = error_text(err, "ja")
    assert ja == want
    assert not re.search(r"[A-Za-z]{4,}", ja.replace("battle", "")), ja
    assert error_text(err, "en") == str(err)


def test_mawari_toss_typed_wrong_is_refused_in_japanese():
    """The toss tally box: a toss of three golds says so in Japanese, naming the count."""
    from boardkit.mawari.toss import Toss
    with pytest.raises(FormatError) as info:
        Toss.parse("表 表 裏")
    ja = error_text(info.value, "ja")
    assert "ちょうど4枚" in ja and "3枚" in ja and "MS-04" in ja
    assert not re.search(r"[A-Za-z]{4,}", ja), ja
    assert str(info.value).startswith("a toss names exactly four golds (MS-04)")
