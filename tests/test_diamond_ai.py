"""The five computer levels of Diamond Game (boardkit.diamond.ai).

Bots must play legal moves under every rule set, leave the game they are given
untouched, be reproducible from a seed and picklable (process pools), pass when
stuck (DG-07), see a finishing move (DG-14) and a blocking ◎ (DG-15), and the
lower adjacent pairs are checked in small seeded tournaments (the 95% Wilson
interval of the stronger level's score lies above one half). The upper pairs need
longer matches: benchmarks/diamond_ai.py measures them (figures in the report)."""
import pickle
import re
from functools import partial

import numpy as np
import pytest

from boardkit._catalogue import Word, render
from boardkit._core import BoardkitError
from boardkit.diamond import PASS, DiamondGame, DiamondRules, ai
from boardkit.diamond import geometry as B
from boardkit.diamond.ai import HINT_LEVEL, LEVELS, bot, explain, hint
from boardkit.sim import tournament


def _midgame(rules, plies=30, seed=0):
    g = DiamondGame(rules)
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        if g.is_over():
            break
        ms = g.legal_moves()
        g.play(ms[int(rng.integers(len(ms)))])
    return g


def test_levels_are_the_sites_five_in_order():
    from boardkit.i18n import tr
    assert [tr(key, "ja") for key in LEVELS.values()] == ["入門", "よわい", "ふつう", "つよい", "最強"]
    assert list(LEVELS) == ["beginner", "weak", "normal", "strong", "strongest"]
    for en, key in LEVELS.items():
        assert bot(en) is bot(tr(key, "ja"))
    assert HINT_LEVEL in LEVELS


def test_unknown_level_is_refused():
    with pytest.raises(BoardkitError, match="strongest"):
        bot("grandmaster")


def test_hint_is_a_legal_move_with_a_reason_and_leaves_the_game_alone():
    g = _midgame(DiamondRules(), plies=30, seed=2)
    before = g.to_json()
    m = hint(g)
    assert m in g.legal_moves() and g.to_json() == before
    assert hint(g) == m                                   # the same position, the same hint
    why = str(explain(g, m))                              # a Word; str() is the English
    assert ("jump" in why or "step" in why) and g.to_json() == before


def test_explain_says_a_finish_and_a_pass():
    g, _ = _one_move_from_home()
    m = hint(g)
    assert "completes the goal" in str(explain(g, m))
    assert "passes (DG-07)" in str(explain(g, PASS))
    assert render(explain(g, PASS).key, "ja", explain(g, PASS).facts) == \
        "1マス進むことも飛び越すこともできないので、パスです（DG-07）"


def test_explain_is_a_word_read_in_japanese():
    """H1: the hint's reason is a key and facts, so a Japanese board reads it in Japanese:
    the king's group jump names DG-11 and how many holes nearer ◎ the piece comes."""
    g = DiamondGame.from_pieces({(0, 0): (0, True), (0, -1): 1, (0, -2): 1, (-3, 3): 1},
                                DiamondRules(players=2), turn=0)
    group = next(m for m in g.legal_moves() if m.kind == "group")
    why = explain(g, group)
    assert isinstance(why, Word) and "group jump (DG-11)" in str(why)
    ja = render(why.key, "ja", why.facts)
    assert ja == "王駒のまとめ飛び（DG-11）で、駒がゴールの◎に3マス近づきます"
    assert not re.search(r"[A-Za-z]{4,}", ja), ja


@pytest.mark.parametrize("rules", [
    DiamondRules(),                                   # DG-05 three players with kings
    DiamondRules(players=2),                          # DG-06
    DiamondRules(players=2, kings=False),             # DG-17
    DiamondRules(players=3, pieces=10),               # DG-18
    DiamondRules(players=2, long_jump=True),          # DG-19
    DiamondRules(players=2, king_hops_after_group=False),  # DG-11 option
    DiamondRules.chinese(players=4),                  # DG-20
    DiamondRules(players=2, swap_rule=True, no_squatting_after=10),  # DG-16 house rules
], ids=["3p", "2p", "noking", "10pieces", "longjump", "nogrouphop", "chinese4", "houserules"])
def test_every_level_plays_a_legal_move_and_leaves_the_game_alone(rules):
    g = _midgame(rules)
    before = g.to_json()
    legal = g.legal_moves()
    for level in LEVELS:
        player = bot(level)
        m = player(g, np.random.default_rng(1))
        assert m in legal, level
        assert g.to_json() == before, f"{level} changed the game"


