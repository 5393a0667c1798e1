"""The catalogue files hold every word, in every language, and the code asks only for
keys that are there.

- the files parse (babel, invalid lines refused), no key twice, every text a format string
  with named fields;
- every English key has a translation in every language file: not fuzzy, translating the
  current English (its msgid is the English text), with the same ``{fields}``;
- the English file holds no Japanese except the notation (1九) and the terms the lessons
  teach (``TAUGHT``);
- every literal key the code passes to ``tr``, ``text``, ``render``, ``Word``, the errors
  and ``Outcome(key=...)`` is in the English file (an f-string key must match at least
  one key), so a typo fails here, naming the file and line;
- ``boardkit.i18n.add`` (words given in code, merged over the files) has no new caller;
- adding a language is adding a file: a copy of the package with ``fr`` beside ``ja``
  speaks French with no code changed.

Each check is a function over the files' texts, and a test feeds it a broken text to show
that it fails. Known problems are listed with their reason (``KNOWN_*``): a new one
fails, and one that is gone fails too (delete its line) except the ``add()`` callers,
which may only shrink. The same checks run from the command line:
``python tools/catalogue.py check``.
"""
from __future__ import annotations

import ast
import importlib.util
import pathlib
import re
import shutil
import subprocess
import sys
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PKG = ROOT / "boardkit"
LOCALE = PKG / "locale"
POT = LOCALE / "boardkit.pot"
JA = LOCALE / "ja" / "LC_MESSAGES" / "boardkit.po"

_spec = importlib.util.spec_from_file_location("boardkit_catalogue_tool", ROOT / "tools" / "catalogue.py")
assert _spec is not None and _spec.loader is not None
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)


def texts() -> dict[str, str]:
    """lang -> the contents of its catalogue file ("en": the .pot)."""
    return {lang: p.read_text(encoding="utf-8") for lang, p in tool.files().items()}


def english(text: str | None = None) -> dict[str, str]:
    """key -> English text of the .pot (or of ``text``)."""
    cat = tool.parse(POT.read_text(encoding="utf-8") if text is None else text)
    return {m.context: m.id for m in cat if m.id and m.context}


# ---------------------------------------------------------------- the files themselves

#: problems of the files that are known, with their reason (the wording is the tool's)
KNOWN_PROBLEMS: dict[str, str] = {
}


def test_files_parse_and_are_complete():
    found = tool.problems(texts())
    new = [p for p in found if p not in KNOWN_PROBLEMS]
    gone = [p for p in KNOWN_PROBLEMS if p not in found]
    print(f"{len(english())} English keys; {len(found)} known problems")
    assert not new, "the catalogue files have problems (python tools/catalogue.py check):\n" \
        + "\n".join(new)
    assert not gone, "fixed: delete from KNOWN_PROBLEMS:\n" + "\n".join(gone)


def test_every_language_file_has_every_english_key():
    keys = set(english())
    assert len(keys) > 800
    for lang, text in texts().items():
        cat = {m.context for m in tool.parse(text) if m.id and m.context}
        assert cat == keys, f"{lang}: missing {sorted(keys - cat)[:10]}, extra {sorted(cat - keys)[:10]}"


_ENTRY = '''
#, python-brace-format
msgctxt "{key}"
msgid "{en}"
msgstr "{ja}"
'''


def _broken(pot_extra: str = "", po_extra: str = "", po_sub: tuple[str, str] | None = None) -> dict[str, str]:
    t = texts()
    t = {"en": t["en"], "ja": t["ja"]}
    t["en"] += pot_extra
    t["ja"] += po_extra
    if po_sub:
        assert po_sub[0] in t["ja"]
        t["ja"] = t["ja"].replace(po_sub[0], po_sub[1], 1)
    return t


def _new_problems(t: dict[str, str]) -> list[str]:
    return [p for p in tool.problems(t) if p not in KNOWN_PROBLEMS]


