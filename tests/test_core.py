"""The shared base: game interface, errors, JSON, SVG, simulation, exercises.
Uses tests/toygame.py, a tiny game that exists only to exercise the base."""
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardkit import FormatError, IllegalMoveError
from boardkit.exercises import Checker
from boardkit.sim import monte_carlo, spawn_rngs, tournament, wilson_interval
from boardkit.svg import Drawing, fmt

from toygame import ToyGame, first_bot, random_bot, rush_bot


def test_play_text_and_value_and_history():
    g = ToyGame()
    m = g.play("a-e")
    assert str(m) == "a-e" and g.token == "e" and g.turn == 1
    g.play(g.legal_moves()[0])
    assert [str(x) for x in g.history] == ["a-e", "e-f-g-h"]
    assert g.is_over() and g.outcome().winner == 1 and g.legal_moves() == []


def test_illegal_move_leaves_state_untouched():
    g = ToyGame()
    g.play("a-e")
    before = g.to_json()
    with pytest.raises(IllegalMoveError, match="TOY-1") as e:
        g.play("a-b-c")
    assert e.value.rule == "TOY-1"
    assert g.to_json() == before and len(g.history) == 1


def test_play_after_game_over_is_refused():
    g = ToyGame(start="e")
    g.play("e-f-g-i")
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play("e-a")


def test_undo_restores_exact_state_and_copy_is_independent():
    g = ToyGame()
    states = [g.to_json()]
    for t in ["a-b-d", "d-a", "a-b-c"]:
        g.play(t)
        states.append(g.to_json())
    c = g.copy()
    for s in reversed(states[:-1]):
        g.undo()
        assert g.to_json() == s
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.undo()
    assert c.token == "c" and len(c.history) == 3   # the copy did not move


def test_json_round_trip_and_bad_json():
    g = ToyGame()
    g.play("a-e")
    h = ToyGame.from_json(g.to_json())
    assert h.to_json() == g.to_json()
    with pytest.raises(FormatError, match="not valid JSON"):
        ToyGame.from_json("{nope")
    with pytest.raises(FormatError, match="expected 'toy'"):
        ToyGame.from_json(json.dumps({"game": "chess", "version": 1, "state": {}}))
    with pytest.raises(FormatError, match="version"):
        ToyGame.from_json(json.dumps({"game": "toy", "version": 99, "state": {}}))
    with pytest.raises(FormatError, match="unknown rule option"):
        ToyGame.from_json(json.dumps({"game": "toy", "version": 1, "rules": {"speed": 1}, "state": {}}))
    with pytest.raises(FormatError, match="unknown cell"):
        doc = json.loads(g.to_json()); doc["state"]["token"] = "z"
        ToyGame.from_json(json.dumps(doc))
    with pytest.raises(FormatError, match="bad state"):
        doc = json.loads(g.to_json()); del doc["state"]["plies"]
        ToyGame.from_json(json.dumps(doc))


def test_save_and_load(tmp_path):
    g = ToyGame()
    g.play("a-b-c")
    g.save(tmp_path / "g.json")
    assert ToyGame.load(tmp_path / "g.json").to_json() == g.to_json()


def test_repr_is_stable():
    assert repr(ToyGame()) == "<ToyGame toy: 0 moves played>"


def test_svg_is_deterministic_and_marks_cells():
    d = Drawing(100, 50, background="#fff", title="t")
    d.circle(10.123456, 20, 5, fill="red", cell="a1")
    d.text(50, 25, "王 <&>", size=14)
    d.arrow([(0, 0), (30, 40)])
    svg = d.to_svg()
    assert svg == d.to_svg()
    assert 'data-cell="a1"' in svg and 'cx="10.12"' in svg and "王 &lt;&amp;&gt;" in svg
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert fmt(3.0) == "3" and fmt(2.50) == "2.5" and fmt(1 / 3) == "0.33"


