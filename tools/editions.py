"""The lessons' editions: English (``notebooks/``, ``exercises/``) and Japanese
(``notebooks/ja/``, ``exercises/ja/``), and the fixed words each edition's lessons use for
the parts tests and tools read (the "In class" line, "Check yourself", "Answer" ...).

A Japanese lesson is the English one cell for cell: the same code (string literals and
comments aside) after one extra first line, ``LANGUAGE_LINE``. ``code_shape`` is what the
editions must share; tests/test_editions.py compares it cell by cell.

    from editions import EDITIONS, lessons
    for ed in EDITIONS.values():
        for md in lessons(ed): ...
"""
from __future__ import annotations

import io
import pathlib
import re
import tokenize
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parents[1]
LANGUAGE_LINE = 'from boardkit import set_language; set_language("ja")'
GAMES = {"1": "checkers", "2": "diamond", "3": "backgammon", "4": "mawari"}


@dataclass(frozen=True)
class Edition:
    lang: str
    notebooks: pathlib.Path
    exercises: pathlib.Path
    play: pathlib.Path
    guide: pathlib.Path
    readme: pathlib.Path
    handouts: pathlib.Path           # the committed PDFs
    # the first ``# `` heading of lesson NN of each game starts "<game name> <n>"
    game_names: dict[str, str]
    objectives: str                  # bold line before the list of what the student can do
    prerequisites: str
    in_class: re.Pattern             # group 1: the core minutes
    extension: re.Pattern            # group 1: the extension minutes
    reading_time: re.Pattern
    code_note: re.Pattern            # the introduction says code is folded
    summaries: tuple[str, ...]       # the closing section's possible headings
    core_tag: str                    # a section heading ends " · core"
    extension_tag: str
    try_it: str                      # "**Try it." (followed by a code cell)
    check: str                       # "**Check yourself.**"
    answer: str                      # <summary>Answer</summary>
    for_programmers: str             # in a heading or a bold line
    notebook_ref: re.Pattern         # "notebook 21", "notebooks 20 and 21"
    title_extension: str             # "(extension)" in a lesson title


EN = Edition(
    lang="en", notebooks=ROOT / "notebooks", exercises=ROOT / "exercises",
    play=ROOT / "notebooks" / "play", guide=ROOT / "docs" / "teacher_guide.md",
    readme=ROOT / "README.md", handouts=ROOT / "handouts",
    game_names={"1": "Checkers", "2": "Diamond Game", "3": "Backgammon", "4": "回り将棋"},
    objectives="**After this notebook you can**", prerequisites="**Prerequisites:**",
    in_class=re.compile(r"(?m)^\*\*In class:\*\* about (\d+) minutes"),
    extension=re.compile(r"(?m)^\*\*Extension:\*\* about (\d+) minutes"),
    reading_time=re.compile(r"(?im)^\s*reading\b[^\n]*\btime\b[^\n]*\b(\d+)\s+minutes"),
    code_note=re.compile(r"(?is)\bcode\b.{0,80}\b(folded|hidden)\b|\b(folded|hidden)\b.{0,80}\bcode\b"),
    summaries=("Summary", "What to remember", "What the numbers say", "What the measurements say"),
    core_tag=" · core", extension_tag=" · extension",
    try_it="**Try it", check="**Check yourself.**", answer="<summary>Answer</summary>",
    for_programmers="For programmers",
    notebook_ref=re.compile(r"(?i)\bnotebooks?\s+(\d\d)((?:\s*(?:,|and|or|-|–|to)\s*\d\d)*)"),
    title_extension="(extension)",
)