def test_bots_are_reproducible_and_picklable():
    g = _midgame(DiamondRules(players=2), plies=20, seed=3)
    for level in LEVELS:
        player = bot(level)
        a = player(g, np.random.default_rng(7))
        b = pickle.loads(pickle.dumps(player))(g, np.random.default_rng(7))
        assert a == b, level


def _stuck_position():
    """A lone red piece that can neither step nor hop: every neighbour it may enter
    holds a yellow piece with the hole beyond filled too (or forbidden, DG-13)."""
    rules = DiamondRules(players=2, kings=False)
    probe = DiamondGame(rules)
    red_bad, yellow_bad = probe.forbidden(0), probe.forbidden(1)
    for h in B.HOLES:
        if h in red_bad:
            continue
        yellow = {}
        ok = True
        for dq, dr in B.DIRECTIONS:
            n1, n2 = (h[0] + dq, h[1] + dr), (h[0] + 2 * dq, h[1] + 2 * dr)
            if not B.is_hole(n1) or n1 in red_bad:
                continue
            for x in (n1, n2):
                if B.is_hole(x) and x not in red_bad:
                    if x in yellow_bad:
                        ok = False
                    yellow[x] = 1
        if ok and yellow:
            return DiamondGame.from_pieces({h: 0, **yellow}, rules)
    raise AssertionError("no stuck position found")


def test_dg07_every_level_passes_when_stuck():
    """DG-07: a player with no legal move passes; the bots return the pass move."""
    g = _stuck_position()
    assert g.legal_moves() == [PASS]
    for level in LEVELS:
        player = bot(level)
        assert player(g, np.random.default_rng(0)) == PASS, level


def _one_move_from_home(kings=True, players=2):
    """Red (player 0) has 14 pieces in its goal camp N, the king on ◎, one hole
    empty, and its 15th piece a step away from it; the others are far away."""
    camp = sorted(B.camp("N"), key=lambda h: -B.distance(h, B.apex("N")))
    gap = next(h for h in camp if h in B.border("N") and h not in B.corners("N"))
    outside = next(n for n in B.neighbours(gap) if n not in B.camp("N") and B.tip_of(n) is None)
    pieces = {h: 0 for h in camp if h != gap}
    if kings:
        pieces[B.apex("N")] = (0, True)
    pieces[outside] = 0
    for player, start in enumerate(["NW", "NE"][:players - 1], start=1):
        for h in sorted(B.camp(start))[:14]:
            if h not in pieces:
                pieces[h] = player
        if kings:
            pieces[B.apex(start)] = (player, True)
    rules = DiamondRules(players=players, kings=kings)
    return DiamondGame.from_pieces(pieces, rules), (outside, gap)


@pytest.mark.parametrize("level", ["ふつう", "つよい", "最強"])
def test_dg14_the_better_levels_take_a_finishing_move(level):
    """DG-14: with one step left to finish, ふつう and above play it (a finish found
    now is preferred to the same finish later)."""
    g, (outside, gap) = _one_move_from_home()
    m = bot(level)(g, np.random.default_rng(0))
    g.play(m)
    assert g.is_over() and g.outcome().winner == 0, (level, m)


def test_dg14_strongest_finishes_with_three_players():
    """DG-14 with three players: the game goes on after the first finish, so the
    search must stop looking ahead once its own player is home (and must see it)."""
    g, _ = _one_move_from_home(kings=False, players=3)
    assert g.players == 3 and g.turn == 0
    m = bot("最強")(g, np.random.default_rng(0))
    g.play(m)
    assert g.finished == (0,) and not g.is_over(), m


