"""Checkers board puzzles, in rule order: answered by clicking.

    from boardkit.checkers.puzzles import PUZZLES
    PUZZLES.widget()                          # all of them, one at a time, with a score
    PUZZLES.for_rule("CK-06").widget()        # the ones after the lesson on CK-06

Positions are PDN FEN tags (CK-15); ``variant`` names the rule-set preset (CK-14),
American when empty. Every answer is checked against the engine by
tests/test_puzzles_checkers.py (each accepted move is legal and does what the goal says,
and no other legal move does).

Each puzzle has an ``id``; its English texts are registered in the language catalogue
from the data below and its Japanese texts are in ``JA`` (``set_language("ja")`` before
making the widget shows them; see ``boardkit.puzzles``).
"""
from __future__ import annotations

from ..i18n import add
from ..puzzles import Puzzle, PuzzleSet, catalogue
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
add("en", PUZZLES.texts())

#: the Japanese texts (です・ます; the terms of the rules: 跳ぶ・取る, 強制取り, キング)
JA = {
    "ck04_safe_step": {
        "title": "安全な一歩",
        "goal": "白の番です。黒に取れる駒ができないように、駒を1つ前へ進めてください。",
        "hint": "すぐ後ろのマスが空いていなければ、その駒は跳び越されません。",
        "why": "17 の駒は後ろの 21 の駒に支えられているので、14 の黒の駒は跳び越せません (CK-05)。",
    },
    "ck05_no_recapture": {
        "title": "取り返されない取り方",
        "goal": "白の番です。18 の黒の駒を、取り返されないように取ってください。",
        "hint": "それぞれの取り方でどこに着くか、そして 11 の黒の駒をよく見てください。",
        "why": "14 に着けば、後ろを 17 の駒が支えます。22x15 と取ると、11 の黒の駒に 11x18x27 と"
               "取り返されます (CK-05)。",
    },
    "ck06_forced": {
        "title": "取れるときは必ず取る",
        "goal": "白の番です。27-23 と進めたいところですが、ルールがそれを許しません。ルールどおりの手を"
                "指してください。",
        "hint": "あなたの駒のとなりに、向こう側のマスが空いている黒の駒はありませんか？",
        "why": "取れる駒があるときは必ず取らなければなりません（強制取り）。ふつうに進む手は指せません "
               "(CK-06)。",
    },
    "ck06_majority": {
        "title": "いちばん多く取る",
        "goal": "国際ルールで、白の番です。ルールどおりの取り方をしてください。",
        "hint": "国際ルールでは、いちばん多く取れる跳び方を選ばなければなりません。",
        "why": "29x18x9 は 2つ取り、22x11 は 1つしか取れません。多く取れる方を選ぶのが決まりです "
               "(CK-06)。",
    },
    "ck07_double_jump": {
        "title": "続けて跳んで 2つ取る",
        "goal": "白の番です。1手で黒の駒を 2つ取ってください。",
        "hint": "1回跳んだあと、まだ跳べるなら、同じ駒で続けて跳ばなければなりません。",
        "why": "27x18 で着いたマスのとなりに 15 の駒があり、その向こうの 11 が空いているので、続けて"
               "跳びます: 27x18x11 (CK-07)。",
    },
    "ck08_crowning": {
        "title": "キングになる",
        "goal": "白の番です。駒を 1つキングにしてください。",
        "hint": "白の駒は、いちばん奥の段（1〜4 のマス）に着くとキングになります。",
        "why": "相手側のいちばん奥の段で動きを終えた駒は、キングになります (CK-08)。",
    },
    "ck09_king_back": {
        "title": "キングは後ろにも跳べる",
        "goal": "白の番です。キングで後ろ向き（自分の側）に跳んで、駒を取ってください。",
        "hint": "キングは斜めの 4つの向きのどれにでも動けて、どの向きにも跳び越して取れます。",
        "why": "キングは前にも後ろにも跳べます。15x24 で、後ろにある 19 の駒を取ります (CK-09)。",
    },
    "ck09_flying_king": {
        "title": "遠くまで動けるキング",
        "goal": "国際ルールで、白の番です。遠くまで動けるキング（フライングキング）で、1手で黒の駒を"
                "2つとも取ってください。",
        "hint": "国際ルールのキングは、斜めの線の上なら離れた駒も跳び越して取れて、その向こうの空いた"
                "マスならどこにでも着けます。",
        "why": "キングは 37 を越えて 19 へ、続けて 8 を越えて 2 へ跳びます。離れた駒を 2つ取りました "
               "(CK-09)。",
    },
    "ck10_block": {
        "title": "ふさいで勝つ",
        "goal": "白の番です。1手で勝ってください。",
        "hint": "自分の番に動かせる駒が 1つもない人は負けです。",
        "why": "29-25 のあと、21 の黒の駒は進めず（25 がふさがっています）、跳べもしません（30 が"
               "ふさがっています）。黒には指せる手がないので、白の勝ちです (CK-10)。",
    },
    "ck12_forty_moves": {
        "title": "40手の引き分け",
        "goal": "白の番です。キングだけが動いて駒を取らない手が、2 人合わせて 79手続いています。"
                "ゲームが続く手を指してください。",
        "hint": "駒を取るたび、またキングでない駒を進めるたびに、数え直しになります。",
        "why": "キングでない駒を進めると、数え直しになります。キングを動かすと、キングだけで駒を取らない"
               "手が続けて 80手目（1 人 40手ずつ）になって引き分けです (CK-12)。",
    },
}
_FORCED_JA = ("取れる駒があるときは必ず取らなければなりません（強制取り）。取れる駒があるあいだは、"
              "ふつうに進む手は指せません (CK-06)。")
