"""Strategy tips settled by data: the bot with a tip against the same bot without it.

    python benchmarks/tips.py <game> [--games N] [--seed S] [--level L] [--tips a,b]
                                     [--workers K | --scheduler ADDRESS] [--chunk C] [--out FILE]

For every strategy tip of notebooks 14 (checkers), 27 (diamond), 37 (backgammon) and the
battle policies of notebook 47 (mawari), play N games (default 2,000) of the bot WITH the
tip against the same bot WITHOUT it through ``boardkit.sim.tournament`` (seats rotate
every game, every game has its own seed), and write ``boardkit/data/tips_<game>.json`` (package data: the
lessons read it with ``boardkit._protocols.tip_results``):
a list, one entry per tip, in the order of the table below:

    {"tip", "games", "wins", "draws", "losses", "score", "interval": [lo, hi], "seed",
     "command", ...}

``wins``/``losses`` are the games the bot with the tip won/lost; ``draws`` counts draws AND
games stopped at the move cap (``unfinished``, also given apart): both count half a point.
``score`` = (wins + draws / 2) / games and ``interval`` its Wilson 95% interval
(``boardkit.sim.wilson_interval``). Mawari entries with 3-4 players (one bot with the
policy against bots without it) have ``score`` = wins / games and give ``fair``, the
share of a policy that changes nothing (1 / players).

Tip ``i`` of a game (its row in TABLE, counting from 0) is played with seed ``S + i``,
whichever subset ``--tips`` selects, so ``"command"`` repeats exactly that entry; the
results do not depend on the executor (``boardkit.sim``). ``--tips`` merges its entries
into an existing results file.

Executors: ``--workers K`` a local process pool of K processes (default 2; 0 = this
process); ``--scheduler tcp://host:8786`` a Dask cluster (``pip install -e '.[scale]'``,
then ``dask scheduler`` on one machine and ``dask worker tcp://host:8786`` on each of the
others); there every tip's games are queued at once, so no worker waits for a tip's
last chunk. Work goes in chunks of ``--chunk`` games (default 10): one task carries the
factory, the two bots, the seats and 10 seeds (about a kilobyte pickled) and returns 10
small tuples.
"""
from __future__ import annotations

import argparse
import functools
import json
import math
import pathlib
import shlex
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from boardkit import sim
from boardkit._input import atomic_write
from boardkit.backgammon import BackgammonGame, BackgammonRules
from boardkit.backgammon import ai as bg
from boardkit.checkers import CheckersGame
from boardkit.checkers import ai as ck
from boardkit.checkers.rules import CheckersRules
from boardkit.diamond import DiamondGame, DiamondRules
from boardkit.diamond.ai import RaceBot, Weights
from boardkit.mawari import MawariGame
from boardkit.mawari import ai as mw

HERE = pathlib.Path(__file__).resolve().parent
RESULTS = HERE.parent / "boardkit" / "data"      # package data, shipped in the wheel


@dataclass(frozen=True)
class Tip:
    """One row: the bots with and without the tip, for a level (``bots(level)``)."""

    name: str
    bots: Callable[[Any], tuple[Any, Any]]       # level -> (bot with the tip, bot without)
    factory: Callable[[], Any]                   # a fresh game (picklable: a partial)
    max_plies: int = sim.DEFAULT_MAX_PLIES
    players: int = 2                             # > 2: one bot with the tip, the rest without
    what: str = ""


# ------------------------------------------------------------------------------------------
# THE TABLE: tip -> (bot with, bot without), as each notebook builds them today.
#
#  checkers (notebook 14: ai.measure_tip(tip) = ai.tip_pair(tip) on American rules, 200 plies)
#    tip_pair(t, depth=L) = (tip_bot(only=("shots", t)), tip_bot(only=("shots",))), depth L,
#    noise 4; for "shots" itself: (tip_bot(only=("shots",)), tip_bot(only=())) (material only).
#  diamond (notebook 27: match(with, without), DiamondRules(players=2, pieces=10,
#    max_turns=400), 400 plies); level "race" = the notebook's greedy RaceBot, level
#    "normal" = the same tips on top of the ふつう bot RaceBot(follow=0.5, look=8):
#    ladders    RaceBot(follow=0.5)                vs RaceBot(follow=0.0)
#    straggler  RaceBot()                          vs RaceBot(weights=Weights(straggler=0.0))
#    king       RaceBot(weights=Weights(king=0.0, king_block=1.0, king_leap=0.25))
#                                                  vs RaceBot(weights=Weights(king=0.0))
#    fill_deep  RaceBot(weights=Weights(goal_step=0.5))
#                                                  vs RaceBot(weights=Weights(fill_deep=False, squatter=0.0))
#    (ai.TIPS holds the same table; until issue 14 king was Weights(king=1.0), 41.7%, and
#    fill_deep plain distance to ◎, 52.4%)
#  backgammon (notebook 37: measure(tip), BackgammonRules.no_cube(), the default cap)
#    <tip>      ai.TipBot()                        vs ai.TipBot(breaks=<tip>)  (the term counts the other way)
#  mawari (notebook 47, "Should you declare a battle?", MawariGame(players=n))
#    <policy>/<n>p  bot(<policy>)                  vs bot("never") in every other seat
# ------------------------------------------------------------------------------------------
_CK_RULES = CheckersRules.american()
_DG_RULES = DiamondRules(players=2, pieces=10, max_turns=400)
_CK_WHAT = {"shots": "check for shots: read the captures a move allows to the end",
            "groups": "advance in groups", "back_row": "keep the back row",
            "centre": "take the centre: men on centre squares covered behind, not lone men pushed forward",
            "crown": "crown first: kings, runners covered on both sides, "
                     "the king row guarded (1 and 3 / 30 and 32)",
            "trade": "trade when ahead"}
