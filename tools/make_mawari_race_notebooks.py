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
# 回り将棋 1: how to play (the race round the board)

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
("md", "**Try it.** Toss a few times, then press *Join (MS-03)* to let a fourth player in: which piece do they get?"),
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


NB45 = [
("md", """
# 回り将棋 6: a whole game, simulated

Notebook 40 showed each rule on its own. Here the computer plays whole games of
回り将棋 with the 将星会 rules (MS-01 ... MS-15), thousands of tosses, to answer three
questions a class might ask:

1. How long does a game last?
2. Does it matter who tosses first?
3. Should you declare a battle (戦, MS-15) when you can?

Every simulation is seeded (`numpy.random.default_rng`), so the numbers below are the
same each time the notebook runs. The only decision a player ever makes is whether to
declare a battle, so a computer player is just a *battle policy*
(`boardkit.mawari.ai`): `never`, `always`, `random` or `smart`.
"""),
("code", """
import numpy as np
from boardkit import plot, sim
from boardkit.mawari import MawariGame, MawariRules
from boardkit.mawari.ai import simulate_games, battle_odds, POLICIES
from boardkit.mawari.widget import MawariWidget
plot.setup()
"""),
("md", """
## One game from start to end (MS-10, MS-11)

`sim.play_game` tosses for everyone (`resolve_chance`) and asks the policies when a
battle may be declared. The game ends when a 銀 completes a lap (MS-10); the others are
ranked by rank, then progress on their lap (MS-11).
"""),
("code", """
g = MawariGame(players=3)
outcome, decisions = sim.play_game(g, [POLICIES["smart"]] * 3, np.random.default_rng(7))
print(outcome.reason)
print("ranking (from 0):", outcome.ranking, "| tosses:", len(g.history) - decisions)
"""),
("code", """
g.draw(size=400)
"""),
("code", """
print(*g.events[-8:], sep="\\n")
"""),
("md", "**Try it.** Three computer players; press *New game* to watch another one, or set a seat to *human*."),
("code", """
MawariWidget(players=3, computer=(1, 2), level="smart", seed=7)
"""),
("md", details("Can a game end while no piece is a 銀?",
               "No: only a 銀 finishing a lap (MS-10) or a 銀 winning a battle (MS-15) ends it.")),
("md", """
## How long does a game last?

We play 200 games for each number of players, nobody declaring battles, and count the
tosses each player makes (a turn can have several tosses, MS-07). A 銀 must run four
laps, 128 squares, and a fair toss is worth 3¼ squares on average (2 face up, plus 20
one time in 16), so a rough guess is 128 / 3.25 ≈ 39 tosses. Corner jumps (MS-14) and
two-ups (MS-13) make it much shorter.
"""),
("code", """
runs = {n: simulate_games(lambda n=n: MawariGame(n), ["never"] * n, games=200, seed=n)
        for n in (2, 3, 4)}
for n, r in runs.items():
    per_player = r["tosses"] / n
    print(f"{n} players: {per_player.mean():5.1f} tosses per player on average "
          f"(middle half {np.percentile(per_player, 25):.0f}-{np.percentile(per_player, 75):.0f})")
"""),
("code", """
fig, ax = plot.figure(figsize=(7, 3.2))
for n, r in runs.items():
    ax.hist(r["tosses"] / n, bins=np.arange(0, 70, 3), histtype="step", linewidth=2, label=f"{n} players")
ax.set_xlabel("tosses per player in a game (回り将棋, fair 金)")
ax.set_ylabel("games")
ax.legend()
_ = fig.tight_layout()
"""),
("md", """
More players means *fewer* tosses each: with more pieces on the track, landings on
another piece (two up, +2 for both) happen more often.
"""),
("md", details("Why is a game much shorter than 128 / 3.25 ≈ 39 tosses?",
               "Corner jumps give 8 free squares, two-ups 2 more, and a battle won promotes without a lap.")),
("md", """
## What if ...? (MS-14, MS-06, MS-08)

The same 200 two-player games with a rule changed: without the corner jump, and with
the illustrative `realistic` golds (standing golds add a lot; overlaps send you back;
fallen golds score nothing).
"""),
("code", """
variants = {"default rules": MawariRules(), "no corner jump (MS-14 off)": MawariRules(corner_jump=False),
            "realistic golds (MS-09)": MawariRules.realistic(), "floor, realistic (MS-08 off)": MawariRules.realistic(fall_rule=False)}
for name, rules in variants.items():
    r = simulate_games(lambda rules=rules: MawariGame(rules=rules), ["never"] * 2, games=200, seed=5)
    print(f"{name:<30} {r['tosses'].mean() / 2:5.1f} tosses per player")
"""),
("md", "**Try it.** Switch *corner jump* off in the setup and play a few turns."),
("code", """
MawariWidget(computer=(1,), level="never")
"""),
("md", details("Which rule change makes games longer, and why?",
               "Switching off the corner jump: each exact landing on a corner no longer gives 8 free squares.")),
("md", """
## Does it matter who tosses first?

In the games above, how often did the first player (P1) win? If the seat did not matter,
P1 would win 1/2, 1/3, 1/4 of the games. The interval is a 95% Wilson interval: with
200 games it is wide, so only a big first-player advantage would show.
"""),
("code", """
for n, r in runs.items():
    wins = int((r["winner"] == 0).sum())
    lo, hi = sim.wilson_interval(wins, len(r["winner"]))
    print(f"{n} players: P1 won {wins / len(r['winner']):.1%} (95% CI {lo:.1%}-{hi:.1%}), fair share {1 / n:.1%}")
"""),
("md", """
Tossing first is worth at most about one turn in a race of twenty or more tosses, so
any edge is small, and 200 games cannot tell it apart from no edge at all: every fair
share lies inside its interval.
"""),
("md", details("How would you make the seat effect visible, if it exists?",
               "Play many more games (the interval shrinks like 1/√n): benchmarks, not a notebook.")),
("md", """
## Should you declare a battle? (MS-15)

The battle is a race of 16 squares, there and back. The attacker tosses first — but if
it gets back first, the defender still has that turn, and getting back then is a draw.
`battle_odds` computes the exact chances of the attacker:
"""),
("code", """
for name, rules in [("fair", MawariRules()), ("realistic", MawariRules.realistic())]:
    win, draw, loss = battle_odds(rules.model, 16)
    print(f"{name:<10} win {win:.4f}  draw {draw:.4f}  loss {loss:.4f}")
"""),
("md", """
Win and loss are **equal**. The reason: let A be the round in which the attacker would
get back and D the round for the defender. They are independent and have the same law,
and the attacker wins when A < D, loses when D < A, draws when A = D — a perfectly fair
coin, whoever tosses first.

So in a two-player game a battle is a fair gamble: your promotion against your rival's.
With three or four players it is different: if you win you gain on *everyone*, if you
lose only one rival gains. Let us measure it: in 200 four-player games, one player
always declares battles and the three others never do.
"""),
("code", """
bots = {"always": POLICIES["always"], "never 1": POLICIES["never"], "never 2": POLICIES["never"], "never 3": POLICIES["never"]}
res = sim.tournament(lambda: MawariGame(4), bots, games=200, seed=3, progress=False)
print(res.summary())
"""),
("code", """
res2 = sim.tournament(lambda: MawariGame(2), {"always": POLICIES["always"], "never": POLICIES["never"]},
                      games=200, seed=4, progress=False)
print(res2.summary())
"""),
("md", """
Seats rotate from game to game (`swap_seats`), so no policy profits from tossing first.
With four players the battling player wins clearly more than its fair 25%; with two
players the difference (if any) is within the noise. The `smart` policy battles when
the stakes are in its favour: with 3-4 players, and whenever its own 銀 could win the
game, but not when the defender is a 銀 that would end the game by winning.
"""),
("md", "**Try it.** Play P1 against three computer players using the `always` policy."),
("code", """
MawariWidget(players=4, computer=(1, 2, 3), level="always", seed=3)
"""),
("md", details("In a two-player game you are a 桂 and your rival is a 銀 on the opposite edge. Battle?",
               "No: the chances are even, but if the 銀 wins the battle it wins the game (MS-15).")),
("md", """
## Summary

- A game lasts roughly 20-30 tosses per player; corner jumps and two-ups shorten it.
- Tossing first is at most a small advantage, too small for 200 games to show.
- Battles: win = loss exactly, so declaring one is a fair gamble in a duel, and pays
  with three or four players (one rival gains if you lose, you gain on all if you win).
- A 銀 should battle whenever it can (a win ends the game), unless the defender is a 銀 too.
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
