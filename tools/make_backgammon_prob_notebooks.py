"""Write the backgammon notebooks on bearing off (34), dice probabilities (35) and
strategy (37), and the backgammon exercise notebooks.

    .venv/bin/python tools/make_backgammon_prob_notebooks.py            # all of them
    .venv/bin/python tools/make_backgammon_prob_notebooks.py 35 ex      # some
    .venv/bin/python tools/run_notebooks.py notebooks/35_backgammon_dice_probabilities.ipynb

The notebooks are written without outputs; run_notebooks.py executes them and stores
the outputs. Each rule section: the rule in plain words with its ID, a board, a tiny
code cell, a try-it board, a check-yourself question.
"""
from __future__ import annotations

import pathlib
import sys
from textwrap import dedent

import nbformat as nbf

from nbgen import ROOT, code, md, question, try_it, write  # noqa: F401













# A helper defined in the notebooks: a position from {point: checkers} dicts, each
# side numbered from its own side, the rest of the 15 checkers borne off.
SETUP = code("""
    from boardkit.backgammon.game import side

    def setup(white, red, dice=None):
        \"\"\"White ({point: checkers}) on roll against Red; the rest are borne off.\"\"\"
        return BackgammonGame.from_position(side(white), side(red), dice=dice,
                                            rules=BackgammonRules.no_cube())
""")


