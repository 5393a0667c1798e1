"""Checks for the Diamond Game exercises (exercises/diamond.ipynb), on the one
exercise API of boardkit (``boardkit.exercises.Exercises``).

Each exercise has a position (a function returning a fresh game) and a check that
prints feedback and never raises, so the unsolved notebook runs from top to bottom.
The expected answers are computed by the engine, not written down here. The feedback
is the catalogue's ``ex.diamond.*`` words, read in the current language when a check runs.

    from boardkit.diamond.exercises import ex
    ex.reach_position()              # the board of exercise 1
    ex.check_reach({"g5", "i5"})     # ❌ / ✅ with a hint
    ex.summary()

Every exercise can be answered by clicking too (``boardkit.widgets.pick.PickBoard``):
``PickBoard(ex, "reach")`` draws ``ex.position("reach")`` with its hole labels, and the
clicked holes reach the same check as the labels a student types (``pick_cell`` and
``pick_move`` write them through ``notation``; ``pick_choices`` offers exercise 2's rule
IDs as buttons).

(``from boardkit.diamond import exercises as ex`` works the same way: the module has
the positions, every ``check_<name>`` and ``summary``.)
"""
from __future__ import annotations

import re
from typing import Any

from .._catalogue import Word
from .._catalogue import text as _text
from .._core import BoardkitError, FormatError, IllegalMoveError
from .._input import check_instance, short_repr
from ..exercises import AnswerError, Exercises, compare_sets, items, to_number, to_set
from . import geometry as B
from . import notation
from .game import DiamondGame
from .rules import DiamondRules

__all__ = ["ex", "DiamondExercises", "EXERCISES", "position", "summary", "reach_position",
           "REACH_PIECE", "check_reach", "ILLEGAL_CANDIDATES", "ILLEGAL_RULES", "illegal_position",
           "check_illegal", "chain_position", "CHAIN_PIECE", "check_chain", "longest_chain",
           "forbidden_position", "check_forbidden_count", "king_position", "KING_PIECE",
           "check_king_landing"]


def _w(key: str, lang: str | None = None, **facts: Any) -> str:
    """A line of feedback (``ex.diamond.*`` in the catalogue) in ``lang``: the checks'
    language (None: the current language)."""
    return _text(f"ex.diamond.{key}", lang, **facts)


def _said(err: BaseException, lang: str | None = None) -> str:
    """An engine error's sentence in ``lang`` (its key and facts, and the rule ID when the
    sentence does not name it); an error without a key: its text."""
    key = getattr(err, "key", None)
    if not key:
        return str(err)
    line = _text(key, lang, **getattr(err, "facts", {}))
    rule = getattr(err, "rule", None)
    return _text("error.with_rule", lang, line=line, rule=rule) if rule and rule not in line else line


def _labels(answer: Any) -> set[str]:
    """A set of hole labels from labels or (q, r) holes, in any iterable, or text such
    as "e5 f6 g4" or "e5, f6"."""
    return to_set(answer, lambda h: B.label(B.hole(h)) if isinstance(h, str) else B.label(h))


# ----------------------------------------------------------- 1. reachable holes
REACH_PIECE = "g5"


def reach_position() -> DiamondGame:
    """Red's piece on g5 among red and yellow pieces (two players, no king)."""
    return DiamondGame.from_pieces({"g5": 0, "h5": 1, "h4": 0, "g6": 1, "j5": 0, "k4": 1,
                                    "f5": 0, "i6": 1, "i3": 1},
                                   DiamondRules(players=2, kings=False))


def _reach(self, answer) -> bool:
    """Exercise 1: every hole the red piece on g5 can reach this turn (DG-08..DG-10)."""
    want = {B.label(h) for h in reach_position().reachable_from(REACH_PIECE)}
    lang = self.lang
    return self.check("1. reachable holes", answer,
                      test=lambda a: compare_sets(_labels(a), want, what=Word("ex.diamond.reach.what"),
                                                  extra_why=_w("reach.extra", lang), lang=lang),
                      hint=_w("reach.hint", lang))


