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

from .._core import BoardkitError
from .._input import short_repr
from .rules import _whole, check_bits, check_board_size, check_player, check_rules

__all__ = ["Geometry", "geometry", "MoveGen", "movegen", "ghostgen", "Layout", "layout", "apply_raw",
           "perft_raw", "perft_ghost", "fast_captures", "fast_steps", "fast_generate", "fast_apply"]

# diagonal directions as (row step, column step); rows count from the top
DIRS = ((-1, -1), (-1, 1), (1, -1), (1, 1))   # up-left, up-right, down-left, down-right
UP, DOWN = (0, 1), (2, 3)                        # White's forward, Black's forward


class Geometry:
    """Square numbering and diagonal tables of an n x n board."""

    def __init__(self, n: int):
        self.n = n = check_board_size(n, "n")
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
        """The 1-based square number at (row, col) from the top-left, or None if light
        (or off the board); a row or column that is not a whole number: BoardkitError."""
        try:
            i = self.index.get((row, col))
        except TypeError:                   # unhashable: no whole number
            i = None
        if i is None:
            _check_row_col(row, col)
            return None
        return i + 1

    def is_dark(self, row: int, col: int) -> bool:
        _check_row_col(row, col)
        return (int(row) + int(col)) % 2 == 1


def _check_row_col(row, col) -> None:
    for what, v in (("row", row), ("col", col)):
        if not _whole(v):
            raise BoardkitError(f"{what} must be a whole number; got {short_repr(v)}")


def geometry(n: int) -> Geometry:
    """The geometry of an n x n board (n = 8, 10 or 12), built once per size."""
    return _geometry(check_board_size(n, "n"))


@cache
def _geometry(n: int) -> Geometry:
    return Geometry(n)


