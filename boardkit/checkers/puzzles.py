"""Checkers board puzzles, in rule order: answered by clicking.

    from boardkit.checkers.puzzles import PUZZLES
    PUZZLES.widget()                          # all of them, one at a time, with a score
    PUZZLES.for_rule("CK-06").widget()        # the ones after the lesson on CK-06

Positions are PDN FEN tags (CK-15); ``variant`` names the rule-set preset (CK-14),
American when empty. Every answer is checked against the engine by
tests/test_puzzles_checkers.py (each accepted move is legal and does what the goal says,
and no other legal move does).

Each puzzle has an ``id``; its texts are the catalogue's ``puzzle.checkers.<id>.<field>``
keys (boardkit/locale: the English below, the Japanese in the ``ja`` file), so a board
made with ``lang="ja"`` shows them in Japanese (see ``boardkit.puzzles``).
"""
from __future__ import annotations

from ..puzzles import Puzzle, PuzzleSet
from .game import CheckersGame
from .rules import CheckersRules

__all__ = ["PUZZLES", "make_game", "widget_options"]

PRESETS = ("american", "no_forced", "international")


def make_game(puzzle: Puzzle) -> CheckersGame:
    preset = puzzle.variant or "american"
    if preset not in PRESETS:
        from .._core import BoardkitError
        raise BoardkitError(f"checkers puzzle variant must be one of {list(PRESETS)}, got {preset!r}")
    return CheckersGame(getattr(CheckersRules, preset)(), fen=puzzle.position)


def widget_options(puzzle: Puzzle) -> dict:
    return {"rules": puzzle.variant or "american"}


def _p(pid, position, goal, accepted, rule, title, *, variant="", hint="", why="", traps=()):
    return Puzzle("checkers", position, goal, tuple(accepted), rule, title=title, variant=variant,
                  hint=hint, why=why, id=pid, traps=traps)


#: the compulsory capture, said for each plain step the board refuses (CK-06)
_FORCED = "a capture is compulsory: while one of your men can capture, a plain step is not allowed (CK-06)."
_FAR = ("the man on 22 is far from the far row; a man is crowned only when it ends its move on "
        "squares 1-4 (CK-08).")
_DRAW = ("one more king move with no capture makes 80 such moves in a row, 40 each: the game is "
         "drawn at once (CK-12).")


PUZZLES = PuzzleSet("checkers", (
    _p("ck04_safe_step", "W:W21,22:B14",
       "White to move: step a man forward so that Black has nothing to capture.",
       ["22-17"], "CK-04", "A safe step",
       hint="A man is safe when the square behind it is not empty.",
       why="On 17 the man is backed by the man on 21, so Black's man on 14 cannot jump it (CK-05).",
       traps={"21-17": "Black's man on 14 jumps it at once: 14x21 (CK-05).",
              "22-18": "Black's man on 14 jumps it at once: 14x23 (CK-05)."}),
    _p("ck05_no_recapture", "W:W17,22,23:B8,11,18",
       "White to move: capture the man on 18 so that Black cannot take back.",
       ["23x14"], "CK-05", "Capture without a recapture",
       hint="Look at where each capture lands, and at Black's man on 11.",
       why="Landing on 14 the man is backed by 17; after 22x15 Black's man on 11 jumps back 11x18x27 "
           "(CK-05).",
       traps={"22x15": "Black's man on 11 jumps back at once: 11x18x27, and two of your men are "
                       "gone (CK-05, CK-07)."}),
    _p("ck06_forced", "W:W22,27:B9,18",
       "White to move: you would like to step 27-23, but the rules say otherwise. Play the move "
       "the rules require.",
       ["22x15"], "CK-06", "A capture is compulsory",
       hint="Is any Black piece standing next to one of your men with an empty square behind it?",
       why="When a capture is possible it must be made: a plain step is illegal (CK-06).",
       traps=dict.fromkeys(["27-23", "27-24", "22-17", "22-18"], _FORCED)),
    _p("ck06_majority", "W:W22,29:B13,17,23",
       "International rules, White to move: make the capture the rules require.",
       ["29x18x9"], "CK-06", "The majority capture", variant="international",
       hint="Under international rules the capture that takes the most pieces is compulsory.",
       why="29x18x9 takes two pieces, 22x11 only one; the larger capture is compulsory (CK-06).",
       traps={"22x11": "under international rules the capture that takes the most pieces must be "
                       "made, and this one takes only one (CK-06)."}),
    _p("ck07_double_jump", "W:W21,27:B15,17,23",
       "White to move: take two Black men in one move.",
       ["27x18x11"], "CK-07", "A double jump",
       hint="After a jump the same man must jump again if it can.",
       why="27x18 lands next to the man on 15 with 11 empty behind it, so the jump goes on: "
           "27x18x11 (CK-07).",
       traps={"21x14": "it takes only one man, and Black's man on 23 then jumps yours: 23x32; the "
                       "goal needs two men in one move (CK-07)."}),
    _p("ck08_crowning", "W:W7,22:B12",
       "White to move: crown a man.",
       ["7-2", "7-3"], "CK-08", "Crowning",
       hint="White's men are crowned on the far row, squares 1-4.",
       why="A man that ends its move on the far row becomes a king (CK-08).",
       traps=dict.fromkeys(["22-17", "22-18"], _FAR)),
    _p("ck09_king_back", "W:WK15,22:B10,19",
       "White to move: capture with the king backwards, towards your own side.",
       ["15x24"], "CK-09", "A king jumps backwards",
       hint="A king moves and jumps in all four diagonal directions.",
       why="A king jumps forwards or backwards; 15x24 takes the man on 19 behind it (CK-09).",
       traps={"15x6": "that capture goes forwards, towards Black's side; the goal asks for a "
                      "capture backwards (CK-09)."}),
    _p("ck09_flying_king", "W:WK46,49:B8,37",
       "International rules, White to move: take both Black men in one move with your flying king.",
       ["46x19x2"], "CK-09", "The flying king", variant="international",
       hint="A flying king captures a piece at any distance along a diagonal and lands anywhere beyond it.",
       why="The king flies over 37 to 19, then over 8 to 2: two pieces, at a distance (CK-09)."),
    _p("ck10_block", "W:W29,30:B21",
       "White to move: win the game in one move.",
       ["29-25"], "CK-10", "Win by blocking",
       hint="A player who cannot move on their turn loses.",
       why="After 29-25 Black's man on 21 cannot step (25 is taken) nor jump (30 is taken): no legal "
           "move, so White wins (CK-10).",
       traps={"30-25": "Black's man on 21 then jumps it: 21x30 (CK-05).",
              "30-26": "Black's man on 21 can still step: 21-25, and the game goes on (CK-10)."}),
    _p("ck12_forty_moves", "W:WK5,22:BK32:H79",
       "White to move. For the last 79 plies (one ply is one player's move), only kings have moved "
       "and nothing was captured: make a move that keeps the game going.",
       ["22-17", "22-18"], "CK-12", "The 40-move draw",
       hint="The count starts again at every capture and every man move.",
       why="A man move starts the count again; any king move would have been the 80th such ply "
           "in a row (40 moves each): a draw (CK-12).",
       traps=dict.fromkeys(["5-1", "5-9"], _DRAW)),
))
