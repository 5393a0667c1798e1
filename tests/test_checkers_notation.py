"""CK-15: move text, PDN FEN tags and PDN game records, read and written; bad input
raises FormatError naming the format and leaves the game untouched."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import BoardkitError, FormatError, IllegalMoveError
from boardkit.checkers import CheckersGame, CheckersRules
from boardkit.checkers.notation import parse_fen, read_pdn, write_fen

INT = CheckersRules.international()

# A short American game (the "Old Fourteenth" opening, then a few moves), written the
# way checkers software exports PDN: move numbers, a comment, a NAG and a result.
AMERICAN_PDN = """[Event "Club night"]
[Black "Ann"]
[White "Ben"]
[GameType "21"]
[Result "*"]

1. 11-15 23-19 2. 8-11 22-17 {Old Fourteenth} 3. 4-8 17-13 $1
4. 15-18 24-20 5. 9-14 26-23 6. 10-15 19x10 7. 6x15 *
"""


def test_ck15_read_pdn_record():
    """CK-15: tags, numbered moves, comments and NAGs are read; the moves are played."""
    g = CheckersGame.from_pdn(AMERICAN_PDN)
    assert g.tags["Event"] == "Club night" and g.tags["Black"] == "Ann"
    assert [str(m) for m in g.history] == ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13",
                                           "15-18", "24-20", "9-14", "26-23", "10-15", "19x10",
                                           "6x15"]
    assert g.history[-1].captures == (10,)
    assert g.turn == 1 and g.rules == CheckersRules.american()


def test_ck15_write_then_read_pdn_round_trip():
    """CK-15: a written record reads back to the same game, tags included."""
    g = CheckersGame.from_pdn(AMERICAN_PDN)
    text = g.to_pdn(Event="Club night", Black="Ann", White="Ben")
    assert text.startswith('[Event "Club night"]')
    assert "1. 11-15 23-19 2. 8-11" in text and text.rstrip().endswith("*")
    back = CheckersGame.from_pdn(text)
    assert back.history == g.history and back.fen() == g.fen() and back.tags["White"] == "Ben"


def test_ck15_pdn_several_games_and_results():
    """CK-15: a file with several games; a finished game writes its result
    (first player's score first: Black in American checkers)."""
    g = CheckersGame(fen="B:W18:B14")
    g.play("14x23")
    text = g.to_pdn()
    assert '[Result "1-0"]' in text and '[FEN "B:W18:B14"]' in text and '[SetUp "1"]' in text
    assert "1. 14x23 1-0" in text
    both = AMERICAN_PDN + "\n" + text
    games = read_pdn(both)
    assert len(games) == 2 and games[1].outcome().winner == 0


def test_ck15_pdn_white_to_move_first_and_international_result():
    """CK-15: a record starting with the second player uses '1...'; international
    results are written 2-0 / 0-2 / 1-1."""
    g = CheckersGame(fen="W:W23:B1,18")
    g.play("23x14")
    assert "1... 23x14" in g.to_pdn()
    i = CheckersGame(INT, fen="W:W28:B22")
    i.play(i.legal_moves()[0])
    text = i.to_pdn()
    assert '[GameType "20"]' in text and '[Result "2-0"]' in text
    assert CheckersGame.from_pdn(text).fen() == i.fen()


def test_ck15_pdn_custom_rules_tag_round_trip():
    """CK-15: rule sets without a PDN GameType travel in a Rules tag."""
    r = CheckersRules.custom(flying_kings=True)
    g = CheckersGame(r)
    g.play("11-15")
    back = CheckersGame.from_pdn(g.to_pdn())
    assert back.rules == r and back.history == g.history
    assert CheckersGame.from_pdn(CheckersGame(CheckersRules.no_forced()).to_pdn()).rules.name == "no_forced"


@pytest.mark.parametrize("bad,match", [
    ("", "PDN"),
    ('[GameType "99"]\n1. 11-15 *', "GameType"),
    ("1. 11-15 23-19 2. 11-15 *", r"move 3 '11-15'"),
    ("1. 11-15 {unclosed comment", "comment"),
    ("1. 11-15 hello *", "cannot read 'hello'"),
    ('[FEN "X:W1:B2"]\n*', "FEN"),
    ('[Rules "{not json"]\n*', "Rules tag"),
    ('[Result "3-0"]\n1. 11-15', "result"),
])
def test_ck15_malformed_pdn(bad, match):
    """CK-15: malformed PDN raises FormatError naming PDN and the problem."""
    with pytest.raises(FormatError, match=match):
        read_pdn(bad)


def test_ck15_fen_reading_variants():
    """CK-15: FEN ranges, kings, spaces, quotes, a final dot and the H (half-move) field."""
    assert parse_fen("B:W21-23:B1,K2") == (0, 0b11, 0b111 << 20, 0b10, 0)
    assert parse_fen('"W:W 21,22 :BK1."') == (1, 1, 0b11 << 20, 1, 0)
    assert parse_fen("W:W21:B1:H12:F30")[4] == 12
    assert write_fen(0, 0b11, 0b111 << 20, 0b10) == "B:W21,22,23:B1,K2"
    assert CheckersGame(INT, fen="W:W31-50:B1-20").fen() == CheckersGame(INT).fen()


@pytest.mark.parametrize("bad", ["", "X:W1:B2", "W:W1:B1", "W:W33:B1", "W:W0:B1", "W:Wa:B1",
                                 "W:W1:W2", "W:W1:Q2", "W:W5-3:B1", 17])
def test_ck15_malformed_fen(bad):
    """CK-15: malformed FEN raises FormatError naming the format and what is accepted."""
    with pytest.raises(FormatError, match=r"PDN FEN \(CK-15\).*W:W21,22,K5:B1,6"):
        CheckersGame(fen=bad)


def test_ck15_json_round_trip_and_resume():
    """CK-15: save/load keeps rules, moves (so undo still works) and counters."""
    g = CheckersGame(INT)
    for m in ["32-28", "19-23", "28x19", "14x23"]:
        g.play(m)
    back = CheckersGame.from_json(g.to_json())
    assert back.rules == INT and back.history == g.history and back.fen() == g.fen()
    back.undo()
    assert back.fen() == (lambda h: (h.undo(), h.fen())[1])(g.copy())


@pytest.mark.parametrize("mutate,match", [
    (lambda d: d.update(game="backgammon"), "'game'"),
    (lambda d: d["state"].update(moves=["11-99"]), "move '11-99'"),
    (lambda d: d["state"].update(moves=["11-16", "11-15"]), "illegal"),
    (lambda d: d["state"].update(fen="B:W1:B2"), "stored 'fen'"),
    (lambda d: d["state"]["start"].update(fen="nonsense"), "FEN"),
    (lambda d: d["rules"].update(board_size=9), "board_size"),
    (lambda d: d["rules"].update(colour="red"), "unknown rule option"),
    (lambda d: d["state"]["start"].update(quiet=-1), "counts"),
    (lambda d: d["state"].pop("moves"), "moves"),
])
def test_ck15_malformed_json(mutate, match):
    """CK-15: malformed saved games raise FormatError naming the problem."""
    g = CheckersGame()
    g.play("11-15")
    doc = json.loads(g.to_json())
    mutate(doc)
    with pytest.raises(FormatError, match=match):
        CheckersGame.from_json(json.dumps(doc))
    with pytest.raises(FormatError, match="not valid JSON"):
        CheckersGame.from_json("{")


def test_ck15_short_capture_form_and_ambiguity():
    """CK-15: 10x26 is ambiguous when two captures join 10 and 26 (via 17 or via 19):
    the error asks for the squares in between and the game is untouched; with the
    middle square given it is accepted."""
    g = CheckersGame(fen="B:W14,15,22,23:B10")
    assert sorted(str(m) for m in g.legal_moves()) == ["10x17x26", "10x19x26"]
    before = g.fen()
    with pytest.raises(IllegalMoveError, match=r"ambiguous.*10x17x26.*CK-15"):
        g.play("10x26")
    assert g.fen() == before and g.history == []
    assert g.play("10x19x26").captures == (15, 23)


def test_ck15_capture_written_with_a_dash():
    """CK-15: 14-23 is read as the capture 14x23 when that is the only move it can mean
    (PDN lets programs write captures with a dash); it still prints as 14x23."""
    g = CheckersGame(fen="B:W18,32:B14")
    assert str(g.play("14-23")) == "14x23"


def test_ck15_text_diagram():
    """CK-15: str(game) shows the board with b/w men, B/W kings and the side to move."""
    g = CheckersGame(fen="W:W21,K5:B1,K14")
    lines = str(g).splitlines()
    assert lines[0].split() == ["b", ".", ".", "."] and lines[1].split()[0] == "W"
    assert lines[3].split()[1] == "B"
    assert lines[-1] == "White to move (american rules)"
    assert str(g).count(".") == 32 - 4


# A random international game exported by py-draughts 1.10.1 (StandardBoard.pdn, in a
# scratch venv), with the FEN py-draughts reports after the last move. Reading it
# checks that records from other software load move for move (CK-15); the record this
# engine writes for it was read back by py-draughts (StandardBoard.from_pdn) to the
# same FEN.
PY_DRAUGHTS_PDN = """[GameType "20"]
[Variant "Standard (international) checkers"]
[Result "*"]
1. 34-30 16-21 2. 31-27 18-23 3. 27x16 20-24 4. 32-28 23x32 5. 37x28 14-20 6. 40-34 24-29 7.
34x23x14x25 17-21 8. 16x27 15-20 9. 25x14 9x20 10. 36-31 12-17 11. 45-40 4-9 12. 41-36 17-22 13.
28x17 11x22 14. 27x18 13x22 15. 46-41 20-24 16. 30x19 8-12 17. 35-30 22-27 18. 31x22 10-15 19. 41-37
7-11 20. 40-35 1-7 *"""
PY_DRAUGHTS_FEN = "W:W19,22,30,33,35,36,37,38,39,42,43,44,47,48,49,50:B2,3,5,6,7,9,11,12,15"


def test_ck15_reads_a_record_written_by_py_draughts():
    """CK-15: a PDN record from other software reads to the same final position."""
    g = CheckersGame.from_pdn(PY_DRAUGHTS_PDN)
    assert g.rules == INT and len(g.history) == 40
    assert g.fen() == PY_DRAUGHTS_FEN
    assert str(g.history[12]) == "34x23x14x25" and len(g.history[12].captures) == 3
    again = CheckersGame.from_pdn(g.to_pdn())
    assert again.fen() == PY_DRAUGHTS_FEN and "6. 40-34" in g.to_pdn()


# ------------------------------------------------------------------ fuzzing

_ALPHABET = st.sampled_from(list("0123456789-xX:,KWBH .\"[]{}\n") + ["11-15", "x", "K", "W:", ":B"])


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(_ALPHABET, max_size=12).map("".join))
def test_ck15_any_text_either_parses_or_raises_a_boardkit_error(text):
    """CK-15: whatever text arrives as a move, FEN or PDN, the result is a legal move,
    a position, or a boardkit error (never another exception), and a refused move
    leaves the game untouched."""
    g = CheckersGame()
    before = (g.fen(), g.history)
    try:
        g.play(text)
    except BoardkitError:
        assert (g.fen(), g.history) == before
    else:
        assert len(g.history) == 1
    try:
        CheckersGame(fen=text)
    except FormatError:
        pass
    try:
        read_pdn(text)
    except FormatError:
        pass


