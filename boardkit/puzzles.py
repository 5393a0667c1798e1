"""Board puzzles answered by clicking, shared by the games.

A puzzle is data: a game, a position, a goal in plain words, the accepted answers (move
texts) and the rule ID it exercises. A ``PuzzleSet`` keeps puzzles in rule order. This
module imports no ipywidgets (printed handouts and tests read puzzles without widgets);
the ``PuzzleWidget`` (``boardkit.widgets.puzzle``, also found here by its old name) puts
them on the game's own board widget, one at a time:

    from boardkit.checkers.puzzles import PUZZLES
    w = PUZZLES.widget()          # or PuzzleWidget(PUZZLES)
    w.click(22); w.click(17)      # what clicking the squares does
    w.score_text()                # 'Solved 1 of 10 (1 at the first try), tried 1.'

After the student's move: an accepted answer says "Right" and why (Next goes on), and the
board's status line says "Solved" (not the other side "to move"); a legal move that is not
an answer says "Not this one", what the goal needs and its rule, and sets the position up
again for a retry; an illegal click is refused by the board with the engine's message
naming the rule. A puzzle's ``traps`` give tempting wrong answers their own reason ("Not
22-18: ..."); a trap may be an illegal move the puzzle teaches to refuse ("27-23" while a
capture is compulsory): the board refuses it, and an attempt at it (its piece clicked,
then its end; or typed) counts as a wrong try with the trap's reason. The score counts
the puzzles solved at the first try, solved, and tried; a second wrong try also shows
the puzzle's hint. A puzzle's ``marks`` (cells the goal names, e.g. Diamond holes the
board does not label) are drawn on its board as star rings by the game's own ``draw()``
(the ``marks`` option) and named in its aria-label.

Each game's puzzles module (``GAME_MODULES``: ``boardkit.checkers.puzzles``,
``boardkit.backgammon.puzzles``, ``boardkit.diamond.puzzles``, ``boardkit.mawari.puzzles``)
provides ``make_game(puzzle)`` (the position set up, history empty), ``widget_options(puzzle)``
(keywords for its board widget, which ``boardkit.widgets.puzzle.BOARDS`` knows) and optionally
``answer_key(move)`` (when different texts are the same answer: Diamond compares start
and end hole) and ``board_cell(name)`` (the widget's cell id of a cell's usual name).
The board widget is the game's own class with a small mixin: after each redraw the
puzzle widget judges a new move; the board's ``game_controls()`` (New game, Undo, Hint,
Roll, the set-up panel, backgammon's dice and cube) are hidden by that role (the puzzle
widget has Previous, Retry, Hint and Next).

Click answers. In a game whose move is not chosen (回り将棋: the toss moves the piece) the
answer is a cell, not a move: the puzzle's ``accepted`` are cells, and the game's module
(``boardkit.mawari.puzzles``) also provides ``click_answer(puzzle, game, cell)``, which
judges a click on the puzzle's position and returns a ``Verdict`` (right; wrong, with
the reason naming the rule; or None: not an answer, with a note), and optionally
``show_answer(puzzle, board)``, which plays the answer out on the board after a right
click (the toss applied, so the piece is seen to arrive). The text box under the board
then takes a cell's name as the answer.

Languages. A puzzle's texts (title, goal, hint, why and the traps' reasons) are in the
word files (``boardkit/locale``) under keys made of its game and its stable ``id``
("ck06_forced"): ``puzzle.checkers.ck06_forced.goal``, a trap's
``puzzle.mawari.ms14_corner_jump.trap.1一``. The game's data gives no English: a puzzle
with an id and no ``goal`` reads it from the catalogue (``p.goal`` is then the catalogue's
English), and its traps are the data's answers (``traps=("22-18", ...)``) with their
reasons in the catalogue. English given in the data is shown as it is when it differs
from the catalogue's (a changed copy, a puzzle made in a notebook). The widget shows
``puzzle.text("goal", lang)`` and ``puzzle.trap(answer, lang)`` in the board's language
(``PuzzleSet.widget(lang="ja")``; None: the current language when it is built), and the
code cells stay the same in every language (``PUZZLES.for_rule("CK-06").widget()``).
Move texts, square names and rule IDs are the same in every language. A printed page can
take ``p.text("why", "ja")`` directly.
"""
from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from . import _catalogue
from ._core import Game
from ._input import check_text
from .errors import BoardkitError, short_repr
from .svg import pass_clicks  # noqa: F401  (used by the puzzle boards; also imported from here)

