"""Text formats of backgammon: move text (BG-16), GNU Backgammon Position and Match IDs (BG-17).

Move text: standard notation from the mover's side, ``24/18 13/11``, ``bar/22``,
``6/off``, ``8/5(2)``, ``*`` for a hit; ``notation`` writes it as gnubg does and
``parse_notation`` reads it (at most ``MAX_MOVE_TEXT`` characters).

GNU Backgammon Position IDs and Match IDs (BG-17), read and written.

Position ID (14 characters): an 80-bit key. For each side, each of the 24 points from
that side's own 1-point up and then the bar gives as many 1 bits as checkers followed
by one 0 bit. Bits fill each byte from its lowest bit; the 10 bytes are written in
Base64 without the trailing "==". The start position is ``4HPwATDgc/ABMA``.

Which side comes first: GNU Backgammon 1.07 writes the side of the player who is NOT
on roll first, then the player on roll (its board array is (opponent, player on
roll)). We checked this on games gnubg played itself (tests/test_backgammon_ids.py
replays them); the manual's prose puts it the other way round, the program is what
users paste from, so we follow the program.

Match ID (12 characters): a 67-bit key, lowest bit first, in fields
cube log2 (4) | cube owner (2: 0, 1, or 3 = centre) | player on roll (1) | Crawford (1) |
game state (3: 0 no game, 1 playing, 2 over, 3 resigned, 4 double passed) |
player to decide (1) | double offered (1) | resignation offered (2: 0 none, 1 single,
2 gammon, 3 backgammon) | die 1 (3) | die 2 (3) | match length (15) |
score of player 0 (15) | of player 1 (15) | Jacoby rule NOT in use (1, bit 66),
then Base64 of the 9 bytes. Player 0 here is White. Bit 66 is written inverted, as
gnubg's matchid.c writes it (``!fJacoby``): 0 in a money game with the Jacoby rule,
1 in a money game without it and in every match (the rule is for money play only),
so a match's IDs end in ``E`` where the last byte has no other bit.

Every reader here refuses bad text with a ``FormatError`` naming the format (and
shows at most the first 40 characters of the input, so a 1 MB paste gives a short
message).
"""
from __future__ import annotations

import base64
import binascii
import numbers
import re

from .._core import FormatError, short_repr

__all__ = ["notation", "parse_notation", "MAX_MOVE_TEXT", "encode_position_id",
           "decode_position_id", "encode_match_id", "decode_match_id"]

#: longest move text read (a play is at most four single moves: "bar/22*/16*/10*/4*" ...)
MAX_MOVE_TEXT = 200


def _bounded(values, limit: int, message: str) -> list:
    """At most ``limit`` items of a collection or iterator, as a list; more (or not
    iterable) raises BoardkitError(message). Never materialises a huge input such as
    ``range(10**9)``."""
    import itertools

    from .._core import BoardkitError
    if isinstance(values, (str, bytes)):
        raise BoardkitError(message)
    try:
        n = len(values)
    except TypeError:
        n = None
    if n is not None and n > limit:
        raise BoardkitError(message)
    try:
        items = list(itertools.islice(iter(values), limit + 1))
    except TypeError:
        raise BoardkitError(message) from None
    if len(items) > limit:
        raise BoardkitError(message)
    return items


#: the safe repr of refusal messages: it never raises and stays short for any value
_short = short_repr


def _raw(tok: str) -> str:
    """A token as typed, cut short, for a sentence that puts it in its own quotes."""
    return tok if len(tok) <= 40 else tok[:40] + "..."


def _point_name(i: int) -> str:
    return "bar" if i == 25 else "off" if i == 0 else str(i)



