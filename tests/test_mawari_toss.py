"""The 金 toss of 回り将棋: rules MS-04..MS-09, exact distributions and the simulation."""
import itertools
import math
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import BoardkitError, FormatError
from boardkit.mawari.stats import ChiSquare, chi_square_sf, chi_square_test
from boardkit.mawari.toss import FACES, Step, Toss, TossModel


# ---- MS-04: outcomes of one gold, text ------------------------------------------------
def test_ms04_parse_and_str_round_trip_every_toss():
    """MS-04: all 5^4 ordered tosses with every flag combination survive str/parse and ja/parse."""
    for faces in itertools.product(FACES, repeat=4):
        for overlap, fall in itertools.product((False, True), repeat=2):
            t = Toss(faces, overlap, fall)
            assert Toss.parse(str(t)) == t
            assert Toss.parse(t.ja()) == t


def test_ms04_parse_examples():
    t = Toss.parse("up up down side")
    assert t.faces == ("up", "up", "down", "side") and not t.overlap and not t.fall
    t = Toss.parse("UP, up, down, down +overlap")
    assert t.overlap and t.faces.count("down") == 2
    assert Toss.parse("表 裏 縦 逆立ち 落ち駒") == Toss(("up", "down", "upright", "upside_down"),
                                                fall=True)
    assert str(Toss.parse("up up down down +overlap")) == "up up down down +overlap"
    assert Toss.parse("up up down side").ja() == "表 表 裏 横"


@pytest.mark.parametrize("text", ["up up down", "up up down side up", "up up down sideways",
                                  "", "up up down side +twice", "4 up"])
def test_ms04_bad_toss_text_raises_format_error(text):
    with pytest.raises(FormatError, match="MS-04"):
        Toss.parse(text)


def test_ms04_bad_toss_values_raise():
    with pytest.raises(FormatError, match="MS-04"):
        Toss(("up", "up", "up"))
    with pytest.raises(FormatError, match="MS-04"):
        Toss(("up", "up", "up", "flat"))
    with pytest.raises(FormatError, match="MS-04"):
        Toss.parse(None)


# ---- MS-05: value ---------------------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("up up down side", 7),            # 2 face up + 5
    ("up up up up", 4),
    ("up down down down", 1),
    ("down down down down", 20),       # all four face down
    ("side side down down", 10),
    ("upright side up down", 16),      # 10 + 5 + 1
    ("upside_down up up up", 103),     # 100 + 3
    ("upside_down upside_down upside_down upside_down", 400),
    ("down down down side", 5),        # not all face down: 5, not 20
])
def test_ms05_value_of_a_toss(text, value):
    assert Toss.parse(text).value == value
    assert Toss.parse(text).score() == value


def test_ms05_all_down_value_is_an_option():
    t = Toss.parse("down down down down")
    assert t.score(all_down_value=0) == 0 and t.score(all_down_value=8) == 8
    assert Toss.parse("down down down up").score(all_down_value=8) == 1


def test_ms05_value_ignores_the_order_of_the_golds():
    for faces in itertools.product(FACES, repeat=4):
        assert Toss(faces).value == Toss(tuple(sorted(faces))).value


# ---- MS-06 / MS-07 / MS-08 --------------------------------------------------------------
def test_ms06_overlap_moves_back_by_the_face_up_count():
    """MS-06 (revised): back one square per face-up gold, 20 when all four lie face down;
    standing golds add nothing."""
    assert Toss.parse("up up down side +overlap").squares() == -2
    assert Toss.parse("up upright upside_down side +overlap").squares() == -1
    assert Toss.parse("side down down down +overlap").squares() == 0
    assert Toss.parse("down down down down +overlap").squares() == -20
    assert Toss.parse("down down down down +overlap").squares(all_down_value=7) == -7
    assert Toss.parse("up up down side +overlap").kind == "back"


