"""The errors boardkit raises on bad input, and the safe repr their messages use.

This module is the bottom of the package: it imports nothing from boardkit, so every
other module (the base, the input limits, the drawing, the words) can use it. The
names are also found where they always were (``boardkit``, ``boardkit._core``).
"""
from __future__ import annotations

import re
import reprlib
from collections.abc import Callable
from typing import Any

__all__ = ["BoardkitError", "IllegalMoveError", "FormatError", "short_repr"]


def _key_only(key: str, facts: dict[str, Any]) -> str:
    return key


#: renders a message key and its facts in English; ``boardkit._catalogue`` sets it when it
#: loads (it is imported with the package, so every error raised finds it set)
render_english: Callable[[str, dict[str, Any]], str] = _key_only

#: a message key of the catalogue ("ck.err.occupied"): lower-case words joined by dots
_KEY = re.compile(r"[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_\-]+)+")


class BoardkitError(ValueError):
    """Base class of every error boardkit raises on bad input.

    Raised with a message key of the catalogue and its facts,
    ``BoardkitError("ck.err.not_your_piece", square=22, side=Word("ck.side.black"))``,
    the error keeps both (``err.key``, ``err.facts``) so a board shows the same sentence
    in its own language (``boardkit.i18n.error_text``); ``str(err)`` is the English
    sentence. Raised with a sentence, ``err.key`` is None and the sentence is the message.
    """

    key: str | None = None
    facts: dict[str, Any] = {}

    def __init__(self, *args: Any, **facts: Any):
        if len(args) == 1 and isinstance(args[0], str) and (facts or _KEY.fullmatch(args[0])):
            self.key, self.facts = args[0], facts
            args = (render_english(args[0], facts),)
        super().__init__(*args)


class IllegalMoveError(BoardkitError):
    """A move that the rules forbid. The message names the rule in plain words.

    ``rule`` is the rule ID (``"CK-06"``) when one applies, so a notebook or a test can
    tell which rule was broken without parsing the message. The message is a key and its
    facts (``IllegalMoveError("ck.err.capture_due", rule="CK-06", capture="14x23")``),
    or, for a rule not yet worded in the catalogue, an English sentence.
    """

    def __init__(self, message: str, rule: str | None = None, **facts: Any):
        if not isinstance(message, str):
            raise BoardkitError(f"message: an illegal move is told in words (text), "
                                f"got {short_repr(message)}")
        if rule is not None and (not isinstance(rule, str) or not 0 < len(rule) <= 20):
            raise BoardkitError(f"rule: expected None or a rule ID such as 'CK-06', "
                                f"got {short_repr(rule)}")
        self.rule = rule
        super().__init__(message, **facts)
        text = self.args[0]
        if rule and rule not in text:
            self.args = (f"{text} ({rule})",)


class FormatError(BoardkitError):
    """Malformed text: notation, FEN, PDN, position IDs, JSON. Names the format."""


def short_repr(value: Any, limit: int = 40) -> str:
    """repr of any value, cut to about ``limit`` characters, that never fails and stays
    fast (error messages must stay small for 1 MB inputs): long text is cut before its
    repr is built, a huge int is described by its size, containers are shown a few
    items and levels deep (``reprlib``), a numpy array by its shape and dtype when
    large, and an object whose repr raises by its type name. ``limit`` must be a whole
    number of at least 1 (a BoardkitError otherwise)."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise BoardkitError(f"limit: expected a whole number of characters, at least 1; "
                            f"got {short_repr(limit)}")
    try:
        if isinstance(value, BaseException):
            text = str(value)
            return text if len(text) <= limit else text[:limit] + "..."
        if isinstance(value, (str, bytes, bytearray)) and len(value) > limit:
            return repr(value[:limit]) + "..."
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
            return f"<a whole number of about {int(value.bit_length() * 0.30103):,} digits>"
        size = getattr(value, "size", None)
        if type(value).__module__ == "numpy" and isinstance(size, int) and size > 16:
            return f"<numpy array, shape {tuple(value.shape)}, dtype {value.dtype}>"
        rep = reprlib.Repr()
        rep.maxlevel, rep.maxstring, rep.maxother, rep.maxlong = 3, limit, limit, 4 * limit
        rep.maxlist = rep.maxtuple = rep.maxdict = rep.maxset = rep.maxfrozenset = 6
        r = rep.repr(value)
        if " instance at 0x" in r:              # reprlib's answer to a repr that raised
            r = f"<{type(value).__name__}>"
    except Exception:                           # noqa: BLE001 - a hostile __repr__
        r = f"<{type(value).__name__}>"
    return r if len(r) <= limit else r[:limit] + "..."
