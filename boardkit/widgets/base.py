"""The interactive board, written once for all four games.

``GameWidget`` is an ipywidgets VBox: the clickable canvas plus ordinary controls
(new game with rule options, undo, hint, who plays which seat, computer level, flip,
roll/toss for dice games, save and resume, status line, move list).

A game's widget subclass says only what is particular to it:

    make_game(options)   a new game from the option controls' values
    option_controls()    {name: ipywidget} rule options shown under "New game"
    render(selection)    the SVG text of the board (calls the game's draw())
    move_path(move)      the cells a click sequence visits for a move
    bot(level)           a callable (game, rng) -> move for the computer seats
    hint_move()          the move the hint shows
    player_names         one name per seat
    levels               the computer levels, weakest first

Click protocol (``click_mode``):
  "hop"          click a piece, then each next cell of the path; the path is
                 extended automatically while only one continuation exists
                 (checkers multi-jumps).
  "destination"  click a piece, then any reachable end cell; when several paths
                 reach it, the next cells are offered hop by hop (Diamond Game).
A subclass with other needs (backgammon's one die at a time) overrides ``on_click``.
Everything a click does can be done from Python: ``widget.click(cell)``.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Callable

import ipywidgets as W
import numpy as np

from .._core import BoardkitError, Game
from .canvas import SvgCanvas

__all__ = ["GameWidget", "Selection"]


@dataclass
class Selection:
    """What the player has clicked so far in the current move."""

    prefix: list[str] = field(default_factory=list)   # cells clicked (start first)
    dest: str | None = None                            # chosen end cell (destination mode)
    candidates: list = field(default_factory=list)     # legal moves still possible
    targets: set[str] = field(default_factory=set)     # cells marked as clickable next

    @property
    def active(self) -> bool:
        return bool(self.prefix)


class GameWidget(W.VBox):
    player_names: tuple[str, ...] = ("Player 1", "Player 2")
    levels: tuple[str, ...] = ("easy", "normal", "strong")
    click_mode: str = "hop"
    chance_label: str = "Roll"   # the dice/toss button's label, for games with chance
    has_chance: bool = False

    def __init__(self, game: Game | None = None, *, computer: tuple[int, ...] | int | None = None,
                 level: str | None = None, seed: int = 0, **kw):
        self.rng = np.random.default_rng(seed)
        self.canvas = SvgCanvas()
        self.status_html = W.HTML()
        self.moves_html = W.HTML(layout=W.Layout(max_height="260px", overflow="auto",
                                                 min_width="160px"))
        self.message_html = W.HTML()
        self.selection = Selection()
        self.hint: Any = None
        self.flipped = False
        self.last_error: str | None = None

        # seats: who plays each colour
        computer = (computer,) if isinstance(computer, int) else tuple(computer or ())
        self.seat_controls = [
            W.Dropdown(options=["human", "computer"], value="computer" if i in computer else "human",
                       description=name, layout=W.Layout(width="220px"))
            for i, name in enumerate(self.player_names)]
        self.level_control = W.Dropdown(options=list(self.levels),
                                        value=level or self.levels[min(1, len(self.levels) - 1)],
                                        description="Level", layout=W.Layout(width="220px"))
        self.options = self.option_controls()

        btn = lambda d, cb, icon="": self._button(d, cb, icon)  # noqa: E731
        self.new_button = btn("New game", lambda _: self.new_game(), "refresh")
        self.undo_button = btn("Undo", lambda _: self.undo(), "undo")
        self.hint_button = btn("Hint", lambda _: self.show_hint(), "lightbulb-o")
        self.flip_button = btn("Flip", lambda _: self.flip(), "retweet")
        self.chance_button = btn(self.chance_label, lambda _: self.roll(), "cube")
        self.chance_button.layout.display = None if self.has_chance else "none"
        self.file_text = W.Text(value=f"{self._game_name()}_game.json", description="File",
                                layout=W.Layout(width="260px"))
        self.save_button = btn("Save", lambda _: self.save(), "save")
        self.load_button = btn("Resume", lambda _: self.resume(), "folder-open")

        for c in self.seat_controls + [self.level_control]:
            c.observe(lambda _: self._after_change(), names="value")
        self.canvas.observe(self._on_canvas_click, names="last_click")

        controls = W.HBox([self.new_button, self.undo_button, self.hint_button,
                           self.flip_button, self.chance_button])
        setup = W.VBox(list(self.options.values()) + self.seat_controls + [self.level_control])
        files = W.HBox([self.file_text, self.save_button, self.load_button])
        side = W.VBox([W.HTML("<b>Moves</b>"), self.moves_html])
        super().__init__([self.status_html, W.HBox([self.canvas, side]), controls,
                          self.message_html, W.Accordion(children=[W.VBox([setup, files])],
                                                         titles=("Game setup, save and resume",))], **kw)
        self.game = game if game is not None else self.make_game(self.option_values())
        self._after_change()

    # ------------------------------------------------------------ subclass hooks
    def make_game(self, options: dict) -> Game:
        raise BoardkitError(f"{type(self).__name__} must define make_game()")

    def option_controls(self) -> dict[str, W.Widget]:
        return {}

    def render(self, selection: Selection) -> str:
        return self.game.draw(flip=self.flipped).to_svg()

    def move_path(self, move) -> tuple[str, ...]:
        return tuple(str(c) for c in move.path)

    def bot(self, level: str) -> Callable:
        raise BoardkitError(f"{type(self).__name__} has no computer player")

    def hint_move(self):
        return self.bot(self.levels[-1])(self.game.copy(), np.random.default_rng(0))

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _button(description, callback, icon=""):
        b = W.Button(description=description, icon=icon, layout=W.Layout(width="auto"))
        b.on_click(callback)
        return b

    def _game_name(self) -> str:
        return type(self).__name__.replace("Widget", "").lower() or "game"

    def option_values(self) -> dict:
        return {k: w.value for k, w in self.options.items()}

    def is_computer(self, seat: int) -> bool:
        return seat < len(self.seat_controls) and self.seat_controls[seat].value == "computer"

    @property
    def status(self) -> str:
        """The status line as plain text (for tests and Python use)."""
        return html.unescape(self.status_html.value.replace("<b>", "").replace("</b>", ""))

    @property
    def targets(self) -> set[str]:
        return set(self.selection.targets)

    # --------------------------------------------------------------- the verbs
    def click(self, cell) -> None:
        """Exactly what clicking ``cell`` on the board does."""
        self.canvas.click(str(cell))

    def new_game(self) -> None:
        self.game = self.make_game(self.option_values())
        self.hint = None
        self.message_html.value = ""
        self._after_change()

    def undo(self) -> None:
        """Take back the last human move, and the computer's replies after it. Moves
        the computer made before any human move (its opening) stay: taking them back
        would only leave the computer to move again."""
        self._clear()
        probe = self.game.copy()
        steps = 0
        while probe.history:
            probe.undo()
            steps += 1
            if not self.is_computer(probe.turn):     # the mover of the move just undone
                break
        else:
            steps = 0
        for _ in range(steps):
            self.game.undo()
        self.hint = None
        self._say("" if steps else "nothing to undo")
        self._refresh()

    def show_hint(self) -> None:
        if self.game.is_over() or self.game.chance_pending():
            return
        self.hint = self.hint_move()
        self._say(f"Hint: {self.hint}")
        self._refresh()

    def flip(self) -> None:
        self.flipped = not self.flipped
        self._refresh()

    def roll(self) -> None:
        """Roll the dice or toss (dice games)."""
        if self.game.chance_pending():
            self.game.resolve_chance(self.rng)
            self._after_change()

    def save(self, path: str | None = None) -> None:
        """Save the game (atomically); an error is reported in the message line."""
        path = path or self.file_text.value
        try:
            self.game.save(path)
        except (OSError, BoardkitError) as e:
            self._say(f"could not save: {e}", error=True)
            return
        self._say(f"saved to {path}")

    def resume(self, path: str | None = None) -> None:
        """Resume a saved game; an error is reported in the message line (never raised)."""
        path = path or self.file_text.value
        try:
            self.game = type(self.game).load(path)
        except (OSError, BoardkitError, UnicodeDecodeError, RecursionError) as e:
            self._say(f"could not resume: {e}", error=True)
            return
        self._clear()
        self.hint = None
        self._say(f"resumed from {path}")
        self._after_change()

    def play(self, move) -> None:
        """Play a move from Python (text or value), then let the computer reply."""
        self._clear()
        self.game.play(move)
        self.hint = None
        self._after_change()

    # ------------------------------------------------------------------ clicks
    def _on_canvas_click(self, change) -> None:
        cell = change["new"].get("cell")
        if cell is None:
            return
        try:
            self.on_click(str(cell))
        except BoardkitError as e:        # an illegal click never breaks the widget
            self._say(str(e), error=True)
            self._clear()
        self._refresh()

    def on_click(self, cell: str) -> None:
        g = self.game
        if g.is_over() or g.chance_pending() or self.is_computer(g.turn):
            return
        sel = self.selection
        if sel.active and cell in sel.targets:
            if self.click_mode == "destination" and sel.dest is None:
                sel.dest = cell
            else:
                sel.prefix.append(cell)
            self._narrow()
            return
        # a fresh selection: a piece that can move
        moves = [m for m in g.legal_moves() if self.move_path(m)[0] == cell]
        if not moves:
            if sel.active:
                self._clear()
            else:
                self._say(self.why_not_selectable(cell), error=True)
            return
        self.selection = Selection(prefix=[cell])
        self._narrow()

    def why_not_selectable(self, cell: str) -> str:
        return f"{cell}: no legal move starts there"

    def _narrow(self) -> None:
        """Filter the candidate moves by the clicks; play when only one is left."""
        sel = self.selection
        while True:
            n = len(sel.prefix)
            paths = {}
            for m in self.game.legal_moves():
                p = self.move_path(m)
                if p[:n] == tuple(sel.prefix) and (sel.dest is None or p[-1] == sel.dest):
                    paths[m] = p
            sel.candidates = list(paths)
            if self.click_mode == "destination" and sel.dest is None:
                sel.targets = {p[-1] for p in paths.values() if len(p) > 1}
                return
            complete = [m for m, p in paths.items() if len(p) == n and n > 1]
            if complete:
                return self._finish(complete[0])
            if sel.dest is not None and len(paths) == 1:
                return self._finish(next(iter(paths)))
            nexts = {p[n] for p in paths.values() if len(p) > n}
            # only one way on after the first step: take it without asking
            if len(nexts) == 1 and (n > 1 or sel.dest is not None):
                sel.prefix.append(nexts.pop())
                continue
            sel.targets = nexts
            return

    def _finish(self, move) -> None:
        self._clear()
        self.game.play(move)
        self.hint = None
        self._say("")
        self._after_change(refresh=False)

    def _clear(self) -> None:
        self.selection = Selection()

    # --------------------------------------------------------- computer & view
    def _after_change(self, refresh: bool = True) -> None:
        """Let computer seats act (and roll for them), then redraw."""
        guard = 0
        g = self.game
        while not g.is_over() and guard < 10_000:
            guard += 1
            if g.chance_pending():
                if self.is_computer(g.turn) or self.auto_chance():
                    g.resolve_chance(self.rng)
                    continue
                break
            if not self.is_computer(g.turn):
                break
            g.play(self.bot(self.level_control.value)(g, self.rng))
        self._refresh()

    def auto_chance(self) -> bool:
        """Whether to roll for a human automatically (subclasses may ask a checkbox)."""
        return False

    def _say(self, text: str, error: bool = False) -> None:
        self.last_error = text if error else None
        color = "#b00020" if error else "#333"
        self.message_html.value = f'<span style="color:{color}">{html.escape(text)}</span>' if text else ""

    def status_text(self) -> str:
        g = self.game
        out = g.outcome()
        if out is not None:
            return f"<b>Game over.</b> {html.escape(out.reason)}"
        who = self.player_names[g.turn] if g.turn < len(self.player_names) else f"Player {g.turn + 1}"
        kind = "computer" if self.is_computer(g.turn) else "you"
        if g.chance_pending():
            return f"<b>{html.escape(who)}</b> ({kind}) to {self.chance_label.lower()}"
        return f"<b>{html.escape(who)}</b> ({kind}) to move"

    def moves_text(self) -> list[str]:
        """The move list as lines, numbered per round of all players."""
        hist = [str(m) for m in self.game.history]
        p = max(1, self.game.players)
        return [f"{i // p + 1}. " + "  ".join(hist[i:i + p]) for i in range(0, len(hist), p)]

    def _refresh(self) -> None:
        sel = self.selection
        if sel.active and not sel.targets and not sel.candidates:
            self._clear()
        self.canvas.svg = self.render(self.selection)
        self.status_html.value = self.status_text()
        lines = self.moves_text()
        self.moves_html.value = ("<pre style='margin:0'>" + html.escape("\n".join(lines)) + "</pre>"
                                 if lines else "<i>no moves yet</i>")
