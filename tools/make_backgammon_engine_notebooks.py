"""Write the backgammon engine notebooks (30, 31, 32, 33, 36).

    .venv/bin/python tools/make_backgammon_engine_notebooks.py          # all of them
    .venv/bin/python tools/make_backgammon_engine_notebooks.py 30 31    # some
    .venv/bin/python tools/run_notebooks.py notebooks/3[0-3]_backgammon_*.ipynb

Written without outputs; run_notebooks.py executes them and stores the outputs. Each
rule section: the rule in plain words with its ID, a board, a tiny code cell, a try-it
board, a check-yourself question.
"""
from __future__ import annotations

import pathlib
import sys
from textwrap import dedent

import nbformat as nbf

from nbgen import ROOT, code, md, question, try_it, write  # noqa: F401













IMPORTS = code("""
    import numpy as np
    from boardkit import IllegalMoveError
    from boardkit.backgammon import BackgammonGame, BackgammonRules
    from boardkit.backgammon.widget import BackgammonWidget
""")

SIDE = code("""
    from boardkit.backgammon.game import side   # {point: checkers} -> one side's 26 counts
""")


# ---------------------------------------------------------------------- 30
def nb30():
    return [
        md("""
        # Backgammon 1: the board, the numbering and the start (バックギャモン)

        Backgammon is a race for two players. Each has fifteen checkers (コマ) that travel
        half-way round a board of 24 points, driven by two dice, and then leave the board.
        The first to bring all fifteen home and off wins. The dice bring luck, but which
        checkers to move is your choice: that mixture of chance and skill is the game.
        (In old Japan a cousin of it was played as 盤双六, *ban-sugoroku*.)

        This notebook sets the board up and starts a game. Every rule has an ID such as
        **BG-01**; the full list, in our own words, is in `docs/rules/backgammon.md`.
        """),
        IMPORTS,
        md("""
        ## The board and its numbering (BG-01)

        The board has 24 narrow triangles called **points** (ポイント), twelve along each
        long side, and a wooden divider in the middle called the **bar** (バー). Each player
        counts the points from their own side: you move from your 24-point towards your
        1-point and then off the board into the tray on the right. Your points 1–6 are
        your **home board** (インナー, bottom right in the drawing).

        The opponent goes the other way round, so the same triangle has two numbers: your
        point *n* is the opponent's point 25 − *n*. Here White sits at the bottom.
        """),
        code("""
            game = BackgammonGame()
            game
        """),
        md("""
        The same triangle seen from both sides: White's 24-point is Red's 1-point. The
        answer is (owner, checkers): White's two back checkers.
        """),
        code("""
            game.checkers_at(24, player=0), game.checkers_at(1, player=1)
        """),
        md("""Seen from Red's side (`flip=True`), the numbers printed are Red's:"""),
        code("""
            game.draw(flip=True, size=420)
        """),
        question("""
            Red's checkers on White's 12-point: what is that point called from Red's side?
        """, """
            Red's 13-point, since 25 − 12 = 13. It is Red's "mid-point", where five of
            Red's checkers start.
        """),
        *try_it("""
            Press **Flip** to look from Red's side and watch the numbers change; press
            Flip again to come back.
        """, "BackgammonWidget()"),
        md("""
        ## The setup (BG-02)

        Each player puts two checkers on their 24-point, five on their 13-point, three on
        their 8-point and five on their 6-point, all counted from their own side. The
        **pip count** (ピップカウント, 残り) is how far a side still has to travel: each
        checker's point number, added up. At the start both sides need 167 pips.
        """),
        code("""
            white = game.board(0)        # index 1..24 = points, 25 = bar, 0 = borne off
            {p: white[p] for p in range(1, 25) if white[p]}, game.pip_count()
        """),
        question("""
            Check the 167 by hand from the four starting points.
        """, """
            2 × 24 + 5 × 13 + 3 × 8 + 5 × 6 = 48 + 65 + 24 + 30 = 167.
        """),
        *try_it("""
            The pip counts are always written above the board. Roll, move a checker and
            watch your count drop by the number on the die.
        """, "BackgammonWidget(seed=30)"),
        md("""
        ## The opening roll (BG-03)

        To start, each player rolls **one** die. The higher number moves first, and plays
        those two numbers (its own die and the opponent's) as its first roll. Equal numbers
        are simply rolled again, so a game never opens with a double. From then on each
        player rolls both dice at the start of each turn.

        In boardkit the roll is part of the state: `resolve_chance(rng)` performs the
        whole opening roll with a seeded random generator, re-rolls included.
        """),
        code("""
            rng = np.random.default_rng(3)
            g = BackgammonGame()
            g.resolve_chance(rng)
            g.opening_rolls, ["White", "Red"][g.turn], g.dice
        """),
        md("""
        The list holds (White's die, Red's die) for every try. How often must the opening
        roll be repeated at least once? Both dice agree on 6 of the 36 rolls, 1 in 6:
        """),
        code("""
            rng = np.random.default_rng(0)
            ties = 0
            for _ in range(3000):
                g = BackgammonGame()
                g.resolve_chance(rng)
                ties += len(g.opening_rolls) > 1
            ties / 3000, 1 / 6
        """),
        question("""
            Who starts is a coin toss. Why does that mean no single opening roll can be a
            double?
        """, """
            A double would be a tie (both players rolled the same number), and ties are
            rolled again (BG-03).
        """),
        *try_it("""
            Press **Roll**: the opening roll decides who starts and the first player's
            dice appear. Press **New game** and roll again to see the other player start.
        """, "BackgammonWidget(seed=3)"),
        md("""
        ## Writing down a play (BG-16)

        Players write a play from the mover's side as *from/to* for each checker:
        `24/18 13/11`. A checker that enters from the bar is `bar/22`, one that leaves the
        board is `6/off`, two equal moves are `8/5(2)`, and a star marks a hit (`13/7*`).
        With the dice set by hand (`set_dice`), `legal_moves()` lists every different play:
        """),
        code("""
            g = BackgammonGame().set_dice(3, 1)
            [str(p) for p in g.legal_moves()]
        """),
        md("""
        `play` takes a play or its text, in any order or split into single dice; a play
        that breaks a rule raises `IllegalMoveError` naming the rule and leaves the game
        as it was.
        """),
        code("""
            try:
                g.play("24/18")
            except IllegalMoveError as e:
                print(e)
            g.play("6/5 8/5")
            [str(m) for m in g.history]
        """),
        question("""
            With 3-1 from the start, "8/5 6/5" makes a new point. Why does "24/20" appear in
            the list above as a single move?
        """, """
            It is one checker using both dice, 24/23/20 or 24/21/20; the text joins the two
            steps of one checker (BG-16).
        """),
        *try_it("""
            Set the dice to 3 and 1 with the small menus and **Set dice**, then make the
            point: 8 → 5, then 6 → 5. The move list shows "White 31: 8/5 6/5".
        """, "BackgammonWidget()"),
        md("""
        ## Positions to and from GNU Backgammon (BG-17)

        GNU Backgammon (gnubg), the free strong program, names a position with a
        14-character **Position ID** and the match situation with a 12-character **Match
        ID**. boardkit reads and writes both, so a position can be pasted into gnubg for
        analysis and back. The start position is `4HPwATDgc/ABMA`.
        """),
        code("""
            g = BackgammonGame().set_dice(4, 1)
            g.position_id(), g.match_id()
        """),
        code("""
            g.play("13/9 6/5")
            pid = g.position_id()
            back = BackgammonGame.from_position_id(pid, turn=1)
            pid, back.position() == g.position()
        """),
        question("""
            After White's play the Position ID changed but the start position's ID reads the
            same for both players. Why?
        """, """
            The start position is symmetric: both sides have the same checkers on the same
            points of their own numbering, so the two halves of the ID are equal.
        """),
        *try_it("""
            Play a few moves, then open "Game setup, save and resume" and press **Save**:
            the file keeps the whole game. `widget.game.position_id()` gives the gnubg ID.
        """, "BackgammonWidget(seed=17)"),
        md("""
        **Next:** `31_backgammon_moving.ipynb` — two dice, landing, hitting and doubles.
        """),
    ]


