"""The glossary (boardkit.glossary, the Japanese edition's 用語集 notebook): every term
belongs to a rule of its game, and both its words are the words the lessons use, so the
glossary cannot drift from the lessons it explains."""
from __future__ import annotations

import pathlib
import re
import sys

import pytest

from boardkit import glossary
from boardkit.i18n import tr

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from editions import EN, GAMES, JA, lessons  # noqa: E402

RULES = {}
for doc in (ROOT / "docs" / "rules").glob("*.md"):
    for rid in re.findall(r"(?m)^## +([A-Z]{2}-\d{2})\b", doc.read_text(encoding="utf-8")):
        RULES[rid] = doc.stem
DIGIT = {game: d for d, game in GAMES.items()}


def _text(ed, game):
    return "\n".join(p.read_text(encoding="utf-8") for p in lessons(ed, f"{DIGIT[game]}[0-9]_*.md"))


def _forms(word: str) -> list[str]:
    """The ways a lesson may write a glossary word: each part of "a / b", without a reading
    in parentheses (王駒（おうごま） is written 王駒)."""
    word = re.sub(r"（[^）]*）|\([^)]*\)", "", word)
    return [w.strip() for w in re.split(r"[/／・]", word) if w.strip()]


def test_every_game_has_terms_and_every_rule_is_its_games():
    assert {t.game for t in glossary.TERMS} == set(glossary.GAMES)
    wrong = [t for t in glossary.TERMS if RULES.get(t.rule) != t.game]
    assert not wrong, wrong
    assert len({t.id for t in glossary.TERMS}) == len(glossary.TERMS)


@pytest.mark.parametrize("ed", [EN, JA], ids=["en", "ja"])
def test_every_term_is_the_word_the_lessons_use(ed):
    missing = []
    for t in glossary.TERMS:
        text = _text(ed, t.game).lower()
        if not text:
            pytest.skip(f"no {ed.lang} lessons yet")
        forms = _forms(t.word(ed.lang))
        absent = [f for f in forms if f.lower() not in text]
        if absent:
            missing.append(f"{t.id}: {absent}")
    assert not missing, f"glossary words no {ed.lang} lesson of their game uses: {missing}"


def test_the_table_speaks_the_language_asked():
    ja, en = glossary.table("mawari", "ja").data, glossary.table("mawari", "en").data
    assert "用語" in ja and "出世" in ja and "promotion" in ja
    assert "Term" in en and "promotion" in en
    assert tr("glossary.col.term", "ja") in ja
