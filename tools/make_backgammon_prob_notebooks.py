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

ROOT = pathlib.Path(__file__).resolve().parents[1]


def md(text: str):
    return nbf.v4.new_markdown_cell(dedent(text).strip())


def code(text: str):
    return nbf.v4.new_code_cell(dedent(text).strip())


def question(q: str, a: str):
    return md(f"**Check yourself.** {dedent(q).strip()}\n\n<details><summary>Answer</summary>\n\n"
              f"{dedent(a).strip()}\n\n</details>")


def try_it(text: str, widget: str):
    return [md(f"**Try it.** {dedent(text).strip()}"), code(widget)]


def write(name: str, cells: list, folder: str = "notebooks") -> None:
    nb = nbf.v4.new_notebook()
    nb.cells = cells
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    path = ROOT / folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    nbf.write(nb, path)
    print("wrote", path.relative_to(ROOT))


# A helper defined in the notebooks: a position from {point: checkers} dicts, each
# side numbered from its own side, the rest of the 15 checkers borne off.
SETUP = code("""
    def setup(white, red, dice=None):
        \"\"\"White ({point: checkers}) on roll against Red; the rest are borne off.\"\"\"
        mine, theirs = [0] * 26, [0] * 26
        for p, c in white.items():
            mine[p] = c
        for p, c in red.items():
            theirs[p] = c
        mine[0], theirs[0] = 15 - sum(mine), 15 - sum(theirs)
        return BackgammonGame.from_position(mine, theirs, dice=dice, rules=BackgammonRules.no_cube())
""")


# ---------------------------------------------------------------------- 35
def nb35():
    return [
        md("""
        # Backgammon: dice probabilities (バックギャモンの確率)

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
            shot.draw()
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
        intermediate points is open, and a double needs every stop open. With White's
        points 4 and 6 pips in front of White's checker, an 8-pip shot drops from 6 rolls to 4
        (6-2 must go via the open 2; 4-4 and 2-2 stop on a block). Here White's checker on
        its 20-point aims at Red's blot on White's 12-point, past Red's points on White's 16
        and 14:
        """),
        code("""
            blocked = setup({20: 1, 6: 5}, {13: 1, 9: 2, 11: 2})
            blocked.draw()
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
