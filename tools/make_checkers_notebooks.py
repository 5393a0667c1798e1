"""Write the checkers notebooks (10-14) and the checkers exercise notebooks.

    .venv/bin/python tools/make_checkers_notebooks.py            # all of them
    .venv/bin/python tools/make_checkers_notebooks.py 10 11      # some
    .venv/bin/python tools/run_notebooks.py notebooks/1[0-4]_checkers_*.ipynb

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
    from boardkit.checkers import CheckersGame, CheckersRules
    from boardkit.checkers.widget import CheckersWidget
""")




# ---------------------------------------------------------------------- 10
def nb10():
    return [
        md("""
        # Checkers 1: moving and capturing (チェッカー)

        Checkers (チェッカー; *draughts*, ドラフツ, in Britain and most of Europe) is a
        two-player game of flat round pieces that slide diagonally across a chequered
        board. You capture an opposing piece by jumping over it, and you win when your
        opponent has nothing left to move. The rules fit on a page, yet one careless move
        can lose three pieces at once: that is what makes it fun to read ahead.

        This notebook covers the board, the setup, who starts, how a man steps and how it
        jumps, and how moves are written down. Every rule has an ID such as (CK-04); the
        full list is in `docs/rules/checkers.md`. Each section shows a board, a line or
        two of code, a board to try it on, and a question to check yourself.

        Reading time: about 15 minutes.
        """),
        IMPORTS,
        md("""
        ## The board (CK-01)

        American checkers is played on an 8x8 board, international draughts on 10x10.
        Only the 32 (or 50) dark squares are ever used. The board is turned so that each
        player has a dark square in the corner at their lower left.

        Every dark square has a number. They are counted row by row from the top of the
        diagram, left to right: Black's home rows at the top hold 1-12, White's at the
        bottom hold 21-32. These numbers are the names of the squares in every record of
        a game, and in boardkit too.
        """),
        code("""
            game = CheckersGame()          # American rules unless told otherwise
            game.draw(labels=True)
        """),
        code("""
            game.squares, game.size
        """),
        *try_it("Click a man on the back row (1-4) or an empty square: the message under the "
                "board names the square. The *Flip* button turns the board round.",
                "CheckersWidget()"),
        question("What is the number of the dark square in White's lower-left corner?",
                 "29: it starts the bottom row, which holds 29, 30, 31 and 32."),
        md("""
        ## The setup (CK-02)

        Each side puts its men on the dark squares of the three rows nearest to it: 12
        men each on 8x8. The two middle rows stay empty. On the 10x10 board each side has
        20 men on four rows.
        """),
        code("""
            game.counts()
        """),
        code("""
            CheckersGame(CheckersRules.international()).counts()
        """),
        *try_it("The 10x10 setup: 20 men each, four rows, two empty rows in the middle.",
                "CheckersWidget(rules=\"international\")"),
        question("How many dark squares are empty at the start of an American game?",
                 "32 − 24 = 8: the two middle rows, four dark squares each."),
        md("""
        ## Who moves first (CK-03)

        In American checkers Black (the dark pieces) moves first; in international
        draughts White does. After that the players take turns. `game.turn` is 0 for
        Black and 1 for White. You can pick either side, and the board can be drawn
        turned round so that your pieces are at the bottom.
        """),
        code("""
            game.turn, CheckersGame(CheckersRules.international()).turn
        """),
        code("""
            game.draw(flip=True, size=300)     # Black's view: Black's men at the bottom
        """),
        *try_it("Play White: the computer (Black) makes the first move as soon as the board "
                "appears. Press *Flip* to see the board from the other side.",
                "CheckersWidget(computer=0, level=\"easy\")"),
        question("In international draughts, whose men stand on squares 31-50, and who moves first?",
                 "White's men stand on 31-50 (the bottom of the diagram), and White moves first."),
        md("""
        ## A man steps diagonally forward (CK-04)

        On your turn you move one piece. A man (駒, an ordinary piece) steps one square
        diagonally **forward** onto an empty dark square. It cannot go straight, sideways
        or back, and it cannot move onto another piece. Passing is not allowed: you must
        move something.

        From the start Black has seven possible moves. The board marks the two squares the
        man on 11 can reach.
        """),
        code("""
            [str(m) for m in game.legal_moves()]
        """),
        code("""
            game.draw(selected=11, targets=[15, 16], size=300)
        """),
        md("A step backwards is refused, and the message names the rule:"),
        code("""
            lone = CheckersGame(fen="B:W30:B14")      # one man each, Black to move
            try:
                lone.play("14-10")
            except IllegalMoveError as e:
                print(e)
        """),
        *try_it("Click a black man to see where it can go, then click a square. White (the "
                "computer, level やさしい/easy) answers. *Undo* takes both moves back.",
                "CheckersWidget(computer=1, level=\"easy\")"),
        question("A black man stands on square 13 (on the left edge). To which squares can it step?",
                 "Only 17: the other forward diagonal leaves the board."),
        md("""
        ## Jumping captures a piece (CK-05)

        When an opposing piece is diagonally next to your man, in front of it, and the
        square just behind that piece is empty, your man can jump over it and land there.
        The piece jumped over is captured and leaves the board.

        A jump is impossible when the landing square is taken or off the board. So two
        opposing pieces one behind the other cannot be jumped. In American checkers a man
        jumps forward only (international men may also jump backwards: notebook 13).

        Here the black man on 14 can jump the white man on 18 and land on 23:
        """),
        code("""
            jump = CheckersGame(fen="B:W18,30:B14")
            [str(m) for m in jump.legal_moves()]
        """),
        code("""
            jump.draw(arrows=[(14, 23)], highlight=[18], size=300)
        """),
        md("With a second white man on 23 the landing square is taken: no jump, just a step."),
        code("""
            blocked = CheckersGame(fen="B:W18,23:B14")
            [str(m) for m in blocked.legal_moves()]
        """),
        *try_it("Black to move: capture the white man by clicking 14, then 23.",
                "CheckersWidget(CheckersGame(fen=\"B:W18,30:B14\"))"),
        question("A black man on 14, white men on 10 and 18, and 23 occupied by White too. "
                 "Can Black capture?",
                 "No. 10 is behind the man (American men jump forward only) and the jump over "
                 "18 would land on 23, which is occupied."),
        md("""
        ## Writing moves down (CK-15)

        Each move is written with square numbers: `11-15` is a step from 11 to 15, and
        `15x24` is a jump from 15 to 24. A jump that goes on lists every landing square:
        `15x24x31`. A position can be written as a *FEN* line: the side to move, then
        White's squares and Black's squares (a `K` marks a king).

        Here is the start of a real game. `history` lists the moves and `fen()` describes
        the position reached:
        """),
        code("""
            opening = CheckersGame()
            for move in ["11-15", "24-20", "15-19", "23x16", "12x19"]:
                opening.play(move)
            [str(m) for m in opening.history]
        """),
        code("""
            opening.fen()
        """),
        code("""
            opening
        """),
        md("""
        Black stepped to 19, White captured it (`23x16`), and Black captured back
        (`12x19`): one man each. `to_pdn()` writes the whole game in the PDN format that
        other draughts programs read (notebook 13 shows more).
        """),
        code("""
            print(opening.to_pdn())
        """),
        *try_it("Continue this game with hot-seat play (both sides by clicks). The move list "
                "on the right uses the same notation.",
                "CheckersWidget(opening.copy())"),
        question("What does `8-11` mean, and what would `22x15x8` mean?",
                 "`8-11`: a piece steps from square 8 to square 11. `22x15x8`: a piece on 22 "
                 "jumps to 15 and then jumps on to 8, capturing two pieces."),
        md("""
        ## Summary

        * 8x8 board, dark squares numbered 1-32; 12 men each; Black moves first (CK-01..CK-03).
        * A man steps one square diagonally forward (CK-04) and captures by jumping an
          adjacent opposing piece onto the empty square behind it (CK-05).
        * Moves are written `11-15` and `15x24` (CK-15).

        Next: **11 — forced capture and multi-jumps**.
        """),
    ]


