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

from .. import _catalogue
from .._core import BoardkitError, ChanceStep
from .._input import check_seed
from ..errors import short_repr
from ..i18n import Word, check_language, error_text, tr
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
from ._args import check_model
from .game import Battle, Join, MawariGame
from .notation import short
from .ring import RingChain
from .rules import MawariRules
from .stats import TossTally
from .toss import Toss, TossModel

__all__ = ["MawariWidget", "toss_widget", "tally_widget", "what_if_widget"]

# the widget's words are the catalogue's ms.*, page.mawari.* (boardkit/locale): the
# Golds menu's values stay "fair"/"realistic", as the notebooks name them
_MODELS = ("fair", "realistic")
_EVENTS_SHOWN = 30


class MawariWidget(GameWidget[MawariGame]):
    """The 回り将棋 board on the shared GameWidget: only hooks are filled in here."""

    ai = ai
    player_names = ("P1", "P2", "P3", "P4")
    tutor_module = tutor
    has_chance = True

    @property
    def chance_label(self) -> str:
        """The toss button's label: "Toss" (「金を振る」 in Japanese)."""
        return self.tr("ms.toss")

    def __init__(self, game: MawariGame | None = None, *, players: int = 2, **kw):
        if game is not None and not isinstance(game, MawariGame):
            raise BoardkitError(f"game must be a MawariGame or None; got {short_repr(game)}")
        if isinstance(players, (bool, np.bool_)) or not isinstance(players, (int, np.integer)) \
                or players not in (2, 3, 4):
            raise BoardkitError(f"回り将棋 is played by 2 to 4 players (MS-02), got {short(players)}")
        self._start_players = players
        self.lang = check_language(kw.get("lang"))     # the base sets it again, the same
        # the events box: newest event first, so the latest step is always in view
        self.events_html = W.HTML(layout=W.Layout(max_height="180px", overflow="auto"))
        # each player's last toss, labelled (you / computer), above the board
        self.tosses_html = W.HTML()
        self.offer_box = W.HBox()
        self.join_button = self._button(self.tr("ms.join"), self.once_per_click(lambda: self.join()),
                                        "user-plus")
        # a double click on the golds' table tosses once, as on the Toss button
        self._table_toss = self.once_per_click(lambda: self.roll())
        super().__init__(game, **kw)

    # ------------------------------------------------------------ hooks
    def option_controls(self) -> dict:
        # widths: the base fits every description and menu to its text (fit_labels)
        c = {
            "players": W.Dropdown(options=[2, 3, 4], value=self._start_players,
                                  description=self.tr("ms.players")),
            "model": W.Dropdown(options=[(self.tr(f"ms.model.{m}"), m) for m in _MODELS], value="fair",
                                description=self.tr("ms.golds"), tooltip=self.tr("ms.model_tooltip")),
            "overlap_back": W.Dropdown(options=[(self.tr("ms.per_face_up"), "face_up"),
                                                (self.tr("ms.whole_value"), "whole_value")],
                                       value="face_up", description=self.tr("ms.overlap_back")),
            "fall_rule": W.Checkbox(value=True, description=self.tr("ms.fall_rule")),
            "corner_jump": W.Checkbox(value=True, description=self.tr("ms.corner_jump")),
            "battle_line": W.Dropdown(options=[(self.tr("ms.opposite_edge"), "opposite"),
                                               (self.tr("ms.any_line"), "any")],
                                      value="opposite", description=self.tr("ms.battle_line")),
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
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise BoardkitError(f"options must be a dict of the Game setup's options "
                                f"(players, model, ...); got {short_repr(options)}")
        o = dict(options)
        n, model = o.pop("players", 2), o.pop("model", "fair")
        rules = MawariRules.realistic(n, **o) if model == "realistic" else MawariRules(players=n, **o)
        return MawariGame(rules)

    def header_rows(self) -> list:
        return [self.tosses_html]

    def extra_rows(self) -> list:
        return [W.HBox([self.offer_box, self.join_button]), self.events_html]

    def move_path(self, move: Battle) -> tuple[str, ...]:
        if not isinstance(move, Battle):
            raise BoardkitError(f"move must be a Battle (a decision); got {short_repr(move)}")
        g = self.game
        start = g.square(g.turn)
        return (start,) if move.defender is None else (start, g.square(move.defender))

    def _decision_due(self) -> bool:
        g = self.game
        return g.phase == "decide" and not g.is_over() and not self.is_computer(g.turn)

    def render(self, selection: Selection) -> str:
        if not isinstance(selection, Selection):
            raise BoardkitError(f"selection must be a Selection; got {short_repr(selection)}")
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
                      flip=self.flipped, last_move=self.marked, lang=self.lang, **extra).to_svg()

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
        parts = [self.tr("ms.last_toss", p=p + 1,
                         kind=self.tr("computer") if self.is_computer(p) else self.tr("you"),
                         toss=self._toss_text(m)) for p, m in self.last_tosses().items()]
        if not parts:
            return ""
        return (f"<div style='color:{TEXT_COLOR}'>"
                + html.escape(self.tr("ms.last_tosses", tosses=" · ".join(parts))) + "</div>")

    def handle_click(self, cell: str) -> bool:
        """The golds' table ("toss") tosses; in a battle decision the opposing piece
        declares the battle and the mover's own piece declines it (MS-15)."""
        if not isinstance(cell, str):
            raise BoardkitError(f"cell must be a cell's name (text); got {short_repr(cell)}")
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
        self._say(self.tr("ms.click_battle", cell=cell), error=True)
        return True

    def click_refused(self, cell: str) -> str | None:
        g = self.game
        if g.chance_pending() and not self.is_computer(g.turn):
            return self.tr("ms.toss_first", cell=cell)
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
            self._say(error_text(e, self.lang), error=True)
        else:
            self.seat_controls[q].value = "human"     # the newcomer plays by hand (MS-03)
            self._say(self.tr("ms.joined", n=q + 1))
        self._after_change()

    # ------------------------------------------------------------ view
    def events_markup(self) -> str:
        """The events box: newest first (the latest step's events in bold), so the
        newest event is in view without scrolling; each event (an ``events.Event``)
        rendered in the board's language, a line of text as it is."""
        g = self.game
        events = g.events
        if not events:
            return f"<i style='color:{MUTED_COLOR}'>{html.escape(self.tr('ms.no_events'))}</i>"
        latest = len(g.last_events()) if g.history else 0
        rows = []
        for k, event in enumerate(reversed(events[-_EVENTS_SHOWN:])):
            line = html.escape(self.say(event))
            rows.append(f"<b>{line}</b>" if k < latest else line)
        return (f"<div style='font-size:90%;color:{TEXT_COLOR}'>"
                + "<br>".join(rows) + "</div>")

    def tutor_text(self, before, move) -> str | None:
        """The tutor's line (``tutor.advice``, a Word) in the board's language."""
        line = super().tutor_text(before, move)
        return self.say(line) if line is not None else None

    def status_text(self) -> str:
        g = self.game
        base = super().status_text()
        if g.outcome() is None and g.phase == "decide":
            who = f"P{g.turn + 1}"
            return self.tr("ms.may_declare", who=who)
        b = g.battle
        if g.phase == "battle" and g.outcome() is None and b is not None:
            return base + self.tr("ms.battle_status", a=b["attacker"] + 1, pa=b["progress"][0],
                                  d=b["defender"] + 1, pd=b["progress"][1], n=b["length"])
        return base

    def _toss_text(self, step: ChanceStep) -> str:
        """A toss as the table shows it, in kanji, with its words in the board's language
        beside them: "裏 表 表 表 (down up up up)" (in Japanese the kanji alone)."""
        toss = step.outcome
        if isinstance(toss, Toss):
            words = toss.text(self.lang)
            return toss.ja() if words == toss.ja() else self.tr("ms.toss_text", ja=toss.ja(),
                                                                 words=words)
        return str(toss)

    def _entry_text(self, m) -> str:
        """A decision or a join as a button says it ("battle P2", 「P2 に戦をしかける」)."""
        if isinstance(m, Battle):
            return self.tr("ms.decline") if m.defender is None else self.tr("ms.declare", n=m.defender + 1)
        if isinstance(m, Join):
            return self.tr("ms.joins", n=m.player + 1)
        return str(m)

    def _movers(self) -> list[tuple[object, str]]:
        """Every step of the history with the player who took it ("P2"): a toss names its
        player, a decision is taken by the player whose toss it follows, a join is the
        newcomer's."""
        out: list[tuple[object, str]] = []
        last = "P1"
        for m in self.game.history:
            if isinstance(m, ChanceStep):
                last = f"P{m.player + 1}"
                out.append((m, last))
            elif isinstance(m, Join):
                out.append((m, f"P{m.player + 1}"))
            else:
                out.append((m, last))
        return out

    def _entry_line(self, m, who: str) -> str:
        """A decision or join in the move list, with its subject ("P2: battle P1",
        「P2 → P1 に戦」)."""
        if isinstance(m, Battle):
            if m.defender is None:
                return self.tr("ms.entry.decline", p=who)
            return self.tr("ms.entry.declare", p=who, q=f"P{m.defender + 1}")
        return self._entry_text(m)

    def moves_text(self) -> list[str]:
        """Every toss and decision, one per line; a toss written as on the table, in
        kanji, with the English words ("1. P1: 裏 表 表 表 (down up up up)"), a decision
        with the player who took it ("5. P2: battle P1")."""
        return [f"{i + 1}. " + (self.tr("ms.entry.toss", p=who, toss=self._toss_text(m))
                                if isinstance(m, ChanceStep) else self._entry_line(m, who))
                for i, (m, who) in enumerate(self._movers())]

    def describe(self) -> str:
        """The board for screen readers: the status, where each piece stands (square,
        rank, 寝かし), the last decision said as a sentence (「最後の手: P2 が P1 に戦を
        しかけました」) and the last toss (tosses are not moves, so the base's move count
        alone would not follow the race)."""
        g = self.game
        steps = self._movers()
        decided = [(m, who) for m, who in steps if not isinstance(m, ChanceStep)]
        text = self.tr("describe", game=self.tr("game.mawari"), status=self.status,
                       n=len(g.moves_played()))
        if decided:
            m, who = decided[-1]
            if isinstance(m, Battle):
                said = (self.tr("ms.said.decline", p=who) if m.defender is None
                        else self.tr("ms.said.declare", p=who, q=f"P{m.defender + 1}"))
            else:
                said = self.tr("ms.said.join", p=who)
            text = self.tr("ms.describe_join", first=text,
                           second=self.tr("describe_last", move=said))
        pieces = self.tr("list_sep").join(
            self.tr("ms.piece_at", p=d["player"] + 1, piece=d["piece"], square=d["square"])
            + (self.tr("ms.laid") if d["laid"] else "") for d in g.pieces())
        text = self.tr("ms.describe_join", first=text,
                       second=self.tr("ms.describe_pieces", pieces=pieces))
        last = next((m for m in reversed(g.history) if isinstance(m, ChanceStep)), None)
        if last is not None:
            text = self.tr("ms.describe_join", first=text, second=self.tr(
                "ms.describe_toss", p=last.player + 1, toss=self._toss_text(last)))
        return text