# ----------------------------------------------- records from other software
# Written by pydraughts (PDNWriter, 'english'): long GameType tag, FEN with unsorted
# squares, Black's first move numbered "1...". pydraughts' own final FEN follows.
PYDRAUGHTS_PDN = """[GameType "21,B,8,8,N1,0"]
[FEN "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,10,11,12,2,3,4,5,6,7,8,9"]

1... 11-16 2. 22-18 10-15 3. 18x11 8x15 4. 23-18 15x22 5. 26x17 4-8 6. 24-20 7-11 7. 27-24 11-15 8.
20x4 2-7 9. 17-13 3-8 10. 4x18 9-14 11. 18x11 1-6 12. 31-26 5-9 13. 32-27 *
"""
PYDRAUGHTS_FEN = "B:W13,21,24,25,26,27,28,29,30,K11:B12,6,9"

# Written by py-draughts (StandardBoard.pdn) for a finished game from a set-up:
# its Result tag and closing result say Black won (0-2); its final FEN is W:W:B39,K41.
PY_DRAUGHTS_FINISHED = """[GameType "20"]
[Variant "Standard (international) checkers"]
[Result "0-2"]
[FEN "W:W28,33,38,K45:BK5,17,18,19"]
1. 45x12x26 5-14 2. 28-23 19x28x39 3. 26-12 14-41 4. 12-23 41x10 5. 38-32 10x41 0-2"""


