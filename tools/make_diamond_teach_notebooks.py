"""Write the Diamond Game teaching notebooks (23-28) and the exercise notebooks.

    .venv/bin/python tools/make_diamond_teach_notebooks.py            # all of them
    .venv/bin/python tools/make_diamond_teach_notebooks.py 23 24      # some
    .venv/bin/python tools/run_notebooks.py notebooks/2[3-8]_diamond_*.ipynb

The notebooks are written without outputs; run_notebooks.py executes them and stores
the outputs. Every rule section follows the same pattern: the rule in plain words with
its ID, a board, a tiny code cell, a try-it board, a check-yourself question.
"""
from __future__ import annotations

import pathlib
import sys
from textwrap import dedent

import nbformat as nbf

from nbgen import ROOT, code, md, question, try_it, write  # noqa: F401











IMPORTS = code("""
    from boardkit import IllegalMoveError
    from boardkit.diamond import DiamondGame, DiamondRules, board as B
    from boardkit.diamond.widget import DiamondWidget

    def labels(holes):
        "Hole labels, sorted, for printing."
        return sorted(B.label(h) for h in holes)
""")




# ---------------------------------------------------------------------- 23
def nb23():
    return [
        md("""
        # Diamond Game 4: the king piece 王駒

        Every colour in Diamond Game (ダイヤモンドゲーム) has one special piece, the
        **王駒** (*ōgoma*, the king piece). Chinese checkers has nothing like it, and it
        changes the game in three ways:

        1. it can jump a whole **row** of pieces at once (a *group jump*),
        2. nobody may jump **over** it, so a king is a wall,
        3. a player only finishes with the king on the goal's tip hole ◎.

        This notebook shows the first two, and the one point of the rules that families
        settle differently: may the king keep hopping after a group jump? Rule IDs such
        as (DG-11) point to `docs/rules/diamond.md`. Holes are written with their labels:
        a row letter from `a` (bottom) to `q` (top) and a place in the row from the left.
        On the boards the king is the piece marked 王.

        Reading time: about 12 minutes.
        """),
        IMPORTS,
        md("""
        ## Each colour has one king (DG-04)

        Of a colour's 15 pieces one is the king and 14 are ordinary pieces (子駒,
        *kogoma*). At the start the king stands on the ◎ of its start camp, the tip hole
        furthest from the centre, so it is the last piece to leave home.
        """),
        code("""
            g = DiamondGame(DiamondRules(players=2))
            print("red king on", B.label(g.king_of(0)), "= the start ◎", B.label(g.start_apex(0)))
            print("red must bring it to", B.label(g.goal_apex(0)))
            g.draw(highlight=[g.king_of(0), g.king_of(1)], size=360)
        """),
        md("""
        ## The group jump (DG-11)

        An ordinary piece hops over **one** neighbouring piece (DG-09). The king may jump
        a straight row of **any number** of touching pieces, of any colours, and land on
        the empty hole right after the row. It may not stop in the middle of the row or
        skip a gap after it.

        Below, the red king on `f8` faces a row of three pieces (yellow, red, yellow) on
        `g7`, `h6`, `i5`; the hole after them, `j5`, is empty.
        """),
        code("""
            rules = DiamondRules(players=2)
            row = {"f8": (0, True), "g7": 1, "h6": 0, "i5": 1, "k6": 0}
            g = DiamondGame.from_pieces(row, rules)
            jumps = [m for m in g.legal_moves() if m.path[0] == B.hole("f8") and m.kind != "step"]
            print(jumps)
            g.draw(selected="f8", targets=g.reachable_from("f8"), arrows=[m.path for m in jumps], size=380)
        """),
        md("""
        The king lands on `j5` in one jump over three pieces. From there it hops once
        more, over the red piece on `k6`, to `l7` — a chain, exactly as in DG-10. The same
        square with an ordinary piece instead of the king can only step:
        """),
        code("""
            plain = DiamondGame.from_pieces({**row, "f8": 0}, rules)
            print("king:    ", labels(g.reachable_from("f8")))
            print("ordinary:", labels(plain.reachable_from("f8")))
        """),
        *try_it("""
            Red to move. Click the king on `f8` to see its targets, then click `l7`.
            Undo, and try the ordinary red piece on `h6`: which way can it hop?
        """, "DiamondWidget(game=g.copy())"),
        question("""
            A king has five pieces touching in a row in front of it and the hole after the
            fifth is empty. Can it jump? What if the hole after the fifth is taken?
        """, """
            Yes: the row may be of any length, so it jumps all five and lands right after
            them (DG-11). If that hole is taken, there is no jump in that direction: the
            landing hole must be the one immediately after the row.
        """),
        md("""
        ## Kings are walls (DG-12)

        No piece may jump over a king: not an ordinary piece, not another king, whether
        its own or an opponent's. A row with a king anywhere in it cannot be group-jumped
        either. A king parked in a crowded lane therefore closes that lane to everyone.

        Here the yellow king sits on `h6`, between the red piece on `g7` and the empty
        hole `i5`. The red hop `g7:i5` would be legal over any other piece.
        """),
        code("""
            wall = DiamondGame.from_pieces({"g7": 0, "h6": (1, True), "f8": (0, True), "e9": 0}, rules)
            try:
                wall.play("g7:i5")
            except IllegalMoveError as e:
                print(e)
            wall.draw(selected="g7", targets=wall.reachable_from("g7"), size=380)
        """),
        md("""
        The red king on `f8` is also stuck behind the row `g7`, `h6`: the row holds a king,
        so there is no group jump over it, and the only moves left are steps.
        """),
        code("""
            print("red king can reach:", labels(wall.reachable_from("f8")))
            try:
                wall.play("f8:i5")
            except IllegalMoveError as e:
                print(e)
        """),
        *try_it("""
            Red to move. Click the red piece on `g7` and the red king on `f8`: the hole `i5`
            is never marked. Then play a red move, and as yellow move the yellow king away:
            what opens up for red?
        """, "DiamondWidget(game=wall.copy())"),
        question("""
            A red king faces a row of three pieces: yellow, yellow king, green, with an empty
            hole after them. How many pieces can it jump in that direction?
        """, """
            None. A row that contains a king cannot be jumped as a group, and the first
            piece alone cannot be hopped because the hole after it is taken (DG-12, DG-11).
        """),
        md("""
        ## Hopping on after a group jump (option, DG-11)

        The source article notes that families disagree here: after a group jump, may the
        king go on with further hops in the same turn? boardkit follows the article's own
        game site and says **yes** by default. `king_hops_after_group=False` gives the other
        reading: a group jump over two or more pieces ends the king's turn (single hops,
        over one piece, still chain).
        """),
        code("""
            strict = DiamondGame.from_pieces(row, DiamondRules(players=2, king_hops_after_group=False))
            print("default (hops on):", labels(g.reachable_from("f8")))
            print("strict (stops):   ", labels(strict.reachable_from("f8")))
            try:
                strict.play("f8:j5:l7")
            except IllegalMoveError as e:
                print(e)
        """),
        code("""
            strict.draw(selected="f8", targets=strict.reachable_from("f8"), size=380)
        """),
        md("""
        How much does the option matter in real games? The engine counts it: over
        positions from a game between two computer players, how many holes can each king
        reach, with and without hopping on?
        """),
        code("""
            import numpy as np
            from boardkit.diamond.ai import BOTS

            def king_reach(after_group, plies=120, seed=1):
                g = DiamondGame(DiamondRules(players=2, king_hops_after_group=after_group))
                rng, counts = np.random.default_rng(seed), []
                while not g.is_over() and len(g.history) < plies:
                    counts.append(len(g.reachable_from(g.king_of(g.turn))))
                    g.play(BOTS["よわい"](g, rng))
                return np.mean(counts)

            print(f"mean holes a king can reach: hops on {king_reach(True):.2f}, "
                  f"stops {king_reach(False):.2f}")
        """),
        md("""
        The same game seed is used for both, so the games start alike; the numbers say how
        often a group jump is followed by a useful hop. Agree on the option before playing
        (the widget has a checkbox for it under "Game setup").
        """),
        *try_it("""
            The strict reading: click the king on `f8` and check that `l7` is not offered.
        """, "DiamondWidget(game=strict.copy())"),
        question("""
            With `king_hops_after_group=False`, may a king hop over one piece, then over
            another single piece, in the same turn? And may it group-jump after a single hop?
        """, """
            Yes to both. Only a jump over a row of two or more pieces ends the turn; single
            hops chain as usual (DG-10), and the last jump of a chain may be a group jump.
        """),
        md("""
        ## Summary

        * The king jumps a straight row of any length, landing right after it (DG-11).
        * Nothing ever jumps a king, alone or inside a row (DG-12): kings are walls.
        * Whether the king hops on after a group jump is an option; boardkit's default is
          yes, as on the source article's own game site.

        Next: the holes nobody else may enter, and what happens when your goal is blocked
        (`24_diamond_forbidden_and_goals.ipynb`).
        """),
    ]


