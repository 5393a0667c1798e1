"""Strategy answers of the 回り将棋 lessons checked by an independent computation.

The smart battle policy compares chances to win the game from the race model
(``ai.battle_chances``); here the same decisions are played out by the engine itself,
seeded games with nobody battling afterwards, and the 95% Wilson intervals of "battle"
and "no battle" must not overlap, in the direction the model says (MS-15: a battle is a
gamble that adds risk, worth taking when behind, refused when ahead).
"""
from __future__ import annotations

import ast
import pathlib

import pytest

from boardkit import sim
from boardkit.backgammon import BackgammonGame, BackgammonRules
from boardkit.backgammon.game import side
from boardkit.backgammon.pubeval import is_race, pubeval
from boardkit.mawari import MawariGame, ai
from boardkit.mawari.game import Battle


def _decision(p1, p2):
    g = MawariGame.setup({0: ("1八", p1), 1: ("9五", p2)}, players=2, turn=0)
    g.set_toss("表 表 表 裏")
    assert g.phase == "decide"
    return g


def _played_out(g, move, games, seed):
    """P1's share of wins when ``move`` is played in ``g`` and nobody battles after."""
    never = ai.bot("never")
    wins = 0
    for rng in sim.spawn_rngs(seed, games):
        h = g.copy()
        h.play(move)
        outcome, _ = sim.play_game(h, [never, never], rng, 2000)
        wins += outcome is not None and outcome.winner == 0
    return wins


@pytest.mark.parametrize("p1, p2, battle_better", [("歩", "香", True), ("香", "歩", False)])
def test_ms15_smart_battles_when_behind_refuses_when_ahead(p1, p2, battle_better):
    g = _decision(p1, p2)
    chances = ai.battle_chances(g)
    model_battle, model_stay = chances[Battle(1)][0], chances[Battle(None)][0]
    assert (model_battle > model_stay) is battle_better
    assert (ai.smart_battle(g, None) == Battle(1)) is battle_better
    n = 3000
    wb = _played_out(g, Battle(1), n, seed=11)
    ws = _played_out(g, Battle(None), n, seed=12)
    lo_b, hi_b = sim.wilson_interval(wb, n)
    lo_s, hi_s = sim.wilson_interval(ws, n)
    if battle_better:
        assert lo_b > hi_s, (wb, ws)
    else:
        assert lo_s > hi_b, (wb, ws)
    # the race model leaves out laying down and two-ups: it stays within 3 points
    assert abs(model_battle - wb / n) < 0.03 and abs(model_stay - ws / n) < 0.03


def test_bg07_notebook_32_try_it_board_matches_its_text():
    """32's second Try-it: Red holds exactly four points (White's 24 to 21), so 16 of the
    36 rolls dance and 20 enter; 4-3 dances and 6-5 can stand on White's 19 or 20."""
    from boardkit.backgammon import BackgammonGame
    from boardkit.backgammon.game import side
    from boardkit.backgammon.rules import BackgammonRules

    def board():
        return BackgammonGame.from_position(side({6: 5, 8: 3, 13: 6}, bar=1),
                                            side({1: 2, 2: 2, 3: 2, 4: 2, 13: 7}),
                                            rules=BackgammonRules.no_cube())
    plays = {(a, b): [str(m) for m in board().set_dice(a, b).legal_moves()]
             for a in range(1, 7) for b in range(1, 7)}
    dance = [r for r, p in plays.items() if p == ["(no play)"]]
    assert len(dance) == 16 and (4, 3) in dance
    assert any(p.startswith(("bar/19", "bar/20")) for p in plays[(6, 5)])


# ------------------------------------------------------------ backgammon, notebook 37
# Each position's plays are graded twice, independently of ``boardkit.backgammon.ai``:
# by Tesauro's published evaluator pubeval (its own weights, used as it was meant, on
# the position a play leaves), which must rank the lesson's answer first of the three
# options; and by exact counting with the rules engine: the blots a play leaves, how
# many of the opponent's 36 rolls can hit one, the points made, the pip counts and
# whether contact is left. The numbers the "why" texts quote are these counts.

LESSON37 = (pathlib.Path(__file__).resolve().parents[1] / "notebooks"
            / "37_backgammon_strategy.md").read_text(encoding="utf-8")
