"""The words drawn on the four boards follow the language (boardkit.i18n) at draw time.

In Japanese no ASCII English word is left in a board's <text> nodes or in its title (rule
IDs, notation, numbers, P1..P4 and hole names stay); in English every drawn word is what
the drawings always said (notebooks store the SVGs and nbval compares them exactly); the
Japanese words fit where they are drawn (widths estimated generously)."""
from __future__ import annotations

import functools
import html
import re

import numpy as np
import pytest

from boardkit import i18n
from boardkit.backgammon import BackgammonGame
from boardkit.backgammon.rules import BackgammonRules
from boardkit.checkers import CheckersGame
from boardkit.checkers.rules import CheckersRules
from boardkit.diamond import DiamondGame, DiamondRules
from boardkit.mawari.game import MawariGame
from boardkit.mawari.rules import MawariRules
from boardkit.mawari.toss import Toss

TOSSES = ("up up up up", "down down down down", "up down side upright", "up up down upside_down",
          "up up down down +overlap", "up up up down +fall", "up up up upside_down")


@pytest.fixture
def lang():
    """Switch the language for one test; English again afterwards, whatever happens."""
    yield i18n.set_language
    i18n.set_language("en")


def _play(g, rng, n):
    for _ in range(n):
        if g.is_over():
            break
        if g.chance_pending():
            g.resolve_chance(rng)
            continue
        ms = g.legal_moves()
        g.play(ms[int(rng.integers(len(ms)))])
    return g


@functools.cache
def _bg_state_games() -> dict:
    """Backgammon positions in every phase and header: cube centred and owned, match and
    Crawford captions, and every kind of ending (single, gammon, backgammon, a passed
    double, the Jacoby rule's single count)."""
    out = {}
    g = BackgammonGame()
    out["start"] = g
    out["opened"] = _play(g.copy(), np.random.default_rng(1), 1)
    rng = np.random.default_rng(3)
    g = BackgammonGame()
    for _ in range(3000):
        if g.is_over():
            g = BackgammonGame()
        if g.chance_pending():
            g.resolve_chance(rng)
            continue
        out.setdefault(f"{g.phase} cube {g.cube_value} owner {g.cube_owner}", g.copy())
        ms = g.legal_moves()
        acts = [m for m in ms if str(m) in ("double", "take")]
        g.play(acts[0] if acts and rng.random() < 0.5 else ms[int(rng.integers(len(ms)))])
    for name, rules, kw in (("match 7", BackgammonRules.match(7), {"score": (3, 5)}),
                            ("crawford", BackgammonRules.match(7), {"score": (6, 4), "crawford": True}),
                            ("no cube", BackgammonRules.no_cube(), {})):
        g = _play(BackgammonGame(rules, **kw), np.random.default_rng(5), 14)
        while not g.is_over() and (g.chance_pending() or g.phase == "roll"):
            _play(g, np.random.default_rng(6), 1)
        out[name] = g
    for seed in range(60):
        r = np.random.default_rng(seed)
        g = BackgammonGame(BackgammonRules.money(jacoby=bool(seed % 2)))
        while not g.is_over():
            if g.chance_pending():
                g.resolve_chance(r)
                continue
            ms = [m for m in g.legal_moves() if str(m) != "double" or seed % 3 == 0]
            g.play(ms[int(r.integers(len(ms)))])
        out_ = g.outcome()
        out.setdefault(f"ended {g.win_kind} {out_.rule} jacoby {out_.points < g.win_kind * g.cube_value}", g)
    return out


def _bg_states() -> dict:
    """name -> a copy of each backgammon position (made once: drawing reads the game only)."""
    return {name: g.copy() for name, g in _bg_state_games().items()}