# ---------------------------------------------------------------------- 24
def nb24():
    return [
        md("""
        # Diamond Game 5: forbidden tips, ◎ and blocked goals

        You win Diamond Game by filling your goal camp, the camp opposite your start,
        with your king on its tip hole ◎. Three details decide whether that is possible:
        the tips where you may never stop, the corner holes that two camps share, and
        what to do when other players' pieces sit in your goal. This notebook goes
        through them, with our decisions where the traditional rules are silent.

        Reading time: about 15 minutes.
        """),
        IMPORTS,
        md("""
        ## Forbidden tips (DG-13)

        A camp is a tip's 10 holes plus the 5 border holes of the hexagon next to it. The
        **tips** (the 10 outer holes) of every colour except your own are closed to you:
        you may not stop there, and a hop chain may not land there on the way either.
        Border holes are open to everyone. Your own colour has two tips (start and goal)
        and you may use both. The board shades red's forbidden holes with ×:
        """),
        code("""
            g = DiamondGame(DiamondRules(players=3))
            print("holes forbidden to red:", len(g.forbidden(0)))
            g.draw(forbidden_for=0, size=380)
        """),
        md("""
        Four tips of 10 holes: the two yellow ones and the two green ones. In a
        two-player game the unused colour's tips stay forbidden to both players, so the
        count does not change:
        """),
        code("""
            two = DiamondGame(DiamondRules(players=2))
            print("red:", len(two.forbidden(0)), " yellow:", len(two.forbidden(1)),
                  " green's tips forbidden to both:", B.tip("NE") <= two.forbidden(0) & two.forbidden(1))
        """),
        md("""
        Mid-chain landings count too. Below, the red piece on `m8` would like to hop over
        the green piece on `m9` to `m10`, and from there over `l9` back into the hexagon at
        `k8`. But `m10` is a hole of a green tip: red may not land there, not even for a
        moment, so the whole chain is illegal.
        """),
        code("""
            rules = DiamondRules(players=3)
            pos = DiamondGame.from_pieces({"m8": 0, "m9": 2, "l9": 2}, rules)
            print("m10 is on the", B.tip_of(B.hole("m10")), "tip, coloured", rules.colours["NE"])
            print("red from m8 can reach:", labels(pos.reachable_from("m8")))
            try:
                pos.play("m8:m10:k8")
            except IllegalMoveError as e:
                print(e)
            pos.draw(selected="m8", targets=pos.reachable_from("m8"), arrows=[["m8", "m10", "k8"]],
                     size=380)
        """),
        *try_it("""
            Select a red piece near a green or yellow tip: the shaded holes are never
            marked as targets.
        """, "DiamondWidget(game=pos.copy())"),
        question("""
            In a two-player game (red and yellow), may a red piece rest on a hole of the
            green tips? May it rest on a border hole of a green camp?
        """, """
            Not on the green tips: the unused colour's tips stay forbidden (DG-13, DG-06).
            Border holes belong to the hexagon and are open to everyone.
        """),
        md("""
        ## Shared corners (DG-03)

        The two ends of a camp's border are corners of the hexagon, and each also belongs
        to the camps on either side. So your **start** camp's corners lie inside the
        neighbours' **goal** camps. A piece you never move off a corner stays in someone
        else's goal.
        """),
        code("""
            g = DiamondGame(DiamondRules(players=3))
            for c in sorted(B.corners("S")):
                owners = [g.colour(p) for p in range(3) if c in g.goal_camp(p)]
                print(f"red start corner {B.label(c)} is in the goal camp of: {owners}")
            g.draw(highlight=B.corners("S"), size=380)
        """),
        question("""
            Why can't a red piece left on `e9` stop yellow from *finishing* under our
            default rule, even though it sits in yellow's goal?
        """, """
            Under the blocked-goal rule (DG-16, below) yellow finishes when every hole of its
            goal camp is occupied, by anyone, and its king is on ◎. The red piece counts as
            one of the occupied holes. It does cost yellow something: one yellow piece has
            no room inside and must wait outside.
        """),
        md("""
        ## Finishing: all in, king on ◎ (DG-14, DG-15)

        You finish when all your pieces are in your goal camp and your king is on its ◎.
        If an ordinary piece of yours sits on ◎, the king cannot get in: that piece has to
        step out again first. Nothing forces you, you simply have not finished.
        """),
        code("""
            goal = sorted(B.camp("N"))
            below = [h for h in B.neighbours(B.apex("N")) if h in B.camp("N")]
            squat = {h: 0 for h in goal if h != below[0]}        # ◎ holds an ordinary piece
            squat[below[0]] = (0, True)                           # the king is next to it
            squat[B.apex("NW")] = (1, True)                       # yellow's king, far away
            near = DiamondGame.from_pieces(squat, DiamondRules(players=2))
            print("finished?", near.has_finished(0), "- king on", B.label(near.king_of(0)))
            near.draw(highlight=[B.apex("N")], size=380)
        """),
        md("""
        Red has all 15 pieces in the goal but the king is beside ◎. Red must spend moves
        getting the ordinary piece off ◎ and the king on. In real play it is cheaper to
        keep ◎ empty for the king (strategy tip 4 in notebook 27).
        """),
        question("""
            Red has 15 pieces in the goal and the king on ◎. Has red finished if one of the
            goal's holes holds a yellow piece?
        """, """
            That cannot happen with all 15 red pieces inside: a camp has only 15 holes. If a
            yellow piece sits on one, one red piece must be outside. Then the blocked-goal
            rule decides: every hole occupied and the king on ◎ means red has finished (DG-16).
        """),
        md("""
        ## Blocked goals (DG-16, our default)

        Other colours may legally rest on the border holes of your goal, and the corner
        holes start out full of your neighbours' pieces. The article gives no official rule
        for this, only suggestions. boardkit follows its own game site: **a player has
        finished when every hole of the goal camp is occupied, by anyone, and their king
        is on ◎** (without kings: when the goal camp is full and holds at least one of
        their pieces).
        """),
        code("""
            camp = sorted(B.camp("N"))
            corner = sorted(B.corners("N"))[0]
            blocked = {h: 0 for h in camp}
            blocked[B.apex("N")] = (0, True)
            blocked[corner] = 1                    # a yellow piece squats on a corner
            blocked.update({"i5": 0, B.apex("NW"): (1, True)})   # red's 15th piece waits outside
            done = DiamondGame.from_pieces(blocked, DiamondRules(players=2), turn=1)
            print("red pieces in the goal:", sum(1 for h in camp if done.piece_at(h)[0] == 0))
            done.play(done.legal_moves()[0])       # a yellow move: the finish is checked after each turn
            print(done.outcome().reason)
            done.draw(highlight=[corner], size=380)
        """),
        md("""
        Two house rules are available, both off by default; each is stated exactly in the
        docstring of `DiamondRules`:

        * `swap_rule=True` — a step onto a hole of your goal camp that holds another
          colour's piece swaps the two pieces;
        * `no_squatting_after=N` — after N turns, while you still have pieces in your start
          camp, you must move one of them out if you can.
        """),
        code("""
            swap = DiamondGame.from_pieces({**blocked, corner: 1}, DiamondRules(players=2, swap_rule=True))
            swap_moves = [m for m in swap.legal_moves() if m.kind == "swap"]
            print("swap moves for red:", swap_moves)
        """),
        code("""
            strict = DiamondGame(DiamondRules(players=2, no_squatting_after=0))
            print("moves with no squatting:", len(strict.legal_moves()),
                  "- without the house rule:", len(DiamondGame(DiamondRules(players=2)).legal_moves()))
        """),
        md("""
        At the very start nearly every red move leaves the start camp anyway; the house rule
        bites late in the game, on a piece left behind on a start corner.
        """),
        *try_it("""
            The blocked goal above, before yellow's move: choose "Yellow 黄" moves, play any
            yellow move, and read the status line.
        """, "DiamondWidget(game=DiamondGame.from_pieces(blocked, DiamondRules(players=2), turn=1))"),
        question("""
            Under the default rule, can a player who has only 14 pieces in the goal ever
            finish?
        """, """
            Yes, if the 15th hole of the goal camp is occupied by another colour's piece and
            the king is on ◎ (DG-16). Under the strict reading (DG-14 alone) they would wait
            for the blocker to leave.
        """),
        md("""
        ## Summary

        * Other colours' tips are closed, also mid-chain and also the unused colour's (DG-13).
        * Corner holes belong to two or three camps (DG-03): do not leave pieces there.
        * Finish with every goal hole filled and the king on ◎ (DG-14, DG-16); an ordinary
          piece on ◎ has to move away first (DG-15).

        Next: `25_diamond_two_vs_three.ipynb`.
        """),
    ]


