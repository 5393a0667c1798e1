"""Move generation cross-checked against GNU Backgammon and OpenSpiel (BG-06, BG-08, BG-16).

Provenance of the numbers and lists used here (none of them come from boardkit):

* START_COUNTS: distinct legal plays from the start position for the 21 rolls, listed by
  GNU Backgammon 1.07.001's hint (0 ply, pruning off; benchmarks/backgammon_gnubg_moves.py).
  OpenSpiel 1.x gives the same numbers for the 15 non-doubles (its opening roll has no
  doubles; benchmarks/backgammon_crosscheck.py also compared the sets of resulting
  positions on 10,000 turns of random OpenSpiel games, doubles included: no mismatch).
* tests/data/backgammon_gnubg_moves.json: gnubg's complete list of plays, in its own
  notation, for the start position with every roll and for the 146 positions of a
  5-point match gnubg played against itself (tests/data/backgammon_gnubg_games.json).
"""
from __future__ import annotations

import json
import pathlib

import pytest

from boardkit.backgammon import BackgammonGame

START_COUNTS = {
    "6-6": 11, "6-5": 7, "6-4": 14, "6-3": 14, "6-2": 14, "6-1": 10,
    "5-5": 4, "5-4": 9, "5-3": 9, "5-2": 8, "5-1": 8,
    "4-4": 52, "4-3": 17, "4-2": 18, "4-1": 14,
    "3-3": 73, "3-2": 17, "3-1": 16,
    "2-2": 75, "2-1": 15,
    "1-1": 42,
}

CASES = json.loads((pathlib.Path(__file__).parent / "data" / "backgammon_gnubg_moves.json")
                   .read_text())["cases"]


@pytest.mark.parametrize("roll", sorted(START_COUNTS))
def test_bg08_start_position_play_counts(roll):
    """BG-06/BG-08: the number of distinct plays from the start, for every roll."""
    a, b = (int(x) for x in roll.split("-"))
    assert len(BackgammonGame().set_dice(a, b).legal_moves()) == START_COUNTS[roll]
    assert len(BackgammonGame().set_dice(b, a).legal_moves()) == START_COUNTS[roll]


def test_bg16_every_play_and_its_text_as_gnubg_lists_them():
    """BG-08/BG-16: in 167 positions (start x 21 rolls, and a whole gnubg match) the set of
    legal plays, written in standard notation, equals GNU Backgammon's list exactly."""
    assert len(CASES) == 167
    for case in CASES:
        g = BackgammonGame.from_position_id(case["position_id"])
        g.set_dice(*case["dice"])
        ours = sorted(str(p) for p in g.legal_moves())
        theirs = case["plays"] or ["(no play)"]
        assert ours == theirs, (case["position_id"], case["dice"])
