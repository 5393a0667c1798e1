"""Printable handouts, one per game: ``make handouts`` (or ``python tools/handouts.py``).

Writes build/handouts/<game>.html and, with Debian's chromium, build/handouts/<game>.pdf,
and the Japanese edition's in build/handouts/ja/ (its rules from the catalogue, its
exercises from exercises/ja/, every word from the catalogue's ``handout.*`` keys): an A4
page for the classroom with

1. the rules: every rule ID and its statement, read from the headings of
   docs/rules/<game>.md (``## CK-04 Man step`` ...);
2. key boards drawn by the engine (inline SVG): the start position and a few positions
   the notebooks use to show a rule;
3. the exercises of exercises/<game>.md: the questions and their boards, with blank
   lines to write on (no code);
4. the board puzzles of boardkit/<game>/puzzles.py (the games that have them): each
   puzzle's board drawn by the engine, its goal and its rule ID, with a line for the move;
5. a last page for the teacher: the answers, read from exercises/solutions/<game>.md,
   then the puzzles' answer sheet (the accepted moves and why).

    python tools/handouts.py                 # all four games, HTML and PDF
    python tools/handouts.py checkers --no-pdf --out /tmp/h
    python tools/handouts.py --publish       # the committed PDFs in handouts/
"""
from __future__ import annotations

import argparse
import ast
import contextlib
import html
import io
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("checkers", "diamond", "backgammon", "mawari")
LANGS = ("en", "ja")       # the editions: English, and Japanese (handouts/ja/, exercises/ja/)


def W(key: str, lang: str, **facts) -> str:
    """A handout's words, from the catalogue (``handout.<key>``) in ``lang``."""
    from boardkit.i18n import tr
    return tr(f"handout.{key}", lang, **facts)


def title(game: str, lang: str = "en") -> str:
    """The handout's title: the English one names the game in Japanese too."""
    text = W(f"title.{game}", lang)
    ja = W(f"title.{game}", "ja").split("（")[0]
    return f"{text} ({ja})" if lang == "en" and ja not in text else text


@contextlib.contextmanager
def speaking(lang: str):
    """Boards drawn and puzzles read in ``lang`` while a handout is built; the language
    before is restored (a Japanese exercise's first cell sets the language itself)."""
    from boardkit import language, set_language
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


# the words of each game in English and Japanese (the terms docs/rules/<game>.md uses)
GLOSSARY = {
    "checkers": [("checkers / draughts", "チェッカー / ドラフツ"), ("man", "駒 (こま)"),
                 ("king", "キング"), ("jump, capture", "ジャンプ, 取る"),
                 ("forced capture", "強制ジャンプ"), ("draw", "引き分け")],
    "diamond": [("Diamond Game", "ダイヤモンドゲーム"), ("king piece", "王駒 (おうごま)"),
                ("ordinary piece", "子駒 (こごま)"), ("camp", "陣地 (じんち)"),
                ("border", "境界線 (きょうかいせん)"), ("goal hole", "◎")],
    "backgammon": [("backgammon", "バックギャモン"), ("point", "ポイント"),
                   ("blot", "ブロット"), ("hit", "ヒット"), ("bar", "バー"),
                   ("inner (home) board", "インナーボード"), ("doubles", "ゾロ目"),
                   ("double / take / pass", "ダブル / テイク / パス")],
    "mawari": [("round-the-board shogi", "回り将棋 (まわりしょうぎ)"),
               ("gold general", "金 (きん)"), ("face up / face down", "表 (おもて) / 裏 (うら)"),
               ("on its side / upright / on its head", "横 (よこ) / 縦 (たて) / 逆立ち"),
               ("overlap / fallen gold", "重なり / 落ち駒"), ("home corner", "陣地 (じんち)"),
               ("pawn < lance < knight < silver", "歩 < 香 < 桂 < 銀"),
               ("promotion", "出世 (しゅっせ)"), ("laying down / waking", "寝かし / 起こし"),
               ("two up", "2あがり"), ("corner jump", "飛び (とび)"), ("battle", "戦 (いくさ)")],
}
CHROMIUM = "/usr/bin/chromium"
# exercise boards beside the question (small boards) or full width (boards with labels
# to read: Diamond's hole names, backgammon's point numbers)
WIDE_BOARDS = {"diamond", "backgammon"}
RULE_HEADING = re.compile(r"^##\s+([A-Z]{2}-\d+)\s+(.*)$")


# ---------------------------------------------------------------- small markdown -> HTML

def inline(text: str) -> str:
    """Escape, then `code`, **bold** and *italic* (enough for our rules and exercises)."""
    out = []
    for i, part in enumerate(re.split(r"(`[^`]*`)", text)):
        if i % 2:
            out.append(f"<code>{html.escape(part[1:-1])}</code>")
            continue
        s = html.escape(part, quote=False)
        s = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", s)
        s = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", s)
        s = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", s)      # links: keep the words
        out.append(s)
    return "".join(out)


def statement(text: str) -> str:
    """A rule's plain-words statement: its text up to the first **Decision** note (what
    boardkit does where the sources leave a point open, written for programmers; the
    rules files put those after the statement), without code blocks or tables."""
    cut = re.search(r"\*\*(Our )?[Dd]ecision|\*\*For programmers", text)
    if cut:
        text = text[:cut.start()]
    keep = [b.strip() for b in re.split(r"\n\s*\n", text.strip())
            if b.strip() and not b.strip().startswith(("```", "|"))]
    return "\n\n".join(keep)


def markdown(text: str) -> str:
    """Paragraphs, bullet lists and fenced blocks; nothing else is needed here."""
    blocks, out = re.split(r"\n\s*\n", text.strip()), []
    for block in blocks:
        lines = block.strip("\n").splitlines()
        if not lines:
            continue
        if lines[0].startswith("```"):
            body = [ln for ln in lines[1:] if not ln.startswith("```")]
            out.append(f"<pre>{html.escape(chr(10).join(body))}</pre>")
        elif all(re.match(r"\s*([-*]|\d+\.)\s", ln) or ln.startswith("  ") for ln in lines):
            items, cur = [], []
            for ln in lines:
                if re.match(r"\s*([-*]|\d+\.)\s", ln) and not ln.startswith("    "):
                    if cur:
                        items.append(" ".join(cur))
                    cur = [re.sub(r"^\s*([-*]|\d+\.)\s+", "", ln)]
                else:
                    cur.append(ln.strip())
            items.append(" ".join(cur))
            out.append("<ul>" + "".join(f"<li>{inline(i)}</li>" for i in items) + "</ul>")
        elif all(ln.lstrip().startswith("|") for ln in lines):
            out.append(f"<pre>{html.escape(block.strip())}</pre>")
        else:
            para = " ".join(ln.strip() for ln in lines)
            cls = ' class="decision"' if para.startswith("**Decision") else ""
            out.append(f"<p{cls}>{inline(para)}</p>")
    return "\n".join(out)


# ---------------------------------------------------------------- words for paper