# ---------------------------------------------------------------------- 31
def nb31():
    return [
        md("""
        # Backgammon 2: moving with two dice (バックギャモン)

        How the dice move the checkers: each die is a separate move (BG-04), where a
        checker may land (BG-05), and what a double does (BG-06).
        """),
        IMPORTS,
        SIDE,
        md("""
        ## Two dice, two moves (BG-04)

        Each die moves one checker forward by its number. With 6 and 4 you may move one
        checker 6 and another 4, or one checker 10. A checker that uses both dice stops
        in between, and that intermediate point must itself be a place it may land.

        From the start with 6-4, "24/14" is one checker running through either 18 or 20:
        """),
        code("""
            g = BackgammonGame().set_dice(6, 4)
            run = next(p for p in g.legal_moves() if str(p) == "24/14")
            run.steps
        """),
        code("""
            g.draw(hint=run, size=460)
        """),
        md("""
        Now a checker on White's 10-point with 6-1, and Red holding White's 4-point and
        9-point: 10/9 is closed, and 10/4 is closed, so the checker cannot use both dice.
        """),
        code("""
            mine = side({10: 1, 6: 5, 8: 3})
            theirs = side({21: 2, 16: 2, 1: 5})       # Red's 21 = White's 4, Red's 16 = White's 9
            g = BackgammonGame.from_position(mine, theirs, dice=(6, 1))
            sorted(str(p) for p in g.legal_moves())
        """),
        code("""
            g
        """),
        question("""
            Is "10/3" in the list? Why or why not?
        """, """
            No. 10/3 would go through 9 (the 1 first) or 4 (the 6 first); Red holds both
            points, so the checker has nowhere to stop on the way (BG-04).
        """),
        *try_it("""
            Set the dice to 6 and 4 and move one back checker 24 → 18 → 14 (or 24 → 20 → 14):
            after the first click on 24 the green rings show both single steps.
        """, "BackgammonWidget()"),
        md("""
        ## Where a checker may land (BG-05)

        A checker may land on an empty point, on its own checkers (any number), or on a
        point with exactly **one** opposing checker — a **blot** (ブロット) — which it
        hits (ヒット). It may not land on a point held by two or more opposing checkers, but
        it may jump over such points. From the start with 5-5 the back checkers cannot move
        at all: Red's 6-point (White's 19) is closed.
        """),
        code("""
            g = BackgammonGame().set_dice(5, 5)
            [str(p) for p in g.legal_moves()]
        """),
        md("""
        A hit, marked with `*`: White's checker on 13 lands on Red's blot on White's 7.
        """),
        code("""
            mine = side({13: 2, 6: 5, 8: 3})
            theirs = side({18: 1, 6: 5, 1: 2})         # Red's blot on its 18 = White's 7
            g = BackgammonGame.from_position(mine, theirs, dice=(6, 5))
            hits = [str(p) for p in g.legal_moves() if p.hits]
            hits
        """),
        code("""
            g.play("13/7* 13/8")
            g.board(1)[25], g.pip_count()
        """),
        question("""
            After the hit, Red's pip count went up. By how much, and why?
        """, """
            By 7: the blot stood on Red's 18-point (18 pips from home, White's 7) and now
            sits on the bar, which counts 25: 25 − 18 = 7 pips. Hitting a checker that has
            come far costs it much more — one of the strategy tips.
        """),
        *try_it("""
            Set the dice to 6 and 5 and hit the blot with 13 → 7. The red checker goes to
            the bar in the middle of the board.
        """, "BackgammonWidget(BackgammonGame.from_position(mine, theirs))"),
        md("""
        ## Doubles (BG-06)

        When both dice show the same number (ゾロ目) it is played four times: 3-3 is four
        moves of three, by one checker or several. Doubles make many more plays possible.
        Here are the numbers of different plays from the start position for all 21 rolls
        (a play counts once per different resulting position):
        """),
        code("""
            table = {}
            for a in range(6, 0, -1):
                for b in range(a, 0, -1):
                    table[f"{a}-{b}"] = len(BackgammonGame().set_dice(a, b).legal_moves())
            table
        """),
        md("""
        These numbers agree with GNU Backgammon's own list of plays for all 21 rolls (with
        the very same notation, `tests/test_backgammon_crosscheck.py`) and with OpenSpiel's
        backgammon (the non-doubles from the start, and every roll over thousands of
        random positions: `benchmarks/backgammon_crosscheck.py`).
        """),
        code("""
            g = BackgammonGame().set_dice(3, 3)
            g.play("8/5(2) 6/3(2)")
            g.pip_count()
        """),
        question("""
            Why does 5-5 from the start give only 4 plays while 2-2 gives 75?
        """, """
            With fives, both 24/19 and 6/1 land on Red's closed points, so only the 13s and
            8s can move (13/8, 8/3). With twos nearly every checker can move, and four
            moves combine in many ways.
        """),
        *try_it("""
            Set the dice to 3 and 3 and build your 5-point and 3-point: 8 → 5 twice and
            6 → 3 twice. The four dice are shown and go grey as you use them.
        """, "BackgammonWidget()"),
        md("""
        **Next:** `32_backgammon_hitting_and_entering.ipynb` — the bar and coming back in.
        """),
    ]


