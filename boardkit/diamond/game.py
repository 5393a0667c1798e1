"""Diamond Game (ダイヤモンドゲーム): the state, the legal moves, play and undo.

    g = DiamondGame()                      # three players, kings, 15 pieces each
    g.legal_moves()[:3]                    # [a2-b2, ...]
    g.play("c2:e2")                        # a hop, in label notation
    g.play([(-2, 6), (-2, 4)])             # or a path of (q, r) holes
    g.reachable_from((-3, 6))              # every hole that piece can reach now
    g.undo()

Moves (DG-07..DG-12, DG-19). A move is a path of holes: the start, then each landing.
``str(move)`` joins labels with ``-`` for a step (``e5-e6``), ``:`` for jumps
(``e5:g5:g7``), ``<>`` for the swap house rule, and is ``pass`` when stuck (DG-07).

Which paths are listed. Every path to the same hole gives the same position, so
``legal_moves()`` lists ONE move per (piece, destination): the step if the hole is a
step away, otherwise the hop path with the fewest jumps (found breadth-first; ties go
to the first found, in direction order E, SE, SW, W, NW, NE). ``play()`` also accepts
any other legal path to a reachable hole, checked jump by jump, and records it as
given; ``paths(start, dest)`` lists them, shortest first (bounded work, see there).

Fast internals for search: ``push(move)`` / ``pop()`` play and take back a move
without snapshots or legality checks (the move must come from ``legal_moves()``), and
leave ``history`` alone; use them in bots, and ``play``/``undo`` everywhere else.
"""
from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable

from .._core import BoardkitError, FormatError, Game, IllegalMoveError, Outcome
from . import board as B
from .rules import DiamondRules

__all__ = ["DiamondGame", "DiamondMove", "PASS", "PATHS_LIMIT", "PATHS_BUDGET"]

#: paths(): how many paths it returns by default, and how many partial chains one call
#: explores at most (the bound that keeps it fast on any position, issue 8)
PATHS_LIMIT = 100
#: the most holes a path can list (start + each landing once, DG-10), and the longest
#: move text accepted (labels of up to 3 characters and their separators)
MAX_PATH = 121
MAX_MOVE_TEXT = 8 * MAX_PATH
PATHS_BUDGET = 50_000

_KING = 8   # cell value = 1 + player, plus _KING for a king; 0 = empty


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
        if self.kind == "pass":
            return "pass"
        sep = {"step": "-", "swap": "<>"}.get(self.kind, ":")
        try:
            return sep.join(B.label(h) for h in self.path)
        except (BoardkitError, TypeError):   # a hand-made value with a malformed path
            return f"<not a path: {self.path!r:.60}>"

    def __repr__(self) -> str:
        # short and stable, so lists of moves read well in notebooks
        return "<pass>" if self.kind == "pass" else f"<{self.kind} {self}>"

    @property
    def start(self):
        return self.path[0] if self.path else None

    @property
    def dest(self):
        return self.path[-1] if self.path else None


#: the move of a player who has no legal move (DG-07)
PASS = DiamondMove((), "pass")


