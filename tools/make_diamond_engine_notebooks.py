"""Write the Diamond Game engine notebooks (20-22).

    .venv/bin/python tools/make_diamond_engine_notebooks.py          # all three
    .venv/bin/python tools/make_diamond_engine_notebooks.py 21       # one
    .venv/bin/python tools/run_notebooks.py notebooks/2[0-2]_diamond_*.ipynb

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











IMPORTS = code("""
    from collections import Counter
    from boardkit import IllegalMoveError
    from boardkit.diamond import DiamondGame, DiamondRules, board
    from boardkit.diamond.widget import DiamondWidget
""")




# ---------------------------------------------------------------------- 20
def nb20():
    return [
        md("""
        # Diamond Game 1: the board and the camps (ダイヤモンドゲームの盤と陣地)

        Diamond Game (ダイヤモンドゲーム) is the Japanese cousin of Chinese checkers: two or
        three players race their pieces across a six-pointed star to the camp on the far
        side. Nothing is ever captured. What makes the Japanese game special is the
        王駒 (*ōgoma*, the king piece), which can leap over a whole line of pieces at once.

        Before any move can make sense we need the board itself: how many holes, how they
        are joined, which triangle belongs to whom, and where each colour is not allowed to
        go. Every rule has an ID such as (DG-01); the full list is in `docs/rules/diamond.md`.

        Reading time: about 15 minutes.
        """),
        IMPORTS,
        md("""
        ## A star of 121 holes (DG-01)

        The board is a six-pointed star. Its middle is a hexagon with 5 holes on each side,
        and on each of the hexagon's six edges sits a triangular *tip* of 10 holes
        (1 + 2 + 3 + 4). Holes are joined to their neighbours by lines in three directions,
        so a hole has at most six neighbours.
        """),
        code("""
            empty = DiamondGame(setup=False)      # the board with no pieces on it
            empty.draw(size=380)
        """),
        code("""
            len(board.HOLES), len(board.HEXAGON), [len(board.tip(t)) for t in board.TIP_NAMES]
        """),
        md("""
        Why 61 in the hexagon? Count it in rings round the centre: the centre hole, then
        6, 12, 18 and 24 holes. And 61 + 6 × 10 = 121.
        """),
        code("""
            sorted(Counter(board.distance(h, (0, 0)) for h in board.HEXAGON).items())
        """),
        question("How many holes would a star with a hexagon of side 4 (and tips of 1 + 2 + 3) have?",
                 """1 + 6 + 12 + 18 = 37 in the hexagon, plus 6 × 6 = 36 in the tips: 73 holes.
                 That is the small board some sets use for the ten-piece game (DG-18)."""),
        md("""
        ## Naming the holes

        Inside boardkit a hole is a pair of numbers `(q, r)`: `q` counts along the rows,
        `r` counts rows downwards, and the centre is `(0, 0)`. People prefer names, so each
        hole also has a **label**: a row letter, from `a` at the bottom tip to `q` at the
        top, then the hole's place in its row counted from the left. Moves are written
        with labels (`e5-f5`), and both forms are accepted everywhere.
        """),
        code("""
            empty.draw(labels=True)
        """),
        code("""
            board.label((0, 0)), board.hole("a1"), board.label(board.apex("N"))
        """),
        md("""
        Not every hole has six neighbours. The holes at the very points of the star have
        only two, the outer edges of the tips four, and the six corners of the hexagon five.
        """),
        code("""
            sorted(Counter(len(board.neighbours(h)) for h in board.HOLES).items())
        """),
        code("""
            corner = board.hole("e5")
            empty.draw(selected=corner, targets=board.neighbours(corner), size=320)
        """),
        question("The hole `e5` is a corner of the hexagon. Which of its neighbours is missing, and why?",
                 """It has five neighbours. The sixth would lie between two tips, outside the star:
                 `e5` is where the bottom tip meets the lower-left tip, and there is no hole
                 in the notch between them."""),
        *try_it("""A lone red piece on the corner `e5`, labels on. Click it: the green dots are its
                neighbours, the holes a step can reach. Move it and click it again wherever it
                lands (yellow has no pieces, so it passes every time).""",
                'DiamondWidget(DiamondGame.from_pieces({"e5": 0}, DiamondRules(players=2)), labels=True)'),
        md("""
        ## Colours and camps (DG-02)

        There are three colours, red, yellow and green, with 15 pieces each. Opposite tips
        have the same colour, and going round the star the colours repeat: red, yellow,
        green, red, yellow, green.

        A **camp** (陣地, *jinchi*) is a tip's 10 holes plus the 5 holes of the hexagon
        edge next to it, the **border** (境界線): a triangle of 15 holes, 5 on a side.
        The hole at the point of a camp is marked ◎; it matters for the king later.
        On the drawings each camp is tinted in its colour and the ◎ is drawn as a double ring.
        """),
        code("""
            camp = board.camp("S")
            len(camp), sorted(board.label(h) for h in board.border("S")), board.label(board.apex("S"))
        """),
        code("""
            empty.draw(highlight=camp, size=320)
        """),
        code("""
            {tip: DiamondRules().colours[tip] for tip in board.TIP_NAMES}
        """),
        question("Six camps of 15 holes make 90. How many holes of the star are in no camp at all?",
                 """37. The six camps overlap at 6 holes (see DG-03 below), so together they cover
                 90 − 6 = 84 holes, and 121 − 84 = 37: the inner hexagon of side 4."""),
        md("""
        ## Shared corners (DG-03)

        The two ends of a camp's border are corners of the hexagon, and each of them is
        also an end of the border of the *next* camp round the star. So every camp shares
        its two corner holes with its two neighbours. This small overlap has big effects:
        a piece left on a corner of its start camp sits inside a neighbour's goal.
        """),
        code("""
            {board.label(h): [t for t in board.TIP_NAMES if h in board.camp(t)]
             for h in sorted(board.corners("S"))}
        """),
        code("""
            all_corners = set().union(*(board.corners(t) for t in board.TIP_NAMES))
            empty.draw(highlight=all_corners, size=320)
        """),
        question("How many camps is the centre-most hole of a border (for example `e7`) in?",
                 """Only one. Just the two end holes of a border are shared; the three middle holes
                 belong to a single camp."""),
        md("""
        ## The pieces and the king (DG-04)

        Each colour has 15 pieces: one **king** (王駒, *ōgoma*) and 14 ordinary pieces
        (子駒, *kogoma*). At the start all 15 fill the player's start camp, with the king on
        the ◎ at the point. The king is drawn with a gold rim and the character 王, so it
        can be told apart without relying on colour.
        """),
        code("""
            game = DiamondGame()                 # three players, kings, 15 pieces each
            game
        """),
        code("""
            Counter(game.colour(p) for p, king in game.pieces().values())
        """),
        code("""
            {game.colour(p): board.label(game.king_of(p)) for p in range(game.players)}
        """),
        md("""
        ## Three players (DG-05)

        With three players every colour is used. The start camps are every other tip, and
        each player races to the **opposite** camp, which has the same colour. Turns go
        clockwise: red, yellow, green (red starts unless you choose otherwise). The arrows
        show the three races: they all cross in the middle of the board.
        """),
        code("""
            [(game.colour(p), game.start_tip(p), game.goal_tip(p)) for p in range(3)]
        """),
        code("""
            game.draw(arrows=[(game.start_apex(p), game.goal_apex(p)) for p in range(3)], size=360)
        """),
        *try_it("""You are red; yellow and green are played by the beginner computer (入門).
                Watch how the three colours cross in the middle.""",
                'DiamondWidget(computer=(1, 2), level="入門")'),
        md("""
        ## Two players (DG-06)

        Two players use two of the three colours, still 15 pieces each, and each still goes
        to the opposite camp of its own colour. So the two paths do **not** meet head on:
        they cross at 120°. boardkit gives the two-player game to red and yellow. The third
        colour's tips stay closed to both players (DG-13, next section).
        """),
        code("""
            two = DiamondGame(DiamondRules(players=2))
            two.draw(arrows=[(two.start_apex(p), two.goal_apex(p)) for p in range(2)], size=360)
        """),
        question("Red runs from the bottom tip to the top one. Whose start camp does red's goal camp touch?",
                 """Red's goal (the top camp) shares a corner with yellow's start camp (upper left)
                 and one with the green tip (upper right). It is nobody's start camp: in Diamond Game
                 you never aim straight at the opponent's starting position."""),
        *try_it("""Two players: you are red, the computer (入門) plays yellow. Your pieces travel
                up, yellow's from the upper left to the lower right.""",
                'DiamondWidget(players=2, computer=1, level="入門")'),
        md("""
        ## Where a colour may go (DG-13, a first look)

        A piece may never stop in the 10-hole tip of another colour, not even for a moment
        in the middle of a chain of hops. The border holes are open to everyone, and both
        tips of your own colour (start and goal) are yours. Shaded tips with × are closed to
        red here; in the two-player game that includes the unused green tips.
        """),
        code("""
            two.draw(forbidden_for=0, size=360)
        """),
        code("""
            len(two.forbidden(0)), len(board.HOLES) - len(two.forbidden(0))
        """),
        question("A red piece may use 81 of the 121 holes. Is that number different in a three-player game?",
                 """No. There are always four tips of other colours (two yellow, two green), whether or
                 not those colours play: 121 − 40 = 81."""),
        *try_it("""Two players on one screen (hot-seat). Click a red piece: every hole it can
                reach is marked, and the tips it may not enter are shaded with ×. The board has
                an Undo button and, under "Game setup", the options of the next notebooks.""",
                "DiamondWidget(players=2)"),
        md("""
        ## Summary

        * 121 holes: a hexagon of 61 and six tips of 10 (DG-01); holes have 2 to 6 neighbours.
        * A camp is a tip plus its border, 15 holes with ◎ at the point (DG-02); neighbouring
          camps share their corner holes (DG-03).
        * 15 pieces per colour, one of them the king 王駒, which starts on ◎ (DG-04).
        * Three players start on every other tip (DG-05); two players cross at 120° (DG-06).
        * Other colours' tips are closed to you (DG-13).

        Next: how pieces move, one step or a chain of hops (notebook 21).
        """),
    ]