NO_CUBE = BackgammonRules.no_cube()


def _opening(a, b):
    return BackgammonGame(rules=NO_CUBE).set_dice(a, b)


def _position(white, red, dice):
    return BackgammonGame.from_position(side(white), side(red), dice=dice, rules=NO_CUBE)


def _after(g, text):
    plays = {str(p): p for p in g.legal_moves()}
    assert text in plays, (text, sorted(plays))
    return plays[text].after


def _shots(mine, theirs) -> int:
    """How many of the opponent's 36 rolls can hit one of my blots (a play that hits)."""
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            h = BackgammonGame.from_position(list(theirs), list(mine), dice=(a, b), rules=NO_CUBE)
            n += any(p.hits for p in h.legal_moves())
    return n


def _blots(mine) -> list[int]:
    return [i for i in range(1, 25) if mine[i] == 1]


def _points(mine) -> list[int]:
    return [i for i in range(1, 25) if mine[i] >= 2]


def _pips(s) -> int:
    return sum(i * s[i] for i in range(1, 26))


# name: (set-up call in the lesson, game, options (answer first),
#        {option: (blots left, shots)})
BG_POSITIONS = {
    "tip1 4-2": ("opening(4, 2)", _opening(4, 2), ["8/4 6/4", "13/11 13/9", "24/18"],
                 {"8/4 6/4": ([], 0), "13/11 13/9": ([9, 11], 8), "24/18": ([18, 24], 36)}),
    "tip1 5-3": ("opening(5, 3)", _opening(5, 3), ["8/3 6/3", "13/10 13/8", "24/16"],
                 {"8/3 6/3": ([], 0), "13/10 13/8": ([10], 5), "24/16": ([16, 24], 29)}),
    "tip2 3-1": ("opening(3, 1)", _opening(3, 1), ["8/5 6/5", "24/23 13/10", "24/20"],
                 {"8/5 6/5": ([], 0), "24/23 13/10": ([10, 23, 24], 34), "24/20": ([20, 24], 32)}),
    "tip2 6-1": ("opening(6, 1)", _opening(6, 1), ["13/7 8/7", "13/6", "24/18 6/5"],
                 {"13/7 8/7": ([], 0), "13/6": ([], 0), "24/18 6/5": ([5, 18, 24], 36)}),
    "tip3 4-1": ("position({24: 1, 13: 4, 11: 1, 10: 1, 8: 2, 7: 2, 6: 2, 5: 2}, "
                 "{24: 2, 13: 5, 8: 3, 6: 5}, (4, 1))",
                 _position({24: 1, 13: 4, 11: 1, 10: 1, 8: 2, 7: 2, 6: 2, 5: 2},
                           {24: 2, 13: 5, 8: 3, 6: 5}, (4, 1)),
                 ["13/9 10/9", "24/20 11/10", "13/9 6/5"],
                 {"13/9 10/9": ([11, 24], 22), "24/20 11/10": ([20], 24),
                  "13/9 6/5": ([6, 9, 10, 11, 24], 26)}),
    "tip4 4-1": ("position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 1, 21: 1, 13: 5, 8: 3, 6: 4, 5: 1}, (4, 1))",
                 _position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 1, 21: 1, 13: 5, 8: 3, 6: 4, 5: 1}, (4, 1)),
                 ["24/23 24/20*", "8/4* 6/5", "8/4*/3"],
                 {"24/23 24/20*": ([20, 23], 33), "8/4* 6/5": ([4, 5], 27), "8/4*/3": ([3], 19)}),
    "tip5 6-5": ("position({24: 1, 13: 2, 8: 2, 6: 4, 5: 3, 4: 3}, "
                 "{24: 2, 23: 2, 13: 5, 8: 3, 6: 3}, (6, 5))",
                 _position({24: 1, 13: 2, 8: 2, 6: 4, 5: 3, 4: 3}, {24: 2, 23: 2, 13: 5, 8: 3, 6: 3}, (6, 5)),
                 ["24/13", "13/8 13/7", "24/18 13/8"],
                 {"24/13": ([], 0), "13/8 13/7": ([7, 24], 30), "24/18 13/8": ([13, 18], 24)}),
    "tip5 6-4": ("position({20: 2, 13: 3, 8: 3, 6: 4, 5: 3}, {8: 2, 6: 5, 4: 4, 3: 2, 2: 2}, (6, 4))",
                 _position({20: 2, 13: 3, 8: 3, 6: 4, 5: 3}, {8: 2, 6: 5, 4: 4, 3: 2, 2: 2}, (6, 4)),
                 ["8/2 6/2", "20/10", "20/16 20/14"],
                 {"8/2 6/2": ([], 0), "20/10": ([10, 20], 20), "20/16 20/14": ([14, 16], 0)}),
    "tip6 6-5": ("opening(6, 5)", _opening(6, 5), ["24/13", "13/8 13/7", "13/2"],
                 {"24/13": ([24], 22), "13/8 13/7": ([7], 17), "13/2": ([2], 11)}),
    "tip6 6-2": ("opening(6, 2)", _opening(6, 2), ["24/18 13/11", "13/11 13/7", "13/5"],
                 {"24/18 13/11": ([11, 18, 24], 36), "13/11 13/7": ([7, 11], 17), "13/5": ([5], 15)}),
}


