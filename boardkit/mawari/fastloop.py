"""The lean bot-game loop of 回り将棋, registered with ``sim.register_loop``.

``sim.play_game`` hands a 回り将棋 game here. With the levels' bots (they read only the
position: ``ai._fast.POSITION_BOTS``) the loop plays on the position alone: tosses drawn 64
at a time (``_Draws``), the common toss (a move forward where nothing happens on the way
or at the end) applied by table and arithmetic, every other step by the engine with its
event text skipped, and a log of the steps kept (toss codes and decisions). Then, when
records are wanted (``sim.play_game(records=True)``, the default), ``replay`` plays the
log again from the start through the engine's recorded path, which builds events,
history and undo exactly as a step-by-step game does; without records the final position
becomes the game's start. Other bots may read anything, so each step is recorded as it
comes. The readable engine (game.py) is the reference: tests/test_mawari_bot_games.py
plays the same games both ways, move for move, with the same generator state after.

Where the rules live. The loop states none of them; where one applies it calls the
engine's one function for it, or reads a table the engine builds from that function:

    the battle offer (MS-15)        movegen._standing_on over MawariRules._battle_masks,
                                    through MawariGame._after_forward
    toss again (MS-07)              game._tosses_again (the toss table's ``again``)
    the turn passing, laid pieces   MawariGame._end_turn
    missing turns (MS-12)
    promotion (MS-10)               MawariGame._promote; passing home: game._reaches_home
    the corner jump (MS-14)         game._corner_jump
    passing pieces (MS-12)          MawariGame._quiet_pass (and _forward for the rest)
    two up (MS-13), moving back     MawariGame._forward, _move_back, _battle_toss
    (MS-06), battle tosses (MS-15)

What the loop keeps is arithmetic on the position: the occupied squares as 3-bit counts
and a plan per (square, squares forward) of where a move ends and which squares it
crosses, so that a move that passes and meets nobody costs a few integer operations.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .. import sim
from .._input import check_count, check_rng
from ..errors import BoardkitError, short_repr
from ._args import check_game
from .ai._fast import POSITION_BOTS
from .game import _RAW_DOUBLES, MawariGame, _corner_jump, _reaches_home
from .movegen import _standing_on as standing_on
from .notation import TRACK

__all__ = ["play_bots", "replay"]

#: rules -> {homes: plans}: what the loop works out once per rules value
_KEPT: dict = {}


_WORDS = 1 << 64


@lru_cache(maxsize=64)
def _draw_terms(sampling_raw: tuple) -> tuple:
    """For ``_Draws``: a toss code is the sum of weight * (word[col] >= bound) over the
    bounds a word can both pass and fail, and a constant: a gold's face counts the
    cumulative bounds its word passes (base 5), the overlap and fall flags are words
    below their bounds."""
    faces, overlap, fall = sampling_raw
    terms, const = [], 0
    for col, weight in enumerate((500, 100, 20, 4)):
        for c in faces:
            if c == 0:
                const += weight
            elif c < _WORDS:
                terms.append((col, c, weight))
    for col, c, weight in ((4, overlap, 2), (5, fall, 1)):
        if c >= _WORDS:
            const += weight
        elif c:
            const += weight
            terms.append((col, c, -weight))
    terms.append((0, 0, const))                 # every word passes 0: the constant
    return (np.array([t[0] for t in terms], dtype=np.intp),
            np.array([t[1] for t in terms], dtype=np.uint64),
            np.array([t[2] for t in terms], dtype=np.int64))


class _Draws:
    """The toss codes of one bot game's random draws (``play_bots``). With
    numpy's PCG64 the words of ``BLOCK`` tosses come in one call and their codes in three
    vectorised steps (not six words and up to 24 comparisons per toss); ``sync`` then
    steps the generator back over the words not used (PCG64 advances by any amount,
    backwards too), so a bot or the caller drawing next gets the numbers it would have
    got, and every toss is the one ``_sample_code`` draws (tested). Other bit generators
    draw one toss at a time."""

    BLOCK = 64

    def __init__(self, game: MawariGame, rng):
        self.game, self.rng = game, rng
        bits = getattr(rng, "bit_generator", None)
        # numpy's bit generator when its raw words can be read, else None (then blocks are
        # one toss, sync has nothing to put back and check is not called)
        self.bits: Any = bits if type(bits) in _RAW_DOUBLES else None
        if self.bits is None:
            return
        terms = _draw_terms(game.rules._sampling_raw)      # (cached by the sampling)
        self.cols, self.bounds, self.weights = terms
        self.check()

    def check(self) -> None:
        """Note the generator's 32-bit buffer (numpy's ``integers`` fills it, our raw words
        leave it alone): ``advance`` empties it, so ``sync`` puts it back."""
        state = self.bits.state
        self.buffer = state["has_uint32"], state["uinteger"]

    def block(self) -> list[int]:
        """The codes of the next tosses (at least one)."""
        bits = self.bits
        if bits is None:
            return [self.game._sample_code(self.rng)]
        u = bits.random_raw(6 * self.BLOCK).reshape(self.BLOCK, 6)
        return ((u[:, self.cols] >= self.bounds) @ self.weights).tolist()

    def sync(self, unused: int) -> None:
        """The generator as if the last ``unused`` codes of the last block were not drawn."""
        if unused:
            bits = self.bits
            bits.advance(-6 * unused)
            if self.buffer != (0, 0):
                state = bits.state
                state["has_uint32"], state["uinteger"] = self.buffer
                bits.state = state


@lru_cache(maxsize=64)
def _plans(home: tuple, jump: bool, masks: tuple) -> tuple:
    """For ``play_bots``: per player a list by (square << 5 | squares forward), filled
    by ``_plan`` as they come up (a short match would spend more on a full table), with
    the squares in line with each square (the rules' ``_battle_masks``, MS-15: none
    without battles) three bits a square (``occ``'s layout)."""
    wide = tuple(sum(7 << 3 * t for t in range(TRACK) if m >> t & 1) for m in masks)
    return tuple(([None] * (TRACK << 5), h, jump, wide) for h in home)


_RING3 = (1 << 3 * TRACK) - 1                   # the ring, three bits a square


def _plan(plans: tuple, p: int, cur: int, n: int) -> tuple:
    """Player p's forward move of n squares (1..31; 0: none) from ``cur``: where it ends
    (after a corner jump, the engine's ``_corner_jump``, MS-14), the squares it passes or
    lands on (the fast case wants them empty; after a jump, those up to the corner after
    the jump), whether it passes its home (the engine's ``_reaches_home``, MS-10), the
    squares in line with the end (MS-15, 0 without battles), both as three bits a
    square, and the squares gone in all; () past a lap."""
    table, h, jump, wide = plans[p]
    far = n + _corner_jump((cur + n) % TRACK, h, jump)
    plan: tuple = ()
    if 0 < n and far < TRACK:
        reach = far - 1 if far > n else n
        # the squares cur+1 .. cur+reach: a run of 3-bit groups turned round the ring
        run, at = (1 << 3 * reach) - 1, 3 * ((cur + 1) % TRACK)
        span = (run << at | run >> (3 * TRACK - at)) & _RING3
        end = (cur + far) % TRACK
        plan = (end, span, _reaches_home(cur, h, far), wide[end], far)
    table[cur << 5 | n] = plan
    return plan


def replay(game: MawariGame, start: tuple, log: list) -> None:
    """Play a step log of ``play_bots`` (toss codes and decisions) again from the state
    ``start`` (a ``_snapshot``) through the recorded path: events, history and undo as
    if the game had been played step by step."""
    check_game(game, "replay(game)")
    if not isinstance(start, tuple) or len(start) != len(game._snapshot()):
        raise BoardkitError(f"replay(start) must be a snapshot of the game (game._snapshot()); "
                            f"got {short_repr(start)}")
    if not isinstance(log, list):
        raise BoardkitError(f"replay(log) must be the step log of play_bots (a list); "
                            f"got {short_repr(log)}")
    game._restore(start)
    table = game.rules._toss_tables[0]
    for step in log:
        if type(step) is int:
            game._record_toss(table[step] or game._toss_entry(step))
        else:
            game._record_move(step)


def play_bots(game: MawariGame, bots, rng, max_plies: int, max_chance: int,
              records: bool = True):
    """``sim.play_game``'s loop (``max_plies`` decisions, ``max_chance`` tosses): the same
    tosses from the same draws, the same bot calls in the same order, the same moves
    checked the same way, so the same game and the same generator state after it
    (tested). Lean when every bot is one of ai.py's levels (see the module docstring).
    Returns (outcome or None if a cap was reached, decisions played)."""
    check_game(game, "play_bots(game)")
    if not isinstance(bots, (list, tuple)) or len(bots) < game.players \
            or not all(callable(b) for b in bots):
        raise BoardkitError(f"play_bots(bots) must be a list of {game.players} callables "
                            f"bot(game, rng) -> move; got {short_repr(bots)}")
    check_rng(rng, "play_bots(rng)")
    max_plies = check_count(max_plies, "play_bots(max_plies)", 0, 10 ** 7)
    max_chance = check_count(max_chance, "play_bots(max_chance)", 0, 10 ** 9)
    if not isinstance(records, bool):
        raise BoardkitError(f"play_bots(records) must be True or False; got {short_repr(records)}")
    try:
        draws_rng = [POSITION_BOTS[b] for b in bots]
        lean = True
    except (KeyError, TypeError):           # another bot (or an unhashable one)
        draws_rng, lean = [True] * len(bots), False
    if lean:
        log: list = []
        start = game._snapshot()
        game._quiet = True                  # no event text: replay builds it
    draws = _Draws(game, rng)
    rules = game.rules
    table = rules._toss_tables[0]
    # the plans of these rules and homes, kept by the rules' value
    kept = _KEPT.get(rules)
    if kept is None:
        if len(_KEPT) >= 64:
            _KEPT.clear()
        kept = _KEPT[rules] = {}
    homes = tuple(game._home)
    got = kept.get(homes)
    if got is None:
        plans = _plans(homes, rules.corner_jump, rules._battle_masks)
        got = kept[homes] = (plans, [plan[0] for plan in plans])
    plans, rows = got
    pos, laid, finished = game._pos, game._laid, game._finished
    battle_masks = rules._battle_masks
    # the engine's rules, called where they apply: the turn passes (MS-12), a piece is
    # promoted (MS-10), a forward move may end in a battle offer or a toss again (MS-15,
    # MS-07)
    end_turn, promote_, after_forward = game._end_turn, game._promote, game._after_forward
    plies = chance = used = logged = 0
    codes: list = []                        # this block's codes: [:logged] in the log
    ncodes = 0
    occ = -1                                # pieces per square, 3 bits each (-1: to count)
    toss = None
    try:
        if max_plies <= 0 and not finished:
            return None, 0
        while not finished:
            phase = game._phase
            if phase == "decide":
                p = game._current
                if draws_rng[p]:            # the bot may draw: the generator as it would be
                    draws.sync(len(codes) - used)
                    if lean:
                        log.extend(codes[logged:used])
                    codes, used, logged, ncodes = [], 0, 0, 0
                    move = bots[p](game, rng)
                    if draws.bits is not None:
                        draws.check()
                else:
                    move = bots[p](game, rng)
                if lean:                    # a level's move is one of legal_moves()
                    log.extend(codes[logged:used])
                    logged = used
                    game._apply(move)
                    log.append(move)
                else:
                    move = game._parse_move(move) if isinstance(move, str) else game._coerce_move(move)
                    game._record_move(move)
                plies += 1
                if plies >= max_plies and not finished:
                    return None, plies
                continue
            chance += 1
            if chance > max_chance:
                return None, plies
            if used == ncodes:
                if lean:
                    log.extend(codes[logged:])
                codes, used, logged = draws.block(), 0, 0
                ncodes = len(codes)
            code = codes[used]
            used += 1
            entry = table[code] or game._toss_entry(code)
            if not lean:
                game._record_toss(entry)
                continue
            _, info, _, kind, n, toss, again = entry
            if kind < 2 and phase == "toss":     # forward
                p = game._current
                cur = pos[p]
                plan = rows[p][cur << 5 | n]
                if plan is None:
                    plan = _plan(plans, p, cur, n)
                if plan:
                    end, span, promote, mask, far = plan
                    if occ < 0:
                        occ = 0
                        for t in pos:
                            occ += 1 << 3 * t
                    if not occ & span:      # nobody passed or met: just go (MS-10, MS-14)
                        if promote and promote_(p):     # a 銀 home: the game ends there
                            pos[p] = plans[p][1]
                            continue
                        lined = mask & occ
                    elif (far > n or not occ >> 3 * end & 7) and game._quiet_pass(p, cur, n, far):
                        lined = mask                # (meeting a piece at the end: two up)
                    else:                           # two up, or the game ends: the engine
                        game._forward(p, n)
                        occ, lined, end = -1, True, pos[p]
                        if finished:
                            continue
                    if occ >= 0:
                        pos[p] = end
                        occ += (1 << 3 * end) - (1 << 3 * cur)
                    if lined and standing_on(battle_masks, pos, laid, p):
                        after_forward(p, again)     # the offer (MS-15) made by the engine
                    elif not again:
                        end_turn()
                    continue
            elif kind == 2 and phase == "toss":
                end_turn()
                continue
            elif phase == "battle":
                game._battle_toss(toss, info)   # (MS-07, MS-15)
                continue
            elif kind == 3 and phase == "toss":
                p = game._current
                cur = pos[p]
                game._move_back(p, -info[2])    # never past the last corner (MS-06)
                if pos[p] != cur:
                    occ = -1
                end_turn()
                continue
            game._apply_toss(toss, info)
            occ = -1
        return game._outcome(), plies
    finally:
        draws.sync(len(codes) - used)
        if lean:
            log.extend(codes[logged:used])
            if toss is not None:
                game._last_toss = toss
            del game._quiet
            if records:
                replay(game, start, log)
            else:
                game._forget_history()
                game.events, game._mark = [], 0


sim.register_loop(MawariGame, play_bots)
