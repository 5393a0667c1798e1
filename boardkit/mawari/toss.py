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
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any, NamedTuple

import numpy as np

from .._core import BoardkitError, FormatError

__all__ = ["FACES", "FACES_JA", "Toss", "TossModel", "Step", "TurnDistribution"]

FACES = ("up", "down", "side", "upright", "upside_down")
FACES_JA = {"up": "表", "down": "裏", "side": "横", "upright": "縦", "upside_down": "逆立ち"}
# What one gold adds to the value of a toss (MS-05); face down adds nothing.
FACE_VALUE = {"up": 1, "down": 0, "side": 5, "upright": 10, "upside_down": 100}
_FLAGS = {"+overlap": "overlap", "+fall": "fall", "重なり": "overlap", "落ち駒": "fall",
          "+重なり": "overlap", "+落ち駒": "fall"}
_FROM_JA = {v: k for k, v in FACES_JA.items()}
_OVERLAP_BACK = ("value", "face_up")


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
                f"got {self.faces!r}")
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "overlap", bool(self.overlap))
        object.__setattr__(self, "fall", bool(self.fall))

    # ---- reading the toss ------------------------------------------------------------
    def count(self, face: str) -> int:
        """How many of the four golds show ``face``."""
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

    def squares(self, all_down_value: int = 20, overlap_back: str = "value") -> int:
        """Signed squares this toss moves, ignoring the track: 0 when a gold fell off
        (MS-08, which wins over an overlap), minus the value after an overlap (MS-06;
        ``overlap_back="face_up"``: minus the face-up count only), else plus the value."""
        if self.fall:
            return 0
        if self.overlap:
            if overlap_back == "face_up":
                return -self.count("up")
            return -self.score(all_down_value)
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
    def parse(cls, text: str) -> "Toss":
        """Read ``"up up down side"``, ``"up up down down +overlap"``, ``"... +fall"``;
        Japanese names work too (``"表 表 裏 横 重なり"``)."""
        if not isinstance(text, str):
            raise FormatError(f"a toss is text like 'up up down side' (MS-04); got {text!r}")
        faces, flags = [], set()
        for token in text.replace(",", " ").replace("・", " ").split():
            low = token.lower()
            if low in FACES:
                faces.append(low)
            elif token in _FROM_JA:
                faces.append(_FROM_JA[token])
            elif low in _FLAGS:
                flags.add(_FLAGS[low])
            else:
                raise FormatError(
                    f"unknown word {token!r} in toss {text!r} (MS-04): accepted are four of "
                    f"{', '.join(FACES)} (or 表 裏 横 縦 逆立ち) and the flags +overlap, +fall")
        if len(faces) != 4:
            raise FormatError(
                f"a toss names exactly four golds (MS-04), {text!r} names {len(faces)}: "
                f"e.g. 'up up down side' or 'up down down down +overlap'")
        return cls(tuple(faces), "overlap" in flags, "fall" in flags)

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

    def __repr__(self) -> str:
        return f"Toss.parse({str(self)!r})"


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
        super().__init__(sorted(probs.items()))
        self.remaining = remaining
        self.max_repeats = max_repeats

    def mean(self):
        """Mean of the truncated part, renormalised (exact turn_mean is on the model)."""
        total = sum(self.values())
        return sum(k * p for k, p in self.items()) / total


def _is_exact(x: Any) -> bool:
    return isinstance(x, (int, Fraction)) and not isinstance(x, bool)