if TYPE_CHECKING:
    from .widgets.puzzle import PuzzleWidget

__all__ = ["Puzzle", "PuzzleSet", "PuzzleWidget", "Verdict", "GAME_MODULES", "TEXT_FIELDS",
           "catalogue"]

#: the module that knows how to set up each game's puzzle positions
GAME_MODULES = {"checkers": "boardkit.checkers.puzzles",
                "backgammon": "boardkit.backgammon.puzzles",
                "diamond": "boardkit.diamond.puzzles",
                "mawari": "boardkit.mawari.puzzles"}



#: the fields of a puzzle a student reads (each also in the language catalogue)
TEXT_FIELDS = ("title", "goal", "hint", "why")
_ID = re.compile(r"[a-z0-9_]{1,40}")


def catalogue(game: str, texts: dict[str, dict[str, str]]) -> dict[str, str]:
    """A game's puzzle texts by catalogue key, written per puzzle id (what
    ``tools/catalogue.py set-json`` takes once turned into ``{key: {"en": ..., "ja": ...}}``):
    ``catalogue("checkers", {"ck04_safe_step": {"title": ..., "goal": ..., "trap.22-18": ...}})``
    -> ``{"puzzle.checkers.ck04_safe_step.title": ..., ...}`` (the keys ``Puzzle.key`` makes)."""
    _name_text(game, "game")
    if not isinstance(texts, Mapping) or not all(
            isinstance(pid, str) and isinstance(fields, Mapping) for pid, fields in texts.items()):
        raise BoardkitError(f"texts must be a dict of puzzle id -> {{field: text}}, got {short_repr(texts)}")
    for pid, fields in texts.items():
        _name_text(pid, "texts (a puzzle id)")
        for name, text in fields.items():
            _name_text(name, "texts (a field)")
            if not isinstance(text, str):
                raise BoardkitError(f"texts: {pid}.{name[:40]} must be text, got {short_repr(text)}")
    return {f"puzzle.{game}.{pid}.{name}": text
            for pid, fields in texts.items() for name, text in fields.items()}


def _name_text(value: Any, what: str, limit: int = 200) -> str:
    """A name argument (a game, a field, a puzzle id): bounded UTF-8 text."""
    if not isinstance(value, str):
        raise BoardkitError(f"{what} must be text, got {short_repr(value)}")
    return check_text(value, what, limit)


def _answer_text(value: Any, what: str) -> str:
    """An answer or a move played, as text: text, or a value whose ``str`` is its
    notation (a move); a value whose ``str`` fails or is huge is refused naming ``what``."""
    if isinstance(value, str):
        return value
    bad = BoardkitError(f"{what} must be a move or its text, got {short_repr(value)}")
    if isinstance(value, (bytes, bytearray, list, dict, set, tuple)) or (
            isinstance(value, int) and value.bit_length() > 200):
        raise bad
    try:
        text = str(value)
    except Exception:                   # noqa: BLE001 - a hostile __str__
        raise bad from None
    if not isinstance(text, str) or len(text) > 1000:
        raise bad
    return text


def _game_module(name: str):
    mod = GAME_MODULES.get(name)
    if mod is None:
        raise BoardkitError(f"puzzle game must be one of {sorted(GAME_MODULES)}, got {name!r}")
    return importlib.import_module(mod)


class Verdict(NamedTuple):
    """A click judged by a game's ``click_answer``: ``right`` True (``text`` names the
    answer, e.g. the square), False (``text`` is why not, naming the rule) or None (the
    click is no answer at all: ``text`` says what to click)."""

    right: bool | None
    text: str


def _clicks(game: str) -> bool:
    """Whether the game's puzzles are answered by a cell (it has ``click_answer``)."""
    return hasattr(_game_module(game), "click_answer")


