"""Statistics of real 金 tosses (notebook 46): a class's tally and chi-square tests.

    tally = TossTally.from_counts({"up up down down": 31, "up down down down": 25})
    tally.estimate()                 # the TossModel the counts suggest (MS-09)
    tally.test(TossModel.fair())     # chi-square goodness of fit: single golds,
                                     # whole patterns, overlap/fall events
    chi_square_test(observed, probabilities)   # Pearson's test (scipy is not needed)

The probability maths of the toss is ``boardkit.mawari.toss``; the try-it widgets are in
``boardkit.mawari.widget``.

Limits: a tally count is a whole number 0..10**9 per call of ``add``.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from .._catalogue import text as tr
from .._core import BoardkitError, FormatError
from ._args import check_model, check_whole
from .notation import short
from .toss import FACES, Toss, TossModel

__all__ = ["TossTally", "ChiSquare", "chi_square_test", "chi_square_sf"]

MAX_COUNT = 10 ** 9
MAX_TOSSES = 10 ** 7          # tosses from_tosses reads


class TossTally:
    """Counts of tossed patterns, e.g. from a class tossing four real 金.

        tally = TossTally.from_counts({"up up down down": 31, "up down down down": 25,
                                       "up up side down +overlap": 1, ...})
        tally.estimate()           # a TossModel from the counts (exact fractions)
        tally.test(TossModel.fair())   # chi-square tests against a model

    The order of the four golds does not matter: patterns are stored with the faces
    sorted (``FACES`` order)."""

    def __init__(self, counts: dict | None = None):
        self.counts: dict[Toss, int] = {}
        if counts is not None and not isinstance(counts, dict):
            raise FormatError(f"tally counts are a dict {{toss text: count}}; got {short(counts)}")
        for toss, k in (counts or {}).items():
            self.add(toss, k)

    @classmethod
    def from_counts(cls, counts: dict) -> TossTally:
        return cls(counts)

    @classmethod
    def from_tosses(cls, tosses) -> TossTally:
        """A tally of ``tosses``: any iterable (a list, a generator) of Toss or toss texts,
        at most 10**7 of them."""
        if isinstance(tosses, (str, bytes, bytearray, dict, Toss)) or not isinstance(tosses, Iterable):
            raise FormatError(f"tosses must be a list of tosses (Toss or text like "
                              f"'up up down side'); got {short(tosses)}")
        tally = cls()
        for i, t in enumerate(tosses):
            if i >= MAX_TOSSES:
                raise FormatError(f"tosses: at most {MAX_TOSSES:,} tosses in one tally")
            tally.add(t)
        return tally

    def add(self, toss, times: int = 1) -> None:
        """Count ``toss`` (a Toss or text like "up up down side") ``times`` times."""
        if isinstance(toss, str):
            toss = Toss.parse(toss)
        elif not isinstance(toss, Toss):
            raise FormatError("ms.err.tally_row", got=short(toss))
        if isinstance(times, bool) or not isinstance(times, (int, np.integer)) \
                or not 0 <= times <= MAX_COUNT:
            raise FormatError("ms.err.tally_count", max=f"{MAX_COUNT:,}", got=short(times),
                              toss=str(toss))
        key = Toss(tuple(sorted(toss.faces, key=FACES.index)), toss.overlap, toss.fall)
        self.counts[key] = self.counts.get(key, 0) + int(times)

    @property
    def n(self) -> int:
        """Number of tosses counted."""
        return sum(self.counts.values())

    def face_counts(self) -> dict:
        """How many single golds showed each face (4 per toss)."""
        out = {f: 0 for f in FACES}
        for toss, k in self.counts.items():
            for f in toss.faces:
                out[f] += k
        return out

    def estimate(self, **options) -> TossModel:
        """The model the counts suggest: each face's share of all golds, and the share
        of tosses with an overlap / a fallen gold (exact fractions)."""
        if self.n == 0:
            raise BoardkitError("ms.err.tally_empty")
        golds = 4 * self.n
        faces = self.face_counts()
        over = sum(k for t, k in self.counts.items() if t.overlap)
        fall = sum(k for t, k in self.counts.items() if t.fall)
        up, down, side, upright, upside_down = (Fraction(faces[f], golds) for f in FACES)
        return TossModel(up, down, side, upright, upside_down,
                         overlap=Fraction(over, self.n), fall=Fraction(fall, self.n), **options)

    def test(self, model: TossModel) -> dict:
        """Chi-square goodness of fit against ``model``:
        "single golds"  the faces of all golds counted one by one (MS-04 chances);
        "patterns"      whole tosses as patterns of four faces (this also notices golds
                        that do not land independently);
        "events"        tosses with no event / an overlap / a fall / both."""
        check_model(model, "TossTally.test(model)")
        faces = self.face_counts()
        single = chi_square_test(faces, model.face_probs)
        pattern_obs: dict[tuple[str, ...], int] = {}
        pattern_p = model.patterns()
        for toss, k in self.counts.items():
            pattern_obs[toss.faces] = pattern_obs.get(toss.faces, 0) + k
        patterns = chi_square_test(pattern_obs, pattern_p)
        ev_obs, ev_p = {}, {}
        for o in (False, True):
            for f in (False, True):
                ev_p[(o, f)] = ((model.overlap if o else 1 - model.overlap)
                                * (model.fall if f else 1 - model.fall))
                ev_obs[(o, f)] = sum(k for t, k in self.counts.items()
                                     if t.overlap == o and t.fall == f)
        ev_p = {k: v for k, v in ev_p.items() if v or ev_obs[k]}
        events = chi_square_test(ev_obs, ev_p) if len(ev_p) > 1 else ChiSquare(0.0, 0, 1.0)
        return {"single golds": single, "patterns": patterns, "events": events}

    def shares(self) -> dict:
        """Each face's share of all golds, and overlap / fall shares of tosses, with
        Wilson 95% intervals: {name: (share, low, high)}. (Golds of one toss are
        treated as independent here; the "patterns" test checks that.)"""
        from ..sim import wilson_interval
        if self.n == 0:
            raise BoardkitError("ms.err.tally_empty")
        out = {}
        for face, k in self.face_counts().items():
            out[face] = (k / (4 * self.n), *wilson_interval(k, 4 * self.n))
        for name in ("overlap", "fall"):
            k = sum(c for t, c in self.counts.items() if getattr(t, name))
            out[name] = (k / self.n, *wilson_interval(k, self.n))
        return out

    def only_flat(self) -> TossTally:
        """The tosses where every gold lay flat (face up or down) and nothing overlapped
        or fell: the part of the tally the fair model can be tested on."""
        return TossTally({t: k for t, k in self.counts.items()
                          if not t.overlap and not t.fall
                          and all(f in ("up", "down") for f in t.faces)})

    def rows(self) -> list[tuple[str, str, int]]:
        """(pattern, 日本語, count) rows, most frequent first."""
        items = sorted(self.counts.items(), key=lambda kv: (-kv[1], str(kv[0])))
        return [(str(t), t.ja(), k) for t, k in items]

    def __repr__(self) -> str:
        return f"<TossTally: {self.n} tosses, {len(self.counts)} patterns>"

    def _repr_html_(self) -> str:
        # what a student reads: a table of the patterns, most frequent first
        import html
        head = (f"<p>{html.escape(tr('stats.tally', n=self.n, k=len(self.counts)))}</p>"
                f"<table><tr><th>{html.escape(tr('stats.pattern'))}</th><th></th>"
                f"<th>{html.escape(tr('stats.count'))}</th></tr>")
        body = "".join(f"<tr><td>{html.escape(a)}</td><td>{html.escape(b)}</td><td>{k}</td></tr>"
                       for a, b, k in self.rows())
        return head + body + "</table>"



# ---- chi-square goodness of fit (scipy is not a dependency) ---------------------------


class ChiSquare(NamedTuple):
    statistic: float
    df: int
    p_value: float

    def __str__(self) -> str:
        return tr("stats.chi", x=self.statistic, df=self.df, p=self.p_value)

    def _repr_html_(self) -> str:
        # a sentence for the student; repr() stays the tuple for programmers
        import html
        return f"<p>{html.escape(str(self))}</p>"


def _gamma_q(a: float, x: float) -> float:
    """Regularised upper incomplete gamma Q(a, x): a series below a + 1, a continued
    fraction above (the classic pair; both converge fast there)."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def chi_square_sf(x: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom >= x): ``x`` a finite number, ``df`` a
    whole number 1..10**6."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, float, np.integer, np.floating)):
        raise BoardkitError(f"chi_square_sf(x) must be a number; got {short(x)}")
    try:
        x = float(x)
    except OverflowError:
        x = math.inf
    if math.isnan(x):
        raise BoardkitError("chi_square_sf(x) must be a number; got nan")
    df = check_whole(df, "chi_square_sf(df)", 1, 10 ** 6)
    a, half = df / 2, x / 2
    if half == math.inf or half > a + 1 and -half + a * math.log(half) - math.lgamma(a) < -746:
        return 0.0      # far in the tail: exp() of the front is 0.0, so the answer always was
    return _gamma_q(a, half)


