"""The words of boardkit, read from one catalogue file per language.

Every user-facing word lives in a gettext catalogue under ``boardkit/locale/``:

  boardkit/locale/boardkit.pot                 English, the source language
  boardkit/locale/<lang>/LC_MESSAGES/boardkit.po   one file per other language ("ja")

An entry's context (``msgctxt``) is its key ("ck.err.occupied"), its ``msgid`` the
English text and, in a language file, its ``msgstr`` the translation. Texts are Python
format strings with named fields (``{square}``), flagged ``python-brace-format``. A
translator opens the ``.po`` file in Poedit, Weblate or any text editor and sees the
English beside every line; ``pybabel update`` marks a line fuzzy when its English changes.
Adding a language is adding a file: ``pybabel init -i boardkit/locale/boardkit.pot
-d boardkit/locale -D boardkit -l fr`` (see docs/i18n.md).

This module sits at the bottom of the package (beside ``errors``): an engine raises
``IllegalMoveError(key, rule=..., **facts)`` and its English sentence is rendered here,
so ``str(err)`` reads as it always did while another language renders the same key and
facts in its own words. ``Word(key)`` is a fact that is itself a word (a side's name, a
rule set's name): it is rendered in the language of the sentence around it.
"""
from __future__ import annotations

import os
import string
import threading
from collections.abc import Mapping
from importlib import resources
from typing import Any

from . import errors as _errors
from .errors import BoardkitError, short_repr

__all__ = ["Word", "render", "text", "has", "keys", "languages", "language", "set_language",
           "check_language", "language_from_env", "placeholders", "register", "LANG_VARIABLE",
           "DOMAIN"]

DOMAIN = "boardkit"
#: the environment variable that sets the language boardkit starts in
LANG_VARIABLE = "BOARDKIT_LANG"

_lock = threading.Lock()
_loaded: dict[str, dict[str, str]] = {}
_extra: dict[str, dict[str, str]] = {}       # languages registered in code (a test's pseudo-language)
_current = "en"


class Word:
    """A fact that is a word of the catalogue: ``Word("ck.side.black")`` renders as
    "Black" in an English sentence and 「黒」 in a Japanese one."""

    __slots__ = ("key", "facts")

    def __init__(self, key: str, **facts: Any):
        if not isinstance(key, str):
            raise BoardkitError(f"key: a catalogue key is text such as 'ck.side.1', "
                                f"got {short_repr(key)}")
        self.key = key
        self.facts = facts

    def __repr__(self) -> str:
        return f"Word({self.key!r})"

    def __str__(self) -> str:
        return render(self.key, "en", self.facts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Word) and (self.key, self.facts) == (other.key, other.facts)

    def __hash__(self) -> int:
        return hash(self.key)


def _locale_dir() -> Any:
    return resources.files("boardkit") / "locale"


def _read(path: Any) -> tuple[dict[str, str], dict[str, str]]:
    """(key -> text, key -> the English the text translates) of one catalogue file."""
    from babel.messages.pofile import read_po
    with path.open("rb") as f:
        catalog = read_po(f)
    out: dict[str, str] = {}
    source: dict[str, str] = {}
    for m in catalog:
        # every entry is a single text (no plural forms) keyed by its context
        if not isinstance(m.id, str) or not m.id or not m.context:
            continue
        out[m.context] = m.string if isinstance(m.string, str) and m.string else m.id
        source[m.context] = m.id
    return out, source


def _files() -> dict[str, Any]:
    base = _locale_dir()
    found = {"en": base / f"{DOMAIN}.pot"}
    try:
        for entry in sorted(base.iterdir(), key=lambda e: e.name):
            po = entry / "LC_MESSAGES" / f"{DOMAIN}.po"
            if entry.is_dir() and po.is_file():
                found[entry.name] = po
    except OSError:
        pass
    return found


def languages() -> tuple[str, ...]:
    """The languages boardkit speaks: English first, then one per catalogue file (and any
    registered with ``register``)."""
    names = list(_files())
    names += [n for n in _extra if n not in names]
    return tuple(names)


def _catalogue(lang: str) -> dict[str, str]:
    words = _loaded.get(lang)
    if words is None:
        with _lock:
            words = _loaded.get(lang)
            if words is None:
                if lang in _extra:
                    words = _extra[lang]
                else:
                    path = _files().get(lang)
                    words = _read(path)[0] if path is not None else {}
                _loaded[lang] = words
    return words


def register(lang: str, words: Mapping[str, str]) -> None:
    """A language given in code (key -> text), e.g. the tests' pseudo-language; a
    language with a file cannot be replaced."""
    if not isinstance(lang, str) or not lang.isidentifier() or lang in _files():
        raise BoardkitError(f"register: lang must be a new language code such as 'xx', "
                            f"got {short_repr(lang)}")
    _extra[lang] = dict(words)
    _loaded.pop(lang, None)