# ----------------------------------------------------------- 2. the illegal jump
#: four red moves; exactly one of them is illegal
ILLEGAL_CANDIDATES = ("g5:g7", "i3:i5", "k3:k5:m7", "g9-h8")
#: the rules a move can break, offered as the answer's second half (each with its title)
ILLEGAL_RULES = ("DG-08", "DG-09", "DG-10", "DG-11", "DG-12", "DG-13")


def illegal_position() -> DiamondGame:
    """Red to move, with the yellow king on i4 among the pieces."""
    return DiamondGame.from_pieces({"g5": 0, "g6": 1, "i3": 0, "i4": (1, True), "k3": 0, "k4": 1,
                                    "l6": 1, "g9": 0}, DiamondRules(players=2))


def _illegal_one() -> tuple[str, str | None]:
    g = illegal_position()
    found = []
    for text in ILLEGAL_CANDIDATES:
        try:
            g.copy().play(text)
        except IllegalMoveError as e:
            found.append((text, e.rule))
    if len(found) != 1 or found[0][1] not in ILLEGAL_RULES:   # guards the exercise itself
        raise BoardkitError(f"exercise 2 needs exactly one illegal candidate, breaking one of "
                            f"{ILLEGAL_RULES}, found {found}")
    return found[0]


def _candidate(text: str) -> str | None:
    """The candidate move ``text`` names, in any notation of the same holes in the same
    order (``i3:i5``, ``I3 x i5``, ``i3-i5``), or None."""
    try:
        path = notation.parse_move(text)
    except BoardkitError:
        return None
    for c in ILLEGAL_CANDIDATES:
        if notation.parse_move(c) == path:
            return c
    return None


def _rule_id(text: str) -> str:
    """A typed rule ID in its standard form: ``dg12``, ``DG 12``, ``DG-12`` -> ``DG-12``."""
    m = re.fullmatch(r"(?i)dg\s*[-‐–]?\s*(\d{1,2})", text.strip())
    return f"DG-{int(m.group(1)):02d}" if m else text.strip().upper()[:20]


def _illegal(self, answer) -> bool:
    """Exercise 2: the move and the rule it breaks, e.g. ``"f6:h6, DG-09"`` or
    ``("f6:h6", "DG-09")``."""
    move, rule = _illegal_one()
    lang = self.lang

    def test(a):
        if isinstance(a, str):          # "i3:i5, DG-12", "i3:i5 DG-12", "I3 x i5, dg12"
            said = re.fullmatch(r"(?is)\s*[(\[]?(.+?)[\s,;、，]+[\"']?(dg\s*[-‐–]?\s*\d{1,2})[\"']?[)\]]?\s*",
                                a[:200])
            a = [said.group(1).strip("\"' "), said.group(2)] if said else items(a)
        if not (isinstance(a, (tuple, list)) and len(a) == 2 and all(isinstance(x, str) for x in a)):
            return _w("illegal.format", lang)
        m, r = _candidate(a[0]), _rule_id(a[1])
        if m is None:
            return _w("illegal.not_candidate", lang, answer=" ".join(a[0].split())[:40],
                      candidates=", ".join(ILLEGAL_CANDIDATES))
        if m != move:
            return _w("illegal.legal", lang, move=m)
        if r != rule:
            return _w("illegal.rule", lang, rule=r)
        return True
    return self.check("2. the illegal jump", answer, test=test,
                      hint=_w("illegal.hint", lang))


# ----------------------------------------------------------- 3. the longest chain
CHAIN_PIECE = "e7"


def chain_position() -> DiamondGame:
    """A red piece on e7 with pieces to hop over scattered ahead (no kings)."""
    return DiamondGame.from_pieces({"e7": 0, "f7": 1, "h6": 0, "j6": 1, "i4": 1, "j3": 0, "l4": 1},
                                   DiamondRules(players=2, kings=False))


