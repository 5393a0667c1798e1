"""Backgammon bots, the evaluator, the hint and pubeval."""
import functools

import numpy as np
import pytest

from boardkit._core import BoardkitError
from boardkit.backgammon import BackgammonGame, BackgammonRules, CubeAction, ai, bearoff, probability
from boardkit.backgammon import pubeval as pe
from boardkit.backgammon.game import OpeningRoll, plays_for
from boardkit.sim import play_game, tournament


def empty():
    return [0] * 26


def position(mine_points: dict, theirs_points: dict):
    """(mine, theirs) with the rest of each side's 15 checkers borne off."""
    m, t = empty(), empty()
    for p, c in mine_points.items():
        m[p] = c
    for p, c in theirs_points.items():
        t[p] = c
    m[0] = 15 - sum(m[1:])
    t[0] = 15 - sum(t[1:])
    return tuple(m), tuple(t)


# ---------------------------------------------------------------- evaluator
def test_bg05_shots_feature_matches_exact_probability():
    """The evaluator counts the same hitting rolls as probability.shot_count (BG-05,
    BG-06): one blot of mine on my 20-point, one opposing hitter d pips behind it."""
    for d in range(1, 20):
        # their checker on my point 20 - d is on their point 25 - (20 - d)
        mine, theirs = position({20: 1, 6: 2}, {25 - (20 - d): 1, 1: 2})
        f = ai.features([(mine, theirs)])
        assert f["contact"][0]
        assert f["shots"][0] == probability.shot_count(d), d
    # a block of mine on the way (my 16-point, 4 pips in front of the hitter on 12)
    mine, theirs = position({20: 1, 16: 2, 6: 2}, {13: 1, 1: 2})
    assert ai.features([(mine, theirs)])["shots"][0] == probability.shot_count(8, {4})


def test_bg10_race_uses_bearoff_database():
    """No contact, both home: the evaluator is the bear-off race (BG-09, BG-10)."""
    mine, theirs = position({1: 2, 3: 1}, {2: 2, 5: 1})
    assert ai.evaluate(mine, theirs) == pytest.approx(
        1 - bearoff.race_win_probability(theirs[1:7], mine[1:7]))
    won = position({}, {6: 3})
    assert ai.evaluate(*won) == 1.0


def test_evaluator_prefers_obvious_things():
    start = BackgammonGame().position()
    base = ai.evaluate(*start)
    # a checker of theirs on the bar is good for me; one of mine is bad
    m, t = list(start[0]), list(start[1])
    t[24] -= 1
    t[25] += 1
    assert ai.evaluate(m, t) > base
    m2, t2 = list(start[0]), list(start[1])
    m2[24] -= 1
    m2[25] += 1
    assert ai.evaluate(m2, t2) < base


@pytest.mark.parametrize("dice, best", [((3, 1), "8/5 6/5"), ((6, 1), "13/7 8/7"),
                                        ((4, 2), "8/4 6/4"), ((5, 5), "13/3(2)")])
def test_hint_finds_the_standard_opening_points(dice, best):
    """Opening plays every book and engine agrees on (making the 5, 7, 4, 3 points)."""
    g = BackgammonGame().set_dice(*dice)
    play = ai.hint(g)
    assert str(play) == best
    assert play in g.legal_moves()
    why = str(ai.explain(g, play))
    assert ("standard opening play" if dice[0] != dice[1] else "makes the 3-point") in why


# the book plays of the 15 non-double opening rolls (BG-03), as computer rollouts rank
# them (Tom Keith, bkgm.com/openings.html; Kit Woolsey in the Backgammon FAQ); the
# first is the one the hint gives, the others are accepted alternatives
BOOK = {"21": ("13/11 6/5", "24/23 13/11"), "31": ("8/5 6/5",), "32": ("24/21 13/11", "13/11 13/10"),
        "41": ("24/23 13/9", "13/9 6/5"), "42": ("8/4 6/4",),
        "43": ("24/20 13/10", "13/10 13/9", "24/21 13/9"), "51": ("24/23 13/8", "13/8 6/5"),
        "52": ("13/11 13/8", "24/22 13/8"), "53": ("8/3 6/3",), "54": ("24/20 13/8", "13/9 13/8"),
        "61": ("13/7 8/7",), "62": ("24/18 13/11", "24/16"), "63": ("24/18 13/10", "24/15"),
        "64": ("8/2 6/2", "24/18 13/9", "24/14"), "65": ("24/13",)}


