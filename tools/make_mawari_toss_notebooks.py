"""Write the 回り将棋 toss/probability notebooks (41-44) and the mawari exercises.

    .venv/bin/python tools/make_mawari_toss_notebooks.py [41 42 43 44 ex]
    .venv/bin/python tools/run_notebooks.py notebooks/41_mawari_toss_probability.ipynb ...

The notebooks are written without outputs; run_notebooks.py executes and stores them.
"""
from __future__ import annotations

import pathlib
import sys
from textwrap import dedent

import nbformat

ROOT = pathlib.Path(__file__).resolve().parents[1]


def md(text: str):
    return nbformat.v4.new_markdown_cell(dedent(text).strip())


def py(text: str):
    return nbformat.v4.new_code_cell(dedent(text).strip())


def write(path: str, cells: list) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = cells
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nbformat.write(nb, ROOT / path)
    print("wrote", path)


def details(question: str, answer: str) -> str:
    return (f"**Check yourself.** {question}\n\n<details><summary>Answer</summary>\n\n"
            f"{answer}\n\n</details>")


# ------------------------------------------------------------------------------ 41
def nb41():
    write("notebooks/41_mawari_toss_probability.ipynb", [
        md("""
        # 回り将棋 2: the 金 toss as probability

        In 回り将棋 (mawari shogi, "round-the-board shogi") nobody rolls dice. Instead a
        player shakes four 金 (kin, the gold generals) in cupped hands and lets them fall
        on the board. How they land decides how far the piece runs round the rim.

        This notebook takes the toss apart the way a probability course would:

        1. the five ways one gold can land (MS-04) and what a toss is worth (MS-05);
        2. the three special outcomes: moving back, scoring nothing, tossing again (MS-06..MS-08);
        3. the probability model (MS-09) and the **exact** distribution of one toss;
        4. the expected squares per turn, where repeated tosses make a geometric series;
        5. a simulation of a million turns creeping towards the exact answer: the law of
           large numbers.
        """),
        py("""
        import numpy as np
        from boardkit import plot
        from boardkit.mawari import Toss, TossModel
        from boardkit.mawari.toss import FACES, FACES_JA, toss_widget
        plot.setup()
        """),
        md("""
        ## 1. One gold lands in one of five ways (MS-04)

        A gold general is a flat pentagon with 金 written on the front. Thrown, it can lie
        **face up** (表, the 金 shows), **face down** (裏, the blank back shows), or, now and
        then, stay standing: **on its side** (横), **upright** on its base (縦), or
        **upside down** on its point (逆立ち). For the toss as a whole two accidents are
        possible as well: golds landing on top of each other, an **overlap** (重なり), or a
        gold dropping off the board, a **fallen gold** (落ち駒).
        """),
        py("""
        {face: FACES_JA[face] for face in FACES}
        """),
        md("""
        A toss is written as the four golds, plus `+overlap` or `+fall` when those happened.
        The engine draws it as it landed:
        """),
        py("""
        Toss.parse("up down side upright")
        """),
        md("""
        ## 2. What a toss is worth (MS-05)

        Count one square for every gold face up, **5** for a gold on its side, **10** for an
        upright one and **100** for one upside down. Face-down golds count nothing, with one
        exception: when **all four** lie face down the toss is worth **20**.
        """),
        py("""
        for text in ["up up down down", "up up up up", "down down down down",
                     "up side down down", "upright up down down", "upside_down down down down"]:
            toss = Toss.parse(text)
            print(f"{text:28s} {toss.ja():10s} value {toss.value:3d}")
        """),
        md(details("What is 表 表 横 縦 (two face up, one on its side, one upright) worth?",
                   "2 + 5 + 10 = **17**: `Toss.parse('up up side upright').value`.")),
        md("""
        ## 3. Back, nothing, or again (MS-06, MS-07, MS-08)

        * **Overlap (MS-06):** if golds overlap, the piece moves *back* by the value (four
          face down with an overlap: back 20). On the track it never goes back past the
          last corner it passed; that depends on where the piece stands, so the
          per-toss numbers in this notebook ignore it (notebook 43 puts it back).
        * **Toss again (MS-07):** if no gold lies face down (standing golds are not face
          down), the player moves and then tosses again, as often as it happens. An
          overlap or a fallen gold never earns another toss.
        * **Fallen gold (MS-08):** if a gold falls off, the toss scores nothing.
        """),
        py("""
        for text in ["up up down side +overlap", "up up up side +fall", "up up up up",
                     "up up up side", "up up up down", "down down down down"]:
            toss = Toss.parse(text)
            print(f"{text:26s} moves {toss.squares():+4d}   {toss.kind}")
        """),
        py("""
        Toss.parse("up up up up")
        """),
        md(details("Four golds all standing on their sides: how far does the piece move, "
                   "and does the player toss again?",
                   "20 squares (4 x 5), and yes: no gold lies face down, so MS-07 gives "
                   "another toss.")),
        md("""
        **Try it.** Each click is one toss with fair golds. Watch the turn go on after
        four face up, and the average per turn settle down as you click.
        """),
        py("""
        toss_widget(TossModel.fair(), seed=1)
        """),
        md("""
        ## 4. The probability model (MS-09)

        How often does a real gold stand on its side? Nobody knows well: careful
        measurements of tossed 金 are scarce. The one large data set is about a different
        toss, five 歩 (pawns) thrown to decide who moves first in professional shogi:
        1,541 tosses, with no significant bias between the two faces. So the kit treats
        the probabilities as **parameters**, with two presets:

        * `TossModel.fair()`: face up and face down 1/2 each, nothing else ever happens;
        * `TossModel.realistic()`: an *illustrative* guess with a little standing, overlap
          and falling. Change it freely (notebook 42 does).

        Probabilities given as fractions give exact fractions back.
        """),
        py("""
        fair = TossModel.fair()
        real = TossModel.realistic()
        real
        """),
        md("""
        ## 5. The exact distribution of one toss

        With fair golds only face up and face down happen, so the number face up is
        binomial: $P(k \\text{ up}) = \\binom{4}{k}/16$. Zero face up is the all-face-down toss,
        worth 20. The engine enumerates every toss (70 ways four unordered golds can land,
        times overlap and fall) and adds up the chances:
        """),
        py("""
        for value, p in fair.value_distribution().items():
            print(f"value {value:2d}: {str(p):5s} = {float(p):.4f}")
        """),
        md("""
        The realistic model has many more values (a single gold upside down is worth 100),
        and every toss also has a *kind*: it tosses again, ends the turn going forward,
        moves back (overlap) or does nothing (fall).
        """),
        py("""
        for kind, p in real.kind_probabilities().items():
            print(f"{kind:8s} {float(p):.5f}")
        """),
        py("""
        fig, axes = plot.figure(1, 2, figsize=(9, 3.2))
        for ax, model, name in zip(axes, [fair, real], ["fair", "realistic"]):
            dist = {v: float(p) for v, p in model.value_distribution().items() if v <= 25}
            ax.bar(list(dist), list(dist.values()), color="#c9a227")
            ax.set_title(f"{name}: value of one toss (values up to 25)")
            ax.set_xlabel("value (MS-05)")
        axes[0].set_ylabel("probability")
        fig.tight_layout()
        """),
        md(details("With fair golds, what is the chance that a toss is worth exactly 2?",
                   "Two of four face up: $\\binom{4}{2}/16 = 6/16 = 3/8$.")),
        md("""
        ## 6. Expected squares per turn: a geometric series (MS-07)

        A turn is one toss, plus another one each time no gold lands face down. With fair
        golds that chance is $p = (1/2)^4 = 1/16$. The turn has a 2nd toss with chance
        $p$, a 3rd with chance $p^2$, and so on, so the mean number of tosses is

        $$E[N] = 1 + p + p^2 + \\dots = \\frac{1}{1-p} = \\frac{16}{15}.$$

        Each toss is worth $E[X]$ on average, *including the last one*, the toss with the
        face-down gold (or the overlap or fall) that ends the turn. Whether another toss
        follows depends only on tosses already made, so the mean of the sum is
        $E[N]\\,E[X]$ (Wald's identity), even though the repeating tosses (four face up,
        worth 4) are not typical tosses:

        $$E[\\text{turn}] = \\frac{E[X]}{1-p}.$$
        """),
        py("""
        p, ex = fair.repeat_probability(), fair.toss_mean()
        for k in range(5):
            partial = ex * sum(p ** j for j in range(k + 1))
            print(f"up to {k + 1} tosses: {float(partial):.6f}")
        print("limit:", fair.turn_mean(), "=", float(fair.turn_mean()))
        """),
        py("""
        print("fair:      mean", fair.turn_mean(), " variance", fair.turn_variance())
        print("realistic: mean", round(float(real.turn_mean()), 4),
              " variance", round(float(real.turn_variance()), 2))
        """),
        md("""
        A turn can in principle go on for ever, so its exact distribution has infinitely
        many values. `turn_distribution()` adds up all turns with at most `max_repeats`
        extra tosses and reports the left-out chance as `remaining`, exactly:
        """),
        py("""
        d = fair.turn_distribution(max_repeats=4)
        print("left out:", d.remaining)
        {k: d[k] for k in list(d)[:8]}
        """),
        py("""
        fig, ax = plot.figure(figsize=(8, 3))
        d = fair.turn_distribution(max_repeats=4)
        ax.bar([k for k in d if k <= 40], [float(d[k]) for k in d if k <= 40], color="#c9a227")
        ax.set_yscale("log")
        ax.set_xlabel("squares moved in one turn (fair golds)")
        ax.set_ylabel("probability (log scale)")
        ax.set_title("4 + 3 = 7: four up, then three up; 20: four face down")
        fig.tight_layout()
        """),
        md(details("With fair golds, what is the chance that a turn moves exactly 7 squares?",
                   "Four up (1/16, worth 4, toss again), then three up (4/16 = 1/4, worth 3, "
                   "turn over): $1/16 \\times 1/4 = 1/64$.")),
        md("""
        ## 7. Simulation converges: the law of large numbers

        `simulate_turns(n, rng)` plays `n` turns, gold by gold, with numpy (millions of
        tosses per second). The running average of squares per turn wanders at first, then
        closes in on the exact 52/15; the band is two standard errors, shrinking like
        $1/\\sqrt{n}$.
        """),
        py("""
        rng = np.random.default_rng(41)
        turns = fair.simulate_turns(100_000, rng)
        n = np.arange(1, len(turns) + 1)
        running = np.cumsum(turns) / n
        exact = float(fair.turn_mean())
        band = 2 * np.sqrt(float(fair.turn_variance()) / n)
        fig, ax = plot.figure(figsize=(8, 3.2))
        ax.fill_between(n, exact - band, exact + band, color="#c9a227", alpha=0.3,
                        label="exact ± 2 standard errors")
        ax.plot(n, running, color="#3b2a10", lw=1, label="simulated running mean")
        ax.axhline(exact, color="#b22222", lw=1, label="exact 52/15")
        ax.set_xscale("log")
        ax.set_ylim(0, 8)
        ax.set_xlabel("turns simulated")
        ax.set_ylabel("squares per turn")
        ax.legend(loc="upper right")
        fig.tight_layout()
        """),
        md("`compare()` puts the exact and simulated figures side by side:"),
        py("""
        for model, name in [(fair, "fair"), (real, "realistic")]:
            print(name)
            for what, (ex, sim, se) in model.compare(1_000_000, rng).items():
                err = f" ± {se:.4f}" if se else ""
                print(f"  {what:28s} exact {float(ex):9.4f}   simulated {sim:9.4f}{err}")
        """),
        md(details("If golds landed face down with chance 0.6 (face up 0.4), would a "
                   "player toss again more or less often than with fair golds?",
                   "Less often: no gold face down now has chance $0.4^4 = 0.0256$, against "
                   "$0.5^4 = 0.0625$. Try `TossModel(0.4, 0.6).repeat_probability()`.")),
        md("""
        **Try it** with the realistic model: golds stand now and then (a gold upside down
        is worth 100!), overlaps send the piece back, fallen golds score nothing.
        """),
        py("""
        toss_widget(TossModel.realistic(), seed=7)
        """),
        md("""
        **Next:** notebook 42 changes the probabilities with sliders, notebook 43 puts the
        toss on the 32-square ring, and notebook 44 is a lab for tallying real tosses.
        """),
    ])


