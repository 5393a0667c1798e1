"""回り将棋's events as values (boardkit/mawari/events.py), in the board's language.

The engine writes every event as ``Event(name, facts)``; ``str(event)`` is the English
line of the catalogue's ``ms.ev.<name>``, and a board renders the same key and facts in its
own language. Seeded games covering every kind of event (2-4 players, battles on and off,
late joins, fair, realistic and "wild" golds that stand, overlap and fall often, every
rule option) check that:

- every event is an Event with a known name, and its English line is the catalogue's
  template filled with its facts;
- the games use every event name and every 'why' of an overlap (no dead keys);
- every event key has a Japanese line with the same fields, in the catalogue;
- the Japanese lines have no English words (P1..P4, rule IDs, numbers allowed) and keep
  the facts (players, squares, ranks, tosses, numbers);
- a save keeps the events as values, and an old save's English lines still load;
- the board's events box shows Japanese on a Japanese board, whatever the current
  language later, and the engine's English on an English board.
"""
from __future__ import annotations

import collections
import html
import json
import re
from fractions import Fraction as F

import numpy as np
import pytest

from boardkit import _catalogue, i18n, sim
from boardkit.mawari import MawariGame, MawariRules
from boardkit.mawari.ai import bot
from boardkit.mawari.events import NAMES, WHY, Event
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
def events(games) -> list[Event]:
    return [e for g in games for e in g.events]




def test_every_event_is_a_value_whose_english_is_its_template(events):
    """Each event is an Event of a known name; its English line is the catalogue's
    template with its facts, and it compares equal to that line."""
    assert len(events) > 10_000
    en = i18n.CATALOGUES["en"]
    for e in set(events):
        assert isinstance(e, Event) and e.name in NAMES, e
        fields = _catalogue.placeholders(en[e.key])
        assert fields == set(e.facts), (e, fields)
        line = str(e)
        assert "{" not in line and e == line and e.text("en") == line


def test_an_event_is_frozen_and_hashable():
    e = Event("declines", p="P1")
    assert str(e) == "P1 declines the battle (MS-15)" and "declines" in e
    assert e == Event("declines", p="P1") and e != Event("declines", p="P2")
    assert len({e, Event("declines", p="P1")}) == 1
    with pytest.raises(AttributeError):
        e.name = "declares"
    assert e.text("ja") == "P1 は戦をしかけません (MS-15)"


def test_how_a_game_ended_is_an_end_event(games):
    """The outcome's reason is the last event's English, an 'end' event (MS-10 or MS-15),
    and the outcome's key is the ending's sentence with the winner and the standings."""
    ends = collections.Counter()
    for g in games:
        out = g.outcome()
        last = g.events[-1]
        assert last.name in ("end_home", "end_battle") and str(last) == out.reason
        assert out.rule == ("MS-15" if last.name == "end_battle" else "MS-10")
        assert out.key == ("ms.end.battle" if last.name == "end_battle" else "ms.end.home")
        assert out.facts["p"] == f"P{out.winner + 1}" and len(out.facts["ranking"]) == g.players
        ends[last.name] += 1
    assert set(ends) == {"end_home", "end_battle"}


def test_the_games_use_every_event_and_why(events):
    """No dead keys: every event name and every 'why' of an overlap (MS-06) comes up."""
    used = collections.Counter(e.name for e in events)
    assert set(used) == set(NAMES), set(NAMES) - set(used)
    why = {e.facts["why"].key for e in events if e.name == "toss_back"}
    assert why == {f"ms.ev.why.{w}" for w in WHY}


def test_every_event_has_a_japanese_line_with_the_same_fields():
    en, ja = i18n.CATALOGUES["en"], i18n.CATALOGUES["ja"]
    assert len(NAMES) == 30
    for name in NAMES:
        key = f"ms.ev.{name}"
        assert key in ja and ja[key] != en[key], key
        assert _catalogue.placeholders(ja[key]) == _catalogue.placeholders(en[key]), key
    for w in WHY:
        assert ja[f"ms.ev.why.{w}"] != en[f"ms.ev.why.{w}"]


#: allowed in a Japanese line: rule IDs, players, numbers and punctuation
NOT_WORDS = re.compile(r"\bMS-\d\d\b|\bP[1-4]\b")


def _english_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]+", NOT_WORDS.sub(" ", text))


def test_english_words_are_found():
    assert _english_words("P1 が battle (MS-15)") == ["battle"]
    assert _english_words("P1 の歩が 1九 から 1六 へ進みます (MS-10)") == []


def test_japanese_lines_have_no_english_words_and_keep_the_facts(events):
    """Every event reads in Japanese (no ASCII words but P1..P4 and rule IDs), with the
    players, squares, ranks, tosses and numbers it has; lists of players use 「、」."""
    bad = []
    for e in set(events):
        text = e.text("ja")
        if text == str(e) or _english_words(text) or text.isascii():
            bad.append((str(e), text))
            continue
        for key, value in e.facts.items():
            if key == "why":
                value = i18n.tr(value.key, "ja")
            elif key == "names":
                value = "、".join(value)
            if str(value) not in text:
                bad.append((str(e), text, key))
    assert not bad, bad[:10]


def test_a_save_keeps_the_events_and_an_old_save_still_loads(games):
    """to_json stores each event's name and facts; from_json gives the same events back.
    A save written when events were English lines loads, its lines kept as text."""
    for g in games[:40]:
        doc = g.to_json()
        back = MawariGame.from_json(doc)
        assert back.events == g.events and all(isinstance(e, Event) for e in back.events)
        assert back.outcome().key == g.outcome().key
        old = json.loads(doc)
        old["state"]["events"] = [str(e) for e in g.events]
        legacy = MawariGame.from_json(json.dumps(old))
        assert [str(e) for e in legacy.events] == [str(e) for e in g.events]
        assert legacy.outcome().key == g.outcome().key      # the ending read from its English


def _box_lines(widget) -> list[str]:
    """The events box's lines, newest first, as shown (markup removed)."""
    value = re.sub(r"</?(?:b|i|div)\b[^>]*>", "", widget.events_html.value)
    return [html.unescape(x) for x in value.split("<br>")]


def _play_widget(seed: int, **kw) -> MawariWidget:
    """A three-player board played by hand until the events include a battle."""
    w = MawariWidget(players=3, seed=seed, **kw)
    for _ in range(400):
        g = w.game
        if g.is_over() or any(getattr(e, "name", "").startswith("battle_") for e in g.events[-5:]):
            break
        w.toss() if g.chance_pending() else w.decide(g.legal_moves()[0])
    return w


def test_the_events_box_speaks_the_boards_language():
    """A Japanese board shows each event in Japanese (none English) even when the current
    language is English while it plays; an English board shows the engine's lines."""
    w = _play_widget(3, lang="ja")
    g = w.game
    shown = _box_lines(w)
    want = [e.text("ja") for e in reversed(g.events[-30:])]
    assert shown == want and len(shown) > 10
    assert not [x for x in shown if _english_words(x)]
    assert any(x.startswith("戦: ") for x in shown)
    w2 = _play_widget(3, lang="en")
    assert w2.game.events == g.events                       # the same game, English lines
    assert _box_lines(w2) == [str(e) for e in reversed(g.events[-30:])]