def test_wilson_interval():
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-12
    lo, hi = wilson_interval(0, 10)
    assert lo == 0 and 0 < hi < 0.35
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_tournament_is_reproducible_and_swaps_seats():
    r1 = tournament(ToyGame, {"first": first_bot, "random": random_bot}, games=40, seed=3, progress=False)
    r2 = tournament(ToyGame, {"first": first_bot, "random": random_bot}, games=40, seed=3, progress=False)
    assert (r1.wins, r1.draws) == (r2.wins, r2.draws)
    assert sum(r1.wins.values()) + r1.draws + r1.unfinished == 40
    # rush_bot against itself: the second seat always wins, so swapping seats splits evenly
    r = tournament(ToyGame, {"x": rush_bot, "y": rush_bot}, games=10, seed=0, progress=False)
    assert r.wins["x"] == r.wins["y"] == 5 and r.by_seat[1] == 10
    r = tournament(ToyGame, {"x": rush_bot, "y": rush_bot}, games=10, seed=0, progress=False,
                   swap_seats=False)
    assert r.wins["y"] == 10
    # first_bot against itself cycles a-b-c-a...: every game hits the move limit (a draw)
    r = tournament(ToyGame, {"x": first_bot, "y": first_bot}, games=4, seed=0, progress=False)
    assert r.draws == 4 and r.win_rate("x") == 0.5


def test_tournament_same_result_with_a_process_pool():
    from concurrent.futures import ProcessPoolExecutor
    bots = {"first": first_bot, "random": random_bot}
    local = tournament(ToyGame, bots, games=30, seed=7, progress=False)
    with ProcessPoolExecutor(max_workers=2) as ex:
        pooled = tournament(ToyGame, bots, games=30, seed=7, progress=False, executor=ex)
    assert (local.wins, local.draws, local.plies) == (pooled.wins, pooled.draws, pooled.plies)


def _uniform(rng, size):
    return rng.random(size)


def test_monte_carlo_converges_and_is_blockwise_reproducible():
    r = monte_carlo(_uniform, 200_000, seed=1, block=50_000, progress=False)
    assert abs(r.mean - 0.5) < 4 * r.stderr
    assert r.interval == (r.mean - 1.96 * r.stderr, r.mean + 1.96 * r.stderr)
    assert abs(r.stderr - (1 / 12) ** 0.5 / 200_000 ** 0.5) < 1e-5        # sd of U(0,1) is 1/sqrt(12)
    assert monte_carlo(_uniform, 200_000, seed=1, block=50_000, progress=False).mean == r.mean


def test_spawn_rngs_independent():
    a, b = spawn_rngs(0, 2)
    assert a.random() != b.random()


def test_checker_never_raises(capsys):
    check = Checker("demo")
    assert check("sum", 4, 4)
    assert not check("wrong", 5, 4, hint="add again")
    assert not check("blank", ..., 4)
    assert not check("boom", 1, test=lambda a: 1 / 0)
    assert check("custom", 3, test=lambda a: a % 2 == 1)
    out = capsys.readouterr().out
    assert "✅ sum" in out and "❌ wrong" in out and "add again" in out
    assert "not answered yet" in out and "could not read" in out


# ------------------------------------------------------------ input safety (issue 8)
def test_loads_json_limits_are_format_errors():
    from boardkit._input import MAX_JSON_DEPTH, loads_json
    bad = ["[" * 100_000 + "]" * 100_000, '{"a": NaN}', '[Infinity]', "[1e999]", "[" + "9" * 5000 + "]",
           b"\xff\xfe{}", "x" * 1_000_001, "{nope", 12]
    for text in bad:
        with pytest.raises(FormatError, match="toy JSON"):
            loads_json(text, "toy JSON")
    assert loads_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH, "j") is not None
    assert loads_json('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', "j")["a"].startswith("[[")
    assert loads_json('{"a": "\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', "j")
    assert loads_json(b'{"k": [1, 2.5]}', "j") == {"k": [1, 2.5]}