#: phrases of the exercise notebooks that only make sense on screen, and their paper words
PAPER_WORDS = {"in `ex.ILLEGAL_CANDIDATES`": "below",
               "labels in quotes inside curly brackets (a set)": "hole labels",
               "Give a `Fraction` or a decimal.": "Give a fraction or a decimal.",
               "Answer with a list of player numbers, e.g. `[2]`, or text like `\"P2 P3\"`.":
                   "Answer with player numbers, e.g. P2 P3."}
_CODE = re.compile(r"`([^`]*)`")
#: rules whose every sentence names a preset or an option: their words for a student
PAPER_RULES = {
    "CK-12": "In the American game, the game is drawn when each side has made 40 moves "
             "(80 in a row) with no capture and no man moving: only kings moved.",
    "CK-14": "The two rule sets of the lessons. American: 8x8, Black moves first, capturing "
             "is compulsory, men jump forward only, kings step one square, crowning ends the "
             "move. International: 10x10, White moves first, you must capture the most "
             "pieces, men capture backwards too, kings fly along the diagonals.",
    "DG-17": "A game without kings: all 15 pieces are ordinary, and you finish when all 15 "
             "are in the goal camp.",
}
#: how squares are named, where a game's answers need the names (shown before the first
#: exercise and the first puzzle, and in the words box): handout.names.<game>
SQUARE_NAMES = ("mawari", "diamond")


def is_notation(code: str) -> bool:
    """True for game notation a student writes (squares, moves, tosses: ``11-15``,
    ``24/18 13/11``, ``g5``, ``up up down side``); False for Python or option names
    (``{1, 2}``, ``no_forced``, ``ex.X``, ``Fraction``, ``"e7:g7"``)."""
    if re.search(r'[{}\[\]=<>|_"\']|\w\.\w', code):
        return False
    return bool(re.search(r"\d", code)
                or re.fullmatch(r"[A-Z]|[:/x*+-]|(\+?(up|down|side|overlap|fall)\s*)+", code))


def paper_words(text: str) -> str:
    """Markdown for a student's page: the PAPER_WORDS replaced, then every sentence (or
    list item) with Python or an option name in it left out."""
    for screen, paper in PAPER_WORDS.items():
        text = text.replace(screen, paper)
    # an example in Python: the sentence without it (the answer line has a plain one)
    text = re.sub(r"\s*\(e\.g\. `([^`]*)`\)|,? e\.g\. `([^`]*)`",
                  lambda m: m.group(0) if is_notation(m.group(1) or m.group(2) or "") else "",
                  text)
    blocks = []
    for block in re.split(r"\n\s*\n", text.strip()):
        if re.match(r"\s*([-*]|\d+\.)\s", block):        # a list: item by item
            items = re.split(r"\n(?=\s*(?:[-*]|\d+\.)\s)", block)
            items = [i for i in items if all(is_notation(c) for c in _CODE.findall(i))]
            if items:
                blocks.append("\n".join(items))
            continue
        flat = " ".join(block.split())
        sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z(*回])|(?<=[。！？])", flat)
        keep = [s for s in sentences if all(is_notation(c) for c in _CODE.findall(s))
                and not re.match(r"When (True|False)\b", s)]
        if keep:
            blocks.append(" ".join(keep).replace("。 ", "。"))
    return "\n\n".join(blocks)


def plain(v, lang: str = "en") -> str:
    """An answer value as a student writes it: 15, 16 / i3:i5, DG-12 / no / 1/16."""
    if isinstance(v, bool):
        return W("yes" if v else "no", lang)
    if isinstance(v, (set, frozenset)):
        return ", ".join(sorted(plain(x, lang) for x in v))
    if isinstance(v, (list, tuple)):
        return ", ".join(plain(x, lang) for x in v)
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, Fraction):
        return (W("about", lang, value=str(v), approx=f"{float(v):.3g}") if v.denominator != 1
                else str(v.numerator))
    return str(v)


def solution_values(solved, ns: dict, lang: str = "en") -> set[str]:
    """The answers of one solved exercise, as a student writes them."""
    out = set()
    for kind, src in (solved.items if solved is not None else ()):
        if kind == "answer":
            for rhs in answer_texts(src):
                try:
                    out.add(plain(eval(rhs.partition("#")[0].strip(), dict(ns)), lang))
                except Exception:
                    pass
    return out


def paper_hint(hint: str) -> str:
    """An answer cell's comment as words for paper: ``type your answer in place of ...,
    e.g. "15, 16"   (square numbers, in quotes)`` -> ``e.g. 15, 16 (square numbers)``."""
    hint = re.sub(r"^type your answer in place of \.\.\.,?\s*", "", hint)
    hint = re.sub(r"^\.\.\. ?のところに答えを書きます。\s*", "", hint)       # the Japanese edition's
    hint = re.sub(r"[、,]?\s*引用符で囲む", "", hint)
    hint = re.sub(r",?\s*in quotes", "", hint)
    hint = hint.replace('"', "")
    hint = re.sub(r"\(\s*\)", "", hint)
    return " ".join(hint.split())


# ---------------------------------------------------------------- the rules

@dataclass
class Rule:
    rid: str
    title: str
    body: str


def parse_rules(path: Path) -> tuple[str, str, list[Rule]]:
    """(title, introduction, rules) of docs/rules/<game>.md: every ``## XX-nn Title``
    section is a rule; other sections (saved games, play aids) are for programmers."""
    title, intro, rules = "", [], []
    cur: Rule | None = None
    in_other = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# ") and not title:
            title = line[2:].strip()
            continue
        if line.startswith("## "):
            m = RULE_HEADING.match(line)
            cur = Rule(m.group(1), m.group(2).strip(), "") if m else None
            if cur:
                rules.append(cur)
            in_other = cur is None
            continue
        if cur is not None:
            cur.body += line + "\n"
        elif not in_other and not rules:
            intro.append(line)
    return title, "\n".join(intro), rules


# ---------------------------------------------------------------- MyST exercises

@dataclass
class Cell:
    kind: str                   # "markdown" or "code"
    source: str


def myst_cells(path: Path) -> list[Cell]:
    text = path.read_text(encoding="utf-8")
    if text.startswith("---"):
        text = text.split("\n---", 1)[1].split("\n", 1)[1]
    cells, buf, lines, i = [], [], text.splitlines(), 0
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("```{code-cell}"):
            if buf:
                cells.append(Cell("markdown", "\n".join(buf)))
                buf = []
            i += 1
            if i < len(lines) and lines[i].strip() == "---":     # cell metadata
                i += 1
                while i < len(lines) and lines[i].strip() != "---":
                    i += 1
                i += 1
            code = []
            while i < len(lines) and not lines[i].startswith("```"):
                code.append(lines[i])
                i += 1
            cells.append(Cell("code", "\n".join(code)))
        elif ln.strip() == "+++":
            if buf:
                cells.append(Cell("markdown", "\n".join(buf)))
                buf = []
        else:
            buf.append(ln)
        i += 1
    if buf:
        cells.append(Cell("markdown", "\n".join(buf)))
    return cells


@dataclass
class Exercise:
    title: str
    items: list = field(default_factory=list)   # ("text", md) | ("show", code) | ("answer", code)
    answers: list[str] = field(default_factory=list)

    @property
    def n_answers(self) -> int:
        return sum(1 for kind, _ in self.items if kind == "answer")


