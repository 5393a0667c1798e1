"""One piece alone on the ring of 回り将棋, as a Markov chain.

The track is the 32 rim squares (MS-01); positions here count squares from the piece's
own home corner, 0..31, counter-clockwise, corners at 0, 8, 16 and 24. With no other
piece about, only the toss rules matter: moving forward (MS-05, MS-07), moving back
after an overlap but never past the last corner passed (MS-06), no move after a fallen
gold (MS-08), and the corner jump (MS-14, optional here): a forward move ending exactly
on a corner other than home goes on to the next corner (arriving home that way ends the
lap).

    chain = RingChain(TossModel.fair(), jump=True)
    chain.expected_turns()          # turns for the first lap from home (exact)
    chain.turns_distribution(30)    # P(lap done in exactly n turns), n = 1..30
    chain.landings()                # long-run landings per lap on each of the 32 squares
    chain.simulate_laps(n, rng)     # Monte Carlo cross-check of the same numbers

The chain works toss by toss, so it is finite (32 squares + "lap done") and exact even
though a turn may have any number of tosses: within a turn the repeated tosses add up
to the matrix series I + A + A^2 + ... = (I - A)^-1, A = the moves of repeating tosses.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from .._core import BoardkitError
from ..errors import short_repr
from ..svg import Drawing
from ._args import check_model, check_pixels, check_whole
from .toss import TossModel, check_count

#: turns ``turns_distribution`` follows: exact Fractions grow fast (the realistic model
#: at 100 turns took 23 s, at 200 three minutes); floats (``exact=False``) go further
MAX_EXACT_TURNS = 100
MAX_TURNS = 10_000

__all__ = ["RING", "CORNERS", "RingChain", "step", "draw_ring_values"]

RING = 32
CORNERS = (0, 8, 16, 24)


def step(pos: int, squares: int, jump: bool = True) -> tuple[int, int]:
    """Where one toss takes a lone piece: (new position 0..31, laps completed).

    squares > 0 is a normal forward move (with the corner jump MS-14 if ``jump``);
    squares < 0 moves back, never past the last corner passed (MS-06; on a corner the
    piece stays); 0 is no move (MS-08)."""
    if isinstance(pos, (bool, np.bool_)) or not isinstance(pos, (int, np.integer)) \
            or not 0 <= pos < RING:
        raise BoardkitError(f"a ring position is 0..31 from the home corner (MS-01); "
                            f"got {short_repr(pos)}")
    squares = check_whole(squares, "step(squares)")
    if not isinstance(jump, (bool, np.bool_)):
        raise BoardkitError(f"step(jump) must be True or False; got {short_repr(jump)}")
    return _step(int(pos), squares, bool(jump))


def _step(pos: int, squares: int, jump: bool = True) -> tuple[int, int]:
    """``step`` for the chain's loops: unchecked."""
    if squares < 0:
        return max(pos + squares, pos - pos % 8), 0
    if squares == 0:
        return pos, 0
    total = pos + squares
    if jump and total % 8 == 0 and total % RING != 0:
        total += 8                        # MS-14: on to the next corner (one jump only)
    return total % RING, total // RING


def _solve(a: list, b: list) -> list:
    """Solve a x = b (a square, b a list of right-hand-side columns as rows: b[i][k]) by
    Gaussian elimination; works on Fractions (exact) or floats (partial pivoting)."""
    n = len(a)
    m = [list(a[i]) + list(b[i]) for i in range(n)]
    exact = isinstance(m[0][0], Fraction)
    for c in range(n):
        if exact:
            piv = next(r for r in range(c, n) if m[r][c] != 0)
        else:
            piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        inv = 1 / m[c][c]
        row = [x * inv for x in m[c]]
        m[c] = row
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c]
                m[r] = [x - f * y for x, y in zip(m[r], row)]
    return [r[n:] for r in m]


