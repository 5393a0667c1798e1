"""The 金 toss of 回り将棋 (mawari shogi): four gold generals thrown instead of dice.

One toss (MS-04) lands each of the four golds face up (表), face down (裏), on its side
(横), upright (縦) or upside down (逆立ち); the toss as a whole may also have an overlap
(重なり) or a gold falling off (落ち駒).

    Toss        one toss as it landed: its value (MS-05), whether it moves back (MS-06),
                scores nothing (MS-08) or earns another toss (MS-07).
    TossModel   the probabilities (MS-09, they are parameters, not facts) and everything
                computed from them: the exact distribution of one toss and of a whole
                turn, the mean and variance of a turn, and a vectorised simulation.

Exactness: give the probabilities as ``Fraction`` (or int) and every result is an exact
``Fraction``; give floats and results are floats.

A turn is a sequence of tosses that goes on while no gold lies face down (MS-07); it ends
with the first toss that has a face-down gold, an overlap or a fallen gold, and that last
toss still moves (forward, back, or not at all). The signed squares of a turn here ignore
the track: "never back past the last corner" (MS-06) depends on where the piece stands,
so it is handled by the ring chain (``boardkit.mawari.ring``) and the game, not here.
"""
from __future__ import annotations

import math
import numbers
import os
from dataclasses import dataclass, field, fields
from fractions import Fraction
from functools import cached_property
from itertools import combinations_with_replacement
from typing import Any, NamedTuple

import numpy as np

from .._catalogue import check_language
from .._catalogue import text as tr
from .._core import BoardkitError, FormatError, RuleOptions
from .._input import check_count as _check_count
from .._input import check_rng
from ..svg import Drawing, fitting_size
from ._args import MAX_PIXELS, check_pixels
from .notation import short

__all__ = ["FACES", "FACES_JA", "FACE_VALUE", "OVERLAP_BACK", "Toss", "TossModel", "Step",
           "TurnDistribution", "overlap_rule", "check_all_down_value"]

FACES = ("up", "down", "side", "upright", "upside_down")
FACES_JA = {"up": "表", "down": "裏", "side": "横", "upright": "縦", "upside_down": "逆立ち"}
# What one gold adds to the value of a toss (MS-05); face down adds nothing.
FACE_VALUE = {"up": 1, "down": 0, "side": 5, "upright": 10, "upside_down": 100}
_FLAGS = {"+overlap": "overlap", "+fall": "fall", "重なり": "overlap", "落ち駒": "fall",
          "+重なり": "overlap", "+落ち駒": "fall"}
_FROM_JA = {v: k for k, v in FACES_JA.items()}
# MS-06: how far a piece goes back after an overlap. "face_up" (the default, the source's
# 表の数だけ): one square per face-up gold, all_down_value (20) when all four lie face
# down, standing golds add nothing. "whole_value" (the option): the toss's whole value
# (MS-05, standing golds count 5/10/100). "value" is read as "whole_value" (older name).
OVERLAP_BACK = ("face_up", "whole_value")
_OVERLAP_ALIASES = {"value": "whole_value"}
MAX_ALL_DOWN_VALUE = 400      # MS-05: the all-face-down value is a whole number 0..400


def _where(where: Any, default: str) -> str:
    """The name a check's message gives the value: ``where`` when it is short text,
    else ``default`` (a message is built from any ``where``, never fails)."""
    if isinstance(where, str) and 0 < len(where) <= 100:
        return where
    return default


def overlap_rule(name: Any, where: str = "overlap_back") -> str:
    """The MS-06 option's canonical name ("face_up" or "whole_value"); the older name
    "value" means "whole_value". Anything else raises ``BoardkitError`` naming MS-06."""
    where = _where(where, "overlap_back")
    if isinstance(name, str) and name in _OVERLAP_ALIASES:
        return _OVERLAP_ALIASES[name]
    if isinstance(name, str) and name in OVERLAP_BACK:
        return name
    raise BoardkitError(f"{where} must be one of {OVERLAP_BACK} (MS-06: back by the face-up "
                        f"count, or by the whole value); got {short(name)}")


#: the size (bits of the common denominator) an exact turn distribution may reach: its
#: cost grows fast with the repeats (the realistic model: 10 repeats 0.8 s, 30 repeats 18 s)
MAX_EXACT_BITS = 600
MAX_REPEATS = 200             # repeated tosses a truncated turn distribution follows
MAX_SIMULATED = 50_000_000    # tosses / turns / pieces one simulation call may ask for


def check_count(n: Any, what: str = "n") -> int:
    """A number of simulated tosses/turns/pieces: a whole number 0..50,000,000."""
    return _check_count(n, what, 0, MAX_SIMULATED)


def check_all_down_value(value: Any, where: str = "all_down_value") -> int:
    """The MS-05 all-face-down value: a whole number of squares 0..400."""
    where = _where(where, "all_down_value")
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
            or not 0 <= value <= MAX_ALL_DOWN_VALUE:
        raise BoardkitError(f"{where} must be a whole number of squares 0..{MAX_ALL_DOWN_VALUE} "
                            f"(MS-05: four face-down golds); got {short(value)}")
    return int(value)


