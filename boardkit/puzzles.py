"""Board puzzles answered by clicking, shared by the games.

A puzzle is data: a game, a position, a goal in plain words, the accepted answers (move
texts) and the rule ID it exercises. A ``PuzzleSet`` keeps puzzles in rule order, and a
``PuzzleWidget`` puts them on the game's own board widget, one at a time:

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
board does not label) are drawn on its board as star rings and named in its aria-label.

Each game's puzzles module (``GAME_MODULES``: ``boardkit.checkers.puzzles``,
``boardkit.backgammon.puzzles``, ``boardkit.diamond.puzzles``, ``boardkit.mawari.puzzles``)
provides ``make_game(puzzle)`` (the position set up, history empty), ``widget_class()`` (its
GameWidget), ``widget_options(puzzle)`` (keywords for it) and optionally
``answer_key(move)`` (when different texts are the same answer: Diamond compares start
and end hole) and ``board_cell(name)`` (the widget's cell id of a cell's usual name).
The board widget is the game's own class with a small mixin: after each redraw the
puzzle widget judges a new move; its New game, Undo, Hint and dice/cube controls are
hidden (the puzzle widget has Previous, Retry, Hint and Next).

Click answers. In a game whose move is not chosen (回り将棋: the toss moves the piece) the
answer is a cell, not a move: the puzzle's ``accepted`` are cells, and the game's module
(``boardkit.mawari.puzzles``) also provides ``click_answer(puzzle, game, cell)``, which
judges a click on the puzzle's position and returns a ``Verdict`` (right; wrong, with
the reason naming the rule; or None: not an answer, with a note), and optionally
``show_answer(puzzle, board)``, which plays the answer out on the board after a right
click (the toss applied, so the piece is seen to arrive). The text box under the board
then takes a cell's name as the answer.

Languages. A puzzle's texts (title, goal, hint, why and the traps' reasons) are data in
English, and each puzzle has a stable ``id`` ("ck06_forced"); its game's module registers
the English in the language catalogue (``add("en", PUZZLES.texts())``: keys such as
``puzzle.checkers.ck06_forced.goal``, a trap's ``puzzle.mawari.ms14_corner_jump.trap.1一``)
and adds the Japanese beside it (``add("ja", catalogue("checkers", {...}))``). The widget
shows ``puzzle.text("goal")`` and ``puzzle.trap(answer)``: the current language's text,
English where none is registered. Texts are looked up when they are shown, so the
a Japanese lesson or page starts with ``set_language("ja")`` (or ``BOARDKIT_LANG=ja``) in
its first cell: every puzzle widget made after it speaks Japanese (buttons, title, goal,
feedback, hints, the traps' reasons, the score), and the code cells stay the same
(``PUZZLES.for_rule("CK-06").widget()``). Move texts, square names and rule IDs are the
same in every language. A printed page can take ``p.text("why", "ja")`` directly.
"""
from __future__ import annotations

import html
import importlib
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import ipywidgets as W

from ._core import BoardkitError, Game
from .i18n import CATALOGUES, add, error_text, tr
from .svg import pass_clicks  # noqa: F401  (used by the puzzle boards; also imported from here)
from .widgets.base import ERROR_COLOR, MUTED_COLOR, TEXT_COLOR, GameWidget, run_cue, static_bundle, svg_img

__all__ = ["Puzzle", "PuzzleSet", "PuzzleWidget", "Verdict", "GAME_MODULES", "TEXT_FIELDS",
           "catalogue"]

#: the module that knows how to set up each game's puzzle positions
GAME_MODULES = {"checkers": "boardkit.checkers.puzzles",
                "backgammon": "boardkit.backgammon.puzzles",
                "diamond": "boardkit.diamond.puzzles",
                "mawari": "boardkit.mawari.puzzles"}

