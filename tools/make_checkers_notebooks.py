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


IMPORTS = code("""
    from boardkit import IllegalMoveError
    from boardkit.checkers import CheckersGame, CheckersRules
    from boardkit.checkers.widget import CheckersWidget
""")


def write(name: str, cells: list, folder: str = "notebooks") -> None:
    nb = nbf.v4.new_notebook()
    nb.cells = cells
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    path = ROOT / folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    nbf.write(nb, path)
    print("wrote", path.relative_to(ROOT))


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


NOTEBOOKS = {
    "10": ("10_checkers_moving.ipynb", nb10),
    "11": ("11_checkers_forced_capture.ipynb", nb11),
    "12": ("12_checkers_kings_and_endings.ipynb", nb12),
}


def main(argv):
    keys = argv or list(NOTEBOOKS)
    for k in keys:
        name, fn = NOTEBOOKS[k]
        folder = "exercises" if k.startswith("ex") else "notebooks"
        write(name, fn(), folder)


if __name__ == "__main__":
    main(sys.argv[1:])
