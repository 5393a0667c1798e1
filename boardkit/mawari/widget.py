"""The interactive 回り将棋 board: toss the golds, watch the piece go, declare battles.

    w = MawariWidget(players=3, computer=(1, 2))
    w.toss()              # same as the Toss button or clicking the golds' table
    w.click("9五")        # when a battle may be declared: click the opposing piece
    w.decide("no battle") # or use the battle / no-battle buttons

Each click of Toss plays ONE toss, so a turn with repeated tosses (MS-07) is stepped
toss by toss (a double click on Toss, the golds' table or Join acts once:
``GameWidget.once_per_click``); the events box says what happened and why, newest first. The Tutor
checkbox (off by default, ``tutor=True``) judges your battle decisions against the
かしこい policy, with its chances (``boardkit.mawari.tutor``; tosses are chance). The Hint
button names the battle decision the "smart" level would take, with the odds; while a
toss is due it says "Toss first" (there is nothing to decide before the golds land).
"""
from __future__ import annotations

import html
import unicodedata

import ipywidgets as W
import numpy as np

from .._core import BoardkitError, ChanceStep
from ..i18n import CATALOGUES, add, error_text, language, tr
from ..widgets import GameWidget
from ..widgets.base import (
    ERROR_COLOR,
    MUTED_COLOR,
    TEXT_COLOR,
    ClickGuard,
    Selection,
    run_cue,
    static_bundle,
    svg_img,
)
from . import ai, tutor
from .events import translate_event
from .game import Battle, Join, MawariGame
from .notation import short
from .ring import RingChain
from .rules import MawariRules
from .stats import TossTally
from .toss import Toss, TossModel

__all__ = ["MawariWidget", "toss_widget", "tally_widget", "what_if_widget"]

# the widget's words (boardkit.i18n, English and Japanese; set_language("ja"))
add("en", {
    "ms.toss": "Toss", "ms.join": "Join (MS-03)", "ms.players": "Players", "ms.golds": "Golds (MS-09)",
    "ms.overlap_back": "Overlap back (MS-06)", "ms.per_face_up": "one per face-up gold",
    "ms.whole_value": "by the whole value", "ms.fall_rule": "table: fallen gold scores 0 (MS-08)",
    "ms.corner_jump": "corner jump (MS-14)", "ms.battle_line": "Battle line",
    "ms.opposite_edge": "opposite edge", "ms.any_line": "any straight line",
    "ms.click_battle": "{cell}: click an opposing piece in line to declare a battle, or your own "
                       "piece for no battle (MS-15)",
    "ms.toss_first": "{cell}: no piece is moved by clicking; toss the golds first (click the "
                     "table or Toss)",
    "ms.joined": "P{n} joined", "ms.no_events": "no events yet",
    "ms.last_toss": "P{p} ({kind}) tossed {toss}", "ms.last_tosses": "Last tosses: {tosses}",
    "ms.may_declare": "<b>{who}</b> may declare a battle (MS-15): click the opposing piece or a button",
    "ms.battle_status": " — battle P{a} {pa}/{n} vs P{d} {pd}/{n}",
    "ms.piece_at": "P{p} {piece} on {square}", "ms.laid": " (laid down, 寝かし)",
    "ms.describe_pieces": "Pieces: {pieces}.", "ms.describe_toss": "Last toss, P{p}: {toss}.",
})
add("ja", {
    "ms.toss": "金を振る", "ms.join": "参加する (MS-03)", "ms.players": "人数", "ms.golds": "金 (MS-09)",
    "ms.overlap_back": "重なりで戻る (MS-06)", "ms.per_face_up": "表の金1枚につき1マス",
    "ms.whole_value": "出た目の数だけ", "ms.fall_rule": "盤から落ちた金は0点 (MS-08)",
    "ms.corner_jump": "角の飛び (MS-14)", "ms.battle_line": "戦の筋",
    "ms.opposite_edge": "向かいの辺", "ms.any_line": "どの直線でも",
    "ms.click_battle": "{cell}: 戦をしかけるなら筋の上の相手の駒を、しかけないなら自分の駒を"
                       "クリックしてください (MS-15)",
    "ms.toss_first": "{cell}: クリックでは駒は動きません。先に金を振ってください（盤の横の台か「金を振る」）",
    "ms.joined": "P{n} が参加しました", "ms.no_events": "まだ出来事はありません",
    "ms.last_toss": "P{p}（{kind}）の振り: {toss}", "ms.last_tosses": "最後の振り: {tosses}",
    "ms.may_declare": "<b>{who}</b> は戦をしかけられます (MS-15): 相手の駒かボタンをクリックしてください",
    "ms.battle_status": " — 戦 P{a} {pa}/{n} 対 P{d} {pd}/{n}",
    "ms.piece_at": "P{p} の{piece}は {square}", "ms.laid": "（寝かし）",
    "ms.describe_pieces": "駒: {pieces}。", "ms.describe_toss": "最後の振り、P{p}: {toss}。",
})

