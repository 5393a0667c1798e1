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

No-forced rules have no published table: 7, 49, 379, 2872, 23582 (depths 1..5) are the
counts of the py-draughts library (its American board makes captures optional), run in
a scratch venv (/tmp/bench-py-draughts, py-draughts 1.10.1). The naive reference
generator of test_checkers_property.py checks every preset move by move as well.
"""
import pytest

from boardkit import FormatError
from boardkit.checkers import CheckersGame, CheckersRules, perft

AMERICAN = [7, 49, 302, 1469, 7361, 36768]
INTERNATIONAL = [9, 81, 658, 4265, 27117]
NO_FORCED = [7, 49, 379, 2872, 23582]


@pytest.mark.parametrize("depth,count", list(enumerate(AMERICAN, 1)))
def test_ck02_ck06_american_perft_start(depth, count):
    """CK-02 setup + CK-06 forced capture: published 8x8 perft."""
    assert perft(CheckersGame(CheckersRules.american()), depth) == count


@pytest.mark.parametrize("depth,count", list(enumerate(INTERNATIONAL, 1)))
def test_ck06_ck07_international_perft_start(depth, count):
    """CK-06 majority capture, CK-07 duplicates counted once: published 10x10 perft."""
    assert perft(CheckersGame(CheckersRules.international()), depth) == count


@pytest.mark.parametrize("depth,count", list(enumerate(NO_FORCED, 1)))
def test_ck14_no_forced_perft_start(depth, count):
    """CK-14 no_forced: captures optional (py-draughts' counts)."""
    assert perft(CheckersGame(CheckersRules.no_forced()), depth) == count


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
            game._push(m)
            total += slow(game, depth - 1)
            game._pop()
        return total

    for rules in (CheckersRules.american(), CheckersRules.no_forced(), CheckersRules.international()):
        g = CheckersGame(rules)
        assert slow(g, 3) == perft(g, 3)


# Tricky positions (king loops, crowning by a jump, flying kings, majority captures),
# counted by peer libraries in scratch venvs (never by this engine):
#   no_forced and international, depths 1-3: py-draughts 1.10.1 (AmericanBoard makes
#   captures optional; StandardBoard is international) -- /tmp/xcheck_pyd.py, 41
#   positions compared, all equal, including random mid-game positions;
#   american (forced), depths 1-2: pydraughts 0.6.7 variant "english". pydraughts does
#   not merge the two directions round a king loop, so it gives one move more there
#   (B:W6,7,14,15,22,23:BK1,K10,18 -> 5, 23 and B:W14,15,22,23:BK10 -> 2); the
#   counts below use the merged convention of the published perft tables.
PEERS = [
    ("no_forced", "W:W5,8,10,16,21,24,K12:B6,17,26,27,K31,K32", [9, 42, 351]),
    ("no_forced", "B:W14,15,22,23:BK10", [3, 16, 62]),
    ("no_forced", "B:W26,27:B22", [2, 6, 12]),
    ("no_forced", "W:W18,19,K26,27,28:B10,K14,15,K23", [8, 54, 404]),
    ("international", "W:WK46,K50,28:BK5,22,23,32,33", [4, 29, 142]),
    ("international", "W:WK46:B37,28,19,30,40,20,9,13", [1, 3, 21]),
    ("international", "B:W7,8,K33,39,44:BK3,12,13,23,24,K48", [1, 3, 9]),
    ("international", "W:WK47,K26:B7,12,17,18,21,22,31,32,36,37,41", [7, 47, 412]),
    ("american", "W:W6,13,16,25,26,28,30,31,32:B8,9", [11, 30]),
    ("american", "W:W18,19,K26,27,28:B10,K14,15,K23", [2, 7]),
    ("american", "B:W26,27:B22", [1, 2]),
    ("american", "B:W6,7,14,15,22,23:BK1,K10,18", [4, 22]),
]


@pytest.mark.parametrize("preset,fen,counts", PEERS)
def test_ck07_ck08_ck09_perft_tricky_positions_match_peers(preset, fen, counts):
    """CK-07 loops and blocking, CK-08 crowning, CK-09 flying kings: perft of tricky
    positions equals the peer libraries' counts."""
    g = CheckersGame(getattr(CheckersRules, preset)(), fen=fen)
    assert [perft(g, d) for d in range(1, len(counts) + 1)] == counts
