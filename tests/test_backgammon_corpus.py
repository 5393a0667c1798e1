"""A backgammon match file from a public, licensed repository (not made here): read,
replayed move by move, written back byte for byte. Source and licence:
tests/data/real/backgammon/SOURCES.md."""
from __future__ import annotations

import pathlib

from boardkit.backgammon.matfile import read_mat, replay_mat, write_mat

DATA = pathlib.Path(__file__).parent / "data" / "real" / "backgammon"
PUBLIC = DATA / "public_gnubgparser_charlot_7p.mat"


def test_public_file_has_its_source_and_licence():
    sources = (DATA / "SOURCES.md").read_text()
    assert PUBLIC.name in sources and "LGPL-2.1" in sources
    assert "a5d5b4d4ddd3b1e534f74109426d0bec138b867d" in sources


def test_public_gnubg_export_reads_replays_and_writes_back():
    """BG-13, BG-16: the 7-point match of 4 games; each game's score follows from the
    one before, every play is legal in boardkit's engine, the games the moves finish
    end as the file says, and writing the match gives back the same bytes."""
    text = PUBLIC.read_text()
    m = read_mat(text)
    assert m.length == 7 and m.players == ("charlot1", "charlot2")
    assert [g.score for g in m.games] == [(0, 0), (0, 2), (2, 2), (6, 2)]
    games = replay_mat(m)
    assert [len(steps) for steps in games] == [len(g.actions) + 1 for g in m.games]
    finished = [(steps[-1].outcome().winner, steps[-1].outcome().points)
                for steps in games if steps[-1].is_over()]
    assert finished == [(g.winner, g.points) for g, steps in zip(m.games, games)
                        if steps[-1].is_over()] and len(finished) == 2
    assert write_mat(m) == text
