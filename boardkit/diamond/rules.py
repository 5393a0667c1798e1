"""Diamond Game rule options: one frozen dataclass with presets (DG-05..DG-20).

    DiamondRules()                       three players, kings, 15 pieces (the classic game)
    DiamondRules(players=2)              two colours, paths crossing at 120° (DG-06)
    DiamondRules(kings=False)            no 王駒 (DG-17)
    DiamondRules(pieces=10)              king + 9 on the tip's 10 holes (DG-18)
    DiamondRules(long_jump=True)         スーパーチャイニーズチェッカー (DG-19)
    DiamondRules.chinese(players=6)      the six-colour Chinese checkers board (DG-20)
    DiamondRules(players=1, kings=False) solitaire (see DiamondGame.solitaire)

Who sits where (star board, DG-02, DG-05, DG-06): the tips are coloured red, green,
yellow, red, green, yellow clockwise from the top (R, Y, G going round the other way).
Player 0 is red and starts at the bottom (S), player 1 yellow starts at the upper left
(NW), player 2 green at the upper right (NE); each goes to the opposite tip of its own
colour. Turns pass clockwise, which is 0 -> 1 -> 2. Two players use red and yellow.

Chinese checkers (DG-20): one colour per tip; players sit at S and N (2), S NW NE (3),
S NW N SE (4) or all six tips, each going to the opposite tip. We follow the common
international rule that any hole may be entered (no forbidden tips on that board).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .._core import BoardkitError, RuleOptions, short_repr

__all__ = ["DiamondRules", "STAR_COLOURS", "CHINESE_COLOURS", "DEFAULT_MAX_TURNS"]

#: the default cap on the turns of a game (see DiamondRules.max_turns)
DEFAULT_MAX_TURNS = 1000
#: the largest max_turns and no_squatting_after accepted (a billion turns: no cap in effect)
MAX_TURNS_LIMIT = 10 ** 9

#: star board: colour of each tip (DG-02)
STAR_COLOURS = {"N": "red", "NE": "green", "SE": "yellow", "S": "red", "SW": "green", "NW": "yellow"}
#: Chinese checkers board: one colour per tip (DG-20)
CHINESE_COLOURS = {"S": "red", "SW": "purple", "NW": "yellow", "N": "green", "NE": "blue",
                   "SE": "orange"}


@dataclass(frozen=True)
class DiamondRules(RuleOptions):
    """The options of one Diamond Game.

    players       1 (solitaire), 2 or 3 on the star; 1, 2, 3, 4 or 6 on "chinese"
    kings         one 王駒 per player, starting on the start ◎ (DG-04, DG-11, DG-12);
                  False: all pieces ordinary (DG-17)
    pieces        15 (the whole camp) or 10 (the tip only, DG-18)
    long_jump     DG-19: jump one piece at distance d to distance 2d
    king_hops_after_group
                  DG-11: may the king go on hopping after a group jump over k >= 2
                  pieces? True (default) as on the article's site; False: a group
                  jump ends the turn (single hops still chain)
    board         "star" (the Diamond Game board), "chinese" (DG-20), or "small":
                  the 73-hole star of DG-18 (hexagon of 37, tips of 6, camps of 10,
                  so pieces=10: king + 9 fill the start camp; the goal is the
                  opposite camp). Its holes keep their big-star labels.
    swap_rule     DG-16 house rule (a), off by default. Exact rule: a *step* (DG-08)
                  may go onto an adjacent hole of the mover's goal camp that holds
                  another colour's piece; that piece moves to the hole the mover
                  left, provided it may stand there (DG-13). Hops never swap.
    no_squatting_after
                  DG-16 house rule (b): None (off) or N >= 0. Exact rule: from a
                  player's (N+1)-th turn on, while any of their pieces stands in
                  their start camp, they must move one of those pieces out of it
                  if any such move exists (otherwise any legal move is allowed).
    first_player  who moves first (DG-05: red by default)
    max_turns     a cap on the number of turns (moves, passes included, of all
                  players together), default ``DEFAULT_MAX_TURNS`` = 1000: the game
                  then ends "unfinished" (no winner; ranked by finishing order, then
                  distance left), so random and bot self-play always ends (measured:
                  purely random play finished 0 of 12 games in 4,000 turns, the 入門
                  bot rarely finishes, よわい and stronger bots finish in 120-260
                  turns, a human game in a few hundred). It is below the
                  simulations' own cap (``boardkit.sim``, 2,000 plies), so a capped
                  game still gets its ranking. None: no cap (a game can then go on
                  for ever)
    """

    players: int = 3
    kings: bool = True
    pieces: int = 15
    long_jump: bool = False
    king_hops_after_group: bool = True
    board: str = "star"
    swap_rule: bool = False
    no_squatting_after: int | None = None
    first_player: int = 0
    max_turns: int | None = DEFAULT_MAX_TURNS

    BOARDS: ClassVar[tuple[str, ...]] = ("star", "chinese", "small")

    def __post_init__(self) -> None:
        for name in ("kings", "long_jump", "king_hops_after_group", "swap_rule"):
            if not isinstance(getattr(self, name), bool):
                raise BoardkitError(f"DiamondRules.{name} must be True or False, "
                                    f"got {short_repr(getattr(self, name))}")
        if not isinstance(self.board, str) or self.board not in self.BOARDS:
            raise BoardkitError(f"DiamondRules.board must be one of {list(self.BOARDS)}, "
                                f"got {short_repr(self.board)} "
                                "(DG-01 star, DG-20 chinese, DG-18 small)")
        allowed = (1, 2, 3, 4, 6) if self.board == "chinese" else (1, 2, 3)
        if not _is_int(self.players) or self.players not in allowed:
            rule = "DG-20" if self.board == "chinese" else "DG-05/DG-06"
            raise BoardkitError(f"{short_repr(self.players)} players is not possible on the "
                                f"{self.board} board "
                                f"({rule}): choose one of {list(allowed)} (1 = solitaire)")
        allowed_pieces = (15, 10) if self.board == "star" else (10,)
        if not _is_int(self.pieces) or self.pieces not in allowed_pieces:
            raise BoardkitError(f"pieces must be one of {list(allowed_pieces)} on the {self.board} board "
                                f"(DG-02 15 pieces, DG-18 10 pieces, DG-20), got {short_repr(self.pieces)}")
        if self.board == "chinese" and self.kings:
            raise BoardkitError("Chinese checkers has no kings (DG-20): use kings=False "
                                "or DiamondRules.chinese()")
        if not _is_int(self.first_player) or not 0 <= self.first_player < self.players:
            raise BoardkitError(f"first_player must be a player index 0..{self.players - 1} (DG-05), "
                                f"got {short_repr(self.first_player)}")
        # bounded, so that a save (JSON numbers of at most 30 digits) always loads back
        if self.max_turns is not None and (not _is_int(self.max_turns)
                                           or not 1 <= self.max_turns <= MAX_TURNS_LIMIT):
            raise BoardkitError(f"max_turns must be None or an int 1..{MAX_TURNS_LIMIT:,}, "
                                f"got {short_repr(self.max_turns)}")
        if self.no_squatting_after is not None and (not _is_int(self.no_squatting_after)
                                                    or not 0 <= self.no_squatting_after <= MAX_TURNS_LIMIT):
            raise BoardkitError(f"no_squatting_after must be None or an int 0..{MAX_TURNS_LIMIT:,} "
                                f"(DG-16 house rule b), got {short_repr(self.no_squatting_after)}")

    # ------------------------------------------------------------ presets
    @classmethod
    def classic(cls, **kw) -> DiamondRules:
        """Three players, kings, 15 pieces each."""
        return cls(**kw)

    @classmethod
    def two_players(cls, **kw) -> DiamondRules:
        """Red against yellow, 15 pieces each, kings (DG-06)."""
        return cls(players=2, **kw)

    @classmethod
    def no_king(cls, **kw) -> DiamondRules:
        """All pieces ordinary (DG-17)."""
        return cls(kings=False, **kw)

    @classmethod
    def ten_pieces(cls, **kw) -> DiamondRules:
        """Ten pieces on the tip (DG-18)."""
        return cls(pieces=10, **kw)

    @classmethod
    def super_chinese(cls, **kw) -> DiamondRules:
        """Long jumps on (DG-19, スーパーチャイニーズチェッカー)."""
        return cls(long_jump=True, **kw)

    @classmethod
    def small(cls, **kw) -> DiamondRules:
        """The small 73-hole board, 10 pieces each (DG-18)."""
        return cls(board="small", pieces=10, **kw)

    @classmethod
    def chinese(cls, players: int = 2, **kw) -> DiamondRules:
        """The six-colour Chinese checkers board: 10 pieces, no kings (DG-20)."""
        return cls(players=players, board="chinese", kings=False, pieces=10, **kw)

    # ------------------------------------------------------------ seats
    @property
    def colours(self) -> dict[str, str]:
        """Tip -> colour name for this board."""
        return CHINESE_COLOURS if self.board == "chinese" else STAR_COLOURS

    @property
    def start_tips(self) -> tuple[str, ...]:
        """The start tip of each player, in player order (clockwise)."""
        if self.board != "chinese":
            return ("S", "NW", "NE")[:self.players]
        return {1: ("S",), 2: ("S", "N"), 3: ("S", "NW", "NE"), 4: ("S", "NW", "N", "SE"),
                6: ("S", "SW", "NW", "N", "NE", "SE")}[self.players]


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
