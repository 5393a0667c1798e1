"""The strategy lessons' answers, graded by a search of their own.

Every decision position of notebook 14 (checkers) is searched by a plain material-only
negamax over the engine's ``legal_moves()``/``child()`` (independent of
``boardkit.checkers.ai``), and each quiz option's "why" text is checked against the value
it gets: a move said to lose a man loses one against best play, a move said to be safe
loses nothing, the answer is the best of the options offered. The Diamond positions of
notebook 27 are graded by exact counting with the geometry: the holes a move gains now
and the most the next move can gain, the numbers the quiz texts quote.

Each position's FEN (or piece list) and every option are also looked up in the lesson's
source, so the lesson and this test cannot drift apart unnoticed.
"""
from __future__ import annotations

import functools
import pathlib
import re

import pytest

from boardkit.checkers import CheckersGame
from boardkit.checkers import ai as ck_ai
from boardkit.diamond import DiamondGame, DiamondRules
from boardkit.diamond import geometry as B

NB = pathlib.Path(__file__).resolve().parents[1] / "notebooks"
LESSON14 = (NB / "14_checkers_strategy.md").read_text(encoding="utf-8")
LESSON27 = (NB / "27_diamond_strategy.md").read_text(encoding="utf-8")

MAN, KING, WIN = 100, 150, 10_000
LOST = MAN - (KING - MAN)     # a man lost, even if a king is made in return later


def material(g: CheckersGame) -> int:
    """Men and kings, for the player to move (a king a little over a man)."""
    c = g.counts()
    v = MAN * (c["black_men"] - c["white_men"]) + KING * (c["black_kings"] - c["white_kings"])
    return v if g.turn == 0 else -v


def negamax(g: CheckersGame, depth: int, alpha: int = -10**9, beta: int = 10**9) -> int:
    """Value for the player to move after ``depth`` plies; a won game is worth WIN + plies left."""
    if g.is_over():
        winner = g.outcome().winner
        if winner is None:
            return 0
        return WIN + depth if winner == g.turn else -(WIN + depth)
    if depth == 0:
        return material(g)
    best = -10**9
    for m in g.legal_moves():
        best = max(best, -negamax(g.child(m), depth - 1, -beta, -alpha))
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


@functools.cache
def grade(fen: str, depth: int = 11) -> dict[str, int]:
    """Every legal move of the position with its value for the mover after ``depth`` plies."""
    g = CheckersGame(fen=fen)
    return {str(m): -negamax(g.child(m), depth - 1) for m in g.legal_moves()}


def start(fen: str) -> int:
    return material(CheckersGame(fen=fen))


def _move(fen: str, text: str):
    g = CheckersGame(fen=fen)
    return next(m for m in g.legal_moves() if str(m) == text)


def value_within(fen: str, move: str, plies: int) -> int:
    g = CheckersGame(fen=fen)
    return -negamax(g.child(_move(fen, move)), plies - 1)


def replies(fen: str, move: str) -> list[str]:
    g = CheckersGame(fen=fen)
    return [str(m) for m in g.child(_move(fen, move)).legal_moves()]


def in_lesson(fen: str, options: list[str], answer: str) -> None:
    """The position, its options and its answer are the lesson's own."""
    assert f'fen="{fen}"' in LESSON14, fen
    i = LESSON14.index(f'fen="{fen}"')
    quiz = LESSON14[LESSON14.index("quiz.choice(", i):]
    quiz = quiz[:quiz.index("```")]
    for o in options:
        assert f'"{o}"' in quiz, (fen, o)
    assert f'answer="{answer}"' in quiz, (fen, answer)


# ------------------------------------------------------------------ checkers, notebook 14
def test_position_1_the_shot():
    fen = "B:W22,24,27:B6,10,14"
    in_lesson(fen, ["6-9", "10-15", "14-17", "14-18"], "14-18")
    v, s = grade(fen), start(fen)
    assert max(v, key=v.get) == "14-18" and v["14-18"] >= s + MAN          # wins material
    assert replies(fen, "14-18") == ["22x15"]                                # the capture is forced
    assert v["14-17"] <= s - LOST and "22x13" in replies(fen, "14-17")      # "loses a man"
    assert s <= v["6-9"] < v["14-18"] and s <= v["10-15"] < v["14-18"]       # safe, win nothing more