# ---------------------------------------------------------------------- 25
def nb25():
    return [
        md("""
        # Diamond Game 6: two players or three

        Diamond Game is a game for three, and it also works for two. This notebook shows
        who sits where, what changes with two players, what happens to a player who cannot
        move, and how a three-player game is ranked. At the end the computer plays a few
        games of each kind, so we can compare their lengths.

        Reading time: about 12 minutes.
        """),
        IMPORTS,
        md("""
        ## Three players (DG-05)

        With three players every colour plays. The start camps are every other tip: red at
        the bottom, yellow at the upper left, green at the upper right. Each player heads
        for the opposite tip of their own colour, so all three paths cross in the centre.
        Turns go clockwise: red, yellow, green. Red starts by default (`first_player=0`).
        """),
        code("""
            g = DiamondGame(DiamondRules(players=3))
            for p in range(3):
                print(f"player {p}: {g.colour(p):6} from {g.start_tip(p):2} to {g.goal_tip(p)}")
            g.draw(arrows=[[g.start_apex(p), g.goal_apex(p)] for p in range(3)], size=380)
        """),
        code("""
            order = []
            for _ in range(4):
                order.append(g.colour(g.turn))
                g.play(g.legal_moves()[0])
            print(" -> ".join(order))
        """),
        question("""
            In a three-player game, is any player heading into another player's start camp?
        """, """
            Not into the tip: the opposite tip of your own colour is your goal, and the other
            colours start on the other tips. The goal's border corners, though, are shared
            with your neighbours' start camps (DG-03).
        """),
        md("""
        ## Two players (DG-06)

        With two players, two of the three colours play (boardkit: red and yellow), still
        15 pieces each. Each still goes to the opposite tip of its **own** colour, so the two
        routes cross at 120°, not head on, and nobody marches into the other's start camp.
        The third colour's tips stay forbidden (DG-13).
        """),
        code("""
            two = DiamondGame(DiamondRules(players=2))
            two.draw(arrows=[[two.start_apex(p), two.goal_apex(p)] for p in range(2)],
                     forbidden_for=0, size=380)
        """),
        md("""
        To play head on, as in Chinese checkers, use the six-colour board (DG-20, notebook 26).
        """),
        *try_it("""
            A two-player game against the computer (level ふつう). You are red; the computer
            plays yellow.
        """, 'DiamondWidget(players=2, computer=1, level="ふつう")'),
        question("""
            Red starts at the bottom tip. Which tip is red's goal in a two-player game, and
            does yellow's path cross it?
        """, """
            The top tip, also red. Yellow goes from the upper left to the lower right, so the
            two routes cross in the centre at 120° (DG-06).
        """),
        md("""
        ## No legal move: pass (DG-07)

        A turn moves exactly one piece, by one step or by a chain of hops. The article does
        not say what happens when a player has **no** legal move at all; in boardkit they
        pass (the move list holds the single move `pass`) and play goes on. It is rare, but
        a lone piece can be walled in:
        """),
        md("""
        Here a lone red piece on `i5` is boxed in by yellow pieces two deep in every
        direction: no step, and no hop (two pieces in a row cannot be hopped, DG-09).
        """),
        code("""
            box = {"i5": 0}
            for n in B.neighbours("i5"):
                box[n] = 1
                box[(2 * n[0] - B.hole("i5")[0], 2 * n[1] - B.hole("i5")[1])] = 1
            stuck = DiamondGame.from_pieces(box, DiamondRules(players=2, kings=False))
            print("red's moves:", stuck.legal_moves())
            stuck.play("pass")
            print("now it is", stuck.colour(stuck.turn), "to move")
            stuck.draw(highlight=["i5"], size=380)
        """),
        question("""
            Can a player choose to pass when they have a legal move?
        """, """
            No. Passing is only allowed when stuck; `play("pass")` with a legal move available
            raises an IllegalMoveError citing DG-07.
        """),
        md("""
        ## Ranking three players (DG-14)

        In a three-player game play goes on after the first player finishes; the others
        keep racing for second place. Finished players are skipped in the turn order. When
        the second player finishes the ranking is settled and the game ends. Here three
        computer players (level よわい) play a whole game:
        """),
        code("""
            import numpy as np
            from boardkit.diamond.ai import BOTS
            from boardkit.sim import play_game

            g = DiamondGame(DiamondRules(players=3, max_turns=900))
            outcome, turns = play_game(g, [BOTS["よわい"]] * 3, np.random.default_rng(5))
            print(outcome.reason)
            print("ranking:", [g.colour(p) for p in outcome.ranking], "after", turns, "turns")
            g.draw(size=380)
        """),
        md("""
        A game that hits the cap `max_turns` ends "unfinished", ranked by finishing order and
        then by how far each player still has to go. Simulations always set a cap, so no
        game can loop forever.
        """),
        question("""
            Red finishes first, then yellow. Does green get more turns?
        """, """
            No: with the first two places decided, green is third and the game is over (DG-14).
        """),
        md("""
        ## How long is a game?

        Computer games measure the difference. Each game below is played by the level
        よわい on every seat, with ten pieces each; we count turns (moves of all players
        together) until the game ends. Few games, so the interval is wide; the benchmark scripts run
        more.
        """),
        code("""
            from boardkit.sim import tournament

            def first_finish(players, games=3):
                bots = {f"よわい #{i}": BOTS["よわい"] for i in range(players)}
                rules = DiamondRules(players=players, pieces=10, max_turns=600)
                res = tournament(lambda: DiamondGame(rules), bots, games=games, seed=7,
                                 progress=False, executor=None, max_plies=600)
                return res

            for n in (2, 3):
                res = first_finish(n)
                print(f"{n} players: mean {res.mean_plies():.0f} turns until the game ends "
                      f"({min(res.plies)}-{max(res.plies)}), unfinished {res.unfinished}")
        """),
        md("""
        (With three players the game ends at the second finisher, so it runs longer in total;
        each player also waits two turns between moves instead of one.)
        """),
        md("""
        ## Summary

        * Three players: every other tip, clockwise turns, paths crossing in the centre (DG-05).
        * Two players: two colours, routes at 120°, the third colour's tips still closed (DG-06).
        * No legal move: pass (DG-07, our decision).
        * Three players are ranked 1st, 2nd, 3rd; the game ends when the ranking is settled
          (DG-14).
        """),
    ]


