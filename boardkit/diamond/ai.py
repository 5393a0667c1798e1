"""Computer players for Diamond Game, in five levels (weakest first).

    BOTS["入門"]   random-ish: a random destination, mostly not backwards
    BOTS["よわい"] greedy on distance-to-goal, with noise
    BOTS["ふつう"] greedy, looking ahead at its own next move
    BOTS["つよい"] two-ply search: its move, then the next player's best reply
    BOTS["最強"]   paranoid search, three plies in turn order (every opponent is
                   assumed to play against us), alpha-beta, moves ordered by gain

A bot is a module-level callable ``bot(game, rng) -> move`` (picklable, so process
pools can run tournaments). Bots never change the game they are given: the search
plays moves with the engine's fast ``push``/``pop`` and takes them back.

The evaluation measures a *race*: for each player, the sum over their pieces of the
hex distance to their goal ◎ (lower is better), plus a straggler term (the piece
furthest behind, strategy tip 2), a king term (the king has to end on ◎, DG-14) and
a penalty for an ordinary piece sitting on ◎ (DG-15). A position is worth
"the best opponent's race minus mine". Several hop paths to the same hole lead to
the same position, so the search looks at one move per (start, destination).
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from . import board as B

__all__ = ["BOTS", "LEVELS", "intro_bot", "weak_bot", "normal_bot", "strong_bot",
           "strongest_bot", "race", "races", "evaluate", "distance", "candidate_moves"]

LEVELS = ("入門", "よわい", "ふつう", "つよい", "最強")

# evaluation weights (tuned by bot tournaments, see benchmarks/diamond_ai.py)
STRAGGLER = 1.5      # extra cost per step of the piece furthest from ◎ (tip 2)
KING = 1.0           # extra cost per step of the king from ◎ (tip 3)
SQUATTER = 4.0       # an own ordinary piece on the goal ◎ blocks the king (DG-15)
WIN = 10_000.0       # a finished player


def distance(a, b) -> int:
    """Hex distance between two holes in axial coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# ----------------------------------------------------------------- engine view
# The evaluation reads the engine's cell list directly (game.cells: 0 = empty, else
# 1 + player, plus 8 for a king; index = board.INDEX[hole]): it runs at every leaf
# of the search, and one pass over 121 ints is far cheaper than building dicts.
_TABLES: dict = {}


def _dist_table(game) -> list[list[int]]:
    """dist[p][i]: hex distance from hole index i to player p's goal ◎ (cached)."""
    key = (game.rules.board, game.rules.players, game.rules.first_player)
    t = _TABLES.get(key)
    if t is None:
        t = [[distance(h, game.goal_apex(p)) for h in B.HOLES] for p in range(game.players)]
        _TABLES[key] = t
    return t


def races(game) -> list[float]:
    """Every player's race: the distance their pieces still have to cover to the
    goal ◎ (lower is better; see the module docstring)."""
    dist = _dist_table(game)
    n = game.players
    total = [0.0] * n
    far = [0] * n
    kings = game.rules.kings
    for i, v in enumerate(game.cells):
        if not v:
            continue
        p = (v & 7) - 1
        d = dist[p][i]
        total[p] += d
        if d > far[p]:
            far[p] = d
        if v & 8:
            total[p] += KING * d
        elif d == 0 and kings:
            total[p] += SQUATTER
    deep = 3 if game.rules.pieces == 10 else 4
    return [total[p] + STRAGGLER * max(0, far[p] - deep) for p in range(n)]


def race(game, player) -> float:
    """How far ``player`` still has to go (lower is better)."""
    return races(game)[player]


def _finished(game, player) -> bool:
    return player in game.finished


def evaluate(game, player) -> float:
    """The position's value for ``player``: the closest rival's race minus its own
    (a finished player is worth WIN, a rival finishing first costs WIN)."""
    fin = game.finished
    if player in fin:
        return WIN
    r = races(game)
    mine = r[player]
    rivals = [r[p] for p in range(game.players) if p != player and p not in fin]
    best = min(rivals) if rivals else 0.0
    if len(rivals) < game.players - 1:   # a rival has finished before me
        return -WIN + best - mine
    return best - mine


def candidate_moves(game) -> list:
    """The legal moves: the engine already lists one per (piece, destination)."""
    return game.legal_moves()


def _gain(game, move, player=None) -> int:
    """How many holes nearer its goal ◎ a move brings the piece (0 for a pass)."""
    if not move.path:
        return 0
    dist = _dist_table(game)[game.turn if player is None else player]
    return dist[B.INDEX[move.path[0]]] - dist[B.INDEX[move.path[-1]]]


# ----------------------------------------------------------------------- bots
def intro_bot(game, rng: np.random.Generator):
    """入門: a random destination; two times in three it avoids going backwards."""
    moves = candidate_moves(game)
    if rng.random() < 2 / 3:
        forward = [m for m in moves if _gain(game, m) >= 0]
        moves = forward or moves
    return moves[int(rng.integers(len(moves)))]