def test_position_2_only_one_move_loses_nothing():
    fen = "B:W17,27:B10,19"
    in_lesson(fen, ["10-14", "10-15", "19-23", "19-24"], "10-15")
    v, s = grade(fen), start(fen)
    assert v["10-15"] >= s
    assert all(v[m] <= s - MAN for m in ("10-14", "19-23", "19-24"))
    assert v["10-14"] <= s - 2 * MAN and v["19-23"] <= s - 2 * MAN          # "the other man too"
    assert "17x10" in replies(fen, "10-14") and "27x18" in replies(fen, "19-23")
    assert "27x20" in replies(fen, "19-24")


def test_position_3_groups():
    fen = "B:W23,26,27:B10,14,15"
    in_lesson(fen, ["14-18", "15-19", "15-18"], "15-18")
    v, s = grade(fen), start(fen)
    options = {m: v[m] for m in ("14-18", "15-19", "15-18")}
    assert max(options, key=options.get) == "15-18" and v["15-18"] >= s
    assert v["14-18"] <= s - 2 * LOST and "23x14x7" in replies(fen, "14-18")  # "takes two"
    assert v["15-19"] <= s - MAN and "23x16" in replies(fen, "15-19")
    assert v["14-17"] >= s                                                   # "also safe"


def test_position_4_groups():
    fen = "B:W22,23,26:B9,10,14"
    in_lesson(fen, ["14-17", "14-18", "9-13"], "9-13")
    v, s = grade(fen), start(fen)
    assert v["9-13"] >= s
    assert v["14-17"] <= s - 2 * MAN and "22x13x6" in replies(fen, "14-17")
    assert v["14-18"] <= s - 2 * MAN and "22x15x6" in replies(fen, "14-18")
    assert v["10-15"] >= s + MAN and v["10-15"] == max(v.values())          # "wins a man later"


def test_position_5_the_back_row_stops_a_crowning():
    fen = "B:W8,12,14,21:B3,4,11"
    in_lesson(fen, ["3-7", "11-15"], "11-15")
    v, s = grade(fen), start(fen)
    assert v["11-15"] >= s + MAN and v["11-16"] == v["11-15"]               # wins the man back
    assert v["3-7"] <= s - MAN                                               # loses a man as well
    # the white man on 8 can step only onto the two back squares Black holds
    g = CheckersGame(fen="W" + fen[1:])
    assert not [m for m in g.legal_moves() if str(m).startswith("8-")]
    # after 3-7, 8-3 crowns and is a best reply
    after = CheckersGame(fen=fen).child(_move(fen, "3-7"))
    crown = next(m for m in after.legal_moves() if str(m) == "8-3")
    assert after.child(crown).piece_at(3) == (1, True)
    assert negamax(after, 10) == -negamax(after.child(crown), 9)


def test_position_6_keep_the_man_on_1():
    fen = "B:W5,8,15,25,30:B1,17,18,21"
    in_lesson(fen, ["1-6", "17-22", "18-22"], "17-22")
    v, s = grade(fen), start(fen)
    assert s == -MAN and v["17-22"] == 0                                     # a man down, then even
    assert v["17-22"] == max(v.values())
    assert v["1-6"] < v["17-22"] and "5-1" in replies(fen, "1-6")
    assert v["18-22"] <= s - MAN and "25x18" in replies(fen, "18-22")


def test_position_7_every_centre_move_wins_the_side_move_does_not():
    fen = "B:W19,25:B3,7,10"
    in_lesson(fen, ["3-8 (along the side)", "7-11, 10-14 or 10-15 (towards the centre)"],
              "7-11, 10-14 or 10-15 (towards the centre)")
    centre = set(ck_ai.centre_squares(8))
    g = CheckersGame(fen=fen)
    assert sorted(str(m) for m in g.legal_moves()) == ["10-14", "10-15", "3-8", "7-11"]
    for m in ("7-11", "10-14", "10-15"):
        assert _move(fen, m).end in centre
        assert value_within(fen, m, 9) >= WIN                # a win within five Black moves
    assert _move(fen, "3-8").end not in centre
    side = value_within(fen, "3-8", 13)
    assert MAN <= side < WIN                                 # keeps the man, no win in seven moves
    assert value_within(fen, "3-8", 11) >= 2 * MAN           # "even wins a second one later"