add("en", {
    "puzzle.title": "Puzzle {n} of {total}: {title} ({rule})",
    "puzzle.goal": "Goal: {goal}",
    "puzzle.right": "Right: {move}. {why}",
    "puzzle.right_next": "Right: {move}. {why} Press Next for the next puzzle.",
    "puzzle.wrong": "Not this one: {move} is legal, but it is not what the goal needs ({rule}): {goal} "
                    "The position is set up again: try again.",
    "puzzle.wrong_click": "Not {answer}: {reason} The position is set up again: try again.",
    "puzzle.answer_box_hint": "a square's name, then Enter",
    "puzzle.solved_click": "This puzzle is solved: press Next (or Retry to play it again).",
    "puzzle.score": "Solved {solved} of {total} ({first} at the first try), tried {tried}.",
    "puzzle.next": "Next",
    "puzzle.previous": "Previous",
    "puzzle.retry": "Retry",
    "puzzle.hint": "Hint",
    "puzzle.no_hint": "No hint for this puzzle: read the goal and the rule {rule} again.",
    "puzzle.hint_line": "Hint: {hint}",
    "puzzle.last": "That was the last puzzle.",
    "puzzle.first": "This is the first puzzle.",
    "puzzle.refused": "Not {answer}: {reason} The rules do not allow that move, so the position is "
                      "unchanged: try again.",
    "puzzle.status_solved": "<b>Solved</b>: press Next for the next puzzle (or Retry to play it again).",
    "puzzle.marked": "Marked on the board: {cells}.",
})
add("ja", {
    "puzzle.title": "問題 {n} / {total}: {title} ({rule})",
    "puzzle.goal": "目標: {goal}",
    "puzzle.right": "正解です: {move}。{why}",
    "puzzle.right_next": "正解です: {move}。{why} 「次へ」で次の問題に進みます。",
    "puzzle.wrong": "ちがいます: {move} は指せる手ですが、目標に合っていません ({rule})。目標: {goal} "
                    "局面を元に戻しました。もう一度どうぞ。",
    "puzzle.wrong_click": "{answer} ではありません: {reason} 局面を元に戻しました。もう一度どうぞ。",
    "puzzle.answer_box_hint": "答え（マスの名前）を入れて Enter",
    "puzzle.solved_click": "この問題は解けました。「次へ」を押してください"
                           "（「やり直し」でもう一度できます）。",
    "puzzle.score": "{total} 問中 {solved} 問正解です（一回目で {first} 問）。"
                    "挑戦した問題は {tried} 問です。",
    "puzzle.next": "次へ",
    "puzzle.previous": "前へ",
    "puzzle.retry": "やり直し",
    "puzzle.hint": "ヒント",
    "puzzle.no_hint": "この問題にはヒントがありません。目標とルール {rule} をもう一度読んでください。",
    "puzzle.hint_line": "ヒント: {hint}",
    "puzzle.last": "これが最後の問題です。",
    "puzzle.first": "これが最初の問題です。",
    "puzzle.refused": "{answer} ではありません: {reason} ルールでその手は指せないので、局面はそのままです。"
                      "もう一度どうぞ。",
    "puzzle.status_solved": "<b>正解です</b>。「次へ」で次の問題に進みます"
                            "（「やり直し」でもう一度できます）。",
    "puzzle.marked": "盤の上の印: {cells}。",
})


#: the fields of a puzzle a student reads (each also in the language catalogue)
TEXT_FIELDS = ("title", "goal", "hint", "why")
_ID = re.compile(r"[a-z0-9_]{1,40}")