# ------------------------------------------------------------------------------ 43
def nb43():
    write("notebooks/43_mawari_ring_markov.ipynb", [
        md("""
        # 回り将棋 4: turns per lap as a Markov chain

        How many turns does a lap take? Which squares does a piece land on most? With one
        piece alone on the board only the toss rules matter, and the answer is a small
        **Markov chain**: the state is the square the piece stands on, and each toss moves
        it according to the probabilities of notebook 41. We compute the answers exactly,
        then check them with a simulation.

        Rules used: the track (MS-01), tossing again (MS-07), moving back never past the
        last corner (MS-06), a fallen gold (MS-08), laps (MS-10) and the corner jump (MS-14).
        """),
        py("""
        import numpy as np
        from boardkit import plot
        from boardkit.mawari import MawariGame, TossModel, square_name
        from boardkit.mawari.ring import RingChain, draw_ring_values, step
        plot.setup()
        fair = TossModel.fair()
        """),
        md("""
        ## 1. The track (MS-01)

        The 32 squares round the edge of the 9x9 board form the track; the four corners
        are 8 squares apart and pieces run counter-clockwise. We count squares from the
        piece's own home corner (陣地): 0 is home, 8, 16 and 24 are the other corners.
        """),
        py("""
        MawariGame(players=2)
        """),
        md("""
        ## 2. One toss on the ring (MS-14, MS-06)

        * **Corner jump (MS-14):** a forward move that ends *exactly* on a corner other than
          home goes straight on to the next corner (one jump only; 24 jumps to home, which
          completes the lap).
        * **Moving back (MS-06):** after an overlap the piece goes back, but never past the
          last corner it passed; on a corner it stays.

        `step(position, squares)` gives the new position and the laps completed:
        """),
        py("""
        for pos, squares in [(0, 8), (5, 11), (20, 4), (2, 30), (10, -5), (8, -4), (12, -3)]:
            new, laps = step(pos, squares)
            print(f"from {pos:2d} ({square_name(pos)}) {squares:+3d} -> {new:2d} "
                  f"({square_name(new)}), laps {laps}")
        """),
        md(details("A piece stands on square 3. The toss is worth 13. Where does it end, "
                   "with the corner jump?",
                   "3 + 13 = 16, a corner other than home, so it jumps on to **24** "
                   "(`step(3, 13)`).")),
        md("""
        ## 3. The chain, toss by toss

        Number the squares 0..31 and add one absorbing state, "lap done". For each square
        and each outcome of one toss the chain knows where the piece goes, so one toss is a
        33 x 33 matrix of probabilities. Split it into the tosses that **repeat** (no gold
        face down, MS-07), matrix $A$, and those that **end the turn**, matrix $E$. A turn
        is any number of repeating tosses and then one last toss, so a whole turn moves the
        piece by

        $$Q = (I + A + A^2 + \dots)\,E = (I - A)^{-1} E .$$

        That is the geometric series of notebook 41 again, now with matrices. From $Q$ the
        classic absorbing-chain formula gives the expected number of turns:
        $t = (I - Q)^{-1}\mathbf{1}$. With fair golds everything is an exact fraction.
        """),
        py("""
        jump = RingChain(fair, jump=True)
        no_jump = RingChain(fair, jump=False)
        t_jump, t_no = jump.expected_turns(), no_jump.expected_turns()
        print(f"with the corner jump:    {float(t_jump):.4f} turns per lap")
        print(f"without the corner jump: {float(t_no):.4f} turns per lap")
        print("exactly:", t_jump)
        """),
        md("""
        The exact fraction has a power of two below the line: every fair toss has a chance
        that is a multiple of 1/16. The corner jump saves about two turns a lap.

        ## 4. How many turns, lap by lap
        """),
        py("""
        d_jump, d_no = jump.turns_distribution(25), no_jump.turns_distribution(25)
        fig, ax = plot.figure(figsize=(8, 3.2))
        n = np.arange(1, 26)
        ax.bar(n - 0.2, [float(d_jump[k]) for k in n], width=0.4, color="#c9a227",
               label="with corner jump (MS-14)")
        ax.bar(n + 0.2, [float(d_no[k]) for k in n], width=0.4, color="#8a6a3d",
               label="without")
        ax.set_xlabel("turns to complete the first lap (fair golds, piece alone)")
        ax.set_ylabel("probability")
        ax.legend()
        fig.tight_layout()
        """),
        md("""
        **Cross-check.** Simulate 20,000 lone pieces toss by toss and count their turns:
        """),
        py("""
        rng = np.random.default_rng(43)
        for chain, name in [(jump, "with jump"), (no_jump, "without jump")]:
            turns = chain.simulate_laps(20_000, rng)
            se = turns.std() / np.sqrt(len(turns))
            print(f"{name:13s} exact {float(chain.expected_turns()):.3f}   "
                  f"simulated {turns.mean():.3f} ± {se:.3f}")
        """),
        md(details("Why can a lap be finished in a single turn, when one fair toss is "
                   "worth at most 20?",
                   "Because of MS-07: four face up is worth 4 and earns another toss, so "
                   "a turn can add up to 32 or more (for example 4 + 4 + 4 + 20).")),
        md("""
        ## 5. Which squares are landed on most?

        Over many laps the chain settles into a long-run distribution $\pi = \pi P$ (P: one
        toss, wrapping round the ring). From it we get the expected number of **landings**
        per lap on every square (a landing: a toss that moves the piece and leaves it
        there, after any jump). Without the jump every square gets the same, $1/E[X] =
        4/13$ per lap: the chain is the same from every square, so in the long run no
        square is special.
        """),
        py("""
        draw_ring_values(no_jump.landings(), title="landings per lap, without the corner jump")
        """),
        md("""
        With the corner jump nobody stays on corner 8 (arrivals jump on to 16), corner 16
        and 24 are fed by the jumps from the corner before, and home collects both its own
        arrivals and the jumps from 24:
        """),
        py("""
        draw_ring_values(jump.landings(), title="landings per lap, with the corner jump (MS-14)")
        """),
        py("""
        land, laps = jump.simulate_landings(150, rng, pieces=2000)
        exact = np.array([float(x) for x in jump.landings()])
        fig, ax = plot.figure(figsize=(8, 3))
        ax.bar(np.arange(32), exact, color="#c9a227", label="exact (Markov chain)")
        ax.plot(np.arange(32), land / laps, "o", color="#3b2a10", ms=4, label="simulated")
        ax.set_xticks([0, 8, 16, 24, 31])
        ax.set_xlabel("square, counted from home (corners 0, 8, 16, 24)")
        ax.set_ylabel("landings per lap")
        ax.legend()
        fig.tight_layout()
        """),
        md(details("With fair golds and the jump, why is corner 8 never landed on, while "
                   "corner 16 is?",
                   "Landing exactly on 8 sends the piece on to 16, and fair golds never "
                   "move back, so no toss can leave a piece on 8. Corner 16 receives every "
                   "jump from 8 (arrivals exactly on 16 jump on to 24 in turn).")),
        md("""
        ## 6. Overlaps: moving back stops at corners (MS-06)

        With the illustrative realistic model golds sometimes overlap, and the piece goes
        back, but never past the last corner. So the corners now collect pieces that slid
        back onto them. (Floating point here: the exact fractions get very long.)
        """),
        py("""
        real = RingChain(TossModel.realistic(), jump=True, exact=False)
        print(f"realistic golds: {real.expected_turns():.3f} turns per lap")
        draw_ring_values(real.landings(), title="realistic golds, with the jump: landings per lap")
        """),
        md("""
        **Try it.** Play a game and watch the corner jump and the moving back happen (the
        log says which rule applied).
        """),
        py("""
        from boardkit.mawari.widget import MawariWidget
        MawariWidget(players=2)
        """),
        md(details("If MS-06 let pieces move back past corners, would corner 8 still be "
                   "landed on in the realistic model?",
                   "Rarely: it would only be hit by a back move of exactly the right size. "
                   "The clipping at the last corner is what piles those landings up on it.")),
    ])


