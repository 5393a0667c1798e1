"""The shared base: game interface, errors, JSON, SVG, simulation, exercises.
Uses tests/toygame.py, a tiny game that exists only to exercise the base."""
import json

import numpy as np
import pytest

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
    assert r.interval[0] < 0.5 < r.interval[1] or abs(r.mean - 0.5) < 4 * r.stderr
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
    assert "not answered yet" in out and "could not check" in out