@pytest.mark.parametrize("case, pot_extra, po_extra, expect", [
    ("untranslated", _ENTRY.format(key="zz.new", en="a new {thing}", ja=""), "",
     "ja: zz.new has no translation"),
    ("empty translation", _ENTRY.format(key="zz.new", en="a new {thing}", ja=""),
     _ENTRY.format(key="zz.new", en="a new {thing}", ja=""), "ja: zz.new has no translation"),
    ("fuzzy", _ENTRY.format(key="zz.new", en="a {thing}", ja=""),
     "\n#, fuzzy" + _ENTRY.format(key="zz.new", en="a {thing}", ja="新しい{thing}"),
     "ja: zz.new is fuzzy"),
    ("stale", _ENTRY.format(key="zz.new", en="a new {thing}", ja=""),
     _ENTRY.format(key="zz.new", en="an old {thing}", ja="{thing}"),
     "ja: zz.new translates an older English text"),
    ("lost field", _ENTRY.format(key="zz.new", en="square {square} is taken", ja=""),
     _ENTRY.format(key="zz.new", en="square {square} is taken", ja="そのマスにはもう駒があります"),
     "ja: zz.new has fields [], English has ['square']"),
    ("renamed field", _ENTRY.format(key="zz.new", en="square {square} is taken", ja=""),
     _ENTRY.format(key="zz.new", en="square {square} is taken", ja="{sq} のマスにはもう駒があります"),
     "ja: zz.new has fields ['sq'], English has ['square']"),
    ("broken brace", _ENTRY.format(key="zz.new", en="square {square} is taken", ja=""),
     _ENTRY.format(key="zz.new", en="square {square} is taken", ja="{square のマス"),
     "ja: zz.new: the text '{square のマス' is not a format string"),
    ("positional field", _ENTRY.format(key="zz.new", en="square {} is taken", ja=""),
     _ENTRY.format(key="zz.new", en="square {} is taken", ja="{} のマス"),
     "en: zz.new: the English 'square {} is taken' has a positional field"),
    ("only in Japanese", "", _ENTRY.format(key="zz.extra", en="extra", ja="余分"),
     "ja: zz.extra is not in the English file"),
    ("twice", _ENTRY.format(key="zz.new", en="one", ja="") + _ENTRY.format(key="zz.new", en="two", ja=""),
     _ENTRY.format(key="zz.new", en="one", ja="一"), "en: zz.new is in the file 2 times"),
    ("no key", '\nmsgid "a text without a key"\nmsgstr ""\n', "", "has no key (msgctxt)"),
])
def test_each_file_check_can_fail(case, pot_extra, po_extra, expect):
    found = _new_problems(_broken(pot_extra, po_extra))
    assert any(expect in p for p in found), (case, found)


@pytest.mark.parametrize("bad", ['msgctxt "zz.bad"\nmsgid "unterminated\nmsgstr "x"\n',
                                 'msgctxt "zz.bad"\nmsgid unquoted\nmsgstr "x"\n',
                                 'msgctxt "zz.bad"\nmsgid "x"\nmsgstrr "x"\n'])
def test_an_unreadable_file_is_refused(bad):
    t = _broken(po_extra="\n" + bad)
    with pytest.raises(SystemExit, match="not a readable gettext catalogue"):
        tool.problems(t)


def test_the_unbroken_files_give_only_the_known_problems():
    assert _new_problems(_broken()) == []


#: keys GNU msgfmt --check-format refuses, with the reason (besides KNOWN_PROBLEMS' keys)
KNOWN_MSGFMT: dict[str, str] = {}


