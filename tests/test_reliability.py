"""Reliability, second round: the shared argument checks of boardkit._input (rng,
counts, seeds, paths, text), the safe repr of refusal messages, and the calls that used
to hang or raise raw errors. Every call here must answer within a second."""
import os
import signal
import sys

import numpy as np
import pytest
from hostile import BadRepr, deep

from boardkit import BoardkitError, sim
from boardkit._core import short_repr
from boardkit._input import atomic_write, check_count, check_rng, check_seed, check_text
from boardkit.backgammon import BackgammonGame, bearoff
from boardkit.checkers import CheckersGame
from boardkit.diamond import DiamondGame
from boardkit.mawari import MawariGame, TossModel

GAMES = [BackgammonGame, CheckersGame, DiamondGame, MawariGame]


@pytest.fixture
def within_a_second():
    """Fail (instead of hanging) when the test body takes over a second or two."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def boom(*_):
        raise AssertionError("took longer than 2 s (a hang)")
    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(2)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# ------------------------------------------------------------------ safe repr
_deep, _BadRepr = deep, BadRepr     # tests/hostile.py


@pytest.mark.parametrize("value", [_deep(50_000), np.zeros(10 ** 6), 10 ** 5000, "x" * 10 ** 6,
                                   b"y" * 10 ** 6, _BadRepr(), {1: [2, [3, [4, [5]]]]}, "\udc80"],
                         ids=["deep", "array", "bigint", "str", "bytes", "badrepr", "nested", "surrogate"])
def test_short_repr_never_fails_and_stays_short(value, within_a_second):
    r = short_repr(value)
    assert isinstance(r, str) and len(r) <= 60
    assert "0x" not in r                      # no memory address in a message


def test_refusal_message_from_a_hostile_value():
    with pytest.raises(BoardkitError, match="rng"):
        BackgammonGame().resolve_chance(np.zeros(10 ** 6))
    with pytest.raises(BoardkitError, match="games"):
        sim.tournament(CheckersGame, {"a": lambda g, r: None}, games=10 ** 5000)


@pytest.mark.parametrize("value", [_deep(50_000), np.zeros(10 ** 6), _BadRepr(), "\udc80" * 10 ** 5],
                         ids=["deep", "array", "badrepr", "surrogates"])
def test_backgammon_messages_built_from_any_value(value, within_a_second):
    """Backgammon's refusal messages use the shared safe repr: the value given back in
    the message never raises and stays short."""
    from boardkit.backgammon import BackgammonRules, notation
    calls = [lambda: BackgammonRules.match(value), lambda: bearoff.check_points(value),
             lambda: notation.decode_position_id(value), lambda: notation.parse_notation(value),
             lambda: BackgammonGame().set_dice(value, 1)]
    for call in calls:
        with pytest.raises(BoardkitError) as err:
            call()
        assert len(str(err.value)) < 400 and "0x" not in str(err.value)


# ------------------------------------------------------------------------ rng
@pytest.mark.parametrize("bad", [42, None, "seed", np.random.RandomState(1)])
@pytest.mark.parametrize("cls", [BackgammonGame, MawariGame])
def test_resolve_chance_needs_a_generator(cls, bad):
    g = cls()
    before = g.to_json()
    with pytest.raises(BoardkitError, match="rng"):
        g.resolve_chance(bad)
    assert g.to_json() == before


def test_roll_and_toss_model_need_a_generator():
    with pytest.raises(BoardkitError, match="roll"):
        BackgammonGame().roll(None)
    m = TossModel.fair()
    for call in (lambda: m.sample(42), lambda: m.sample_tosses(10, 42),
                 lambda: m.simulate_turns(10, None)):
        with pytest.raises(BoardkitError, match="rng"):
            call()
    with pytest.raises(BoardkitError, match="chunk"):
        m.sample_tosses(10, np.random.default_rng(1), chunk=0)


def test_play_game_checks_rng_game_and_bots():
    bot = lambda g, r: g.legal_moves()[0]          # noqa: E731
    with pytest.raises(BoardkitError, match="rng"):
        sim.play_game(BackgammonGame(), [bot, bot], 42)
    with pytest.raises(BoardkitError, match="game"):
        sim.play_game("checkers", [bot, bot], np.random.default_rng(1))
    with pytest.raises(BoardkitError, match="bots"):
        sim.play_game(CheckersGame(), [bot], np.random.default_rng(1))


# --------------------------------------------------------------------- counts
@pytest.mark.parametrize("bad", [True, 2.0, float("nan"), float("inf"), "3", -1, 10 ** 15, None])
def test_check_count(bad):
    with pytest.raises(BoardkitError, match="games"):
        check_count(bad, "games", 0, 1000)
    assert check_count(np.int64(7), "games") == 7


def test_check_seed_and_text():
    for bad in (-1, 2 ** 128, 1.5, "x", True):
        with pytest.raises(BoardkitError, match="seed"):
            check_seed(bad)
    assert check_seed(None) is None and check_seed(3) == 3
    with pytest.raises(BoardkitError, match="reason"):
        check_text("a\udc80", "reason")
    with pytest.raises(BoardkitError, match="reason"):
        check_text("a" * 20_001, "reason")
    with pytest.raises(BoardkitError, match="reason"):
        check_text(3, "reason")
    with pytest.raises(BoardkitError, match="rng"):
        check_rng(None)


def test_monte_carlo_refuses_huge_and_bad_counts(within_a_second):
    f = lambda r, s: r.random(s)                   # noqa: E731
    for kw, name in (({"n": 10 ** 15}, "n"), ({"n": float("nan")}, "n"), ({"n": 10, "block": 0}, "block"),
                     ({"n": 10, "seed": "x"}, "seed"), ({"n": 10 ** 9, "block": 1}, "block")):
        with pytest.raises(BoardkitError, match=name):
            sim.monte_carlo(f, progress=False, **kw)
    assert sim.monte_carlo(f, 1000, progress=False).n == 1000


def test_tournament_refuses_bad_parameters(within_a_second):
    bots = {"a": lambda g, r: g.legal_moves()[0]}
    for kw, name in (({"games": 10 ** 12}, "games"), ({"games": "3"}, "games"),
                     ({"games": 2, "chunk": 0}, "chunk"), ({"games": 2, "seed": -1}, "seed"),
                     ({"games": 2, "max_plies": 10 ** 9}, "max_plies")):
        with pytest.raises(BoardkitError, match=name):
            sim.tournament(CheckersGame, bots, progress=False, **kw)
    with pytest.raises(BoardkitError, match="bots"):
        sim.tournament(CheckersGame, ["a"], games=2, progress=False)


def test_wilson_interval_z():
    for z in (-1, float("nan"), float("inf"), "1.96"):
        with pytest.raises(BoardkitError, match="z"):
            sim.wilson_interval(3, 10, z=z)
    lo, hi = sim.wilson_interval(3, 10)
    assert 0 <= lo <= 0.3 <= hi <= 1


def test_turn_distribution_answers_or_refuses(within_a_second):
    m = TossModel.realistic()
    for kw in ({"tol": 0}, {"tol": -1}, {"tol": float("nan")}, {"max_repeats": 80}):
        with pytest.raises(BoardkitError, match="tol|repeats"):
            m.turn_distribution(**kw)
    d = TossModel.fair().turn_distribution(max_repeats=80)
    assert abs(float(sum(d.values())) + float(d.remaining) - 1) < 1e-12


# ---------------------------------------------------------------------- paths
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("cls", GAMES)
def test_load_refuses_a_fifo_at_once(cls, tmp_path, within_a_second):
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    with pytest.raises(BoardkitError, match="not a regular file"):
        cls.load(fifo)
    with pytest.raises(BoardkitError, match="not a regular file"):
        cls.load(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_bearoff_cache_fifo_is_ignored_at_once(tmp_path, within_a_second):
    fifo = tmp_path / "cache.npz"
    os.mkfifo(fifo)
    assert bearoff._load_cache(fifo) is None


@pytest.mark.parametrize("cls", GAMES)
def test_bytes_and_bad_paths(cls, tmp_path):
    g = cls()
    p = os.fsencode(tmp_path / "g.json")
    g.save(p)                                   # a bytes path works both ways
    assert cls.load(p).to_json() == g.to_json()
    for bad in (3, None, "", "a\0b", b"a\0b", object()):
        with pytest.raises(BoardkitError):
            cls.load(bad)
        with pytest.raises(BoardkitError):
            g.save(bad)


def test_atomic_write_refuses_lone_surrogates(tmp_path):
    p = tmp_path / "x.txt"
    atomic_write(p, "kept")
    with pytest.raises(BoardkitError, match="surrogate"):
        atomic_write(p, "bad \udc80")
    assert p.read_text() == "kept"


def test_no_recursion_limit_change():
    assert sys.getrecursionlimit() >= 1000


# ------------------------------------------------------------ state validators
def test_backgammon_move_phase_without_dice_refused():
    import json
    g = BackgammonGame().set_dice(3, 1)
    doc = json.loads(g.to_json())
    assert doc["state"]["phase"] == "move"
    doc["state"]["dice"] = None
    with pytest.raises(BoardkitError, match="dice"):
        BackgammonGame.from_json(json.dumps(doc))
    assert BackgammonGame.from_json(g.to_json()).legal_moves() == g.legal_moves()


def test_diamond_bots_and_hint_on_a_finished_game():
    from boardkit.diamond import ai
    g = DiamondGame.load(os.path.join(os.path.dirname(__file__), "data", "diamond_over.json"))
    assert g.is_over()
    for level in ai.LEVELS:
        with pytest.raises(BoardkitError, match="over"):
            ai.bot(level)(g, np.random.default_rng(1))
        assert ai.hint(g, level) is None
    with pytest.raises(BoardkitError, match="DiamondGame"):
        ai.bot("strong")(CheckersGame(), np.random.default_rng(1))
    with pytest.raises(BoardkitError, match="DiamondGame"):
        ai.hint("diamond")


@pytest.mark.parametrize("field,value", [("reason", "end \udc80"), ("events", ["a", "\ud800"]),
                                         ("events", ["x" * 100_000]), ("reason", "y" * 100_000)])
def test_mawari_free_text_fields_validated(field, value, tmp_path):
    import json
    g = MawariGame()
    g.resolve_chance(np.random.default_rng(3))
    doc = json.loads(g.to_json())
    doc["state"][field] = value
    text = json.dumps(doc)              # ASCII escapes: the surrogate survives the JSON
    with pytest.raises(BoardkitError, match=field):
        MawariGame.from_json(text)
    g.save(tmp_path / "m.json")         # a valid game still saves and loads
    assert MawariGame.load(tmp_path / "m.json").to_json() == g.to_json()


@pytest.mark.parametrize("kw,name", [({"games": 10 ** 12}, "games"), ({"games": float("nan")}, "games"),
                                     ({"games": "5"}, "games"), ({"game_choices": (20, 2.5)}, "game_choices"),
                                     ({"game_choices": 7}, "game_choices"), ({"seed": -1}, "seed"),
                                     ({"max_plies": 10 ** 12}, "max_plies")])
def test_tiplab_refuses_absurd_counts(kw, name, within_a_second):
    from boardkit.diamond import ai
    from boardkit.widgets.tiplab import TipLab
    with pytest.raises(BoardkitError, match=name):
        TipLab(ai.lab_tips(), levels={"race": "race"}, executor=None, **kw)
