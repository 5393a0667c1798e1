"""Checks for the checkers exercise notebook (exercises/checkers.ipynb), on the one
exercise API of boardkit (``boardkit.exercises.Exercises``).

Each exercise has a position (``ex.show(name)`` draws it) and a check that prints
feedback and never raises, so the unsolved notebook runs from top to bottom. The
expected answers are computed by the engine from the position, not stored.

    from boardkit.checkers.exercises import ex
    ex.show("targets")
    ex.check_targets({15, 16})
    ex.summary()

(``from boardkit.checkers import exercises as ex`` works the same way: the module
exports ``show``, ``position``, every ``check_<name>`` and ``summary``.)

The feedback (hints and reasons) is the catalogue's ``ex.checkers.*`` words, in the
language of the check (``set_language("ja")`` before it gives Japanese). Each check's
docstring names the rule IDs it is about: the student's record (``boardkit.records``)
reads them there.
"""
from __future__ import annotations

from .._catalogue import Word, text
from .._core import BoardkitError
from .._input import short_repr
from ..exercises import AnswerError, Exercises, compare_sets, read_move, to_bool, to_number, to_set
from .game import CheckersGame
from .rules import CheckersRules

__all__ = ["EXERCISES", "CheckersExercises", "ex", "show", "position", "check_targets",
           "check_forced_capture", "check_notation", "check_move_count", "check_forty_move_draw",
           "check_majority", "check_shot", "summary"]

# name: (rules, FEN or None for the start, the question in a few words: a Word, whose
# str() is the English and which a board renders in its own language)
EXERCISES = {
    "targets": (CheckersRules.american(), None, Word("ex.checkers.targets.question")),
    "forced": (CheckersRules.american(), "B:W17,29:B13,6", Word("ex.checkers.forced.question")),
    "notation": (CheckersRules.american(), "B:W15,20,23:B10,18", Word("ex.checkers.notation.question")),
    "count": (CheckersRules.american(), "B:W17,18,25,26:B13,14,3", Word("ex.checkers.count.question")),
    "forty": (CheckersRules.american(), "B:WK28:B6,K2:H78", Word("ex.checkers.forty.question")),
    "majority": (CheckersRules.international(), "W:W25,40:B20,23,32,34",
                 Word("ex.checkers.majority.question")),
    "shot": (CheckersRules.american(), "B:W15,23,24:B6,12,16,21", Word("ex.checkers.shot.question")),
}
# the moves played before the "forty" question is asked
_FORTY_MOVES = ("6-10", "28-24")

def position(name: str) -> CheckersGame:
    """A fresh game in the exercise's position (BoardkitError for an unknown name)."""
    if not isinstance(name, str) or name not in EXERCISES:
        raise BoardkitError(f"checkers exercises: unknown exercise {short_repr(name)}; "
                            f"the exercises are {list(EXERCISES)}")
    rules, fen, _q = EXERCISES[name]
    return CheckersGame(rules, fen=fen)


def show(name: str, **draw_options):
    """The exercise's board (an SVG drawing that Jupyter displays)."""
    draw_options.setdefault("size", 300)
    return position(name).draw(**draw_options)


def _move_text(answer) -> str:
    return str(answer).strip().lower().replace(" ", "")[:100]


class CheckersExercises(Exercises):
    """The seven checkers exercises; each ``check_<name>`` prints its feedback."""

    topic = "checkers"

    def _t(self, key: str) -> str:
        """Feedback ``ex.checkers.<key>`` in the check's language: the exercises' own
        ``lang`` when they have one, else the language current when the check runs."""
        return text(f"ex.checkers.{key}", getattr(self, "lang", None))

    @staticmethod
    def position(name: str) -> CheckersGame:
        return position(name)

    @staticmethod
    def show(name: str, **draw_options):
        return show(name, **draw_options)

    def check_targets(self, answer) -> bool:
        """The squares the man on 11 can reach (a set of square numbers); CK-04."""
        want = {m.end for m in position("targets").legal_moves() if m.start == 11}
        return self.check("targets", answer, test=lambda a: compare_sets(
            to_set(a, int), want, what="square",
            extra_why=self._t("targets.extra")),
            hint=self._t("targets.hint"))

    def check_forced_capture(self, answer) -> bool:
        """The one move Black must play (text like '14x23'; '14-23' is the same move); CK-06."""
        g = position("forced")
        legal = [str(m) for m in g.legal_moves()]

        def test(a):
            try:
                return read_move(g, a) in legal
            except AnswerError as exc:
                if any(m.is_capture for m in g.legal_moves()) and \
                        getattr(exc.__cause__, "rule", None) == "CK-06":
                    return self._t("forced.step")
                raise
        return self.check("forced capture", answer, test=test, hint=self._t("forced.hint"))

    def check_notation(self, answer) -> bool:
        """The capture that takes two pieces, written with every landing square; CK-07, CK-15."""
        g = position("notation")
        moves = g.legal_moves()
        want = [str(m) for m in moves if len(m.captures) == 2]
        single = [str(m) for m in moves if len(m.captures) == 1]

        def test(a):
            t = _move_text(a).replace("-", "x")
            if t in want:
                return True
            if any(w.startswith(t + "x") for w in want):
                return self._t("notation.stops")
            if t in single:
                return self._t("notation.single")
            return self._t("notation.write")
        return self.check("notation", answer, test=test,
                          hint=self._t("notation.hint"))

    def check_move_count(self, answer) -> bool:
        """How many legal moves Black has in the "count" position (a number); CK-06, CK-07."""
        want = len(position("count").legal_moves())
        return self.check("move count", answer, test=lambda a: to_number(a) == want or
                          self._t("count.why"), hint=self._t("count.hint"))

    def check_forty_move_draw(self, answer) -> bool:
        """Yes or no (True or False): is the game drawn after the two moves? CK-12."""
        g = position("forty")
        for m in _FORTY_MOVES:
            g.play(m)
        end = g.outcome()
        want = end is not None and end.is_draw

        def test(a):
            return to_bool(a) == want or self._t("forty.why")
        return self.check("40-move rule", answer, test=test)

    def check_majority(self, answer) -> bool:
        """The one legal move in the international "majority" position; CK-06."""
        g = position("majority")
        legal = [str(m) for m in g.legal_moves()]

        def test(a):
            try:
                return read_move(g, a) in legal
            except AnswerError as exc:     # a capture taking fewer: the majority rule says why
                if getattr(exc.__cause__, "key", None) == "ck.err.majority":
                    return self._t("majority.why")
                raise
        return self.check("majority capture", answer, test=test, hint=self._t("majority.hint"))

    def check_shot(self, answer) -> bool:
        """A step after which the opponent's forced capture lets Black take two back."""
        g = position("shot")

        def test(a):
            steps = {str(m): m for m in g.legal_moves()}
            after = g.child(steps[read_move(g, a)])
            replies = after.legal_moves()
            if not replies or not all(r.is_capture for r in replies):
                return self._t("shot.not_forced")
            worst = min(max((len(m.captures) for m in after.child(r).legal_moves()), default=0)
                        - len(r.captures) for r in replies)
            return worst >= 1 or self._t("shot.no_gain")
        return self.check("shot", answer, test=test, hint=self._t("shot.hint"))


ex = CheckersExercises()
# the same checks at module level, for ``from boardkit.checkers import exercises as ex``
check_targets = ex.check_targets
check_forced_capture = ex.check_forced_capture
check_notation = ex.check_notation
check_move_count = ex.check_move_count
check_forty_move_draw = ex.check_forty_move_draw
check_majority = ex.check_majority
check_shot = ex.check_shot
summary = ex.summary
