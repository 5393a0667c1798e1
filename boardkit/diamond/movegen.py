"""Diamond Game move generation: steps, hops, chains, the king's group jump, long
jumps (DG-07..DG-13, DG-16 house rules, DG-19), and the check of a given path.

The functions take the game (``g``: its ``cells`` list, its per-player index tables and
its rules) and never change it for good (a search empties the mover's hole while it
runs and puts the piece back).

Which paths are listed. Every path to the same hole gives the same position, so
``generate`` lists ONE move per (piece, destination): the step if the hole is a step
away, otherwise the hop path with the fewest jumps (found breadth-first; ties go to
the first found, in direction order E, SE, SW, W, NW, NE). ``check_path`` accepts any
other legal path, checked jump by jump; ``paths(g, start, dest)`` lists them, shortest
first, with bounded work (``PATHS_BUDGET``).

Cells: 0 = empty, else 1 + player, plus ``KING`` (8) for a king; index = the hole's
place in ``geometry.HOLES``.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .._catalogue import Word
from .._core import BoardkitError, FormatError, IllegalMoveError, short_repr
from .._input import check_count, check_instance
from . import geometry as B
from .notation import MAX_PATH, move_text

__all__ = ["DiamondMove", "PASS", "KING", "PATHS_LIMIT", "PATHS_BUDGET", "MAX_PATH", "generate",
           "moves_of", "jumps_from", "search", "reachable", "reachable_from", "single_jumps",
           "hop_layers", "paths", "check_path", "SWAP", "PASS_CODE"]

#: paths(): how many paths it returns by default, and how many partial chains one call
#: explores at most (the bound that keeps it fast on any position)
PATHS_LIMIT = 100
PATHS_BUDGET = 50_000

KING = 8    # cell value = 1 + player, plus _KING for a king; 0 = empty


@dataclass(frozen=True)
class DiamondMove:
    """One turn: ``path`` = (start, landing, landing, ...) as ``(q, r)`` holes.

    ``kind``: "step" (DG-08), "hop" (single hops only, DG-09/DG-10), "group" (the
    king jumped a line of 2+ pieces somewhere in the chain, DG-11), "long" (a long
    jump somewhere in the chain, DG-19), "swap" (house rule, DG-16) or "pass" (DG-07).
    """

    path: tuple[tuple[int, int], ...]
    kind: str = "hop"

    def __str__(self) -> str:
        # a hand-made move of another kind of value still prints (never raises)
        kind = self.kind if isinstance(self.kind, str) else "?"
        if kind == "pass":
            return "pass"
        return move_text(self.path, kind)

    def __repr__(self) -> str:
        # short and stable, so lists of moves read well in notebooks
        kind = self.kind if isinstance(self.kind, str) else "?"
        return "<pass>" if kind == "pass" else f"<{kind[:20]} {self}>"

    @property
    def start(self) -> tuple[int, int] | None:
        return self.path[0] if self.path else None

    @property
    def dest(self) -> tuple[int, int] | None:
        return self.path[-1] if self.path else None


#: the move of a player who has no legal move (DG-07)
PASS = DiamondMove((), "pass")


_KING = KING


def _jumps_from(g, y: int, p: int, king: bool, start: int) -> list[tuple[int, int]]:
    """(landing, kind) pairs of one jump from hole y (the mover's start hole
    already emptied): kind 0 = single hop, 1 = group jump (k >= 2), 2 = long."""
    c = g.cells
    forb = g._forb[p]
    long_jump = g.rules.long_jump
    out = []
    for ray in g._rays[y]:
        n = len(ray)
        if n < 2:
            continue
        if c[ray[0]]:
            if king:                      # DG-11: a contiguous line of any length
                k = 0
                while k < n and c[ray[k]]:
                    if c[ray[k]] & _KING:  # DG-12: no king in the line
                        k = -1
                        break
                    k += 1
                if k <= 0 or k >= n:
                    continue
                x, kind = ray[k], (0 if k == 1 else 1)
            else:                         # DG-09: one piece, not a king
                if c[ray[0]] & _KING or c[ray[1]]:
                    continue
                x, kind = ray[1], 0
        elif long_jump:                   # DG-19: one piece at distance d, land at 2d
            m = 1
            while m < n and not c[ray[m]]:
                m += 1
            if m >= n or c[ray[m]] & _KING or 2 * m + 1 >= n:
                continue
            if any(c[ray[j]] for j in range(m + 1, 2 * m + 2)):
                continue
            x, kind = ray[2 * m + 1], 2
        else:
            continue
        if x != start and not forb[x]:    # DG-10 (start), DG-13
            out.append((x, kind))
    return out


def _search(g, i: int) -> dict[int, tuple]:
    """Breadth-first search of every hole the piece on i reaches by jumps.

    Returns {landing: (path, kinds)} in the order found: ``path`` is a fewest-jumps
    path as (q, r) holes from i, ``kinds`` a bit set of the jumps used
    (1 hop, 2 group, 4 long)."""
    c = g.cells
    v = c[i]
    p, king = (v & 7) - 1, bool(v & _KING)
    terminal_groups = king and not g.rules.king_hops_after_group
    H = B.HOLES
    c[i] = 0                              # the mover has left its hole
    try:
        found: dict[int, tuple] = {i: ((H[i],), 0)}
        queue = deque([i])
        if not king and not g.rules.long_jump:
            # the common case, kept lean: single hops only (DG-09, DG-12, DG-13)
            forb = g._forb[p]
            hops = g._hops
            while queue:
                y = queue.popleft()
                ypath = found[y][0]
                for over, x in hops[y]:
                    w = c[over]
                    if w and not w & _KING and not c[x] and not forb[x] and x not in found:
                        found[x] = (ypath + (H[x],), 1)
                        queue.append(x)
            del found[i]
            return found
        late: list[tuple[int, int]] = []  # group landings that end the turn
        while queue:
            y = queue.popleft()
            ypath, ykinds = found[y]
            for x, kind in _jumps_from(g, y, p, king, i):
                if x in found:
                    continue
                if terminal_groups and kind == 1:
                    late.append((x, y))
                    continue
                found[x] = (ypath + (H[x],), ykinds | (1 << kind))
                queue.append(x)
        for x, y in late:                 # first found = fewest jumps
            if x not in found:
                ypath, ykinds = found[y]
                found[x] = (ypath + (H[x],), ykinds | 2)
        del found[i]
        return found
    finally:
        c[i] = v


def _moves_of(g, i: int) -> list[DiamondMove]:
    """The moves of the piece on hole index i: one per destination."""
    c = g.cells
    v = c[i]
    p = (v & 7) - 1
    forb = g._forb[p]
    H = B.HOLES
    out, seen = [], set()
    for x in g._nb[i]:                 # DG-08 steps
        if x < 0 or forb[x]:
            continue
        if not c[x]:
            out.append(DiamondMove((H[i], H[x]), "step"))
            seen.add(x)
        elif g.rules.swap_rule and can_swap(g, i, x, p):
            out.append(DiamondMove((H[i], H[x]), "swap"))
            seen.add(x)
    for x, (path, kinds) in _search(g, i).items():
        if x not in seen:
            out.append(DiamondMove(path, "group" if kinds & 2 else ("long" if kinds & 4 else "hop")))
    return out


def can_swap(g, i: int, x: int, p: int) -> bool:
    """DG-16 house rule (a): step onto another colour's piece in my home."""
    w = g.cells[x]
    q = (w & 7) - 1
    return q != p and x in g._home_set[p] and not g._forb[q][i]