def _boards() -> dict:
    """name -> svg.Drawing, drawn now (in the current language)."""
    d = {}
    rng = np.random.default_rng(7)
    for name, rules in (("american", CheckersRules.american()), ("no_forced", CheckersRules.no_forced()),
                        ("international", CheckersRules.international())):
        g = CheckersGame(rules)
        d[f"ck {name} start"] = g.draw()
        _play(g, rng, 9)
        d[f"ck {name} mid"] = g.draw(last_move=2, capturable=True, flip=True, hint=g.legal_moves()[0])
        d[f"ck {name} over"] = _play(g, rng, 5000).draw(labels=False)
    for name, rules in (("3", DiamondRules()), ("2", DiamondRules(players=2)),
                        ("chinese 6", DiamondRules.chinese(players=6))):
        g = DiamondGame(rules)
        d[f"dg {name} start"] = g.draw(labels=True)
        _play(g, rng, 12)
        d[f"dg {name} mid"] = g.draw(labels="empty", selected=next(iter(g.pieces())),
                                     hint=g.legal_moves()[0], last_move=3)
    states = _bg_states()
    for name, g in states.items():
        d[f"bg {name}"] = g.draw()
    g = states["crawford"]
    if g.phase == "move":
        d["bg crawford hint"] = g.draw(hint=g.legal_moves()[0], flip=True, last_move=2)
    for n in (2, 3, 4):
        g = MawariGame(MawariRules.realistic(players=n))
        d[f"ms {n} start"] = g.draw()
        seen = set()
        for _ in range(300):        # a board for each new kind of toss shown, and battles
            if g.is_over():
                break
            t = g.last_toss
            key = (None if t is None else (t.kind, t.overlap, t.fall), g.battle is not None)
            if key not in seen:
                seen.add(key)
                d[f"ms {n} {key}"] = g.draw(numbers=True)
            _play(g, rng, 1)
    g = MawariGame()
    for t in TOSSES:
        d[f"ms toss {t}"] = g.draw(toss=Toss.parse(t))
        d[f"toss picture {t}"] = Toss.parse(t).draw()
    return d


def _texts(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r"<text\b[^>]*>([^<]*)</text>", svg)]


def _title(svg: str) -> str:
    m = re.search(r"<title>([^<]*)</title>", svg)
    return html.unescape(m.group(1)) if m else ""


def _words(drawing) -> list[str]:
    """What a reader sees in words: the <text> nodes with a letter or a word of two or more
    characters (not the square numbers, hole names a1..q1, single kanji), and the title."""
    svg = drawing.to_svg()
    out = [t for t in _texts(svg) if not re.fullmatch(r"[a-q]?\d+|\S", t)]
    return out + ([f"title: {_title(svg)}"] if _title(svg) else [])


# ------------------------------------------------------------------------------ Japanese
#: ASCII left in Japanese drawings on purpose: rule IDs, the players' seat numbers P1..P4
#: (the widgets' seat names too), hole names a1..q1 and checkers square numbers, dice and
#: scores (6-4, 3/10), the 回り将棋 golds' values
_KEPT = re.compile(r"\b(?:BG|CK|DG|MS)-\d+\b|\bP[1-4]\b|\b[a-q]\d+\b|\d+")
#: words allowed all the same, each with its reason
ALLOWED: dict = {}