def move_ends(game: str, text: str) -> tuple[str, str]:
    """The board cells where a move text starts and ends ("27-23" -> ("27", "23");
    Diamond's "i2:k2" -> the two holes' cell ids; backgammon's "bar/17*" -> ("bar", "17")):
    what the clicks of an attempt at that move are. A game's module may give its own
    ``move_ends``."""
    mod = _game_module(game)
    if hasattr(mod, "move_ends"):
        return mod.move_ends(text)
    parts = [t for t in re.split(r"[-x:/\s]+", str(text).replace("*", "")) if t]
    if len(parts) < 2:
        raise BoardkitError(f"{game} puzzle: {str(text)[:30]!r} is not a move from a cell to a cell")
    cell = getattr(mod, "board_cell", str)
    return cell(parts[0]), cell(parts[-1])


def rule_key(rule: str) -> tuple[str, int]:
    """'CK-06' -> ('CK', 6): the order puzzles are kept in."""
    m = re.fullmatch(r"([A-Z]{2})-(\d{1,3})", rule)
    if m is None:
        raise BoardkitError(f"puzzle rule must be a rule ID such as 'CK-06', got {rule!r}")
    return m.group(1), int(m.group(2))


@dataclass(frozen=True)
class Puzzle:
    """One board puzzle.

    game      "checkers", "backgammon", ...
    position  the game's position text (checkers: a FEN such as "W:W21,22:B14";
              backgammon: the game's JSON or set-up text, see its puzzles module)
    goal      what to do, in plain words
    accepted  the answers, as move texts ("22-17", "27x18x11")
    rule      the rule ID exercised ("CK-04")
    title     a short name
    variant   the rule set, when not the game's default ("international")
    hint      said when the student asks for a hint
    why       said with "Right"
    traps     tempting wrong answers and why each is wrong, naming the rule
              ({"1一": "the piece lands on a corner that is not its home and jumps on
              (MS-14)"}; kept as (answer, reason) pairs); with an ``id``, only the
              answers (``("1一",)``): the reasons are in the catalogue
              A trap may also be an illegal move the puzzle teaches to refuse ("27-23"
              while a capture is compulsory): the board refuses it, and the puzzle counts
              the attempt (clicking its start then its end, or typing it) as a wrong try
              with the trap's reason (``refusal_traps``).
    id        a stable name within the game ("ck06_forced"): the texts above are also
              in the language catalogue under ``puzzle.<game>.<id>.<field>`` (a trap:
              ``...<id>.trap.<answer>``), and the widget shows them in the current
              language (``text``, ``trap``). Empty: the English above is shown as it is.
    marks     cells the goal names, by their usual names ("i5", "o1"), drawn with a
              star ring on the puzzle board where the board writes no cell names
              (Diamond): the goal then reads "the marked piece (i5) to the marked hole
              (o1)" and makes sense without coordinates.

    The English fields are optional when the puzzle has an ``id``: the catalogue holds
    them, and a field (or trap reason) the data leaves empty is filled with the
    catalogue's English when the puzzle is made (``p.goal``, ``p.traps`` read as before).
    ``text("goal")`` is what a student reads, in any language.
    """

    game: str
    position: str
    goal: str = ""
    accepted: tuple[str, ...] = ()
    rule: str = ""
    title: str = ""
    variant: str = ""
    hint: str = ""
    why: str = ""
    traps: tuple[tuple[str, str], ...] = ()
    id: str = ""
    marks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.accepted, str):
            object.__setattr__(self, "accepted", (self.accepted,))
        else:
            object.__setattr__(self, "accepted", tuple(self.accepted))
        marks = (self.marks,) if isinstance(self.marks, str) else tuple(self.marks)
        object.__setattr__(self, "marks", tuple(str(m) for m in marks))
        traps = self.traps.items() if isinstance(self.traps, dict) else self.traps
        object.__setattr__(self, "traps", tuple(
            (str(t), "") if isinstance(t, str) else (str(t[0]), str(t[1])) for t in traps))
        if self.id and _ID.fullmatch(self.id):
            self._fill_english()
        if not self.accepted:
            raise BoardkitError(f"puzzle {self.id or self.title!r}: no accepted answer")
        rule_key(self.rule)
        if self.id and _ID.fullmatch(self.id) is None:
            raise BoardkitError(f"puzzle {self.title!r}: the id is lower-case letters, digits and _ "
                                f"(up to 40), got {self.id[:50]!r}")

    def _fill_english(self) -> None:
        # the data gives only an id: the English fields (read by printed pages, records,
        # error messages) are the catalogue's, so ``p.goal`` is what ``p.text("goal", "en")`` is
        for name in TEXT_FIELDS:
            key = self.key(name)
            if not getattr(self, name) and _catalogue.has(key):
                object.__setattr__(self, name, _catalogue.render(key, "en"))
        object.__setattr__(self, "traps", tuple(
            (a, r or (_catalogue.render(self.key(f"trap.{a}"), "en")
                      if _catalogue.has(self.key(f"trap.{a}")) else ""))
            for a, r in self.traps))

    # ---------------------------------------------------------------- texts
    def key(self, name: str) -> str:
        """The catalogue key of a text: ``key("goal")`` -> 'puzzle.checkers.ck06_forced.goal';
        a trap's: ``key("trap.22-18")``."""
        _name_text(name, "name", 1000)
        return f"puzzle.{self.game}.{self.id}.{name}"

    def texts(self) -> dict[str, str]:
        """The puzzle's English texts by catalogue key (a puzzle without id gives none;
        with an id, the fields the data leaves empty are the catalogue's): what a test
        compares with the catalogue."""
        if not self.id:
            return {}
        out = {self.key(name): getattr(self, name) for name in TEXT_FIELDS if getattr(self, name)}
        out.update((self.key(f"trap.{a}"), r) for a, r in self.traps if r)
        return out

    def _localized(self, name: str, english: str, lang: str | None) -> str:
        # the catalogue's text when the data gives none or gives the catalogue's own English;
        # English that differs (a changed copy, a puzzle never put in the catalogue) as it is
        key = self.key(name)
        if not self.id or not _catalogue.has(key) or (english and _catalogue.render(key, "en") != english):
            return english
        return _catalogue.render(key, _catalogue.check_language(lang))

    def text(self, name: str, lang: str | None = None) -> str:
        """A text (``title``, ``goal``, ``hint`` or ``why``) in the given (None: the current)
        language; English where no translation is in the catalogue."""
        if not isinstance(name, str) or name not in TEXT_FIELDS:
            raise BoardkitError(f"name: a puzzle text is one of {list(TEXT_FIELDS)}, "
                                f"got {short_repr(name)}")
        _catalogue.check_language(lang)
        return self._localized(name, getattr(self, name), lang)

    def trap_answers(self) -> tuple[str, ...]:
        """The tempting wrong answers (the data's; each one's reason may be only in the
        catalogue, ``puzzle.<game>.<id>.trap.<answer>``)."""
        return tuple(a for a, _ in self.traps)

    def trap(self, answer: Any, lang: str | None = None) -> str | None:
        """Why a tempting wrong answer is wrong (``traps``), in the given (None: the
        current) language, or None."""
        answer = _answer_text(answer, "answer")
        _catalogue.check_language(lang)
        if answer not in self.trap_answers():
            return None
        return self._localized(f"trap.{answer}", dict(self.traps).get(answer, ""), lang)

    def trap_for(self, move: Any, lang: str | None = None) -> str | None:
        """The trap's reason for a move played (by its text, else by the game's
        ``answer_key``: any Diamond chain between the trap's holes), or None."""
        _answer_text(move, "move")
        reason = self.trap(move, lang)
        mod = _game_module(self.game)
        if reason is not None or not hasattr(mod, "answer_key") or _clicks(self.game):
            return reason
        key = mod.answer_key(move)
        for answer in self.trap_answers():
            try:
                m = self.make_game().play(answer)
            except BoardkitError:
                continue
            if mod.answer_key(m) == key:
                return self.trap(answer, lang)
        return None

    def refusal_traps(self) -> list[tuple[str, tuple[str, str], str]]:
        """The traps that are illegal moves in the position, as (answer, (start cell,
        end cell) as the board names them, the engine's reason). Not for a game answered
        by a cell."""
        if _clicks(self.game):
            return []
        out = []
        for answer in self.trap_answers():
            try:
                self.make_game().play(answer)
            except BoardkitError as e:
                out.append((answer, move_ends(self.game, answer), str(e)))
        return out

    def make_game(self) -> Game:
        """A fresh game in the puzzle's position (no history)."""
        return _game_module(self.game).make_game(self)

    def answer_moves(self) -> list:
        """The accepted answers as the engine's moves (each played on a fresh position).
        (A game answered by clicking a cell has no answer moves: see ``is_accepted``.)"""
        if _clicks(self.game):
            raise BoardkitError(f"{self.game} puzzles are answered by a cell, not a move: "
                                f"{', '.join(self.accepted)}")
        out = []
        for text in self.accepted:
            g = self.make_game()
            out.append(g.play(text))
        return out

    def is_accepted(self, move: Any) -> bool:
        """Whether a move played in the puzzle's position is one of the answers (compared
        by the game's ``answer_key``, else by the move's text). In a game answered by a
        cell: whether the cell (any name ``board_cell`` reads) is an accepted one."""
        _answer_text(move, "move")
        mod = _game_module(self.game)
        if _clicks(self.game):
            cell = getattr(mod, "board_cell", str)
            return cell(move) in {cell(a) for a in self.accepted}
        key = getattr(mod, "answer_key", str)
        return key(move) in {key(m) for m in self.answer_moves()}


