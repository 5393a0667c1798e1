"""Why a move was refused, in the learner's language: the rules' titles and reasons.

Every error the engines raise on a forbidden move carries the rule it breaks
(``IllegalMoveError.rule``, e.g. ``"CK-06"``), but its message is English. This module
holds, for every rule ID of docs/rules/*.md, a short title and a sentence or two saying what
the rule requires (``RULE_WORDS``: keys ``rule.<ID>.title`` and ``rule.<ID>.why``, plus
the ``error.*`` templates, all in the catalogue files), and ``error_text(err)`` builds the
line a board shows:

    error_text(err, "en")   # str(err), unchanged
    error_text(err, "ja")   # 'その手はできません（CK-06 強制取り）: 取れる駒があるときは…'

The English titles are the docs' headings word for word (a test checks it); the
Japanese uses the words of the original articles and of the kit (王駒, 子駒, キング,
ゾロ目, ヒット, ベアオフ, 表/裏, 寝かし …). ``boardkit.i18n`` hands this module its
``language`` (``language_source``).
"""
from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from . import _catalogue
from .errors import FormatError

__all__ = ["RULE_WORDS", "RULE_IDS", "error_text"]

class _RuleWords(Mapping[str, dict[str, str]]):
    """lang -> the rule words of that language's catalogue (``rule.*`` and ``error.*``)."""

    def __getitem__(self, lang: str) -> dict[str, str]:
        if lang not in _catalogue.languages():
            raise KeyError(lang)
        words = _catalogue._catalogue(lang)
        return {k: v for k, v in words.items() if k.startswith(("rule.", "error."))}

    def __iter__(self) -> Iterator[str]:
        return iter(_catalogue.languages())

    def __len__(self) -> int:
        return len(_catalogue.languages())


#: the catalogue's rule words, per language
RULE_WORDS: Mapping[str, dict[str, str]] = _RuleWords()

#: every rule ID that has words (the docs' IDs: a test compares them)
RULE_IDS: tuple[str, ...] = tuple(sorted(
    {k.split(".")[1] for k in _catalogue.keys("en") if k.startswith("rule.") and k.endswith(".title")},
    key=lambda i: ("CK", "DG", "BG", "MS").index(i[:2]) * 100 + int(i[3:])))

_ID = re.compile(r"[A-Z]{2}-\d\d")


def _fill(template: str, **fields: str) -> str:
    """``template`` with its fields; only the named ones, so a stray brace in a value or
    a template edited later cannot raise."""
    out = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if name is not None:
            out.append(fields.get(name, "{" + name + "}"))
    return "".join(out)


#: gives the current language; ``boardkit.i18n`` sets it to its ``language`` when it loads
#: (this module sits below the catalogue and never imports it)
language_source: Callable[[], str] = lambda: "en"  # noqa: E731


def _current_language() -> str:
    try:
        return language_source()
    except Exception:       # error_text must answer even if the catalogue cannot load
        return "en"


def _plain(err: Any) -> str:
    try:
        return str(err)
    except Exception:
        return type(err).__name__


def error_text(err: BaseException, lang: str | None = None) -> str:
    """The text a board shows for ``err`` (a BoardkitError) in ``lang`` (None: the
    current language). Never raises.

    English: ``str(err)`` unchanged. Another language:
    - an error raised with a message key (``err.key``) reads the same sentence from that
      language's catalogue, with the same facts, and the rule ID after it;
    - a refused move without a key but with a known ``err.rule`` (one ID, or several as
      "DG-09, DG-11") gives the rules' titles and reasons;
    - anything else gives a general line in that language (unreadable text, or a thing
      that cannot be done), never the English sentence.
    """
    detail = _plain(err)
    try:
        lang = lang or _current_language()
        if lang == "en":
            return detail
        rule = getattr(err, "rule", None)
        key = getattr(err, "key", None)
        if isinstance(key, str) and _catalogue.has(key, lang):
            line = _catalogue.render(key, lang, getattr(err, "facts", None) or {})
            if isinstance(rule, str) and rule and rule not in line:
                line = _catalogue.text("error.with_rule", lang, line=line, rule=rule)
            return line
        words = _catalogue._catalogue(lang)
        ids = _ID.findall(rule) if isinstance(rule, str) else []
        known = bool(ids) and all(f"rule.{i}.why" in words for i in ids) \
            and _ID.sub("", str(rule)).replace(",", "").strip() == ""
        if known:
            sep = words["error.rule_sep"]
            why = words[f"rule.{ids[0]}.why"]
            for i in ids[1:]:
                why = _fill(words["error.why_pair"], first=why, second=words[f"rule.{i}.why"])
            return _fill(words["error.refused"], rule=sep.join(ids),
                         title=sep.join(words[f"rule.{i}.title"] for i in ids), why=why)
        return words["error.format" if isinstance(err, FormatError) else "error.other"]
    except Exception:
        return detail
