"""The Diamond Game board to play on by clicking (ipywidgets + the shared SVG canvas).

    from boardkit.diamond.widget import DiamondWidget
    DiamondWidget(computer=(1, 2), level="ふつう")     # you are red, two computers
    DiamondWidget(players=2)                          # hot-seat, red against yellow
    DiamondWidget(DiamondGame.from_pieces(...), labels=True)   # a puzzle position
    DiamondWidget(palette="okabe-ito")                # colour-blind-safe colours

Click one of your pieces: every hole it can reach this turn is marked (the ends of
all its hop chains). Click one of them and the piece goes there. When several hop
chains lead to that hole, the message line says so, the next holes of the chains are
marked and you pick the chain hop by hop (the widget goes on by itself while only one
way continues; the chosen hole clicked again plays the shortest chain). Chains that end
in the same position are one move: it is played at once (with no captures, every chain
of one piece to one hole gives the same position, so the standard game never asks).
The chains offered are the shortest ``game.paths()`` finds (at most
``PATHS_LIMIT``, with bounded work, so a click answers at once on any position);
``choose_path=False`` takes the chain with the fewest jumps at once (every chain to a
hole gives the same position).
A player with no legal move passes automatically (DG-07). Undo (1手戻す) also takes
back the computer replies; Hint (ヒント) shows ``ai.hint``'s move (level
``ai.HINT_LEVEL``) as an arrow and says why.
Options (under "Game setup"): board, players 3/2/1, who moves first (a seat, or
"take turns" (交代で): New game passes the first move on to the next seat), king
on/off, 15/10 pieces (only what the board allows: the small board has 10 pieces, DG-18;
Chinese checkers 10 and no king, DG-20), long jump, whether the king may hop on after a group jump, and
the colours (standard or colour-blind safe; every player's pieces also carry a mark).
The Tutor checkbox (off by default, ``tutor=True``) says after each of your moves when
it leaves a straggler behind (tip 2 of notebook 27) or goes backwards while a forward hop
chain existed, and what 最強 would play (``boardkit.diamond.tutor``).
Everything can be done from Python: ``w.click("0,-2")``, ``w.moves_text()``.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from .._core import BoardkitError, check_options, short_repr
from .._input import check_instance
from ..i18n import error_text
from ..widgets import GameWidget, Selection
from ..widgets.base import MUTED_COLOR
from . import ai, notation, tutor
from . import geometry as B
from .draw import PALETTES, cell_id, parse_cell
from .game import PASS, DiamondGame, DiamondMove
from .rules import DiamondRules

__all__ = ["DiamondWidget", "TAKE_TURNS"]

SEAT_NAMES = {"red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue",
              "purple": "Purple", "orange": "Orange"}
DEFAULT_SEATS = ("Red", "Yellow", "Green")
BOARD_NAMES = {"star": "Diamond Game (121)", "small": "small star (73, DG-18)",
               "chinese": "Chinese checkers (DG-20)"}
PALETTE_NAMES = {"standard": "standard", "okabe-ito": "colour-blind safe (Okabe-Ito)"}
#: the refusals whose sentence, in every language, begins with the start and the
#: destination ("d3 to h8: ...", 「d3 から h8 へは行けません。…」): a refused click shows
#: them alone, the others after "d3:h8 is not possible:"
NAMES_THE_MOVE = frozenset({"dg.err.bad_jump", "dg.err.bad_jump_king", "dg.err.bad_jump_long",
                            "dg.err.not_in_line", "dg.err.long_off"})
#: the "first player" choice that passes the first move on at every New game (交代で)
TAKE_TURNS = -1
#: what each board's rules allow, so Game setup offers only that: pieces per player, the
#: 王駒, player counts (DG-02/DG-04: 15 with the king; DG-18: the small board has 10;
#: DG-20: Chinese checkers has 10, no king, 2/3/4/6 players; DG-05/DG-06, solitaire: 1-3)
BOARD_ALLOWS: dict[str, dict[str, Any]] = {"star": {"pieces": (15, 10), "kings": True, "players": (3, 2, 1)},
                "small": {"pieces": (10,), "kings": True, "players": (3, 2, 1)},
                "chinese": {"pieces": (10,), "kings": False, "players": (3, 2, 1, 4, 6)}}

class DiamondWidget(GameWidget[DiamondGame]):
    ai = ai
    click_mode = "destination"
    tutor_module = tutor
    view_options = ("palette", "hole_names", "board_note")

    def __init__(self, game: DiamondGame | None = None, *, players: int = 3, kings: bool = True,
                 pieces: int = 15, long_jump: bool = False, first_player: int = 0,
                 king_hops_after_group: bool = True, board: str = "star", labels: bool = False,
                 choose_path: bool = True, palette: str = "standard", **kw):
        if game is not None:
            check_instance(game, DiamondGame, "game")
            r = game.rules
            players, kings, pieces, long_jump, board = r.players, r.kings, r.pieces, r.long_jump, r.board
            first_player, king_hops_after_group = r.first_player, r.king_hops_after_group
        self._seat_game = game        # names the seats until self.game exists
        # checked now, so a bad option fails here with the rule's own message
        take_turns = _is_int(first_player) and first_player == TAKE_TURNS
        DiamondRules(players=players, kings=kings, pieces=pieces, long_jump=long_jump, board=board,
                     first_player=0 if take_turns else first_player,
                     king_hops_after_group=king_hops_after_group)
        if not (isinstance(labels, bool) or isinstance(labels, str) and labels == "empty"):
            raise BoardkitError(f"labels must be True, False or 'empty' (labels on the empty holes "
                                f"only), got {short_repr(labels)}")
        if not isinstance(choose_path, bool):
            raise BoardkitError(f"choose_path must be True or False, got {short_repr(choose_path)}")
        if not isinstance(palette, str) or palette not in PALETTES:
            raise BoardkitError(f"palette must be one of {list(PALETTES)}, got {short_repr(palette)}")
        self.labels: bool | str = labels   # write the hole labels on the board
        self.choose_path = choose_path  # several chains to a hole: pick one hop by hop
        self._paths_cache: tuple = (None, [])
        self._initial: dict[str, Any] = dict(players=players, kings=kings, pieces=pieces, long_jump=long_jump,
                             board=board, first_player=first_player,
                             king_hops_after_group=king_hops_after_group, palette=palette)
        super().__init__(game, **kw)
        self._show_seats()

    @property
    def palette(self) -> str:
        """The colours of the pieces: "standard" or "okabe-ito" (colour-blind safe)."""
        return self.options["palette"].value

    @property
    def player_names(self) -> tuple[str, ...]:
        """One name per seat, from the colours of the current game, and at least the three
        Diamond Game colours, or on the Chinese board the six seats of a six-player game
        (so a widget opened on that board has a seat menu for up to 6 players, DG-20)."""
        g = getattr(self, "game", None) or self._seat_game
        names = [self.tr(f"dg.seat.{g.colour(p)}") for p in range(g.players)] if g is not None else []
        board = g.rules.board if g is not None else self._initial["board"]
        if board == "chinese":
            six = DiamondRules.chinese(players=6)
            seats = tuple(self.tr(f"dg.seat.{six.colours[t]}") for t in six.start_tips)
        else:
            seats = tuple(self.tr(f"dg.seat.{c}") for c in ("red", "yellow", "green"))   # DEFAULT_SEATS
        return tuple(names + list(seats[len(names):]))

    # ------------------------------------------------------------ rule options
    def option_controls(self) -> dict:
        i = self._initial
        # widths: the base fits every description and menu to its text (fit_labels)
        counts = self._player_counts(i["board"])
        firsts = [(name, k) for k, name in enumerate(self.player_names)]
        firsts.append((self.tr("dg.take_turns"), TAKE_TURNS))
        c = {
            "board": W.Dropdown(options=[(self.tr(f"dg.board.{k}"), k) for k in BOARD_NAMES],
                                value=i["board"], description=self.tr("dg.board")),
            # why the king and 15 pieces are not offered on this board (shown when so)
            "board_note": W.HTML(),
            "players": W.Dropdown(options=self._player_choices(counts),
                                  value=i["players"], description=self.tr("dg.players")),
            "first_player": W.Dropdown(options=firsts, value=i["first_player"],
                                       description=self.tr("dg.first")),
            "kings": W.Checkbox(value=i["kings"], description=self.tr("dg.king"), indent=False),
            "pieces": W.Dropdown(options=self._piece_choices(i["board"]), value=i["pieces"],
                                 description=self.tr("dg.pieces")),
            "long_jump": W.Checkbox(value=i["long_jump"], description=self.tr("dg.long_jump"), indent=False),
            "king_hops_after_group": W.Checkbox(value=i["king_hops_after_group"],
                                                description=self.tr("dg.king_hops"),
                                                indent=False),
            "palette": W.Dropdown(options=[(self.tr(f"dg.palette.{k}"), k) for k in PALETTE_NAMES],
                                  value=i["palette"], description=self.tr("dg.colours")),
            "hole_names": W.Checkbox(value=bool(self.labels), description=self.tr("dg.hole_names"),
                                     indent=False),
        }
        self._kept: dict[str, tuple] = {}
        self._fit_to_board(c)
        c["board"].observe(lambda _: self._fit_to_board(c), names="value")
        c["kings"].observe(lambda _: self._fit_to_board(c), names="value")
        c["players"].observe(lambda _: self._show_seats(), names="value")
        c["hole_names"].observe(self._on_hole_names, names="value")
        c["palette"].observe(lambda _: self._refresh(), names="value")   # a view option: redraw now
        return c

    def _player_counts(self, board: str) -> list[int]:
        # as many players as there are seat menus (a widget opened on the star board has three)
        return [n for n in BOARD_ALLOWS[board]["players"] if n <= len(self.seat_controls)]

    def _player_choices(self, counts) -> list[tuple[str, int]]:
        return [(self.tr("dg.n_players", n=n) if n > 1 else self.tr("dg.solitaire"), n) for n in counts]

    def _piece_choices(self, board: str) -> list[tuple[str, int]]:
        return [(self.tr("dg.n_pieces", n=k), k) for k in BOARD_ALLOWS[board]["pieces"]]

    def _fit_to_board(self, c: dict) -> None:
        """Game setup offers only what the chosen board's rules allow (``BOARD_ALLOWS``):
        Chinese checkers (DG-20) hides the 王駒 and offers 10 pieces only, as the small
        board does (DG-18); the star board offers 15 or 10 and the king (DG-02, DG-04,
        DG-17). A choice the new board does not allow is set to one it does, and the
        teacher's own choice comes back with a board that allows it again (unless it was
        changed in between). "King hops on after a group jump" (DG-11) shows only with kings."""
        board = c["board"].value
        allows = BOARD_ALLOWS[board]
        counts = self._player_counts(board)
        self._offer(c["players"], "players", counts, lambda n: max([k for k in counts if k <= n] or counts),
                    self._player_choices(counts))
        self._offer(c["pieces"], "pieces", allows["pieces"], lambda _: 10, self._piece_choices(board))
        c["pieces"].disabled = len(allows["pieces"]) == 1
        king = c["kings"]
        self._offer(king, "kings", (True, False) if allows["kings"] else (False,), lambda _: False)
        king.layout.display = None if allows["kings"] else "none"
        c["king_hops_after_group"].layout.display = None if king.value else "none"
        note = {"small": "dg.board_note.small", "chinese": "dg.board_note.chinese"}.get(board)
        c["board_note"].value = (f"<span style='color:{MUTED_COLOR}'>{html.escape(self.tr(note))}</span>"
                                 if note else "")
        c["board_note"].layout.display = None if note else "none"
        self.fit_setup()                          # the menus' new choices shown whole

    def _offer(self, control, name: str, allowed, fallback, choices=None) -> None:
        """Let ``control`` offer only the ``allowed`` values (a menu's ``choices``: (label,
        value) pairs). A value not allowed becomes ``fallback(value)`` and is kept, to come
        back when a later board allows it, if the control still shows what was set here."""
        value = control.value
        kept = self._kept.pop(name, None)
        if value not in allowed:
            self._kept[name] = (value, fallback(value))
            value = fallback(value)
        elif kept is not None and kept[1] == value:
            if kept[0] in allowed:
                value = kept[0]                   # the earlier choice fits again
            else:
                self._kept[name] = kept           # not yet: keep it for a later board
        if choices is not None and [tuple(o) for o in control.options] != list(choices):
            control.options = choices             # (this selects the first option)
        control.value = value

    def _on_hole_names(self, change) -> None:
        """The hole names (a1 .. q1, as hints, the tutor and the move list write them) on
        every hole; on a piece the name sits under its mark (a view option: redraw now)."""
        self.labels = bool(change["new"])
        self._refresh()

    def _show_seats(self) -> None:
        n = self.options["players"].value
        for k, s in enumerate(self.seat_controls):
            s.layout.display = None if k < n else "none"
        if self.options["first_player"].value >= n:
            self.options["first_player"].value = 0

    def make_game(self, options: dict) -> DiamondGame:
        _check_setup(options)
        o = dict(options)
        o.pop("palette", None)
        o.pop("hole_names", None)
        o.pop("board_note", None)
        if o["first_player"] == TAKE_TURNS:   # take turns: the seat after the last game's first
            last = getattr(self, "game", None)
            o["first_player"] = 0 if last is None else (last.rules.first_player + 1) % o["players"]
        if o["first_player"] >= o["players"]:
            o["first_player"] = 0
        if o["board"] != "star":          # DG-18, DG-20: ten pieces; no kings on "chinese"
            o["pieces"] = 10
        if o["board"] == "chinese":
            o["kings"] = False
        return DiamondGame(DiamondRules(**o))

    # ------------------------------------------------------------------ clicks
    def narrowing_moves(self) -> list:
        """Once a destination is clicked: every chain to it that ``game.paths()`` gives
        (shortest first, bounded), so the base class offers them hop by hop."""
        sel = self.selection
        if self.choose_path and sel.dest is not None and sel.prefix:
            # computed once per chosen hole (the base asks again after every hop)
            key = (id(self.game), tuple(self.game.cells), self.game.turn, sel.prefix[0], sel.dest)
            if self._paths_cache[0] != key:
                ways = self.game.paths(parse_cell(sel.prefix[0]), parse_cell(sel.dest))
                self._paths_cache = (key, self._distinct_ways(ways))
            return self._paths_cache[1]
        return self.game.legal_moves()

    def end_position(self, move) -> tuple:
        """The position ``move`` leads to (the pieces and who moves next)."""
        probe = self.game.copy()
        probe.play(move)
        return bytes(probe.cells), probe.turn

    def _distinct_ways(self, ways: list) -> list:
        """The chains to one hole that end in different positions, shortest first: chains
        that all give the same position are one move, played without asking which."""
        seen: dict[tuple, object] = {}
        for m in ways:
            seen.setdefault(self.end_position(m), m)
        return list(seen.values())

    def handle_click(self, cell: str) -> bool:
        """The chosen hole clicked again while the next hop is asked: the shortest chain
        (the first offered) is played, never a refusal."""
        sel = self.selection
        if sel.dest is not None and cell == sel.dest and sel.candidates:
            self._finish(sel.candidates[0])
            return True
        return False

    # ------------------------------------------------------------------ view
    def cell_names(self) -> dict[str, str]:
        # the canvas's cell ids are axial "q,r"; a screen reader should hear "e5"
        return notation.cell_names()

    def render(self, selection: Selection) -> str:
        check_instance(selection, Selection, "selection")
        opts = dict(flip=self.flipped, last_move=False if selection.active else self.marked,
                    hint=self.hint, labels=self.labels, palette=self.palette)
        if selection.dest is not None:
            opts["highlight"] = [selection.dest]
        if selection.active:
            opts["selected"] = selection.prefix[-1]
            opts["targets"] = sorted(selection.targets)
            if selection.dest is not None and len(selection.candidates) > 1:
                # the chains still offered, each drawn up to the chosen hole
                opts["arrows"] = [list(self.move_path(m)) for m in selection.candidates[:6]]
            elif len(selection.prefix) > 1:
                opts["arrows"] = [list(selection.prefix)]
        return self.game.draw(**opts, lang=self.lang).to_svg()

    def move_path(self, move) -> tuple[str, ...]:
        check_instance(move, DiamondMove, "move")
        if move.kind == "pass":
            return ("pass",)
        return tuple(cell_id(h) for h in move.path)

    def why_not_selectable(self, cell: str) -> str:
        g = self.game
        me = self.player_names[g.turn]
        try:
            h = parse_cell(cell)
        except Exception:
            return self.tr("dg.not_hole", cell=cell)
        piece = g.piece_at(h)
        where = B.label(h)
        if piece is None:
            return self.tr("dg.empty", where=where, me=me)
        if piece[0] != g.turn:
            return self.tr("dg.theirs", where=where, colour=self.tr(f"dg.colour.{g.colour(piece[0])}"),
                           me=me)
        if g.rules.no_squatting_after is not None and g.reachable_from(h):
            return self.tr("dg.camp_first")
        return self.tr("dg.blocked", where=where)

    def why_not_target(self, start: str, cell: str) -> str | None:
        """Why the picked-up piece cannot go to ``cell``: the engine's reason for that
        step or jump, with its rule (DG-08 to DG-13), as the move box would say it, in the
        board's language (``error_text``: the engine's key and facts, never its English)."""
        try:
            a, b = parse_cell(start), parse_cell(cell)
        except Exception:                      # not a hole: the click is ignored
            return None
        text = notation.path_text([a, b])
        try:
            self.game.copy().play(text)
        except BoardkitError as e:
            why = error_text(e, self.lang)
            if getattr(e, "key", None) in NAMES_THE_MOVE:
                return why                    # 「d3 から h8 へは行けません。…」 says it all
            return self.tr("dg.not_there", move=text, why=why)
        return None

    def tutor_text(self, before, move) -> str | None:
        """The tutor's line (a word of the catalogue) in the board's language."""
        line = tutor.advice(before, move)
        return self.say(line) if line is not None else None

    def moves_text(self) -> list[str]:
        """The move list, a pass written as the word for it in the board's language."""
        word = self.tr("dg.pass_move")
        return [" ".join(word if part == "pass" else part for part in line.split(" "))
                for line in super().moves_text()]

    def describe(self) -> str:
        """The board in words for screen readers; a last move that was a pass is said
        with the word for it in the board's language (the notation "pass" otherwise)."""
        text = super().describe()
        moves = self.game.moves_played()
        if moves and moves[-1].kind == "pass" and "pass" in text:
            head, _, tail = text.rpartition("pass")
            text = head + self.tr("dg.pass_move") + tail
        return text

    def status_text(self) -> str:
        text = super().status_text()
        g = self.game
        if g.finished and not g.is_over():
            order = self.tr("list_sep").join(self.player_names[p] for p in g.finished)
            text += self.tr("dg.finished", order=order)
        return text

    def after_refresh(self) -> None:
        """A human who cannot move passes at once (DG-07); the computers then go on."""
        g = self.game
        if g.is_over() or self.is_computer(g.turn) or g.legal_moves() != [PASS]:
            return
        who = self.player_names[g.turn]
        g.play(PASS)
        self._after_change()
        self._say(self.tr("dg.passes", who=who))

    def __repr__(self) -> str:
        # stable text (no memory address), so notebook outputs compare exactly
        r = self.game.rules
        who = f"{r.players} players" if r.players > 1 else "solitaire"
        if r.board != "star":
            who += f", {r.board} board"
        return (f"<DiamondWidget: {who}, kings {'on' if r.kings else 'off'}, "
                f"{r.pieces} pieces{', long jump' if r.long_jump else ''}; {self.status}>")


#: the options of Game setup that make_game reads (the others are view options)
_SETUP = ("board", "players", "first_player", "kings", "pieces", "long_jump", "king_hops_after_group")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_setup(options: Any) -> None:
    """The Game setup values ``make_game`` is given: a dict with the rule options (each
    checked again by DiamondRules) and the view options, nothing else."""
    if not isinstance(options, dict):
        raise BoardkitError(f"options must be a dict of the Game setup values; got {short_repr(options)}")
    names = [k for k in options if not isinstance(k, str)]
    if names:
        raise BoardkitError(f"options: the names of the options are text; got {short_repr(names[0])}")
    check_options(options, _SETUP + ("palette", "hole_names", "board_note"), "options")
    missing = [k for k in _SETUP if k not in options]
    if missing:
        raise BoardkitError(f"options: missing {', '.join(missing)}")
    for k in ("players", "first_player"):
        if not _is_int(options[k]):
            raise BoardkitError(f"options: {k} must be a whole number, got {short_repr(options[k])}")
    if not isinstance(options["board"], str):
        raise BoardkitError(f"options: board must be text, got {short_repr(options['board'])}")