# ------------------------------------------------------------------------------ 42
def nb42():
    write("notebooks/42_mawari_what_if.ipynb", [
        md("""
        # 回り将棋 3: what-ifs, change the golds and watch the turn

        The toss probabilities are parameters (MS-09), so we can ask *what if*: what if
        golds stood on their side more often? What if four face down were worth 10 instead
        of 20? Each question changes the exact expected squares per turn, and this
        notebook shows by how much, first with sliders, then in a table and two plots
        that read well even without running anything.
        """),
        py("""
        from fractions import Fraction
        import numpy as np
        from boardkit import plot
        from boardkit.mawari import TossModel
        from boardkit.mawari.ring import RingChain
        from boardkit.mawari.toss import what_if_widget
        plot.setup()
        """),
        md("""
        ## 1. The knobs

        * **standing on the side (横, MS-04)**: worth 5 (MS-05), and not face down, so it can
          earn another toss (MS-07); `TossModel.with_standing(side)` splits the rest evenly
          between face up and face down;
        * **all four face down (MS-05)**: worth 20 by default, an option here;
        * **overlap (MS-06)**: the toss moves the piece back;
        * **fallen gold (MS-08)**: the toss scores nothing.
        """),
        py("""
        TossModel.with_standing(Fraction(1, 20)).summary()
        """),
        md("""
        ## 2. Sliders

        Move a slider and the figures are recomputed exactly (the model enumerates all
        tosses; nothing is simulated). Turns per lap come from the ring chain of
        notebook 43 (a piece alone, with the corner jump MS-14).
        """),
        py("""
        def what_if(side=0.0, all_down_value=20, overlap=0.0, fall=0.0):
            model = TossModel.with_standing(side, overlap=overlap, fall=fall,
                                            all_down_value=all_down_value)
            for name, value in model.summary().items():
                print(f"{name:17s} {value:7.3f}")
            print(f"{'turns per lap':17s} {RingChain(model, exact=False).expected_turns():7.3f}")

        what_if()
        """),
        md("Now with sliders (they recompute the same figures as you move them):"),
        py("""
        what_if_widget()
        """),
        md("""
        ## 3. The same, as a table

        A few settings of the sliders side by side (the first row is the fair model):
        """),
        py("""
        settings = [dict(), dict(side=0.02), dict(side=0.05), dict(side=0.10),
                    dict(all_down_value=10), dict(all_down_value=0),
                    dict(overlap=0.05), dict(fall=0.05), dict(side=0.05, overlap=0.05, fall=0.02)]
        print(f"{'setting':38s} {'squares/turn':>12s} {'tosses/turn':>11s} {'turns/lap':>9s}")
        for kw in settings:
            m = TossModel.with_standing(**kw)
            label = ", ".join(f"{k}={v}" for k, v in kw.items()) or "fair"
            print(f"{label:38s} {float(m.turn_mean()):12.3f} {float(m.expected_tosses()):11.4f} "
                  f"{RingChain(m, exact=False).expected_turns():9.2f}")
        """),
        md(details("Why does standing on the side help so much, though it is worth only 5?",
                   "Two reasons: 5 is more than a face-up gold's 1, and a standing gold is not "
                   "face down, so it raises the chance that *no* gold is face down, which "
                   "earns another toss (MS-07).")),
        md("""
        ## 4. Standing more often

        Expected squares per turn as the side-standing chance grows (exact values,
        computed with fractions):
        """),
        py("""
        sides = [Fraction(k, 100) for k in range(0, 31, 2)]
        means = [float(TossModel.with_standing(s).turn_mean()) for s in sides]
        fig, ax = plot.figure(figsize=(7, 3))
        ax.plot([float(s) for s in sides], means, "o-", color="#c9a227")
        ax.set_xlabel("chance that one gold stands on its side (横)")
        ax.set_ylabel("expected squares per turn")
        fig.tight_layout()
        """),
        md("""
        ## 5. The all-face-down value is a straight line

        Four face down has chance $1/16$ per toss with fair golds, and it always ends the
        turn, so each extra square of its value adds $\frac{1/16}{1 - 1/16} = \frac{1}{15}$
        of a square to the expected turn (the geometric series of notebook 41):
        """),
        py("""
        values = list(range(0, 41, 4))
        means = [TossModel.fair(all_down_value=v).turn_mean() for v in values]
        print("slope:", means[1] - means[0], "per 4 ->", (means[1] - means[0]) / 4, "per square")
        fig, ax = plot.figure(figsize=(7, 3))
        ax.plot(values, [float(m) for m in means], "o-", color="#8a6a3d")
        ax.set_xlabel("value of four face-down golds (MS-05 option)")
        ax.set_ylabel("expected squares per turn")
        fig.tight_layout()
        """),
        md(details("With fair golds, how much does the expected turn drop if four face down "
                   "is worth 0 instead of 20?",
                   "20 x 1/15 = 4/3 of a square: from 52/15 to 32/15 "
                   "(`TossModel.fair(all_down_value=0).turn_mean()`).")),
        md("""
        ## 6. Overlaps and falls cost squares

        An overlap turns a forward move into a backward one (MS-06), so it costs twice the
        value; a fall just loses the toss (MS-08). Both also take away the chance to toss
        again. Side by side, with the same chance:
        """),
        py("""
        chances = [k / 100 for k in range(0, 21, 4)]
        fig, ax = plot.figure(figsize=(7, 3))
        for key, colour in [("overlap", "#b22222"), ("fall", "#3b6ea5")]:
            ax.plot(chances, [TossModel.with_standing(**{key: c}).turn_mean() for c in chances],
                    "o-", color=colour, label=key)
        ax.set_xlabel("chance per toss")
        ax.set_ylabel("expected squares per turn")
        ax.legend()
        fig.tight_layout()
        """),
        md("""
        **Try it.** Toss by hand with a model of your choice, e.g. golds that stand one
        time in ten:
        """),
        py("""
        from boardkit.mawari.toss import toss_widget
        toss_widget(TossModel.with_standing(0.1), seed=42)
        """),
        md(details("Which costs more squares per turn: a 10% overlap chance or a 10% fall "
                   "chance?",
                   "The overlap: a fall loses the toss's value, an overlap loses it and then "
                   "the same again backwards. Compare the two lines in the last plot.")),
    ])


