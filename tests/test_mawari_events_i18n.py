"""回り将棋's event lines in the board's language (boardkit/mawari/events.py).

The engine writes every event from one table of English templates (EVENTS_EN); the
board shows each line through ``translate_event``, which reads the line back into its
template and fields and formats the Japanese twin (EVENTS_JA). Seeded games covering
every kind of event (2-4 players, battles on and off, late joins, fair, realistic and
"wild" golds that stand, overlap and fall often, every rule option) check that:

- every English line the engine writes matches exactly ONE template and formats back to
  the identical line (an event written without a template fails here);
- the games use every template and every 'why' phrase (no dead templates);
- every template has a Japanese twin with the same fields, in the catalogue;
- the Japanese lines have no English words (P1..P4, rule IDs, numbers allowed) and keep
  the fields (players, squares, ranks, tosses, numbers);
- the board's events box shows Japanese in ja mode, and the engine's English unchanged
  in en mode; a line no template fits is shown as it is.
"""
from __future__ import annotations

import collections
import html
import re
from fractions import Fraction as F

import numpy as np
import pytest

from boardkit import i18n, sim
from boardkit.mawari import MawariGame, MawariRules
from boardkit.mawari.ai import bot
from boardkit.mawari.events import (
    EVENTS_EN,
    EVENTS_JA,
    FORMAT_EN,
    PATTERNS,
    WHY_EN,
    WHY_JA,
    parse_event,
    template_fields,
    translate_event,
)
from boardkit.mawari.toss import TossModel
from boardkit.mawari.widget import MawariWidget

#: golds that stand, overlap and fall often: every kind of toss comes up in a few games
WILD = TossModel(F(2, 5), F(2, 5), F(1, 10), F(3, 50), F(1, 25), F(3, 20), F(1, 10))


def _rule_sets():
    """Every rule option at least once, with 2, 3 and 4 players."""
    for n in (2, 3, 4):
        yield MawariRules(players=n)
        yield MawariRules.realistic(n)
        yield MawariRules.realistic(n, overlap_back="whole_value", battle_line="any")
        yield MawariRules.with_model(WILD, n)
        # four face down worth 0: '0 squares forward', and a battle toss of 0
        yield MawariRules.with_model(WILD, n, all_down_value=0, fall_rule=False)
    yield MawariRules(players=2, two_player_skip=False, corner_jump=False)
    yield MawariRules.realistic(3, battles=False)
    yield MawariRules.with_model(WILD, 2, overlap_back="whole_value", all_down_value=400)


def _play(rules: MawariRules, seed: int, max_steps: int = 5000) -> MawariGame:
    """A seeded game step by step: random battle decisions, and in odd seeds players
    joining late (MS-03) now and then between turns."""
    rng = np.random.default_rng(seed)
    g = MawariGame(rules)
    join = 0.02 if seed % 2 else 0.0
    for _ in range(max_steps):
        if g.is_over():
            break
        if g.phase == "toss" and g.players < 4 and rng.random() < join:
            g.join()
        elif g.chance_pending():
            g.resolve_chance(rng)
        else:
            moves = g.legal_moves()
            g.play(moves[int(rng.integers(len(moves)))])
    return g


@pytest.fixture(scope="module")
def games() -> list[MawariGame]:
    """144 games played step by step, and 24 bot games through sim.play_game (whose
    events are built when first read, by the lean loop's replay)."""
    out = [_play(r, 1000 * i + s) for i, r in enumerate(_rule_sets()) for s in range(8)]
    levels = [bot(x) for x in ("smart", "always", "random", "never")]
    for n, rules in ((2, MawariRules()), (4, MawariRules.realistic(4))):
        for rng in sim.spawn_rngs(5, 12):
            g = MawariGame(rules, players=n)
            sim.play_game(g, levels[:n], rng)
            out.append(g)
    assert all(g.is_over() for g in out)
    return out


@pytest.fixture(scope="module")
def lines(games) -> list[str]:
    return [line for g in games for line in g.events]




def test_every_english_line_is_exactly_one_template_formatted(lines):
    """Each line fits one template, and its fields give the very line back (by the table's
    template and by the function the engine writes with)."""
    assert len(lines) > 10_000
    wrong = []
    for line in set(lines):
        names = [name for name, pattern in PATTERNS if pattern.fullmatch(line)]
        if len(names) != 1:
            wrong.append((line, names))
            continue
        name, fields = parse_event(line)
        if EVENTS_EN[name].format(**fields) != line or FORMAT_EN[name](**fields) != line:
            wrong.append((line, name))
    assert not wrong, wrong[:10]


def test_how_a_game_ended_is_an_event_line(games):
    """The outcome's reason is the last event, an 'end' template (MS-10 or MS-15)."""
    ends = collections.Counter()
    for g in games:
        out = g.outcome()
        name, _ = parse_event(out.reason)
        assert g.events[-1] == out.reason and name in ("end_home", "end_battle")
        assert out.rule == ("MS-15" if name == "end_battle" else "MS-10")
        ends[name] += 1
    assert set(ends) == {"end_home", "end_battle"}