# ---------------------------------------------------------------------- 11
def nb11():
    return [
        md("""
        # Checkers 2: forced capture and multi-jumps

        In checkers you may not ignore a capture: if you can take, you must. This one rule
        is the engine of the whole game's tactics. You can *offer* a piece, knowing your
        opponent has to take it, and then take two back. This notebook covers the forced
        capture (CK-06), multi-jumps (CK-07), the free choice between captures, and the
        `no_forced` rule set where capturing is optional.

        Reading time: about 15 minutes.
        """),
        IMPORTS,
        md("""
        ## A capture is compulsory (CK-06)

        When any of your pieces can capture, you must make a capture: a plain step is not
        allowed. The pieces that can capture are ringed in red (赤い点線の輪), and only
        they can be picked on the interactive board.

        Black to move. The man on 14 can take 18; so the man on 5, which could step to 9,
        must wait.
        """),
        code("""
            forced = CheckersGame(fen="B:W18,30:B14,5")
            [str(m) for m in forced.legal_moves()]
        """),
        code("""
            forced.draw(capturable=True, size=300)
        """),
        code("""
            try:
                forced.copy().play("5-9")
            except IllegalMoveError as e:
                print(e)
        """),
        *try_it("Try to move the man on 5: the board explains why not. Then capture.",
                "CheckersWidget(CheckersGame(fen=\"B:W18,30:B14,5\"))"),
        question("Black men on 14 and 5, white men on 18 and 30, Black to move. How many legal moves "
                 "does Black have?",
                 "One: `14x23`. The capture is compulsory, and it is the only capture."),
        md("""
        ## Which capture? Your choice (CK-06)

        When several captures are possible, American rules let you choose any of them: any
        capturing piece, any route, even one that takes fewer pieces than another. (The
        international rules are stricter: notebook 13.)

        Black to move: the man on 12 can take one piece, the man on 14 can take two.
        Both are legal.
        """),
        code("""
            choice = CheckersGame(fen="B:W16,18,27:B12,14")
            [str(m) for m in choice.legal_moves()]
        """),
        code("""
            choice.draw(arrows=[(12, 19), (14, 23, 32)], capturable=True, size=300)
        """),
        *try_it("Both ringed men may capture: pick either one.",
                "CheckersWidget(CheckersGame(fen=\"B:W16,18,27:B12,14\"))"),
        question("In that position, is `12x19` legal under American rules even though `14x23x32` "
                 "takes more?",
                 "Yes. American rules oblige you to capture, not to capture the most (CK-06)."),
        md("""
        ## Multi-jumps: keep jumping (CK-07)

        After a jump, if the same piece can jump again from where it landed, it must jump
        again in the same move, and it may turn to do so. It cannot stop half way. The
        pieces jumped are removed when the whole move is over. A multi-jump is written with
        every landing square: `14x23x32`, and it counts as **one** move.
        """),
        code("""
            try:
                choice.copy().play("14x23")    # stopping after the first jump
            except IllegalMoveError as e:
                print(e)
        """),
        md("""
        Sometimes the jumping piece has a choice of ways on. Here the man on 14 jumps to 23
        and can then go on to 30 or to 32; the man on 15 has two routes to 31. You choose
        hop by hop; where only one way continues the board jumps on by itself. Pieces
        already jumped are drawn faded until the move ends.
        """),
        code("""
            branch = CheckersGame(fen="B:W18,19,26,27:B14,15,1")
            [str(m) for m in branch.legal_moves()]
        """),
        code("""
            branch.draw(arrows=[(14, 23, 30), (14, 23, 32)], capturable=True, size=300)
        """),
        *try_it("Click 14, then 23: the board waits for you to choose 30 or 32. Watch the "
                "jumped man on 18 fade.",
                "CheckersWidget(CheckersGame(fen=\"B:W18,19,26,27:B14,15,1\"))"),
        question("Why is `15x22x31` written with three squares, while `14x23` alone is refused here?",
                 "A multi-jump lists every landing square. `14x23` stops while the man can "
                 "still jump (to 30 or 32), and a jump may not stop early (CK-07)."),
        md("""
        ## Giving one to take two: the *shot*

        Because capturing is forced, you can make your opponent take. Black to move: step
        `14-18`, White must capture it with `22x15`, and then Black's man on 10 jumps twice,
        `10x19x28`, without any choice for White in between. This kind of forced sequence
        is called a *shot*.
        """),
        code("""
            shot = CheckersGame(fen="B:W22,24,27:B6,10,14")
            shot.draw(arrows=[(14, 18)], size=300)
        """),
        code("""
            for move in ["14-18", "22x15", "10x19x28"]:
                shot.play(move)
            shot.counts()
        """),
        *try_it("Play the shot yourself against the computer (White).",
                "CheckersWidget(CheckersGame(fen=\"B:W22,24,27:B6,10,14\"), computer=1, level=\"strong\")"),
        question("After `14-18`, could White step another man instead of capturing?",
                 "No: a capture is available (`22x15`), so it is compulsory (CK-06)."),
        md("""
        ## No forced capture: the `no_forced` rule set (CK-06, CK-14)

        Some players prefer to decide for themselves whether to capture. With
        `CheckersRules.no_forced()` a capture is optional, so the man on 5 may step. But
        once a piece has started jumping, it must still finish the multi-jump (CK-07).
        """),
        code("""
            relaxed = CheckersGame(CheckersRules.no_forced(), fen="B:W18,30:B14,5")
            [str(m) for m in relaxed.legal_moves()]
        """),
        code("""
            free = CheckersGame(CheckersRules.no_forced(), fen="B:W16,18,27:B12,14")
            [str(m) for m in free.legal_moves()]
        """),
        *try_it("The same position under `no_forced`: the man on 5 may move now.",
                "CheckersWidget(CheckersGame(CheckersRules.no_forced(), fen=\"B:W18,30:B14,5\"))"),
        question("Under `no_forced`, can Black play `14x23` and stop while the jump to 32 is open?",
                 "No. Starting a capture is optional, but a started multi-jump must be completed "
                 "(CK-07), so the move is `14x23x32`."),
        md("""
        ## Summary

        * If you can capture, you must (CK-06, American and international); under
          American rules you may choose which capture.
        * A piece that can keep jumping must do so; the whole multi-jump is one move (CK-07).
        * Forced captures make *shots* possible: give one, take two.
        * `no_forced` makes starting a capture optional.

        Next: **12 — kings and how games end**.
        """),
    ]


