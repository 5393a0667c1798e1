"""The Diamond Game board to play on by clicking (ipywidgets + the shared SVG canvas).

    from boardkit.diamond.widget import DiamondWidget
    DiamondWidget(computer=(1, 2), level="ふつう")     # you are red, two computers
    DiamondWidget(players=2)                          # hot-seat, red against yellow
    DiamondWidget(DiamondGame.from_pieces(...), labels=True)   # a puzzle position

Click one of your pieces: every hole it can reach this turn is marked (the ends of
all its hop chains). Click one of them and the piece goes there. When several hop
chains lead to that hole, the next holes of the chains are marked and you pick the
chain hop by hop (the widget goes on by itself while only one way continues);
``choose_path=False`` takes the chain with the fewest jumps at once (every chain to a
hole gives the same position).
A player with no legal move passes automatically (DG-07). Undo (1手戻す) also takes
back the computer replies; Hint (ヒント) shows the strongest level's move as an arrow.
Options (under "Game setup"): players 3/2, king on/off, 15/10 pieces, long jump,
who moves first, and whether the king may hop on after a group jump.
Everything can be done from Python: ``w.click("0,-2")``, ``w.moves_text()``.
"""
from __future__ import annotations

import ipywidgets as W
import numpy as np

from .._core import BoardkitError
from ..widgets import GameWidget, Selection
from . import geometry as B
from .draw import cell_id, parse_cell
from .game import PASS, DiamondGame
from .rules import DiamondRules

__all__ = ["DiamondWidget", "LEVELS", "random_bot"]

LEVELS = ("入門", "よわい", "ふつう", "つよい", "最強")
LEVEL_ENGLISH = {"入門": "beginner", "よわい": "weak", "ふつう": "normal", "つよい": "strong",
                 "最強": "strongest"}


def random_bot(game, rng: np.random.Generator):
    """A random legal move (used only until boardkit.diamond.ai is available)."""
    moves = game.legal_moves()
    return moves[int(rng.integers(len(moves)))]


SEAT_NAMES = {"red": "Red 赤", "yellow": "Yellow 黄", "green": "Green 緑", "blue": "Blue 青",
              "purple": "Purple 紫", "orange": "Orange 橙"}
DEFAULT_SEATS = ("Red 赤", "Yellow 黄", "Green 緑")
BOARD_NAMES = {"star": "Diamond Game (121)", "small": "small star (73, DG-18)",
               "chinese": "Chinese checkers (DG-20)"}