_DG_BASE = {"race": {}, "normal": {"follow": 0.5, "look": 8}}


def _dg(level, with_kw, without_kw):
    base = _DG_BASE[level]
    return RaceBot(**{**base, **with_kw}), RaceBot(**{**base, **without_kw})


def _mw(policy):
    return lambda level: (mw.bot(policy), mw.bot("never"))


_ck_factory = functools.partial(CheckersGame, _CK_RULES)
_dg_factory = functools.partial(DiamondGame, _DG_RULES)
_bg_factory = functools.partial(BackgammonGame, rules=BackgammonRules.no_cube())

TABLE: dict[str, list[Tip]] = {
    "checkers": [
        Tip(t, (lambda t: lambda depth: ck.tip_pair(t, depth=depth))(t), _ck_factory, 200,
            what=_CK_WHAT.get(t, t)) for t in ck.TIPS],
    "diamond": [
        Tip("ladders", lambda L: _dg(L, {"follow": 0.5}, {"follow": 0.0}), _dg_factory, 400,
            what="1. build ladders (はしご) and use them soon"),
        Tip("straggler", lambda L: _dg(L, {}, {"weights": Weights(straggler=0.0)}), _dg_factory, 400,
            what="2. leave no straggler"),
        Tip("king", lambda L: _dg(L, {"weights": Weights(king=0.0, king_block=1.0, king_leap=0.25)},
                                  {"weights": Weights(king=0.0)}),
            _dg_factory, 400, what="3. use the king where it is crowded: out of your pieces' way, "
                                   "behind a line it can leap along"),
        Tip("fill_deep", lambda L: _dg(L, {"weights": Weights(goal_step=0.5)},
                                       {"weights": Weights(fill_deep=False, squatter=0.0)}),
            _dg_factory, 400, what="4. fill the goal from the far end, keep ◎ for the king"),
    ],
    "backgammon": [
        Tip(t, (lambda t: lambda level: (bg.TipBot(), bg.TipBot(breaks=t)))(t), _bg_factory,
            what=bg.TIPS[t]) for t in bg.TIPS],
    "mawari": [
        Tip(f"{p}/{n}p", _mw(p), functools.partial(MawariGame, players=n), players=n,
            what=f"battle policy '{p}' ({mw.LEVELS[p]}) against 'never' ({n} players)")
        for p in ("always", "smart", "random") for n in (2, 4)],
}

#: the --level choices per game (first = default): what the tip bots are built on
LEVELS: dict[str, dict[str, Any]] = {
    "checkers": {"1": 1, "2": 2, "3": 3},          # search depth of the TipBots (notebook: 1)
    "diamond": {"race": "race", "normal": "normal"},
    "backgammon": {"tips": None},                   # the TipBot (each tip played as a player means it)
    "mawari": {"policy": None},                     # the policies are the levels themselves
}


# ----------------------------------------------------------------------------- running
class _InProcess(Executor):
    """Runs each task at once in this process (``--workers 0``), as a done future."""

    def submit(self, fn, /, *args, **kwargs):
        f: Future = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as e:          # noqa: BLE001 - handed to the caller
            f.set_exception(e)
        return f


