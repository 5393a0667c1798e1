"""The fast paths of issue 14 agree with the plain ones: the ghost-layout generator
gives the public generator's moves in the same order, perft on it gives the same
counts, the fused search gives the same values, the caches change nothing."""
from __future__ import annotations

import numpy as np
import pytest

from boardkit.checkers import CheckersGame, CheckersRules, ai
from boardkit.checkers.movegen import fast_generate, ghostgen, layout, movegen, perft_ghost, perft_raw

RULES = [CheckersRules.american(), CheckersRules.international(), CheckersRules.no_forced(),
         CheckersRules.custom(board_size=12), CheckersRules.custom(board_size=8, flying_kings=True,
                                                                   majority_capture=False)]


def positions(rules, games=4, plies=120, seed=7):
    rng = np.random.default_rng(seed)
    for _ in range(games):
        g = CheckersGame(rules)
        for _ in range(plies):
            ms = g.legal_moves()
            if not ms:
                break
            yield g
            g.play(ms[int(rng.integers(len(ms)))])


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name + str(r.board_size))
def test_ghost_generator_same_moves_same_order(rules):
    api, gh, lay = movegen(rules), ghostgen(rules), layout(rules.board_size)
    g2s = {b: i for i, b in enumerate(lay.s2g)}
    seen = 0
    for g in positions(rules):
        b, w, k, p = g.raw_position()
        own, opp = (b, w) if p == 0 else (w, b)
        want = [(m[0][0], m[0][-1], m[2]) for m in api.generate(own, opp, k, p)]
        t = lay.to_ghost
        got = [(g2s[s], g2s[e], lay.from_ghost(c)) for s, e, c in fast_generate(gh, t(own), t(opp), t(k), p)]
        assert got == want, g.fen()
        assert lay.from_ghost(t(b)) == b
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name + str(r.board_size))
def test_perft_ghost_matches_plain_perft(rules):
    lay = layout(rules.board_size)
    t = lay.to_ghost
    for i, g in enumerate(positions(rules, games=2, plies=80, seed=3)):
        if i % 9:
            continue
        b, w, k, p = g.raw_position()
        for d in (1, 2, 3):
            assert perft_ghost(rules, t(b), t(w), t(k), p, d) == perft_raw(movegen(rules), b, w, k, p, d)


@pytest.mark.parametrize("rules", RULES[:3], ids=lambda r: r.name)
def test_fused_search_values(rules, monkeypatch):
    """search1 (fused, and its step shortcut) against the generic recursion."""
    tips = frozenset({"groups", "back_row", "centre", "crown", "trade"})
    plain = []
    games = list(positions(rules, games=2, plies=60, seed=5))[::5]
    for g in games:
        for noise in (0.0, 1e-6):       # noise: full windows, so the step shortcut runs
            s = ai._Search(rules, tips, noise, np.random.default_rng(0))
            b, w, k, p = g.raw_position()
            plain.append([v for v, _ in s.root(b, w, k, p, 2)])
    monkeypatch.setattr(ai._Search, "search1", lambda self, b, w, k, p, a, be, q:
                        ai._Search.search(self, b, w, k, p, 1, a, be, q, self.moves(b, w, k, p))
                        if self.moves(b, w, k, p) else -ai.WIN)
    got = []
    for g in games:
        for noise in (0.0, 1e-6):
            s = ai._Search(rules, tips, noise, np.random.default_rng(0))
            b, w, k, p = g.raw_position()
            got.append([v for v, _ in s.root(b, w, k, p, 2)])
    assert got == plain


def test_legal_moves_and_undo_restore_cached_state():
    g = CheckersGame()
    before = g.legal_moves()
    m = before[0]
    g.play(m)
    assert g.legal_moves() != before
    g.undo()
    assert g.legal_moves() == before and g.legal_moves() is not g.legal_moves()
    g.legal_moves().clear()                 # a caller changing its list changes nothing
    assert g.legal_moves() == before


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name + str(r.board_size))
def test_public_generator_shortcut_same_list(rules):
    """MoveGen._generate_quick (steps by ghost shifts) == MoveGen.generate."""
    api = movegen(rules)
    for g in positions(rules, games=3, plies=100, seed=11):
        b, w, k, p = g.raw_position()
        own, opp = (b, w) if p == 0 else (w, b)
        assert api._generate_quick(own, opp, k, p) == api.generate(own, opp, k, p), g.fen()


def test_public_generator_shortcut_single_and_multi_jump_same_ends():
    """The shortcut's single jumps are remembered by start and end: a king's multi-jump
    with the same ends (23x16x7x14 after 23x14) is not taken for one."""
    api = movegen(CheckersRules.american())
    for fen, want in (("B:W18:BK23", ["23x14"]),
                      ("B:W11,13,15,19,21,29,K10:B12,20,K23", ["23x16x7x14"])):
        g = CheckersGame(fen=fen)
        b, w, k, p = g.raw_position()
        assert api._generate_quick(b, w, k, p) == api.generate(b, w, k, p)
        assert [str(m) for m in g.legal_moves()] == want