def _generate(g) -> list:
    if g._is_over_fast():
        return []
    p = g._turn
    p1 = p + 1
    c = g.cells
    moves = []
    for i in range(B.N):
        if c[i] and (c[i] & 7) == p1:
            moves.extend(_moves_of(g, i))
    moves = squat_filter(g, moves, p)
    return moves or [PASS]


def squat_filter(g, moves: list, p: int) -> list:
    """DG-16 house rule (b), see DiamondRules.no_squatting_after."""
    n = g.rules.no_squatting_after
    if n is None or g._own_turns[p] < n:
        return moves
    start = g._start_set[p]
    p1 = p + 1
    if not any(g.cells[j] and (g.cells[j] & 7) == p1 for j in start):
        return moves
    out = [m for m in moves if B.INDEX[m.path[0]] in start and B.INDEX[m.path[-1]] not in start]
    return out or moves


def _reachable(g) -> dict[tuple[int, int], set]:
    """{start hole: set of destination holes} for the player to move: ``generate``
    grouped by start (the reference; the game's ``reachable()`` answers with the lean
    search that fastloop.py registers, the same sets)."""
    out: dict = {}
    for m in _generate(g):
        if m.path:
            out.setdefault(m.path[0], set()).add(m.path[-1])
    return out


#: what the game's ``reachable()`` calls: ``_reachable`` above, or the lean search that
#: fastloop.py registers (``register_reachable``; the tests compare the two)
_REACHABLE = [_reachable]