def test_ms06_option_back_by_the_whole_value():
    assert Toss.parse("up up down side +overlap").squares(overlap_back="whole_value") == -7
    assert Toss.parse("up up down side +overlap").squares(overlap_back="value") == -7
    assert Toss.parse("down down down down +overlap").squares(overlap_back="whole_value") == -20


def test_ms06_exact_turn_figures_follow_the_rule():
    """Every toss overlaps, half the golds face up and half on their side: the face-up
    reading goes back 2 on average (binomial 4 x 1/2), the whole value 2 + 4 x 1/2 x 5 = 12."""
    m = TossModel(F(1, 2), 0, F(1, 2), overlap=1)
    assert m.overlap_back == "face_up"
    assert m.turn_mean() == -2 and m.toss_mean() == -2
    assert TossModel(F(1, 2), 0, F(1, 2), overlap=1, overlap_back="whole_value").turn_mean() == -12
    # fair golds, every toss overlaps: back = face-up count, or 20 for four face down
    fair = TossModel(F(1, 2), F(1, 2), overlap=1)
    assert fair.turn_mean() == -(2 + F(20, 16))
    assert fair.toss_distribution()[Step(-20, "back")] == F(1, 16)
    assert all(-20 <= s.squares <= 0 for s in fair.toss_distribution())
    # the simulation agrees with the enumeration (MS-06 in the vectorised tables too)
    sq, _again = TossModel(F(1, 2), F(1, 4), F(1, 4), overlap=1).sample_tosses(
        20000, np.random.default_rng(1))
    exact = TossModel(F(1, 2), F(1, 4), F(1, 4), overlap=1).toss_mean()
    assert abs(sq.mean() - float(exact)) < 0.1
    assert set(np.unique(sq)) <= {0, -1, -2, -3, -4, -20}


def test_ms07_no_face_down_gold_tosses_again():
    assert Toss.parse("up up up up").toss_again
    assert Toss.parse("up side upright upside_down").toss_again   # standing is not face down
    assert not Toss.parse("up up up down").toss_again
    assert not Toss.parse("down down down down").toss_again
    assert Toss.parse("up up up up").kind == "again"


def test_ms07_overlap_or_fall_never_tosses_again():
    assert not Toss.parse("up up up up +overlap").toss_again
    assert not Toss.parse("up up up up +fall").toss_again


def test_ms08_fallen_gold_scores_nothing():
    assert Toss.parse("up up up side +fall").squares() == 0
    assert Toss.parse("up up up side +fall +overlap").squares() == 0   # fall wins
    assert Toss.parse("up up up side +fall").kind == "nothing"


# ---- MS-09: the model -----------------------------------------------------------------
@pytest.mark.parametrize("kwargs, word", [
    (dict(face_up=-0.1, face_down=1.1), "face_up"),
    (dict(face_up=0.5, face_down=0.6), "sum to 1"),
    (dict(face_up=F(1, 2), face_down=F(1, 3)), "sum to 1"),
    (dict(face_up=0.5, face_down=0.5, overlap=1.5), "overlap"),
    (dict(face_up=0.5, face_down=0.5, fall=-0.01), "fall"),
    (dict(face_up="1/2", face_down=0.5), "face_up"),
    (dict(face_up=True, face_down=0), "face_up"),
    (dict(face_up=float("nan"), face_down=0.5), "face_up"),
])
def test_ms09_bad_probabilities_raise(kwargs, word):
    with pytest.raises(BoardkitError, match="MS-09") as err:
        TossModel(**kwargs)
    assert word in str(err.value)


def test_ms09_bad_options_raise():
    with pytest.raises(BoardkitError, match="MS-06"):
        TossModel(0.5, 0.5, overlap_back="half")
    with pytest.raises(BoardkitError, match="MS-05"):
        TossModel(0.5, 0.5, all_down_value=2.5)


