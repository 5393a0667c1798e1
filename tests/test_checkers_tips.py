"""The checkers tips as the tip bots play them (ai.PLAYED): "centre" as held centre men,
"crown" as kings, safe runners and the guards of the king row; the levels keep their terms."""

import pytest
from test_checkers_fast import check_table_scores

from boardkit.checkers import CheckersGame, ai


def _value(fen, tips):
    b, w, k, p = CheckersGame(fen=fen).raw_position()
    return ai.evaluate(b, w, k, p, 8, frozenset(tips))


def test_centre_held_counts_covered_centre_men_and_against_lone_ones():
    held, lone = "B:W25:B14,9,10", "B:W25:B14,1,2"       # 14 covered by 9 and 10, or alone
    assert _value(held, ()) == _value(lone, ())
    assert _value(held, ("centre_held",)) > _value(held, ())
    assert _value(lone, ("centre_held",)) < _value(lone, ())


def test_crown_safe_counts_kings_covered_runners_and_the_guards():
    assert _value("B:W25:BK5", ("crown_safe",)) - _value("B:W25:BK5", ()) == ai.PLAY_W["king"]
    # the guards 1 and 3 (Black's bridge) against 2 and 4
    assert _value("B:W25:B1,3", ("crown_safe",)) > _value("B:W25:B2,4", ("crown_safe",))
    # a runner in the opponent's half counts when covered on both sides, not alone
    assert _value("B:W28:B22,17,18", ("crown_safe",)) > _value("B:W28:B22,9,10", ("crown_safe",))
    assert _value("B:W25:B22", ("crown_safe",)) == _value("B:W25:B22", ())


def test_tip_pair_plays_centre_and_crown_as_played_and_the_levels_keep_theirs():
    for tip, term in ai.PLAYED.items():
        with_tip, without = ai.tip_pair(tip)
        assert with_tip.tips == frozenset({"shots", term}) and without.tips == frozenset({"shots"})
    assert ai.tip_pair("groups")[0].tips == frozenset({"shots", "groups"})
    assert not (ai._NORMAL_TIPS | frozenset(ai.TIPS)) & ai._PLAYED_TERMS
    w, _wo, _f = ai.lab_combine(["centre", "crown", "groups"], 1)
    assert w.tips == frozenset({"shots", "centre_held", "crown_safe", "groups"})
    with pytest.raises(Exception, match="tips are"):
        ai.lab_combine(["luck"], 1)


def test_table_side_scores_equal_the_plain_terms_with_the_played_tips():
    sets = (frozenset({"centre_held"}), frozenset({"crown_safe", "groups", "crown"}))
    check_table_scores(2, {8: sets, 10: sets})


def test_tip_bots_with_the_played_tips_play_legal_games():
    import numpy as np
    for tip in ai.PLAYED:
        with_tip, without = ai.tip_pair(tip)
        g, rng = CheckersGame(), np.random.default_rng(3)
        for _ in range(60):
            if g.is_over():
                break
            g.play((with_tip if g.turn == 0 else without)(g, rng))