# ---------------------------------------------------------------------- 21
def nb21():
    return [
        md("""
        # Diamond Game 2: steps and hops (1マス進む・飛び越す)

        A Diamond Game turn is short to describe: move one piece, either one step to a
        neighbouring hole, or by jumping over pieces, possibly many times in a row. Those
        chains of hops are the heart of the game: a single turn can carry a piece right
        across the board. This notebook goes through the movement rules one by one and
        shows what the engine says when a move breaks one of them.

        Reading time: about 15 minutes.
        """),
        IMPORTS,
        md("""
        ## One piece per turn (DG-07)

        On your turn you move exactly one piece: one step, or one or more hops. You may
        move any of your pieces, in any direction, but only one of them. The engine lists
        one move per piece and destination; at the start red has these:
        """),
        code("""
            game = DiamondGame(DiamondRules(players=2))
            moves = game.legal_moves()
            len(moves), Counter(m.kind for m in moves)
        """),
        code("""
            moves[:6]
        """),
        md("""
        A move is written as the labels of the holes it visits: `-` between the two holes
        of a step, `:` between the landings of hops. `play()` takes the text, the move
        itself, or a list of `(q, r)` holes.
        """),
        code("""
            game.play("e5-f4")
            game.play(game.legal_moves()[0])
            game.history
        """),
        md("""
        ## Step (DG-08)

        A step moves a piece to a neighbouring **empty** hole, along one of the lines.
        All six directions are allowed: forwards, sideways, even backwards. A step ends
        the turn.
        """),
        code("""
            lone = DiamondGame.from_pieces({"i5": 0, "i6": 1}, DiamondRules(players=2))
            steps = [str(m) for m in lone.legal_moves() if m.kind == "step"]
            steps
        """),
        code("""
            lone.draw(selected="i5", targets=lone.reachable_from("i5"), size=340)
        """),
        md("""
        The red piece on `i5` has five steps: the sixth neighbour, `i6`, is taken by a yellow
        piece. The green dots also show `i7`: that is not a step, it is a hop.
        """),
        code("""
            try:
                lone.play("i5-i6")
            except IllegalMoveError as e:
                print(e)
        """),
        question("Can a piece step backwards, away from its goal?",
                 """Yes. Any of the six directions is allowed, which is useful to get out of the way
                 or to set up a ladder for a later hop (DG-08)."""),
        *try_it("""The same two pieces, hot-seat, labels on. Step the red piece somewhere, then
                move yellow, and try every direction.""",
                "DiamondWidget(DiamondGame.from_pieces({'i5': 0, 'i6': 1}, DiamondRules(players=2)), labels=True)"),
        md("""
        ## Hop (DG-09)

        A hop jumps over **one** neighbouring piece, of any colour (yours or anyone's), to the
        empty hole straight behind it on the same line. The piece jumped over stays where it
        is: nothing is ever captured in Diamond Game.
        """),
        code("""
            lone.play("i5:i7")
            lone.draw(size=340)
        """),
        code("""
            len(lone.pieces())            # still two pieces: nothing is captured
        """),
        md("""
        Two or more pieces in a row side by side cannot be hopped by an ordinary piece, even
        if the hole behind them is free. (The king can: that is notebook 23.)
        """),
        code("""
            wall = DiamondGame.from_pieces({"i5": 0, "i6": 1, "i7": 1}, DiamondRules(players=2))
            try:
                wall.play("i5:i8")
            except IllegalMoveError as e:
                print(e)
        """),
        question("A red piece has a yellow piece next to it, and behind that yellow piece the hole is "
                 "taken by a red piece. Can it hop?",
                 """No. The landing hole must be empty (DG-09). It does not matter that one of the two
                 pieces is red."""),
        *try_it("""Two yellow pieces in a row in front of red: click the red piece on `i5` and
                see that the hole behind them is not marked.""",
                "DiamondWidget(wall.copy(), labels=True)"),
        md("""
        ## Chains of hops (DG-10)

        After a hop the same piece may hop again, and again, as many times as it can,
        changing direction whenever it likes. It may also stop after any hop: nothing
        forces it to go on. Three limits:

        * it may not land on a hole it has already landed on this turn, and that includes
          the hole it started from;
        * steps and hops never mix: a step is a whole turn on its own;
        * every landing must be allowed (no other colour's tip, DG-13).

        Here is a *ladder*: pieces one hole apart, so a piece behind them can climb.
        """),
        code("""
            ladder = DiamondGame.from_pieces(
                {"e7": 0, "f7": 1, "h7": 0, "j8": 1, "h6": 1, "i4": 0},
                DiamondRules(players=2))
            far = ladder.legal_moves()
            [str(m) for m in far if m.path[0] == board.hole("e7") and m.kind == "hop"]
        """),
        code("""
            ladder.draw(selected="e7", targets=ladder.reachable_from("e7"),
                        arrows=[m.path for m in far if str(m).startswith("e7:") and len(m.path) > 3])
        """),
        md("""
        The piece on `e7` can stop at every landing of the chain. Going back is where the
        no-revisit rule bites: after `e7:g7` the piece could hop straight back over `f7`,
        but it would land on `e7`, where it started.
        """),
        code("""
            for path in ["e7:g7:e7", "e7-f6:h6"]:
                try:
                    ladder.play(path)
                except IllegalMoveError as e:
                    print(path, "->", e)
        """),
        question("Can a chain ever pass through the same hole twice, for example on a circle of hops?",
                 """Not as a landing: every landing must be a hole the piece has not landed on this
                 turn (DG-10). A chain can *jump over* the same piece twice, though, from different
                 sides."""),
        *try_it("""The ladder, hot-seat, labels on. Click `e7`: all five landings of the chain are
                marked. Click the farthest one and the piece climbs the whole ladder in one turn.""",
                "DiamondWidget(ladder.copy(), labels=True)"),
        md("""
        ## Kings cannot be jumped (DG-12)

        One more rule limits hops: no piece may ever jump over a king (王駒), whatever its
        colour, yours included. A king standing in a gap of a ladder blocks the climb.
        """),
        code("""
            blocked = DiamondGame.from_pieces({"e7": 0, "f7": (1, True)}, DiamondRules(players=2))
            try:
                blocked.play("e7:g7")
            except IllegalMoveError as e:
                print(e)
        """),
        question("Yellow's king stands between two red pieces in a line, with an empty hole behind. "
                 "Can red's own king jump it?",
                 """No. Nobody jumps a king, not even another king, and not as part of a group
                 jump either (DG-12)."""),
        *try_it("""A yellow king (王) next to red's piece: click `e7` and see that `g7` is not
                marked; a step is all red has in that direction.""",
                "DiamondWidget(blocked.copy(), labels=True)"),
        md("""
        ## When you cannot move (DG-07)

        It is rare, but a player may have no legal move at all: every piece boxed in, no
        hole to step to and nothing to hop. Then the player passes, and the turn goes on to
        the next player. (The article does not say; passing is the rule boardkit chose.)
        Here red's camp is full and two rows of yellow stand in front of it:
        """),
        code("""
            box = {h: 0 for h in board.camp("S")}
            box.update({(q, r): 1 for r in (3, 2) for q in range(-4, 3)})
            stuck = DiamondGame.from_pieces(box, DiamondRules(players=2, kings=False))
            stuck.legal_moves()
        """),
        code("""
            stuck.draw(size=320)
        """),
        question("Why can the red pieces on the front row not hop over the yellow wall?",
                 """Behind each yellow piece of the first row stands another yellow piece, so the
                 landing hole is taken (DG-09); and stepping sideways would land in a green tip, which
                 is closed to red (DG-13)."""),
        *try_it("""A whole two-player game against the computer (よわい). Look for ladders:
                pieces one hole apart that your back pieces can climb.""",
                'DiamondWidget(players=2, computer=1, level="よわい")'),
        md("""
        ## Summary

        * One piece per turn; pass only when nothing can move (DG-07).
        * A step goes to an empty neighbour, any direction, and ends the turn (DG-08).
        * A hop goes over one piece of any colour to the empty hole behind; nothing is
          captured; two pieces in a row cannot be hopped (DG-09).
        * Hops chain, in any direction, stopping whenever you like, never landing twice
          on a hole (start included), never mixed with a step (DG-10).
        * Kings are never jumped (DG-12); other colours' tips are closed (DG-13).

        Next: how does the engine find *every* hole a chain can reach? (notebook 22)
        """),
    ]