def test_json_depth_is_exact_and_linear_on_hostile_strings():
    import time

    from boardkit._input import json_depth, loads_json
    tricky = json.dumps(["\\", [["]]]\"[", {"[": ["{"]}]]])    # brackets/escapes inside strings
    assert json_depth(tricky) == 5 and loads_json(tricky, "j") == json.loads(tricky)
    assert json_depth('{"a": [[{}]]}') == 4 and json_depth('"[[["') == 0
    start = time.perf_counter()
    for text in ['"' + '\\"' * 300_000, "[" + '"\\' * 300_000, '"' * 999_999]:
        with pytest.raises(FormatError):
            loads_json(text, "j")                 # unterminated strings: no rescanning
    assert time.perf_counter() - start < 3.0      # was ~20 s with a regex (quadratic)


def test_from_json_and_load_refuse_hostile_input_with_boardkit_errors(tmp_path):
    from boardkit import BoardkitError
    for text in ["[" * 50_000, '{"game": "toy", "version": 1, "rules": {"max_plies": NaN}, "state": {}}',
                 b"\x80\x81", "1" * 2_000_000]:
        with pytest.raises(FormatError):
            ToyGame.from_json(text)
    p = tmp_path / "bad.json"
    p.write_bytes(b"\xff" * 10)
    with pytest.raises(FormatError, match="UTF-8"):
        ToyGame.load(p)
    with pytest.raises(BoardkitError, match="cannot read"):
        ToyGame.load(tmp_path / "missing.json")
    with pytest.raises(BoardkitError, match="cannot read"):
        ToyGame.load(tmp_path)                        # a folder


def test_parse_int_ascii_digits_only_and_bounded():
    from boardkit._input import parse_int
    assert parse_int(" 12 ", "FEN", 1, 32) == 12 and parse_int(-3, "x", -5) == -3
    for text in ["١٢", "４", "+1", "1 2", "9" * 5000, "", "0x10", True, 1.5, None]:
        with pytest.raises(FormatError, match="FEN"):
            parse_int(text, "FEN")
    with pytest.raises(FormatError, match="out of range"):
        parse_int("33", "FEN", 1, 32)


def test_parse_fraction_refuses_the_exponent_trap_fast():
    import time
    from fractions import Fraction

    from boardkit._input import parse_float, parse_fraction, parse_probability
    assert parse_fraction("1/6", "p") == Fraction(1, 6)
    assert parse_probability("2.5e-3", "p") == Fraction(1, 400)
    assert parse_probability(0.5, "p") == Fraction(1, 2) and parse_probability(1, "p") == 1
    assert parse_float("0.25", "p") == 0.25
    start = time.perf_counter()
    for text in ["1e-100000000", "1e100000000", "9" * 100, "1/0", "nan", "inf", "٠.٥", "", "1/2/3",
                 float("nan"), float("inf"), True, None, [1], "1.5", -0.1]:
        with pytest.raises(FormatError, match="toss model"):
            parse_probability(text, "toss model")
    assert time.perf_counter() - start < 0.5


def test_save_is_atomic_and_keeps_the_old_file_on_failure(tmp_path, monkeypatch):
    from boardkit import BoardkitError
    from boardkit._input import atomic_write
    g = ToyGame()
    g.play("a-e")
    path = tmp_path / "g.json"
    g.save(path)
    before = path.read_text()

    def broken(self, indent=None):
        raise BoardkitError("cannot encode")
    monkeypatch.setattr(ToyGame, "to_json", broken)
    with pytest.raises(BoardkitError):
        g.save(path)
    assert path.read_text() == before and [p.name for p in tmp_path.iterdir()] == ["g.json"]
    with pytest.raises(BoardkitError, match="cannot write"):
        atomic_write(tmp_path / "no" / "such" / "dir.json", "x")
    atomic_write(tmp_path / "b.bin", b"\x00\x01")
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\x01"


