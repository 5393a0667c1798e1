"""A turn's dice (resolve_chance) are drawn straight from the bit generator (game.py
``_draw_dice``): the same numbers as ``int(rng.integers(1, 7))`` twice, and the same
generator state after, so seeded games and every draw after them are unchanged."""
import pickle
import threading

import numpy as np
import pytest

from boardkit.backgammon import BackgammonGame
from boardkit.backgammon import game as G

BIT_GENERATORS = (np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937,
                  np.random.Philox, np.random.SFC64)


@pytest.mark.parametrize("bitgen", BIT_GENERATORS, ids=lambda b: b.__name__)
def test_draws_and_state_as_integers(bitgen):
    for seed in range(5):
        a, b = np.random.Generator(bitgen(seed)), np.random.Generator(bitgen(seed))
        for i in range(300):
            assert G._draw_dice(a) == (int(b.integers(1, 7)), int(b.integers(1, 7)))
            if i % 7 == 0:          # other draws in between (a harness's pick)
                assert a.integers(13) == b.integers(13)
                assert a.random() == b.random()
        assert pickle.dumps(a.bit_generator.state) == pickle.dumps(b.bit_generator.state)


def test_rejected_draws_drawn_again():
    # Lemire's method rejects a 32-bit draw x when (6 x) mod 2**32 < 4 (x = 0 does)
    seq = iter([0, 0, 2**31 + 1, 5, 2**32 - 1])
    # an object offering a Generator's integers() (resolve_chance refuses any other)
    fake = type("Fake", (), {"integers": lambda self, *a: None})()
    saved = G._DRAW
    try:
        G._DRAW = (fake, lambda st: next(seq), None, threading.Lock())
        assert G._draw_dice(fake) == (4, 1)     # 0, 0 rejected; 6 (2**31 + 1) >> 32 = 3; 5: 0
        assert next(seq) == 2**32 - 1
        # resolve_chance draws through it too
        seq = iter([0, 0, 2**31 + 1, 5, 2**32 - 1])
        g = BackgammonGame().set_dice(3, 1)
        g.play(g.legal_moves()[0])
        while not g.chance_pending():
            g.play(g.legal_moves()[0])
        assert g.resolve_chance(fake) == (4, 1) and g.dice == (4, 1)
        assert next(seq) == 2**32 - 1
    finally:
        G._DRAW = saved


def test_other_generators_take_integers():
    class Dice:
        def __init__(self):
            self.calls = 0

        def integers(self, lo, hi):
            self.calls += 1
            return 6 if self.calls % 2 else 2

    g = BackgammonGame().set_dice(3, 1)
    g.play(g.legal_moves()[0])
    while not g.chance_pending():   # the cube step: "roll"
        g.play(g.legal_moves()[0])
    d = Dice()
    assert g.resolve_chance(d) == (6, 2) and d.calls == 2


def test_seeded_games_as_rng_integers():
    # the same game as with the plain draws (rng.integers wrapped: not a Generator)
    class Wrapped:
        def __init__(self, seed):
            self.rng = np.random.default_rng(seed)

        def integers(self, *a, **k):
            return self.rng.integers(*a, **k)

    for seed in range(3):
        hist = []
        for rng in (np.random.default_rng(seed), Wrapped(seed)):
            g = BackgammonGame()
            while not g.is_over():
                if g.chance_pending():
                    g.resolve_chance(rng)
                    continue
                moves = g.legal_moves()
                g.play(moves[int(rng.integers(len(moves)))])
            hist.append([str(h) for h in g.history])
        assert hist[0] == hist[1]