# the Golds menu's labels (its values stay "fair"/"realistic", as the notebooks name them),
# the battle buttons, the move list's words, and the toss lab's widgets (notebooks 43, 44, 46)
add("en", {
    "ms.model.fair": "fair", "ms.model.realistic": "realistic",
    "ms.model_tooltip": "fair: every gold lands face up or face down; realistic: a gold may also "
                        "stand on its side, overlap or fall off (MS-04 to MS-09)",
    "ms.declare": "battle P{n}", "ms.decline": "no battle", "ms.joins": "P{n} joins",
    "ms.toss_text": "{ja} ({en})",
    "ms.lab.toss_button": "金を振る toss", "ms.lab.toss_ready": "Click to toss the four golds.",
    "ms.lab.toss_info": "tosses: {tosses} · turns finished: {turns} · squares this turn so far: "
                        "{turn} · average per turn: {avg} (exact {exact})",
    "ms.lab.toss_box": "toss widget, {model}: run the notebook, then click 金を振る toss",
    "ms.lab.run_cue": "Run the cell to use it here: each click tosses, tallies or redraws at once.",
    "ms.lab.fair_golds": "fair golds", "ms.lab.realistic_golds": "realistic golds",
    "ms.lab.golds": "golds {probs}",
    "ms.lab.tally_text": "toss", "ms.lab.tally_hint": "up up down side +overlap", "ms.lab.add": "add",
    "ms.lab.no_tosses": "No tosses yet.",
    "ms.lab.tally_tests": "<b>{n} tosses</b>; chi-square p-values against the model: {tests}",
    "ms.lab.test.single golds": "single golds", "ms.lab.test.patterns": "patterns",
    "ms.lab.test.events": "events",
    "ms.lab.tally_box": "toss tally: type each toss and press add; tested against the {model}",
    "ms.lab.side": "横 side", "ms.lab.all_down_value": "裏x4 value", "ms.lab.overlap": "重なり",
    "ms.lab.fall": "落ち駒",
    "ms.lab.row.squares per turn": "squares per turn", "ms.lab.row.sd per turn": "sd per turn",
    "ms.lab.row.tosses per turn": "tosses per turn", "ms.lab.row.P(toss again)": "P(toss again)",
    "ms.lab.row.P(move back)": "P(move back)", "ms.lab.row.P(no move)": "P(no move)",
    "ms.lab.row.turns per lap": "turns per lap",
    "ms.lab.what_if_box": "what-if sliders: side-standing chance, all-face-down value, overlap and "
                          "fall chances; the exact squares per turn update as you move them",
})
add("ja", {
    "ms.model.fair": "理想の金", "ms.model.realistic": "本物に近い金",
    "ms.model_tooltip": "理想の金: どの金も表か裏で着きます。本物に近い金: 横に立つ・重なる・"
                        "盤から落ちることもあります (MS-04〜MS-09)",
    "ms.declare": "P{n} に戦をしかける", "ms.decline": "戦をしかけない", "ms.joins": "P{n} が参加",
    "ms.toss_text": "{ja}",
    "ms.lab.toss_button": "金を振る", "ms.lab.toss_ready": "クリックすると4枚の金を振ります。",
    "ms.lab.toss_info": "振った回数: {tosses} · 終わった手番: {turns} · この手番でここまでに進むマス: "
                        "{turn} · 1手番あたりの平均: {avg}（正確な値 {exact}）",
    "ms.lab.toss_box": "金を振るウィジェット（{model}）: ノートブックを実行してから「金を振る」をクリック",
    "ms.lab.run_cue": ("セルを実行すると、ここで使えます。クリックするたびに、振る・記録する・"
                       "描き直すがすぐに行われます。"),
    "ms.lab.fair_golds": "理想の金", "ms.lab.realistic_golds": "本物に近い金",
    "ms.lab.golds": "金 {probs}",
    "ms.lab.tally_text": "振り", "ms.lab.tally_hint": "表 表 裏 横 重なり", "ms.lab.add": "追加",
    "ms.lab.no_tosses": "まだ記録がありません。",
    "ms.lab.tally_tests": "<b>{n} 回</b>。モデルに対するカイ二乗検定の p 値: {tests}",
    "ms.lab.test.single golds": "金1枚ずつ", "ms.lab.test.patterns": "出方",
    "ms.lab.test.events": "重なり・落ち",
    "ms.lab.tally_box": "振りの記録: 1回ずつ入力して「追加」を押します。{model}と比べて検定します",
    "ms.lab.side": "横に立つ", "ms.lab.all_down_value": "裏4枚の値", "ms.lab.overlap": "重なり",
    "ms.lab.fall": "落ち駒",
    "ms.lab.row.squares per turn": "1手番で進むマス", "ms.lab.row.sd per turn": "進むマスの標準偏差",
    "ms.lab.row.tosses per turn": "1手番で振る回数", "ms.lab.row.P(toss again)": "もう一度振る確率",
    "ms.lab.row.P(move back)": "戻る確率", "ms.lab.row.P(no move)": "進めない確率",
    "ms.lab.row.turns per lap": "1周にかかる手番の数",
    "ms.lab.what_if_box": "もしもスライダー: 横に立つ確率・裏4枚の値・重なりと落ちの確率。"
                          "動かすと1手番で進むマスの正確な値が変わります",
})

