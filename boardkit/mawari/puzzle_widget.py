"""The 回り将棋 board of the puzzles: the pending toss drawn on the table (its value not
written: working it out is the puzzle), and in a battle puzzle the offer is not marked
(no target rings, buttons or "may be declared" event) until it is answered. The puzzle
data is ``boardkit.mawari.puzzles``; ``boardkit.widgets.puzzle`` puts it on this board.
"""
from __future__ import annotations

from typing import Any

from ..errors import BoardkitError, short_repr
from .puzzles import _tables
from .toss import Toss
from .widget import MawariWidget

__all__ = ["MawariPuzzleBoard"]


class MawariPuzzleBoard(MawariWidget):
    """The 回り将棋 widget as a puzzle board (see the module's docstring)."""

    def __init__(self, game=None, *, pending=(), conceal=False, **kw):
        if not isinstance(pending, (list, tuple)) or len(pending) > 10 \
                or not all(isinstance(t, Toss) for t in pending):
            raise BoardkitError(f"pending must be a list of at most 10 Toss (the puzzle's "
                                f"tosses); got {short_repr(pending)}")
        if not isinstance(conceal, bool):
            raise BoardkitError(f"conceal must be True or False; got {short_repr(conceal)}")
        self.pending = tuple(pending)
        self.conceal = conceal
        self.focus = None
        self.played = False        # the toss played out after the right answer
        super().__init__(game, **kw)
        self.join_button.layout.display = "none"

    def _decision_due(self) -> bool:
        return False           # the decision is the puzzle's answer: judged, not offered

    def render(self, selection) -> str:
        g: Any = self.game
        hl = [self.focus] if self.focus else ([] if g.is_over() else [g.square(g.turn)])
        d = g.draw(highlight=hl, hint=self.hint, flip=self.flipped,
                   last_move=not self.pending, lang=self.lang)
        _tables(d, self.pending, self.lang)
        return d.to_svg()

    def status_text(self) -> str:
        if self.pending:
            return self.tr("mawari.puzzle.status_toss")
        if self.conceal and getattr(self.game, "phase", None) == "decide":
            return self.tr("mawari.puzzle.status_battle")
        if self.played:
            return self.tr("mawari.puzzle.status_done")
        return super().status_text()

    def solved_note(self) -> str:
        """Said after "Solved" in the status line (``boardkit.puzzles``)."""
        return self.tr("mawari.puzzle.status_done") if self.played else ""

    def events_markup(self) -> str:
        g: Any = self.game
        if self.conceal and g.phase == "decide":
            keep = [e for e in g.events if getattr(e, "name", None) != "in_line"]
            saved, g.events = g.events, keep
            try:
                return super().events_markup()
            finally:
                g.events = saved
        return super().events_markup()
