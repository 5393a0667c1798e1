"""The evaluation of Diamond positions: the race terms and their weights.

``Weights`` holds every term a teacher may tune; ``race(game, player)`` is one player's
race in holes to go, ``evaluate(game, player)`` the lead over the best rival.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass, fields
from itertools import compress
from typing import Any

from ..._core import BoardkitError, short_repr
from .. import geometry as B
from ..fastloop import _code_move
from ..movegen import DiamondMove

WIN = 10_000.0       # the value of a finished player


@dataclass(frozen=True)
class Weights:
    """The terms of the race evaluation (the defaults are what every level uses;
    notebook 27 switches single terms off to measure what each strategy tip is worth).

    straggler  extra cost per step of the piece furthest behind, beyond the goal's
               depth (strategy tip 2)
    king       extra cost per step of the king from ◎ (it must end there, DG-14)
    squatter   an own ordinary piece on the goal ◎ blocks the king (DG-15; tip 4)
    fill_deep  True: distance to the goal ◎, so pieces fill the goal from the far end
               (tip 4); False: any goal hole counts as home, pieces stop at the entrance
    king_block cost per own ordinary piece that cannot hop forward because its own king
               stands in the way (a king cannot be jumped, DG-12; tip 3)
    king_leap  worth of each hole the king's best next move would gain (group jumps
               along a crowded line, DG-11; tip 3)
    goal_step  with fill_deep: what a step deeper inside the goal is worth against a
               step outside it (1: plain distance to ◎; tip 4)
    king_block and king_leap are judged by ``RaceBot`` after each move (the levels keep them 0).
    """

    straggler: float = 1.5
    king: float = 1.0
    squatter: float = 4.0
    fill_deep: bool = True
    king_block: float = 0.0
    king_leap: float = 0.0
    goal_step: float = 1.0

    def __post_init__(self) -> None:
        # checked once here, so the evaluation at every leaf of a search trusts its weights
        # (NaN and infinity fail the bound; a huge int is compared, never converted)
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "fill_deep":
                if not isinstance(v, bool):
                    raise BoardkitError(f"Weights.fill_deep must be True or False, got {short_repr(v)}")
            elif isinstance(v, bool) or not isinstance(v, numbers.Real) or not abs(v) <= 1e6:  # type: ignore[operator]
                raise BoardkitError(f"Weights.{f.name} must be a finite number (at most 1e6 in "
                                    f"size), got {short_repr(v)}")


DEFAULT = Weights()


distance = B.distance   # hex distance between two holes (board.py)


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


_RANGE = range(B.N)


def _races(game, w: Weights = DEFAULT) -> list[float]:
    """Every player's race: the distance their pieces still have to cover to the
    goal ◎ (lower is better; see the module docstring)."""
    dist = _dist_table(game)
    n = game.players
    total = [0.0] * n
    far = [0] * n
    kings = game.rules.kings
    deep = 3 if game.rules.pieces == 10 else 4      # rows of the home area below ◎
    fill_deep, wking, wsquat, gstep = w.fill_deep, w.king, w.squatter, w.goal_step
    c = game.cells
    for i in compress(_RANGE, c):                   # the occupied holes, in index order
        v = c[i]
        p = (v & 7) - 1
        d0 = d = dist[p][i]
        if d > far[p]:
            far[p] = d
        if not fill_deep:
            d = max(0, d - deep)
        elif gstep != 1.0:
            d = max(0, d - deep) + gstep * min(d, deep)
        total[p] += d
        if v & 8:
            total[p] += wking * d0
        elif d == 0 and kings and d0 == 0:
            total[p] += wsquat
    return [total[p] + w.straggler * max(0, far[p] - deep) for p in range(n)]


def races(game, w: Weights = DEFAULT) -> list[float]:
    """Every player's race: the distance their pieces still have to cover to the
    goal ◎ (lower is better; see the module docstring)."""
    _checked(game, w)
    return _races(game, w)


def _checked(game: Any, w: Any = DEFAULT) -> Any:
    """``game`` if it is a DiamondGame and ``w`` a Weights, else a BoardkitError naming
    the argument (the public entries check once; the search's leaves do not)."""
    from ..._input import check_instance  # (here: this module's names are the ai's own)
    from ..game import DiamondGame
    check_instance(game, DiamondGame, "game")
    check_instance(w, Weights, "w")
    return game


def _race_of(game, me: int, w: Weights) -> float:
    """``races(game, w)[me]`` alone (the same operations in the same order)."""
    dist = _dist_table(game)[me]
    total = 0.0
    far = 0
    deep = 3 if game.rules.pieces == 10 else 4
    fill_deep, wking, wsquat, gstep = w.fill_deep, w.king, w.squatter, w.goal_step
    kings = game.rules.kings
    c = game.cells
    p1 = me + 1
    for i in compress(_RANGE, c):
        v = c[i]
        if v & 7 != p1:
            continue
        d0 = dist[i]
        d: float = d0
        if d0 > far:
            far = d0
        if not fill_deep:
            d = max(0, d - deep)
        elif gstep != 1.0:
            d = max(0, d - deep) + gstep * min(d, deep)
        total += d
        if v & 8:
            total += wking * d0
        elif d == 0 and kings and d0 == 0:
            total += wsquat
    return total + w.straggler * max(0, far - deep)


def race(game, player, w: Weights = DEFAULT) -> float:
    """How far ``player`` still has to go (lower is better)."""
    _checked(game, w)
    return _races(game, w)[game._check_player(player)]


def evaluate(game, player) -> float:
    """The position's value for ``player``: the closest rival's race minus its own
    (a finished player is worth WIN, a rival finishing first costs WIN)."""
    _checked(game)
    return _evaluate(game, game._check_player(player))


def _evaluate(game, player) -> float:
    """``evaluate`` for a DiamondGame and a player index (the search's leaves)."""
    fin = game._finished
    if player in fin:
        return WIN
    r = _races(game)
    mine = r[player]
    rivals = [r[p] for p in range(game.players) if p != player and p not in fin]
    best = min(rivals) if rivals else 0.0
    if len(rivals) < game.players - 1:   # a rival has finished before me
        return -WIN + best - mine
    return best - mine


def candidate_moves(game) -> list:
    """The legal moves: the engine already lists one per (piece, destination)."""
    return _checked(game).legal_moves()


def _gain(game, move, player=None) -> int:
    """How many holes nearer its goal ◎ a move brings the piece (0 for a pass)."""
    if not move.path:
        return 0
    dist = _dist_table(game)[game.turn if player is None else player]
    return dist[B.INDEX[move.path[0]]] - dist[B.INDEX[move.path[-1]]]


def _cgain(dist, code: int) -> int:
    """``_gain`` of a move code (``fastloop.fast_moves``) with the mover's distances."""
    return dist[code >> 8 & 255] - dist[code & 255] if code >= 0 else 0


# The bots search on move codes (``fastloop.fast_moves``: ints, no path, no DiamondMove),
# with the engine's ``_fpush``/``_fpop``, and build the DiamondMove of the one move they
# play (``code_move``). The codes come in the order of ``legal_moves()``, so every choice
# (ties broken at random included) is the one the move objects gave.
#
# Speed (benchmarks/diamond_matches.py; figures in docs/benchmarks.md). Every game the
# same move for move (tests/test_diamond_property.py pins whole seeded matches by a
# digest). What was done, after profiling (py-spy, instruction counts):
#   * the follow-up gain (``_Gains.leaf``) searched ~4.6 pieces a move, few of them
#     useful: a piece is searched only if its bound (the nearest empty hole of its hole
#     class, ``_floors``) passes the best so far and what the move needs to be among the
#     best (``_need``: moves scored best first); ~2.4 now (~5% of them raise the best);
#   * ふつう reads its pieces' memo entries once (moves and gains; ``dests_entries``
#     inlines the hits); the king's masked search ORs one mask per line;
#   * play() takes the bot's chosen move without checking its path again (``_chosen``);
#   * no draw when one move is best (``rng.integers(1)`` draws nothing); one-time tables
#     built lazily or cheaper (a new process's first game ~2 ms less).
# Tried and dropped (cost more than they saved): a tighter bound from each piece's root
# reach plus a search of what a move opens (exact in 93%, searches down by two thirds,
# but slower overall); remembering the rival's re-searched pieces within a decision
# (masked searches, ~40% reuse); ints instead of tuples for the rival's move entries
# (no faster to build). What is left is spread thin: the searches themselves (~1.3 us
# each) ~25%, memo misses after each move ~15%, per-move and per-decision bookkeeping.
# Where a whole ふつう-つよい match's
# time goes, measured per call: outside the bots (new games, play(), is_over(), the loop
# of sim.play_game) ~3%, ``_chosen`` ~1%, so a lean game loop (``fastloop.py``, as 回り将棋
# has) could save ~2% at most and was not built; つよい ~72% (``_ReplyScores.base`` ~28%,
# ``_Gains.leaf`` ~20%, ``_ReplyScores`` set-up with the rival's memo look-ups ~12%, its own
# look-ups ~8%), ふつう ~23%. Done: the rival's men re-searched in ``base`` inline; a memo
# miss scans the piece's entries once (``fastloop._search_entry``); a man's hop landings
# joined to its steps without a membership test; ``_homes`` by one itemgetter per home:
# 7.3% fewer instructions per match (valgrind callgrind, the 4-game match of
# diamond_matches.py in a fresh process). Tried and dropped
# (more instructions): int sort keys for the rival's entries, a best-reply cache when no
# re-searched move enters, the root's ``_low`` updated per leaf, a bound skipping the
# rival's men that cannot reach the 14th-best gain (the 14th-best reply gains 1 or less:
# never skips), the follow-up rows scanned by a comprehension.

def _chosen(game, code: int) -> DiamondMove:
    """The bots' answer: the DiamondMove of a code from the legal move codes, marked as
    legal in this position (``DiamondGame._coded``: play() need not check its path)."""
    move = _code_move(game, code)
    game._coded = (move, game._position())
    return move


def _sooner(value, plies_left):
    """A finish found earlier in the search is worth a little more (a win now beats
    the same win later; a loss later beats a loss now)."""
    if value >= WIN / 2:
        return value + plies_left
    if value <= -WIN / 2:
        return value - plies_left
    return value
