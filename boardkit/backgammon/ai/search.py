"""Choosing plays: 1-ply, the pubeval hybrid, the 2-ply lookahead, the opening book,
the cube and the bots of the levels.
"""
from __future__ import annotations

import numpy as np

from ..._core import BoardkitError, check_level
from ..._input import check_count as _check_count  # (underscores: not public names here)
from ..._input import check_rng as _check_rng
from ..game import BackgammonGame, CubeAction, Play
from ..movegen import _plays_for
from ..probability import DISTINCT_ROLLS
from ._fast import _best_play
from .evaluate import _check_game, evaluate_many, win_probability
from .tips import _tip_score

#: the computer levels, weakest first: English name -> the label the widget shows
LEVELS: dict[str, str] = {"random": "level.backgammon.random", "easy": "level.backgammon.easy",
                          "normal": "level.backgammon.normal",
                          "strong": "level.backgammon.strong",
                          "lookahead": "level.backgammon.lookahead"}

#: The hint's level: the strongest that answers within about half a second
#: (benchmarks/backgammon_hint_timing.py: lookahead takes a few milliseconds a move at
#: the median and well under half a second at worst).
HINT_LEVEL = "lookahead"


def _plays(game: BackgammonGame) -> list[Play]:
    return [m for m in game.legal_moves() if isinstance(m, Play)]


HYBRID_WEIGHT = 3.0      # pubeval's score units per logit of our winning chances


def _hybrid_scores(after, race: bool) -> np.ndarray:
    """strong's score of positions ``after`` a play (the higher, the better for the
    side that moved): in contact pubeval's score plus our winning chances (as a
    logit); in races our chances alone (the bear-off table beats pubeval's race
    weights). ``race`` is about the position *before* the play, as in pubeval."""
    from ..pubeval import pubeval
    values = evaluate_many(after)
    if race:
        return values
    p = np.clip(values, 1e-6, 1 - 1e-6)
    return pubeval(after, False) + HYBRID_WEIGHT * np.log(p / (1 - p))


def _hybrid(game, plays, values=None):
    from ..pubeval import is_race
    return _hybrid_scores([q.after for q in plays], is_race(*game.position()))


def _two_ply(plays: list[Play], reply_by: str = "strong") -> np.ndarray:
    """For each play, our winning chances after the opponent's reply, averaged over
    its 21 rolls (BG-03): the opponent answers each roll with the play strong (or
    normal) would choose, and the position is then scored by ``evaluate_many``."""
    after, owner = [], []
    for i, play in enumerate(plays):
        mine, theirs = play.after
        for k, ((a, b), _) in enumerate(DISTINCT_ROLLS):
            replies = [r.after for r in _plays_for(theirs, mine, a, b)]
            after.extend(replies)
            owner.extend([(i, k)] * len(replies))
    values = evaluate_many(after)              # the opponent's chances, each reply
    if reply_by == "strong":
        p = np.clip(values, 1e-6, 1 - 1e-6)
        from ..pubeval import pubeval
        choice = pubeval(after, False) + HYBRID_WEIGHT * np.log(p / (1 - p))
    else:
        choice = values
    owners = np.array(owner)
    flat = owners[:, 0] * len(DISTINCT_ROLLS) + owners[:, 1]
    # for each (play, roll), the reply with the highest choice score
    order = np.lexsort((-choice, flat))
    first = np.ones(len(order), bool)
    first[1:] = flat[order][1:] != flat[order][:-1]
    picked = order[first]
    best = np.zeros(len(plays) * len(DISTINCT_ROLLS))
    best[flat[picked]] = values[picked]
    weights = np.array([w for _, w in DISTINCT_ROLLS], dtype=float) / 36
    out = ((1.0 - best.reshape(len(plays), -1)) * weights).sum(1)
    for i, play in enumerate(plays):
        if play.after[0][0] == 15:
            out[i] = 1.0
    return out


