"""Tesauro's "pubeval": the public backgammon evaluation function, as a bot.

Provenance: Gerald Tesauro (IBM Research) published pubeval.c in the early 1990s
"as a public service to the backgammon programming community": a linear function
of a raw board encoding with one weight vector for contact positions and one for
races. It plays at a modest but steady level and has served ever since as the
standard opponent for measuring backgammon programs. The 2 x 122 weights below are
Tesauro's published values (as distributed, for example, with GNU Backgammon's
pub_eval.c); the encoding follows his description, re-implemented here with numpy.

Encoding (from the point of view of the side that has just moved, "me"): for each
of my points 24..1 five inputs: an opposing blot there; my blot; two or more of
mine; exactly three of mine; (n - 3) / 2 for n >= 4 of mine. Then half the
opposing checkers on the bar, and my borne-off checkers / 15. A play's score is the
dot product with the race weights if the position *before* the play was a race,
else with the contact weights; the bot plays the highest-scoring play.
"""
from __future__ import annotations

import numpy as np

from .._core import BoardkitError
from .._input import check_instance, check_rng
from .game import BackgammonGame, CubeAction, Play
from .movegen import position_arrays

__all__ = ["WEIGHTS_RACE", "WEIGHTS_CONTACT", "encode", "pubeval", "pubeval_bot", "is_race"]

WEIGHTS_RACE = np.array([
    .00000, -.17160, .27010, .29906, -.08471, .00000, -1.40375, -1.05121, .07217, -.01351,
    .00000, -1.29506, -2.16183, .13246, -1.03508, .00000, -2.29847, -2.34631, .17253, .08302,
    .00000, -1.27266, -2.87401, -.07456, -.34240, .00000, -1.34640, -2.46556, -.13022, -.01591,
    .00000, .27448, .60015, .48302, .25236, .00000, .39521, .68178, .05281, .09266,
    .00000, .24855, -.06844, -.37646, .05685, .00000, .17405, .00430, .74427, .00576,
    .00000, .12392, .31202, -.91035, -.16270, .00000, .01418, -.10839, -.02781, -.88035,
    .00000, 1.07274, 2.00366, 1.16242, .22520, .00000, .85631, 1.06349, 1.49549, .18966,
    .00000, .37183, -.50352, -.14818, .12039, .00000, .13681, .13978, 1.11245, -.12707,
    .00000, -.22082, .20178, -.06285, -.52728, .00000, -.13597, -.19412, -.09308, -1.26062,
    .00000, 3.05454, 5.16874, 1.50680, 5.35000, .00000, 2.19605, 3.85390, .88296, 2.30052,
    .00000, .92321, 1.08744, -.11696, -.78560, .00000, -.09795, -.83050, -1.09167, -4.94251,
    .00000, -1.00316, -3.66465, -2.56906, -9.67677, .00000, -2.77982, -7.26713, -3.40177,
    -12.32252, .00000, 3.42040])

WEIGHTS_CONTACT = np.array([
    .25696, -.66937, -1.66135, -2.02487, -2.53398, -.16092, -1.11725, -1.06654, -.92830,
    -1.99558, -1.10388, -.80802, .09856, -.62086, -1.27999, -.59220, -.73667, .89032,
    -.38933, -1.59847, -1.50197, -.60966, 1.56166, -.47389, -1.80390, -.83425, -.97741,
    -1.41371, .24500, .10970, -1.36476, -1.05572, 1.15420, .11069, -.38319, -.74816,
    -.59244, .81116, -.39511, .11424, -.73169, -.56074, 1.09792, .15977, .13786,
    -1.18435, -.43363, 1.06169, -.21329, .04798, -.94373, -.22982, 1.22737, -.13099,
    -.06295, -.75882, -.13658, 1.78389, .30416, .36797, -.69851, .13003, 1.23070,
    .40868, -.21081, -.64073, .31061, 1.59554, .65718, .25429, -.80789, .08240,
    1.78964, .54304, .41174, -1.06161, .07851, 2.01451, .49786, .91936, -.90750,
    .05941, 1.83120, .58722, 1.28777, -.83711, -.33248, 2.64983, .52698, .82132,
    -.58897, -1.18223, 3.35809, .62017, .57353, -.07276, -.36214, 4.37655, .45481,
    .21746, .10504, -.61977, 3.54001, .04612, -.18108, .63211, -.87046, 2.47673,
    -.48016, -1.27157, .86505, -1.11342, 1.24612, -.82385, -2.77082, 1.23606,
    -1.59529, .10438, -1.30206, -4.11520, 5.62596, -2.75800])

assert WEIGHTS_RACE.shape == WEIGHTS_CONTACT.shape == (122,)


def encode(positions) -> np.ndarray:
    """The 122 inputs for each position (mine, theirs), seen by the side that moved."""
    arr = position_arrays(positions)
    mine, theirs = arr[:, 0], arr[:, 1]
    n = len(arr)
    x = np.zeros((n, 24, 5))
    # input block j-1 describes my point 25 - j, j = 1..24: my 24-point first
    pts = np.arange(24, 0, -1)
    me = mine[:, pts]
    opp = theirs[:, 25 - pts]          # their checkers on my point p sit on their 25 - p
    x[:, :, 0] = opp == 1
    x[:, :, 1] = me == 1
    x[:, :, 2] = me >= 2
    x[:, :, 3] = me == 3
    x[:, :, 4] = np.where(me >= 4, (me - 3) / 2.0, 0.0)
    out = np.zeros((n, 122))
    out[:, :120] = x.reshape(n, 120)
    out[:, 120] = theirs[:, 25] / 2.0      # pubeval.c: -pos[0]/2 with pos[0] = -(their bar)
    out[:, 121] = mine[:, 0] / 15.0
    return out


def is_race(mine, theirs) -> bool:
    """No contact: every one of my checkers has passed every opposing checker."""
    arr = position_arrays([mine, theirs])[0]
    mine, theirs = arr[0], arr[1]
    my_hi = max((p for p in range(1, 26) if mine[p]), default=0)
    their_hi = max((p for p in range(1, 26) if theirs[p]), default=0)
    return my_hi + their_hi <= 25 and not mine[25] and not theirs[25]


def pubeval(positions, race: bool) -> np.ndarray:
    """Scores of positions (the higher, the better for the side that moved)."""
    x = encode(positions)
    score = x @ (WEIGHTS_RACE if race else WEIGHTS_CONTACT)
    arr = position_arrays(positions)
    score[arr[:, 0, 0] == 15] = 99999999.0      # all checkers off: the best play
    return score


def pubeval_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """Plays the play pubeval scores highest; no cube skill (rolls, takes)."""
    check_instance(game, BackgammonGame, "game")
    if rng is not None:
        check_rng(rng, "rng")
    if game.is_over():
        raise BoardkitError("the game is over: there is no move to choose")
    if game.chance_pending():
        raise BoardkitError("no play to choose: roll the dice first (BG-03)")
    plays = game.legal_moves()
    if plays and isinstance(plays[0], CubeAction):
        return CubeAction("take" if "take" in {m.action for m in plays} else "roll")
    if len(plays) == 1:
        return plays[0]
    race = is_race(*game.position())
    scores = pubeval([p.after for p in plays], race)
    return plays[int(np.argmax(scores))]