# ---------------------------------------------------------------------- 35
def nb35():
    return [
        md("""
        # Backgammon 6: dice probabilities (バックギャモンの確率)

        Every decision in backgammon (バックギャモン) is a bet on the next roll of two dice.
        Will that blot be hit? Will my checker on the bar come in? The good news: there are
        only 36 ways two dice can fall, so every such question has an exact answer, a
        fraction of 36, that you can count on your fingers.

        This notebook counts them with `boardkit.backgammon.probability`, checks every count
        twice (with a Monte Carlo simulation, and with the game engine's own legal moves),
        and plots the shot table. Rule IDs such as (BG-06) refer to `docs/rules/backgammon.md`.

        Reading time: about 15 minutes.
        """),
        code("""
            from fractions import Fraction
            import numpy as np
            from boardkit import plot
            from boardkit.backgammon import BackgammonGame, BackgammonRules
            from boardkit.backgammon import probability as P
            from boardkit.backgammon.widget import BackgammonWidget
            plot.setup()
        """),
        SETUP,
        md("""
        ## 36 rolls, 21 kinds (BG-03, BG-06)

        Two dice give 6 × 6 = 36 equally likely rolls. A 5-3 can come as 5 then 3 or 3 then
        5, so it counts twice; a double such as 4-4 can only come one way, so it counts once.
        That makes 15 mixed rolls counted twice plus 6 doubles: 21 kinds, 36 rolls. A double
        is played four times (BG-06), so 4-4 moves 16 pips.
        """),
        code("""
            table = P.roll_table()            # (roll, ways out of 36, pips moved)
            len(table), sum(ways for _, ways, _ in table), table[:3]
        """),
        question("How many of the 36 rolls contain at least one 6?",
                 "11: six rolls with a 6 on the first die, six with a 6 on the second, "
                 "minus 6-6 counted twice."),
        md("""
        ## The average roll: 49/6 pips (BG-06)

        Add up the pips of all 36 rolls (doubles four times) and divide by 36: 294/36 =
        49/6, a little over 8 pips. This is why a pip-count lead of 8 is worth about one
        roll. A simulation of 100,000 rolls agrees (its 95% interval contains 8.17):
        """),
        code("""
            P.average_roll(), float(P.average_roll())
        """),
        code("""
            from boardkit.sim import monte_carlo

            def pips(rng, size):
                a, b = rng.integers(1, 7, size=(2, size))
                return np.where(a == b, 4 * a, a + b)

            monte_carlo(pips, 100_000, seed=1, progress=False)
        """),
        question("Without doubles counting four times, what would the average roll be?",
                 "7 pips: the average of the sum of two dice. Doubles add 7/6 on average, "
                 "hence 49/6."),
        md("""
        ## Direct shots (BG-04, BG-05, BG-07)

        A single checker (a *blot*) can be hit: an opposing checker that lands on it sends
        it to the bar (BG-05, BG-07). Below, White's checker on its 14-point looks at Red's
        blot on White's 8-point, 6 pips ahead. White hits with any 6 (11 rolls), with 5-1
        or 4-2 (2 rolls each, landing on the way on an open point, BG-04), and with 3-3 and
        2-2 (doubles, BG-06): 17 rolls of 36.
        """),
        code("""
            shot = setup({14: 1, 6: 5}, {17: 1, 6: 5})
            shot.draw(arrows=[["14", "8"]], highlight=["8"])     # the 6-pip shot
        """),
        code("""
            P.shot_probability(6), P.hitting_rolls(6)[:6]
        """),
        md("""
        The game engine agrees. For each of the 36 rolls, `engine_shot_count` asks the
        engine for every legal play and counts the rolls where one of them hits:
        """),
        code("""
            P.engine_shot_count(6), P.shot_count(6)
        """),
        question("Which distance is the most dangerous for a blot, and how many rolls hit it?",
                 "6 pips: 17 rolls. Closer blots are hit by fewer combinations (1 pip: 11 "
                 "rolls, the fewest of the direct shots)."),
        md("""
        ## The whole shot table, exact and simulated

        Past 6 pips a single die is not enough: the shot is *indirect* and needs both dice
        together or a double. The chance falls sharply at 7 (6 rolls) and is zero at 13,
        14, 17, 19, 21, 22 and 23 pips. Bars: the exact fractions; dots: 20,000 simulated
        rolls per distance, with their 95% intervals.
        """),
        code("""
            exact = P.shot_table()
            sims = {d: P.simulate_shot(d, n=20_000, seed=d) for d in range(1, 25)}
            fig, ax = plot.figure(figsize=(8, 3.2))
            ax.bar(list(exact), [float(v) for v in exact.values()], color="#c8d8e8", label="exact")
            ax.errorbar(list(sims), [s.mean for s in sims.values()],
                        yerr=[1.96 * s.stderr for s in sims.values()], fmt="o", ms=3,
                        color="#b03030", label="simulated (95%)")
            ax.set(xlabel="distance to the blot (pips)", ylabel="chance to hit",
                   title="一発で当たる確率 chance to hit a blot with one roll")
            ax.legend()
            _ = ax.set_xticks(range(1, 25))
        """),
        code("""
            {d: f"{int(v * 36)}/36" for d, v in exact.items() if d > 6 and v}
        """),
        question("A blot is 11 pips away. Which rolls hit it?",
                 "6-5 and 5-6 only: 2 rolls of 36. No double adds up to 11."),
        md("""
        ## Blocks on the way (BG-05)

        A checker may pass over a point held by two or more opposing checkers, but it may not
        stop there (BG-05). So a combination shot only works if at least one of the two
        intermediate points is open, and a double needs every stop open. With Red holding
        the points 4 and 6 pips in front of White's checker, an 8-pip shot drops from 6 rolls to 4
        (6-2 must go via the open 2; 4-4 and 2-2 stop on a block). Here White's checker on
        its 20-point aims at Red's blot on White's 12-point, past Red's points on White's 16
        and 14:
        """),
        code("""
            blocked = setup({20: 1, 6: 5}, {13: 1, 9: 2, 11: 2})
            blocked.draw(arrows=[["20", "12"]], highlight=["16", "14"])   # the blocks in yellow
        """),
        code("""
            P.shot_probability(8), P.shot_probability(8, blocked_points={4, 6}), \\
                P.engine_shot_count(8, {4, 6})
        """),
        md("""
        Two hitters count every roll once: with checkers 3 and 8 pips away from the same
        blot, a 3-5 hits with either; `hit_probability` counts the union.
        """),
        code("""
            P.hit_probability([3, 8]), P.shot_probability(3) + P.shot_probability(8)
        """),
        question("A blot 4 pips away; the hitter's 2-point (2 pips ahead of it) is blocked. "
                 "How many rolls hit?",
                 "14: any 4 (11 rolls), 3-1 (2 rolls; via the open 1 or 3), and 1-1 (it stops "
                 "on 1, 2, 3: 2 is blocked, so 1-1 fails). 2-2 would stop on 2: it fails too."),
        md("""
        ## Entering from the bar (BG-07)

        A checker on the bar must come in before anything else moves. Die *n* enters on the
        opponent's home-board point *n* (the player's 25−*n* point); a point held by two or
        more opposing checkers is closed. With *n* points closed, a single checker fails
        only when both dice show closed points: it enters with chance 1 − (*n*/6)². Two
        checkers on the bar need both dice open, (6 − *n*)²/36.
        """),
        code("""
            bar = setup({25: 1, 6: 5}, {1: 2, 2: 2, 3: 2, 12: 5})
            bar.draw()
        """),
        code("""
            [(n, P.enter_probability(n), P.enter_probability(n, checkers=2)) for n in range(7)]
        """),
        code("""
            closed = range(7)
            one = [P.simulate_enter(n, 1, n=20_000, seed=n) for n in closed]
            two = [P.simulate_enter(n, 2, n=20_000, seed=10 + n) for n in closed]
            fig, ax = plot.figure(figsize=(6, 3))
            ax.plot(closed, [float(P.enter_probability(n)) for n in closed], "-", label="1 checker (exact)")
            ax.plot(closed, [float(P.enter_probability(n, 2)) for n in closed], "-", label="2 checkers (exact)")
            ax.plot(closed, [r.mean for r in one], "o", closed, [r.mean for r in two], "s", ms=4)
            ax.set(xlabel="closed points", ylabel="chance all enter", title="エンター the chance to enter")
            _ = ax.legend()
        """),
        code("""
            P.engine_enter_count(3), P.engine_enter_count(3, checkers=2)
        """),
        question("Against a 5-point board (five points closed), how often does one checker on "
                 "the bar dance (fail to enter)?",
                 "25/36, about 69%: both dice must show one of the five closed points."),
        *try_it("""
            White has a checker on the bar against three closed points. Roll (or type the dice)
            and try to come in; then look for the hit. The exact chance to enter was 27/36.
            """, """
            BackgammonWidget(game=setup({25: 1, 14: 1, 6: 5}, {1: 2, 2: 2, 3: 2, 17: 1, 12: 3}))
            """),
        md("""
        ## What to remember

        * 36 rolls, doubles once, mixed rolls twice; the average roll is 49/6 pips.
        * Direct shots (1-6 pips) hit 11 to 17 times in 36, the 6 most of all; indirect shots
          (7 and more) 6 times or fewer, and never at 13, 14, 17, 19, 21, 22, 23.
        * Blocks only matter for the stops on the way.
        * One checker enters with 1 − (n/6)²; two need both dice open.
        """),
    ]