# ---------------------------------------------------------------------- 26
def nb26():
    return [
        md("""
        # Diamond Game 7: variants — no king, ten pieces, long jumps, six colours

        The source article lists house rules that families play, and its own game site
        offers three of them as options: no king, ten pieces, and the long jump. boardkit
        adds the six-colour Chinese checkers board. All of them run on the same engine;
        only `DiamondRules` changes. Some variants change the feel of the game a little,
        one changes it completely: we measure which, with computer games.

        Reading time: about 15 minutes.
        """),
        IMPORTS,
        md("""
        ## No king (DG-17)

        `kings=False`: all 15 pieces are ordinary. Nothing can group-jump and no piece is a
        wall; you finish with all 15 pieces in the goal camp (or, if the goal is blocked,
        when it is full and holds at least one of your pieces, DG-16). This is exactly
        the Chinese checkers move rule on the Diamond Game board.
        """),
        code("""
            plain = DiamondGame(DiamondRules(players=2, kings=False))
            print("kings:", plain.king_of(0), plain.king_of(1))
            plain.draw(size=340)
        """),
        question("""
            Without kings, which rule about ◎ no longer applies?
        """, """
            The king-on-◎ condition of DG-14 and the squatting problem of DG-15: any piece may
            fill the goal's tip hole.
        """),
        md("""
        ## Ten pieces (DG-18)

        `pieces=10`: each player sets up only on the 10 tip holes of the start camp (with
        kings: the king on ◎ and 9 ordinary pieces), and the goal is the 10 tip holes
        opposite. The border holes start empty, so the game opens faster. (The small
        73-hole board the article mentions is not implemented; like the article's own
        site, boardkit plays ten pieces on the full board.)
        """),
        code("""
            ten = DiamondGame(DiamondRules(players=3, pieces=10))
            print("red pieces:", len(ten.pieces_of(0)), "- home holes:", len(ten.home(0)))
            ten.draw(size=340)
        """),
        question("""
            With ten pieces, does a red piece resting on a border hole of red's goal camp
            count as home?
        """, """
            No: with ten pieces home is the goal *tip*, the 10 holes beyond the border (DG-18).
        """),
        md("""
        ## Long jump (DG-19, スーパーチャイニーズチェッカー)

        `long_jump=True` is known abroad as *super Chinese checkers*. A piece may jump a
        single piece that is *d* holes away along a line, landing *d* holes beyond it — as
        long as every hole between the mover and that piece, every hole after it up to the
        landing, and the landing itself are empty. Kings still cannot be jumped. Long jumps
        chain like hops, and a king keeps its group jump as well.

        The red piece on `i3` has a single yellow piece on `i5`; a normal hop needs it
        next door, a long jump does not:
        """),
        code("""
            spot = {"i3": 0, "i5": 1, "f4": 0, "g4": 0, "h4": 0}
            normal = DiamondGame.from_pieces(spot, DiamondRules(players=2))
            long = DiamondGame.from_pieces(spot, DiamondRules(players=2, long_jump=True))
            print("normal:   ", labels(normal.reachable_from("i3")))
            print("long jump:", labels(long.reachable_from("i3")))
            print([m for m in long.legal_moves() if m.path[0] == B.hole("i3") and m.kind == "long"])
        """),
        code("""
            long.draw(selected="i3", targets=long.reachable_from("i3"),
                      arrows=[m.path for m in long.legal_moves() if m.path[0] == B.hole("i3") and m.kind == "long"],
                      size=380)
        """),
        *try_it("""
            A two-player game with long jumps, against the computer (ふつう). Look how far a
            single piece can fly once the board opens up.
        """, 'DiamondWidget(players=2, long_jump=True, computer=1, level="ふつう")'),
        question("""
            Red on `i1`, yellow on `i4`, everything else on the row empty. Where can red land
            with a long jump along the row?
        """, """
            On `i7`: the piece is 3 holes away, so red lands 3 holes beyond it, provided
            `i2`, `i3`, `i5`, `i6` and `i7` are empty (DG-19).
        """),
        md("""
        ## Measuring the difference

        The same computer player (level よわい) plays a few two-player games under each rule
        set. At every turn we record how many holes nearer its goal ◎ the best available
        move would bring a piece ("best move offers"), how far the move actually played
        went, and, at the end, the length of the game in turns. Small samples: the point
        is the size of the differences, not the decimals.
        """),
        code("""
            import numpy as np
            from boardkit.diamond.ai import BOTS

            def gain(m, goal):
                return B.distance(m.path[0], goal) - B.distance(m.path[-1], goal) if m.path else 0

            def profile(rules, games=3, seed=1):
                reach, gains, lengths = [], [], []
                for k in range(games):
                    g = DiamondGame(rules)
                    rng = np.random.default_rng([seed, k])
                    while not g.is_over():
                        goal = g.goal_apex(g.turn)
                        reach.append(max(gain(m, goal) for m in g.legal_moves()))
                        m = BOTS["よわい"](g, rng)
                        gains.append(gain(m, goal))
                        g.play(m)
                    lengths.append(g.moves_played)
                return np.mean(reach), np.mean(gains), np.mean(lengths)

            variants = {
                "classic (15, king)": DiamondRules(players=2),
                "no king": DiamondRules(players=2, kings=False),
                "10 pieces": DiamondRules(players=2, pieces=10),
                "long jump": DiamondRules(players=2, long_jump=True),
            }
            print(f"{'rules':20} {'best move offers':>16} {'move played':>12} {'turns':>6}")
            for name, rules in variants.items():
                best, played, n = profile(DiamondRules(**{**rules.__dict__, "max_turns": 800}))
                print(f"{name:20} {best:16.2f} {played:12.2f} {n:6.0f}")
        """),
        md("""
        The king and the number of pieces change the game by degrees. The long jump changes
        it in kind: pieces see across the whole board, every turn offers a far longer
        flight, each move covers much more ground, and the race is over in far fewer turns.
        Plans that work in the normal game (slow ladders, blocking a lane) matter less, and
        spotting the one long flight matters more.
        """),
        md("""
        ## The Chinese checkers board (DG-20)

        Beyond the article, `board="chinese"` colours each of the six tips differently and
        gives each player 10 pieces and no king. Two, three, four or six play, each to the
        opposite tip, so two players meet **head on**, unlike the 120° crossing of Diamond
        Game (DG-06). On this board boardkit follows the common international rule: every
        hole may be entered (no forbidden tips).
        """),
        code("""
            six = DiamondGame(DiamondRules.chinese(players=6))
            print([six.colour(p) for p in range(6)])
            six.draw(size=380)
        """),
        code("""
            duel = DiamondGame(DiamondRules.chinese(players=2))
            duel.draw(arrows=[[duel.start_apex(p), duel.goal_apex(p)] for p in range(2)], size=340)
        """),
        *try_it("""
            Chinese checkers for two, both seats human (hot-seat).
        """, "DiamondWidget(game=DiamondGame(DiamondRules.chinese(players=2)))"),
        question("""
            On the Chinese checkers board with two players, where is red's goal, and is it
            yellow's start?
        """, """
            Red (south) goes to the north tip, which is where the other player starts: the
            two armies meet head on, and each must get past the other (DG-20).
        """),
        md("""
        ## Summary

        * No king (DG-17) and ten pieces (DG-18) keep the character of the game.
        * The long jump (DG-19) changes everything: more choices, longer flights, much
          shorter games.
        * The six-colour board (DG-20) is Chinese checkers: no kings, head-on duels.
        """),
    ]

