"""What one student did, in a small JSON file a teacher collects.

A record holds a student's exercise results, board-puzzle scores and quiz answers, each
with the rule IDs it is about. The lessons' checks add to the record of the open kernel
(``current()``); the student saves it with ``download()`` (a link that works on Binder,
a hub and a Voila play page) or ``save(path)``, and hands the file in.

    from boardkit import records
    records.current().student = "Aiko"
    records.download()                 # a "Download my record" link under the cell

A teacher reads a folder of such files:

    recs = records.read_folder("handed_in/")     # strict: BoardkitError names file and field
    records.class_table(recs)                    # one row per student
    records.by_rule(recs)                        # per rule ID: tried, solved, first try
    records.chart(recs)                          # a bar chart by rule

The file (``SCHEMA`` = "boardkit-record/1"):

    {"schema": "boardkit-record/1", "student": "Aiko", "group": "8B",
     "exercises": {"checkers/targets": {"rules": ["CK-04"], "tried": 2,
                                        "first_try": false, "solved": true}},
     "puzzles":   {"checkers/A safe step": {"rules": ["CK-04"], "tried": 1,
                                            "first_try": true, "solved": true}},
     "quiz":      {"How many dark squares ...?": {"rules": [], "answer": "32",
                                                  "right": true, "tried": 1}}}
"""
from __future__ import annotations

import base64
import html
import inspect
import json
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

from . import _catalogue
from ._core import BoardkitError
from ._input import atomic_write, check_path, check_seed, check_text, loads_json, read_bytes
from .errors import short_repr

__all__ = ["SCHEMA", "Record", "current", "reset", "exercise", "puzzle", "quiz", "save",
           "load", "loads", "download", "read_folder", "class_table", "by_rule", "chart",
           "simulate"]

SCHEMA = "boardkit-record/1"
MAX_BYTES = 200_000                 # a record is a few kB; refuse anything far larger
MAX_ITEMS = 500
MAX_TEXT = 200
RULE_ID = re.compile(r"^[A-Z]{2}-\d{2}$")
KINDS = ("exercises", "puzzles", "quiz")


class Record:
    """One student's results. ``exercises`` and ``puzzles`` map an item's key to
    {"rules", "tried", "first_try", "solved"}; ``quiz`` maps a question to
    {"rules", "answer", "right", "tried"}."""

    def __init__(self, student: str = "", group: str = "") -> None:
        self.student = student
        self.group = group
        self.exercises: dict[str, dict] = {}
        self.puzzles: dict[str, dict] = {}
        self.quiz: dict[str, dict] = {}

    # the name and group are checked when set, so that the file can always be written
    @property
    def student(self) -> str:
        return self._student

    @student.setter
    def student(self, value: str) -> None:
        self._student = _text(value, "student")

    @property
    def group(self) -> str:
        return self._group

    @group.setter
    def group(self, value: str) -> None:
        self._group = _text(value, "group")

    # -- adding results
    def _attempt(self, table: dict, key: str, rules: Iterable[str], right: bool) -> dict:
        key, rules = _text(key, "key"), _rules(rules, "rules")
        item = table.setdefault(key, {"rules": [], "tried": 0, "first_try": False,
                                      "solved": False})
        item["rules"] = sorted(set(item["rules"]) | set(rules))
        item["tried"] += 1
        if right and not item["solved"]:
            item["solved"] = True
            item["first_try"] = item["tried"] == 1
        return item

    def add_exercise(self, key: str, right: bool, rules: Iterable[str] = ()) -> None:
        self._attempt(self.exercises, key, rules, _right(right))

    def add_puzzle(self, key: str, right: bool, rules: Iterable[str] = ()) -> None:
        self._attempt(self.puzzles, key, rules, _right(right))

    def add_quiz(self, question: str, answer: Any, right: bool, rules: Iterable[str] = ()) -> None:
        q = _text(question, "question")
        answer, right, rules = _text(_answer(answer), "answer"), _right(right), _rules(rules, "rules")
        item = self.quiz.setdefault(q, {"rules": [], "answer": "", "right": False, "tried": 0})
        item["rules"] = sorted(set(item["rules"]) | set(rules))
        item["answer"] = answer
        item["right"] = item["right"] or right
        item["tried"] += 1

    # -- the file
    def to_dict(self) -> dict:
        return {"schema": SCHEMA, "student": self.student, "group": self.group,
                "exercises": self.exercises, "puzzles": self.puzzles, "quiz": self.quiz}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1, sort_keys=True)

    def file_name(self) -> str:
        who = re.sub(r"[^\w-]+", "_", self.student.strip()) or "student"
        return f"boardkit_record_{who}.json"

    def summary(self, lang: str | None = "en") -> str:
        """The record in one line, in ``lang`` (English by default, as the teacher's
        tools print it; None: the current language)."""
        ex = sum(i["solved"] for i in self.exercises.values())
        pz = sum(i["solved"] for i in self.puzzles.values())
        qz = sum(i["right"] for i in self.quiz.values())
        lang = _catalogue.check_language(lang)
        return _catalogue.text("record.summary", lang,
                               student=self.student or _catalogue.text("record.no_name", lang),
                               ex=ex, ex_n=len(self.exercises), pz=pz, pz_n=len(self.puzzles),
                               qz=qz, qz_n=len(self.quiz))

    def __repr__(self) -> str:
        return f"<Record {self.summary()}>"