@pytest.mark.parametrize("roll", sorted(BOOK))
def test_bg03_hint_gives_the_book_play_for_every_opening_roll(roll):
    """BG-03: for each of the 15 opening rolls, White or Red on roll, the hint (and the
    hint level's bot) plays a book play and explain() says it is the opening play."""
    a, b = int(roll[0]), int(roll[1])
    for white, red in ((a, b), (b, a)):         # White starts, then Red starts
        g = BackgammonGame()
        g.set_chance(OpeningRoll(((white, red),)))
        assert g.turn == (0 if white > red else 1)
        play = ai.hint(g)
        assert str(play) == BOOK[roll][0]
        assert "standard opening play" in str(ai.explain(g, play))
        assert ai.bot(ai.HINT_LEVEL)(g, np.random.default_rng(0)) == play
    # every book text is a legal play of the start position
    g = BackgammonGame().set_dice(a, b)
    legal = {str(p) for p in g.legal_moves()}
    assert set(BOOK[roll]) <= legal
    assert tuple(ai.OPENING_BOOK[(a, b)][0]) == BOOK[roll]


def test_book_is_only_for_the_start_position():
    """After the first play the evaluator decides again (no book for a reply)."""
    g = BackgammonGame().set_dice(3, 1)
    g.play("8/5 6/5")
    g.play("roll")
    g.set_dice(2, 1)
    assert ai.book_play(g) is None
    assert ai.hint(g) in g.legal_moves()


def test_hint_level_answers_every_turn_of_a_game():
    """HINT_LEVEL gives a legal play on every turn of a whole game (its speed is measured
    in benchmarks/backgammon_hint_timing.py, not asserted here)."""
    rng = np.random.default_rng(4)
    g = BackgammonGame(BackgammonRules.no_cube())
    turns = 0
    while not g.is_over() and len(g.history) < 120:
        if g.chance_pending():
            g.resolve_chance(rng)
            continue
        move = ai.hint(g)
        assert move in g.legal_moves()
        g.play(move)
        turns += 1
    assert turns > 20


def test_hint_cube_and_errors():
    g = BackgammonGame(BackgammonRules.money())
    with pytest.raises(BoardkitError, match="roll"):
        ai.hint(g)                          # opening roll pending (BG-03)
    g.resolve_chance(np.random.default_rng(0))
    g.play(g.legal_moves()[0])
    assert isinstance(g.legal_moves()[0], CubeAction)
    act = ai.hint(g)
    assert act in g.legal_moves() and "%" in str(ai.explain(g, act))
    with pytest.raises(BoardkitError, match="backgammon level"):
        ai.bot("grandmaster")
    with pytest.raises(BoardkitError, match="backgammon level"):
        ai.hint(g, "grandmaster")
    assert ai.bot("つよい") is ai.bot("strong")
    assert list(ai.LEVELS) == ["random", "easy", "normal", "strong", "lookahead"]
    assert ai.HINT_LEVEL in ai.LEVELS


# ---------------------------------------------------------------- bots
@pytest.mark.parametrize("level", list(ai.LEVELS) + ["pubeval"])
def test_bg12_every_bot_finishes_money_games(level):
    """Every bot answers every phase legally, cube decisions included (BG-12)."""
    bot = ai.bot(level)
    for seed in range(1):
        g = BackgammonGame(BackgammonRules.money())
        outcome, plies = play_game(g, [bot, ai.bot("normal")], np.random.default_rng(seed))
        assert outcome is not None and outcome.winner in (0, 1)
        kind, cube = outcome.points // g.cube_value, g.cube_value
        assert outcome.points == kind * cube and kind in (1, 2, 3)      # BG-11 x BG-12