# ------------------------------------------------------------ the contract (issue 9)
def test_outcome_carries_the_rule_id():
    g = ToyGame(start="e")
    g.play("e-f-g-h")
    assert g.outcome().rule == "TOY-2" and g.outcome().to_dict()["rule"] == "TOY-2"
    from boardkit import Outcome
    assert Outcome(0, "x").rule is None                      # old call shape still works


def test_chance_steps_are_recorded_and_undone_by_the_base():
    from boardkit import ChanceStep

    from toygame import ToyDiceGame
    g = ToyDiceGame()
    start = g.to_json()
    assert g.chance_pending() and g.legal_moves() == []
    d = g.resolve_chance(np.random.default_rng(1))
    assert d in (1, 2) and g.history == [ChanceStep(0, d)] and str(g.history[0]) == str(d)
    after_roll = g.to_json()
    g.play(g.legal_moves()[0])
    assert g.moves_played() == g.history[1:] and g.recent_moves(5) == g.history[1:]
    assert isinstance(g.undo(), type(g.legal_moves()[0]))
    assert g.to_json() == after_roll
    assert g.undo() == ChanceStep(0, d) and g.to_json() == start and g.history == []
    g.set_chance(2)
    assert str(g.legal_moves()[0]) == "t0-t2"
    with pytest.raises(IllegalMoveError, match="no roll or toss is due"):
        g.set_chance(1)
    g.undo()
    with pytest.raises(IllegalMoveError, match="TD-1"):
        g.set_chance(3)
    assert g.to_json() == start
    with pytest.raises(IllegalMoveError, match="no dice or toss"):
        ToyGame().resolve_chance(np.random.default_rng(0))


def test_push_pop_for_search_restores_exactly():
    from toygame import ToyDiceGame
    g = ToyDiceGame()
    before = g.to_json()
    g._push_chance(1)
    g._push(g.legal_moves()[0])
    g._push_chance(2)
    assert g.pos == [1, 0] and len(g.history) == 3
    g._pop(); g._pop(); g._pop()
    assert g.to_json() == before and g.history == []
    t = ToyGame()
    t._push(t.legal_moves()[0]); t._pop()
    assert t.to_json() == ToyGame().to_json()


def test_draw_refuses_unknown_options_naming_the_accepted_ones():
    from boardkit import BoardkitError
    from boardkit._core import DRAW_OPTIONS

    from toygame import ToyDiceGame
    g = ToyGame()
    g.draw(size=200, flip=True, labels=False, highlight=["a"], last_move=2)
    with pytest.raises(BoardkitError, match="unknown option.*flipp.*accepted: arrows") as e:
        g.draw(flipp=True)
    assert all(o in str(e.value) for o in DRAW_OPTIONS)
    ToyDiceGame().draw(dice_box=True)
    with pytest.raises(BoardkitError, match="dice_box"):
        ToyDiceGame().draw(dicebox=True)


def test_rules_first_constructor_and_level_check():
    from boardkit import BoardkitError
    from boardkit._core import check_level

    from toygame import ToyRules
    assert ToyGame(ToyRules(max_plies=3)).rules.max_plies == 3 and ToyGame().rules == ToyRules()
    with pytest.raises(BoardkitError, match="expected a ToyRules"):
        ToyGame(3)
    levels = {"easy": "やさしい", "strong": "つよい"}
    assert check_level("strong", levels) == "strong" and check_level("やさしい", levels) == "easy"
    with pytest.raises(BoardkitError, match="'easy' \\(やさしい\\), 'strong'"):
        check_level("hard", levels)


