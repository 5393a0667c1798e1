"""The backgammon board to play on by clicking (ipywidgets + the shared SVG canvas).

    from boardkit.backgammon.widget import BackgammonWidget
    BackgammonWidget(computer=1)            # you are White, the computer plays Red
    BackgammonWidget(rules="match 5")       # a 5-point match with the Crawford rule

Roll (or set the dice by hand with the two small menus), then move one die at a time:
click a checker (the movable ones are lit), its landing points are ringed in green,
click one. The dice still to play stay bright. Undo takes back the last step of the
turn, or the last whole play. The cube buttons offer, take or pass a double (BG-12).
Once contact is broken, "Finish race" plays the rest of the game out.
The Tutor checkbox (off by default, ``tutor=True``) says after each of your plays when
it leaves blots that more of the 36 rolls hit than the lookahead level's play would
(tip 1 of notebook 37, ``boardkit.backgammon.tutor``).
Everything can be done from Python: ``w.roll()``, ``w.click("8")``, ``w.moves_text()``.
"""
from __future__ import annotations

import html
import re
from collections.abc import Mapping

import ipywidgets as W

from .._catalogue import check_language, text
from .._core import BoardkitError, Outcome
from .._input import check_instance, parse_int, short_repr
from ..i18n import error_text
from ..widgets import GameWidget, Selection
from ..widgets.base import MUTED_COLOR, TEXT_COLOR, run_cue, static_bundle
from . import ai, draw, tutor
from .game import PLAYER_NAMES, BackgammonGame, CubeAction, Play, Step
from .match import BackgammonMatch
from .rules import BackgammonRules

__all__ = ["BackgammonWidget", "RULE_CHOICES"]

RULE_CHOICES = ("money", "money, Jacoby", "no cube", "match 3", "match 5", "match 7")


def _choice_label(choice: str, lang: str) -> str:
    """The Rules menu's label of a choice, in ``lang``."""
    if choice.startswith("match "):
        return text("bg.choice.match", lang, n=choice.split()[1])
    return text({"money": "bg.choice.money", "money, Jacoby": "bg.choice.jacoby",
                 "no cube": "bg.choice.no_cube"}[choice], lang)


def _rules_for(choice: str) -> BackgammonRules:
    if not isinstance(choice, str) or not (choice in RULE_CHOICES or choice.startswith("match ")):
        raise BoardkitError(f"rules must be one of {list(RULE_CHOICES)}, got {short_repr(choice)}")
    if choice == "money":
        return BackgammonRules.money()
    if choice == "money, Jacoby":
        return BackgammonRules.money(jacoby=True)
    if choice == "no cube":
        return BackgammonRules.no_cube()
    if choice.startswith("match "):
        return BackgammonRules.match(parse_int(choice[len("match "):], "rules: match length", 1))
    raise BoardkitError(f"rules must be one of {list(RULE_CHOICES)}, got {short_repr(choice)}")


def _cell(p: int, player: int) -> str:
    """A point in ``player``'s numbering as a board cell (White's numbering)."""
    if p == 25:
        return "bar"
    if p == 0:
        return "off"
    return str(p if player == 0 else 25 - p)