def test_cube_decisions_follow_winning_chances():
    """BG-12: a huge lead doubles, a hopeless position passes."""
    # White: 2 checkers left on the 1-point; Red: 15 on its 6-point, far behind
    g = BackgammonGame.from_position(*position({1: 2}, {6: 15}), turn=0)
    assert CubeAction("double") in g.legal_moves()
    # so far ahead (and Red may lose a gammon) that White plays on for more
    assert ai.win_probability(g) >= ai.TOO_GOOD
    assert ai.normal_bot(g, None) == CubeAction("roll")
    # a clear but not overwhelming race lead: double
    g2 = BackgammonGame.from_position(*position({6: 4, 5: 3, 4: 2}, {6: 5, 5: 4, 4: 2}), turn=0)
    assert ai.DOUBLE_AT <= ai.win_probability(g2) < ai.TOO_GOOD
    assert ai.normal_bot(g2, None) == CubeAction("double")
    assert ai.easy_bot(g2, None) == CubeAction("roll")      # no cube skill
    g.play(CubeAction("double"))
    assert ai.normal_bot(g, None) == CubeAction("pass")
    assert ai.random_bot(g, None) == CubeAction("take")


@pytest.mark.slow
def test_levels_beat_lower_levels():
    """A measured tournament (no cube, seats swapped, 95% Wilson intervals)."""
    fac = functools.partial(BackgammonGame, rules=BackgammonRules.no_cube())
    r = tournament(fac, {"easy": ai.easy_bot, "random": ai.random_bot}, games=12, seed=5,
                   progress=False)
    assert r.interval("easy")[0] > 0.5
    r = tournament(fac, {"strong": ai.strong_bot, "easy": ai.easy_bot}, games=20, seed=7,
                   progress=False)
    assert r.win_rate("strong") > 0.5
    # normal > easy and strong > normal need a few hundred games to show at 95%:
    # benchmarks/backgammon_vs_pubeval.py --levels measures them.


# ---------------------------------------------------------------- pubeval
def reference_setx(pos):
    """Tesauro's setx() written out literally (pos[]: computer's men positive on
    1..24, opponent's negative, 0 = opponent's bar, 25 = computer's bar, 26 = off)."""
    x = [0.0] * 122
    for j in range(1, 25):
        n = pos[25 - j]
        k = 5 * (j - 1)
        if n == -1:
            x[k] = 1.0
        if n == 1:
            x[k + 1] = 1.0
        if n >= 2:
            x[k + 2] = 1.0
        if n == 3:
            x[k + 3] = 1.0
        if n >= 4:
            x[k + 4] = (n - 3) / 2.0
    x[120] = -pos[0] / 2.0
    x[121] = pos[26] / 15.0
    return x


def to_pubeval_pos(mine, theirs):
    pos = [0] * 28
    for p in range(1, 25):
        pos[p] = mine[p] - theirs[25 - p]
    pos[0] = -theirs[25]
    pos[25] = mine[25]
    pos[26] = mine[0]
    pos[27] = -theirs[0]
    return pos


def test_pubeval_encoding_matches_tesauro_setx():
    rng = np.random.default_rng(11)
    g = BackgammonGame(BackgammonRules.no_cube())
    seen = 0
    while seen < 200:
        if g.is_over():
            g = BackgammonGame(BackgammonRules.no_cube())
        if g.chance_pending():
            g.resolve_chance(rng)
            continue
        for p in g.legal_moves()[:3]:
            ref = reference_setx(to_pubeval_pos(*p.after))
            assert np.allclose(pe.encode([p.after])[0], ref)
            seen += 1
        g.play(ai.random_bot(g, rng))
    assert pe.WEIGHTS_RACE[121] == 3.42040 and pe.WEIGHTS_CONTACT[121] == -2.75800


def test_pubeval_bears_off_the_last_checker():
    mine, theirs = position({1: 1, 2: 1}, {6: 5})
    g = BackgammonGame.from_position(mine, theirs, turn=0, dice=(2, 1))
    assert pe.pubeval_bot(g, None).after[0][0] == 15