# ------------------------------------------------------------ the exercise API
def test_exercises_base_class_checks_summarises_and_never_raises(capsys):
    from boardkit.exercises import Exercises, compare_sets, to_set

    class ToyExercises(Exercises):
        topic = "toy"

        def check_reach(self, answer):
            want = {str(m.path[-1]) for m in ToyGame().legal_moves()}
            return self.check("reach", answer, test=lambda a: compare_sets(
                to_set(a, str), want, what="cell", extra_why="the token walks the routes"),
                hint="follow the routes from a")

        def check_count(self, answer):
            return self.check("count", answer, len(ToyGame().legal_moves()))

    ex = ToyExercises()
    assert ToyExercises.names() == ["reach", "count"] and "2 exercises" in repr(ex)
    assert ex.check_reach(["c", "z"]) is False
    out = capsys.readouterr().out
    assert "z is not right: the token walks the routes. 2 cells missing." in out
    assert ex.check_reach({"c", "d", "e"}) is True and ex.check_count(...) is False
    assert ex.check_count(object()) is False
    ex.summary()
    assert capsys.readouterr().out.splitlines()[-1] == "toy: 1 of 2 answers correct"
    ns = {}
    ex.export(ns)
    assert set(ns) == {"check_reach", "check_count", "summary"}
    assert compare_sets([1], {1, 2}, what="square", show_missing=True) == "1 square missing: 2."
    assert to_set("15", int) == {15} and to_set([1, "2"], int) == {1, 2} and to_set(7) == {7}


# ------------------------------------------------------------ shared test helpers
def test_conftest_helpers_work_on_the_toy_games():
    import time as _time

    from boardkit import BoardkitError

    from conftest import answers_fast, assert_rejected, check_invariants, random_games
    from toygame import ToyDiceGame
    g = ToyGame()
    err = assert_rejected(g, lambda: g.play("a-h"), IllegalMoveError, match="TOY-1")
    assert err.rule == "TOY-1"
    with pytest.raises(pytest.fail.Exception):
        assert_rejected(g, lambda: g.play("a-e"))               # accepted: the helper fails
    res, exc, secs = answers_fast(ToyGame.from_json, "[" * 100_000, limit=2.0)
    assert res is None and isinstance(exc, FormatError) and secs < 2.0
    res, err, _ = answers_fast(ToyGame.from_json, "{", limit=5.0, process=True)
    assert err[1] == "FormatError" and err[3] is True
    with pytest.raises(pytest.fail.Exception, match="took over"):
        answers_fast(_time.sleep, 0.5, limit=0.05)
    steps = 0
    for game, _step, _rng in random_games(ToyDiceGame, games=3, seed=2, max_plies=50):
        check_invariants(game)
        steps += 1
    assert steps > 10
    first = [str(s) for _, s, _ in random_games(ToyDiceGame, games=1, seed=5)]
    assert first == [str(s) for _, s, _ in random_games(ToyDiceGame, games=1, seed=5)]
    assert issubclass(FormatError, BoardkitError)


def test_forget_history_makes_the_current_state_the_start():
    g = ToyGame()
    g.play("a-e")
    g._forget_history()
    assert g.history == [] and g.token == "e"
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        g.undo()


# ------------------------------------------------------------ fuzz: the core parsers
_garbage = st.one_of(st.text(max_size=200), st.binary(max_size=200),
                     st.text(alphabet='[]{}"\\:,0123456789eE.-+ aNInfity', max_size=300))