def test_pickled_and_deep_copied_games_recompute_their_moves():
    import copy
    import pickle
    g = CheckersGame()
    g.play("11-15")
    g.legal_moves()
    for h in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert h._moves is None and not h.is_over()
        m = h.legal_moves()[0]
        h.play(m)
        h.undo()
        h.undo()
        assert h.fen() == CheckersGame().fen() and len(h.legal_moves()) == 7
        assert h.to_json() == CheckersGame().to_json()


def _plain_depth2(s, b, w, k, p):
    """Exact depth-2 root scores by the generic recursion (full windows)."""
    from boardkit.checkers.movegen import fast_apply
    own, opp = (b, w) if p == 0 else (w, b)
    tg, s2g = s.layout.to_ghost, s.layout.s2g
    gb, gw, gk = tg(b), tg(w), tg(k)
    out = []
    for path, _c, capmask in s.api.cached_generate(own, opp, k, p):
        nb, nw, nk = fast_apply(gb, gw, gk, p, (s2g[path[0]], s2g[path[-1]], tg(capmask)), s.crown)
        replies = s.moves(nb, nw, nk, 1 - p)
        out.append(-s.search(nb, nw, nk, 1 - p, 1, -ai.WIN - 10, ai.WIN + 10, moves=replies)
                   if replies else ai.WIN)
    return out


@pytest.mark.parametrize("rules", RULES + [
    CheckersRules.custom(board_size=10, flying_kings=False, men_capture_backward=True),
    CheckersRules.custom(board_size=8, men_capture_backward=True, forced_capture=False)],
    ids=lambda r: r.name + str(r.board_size) + ("b" if r.men_capture_backward else ""))
def test_depth2_root_exact_values(rules):
    """_Search.root2 (the middle level's two plies at once, opponent steps scored once
    per root position) gives exactly the generic search's scores, men capturing
    backwards included (the step shortcut once missed those captures)."""
    tip_sets = (frozenset({"groups", "back_row", "centre", "crown"}), frozenset(ai.TIPS) - {"shots"})
    seen = 0
    for g in positions(rules, games=3, plies=150, seed=8):
        b, w, k, p = g.raw_position()
        for tips in tip_sets:
            s = ai._Search(rules, tips, 25.0, None)
            own, opp = (b, w) if p == 0 else (w, b)
            assert s.root2(b, w, k, p, s.api.cached_generate(own, opp, k, p)) == \
                _plain_depth2(s, b, w, k, p), g.fen()
            seen += 1
    assert seen > 200


@pytest.mark.parametrize("rules", RULES + [
    CheckersRules.custom(board_size=10, flying_kings=False, men_capture_backward=True)],
    ids=lambda r: r.name + str(r.board_size) + ("b" if r.men_capture_backward else ""))
def test_ghost_capture_starters_by_shifts(rules):
    """The ghost generator's capture_starters (whole-board shifts) == the generic one."""
    from boardkit.checkers.movegen import MoveGen
    gen, t = ghostgen(rules), layout(rules.board_size).to_ghost
    for g in positions(rules, games=3, plies=150, seed=4):
        b, w, k, _p = g.raw_position()
        for pl in (0, 1):
            own, opp = (t(b), t(w)) if pl == 0 else (t(w), t(b))
            empty = gen.full & ~(own | opp)
            assert gen.capture_starters(own, opp, t(k), pl, empty) == \
                MoveGen.capture_starters(gen, own, opp, t(k), pl, empty), g.fen()


@pytest.mark.parametrize("rules", RULES[:3], ids=lambda r: r.name)
def test_normal_bot_same_choice_and_draws_as_plain_search(rules):
    """The middle level (root2, noise drawn in one call) picks the move the plain search
    picks (one rng.normal per root move in order, _choose, _to_move), and leaves the
    generator in the same state."""
    bot = ai.NormalBot()
    tips = frozenset({"groups", "back_row", "centre", "crown"})
    for i, g in enumerate(positions(rules, games=2, plies=120, seed=9)):
        if i % 3:
            continue
        r1, r2 = np.random.default_rng(i), np.random.default_rng(i)
        got = bot(g, r1)
        s = ai._Search(rules, tips, bot.noise, r2)
        b, w, k, p = g.raw_position()
        own, opp = (b, w) if p == 0 else (w, b)
        raws = s.api.cached_generate(own, opp, k, p)
        scored = [(v + float(r2.normal(0.0, bot.noise)), raw)
                  for v, raw in zip(_plain_depth2(s, b, w, k, p), raws)]
        assert got is ai._to_move(g, ai._choose(scored, r2)), g.fen()
        assert r1.integers(1 << 30) == r2.integers(1 << 30)