# ---------------------------------------------------------------- lookahead
def reference_two_ply(play, reply_by):
    """The 2-ply value written out plainly: for each of the 21 rolls (BG-03), the
    opponent's reply the chosen level scores highest, our chances after it, weighted
    1/36 (doubles) or 2/36."""
    mine, theirs = play.after
    total = 0.0
    for (a, b), w in probability.DISTINCT_ROLLS:
        replies = [r.after for r in plays_for(theirs, mine, a, b)]
        vals = ai.evaluate_many(replies)
        if reply_by == "strong":
            p = np.clip(vals, 1e-6, 1 - 1e-6)
            choice = pe.pubeval(replies, False) + ai.HYBRID_WEIGHT * np.log(p / (1 - p))
        else:
            choice = vals
        total += w / 36 * (1 - vals[int(np.argmax(choice))])
    return total


@pytest.mark.parametrize("reply_by", ["strong", "normal"])
def test_bg03_two_ply_averages_the_21_rolls(reply_by):
    """The lookahead's batched 2-ply equals a plain loop over the opponent's rolls,
    including a position where some rolls leave the opponent no play (BG-07)."""
    g = BackgammonGame().set_dice(6, 5)
    plays = [m for m in g.legal_moves()][:3]
    # their checker on the bar against my 5-point board: most rolls do not enter
    closed = BackgammonGame.from_position(*position({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 1, 12: 2},
                                                    {25: 1, 8: 3, 14: 2}), turn=0, dice=(6, 1))
    plays += [m for m in closed.legal_moves()][:3]
    got = ai._two_ply(plays, reply_by)
    for play, v in zip(plays, got):
        assert v == pytest.approx(reference_two_ply(play, reply_by)), str(play)


def test_lookahead_is_strong_in_races_and_prunes_to_legal_plays():
    """In a race the lookahead defers to strong (the bear-off table); in contact it
    returns one of the legal plays, chosen among strong's best few."""
    race = BackgammonGame.from_position(*position({6: 3, 5: 2, 2: 4}, {6: 4, 4: 3, 1: 2}),
                                        turn=0, dice=(4, 2))
    assert ai.choose_play(race, "lookahead") == ai.choose_play(race, "strong")
    g = BackgammonGame().set_dice(4, 3)
    play = ai.choose_play(g, "lookahead")
    scores = ai._hybrid(g, ai._plays(g))
    ranks = np.argsort(-scores, kind="stable")[:ai.LOOKAHEAD_CANDIDATES]
    assert play in [ai._plays(g)[i] for i in ranks]


def test_explain_is_words_the_board_renders_in_its_language():
    """H1: the hint's reason is a Word (key and facts): English as before through str(),
    and the same facts in Japanese with the kit's terms, no English word in it."""
    import re

    from boardkit._catalogue import render
    g = BackgammonGame().set_dice(5, 5)
    why = ai.explain(g, ai.hint(g))
    assert why.key == "bg.why.play"
    en, ja = str(why), render(why.key, "ja", why.facts)
    assert en.startswith("pips 147 to 167 (you lead by 20); leaves no shot; makes the 3-point")
    assert ja.startswith("ピップカウントは 147 対 167（20 リード）。") and "3ポイントを新しく作ります" in ja
    assert not re.search(r"[A-Za-z]{4,}", ja), ja
    book = ai.explain(BackgammonGame().set_dice(2, 1), ai.hint(BackgammonGame().set_dice(2, 1)))
    assert "(also good: 24/23 13/11)" in str(book)
    assert "（ほかによい手は 24/23 13/11）" in render(book.key, "ja", book.facts)
    # every book reason in the catalogue is the book's own English
    for (a, b), (_, reason) in ai.OPENING_BOOK.items():
        assert render(f"bg.book.{a}{b}", "en") == reason
    cube = ai.explain(g, CubeAction("take"))
    assert re.fullmatch(r"テイクしたときの勝率は約\d+%です（24%以上ならテイク、BG-12）",
                        render(cube.key, "ja", cube.facts))
