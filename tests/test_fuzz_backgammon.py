"""Bad input never hangs, never escapes as a raw exception, never loads an impossible
backgammon game (issue 8).

Hypothesis (derandomized, so every run tries the same inputs) throws garbage at every
parser and loader of the game: move text, move values, Position and Match IDs, JSON
(whole documents and single mutated fields of real saved games), files, rules, set-up
calls, bear-off positions and draw options. Each call must answer within a second with
a BoardkitError subclass and leave the game as it was. Then targeted regressions for
each class issue 8 lists for backgammon, and the round trip
``from_json(game.to_json())`` over random games with cube actions and matches.
"""
from __future__ import annotations

import json
import os
import time

import numpy as np
import pytest
from hostile import BadRepr, deep
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardkit._core import BoardkitError, FormatError
from boardkit._input import short_repr
from boardkit.backgammon import BackgammonGame, BackgammonMatch, BackgammonRules, CubeAction, Play
from boardkit.backgammon import bearoff as B
from boardkit.backgammon.game import side
from boardkit.backgammon.notation import _pack, decode_match_id, decode_position_id, parse_notation

from conftest import answers_fast, assert_rejected, check_invariants, random_games

FAST = 1.0          # seconds: every small input's answer, on a loaded 2-core machine
BIG = 3.0           # seconds: a 1 MB input (measured ~0.1-0.4 s; 8 agents share 2 cores)
#: examples per fuzz test: 150 in `make test` (a few seconds); set BOARDKIT_FUZZ_EXAMPLES
#: for a longer run by hand
FUZZ = settings(derandomize=True, max_examples=int(os.environ.get("BOARDKIT_FUZZ_EXAMPLES", "150")),
                deadline=None, database=None, suppress_health_check=list(HealthCheck))
STATS = {"inputs": 0, "slowest": 0.0, "other_errors": 0, "big_inputs": 0, "slowest_big": 0.0}


def _call(fn, *args, _limit=FAST, **kw):
    """Run fn; return the BoardkitError it raised (or None). Any other exception fails
    the test; so does an answer slower than ``_limit`` seconds."""
    t0 = time.perf_counter()
    err = None
    try:
        fn(*args, **kw)
    except BoardkitError as e:
        err = e
    except Exception as e:          # noqa: BLE001 - the point of the test
        STATS["other_errors"] += 1
        raise AssertionError(f"{type(e).__name__} escaped: {e!r:.200}") from e
    dt = time.perf_counter() - t0
    STATS["inputs"] += 1
    STATS["slowest"] = max(STATS["slowest"], dt)
    assert dt < _limit, f"{fn.__name__} took {dt:.2f} s"
    if err is not None:
        assert len(str(err)) < 2000, "error messages stay short for big inputs"
    return err


def _refused_unchanged(game, fn, *args, **kw):
    before = game.to_json()
    err = _call(fn, *args, **kw)
    assert game.to_json() == before, "a refused input changed the game"
    return err


def _big(fn):
    """fn() in a thread with a wall-clock bound (conftest.answers_fast): the BoardkitError
    it answers with; any other exception or a late answer fails."""
    _, exc, seconds = answers_fast(fn, limit=BIG)
    STATS["big_inputs"] += 1
    STATS["slowest_big"] = max(STATS["slowest_big"], seconds)
    assert exc is None or isinstance(exc, BoardkitError), f"{type(exc).__name__} escaped: {exc!r:.200}"
    return exc


def _game_in_move_phase() -> BackgammonGame:
    return BackgammonGame().set_dice(3, 1)


RULES = [BackgammonRules.money(), BackgammonRules.money(jacoby=True, max_cube=4),
         BackgammonRules.no_cube(), BackgammonRules.match(3)]


def _factory():
    """Each new game takes the next rules of RULES (money, Jacoby, no cube, match)."""
    _factory.n = getattr(_factory, "n", -1) + 1
    return BackgammonGame(RULES[_factory.n % len(RULES)])


def _saved_states(seed=7, n=6) -> list[dict]:
    out = []
    for k, (g, _, _) in enumerate(random_games(_factory, games=n, seed=seed)):
        if k % 7 == 0:
            out.append(json.loads(g.to_json()))
    return out


SAVED = _saved_states()
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**40, 10**40), st.floats(),
                 st.text(max_size=30), st.lists(st.integers(-3, 30), max_size=30),
                 st.lists(st.lists(st.integers(-1, 16), max_size=27), max_size=3),
                 st.dictionaries(st.text(max_size=5), st.integers(), max_size=3))
TEXT = st.one_of(st.text(max_size=60),
                 st.text(alphabet="0123456789/*()barofBAROF -,\u0664\uff14", max_size=60),
                 st.sampled_from(["24/18 13/11", "bar/22", "6/off", "8/5(2)", "13/7*", "25/0",
                                  "8/5(9)", "1/2", "99/1", "bar/off", "roll", "double", "take",
                                  "pass", "drop", "(no play)", "\uff18/\uff15 6/5", "8/5 6/5 " * 40]))


# ------------------------------------------------------------------ fuzzing
@FUZZ
@given(TEXT)
def test_fuzz_move_text(text):
    """BG-16: move text is read or refused (FormatError / IllegalMoveError), fast."""
    g = _game_in_move_phase()
    _refused_unchanged(g, g.play, text) if _bad_play(g, text) else None
    _call(parse_notation, text)


def _bad_play(g, text) -> bool:
    try:
        g.copy().play(text)
    except BoardkitError:
        return True
    return False