def _is_answer(code: str) -> bool:
    return bool(re.search(r"^\s*answer\s*=", code, re.M))


def parse_exercises(path: Path) -> tuple[str, list[Exercise]]:
    """(setup code, exercises): every ``## `` section with at least one ``answer =`` cell."""
    setup, exercises, cur = [], [], None
    for cell in myst_cells(path):
        if cell.kind == "markdown":
            parts = re.split(r"^(## .*)$", cell.source, flags=re.M)
            for part in parts:
                if part.startswith("## "):
                    cur = Exercise(part[3:].strip())
                    exercises.append(cur)
                elif cur is not None and part.strip():
                    cur.items.append(("text", part.strip()))
        elif cur is None:
            setup.append(cell.source)
        elif _is_answer(cell.source):
            cur.items.append(("answer", cell.source))
        elif re.search(r"\bsummary\(\)|\bcheck_\w+\(|\bdownload\(", cell.source) \
                or re.match(r"\s*(\w+\s*=\s*)?PickBoard\(", cell.source):
            continue                # checks, the record and click boards: nothing on paper
        else:
            cur.items.append(("show", cell.source))
    return "\n".join(setup), [e for e in exercises if e.n_answers]


def answer_texts(code: str) -> list[str]:
    """The right-hand sides of ``answer = ...`` lines, with their comments."""
    return [m.group(1).strip() for m in re.finditer(r"^\s*answer\s*=\s*(.*)$", code, re.M)]


def answer_hint(code: str) -> str:
    """``answer = ...   # a set of square numbers, e.g. {1, 2}`` -> the comment."""
    for rhs in answer_texts(code):
        if "#" in rhs:
            return rhs.split("#", 1)[1].strip()
    return ""


# ---------------------------------------------------------------- paper

PT_MM = 25.4 / 72          # one point in millimetres
MIN_PT = 8.5               # every printed text at least this (the test asks for 8 pt)
#: the fill colours with which each game's drawing writes its square / point / hole names
LABEL_FILLS = {"checkers": {"#f6e7cc"}, "diamond": {"#2b2b2b"},
               "backgammon": {"#f3e9d2"}, "mawari": {"#5b4636", "#9a7b4f"}}
#: screen colours that print as large dark areas, and their paper colours (light board,
#: mid-grey points, so that both sides' checkers stand out in black and white)
PAPER_COLOURS = {"backgammon": {"#5b3a1e": "#8c8c8c", "#2e5e4e": "#ffffff", "#4a2f18": "#d9d9d9",
                                "#3b2614": "#ececec", "#e9d6ae": "#f0f0f0", "#b4533c": "#a6a6a6"}}
#: Diamond pieces on paper: red black, yellow white, green striped (the pattern below),
#: so the three colours differ by more than shade; each keeps its shape mark too
DIAMOND_PAPER = {"#d1453b": "#262626", "#f1c232": "#ffffff", "#3c9a5f": "url(#dg-stripes)"}
PAPER_COLOURS["diamond"] = DIAMOND_PAPER
PAPER_DEFS = {"diamond": '<defs><pattern id="dg-stripes" patternUnits="userSpaceOnUse" width="3" '
                         'height="3" patternTransform="rotate(45)"><rect width="3" height="3" '
                         'fill="#ffffff"/><rect width="1.5" height="3" fill="#4d4d4d"/></pattern>'
                         '</defs>'}
#: texts a printed board leaves out: answers or words the page does not ask for
PAPER_DROP = re.compile(r"^(White|Red|白|赤) (\d+|___) (pips|ピップ)$|^cube in the middle$")
_TEXT = re.compile(r"<text([^>]*)>([^<]*)</text>")


def fmt(x: float) -> str:
    """A number as short, stable SVG text (as boardkit.svg writes them)."""
    r = round(float(x), 2)
    return str(int(r)) if r == int(r) else f"{r:.2f}".rstrip("0")


def _attr(attrs: str, name: str) -> str | None:
    m = re.search(rf'\s{name}="([^"]*)"', attrs)
    return m.group(1) if m else None


def _set_attr(attrs: str, name: str, value: str) -> str:
    if _attr(attrs, name) is None:
        return f'{attrs} {name}="{value}"'
    return re.sub(rf'(\s{name}=)"[^"]*"', lambda m: f'{m.group(1)}"{value}"', attrs)


def _drop_attr(attrs: str, name: str) -> str:
    return re.sub(rf'\s{name}="[^"]*"', "", attrs)


def paper_svg(svg: str, width_mm: float, game: str, drop: bool = False) -> str:
    """A board for paper: printed ``width_mm`` wide (so every size below is a printed
    size); the game's square, point or hole names in black
    with a white halo, at least MIN_PT, in a layer drawn last (on top of the pieces, never under them).
    ``drop``: leave out the texts of PAPER_DROP (pip counts, the cube's words)."""
    svg = re.sub(r"<\?xml[^>]*>", "", svg).strip()
    head = re.match(r"<svg([^>]*)>", svg)
    vb = [float(x) for x in _attr(head.group(1), "viewBox").split()]
    mm_per_unit = width_mm / vb[2]
    least = MIN_PT * PT_MM / mm_per_unit              # the smallest font size, in units
    attrs = _set_attr(head.group(1), "width", f"{width_mm:g}mm")
    attrs = _set_attr(attrs, "height", f"{fmt(width_mm * vb[3] / vb[2])}mm")
    body = svg[head.end():]
    for screen, paper in PAPER_COLOURS.get(game, {}).items():
        body = re.sub(rf'(fill|stroke)="{screen}"', rf'\1="{paper}"', body, flags=re.I)
    if game in PAPER_DEFS and "url(#" in body:
        body = PAPER_DEFS[game] + body
    fills = LABEL_FILLS.get(game, set())
    labels: list[str] = []

    def one(m: re.Match) -> str:
        a, content = m.group(1), m.group(2)
        if drop and PAPER_DROP.match(html.unescape(content)):
            return ""
        size = float(_attr(a, "font-size") or 16)
        new = max(size, least)
        if _attr(a, "fill") in fills:
            if _attr(a, "text-anchor") == "start":      # a corner label: keep its corner
                y = float(_attr(a, "y")) + (new - size) / 2
                a = _set_attr(a, "y", fmt(y))
            for name in ("opacity", "stroke", "stroke-width", "paint-order", "fill"):
                a = _drop_attr(a, name)
            a = _set_attr(a, "font-size", fmt(new))
            a += (f' fill="#000000" stroke="#ffffff" stroke-width="{fmt(new * 0.3)}"'
                  ' paint-order="stroke" font-weight="bold"')
            a = re.sub(r'(\sfont-weight="bold")(.*)\1', r"\1\2", a)
            labels.append(f"<text{a}>{content}</text>")
            return ""
        return m.group(0)

    body = _TEXT.sub(one, body)
    layer = f'<g class="paper-labels">{"".join(labels)}</g>' if labels else ""
    body = body[: body.rindex("</svg>")] + layer + "</svg>"
    return f"<svg{attrs}>{body}"


# ---------------------------------------------------------------- running cells

