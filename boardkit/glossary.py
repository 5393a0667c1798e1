"""The glossary: every game term the lessons teach, with the other edition's word for it
and the rule it belongs to (the Japanese edition's 用語集 notebook shows it).

The terms' words and one-line meanings are in the catalogue (``glossary.<id>`` and
``glossary.<id>.what``); this module only lists them, in teaching order, with their game
and rule ID.

    from boardkit import glossary
    glossary.table("diamond", lang="ja")      # an HTML table: 用語 / 英語版での言葉 / ルール / 意味
"""
from __future__ import annotations

import html
from typing import NamedTuple

from .errors import BoardkitError, short_repr
from .i18n import check_language, tr

__all__ = ["TERMS", "Term", "table"]


class Term(NamedTuple):
    id: str          # the catalogue key is glossary.<id>
    game: str
    rule: str        # the rule ID in docs/rules/<game>.md

    def word(self, lang: str | None = None) -> str:
        return tr(f"glossary.{self.id}", lang)

    def meaning(self, lang: str | None = None) -> str:
        return tr(f"glossary.{self.id}.what", lang)


GAMES = ("checkers", "diamond", "backgammon", "mawari")
TERMS: tuple[Term, ...] = tuple(Term(*t) for t in (
    ("ck.man", "checkers", "CK-02"),
    ("ck.step", "checkers", "CK-04"),
    ("ck.jump", "checkers", "CK-05"),
    ("ck.forced", "checkers", "CK-06"),
    ("ck.multi", "checkers", "CK-07"),
    ("ck.king", "checkers", "CK-08"),
    ("ck.draw", "checkers", "CK-11"),
    ("dg.king", "diamond", "DG-04"),
    ("dg.piece", "diamond", "DG-04"),
    ("dg.camp", "diamond", "DG-02"),
    ("dg.step", "diamond", "DG-08"),
    ("dg.hop", "diamond", "DG-09"),
    ("dg.chain", "diamond", "DG-10"),
    ("dg.group", "diamond", "DG-11"),
    ("dg.goal", "diamond", "DG-14"),
    ("bg.point", "backgammon", "BG-01"),
    ("bg.inner", "backgammon", "BG-09"),
    ("bg.doubles", "backgammon", "BG-06"),
    ("bg.blot", "backgammon", "BG-07"),
    ("bg.hit", "backgammon", "BG-07"),
    ("bg.bar", "backgammon", "BG-07"),
    ("bg.bearoff", "backgammon", "BG-09"),
    ("bg.gammon", "backgammon", "BG-11"),
    ("bg.cube", "backgammon", "BG-12"),
    ("bg.double", "backgammon", "BG-12"),
    ("bg.crawford", "backgammon", "BG-14"),
    ("bg.jacoby", "backgammon", "BG-15"),
    ("ms.toss", "mawari", "MS-04"),
    ("ms.up", "mawari", "MS-05"),
    ("ms.down", "mawari", "MS-05"),
    ("ms.side", "mawari", "MS-05"),
    ("ms.upright", "mawari", "MS-05"),
    ("ms.head", "mawari", "MS-05"),
    ("ms.overlap", "mawari", "MS-06"),
    ("ms.fall", "mawari", "MS-08"),
    ("ms.promote", "mawari", "MS-10"),
    ("ms.laydown", "mawari", "MS-12"),
    ("ms.twoup", "mawari", "MS-13"),
    ("ms.jump", "mawari", "MS-14"),
    ("ms.battle", "mawari", "MS-15"),
))


def table(game: str | None = None, lang: str | None = None):
    """The glossary of ``game`` (None: every game) as an HTML table, in ``lang`` (None:
    the current language), with the other edition's word beside each term. An HTML display
    object: it shows in JupyterLab, untrusted notebooks and on GitHub alike."""
    from IPython.display import HTML

    if game is not None and (not isinstance(game, str) or game not in GAMES):
        raise BoardkitError(f"game must be one of {list(GAMES)}, got {short_repr(game)}")
    lang = check_language(lang)
    other = "en" if lang != "en" else "ja"
    cols = [tr(f"glossary.col.{c}", lang) for c in ("term", "other", "rule", "meaning")]
    head = "".join(f"<th style='text-align:left'>{html.escape(c)}</th>" for c in cols)
    rows = "".join(
        f"<tr><td><b>{html.escape(t.word(lang))}</b></td><td lang='{other}'>{html.escape(t.word(other))}</td>"
        f"<td>{t.rule}</td><td>{html.escape(t.meaning(lang))}</td></tr>"
        for t in TERMS if game is None or t.game == game)
    return HTML(f"<table lang='{lang}'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