@dataclass(frozen=True)
class Toss:
    """One toss of four golds, as it landed.

    ``faces`` are the four golds (names from ``FACES``), ``overlap`` is True when golds
    landed on each other (MS-06) and ``fall`` when one fell off the table (MS-08).
    """

    faces: tuple[str, str, str, str]
    overlap: bool = False
    fall: bool = False

    def __post_init__(self):
        faces = tuple(self.faces) if isinstance(self.faces, (list, tuple)) else None
        if faces is None or len(faces) != 4 or any(f not in FACES for f in faces):
            raise FormatError(
                f"a toss has four golds, each one of {', '.join(FACES)} (MS-04); "
                f"got {short(self.faces)}")
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "overlap", bool(self.overlap))
        object.__setattr__(self, "fall", bool(self.fall))

    # ---- reading the toss ------------------------------------------------------------
    def count(self, face: str) -> int:
        """How many of the four golds show ``face`` (one of ``FACES``)."""
        if not isinstance(face, str) or face not in FACES:
            raise BoardkitError(f"face must be one of {', '.join(FACES)} (MS-04); got {short(face)}")
        return self.faces.count(face)

    def score(self, all_down_value: int = 20) -> int:
        """The value of the toss (MS-05): one per face-up gold, 5 per gold on its side,
        10 per upright gold, 100 per gold upside down; all four face down is worth
        ``all_down_value`` (20 by default)."""
        if self.count("down") == 4:
            return all_down_value
        return sum(FACE_VALUE[f] for f in self.faces)

    @property
    def value(self) -> int:
        """``score()`` with the default all-face-down value 20 (MS-05)."""
        return self.score(20)

    @property
    def toss_again(self) -> bool:
        """MS-07: no gold face down (standing golds are not face down) and neither an
        overlap nor a fallen gold."""
        return "down" not in self.faces and not self.overlap and not self.fall

    def back_squares(self, all_down_value: int = 20, overlap_back: str = "face_up") -> int:
        """How far an overlap sends the piece back (MS-06), ignoring the track.

        ``"face_up"`` (default, the source's 表の数だけ): one square per face-up gold, or
        ``all_down_value`` (20) when all four lie face down; standing golds add nothing.
        ``"whole_value"`` (option): the toss's whole value (MS-05)."""
        if overlap_rule(overlap_back) == "whole_value" or self.count("down") == 4:
            return self.score(all_down_value)
        return self.count("up")

    def squares(self, all_down_value: int = 20, overlap_back: str = "face_up") -> int:
        """Signed squares this toss moves, ignoring the track: 0 when a gold fell off
        (MS-08, which wins over an overlap), minus ``back_squares`` after an overlap
        (MS-06), else plus the value (MS-05)."""
        if self.fall:
            return 0
        if self.overlap:
            return -self.back_squares(all_down_value, overlap_back)
        return self.score(all_down_value)

    @property
    def kind(self) -> str:
        """"again" (moves and tosses again, MS-07), "end" (moves forward, turn over),
        "back" (overlap, MS-06) or "nothing" (fallen gold, MS-08)."""
        if self.fall:
            return "nothing"
        if self.overlap:
            return "back"
        return "again" if self.toss_again else "end"

    # ---- text ----------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Toss:
        """Read ``"up up down side"``, ``"up up down down +overlap"``, ``"... +fall"``;
        Japanese names work too (``"表 表 裏 横 重なり"``). See ``notation.parse_toss``."""
        from .notation import parse_toss
        return parse_toss(text)

    def __str__(self) -> str:
        return " ".join(self.faces + (("+overlap",) if self.overlap else ())
                        + (("+fall",) if self.fall else ()))

    def ja(self) -> str:
        """The toss in Japanese, e.g. ``"表 表 裏 横 重なり"`` (parse reads it back)."""
        words = [FACES_JA[f] for f in self.faces]
        if self.overlap:
            words.append("重なり")
        if self.fall:
            words.append("落ち駒")
        return " ".join(words)

    def text(self, lang: str | None = None) -> str:
        """The toss in words of ``lang`` (None: the current language): "up up down side
        +overlap" in English, 「表 表 裏 横 重なり」 in Japanese (the catalogue's
        ``ms.face.*``)."""
        words = [tr(f"ms.face.{f}", lang) for f in self.faces]
        if self.overlap:
            words.append(tr("ms.face.overlap", lang))
        if self.fall:
            words.append(tr("ms.face.fall", lang))
        return " ".join(words)

    def __repr__(self) -> str:
        return f"Toss.parse({str(self)!r})"

    # ---- picture ----------------------------------------------------------------------
    def draw(self, width: float = 420, all_down_value: int = 20,
             overlap_back: str = "face_up", lang: str | None = None) -> Drawing:
        """The four golds as they landed, with the value in words of ``lang`` (None: the
        current language) (an ``svg.Drawing``). ``width`` is 20..10,000 pixels."""
        lang = check_language(lang)
        width = check_pixels(width, "Toss.draw(width)", 20)
        all_down_value = check_all_down_value(all_down_value, "Toss.draw(all_down_value)")
        overlap_back = overlap_rule(overlap_back, "Toss.draw(overlap_back)")

        class _Rules:                     # draw_toss reads these two options off a game
            rules = type("R", (), {"all_down_value": all_down_value,
                                   "overlap_back": overlap_back})()
        height = width * 0.19
        d = Drawing(width, height * 1.25, title=tr("toss_title", lang, toss=self.text(lang)))
        return draw_toss(d, self, 0, 0, width, height, _Rules(), lang=lang)

    def _repr_svg_(self) -> str:
        return self.draw().to_svg()

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        bundle = self.draw()._repr_mimebundle_()
        bundle["text/plain"] = repr(self)
        return bundle


class Step(NamedTuple):
    """One toss reduced to what matters for moving: signed squares and its kind
    ("again", "end", "back", "nothing"; see ``Toss.kind``)."""

    squares: int
    kind: str


