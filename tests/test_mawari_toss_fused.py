"""simulate_turns' two paths (MS-07 turns): the numba loop (boardkit/mawari/_fused.py,
the ``fast`` extra, which the test extra installs) and the numpy pipeline must give the
same turns, toss counts and generator state, bit for bit."""
import importlib.util
from fractions import Fraction as F

import numpy as np
import pytest

from boardkit import BoardkitError
from boardkit.mawari import toss
from boardkit.mawari.toss import TossModel

MODELS = [TossModel.fair(), TossModel.realistic(), TossModel.fair(overlap=F(1, 10)),
          TossModel(F(1, 2), F(1, 2), fall=F(1, 30)),
          TossModel.realistic(overlap_back="whole_value", all_down_value=7),
          TossModel.with_standing(0.05, 0.02, 0.01), TossModel(0.4, 0.3, 0.2, 0.05, 0.05, 0.1),
          TossModel(F(9, 10), F(1, 10)), TossModel(F(0), F(1, 3), 0, F(2, 3)),
          TossModel(F(0), F(1))]
BIT_GENERATORS = (np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937, np.random.Philox,
                  np.random.SFC64)


@pytest.fixture
def fused():
    f = toss._fused_simulate()
    assert f is not None, "numba is installed with the test extra: the compiled loop must load"
    return f


def numpy_turns(model, n, rng, **kw):
    saved = toss._FUSED
    toss._FUSED = False
    try:
        return model.simulate_turns(n, rng, **kw)
    finally:
        toss._FUSED = saved


def same(model, n, seed, bitgen=np.random.PCG64, **kw):
    r1, r2 = np.random.Generator(bitgen(seed)), np.random.Generator(bitgen(seed))
    a = numpy_turns(model, n, r1, **kw)
    b = model.simulate_turns(n, r2, **kw)
    a, b = (a, b) if kw.get("tosses") else ((a,), (b,))
    assert all(x.dtype == y.dtype == np.int64 and np.array_equal(x, y) for x, y in zip(a, b))
    # the generators stand at the same place (MT19937's state holds arrays: compare draws)
    assert np.array_equal(r1.bit_generator.random_raw(8), r2.bit_generator.random_raw(8))
    return b[0]


def test_the_loader_finds_numba_exactly_when_it_is_importable(monkeypatch):
    monkeypatch.setattr(toss, "_FUSED", None)
    found = toss._fused_simulate() is not None
    assert found == (importlib.util.find_spec("numba") is not None)
    monkeypatch.setattr(toss, "_FUSED", None)
    monkeypatch.setenv("BOARDKIT_NUMBA", "0")          # switched off: the numpy pipeline
    assert toss._fused_simulate() is None


def test_a_loop_that_cannot_compile_here_falls_back_to_numpy(monkeypatch, fused):
    """numba installed but unable to compile or cache (e.g. no writable cache directory):
    the lesson goes on with the numpy pipeline instead of raising."""
    from boardkit.mawari import _fused

    def broken(*args):
        raise RuntimeError("cannot cache function: no locator available")
    monkeypatch.setattr(_fused, "simulate_turns", broken)
    monkeypatch.setattr(toss, "_FUSED", None)
    assert toss._fused_simulate() is None
    a = TossModel.fair().simulate_turns(500, np.random.default_rng(1))
    monkeypatch.setattr(toss, "_FUSED", fused)
    assert np.array_equal(a, TossModel.fair().simulate_turns(500, np.random.default_rng(1)))


@pytest.mark.parametrize("model", MODELS, ids=lambda m: f"{m.face_probs}"[:40])
def test_ms07_compiled_loop_equals_numpy_pipeline(model, fused):
    """Sizes around the 64k chunk edge; tiny chunks so that turns span chunks; with and
    without toss counts; models with and without overlap/fall events and standing golds."""
    for seed in range(2):
        for n in (0, 1, 2, 7, 64, 4999, 65_536, 70_000, 200_003):
            for chunk in ((1 << 16, 7, 1000) if n < 5000 else (1 << 16,)):
                for tosses in (False, True):
                    same(model, n, seed, chunk=chunk, tosses=tosses)


@pytest.mark.parametrize("bitgen", BIT_GENERATORS, ids=lambda b: b.__name__)
def test_compiled_loop_draws_like_numpy_for_every_bit_generator(bitgen, fused):
    for model in (TossModel.fair(), TossModel.realistic()):
        turns = same(model, 30_000, 3, bitgen, tosses=True)
        assert abs(turns.mean() - float(model.turn_mean())) < 5 * turns.std() / 30_000 ** 0.5


def test_a_generator_subclass_takes_the_numpy_path(fused):
    class Recording(np.random.Generator):
        calls = 0

        def random(self, *a, **k):
            Recording.calls += 1
            return super().random(*a, **k)
    r1, r2 = Recording(np.random.PCG64(5)), np.random.default_rng(5)
    a = TossModel.fair().simulate_turns(1000, r1)
    assert Recording.calls > 0                   # it drew through the Python method
    assert np.array_equal(a, TossModel.fair().simulate_turns(1000, r2))


@pytest.mark.parametrize("chunk", [0, -3, 1.5, True, "64", 10 ** 12])
def test_bad_chunk_is_refused_and_draws_nothing(chunk):
    rng = np.random.default_rng(0)
    before = rng.bit_generator.state
    with pytest.raises(BoardkitError, match="chunk"):
        TossModel.fair().simulate_turns(10, rng, chunk=chunk)
    assert rng.bit_generator.state == before


def test_threads_sharing_a_generator_draw_each_number_once(fused):
    """The compiled loop holds the generator's lock as numpy's draws do: two threads
    simulating from one generator consume exactly the numbers of two calls in a row."""
    import threading
    model, n = TossModel.realistic(), 300_000
    shared = np.random.default_rng(9)
    threads = [threading.Thread(target=model.simulate_turns, args=(n, shared)) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    alone = np.random.default_rng(9)
    model.simulate_turns(n, alone)
    model.simulate_turns(n, alone)
    assert np.array_equal(shared.bit_generator.random_raw(8), alone.bit_generator.random_raw(8))
