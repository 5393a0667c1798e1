"""The tip lab: does a strategy tip win games? Play it and watch the interval tighten.

One widget for every game's strategy notebook. The student picks a tip (or
several, when the game can combine them), a number of games and the level; the lab plays
the bot WITH the tip against the same bot WITHOUT it (seats swapped every game), in
chunks on a process pool, and after every chunk moves a progress bar and redraws the win
rate with its 95% Wilson interval. Twenty games give an interval some 40 points wide; a
thousand, about six: the student sees why a handful of games proves nothing.

    from boardkit.widgets.tiplab import TipLab
    lab = TipLab(ai.tips.lab_spec(), games=100)   # the same cell in every game
    lab                     # the widget (Run button)
    lab.run("ladders", games=40)   # the same from Python; returns a LabResult

``ai.tips.lab_spec()`` is a ``boardkit._protocols.TipLabSpec``: the game's tips, levels,
how to combine tips, seats per game and the settled results (package data). A spec's
values are the defaults; a keyword given here wins. The tips can also be given by hand:

    TipLab({"ladders": (with_bot, without_bot, new_game), ...},
           levels={"race": "race", "normal": "normal"},
           combine=combined_bots,                      # optional
           results=tip_results("diamond"))             # optional: the settled values

``tips`` maps a tip's name to ``(with_bot(level), without_bot(level), new_game())``:
two factories that take the level's value and return a bot ``bot(game, rng) -> move``,
and a factory of a fresh game. For a process pool all three (and what they return) must
be picklable: module-level functions, ``functools.partial`` objects, bot instances.
``combine(names, level) -> (with_bot, without_bot, new_game)``, when given, makes the
bots of several tips at once (the tip selector then allows several).

Seeded: chunk k of a run with ``seed`` gets its own seed from
``numpy.random.SeedSequence(seed)``, each game its own from that
(``boardkit.sim.tournament``), and chunks are read in order, so the numbers and the
curve are the same for any executor (``executor=None`` plays in the kernel,
``"process"`` on a pool of 2 processes, or any ``concurrent.futures.Executor``).
Draws and games stopped at the move cap count half, as in ``benchmarks/tips.py``.

More than two players (回り将棋's battle policies, notebook 47): ``players=4`` (or a dict
tip -> players) seats the bot with the tip among three bots without it; its score is its
share of the wins, and a tip that changes nothing scores 1/players, the line the plot and
the verdict use instead of 50%.
"""
from __future__ import annotations

import html
import io
import json
import pathlib
import re
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as W
import numpy as np

from .. import _catalogue, sim
from .._core import BoardkitError, short_repr
from .._protocols import TipLabSpec, tip_results
from ..i18n import check_language, tr
from .base import MUTED_COLOR, TEXT_COLOR, checked_key, run_cue, static_bundle

__all__ = ["TipLab", "TipLabSpec", "LabResult", "load_results", "verdict", "tip_results"]


TipFactories = tuple  # (with_bot(level), without_bot(level), new_game())


@dataclass
class LabResult:
    """The games of one run: counts for the bot WITH the tip, and the curve (one point
    per chunk: games so far, score, interval low, interval high)."""

    tip: str
    level: Any
    players: int = 2               # > 2: one bot with the tip, every other seat without it
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0                 # draws and games stopped at the cap (half a point each)
    curve: list = field(default_factory=list)

    @property
    def fair(self) -> float:
        """The score of a tip that changes nothing: 1/2, or 1/players (its share of the wins)."""
        return 1.0 / self.players

    @property
    def points(self) -> float:
        # with 3+ players a game not won by the tip's bot was won by one of the others (or
        # stopped): only wins count, as in benchmarks/tips.py
        return self.wins + 0.5 * self.draws if self.players == 2 else float(self.wins)

    @property
    def score(self) -> float:
        return self.points / self.games if self.games else self.fair

    @property
    def interval(self) -> tuple[float, float]:
        return sim.wilson_interval(self.points, self.games) if self.games else (0.0, 1.0)

    def __str__(self) -> str:
        lo, hi = self.interval
        return tr("tiplab.result_line", tip=self.tip, games=self.games, wins=self.wins,
                  losses=self.losses, draws=self.draws, score=f"{self.score:.1%}",
                  lo=f"{lo:.1%}", hi=f"{hi:.1%}")

    def _repr_html_(self) -> str:
        # a sentence for the student; repr() stays for programmers
        return f"<p>{html.escape(str(self))}</p>"

    def __repr__(self) -> str:
        lo, hi = self.interval
        return (f"LabResult({self.tip!r}: {self.games} games, {self.wins} won, {self.losses} lost, "
                f"{self.draws} drawn/unfinished, score {self.score:.1%} [{lo:.1%}, {hi:.1%}])")


