"""回り将棋 levels: each level in one seat against "never" seats (run by hand; ~20 s).

The figures are quoted in boardkit/mawari/ai.py."""
import time

from boardkit import sim
from boardkit.mawari import MawariGame, ai

t=time.time()
for n in (2, 3):
    for lv in ("always", "random", "smart"):
        wins = games = 0
        for rng_i, rng in enumerate(sim.spawn_rngs(7, 1500)):
            seat = rng_i % n
            bots = [ai.bot("never")] * n
            bots[seat] = ai.bot(lv)
            g = MawariGame(players=n)
            out, _ = sim.play_game(g, bots, rng, 5000)
            games += 1
            wins += out is not None and out.winner == seat
        p = wins / games
        half = 1.96 * (p * (1 - p) / games) ** 0.5
        print(f"{n} players, {lv} vs never: win share {p:.3f} ± {half:.3f} (fair {1 / n:.3f})")
print("s", time.time()-t)