_MODELS = ("fair", "realistic")
_EVENTS_SHOWN = 30


# the play page's title and how to play (GameWidget(page=True); {you}: who plays which side)
add("en", {
    "page.mawari.title": "回り将棋 (Mawari Shogi): play against the computer",
    "page.mawari.how": "{you}; press <b>Toss</b>: the four golds fall and your piece walks round "
                       "the edge of the board by their score, going up a rank each lap (歩, 香, "
                       "桂, 銀); the first 銀 to finish a lap wins.",
    "page.mawari.buttons": "Buttons: <b>Hint</b> says whether to declare a battle (戦) when you "
                           "may, <b>Undo</b> takes your move back, <b>Game setup</b> (below) "
                           "changes the rules, the sides and the computer's level, and saves or "
                           "resumes your game; with <b>Tutor</b> ticked, the board says when a "
                           "battle decision (戦) is a bad one, and what the computer would decide.",
    "page.mawari.puzzles_line": "Solve the board puzzles, in rule order: the toss lies on the "
                                "table under the board; click the square where the piece ends "
                                "(or the piece the goal asks for); the board says if it is right "
                                "and why.",
})
add("ja", {
    "page.mawari.title": "回り将棋: コンピューターと対局",
    "page.mawari.how": "{you}。<b>金を振る</b>を押すと4枚の金が落ち、その点数だけ自分の駒が盤の"
                       "ふちを回ります。1周するごとに駒が出世します（歩、香、桂、銀）。"
                       "銀で先に1周した人の勝ちです。",
    "page.mawari.buttons": "ボタン: <b>ヒント</b>は、戦を申しこめるときに申しこむべきかを教えます。"
                           "<b>待った</b>は自分の手を戻します。<b>ゲームの設定</b>（下）でルール・"
                           "手番・コンピューターのレベルを変えたり、ゲームを保存・再開したりできます。"
                           "<b>チューター</b>にチェックを入れると、戦の決め方がよくないときに、そう言って、"
                           "コンピューターならどう決めるかを教えます。",
    "page.mawari.puzzles_line": "盤のパズルをルールの順に解きましょう。振った金は盤の下の台に"
                                "あります。駒が止まるマス（または問題が聞いている駒）をクリック"
                                "すると、合っているかとその理由を盤が教えます。",
})