def verdict(lo: float, hi: float, fair: float = 0.5, lang: str | None = None) -> str:
    """The lab's sentence for an interval: helps, hurts or cannot tell, against the score
    of a tip that changes nothing (``fair``: 1/2, or 1/players with more players), in
    ``lang`` (None: the current language)."""
    from .._input import parse_float
    lo, hi, fair = (parse_float(x.item() if isinstance(x, np.generic) else x, what)
                    for x, what in ((lo, "lo"), (hi, "hi"), (fair, "fair")))
    check_language(lang)
    if lo > fair:
        return tr("tiplab.helps", lang, fair=fair)
    if hi < fair:
        return tr("tiplab.hurts", lang, fair=fair)
    return tr("tiplab.unsure", lang, fair=fair)


def _slug(name: str) -> str:
    """A tip's or a level's name as part of a catalogue key ("1 ply" -> "1_ply")."""
    return re.sub(r"[^A-Za-z0-9_\-]", "_", str(name))


def load_results(source) -> dict[str, dict]:
    """The entries of a ``boardkit/data/tips_<game>.json`` file (a path, or the list
    already read), by tip name. A missing file gives {} (the lab then draws no settled line)."""
    if isinstance(source, (str, pathlib.Path)):
        from .._input import loads_json, read_text
        path = pathlib.Path(source)
        try:
            missing = not path.exists()
        except (OSError, ValueError) as e:  # a name too long, a NUL byte ...
            raise BoardkitError(f"source: cannot read the tips results {short_repr(str(source), 60)}: "
                                f"{getattr(e, 'strerror', None) or e}") from None
        if missing:
            return {}
        source = loads_json(read_text(path, "tips results"), "tips results")
    if not isinstance(source, list):
        raise BoardkitError("tips results: expected a list of entries (benchmarks/tips.py)")
    return {e["tip"]: e for e in source if isinstance(e, dict) and "tip" in e}


def _chunk(new_game, with_bot, without_bot, games, seed, max_plies, players=2):
    """One chunk (runs in a worker): (wins, losses, draws) of the bot with the tip; with
    3+ players it sits with players - 1 bots without the tip and a loss is a game one of
    them won."""
    bots = {"with": with_bot}
    bots.update({"without": without_bot} if players == 2 else
                {f"without {i}": without_bot for i in range(1, players)})
    res = sim.tournament(new_game, bots, games=games, seed=seed, max_plies=max_plies, progress=False)
    wins, half = res.wins["with"], res.draws + res.unfinished
    return wins, games - wins - half, half


