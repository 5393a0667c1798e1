"""Diamond Game text formats: hole labels, move text, the text diagram of a board.

Hole labels (``geometry.label`` / ``geometry.hole``): a row letter counted from the
bottom (``a``, the south ◎) to the top (``q``), then the place in the row from the
left: ``a1``, ``i5``, ``e13``.

Move text: labels joined by ``-`` for a step (``e5-e6``), ``:`` for jumps
(``e5:g5:g7``; ``x`` is read as ``:`` too), ``<>`` for the swap house rule (DG-16),
``pass`` when stuck (DG-07). Spaces around separators and upper case are accepted.
At most ``MAX_MOVE_TEXT`` characters: a chain lands on each hole at most once (DG-10),
so no move is longer; longer text is refused at once (FormatError), before any split.
"""
from __future__ import annotations

import re

from .._core import FormatError, short_repr
from .._input import check_instance
from . import geometry as B

__all__ = ["MAX_PATH", "MAX_MOVE_TEXT", "move_text", "parse_move", "board_text", "label", "hole"]

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