# ---------------------------------------------------------------------- 27
def nb27():
    return [
        md("""
        # Diamond Game 8: four strategy tips, measured

        The source article ends with four tips for winning. Tips are easy to state and hard
        to trust, so here each is shown on a board and then **measured**: two computer
        players that differ only in that one idea play a short match, and we look at the
        score with its 95% interval. The computer players are the greedy race player of
        `boardkit.diamond.ai` (`RaceBot`): it plays the move that leaves its pieces the
        shortest total distance to the goal ◎, with terms we can switch off one by one.

        Reading time: about 15 minutes. (Running the matches takes under a minute.)
        """),
        IMPORTS,
        code("""
            from functools import partial
            from boardkit.diamond.ai import RaceBot, Weights
            from boardkit.sim import tournament

            def match(with_tip, without_tip, games=10, seed=27):
                rules = DiamondRules(players=2, pieces=10, max_turns=400)
                res = tournament(partial(DiamondGame, rules), {"with the tip": with_tip,
                                 "without": without_tip}, games=games, seed=seed,
                                 progress=False, executor=None, max_plies=400)
                lo, hi = res.interval("with the tip")
                print(f"with the tip: score {res.win_rate('with the tip'):.0%} "
                      f"(95% interval {lo:.0%}-{hi:.0%}) over {games} games, "
                      f"unfinished {res.unfinished}")
        """),
        md("""
        ## Tip 1: build ladders (はしご)

        Pieces set one hole apart make a ladder: a piece behind them hops over each in turn
        and climbs the whole ladder in one move (DG-10). The ladder works for the opponent
        too, so use it soon after building it.
        """),
        code("""
            rungs = [(0, 4), (0, 3), (0, 1), (0, -1), (0, -3)]     # one hole apart, in a line
            ladder = DiamondGame.from_pieces({h: 0 for h in rungs}, DiamondRules(players=2, kings=False))
            back = B.label(rungs[0])
            far = max(ladder.reachable_from(back), key=lambda h: B.distance(rungs[0], h))
            print(f"the back piece on {back} reaches {B.label(far)}, "
                  f"{B.distance(rungs[0], far)} holes away, in one move")
            ladder.draw(selected=back, targets=ladder.reachable_from(back),
                        arrows=[ladder.paths(back, far)[0].path], size=380)
        """),
        md("""
        The measured version: both players race greedily; one of them also looks at what
        its own next move could gain (the ladders it is building), the other does not.
        """),
        code("""
            match(RaceBot(follow=0.5), RaceBot(follow=0.0), games=8)
        """),
        question("""
            Why does the tip say to use a ladder soon after building it?
        """, """
            Hops may go over any colour (DG-09): the opponent can climb your ladder too, and
            every turn you wait gives them a chance.
        """),
        md("""
        ## Tip 2: leave no straggler

        The last piece left behind has nobody to hop over: it crawls one step at a time
        while the others wait in the goal. Keep the rearmost piece moving. Below, red's piece
        on `a1` is alone; every move it makes is a single step.
        """),
        code("""
            tail = {h: 0 for h in sorted(B.tip("N"))[:9]}
            tail["a1"] = 0
            late = DiamondGame.from_pieces(tail, DiamondRules(players=2, kings=False, pieces=10))
            print("the straggler can reach:", labels(late.reachable_from("a1")),
                  "- steps to go:", B.distance(B.hole("a1"), late.goal_apex(0)) - 3, "at least")
            late.draw(selected="a1", targets=late.reachable_from("a1"), size=380)
        """),
        md("""
        The measured version: the evaluation's straggler term (extra cost for the piece
        furthest behind) on, against the same player with it off.
        """),
        code("""
            match(RaceBot(), RaceBot(weights=Weights(straggler=0.0)))
        """),
        question("""
            A straggler 12 holes from home with an empty board around it: at least how many
            turns does it need?
        """, """
            With nothing to hop over, one hole per turn: 12 turns, all of them while the other
            pieces wait. Bringing it along earlier lets it hop with the group.
        """),
        md("""
        ## Tip 3: use the king where it is crowded

        The 王駒 jumps a whole row at once (DG-11), so it gains most where pieces are thick:
        the centre, mid-game. And it must end on ◎ (DG-14), so keep a way in open for it.
        """),
        code("""
            crowd = DiamondGame.from_pieces({"e7": (0, True), "f7": 1, "g7": 0, "h7": 1, "i7": 0,
                                             "j7": 1, "k6": 0}, DiamondRules(players=2))
            jumps = [m for m in crowd.legal_moves() if m.kind == "group"]
            best = max(jumps, key=lambda m: B.distance(m.path[0], m.path[-1]))
            print("best king move:", best, "- covers", B.distance(best.path[0], best.path[-1]), "holes")
            crowd.draw(selected="e7", targets=crowd.reachable_from("e7"), arrows=[best.path], size=380)
        """),
        md("""
        The measured version: a player who counts its king's distance to ◎ extra (so it
        brings the king forward with the crowd), against one who treats the king like any
        other piece until the end.
        """),
        code("""
            match(RaceBot(weights=Weights(king=1.0)), RaceBot(weights=Weights(king=0.0)))
        """),
        md("""
        An honest result: the interval contains 50%, so this match cannot tell the two
        players apart. Both already take any long group jump they see, because both count
        the distance a move gains; pushing the king forward on purpose adds little that a
        short match can detect. Of the four tips, this is the one whose measured value is
        unproven here.
        """),
        question("""
            Why is a group jump rare in the last few turns of a game?
        """, """
            Near the goal the pieces are packed inside the camp or spread out behind; a row of
            touching pieces with an empty hole right after it is a mid-board, mid-game
            picture.
        """),
        md("""
        ## Tip 4: fill the goal from the far end, keep ◎ for the king

        Pieces that stop at the first hole of the goal block the way for the rest: fill the
        deepest holes first. And leave ◎ empty for the king (an ordinary piece there must
        leave again, DG-15).
        """),
        code("""
            jam = {h: 0 for h in sorted(B.tip("N"), key=lambda h: -B.distance(h, B.apex("N")))[:4]}
            jam.update({"j5": 0, "k5": 0, "i4": 0, "i6": 0, "h5": 0, "g5": 0})
            jammed = DiamondGame.from_pieces(jam, DiamondRules(players=2, kings=False, pieces=10))
            jammed.draw(highlight=B.tip("N"), size=380)
        """),
        md("""
        Red has filled the entrance row of its goal tip first; the deep holes are empty and
        every piece still outside must find a way past the front row. The measured version:
        a player who values depth in the goal (distance to ◎), against one for whom any goal
        hole is as good as another.
        """),
        code("""
            match(RaceBot(), RaceBot(weights=Weights(fill_deep=False, squatter=0.0)))
        """),
        question("""
            Why is the player who does not value depth often left "unfinished"?
        """, """
            It stops its pieces on the first goal hole they reach. The entrance fills up, the
            last pieces cannot get in, and it has no reason to move the front pieces deeper:
            the game runs into the turn cap.
        """),
        md("""
        ## Summary

        Each tip is worth something measurable, but not equally. The intervals are wide with
        so few games; `benchmarks/diamond_ai.py` runs larger matches between the levels.
        The strongest level (最強) combines the race terms with a three-ply search.
        """),
    ]