LOOKAHEAD_CANDIDATES = 4   # plays kept after the 1-ply pass
LOOKAHEAD_MARGIN = 2.0     # ... and only those within this many score units of the best


#: The 15 non-double opening rolls: the play computer rollouts found best, then the
#: accepted alternatives, and why in plain words. Sources: Tom Keith, "How to Play the
#: Opening Rolls", Backgammon Galore (bkgm.com/openings.html, 2006: rollouts by GNU
#: Backgammon / Snowie), and Kit Woolsey's summary of the rollouts in the Backgammon FAQ
#: (rec.games.backgammon, 1995). tests/test_backgammon_ai.py checks every entry is a
#: legal play of the start position and that the hint plays it.
OPENING_BOOK: dict[tuple[int, int], tuple[tuple[str, ...], str]] = {
    (2, 1): (("13/11 6/5", "24/23 13/11"), "slot the 5-point and bring a builder to the 11"),
    (3, 1): (("8/5 6/5",), "make the 5-point, the best point of all"),
    (3, 2): (("24/21 13/11", "13/11 13/10"), "split the back checkers and bring a builder down"),
    (4, 1): (("24/23 13/9", "13/9 6/5"), "split the back checkers and bring a builder to the 9"),
    (4, 2): (("8/4 6/4",), "make the 4-point"),
    (4, 3): (("24/20 13/10", "13/10 13/9", "24/21 13/9"),
             "split to the 20-point and bring a builder down"),
    (5, 1): (("24/23 13/8", "13/8 6/5"),
             "split the back checkers and bring one down safely to the 8"),
    (5, 2): (("13/11 13/8", "24/22 13/8"), "bring two builders down from the midpoint"),
    (5, 3): (("8/3 6/3",), "make the 3-point"),
    (5, 4): (("24/20 13/8", "13/9 13/8"), "split to the 20-point and bring one down safely to the 8"),
    (6, 1): (("13/7 8/7",), "make the bar point (7), which blocks the back checkers' 6s"),
    (6, 2): (("24/18 13/11", "24/16"),
             "step up to the opponent's bar point and bring a builder down"),
    (6, 3): (("24/18 13/10", "24/15"),
             "step up to the opponent's bar point and bring a builder down"),
    (6, 4): (("8/2 6/2", "24/18 13/9", "24/14"), "make the 2-point: a home point made at once"),
    (6, 5): (("24/13",), "run a back checker all the way to safety (lover's leap)"),
}


def book_play(game: BackgammonGame) -> Play | None:
    """The book's play when the dice are an opening roll (not a double) and both sides
    still stand as set up (BG-02, BG-03), else None."""
    from ..game import START
    _check_game(game)
    if game.phase != "move" or game.dice is None:
        return None
    a, b = max(game.dice), min(game.dice)
    mine, theirs = game.position()
    if (a, b) not in OPENING_BOOK or mine != START or theirs != START:
        return None
    text = OPENING_BOOK[(a, b)][0][0]
    for p in game.legal_moves():
        if str(p) == text:
            return p
    return None


