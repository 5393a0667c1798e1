"""The puzzle widget: a ``PuzzleSet`` on the game's own board widget, one puzzle at a time.

The puzzles themselves are data (``boardkit.puzzles``, no ipywidgets); this module puts
them on a board. The board is the game's own widget class with a small mixin
(``_PuzzleBoard``): after each redraw the puzzle widget judges a new move. The board's
controls that change the game as a whole (``GameWidget.game_controls()``: New game,
Undo, Hint, Roll, the set-up panel and a game's own, such as backgammon's dice and cube)
are hidden by that role; the puzzle widget has Previous, Retry, Hint and Next. A
puzzle's ``marks`` are drawn by the game's own ``draw()`` (the ``marks`` option, given
as the game's ``draw_defaults``).
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from .. import records
from .._input import check_text
from ..errors import BoardkitError, short_repr
from ..i18n import check_language, error_text, tr
from ..puzzles import Puzzle, PuzzleSet, _clicks, _game_module, _refusals, move_ends
from ..svg import pass_clicks
from .base import (
    ERROR_COLOR,
    MUTED_COLOR,
    TEXT_COLOR,
    Download,
    GameWidget,
    checked_key,
    run_cue,
    static_bundle,
    svg_img,
)

__all__ = ["PuzzleWidget"]

# the "Download my record" control under the puzzles (boardkit.records: the file a student
# hands in to the teacher)


def _checkers() -> type:
    from ..checkers.widget import CheckersWidget
    return CheckersWidget


def _diamond() -> type:
    from ..diamond.widget import DiamondWidget
    return DiamondWidget


def _backgammon() -> type:
    from ..backgammon.widget import BackgammonWidget
    return BackgammonWidget


def _mawari() -> type:
    from ..mawari.puzzle_widget import MawariPuzzleBoard
    return MawariPuzzleBoard


#: each game's board widget for its puzzles (imported when first needed); the puzzle data
#: (``boardkit.<game>.puzzles``) names no widget
BOARDS: dict[str, Callable[[], type]] = {"checkers": _checkers, "diamond": _diamond,
                                          "backgammon": _backgammon, "mawari": _mawari}


def puzzle_game(p: Puzzle):
    """A fresh game in the puzzle's position, its marks drawn on every board of it."""
    game = p.make_game()
    if p.marks:
        game.draw_defaults = {"marks": p.marks}
    return game