def catalogue(game: str, texts: dict[str, dict[str, str]]) -> dict[str, str]:
    """A game's puzzle texts for ``add(lang, ...)``, written per puzzle id:
    ``catalogue("checkers", {"ck04_safe_step": {"title": ..., "goal": ..., "trap.22-18": ...}})``
    -> ``{"puzzle.checkers.ck04_safe_step.title": ..., ...}`` (the keys ``Puzzle.key`` makes)."""
    return {f"puzzle.{game}.{pid}.{name}": text
            for pid, fields in texts.items() for name, text in fields.items()}


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
              (MS-14)"}; kept as (answer, reason) pairs)
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

    The fields keep the English (the data); ``text("goal")`` is what a student reads.
    """

    game: str
    position: str
    goal: str
    accepted: tuple[str, ...]
    rule: str
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
        object.__setattr__(self, "traps", tuple((str(a), str(r)) for a, r in traps))
        if not self.accepted:
            raise BoardkitError(f"puzzle {self.title!r}: no accepted answer")
        rule_key(self.rule)
        if self.id and _ID.fullmatch(self.id) is None:
            raise BoardkitError(f"puzzle {self.title!r}: the id is lower-case letters, digits and _ "
                                f"(up to 40), got {self.id[:50]!r}")

    # ---------------------------------------------------------------- texts
    def key(self, name: str) -> str:
        """The catalogue key of a text: ``key("goal")`` -> 'puzzle.checkers.ck06_forced.goal';
        a trap's: ``key("trap.22-18")``."""
        return f"puzzle.{self.game}.{self.id}.{name}"

    def texts(self) -> dict[str, str]:
        """The puzzle's English texts by catalogue key (what ``add("en", ...)`` registers;
        empty fields and a puzzle without id give none)."""
        if not self.id:
            return {}
        out = {self.key(name): getattr(self, name) for name in TEXT_FIELDS if getattr(self, name)}
        out.update((self.key(f"trap.{a}"), r) for a, r in self.traps)
        return out

    def _localized(self, name: str, english: str, lang: str | None) -> str:
        # the catalogue's text only while it is this puzzle's English (a copy with changed
        # data, or a puzzle never registered, says its own English)
        if not english or not self.id or CATALOGUES["en"].get(self.key(name)) != english:
            return english
        return tr(self.key(name), lang)

    def text(self, name: str, lang: str | None = None) -> str:
        """A text (``title``, ``goal``, ``hint`` or ``why``) in the current (or given)
        language; English where no translation is registered."""
        if name not in TEXT_FIELDS:
            raise BoardkitError(f"puzzle text is one of {list(TEXT_FIELDS)}, got {name!r}")
        return self._localized(name, getattr(self, name), lang)

    def trap(self, answer: Any, lang: str | None = None) -> str | None:
        """Why a tempting wrong answer is wrong (``traps``), in the current (or given)
        language, or None."""
        english = dict(self.traps).get(str(answer))
        return None if english is None else self._localized(f"trap.{answer}", english, lang)

    def trap_for(self, move: Any) -> str | None:
        """The trap's reason for a move played (by its text, else by the game's
        ``answer_key``: any Diamond chain between the trap's holes), or None."""
        reason = self.trap(move)
        mod = _game_module(self.game)
        if reason is not None or not hasattr(mod, "answer_key") or _clicks(self.game):
            return reason
        key = mod.answer_key(move)
        for answer, _ in self.traps:
            try:
                m = self.make_game().play(answer)
            except BoardkitError:
                continue
            if mod.answer_key(m) == key:
                return self.trap(answer)
        return None

    def refusal_traps(self) -> list[tuple[str, tuple[str, str], str]]:
        """The traps that are illegal moves in the position, as (answer, (start cell,
        end cell) as the board names them, the engine's reason). Not for a game answered
        by a cell."""
        if _clicks(self.game):
            return []
        out = []
        for answer, _ in self.traps:
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
        ps = tuple(self.puzzles)
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
        """Every puzzle's English texts by catalogue key: a game's puzzles module registers
        them with ``add("en", PUZZLES.texts())``, next to the data."""
        out: dict[str, str] = {}
        for p in self.puzzles:
            out.update(p.texts())
        return out

    def for_rule(self, *rules: str) -> PuzzleSet:
        """The puzzles of these rule IDs (e.g. to show after the lesson on CK-06)."""
        return PuzzleSet(self.name, tuple(p for p in self.puzzles if p.rule in rules))

    def widget(self, **kw) -> PuzzleWidget:
        return PuzzleWidget(self, **kw)