# ---------------------------------------------------------------------- 34
def nb34():
    return [
        md("""
        # Backgammon 5: bearing off (ベアリングオフ)

        The last stage of every game: once all fifteen of your checkers are in your home
        board you start taking them off (bearing off), and the first side to take off all
        fifteen wins (BG-10). This notebook gives the rules of bearing off (BG-09), each on
        a board, and then a table computed from scratch: the expected number of rolls to
        bear off every one of the 54,264 home-board positions. With it we can answer which
        positions bear off fastest, and who wins a race.

        Reading time: about 15 minutes.
        """),
        code("""
            import numpy as np
            from boardkit import plot
            from boardkit.backgammon import BackgammonGame, BackgammonRules
            from boardkit.backgammon import bearoff, probability as P
            from boardkit.backgammon.widget import BackgammonWidget
            plot.setup()
        """),
        SETUP,
        md("""
        ## All fifteen home first (BG-09)

        You may bear off only when every one of your 15 checkers is in your home board
        (points 1-6) or already off. White below has one checker left on the 8-point and
        rolls 5-2. It cannot bear off with the 2 at once, but after 8/3 the last checker is
        home and the 2 may take a checker off the 2-point: `8/3 2/off` is one of the plays.
        """),
        code("""
            home = setup({8: 1, 6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}, {13: 2, 6: 5, 5: 4, 4: 4},
                         dice=(5, 2))
            home.draw()
        """),
        code("""
            [str(p) for p in home.legal_moves()]
        """),
        question("White's last outside checker is on the 9-point and White rolls 2-1. "
                 "Can a checker be borne off this turn?",
                 "No. 2 and 1 together bring the checker only to the 6-point, and both dice are "
                 "used up on the way."),
        md("""
        ## The exact number, or move from a higher point (BG-09)

        A die bears off a checker from the point with the same number. If that point is
        empty but a checker stands on a higher point, you must move a checker inside the
        board instead: you may not take one off a lower point. You may always move inside
        the home board rather than bear off. White below has 2 on the 6-point, 3 on the 4,
        2 on the 2 and rolls 5-1: no checker can come off the empty 5-point with the 5; the
        6-point checkers have to move (or the 1 first makes a 5 to bear off: `6/off`).
        """),
        code("""
            exact = setup({6: 2, 4: 3, 2: 2}, {6: 5, 5: 5}, dice=(5, 1))
            exact.draw()
        """),
        code("""
            [str(p) for p in exact.legal_moves()]
        """),
        question("In the position above, why is `4/off` not among the plays?",
                 "The 5 may bear off from a lower point only when no checker stands higher; "
                 "the two checkers on the 6-point must be moved first."),
        md("""
        ## A bigger die takes the highest checker (BG-09)

        If no checker stands on the die's point or higher, the die bears off a checker from
        the highest occupied point. With 2 on the 4-point and one on the 2, a 6-5 takes off
        both checkers from the 4-point:
        """),
        code("""
            high = setup({4: 2, 2: 1}, {6: 5, 5: 5}, dice=(6, 5))
            [str(p) for p in high.legal_moves()]
        """),
        md("""
        ## Hit while bearing off (BG-09, BG-07)

        A blot can still be hit while you bear off. The hit checker goes to the bar, must
        enter in the opponent's home board (BG-07) and travel all the way home before any
        other checker may be borne off. Here White entered with the 4 and runs on with the
        6: no checker comes off this turn.
        """),
        code("""
            hit = setup({25: 1, 6: 3, 5: 3, 4: 2}, {1: 2, 3: 2, 6: 5, 5: 5}, dice=(6, 4))
            hit.draw()
        """),
        code("""
            [str(p) for p in hit.legal_moves()]
        """),
        *try_it("""
            Bear off against the computer. White is on roll; roll the dice, click a checker,
            then its target (the tray takes the checkers off). Compare the pip counts.
            """, """
            BackgammonWidget(game=setup({6: 2, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1}, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2}),
                             computer=1)
            """),
        md("""
        ## The bear-off table

        How many rolls does a home board need on average? `bearoff.table()` computes it for
        every way to put up to 15 checkers on the six home points (54,264 positions, the
        empty board included). The recursion: the expected rolls of a position are 1 plus the
        average over the 36 rolls of the expected rolls after the best play of that roll.
        Positions only ever move to positions with fewer pips, so the table is filled from
        the smallest pip counts up, with numpy. It takes a few seconds the first time and is
        then cached on disk. All 54,264 values agree with GNU Backgammon's own bear-off
        database to within its 16-bit rounding (`benchmarks/backgammon_bearoff.py`).
        """),
        code("""
            table = bearoff.table()
            len(table), bearoff.expected_rolls((1, 0, 0, 0, 0, 0)), bearoff.expected_rolls((0, 0, 0, 0, 0, 1))
        """),
        md("""
        One checker on the 6-point: 27 rolls of 36 take it off at once (any 6, 5-1, 4-2,
        3-3, 2-2 ... everything but 2-1, 3-1, 4-1, 3-2 and 1-1); otherwise one more roll
        surely does. So 1 + 9/36 = 1.25 rolls. And all fifteen on the 6-point?
        """),
        code("""
            round(bearoff.expected_rolls((0, 0, 0, 0, 0, 15)), 3), round(bearoff.expected_rolls((3, 3, 3, 2, 2, 2)), 3)
        """),
        md("""
        ## Which positions bear off fastest?

        Compare positions with the same pip count. Below, every position of 6 checkers with
        exactly 21 pips, sorted by expected rolls: the best spread the checkers over many
        points and avoid gaps and heavy stacks; the worst pile them up. The *effective pip
        count* (expected rolls × 49/6) shows the waste.
        """),
        code("""
            pos = table.positions
            pips = pos @ np.arange(1, 7)
            same = np.nonzero((pips == 21) & (pos.sum(axis=1) == 6))[0]
            ranked = same[np.argsort(table.mean[same])]
            [(tuple(int(c) for c in pos[i]), round(float(table.mean[i]), 3)) for i in (*ranked[:3], *ranked[-3:])]
        """),
        code("""
            fastest, slowest = pos[ranked[0]], pos[ranked[-1]]
            round(bearoff.effective_pip_count(fastest), 2), round(bearoff.effective_pip_count(slowest), 2)
        """),
        md("""
        The whole distribution of the number of rolls shows more than the average: a
        smooth position is not only faster on average, it is also more predictable.
        """),
        code("""
            fig, ax = plot.figure(figsize=(6, 3))
            for p, label in [((0, 0, 0, 0, 0, 15), "15 on the 6-point"), ((3, 3, 3, 2, 2, 2), "spread evenly")]:
                d = bearoff.roll_distribution(p)
                ax.bar(np.arange(len(d)) + (0.2 if p[0] else -0.2), d, width=0.4, label=label)
            ax.set(xlim=(3, 16), xlabel="rolls to bear off", ylabel="probability",
                   title="ベアリングオフに必要な回数 rolls needed")
            _ = ax.legend()
        """),
        question("Two checkers: one on the 6-point and one on the 1-point (7 pips), or two on "
                 "the 4-point (8 pips)? Which bears off in one roll more often?",
                 "The 6 and 1: 15 rolls of 36 (5/12) against 11 of 36 for two on the 4-point, "
                 "although it has fewer pips by only one. The 1-point checker comes off with any "
                 "die; two checkers on the 4 need both dice to be 4 or more (or a double of 2 or "
                 "more). The first line of the next cell shows it."),
        md("""
        ## One and two rolls, exactly

        For small positions `probability.bearoff_probability` gives the exact chance, as a
        fraction, to be off within one or two rolls (playing for exactly that goal).
        """),
        code("""
            [(p, P.bearoff_probability(p, 1), P.bearoff_probability(p, 2))
             for p in [(1, 0, 0, 0, 0, 1), (0, 0, 0, 2, 0, 0), (0, 0, 0, 0, 0, 2), (1, 1, 1, 0, 0, 0)]]
        """),
        md("""
        ## Who wins the race? (BG-10)

        When both sides are bearing off, no hit is possible any more: each side's number of
        rolls has its own distribution from the table, and the side on roll wins if it needs
        no more rolls than the other. `race_win_probability(mine, theirs)` adds it up.
        """),
        code("""
            white, red = (0, 2, 2, 2, 1, 1), (1, 2, 2, 2, 2, 0)
            round(bearoff.race_win_probability(white, red), 4), round(bearoff.race_win_probability(red, white), 4)
        """),
        question("With exactly the same position on both sides, does the side on roll win more "
                 "than half the time?",
                 "Yes, always: it wins every tie in the number of rolls, because it rolls first. "
                 "Try `bearoff.race_win_probability(white, white)`."),
        md("""
        ## What to remember

        * Bearing off starts only with all 15 checkers home (BG-09); a hit checker must come
          all the way home again.
        * A die takes off from its own point; else a higher checker must move; with nothing
          higher, the highest checker comes off.
        * Spread checkers over the points and avoid gaps: the same pips bear off faster.
        * The table gives expected rolls and whole distributions; from them, race chances.
        """),
    ]