def check_table_scores(seed: int, tip_sets: dict) -> None:
    """ai._scorer (per-chunk tables, generated once) == ai._side_ghost (the terms written
    out) on random boards, for each board size n and set of tips in ``tip_sets[n]``,
    both players."""
    import random

    from boardkit.checkers.movegen import geometry
    rnd = random.Random(seed)
    for n, sets in tip_sets.items():
        t, centre = ai._ghost_tables(n)
        tg, count = layout(n).to_ghost, geometry(n).count
        for tips in sets:
            for pl in (0, 1):
                f = ai._scorer(n, tips, pl)
                for _ in range(50):
                    own = rnd.getrandbits(count) & rnd.getrandbits(count)
                    k = own & rnd.getrandbits(count) & rnd.getrandbits(count)
                    assert f(tg(own), tg(k)) == ai._side_ghost(tg(own), tg(k), pl, tips, t, centre)


def test_table_side_scores_equal_the_plain_terms():
    """No tips, all, the middle level's, "crown" alone (8x8); the middle level's (10x10)."""
    sets = (frozenset(), frozenset(ai.TIPS), ai._NORMAL_TIPS, frozenset({"crown"}))
    check_table_scores(1, {8: sets, 10: sets[2:3]})


def _games_digest(rules, bots, games, seed, max_plies=200):
    import hashlib
    h = hashlib.sha256()
    for i in range(games):
        g = CheckersGame(rules)
        rng = np.random.default_rng([seed, i])
        seat = (bots[i % 2], bots[1 - i % 2])
        for _ in range(max_plies):
            if g.is_over():
                break
            g.play(seat[g.turn](g, rng))
        h.update((" ".join(map(str, g.history)) + "|").encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("rules, strong_games, want", [
    (CheckersRules.american(), 2, ("492ae78229f72a9f", "8b19b34be53c03e7")),
    (CheckersRules.international(), 1, ("2a1a7f59abf857a1", "cd46665df275ea33"))],
    ids=["american", "international"])
def test_seeded_bot_games_pinned(rules, strong_games, want):
    """Seeded normal-normal and normal-strong games move for move as the engine before
    issue 14's speed work (5681413) played them: a speed-up must not change a choice."""
    n, s = ai.NormalBot(), ai.StrongBot()
    assert (_games_digest(rules, (n, n), 6, 5), _games_digest(rules, (n, s), strong_games, 5)) == want


def test_strong_search_node_counts_pinned():
    """The strong search's node counts (its budget decides its moves) as at 5681413."""
    want = {8: [1258, 1044, 418, 182, 677, 613, 1524, 973, 1207, 549, 662, 1639],
            10: [1896, 463, 735, 481, 78, 97, 153, 438, 212, 235, 751, 3006]}
    for rules in (CheckersRules.american(), CheckersRules.international()):
        got = []
        rng = np.random.default_rng(3)
        g = CheckersGame(rules)
        for ply in range(120):
            if g.is_over():
                break
            if ply % 10 == 0:
                s = ai._Search(rules, frozenset(ai.TIPS))
                b, w, k, p = g.raw_position()
                s.deepest(b, w, k, p, 4, ai.NODE_BUDGET)
                got.append(s.nodes)
            g.play(ai.normal(g, rng))
        assert got == want[rules.board_size]


@pytest.mark.parametrize("rules", RULES[:2] + [
    CheckersRules.custom(board_size=10, flying_kings=False, men_capture_backward=True)],
    ids=lambda r: r.name + str(r.board_size) + ("b" if r.men_capture_backward else ""))
def test_depth2_root_bounds_never_change_the_choice(rules):
    """root2 with the noise terms given (the middle level) scores exactly every move
    that could be chosen; a move after which the opponent must capture may get an
    upper bound instead, always below the best noisy score (so never chosen, never tied)."""
    rng = np.random.default_rng(5)
    s = ai._Search(rules, ai._NORMAL_TIPS, 25.0, None)
    bounded = 0
    for g in positions(rules, games=3, plies=150, seed=8):
        b, w, k, p = g.raw_position()
        own, opp = (b, w) if p == 0 else (w, b)
        raws = s.api.cached_generate(own, opp, k, p)
        exact = s.root2(b, w, k, p, raws)
        for _ in range(3):
            nz = [0.0 + 25.0 * z for z in rng.standard_normal(len(raws)).tolist()]
            got = s.root2(b, w, k, p, raws, nz)
            top = max(v + z for v, z in zip(exact, nz))
            for v, e, z in zip(got, exact, nz):
                assert v == e or (v > e and v + z < top), g.fen()
                bounded += v != e
    assert bounded > 50


def test_bot_move_handed_out_is_only_taken_for_its_position():
    """A bot's move (``_hand_out``: no move list built) plays as the same legal move,
    and is checked like any other move once the position changed."""
    from boardkit._core import IllegalMoveError
    g = CheckersGame()
    m = ai.normal(g, np.random.default_rng(1))
    assert m in g.legal_moves()
    other = next(x for x in g.legal_moves() if x != m)
    g.play(other)
    with pytest.raises(IllegalMoveError):
        g.play(m)
    g.undo()
    assert g.play(m) is m and g.history == [m]
    g.undo()
    h = CheckersGame(CheckersRules.international())
    mv = ai.normal(h, np.random.default_rng(2))
    h.copy().play(mv)
    h.play(mv)
    assert h.history == [mv]