# ---------------------------------------------------------------------- 32
def nb32():
    return [
        md("""
        # Backgammon 3: hitting, the bar and entering (バックギャモン)

        A hit checker goes to the bar and must come back in before anything else moves
        (BG-07). How likely is it to come in? We count it exactly over the 36 rolls, then
        simulate it.
        """),
        IMPORTS,
        SIDE,
        code("""
            from fractions import Fraction
            from boardkit import plot, sim
            from boardkit.backgammon.probability import enter_probability
            plot.setup()
        """),
        md("""
        ## The bar comes first (BG-07)

        A player with a checker on the bar must **enter** it before moving any other
        checker. It enters in the opponent's home board: a die of *n* puts it on the
        player's point 25 − *n* (a 1 on the 24-point, a 6 on the 19-point), provided that
        point is open (BG-05). With two on the bar, both must enter first.

        White has a checker on the bar and rolled 4-2. Red holds White's 23 (Red's 2-point):
        """),
        code("""
            mine = side({6: 5, 8: 3, 13: 6}, bar=1)
            theirs = side({2: 2, 6: 5, 8: 3, 13: 5})
            g = BackgammonGame.from_position(mine, theirs, dice=(4, 2))
            [str(p) for p in g.legal_moves()]
        """),
        code("""
            g
        """),
        code("""
            try:
                g.play("13/9 13/11")
            except IllegalMoveError as e:
                print(e)
        """),
        md("""
        When every entry point a die could use is closed, the checker stays on the bar
        and, since nothing else may move, the whole turn is lost: the player **dances**.
        """),
        code("""
            closed = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})      # Red's whole home board
            g = BackgammonGame.from_position(mine, closed, dice=(6, 6))
            [str(p) for p in g.legal_moves()]
        """),
        question("""
            With 6-3 and Red's 6-point and 3-point closed (White's 19 and 22), can White's
            checker enter?
        """, """
            No: a 6 enters on White's 19 and a 3 on White's 22, both closed. White dances.
        """),
        *try_it("""
            White is on the bar. Roll (or set dice): only the bar is lit; click it and choose
            an entry point.
        """, "BackgammonWidget(BackgammonGame.from_position(mine, theirs), seed=32)"),
        md("""
        ## The chance to enter, exactly (BG-07)

        One checker on the bar against *n* closed points enters unless **both** dice show
        closed numbers: the chance is 1 − (n/6)². Two checkers both enter only when both
        dice are open. `enter_probability` gives the exact fraction; we also let the engine
        count the 36 rolls itself, for one checker on the bar:
        """),
        code("""
            def engine_count(n):
                \"\"\"Of the 36 rolls, how many let White's bar checker enter with n points closed.\"\"\"
                them = side({13: 3, **{p: 2 for p in range(1, n + 1)}})   # Red holds its 1..n
                me = side({6: 5, 8: 3, 13: 6}, bar=1)
                ok = 0
                for a in range(1, 7):
                    for b in range(1, 7):
                        g = BackgammonGame.from_position(me, them, dice=(a, b))
                        ok += not g.legal_moves()[0].is_pass
                return Fraction(ok, 36)

            rows = [(n, enter_probability(n), engine_count(n), enter_probability(n, checkers=2))
                    for n in range(7)]
            for n, exact, counted, two in rows:
                print(f"{n} closed: one checker {str(exact):>6} = {float(exact):.3f}"
                      f"  (engine: {counted})   two checkers {str(two):>6}")
        """),
        question("""
            Against four closed points, what is the chance that one checker enters? And two?
        """, """
            One: 1 − (4/6)² = 1 − 16/36 = 20/36 = 5/9. Two: both dice must be among the two
            open numbers: (2/6)² = 4/36 = 1/9.
        """),
        md("""
        ## The same, simulated

        Now roll the dice many times with a seeded generator and count how often at least
        one die (for one checker) or both dice (for two) land on an open point.
        `sim.monte_carlo` gives the mean with a 95% interval.
        """),
        code("""
            def entering(n, checkers):
                def fn(rng, size):
                    dice = rng.integers(1, 7, size=(size, 2))
                    open_ = dice > n                          # numbers 1..n are closed
                    return open_.any(axis=1) if checkers == 1 else open_.all(axis=1)
                return fn

            sims = {(n, c): sim.monte_carlo(entering(n, c), 20_000, seed=n, progress=False)
                    for n in range(7) for c in (1, 2)}
            sims[(4, 1)], float(enter_probability(4))
        """),
        code("""
            fig, ax = plot.figure(figsize=(7, 3.6))
            ns = list(range(7))
            for c, colour in ((1, "tab:blue"), (2, "tab:red")):
                exact = [float(enter_probability(n, checkers=c)) for n in ns]
                mc = [sims[(n, c)].mean for n in ns]
                ax.plot(ns, exact, "o-", color=colour, label=f"{c} on the bar: exact")
                ax.plot(ns, mc, "x", color="k", markersize=8)
            ax.set_xlabel("closed points in the opponent's home board")
            ax.set_ylabel("chance to enter (all checkers)")
            ax.set_title("Entering from the bar (バーからのエンター): exact vs simulated (×)")
            ax.legend()
            _ = fig
        """),
        question("""
            The simulated values lie within about ±0.007 of the exact ones. Why would
            200,000 rolls instead of 20,000 shrink that to about ±0.002?
        """, """
            The error of a Monte Carlo mean falls like 1/√N: ten times as many rolls gives
            about √10 ≈ 3.2 times less error.
        """),
        *try_it("""
            Red holds five points of its home board. Roll for White a few times with
            **Undo** in between to see how rarely the bar checker gets in (11 rolls in 36).
        """, "BackgammonWidget(BackgammonGame.from_position(side({6: 5, 8: 3, 13: 6}, bar=1), "
             "side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5})), seed=5)"),
        md("""
        **Next:** `33_backgammon_whole_roll.ipynb` — the rule to use as much of the roll as
        possible.
        """),
    ]