def run_cell(code: str, ns: dict):
    """Run a code cell; return (value of its last expression, printed text)."""
    tree = ast.parse(code)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(tree, "<cell>", "exec"), ns)
        value = eval(compile(last, "<cell>", "eval"), ns) if last is not None else None
    return value, out.getvalue()


def svg_of(value) -> str | None:
    if value is None:
        return None
    if getattr(value, "last_toss", 0) is None and hasattr(value, "draw"):
        # a 回り将棋 game before any toss: no empty table with the board's "toss" button text
        return value.draw(last_move=False).to_svg()
    if hasattr(value, "to_svg"):
        return value.to_svg()
    if hasattr(value, "_repr_svg_"):
        return value._repr_svg_()
    if hasattr(value, "draw"):
        try:
            return value.draw().to_svg()
        except Exception:
            return None
    return None


def figure(svg: str, caption: str = "", cls: str = "board") -> str:
    svg = re.sub(r"<\?xml[^>]*>", "", svg)
    cap = f"<figcaption>{caption}</figcaption>" if caption else ""
    return f'<figure class="{cls}">{svg}{cap}</figure>'


#: printed widths of the boards (mm): key boards, exercise boards, puzzle boards
KEY_MM = 84
EXERCISE_MM = {"checkers": 72, "diamond": 105, "backgammon": 112, "mawari": 76}
QUIZ_MM = {"checkers": 62, "diamond": 100, "backgammon": 110, "mawari": 70}
PUZZLE_MM = {"checkers": 66, "diamond": 80, "backgammon": 84, "mawari": 66}


def show_html(code: str, ns: dict, game: str = "", lang: str = "en") -> str:
    try:
        value, printed = run_cell(code, ns)
    except Exception as exc:          # a handout with a gap beats no handout
        print(f"warning: an exercise cell failed ({type(exc).__name__}: {exc}):\n{code}",
              file=sys.stderr)
        missing = W("unavailable", lang, what=html.escape(type(exc).__name__))
        return f"<p class='missing'>{missing}</p>"
    parts = []
    if printed.strip():
        parts.append(f"<pre class='printed'>{html.escape(printed.strip())}</pre>")
    svg = svg_of(value)
    if svg:
        # backgammon boards print both pip counts above the board: exercise 1 asks for them
        svg = hide_toss_value(hide_pips(svg))
        parts.append(figure(paper_svg(svg, EXERCISE_MM.get(game, 72), game)))
    elif value is not None and not hasattr(value, "_repr_mimebundle_"):
        parts.append(f"<pre class='printed'>{html.escape(repr(value))}</pre>")
    return "\n".join(parts)


# ---------------------------------------------------------------- key boards

def key_boards(game: str, lang: str = "en") -> list[tuple[str, str, object]]:
    """(rule IDs, caption, drawing): the start and a few positions from the notebooks
    (the notebook is named in the caption). Positions of the exercises are left out."""
    if game == "checkers":
        from boardkit.checkers import CheckersGame as G
        return [
            ("CK-01, CK-02", W("key.checkers.1", lang), G().draw(labels=True, size=300)),
            ("CK-05", W("key.checkers.2", lang),
             G(fen="B:W18,30:B14").draw(arrows=[(14, 23)], highlight=[18], size=300)),
            ("CK-08", W("key.checkers.3", lang), G(fen="B:W5:B26").draw(size=300)),
            ("CK-09", W("key.checkers.4", lang),
             G(fen="B:W26:BK14").draw(selected=14, targets=[9, 10, 17, 18],
                                                     size=300)),
        ]
    if game == "diamond":
        from boardkit.diamond import DiamondGame, DiamondRules
        from boardkit.diamond import geometry as B
        three = DiamondGame(DiamondRules(players=3))
        two = DiamondGame(DiamondRules(players=2))
        lone = DiamondGame.from_pieces({"i5": 0, "i6": 1}, DiamondRules(players=2))
        row = DiamondGame.from_pieces({"f8": (0, True), "g7": 1, "h6": 0, "i5": 1, "k6": 0},
                                      DiamondRules(players=2))
        jumps = [m.path for m in row.legal_moves()
                 if m.path[0] == B.hole("f8") and m.kind != "step"]
        return [
            ("DG-01, DG-05", W("key.diamond.1", lang), three.draw(size=320)),
            ("DG-06", W("key.diamond.2", lang),
             two.draw(arrows=[(two.start_apex(p), two.goal_apex(p)) for p in range(2)],
                      size=320)),
            ("DG-08, DG-09", W("key.diamond.3", lang),
             lone.draw(selected="i5", targets=lone.reachable_from("i5"),
                                         size=320)),
            ("DG-11", W("key.diamond.4", lang),
             row.draw(selected="f8", targets=row.reachable_from("f8"), arrows=jumps,
                      labels=True, size=320)),
        ]
    if game == "backgammon":
        from boardkit.backgammon import BackgammonGame, BackgammonRules
        from boardkit.backgammon.game import side
        g = BackgammonGame().set_dice(6, 4)
        run = next(p for p in g.legal_moves() if str(p) == "24/14")
        bar = BackgammonGame.from_position(side({6: 5, 8: 3, 13: 6}, bar=1),
                                           side({2: 2, 6: 5, 8: 3, 13: 5}), dice=(4, 2))
        off = BackgammonGame.from_position(side({6: 2, 4: 3, 2: 2}), side({6: 5, 5: 5}),
                                           dice=(5, 1), rules=BackgammonRules.no_cube())
        return [
            ("BG-01, BG-02", W("key.backgammon.1", lang),
             BackgammonGame().draw(size=460)),
            ("BG-04", W("key.backgammon.2", lang),
             g.draw(hint=run, size=460)),
            ("BG-07", W("key.backgammon.3", lang), bar.draw(size=460)),
            ("BG-09", W("key.backgammon.4", lang), off.draw(size=460)),
        ]
    if game == "mawari":
        from boardkit.mawari import MawariGame
        first = MawariGame()
        first.set_toss("up up up up")
        jump = MawariGame.setup({0: ("1二", "歩")})
        jump.set_toss("up down down down")
        lay = MawariGame.setup({0: ("1八", "香"), 1: ("1六", "歩")}, players=3)
        lay.set_toss("up up up down")
        return [
            ("MS-01, MS-02", W("key.mawari.1", lang), MawariGame(players=4).draw(numbers=True,
                                                              last_move=False, size=340)),
            ("MS-05, MS-07", W("key.mawari.2", lang), first.draw(size=340)),
            ("MS-14", W("key.mawari.3", lang), jump.draw(size=340)),
            ("MS-12", W("key.mawari.4", lang),
             lay.draw(size=340)),
        ]
    raise ValueError(game)


# ---------------------------------------------------------------- board puzzles

def puzzles_of(game: str) -> list:
    """The game's board puzzles (``boardkit.<game>.puzzles.PUZZLES``), or [] when the game
    has none yet."""
    import importlib
    try:
        mod = importlib.import_module(f"boardkit.{game}.puzzles")
    except ModuleNotFoundError as exc:
        if exc.name != f"boardkit.{game}.puzzles":
            raise
        return []
    return list(getattr(mod, "PUZZLES", []))


