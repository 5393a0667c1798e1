"""The checkers board to play on by clicking (ipywidgets + the shared SVG canvas).

    from boardkit.checkers.widget import CheckersWidget
    CheckersWidget(computer=1, level="easy")          # you are Black, the computer White
    CheckersWidget()                                  # hot-seat: two people, one screen

Click one of your pieces: its landing squares are marked; click one. A multi-jump goes
hop by hop: at a branch you choose the next square, and the widget jumps on by itself
while only one way continues. When a capture is compulsory (CK-06) the pieces that can
capture are ringed in red and only they can be picked; pieces already jumped are drawn
faded until the move ends (CK-07). Undo (待った) also takes back the computer's reply,
Hint shows the strong search's move as an arrow, Save/Resume keep a game in a file.
Everything can be done from Python: ``w.click(22)``, ``w.moves_text()``.
"""
from __future__ import annotations

import ipywidgets as W

from .._core import BoardkitError
from ..widgets import GameWidget, Selection
from .ai import BOTS, best_move
from .game import PLAYER_NAMES, CheckersGame
from .rules import CheckersRules

__all__ = ["CheckersWidget", "LEVEL_NAMES"]

#: the source's names for the computer levels
LEVEL_NAMES = {"easy": "やさしい", "normal": "ふつう", "strong": "つよい"}
PRESETS = ("american", "no_forced", "international", "custom")
_CUSTOM = ("forced_capture", "majority_capture", "men_capture_backward", "flying_kings",
           "crowning_ends_move")


class CheckersWidget(GameWidget):
    player_names = PLAYER_NAMES
    levels = ("easy", "normal", "strong")
    click_mode = "hop"

    def __init__(self, game: CheckersGame | None = None, *, rules: str | CheckersRules = "american",
                 hint_depth: int = 4, **kw):
        if isinstance(rules, str) and rules not in PRESETS:
            raise BoardkitError(f"rules must be one of {list(PRESETS)} or a CheckersRules, got {rules!r} (CK-14)")
        self._initial_rules = rules
        self.hint_depth = hint_depth
        super().__init__(game, **kw)
        # the level menu shows the source's Japanese names beside the English ones
        value = self.level_control.value
        self.level_control.options = [(f"{LEVEL_NAMES[lv]} ({lv})", lv) for lv in self.levels]
        self.level_control.value = value
        self._orient()

    def _orient(self) -> None:
        """Turn the board so the learner's pieces are at the bottom (CK-03): the one
        human seat's, or in hot-seat play the first player's. Diagrams have White at
        the bottom, so the board is flipped when that side is Black."""
        humans = [s for s in range(2) if not self.is_computer(s)]
        bottom = humans[0] if len(humans) == 1 else self.game.rules.first_turn
        self.flipped = bottom == 0
        self._refresh()

    # ------------------------------------------------------------ rule options
    def option_controls(self) -> dict:
        r = self._initial_rules
        preset = r if isinstance(r, str) else r.name
        base = r if isinstance(r, CheckersRules) else (
            CheckersRules.american() if preset == "custom" else getattr(CheckersRules, preset)())
        c = {"rules": W.Dropdown(options=list(PRESETS), value=preset, description="Rules",
                                 layout=W.Layout(width="220px")),
             "board_size": W.Dropdown(options=[8, 10, 12], value=base.board_size,
                                      description="Board size", layout=W.Layout(width="220px")),
             "first_player": W.Dropdown(options=["black", "white"], value=base.first_player,
                                        description="First", layout=W.Layout(width="220px"))}
        for name in _CUSTOM:
            c[name] = W.Checkbox(value=getattr(base, name), description=name.replace("_", " "),
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
        preset = options.get("rules", "american")
        if preset != "custom":
            return CheckersGame(getattr(CheckersRules, preset)())
        fields = {k: options[k] for k in ("board_size", "first_player") + _CUSTOM}
        # 10x10 and 12x12 games count draws the international way (CK-13)
        fields["draw_rules"] = "american" if fields["board_size"] == 8 else "international"
        return CheckersGame(CheckersRules.custom(**fields))

    def new_game(self) -> None:
        try:
            super().new_game()
        except BoardkitError as e:           # e.g. majority capture without forced capture
            self._say(f"cannot start that game: {e}", error=True)
            return
        self._orient()

    # ------------------------------------------------------------------ view
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
        g = self.game
        opts = dict(flip=self.flipped, labels=True, targets=sorted(selection.targets, key=int),
                    capturable=self._forced_rings(), last_move=not selection.active)
        if self.hint is not None:
            opts["arrows"] = [[str(s) for s in self.hint.path]]
        if selection.active:
            opts["selected"] = selection.prefix[-1]
            faded = self._captured_so_far(selection)
            if len(selection.prefix) > 1:
                opts["faded"] = [str(s) for s in faded]
                opts["capturable"] = []          # mid-jump: only the moving piece matters
                opts["arrows"] = opts.get("arrows", []) + [list(selection.prefix)]
                shown = self._midway(selection)
                if shown is not None:
                    return shown.draw(**opts).to_svg()
        return g.draw(**opts).to_svg()

    def _midway(self, sel: Selection) -> CheckersGame | None:
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
        return tuple(str(s) for s in move.path)

    def why_not_selectable(self, cell: str) -> str:
        g = self.game
        try:
            sq = int(cell)
        except ValueError:
            return f"{cell}: not a square"
        piece = g.piece_at(sq)
        me = PLAYER_NAMES[g.turn]
        if piece is None:
            return f"square {sq} is empty: click one of {me}'s pieces"
        if piece[0] != g.turn:
            return f"square {sq} holds a {PLAYER_NAMES[piece[0]]} piece; {me} is to move"
        rings = self._forced_rings()
        if rings:
            return (f"a capture is compulsory (CK-06): only the ringed pieces can move "
                    f"({', '.join(rings)})")
        return f"the piece on {sq} is blocked: it has no legal move"

    def status_text(self) -> str:
        text = super().status_text()
        if not self.game.is_over() and self._forced_rings():
            text += " — a capture is compulsory (CK-06)"
        return text

    # -------------------------------------------------------------- computer
    def bot(self, level: str):
        return BOTS[level]

    def hint_move(self):
        return best_move(self.game.copy(), self.hint_depth)

    def __repr__(self) -> str:
        # stable text (no memory address) for notebook outputs compared by nbval
        return f"<CheckersWidget ({self.game.rules.name} rules): {self.status}>"

    def level_name(self) -> str:
        """The current computer level with its Japanese name, e.g. 'つよい (strong)'."""
        lv = self.level_control.value
        return f"{LEVEL_NAMES[lv]} ({lv})"