def _english(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z][A-Za-z']+", _KEPT.sub(" ", text)) if w not in ALLOWED]


def test_japanese_boards_draw_no_english_words(lang):
    lang("ja")
    boards = _boards()
    assert len(boards) > 60
    found = {}
    for name, drawing in boards.items():
        svg = drawing.to_svg()
        seen = list(_texts(svg))
        seen.append(_title(svg))
        seen.append(re.search(r'alt="([^"]*)"', drawing.to_html_img()).group(1))
        bad = [t for t in seen if _english(t)]
        if bad:
            found[name] = bad
    assert not found, found


def test_japanese_words_are_the_kits_terms(lang):
    """The sides as the widgets name them (白/赤, 黒/白), ピップ, キューブ, the golds' 表/裏,
    and how a game ended: the kind of win with its rule (BG-11, BG-12, BG-15)."""
    lang("ja")
    states = _bg_states()
    words = {name: _words(g.draw()) for name, g in states.items()}
    assert words["start"][:2] == ["白 167 ピップ", "赤 167 ピップ"]
    assert "キューブは中央" in words["start"]
    assert "最初の一振り: それぞれがさいころを1個振ります（BG-03）" in words["start"]
    assert "title: バックギャモンの盤" in words["start"]
    assert any(w.endswith("クロフォード · キューブは中央") and w.startswith("7点マッチ 6-4")
               for w in words["crawford"])
    ended = " / ".join(w for name, ws in words.items() if name.startswith("ended") for w in ws)
    for part in ("普通の勝ちです（BG-11）", "ギャモン勝ちです（BG-11）", "バックギャモン勝ちです（BG-11）",
                 "がダブルをパスしたので", "BG-12", "ジャコビールールで普通の勝ちと数えます（BG-15）",
                 "キューブが 1 なので、得点は 2 点です"):
        assert part in ended, part
    assert _title(CheckersGame().draw().to_svg()) == "チェッカー（英米ルール）：黒の番"
    g = MawariGame()
    assert _words(g.draw())[-1] == "金を振る（4枚）"
    assert _words(g.draw(toss=Toss.parse("up up up up")))[-2:] == ["表 表 表 表", "4マス進む、また振る"]
    assert _words(g.draw(toss=Toss.parse("up up down down +overlap")))[-1] == "重なり: 2マス戻る"
    assert _words(g.draw(toss=Toss.parse("up up up down +fall")))[-1] == "落ち駒: 動きません"
    assert 'alt="盤"' in DiamondGame().draw().to_html_img()


def test_sides_are_named_as_the_widgets_name_them(lang):
    pytest.importorskip("ipywidgets")
    from boardkit.backgammon.widget import BackgammonWidget
    from boardkit.checkers.widget import CheckersWidget
    for language, bg, ck in (("en", ["White", "Red"], ["Black", "White"]),
                             ("ja", ["白", "赤"], ["黒", "白"])):
        lang(language)
        assert [i18n.tr(f"bg.draw.side.{p}") for p in (0, 1)] == bg
        assert list(BackgammonWidget().player_names) == bg
        assert [i18n.tr(f"ck.draw.side.{p}") for p in (0, 1)] == ck
        assert list(CheckersWidget().player_names) == ck


# ------------------------------------------------------------------------------ English
#: the English words of some boards, as the drawings wrote them before they went through the
#: catalogue (generated from commit becf169's draw.py files); notebooks store these SVGs
ENGLISH = {
    "ck american start": ["title: Checkers (american): Black to move"],
    "ck american mid": ["title: Checkers (american): White to move"],
    "ck american over": ["title: Checkers (american): Black to move"],
    "ck no_forced start": ["title: Checkers (no_forced): Black to move"],
    "ck no_forced mid": ["title: Checkers (no_forced): White to move"],
    "ck no_forced over": ["title: Checkers (no_forced): Black to move"],
    "ck international start": ["title: Checkers (international): White to move"],
    "ck international mid": ["title: Checkers (international): Black to move"],
    "ck international over": ["title: Checkers (international): Black to move"],
    "bg start": [
        "White 167 pips",
        "Red 167 pips",
        "cube in the middle",
        "Opening roll: each player rolls one die (BG-03)",
        "title: Backgammon board",
    ],
    "bg opened": [
        "White 167 pips",
        "Red 167 pips",
        "cube in the middle",
        "Red to play 4-3",
        "title: Backgammon board",
    ],
    "bg move cube 1 owner None": [
        "White 167 pips",
        "Red 167 pips",
        "cube in the middle",
        "White to play 5-1",
        "title: Backgammon board",
    ],
    "bg cube cube 1 owner None": [
        "White 161 pips",
        "Red 167 pips",
        "cube in the middle",
        "Red to roll or double",
        "title: Backgammon board",
    ],
    "bg respond cube 1 owner None": [
        "White 179 pips",
        "Red 157 pips",
        "cube in the middle",
        "Red: take or pass the double to 2?",
        "title: Backgammon board",
    ],
    "bg move cube 2 owner 1": [
        "White 179 pips",
        "Red 157 pips",
        "cube 2: Red",
        "White to play 1-2",
        "title: Backgammon board",
    ],
    "bg respond cube 2 owner 1": [
        "White 155 pips",
        "Red 171 pips",
        "cube 2: Red",
        "White: take or pass the double to 4?",
        "title: Backgammon board",
    ],
    "bg cube cube 4 owner 0": [
        "White 169 pips",
        "Red 160 pips",
        "cube 4: White",
        "White to roll or double",
        "title: Backgammon board",
    ],
    "bg match 7": [
        "White 167 pips",
        "Red 161 pips",
        "match to 7: 3-5 · cube in the middle",
        "Red passed the double: White wins 1 point, the stake before the double (BG-12)",
        "title: Backgammon board",
    ],
    "bg crawford": [
        "White 205 pips",
        "Red 151 pips",
        "match to 7: 6-4, Crawford · cube in the middle",
        "White to play 3-4 · match to 7: 6-4 (Crawford)",
        "title: Backgammon board",
    ],
    "bg no cube": ["White 205 pips", "Red 151 pips", "White to play 3-4", "title: Backgammon board"],
    "bg ended 1 BG-12 jacoby False": [
        "White 171 pips",
        "Red 164 pips",
        "cube in the middle",
        "White passed the double: Red wins 1 point, the stake before the double (BG-12)",
        "title: Backgammon board",
    ],
    "bg ended 2 BG-11 jacoby True": [
        "White 0 pips",
        "Red 43 pips",
        "cube in the middle",
        "White wins a gammon (BG-11), counted single as the cube was never turned "
        "(Jacoby rule, BG-15): 1 point with the cube at 1",
        "title: Backgammon board",
    ],
    "bg ended 1 BG-11 jacoby False": [
        "White 10 pips",
        "Red 0 pips",
        "cube in the middle",
        "Red wins a single game (BG-11): 1 point with the cube at 1",
        "title: Backgammon board",
    ],
    "bg ended 3 BG-11 jacoby True": [
        "White 128 pips",
        "Red 0 pips",
        "cube in the middle",
        "Red wins a backgammon (BG-11), counted single as the cube was never turned "
        "(Jacoby rule, BG-15): 1 point with the cube at 1",
        "title: Backgammon board",
    ],
    "bg ended 3 BG-11 jacoby False": [
        "White 0 pips",
        "Red 149 pips",
        "cube in the middle",
        "White wins a backgammon (BG-11): 3 points with the cube at 1",
        "title: Backgammon board",
    ],
    "bg ended 2 BG-11 jacoby False": [
        "White 0 pips",
        "Red 47 pips",
        "cube in the middle",
        "White wins a gammon (BG-11): 2 points with the cube at 1",
        "title: Backgammon board",
    ],
    "ms toss up up up up": ["P1 陣", "P2 陣", "表 表 表 表", "4 forward · toss again"],
    "toss picture up up up up": ["表 表 表 表", "4 forward · toss again", "title: toss: up up up up"],
    "ms toss down down down down": ["P1 陣", "P2 陣", "裏 裏 裏 裏", "20 forward"],
    "toss picture down down down down": ["裏 裏 裏 裏", "20 forward", "title: toss: down down down down"],
    "ms toss up down side upright": ["P1 陣", "P2 陣", "横 5", "縦 10", "表 裏 横 縦", "16 forward"],
    "toss picture up down side upright": [
        "横 5",
        "縦 10",
        "表 裏 横 縦",
        "16 forward",
        "title: toss: up down side upright",
    ],
    "ms toss up up down upside_down": ["P1 陣", "P2 陣", "逆 100", "表 表 裏 逆立ち", "102 forward"],
    "toss picture up up down upside_down": [
        "逆 100",
        "表 表 裏 逆立ち",
        "102 forward",
        "title: toss: up up down upside_down",
    ],
    "ms toss up up down down +overlap": ["P1 陣", "P2 陣", "表 表 裏 裏 重なり", "重なり overlap: back 2"],
    "toss picture up up down down +overlap": [
        "表 表 裏 裏 重なり",
        "重なり overlap: back 2",
        "title: toss: up up down down +overlap",
    ],
    "ms toss up up up down +fall": ["P1 陣", "P2 陣", "表 表 表 裏 落ち駒", "落ち駒 a gold fell: no move"],
    "toss picture up up up down +fall": [
        "表 表 表 裏 落ち駒",
        "落ち駒 a gold fell: no move",
        "title: toss: up up up down +fall",
    ],
    "ms toss up up up upside_down": [
        "P1 陣", "P2 陣", "逆 100", "表 表 表 逆立ち", "103 forward · toss again",
    ],
    "toss picture up up up upside_down": [
        "逆 100",
        "表 表 表 逆立ち",
        "103 forward · toss again",
        "title: toss: up up up upside_down",
    ],
}


def test_english_boards_keep_their_words(lang):
    lang("en")
    boards = _boards()
    for name, words in ENGLISH.items():
        assert _words(boards[name]) == words, name


def test_english_drawing_is_the_same_after_a_japanese_one(lang):
    """The language is read at draw time and leaves nothing behind: an English board drawn
    after a Japanese one is byte for byte the English board drawn before it."""
    lang("en")
    before = {k: (d.to_svg(), d.to_html_img()) for k, d in _boards().items()}
    lang("ja")
    ja = {k: d.to_svg() for k, d in _boards().items()}
    lang("en")
    after = {k: (d.to_svg(), d.to_html_img()) for k, d in _boards().items()}
    assert before == after
    assert sum(before[k][0] != ja[k] for k in ja) > 50      # and Japanese differs


# ------------------------------------------------------------------------------ fitting
def _em(text: str) -> float:
    """A generous width in em: a wide (Japanese) character 1, a letter or digit 0.65 (IPAexGothic:
    digits 0.63, most letters less), space and punctuation 0.4 (0.26-0.36)."""
    return sum(0.65 if c.isascii() and c.isalnum() else 0.4 if c.isascii() else 1.0
               for c in text)


def _placed(svg: str) -> list[tuple[float, float, float, str]]:
    """(left, right, y, text) of each <text>, its width estimated (bold 8 % wider)."""
    out = []
    for m in re.finditer(r"<text\b([^>]*)>([^<]*)</text>", svg):
        a = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(1)))
        text = html.unescape(m.group(2))
        w = _em(text) * float(a["font-size"]) * (1.08 if a.get("font-weight") == "bold" else 1)
        x = float(a["x"])
        left = {"start": x, "end": x - w}.get(a.get("text-anchor"), x - w / 2)
        out.append((left, left + w, float(a["y"]), text))
    return out


