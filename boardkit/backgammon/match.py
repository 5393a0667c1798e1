"""Point matches (BG-13) and the Crawford rule (BG-14).

    m = BackgammonMatch(5)
    g = m.new_game()              # a BackgammonGame with the score and Crawford flag set
    ... play g to the end ...
    m.record(g)                   # adds the points to the winner's score
    m.score, m.is_over(), m.winner

The game after a player first reaches ``length - 1`` points is the Crawford game: no
doubling in it. Later games ("post-Crawford") use the cube again.
"""
from __future__ import annotations

from .._catalogue import Word
from .._core import BoardkitError
from .._input import check_count, check_rng, short_repr
from .game import BackgammonGame
from .rules import BackgammonRules

__all__ = ["BackgammonMatch"]

#: the most games ``BackgammonMatch.play`` plays (a match to N points takes at most N)
MAX_GAMES = 10_000


class BackgammonMatch:
    def __init__(self, length: int):
        self.rules = BackgammonRules.match(length)
        self.length = length
        self.score = [0, 0]
        self.crawford_played = False
        self.games: list[BackgammonGame] = []
        self.log: list[str] = []
        self._current: BackgammonGame | None = None

    def next_is_crawford(self) -> bool:
        """Whether the next game is the Crawford game (BG-14): the game after a player
        first reaches ``length - 1`` points. A 1-point match has none (both players start
        at 0 = length - 1 without having reached it; the cube is useless there anyway)."""
        return (self.length > 1 and not self.crawford_played and not self.is_over()
                and max(self.score) == self.length - 1)

    def new_game(self, position=None, *, turn: int = 0) -> BackgammonGame:
        """The next game of the match (its score and Crawford flag set). For a teaching
        position give ``position=(mine, theirs)`` as in ``BackgammonGame.from_position``
        (``mine`` belongs to ``turn``, the player on roll); else the game starts as usual."""
        w = self.winner
        if w is not None:                     # (the match is over)
            raise BoardkitError("bg.match.over", side=Word(f"bg.draw.side.{w}"), n=self.length)
        if self._current is not None and not self._current.is_over():
            raise BoardkitError("bg.match.finish_first")
        crawford = self.next_is_crawford()
        if position is not None and not (isinstance(position, (tuple, list)) and len(position) == 2):
            raise BoardkitError("position is (mine, theirs): two sides of 26 counts (BG-01)")
        if position is None:
            g = BackgammonGame(self.rules, score=(self.score[0], self.score[1]), crawford=crawford)
        else:
            mine, theirs = position
            g = BackgammonGame.from_position(mine, theirs, turn=turn, rules=self.rules,
                                             score=(self.score[0], self.score[1]), crawford=crawford)
        if crawford:
            self.crawford_played = True
        self._current = g
        self.games.append(g)
        return g

    def record(self, game: BackgammonGame) -> int:
        """Add a finished game's points to its winner; returns the points added.
        Points past the match length are not needed and not counted."""
        if not isinstance(game, BackgammonGame):
            raise BoardkitError(f"record() takes the BackgammonGame made by new_game(), got "
                                f"{type(game).__name__}")
        out = game.outcome()
        if out is None:
            raise BoardkitError("bg.match.unfinished")
        if game is not self._current:
            raise BoardkitError("bg.match.record_once")
        self._current = None
        w = out.winner
        assert w is not None                  # backgammon has no draws
        need = self.length - self.score[w]
        pts = min(out.points, need)
        self.score[w] += pts
        self.log.append(f"{out.reason} -> score {self.score[0]}-{self.score[1]}")
        return pts

    def is_over(self) -> bool:
        return max(self.score) >= self.length

    @property
    def winner(self) -> int | None:
        if not self.is_over():
            return None
        return 0 if self.score[0] >= self.length else 1

    def play(self, bots, rng, max_games: int = 200) -> BackgammonMatch:
        """Play the whole match with two bots (each ``bot(game, rng) -> move``), at most
        ``max_games`` games (0..MAX_GAMES). The arguments are checked before any game
        starts, so a refusal leaves the match as it was."""
        from ..sim import play_game
        max_games = check_count(max_games, "max_games", 0, MAX_GAMES)
        check_rng(rng, "rng")
        if not (isinstance(bots, (list, tuple)) and len(bots) == 2 and all(callable(b) for b in bots)):
            raise BoardkitError(f"bots must be a list of two bots, bot(game, rng) -> move; "
                                f"got {short_repr(bots)}")
        for _ in range(max_games):
            if self.is_over():
                break
            g = self.new_game()
            play_game(g, bots, rng)
            self.record(g)
        return self

    def __repr__(self) -> str:
        return (f"<BackgammonMatch to {self.length}: White {self.score[0]}, Red {self.score[1]}"
                f"{', over' if self.is_over() else ''}>")