class PuzzleWidget(W.VBox):
    """The puzzles of a set on the game's own board widget, with a running score.

    From Python: ``w.click(cell)`` clicks the board, ``w.next()``, ``w.previous()``,
    ``w.retry()``, ``w.show_hint()``; ``w.feedback`` is the feedback line as text,
    ``w.score_text()`` the score, ``w.board`` the game widget of the current puzzle.
    """

    def __init__(self, puzzles: PuzzleSet | Iterable[Puzzle], start: int = 0, **kw):
        self.puzzles = puzzles if isinstance(puzzles, PuzzleSet) else PuzzleSet("puzzles", tuple(puzzles))
        if not len(self.puzzles):
            raise BoardkitError("PuzzleWidget: the puzzle set is empty")
        self.index = max(0, min(int(start), len(self.puzzles) - 1))
        self.attempts = [0] * len(self.puzzles)      # wrong or right moves made, per puzzle
        self.solved = [False] * len(self.puzzles)
        self.first_try = [False] * len(self.puzzles)
        self.done = False                            # the current puzzle is answered right
        self.title_html = W.HTML()
        self.goal_html = W.HTML()
        self.feedback_html = W.HTML()
        self.score_html = W.HTML()
        self.board_box = W.VBox()
        b = lambda label, cb, icon: GameWidget._button(tr(label), cb, icon)  # noqa: E731
        self.previous_button = b("puzzle.previous", lambda _: self.previous(), "arrow-left")
        self.retry_button = b("puzzle.retry", lambda _: self.retry(), "undo")
        self.hint_button = b("puzzle.hint", lambda _: self.show_hint(), "lightbulb-o")
        self.next_button = b("puzzle.next", lambda _: self.next(), "arrow-right")
        buttons = W.HBox([self.previous_button, self.retry_button, self.hint_button, self.next_button])
        super().__init__([self.title_html, self.goal_html, self.board_box, buttons,
                          self.feedback_html, self.score_html], **kw)
        self._show()

    def __repr__(self) -> str:
        # stable text (no memory address, no child widgets) for notebook outputs (nbval)
        p = self.puzzle
        title = tr("puzzle.title", n=self.index + 1, total=len(self.puzzles), title=p.text("title"),
                   rule=p.rule)
        return f"<PuzzleWidget ({self.puzzles.name}): {title} · {self.score_text()}>"

    def _repr_mimebundle_(self, **kwargs) -> dict:
        # readable before running: the puzzle's title, goal and board picture
        p = self.puzzle
        title = tr("puzzle.title", n=self.index + 1, total=len(self.puzzles), title=p.text("title"),
                   rule=p.rule)
        goal = tr("puzzle.goal", goal=p.text("goal"))
        board = self.board_box.children[0] if self.board_box.children else None
        picture = svg_img(board.canvas.svg, goal) if board is not None else ""
        page = (f"<p><b>{html.escape(title)}</b><br>{html.escape(goal)}</p>" + picture
                + run_cue("puzzle.run_cue"))
        return static_bundle(self, page, f"{title}\n{goal}\n{tr('puzzle.run_cue')}", **kwargs)

    # ---------------------------------------------------------------- state
    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @property
    def feedback(self) -> str:
        return html.unescape(re.sub(r"<[^>]*>", "", self.feedback_html.value))

    def score(self) -> dict[str, int]:
        return {"first": sum(self.first_try), "solved": sum(self.solved),
                "tried": sum(1 for a in self.attempts if a), "total": len(self.puzzles)}

    def score_text(self) -> str:
        return tr("puzzle.score", **self.score())

    # ---------------------------------------------------------------- verbs
    def click(self, cell) -> None:
        """Exactly what clicking ``cell`` on the board does (a game may take its own
        names for cells, e.g. Diamond's hole labels, through its ``board_cell``)."""
        to_cell = getattr(_game_module(self.puzzle.game), "board_cell", str)
        self.board.click(to_cell(cell))

    def next(self) -> None:
        if self.index + 1 >= len(self.puzzles):
            self._say(tr("puzzle.last"))
            return
        self.index += 1
        self._show()

    def previous(self) -> None:
        if self.index == 0:
            self._say(tr("puzzle.first"))
            return
        self.index -= 1
        self._show()

    def retry(self) -> None:
        self._show()

    def show_hint(self) -> None:
        p = self.puzzle
        self._say(tr("puzzle.hint_line", hint=p.text("hint")) if p.hint
                  else tr("puzzle.no_hint", rule=p.rule))

    # ------------------------------------------------------------- internals
    def _say(self, text: str, color: str | None = None) -> None:
        self.feedback_html.value = (f"<span style='color:{color or TEXT_COLOR}'>{html.escape(text)}</span>"
                                    if text else "")

    def _board_class(self):
        base = _game_module(self.puzzle.game).widget_class()
        cache = PuzzleWidget.__dict__.get("_classes")
        if cache is None:
            cache = {}
            PuzzleWidget._classes = cache
        if base not in cache:
            cache[base] = type(f"Puzzle{base.__name__}", (_PuzzleBoard, base), {})
        return cache[base]

    def _show(self) -> None:
        """Set up the current puzzle's position on a fresh board."""
        p = self.puzzle
        self.done = False
        cls = self._board_class()
        game = p.make_game()
        # moves a set-up may record (backgammon's "roll, no double" before the dice)
        self._set_up_moves = len(game.moves_played())
        board = cls(game=game, **_game_module(p.game).widget_options(p))
        board._puzzle_owner = self
        board.new_button.layout.display = "none"
        board.undo_button.layout.display = "none"
        board.hint_button.layout.display = "none"
        board.chance_button.layout.display = "none"
        extras = [getattr(board, name, None) for name in ("set_dice_button", "double_button", "take_button",
                                                          "pass_button", "race_button")]
        extras = [e for e in extras if e is not None]      # backgammon's own controls
        for extra in extras:
            extra.layout.display = "none"
        for row in board.children:                   # their row too (dice by hand, "cube:")
            if isinstance(row, W.Box) and any(e in row.children for e in extras):
                row.layout.display = "none"
        board.children[-1].layout.display = "none"       # the set-up accordion
        if _clicks(p.game):
            board.move_box.placeholder = tr("puzzle.answer_box_hint")
            board.move_box.layout.width = "320px"        # the whole hint shows (QA 23)
        self.board = board
        self.board_box.children = [board]
        board._refresh()                 # drawn again, knowing its puzzle (marks, the aria-label)
        self.title_html.value = (f"<b style='color:{TEXT_COLOR}'>"
                                 + html.escape(tr("puzzle.title", n=self.index + 1, total=len(self.puzzles),
                                                  title=p.text("title"), rule=p.rule)) + "</b>")
        self.goal_html.value = (f"<span style='color:{TEXT_COLOR}'>"
                                + html.escape(tr("puzzle.goal", goal=p.text("goal"))) + "</span>")
        self._say("")
        self.score_html.value = (f"<span style='color:{MUTED_COLOR}'>"
                                 + html.escape(self.score_text()) + "</span>")
        self.previous_button.disabled = self.index == 0
        self.next_button.disabled = self.index + 1 >= len(self.puzzles)

    def _judge(self, board) -> None:
        """Called after every redraw of the board: judge a move the student made."""
        if self.done or board is not getattr(self, "board", None):
            return
        played = board.game.moves_played()
        if len(played) <= self._set_up_moves:
            return
        move = played[self._set_up_moves]
        p = self.puzzle
        if p.is_accepted(move):
            self._right(move)
        elif p.trap_for(move) is not None:
            self._wrong(board, tr("puzzle.wrong_click", answer=move, reason=p.trap_for(move)))
        else:
            self._wrong(board, tr("puzzle.wrong", move=move, goal=p.text("goal"), rule=p.rule))

    def _attempt(self, board, start: str, end: str) -> bool:
        """An attempt, by clicks (a piece, then a cell it cannot go to) or typed, at a move
        the board refuses: when it is one of the puzzle's refusal traps, it counts as a
        wrong try with the trap's reason (the position is unchanged). True if it was."""
        if self.done or board is not getattr(self, "board", None):
            return False
        p = self.puzzle
        for answer, ends, _ in _refusals(p):
            if ends == (start, end):
                self._wrong(board, tr("puzzle.refused", answer=answer, reason=p.trap(answer)))
                return True
        return False

    def _answer_click(self, board, cell: str) -> None:
        """A click on the board of a game answered by a cell (``click_answer``)."""
        if board is not getattr(self, "board", None):
            return
        p = self.puzzle
        mod = _game_module(p.game)
        verdict = mod.click_answer(p, board.game, cell)
        if verdict.right is None:                    # no answer: say what to click
            self._say(verdict.text, MUTED_COLOR)
        elif verdict.right:
            self._right(verdict.text)
            show = getattr(mod, "show_answer", None)
            if show is not None:                     # the answer played out on the board
                show(p, board)
        else:
            self._wrong(board, tr("puzzle.wrong_click", answer=cell, reason=verdict.text))

    def _right(self, answer) -> None:
        p, i = self.puzzle, self.index
        self.attempts[i] += 1
        self.done = True
        if not self.solved[i]:
            self.solved[i] = True
            self.first_try[i] = self.attempts[i] == 1
        key = "puzzle.right_next" if i + 1 < len(self.puzzles) else "puzzle.right"
        self._say(tr(key, move=answer, why=p.text("why")).strip())
        self._show_score()
        board = getattr(self, "board", None)
        if board is not None:                        # the status line says "Solved"
            board._refresh()

    def _wrong(self, board, text: str) -> None:
        """A wrong answer: the position set up again, the reason said (and the hint too
        after a second miss)."""
        p, i = self.puzzle, self.index
        self.attempts[i] += 1
        board.game = p.make_game()
        board.on_new_game()
        board.hint = None
        board.marked = 1
        board._clear()
        board._refresh()
        if p.hint and self.attempts[i] >= 2 and not self.solved[i]:
            text += " " + tr("puzzle.hint_line", hint=p.text("hint"))     # a second miss: the hint too
        self._say(text, ERROR_COLOR)
        self._show_score()

    def _show_score(self) -> None:
        self.score_html.value = (f"<span style='color:{MUTED_COLOR}'>"
                                 + html.escape(self.score_text()) + "</span>")