def _fen_set(fen, size=8):
    turn, black, white, kings, _ = parse_fen(fen, size)
    return turn, black, white, kings


def test_ck15_reads_a_record_written_by_pydraughts():
    """CK-15: pydraughts' record (long GameType, '1...' start) gives pydraughts' position."""
    g = CheckersGame.from_pdn(PYDRAUGHTS_PDN)
    assert g.rules == CheckersRules.american() and len(g.history) == 24
    assert _fen_set(g.fen()) == _fen_set(PYDRAUGHTS_FEN)
    jump = g.history[17]                              # written 4x18: start and end only
    assert (jump.start, jump.end, len(jump.captures)) == (4, 18, 2)


def test_ck15_finished_record_result_agrees_with_the_final_position():
    """CK-15 (with CK-10): py-draughts' finished game reads, its 0-2 agrees with the
    final position (Black took everything); the same moves claiming 2-0 or a draw
    contradict it and are refused with a clear FormatError."""
    g = CheckersGame.from_pdn(PY_DRAUGHTS_FINISHED)
    assert g.fen().startswith("W:W:B") and g.outcome().winner == 0 and "CK-10" in g.outcome().reason
    assert _fen_set(g.fen(), 10) == _fen_set("W:W:B39,K41", 10)
    for claim in ("2-0", "1-1"):
        bad = PY_DRAUGHTS_FINISHED.replace("0-2", claim)
        with pytest.raises(FormatError, match=f"result '{claim}'.*contradicts the final position.*'0-2'"):
            read_pdn(bad)
    # an unfinished game may carry any result (resignation, agreed draw); '*' is never refused
    assert read_pdn(AMERICAN_PDN.replace("*", "0-1"))[0].outcome() is None
    assert read_pdn(PY_DRAUGHTS_FINISHED.replace("0-2", "*"))[0].outcome().winner == 0
    # the moves' own ending wins over a disagreeing Result tag (real files have both), and
    # is still checked against the final position
    with pytest.raises(FormatError, match="result '2-0'.*contradicts the final position"):
        read_pdn(PY_DRAUGHTS_FINISHED.replace("10x41 0-2", "10x41 2-0"))