def test_japanese_backgammon_header_and_status_fit(lang):
    """The header's three texts do not run into each other (White's pips end before Red's
    disc; the match and cube caption, right-aligned, starts after Red's pips), the status
    line stays on the board; also in a two-digit Crawford game."""
    lang("ja")
    states = _bg_states()
    states["long match"] = BackgammonGame(BackgammonRules.match(99), score=(98, 97), crawford=True)
    for name, g in states.items():
        svg = g.draw().to_svg()
        width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
        head = sorted(t for t in _placed(svg) if t[2] == 20)
        assert head[0][1] < 40 + 146 - 8 - 2, (name, head[0])           # Red's disc
        for a, b in zip(head, head[1:]):
            assert a[1] + 4 <= b[0], (name, a[3], b[3])
        status = [t for t in _placed(svg) if t[2] > 460]
        assert status and all(0 <= t[0] and t[1] <= width for t in status), (name, status)


def test_japanese_toss_words_fit_on_the_table(lang):
    lang("ja")
    g = MawariGame()
    for t in TOSSES:
        for svg, width in ((g.draw(toss=Toss.parse(t)).to_svg(), 480 * (1 - 0.055)),
                           (Toss.parse(t).draw().to_svg(), 420)):
            words = [p for p in _placed(svg) if not p[3].isdigit() and len(p[3]) > 2]
            assert words and all(p[1] <= width - 4 for p in words), (t, words)
    prompt = [p for p in _placed(g.draw().to_svg()) if p[3].startswith("金を振る")]
    assert prompt and 480 * 0.055 < prompt[0][0] and prompt[0][1] < 480 * (1 - 0.055)


def test_a_long_backgammon_status_shrinks_to_the_board_and_a_short_one_does_not():
    """The Jacoby-rule ending (~130 characters) used to run off both ends of the board."""
    from boardkit import svg
    long = ("White wins a gammon (BG-11), counted single as the cube was never turned "
            "(Jacoby rule, BG-15): 1 point with the cube at 1")
    short = "White to roll"
    for text, kept in ((long, False), (short, True)):
        out = BackgammonGame().draw(status=text).to_svg()
        width = float(re.search(r'viewBox="0 0 ([\d.]+)', out).group(1))
        size = float(re.search(r'font-size="([\d.]+)"[^>]*>' + re.escape(html.escape(text)), out)
                     .group(1))
        assert (size == 13) == kept
        assert size * len(text) * 0.58 <= width - 16 + 1e-6
    assert svg.fitting_size("表" * 10, 100, 13) == 10.0 and svg.fitting_size("ab", 100, 13) == 13
