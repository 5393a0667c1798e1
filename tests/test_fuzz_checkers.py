"""Bad input never hangs, never escapes as a raw exception, never changes a game (issue 8).

Hypothesis (derandomized: every run tries the same inputs) throws garbage at every parser
and loader of checkers: move text, move values, FEN, PDN, JSON, saved files, rules,
draw options, widget clicks, exercise answers. Each call must answer fast, normally or
with a ``BoardkitError`` subclass, and leave the game as it was.
Then targeted regressions for the classes of issue 8 (1 MB inputs checked in a forked
process with a time limit), positions no game reaches (each refused naming its rule),
and the round trips ``from_json(to_json())`` / ``from_pdn(to_pdn())`` over seeded random
games of every preset.

The module counts what it tried (``STATS``: inputs, slowest answer, errors that were not
boardkit errors); ``pytest -s tests/test_fuzz_checkers.py`` prints the figures.
"""
import importlib
import json
import os
import time

import numpy as np
import pytest
from hostile import BadRepr, deep
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardkit import BoardkitError, FormatError, IllegalMoveError
from boardkit.checkers import (
    CheckersGame,
    CheckersMove,
    CheckersRules,
    ai,
    fastloop,
    movegen,
    notation,
    perft,
    puzzles,
    read_pdn,
    tutor,
)
from boardkit.checkers import exercises as ex
from boardkit.checkers.notation import MAX_PDN_MOVES, parse_fen

from conftest import answers_fast, assert_rejected, check_invariants, random_games

FAST = 1.0          # seconds: the promise of issue 8 is "within a second"
LOADED = 10.0       # wall-clock cap on a machine shared with other jobs (CPU time < FAST)
# BOARDKIT_FUZZ_EXAMPLES=1000 for a longer run by hand (the figures of the report)
EXAMPLES = int(os.environ.get("BOARDKIT_FUZZ_EXAMPLES", "80"))
FUZZ = settings(derandomize=True, max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))
MB = 1_000_000
PRESETS = [CheckersRules.american(), CheckersRules.no_forced(), CheckersRules.international(),
           CheckersRules.custom(board_size=12, majority_capture=True, men_capture_backward=True,
                                flying_kings=True, crowning_ends_move=False,
                                first_player="white", draw_rules="international")]
STATS = {"inputs": 0, "slowest": 0.0, "slowest_input": "", "raw_errors": 0}


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    print(f"\ncheckers fuzz: {STATS['inputs']} inputs, slowest {STATS['slowest'] * 1000:.1f} ms "
          f"({STATS['slowest_input']}), non-boardkit errors {STATS['raw_errors']}")


def answers(game, call, what="", limit=FAST):
    """``call()`` answers within ``limit`` s of CPU time (a hang is cut at LOADED s of
    wall clock), normally or with a BoardkitError; a refused call leaves ``game``
    unchanged (to_json). Returns (value, error)."""
    before = game.to_json() if game is not None else None
    cpu = []

    def timed():
        t = time.thread_time()
        try:
            return call()
        finally:
            cpu.append(time.thread_time() - t)
    value, err, _wall = answers_fast(timed, limit=LOADED)
    seconds = cpu[0]
    assert seconds < limit, f"{what[:80]!r}: {seconds:.2f} s of CPU"
    STATS["inputs"] += 1
    if seconds > STATS["slowest"]:
        STATS["slowest"], STATS["slowest_input"] = seconds, what[:60]
    if err is not None and not isinstance(err, BoardkitError):
        STATS["raw_errors"] += 1
        raise AssertionError(f"{what[:80]!r}: raw {type(err).__name__}: {err}")
    if err is not None and game is not None:
        assert game.to_json() == before, f"{what[:80]!r} was refused but changed the game"
    return value, err


def _positions():
    """A few games in different states: start, mid-game with a capture due, international."""
    a = CheckersGame()
    for m in ["11-15", "23-19", "8-11", "22-17", "9-14"]:
        a.play(m)
    b = CheckersGame(fen="B:W18,30:B14,5")
    c = CheckersGame(CheckersRules.international())
    c.play("32-28")
    return [CheckersGame(), a, b, c]


GAMES = _positions()

# ------------------------------------------------------------------- strategies
_MOVE_ALPHABET = st.sampled_from(list("0123456789-xX: \t\n.") + ["١", "４", "²", "⁵", "11",
                                                                   "15", "99", "0" * 30, "9" * 5000])
_FEN_ALPHABET = st.sampled_from(list("WBKHF0123456789:,-. \"") + ["١", "４", "²", "K99", "H" + "9" * 40,
                                                                  "1-32", "W21,22", "B1,2"])
_PDN_ALPHABET = st.sampled_from(list("[]{}();%$!?*\"\\ \n\t.0123456789-x:") +
                                ["11-15", "23-19", "1.", "1...", "1-0", "0-1", "*", '[Event "a"]',
                                 '[FEN "B:W21:B1"]', '[GameType "20"]', '[Rules "{}"]',
                                 '[Rules "[[[[[[[[[["]', "{comment}", "(11-16)", "٣", "9" * 5000])
_JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                        | st.text(max_size=20),
                        lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c,
                                                                             max_size=4),
                        max_leaves=12)
_SQUARE = st.one_of(st.integers(-5, 80), st.sampled_from([0, 10 ** 30, -10 ** 30, 2 ** 64]),
                    st.booleans(), st.none(), st.text(max_size=3), st.floats(allow_nan=True),
                    st.just(np.int64(11)))
_PATH = st.one_of(st.tuples(), st.lists(_SQUARE, max_size=5).map(tuple), st.lists(_SQUARE, max_size=4),
                  st.text(max_size=6), st.none(), st.integers())