# ---------------------------------------------------------------- validation

def _text(value: Any, field: str, where: str = "record") -> str:
    """Text of at most MAX_TEXT characters that UTF-8 can write (no lone surrogate)."""
    if not isinstance(value, str):
        raise BoardkitError(f"{where}: {field} must be text, got {type(value).__name__}")
    if len(value) > MAX_TEXT:
        raise BoardkitError(f"{where}: {field} is longer than {MAX_TEXT} characters")
    return check_text(value, f"{where}: {field}", MAX_TEXT)


def _right(value: Any) -> bool:
    """Whether an answer was right: True or False (a numpy bool too), nothing else."""
    if not isinstance(value, (bool, np.bool_)):
        raise BoardkitError(f"right: expected True or False, got {short_repr(value)}")
    return bool(value)


def _answer(answer: Any) -> str:
    """A student's answer as text, cut to MAX_TEXT characters, from any value."""
    text = answer if isinstance(answer, str) else short_repr(answer, MAX_TEXT)
    return text[:MAX_TEXT]


def _records(recs: Any) -> list[Record]:
    """The records a teacher's table or chart is made of: a list (or other iterable,
    not text) of Records, at most 10,000 of them."""
    if isinstance(recs, (str, bytes, bytearray, dict)) or not isinstance(recs, Iterable):
        raise BoardkitError(f"recs: expected a list of Records (records.read_folder gives "
                            f"one), got {short_repr(recs)}")
    out = []
    for r in recs:
        if not isinstance(r, Record):
            raise BoardkitError(f"recs: expected a list of Records, it holds {short_repr(r)}")
        out.append(r)
        if len(out) > 10_000:
            raise BoardkitError("recs: more than 10,000 records")
    return out


def _rules(rules: Any, field: str, where: str = "record") -> list[str]:
    if isinstance(rules, str) or not isinstance(rules, (list, tuple, set, frozenset)):
        raise BoardkitError(f"{where}: {field} must be a list of rule IDs such as CK-04")
    out = list(rules)
    for r in out:
        if not isinstance(r, str) or not RULE_ID.match(r):
            raise BoardkitError(f"{where}: {field} holds {short_repr(r, 20)}, not a rule ID such as CK-04")
    return out


