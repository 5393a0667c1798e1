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

from .._core import BoardkitError
from ..i18n import add, error_text, tr
from ..widgets import GameWidget, Selection
from ..widgets.base import MUTED_COLOR
from . import ai, draw, tutor  # noqa: F401  (draw: the sides' names, ck.draw.side.*)
from .game import PLAYER_NAMES, CheckersGame
from .rules import CheckersRules

__all__ = ["CheckersWidget"]

# the widget's words (boardkit.i18n, English and Japanese; set_language("ja"))
add("en", {
    "ck.rules": "Rules", "ck.board_size": "Board size", "ck.first": "First",
    "ck.forced_capture": "forced capture", "ck.majority_capture": "majority capture",
    "ck.men_capture_backward": "men capture backward", "ck.flying_kings": "flying kings",
    "ck.crowning_ends_move": "crowning ends move",
    "ck.turned": "Board turned round (Flip): Black at the bottom, squares {top} at the bottom; "
                 "the diagrams have White at the bottom.",
    "ck.upright": "White at the bottom, squares {top} at the top, as in the diagrams (Flip turns it).",
    "ck.not_square": "{cell}: not a square",
    "ck.empty": "square {sq} is empty: click one of {me}'s pieces",
    "ck.theirs": "square {sq} holds a {owner} piece; {me} is to move",
    "ck.rings": "a capture is compulsory (CK-06): only the ringed pieces can move ({rings})",
    "ck.blocked": "the piece on {sq} is blocked: it has no legal move",
    "ck.must_capture": "a capture is compulsory (CK-06), and the piece on {sq} cannot capture",
    "ck.compulsory": " — a capture is compulsory (CK-06)",
    "ck.preset.american": "American", "ck.preset.no_forced": "American, captures optional",
    "ck.preset.international": "International (10x10)", "ck.preset.custom": "Custom",
})
add("ja", {
    "ck.rules": "ルール", "ck.board_size": "盤の大きさ", "ck.first": "先手",
    "ck.forced_capture": "取れるときは必ず取る", "ck.majority_capture": "いちばん多く取る",
    "ck.men_capture_backward": "兵も後ろ向きに取れる", "ck.flying_kings": "キングは何マスでも進める",
    "ck.crowning_ends_move": "成ったら手番が終わる",
    "ck.turned": "盤を回しています: 黒が下、{top} のマスが下です（図は白が下です）。",
    "ck.upright": "白が下、{top} のマスが上です。図と同じ向きです（「盤を回す」で回せます）。",
    "ck.not_square": "{cell}: マスではありません",
    "ck.empty": "{sq} のマスは空です: {me}の駒をクリックしてください",
    "ck.theirs": "{sq} のマスは{owner}の駒です。{me}の番です",
    "ck.rings": "取れる駒があるので必ず取ります (CK-06): 赤い輪の駒だけが動けます（{rings}）",
    "ck.blocked": "{sq} の駒はふさがれていて動けません",
    "ck.must_capture": "取れる駒があるので必ず取ります (CK-06)。{sq} の駒は取れません",
    "ck.compulsory": " — 取れる駒があるので必ず取ります (CK-06)",
    "ck.preset.american": "アメリカ式", "ck.preset.no_forced": "アメリカ式（取らなくてもよい）",
    "ck.preset.international": "国際式（10x10）", "ck.preset.custom": "自分で決める",
})

# the play page's title and how to play (GameWidget(page=True); {you}: who plays which side)
add("en", {
    "page.checkers.title": "Checkers: play against the computer",
    "page.checkers.how": "{you}; click one of your pieces, then the square it goes to (it steps "
                         "diagonally forward, and a capture, when there is one, must be made).",
    "ck.place.top": "at the top", "ck.place.bottom": "at the bottom",
})
add("ja", {
    "page.checkers.title": "チェッカー: コンピューターと対局",
    "page.checkers.how": "{you}。自分の駒をクリックしてから、動かす先のマスをクリックします"
                         "（駒はななめ前に1マス進みます。取れる駒があるときは必ず取ります）。",
    "ck.place.top": "上側", "ck.place.bottom": "下側",
})

# why a repetition draw happened (the ending note under the final status)
add("en", {
    "ck.why_repetition": "Why a draw? The same position came back for the third time, with the "
                         "same player to move (CK-11). When the same moves go back and forth, "
                         "nobody is making progress, so the rules stop the game: nobody wins.",
    "ck.why_ahead": "{ahead} had more pieces ({more} against {fewer}), but more pieces do not "
                    "win on their own: a win needs every piece of the other side taken or "
                    "unable to move (CK-10). To win such an ending, the side ahead must close in "
                    "on the lone pieces instead of moving to and fro.",
})
add("ja", {
    "ck.why_repetition": "どうして引き分け? 同じ並び（同じ人の番）が3回目になりました (CK-11)。"
                         "同じ手を行ったり来たりしているだけで、どちらも前に進んでいないので、"
                         "ルールでゲームを終わりにします。どちらの勝ちでもありません。",
    "ck.why_ahead": "{ahead}のほうが駒が多かった（{more} 対 {fewer}）のですが、駒が多いだけでは"
                    "勝ちになりません。勝つには相手の駒を全部取るか、動けなくします (CK-10)。"
                    "こういう終盤で勝つには、多いほうが行ったり来たりせずに、相手の駒を追いつめます。",
})

