"""No cut-off words: every description and menu choice of the four boards shows whole.

ipywidgets draws a description in ``style.description_width`` (80 px unless set) and cuts
a longer one with an ellipsis; a menu's choice wider than the menu is cut too (QA saw
回り将棋's "Overlap back (MS-06)" and "table: fallen gold scores 0 (MS-08)" cut in
JupyterLab). Every control of every board (set-up panel included, hidden options too), in
English and Japanese, is checked against ``text_width``, a generous estimate of the
13 px widget font, itself checked against widths Chromium measured in JupyterLab 4.6
(tests/test_browser.py::test_no_label_or_menu_choice_is_cut_off measures them live).
"""
from __future__ import annotations

import re

import ipywidgets as W
import pytest

from boardkit import i18n
from boardkit.backgammon.widget import BackgammonWidget
from boardkit.checkers.widget import CheckersWidget
from boardkit.diamond.widget import DiamondWidget
from boardkit.mawari.widget import MawariWidget, tally_widget, toss_widget, what_if_widget
from boardkit.widgets.base import LABEL_GAP_PX, SELECT_EXTRA_PX, text_width

DEFAULT_LABEL_PX = 80        # --jp-widgets-inline-label-width
DEFAULT_CONTROL_PX = 300     # --jp-widgets-inline-width
CHECKBOX_PX = 24             # the box and its margin

#: widths in px of the label text, measured by Chromium in JupyterLab 4.6 (2026-12-01,
#: the scrollWidth of the cut label, canvas measureText for menu choices)
MEASURED = {
    "Overlap back (MS-06)": 141, "重なりで戻る (MS-06)": 133,
    "table: fallen gold scores 0 (MS-08)": 244, "American, captures optional": 162,
    "colour-blind safe (Okabe-Ito)": 165, "マネーゲーム（ジャコビールール）": 208,
    "チャイニーズチェッカー (DG-20)": 194, "ダイヤモンドゲーム（121穴）": 178,
    "アメリカ式（取らなくてもよい）": 195, "いつも戦う (always)": 118, "表の金1枚につき1マス": 132,
}


def _px(value, default: float) -> float | None:
    """A CSS width in px (None for "initial"/"auto": the text's own width)."""
    if value in (None, ""):
        return default
    if value in ("initial", "auto", "max-content"):
        return None
    m = re.fullmatch(r"(\d+(?:\.\d+)?)px", str(value))
    assert m, f"unexpected width {value!r}"
    return float(m.group(1))


def cut_off(c) -> list[str]:
    """What of control ``c`` would be cut: its description, or a menu choice."""
    out = []
    if isinstance(c, W.Checkbox):
        width = _px(c.layout.width, DEFAULT_CONTROL_PX)
        if width is not None:
            room = width - CHECKBOX_PX - ((DEFAULT_LABEL_PX + LABEL_GAP_PX) if c.indent else 0)
            if text_width(c.description) > room:
                out.append(f"check box {c.description!r}: {text_width(c.description):.0f} > {room:.0f} px")
        return out
    if not isinstance(c, (W.Dropdown, W.Text, W.IntSlider, W.FloatSlider, W.Select)):
        return out
    label = _px(c.style.description_width, DEFAULT_LABEL_PX) if c.description else 0.0
    if label is not None and text_width(c.description) > label:
        out.append(f"description {c.description!r}: {text_width(c.description):.0f} > {label:.0f} px")
    if isinstance(c, W.Dropdown):
        width = _px(c.layout.width, DEFAULT_CONTROL_PX)
        if width is not None:
            label_px = text_width(c.description) if label is None else label
            room = width - label_px - LABEL_GAP_PX - SELECT_EXTRA_PX
            out += [f"{c.description!r} choice {o!r}: {text_width(o):.0f} > {room:.0f} px"
                    for o in c._options_labels if text_width(o) > room]
    return out


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _everything():
    """Every board with every kind of option (hidden ones are in the tree too), and the
    回り将棋 toss-lab widgets."""
    d = DiamondWidget()
    d.options["board"].value = "chinese"             # the menus' choices change: refitted
    return [CheckersWidget(rules="custom"), CheckersWidget(rules="international"), DiamondWidget(),
            d, DiamondWidget(board="small", pieces=10), BackgammonWidget(rules="match 5"),
            MawariWidget(players=4), tally_widget(), toss_widget(), what_if_widget()]


def test_the_estimate_is_never_narrower_than_chromium():
    for text, px in MEASURED.items():
        assert px <= text_width(text) <= px * 1.4, (text, px, text_width(text))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_description_or_menu_choice_is_cut(lang):
    i18n.set_language(lang)
    try:
        boards = _everything()
    finally:
        i18n.set_language("en")
    problems = [f"{type(w).__name__}: {p}" for w in boards for c in _walk(w) for p in cut_off(c)]
    assert not problems, "\n".join(problems)


def test_the_check_catches_the_cut_labels_qa_saw():
    """The 回り将棋 set-up as it was (descriptions 110 px wide, menus 260 px, indented
    check boxes 300 px) fails the check."""
    old = W.Dropdown(options=["x"], description="Overlap back (MS-06)", layout=W.Layout(width="260px"),
                     style={"description_width": "110px"})
    assert cut_off(old)
    assert cut_off(W.Checkbox(description="table: fallen gold scores 0 (MS-08)"))
    assert cut_off(W.Dropdown(options=["one per face-up gold"], description="Golds",
                              layout=W.Layout(width="220px")))


def test_the_set_up_menus_line_up():
    """The set-up panel's descriptions share one width, so its menus start in one column."""
    for w in (MawariWidget(), CheckersWidget(), DiamondWidget(), BackgammonWidget()):
        widths = {c.style.description_width for c in w._setup_column.children
                  if isinstance(c, W.Dropdown)}
        assert len(widths) == 1, (type(w).__name__, widths)