_FAR_JA = ("22 の駒はいちばん奥の段から遠く離れています。キングになれるのは、1〜4 のマスで動きを"
           "終えた駒だけです (CK-08)。")
_DRAW_JA = ("キングだけで駒を取らない手をもう1手指すと、そのような手が続けて 80手（1 人 40手ずつ）に"
            "なり、すぐに引き分けです (CK-12)。")
#: the traps' reasons in Japanese: puzzle id -> {answer: reason}
JA_TRAPS = {
    "ck04_safe_step": {"21-17": "14 の黒の駒にすぐ跳び越されます: 14x21 (CK-05)。",
                       "22-18": "14 の黒の駒にすぐ跳び越されます: 14x23 (CK-05)。"},
    "ck05_no_recapture": {"22x15": "11 の黒の駒にすぐ取り返されます: 11x18x27 で、あなたの駒が2つ"
                                   "取られます (CK-05, CK-07)。"},
    "ck06_forced": dict.fromkeys(["27-23", "27-24", "22-17", "22-18"], _FORCED_JA),
    "ck06_majority": {"22x11": "国際ルールでは、いちばん多く取れる跳び方を選ばなければなりません。"
                               "この跳び方では1つしか取れません (CK-06)。"},
    "ck07_double_jump": {"21x14": "1つしか取れず、そのあと 23 の黒の駒に 23x32 と取られます。目標は"
                                  "1手で2つ取ることです (CK-07)。"},
    "ck08_crowning": dict.fromkeys(["22-17", "22-18"], _FAR_JA),
    "ck09_king_back": {"15x6": "その取り方は前向き（黒の側）です。目標は後ろ向きに跳んで取ることです "
                               "(CK-09)。"},
    "ck10_block": {"30-25": "21 の黒の駒に 21x30 と取られます (CK-05)。",
                   "30-26": "21 の黒の駒はまだ 21-25 と進めるので、ゲームは続きます (CK-10)。"},
    "ck12_forty_moves": dict.fromkeys(["5-1", "5-9"], _DRAW_JA),
}
for _pid, _traps in JA_TRAPS.items():
    JA[_pid].update((f"trap.{a}", r) for a, r in _traps.items())
add("ja", catalogue("checkers", JA))
