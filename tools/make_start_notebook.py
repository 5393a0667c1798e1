"""Write notebooks/00_start_here.ipynb (the map of the kit, one board of each game) and
the notebook map in README.md (between the <!-- map --> markers).

The map is read from the notebooks themselves (their first heading), so it stays
current: run this after adding a notebook, then `make notebooks`."""
from __future__ import annotations

import json
import pathlib

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = pathlib.Path(__file__).resolve().parents[1]
NB = ROOT / "notebooks"
SECTIONS = [
    ("1", "チェッカー Checkers / draughts", "checkers"),
    ("2", "ダイヤモンドゲーム Diamond Game", "diamond"),
    ("3", "バックギャモン Backgammon", "backgammon"),
    ("4", "回り将棋 Mawari shogi", "mawari"),
]


def title(path: pathlib.Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return path.stem


def notebook_map(link_prefix: str = "") -> str:
    lines = []
    for digit, heading, game in SECTIONS:
        lines.append(f"**{heading}**\n")
        for p in sorted(NB.glob(f"{digit}[0-9]_*.ipynb")):
            lines.append(f"- [{p.name}]({link_prefix}{p.name}): {title(p)}")
        ex = ROOT / "exercises" / f"{game}.ipynb"
        if ex.exists():
            lines.append(f"- exercises: [{ex.name}]({link_prefix}../exercises/{ex.name}) "
                         f"(solutions in `exercises/solutions/`)")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    cells = [
        new_markdown_cell(
            "# Start here: boardkit, four board games rule by rule\n\n"
            "This kit teaches four games from their rules up. Every rule has an ID "
            "(like `CK-06` or `DG-11`) that you will see cited next to it; the same IDs "
            "appear in the engine's tests, so you can trace each sentence of a rule to the "
            "code that checks it. The rules themselves, in plain words, are in `docs/rules/`.\n\n"
            "How to use a notebook: read from top to bottom and run each cell "
            "(Shift+Enter). Boards marked *try it* can be played by clicking: click a piece, "
            "its legal destinations are marked, click one. Every notebook is saved with its "
            "outputs, so you can also just read it."),
        new_markdown_cell("## The four games on their starting boards\n\n"
                          "Each game is an object; ending a cell with it draws its board."),
        new_code_cell("from boardkit.checkers import CheckersGame\nCheckersGame()"),
        new_code_cell("from boardkit.diamond import DiamondGame\nDiamondGame()"),
        new_code_cell("from boardkit.backgammon import BackgammonGame\nBackgammonGame()"),
        new_code_cell("from boardkit.mawari import MawariGame\nMawariGame(players=4)"),
        new_markdown_cell(
            "All four share the same verbs: `legal_moves()`, `play(move)`, `undo()`, "
            "`is_over()`, `outcome()`. For example, the first moves of checkers:"),
        new_code_cell("g = CheckersGame()\n[str(m) for m in g.legal_moves()]"),
        new_markdown_cell("## The map\n\n" + notebook_map()),
        new_markdown_cell(
            "## Try one now\n\nA game of checkers against the computer (you play Black, "
            "who moves first; pick the level under *Game setup*):"),
        new_code_cell("from boardkit.checkers.widget import CheckersWidget\n"
                      "CheckersWidget(computer=1)"),
    ]
    nb = new_notebook(cells=cells, metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"}})
    nbformat.write(nb, NB / "00_start_here.ipynb")
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    start, end = "<!-- map -->", "<!-- /map -->"
    if start in text and end in text:
        head, rest = text.split(start, 1)
        _, tail = rest.split(end, 1)
        body = notebook_map("notebooks/").replace("notebooks/../exercises/", "exercises/")
        readme.write_text(head + start + "\n" + body + "\n" + end + tail, encoding="utf-8")


if __name__ == "__main__":
    main()