class Progress(Executor):
    """Wraps an executor and prints how many games are done (each task is one chunk)."""

    def __init__(self, inner: Executor, label: str, total: int, every: float = 5.0):
        self.inner, self.label, self.total, self.every = inner, label, total, every
        self.done = 0
        self.start = time.perf_counter()
        self.last = self.start
        self.lock = threading.Lock()

    def submit(self, fn, /, *args, **kwargs):
        n = len(args[-1]) if args and isinstance(args[-1], list) else 1
        f = self.inner.submit(fn, *args, **kwargs)
        f.add_done_callback(lambda _f: self._tick(n))
        return f

    def _tick(self, n):
        with self.lock:
            self.done += n
            now = time.perf_counter()
            if now - self.last >= self.every and self.done < self.total:   # the end: run_tip says
                self.last = now
                rate = self.done / max(now - self.start, 1e-9)
                left = (self.total - self.done) / rate if rate else math.inf
                print(f"    {self.label}: {self.done}/{self.total} games, {now - self.start:6.1f} s, "
                      f"{rate:6.2f} games/s, ~{left:5.0f} s left", flush=True)


@dataclass
class Measured:
    tip: Tip
    seed: int
    result: sim.TournamentResult | None = None
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)


def run_tip(tip: Tip, level, games: int, seed: int, executor: Executor, chunk: int,
            label: str) -> Measured:
    with_bot, without_bot = tip.bots(level)
    bots = {"with": with_bot}
    if tip.players == 2:
        bots["without"] = without_bot
    else:
        bots.update({f"without {i}": without_bot for i in range(1, tip.players)})
    t0 = time.perf_counter()
    res = sim.tournament(tip.factory, bots, games=games, seed=seed, max_plies=tip.max_plies,
                         executor=Progress(executor, label, games), progress=False, chunk=chunk)
    return Measured(tip, seed, res, time.perf_counter() - t0,
                    {"with": _name(with_bot), "without": _name(without_bot)})


def _name(bot) -> str:
    """A stable name of a bot: module.function for functions, else its repr."""
    if hasattr(bot, "__qualname__"):
        return f"{bot.__module__}.{bot.__qualname__}"
    return repr(bot)


def entry(m: Measured, game: str, level_name: str, command: str) -> dict:
    r = m.result
    wins = r.wins["with"]
    half = r.draws + r.unfinished
    if m.tip.players == 2:
        losses = r.wins["without"]
        points = wins + 0.5 * half
    else:
        losses = r.games - wins - half
        points = wins                  # TournamentResult.score with 3+ names: wins only
    lo, hi = sim.wilson_interval(points, r.games)
    e = {"tip": m.tip.name, "games": r.games, "wins": wins, "draws": half, "losses": losses,
         "score": round(points / r.games, 6), "interval": [round(lo, 6), round(hi, 6)],
         "seed": m.seed, "command": command,
         "unfinished": r.unfinished, "level": level_name, "players": m.tip.players,
         "what": m.tip.what, "with": m.extra["with"], "without": m.extra["without"],
         "max_plies": m.tip.max_plies, "mean_plies": round(r.mean_plies(), 1)}
    if m.tip.players > 2:
        e["fair"] = round(1 / m.tip.players, 6)
    return e


def _noop(x):
    return x


def make_executor(args):
    """(executor, closer, description, cpu) where cpu() is the CPU seconds the worker
    processes have used so far (None when it cannot be read): on a shared machine the
    wall clock depends on the load, games per worker-CPU-second much less."""
    if args.scheduler:
        from distributed import Client  # the optional 'scale' extra
        client = Client(args.scheduler)
        n = len(client.scheduler_info().get("workers", {}))

        def cpu():
            return sum(client.run(time.process_time).values())
        return client.get_executor(), client.close, f"Dask {args.scheduler} ({n} workers)", cpu
    if args.workers == 0:
        return _InProcess(), lambda: None, "this process", time.process_time
    pool = ProcessPoolExecutor(max_workers=args.workers)
    for f in [pool.submit(_noop, i) for i in range(args.workers)]:    # start the processes
        f.result()
    try:
        import psutil  # comes with ipykernel and distributed
    except ImportError:
        return pool, pool.shutdown, f"local process pool of {args.workers}", None
    seen: dict = {}

    def cpu():
        for pid in list(pool._processes):
            try:
                seen[pid] = sum(psutil.Process(pid).cpu_times()[:2])
            except psutil.Error:
                pass
        return sum(seen.values())
    return pool, pool.shutdown, f"local process pool of {args.workers}", cpu


