"""Garbage into every 回り将棋 parser and loader (issue 8): each answers fast, with a
BoardkitError subclass naming the format or rule, and leaves the game unchanged.

Covered: toss text (Toss.parse / set_toss), square names (square_index, place, setup),
decision text and values (play), pieces (place/setup), rules options (MawariRules), the
toss model (TossModel), tallies (TossTally), JSON (from_json, load) with random and
targeted mutations of reachable games, and 1 MB inputs. Seeded (derandomized) hypothesis.

Run with ``MAWARI_FUZZ_REPORT=1`` to print the figures (inputs, slowest answer,
non-boardkit errors) at the end.
"""
from __future__ import annotations

import atexit
import json
import math
import os
import time
from fractions import Fraction as F

import numpy as np
import pytest
from hostile import BadRepr, deep
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardkit import BoardkitError, FormatError
from boardkit.mawari import Battle, MawariGame, MawariRules, Toss, TossModel, square_index
from boardkit.mawari.stats import TossTally

from conftest import answers_fast, assert_rejected, check_invariants, random_games

FUZZ = settings(derandomize=True, deadline=None, max_examples=150,
                suppress_health_check=[HealthCheck.too_slow])
MB = 1_000_000
STATS = {"inputs": 0, "slowest": 0.0, "slowest_what": "", "non_boardkit": 0}


def _report():
    if os.environ.get("MAWARI_FUZZ_REPORT"):
        print(f"\nmawari fuzz: {STATS['inputs']} inputs, slowest {STATS['slowest'] * 1000:.1f} ms "
              f"({STATS['slowest_what']}), non-boardkit errors {STATS['non_boardkit']}")


atexit.register(_report)


def probe(what: str, fn, *args, game=None, limit: float = 1.0, **kwargs):
    """Call fn; it may succeed or raise a BoardkitError, nothing else; it answers within
    ``limit`` seconds; a refused call leaves ``game`` unchanged. Returns (result, error)."""
    before = game.to_json() if game is not None else None
    t = time.perf_counter()
    try:
        result, err = fn(*args, **kwargs), None
    except BoardkitError as e:
        result, err = None, e
    except Exception:
        STATS["non_boardkit"] += 1
        raise
    dt = time.perf_counter() - t
    STATS["inputs"] += 1
    if dt > STATS["slowest"]:
        STATS["slowest"], STATS["slowest_what"] = dt, what
    assert dt < limit, f"{what} took {dt:.2f} s"
    if err is not None and game is not None:
        assert game.to_json() == before, f"{what}: a refused call changed the game"
    return result, err


def reachable_games(n=6, seed=0):
    """A few reachable games in every phase (toss, decide, battle, over)."""
    out = []
    for i, rules in enumerate([MawariRules(), MawariRules(players=3, battle_line="any"),
                               MawariRules.realistic(4)]):
        for g, _step, _rng in random_games(lambda r=rules: MawariGame(r), games=2,
                                           seed=seed + i, max_plies=3000):
            if len(out) < (i + 1) * 400 and (g.phase != "toss" or g.is_over() or _rng.random() < 0.05):
                out.append(g.copy())
    return out


GAMES = reachable_games()
PHASES = {g.phase if not g.is_over() else "over" for g in GAMES}

junk_text = st.one_of(
    st.text(max_size=60),
    st.text(alphabet="updownsiderightupsde_表裏横縦逆立ち重なり落ち駒+ ,・", max_size=60),
    st.sampled_from(["up up down", "up up down down down", "up up down side +overlap +fall",
                     "１九", "19", "0", "32", "-1", "1e9", "９九", "91", "5五", "battle",
                     "battle P9", "戦", "no", "P2", "battle p0", "\x00", "表" * 5]))
json_scalar = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 6, 10 ** 6),
                        st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
json_value = st.recursive(json_scalar, lambda c: st.one_of(
    st.lists(c, max_size=4), st.dictionaries(st.text(max_size=8), c, max_size=4)), max_leaves=8)


# ------------------------------------------------------------------ text parsers
def test_games_cover_every_phase():
    assert PHASES == {"toss", "decide", "battle", "over"}


@FUZZ
@given(text=junk_text)
def test_fuzz_toss_text(text):
    probe("Toss.parse", Toss.parse, text)
    g = GAMES[len(text) % len(GAMES)].copy()
    _, err = probe("set_toss", g.set_toss, text, game=g)
    if err is not None:                   # a toss rule, a battle, or the game is over
        assert "MS-0" in str(err) or "MS-15" in str(err) or "(MS-10)" in str(err)


@FUZZ
@given(text=junk_text)
def test_fuzz_square_names_and_set_up(text):
    _, err = probe("square_index", square_index, text)
    assert err is None or "MS-01" in str(err)
    g = MawariGame(players=3)
    probe("place", g.place, 1, text, game=g)
    probe("place piece", g.place, 1, "1五", text, game=g)
    probe("setup", MawariGame.setup, {0: text})
    probe("setup spec", MawariGame.setup, {0: ("1五", "歩", text)})