# ---------------------------------------------------------------------- 28
def nb28():
    return [
        md("""
        # Diamond Game 9: the solitaire puzzle — cross in as few moves as you can

        Put ten pieces of one colour on the south tip, nobody else on the board, and carry
        them all to the north tip. One move is a step or a whole hop chain (DG-08..DG-10),
        and the other colours' tips stay closed (DG-13). How few moves do you need?

        This puzzle is a classic of Chinese checkers. Octave Levenspiel found a solution in
        **27 moves** in 1971 (Martin Gardner reported it), and in 2009 George I. Bell proved
        by computer search that **no solution has fewer than 27 moves** ("The shortest game
        of Chinese Checkers and related problems", *INTEGERS* 9, #G01). The engine plays and
        counts; `boardkit.diamond.puzzles` checks your attempts.

        Reading and playing time: 15 minutes, or an afternoon.
        """),
        IMPORTS,
        code("""
            from boardkit.diamond import puzzles

            puzzle = DiamondGame.solitaire(pieces=10)
            print("pieces:", len(puzzle.pieces_of(0)), "- home:", labels(puzzle.home(0)))
            puzzle.draw(highlight=puzzle.home(0), size=380)
        """),
        md("""
        ## The rules of the puzzle

        * One colour, no king, no opponent: every move is yours and `moves_played` counts them.
        * A move is one step, or one chain of hops by one piece (DG-10): long chains are the
          whole point.
        * The puzzle is solved when all ten pieces stand on the ten holes of the north tip.

        Lower bound, for a start: each of the ten pieces has to move at least once, and the
        back piece is 16 holes from the north ◎. A chain of hops needs pieces to hop over,
        so the early moves build a ladder for the later ones.
        """),
        code("""
            print("each piece must move at least once:", puzzles.lower_bound(puzzle), "moves")
            print("the known optimum:", puzzles.OPTIMUM[10], "moves")
        """),
        md("""
        ## Try it

        Play on the board below: click a piece, then a marked hole. The move list on the
        right counts your moves; *Undo* takes one back. (Nobody else moves: you are alone.)
        """),
        code("""
            DiamondWidget(game=DiamondGame.solitaire(pieces=10))
        """),
        md("""
        Or play in code: write your moves as text (labels joined by `-` for a step and `:`
        for hops) and let the engine check them. `puzzles.check` replays them from the start,
        says whether they are legal, and counts:
        """),
        code("""
            my_moves = ["d2-e6", "b2:d2:f5"]        # a start: put your own moves here
            puzzles.check(my_moves)
        """),
        code("""
            puzzles.check(["d2-e6", "a1:c3"])         # an illegal attempt: c3 is taken
        """),
        question("""
            Why is moving the rearmost piece first (here `a1`) usually a waste?
        """, """
            It has nothing in front of it to hop over yet except its own crowded tip: it can
            only step. Later, with the others spread out as a ladder, the same piece can
            cross half the board in one move.
        """),
        md("""
        ## A good solution by search

        How does a computer find short solutions? The simplest way is a *beam search*: after
        each move keep only the few hundred positions whose pieces are, in total, closest
        to the goal, and expand those. It is fast but not guaranteed to find the best.
        """),
        code("""
            found = puzzles.solve(width=20)
            print(len(found), "moves:", " ".join(str(m) for m in found))
            puzzles.verify(found)
        """),
        md("""
        ## An optimal solution: 27 moves

        `puzzles.SOLUTION_27` holds a 27-move solution. The engine replays it move by move
        (every step and hop checked against the rules) and confirms that all ten pieces
        arrive:
        """),
        code("""
            result = puzzles.verify(puzzles.SOLUTION_27)
            print(result, "- optimal:", result.optimal)
        """),
        code("""
            final = puzzles.replay(puzzles.SOLUTION_27)
            longest = max(puzzles.SOLUTION_27, key=lambda t: t.count(":"))
            print("the longest move:", longest, "-", longest.count(":"), "hops")
            final.draw(size=380)
        """),
        md("""
        How was it found? By a symmetry trick. A hop chain played backwards jumps over the
        same pieces, so a solution can be read backwards too — and the board looks the
        same upside down. `puzzles.solve_symmetric` searches only the first 13 moves, for a
        position that **one** move turns into its own mirror image (top and bottom
        swapped). The last 13 moves are then the first 13 mirrored and played backwards:
        13 + 1 + 13 = 27. Compare move 1 with move 27, and move 2 with move 26:
        """),
        code("""
            s = puzzles.SOLUTION_27
            for k in (0, 1, 2):
                print(f"move {k + 1:2}: {s[k]:22} move {27 - k}: {s[26 - k]}")
        """),
        md("""
        Step through it on the board: the widget below starts from the beginning; play the
        moves of `puzzles.SOLUTION_27` one by one and watch the ladder form and get used.
        """),
        code("""
            DiamondWidget(game=DiamondGame.solitaire(pieces=10))
        """),
        code("""
            print(" ".join(puzzles.SOLUTION_27))
        """),
        question("""
            The 27-move solution has more hops than steps. Roughly how far must a move go on
            average? (The ten pieces start 140 holes, in total, from the north ◎ and end 20
            holes from it.)
        """, """
            The pieces must cover 140 - 20 = 120 holes of distance in 27 moves: about 4.4 holes
            per move. Single steps cover 1, so most moves must be long hop chains.
        """),
        md("""
        ## Summary

        * Solitaire: ten pieces from tip to tip, counting moves (steps or whole chains).
        * The optimum is 27 moves (Levenspiel 1971; optimality proved by Bell 2009).
        * `puzzles.check(moves)` verifies any attempt; `puzzles.solve()` searches.
        """),
    ]