def notation(steps, hit_flags=()) -> str:
    """Standard text of a play (BG-16), written the way GNU Backgammon writes it: the
    single moves sorted from the back (highest point first, longer first), one checker's
    moves joined (``24/13``, with ``*`` on a point where it hit on the way), equal moves
    counted (``8/5(2)``)."""
    if not isinstance(steps, (list, tuple)) or len(steps) > 4 or not all(
            isinstance(st, tuple) and len(st) >= 2 and all(isinstance(x, int) for x in st[:2])
            for st in steps):
        raise FormatError(f"backgammon move text (BG-16): steps are up to four (from, to) "
                          f"pairs, got {_short(steps)}")
    if not steps:
        return "(no play)"
    flags = list(hit_flags) or [False] * len(steps)
    order = sorted(zip(steps, flags), key=lambda x: (-x[0][0], -x[0][1]))
    paths: list[list] = []          # [[points...], [hit after each point...]]
    for (a, b), h in order:
        for p in paths:             # continue the checker that just arrived on a
            if p[0][-1] == a and a != 0:
                p[0].append(b)
                p[1].append(h)
                break
        else:
            paths.append([[a, b], [False, h]])
    # equal moves are counted by their points; the first one's text (with its * when
    # it hit) stands for the group: "6/4*(2)", as gnubg writes it
    texts: dict[tuple, str] = {}
    counts: dict[tuple, int] = {}
    order_: list[tuple] = []
    for pts, hits in paths:
        key = tuple(pts)
        if key in counts:
            counts[key] += 1
            continue
        s = _point_name(pts[0])
        for k in range(1, len(pts)):
            if k == len(pts) - 1 or hits[k]:
                s += "/" + _point_name(pts[k]) + ("*" if hits[k] else "")
        texts[key], counts[key] = s, 1
        order_.append(key)
    return " ".join(texts[k] if counts[k] == 1 else f"{texts[k]}({counts[k]})" for k in order_)


_TOKEN = re.compile(r"(bar|b|[0-9]{1,2})((?:/(?:[0-9]{1,2}|off|o)\*?)+)(?:\(([0-9])\))?\Z", re.I)