# ---- the toss lab's widgets (notebooks 43, 44, 46) ---------------------------------
class _Box(W.VBox):
    """A VBox whose text form (what a notebook stores and shows without a kernel) is one
    short line saying what the box is, instead of ipywidgets' dump of its children."""

    def __init__(self, children, label: str, picture: str = "", lang: str = "en"):
        super().__init__(children)
        self._label = label
        self.lang = lang                 # the language the box speaks, fixed when made
        self._picture = picture          # an SVG shown in the static view, if any

    def __repr__(self) -> str:
        return f"<{self._label}>"

    def _repr_mimebundle_(self, **kwargs) -> dict:
        """The live box, and for a reader who cannot run it its label, its picture and a
        run cue."""
        page = (f"<p><b>{html.escape(self._label)}</b></p>"
                + (svg_img(self._picture, self._label) if self._picture else "")
                + run_cue("ms.lab.run_cue", self.lang))
        return static_bundle(self, page, f"{self._label}\n{tr('ms.lab.run_cue', self.lang)}", **kwargs)


def _model_name(model: TossModel, lang: str | None = None) -> str:
    """The model's name in ``lang``: 「理想の金」, or its face chances with the faces'
    names in that language (「金 表 0.4、裏 0.5、横 0.1」)."""
    for name in _MODELS:
        if model == getattr(TossModel, name)(all_down_value=model.all_down_value,
                                             overlap_back=model.overlap_back):
            return tr(f"ms.lab.{name}_golds", lang)
    probs = tuple(tr("ms.lab.face_prob", lang, face=Word(f"ms.face.{k}"), p=f"{float(v):g}")
                  for k, v in model.face_probs.items() if v)
    return tr("ms.lab.golds", lang, probs=probs)