# ---------------------------------------------------------------------- 33
def nb33():
    return [
        md("""
        # Backgammon 4: use the whole roll (バックギャモン)

        You may not pick and choose which dice to play: the roll must be used as fully as
        the position allows (BG-08). This notebook goes through the cases, including the
        tricky ones where only one die can be played.
        """),
        IMPORTS,
        SIDE,
        md("""
        ## The rule (BG-08)

        * If there is any way to play **both** dice, both must be played.
        * If only one die can be played, and either one could, the **larger** must be played.
          (If only the smaller can be played, play it.)
        * With a double, play as many of the four moves as possible.
        * If nothing can be played, the turn is lost. Passing is never voluntary.

        `legal_moves()` already applies all of this: every play it lists uses as much of
        the roll as possible.
        """),
        md("""
        ### Both dice whenever possible

        From the start with 6-5 every play uses both dice; moving one checker 6 and stopping
        is not allowed.
        """),
        code("""
            g = BackgammonGame().set_dice(6, 5)
            try:
                g.play("13/7")
            except IllegalMoveError as e:
                print(e)
        """),
        md("""
        ### The order that lets both dice play

        One checker on White's 12-point, dice 4-3, Red holding White's 9-point. Playing the
        3 first (12/9) is impossible; the 4 first (12/8) then the 3 (8/5) uses both dice —
        so that is the only legal play, and 12/8 alone is refused.
        """),
        code("""
            g = BackgammonGame.from_position(side({12: 1}), side({16: 2}), dice=(4, 3))
            [str(p) for p in g.legal_moves()]
        """),
        code("""
            try:
                g.play("12/8")
            except IllegalMoveError as e:
                print(e)
        """),
        question("""
            Why does the engine refuse 12/8 on its own, though 12/8 is a perfectly good move?
        """, """
            Because after 12/8 the 3 can still be played (8/5), and the rule demands both
            dice when both can be played (BG-08).
        """),
        *try_it("""
            Set the dice to 4 and 3 and click the checker on 12: only 8 is offered as a
            target, since 9 would leave the 4 unplayable.
        """, "BackgammonWidget(BackgammonGame.from_position(side({12: 1}), side({16: 2})))"),
        md("""
        ### Only one die fits: the larger one

        White's last checker is on the 9-point; Red holds White's 3-point. With 4-2 the
        checker could go 9/5 or 9/7, but never both (9/5/3 and 9/7/3 both end on 3). Either
        die could be played alone, so the rule picks the larger: 9/5.
        """),
        code("""
            g = BackgammonGame.from_position(side({9: 1}), side({22: 2}), dice=(4, 2))
            [str(p) for p in g.legal_moves()]
        """),
        code("""
            try:
                g.play("9/7")
            except IllegalMoveError as e:
                print(e)
        """),
        md("""
        If the larger die cannot move at all, the smaller is played. Close White's 5-point
        too (Red's 20): now only the 2 works.
        """),
        code("""
            g = BackgammonGame.from_position(side({9: 1}), side({22: 2, 20: 2}), dice=(4, 2))
            [str(p) for p in g.legal_moves()]
        """),
        question("""
            Same position (checker on 9, Red on White's 3), but the roll is 6-2. What must
            White play?
        """, """
            9/3 is closed, so the 6 cannot move; 9/7 then 7/1 uses both dice if the 1-point
            is open — it is (nothing there), so White must play 9/7/1, written 9/1.
        """),
        md("""
        ### Doubles: as many as possible

        Two back checkers on 24, Red holding White's 15-point, roll 3-3. Each checker can
        go 24/21/18 and then no further: four moves in all, "24/18(2)". With a single back
        checker only two of the four threes can be played.
        """),
        code("""
            one = BackgammonGame.from_position(side({24: 1}), side({10: 2}), dice=(3, 3))
            two = BackgammonGame.from_position(side({24: 2}), side({10: 2}), dice=(3, 3))
            [str(p) for p in two.legal_moves()], [str(p) for p in one.legal_moves()]
        """),
        md("""
        ### Nothing to play

        When no die can be played the only move is `(no play)`, and it is not allowed when
        something can be played.
        """),
        code("""
            g = BackgammonGame().set_dice(2, 1)
            try:
                g.play("(no play)")
            except IllegalMoveError as e:
                print(e)
        """),
        md("""
        ## A bear-off case (BG-08 with BG-09)

        While bearing off (BG-09: a die removes a checker from its point, or from the highest
        point when no checker is higher), the "larger die" rule still applies. White has one
        checker on the 6-point and one on the 3-point; the roll is 5-4. Neither die bears
        off directly while the 6 is there, so the 6 must move first, then the 3 goes off:
        """),
        code("""
            g = BackgammonGame.from_position(side({6: 1, 3: 1}), side({1: 13}), dice=(5, 4))
            [str(p) for p in g.legal_moves()]
        """),
        question("""
            Why is "3/off" with the 4 not allowed as White's first step?
        """, """
            A die larger than the point may bear off only from the highest occupied point
            (BG-09); the 6-point is higher, so that checker must move first.
        """),
        *try_it("""
            Set the dice to 5 and 4: the 6-point checker is the only one lit at first.
            Move it, and the 3 can then be borne off into the tray.
        """, "BackgammonWidget(BackgammonGame.from_position(side({6: 1, 3: 1}), side({1: 13})))"),
        md("""
        ## How often does the rule bite?

        Over a few hundred random game turns, how often does a roll leave fewer dice to play
        than it has? The engine knows: every play it lists has the same length.
        """),
        code("""
            from boardkit.backgammon.game import START, plays_for
            rng = np.random.default_rng(33)
            short = total = 0
            for game in range(40):
                mine, theirs = START, START
                while True:
                    a, b = (int(x) for x in rng.integers(1, 7, size=2))
                    plays = plays_for(mine, theirs, a, b)
                    full = 4 if a == b else 2
                    total += 1
                    short += len(plays[0].steps) < full
                    p = plays[rng.integers(len(plays))]
                    mine, theirs = p.after
                    if mine[0] == 15:
                        break
                    mine, theirs = theirs, mine
            short, total, round(short / total, 3)
        """),
        question("""
            In random games a good share of turns cannot use the whole roll. What usually
            causes it?
        """, """
            Checkers stuck on the bar against closed points (dancing, BG-07), and doubles
            near the end of the bear-off, when fewer than four moves remain.
        """),
        md("""
        **Next:** bearing off and the bear-off table are in `34_backgammon_bearing_off.ipynb`.
        """),
    ]


