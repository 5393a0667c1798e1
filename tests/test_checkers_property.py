"""Random seeded games under every preset (and a few custom sets), checking
invariants and comparing the engine's moves with a naive reference generator.

The reference generator below shares no code with boardkit/checkers/movegen.py: it
works on a dict of (row, col) -> piece, walks the diagonals step by step and applies
the rules as written in docs/rules/checkers.md (CK-04..CK-09). Agreement on every
position of hundreds of random games is the strongest test of the fast bitboard code.
"""
import json
import random

import pytest

from boardkit.checkers import CheckersGame, CheckersRules

from conftest import random_games

PRESETS = {
    "american": CheckersRules.american(),
    "no_forced": CheckersRules.no_forced(),
    "international": CheckersRules.international(),
    # custom combinations that mix the options in ways no preset does (CK-14)
    "flying8_majority": CheckersRules.custom(flying_kings=True, majority_capture=True),
    "flying8_free_choice": CheckersRules.custom(flying_kings=True),
    "men_back_no_crown_stop": CheckersRules.custom(men_capture_backward=True, crowning_ends_move=False),
    "short10_white": CheckersRules.custom(board_size=10, first_player="white"),
    "canadian12": CheckersRules.custom(board_size=12, majority_capture=True, men_capture_backward=True,
                                       flying_kings=True, crowning_ends_move=False, first_player="white"),
}
GAMES = {"american": 30, "no_forced": 30, "international": 14, "flying8_majority": 14,
         "flying8_free_choice": 14,
         "men_back_no_crown_stop": 14, "short10_white": 6, "canadian12": 3}


# ------------------------------------------------------------------ reference
def coord(square, n):
    half = n // 2
    r, k = divmod(square - 1, half)
    return r, 2 * k + (1 if r % 2 == 0 else 0)