def parse(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=sorted(TABLE))
    p.add_argument("--games", type=int, default=2000, help="games per tip (default 2000)")
    p.add_argument("--seed", type=int, default=1, help="tip i is played with seed S + i (default 1)")
    p.add_argument("--level", default=None, help="what the tip bots are built on (per game; "
                   + "; ".join(f"{g}: {', '.join(v)}" for g, v in LEVELS.items()) + ")")
    p.add_argument("--tips", default=None, help="comma-separated tips (default: all of the game)")
    p.add_argument("--workers", type=int, default=2, help="local processes (0 = this process)")
    p.add_argument("--scheduler", default=None, help="a Dask scheduler address, tcp://host:8786")
    p.add_argument("--chunk", type=int, default=10, help="games per task (default 10)")
    p.add_argument("--out", default=None, help="results file (default boardkit/data/tips_<game>.json)")
    args = p.parse_args(argv)
    levels = LEVELS[args.game]
    args.level = args.level if args.level is not None else next(iter(levels))
    if args.level not in levels:
        p.error(f"--level for {args.game}: one of {', '.join(levels)}, got {args.level!r}")
    names = [t.name for t in TABLE[args.game]]
    args.tips = names if args.tips is None else [t.strip() for t in args.tips.split(",") if t.strip()]
    bad = [t for t in args.tips if t not in names]
    if bad:
        p.error(f"unknown tip(s) {', '.join(bad)} for {args.game}; the tips are {', '.join(names)}")
    if args.games < 1 or args.chunk < 1 or args.workers < 0:
        p.error("--games and --chunk must be >= 1, --workers >= 0")
    return args


def main(argv=None) -> int:
    args = parse(argv)
    rows = [(i, t) for i, t in enumerate(TABLE[args.game]) if t.name in args.tips]
    level = LEVELS[args.game][args.level]
    out = pathlib.Path(args.out) if args.out else RESULTS / f"tips_{args.game}.json"
    executor, close, where, cpu = make_executor(args)
    ncpu = 1 if args.workers == 0 and not args.scheduler else args.workers
    print(f"{args.game}: {len(rows)} tips x {args.games} games, level {args.level}, seed {args.seed}+i, "
          f"chunks of {args.chunk}, on {where}", flush=True)
    base = ["python", "benchmarks/tips.py", args.game, "--games", str(args.games), "--seed", str(args.seed),
            "--level", args.level]

    def one(i, tip):
        print(f"  [{i}] {tip.name}: {tip.what}", flush=True)
        c0 = cpu() if cpu and not together else None
        m = run_tip(tip, level, args.games, args.seed + i, executor, args.chunk, tip.name)
        c = cpu() - c0 if c0 is not None else None
        e = entry(m, args.game, args.level, shlex.join(base + ["--tips", tip.name]))
        lo, hi = e["interval"]
        print(f"  [{i}] {tip.name:<12} score {e['score']:6.1%}  95% [{lo:6.1%}, {hi:6.1%}]  "
              f"w/d/l {e['wins']}/{e['draws']}/{e['losses']}  {m.seconds:7.1f} s  "
              f"{args.games / m.seconds:7.2f} games/s"
              + (f"  {args.games / c:7.2f} games/CPU-s" if c else ""), flush=True)
        return e, m.seconds, c

    together = bool(args.scheduler) and len(rows) > 1
    c_start = cpu() if cpu else None
    t0 = time.perf_counter()
    try:
        if together:
            # a cluster has room for every tip at once: queue them all (one thread each waits)
            with ThreadPoolExecutor(max_workers=len(rows)) as th:
                done = list(th.map(lambda r: one(*r), rows))
        else:
            done = [one(i, t) for i, t in rows]
        wall = time.perf_counter() - t0
        c_all = cpu() - c_start if cpu else None
    finally:
        close()

    # merge into the results file (the other tips' entries stay), in the table's order
    old = {}
    if out.exists() and len(rows) < len(TABLE[args.game]):
        try:
            old = {e["tip"]: e for e in json.loads(out.read_text(encoding="utf-8"))}
        except (ValueError, KeyError, TypeError):
            old = {}
    new = {e["tip"]: e for e, _, _ in done}
    merged = [new.get(t.name) or old.get(t.name) for t in TABLE[args.game]]
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(out, json.dumps([e for e in merged if e], indent=1, ensure_ascii=False) + "\n")

    total = len(rows) * args.games
    per_tip = sum(s for _, s, _ in done)
    # tips one after another: the sum of their times; all at once (a cluster): the wall time
    est = (wall if together else per_tip) * 2000 / args.games
    print(f"{total} games in {wall:.1f} s ({total / wall:.2f} games/s); wrote {out}")
    if args.games != 2000:
        print(f"estimated for 2,000 games per tip on the same executor: {est / 60:.1f} min "
              f"({est:.0f} s; from {wall if together else per_tip:.1f} s"
              f"{' with every tip at once' if together else ' of tip runs'})")
        if c_all:
            idle = c_all * 2000 / args.games / 2
            print(f"  worker CPU {c_all:.1f} s ({total / c_all:.2f} games/CPU-s; the cores got "
                  f"{c_all / wall / ncpu:.0%} of {ncpu}): on 2 idle cores a full run takes "
                  f"about {idle / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