class PuzzleWidget(W.VBox):
    """The puzzles of a set on the game's own board widget, with a running score.

    From Python: ``w.click(cell)`` clicks the board, ``w.next()``, ``w.previous()``,
    ``w.retry()``, ``w.show_hint()``; ``w.feedback`` is the feedback line as text,
    ``w.score_text()`` the score, ``w.board`` the game widget of the current puzzle.
    """

    def __init__(self, puzzles: PuzzleSet | Iterable[Puzzle], start: int = 0, record: bool = True,
                 lang: str | None = None, **kw):
        #: the language of every word shown, the boards' too (None: the current language,
        #: fixed now: a later ``set_language`` does not change this widget)
        # every argument is checked before any widget is made: a refusal builds nothing
        self.lang = check_language(lang)
        if not isinstance(puzzles, PuzzleSet) and (
                isinstance(puzzles, (str, bytes, dict)) or not isinstance(puzzles, Iterable)):
            raise BoardkitError(f"puzzles must be a PuzzleSet or a list of Puzzle, got {short_repr(puzzles)}")
        if isinstance(start, bool) or not isinstance(start, int):
            import numpy as np
            if not isinstance(start, np.integer):
                raise BoardkitError(f"start must be a puzzle's number (a whole number), "
                                    f"got {short_repr(start)}")
        if not isinstance(record, bool):
            raise BoardkitError(f"record must be True or False, got {short_repr(record)}")
        self.puzzles = puzzles if isinstance(puzzles, PuzzleSet) else PuzzleSet("puzzles", tuple(puzzles))
        if not len(self.puzzles):
            raise BoardkitError("puzzles: the puzzle set is empty")
        self.index = max(0, min(int(start), len(self.puzzles) - 1))
        self.attempts = [0] * len(self.puzzles)      # wrong or right moves made, per puzzle
        self.solved = [False] * len(self.puzzles)
        self.first_try = [False] * len(self.puzzles)
        self.done = False                            # the current puzzle is answered right
        self.board: Any = None                        # the game widget of the current puzzle
        self.title_html = W.HTML()
        self.goal_html = W.HTML()
        self.feedback_html = W.HTML()
        self.score_html = W.HTML()
        self.board_box = W.VBox()
        b = lambda label, cb, icon: GameWidget._button(self.tr(label), cb, icon)  # noqa: E731
        self.previous_button = b("puzzle.previous", lambda _: self.previous(), "arrow-left")
        self.retry_button = b("puzzle.retry", lambda _: self.retry(), "undo")
        self.hint_button = b("puzzle.hint", lambda _: self.show_hint(), "lightbulb-o")
        self.next_button = b("puzzle.next", lambda _: self.next(), "arrow-right")
        buttons = W.HBox([self.previous_button, self.retry_button, self.hint_button, self.next_button])
        # the student's record (boardkit.records), downloaded with one click
        self.name_box = W.Text(value=records.current().student, placeholder=self.tr("record.name_hint"),
                               description=self.tr("record.name"), layout=W.Layout(width="260px"))
        self.record_button = b("record.download", lambda _: self.download_record(), "download")
        self.record_button.tooltip = self.tr("record.tooltip")
        self.downloader = Download()
        self.record_html = W.HTML()
        record_box = W.VBox([W.HBox([self.name_box, self.record_button, self.downloader]),
                             self.record_html])
        if not record:
            record_box.layout.display = "none"
        super().__init__([self.title_html, self.goal_html, self.board_box, buttons,
                          self.feedback_html, self.score_html, record_box], **kw)
        self._show()

    def tr(self, key: str, **facts: Any) -> str:
        """The text of ``key`` in the widget's language."""
        return tr(checked_key(key), self.lang, **facts)

    def __repr__(self) -> str:
        # stable text (no memory address, no child widgets) for notebook outputs (nbval)
        p = self.puzzle
        title = self.tr("puzzle.title", n=self.index + 1, total=len(self.puzzles),
                        title=p.text("title", self.lang), rule=p.rule)
        return f"<PuzzleWidget ({self.puzzles.name}): {title} · {self.score_text()}>"

    def _repr_mimebundle_(self, **kwargs) -> dict:
        # readable before running: the puzzle's title, goal and board picture
        p = self.puzzle
        title = self.tr("puzzle.title", n=self.index + 1, total=len(self.puzzles),
                        title=p.text("title", self.lang), rule=p.rule)
        goal = self.tr("puzzle.goal", goal=p.text("goal", self.lang))
        board = self.board_box.children[0] if self.board_box.children else None
        picture = svg_img(board.canvas.svg, goal) if board is not None else ""
        page = (f"<p><b>{html.escape(title)}</b><br>{html.escape(goal)}</p>" + picture
                + run_cue("puzzle.run_cue", self.lang))
        return static_bundle(self, page, f"{title}\n{goal}\n{self.tr('puzzle.run_cue')}", **kwargs)

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
        return self.tr("puzzle.score", **self.score())

    # ---------------------------------------------------------------- verbs
    def click(self, cell) -> None:
        """Exactly what clicking ``cell`` on the board does (a game may take its own
        names for cells, e.g. Diamond's hole labels, through its ``board_cell``)."""
        if isinstance(cell, int) and not isinstance(cell, bool) and abs(cell) < 10 ** 9:
            cell = str(cell)
        if not isinstance(cell, str):
            raise BoardkitError(f"cell: expected a cell's name (text), got {short_repr(cell)}")
        to_cell = getattr(_game_module(self.puzzle.game), "board_cell", str)
        self.board.click(to_cell(check_text(cell, "cell", 100)))

    def next(self) -> None:
        if self.index + 1 >= len(self.puzzles):
            self._say(self.tr("puzzle.last"))
            return
        self.index += 1
        self._show()

    def previous(self) -> None:
        if self.index == 0:
            self._say(self.tr("puzzle.first"))
            return
        self.index -= 1
        self._show()

    def retry(self) -> None:
        self._show()

    def show_hint(self) -> None:
        p = self.puzzle
        hint = p.text("hint", self.lang)
        self._say(self.tr("puzzle.hint_line", hint=hint) if hint
                  else self.tr("puzzle.no_hint", rule=p.rule))

    def download_record(self) -> None:
        """The student's record (``records.current()``: the puzzle scores of this kernel,
        with the name typed in the box) handed to the browser as a file download."""
        rec = records.current()
        rec.student = self.name_box.value.strip()[:records.MAX_TEXT]
        name = rec.file_name()
        self.downloader.offer(name, rec.to_json() + "\n")
        items = rec.puzzles.values()
        text = self.tr("record.downloaded", name=name, tried=len(items),
                  solved=sum(i["solved"] for i in items), first=sum(i["first_try"] for i in items))
        self.record_html.value = f"<span style='color:{TEXT_COLOR}'>{html.escape(text)}</span>"

    # ------------------------------------------------------------- internals
    def _say(self, text: str, color: str | None = None) -> None:
        self.feedback_html.value = (f"<span style='color:{color or TEXT_COLOR}'>{html.escape(text)}</span>"
                                    if text else "")

    def _board_class(self):
        base = BOARDS[self.puzzle.game]()
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
        game = puzzle_game(p)
        # moves a set-up may record (backgammon's "roll, no double" before the dice)
        self._set_up_moves = len(game.moves_played())
        board = cls(game=game, lang=self.lang, **_game_module(p.game).widget_options(p))
        board._puzzle_owner = self
        for control in board.game_controls():     # New game, Undo, Hint, Roll, set-up, dice, cube
            control.layout.display = "none"
        if _clicks(p.game):
            board.move_box.placeholder = self.tr("puzzle.answer_box_hint")
            board.move_box.layout.width = "320px"        # the whole hint shows (QA 23)
        self.board = board
        self.board_box.children = [board]
        board._refresh()                 # drawn again, knowing its puzzle (marks, the aria-label)
        self.title_html.value = (f"<b style='color:{TEXT_COLOR}'>"
                                 + html.escape(self.tr("puzzle.title", n=self.index + 1,
                                                       total=len(self.puzzles),
                                                       title=p.text("title", self.lang), rule=p.rule))
                                 + "</b>")
        self.goal_html.value = (f"<span style='color:{TEXT_COLOR}'>"
                                + html.escape(self.tr("puzzle.goal", goal=p.text("goal", self.lang)))
                                + "</span>")
        self._say("")
        self.score_html.value = (f"<span style='color:{MUTED_COLOR}'>"
                                 + html.escape(self.score_text()) + "</span>")
        self.previous_button.disabled = self.index == 0
        self.next_button.disabled = self.index + 1 >= len(self.puzzles)

    def _judge(self, board) -> None:
        """Called after every redraw of the board: judge a move the student made."""
        if self.done or self.board is not board:
            return
        played = board.game.moves_played()
        if len(played) <= self._set_up_moves:
            return
        move = played[self._set_up_moves]
        p = self.puzzle
        if p.is_accepted(move):
            self._right(move)
        elif p.trap_for(move, self.lang) is not None:
            self._wrong(board, self.tr("puzzle.wrong_click", answer=move, reason=p.trap_for(move, self.lang)))
        else:
            self._wrong(board, self.tr("puzzle.wrong", move=move, goal=p.text("goal", self.lang),
                                       rule=p.rule))

    def _attempt(self, board, start: str, end: str) -> bool:
        """An attempt, by clicks (a piece, then a cell it cannot go to) or typed, at a move
        the board refuses: when it is one of the puzzle's refusal traps, it counts as a
        wrong try with the trap's reason (the position is unchanged). True if it was."""
        if self.done or board is not self.board:
            return False
        p = self.puzzle
        for answer, ends, _ in _refusals(p):
            if ends == (start, end):
                self._wrong(board, self.tr("puzzle.refused", answer=answer, reason=p.trap(answer, self.lang)))
                return True
        return False

    def _answer_click(self, board, cell: str) -> None:
        """A click on the board of a game answered by a cell (``click_answer``)."""
        if self.board is not board:
            return
        p = self.puzzle
        mod = _game_module(p.game)
        verdict = mod.click_answer(p, board.game, cell, lang=self.lang)
        if verdict.right is None:                    # no answer: say what to click
            self._say(verdict.text, MUTED_COLOR)
        elif verdict.right:
            self._right(verdict.text)
            show = getattr(mod, "show_answer", None)
            if show is not None:                     # the answer played out on the board
                show(p, board)
        else:
            self._wrong(board, self.tr("puzzle.wrong_click", answer=cell, reason=verdict.text))

    def _right(self, answer) -> None:
        p, i = self.puzzle, self.index
        self.attempts[i] += 1
        records.puzzle(self.puzzles.name, p.text("title", "en"), p.rule, True)     # the student's record
        self.done = True
        if not self.solved[i]:
            self.solved[i] = True
            self.first_try[i] = self.attempts[i] == 1
        key = "puzzle.right_next" if i + 1 < len(self.puzzles) else "puzzle.right"
        self._say(self.tr(key, move=answer, why=p.text("why", self.lang)).strip())
        self._show_score()
        board = self.board
        if board is not None:                        # the status line says "Solved"
            board._refresh()

    def _wrong(self, board, text: str) -> None:
        """A wrong answer: the position set up again, the reason said (and the hint too
        after a second miss)."""
        p, i = self.puzzle, self.index
        self.attempts[i] += 1
        records.puzzle(self.puzzles.name, p.text("title", "en"), p.rule, False)
        board.game = puzzle_game(p)
        board.on_new_game()
        board.hint = None
        board.marked = 1
        board._clear()
        board._refresh()
        if p.text("hint", self.lang) and self.attempts[i] >= 2 and not self.solved[i]:
            text = self.tr("sentences", first=text,            # a second miss: the hint too
                           second=self.tr("puzzle.hint_line", hint=p.text("hint", self.lang)))
        self._say(text, ERROR_COLOR)
        self._show_score()

    def _show_score(self) -> None:
        self.score_html.value = (f"<span style='color:{MUTED_COLOR}'>"
                                 + html.escape(self.score_text()) + "</span>")


# the mixin is written against the game widget it is mixed into (for the type checker)
_Board: Any = GameWidget if TYPE_CHECKING else object


class _PuzzleBoard(_Board):
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
            self._say(self.tr("puzzle.solved_click"), error=True)
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
        return pass_clicks(super().render(selection))

    def status_text(self) -> str:
        owner = self._puzzle_owner
        if owner is not None and owner.done:        # not "Black (you) to move" after the answer
            note = getattr(self, "solved_note", None)      # a game's own line (回り将棋)
            note = note() if note is not None else ""
            return self.tr("puzzle.status_solved") + (f" {note}" if note else "")
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
            text = self.tr("sentences", first=text,
                           second=self.tr("puzzle.marked", cells=list(owner.puzzle.marks)))
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
            self._say(error_text(e, self.lang), error=True)
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