# ---------------------------------------------------------------------- 12
def nb12():
    return [
        md("""
        # Checkers 3: kings, and how a game ends

        A man that reaches the far side of the board is crowned king (キング) and may then
        move backwards too. This notebook covers crowning (CK-08), how kings move (CK-09),
        how a game is won (CK-10), and the three ways it can be drawn (CK-11 to CK-13).

        Reading time: about 15 minutes.
        """),
        IMPORTS,
        md("""
        ## Crowning (CK-08)

        A man that ends its move on the far row (the opponent's back row) becomes a king.
        On a real board another piece is stacked on it; boardkit draws a crown. Black
        crowns on 29-32, White on 1-4.

        American rule: a man that reaches the far row by a jump is crowned there and its
        move ends, even if as a king it could jump on. Its next move may start with that
        jump.
        """),
        code("""
            crown = CheckersGame(fen="B:W5:B26")
            crown.play("26-31")
            crown.draw(size=300)
        """),
        code("""
            crown.counts()
        """),
        md("Here the man on 22 jumps 26 and lands on 31, the far row. A king could go on "
           "over 27 to 24, but the crowning ends the move:"),
        code("""
            stop = CheckersGame(fen="B:W26,27:B22")
            [str(m) for m in stop.legal_moves()]
        """),
        *try_it("Move the black man on 26 to the far row and watch it be crowned.",
                "CheckersWidget(CheckersGame(fen=\"B:W5:B26\"))"),
        question("A black man jumps onto square 30 and a further jump would be possible for a king. "
                 "What happens under American rules?",
                 "It is crowned on 30 and the move ends there (CK-08); the king can jump on its "
                 "next turn if the jump is still there."),
        md("""
        ## How kings move (CK-09)

        An American king moves one square diagonally in **any** of the four directions,
        and jumps forwards or backwards the way a man jumps forwards. (International kings
        fly along whole diagonals: notebook 13.)
        """),
        code("""
            king = CheckersGame(fen="B:W30:BK14")
            [str(m) for m in king.legal_moves()]
        """),
        code("""
            king.draw(selected=14, targets=[9, 10, 17, 18], size=300)
        """),
        md("A king can also capture backwards: here the black king on 23 jumps the white man "
           "on 19 and lands on 16."),
        code("""
            back = CheckersGame(fen="B:W19,30:BK23")
            [str(m) for m in back.legal_moves()]
        """),
        *try_it("Move the black king around, forwards and backwards.",
                "CheckersWidget(CheckersGame(fen=\"B:W30:BK14\"))"),
        question("How many moves has a black king on 1 (a corner-side square on the top row) "
                 "on an otherwise empty board?",
                 "Two: 1-5 and 1-6. The squares above are off the board."),
        md("""
        ## Winning (CK-10)

        You win when your opponent has no pieces left, or has pieces but none of them can
        move on their turn. Here White's only man, on 32, is hemmed in: 27 and 28 are
        taken and the jump over 27 would land on 23, which is also taken.
        """),
        code("""
            stuck = CheckersGame(fen="W:W32:B23,27,28")
            stuck.legal_moves(), stuck.outcome().reason
        """),
        code("""
            stuck.draw(size=300)
        """),
        *try_it("Black to move: capture White's last man and see the result in the status line.",
                "CheckersWidget(CheckersGame(fen=\"B:W18:B14\"))"),
        question("White has three men left, Black two kings, and it is White's turn, but no white "
                 "man can move. Who wins?",
                 "Black: a player who cannot move on their turn loses (CK-10)."),
        md("""
        ## Draw by repetition (CK-11)

        If the same position, with the same player to move, comes up for the third time,
        the game is drawn. Two kings walking to and fro produce it quickly:
        """),
        code("""
            rep = CheckersGame(fen="B:WK32:BK1")
            for move in ["1-6", "32-27", "6-1", "27-32"] * 2:
                rep.play(move)
            rep.repetitions(), rep.outcome().reason
        """),
        *try_it("Two kings: make the same position appear three times by moving to and fro.",
                "CheckersWidget(CheckersGame(fen=\"B:WK32:BK1\"))"),
        question("Does the position have to repeat in a row, three times running?",
                 "No. It must occur three times in the game with the same player to move; other "
                 "positions may come in between (CK-11)."),
        md("""
        ## The 40-move rule (CK-12)

        Under American rules the game is drawn when both sides have made 40 moves in a row
        (80 plies) without any capture and without moving a man, that is only king moves.
        `quiet_plies` counts them; a capture or a man move starts the count again. A FEN
        line can carry the count with `:H` (here 78 plies already), so we see the end
        after two more king moves:
        """),
        code("""
            quiet = CheckersGame(fen="B:WK32:BK1:H78")
            quiet.play("1-6")
            quiet.play("32-27")
            quiet.quiet_plies, quiet.outcome().reason
        """),
        code("""
            manmove = CheckersGame(fen="B:WK32:B5,K1:H78")
            manmove.play("5-9")                 # a man move resets the count
            manmove.quiet_plies, manmove.outcome()
        """),
        *try_it("The count is at 78: two more king moves draw the game. Or move the man on 5 "
                "to restart the count.",
                "CheckersWidget(CheckersGame(fen=\"B:WK32:B5,K1:H78\"))"),
        question("Black has only kings; White has kings and one man that never moves. For 40 moves "
                 "each nobody captures. Is it a draw?",
                 "Yes: 80 plies with no capture and no man move draw the game (CK-12)."),
        md("""
        ## International draws (CK-13)

        International draughts counts differently: 25 moves each with only king moves and no
        capture is a draw, and with one lone king left against three pieces (one of them a
        king) the stronger side has 16 moves each to win; against two pieces, 5 moves each.
        Notebook 13 shows these rules on the 10x10 board. Each rule set says which draw
        rules it counts by:
        """),
        code("""
            CheckersRules.american().draw_rules, CheckersRules.international().draw_rules
        """),
        *try_it("Two white kings against one black king on the 10x10 board: White has 5 moves "
                "each to win before the game is drawn.",
                "CheckersWidget(CheckersGame(CheckersRules.international(), fen=\"W:WK3,K4:BK46\"))"),
        question("Under international rules, White has two kings, Black one. How many moves each "
                 "does White have to win?",
                 "5 moves each (10 plies) from when that material arose; then it is a draw (CK-13)."),
        md("""
        ## Summary

        * A man ending on the far row is crowned; in American checkers crowning ends the
          move (CK-08). Kings step and jump in all four directions (CK-09).
        * No pieces or no legal move on your turn: you lose (CK-10).
        * Draws: a position for the third time (CK-11); 40 moves each without captures or
          man moves (CK-12); the international counts (CK-13).

        Next: **13 — the international rules**.
        """),
    ]