def register_reachable(fn) -> None:
    """Let the game's ``reachable()`` answer with ``fn(g)`` (the same dict as
    ``_reachable(g)``, found faster)."""
    if not callable(fn):
        raise BoardkitError(f"register_reachable(fn) must be callable, got {short_repr(fn)}")
    _REACHABLE[0] = fn


def reachable_from(g, hole) -> set:
    """Every hole the piece on ``hole`` could reach in one turn (steps and hop
    chains), whoever's turn it is; empty for an empty hole."""
    _game(g)
    i = B.INDEX[B.parse_hole(hole)]
    if not g.cells[i]:
        return set()
    return {m.path[-1] for m in _moves_of(g, i)}


# ------------------------------------------------------------------ tables and move codes
# The per-player tables of a board (DG-13) that fastloop.py's searches and the bots index,
# and the move codes they pass around (moves as small ints, no path, no DiamondMove):
#   code = start << 8 | dest (| SWAP for a DG-16 swap step); PASS_CODE = -1 (DG-07)
# (the game's ``_fpush(code)`` plays one).

SWAP = 1 << 16
PASS_CODE = -1
_PTABLES: dict = {}
#: hole j's two bits (occupied, king) in a ``board_state`` (fastloop.py): byte j
_BYTE = [3 << 8 * j for j in range(B.N)]


def player_tables(g) -> tuple:
    """(steps, hops, cache) per board and colours: steps[p][i] = the neighbours of i
    that p may enter (DG-13), hops[p][y] = the (jumped, landing) pairs of single hops
    from y whose landing p may enter, in direction order; ``cache`` is ``dests``'s
    memory (see ``fastloop.cached_dests``): the read masks ``smask``/``hmask`` (what a step or
    hop search from a hole reads, as ``board_state`` masks) and the ``memo``."""
    key = (g.rules.board, tuple(tuple(f) for f in g._forb))
    t = _PTABLES.get(key)
    if t is None:
        steps = [[[x for x in g._nb[i] if x >= 0 and not f[x]] for i in range(B.N)] for f in g._forb]
        hops = [[[(o, x) for o, x in g._hops[y] if not f[x]] for y in range(B.N)] for f in g._forb]
        # what a search reads: 2 bits per hole (occupied, king) in byte 8*j of a state
        byte = _BYTE
        smask = [[sum([byte[x] for x in row]) for row in sp] for sp in steps]
        hmask = [[sum([byte[o] for o, x in row]) for row in hp] for hp in hops]
        t = _PTABLES[key] = (steps, hops, {"smask": smask, "hmask": hmask, "memo": {}})
    return t