class MawariWidget(GameWidget[MawariGame]):
    """The 回り将棋 board on the shared GameWidget: only hooks are filled in here."""

    ai = ai
    player_names = ("P1", "P2", "P3", "P4")
    tutor_module = tutor
    has_chance = True

    @property
    def chance_label(self) -> str:
        """The toss button's label: "Toss" (「金を振る」 in Japanese)."""
        return tr("ms.toss")

    def __init__(self, game: MawariGame | None = None, *, players: int = 2, **kw):
        if isinstance(players, bool) or players not in (2, 3, 4):
            raise BoardkitError(f"回り将棋 is played by 2 to 4 players (MS-02), got {short(players)}")
        self._start_players = players
        # the events box: newest event first, so the latest step is always in view
        self.events_html = W.HTML(layout=W.Layout(max_height="180px", overflow="auto"))
        # each player's last toss, labelled (you / computer), above the board
        self.tosses_html = W.HTML()
        self.offer_box = W.HBox()
        self.join_button = self._button(tr("ms.join"), self.once_per_click(lambda: self.join()),
                                        "user-plus")
        # a double click on the golds' table tosses once, as on the Toss button
        self._table_toss = self.once_per_click(lambda: self.roll())
        super().__init__(game, **kw)

    # ------------------------------------------------------------ hooks
    def option_controls(self) -> dict:
        # widths: the base fits every description and menu to its text (fit_labels)
        c = {
            "players": W.Dropdown(options=[2, 3, 4], value=self._start_players,
                                  description=tr("ms.players")),
            "model": W.Dropdown(options=[(tr(f"ms.model.{m}"), m) for m in _MODELS], value="fair",
                                description=tr("ms.golds"), tooltip=tr("ms.model_tooltip")),
            "overlap_back": W.Dropdown(options=[(tr("ms.per_face_up"), "face_up"),
                                                (tr("ms.whole_value"), "whole_value")],
                                       value="face_up", description=tr("ms.overlap_back")),
            "fall_rule": W.Checkbox(value=True, description=tr("ms.fall_rule")),
            "corner_jump": W.Checkbox(value=True, description=tr("ms.corner_jump")),
            "battle_line": W.Dropdown(options=[(tr("ms.opposite_edge"), "opposite"),
                                               (tr("ms.any_line"), "any")],
                                      value="opposite", description=tr("ms.battle_line")),
        }
        c["players"].observe(self._on_players, names="value")
        return c

    def _on_players(self, change) -> None:
        """Players 3 or 4 chosen in Game setup: the new seats appear at once, played by
        the computer unless changed (a class rarely has four students at one board)."""
        for i, seat in enumerate(self.seat_controls):
            if i >= 2 and i < change["new"] and seat.layout.display == "none":
                seat.value = "computer"
        self._show_seats()

    def _show_seats(self) -> None:
        g = getattr(self, "game", None)
        n = max(g.players if g is not None else 2, self.options["players"].value)
        for i, c in enumerate(self.seat_controls):        # only the seats in play
            c.layout.display = None if i < n else "none"

    def make_game(self, options: dict) -> MawariGame:
        o = dict(options)
        n, model = o.pop("players", 2), o.pop("model", "fair")
        rules = MawariRules.realistic(n, **o) if model == "realistic" else MawariRules(players=n, **o)
        return MawariGame(rules)

    def header_rows(self) -> list:
        return [self.tosses_html]

    def extra_rows(self) -> list:
        return [W.HBox([self.offer_box, self.join_button]), self.events_html]

    def move_path(self, move: Battle) -> tuple[str, ...]:
        g = self.game
        start = g.square(g.turn)
        return (start,) if move.defender is None else (start, g.square(move.defender))

    def _decision_due(self) -> bool:
        g = self.game
        return g.phase == "decide" and not g.is_over() and not self.is_computer(g.turn)

    def render(self, selection: Selection) -> str:
        g = self.game
        if self._decision_due():
            # a battle may be declared: the opposing pieces in line are the click targets
            moves = g.legal_moves()
            selection = self.selection = Selection(
                prefix=[g.square(g.turn)], candidates=moves,
                targets={self.move_path(m)[-1] for m in moves if m.defender is not None})
        hl = set(selection.prefix)
        if not g.is_over():
            hl.add(g.square(g.turn))
        mine = self.shown_toss()
        extra = {"toss": mine.outcome} if mine is not None else {}
        return g.draw(highlight=sorted(hl), targets=sorted(selection.targets), hint=self.hint,
                      flip=self.flipped, last_move=self.marked, **extra).to_svg()

    def last_tosses(self) -> dict[int, ChanceStep]:
        """Each player's last toss (seat -> its chance step), in seat order."""
        last: dict[int, ChanceStep] = {}
        for m in self.game.history:
            if isinstance(m, ChanceStep):
                last[m.player] = m
        return dict(sorted(last.items()))

    def shown_toss(self) -> ChanceStep | None:
        """The toss the golds' table shows when computers and a student share the board:
        the student's own last toss, so it stays in view under the computer's replies
        until the student's next toss (None: the game's last toss, as drawn by default)."""
        g = self.game
        humans = [p for p in range(g.players) if not self.is_computer(p)]
        if not humans or len(humans) == g.players:
            return None
        last = self.last_tosses()
        mine = [last[p] for p in humans if p in last]
        if not mine:
            return None
        return max(mine, key=lambda m: next(i for i, h in enumerate(g.history) if h is m))

    def tosses_markup(self) -> str:
        """"Last tosses: P1 (you) tossed 裏 表 表 表 (…) · P2 (computer) tossed …"."""
        parts = [tr("ms.last_toss", p=p + 1, kind=tr("computer") if self.is_computer(p) else tr("you"),
                    toss=self._toss_text(m)) for p, m in self.last_tosses().items()]
        if not parts:
            return ""
        return (f"<div style='color:{TEXT_COLOR}'>"
                + html.escape(tr("ms.last_tosses", tosses=" · ".join(parts))) + "</div>")

    def handle_click(self, cell: str) -> bool:
        """The golds' table ("toss") tosses; in a battle decision the opposing piece
        declares the battle and the mover's own piece declines it (MS-15)."""
        g = self.game
        if cell == "toss":
            if g.chance_pending():
                self._table_toss()
            return True
        if g.phase != "decide":
            return False                          # the base says "Toss first"
        for m in g.legal_moves():
            if self.move_path(m)[-1] == cell:
                self._finish(m)
                return True
        self._say(tr("ms.click_battle", cell=cell), error=True)
        return True

    def click_refused(self, cell: str) -> str | None:
        g = self.game
        if g.chance_pending() and not self.is_computer(g.turn):
            return tr("ms.toss_first", cell=cell)
        return None

    def after_refresh(self) -> None:
        g = self.game
        buttons = []
        if self._decision_due():
            for m in g.legal_moves():
                b = W.Button(description=self._entry_text(m), layout=W.Layout(width="auto"),
                             button_style="danger" if m.defender is not None else "")
                b.on_click(lambda _, m=m: self.decide(m))
                buttons.append(b)
        self.offer_box.children = tuple(buttons)
        self.chance_button.disabled = not g.chance_pending() or self.is_computer(g.turn)
        self._show_seats()
        self.join_button.disabled = g.players >= 4 or g.phase != "toss" or g.is_over()
        self.events_html.value = self.events_markup()
        self.tosses_html.value = self.tosses_markup()

    # ------------------------------------------------------------ actions
    def toss(self) -> None:
        """Toss the four golds for the player to act (the Toss button)."""
        self.roll()

    def decide(self, move) -> None:
        """Declare a battle or not (a Battle value or its text: 'battle P2', 'no battle')."""
        self.play(move)

    def join(self) -> None:
        """A new player joins the game (MS-03); they play as a human seat."""
        try:
            q = self.game.join()
        except BoardkitError as e:                # say why, never crash
            self._say(error_text(e), error=True)
        else:
            self.seat_controls[q].value = "human"     # the newcomer plays by hand (MS-03)
            self._say(tr("ms.joined", n=q + 1))
        self._after_change()

    # ------------------------------------------------------------ view
    def events_markup(self) -> str:
        """The events box: newest first (the latest step's events in bold), so the
        newest event is in view without scrolling; each line in the board's language
        (``events.translate_event``)."""
        g = self.game
        events = g.events
        if not events:
            return f"<i style='color:{MUTED_COLOR}'>{html.escape(tr('ms.no_events'))}</i>"
        latest = len(g.last_events()) if g.history else 0
        rows = []
        for k, text in enumerate(reversed(events[-_EVENTS_SHOWN:])):
            line = html.escape(translate_event(text))     # the engine's lines are English
            rows.append(f"<b>{line}</b>" if k < latest else line)
        return (f"<div style='font-size:90%;color:{TEXT_COLOR}'>"
                + "<br>".join(rows) + "</div>")

    def ending_text(self, out) -> str:
        """How the game ended: the engine's end line is an event, so in another language
        its own translation (who went up, by lap or by battle) says more than the rule."""
        if language() != "en":
            said = translate_event(out.reason)
            if said != out.reason:
                return said
        return super().ending_text(out)

    def status_text(self) -> str:
        g = self.game
        base = super().status_text()
        if g.outcome() is None and g.phase == "decide":
            who = f"P{g.turn + 1}"
            return tr("ms.may_declare", who=who)
        b = g.battle
        if g.phase == "battle" and g.outcome() is None and b is not None:
            return base + tr("ms.battle_status", a=b["attacker"] + 1, pa=b["progress"][0],
                             d=b["defender"] + 1, pd=b["progress"][1], n=b["length"])
        return base

    @staticmethod
    def _toss_text(step: ChanceStep) -> str:
        """A toss as the table shows it, with the English words: "裏 表 表 表 (down up up up)"
        (in Japanese the kanji alone)."""
        toss = step.outcome
        ja = getattr(toss, "ja", None)
        return tr("ms.toss_text", ja=ja(), en=toss) if callable(ja) else str(toss)

    @staticmethod
    def _entry_text(m) -> str:
        """A decision or a join in the current language ("battle P2", "P2 に戦をしかける")."""
        if isinstance(m, Battle):
            return tr("ms.decline") if m.defender is None else tr("ms.declare", n=m.defender + 1)
        if isinstance(m, Join):
            return tr("ms.joins", n=m.player + 1)
        return str(m)

    def moves_text(self) -> list[str]:
        """Every toss and decision, one per line; a toss written as on the table, in
        kanji, with the English words ("1. P1: 裏 表 表 表 (down up up up)")."""
        return [f"{i + 1}. P{m.player + 1}: {self._toss_text(m)}" if isinstance(m, ChanceStep)
                else f"{i + 1}. {self._entry_text(m)}" for i, m in enumerate(self.game.history)]

    def describe(self) -> str:
        """The board for screen readers: the status, where each piece stands (square,
        rank, 寝かし) and the last toss (tosses are not moves, so the base's move count
        alone would not follow the race)."""
        g = self.game
        text = super().describe()
        pieces = ", ".join(tr("ms.piece_at", p=d["player"] + 1, piece=d["piece"], square=d["square"])
                           + (tr("ms.laid") if d["laid"] else "") for d in g.pieces())
        text += " " + tr("ms.describe_pieces", pieces=pieces)
        last = next((m for m in reversed(g.history) if isinstance(m, ChanceStep)), None)
        if last is not None:
            text += " " + tr("ms.describe_toss", p=last.player + 1, toss=self._toss_text(last))
        return text