#: categories a chi-square test takes (the pooling below is quadratic in them)
MAX_CATEGORIES = 1_000


def _numbers(values, what: str) -> np.ndarray:
    """Finite numbers from a list, tuple or 1-d numpy array of at most MAX_CATEGORIES
    (ints, floats, Fractions), as a float array; anything else is refused."""
    if isinstance(values, np.ndarray):
        ok = values.ndim == 1 and values.size <= MAX_CATEGORIES and values.dtype.kind in "iuf"
        items = values.tolist() if ok else []
    else:
        ok = isinstance(values, (list, tuple)) and len(values) <= MAX_CATEGORIES
        items = list(values) if ok else []
    out = []
    for v in items:
        if isinstance(v, (bool, np.bool_)) or not isinstance(
                v, (int, float, Fraction, np.integer, np.floating)):
            ok = False
            break
        try:
            out.append(float(v))
        except OverflowError:
            ok = False
            break
    if not ok or not np.isfinite(out).all():
        raise BoardkitError(f"{what} must be a list of at most {MAX_CATEGORIES:,} finite numbers "
                            f"(or a dict); got {short(values)}")
    return np.asarray(out, dtype=float)


def chi_square_test(observed, probabilities, min_expected: float = 5.0) -> ChiSquare:
    """Pearson's goodness-of-fit test of counts against model probabilities.

    ``observed`` and ``probabilities`` are parallel sequences (or dicts with the same
    keys). Categories expected fewer than ``min_expected`` times are pooled together
    (and with the next smallest while the pool is still too small), as the chi-square
    approximation needs; df = categories after pooling - 1. At most 1,000 categories."""
    if isinstance(observed, dict):
        if not isinstance(probabilities, dict):
            raise BoardkitError(f"chi_square_test(probabilities) must be a dict with the keys "
                                f"of observed; got {short(probabilities)}")
        # an outcome the model gives no chance at all, yet observed, rejects the model
        keys = list(probabilities) + [k for k in observed if k not in probabilities]
        observed = [observed.get(k, 0) for k in keys]
        probabilities = [probabilities.get(k, 0) for k in keys]
    if isinstance(min_expected, (bool, np.bool_)) or not isinstance(
            min_expected, (int, float, np.integer, np.floating)) or not 0 <= min_expected <= 10 ** 9:
        raise BoardkitError(f"chi_square_test(min_expected) must be a number 0..10**9; "
                            f"got {short(min_expected)}")
    obs = _numbers(observed, "chi_square_test(observed)")
    prob = _numbers(probabilities, "chi_square_test(probabilities)")
    if obs.shape != prob.shape or obs.ndim != 1:
        raise BoardkitError("observed counts and probabilities must have the same length")
    if (obs < 0).any() or (prob < 0).any() or abs(prob.sum() - 1) > 1e-9:
        raise BoardkitError("counts must be >= 0 and probabilities >= 0 summing to 1 (MS-09)")
    n = obs.sum()
    if n <= 0:
        raise BoardkitError("no tosses counted yet: the chi-square test needs counts")
    if (obs[prob == 0] > 0).any():
        return ChiSquare(math.inf, max(int((prob > 0).sum()) - 1, 1), 0.0)
    keep = prob > 0
    obs, exp = obs[keep], prob[keep] * n
    order = np.argsort(exp, kind="stable")
    obs_l, exp_l = list(obs[order]), list(exp[order])
    while len(exp_l) > 2 and exp_l[0] < min_expected:
        # pool the two smallest categories
        o, e = obs_l.pop(0) + obs_l.pop(0), exp_l.pop(0) + exp_l.pop(0)
        i = int(np.searchsorted(exp_l, e))
        obs_l.insert(i, o)
        exp_l.insert(i, e)
    obs_a, exp_a = np.array(obs_l), np.array(exp_l)
    stat = float(((obs_a - exp_a) ** 2 / exp_a).sum())
    df = len(exp_l) - 1
    if df < 1:
        return ChiSquare(stat, 0, 1.0)
    return ChiSquare(stat, df, chi_square_sf(stat, df))