def msgfmt_refusals(path: pathlib.Path) -> dict[str, str]:
    """key -> what ``msgfmt --check-format`` (GNU gettext, the translators' compiler)
    says is wrong with it in ``path``."""
    run = subprocess.run(["msgfmt", "--check-format", "-o", "/dev/null", str(path)],
                         capture_output=True, text=True, timeout=120)
    lines = path.read_text(encoding="utf-8").splitlines()
    out = {}
    for m in re.finditer(r"^.*?:(\d+): (.*)$", run.stderr, flags=re.M):
        n = int(m.group(1))
        key = next((re.match(r'msgctxt "(.*)"', ln).group(1) for ln in reversed(lines[:n])
                    if ln.startswith("msgctxt ")), "?")
        out[key] = m.group(2)
    assert run.returncode == 0 or out, run.stderr
    return out


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_gnu_msgfmt_accepts_every_language_file():
    known = {p.split(": ")[1].split(" ")[0] for p in KNOWN_PROBLEMS} | set(KNOWN_MSGFMT)
    for lang, path in tool.files().items():
        if lang == "en":
            continue
        found = msgfmt_refusals(path)
        new = {k: v for k, v in found.items() if k not in known}
        assert not new, f"{lang}: msgfmt --check-format refuses:\n" + "\n".join(
            f"{k}: {v}" for k, v in new.items())
        gone = [k for k in KNOWN_MSGFMT if k not in found]
        assert not gone, f"msgfmt accepts them now: delete from KNOWN_MSGFMT: {gone}"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_the_msgfmt_check_can_fail(tmp_path):
    bad = tmp_path / "bad.po"
    bad.write_text(JA.read_text(encoding="utf-8").replace(
        'msgstr "（白から見た番号で {play}）"', 'msgstr "（白から見た番号で {plya}）"'), encoding="utf-8")
    assert "bg.board_numbers" in msgfmt_refusals(bad)


# ---------------------------------------------------------------- no Japanese in English

#: Japanese a student meets in the English lessons as a term of the game (the name of the
#: game, the pieces, the golds' faces and the named events of 回り将棋, Diamond's king,
#: the undo the lessons call 待った); square names such as 1九 are notation
TAUGHT = frozenset({
    "回り将棋", "王駒", "待った",
    "歩", "香", "桂", "銀", "金",
    "表", "裏", "横", "縦", "逆立ち", "重なり", "落ち駒",
    "寝", "寝かし", "起こし", "2あがり", "飛び", "出世", "戦",
    "王",                                           # the king's mark on a Diamond board
    "一", "二", "三", "四", "五", "六", "七", "八", "九",   # a 回り将棋 board's row names
})
_JAPANESE = re.compile(r"[0-9]*[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]+")
_SQUARE = re.compile(r"[1-9][一二三四五六七八九]")

#: English texts that gloss a word in Japanese outside the taught terms (none: the English
#: file is plain English but for the terms the lessons teach)
KNOWN_GLOSSES: dict[str, str] = {}


def japanese_outside_terms(words: dict[str, str]) -> dict[str, list[str]]:
    """key -> the runs of Japanese in its English text that are neither a square nor a
    taught term."""
    out = {}
    for key, text in words.items():
        bad = [run for run in _JAPANESE.findall(text)
               if run not in TAUGHT and not _SQUARE.fullmatch(run)]
        if bad:
            out[key] = bad
    return out


def test_english_file_has_no_japanese_but_the_taught_terms():
    found = japanese_outside_terms(english())
    new = {k: v for k, v in found.items() if k not in KNOWN_GLOSSES}
    print(f"{len(found)} English texts with a Japanese gloss")
    assert not new, "Japanese in the English file (keep it to TAUGHT terms):\n" + \
        "\n".join(f"{k}: {v}" for k, v in sorted(new.items()))
    # a gloss that is gone may stay listed until the lead empties the list after the merge
    # (it is a list that only shrinks); a listed key must still exist or be gone entirely
    stale = [k for k in KNOWN_GLOSSES if k in english() and k not in found]
    assert not stale, f"glosses fixed (delete from KNOWN_GLOSSES): {stale}"


def test_the_japanese_check_can_fail():
    assert japanese_outside_terms({"a": "Red 赤", "b": "done (終わり)"}) == {"a": ["赤"], "b": ["終わり"]}
    assert japanese_outside_terms({"c": "square 1九, 2あがり, 王駒 (king), 金"}) == {}
    assert japanese_outside_terms({"d": "待った あり", "e": "金を振る"}) == {"d": ["あり"], "e": ["金を振る"]}


# ---------------------------------------------------------------- the keys the code asks for

