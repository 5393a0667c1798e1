"""Cross-references in the lessons, checked mechanically.

* Every rule ID a lesson cites (``CK-06``, ``DG-11`` ...) is a rule of docs/rules/, and a
  lesson of one game cites its own game's rules (the start notebook may cite any).
* Every "notebook NN" (also "notebooks 20 and 21", "notebooks 30-37") names a notebook
  that exists; "checkers notebook 14" and the like name a notebook of that game.
* Every lesson name such as "Checkers 4" or "Diamond Game 3" is the title of the notebook
  with that number in its game, so "Checkers 4" is notebook 13.

The lessons are read from their MyST sources (the .md twins) in notebooks/ and, for the
Japanese edition, notebooks/ja/ (「ノートブック 21」, 「チェッカー 4」).
"""
from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.md"))
NUMBERS = {p.name[:2]: p for p in LESSONS}
# the Japanese edition (notebooks/ja): the same numbers, its own titles and words
LESSONS_JA = sorted((ROOT / "notebooks" / "ja").glob("[0-9][0-9]_*.md"))
NUMBERS_JA = {p.name[:2]: p for p in LESSONS_JA}

# the rule IDs of each game, from the headings of docs/rules/<game>.md ("## CK-04 ...")
RULES: dict[str, str] = {}
for doc in (ROOT / "docs" / "rules").glob("*.md"):
    for rid in re.findall(r"(?m)^##+ +([A-Z]{2}-\d{2})\b", doc.read_text(encoding="utf-8")):
        RULES[rid] = doc.stem

GAME_OF_DIGIT = {"1": "checkers", "2": "diamond", "3": "backgammon", "4": "mawari"}
PREFIX = {"checkers": "CK", "diamond": "DG", "backgammon": "BG", "mawari": "MS"}
# the names the lessons use for a game in a reference ("checkers notebook 14")
GAME_WORDS = {"checkers": "checkers", "draughts": "checkers", "diamond": "diamond",
              "backgammon": "backgammon", "回り将棋": "mawari", "mawari": "mawari"}
# lesson names as in the titles ("# Checkers 4: ..."), and the game each stands for
NAMES = {"Checkers": "checkers", "Diamond Game": "diamond", "Backgammon": "backgammon",
         "回り将棋": "mawari"}
NAMES_JA = {"チェッカー": "checkers", "ダイヤモンドゲーム": "diamond", "バックギャモン": "backgammon",
            "回り将棋": "mawari"}
GAME_WORDS_JA = {name: game for name, game in NAMES_JA.items()}
# 「ノートブック 21」「チェッカーのノートブック 14」「ノートブック 30〜37」
REF_JA = re.compile(r"(チェッカー|ダイヤモンドゲーム|バックギャモン|回り将棋)?の?\s*ノートブック\s*"
                    r"(\d{2}(?:\s*(?:、|,|と|や|または|〜|～|-|–|から)\s*\d{2})*)")
# a lesson name's number, not a count ("ダイヤモンドゲーム 3人")
NOT_A_COUNT = r"(?![\d人つ色個手回マス分点枚通年列])"


def is_japanese(path: pathlib.Path) -> bool:
    return path.parent.name == "ja"



def text_of(path: pathlib.Path) -> str:
    """The lesson's prose and code, without the front matter."""
    text = path.read_text(encoding="utf-8")
    return text.split("---", 2)[2] if text.startswith("---") else text


def game_of(path: pathlib.Path) -> str | None:
    return GAME_OF_DIGIT.get(path.name[0])


def titles(japanese: bool = False) -> dict[tuple[str, int], str]:
    """(game, number in its game) -> notebook number, from the titles."""
    out = {}
    for nn, path in (NUMBERS_JA if japanese else NUMBERS).items():
        head = re.search(r"(?m)^# (.+)$", text_of(path)).group(1)
        for name, game in (NAMES_JA if japanese else NAMES).items():
            m = re.match(rf"{re.escape(name)} ?(\d+)", head)
            if m:
                out[(game, int(m.group(1)))] = nn
    return out


def test_the_rule_lists_are_found():
    assert len([r for r in RULES if r.startswith("CK-")]) >= 15
    assert len([r for r in RULES if r.startswith("DG-")]) >= 19
    assert RULES["CK-06"] == "checkers" and RULES["DG-11"] == "diamond"