def _lab_word(group: str, name: str, lang: str | None = None) -> str:
    """A toss-lab label for a name another module gives (a test, a summary row): the
    catalogue's word, or the name itself when the catalogue has none."""
    key = f"ms.lab.{group}.{name}"
    return tr(key, lang) if _catalogue.has(key) else name


def _cols(text: str) -> int:
    """Columns of a monospaced font ``text`` takes: a kanji or kana takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` columns (``f"{text:17s}"`` for ASCII)."""
    return text + " " * max(0, width - _cols(text))


def tally_widget(model: TossModel | None = None, lang: str | None = None) -> W.VBox:
    """Type each real toss ("up up down side", or 表 表 裏 横) and press add: the tally
    and its chi-square tests against ``model`` update as the class goes. The box speaks
    ``lang`` (None: the current language when it is made)."""
    model = TossModel.fair() if model is None else check_model(model, "tally_widget(model)")
    lang = check_language(lang)
    tally = TossTally()
    text = W.Text(placeholder=tr("ms.lab.tally_hint", lang), description=tr("ms.lab.tally_text", lang))
    button = W.Button(description=tr("ms.lab.add", lang))
    out = W.HTML(html.escape(tr("ms.lab.no_tosses", lang)))

    def add(_=None):
        try:
            tally.add(text.value)
        except BoardkitError as err:
            out.value = f"<span style='color:{ERROR_COLOR}'>{html.escape(error_text(err, lang))}</span>"
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
    box = _Box([W.HBox([text, button]), out],
               tr("ms.lab.tally_box", lang, model=_model_name(model, lang)), lang=lang)
    box.add = add
    box.text = text
    box.tally = tally
    return box


