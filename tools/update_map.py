"""Rewrite the map of the notebooks in README.md and in the start notebook.

    .venv/bin/python tools/update_map.py           # rewrite both maps
    .venv/bin/python tools/update_map.py --check   # exit 1 if a map is out of date

Each edition has its map: the English one in README.md and notebooks/00_start_here.md, the
Japanese one (notebooks/ja, exercises/ja, and the glossary) in README.ja.md and
notebooks/ja/00_start_here.md. The map is the list of lessons per game, each with its
title (the first ``# `` heading of its MyST source ``notebooks/NN_name.md``), plus the
game's exercise notebook. It sits between the markers ``<!-- map -->`` and
``<!-- /map -->``; nothing outside the markers is touched. The start
notebook's ``.ipynb`` is then synced from its ``.md`` (jupytext), its outputs kept.

Run it after adding, renaming or retitling a notebook.
"""
from __future__ import annotations

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import _generated  # noqa: E402

NB = ROOT / "notebooks"
START = NB / "00_start_here.md"
README = ROOT / "README.md"
START_JA = NB / "ja" / "00_start_here.md"        # the Japanese edition's start page and README
README_JA = ROOT / "README.ja.md"
BEGIN, END = "<!-- map -->", "<!-- /map -->"
SECTIONS = [  # first digit of the notebook number, heading, game
    ("1", "チェッカー Checkers / draughts", "checkers"),
    ("2", "ダイヤモンドゲーム Diamond Game", "diamond"),
    ("3", "バックギャモン Backgammon", "backgammon"),
    ("4", "回り将棋 Mawari shogi", "mawari"),
]


def title(path: pathlib.Path) -> str:
    """The first ``# `` heading of a lesson (read from its .md twin)."""
    md = path.with_suffix(".md")
    if md.exists():
        text = re.sub(r"\A---\n.*?\n---\n", "", md.read_text(encoding="utf-8"), flags=re.S)
        text = re.sub(r"```.*?```", "", text, flags=re.S)     # skip code cells
    else:
        import nbformat

        nb = nbformat.read(path, as_version=4)
        text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    m = re.search(r"(?m)^# +(.+?)\s*$", text)
    return m.group(1) if m else path.stem


SECTIONS_JA = {"1": "チェッカー", "2": "ダイヤモンドゲーム", "3": "バックギャモン", "4": "回り将棋"}


def notebook_map(link_prefix: str = "", exercises_prefix: str = "../exercises/",
                 lang: str = "en") -> str:
    """The map of one edition's lessons (``lang="ja"``: notebooks/ja, exercises/ja)."""
    nb, ex_dir = (NB / "ja", ROOT / "exercises" / "ja") if lang == "ja" else (NB, ROOT / "exercises")
    lines = []
    if lang == "ja":
        glossary = nb / "01_glossary.ipynb"
        lines += [f"- [{title(glossary)}]({link_prefix}{glossary.name})", ""]
    for digit, heading, game in SECTIONS:
        lines.append(f"**{SECTIONS_JA[digit] if lang == 'ja' else heading}**\n")
        for p in sorted(nb.glob(f"{digit}[0-9]_*.ipynb")):
            # the Japanese map links each title (a file name is no Japanese to read)
            lines.append(f"- [{title(p)}]({link_prefix}{p.name})" if lang == "ja"
                         else f"- [{p.name}]({link_prefix}{p.name}): {title(p)}")
        ex = ex_dir / f"{game}.ipynb"
        if ex.exists() and lang == "ja":
            lines.append(f"- [練習問題]({exercises_prefix}{ex.name})（解答は `exercises/ja/solutions/`）")
        elif ex.exists():
            lines.append(f"- exercises: [{ex.name}]({exercises_prefix}{ex.name}) "
                         f"(solutions in `exercises/solutions/`)")
        lines.append("")
    return "\n".join(lines)


def replaced(text: str, body: str, where: str) -> str:
    """``text`` with the lines between the marker lines replaced by ``body``."""
    begin = re.compile(rf"(?m)^{re.escape(BEGIN)}[ \t]*$")
    end = re.compile(rf"(?m)^{re.escape(END)}[ \t]*$")
    if len(begin.findall(text)) != 1 or len(end.findall(text)) != 1:
        raise SystemExit(f"{where}: needs exactly one line {BEGIN} and one line {END}")
    head, rest = begin.split(text, 1)
    _, tail = end.split(rest, 1)
    return head + BEGIN + "\n" + body + "\n" + END + tail


def targets() -> dict[pathlib.Path, str]:
    """Each file with the text it should have."""
    return {
        README: replaced(README.read_text(encoding="utf-8"),
                         notebook_map("notebooks/", "exercises/"), "README.md"),
        START: replaced(START.read_text(encoding="utf-8"), notebook_map(),
                        "notebooks/00_start_here.md"),
        README_JA: replaced(README_JA.read_text(encoding="utf-8"),
                            notebook_map("notebooks/ja/", "exercises/ja/", "ja"), "README.ja.md"),
        START_JA: replaced(START_JA.read_text(encoding="utf-8"),
                           notebook_map("", "../../exercises/ja/", "ja"), "notebooks/ja/00_start_here.md"),
    }


def stale() -> list[str]:
    return _generated.stale(targets())


def main(argv: list[str]) -> int:
    out = _generated.main(argv, targets, "map", "update_map.py")
    if "--check" in argv:
        return out
    from jupytext.cli import jupytext as jupytext_cli

    for start in (START, START_JA):
        jupytext_cli(["--quiet", "--sync", str(start)])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