def rule_problems(path: pathlib.Path) -> list[str]:
    game = game_of(path)
    problems = []
    for rid in sorted(set(re.findall(r"\b([A-Z]{2}-\d{2})\b", text_of(path)))):
        if rid not in RULES:
            problems.append(f"{rid} is not a rule of docs/rules/")
        elif game and not rid.startswith(PREFIX[game]):
            problems.append(f"{rid} is a {RULES[rid]} rule, cited in a {game} lesson")
    return problems


REF = re.compile(r"(?i)(?:(\S+) )?\bnotebooks? ((?:\d{2})(?:(?:,? and |, | or |-|–| to )\d{2})*)\b")


def reference_problems(path: pathlib.Path) -> list[str]:
    text = text_of(path)
    japanese = is_japanese(path)
    problems = []
    for m in (REF_JA if japanese else REF).finditer(text):
        word, numbers = (m.group(1) or "").lower().strip("(*_"), m.group(2)
        words = GAME_WORDS_JA if japanese else GAME_WORDS
        for nn in re.findall(r"\d{2}", numbers):
            if nn not in NUMBERS:
                problems.append(f"'{m.group(0)}': there is no notebook {nn}")
            elif word in words and game_of(NUMBERS[nn]) != words[word]:
                problems.append(f"'{m.group(0)}': notebook {nn} is not a {words[word]} "
                                f"lesson ({NUMBERS[nn].stem})")
    known = titles(japanese)
    for name, game in (NAMES_JA if japanese else NAMES).items():
        pattern = (rf"(?<!#){re.escape(name)} ?(\d+){NOT_A_COUNT}(?:(?:〜|-|–)(\d+))?" if japanese
                   else rf"(?<![#\w]){re.escape(name)} (\d+)(?:(?:-|–| to )(\d+))?\b")
        for m in re.finditer(pattern, text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            if text.startswith("# ", line_start):
                continue                                   # the lesson's own title
            for n in filter(None, m.groups()):
                if (game, int(n)) not in known:
                    problems.append(f"'{m.group(0)}': no lesson is called {name} {n}")
    return problems


def _assert_clean(path, problems):
    assert not problems, f"{path.name}: " + "; ".join(problems)


def _rel(p: pathlib.Path) -> str:
    return p.relative_to(ROOT / "notebooks").as_posix()


@pytest.mark.parametrize("path", LESSONS + LESSONS_JA, ids=_rel)
def test_cited_rule_ids_exist_and_belong_to_the_game(path):
    _assert_clean(path, rule_problems(path))


@pytest.mark.parametrize("path", LESSONS + LESSONS_JA, ids=_rel)
def test_notebook_references_point_at_the_right_lesson(path):
    _assert_clean(path, reference_problems(path))


def test_the_checks_catch_a_wrong_reference(tmp_path):
    """The checks can fail: a made-up lesson with a wrong rule, notebook and name."""
    bad = tmp_path / "12_bad.md"
    bad.write_text("# Checkers 3: x\n\nSee notebook 19, Diamond notebook 13, Checkers 9 and "
                   "DG-11 and CK-99.\n", encoding="utf-8")
    rules = rule_problems(bad)
    assert any("DG-11 is a diamond rule" in p for p in rules)
    assert any("CK-99 is not a rule" in p for p in rules)
    refs = reference_problems(bad)
    assert any("no notebook 19" in p for p in refs)
    assert any("notebook 13 is not a diamond lesson" in p for p in refs)
    assert any("no lesson is called Checkers 9" in p for p in refs)
    ja = tmp_path / "ja" / "12_bad.md"
    ja.parent.mkdir()
    ja.write_text("# チェッカー 3：x\n\nノートブック 19 と、ダイヤモンドゲームのノートブック 13、"
                  "チェッカー 9 を見てください。3人で遊ぶダイヤモンドゲーム 3人\n", encoding="utf-8")
    refs = reference_problems(ja)
    assert any("no notebook 19" in p for p in refs)
    assert any("notebook 13 is not a diamond lesson" in p for p in refs)
    assert any("no lesson is called チェッカー 9" in p for p in refs)
    assert not any("人" in p for p in refs)