class TipLab(W.VBox):
    """The tip lab widget (see the module docstring)."""

    def __init__(self, tips: TipLabSpec | Mapping[str, TipFactories], *,
                 levels: Mapping[str, Any] | None = None,
                 level: str | None = None, combine: Callable | None = None, games: int = 100,
                 game_choices: Sequence[int] = (20, 100, 200, 500, 1000, 2000), seed: int = 0,
                 chunk: int = 10, executor: Executor | str | None = "process",
                 max_plies: int | None = None, results=None, title: str | None = None,
                 players: int | Mapping[str, int] | None = None, lang: str | None = None):
        super().__init__()          # first: a refused set-up still leaves a whole widget behind
        self._pool: Executor | None = None
        #: the lab's language (None: the current one, fixed now); ``game`` names the
        #: catalogue's tip and level labels (``tiplab.tip.<game>.<tip>``)
        self.lang = check_language(lang)
        self.game = ""
        if isinstance(tips, TipLabSpec):
            spec = tips
            self.game = spec.game
            tips = spec.tips
            levels = spec.levels if levels is None else levels
            combine = spec.combine if combine is None else combine
            players = spec.players if players is None else players
            max_plies = spec.max_plies if max_plies is None else max_plies
            results = spec.results() if results is None else results
        players = 2 if players is None else players
        if not isinstance(tips, Mapping) or not tips:
            raise BoardkitError("TipLab: give at least one tip: {name: (with_bot, without_bot, new_game)}")
        for name, f in tips.items():
            if not (isinstance(f, tuple) and len(f) == 3 and all(callable(x) for x in f)):
                raise BoardkitError(f"TipLab: tip {short_repr(name)} must be (with_bot(level), "
                                    "without_bot(level), new_game()): three callables")
        from .._input import check_count, check_seed
        games = check_count(games, "TipLab(games)", 1, 100_000)
        checked: list[int] | None
        try:
            checked = [check_count(g, "TipLab(game_choices)", 1, 100_000)
                       for g in list(game_choices)[:101]] if not isinstance(game_choices, str) else None
        except TypeError:
            checked = None
        if checked is None:
            raise BoardkitError("TipLab: game_choices must be a list of game counts from 1 to 100000")
        seed = check_seed(seed, "TipLab(seed)")
        if max_plies is not None:
            check_count(max_plies, "TipLab(max_plies)", 0, 10**7)
        chunk = check_count(chunk, "TipLab(chunk)", 1, 100_000)
        if levels is not None and not isinstance(levels, Mapping):
            raise BoardkitError(f"TipLab: levels must be None or a dict of level name -> level, "
                                f"got {short_repr(levels)}")
        if level is not None and not isinstance(level, str):
            raise BoardkitError(f"TipLab: level must be None or a level's name, got {short_repr(level)}")
        if title is not None and not isinstance(title, str):
            raise BoardkitError(f"TipLab: title must be None or text, got {short_repr(title)}")
        if players is not None and not isinstance(players, (int, Mapping)):
            raise BoardkitError(f"TipLab: players must be an int from 2 to 6 or a dict of them, "
                                f"got {short_repr(players)}")
        if not (executor is None or isinstance(executor, Executor)
                or (isinstance(executor, str) and executor == "process")):
            raise BoardkitError("TipLab: executor must be None, 'process' or a concurrent.futures.Executor")
        self.tips = dict(tips)
        per = players if isinstance(players, Mapping) else {name: players for name in self.tips}
        for name in self.tips:
            n = per.get(name, 2)
            if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 6:
                raise BoardkitError(f"TipLab: players of tip {short_repr(name)} must be an int from 2 "
                                    f"to 6, got {short_repr(n)}")
        self.players = {name: per.get(name, 2) for name in self.tips}
        self.levels = dict(levels) if levels else {"-": None}
        self.combine = combine
        self.seed, self.chunk, self.max_plies = seed, chunk, max_plies
        self.executor = executor
        self.settled = load_results(results) if results is not None else {}
        self.result: LabResult | None = None
        choices = sorted(set(int(g) for g in checked) | {int(games)})

        names = list(self.tips)
        labelled = [(self._tip_label(n), n) for n in names]
        if combine is not None:
            self.tip_control = W.SelectMultiple(options=labelled, value=(names[0],),
                                                rows=min(5, len(names)),
                                                description=self._tr("tiplab.tips"))
        else:
            self.tip_control = W.Dropdown(options=labelled, value=names[0],
                                          description=self._tr("tiplab.tips"))
        self.games_control = W.Dropdown(options=choices, value=int(games),
                                        description=self._tr("tiplab.games"))
        lv = list(self.levels)
        self.level_control = W.Dropdown(options=[(self._level_label(v), v) for v in lv],
                                        value=level if level in self.levels else lv[0],
                                        description=self._tr("tiplab.level"))
        self.level_control.layout.display = None if levels else "none"
        self.run_button = W.Button(description=self._tr("tiplab.run"), button_style="primary")
        self.run_button.on_click(self._on_play)
        self.progress = W.IntProgress(value=0, min=0, max=int(games), description="")
        self.text = W.HTML(f"<span style='color:{MUTED_COLOR}'>"
                           f"{html.escape(self._tr('tiplab.ready'))}</span>")
        self.plot = W.Image(format="png", layout=W.Layout(max_width="560px"))
        head = W.HTML(f"<b style='color:{TEXT_COLOR}'>{html.escape(title or self._tr('tiplab.title'))}</b>")
        self.children = [head, W.HBox([self.tip_control, W.VBox([self.games_control, self.level_control])]),
                         W.HBox([self.run_button, self.progress]), self.text, self.plot]

    def __repr__(self) -> str:
        return f"<TipLab: {len(self.tips)} tips ({', '.join(self.tips)})>"

    def _tr(self, key: str, **facts: Any) -> str:
        """The text of ``key`` in the lab's language."""
        return tr(checked_key(key), self.lang, **facts)

    def _tip_label(self, name: str) -> str:
        """A tip as the lab shows it: its name in the source's words
        (``tiplab.tip.<game>.<name>``), else the name itself."""
        key = f"tiplab.tip.{self.game}.{_slug(name)}"
        return self._tr(key) if self.game and _catalogue.has(key) else str(name)

    def _level_label(self, name: str) -> str:
        """A level as the lab shows it (``tiplab.level.<game>.<name>``), else its name."""
        key = f"tiplab.level.{self.game}.{_slug(name)}"
        return self._tr(key) if self.game and _catalogue.has(key) else str(name)

    def _static_lines(self) -> list[str]:
        """One line per tip: its name and, where the results are settled, their score."""
        lines = []
        for name in self.tips:
            ref = self.settled.get(name)
            if ref:
                lines.append(f"{self._tip_label(name)}: " + self._tr(
                    "tiplab.settled", games=ref["games"], score=ref["score"],
                                               lo=ref["interval"][0], hi=ref["interval"][1]))
            else:
                lines.append(self._tip_label(name))
        return lines

    def _repr_mimebundle_(self, **kwargs) -> dict:
        """The live lab, and for a reader who cannot run it (an un-run or untrusted
        notebook, GitHub) its title, the tips with their settled results and a run cue."""
        lines = self._static_lines()
        page = (f"<p><b>{html.escape(self._tr('tiplab.title'))}</b></p><ul>"
                + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"
                + run_cue("tiplab.run_cue", self.lang))
        plain = "\n".join([self._tr("tiplab.title"), *lines, self._tr("tiplab.run_cue")])
        return static_bundle(self, page, plain, **kwargs)

    # ------------------------------------------------------------------ running
    def selected(self) -> tuple[str, ...]:
        v = self.tip_control.value
        return tuple(v) if isinstance(v, (tuple, list)) else (v,)

    def _bots(self, names: tuple[str, ...], level) -> tuple:
        if len(names) == 1:
            w, wo, new_game = self.tips[names[0]]
            return w(level), wo(level), new_game
        if self.combine is None:
            raise BoardkitError(self._tr("tiplab.no_combine"))
        return self.combine(names, level)

    def _executor(self):
        if self.executor is None or isinstance(self.executor, Executor):
            return self.executor
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=2)
        return self._pool

    def shutdown(self) -> None:
        """Stop the lab's own worker processes (if it started any). ``run`` does this at
        the end of every run, so no process is left waiting (a Binder kernel's memory)."""
        pool, self._pool = getattr(self, "_pool", None), None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers and close the widget."""
        self.shutdown()
        super().close()

    def _on_play(self, _button) -> None:
        try:
            self.run()
        except Exception:       # noqa: BLE001 - already told in the text line (run)
            pass

    def run(self, tips: str | Sequence[str] | None = None, games: int | None = None,
            level: str | None = None) -> LabResult | None:
        """Play the games (the Play button does this with the controls' values). ``tips``:
        a name or several (with ``combine``); ``level``: a key of ``levels``. The
        controls are set to the given values. Returns the LabResult (None if refused:
        the reason is in the text line)."""
        if tips is not None:
            names = (tips,) if isinstance(tips, str) else tuple(tips)
            unknown = [t for t in names if t not in self.tips]
            if unknown:
                raise BoardkitError(f"TipLab: unknown tip(s) {unknown}; the tips are {list(self.tips)}")
            self.tip_control.value = names if self.combine is not None else names[0]
        if games is not None:
            if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 100_000:
                raise BoardkitError(f"TipLab: games must be an int from 1 to 100000, got {games!r}")
            if games not in self.games_control.options:
                self.games_control.options = sorted(set(self.games_control.options) | {games})
            self.games_control.value = games
        if level is not None:
            if level not in self.levels:
                raise BoardkitError(f"TipLab: unknown level {level!r}; the levels are {list(self.levels)}")
            self.level_control.value = level
        names = self.selected()
        if not names:
            self._say(self._tr("tiplab.pick_tip"))
            return None
        if len(names) > 1 and self.combine is None:
            self._say(self._tr("tiplab.no_combine"))
            return None
        n = int(self.games_control.value)
        lvl = self.levels[self.level_control.value]
        with_bot, without_bot, new_game = self._bots(names, lvl)
        players = max(self.players[t] for t in names)
        res = LabResult(" + ".join(names), self.level_control.value, players)
        self.result = res
        sizes = [min(self.chunk, n - i) for i in range(0, n, self.chunk)]
        seeds = [int(s.generate_state(1)[0]) for s in np.random.SeedSequence(self.seed).spawn(len(sizes))]
        self.progress.max, self.progress.value, self.progress.bar_style = n, 0, ""
        self.run_button.disabled = True
        ex = self._executor()
        try:
            args = [(new_game, with_bot, without_bot, k, s, self.max_plies, players)
                    for k, s in zip(sizes, seeds)]
            if ex is None:
                parts = (_chunk(*a) for a in args)
            else:
                futures = [ex.submit(_chunk, *a) for a in args]
                parts = (f.result() for f in futures)          # in order: the same curve always
            for (wins, losses, draws), k in zip(parts, sizes):
                res.games += k
                res.wins += wins
                res.losses += losses
                res.draws += draws
                lo, hi = res.interval
                res.curve.append((res.games, res.score, lo, hi))
                self.progress.value = res.games
                self._show(res, playing=res.games < n)
        except Exception as e:      # a worker's or a bot's failure: told in the widget, then raised
            self.progress.bar_style = "danger"
            self._say(self._tr("tiplab.error", tip=res.tip, done=res.games, games=n,
                         error=f"{type(e).__name__}: {e}"[:300]))
            raise
        finally:
            self.run_button.disabled = False
            if ex is not None and ex is self._pool:
                self.shutdown()           # the workers stop with the run
        self.progress.bar_style = "success"
        return res

    # ------------------------------------------------------------------ showing
    def _say(self, text: str) -> None:
        self.text.value = f"<span style='color:{TEXT_COLOR}'>{html.escape(text)}</span>"

    def _show(self, res: LabResult, playing: bool) -> None:
        lo, hi = res.interval
        if res.players == 2:
            line = self._tr("tiplab.line", tip=self._tip_label(res.tip), wins=res.wins,
                           losses=res.losses, draws=res.draws, games=res.games, score=res.score,
                           lo=lo, hi=hi)
        else:
            line = self._tr("tiplab.line_n", tip=self._tip_label(res.tip), wins=res.wins,
                           rivals=res.players - 1, draws=res.draws, games=res.games,
                           score=res.score, lo=lo, hi=hi, fair=res.fair)
        parts = [html.escape(line)]
        parts.append(html.escape(self._tr("tiplab.playing", done=res.games, games=self.progress.max))
                     if playing else "<b>" + html.escape(verdict(lo, hi, res.fair, self.lang)) + "</b>")
        ref = self.settled.get(res.tip)
        if ref:
            parts.append(f"<span style='color:{MUTED_COLOR}'>" + html.escape(self._tr(
                "tiplab.settled", games=ref["games"], score=ref["score"], lo=ref["interval"][0],
                hi=ref["interval"][1])) + "</span>")
        self.text.value = f"<div style='color:{TEXT_COLOR}'>" + "<br>".join(parts) + "</div>"
        self.plot.value = self.figure_png(res)

    def figure_png(self, res: LabResult | None = None) -> bytes:
        """The plot of a run (default: the last) as PNG bytes: the score after each chunk,
        its 95% interval as a band, the line of no effect (50%, or 1/players), and the
        settled value if known."""
        from matplotlib.figure import Figure

        from .. import plot
        plot.setup()
        res = res or self.result
        fig = Figure(figsize=(6.4, 3.2), dpi=80)
        ax = fig.add_subplot()
        if res and res.curve:
            xs = [p[0] for p in res.curve]
            ax.fill_between(xs, [p[2] for p in res.curve], [p[3] for p in res.curve], alpha=0.25,
                            color="#0072B2", label=self._tr("tiplab.band"), step=None)
            ax.plot(xs, [p[1] for p in res.curve], "o-", color="#0072B2", ms=3,
                    label=self._tip_label(res.tip))
            ref = self.settled.get(res.tip)
            if ref:
                ax.axhline(ref["score"], color="#D55E00", ls="--", lw=1.2,
                           label=self._tr("tiplab.settled", games=ref["games"], score=ref["score"],
                                    lo=ref["interval"][0], hi=ref["interval"][1]))
            ax.set_xlim(0, max(xs[-1], self.progress.max))
        fair = res.fair if res else 0.5
        ax.axhline(fair, color="#555555", lw=1, label=self._tr("tiplab.even", fair=fair))
        from matplotlib.ticker import MaxNLocator
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylim(0, 1.02)
        ax.yaxis.set_major_formatter(lambda v, _p: f"{v:.0%}")
        ax.set_xlabel(self._tr("tiplab.x"))
        ax.set_ylabel(self._tr("tiplab.y" if fair == 0.5 else "tiplab.y_n"))
        ax.legend(loc="lower right", fontsize=8)
        fig.tight_layout()
        buf = io.BytesIO()
        fig.savefig(buf, format="png")
        return buf.getvalue()


def _dump(res: LabResult) -> str:
    """A result as JSON text (tests, notebooks)."""
    lo, hi = res.interval
    return json.dumps({"tip": res.tip, "players": res.players, "games": res.games, "wins": res.wins,
                       "losses": res.losses, "draws": res.draws, "score": res.score, "interval": [lo, hi]})
