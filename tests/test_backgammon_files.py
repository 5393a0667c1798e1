"""Backgammon match files (.mat) as GNU Backgammon and other programs write them:
read, replayed move by move in boardkit's engine, written back; malformed files refused
with the line named.

tests/data/real/backgammon/ holds the files (SOURCES.md says where each comes from).
"""
from __future__ import annotations

import json
import pathlib
import time

import pytest

from boardkit import FormatError
from boardkit.backgammon.matfile import MatMatch, read_mat, replay_mat, write_mat
from boardkit.backgammon.notation import decode_match_id

HERE = pathlib.Path(__file__).parent
REAL = sorted((HERE / "data" / "real" / "backgammon").glob("*.mat"))
GNUBG = [p for p in REAL if p.name.startswith("gnubg_")]


def test_corpus_present():
    assert len(REAL) >= 4 and (HERE / "data" / "real" / "backgammon" / "SOURCES.md").exists()


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_real_file_read_replayed_round_trip(path):
    """Every file reads, every play is legal in boardkit's engine, every game that the
    file finishes ends with the winner and points the file gives, the score of each
    game follows from the one before, and writing it back reads as the same match."""
    m = read_mat(path.read_bytes())
    games = replay_mat(m)
    assert len(games) == len(m.games) >= 1
    for k, (gm, steps) in enumerate(zip(m.games, games)):
        assert len(steps) == len(gm.actions) + 1
        last = steps[-1]
        if last.is_over():
            assert (last.outcome().winner, last.outcome().points) == (gm.winner, gm.points)
        if k + 1 < len(m.games) and gm.winner is not None and m.length:
            nxt = list(gm.score)
            nxt[gm.winner] = min(m.length, nxt[gm.winner] + gm.points)
            assert tuple(nxt) == m.games[k + 1].score
    again = read_mat(write_mat(m))
    assert again.games == m.games and again.length == m.length and again.players == m.players


@pytest.mark.parametrize("path", GNUBG, ids=lambda p: p.name)
def test_gnubg_export_written_back_byte_for_byte(path):
    """write_mat writes gnubg's layout: a gnubg export comes back unchanged."""
    text = path.read_text()
    assert write_mat(read_mat(text)) == text


@pytest.mark.parametrize("path", GNUBG, ids=lambda p: p.name)
def test_replay_matches_gnubg_ids(path):
    """The replayed positions of each gnubg match file include every (Position ID,
    Match ID) that gnubg itself gave at the records of that match, in play."""
    doc = json.loads((HERE / "data" / "backgammon_gnubg_match_ids.json").read_text())
    steps = replay_mat(path.read_text())
    in_play = [(x[1], x[2], x[3]) for x in doc["ids"] if x[0] == path.name
               and decode_match_id(x[3])["state"] == 1]
    assert len(in_play) >= 30
    seen = {(k, g.position_id(), g.match_id()) for k, game in enumerate(steps) for g in game
            if not g.is_over()}
    missing = [x for x in in_play if x not in seen]
    assert not missing, missing[:3]


def test_steps_show_on_the_board():
    """A replayed step is a BackgammonGame: it draws (SVG), the widget shows it, and it
    gives its IDs."""
    steps = replay_mat(GNUBG[0].read_text())[0]
    assert steps[0].phase == "opening" and steps[1].phase != "opening"
    assert "<svg" in steps[5]._repr_svg_()
    from boardkit.backgammon.widget import BackgammonWidget
    w = BackgammonWidget(steps[5])
    assert w.game.position_id() == steps[5].position_id()
    assert len(steps[5].position_id()) == 14


VARIANTS = """; [Site "example"]
 3 point match

 Game 1
 Alice : 0                       Bob : 0
  1) 31: 8/5 6/5\t\t42: 8/4 6/4
  2) 64: 24/off 13/9
"""


def test_lenient_reading_variants():
    """Tabs between columns, 'off'/'bar', 'Passes' read; a play that is not legal is
    refused naming its line."""
    text = """ 3 point match

 Game 1
 Alice : 0                       Bob : 0
  1) 31: 8/5 6/5\t\t42: 8/4 6/4
  2)  Doubles => 2\t\tPasses
      Wins 1 point
"""
    m = read_mat(text)
    assert [a.kind for a in m.games[0].actions] == ["move", "move", "double", "drop"]
    assert [a.player for a in m.games[0].actions] == [0, 1, 0, 1]
    steps = replay_mat(m)[0]
    assert steps[-1].is_over() and steps[-1].outcome().winner == 0
    bad = text.replace("42: 8/4 6/4", "42: 8/2 6/4")
    with pytest.raises(FormatError, match="line 5"):
        replay_mat(bad)