_REFUSALS: dict = {}


def _refusals(p: Puzzle) -> list:
    """``p.refusal_traps()``, worked out once per puzzle."""
    got = _REFUSALS.get(p)
    if got is None:
        if len(_REFUSALS) > 1000:
            _REFUSALS.clear()
        got = _REFUSALS[p] = p.refusal_traps()
    return got


#: the colour of a puzzle's marks (a purple none of the boards' pieces or rings use)
MARK_COLOR = "#8e24aa"
_ELEMENT = re.compile(r"<(circle|rect|polygon)\b([^>]*)>")
_ATTR = re.compile(r'([a-z-]+)="([^"]*)"')


def _cell_shapes(svg_text: str) -> dict[str, tuple[float, float, float, float, str]]:
    """Each cell's box (x, y, width, height, kind) in a board's SVG, from its largest
    ``data-cell`` circle, rect or polygon."""
    out: dict = {}
    for kind, attrs in _ELEMENT.findall(svg_text):
        a = dict(_ATTR.findall(attrs))
        cell = a.get("data-cell")
        if cell is None:
            continue
        try:
            if kind == "circle":
                r = float(a["r"])
                box = (float(a["cx"]) - r, float(a["cy"]) - r, 2 * r, 2 * r)
            elif kind == "rect":
                box = (float(a.get("x", 0)), float(a.get("y", 0)), float(a["width"]), float(a["height"]))
            else:
                pts = [float(v) for v in re.split(r"[\s,]+", a["points"].strip())]
                xs, ys = pts[0::2], pts[1::2]
                box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        except (KeyError, ValueError, IndexError):
            continue
        if cell not in out or box[2] * box[3] > out[cell][2] * out[cell][3]:
            out[cell] = (*box, kind)
    return out


