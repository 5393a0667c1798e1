"""The language of boardkit's words: ``tr(key, lang, **facts)`` and the current language.

Every word a student reads is in one catalogue file per language
(``boardkit/locale/boardkit.pot`` for English, ``boardkit/locale/ja/LC_MESSAGES/boardkit.po``
for Japanese; ``boardkit._catalogue`` reads them, docs/i18n.md says how to add one):

    from boardkit.i18n import tr, set_language
    tr("to_move", who="Black", kind=tr("you"))     # 'Black (you) to move'
    tr("to_move", "ja", who="黒", kind="あなた")     # '黒（あなた）の番です'
    set_language("ja")                             # boards built from now on speak Japanese

A board keeps the language it was built in (``lang=`` on widgets, puzzles, quizzes, tip
labs and ``draw()``). A play server or a class's Jupyter can start in Japanese without a
code cell: the ``BOARDKIT_LANG`` environment variable ("ja", "en", or a locale such as
"ja_JP.UTF-8") is read when boardkit is imported (``language_from_env``).

A key missing from a language falls back to English; a key missing from English is shown
as the key itself (so a typo is visible, never a crash).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from . import _catalogue
from ._catalogue import LANG_VARIABLE, Word, check_language, language, language_from_env, render, set_language

__all__ = ["tr", "say", "set_language", "language", "language_from_env", "error_text",
           "check_language", "languages", "render", "Word", "CATALOGUES", "LANGUAGES",
           "LANG_VARIABLE"]


class _Catalogues(Mapping[str, dict[str, str]]):
    """lang -> that language's words (key -> text), read from its file when first asked."""

    def __getitem__(self, lang: str) -> dict[str, str]:
        if lang not in _catalogue.languages():
            raise KeyError(lang)
        return _catalogue._catalogue(lang)

    def __iter__(self) -> Iterator[str]:
        return iter(_catalogue.languages())

    def __len__(self) -> int:
        return len(_catalogue.languages())


CATALOGUES: Mapping[str, dict[str, str]] = _Catalogues()
LANGUAGES = _catalogue.languages()


def languages() -> tuple[str, ...]:
    return _catalogue.languages()


def tr(key: str, lang: str | None = None, **kw: Any) -> str:
    """The text of ``key`` in ``lang`` (None: the current language), with its facts."""
    return render(key, lang, kw)


# every rule's title and reason, and the lines a board shows for a refused move or
# unreadable text (boardkit/i18n_rules.py): words in one catalogue, as the widgets' own
from . import i18n_rules as _i18n_rules  # noqa: E402
from .i18n_rules import RULE_WORDS, error_text  # noqa: E402, F401 (RULE_WORDS: also found here)

_i18n_rules.language_source = language


def say(thing: Any, lang: str | None = None) -> str:
    """What ``thing`` says, in ``lang`` (None: the current language): a ``Word``, an
    ending (an ``Outcome``: its ``key`` and ``facts``), or an error (``error_text``);
    anything else is ``str(thing)``. A lesson prints ``say(err)`` where ``print(err)``
    would always be English, so its two editions share one line of code."""
    lang = check_language(lang)
    if isinstance(thing, BaseException):
        return error_text(thing, lang)
    key = getattr(thing, "key", None)
    if isinstance(key, str) and _catalogue.has(key):
        facts = getattr(thing, "facts", None)
        return render(key, lang, facts if isinstance(facts, Mapping) else None)
    if isinstance(thing, str):
        return thing
    try:
        return str(thing)
    except Exception:       # a value str() cannot write (a huge int, a deep list, a bad __str__)
        from .errors import BoardkitError, short_repr
        raise BoardkitError(f"say: thing must be a Word, an ending, an error or a printable "
                            f"value; got {short_repr(thing)}") from None

set_language(language_from_env())
