"""GNU Backgammon Position IDs and Match IDs (BG-17), checked against gnubg itself.

tests/data/backgammon_gnubg_games.json holds a 5-point match that GNU Backgammon 1.07
played against itself (made by benchmarks/backgammon_gnubg_records.py): before every
action gnubg wrote the Position ID, who acts, the dice and its play. Replaying it
through boardkit checks our IDs, our move parsing, that each of gnubg's plays is one
of our legal plays, the cube and the Crawford game, and the final score.
"""
from __future__ import annotations

import json
import pathlib

import numpy as np
import pytest

from boardkit import FormatError
from boardkit.backgammon import BackgammonGame, BackgammonRules
from boardkit.backgammon.notation import (
    decode_match_id,
    decode_position_id,
    encode_match_id,
    encode_position_id,
)

DATA = json.loads((pathlib.Path(__file__).parent / "data" / "backgammon_gnubg_games.json").read_text())
SEAT = {"O": 0, "X": 1}      # gnubg's player 0 is "O"


def test_bg17_start_position_id():
    """BG-17: the start position is 4HPwATDgc/ABMA, both ways."""
    g = BackgammonGame()
    assert g.position_id() == "4HPwATDgc/ABMA"
    g2 = BackgammonGame.from_position_id("4HPwATDgc/ABMA")
    assert g2.position() == g.position()


def test_bg17_match_ids_written_by_gnubg():
    """BG-17: Match IDs gnubg 1.07 printed: money game, opening 4-1 for player 0, then after
    13/9 6/5; and the manual's example (9-point match, 2-4, player 0 owns a 2-cube,
    player 1 rolled 5-2)."""
    g = BackgammonGame(BackgammonRules.money(jacoby=True)).set_dice(4, 1)   # gnubg's default
    assert g.match_id() == "MAEGAAAAAAAA"
    g.play("13/9 6/5")
    assert g.position_id() == "0HPhATDgc/ABMA"
    assert g.match_id() == "cAkAAAAAAAAA"
    info = decode_match_id("QYkqASAAIAAA")
    assert info["cube"] == 2 and info["cube_owner"] == 0
    assert info["roller"] == 1 and info["turn"] == 1 and info["dice"] == (5, 2)
    assert info["match_length"] == 9 and info["score"] == (2, 4) and not info["crawford"]


def test_bg17_match_id_round_trip_through_game():
    """BG-17: a game loaded from Position ID + Match ID writes the same IDs back."""
    pid = "4HPwATDgc/ABMA"
    g = BackgammonGame.from_position_id(pid, "QYkqASAAIAAA")
    assert g.rules.match_length == 9 and g.score == (2, 4)
    assert g.cube_value == 2 and g.cube_owner == 0 and g.turn == 1 and g.dice == (5, 2)
    # the manual's example predates bit 66; gnubg 1.07 sets it in every match (no Jacoby)
    assert g.match_id() == "QYkqASAAIAAE" and g.position_id() == pid
    assert BackgammonGame.from_position_id(pid, "QYkqASAAIAAE").match_id() == "QYkqASAAIAAE"
    assert len(g.legal_moves()) == 8          # 5-2 from the start: 8 distinct plays


@pytest.mark.parametrize("k", range(len(DATA["games"])))
def test_bg17_replay_gnubg_match(k):
    """BG-17 (with BG-08, BG-12, BG-14, BG-16): replay gnubg's own game record."""
    game = DATA["games"][k]
    info = game["info"]
    score = (info["score-O"], info["score-X"])
    crawford = bool(info.get("crawford"))
    recs = game["records"]
    first = recs[0]
    g = BackgammonGame.from_position_id(first["board"], turn=SEAT[first["player"]],
                                        rules=BackgammonRules.match(5),
                                        score=score, crawford=crawford)  # the match context
    for r in recs:
        who = SEAT[r["player"]]
        if r["action"] == "move":
            assert g.roller == who
            assert g.position_id() == r["board"]
            if g.phase == "cube":
                g.play("roll")
            g.set_dice(*r["dice"])
            text = " ".join(f"{'bar' if a == 25 else a}/{'off' if b == 0 else b}"
                            for a, b in r["move"] if (a, b) != (0, 0)) or "(no play)"
            g.play(text)                               # raises unless one of our plays
        elif r["action"] == "double":
            assert g.turn == who and g.position_id() == r["board"]
            g.play("double")
        elif r["action"] == "take":
            assert g.turn == who
            g.play("take")
        elif r["action"] == "drop":
            assert g.turn == who
            g.play("pass")
        elif r["action"] == "resign":
            break
    if not info["resigned"]:
        out = g.outcome()
        assert out is not None and out.winner == SEAT[info["winner"]]
        assert min(out.points, 5 - score[out.winner]) == info["points-won"]
    if crawford:
        assert all(r["action"] not in ("double", "take", "drop") for r in recs)