def number(r, c, n):
    return r * (n // 2) + c // 2 + 1


def reference_moves(game):
    """{(start, end, frozenset(captures)): set of paths} for the side to move."""
    rules = game.rules
    n = rules.board_size
    me = game.turn
    board = {coord(s, n): pk for s, pk in game.pieces().items()}
    fwd = 1 if me == 0 else -1                      # Black moves down the rows
    far = n - 1 if me == 0 else 0
    on = lambda r, c: 0 <= r < n and 0 <= c < n     # noqa: E731
    all_dirs = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    captures = {}

    def can_capture(origin, at, taken):
        """Whether a flying king standing on ``at`` can jump a piece (not in taken)."""
        for dr, dc in all_dirs:
            k = 1
            while on(at[0] + k * dr, at[1] + k * dc):
                cell = (at[0] + k * dr, at[1] + k * dc)
                if cell in board and cell != origin:
                    beyond = (cell[0] + dr, cell[1] + dc)
                    if (board[cell][0] != me and cell not in taken and on(*beyond)
                            and (beyond not in board or beyond == origin)):
                        return True
                    break
                k += 1
        return False

    def dfs(origin, r, c, king, taken, path):
        def empty(rr, cc):
            return (rr, cc) not in board or (rr, cc) == origin
        grew = False
        dirs = all_dirs if (king or rules.men_capture_backward) else [(fwd, -1), (fwd, 1)]
        for dr, dc in dirs:
            if king and rules.flying_kings:
                k = 1
                while on(r + k * dr, c + k * dc) and empty(r + k * dr, c + k * dc):
                    k += 1
                x = (r + k * dr, c + k * dc)
                if not on(*x) or x == origin or board[x][0] == me or x in taken:
                    continue
                k += 1
                lands = []
                while on(r + k * dr, c + k * dc) and empty(r + k * dr, c + k * dc):
                    lands.append((r + k * dr, c + k * dc))
                    k += 1
                # a king must land where it can capture again, if such a square exists
                onward = [sq for sq in lands if can_capture(origin, sq, taken + [x])]
                for land in onward or lands:
                    grew = True
                    dfs(origin, *land, king, taken + [x], path + [land])
            else:
                x, land = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                if not on(*land) or x not in board or x == origin:
                    continue
                if board[x][0] == me or x in taken or not empty(*land):
                    continue
                grew = True
                if not king and land[0] == far and rules.crowning_ends_move:
                    record(path + [land], taken + [x])
                else:
                    dfs(origin, *land, king, taken + [x], path + [land])
        if not grew and taken:
            record(path, taken)

    def record(path, taken):
        sqs = tuple(number(r, c, n) for r, c in path)
        key = (sqs[0], sqs[-1], frozenset(number(r, c, n) for r, c in taken))
        captures.setdefault(key, set()).add(sqs)

    for (r, c), (p, king) in board.items():
        if p == me:
            dfs((r, c), r, c, king, [], [(r, c)])
    if rules.majority_capture and captures:
        best = max(len(k[2]) for k in captures)
        captures = {k: v for k, v in captures.items() if len(k[2]) == best}
    if captures and rules.forced_capture:
        return captures
    steps = {}
    for (r, c), (p, king) in board.items():
        if p != me:
            continue
        dirs = all_dirs if king else [(fwd, -1), (fwd, 1)]
        for dr, dc in dirs:
            k = 1
            while on(r + k * dr, c + k * dc) and (r + k * dr, c + k * dc) not in board:
                a, b = number(r, c, n), number(r + k * dr, c + k * dc, n)
                steps[(a, b, frozenset())] = {(a, b)}
                if not (king and rules.flying_kings):
                    break
                k += 1
    return {**captures, **steps}


def _capture_leaning(game, rng):
    """A random move, a capture half the time when there is one (so positions with
    kings and long captures occur)."""
    moves = game.legal_moves()
    caps = [m for m in moves if m.is_capture]
    pool = caps if caps and rng.random() < 0.5 else moves
    return pool[int(rng.integers(len(pool)))]


def random_positions(name, seed):
    """Yield (game, its legal moves) at every position of seeded random games (the
    shared loop of conftest)."""
    rules = PRESETS[name]
    for g, _move, _rng in random_games(lambda: CheckersGame(rules), games=GAMES[name],
                                       seed=seed, max_plies=160, bot=_capture_leaning):
        if not g.is_over():
            yield g, g.legal_moves()


# ------------------------------------------------------------------ tests
@pytest.mark.parametrize("name", list(PRESETS))
def test_ck04_to_ck09_engine_matches_reference_generator(name):
    """CK-04..CK-09, CK-14: on every position of random games the engine's legal moves
    are exactly the reference generator's (same start, end and captured pieces, one
    move each, with a path the reference also finds)."""
    positions = 0
    for g, moves in random_positions(name, seed=11):
        ref = reference_moves(g)
        keys = [(m.start, m.end, frozenset(m.captures)) for m in moves]
        assert len(keys) == len(set(keys)), g.fen()
        assert set(keys) == set(ref), (g.fen(), sorted(map(str, moves)))
        for m, k in zip(moves, keys):
            assert m.path in ref[k], (g.fen(), str(m))
        positions += 1
    assert positions > 100


@pytest.mark.parametrize("name", ["american", "international", "men_back_no_crown_stop"])
def test_ck05_ck10_invariants_along_random_games(name):
    """Pieces never increase (CK-05 removes exactly the captured ones), nothing stands
    on a light square (CK-01), men never step backwards (CK-04), kings stay kings."""
    n = PRESETS[name].board_size
    for g, moves in random_positions(name, seed=5):
        before = g.pieces()
        for s in before:
            r, c = coord(s, n)
            assert (r + c) % 2 == 1
        m = moves[len(moves) // 2]
        g._push(m)
        after = g.pieces()
        g._pop()
        assert len(after) == len(before) - len(m.captures)
        assert all(before[c][0] != g.turn for c in m.captures)
        assert all(c not in after for c in m.captures)
        player, king = before[m.start]
        assert after[m.end][0] == player
        if not king and not m.is_capture:
            dr = coord(m.end, n)[0] - coord(m.start, n)[0]
            assert dr == (1 if player == 0 else -1)
        if king:
            assert after[m.end][1]                 # a king stays a king


def test_ck10_ck11_ck12_finished_games_name_their_rule():
    """Every random game that ends gives a reason citing CK-10..CK-13."""
    ended = 0
    for name in ("american", "international"):
        for g, _move, _rng in random_games(lambda name=name: CheckersGame(PRESETS[name]),
                                           games=12, seed=3, max_plies=400):
            if g.is_over():
                ended += 1
                out = g.outcome()
                assert out.rule in ("CK-10", "CK-11", "CK-12", "CK-13") and out.rule in out.reason
    assert ended >= 12


@pytest.mark.parametrize("name", ["american", "no_forced", "international"])
def test_ck15_undo_json_fen_and_text_round_trips(name):
    """CK-15: undo restores the exact state; to_json/from_json, the FEN and every
    legal move's text all round-trip."""
    rules = PRESETS[name]
    rng = random.Random(21)
    for _ in range(5):
        g = CheckersGame(rules)
        for _ply in range(120):
            if g.is_over():
                break
            moves = g.legal_moves()
            for m in moves:
                assert g._parse_move(str(m)) == m
            state = (g.fen(), g.history, g.quiet_plies, g.endgame_plies, g.repetitions(),
                     g.to_json())
            m = rng.choice(moves)
            twin = g.copy()
            twin.play(m)
            assert g.fen() == state[0] and twin.history == g.history + [m]
            g.play(m)
            g.undo()
            assert (g.fen(), g.history, g.quiet_plies, g.endgame_plies, g.repetitions(),
                    g.to_json()) == state
            assert CheckersGame(rules, fen=g.fen()).fen() == g.fen()
            assert [str(x) for x in CheckersGame(rules, fen=g.fen()).legal_moves()] == [str(x) for x in moves]
            g.play(m)
        back = CheckersGame.from_json(g.to_json())
        assert (back.fen(), back.history, back.rules, back.quiet_plies) == \
            (g.fen(), g.history, g.rules, g.quiet_plies)
        assert json.loads(back.to_json()) == json.loads(g.to_json())
        pdn = CheckersGame.from_pdn(g.to_pdn())
        assert (pdn.fen(), pdn.history, pdn.rules) == (g.fen(), g.history, g.rules)