def longest_chain(game: DiamondGame, start) -> int:
    """The most hops one chain from ``start`` can make this turn (a depth-first search
    over every legal path, DG-10). ``game`` is a DiamondGame, ``start`` a hole."""
    check_instance(game, DiamondGame, "game")
    best = 0
    for dest in game.reachable_from(start):
        for m in game.paths(start, dest, limit=10_000):   # bounded work (PATHS_BUDGET)
            if m.kind != "step":
                best = max(best, len(m.path) - 1)
    return best


def _chain(self, answer) -> bool:
    """Exercise 3: the longest hop chain of the piece on e7, as text ("e7:g7:...")
    or a list of holes."""
    g = chain_position()
    most = longest_chain(g, CHAIN_PIECE)
    lang = self.lang

    def test(a):
        if not isinstance(a, (str, list, tuple)):
            # what play() says of a value that is no path (in the board's language)
            return _w("chain.illegal", lang,
                      why=_said(FormatError("dg.err.path_type", kind=type(a).__name__), lang))
        try:
            m = g.copy().play(a if isinstance(a, str) else list(a))
        except (IllegalMoveError, BoardkitError) as e:
            return _w("chain.illegal", lang, why=_said(e, lang))
        if m.path[0] != B.hole(CHAIN_PIECE):
            return _w("chain.start", lang, hole=CHAIN_PIECE)
        n = len(m.path) - 1 if m.kind != "step" else 0
        if n < most:
            return _w("chain.shorter", lang, n=n)
        return True
    return self.check("3. the longest chain", answer, test=test,
                      hint=_w("chain.hint", lang))


# ----------------------------------------------------------- 4. forbidden holes
def forbidden_position() -> DiamondGame:
    """A two-player game at its start: red and yellow in their camps (DG-13)."""
    return DiamondGame(DiamondRules(players=2))


def _forbidden_count(self, answer) -> bool:
    """Exercise 4: how many holes are forbidden to red in a two-player game (DG-13)? A
    number, or the forbidden holes themselves (clicked or typed: every one, no other)."""
    holes = {B.label(h) for h in forbidden_position().forbidden(0)}
    lang = self.lang

    def test(a):
        try:
            return to_number(a) == len(holes)
        except AnswerError as not_a_number:
            listed = items(a)
            if len(listed) == 1 and not _is_label(listed[0]):
                raise not_a_number from None     # "forty": the question asks for a number
        return compare_sets(_labels(a), holes, what=Word("ex.diamond.forbidden.what"),
                            extra_why=_w("forbidden.extra", lang), lang=lang)
    return self.check("4. forbidden holes", answer, test=test,
                      hint=_w("forbidden.hint", lang))


def _is_label(x: Any) -> bool:
    try:
        B.parse_hole(x)
    except BoardkitError:
        return False
    return True


# ----------------------------------------------------------- 5. the king's landing
KING_PIECE = "g3"


def king_position() -> DiamondGame:
    """The red king on g3 beside a row of pieces (DG-11)."""
    return DiamondGame.from_pieces({"g3": (0, True), "g4": 1, "g5": 0, "g6": 1, "g8": 0, "h2": 1},
                                   DiamondRules(players=2))


def _king_landing(self, answer) -> bool:
    """Exercise 5: the holes the king on g3 reaches with jumps (not steps)."""
    g = king_position()
    want = {B.label(m.path[-1]) for m in g.legal_moves()
            if m.path and m.path[0] == B.hole(KING_PIECE) and m.kind != "step"}
    lang = self.lang
    return self.check("5. the king's landings", answer,
                      test=lambda a: compare_sets(_labels(a), want, what=Word("ex.diamond.king.what"),
                                                  extra_why=_w("king.extra", lang), lang=lang),
                      hint=_w("king.hint", lang))


