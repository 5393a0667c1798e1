"""matplotlib set up for the notebooks: a Japanese-capable font (IPAexGothic, bundled
by matplotlib-fontja, no system package needed) so 王 金 歩 and 回り将棋 render without
missing-glyph warnings, and a plain, readable style."""
from __future__ import annotations

from typing import Any

import matplotlib

_DONE = False


def setup() -> None:
    """Call once before plotting (idempotent)."""
    global _DONE
    if _DONE:
        return
    import matplotlib_fontja  # noqa: F401  (registers IPAexGothic and selects it)
    matplotlib.rcParams["font.family"] = "IPAexGothic"
    matplotlib.rcParams["axes.unicode_minus"] = False   # IPAexGothic lacks U+2212
    matplotlib.rcParams["figure.dpi"] = 80
    matplotlib.rcParams["svg.hashsalt"] = "boardkit"     # stable SVG ids if saved as SVG
    _DONE = True


def figure(*args, **kwargs) -> tuple[Any, Any]:
    """``plt.subplots`` with the font set up: (figure, axes)."""
    setup()
    import matplotlib.pyplot as plt
    return plt.subplots(*args, **kwargs)
