"""The checkers board to play on by clicking (ipywidgets + the shared SVG canvas).

    from boardkit.checkers.widget import CheckersWidget
    CheckersWidget(computer=1, level="easy")          # you are Black, the computer White
    CheckersWidget()                                  # hot-seat: two people, one screen
    CheckersWidget(computer=1, flip=True)             # Black's pieces at the bottom
    CheckersWidget(undo_allowed=False)                # 待った なし: no undo

Orientation (CK-01, CK-03): the board is drawn as every diagram and text of the kit:
White at the bottom, squares 1-12 (Black's home rows) at the top, whoever plays which
side. ``flip=True`` or the Flip button turns it round (Black at the bottom); the line
under the status always says which way the board is turned.

Click one of your pieces: its landing squares are marked; click one. A multi-jump goes
hop by hop: at a branch you choose the next square, and the widget jumps on by itself
while only one way continues. When a capture is compulsory (CK-06) the pieces that can
capture are ringed in red and only they can be picked; pieces already jumped are drawn
faded until the move ends (CK-07). After your move the board is redrawn, and the
computer's reply comes ``reply_delay`` seconds later (0.4 s); both moves stay marked.
Undo (待った, on or off in the set-up: ``undo_allowed``) also takes back the computer's
reply; Hint shows the move of ``ai.HINT_LEVEL`` as an arrow and says why; the hints and
undos used are shown when the game ends. Save downloads the game to your own computer;
Resume from a file reads it back (``save(path)``/``resume(path)`` use a file from Python).
The Tutor checkbox (off by default, ``tutor=True``) says after each of your moves when
it leaves a man or king en prise (tip 1 of notebook 14) and what つよい would play
(``boardkit.checkers.tutor``).
Everything can be done from Python: ``w.click(22)``, ``w.moves_text()``.
"""
from __future__ import annotations

import html

import ipywidgets as W

from .._catalogue import Word
from .._core import BoardkitError
from .._input import check_instance, short_repr
from ..i18n import error_text
from ..widgets import GameWidget, Selection
from ..widgets.base import MUTED_COLOR
from . import ai, tutor
from .game import PLAYER_NAMES, CheckersGame
from .rules import CheckersRules, check_move

__all__ = ["CheckersWidget"]

PRESETS = ("american", "no_forced", "international", "custom")
_CUSTOM = ("forced_capture", "majority_capture", "men_capture_backward", "flying_kings",
           "crowning_ends_move")


