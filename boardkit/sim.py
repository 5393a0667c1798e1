"""Tournaments between bots and Monte Carlo runs: seeded, reproducible, scalable.

A *bot* is any callable ``bot(game, rng) -> move`` (rng: a numpy Generator).
Every game of a tournament gets its own seed from ``numpy.random.SeedSequence``,
so results are identical whichever executor runs them and in whatever order:

    res = tournament(lambda: CheckersGame(), {"strong": strong, "easy": easy},
                     games=200, seed=1)
    res.win_rate("strong"), res.interval("strong")      # with a 95% Wilson interval

Every game played here is capped: ``play_game``/``tournament`` stop a game after
``max_plies`` moves (default ``DEFAULT_MAX_PLIES`` = 2000; rolls and tosses are not
counted, but at most ``CHANCE_STEPS_PER_PLY`` = 50 of them per allowed move) and count it
as unfinished, so random or bot self-play always ends (pure random Diamond play may
never finish on its own).

``executor`` takes any ``concurrent.futures.Executor``: ``None`` runs in this process,
``"process"`` uses a local process pool, and a Dask client's ``get_executor()`` spreads
a class's tournament over a cluster without changing the call. Work is sent in chunks
(functions and bots must be picklable, i.e. defined in a module, for other processes).
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ._core import BoardkitError, short_repr
from ._input import check_count, check_rng, check_seed

__all__ = ["DEFAULT_MAX_PLIES", "CHANCE_STEPS_PER_PLY", "wilson_interval", "play_game",
           "register_loop", "loop_for", "tournament",
           "TournamentResult", "monte_carlo", "MonteCarloResult", "spawn_rngs", "progress_bar"]


#: the default cap on the moves of one simulated game (then it counts as unfinished)
DEFAULT_MAX_PLIES = 2000
#: chance steps allowed per allowed move (a guard for games that are mostly tosses)
CHANCE_STEPS_PER_PLY = 50
#: the most games one tournament, and samples one Monte Carlo run, may ask for: more
#: could not answer in a lesson's time, so it is refused at once instead of hanging
MAX_GAMES = 100_000
MAX_SAMPLES = 10**9


def spawn_rngs(seed: int | None, n: int) -> list[np.random.Generator]:
    """n independent generators derived from one seed."""
    seed = check_seed(seed, "spawn_rngs(seed)")
    n = check_count(n, "spawn_rngs(n)", 0, MAX_GAMES)
    return [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(n)]


def wilson_interval(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default). Draws may count
    as half a success."""
    n = check_count(n, "wilson_interval(n)", 0, 10**15)
    if n <= 0:
        raise BoardkitError("an interval needs at least one trial")
    if isinstance(successes, bool) or not isinstance(successes, (int, float, np.integer, np.floating)) \
            or not math.isfinite(successes):
        raise BoardkitError(f"wilson_interval(successes) must be a finite number, got "
                            f"{short_repr(successes)}")
    if isinstance(z, bool) or not isinstance(z, (int, float, np.integer, np.floating)) \
            or not math.isfinite(z) or not 0 <= z <= 10:
        raise BoardkitError(f"wilson_interval(z) must be a number in [0, 10] (1.96 for 95%), "
                            f"got {short_repr(z)}")
    if not 0 <= successes <= n:
        raise BoardkitError(f"successes must lie in [0, {n}], got {successes}")
    p = successes / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


# ------------------------------------------------------------------ progress
def progress_bar(total: int, description: str = ""):
    """An ipywidgets progress bar when running in a notebook kernel, else None."""
    try:
        from IPython import get_ipython
        if get_ipython() is None or "IPKernelApp" not in get_ipython().config:
            return None
        import ipywidgets as W
        from IPython.display import display
    except ImportError:
        return None
    bar = W.IntProgress(value=0, min=0, max=total, description=description)
    display(bar)
    return bar