@FUZZ
@given(text=junk_text, value=json_value)
def test_fuzz_decisions(text, value):
    for g in GAMES[::97]:
        g = g.copy()
        _, err = probe("play text", g.play, text, game=g)
        assert err is None or "MS-" in str(err) or "game is over" in str(err)
        g = g.copy()
        probe("play value", g.play, value, game=g)
        probe("play Battle", g.play, Battle(value if not isinstance(value, (list, dict)) else None),
              game=g)


@FUZZ
@given(field=st.sampled_from(["players", "toss_probs", "all_down_value", "overlap_back",
                              "fall_rule", "two_player_skip", "corner_jump", "battles",
                              "battle_line"]), value=json_value)
def test_fuzz_rules_options(field, value):
    probe("MawariRules", MawariRules, **{field: value})
    doc = json.loads(MawariGame().to_json())
    doc["rules"][field] = value
    _, err = probe("from_json rules", MawariGame.from_json, json.dumps(doc))
    assert err is None or isinstance(err, FormatError)


@FUZZ
@given(probs=st.lists(st.one_of(json_scalar, st.fractions(), st.sampled_from(
    ["1e-100000000", "1/0", "nan", "inf", "-0.5", "1/2", "0.5", "9" * 5000])), min_size=0,
    max_size=8))
def test_fuzz_toss_probabilities(probs):
    _, err = probe("toss_probs", MawariRules, toss_probs=tuple(probs))
    assert err is None or "MS-09" in str(err)
    if len(probs) >= 2:                      # face_up and face_down are required arguments
        _, err = probe("TossModel", TossModel, *probs[:7])
        assert err is None or "MS-0" in str(err)


@FUZZ
@given(counts=st.one_of(json_value, st.dictionaries(junk_text, json_scalar, max_size=4)))
def test_fuzz_tally(counts):
    probe("TossTally", TossTally, counts)


# ------------------------------------------------------------------ JSON
def _mutate(doc, path, value):
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


@FUZZ
@given(i=st.integers(0, 10 ** 6), j=st.integers(0, 10 ** 6), value=json_value)
def test_fuzz_json_mutations(i, j, value):
    """A random field of a reachable game's JSON replaced by random JSON: refused with a
    FormatError, or loaded as a game that round-trips, draws and plays on."""
    g = GAMES[i % len(GAMES)]
    doc = json.loads(g.to_json())
    paths = [p for p in _paths(doc) if p and p[0] in ("state", "rules")]
    _mutate(doc, paths[j % len(paths)], value)
    loaded, err = probe("from_json", MawariGame.from_json, json.dumps(doc, ensure_ascii=False))
    if err is not None:
        assert isinstance(err, FormatError)
        return
    check_invariants(loaded)
    loaded.draw().to_svg()
    str(loaded)
    loaded.standings()
    if loaded.chance_pending():
        loaded.resolve_chance(np.random.default_rng(0))
    elif loaded.legal_moves():
        loaded.play(loaded.legal_moves()[0])


def test_round_trip_of_every_reachable_game_step():
    """from_json(to_json()) holds after every step of random games of every variant."""
    steps = 0
    for n in (2, 3, 4):
        for kw in ({}, {"overlap_back": "whole_value", "battle_line": "any"},
                   {"corner_jump": False, "two_player_skip": False}):
            rules = MawariRules.realistic(n, **kw)
            for g, _step, rng in random_games(lambda r=rules: MawariGame(r), games=2,
                                              seed=n, max_plies=3000):
                if g.phase == "toss" and g.players < 4 and not g.is_over() and rng.random() < .01:
                    g.join()
                check_invariants(g)
                steps += 1
    assert steps > 500


def _doc(g):
    return json.loads(g.to_json())


def _battle_game():
    g = MawariGame.setup({0: "1八", 1: "9五"})
    g.set_toss("up up up down")              # 1八 + 3 = 1五, in line with 9五 (MS-15)
    g.play("battle P2")
    assert g.phase == "battle"
    return g


BATTLE = _battle_game()


