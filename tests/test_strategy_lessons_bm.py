"""Strategy answers of the 回り将棋 lessons checked by an independent computation.

The smart battle policy compares chances to win the game from the race model
(``ai.battle_chances``); here the same decisions are played out by the engine itself,
seeded games with nobody battling afterwards, and the 95% Wilson intervals of "battle"
and "no battle" must not overlap, in the direction the model says (MS-15: a battle is a
gamble that adds risk, worth taking when behind, refused when ahead).
"""
from __future__ import annotations

import pytest

from boardkit import sim
from boardkit.mawari import MawariGame, ai
from boardkit.mawari.game import Battle


def _decision(p1, p2):
    g = MawariGame.setup({0: ("1八", p1), 1: ("9五", p2)}, players=2, turn=0)
    g.set_toss("表 表 表 裏")
    assert g.phase == "decide"
    return g


def _played_out(g, move, games, seed):
    """P1's share of wins when ``move`` is played in ``g`` and nobody battles after."""
    never = ai.bot("never")
    wins = 0
    for rng in sim.spawn_rngs(seed, games):
        h = g.copy()
        h.play(move)
        outcome, _ = sim.play_game(h, [never, never], rng, 2000)
        wins += outcome is not None and outcome.winner == 0
    return wins


@pytest.mark.parametrize("p1, p2, battle_better", [("歩", "香", True), ("香", "歩", False)])
def test_ms15_smart_battles_when_behind_refuses_when_ahead(p1, p2, battle_better):
    g = _decision(p1, p2)
    chances = ai.battle_chances(g)
    model_battle, model_stay = chances[Battle(1)][0], chances[Battle(None)][0]
    assert (model_battle > model_stay) is battle_better
    assert (ai.smart_battle(g, None) == Battle(1)) is battle_better
    n = 3000
    wb = _played_out(g, Battle(1), n, seed=11)
    ws = _played_out(g, Battle(None), n, seed=12)
    lo_b, hi_b = sim.wilson_interval(wb, n)
    lo_s, hi_s = sim.wilson_interval(ws, n)
    if battle_better:
        assert lo_b > hi_s, (wb, ws)
    else:
        assert lo_s > hi_b, (wb, ws)
    # the race model leaves out laying down and two-ups: it stays within 3 points
    assert abs(model_battle - wb / n) < 0.03 and abs(model_stay - ws / n) < 0.03


def test_bg07_notebook_32_try_it_board_matches_its_text():
    """32's second Try-it: Red holds exactly four points (White's 24 to 21), so 16 of the
    36 rolls dance and 20 enter; 4-3 dances and 6-5 can stand on White's 19 or 20."""
    from boardkit.backgammon import BackgammonGame
    from boardkit.backgammon.game import side
    from boardkit.backgammon.rules import BackgammonRules

    def board():
        return BackgammonGame.from_position(side({6: 5, 8: 3, 13: 6}, bar=1),
                                            side({1: 2, 2: 2, 3: 2, 4: 2, 13: 7}),
                                            rules=BackgammonRules.no_cube())
    plays = {(a, b): [str(m) for m in board().set_dice(a, b).legal_moves()]
             for a in range(1, 7) for b in range(1, 7)}
    dance = [r for r, p in plays.items() if p == ["(no play)"]]
    assert len(dance) == 16 and (4, 3) in dance
    assert any(p.startswith(("bar/19", "bar/20")) for p in plays[(6, 5)])