# ---- a try-it widget -------------------------------------------------------------------
def toss_widget(model: TossModel | None = None, seed: int = 0, lang: str | None = None) -> W.VBox:
    """An ipywidgets box to toss the four golds by hand: each click is one toss (MS-04;
    a double click is one click), drawn as it landed; the turn goes on while no gold is
    face down (MS-07), and the running average of squares per turn is shown next to the
    exact value. The box speaks ``lang`` (None: the current language when it is made)."""
    model = TossModel.fair() if model is None else check_model(model, "toss_widget(model)")
    lang = check_language(lang)
    rng = np.random.default_rng(check_seed(seed, "toss_widget(seed)"))
    exact = float(model.turn_mean())
    state = {"turn": 0, "turns": [], "tosses": 0}
    picture = W.HTML(Toss(("up", "up", "down", "down")).draw(lang=lang).to_svg())
    button = W.Button(description=tr("ms.lab.toss_button", lang), button_style="warning")
    info = W.HTML(html.escape(tr("ms.lab.toss_ready", lang)))

    def toss(_=None):
        t = model.sample(rng)
        state["tosses"] += 1
        state["turn"] += t.squares(model.all_down_value, model.overlap_back)
        picture.value = t.draw(all_down_value=model.all_down_value,
                               overlap_back=model.overlap_back, lang=lang).to_svg()
        if not t.toss_again:
            state["turns"].append(state["turn"])
            state["turn"] = 0
        turns = state["turns"]
        avg = sum(turns) / len(turns) if turns else float("nan")
        info.value = html.escape(tr("ms.lab.toss_info", lang, tosses=state["tosses"], turns=len(turns),
                                    turn=state["turn"], avg=f"{avg:.2f}", exact=f"{exact:.3f}"))

    guard = ClickGuard()                   # a double click tosses once (box.guard.clock: tests)
    button.on_click(guard.wrap(toss))
    box = _Box([button, picture, info], tr("ms.lab.toss_box", lang, model=_model_name(model, lang)),
               picture=picture.value, lang=lang)
    box.toss = toss                        # tests and notebooks can click from Python
    box.button = button
    box.guard = guard
    box.state = state
    return box


def what_if_widget(lang: str | None = None) -> W.VBox:
    """Sliders for the what-ifs of notebook 44: side-standing chance (MS-04), the value
    of four face-down golds (MS-05), overlap (MS-06) and fall (MS-08) chances; the exact
    figures of the turn (and turns per lap on the ring, corner jump on) update at once.
    (Plain observers and an HTML box, no Output widget, so it runs headless too.) The box
    speaks ``lang`` (None: the current language when it is made)."""
    lang = check_language(lang)
    sliders = {
        "side": W.FloatSlider(value=0, min=0, max=0.3, step=0.01, description=tr("ms.lab.side", lang)),
        "all_down_value": W.IntSlider(value=20, min=0, max=40, description=tr("ms.lab.all_down_value", lang)),
        "overlap": W.FloatSlider(value=0, min=0, max=0.3, step=0.01, description=tr("ms.lab.overlap", lang)),
        "fall": W.FloatSlider(value=0, min=0, max=0.3, step=0.01, description=tr("ms.lab.fall", lang)),
    }
    out = W.HTML()

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
    box = _Box([*sliders.values(), out], tr("ms.lab.what_if_box", lang), lang=lang)
    box.sliders = sliders
    return box