#: drawing options per game: the labels the goals use (square numbers, hole names, points)
PUZZLE_DRAW = {"checkers": {"labels": True, "size": 300}, "diamond": {"labels": True, "size": 320},
               "backgammon": {"size": 460}, "mawari": {"size": 340}}


#: what to write on a puzzle's line, when it is not a move in the game's notation
#: (handout.pz.ask.<game>; the others: handout.pz.ask)
PUZZLE_ASK = ("mawari",)


def puzzle_svg(game: str, puzzle) -> str:
    """The puzzle's position drawn by the engine (as the puzzle's board shows it): the
    game's ``draw_puzzle(puzzle)`` when its puzzles module has one (回り将棋: the toss on
    the table under the board), else the position's own drawing."""
    import importlib
    draw_puzzle = getattr(importlib.import_module(f"boardkit.{game}.puzzles"), "draw_puzzle", None)
    if draw_puzzle is not None:
        svg = draw_puzzle(puzzle, **PUZZLE_DRAW.get(game, {})).to_svg()
    else:
        svg = puzzle.make_game().draw(**PUZZLE_DRAW.get(game, {})).to_svg()
    # backgammon boards print both pip counts: exercise 1 asks for the start's
    return hide_pips(svg)


def hide_toss_value(svg: str) -> str:
    """A 回り将棋 toss drawn without its outcome line ("17 forward · toss again",
    「17マス進む、また振る」): an exercise asks for exactly that."""
    from boardkit.i18n import tr
    lines = []
    for lang in LANGS:
        for key in ("ms.draw.forward", "ms.draw.overlap"):
            lines.append(re.escape(tr(key, lang)).replace(re.escape("{n}"), r"\d+"))
        lines.append(re.escape(tr("ms.draw.fell", lang)))
    again = "|".join(re.escape(tr("ms.draw.again", lang)) for lang in LANGS)
    outcome = re.compile(rf'(data-cell="toss">)(?:{"|".join(lines)})(?:{again})?(</text>)')
    return outcome.sub(r"\1___\2", svg)


def hide_pips(svg: str) -> str:
    """A backgammon board with its pip counts blanked (exercise 1 asks for them), in
    either language ("White 167 pips", 「白 167 ピップ」)."""
    return re.sub(r">(White|Red|白|赤) \d+ (pips|ピップ)<", r">\1 ___ \2<", svg)


def paper_goal(goal: str) -> str:
    """A puzzle's goal for paper: "Click the square ..." -> "Write the square ...",
    "click the piece ..." -> "name the piece ..." (回り将棋's click answers);
    「…をクリックしてください」 -> 「…を書いてください」."""
    goal = re.sub(r"\bClick the square\b", "Write the square", goal)
    goal = re.sub(r"をクリックして(ください|答えましょう)", r"を書いて\1", goal)
    return re.sub(r"\b([Cc])lick\b", lambda m: "Name" if m.group(1) == "C" else "name", goal)


def puzzles_section(game: str, head: str, puzzles: list, lang: str = "en") -> str:
    ask = W(f"pz.ask.{game}" if game in PUZZLE_ASK else "pz.ask", lang)
    out = [f"<section class='puzzles-page {game}'>",
           f"<h2>{W('pz.head', lang, head=html.escape(head))}</h2>",
           f"<p class='sub'>{W('pz.sub', lang, ask=ask)}</p>",
           "<div class='puzzles'>"]
    label = W("pz.answer" if game in PUZZLE_ASK else "pz.move", lang)
    for k, p in enumerate(puzzles, 1):
        cap = (f"<h3>{k}. {inline(p.text('title', lang))} "
               f"<span class='rid'>({html.escape(p.rule)})</span></h3>"
               f"<p>{inline(paper_goal(p.text('goal', lang)))}</p>")
        board = figure(paper_svg(puzzle_svg(game, p), PUZZLE_MM[game], game, drop=True))
        out.append(f"<div class='puzzle' data-puzzle='{k}'>{board}{cap}"
                   f"{blank_lines(1, label)}</div>")
    out.append("</div></section>")
    return "\n".join(out)


def puzzle_answers_section(head: str, puzzles: list, lang: str = "en") -> str:
    out = ["<section class='puzzle-answers-page'>",
           f"<h2>{W('pz.ans.head', lang, head=html.escape(head))}</h2>",
           f"<p><span class='teacher'>{W('teacher', lang)}</span> {W('pz.ans.sub', lang)}</p>",
           f"<table class='puzzle-answers'><tr><th>#</th><th>{W('pz.col.puzzle', lang)}</th>"
           f"<th>{W('pz.col.answer', lang)}</th><th>{W('pz.col.why', lang)}</th></tr>"]
    for k, p in enumerate(puzzles, 1):
        moves = W("pz.or", lang).join(f"<code>{html.escape(a)}</code>" for a in p.accepted)
        out.append(f"<tr><td>{k}</td><td>{inline(p.text('title', lang))} ({html.escape(p.rule)})</td>"
                   f"<td>{moves}</td><td>{inline(p.text('why', lang))}</td></tr>")
    out.append("</table></section>")
    return "\n".join(out)


# ---------------------------------------------------------------- the page

