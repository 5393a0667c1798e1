"""boardkit.sim on a Dask cluster (issue 14, scale-out).

``client.get_executor()`` is a ``concurrent.futures.Executor``; passed as ``executor=``
to ``tournament`` and ``monte_carlo`` it must give EXACTLY the local results for the
same seeds (every game and every Monte Carlo block has its own seed from a
SeedSequence, so neither the worker nor the order of completion may matter).

Needs the optional ``scale`` extra (``pip install -e '.[scale]'``); skipped without it.
Small counts: the whole module stays well under 20 s on a loaded 2-core machine.
"""
import functools
import json
import pathlib
import sys

import numpy as np
import pytest

from boardkit import sim
from boardkit.backgammon import BackgammonGame, BackgammonRules
from boardkit.backgammon import ai as bg_ai
from boardkit.checkers import CheckersGame
from boardkit.checkers import ai as ck_ai
from boardkit.checkers.rules import CheckersRules
from boardkit.mawari import MawariGame
from boardkit.mawari import ai as mw_ai

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def dask_client():
    """Two single-threaded worker processes; closed after the module. The dashboard goes
    to a free port (":0"): dashboard_address=None still binds 8787 (distributed 2026.8)
    and warns when another cluster or test holds it."""
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=50)
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def same(a: sim.TournamentResult, b: sim.TournamentResult) -> None:
    assert a.names == b.names and a.games == b.games
    assert a.wins == b.wins and a.points == b.points and a.by_seat == b.by_seat
    assert (a.draws, a.unfinished) == (b.draws, b.unfinished)
    assert a.plies == b.plies                         # game by game, in order
    assert a == b


def test_tournament_with_chance_same_on_dask(dask_client):
    dask_executor = dask_client.get_executor()
    """Backgammon (dice): the tip bots of notebook 37, picklable classes, a partial factory."""
    factory = functools.partial(BackgammonGame, rules=BackgammonRules.no_cube())
    bots = {"follows": bg_ai.TipBot(), "breaks": bg_ai.TipBot(breaks="blots")}
    kw = dict(games=6, seed=14, progress=False, chunk=2)
    local = sim.tournament(factory, bots, **kw)
    remote = sim.tournament(factory, bots, executor=dask_executor, **kw)
    same(local, remote)
    assert sum(local.wins.values()) + local.draws + local.unfinished == 6


def test_tournament_deterministic_bots_and_a_notebook_lambda(dask_client):
    dask_executor = dask_client.get_executor()
    """Checkers tip bots (noise from the game's rng) and mawari with a lambda factory as a
    student writes it in a notebook: Dask's cloudpickle carries lambdas, a process pool not."""
    with_tip, without = ck_ai.tip_pair("groups")
    rules = CheckersRules.american()
    factory = functools.partial(CheckersGame, rules)
    kw = dict(games=6, seed=3, progress=False, max_plies=120, chunk=3)
    same(sim.tournament(factory, {"with": with_tip, "without": without}, **kw),
         sim.tournament(factory, {"with": with_tip, "without": without}, executor=dask_executor, **kw))

    bots = {"always": mw_ai.bot("always"), "never 1": mw_ai.bot("never"),
            "never 2": mw_ai.bot("never")}
    kw = dict(games=12, seed=45, progress=False, chunk=5)     # uneven last chunk
    same(sim.tournament(lambda: MawariGame(players=3), bots, **kw),
         sim.tournament(lambda: MawariGame(players=3), bots, executor=dask_executor, **kw))


def test_monte_carlo_same_on_dask(dask_client):
    dask_executor = dask_client.get_executor()
    """Several blocks (each its own seed) summed in order: bit-for-bit the local answer."""
    def pip_of_two_dice(rng, size):
        d = rng.integers(1, 7, size=(size, 2))
        return np.where(d[:, 0] == d[:, 1], 4 * d[:, 0], d.sum(axis=1))

    local = sim.monte_carlo(pip_of_two_dice, 50_000, seed=35, block=7_000, progress=False)
    remote = sim.monte_carlo(pip_of_two_dice, 50_000, seed=35, block=7_000,
                             executor=dask_executor, progress=False)
    assert (remote.n, remote.mean, remote.std) == (local.n, local.mean, local.std)
    assert abs(local.mean - 49 / 6) < 0.1                  # 8 1/6 pips per roll on average


def test_tips_script_on_a_scheduler_writes_the_local_results(dask_client, tmp_path, capsys):
    """benchmarks/tips.py --scheduler ADDRESS (every tip queued at once) writes the same
    file as the in-process run: same entries, same seeds, same commands."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks"))
    try:
        import tips
    finally:
        sys.path.pop(0)
    common = ["mawari", "--games", "6", "--seed", "5", "--tips", "always/2p,smart/4p"]
    assert tips.main(common + ["--workers", "0", "--out", str(tmp_path / "local.json")]) == 0
    assert tips.main(common + ["--scheduler", dask_client.scheduler.address,
                               "--out", str(tmp_path / "dask.json")]) == 0
    local = json.loads((tmp_path / "local.json").read_text(encoding="utf-8"))
    assert json.loads((tmp_path / "dask.json").read_text(encoding="utf-8")) == local
    assert [e["tip"] for e in local] == ["always/2p", "smart/4p"]
    for e in local:
        assert e["games"] == 6 == e["wins"] + e["draws"] + e["losses"]
        lo, hi = e["interval"]
        assert 0 <= lo <= e["score"] <= hi <= 1 and e["seed"] in (5, 8)
        assert e["command"].endswith(f"--tips {e['tip']}")
    assert "on Dask" in capsys.readouterr().out