# ------------------------------------------------------------------- fuzzing
@FUZZ
@given(st.lists(_MOVE_ALPHABET, max_size=8).map("".join) | st.text(max_size=30), st.integers(0, 3))
def test_fuzz_move_text(text, which):
    """CK-15: any text as a move: a legal move or a boardkit error, the game unchanged."""
    g = GAMES[which].copy()
    answers(g, lambda: g.play(text), text)


@FUZZ
@given(_PATH, _PATH, st.integers(0, 3))
def test_fuzz_move_values(path, captures, which):
    """CK-15: malformed CheckersMove values (wrong types, empty paths, huge numbers) are
    refused with FormatError/IllegalMoveError, never IndexError/TypeError."""
    g = GAMES[which].copy()
    move = CheckersMove(path, captures)
    answers(g, lambda: g.play(move), f"CheckersMove({path!r:.30}, {captures!r:.30})")
    answers(None, lambda: str(move), "str(move)")


@FUZZ
@given(st.lists(_FEN_ALPHABET, max_size=14).map("".join) | st.text(max_size=30),
       st.sampled_from(PRESETS))
def test_fuzz_fen(text, rules):
    """CK-15: any FEN text: a position or a FormatError."""
    answers(None, lambda: CheckersGame(rules, fen=text), text)
    answers(None, lambda: parse_fen(text, rules.board_size), text)


@FUZZ
@given(st.lists(_PDN_ALPHABET, max_size=16).map("".join) | st.text(max_size=40))
def test_fuzz_pdn(text):
    """CK-15: any PDN text: games or a FormatError."""
    answers(None, lambda: read_pdn(text), text)
    answers(None, lambda: CheckersGame.from_pdn(text), text)


@FUZZ
@given(st.sampled_from(["game", "version", "rules", "state", "state.start", "state.moves",
                        "state.fen", "state.start.fen", "state.start.quiet", "state.start.endgame",
                        "state.moves.0", "rules.board_size", "rules.first_player",
                        "rules.forced_capture", "state.extra", "state.start.extra"]),
       _JSONISH, st.integers(0, 3))
def test_fuzz_json_fields(field, value, which):
    """CK-15: a saved game with any one field replaced: the game or a FormatError."""
    doc = json.loads(GAMES[which].to_json())
    keys = field.split(".")
    node = doc
    for k in keys[:-1]:
        node = node[int(k)] if isinstance(node, list) else node[k]
    last = keys[-1]
    if isinstance(node, list):
        node[int(last):int(last) + 1] = [value]
    else:
        node[last] = value
    text = json.dumps(doc)
    value, err = answers(None, lambda: CheckersGame.from_json(text), text)
    if err is None:
        check_invariants(value)


@FUZZ
@given(st.binary(max_size=60) | st.text(max_size=60).map(str.encode))
def test_fuzz_json_and_files(tmp_path_factory, data):
    """CK-15: any bytes as a saved game (text or file): the game or a boardkit error."""
    answers(None, lambda: CheckersGame.from_json(data), repr(data))
    path = tmp_path_factory.mktemp("ck") / "g.json"
    path.write_bytes(data)
    answers(None, lambda: CheckersGame.load(path), repr(data))


@FUZZ
@given(st.dictionaries(st.sampled_from(["board_size", "forced_capture", "majority_capture",
                                        "men_capture_backward", "flying_kings", "crowning_ends_move",
                                        "first_player", "draw_rules", "colour"]), _JSONISH, max_size=4))
def test_fuzz_rules(fields):
    """CK-14: any rule options: a rule set or a BoardkitError naming the option."""
    known = {k: v for k, v in fields.items() if k != "colour"}
    answers(None, lambda: CheckersRules(**known), repr(known))
    answers(None, lambda: CheckersRules.custom(**fields), repr(fields))
    doc = json.loads(CheckersGame().to_json())
    doc["rules"] = fields
    answers(None, lambda: CheckersGame.from_json(json.dumps(doc)), repr(fields))


@FUZZ
@given(st.dictionaries(st.sampled_from(["highlight", "targets", "arrows", "selected", "hint",
                                        "last_move", "capturable", "faded", "size", "flip",
                                        "labels", "flipp"]),
                       _JSONISH | _PATH | _SQUARE, max_size=3), st.integers(0, 3))
def test_fuzz_draw_options(options, which):
    """Any draw() options: a drawing or a BoardkitError (unknown options refused)."""
    g = GAMES[which]
    answers(g, lambda: g.draw(**options).to_svg(), repr(options))