def source(lang: str) -> dict[str, str]:
    """key -> the English text a language file translates (for the staleness check)."""
    path = _files().get(lang)
    return _read(path)[1] if path is not None else {}


def keys(lang: str = "en") -> frozenset[str]:
    return frozenset(_catalogue(lang))


def has(key: str, lang: str = "en") -> bool:
    return key in _catalogue(lang)


def placeholders(template: str) -> frozenset[str]:
    """The named fields of a template ("{who} wins" -> {"who"}); a template that is no
    format string has none."""
    try:
        return frozenset(name.split(".")[0].split("[")[0]
                         for _, name, _, _ in string.Formatter().parse(template) if name)
    except ValueError:
        return frozenset()


class _Facts(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fact(value: Any, lang: str) -> Any:
    if isinstance(value, Word):
        return render(value.key, lang, value.facts)
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return value
    if type(value) in (list, tuple) and len(value) <= 50 \
            and all(isinstance(v, (str, int, Word)) and not isinstance(v, bool) for v in value):
        sep = render("list_sep", lang) if "list_sep" in _catalogue(lang) else ", "
        return sep.join(str(_fact(v, lang)) for v in value)
    if type(value) in (list, tuple, set, frozenset, dict, bytes, bytearray) \
            or type(value).__module__ == "numpy" or (isinstance(value, (list, tuple, dict))
                                                     and type(value).__str__ is object.__str__):
        return short_repr(value)
    try:                                    # a move, a cell: its own text
        out = str(value)
    except Exception:                       # noqa: BLE001 - a hostile __str__
        return short_repr(value)
    return out if len(out) <= 300 else out[:300] + "..."


def render(key: str, lang: str | None = None, facts: Mapping[str, Any] | None = None) -> str:
    """The text of ``key`` in ``lang`` (None: the current language) with its facts.

    A key missing from the language falls back to English, one missing from English is
    shown as the key itself (a typo is visible, never a crash); a fact the template does
    not name is ignored and a field no fact fills stays as ``{field}``. Only a key, lang or
    facts of the wrong kind raise (a BoardkitError naming it)."""
    if not isinstance(key, str):
        raise BoardkitError(f"key: a catalogue key is text such as 'new_game', got {short_repr(key)}")
    if lang is not None and not isinstance(lang, str):
        raise BoardkitError(f"lang: expected a language code such as 'ja' or None, "
                            f"got {short_repr(lang)}")
    if facts is not None and not isinstance(facts, Mapping):
        raise BoardkitError(f"facts: expected a mapping of names to values, got {short_repr(facts)}")
    lang = lang or _current
    template = _catalogue(lang).get(key)
    if template is None:
        template = _catalogue("en").get(key, key) if lang != "en" else key
    if not facts:
        return template
    try:
        return template.format_map(_Facts({k: _fact(v, lang) for k, v in facts.items()}))
    except (ValueError, IndexError, AttributeError, TypeError, KeyError):
        return template


_errors.render_english = lambda key, facts: render(key, "en", facts)


def text(key: str, lang: str | None = None, **facts: Any) -> str:
    """``render`` with the facts as keywords: ``text("to_move", "ja", who="黒")``."""
    return render(key, lang, facts)


def check_language(lang: Any) -> str:
    """``lang`` checked (None: the current language)."""
    if lang is None:
        return _current
    if not isinstance(lang, str) or lang not in languages():
        raise BoardkitError(f"lang must be one of {list(languages())}, got {short_repr(lang)}")
    return lang


def set_language(lang: str) -> None:
    """Choose the language of boards, widgets and messages made from now on ("en", "ja").
    A board already built keeps its own language."""
    global _current
    _current = check_language(lang) if lang is not None else "en"


def language() -> str:
    """The current language: what a board built now speaks."""
    return _current


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language ``BOARDKIT_LANG`` asks for: a language code ("ja") or a locale name
    whose language part is one ("ja_JP.UTF-8"); unset or empty gives "en". Any other value
    is refused with a ``BoardkitError`` naming the variable and the languages."""
    if environ is not None and not isinstance(environ, Mapping):
        raise BoardkitError(f"environ: expected a mapping such as os.environ, got {short_repr(environ)}")
    raw = (os.environ if environ is None else environ).get(LANG_VARIABLE, "")
    value = str(raw).strip()[:40]
    if not value:
        return "en"
    lang = value.replace("-", "_").split(".")[0].split("_")[0].lower()
    if lang not in languages():
        raise BoardkitError(f"{LANG_VARIABLE} must be one of {list(languages())} "
                            f"(or a locale such as ja_JP.UTF-8), got {value!r}")
    return lang
