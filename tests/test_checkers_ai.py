"""The checkers bots: legal, picklable, strong beats easy, and each tip term does its job."""
import pickle

import numpy as np
import pytest

from boardkit import BoardkitError, sim
from boardkit.checkers import ai
from boardkit.checkers.ai import TIPS, TipBot, best_move, easy, evaluate, normal, strong, tip_bot
from boardkit.checkers.game import CheckersGame
from boardkit.checkers.rules import CheckersRules
from boardkit.i18n import tr

PRESETS = [CheckersRules.american(), CheckersRules.no_forced(), CheckersRules.international()]
# Black to move; 15-18 walks into 22x15 for nothing, 5-9 and 15-19 are safe
HANGING = "B:W22,27,30:B15,5"


def _bb(game):
    return game.raw_position()


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_bots_play_only_legal_moves(rules):
    """Every bot returns one of the legal moves, in seeded random positions (CK-06: when
    a capture is forced, the bots' moves are captures)."""
    rng = np.random.default_rng(7)
    game = CheckersGame(rules)
    for ply in range(30 if rules.board_size == 8 else 16):
        if game.is_over():
            break
        legal = game.legal_moves()
        for name in ai.LEVELS:
            bot = ai.bot(name)
            if name == "strong" and rules.board_size == 10 and ply % 4:
                continue   # keep the 10x10 deep searches few
            m = bot(game.copy(), np.random.default_rng(ply))
            assert m in legal, (name, str(m), game.fen())
        game.play(legal[int(rng.integers(len(legal)))])


def test_bots_are_picklable_for_process_pools():
    for bot in [ai.bot(name) for name in ai.LEVELS] + [tip_bot(without="trade")]:
        clone = pickle.loads(pickle.dumps(bot))
        assert clone == bot


def test_strong_beats_easy_in_a_measured_tournament():
    res = sim.tournament(lambda: CheckersGame(), {"strong": strong, "easy": easy},
                         games=10, seed=3, progress=False)
    assert res.wins["strong"] >= 8, res.summary()


def test_normal_beats_easy():
    res = sim.tournament(lambda: CheckersGame(), {"normal": normal, "easy": easy},
                         games=10, seed=4, progress=False)
    assert res.wins["normal"] >= 7, res.summary()


def test_strong_and_hint_do_not_hang_a_piece():
    game = CheckersGame(fen=HANGING)
    assert str(best_move(game, 4)) != "15-18"
    for seed in range(5):
        assert str(strong(game, np.random.default_rng(seed))) != "15-18"


def test_shots_tip_is_what_sees_a_hanging_piece():
    """Without "shots" a 1-ply bot scores 15-18 like any step and sometimes plays it;
    with it (quiescence on captures) it never does."""
    game = CheckersGame(fen=HANGING)
    blind = {str(TipBot(frozenset(), depth=1)(game, np.random.default_rng(s))) for s in range(30)}
    seeing = {str(TipBot(frozenset({"shots"}), depth=1)(game, np.random.default_rng(s)))
              for s in range(30)}
    assert "15-18" in blind
    assert "15-18" not in seeing


def test_best_move_takes_the_bigger_capture_when_free_to_choose():
    """CK-06 (American): any capture may be chosen; the search prefers the double jump."""
    game = CheckersGame(fen="B:W18,26,11:B14,7")
    assert sorted(str(m) for m in game.legal_moves()) == ["14x23x30", "7x16"]
    assert str(best_move(game, 3)) == "14x23x30"


def test_easy_takes_the_biggest_capture():
    game = CheckersGame(fen="B:W18,26,19:B14,1")
    most = max(len(m.captures) for m in game.legal_moves())
    for s in range(10):
        assert len(easy(game, np.random.default_rng(s)).captures) == most


def test_best_move_finds_a_win_in_an_ending():
    """CK-10: Black kings 22 and 23 against a White man on 27; the search finds the
    capture or the block that wins."""
    game = CheckersGame(fen="B:W27:BK22,K23")
    m = best_move(game, 6)
    g = game.copy()
    g.play(m)
    for _ in range(20):
        if g.is_over():
            break
        g.play(g.legal_moves()[0] if g.turn == 1 else best_move(g, 6))
    assert g.outcome() is not None and g.outcome().winner == 0


# ------------------------------------------------------------------ tip terms
def _value(fen, tips, n=8):
    b, w, k, p = _bb(CheckersGame(CheckersRules.custom(board_size=n), fen=fen))
    return evaluate(b, w, k, p, n, frozenset(tips))


def test_material_counts_men_and_kings():
    assert _value("B:W21:B1,2", ()) == 100
    assert _value("B:WK21:B1", ()) == -40        # a king is worth more than a man


@pytest.mark.parametrize("tip,better,worse", [
    # the same Black men, one placement following the tip and one not
    ("back_row", "B:W25:B1,9", "B:W25:B13,9"),        # a man kept on the back row
    ("centre", "B:W25:B14", "B:W25:B12"),              # 14 is central, 12 on the edge
    ("groups", "B:W25:B14,10", "B:W25:B14,11"),        # 14 backed by 10
    ("crown", "B:W25:B22", "B:W25:B10"),               # further on the way to crown
])
def test_each_shape_tip_prefers_its_shape(tip, better, worse):
    assert _value(better, (tip,)) > _value(worse, (tip,))
    assert _value(better, ()) == _value(worse, ())      # material alone cannot tell