def test_ms09_fair_and_realistic_presets():
    fair = TossModel.fair()
    assert fair.face_up == fair.face_down == F(1, 2)
    assert fair.side == fair.upright == fair.upside_down == fair.overlap == fair.fall == 0
    assert fair.exact and isinstance(fair.turn_mean(), F)
    real = TossModel.realistic()
    assert sum(real.face_probs.values()) == 1
    assert 0 < real.side < F(1, 10) and 0 < real.upright < real.side
    assert 0 < real.upside_down < real.upright and 0 < real.overlap < F(1, 10)
    assert 0 < real.fall < F(1, 10)
    assert "1,541" in TossModel.realistic.__doc__


def test_ms09_floats_give_floats_fractions_give_fractions():
    assert isinstance(TossModel(0.5, 0.5).turn_mean(), float)
    assert isinstance(TossModel(F(1, 2), F(1, 2)).turn_variance(), F)
    assert TossModel(0.5, 0.5).turn_mean() == pytest.approx(52 / 15)
    assert TossModel(0.3, 0.3, 0.2, 0.1, 0.1 + 1e-12).face_up == 0.3   # float tolerance


# ---- exact distributions ----------------------------------------------------------------
def _brute_force(model):
    """Every ordered toss (5^4 faces x overlap x fall) with its probability: a second,
    independent enumeration of what TossModel.outcomes() groups by multiset."""
    probs = model.face_probs
    out = {}
    for faces in itertools.product(FACES, repeat=4):
        p = math.prod((probs[f] for f in faces), start=F(1))
        for o, f in itertools.product((False, True), repeat=2):
            q = p * (model.overlap if o else 1 - model.overlap) * (model.fall if f else 1 - model.fall)
            t = Toss(faces, o, f)
            key = Step(t.squares(model.all_down_value, model.overlap_back), t.kind)
            out[key] = out.get(key, 0) + q
    return {k: v for k, v in out.items() if v}


@pytest.mark.parametrize("model", [TossModel.fair(), TossModel.realistic(),
                                   TossModel.realistic(overlap_back="face_up", all_down_value=8)])
def test_ms05_toss_distribution_matches_brute_force(model):
    assert model.toss_distribution() == _brute_force(model)
    assert sum(p for _, p in model.outcomes()) == 1


def test_ms05_fair_value_distribution_is_binomial_with_20_for_all_down():
    """Fair golds: the face-up count is Binomial(4, 1/2); a count of 0 is worth 20."""
    expected = {k: F(math.comb(4, k), 16) for k in range(1, 5)}
    expected[20] = F(1, 16)
    assert TossModel.fair().value_distribution() == expected


def test_ms07_repeat_probability():
    """A toss repeats when none of the four golds lies face down, without overlap or fall."""
    assert TossModel.fair().repeat_probability() == F(1, 16)
    m = TossModel(F(1, 2), F(1, 3), F(1, 6), overlap=F(1, 10), fall=F(1, 5))
    assert m.repeat_probability() == F(2, 3) ** 4 * F(9, 10) * F(4, 5)
    assert m.kind_probabilities()["again"] == m.repeat_probability()
    assert sum(m.kind_probabilities().values()) == 1


def test_ms07_fair_turn_mean_by_hand():
    """One fair toss: E = 2 face-up on average, plus 20 x 1/16 for four face down = 13/4.
    Tosses per turn are geometric with repeat chance 1/16: mean 16/15. Wald: 52/15."""
    m = TossModel.fair()
    assert m.toss_mean() == F(13, 4)
    assert m.expected_tosses() == F(16, 15)
    assert m.turn_mean() == F(52, 15)


def test_ms07_fair_turn_distribution_by_hand():
    """P(3 squares) = P(three up) = 1/4; 4 + 3 = 7 squares: all up, then three up = 1/16 x 1/4;
    20 squares: four down at once (1/16), 24: all up then all down (1/256)."""
    d = TossModel.fair().turn_distribution(max_repeats=3)
    assert d[3] == F(1, 4) and d[7] == F(1, 64) and d[20] == F(1, 16) and d[24] == F(1, 256)
    assert 4 not in d                    # four face up never ends a turn
    assert d.remaining == F(1, 16) ** 4
    assert sum(d.values()) + d.remaining == 1