def _star(x: float, y: float, r: float) -> str:
    """The points of a five-pointed star of radius ``r`` centred on (x, y)."""
    from .svg import fmt
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        ang = math.pi / 2 + k * math.pi / 5
        pts.append(f"{fmt(x + rad * math.cos(ang))},{fmt(y - rad * math.sin(ang))}")
    return " ".join(pts)


def mark_svg(svg_text: str, cells: Iterable[str]) -> str:
    """A board's SVG with a star ring on each of these cells (board cell ids): a dashed
    purple ring round the cell and a small star on it, drawn on top, never catching a
    click (``pointer-events="none"``). Cells the drawing does not have are skipped."""
    from .svg import fmt
    cells = list(cells)
    if not cells or "</svg>" not in svg_text:
        return svg_text
    shapes = _cell_shapes(svg_text)
    centres = {c: (x + w / 2, y + h / 2) for c, (x, y, w, h, _) in shapes.items()}
    parts = []
    for cell in cells:
        if cell not in shapes:
            continue
        x, y, w, h, kind = shapes[cell]
        cx, cy = centres[cell]
        if kind == "circle" and len(centres) > 1:   # a round hole: the ring by the distance to the next
            gap = min(((ox - cx) ** 2 + (oy - cy) ** 2) ** 0.5 for c, (ox, oy) in centres.items()
                      if c != cell and (ox, oy) != (cx, cy))
            r = 0.56 * gap
        else:
            r = 0.5 * max(w, h)
        sw = fmt(max(1.5, r * 0.2))
        parts.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}" fill="none" '
                     f'stroke="{MARK_COLOR}" stroke-width="{sw}" stroke-dasharray="{fmt(r * 0.45)} '
                     f'{fmt(r * 0.2)}" pointer-events="none" data-mark="{html.escape(cell)}"/>')
        sx, sy = cx + r * 0.72, cy - r * 0.72
        parts.append(f'<polygon points="{_star(sx, sy, r * 0.6)}" fill="{MARK_COLOR}" stroke="#fff" '
                     f'stroke-width="{fmt(max(0.8, r * 0.06))}" pointer-events="none"/>')
    if not parts:
        return svg_text
    at = svg_text.rindex("</svg>")
    return svg_text[:at] + "\n".join(parts) + "\n" + svg_text[at:]