def test_trade_tip_makes_trading_down_attractive_when_ahead():
    """The same two-man lead counts more with fewer pieces left, and a two-man deficit
    hurts more, so the leader trades and the trailer avoids trades."""
    many = "B:W21,22,23:B1,2,3,4,5"
    few = "B:W21:B1,2,3"
    assert _value(many, ()) == _value(few, ())
    assert _value(few, ("trade",)) > _value(many, ("trade",))
    assert _value("W:W21,22,23:B1,2,3,4,9", ("trade",)) > _value("W:W21:B1,2,9", ("trade",))


def test_tip_bot_rejects_unknown_tips():
    with pytest.raises(BoardkitError, match="tips are"):
        tip_bot(without="luck")
    assert tip_bot(without="trade").tips == frozenset(TIPS) - {"trade"}
    assert tip_bot(only=("shots",)).tips == frozenset({"shots"})


def _is_even_trade(game, move):
    """After ``move`` the opponent must capture one man and we capture one back."""
    after = game.child(move)
    replies = after.legal_moves()
    if not replies or not all(r.is_capture and len(r.captures) == 1 for r in replies):
        return False
    return all(all(x.is_capture and len(x.captures) == 1 for x in after.child(r).legal_moves())
               for r in replies)


def test_strong_trades_when_ahead():
    """Four men against two: the strong bot offers a one-for-one exchange (3-7, 20x11,
    7x16), which only the "trade" term makes attractive."""
    game = CheckersGame(fen="B:W20,22:B1,2,3,16")
    for seed in range(3):
        assert _is_even_trade(game, strong(game, np.random.default_rng(seed)))
    no_trade = TipBot(frozenset(TIPS) - {"trade"}, depth=4)
    assert not _is_even_trade(game, no_trade(game, None))


def test_bots_refuse_a_finished_game_ck10():
    """No legal move (CK-10): every bot and the hint raise a boardkit error naming the
    rule, and the game is untouched."""
    from boardkit import IllegalMoveError
    game = CheckersGame(fen="W:W32:B23,27,28")
    fen = game.fen()
    for bot in [ai.bot(name) for name in ai.LEVELS] + [lambda g, r: ai.hint(g)]:
        with pytest.raises(IllegalMoveError, match="CK-10"):
            bot(game, np.random.default_rng(0))
    assert game.fen() == fen and game.history == []


def test_levels_bot_and_hint_contract():
    """LEVELS weakest first with the source's Japanese labels; bot() takes either name;
    hint() uses HINT_LEVEL, is repeatable, and says why."""
    assert list(ai.LEVELS) == ["easy", "normal", "strong"]
    assert tr(ai.LEVELS["strong"], "ja") == "つよい" and ai.HINT_LEVEL in ai.LEVELS
    assert ai.bot("つよい") is ai.bot("strong") is strong
    with pytest.raises(BoardkitError, match="easy"):
        ai.bot("hard")
    game = CheckersGame(fen=HANGING)
    first = ai.hint(game)
    assert first == ai.hint(game) == best_move(game, 4) and str(first) != "15-18"
    assert first in game.legal_moves() and ai.explain(game, first)
    capture = CheckersGame(fen="B:W18,30:B14,5")
    assert "CK-06" in str(ai.explain(capture, ai.hint(capture)))


def test_strong_search_is_bounded_by_its_node_budget():
    """The strong level and the hint stay within NODE_BUDGET nodes: a 10x10 ending with
    a dozen flying kings (about 48,000 nodes for 4 plies) is answered from a shallower
    depth, and the choice is the same every time (a node count, not the clock)."""
    import time
    game = CheckersGame(CheckersRules.international(),
                        fen="W:WK46,K47,K48,K49,K50,K36:BK1,K2,K3,K4,K5,K15")
    t = time.process_time()
    first = ai.hint(game)
    assert time.process_time() - t < 2.0          # ~0.35 s on an idle core
    assert first == ai.hint(game) == ai.bot("strong")(game, None)
    assert first in game.legal_moves()
    # ordinary positions are searched to the full depth, exactly as without a budget
    game = CheckersGame(fen=HANGING)
    assert best_move(game, 4) == best_move(game, 4, max_nodes=None)


def test_explain_names_a_shot_only_when_it_is_one():
    """The hint's reason: a shot is named only when every forced capture of the opponent
    lets the mover capture more back; a plain sacrifice is not called a shot."""
    game = CheckersGame(fen="B:W22,24,27:B6,10,14")
    assert "(a shot)" in str(ai.explain(game, game._parse_move("14-18")))
    assert "gives up a piece" in str(ai.explain(game, game._parse_move("14-17")))
    assert str(ai.explain(game, game._parse_move("6-9"))).startswith("the strong search")