# ---------------------------------------------------------------------- 13
def nb13():
    return [
        md("""
        # Checkers 4: the international rules (10x10 draughts)

        In the Netherlands, France, Russia, Africa and at world championships, draughts
        (ドラフツ) is played on a 10x10 board with rules that make the game richer: men
        capture backwards, the biggest capture is compulsory, kings fly along whole
        diagonals, and a man is not crowned in the middle of a capture. This notebook
        goes through these differences one by one, then the rule-set presets (CK-14) and
        the FEN/PDN formats (CK-15).

        Reading time: about 20 minutes.
        """),
        IMPORTS,
        code("""
            import numpy as np
            intl = CheckersRules.international()
            intl
        """),
        md("""
        ## The presets (CK-14)

        A rule set is one value with named presets: `american()` (8x8, forced capture, short
        kings, crowning ends the move), `no_forced()` (the same, captures optional),
        `international()` (everything below) and `custom(...)`, which changes any of the
        options one by one. The rule set travels with a game, in its JSON and PDN.
        """),
        code("""
            CheckersRules.custom(board_size=10, flying_kings=True).name, intl.name
        """),
        code("""
            try:
                CheckersRules.custom(board_size=9)
            except Exception as e:
                print(e)
        """),
        *try_it("Open *Game setup*, choose the rule set `custom`, tick the options you want "
                "and press *New game*.",
                "CheckersWidget(rules=\"custom\")"),
        question("Which options differ between `american()` and `international()`?",
                 "All of them: board size 8 vs 10, majority capture off vs on, men capture "
                 "backwards no vs yes, flying kings no vs yes, crowning ends the move yes vs no, "
                 "Black vs White first, and the draw rules (CK-12 vs CK-13). Forced capture is on "
                 "in both."),
        md("""
        ## The 10x10 board (CK-01, CK-02, CK-03)

        50 dark squares, numbered 1-50 from the top; 20 men each on four rows; White
        (at the bottom, 31-50) moves first.
        """),
        code("""
            big = CheckersGame(intl)
            big.draw(size=360)
        """),
        code("""
            big.turn, len(big.legal_moves())
        """),
        *try_it("Play the opening of an international game against the computer (Black, easy).",
                "CheckersWidget(rules=\"international\", computer=0, level=\"easy\")"),
        question("How many first moves does White have in international draughts?",
                 "9: the five men on 31-35 have nine forward steps between them."),
        md("""
        ## Men capture backwards too (CK-05)

        An international man still *steps* only forwards, but it may *jump* forwards or
        backwards. Here White's man on 28 captures the black man on 33 behind it:
        """),
        code("""
            back = CheckersGame(intl, fen="W:W28:B33")
            [str(m) for m in back.legal_moves()]
        """),
        code("""
            back.draw(arrows=[(28, 39)], size=300)
        """),
        *try_it("White to move: capture backwards.",
                "CheckersWidget(CheckersGame(intl, fen=\"W:W28:B33\"))"),
        question("Could the same man *step* backwards from 28 to 32 when there is nothing to take?",
                 "No: only jumps may go backwards; steps are forward only (CK-04)."),
        md("""
        ## Majority capture: take the most (CK-06)

        When there are several captures, you must choose one that takes the **most**
        pieces (kings and men count the same). Among equally long captures you choose.
        White's man on 27 could take one piece, but 26 can take two, so only `26x17x8` is
        legal:
        """),
        code("""
            most = CheckersGame(intl, fen="W:W26,27:B12,18,21,28")
            [str(m) for m in most.legal_moves()]
        """),
        code("""
            try:
                most.copy().play("27x16")
            except IllegalMoveError as e:
                print(e)
        """),
        code("""
            most.draw(arrows=[(26, 17, 8), (27, 16)], capturable=True, size=300)
        """),
        *try_it("Only the man that can take most is ringed and selectable.",
                "CheckersWidget(CheckersGame(intl, fen=\"W:W26,27:B12,18,21,28\"))"),
        question("Under American rules, would `27x16` be allowed in that position?",
                 "Yes: American rules only require *a* capture, not the longest (CK-06)."),
        md("""
        ## A piece is jumped only once (CK-07)

        During a multi-capture the jumped pieces stay on the board until the move is over.
        They cannot be jumped a second time, and they block the way. Here White's man on
        32 captures four pieces in a ring and comes back to its own square: it may not
        jump the piece on 27 again.
        """),
        code("""
            ring = CheckersGame(intl, fen="W:W32:B17,18,27,28")
            [str(m) for m in ring.legal_moves()]
        """),
        code("""
            ring.draw(arrows=[(32, 21, 12, 23, 32)], size=300)
        """),
        *try_it("Click 32 and follow the ring: each jumped piece fades and stays until the end.",
                "CheckersWidget(CheckersGame(intl, fen=\"W:W32:B17,18,27,28\"))"),
        question("Why does the move end on 32 although the man on 27 is still diagonally next to it?",
                 "27 was already jumped in this move; a piece can be jumped only once, and it stays "
                 "on the board until the move ends (CK-07)."),
        md("""
        ## Flying kings (CK-09)

        An international king flies: it moves any number of squares along a diagonal over
        empty squares, and captures a piece at any distance (only empty squares before it),
        landing on any empty square beyond. Here the king on 46 can take the man on 28 and
        land on 23, 19, 14, 10 or 5:
        """),
        code("""
            fly = CheckersGame(intl, fen="W:WK46:B28")
            [str(m) for m in fly.legal_moves()]
        """),
        code("""
            fly.draw(arrows=[(46, 5)], capturable=True, size=300)
        """),
        md("With a second man on 14 the king must take both (majority), so the capture ends on "
           "10 or 5. Landing on 23 or 19 in between makes no difference: the same pieces are "
           "taken from the same start to the same end, which counts as one move (CK-07)."),
        code("""
            [str(m) for m in CheckersGame(intl, fen="W:WK46:B28,14").legal_moves()]
        """),
        *try_it("A flying king: pick a landing square after the jump.",
                "CheckersWidget(CheckersGame(intl, fen=\"W:WK46:B28\"))"),
        question("Can a flying king jump two adjacent pieces in a row along one diagonal?",
                 "No: it needs an empty square right behind the piece it jumps (CK-05, CK-09)."),
        md("""
        ## No crowning in the middle of a capture (CK-08)

        An international man that reaches the far row during a capture and can jump on
        must continue, *as a man*, and is not crowned unless the move ends on the far row.
        White's man on 11 jumps to 2 (the far row) and must go on to 13: it stays a man.
        """),
        code("""
            passing = CheckersGame(intl, fen="W:W11:B7,8")
            passing.play("11x2x13")
            passing.pieces()            # square: (player, is_king)
        """),
        code("""
            passing.draw(size=300)
        """),
        *try_it("White to move: the man touches the far row but is not crowned.",
                "CheckersWidget(CheckersGame(intl, fen=\"W:W11:B7,8\"))"),
        question("Under American rules, what would happen when that man lands on 2 by a jump?",
                 "It would be crowned there and the move would end (CK-08, American)."),
        md("""
        ## International draws (CK-13)

        Draw rules on 10x10 (after FMJD): 25 moves each with only king moves and no capture;
        a lone king against three pieces with at least one king: 16 moves each; against two
        pieces with a king: 5 moves each. Here both sides shuffle their kings at random
        (never leaving a piece to be taken) until the rule stops the game:
        """),
        code("""
            rng = np.random.default_rng(0)
            ending = CheckersGame(intl, fen="W:WK3,K4:BK46")
            while not ending.is_over():
                safe = [m for m in ending.legal_moves() if not ending.child(m).capturing_squares()]
                ending.play(safe[rng.integers(len(safe))])
            ending.outcome().reason, ending.endgame_plies
        """),
        code("""
            ending.draw(size=300)
        """),
        *try_it("Two white kings against one: can you catch the black king within 5 moves each?",
                "CheckersWidget(CheckersGame(intl, fen=\"W:WK3,K4:BK46\"), computer=0, level=\"normal\")"),
        question("The lone king is caught after 7 moves each with two kings against it. What is the result?",
                 "A draw: with two pieces against a lone king the game is drawn after 5 moves each "
                 "(CK-13), before the capture could happen."),
        md("""
        ## FEN and PDN: taking games elsewhere (CK-15)

        A position is written as a FEN line, a game as a PDN record: both are plain text that
        other draughts programs read. `GameType 20` marks international draughts.
        """),
        code("""
            game = CheckersGame(intl)
            for move in ["32-28", "19-23", "28x19", "14x23"]:
                game.play(move)
            print(game.to_pdn(Event="Notebook 13"))
        """),
        code("""
            again = CheckersGame.from_pdn(game.to_pdn())
            again.fen() == game.fen(), again.rules == intl
        """),
        *try_it("The game read back from PDN goes on from where it stopped; *Save* writes it to a "
                "JSON file and *Resume* reads it back.",
                "CheckersWidget(again)"),
        code("""
            try:
                CheckersGame(intl, fen="W:W51:B1")
            except Exception as e:
                print(e)
        """),
        question("What does the FEN line `W:W28:B33` say?",
                 "White to move; a white man on 28 and a black man on 33 (no `K`, so no kings)."),
        md("""
        ## Summary

        * International draughts: 10x10, White first (CK-01..03); men jump backwards (CK-05);
          the biggest capture is compulsory (CK-06); jumped pieces stay and are jumped once
          (CK-07); no crowning mid-capture (CK-08); flying kings (CK-09); its own draw
          rules (CK-13).
        * Presets and `custom` rule sets (CK-14); FEN and PDN (CK-15).

        Next: **14 — strategy, measured**.
        """),
    ]