def single_jumps(g, start, at=None) -> list[tuple[int, int]]:
    """Where the piece standing on ``start`` could land with ONE jump from ``at``
    (default: from ``start``), its start hole counted as empty: the edges of the
    hop search (DG-09, DG-11, DG-12, DG-13, DG-19). Never lists ``start`` itg."""
    _game(g)
    i = B.INDEX[B.parse_hole(start)]
    y = i if at is None else B.INDEX[B.parse_hole(at)]
    v = g.cells[i]
    if not v:
        raise IllegalMoveError("dg.err.no_piece", hole=B.label(B.HOLES[i]))
    g.cells[i] = 0
    try:
        return [B.HOLES[x] for x, _ in _jumps_from(g, y, (v & 7) - 1, bool(v & _KING), i)]
    finally:
        g.cells[i] = v


def hop_layers(g, hole) -> list[list[tuple[int, int]]]:
    """The breadth-first search of hop chains (DG-10), layer by layer.

    Layer 0 is the start; layer k holds the holes first reached after k jumps.
    The union of the layers after 0 is every hole the piece can hop to."""
    _game(g)
    i = B.INDEX[B.parse_hole(hole)]
    if not g.cells[i]:
        raise IllegalMoveError("dg.err.no_piece", hole=B.label(B.HOLES[i]))
    layers: list[list] = [[B.HOLES[i]]]
    for path, _ in sorted(_search(g, i).values(), key=lambda t: len(t[0])):
        while len(layers) < len(path):
            layers.append([])
        layers[len(path) - 1].append(path[-1])
    return layers


def paths(g, start, dest, limit: int = PATHS_LIMIT) -> list[DiamondMove]:
    """The legal jump paths from ``start`` to ``dest`` this turn, shortest first
    (ties in direction order E, SE, SW, W, NW, NE), at most ``limit`` of them; the
    step (or swap) first if ``dest`` is a step away. Empty when none.

    Bounded work: the paths are enumerated by increasing length (iterative deepening,
    pruned by each hole's jump distance to ``dest``), and at most ``PATHS_BUDGET``
    (50,000) partial chains are explored per call, so the answer comes within about
    0.2 s on any position, however crowded (simple chains can be exponentially many).
    When the budget runs out the paths found so far are returned, still shortest
    first. ``play()`` checks a given path jump by jump and never needs this list."""
    _game(g)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise BoardkitError(f"paths(): limit must be a positive int, got {short_repr(limit)}")
    a, b = B.parse_hole(start), B.parse_hole(dest)
    g._check_on_board(a)
    g._check_on_board(b)
    i, x = B.INDEX[a], B.INDEX[b]
    c = g.cells
    v = c[i]
    if not v or i == x:
        return []
    p, king = (v & 7) - 1, bool(v & _KING)
    found: list[DiamondMove] = []
    if x in g._nb[i] and not g._forb[p][x]:
        if not c[x]:
            found.append(DiamondMove((a, b), "step"))
        elif g.rules.swap_rule and can_swap(g, i, x, p):
            found.append(DiamondMove((a, b), "swap"))
    terminal = king and not g.rules.king_hops_after_group
    c[i] = 0                              # the mover has left its hole
    try:
        # the jump graph of this piece (fixed during the chain) and, backwards from
        # dest, each hole's fewest jumps to dest (a lower bound for pruning)
        adj: dict[int, list] = {}
        queue, seen = deque([i]), {i}
        while queue:
            y = queue.popleft()
            adj[y] = _jumps_from(g, y, p, king, i)
            for z, kind in adj[y]:
                if z not in seen and not (terminal and kind == 1):
                    seen.add(z)
                    queue.append(z)
        back: dict[int, list] = {}
        for y, edges in adj.items():
            for z, kind in edges:
                if not (terminal and kind == 1 and z != x):
                    back.setdefault(z, []).append(y)
        dist = {x: 0}
        queue = deque([x])
        while queue:
            z = queue.popleft()
            for y in back.get(z, ()):
                if y not in dist:
                    dist[y] = dist[z] + 1
                    queue.append(y)
        if i not in dist:
            return found[:limit]
        H = B.HOLES
        used = [False] * B.N
        used[i] = True
        path = [i]
        work = [0]

        def extend(y: int, depth: int, kinds: int, length: int) -> bool:
            """Paths of exactly ``length`` jumps; False once the limit or budget is hit."""
            for z, kind in adj.get(y, ()):
                if used[z] or dist.get(z, length + 1) + depth + 1 > length:
                    continue
                if terminal and kind == 1 and z != x:
                    continue
                work[0] += 1
                if work[0] > PATHS_BUDGET:
                    return False
                nk = kinds | (1 << kind)
                if z == x:
                    if depth + 1 == length:
                        kname = "group" if nk & 2 else ("long" if nk & 4 else "hop")
                        found.append(DiamondMove(tuple(H[j] for j in path) + (H[x],), kname))
                        if len(found) >= limit:
                            return False
                    continue
                used[z] = True
                path.append(z)
                go_on = extend(z, depth + 1, nk, length)
                path.pop()
                used[z] = False
                if not go_on:
                    return False
            return True

        for length in range(dist[i], len(adj) + 2):
            if len(found) >= limit or not extend(i, 0, 0, length):
                break
    finally:
        c[i] = v
    return found[:limit]