@settings(FUZZ, max_examples=max(12, EXAMPLES // 8))
@given(st.lists(st.one_of(st.integers(-3, 80).map(str), st.text(max_size=6),
                          st.sampled_from(["9" * 5000, "٣", "11", "15", "22", "18"])), max_size=6))
def test_fuzz_widget_clicks(cells):
    """Clicks on any cell id never break the widget (errors are shown, not raised)."""
    from boardkit.checkers.widget import CheckersWidget
    w = CheckersWidget()
    for c in cells:
        answers(None, lambda c=c: w.click(c), c)


@FUZZ
@given(_JSONISH | _PATH | st.text(max_size=20))
def test_fuzz_exercise_answers(capsys, answer):
    """Exercise checks print feedback for any answer and never raise."""
    for name in [n for n in dir(ex) if n.startswith("check_")]:
        value, err = answers(None, lambda n=name: getattr(ex, n)(answer), f"{name}({answer!r:.30})")
        assert err is None, f"{name} raised {err!r}"
    capsys.readouterr()


# ---------------------------------------------------- issue 8 regressions: time
def _big_inputs():
    return {
        "nested variations": "1. 11-15 " + "(" * (MB // 2 - 10) + ")" * (MB // 2 - 10),
        "unclosed variations": "1. 11-15 " + "(" * (MB - 10),
        "alternating variations": "1. 11-15 " + "(a)" * (MB // 3 - 5),
        "unmatched braces": "{" * MB,
        "braces then text": "{" * (MB // 2) + "x" * (MB // 2),
        "comment pairs": "{}" * (MB // 2),
        "open tags": '[a "' * (MB // 4),
        "many tags": '[Event "x"]\n' * (MB // 12),
        "deep Rules tag": '[Rules "' + "[" * 1900 + '"]\n*',
        "deep Rules tag objects": '[Rules "' + '{\\"a\\":' * 300 + '"]\n*',
        "one long word": "1" * MB,
        "move numbers": "1. " * (MB // 3),
        "escape lines": "%x\n" * (MB // 3),
        "semicolons": ";" * MB,
        "too long": "1. 11-15 " * (MB // 9 + 2),
    }


@pytest.mark.parametrize("name", list(_big_inputs()))
def test_issue8_pdn_1mb_answers_within_a_second(name):
    """CK-15: 1 MB PDN texts of every class of issue 8 (nested variations, unmatched
    braces, deep tags, huge numbers) answer in under a second of CPU time, in a forked
    process that is killed if it runs past the wall-clock cap."""
    text = _big_inputs()[name]
    result, err, _seconds = answers_fast(_read_summary, text, limit=LOADED, process=True)
    assert err is None or err[3], f"{name}: raw {err}"
    cpu = result[-1] if result else None
    STATS["inputs"] += 1
    if cpu is not None and cpu > STATS["slowest"]:
        STATS["slowest"], STATS["slowest_input"] = cpu, f"1 MB PDN: {name} (CPU)"
    assert cpu is not None and cpu < FAST, f"{name}: {cpu} s of CPU"


def _read_summary(text):
    """What read_pdn gives, as plain data (crosses the process boundary), with the
    CPU seconds it took."""
    t = time.process_time()
    try:
        games = read_pdn(text)
        out = ("ok", len(games))
    except FormatError as e:
        out = ("FormatError", str(e)[:200])
    return out + (time.process_time() - t,)


def test_issue8_pdn_is_linear():
    """CK-15: nested variations and unmatched braces take time linear in the length:
    8x the text takes well under 8x^2 the time (the old reader was quadratic)."""
    def cost(n):
        best = 1e9
        for _ in range(3):
            t = time.process_time()
            for text in ("(" * n + ")" * n, "{" * n, "{}" * n):
                try:
                    read_pdn(text + " *")
                except FormatError:
                    pass
            best = min(best, time.process_time() - t)
        return max(best, 1e-4)
    small, big = cost(20_000), cost(160_000)
    assert big / small < 30          # linear: about 8; quadratic: about 64


def test_issue8_pdn_move_limit_is_reached_fast():
    """CK-15: a game record with more moves than MAX_PDN_MOVES is refused (in time),
    naming the game; the limit is per game, so the same moves as many games are read."""
    one = CheckersGame()
    rng = np.random.default_rng(3)
    while len(one.history) < 40:
        moves = one.legal_moves()
        one.play(moves[int(rng.integers(len(moves)))])
    body = one.to_pdn().split("\n\n", 1)[1].rsplit(" ", 1)[0] + "\n"
    text = '[Event "long"]\n' + body * (MAX_PDN_MOVES // 40 + 5)
    t = time.process_time()
    _r, err, _seconds = answers_fast(read_pdn, text, limit=LOADED)
    assert isinstance(err, FormatError) and "moves in one game" in str(err) and "game 1" in str(err)
    assert time.process_time() - t < FAST
    games = read_pdn((one.to_pdn() + "\n") * (MAX_PDN_MOVES // 40 + 5))
    assert len(games) == MAX_PDN_MOVES // 40 + 5 and games[-1].history == one.history


def test_pdn_many_tiny_games_read_one_by_one_in_linear_time():
    """CK-15: a text of tens of thousands of empty game records is not refused (limits
    are per game): iter_pdn gives the first game at once, and reading all of them takes
    time linear in the text."""
    from boardkit.checkers import iter_pdn
    tiny = '[Event "x"]\n*\n'
    text = tiny * (MB // len(tiny))
    t = time.process_time()
    first = next(iter_pdn(text))
    assert first.tags == {"Event": "x"} and time.process_time() - t < FAST

    def cost(n):
        best = float("inf")
        for _ in range(3):
            t = time.process_time()
            assert len(read_pdn(tiny * n)) == n
            best = min(best, time.process_time() - t)
        return max(best, 1e-4)
    assert cost(8_000) / cost(2_000) < 8          # linear: about 4; quadratic: about 16


@pytest.mark.parametrize("text", ["1" * 5000 + "-15", "11-" + "9" * 5000, "١١-١٥", "１１-１５",
                                  "11-15" * 200_000, "11x" * 300_000 + "15", "11²-15"])
def test_issue8_move_text_big_numbers_and_unicode_digits(text):
    """CK-15: numbers over Python's 4,300-digit limit and Unicode digits in move text are
    refused as FormatError (not ValueError), fast, the game unchanged."""
    g = CheckersGame()
    answers_fast(lambda: assert_rejected(g, lambda: g.play(text), FormatError, "CK-15"), limit=FAST)


@pytest.mark.parametrize("fen", ["B:W" + "1" * 5000 + ":B1", "B:W21:B1:H" + "9" * 5000,
                                 "B:W21:B1:H" + "9" * 50, "B:W２１:B1", "B:W21:B١", "B:W21:B1:H²",
                                 "B:WK" + "3" * 4400 + ":B1", "B:W21,22" + ",23" * 300_000 + ":B1"])
def test_issue8_fen_big_numbers_and_unicode_digits(fen):
    """CK-15: the same in FEN (set-up, PDN FEN tag, JSON start): FormatError, fast."""
    answers_fast(lambda: assert_rejected(None, lambda: CheckersGame(fen=fen), FormatError, "FEN"),
                 limit=FAST)
    answers_fast(lambda: assert_rejected(None, lambda: read_pdn(f'[FEN "{fen[:1900]}"]\n*'),
                                         FormatError), limit=FAST)


@pytest.mark.parametrize("move", [
    CheckersMove(()), CheckersMove((11,)), CheckersMove(("11", "15")), CheckersMove((11.0, 15.0)),
    CheckersMove((10 ** 5000, 15)), CheckersMove((11, 2 ** 70)), CheckersMove((-1, 15)),
    CheckersMove((0, 15)), CheckersMove((True, 15)), CheckersMove([11, 15]), CheckersMove(None),
    CheckersMove((11, 15), None), CheckersMove((11, 15), ("x",)), CheckersMove((11, 15), (10 ** 40,)),
    CheckersMove(tuple(range(1, 33)) * 3), "", None, 11, 11.5, b"11-15", [11, 15], (11, 15),
    {"path": (11, 15)},
])
def test_issue8_malformed_move_values(move):
    """CK-15: malformed moves given to play() raise FormatError (a BoardkitError), never
    IndexError/TypeError, and leave the game unchanged; so does the widget's play()."""
    g = CheckersGame()
    assert_rejected(g, lambda: g.play(move), BoardkitError)
    assert "malformed" in str(CheckersMove((11,)))


def test_issue8_wellformed_illegal_move_value_names_the_rule():
    """CK-04: a well-formed but illegal move value is an IllegalMoveError with the rule."""
    g = CheckersGame()
    assert_rejected(g, lambda: g.play(CheckersMove((11, 19))), IllegalMoveError, "CK-04")
    assert_rejected(g, lambda: g.play(CheckersMove((22, 18))), IllegalMoveError, "no Black piece")


# --------------------------------------------- positions no game reaches
@pytest.mark.parametrize("fen,rules,rule", [
    ("B", None, "CK-10"),
    ("W", None, "CK-10"),
    ("B:W:B", None, "CK-10"),
    ("W:W21:B", None, "CK-10"),                 # Black just moved but has no pieces
    ("B:W1-12:B13-24,25", None, "CK-02"),       # 13 black pieces
    ("B:W" + ",".join(map(str, range(19, 33))) + ":B1", None, "CK-02"),
    ("W:W21-40,45:B1", CheckersRules.international(), "CK-02"),
    ("B:W21:B30", None, "CK-08"),               # a black man on its crowning row
    ("B:W2:B20", None, "CK-08"),                # a white man on its crowning row
    ("W:W3:BK50", CheckersRules.international(), "CK-08"),
    ("B:WK32:BK1:H81", None, "CK-12"),          # past the 40-move draw
    ("W:WK46:BK5:H51", CheckersRules.international(), "CK-13"),
    ("B:W21:BK1:H1", None, "CK-12"),            # White made the last quiet ply without a king
    ("B:WK21:B1:H2", None, "CK-12"),            # Black has no king for the quiet ply before
    # the side that just moved has no piece the last move could have ended with
    ("W:W21-32:B1-12", None, "CK-04"),          # the start position with White to move
    ("W:W20:B1,2", None, "CK-04"),              # Black men only, all on Black's first row
    ("B:W29,30:B14", None, "CK-04"),            # the same for White
    ("W:W20:B1,2,6", None, "CK-04"),            # 6 has 1 and 2 behind it: no step ended there
    ("W:W21-40:B1-20", CheckersRules.custom(board_size=10), "CK-04"),
])
def test_issue8_unreachable_fen_refused_with_rule(fen, rules, rule):
    """CK-02/08/10/12/13: a FEN no game can reach is refused naming the rule, in the
    set-up, in a PDN FEN tag and in a saved game's start position."""
    rules = rules or CheckersRules.american()
    assert_rejected(None, lambda: CheckersGame(rules, fen=fen), FormatError, rule)
    tags = f'[FEN "{fen}"]\n'
    if rules != CheckersRules.american():
        tags += f'[GameType "{20 if rules.board_size == 10 else 21}"]\n'
    assert_rejected(None, lambda: read_pdn(tags + "*"), FormatError, rule)
    doc = json.loads(CheckersGame(rules).to_json())
    doc["state"] = {"start": {"fen": fen}, "moves": []}
    assert_rejected(None, lambda: CheckersGame.from_json(json.dumps(doc)), FormatError, rule)


@pytest.mark.parametrize("fen,rules", [
    ("W:W:B39,K41", CheckersRules.international()),   # White to move with nothing: a lost game
    ("B:WK32:BK1:H80", None),                          # the draw just reached
    ("B:W21:B1", None), ("W:W21:B5", None), ("B:WK32:B5,K1:H78", None),
    ("W:W20:BK1,2", None),                             # the king on 1 made the last move
    ("W:W20:B1,2", CheckersRules.custom(men_capture_backward=True)),   # 1 jumped back to
    ("B:W21-32:B1-12", None),                          # the start itself
    ("W:W31-50:B1-20", CheckersRules.international()),
])
def test_reachable_fen_accepted(fen, rules):
    """CK-10/12: finished and ordinary positions a game can reach are accepted."""
    g = CheckersGame(rules, fen=fen)
    check_invariants(g)


@pytest.mark.parametrize("mutate,rule", [
    (lambda s: s["start"].update(endgame=3), "CK-12"),                   # American: no endgame count
    (lambda s: s["start"].update(quiet=81), "CK-12"),
    (lambda s: s["start"].update(quiet=True), "counts"),
    (lambda s: s["start"].update(fen="B:W21:B1:H5", quiet=5), "CK-12"),
    (lambda s: s["start"].update(extra=1), "only"),
    (lambda s: s.update(extra=1), "only"),
    (lambda s: s.update(moves=[11]), "moves must be text"),
    (lambda s: s.update(moves=["11-15"] * 50_000), "illegal"),
    (lambda s: s.update(fen=12), "final 'fen'"),
    (lambda s: s["start"].update(fen="W:" + "W1," * 400_000), "too long"),
])
def test_issue8_json_state_validated(mutate, rule):
    """CK-15: JSON loading checks the whole state and names the rule or the field."""
    doc = json.loads(CheckersGame().to_json())
    mutate(doc["state"])
    text = json.dumps(doc)
    answers_fast(lambda: assert_rejected(None, lambda: CheckersGame.from_json(text),
                                         FormatError, rule), limit=FAST * 2)


def test_issue8_international_endgame_count_validated():
    """CK-13: the endgame count of a saved game fits its endgame class and draw limit."""
    doc = json.loads(CheckersGame(CheckersRules.international(), fen="W:WK46,K50,33:BK5").to_json())
    doc["state"]["start"]["endgame"] = 33
    assert_rejected(None, lambda: CheckersGame.from_json(json.dumps(doc)), FormatError, "CK-13")
    doc["state"]["start"]["endgame"] = 32
    assert CheckersGame.from_json(json.dumps(doc)).outcome().is_draw


def test_issue8_deep_json_and_pdn_tags_no_recursion_error():
    """CK-15: deeply nested JSON (a saved game, a PDN Rules tag) is a FormatError."""
    deep = "[" * 100_000 + "]" * 100_000
    assert_rejected(None, lambda: CheckersGame.from_json(deep), FormatError)
    assert_rejected(None, lambda: read_pdn('[Rules "' + "[" * 1999 + '"]\n*'), FormatError, "Rules")
    doc = json.loads(CheckersGame().to_json())
    doc["state"]["moves"] = json.loads("[" * 30 + "]" * 30)
    assert_rejected(None, lambda: CheckersGame.from_json(json.dumps(doc)), FormatError)


def test_write_pdn_tags_are_read_back():
    """CK-15: tags written by to_pdn read back (quotes, backslashes; a newline becomes a
    space); a tag name that PDN cannot hold is refused."""
    g = CheckersGame()
    g.play("11-15")
    back = read_pdn(g.to_pdn(Event='Club "night" \\ 2', Site="a\nb"))[0]
    assert back.tags["Event"] == 'Club "night" \\ 2' and back.tags["Site"] == "a b"
    assert_rejected(None, lambda: g.to_pdn(**{"bad name": "x"}), FormatError, "tag")


# ------------------------------------------------------------- round trips
@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name + str(r.board_size))
def test_round_trip_of_random_games(rules):
    """CK-15: from_json(to_json()) and from_pdn(to_pdn()) hold for every position of
    seeded random games of every preset, to the end of the game."""
    last = None
    for game, _move, _rng in random_games(lambda: CheckersGame(rules), games=3, seed=8,
                                          max_plies=300):
        last = game
        if game.is_over() or len(game.history) % 20 == 0:
            check_invariants(game)
            back = CheckersGame.from_pdn(game.to_pdn())
            assert back.fen() == game.fen() and back.history == game.history
    assert last is not None


@pytest.mark.parametrize("call", [
    lambda g: g.piece_at("11"), lambda g: g.piece_at([1]), lambda g: g.piece_at(None),
    lambda g: parse_fen("B:W21:B1", size="8"), lambda g: parse_fen("B:W21:B1", size=9),
    lambda g: perft(g, True), lambda g: perft(g, -1), lambda g: perft(g, "3"),
    lambda g: ex.show("nonexistent"), lambda g: ex.position(["targets"]),
    lambda g: g.draw(size=10 ** 9), lambda g: g.draw(flipp=True),
])
def test_other_entry_points_refuse_bad_values(call):
    """Squares, board sizes, perft depths, exercise names, draw options: a bad value is a
    BoardkitError, and the game is unchanged."""
    g = CheckersGame()
    assert_rejected(g, lambda: call(g), BoardkitError)
    assert g.piece_at(99) is None and g.piece_at(1) == (0, False)


@pytest.mark.parametrize("rules", [CheckersRules.american(), CheckersRules.no_forced(),
                                   CheckersRules.international(),
                                   CheckersRules.custom(men_capture_backward=True)],
                         ids=["american", "no_forced", "international", "backward"])
def test_every_reached_position_passes_the_setup_check(rules):
    """CK-04/CK-05 (and every other check_position rule): each position of seeded random
    games, to their end, sets up again from its FEN, so the check never refuses a
    position that play reaches."""
    rng = np.random.default_rng(4)
    positions = 0
    for _ in range(12):
        g = CheckersGame(rules)
        for _ in range(300):
            if g.is_over():
                break
            moves = g.legal_moves()
            g.play(moves[int(rng.integers(len(moves)))])
            assert CheckersGame(rules, fen=g.fen()).fen() == g.fen()
            positions += 1
    assert positions > 500


# ----------------------------------------------------------- issue 27: entry arguments
# Every public entry point of the package checks its arguments once, at the entry (the
# checks at the end of boardkit/checkers/rules.py), refusing a wrong one by name.
ck_eval = importlib.import_module("boardkit.checkers.ai.evaluate")   # (ai.evaluate is the function)
ck_tips = importlib.import_module("boardkit.checkers.ai.tips")

#: values that are no game (text of a move, another game, a huge int, a raising repr...)
NOT_A_GAME = [None, "11-15", 10 ** 5000, b"\xff", deep(10_000), BadRepr(), np.zeros(10 ** 5),
              lambda *a: None]


def _other_game():
    from boardkit.mawari import MawariGame
    return MawariGame()


def _refused(call, match, game=None):
    """``call()`` answers fast with a BoardkitError naming ``match``, of bounded length,
    leaving ``game`` unchanged."""
    _value, err = answers(game, call, match)
    assert isinstance(err, BoardkitError), f"{match}: accepted"
    assert match in str(err) and len(str(err)) <= 2000, str(err)[:300]
    return err


GAME_ENTRIES = {
    "ai.hint": lambda g: ai.hint(g),
    "ai.explain": lambda g: ai.explain(g, CheckersGame().legal_moves()[0]),
    "ai.best_move": lambda g: ai.best_move(g),
    "ai.easy": lambda g: ai.easy(g, np.random.default_rng(0)),
    "ai.normal": lambda g: ai.normal(g, np.random.default_rng(0)),
    "ai.strong": lambda g: ai.strong(g),
    "ai.tip_bot()": lambda g: ai.tip_bot(without="trade")(g),
    "evaluate.position": lambda g: ck_eval.position(g),
    "evaluate.score": lambda g: ck_eval.score(g),
    "perft": lambda g: perft(g, 1),
    "write_pdn": lambda g: notation.write_pdn(g),
    "fastloop.play_bots": lambda g: fastloop.play_bots(g, [ai.easy, ai.easy],
                                                       np.random.default_rng(0), 10, 10),
}


@pytest.mark.parametrize("bad", NOT_A_GAME + ["other game"], ids=lambda b: type(b).__name__)
@pytest.mark.parametrize("entry", list(GAME_ENTRIES))
def test_issue27_a_game_is_expected(entry, bad):
    """The engines, bots and writers given no CheckersGame: a BoardkitError naming
    ``game`` (was a raw AttributeError or TypeError)."""
    bad = _other_game() if isinstance(bad, str) and bad == "other game" else bad
    _refused(lambda: GAME_ENTRIES[entry](bad), "game must be a CheckersGame")


@pytest.mark.parametrize("bad", [None, "11-15", (9, 13), 10 ** 5000, BadRepr(), np.zeros(3)],
                         ids=lambda b: type(b).__name__)
def test_issue27_a_move_is_expected(bad):
    """child, explain, the tutor's exchange and the widget's move_path refuse what is no
    CheckersMove, naming ``move``; the game is unchanged."""
    from boardkit.checkers.widget import CheckersWidget
    g = CheckersGame()
    w = CheckersWidget()
    for call in (lambda: g.child(bad), lambda: ai.explain(g, bad), lambda: tutor.exchange(g, bad)):
        _refused(call, "move must be a CheckersMove", g)
    # the board's move_path is checked by the widgets' base, for every game alike
    _refused(lambda: w.move_path(bad), "move: expected one of the game's moves", g)
    _refused(lambda: tutor.exchange(bad, g.legal_moves()[0]), "before must be a CheckersGame")


def test_issue27_an_illegal_move_value_is_refused_not_applied():
    """child/explain/exchange used to apply any CheckersMove, legal or not (a piece from
    nowhere); now an illegal one is refused naming the rule, a legal one by another
    path (CK-07) is the same move."""
    g = CheckersGame()
    wrong = CheckersMove((22, 18))              # a White man, Black to move
    for call in (lambda: g.child(wrong), lambda: ai.explain(g, wrong),
                 lambda: tutor.exchange(g, wrong)):
        assert_rejected(g, call, IllegalMoveError)
    same = CheckersMove((9, 13))               # equal to the legal move, not the object
    assert g.child(same).fen() == g.child(g.legal_moves()[0]).fen()


@pytest.mark.parametrize("call,match", [
    (lambda: movegen.Geometry(None), "n must be a board size"),
    (lambda: movegen.Geometry(9), "n must be a board size"),
    (lambda: movegen.Layout(True), "n must be a board size"),
    (lambda: movegen.geometry([8]), "n must be a board size"),
    (lambda: movegen.layout(-10 ** 30), "n must be a board size"),
    (lambda: ck_eval.centre_squares("8"), "n must be a board size"),
    (lambda: ck_eval.evaluate(1, 2, 0, 0, 9), "n must be a board size"),
    (lambda: ck_eval.evaluate(-1, 2, 0, 0, 8), "black must be a set of squares"),
    (lambda: ck_eval.evaluate(1, 2, 1 << 40, 0, 8), "kings must be a set of squares"),
    (lambda: ck_eval.evaluate(1, 2, 0, 2, 8), "player must be 0"),
    (lambda: ck_eval.evaluate(1, 2, 0, 0, 8, tips=5), "tips must be"),
    (lambda: ck_eval.score(CheckersGame(), tips=["luck"]), "tips must be"),
    (lambda: notation.write_fen(-1, -1, -1, -1), "turn must be 0"),     # was a hang
    (lambda: notation.write_fen(0, -1, 0, 0), "black must be a set of squares"),
    (lambda: notation.write_fen(None, 1, 2, 0), "turn must be 0"),
    (lambda: notation.write_fen(0, 1, 10 ** 5000, 0), "white must be a set of squares"),
    (lambda: movegen.geometry(8).is_dark(None, 1), "row must be a whole number"),
    (lambda: movegen.geometry(8).square([1], 2), "row must be a whole number"),
    (lambda: movegen.geometry(8).square(0, {}), "col must be a whole number"),
    (lambda: movegen.movegen(CheckersRules()).cached_moves(None, 0, 0, 0, [], str), "own must be"),
    (lambda: movegen.movegen(CheckersRules()).cached_moves([1], 0, 0, 0, [], str), "own must be"),
    (lambda: movegen.movegen(CheckersRules()).cached_moves(1, 2, 0, 5, [], str), "player must be"),
    (lambda: movegen.movegen(CheckersRules()).cached_moves(1, 2, 0, 0, None, str), "raws must be"),
    (lambda: movegen.movegen(CheckersRules()).cached_moves(1, 2, 0, 0, [], None), "make must be"),
])
def test_issue27_sizes_square_sets_and_players(call, match):
    """Board sizes, sets of squares and sides given as anything: refused by name."""
    _refused(call, match)


def test_issue27_the_board_tables_still_answer():
    """The checks change no answer: numpy ints are whole numbers, light squares None."""
    g = movegen.geometry(np.int64(8))
    assert g is movegen.geometry(8) and g.square(0, 1) == 1 and g.square(0, 0) is None
    assert g.square(-1, 3) is None and g.is_dark(np.int64(0), 1) and not g.is_dark(0, 0)
    assert movegen.layout(10) is movegen.layout(np.int64(10))
    assert notation.write_fen(np.int64(0), 1, 1 << 31, 0) == "B:W32:B1"
    assert ck_eval.centre_squares() == ck_eval.centre_squares(np.int64(8))


@pytest.mark.parametrize("call,match", [
    (lambda: movegen.MoveGen(None), "rules must be a CheckersRules"),
    (lambda: movegen.MoveGen(CheckersRules(), layout=5), "layout must be None or the Layout"),
    (lambda: movegen.MoveGen(CheckersRules(), movegen.layout(10)), "layout must be None or the Layout"),
    (lambda: movegen.movegen("american"), "rules must be a CheckersRules"),
    (lambda: movegen.ghostgen([1]), "rules must be a CheckersRules"),
    (lambda: ck_tips.measure_tip("groups", rules="american"), "rules must be a CheckersRules"),
    (lambda: ck_tips.lab_combine(["groups"], 1, rules=5), "rules must be a CheckersRules"),
    (lambda: __import__("boardkit.checkers.widget", fromlist=["W"]).CheckersWidget(rules=None),
     "rules must be one of"),
    (lambda: __import__("boardkit.checkers.widget", fromlist=["W"]).CheckersWidget(flip=np.zeros(9)),
     "flip must be True or False"),
])
def test_issue27_rules_are_expected(call, match):
    _refused(call, match)


@pytest.mark.parametrize("bad", [10 ** 5000, "9" * 100_000, deep(10_000), BadRepr(),
                                 np.zeros(10 ** 5)], ids=["giant_int", "long_text", "deep",
                                                          "bad_repr", "array"])
def test_issue27_refusal_messages_from_hostile_values(bad):
    """A refusal message is built safely (``short_repr``) from any value: no raw
    ValueError (a 5,000-digit int), RecursionError (a deep list), RuntimeError (a raising
    repr), nor a message of 100,000 characters."""
    calls = [(lambda: ai.tip_bot(without=bad), "tip"), (lambda: ai.tip_bot(only=(bad,)), "tip"),
             (lambda: ai.tip_pair(bad), "tip"), (lambda: ai.measure_tip(bad), "tip"),
             (lambda: ai.lab_combine([bad], 1), "tip"), (lambda: ai.lab_combine(bad, 1), "names"),
             (lambda: ex.position(bad), "unknown exercise"), (lambda: ex.show(bad), "unknown exercise"),
             (lambda: parse_fen("B:W21:B1", size=bad), "board size"),
             (lambda: CheckersRules(board_size=bad), "board_size"),
             (lambda: CheckersRules(first_player=bad), "first_player"),
             (lambda: CheckersRules(draw_rules=bad), "draw_rules"),
             (lambda: CheckersRules(flying_kings=bad), "flying_kings"),
             (lambda: perft(CheckersGame(), bad), "depth"),
             (lambda: CheckersGame().to_pdn(Event=bad) if isinstance(bad, BadRepr) else
              notation.write_fen(bad, 0, 0, 0), "")]
    for call, match in calls:
        _refused(call, match)


@pytest.mark.parametrize("call,match", [
    (lambda: ai.tip_bot(depth=10 ** 30), "depth must be a whole number"),
    (lambda: ai.tip_bot(noise=float("nan")), "noise must be a number"),
    (lambda: ai.tip_bot(only="shots"), "only must be a tuple"),
    (lambda: ai.TipBot(depth=-1), "depth must be a whole number"),
    (lambda: ai.TipBot(noise=float("inf")), "noise must be a number"),
    (lambda: ai.TipBot(tips=frozenset({"luck"})), "tips must be a set"),
    (lambda: ai.TipBot(max_nodes=0), "max_nodes must be a whole number"),
    (lambda: ai.best_move(CheckersGame(), 10 ** 30), "depth must be a whole number"),
    (lambda: ai.best_move(CheckersGame(), 4, max_nodes=10 ** 30), "max_nodes must be"),
    (lambda: ai.tip_pair("groups", depth="2"), "depth must be a whole number"),
    (lambda: ai.lab_combine(["groups"], None), "depth must be a whole number"),
    (lambda: ai.lab_combine([], 1), "names must be one to"),
    (lambda: ai.easy(CheckersGame(), 42), "rng must be a numpy random Generator"),
    (lambda: ai.normal(CheckersGame(), "seed"), "rng must be a numpy random Generator"),
    (lambda: ai.strong(CheckersGame(), np.random.RandomState(1)), "rng must be a numpy"),
    (lambda: fastloop.play_bots(CheckersGame(), [ai.easy], np.random.default_rng(0), 9, 9), "bots must be"),
    (lambda: fastloop.play_bots(CheckersGame(), [ai.easy] * 2, None, 9, 9), "rng must be"),
    (lambda: fastloop.play_bots(CheckersGame(), [ai.easy] * 2, np.random.default_rng(0), 10 ** 30, 9),
     "max_plies must be"),
    (lambda: fastloop.play_bots(CheckersGame(), [ai.easy] * 2, np.random.default_rng(0), 9, -1),
     "max_chance must be"),
    (lambda: fastloop.play_bots(CheckersGame(), [ai.easy] * 2, np.random.default_rng(0), 9, 9, "yes"),
     "records must be"),
])
def test_issue27_bot_settings_and_generators(call, match):
    """A bot's depth, noise, tips, node budget and generator, and the lean loop's
    counts: refused at once by name (a depth of 10**30 or a NaN noise used to reach the
    search; an int seed for rng a raw AttributeError)."""
    _refused(call, match)


def test_issue27_bots_still_play_with_good_arguments():
    g = CheckersGame()
    rng = np.random.default_rng(3)
    for bot in (ai.easy, ai.normal, ai.strong, ai.tip_bot(without="trade", depth=np.int64(1))):
        assert bot(g, rng) in g.legal_moves()
    assert ai.easy(g) in g.legal_moves() and ai.best_move(g, np.int64(2)) in g.legal_moves()
    out, plies = fastloop.play_bots(CheckersGame(), (ai.normal, ai.normal), rng, 20, 20)
    assert plies == 20 and out is None


def test_issue27_widget_and_puzzle_arguments():
    """The board's own entries refuse what is no options dict, Selection, cell text or
    checkers puzzle, by name, and leave the board's game as it was."""
    from boardkit.checkers.widget import CheckersWidget
    from boardkit.diamond.puzzles import PUZZLES as DIAMOND
    w = CheckersWidget()
    g = w.game
    for bad in (None, "custom", ["rules"], BadRepr()):
        _refused(lambda: w.make_game(bad), "options", g)          # checked by the base widget
        _refused(lambda: w.render(bad), "selection", g)           # checked by the base widget
        if not isinstance(bad, str):
            _refused(lambda: w.why_not_selectable(bad), "cell", g)
        _refused(lambda: puzzles.make_game(bad), "puzzle must be a Puzzle")
        _refused(lambda: puzzles.widget_options(bad), "puzzle must be a Puzzle")
    _refused(lambda: w.make_game({"rules": "custom"}), "custom rules need board_size", g)
    _refused(lambda: w.make_game({"rules": 10 ** 5000}), "options['rules'] must be one of", g)
    _refused(lambda: puzzles.make_game(DIAMOND.puzzles[0]), "must be a checkers puzzle")
    assert w.make_game({"rules": "international"}).rules == CheckersRules.international()
    assert puzzles.widget_options(puzzles.PUZZLES.puzzles[3]) == {"rules": "international"}


# --------------------------------------------- issue 27: the start with the wrong side to move
START_RULES = {
    "american": CheckersRules.american(),
    "no_forced": CheckersRules.no_forced(),
    "international": CheckersRules.international(),
    "american_white_first": CheckersRules.custom(first_player="white"),
    "backward_8x8": CheckersRules.custom(men_capture_backward=True),
    "10x10_american": CheckersRules.custom(board_size=10),
    "12x12": PRESETS[3],
    "12x12_black_first": CheckersRules.custom(board_size=12, men_capture_backward=True,
                                              flying_kings=True, draw_rules="international"),
}


def _refused_everywhere(fen, rules, rule):
    """The position is refused naming ``rule`` as a set-up, as a PDN FEN tag (the rules
    given to the reader) and as a save's start position."""
    assert_rejected(None, lambda: CheckersGame(rules, fen=fen), FormatError, rule)
    assert_rejected(None, lambda: read_pdn(f'[FEN "{fen}"]\n*', rules), FormatError, rule)
    doc = json.loads(CheckersGame(rules).to_json())
    doc["state"] = {"start": {"fen": fen}, "moves": []}
    assert_rejected(None, lambda: CheckersGame.from_json(json.dumps(doc)), FormatError, rule)


@pytest.mark.parametrize("name", list(START_RULES))
def test_issue27_every_start_with_the_second_player_to_move_is_refused(name):
    """CK-03/CK-04: the start position of every preset (and of the customs: the other
    first player, men capturing backwards, 10x10 and 12x12) with the player who moves
    second to move. Nobody has moved, so it is unreachable; where men capture backwards
    (international) the old check took an empty square in front of a man for a backward
    jump, but no jump happened: the side to move still has every piece."""
    rules = START_RULES[name]
    start = CheckersGame(rules).fen()
    wrong = "BW"[1 - rules.first_turn] + start[1:]
    _refused_everywhere(wrong, rules, "CK-04")
    err = assert_rejected(None, lambda: CheckersGame(rules, fen=wrong), FormatError)
    assert err.key == "ck.err.pos.unreachable"
    assert CheckersGame(rules, fen=start).fen() == start          # the start itself is fine


@pytest.mark.parametrize("fen,rules", [
    ("B:W31-50:B1-20", CheckersRules.international()),    # the start, Black to move
    ("B:W46-50:B1-20", CheckersRules.international()),    # White's men on its first row
    ("B:W46-50:B1-19,26", CheckersRules.international()), # the same, a Black man advanced
    ("B:W36-50:B1-20", CheckersRules.international()),    # every square behind White taken
    ("W:W21-32:B1-12", CheckersRules.custom(men_capture_backward=True)),
    ("W:W21-32:B1-11,13", CheckersRules.custom(men_capture_backward=True)),  # 13: 9 behind it
])
def test_issue27_no_capture_possible_so_only_a_step_explains_the_last_move(fen, rules):
    """The same class: the side to move has all its pieces, so the last move took none;
    men then only step forwards, and none of the mover's men has the square behind it
    empty."""
    _refused_everywhere(fen, rules, "CK-04")


@pytest.mark.parametrize("fen,rules", [
    ("B:W31-50:B1-19", CheckersRules.international()),    # one Black piece taken: 31-35 jumped back
    ("B:W46-50:B1-18,26", CheckersRules.international()), # 46-50 jumped back over 41-45
    ("W:W21-32:B1-12,14", CheckersRules.custom(board_size=10, men_capture_backward=True)),
    ("W:W20:B1,2", CheckersRules.custom(men_capture_backward=True)),   # 1 jumped back over 6
    ("B:WK31,32-50:B1-20", CheckersRules.international()),  # a king steps back as well
    ("W:W31-50:B1-20", CheckersRules.international()),    # the start itself
])
def test_issue27_positions_a_game_reaches_stay_accepted(fen, rules):
    """Positions that a capture (or a step) explains are still accepted."""
    check_invariants(CheckersGame(rules, fen=fen))