def bits(x: int):
    """Indexes of the set bits of x, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


#: positions whose moves ``MoveGen.cached_generate`` remembers (about 25 MB at most per rule set)
CACHE_SIZE = 20_000


CHUNK = 12                  # bits per conversion table (4,096 entries each)
MASK = (1 << CHUNK) - 1


class Layout:
    """The "ghost" bit layout of an n x n board (the layout of Scan and py-draughts'
    turbo engine, for any size): square (row, col) is bit ``(row * (n + 1) + col) // 2``,
    so every diagonal step is one constant shift (down-left ``+n/2``, down-right
    ``+n/2 + 1``, up ``-`` the same) and one unused bit per two rows keeps the edges
    apart. Move generation and search run in this layout; ``to_ghost``/``from_ghost``
    convert a set of squares (bit i = square i + 1) either way by chunk tables."""

    def __init__(self, n: int):
        g = geometry(n)
        self.n = g.n
        self.s2g = [(r * (n + 1) + c) // 2 for r, c in g.coords]
        self.nbits = max(self.s2g) + 1
        self.mask = sum(1 << b for b in self.s2g)
        g2s = {b: i for i, b in enumerate(self.s2g)}

        def table(nbits, where):
            # chunks of CHUNK bits: t[v] = the bits of chunk value v, mapped
            out = []
            for base in range(0, nbits, CHUNK):
                t = [0] * (1 << CHUNK)
                for v in range(1, 1 << CHUNK):
                    low = (v & -v).bit_length() - 1
                    b = base + low
                    t[v] = t[v & (v - 1)] | ((1 << where[b]) if b in where else 0)
                out.append((base, tuple(t)))
            return tuple(out)
        self._to = table(g.count, dict(enumerate(self.s2g)))
        self._recent: dict = {}
        self._from = table(self.nbits, g2s)

    def cached_to_ghost(self, x: int) -> int:
        """``to_ghost``, remembered for the sets converted lately (a side that did not
        move keeps its bits, so most conversions of a game's positions repeat). Only the
        last 1,024 or fewer: a small dict stays in the processor's caches (bot games
        5-8% faster than with 4,096)."""
        g = self._recent.get(x)
        if g is None:
            if len(self._recent) >= 1024:
                self._recent.clear()
            g = self._recent[x] = self.to_ghost(x)
        return g

    def to_ghost(self, x: int) -> int:
        out = 0
        for base, t in self._to:
            out |= t[(x >> base) & MASK]
        return out

    def from_ghost(self, x: int) -> int:
        out = 0
        for base, t in self._from:
            out |= t[(x >> base) & MASK]
        return out


def layout(n: int) -> Layout:
    """The ghost layout of an n x n board (n = 8, 10 or 12), built once per size."""
    return _layout(check_board_size(n, "n"))


@cache
def _layout(n: int) -> Layout:
    return Layout(n)


class MoveGen:
    """Legal-move generation for one rule set (tables specialised once, then reused).

    ``generate(own, opp, kings, player)`` returns the raw legal moves of ``player``
    whose pieces are ``own``. Captures come first, each start square in increasing
    order. Conventions (CK-07): jumped pieces stay on the board until the move ends
    (they block, and cannot be jumped twice); the moving piece's start square is empty
    during its own move; moves with the same start, end and set of captured pieces are
    one move (the first path found is kept).
    """

    def __init__(self, rules, layout: Layout | None = None):
        self.rules = rules = check_rules(rules, "rules")
        if layout is not None and not (isinstance(layout, Layout) and layout.n == rules.board_size):
            raise BoardkitError(f"layout must be None or the Layout of a {rules.board_size}x"
                                f"{rules.board_size} board; got {short_repr(layout)}")
        g = self.geo = geometry(rules.board_size)
        self.layout = layout
        self._cache: dict = {}
        self._objects: dict = {}             # position -> (raw list, its move objects)
        self._quick = None
        self.forced = rules.forced_capture
        self.majority = rules.majority_capture
        self.flying = rules.flying_kings
        self.crown_stops = rules.crowning_ends_move
        # the internal bit of each square: the square index itself, or (layout given) the
        # "ghost" bit of Layout, where every diagonal step is one constant shift
        to = list(range(g.count)) if layout is None else layout.s2g
        n = g.count if layout is None else layout.nbits
        step = [[-1] * 4 for _ in range(n)]
        ray: list[list[tuple[int, ...]]] = [[()] * 4 for _ in range(n)]
        for i in range(g.count):
            for d in range(4):
                ray[to[i]][d] = tuple(to[j] for j in g.ray[i][d])
                step[to[i]][d] = to[g.step[i][d]] if g.step[i][d] >= 0 else -1
        # jump entries (over_bit, over_index, land_index, land_bit) per square and direction
        jump: list[list[tuple[int, int, int, int] | None]] = [[None] * 4 for _ in range(n)]
        for i in range(n):
            for d in range(4):
                r = ray[i][d]
                if len(r) >= 2:
                    jump[i][d] = (1 << r[0], r[0], r[1], 1 << r[1])
        king_jumps = [tuple(j for j in jump[i] if j) for i in range(n)]
        fwd = (DOWN, UP)
        self.man_jumps = tuple(
            king_jumps if rules.men_capture_backward else
            [tuple(jump[i][d] for d in fwd[p] if jump[i][d]) for i in range(n)]
            for p in (0, 1))
        self.king_jumps = king_jumps
        # flying kings: for each square the non-empty rays as ((index, bit), ...)
        self.rays = [tuple(tuple((j, 1 << j) for j in ray[i][d]) for d in range(4) if ray[i][d])
                     for i in range(n)]
        self.crown_row: tuple[int, ...]
        if layout is None:
            self.crown_row, self.full = g.crown_row, g.full
        else:
            self.crown_row = tuple(layout.to_ghost(x) for x in g.crown_row)
            self.full = layout.mask
        # shift tables: per direction, (delta, source mask) pairs; a set of pieces moves
        # one square in direction d by shifting each row parity's part by its delta
        groups: list[dict[int, int]] = [{} for _ in range(4)]
        for i in range(n):
            for d in range(4):
                j = step[i][d]
                if j >= 0:
                    groups[d][j - i] = groups[d].get(j - i, 0) | (1 << i)
        self.groups = [tuple(sorted(gr.items())) for gr in groups]
        # the same as (up?, shift, mask) with non-negative shifts, and for jumps
        # (up?, first shift, second shift, mask of squares with a jump that way)
        self.sgroups = [tuple((delta < 0, abs(delta), m) for delta, m in gr) for gr in self.groups]
        jg: list[dict[tuple[int, int], int]] = [{} for _ in range(4)]
        for i in range(n):
            for d in range(4):
                jd = jump[i][d]
                if jd:
                    a = step[i][d] - i
                    b = jd[2] - step[i][d]
                    jg[d][(a, b)] = jg[d].get((a, b), 0) | (1 << i)
        self.jgroups = [tuple((a < 0, abs(a), abs(b), m) for (a, b), m in sorted(gr.items()))
                        for gr in jg]
        self.man_dirs = tuple((0, 1, 2, 3) if rules.men_capture_backward else fwd[p] for p in (0, 1))
        self.man_step_dirs = fwd
        if layout is not None:
            # on the ghost layout every diagonal step is one shift: starters by whole-board shifts
            # one instance, one layout: the ghost routine replaces the method here
            self.capture_starters = self._ghost_starters  # type: ignore[method-assign]
            self._h = g.half

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

    def capture_starters(self, own: int, opp: int, kings: int, player: int, empty: int) -> int:
        """The pieces that may start a capture: men and short kings with a one-square jump;
        every flying king (its jump may start further along the line)."""
        men, kings_own = own & ~kings, own & kings
        starters = self._jumpers(men, self.man_dirs[player], opp, empty)
        if kings_own:
            if self.flying:
                starters |= kings_own
            else:
                starters |= self._jumpers(kings_own, (0, 1, 2, 3), opp, empty)
        return starters

    def _ghost_starters(self, own: int, opp: int, kings: int, player: int, empty: int) -> int:
        """``capture_starters`` on the ghost layout: a jump is two equal shifts (onto an
        opposing piece, then onto an empty square), for all pieces at once."""
        h = self._h
        h1 = h + 1
        men = own & ~kings
        kown = own & kings
        if self.rules.men_capture_backward:
            jd = ju = men
        elif player == 0:
            jd, ju = men, 0
        else:
            jd, ju = 0, men
        if not self.flying:
            jd |= kown
            ju |= kown
        s = kown if self.flying else 0
        if jd:
            s |= (((((jd << h) & opp) << h) & empty) >> (h + h)) \
                | (((((jd << h1) & opp) << h1) & empty) >> (h1 + h1))
        if ju:
            s |= (((((ju >> h) & opp) >> h) & empty) << (h + h)) \
                | (((((ju >> h1) & opp) >> h1) & empty) << (h1 + h1))
        return s

    def captures(self, own: int, opp: int, kings: int, player: int, majority=None) -> list:
        """Every complete capture sequence, deduplicated; only the longest ones under
        majority capture (CK-06) unless ``majority=False``."""
        empty0 = self.full & ~(own | opp)
        # most positions have no capture: find the pieces with a first jump by shifts
        starters = self.capture_starters(own, opp, kings, player, empty0)
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
        short: list[tuple[int, tuple[int, ...]]] = [(men, self.man_step_dirs[player])]
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

    def __reduce__(self):
        # pickled as "the generator of these rules": the shared one on loading (its
        # memory and kernels are not sent)
        return (_generator, (self.rules, self.layout is not None))

    def cached_generate(self, own: int, opp: int, kings: int, player: int) -> list:
        """``generate``, remembered: positions repeat (transpositions, openings of many
        games); at most CACHE_SIZE positions, then the memory starts afresh. The list
        returned is shared: do not change it."""
        key = (own, opp, kings, player)
        cache = self._cache
        moves = cache.get(key)
        if moves is None:
            if len(cache) >= CACHE_SIZE:
                cache.clear()
            moves = cache[key] = self._generate_quick(own, opp, kings, player)
        return moves

    def cached_moves(self, own: int, opp: int, kings: int, player: int, raws: list,
                     make) -> list:
        """The move objects (``make(raw)`` each) of the raw list ``raws`` of this
        position, remembered by position like ``cached_generate`` (the same list object
        for every game there). The list returned is shared: do not change it."""
        key = (own, opp, kings, player)
        objects = self._objects
        try:
            hit = objects.get(key)
        except TypeError:                   # unhashable: refused below
            hit = None
        if hit is None or hit[0] is not raws:
            self._check_cached_moves(own, opp, kings, player, raws, make)
            if len(objects) >= CACHE_SIZE:
                objects.clear()
            hit = objects[key] = (raws, [make(r) for r in raws])
        return hit[1]

    def _check_cached_moves(self, own, opp, kings, player, raws, make) -> None:
        """The arguments of ``cached_moves`` (checked when they are not remembered)."""
        full = self.full.bit_length()
        for what, v in (("own", own), ("opp", opp), ("kings", kings)):
            check_bits(v, what, full)
        check_player(player, "player")
        if not isinstance(raws, list):
            raise BoardkitError(f"raws must be the list of raw moves of cached_generate; "
                                f"got {short_repr(raws)}")
        if not callable(make):
            raise BoardkitError(f"make must be a function of a raw move; got {short_repr(make)}")

    def _generate_quick(self, own: int, opp: int, kings: int, player: int) -> list:
        """``generate`` (same list), answered on the ghost layout when the position has
        no capture and no flying king: whole-board shifts instead of per-row groups."""
        if self.layout is not None or (self.flying and own & kings):
            return self.generate(own, opp, kings, player)
        q = self._quick
        if q is None:
            q = self._quick = _step_kernel(self)
        moves = q(own, opp, kings, player)
        return self.generate(own, opp, kings, player) if moves is None else moves

    def generate(self, own: int, opp: int, kings: int, player: int) -> list:
        caps = self.captures(own, opp, kings, player)
        if caps and self.forced:
            return caps
        return caps + self.steps(own, opp, kings, player)


# ------------------------------------------------- fast moves (perft, search)
# A fast move is ``(start, end, capmask)``: internal bit indexes of the start and end
# squares and the bit set of the captured pieces (no path: perft and the search do not
# need it). ``fast_generate`` gives the moves of ``generate`` in the same order.
def _fast_short(opp, table, crown, stops, start, sq, capmask, empty, man, out):
    found = False
    for over_bit, _over, land, land_bit in table[sq]:
        if opp & over_bit and not capmask & over_bit and empty & land_bit:
            found = True
            m2 = capmask | over_bit
            if man and stops and land_bit & crown:
                key = (start, land, m2)                 # CK-08: crowned, the move stops
                if key not in out:
                    out[key] = None
            else:
                _fast_short(opp, table, crown, stops, start, land, m2, empty, man, out)
    if not found and capmask:
        key = (start, sq, capmask)
        if key not in out:
            out[key] = None


def _fast_can_fly_on(opp, rays, sq, capmask, empty):
    for ray in rays[sq]:
        k, ln = 0, len(ray)
        while k < ln and empty & ray[k][1]:
            k += 1
        if k < ln - 1 and opp & ray[k][1] and not capmask & ray[k][1] and empty & ray[k + 1][1]:
            return True
    return False


def _fast_fly(opp, rays, start, sq, capmask, empty, out):
    found = False
    for ray in rays[sq]:
        k, ln = 0, len(ray)
        while k < ln and empty & ray[k][1]:
            k += 1
        if k >= ln - 1:
            continue
        over_bit = ray[k][1]
        if not opp & over_bit or capmask & over_bit:
            continue
        k += 1
        m2 = capmask | over_bit
        lands = []
        while k < ln and empty & ray[k][1]:
            lands.append(ray[k][0])
            k += 1
        if not lands:
            continue
        found = True
        onward = [x for x in lands if _fast_can_fly_on(opp, rays, x, m2, empty)]
        for land in onward or lands:
            _fast_fly(opp, rays, start, land, m2, empty, out)
    if not found and capmask:
        key = (start, sq, capmask)
        if key not in out:
            out[key] = None


def fast_captures(gen: MoveGen, own: int, opp: int, kings: int, player: int,
                  starters: int | None = None) -> list:
    """``gen.captures`` as fast moves (same moves, same order, majority applied);
    ``starters``: the pieces that have a first jump, when the caller knows them."""
    empty0 = gen.full & ~(own | opp)
    if starters is None:
        starters = gen.capture_starters(own, opp, kings, player, empty0)
    if not starters:
        return []
    out: dict = {}
    crown, stops = gen.crown_row[player], gen.crown_stops
    while starters:
        b = starters & -starters
        starters ^= b
        i = b.bit_length() - 1
        empty = empty0 | b
        if kings & b:
            if gen.flying:
                _fast_fly(opp, gen.rays, i, i, 0, empty, out)
            else:
                _fast_short(opp, gen.king_jumps, crown, stops, i, i, 0, empty, False, out)
        else:
            _fast_short(opp, gen.man_jumps[player], crown, stops, i, i, 0, empty, True, out)
    moves = list(out)
    if gen.majority and len(moves) > 1:
        best = max(m[2].bit_count() for m in moves)
        moves = [m for m in moves if m[2].bit_count() == best]
    return moves


def fast_steps(gen: MoveGen, own: int, opp: int, kings: int, player: int) -> list:
    """``gen.steps`` as fast moves (same order)."""
    empty = gen.full & ~(own | opp)
    out = []
    men = own & ~kings
    kings_own = own & kings
    sg = gen.sgroups
    for pieces, dirs in ((men, gen.man_step_dirs[player]),
                         (kings_own if not gen.flying else 0, (0, 1, 2, 3))):
        if not pieces:
            continue
        for d in dirs:
            for up, sh, m in sg[d]:
                x = pieces & m
                if not x:
                    continue
                if up:
                    t = (x >> sh) & empty
                    while t:
                        low = t & -t
                        j = low.bit_length() - 1
                        out.append((j + sh, j, 0))
                        t ^= low
                else:
                    t = (x << sh) & empty
                    while t:
                        low = t & -t
                        j = low.bit_length() - 1
                        out.append((j - sh, j, 0))
                        t ^= low
    out.sort()
    if kings_own and gen.flying:
        x = kings_own
        while x:
            b = x & -x
            x ^= b
            i = b.bit_length() - 1
            for ray in gen.rays[i]:
                for j, jb in ray:
                    if not empty & jb:
                        break
                    out.append((i, j, 0))
        out.sort(key=lambda mv: mv[0])
    return out


def fast_generate(gen: MoveGen, own: int, opp: int, kings: int, player: int) -> list:
    caps = fast_captures(gen, own, opp, kings, player)
    if caps and gen.forced:
        return caps
    return caps + fast_steps(gen, own, opp, kings, player)


def fast_apply(black: int, white: int, kings: int, player: int, mv, crown_row) -> tuple:
    """``apply_raw`` for a fast move."""
    fb, tb = 1 << mv[0], 1 << mv[1]
    capmask = mv[2]
    if player == 0:
        black = (black & ~fb) | tb
        white &= ~capmask
    else:
        white = (white & ~fb) | tb
        black &= ~capmask
    if kings & fb:
        kings = (kings & ~fb & ~capmask) | tb
    else:
        kings &= ~capmask
        if tb & crown_row[player]:
            kings |= tb
    return black, white, kings


def movegen(rules) -> MoveGen:
    """The generator of the public API (bit i = square i + 1; its move order is the API's)."""
    return _movegen(check_rules(rules, "rules"))


@cache
def _movegen(rules) -> MoveGen:
    return MoveGen(rules)


def _generator(rules, ghost: bool) -> MoveGen:
    return ghostgen(rules) if ghost else movegen(rules)


def ghostgen(rules) -> MoveGen:
    """The same generator on the ghost layout (``Layout``): the same moves in the same
    order (bit order is square order), faster; perft and the bots' search use it."""
    return _ghostgen(check_rules(rules, "rules"))


@cache
def _ghostgen(rules) -> MoveGen:
    return MoveGen(rules, layout(rules.board_size))


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
    """Leaf count of the legal-move tree (bulk counting at the last ply); ``gen`` is
    ``ghostgen(rules)`` or ``movegen(rules)`` (positions in that generator's bits)."""
    own, opp = (black, white) if player == 0 else (white, black)
    if depth <= 1:
        if depth < 1:
            return 1
        caps = fast_captures(gen, own, opp, kings, player)
        if caps and gen.forced:
            return len(caps)
        return len(caps) + gen.count_steps(own, opp, kings, player)
    moves = fast_generate(gen, own, opp, kings, player)
    crown = gen.crown_row[player]
    total = 0
    nxt = 1 - player
    d1 = depth - 1
    for start, end, capmask in moves:
        fb, tb = 1 << start, 1 << end
        o2 = (own & ~fb) | tb
        p2 = opp & ~capmask
        if kings & fb:
            k2 = (kings & ~fb & ~capmask) | tb
        else:
            k2 = kings & ~capmask
            if tb & crown:
                k2 |= tb
        if player == 0:
            total += perft_raw(gen, o2, p2, k2, nxt, d1)
        else:
            total += perft_raw(gen, p2, o2, k2, nxt, d1)
    return total


def _ghost_kernel(gen: MoveGen):
    """Whole-board shift helpers of a ghost-layout generator: ``quick(own, opp, kings,
    player)`` -> (capture moves or None when there is none, empty, down movers, up
    movers) and ``step_list`` / ``step_count`` (every step; order not kept)."""
    h = gen.geo.half
    h1 = h + 1
    h2, h12 = 2 * h, 2 * h1
    full, flying, back = gen.full, gen.flying, gen.rules.men_capture_backward

    def quick(own, opp, kings, player):
        empty = full & ~(own | opp)
        men = own & ~kings
        kown = own & kings
        short_k = 0 if flying else kown
        down = (men if player == 0 else 0) | short_k       # step down (Black's forward)
        up = (men if player == 1 else 0) | short_k
        jd = (men if (player == 0 or back) else 0) | short_k
        ju = (men if (player == 1 or back) else 0) | short_k
        st = (((((jd << h) & opp) << h) & empty) >> h2) | (((((jd << h1) & opp) << h1) & empty) >> h12) \
            | (((((ju >> h) & opp) >> h) & empty) << h2) | (((((ju >> h1) & opp) >> h1) & empty) << h12)
        if flying and kown:
            st |= kown
        if st:
            caps = fast_captures(gen, own, opp, kings, player, st)
            return (caps or None), empty, down, up
        return None, empty, down, up

    def step_count(empty, down, up, own, opp, kings, player):
        n = (((down << h) & empty).bit_count() + ((down << h1) & empty).bit_count()
             + ((up >> h) & empty).bit_count() + ((up >> h1) & empty).bit_count())
        if flying and own & kings:
            n += sum(1 for mv in fast_steps(gen, own & kings, opp | (own & ~kings), kings, player)
                     if (1 << mv[0]) & kings)
        return n

    def step_list(empty, down, up, own, opp, kings, player):
        out = []
        for x, sh in ((down << h) & empty, -h), ((down << h1) & empty, -h1), \
                     ((up >> h) & empty, h), ((up >> h1) & empty, h1):
            while x:
                b = x & -x
                x ^= b
                j = b.bit_length() - 1
                out.append((j + sh, j, 0))
        if flying and own & kings:
            out += [mv for mv in fast_steps(gen, own & kings, opp | (own & ~kings), kings, player)]
        return out
    return quick, step_count, step_list


@cache
def ghost_kernel(rules):
    return _ghost_kernel(ghostgen(rules))


def perft_ghost(rules, black: int, white: int, kings: int, player: int, depth: int) -> int:
    """perft on the ghost layout (positions in ghost bits) with whole-board shifts; the
    same counts as ``perft_raw``."""
    gen = ghostgen(rules)
    _quick, step_count, step_list = ghost_kernel(rules)
    crown_row = gen.crown_row
    forced, flying, back = gen.forced, gen.flying, rules.men_capture_backward
    h = gen.geo.half
    h1 = h + 1
    h2, h12 = 2 * h, 2 * h1
    full = gen.full

    def rec(own, opp, kings, player, depth):
        # inlined ghost_kernel.quick: capture starters and step sets by whole-board shifts
        empty = full & ~(own | opp)
        men = own & ~kings
        kown = own & kings
        short_k = 0 if flying else kown
        if player == 0:
            down, up = men | short_k, short_k
            jd, ju = down, (men | short_k) if back else short_k
        else:
            down, up = short_k, men | short_k
            jd, ju = (men | short_k) if back else short_k, up
        st = (((((jd << h) & opp) << h) & empty) >> h2) | (((((jd << h1) & opp) << h1) & empty) >> h12)
        if ju:
            st |= (((((ju >> h) & opp) >> h) & empty) << h2) \
                | (((((ju >> h1) & opp) >> h1) & empty) << h12)
        if flying and kown:
            st |= kown
        caps = fast_captures(gen, own, opp, kings, player, st) if st else None
        if depth == 1:
            if caps:
                if forced:
                    return len(caps)
                return len(caps) + step_count(empty, down, up, own, opp, kings, player)
            if kown and flying:
                return step_count(empty, down, up, own, opp, kings, player)
            return (((down << h) & empty).bit_count() + ((down << h1) & empty).bit_count()
                    + ((up >> h) & empty).bit_count() + ((up >> h1) & empty).bit_count())
        if caps and forced:
            moves = caps
        else:
            moves = step_list(empty, down, up, own, opp, kings, player)
            if caps:
                moves = caps + moves
        crown = crown_row[player]
        nxt = 1 - player
        d1 = depth - 1
        total = 0
        for start, end, capmask in moves:
            fb, tb = 1 << start, 1 << end
            if kings & fb:
                k2 = (kings & ~fb & ~capmask) | tb
            else:
                k2 = kings & ~capmask
                if tb & crown:
                    k2 |= tb
            total += rec(opp & ~capmask, (own & ~fb) | tb, k2, nxt, d1)
        return total

    if depth < 1:
        return 1
    own, opp = (black, white) if player == 0 else (white, black)
    return rec(own, opp, kings, player, depth)


def _step_kernel(api: MoveGen):
    """For the public generator: ``steps(own, opp, kings, player)`` -> the raw steps in
    ``MoveGen.steps`` order; when the player must capture (CK-06) and every capture is
    a single jump, those jumps (``fast_captures`` on the ghost layout, same order);
    else None (then the caller generates the usual way: a multi-jump keeps the path the
    generic generator finds first). Positions are converted to the ghost layout by
    chunk tables; each (start, end) ghost pair maps to its raw move, built once."""
    lay = layout(api.geo.n)
    ctg = lay.cached_to_ghost
    g2s = {b: i for i, b in enumerate(lay.s2g)}
    h = api.geo.half
    h1 = h + 1
    full, back = lay.mask, api.rules.men_capture_backward
    jump_of: dict = {}
    ghost = ghostgen(api.rules)
    forced = api.forced
    # per ghost bit of a piece: its steps (target bit, raw move) by end square, one list
    # for each way (down, up) and one for both (a king): pieces taken in square order
    # and their steps in this order give MoveGen.steps' order with no sort
    ways: list = [((), (), ())] * lay.nbits
    for b in lay.s2g:
        dn = [(1 << t, ((g2s[b], g2s[t]), (), 0)) for t in (b + h, b + h1) if t in g2s]
        upw = [(1 << t, ((g2s[b], g2s[t]), (), 0)) for t in (b - h1, b - h) if t in g2s]
        ways[b] = (tuple(dn), tuple(upw), tuple(upw + dn))
    # which list: men of player 0 go down, of player 1 up; kings both ways
    man_way = (0, 1)

    def steps(own, opp, kings, player):
        own, opp, kings = ctg(own), ctg(opp), ctg(kings)
        empty = full & ~(own | opp)
        men = own & ~kings
        kown = own & kings
        if player == 0:
            down, up = men | kown, kown
            jd, ju = down, (men | kown) if back else kown
        else:
            down, up = kown, men | kown
            jd, ju = (men | kown) if back else kown, up
        if ((((jd << h) & opp) << h) | (((jd << h1) & opp) << h1)
                | (((ju >> h) & opp) >> h) | (((ju >> h1) & opp) >> h1)) & empty:
            if not forced:
                return None
            out = []
            for start, end, capmask in fast_captures(ghost, own, opp, kings, player):
                if capmask & (capmask - 1):
                    return None                     # a multi-jump (a king's may end 2 squares on)
                r = jump_of.get(start * 128 + end)
                if r is None:
                    c = g2s[capmask.bit_length() - 1]
                    r = jump_of[start * 128 + end] = ((g2s[start], g2s[end]), (c,), 1 << c)
                out.append(r)
            return out
        out = []
        way = man_way[player]
        x = (down & ((empty >> h) | (empty >> h1))) | (up & ((empty << h) | (empty << h1)))
        while x:                       # the pieces that can step, in square order
            b = x & -x
            x ^= b
            for tb, r in ways[b.bit_length() - 1][2 if b & kown else way]:
                if tb & empty:
                    out.append(r)
        return out
    return steps