#: (from, to) -> the hole between, for every single hop of the star (hole indices)
_HOP_MID = {(y, x): o for y, pairs in enumerate(B.tables("star")[3]) for o, x in pairs}


def _colour(g, p: int) -> Word:
    """A player's colour as a word of the catalogue ("red" in English, 「赤」 in Japanese)."""
    return Word(f"dg.colour.{g._colour[p]}")


def check_path(g, path: Iterable) -> DiamondMove:
    """The move for a path of holes, or IllegalMoveError naming the rule.

    Written jump by jump, independently of the breadth-first generator, so the
    tests can compare the two."""
    _game(g)
    if not isinstance(path, (list, tuple)):
        raise FormatError("dg.err.path_type", kind=type(path).__name__)
    if len(path) > MAX_PATH:
        raise IllegalMoveError("dg.err.path_too_long", "DG-10", n=len(path), most=MAX_PATH)
    holes = [B.parse_hole(h) for h in path]
    for h in holes:
        g._check_on_board(h)
    p = g._turn
    if not holes:
        if any(m.kind != "pass" for m in _generate(g)):
            raise IllegalMoveError("dg.err.pass_not_stuck", "DG-07", colour=_colour(g, p))
        return PASS
    if len(holes) < 2:
        raise IllegalMoveError("dg.err.start_only", "DG-07", hole=B.label(holes[0]))
    c = g.cells
    si = B.INDEX[holes[0]]
    v = c[si]
    if not v:
        raise IllegalMoveError("dg.err.no_piece", "DG-07", hole=B.label(holes[0]))
    owner, king = (v & 7) - 1, bool(v & _KING)
    if owner != p:
        raise IllegalMoveError("dg.err.not_yours", "DG-07", hole=B.label(holes[0]),
                               colour=_colour(g, owner), turn=_colour(g, p))
    forb = g._forb[p]
    # a single step (DG-08) or a swap (DG-16a)
    a, b = holes[0], holes[1]
    if B.distance(a, b) == 1:
        if len(holes) > 2:
            raise IllegalMoveError("dg.err.step_ends", "DG-10")
        bi = B.INDEX[b]
        if forb[bi]:
            raise IllegalMoveError("dg.err.tip", "DG-13", hole=B.label(b))
        if c[bi]:
            if g.rules.swap_rule and can_swap(g, si, bi, p):
                return squat_check(g, DiamondMove((a, b), "swap"))
            raise IllegalMoveError("dg.err.step_occupied", "DG-08", hole=B.label(b))
        return squat_check(g, DiamondMove((a, b), "step"))
    kinds = 0
    seen = {holes[0]}
    c[si] = 0                        # the mover has left its hole during the chain
    try:
        khag = g.rules.king_hops_after_group
        index = B.INDEX
        for a, b in zip(holes, holes[1:]):
            bi = index[b]
            mid = _HOP_MID.get((index[a], bi))
            if mid is not None:           # a single hop: the common case, checked at once
                w = c[mid]
                if w and not w & _KING and not c[bi] and b not in seen and not forb[bi] \
                        and (khag or not kinds & 2):
                    kinds |= 1
                    seen.add(b)
                    continue              # (anything else: the checks below say why)
            dq, dr = b[0] - a[0], b[1] - a[1]
            if not (dq == 0 or dr == 0 or dq == -dr):
                raise IllegalMoveError("dg.err.not_in_line", "DG-09", a=B.label(a), b=B.label(b))
            d = B.distance(a, b)
            if d == 0:
                raise IllegalMoveError("dg.err.same_hole", "DG-10", hole=B.label(b))
            if d == 1:
                raise IllegalMoveError("dg.err.step_ends", "DG-10")
            if kinds & 2 and not g.rules.king_hops_after_group:
                raise IllegalMoveError("dg.err.group_ends", "DG-11")
            ux, uy = dq // d, dr // d
            between = [(a[0] + k * ux, a[1] + k * uy) for k in range(1, d)]
            occ = [h for h in between if c[B.INDEX[h]]]
            if not occ:
                raise IllegalMoveError("dg.err.nothing_between", "DG-09", a=B.label(a), b=B.label(b))
            if any(c[B.INDEX[h]] & _KING for h in occ):
                raise IllegalMoveError("dg.err.king_jumped", "DG-12")
            if len(occ) == d - 1:          # a contiguous line of pieces
                if d - 1 >= 2 and not king:
                    # the Japanese names the king only when the game has kings
                    raise IllegalMoveError("dg.err.row" if g.rules.kings else "dg.err.row_no_king",
                                           "DG-09, DG-11" if g.rules.kings else "DG-09")
                kinds |= 2 if d - 1 >= 2 else 1
            elif len(occ) == 1 and d % 2 == 0 and occ[0] == between[d // 2 - 1]:
                if not g.rules.long_jump:
                    raise IllegalMoveError("dg.err.long_off", "DG-19", a=B.label(a), b=B.label(b))
                kinds |= 4
            else:
                # one short sentence for the rules in play (the mover a king, long jumps on)
                which = ("dg.err.bad_jump_long" if g.rules.long_jump else
                         "dg.err.bad_jump_king" if king else "dg.err.bad_jump")
                raise IllegalMoveError(which, "DG-09", a=B.label(a), b=B.label(b))
            bi = B.INDEX[b]
            if c[bi]:
                raise IllegalMoveError("dg.err.landing_occupied", "DG-09", hole=B.label(b))
            if b in seen:
                raise IllegalMoveError("dg.err.land_twice", "DG-10", hole=B.label(b))
            if forb[bi]:
                raise IllegalMoveError("dg.err.tip", "DG-13", hole=B.label(b))
            seen.add(b)
    finally:
        c[si] = v
    kind = "group" if kinds & 2 else ("long" if kinds & 4 else "hop")
    return squat_check(g, DiamondMove(tuple(holes), kind))


def squat_check(g, move: DiamondMove) -> DiamondMove:
    n = g.rules.no_squatting_after
    p = g._turn
    if n is None or g._own_turns[p] < n:
        return move
    start = g._start_set[p]
    ok = B.INDEX[move.path[0]] in start and B.INDEX[move.path[-1]] not in start
    if not ok:
        allowed = squat_filter(g, generate_unfiltered(g), p)
        if any(B.INDEX[m.path[0]] in start and B.INDEX[m.path[-1]] not in start for m in allowed):
            raise IllegalMoveError("dg.err.squat", "DG-16", n=n, colour=_colour(g, p))
    return move


def generate_unfiltered(g) -> list:
    p1 = g._turn + 1
    out = []
    for i in range(B.N):
        if g.cells[i] and (g.cells[i] & 7) == p1:
            out.extend(_moves_of(g, i))
    return out


# ------------------------------------------------------------------ the checked entries
# The functions above whose names start with "_" trust their arguments (this game's cells
# and hole indices), as a search calls them at every node. The public names below check
# their arguments once, naming the one that is wrong (a BoardkitError instead of a raw
# AttributeError or a search of a hole that holds no piece), then run the same code: the
# same answers for valid input (fastloop.py's public names do the same for its searches).
_GAME_CLASS: list = []


def _game(g: Any, what: str = "g") -> Any:
    """``g`` if it is a DiamondGame, else a BoardkitError naming ``what``."""
    if not _GAME_CLASS:
        from .game import DiamondGame
        _GAME_CLASS.append(DiamondGame)
    if not isinstance(g, _GAME_CLASS[0]):
        check_instance(g, _GAME_CLASS[0], what)
    return g


def _index(i: Any, what: str) -> int:
    """A hole index (a place in ``geometry.HOLES``, 0..120), else a BoardkitError."""
    return check_count(i, f"{what} (a hole index, a place in geometry.HOLES)", 0, B.N - 1)


def _piece_index(g: Any, i: Any, what: str = "i") -> int:
    """The index of a hole of ``g`` that holds a piece (IllegalMoveError for an empty one)."""
    i = _index(i, what)
    if not g.cells[i]:
        raise IllegalMoveError("dg.err.no_piece", hole=B.label(B.HOLES[i]))
    return i


def _player_index(g: Any, p: Any, what: str = "p") -> int:
    if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < g.players:
        raise BoardkitError(f"{what} must be a player index 0..{g.players - 1}; got {short_repr(p)}")
    return p


def _state(state: Any, what: str = "state") -> int:
    """A ``board_state`` value: a whole number >= 0 of at most 8 * 121 bits."""
    if isinstance(state, bool) or not isinstance(state, int) or state < 0 \
            or state.bit_length() > 8 * B.N:
        raise BoardkitError(f"{what} must be a board_state(cells) value (a whole number >= 0 of "
                            f"at most {8 * B.N} bits); got {short_repr(state)}")
    return state


def generate(g) -> list:
    """The legal moves of the player to move, one DiamondMove per (piece, destination)
    ([] when the game is over, [PASS] when the player must pass, DG-07)."""
    return _generate(_game(g))


def moves_of(g, i: int) -> list[DiamondMove]:
    """The moves of the piece on hole index i: one per destination."""
    _game(g)
    return _moves_of(g, _piece_index(g, i))


def jumps_from(g, y: int, p: int, king: bool, start: int) -> list[tuple[int, int]]:
    """(landing, kind) pairs of one jump of player ``p``'s piece (a king if ``king``) from
    hole index ``y``, ``start`` being the hole its turn began on (never landed on again,
    DG-10): kind 0 = single hop, 1 = group jump (k >= 2), 2 = long."""
    _game(g)
    y, start = _index(y, "y"), _index(start, "start")
    _player_index(g, p)
    if not isinstance(king, bool):
        raise BoardkitError(f"king must be True or False; got {short_repr(king)}")
    return _jumps_from(g, y, p, king, start)


def search(g, i: int) -> dict[int, tuple]:
    """Breadth-first search of every hole the piece on hole index i reaches by jumps:
    {landing: (path, kinds)} (see the engine's ``_search``)."""
    _game(g)
    return _search(g, _piece_index(g, i))


def reachable(g) -> dict[tuple[int, int], set]:
    """{start hole: set of destination holes} for the player to move (what the game's
    ``reachable()`` answers)."""
    return _REACHABLE[0](_game(g))
