"""The options of 回り将棋 (mawari shogi): every point the house rules leave open.

The defaults are the 将星会 (Shoseikai) rules as we read them (docs/rules/mawari.md):

    MawariRules()                      2 players, fair golds, table rules
    MawariRules.shoseikai(players=4)   the same, for 2-4 players
    MawariRules.realistic(players=3)   the illustrative 'realistic' toss model (MS-09)
    MawariRules.floor()                golds tossed onto the floor: no fallen gold (MS-08)
    MawariRules.with_model(TossModel(...), players=2)

The toss probabilities are stored as exact fraction strings ("1/2"), so the rules
are plain JSON and ``rules.model`` is an exact ``TossModel``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cached_property, lru_cache

from .._core import BoardkitError, RuleOptions
from .._input import parse_probability
from ._args import check_model
from .movegen import _battle_masks
from .notation import short
from .toss import OVERLAP_BACK, TossModel, check_all_down_value, overlap_rule

__all__ = ["MawariRules", "OVERLAP_BACK", "BATTLE_LINES"]

BATTLE_LINES = ("opposite", "any")        # MS-15: opposite edge only, or any straight line
_PROB_NAMES = ("face_up", "face_down", "side", "upright", "upside_down", "overlap", "fall")


def _fraction_text(x, name: str) -> str:
    """A probability as exact text ("1/2", "0.05" -> "1/20"). Text is at most 64
    characters with an exponent of at most 30 (no giant integers from "1e-100000000"),
    floats are taken by their shortest repr (0.05 -> 1/20); out of [0, 1] is refused.
    Short texts are remembered: every game builds its rules, and parsing the seven
    probabilities used to cost more than a whole two-player game."""
    if type(x) is str and len(x) <= 64:
        return _text_fraction(x, name)
    return _parse_fraction_text(x, name)


@lru_cache(maxsize=512)
def _text_fraction(x: str, name: str) -> str:
    return _parse_fraction_text(x, name)


@lru_cache(maxsize=64)
def _model(toss_probs: tuple, fall_rule: bool, all_down_value: int,
           overlap_back: str) -> TossModel:
    p = [Fraction(x) for x in toss_probs]
    if not fall_rule:
        p[6] = Fraction(0)
    face_up, face_down, side, upright, upside_down, overlap, fall = p
    return TossModel(face_up, face_down, side, upright, upside_down, overlap, fall,
                     all_down_value=all_down_value, overlap_back=overlap_back)


_SHARED: dict = {}          # the game's toss tables, shared by rules with the same toss options


def _parse_fraction_text(x, name: str) -> str:
    if isinstance(x, float):
        x = repr(x) if x == x and abs(x) != float("inf") else x
    try:
        return str(parse_probability(x, f"toss probability {name} (MS-09)"))
    except BoardkitError as e:
        raise BoardkitError(f"{e}; a toss probability is a number in [0, 1] or fraction text "
                            f"like '1/2'") from None


@dataclass(frozen=True)
class MawariRules(RuleOptions):
    """Rule options (see docs/rules/mawari.md for each decision).

    players          2-4 at the start (MS-02); more may join later (MS-03)
    toss_probs       the seven TossModel probabilities (face_up, face_down, side,
                     upright, upside_down, overlap, fall) as fraction text (MS-09);
                     each given as a number or text of at most 64 characters
    all_down_value   squares for four face-down golds, a whole number 0..400 (MS-05)
    overlap_back     how far an overlap sends the piece back (MS-06):
                     "face_up" (default, as the source says): one square per face-up
                     gold, all_down_value (20) when all four lie face down, standing
                     golds add nothing; "whole_value" (option): the toss's whole value
                     (standing golds count 5/10/100). The older name "value" is read as
                     "whole_value".
    fall_rule        True: tossing on a table, a fallen gold scores nothing (MS-08);
                     False: tossing on the floor, nothing can fall (the flag is ignored)
    two_player_skip  with 2 players, being laid down = missing one turn (MS-12)
    corner_jump      the corner jump (飛び, MS-14) is played
    battles          battles (戦, MS-15) may be declared
    battle_line      "opposite": the opposing piece stands on the opposite edge in the
                     same file/rank; "any": any piece in the same file or rank (MS-15)
    """

    players: int = 2
    toss_probs: tuple = ("1/2", "1/2", "0", "0", "0", "0", "0")
    all_down_value: int = 20
    overlap_back: str = "face_up"
    fall_rule: bool = True
    two_player_skip: bool = True
    corner_jump: bool = True
    battles: bool = True
    battle_line: str = "opposite"

    def __post_init__(self):
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not 2 <= self.players <= 4:
            raise BoardkitError(f"回り将棋 is played by 2 to 4 players (MS-02), "
                                f"got {short(self.players)}")
        if not isinstance(self.toss_probs, (tuple, list)) or len(self.toss_probs) != 7:
            got = len(self.toss_probs) if isinstance(self.toss_probs, (tuple, list)) \
                else type(self.toss_probs).__name__
            raise BoardkitError(f"toss_probs needs 7 probabilities {_PROB_NAMES} (MS-09), "
                                f"got {got}")
        object.__setattr__(self, "toss_probs", tuple(
            _fraction_text(p, n) for p, n in zip(self.toss_probs, _PROB_NAMES)))
        object.__setattr__(self, "all_down_value", check_all_down_value(self.all_down_value))
        object.__setattr__(self, "overlap_back", overlap_rule(self.overlap_back))
        if not isinstance(self.battle_line, str) or self.battle_line not in BATTLE_LINES:
            raise BoardkitError(f"battle_line must be one of {list(BATTLE_LINES)}, got "
                                f"{short(self.battle_line)} (MS-15)")
        for name in ("fall_rule", "two_player_skip", "corner_jump", "battles"):
            if not isinstance(getattr(self, name), bool):
                raise BoardkitError(f"{name} must be True or False, "
                                    f"got {short(getattr(self, name))}")
        _ = self.model  # validates the probabilities (MS-09) now, not at the first toss

    @cached_property
    def model(self) -> TossModel:
        """The toss model these rules play with (exact Fractions). With the floor rule
        (fall_rule=False) nothing can fall, so the fall chance is 0 (MS-08). Rules with
        the same toss options share one model (it is immutable; its caches serve all)."""
        return _model(self.toss_probs, self.fall_rule, self.all_down_value, self.overlap_back)

    @cached_property
    def _sampling(self) -> tuple:
        """Float tables for the game's fast toss sampler (same draws as TossModel.sample)."""
        m = self.model
        cum, acc = [], 0.0
        for name in ("face_up", "face_down", "side", "upright"):
            acc += float(getattr(m, name))
            cum.append(acc)
        return tuple(cum), float(m.overlap), float(m.fall)

    @cached_property
    def _sampling_raw(self) -> tuple:
        """The same bounds for the raw 64-bit words of a PCG64 generator: ``random()``
        is (w >> 11) / 2**53, so random() < c exactly when w < ceil(c * 2**53) << 11."""
        cum, overlap, fall = self._sampling
        bound = [math.ceil(c * 2.0 ** 53) << 11 for c in (*cum, overlap, fall)]
        return tuple(bound[:4]), bound[4], bound[5]

    @cached_property
    def _battle_masks(self) -> tuple:
        """Per ring square, the squares a piece there may declare a battle on (MS-15) as a
        bit mask, all 0 without battles: what ``movegen._standing_on`` reads, on the
        engine's path and in fastloop.py."""
        return _battle_masks(self.battles, self.battle_line)

    @cached_property
    def _toss_tables(self) -> tuple:
        """The game's toss tables, shared by all rules with the same toss options (each
        game builds its rules): a list of the sampled tosses by code (base-5 faces,
        overlap, fall; 2,500 slots, filled as they come up) and a dict for tosses given
        by hand, each entry what applying the toss means under these rules."""
        key = (self.toss_probs, self.all_down_value, self.overlap_back, self.fall_rule)
        tables = _SHARED.get(key)
        if tables is None:
            if len(_SHARED) >= 64:
                _SHARED.clear()
            tables = _SHARED[key] = ([None] * 2500, {})
        return tables

    # ------------------------------------------------------------------ presets
    @classmethod
    def shoseikai(cls, players: int = 2, **kw) -> MawariRules:
        """The 将星会 defaults with fair golds."""
        return cls(players=players, **kw)

    @classmethod
    def with_model(cls, model: TossModel, players: int = 2, **kw) -> MawariRules:
        """Rules playing with a given TossModel (its all-down value and overlap rule too)."""
        check_model(model, "MawariRules.with_model(model)")
        probs = tuple(getattr(model, n) for n in _PROB_NAMES)
        kw.setdefault("all_down_value", model.all_down_value)
        kw.setdefault("overlap_back", model.overlap_back)
        return cls(players=players, toss_probs=probs, **kw)

    @classmethod
    def realistic(cls, players: int = 2, **kw) -> MawariRules:
        """The illustrative 'realistic' toss model: golds stand, overlap, fall (MS-09)."""
        return cls.with_model(TossModel.realistic(), players, **kw)

    @classmethod
    def whole_value_back(cls, players: int = 2, **kw) -> MawariRules:
        """The MS-06 option: an overlap sends the piece back by the toss's whole value."""
        return cls(players=players, overlap_back="whole_value", **kw)

    @classmethod
    def floor(cls, players: int = 2, **kw) -> MawariRules:
        """Tossing onto the floor: no fallen-gold rule (MS-08 off)."""
        return cls(players=players, fall_rule=False, **kw)

    def replace(self, **kw) -> MawariRules:
        return replace(self, **kw)