def weak_bot(game, rng: np.random.Generator):
    """よわい: the move that shortens its race most, blurred by random noise."""
    me = game.turn
    moves = candidate_moves(game)
    scores = []
    for m in moves:
        game.push(m)
        scores.append(-race(game, me) + rng.normal(0.0, NOISE))
        game.pop()
    return moves[int(np.argmax(scores))]


NOISE = 1.5   # よわい's blur, in holes of distance


def _own_best_gain(game, player) -> int:
    """The most distance ``player`` could gain with one more move, were it its turn
    now (the others standing still)."""
    dist = _dist_table(game)[player]
    best = 0
    for h in game.pieces_of(player):
        d0 = dist[B.INDEX[h]]
        for x in game.reachable_from(h):
            best = max(best, d0 - dist[B.INDEX[x]])
    return best


def normal_bot(game, rng: np.random.Generator):
    """ふつう: greedy on the race, then among the best few moves it prefers the one
    after which its own next move could gain most (a ladder built now pays next
    turn; the others are assumed to stand still). Ties are broken at random."""
    me = game.turn
    moves = candidate_moves(game)
    if len(moves) == 1:
        return moves[0]
    scored = []
    for m in moves:
        game.push(m)
        scored.append((-race(game, me), m))
        game.pop()
    scored.sort(key=lambda t: -t[0])
    best, best_score = [], -math.inf
    for now, m in scored[:_LOOK]:
        game.push(m)
        score = now + _FOLLOW * _own_best_gain(game, me) if not game.is_over() else math.inf
        game.pop()
        best, best_score = _keep(best, best_score, m, score)
    return best[int(rng.integers(len(best)))]


_LOOK = 8   # moves of ふつう examined for the follow-up


def _keep(best, best_score, move, score, eps=1e-9):
    if score > best_score + eps:
        return [move], score
    if abs(score - best_score) <= eps:
        best.append(move)
    return best, best_score


def strong_bot(game, rng: np.random.Generator):
    """つよい: two plies. Each of its moves is answered by the next player's best
    reply (by that player's own evaluation); the position after the reply is
    judged by the race plus what its own next move could then gain."""
    me = game.turn
    best, best_score = [], -math.inf
    for m in _ordered(game, candidate_moves(game))[:_WIDTH]:
        game.push(m)
        if not game.is_over():
            them = game.turn
            reply, reply_val = None, -math.inf
            for r in _ordered(game, candidate_moves(game))[:_WIDTH]:
                game.push(r)
                v = evaluate(game, them)
                game.pop()
                if v > reply_val:
                    reply, reply_val = r, v
            game.push(reply)
            score = evaluate(game, me) + _FOLLOW * _own_best_gain(game, me)
            game.pop()
        else:
            score = evaluate(game, me)
        game.pop()
        best, best_score = _keep(best, best_score, m, score)
    return best[int(rng.integers(len(best)))]


_FOLLOW = 0.5   # weight of the own next move's gain (a ladder ready to use)
_WIDTH = 14   # moves kept per node after ordering by distance gain


def _ordered(game, moves):
    return sorted(moves, key=lambda m: -_gain(game, m))


def strongest_bot(game, rng: np.random.Generator):
    """最強: paranoid search (Sturtevant & Korf): three plies in turn order, where
    every opponent is assumed to choose what is worst for us. With two players
    that is plain minimax (me, you, me); with three, me and both rivals. Alpha-beta
    prunes, and only the moves gaining most distance are searched at each node."""
    me = game.turn
    moves = _ordered(game, candidate_moves(game))[:_WIDTH]
    best, alpha = [], -math.inf
    for m in moves:
        game.push(m)
        v = _paranoid(game, me, 2, alpha, math.inf)
        game.pop()
        if v > alpha + 1e-9:
            best, alpha = [m], v
        elif abs(v - alpha) <= 1e-9:
            best.append(m)
    return best[int(rng.integers(len(best)))]


def _paranoid(game, me, depth, alpha, beta):
    if depth == 0 or game.is_over():
        return evaluate(game, me)
    max_node = game.turn == me
    if max_node:
        v = -math.inf
        for m in _ordered(game, candidate_moves(game))[:_WIDTH]:
            game.push(m)
            v = max(v, _paranoid(game, me, depth - 1, alpha, beta))
            game.pop()
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return v
    v = math.inf
    for m in _ordered(game, candidate_moves(game))[:_WIDTH]:
        game.push(m)
        v = min(v, _paranoid(game, me, depth - 1, alpha, beta))
        game.pop()
        beta = min(beta, v)
        if alpha >= beta:
            break
    return v


BOTS: dict[str, Callable] = {
    "入門": intro_bot,
    "よわい": weak_bot,
    "ふつう": normal_bot,
    "つよい": strong_bot,
    "最強": strongest_bot,
}