@FUZZ
@given(JUNK)
def test_fuzz_move_values(value):
    """A move value that is not a legal Play/CubeAction is refused with IllegalMoveError."""
    for g in (_game_in_move_phase(), BackgammonGame()):
        err = _refused_unchanged(g, g.play, value)
        assert err is not None
        bad = Play._lazy(value, (), (3, 1))
        _refused_unchanged(g, g.play, bad)
        # a Play built by hand checks its arguments (BoardkitError); one that passes is
        # still refused by play() unless it is a legal play here
        hand_made = _call(Play, value if isinstance(value, list) else (), value)
        if hand_made is None:
            _refused_unchanged(g, g.play, Play(value if isinstance(value, list) else (), value))


@FUZZ
@given(st.one_of(st.text(max_size=20), st.text(alphabet="ABCDEFGHabcdefgh0123456789+/=", min_size=12,
                                               max_size=14)),
       st.one_of(st.none(), st.text(max_size=14),
                 st.text(alphabet="ABCDEFGHIJQRSTabcdefgh0123456789+/", min_size=12, max_size=12)))
def test_fuzz_gnubg_ids(pid, mid):
    """BG-17: any Position ID / Match ID text is decoded or refused with FormatError."""
    _call(decode_position_id, pid)
    if mid is not None:
        _call(decode_match_id, mid)
    _call(BackgammonGame.from_position_id, pid, mid)
    _call(BackgammonGame.from_position_id, "4HPwATDgc/ABMA", mid)


@FUZZ
@given(st.integers(0, 15), st.integers(0, 3), st.integers(0, 1), st.integers(0, 1),
       st.integers(0, 7), st.integers(0, 1), st.integers(0, 1), st.integers(0, 3),
       st.integers(0, 7), st.integers(0, 7), st.integers(0, 9), st.integers(0, 9),
       st.integers(0, 9))
def test_fuzz_match_id_fields(cube, owner, roller, crawford, state, turn, doubled, resign,
                              d1, d2, length, s0, s1):
    """BG-17: every combination of Match ID fields loads only into a state play can reach
    (checked by the game's own JSON round trip)."""
    mid = _pack(dict(cube=cube, owner=owner, roller=roller, crawford=crawford, state=state,
                     turn=turn, doubled=doubled, resign=resign, die1=d1, die2=d2,
                     length=length, score0=s0, score1=s1))
    box = {}
    _call(lambda: box.setdefault("g", BackgammonGame.from_position_id("4HPwATDgc/ABMA", mid)))
    if "g" in box:
        g = box["g"]
        assert BackgammonGame.from_json(g.to_json()).to_json() == g.to_json()


@FUZZ
@given(st.sampled_from(range(len(SAVED))), st.sampled_from(
    ["board", "phase", "turn", "roller", "dice", "cube", "cube_owner", "result", "opening",
     "score", "crawford", "extra"]), JUNK)
def test_fuzz_json_fields(k, field, value):
    """One field of a real saved game replaced by junk: loaded only if the whole state is
    still one play can reach (its own round trip holds), else FormatError."""
    doc = json.loads(json.dumps(SAVED[k]))
    doc["state"][field] = value
    text = json.dumps(doc)
    box = {}
    err = _call(lambda: box.setdefault("g", BackgammonGame.from_json(text)))
    if err is not None:
        assert isinstance(err, FormatError)
        assert "backgammon JSON" in str(err)
    else:
        g = box["g"]
        assert BackgammonGame.from_json(g.to_json()).to_json() == g.to_json()


@FUZZ
@given(st.one_of(st.text(max_size=80), st.binary(max_size=80),
                 st.dictionaries(st.text(max_size=8), JUNK, max_size=4).map(json.dumps)))
def test_fuzz_json_documents(text):
    _call(BackgammonGame.from_json, text)


@FUZZ
@given(st.dictionaries(st.sampled_from(["cube", "jacoby", "match_length", "max_cube", "x"]),
                       JUNK, max_size=4))
def test_fuzz_rules(kw):
    """Rules options: a bad value is a BoardkitError naming the rule."""
    known = {k: v for k, v in kw.items() if k != "x"}      # (an unknown keyword is Python's TypeError)
    _call(lambda: BackgammonRules(**known))
    doc = json.loads(BackgammonGame().to_json())
    doc["rules"] = kw
    _call(BackgammonGame.from_json, json.dumps(doc))
    _call(BackgammonMatch, kw.get("match_length"))


@FUZZ
@given(JUNK, JUNK, JUNK, JUNK)
def test_fuzz_setups(a, b, c, d):
    """set_dice, set_match_state, from_position, side(), CubeAction, bear-off positions."""
    g = BackgammonGame(BackgammonRules.match(5))
    _refused_unchanged(g, g.set_match_state, score=a, crawford=b, cube=c, cube_owner=d)
    g2 = BackgammonGame()
    for x, y in ((a, b), (c, d), (a, 3)):
        _refused_unchanged(g2, g2.copy().set_dice, x, y)
    _call(BackgammonGame.from_position, a, b, turn=c)
    _call(BackgammonGame.from_position, side({6: 5}), side({6: 5}), turn=0, dice=a)
    _call(side, a if isinstance(a, dict) else {a: b} if isinstance(a, int) else None)
    _call(CubeAction, a)
    _call(B.check_points, a)
    _call(g.pip_count, a)
    _call(g.checkers_at, a if isinstance(a, int) else 0, 0)
    _call(g.board, a)
    _call(lambda: BackgammonGame(a))
    _call(lambda: BackgammonGame(score=a, crawford=b is True))
    moving = _game_in_move_phase()
    for fn in (moving.partial_steps, moving.position_after, moving.dice_left, moving.play_for_steps):
        _refused_unchanged(moving, fn, a)
        _refused_unchanged(moving, fn, [a, b])
    m = BackgammonMatch(3)
    _call(m.new_game, a)
    _call(m.record, a)


