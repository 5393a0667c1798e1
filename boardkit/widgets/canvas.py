"""The clickable SVG canvas: one anywidget that shows an SVG and reports clicks.

Every element of a board drawing that stands for a cell carries ``data-cell``; a press
(pointerdown, so a redraw between press and release cannot swallow it) sets
``last_click`` to ``{"cell": ..., "n": counter}`` (the counter makes a second click
on the same cell a change too). A whole-board redraw is a single ``svg`` message.

Keyboard and screen readers: the board is one Tab stop; the arrow keys move a focus
ring between cells (to the nearest cell in the arrow's direction), Enter or Space sends
the same ``last_click`` message as a click. The board is ``role="img"`` with ``label``
as its ``aria-label`` (GameWidget sets it from ``describe()``).
"""
from __future__ import annotations

import pathlib

import anywidget
import numpy as np
import traitlets

from .._input import check_text as _check_text
from ..errors import BoardkitError, short_repr


class SvgCanvas(anywidget.AnyWidget):
    _esm = pathlib.Path(__file__).with_name("canvas.js")
    svg = traitlets.Unicode("").tag(sync=True)
    last_click = traitlets.Dict({}).tag(sync=True)
    #: the board's text description for screen readers (aria-label)
    label = traitlets.Unicode("").tag(sync=True)
    #: what a screen reader announces when it changes (a visually hidden live region that
    #: stays in the page: the status and any error; HTML re-rendered as a whole is not
    #: reliably announced)
    announce = traitlets.Unicode("").tag(sync=True)
    #: the names a screen reader hears for the focused cell, where a cell's id is not its
    #: usual name (Diamond's holes are "q,r" ids named "e5"); a missing id is read as is
    names = traitlets.Dict({}).tag(sync=True)
    #: px of the window's height kept for what is shown with the board (the status line
    #: above it, the move box, buttons and message line under it): the board is as wide as
    #: its place on the page, but never taller than the window less this
    reserve = traitlets.Int(170).tag(sync=True)
    #: a play page's title: shown as the browser tab's title too ("" leaves the tab alone)
    page_title = traitlets.Unicode("").tag(sync=True)
    #: px: the board never gets narrower than this (a tiny window scrolls instead)
    min_width = traitlets.Int(200).tag(sync=True)

    def click(self, cell: str) -> None:
        """Do from Python exactly what a click in the browser does (``cell``: a cell's
        name, or its number)."""
        if isinstance(cell, (int, np.integer)) and not isinstance(cell, (bool, np.bool_)) \
                and abs(int(cell)) < 10 ** 9:
            cell = str(int(cell))
        if not isinstance(cell, str) or len(cell) > 100:
            raise BoardkitError(f"cell: expected a cell's name (text of at most 100 characters), "
                                f"got {short_repr(cell)}")
        _check_text(cell, "cell", 100)
        n = int(self.last_click.get("n", 0)) + 1
        self.last_click = {"cell": cell, "n": n}
