"""Write the 回り将棋 race notebooks (40, 45) from the cells below, then execute them with
tools/run_notebooks.py. Run: .venv/bin/python tools/make_mawari_race_notebooks.py"""
import pathlib

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = pathlib.Path(__file__).resolve().parents[1]


def nb(cells):
    out = []
    for kind, text in cells:
        text = text.strip("\n")
        out.append(new_markdown_cell(text) if kind == "md" else new_code_cell(text))
    book = new_notebook(cells=out)
    book.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return book


def details(q, a):
    return f"**Check yourself.** {q}\n\n<details><summary>Answer</summary>\n\n{a}\n\n</details>"


NB40 = [
("md", """
# 回り将棋 — how to play (the race round the board)

回り将棋 (*mawari shogi*, "round-the-board shogi") turns a shogi board into a race track.
Each player has one piece on the rim of the board; four 金 (gold generals, *kin*) are
tossed instead of dice, and every lap round the board promotes your piece:
歩 (pawn) → 香 (lance) → 桂 (knight) → 銀 (silver). The first 銀 to complete a lap wins.

We play the house rules of the 将星会 (Shoseikai) children's club. Every rule has an ID
(MS-01 ... MS-15), written up in `docs/rules/mawari.md`. In each section you get the rule
in plain words, a board, a line or two of code, a board to try, and a question.

In code, players are numbered from 0; on the board they are P1, P2, ...
"""),
("code", """
from boardkit.mawari import MawariGame, MawariRules, Toss, square_name, square_index
from boardkit.mawari.widget import MawariWidget
import numpy as np
"""),
("md", """
## The track (MS-01)

The track is the outer ring of the 9x9 board: 32 squares. The four corners are 8 squares
apart and pieces run **counter-clockwise**: up the right edge, left along the top, down
the left edge, right along the bottom (the grey arrows). Squares have shogi names — file
1-9 counted from the right, rank 一-九 from the top — and a track number 0-31 starting at
the bottom-right corner 1九.
"""),
("code", """
g = MawariGame(players=4)
g.draw(numbers=True, last_move=False, size=400)
"""),
("code", """
[square_name(i) for i in (0, 8, 16, 24)], square_index("9五")
"""),
("md", """
**Try it.** Toss (the button, or click the brown table under the board) and watch P1's
歩 leave 1九 and go up the right edge.
"""),
("code", """
MawariWidget()
"""),
("md", details("Which square is 5 squares after 1九 along the track?",
               "1四 (track number 5): 1八, 1七, 1六, 1五, 1四.")),
("md", """
## Players and homes (MS-02)

Two to four players. Each puts a 歩 on a corner: that corner is the player's home
(陣地, *jinchi*) — the tinted corners marked 「P1 陣」 and so on. With two players the homes
are diagonally opposite, so both have the same distance to run.
"""),
("code", """
g2 = MawariGame(players=2)
[g2.square(p) for p in range(g2.players)]
"""),
("code", """
g2.draw(last_move=False, size=360)
"""),
("md", "**Try it.** Open *Game setup* under the board, choose 3 players, press *New game*."),
("code", """
MawariWidget(players=3)
"""),
("md", details("With three players, which corner is nobody's home?",
               "9九 (bottom left): the homes are 1九, 1一 and 9一.")),
("md", """
## Late join (MS-03)

A friend arrives in the middle of a game? They start on a free corner with a piece of
the **lowest rank in play**, so they are behind but not hopelessly.
"""),
("code", """
g = MawariGame.setup({0: ("5一", "桂"), 1: ("9三", "香")})
newcomer = g.join()
newcomer, g.piece(newcomer), g.square(newcomer)
"""),
("code", """
g.draw(last_move=False, size=360)
"""),
("md", "**Try it.** Toss a few times, then compare: who is ahead?"),
("code", """
MawariWidget(g.copy())
"""),
("md", details("Two players have a 銀 and a 歩. What does a newcomer get?",
               "A 歩, the lowest rank in play.")),
("md", """
## The 金 toss and its value (MS-04, MS-05)

Four golds are shaken in both hands and dropped. Each lands face up (表, 金 visible),
face down (裏, blank back), or — now and then — standing: on its side (横), upright (縦)
or on its head (逆立ち). The value of a toss: **1 per face-up gold, 5 per gold on its side,
10 per upright gold, 100 per gold on its head**, and **all four face down = 20**.
"""),
("code", """
for text in ["up up down down", "down down down down", "upright side up down", "upside_down up down down"]:
    t = Toss.parse(text)
    print(f"{t.ja():<14} value {t.value}")
"""),
("md", "The board shows the last toss under it, as the golds landed:"),
("code", """
g = MawariGame()
_ = g.set_toss("upright side up down")
g.draw(size=360)
"""),
("md", "**Try it.** Toss until you see a standing gold (with fair golds you never will: switch *Golds* to *realistic* in the setup)."),
("code", """
MawariWidget()
"""),
("md", details("What is 縦 横 表 裏 worth?", "10 + 5 + 1 + 0 = 16 squares.")),
("md", """
## Overlap: go back (MS-06)

If golds land on top of each other (重なり), the piece goes **back** by the toss's value —
but never past the last corner it passed, and a piece on a corner stays put.
"""),
("code", """
g = MawariGame.setup({0: ("3一", "歩")})
_ = g.set_toss("up up up down +overlap")
print(*g.last_events(), sep="\\n")
"""),
("code", """
g.draw(size=360)
"""),
("md", "**Try it.** With *realistic* golds, one toss in twenty overlaps."),
("code", """
MawariWidget(MawariGame.setup({0: ("3一", "歩")}, rules=MawariRules.realistic()))
"""),
("md", details("A piece on 1五 tosses 裏 裏 裏 裏 with an overlap. Where does it end?",
               "On 1九: back 20, but not past the corner 1九 (the last corner passed).")),
("md", """
## No face-down gold: toss again (MS-07)

If **no** gold lies face down (standing golds count as not face down), you move and then
toss again — as often as it keeps happening. An overlap or a fallen gold never earns
another toss.
"""),
("code", """
g = MawariGame()
_ = g.set_toss("up up up up")
g.turn, g.chance_pending(), g.square(0)
"""),
("md", "Still P1's turn, and a toss is due. **Try it:**"),
("code", """
MawariWidget(g.copy())
"""),
("md", details("Does 横 表 表 表 earn another toss? And 表 表 表 表 with an overlap?",
               "Yes (no gold face down: 8 squares and toss again). No: an overlap never earns a toss.")),
("md", """
## A fallen gold scores nothing (MS-08)

When a gold falls off the table (落ち駒), the toss counts for nothing: no move forward or
back. Tossing onto the floor, nothing can fall, so the rule is off
(`MawariRules.floor()`).
"""),
("code", """
g = MawariGame.setup({0: ("1五", "歩")})
_ = g.set_toss("up up down down +fall")
g.square(0), g.turn
"""),
("code", """
g.draw(size=360)
"""),
("md", "**Try it.** The realistic golds fall off now and then."),
("code", """
MawariWidget(MawariGame(rules=MawariRules.realistic()))
"""),
("md", details("A toss has both an overlap and a fallen gold. Back or nothing?",
               "Nothing: the fallen gold wins, the toss scores nothing.")),
("md", """
## How likely is each toss? (MS-09)

How often a real gold lands each way is not known well — it is a **parameter** of the
model, not a fact. `fair` golds land face up or down half the time each; the
`realistic` preset adds small (made-up, illustrative) chances of standing, overlapping
and falling. The one large real data set is of five 歩 tossed to decide who moves
first in professional shogi (1,541 tosses, no significant bias). The toss notebooks
compute the exact probabilities; here the game simply samples from the model.
"""),
("code", """
rules = MawariRules.realistic()
rules.model
"""),
("code", """
g = MawariGame(rules=rules)
rng = np.random.default_rng(1)
[str(g.resolve_chance(rng)) for _ in range(5)]
"""),
("md", "**Try it.** Each press of Toss samples the model once."),
("code", """
MawariWidget(MawariGame(rules=rules))
"""),
("md", details("With fair golds, what is the chance that all four land face down (20 squares)?",
               "(1/2)⁴ = 1/16.")),
("md", """
## Promotion, 出世 (MS-10)

Each time your piece passes or reaches **your own** home corner it is promoted one step:
歩 → 香 → 桂 → 銀. When a 銀 completes a lap, the game is over. A very long toss (100 for a
gold on its head!) can promote several times in one move.
"""),
("code", """
g = MawariGame.setup({0: ("3九", "歩")})
_ = g.set_toss("up up up down")
g.piece(0), g.square(0)
"""),
("code", """
g = MawariGame.setup({0: ("1八", "歩")})
_ = g.set_toss("upside_down up down down")
print(*g.last_events(), sep="\\n")
"""),
("code", """
g.draw(size=360)
"""),
("md", "**Try it.** P1's 銀 is two squares from home: toss."),
("code", """
MawariWidget(MawariGame.setup({0: ("3九", "銀"), 1: ("9五", "桂")}))
"""),
("md", details("A 歩 one square past its home tosses 101. How many promotions?",
               "Three: it reaches home after 31, 63 and 95 squares, so it becomes a 銀 (a 4th would need 127).")),
("md", """
## Ranking (MS-11)

When the game ends, the player who finished is first; the others are ranked by the rank
of their piece, then by how far it has come on its current lap.
"""),
("code", """
g = MawariGame.setup({0: ("2九", "銀"), 1: ("1三", "香"), 2: ("9二", "香"), 3: ("8九", "桂")})
_ = g.set_toss("up down down down")
g.outcome().ranking
"""),
("code", """
g.draw(size=360)
"""),
("md", """
P1 finished; P4 has a 桂; P2 and P3 both have a 香, and P2 has come 30 squares of its lap
(from 1一) against P3's 1. **Try it:**
"""),
("code", """
MawariWidget(MawariGame.setup({0: ("4九", "銀"), 1: ("1三", "香"), 2: ("9二", "香"), 3: ("8九", "桂")}))
"""),
("md", details("(In code `ranking` numbers players from 0.) Why is P4 (3) ahead of P2 (1)?",
               "Rank comes first: P4's 桂 beats P2's 香, however far P2 has come.")),
("md", """
## Laying down, 寝かし, and waking, 起こし (MS-12)

Overtake (strictly pass) a **lower-ranked** piece with a normal move and you lay it down:
it lies beside the track and misses its turns until some piece passes it, which wakes
it. A piece on a corner is safe; equal ranks lay nobody down. With two players, being
laid down simply costs one turn.
"""),
("code", """
g = MawariGame.setup({0: ("1八", "香"), 1: ("1六", "歩")}, players=3)
_ = g.set_toss("up up up down")
print(*g.last_events(), sep="\\n")
"""),
("code", """
g.draw(size=360)
"""),
("md", "The laid 歩 lies one row inside, pale, marked 寝. **Try it:** P3 can wake it by passing it."),
("code", """
MawariWidget(g.copy())
"""),
("md", details("P1 (香) passes P2 (香) and P3 (歩, on the corner 1一). Who is laid down?",
               "Nobody: P2 has the same rank, and P3 is safe on a corner.")),
("md", """
## Two up, 2あがり (MS-13)

Land exactly on another piece with a normal move and **both** go 2 more squares; land on
a piece again, and all of you go 2 more, and so on. A two-up lays nobody down, but it
can carry a piece past its home (promotion). It never happens after moving back.
"""),
("code", """
g = MawariGame.setup({0: ("1八", "歩"), 1: ("1六", "歩"), 2: ("1四", "歩")}, players=3)
_ = g.set_toss("up up down down")
print(*g.last_events(), sep="\\n")
"""),
("code", """
g.draw(size=360)
"""),
("md", "**Try it.** P1 needs exactly 2 to land on P2."),
("code", """
MawariWidget(MawariGame.setup({0: ("1八", "歩"), 1: ("1六", "歩"), 2: ("1四", "歩")}, players=3))
"""),
("md", details("P1 on 3九 tosses 1 and lands on P2 on 2九. Who is promoted?",
               "P1: the two-up takes both pieces past 1九, P1's home. P2's home is elsewhere.")),
("md", """
## Corner jump, 飛び (MS-14)

Land **exactly** on a corner that is not your home, with a normal move, and you jump on to
the next corner — 8 free squares. Jumping home counts as a lap. The jump lays nobody down
but wakes laid pieces; one jump per move; and on an occupied corner the jump beats the
two-up.
"""),
("code", """
g = MawariGame.setup({0: ("1二", "歩")})
_ = g.set_toss("up down down down")
print(*g.last_events(), sep="\\n")
"""),
("code", """
g.draw(size=360)
"""),
("md", "**Try it.** Switch the jump off in the setup (*corner jump*) and compare."),
("code", """
MawariWidget(MawariGame.setup({0: ("1二", "歩")}))
"""),
("md", details("P1 (home 1九) lands exactly on 9九 with a normal move. What happens?",
               "It jumps to 1九, its home: a lap, so it is promoted.")),
("md", """
## Battle, 戦 (MS-15)

End a normal move in the same rank or file as an opposing piece on the **opposite edge**
(corners never count) and you may declare a battle; the other cannot refuse. Both race
straight across the board to the other's square and back (16 squares), tossing in turn,
attacker first; no moving back and no two-up. First back wins — but if the attacker gets
back first, the defender still has that turn, and getting back too is a draw. The
winner is promoted; a 銀 winning a battle wins the game. Everyone else waits.
"""),
("code", """
g = MawariGame.setup({0: "1七", 1: "9五"})
_ = g.set_toss("up up down down")
[str(m) for m in g.legal_moves()]
"""),
("code", """
_ = g.play("battle P2")
for toss in ["upright up up down", "up up down down", "side down down down", "up down down down"]:
    _ = g.set_toss(toss)
g.draw(size=360)
"""),
("code", """
print(*g.events[-6:], sep="\\n")
"""),
("md", "**Try it.** Declare the battle with the red button (or click P2's piece), then toss for both sides."),
("code", """
start = MawariGame.setup({0: "1七", 1: "9五"})
_ = start.set_toss("up up down down")
MawariWidget(start)
"""),
("md", details("The attacker gets back on its toss; the defender needs 3 and tosses 表 表 表 裏. Result?",
               "A draw: the defender got back in the same round. Nobody is promoted.")),
("md", """
## Summary

| rule | in one line |
| --- | --- |
| MS-01 | 32 rim squares, counter-clockwise |
| MS-02 | 2-4 players, homes on corners |
| MS-03 | latecomers start with the lowest rank in play |
| MS-04, MS-05 | 表 1, 横 5, 縦 10, 逆立ち 100, all 裏 20 |
| MS-06 | overlap: back, never past the last corner |
| MS-07 | no face-down gold: toss again |
| MS-08 | fallen gold: nothing |
| MS-09 | the chances are a model's parameters |
| MS-10 | every lap promotes: 歩 香 桂 銀, a 銀's lap wins |
| MS-11 | rank, then progress |
| MS-12 | overtaking a lower piece lays it down |
| MS-13 | landing on a piece: both go up 2 |
| MS-14 | landing on another's corner: jump to the next |
| MS-15 | in line across the board: battle |

Next: how long does a whole game last, and is it better to play first? (notebook 45).
"""),
]

if __name__ == "__main__":
    import sys
    which = sys.argv[1:] or ["40", "45"]
    if "40" in which:
        nbformat.write(nb(NB40), ROOT / "notebooks" / "40_mawari_how_to_play.ipynb")
    if "45" in which and "NB45" in globals():
        nbformat.write(nb(NB45), ROOT / "notebooks" / "45_mawari_full_game.ipynb")
    # execute (tools/run_notebooks.py), then drop the saved widget state: over 1 MB of
    # canvas SVG copies that nbval does not compare and a reader does not need
    sys.path.insert(0, str(ROOT / "tools"))
    import run_notebooks
    for name in which:
        for path in sorted((ROOT / "notebooks").glob(f"{name}_mawari_*.ipynb")):
            print("executing", path.name)
            run_notebooks.run(path)
            book = nbformat.read(path, as_version=4)
            book.metadata.pop("widgets", None)
            nbformat.write(book, path)