JA = Edition(
    lang="ja", notebooks=ROOT / "notebooks" / "ja", exercises=ROOT / "exercises" / "ja",
    play=ROOT / "notebooks" / "play" / "ja", guide=ROOT / "docs" / "teacher_guide.ja.md",
    readme=ROOT / "README.ja.md", handouts=ROOT / "handouts" / "ja",
    game_names={"1": "チェッカー", "2": "ダイヤモンドゲーム", "3": "バックギャモン", "4": "回り将棋"},
    objectives="**このノートブックでできるようになること**", prerequisites="**前提：**",
    in_class=re.compile(r"(?m)^\*\*授業では：\*\* 約 ?(\d+) ?分"),
    extension=re.compile(r"(?m)^\*\*発展：\*\* 約 ?(\d+) ?分"),
    reading_time=re.compile(r"(?m)^\s*読む時間：約 ?(\d+) ?分"),
    code_note=re.compile(r"(?s)(コード|セル).{0,60}(折りたた|たた[んま]|隠)"),
    summaries=("まとめ", "覚えておくこと", "数字からわかること", "測定からわかること"),
    core_tag="· 基本", extension_tag="· 発展",   # 「（DG-07）· 基本」, with or without a space
    try_it="**やってみよう", check="**確かめよう。**", answer="<summary>答え</summary>",
    for_programmers="プログラマー向け",
    notebook_ref=re.compile(r"ノートブック\s*(\d\d)((?:\s*(?:、|,|と|や|または|〜|-|–)\s*\d\d)*)"),
    title_extension="（発展）",
)

EDITIONS = {"en": EN, "ja": JA}
# notebooks only the Japanese edition has (the glossary maps its terms to the English words)
ONLY_JA = ("01_glossary",)


def lessons(ed: Edition, pattern: str = "[0-9][0-9]_*.md") -> list[pathlib.Path]:
    """The lesson sources (MyST) of an edition, sorted by number."""
    return sorted(ed.notebooks.glob(pattern))


def exercise_sources(ed: Edition) -> list[pathlib.Path]:
    """The exercise notebooks' sources and their solutions'."""
    return sorted([*ed.exercises.glob("*.md"), *(ed.exercises / "solutions").glob("*.md")])


def twin(path: pathlib.Path, lang: str = "ja") -> pathlib.Path:
    """The other edition's file of an English ``path`` (lang="ja"), or of a Japanese one
    (lang="en")."""
    path = path.resolve()
    for sub in ("notebooks", "exercises"):
        base = ROOT / sub
        if path.is_relative_to(base / "ja"):
            return base / path.relative_to(base / "ja") if lang == "en" else path
        if path.is_relative_to(base):
            return base / "ja" / path.relative_to(base) if lang == "ja" else path
    raise ValueError(f"{path} is neither a lesson nor an exercise")


def code_shape(source: str, drop_language_line: bool = False) -> tuple[str, ...]:
    """The code of a cell as the editions must share it: its tokens with every string
    literal and comment replaced (so a translated string or comment is no difference),
    line breaks inside brackets ignored; ``drop_language_line`` removes a first line
    ``LANGUAGE_LINE``. A cell Python cannot tokenize (a %magic) is compared line by line."""
    lines = source.splitlines()
    if drop_language_line and lines and lines[0].strip() == LANGUAGE_LINE:
        lines = lines[1:]
    text = "\n".join(lines) + "\n"
    out: list[str] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER):
                continue
            if tok.type == tokenize.STRING:
                out.append("<str>")
            elif tok.type in (tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE):
                out.append(tok.type.__str__())
            else:
                out.append(tok.string)
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return tuple(ln.strip() for ln in lines if ln.strip() and not ln.strip().startswith("#"))
    return tuple(out)


_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
_LATIN = re.compile(r"[A-Za-z]")


def prose(markdown: str) -> str:
    """A markdown cell's text as read: without code spans, code blocks, links' targets,
    HTML tags, LaTeX and rule IDs (what is left should be in the edition's language)."""
    t = re.sub(r"```.*?```", " ", markdown, flags=re.S)
    t = re.sub(r"`[^`]*`", " ", t)
    t = re.sub(r"\]\([^)]*\)", "]", t)
    t = re.sub(r"<[^>]+>", " ", t)
    t = re.sub(r"\$[^$]*\$", " ", t)
    t = re.sub(r"\b(CK|DG|BG|MS)-\d\d\b", " ", t)
    return t


def japanese_share(text: str) -> float:
    """Of the letters in ``text``, the share that are kana or kanji (0 for no letters)."""
    ja, latin = len(_JAPANESE.findall(text)), len(_LATIN.findall(text))
    return ja / (ja + latin) if ja + latin else 0.0