CSS = """
@page { size: A4; margin: 16mm 15mm 16mm 15mm;
        @top-left { font-family: 'DejaVu Sans', sans-serif; }
        @top-right { font-family: 'DejaVu Sans', 'IPAexGothic', sans-serif; font-size: 10pt; }
        @bottom-center { font-family: 'DejaVu Sans', 'IPAexGothic', sans-serif; font-size: 9pt; } }
@page teacher { @top-right { font-size: 10pt; font-weight: bold; } }
.teacher-page, .puzzle-answers-page, .quiz-answers-page { page: teacher; }
* { box-sizing: border-box; }
html, body { background: #fff; color: #000; }
body { font-family: 'IPAexGothic', 'Noto Sans CJK JP', 'IPAGothic', 'DejaVu Sans', sans-serif;
       font-size: 10pt; line-height: 1.4; margin: 0; }
h1 { font-size: 17pt; margin: 0 0 2mm 0; border-bottom: 1.5pt solid #000; }
h2 { font-size: 13pt; margin: 0 0 3mm 0; border-bottom: 0.6pt solid #000; }
h3 { font-size: 11pt; margin: 3mm 0 1mm 0; }
.sub { margin: 0 0 4mm 0; }
section { break-before: page; page-break-before: always; }
section:first-of-type { break-before: auto; page-break-before: auto; }
.rules { column-count: 2; column-gap: 7mm; }
.rule { break-inside: avoid; page-break-inside: avoid; margin: 0 0 2.5mm 0; }
.rule h3 { margin-top: 0; }
.rule .id { font-family: 'DejaVu Sans Mono', monospace; font-weight: bold;
            border: 0.6pt solid #000; padding: 0 1mm; margin-right: 1mm; }
.rule p { margin: 0.8mm 0; }
p.decision { font-size: 8.5pt; }
.intro p { margin: 1mm 0; }
code, pre { font-family: 'DejaVu Sans Mono', 'IPAexGothic', 'Noto Sans CJK JP', monospace;
            font-size: 8.5pt; }
pre { white-space: pre-wrap; margin: 1mm 0; }
.boards { display: flex; flex-wrap: wrap; gap: 4mm; justify-content: space-between; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; text-align: center; }
figure svg { display: block; margin: 0 auto; }
.boards figure { width: 48%; }
figcaption { font-size: 9pt; text-align: left; margin-top: 1mm; }
figcaption .id { font-weight: bold; }
.exercise { break-inside: avoid; page-break-inside: avoid; margin: 0 0 5mm 0; }
.exercise.big { break-inside: auto; page-break-inside: auto; }
.exercise figure { float: right; width: 46%; margin: 0 0 2mm 4mm; }
.wide .exercise figure { float: none; width: 100%; margin: 1mm 0; }
.exercise::after { content: ""; display: block; clear: both; }
.name { text-align: right; margin: 0 0 2mm 0; }
.name .blank { display: inline-block; width: 60mm; border-bottom: 0.6pt solid #000; }
.name .blank.short { width: 25mm; }
.exercise p { margin: 1mm 0; }
.write { margin: 1mm 0 2mm 0; overflow: hidden; }
.write .label { font-size: 9pt; }
.line { border-bottom: 0.6pt solid #000; height: 8mm; }
.answers li { margin: 0 0 2mm 0; }
.answers code { font-size: 9.5pt; }
.teacher { border: 1pt solid #000; padding: 1mm 2mm; font-weight: bold; display: inline-block; }
footer { font-size: 8pt; margin-top: 4mm; }
.puzzles { font-size: 0; }     /* no gap between the inline blocks */
.puzzle { display: inline-block; vertical-align: top; width: 48%; font-size: 10pt;
          break-inside: avoid; page-break-inside: avoid; margin: 0 0 3mm 0; }
.puzzle:nth-child(odd) { margin-right: 4%; }
.puzzle .write { margin: 0.5mm 0 0 0; }
.puzzle .line { height: 6mm; }
.puzzle h3 { margin: 1mm 0 0.5mm 0; font-size: 10pt; }
.puzzle p { margin: 0.5mm 0; font-size: 9pt; }
.puzzle .rid { font-weight: normal; }
.puzzle-answers { border-collapse: collapse; width: 100%; font-size: 9pt; }
.puzzle-answers th, .puzzle-answers td { border: 0.5pt solid #000; padding: 1mm 1.5mm;
                                         text-align: left; vertical-align: top; }
.puzzle-answers tr { break-inside: avoid; page-break-inside: avoid; }
.names { border: 0.8pt solid #000; padding: 1.5mm 2mm; margin: 0 0 3mm 0; }
.question { break-inside: avoid; page-break-inside: avoid; margin: 0 0 4mm 0; overflow: hidden; }
.question figure { float: right; margin: 0 0 2mm 4mm; }
.question p { margin: 1mm 0; }
.glossary { column-count: 2; column-gap: 7mm; font-size: 9pt; margin: 1mm 0 3mm 0;
            border: 0.5pt solid #000; padding: 1mm 2mm; }
@media screen { body { max-width: 190mm; margin: 10mm auto; } }
"""


def page_css(head: str, lang: str = "en") -> str:
    """The handout's name in the top left corner of every page, the name line, the page
    numbers and the teacher's pages' warning, in the handout's language."""
    text = head.replace("\\", "").replace('"', "")
    return (f'@page {{ @top-left {{ content: "{text}"; font-size: 9pt; }}\n'
            f'        @top-right {{ content: "{W("css.name", lang)}"; }}\n'
            f'        @bottom-center {{ content: {W("css.page", lang)}; }} }}\n'
            f'@page teacher {{ @top-right {{ content: "{W("css.teacher", lang)}"; }} }}\n')


def blank_lines(n: int = 2, label: str = "") -> str:
    lab = f"<div class='label'>{label}</div>" if label else ""
    return f"<div class='write'>{lab}" + "<div class='line'></div>" * n + "</div>"


def exercise_files(game: str, lang: str = "en", root: Path = ROOT) -> tuple[Path, Path]:
    """The exercise notebook's source and its solution's, in ``lang``'s edition."""
    folder = root / "exercises" / ("ja" if lang == "ja" else "")
    return folder / f"{game}.md", folder / "solutions" / f"{game}.md"


def rule_words(game: str, lang: str, root: Path = ROOT) -> list[tuple[str, str, str]]:
    """(ID, title, statement as markdown) of every rule: the English from
    docs/rules/<game>.md, another language's from the catalogue (``rule.<ID>.title`` and
    ``.why``, the words its boards use when they refuse a move)."""
    from boardkit.i18n import tr
    _, _, rules = parse_rules(root / "docs" / "rules" / f"{game}.md")
    if lang == "en":
        return [(r.rid, r.title, PAPER_RULES.get(r.rid) or paper_words(statement(r.body) or r.body))
                for r in rules]
    return [(r.rid, tr(f"rule.{r.rid}.title", lang), tr(f"rule.{r.rid}.why", lang)) for r in rules]


def build_html(game: str, root: Path = ROOT, lang: str = "en") -> str:
    """The handout of one game as one self-contained HTML page (boards inline as SVG), in
    ``lang`` (its exercises from that edition's exercises/ folder)."""
    with speaking(lang):
        return _build_html(game, root, lang)