def test_ck15_result_check_covers_draws():
    """CK-15 (with CK-11): a game that ended by threefold repetition must be recorded
    as a draw (1/2-1/2 on 8x8), and a draw claim on a won game is refused."""
    g = CheckersGame(fen="B:WK32:BK1")
    for mv in ["1-5", "32-27", "5-1", "27-32"] * 2:
        g.play(mv)
    assert g.outcome().is_draw
    text = g.to_pdn()
    assert '[Result "1/2-1/2"]' in text
    assert read_pdn(text)[0].outcome().is_draw
    with pytest.raises(FormatError, match="contradicts"):
        read_pdn(text.replace("1/2-1/2", "1-0"))


@pytest.mark.parametrize("seed", range(6))
def test_ck15_round_trip_of_random_games_in_every_accepted_move_form(seed):
    """CK-15: random games (seeded) written as PDN read back to the same moves and
    position, also when each move is rewritten in another accepted form: start and
    end only, compact four digits, spaces around the sign, ':' for 'x'."""
    import numpy as np
    rng = np.random.default_rng(seed)
    rules = [CheckersRules.american(), INT][seed % 2]
    g = CheckersGame(rules)
    while g.outcome() is None and len(g.history) < 120:
        moves = g.legal_moves()
        g.play(moves[rng.integers(len(moves))])
    text = g.to_pdn()
    back = read_pdn(text)[0]
    assert back.history == g.history and back.fen() == g.fen()
    head, body = text.split("\n\n", 1)
    forms = [lambda m: f"{m.start}x{m.end}" if m.is_capture else str(m),
             lambda m: f"{m.start:02d}{m.end:02d}" if not m.is_capture else str(m),
             lambda m: str(m).replace("-", " - ").replace("x", " x "),
             lambda m: str(m).replace("x", ":")]
    for form in forms:
        words = []
        for i, m in enumerate(g.history):
            if i % 2 == 0:
                words.append(f"{i // 2 + 1}.")
            words.append(form(m))
        again = read_pdn(head + "\n\n" + " ".join(words) + " " + body.split()[-1])[0]
        assert again.fen() == g.fen()
        # the short form may pick another route with the same captures (CK-07)
        assert [(m.start, m.end, set(m.captures)) for m in again.history] == \
               [(m.start, m.end, set(m.captures)) for m in g.history]