class TurnDistribution(dict):
    """Mapping signed squares of one turn -> probability, possibly truncated.

    A turn can in principle go on for ever (MS-07), so its distribution is cut after
    ``max_repeats`` extra tosses; ``remaining`` is the exact probability of the turns
    left out (more repeats than that), so ``sum(d.values()) + d.remaining == 1``.
    """

    def __init__(self, probs: dict, remaining, max_repeats: int):
        if not isinstance(probs, dict) or len(probs) > 100_000 or not all(
                _whole(k) and _chance(v) for k, v in probs.items()):
            raise BoardkitError(f"TurnDistribution(probs) must be a dict {{signed squares: "
                                f"probability 0..1}}; got {short(probs)}")
        if not _chance(remaining):
            raise BoardkitError(f"TurnDistribution(remaining) must be a probability 0..1; "
                                f"got {short(remaining)}")
        if not _whole(max_repeats) or not 0 <= max_repeats <= MAX_REPEATS:
            raise BoardkitError(f"TurnDistribution(max_repeats) must be a whole number "
                                f"0..{MAX_REPEATS}; got {short(max_repeats)}")
        super().__init__(sorted(probs.items()))
        self.remaining = remaining
        self.max_repeats = max_repeats

    def mean(self) -> Fraction | float:
        """Mean of the truncated part, renormalised (exact turn_mean is on the model)."""
        total = sum(self.values())
        return sum(k * p for k, p in self.items()) / total


def _whole(x: Any) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def _chance(x: Any) -> bool:
    """Is ``x`` a probability: a number (an int, float or Fraction, not a bool) in [0, 1]?"""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, float, Fraction, np.integer,
                                                             np.floating)):
        return False
    return bool(0 <= x <= 1)    # NaN is not


def _is_exact(x: Any) -> bool:
    return isinstance(x, (int, Fraction)) and not isinstance(x, bool)


class _Kernel(NamedTuple):
    """Tables of the vectorised simulation (see ``TossModel._kernel``)."""
    bounds: tuple            # face thresholds for one gold's uniform number
    event_bounds: tuple      # overlap/fall cut points for the events' uniform number
    rows: int                # uniform numbers per toss: 4 golds (+1 for the events)
    squares: np.ndarray      # key -> signed squares (key = base-5 golds + 625 * event class)
    again: np.ndarray        # key -> toss again (MS-07)


_FUSED: Any = None   # simulate_turns' compiled loop: None = not looked for yet, False = none


def _fused_simulate():
    """The fused loop of ``simulate_turns`` compiled by numba (``_fused.py``; the optional
    ``fast`` extra), or None when numba is not installed or ``BOARDKIT_NUMBA=0`` is set:
    then the numpy pipeline runs. Both give the same turns, bit for bit. Looked for at the
    first simulation, not at import (importing numba takes ~0.4 s)."""
    global _FUSED
    if _FUSED is None:
        _FUSED = False
        if os.environ.get("BOARDKIT_NUMBA", "1").strip() != "0":
            try:
                from ._fused import simulate_turns as fused
                # compile (or load) now, on one turn whose every toss ends it: a numba that
                # cannot compile or cache here means the numpy path, not a broken lesson
                # (tests/test_mawari_toss_fused.py insists the loop loads where numba is)
                fused(np.random.default_rng(0), 4, 1.0, 64, (0.5,), (),
                      np.ones(625, dtype=np.int16), 1, False)
            except Exception:        # no numba, one that refuses this numpy, no cache dir
                fused = False
            _FUSED = fused
    return _FUSED or None