def _build_html(game: str, root: Path, lang: str) -> str:
    rules_title, intro, _ = parse_rules(root / "docs" / "rules" / f"{game}.md")
    rules = rule_words(game, lang, root)
    ex_path, sol_path = exercise_files(game, lang, root)
    setup, exercises = parse_exercises(ex_path)
    _, solved = parse_exercises(sol_path)
    by_title = {e.title: e for e in solved}
    by_number = dict(enumerate(solved))
    ns: dict = {"__name__": f"handout_{game}"}
    run_cell(setup, ns)

    head = title(game, lang)
    out = [f"<!DOCTYPE html>\n<html lang='{lang}'><head><meta charset='utf-8'>",
           f"<title>{html.escape(head)} — {W('doc.handout', lang)}</title>"
           f"<style>{CSS}{page_css(head, lang)}</style></head><body>"]

    # 1. the rules
    out.append("<section class='rules-page'>")
    out.append(f"<h1>{html.escape(head)}</h1>")
    out.append(f"<p class='sub'>{W('rules.sub', lang, first=rules[0][0])}</p>")
    intro_md = "\n\n".join(p for p in re.split(r"\n\s*\n", intro)
                           if p.strip() and "boardkit" not in p and p.count("`") < 4)
    if intro_md and lang == "en":
        out.append(f"<div class='intro'>{markdown(intro_md)}</div>")
    pairs = GLOSSARY.get(game, [])
    if lang == "en":
        box = W("words", "en") + " · " + W("words", "ja")
        words = "".join(f"<div>{html.escape(en)} — <span lang='ja'>{html.escape(ja)}</span></div>"
                        for en, ja in pairs)
    else:
        box = W("words", lang) + " · " + W("words", "en")
        words = "".join(f"<div>{html.escape(ja)} — <span lang='en'>{html.escape(en)}</span></div>"
                        for en, ja in pairs)
    if words:
        out.append(f"<div class='glossary'><b>{box}</b>{words}</div>")
    if game in SQUARE_NAMES:
        out.append(f"<p class='names'>{W(f'names.{game}', lang)}</p>")
    out.append("<div class='rules'>")
    for rid, rtitle, words_md in rules:
        out.append(f"<div class='rule' id='{rid}'><h3><span class='id'>{rid}</span>"
                   f"{inline(rtitle)}</h3>{markdown(words_md)}</div>")
    out.append("</div></section>")

    # 2. key boards
    out.append("<section class='boards-page'>")
    out.append(f"<h2>{W('boards.head', lang, head=html.escape(head))}</h2>")
    out.append("<div class='boards'>")
    for rid, caption, drawing in key_boards(game, lang):
        out.append(figure(paper_svg(drawing.to_svg(), KEY_MM, game),
                          f"<span class='id'>{rid}</span> {inline(caption)}"))
    out.append("</div></section>")

    # 3. exercises, questions only
    wide = f" wide {game}" if game in WIDE_BOARDS else ""
    out.append(f"<section class='exercises-page{wide}'>")
    out.append(f"<h2>{W('ex.head', lang, head=html.escape(head))}</h2>")
    out.append(f"<p class='sub'>{W('ex.sub', lang)}</p>")
    if game in SQUARE_NAMES:
        out.append(f"<p class='names'>{W(f'names.{game}', lang)}</p>")
    for k, ex in enumerate(exercises, 1):
        # an exercise's solution: the one of the same title, else the one at its place
        sol = by_title.get(ex.title, by_number.get(k - 1))
        boards = sum(1 for kind, _ in ex.items if kind == "show")
        cls = "exercise big" if boards > 1 else "exercise"
        out.append(f"<div class='{cls}' data-exercise='{k}'><h3>{inline(ex.title)}</h3>")
        n_ans, letter = ex.n_answers, 0
        for kind, src in ex.items:
            if kind == "text":
                out.append(markdown(paper_words(src)))
            elif kind == "show":
                out.append(show_html(src, ns, game, lang))
            else:
                hint = paper_hint(answer_hint(src))
                m = re.match(r"(?:e\.g\.|例[：:]?) ?(.+?)( \(.*|（.*)?$", hint)
                if m and m.group(1) in solution_values(sol, ns, lang):
                    hint = (m.group(2) or "").strip()        # the example is the answer
                label = f"{'abcdefgh'[letter]})" if n_ans > 1 else ""
                if hint:
                    label = f"{label} <i>({inline(hint)})</i>".strip()
                out.append(blank_lines(2, label))
                letter += 1
        out.append("</div>")
    out.append("</section>")

    # 4. the board puzzles (their answers on a sheet of their own at the end)
    puzzles = puzzles_of(game)
    if puzzles:
        out.append(puzzles_section(game, head, puzzles, lang))

    # 5. the teacher's page
    out.append("<section class='teacher-page'>")
    out.append(f"<h2>{W('ans.head', lang, head=html.escape(head))}</h2>")
    out.append(f"<p><span class='teacher'>{W('teacher', lang)}</span> {W('ans.sub', lang)}</p>"
               "<ol class='answers'>")
    for k, ex in enumerate(exercises, 1):
        sol = by_title.get(ex.title, by_number.get(k - 1))
        texts = []
        if sol is not None:
            for kind, src in sol.items:
                if kind == "answer":
                    texts.extend(answer_texts(src))
        shown = []
        for j, t in enumerate(texts):
            code, _, note = t.partition("#")
            code = code.strip()
            try:
                value = plain(eval(code, dict(ns)), lang)
            except Exception:
                value = code.strip("\"'")
            pre = f"{'abcdefgh'[j]}) " if len(texts) > 1 else ""
            note = note.strip()
            note = f" — {inline(note)}" if note and not re.search(r"E\[|\*\*|Fraction", note) else ""
            shown.append(f"{pre}<b>{html.escape(value)}</b>{note}")
        body = "<br>".join(shown) if shown else W("ans.none", lang)
        out.append(f"<li><b>{inline(re.sub(r'^[0-9]+[.] *', '', ex.title))}</b><br>{body}</li>")
    out.append("</ol>")
    out.append(f"<footer>{W('footer', lang, game=game)}</footer>")
    out.append("</section>")
    if puzzles:
        out.append(puzzle_answers_section(head, puzzles, lang))
    out.append("</body></html>")
    return "\n".join(out)


# ---------------------------------------------------------------- the printable quizzes

@dataclass
class QuizQuestion:
    text: str
    answer: str                       # for the teacher's page
    board: object = None              # a drawing for the student's page (no answer on it)


def _moves(fen: str) -> str:
    from boardkit.checkers import CheckersGame
    return ", ".join(str(m) for m in CheckersGame(fen=fen).legal_moves())


def quiz_questions(game: str, lang: str = "en") -> list[QuizQuestion]:
    """The seven questions of the guide's printable quiz for ``game``, in ``lang``
    (catalogue: ``handout.quiz.<game>.<n>.q`` and ``.a``); the answers that come from a
    position or a count are computed by the engine here and given to the words as facts."""
    def Q(number: int, board=None, **facts) -> QuizQuestion:
        return QuizQuestion(W(f"quiz.{game}.{number}.q", lang, **facts),
                            W(f"quiz.{game}.{number}.a", lang, **facts), board)

    if game == "checkers":
        from boardkit.checkers import CheckersGame as G
        start = G()
        empty = 32 - len(start.pieces())
        pos = {2: "B:W28:B13", 3: "B:W15,31:B2,11", 4: "B:W17,24,26:B9,13,19", 5: "B:W28:BK1"}
        draw = {k: G(fen=f).draw(labels=True, size=300) for k, f in pos.items()}
        return [
            Q(1, empty=empty),
            Q(2, draw[2], moves=_moves(pos[2]).replace("13-", "")),
            Q(3, draw[3], moves=_moves(pos[3])),
            Q(4, draw[4], moves=_moves(pos[4])),
            Q(5, draw[5], n=len(_moves(pos[5]).split(", ")), moves=_moves(pos[5])),
            Q(6),
            Q(7),
        ]
    if game == "diamond":
        from boardkit.diamond import DiamondGame, DiamondRules
        from boardkit.diamond import geometry as B
        two = DiamondGame(DiamondRules(players=2))
        king = two.start_apex(0)
        reach = ", ".join(sorted(B.label(h) for h in two.reachable_from(king)))
        n = len(B.holes())
        inside = len(set(B.holes()) - set().union(*(B.camp(t) for t in B.TIP_NAMES)))
        return [
            Q(1, n=n),
            Q(2, inside=inside),
            Q(3),
            Q(4),
            Q(5, two.draw(labels=True, size=320), king=B.label(king), reach=reach),
            Q(6),
            Q(7),
        ]
    if game == "backgammon":
        from boardkit.backgammon import BackgammonGame
        from boardkit.backgammon import probability as P
        start = BackgammonGame()
        white, red = start.pip_count()
        return [
            Q(1, start.draw(size=460), pips=white),
            Q(2, n=sum(1 for a in range(1, 7) for b in range(1, 7) if 6 in (a, b))),
            Q(3, avg=str(P.average_roll()), approx=f"{float(P.average_roll()):.2f}"),
            Q(4, one=P.shot_count(1), six=P.shot_count(6)),
            Q(5, four=str(P.enter_probability(4)), five=str(1 - P.enter_probability(5))),
            Q(6),
            Q(7),
        ]
    if game == "mawari":
        from boardkit.mawari.toss import Toss, TossModel

        def value(t):
            return Toss.parse(t).value
        dist = TossModel.fair().value_distribution()
        return [
            Q(1, value=value("upright side up down")),
            Q(2),
            Q(3, p=str(Fraction(1, 2) ** 4)),
            Q(4, p=str(dist[2])),
            Q(5),
            Q(6),
            Q(7),
        ]
    raise ValueError(game)