# ---------------------------------------------------------------------- exercises
EX_INTRO = """
# Diamond Game exercises (ダイヤモンドゲーム)

Five short exercises on the rules of notebooks 20-24. Replace each `...` with your
answer and run the check cell under it: it prints ✅ when the answer is right, or a
hint. Holes are written with their labels (row letter from `a` at the bottom to `q` at
the top, then the place in the row from the left); `B.label(hole)` and `B.hole(label)`
convert. Solutions are in `solutions/diamond.ipynb` — try first!
"""

EX_SETUP = """
from boardkit.diamond import DiamondGame, DiamondRules, board as B
from boardkit.diamond import exercises as ex
"""


def exercises(solved: bool):
    def blank(value: str) -> str:
        return value if solved else "..."

    return [
        md(EX_INTRO + ("\n**This is the solved version.**" if solved else "")),
        code(EX_SETUP),
        md("""
        ## 1. Which holes can this piece reach?

        Red is to move. List **every** hole the red piece on `g5` can reach this turn:
        single steps (DG-08) and the ends of all hop chains (DG-09, DG-10).
        """),
        code("""
            ex.reach_position().draw(labels=True, selected=ex.REACH_PIECE, size=420)
        """),
        code(f"""
            answer = {blank('{"e5", "f6", "g4", "g7", "i5", "i7", "k3", "k5"}')}
            ex.check_reach(answer)
        """),
        md("""
        ## 2. Which jump is illegal, and why?

        Red is to move. Exactly one of the four moves in `ex.ILLEGAL_CANDIDATES` breaks a
        rule. Answer with the move and the rule ID it breaks, e.g. `("g5:g7", "DG-09")`.
        """),
        code("""
            print(ex.ILLEGAL_CANDIDATES)
            ex.illegal_position().draw(labels=True, size=420)
        """),
        code(f"""
            answer = {blank('("i3:i5", "DG-12")')}
            ex.check_illegal(answer)
        """),
        md("""
        ## 3. Find the longest chain

        Red is to move (no kings). Find the hop chain of the piece on `e7` with the **most
        hops**, and write it as labels joined by `:` (e.g. `"e7:g7"`).
        """),
        code("""
            ex.chain_position().draw(labels=True, selected=ex.CHAIN_PIECE, size=420)
        """),
        code(f"""
            answer = {blank('"e7:g7:i5:i3:k3:m5"')}
            ex.check_chain(answer)
        """),
        md("""
        ## 4. Forbidden holes

        In a **two-player** game (red and yellow), on how many holes may a red piece never
        stop (DG-13)?
        """),
        code(f"""
            answer = {blank('40')}
            ex.check_forbidden_count(answer)
        """),
        md("""
        ## 5. Where can the king land?

        The red king 王 is on `g3`. List the holes it can reach with **jumps** this turn
        (not steps): group jumps (DG-11), single hops, and chains — and remember DG-12.
        """),
        code("""
            ex.king_position().draw(labels=True, selected=ex.KING_PIECE, size=420)
        """),
        code(f"""
            answer = {blank('{"g7", "g9", "i1"}')}
            ex.check_king_landing(answer)
        """),
        code("""
            ex.check.summary()
        """),
    ]


NOTEBOOKS = {
    "23": ("23_diamond_king.ipynb", nb23),
    "24": ("24_diamond_forbidden_and_goals.ipynb", nb24),
    "25": ("25_diamond_two_vs_three.ipynb", nb25),
    "26": ("26_diamond_variants.ipynb", nb26),
    "27": ("27_diamond_strategy.ipynb", nb27),
    "28": ("28_diamond_solitaire.ipynb", nb28),
    "ex": ("diamond.ipynb", lambda: exercises(False)),
    "sol": ("diamond.ipynb", lambda: exercises(True)),
}


def main(argv):
    wanted = argv or list(NOTEBOOKS)
    for key in wanted:
        name, fn = NOTEBOOKS[key]
        folder = "notebooks"
        if key in ("ex", "sol"):
            folder = "exercises" if key == "ex" else "exercises/solutions"
        write(name, fn(), folder)


if __name__ == "__main__":
    main(sys.argv[1:])