# ---- the toss lab's widgets (notebooks 43, 44, 46) ---------------------------------
class _Box(W.VBox):
    """A VBox whose text form (what a notebook stores and shows without a kernel) is one
    short line saying what the box is, instead of ipywidgets' dump of its children."""

    def __init__(self, children, label: str, picture: str = ""):
        super().__init__(children)
        self._label = label
        self._picture = picture          # an SVG shown in the static view, if any

    def __repr__(self) -> str:
        return f"<{self._label}>"

    def _repr_mimebundle_(self, **kwargs) -> dict:
        """The live box, and for a reader who cannot run it its label, its picture and a
        run cue."""
        page = (f"<p><b>{html.escape(self._label)}</b></p>"
                + (svg_img(self._picture, self._label) if self._picture else "")
                + run_cue("ms.lab.run_cue"))
        return static_bundle(self, page, f"{self._label}\n{tr('ms.lab.run_cue')}", **kwargs)


def _model_name(model: TossModel) -> str:
    for name in _MODELS:
        if model == getattr(TossModel, name)(all_down_value=model.all_down_value,
                                             overlap_back=model.overlap_back):
            return tr(f"ms.lab.{name}_golds")
    return tr("ms.lab.golds", probs=", ".join(f"{k} {float(v):g}" for k, v in model.face_probs.items() if v))