class BackgammonWidget(GameWidget[BackgammonGame]):
    ai = ai
    tutor_module = tutor
    click_mode = "destination"
    has_chance = True

    @property
    def chance_label(self) -> str:
        """The dice button's label: "Roll" (「ふる」 in Japanese)."""
        return self.tr("roll")

    @property
    def player_names(self) -> tuple[str, ...]:
        """"White", "Red" (白, 赤 in Japanese): the seats, the status, messages, move list."""
        return tuple(self.tr(f"bg.draw.side.{p}") for p in range(len(PLAYER_NAMES)))

    view_options = ("teacher",)

    def __init__(self, game: BackgammonGame | None = None, *, rules: str = "money",
                 teacher: bool = True, **kw):
        # the arguments checked before any control is made (a refusal leaves nothing half-built)
        if game is not None:
            check_instance(game, BackgammonGame, "game")
        if not isinstance(rules, str) or rules not in RULE_CHOICES:
            raise BoardkitError(f"rules must be one of {list(RULE_CHOICES)}, got {short_repr(rules)}")
        try:
            teacher = bool(teacher)
        except Exception:               # noqa: BLE001 - a numpy array, a raising __bool__
            raise BoardkitError(f"teacher must be True or False, got {short_repr(teacher)}") from None
        self._initial_rules = rules
        # the board's language, fixed now: the controls below are labelled in it
        self.lang = check_language(kw.get("lang"))
        self._teacher = bool(teacher)     # the dice-by-hand controls shown (a teacher's tool)
        self.done: list[Step] = []        # single steps made so far this turn
        self.source: str | None = None    # the selected checker's cell
        self.match: BackgammonMatch | None = None
        self._match_choice: str | None = None
        # extra controls: dice by hand, the cube, the race. The dice menus are named by a
        # visible label (``description``), which ipywidgets 8 ties to the <select> (<label
        # for>); a tooltip alone names nothing in Chromium (the empty hidden label wins)
        self.die_a, self.die_b = (
            W.Dropdown(options=[1, 2, 3, 4, 5, 6], value=v, description=self.tr(key),
                       tooltip=self.tr("bg.die_tooltip"), layout=W.Layout(width="auto"),
                       style={"description_width": "initial"})
            for key, v in (("bg.die_1", 3), ("bg.die_2", 1)))
        # a double click sets the dice once (the second would set the next player's dice
        # when the first passes the turn: a roll that cannot move, BG-08)
        self.set_dice_button = self._button(
            self.tr("bg.set_dice"),
            self.once_per_click(lambda: self.set_dice(self.die_a.value, self.die_b.value)), "hand-pointer-o")
        self.double_button = self._button(self.tr("bg.double"), lambda _: self.cube("double"), "")
        self.take_button = self._button(self.tr("bg.take"), lambda _: self.cube("take"), "check")
        self.pass_button = self._button(self.tr("bg.pass"), lambda _: self.cube("pass"), "times")
        self.race_button = self._button(self.tr("bg.finish_race"), lambda _: self.finish_race(), "forward")
        self.info_html = W.HTML()
        super().__init__(game, **kw)

    def __repr__(self) -> str:
        # stable text for notebooks (nbval compares text/plain)
        return f"<BackgammonWidget ({self.options['rules'].value}): {self.status}>"

    # ------------------------------------------------------------ subclass hooks
    def option_controls(self) -> dict:
        teacher = W.Checkbox(value=self._teacher, description=self.tr("bg.teacher"), indent=False)
        teacher.observe(lambda _: self._show_teacher(), names="value")
        return {"rules": W.Dropdown(options=[(_choice_label(c, self.lang), c) for c in RULE_CHOICES],
                                    value=self._initial_rules,
                                    description=self.tr("bg.rules"), layout=W.Layout(width="220px")),
                "teacher": teacher}

    @property
    def teacher_controls(self) -> bool:
        """Whether the dice-by-hand controls are shown (Game setup's teacher switch)."""
        return bool(self.options["teacher"].value)

    def _show_teacher(self) -> None:
        """Dice set by hand let a player choose their own roll: a teacher's tool, shown
        only with the teacher switch on (a play page starts with it off)."""
        shown = None if self.teacher_controls else "none"
        for c in self._dice_by_hand:
            c.layout.display = shown

    def header_rows(self) -> list:
        return [self.info_html]

    def extra_rows(self) -> list:
        label = f"<span style='color:{TEXT_COLOR}'>{{}}</span>"
        self._dice_by_hand = (W.HTML(label.format(html.escape(self.tr("bg.dice_by_hand")))), self.die_a,
                              self.die_b, self.set_dice_button)
        self._show_teacher()
        self._own_row = W.HBox([*self._dice_by_hand,
                                W.HTML(label.format("&nbsp; " + html.escape(self.tr("bg.cube")))),
                                self.double_button, self.take_button,
                                self.pass_button, self.race_button],
                               layout=W.Layout(flex_flow="row wrap"))   # wraps rather than cut labels
        return [self._own_row]

    def game_controls(self) -> list:
        # the dice by hand and the cube (a puzzle board hides them with the shared ones)
        return [*super().game_controls(), self._own_row, self.set_dice_button, self.double_button,
                self.take_button, self.pass_button, self.race_button]

    def make_game(self, options: dict) -> BackgammonGame:
        if not isinstance(options, Mapping):
            raise BoardkitError(f"options must be a dict of the option controls' values such as "
                                f"{{'rules': 'money'}}, got {short_repr(options)}")
        choice = options.get("rules", "money")
        rules = _rules_for(choice)
        self.done, self.source = [], None
        if rules.match_length:
            if self.match is None or self._match_choice != choice or self.match.is_over():
                self.match = BackgammonMatch(rules.match_length)
                self._match_choice = choice
            elif self.match.games and self.match.games[-1].is_over() and self.match._current is not None:
                self.match.record(self.match.games[-1])
            elif self.match._current is not None:
                # an unfinished game is abandoned: start the match again
                self.match = BackgammonMatch(rules.match_length)
            return self.match.new_game()
        self.match = None
        self._match_choice = choice
        return BackgammonGame(rules)

    def move_text(self, move) -> str:
        """A cube decision in words of the board's language (「ダブルする」); a play in its
        notation (24/18 13/11)."""
        if isinstance(move, CubeAction):
            return self.tr(f"bg.what.{'roll_act' if move.action == 'roll' else move.action}")
        return super().move_text(move)

    def move_path(self, move) -> tuple[str, ...]:
        if not isinstance(move, (Play, CubeAction)):
            raise BoardkitError(f"move must be a Play or a CubeAction (a move of game.legal_moves()), "
                                f"got {short_repr(move)}")
        if isinstance(move, Play):
            r = self.game.roller
            return tuple(_cell(a, r) for a, _ in move.steps[:1]) + tuple(_cell(b, r) for _, b in move.steps)
        return (str(move),)

    def render(self, selection: Selection) -> str:
        g = self.game
        steps = self._steps()
        if self.source is not None:
            highlight = [self.source]
        else:
            highlight = sorted({_cell(s.from_, g.roller) for s in steps})
        hint = self.hint if isinstance(self.hint, Play) else None
        return g.draw(flip=self.flipped, highlight=highlight, targets=sorted(self.selection.targets),
                      hint=hint, done_steps=self.done if g.phase == "move" else (),
                      last_move=self.marked if not self.done else False, size=560,
                      lang=self.lang).to_svg()

    # ------------------------------------------------------------- the protocol
    def _steps(self) -> list[Step]:
        g = self.game
        if g.phase != "move" or self.is_computer(g.turn):
            return []
        return g.partial_steps(self.done)

    def click_refused(self, cell: str) -> str | None:
        key = {"opening": "bg.roll_opening", "cube": "bg.roll_or_double",
               "respond": "bg.answer_double", "roll": "bg.roll_first"}.get(self.game.phase)
        return self.tr(key) if key else None

    def handle_click(self, cell: str) -> bool:
        """One die at a time (BG-04): click a lit checker, then one of its green rings."""
        g = self.game
        if g.phase != "move":
            return False
        r = g.roller
        steps = g.partial_steps(self.done)
        if self.source is not None:
            chosen = [s for s in steps if _cell(s.from_, r) == self.source and _cell(s.to, r) == cell]
            if chosen:
                self._step(min(chosen, key=lambda s: s.die))
                return True
            if cell == self.source:                 # click again: put it down
                self._select(None)
                return True
        sources = {_cell(s.from_, r) for s in steps}
        if cell in sources:
            self._select(cell)
            return True
        picked, why = self.source, None
        self._select(None)
        if picked is not None:                      # a checker is picked up: say why not there
            why = self.why_not_step(picked, cell)
        mine, _ = g.position_after(self.done)
        if why:
            self._say(why, error=True)
        elif mine[25] and cell != "bar":
            self._say(self.tr("bg.bar_first"), error=True)
        else:
            self._say(self.tr("bg.no_checker", cell=cell, left=self._dice_text(g.dice_left(self.done))),
                      error=True)
        return True

    def _dice_text(self, left) -> str:
        """The dice left in words: "6 and 5", "4, 4 and 4"."""
        left = [str(d) for d in left]
        if len(left) < 2:
            return "".join(left)
        return self.tr("bg.dice_and", a=", ".join(left[:-1]), b=left[-1])

    def why_not_step(self, source: str, cell: str) -> str | None:
        """Why the picked-up checker on ``source`` cannot go to ``cell`` (the rule), or
        None when the click is not a point of the board."""
        for name, value in (("source", source), ("cell", cell)):
            if not isinstance(value, str):
                raise BoardkitError(f"{name} must be a cell of the board ('1'..'24', 'bar' or "
                                    f"'off'), got {short_repr(value)}")
        g = self.game
        r = g.roller

        def point(c: str) -> int:
            if c == "bar":
                return 25
            if c == "off":
                return 0
            n = int(c) if c.isascii() and c.isdigit() and len(c) <= 2 else -1
            if not 1 <= n <= 24:
                raise ValueError(c)
            return n if r == 0 else 25 - n

        try:
            a, b = point(source), point(cell)
        except ValueError:
            return None
        mine, theirs = g.position_after(self.done)
        step = f"{'bar' if a == 25 else a}/{'off' if b == 0 else b}"
        left = g.dice_left(self.done)
        if b >= a:
            why = self.tr("bg.step_back_dir")
        elif b and theirs[25 - b] >= 2:
            why = self.tr("bg.step_held", who=self.player_names[1 - r])
        elif b and a - b not in left:
            why = self.tr("bg.step_die", start="bar" if a == 25 else a, end=b, pips=a - b,
                          left=self._dice_text(left))
        else:
            # a die fits and the point is open: the whole roll's rules (BG-07 to BG-09) say no
            whole = " ".join([str(s) for s in self.done] + [step])
            try:
                g.copy().play(whole)
                return None
            except BoardkitError as e:
                why = error_text(e, self.lang)
        return self.tr("bg.step_no", step=step, why=why)

    def _select(self, cell: str | None) -> None:
        self.source = cell
        if cell is None:
            self.selection = Selection()
            return
        r = self.game.roller
        tg = {_cell(s.to, r) for s in self.game.partial_steps(self.done) if _cell(s.from_, r) == cell}
        self.selection = Selection(prefix=[cell], targets=tg)
        self._say(self.tr("bg.selected", cell=cell))

    def _step(self, step: Step) -> None:
        self.done.append(step)
        self._select(None)
        play = self.game.play_for_steps(self.done)
        if play is not None:
            self.done = []
            self._finish(play)
            self._say(self.tr("bg.played", play=play))
        else:
            left = self._dice_text(self.game.dice_left(self.done))
            self._say(self.tr("bg.step", step=str(step), left=left))

    def undo_partial(self) -> bool:
        """Take back the last single step of this turn (the dice stay rolled)."""
        if not self.done:
            return False
        self.done.pop()
        self._select(None)
        self._say(self.tr("bg.step_back"))
        return True

    def prepare_chance(self) -> None:
        """Roll at the start of a turn where a double is possible means "no double"."""
        if self.game.phase == "cube":
            self.game.play(CubeAction("roll"))

    def after_chance(self, outcome) -> None:
        g = self.game
        self.done, self.source = [], None
        if g.phase != "move" or self.is_computer(g.turn):
            return
        moves = g.legal_moves()
        if len(moves) == 1 and moves[0].is_pass:
            d = g.dice
            assert d is not None                # the move phase always has dice
            g.play(moves[0])
            self._say(self.tr("bg.cannot_move", who=self.player_names[g.turn ^ 1], a=d[0], b=d[1]))
        else:
            d = g.dice
            assert d is not None
            self._say(self.tr("bg.rolled", who=self.player_names[g.turn], a=d[0], b=d[1]))

    def on_new_game(self) -> None:
        self.done, self.source = [], None

    def tutor_text(self, before, move) -> str | None:
        """The tutor's line (a ``Word`` from ``tutor.advice``) in the board's language."""
        return self.say(super().tutor_text(before, move)) or None

    # ----------------------------------------------------------------- actions
    def set_dice(self, a: int, b: int) -> None:
        """Enter the dice by hand (teaching): the player on roll plays a-b."""
        self._clear_error()
        g = self.game
        try:
            g.set_dice(a, b)
        except BoardkitError as e:
            self._say(error_text(e, self.lang), error=True)
            self._refresh()
            return
        self.selection = Selection()
        self.hint = None
        self.after_chance((a, b))
        self._after_change()

    def cube(self, action: str) -> None:
        """Offer, take or pass a double (BG-12)."""
        self._clear_error()
        g = self.game
        try:
            g.play(action)
        except BoardkitError as e:
            self._say(error_text(e, self.lang), error=True)
            self._refresh()
            return
        self._say({"double": self.tr("bg.doubles", who=self.player_names[g.roller], value=g.cube_value * 2),
                   "take": self.tr("bg.taken", value=g.cube_value),
                   "pass": self.tr("bg.passed")}.get(action, ""))
        self._after_change()

    def finish_race(self) -> None:
        """Once contact is broken, play the rest of the race out (both sides, at the
        hint's level)."""
        self._clear_error()
        g = self.game
        if g.is_over():
            return
        if not g.is_race():
            self._say(self.tr("bg.no_race"), error=True)
            self._refresh()
            return
        bot = self.bot(ai.HINT_LEVEL)
        self.done, self.source = [], None
        self.selection = Selection()
        guard = 0
        while not g.is_over() and guard < 2000:
            guard += 1
            if g.chance_pending():
                g.resolve_chance(self.rng)
            else:
                g.play(bot(g, self.rng))
        self._say(self.tr("bg.race_done"))
        self._refresh()

    # ----------------------------------------------------------------- display
    def ending_text(self, out) -> str:
        """How the game ended, as the board drawing says it (the kind of win, the points,
        a passed double or the Jacoby count), in the board's language."""
        check_instance(out, Outcome, "out")
        return draw.ending(out, self.lang)

    def status_text(self) -> str:
        g = self.game
        wp, rp = g.pip_count()
        pips = self.tr("bg.pips", w=wp, r=rp)
        out = g.outcome()
        if out is not None:
            extra = ""
            if self.match is not None:
                sc = list(self.match.score)
                if self.match._current is g and out.winner is not None:
                    need = self.match.length - sc[out.winner]
                    sc[out.winner] += min(out.points, need)
                extra = self.tr("bg.match_after", a=sc[0], b=sc[1])
            return self.tr("bg.over", ending=html.escape(self.ending_text(out) + extra))
        who = html.escape(self.player_names[g.turn])
        kind = self.tr("computer") if self.is_computer(g.turn) else self.tr("you")
        d = g.dice
        if g.phase == "move" and d is not None:
            what = self.tr("bg.ph_move", a=d[0], b=d[1])
        else:
            what = self.tr("bg.ph_" + g.phase, value=g.cube_value * 2, button=self.chance_label)
        return self.tr("bg.status", who=who, kind=html.escape(kind), what=html.escape(what + pips))

    def moves_text(self) -> list[str]:
        """The game record: one line per play, with the roll ("White 31: 8/5 6/5");
        cube actions on lines of their own; the rolls themselves are not listed."""
        lines = []
        g = self.game.copy()
        hist = g.history
        movers = []
        while g.history:              # the state before each step says who took it
            g.undo()
            movers.append(g.turn)
        movers.reverse()
        names = self.player_names
        for m, who in zip(hist, movers):
            if isinstance(m, Play):
                d = "".join(str(x) for x in m.dice)
                line = f"{names[who]} {d}: " + (self.tr("bg.no_play") if m.is_pass else str(m))
                if who == 1 and not m.is_pass:       # Red's own numbering, and the board's
                    line += self.tr("bg.board_numbers", play=self._white_numbers(m))
                lines.append(line)
            elif isinstance(m, CubeAction) and m.action != "roll":
                lines.append(self.tr(f"bg.log_{m.action}", who=names[who]))
        return lines

    @staticmethod
    def _white_numbers(play: Play) -> str:
        """Red's play written with the point numbers the board shows (White's numbering,
        BG-01): Red's 8/4 is the board's 17/21."""
        # every point number of the text becomes 25 - n; "(2)" counts, bar and off stay
        return re.sub(r"(?<![(\d])(\d+)(?![\d)])", lambda m: str(25 - int(m.group(1))), str(play))

    def header_text(self) -> str:
        """The line above the board: the match score and Crawford game, or the kind of
        money play; the cube only under rules that use it (BG-12 to BG-15)."""
        g = self.game
        parts = []
        if g.rules.match_length:
            parts.append(self.tr("bg.match", n=g.rules.match_length, a=g.score[0], b=g.score[1]))
            if g.crawford:
                parts.append(self.tr("bg.crawford"))
        elif g.rules.cube:
            parts.append(self.tr("bg.money") + (self.tr("bg.jacoby") if g.rules.jacoby else ""))
        else:
            parts.append(self.tr("bg.no_cube"))
        if g.rules.cube:
            parts.append(self.tr("bg.cube_value", value=g.cube_value) + (
                "" if g.cube_owner is None else self.tr("bg.owned_by", who=self.player_names[g.cube_owner])))
        return " · ".join(parts)

    def after_refresh(self) -> None:
        g = self.game
        legal = [str(m) for m in g.legal_moves()] if not g.is_over() else []
        human = not g.is_over() and not self.is_computer(g.turn)
        self.double_button.disabled = not (human and "double" in legal)
        self.take_button.disabled = not (human and "take" in legal)
        self.pass_button.disabled = not (human and "pass" in legal)
        self.chance_button.disabled = not (human and (g.chance_pending() or g.phase == "cube"))
        self.set_dice_button.disabled = not (human and g.phase in ("opening", "cube", "roll"))
        self.race_button.disabled = g.is_over() or not g.is_race()
        self.info_html.value = (f"<span style='color:{MUTED_COLOR}'>"
                                f"{html.escape(self.header_text())}</span>")


