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
import functools
import html
import inspect
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ._core import BoardkitError

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

    # -- adding results
    def _attempt(self, table: dict, key: str, rules: Iterable[str], right: bool) -> dict:
        key = _text(key, "key")
        item = table.setdefault(key, {"rules": [], "tried": 0, "first_try": False,
                                      "solved": False})
        item["rules"] = sorted(set(item["rules"]) | set(_rules(rules, "rules")))
        item["tried"] += 1
        if right and not item["solved"]:
            item["solved"] = True
            item["first_try"] = item["tried"] == 1
        return item

    def add_exercise(self, key: str, right: bool, rules: Iterable[str] = ()) -> None:
        self._attempt(self.exercises, key, rules, bool(right))

    def add_puzzle(self, key: str, right: bool, rules: Iterable[str] = ()) -> None:
        self._attempt(self.puzzles, key, rules, bool(right))

    def add_quiz(self, question: str, answer: Any, right: bool, rules: Iterable[str] = ()) -> None:
        q = _text(question, "question")
        item = self.quiz.setdefault(q, {"rules": [], "answer": "", "right": False, "tried": 0})
        item["rules"] = sorted(set(item["rules"]) | set(_rules(rules, "rules")))
        item["answer"] = _text(str(answer), "answer")
        item["right"] = item["right"] or bool(right)
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

    def summary(self) -> str:
        ex = sum(i["solved"] for i in self.exercises.values())
        pz = sum(i["solved"] for i in self.puzzles.values())
        qz = sum(i["right"] for i in self.quiz.values())
        return (f"{self.student or '(no name)'}: exercises {ex} of {len(self.exercises)} solved, "
                f"puzzles {pz} of {len(self.puzzles)} solved, quiz {qz} of {len(self.quiz)} right")

    def __repr__(self) -> str:
        return f"<Record {self.summary()}>"


# ---------------------------------------------------------------- validation

def _text(value: Any, field: str, where: str = "record") -> str:
    if not isinstance(value, str):
        raise BoardkitError(f"{where}: {field} must be text, got {type(value).__name__}")
    if len(value) > MAX_TEXT:
        raise BoardkitError(f"{where}: {field} is longer than {MAX_TEXT} characters")
    return value


def _rules(rules: Any, field: str, where: str = "record") -> list[str]:
    if isinstance(rules, str) or not isinstance(rules, (list, tuple, set, frozenset)):
        raise BoardkitError(f"{where}: {field} must be a list of rule IDs such as CK-04")
    out = list(rules)
    for r in out:
        if not isinstance(r, str) or not RULE_ID.match(r):
            raise BoardkitError(f"{where}: {field} holds {str(r)[:20]!r}, not a rule ID such as CK-04")
    return out