def _count(value: Any, field: str, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10_000:
        raise BoardkitError(f"{where}: {field} must be a whole number 0-10000, got {short_repr(value, 20)}")
    return value


def _flag(value: Any, field: str, where: str) -> bool:
    if not isinstance(value, bool):
        raise BoardkitError(f"{where}: {field} must be true or false, got {short_repr(value, 20)}")
    return value


def from_dict(data: Any, where: str = "record") -> Record:
    """A Record from parsed JSON; anything unexpected raises BoardkitError naming
    ``where`` (the file) and the field."""
    if not isinstance(data, dict):
        raise BoardkitError(f"{where}: not a boardkit record (expected a JSON object)")
    if data.get("schema") != SCHEMA:
        raise BoardkitError(f"{where}: schema must be {SCHEMA!r}, got {short_repr(data.get('schema'), 30)}")
    extra = set(data) - {"schema", "student", "group", *KINDS}
    if extra:
        raise BoardkitError(f"{where}: unknown field {short_repr(sorted(map(str, extra))[0])}")
    rec = Record(_text(data.get("student", ""), "student", where),
                 _text(data.get("group", ""), "group", where))
    for kind in KINDS:
        table = data.get(kind, {})
        if not isinstance(table, dict):
            raise BoardkitError(f"{where}: {kind} must be an object")
        if len(table) > MAX_ITEMS:
            raise BoardkitError(f"{where}: {kind} has more than {MAX_ITEMS} entries")
        fields = {"rules", "answer", "right", "tried"} if kind == "quiz" else \
                 {"rules", "tried", "first_try", "solved"}
        out = {}
        for key, item in table.items():
            _text(key, f"{kind} key", where)
            f = f"{kind}[{key[:40]!r}]"
            if not isinstance(item, dict) or set(item) != fields:
                raise BoardkitError(f"{where}: {f} must have exactly the fields {sorted(fields)}")
            clean = {"rules": sorted(_rules(item["rules"], f + ".rules", where)),
                     "tried": _count(item["tried"], f + ".tried", where)}
            if kind == "quiz":
                clean["answer"] = _text(item["answer"], f + ".answer", where)
                clean["right"] = _flag(item["right"], f + ".right", where)
            else:
                clean["first_try"] = _flag(item["first_try"], f + ".first_try", where)
                clean["solved"] = _flag(item["solved"], f + ".solved", where)
                if clean["first_try"] and not clean["solved"]:
                    raise BoardkitError(f"{where}: {f}.first_try is true but solved is false")
                if clean["solved"] and clean["tried"] == 0:
                    raise BoardkitError(f"{where}: {f}.solved is true but tried is 0")
            out[key] = clean
        setattr(rec, kind, out)
    return rec


def loads(text: str | bytes, where: str = "record") -> Record:
    """A Record from the text (or UTF-8 bytes) of a record file; ``where`` names the
    file in every refusal."""
    where = check_text(where, "where", 300)
    if not isinstance(text, (str, bytes, bytearray)):
        raise BoardkitError(f"{where}: a record is JSON text or bytes, got {short_repr(text)}")
    if len(text) > MAX_BYTES:
        raise BoardkitError(f"{where}: larger than {MAX_BYTES} bytes, not a record")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise BoardkitError(f"{where}: not UTF-8 text") from None
    try:
        data = loads_json(text, where)
    except BoardkitError as exc:
        raise BoardkitError(f"{where}: not valid JSON ({str(exc)[len(where) + 2:][:80]})") from None
    return from_dict(data, where)


def load(path: str | Path) -> Record:
    """The Record saved in the file ``path``."""
    p = check_path(path, "path")
    name = Path(os.fsdecode(p)).name
    return loads(read_bytes(p, f"path: {short_repr(name, 80)}", MAX_BYTES + 1), where=name)


def save(path: str | Path | None = None, record: Record | None = None) -> Path:
    """Write the record (the kernel's own by default) as JSON; return the path."""
    record = _record(record)
    p = Path(record.file_name()) if path is None else Path(os.fsdecode(check_path(path, "path")))
    atomic_write(p, record.to_json() + "\n")
    return p


def _record(record: Any) -> Record:
    """``record``, or the kernel's own when it is None."""
    if record is None:
        return current()
    if not isinstance(record, Record):
        raise BoardkitError(f"record: expected a records.Record or None, got {short_repr(record)}")
    return record


# ---------------------------------------------------------------- the kernel's record

_CURRENT = Record()


def current() -> Record:
    """The record of this kernel: the lessons' checks add to it."""
    return _CURRENT


def reset(student: str = "", group: str = "") -> Record:
    """Start a new, empty record for this kernel."""
    global _CURRENT
    _CURRENT = Record(student, group)
    return _CURRENT


_RULES_OF_CHECK: dict[tuple[type, str], tuple[str, ...]] = {}


def _rules_of_check(cls: type, name: str) -> tuple[str, ...]:
    """The rule IDs an exercise check cites in its feedback (from its source, read once)."""
    key = (cls, name)
    if key not in _RULES_OF_CHECK:
        fn = getattr(cls, f"check_{name}", None)
        try:
            src = inspect.getsource(fn) if fn is not None else ""
        except (OSError, TypeError):
            src = ""
        _RULES_OF_CHECK[key] = tuple(sorted(set(re.findall(r"\b[A-Z]{2}-\d{2}\b", src))))
    return _RULES_OF_CHECK[key]


def exercise(owner: Any, name: str, right: bool) -> None:
    """Hook for an exercise check: ``owner`` is the game's Exercises object."""
    topic = getattr(owner, "topic", None)
    if not isinstance(topic, str):
        raise BoardkitError(f"owner: expected a game's Exercises object (with a topic), "
                            f"got {short_repr(owner)}")
    name = _text(name, "name")
    _CURRENT.add_exercise(f"{topic}/{name}", _right(right), _rules_of_check(type(owner), name))


def puzzle(set_name: str, title: str, rule: str, right: bool) -> None:
    """Hook for a board puzzle answer (a move or click judged right or wrong)."""
    set_name, title = _text(set_name, "set_name"), _text(title, "title")
    rules = [rule] if isinstance(rule, str) and RULE_ID.match(rule) else []
    _CURRENT.add_puzzle(f"{set_name}/{title}", _right(right), rules)


def quiz(question: str, answer: Any, right: bool) -> None:
    """Hook for a Check-yourself question."""
    if not isinstance(question, str):
        raise BoardkitError(f"question: expected text, got {short_repr(question)}")
    _CURRENT.add_quiz(question[:MAX_TEXT], _answer(answer), right,
                      re.findall(r"\b[A-Z]{2}-\d{2}\b", question[:MAX_TEXT]))


def download(record: Record | None = None, lang: str | None = None):
    """A "Download my record" link (an HTML widget with the file inside the link, so it
    works on Binder, a hub and a Voila play page, with no file browser), in ``lang``
    (None: the current language)."""
    import ipywidgets as W
    record = _record(record)
    lang = _catalogue.check_language(lang)
    data = base64.b64encode((record.to_json() + "\n").encode("utf-8")).decode("ascii")
    name = record.file_name()
    label = _catalogue.text("record.download_link", lang, name=name)
    return W.HTML(f'<a download="{html.escape(name)}" href="data:application/json;base64,{data}" '
                  f'style="font-weight:bold">{html.escape(label)}</a> '
                  f"<span>{html.escape(record.summary(lang))}</span>")


# ---------------------------------------------------------------- the teacher's side

def read_folder(folder: str | Path) -> list[Record]:
    """Every ``*.json`` file of a folder, as Records (sorted by student name). A bad
    file raises BoardkitError naming the file and the field."""
    p = check_path(folder, "folder")
    folder = Path(os.fsdecode(p))
    try:
        found = folder.is_dir()
        files = sorted(folder.glob("*.json")) if found else []
    except OSError as e:
        raise BoardkitError(f"read_folder: cannot read {short_repr(str(folder), 80)}: "
                            f"{e.strerror or e}") from None
    if not found:
        raise BoardkitError(f"read_folder: {short_repr(str(folder), 80)} is not a folder")
    recs = [load(p) for p in files]
    return sorted(recs, key=lambda r: (r.group, r.student))


def class_table(recs: Iterable[Record]) -> list[dict]:
    """One row per student: exercises solved / tried, puzzles solved (at the first try),
    quiz right / answered."""
    rows = []
    for r in _records(recs):
        ex, pz = r.exercises.values(), r.puzzles.values()
        rows.append({"student": r.student, "group": r.group,
                     "exercises solved": sum(i["solved"] for i in ex),
                     "exercises tried": len(ex),
                     "puzzles solved": sum(i["solved"] for i in pz),
                     "puzzles first try": sum(i["first_try"] for i in pz),
                     "puzzles tried": len(pz),
                     "quiz right": sum(i["right"] for i in r.quiz.values()),
                     "quiz answered": len(r.quiz)})
    return rows


def by_rule(recs: Iterable[Record]) -> dict[str, dict]:
    """Per rule ID, over all students' exercises and puzzles: how many items were tried,
    solved, and solved at the first try."""
    out: dict[str, dict] = {}
    for r in _records(recs):
        for table in (r.exercises, r.puzzles):
            for item in table.values():
                for rid in item["rules"]:
                    row = out.setdefault(rid, {"tried": 0, "solved": 0, "first_try": 0})
                    row["tried"] += 1
                    row["solved"] += item["solved"]
                    row["first_try"] += item["first_try"]
    return dict(sorted(out.items()))


def chart(recs: Iterable[Record], title: str = "Results by rule"):
    """A bar chart by rule ID: solved at the first try, solved later, not solved."""
    recs = _records(recs)
    title = check_text(title, "title", MAX_TEXT)
    import matplotlib.pyplot as plt
    rows = by_rule(recs)
    ids = list(rows)
    first = [rows[i]["first_try"] for i in ids]
    later = [rows[i]["solved"] - rows[i]["first_try"] for i in ids]
    unsolved = [rows[i]["tried"] - rows[i]["solved"] for i in ids]
    fig, ax = plt.subplots(figsize=(max(6, 0.45 * len(ids)), 3.6))
    ax.bar(ids, first, color="#1b6ca8", label="solved at the first try")
    ax.bar(ids, later, bottom=first, color="#7fb3d5", label="solved later", hatch="//")
    ax.bar(ids, unsolved, bottom=[a + b for a, b in zip(first, later)], color="#d9d9d9",
           label="not solved", edgecolor="#555")
    ax.set_ylabel("items tried (all students)")
    ax.set_title(title)
    ax.tick_params(axis="x", rotation=90)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def simulate(n: int = 12, seed: int = 0, group: str = "sample") -> list[Record]:
    """SAMPLE records for trying the teacher's notebook: ``n`` made-up students, each
    trying the checkers exercises and puzzles with a made-up skill (seeded)."""
    from .checkers import exercises as cx
    from .checkers import puzzles as cp
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 200:
        raise BoardkitError(f"simulate: n is a number of students 1-200, got {short_repr(n)}")
    seed = check_seed(seed, "seed")
    group = _text(group, "group")
    rng = np.random.default_rng(seed)
    owner = cx.CheckersExercises()
    names = type(owner).names()
    recs = []
    for k in range(n):
        rec = Record(f"Sample student {k + 1:02d}", group)
        skill = float(rng.uniform(0.3, 0.9))
        for name in names:
            rules = _rules_of_check(type(owner), name)
            for _ in range(3):
                right = bool(rng.random() < skill)
                rec.add_exercise(f"{owner.topic}/{name}", right, rules)
                if right:
                    break
        for p in list(cp.PUZZLES)[: int(rng.integers(4, len(cp.PUZZLES) + 1))]:
            for _ in range(3):
                right = bool(rng.random() < skill - 0.1)
                rec.add_puzzle(f"checkers puzzles/{p.title}", right, [p.rule])
                if right:
                    break
        recs.append(rec)
    return recs