def _quiz_after(call: str) -> str:
    """The lesson's quiz.choice(...) that follows the position set up by ``call``."""
    assert call in LESSON37, call
    i = LESSON37.index(call)
    q = LESSON37[LESSON37.index("quiz.choice(", i):]
    return q[:q.index("```")]


@pytest.mark.parametrize("name", list(BG_POSITIONS))
def test_lesson37_answer_is_pubevals_best_of_the_options(name):
    call, g, options, _facts = BG_POSITIONS[name]
    quiz = _quiz_after(call)
    letters = {o: quiz[quiz.index(f": {o}'") - 1] for o in options}
    assert f"answer='{letters[options[0]]}: {options[0]}'" in quiz, (name, quiz[:200])
    race = is_race(*g.position())
    scores = {o: float(pubeval([_after(g, o)], race)[0]) for o in options}
    assert max(scores, key=scores.get) == options[0], (name, scores)


@pytest.mark.parametrize("name", list(BG_POSITIONS))
def test_lesson37_blots_and_shots_are_counted_right(name):
    _call, g, options, facts = BG_POSITIONS[name]
    for o in options:
        mine, theirs = _after(g, o)
        assert (_blots(mine), _shots(mine, theirs)) == facts[o], (name, o)


def _why(call: str, option: str) -> str:
    """The quiz's "why" text for ``option`` (the call parsed as Python, not searched)."""
    node = ast.parse(_quiz_after(call).strip()).body[0].value
    why = ast.literal_eval(next(k.value for k in node.keywords if k.arg == "why"))
    return next(v for k, v in why.items() if k.endswith(f": {option}"))


def test_lesson37_why_texts_quote_the_counts():
    """Every shot count a "why" text or answer quotes is the count of that play."""
    P = BG_POSITIONS
    for name, option, phrase in [
            ("tip1 4-2", "13/11 13/9", "two blots that 8 rolls hit"),
            ("tip1 4-2", "24/18", "every roll hits one of them"),
            ("tip1 5-3", "13/10 13/8", "a blot on the 10 that 5 rolls hit"),
            ("tip1 5-3", "24/16", "29 of the 36 rolls"),
            ("tip2 3-1", "24/23 13/10", "34 of the 36 rolls"),
            ("tip2 3-1", "24/20", "32 of the 36 rolls"),
            ("tip3 4-1", "13/9 6/5", "five blots"),
            ("tip5 6-5", "13/8 13/7", "30 of the 36 rolls"),
            ("tip5 6-5", "24/18 13/8", "24 of the 36 rolls"),
            ("tip5 6-4", "20/16 20/14", "no roll hits them")]:
        call, g, _o, facts = P[name]
        assert phrase in _why(call, option), (name, option)
        blots, shots = facts[option]
        number = {"two": 2, "five": 5}
        if "rolls" in phrase and phrase.split()[0].isdigit():
            assert int(phrase.split()[0]) == shots
        if "that" in phrase and "rolls hit" in phrase:
            assert int(phrase.split("that ")[1].split()[0]) == shots
        if phrase.startswith(("two blots", "five blots")):
            assert len(blots) == number[phrase.split()[0]]
        if phrase.startswith(("every roll", "no roll")):
            assert shots == (36 if phrase.startswith("every") else 0)
    assert "fewer shots than B (22 rolls against 24)" in LESSON37
    assert "(34 of the 36 rolls hit one) and C two\n(32 rolls hit one)" in LESSON37
    assert "blots on 24, 18 and 11" in LESSON37 and "by 22 rolls, but it loses only 1 pip" in LESSON37


