"""The strategy tips of notebook 27 as bots (boardkit.diamond.ai.TIPS) and their settled
results (boardkit/data/tips_diamond.json, written by benchmarks/tips.py diamond).

Tip 3 (the king, DG-11/DG-12) and tip 4 (fill the goal from the far end, DG-14/DG-15) are
turned into play by terms the levels leave at their neutral values, so the levels' bots
choose the same moves (tests/test_diamond_ai.py, benchmarks/diamond_matches.py --check)."""
import importlib.util
import json
import pathlib
import sys

import numpy as np
import pytest

from boardkit.diamond import DiamondGame, DiamondRules, ai
from boardkit.diamond import geometry as B

ROOT = pathlib.Path(__file__).resolve().parents[1]
RESULTS = ROOT / "boardkit" / "data" / "tips_diamond.json"
KEYS = {"tip", "games", "wins", "draws", "losses", "score", "interval", "seed", "command"}


def _tips_script():
    name = "boardkit_benchmarks_tips"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "tips.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod                  # dataclasses look their module up there
        spec.loader.exec_module(mod)
    return sys.modules[name]


def test_levels_keep_the_neutral_tip_terms():
    """The new terms are off in the weights every level uses."""
    assert (ai.DEFAULT.king_block, ai.DEFAULT.king_leap, ai.DEFAULT.goal_step) == (0.0, 0.0, 1.0)
    assert ai.normal_bot.weights is ai.DEFAULT and ai.weak_bot.weights is ai.DEFAULT


def test_benchmark_table_builds_the_same_bots_as_ai_tips():
    tips = _tips_script()
    rows = tips.TABLE["diamond"]
    assert [t.name for t in rows] == list(ai.TIPS)
    for t in rows:
        for level in ai.TIP_LEVELS:
            with_bot, without_bot = t.bots(level)
            w, wo, _ = ai.tip_bots(t.name, level)
            assert (repr(with_bot), repr(without_bot)) == (repr(w), repr(wo))


def _red_line():
    """Red's king with one red piece right behind it on a line towards red's goal."""
    rules = DiamondRules(players=2, pieces=10)
    g = DiamondGame(rules)
    dist = ai._dist_table(g)[0]
    k = B.INDEX[B.hole("i5")]
    for d in range(6):
        j, x = B.NB[k][d], B.NB[k][ai._OPP[d]]
        if j >= 0 and x >= 0 and dist[x] < dist[j] and dist[x] < dist[k] < dist[j]:
            return rules, k, j, x
    raise AssertionError("no forward line through i5")


def test_dg12_a_king_in_front_of_its_own_piece_counts_as_a_block():
    rules, k, j, x = _red_line()
    w = ai.Weights(king_block=1.0)
    blocked = DiamondGame.from_pieces({B.HOLES[k]: (0, True), B.HOLES[j]: 0, "h10": 1}, rules)
    assert ai.king_extra(blocked, 0, w) == -1.0
    # the same piece in front of the king: nothing barred (it can still hop on)
    free = DiamondGame.from_pieces({B.HOLES[k]: (0, True), B.HOLES[x]: 0, "h10": 1}, rules)
    assert ai.king_extra(free, 0, w) == 0.0


def test_dg11_the_leap_term_counts_the_kings_best_next_move():
    rules, k, j, x = _red_line()
    w = ai.Weights(king_leap=0.25)
    g = DiamondGame.from_pieces({B.HOLES[k]: (0, True), B.HOLES[x]: 0, "h10": 1}, rules)
    dist = ai._dist_table(g)[0]
    best = max(dist[k] - dist[y & 255] for y in ai.dests(g, k))
    assert best >= 2                                   # at least the hop over the piece
    assert ai.king_extra(g, 0, w) == 0.25 * best


def test_king_tip_bot_leaves_the_game_as_it_was_and_plays_a_legal_move():
    with_bot, _, new_game = ai.tip_bots("king")
    g = new_game()
    rng = np.random.default_rng(5)
    for _ in range(30):
        before = (list(g.cells), g.turn)
        move = with_bot(g, rng)
        assert (list(g.cells), g.turn) == before
        assert move in g.legal_moves()
        g.play(move)


def test_goal_step_weighs_steps_inside_the_goal():
    """DG-14: tip 4's bot counts a step inside the goal half; outside, plain distance."""
    rules = DiamondRules(players=2, pieces=10, kings=False)
    dist = ai._dist_table(DiamondGame(rules))[0]
    inside = next(i for i in range(B.N) if dist[i] == 3)
    outside = next(i for i in range(B.N) if dist[i] == 6)
    half = ai.Weights(goal_step=0.5, straggler=0.0, squatter=0.0)
    for i, expect in ((inside, 1.5), (outside, 3 + 1.5)):
        p = DiamondGame.from_pieces({B.HOLES[i]: 0, "h10": 1}, rules)
        assert ai.race(p, 0, half) == ai._race_of(p, 0, half) == ai._Race(p, 0, half).total == expect


@pytest.mark.skipif(not RESULTS.exists(), reason="no results file")
def test_settled_results_cover_every_tip_with_2000_games_and_match_the_bots():
    entries = json.loads(RESULTS.read_text(encoding="utf-8"))
    assert [e["tip"] for e in entries] == list(ai.TIPS)
    for e in entries:
        assert KEYS <= set(e)
        assert e["games"] >= 2000 and e["wins"] + e["draws"] + e["losses"] == e["games"]
        lo, hi = e["interval"]
        assert lo <= e["score"] <= hi and hi - lo <= 0.05
        w, wo, _ = ai.tip_bots(e["tip"], e["level"])
        assert (e["with"], e["without"]) == (repr(w), repr(wo))     # the file matches the code
        assert e["command"].startswith("python benchmarks/tips.py diamond")