@pytest.mark.parametrize("where, value, rule", [
    (("state", "battle", "attacker"), True, "MS-15"),           # issue 8: true as attacker
    (("state", "battle", "defender"), 0, "MS-15"),              # a battle against oneself
    (("state", "battle", "defender"), False, "MS-15"),
    (("state", "battle", "length"), 5, "MS-15"),
    (("state", "battle", "length"), True, "MS-15"),
    (("state", "battle", "progress"), [16, 0], "MS-15"),        # attacker back, not marked
    (("state", "battle", "progress"), [0, 16], "MS-15"),        # defender back: battle over
    (("state", "battle", "progress"), [-1, 0], "MS-15"),
    (("state", "battle", "side"), 2, "MS-15"),
    (("state", "battle", "attacker_back"), 1, "MS-15"),
    (("state", "finished"), [0, 1], "MS-10"),                   # impossible finished lists
    (("state", "finished"), [0], "MS-10"),                      # a 歩 cannot finish
    (("state", "finished"), [7], "MS-10"),
    (("state", "finished"), [True], "MS-10"),
    (("state", "turn"), True, None),
    (("state", "again"), "yes", "MS-07"),
    (("state", "phase"), "decide", "MS-15"),
    (("state", "offer"), [1], "MS-15"),
    (("rules", "all_down_value"), -1, "MS-05"),                 # a negative all-down value
    (("rules", "all_down_value"), 10 ** 9, "MS-05"),            # would step 10^9 squares
    (("rules", "all_down_value"), 2.5, "MS-05"),
    (("rules", "toss_probs"), ["1e-100000000"] * 7, "MS-09"),   # the exponent trap
    (("rules", "toss_probs"), ["1/2", "1/2", "0", "0", "0", "0", "1e999"], "MS-09"),
    (("rules", "toss_probs"), ["-1/2", "3/2", "0", "0", "0", "0", "0"], "MS-09"),
    (("rules", "toss_probs"), ["1/3", "1/3", "0", "0", "0", "0", "0"], "MS-09"),
    (("rules", "overlap_back"), "half", "MS-06"),
    (("rules", "players"), 5, "MS-02"),
])
def test_json_impossible_battle_states_refused(where, value, rule):
    doc = _doc(BATTLE)
    _mutate(doc, where, value)
    err = assert_rejected(None, lambda: MawariGame.from_json(json.dumps(doc)), FormatError)
    if rule:
        assert rule in str(err), str(err)


@pytest.mark.parametrize("change, rule", [
    (lambda d: d["state"]["pieces"][0].update(laid=True), "MS-12"),      # mover laid down
    (lambda d: d["state"]["pieces"][1].update(square="1九", laid=True), "MS-12"),
    (lambda d: d["state"]["pieces"][1].update(home="1一"), "MS-02"),     # wrong home corner
    (lambda d: d["state"]["pieces"].append(dict(d["state"]["pieces"][0])), "MS-03"),
    (lambda d: d["state"]["pieces"].pop(), "MS-02"),
    (lambda d: d["state"]["pieces"][0].update(piece="王"), "MS-10"),
    (lambda d: d["state"]["pieces"][0].update(square="5五"), "MS-01"),
    (lambda d: d["state"].update(reason="P1 wins"), None),               # over, yet no winner
    (lambda d: d["state"].update(extra=1), None),
    (lambda d: d["state"].pop("events"), None),
    (lambda d: d["state"].update(last_toss="up up up"), "MS-04"),
    (lambda d: d["state"].update(last_toss="up " * 300_000), "MS-04"),
])
def test_json_impossible_states_refused(change, rule):
    doc = _doc(MawariGame(players=2))
    change(doc)
    err = assert_rejected(None, lambda: MawariGame.from_json(json.dumps(doc)), FormatError)
    if rule:
        assert rule in str(err), str(err)


def test_json_finished_game_round_trips_and_a_wrong_winner_is_refused():
    over = next(g for g in GAMES if g.is_over())
    text = over.to_json()
    assert MawariGame.from_json(text).outcome() == over.outcome()
    doc = json.loads(text)
    w = doc["state"]["finished"][0]
    doc["state"]["pieces"][w]["piece"] = "桂"
    assert_rejected(None, lambda: MawariGame.from_json(json.dumps(doc)), FormatError, "MS-10")