@FUZZ
@given(st.dictionaries(st.sampled_from(["size", "flip", "labels", "highlight", "targets", "arrows",
                                        "selected", "hint", "last_move", "title", "done_steps",
                                        "status", "flipp", "colour", "cube"]), JUNK, max_size=3))
def test_fuzz_draw_options(opts):
    """draw(): an unknown option is refused by name; none is silently ignored."""
    g = _game_in_move_phase()
    err = _call(lambda: g.draw(**opts).to_svg())
    unknown = set(opts) - set(g.draw_extras) - {"size", "flip", "labels", "highlight", "targets",
                                               "arrows", "selected", "hint", "last_move", "title"}
    if unknown:
        assert err is not None and sorted(unknown)[0] in str(err)


@FUZZ
@given(JUNK, JUNK)
def test_fuzz_analysis_functions(a, b):
    """Probabilities, bear-off, evaluators and bots: bad arguments give BoardkitError."""
    from boardkit.backgammon import ai, pubeval
    from boardkit.backgammon import probability as P
    for fn in (lambda: P.shot_probability(a, b), lambda: P.hit_probability(a, b),
               lambda: P.enter_probability(a, b), lambda: P.bearoff_probability(a, b),
               lambda: P.simulate_shot(a, (), n=50), lambda: P.engine_enter_count(a, b),
               lambda: B.bearoff_plays(a, 3, b), lambda: ai.evaluate(a, b),
               lambda: ai.evaluate_many(a), lambda: pubeval.pubeval(a, False),
               lambda: pubeval.is_race(a, b), lambda: ai.bot(a), lambda: ai.TipBot(a),
               lambda: ai.hint(_game_in_move_phase(), a),
               lambda: ai.explain(_game_in_move_phase(), a)):
        _call(fn)


# --------------------------------------------------------------- big inputs
@pytest.mark.parametrize("make", [
    lambda: "8/5 " * 250_000,
    lambda: "8" * 1_000_000,
    lambda: "/" * 1_000_000,
    lambda: "(" * 1_000_000,
])
def test_one_megabyte_inputs_answer_fast(make):
    """1 MB of move text, IDs, JSON and files: a short BoardkitError within a second."""
    text = make()
    g = _game_in_move_phase()
    before = g.to_json()
    assert _big(lambda: g.play(text)) is not None
    assert g.to_json() == before
    assert _big(lambda: BackgammonGame.from_position_id(text)) is not None
    assert _big(lambda: BackgammonGame.from_position_id("4HPwATDgc/ABMA", text)) is not None
    assert _big(lambda: BackgammonGame.from_json(text)) is not None
    assert _big(lambda: CubeAction(text)) is not None


def test_huge_python_collections_are_refused_without_materialising():
    """range(10**9) and friends: refused at once, never turned into a list first."""
    from boardkit.backgammon import probability as P
    huge = range(10**9)
    for fn in (lambda: P.shot_probability(5, huge), lambda: P.enter_probability(huge),
               lambda: P.hit_probability(huge), lambda: B.check_points(huge),
               lambda: B.check_points(iter(huge)), lambda: B.bearoff_plays(huge, 3, 1),
               lambda: P.simulate_shot(5, (), n=10**12), lambda: P.simulate_enter(2, 1, n=10**12),
               lambda: _game_in_move_phase().draw(highlight=["1"] * 10**6),
               lambda: _game_in_move_phase().play(list(range(10**6)))):
        assert isinstance(_big(fn), BoardkitError)


def test_big_json_and_files(tmp_path):
    doc = json.loads(BackgammonGame().to_json())
    doc["state"]["opening"] = [[3, 3]] * 120_000
    big = json.dumps(doc)
    assert 900_000 < len(big) < 1_000_000
    assert "opening" in str(_big(lambda: BackgammonGame.from_json(big)))
    deep = "[" * 500_000 + "]" * 500_000
    assert _big(lambda: BackgammonGame.from_json(deep)) is not None
    p = tmp_path / "bad.json"
    p.write_bytes(b"\xff\xfe" + b"x" * 1000)
    assert isinstance(_big(lambda: BackgammonGame.load(p)), FormatError)
    p.write_bytes(b"{" * 2_000_000)
    assert _big(lambda: BackgammonGame.load(p)) is not None


# ------------------------------------------------------- issue 8 regressions
def _doc(game: BackgammonGame) -> dict:
    return json.loads(game.to_json())


def _refused(doc: dict, *words: str) -> None:
    text = json.dumps(doc)
    err = assert_rejected(None, lambda: BackgammonGame.from_json(text), FormatError)
    for w in words:
        assert w in str(err), (w, str(err))


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e999"])
def test_infinity_in_json_is_a_format_error(number):
    """Infinity in any number field: FormatError, not OverflowError."""
    g = BackgammonGame(BackgammonRules.no_cube()).set_dice(6, 5)
    g.play(g.legal_moves()[0])
    base = g.to_json()
    for field in ('"cube": 1', '"turn": 1'):
        text = base.replace(field, field.split(":")[0] + ": " + number)
        assert text != base
        with pytest.raises(FormatError):
            BackgammonGame.from_json(text)


