"""Board geometry, bitboards and move generation for checkers (CK-01, CK-04..CK-09).

A position is three Python ints used as bit sets over the dark squares plus the side
to move: ``black``, ``white`` and ``kings`` (bit ``i`` is square ``i + 1``). All
geometry (neighbours, jump over/landing squares, diagonal rays) is computed once per
board size, so move generation is table look-ups and bit tests only.

Numbering (CK-01, PDN): the board is seen from White's side, square 1 is the first
dark square of the top row counted from the left, numbers run left to right, row by
row, so the lower-left corner (a1) is dark: 29 on 8x8, 46 on 10x10, 67 on 12x12.
Black (player 0) starts on the top rows (1-12 on 8x8) and moves down; White
(player 1) starts at the bottom and moves up.

A *raw move* is ``(path, captures, capmask)``: ``path`` the square indexes visited
(0-based, start first), ``captures`` the indexes jumped in order, ``capmask`` their
bits. The public ``CheckersMove`` (game.py) uses 1-based square numbers.
"""
from __future__ import annotations

from functools import cache

__all__ = ["Geometry", "geometry", "MoveGen", "movegen", "apply_raw", "perft_raw"]

# diagonal directions as (row step, column step); rows count from the top
DIRS = ((-1, -1), (-1, 1), (1, -1), (1, 1))   # up-left, up-right, down-left, down-right
UP, DOWN = (0, 1), (2, 3)                        # White's forward, Black's forward


class Geometry:
    """Square numbering and diagonal tables of an n x n board."""

    def __init__(self, n: int):
        self.n = n
        self.half = half = n // 2
        self.count = count = n * n // 2
        self.full = (1 << count) - 1
        self.coords = []                               # index -> (row, col)
        for r in range(n):
            for k in range(half):
                self.coords.append((r, 2 * k + (1 if r % 2 == 0 else 0)))
        self.index = {rc: i for i, rc in enumerate(self.coords)}
        # step[i][d]: neighbour index in direction d or -1; ray[i][d]: indexes along it
        self.step = [[-1] * 4 for _ in range(count)]
        self.ray: list[list[tuple[int, ...]]] = [[()] * 4 for _ in range(count)]
        for i, (r, c) in enumerate(self.coords):
            for d, (dr, dc) in enumerate(DIRS):
                out = []
                rr, cc = r + dr, c + dc
                while 0 <= rr < n and 0 <= cc < n:
                    out.append(self.index[(rr, cc)])
                    rr, cc = rr + dr, cc + dc
                self.ray[i][d] = tuple(out)
                self.step[i][d] = out[0] if out else -1
        # the rows where each player's men are crowned: Black at the bottom, White at the top
        self.crown_row = (sum(1 << i for i in range(count - half, count)),
                          sum(1 << i for i in range(half)))
        rows = half - 1                                  # CK-02: 3 rows (8x8), 4 (10x10), 5 (12x12)
        self.start_black = sum(1 << i for i in range(rows * half))
        self.start_white = sum(1 << i for i in range(count - rows * half, count))

    def square(self, row: int, col: int) -> int | None:
        """The 1-based square number at (row, col) from the top-left, or None if light."""
        i = self.index.get((row, col))
        return None if i is None else i + 1

    def is_dark(self, row: int, col: int) -> bool:
        return (row + col) % 2 == 1


@cache
def geometry(n: int) -> Geometry:
    return Geometry(n)


