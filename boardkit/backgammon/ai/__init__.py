"""Backgammon computer players, from random to a 2-ply lookahead, and the hint.

A bot is ``bot(game, rng) -> move``: a play, or a ``CubeAction`` when the game asks
for a cube decision (BG-12). ``bot(level)`` gives the player of a level of ``LEVELS``
(English name or the Japanese label the widget shows), weakest first:

random   any legal play; never doubles, always takes.
easy     0-ply rules of thumb (the six strategy tips): make points, keep blots few,
         hit far-advanced checkers, run the back checkers. No cube skill.
normal   1-ply: every play's resulting position is scored by ``evaluate`` (below);
         doubles / takes from that winning-chance estimate.
strong   1-ply with a better evaluator: in contact positions Tesauro's pubeval score
         plus ``evaluate``'s winning chances (as a logit, weight HYBRID_WEIGHT); in
         races ``evaluate`` alone (bear-off table). Measured: it beats normal and
         pubeval (benchmarks/backgammon_vs_pubeval.py). Cube as normal.
lookahead  strong with a 2-ply lookahead: strong's 1-ply keeps its best few plays;
         for each, every one of the opponent's 21 rolls is answered with the reply
         strong would play, and our chances after it (``evaluate``) are averaged;
         strong's score is then recomputed with these 2-ply chances. Races: strong.
         Measured (no cube, seats swapped): 55.6% [50.9, 60.1] of 450 games against
         strong (seeds 1-3) and 61.0% [56.1, 65.7] of 400 against pubeval (seeds
         1-2); at most a few tenths of a second per move.
pubeval  Tesauro's public evaluation function (``pubeval.py``), the classic benchmark
         (``bot("pubeval")``; a reference for benchmarks, not a widget level).

strong and lookahead open from a small book (``OPENING_BOOK``): the evaluators alone
play some first rolls the way no strong player does (1-ply ``normal`` plays 5-1 as 8/2
and 6-3 as 13/4; even ``lookahead`` plays 2-1 as 24/21 and 5-4 as 24/15), so the
15 non-double opening rolls are read from the table of plays that computer rollouts
found best (sources at ``OPENING_BOOK``). The strength figures above were measured
before the book; it changes only the first play of a game.

The hint (``hint(game)``) plays ``HINT_LEVEL`` and ``explain(game, move)`` says why in
plain words.

``evaluate(mine, theirs)`` is a hand-tuned evaluator that works in *pips*: every
feature (blots and the rolls that hit them, points made, primes, anchors, checkers
on the bar, trapped back checkers) is turned into an equivalent number of pips and
added to each side's pip count; the adjusted race is then turned into the chance of
winning. With no contact left it uses the bear-off database (``bearoff.py``) when
both sides are home. It is vectorised with numpy over all the candidate plays.

Speed: the numpy evaluator (``_evaluate``: both sides in one batch of about a
hundred numpy calls, whole-number features as matrix products and bit masks) serves
``evaluate``, the hint and the strong levels. The normal level scores a turn's plays on
Python ints and floats instead (``_best_play``, ``_one_ply_lists``): made points, blots
and stacks as ``bytes.translate`` patterns keying dicts of their terms, the shots of all
21 rolls side by side in one Python int per (hitters, made points they pass), the
opponent's terms once per turn, one np.exp per turn. Both give the same values bit for
bit (tests/test_backgammon_ai_fast.py: every turn of seeded games and set-up positions,
and a digest of seeded games pinned to an earlier engine); bear-off race chances come
from cached table rows. The figures are in docs/benchmarks.md.

The parts are named alike in every game (``_protocols.AiModule``; docs/architecture.md):
``evaluate`` (terms and weights: a weight is changed there), ``search``, ``tips`` and
``_fast``; every name of them can still be read here (``boardkit.backgammon.ai.NAME``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..._catalogue import Word
from ..._core import BoardkitError, check_level
from ..._protocols import parts_getattr
from ..game import BackgammonGame, CubeAction, Play
from . import _fast, search, tips  # noqa: F401  (the parts, loaded in order)
from .evaluate import _check_game, evaluate, evaluate_many, features, win_probability  # noqa: F401
from .search import (  # noqa: F401
    DOUBLE_AT,
    HINT_LEVEL,
    LEVELS,
    OPENING_BOOK,
    TAKE_AT,
    TOO_GOOD,
    _pubeval_bot,
    book_play,
    choose_play,
    cube_decision,
    easy_bot,
    lookahead_bot,
    normal_bot,
    random_bot,
    strong_bot,
)
from .tips import TIPS, TipBot, lab_spec, lab_tips, tip_bots, tip_lab  # noqa: F401

__all__ = ["LEVELS", "HINT_LEVEL", "bot", "hint", "explain", "OPENING_BOOK", "book_play", "TIPS",
           "TipBot", "tip_bots", "lab_tips", "tip_lab", "evaluate", "evaluate_many",
           "win_probability", "features", "choose_play", "random_bot", "easy_bot", "normal_bot",
           "strong_bot", "lookahead_bot", "cube_decision", "lab_spec"]


_BOTS = {"random": random_bot, "easy": easy_bot, "normal": normal_bot, "strong": strong_bot,
         "lookahead": lookahead_bot}


def bot(level: str) -> Callable[[BackgammonGame, Any], Play | CubeAction]:
    """The computer player of a level: ``bot("strong")(game, rng) -> move``. ``level`` is
    an English name or Japanese label of ``LEVELS``, or "pubeval" (Tesauro's benchmark
    player, for measurements). BoardkitError for anything else."""
    if isinstance(level, str) and level == "pubeval":
        return _pubeval_bot
    return _BOTS[check_level(level, LEVELS, "backgammon level")]


# ----------------------------------------------------------------- hint
def _describe(play: Play, f: dict, i: int, base: dict) -> Word:
    """The play's reason as words: its parts (pips, hits, shots, points, primes, home
    points) joined ("; " in English, 「。」 in Japanese)."""
    parts: list[Word] = []
    pm, pt = int(f["pips_me"][i]), int(f["pips_them"][i])
    lead = pt - pm
    standing = (Word("bg.why.lead", n=lead) if lead > 0 else Word("bg.why.trail", n=-lead) if lead < 0
                else Word("bg.why.even"))
    parts.append(Word("bg.why.pips", me=pm, them=pt, standing=standing))
    if play.hits:
        parts.append(Word("bg.why.hits.one" if play.hits == 1 else "bg.why.hits.many", n=play.hits))
    if f["contact"][i]:
        sh = int(round(f["shots"][i]))
        parts.append(Word("bg.why.no_shot") if sh == 0 else Word("bg.why.shots", n=sh))
        made = [p for p in range(1, 25) if play.after[0][p] >= 2]
        new = [p for p in made if base["mine"][p] < 2]
        if new:
            parts.append(Word("bg.why.makes", points=[Word("bg.why.point", p=p) for p in new]))
        if f["prime_length"][i] >= 3:
            parts.append(Word("bg.why.prime", n=int(f["prime_length"][i])))
        if f["home_closed"][i]:
            n = int(f["home_closed"][i])
            parts.append(Word("bg.why.closed.one" if n == 1 else "bg.why.closed.many", n=n))
    else:
        parts.append(Word("bg.why.race"))
    out = parts[0]
    for w in parts[1:]:
        out = Word("bg.why.and", a=out, b=w)
    return out


def hint(game: BackgammonGame, level: str | None = None) -> Play | CubeAction:
    """The move ``level`` (default ``HINT_LEVEL``) would make now: a play once the dice
    are rolled, else a cube action (roll/double, take/pass, BG-12). ``explain`` says why."""
    _check_game(game)
    name = HINT_LEVEL if level is None else check_level(level, LEVELS, "backgammon level")
    if game.is_over():
        raise BoardkitError("the game is over: there is nothing to hint")
    if game.chance_pending():
        raise BoardkitError("roll the dice first: a hint needs the roll (BG-03)")
    moves = game.legal_moves()
    if isinstance(moves[0], CubeAction):
        return cube_decision(game)
    return choose_play(game, name)


def explain(game: BackgammonGame, move) -> Word:
    """Why ``move`` is good, in plain words: the book's reason for an opening roll; for
    a play its pips, blots and the rolls that hit them, points and primes, and the
    estimated winning chance; for a cube action the winning chance it rests on.

    The answer is a ``Word`` (a key and its facts, keys ``bg.why.*``): ``str()`` is the
    English sentence, a board renders it in its own language (``GameWidget.say``)."""
    _check_game(game)
    if isinstance(move, CubeAction):
        p = win_probability(game)
        if move.action in ("take", "pass"):
            return Word("bg.why.take", p=f"{1 - p:.0%}", at=f"{TAKE_AT:.0%}")
        return Word("bg.why.double", p=f"{p:.0%}", low=f"{DOUBLE_AT:.0%}", high=f"{TOO_GOOD:.0%}")
    if not isinstance(move, Play):
        raise BoardkitError(f"explain() takes a Play or a CubeAction, got {type(move).__name__}")
    book = book_play(game)
    dice = game.dice
    if book is not None and move == book and dice is not None:   # (a book play has dice)
        a, b = max(dice), min(dice)
        plays, _ = OPENING_BOOK[(a, b)]
        also = Word("bg.why.book_also", plays=list(plays[1:])) if len(plays) > 1 else ""
        return Word("bg.why.book", a=a, b=b, why=Word(f"bg.book.{a}{b}"), also=also)
    mine, _ = game.position()
    f = features([move.after])
    reason = _describe(move, f, 0, {"mine": mine})
    return Word("bg.why.play", reason=reason, p=f"{evaluate(*move.after):.0%}")


_PARTS = ('evaluate', '_fast', 'tips', 'search')


__getattr__ = parts_getattr(__name__, _PARTS)     # any name of the parts (older callers)
