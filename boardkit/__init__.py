"""boardkit: a Jupyter kit that teaches four board games rule by rule.

Games: ``boardkit.checkers``, ``boardkit.diamond``, ``boardkit.backgammon``,
``boardkit.mawari``. Shared pieces: ``boardkit.svg`` (drawing), ``boardkit.sim``
(tournaments and Monte Carlo), ``boardkit.widgets`` (the clickable board),
``boardkit.plot`` (matplotlib with a Japanese font), ``boardkit.exercises``.
"""
from . import i18n as _i18n  # noqa: F401  (the words, and BOARDKIT_LANG, from the start)
from ._catalogue import language, set_language
from ._core import ChanceStep, Game, Outcome
from .errors import BoardkitError, FormatError, IllegalMoveError

__version__ = "0.1.0"   # the only place the version is written (pyproject reads it)
__all__ = ["BoardkitError", "ChanceStep", "FormatError", "Game", "IllegalMoveError", "Outcome",
           "language", "set_language"]