def bits(x: int):
    """Indexes of the set bits of x, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class MoveGen:
    """Legal-move generation for one rule set (tables specialised once, then reused).

    ``generate(own, opp, kings, player)`` returns the raw legal moves of ``player``
    whose pieces are ``own``. Captures come first, each start square in increasing
    order. Conventions (CK-07): jumped pieces stay on the board until the move ends
    (they block, and cannot be jumped twice); the moving piece's start square is empty
    during its own move; moves with the same start, end and set of captured pieces are
    one move (the first path found is kept).
    """

    def __init__(self, rules):
        self.rules = rules
        g = self.geo = geometry(rules.board_size)
        self.forced = rules.forced_capture
        self.majority = rules.majority_capture
        self.flying = rules.flying_kings
        self.crown_stops = rules.crowning_ends_move
        n = g.count
        # jump entries (over_bit, over_index, land_index, land_bit) per square and direction
        jump = [[None] * 4 for _ in range(n)]
        for i in range(n):
            for d in range(4):
                ray = g.ray[i][d]
                if len(ray) >= 2:
                    jump[i][d] = (1 << ray[0], ray[0], ray[1], 1 << ray[1])
        king_jumps = [tuple(j for j in jump[i] if j) for i in range(n)]
        fwd = (DOWN, UP)
        self.man_jumps = tuple(
            king_jumps if rules.men_capture_backward else
            [tuple(jump[i][d] for d in fwd[p] if jump[i][d]) for i in range(n)]
            for p in (0, 1))
        self.king_jumps = king_jumps
        # flying kings: for each square the non-empty rays as ((index, bit), ...)
        self.rays = [tuple(tuple((j, 1 << j) for j in g.ray[i][d]) for d in range(4) if g.ray[i][d])
                     for i in range(n)]
        self.crown_row = g.crown_row
        self.full = g.full
        # shift tables: per direction, (delta, source mask) pairs; a set of pieces moves
        # one square in direction d by shifting each row parity's part by its delta
        groups = [{} for _ in range(4)]
        for i in range(n):
            for d in range(4):
                j = g.step[i][d]
                if j >= 0:
                    groups[d][j - i] = groups[d].get(j - i, 0) | (1 << i)
        self.groups = [tuple(sorted(gr.items())) for gr in groups]
        # the same as (up?, shift, mask) with non-negative shifts, and for jumps
        # (up?, first shift, second shift, mask of squares with a jump that way)
        self.sgroups = [tuple((delta < 0, abs(delta), m) for delta, m in gr) for gr in self.groups]
        jg = [{} for _ in range(4)]
        for i in range(n):
            for d in range(4):
                if jump[i][d]:
                    a = g.step[i][d] - i
                    b = jump[i][d][2] - g.step[i][d]
                    jg[d][(a, b)] = jg[d].get((a, b), 0) | (1 << i)
        self.jgroups = [tuple((a < 0, abs(a), abs(b), m) for (a, b), m in sorted(gr.items()))
                        for gr in jg]
        self.man_dirs = tuple((0, 1, 2, 3) if rules.men_capture_backward else fwd[p] for p in (0, 1))
        self.man_step_dirs = fwd

    # ----------------------------------------------------------- captures
    def _jumpers(self, pieces: int, dirs, opp: int, empty: int) -> int:
        """The pieces of ``pieces`` that have a one-square jump (bit-parallel: shift
        onto an opposing piece, shift again onto an empty square, shift back)."""
        out = 0
        jg = self.jgroups
        for d in dirs:
            for up, s1, s2, m in jg[d]:
                x = pieces & m
                if not x:
                    continue
                if up:
                    x = (x >> s1) & opp
                    if x:
                        x = (x >> s2) & empty
                        if x:
                            out |= x << (s1 + s2)
                else:
                    x = (x << s1) & opp
                    if x:
                        x = (x << s2) & empty
                        if x:
                            out |= x >> (s1 + s2)
        return out

    def captures(self, own: int, opp: int, kings: int, player: int, majority=None) -> list:
        """Every complete capture sequence, deduplicated; only the longest ones under
        majority capture (CK-06) unless ``majority=False``."""
        empty0 = self.full & ~(own | opp)
        # most positions have no capture: find the pieces with a first jump by shifts
        men, kings_own = own & ~kings, own & kings
        starters = self._jumpers(men, self.man_dirs[player], opp, empty0)
        if kings_own:
            if self.flying:
                starters |= kings_own
            else:
                starters |= self._jumpers(kings_own, (0, 1, 2, 3), opp, empty0)
        if not starters:
            return []
        out: dict = {}
        man_jumps = self.man_jumps[player]
        king_jumps = self.king_jumps
        crown = self.crown_row[player]
        crown_stops = self.crown_stops
        rays = self.rays

        def short(sq, path, caps, capmask, table, empty, man):
            # one-square jumps (men, and kings without flying)
            found = False
            for over_bit, over, land, land_bit in table[sq]:
                if opp & over_bit and not capmask & over_bit and empty & land_bit:
                    found = True
                    p2, c2, m2 = path + (land,), caps + (over,), capmask | over_bit
                    if man and crown_stops and land_bit & crown:
                        out.setdefault((p2[0], land, m2), (p2, c2, m2))   # CK-08: stops here
                    else:
                        short(land, p2, c2, m2, table, empty, man)
            if not found and caps:
                out.setdefault((path[0], sq, capmask), (path, caps, capmask))

        def can_fly_on(sq, capmask, empty):
            # whether a flying king on sq has a capture (pieces in capmask block)
            for ray in rays[sq]:
                k, ln = 0, len(ray)
                while k < ln and empty & ray[k][1]:
                    k += 1
                if k < ln - 1 and opp & ray[k][1] and not capmask & ray[k][1] \
                        and empty & ray[k + 1][1]:
                    return True
            return False

        def flying(sq, path, caps, capmask, empty):
            found = False
            for ray in rays[sq]:
                k = 0
                ln = len(ray)
                while k < ln and empty & ray[k][1]:
                    k += 1
                if k >= ln - 1:
                    continue
                over, over_bit = ray[k]
                if not opp & over_bit or capmask & over_bit:
                    continue          # own piece, or a piece already jumped: blocks (CK-07)
                k += 1
                m2, c2 = capmask | over_bit, caps + (over,)
                lands = []
                while k < ln and empty & ray[k][1]:
                    lands.append(ray[k][0])
                    k += 1
                if not lands:
                    continue
                found = True
                # CK-07: the capture must go on if it can, so when some landing square
                # allows another jump the king must choose one of those
                onward = [x for x in lands if can_fly_on(x, m2, empty)]
                for land in onward or lands:
                    flying(land, path + (land,), c2, m2, empty)
            if not found and caps:
                out.setdefault((path[0], sq, capmask), (path, caps, capmask))

        for i in bits(starters):
            b = 1 << i
            empty = empty0 | b            # the mover's own square is free during its move
            if kings & b:
                if self.flying:
                    flying(i, (i,), (), 0, empty)
                else:
                    short(i, (i,), (), 0, king_jumps, empty, False)
            else:
                short(i, (i,), (), 0, man_jumps, empty, True)
        moves = list(out.values())
        if (self.majority if majority is None else majority) and moves:
            best = max(len(m[1]) for m in moves)
            moves = [m for m in moves if len(m[1]) == best]
        return moves

    # -------------------------------------------------------------- steps
    def steps(self, own: int, opp: int, kings: int, player: int) -> list:
        """Non-capturing moves, ordered by start square then end square (flying kings:
        by ray)."""
        empty = self.full & ~(own | opp)
        out = []
        groups = self.groups
        men = own & ~kings
        short = [(men, self.man_step_dirs[player])]
        kings_own = own & kings
        if kings_own and not self.flying:
            short.append((kings_own, (0, 1, 2, 3)))
        for pieces, dirs in short:
            if not pieces:
                continue
            for d in dirs:
                for delta, m in groups[d]:
                    x = pieces & m
                    if not x:
                        continue
                    t = ((x << delta) if delta > 0 else (x >> -delta)) & empty
                    while t:
                        low = t & -t
                        j = low.bit_length() - 1
                        out.append(((j - delta, j), (), 0))
                        t ^= low
        out.sort()
        if kings_own and self.flying:
            for i in bits(kings_own):
                for ray in self.rays[i]:
                    for j, jb in ray:
                        if not empty & jb:
                            break
                        out.append(((i, j), (), 0))
            out.sort(key=lambda mv: mv[0][0])       # stable: rays keep their order
        return out

    def count_steps(self, own: int, opp: int, kings: int, player: int) -> int:
        """len(steps(...)) without building the moves (perft's last ply)."""
        if kings & own and self.flying:
            return len(self.steps(own, opp, kings, player))
        empty = self.full & ~(own | opp)
        total = 0
        sg = self.sgroups
        men = own & ~kings
        kings_own = own & kings
        for pieces, dirs in ((men, self.man_step_dirs[player]), (kings_own, (0, 1, 2, 3))):
            if not pieces:
                continue
            for d in dirs:
                for up, sh, m in sg[d]:
                    x = pieces & m
                    if x:
                        total += (((x >> sh) if up else (x << sh)) & empty).bit_count()
        return total

    def count(self, own: int, opp: int, kings: int, player: int) -> int:
        """How many legal moves (perft's last ply)."""
        caps = self.captures(own, opp, kings, player)
        if caps and self.forced:
            return len(caps)
        return len(caps) + self.count_steps(own, opp, kings, player)

    def generate(self, own: int, opp: int, kings: int, player: int) -> list:
        caps = self.captures(own, opp, kings, player)
        if caps and self.forced:
            return caps
        return caps + self.steps(own, opp, kings, player)


@cache
def movegen(rules) -> MoveGen:
    return MoveGen(rules)


def apply_raw(black: int, white: int, kings: int, player: int, raw, crown_row) -> tuple:
    """The position (black, white, kings) after ``player`` plays the raw move."""
    path, _caps, capmask = raw
    fb, tb = 1 << path[0], 1 << path[-1]
    own, opp = (black, white) if player == 0 else (white, black)
    own = (own & ~fb) | tb
    opp &= ~capmask
    if kings & fb:
        kings = (kings & ~fb & ~capmask) | tb
    else:
        kings &= ~capmask
        if tb & crown_row[player]:
            kings |= tb                                 # CK-08: crowned on the far row
    return (own, opp, kings) if player == 0 else (opp, own, kings)


def perft_raw(gen: MoveGen, black: int, white: int, kings: int, player: int, depth: int) -> int:
    """Leaf count of the legal-move tree (bulk counting at the last ply)."""
    own, opp = (black, white) if player == 0 else (white, black)
    if depth <= 1:
        return gen.count(own, opp, kings, player) if depth == 1 else 1
    moves = gen.generate(own, opp, kings, player)
    crown = gen.crown_row[player]
    total = 0
    nxt = 1 - player
    for path, _c, capmask in moves:
        fb, tb = 1 << path[0], 1 << path[-1]
        o2 = (own & ~fb) | tb
        p2 = opp & ~capmask
        if kings & fb:
            k2 = (kings & ~fb & ~capmask) | tb
        else:
            k2 = kings & ~capmask
            if tb & crown:
                k2 |= tb
        if player == 0:
            total += perft_raw(gen, o2, p2, k2, nxt, depth - 1)
        else:
            total += perft_raw(gen, p2, o2, k2, nxt, depth - 1)
    return total