@dataclass(frozen=True)
class TossModel(RuleOptions):
    """Probabilities of the 金 toss (MS-09) and the exact and simulated results.

    face_up ... upside_down  chance of each face for ONE gold (the four golds land
                             independently); they must sum to 1.
    overlap, fall            chance, per toss, that golds overlap (MS-06) / a gold falls
                             off (MS-08); independent of the faces and of each other. If
                             both happen, the fall wins: the toss scores nothing.
    all_down_value           value of four face-down golds (MS-05, 20).
    overlap_back             "face_up" (default: back one square per face-up gold, 20
                             when all four lie face down, MS-06) or "whole_value" (the
                             MS-06 option: back by the toss's whole value).

    Probabilities are ints, Fractions (at most 256-bit numerator and denominator) or
    finite floats; text such as "1/2" belongs in ``MawariRules.toss_probs``.
    """

    face_up: Any
    face_down: Any
    side: Any = 0
    upright: Any = 0
    upside_down: Any = 0
    overlap: Any = 0
    fall: Any = 0
    all_down_value: int = 20
    overlap_back: str = "face_up"
    exact: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        names = ("face_up", "face_down", "side", "upright", "upside_down", "overlap", "fall")
        for name in names:
            x = getattr(self, name)
            if isinstance(x, bool) or not isinstance(x, numbers.Real):
                raise BoardkitError(
                    f"TossModel.{name} must be a probability (a number in [0, 1], e.g. "
                    f"Fraction(1, 2) or 0.5) (MS-09); got {short(x)}")
            if not (0 <= x <= 1) or (isinstance(x, float) and math.isnan(x)):
                raise BoardkitError(
                    f"TossModel.{name} = {short(x)} is not a probability: it must lie in [0, 1] "
                    f"(MS-09)")
            if isinstance(x, Fraction) and max(x.numerator.bit_length(),
                                               x.denominator.bit_length()) > 256:
                raise BoardkitError(f"TossModel.{name}: a fraction with more than 256 bits in "
                                    f"its numerator or denominator is too precise (MS-09)")
        exact = all(_is_exact(getattr(self, n)) for n in names)
        conv = Fraction if exact else float
        for name in names:
            object.__setattr__(self, name, conv(getattr(self, name)))
        total = sum(getattr(self, n) for n in names[:5])
        if (total != 1) if exact else abs(total - 1) > 1e-9:
            raise BoardkitError(
                f"the five face probabilities (face_up, face_down, side, upright, "
                f"upside_down) must sum to 1 (MS-09); they sum to {total}")
        object.__setattr__(self, "all_down_value", check_all_down_value(self.all_down_value))
        object.__setattr__(self, "overlap_back", overlap_rule(self.overlap_back))
        object.__setattr__(self, "exact", exact)

    def __hash__(self) -> int:
        # the dataclass's hash (of the compared fields), worked out once: the smart bot
        # looks its odds up by model at every decision, and hashing seven Fractions took
        # ~4 us of a ~10 us decision
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare))
            object.__setattr__(self, "_hash", h)
        return h

    # ---- presets ---------------------------------------------------------------------
    @classmethod
    def fair(cls, **options) -> TossModel:
        """MS-09 preset: face up and face down each 1/2, nothing else (exact Fractions)."""
        return cls(Fraction(1, 2), Fraction(1, 2), **options)

    @classmethod
    def realistic(cls, **options) -> TossModel:
        """MS-09 illustrative preset (NOT measured): a gold lands face up a little more
        often than face down, stands now and then (side 3%, upright 0.8%, upside down
        0.2%); 5% of tosses have an overlap and 2% a fallen gold. Real measurements of
        tossed 金 are scarce; the one large data set is 1,541 tosses of five 歩 to decide
        who moves first in professional shogi, with no significant bias."""
        return cls(Fraction(49, 100), Fraction(47, 100), Fraction(3, 100), Fraction(1, 125),
                   Fraction(1, 500), Fraction(1, 20), Fraction(1, 50), **options)

    @classmethod
    def with_standing(cls, side=0, upright=0, upside_down=0, **options) -> TossModel:
        """What-if helper: golds stand with the given chances, and the rest splits evenly
        between face up and face down (MS-09). Each chance is a number 0..1 (an int,
        float or Fraction)."""
        for name, x in (("side", side), ("upright", upright), ("upside_down", upside_down)):
            if not _chance(x):
                raise BoardkitError(f"with_standing({name}) must be a chance 0..1 (MS-09); "
                                    f"got {short(x)}")
        one = Fraction(1) if all(_is_exact(x) for x in (side, upright, upside_down)) else 1.0
        rest = one - side - upright - upside_down
        return cls(rest / 2, rest / 2, side, upright, upside_down, **options)

    def summary(self) -> dict:
        """Key figures as floats: squares per turn (mean, sd), tosses per turn, and the
        chance that one toss repeats, moves back or scores nothing."""
        kinds = self.kind_probabilities()
        return {"squares per turn": float(self.turn_mean()),
                "sd per turn": math.sqrt(float(self.turn_variance())),
                "tosses per turn": float(self.expected_tosses()),
                "P(toss again)": float(kinds["again"]),
                "P(move back)": float(kinds["back"]),
                "P(no move)": float(kinds["nothing"])}

    # ---- one gold, one toss ------------------------------------------------------------
    @property
    def face_probs(self) -> dict:
        """Chance of each face for one gold, in ``FACES`` order."""
        return {"up": self.face_up, "down": self.face_down, "side": self.side,
                "upright": self.upright, "upside_down": self.upside_down}

    def _one(self):
        return Fraction(1) if self.exact else 1.0

    def patterns(self) -> dict:
        """Every way four golds can land, unordered (70 multisets of faces, listed in
        ``FACES`` order) -> probability; overlap and fall left aside. Patterns of
        probability 0 are left out."""
        probs = self.face_probs
        out = {}
        for combo in combinations_with_replacement(FACES, 4):
            ways = math.factorial(4)          # 4! / prod(k!) orderings of this multiset
            p = self._one()
            for face in FACES:
                k = combo.count(face)
                ways //= math.factorial(k)
                p *= probs[face] ** k
            if p != 0:
                out[combo] = p * ways
        return out

    def outcomes(self) -> list[tuple[Toss, Any]]:
        """Every distinct toss with its probability: a pattern of faces (``patterns()``)
        times overlap / fall, which are independent of the faces and of each other.
        Outcomes of probability 0 are left out."""
        one = self._one()
        events = [(o, f, (self.overlap if o else one - self.overlap)
                   * (self.fall if f else one - self.fall))
                  for o in (False, True) for f in (False, True)]
        return [(Toss(combo, o, f), p * pe) for combo, p in self.patterns().items()
                for o, f, pe in events if pe != 0]

    def value_distribution(self) -> dict:
        """Value of one toss (MS-05) -> probability, overlap and fall ignored."""
        dist: dict = {}
        for combo, p in self.patterns().items():
            v = Toss(combo).score(self.all_down_value)
            dist[v] = dist.get(v, 0) + p
        return dict(sorted(dist.items()))

    def toss_distribution(self) -> dict:
        """One toss as ``Step(signed squares, kind)`` -> probability (MS-05..MS-08)."""
        return dict(self._toss_distribution)

    @cached_property
    def _toss_distribution(self) -> dict:
        dist: dict = {}
        for toss, p in self.outcomes():
            key = Step(toss.squares(self.all_down_value, self.overlap_back), toss.kind)
            dist[key] = dist.get(key, 0) + p
        return dict(sorted(dist.items()))

    def kind_probabilities(self) -> dict:
        """Chance that one toss is "again", "end", "back" or "nothing"."""
        out = {k: 0 * self._one() for k in ("again", "end", "back", "nothing")}
        for step, p in self.toss_distribution().items():
            out[step.kind] += p
        return out

    def repeat_probability(self) -> Fraction | float:
        """Chance that a toss earns another toss (MS-07): no gold face down, no overlap,
        no fall = (1 - face_down)^4 (1 - overlap)(1 - fall)."""
        one = self._one()
        return (one - self.face_down) ** 4 * (one - self.overlap) * (one - self.fall)

    def toss_mean(self) -> Fraction | float:
        """Mean signed squares of one toss."""
        return sum(s.squares * p for s, p in self.toss_distribution().items())

    # ---- a whole turn (MS-07) ------------------------------------------------------------
    def _check_turn_ends(self):
        if self.repeat_probability() == 1:
            raise BoardkitError(
                "with face_down = 0 and no overlap or fall every toss earns another toss "
                "(MS-07), so a turn never ends; give face_down, overlap or fall a chance > 0")

    def _split(self):
        """(p, A, B): p = repeat chance, A = squares of a repeating toss given it repeats,
        B = squares of the last toss given the turn ends there."""
        p = self.repeat_probability()
        again, last = {}, {}
        for step, q in self.toss_distribution().items():
            d = again if step.kind == "again" else last
            d[step.squares] = d.get(step.squares, 0) + q
        one = self._one()
        if p:
            again = {k: v / p for k, v in again.items()}
        last = {k: v / (one - p) for k, v in last.items()}
        return p, again, last

    def expected_tosses(self) -> Fraction | float:
        """Mean number of tosses in a turn: the count is geometric, 1 / (1 - p) (MS-07)."""
        self._check_turn_ends()
        return self._one() / (self._one() - self.repeat_probability())

    def turn_mean(self) -> Fraction | float:
        """Exact expected signed squares per turn (MS-05..MS-08, track ignored).

        The tosses of a turn are independent and the turn stops at a stopping time N
        (the first toss that does not repeat), so Wald's identity gives
        E[turn] = E[N] E[one toss] = E[one toss] / (1 - p), p the repeat chance."""
        self._check_turn_ends()
        return self.toss_mean() / (self._one() - self.repeat_probability())

    def turn_variance(self) -> Fraction | float:
        """Exact variance of the signed squares per turn.

        A turn is K repeating tosses (mean a, variance va each) and one last toss (mean
        b, variance vb), K geometric with P(K = k) = p^k (1 - p): E[K] = p/(1-p),
        Var K = p/(1-p)^2, so Var = E[K] va + Var(K) a^2 + vb."""
        self._check_turn_ends()
        p, again, last = self._split()
        one = self._one()

        def mv(d):
            m = sum(k * v for k, v in d.items()) if d else 0 * one
            return m, (sum(k * k * v for k, v in d.items()) - m * m if d else 0 * one)

        a, va = mv(again)
        b, vb = mv(last)
        ek = p / (one - p)
        vk = p / (one - p) ** 2
        return ek * va + vk * a * a + vb

    def turn_distribution(self, max_repeats: int | None = None, tol: float = 1e-12,
                          ) -> TurnDistribution:
        """Signed squares of one turn -> probability (MS-07: repeated tosses included).

        The number of tosses is unbounded when the repeat chance p > 0, so the sum over
        k = 0, 1, 2 ... repeats is cut: after ``max_repeats`` repeats if given, else as
        soon as the left-out mass p^(k+1) is at most ``tol`` (at most 200 repeats). The
        result's ``remaining`` is that left-out mass, exactly (a Fraction for Fraction
        models)."""
        self._check_turn_ends()
        if isinstance(tol, bool) or not isinstance(tol, (int, float, Fraction, np.integer, np.floating)) \
                or not (math.isfinite(tol) and 0 < tol < 1):
            raise BoardkitError(f"tol must be a number with 0 < tol < 1 (the probability left "
                                f"out, e.g. 1e-12; MS-07); got {short(tol)}")
        p = self.repeat_probability()
        if max_repeats is None:
            max_repeats = 0
            if p > 0:
                while p ** (max_repeats + 1) > tol and max_repeats < MAX_REPEATS:
                    max_repeats += 1
        if isinstance(max_repeats, bool) or not isinstance(max_repeats, int) \
                or not 0 <= max_repeats <= MAX_REPEATS:
            raise BoardkitError(f"max_repeats must be a whole number 0..{MAX_REPEATS} (MS-07); "
                                f"got {short(max_repeats)}")
        # P(turn = t, k repeats) = (again^{*k} * last)(t) with the unconditional chances
        # of a repeating / a last toss. Exact models run on integer numerators over a
        # common denominator D (Fraction sums would be far slower): level k is over D^(k+1).
        again: dict[int, Any] = {}
        last: dict[int, Any] = {}
        for step, q in self.toss_distribution().items():
            d = again if step.kind == "again" else last
            d[step.squares] = d.get(step.squares, 0) + q
        if self.exact:
            den = math.lcm(*(q.denominator for q in (*again.values(), *last.values())))
            if (max_repeats + 1) * den.bit_length() > MAX_EXACT_BITS:
                raise BoardkitError(
                    f"an exact turn distribution with {max_repeats} repeats needs numbers of "
                    f"{(max_repeats + 1) * den.bit_length():,} bits (at most {MAX_EXACT_BITS}: "
                    f"it could not answer in time); ask fewer repeats (max_repeats), a larger "
                    f"tol, or use a float model (exact=False) (MS-07)")
            again = {k: int(v * den) for k, v in again.items()}
            last = {k: int(v * den) for k, v in last.items()}
        else:
            den = 1
        total: dict = {}
        partial = {0: 1}
        for k in range(max_repeats + 1):
            scale = den ** (max_repeats - k) if self.exact else 1
            for s, q in partial.items():
                for t, r in last.items():
                    total[s + t] = total.get(s + t, 0) + q * r * scale
            if k == max_repeats or not again:
                break
            nxt: dict = {}
            for s, q in partial.items():
                for t, r in again.items():
                    nxt[s + t] = nxt.get(s + t, 0) + q * r
            partial = nxt
        if self.exact:
            dist = {t: Fraction(v, den ** (max_repeats + 1)) for t, v in total.items() if v}
        else:
            dist = {t: v for t, v in total.items() if v}
        remaining = p ** (max_repeats + 1) if p else 0 * self._one()
        return TurnDistribution(dist, remaining, max_repeats)

    # ---- simulation ------------------------------------------------------------------
    def sample(self, rng) -> Toss:
        """One random toss (``rng`` = ``numpy.random.default_rng(seed)``)."""
        check_rng(rng, "TossModel.sample(rng)", ("random",))
        cum = np.cumsum([float(self.face_probs[f]) for f in FACES[:-1]])
        idx = np.searchsorted(cum, rng.random(4), side="right")
        faces = (FACES[idx[0]], FACES[idx[1]], FACES[idx[2]], FACES[idx[3]])
        overlap = bool(rng.random() < float(self.overlap))
        fall = bool(rng.random() < float(self.fall))
        return Toss(faces, overlap, fall)

    # ---- vectorised simulation -------------------------------------------------------
    def _tables(self):
        """Per ordered 4-gold outcome (base-5 code 0..624): value, back squares, repeat."""
        codes = np.arange(625)
        digits = np.stack([(codes // 5 ** g) % 5 for g in range(4)])       # (4, 625)
        face_value = np.array([FACE_VALUE[f] for f in FACES])
        value = face_value[digits].sum(axis=0)
        down = (digits == FACES.index("down")).sum(axis=0)
        value[down == 4] = self.all_down_value
        up = (digits == FACES.index("up")).sum(axis=0)
        # MS-06: back by the face-up count (all four face down: all_down_value), or by
        # the whole value under the "whole_value" option
        back = value if self.overlap_back == "whole_value" else np.where(down == 4, value, up)
        return value.astype(np.int64), -back.astype(np.int64), down == 0

    @cached_property
    def _kernel(self) -> _Kernel:
        """Everything the vectorised simulation needs, built ONCE per model:
        the thresholds each uniform number is compared with and one lookup table from
        the outcome key (4 golds and the event class) to (signed squares, toss again).
        Building it per 64k chunk used to cost more than drawing the numbers."""
        value, back, repeat = self._tables()
        probs = [Fraction(self.face_probs[f]) for f in FACES]
        # a gold shows face k when u passes the first k bounds (cumulative chances);
        # a bound with only zero-chance faces after it is left out, so they never show
        bounds = tuple(float(sum(probs[:k + 1])) for k in range(4) if any(probs[k + 1:]))
        o, f = float(self.overlap), float(self.fall)
        rows = 5 if (o or f) else 4
        if rows == 4:
            squares, again = value, repeat
            event_bounds: tuple = ()
        else:
            # one uniform e for both events: [0, 1) is cut into overlap [0, o) and no
            # overlap [o, 1), and each part again in the ratio f : 1 - f for the fall, so
            # the two events are independent with chances o and f. The cut points
            # o*f <= o <= o + (1-o)*f give four classes j (how many cut points e passes):
            # 0 overlap and fall, 1 overlap only, 2 fall only, 3 neither.
            event_bounds = (o * f, o, o + (1 - o) * f)
            zero = np.zeros_like(value)
            squares = np.concatenate([zero, back if o else value, zero, value])
            never = np.zeros_like(repeat)
            again = np.concatenate([never, never, never, repeat])
        squares = np.ascontiguousarray(squares, dtype=np.int64)
        again = np.ascontiguousarray(again, dtype=bool)
        return _Kernel(bounds, event_bounds, rows, squares, again)

    _BLOCK = 1 << 16  # columns per pass

    def _toss_keys(self, u: np.ndarray, work: dict) -> np.ndarray:
        """The outcome key of each toss from the uniform numbers ``u`` (rows x k, row g
        = gold g, row 4 = the events); ``work`` holds scratch arrays reused from chunk to
        chunk. Each threshold is one comparison into a bool buffer added as int8 (adding
        a bool to a wide int array goes through a slow cast), block by block so that
        the numbers are read from the cache for the second and later thresholds; the
        key is widened to the index type once, since ``take`` with a small-int index
        converts it first, which used to cost more than all the rest."""
        kern = self._kernel
        rows, k = u.shape
        blk = self._BLOCK
        if work.get("k", -1) < k:
            work.update(k=k, cmp=np.empty((rows, blk), dtype=bool),
                        acc=np.empty((rows, blk), dtype=np.int8),
                        key16=np.empty(blk, dtype=np.int16), tmp=np.empty(blk, dtype=np.int16),
                        key=np.empty(k, dtype=np.intp))
        key = work["key"][:k]
        for j in range(0, k, blk):
            w = min(blk, k - j)
            ub = u[:, j:j + w]
            cmp, acc = work["cmp"][:rows, :w], work["acc"][:rows, :w]
            key16, tmp = work["key16"][:w], work["tmp"][:w]
            # the first threshold's comparison is written straight into the counts
            for i, b in enumerate(kern.bounds):
                if i == 0:
                    np.greater_equal(ub[:4], b, out=acc[:4].view(bool))
                else:
                    np.greater_equal(ub[:4], b, out=cmp[:4])
                    np.add(acc[:4], cmp[:4].view(np.int8), out=acc[:4])
            if not kern.bounds:
                acc[:4] = 0
            for i, b in enumerate(kern.event_bounds):
                if i == 0:
                    np.greater_equal(ub[4], b, out=acc[4].view(bool))
                else:
                    np.greater_equal(ub[4], b, out=cmp[4])
                    np.add(acc[4], cmp[4].view(np.int8), out=acc[4])
            # base 5 per gold (0..624), then 625 per event class
            acc[1] *= 5
            acc[0] += acc[1]                 # <= 24, still int8
            acc[3] *= 5
            acc[2] += acc[3]
            np.copyto(key16, acc[2], casting="safe")
            key16 *= 25
            key16 += acc[0]
            if rows == 5:
                np.copyto(tmp, acc[4], casting="safe")
                tmp *= 625
                key16 += tmp
            np.copyto(key[j:j + w], key16, casting="safe")
        return key

    def _toss_chunk(self, u: np.ndarray, squares: np.ndarray, again: np.ndarray,
                    work: dict) -> None:
        """Tosses from the uniform numbers ``u`` into ``squares`` and ``again``."""
        key = self._toss_keys(u, work)
        self._kernel.squares.take(key, out=squares)
        self._kernel.again.take(key, out=again)

    def sample_tosses(self, n: int, rng, chunk: int = 1 << 16,
                      ) -> tuple[np.ndarray, np.ndarray]:
        """``n`` independent tosses, vectorised: (signed squares, toss again) arrays.

        Every toss is rebuilt from its four golds (one uniform number each, compared
        with the cumulative face probabilities) and its events, independently of the
        enumeration that the simulation is meant to check. Work goes in cache-sized
        chunks (much faster than whole arrays at once); the tables are built once per
        model."""
        n = check_count(n)
        chunk = _check_count(chunk, "chunk", 1, MAX_SIMULATED)
        check_rng(rng, "TossModel.sample_tosses(rng)", ("random",))
        rows = self._kernel.rows
        squares = np.empty(n, dtype=np.int64)
        again = np.empty(n, dtype=bool)
        buf = np.empty(rows * min(chunk, max(n, 1)))
        work: dict = {}
        for start in range(0, n, chunk):
            k = min(chunk, n - start)
            u = buf[: rows * k].reshape(rows, k)
            rng.random(out=u)
            self._toss_chunk(u, squares[start:start + k], again[start:start + k], work)
        return squares, again

    @cached_property
    def _coded(self) -> np.ndarray:
        """key -> 2 * signed squares + (1 if the toss ends the turn), int16: one lookup
        gives both what a toss adds and whether the turn goes on."""
        kern = self._kernel
        return (2 * kern.squares + ~kern.again).astype(np.int16)

    def simulate_turns(self, n: int, rng, tosses: bool = False, chunk: int = 1 << 16,
                       ) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
        """Signed squares of ``n`` simulated turns (numpy int64 array), tosses of a
        turn summed until one does not repeat (MS-07). ``tosses=True`` also returns the
        number of tosses of each turn. Seeded by ``rng`` (``numpy.random.default_rng``).
        Tosses are drawn in chunks of ``chunk`` tosses; a turn running over a chunk's end
        is carried into the next chunk.

        Speed (the goal: 0.8x the bare draw of the same numbers): with numba installed
        (the ``fast`` extra) a compiled loop draws, counts and sums in one pass,
        0.81-0.86x; without it the numpy pipeline below, 0.55-0.62x (numpy makes one
        pass over memory per operation). Both give the same turns, toss counts and
        generator state, bit for bit (benchmarks/mawari_toss.py)."""
        self._check_turn_ends()
        n = check_count(n)
        check_rng(rng, "TossModel.simulate_turns(rng)", ("random",))
        if isinstance(chunk, bool) or not isinstance(chunk, (int, np.integer)) \
                or not 1 <= chunk <= MAX_SIMULATED:
            raise BoardkitError(f"chunk must be a whole number of tosses "
                                f"1..{MAX_SIMULATED:,}; got {short(chunk)}")
        chunk = int(chunk)
        kern = self._kernel
        per_turn = float(self.expected_tosses())
        fused = _fused_simulate() if type(rng) is np.random.Generator else None
        if fused is not None:
            # under the generator's lock, as numpy's own draws are: the compiled loop
            # advances the bit generator directly
            with rng.bit_generator.lock:
                return fused(rng, kern.rows, per_turn, chunk, kern.bounds, kern.event_bounds,
                             self._coded, n, tosses)
        out = np.empty(n, dtype=np.int64)
        counts = np.empty(n, dtype=np.int64) if tosses else None
        done, carry, carry_count = 0, 0, 0
        rows = kern.rows
        coded_t = self._coded
        size = min(chunk, int(n * per_turn * 1.05) + 64)
        buf = np.empty(rows * size)
        coded_buf = np.empty(size, dtype=np.int16)
        end_buf = np.empty(size, dtype=np.int16)
        endb_buf = np.empty(size, dtype=bool)
        cs_buf = np.empty(size, dtype=np.int64)
        at_buf = np.empty(size, dtype=np.int64)
        work: dict = {}
        while done < n:
            m = min(chunk, int((n - done) * per_turn * 1.05) + 64)
            u = buf[: rows * m].reshape(rows, m)
            rng.random(out=u)
            coded = coded_t.take(self._toss_keys(u, work), out=coded_buf[:m])
            end = endb_buf[:m]
            np.copyto(end, np.bitwise_and(coded, 1, out=end_buf[:m]), casting="unsafe")
            ends = np.flatnonzero(end)
            cs = np.cumsum(coded, dtype=np.int64, out=cs_buf[:m])
            if len(ends) == 0:
                carry += int(cs[-1]) >> 1
                carry_count += m
                continue
            ends = ends[: n - done]
            k = len(ends)
            sums = out[done:done + k]
            at = np.take(cs, ends, out=at_buf[:k])
            last = int(at[-1])
            sums[0] = at[0]
            np.subtract(at[1:], at[:-1], out=sums[1:])
            np.right_shift(sums, 1, out=sums)
            sums[0] += carry
            if counts is not None:              # (tosses=True)
                cnt = counts[done:done + k]
                cnt[0] = ends[0] + 1 + carry_count
                np.subtract(ends[1:], ends[:-1], out=cnt[1:])
            done += k
            carry = (int(cs[-1]) - last) >> 1
            carry_count = m - 1 - int(ends[-1])
        return (out, counts) if counts is not None else out

    def compare(self, n: int, rng) -> dict:
        """Exact vs simulated side by side, for notebooks and tests: a dict of rows
        {quantity: (exact, simulated, standard error of the simulated value)}."""
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 2:
            raise BoardkitError(f"compare needs n >= 2 simulated turns; got {short(n)}")
        squares, counts = self.simulate_turns(n, rng, tosses=True)
        mean, var = self.turn_mean(), self.turn_variance()
        sd = squares.std()
        p = self.repeat_probability()
        rep = float(((counts - 1).sum()) / counts.sum())
        return {
            "squares per turn (mean)": (mean, float(squares.mean()), float(sd / math.sqrt(n))),
            "squares per turn (variance)": (var, float(squares.var()), None),
            "tosses per turn (mean)": (self.expected_tosses(), float(counts.mean()),
                                       float(counts.std() / math.sqrt(n))),
            "chance to toss again": (p, rep, float(math.sqrt(rep * (1 - rep) / counts.sum()))),
        }


# ---- the toss table's picture (also drawn under the 回り将棋 board by draw.py) ----------
# the words on the toss table are the catalogue's ms.draw.*, in the drawing's language


def _gold_shape(cx, cy, w, h):
    """A gold's pentagon centred at (cx, cy), its tip up."""
    pts = [(0, -h / 2), (w * 0.36, -h * 0.3), (w / 2, h / 2), (-w / 2, h / 2), (-w * 0.36, -h * 0.3)]
    return [(cx + x, cy + y) for x, y in pts]


def draw_toss(d: Drawing, toss: Toss | None, x0, y0, width, height, game=None,
              lang: str | None = None) -> Drawing:
    """The four golds of a toss in a strip (the 'table'), with its value in words of
    ``lang`` (None: the current language). ``game`` (None: the default rules) is read for
    its rules' all_down_value and overlap_back."""
    if not isinstance(d, Drawing):
        raise BoardkitError(f"draw_toss(d) must be an svg.Drawing; got {short(d)}")
    if toss is not None and not isinstance(toss, Toss):
        raise BoardkitError(f"draw_toss(toss) must be a Toss or None; got {short(toss)}")
    x0 = check_pixels(x0, "draw_toss(x0)", -MAX_PIXELS)
    y0 = check_pixels(y0, "draw_toss(y0)", -MAX_PIXELS)
    width = check_pixels(width, "draw_toss(width)", 20)
    height = check_pixels(height, "draw_toss(height)", 4)
    lang = check_language(lang)
    rules = getattr(game, "rules", None) if game is not None else None
    if game is not None:
        adv = check_all_down_value(getattr(rules, "all_down_value", None),
                                   "draw_toss(game): its rules' all_down_value")
        back = overlap_rule(getattr(rules, "overlap_back", None),
                            "draw_toss(game): its rules' overlap_back")
    else:
        adv, back = 20, "face_up"
    d.rect(x0, y0, width, height * 0.92, fill="#6b4f2a", rx=8, cell="toss")
    d.rect(x0 + 3, y0 + 3, width - 6, height * 0.92 - 6, fill="#8a6a3d", rx=6, cell="toss")
    s = height * 0.55
    cy = y0 + height * 0.40
    if toss is None:
        d.text(x0 + width / 2, cy, tr("ms.draw.toss_prompt", lang), size=height * 0.2,
               color="#fdf3d6", cell="toss")
        return d
    step = s * (0.72 if toss.overlap else 1.05)
    for k, face in enumerate(toss.faces):
        cx = x0 + s * 0.75 + k * step
        cyk = cy + (s * 0.12 * (k % 2) if toss.overlap else 0)
        if toss.fall and k == 3:
            cyk = y0 + height * 0.92 + s * 0.1    # off the table's edge
        _gold(d, cx, cyk, s, face)
    tx = x0 + s * 0.75 + 3 * step + s * 0.75
    sq = toss.squares(adv, back)
    if toss.fall:
        words = tr("ms.draw.fell", lang)
    elif toss.overlap:
        words = tr("ms.draw.overlap", lang, n=-sq)
    else:
        words = tr("ms.draw.forward", lang, n=sq) + (tr("ms.draw.again", lang) if toss.toss_again else "")
    d.text(tx, cy - height * 0.12, toss.ja(), size=height * 0.17, color="#fdf3d6", anchor="start",
           cell="toss")
    # the words shrink to the table's width when a language words them at length
    room = x0 + width - tx - height * 0.1
    d.text(tx, cy + height * 0.14, words, size=fitting_size(words, room, height * 0.17),
           color="#ffffff", anchor="start", weight="bold", cell="toss")
    return d


def _gold(d: Drawing, cx, cy, s, face):
    if face == "up":
        d.polygon(_gold_shape(cx, cy, s * 0.8, s * 0.92), fill="#f4d35e", stroke="#6b4f2a",
                  stroke_width=1.5, cell="toss")
        d.text(cx, cy + s * 0.06, "金", size=s * 0.48, color="#3b2a10", weight="bold", cell="toss")
    elif face == "down":      # the back of a 金 is blank
        d.polygon(_gold_shape(cx, cy, s * 0.8, s * 0.92), fill="#d8b777", stroke="#6b4f2a",
                  stroke_width=1.5, cell="toss")
    else:
        # standing golds seen from above: a thin bar, with its name
        label = {"side": "横 5", "upright": "縦 10", "upside_down": "逆 100"}[face]
        if face == "side":
            d.rect(cx - s * 0.4, cy - s * 0.09, s * 0.8, s * 0.18, fill="#f4d35e",
                   stroke="#6b4f2a", stroke_width=1.5, cell="toss")
        else:
            d.rect(cx - s * 0.09, cy - s * 0.42, s * 0.18, s * 0.84, fill="#f4d35e",
                   stroke="#6b4f2a", stroke_width=1.5, cell="toss")
            if face == "upside_down":
                d.polygon([(cx - s * 0.09, cy + s * 0.42), (cx + s * 0.09, cy + s * 0.42),
                           (cx, cy + s * 0.55)], fill="#6b4f2a", cell="toss")
        d.text(cx, cy + s * 0.66 if face != "side" else cy + s * 0.32, label, size=s * 0.22,
               color="#fdf3d6", weight="bold", cell="toss")