def test_dg15_an_ordinary_piece_on_the_goal_apex_costs_in_the_evaluation():
    """DG-15: an ordinary piece on ◎ blocks the king, so the evaluation counts it
    against the player; moving it off and the king on scores better."""
    apex = B.apex("N")
    below = [h for h in B.neighbours(apex)]
    base = {below[0]: (0, True), B.apex("NW"): 1}
    blocked = DiamondGame.from_pieces({apex: 0, below[1]: 0, **base}, DiamondRules(players=2))
    free = DiamondGame.from_pieces({apex: (0, True), below[1]: 0, below[0]: 0, B.apex("NW"): (1, True)},
                                   DiamondRules(players=2))
    assert ai.race(free, 0) < ai.race(blocked, 0)


def test_race_counts_distance_to_the_goal_apex():
    """A piece one step nearer its goal ◎ lowers its player's race by one (or more
    for the king, whose place on ◎ is required by DG-14)."""
    g = DiamondGame(DiamondRules(players=2, kings=False))
    before = ai.race(g, 0)
    step = next(m for m in g.legal_moves() if m.kind == "step" and ai._gain(g, m) == 1)
    g.play(step)
    assert ai.race(g, 0) == before - 1


def _score(a, b, games, seed, **rules):
    fac = partial(DiamondGame, DiamondRules(players=2, max_turns=400, **rules))
    res = tournament(fac, {a: bot(a), b: bot(b)}, games=games, seed=seed, progress=False,
                     max_plies=400)
    return res.interval(b)


def test_yowai_beats_nyumon():
    lo, hi = _score("入門", "よわい", 8, seed=1, pieces=10)
    assert lo > 0.5


def test_futsu_beats_yowai():
    lo, hi = _score("よわい", "ふつう", 8, seed=2, pieces=10)
    assert lo > 0.5


@pytest.mark.parametrize("rules", [DiamondRules(players=2, pieces=10, max_turns=400),
                                   DiamondRules(players=2), DiamondRules(players=2, kings=False),
                                   DiamondRules(players=2, king_hops_after_group=True)],
                         ids=["10 pieces", "15 pieces", "no king", "king hops on"])
def test_search_shortcuts_score_as_playing_the_moves_out(rules):
    """Where nothing can end within the plies they look at, つよい and ふつう score their
    moves from parts (issue 14): the rival's reply from its pieces' move lists, the
    follow-up gain searched again only for the pieces a move touches. Those scores are
    the ones of playing move, reply and follow-up out, on random and on bot-played
    positions, and the game is left as it was."""
    from boardkit.diamond.fastloop import board_state
    from boardkit.sim import play_game
    positions = [_midgame(rules, plies=20 + 15 * k, seed=k) for k in range(3)]
    for k in range(3):
        g = DiamondGame(rules)
        play_game(g, [bot("normal"), bot("strong")], np.random.default_rng(k), 20 + 20 * k)
        positions.append(g)
    checked = 0
    for g in positions:
        homes = ai._homes(g, 2)
        if g.is_over() or homes is None:
            continue
        me = g.turn
        before = (list(g.cells), g.turn, g.turns_played)
        state = board_state(g.cells)
        mine = ai._entries_of(g, me, state)
        codes = ai._ordered_codes(g, [i << 8 | x for i, e in mine for x in e[2]])[:14]
        fast = ai._ReplyScores(g, 14, 0.5, state, mine)
        gains = ai._Gains(g, me, state)
        for m in codes:
            if ai._calm(homes, m, 2):
                assert fast.score(m) == ai.strong_bot._score(g, m)
                checked += 1
            if ai._calm(ai._homes(g, 1), m, 1):
                g._fpush(m)
                want = ai._own_best_gain(g, me)
                g._fpop()
                assert gains.after_move(m) == want
        assert (g.cells, g.turn, g.turns_played) == before
    assert checked >= 50


def test_a_bots_move_is_trusted_only_in_the_position_it_was_chosen_in():
    """play() takes a bot's chosen move without checking its path again (issue 14) only
    while the position is the one the bot chose it in; anywhere else it is checked."""
    from boardkit._core import IllegalMoveError
    g = DiamondGame(DiamondRules(players=2, pieces=10))
    m = bot("strong")(g, np.random.default_rng(0))
    other = next(x for x in g.legal_moves() if x != m)
    g.play(other)                          # now the other player's turn: m is illegal
    with pytest.raises(IllegalMoveError):
        g.play(m)
    g.undo()
    assert g.play(m) is m                  # the same position again: taken as chosen
    assert g.history == [m]