# ---------------------------------------------------------------------- 37
def nb37():
    return [
        md("""
        # Backgammon 8: six strategy tips, measured (戦略のヒント)

        Books give beginners a handful of rules of thumb. This notebook takes the six tips of
        our rules page, shows each on a board with the numbers behind it, and then measures
        it: a simple bot that follows all six tips plays short matches against a copy of
        itself that breaks one tip on purpose. Twenty games are far too few to prove small
        effects, so every result comes with its 95% interval: read them honestly.

        Reading time: about 15 minutes.
        """),
        code("""
            import functools
            from boardkit.backgammon import BackgammonGame, BackgammonRules
            from boardkit.backgammon import ai, bearoff, probability as P
            from boardkit.backgammon.widget import BackgammonWidget
            from boardkit.sim import tournament

            factory = functools.partial(BackgammonGame, rules=BackgammonRules.no_cube())

            def measure(tip, games=20, seed=1):
                \"\"\"The tip-following bot against a copy that breaks the tip (seats swapped).\"\"\"
                res = tournament(factory, {"follows": ai.TipBot(), "breaks": ai.TipBot(breaks=tip)},
                                 games=games, seed=seed, progress=False)
                lo, hi = res.interval("follows")
                return f"follows the tip: won {res.wins['follows']} of {games} ({lo:.0%} to {hi:.0%} at 95%)"
        """),
        SETUP,
        md("""
        ## Tip 1: stack checkers two or more (BG-05)

        A single checker (blot) can be hit; two or more make a point that the opponent may not
        land on at all (BG-05). The cost of a blot is the chance it is hit times the ground it
        loses. Below, Red's checker on White's 3-point (Red's 22-point) is 6 pips behind
        White's blot on the 9-point. A 6-pip shot is usually 17 rolls, but White's 6- and
        8-points stand 3 and 5 pips in front of the hitter, so 3-3 cannot hit: 16 rolls. The
        evaluator's shot count (Red on roll) agrees.
        """),
        code("""
            blot = setup({9: 1, 8: 2, 6: 5, 13: 5, 24: 2}, {22: 1, 6: 5, 8: 4, 13: 5})
            blot.draw(arrows=[["3", "9"]], highlight=["9"])
        """),
        code("""
            P.shot_probability(6, blocked_points={3, 5}), int(ai.features([blot.position()])["shots"][0])
        """),
        code("""
            measure("blots")
        """),
        question("Why does a blot in your own home board cost more than a blot on the opponent's side?",
                 "When it is hit, it goes back to the bar: a checker on your 3-point loses 22 pips, "
                 "one on your 20-point only 5."),
        md("""
        ## Tip 2: hold the 5-point and the bar point (BG-01)

        Your 5-point (in the middle of your home board) and your 7-point (the *bar point*,
        just outside) block the opponent's back checkers best: from your 1-point (the
        opponent's 24-point) they take away the 4 and the 6 a back checker wants to escape
        with. The opening roll 3-1 makes the 5-point, and every level of the computer finds it:
        """),
        code("""
            opening = BackgammonGame().set_dice(3, 1)
            ai.hint(opening)
        """),
        code("""
            measure("key_points")
        """),
        md("""
        ## Tip 3: build a prime (BG-05)

        Consecutive points form a wall (*prime*). Six in a row cannot be passed at all: no
        die is larger than 6, and a checker may not land on a held point (BG-05). The engine
        agrees: behind White's six-point prime, Red's checker on its 22-point has no legal
        move with any of the 36 rolls.
        """),
        code("""
            prime = setup({4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 13: 3}, {22: 1, 6: 5, 8: 4, 13: 5})
            prime.draw()
        """),
        code("""
            from boardkit.backgammon import plays_for
            white, red = prime.position()
            [(a, b) for a, b in P.ROLLS
             if any(step[0] == 22 for p in plays_for(red, white, a, b) for step in p.steps)]
        """),
        code("""
            measure("prime")
        """),
        md("""
        ## Tip 4: hit where it hurts most

        A hit sends a checker back to the bar: it loses every pip it had travelled. Hitting a
        checker that was almost home (deep in your side of the board) costs the opponent far
        more than hitting one that had just started.
        """),
        code("""
            measure("hit")
        """),
        question("White hits a Red checker on White's 20-point, or another on White's 4-point. "
                 "Which hit costs Red more pips?",
                 "Count from Red's side: Red's point = 25 − White's point. White's 20-point is "
                 "Red's 5-point: that checker had travelled 20 pips and loses them all. White's "
                 "4-point is Red's 21-point: it had travelled only 4. The hit on White's 20-point "
                 "hurts more."),
        md("""
        ## Tip 5: count the pips (BG-01)

        Ahead in the race, break contact and run; behind, keep an anchor (a point in the
        opponent's home board) and wait for a shot. Once contact is broken the bear-off
        table tells exactly who is favourite. Being on roll is worth about half a roll (4
        pips): White below trails by 2 pips, but it is White's turn.
        """),
        code("""
            white, red = (0, 2, 2, 3, 3, 2), (2, 2, 2, 2, 3, 2)
            sum(i * c for i, c in enumerate(white, 1)), sum(i * c for i, c in enumerate(red, 1)), \\
                round(bearoff.race_win_probability(white, red), 3)
        """),
        code("""
            measure("pips")
        """),
        md("""
        ## Tip 6: move the back checkers out early

        The two checkers on the 24-point start furthest from home and are the first to be
        trapped when the opponent builds points. Running one with an opening 6-5 (`24/13`,
        the *lover's leap*) is the book play, and the evaluator agrees:
        """),
        code("""
            ai.hint(BackgammonGame().set_dice(6, 5))
        """),
        code("""
            measure("back")
        """),
        *try_it("""
            Play a game against the `normal` computer (1-ply, the pip-based evaluator). Ask
            for a hint: its reason speaks of pips, blots and the rolls that hit them, points
            and primes.
            """, """
            BackgammonWidget(computer=1, level="normal")
            """),
        md("""
        ## What the measurements say

        With 20 games per tip the intervals are wide: only a large effect shows. Breaking
        tip 1 (leaving blots on purpose) is the clearest loss. Tips 2, 3, 4 and 6 give
        intervals that contain 50%: they matter, but less than 20 games can resolve for this
        simple bot. Tip 5 is a warning: applied as a blunt rule (always run home when 10
        pips ahead, always keep anchors when 10 behind), it did *worse* than its opposite
        here. A tip is a reason to look at a position, not a substitute for counting: the
        `normal` level of `ai.BOTS` weighs every feature in pips instead (`strong` adds
        the learned weights of Tesauro's pubeval), and `benchmarks/backgammon_vs_pubeval.py`
        measures the levels with hundreds of games.
        """),
    ]