# ------------------------------------------------------------------------------ 44
EXAMPLE_TALLY = """{
    "up up down down": 65, "up up up down": 44, "up down down down": 32,
    "up up up up": 15, "down down down down": 4,
    "up down down side": 11, "up up down side": 6, "up up up side": 5,
    "up down down upright": 2, "up up down upright": 2, "up up up upright": 1,
    "up up down down +overlap": 3, "up up up down +overlap": 2, "up up up up +overlap": 2,
    "up up down upright +overlap": 1,
    "up down down down +fall": 1, "up up up up +fall": 1, "up up down down +fall": 1,
    "up up down side +fall": 1, "down down down down +fall": 1,
}"""


def nb44():
    write("notebooks/44_mawari_toss_lab.ipynb", [
        md("""
        # 回り将棋 5: a toss lab, measure your own golds

        The probabilities of the 金 toss are parameters (MS-09) because nobody has measured
        them well. The one large data set about tossed shogi pieces is for a different
        toss: five 歩 (pawns) thrown to decide who moves first in professional games, 1,541
        tosses, with no significant bias between the two faces. So: **measure your own**.
        A class tosses four real 金 a few hundred times, tallies what happened in a small
        table, and this notebook estimates the probabilities and asks whether the fair or
        the realistic model fits, with a chi-square test written with numpy and `math`
        only.
        """),
        py("""
        from boardkit import plot
        from boardkit.mawari import TossModel
        from boardkit.mawari.toss import TossTally, chi_square_test, tally_widget
        plot.setup()
        """),
        md("""
        ## 1. How to toss and what to write down (MS-04)

        * Shake the four golds in cupped hands and drop them from the same height each time,
          onto a shogi board or a table (on a table a gold can fall off, MS-08).
        * For each toss write the pattern: how many golds are **face up** (表), **face down**
          (裏), **on the side** (横), **upright** (縦), **upside down** (逆立ち), and whether
          golds **overlapped** (重なり) or one **fell off** (落ち駒). The order of the golds
          does not matter.
        * Pool the class's tally marks into one table like this one (copy it, fill it in):

        | pattern | 日本語 | tally | count |
        | --- | --- | --- | --- |
        | up up up up | 表 表 表 表 | | |
        | up up up down | 表 表 表 裏 | | |
        | up up down down | 表 表 裏 裏 | | |
        | up down down down | 表 裏 裏 裏 | | |
        | down down down down | 裏 裏 裏 裏 | | |
        | (a gold standing: write the whole pattern, e.g. up up down side) | 横 / 縦 / 逆立ち | | |
        | (add +overlap or +fall to any pattern) | 重なり / 落ち駒 | | |
        """),
        md("""
        ## 2. The tally

        Type your counts into the dictionary below. The example here is **not a real
        measurement**: it was drawn with the illustrative realistic model (200 tosses) to
        show what a class table might look like. Replace it with yours.
        """),
        py("counts = " + EXAMPLE_TALLY + "\ntally = TossTally.from_counts(counts)\ntally"),
        md("""
        ## 3. Estimating the probabilities

        Each toss shows four golds, so 200 tosses give 800 golds. A face's probability is
        estimated by its share of all golds; overlap and fall by their share of tosses.
        The intervals are 95% Wilson intervals: with a few hundred tosses they are wide.
        """),
        py("""
        for name, (share, low, high) in tally.shares().items():
            print(f"{name:12s} {share:6.3f}   95% interval {low:.3f} .. {high:.3f}")
        """),
        md("""
        The estimate is itself a toss model (exact fractions from the counts), so every
        tool of notebooks 41-43 works on it:
        """),
        py("""
        estimate = tally.estimate()
        print(f"expected squares per turn with these golds: {float(estimate.turn_mean()):.3f}")
        print(f"fair golds:                                 {float(TossModel.fair().turn_mean()):.3f}")
        """),
        md(details("Why are the intervals for golds narrower than for overlaps, with the same "
                   "tally?",
                   "Faces are counted per gold (800 golds), overlaps per toss (200 tosses): "
                   "four times as many observations, so about half the width.")),
        md("""
        ## 4. The chi-square test

        Does a model fit the tally? Compare the counts $O$ with the counts the model
        expects, $E = N \times P$, and add up

        $$\chi^2 = \sum \frac{(O - E)^2}{E}.$$

        If the model is right, $\chi^2$ is about as large as its degrees of freedom
        (categories minus one); much larger means the model does not fit. The **p-value**
        is the chance of a $\chi^2$ at least this large if the model were right; below
        0.05 we say the data contradict the model. (Categories expected fewer than 5 times
        are pooled, as the test needs; an outcome the model says is impossible, yet seen,
        rejects it outright.) Here are the single golds against the realistic model:
        """),
        py("""
        realistic = TossModel.realistic()
        faces = tally.face_counts()
        golds = 4 * tally.n
        for face, p in realistic.face_probs.items():
            print(f"{face:12s} observed {faces[face]:4d}   expected {float(p) * golds:6.1f}")
        chi_square_test(faces, realistic.face_probs)
        """),
        md("""
        `tally.test(model)` runs three tests: the single golds, the whole **patterns**
        (which would also notice golds that do not land independently) and the
        overlap/fall **events**:
        """),
        py("""
        for name, model in [("fair", TossModel.fair()), ("realistic", realistic)]:
            print(name)
            for what, res in tally.test(model).items():
                print(f"  {what:12s} chi2 {res.statistic:7.2f}  df {res.df}  p {res.p_value:.3f}")
        """),
        md("""
        A surprise worth a moment: this example *was drawn from* the realistic model, yet
        the single-gold test gives p = 0.04. At the 5% level a true model is rejected one
        time in twenty; another class would get another p-value. One test is evidence,
        not proof.

        The fair model says golds never stand, overlap or fall, so a single standing gold
        rejects it at once. A fairer question: among the tosses where all four golds lay
        flat, are face up and face down equally likely?
        """),
        py("""
        flat = tally.only_flat()  # only up/down, no overlap or fall
        print(flat.n, "flat tosses")
        {what: round(res.p_value, 3) for what, res in flat.test(TossModel.fair()).items()}
        """),
        md("""
        Here the flat tosses reject 50/50 (p < 0.01): this sample leans to face up (54% of
        golds) much more than the model it came from (49% up, 47% down). Luck of the
        draw again; the question below asks what a class could usually detect.
        """),
        md(details("The realistic model has face up 0.49 and face down 0.47. Can a class "
                   "with 200 tosses tell that apart from 50/50?",
                   "Hardly. 800 golds give a face-up share with a standard error of about "
                   "$\sqrt{0.25/800} \approx 0.018$, bigger than the 0.01 difference. "
                   "The next cell estimates how many tosses it would take.")),
        md("""
        ## 5. How many tosses would it take?

        To see a difference $d$ in the face-up share at about two standard errors, we need
        $2\sqrt{0.25/(4N)} \le d$, so $N \ge 1/(4 d^2)$ tosses of four golds:
        """),
        py("""
        for d in [0.05, 0.02, 0.01]:
            print(f"difference {d:.2f}: about {round(1 / (4 * d * d)):6d} tosses")
        """),
        md("""
        So the professional 歩-toss data (1,541 tosses of five pawns, about 7,700 pieces)
        can rule out biases of a few percent, but not of one percent.

        **Try it.** Enter tosses one by one (English or 表 裏 横 縦 逆立ち, plus `+overlap` /
        `+fall`): the tally and its tests against the realistic model update each time.
        """),
        py("""
        tally_widget(TossModel.realistic())
        """),
        md(details("After 20 tosses the test against the fair model says p = 0.6. Does that "
                   "prove the golds are fair?",
                   "No: a large p-value only says the data do not contradict the model. With "
                   "20 tosses almost any small bias would pass unnoticed (section 5).")),
    ])