# ----------------------------------------------------------- the boards to click
#: name: (the position, how its board is drawn besides the hole labels, the question:
#: a Word, whose str() is the English and which a board renders in its own language)
EXERCISES: dict[str, tuple[Any, dict, Word]] = {
    "reach": (reach_position, {"selected": REACH_PIECE}, Word("ex.diamond.reach.question")),
    "illegal": (illegal_position, {}, Word("ex.diamond.illegal.question",
                                           moves=", ".join(ILLEGAL_CANDIDATES))),
    "chain": (chain_position, {"selected": CHAIN_PIECE}, Word("ex.diamond.chain.question")),
    "forbidden_count": (forbidden_position, {}, Word("ex.diamond.forbidden.question")),
    "king_landing": (king_position, {"selected": KING_PIECE}, Word("ex.diamond.king.question")),
}


def _entry(name: Any) -> tuple[Any, dict, Word]:
    if not isinstance(name, str) or name not in EXERCISES:
        raise BoardkitError(f"Diamond exercises: name must be one of {list(EXERCISES)}, "
                            f"got {short_repr(name)}")
    return EXERCISES[name]


def position(name: str) -> DiamondGame:
    """A fresh game in exercise ``name``'s position (``"reach"``, ``"illegal"``, ...)."""
    return _entry(name)[0]()


class DiamondExercises(Exercises):
    """The five Diamond Game exercises; their positions are attributes too."""

    topic = "Diamond Game exercises"
    #: a click board's drawing size: each hole big enough to click on a projector, the
    #: labels legible at a notebook's width (the live board grows to the page's width)
    pick_size = 600
    #: the words of a click board name holes, not squares (``pick.holes.*``)
    pick_words = "holes"
    check_reach = _reach
    check_illegal = _illegal
    check_chain = _chain
    check_forbidden_count = _forbidden_count
    check_king_landing = _king_landing
    reach_position = staticmethod(reach_position)
    illegal_position = staticmethod(illegal_position)
    chain_position = staticmethod(chain_position)
    king_position = staticmethod(king_position)
    forbidden_position = staticmethod(forbidden_position)
    position = staticmethod(position)
    REACH_PIECE, CHAIN_PIECE, KING_PIECE = REACH_PIECE, CHAIN_PIECE, KING_PIECE
    ILLEGAL_CANDIDATES, ILLEGAL_RULES = ILLEGAL_CANDIDATES, ILLEGAL_RULES

    # how a click board (boardkit.widgets.pick) writes the clicked holes: as labels
    @staticmethod
    def pick_cell(cell: Any) -> str:
        """The label of a clicked hole: ``"3,-1"`` (its click id) -> ``"e5"``."""
        return notation.cell_label(cell)

    @staticmethod
    def pick_move(cells: Any) -> str:
        """Holes clicked in order as a move: ``e7:g7:i5``, or ``g9-h8`` for a step."""
        return notation.path_text(list(cells) if isinstance(cells, tuple) else cells)

    @staticmethod
    def pick_names() -> dict[str, str]:
        """What a screen reader says for each focused hole (its label)."""
        return notation.cell_names()

    @staticmethod
    def pick_options(name: str) -> dict:
        """How exercise ``name``'s board is drawn to be clicked: with its hole labels."""
        return {"labels": True, **_entry(name)[1]}

    def pick_choices(self, name: str, lang: str | None = None) -> tuple[str, list[tuple[str, str]]] | None:
        """The buttons that finish exercise ``name``'s clicked answer: (what they ask, [(label,
        value), ...]) in ``lang``: exercise 2's rule IDs with their titles; None for the others."""
        _entry(name)
        if name != "illegal":
            return None
        return (_w("illegal.choose", lang),
                [(f"{r} {_text(f'rule.{r}.title', lang)}", r) for r in ILLEGAL_RULES])


ex = DiamondExercises()
# the same checks at module level (``from boardkit.diamond import exercises as ex``)
check_reach = ex.check_reach
check_illegal = ex.check_illegal
check_chain = ex.check_chain
check_forbidden_count = ex.check_forbidden_count
check_king_landing = ex.check_king_landing
summary = ex.summary