# ------------------------------------------------------------------ big inputs, files
BIG = [
    "up " * (MB // 3),                              # 1 MB toss text
    "表" * (MB // 3),
    "1" * MB,
    "1e-100000000",
    "[" * 100_000 + "]" * 100_000,                  # deep nesting
    '{"a":' * 50_000 + "1" + "}" * 50_000,
    "\ud800" * 10,
]


@pytest.mark.parametrize("k", range(len(BIG)))
def test_big_inputs_answer_fast_in_a_subprocess(k):
    text = BIG[k]
    for what, fn, args in [
        ("from_json", MawariGame.from_json, (text,)),
        ("Toss.parse", Toss.parse, (text,)),
        ("square_index", square_index, (text,)),
        ("play", MawariGame().play, (text,)),
        ("set_toss", MawariGame().set_toss, (text,)),
        ("rules toss_probs", lambda t: MawariRules(toss_probs=(t,) * 7), (text,)),
        ("rules players", lambda t: MawariRules(players=t), (text,)),
        ("rules battle_line", lambda t: MawariRules(battle_line=t), (text,)),
        ("rules all_down_value", lambda t: MawariRules(all_down_value=t), (text,)),
        ("rules overlap_back", lambda t: MawariRules(overlap_back=t), (text,)),
    ]:
        _, err, seconds = answers_fast(fn, *args, limit=5.0, process=True)
        assert err is not None and err[3], (what, err)      # a BoardkitError, in the child
        assert len(err[2]) < 500
        STATS["inputs"] += 1
        if seconds > STATS["slowest"]:
            STATS["slowest"], STATS["slowest_what"] = seconds, f"{what} (1 MB, process)"


def test_big_json_documents_in_process():
    g = GAMES[5]
    doc = _doc(g)
    doc["rules"]["toss_probs"] = ["1e-100000000"] * 7
    probe("from_json exponent", MawariGame.from_json, json.dumps(doc))
    doc = _doc(g)
    doc["state"]["pieces"][0]["square"] = "1" * (MB - 2000)
    _, err = probe("from_json 1 MB square", MawariGame.from_json, json.dumps(doc))
    assert isinstance(err, FormatError) and len(str(err)) < 500
    doc = _doc(g)
    doc["state"]["events"] = ["x" * 100] * 20_000                  # over 1 MB
    _, err = probe("from_json > 1 MB", MawariGame.from_json, json.dumps(doc))
    assert isinstance(err, FormatError)


def test_files(tmp_path):
    g = GAMES[3]
    path = tmp_path / "game.json"
    g.save(path)
    assert MawariGame.load(path).to_json() == g.to_json()
    for name, data in [("bad.json", b"\xff\xfe\x00garbage"), ("empty.json", b""),
                       ("big.json", b" " * (MB + 10)), ("nested.json", b"[" * 5000)]:
        (tmp_path / name).write_bytes(data)
        _, err = probe("load", MawariGame.load, tmp_path / name)
        assert isinstance(err, BoardkitError)
    _, err = probe("load missing", MawariGame.load, tmp_path / "missing.json")
    assert isinstance(err, BoardkitError)


# ------------------------------------------------------------------ the toss model (MS-09)
@pytest.mark.parametrize("args", [
    (-0.1, 1.1), (0.5, 0.6), (F(1, 2), F(1, 3)), (math.nan, 0.5), (0.5, math.nan),
    (math.inf, 0), (0.5, 0.5, 0, 0, 0, -0.01), (0.5, 0.5, 0, 0, 0, 0, 1.5),
    ("1/2", "1/2"), (True, False), (None, 1), (F(1, 2 ** 400), 1 - F(1, 2 ** 400)),
    (np.float64("nan"), 0.5), ([0.5], 0.5),
])
def test_ms09_toss_model_refuses_bad_probabilities(args):
    _, err = probe("TossModel", TossModel, *args)
    assert isinstance(err, BoardkitError) and "MS-09" in str(err), err


@pytest.mark.parametrize("kw, rule", [
    (dict(all_down_value=-1), "MS-05"), (dict(all_down_value=True), "MS-05"),
    (dict(all_down_value=401), "MS-05"), (dict(overlap_back=None), "MS-06"),
    (dict(overlap_back=["face_up"]), "MS-06"),
])
def test_toss_model_refuses_bad_options(kw, rule):
    _, err = probe("TossModel option", TossModel, 0.5, 0.5, **kw)
    assert isinstance(err, BoardkitError) and rule in str(err)
    _, err = probe("rules option", MawariRules, **kw)
    assert isinstance(err, BoardkitError) and rule in str(err)


def test_exercise_checks_never_raise(capsys):
    from boardkit.mawari.exercises import ex
    for answer in ["x", None, [1], {"a": 1}, float("nan"), "1e-100000000", "9" * 5000, True,
                   "P" * 10_000]:
        for name in ("value_of_toss", "all_down", "toss_again_fair", "toss_again_standing",
                     "expected_squares", "expected_tosses", "laid_down"):
            probe(f"exercises.{name}", getattr(ex, "check_" + name), answer)
    capsys.readouterr()


HUGE = 10 ** 5000                     # str()/repr() of it raise ValueError in Python 3.11+


@pytest.mark.parametrize("call", [
    lambda: MawariRules(players=HUGE), lambda: MawariRules(all_down_value=HUGE),
    lambda: MawariRules(players=[HUGE]), lambda: MawariRules(toss_probs=[HUGE] * 7),
    lambda: MawariRules(battle_line=HUGE), lambda: MawariRules(overlap_back=(HUGE,)),
    lambda: square_index(HUGE), lambda: MawariGame().place(HUGE, "1五"),
    lambda: MawariGame().place(0, "1五", HUGE), lambda: MawariGame().play(Battle(HUGE)),
    lambda: MawariGame().set_toss(HUGE), lambda: TossModel(HUGE, 0),
    lambda: TossModel(0.5, 0.5, all_down_value=HUGE), lambda: TossTally({"up up up up": HUGE}),
    lambda: MawariGame.setup({HUGE: "1五"}),
])
def test_huge_integers_are_refused_with_a_short_message(call):
    _, err = probe("huge int", call)
    assert isinstance(err, BoardkitError) and len(str(err)) < 300


@pytest.mark.parametrize("call", [
    lambda m: m.turn_distribution(max_repeats=10 ** 9),
    lambda m: m.simulate_turns(10 ** 12, np.random.default_rng(0)),
    lambda m: m.sample_tosses(-5, np.random.default_rng(0)),
    lambda m: m.sample_tosses(2.5, np.random.default_rng(0)),
])
def test_simulation_sizes_are_bounded(call):
    """No hang or MemoryError from a number typed into a notebook: a BoardkitError."""
    _, err = probe("simulation size", call, TossModel.realistic())
    assert isinstance(err, BoardkitError)
    from boardkit.mawari.ring import RingChain
    _, err = probe("ring size", RingChain().simulate_laps, 10 ** 12, np.random.default_rng(0))
    assert isinstance(err, BoardkitError)
    _, err = probe("ring landings", RingChain().simulate_landings, 10 ** 6, np.random.default_rng(0),
                   pieces=10 ** 6)
    assert isinstance(err, BoardkitError)


@pytest.mark.parametrize("rules", [3, HUGE, "3", True, [3], MawariRules.realistic],
                         ids=["3", "huge", "text", "bool", "list", "preset-function"])
def test_constructor_refuses_what_is_not_rules(rules):
    """Issue 9: rules first; a number of players is a keyword, said in the message."""
    _, err = probe("MawariGame(rules)", MawariGame, rules)
    assert isinstance(err, BoardkitError) and "MawariRules" in str(err)
    if rules == 3:
        assert "MawariGame(players=3)" in str(err)
    assert MawariGame(MawariRules(players=3)).players == 3


# ------------------------------------------------------------------ issue 27: public entries
# Hostile arguments to every public function of the package (tests/test_fuzz_api.py finds
# them): each is refused at the entry with a BoardkitError naming the argument, never a
# raw AttributeError/TypeError/ValueError from deep inside, a hang or a huge message.
def _hostile(*, none=True, numbers=True):
    from boardkit.checkers import CheckersGame
    out = [True, "", "\udc80", "9" * 100_000, b"\xff\x00", deep(10_000), {"a": [1]}, object(),
           BadRepr(), np.zeros(10 ** 5), CheckersGame(), lambda *a, **k: None]
    if none:
        out.append(None)
    if numbers:
        out += [-1, 10 ** 30, 10 ** 5000, float("nan"), float("inf"), 2.5, np.int64(-7)]
    return out


def _refused(call, bad, match):
    """call(bad) raises a BoardkitError naming ``match``, fast, with a short message."""
    t = time.perf_counter()
    with pytest.raises(BoardkitError, match=match) as info:
        call(bad)
    assert time.perf_counter() - t < 1.0
    assert 0 < len(str(info.value)) <= 2000


def _battle_game():
    """A game where P1 is to decide a battle (a battle puzzle's position)."""
    from boardkit.mawari import puzzles
    for p in puzzles.PUZZLES.puzzles:
        if puzzles.parse_position(p.position).ask == "battle":
            return puzzles.make_game(p)
    raise AssertionError("no battle puzzle")


def _game_entries():
    from boardkit.mawari import ai, fastloop, puzzles, tutor
    from boardkit.mawari.widget import MawariWidget
    rng = np.random.default_rng(0)
    puzzle = puzzles.PUZZLES.puzzles[0]
    return {
        "hint": (lambda g: ai.hint(g), r"hint\(game\)"),
        "explain": (lambda g: ai.explain(g, None), r"explain\(game\)"),
        "battle_chances": (lambda g: ai.battle_chances(g), r"battle_chances\(game\)"),
        "race_chances": (lambda g: ai.race_chances(g), r"race_chances\(game\)"),
        "always_battle": (lambda g: ai.always_battle(g, rng), r"always_battle\(game\)"),
        "random_battle": (lambda g: ai.random_battle(g, rng), r"random_battle\(game\)"),
        "smart_battle": (lambda g: ai.smart_battle(g, rng), r"smart_battle\(game\)"),
        "simulate_games": (lambda g: ai.simulate_games(lambda: g, ["never", "never"], games=1),
                           r"simulate_games\(factory\)"),
        "odds": (lambda g: tutor.odds(g, 1), r"odds\(before\)"),
        "play_bots": (lambda g: fastloop.play_bots(g, [ai.never_battle] * 2, rng, 10, 10),
                      r"play_bots\(game\)"),
        "replay": (lambda g: fastloop.replay(g, (), []), r"replay\(game\)"),
        "answer_after": (lambda g: puzzles.answer_after(puzzle, g), r"answer_after\(game\)"),
        "click_answer": (lambda g: puzzles.click_answer(puzzle, g, "1五"), r"click_answer\(game\)"),
        "MawariWidget": (lambda g: MawariWidget(g), r"game must be a MawariGame"),
    }


@pytest.mark.parametrize("entry", list(_game_entries()))
def test_i27_a_game_argument_must_be_a_mawari_game(entry):
    call, match = _game_entries()[entry]
    for bad in _hostile(none=entry in ("hint", "battle_chances", "race_chances", "odds",
                                       "play_bots", "replay", "simulate_games")):
        _refused(call, bad, match)


def test_i27_bots_and_their_arguments():
    """A bot is asked only when a decision is due: otherwise a BoardkitError, not an
    IndexError; random_battle's rng is a Generator; the decisions stay the same."""
    from boardkit.mawari import ai
    rng = np.random.default_rng(0)
    with pytest.raises(BoardkitError, match="no battle decision is due"):
        ai.always_battle(MawariGame(), rng)
    g = _battle_game()
    for bad in (None, 42, "rng", np.random.RandomState(0)):
        _refused(lambda r: ai.random_battle(g, r), bad, r"random_battle\(rng\)")
    assert ai.always_battle(g, rng) == g.legal_moves()[0]
    assert ai.random_battle(g, np.random.default_rng(1)) in g.legal_moves()
    assert ai.hint(g) == ai.smart_battle(g, rng)
    for bad in ("battle P2", 1, _hostile()[5]):
        _refused(lambda m: ai.explain(g, m), bad, r"explain\(move\)")
    for bad in (5, [], "x" * 100_000):
        _refused(lambda lv: ai.hint(g, lv), bad, "level")
    for bad in ([1], [0, 9] * (g.players // 2), [0] * (g.players + 1), "01"):
        _refused(lambda r: ai.race_chances(g, r), bad, r"race_chances\(ranks\)")
    _refused(lambda a: ai.race_chances(g, None, a), "yes", r"race_chances\(again\)")


def _model_entries():
    from boardkit.mawari import ai
    from boardkit.mawari.ring import RingChain
    from boardkit.mawari.widget import tally_widget, toss_widget
    tally = TossTally.from_counts({"up up down down": 3})
    return {
        "battle_odds": (lambda m: ai.battle_odds(m, 16), r"battle_odds\(model\)"),
        "RingChain": (lambda m: RingChain(m), r"RingChain\(model\)"),
        "with_model": (lambda m: MawariRules.with_model(m), r"with_model\(model\)"),
        "TossTally.test": (lambda m: tally.test(m), r"test\(model\)"),
        "tally_widget": (lambda m: tally_widget(m), r"tally_widget\(model\)"),
        "toss_widget": (lambda m: toss_widget(m), r"toss_widget\(model\)"),
    }


@pytest.mark.parametrize("entry", list(_model_entries()))
def test_i27_a_model_argument_must_be_a_toss_model(entry):
    call, match = _model_entries()[entry]
    for bad in _hostile(none=entry in ("battle_odds", "with_model", "TossTally.test")):
        _refused(call, bad, match)
    call(TossModel.fair())                      # the right kind still works


def test_i27_squares_are_whole_numbers():
    """The ring's square helpers read a whole number (a numpy int too, any size round
    the ring as before); anything else is refused naming the function's argument."""
    from boardkit.mawari import movegen, notation, ring
    from boardkit.mawari.ring import RingChain
    entries = [
        (notation.square_coords, r"square_coords\(i\)"), (notation.is_corner, r"is_corner\(i\)"),
        (lambda a: movegen.distance(a, 0), r"distance\(a\)"),
        (lambda b: movegen.race_length(0, b), r"race_length\(b\)"),
        (lambda q: movegen.decisions([q]), r"decisions\(targets\)"),
        (lambda p: ring.step(p, 3), "ring position"),
        (lambda s: ring.step(0, s), r"step\(squares\)"),
        (lambda j: ring.step(0, 3, j if not isinstance(j, bool) else None), r"step\(jump\)"),
        (lambda s: RingChain().simulate_laps(5, np.random.default_rng(0), s), "ring position"),
    ]
    bad_values = [None, True, "", "\udc80", "3", 2.5, float("nan"), b"3", [3], object(),
                  _hostile()[8], np.zeros(10 ** 5)]
    for call, match in entries:
        for bad in bad_values:
            _refused(call, bad, match)
    assert notation.square_coords(np.int64(3)) == notation.square_coords(3) == notation.square_coords(35)
    assert notation.is_corner(-8) and not notation.is_corner(10 ** 30 + 1)
    assert movegen.race_length(np.int64(0), 16) == 2 * movegen.distance(0, 16) == 32
    assert ring.step(np.int64(30), 3) == ring.step(30, 3)
    chain = RingChain(exact=False)
    for bad in (-1, 32, 10 ** 30, "0", None, 0.0):
        _refused(chain.expected_turns, bad, r"expected_turns\(start\)")
        _refused(lambda s: chain.turns_distribution(5, s), bad, r"turns_distribution\(start\)")
    for call in (lambda p: movegen.battle_targets(p, [False, False], 0),
                 lambda p: movegen.battle_targets([4, 28], p, 0),
                 lambda p: movegen.battle_targets([4, 28], [False, False], p)):
        for bad in (None, [4], [4, 99], "ab", np.zeros(2), [None, None], 5):
            _refused(call, bad, r"battle_targets\((pos|laid|mover)\)")
    assert movegen.battle_targets((4, 20), (False, np.bool_(False)), np.int64(0)) == [1]


def test_i27_work_is_bounded():
    """Accepted sizes answer; sizes past the bounds are refused at once, not a hang."""
    from boardkit.mawari import ai, stats
    from boardkit.mawari.ring import RingChain
    for bad in (0, 33, 10 ** 9, 2.5):
        _refused(lambda n: ai.battle_odds(TossModel.fair(), n), bad, r"battle_odds\(length\)")
    for chain, top in ((RingChain(), 100), (RingChain(exact=False), 10_000)):
        for bad in (-1, top + 1, 10 ** 30, None, 2.5):
            _refused(chain.turns_distribution, bad, r"turns_distribution\(max_turns\)")
    assert len(RingChain(exact=False).turns_distribution(500)) == 500
    for bad in (10 ** 12, -1, 2.5, None):
        _refused(lambda n: ai.simulate_games(MawariGame, ["never", "never"], games=n), bad,
                 r"simulate_games\(games\)")
    many = [1] * 5_000
    _refused(lambda o: stats.chi_square_test(o, [1 / 5_000] * 5_000), many,
             r"chi_square_test\(observed\)")
    for x in (10 ** 30, 10 ** 5000, float("inf"), 1e300):
        _, err = probe("chi_square_sf far tail", stats.chi_square_sf, x, 3)
        assert err is None and stats.chi_square_sf(x, 3) == 0.0
    assert stats.chi_square_sf(3.841, 1) == pytest.approx(0.05, abs=1e-3)
    assert stats.chi_square_sf(0, 3) == 1.0


def test_i27_sizes_and_chances_are_numbers():
    """Drawing sizes, coordinates, chances and chi-square inputs: finite numbers."""
    from boardkit.mawari import stats
    from boardkit.mawari.ring import draw_ring_values
    from boardkit.mawari.toss import draw_toss
    from boardkit.svg import Drawing
    toss = Toss.parse("up up down side")
    not_numbers = [None, True, "", "\udc80", "20", b"20", ["20"], _hostile()[5], {"a": 1},
                   object(), _hostile()[8], np.zeros(10 ** 5), float("nan")]
    entries = [
        (lambda w: toss.draw(width=w), r"Toss.draw\(width\)"),
        (lambda v: toss.draw(all_down_value=v), r"Toss.draw\(all_down_value\)"),
        (lambda v: toss.draw(overlap_back=v), r"Toss.draw\(overlap_back\)"),
        (lambda x: draw_toss(Drawing(400, 100), toss, x, 0, 400, 80), r"draw_toss\(x0\)"),
        (lambda w: draw_toss(Drawing(400, 100), toss, 0, 0, w, 80), r"draw_toss\(width\)"),
        (lambda d: draw_toss(d, toss, 0, 0, 400, 80), r"draw_toss\(d\)"),
        (lambda t: draw_toss(Drawing(400, 100), t, 0, 0, 400, 80), r"draw_toss\(toss\)"),
        (lambda g: draw_toss(Drawing(400, 100), toss, 0, 0, 400, 80, g), r"draw_toss\(game\)"),
        (lambda v: draw_ring_values(v), r"draw_ring_values\(values\)"),
        (lambda v: draw_ring_values([v] * 32), r"draw_ring_values\(values\)"),
        (lambda s: draw_ring_values([1] * 32, size=s), r"draw_ring_values\(size\)"),
        (lambda s: TossModel.with_standing(s), r"with_standing\(side\)"),
        (lambda s: TossModel.with_standing(0.1, upright=s), r"with_standing\(upright\)"),
        (lambda x: stats.chi_square_sf(x, 1), r"chi_square_sf\(x\)"),
        (lambda df: stats.chi_square_sf(1.0, df), r"chi_square_sf\(df\)"),
        (lambda o: stats.chi_square_test(o, [0.5, 0.5]), r"chi_square_test\((observed|probabilities)\)"),
        (lambda o: stats.chi_square_test([1, 2], o), r"chi_square_test\(probabilities\)"),
    ]
    for call, match in entries:
        for bad in not_numbers:
            if match.startswith("draw_toss\\(game") and bad is None:
                continue                                  # None: the default rules
            if match.startswith("draw_toss\\(toss") and bad is None:
                continue                                  # None: the empty table
            _refused(call, bad, match)
    for big in (10 ** 5000, float("inf"), -1, 10 ** 6):
        _refused(lambda w: toss.draw(width=w), big, r"Toss.draw\(width\)")
    assert "金" in toss.draw(width=np.int64(300)).to_svg()
    assert TossModel.with_standing(F(1, 10)) == TossModel.with_standing(F(1, 10), 0, 0)
    assert draw_ring_values(np.arange(32)).to_svg()


def test_i27_numpy_arrays_never_meet_a_truth_test():
    """A numpy array where a number or a name is expected is refused, never the raw
    "truth value of an array is ambiguous"."""
    from boardkit.mawari import puzzles
    from boardkit.mawari.ring import RingChain
    from boardkit.mawari.widget import MawariWidget
    arr = np.zeros(10)
    for call, match in [
        (lambda a: MawariGame(players=a), r"MawariGame\(players=\.\.\.\)"),
        (lambda a: MawariWidget(players=a), "2 to 4 players"),
        (lambda a: Toss.parse("up up up up").count(a), "face must be one of"),
        (lambda a: puzzles.board_cell(a), "square"),
        (lambda a: MawariWidget().handle_click(a), "cell must be"),
        (lambda a: RingChain(exact=a), r"RingChain\(exact\)"),
        (lambda a: RingChain(jump=a), r"RingChain\(jump\)"),
        (lambda a: puzzles.click_answer(a, MawariGame(), "1五"), r"click_answer\(puzzle\)"),
    ]:
        _refused(call, arr, match)
    p = puzzles.PUZZLES.puzzles[0]
    assert puzzles.click_answer(p, puzzles.make_game(p), arr).right is None     # "click a square"


def test_i27_refusal_messages_from_hostile_values_stay_short():
    from boardkit.mawari import notation
    from boardkit.mawari.toss import check_all_down_value, overlap_rule
    rng = np.random.default_rng(0)
    for bad in ("9" * 100_000, BadRepr(), deep(10_000), 10 ** 5000):
        _refused(lambda n: TossModel.fair().compare(n, rng), bad, "compare needs n|n must be")
        _refused(lambda w: check_all_down_value(5000, w), bad, "all_down_value must be")
        _refused(lambda w: overlap_rule("sideways", w), bad, "overlap_back must be")
        _refused(lambda lim: notation.short("abc", lim), bad, "limit must be")
    assert check_all_down_value(20, "rules(all_down_value)") == 20
    assert notation.short("x" * 100, 10) == repr("x" * 10) + "..."


def test_i27_puzzles_and_widget_hooks_check_their_arguments():
    from boardkit.mawari import notation, puzzles
    from boardkit.mawari.puzzle_widget import MawariPuzzleBoard
    from boardkit.mawari.toss import TurnDistribution
    from boardkit.mawari.widget import MawariWidget
    puzzle = puzzles.PUZZLES.puzzles[0]
    w = MawariWidget()
    before = w.game.to_json()
    entries = [
        (puzzles.make_game, r"make_game\(puzzle\)"), (puzzles.draw_puzzle, r"draw_puzzle\(puzzle\)"),
        (puzzles.widget_options, r"widget_options\(puzzle\)"),
        (puzzles.answer_after, r"answer_after\(puzzle\)"),
        (lambda p: puzzles.show_answer(p, w), r"show_answer\(puzzle\)"),
        (lambda b: puzzles.show_answer(puzzle, b), r"show_answer\(board\)"),
        # render, move_path and make_game: checked by the widgets' base, for every game alike
        (w.render, "selection"), (w.move_path, "move"),
        (w.make_game, "options"),
        (lambda p: MawariPuzzleBoard(pending=p), "pending must be"),
        (lambda c: MawariPuzzleBoard(conceal=c), "conceal must be"),
        (lambda legal: notation.parse_decision("battle", legal), r"parse_decision\(legal\)"),
        (TossTally.from_tosses, "tosses must be a list|a tally row is"),
        (lambda p: TurnDistribution(p, 0, 1), r"TurnDistribution\(probs\)"),
        (lambda r: TurnDistribution({1: 0.5}, r, 1), r"TurnDistribution\(remaining\)"),
        (lambda m: TurnDistribution({1: 0.5}, 0, m), r"TurnDistribution\(max_repeats\)"),
    ]
    for call, match in entries:
        for bad in _hostile():
            if match == "conceal must be" and bad is True:
                continue                           # True is a valid conceal
            _refused(call, bad, match)
    assert w.game.to_json() == before              # nothing refused changed the board
    assert w.make_game({"players": 3}).players == 3
    assert w.move_path(notation.parse_decision("no", [Battle(None)])) == (w.game.square(0),)
    assert TossTally.from_tosses(("up up down down", Toss.parse("up down up down"))).n == 2


def test_i27_player_answers_never_raise():
    """The laid-down exercise reads player numbers from any answer: a hostile one is
    feedback (an AnswerError), never a raw error from str()."""
    from boardkit.exercises import AnswerError
    from boardkit.mawari.exercises import _players
    for bad in (10 ** 5000, deep(10_000), BadRepr(), [2.5], np.zeros(10 ** 5), [b"2"]):
        with pytest.raises(AnswerError):
            _players(bad)
    assert _players([2, 3]) == _players("P2 P3") == _players(np.array([2, 3])) == {2, 3}
    assert _players(np.int64(2)) == {2}