def test_bg17_round_trip_random_positions():
    """BG-17: Position IDs round-trip over positions from random games."""
    rng = np.random.default_rng(5)
    g = BackgammonGame()
    seen = 0
    for _ in range(3000):
        if g.is_over():
            g = BackgammonGame()
        if g.chance_pending():
            g.resolve_chance(rng)
            continue
        moves = g.legal_moves()
        g.play(moves[rng.integers(len(moves))] if str(moves[0]) != "roll" else moves[0])
        mine, theirs = g.position()
        pid = g.position_id()
        assert len(pid) == 14
        assert decode_position_id(pid) == (mine, theirs)
        if not g.is_over():
            assert BackgammonGame.from_position_id(pid, turn=g.roller).position() == (mine, theirs)
        seen += 1
    assert seen > 1000


@pytest.mark.parametrize("bad", ["", "4HPwATDgc/ABM", "4HPwATDgc/ABMA!", "4HPw ATDgc/ABM",
                                 "//////////////", 1234, "4HPwATDgc/ABMAA"])
def test_bg17_malformed_position_ids(bad):
    """BG-17: malformed Position IDs raise FormatError naming the format."""
    with pytest.raises(FormatError, match="Position ID"):
        BackgammonGame.from_position_id(bad)


@pytest.mark.parametrize("bad", ["", "QYkqASAAIAA", "QYkqASAAIAA?", "////////////"])
def test_bg17_malformed_match_ids(bad):
    """BG-17: malformed or impossible Match IDs raise FormatError naming the format."""
    with pytest.raises(FormatError, match="Match ID"):
        decode_match_id(bad)


def test_bg17_too_many_checkers_rejected():
    """BG-17: an ID giving a side more than 15 checkers is refused (BG-02)."""
    side = [0] * 26
    side[6] = 16
    ok = [0] * 26
    ok[6] = 15
    with pytest.raises(FormatError, match="Position ID"):
        decode_position_id(encode_position_id(ok, side))


GNUBG_IDS = json.loads((pathlib.Path(__file__).parent / "data"
                        / "backgammon_gnubg_match_ids.json").read_text())


def test_bg17_gnubg_match_ids_round_trip():
    """BG-17: every Match ID gnubg 1.07 wrote (410 records of four matches: Crawford
    games, doubles waiting for an answer, finished and resigned games) reads and
    writes back exactly as fields, and every one in play loads as a game that writes
    both IDs back."""
    loaded = 0
    pairs = [x[2:] for x in GNUBG_IDS["ids"]] + GNUBG_IDS["session"]
    for pid, mid in pairs:
        assert encode_match_id(decode_match_id(mid)) == mid
        if decode_match_id(mid)["state"] == 1:
            g = BackgammonGame.from_position_id(pid, mid)
            assert (g.position_id(), g.match_id()) == (pid, mid)
            loaded += 1
    assert loaded >= 400


def test_bg17_bit_66_jacoby():
    """BG-17: bit 66 is set when the Jacoby rule is NOT in use, as gnubg writes it: a
    match and a money game without Jacoby end in E, a money game with it in A."""
    assert BackgammonGame(BackgammonRules.match(5)).set_dice(3, 1).match_id()[-1] == "E"
    assert BackgammonGame(BackgammonRules.money()).match_id()[-1] == "E"
    assert BackgammonGame(BackgammonRules.money(jacoby=True)).match_id()[-1] == "A"
    assert BackgammonGame.from_position_id("4HPwATDgc/ABMA", "MAEXAAAAAAAA").rules.jacoby
    assert not BackgammonGame.from_position_id("4HPwATDgc/ABMA", "cIkSAAAAAAAE").rules.jacoby


def test_bg17_no_game_state():
    """BG-17: gnubg's state 0 ("no game": before a game's opening roll) is read as the
    next game of the match and written back."""
    info = decode_match_id("cImuAAAAAAAE")
    info.update(state=0, dice=None, roller=0, turn=0, score=(2, 1))
    mid = encode_match_id(info)
    g = BackgammonGame.from_position_id("4HPwATDgc/ABMA", mid)
    assert g.phase == "opening" and g.score == (2, 1) and g.rules.match_length == 5
    assert g.match_id() == mid
    with pytest.raises(FormatError, match="state 0"):
        BackgammonGame.from_position_id("0HPhATDgc/ABMA", mid)


def test_bg17_pending_resignation_refused():
    """BG-17: a Match ID with a resignation waiting for an answer is read as fields
    (resign 1..3) but refused as a game, naming the resignation; nothing is dropped."""
    info = decode_match_id("cImuAAAAAAAE")
    for r in (1, 2, 3):
        info["resign"] = r
        mid = encode_match_id(info)
        assert decode_match_id(mid)["resign"] == r
        with pytest.raises(FormatError, match="resignation"):
            BackgammonGame.from_position_id("4HPwATDgc/ABMA", mid)