@dataclass(frozen=True)
class PuzzleSet:
    """Puzzles of one game, in rule order (CK-04 before CK-06 ...)."""

    name: str
    puzzles: tuple[Puzzle, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        _name_text(self.name, "name")
        if isinstance(self.puzzles, (str, bytes, Mapping)) or not isinstance(self.puzzles, Iterable):
            raise BoardkitError(f"puzzles must be a list of Puzzle, got {short_repr(self.puzzles)}")
        ps = tuple(self.puzzles)
        for p in ps:
            if not isinstance(p, Puzzle):
                raise BoardkitError(f"puzzles must be a list of Puzzle; one is {short_repr(p)}")
        object.__setattr__(self, "puzzles", ps)
        for a, b in zip(ps, ps[1:]):
            if rule_key(b.rule) < rule_key(a.rule):
                raise BoardkitError(f"puzzle set {self.name!r}: {b.title!r} ({b.rule}) comes after "
                                    f"{a.title!r} ({a.rule}); keep puzzles in rule order")
        seen: set = set()
        for p in ps:
            if p.id and (p.game, p.id) in seen:
                raise BoardkitError(f"puzzle set {self.name!r}: the id {p.id!r} is used twice")
            seen.add((p.game, p.id))

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    def __getitem__(self, i: int) -> Puzzle:
        return self.puzzles[i]

    def texts(self) -> dict[str, str]:
        """Every puzzle's English texts the data gives, by catalogue key (``Puzzle.texts``)."""
        out: dict[str, str] = {}
        for p in self.puzzles:
            out.update(p.texts())
        return out

    def for_rule(self, *rules: str) -> PuzzleSet:
        """The puzzles of these rule IDs (e.g. to show after the lesson on CK-06)."""
        return PuzzleSet(self.name, tuple(p for p in self.puzzles if p.rule in rules))

    def widget(self, **kw) -> PuzzleWidget:
        """The puzzles on the game's board widget (``boardkit.widgets.puzzle``); ``lang=``
        its language (None: the current language, fixed when it is built)."""
        from .widgets.puzzle import PuzzleWidget
        return PuzzleWidget(self, **kw)


_REFUSALS: dict = {}


def _refusals(p: Puzzle) -> list:
    """``p.refusal_traps()``, worked out once per puzzle."""
    got = _REFUSALS.get(p)
    if got is None:
        if len(_REFUSALS) > 1000:
            _REFUSALS.clear()
        got = _REFUSALS[p] = p.refusal_traps()
    return got


def __getattr__(name: str):
    # the widget lives in boardkit.widgets.puzzle (it needs ipywidgets; this module does
    # not): ``from boardkit.puzzles import PuzzleWidget`` still works, importing it then
    if name == "PuzzleWidget":
        from .widgets.puzzle import PuzzleWidget
        return PuzzleWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