class CheckersWidget(GameWidget[CheckersGame]):
    ai = ai
    tutor_module = tutor
    click_mode = "hop"
    #: seconds between the redraw of the learner's move and the computer's reply
    reply_delay = 0.4
    #: ring the pieces that must capture (CK-06); a puzzle board sets it False so the ring
    #: does not give the answer away (the status line and the refusal still name CK-06)
    show_capture_rings = True

    @property
    def player_names(self) -> tuple[str, ...]:
        """"Black", "White" (黒, 白 in Japanese): the seats, the status and the messages,
        in the board's language."""
        return tuple(self.tr(f"ck.draw.side.{p}") for p in range(len(PLAYER_NAMES)))

    def __init__(self, game: CheckersGame | None = None, *, rules: str | CheckersRules = "american",
                 flip: bool = False, **kw):
        if not (isinstance(rules, CheckersRules) or isinstance(rules, str) and rules in PRESETS):
            raise BoardkitError(f"rules must be one of {list(PRESETS)} or a CheckersRules, "
                                f"got {short_repr(rules)} (CK-14)")
        if not isinstance(flip, bool):
            raise BoardkitError(f"flip must be True or False, got {short_repr(flip)}")
        if game is not None and not isinstance(game, CheckersGame):
            raise BoardkitError(f"CheckersWidget(game): expected a CheckersGame, got "
                                f"{type(game).__name__}")
        self._initial_rules = rules
        super().__init__(game, **kw)
        if flip:
            self.flip()

    # ------------------------------------------------------------ rule options
    def option_controls(self) -> dict:
        r = self._initial_rules
        preset = r if isinstance(r, str) else r.name
        base = r if isinstance(r, CheckersRules) else (
            CheckersRules.american() if preset == "custom" else getattr(CheckersRules, preset)())
        c = {"rules": W.Dropdown(options=[(self.tr(f"ck.preset.{p}"), p) for p in PRESETS], value=preset,
                                 description=self.tr("ck.rules"), layout=W.Layout(width="220px")),
             "board_size": W.Dropdown(options=[8, 10, 12], value=base.board_size,
                                      description=self.tr("ck.board_size"), layout=W.Layout(width="220px")),
             "first_player": W.Dropdown(options=[(self.tr(f"ck.first.{s}"), s) for s in ("black", "white")],
                                        value=base.first_player,
                                        description=self.tr("ck.first"), layout=W.Layout(width="220px"))}
        for name in _CUSTOM:
            c[name] = W.Checkbox(value=getattr(base, name), description=self.tr(f"ck.{name}"),
                                 indent=False)
        c["rules"].observe(lambda _: self._show_custom(), names="value")
        self._option_box = c
        self._show_custom()
        return c

    def _show_custom(self) -> None:
        custom = self._option_box["rules"].value == "custom"
        for k, w in self._option_box.items():
            if k != "rules":
                w.layout.display = None if custom else "none"

    def make_game(self, options: dict) -> CheckersGame:
        """A new game from the set-up's values: {"rules": a preset name, and with
        "custom" the fields board_size, first_player and the rule switches}."""
        check_instance(options, dict, "options")
        preset = options.get("rules", "american")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise BoardkitError(f"options['rules'] must be one of {list(PRESETS)}; "
                                f"got {short_repr(preset)} (CK-14)")
        if preset != "custom":
            return CheckersGame(getattr(CheckersRules, preset)())
        missing = [k for k in ("board_size", "first_player") + _CUSTOM if k not in options]
        if missing:
            raise BoardkitError(f"options: custom rules need {', '.join(missing)} (CK-14)")
        fields = {k: options[k] for k in ("board_size", "first_player") + _CUSTOM}
        # 10x10 and 12x12 games count draws the international way (CK-13)
        fields["draw_rules"] = "american" if fields["board_size"] == 8 else "international"
        return CheckersGame(CheckersRules.custom(**fields))

    # ------------------------------------------------------------------ view
    def header_rows(self) -> list:
        self.orientation_html = W.HTML()
        return [self.orientation_html]

    def orientation_text(self) -> str:
        """Which way the board is turned, in plain words (shown under the status)."""
        g = self.game
        home = g.rules.board_size // 2 - 1
        top = Word("ck.range", first=1, last=home * g.rules.board_size // 2)
        if self.flipped:
            return self.tr("ck.turned", top=top)
        return self.tr("ck.upright", top=top)

    def ending_note(self, out) -> str:
        """A repetition draw (CK-11) explained: why nobody wins, and when one side had more
        pieces, why that is still a draw and what winning it would take."""
        if out is None or out.winner is not None or out.rule != "CK-11":
            return ""
        c = self.game.counts()
        have = (c["black_men"] + c["black_kings"], c["white_men"] + c["white_kings"])
        text = self.tr("ck.why_repetition")
        if have[0] != have[1]:
            ahead = 0 if have[0] > have[1] else 1
            text = self.tr("ck.why_then", first=text, second=self.tr(
                "ck.why_ahead", ahead=self.player_name(ahead), more=max(have), fewer=min(have)))
        return text

    def side_place(self, seat: int) -> str:
        """Black (seat 0) sits at the top as drawn upright, at the bottom after Flip."""
        top = (seat == 0) != self.flipped
        return self.tr("ck.place.top" if top else "ck.place.bottom")

    def after_refresh(self) -> None:
        self.orientation_html.value = (f"<span style='color:{MUTED_COLOR};font-size:90%'>"
                                       f"{html.escape(self.orientation_text())}</span>")

    def _captured_so_far(self, sel: Selection) -> list[int]:
        """Pieces jumped by the hops clicked so far (drawn faded, CK-07)."""
        if len(sel.prefix) < 2 or not sel.candidates:
            return []
        return list(sel.candidates[0].captures[:len(sel.prefix) - 1])

    def _forced_rings(self) -> list[str]:
        g = self.game
        if not g.rules.forced_capture or g.is_over():
            return []
        return [str(s) for s in g.capturing_squares()]

    def render(self, selection: Selection) -> str:
        check_instance(selection, Selection, "selection")
        g = self.game
        opts = dict(flip=self.flipped, labels=True, lang=self.lang,
                    targets=sorted(selection.targets, key=int),
                    capturable=self._forced_rings() if self.show_capture_rings else [],
                    last_move=0 if selection.active else self.marked)
        if self.hint is not None:
            opts["hint"] = self.hint
        if selection.active:
            opts["selected"] = selection.prefix[-1]
            faded = self._captured_so_far(selection)
            if len(selection.prefix) > 1:
                opts["faded"] = [str(s) for s in faded]
                opts["capturable"] = []          # mid-jump: only the moving piece matters
                opts["arrows"] = [list(selection.prefix)]
                return self._midway(selection).draw(**opts).to_svg()
        return g.draw(**opts).to_svg()

    def _midway(self, sel: Selection) -> CheckersGame:
        """The board with the jumping piece moved to where the clicks have taken it
        (the jumped pieces stay, drawn faded, until the move ends)."""
        g = self.game
        start, here = int(sel.prefix[0]), int(sel.prefix[-1])
        b, w, k, t = g.raw_position()
        fb, hb = 1 << (start - 1), 1 << (here - 1)
        if t == 0:
            b = (b & ~fb) | hb
        else:
            w = (w & ~fb) | hb
        if k & fb:
            k = (k & ~fb) | hb
        shown = g.copy()
        shown._set(b, w, k, t)     # a picture only: mid-capture, no position check
        return shown

    def move_path(self, move) -> tuple[str, ...]:
        return tuple(str(s) for s in check_move(move, "move").path)

    def why_not_selectable(self, cell: str) -> str:
        if not isinstance(cell, str):
            raise BoardkitError(f"cell must be a square's number as text, e.g. '22'; "
                                f"got {short_repr(cell)}")
        g = self.game
        sq = int(cell) if cell.isascii() and cell.isdigit() and len(cell) <= 3 else None
        if sq is None or not 1 <= sq <= g.squares:
            return self.tr("ck.not_square", cell=cell[:20])
        piece = g.piece_at(sq)
        names = self.player_names
        me = names[g.turn]
        refused, self._refused = getattr(self, "_refused", None), None
        if piece is None:
            if refused is not None and refused[1] == len(g.history):
                # the square after a refused piece: the move the student meant, and why not
                text = f"{refused[0]}-{sq}"
                try:
                    g.copy().play(text)
                except BoardkitError as e:     # the engine's message names the move and rule
                    return error_text(e, self.lang)
            return self.tr("ck.empty", sq=sq, me=me)
        if piece[0] != g.turn:
            return self.tr("ck.theirs", sq=sq, owner=names[piece[0]], me=me)
        rings = self._forced_rings()
        if rings:
            self._refused = (sq, len(g.history))
            if not self.show_capture_rings:        # no rings drawn: do not name the answer
                return self.tr("ck.must_capture", sq=sq)
            return self.tr("ck.rings", rings=self.tr("list_sep").join(rings))
        return self.tr("ck.blocked", sq=sq)

    def why_not_target(self, start: str, cell: str) -> str | None:
        """Why the picked-up piece on ``start`` cannot go to ``cell`` (an unmarked square):
        the engine's message for that move, which names the move and its rule (e.g.
        ``14-10: men move forward only (CK-04)``), in the board's language."""
        g = self.game
        if not (isinstance(cell, str) and cell.isascii() and cell.isdigit() and len(cell) <= 3
                and 1 <= int(cell) <= g.squares):
            return None                        # not a square: the click is ignored
        text = f"{start}-{int(cell)}"
        try:
            g.copy().play(text)
        except BoardkitError as e:
            if getattr(e, "key", None) == "ck.err.capture_due" and not self.show_capture_rings:
                return None              # the message would name the capture: the answer
            return error_text(e, self.lang)
        return None

    def tutor_text(self, before, move) -> str | None:
        """The tutor's line (a ``Word`` from ``tutor.advice``) in the board's language."""
        words = tutor.advice(before, move)
        return None if words is None else self.say(words)

    def status_text(self) -> str:
        text = super().status_text()
        if not self.game.is_over() and self._forced_rings():
            text += self.tr("ck.compulsory")
        return text

    def __repr__(self) -> str:
        # stable text (no memory address) for notebook outputs compared by nbval
        return f"<CheckersWidget ({self.game.rules.name} rules): {self.status}>"