#: calls whose first argument is a catalogue key
_WORD_CALLS = {"tr", "text", "render", "Word"}
_ERROR_CALLS = {"BoardkitError", "IllegalMoveError", "FormatError"}
_MODULES = {"i18n", "_i18n", "_catalogue", "catalogue"}
_KEY = re.compile(r"[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_\-]+)+")


def _call_name(node: ast.Call) -> tuple[str, bool]:
    """(name, is_words_call) of a call: ``tr(...)``, ``self.tr(...)``, ``i18n.tr(...)``."""
    f = node.func
    if isinstance(f, ast.Name):
        return f.id, f.id in _WORD_CALLS or f.id in _ERROR_CALLS or f.id == "Outcome"
    if isinstance(f, ast.Attribute):
        owner = f.value.id if isinstance(f.value, ast.Name) else ""
        if f.attr == "tr" or (owner in _MODULES and f.attr in _WORD_CALLS):
            return f.attr, True
        if f.attr in _ERROR_CALLS or f.attr == "Outcome":
            return f.attr, True
    return "", False


def _key_patterns(node: ast.AST) -> list[tuple[str, re.Pattern[str] | None]]:
    """The keys an argument can be: a literal ("ck.err.occupied", None), an f-string as a
    pattern (f"ck.draw.side.{p}" -> ck\\.draw\\.side\\..+), both branches of ``a if c else b``.
    A name or any other expression: nothing to check."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [(node.value, None)]
    if isinstance(node, ast.JoinedStr):
        parts = [re.escape(v.value) if isinstance(v, ast.Constant) else ".+" for v in node.values]
        shown = "".join(v.value if isinstance(v, ast.Constant) else "{…}" for v in node.values)
        return [(shown, re.compile("".join(parts)))]
    if isinstance(node, ast.IfExp):
        return _key_patterns(node.body) + _key_patterns(node.orelse)
    return []


def keys_asked(source: str, name: str) -> list[tuple[str, int, str, str, re.Pattern[str] | None]]:
    """(file, line, call, key, pattern) for every key the code in ``source`` asks for."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        call, words = _call_name(node)
        if not words:
            continue
        if call == "Outcome":
            args = [kw.value for kw in node.keywords if kw.arg == "key"]
        elif call == "render" and node.args and isinstance(node.args[0], ast.Name) \
                and node.args[0].id == "self":
            continue
        else:
            args = node.args[:1]
        for arg in args:
            for key, pattern in _key_patterns(arg):
                if call in _ERROR_CALLS and pattern is None:
                    has_facts = any(kw.arg not in (None, "rule") for kw in node.keywords)
                    if not _KEY.fullmatch(key) and not has_facts:
                        continue          # an English sentence (a message not yet keyed)
                if call in _ERROR_CALLS and pattern is not None and not _KEY.match(key):
                    continue              # an English f-string sentence
                out.append((name, node.lineno, call, key, pattern))
    return out


def unknown_keys(asked, words: dict[str, str] | set[str]) -> list[str]:
    have = set(words)
    out = []
    for name, line, call, key, pattern in asked:
        found = any(pattern.fullmatch(k) for k in have) if pattern is not None else key in have
        if not found:
            out.append(f"{name}:{line}: {call}({key!r}) is not a key of boardkit/locale/boardkit.pot")
    return out


def all_keys_asked():
    out = []
    for p in sorted(PKG.rglob("*.py")):
        out += keys_asked(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT)))
    return out


#: keys the code asks for that the English file does not have, with the reason
KNOWN_MISSING: dict[str, str] = {}


def test_every_key_the_code_asks_for_is_in_the_english_file():
    asked = all_keys_asked()
    literal = sum(1 for a in asked if a[4] is None)
    print(f"{len(asked)} keys asked for in boardkit/ ({literal} literal, {len(asked) - literal} f-strings)")
    assert len(asked) > 300
    missing = unknown_keys(asked, english())
    new = [m for m in missing if m.split(": ", 1)[1] not in KNOWN_MISSING]
    assert not new, "\n".join(new)
    gone = [k for k in KNOWN_MISSING if not any(m.endswith(k) for m in missing)]
    assert not gone, f"now in the file: delete from KNOWN_MISSING: {gone}"


