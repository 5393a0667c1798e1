"""Edit and check boardkit's catalogue files (boardkit/locale), keeping them in one shape.

    python tools/catalogue.py set ck.err.occupied --en "square {square} is taken" \
        --ja "{square} のマスにはもう駒があります"
    python tools/catalogue.py set new_game --text fr "Nouvelle partie"   # any language's file
    python tools/catalogue.py set-json words.json     # {"key": {"en": "...", "ja": "..."}}
    python tools/catalogue.py get ck.err.occupied
    python tools/catalogue.py delete ck.err.occupied
    python tools/catalogue.py check                   # what tests/test_catalogue.py checks
    python tools/catalogue.py format                  # rewrite every file sorted by key

English lives in boardkit/locale/boardkit.pot, every other language in
boardkit/locale/<lang>/LC_MESSAGES/boardkit.po (msgctxt: the key, msgid: the English,
msgstr: the translation). Entries are kept sorted by key, one line per text, so a change
is a small diff. Changing an English text without giving the translation marks the
translation fuzzy: ``check`` then names it until a translator confirms it. The files are
ordinary gettext catalogues: Poedit, Weblate and ``pybabel update`` read them as well.
"""
from __future__ import annotations

import argparse
import io
import json
import pathlib
import re
import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = pathlib.Path(__file__).resolve().parents[1]
LOCALE = ROOT / "boardkit" / "locale"
POT = LOCALE / "boardkit.pot"
sys.path.insert(0, str(ROOT))


def files() -> dict[str, pathlib.Path]:
    out = {"en": POT}
    for d in sorted(LOCALE.iterdir()):
        po = d / "LC_MESSAGES" / "boardkit.po"
        if po.is_file():
            out[d.name] = po
    return out


def load(path: pathlib.Path) -> Catalog:
    return parse(path.read_text(encoding="utf-8"), str(path))