# ---------------------------------------------------------------------- 14
def nb14():
    tips = [
        ("shots", "Check every move for a shot",
         """Before moving, ask: does this move let my opponent capture, and can I take back
         more? A forced capture can be used against you. The bot with this tip reads every
         capture sequence to its end (a *quiescence search*); without it, it judges a move
         before the captures it allows.""",
         'shot = CheckersGame(fen="B:W22,24,27:B6,10,14")\n'
         'seeing, blind = ai.tip_pair("shots")   # the bots with and without the tip\n'
         'str(seeing(shot, rng)), str(blind(shot, rng))',
         'shot.draw(arrows=[(14, 18), (22, 15), (10, 19, 28)], size=300)',
         "In the shot position, why does `14-18` win material although it gives a man away?",
         "White must take (`22x15`, CK-06), and then `10x19x28` takes two: Black gains one man."),
        ("groups", "Advance in groups",
         """A man with a friend right behind it cannot be jumped from the front: the landing
         square is taken. Men that advance alone are picked off one by one. The bot with
         this tip scores each man whose back squares are covered (by a friend or the board
         edge).""",
         'apart, together = CheckersGame(fen="B:W29:B14,11"), CheckersGame(fen="B:W29:B14,10")\n'
         'ai.score(apart, ["groups"]), ai.score(together, ["groups"])',
         'together.draw(highlight=[10, 14], size=300)',
         "White man on 18 next to a black man on 14 whose back square 9 is empty: can White jump it?",
         "White jumps from 18 over 14 to 9 only if 9 is empty; put a black man on 9 and the jump is blocked."),
        ("back_row", "Keep the back row",
         """Men on your own back row stop the opponent from crowning there. The bot with this
         tip counts the men still on its back row (squares 1-4 for Black).""",
         'home = CheckersGame()\n'
         'ai.score(CheckersGame(fen="B:W29:B1,9"), ["back_row"]), ai.score(CheckersGame(fen="B:W29:B13,9"), ["back_row"])',
         'home.draw(highlight=[1, 2, 3, 4, 29, 30, 31, 32], size=300)',
         "Which squares form White's back row on the 8x8 board?",
         "29, 30, 31 and 32: Black crowns there, so White's men there guard it."),
        ("centre", "Take the centre",
         """A piece in the middle has two ways forward and takes part in the play on both
         wings; a piece on the edge has one. The bot with this tip counts its pieces on the
         eight central squares.""",
         'ai.centre_squares(8)',
         'CheckersGame().draw(highlight=ai.centre_squares(8), size=300)',
         "A man on 13 (left edge) and a man on 14: how many forward steps can each make on an empty board?",
         "The man on 13 has one (17), the man on 14 two (17 and 18)."),
        ("crown", "Crown first",
         """A king moves backwards too, so it is worth much more than a man. Getting one first
         gives you a piece that attacks and defends. The bot with this tip rates kings higher
         and rewards men for every row they have advanced.""",
         'ai.score(CheckersGame(fen="B:W29:B22"), ["crown"]), ai.score(CheckersGame(fen="B:W29:B10"), ["crown"])',
         'CheckersGame(fen="B:W29:B22").draw(arrows=[(22, 26, 31)], size=300)',
         "Your man on 22 and the opponent's on 11 race to crown. Who gets there first if you move first?",
         "You do: each man needs two steps (22 to 26 or 27, then the far row; 11 to 7 or 8, "
         "then 1-4), and you move first (assuming nobody blocks the other)."),
        ("trade", "Trade when ahead",
         """When you are a piece up, every even exchange makes your lead a bigger share of
         what is left: 4 against 3 is a fight, 2 against 1 is nearly won. When behind, avoid
         trades. The bot with this tip adds a bonus for the lead divided by the pieces left.""",
         'ai.score(CheckersGame(fen="B:W21,22,23:B1,2,3,4"), ["trade"]), '
         'ai.score(CheckersGame(fen="B:W21:B1,2"), ["trade"])',
         'CheckersGame(fen="B:W21:B1,2").draw(size=300)',
         "You have 5 men against 4. Is an exchange of one man each good for you?",
         "Yes: 4 against 3 is a bigger share advantage than 5 against 4, so trade when ahead."),
    ]
    cells = [
        md("""
        # Checkers 5: strategy, measured

        Books on checkers (チェッカー) give the same few pieces of advice. Our source lists six:

        1. check every move for a shot, 2. advance in groups, 3. keep the back row,
        4. take the centre, 5. crown first, 6. trade when ahead.

        Are they true, and how much is each worth? Here each tip is turned into one term of a
        bot's evaluation that can be switched on or off (`boardkit.checkers.ai.TipBot`).
        For each tip we show it on a board, then let the bot **with** the tip play the bot
        **without** it, 40 games with colours swapped every game, and report its score with
        a 95% confidence interval (draws, and games still going after 200 plies, count
        half). Both bots look one move ahead; apart
        from tip 1, both also read captures to the end, so each tip is measured on top of
        not blundering. The bots add a little random noise so that the games differ.

        Reading time: about 15 minutes.
        """),
        IMPORTS,
        code("""
            import numpy as np
            from boardkit import plot
            from boardkit.checkers import ai
            rng = np.random.default_rng(1)
            results = {}
        """),
    ]
    widgets = {
        "shots": 'CheckersWidget(CheckersGame(fen="B:W22,24,27:B6,10,14"), computer=1, level="normal")',
        "groups": 'CheckersWidget(computer=1, level="normal")',
        "back_row": 'CheckersWidget(computer=1, level="normal")',
        "centre": 'CheckersWidget(computer=1, level="normal")',
        "crown": 'CheckersWidget(CheckersGame(fen="B:W11,29:B22"), computer=1, level="normal")',
        "trade": 'CheckersWidget(CheckersGame(fen="B:W21,22,23:B1,2,3,4"), computer=1, level="normal")',
    }
    for i, (tip, title, text, demo, board, q, a) in enumerate(tips, 1):
        widget = widgets[tip]
        cells += [
            md(f"## Tip {i}: {title}\n\n{dedent(text).strip()}"),
            code(demo),
            code(board),
            md(f"**Measured.** The bot with tip `{tip}` against the bot without it:"),
            code(f'results["{tip}"] = ai.measure_tip("{tip}", games=40, seed={i})\nresults["{tip}"]'),
            *try_it(f"Play this tip against the computer (ふつう/normal), as Black.", widget),
            question(q, a),
        ]
    cells += [
        md("""
        ## All six side by side

        Each bar is the score of the bot with the tip against the same bot without it; the
        line is the 95% interval. 50% (dashed) means "no measurable effect".
        """),
        code("""
            plot.setup()
            fig, axis = plot.figure(figsize=(7, 3.2))
            names = list(results)
            rates = [results[t].win_rate("with") for t in names]
            lows = [max(0, r - results[t].interval("with")[0]) for t, r in zip(names, rates)]
            highs = [max(0, results[t].interval("with")[1] - r) for t, r in zip(names, rates)]
            axis.bar(names, rates, yerr=[lows, highs], capsize=4, color="#a8744a")
            axis.axhline(0.5, ls="--", color="gray")
            axis.set_ylabel("score with the tip")
            axis.set_title("六つのコツ: six tips, measured in bot games")
            _ = axis.set_ylim(0, 1)
        """),
        code("""
            for t in names:
                lo, hi = results[t].interval("with")
                verdict = "helps" if lo > 0.5 else "hurts" if hi < 0.5 else "not shown (interval straddles 50%)"
                print(f"{t:<9} {results[t].win_rate('with'):5.0%}  [{lo:4.0%}, {hi:4.0%}]  {verdict}")
        """),
        md("""
        ## What the numbers say

        * **Shots** (reading captures to the end) is by far the biggest: a bot that does not
          look at what its move allows loses almost every game. This is the tip to learn
          first.
        * The shape tips are small effects next to it. In these 40-game matches `groups`,
          `back_row` and `trade` lean towards helping and `centre` and `crown` lean the
          other way, but **every one of those intervals contains 50%**: these games cannot
          tell their effect from chance. That is not proof that a tip is useless.
        * With 100 games per tip (`benchmarks/checkers_strength.py`, other seeds) we
          measured: groups 57.5% [47.7%, 66.7%], back row 57.5% [47.7%, 66.7%], centre
          47.0% [37.5%, 56.7%], crown 45.0% [35.6%, 54.8%], trade 48.5% [38.9%, 58.2%],
          shots 99.0% [94.6%, 99.8%]. Groups and the back row come close to a measurable
          gain; our simple version of "crown first" (reward every step forward) seems to
          pull men forward alone, against "advance in groups". How a tip is turned into
          numbers matters as much as the tip.
        * Draws are common between bots of equal depth: checkers is a drawn game with
          perfect play (weakly solved in 2007 by the Chinook team).

        **Try it.** Play the strongest bot (つよい): it uses every tip and reads several moves
        ahead. *Hint* shows the move it would choose for you.
        """),
        code("""
            CheckersWidget(computer=1, level="strong")
        """),
        question("A tip's interval is [40%, 62%]. What can you conclude from these games?",
                 "Nothing either way: the interval contains 50%, so the games are consistent with "
                 "the tip helping, hurting, or doing nothing. More games are needed."),
    ]
    return cells