# ---------------------------------------------------------------------- 36
def nb36():
    return [
        md("""
        # Backgammon 7: winning big, the cube and matches (バックギャモン)

        How much a game is worth: the kind of win (BG-10, BG-11), the doubling cube
        (BG-12), matches to N points with the Crawford rule (BG-13, BG-14) and the Jacoby
        rule for money play (BG-15).
        """),
        IMPORTS,
        SIDE,
        md("""
        ## Winning (BG-10) and the three kinds of win (BG-11)

        The first to bear off all fifteen checkers wins; there is no draw. How much the
        win is worth depends on how far the loser got:

        * **single** (1 point): the loser has borne off at least one checker;
        * **gammon** (ギャモン, 2 points): the loser has borne off none;
        * **backgammon** (バックギャモン, 3 points): a gammon where the loser still has a
          checker on the bar or in the winner's home board.

        White has one checker left on its 1-point and rolls 2-1. Three different Red
        positions:
        """),
        code("""
            def finish(red):
                g = BackgammonGame.from_position(side({1: 1}), red, dice=(2, 1),
                                                 rules=BackgammonRules.no_cube())
                g.play("1/off")
                return g.outcome().points, g.outcome().reason

            finish(side({20: 1})), finish(side({6: 15})), finish(side({6: 14}, bar=1))
        """),
        code("""
            BackgammonGame.from_position(side({1: 1}), side({6: 14, 20: 1}))
        """),
        question("""
            In the board above Red has one checker on its 20-point. If White bears off now,
            what kind of win is it?
        """, """
            A backgammon: Red has borne nothing off, and Red's 20-point is White's 5-point,
            inside White's home board (BG-11).
        """),
        *try_it("""
            Roll for White and bear the last checker off: the status line names the kind of
            win and the points.
        """, "BackgammonWidget(BackgammonGame.from_position(side({1: 1}), side({6: 14, 20: 1})), seed=1)"),
        md("""
        ## The doubling cube (BG-12)

        The cube (ダブリングキューブ) shows the stake: 1, then 2, 4, 8, 16, 32, 64. At the
        start of your turn, **before rolling**, you may double. The opponent either
        **takes** (テイク) — the game goes on at twice the stake and the taker now owns the
        cube — or **passes** (パス) and loses the game at the stake before the double.
        At first either player may double; after that only the owner of the cube may
        redouble. The cube multiplies the points of the win: a gammon with the cube on 2 is
        worth 4.
        """),
        code("""
            g = BackgammonGame().set_dice(3, 1)
            g.play("8/5 6/5")
            [str(m) for m in g.legal_moves()]      # Red, before rolling
        """),
        code("""
            g.play("double")
            ["White", "Red"][g.turn], [str(m) for m in g.legal_moves()]
        """),
        code("""
            g.play("take")
            g.cube_value, ["White", "Red"][g.cube_owner]
        """),
        md("""
        Now White owns the cube. Red rolls and plays; at Red's next turn, Red may not double
        again — only White may:
        """),
        code("""
            g.set_dice(2, 1)
            g.play(g.legal_moves()[0])
            g.play("roll")
            g.set_dice(6, 4)
            g.play(g.legal_moves()[0])
            try:
                g.play("double")
            except IllegalMoveError as e:
                print(e)
        """),
        code("""
            g.draw(size=460)
        """),
        question("""
            White owns a 4-cube and wins a gammon. How many points? And if White had doubled
            to 8 and Red passed?
        """, """
            A gammon is 2 points times the cube: 2 × 4 = 8. A pass loses the stake before
            the double: 4 points.
        """),
        *try_it("""
            Play against the computer (Red, level "normal"). At the start of your turn press
            **Double** to offer the cube and see whether it takes.
        """, 'BackgammonWidget(computer=1, level="normal", seed=12)'),
        md("""
        ## Point matches (BG-13) and the Crawford rule (BG-14)

        In a match to N points, games follow one another and each win adds its points to
        the winner's score until someone has N. When a player first reaches N − 1 (one point
        from victory), the **next** game is the **Crawford game**: nobody may double in it.
        (The trailer would otherwise double at once, since losing by more costs nothing.)
        After it, doubling is allowed again.

        `BackgammonMatch` makes the games with the right score and Crawford flag. A
        3-point match between two computer players:
        """),
        code("""
            from boardkit.backgammon import BackgammonMatch
            from boardkit.backgammon import ai
            m = BackgammonMatch(3)
            m.play([ai.make_bot("easy"), ai.make_bot("easy")], np.random.default_rng(7))
            m.score, ["White", "Red"][m.winner]
        """),
        code("""
            for line in m.log:
                print(line)
            [g.crawford for g in m.games]
        """),
        md("""
        In the Crawford game the cube is simply not offered: the turn goes straight to the
        roll, and an attempt to double names the rule.
        """),
        code("""
            m = BackgammonMatch(5)
            m.score = [4, 2]
            g = m.new_game()
            g.set_dice(3, 1)
            g.play("8/5 6/5")
            try:
                g.play("double")
            except IllegalMoveError as e:
                print(e)
        """),
        question("""
            A 5-point match stands at 4-2. Red wins the Crawford game with a gammon.
            What is the score, and may Red double in the next game?
        """, """
            4-4 (a gammon is 2 points). Yes: the Crawford game is over, so doubling is allowed
            again (the "post-Crawford" games).
        """),
        *try_it("""
            A 3-point match against the computer: the line above the board shows the score;
            when a game ends, **New game** continues the match.
        """, 'BackgammonWidget(rules="match 3", computer=1, level="easy", seed=13)'),
        md("""
        ## The Jacoby rule (BG-15)

        An option for money play only: a gammon or backgammon counts as a single game unless
        the cube has been turned. It stops a player from avoiding the cube just to play on
        for a gammon.
        """),
        code("""
            jacoby = BackgammonRules.money(jacoby=True)
            before = BackgammonGame.from_position(side({1: 1}), side({6: 15}), rules=jacoby, dice=(2, 1))
            before.play("1/off")
            turned = BackgammonGame.from_position(side({1: 1}), side({6: 15}), rules=jacoby,
                                                  cube=2, cube_owner=1, dice=(2, 1))
            turned.play("1/off")
            before.outcome().reason, turned.outcome().reason
        """),
        question("""
            Why does boardkit refuse the Jacoby rule in a match?
        """, """
            In a match the points count toward a target score, and gammons matter there
            (with the Crawford rule and the cube's match value). The rule is made for money
            play, where it speeds games up (BG-15); boardkit refuses it with a match length.
        """),
        *try_it("""
            Choose "money, Jacoby" under "Game setup" and start a **New game**: the line
            above the board shows the rule.
        """, 'BackgammonWidget(rules="money, Jacoby")'),
        md("""
        **See also:** `37_backgammon_strategy.ipynb` — the strategy tips measured with bot
        games, including when to double and when to take.
        """),
    ]


BOOKS = {
    "30": ("30_backgammon_board_and_start.ipynb", nb30),
    "31": ("31_backgammon_moving.ipynb", nb31),
    "32": ("32_backgammon_hitting_and_entering.ipynb", nb32),
    "33": ("33_backgammon_whole_roll.ipynb", nb33),
    "36": ("36_backgammon_cube_and_matches.ipynb", nb36),
}

if __name__ == "__main__":
    wanted = sys.argv[1:] or list(BOOKS)
    for key in wanted:
        name, make = BOOKS[key]
        write(name, make())
