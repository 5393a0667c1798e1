"""The interactive board: one base widget for all games plus the clickable canvas."""
from .base import GameWidget, Selection
from .canvas import SvgCanvas

__all__ = ["GameWidget", "Selection", "SvgCanvas"]