# ---------------------------------------------------------------------- 22
def nb22():
    return [
        md("""
        # Diamond Game 3: finding every hole a chain can reach (連続ジャンプの探索)

        When you select a piece, the board marks every hole it can reach this turn. For a
        step that is easy, but hops chain (DG-10): after each landing the piece may hop
        again in any direction, and it may stop after any hop. How can a program be sure
        it has found **all** the landings, without going round in circles and without
        trying millions of paths? This notebook builds the search step by step, with the
        engine showing each stage.

        Reading time: about 15 minutes.
        """),
        IMPORTS,
        md("""
        ## A field of ladders

        We scatter pieces on the holes around the centre, leaving every other hole of
        every other row free, so that hops land on free holes again and again. Red's piece
        on `i5` (the centre) is the one we search for.
        """),
        code("""
            import numpy as np
            rng = np.random.default_rng(20)
            free = {(q, r) for q in range(-4, 5, 2) for r in range(-4, 5, 2)}
            near = [h for h in board.HEXAGON if board.distance(h, (0, 0)) <= 3 and h not in free]
            field = {h: int(rng.integers(2)) for h in near if rng.random() < 0.8}
            field[(0, 0)] = 0
            game = DiamondGame.from_pieces(field, DiamondRules(players=2))
            start = (0, 0)
            game.draw(selected=start, size=380)
        """),
        md("""
        ## Step 1: one jump (the edges of the search)

        From a hole, a single jump can go in six directions. `single_jumps` applies the
        rules for one jump: a neighbouring piece (not a king, DG-12), an empty landing hole
        behind it (DG-09), not in another colour's tip (DG-13), and never the start hole
        (DG-10). These are the first holes the chain can reach.
        """),
        code("""
            first = game.single_jumps(start)
            sorted(board.label(h) for h in first)
        """),
        code("""
            game.draw(selected=start, targets=first, size=380)
        """),
        md("""
        ## Step 2: the frontier, layer after layer (breadth-first search)

        From each of those holes the piece could jump again. We keep two things:

        * `seen`: every hole found so far (it starts with the start hole, which may never be
          landed on again);
        * `frontier`: the holes found in the last round, whose jumps we have not tried yet.

        Each round takes every hole of the frontier, tries its single jumps, and keeps the
        landings that are new. When a round finds nothing new, the search is over. This is
        a *breadth-first search*: the whole search is these few lines.
        """),
        code("""
            seen = {start}
            frontier = [start]
            layers = []
            while frontier:
                new = []
                for hole in frontier:
                    for landing in game.single_jumps(start, at=hole):
                        if landing not in seen:
                            seen.add(landing)
                            new.append(landing)
                layers.append(new)
                frontier = new
            [sorted(board.label(h) for h in layer) for layer in layers]
        """),
        md("""
        Layer 1 holds the holes one jump away, layer 2 those first found after two jumps,
        and so on; the last layer is empty, which is how the loop stopped. Here is the
        search after two rounds: blue rings for the holes already found, green dots for
        the frontier about to be expanded.
        """),
        code("""
            found_before = set(layers[0]) | {start}
            game.draw(selected=start, highlight=found_before - {start}, targets=layers[1], size=380)
        """),
        code("""
            game.draw(selected=start, highlight=set().union(*layers[:-2]), targets=layers[-2], size=380)
        """),
        md("""
        The engine does the same thing (faster, on hole numbers). `hop_layers` returns the
        layers with the start as layer 0, and `reachable_from` adds the steps:
        """),
        code("""
            engine = game.hop_layers(start)
            [sorted(layer) for layer in engine[1:]] == [sorted(layer) for layer in layers[:-1]]
        """),
        code("""
            hops = set().union(*layers)
            len(hops), game.reachable_from(start) == hops | {h for h in board.neighbours(start)
                                                            if game.piece_at(h) is None}
        """),
        question("Why may the search throw away a landing it has already seen, even though the "
                 "second way of getting there is a different chain?",
                 """Because the rest of the search from that hole would be the same: the board does
                 not change during a turn (only the moving piece moves, and its start hole stays
                 empty). Whatever can be reached after the second visit was already reached after
                 the first one."""),
        md("""
        ## Why the search is right (DG-10)

        Two facts make this simple loop correct.

        1. **No landing twice is automatic.** If some chain reaches a hole, it does so
           without landing twice anywhere: if a chain came back to a hole, cut out the loop
           between the two visits and it is still a legal chain, just shorter. So "every
           hole reachable by a chain" and "every hole reachable in the search" are the same
           set, and the start hole is never among them because it is in `seen` from the start.
        2. **Layers give the shortest chains.** A hole in layer *k* needs exactly *k* jumps
           at the least. The engine remembers, for each hole, the frontier hole it came from,
           so it can give back one shortest path per destination: those are the paths in
           `legal_moves()`.
        """),
        code("""
            moves = [m for m in game.legal_moves() if m.path[0] == start and m.kind != "step"]
            game.draw(selected=start, arrows=[m.path for m in moves if len(m.path) >= 3], size=380)
        """),
        md("""
        ## Paths are many, holes are few

        Why not simply list every chain? Because there are far more chains than holes. The
        same hole can be reached by many different chains, and each of them leaves exactly
        the same position, so the engine lists one move per destination; `play()` still
        accepts any other legal chain to the same hole, and `paths()` lists them.
        """),
        code("""
            n_paths = sum(len(game.paths(start, h, limit=100_000)) for h in hops)
            len(hops), n_paths
        """),
        code("""
            far_hole = max(hops, key=lambda h: len(game.paths(start, h, limit=100_000)))
            ways = game.paths(start, far_hole, limit=100_000)
            board.label(far_hole), len(ways), ways[:3]
        """),
        question("If a search tried every chain instead of every hole, how would its work grow "
                 "with a denser field of ladders?",
                 """Roughly exponentially: each landing with several ways on multiplies the number of
                 chains. The breadth-first search visits each hole once and tries its six
                 directions, so its work grows only with the number of holes (at most 121)."""),
        md("""
        ## The king and long jumps are just more edges (DG-11, DG-19)

        The search does not care what a single jump is. For a king (王駒), a single jump may
        go over a whole line of pieces (DG-11); with the long-jump option a piece may jump
        one far piece (DG-19). Both only change `single_jumps`; the loop stays the same.
        The one twist is the option `king_hops_after_group=False`: then a landing reached
        by a group jump ends the chain, so the engine adds such landings without expanding
        them further.
        """),
        code("""
            walls = {**field, (0, -2): 1, (2, -2): 1}       # two more pieces: lines to leap
            counts = {}
            for name, who, after in [("ordinary piece", 0, True), ("king", (0, True), True),
                                     ("king, no hops after a group", (0, True), False)]:
                rules = DiamondRules(players=2, king_hops_after_group=after)
                g = DiamondGame.from_pieces({**walls, start: who}, rules)
                counts[name] = len(g.reachable_from(start))
            counts
        """),
        code("""
            king = DiamondGame.from_pieces({**walls, start: (0, True)}, DiamondRules(players=2))
            king.draw(selected=start, targets=king.reachable_from(start), size=380)
        """),
        *try_it("""The king in the field: click it and pick a far hole. Open "Game setup" to see
                the option that ends the turn after a group jump.""",
                "DiamondWidget(king.copy())"),
        md("""
        With long jumps (DG-19) one jump can cover a long distance: here the piece on `i5`
        jumps the yellow piece on `i7` to `i9`, then the one on `k9` to `m9`, two jumps in
        all, both in layer 1 and layer 2 of the search.
        """),
        code("""
            far = DiamondGame.from_pieces({"i5": 0, "i7": 1, "k9": 1},
                                          DiamondRules(players=2, long_jump=True))
            [str(m) for m in far.legal_moves() if m.kind == "long"], far.hop_layers("i5")
        """),
        code("""
            far.draw(selected="i5", targets=far.reachable_from("i5"),
                     arrows=[["i5", "i9", "m9"]], size=340)
        """),
        question("Is a hole reached by a long jump in layer 1 of the search?",
                 """Yes: a long jump is one jump, so its landing is one edge away from where it
                 starts. Layers count jumps, not distance on the board."""),
        *try_it("""The field of ladders, hot-seat. Select the centre piece: the green dots are
                the search's result. Pick a far one: when several chains lead there, the board
                marks the next holes of those chains and you choose yours hop by hop.""",
                "DiamondWidget(game.copy())"),
        md("""
        ## Summary

        * One jump is an *edge*: `single_jumps` applies DG-09, DG-12, DG-13 (and DG-11, DG-19).
        * A breadth-first search from the start, with a `seen` set that holds the start,
          finds every reachable hole, each once, with the fewest jumps (DG-10).
        * Chains are many, holes are few: the engine lists one move per destination.

        The next notebooks (23 onwards) put these rules to work: the king's group jumps,
        blocked goals, variants, and strategy measured with bots.
        """),
    ]


NOTEBOOKS = {"20": ("20_diamond_board_and_camps.ipynb", nb20),
             "21": ("21_diamond_steps_and_hops.ipynb", nb21),
             "22": ("22_diamond_hop_chains.ipynb", nb22)}

if __name__ == "__main__":
    for key in sys.argv[1:] or sorted(NOTEBOOKS):
        name, make = NOTEBOOKS[key]
        write(name, make())