@settings(derandomize=True, max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(_garbage)
def test_fuzz_core_parsers_answer_with_boardkit_errors_only(text):
    from fractions import Fraction

    from boardkit import BoardkitError
    from boardkit._input import loads_json, parse_fraction, parse_int
    for call in (lambda: loads_json(text, "fuzz"), lambda: parse_int(text, "fuzz"),
                 lambda: parse_fraction(text, "fuzz"), lambda: ToyGame.from_json(text)):
        try:
            out = call()
        except BoardkitError as e:
            assert str(e).startswith(("fuzz", "toy JSON"))
        else:
            assert out is None or isinstance(out, (dict, list, str, int, float, bool, Fraction, ToyGame))


@pytest.mark.parametrize("rules_cls", ["checkers.CheckersRules", "diamond.DiamondRules",
                                       "backgammon.BackgammonRules", "mawari.MawariRules",
                                       "mawari.toss.TossModel"])
def test_rules_refuse_unknown_or_extra_options_with_a_boardkit_error(rules_cls):
    """Issue 8: a misspelled rule option is a BoardkitError naming the accepted ones, not
    Python's TypeError; the rules still pickle, copy and replace."""
    import copy
    import dataclasses
    import importlib
    import pickle

    from boardkit._core import BoardkitError
    mod, name = rules_cls.rsplit(".", 1)
    cls = getattr(importlib.import_module(f"boardkit.{mod}"), name)
    with pytest.raises(BoardkitError, match="unknown option.*colour.*accepted"):
        cls(colour=1)
    with pytest.raises(BoardkitError, match="takes at most"):
        cls(*range(40))
    first = dataclasses.fields(cls)[0].name
    default = cls.fair() if name == "TossModel" else cls()
    if name == "TossModel":
        with pytest.raises(BoardkitError, match=r"\['face_down'\] must be given"):
            cls(face_up=default.face_up)
    with pytest.raises(BoardkitError, match="given twice"):
        cls(getattr(default, first), **{first: getattr(default, first)})
    assert pickle.loads(pickle.dumps(default)) == default == copy.deepcopy(default)
    assert dataclasses.replace(default) == default


def test_core_refusals_carry_keys_and_read_in_japanese(tmp_path):
    """The refusals a student reaches through the base (a move after the end, nothing to
    undo, Resume with a missing or wrong file) are keyed: the English sentence as before,
    and a Japanese line of its own with no English detail (review H3)."""
    import re

    from boardkit import BoardkitError
    from boardkit.checkers.game import CheckersGame
    from boardkit.diamond.game import DiamondGame
    from boardkit.i18n import error_text

    def refusal(call):
        try:
            call()
        except BoardkitError as e:
            return e
        raise AssertionError("not refused")
    e = refusal(lambda: ToyGame().undo())
    assert e.key == "error.nothing_to_undo" and "nothing to undo" in str(e)
    assert error_text(e, "ja") == "戻せる手はありません。まだ1手も進んでいません"
    e = refusal(lambda: DiamondGame.load(tmp_path / "saved.json"))
    assert e.key == "error.file_missing" and "cannot read" in str(e) and "No such file" in str(e)
    assert error_text(e, "ja").endswith("saved.json が見つかりません。先に「保存」してください")
    e = refusal(lambda: DiamondGame.from_json(CheckersGame().to_json()))
    assert "'game' is 'checkers'" in str(e)
    assert error_text(e, "ja") == "これはダイヤモンドゲームの保存ファイルではありません"
    e = refusal(lambda: DiamondGame.from_json("{oops"))
    assert "not valid JSON" in str(e) and not re.search(r"[A-Za-z]{3,}", error_text(e, "ja"))
    g = ToyGame()
    while not g.is_over():
        g.play(g.legal_moves()[0])
    e = refusal(lambda: g.play("a"))
    assert e.key == "error.game_over" and "game is over" in str(e)
    assert error_text(e, "ja").startswith("ゲームはもう終わっています。")


def test_levels_are_english_ids_with_labels_in_the_catalogue():
    """No Japanese in the ai modules: LEVELS maps an English id to the key of its label;
    a label in any language still names the level."""
    import importlib
    import re

    from boardkit._core import check_level, level_labels
    from boardkit.i18n import tr
    for game, module in (("checkers", "checkers.ai"), ("diamond", "diamond.ai"),
                         ("backgammon", "backgammon.ai"), ("mawari", "mawari.ai")):
        levels = importlib.import_module(f"boardkit.{module}").LEVELS
        for name, key in levels.items():
            assert key == f"level.{game}.{name}" and not re.search(r"[^\x00-\x7f]", name + key)
            assert tr(key, "en") == name and tr(key, "ja") != name
            assert check_level(tr(key, "ja"), levels) == name == check_level(name, levels)
            assert level_labels(levels, name) == (name, tr(key, "ja"))
