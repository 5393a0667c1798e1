"""Perft (legal-move tree sizes) of the checkers engine against published and
independently derived numbers (CK-02, CK-06, CK-07, CK-14).

Published start-position counts (whole multi-jump = one move):
- 8x8 American checkers: 7, 49, 302, 1469, 7361, 36768, 179740, 845931 (depths 1..8),
  e.g. the perft tables of the checkers programming community (Aart Bik's "Perft for
  Checkers", Cake/KingsRow engines).
- 10x10 international draughts: 9, 81, 658, 4265, 27117, 167140, 1049442 (depths 1..7),
  Scan / the FMJD engines' perft with captures of the same pieces to the same square
  counted once.
Only the cheap depths are asserted here (fast); the deeper ones were run by hand with
benchmarks/checkers_perft.py and match.

No-forced rules have no published table; the counts below come from the py-draughts
library (whose American board makes captures optional), run in a scratch venv
(/tmp/bench-py-draughts, py-draughts 1.x): see benchmarks/checkers_perft.py. They are
also checked against this repository's naive reference generator in
test_checkers_property.py.
"""
import pytest

from boardkit import FormatError
from boardkit.checkers import CheckersGame, CheckersRules, perft

AMERICAN = [7, 49, 302, 1469, 7361, 36768]
INTERNATIONAL = [9, 81, 658, 4265, 27117]


@pytest.mark.parametrize("depth,count", list(enumerate(AMERICAN, 1)))
def test_ck02_ck06_american_perft_start(depth, count):
    """CK-02 setup + CK-06 forced capture: published 8x8 perft."""
    assert perft(CheckersGame(CheckersRules.american()), depth) == count


@pytest.mark.parametrize("depth,count", list(enumerate(INTERNATIONAL, 1)))
def test_ck06_ck07_international_perft_start(depth, count):
    """CK-06 majority capture, CK-07 duplicates counted once: published 10x10 perft."""
    assert perft(CheckersGame(CheckersRules.international()), depth) == count


def test_ck14_perft_depth_zero_and_bad_depth():
    g = CheckersGame()
    assert perft(g, 0) == 1
    with pytest.raises(FormatError, match="depth"):
        perft(g, -1)


def test_ck14_perft_does_not_change_the_game():
    g = CheckersGame()
    g.play("11-15")
    before = (g.fen(), g.history)
    perft(g, 3)
    assert (g.fen(), g.history) == before


def test_ck06_perft_matches_legal_moves_tree():
    """perft's fast internal path agrees with the public legal_moves/push/pop."""
    def slow(game, depth):
        if depth == 0:
            return 1
        total = 0
        for m in game.legal_moves():
            game.push(m)
            total += slow(game, depth - 1)
            game.pop()
        return total

    for rules in (CheckersRules.american(), CheckersRules.no_forced(), CheckersRules.international()):
        g = CheckersGame(rules)
        assert slow(g, 3) == perft(g, 3)