def _lab_word(group: str, name: str, lang: str | None = None) -> str:
    """A toss-lab label for a name another module gives (a test, a summary row): the
    catalogue's word, or the name itself when the catalogue has none."""
    key = f"ms.lab.{group}.{name}"
    return tr(key, lang) if key in CATALOGUES["en"] else name


def _cols(text: str) -> int:
    """Columns of a monospaced font ``text`` takes: a kanji or kana takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` columns (``f"{text:17s}"`` for ASCII)."""
    return text + " " * max(0, width - _cols(text))


def tally_widget(model: TossModel | None = None) -> W.VBox:
    """Type each real toss ("up up down side", or 表 表 裏 横) and press add: the tally
    and its chi-square tests against ``model`` update as the class goes."""
    model = model or TossModel.fair()
    tally = TossTally()
    text = W.Text(placeholder=tr("ms.lab.tally_hint"), description=tr("ms.lab.tally_text"))
    button = W.Button(description=tr("ms.lab.add"))
    out = W.HTML(html.escape(tr("ms.lab.no_tosses")))
    lang = language()                     # the box speaks the language it was made in

    def add(_=None):
        try:
            tally.add(text.value)
        except BoardkitError as err:
            out.value = f"<span style='color:{ERROR_COLOR}'>{html.escape(error_text(err))}</span>"
            return
        text.value = ""
        lines = [f"{k:3d} × {html.escape(p)} ({ja})" if lang != "ja" else f"{k:3d} × {ja}"
                 for p, ja, k in tally.rows()]
        tests = tally.test(model)
        tested = ", ".join(f"{html.escape(_lab_word('test', name, lang))} {res.p_value:.3f}"
                           for name, res in tests.items())
        lines.append(tr("ms.lab.tally_tests", lang, n=tally.n, tests=tested))
        out.value = "<br>".join(lines)

    button.on_click(add)
    box = _Box([W.HBox([text, button]), out], tr("ms.lab.tally_box", model=_model_name(model)))
    box.add = add
    box.text = text
    box.tally = tally
    return box


