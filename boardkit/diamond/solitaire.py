"""Solitaire puzzles: carry your pieces across the star in as few moves as you can.

    from boardkit.diamond import solitaire
    solitaire.verify(my_moves)                 # replays them; the number of moves if solved
    solitaire.check(my_moves)                  # the same, as printed feedback
    solitaire.solve(width=300)                 # a beam search for a short solution

The classic puzzle (DiamondGame.solitaire(pieces=10)): ten pieces, alone on the board,
from the south tip to the north tip. One move is a step or a whole hop chain, as in
the game (DG-08..DG-10); the other colours' tips are closed (DG-13), so the pieces
use the hexagon and the two red tips, which is the 81-hole board of the literature.

Known optimum: 27 moves. Octave Levenspiel found a 27-move solution in 1971 (reported by
Martin Gardner), and George I. Bell proved by computer search that no shorter solution
exists ("The shortest game of Chinese Checkers and related problems", INTEGERS 9 (2009),
#G01, arXiv:0803.1245). ``SOLUTION_27`` below is a 27-move solution found with
``solve_symmetric``; the tests replay it on the engine.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .._catalogue import Word, render
from .._core import BoardkitError, FormatError, IllegalMoveError, short_repr
from .._input import check_instance
from . import geometry as B
from .game import DiamondGame

__all__ = ["OPTIMUM", "SOLUTION_27", "SolitaireResult", "verify", "replay", "check", "solve",
           "solve_symmetric", "lower_bound"]

#: the fewest moves that carry 10 pieces from tip to tip (Bell 2009)
OPTIMUM = {10: 27}

#: a 27-move solution of the 10-piece puzzle, in the engine's notation. Found by
#: ``solve_symmetric(width=1500, half=13, asym=4, symmetry="flip")``: 13 moves, one
#: middle move (the 14th) that turns the position into its mirror image, then the
#: first 13 moves reflected and taken back in reverse order.
SOLUTION_27: tuple[str, ...] = (
    "d1-e6", "b1:d1:f6", "c3:e7:g5", "g5-h4", "a1:c3:e7:g5:i3",
    "c1:e7:g5", "d2:f5:h5:h3:j4", "j4-k5", "b2:d2:f5:h5:h3:j4:l6", "d4:d2:f5:h5:h3:j4",
    "e6:g6:g4:i4:k4:k6:m6", "m6-n2", "d3-d2", "c2:e6:g6:g4:i4:k4:k6:m6:o2", "n2-n3",
    "d2-e6", "e6:g6:g4:i4:k4:k6:m6", "h4:j3:j5:l5:n2:n4", "f6:h4:j3:j5:l5:n2:p2", "g5-h4",
    "h4:j3:j5:l5:n2", "k5:m7:o1", "i3:k5:m7:o3:q1", "j4-k5", "k5:m7:o3",
    "l6:n1:p1", "m6-n1",
)


@dataclass(frozen=True)
class SolitaireResult:
    """What a replay found: the number of moves played, whether every piece is home,
    and the known optimum for comparison (None when unknown)."""

    moves: int
    solved: bool
    optimum: int | None

    @property
    def optimal(self) -> bool:
        return self.solved and self.optimum is not None and self.moves <= self.optimum

    @property
    def words(self) -> Word:
        """The result as a word of the catalogue (``str()``: the English sentence)."""
        if not self.solved:
            return Word("dg.solitaire.unsolved", moves=self.moves)
        if self.optimum:
            return Word("dg.solitaire.solved_best", moves=self.moves, optimum=self.optimum)
        return Word("dg.solitaire.solved", moves=self.moves)

    def __str__(self) -> str:
        return str(self.words)

    def _repr_html_(self) -> str:
        # the sentence, not the dataclass repr, under a cell that ends with a result, in
        # the language current when the notebook shows it
        import html
        return f"<p>{html.escape(render(self.words.key, None, self.words.facts))}</p>"


def _said(err) -> Any:
    """An error's sentence as a fact: its key and facts (read in the sentence's language)
    when it has them, else its English text."""
    return Word(err.key, **err.facts) if err.key else str(err)


def replay(moves: Iterable, pieces: int = 10) -> DiamondGame:
    """A fresh solitaire game with ``moves`` played (texts like ``"b1-c1"``,
    ``"c1:e1"`` or paths of (q, r) holes). An illegal move raises IllegalMoveError
    naming its number and the rule broken; unreadable notation raises FormatError.
    At most ``max_turns`` (1,000) moves are read: the game ends there."""
    if isinstance(moves, (str, bytes)) or not hasattr(moves, "__iter__"):
        raise FormatError(f"puzzle moves: a list of moves (texts or paths), got {type(moves).__name__}")
    g = DiamondGame.solitaire(pieces=pieces)
    for k, m in enumerate(moves, 1):
        shown = m[:40] if isinstance(m, str) else short_repr(m, 40)
        if g.is_over():
            why = (Word("dg.err.replay_solved", n=k - 1) if g.finished else
                   Word("dg.err.replay_cap", cap=g.rules.max_turns))
            raise IllegalMoveError("dg.err.replay", k=k, shown=shown, why=why)
        try:
            g.play(m)
        except IllegalMoveError as e:
            raise IllegalMoveError("dg.err.replay", e.rule, k=k, shown=shown, why=_said(e)) from None
        except FormatError as e:
            raise FormatError("dg.err.replay", k=k, shown=shown, why=_said(e)) from None
    return g


def verify(moves: Iterable, pieces: int = 10) -> SolitaireResult:
    """Replay ``moves`` and report how many were played and whether all pieces are home."""
    g = replay(moves, pieces)
    return SolitaireResult(g.turns_played, g.is_over(), OPTIMUM.get(pieces))


def check(moves: Iterable, pieces: int = 10) -> bool:
    """Printed feedback for a proposed solution (never raises). True when solved."""
    try:
        res = verify(moves, pieces)
    except BoardkitError as e:        # illegal moves and unreadable notation alike
        print(f"❌ {_in_current_language(e)}")
        return False
    mark = "✅" if res.solved else "✏️"
    extra = ""
    if res.solved and res.optimum:
        extra = (render("dg.solitaire.optimal") if res.optimal else
                 render("dg.solitaire.fewer", None, {"n": res.moves - res.optimum}))
    print(f"{mark} {render(res.words.key, None, res.words.facts)}{extra}")
    return res.solved


def _in_current_language(err: BoardkitError) -> str:
    """An error's sentence in the current language (its key and facts, the rule ID after
    it when the sentence does not name it); an error without a key: its text."""
    if not err.key:
        return str(err)
    line = render(err.key, None, err.facts)
    rule = getattr(err, "rule", None)
    if rule and rule not in line:
        line = render("error.with_rule", None, {"line": line, "rule": rule})
    return line


def lower_bound(game: DiamondGame) -> int:
    """Moves still needed at least, counting one per piece not yet home (every
    piece outside the home holes has to move at least once)."""
    check_instance(game, DiamondGame, "game")
    home = game.home(0)
    return sum(1 for h in game.pieces_of(0) if h not in home)


#: the widest beam the solvers accept (their time grows in proportion to it)
MAX_WIDTH = 5000


def _setting(name: str, value, lo: int, hi: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise BoardkitError(f"{name} must be an int {lo}..{hi}, got {short_repr(value)}")


def solve(pieces: int = 10, width: int = 300, max_moves: int = 60, straggler: float = 2.0,
          measure: str = "apex") -> list:
    """A short solution by beam search: keep the ``width`` positions (one per set of
    occupied holes) with the least total distance to the goal ◎ (plus ``straggler``
    times the distance of the piece furthest behind) after each move.
    ``measure="rows"`` counts distance in rows towards the goal instead (sideways
    moves are then free). Not guaranteed optimal; returns the moves (DiamondMove) of
    the first solution found."""
    _setting("width", width, 1, MAX_WIDTH)
    _setting("max_moves", max_moves, 1, 200)
    if not isinstance(straggler, (int, float)) or isinstance(straggler, bool) or not 0 <= straggler <= 100:
        raise BoardkitError(f"solve(): straggler must be a number 0..100, got {short_repr(straggler)}")
    g = DiamondGame.solitaire(pieces=pieces)
    goal = g.goal_apex(0)
    if not isinstance(measure, str) or measure not in ("apex", "rows"):
        raise BoardkitError(f"measure must be 'apex' or 'rows', got {short_repr(measure)}")
    if measure == "apex":
        dist = [B.distance(h, goal) for h in B.HOLES]
    elif measure == "rows":
        dist = [abs(h[1] - goal[1]) for h in B.HOLES]
    else:
        raise BoardkitError(f"measure must be 'apex' or 'rows', got {short_repr(measure)}")
    home = {B.INDEX[h] for h in g.home(0)}
    start = tuple(sorted(B.INDEX[h] for h in g.pieces_of(0)))
    frontier = [(start, ())]
    cells0 = [0] * B.N
    for _ in range(max_moves):
        children: dict[tuple, tuple] = {}
        for occ, path in frontier:
            cells = list(cells0)
            for i in occ:
                cells[i] = 1
            g.cells = cells
            for m in g.legal_moves():
                a, b = B.INDEX[m.path[0]], B.INDEX[m.path[-1]]
                key = tuple(sorted(b if i == a else i for i in occ))
                if key not in children:
                    children[key] = path + (m,)
        for key, path in children.items():
            if home.issuperset(key):
                return list(path)

        def score(item):
            occ = item[0]
            return (sum(dist[i] for i in occ) + straggler * max(dist[i] for i in occ), occ)

        frontier = sorted(children.items(), key=score)[:width]
    raise BoardkitError(f"no solution within {max_moves} moves at beam width {width}")


def _point(h):
    """The hole opposite ``h`` through the centre: the south tip maps to the north tip."""
    return (-h[0], -h[1])


def _flip(h):
    """``h`` reflected in the horizontal line through the centre (r -> -r, same x)."""
    return (h[0] + h[1], -h[1])


def _reverse_mirrored(move_paths: list, mirror) -> list:
    """The second half of a symmetric solution: the first half's moves taken back in
    reverse order, each reflected through the centre (a hop chain walked backwards
    jumps over the same pieces, so it is legal in the mirrored position)."""
    return [[mirror(h) for h in reversed(p)] for p in reversed(move_paths)]


def solve_symmetric(width: int = 400, half: int = 13, pieces: int = 10, min_half: int = 1,
                    asym: float = 3.0, symmetry: str = "point") -> list:
    """A solution of the form: ``half`` moves to a position P, one move from P to its
    mirror image -P, then the first moves mirrored and reversed. Length 2*half + 1.

    A beam search over the first half keeps the positions that advance most while
    staying close to centre-symmetric; the first position that one move turns into
    its mirror image gives the solution (as lists of (q, r) paths)."""
    if not isinstance(symmetry, str) or symmetry not in ("point", "flip"):
        raise BoardkitError(f"symmetry must be 'point' or 'flip', got {short_repr(symmetry)}")
    _setting("width", width, 1, MAX_WIDTH)
    _setting("half", half, 1, 40)
    _setting("min_half", min_half, 1, 40)
    if not isinstance(asym, (int, float)) or isinstance(asym, bool) or not 0 <= asym <= 100:
        raise BoardkitError(f"solve_symmetric(): asym must be a number 0..100, got {short_repr(asym)}")
    _mirror = _point if symmetry == "point" else _flip
    asym_weight = asym
    g = DiamondGame.solitaire(pieces=pieces)
    goal = g.goal_apex(0)
    start = frozenset(g.pieces_of(0))
    frontier = [(start, ())]
    for depth in range(1, half + 1):
        children: dict = {}
        for occ, path in frontier:
            g.cells = [0] * B.N
            for h in occ:
                g.cells[B.INDEX[h]] = 1
            for m in g.legal_moves():
                key = (occ - {m.path[0]}) | {m.path[-1]}
                if key not in children:
                    children[key] = path + (tuple(m.path),)

        def score(item):
            occ = item[0]
            return (sum(h[1] - goal[1] for h in occ) + asym_weight * len(occ - {_mirror(h) for h in occ}),
                    sorted(occ))

        ranked = sorted(children.items(), key=score)
        if depth >= min_half:
            for occ, path in ranked:
                mirror = frozenset(_mirror(h) for h in occ)
                a, b = occ - mirror, mirror - occ
                if len(a) == 1 and len(b) == 1:
                    (x,), (y,) = a, b
                    g.cells = [0] * B.N
                    for h in occ:
                        g.cells[B.INDEX[h]] = 1
                    for m in g.legal_moves():
                        if m.path[0] == x and m.path[-1] == y:
                            first = [list(p) for p in path]
                            return first + [list(m.path)] + _reverse_mirrored(first, _mirror)
        frontier = ranked[:width]
    raise BoardkitError(f"no symmetric solution of at most {2 * half + 1} moves at beam width {width}")