# ---------------------------------------------------------------- exercises
SOLUTIONS = {
    "targets": "{15, 16}",
    "forced": '"14x23"',
    "notation": '"14x23x32"',
    "count": "4",
    "forty": "False",
    "majority": '"26x17x8"',
    "shot": '"14-18"',
}


def exercises(solved: bool):
    def blank(name, kind):
        if solved:
            return f"answer = {SOLUTIONS[name]}"
        return f"answer = ...   # {kind}"

    items = [
        ("targets", "check_targets", "a set of square numbers, e.g. {1, 2}",
         "Moving (CK-04)", "Black to move from the start. Which squares can the man on 11 move to?"),
        ("forced", "check_forced_capture", "a move as text, e.g. \"9-13\"",
         "Forced capture (CK-06)", "Black to move. Which move must Black play?"),
        ("notation", "check_notation", "a move as text",
         "Notation (CK-07, CK-15)", "Write the move of the man on 14 that captures two pieces, "
         "with every landing square."),
        ("count", "check_move_count", "a number",
         "Counting moves (CK-06, CK-07)", "How many legal moves has Black in this position? "
         "(A whole multi-jump is one move.)"),
        ("forty", "check_forty_move_draw", "True or False",
         "The 40-move rule (CK-12)", "In this position 78 plies have passed with no capture and "
         "no man move. Black plays 5-9, White 32-27. Is the game now drawn?"),
        ("majority", "check_majority", "a move as text",
         "Majority capture (CK-06, international)", "International rules, White to move. "
         "Which move must White play?"),
        ("shot", "check_shot", "a move as text",
         "A shot", "Black to move. Which step forces White to capture and then lets Black take "
         "two men back?"),
    ]
    title = "Checkers exercises — solutions" if solved else "Checkers exercises"
    cells = [
        md(f"""
        # {title} (チェッカー)

        Seven short exercises on the rules of notebooks 10-13. For each one, look at the
        board, replace the `...` after `answer =` with your answer, and run the check cell:
        it prints ✅ when you are right and a hint when not. You can use the engine to
        explore (`ex.position("forced").legal_moves()`), but try to answer from the board
        first.
        """),
        code("""
            from boardkit.checkers import exercises as ex
        """),
    ]
    for i, (name, fn, kind, head, text) in enumerate(items, 1):
        cells += [
            md(f"## {i}. {head}\n\n{text}"),
            code(f'ex.show("{name}")'),
            code(blank(name, kind)),
            code(f"ex.{fn}(answer)"),
        ]
    cells += [md("## Your score"), code("ex.summary()")]
    return cells


NOTEBOOKS = {
    "10": ("10_checkers_moving.ipynb", nb10),
    "11": ("11_checkers_forced_capture.ipynb", nb11),
    "12": ("12_checkers_kings_and_endings.ipynb", nb12),
    "13": ("13_checkers_international.ipynb", nb13),
    "14": ("14_checkers_strategy.ipynb", nb14),
    "ex": ("checkers.ipynb", lambda: exercises(False)),
    "exsol": ("solutions/checkers.ipynb", lambda: exercises(True)),
}


def main(argv):
    keys = argv or list(NOTEBOOKS)
    for k in keys:
        name, fn = NOTEBOOKS[k]
        folder = "exercises" if k.startswith("ex") else "notebooks"
        write(name, fn(), folder)


if __name__ == "__main__":
    main(sys.argv[1:])