def _resolve_executor(executor):
    if executor is None or isinstance(executor, Executor):
        return executor, False
    if isinstance(executor, str) and executor == "process":
        return ProcessPoolExecutor(max_workers=2), True
    raise BoardkitError("executor must be None, 'process' or a concurrent.futures.Executor, "
                        f"got {short_repr(executor)}")


def _run_chunks(func: Callable, jobs: list, executor, progress: bool, description: str,
                chunk: int) -> list:
    """Run func(job) for every job, in chunks, preserving order."""
    ex, owned = _resolve_executor(executor)
    chunks = [jobs[i:i + chunk] for i in range(0, len(jobs), chunk)]
    bar = progress_bar(len(jobs), description) if progress and len(jobs) > chunk else None
    out: list = []
    try:
        if ex is None:
            for c in chunks:
                out.extend(_run_chunk(func, c))
                if bar is not None:
                    bar.value += len(c)
        else:
            futures = [ex.submit(_run_chunk, func, c) for c in chunks]
            for f, c in zip(futures, chunks):
                out.extend(f.result())
                if bar is not None:
                    bar.value += len(c)
    finally:
        if owned:
            ex.shutdown()
        if bar is not None:
            bar.bar_style = "success"
    return out


def _run_chunk(func, jobs):
    return [func(*j) for j in jobs]


# --------------------------------------------------------------- tournaments
#: game class -> its lean bot-game loop (``<game>/fastloop.py``), or None for none
_LOOPS: dict[type, Callable | None] = {}


def register_loop(game_class: type, loop: Callable | None) -> None:
    """Let ``play_game`` hand games of ``game_class`` (and its subclasses) to ``loop``:
    ``loop(game, bots, rng, max_plies, max_chance, records) -> (outcome or None, plies)``,
    which must play exactly what ``play_game``'s own loop plays (``records``: see
    ``play_game``). ``None`` opts a class out
    (its games take the plain loop)."""
    if not isinstance(game_class, type):
        raise BoardkitError(f"register_loop(game_class) must be a class, got {short_repr(game_class)}")
    if loop is not None and not callable(loop):
        raise BoardkitError(f"register_loop(loop) must be callable or None, got {short_repr(loop)}")
    _LOOPS[game_class] = loop


def loop_for(game_class: type) -> Callable | None:
    """The lean loop registered for ``game_class`` or its nearest base class, or None."""
    if not isinstance(game_class, type):
        raise BoardkitError(f"loop_for(game_class) must be a game class such as CheckersGame, "
                            f"got {short_repr(game_class)}")
    for cls in game_class.__mro__:
        if cls in _LOOPS:
            return _LOOPS[cls]
    return None


def play_game(game, bots: Sequence[Callable], rng: np.random.Generator,
              max_plies: int | None = DEFAULT_MAX_PLIES, *, records: bool = True,
              ) -> tuple[Any, int]:
    """Play one game to the end with one bot per seat. Dice/tosses come from rng.

    At most ``max_plies`` moves (default 2000; None also means the default: a
    simulation always ends) and ``CHANCE_STEPS_PER_PLY * max_plies`` rolls/tosses.
    Returns (outcome, or None if a cap was reached, plies played).

    ``records=False`` says nobody will read the game's history, undo stack or events
    afterwards (a tournament): a game's lean loop may then skip building them, and the
    final position becomes the game's start (nothing to undo)."""
    check_rng(rng, "play_game(rng)")
    from ._core import Game
    if not isinstance(game, Game):
        raise BoardkitError(f"play_game(game) must be a boardkit game, got {short_repr(game)}")
    seats = list(bots[:game.players]) if isinstance(bots, (list, tuple)) else None
    if seats is None or len(seats) < game.players or not all(callable(b) for b in seats):
        raise BoardkitError(f"play_game(bots) must be a list of {game.players} callables "
                            f"bot(game, rng) -> move")
    bots = seats
    if max_plies is None:
        max_plies = DEFAULT_MAX_PLIES
    if not isinstance(records, bool):
        raise BoardkitError(f"play_game(records) must be True or False, got {short_repr(records)}")
    max_plies = check_count(max_plies, "max_plies", 0, 10**7)
    # A game may have a lean loop of its own (``register_loop``): it must play the same
    # games as the loop below (the same rng draws, bot calls and moves; the same outcome
    # and plies; the same final state including history and undo) and return what the
    # loop returns.
    fast = loop_for(type(game))
    if fast is not None:
        return fast(game, bots, rng, max_plies, CHANCE_STEPS_PER_PLY * max(1, max_plies), records)
    plies = chance = 0
    max_chance = CHANCE_STEPS_PER_PLY * max(1, max_plies)
    # (the game's own hooks for the checks between steps: only this loop drives it)
    over, pending, play = game._over, game.chance_pending, game.play
    while not over():
        if plies >= max_plies:
            return None, plies
        if pending():
            chance += 1
            if chance > max_chance:
                return None, plies
            game.resolve_chance(rng)
            continue
        play(bots[game.turn](game, rng))
        plies += 1
    return game.outcome(), plies