class RingChain:
    """A lone piece going round the ring, toss by toss (see the module docstring).

    ``exact``: None = Fractions when the model is exact, else floats; False forces
    floats (much faster for models with large denominators)."""

    def __init__(self, model: TossModel | None = None, jump: bool = True,
                 exact: bool | None = None):
        self.model = TossModel.fair() if model is None else check_model(model, "RingChain(model)")
        if not isinstance(jump, (bool, np.bool_)):
            raise BoardkitError(f"RingChain(jump) must be True or False; got {short_repr(jump)}")
        if exact is not None and not isinstance(exact, (bool, np.bool_)):
            raise BoardkitError(f"RingChain(exact) must be None, True or False; "
                                f"got {short_repr(exact)}")
        self.jump = bool(jump)
        self.exact = self.model.exact if exact is None else bool(exact) and self.model.exact
        self.model._check_turn_ends()
        conv = Fraction if self.exact else float
        self._steps: dict[tuple[int, bool], Fraction | float] = {}
        for s, p in self.model.toss_distribution().items():
            key = (s.squares, s.kind == "again")
            self._steps[key] = self._steps.get(key, 0) + conv(p)

    def _zero(self):
        return Fraction(0) if self.exact else 0.0

    def toss_matrices(self) -> tuple[list, list, list, list]:
        """(A, E, lap_a, lap_e): 32x32 transition chances of one toss between ring
        positions within the lap, split by tosses that repeat (A) or end the turn (E),
        and the chance of completing the lap from each position with such a toss."""
        z = self._zero()
        a = [[z] * RING for _ in range(RING)]
        e = [[z] * RING for _ in range(RING)]
        lap_a, lap_e = [z] * RING, [z] * RING
        for i in range(RING):
            for (sq, again), p in self._steps.items():
                j, laps = _step(i, sq, self.jump)
                if laps:
                    (lap_a if again else lap_e)[i] += p
                else:
                    (a if again else e)[i][j] += p
        return a, e, lap_a, lap_e

    def turn_matrix(self) -> tuple[list, list]:
        """(Q, done): Q[i][j] = chance a whole turn from position i ends at j without
        completing the lap; done[i] = chance the lap is completed during that turn.
        Q = (I - A)^-1 E and done = (I - A)^-1 (lap_a + lap_e): the geometric series of
        repeated tosses (MS-07) summed exactly."""
        a, e, lap_a, lap_e = self.toss_matrices()
        one = Fraction(1) if self.exact else 1.0
        i_minus_a = [[(one if r == c else 0) - a[r][c] for c in range(RING)] for r in range(RING)]
        rhs = [e[r] + [lap_a[r] + lap_e[r]] for r in range(RING)]
        sol = _solve(i_minus_a, rhs)
        return [row[:RING] for row in sol], [row[RING] for row in sol]

    def expected_turns(self, start: int = 0) -> Fraction | float:
        """Expected turns for a lap starting at ``start`` (0: the home corner):
        t = (I - Q)^-1 1, the absorbing-chain formula."""
        start = check_whole(start, "expected_turns(start)", 0, RING - 1)
        q, _ = self.turn_matrix()
        one = Fraction(1) if self.exact else 1.0
        i_minus_q = [[(one if r == c else 0) - q[r][c] for c in range(RING)] for r in range(RING)]
        sol = _solve(i_minus_q, [[one] for _ in range(RING)])
        return sol[start][0]

    def turns_distribution(self, max_turns: int = 40, start: int = 0) -> dict:
        """{n: P(the lap is completed in exactly n turns)} for n = 1..max_turns; the
        chance of needing more is ``1 - sum`` (the chain has an unbounded tail).
        ``max_turns`` is a whole number 0..100 for an exact chain, 0..10,000 with floats."""
        most = MAX_EXACT_TURNS if self.exact else MAX_TURNS
        max_turns = check_whole(max_turns, "turns_distribution(max_turns)", 0, most)
        start = check_whole(start, "turns_distribution(start)", 0, RING - 1)
        q, done = self.turn_matrix()
        z = self._zero()
        v = [z] * RING
        v[start] = Fraction(1) if self.exact else 1.0
        out = {}
        for n in range(1, max_turns + 1):
            out[n] = sum(v[i] * done[i] for i in range(RING))
            v = [sum(v[i] * q[i][j] for i in range(RING)) for j in range(RING)]
        return out

    def stationary(self) -> list:
        """Long-run share of tosses made from each square (the chain wrapping round the
        ring lap after lap): pi = pi P, sum pi = 1."""
        z = self._zero()
        one = Fraction(1) if self.exact else 1.0
        p = [[z] * RING for _ in range(RING)]
        for i in range(RING):
            for (sq, _again), pr in self._steps.items():
                p[i][_step(i, sq, self.jump)[0]] += pr
        # (P^T - I) pi = 0 with the last equation replaced by sum(pi) = 1
        a = [[p[c][r] - (one if r == c else 0) for c in range(RING)] for r in range(RING)]
        a[-1] = [one] * RING
        b = [[z] for _ in range(RING - 1)] + [[one]]
        return [row[0] for row in _solve(a, b)]

    def landings(self) -> list:
        """Long-run expected landings per lap on each square: a landing is a toss that
        moves the piece and leaves it on that square (after any corner jump)."""
        pi = self.stationary()
        z = self._zero()
        land = [z] * RING
        laps = z
        for i in range(RING):
            for (sq, _again), pr in self._steps.items():
                j, k = _step(i, sq, self.jump)
                laps += pi[i] * pr * k
                if sq != 0 and (j != i or k):
                    land[j] += pi[i] * pr
        return [x / laps for x in land]

    def laps_per_toss(self) -> Fraction | float:
        """Long-run laps completed per toss (with pi, the stationary distribution)."""
        pi = self.stationary()
        return sum(pi[i] * pr * _step(i, sq, self.jump)[1]
                   for i in range(RING) for (sq, _a), pr in self._steps.items())

    # ---- Monte Carlo cross-check -------------------------------------------------
    def simulate_laps(self, n: int, rng, start: int = 0) -> np.ndarray:
        """Turns taken by ``n`` lone pieces to finish a lap from ``start``, simulated
        toss by toss (all pieces at once with numpy)."""
        if isinstance(start, (bool, np.bool_)) or not isinstance(start, (int, np.integer)) \
                or not 0 <= start < RING:
            raise BoardkitError(f"a ring position is 0..31 from the home corner (MS-01); "
                                f"got {short_repr(start)}")
        n = check_count(n)
        pos = np.full(n, start, dtype=np.int64)
        turns = np.ones(n, dtype=np.int64)
        active = np.ones(n, dtype=bool)
        while active.any():
            idx = np.flatnonzero(active)
            sq, again = self.model.sample_tosses(len(idx), rng)
            new, laps = _step_arrays(pos[idx], sq, self.jump)
            pos[idx] = new
            finished = laps > 0
            active[idx[finished]] = False
            turns[idx[~finished & ~again]] += 1
        return turns

    def simulate_landings(self, tosses: int, rng, pieces: int = 1000, burn_in: int = 100,
                          ) -> tuple[np.ndarray, float]:
        """(landings on each square, laps run) for ``pieces`` lone pieces tossing
        ``tosses`` times each after ``burn_in`` uncounted tosses from home (so the start
        does not tilt the long-run figures); divide to get landings per lap. Laps run
        include the unfinished last lap as a fraction (its landings are counted)."""
        pieces, tosses = check_count(pieces, "pieces"), check_count(tosses, "tosses")
        check_count(pieces * (tosses + check_count(burn_in, "burn_in")), "pieces x tosses")
        pos = np.zeros(pieces, dtype=np.int64)
        for _ in range(burn_in):
            pos = _step_arrays(pos, self.model.sample_tosses(pieces, rng)[0], self.jump)[0]
        start = float(pos.sum()) / RING
        land = np.zeros(RING, dtype=np.int64)
        laps_total = 0
        for _ in range(tosses):
            sq, _again = self.model.sample_tosses(pieces, rng)
            new, laps = _step_arrays(pos, sq, self.jump)
            moved = (sq != 0) & ((new != pos) | (laps > 0))
            land += np.bincount(new[moved], minlength=RING)
            laps_total += int(laps.sum())
            pos = new
        return land, laps_total + float(pos.sum()) / RING - start