@pytest.mark.parametrize("model", [TossModel.fair(), TossModel.realistic(),
                                   TossModel(F(1, 3), F(1, 3), F(1, 3), overlap=F(1, 4))])
def test_ms07_turn_mean_and_variance_match_the_distribution(model):
    """The renewal formulas agree with moments of the convolved distribution, up to
    the exactly known left-out tail (which only adds to the second moment)."""
    d = model.turn_distribution(max_repeats=6)
    assert sum(d.values()) + d.remaining == 1
    mass = 1 - d.remaining
    m1 = sum(k * p for k, p in d.items())
    m2 = sum(k * k * p for k, p in d.items())
    mean, var = model.turn_mean(), model.turn_variance()
    assert abs(m1 - mean) < 1e-3 and abs(m2 - m1 * m1 - var) < 1e-2 * var
    assert float(d.mean()) == pytest.approx(float(mean), abs=1e-3)
    assert mass < 1 or model.repeat_probability() == 0


def test_ms07_turn_distribution_tolerance_and_remaining():
    m = TossModel.realistic()
    d = m.turn_distribution(tol=1e-6)
    assert d.remaining <= F(1, 10 ** 6) and d.remaining == m.repeat_probability() ** (d.max_repeats + 1)
    assert min(d) < 0 and 0 in d        # overlaps move back; a fall alone moves nothing
    with pytest.raises(BoardkitError, match="MS-07"):
        m.turn_distribution(max_repeats=-1)


def test_ms07_turn_that_never_ends_raises():
    m = TossModel(1, 0)
    for f in (m.turn_mean, m.turn_variance, m.turn_distribution):
        with pytest.raises(BoardkitError, match="MS-07"):
            f()
    with pytest.raises(BoardkitError, match="MS-07"):
        m.simulate_turns(10, np.random.default_rng(0))


def test_ms07_no_repeat_model():
    m = TossModel(0, 1)
    assert m.turn_mean() == 20 and m.turn_variance() == 0
    assert dict(m.turn_distribution()) == {20: 1}


probability = st.integers(0, 20)


@settings(max_examples=25, deadline=None)
@given(st.lists(probability, min_size=5, max_size=5).filter(lambda w: sum(w) > 0 and w[1] > 0),
       st.integers(0, 10), st.integers(0, 10))
def test_ms09_any_fraction_model_is_consistent(weights, o, f):
    """Random exact models: outcomes sum to 1, distribution mass + remaining = 1, and the
    Wald mean equals the mean of repeating tosses plus the last one."""
    total = sum(weights)
    m = TossModel(*[F(w, total) for w in weights], overlap=F(o, 10), fall=F(f, 20))
    assert sum(p for _, p in m.outcomes()) == 1
    d = m.turn_distribution(max_repeats=2)
    assert sum(d.values()) + d.remaining == 1
    p, again, last = m._split()
    a = sum(k * v for k, v in again.items())
    b = sum(k * v for k, v in last.items())
    assert m.turn_mean() == p / (1 - p) * a + b