def build_quiz_html(game: str, lang: str = "en") -> str:
    """The printable quiz of one game: the questions with their boards for the students,
    then the answers on a teacher's page of its own."""
    with speaking(lang):
        head = title(game, lang)
        qs = quiz_questions(game, lang)
        quiz = W("doc.quiz", lang)
        out = [f"<!DOCTYPE html>\n<html lang='{lang}'><head><meta charset='utf-8'>",
               f"<title>{html.escape(head)} — {quiz}</title><style>{CSS}"
               f"{page_css(head + ' — ' + quiz, lang)}</style></head><body>", "<section class='quiz-page'>",
               f"<h1>{W('quiz.head', lang, head=html.escape(head))}</h1>",
               f"<p class='sub'>{W('quiz.sub', lang)}</p><div class='quiz'>"]
        for k, q in enumerate(qs, 1):
            board = figure(paper_svg(q.board.to_svg(), QUIZ_MM[game], game, drop=True)) if q.board else ""
            cls = "question with-board" if board else "question"
            out.append(f"<div class='{cls}' data-question='{k}'>{board}<p><b>{k}.</b> "
                       f"{inline(q.text)}</p>{blank_lines(2)}</div>")
        out.append("</div></section><section class='quiz-answers-page'>")
        out.append(f"<h2>{W('quiz.ans.head', lang, head=html.escape(head))}</h2>")
        out.append(f"<p><span class='teacher'>{W('teacher', lang)}</span> {W('quiz.ans.sub', lang)}</p>"
                   "<ol class='answers'>")
        for q in qs:
            out.append(f"<li>{inline(q.answer)}</li>")
        out.append("</ol></section></body></html>")
        return "\n".join(out)


def write_html(game: str, out_dir: Path, quiz: bool = False, lang: str = "en") -> Path:
    """handouts: <game>.html; quiz=True: the printable quiz <game>_quiz.html (in ``lang``)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / (f"{game}_quiz.html" if quiz else f"{game}.html")
    path.write_text(build_quiz_html(game, lang) if quiz else build_html(game, lang=lang), encoding="utf-8")
    return path


def write_pdf(html_path: Path, pdf_path: Path | None = None, timeout: float = 120) -> Path:
    """Print one HTML handout to PDF with headless chromium (Debian's, never a download)."""
    exe = shutil.which("chromium") or CHROMIUM
    if not Path(exe).exists():
        raise FileNotFoundError(f"{CHROMIUM} not found: apt-get install chromium "
                                "(make browser-deps)")
    pdf_path = pdf_path or html_path.with_suffix(".pdf")
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--no-first-run", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", "--no-pdf-header-footer", f"--print-to-pdf={pdf_path}",
           html_path.resolve().as_uri()]
    if pdf_path.exists():
        pdf_path.unlink()
    with tempfile.TemporaryDirectory(prefix="handout-chromium-") as profile:
        # a profile of its own: another chromium (the browser tests) may be running
        cmd.insert(1, f"--user-data-dir={profile}")
        subprocess.run(cmd, check=True, timeout=timeout, capture_output=True)
    if not pdf_path.exists():
        raise RuntimeError(f"chromium wrote no PDF for {html_path}")
    return pdf_path


PUBLISHED = ROOT / "handouts"
#: where each language's committed handouts are (each folder has its own MANIFEST.json)
PUBLISHED_IN = {"en": PUBLISHED, "ja": PUBLISHED / "ja"}


def digest(text: str) -> str:
    import hashlib
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def publish(games=GAMES, out: Path | None = None, lang: str = "en") -> Path:
    """The committed handouts: handouts/<game>.pdf (Japanese: handouts/ja/<game>.pdf) for
    each game and the folder's MANIFEST.json with, per PDF, the SHA-256 of the HTML it was
    printed from and of the PDF itself (a test rebuilds the HTML and fails when a PDF is
    stale)."""
    import json
    out = out or PUBLISHED_IN[lang]
    out.mkdir(parents=True, exist_ok=True)
    manifest_path = out / "MANIFEST.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    with tempfile.TemporaryDirectory(prefix="handouts-") as tmp:
        for game, quiz in [(g, q) for g in games for q in (False, True)]:
            page = write_html(game, Path(tmp), quiz, lang)
            pdf = write_pdf(page, out / page.with_suffix(".pdf").name)
            manifest[pdf.name] = {"html_sha256": digest(page.read_text(encoding="utf-8")),
                                  "pdf_sha256": __import__("hashlib").sha256(
                                      pdf.read_bytes()).hexdigest()}
            print(f"{game} ({lang}): {pdf}")
    manifest_path.write_text(json.dumps(dict(sorted(manifest.items())), indent=1) + "\n")
    return manifest_path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", help=f"some of {', '.join(GAMES)} (default: all)")
    p.add_argument("--out", type=Path, default=ROOT / "build" / "handouts")
    p.add_argument("--no-pdf", action="store_true", help="write the HTML only")
    p.add_argument("--publish", action="store_true",
                   help="print the PDFs into handouts/ and handouts/ja/ (committed) and update "
                        "their MANIFEST.json")
    p.add_argument("--lang", choices=LANGS, action="append",
                   help="the edition(s) to build: en (build/handouts/), ja (build/handouts/ja/); "
                        "default both")
    a = p.parse_args(argv)
    unknown = [g for g in a.games if g not in GAMES]
    if unknown:
        p.error(f"unknown game(s) {unknown}; the games are {list(GAMES)}")
    langs = a.lang or list(LANGS)
    if a.publish:
        for lang in langs:
            publish(a.games or GAMES, lang=lang)
        return 0
    for game, lang in [(g, lang) for lang in langs for g in a.games or GAMES]:
        t0 = time.perf_counter()
        out = a.out / "ja" if lang == "ja" else a.out
        pages = [write_html(game, out, lang=lang), write_html(game, out, quiz=True, lang=lang)]
        done = [p.name for p in pages]
        if not a.no_pdf:
            try:
                done += [write_pdf(p).name for p in pages]
            except FileNotFoundError as exc:
                print(f"{game}: {pages[0]} written; no PDF: {exc}", file=sys.stderr)
                return 1
        print(f"{game} ({lang}): {', '.join(str(out / d) for d in done)} "
              f"({time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