class DiamondGame(Game):
    """A game of Diamond Game for 1 (solitaire), 2 or 3 players, or Chinese checkers.

    Players are 0..players-1 (0 = red); ``colour(p)`` names them. Seats, camps and
    colours follow ``DiamondRules`` (see its docstring).
    """

    name: ClassVar[str] = "diamond"
    rules_class: ClassVar[type] = DiamondRules

    def __init__(self, rules: DiamondRules | None = None, *, setup: bool = True):
        super().__init__()
        if rules is None:
            rules = DiamondRules()
        if not isinstance(rules, DiamondRules):
            raise FormatError(f"rules must be a DiamondRules, got {type(rules).__name__}")
        self.rules = rules
        self._tables()
        self.cells = [0] * B.N
        self._turn = rules.first_player
        self._ply = 0
        self._finished: list[int] = []
        self._own_turns = [0] * rules.players
        self._passes = 0
        self._stack: list[tuple] = []
        self._setup = False           # True for a position set up by hand (from_pieces)
        if setup:
            for p in range(rules.players):
                for h in self._start_region[p]:
                    self.cells[h] = 1 + p
                if rules.kings:
                    self.cells[self._start_apex[p]] = 1 + p + _KING

    # ------------------------------------------------------------ seats
    def _tables(self) -> None:
        """Per-player index tables for this rule set (computed once per game)."""
        r = self.rules
        colours = r.colours
        self._start_tip = list(r.start_tips)
        self._goal_tip = [B.opposite(t) for t in self._start_tip]
        kind = r.board
        self._on, self._nb, self._rays, self._hops = B.tables(kind)
        if kind == "chinese":            # DG-20: camps are the 10-hole tips
            camp = region = lambda t: B.tip(t, kind)  # noqa: E731
        else:
            camp = lambda t: B.camp(t, kind)  # noqa: E731
            region = camp if (kind == "small" or r.pieces == 15) else (lambda t: B.tip(t, kind))
        idx = lambda hs: sorted(B.INDEX[h] for h in hs)  # noqa: E731
        self._start_region = [idx(region(t)) for t in self._start_tip]
        self._home = [idx(region(t)) for t in self._goal_tip]
        self._home_set = [frozenset(x) for x in self._home]
        self._start_set = [frozenset(x) for x in self._start_region]
        self._start_camp = [frozenset(camp(t)) for t in self._start_tip]
        self._goal_camp = [frozenset(camp(t)) for t in self._goal_tip]
        self._start_apex = [B.INDEX[B.apex(t, kind)] for t in self._start_tip]
        self._goal_apex = [B.INDEX[B.apex(t, kind)] for t in self._goal_tip]
        self._colour = [colours[t] for t in self._start_tip]
        # DG-13: the 10-hole tips of every other colour (also an unused colour's)
        self._forb = []
        for p in range(r.players):
            bad = [False] * B.N
            if kind != "chinese":
                for t in B.TIP_NAMES:
                    if colours[t] != self._colour[p]:
                        for h in B.tip(t, kind):
                            bad[B.INDEX[h]] = True
            self._forb.append(bad)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def moves_played(self) -> int:
        """Turns played so far (passes included); the solitaire score."""
        return self._ply

    def colour(self, player: int) -> str:
        """The colour name of a player ("red", "yellow", "green", ...)."""
        return self._colour[self._check_player(player)]

    def start_tip(self, player: int) -> str:
        return self._start_tip[self._check_player(player)]

    def goal_tip(self, player: int) -> str:
        return self._goal_tip[self._check_player(player)]

    def start_camp(self, player: int) -> frozenset:
        """The player's start camp (15 holes; the 10-hole tip on the Chinese board)."""
        return self._start_camp[self._check_player(player)]

    def goal_camp(self, player: int) -> frozenset:
        """The camp opposite the start camp, same colour (DG-02, DG-05)."""
        return self._goal_camp[self._check_player(player)]

    def home(self, player: int) -> frozenset:
        """The holes that must be filled to finish: the goal camp with 15 pieces,
        the goal tip's 10 holes with 10 pieces (DG-14, DG-16, DG-18)."""
        return frozenset(B.HOLES[i] for i in self._home[self._check_player(player)])

    def start_apex(self, player: int) -> tuple[int, int]:
        return B.HOLES[self._start_apex[self._check_player(player)]]

    def goal_apex(self, player: int) -> tuple[int, int]:
        """The goal ◎, where the player's king must end (DG-14)."""
        return B.HOLES[self._goal_apex[self._check_player(player)]]

    def forbidden(self, player: int) -> frozenset:
        """The holes where the player's pieces may never land (DG-13)."""
        bad = self._forb[self._check_player(player)]
        return frozenset(B.HOLES[i] for i in range(B.N) if bad[i])

    def holes(self) -> tuple:
        """The holes of this game's board (121, or 73 on the small board)."""
        return tuple(h for h in B.HOLES if self._on[B.INDEX[h]])

    def _check_on_board(self, h) -> None:
        if not self._on[B.INDEX[h]]:
            raise FormatError(f"{h} ({B.label(h)}) is not a hole of the small 73-hole board (DG-18)")

    def _check_player(self, player) -> int:
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.players:
            raise FormatError(f"{player!r} is not a player: players are 0..{self.players - 1}")
        return player

    # ------------------------------------------------------------ pieces
    def pieces(self) -> dict[tuple[int, int], tuple[int, bool]]:
        """hole -> (player, is_king) for every piece on the board."""
        c = self.cells
        return {B.HOLES[i]: ((v & 7) - 1, bool(v & _KING)) for i, v in enumerate(c) if v}

    def pieces_of(self, player: int) -> list[tuple[int, int]]:
        p1 = self._check_player(player) + 1
        return [B.HOLES[i] for i, v in enumerate(self.cells) if v and (v & 7) == p1]

    def king_of(self, player: int) -> tuple[int, int] | None:
        v = self._check_player(player) + 1 + _KING
        for i, c in enumerate(self.cells):
            if c == v:
                return B.HOLES[i]
        return None

    def piece_at(self, hole) -> tuple[int, bool] | None:
        """(player, is_king) of the piece on ``hole``, or None if it is empty."""
        v = self.cells[B.INDEX[B.parse_hole(hole)]]
        return ((v & 7) - 1, bool(v & _KING)) if v else None

    def has_finished(self, player: int) -> bool:
        return self._check_player(player) in self._finished

    @property
    def finished(self) -> tuple[int, ...]:
        """Players who have finished, in order (the ranking so far)."""
        return tuple(self._finished)

    @classmethod
    def from_pieces(cls, pieces: dict, rules: DiamondRules | None = None, *, turn: int = 0) -> "DiamondGame":
        """A position set up by hand, for puzzles and notebooks.

        ``pieces`` maps a hole ((q, r) or label) to a player index, or to
        ``(player, is_king)``. Refused with FormatError naming the rule: a hole off the
        board (DG-01, DG-18), two pieces on a hole, a piece on a forbidden tip (DG-13),
        two kings of one player (DG-04), a king when kings are off (DG-17), no piece at
        all. A set-up may give a player more or fewer pieces than the rules (a puzzle, a
        crowded field to study hops); its JSON says ``"setup": true`` and is checked by
        these rules only, not by the piece counts of DG-02/DG-18."""
        if not isinstance(pieces, dict):
            raise FormatError(f"from_pieces: pieces must be a dict hole -> player, got {type(pieces).__name__}")
        g = cls(rules, setup=False)
        g._setup = True
        g._check_player(turn)
        if len(pieces) > B.N:
            raise FormatError(f"from_pieces: {len(pieces)} pieces do not fit on {B.N} holes (DG-01)")
        kings = set()
        count = [0] * g.players
        for h, who in pieces.items():
            h = B.parse_hole(h)
            if isinstance(who, (tuple, list)) and len(who) == 2 and isinstance(who[1], bool):
                p, k = who
            elif isinstance(who, int) and not isinstance(who, bool):
                p, k = who, False
            else:
                raise FormatError(f"from_pieces: the piece on {B.label(h)} must be a player index or "
                                  f"(player, is_king), got {who!r}"[:300])
            g._check_player(p)
            g._check_on_board(h)
            if k and not g.rules.kings:
                raise FormatError(f"a king on {B.label(h)} but the rules have kings=False (DG-17)")
            if k and p in kings:
                raise FormatError(f"{g.colour(p)} has two kings (DG-04: one 王駒 per player)")
            if k:
                kings.add(p)
            i = B.INDEX[h]
            if g.cells[i]:
                raise FormatError(f"two pieces on {B.label(h)}: a hole holds one piece (DG-01)")
            if g._forb[p][i]:
                raise FormatError(f"{g.colour(p)} may not stand on {B.label(h)}: a piece may not stop "
                                  "on another colour's tip (DG-13)")
            count[p] += 1
            g.cells[i] = 1 + p + (_KING if k else 0)
        if not any(count):
            raise FormatError("an empty board: a position needs pieces (DG-02: 15 a player; DG-04)")
        g._turn = turn
        return g

    @classmethod
    def solitaire(cls, pieces: int = 10, *, kings: bool = False, long_jump: bool = False,
                  board: str = "star") -> "DiamondGame":
        """One player (red) alone crossing from its start to the opposite tip or camp.

        ``pieces=10``: tip to tip; ``pieces=15``: camp to camp. The game is over when
        the pieces are home; ``moves_played`` is the score (fewer is better)."""
        kw = dict(players=1, kings=kings, pieces=pieces, long_jump=long_jump, board=board)
        return cls(DiamondRules(**kw))

    # ------------------------------------------------------------ move search
    def _jumps_from(self, y: int, p: int, king: bool, start: int):
        """(landing, kind) pairs of one jump from hole y (the mover's start hole
        already emptied): kind 0 = single hop, 1 = group jump (k >= 2), 2 = long."""
        c = self.cells
        forb = self._forb[p]
        long_jump = self.rules.long_jump
        out = []
        for ray in self._rays[y]:
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

    def _search(self, i: int) -> dict[int, tuple]:
        """Breadth-first search of every hole the piece on i reaches by jumps.

        Returns {landing: (path, kinds)} in the order found: ``path`` is a fewest-jumps
        path as (q, r) holes from i, ``kinds`` a bit set of the jumps used
        (1 hop, 2 group, 4 long)."""
        c = self.cells
        v = c[i]
        p, king = (v & 7) - 1, bool(v & _KING)
        terminal_groups = king and not self.rules.king_hops_after_group
        H = B.HOLES
        c[i] = 0                              # the mover has left its hole
        try:
            found: dict[int, tuple] = {i: ((H[i],), 0)}
            queue = deque([i])
            if not king and not self.rules.long_jump:
                # the common case, kept lean: single hops only (DG-09, DG-12, DG-13)
                forb = self._forb[p]
                hops = self._hops
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
                for x, kind in self._jumps_from(y, p, king, i):
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

    def _moves_of(self, i: int) -> list[DiamondMove]:
        """The moves of the piece on hole index i: one per destination."""
        c = self.cells
        v = c[i]
        p = (v & 7) - 1
        forb = self._forb[p]
        H = B.HOLES
        out, seen = [], set()
        for x in self._nb[i]:                 # DG-08 steps
            if x < 0 or forb[x]:
                continue
            if not c[x]:
                out.append(DiamondMove((H[i], H[x]), "step"))
                seen.add(x)
            elif self.rules.swap_rule and self._can_swap(i, x, p):
                out.append(DiamondMove((H[i], H[x]), "swap"))
                seen.add(x)
        for x, (path, kinds) in self._search(i).items():
            if x not in seen:
                out.append(DiamondMove(path, "group" if kinds & 2 else ("long" if kinds & 4 else "hop")))
        return out

    def _can_swap(self, i: int, x: int, p: int) -> bool:
        """DG-16 house rule (a): step onto another colour's piece in my home."""
        w = self.cells[x]
        q = (w & 7) - 1
        return q != p and x in self._home_set[p] and not self._forb[q][i]

    def _generate(self) -> list:
        if self._is_over_fast():
            return []
        p = self._turn
        p1 = p + 1
        c = self.cells
        moves = []
        for i in range(B.N):
            if c[i] and (c[i] & 7) == p1:
                moves.extend(self._moves_of(i))
        moves = self._squat_filter(moves, p)
        return moves or [PASS]

    def _squat_filter(self, moves: list, p: int) -> list:
        """DG-16 house rule (b), see DiamondRules.no_squatting_after."""
        n = self.rules.no_squatting_after
        if n is None or self._own_turns[p] < n:
            return moves
        start = self._start_set[p]
        p1 = p + 1
        if not any(self.cells[j] and (self.cells[j] & 7) == p1 for j in start):
            return moves
        out = [m for m in moves if B.INDEX[m.path[0]] in start and B.INDEX[m.path[-1]] not in start]
        return out or moves

    # ------------------------------------------------------------ public queries
    def reachable(self) -> dict[tuple[int, int], set]:
        """{start hole: set of destination holes} for the player to move."""
        out: dict = {}
        for m in self.legal_moves():
            if m.path:
                out.setdefault(m.path[0], set()).add(m.path[-1])
        return out

    def reachable_from(self, hole) -> set:
        """Every hole the piece on ``hole`` could reach in one turn (steps and hop
        chains), whoever's turn it is; empty for an empty hole."""
        i = B.INDEX[B.parse_hole(hole)]
        if not self.cells[i]:
            return set()
        return {m.path[-1] for m in self._moves_of(i)}

    def single_jumps(self, start, at=None) -> list[tuple[int, int]]:
        """Where the piece standing on ``start`` could land with ONE jump from ``at``
        (default: from ``start``), its start hole counted as empty: the edges of the
        hop search (DG-09, DG-11, DG-12, DG-13, DG-19). Never lists ``start`` itself."""
        i = B.INDEX[B.parse_hole(start)]
        y = i if at is None else B.INDEX[B.parse_hole(at)]
        v = self.cells[i]
        if not v:
            raise IllegalMoveError(f"no piece on {B.label(B.HOLES[i])}")
        self.cells[i] = 0
        try:
            return [B.HOLES[x] for x, _ in self._jumps_from(y, (v & 7) - 1, bool(v & _KING), i)]
        finally:
            self.cells[i] = v

    def hop_layers(self, hole) -> list[list[tuple[int, int]]]:
        """The breadth-first search of hop chains (DG-10), layer by layer.

        Layer 0 is the start; layer k holds the holes first reached after k jumps.
        The union of the layers after 0 is every hole the piece can hop to."""
        i = B.INDEX[B.parse_hole(hole)]
        if not self.cells[i]:
            raise IllegalMoveError(f"no piece on {B.label(B.HOLES[i])}")
        layers: list[list] = [[B.HOLES[i]]]
        for path, _ in sorted(self._search(i).values(), key=lambda t: len(t[0])):
            while len(layers) < len(path):
                layers.append([])
            layers[len(path) - 1].append(path[-1])
        return layers

    def paths(self, start, dest, limit: int = PATHS_LIMIT) -> list[DiamondMove]:
        """The legal jump paths from ``start`` to ``dest`` this turn, shortest first
        (ties in direction order E, SE, SW, W, NW, NE), at most ``limit`` of them; the
        step (or swap) first if ``dest`` is a step away. Empty when none.

        Bounded work: the paths are enumerated by increasing length (iterative deepening,
        pruned by each hole's jump distance to ``dest``), and at most ``PATHS_BUDGET``
        (50,000) partial chains are explored per call, so the answer comes within about
        0.2 s on any position, however crowded (simple chains can be exponentially many).
        When the budget runs out the paths found so far are returned, still shortest
        first. ``play()`` checks a given path jump by jump and never needs this list."""
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise BoardkitError(f"paths(): limit must be a positive int, got {limit!r}")
        a, b = B.parse_hole(start), B.parse_hole(dest)
        self._check_on_board(a)
        self._check_on_board(b)
        i, x = B.INDEX[a], B.INDEX[b]
        c = self.cells
        v = c[i]
        if not v or i == x:
            return []
        p, king = (v & 7) - 1, bool(v & _KING)
        found: list[DiamondMove] = []
        if x in self._nb[i] and not self._forb[p][x]:
            if not c[x]:
                found.append(DiamondMove((a, b), "step"))
            elif self.rules.swap_rule and self._can_swap(i, x, p):
                found.append(DiamondMove((a, b), "swap"))
        terminal = king and not self.rules.king_hops_after_group
        c[i] = 0                              # the mover has left its hole
        try:
            # the jump graph of this piece (fixed during the chain) and, backwards from
            # dest, each hole's fewest jumps to dest (a lower bound for pruning)
            adj: dict[int, list] = {}
            queue, seen = deque([i]), {i}
            while queue:
                y = queue.popleft()
                adj[y] = self._jumps_from(y, p, king, i)
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

    # ------------------------------------------------------------ checking a path
    def _check_path(self, path: Iterable) -> DiamondMove:
        """The move for a path of holes, or IllegalMoveError naming the rule.

        Written jump by jump, independently of the breadth-first generator, so the
        tests can compare the two."""
        if not isinstance(path, (list, tuple)):
            raise FormatError(f"move: a path is a list of holes, got {type(path).__name__}")
        if len(path) > MAX_PATH:
            raise IllegalMoveError(f"a path of {len(path)} holes: a chain lands at most once on each "
                                   f"hole, so a move has at most {MAX_PATH} holes", "DG-10")
        holes = [B.parse_hole(h) for h in path]
        for h in holes:
            self._check_on_board(h)
        p = self._turn
        if not holes:
            if any(m.kind != "pass" for m in self._generate()):
                raise IllegalMoveError(f"{self._colour[p]} has a legal move: passing is allowed "
                                       "only when stuck", "DG-07")
            return PASS
        if len(holes) < 2:
            raise IllegalMoveError(f"a move needs a start hole and at least one landing, got "
                                   f"{B.label(holes[0])} alone", "DG-07")
        c = self.cells
        si = B.INDEX[holes[0]]
        v = c[si]
        if not v:
            raise IllegalMoveError(f"no piece on {B.label(holes[0])}", "DG-07")
        owner, king = (v & 7) - 1, bool(v & _KING)
        if owner != p:
            raise IllegalMoveError(f"{B.label(holes[0])} holds a {self._colour[owner]} piece; "
                                   f"it is {self._colour[p]}'s turn", "DG-07")
        forb = self._forb[p]
        # a single step (DG-08) or a swap (DG-16a)
        a, b = holes[0], holes[1]
        if B.distance(a, b) == 1:
            if len(holes) > 2:
                raise IllegalMoveError("a step ends the turn: steps and hops never mix in one turn",
                                       "DG-10")
            bi = B.INDEX[b]
            if forb[bi]:
                raise IllegalMoveError(f"{B.label(b)}: a piece may not stop on another colour's tip",
                                       "DG-13")
            if c[bi]:
                if self.rules.swap_rule and self._can_swap(si, bi, p):
                    return self._squat_check(DiamondMove((a, b), "swap"))
                raise IllegalMoveError(f"{B.label(b)} is occupied: a step goes to an empty "
                                       "neighbouring hole", "DG-08")
            return self._squat_check(DiamondMove((a, b), "step"))
        kinds = 0
        seen = {holes[0]}
        c[si] = 0                        # the mover has left its hole during the chain
        try:
            for n, (a, b) in enumerate(zip(holes, holes[1:])):
                dq, dr = b[0] - a[0], b[1] - a[1]
                if not (dq == 0 or dr == 0 or dq == -dr):
                    raise IllegalMoveError(f"{B.label(a)} to {B.label(b)} is not along a line: a jump "
                                           "goes straight over pieces", "DG-09")
                d = B.distance(a, b)
                if d == 0:
                    raise IllegalMoveError(f"{B.label(b)} twice in a row: a jump must move the piece, and "
                                           "it may not land on a hole it already occupied this turn "
                                           "(its start hole included)", "DG-10")
                if d == 1:
                    raise IllegalMoveError("a step ends the turn: steps and hops never mix in one turn",
                                           "DG-10")
                if kinds & 2 and not self.rules.king_hops_after_group:
                    raise IllegalMoveError("after a group jump the king's turn ends "
                                           "(king_hops_after_group=False)", "DG-11")
                ux, uy = dq // d, dr // d
                between = [(a[0] + k * ux, a[1] + k * uy) for k in range(1, d)]
                occ = [h for h in between if c[B.INDEX[h]]]
                if not occ:
                    raise IllegalMoveError(f"there is no piece to jump between {B.label(a)} and "
                                           f"{B.label(b)}", "DG-09")
                if any(c[B.INDEX[h]] & _KING for h in occ):
                    raise IllegalMoveError("kings cannot be jumped", "DG-12")
                if len(occ) == d - 1:          # a contiguous line of pieces
                    if d - 1 >= 2 and not king:
                        raise IllegalMoveError("two or more pieces in a row cannot be hopped; only "
                                               "the king (王駒) jumps a line", "DG-09, DG-11")
                    kinds |= 2 if d - 1 >= 2 else 1
                elif len(occ) == 1 and d % 2 == 0 and occ[0] == between[d // 2 - 1]:
                    if not self.rules.long_jump:
                        raise IllegalMoveError(f"{B.label(a)} to {B.label(b)} would be a long jump, and "
                                               "long jumps are off (long_jump=False)", "DG-19")
                    kinds |= 4
                else:
                    raise IllegalMoveError(f"{B.label(a)} to {B.label(b)}: a jump goes over one adjacent "
                                           "piece (the king: one line of pieces; long jump: one piece "
                                           "midway with empty holes around)", "DG-09")
                bi = B.INDEX[b]
                if c[bi]:
                    raise IllegalMoveError(f"the landing hole {B.label(b)} is occupied", "DG-09")
                if b in seen:
                    raise IllegalMoveError(f"{B.label(b)}: a piece may not land twice on the same hole "
                                           "in one turn", "DG-10")
                if forb[bi]:
                    raise IllegalMoveError(f"{B.label(b)}: a piece may not stop on another colour's tip",
                                           "DG-13")
                seen.add(b)
        finally:
            c[si] = v
        kind = "group" if kinds & 2 else ("long" if kinds & 4 else "hop")
        return self._squat_check(DiamondMove(tuple(holes), kind))

    def _squat_check(self, move: DiamondMove) -> DiamondMove:
        n = self.rules.no_squatting_after
        p = self._turn
        if n is None or self._own_turns[p] < n:
            return move
        start = self._start_set[p]
        ok = B.INDEX[move.path[0]] in start and B.INDEX[move.path[-1]] not in start
        if not ok:
            allowed = self._squat_filter(self._generate_unfiltered(), p)
            if any(B.INDEX[m.path[0]] in start and B.INDEX[m.path[-1]] not in start for m in allowed):
                raise IllegalMoveError(f"house rule no_squatting_after={n}: {self._colour[p]} must move a "
                                       "piece out of its start camp", "DG-16")
        return move

    def _generate_unfiltered(self) -> list:
        p1 = self._turn + 1
        out = []
        for i in range(B.N):
            if self.cells[i] and (self.cells[i] & 7) == p1:
                out.extend(self._moves_of(i))
        return out

    def _coerce_move(self, move: Any) -> DiamondMove:
        if isinstance(move, DiamondMove):
            if move.kind == "pass":
                return self._check_path(())
            return self._check_path(move.path)
        if isinstance(move, (list, tuple)):
            return self._check_path(move)
        raise FormatError(f"a Diamond Game move is a DiamondMove, its text ('e5-e6', 'e5:g5:g7', "
                          f"'pass') or a list of (q, r) holes; got {type(move).__name__}")

    _SPLIT = re.compile(r"\s*(?:<>|[-:x])\s*")

    def _parse_move(self, text: str) -> DiamondMove:
        """Move text: labels joined by '-', ':' (or 'x'), '<>', or 'pass'. At most
        ``MAX_MOVE_TEXT`` characters (a chain visits each hole at most once)."""
        if not isinstance(text, str):
            raise FormatError(f"move notation: expected text, got {type(text).__name__}")
        if len(text) > MAX_MOVE_TEXT:
            raise FormatError(f"move notation: {len(text):,} characters is too long for a move "
                              f"(at most {MAX_MOVE_TEXT}; a chain lands on each hole at most once, DG-10)")
        t = text.strip().lower()
        if t == "pass":
            return self._check_path(())
        parts = self._SPLIT.split(t)
        if len(parts) < 2 or not all(parts):
            raise FormatError(f"move notation: {text!r} is not a move; write labels joined by '-' for a "
                              "step ('e5-e6'), by ':' for jumps ('e5:g5:g7'), or 'pass'")
        return self._check_path([B.hole(x) for x in parts])

    def _explain_illegal(self, move: Any) -> IllegalMoveError:
        try:
            self._coerce_move(move) if not isinstance(move, str) else self._parse_move(move)
        except IllegalMoveError as e:
            return e
        return IllegalMoveError(f"{move} is not a legal move here")

    # ------------------------------------------------------------ playing
    def _apply(self, move: DiamondMove) -> None:
        self._do(move)

    def push(self, move: DiamondMove) -> None:
        """Play a move from ``legal_moves()`` fast (no checks, no snapshot); ``pop()``
        takes it back. For search code; ``history`` is not touched."""
        self._stack.append(self._do(move))

    def pop(self) -> None:
        """Take back the last ``push``."""
        i, x, vi, vx, turn, passes, nfin = self._stack.pop()
        if i >= 0:
            self.cells[i] = vi
            self.cells[x] = vx
        self._turn = turn
        self._passes = passes
        del self._finished[nfin:]
        self._own_turns[turn] -= 1
        self._ply -= 1

    def _do(self, move: DiamondMove) -> tuple:
        c = self.cells
        p = self._turn
        record_passes = self._passes
        nfin = len(self._finished)
        if move.kind == "pass":
            i = x = -1
            vi = vx = 0
            self._passes += 1
        else:
            i, x = B.INDEX[move.path[0]], B.INDEX[move.path[-1]]
            vi, vx = c[i], c[x]
            c[x] = vi
            c[i] = vx if move.kind == "swap" else 0
            self._passes = 0
        self._ply += 1
        self._own_turns[p] += 1
        n = self.rules.players
        # a move may complete the mover's home, or (DG-16) someone else's
        for k in range(n):
            q = (p + k) % n
            if q not in self._finished and self._is_home(q):
                self._finished.append(q)
                self._passes = 0
        for k in range(1, n + 1):
            q = (p + k) % n
            if q not in self._finished:
                self._turn = q
                break
        return (i, x, vi, vx, p, record_passes, nfin)

    def _is_home(self, p: int) -> bool:
        """DG-14/DG-16: every home hole occupied, and the king on the goal ◎
        (without kings: at least one own piece at home)."""
        c = self.cells
        home = self._home[p]
        for j in home:
            if not c[j]:
                return False
        if self.rules.kings:
            return c[self._goal_apex[p]] == 1 + p + _KING
        p1 = p + 1
        return any((c[j] & 7) == p1 for j in home)

    def _is_over_fast(self) -> bool:
        n = self.rules.players
        f = len(self._finished)
        if f and (n <= 2 or f >= n - 1):
            return True
        if self.rules.max_turns is not None and self._ply >= self.rules.max_turns:
            return True
        return self._passes >= n - f

    def is_over(self) -> bool:
        return self._is_over_fast()

    def _remaining(self, p: int) -> int:
        apex = B.HOLES[self._goal_apex[p]]
        return sum(B.distance(h, apex) for h in self.pieces_of(p))

    def _outcome(self) -> Outcome | None:
        if not self._is_over_fast():
            return None
        n = self.rules.players
        fin = list(self._finished)
        rest = sorted((p for p in range(n) if p not in fin), key=lambda p: (self._remaining(p), p))
        ranking = tuple(fin + rest)
        if fin and (n <= 2 or len(fin) >= n - 1):
            w = fin[0]
            if n == 1:
                return Outcome(0, f"all pieces home in {self._ply} moves (solitaire)", (0,))
            how = "king on ◎ and the goal camp full (DG-14, DG-16)" if self.rules.kings \
                else "the goal camp full (DG-14, DG-16)"
            return Outcome(w, f"{self._colour[w]} finished first: {how}", ranking)
        if self.rules.max_turns is not None and self._ply >= self.rules.max_turns:
            return Outcome(None, f"unfinished: the cap of {self.rules.max_turns} turns was reached "
                           "(max_turns); ranking by finishing order, then distance left", ranking)
        return Outcome(None, "no player can move: everyone had to pass (DG-07)", ranking)

    # ------------------------------------------------------------ state
    def _snapshot(self):
        return (tuple(self.cells), self._turn, self._ply, tuple(self._finished),
                tuple(self._own_turns), self._passes)

    def _restore(self, snap) -> None:
        cells, self._turn, self._ply, fin, own, self._passes = snap
        self.cells = list(cells)
        self._finished = list(fin)
        self._own_turns = list(own)
        self._stack = []

    def _state_dict(self) -> dict:
        d = {
            "pieces": [[B.label(B.HOLES[i]), (v & 7) - 1, bool(v & _KING)]
                       for i, v in enumerate(self.cells) if v],
            "turn": self._turn,
            "turns_played": self._ply,
            "finished": list(self._finished),
            "own_turns": list(self._own_turns),
            "passes": self._passes,
        }
        if self._setup:
            d["setup"] = True
        return d

    def _load_state(self, d: dict) -> None:
        """Read ``_state_dict`` data, refusing what play cannot reach (FormatError
        naming the rule): pieces off the board or on a forbidden tip (DG-01, DG-13,
        DG-18), two on a hole, a player without exactly ``rules.pieces`` pieces
        (DG-02, DG-18) or without exactly one king (DG-04, DG-17), more pieces out of
        the start area than the player has had turns (DG-07: one piece per turn), a
        finished player who has not moved or is not home (DG-14, DG-16), a player home
        but not counted as finished, the turn on a finished player, turn counts that
        do not add up (DG-05), and more passes in a row than players (DG-07).
        With ``"setup": true`` (a hand-made position, ``from_pieces``) a player may
        have other piece counts and the piece-count, move-count and home checks are
        skipped (the other rules still hold)."""
        fmt = "diamond JSON"
        keys = {"pieces", "turn", "turns_played", "finished", "own_turns", "passes"}
        if not (keys <= set(d) <= keys | {"setup"}):
            raise FormatError(f"{fmt}: state needs exactly the keys {sorted(keys)} (and optional "
                              f"'setup'), got {sorted(map(str, d))[:12]}"[:400])
        setup = d.get("setup", False)
        if not isinstance(setup, bool):
            raise FormatError(f"{fmt}: 'setup' must be true or false")
        n = self.players
        pcs = d["pieces"]
        if not isinstance(pcs, list):
            raise FormatError(f"{fmt}: 'pieces' must be a list of [label, player, is_king]")
        if len(pcs) > B.N:
            raise FormatError(f"{fmt}: {len(pcs)} pieces do not fit on the {B.N} holes (DG-01, DG-02)")
        placed = {}
        for item in pcs:
            if not (isinstance(item, list) and len(item) == 3 and isinstance(item[2], bool)
                    and isinstance(item[1], int) and not isinstance(item[1], bool)):
                raise FormatError(f"{fmt}: each piece is [label, player, is_king], got {item!r}"[:300])
            h = B.hole(item[0]) if isinstance(item[0], str) else B.parse_hole(item[0])
            if h in placed:
                raise FormatError(f"{fmt}: two pieces on {B.label(h)} (a hole holds one piece, DG-01)")
            placed[h] = (item[1], item[2])
        if not _is_int(d["turn"]):
            raise FormatError(f"{fmt}: 'turn' must be a player index 0..{n - 1}")
        g = DiamondGame.from_pieces(placed, self.rules, turn=d["turn"])
        if not _ints(d["finished"]) or any(not 0 <= x < n for x in d["finished"]) or \
                len(set(d["finished"])) != len(d["finished"]):
            raise FormatError(f"{fmt}: 'finished' must list distinct players 0..{n - 1}")
        if not _ints(d["own_turns"]) or len(d["own_turns"]) != n or min(d["own_turns"]) < 0:
            raise FormatError(f"{fmt}: 'own_turns' must be {n} counts >= 0")
        for k in ("turns_played", "passes"):
            if not _is_int(d[k]) or d[k] < 0:
                raise FormatError(f"{fmt}: {k!r} must be an int >= 0")
        ply, own, fin, passes = d["turns_played"], d["own_turns"], d["finished"], d["passes"]
        turn = d["turn"]
        if sum(own) != ply:
            raise FormatError(f"{fmt}: own_turns {own} do not add up to turns_played {ply} "
                              "(every turn, a pass included, is one player's, DG-05/DG-07)")
        cap = self.rules.max_turns
        if cap is not None and ply > cap:
            raise FormatError(f"{fmt}: {ply} turns played, past the rules' cap max_turns={cap}")
        if passes > ply or passes > n - len(fin):
            raise FormatError(f"{fmt}: {passes} passes in a row: the game ends when every player "
                              "still playing has passed once (DG-07)")
        if len(fin) < n and turn in fin:
            raise FormatError(f"{fmt}: it is {g.colour(turn)}'s turn, but that player has finished "
                              "(finished players no longer move, DG-14)")
        if not setup and not fin:
            first = self.rules.first_player
            if turn != (first + ply) % n or any(
                    own[p] != ply // n + ((p - first) % n < ply % n) for p in range(n)):
                raise FormatError(f"{fmt}: turn {turn} and own_turns {own} do not follow the turn "
                                  f"order from first_player={first} after {ply} turns (DG-05)")
        count = [0] * n
        for p, _ in placed.values():
            count[p] += 1
        for p in range(n):
            kings = sum(1 for q, k in placed.values() if q == p and k)
            if not setup:
                if count[p] != self.rules.pieces:
                    raise FormatError(f"{fmt}: {g.colour(p)} has {count[p]} pieces; every player has "
                                      f"{self.rules.pieces} (DG-02, DG-18), none is ever captured (DG-09)")
                if self.rules.kings and kings != 1:
                    raise FormatError(f"{fmt}: {g.colour(p)} has no king; each player has one 王駒 (DG-04)")
                if not self.rules.swap_rule:
                    out = sum(1 for j in range(B.N) if g.cells[j] and (g.cells[j] & 7) == p + 1
                              and j not in self._start_set[p])
                    if out > own[p]:
                        raise FormatError(f"{fmt}: {g.colour(p)} has {out} pieces out of the start area "
                                          f"after {own[p]} turns; a turn moves one piece (DG-07)")
            if p in fin:
                if own[p] < 1:
                    raise FormatError(f"{fmt}: {g.colour(p)} is listed as finished without having "
                                      "moved (DG-14)")
                if self.rules.kings and g.cells[self._goal_apex[p]] != 1 + p + _KING:
                    raise FormatError(f"{fmt}: {g.colour(p)} is listed as finished, but its king is not "
                                      "on the goal ◎ (DG-14; a finished player's pieces stay put)")
                if not self.rules.kings and not any(g.cells[j] and (g.cells[j] & 7) == p + 1
                                                    for j in self._home[p]):
                    raise FormatError(f"{fmt}: {g.colour(p)} is listed as finished with no piece at "
                                      "home (DG-14, DG-16)")
            elif not setup and g._is_home(p):
                raise FormatError(f"{fmt}: {g.colour(p)} is home (DG-14, DG-16) but not listed as "
                                  "finished")
        self.cells = g.cells
        self._turn = turn
        self._ply = ply
        self._finished = list(fin)
        self._own_turns = list(own)
        self._passes = passes
        self._setup = setup
        self._stack = []

    # ------------------------------------------------------------ display
    def draw(self, **options):
        from .draw import draw_board
        return draw_board(self, **options)

    def __str__(self) -> str:
        """A text diagram: rows q (top) to a; r y g ... for pieces, capitals for kings,
        ``.`` empty, ``,`` a hole forbidden to the player to move."""
        letters = {"red": "r", "yellow": "y", "green": "g", "purple": "p", "blue": "b", "orange": "o"}
        forb = self._forb[self._turn]
        lines = []
        for r in range(-8, 9):
            row = [h for h in B.HOLES if h[1] == r and self._on[B.INDEX[h]]]
            if not row:
                continue
            left = row[0][0] + r / 2
            pad = int(round((left + 8) * 2))
            cells = []
            for h in row:
                i = B.INDEX[h]
                v = self.cells[i]
                if v:
                    ch = letters[self._colour[(v & 7) - 1]]
                    cells.append(ch.upper() if v & _KING else ch)
                else:
                    cells.append("," if forb[i] else ".")
            lines.append(f"{B.ROW_LETTERS[8 - r]} " + " " * pad + " ".join(cells))
        return "\n".join(lines)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _ints(xs) -> bool:
    return isinstance(xs, list) and all(_is_int(x) for x in xs)
