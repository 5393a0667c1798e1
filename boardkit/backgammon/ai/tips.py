"""The strategy tips of backgammon as a bot that breaks them, and the tip lab's spec.

``tip_bots(names)`` gives (with, without, new game); ``lab_spec()`` is what
``boardkit.widgets.tiplab.TipLab`` needs.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..._core import BoardkitError
from ..._protocols import TipLabSpec
from ..game import BackgammonGame, CubeAction, Play
from ..notation import _short

#: the six strategy tips of docs/rules/backgammon.md, as terms of the easy bot's score
TIPS = {
    "blots": "1. stack checkers two or more: avoid blots that can be hit",
    "key_points": "2. hold the 5-point and the 7-point (bar point)",
    "prime": "3. build consecutive points into a prime",
    "hit": "4. hit where the opponent loses the most ground",
    "pips": "5. count the pips: ahead, a race suits you (play safe); behind, play for contact (be bold)",
    "back": "6. move the two back checkers out early",
}
TIP_WEIGHTS = {"points": 2.0, "home": 1.0, "blots": 2.5, "key_points": 2.0, "prime": 0.4,
               "hit": 1.0, "pips": 1.0, "back": 0.8}


def _tip_score(game: BackgammonGame, play: Play, w: dict = TIP_WEIGHTS, lead_now=None) -> float:
    """0-ply rules of thumb, straight from the strategy tips. ``lead_now``: the pip lead
    before the play decides tip 5's regime (race or hold), as ``TipBot`` plays it; without
    it (the easy level) the lead after each play does, which also counts hits."""
    mine, theirs = play.after
    score = 0.0
    opp_here = [theirs[25 - p] for p in range(25)]          # in my numbering (0 = their bar)
    first_opp = next((p for p in range(25) if opp_here[p]), 99)
    for p in range(1, 25):
        c = mine[p]
        if c >= 2:                                          # made points, home ones more
            score += w["points"] + (w["key_points"] if p in (5, 7) else 0) \
                + (w["home"] if p <= 6 else 0)
        elif c == 1 and p > first_opp:                      # tip 1: a blot that can be hit
            score -= w["blots"]
    run = best = 0
    for p in range(1, 13):                                  # tip 3: primes
        run = run + 1 if mine[p] >= 2 else 0
        best = max(best, run)
    score += w["prime"] * best * best
    for step, hit in zip(play.steps, play.hit_flags):       # tip 4: hit advanced checkers
        if hit:                                             # (my point n is their 25 - n:
            score += w["hit"] * (2.0 + step[1] / 4.0)       #  the further, the more they lose)
    lead = sum(i * theirs[i] for i in range(1, 26)) - sum(i * mine[i] for i in range(1, 26)) \
        if lead_now is None else lead_now
    if lead > 10:                                           # tip 5: ahead, bring them home
        score -= w["pips"] * 0.5 * sum(mine[p] for p in range(13, 26))
    elif lead < -10:                                        # behind: keep anchors back
        score += w["pips"] * 2.0 * sum(mine[p] >= 2 for p in range(19, 25))
    score -= w["back"] * sum(mine[19:26])                   # tip 6: run the back checkers
    score += 0.3 * mine[0]
    return score


#: How ``TipBot`` plays tips 2, 5 and 6 in their sense. The easy level's terms
#: for them (a flat bonus for the 5- and 7-points, a pip-lead threshold, a flat cost per
#: back checker) measured 52.8%, 45.1% and 52.8% over 2,000 games; read as a backgammon
#: player reads them, they are:
#:   key_points  the 5-, bar and 4-points (SENSE_KEY_POINTS) are worth most while they
#:               block something: only with opposing checkers behind them, and more the
#:               more there are (+ SENSE_PER_BEHIND each)
#:   pips        the count says how much risk to take: ahead by more than SENSE_LEAD
#:               pips before the play, a race suits you, so play safe: every blot that can
#:               be hit costs SENSE_SAFE more; behind, you need contact and hits, so be
#:               bold: a blot costs SENSE_BOLD less. Tried first and dropped (600-2,000
#:               games each): "run the back checkers home when ahead" 50-54%, "hold an
#:               anchor when behind" 42-51%; and the controls show the count is what
#:               decides: the same extra care for blots always 46.2%, only when behind
#:               46.5% (1,000 games each).
#:   back        get out EARLY, before the opponent builds a blockade: a back checker
#:               costs more for every opposing point among the six in front of it
#:               (+ SENSE_PER_BLOCK each)
#: Over 2,000 games each (boardkit/data/tips_backgammon.json): 64.4%, 59.4%, 61.0%.
#: The whole bot gains too: TipBot() against TipBot(style="easy") 58.9% [55.8, 61.9] of
#: 1,000 games (seed 99, seats swapped, no cube).
SENSE_WEIGHTS = {"key_points": 3.0, "pips": 1.0, "back": 0.8}
SENSE_KEY_POINTS = {5: 1.0, 7: 0.8, 4: 0.6}
SENSE_PER_BEHIND = 0.25
SENSE_LEAD, SENSE_SAFE, SENSE_BOLD = 8, 3.0, 1.5
SENSE_PER_BLOCK = 1.5


def _pips(side) -> int:
    return sum(i * side[i] for i in range(1, 26))


def _sense_terms(mine, theirs, lead_before: int, w: dict) -> float:
    """Tips 2, 5 and 6 as ``TipBot`` plays them (see SENSE_WEIGHTS), for the position
    (mine, theirs) after a play; ``lead_before``: my pip lead before the play."""
    opp_here = [theirs[25 - p] for p in range(25)]          # in my numbering (0 = their bar)
    score = 0.0
    # tip 2: the key points, while opposing checkers are behind them
    for p, value in SENSE_KEY_POINTS.items():
        if mine[p] >= 2:
            behind = sum(opp_here[:p])
            if behind:
                score += w["key_points"] * value * (1.0 + SENSE_PER_BEHIND * behind)
    # tip 5: ahead in the race, play safe; behind, be bold (blots as tip 1 counts them)
    if lead_before > SENSE_LEAD or lead_before < -SENSE_LEAD:
        first_opp = next((p for p in range(25) if opp_here[p]), 99)
        blots = sum(1 for p in range(first_opp + 1, 25) if mine[p] == 1)
        score += w["pips"] * blots * (-SENSE_SAFE if lead_before > 0 else SENSE_BOLD)
    # tip 6: back checkers out before the opponent's points in front of them close
    cost = 0.0
    for p in range(19, 26):
        if mine[p]:
            blocks = sum(opp_here[q] >= 2 for q in range(p - 6, p)) if p < 25 else 0
            cost += mine[p] * (1.0 + SENSE_PER_BLOCK * blocks)
    return score - w["back"] * cost


class TipBot:
    """The bot of the strategy tips, or the same bot breaking one tip on purpose
    (``breaks`` in TIPS, or several: those terms of the score count the other way), for
    measuring what each tip is worth. Picklable, so tournaments can use processes.

    It scores each play by the easy level's terms for tips 1, 3 and 4 (blots, primes,
    hits) and made points, and by ``_sense_terms`` for tips 2, 5 and 6 (key points while
    they block, safe when ahead in the race and bold when behind, back checkers out
    before they are blocked).
    ``style="easy"`` plays the easy level's own terms for all six instead (as the first
    measurements did); there ``lead="before"`` decides tip 5's regime by the race before
    the play instead of after it (benchmarks/backgammon_tip5.py measures it)."""

    def __init__(self, breaks: str | Sequence[str] | None = None, lead: str = "after",
                 style: str = "sense"):
        names: Sequence[str] = () if breaks is None else (breaks,) if isinstance(breaks, str) else breaks
        if breaks is not None and (isinstance(names, (bytes, dict)) or not isinstance(names, (tuple, list))
                                   or len(names) > len(TIPS)
                                   or not all(isinstance(t, str) and t in TIPS for t in names)):
            raise BoardkitError(f"unknown tip {_short(breaks)}; tips: {list(TIPS)}")
        self.breaks = breaks if breaks is None or isinstance(breaks, str) else tuple(breaks)
        if lead not in ("after", "before"):
            raise BoardkitError(f"lead is 'after' or 'before', got {_short(lead)}")
        if style not in ("sense", "easy"):
            raise BoardkitError(f"style is 'sense' or 'easy', got {_short(style)}")
        self.lead, self.style = lead, style
        self.weights = dict(TIP_WEIGHTS)
        self.sense = dict(SENSE_WEIGHTS)
        if style == "sense":
            for t in SENSE_WEIGHTS:           # these tips are played by _sense_terms
                self.weights[t] = 0.0
        for t in ([] if breaks is None else set(names)):
            self.weights[t] = -self.weights[t]
            if t in self.sense:
                self.sense[t] = -self.sense[t]

    def __call__(self, game, rng):
        if not game.chance_pending():
            moves = game.legal_moves()
            if moves and isinstance(moves[0], CubeAction):
                return CubeAction("take" if "take" in {m.action for m in moves} else "roll")
        plays = game.legal_moves()
        lead = None
        if self.lead == "before" or self.style == "sense":
            # tip 5 reads the race as it stands before the play (the lead after it also
            # counts the pips a hit takes, and so punishes hitting near the threshold)
            mine, theirs = game.position()
            lead = _pips(theirs) - _pips(mine)
        if self.style == "easy":
            scores = [_tip_score(game, p, self.weights, lead) for p in plays]
        else:
            scores = [_tip_score(game, p, self.weights, 0)
                      + _sense_terms(p.after[0], p.after[1], lead, self.sense) for p in plays]
        return plays[int(np.argmax(scores))]

    def __repr__(self) -> str:
        extra = f", lead={self.lead!r}" if self.lead != "after" else ""
        extra += f", style={self.style!r}" if self.style != "sense" else ""
        return f"TipBot(breaks={self.breaks!r}{extra})"


def tip_bots(names, level=None) -> tuple:
    """(the bot following every tip, the same bot breaking ``names``, a new-game factory)
    for one tip or several combined (names of ``TIPS``), as benchmarks/tips.py and the
    tip lab measure them: ``TipBot()`` against ``TipBot(breaks=names)``, no cube.
    (``level`` is accepted for the tip lab; the tip bot has one level.)"""
    from functools import partial

    from ..rules import BackgammonRules
    if isinstance(names, str):
        names = (names,)
    elif not isinstance(names, (tuple, list)) or not 1 <= len(names) <= len(TIPS):
        raise BoardkitError(f"names must be a tip's name or a list of 1 to {len(TIPS)} of them "
                            f"(tips: {list(TIPS)}), got {_short(names)}")
    names = tuple(names)
    return TipBot(), TipBot(breaks=names if len(names) > 1 else names[0]), \
        partial(BackgammonGame, rules=BackgammonRules.no_cube())


def _tip_with(name, level=None):
    return tip_bots(name, level)[0]


def _tip_without(name, level=None):
    return tip_bots(name, level)[1]


def lab_tips() -> dict:
    """The tips for ``boardkit.widgets.tiplab.TipLab``: name -> (with_bot(level),
    without_bot(level), new_game()), all picklable (process pools)."""
    from functools import partial
    return {n: (partial(_tip_with, n), partial(_tip_without, n), tip_bots(n)[2]) for n in TIPS}


def lab_spec() -> TipLabSpec:
    """The tip lab's spec: the six tips, combinable, one level, no cube; the settled
    results are package data."""
    return TipLabSpec("backgammon", lab_tips(), levels=None, combine=tip_bots)


def tip_lab(**options):
    """The tip lab of notebook 37: ``TipLab(lab_spec(), **options)``; the options go to
    TipLab (games, seed, executor, ...)."""
    from ...widgets.tiplab import TipLab
    return TipLab(lab_spec(), **options)