def test_position_8_the_race_to_crown():
    fen = "B:W11,29:B22"
    in_lesson(fen, ["22-25", "22-26"], "22-26")
    v = grade(fen)
    assert v["22-25"] <= -WIN and "29x22" in replies(fen, "22-25")           # nothing left
    assert v["22-26"] > -WIN
    # after 22-26 and any white reply Black crowns at once; White's man needs two more steps
    after = CheckersGame(fen=fen).child(_move(fen, "22-26"))
    for r in after.legal_moves():
        nxt = after.child(r)
        assert any(nxt.child(m).piece_at(m.end) == (0, True) for m in nxt.legal_moves())


def test_position_9_crown_first():
    fen = "B:W8,22,28:B9,13,14,24"
    in_lesson(fen, ["13-17", "14-17", "14-18", "24-27"], "24-27")
    v, s = grade(fen), start(fen)
    assert max(v, key=v.get) == "24-27" and list(v.values()).count(v["24-27"]) == 1
    assert "22x13x6" in replies(fen, "13-17") and v["13-17"] <= s - MAN
    assert "22x15" in replies(fen, "14-18") and "28x19" in replies(fen, "14-17")


def test_position_10_trade_when_ahead():
    fen = "B:W14,32:B3,7,28"
    in_lesson(fen, ["3-8", "7-10", "7-11"], "7-10")
    v = grade(fen)
    assert max(v, key=v.get) == "7-10" and v["7-10"] > max(v["3-8"], v["7-11"])
    assert replies(fen, "7-10") == ["14x7"]
    after = CheckersGame(fen=fen).child(_move(fen, "7-10"))
    back = after.child(after.legal_moves()[0])
    assert [str(m) for m in back.legal_moves()] == ["3x10"]
    c = back.child(back.legal_moves()[0]).counts()
    assert (c["black_men"], c["white_men"]) == (2, 1)                        # two against one


def test_every_quiz_of_notebook_14_is_graded_here():
    """A new position in the lesson needs a test here too."""
    fens = re.findall(r'quiz\.choice\("Position (\d+)', LESSON14)
    graded = {int(n.split("_")[2]) for n in globals() if n.startswith("test_position_")}
    assert {int(f) for f in fens} == graded == set(range(1, 11))


def test_the_search_sees_a_forced_loss():
    """The searcher itself: a position with one legal, losing move is scored as lost."""
    assert grade("B:W18:B14", 3) == {"14x23": WIN + 2}
    assert grade("B:W17,27:B10,19", 5)["10-14"] <= -WIN


# ------------------------------------------------------------------ Diamond, notebook 27
from diamond_positions import position  # noqa: E402  (notebook 27's way of writing them)


def gain(g, text):
    """Holes a move brings its piece nearer the mover's goal apex, and the game after it."""
    me = g.turn
    apex = g.goal_apex(me)
    p = g.copy()
    m = p.play(text)
    return B.distance(m.path[0], apex) - B.distance(m.path[-1], apex), p


def best_next(g, me):
    """The most holes one more move of ``me`` could gain, by trying every move (exact)."""
    apex = g.goal_apex(me)
    return max(B.distance(h, apex) - B.distance(x, apex)
               for h in g.pieces_of(me) for x in g.reachable_from(h))


DIAMOND = [
    # red, yellow, turn, A, B, (gain A, gain B), (next after A, next after B) or None
    ("l4 b1 b2 e5 f6 h5 i4 i5 j4 l5", "e9 e8 f7 g7 h4 j2 k1 k4 l3 m4", 1,
     "k1-j1", "h4:h6:f8", (1, 4), (8, 2)),
    ("h6 b1 b2 d1 d4 e7 f7 f8 g5 g6", "g8 j1 k1 k2 k3 l1 l2 l3 m2 m4", 0,
     "b2-c2", "h6-i6", (1, 1), (6, 2)),
    ("q1 b2 c1 g5 j5 k9 l8 o2 p1 p2", "e13 e11 e12 e7 f8 h8 i8 k7 k8 l1", 0,
     "b2-c3", "l8-m8", (1, 1), None),
    ("q1 b2 c2 f6 g8 n2 o2 o3 p1 p2", "e13 e12 e9 f11 f12 f4 f9 g11 h7 l3", 0,
     "b2:d2", "g8:i6", (2, 2), (4, 2)),
    ("q1 b1 b2 d4 f6 h2 k3 m6 m7 n1", "h10 g10 h9 i5 i6 i9 j2 j9 l1 m2", 0,
     "m7:m5:o1", "m7-n2", (2, 1), None),
    ("q1 b1 b2 d4 f6 h2 k3 m6 n1 o1", "h10 g10 h9 i6 i7 i9 j2 j9 l1 m2", 0,
     "n1:p1", "k3-l4", (2, 1), None),
]