class DiamondWidget(GameWidget):
    levels = LEVELS
    click_mode = "destination"

    def __init__(self, game: DiamondGame | None = None, *, players: int = 3, kings: bool = True,
                 pieces: int = 15, long_jump: bool = False, first_player: int = 0,
                 king_hops_after_group: bool = True, board: str = "star", labels: bool = False,
                 choose_path: bool = True, **kw):
        if game is not None:
            r = game.rules
            players, kings, pieces, long_jump, board = r.players, r.kings, r.pieces, r.long_jump, r.board
            first_player, king_hops_after_group = r.first_player, r.king_hops_after_group
        self._seat_game = game        # names the seats until self.game exists
        # checked now, so a bad option fails here with the rule's own message
        DiamondRules(players=players, kings=kings, pieces=pieces, long_jump=long_jump, board=board,
                     first_player=first_player, king_hops_after_group=king_hops_after_group)
        self.labels = labels          # write the hole labels on the board
        self.choose_path = choose_path  # several chains to a hole: pick one hop by hop
        self._ways: list = []         # the chains still possible while picking
        self._initial = dict(players=players, kings=kings, pieces=pieces, long_jump=long_jump,
                             board=board, first_player=first_player,
                             king_hops_after_group=king_hops_after_group)
        super().__init__(game, **kw)
        value = self.level_control.value
        self.level_control.options = [(f"{lv} ({LEVEL_ENGLISH[lv]})", lv) for lv in self.levels]
        self.level_control.value = value
        self._show_seats()

    @property
    def player_names(self) -> tuple[str, ...]:
        """One name per seat, from the colours of the current game (six on the Chinese
        board), and at least the three Diamond Game colours."""
        g = getattr(self, "game", None) or self._seat_game
        names = [SEAT_NAMES[g.colour(p)] for p in range(g.players)] if g is not None else []
        return tuple(names + list(DEFAULT_SEATS[len(names):]))

    # ------------------------------------------------------------ rule options
    def option_controls(self) -> dict:
        i = self._initial
        lay = W.Layout(width="220px")
        counts = [3, 2, 1] + ([4, 6] if i["board"] == "chinese" else [])
        c = {
            "board": W.Dropdown(options=[(v, k) for k, v in BOARD_NAMES.items()], value=i["board"],
                                description="Board", layout=lay),
            "players": W.Dropdown(options=[(f"{n} players" if n > 1 else "1 (solitaire)", n)
                                           for n in counts],
                                  value=i["players"], description="Players", layout=lay),
            "first_player": W.Dropdown(options=[(name, k) for k, name in enumerate(self.player_names)],
                                       value=i["first_player"], description="First", layout=lay),
            "kings": W.Checkbox(value=i["kings"], description="king 王駒", indent=False),
            "pieces": W.Dropdown(options=[("15 pieces", 15), ("10 pieces", 10)], value=i["pieces"],
                                 description="Pieces", layout=lay),
            "long_jump": W.Checkbox(value=i["long_jump"], description="long jump (DG-19)", indent=False),
            "king_hops_after_group": W.Checkbox(value=i["king_hops_after_group"],
                                                description="king hops on after a group jump",
                                                indent=False),
        }
        c["players"].observe(lambda _: self._show_seats(), names="value")
        return c

    def _show_seats(self) -> None:
        n = self.options["players"].value
        for k, s in enumerate(self.seat_controls):
            s.layout.display = None if k < n else "none"
        if self.options["first_player"].value >= n:
            self.options["first_player"].value = 0

    def make_game(self, options: dict) -> DiamondGame:
        o = dict(options)
        if o["first_player"] >= o["players"]:
            o["first_player"] = 0
        if o["board"] != "star":          # DG-18, DG-20: ten pieces; no kings on "chinese"
            o["pieces"] = 10
        if o["board"] == "chinese":
            o["kings"] = False
        return DiamondGame(DiamondRules(**o))

    def new_game(self) -> None:
        try:
            super().new_game()
        except BoardkitError as e:        # e.g. 4 players on the star
            self._say(f"cannot start that game: {e}", error=True)

    # ------------------------------------------------------------------ clicks
    def on_click(self, cell: str) -> None:
        """Destination clicks (base class), plus: when several hop chains reach the
        clicked hole and ``choose_path`` is on, the chain is picked hop by hop; the
        widget moves on by itself while only one way continues."""
        sel = self.selection
        if self._ways:
            if cell not in sel.targets:           # a click elsewhere starts afresh
                self._clear()
                return super().on_click(cell)
            sel.prefix.append(cell)
            return self._pick_path()
        if (self.choose_path and sel.active and sel.dest is None and cell in sel.targets
                and not self.is_computer(self.game.turn)):
            ways = self.game.paths(parse_cell(sel.prefix[0]), parse_cell(cell))  # bounded: the 100 shortest
            if len(ways) > 1:
                self._ways = ways
                sel.dest = cell
                return self._pick_path()
        super().on_click(cell)

    def _pick_path(self) -> None:
        sel = self.selection
        while True:
            n = len(sel.prefix)
            ways = [w for w in self._ways if self.move_path(w)[:n] == tuple(sel.prefix)]
            self._ways = ways
            sel.candidates = ways
            done = [w for w in ways if len(w.path) == n]
            if done:                              # the chain has reached the hole
                return self._finish(done[0])
            nexts = {self.move_path(w)[n] for w in ways}
            if len(nexts) == 1:
                sel.prefix.append(nexts.pop())
                continue
            sel.targets = nexts
            return

    def _clear(self) -> None:
        super()._clear()
        self._ways = []

    # ------------------------------------------------------------------ view
    def render(self, selection: Selection) -> str:
        opts = dict(flip=self.flipped, last_move=not selection.active, hint=self.hint,
                    labels=self.labels)
        if selection.dest is not None:
            opts["highlight"] = [selection.dest]
        if selection.active:
            opts["selected"] = selection.prefix[-1]
            opts["targets"] = sorted(selection.targets)
            if len(selection.prefix) > 1:
                opts["arrows"] = [list(selection.prefix)]
        return self.game.draw(**opts).to_svg()

    def move_path(self, move) -> tuple[str, ...]:
        if move.kind == "pass":
            return ("pass",)
        return tuple(cell_id(h) for h in move.path)

    def why_not_selectable(self, cell: str) -> str:
        g = self.game
        me = self.player_names[g.turn]
        try:
            h = parse_cell(cell)
        except Exception:
            return f"{cell}: not a hole of the board (DG-01)"
        piece = g.piece_at(h)
        where = B.label(h)
        if piece is None:
            return f"{where} is empty: click one of {me}'s pieces"
        if piece[0] != g.turn:
            return f"{where} holds a {g.colour(piece[0])} piece; {me} is to move (DG-07)"
        if g.rules.no_squatting_after is not None and g.reachable_from(h):
            return "house rule: a piece must leave the start camp first (DG-16)"
        return f"the piece on {where} is blocked: no step or hop is possible from there"

    def status_text(self) -> str:
        text = super().status_text()
        g = self.game
        if g.finished and not g.is_over():
            order = ", ".join(self.player_names[p] for p in g.finished)
            text += f" — finished: {order}"
        return text

    def __repr__(self) -> str:
        # stable text (no memory address), so notebook outputs compare exactly
        r = self.game.rules
        who = f"{r.players} players" if r.players > 1 else "solitaire"
        if r.board != "star":
            who += f", {r.board} board"
        return (f"<DiamondWidget: {who}, kings {'on' if r.kings else 'off'}, "
                f"{r.pieces} pieces{', long jump' if r.long_jump else ''}; {self.status}>")

    # -------------------------------------------------------------- computer
    def bot(self, level: str):
        try:
            from .ai import BOTS
        except ImportError:            # the AI module not there yet: random moves
            return random_bot
        return BOTS.get(level, random_bot)

    def _after_change(self, refresh: bool = True) -> None:
        # computers move (base class); a human who cannot move passes (DG-07)
        for _ in range(10_000):
            super()._after_change(refresh)
            g = self.game
            if g.is_over() or self.is_computer(g.turn) or g.legal_moves() != [PASS]:
                break
            who = self.player_names[g.turn]
            g.play(PASS)
            self._say(f"{who} has no legal move and passes (DG-07)")
