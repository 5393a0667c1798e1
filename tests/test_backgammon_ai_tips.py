"""The tip bots of notebook 37 (issue 14): tips 2, 5 and 6 played in their sense."""
import numpy as np
import pytest

from boardkit._core import BoardkitError
from boardkit.backgammon import BackgammonGame, BackgammonRules, ai
from boardkit.sim import tournament

W = dict(ai.SENSE_WEIGHTS)


def side(points: dict[int, int]) -> list[int]:
    s = [0] * 26
    for p, n in points.items():
        s[p] = n
    s[0] = 15 - sum(points.values())                 # the rest borne off
    return s


def test_key_points_count_only_while_they_block():
    mine = side({5: 2, 6: 2, 8: 3})
    blocked = side({24: 2, 19: 2})                   # theirs on my 1 and my 6: one behind my 5
    past = side({1: 2})                              # theirs all in their home: none behind
    w = {**W, "pips": 0.0, "back": 0.0}
    assert ai._sense_terms(mine, blocked, 0, w) > 0
    assert ai._sense_terms(mine, past, 0, w) == 0
    more = side({24: 4, 19: 2})                      # more checkers behind: worth more
    assert ai._sense_terms(mine, more, 0, w) > ai._sense_terms(mine, blocked, 0, w)


def test_pips_ahead_safe_behind_bold():
    mine = side({6: 5, 8: 1, 13: 4})                 # a blot on my 8 in front of their back checkers
    theirs = side({24: 2, 13: 5, 6: 5})
    w = {**W, "key_points": 0.0, "back": 0.0}
    assert ai._sense_terms(mine, theirs, 20, w) == -ai.SENSE_SAFE     # ahead: the blot costs
    assert ai._sense_terms(mine, theirs, -20, w) == ai.SENSE_BOLD     # behind: it costs less
    assert ai._sense_terms(mine, theirs, 0, w) == 0                   # level: nothing


def test_back_checkers_cost_more_behind_a_blockade():
    mine = side({24: 2, 6: 5})
    open_board = side({13: 5, 8: 5})                # my 12 and 17: nothing in front of 24
    blockade = side({6: 2, 5: 2, 4: 2, 8: 3})        # their 4,5,6,8 = my 21,20,19,17
    w = {**W, "key_points": 0.0, "pips": 0.0}
    assert ai._sense_terms(mine, open_board, 0, w) == -W["back"] * 2
    assert ai._sense_terms(mine, blockade, 0, w) < ai._sense_terms(mine, open_board, 0, w)


def test_breaking_a_tip_turns_its_sense_term_round():
    bot = ai.TipBot(breaks="key_points")
    assert bot.sense["key_points"] == -W["key_points"] and bot.weights["key_points"] == 0
    assert ai.TipBot(breaks=("pips", "back")).sense["back"] == -W["back"]
    assert repr(ai.TipBot()) == "TipBot(breaks=None)"
    assert repr(ai.TipBot(style="easy")) == "TipBot(breaks=None, style='easy')"
    with pytest.raises(BoardkitError):
        ai.TipBot(style="fast")


def test_easy_style_plays_as_the_easy_level():
    rng = np.random.default_rng(3)
    g = BackgammonGame(rules=BackgammonRules.no_cube())
    bot = ai.TipBot(style="easy")
    for _ in range(60):
        if g.is_over():
            break
        if g.chance_pending():
            g.roll(rng)
            continue
        moves = g.legal_moves()
        assert bot(g, rng) == ai.easy_bot(g, rng)
        g.play(moves[int(rng.integers(len(moves)))])


def test_tip_bots_play_whole_games():
    with_bot, without, new_game = ai.tip_bots("pips")
    r = tournament(new_game, {"with": with_bot, "without": without}, games=4, seed=1,
                   progress=False)
    assert sum(r.wins.values()) + r.draws + r.unfinished == 4


def test_settled_results_cover_every_tip_with_2000_games_and_match_the_bots():
    import json
    import pathlib

    from boardkit.sim import wilson_interval
    path = pathlib.Path(__file__).resolve().parents[1] / "boardkit" / "data" / "tips_backgammon.json"
    entries = json.loads(path.read_text(encoding="utf-8"))
    assert [e["tip"] for e in entries] == list(ai.TIPS)
    for e in entries:
        assert {"tip", "games", "wins", "draws", "losses", "score", "interval", "seed",
                "command"} <= set(e)
        assert e["games"] >= 2000 and e["wins"] + e["draws"] + e["losses"] == e["games"]
        lo, hi = e["interval"]
        assert hi - lo <= 0.05
        assert (lo, hi) == pytest.approx(wilson_interval(e["wins"] + e["draws"] / 2, e["games"]), abs=1e-6)
        assert e["with"] == repr(ai.TipBot()) and e["without"] == repr(ai.TipBot(breaks=e["tip"]))
        assert e["what"] == ai.TIPS[e["tip"]]