# ------------------------------------------------------------------------------ exercises
EXERCISES = [
    ("""
     ## 1. The value of a toss (MS-05)

     The four golds landed 表 表 横 縦: two face up, one on its side, one upright.
     How many squares is the toss worth?
     """, 'Toss.parse("up up side upright")',
     "answer = ...", "answer = 1 + 1 + 5 + 10   # two face up, 5 on the side, 10 upright",
     "ex.value_of_toss(answer)"),
    ("""
     And four golds face down (裏 裏 裏 裏)?
     """, None,
     "answer = ...", "answer = 20   # the special case of MS-05",
     "ex.all_down(answer)"),
    ("""
     ## 2. The chance of tossing again (MS-07)

     With fair golds (face up or face down, 1/2 each), what is the chance that a toss
     earns another toss? Give a `Fraction` or a decimal.
     """, None,
     "answer = ...", "answer = Fraction(1, 2) ** 4   # all four must land face up",
     "ex.toss_again_fair(answer)"),
    ("""
     Now golds land face up 0.5, face down 0.4 and on their side 0.1 (no overlaps, no
     falls). What is the chance of tossing again?
     """, None,
     "answer = ...", "answer = (0.5 + 0.1) ** 4   # standing golds are not face down",
     "ex.toss_again_standing(answer)"),
    ("""
     ## 3. Expected squares per turn (MS-05, MS-07)

     With fair golds one toss is worth 13/4 squares on average (2 face up on average,
     plus 20 x 1/16 for four face down). A turn goes on while no gold is face down.
     How many squares does a turn move on average?
     """, None,
     "answer = ...",
     "answer = Fraction(13, 4) / (1 - Fraction(1, 16))   # Wald: E[toss] x E[number of tosses]",
     "ex.expected_squares(answer)"),
    ("""
     And how many tosses does a turn have on average?
     """, None,
     "answer = ...", "answer = 1 / (1 - Fraction(1, 16))   # 1 + p + p² + ...",
     "ex.expected_tosses(answer)"),
    ("""
     ## 4. Who is laid down? (MS-12)

     Three players. P1's 香 stands on 1八, P2's 歩 on 1六, P3's 桂 on 1四; P1 tosses
     横 裏 裏 裏 (worth 5). A piece that passes a *lower-ranked* piece with a normal
     forward move lays it down (ranks: 歩 < 香 < 桂 < 銀). Which players are laid down?
     Answer with a list of player numbers, e.g. `[2]`, or text like `"P2 P3"`.
     """, "ex.laid_down_position()",
     "answer = ...", "answer = [2]   # P2's 歩 is lower than 香; P3's 桂 is higher",
     "ex.laid_down(answer)"),
]


def nbex():
    for path, solved in [("exercises/mawari.ipynb", False),
                         ("exercises/solutions/mawari.ipynb", True)]:
        cells = [
            md(f"""
            # 回り将棋 exercises{" — solutions" if solved else ""}

            Replace each `...` with your answer and run the check under it: it prints
            ✅ when right, or a hint. The answers are checked by the boardkit engine
            (rules MS-05, MS-07, MS-12; notebooks 40-44 explain them).
            """),
            py("""
            from fractions import Fraction
            from boardkit.mawari import Toss
            from boardkit.mawari import exercises as ex
            """),
        ]
        for text, show, blank, answer, check in EXERCISES:
            cells.append(md(text))
            if show:
                cells.append(py(show))
            cells.append(py((answer if solved else blank) + "\n" + check))
        cells.append(py("ex.check.summary()"))
        write(path, cells)


if __name__ == "__main__":
    which = sys.argv[1:] or ["41", "42", "43", "44", "ex"]
    for name in which:
        globals()[f"nb{name}"]()
