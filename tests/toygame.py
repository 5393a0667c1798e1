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

    def __init__(self, rules: ToyRules | None = None, *, start: str = "a"):
        super().__init__()
        self.rules = self._rules_arg(rules)
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
            return Outcome(winner=self._turn ^ 1, reason="reached the end (TOY-2)",
                           ranking=(self._turn ^ 1, self._turn), rule="TOY-2")
        if self.plies >= self.rules.max_plies:
            return Outcome(winner=None, reason="move limit (TOY-3)", rule="TOY-3")
        return None

    def _explain_illegal(self, move):
        return IllegalMoveError(f"{move}: the token is on {self.token}", rule="TOY-1")

    def draw(self, **opts):
        self._check_draw_options(opts)
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


# --------------------------------------------------------------- a toy dice game
@dataclass(frozen=True)
class Step:
    """Move the runner from one square of the track to another."""
    path: tuple

    def __str__(self):
        return "-".join(self.path)


@dataclass(frozen=True)
class DiceRules:
    length: int = 8


class ToyDiceGame(Game):
    """Two runners race on a track of ``length`` squares (t0..t<length>). On a turn the
    player rolls one die showing 1 or 2 (a chance step recorded by the base class), then
    moves its runner that far or stays. The first runner on the last square wins."""

    name = "toydice"
    rules_class = DiceRules
    draw_extras = ("dice_box",)

    def __init__(self, rules: DiceRules | None = None, *, start: tuple = (0, 0)):
        super().__init__()
        self.rules = self._rules_arg(rules)
        self.pos = list(start)
        self._turn = 0
        self.dice = None

    @property
    def turn(self):
        return self._turn

    def chance_pending(self):
        return not self.is_over() and self.dice is None

    def _sample_chance(self, rng):
        return int(rng.integers(1, 3))

    def _check_chance(self, outcome):
        if outcome not in (1, 2) or isinstance(outcome, bool):
            raise IllegalMoveError(f"the die shows 1 or 2, got {outcome!r}", "TD-1")
        return outcome

    def _apply_chance(self, outcome):
        self.dice = outcome

    def _generate(self):
        if self.dice is None:
            return []
        p = self.pos[self._turn]
        here = f"t{p}"
        out = [Step((here, f"t{min(p + self.dice, self.rules.length)}"))]
        return out + [Step((here,))]

    def _apply(self, move):
        self.pos[self._turn] = int(move.path[-1][1:])
        self._turn ^= 1
        self.dice = None

    def _snapshot(self):
        return (tuple(self.pos), self._turn, self.dice)

    def _restore(self, snap):
        pos, self._turn, self.dice = snap
        self.pos = list(pos)

    def _state_dict(self):
        return {"pos": list(self.pos), "turn": self._turn, "dice": self.dice}

    def _load_state(self, d):
        self.pos = [int(x) for x in d["pos"]]
        self._turn, self.dice = int(d["turn"]), d["dice"]

    def _outcome(self):
        for p in (0, 1):
            if self.pos[p] >= self.rules.length:
                return Outcome(p, f"runner {p + 1} is home (TD-2)", (p, 1 - p), rule="TD-2")
        return None

    def draw(self, **opts):
        self._check_draw_options(opts)
        n = self.rules.length + 1
        d = Drawing(20 * n, 20)
        for i in range(n):
            d.circle(10 + 20 * i, 10, 8, fill="#ddd", cell=f"t{i}")
        return d