@dataclass
class TournamentResult:
    """Results of a tournament. ``wins[name]`` counts games won; draws and unfinished
    games are counted apart. Points (backgammon gammons etc.) are in ``points``."""

    names: tuple[str, ...]
    games: int
    wins: Counter = field(default_factory=Counter)
    points: Counter = field(default_factory=Counter)
    draws: int = 0
    unfinished: int = 0
    plies: list = field(default_factory=list)
    by_seat: Counter = field(default_factory=Counter)   # wins of seat i (first player = 0)

    def score(self, name: str) -> float:
        """Wins plus half the draws and unfinished games (each game counts once)."""
        self._check_name(name)
        if len(self.names) != 2:
            return self.wins[name]
        return self.wins[name] + 0.5 * (self.draws + self.unfinished)

    def _check_name(self, name: Any) -> None:
        try:
            ok = name in self.names
        except Exception:               # noqa: BLE001 - an array's or a hostile __eq__
            ok = False
        if not ok:
            raise BoardkitError(f"name must be one of the players {short_repr(list(self.names), 200)}; "
                                f"got {short_repr(name)}")

    def win_rate(self, name: str) -> float:
        return self.score(name) / self.games

    def interval(self, name: str) -> tuple[float, float]:
        return wilson_interval(self.score(name), self.games)

    def mean_plies(self) -> float:
        return float(np.mean(self.plies)) if self.plies else 0.0

    def summary(self) -> str:
        lines = [f"{self.games} games"]
        for n in self.names:
            lo, hi = self.interval(n)
            lines.append(f"  {n:<14} won {self.wins[n]:>5}  score {self.win_rate(n):6.1%}  "
                         f"95% CI [{lo:.1%}, {hi:.1%}]")
        if self.draws or self.unfinished:
            lines.append(f"  draws {self.draws}, unfinished {self.unfinished}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.summary()


def _tournament_game(factory, bots, names, seating, seed, max_plies):
    rng = np.random.default_rng(seed)
    game = factory()
    seat_bots = [bots[names[i]] for i in seating]
    outcome, plies = play_game(game, seat_bots, rng, max_plies, records=False)
    if outcome is None:
        return ("unfinished", None, 0, plies, None)
    if outcome.winner is None:
        return ("draw", None, 0, plies, None)
    return ("win", names[seating[outcome.winner]], outcome.points, plies, outcome.winner)


def tournament(factory: Callable[[], Any], bots: Mapping[str, Callable], games: int = 100,
               seed: int | None = 0, *, swap_seats: bool = True,
               max_plies: int | None = DEFAULT_MAX_PLIES,
               executor: Executor | str | None = None, progress: bool = True,
               chunk: int = 10) -> TournamentResult:
    """Play ``games`` games between the named bots (one per seat, in order).

    ``factory()`` makes a fresh game. With ``swap_seats`` the seats rotate each game, so
    no bot profits from moving first. A game longer than ``max_plies`` moves (default
    ``DEFAULT_MAX_PLIES`` = 2000) stops and counts as unfinished (half a point each).
    The result is the same for any executor."""
    games = check_count(games, "tournament(games)", 1, MAX_GAMES)
    chunk = check_count(chunk, "tournament(chunk)", 1, MAX_GAMES)
    seed = check_seed(seed, "tournament(seed)")
    if max_plies is not None:
        check_count(max_plies, "tournament(max_plies)", 0, 10**7)
    if not callable(factory):
        raise BoardkitError(f"tournament(factory) must be a callable making a fresh game, "
                            f"got {short_repr(factory)}")
    if not isinstance(bots, Mapping) or not all(callable(b) for b in bots.values()):
        raise BoardkitError("tournament(bots) must be a dict {name: bot(game, rng) -> move}, "
                            f"got {short_repr(bots)}")
    names = tuple(bots)
    k = len(names)
    if k < 1:
        raise BoardkitError("a tournament needs at least one bot")
    seeds = np.random.SeedSequence(seed).spawn(games)
    jobs = []
    for i in range(games):
        seating = tuple((j + i) % k for j in range(k)) if swap_seats else tuple(range(k))
        jobs.append((factory, dict(bots), names, seating, seeds[i], max_plies))
    res = TournamentResult(names=names, games=games)
    for kind, winner, pts, plies, seat in _run_chunks(_tournament_game, jobs, executor,
                                                      progress, "games", chunk):
        res.plies.append(plies)
        if kind == "win":
            res.wins[winner] += 1
            res.points[winner] += pts
            res.by_seat[seat] += 1
        elif kind == "draw":
            res.draws += 1
        else:
            res.unfinished += 1
    return res


# ------------------------------------------------------------------ Monte Carlo
@dataclass
class MonteCarloResult:
    """Mean of a simulated quantity with its standard error and a 95% interval."""

    n: int
    mean: float
    std: float

    @property
    def stderr(self) -> float:
        return self.std / math.sqrt(self.n) if self.n > 0 else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return (self.mean - 1.96 * self.stderr, self.mean + 1.96 * self.stderr)

    def __repr__(self) -> str:
        lo, hi = self.interval
        return f"MonteCarloResult(n={self.n}, mean={self.mean:.6g}, 95% CI [{lo:.6g}, {hi:.6g}])"


def _mc_block(fn, size, seed):
    x = np.asarray(fn(np.random.default_rng(seed), size), dtype=float)
    return float(x.sum()), float((x * x).sum()), int(x.size)


def monte_carlo(fn: Callable[[np.random.Generator, int], np.ndarray], n: int, seed: int | None = 0,
                *, block: int = 1_000_000, executor: Executor | str | None = None,
                progress: bool = True) -> MonteCarloResult:
    """Estimate E[X] where ``fn(rng, size)`` returns ``size`` samples of X (vectorised).

    The n samples are drawn in blocks, each with its own seed, so the answer does not
    depend on the executor."""
    n = check_count(n, "monte_carlo(n)", 1, MAX_SAMPLES)
    block = check_count(block, "monte_carlo(block)", 1, 10**8)
    seed = check_seed(seed, "monte_carlo(seed)")
    if not callable(fn):
        raise BoardkitError(f"monte_carlo(fn) must be a callable fn(rng, size), got {short_repr(fn)}")
    if -(-n // block) > 10**6:
        raise BoardkitError(f"monte_carlo: {n:,} samples in blocks of {block:,} make over "
                            f"1,000,000 blocks; give a larger block")
    sizes = [min(block, n - i) for i in range(0, n, block)]
    seeds = np.random.SeedSequence(seed).spawn(len(sizes))
    jobs = [(fn, s, sd) for s, sd in zip(sizes, seeds)]
    parts = _run_chunks(_mc_block, jobs, executor, progress, "samples", 1)
    total = sum(p[0] for p in parts)
    sq = sum(p[1] for p in parts)
    cnt = sum(p[2] for p in parts)
    mean = total / cnt
    var = max(0.0, sq / cnt - mean * mean) * cnt / max(1, cnt - 1)
    return MonteCarloResult(n=cnt, mean=mean, std=math.sqrt(var))