# ---- simulation -------------------------------------------------------------------------
def test_ms04_sample_is_seeded_and_follows_the_model():
    m = TossModel.realistic()
    a = [m.sample(np.random.default_rng(5)) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    rng = np.random.default_rng(11)
    counts = {}
    for _ in range(4000):
        t = m.sample(rng)
        v = t.value
        counts[v] = counts.get(v, 0) + 1
    res = chi_square_test(counts, m.value_distribution())
    assert res.p_value > 1e-4


@pytest.mark.parametrize("model", [TossModel.fair(), TossModel.realistic(),
                                   TossModel(0.25, 0.25, 0.25, 0.15, 0.1, overlap=0.3, fall=0.2)])
def test_ms05_simulated_tosses_fit_the_exact_distribution(model):
    """Chi-square of 200,000 simulated tosses against the enumerated distribution."""
    squares, again = model.sample_tosses(200_000, np.random.default_rng(3))
    exact = {}
    for step, p in model.toss_distribution().items():
        key = (step.squares, step.kind == "again")
        exact[key] = exact.get(key, 0) + p
    keys, counts = np.unique(np.stack([squares, again]), axis=1, return_counts=True)
    observed = {(int(s), bool(a)): int(c) for (s, a), c in zip(keys.T, counts)}
    res = chi_square_test(observed, exact)
    assert res.df >= 3 and res.p_value > 1e-4


def test_ms08_zero_probability_faces_never_show_in_simulation():
    squares, again = TossModel(0.5, 0.5).sample_tosses(100_000, np.random.default_rng(1))
    assert set(np.unique(squares)) <= {1, 2, 3, 4, 20}
    squares, _ = TossModel(0.5, 0.5, fall=1).sample_tosses(1000, np.random.default_rng(1))
    assert (squares == 0).all()
    squares, _ = TossModel(0.5, 0.5, overlap=1).sample_tosses(1000, np.random.default_rng(1))
    assert (squares < 0).all()


@pytest.mark.parametrize("model", [TossModel.fair(), TossModel.realistic()])
def test_ms07_simulated_turns_converge_to_the_exact_mean(model):
    squares, counts = model.simulate_turns(300_000, np.random.default_rng(7), tosses=True)
    assert squares.shape == (300_000,) and squares.dtype == np.int64
    se = squares.std() / math.sqrt(len(squares))
    assert abs(squares.mean() - float(model.turn_mean())) < 4 * se
    assert squares.var() == pytest.approx(float(model.turn_variance()), rel=0.05)
    se_n = counts.std() / math.sqrt(len(counts))
    assert abs(counts.mean() - float(model.expected_tosses())) < 4 * se_n
    assert counts.min() >= 1


def test_ms07_simulate_turns_is_seeded_and_chunk_safe():
    m = TossModel.fair()
    a = m.simulate_turns(5000, np.random.default_rng(1))
    b = m.simulate_turns(5000, np.random.default_rng(1))
    assert (a == b).all()
    # tiny chunks force many turns to straddle chunk ends: the carry must be exact
    s, c = m.simulate_turns(3000, np.random.default_rng(2), tosses=True, chunk=7)
    assert len(s) == 3000 and (c >= 1).all()
    assert set(np.unique(s)) <= {1, 2, 3, 20} | set(range(5, 200))
    assert len(m.simulate_turns(0, np.random.default_rng(1))) == 0


def test_ms07_fair_turn_squares_agree_with_toss_counts():
    """Fair golds: every repeating toss is four face up (4 squares), so a turn of c
    tosses moves 4 (c - 1) plus a last toss of 1, 2, 3 or 20."""
    s, c = TossModel.fair().simulate_turns(20_000, np.random.default_rng(4), tosses=True)
    last = s - 4 * (c - 1)
    assert set(np.unique(last)) == {1, 2, 3, 20}


def test_compare_side_by_side():
    rows = TossModel.fair().compare(100_000, np.random.default_rng(0))
    exact, sim, se = rows["squares per turn (mean)"]
    assert exact == F(52, 15) and abs(sim - 52 / 15) < 4 * se
    assert rows["chance to toss again"][0] == F(1, 16)


# ---- chi-square helper --------------------------------------------------------------------
def test_chi_square_sf_matches_published_critical_values():
    """Critical values from standard tables: 3.841 (df 1), 5.991 (df 2), 11.070 (df 5) at 5%;
    6.635 (df 1) at 1%."""
    assert chi_square_sf(3.841, 1) == pytest.approx(0.05, abs=2e-4)
    assert chi_square_sf(5.991, 2) == pytest.approx(0.05, abs=2e-4)
    assert chi_square_sf(11.070, 5) == pytest.approx(0.05, abs=2e-4)
    assert chi_square_sf(6.635, 1) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_sf(0, 3) == 1.0


def test_chi_square_test_detects_a_bias_and_validates():
    fair = {"H": 0.5, "T": 0.5}
    assert chi_square_test({"H": 50, "T": 50}, fair) == ChiSquare(0.0, 1, 1.0)
    assert chi_square_test({"H": 700, "T": 300}, fair).p_value < 1e-6
    # a count where the model gives no chance at all rejects the model outright
    assert chi_square_test([5, 3], [1, 0]).p_value == 0.0
    # rare categories are pooled: 3 categories, two expected 0.6 times -> 2 left, df 1
    res = chi_square_test([10, 1, 1], [0.9, 0.05, 0.05])
    assert res.df == 1 and res.statistic == pytest.approx((10 - 10.8) ** 2 / 10.8 + (2 - 1.2) ** 2 / 1.2)
    assert chi_square_test({"H": 1, "X": 3}, fair).p_value == 0.0
    with pytest.raises(BoardkitError):
        chi_square_test([1, 2], [0.5, 0.6])
    with pytest.raises(BoardkitError):
        chi_square_test([0, 0], [0.5, 0.5])


# ---- helpers for the notebooks: what-ifs, the lab tally, widgets, pictures -----------------
from boardkit.mawari.stats import TossTally  # noqa: E402
from boardkit.mawari.widget import tally_widget, toss_widget  # noqa: E402


def test_ms09_with_standing_splits_the_rest_evenly():
    m = TossModel.with_standing(F(1, 10), overlap=F(1, 20))
    assert m.face_up == m.face_down == F(9, 20) and m.side == F(1, 10) and m.exact
    s = m.summary()
    assert s["P(move back)"] == pytest.approx(0.05) and s["P(no move)"] == 0
    assert s["squares per turn"] == pytest.approx(float(m.turn_mean()))
    with pytest.raises(BoardkitError, match="MS-09"):
        TossModel.with_standing(1.2)


def test_ms04_tally_counts_patterns_in_any_order():
    t = TossTally.from_counts({"up down up down": 3, "down down up up": 2, "表 裏 裏 裏": 1})
    assert t.n == 6 and len(t.counts) == 2
    assert t.face_counts() == {"up": 11, "down": 13, "side": 0, "upright": 0, "upside_down": 0}
    est = t.estimate()
    assert est.face_up == F(11, 24) and est.face_down == F(13, 24) and est.overlap == 0
    assert t.rows()[0] == ("up up down down", "表 表 裏 裏", 5)


def test_ms04_tally_bad_rows_leave_it_untouched():
    t = TossTally.from_counts({"up up down down": 3})
    for bad, times in [("up up down", 1), ("up up down down", -1), ("up up down down", 1.5),
                       (42, 1)]:
        with pytest.raises(FormatError):
            t.add(bad, times)
    assert t.n == 3 and len(t.counts) == 1
    with pytest.raises(BoardkitError):
        TossTally().estimate()


def test_ms09_tally_tests_tell_models_apart():
    """A big tally drawn from the realistic model fits it and rejects the fair model;
    its flat tosses are tested on face up / face down alone."""
    rng = np.random.default_rng(9)
    real = TossModel.realistic()
    t = TossTally.from_tosses(real.sample(rng) for _ in range(3000))
    fits = t.test(real)
    assert all(r.p_value > 1e-4 for r in fits.values())
    assert t.test(TossModel.fair())["single golds"].p_value == 0.0
    flat = t.only_flat()
    assert 0 < flat.n < t.n and all(set(x.faces) <= {"up", "down"} for x in flat.counts)
    share, low, high = t.shares()["up"]
    assert low < 0.49 < high and low < share < high


def test_ms07_toss_widget_tosses_and_tracks_turns():
    w = toss_widget(TossModel.fair(), seed=3)
    for _ in range(40):
        w.toss()
    assert len(w.state["turns"]) >= 30 and "average per turn" in w.children[2].value
    assert "<svg" in w.children[1].value


def test_ms04_tally_widget_adds_and_reports_errors():
    w = tally_widget(TossModel.fair())
    w.text.value = "up up down down"
    w.add()
    w.text.value = "up up sideways down"
    w.add()
    assert "MS-04" in w.children[1].value and w.tally.n == 1
    w.text.value = "表 表 表 裏"
    w.add()
    assert w.tally.n == 2 and "2 tosses" in w.children[1].value


def test_ms04_toss_picture_is_deterministic_svg():
    t = Toss.parse("up down side upright +overlap")
    svg = t._repr_svg_()
    assert svg == t.draw().to_svg() and "重なり" in svg and svg.startswith("<svg")


def test_ms04_patterns_are_the_70_multisets():
    """C(8, 4) = 70 ways to put four unordered golds into five faces; they sum to 1, and
    a model where every toss overlaps still has a value distribution (MS-06 edge case)."""
    m = TossModel(F(1, 5), F(1, 5), F(1, 5), F(1, 5), F(1, 5))
    assert len(m.patterns()) == math.comb(8, 4) and sum(m.patterns().values()) == 1
    always = TossModel(F(1, 2), F(1, 2), overlap=1)
    assert always.value_distribution() == TossModel.fair().value_distribution()
    assert always.kind_probabilities()["back"] == 1


def test_compare_needs_turns():
    with pytest.raises(BoardkitError):
        TossModel.fair().compare(1, np.random.default_rng(0))
    with pytest.raises(BoardkitError):
        TossModel.fair().simulate_turns(-5, np.random.default_rng(0))


def test_ms05_what_if_widget_recomputes_on_slider_moves():
    from boardkit.mawari.widget import what_if_widget
    w = what_if_widget()
    before = w.children[-1].value
    assert "3.467" in before                        # fair golds: 52/15 squares per turn
    w.sliders["all_down_value"].value = 0          # MS-05 option: 32/15 = 2.133
    assert "2.133" in w.children[-1].value


@pytest.mark.parametrize("model", [
    TossModel.fair(), TossModel.realistic(), TossModel.realistic(overlap_back="whole_value"),
    TossModel(F(1, 2), F(1, 2), overlap=F(1, 10)), TossModel(F(1, 2), F(1, 2), fall=F(1, 7)),
    TossModel(F(1, 4), F(3, 4), overlap=F(1, 3), fall=1), TossModel(1, 0, overlap=F(1, 2)),
    TossModel(0.3, 0.3, 0.2, 0.1, 0.1, 0.05, 0.02, all_down_value=7)])
def test_ms07_simulate_turns_groups_the_tosses_of_sample_tosses(model):
    """The fast turn loop (issue 14: tables cached per model, turn sums from a running
    total) gives exactly the turns made by grouping sample_tosses' tosses by hand: the
    same random numbers, the same seed, the same result (MS-07)."""
    n = 2000
    m = int(n * float(model.expected_tosses()) * 1.05) + 64      # simulate_turns' chunk
    squares, again = model.sample_tosses(m, np.random.default_rng(11), chunk=m)
    turns, counts, s, c = [], [], 0, 0
    for sq, ag in zip(squares.tolist(), again.tolist()):
        s, c = s + sq, c + 1
        if not ag:
            turns.append(s)
            counts.append(c)
            s, c = 0, 0
    assert len(turns) >= n, "the test assumes one chunk holds n turns"
    got, got_counts = model.simulate_turns(n, np.random.default_rng(11), tosses=True)
    assert got.tolist() == turns[:n] and got_counts.tolist() == counts[:n]
    assert model._kernel is model._kernel                        # built once per model