def _respond_doc(rules, *, cube=1, owner=None, score=(0, 0), crawford=False, turn=1, roller=0):
    g = BackgammonGame(rules)
    g.set_dice(3, 1)
    g.play("8/5 6/5")
    d = _doc(g)
    d["state"].update(phase="respond", turn=turn, roller=roller, dice=None, cube=cube,
                      cube_owner=owner, score=list(score), crawford=crawford)
    return d


def test_bg14_double_in_the_crawford_game_is_refused():
    """BG-14: JSON and Match ID with a double offered in the Crawford game."""
    _refused(_respond_doc(BackgammonRules.match(5), score=(4, 2), crawford=True), "BG-14")
    mid = _pack(dict(cube=0, owner=3, roller=0, crawford=1, state=1, turn=1, doubled=1,
                     resign=0, die1=0, die2=0, length=5, score0=4, score1=2))
    with pytest.raises(FormatError, match="BG-14"):
        BackgammonGame.from_position_id("4HPwATDgc/ABMA", mid)


def test_bg12_double_by_the_player_without_the_cube_is_refused():
    _refused(_respond_doc(BackgammonRules.money(), cube=2, owner=1, roller=0, turn=1),
             "only the cube owner", "BG-12")
    mid = _pack(dict(cube=1, owner=1, roller=0, crawford=0, state=1, turn=1, doubled=1,
                     resign=0, die1=0, die2=0, length=0, score0=0, score1=0))
    with pytest.raises(FormatError, match="only the cube owner"):
        BackgammonGame.from_position_id("4HPwATDgc/ABMA", mid)


def test_bg12_redouble_past_max_cube_is_refused():
    _refused(_respond_doc(BackgammonRules.money(max_cube=4), cube=4, owner=0), "highest", "BG-12")
    _refused(_respond_doc(BackgammonRules.money(), cube=64, owner=0), "highest", "BG-12")
    mid = _pack(dict(cube=6, owner=0, roller=0, crawford=0, state=1, turn=1, doubled=1,
                     resign=0, die1=0, die2=0, length=0, score0=0, score1=0))
    with pytest.raises(FormatError, match="highest"):
        BackgammonGame.from_position_id("4HPwATDgc/ABMA", mid)


def test_bg12_doubler_cannot_answer_its_own_double():
    _refused(_respond_doc(BackgammonRules.money(), turn=0, roller=0), "its own double", "BG-12")
    mid = _pack(dict(cube=0, owner=3, roller=1, crawford=0, state=1, turn=1, doubled=1,
                     resign=0, die1=0, die2=0, length=0, score0=0, score1=0))
    with pytest.raises(FormatError):
        BackgammonGame.from_position_id("4HPwATDgc/ABMA", mid)


def test_bg12_a_legal_respond_state_loads_and_round_trips_after_take():
    """The refusals above are not over-eager: a double that play can reach loads, and
    after the take the game's own JSON loads again (the bug was the reverse)."""
    d = _respond_doc(BackgammonRules.match(5), cube=2, owner=0, score=(3, 2))
    g = BackgammonGame.from_json(json.dumps(d))
    g.play("take")
    assert g.cube_value == 4 and g.cube_owner == 1
    assert BackgammonGame.from_json(g.to_json()).to_json() == g.to_json()


def test_bg10_fifteen_off_while_play_goes_on_is_refused():
    g = BackgammonGame.from_position(side({1: 1}), side({6: 2}), dice=(6, 5))
    d = _doc(g)
    d["state"]["board"][0] = side({})
    _refused(d, "all 15", "BG-10")
    d["state"]["board"][1] = side({})
    _refused(d, "BG-10")


def test_bg10_fifteen_off_from_gnubg_ids_is_refused():
    """BG-10 via BG-17: a Position ID with a side that has borne off all 15 is not a game
    in play, with or without a Match ID."""
    from boardkit.backgammon.notation import encode_position_id
    pid = encode_position_id(side({}), side({6: 2}))
    for mid in (None, BackgammonGame().set_dice(3, 1).match_id()):
        err = assert_rejected(None, lambda: BackgammonGame.from_position_id(pid, mid), FormatError)
        assert "BG-10" in str(err)


def test_bg11_impossible_result_points_are_refused():
    g = BackgammonGame.from_position(side({1: 1}), side({6: 15}), dice=(6, 5))
    g.play("1/off")
    assert g.is_over() and g.outcome().points == 2         # a gammon at cube 1
    d = _doc(g)
    assert BackgammonGame.from_json(json.dumps(d)).outcome().points == 2
    for pts, kind in ((3, 2), (1, 1), (2, 3), (10**6, 2), (-2, 2)):
        d2 = json.loads(json.dumps(d))
        d2["state"]["result"][2:4] = [pts, kind]
        _refused(d2, "BG-11")
    d2 = json.loads(json.dumps(d))
    d2["state"]["result"][0] = 1                            # the loser as winner
    _refused(d2, "BG-1")
    d2 = json.loads(json.dumps(d))
    d2["state"]["result"][1] = "Red wins everything"        # the text is ours, not the file's
    assert BackgammonGame.from_json(json.dumps(d2)).outcome().reason == g.outcome().reason


def test_bg12_pass_in_the_crawford_game_is_refused():
    g = BackgammonGame(BackgammonRules.match(5), score=(4, 1), crawford=True).set_dice(3, 1)
    d = _doc(g)
    d["state"].update(phase="over", dice=None, turn=1, roller=0,
                      result=[0, "Red passed", 1, 1])
    _refused(d, "BG-14")


