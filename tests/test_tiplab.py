"""The tip lab (boardkit.widgets.tiplab), driven from Python with a few games.

Diamond's tips are the test subject (fast bots: a game takes a few milliseconds); the
lab itself knows nothing of Diamond."""
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest

from boardkit._core import BoardkitError
from boardkit.diamond import DiamondGame, DiamondRules, ai
from boardkit.i18n import set_language
from boardkit.widgets.tiplab import LabResult, TipLab, load_results, verdict


def small_lab(**kw):
    return TipLab(ai.lab_tips(), levels={"race": "race", "normal": "normal"}, **kw)


def test_a_run_counts_games_moves_the_bar_and_draws_the_curve():
    lab = small_lab(executor=None, chunk=4)
    res = lab.run("straggler", games=10)
    assert isinstance(res, LabResult) and res is lab.result
    assert res.games == 10 and res.wins + res.losses + res.draws == 10
    assert [p[0] for p in res.curve] == [4, 8, 10]                # one point per chunk
    assert lab.progress.value == lab.progress.max == 10
    assert lab.plot.value[:8] == b"\x89PNG\r\n\x1a\n"
    lo, hi = res.interval
    assert lo <= res.score <= hi
    assert "10 games" in lab.text.value and verdict(lo, hi) in lab.text.value
    assert repr(lab).startswith("<TipLab: 4 tips")


def test_same_seed_same_numbers_and_curve_for_any_executor():
    a = small_lab(executor=None, seed=3).run("king", games=12)
    with ThreadPoolExecutor(2) as pool:
        b = small_lab(executor=pool, seed=3).run("king", games=12)
    lab = small_lab(executor="process", seed=3)
    try:
        c = lab.run("king", games=12)
    finally:
        lab.close()
    assert a.curve == b.curve == c.curve
    assert (a.wins, a.losses, a.draws) == (c.wins, c.losses, c.draws)


def test_tips_combine_only_with_a_combiner():
    lab = TipLab(ai.lab_tips(), levels={"race": "race"}, combine=ai.tip_bots, executor=None)
    res = lab.run(["ladders", "straggler"], games=4)
    assert res.tip == "ladders + straggler" and res.games == 4
    single = small_lab(executor=None)
    assert single.run(games=2).tip == "ladders"                    # the first tip by default
    with pytest.raises(BoardkitError, match="unknown tip"):
        single.run("nonsense")
    with pytest.raises(BoardkitError, match="games"):
        single.run(games=0)
    with pytest.raises(BoardkitError, match="level"):
        single.run(level="grandmaster")


def test_bad_set_ups_are_refused():
    with pytest.raises(BoardkitError, match="at least one tip"):
        TipLab({})
    with pytest.raises(BoardkitError, match="three callables"):
        TipLab({"x": (1, 2, 3)})
    with pytest.raises(BoardkitError, match="chunk"):
        small_lab(chunk=0)
    with pytest.raises(BoardkitError, match="executor"):
        small_lab(executor="threads")


def test_verdicts_and_settled_results(tmp_path):
    assert "helps" in verdict(0.55, 0.6) and "hurts" in verdict(0.3, 0.45)
    assert "cannot tell" in verdict(0.45, 0.55)
    assert load_results(tmp_path / "missing.json") == {}
    f = tmp_path / "tips.json"
    f.write_text('[{"tip": "king", "games": 2000, "score": 0.42, "interval": [0.4, 0.44]}]')
    lab = small_lab(executor=None, results=f)
    lab.run("king", games=2)
    assert "settled over 2000 games: 42% [40%, 44%]" in lab.text.value
    with pytest.raises(BoardkitError):
        load_results({"not": "a list"})


def test_words_come_from_the_catalogue():
    set_language("ja")
    try:
        lab = small_lab(executor=None)
        assert lab.run_button.description == "対局開始"
        lab.run("ladders", games=2)
        assert "コツありの 2 局" in lab.text.value
    finally:
        set_language("en")