def test_lesson37_tip3_makes_five_points_in_a_row():
    call, g, _o, _f = BG_POSITIONS["tip3 4-1"]

    def longest_run(mine):
        best = run = 0
        for i in range(1, 25):
            run = run + 1 if mine[i] >= 2 else 0
            best = max(best, run)
        return best
    runs = {o: longest_run(_after(g, o)[0]) for o in ("13/9 10/9", "24/20 11/10", "13/9 6/5")}
    assert runs == {"13/9 10/9": 5, "24/20 11/10": 4, "13/9 6/5": 2}
    mine, _t = _after(g, "13/9 6/5")
    assert mine[6] == 1                                    # "it breaks the 6-point"


def test_lesson37_tip4_ground_lost_by_each_hit():
    _call, g, _o, facts = BG_POSITIONS["tip4 4-1"]
    red_before = _pips(g.position()[1])
    lost = {o: _pips(_after(g, o)[1]) - red_before for o in ("24/23 24/20*", "8/4* 6/5", "8/4*/3")}
    assert lost == {"24/23 24/20*": 20, "8/4* 6/5": 4, "8/4*/3": 4}
    # what a White blot loses if hit: its point number's distance from the start, 25 - point
    assert [25 - p for p in facts["24/23 24/20*"][0]] == [5, 2]
    assert min(25 - p for o in ("8/4* 6/5", "8/4*/3") for p in facts[o][0]) >= 20
    assert "loses only 5 or 2 pips" in LESSON37 and "would lose 20 pips or more" in LESSON37


def test_lesson37_tip5_pip_counts_and_contact():
    _c, g7, _o, _f = BG_POSITIONS["tip5 6-5"]
    w, r = g7.pip_count()
    assert (w, r) == (117, 201)                          # the lesson prints r - w = 84 before
    mine, theirs = _after(g7, "24/13")
    assert _pips(theirs) - _pips(mine) == 95 and not is_race(theirs, mine)
    assert "four checkers back on White's 1- and 2-points" in LESSON37
    assert theirs[24] + theirs[23] == 4                  # Red's 24 and 23 are White's 1 and 2
    _c, g8, _o, _f = BG_POSITIONS["tip5 6-4"]
    after = {o: _after(g8, o) for o in ("8/2 6/2", "20/10", "20/16 20/14")}
    assert is_race(*after["20/16 20/14"]) and not is_race(*after["8/2 6/2"])
    m, t = after["20/16 20/14"]
    assert (_pips(m), _pips(t)) == (132, 72) and "White 60 pips behind" in LESSON37
    avg = 49 / 6
    assert (round(72 / avg), round(132 / avg)) == (9, 16)
    assert "about 9 average\nrolls" in LESSON37 and "White about 16" in LESSON37
    assert after["8/2 6/2"][0][20] == 2                  # the anchor is kept


# ------------------------------------------------------------ backgammon, notebook 36
LESSON36 = (pathlib.Path(__file__).resolve().parents[1] / "notebooks"
            / "36_backgammon_cube_and_matches.md").read_text(encoding="utf-8")