@dataclass(frozen=True)
class TossModel:
    """Probabilities of the 金 toss (MS-09) and the exact and simulated results.

    face_up ... upside_down  chance of each face for ONE gold (the four golds land
                             independently); they must sum to 1.
    overlap, fall            chance, per toss, that golds overlap (MS-06) / a gold falls
                             off (MS-08); independent of the faces and of each other. If
                             both happen, the fall wins: the toss scores nothing.
    all_down_value           value of four face-down golds (MS-05, 20).
    overlap_back             "value" (move back by the toss's value, MS-06) or "face_up"
                             (back by the face-up count only, the MS-06 option).
    """

    face_up: Any
    face_down: Any
    side: Any = 0
    upright: Any = 0
    upside_down: Any = 0
    overlap: Any = 0
    fall: Any = 0
    all_down_value: int = 20
    overlap_back: str = "value"
    exact: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        names = ("face_up", "face_down", "side", "upright", "upside_down", "overlap", "fall")
        for name in names:
            x = getattr(self, name)
            if isinstance(x, bool) or not isinstance(x, numbers.Real):
                raise BoardkitError(
                    f"TossModel.{name} must be a probability (a number in [0, 1], e.g. "
                    f"Fraction(1, 2) or 0.5) (MS-09); got {x!r}")
            if not (0 <= x <= 1) or (isinstance(x, float) and math.isnan(x)):
                raise BoardkitError(
                    f"TossModel.{name} = {x} is not a probability: it must lie in [0, 1] (MS-09)")
        exact = all(_is_exact(getattr(self, n)) for n in names)
        conv = Fraction if exact else float
        for name in names:
            object.__setattr__(self, name, conv(getattr(self, name)))
        total = sum(getattr(self, n) for n in names[:5])
        if (total != 1) if exact else abs(total - 1) > 1e-9:
            raise BoardkitError(
                f"the five face probabilities (face_up, face_down, side, upright, "
                f"upside_down) must sum to 1 (MS-09); they sum to {total}")
        if isinstance(self.all_down_value, bool) or not isinstance(self.all_down_value, int):
            raise BoardkitError(f"all_down_value must be a whole number of squares (MS-05); "
                                f"got {self.all_down_value!r}")
        if self.overlap_back not in _OVERLAP_BACK:
            raise BoardkitError(f"overlap_back must be one of {_OVERLAP_BACK} (MS-06); "
                                f"got {self.overlap_back!r}")
        object.__setattr__(self, "exact", exact)

    # ---- presets ---------------------------------------------------------------------
    @classmethod
    def fair(cls, **options) -> "TossModel":
        """MS-09 preset: face up and face down each 1/2, nothing else (exact Fractions)."""
        return cls(Fraction(1, 2), Fraction(1, 2), **options)

    @classmethod
    def realistic(cls, **options) -> "TossModel":
        """MS-09 illustrative preset (NOT measured): a gold lands face up a little more
        often than face down, stands now and then (side 3%, upright 0.8%, upside down
        0.2%); 5% of tosses have an overlap and 2% a fallen gold. Real measurements of
        tossed 金 are scarce; the one large data set is 1,541 tosses of five 歩 to decide
        who moves first in professional shogi, with no significant bias."""
        return cls(Fraction(49, 100), Fraction(47, 100), Fraction(3, 100), Fraction(1, 125),
                   Fraction(1, 500), Fraction(1, 20), Fraction(1, 50), **options)

    # ---- one gold, one toss ------------------------------------------------------------
    @property
    def face_probs(self) -> dict:
        """Chance of each face for one gold, in ``FACES`` order."""
        return {"up": self.face_up, "down": self.face_down, "side": self.side,
                "upright": self.upright, "upside_down": self.upside_down}

    def _one(self):
        return Fraction(1) if self.exact else 1.0

    def outcomes(self) -> list[tuple[Toss, Any]]:
        """Every distinct toss with its probability: the four golds are unordered, so a
        toss is a multiset of faces (70 of them) times overlap / fall; faces are listed in
        ``FACES`` order. Outcomes of probability 0 are left out."""
        probs = self.face_probs
        one = self._one()
        out = []
        events = [(o, f, (self.overlap if o else one - self.overlap)
                   * (self.fall if f else one - self.fall))
                  for o in (False, True) for f in (False, True)]
        for combo in combinations_with_replacement(FACES, 4):
            # multinomial: 4! / prod(k!) orderings of this multiset
            ways = math.factorial(4)
            p = one
            for face in FACES:
                k = combo.count(face)
                ways //= math.factorial(k)
                p *= probs[face] ** k
            p *= ways
            if p == 0:
                continue
            for o, f, pe in events:
                if pe != 0:
                    out.append((Toss(combo, o, f), p * pe))
        return out

    def value_distribution(self) -> dict:
        """Value of one toss (MS-05) -> probability, overlap and fall ignored."""
        dist: dict = {}
        for toss, p in self.outcomes():
            if not toss.overlap and not toss.fall:
                # outcomes() splits each face multiset by the events; undo that split
                scale = (self._one() - self.overlap) * (self._one() - self.fall)
                v = toss.score(self.all_down_value)
                dist[v] = dist.get(v, 0) + p / scale
        return dict(sorted(dist.items()))

    def toss_distribution(self) -> dict:
        """One toss as ``Step(signed squares, kind)`` -> probability (MS-05..MS-08)."""
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

    def repeat_probability(self):
        """Chance that a toss earns another toss (MS-07): no gold face down, no overlap,
        no fall = (1 - face_down)^4 (1 - overlap)(1 - fall)."""
        one = self._one()
        return (one - self.face_down) ** 4 * (one - self.overlap) * (one - self.fall)

    def toss_mean(self):
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

    def expected_tosses(self):
        """Mean number of tosses in a turn: the count is geometric, 1 / (1 - p) (MS-07)."""
        self._check_turn_ends()
        return self._one() / (self._one() - self.repeat_probability())

    def turn_mean(self):
        """Exact expected signed squares per turn (MS-05..MS-08, track ignored).

        The tosses of a turn are independent and the turn stops at a stopping time N
        (the first toss that does not repeat), so Wald's identity gives
        E[turn] = E[N] E[one toss] = E[one toss] / (1 - p), p the repeat chance."""
        self._check_turn_ends()
        return self.toss_mean() / (self._one() - self.repeat_probability())

    def turn_variance(self):
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
        soon as the left-out mass p^(k+1) is at most ``tol``. The result's ``remaining``
        is that left-out mass, exactly (a Fraction for Fraction models)."""
        self._check_turn_ends()
        p, again, last = self._split()
        one = self._one()
        if max_repeats is None:
            max_repeats = 0
            if p > 0:
                while p ** (max_repeats + 1) > tol and max_repeats < 10_000:
                    max_repeats += 1
        if not isinstance(max_repeats, int) or max_repeats < 0:
            raise BoardkitError(f"max_repeats must be a whole number >= 0 (MS-07); "
                                f"got {max_repeats!r}")
        dist: dict = {}
        partial = {0: one}        # sum of k repeating tosses, given k repeats
        weight = one - p          # P(exactly k repeats)
        for k in range(max_repeats + 1):
            for s, q in partial.items():
                for t, r in last.items():
                    dist[s + t] = dist.get(s + t, 0) + weight * q * r
            if k == max_repeats or p == 0:
                break
            nxt: dict = {}
            for s, q in partial.items():
                for t, r in again.items():
                    nxt[s + t] = nxt.get(s + t, 0) + q * r
            partial, weight = nxt, weight * p
        dist = {k: v for k, v in dist.items() if v != 0}
        remaining = p ** (max_repeats + 1) if p else 0 * one
        return TurnDistribution(dist, remaining, max_repeats)

    # ---- simulation ------------------------------------------------------------------
    def sample(self, rng) -> Toss:
        """One random toss (``rng`` = ``numpy.random.default_rng(seed)``)."""
        cum = np.cumsum([float(self.face_probs[f]) for f in FACES[:-1]])
        idx = np.searchsorted(cum, rng.random(4), side="right")
        faces = tuple(FACES[i] for i in idx)
        overlap = bool(rng.random() < float(self.overlap))
        fall = bool(rng.random() < float(self.fall))
        return Toss(faces, overlap, fall)