def test_ck15_algebraic_squares():
    """CK-15: PDN 3.0 alphanumeric moves (a1 dark, at White's lower left): on 8x8
    c3 = 22, f6 = 11, b8 = 1, a1 = 29; on 10x10 c1 = 47, a3 = 36, j10 = 5, i9 = 10."""
    g = read_pdn('[GameType "21,W,8,8,A0,0"]\n1. f6-e5 c3-d4 2. e5xc3 b2xd4 *')[0]
    assert [str(m) for m in g.history] == ["11-15", "22-18", "15x22", "25x18"]
    i = read_pdn('[GameType "20"]\n[FEN "W:WK47:BK5"]\n1. c1-a3 j10-i9 *')[0]
    assert [str(m) for m in i.history] == ["47-36", "5-10"]
    with pytest.raises(FormatError, match="algebraic squares run a1-h8"):
        read_pdn('[GameType "21"]\n1. f6-e5 c3-c4 *')      # c4 is a light square
    with pytest.raises(FormatError, match="cannot read"):
        read_pdn('[GameType "21"]\n1. f6-e5 zz *')


def test_ck15_hop_by_hop_capture_is_read_and_half_a_capture_refused_with_a_hint():
    """CK-15 (with CK-07): a capture split into hops (11x18 18x25, as PlayStrategy writes)
    is read as the whole capture; a capture stopped half-way is refused, the error naming
    the whole capture to write. Comments after ';', '%' lines and nested variations are
    skipped."""
    setup = '[SetUp "1"]\n[FEN "B:W15,22,32:B11"]\n'
    hops = read_pdn(setup + "1. 11x18 18x25 32-27 *")[0]
    assert [str(m) for m in hops.history] == ["11x18x25", "32-27"]
    with pytest.raises(FormatError, match=r"11x18x25 or 11x25\), not hop by hop"):
        read_pdn(setup + "1. 11x18 *")
    with pytest.raises(FormatError, match=r"11x18x25 or 11x25\), not hop by hop"):
        read_pdn(setup + "1. 11x18 32-27 *")
    g = read_pdn(setup + "1. 11x25 ; the only capture\n% an escape line\n"
                 "(1. 11x18x25 (1. 11x25)) 1... 32-27 *")[0]
    assert [str(m) for m in g.history] == ["11x18x25", "32-27"]
    with pytest.raises(FormatError, match="parentheses"):
        read_pdn(setup + "1. 11x25 (32-28 *")


def test_ck15_pdn_with_bom_crlf_escapes_and_nested_variations():
    """CK-15: a record saved by Windows tools (byte-order mark, CRLF line ends) with a %
    escape line, a ; comment and variations nested three deep reads as its main line."""
    text = ('\ufeff[Event "x"]\r\n\r\n1. 11-15 (1. 9-13 (1... 22-18 (2. 8-11)) 23-19) 23-19 '
            '{c (not a variation}\r\n% escape line\r\n2. 8-11 ; to the end )(\r\n*\r\n')
    g = read_pdn(text)[0]
    assert g.tags == {"Event": "x"} and [str(m) for m in g.history] == ["11-15", "23-19", "8-11"]


def test_ck01_ck15_fen_with_algebraic_squares_refuses_light_squares():
    """CK-01/CK-15: a FEN may name squares the PDN 3.0 way (a1 dark at White's lower
    left); a light square or one off the board is refused naming CK-01."""
    assert CheckersGame(fen="B:Wa1,Kc1:Bb8").fen() == "B:W29,K30:B1"
    assert CheckersGame(INT, fen="W:Wa1:Bj10").fen() == "W:W46:B5"
    for bad in ("B:Wa2:Bb8", "B:Wb1:Bb8", "B:Wa9:Bb8", "B:Wi1:Bb8"):
        with pytest.raises(FormatError, match="CK-01"):
            CheckersGame(fen=bad)