# ---------------------------------------------------------------------- exercises
EX_IMPORTS = code("""
    from boardkit.backgammon import BackgammonGame, BackgammonRules
    from boardkit.backgammon.exercises import check, check_pips, check_legal_plays, check_enter, check_shots
""")


def exercises(solved: bool):
    def ans(value: str):
        return value if solved else "..."

    title = "Backgammon exercises" + (" — solutions" if solved else "")
    return [
        md(f"""
        # {title} (バックギャモン 練習問題)

        Replace each `...` with your answer and run the cell: the check below it says ✅
        or gives a hint. Rules: `docs/rules/backgammon.md` (BG-01 ... BG-17); notebooks 30-37.
        """),
        EX_IMPORTS,
        SETUP,
        md("""
        ## 1. Count the pips (BG-01)

        Each checker counts its point number, from its owner's side; a checker on the bar
        counts 25. Give (White's pips, Red's pips) for the start position (BG-02).
        """),
        code("""
            start = BackgammonGame()
            start.draw()
        """),
        code(f"""
            answer = {ans("(167, 167)")}
            _ = check_pips(answer, start, "pips at the start")
        """),
        md("""
        Now this position: White has 2 on the 24, 2 on the 13, 2 on the 8, 3 each on the
        6, 5 and 4 points. Red has a checker on the bar, one on its 2-point, 2 on its
        22-point, 4 on the 6, 3 on the 8 and 4 on the 13.
        """),
        code("""
            middle = setup({24: 2, 13: 2, 8: 2, 6: 3, 5: 3, 4: 3},
                           {25: 1, 2: 1, 22: 2, 6: 4, 8: 3, 13: 4})
            middle.draw()
        """),
        code(f"""
            answer = {ans("(2*24 + 2*13 + 2*8 + 3*6 + 3*5 + 3*4, 25 + 2 + 2*22 + 4*6 + 3*8 + 4*13)")}
            _ = check_pips(answer, middle, "pips in the middle game")
        """),
        md("""
        ## 2. List the legal plays (BG-07, BG-08, BG-16)

        White has a checker on the bar and 14 on the 6-point; Red holds its points 1 to 4.
        White rolls 5-4. Write every legal play in standard notation (BG-16).
        """),
        code("""
            stuck = setup({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 12: 7}, dice=(5, 4))
            stuck.draw()
        """),
        code(f"""
            answer = {ans('["bar/16", "bar/20 6/2"]')}
            _ = check_legal_plays(answer, stuck)
        """),
        md("""
        ## 3. Will this checker enter? (BG-07)

        Red has closed three points of its home board. How many of the 36 rolls let White's
        single checker on the bar come in? And with two White checkers on the bar against
        four closed points, how many rolls bring both in?
        """),
        code(f"""
            answer = {ans("36 - 3 * 3")}
            _ = check_enter(answer, closed_points=3, checkers=1, name="one checker, 3 closed")
        """),
        code(f"""
            answer = {ans("2 * 2")}
            _ = check_enter(answer, closed_points=4, checkers=2, name="two checkers, 4 closed")
        """),
        md("""
        ## 4. How many rolls hit this blot? (BG-04, BG-05, BG-06)

        Count the rolls that hit a blot 6 pips away; then 11 pips away; then 8 pips away
        when the hitter may not stop 4 or 6 pips ahead (blocked points).
        """),
        code(f"""
            answer = {ans("17")}
            _ = check_shots(answer, 6, name="6 pips away")
        """),
        code(f"""
            answer = {ans("2")}
            _ = check_shots(answer, 11, name="11 pips away")
        """),
        code(f"""
            answer = {ans("4")}
            _ = check_shots(answer, 8, blocked_points={{4, 6}}, name="8 pips, blocks at 4 and 6")
        """),
        code("""
            check.summary()
        """),
    ]


def main(argv: list[str]) -> None:
    which = set(argv) or {"34", "35", "37", "ex"}
    if "35" in which:
        write("35_backgammon_dice_probabilities.ipynb", nb35())
    if "34" in which and "nb34" in globals():
        write("34_backgammon_bearing_off.ipynb", globals()["nb34"]())
    if "37" in which and "nb37" in globals():
        write("37_backgammon_strategy.ipynb", globals()["nb37"]())
    if "ex" in which:
        write("backgammon.ipynb", exercises(False), "exercises")
        write("backgammon.ipynb", exercises(True), "exercises/solutions")


if __name__ == "__main__":
    main(sys.argv[1:])