class RollGrid(W.VBox):
    """The 36 rolls of two dice as a 6 x 6 grid (row: first die, column: second die).
    The student clicks the rolls a question asks for, then Check: marked rolls turn green
    (right) or red (wrong). ``rolls`` are the right answers as (first, second) pairs."""

    def __init__(self, question: str, rolls, explain: str = "", *, lang: str | None = None):
        #: the grid's language, fixed when it is made (None: the current language)
        self.lang = check_language(lang)
        self.question, self.rolls, self.explain = question, set(rolls), explain
        self.cells = {(a, b): W.ToggleButton(description=f"{a}-{b}", layout=W.Layout(width="56px"))
                      for a in range(1, 7) for b in range(1, 7)}
        grid = W.GridBox(list(self.cells.values()),
                         layout=W.Layout(grid_template_columns="repeat(6, 60px)"))
        check = W.Button(description=text("bg.grid.check", self.lang), icon="check")
        check.on_click(self.check)
        self.feedback = W.HTML()
        axes = html.escape(text("bg.grid.axes", self.lang))
        super().__init__([W.HTML(f"<b>{html.escape(question)}</b><br>{axes}"), grid, check, self.feedback])

    def check(self, _=None) -> bool:
        marked = {k for k, c in self.cells.items() if c.value}
        for k, c in self.cells.items():
            c.button_style = ("success" if k in self.rolls else "danger") if k in marked else ""
        right, wrong, missing = marked & self.rolls, marked - self.rolls, self.rolls - marked
        if not wrong and not missing:
            self.feedback.value = html.escape(text("bg.grid.right", self.lang, n=len(right),
                                                   explain=self.explain))
            return True
        self.feedback.value = html.escape(text("bg.grid.wrong", self.lang, right=len(right), wrong=len(wrong),
                                             missing=len(missing)))
        return False

    def __repr__(self) -> str:
        return text("bg.grid.plain", self.lang, question=self.question)

    def _repr_mimebundle_(self, **kwargs) -> dict:
        """The live grid, and for a reader who has not run the notebook the question, the
        empty grid and a run cue."""
        rows = "".join("<tr>" + "".join(f"<td>{a}-{b}</td>" for b in range(1, 7)) + "</tr>"
                       for a in range(1, 7))
        axes = html.escape(text("bg.grid.axes", self.lang))
        page = (f"<p><b>{html.escape(self.question)}</b><br>{axes}</p>"
                f"<table>{rows}</table>" + run_cue("bg.grid.run_cue"))
        return static_bundle(self, page, repr(self), **kwargs)