class _PuzzleBoard:
    """Mixed in before a game's widget class: tells the puzzle widget about each redraw,
    refuses clicks once the puzzle is solved (and says "Solved" in the status line),
    draws the puzzle's marks, and hands an attempt at a refusal trap (a piece clicked,
    then a cell it may not go to) to the puzzle widget to count."""

    _puzzle_owner: PuzzleWidget | None = None
    _puzzle_last_click: str | None = None    # the last click, while it was refused
    _puzzle_refused: str | None = None
    tutor_allowed = False          # no tutor on a puzzle board (the base hides its checkbox)
    show_capture_rings = False     # checkers: the CK-06 rings would point at the answer (QA 3)

    def handle_click(self, cell: str) -> bool:
        owner = self._puzzle_owner
        if owner is not None and owner.done:
            self._say(tr("puzzle.solved_click"), error=True)
            return True
        if owner is not None and _clicks(owner.puzzle.game):
            owner._answer_click(self, cell)          # a click answers (click_answer)
            return True
        sel = self.selection
        start = sel.prefix[0] if sel.active else self._puzzle_refused
        self._puzzle_last_click, self._puzzle_refused = cell, None
        if (owner is not None and start is not None and start != cell and cell not in sel.targets
                and owner._attempt(self, start, cell)):
            return True
        return super().handle_click(cell)

    def render(self, selection) -> str:
        svg_text = pass_clicks(super().render(selection))
        owner = self._puzzle_owner
        if owner is None or not owner.puzzle.marks:
            return svg_text
        cell = getattr(_game_module(owner.puzzle.game), "board_cell", str)
        return mark_svg(svg_text, [cell(m) for m in owner.puzzle.marks])

    def status_text(self) -> str:
        owner = self._puzzle_owner
        if owner is not None and owner.done:        # not "Black (you) to move" after the answer
            note = getattr(self, "solved_note", None)      # a game's own line (回り将棋)
            note = note() if note is not None else ""
            return tr("puzzle.status_solved") + (f" {note}" if note else "")
        return super().status_text()

    def used_text(self) -> str:
        """Under the status when the game is over: how it ended (the puzzle board has no
        hints or undos of its own to count)."""
        out = self.game.outcome()
        return self.ending_text(out) if out is not None else ""

    def _game_name(self) -> str:
        # the game's name, not the mixed class's ("puzzlediamond board." read out, QA 10)
        owner = self._puzzle_owner
        return owner.puzzle.game if owner is not None else "game"

    def describe(self) -> str:
        text = super().describe()
        owner = self._puzzle_owner
        if owner is not None and owner.puzzle.marks:
            text += " " + tr("puzzle.marked", cells=", ".join(owner.puzzle.marks))
        return text

    def play_text(self, text: str) -> bool:
        """In a game answered by a cell the text box takes the cell's name: the same as
        clicking it (a name the game does not know is refused in the message line). In a
        game answered by a move, a typed refusal trap counts as a wrong try."""
        owner = self._puzzle_owner
        if owner is not None and not _clicks(owner.puzzle.game) and not owner.done:
            typed = str(text).strip()
            ends = None
            if typed:
                try:
                    ends = move_ends(owner.puzzle.game, typed)
                    self.game.copy().play(typed)         # a legal move is played as usual
                    ends = None
                except BoardkitError:
                    pass
            if ends is not None and owner._attempt(self, *ends):
                self.move_box.value = ""
                return False
        if owner is None or not _clicks(owner.puzzle.game):
            return super().play_text(text)
        text = str(text).strip()
        if not text:
            return False
        self._clear_error()
        try:
            cell = getattr(_game_module(owner.puzzle.game), "board_cell", str)(text)
        except BoardkitError as e:
            self._say(error_text(e), error=True)
            return False
        self.move_box.value = ""
        self.click(cell)
        return True

    def after_refresh(self) -> None:
        super().after_refresh()
        # a refused click (an error said, nothing selected) may be the start of an attempt
        refused = self.last_error is not None and not self.selection.active
        self._puzzle_refused = self._puzzle_last_click if refused else None
        self._puzzle_last_click = None
        owner = self._puzzle_owner
        if owner is not None:
            owner._judge(self)

