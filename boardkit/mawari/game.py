"""The race of 回り将棋 (mawari shogi): pieces run round the rim of a shogi board.

    g = MawariGame(MawariRules(players=3))   # or MawariGame(players=3): rules first
    g.chance_pending()          # True: the player to act must toss the four golds
    g.resolve_chance(rng)       # one toss with the rules' TossModel, applied (MS-04..08)
    g.set_toss("up up down side")   # or a toss given by hand (teaching, tests)
    g.legal_moves()             # when a battle may be declared: [battle P2, no battle]
    g.events                    # what happened and why: Event values (str(e) is the
                                # English line; a board renders them in its language)

Squares. The 32 ring squares (MS-01) are numbered 0..31 counter-clockwise from the
bottom-right corner 1九 (index 0), up the right edge to 1一 (8), along the top to 9一
(16), down the left edge to 9九 (24) and back along the bottom. ``square_name(i)``
gives the shogi coordinate (file 1-9 from the right, rank 一-九 from the top) and
``square_index`` reads either back (both in ``notation.py``). Drawings use the shogi
coordinates as cell ids.

Homes (MS-02): player 1 (P1) starts on 1九 (0), then 1一 (8), 9一 (16), 9九 (24); with
two players the homes are 1九 and 9一, diagonally opposite.

Each toss (a ``ChanceStep`` recorded by the base class), each decision (``Battle``) and
each late join (``Join``) is one step of ``history``, so ``undo()`` takes back exactly
one of them. The toss maths is ``boardkit.mawari.toss``; the decisions are generated in
``movegen.py``. ``from_json`` checks the whole state against the rules (``_load_state``).

Speed. ``sim.play_game`` hands a game to ``fastloop.play_bots`` (registered with
``sim.register_loop``): with the levels' bots it plays on the position alone and keeps a
log of the steps, which it replays through the recorded path when records are wanted;
the same games, move for move, and the same generator state afterwards
(tests/test_mawari_bot_games.py); the figures are in docs/benchmarks.md. Each rule is
written here once: where the loop applies one it calls this module's function for it
(``_end_turn``, ``_promote``, ``_after_forward``, ``_quiet_pass``, ``_tosses_again``,
``_reaches_home``, ``_corner_jump``; the battle offer is ``movegen._standing_on``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .._catalogue import Word
from .._core import BoardkitError, ChanceStep, FormatError, Game, IllegalMoveError, Outcome
from ..svg import Drawing
from . import events as _events
from .events import Event
from .movegen import Battle, Join
from .movegen import _decisions as decisions
from .movegen import _race_length as race_length
from .movegen import _standing_on as standing_on
from .notation import (
    _NAMES,
    CORNERS,
    MAX_TEXT,
    TRACK,
    decision_words,
    parse_decision,
    said,
    short,
    square_index,
    square_name,
)
from .notation import _is_corner as is_corner
from .notation import _square_coords as square_coords
from .rules import MawariRules
from .toss import FACES, Toss

__all__ = ["MawariGame", "Battle", "Join", "square_name", "square_index", "RANKS",
           "CORNERS", "HOMES", "TRACK"]

RANKS = ("歩", "香", "桂", "銀")  # MS-10: promotion order
RANK_EN = ("pawn", "lance", "knight", "silver")
HOMES = {2: (0, 16), 3: (0, 8, 16), 4: (0, 8, 16, 24)}   # MS-02
_BATTLE_KEYS = ("attacker", "defender", "length", "progress", "side", "attacker_back")
_LABELS = ("P1", "P2", "P3", "P4")
# bit generators whose random() is (next 64-bit word >> 11) / 2**53 (numpy's next_double)
_RAW_DOUBLES = (np.random.PCG64, np.random.PCG64DXSM)
# the events are values (events.Event: a name and its facts, str() the English line);
# the common ones are built once
_AGAIN = tuple(Event("again", p=label) for label in _LABELS)


@lru_cache(maxsize=4)
def _default_rules(players: int) -> MawariRules:
    """``MawariRules(players=n)``, built once: every simulated game starts with the
    default rules, and building them (seven probabilities checked, the rules' checks
    run twice for 3-4 players) cost as much as a quarter of a game."""
    return MawariRules(players=players)


def _toss_info(toss: Toss, rules: MawariRules) -> tuple:
    """What applying ``toss`` under ``rules`` needs, worked out once per distinct toss
   : (the toss as it counts: a fallen gold is ignored when the fall rule is
    off, MS-08; its kind; signed squares; its event for each player P1..P4; the
    battle gain; the battle event's name (``events.NAMES``) and its facts but the
    player, the progress and the length)."""
    if toss.fall and not rules.fall_rule:
        toss = Toss(toss.faces, toss.overlap, False)    # floor rules: nothing falls (MS-08)
    kind = toss.kind
    squares = toss.squares(rules.all_down_value, rules.overlap_back)
    fields: dict[str, Any] = {"toss": toss.ja()}
    if kind == "nothing":
        key = "toss_fell"
    elif kind == "back":
        why = ("whole_value" if rules.overlap_back == "whole_value"
               else "all_down" if toss.count("down") == 4 else "face_up")
        key, fields = "toss_back", {**fields, "n": -squares, "why": Word(f"ms.ev.why.{why}")}
    elif squares == 1:
        key = "toss_forward_one"
    else:
        key, fields = "toss_forward", {**fields, "n": squares}
    text = tuple(Event(key, p=label, **fields) for label in _LABELS)
    gain = toss.score(rules.all_down_value) if kind in ("again", "end") else 0
    # a fall or an overlap gains nothing in a battle and is said so; a toss that counts
    # says its value, 0 included (four face-down golds under all_down_value=0)
    battle = ("battle_toss", {"toss": toss.ja(), "n": gain}) if kind in ("again", "end") else (
        "battle_toss_fell" if kind == "nothing" else "battle_toss_overlap", {"toss": toss.ja()})
    return toss, kind, squares, text, gain, battle


def _tosses_again(kind: str) -> bool:
    """Whether the mover tosses again after this toss's move and any decision or battle
    on it (MS-07): when no gold lies face down (``Toss.kind`` "again"); an overlap or a
    fallen gold never earns another toss. The toss table's ``again`` (fastloop.py) is
    this."""
    return kind == "again"


def _reaches_home(cur: int, home: int, n: int) -> bool:
    """Whether a piece going n squares on from ``cur`` passes or reaches its ``home``, and
    so is promoted on the way (MS-10)."""
    return n >= TRACK or 0 < (home - cur) % TRACK <= n


def _corner_jump(end: int, home: int, corner_jump: bool) -> int:
    """The squares a normal forward move that ends on ``end`` jumps on (MS-14): 8, to the
    next corner, when ``end`` is a corner other than the mover's ``home`` and the rules
    play the jump (``corner_jump``); else 0."""
    return 8 if corner_jump and end % 8 == 0 and end != home else 0




# ------------------------------------------------------------------ the game
class MawariGame(Game):
    """A game of 回り将棋 for 2-4 players (see the module docstring)."""

    name = "mawari"
    rules_class = MawariRules
    #: True while the lean loop (fastloop.py) plays: the engine skips its event text
    _quiet = False

    def __init__(self, rules: MawariRules | None = None, *, players: int | None = None):
        """``MawariGame()`` two players; ``MawariGame(MawariRules(players=3))`` or
        ``MawariGame(players=3)``; ``players`` given with rules overrides theirs (MS-02)."""
        super().__init__()
        if isinstance(rules, int) and not isinstance(rules, bool):
            n = short(rules)
            raise BoardkitError(f"MawariGame(rules=...): expected a MawariRules, got {n}; "
                                f"for {n} players write MawariGame(players={n})")
        if players is not None and (isinstance(players, (bool, np.bool_))
                                    or not isinstance(players, (int, np.integer))):
            raise BoardkitError(f"MawariGame(players=...) must be a whole number 2..4 (MS-02); "
                                f"got {short(players)}")
        if rules is None and (players is None or type(players) is int and 2 <= players <= 4):
            rules = _default_rules(2 if players is None else players)   # immutable: shared
        rules = self._rules_arg(rules)
        if players is not None and players != rules.players:
            rules = rules.replace(players=players)
        self.rules = rules
        n = rules.players
        self._home = list(HOMES[n])
        self._pos = list(self._home)
        self._rank = [0] * n
        self._laid = [False] * n
        self._current = 0
        self._phase = "toss"           # "toss" | "decide" | "battle"
        self._again = False             # the mover tosses again after the decision/battle
        self._offer: list[int] = []     # defenders a battle may be declared on
        self._battle: dict | None = None
        self._finished: list[int] = []
        self._reason: Event | str = ""  # the ending's event (text when read from a save)
        self._last_toss: Toss | None = None
        self.events: list[Event | str] = []   # str: a line set from outside or an old save
        self._mark = 0                  # events[_mark:] are the last step's (last_events)

    # ------------------------------------------------------------ reading
    @property
    def players(self) -> int:
        return len(self._pos)

    @property
    def turn(self) -> int:
        if self._phase == "battle":
            b = self._battle
            assert b is not None                # the battle phase has a battle
            return b["attacker"] if b["side"] == 0 else b["defender"]
        return self._current

    @property
    def phase(self) -> str:
        """'toss', 'decide' (a battle may be declared) or 'battle'."""
        return self._phase

    @property
    def last_toss(self) -> Toss | None:
        return self._last_toss

    @property
    def battle(self) -> dict | None:
        """The battle being fought: attacker, defender, length, progress, side to toss."""
        return None if self._battle is None else {**self._battle, "progress": tuple(self._battle["progress"])}

    def home(self, player: int) -> int:
        return self._home[self._check_player(player)]

    def position(self, player: int) -> int:
        """Ring index of the player's piece."""
        return self._pos[self._check_player(player)]

    def square(self, player: int) -> str:
        return square_name(self.position(player))

    def rank(self, player: int) -> int:
        """0 歩, 1 香, 2 桂, 3 銀 (MS-10)."""
        return self._rank[self._check_player(player)]

    def piece(self, player: int) -> str:
        return RANKS[self.rank(player)]

    def is_laid(self, player: int) -> bool:
        """True while the piece lies beside the track (寝かし, MS-12)."""
        return self._laid[self._check_player(player)]

    def progress(self, player: int) -> int:
        """Squares come on the current lap, 0..31 (MS-11)."""
        p = self._check_player(player)
        return (self._pos[p] - self._home[p]) % TRACK

    def pieces(self) -> list[dict]:
        """Every piece: player, square, index, rank kanji, laid, home."""
        return [dict(player=p, square=square_name(self._pos[p]), index=self._pos[p],
                     piece=RANKS[self._rank[p]], laid=self._laid[p],
                     home=square_name(self._home[p])) for p in range(self.players)]

    def battle_length(self, attacker: int, defender: int) -> int:
        """Squares of the battle race between two pieces: there and back (MS-15)."""
        a, d = self._check_player(attacker), self._check_player(defender)
        return race_length(self._pos[a], self._pos[d])

    def battle_offer(self) -> list[int]:
        """The players a battle may be declared on right now (MS-15)."""
        return list(self._offer) if self._phase == "decide" else []

    def _check_player(self, player) -> int:
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise IllegalMoveError("ms.err.no_player", "MS-02", got=short(player),
                                   last=self.players - 1, n=self.players)
        return player

    def _label(self, p: int) -> str:
        return f"P{p + 1}"

    def _say(self, text: Event | str) -> None:
        self.events.append(text)

    # ------------------------------------------------------------ chance
    # A toss is a chance step recorded by the base class (a ChanceStep in history,
    # undone like a move): resolve_chance(rng) samples, set_chance / set_toss take a
    # toss given by hand.
    def _over(self) -> bool:
        return bool(self._finished)         # _outcome() is None exactly while nobody finished

    def chance_pending(self) -> bool:
        return not self._finished and self._phase != "decide"   # "toss" or "battle"

    def _sample_entry(self, rng) -> tuple:
        """(toss, _toss_info, a ChanceStep per player) of one random toss (``_sample_code``)."""
        code = self._sample_code(rng)
        return self.rules._toss_tables[0][code] or self._toss_entry(code)

    def _sample_code(self, rng) -> int:
        """The code (base-5 faces, overlap, fall) of one random toss: the same six
        uniform numbers in the same order as ``TossModel.sample`` (four golds, overlap,
        fall; ``random(6)`` draws what ``random(4)`` and two ``random()`` draw; with
        numpy's default PCG64 the six raw words behind them are compared with the bounds
        scaled to words, see ``MawariRules._sampling_raw``), so the same toss (tested).
        The 2,500 possible tosses are built once per toss options."""
        bits: Any = getattr(rng, "bit_generator", None)
        if type(bits) in _RAW_DOUBLES:
            (c0, c1, c2, c3), overlap, fall = self.rules._sampling_raw
            a, b, c, d, o, f = bits.random_raw(6).tolist()
        else:
            (c0, c1, c2, c3), overlap, fall = self.rules._sampling
            a, b, c, d, o, f = rng.random(6).tolist()
        # a gold's face: how many cumulative bounds its number passes (base 5, 4 golds)
        code = ((((0 if a < c0 else 1 if a < c1 else 2 if a < c2 else 3 if a < c3 else 4) * 5
                  + (0 if b < c0 else 1 if b < c1 else 2 if b < c2 else 3 if b < c3 else 4)) * 5
                 + (0 if c < c0 else 1 if c < c1 else 2 if c < c2 else 3 if c < c3 else 4)) * 5
                + (0 if d < c0 else 1 if d < c1 else 2 if d < c2 else 3 if d < c3 else 4))
        return code * 4 + (o < overlap) * 2 + (f < fall)

    def _toss_entry(self, code: int) -> tuple:
        """The toss table's entry for ``code`` (base-5 faces, overlap, fall), built the
        first time it comes up."""
        table = self.rules._toss_tables[0]
        entry = table[code]
        if entry is None:
            k = code >> 2
            faces = (FACES[k // 125], FACES[k // 25 % 5], FACES[k // 5 % 5], FACES[k % 5])
            toss = Toss(faces, bool(code & 2), bool(code & 1))
            # the history entries are immutable too: one per player who tossed it
            info = _toss_info(toss, self.rules)
            # and for fastloop.py: 0 forward and toss again, 1 forward, 2 no move, 3 back;
            # squares forward if under a lap (else 0); the toss as it counts; whether the
            # mover tosses again (MS-07)
            n = info[2] if 0 < info[2] < TRACK else 0
            lean = (("again", "end", "nothing", "back").index(info[1]), n, info[0],
                    _tosses_again(info[1]))
            entry = table[code] = (toss, info, tuple(ChanceStep(q, toss) for q in range(4)),
                                   *lean)
        return entry

    def _sample_chance(self, rng) -> Toss:
        """One toss from the rules' model: the same random draws, and so the same toss,
        as ``TossModel.sample`` (tested), with the model's tables cached for speed."""
        return self._sample_entry(rng)[0]

    rng_methods = ("random",)

    def _fast_chance(self, rng) -> tuple | None:
        """A toss with its consequences looked up instead of worked out again (what the
        base's checked path does): (its ChanceStep, the snapshot before it), or None
        when no toss is due."""
        if self._finished or self._phase == "decide":
            return None
        code = self._sample_code(rng)
        return self._toss_step(self.rules._toss_tables[0][code] or self._toss_entry(code))

    def _toss_step(self, entry: tuple) -> tuple:
        """Apply a toss table entry; (its ChanceStep, the snapshot before it)."""
        toss, info, steps = entry[:3]
        who = self._current if self._phase == "toss" else self.turn
        snap = self._snapshot()
        self._mark = len(self.events)
        self._apply_toss(toss, info)
        return steps[who], snap

    def _record_toss(self, entry: tuple) -> Toss:
        """Apply a toss table entry as one recorded, undoable step."""
        step, snap = self._toss_step(entry)
        self._record_chance(step, snap)
        return step.outcome

    def _check_chance(self, toss) -> Toss:
        """A Toss, or its text like 'up up down side +overlap' (MS-04)."""
        if isinstance(toss, str):
            return Toss.parse(toss)
        if not isinstance(toss, Toss):
            raise FormatError(f"a toss is a Toss or text like 'up up down side' (MS-04), "
                              f"got {short(toss)}")
        return toss

    def _apply_chance(self, toss: Toss) -> None:
        self._mark = len(self.events)
        self._apply_toss(toss)

    def _no_chance_reason(self) -> str:
        """Raises the keyed error itself (the base raises what this returns as text)."""
        if self.is_over():
            raise IllegalMoveError("ms.err.toss_over", reason=self._reason)
        raise IllegalMoveError("ms.err.toss_decide", "MS-07", p=self._label(self._current),
                               options=decision_words(self.legal_moves()))

    def set_toss(self, toss) -> Toss:
        """Apply a toss given by hand: a Toss or text like 'up up down side +overlap'
        (recorded and undoable like a sampled toss)."""
        return self.set_chance(toss)

    def _record_move(self, move) -> None:
        """Play a legal move as one recorded, undoable step (what ``play`` does after
        checking it)."""
        snap = self._snapshot()
        self._apply(move)
        self._record(move, snap)

    # ------------------------------------------------------------ moves
    def _generate(self) -> list:
        if self._phase != "decide":
            return []
        return decisions(self._offer)

    def _parse_move(self, text: str):
        return parse_decision(text, self.legal_moves())

    def _explain_illegal(self, move) -> IllegalMoveError:
        if self._phase != "decide":
            return IllegalMoveError("ms.err.no_decision", "MS-15", move=said(move))
        return IllegalMoveError("ms.err.not_possible", "MS-15", move=said(move),
                                options=decision_words(self.legal_moves()))

    def _apply(self, move) -> None:
        if not self._quiet:
            self._mark = len(self.events)
        if isinstance(move, Join):
            return self._join()
        p = self._current
        self._offer = []
        if move.defender is None:
            if not self._quiet:
                self._say(Event("declines", p=self._label(p)))
            self._phase = "toss"
            self._continue_turn()
            return
        q = move.defender
        length = race_length(self._pos[p], self._pos[q])
        self._battle = dict(attacker=p, defender=q, length=length, progress=[0, 0], side=0,
                            attacker_back=False)
        self._phase = "battle"
        if not self._quiet:
            self._say(Event("declares", p=self._label(p), q=self._label(q), n=length))

    # ------------------------------------------------------------ applying a toss
    def _apply_toss(self, toss: Toss, info: tuple | None = None) -> None:
        if info is None:
            cache = self.rules._toss_tables[1]
            info = cache.get(toss)
            if info is None:
                info = cache[toss] = _toss_info(toss, self.rules)
        toss, kind, squares, text = info[:4]
        self._last_toss = toss
        if self._phase == "battle":
            return self._battle_toss(toss, info)
        p = self._current
        if not self._quiet:
            self.events.append(text[p])
        if kind == "nothing":
            return self._end_turn()
        if kind == "back":
            self._move_back(p, -squares)
            return self._end_turn()
        self._forward(p, squares)
        if self._finished:
            return
        self._after_forward(p, _tosses_again(kind))

    def _after_forward(self, p: int, again: bool) -> None:
        """After player p's normal forward move (the game goes on): a battle may be
        declared on the standing pieces in line with it (MS-15), and after that decision,
        or at once, p tosses again when the toss earned it (MS-07) or the turn passes."""
        offer = standing_on(self.rules._battle_masks, self._pos, self._laid, p)
        if offer:
            self._phase, self._again, self._offer = "decide", again, offer
            if not self._quiet:
                names = tuple(self._label(q) for q in offer)
                self._say(Event("in_line", p=self._label(p), names=names))
            return
        self._again = again
        self._continue_turn()

    def _continue_turn(self) -> None:
        """After a move (and any decision or battle): toss again (MS-07) or pass on."""
        if self._again and not self._finished:
            self._again = False
            self._phase = "toss"
            if not self._quiet:
                self.events.append(_AGAIN[self._current])
            return
        self._end_turn()

    def _end_turn(self) -> None:
        """The turn passes to the next player; a laid piece misses its turns (MS-12),
        with two players only one (``two_player_skip``). The one place the turn passes
        (fastloop.py calls it too)."""
        self._again = False
        self._phase = "toss"
        n = len(self._pos)
        nxt = (self._current + 1) % n
        if not self._laid[nxt]:                 # the usual case
            self._current = nxt
            return
        for _ in range(2 * n + 1):
            if not self._laid[nxt]:
                break
            if n == 2 and self.rules.two_player_skip:
                self._laid[nxt] = False
                if not self._quiet:
                    self._say(Event("skip_two", p=self._label(nxt)))
            else:
                if not self._quiet:
                    self._say(Event("skip", p=self._label(nxt)))
            nxt = (nxt + 1) % n
        self._current = nxt

    # ------------------------------------------------------------ movement
    def _step(self, p: int) -> bool:
        """Advance piece p one square; promote on reaching home. True if the game ended."""
        self._pos[p] = (self._pos[p] + 1) % TRACK
        if self._pos[p] == self._home[p]:
            return self._promote(p)
        return False

    def _promote(self, p: int, battle: bool = False) -> bool:
        """Piece p goes up a rank for passing its home (MS-10) or winning a battle (MS-15);
        a 銀 ends the game. True if the game ended."""
        if self._rank[p] == 3:
            self._finished.append(p)
            self._reason = Event("end_battle" if battle else "end_home", p=self._label(p))
            if not self._quiet:
                self._say(self._reason)
            return True
        self._rank[p] += 1
        if not self._quiet:
            self._say(Event("promote_battle" if battle else "promote_home",
                p=self._label(p), old=RANKS[self._rank[p] - 1], new=RANKS[self._rank[p]]))
        return False

    def _pass_square(self, p: int, lay: bool, skip=()) -> None:
        """Piece p passes the square it stands on: wake laid pieces there; with ``lay``
        (a normal forward move) lay down standing lower-ranked pieces (MS-12)."""
        sq = self._pos[p]
        for q in range(len(self._pos)):
            if q == p or q in skip or self._pos[q] != sq:
                continue
            if self._laid[q]:
                self._laid[q] = False
                if not self._quiet:
                    self._say(Event("wakes", p=self._label(p), q=self._label(q),
                                                        square=square_name(sq)))
            elif lay and self._rank[q] < self._rank[p] and not is_corner(sq):
                self._laid[q] = True
                if not self._quiet:
                    self._say(Event("lays",
                        p=self._label(p), rank=RANKS[self._rank[p]], q=self._label(q),
                        qrank=RANKS[self._rank[q]], square=square_name(sq)))

    def _run(self, p: int, n: int, lay: bool) -> bool:
        """Piece p goes n squares one by one (``_step``): promoted on reaching its home
        (MS-10), passing the pieces on the squares before the last (``_pass_square``,
        MS-12; ``lay`` for a normal forward move). True if the game ended. Only the
        squares where something happens cost more than an addition."""
        pos = self._pos
        home = self._home[p]
        cur = pos[p]
        if not _reaches_home(cur, home, n):
            for t in pos:                       # (p itself is at distance 0: not passed)
                if 0 < (t - cur) % TRACK < n:
                    break
            else:
                pos[p] = (cur + n) % TRACK      # nothing happens on the way
                return False
        others = [t for q, t in enumerate(pos) if q != p]
        last = n - 1
        for k in range(n):
            cur = (cur + 1) % TRACK
            pos[p] = cur
            if cur == home and self._promote(p):
                return True
            if k < last and cur in others:      # passing moves nobody: others stay put
                self._pass_square(p, lay)
        return False

    def _quiet_pass(self, p: int, cur: int, n: int, far: int) -> bool:
        """For fastloop.py: what ``_forward`` does (events aside) when piece p, on
        ``cur``, goes n squares and ``far`` in all (n + 8 with a corner jump, MS-14),
        passing pieces but meeting none at the end (no two up: the caller has seen to
        that): the pieces passed are laid down or woken (MS-12; after a jump only woken),
        a promotion on the way counts from its square on (MS-10); the caller then moves
        the piece. False, with nothing done, when the move ends the game."""
        pos, laid, rank = self._pos, self._laid, self._rank
        home = (self._home[p] - cur) % TRACK
        promoted = _reaches_home(cur, self._home[p], far)
        if promoted and rank[p] == 3:
            return False
        mine = rank[p]
        for q, t in enumerate(pos):
            dist = (t - cur) % TRACK
            if dist == 0 or dist == n or dist >= far:
                continue                        # not passed (p itself among them)
            if laid[q]:
                laid[q] = False
            elif dist < n and t % 8 and rank[q] < mine + (promoted and home <= dist):
                laid[q] = True
        if promoted:
            self._promote(p)                    # (not a 銀: that ended the game above)
        return True                             # (the caller moves the piece)

    def _forward(self, p: int, n: int) -> None:
        """A normal forward move of n squares (MS-10, MS-12, MS-13, MS-14)."""
        start = self._pos[p]
        end = (start + n) % TRACK
        if not self._quiet:
            self.events.append(Event("moves", p=_LABELS[p], rank=RANKS[self._rank[p]],
                                                         start=_NAMES[start], end=_NAMES[end]))
        if self._run(p, n, True):
            return
        jump = _corner_jump(end, self._home[p], self.rules.corner_jump)
        if jump:
            if not self._quiet:
                self._say(Event("jump", p=_LABELS[p], start=_NAMES[end],
                                                   end=_NAMES[(end + jump) % TRACK]))
            self._run(p, jump, False)
            return
        pos, laid = self._pos, self._laid
        if pos.count(pos[p]) == 1:              # alone on the square: no two-up
            return
        group = [p]
        while True:
            here = pos[p]
            extra = [q for q, t in enumerate(pos) if t == here and not laid[q] and q not in group]
            if not extra:
                return
            group += extra
            if not self._quiet:
                names = tuple(self._label(q) for q in group)
                self._say(Event("two_up", square=square_name(here), names=names,
                                                     end=square_name((here + 2) % TRACK)))
            for q in group:
                if self._step(q):
                    return
                if pos.count(pos[q]) > 1:       # somebody on the square passed
                    self._pass_square(q, lay=False, skip=group)
                if self._step(q):
                    return

    def _move_back(self, p: int, n: int) -> None:
        """Back n squares, never past the last corner passed; on a corner: stay (MS-06)."""
        pos = self._pos[p]
        off = pos % 8
        if n <= 0:
            return
        if off == 0:
            if not self._quiet:
                self._say(Event("corner_stays", p=self._label(p), square=square_name(pos)))
            return
        back = min(n, off)
        self._pos[p] = pos - back
        if not self._quiet:
            self._say(Event("back_stopped" if back < n else "back",
                p=self._label(p), rank=RANKS[self._rank[p]], start=square_name(pos),
                end=square_name(self._pos[p])))

    # ------------------------------------------------------------ battles (MS-15)
    def _battle_targets(self, p: int) -> list[int]:
        """The players p may declare a battle on from where the pieces stand (MS-15)."""
        return standing_on(self.rules._battle_masks, self._pos, self._laid, p)

    def _battle_toss(self, toss: Toss, info: tuple) -> None:
        b = self._battle
        assert b is not None                    # a battle toss comes in a battle
        side = b["side"]
        who = b["attacker"] if side == 0 else b["defender"]
        kind, gain = info[1], info[4]
        b["progress"][side] = min(b["length"], b["progress"][side] + gain)
        if not self._quiet:
            key, fields = info[5]
            self._say(Event(key, p=_LABELS[who], progress=b["progress"][side],
                                            length=b["length"], **fields))
        if b["progress"][side] >= b["length"]:
            if side == 0:
                b["attacker_back"], b["side"] = True, 1
                if not self._quiet:
                    self._say(Event("battle_back_first",
                        p=self._label(who), q=self._label(b["defender"])))
            else:
                self._end_battle(None if b["attacker_back"] else who)
            return
        if kind == "again":
            if not self._quiet:
                self._say(Event("battle_again", p=self._label(who)))
            return
        if side == 0:
            b["side"] = 1
        elif b["attacker_back"]:
            self._end_battle(b["attacker"])
        else:
            b["side"] = 0

    def _end_battle(self, winner: int | None) -> None:
        b = self._battle
        assert b is not None
        self._battle = None
        self._phase = "toss"
        if winner is None:
            if not self._quiet:
                self._say(Event("battle_draw"))
        else:
            loser = b["defender"] if winner == b["attacker"] else b["attacker"]
            if not self._quiet:
                self._say(Event("battle_win", p=self._label(winner), q=self._label(loser)))
            if self._promote(winner, battle=True):
                return
        self._continue_turn()

    # ------------------------------------------------------------ late join, set-up
    def join(self) -> int:
        """A new player joins (MS-03): on the first free corner, with the lowest rank in
        play. Returns the new player's index. Recorded in history (``Join``); undo takes
        it back."""
        if self.is_over():
            raise IllegalMoveError("ms.err.join_over", "MS-03")
        if self.players >= 4:
            raise IllegalMoveError("ms.err.join_full", "MS-03")
        if self._phase != "toss":
            raise IllegalMoveError("ms.err.join_between", "MS-03")
        q = self.players
        self._push(Join(q))
        return q

    def _join(self) -> None:
        corner = next(c for c in CORNERS if c not in self._home)
        q = self.players
        self._home.append(corner)
        self._pos.append(corner)
        self._rank.append(min(self._rank))
        self._laid.append(False)
        self._say(Event("join", p=self._label(q), square=square_name(corner),
                                           rank=RANKS[self._rank[q]]))

    def place(self, player: int, square, piece: str | int | None = None,
              laid: bool | None = None) -> None:
        """Set up a position by hand (teaching, tests): put a player's piece on a square,
        optionally with a rank (歩 香 桂 銀 or 0-3) and laid down. Clears the history."""
        p = self._check_player(player)
        i = square_index(square)
        rank = self._rank[p] if piece is None else self._rank_of(piece)
        laid = self._laid[p] if laid is None else bool(laid)
        if laid and is_corner(i):
            raise IllegalMoveError("ms.err.corner_laid", "MS-12", square=square_name(i))
        if self._phase != "toss":
            raise IllegalMoveError("ms.err.setup_between", "MS-15")
        self._pos[p], self._rank[p], self._laid[p] = i, rank, laid
        self._forget_history()

    @classmethod
    def setup(cls, pieces: dict, players: int | None = None, turn: int = 0,
              rules: MawariRules | None = None) -> MawariGame:
        """A position for teaching: ``pieces`` maps a player (0-based) to a square, or to
        (square, piece) or (square, piece, "laid"); players not listed stay at home.

            MawariGame.setup({0: ("1八", "香"), 1: ("1六", "歩")}, players=3)"""
        if not isinstance(pieces, dict) or any(
                isinstance(p, bool) or not isinstance(p, int) for p in pieces):
            raise FormatError(f"pieces map players 0..3 to squares, got {short(pieces)} (MS-02)")
        if players is None:
            players = rules.players if rules is not None else max(2, max(pieces, default=0) + 1)
        g = cls(rules, players=players)
        for p, spec in pieces.items():
            spec = (spec,) if isinstance(spec, (str, int)) else spec
            if not isinstance(spec, (tuple, list)) or not 1 <= len(spec) <= 3:
                raise FormatError(f"a piece is a square, (square, piece) or (square, piece, "
                                  f"'laid'), got {short(spec)} (MS-12)")
            if len(spec) == 3 and spec[2] not in ("laid", True, False):
                raise FormatError(f"the third item of a piece is 'laid', got {short(spec[2])} "
                                  f"(MS-12)")
            g.place(p, spec[0], spec[1] if len(spec) > 1 else None,
                    (spec[2] in ("laid", True)) if len(spec) > 2 else None)
        g.set_turn(turn)
        return g

    def last_events(self) -> list[Event | str]:
        """The events of the last toss, decision or join (what it did and why)."""
        return self.events[self._mark:]

    def set_turn(self, player: int) -> None:
        """Set up: whose turn it is (clears the history)."""
        p = self._check_player(player)
        if self._phase != "toss":
            raise IllegalMoveError("ms.err.setup_between", "MS-15")
        self._current = p
        self._forget_history()

    @staticmethod
    def _rank_of(piece) -> int:
        if isinstance(piece, int) and not isinstance(piece, bool) and 0 <= piece < 4:
            return piece
        if piece in RANKS:
            return RANKS.index(piece)
        if isinstance(piece, str) and piece.lower() in RANK_EN:
            return RANK_EN.index(piece.lower())
        raise FormatError("ms.err.unknown_piece", got=short(piece))

    # ------------------------------------------------------------ outcome
    def _outcome(self) -> Outcome | None:
        if not self._finished:
            return None
        pos, home, rank = self._pos, self._home, self._rank
        rest = sorted((p for p in range(len(pos)) if p not in self._finished),
                      key=lambda p: (-rank[p], -((pos[p] - home[p]) % TRACK), p))
        w = self._finished[0]
        reason = self._reason
        battle = (reason.name == "end_battle" if isinstance(reason, Event)
                  else "(MS-15)" in reason)
        ranking = tuple(self._finished) + tuple(rest)
        return Outcome(w, str(reason), ranking, rule="MS-15" if battle else "MS-10",
                       key="ms.end.battle" if battle else "ms.end.home",
                       facts={"p": _LABELS[w], "ranking": tuple(_LABELS[q] for q in ranking)})

    def standings(self) -> list[int]:
        """Players best first (MS-11): by rank, then by progress on the current lap."""
        out = self.outcome()
        if out is not None:
            return list(out.ranking)
        return sorted(range(self.players), key=lambda p: (-self._rank[p], -self.progress(p), p))

    # ------------------------------------------------------------ state
    def _snapshot(self):
        # The event log is only ever appended to (by the engine; puzzles.py swaps in a
        # filtered list and back for display, never editing one in place), so a snapshot
        # keeps the list and its length instead of copying it at every step:
        # the restored log is that list's first n lines, a fresh list.
        b = self._battle
        battle = None if b is None else (b["attacker"], b["defender"], b["length"],
                                         tuple(b["progress"]), b["attacker_back"], b["side"])
        return (tuple(self._home), tuple(self._pos), tuple(self._rank), self._current,
                self._phase, tuple(self._laid), battle, self._again, tuple(self._offer),
                tuple(self._finished), self._reason, self._last_toss,
                (self.events, len(self.events)), self._mark)

    def _restore(self, snap) -> None:
        (home, pos, rank, self._current, self._phase, laid, battle, self._again, offer,
         finished, self._reason, self._last_toss, events, self._mark) = snap
        self._home, self._pos, self._rank, self._laid = list(home), list(pos), list(rank), list(laid)
        self._offer, self._finished, self.events = list(offer), list(finished), events[0][:events[1]]
        self._battle = None if battle is None else dict(
            attacker=battle[0], defender=battle[1], length=battle[2], progress=list(battle[3]),
            attacker_back=battle[4], side=battle[5])

    def _state_dict(self) -> dict:
        b = self._battle
        return {
            "pieces": [{"home": square_name(self._home[p]), "square": square_name(self._pos[p]),
                        "piece": RANKS[self._rank[p]], "laid": self._laid[p]}
                       for p in range(self.players)],
            "turn": self._current,
            "phase": self._phase,
            "again": self._again,
            "offer": list(self._offer),
            "battle": None if b is None else {k: (list(b[k]) if k == "progress" else b[k])
                                              for k in _BATTLE_KEYS},
            "finished": list(self._finished),
            "reason": str(self._reason),
            "last_toss": None if self._last_toss is None else str(self._last_toss),
            "events": [_events.to_json(e) for e in self.events],
        }

    def _load_state(self, d: dict) -> None:
        """Read ``_state_dict`` back, checking the WHOLE state against the rules: what
        no game can reach is refused with a ``FormatError`` naming the rule (MS-02,
        MS-03, MS-10, MS-12, MS-15 ...). The state is only changed once all checks pass.
        Size: the document is at most 1 MB (the base's JSON limits); texts inside
        (squares, the last toss) at most 1,000 characters."""
        fmt = "mawari JSON"

        def bad(msg: str, rule: str | None = None):
            raise FormatError(f"{fmt}: {msg}" + (f" ({rule})" if rule else ""))

        def whole(v, lo: int, hi: int) -> bool:
            return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi

        if not isinstance(d, dict):
            bad("'state' must be an object")
        keys = ("pieces", "turn", "phase", "again", "offer", "battle", "finished", "reason",
                "last_toss", "events")
        missing = [k for k in keys if k not in d]
        if missing:
            bad(f"'state' lacks {missing}")
        extra = sorted(set(d) - set(keys))
        if extra:
            bad(f"unknown state field(s) {short(extra)}")
        pieces = d["pieces"]
        n0 = self.rules.players
        if not isinstance(pieces, list) or not n0 <= len(pieces) <= 4:
            bad(f"'pieces' must list {n0} to 4 pieces: the rules' {n0} players and any who "
                f"joined later", "MS-02, MS-03")
        for x in pieces:
            if not isinstance(x, dict) or sorted(x) != ["home", "laid", "piece", "square"]:
                bad(f"each piece is an object with home, square, piece and laid; got {short(x)}")
        n = len(pieces)
        home = [square_index(x["home"]) for x in pieces]
        expect = list(HOMES[n0])
        for _ in range(n - n0):                 # late joiners: first free corner (MS-03)
            expect.append(next(c for c in CORNERS if c not in expect))
        if home != expect:
            bad(f"homes must be {[square_name(h) for h in expect]} for {n0} players "
                f"and {n - n0} late joiner(s), got {[square_name(h) for h in home]}",
                "MS-02, MS-03")
        pos = [square_index(x["square"]) for x in pieces]
        rank = [self._rank_of(x["piece"]) for x in pieces]
        laid = [x["laid"] for x in pieces]
        if any(not isinstance(v, bool) for v in laid):
            bad("'laid' must be true or false", "MS-12")
        if any(lay and is_corner(i) for lay, i in zip(laid, pos)):
            bad("a piece on a corner cannot be laid down", "MS-12")
        turn, phase, again = d["turn"], d["phase"], d["again"]
        if not whole(turn, 0, n - 1):
            bad(f"'turn' must be a player 0..{n - 1}, got {short(turn)}")
        if phase not in ("toss", "decide", "battle"):
            bad(f"'phase' must be toss, decide or battle, got {short(phase)}")
        if not isinstance(again, bool):
            bad(f"'again' must be true or false, got {short(again)}", "MS-07")
        if laid[turn]:
            bad(f"P{turn + 1} is to act but lies laid down: a laid piece misses its turns",
                "MS-12")
        finished, reason = d["finished"], d["reason"]
        if not isinstance(finished, list) or len(finished) > 1 \
                or any(not whole(q, 0, n - 1) for q in finished):
            bad(f"'finished' is [] or [the one player who ended the game], got {short(finished)}",
                "MS-10")
        if not isinstance(reason, str) or len(reason) > MAX_TEXT or not _encodable(reason):
            bad("'reason' must be a short text (UTF-8, no lone surrogate)")
        if finished:
            w = finished[0]
            if rank[w] != 3:
                bad(f"P{w + 1} cannot have finished with a {RANKS[rank[w]]}: only a 銀 ends "
                    f"the game", "MS-10")
            if phase != "toss" or not reason:
                bad("a finished game is in the 'toss' phase and says why it ended", "MS-10")
        elif reason:
            bad("'reason' is given only when the game is over")
        offer = d["offer"]
        if not isinstance(offer, list) or any(not whole(q, 0, n - 1) for q in offer):
            bad(f"'offer' must list players 0..{n - 1}, got {short(offer)}", "MS-15")
        b = d["battle"]
        if (phase == "battle") != (b is not None):
            bad("a battle goes with the 'battle' phase and only with it", "MS-15")
        if phase == "toss" and again and not finished:
            bad("'again' (a toss still earned) belongs to a decision or a battle; in the "
                "'toss' phase the next toss is simply due", "MS-07")
        # what the rules would offer from this position (MS-15)
        trial = self._snapshot()
        self._home, self._pos, self._rank, self._laid = home, pos, rank, laid
        try:
            targets = self._battle_targets(turn)
        finally:
            self._restore(trial)
        if phase == "decide":
            if offer != targets or not offer:
                bad(f"the battle offer {short(offer)} is not what the position gives: "
                    f"{targets}", "MS-15")
        elif offer:
            bad("a battle offer goes with the 'decide' phase", "MS-15")
        if b is not None:
            if not isinstance(b, dict) or sorted(b) != sorted(_BATTLE_KEYS):
                bad(f"a battle is an object with {', '.join(_BATTLE_KEYS)}", "MS-15")
            a, q, length, progress, side, back = (b["attacker"], b["defender"], b["length"],
                                                  b["progress"], b["side"], b["attacker_back"])
            if not whole(a, 0, n - 1) or a != turn:
                bad(f"the attacker must be the player whose turn it is (P{turn + 1}), got "
                    f"{short(a)}", "MS-15")
            if not whole(q, 0, n - 1) or q == a:
                bad(f"the defender must be another player 0..{n - 1}, got {short(q)}", "MS-15")
            if q not in targets:
                bad(f"P{a + 1} cannot fight P{q + 1}: P{q + 1} is not in line with it on the "
                    f"opposite edge (or is laid down or on a corner)", "MS-15")
            want = race_length(pos[a], pos[q])
            if not whole(length, want, want):
                bad(f"the battle race between P{a + 1} and P{q + 1} is {want} squares, "
                    f"got {short(length)}", "MS-15")
            if not isinstance(progress, list) or len(progress) != 2 \
                    or any(not whole(x, 0, length) for x in progress):
                bad(f"'progress' is two numbers 0..{length}, got {short(progress)}", "MS-15")
            if not whole(side, 0, 1) or not isinstance(back, bool):
                bad("'side' is 0 or 1 and 'attacker_back' true or false", "MS-15")
            if back != (progress[0] == length) or (back and side != 1) \
                    or progress[1] >= length:
                bad(f"battle progress {progress} of {length} with side {side} cannot happen: "
                    f"the battle ends when the defender gets back, and once the attacker is "
                    f"back only the defender tosses", "MS-15")
            b = dict(attacker=a, defender=q, length=length, progress=list(progress),
                     side=side, attacker_back=back)
        toss = d["last_toss"]
        toss = None if toss is None else Toss.parse(toss)
        events = d["events"]
        if not isinstance(events, list) or any(isinstance(e, str) and not _encodable(e)
                                               for e in events):
            bad(f"'events' must be a list of events (or text lines of at most {MAX_TEXT} "
                f"characters of UTF-8 text, no lone surrogate)")
        events = [_events.from_json(e, MAX_TEXT) for e in events]
        if finished:                # the ending's event, when the reason is its English
            for name in ("end_home", "end_battle"):
                if reason == (ev := Event(name, p=_LABELS[finished[0]])):
                    reason = ev
        self._home, self._pos, self._rank, self._laid = home, pos, rank, laid
        self._current, self._phase, self._again = turn, phase, again
        self._offer, self._battle, self._finished = list(offer), b, list(finished)
        self._reason = reason
        self._last_toss = toss
        self.events = events
        self._mark = 0

    # ------------------------------------------------------------ display
    draw_extras = ("numbers", "toss")

    def draw(self, **options) -> Drawing:
        """The board as an ``svg.Drawing``: the options of docs/architecture.md (size, flip,
        labels, highlight, targets, arrows, selected, hint, last_move, title) and mawari's
        ``numbers`` (track indices on the ring) and ``toss`` (the toss shown on the table).
        An unknown option raises BoardkitError naming the accepted ones."""
        self._check_draw_options(options)
        from .draw import draw_game
        return draw_game(self, **options)

    def __str__(self) -> str:
        grid = [["・" if (f in (1, 9) or r in (1, 9)) else "　" for f in range(9, 0, -1)]
                for r in range(1, 10)]
        for p in range(self.players):
            f, r = square_coords(self._pos[p])
            grid[r - 1][9 - f] = RANKS[self._rank[p]] if not self._laid[p] else "寝"
        lines = [" ".join(row) for row in grid]
        for p in range(self.players):
            state = " laid down" if self._laid[p] else ""
            lines.append(f"P{p + 1} {RANKS[self._rank[p]]} on {square_name(self._pos[p])} "
                         f"(home {square_name(self._home[p])}, {self.progress(p)}/32 of the lap)"
                         f"{state}")
        out = self.outcome()
        if out is not None:
            lines.append(out.reason)
        elif self._phase == "decide":
            lines.append(f"P{self._current + 1} to decide: " +
                         ", ".join(str(m) for m in self.legal_moves()))
        else:
            lines.append(f"P{self.turn + 1} to toss" + (" (battle)" if self._phase == "battle" else ""))
        return "\n".join(lines)


def _encodable(text: str) -> bool:
    """Whether text can be written as UTF-8 (a lone surrogate cannot: save() would fail)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