def test_lesson36_two_races_where_the_pip_count_decides_the_take():
    """Race A is a take, race B a pass (the take point 1/4, from the exact bear-off
    chances); the computer's cube play agrees; the lesson's sets and rounded numbers are
    these."""
    from boardkit.backgammon import ai
    from boardkit.backgammon.bearoff import race_win_probability

    white = {6: 2, 5: 2, 4: 2, 3: 2}
    races = {"A": {6: 3, 5: 2, 4: 2, 3: 1}, "B": {6: 4, 5: 2, 4: 1, 3: 1}}
    def assigned(name):
        line = next(x for x in LESSON36.splitlines() if x.startswith(f"{name} = "))
        return ast.literal_eval(line.split(" = ", 1)[1])
    assert assigned("RACE_WHITE") == white and assigned("RACE_RED") == races

    def home(pts):
        return tuple(pts.get(i, 0) for i in range(1, 7))
    got = {}
    for name, red in races.items():
        p_white = race_win_probability(home(white), home(red))
        g = BackgammonGame.from_position(side(white), side(red))
        assert g.is_race() and sum(red.values()) == sum(white.values()) == 8
        lead = g.pip_count(1) - g.pip_count(0)
        take = (1 - p_white) * 2 - p_white * 2
        no_double, doubled = 2 * p_white - 1, (2 * (2 * p_white - 1) if take > -1 else 1)
        assert doubled > no_double                              # White is right to double
        assert str(ai.cube_decision(g)) == "double"
        g.play("double")
        got[name] = (lead, round(100 * (1 - p_white)), take > -1, str(ai.cube_decision(g)),
                     round(no_double, 2), round(doubled, 2))
    assert got == {"A": (3, 28, True, "take", 0.45, 0.90), "B": (5, 22, False, "pass", 0.55, 1)}
    for phrase in ("race A (White leads by 3 pips) Red wins about 28 games",
                   "race B (White leads by 5 pips) Red wins only about 22 in 100",
                   "from 0.45 to 0.90 points", "instead of about 0.55"):
        assert phrase in " ".join(LESSON36.split()), phrase


# ------------------------------------------------------------ 回り将棋, notebook 47
LESSON47 = (pathlib.Path(__file__).resolve().parents[1] / "notebooks"
            / "47_mawari_full_game.md").read_text(encoding="utf-8")


def _lesson47_decisions():
    """Every ``decision({...}, players=N)`` position of notebook 47 with the answer of the
    quiz that follows it (True: battle), in the lesson's order."""
    out, at = [], 0
    while (at := LESSON47.find("decision({", at)) >= 0:
        depth, end = 0, at
        while True:                          # to the parenthesis that closes the call
            depth += (LESSON47[end] == "(") - (LESSON47[end] == ")")
            if LESSON47[end] == ")" and depth == 0:
                break
            end += 1
        call = ast.parse(LESSON47[at:end + 1], mode="eval").body
        pieces = ast.literal_eval(call.args[0])
        players = next(ast.literal_eval(k.value) for k in call.keywords if k.arg == "players")
        rest = LESSON47[at:]
        answer = rest[rest.index('answer="') + 8:].split('"', 1)[0]
        assert answer in ("battle", "yes", "no battle", "no"), answer
        out.append((pieces, players, answer in ("battle", "yes")))
        at += 1
    return out


def test_lesson47_has_its_five_battle_decisions():
    assert [(len(p), n, b) for p, n, b in _lesson47_decisions()] == [
        (2, 2, True), (2, 2, False), (4, 4, True), (2, 2, False), (2, 2, True)]


@pytest.mark.parametrize("index", range(5))
def test_lesson47_quiz_answer_is_smart_and_wins_more_games(index):
    """Each battle quiz of 47: the answer is the smart policy's decision, and seeded engine
    games (nobody battling afterwards) give the answer the higher share of wins for P1,
    with 95% intervals that do not overlap."""
    pieces, players, battle = _lesson47_decisions()[index]
    g = MawariGame.setup(pieces, players=players, turn=0)
    g.set_toss("表 表 表 裏")
    assert g.phase == "decide"
    attack = next(m for m in g.legal_moves() if m.defender is not None)
    assert (ai.smart_battle(g, None) == attack) is battle
    n = 1500
    never = ai.bot("never")

    def wins(move, seed):
        won = 0
        for rng in sim.spawn_rngs(seed, n):
            h = g.copy()
            h.play(move)
            outcome, _ = sim.play_game(h, [never] * players, rng, 2000)
            won += outcome is not None and outcome.winner == 0
        return won
    lo_b, hi_b = sim.wilson_interval(wins(attack, 21 + index), n)
    lo_s, hi_s = sim.wilson_interval(wins(Battle(None), 31 + index), n)
    assert (lo_b > hi_s) if battle else (lo_s > hi_b), (lo_b, hi_b, lo_s, hi_s)