def _step_arrays(pos: np.ndarray, sq: np.ndarray, jump: bool):
    """``step`` for arrays of positions and signed squares."""
    total = pos + np.maximum(sq, 0)
    if jump:
        total = total + 8 * ((sq > 0) & (total % 8 == 0) & (total % RING != 0))
    back = np.maximum(pos + sq, pos - pos % 8)
    new = np.where(sq < 0, back, total % RING)
    laps = np.where(sq > 0, total // RING, 0)
    return new, laps


def _ring_values(values) -> list[float]:
    """The 32 values of ``draw_ring_values``: finite numbers, one per ring square."""
    ok = isinstance(values, (list, tuple, np.ndarray)) and len(values) == RING
    vals: list[float] = []
    if ok:
        for v in values:
            if isinstance(v, (bool, np.bool_)) or not isinstance(
                    v, (int, float, Fraction, np.integer, np.floating)):
                ok = False
                break
            try:
                vals.append(float(v))
            except OverflowError:
                ok = False
                break
        ok = ok and bool(np.isfinite(vals).all())
    if not ok:
        raise BoardkitError(f"draw_ring_values(values) must be {RING} finite numbers, one "
                            f"per ring square; got {short_repr(values)}")
    return vals


def draw_ring_values(values, *, title: str = "", size: float = 360, fmt_value=None) -> Drawing:
    """The 9x9 board with each ring square shaded by ``values[i]`` (i counted from the
    home corner, which is square 1九 as for the first player) and the value written in."""
    from ..svg import fmt
    from .game import square_coords, square_name

    vals = _ring_values(values)
    if not isinstance(title, str) or len(title) > 200:
        raise BoardkitError(f"draw_ring_values(title) must be text of at most 200 characters; "
                            f"got {short_repr(title)}")
    size = check_pixels(size, "draw_ring_values(size)", 20)
    if fmt_value is not None and not callable(fmt_value):
        raise BoardkitError(f"draw_ring_values(fmt_value) must be None or a function of a "
                            f"value; got {short_repr(fmt_value)}")
    top = max(vals) or 1.0
    cell = size / 9.6
    ox = oy = cell * 0.3
    d = Drawing(size, size + (cell * 0.8 if title else 0), background="#f7ecd0", title=title)
    for f in range(1, 10):
        for r in range(1, 10):
            x, y = ox + (9 - f) * cell, oy + (r - 1) * cell
            d.rect(x, y, cell, cell, fill="#efe0b9", stroke="#8a6a3d", stroke_width=0.6)
    for i, v in enumerate(vals):
        f, r = square_coords(i)
        x, y = ox + (9 - f) * cell, oy + (r - 1) * cell
        shade = v / top
        # cream -> deep orange; corners keep a thick border so they stay visible
        red, green, blue = 247 - 60 * shade, 236 - 150 * shade, 208 - 190 * shade
        d.rect(x, y, cell, cell, fill=f"rgb({fmt(red)},{fmt(green)},{fmt(blue)})",
               stroke="#3b2a10", stroke_width=2.2 if i % 8 == 0 else 0.6,
               cell=square_name(i))
        text = fmt_value(values[i]) if fmt_value else f"{v:.2f}"
        d.text(x + cell / 2, y + cell * 0.62, text, size=cell * 0.3,
               color="#ffffff" if shade > 0.6 else "#3b2a10")
    hx, hy = ox + 8 * cell, oy + 8 * cell
    d.text(hx + cell * 0.2, hy + cell * 0.3, "陣", size=cell * 0.26, color="#b22222")
    d.text(ox + 4.5 * cell, oy + 4.5 * cell, "↺", size=cell * 1.6, color="#c9a227")
    if title:
        d.text(size / 2, size + cell * 0.35, title, size=cell * 0.32, color="#3b2a10")
    return d