def _count(value: Any, field: str, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10_000:
        raise BoardkitError(f"{where}: {field} must be a whole number 0-10000, got {str(value)[:20]!r}")
    return value


def _flag(value: Any, field: str, where: str) -> bool:
    if not isinstance(value, bool):
        raise BoardkitError(f"{where}: {field} must be true or false, got {str(value)[:20]!r}")
    return value


def from_dict(data: Any, where: str = "record") -> Record:
    """A Record from parsed JSON; anything unexpected raises BoardkitError naming
    ``where`` (the file) and the field."""
    if not isinstance(data, dict):
        raise BoardkitError(f"{where}: not a boardkit record (expected a JSON object)")
    if data.get("schema") != SCHEMA:
        raise BoardkitError(f"{where}: schema must be {SCHEMA!r}, got {str(data.get('schema'))[:30]!r}")
    extra = set(data) - {"schema", "student", "group", *KINDS}
    if extra:
        raise BoardkitError(f"{where}: unknown field {sorted(extra)[0]!r}")
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
            f = f"{kind}[{key[:40]!r}]"
            _text(key, f"{kind} key", where)
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
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise BoardkitError(f"{where}: larger than {MAX_BYTES} bytes, not a record")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BoardkitError(f"{where}: not UTF-8 text") from None
    if len(text) > MAX_BYTES:
        raise BoardkitError(f"{where}: larger than {MAX_BYTES} bytes, not a record")

    def no_constants(name):
        raise BoardkitError(f"{where}: {name} is not allowed in a record")
    try:
        data = json.loads(text, parse_constant=no_constants)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise BoardkitError(f"{where}: not valid JSON ({str(exc)[:60]})") from None
    return from_dict(data, where)


def load(path: str | Path) -> Record:
    path = Path(path)
    return loads(path.read_bytes(), where=path.name)


def save(path: str | Path | None = None, record: Record | None = None) -> Path:
    """Write the record (the kernel's own by default) as JSON; return the path."""
    record = record or current()
    path = Path(path) if path is not None else Path(record.file_name())
    path.write_text(record.to_json() + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------- the kernel's record

_CURRENT = Record()


def current() -> Record:
    """The record of this kernel: the lessons' checks add to it."""
    return _CURRENT


def reset(student: str = "", group: str = "") -> Record:
    global _CURRENT
    _CURRENT = Record(student, group)
    return _CURRENT


@functools.cache
def _rules_of_check(cls: type, name: str) -> tuple[str, ...]:
    """The rule IDs an exercise check cites in its feedback (from its source)."""
    fn = getattr(cls, f"check_{name}", None)
    try:
        src = inspect.getsource(fn) if fn is not None else ""
    except (OSError, TypeError):
        src = ""
    return tuple(sorted(set(re.findall(r"\b[A-Z]{2}-\d{2}\b", src))))


def exercise(owner: Any, name: str, right: bool) -> None:
    """Hook for an exercise check: ``owner`` is the game's Exercises object."""
    topic = getattr(owner, "topic", "exercises")
    _CURRENT.add_exercise(f"{topic}/{name}", right, _rules_of_check(type(owner), name))


def puzzle(set_name: str, title: str, rule: str, right: bool) -> None:
    """Hook for a board puzzle answer (a move or click judged right or wrong)."""
    rules = [rule] if isinstance(rule, str) and RULE_ID.match(rule) else []
    _CURRENT.add_puzzle(f"{set_name}/{title}", right, rules)


def quiz(question: str, answer: Any, right: bool) -> None:
    """Hook for a Check-yourself question."""
    _CURRENT.add_quiz(question[:MAX_TEXT], str(answer)[:MAX_TEXT], right,
                      re.findall(r"\b[A-Z]{2}-\d{2}\b", question))


def download(record: Record | None = None):
    """A "Download my record" link (an HTML widget with the file inside the link, so it
    works on Binder, a hub and a Voila play page, with no file browser)."""
    import ipywidgets as W
    record = record or current()
    data = base64.b64encode((record.to_json() + "\n").encode("utf-8")).decode("ascii")
    name = html.escape(record.file_name())
    return W.HTML(f'<a download="{name}" href="data:application/json;base64,{data}" '
                  f'style="font-weight:bold">Download my record ({name})</a> '
                  f"<span>{html.escape(record.summary())}</span>")


# ---------------------------------------------------------------- the teacher's side

def read_folder(folder: str | Path) -> list[Record]:
    """Every ``*.json`` file of a folder, as Records (sorted by student name). A bad
    file raises BoardkitError naming the file and the field."""
    folder = Path(folder)
    if not folder.is_dir():
        raise BoardkitError(f"read_folder: {folder} is not a folder")
    recs = [load(p) for p in sorted(folder.glob("*.json"))]
    return sorted(recs, key=lambda r: (r.group, r.student))


def class_table(recs: Iterable[Record]) -> list[dict]:
    """One row per student: exercises solved / tried, puzzles solved (at the first try),
    quiz right / answered."""
    rows = []
    for r in recs:
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
    for r in recs:
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
    import matplotlib.pyplot as plt
    rows = by_rule(list(recs))
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
    import numpy as np

    from .checkers import exercises as cx
    from .checkers import puzzles as cp
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 200:
        raise BoardkitError(f"simulate: n is a number of students 1-200, got {n!r}")
    rng = np.random.default_rng(seed)
    owner = cx.CheckersExercises() if hasattr(cx, "CheckersExercises") else None
    names = type(owner).names() if owner is not None else []
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