# the sides' names (seats, status, messages; the puzzles say 黒/白 too) and the First menu's
# labels (its values stay the rules' "black"/"white")
add("en", {"ck.first.black": "black", "ck.first.white": "white"})
add("ja", {"ck.first.black": "黒", "ck.first.white": "白"})

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
        """"Black", "White" (黒, 白 in Japanese): the seats, the status and the messages."""
        return tuple(tr(f"ck.draw.side.{p}") for p in range(len(PLAYER_NAMES)))

    def __init__(self, game: CheckersGame | None = None, *, rules: str | CheckersRules = "american",
                 flip: bool = False, **kw):
        if isinstance(rules, str) and rules not in PRESETS:
            raise BoardkitError(f"rules must be one of {list(PRESETS)} or a CheckersRules, "
                                f"got {rules!r} (CK-14)")
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
        c = {"rules": W.Dropdown(options=[(tr(f"ck.preset.{p}"), p) for p in PRESETS], value=preset,
                                 description=tr("ck.rules"), layout=W.Layout(width="220px")),
             "board_size": W.Dropdown(options=[8, 10, 12], value=base.board_size,
                                      description=tr("ck.board_size"), layout=W.Layout(width="220px")),
             "first_player": W.Dropdown(options=[(tr(f"ck.first.{s}"), s) for s in ("black", "white")],
                                        value=base.first_player,
                                        description=tr("ck.first"), layout=W.Layout(width="220px"))}
        for name in _CUSTOM:
            c[name] = W.Checkbox(value=getattr(base, name), description=tr(f"ck.{name}"),
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

    # ------------------------------------------------------------------ view
    def header_rows(self) -> list:
        self.orientation_html = W.HTML()
        return [self.orientation_html]

    def orientation_text(self) -> str:
        """Which way the board is turned, in plain words (shown under the status)."""
        g = self.game
        home = g.rules.board_size // 2 - 1
        top = f"1-{home * g.rules.board_size // 2}"
        if self.flipped:
            return tr("ck.turned", top=top)
        return tr("ck.upright", top=top)

    def ending_note(self, out) -> str:
        """A repetition draw (CK-11) explained: why nobody wins, and when one side had more
        pieces, why that is still a draw and what winning it would take."""
        if out is None or out.winner is not None or out.rule != "CK-11":
            return ""
        c = self.game.counts()
        have = (c["black_men"] + c["black_kings"], c["white_men"] + c["white_kings"])
        text = tr("ck.why_repetition")
        if have[0] != have[1]:
            ahead = 0 if have[0] > have[1] else 1
            text += " " + tr("ck.why_ahead", ahead=self.player_name(ahead), more=max(have),
                             fewer=min(have))
        return text

    def side_place(self, seat: int) -> str:
        """Black (seat 0) sits at the top as drawn upright, at the bottom after Flip."""
        top = (seat == 0) != self.flipped
        return tr("ck.place.top" if top else "ck.place.bottom")

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
        g = self.game
        opts = dict(flip=self.flipped, labels=True, targets=sorted(selection.targets, key=int),
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
        return tuple(str(s) for s in move.path)

    def why_not_selectable(self, cell: str) -> str:
        g = self.game
        sq = int(cell) if cell.isascii() and cell.isdigit() and len(cell) <= 3 else None
        if sq is None or not 1 <= sq <= g.squares:
            return tr("ck.not_square", cell=cell[:20])
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
                    return error_text(e)
            return tr("ck.empty", sq=sq, me=me)
        if piece[0] != g.turn:
            return tr("ck.theirs", sq=sq, owner=names[piece[0]], me=me)
        rings = self._forced_rings()
        if rings:
            self._refused = (sq, len(g.history))
            if not self.show_capture_rings:        # no rings drawn: do not name the answer
                return tr("ck.must_capture", sq=sq)
            return tr("ck.rings", rings=", ".join(rings))
        return tr("ck.blocked", sq=sq)

    def status_text(self) -> str:
        text = super().status_text()
        if not self.game.is_over() and self._forced_rings():
            text += tr("ck.compulsory")
        return text

    def __repr__(self) -> str:
        # stable text (no memory address) for notebook outputs compared by nbval
        return f"<CheckersWidget ({self.game.rules.name} rules): {self.status}>"