def test_bg14_one_point_match_starts_and_finishes():
    """BG-13/BG-14: a 1-point match has no Crawford game; its one game is played out."""
    m = BackgammonMatch(1)
    assert not m.next_is_crawford()
    g = m.new_game()
    assert not g.crawford and g.score == (0, 0)
    rng = np.random.default_rng(3)
    from boardkit.sim import play_game
    play_game(g, [lambda g, r: g.legal_moves()[0]] * 2, rng)
    m.record(g)
    assert m.is_over() and max(m.score) == 1
    with pytest.raises(BoardkitError, match="BG-14"):
        BackgammonGame(BackgammonRules.match(1), crawford=True)


def test_round_trip_holds_for_every_reachable_state():
    """from_json(game.to_json()) after every step of random games (conftest.random_games):
    money play, Jacoby with a small cube, no cube and a 3-point match, cube actions and
    rolls chosen at random; undo of each step restores the state before it."""
    n, before, last = 0, None, None
    for g, _, _ in random_games(_factory, games=24, seed=11):
        check_invariants(g, before if g is last else None)
        again = BackgammonGame.from_json(g.to_json())
        assert [str(m) for m in again.legal_moves()] == [str(m) for m in g.legal_moves()]
        before, last = g.to_json(), g
        n += 1
    assert n > 500


def test_round_trip_along_whole_matches():
    """BG-13/BG-14: every state of random 1-, 2- and 5-point matches (Crawford games
    included) loads back from its own JSON."""
    rng = np.random.default_rng(5)
    crawford_seen = 0
    for length in (1, 2, 3, 5, 5, 7):
        m = BackgammonMatch(length)
        while not m.is_over():
            g = m.new_game()
            crawford_seen += g.crawford
            while True:
                assert BackgammonGame.from_json(g.to_json()).to_json() == g.to_json()
                if g.is_over():
                    break
                if g.chance_pending():
                    g.resolve_chance(rng)
                elif g.phase == "cube":         # double now and then, mostly take
                    g.play("double" if rng.random() < 0.03 else "roll")
                elif g.phase == "respond":
                    g.play("take" if rng.random() < 0.7 else "pass")
                else:
                    moves = g.legal_moves()
                    g.play(moves[int(rng.integers(len(moves)))])
            m.record(g)
    assert crawford_seen >= 2


# ------------------------------------------------------------ bear-off cache
@pytest.fixture
def small_cache(tmp_path, monkeypatch):
    """A 3-checker table cached in tmp_path (84 positions: fast to build)."""
    monkeypatch.setenv("BOARDKIT_CACHE", str(tmp_path))
    monkeypatch.setattr(B, "MAX_CHECKERS", 3)
    monkeypatch.setattr(B, "_TABLE", None)
    good = B.table()
    monkeypatch.setattr(B, "_TABLE", None)
    return B.cache_path(), good


def _flip(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0x10]) + data[at + 1:]


WRONG_BUT_CONSISTENT = ["one_shifted", "swapped", "all_scaled"]


def _consistent_but_wrong(good, mean, dist, how):
    """Rewrite values so that every check of the file alone passes (distributions sum
    to 1, means agree with them, gnubg's known values kept, a fresh checksum) and only
    the moves can tell: one position's distribution one roll later, two positions'
    values swapped, or every position with three checkers a little slower."""
    rolls = np.arange(B.MAX_ROLLS)
    keep = {good.index(p) for p in B.KNOWN_MEANS if sum(p) <= B.MAX_CHECKERS}
    if how == "one_shifted":
        rows = [good.index((0, 1, 1, 1, 0, 0))]
    elif how == "swapped":
        i, j = good.index((0, 0, 1, 0, 2, 0)), good.index((0, 2, 0, 1, 0, 0))
        mean[[i, j]], dist[[i, j]] = mean[[j, i]], dist[[j, i]]
        return
    else:
        rows = [i for i in range(len(good)) if good.positions[i].sum() == 3 and i not in keep]
    for i in rows:
        assert i not in keep
        d = dist[i].copy()
        dist[i] = 0.9 * d + 0.1 * np.roll(d, 1)
        mean[i] = (dist[i] * rolls).sum()


@pytest.mark.parametrize("how", WRONG_BUT_CONSISTENT)
def test_bg09_consistent_but_wrong_cache_passes_the_file_checks(small_cache, monkeypatch, how):
    """The rewritten files of the test below pass every check made on the file alone:
    only the values recomputed from the moves refuse them."""
    path, good = small_cache
    mean, dist = good.mean.copy(), good.dist.copy()
    _consistent_but_wrong(good, mean, dist, how)
    t = B.BearoffTable(B.MAX_CHECKERS, good.positions, mean, dist)
    recompute = B._recomputed_problem
    monkeypatch.setattr(B, "_recomputed_problem", lambda t: None)
    assert B._table_problem(t, B.MAX_CHECKERS) is None
    assert "moves" in recompute(t)
    assert recompute(good) is None
    if how == "all_scaled":
        # the sample recomputed by bearoff_plays (no code shared with build_table) alone
        # refuses it too: 48 of the 84 positions, so some of the 56 changed ones
        monkeypatch.setattr(B, "_one_roll_back", lambda pos, mean, dist: (mean, dist))
        assert "its moves give" in recompute(t)