def test_the_key_scan_can_fail():
    code = textwrap.dedent('''
        from boardkit.i18n import tr
        from boardkit._catalogue import Word, text
        from boardkit.errors import IllegalMoveError, BoardkitError
        class W:
            def go(self):
                self.tr("new_gmae")
                tr("to_move", who=1)
                text("ck.draw.sidee.1")
                Word(f"ck.draw.side.{1}")
                Word(f"ck.nope.{1}")
                tr("undo_allowed" if x else "undo_alowed")
                raise IllegalMoveError("ck.err.ocupied", rule="CK-04", square=5)
        raise BoardkitError("an English sentence, not a key")
        raise BoardkitError("square {square} is taken", square=5)
        Outcome(winner=0, reason="x", key="ck.end.nomove")
    ''')
    found = unknown_keys(keys_asked(code, "x.py"), english())
    said = "\n".join(found)
    for bad in ("new_gmae", "ck.draw.sidee.1", "ck.nope.{…}", "undo_alowed", "ck.err.ocupied",
                "square {square} is taken", "ck.end.nomove"):
        assert f"({bad!r})" in said, (bad, said)
    assert len(found) == 7, said
    assert "x.py:7:" in said        # names the file and the line


# ---------------------------------------------------------------- words given in code

def add_calls(source: str) -> int:
    """How many times ``source`` calls ``boardkit.i18n.add`` (imported by name, under an
    alias, or through the module) or updates a loaded catalogue in place."""
    tree = ast.parse(source)
    names, modules = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[-1] == "i18n":
            names.update(a.asname or a.name for a in node.names if a.name == "add")
        if isinstance(node, ast.ImportFrom) and node.level and not node.module or \
                isinstance(node, ast.ImportFrom) and node.module in ("boardkit",):
            modules.update(a.asname or a.name for a in node.names if a.name == "i18n")
        if isinstance(node, ast.Import):
            modules.update(a.asname or a.name for a in node.names if a.name == "boardkit.i18n")
    count = 0
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in names:
            count += 1
        elif isinstance(f, ast.Attribute) and f.attr == "add" and ast.unparse(f.value) in modules:
            count += 1
        elif isinstance(f, ast.Attribute) and f.attr == "update" and \
                re.match(r"(\w+\.)?(CATALOGUES\[|_catalogue\._catalogue\()", ast.unparse(f.value)):
            count += 1
    return count


def test_no_words_are_given_in_code():
    found = {}
    for p in sorted(PKG.rglob("*.py")):
        if p.name == "i18n.py" and p.parent == PKG:
            continue                      # where add() is defined
        n = add_calls(p.read_text(encoding="utf-8"))
        if n:
            found[str(p.relative_to(ROOT))] = n
    assert not found, ("words given in code instead of the catalogue files "
                       "(python tools/catalogue.py set KEY --en ... --ja ...): "
                       + ", ".join(f"{f}: {n} calls" for f, n in found.items()))
    from boardkit import i18n
    assert not hasattr(i18n, "add"), "boardkit.i18n.add is gone: words live in the files"


def test_the_add_scan_can_fail():
    assert add_calls("from ..i18n import add\nadd('en', {'x': 'y'})\nadd('ja', {})\n") == 2
    assert add_calls("from ..i18n import add as _a\n_a('en', {})\n") == 1
    assert add_calls("from .. import i18n\ni18n.add('en', {})\n") == 1
    assert add_calls("import boardkit.i18n\nboardkit.i18n.add('en', {})\n") == 1
    assert add_calls("from ..i18n import CATALOGUES\nCATALOGUES['en'].update({})\n") == 1
    assert add_calls("s = set()\ns.add(1)\nd = {}\nd.update({})\n") == 0


# ---------------------------------------------------------------- the merge driver