def save(catalog: Catalog, path: pathlib.Path) -> None:
    out = Catalog(locale=catalog.locale, project="boardkit", version="", charset="utf-8",
                  fuzzy=False, header_comment=catalog.header_comment)
    out.creation_date = out.revision_date = catalog.creation_date
    for m in sorted((m for m in catalog if m.id and m.context), key=lambda m: m.context):
        flags = set(m.flags) - {"python-brace-format"}
        if "{" in m.id or (isinstance(m.string, str) and "{" in m.string):
            flags.add("python-brace-format")
        out.add(m.id, m.string, context=m.context, flags=sorted(flags),
                auto_comments=m.auto_comments, user_comments=m.user_comments)
    buf = io.BytesIO()
    write_po(buf, out, width=0, omit_header=False, sort_output=False)
    text = buf.getvalue().decode("utf-8")
    # no dates or tool version in the header: the file changes only when its words do
    lines = [_flags(ln) for ln in text.splitlines()
             if not ln.startswith(('"POT-Creation-Date', '"PO-Revision-Date', '"Generated-By'))]
    lines = [ln for ln in lines if ln != "#,"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _flags(line: str) -> str:
    """A flags line without ``python-format``: babel adds it to any text with a percent
    sign before a letter ("95% interval"), and ``msgfmt --check-format`` then refuses
    the translation; the texts are brace formats, never percent formats."""
    if not line.startswith("#,"):
        return line
    flags = [f.strip() for f in line[2:].split(",") if f.strip() and f.strip() != "python-format"]
    return "#, " + ", ".join(flags) if flags else "#,"


def _find(catalog: Catalog, key: str):
    for m in catalog:
        if m.context == key:
            return m
    return None


def set_words(entries: dict[str, dict[str, str]]) -> None:
    cats = {lang: load(p) for lang, p in files().items()}
    unknown = sorted({lang for texts in entries.values() for lang in texts} - set(cats))
    if unknown:
        raise SystemExit(f"no catalogue file for {unknown}: languages are {sorted(cats)}")
    for key, texts in entries.items():
        english = texts.get("en")
        old = _find(cats["en"], key)
        if english is None:
            if old is None:
                raise SystemExit(f"{key}: a new key needs its English (--en)")
            english = old.id
        if old is not None and old.id != english:
            cats["en"].delete(old.id, context=key)
        cats["en"].add(english, context=key)
        for lang, cat in cats.items():
            if lang == "en":
                continue
            m = _find(cat, key)
            given = texts.get(lang)
            if given is None and m is None:
                continue                       # untranslated: ``check`` names it
            text = given if given is not None else m.string
            fuzzy = given is None and m is not None and m.id != english
            if m is not None:
                cat.delete(m.id, context=key)
            cat.add(english, text, context=key, flags=["fuzzy"] if fuzzy else [])
    for lang, p in files().items():
        save(cats[lang], p)


def delete(keys: list[str]) -> None:
    for p in files().values():
        cat = load(p)
        for key in keys:
            m = _find(cat, key)
            if m is not None:
                cat.delete(m.id, context=key)
        save(cat, p)


#: a line of a catalogue file: a comment, a keyword and its quoted text, or more quoted text
_LINE = re.compile(r'\s*(#.*|(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+"(?:[^"\\]|\\.)*"'
                   r'|"(?:[^"\\]|\\.)*")\s*')


def parse(text: str, name: str = "catalogue") -> Catalog:
    """The catalogue in ``text`` (the contents of a .pot or .po file); a line babel cannot
    read is a ``SystemExit`` naming the file and the line, never a silently dropped entry."""
    from babel.messages.pofile import PoFileError
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip() and not _LINE.fullmatch(line):
            raise SystemExit(f"{name}: not a readable gettext catalogue: line {n} is neither "
                             f"a comment nor a keyword with a quoted text: {line[:80]!r}")
    try:
        return read_po(io.BytesIO(text.encode("utf-8")), abort_invalid=True)
    except PoFileError as e:
        raise SystemExit(f"{name}: not a readable gettext catalogue: {e}") from None


def _format_problem(text: str) -> str | None:
    """What is wrong with ``text`` as a template (None: nothing): a broken brace or a
    positional field (texts name their fields, ``{square}``)."""
    import string
    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    except ValueError as e:
        return f"is not a format string ({e}; write a literal brace as {{{{ or }}}})"
    if any(not f or f[0].isdigit() for f in fields):
        return "has a positional field such as {} or {0}: name it, {square}"
    return None


def problems(texts: dict[str, str]) -> list[str]:
    """Every problem of the catalogue files given as texts (lang -> the file's contents,
    "en" the .pot), in words; empty: none. A key twice in one file, an entry without a key,
    a text that is no format string; in every other language: a key not translated, fuzzy,
    translating an older English text (its msgid differs), with other ``{fields}`` than
    the English, or not in the English file at all."""
    from boardkit._catalogue import placeholders
    out: list[str] = []
    cats = {lang: parse(t, lang) for lang, t in texts.items()}
    for lang, t in texts.items():
        seen: dict[str, int] = {}
        for key in re.findall(r'^msgctxt "(.*)"$', t, flags=re.M):
            seen[key] = seen.get(key, 0) + 1
        out += [f"{lang}: {key} is in the file {n} times" for key, n in seen.items() if n > 1]
        for m in cats[lang]:
            if m.id and not m.context:
                out.append(f"{lang}: the text {m.id!r} has no key (msgctxt)")
            for what, s in (("English", m.id), ("text", m.string)):
                bad = _format_problem(s) if isinstance(s, str) and s and m.context else None
                if bad:
                    out.append(f"{lang}: {m.context}: the {what} {s!r} {bad}")
    english = {m.context: m.id for m in cats["en"] if m.id and m.context}
    for lang, catalog in cats.items():
        if lang == "en":
            continue
        cat = {m.context: m for m in catalog if m.id and m.context}
        for key, text in english.items():
            m = cat.get(key)
            if m is None or not m.string:
                out.append(f"{lang}: {key} has no translation")
            elif m.fuzzy:
                out.append(f"{lang}: {key} is fuzzy (its English changed): confirm it")
            elif m.id != text:
                out.append(f"{lang}: {key} translates an older English text")
            elif placeholders(m.string) != placeholders(text):
                out.append(f"{lang}: {key} has fields {sorted(placeholders(m.string))}, "
                           f"English has {sorted(placeholders(text))}")
        out += [f"{lang}: {key} is not in the English file" for key in cat if key not in english]
    return out


def check() -> list[str]:
    """Every problem of the catalogue files, in words (empty: none)."""
    return problems({lang: p.read_text(encoding="utf-8") for lang, p in files().items()})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("set")
    s.add_argument("key")
    s.add_argument("--en")
    s.add_argument("--ja")
    s.add_argument("--text", nargs=2, action="append", default=[], metavar=("LANG", "TEXT"),
                   help="the text in another language with a file: --text fr 'Nouvelle partie'")
    sj = sub.add_parser("set-json")
    sj.add_argument("path")
    g = sub.add_parser("get")
    g.add_argument("key")
    d = sub.add_parser("delete")
    d.add_argument("keys", nargs="+")
    sub.add_parser("check")
    sub.add_parser("format")
    a = ap.parse_args(argv)
    if a.cmd == "set":
        given = {k: v for k, v in (("en", a.en), ("ja", a.ja), *map(tuple, a.text)) if v is not None}
        unknown = sorted(set(given) - set(files()))
        if unknown:
            raise SystemExit(f"no catalogue file for {unknown}: languages are {sorted(files())}")
        set_words({a.key: given})
    elif a.cmd == "set-json":
        set_words(json.loads(pathlib.Path(a.path).read_text(encoding="utf-8")))
    elif a.cmd == "get":
        for lang, p in files().items():
            m = _find(load(p), a.key)
            print(f"{lang}: {None if m is None else (m.string or m.id)!r}")
    elif a.cmd == "delete":
        delete(a.keys)
    elif a.cmd == "format":
        for p in files().values():
            save(load(p), p)
    elif a.cmd == "check":
        problems = check()
        print("\n".join(problems) or "the catalogue files are complete")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