@pytest.mark.parametrize("red, yellow, turn, a, b, gains, nexts", DIAMOND)
def test_diamond_your_move_numbers(red, yellow, turn, a, b, gains, nexts):
    assert f'"{red}", "{yellow}"' in LESSON27 and f'"{a}", "{b}"' in LESSON27
    g = position(red, yellow, turn)
    (ga, pa), (gb, pb) = gain(g, a), gain(g, b)
    assert (ga, gb) == gains
    if nexts:
        assert (best_next(pa, turn), best_next(pb, turn)) == nexts


def test_diamond_your_move_5_the_group_jump():
    crowd = DiamondGame.from_pieces({"e7": (0, True), "f7": 1, "g7": 0, "h7": 1, "i7": 0,
                                     "j7": 1, "k6": 0}, DiamondRules(players=2))
    jumps = [m for m in crowd.legal_moves() if m.kind == "group"]
    far = max(B.distance(m.path[0], m.path[-1]) for m in jumps)
    assert far > 1                                                           # beats the step
    # the lesson's warning: f7 .. i7 are on one line with e7, j7 and k6 are not
    line = [B.hole(x) for x in "e7 f7 g7 h7 i7".split()]
    step = (line[1][0] - line[0][0], line[1][1] - line[0][1])
    assert all((q2 - q1, r2 - r1) == step for (q1, r1), (q2, r2) in zip(line, line[1:]))
    nxt = (line[-1][0] + step[0], line[-1][1] + step[1])
    assert B.label(nxt) == "j8" and B.hole("j7") != nxt
    assert "`j7` and `k6` are *not* on that line" in LESSON27


def test_lesson12_two_kings_try_it_is_won_in_exactly_four_moves():
    """12's "win the game" Try-it: two kings against a man win by force, and not at once:
    the fastest win is Black's fourth move (ply 7), none by ply 5 (a win found with no
    plies left is worth exactly WIN)."""
    lesson12 = (NB / "12_checkers_kings_and_endings.md").read_text(encoding="utf-8")
    fen = "B:W27:BK1,K2"
    assert f'CheckersGame(fen="{fen}")' in lesson12 and "wins in 4 moves" in lesson12
    g = CheckersGame(fen=fen)
    assert negamax(g, 7) >= WIN and negamax(g, 6) < WIN


def test_lesson12_repetition_try_it_takes_eight_moves():
    """The fewest moves to a CK-11 draw from 12's two-kings board: 8 plies, as it says."""
    lesson12 = (NB / "12_checkers_kings_and_endings.md").read_text(encoding="utf-8")
    assert 'CheckersGame(fen="B:WK32:BK1")' in lesson12 and "The fewest: 8 moves" in lesson12
    g = CheckersGame(fen="B:WK32:BK1")
    moves = ["1-6", "32-27", "6-1", "27-32"] * 2
    for m in moves:
        assert not g.is_over()
        g.play(m)
    assert g.is_over() and g.outcome().rule == "CK-11" and len(moves) == 8
    # fewer cannot do it: the start position needs two returns of 4 plies each
    # (each king away and back), and after 4 plies it has stood only twice
    h = CheckersGame(fen="B:WK32:BK1")
    for m in ["1-6", "32-27", "6-1", "27-32"]:
        h.play(m)
    assert not h.is_over()


@pytest.mark.parametrize("path", ["notebooks/14_checkers_strategy.md",
                                  "notebooks/27_diamond_strategy.md",
                                  "notebooks/ja/14_checkers_strategy.md",
                                  "notebooks/ja/27_diamond_strategy.md"])
def test_the_seven_of_ten_answer_quotes_the_interval_the_kit_computes(path):
    """The Check-yourself answer types the 95% interval of 7 wins in 10 games: it must be
    the one sim.wilson_interval gives (the tip lab's interval), rounded."""
    from boardkit.sim import wilson_interval
    text = (pathlib.Path(__file__).resolve().parents[1] / path).read_text(encoding="utf-8")
    found = re.findall(r"(\d+)% ?(?:to|から|〜) ?(\d+)%", text)
    lo, hi = wilson_interval(7, 10)
    assert (str(round(100 * lo)), str(round(100 * hi))) in found, (path, found, lo, hi)