def test_the_merge_driver_merges_two_branches_key_by_key(tmp_path):
    """tools/catalogue_merge.py (git's merge driver for these files, reading and writing
    them with this tool): two branches that change different keys merge cleanly, a key
    changed differently on both is named."""
    base = JA.read_text(encoding="utf-8")
    one = 'msgctxt "bg.board_numbers"\nmsgid " (on the board: {play})"\nmsgstr "（白から見た番号で {play}）"'
    two = 'msgctxt "applies_at_new_game"\nmsgid "Changed rules apply at New game"\nmsgstr "'
    assert one in base and two in base
    ours = base.replace(one, one.replace("白から見た番号で", "白の側から見た番号で"))
    theirs = base.replace(two, two + "ルールの変更は")
    paths = {}
    for name, text in (("base", base), ("ours", ours), ("theirs", theirs)):
        paths[name] = tmp_path / f"{name}.po"
        paths[name].write_text(text, encoding="utf-8")
    driver = [sys.executable, str(ROOT / "tools" / "catalogue_merge.py")]
    run = subprocess.run(driver + [str(paths["base"]), str(paths["ours"]), str(paths["theirs"]), "x.po"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    merged = paths["ours"].read_text(encoding="utf-8")
    assert "白の側から見た番号で" in merged and "ルールの変更は" in merged
    assert tool.problems({"en": POT.read_text(encoding="utf-8"), "ja": merged}) == tool.problems(
        {"en": POT.read_text(encoding="utf-8"), "ja": base})
    paths["theirs"].write_text(base.replace(one, one.replace("白から見た", "白の目で見た")), encoding="utf-8")
    paths["ours"].write_text(ours, encoding="utf-8")
    run = subprocess.run(driver + [str(paths["base"]), str(paths["ours"]), str(paths["theirs"]), "x.po"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 1 and "bg.board_numbers" in run.stderr


# ---------------------------------------------------------------- a language is a file

_FR = "Les règles changées s'appliquent à la nouvelle partie"


def test_adding_a_language_is_adding_a_file(tmp_path):
    """A copy of the package with ``locale/fr/LC_MESSAGES/boardkit.po`` (the Japanese file
    copied, one line translated) speaks French: ``languages()`` lists it, ``tr`` reads it,
    a board can be asked for it, and the tool checks it like any other language."""
    copy = tmp_path / "kit"
    shutil.copytree(PKG, copy / "boardkit", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tools", copy / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    fr = copy / "boardkit" / "locale" / "fr" / "LC_MESSAGES" / "boardkit.po"
    fr.parent.mkdir(parents=True)
    text = JA.read_text(encoding="utf-8").replace("Language: ja", "Language: fr")
    old = 'msgctxt "applies_at_new_game"\nmsgid "Changed rules apply at New game"\nmsgstr "'
    assert old in text
    start = text.index(old) + len(old)
    text = text[:start] + _FR + text[text.index('"\n', start):]
    fr.write_text(text, encoding="utf-8")
    probe = textwrap.dedent('''
        import boardkit, boardkit.i18n as i18n, boardkit._catalogue as c
        print(boardkit.__file__)
        print(",".join(c.languages()))
        print(i18n.tr("applies_at_new_game", "fr"))
        print(c.text("applies_at_new_game", "ja"))
        print(c.check_language("fr"))
        i18n.set_language("fr")
        print(i18n.tr("applies_at_new_game"))
    ''')
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         cwd=tmp_path, env=env, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    where, langs, fr_line, ja_line, checked, current = run.stdout.splitlines()[-6:]
    assert where.startswith(str(copy)), where
    assert langs.split(",") == ["en", "fr", "ja"]
    assert fr_line == _FR and current == _FR and checked == "fr"
    assert ja_line.startswith("変えたルール")
    run = subprocess.run([sys.executable, str(copy / "tools" / "catalogue.py"), "check"],
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    fr_problems = sorted(p[4:] for p in run.stdout.splitlines() if p.startswith("fr: "))
    ja_problems = sorted(p[4:] for p in run.stdout.splitlines() if p.startswith("ja: "))
    assert fr_problems == ja_problems, run.stdout[-2000:]