def choose_play(game: BackgammonGame, level: str = "normal", rng=None,
                candidates: int = LOOKAHEAD_CANDIDATES) -> Play:
    """The play a level would choose (dice must be rolled). ``rng``: a numpy Generator
    for the random level (None: a fresh one); ``candidates``: plays the lookahead keeps."""
    _check_game(game)
    level = check_level(level, LEVELS, "backgammon level")
    if rng is not None:
        _check_rng(rng, "rng")
    candidates = _check_count(candidates, "candidates", 1, 1000)
    plays = _plays(game)
    if not plays:
        raise BoardkitError("no play to choose: roll the dice first (or answer the cube)")
    if len(plays) == 1:
        return plays[0]
    if level in ("strong", "lookahead"):
        book = book_play(game)
        if book is not None:
            return book
    if level == "random":
        rng = rng if rng is not None else np.random.default_rng()
        return plays[int(rng.integers(len(plays)))]
    if level == "easy":
        scores = np.array([_tip_score(game, p) for p in plays])
        return plays[int(np.argmax(scores))]
    if level == "normal":
        return _best_play(plays)
    from ..pubeval import is_race
    scores = _hybrid(game, plays)
    if level == "strong" or is_race(*game.position()):
        # races: strong's 1-ply already reads the bear-off table
        return plays[int(np.argmax(scores))]
    # lookahead: prune with strong's 1-ply, then look at the opponent's 21 rolls
    ranked = np.argsort(-scores, kind="stable")[:candidates]
    top = [i for i in ranked if scores[i] >= scores[ranked[0]] - LOOKAHEAD_MARGIN]
    if len(top) == 1:
        return plays[int(top[0])]
    deep = _two_ply([plays[i] for i in top], "strong")
    # strong's score with the 2-ply chances in place of the 1-ply ones
    from ..pubeval import pubeval
    q = np.clip(deep, 1e-6, 1 - 1e-6)
    final = pubeval([plays[i].after for i in top], False) + HYBRID_WEIGHT * np.log(q / (1 - q))
    return plays[int(top[int(np.argmax(final))])]


# ----------------------------------------------------------------- the cube
DOUBLE_AT = 0.68       # double when the chance to win is at least this ...
TOO_GOOD = 0.93        # ... unless it is so high that playing on is better
TAKE_AT = 0.24         # take when the taker still wins at least this often


def cube_decision(game: BackgammonGame) -> CubeAction:
    """double/roll at the start of a turn, take/pass when doubled (BG-12)."""
    _check_game(game)
    _check_not_over(game)
    legal = [m for m in game.legal_moves() if isinstance(m, CubeAction)]
    names = {m.action for m in legal}
    if "take" in names:
        # the doubler (roller) is on roll; the taker wins 1 - p
        p_roller = win_probability(game)
        return CubeAction("take" if 1 - p_roller >= TAKE_AT else "pass")
    if "double" in names:
        p = win_probability(game)
        return CubeAction("double" if DOUBLE_AT <= p < TOO_GOOD else "roll")
    return CubeAction("roll")


# ----------------------------------------------------------------- bots
def _check_not_over(game: BackgammonGame) -> None:
    """A finished game has no move to choose: a BoardkitError, not a move."""
    if game.is_over():
        raise BoardkitError("the game is over: there is no move to choose")


def _act(game, rng, level: str):
    # the bots' arguments, checked once a move (a tournament's every turn comes here)
    _check_game(game)
    if rng is not None:
        _check_rng(rng, "rng")
    _check_not_over(game)
    if not game.chance_pending():
        moves = game.legal_moves()
        if moves and isinstance(moves[0], CubeAction):
            if level in ("normal", "strong", "lookahead"):
                return cube_decision(game)
            return CubeAction("take" if "take" in {m.action for m in moves} else "roll")
        if level == "normal" and len(moves) > 1:
            # choose_play's normal level on the moves at hand (bot matches: every turn)
            plays = [m for m in moves if isinstance(m, Play)]
            if len(plays) > 1:
                return _best_play(plays)
    return choose_play(game, level, rng)


def random_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """Any legal play at random; rolls without doubling and takes every double."""
    return _act(game, rng, "random")


def easy_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """Rules of thumb only (0-ply), no doubling."""
    return _act(game, rng, "easy")


def normal_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """1-ply over all plays with the pip-based evaluator; doubles and takes."""
    return _act(game, rng, "normal")


def strong_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """1-ply with pubeval's score plus the evaluator's chances; doubles and takes."""
    return _act(game, rng, "strong")


def lookahead_bot(game: BackgammonGame, rng) -> Play | CubeAction:
    """strong + a 2-ply lookahead over the opponent's 21 rolls for its best few plays."""
    return _act(game, rng, "lookahead")


def _pubeval_bot(game, rng):
    from ..pubeval import pubeval_bot
    return pubeval_bot(game, rng)