@pytest.mark.parametrize("damage", ["empty", "truncated", "bitflip_head", "bitflip_middle",
                                    "bitflip_tail", "garbage", "wrong_values", "wrong_known_value",
                                    *WRONG_BUT_CONSISTENT])
def test_bg09_damaged_or_wrong_cache_is_rebuilt(small_cache, monkeypatch, damage):
    """BG-09: a damaged cache file (empty, truncated, bit-flipped) or one with wrong
    values is detected, rebuilt and replaced; never an EOFError/BadZipFile/zlib.error."""
    path, good = small_cache
    data = path.read_bytes()
    if damage == "empty":
        bad = b""
    elif damage == "truncated":
        bad = data[: len(data) // 2]
    elif damage.startswith("bitflip"):
        bad = _flip(data, {"head": 3, "middle": len(data) // 2, "tail": len(data) - 30}[damage[8:]])
    elif damage == "garbage":
        bad = b"\x93NUMPY" + bytes(range(256)) * 4
    else:
        import io
        mean, dist = good.mean.copy(), good.dist.copy()
        if damage == "wrong_values":
            mean[10] += 0.5                                   # disagrees with its distribution
        elif damage == "wrong_known_value":                   # consistent, but not gnubg's
            i = good.index((0, 0, 0, 0, 0, 2))
            dist[i] = np.roll(dist[i], 1)
            mean[i] = (dist[i] * np.arange(B.MAX_ROLLS)).sum()
        else:
            _consistent_but_wrong(good, mean, dist, damage)
        buf = io.BytesIO()
        np.savez_compressed(buf, positions=good.positions, mean=mean, dist=dist,
                            sha256=np.array(B._digest(good.positions, mean, dist)))
        bad = buf.getvalue()
    path.write_bytes(bad)
    assert B._load_cache(path) is None
    t = B.table()                      # rebuilt, not an exception
    assert np.array_equal(t.mean, good.mean)
    monkeypatch.setattr(B, "_TABLE", None)
    assert B._load_cache(path) is not None        # and the file was replaced by a good one


def test_bg09_cache_write_is_atomic(small_cache, monkeypatch):
    """The cache goes through boardkit's atomic write (temporary file + replace)."""
    path, good = small_cache
    calls = []
    real = B.atomic_write
    monkeypatch.setattr(B, "atomic_write", lambda p, data: (calls.append(p), real(p, data)))
    path.unlink()
    B.table()
    assert calls == [path] and path.exists()
    assert not [p for p in path.parent.iterdir() if p != path]


# ------------------------------------------------- API entry checks (issue 27)
# Each class of finding tests/test_fuzz_api.py had for backgammon: the public entry now
# checks its argument once and refuses with a BoardkitError naming it.
GIANT = 10 ** 5000
HOSTILE_VALUES = [None, True, -1, GIANT, float("nan"), "", "\udc80", "9" * 100_000, b"\xff",
                  deep(10_000), {"a": 1}, object(), BadRepr(), np.zeros(10 ** 5), np.int64(-7),
                  lambda *a: None]


def _id(value) -> str:
    """A test id for any hostile value, the same in every process (pytest's own str()
    fails on a 5,000-digit int; an object's repr holds its address)."""
    if isinstance(value, (bool, int, float, str, bytes, list, tuple, dict)):
        return short_repr(value, 24)
    return type(value).__name__


def _refuses(fn, *args, name: str, **kw) -> BoardkitError:
    """fn(*args, **kw) is refused with a short BoardkitError naming ``name``."""
    err = _call(fn, *args, **kw)
    assert err is not None, f"{fn.__name__} accepted {args!r:.80} {kw!r:.80}"
    assert name in str(err), f"{name!r} not named in {str(err)!r:.200}"
    return err


@pytest.mark.parametrize("fn,args", [
    ("shot_probability", (GIANT,)), ("shot_count", (GIANT,)), ("hitting_rolls", (GIANT,)),
    ("hit_probability", ([GIANT],)), ("engine_shot_count", (GIANT,)),
    ("enter_probability", (GIANT,)), ("enter_distribution", (GIANT,)),
    ("engine_enter_count", (GIANT,)), ("simulate_shot", (GIANT,)), ("simulate_enter", (GIANT,)),
    ("enter_distribution", (2, GIANT)), ("simulate_enter", (GIANT, GIANT))], ids=_id)
def test_messages_are_built_safely_from_giant_numbers(fn, args):
    """A 5,000-digit number is refused with a short message (it used to raise the raw
    ValueError of int -> str conversion while the message was built)."""
    from boardkit.backgammon import probability as P
    err = _call(getattr(P, fn), *args)
    assert err is not None and "digits" in str(err) and len(str(err)) < 300
    assert _call(B.check_points, (0, 0, 0, 0, 0, -GIANT)) is not None


@pytest.mark.parametrize("bad", [GIANT, "x" * 100_000, [1], {"a": 1}, BadRepr(), np.zeros(10 ** 5)],
                         ids=_id)
def test_exercise_position_names_are_checked(bad):
    from boardkit.backgammon.exercises import position
    _refuses(position, bad, name="name")
    assert position("middle").pip_count() == position("middle").pip_count()


def _bots():
    from boardkit.backgammon import ai, pubeval
    from boardkit.backgammon.ai import search
    return [search.random_bot, search.easy_bot, search.normal_bot, search.strong_bot,
            search.lookahead_bot, pubeval.pubeval_bot, ai.bot("pubeval")]


@pytest.mark.parametrize("bad", HOSTILE_VALUES + ["24/18", side({6: 15})], ids=_id)
def test_game_arguments_are_checked_at_the_entry(bad):
    """Bots, the book, the cube decision and the puzzles' make_game refuse what is not a
    BackgammonGame (or a Puzzle) by name, instead of a raw AttributeError."""
    from boardkit.backgammon import puzzles
    from boardkit.backgammon.ai import search
    from boardkit.checkers import CheckersGame
    for bad_game in (bad, CheckersGame()):
        for bot in _bots():
            _refuses(bot, bad_game, np.random.default_rng(1), name="game")
        _refuses(search.book_play, bad_game, name="game")
        _refuses(search.cube_decision, bad_game, name="game")
        _refuses(puzzles.make_game, bad_game, name="puzzle")


@pytest.mark.parametrize("bad", [42, "x", 2.5, -1, GIANT, np.zeros(3), BadRepr()], ids=_id)
def test_choose_play_checks_rng_and_candidates(bad):
    from boardkit.backgammon.ai import choose_play
    g = _game_in_move_phase()
    _refuses(choose_play, g, "random", bad, name="rng")
    if not (type(bad) is int and bad == 42):     # (42 candidates: a count it takes)
        _refuses(choose_play, g, "lookahead", None, bad, name="candidates")
    assert choose_play(g, "random", np.random.default_rng(1)) in g.legal_moves()
    assert choose_play(g, "lookahead", None, 2) in g.legal_moves()


def test_bots_refuse_a_finished_game():
    """A finished game has no move: every bot and the cube decision refuse it with a
    BoardkitError (pubeval's bot used to fail in its position check, the cube decision
    answered "roll")."""
    from boardkit.backgammon import ai
    from boardkit.backgammon.ai import search
    from boardkit.sim import play_game
    g = BackgammonGame()
    play_game(g, [ai.bot("random"), ai.bot("random")], np.random.default_rng(1))
    assert g.is_over()
    for bot in _bots():
        assert "over" in str(_refused_unchanged(g, bot, g, np.random.default_rng(1)))
    assert "over" in str(_refused_unchanged(g, search.cube_decision, g))
    opening = BackgammonGame()
    assert "roll" in str(_call(ai.bot("pubeval"), opening, np.random.default_rng(1)))


@pytest.mark.parametrize("rng", [42, "seed", np.random.RandomState(1), object(), 2.5], ids=_id)
def test_bots_refuse_an_rng_that_is_not_a_generator(rng):
    g = _game_in_move_phase()
    for bot in _bots():
        _refused_unchanged(g, bot, g, rng)
        assert "rng" in str(_call(bot, g, rng))
    for bot in _bots():                  # a Generator, or None (the bot's own), are fine
        assert bot(g, np.random.default_rng(2)) in g.legal_moves()
        assert bot(g, None) in g.legal_moves()


@pytest.mark.parametrize("bad", HOSTILE_VALUES, ids=_id)
def test_positions_and_dice_are_checked_at_the_public_entries(bad):
    """plays_for, pip_count, tutor.shots, Play(...), OpeningRoll(...) and draw_position
    check the position (26 counts 0..15, 15 checkers, BG-02) and dice by name."""
    from boardkit.backgammon import tutor
    from boardkit.backgammon.draw import draw_position
    from boardkit.backgammon.game import OpeningRoll, plays_for
    from boardkit.backgammon.movegen import START, pip_count
    _refuses(plays_for, bad, START, 3, 1, name="mine")
    _refuses(plays_for, START, bad, 3, 1, name="theirs")
    _refuses(plays_for, START, START, bad, 1, name="d1")
    _refuses(plays_for, START, START, 3, bad, name="d2")
    _refuses(pip_count, bad, name="side")
    _refuses(tutor.shots, bad, START, name="mine")
    _refuses(tutor.shots, START, bad, name="theirs")
    _refuses(Play, bad, (START, START), name="steps")
    _refuses(Play, (), bad, name="after")
    _refuses(OpeningRoll, bad, name="rolls")
    _refuses(draw_position, bad, START, name="white")
    _refuses(draw_position, START, bad, name="red")


def test_checked_entries_answer_as_before_for_good_input():
    """Valid positions (tuples, lists, numpy arrays) give the same plays, pips and
    drawings as the unchecked engine."""
    from boardkit.backgammon import tutor
    from boardkit.backgammon.draw import draw_position
    from boardkit.backgammon.game import OpeningRoll, plays_for
    from boardkit.backgammon.movegen import START, _plays_for, pip_count
    for mine in (START, list(START), np.array(START)):
        assert [p.after for p in plays_for(mine, START, 3, 1)] == \
            [p.after for p in _plays_for(START, START, 3, 1)]
        assert pip_count(mine) == 167
    assert plays_for(START, START, np.int64(6), 6)[0].dice == (6, 6)
    assert tutor.shots(START, START) == (0, {})
    p = plays_for(START, START, 3, 1)[0]
    q = Play(p.steps, p.after, p.hits, p.hit_flags, p.dice)
    assert q == p and q.dice == (3, 1) and str(q) == str(p)
    import pickle
    assert pickle.loads(pickle.dumps(p)) == p
    assert OpeningRoll([(3, 3), (np.int64(5), 2)]) == (5, 2)
    svg_text = draw_position(START, START, highlight=[6, "8"], arrows=[["13", "7"]], dice=[3, 1],
                             cube=2, cube_owner=0, status="hi", size=300).to_svg()
    assert 'data-cell="bar"' in svg_text
    with pytest.raises(BoardkitError, match="red"):
        draw_position(START, side({19: 15}), highlight=[6])      # both on White's 6-point


@pytest.mark.parametrize("option,bad", [
    ("flip", None), ("labels", "x"), ("highlight", ["99"]), ("targets", 5.5), ("arrows", [["1"]]),
    ("arrow_player", 2), ("hint_arrows", "13"), ("dice", [7]), ("dice", GIANT), ("dice_used", -1),
    ("dice_player", np.zeros(3)), ("cube", 3), ("cube", GIANT), ("cube_owner", True),
    ("status", None), ("status", "\udc80"), ("size", float("nan")), ("title", 5), ("match", b"x"),
    ("marks", [BadRepr()]), ("lang", "xx")], ids=_id)
def test_draw_position_checks_every_option(option, bad):
    from boardkit.backgammon.draw import draw_position
    from boardkit.backgammon.movegen import START
    _refuses(draw_position, START, START, name=option, **{option: bad})


def test_numpy_arrays_in_flags_are_refused_by_name():
    """A numpy array where a flag, an owner or a level is expected is refused (it used
    to raise numpy's raw "truth value of an array is ambiguous")."""
    from boardkit.backgammon import ai
    arr = np.zeros(10 ** 5)
    _refuses(CubeAction, arr, name="cube action")
    _refuses(BackgammonGame, BackgammonRules.match(5), crawford=arr, name="crawford")
    g = BackgammonGame()
    _refused_unchanged(g, g.set_match_state, cube_owner=arr)
    assert "cube_owner" in str(_call(g.set_match_state, cube_owner=arr))
    _refuses(ai.bot, arr, name="level")
    assert g.set_match_state(cube_owner=None).cube_owner is None      # good values still set
    assert BackgammonGame(BackgammonRules.match(5), score=(4, 0), crawford=np.True_).crawford


@pytest.mark.parametrize("bad", [None, float("inf"), float("nan"), -1, GIANT, "3", [1], BadRepr()],
                         ids=_id)
def test_match_play_checks_its_counts_before_playing(bad):
    from boardkit.backgammon import ai
    m = BackgammonMatch(3)
    bots = [ai.bot("random"), ai.bot("random")]
    _refuses(m.play, bots, np.random.default_rng(1), max_games=bad, name="max_games")
    _refuses(m.play, bad, np.random.default_rng(1), name="bots")
    _refuses(m.play, bots, bad, name="rng")
    assert m.games == [] and m.score == [0, 0]          # a refusal played no game
    assert m.play(bots, np.random.default_rng(1)).is_over()


@pytest.mark.parametrize("bad", [None, 5, b"blots", [], ["blots"] * 7, object(), np.zeros(3)],
                         ids=_id)
def test_tip_bots_check_the_names(bad):
    from boardkit.backgammon.ai.tips import tip_bots
    _refuses(tip_bots, bad, name="names")
    with_bot, without_bot, new_game = tip_bots(["blots", "prime"])
    assert without_bot.breaks == ("blots", "prime") and new_game().rules.cube is False


def test_puzzle_positions_are_text():
    from boardkit.backgammon import puzzles
    _refuses(puzzles.parse_position, b"6:5 / 6:5 / 3-1", name="text")
    assert puzzles.make_game(puzzles.PUZZLES.puzzles[0]).phase == "move"


def test_exercise_answers_of_any_size_answer_fast():
    from boardkit.backgammon.exercises import ex
    t0 = time.perf_counter()
    assert ex.check_pips_start(np.zeros(10 ** 6)) is False
    assert time.perf_counter() - t0 < FAST
    assert ex.check_pips_start((167, 167)) is True


@pytest.mark.parametrize("bad", HOSTILE_VALUES[:13], ids=_id)
def test_widget_entries_check_their_arguments(bad):
    """BackgammonWidget's own entries: the game given, the rules, make_game's options,
    move_path's move, why_not_step's cells and ending_text's outcome."""
    from boardkit.backgammon.widget import BackgammonWidget
    from boardkit.checkers import CheckersGame
    _refuses(BackgammonWidget, CheckersGame(), name="game")
    if bad is not None:
        _refuses(BackgammonWidget, bad, name="game")
    _refuses(BackgammonWidget, rules=bad, name="rules")
    _refuses(BackgammonWidget, teacher=np.zeros(3), name="teacher")
    w = BackgammonWidget()
    before = w.game.to_json()
    if not isinstance(bad, dict):
        _refuses(w.make_game, bad, name="options")
    _refuses(w.make_game, {"rules": bad}, name="rules")
    _refuses(w.move_path, bad, name="move")
    if not isinstance(bad, str):        # text that is no cell answers None (not a point)
        _refuses(w.why_not_step, bad, "3", name="source")
        _refuses(w.why_not_step, "3", bad, name="cell")
    _refuses(w.ending_text, bad, name="out")
    assert w.game.to_json() == before
    assert w.make_game({"rules": "match 3"}).rules.match_length == 3
    assert w.move_path(CubeAction("double")) == ("double",)


def test_fuzz_figures(capsys):
    """Prints what the fuzz tests above tried (run with -s for the figures)."""
    with capsys.disabled():
        print(f"\nbackgammon fuzz: {STATS['inputs']} calls, slowest {STATS['slowest'] * 1000:.1f} ms, "
              f"non-boardkit errors {STATS['other_errors']}; 1 MB inputs so far "
              f"{STATS['big_inputs']}, slowest {STATS['slowest_big'] * 1000:.0f} ms")
    assert STATS["other_errors"] == 0