def test_the_games_use_every_template_and_phrase(lines):
    """No dead templates: every template and every 'why' phrase of an overlap (MS-06)
    comes up in the games."""
    used = collections.Counter(parse_event(line)[0] for line in lines)
    assert set(used) == set(EVENTS_EN), set(EVENTS_EN) - set(used)
    why = {parse_event(line)[1]["why"] for line in lines if parse_event(line)[0] == "toss_back"}
    assert why == set(WHY_EN.values())


def test_every_template_has_a_japanese_twin_with_the_same_fields():
    assert set(EVENTS_JA) == set(EVENTS_EN) and len(EVENTS_EN) == 30
    for name, en in EVENTS_EN.items():
        assert sorted(template_fields(EVENTS_JA[name])) == sorted(template_fields(en)), name
        assert i18n.CATALOGUES["en"][f"ms.ev.{name}"] == en
        assert i18n.CATALOGUES["ja"][f"ms.ev.{name}"] == EVENTS_JA[name]
    assert set(WHY_JA) == set(WHY_EN)
    for key, en in WHY_EN.items():
        assert i18n.CATALOGUES["ja"][f"ms.ev.why.{key}"] == WHY_JA[key]
        assert i18n.CATALOGUES["en"][f"ms.ev.why.{key}"] == en


#: allowed in a Japanese line: rule IDs, players, numbers and punctuation
NOT_WORDS = re.compile(r"\bMS-\d\d\b|\bP[1-4]\b")


def _english_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", NOT_WORDS.sub(" ", text))


def test_english_words_are_found():
    assert _english_words("P1 が battle (MS-15)") == ["battle"]
    assert _english_words("P1 の歩が 1九 から 1六 へ進みます (MS-10)") == []


def test_japanese_lines_have_no_english_words_and_keep_the_fields(lines):
    """Every line comes out in Japanese (a different text, no ASCII words but P1..P4 and
    rule IDs), with the players, squares, ranks, tosses and numbers it had; phrases and
    lists of players are translated too."""
    bad = []
    for line in set(lines):
        text = translate_event(line, "ja")
        name, fields = parse_event(line)
        if text == line or _english_words(text) or text.isascii():
            bad.append((line, text))
            continue
        for key, value in fields.items():
            if key == "why":
                value = WHY_JA[next(k for k, v in WHY_EN.items() if v == value)]
            elif key == "names":
                value = value.replace(", ", "、")
            if value not in text:
                bad.append((line, text, key))
    assert not bad, bad[:10]


def test_english_and_unknown_lines_come_back_unchanged(lines):
    for line in lines[:500]:
        assert translate_event(line, "en") is line
        assert translate_event(line) == line                 # the current language: English
    # lines no template fits (an old save, text set from outside) are shown as they are
    odd = ["mine", "", "P1 tosses up up down down: 2 squares forward (MS-05)",
           "P1 declares a battle on P2 (MS-15): 16 squares there and back, P3 tosses first",
           "P5 declines the battle (MS-15)", "P1 declines the battle (MS-15) "]
    for line in odd:
        assert parse_event(line) is None and translate_event(line, "ja") == line
    assert translate_event("P2 declines the battle (MS-15)", "ja") == "P2 は戦をしかけません (MS-15)"


def _box_lines(widget) -> list[str]:
    """The events box's lines, newest first, as shown (markup removed)."""
    value = re.sub(r"</?(?:b|i|div)\b[^>]*>", "", widget.events_html.value)
    return [html.unescape(x) for x in value.split("<br>")]


def _play_widget(seed: int) -> MawariWidget:
    """A three-player board played by hand until the events include a battle."""
    w = MawariWidget(players=3, seed=seed)
    for _ in range(400):
        g = w.game
        if g.is_over() or any(e.startswith("battle: ") for e in g.events[-5:]):
            break
        w.toss() if g.chance_pending() else w.decide(g.legal_moves()[0])
    return w


def test_the_events_box_speaks_the_boards_language(ja):
    """In Japanese the box shows each event's Japanese line (none English); in English,
    the engine's lines exactly (the old widget showed English in both: this fails)."""
    w = _play_widget(3)
    g = w.game
    shown = _box_lines(w)
    want = [translate_event(e, "ja") for e in reversed(g.events[-30:])]
    assert shown == want and len(shown) > 10
    assert not [x for x in shown if _english_words(x)]
    assert any(x.startswith("戦: ") for x in shown)
    i18n.set_language("en")
    w2 = _play_widget(3)
    assert w2.game.events == g.events                       # the same game, English lines
    assert _box_lines(w2) == list(reversed(g.events[-30:]))