# ---- a try-it widget -------------------------------------------------------------------
def toss_widget(model: TossModel | None = None, seed: int = 0) -> W.VBox:
    """An ipywidgets box to toss the four golds by hand: each click is one toss (MS-04;
    a double click is one click), drawn as it landed; the turn goes on while no gold is
    face down (MS-07), and the running average of squares per turn is shown next to the
    exact value."""
    model = model or TossModel.fair()
    rng = np.random.default_rng(seed)
    exact = float(model.turn_mean())
    state = {"turn": 0, "turns": [], "tosses": 0}
    picture = W.HTML(Toss(("up", "up", "down", "down")).draw().to_svg())
    button = W.Button(description=tr("ms.lab.toss_button"), button_style="warning")
    info = W.HTML(html.escape(tr("ms.lab.toss_ready")))
    lang = language()                     # the box speaks the language it was made in

    def toss(_=None):
        t = model.sample(rng)
        state["tosses"] += 1
        state["turn"] += t.squares(model.all_down_value, model.overlap_back)
        picture.value = t.draw(all_down_value=model.all_down_value,
                               overlap_back=model.overlap_back).to_svg()
        if not t.toss_again:
            state["turns"].append(state["turn"])
            state["turn"] = 0
        turns = state["turns"]
        avg = sum(turns) / len(turns) if turns else float("nan")
        info.value = html.escape(tr("ms.lab.toss_info", lang, tosses=state["tosses"], turns=len(turns),
                                    turn=state["turn"], avg=f"{avg:.2f}", exact=f"{exact:.3f}"))

    guard = ClickGuard()                   # a double click tosses once (box.guard.clock: tests)
    button.on_click(guard.wrap(toss))
    box = _Box([button, picture, info], tr("ms.lab.toss_box", model=_model_name(model)),
               picture=picture.value)
    box.toss = toss                        # tests and notebooks can click from Python
    box.button = button
    box.guard = guard
    box.state = state
    return box


