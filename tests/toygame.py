"""A tiny game used only to test the shared base (no rules of the four games here).

One token walks a small graph of named cells; each move is a path listed in ROUTES.
The player who brings the token to a terminal cell ("h" or "i") wins; after 12 plies
the game is a draw. Paths branch so that the widget's click protocol can be tested.
"""
from __future__ import annotations

from dataclasses import dataclass

from boardkit._core import FormatError, Game, IllegalMoveError, Outcome
from boardkit.svg import Drawing

ROUTES = {
    "a": [("a", "b", "c"), ("a", "b", "d"), ("a", "e")],
    "c": [("c", "a")],
    "d": [("d", "a"), ("d", "e")],
    "e": [("e", "f", "g", "h"), ("e", "f", "g", "i"), ("e", "a")],
}
CELLS = "abcdefghi"


@dataclass(frozen=True)
class Route:
    path: tuple

    def __str__(self):
        return "-".join(self.path)


@dataclass(frozen=True)
class ToyRules:
    max_plies: int = 12


class ToyGame(Game):
    name = "toy"
    rules_class = ToyRules

    def __init__(self, rules: ToyRules = ToyRules(), start: str = "a"):
        super().__init__()
        self.rules = rules
        self.token = start
        self._turn = 0
        self.plies = 0

    @property
    def turn(self):
        return self._turn

    def _generate(self):
        return [Route(p) for p in ROUTES.get(self.token, [])]

    def _apply(self, move):
        self.token = move.path[-1]
        self._turn ^= 1
        self.plies += 1

    def _snapshot(self):
        return (self.token, self._turn, self.plies)

    def _restore(self, snap):
        self.token, self._turn, self.plies = snap

    def _state_dict(self):
        return {"token": self.token, "turn": self._turn, "plies": self.plies}

    def _load_state(self, d):
        if d["token"] not in CELLS:
            raise FormatError(f"toy JSON: unknown cell {d['token']!r}")
        self.token, self._turn, self.plies = d["token"], int(d["turn"]), int(d["plies"])

    def _outcome(self):
        if self.token in ("h", "i"):
            return Outcome(winner=self._turn ^ 1, reason="reached the end", ranking=(self._turn ^ 1, self._turn))
        if self.plies >= self.rules.max_plies:
            return Outcome(winner=None, reason="move limit")
        return None

    def _explain_illegal(self, move):
        return IllegalMoveError(f"{move}: the token is on {self.token}", rule="TOY-1")

    def draw(self, **opts):
        d = Drawing(20 * len(CELLS), 20)
        for i, c in enumerate(CELLS):
            d.circle(10 + 20 * i, 10, 8, fill="red" if c == self.token else "#ddd", cell=c)
        return d


def first_bot(game, rng):
    return game.legal_moves()[0]


def random_bot(game, rng):
    moves = game.legal_moves()
    return moves[int(rng.integers(len(moves)))]


def rush_bot(game, rng):
    """Wins if it can, else heads for e (which hands the win to the other side)."""
    moves = game.legal_moves()
    for want in ("h", "i", "e"):
        for m in moves:
            if m.path[-1] == want:
                return m
    return moves[0]
