"""Diamond Game text formats: hole labels, move text, the text diagram of a board.

Hole labels (``geometry.label`` / ``geometry.hole``): a row letter counted from the
bottom (``a``, the south ◎) to the top (``q``), then the place in the row from the
left: ``a1``, ``i5``, ``e13``.

Move text: labels joined by ``-`` for a step (``e5-e6``), ``:`` for jumps
(``e5:g5:g7``; ``x`` is read as ``:`` too), ``<>`` for the swap house rule (DG-16),
``pass`` when stuck (DG-07). Spaces around separators and upper case are accepted.
At most ``MAX_MOVE_TEXT`` characters: a chain lands on each hole at most once (DG-10),
so no move is longer; longer text is refused at once (FormatError), before any split.

Click ids: a drawn hole carries ``cell="q,r"`` (``cell_id``), the string a clickable board
reports; ``parse_cell`` reads it back, ``cell_label`` gives the label a student types
(``"3,-1"`` -> ``"e5"``) and ``path_text`` writes holes clicked in order as a move
(``e5-e6`` for a step to a neighbour, ``e7:g7:i5`` for jumps). These are the one mapping
between what is drawn and what is written.
"""
from __future__ import annotations

import re

from .._core import FormatError, short_repr
from .._input import check_instance
from . import geometry as B

__all__ = ["MAX_PATH", "MAX_MOVE_TEXT", "move_text", "parse_move", "board_text", "label", "hole",
           "cell_id", "parse_cell", "cell_label", "cell_names", "path_text"]

#: the most holes a path can list (its start, then each landing once: DG-10)
MAX_PATH = 121
#: the longest move text accepted (labels of up to 3 characters, separators, spaces)
MAX_MOVE_TEXT = 8 * MAX_PATH

label = B.label
hole = B.hole

_SPLIT = re.compile(r"\s*(?:<>|[-:x])\s*")
_SEPARATOR = {"step": "-", "swap": "<>"}


def move_text(path, kind: str) -> str:
    """The text of a move: ``pass``, or its holes' labels joined by the kind's separator."""
    if not isinstance(kind, str):
        raise FormatError(f"kind must be a move kind such as 'step' or 'hop', got {short_repr(kind)}")
    if kind == "pass":
        return "pass"
    sep = _SEPARATOR.get(kind, ":")
    try:
        return sep.join(B.label(h) for h in path)
    except (FormatError, TypeError):   # a hand-made value with a malformed path
        return f"<not a path: {short_repr(path, 60)}>"


def parse_move(text: str) -> list:
    """The holes of a move text (``[]`` for ``pass``); FormatError names the format.
    Whether the path is legal is the game's question (``movegen.check_path``)."""
    if not isinstance(text, str):
        raise FormatError("dg.err.notation_type", kind=type(text).__name__)
    if len(text) > MAX_MOVE_TEXT:
        raise FormatError("dg.err.notation_long", n=f"{len(text):,}", most=MAX_MOVE_TEXT)
    t = text.strip().lower()
    if t == "pass":
        return []
    parts = _SPLIT.split(t)
    if len(parts) < 2 or not all(parts):
        raise FormatError("dg.err.notation", text=text.strip())
    return [B.hole(x) for x in parts]


def cell_id(h) -> str:
    """The click id of a hole: ``"q,r"`` (``h``: (q, r) or a label; anything else
    is refused with FormatError, DG-01)."""
    q, r = B.parse_hole(h)
    return f"{q},{r}"


def parse_cell(x) -> tuple[int, int]:
    """A hole from ``(q, r)``, a click id ``"q,r"`` or a label (FormatError otherwise)."""
    if isinstance(x, str) and "," in x and len(x) < 64:
        try:
            q, r = (int(t) for t in x.split(","))
        except ValueError:
            return B.parse_hole(x)
        return B.parse_hole((q, r))
    return B.parse_hole(x)


def cell_label(cell) -> str:
    """The label a student writes for a clicked hole: ``cell_label("3,-1") == "e5"``; a
    label or a (q, r) hole is read too (FormatError for anything that names no hole)."""
    return B.label(parse_cell(cell))


def cell_names() -> dict[str, str]:
    """Every hole's click id and its label (``{"-4,8": "a1", ...}``): what a screen reader
    says for a focused hole."""
    return {cell_id(h): B.label(h) for h in B.HOLES}


def path_text(holes) -> str:
    """The move text of holes given in order (click ids, labels or (q, r)): two
    neighbouring holes are a step (``e5-e6``), anything else jumps (``e7:g7:i5``). One
    hole is its label alone. Whether the move is legal is the game's question."""
    if isinstance(holes, str) or not isinstance(holes, (list, tuple)):
        raise FormatError(f"holes must be a list of holes in order, got {short_repr(holes)}")
    if not 1 <= len(holes) <= MAX_PATH:
        raise FormatError(f"holes must list 1 to {MAX_PATH} holes, got {len(holes)}")
    path = [parse_cell(h) for h in holes]
    if len(path) == 1:
        return B.label(path[0])
    step = len(path) == 2 and B.distance(path[0], path[1]) == 1
    return move_text(path, "step" if step else "hop")


_LETTERS = {"red": "r", "yellow": "y", "green": "g", "purple": "p", "blue": "b", "orange": "o"}


def board_text(game) -> str:
    """A text diagram: rows q (top) to a; r y g ... for pieces, capitals for kings,
    ``.`` empty, ``,`` a hole forbidden to the player to move."""
    from .game import DiamondGame
    check_instance(game, DiamondGame, "game")
    forb = game.forbidden(game.turn)
    pieces = game.pieces()
    on = set(game.holes())
    lines = []
    for r in range(-8, 9):
        row = [h for h in B.HOLES if h[1] == r and h in on]
        if not row:
            continue
        left = row[0][0] + r / 2
        pad = int(round((left + 8) * 2))
        cells = []
        for h in row:
            if h in pieces:
                p, king = pieces[h]
                ch = _LETTERS[game.colour(p)]
                cells.append(ch.upper() if king else ch)
            else:
                cells.append("," if h in forb else ".")
        lines.append(f"{B.ROW_LETTERS[8 - r]} " + " " * pad + " ".join(cells))
    return "\n".join(lines)