def what_if_widget() -> W.VBox:
    """Sliders for the what-ifs of notebook 44: side-standing chance (MS-04), the value
    of four face-down golds (MS-05), overlap (MS-06) and fall (MS-08) chances; the exact
    figures of the turn (and turns per lap on the ring, corner jump on) update at once.
    (Plain observers and an HTML box, no Output widget, so it runs headless too.)"""
    sliders = {
        "side": W.FloatSlider(value=0, min=0, max=0.3, step=0.01, description=tr("ms.lab.side")),
        "all_down_value": W.IntSlider(value=20, min=0, max=40, description=tr("ms.lab.all_down_value")),
        "overlap": W.FloatSlider(value=0, min=0, max=0.3, step=0.01, description=tr("ms.lab.overlap")),
        "fall": W.FloatSlider(value=0, min=0, max=0.3, step=0.01, description=tr("ms.lab.fall")),
    }
    out = W.HTML()
    lang = language()                     # the box speaks the language it was made in

    def update(_=None):
        kw = {k: s.value for k, s in sliders.items()}
        model = TossModel.with_standing(kw.pop("side"), **kw)
        rows = dict(model.summary())
        rows["turns per lap"] = RingChain(model, exact=False).expected_turns()
        named = {html.escape(_lab_word("row", k, lang)): v for k, v in rows.items()}
        width = max([17] + [_cols(k) for k in named])
        out.value = "<pre>" + "\n".join(f"{_pad(k, width)} {v:7.3f}" for k, v in named.items()) + "</pre>"

    for s in sliders.values():
        s.observe(update, "value")
    update()
    box = _Box([*sliders.values(), out], tr("ms.lab.what_if_box"))
    box.sliders = sliders
    return box
