"""Computer players of 回り将棋: the only decision is whether to declare a battle (MS-15).

A bot is ``bot(game, rng) -> move`` and is asked only when ``game.legal_moves()`` is not
empty, i.e. right after a move that lines up with an opposing piece. The levels
(``LEVELS``, English name -> the label the widget shows; ``bot(level)`` gives the bot):

    never   戦わない     never_battle:  always "no battle"
    random  きまぐれ     random_battle: a coin flip among the options
    always  いつも戦う   always_battle: battle whenever possible (the first piece offered)
    smart   かしこい     smart_battle:  battle when it raises the chance to win the game

Everything else in the game is the toss, so the levels differ only in battles. A battle
is an even race (win = loss, below), so it is a gamble that adds risk: with two players
it helps the player who is behind and hurts the one ahead; with three or four a win
lifts the attacker over everyone while a loss promotes only one rival. "smart" weighs
exactly that: ``battle_chances`` gives its chance to win the game with each battle and
without, from the race model (``race_chances``: every piece runs its remaining laps
alone, turn by turn, with the rules' toss law; later battles, laying down beyond one
lost turn, and two-ups are left out), and it battles only when that raises the chance.
In the duel of notebook 47 (P1's 歩 on 1五 against P2's 香 on 9五) the model gives 23.9%
with the battle against 17.5% without; 3,000 engine games each, nobody battling after,
give intervals that do not overlap in the same direction (tests/test_strategy_lessons_bm.py).
``HINT_LEVEL`` is "smart", the strongest: about 40 ms the first time for a toss model
(the race table and the battle odds, then cached) and about 6 ms per decision after
that (measured on this 2-core machine, two players, fair golds). ``hint(game)``
is None while a toss is due (there is nothing to decide: toss first), and
``explain(game, move)`` says why in plain words.

``battle_odds(model, length)`` gives the exact chances (win, draw, loss) of the attacker
in a battle race of ``length`` squares, by dynamic programming over the two pieces'
progress: the attacker tosses first, a toss with no face-down gold tosses again (MS-07),
an overlap or a fallen gold scores nothing, and the defender keeps its turn after the
attacker is back (MS-15).

Because the defender keeps its turn when the attacker gets back first, the battle is
fair: if A and D are the rounds in which each would get back (independent, same law),
the attacker wins when A < D, loses when D < A and draws when A = D, so win = loss
whatever the model and length.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

from .. import sim
from .._core import ChanceStep, check_level
from .game import _POSITION_BOTS, RANKS, Battle
from .toss import TossModel

__all__ = ["LEVELS", "HINT_LEVEL", "bot", "hint", "explain", "never_battle", "always_battle",
           "random_battle", "smart_battle", "battle_odds", "battle_chances", "race_chances",
           "simulate_games", "lab_tips", "tip_lab"]

LEVELS = {"never": "戦わない", "random": "きまぐれ", "always": "いつも戦う", "smart": "かしこい"}
HINT_LEVEL = "smart"


def never_battle(game, rng) -> Battle:
    return Battle(None)


def always_battle(game, rng) -> Battle:
    return game.legal_moves()[0]


def random_battle(game, rng) -> Battle:
    moves = game.legal_moves()
    return moves[int(rng.integers(len(moves)))]


@lru_cache(maxsize=64)
def _turn_table(model: TossModel, length: int) -> tuple:
    """For each progress a < length: the distribution of progress after one battle turn."""
    steps = [(s.squares if s.kind in ("again", "end") else 0, s.kind == "again", float(p))
             for s, p in model.toss_distribution().items()]
    table: dict[int, dict[int, float]] = {}
    for a in range(length - 1, -1, -1):
        # a turn that repeats moves at least one square forward, so table[b] for b > a
        # is known; a toss that repeats without moving could loop, which no model allows
        dist: dict[int, float] = {}
        for sq, again, p in steps:
            b = min(length, a + sq)
            if again and b < length and b > a:
                for c, q in table[b].items():
                    dist[c] = dist.get(c, 0.0) + p * q
            else:
                dist[b] = dist.get(b, 0.0) + p
        table[a] = dist
    return tuple(tuple(sorted(table[a].items())) for a in range(length))


def battle_odds(model: TossModel, length: int = 16) -> tuple[float, float, float]:
    """Exact (win, draw, loss) chances of the attacker in a battle of ``length`` squares."""
    return _battle_odds(model, length)


@lru_cache(maxsize=64)
def _battle_odds(model: TossModel, length: int) -> tuple[float, float, float]:
    T = _turn_table(model, length)
    L = length
    V: dict[tuple[int, int], tuple[float, float, float]] = {}
    for a in range(L - 1, -1, -1):
        for d in range(L - 1, -1, -1):
            w = dr = lo = 0.0
            selfp = 0.0
            for a2, p in T[a]:
                if a2 == L:                       # attacker back: the defender's last turn
                    back = sum(q for d2, q in T[d] if d2 == L)
                    w += p * (1 - back)
                    dr += p * back
                    continue
                for d2, q in T[d]:
                    if d2 == L:
                        lo += p * q
                    elif (a2, d2) == (a, d):
                        selfp += p * q
                    else:
                        vw, vd, vl = V[(a2, d2)]
                        w, dr, lo = w + p * q * vw, dr + p * q * vd, lo + p * q * vl
            k = 1.0 / (1.0 - selfp)
            V[(a, d)] = (w * k, dr * k, lo * k)
    return V[(0, 0)]


# ---------------------------------------------------------------- the race model
#: turns each piece's finishing-time law is followed for: far beyond any real game (a
#: 歩 at home needs about 34 turns on average); the chance left beyond it is < 1e-12
_HORIZON = 400
_LAPS = len(RANKS)              # a 歩 at home has four laps to go (MS-10)
_GOAL = _LAPS * 32              # squares to go from home as a 歩, in the unrolled track


@lru_cache(maxsize=16)
def _finish_table(model: TossModel, jump: bool) -> tuple[np.ndarray, np.ndarray]:
    """F[u, t] = chance that a lone piece ``u`` squares along its unrolled four-lap track
    (rank × 32 + progress) has finished its last lap within t turns of its own (t = 0 ..
    _HORIZON), row _GOAL = finished. Built turn by turn from the toss law: forward moves
    with the corner jump (MS-14), back moves never past the last corner (MS-06), a
    turn repeating after a toss with no face-down gold (MS-07)."""
    steps = [(s.squares, s.kind == "again", float(p)) for s, p in model.toss_distribution().items()]
    n = _GOAL + 1
    turn = np.zeros((n, n))            # turn[u, v]: one whole turn from u ends on v
    turn[_GOAL, _GOAL] = 1.0
    for u in range(_GOAL - 1, -1, -1):
        for sq, again, p in steps:
            if sq > 0:
                v = u + sq
                if jump and v % 8 == 0 and v % 32:
                    v += 8
                v = min(v, _GOAL)
            else:
                v = max(u + sq, u - u % 8)
            if again and v < _GOAL:
                turn[u] += p * turn[v]      # v > u: its row is already known
            else:
                turn[u, v] += p
    table = np.zeros((n, _HORIZON + 1))
    table[_GOAL] = 1.0
    for t in range(1, _HORIZON + 1):
        table[:, t] = turn @ table[:, t - 1]
    table[_GOAL, :] = 1.0
    return table, turn


def race_chances(game, ranks=None, again=None) -> list[float]:
    """Each player's chance to win the race from here if nobody battles any more: the
    race model (every piece runs its remaining laps alone, with the toss law of the
    rules; players take turns in order from the one to play).

    ``ranks`` replaces the players' ranks (a battle's outcome); a piece given rank 4 has
    finished (won). ``again`` says whether the player to play still tosses again this
    turn (default: the game's own state after a decision, MS-07). What the model leaves
    out: later battles, laying down (a laid piece here just loses its next turn, as with
    two players, MS-12) and two-ups (MS-13)."""
    n = game.players
    ranks = [game.rank(p) for p in range(n)] if ranks is None else list(ranks)
    for p, r in enumerate(ranks):
        if r >= _LAPS:
            return [1.0 if q == p else 0.0 for q in range(n)]
    table, turn = _finish_table(game.rules.model, game.rules.corner_jump)
    me = game.turn
    if again is None:       # deciding: the turn goes on only after a toss with no face-down
        again = game._again if game.phase == "decide" else True    # gold; else a whole turn
    times = _HORIZON * n + 1
    cdf = np.zeros((n, times))          # P(finished by global turn slot t)
    for p in range(n):
        u = ranks[p] * 32 + game.progress(p)
        own = table[u]
        if p == me and again:           # the rest of this turn first, at slot 0
            own = turn[u] @ table
            cdf[p, 0] = own[0]
        skip = 1 if game.is_laid(p) else 0
        offset = n if p == me else (p - me) % n
        # own turn k (k >= 1) comes at slot offset + (k - 1 + skip) * n
        for k in range(1, _HORIZON + 1 - skip):
            slot = offset + (k - 1 + skip) * n
            cdf[p, slot] = own[k]
        # between its own slots a piece's state does not change
        np.maximum.accumulate(cdf[p], out=cdf[p])
    new = np.diff(cdf, axis=1, prepend=0.0)
    out = []
    for p in range(n):
        others = np.prod([1.0 - cdf[q] for q in range(n) if q != p], axis=0)
        out.append(float(np.dot(new[p], others)))
    return out


def battle_chances(game) -> dict:
    """For the player to decide: {option: (its chance to win the game, (win, draw, loss)
    of the battle or None, race length or 0)}, the options being ``game.legal_moves()``
    (``Battle(None)`` = no battle). The chance to win the game comes from the race model
    (``race_chances``) after each outcome of the battle: the winner goes up one rank, a
    銀 that wins has finished (MS-15)."""
    me = game.turn
    ranks = [game.rank(p) for p in range(game.players)]
    base = race_chances(game, ranks)
    out = {}
    for move in game.legal_moves():
        if move.defender is None:
            out[move] = (base[me], None, 0)
            continue
        q = move.defender
        length = game.battle_length(me, q)
        win, draw, loss = battle_odds(game.rules.model, length)
        up_me, up_q = list(ranks), list(ranks)
        up_me[me] += 1
        up_q[q] += 1
        chance = (win * race_chances(game, up_me)[me] + draw * base[me]
                  + loss * race_chances(game, up_q)[me])
        out[move] = (chance, (win, draw, loss), length)
    return out


def smart_battle(game, rng) -> Battle:
    """The option with the best chance to win the game (race model, ``battle_chances``);
    no battle unless a battle is better by more than a hair (1e-9: rounding)."""
    best, best_chance = Battle(None), None
    options = battle_chances(game)
    for move, (chance, _odds, _length) in options.items():
        if move.defender is None:
            best_chance = chance if best_chance is None else best_chance
    best_chance = -1.0 if best_chance is None else best_chance
    for move, (chance, _odds, _length) in options.items():
        if move.defender is not None and chance > best_chance + 1e-9:
            best, best_chance = move, chance
    return best


_BOTS = {"never": never_battle, "always": always_battle, "random": random_battle,
         "smart": smart_battle}
# the levels read only the position: bot games with them may leave events, history and
# undo to be built when read (MawariGame._play_bots); True = the bot draws from the rng
_POSITION_BOTS.update({never_battle: False, always_battle: False, random_battle: True,
                       smart_battle: False})


def bot(level: str) -> Callable[[Any, Any], Battle]:
    """The bot of a level (English name or Japanese label, see ``LEVELS``)."""
    return _BOTS[check_level(level, LEVELS)]


def hint(game, level: str | None = None) -> Battle | None:
    """The decision the level (default ``HINT_LEVEL``) would take now, or None when no
    decision is due (a toss is: toss first) or the game is over."""
    if game.is_over() or not game.legal_moves():
        return None
    return bot(HINT_LEVEL if level is None else level)(game, np.random.default_rng(0))


def explain(game, move) -> str:
    """Why, in plain words (the widget's hint line)."""
    if game.is_over():
        return "the game is over: nothing to decide"
    if move is None or not game.legal_moves():
        who = f"P{game.turn + 1}"
        return (f"toss first: {who} must toss the four golds (Toss button); a decision "
                f"(battle or not, MS-15) comes only when a move lines up with an opposing piece")
    options = battle_chances(game)
    stay = next(c for m, (c, _o, _n) in options.items() if m.defender is None)
    lines = []
    for m, (chance, odds, length) in options.items():
        if m.defender is None:
            continue
        win, draw, loss = odds
        rank = game.rank(game.turn)
        promo = ("you win the game" if rank == 3
                 else f"promotes you, {RANKS[rank]}→{RANKS[rank + 1]}")
        lines.append(f"battle P{m.defender + 1}: a {length}-square race, win {win:.0%} "
                     f"({promo}), draw {draw:.0%}, lose {loss:.0%} "
                     f"(promotes P{m.defender + 1}); your chance to win the game "
                     f"{chance:.0%} with it")
    # the hint line already starts with the decision ("Hint: no battle — ..."): no repeat
    head = ("the battle raises your chance to win the game" if move.defender is not None
            else "a battle would not raise your chance to win the game")
    return (head + f" (race model): {stay:.0%} without a battle; " + "; ".join(lines)
            + " (MS-15)")


def simulate_games(factory, policies, games: int = 100, seed: int = 0,
                   max_plies: int = 2000) -> dict:
    """Play ``games`` seeded games of ``factory()`` with one policy per seat (a list of
    bots or of level names, see ``LEVELS``) and return numpy arrays, one entry per game:

        tosses    tosses in the game (all players)
        winner    seat of the winner (-1 if the cap was reached)
        battles   battles declared
        promoted  promotions won in battles
    """
    bots = [bot(b) if isinstance(b, str) else b for b in policies]
    out = {k: np.zeros(games, dtype=int) for k in ("tosses", "winner", "battles", "promoted")}
    for i, rng in enumerate(sim.spawn_rngs(seed, games)):
        g = factory()
        play = getattr(g, "_play_bots", None)
        if play is None or isinstance(max_plies, bool) or not isinstance(max_plies, int) \
                or max_plies < 0:
            outcome, _ = sim.play_game(g, bots, rng, max_plies)    # (and its checks)
        else:   # sim.play_game's games, each step recorded as it comes: the records are read
            outcome, _ = play(bots, rng, max_plies,
                              sim.CHANCE_STEPS_PER_PLY * max(1, max_plies), lean=False)
        hist = g.history
        out["tosses"][i] = sum(1 for m in hist if isinstance(m, ChanceStep))
        out["battles"][i] = sum(1 for m in hist if isinstance(m, Battle) and m.defender is not None)
        out["promoted"][i] = sum(1 for e in g.events if "wins the battle" in e)
        out["winner"][i] = -1 if outcome is None else outcome.winner
    return out


#: the battle policies measured in notebook 47 (and benchmarks/tips.py): one seat plays
#: the policy, every other seat never battles
LAB_POLICIES = ("always", "smart", "random")


def _lab_policy(policy, level):
    return bot(policy)


def _lab_never(level):
    return never_battle


def lab_tips() -> dict:
    """The battle policies for ``boardkit.widgets.tiplab.TipLab``, per number of players:
    "<policy>/<n>p" -> (with_bot(level), without_bot(level), new_game()), all picklable."""
    from functools import partial

    from .game import MawariGame
    return {f"{p}/{n}p": (partial(_lab_policy, p), _lab_never, partial(MawariGame, players=n))
            for p in LAB_POLICIES for n in (2, 4)}


def tip_lab(**options):
    """The tip lab of notebook 47: a battle policy in one seat against "never" in the others,
    2 or 4 players, with the settled 2,000-game values of benchmarks/results/tips_mawari.json
    when that file is there. ``options`` go to TipLab (games, seed, executor, ...)."""
    import pathlib

    from ..widgets.tiplab import TipLab
    results = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "tips_mawari.json"
    options.setdefault("results", results)
    tips = lab_tips()
    return TipLab(tips, players={name: int(name.split("/")[1][0]) for name in tips}, **options)