def parse_notation(text: str) -> list[tuple[int, int, bool]]:
    """Text of a play to single moves ((from, to, marked_hit), ...). FormatError if bad
    (not text, longer than ``MAX_MOVE_TEXT`` characters, or not the notation of BG-16).
    Digits are ASCII only."""
    if not isinstance(text, str):
        raise FormatError(f"backgammon move text (BG-16): expected text, got {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:
        raise FormatError("bg.err.text_long", n=f"{len(text):,}", most=MAX_MOVE_TEXT)
    t = text.strip()
    if t.lower() in ("(no play)", "no play", "pass", "-", ""):
        return []
    moves: list[tuple[int, int, bool]] = []
    for tok in t.replace(",", " ").split():
        m = _TOKEN.match(tok)
        if not m:
            raise FormatError("bg.err.text_unread", tok=_raw(tok))
        start = 25 if m.group(1).lower() in ("bar", "b") else int(m.group(1))
        pts, cur = [], start
        for part in m.group(2).split("/")[1:]:
            hit = part.endswith("*")
            p = part.rstrip("*").lower()
            nxt = 0 if p in ("off", "o") else int(p)
            if not (1 <= start <= 25) or not (0 <= nxt <= 24) or nxt >= cur:
                raise FormatError("bg.err.text_backward", tok=_raw(tok))
            pts.append((cur, nxt, hit))
            cur = nxt
        n = int(m.group(3) or 1)
        if not 1 <= n <= 4:
            raise FormatError("bg.err.text_repeat", tok=_raw(tok))
        moves.extend(pts * n)
    return moves



# ------------------------------------------------------------------ IDs
_B64 = re.compile(r"^[A-Za-z0-9+/]+$")


def _bits_to_bytes(bits: list[int], nbytes: int) -> bytes:
    out = bytearray(nbytes)
    for i, b in enumerate(bits):
        if b:
            out[i // 8] |= 1 << (i % 8)
    return bytes(out)


def _bytes_to_bits(data: bytes) -> list[int]:
    return [(data[i // 8] >> (i % 8)) & 1 for i in range(len(data) * 8)]


def _decode_b64(text: str, nchars: int, nbytes: int, what: str) -> bytes:
    fmt = (f"GNU Backgammon {what} (BG-17): expected {nchars} Base64 characters "
           f"(A-Z a-z 0-9 + /)")
    if not isinstance(text, str):
        raise FormatError(f"{fmt}, got {type(text).__name__}")
    t = text.strip()
    if t.lower().startswith(what.split()[0].lower() + " id:"):
        t = t.split(":", 1)[1].strip()
    if len(t) != nchars or not _B64.match(t):
        raise FormatError(f"{fmt}, got {_short(text)}")
    try:
        data = base64.b64decode(t + "=" * (-len(t) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise FormatError(f"{fmt}, got {_short(text)}") from None
    return data[:nbytes]


def encode_position_id(mine, theirs) -> str:
    """Position ID of (mine, theirs): 26 counts each in their owner's numbering
    (index 25 = bar, 0 = off); ``mine`` is the player on roll."""
    for side in (mine, theirs):
        if not (hasattr(side, "__len__") and not isinstance(side, (str, bytes)) and len(side) == 26
                and all(isinstance(x, numbers.Integral) and not isinstance(x, bool) and int(x) >= 0
                        for x in side) and sum(side) == 15):
            raise FormatError(f"GNU Backgammon Position ID (BG-17): a side is 26 counts with 15 "
                              f"checkers (BG-02), got {_short(side)}")
    bits: list[int] = []
    for side in (theirs, mine):           # not on roll first, as gnubg writes it
        for i in list(range(1, 25)) + [25]:
            bits.extend([1] * side[i])
            bits.append(0)
    return base64.b64encode(_bits_to_bytes(bits, 10)).decode("ascii").rstrip("=")


def decode_position_id(pid: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(mine, theirs) from a Position ID; the borne-off counts make 15 each."""
    bits = _bytes_to_bits(_decode_b64(pid, 14, 10, "Position ID"))
    sides, cur, pos = [], [0] * 26, 0
    slot = 0                       # 0..24 the side not on roll, 25..49 the player on roll
    order = list(range(1, 25)) + [25]
    for b in bits:
        if slot >= 50:
            if b:
                raise FormatError(f"GNU Backgammon Position ID (BG-17): {_short(pid)} has checkers "
                                  f"after both sides are complete")
            continue
        if b:
            cur[order[slot % 25]] += 1
        else:
            slot += 1
            if slot % 25 == 0:
                sides.append(cur)
                cur = [0] * 26
        pos += 1
    if len(sides) != 2:
        raise FormatError(f"GNU Backgammon Position ID (BG-17): {_short(pid)} does not describe both "
                          f"sides (too many checkers)")
    for s in sides:
        n = sum(s)
        if n > 15:
            raise FormatError(f"GNU Backgammon Position ID (BG-17): {_short(pid)} gives a side {n} "
                              f"checkers; at most 15 (BG-02)")
        s[0] = 15 - n
    theirs, mine = sides
    for i in range(1, 25):
        if mine[i] and theirs[25 - i]:
            raise FormatError(f"GNU Backgammon Position ID (BG-17): {_short(pid)} puts both players "
                              f"on the same point ({i} for the player on roll)")
    return tuple(mine), tuple(theirs)


# ------------------------------------------------------------------ Match ID
_FIELDS = (("cube", 4), ("owner", 2), ("roller", 1), ("crawford", 1), ("state", 3),
           ("turn", 1), ("doubled", 1), ("resign", 2), ("die1", 3), ("die2", 3),
           ("length", 15), ("score0", 15), ("score1", 15), ("nojacoby", 1))


def _pack(values: dict) -> str:
    bits: list[int] = []
    for name, width in _FIELDS:
        v = values.get(name, 0) if name == "nojacoby" else values[name]
        bits.extend((v >> k) & 1 for k in range(width))
    return base64.b64encode(_bits_to_bytes(bits, 9)).decode("ascii")


def decode_match_id(mid: str) -> dict:
    """The fields of a Match ID as a dict (cube value, owner None/0/1, dice, score,
    the game state 0..4, a resignation offered 0..3, the Jacoby flag...).
    ``encode_match_id`` of this dict gives the same ID back."""
    bits = _bytes_to_bits(_decode_b64(mid, 12, 9, "Match ID"))
    vals, pos = {}, 0
    for name, width in _FIELDS:
        vals[name] = sum(bits[pos + k] << k for k in range(width))
        pos += width
    bad = []
    if vals["owner"] == 2:
        bad.append("cube owner 2 (0, 1 or 3 = centre)")
    if vals["state"] > 4:
        bad.append(f"game state {vals['state']} (0..4)")
    if vals["die1"] > 6 or vals["die2"] > 6 or (vals["die1"] == 0) != (vals["die2"] == 0):
        bad.append(f"dice {vals['die1']}-{vals['die2']}")
    n = vals["length"]
    if n and (vals["score0"] >= n or vals["score1"] >= n) and vals["state"] == 1:
        bad.append(f"score {vals['score0']}-{vals['score1']} in a match to {n}")
    if any(bits[67:]):
        bad.append("bits set past bit 66")
    if bad:
        raise FormatError(f"GNU Backgammon Match ID (BG-17): {_short(mid)} has an impossible "
                          + ", ".join(bad))
    return {
        "cube": 1 << vals["cube"],
        "cube_owner": None if vals["owner"] == 3 else vals["owner"],
        "roller": vals["roller"], "crawford": bool(vals["crawford"]),
        "state": vals["state"], "turn": vals["turn"], "doubled": bool(vals["doubled"]),
        "resign": vals["resign"],
        "dice": (vals["die1"], vals["die2"]) if vals["die1"] else None,
        "match_length": n, "score": (vals["score0"], vals["score1"]),
        "jacoby": not vals["nojacoby"],
    }


_INFO_KEYS = ("cube", "cube_owner", "roller", "crawford", "state", "turn", "doubled",
              "resign", "dice", "match_length", "score", "jacoby")


def _pack_info(info: dict) -> str:
    """The Match ID of a dict as ``decode_match_id`` returns it (checked field by field)."""
    fmt = "GNU Backgammon Match ID (BG-17)"
    if set(info) != set(_INFO_KEYS):
        raise FormatError(f"{fmt}: the fields are {', '.join(_INFO_KEYS)}; got "
                          f"{_short(sorted(map(str, info)))}")

    def num(name, v, lo, hi):
        if not isinstance(v, numbers.Integral) or isinstance(v, bool) or not lo <= v <= hi:
            raise FormatError(f"{fmt}: {name} must be a whole number {lo}..{hi}, got {_short(v)}")
        return int(v)

    cube = num("cube", info["cube"], 1, 1 << 15)
    if cube & (cube - 1):
        raise FormatError(f"{fmt}: cube must be a power of 2, got {cube}")
    owner = info["cube_owner"]
    dice = info["dice"] or (0, 0)
    score = info["score"]
    if not (isinstance(dice, (tuple, list)) and len(dice) == 2):
        raise FormatError(f"{fmt}: dice are None or two numbers 1..6, got {_short(dice)}")
    if not (isinstance(score, (tuple, list)) and len(score) == 2):
        raise FormatError(f"{fmt}: score is two numbers, got {_short(score)}")
    mid = _pack({
        "cube": cube.bit_length() - 1,
        "owner": 3 if owner is None else num("cube_owner", owner, 0, 1),
        "roller": num("roller", info["roller"], 0, 1), "crawford": int(bool(info["crawford"])),
        "state": num("state", info["state"], 0, 4), "turn": num("turn", info["turn"], 0, 1),
        "doubled": int(bool(info["doubled"])), "resign": num("resign", info["resign"], 0, 3),
        "die1": num("die", dice[0], 0, 6), "die2": num("die", dice[1], 0, 6),
        "length": num("match_length", info["match_length"], 0, (1 << 15) - 1),
        "score0": num("score", score[0], 0, (1 << 15) - 1),
        "score1": num("score", score[1], 0, (1 << 15) - 1),
        "nojacoby": int(not info["jacoby"]),
    })
    decode_match_id(mid)            # the same checks as reading
    return mid


def encode_match_id(game) -> str:
    """The Match ID of a BackgammonGame (or of the dict ``decode_match_id`` returns).
    A game before its opening roll is gnubg's "no game" state 0."""
    from .game import BackgammonGame
    if isinstance(game, dict):
        return _pack_info(game)
    if not isinstance(game, BackgammonGame):
        raise FormatError(f"GNU Backgammon Match ID (BG-17): expected a BackgammonGame, got "
                          f"{type(game).__name__}")
    phase = game.phase
    state = {"over": 2, "opening": 0}.get(phase, 1)
    end = game.outcome() if phase == "over" else None
    if end is not None and "passed" in end.reason:
        state = 4
    dice = game.dice or (0, 0)
    import math
    return _pack({
        "cube": int(math.log2(game.cube_value)),
        "owner": 3 if game.cube_owner is None else game.cube_owner,
        "roller": game.roller, "crawford": int(game.crawford), "state": state,
        "turn": game.turn, "doubled": int(phase == "respond"), "resign": 0,
        "die1": dice[0], "die2": dice[1],
        "length": game.rules.match_length,
        "score0": game.score[0], "score1": game.score[1],
        "nojacoby": int(not game.rules.jacoby),
    })