def test_any_game_can_be_wired():
    """The lab takes plain factories: here two Diamond bots built by hand."""
    new_game = partial(DiamondGame, DiamondRules(players=2, pieces=10, max_turns=200))
    tips = {"noise": (lambda level: ai.RaceBot(), lambda level: ai.RaceBot(noise=3.0), new_game)}
    res = TipLab(tips, executor=None).run(games=4)
    assert res.games == 4 and res.level == "-"


# ---------------------------------------------------------------- more than two players
def _always(level):
    from boardkit.mawari import ai as mw
    return mw.bot("always")


def _never(level):
    from boardkit.mawari import ai as mw
    return mw.bot("never")


def test_four_players_one_bot_with_the_tip_among_three_without():
    """回り将棋's battle policies (notebook 47): the tip's bot sits with three bots without it;
    its score is its share of the wins and the line of no effect is 1/4, not 1/2."""
    from boardkit import sim
    from boardkit.mawari import MawariGame
    new_game = partial(MawariGame, players=4)
    lab = TipLab({"always/4p": (_always, _never, new_game)}, players={"always/4p": 4},
                 executor=None, chunk=5, seed=7)
    res = lab.run(games=10)
    assert res.players == 4 and res.fair == 0.25
    assert res.wins + res.losses + res.draws == 10
    assert res.score == res.wins / 10                        # only wins count with 3+ players
    # the same games as a tournament of the four bots with the lab's chunk seeds
    import numpy as np
    seeds = [int(s.generate_state(1)[0]) for s in np.random.SeedSequence(7).spawn(2)]
    bots = {"with": _always(None), **{f"without {i}": _never(None) for i in (1, 2, 3)}}
    wins = sum(sim.tournament(new_game, bots, games=5, seed=s, progress=False).wins["with"]
               for s in seeds)
    assert res.wins == wins
    lo, hi = res.interval
    assert verdict(lo, hi, 0.25) in lab.text.value and "would win 25%" in lab.text.value
    assert "25%" in verdict(0.3, 0.4, 0.25) and "helps" in verdict(0.3, 0.4, 0.25)
    assert "hurts" in verdict(0.3, 0.4)                      # the same interval against 50%
    with pytest.raises(BoardkitError, match="players"):
        TipLab({"x": (_always, _never, new_game)}, players=1)


# ---------------------------------------------------------------- failures, refusals, workers
def _broken(level):
    return _Broken()


class _Broken:
    """A bot that fails on its first move (picklable: it crosses to the workers)."""

    def __call__(self, game, rng):
        raise ValueError("the bot broke")


def test_a_failed_run_is_told_in_the_lab_naming_what_failed():
    new_game = partial(DiamondGame, DiamondRules(players=2, pieces=10, max_turns=200))
    lab = TipLab({"broken": (_broken, _broken, new_game)}, executor=None)
    with pytest.raises(ValueError, match="the bot broke"):
        lab.run(games=4)
    assert "broken" in lab.text.value and "the bot broke" in lab.text.value
    assert "ValueError" in lab.text.value and "0 of 4" in lab.text.value
    assert lab.progress.bar_style == "danger" and not lab.run_button.disabled
    lab.text.value = ""
    lab.run_button.click()                      # the Play button: told, not raised
    assert "the bot broke" in lab.text.value


def test_a_refused_lab_leaves_nothing_that_fails_when_collected(monkeypatch):
    import gc
    import sys
    raised = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: raised.append(u))
    for bad in ({"games": 0}, {"chunk": 0}, {"players": 9}, {"executor": "threads"}):
        with pytest.raises(BoardkitError):
            small_lab(**bad)
    with pytest.raises(BoardkitError):
        TipLab({})
    gc.collect()
    assert raised == [], [str(u.exc_value) for u in raised]


def _children() -> list:
    import psutil
    return [p for p in psutil.Process().children(recursive=True) if p.is_running()
            and p.status() != psutil.STATUS_ZOMBIE]


def test_the_workers_stop_after_every_run():
    """A run on the lab's own pool leaves no process behind (a kernel on Binder keeps its
    memory), and the next run starts new ones."""
    before = {p.pid for p in _children()}
    lab = small_lab(executor="process", chunk=2)
    for _ in range(2):
        res = lab.run("ladders", games=4)
        assert res.games == 4
        assert lab._pool is None
        assert {p.pid for p in _children()} <= before
    lab.close()