@pytest.mark.parametrize("text,line", [
    ("nonsense", "line 1"),
    (" 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5  xyzzy\n", "line 5"),
    (" 3 point match\n\n Game 1\n no scores here\n", "line 4"),
    (" 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 77: 8/1\n", "line 5"),
])
def test_malformed_files_name_the_line(text, line):
    with pytest.raises(FormatError, match=line):
        replay_mat(text)


def test_bad_input_bounded_and_fast():
    """Huge or odd input is refused quickly with FormatError, never a raw error."""
    t = time.perf_counter()
    for bad in ["x" * 6_000_000, b"\xff\xfe" * 10, 12, None, " 3 point match\n" * 100_000,
                " Game 1\n A : 0  B : 0\n" + "  1) " + "31: 8/5 " * 50_000 + "\n"]:
        with pytest.raises(FormatError):
            replay_mat(bad)
    assert time.perf_counter() - t < 5
    with pytest.raises(FormatError, match="MatMatch"):
        write_mat("text")


def test_write_then_read_built_match():
    """A match written by write_mat reads back the same."""
    m = read_mat(VARIANTS.replace("24/off 13/9", "24/18 13/9"))
    assert isinstance(m, MatMatch)
    assert read_mat(write_mat(m)).games == m.games


def test_variants_of_other_writers():
    """Files without the 'N point match' line (read as money play), a right play right
    after a left four-checker play with one space, 'Wins ... and the match', bar/off
    words: read and replayed."""
    text = """ Game 1
 A_(JPN) : 0  B_(JPN) : 0
  1)                             32: 24/21 13/11
  2) 52: 13/8 6/4*               54: bar/21* 13/8
  3) 44: bar/21 13/9 9/5 24/20 33: 13/10 13/10 6/3 6/3
  4)  Doubles => 2                Drops
      Wins 1 point and the match
"""
    m = read_mat(text)
    assert m.length == 0 and m.players == ("A_(JPN)", "B_(JPN)")
    acts = m.games[0].actions
    assert [(a.player, a.kind) for a in acts] == [(1, "move"), (0, "move"), (1, "move"),
                                                  (0, "move"), (1, "move"), (0, "double"),
                                                  (1, "drop")]
    last = replay_mat(m)[0][-1]
    assert last.outcome().winner == 0 and last.outcome().points == 1


def test_resignation_and_wide_columns():
    """'Resigned Game' (a server's export, wider columns, ';' tags, 'alice: 0'): read as a
    resignation; the replay stops there, the winner is the file's."""
    text = "\n".join([
        '; [Player 1 "alice"]', '; [Player 2 "bob"]', "", "7 point match", "", " Game 1",
        " alice: 0                                 bob: 0",
        "  1) 31: 8/5 6/5                              42: 8/4 6/4",
        "  2)                                          Resigned Game",
        "                                            Wins 2 points", ""])
    m = read_mat(text)
    g = m.games[0]
    assert [(a.player, a.kind) for a in g.actions] == [(0, "move"), (1, "move"), (1, "resign")]
    assert (g.winner, g.points) == (1, 2) and m.players == ("alice", "bob")
    steps = replay_mat(m)[0]
    assert len(steps) == 3 and not steps[-1].is_over()
    assert read_mat(write_mat(m)).games == m.games


def test_a_damaged_save_is_refused_in_the_boards_language():
    """Resume of an edited save: the FormatError carries a key (bg.save.*), English as
    before, and in Japanese names the field that is wrong; the game is untouched."""
    import re

    from boardkit.backgammon import BackgammonGame
    from boardkit.i18n import error_text
    g = BackgammonGame().set_dice(3, 1)
    saved = json.loads(g.to_json())
    saved["state"]["cube"] = 3
    with pytest.raises(FormatError) as info:
        BackgammonGame.from_json(json.dumps(saved))
    err = info.value
    assert err.key == "bg.save.cube"
    assert str(err) == "backgammon JSON: cube must be a power of two from 1 to 64, got 3 (BG-12)"
    ja = error_text(err, "ja")
    assert ja.startswith("この保存ファイルは読めません。キューブ（cube）は1から64までの2のべき乗ですが、3 と")
    assert not re.search(r"[A-Za-z]{5,}", ja)
