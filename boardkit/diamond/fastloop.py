"""Diamond Game's speed path: the lean searches of the bots and of ``reachable()``,
and the bot-game loop of ``sim.play_game``.

The readable engine (movegen.py: ``_jumps_from``, ``_search``, ``_generate``,
``check_path``) is the reference and holds each rule once. What is here finds the same
things faster, on hole indices and move codes (``movegen.SWAP``, ``movegen.PASS_CODE``)
instead of paths and DiamondMove objects:

* ``_fast_moves(g)`` lists the legal moves as codes in exactly the order of
  ``movegen.generate(g)``, and ``_code_move(g, code)`` builds the DiamondMove that
  ``generate`` lists for a code, so a bot can search on codes and hand back one move;
* ``_dests``/``cached_dests``/``_dests_entries``: a piece's destinations, remembered per
  piece with the holes its search read (``board_state`` masks);
* ``_reachable``: the game's ``reachable()`` (registered with
  ``movegen.register_reachable``), one lean breadth-first search per piece.

The bot-game loop: ``sim.play_game``'s plain loop, registered explicitly
(``sim.register_loop(DiamondGame, None)``). A lean loop must still call every bot as the
plain loop does (the same rng draws), and a Diamond bot already hands back the move it
chose marked as legal here (``DiamondGame._coded``: ``play()`` checks no path), so what a
lean loop could skip is ``play()``'s lock, its second game-over test and a few calls.
Measured over whole matches (benchmarks/diamond_matches.py), everything outside the bots
(new games, ``play()``, ``is_over()``, the loop) is 5% of the time in ふつう-つよい and 13%
in the tip bots' match, ~27-42 µs a ply; the part a lean loop could drop is a fraction of
that, so no second loop is kept beside the plain one (one loop: nothing to keep in step).

Where a search here repeats a rule, the tests check it against the reference move for
move: tests/test_diamond_property.py (fast_moves/code_move/reachable against
legal_moves, over seeded games of every rule set), tests/test_diamond_fastloop.py
(the searches against ``movegen._search`` over many random positions) and
tests/test_diamond_bot_games.py (bot games through the registered loop against the plain
loop), plus the golden digests of whole bot matches.
"""
from __future__ import annotations

from itertools import compress

from .. import sim
from .._core import BoardkitError, short_repr
from . import geometry as B
from .game import DiamondGame
from .movegen import (
    _BYTE,
    KING,
    PASS,
    PASS_CODE,
    SWAP,
    DiamondMove,
    _game,
    _index,
    _jumps_from,
    _piece_index,
    _search,
    _state,
    can_swap,
    register_reachable,
)

__all__ = ["fast_moves", "code_move", "dests", "dests_entry", "dests_entries", "board_state",
           "reachable", "SWAP", "PASS_CODE"]

_KING = KING
_RANGE = range(B.N)


#: _OWN[p1]: a bytes.translate table, cell value -> 1 for a piece of player p1 - 1, else 0
_OWN = [bytes(1 if v and v & 7 == p1 else 0 for v in range(256)) for p1 in range(8)]


def _reachable(g) -> dict[tuple[int, int], set]:
    """{start hole: set of destination holes} for the player to move: what
    ``movegen._reachable`` (``legal_moves()`` grouped by start) answers, without building
    a path per move: one lean search per piece on hole indices. The game's
    ``reachable()`` calls it (``movegen.register_reachable``)."""
    if g._is_over_fast():
        return {}
    H = B.HOLES
    out: dict = {}
    rules = g.rules
    if rules.swap_rule or rules.no_squatting_after is not None:
        for code in _fast_moves(g):        # the house rules of DG-16: through the codes
            if code >= 0:
                a = H[code >> 8 & 255]
                s = out.get(a)
                if s is None:
                    out[a] = {H[code & 255]}
                else:
                    s.add(H[code & 255])
        return out
    p = g._turn
    p1 = p + 1
    c = g.cells
    steps, hops = g._steps[p], g._hopp[p]
    long_jump = rules.long_jump
    rays, forb = _long_rays(g), g._forb[p]
    terminal = not rules.king_hops_after_group
    for i in compress(_RANGE, bytes(c).translate(_OWN[p1])):     # the mover's pieces
        v = c[i]
        ends = set()                      # the holes themselves
        for x in steps[i]:
            if not c[x]:
                ends.add(H[x])
        c[i] = 0                          # the mover has left its hole
        try:
            if v & _KING and long_jump:
                for x in _long_order(g, i, p, True)[1:]:
                    ends.add(H[x])
            elif long_jump:
                # _long_man(c, rays, forb, i) written out, the holes gathered as found (the
                # call and a second pass over its list cost ~10% of reachable() in the
                # long-jump rule sets, measured); checked against
                # _long_man and movegen._search by tests/test_diamond_fastloop.py
                seen = {i}
                queue = [i]
                for y in queue:
                    for ray in rays[y]:
                        w = c[ray[0]]
                        if w:
                            if w & _KING or c[ray[1]]:
                                continue
                            x = ray[1]
                        else:
                            top = (len(ray) - 2) >> 1
                            m = 1
                            while m <= top and not c[ray[m]]:
                                m += 1
                            if m > top or c[ray[m]] & _KING:
                                continue
                            land = 2 * m + 1
                            j = m + 1
                            while j < land and not c[ray[j]]:
                                j += 1
                            if j < land or c[ray[land]]:
                                continue
                            x = ray[land]
                        if x in seen or forb[x]:
                            continue
                        seen.add(x)
                        queue.append(x)
                        ends.add(H[x])
            elif v & _KING:
                # _king_reach(c, rays, forb, terminal, i) written out, the holes gathered as
                # found (the call and a second pass over its list cost up to ~10% of
                # reachable() in the rule sets with kings, measured); checked against
                # _king_reach and movegen._search by tests/test_diamond_fastloop.py
                seen = {i}
                queue = [i]
                late = []
                for y in queue:
                    for ray in rays[y]:
                        w = c[ray[0]]
                        if not w or w & _KING:
                            continue
                        n = len(ray)
                        k = 1
                        while k < n:
                            w = c[ray[k]]
                            if not w:
                                break
                            if w & _KING:
                                k = n
                                break
                            k += 1
                        if k >= n:
                            continue
                        x = ray[k]
                        if x in seen or forb[x]:
                            continue
                        if terminal and k > 1:
                            late.append(x)
                            continue
                        seen.add(x)
                        queue.append(x)
                        ends.add(H[x])
                for x in late:
                    ends.add(H[x])
            else:
                # _hop_reach(hops, c, i) written out, the holes gathered as found: a man's
                # single hops are most of the searches here, and a call with a second pass
                # over its list costs ~10% of reachable() (measured); the copy is checked
                # against _hop_reach and movegen._search (tests/test_diamond_fastloop.py)
                seen = {i}
                queue = [i]
                for y in queue:
                    for over, x in hops[y]:
                        w = c[over]
                        if w and not w & _KING and not c[x] and x not in seen:
                            seen.add(x)
                            queue.append(x)
                            ends.add(H[x])
        finally:
            c[i] = v
        if ends:
            out[H[i]] = ends
    return out


def _rmasks(g) -> list:
    """Per hole y, the ``board_state`` mask of every line from y (what a search with long
    jumps reads from y), per board, built on first use."""
    t = _LONG_RAYS.get((id(g._rays), "rmask"))
    if t is None:
        t = _LONG_RAYS[id(g._rays), "rmask"] = [sum([_BYTE[x] for ray in rays for x in ray])
                                                for rays in g._rays]
        _LONG_RAYS[id(g._rays), "keep"] = g._rays     # the key's object stays alive
    return t


_MEMO_DEPTH = 4
_STATE = bytes((1 if v else 0) | (2 if v & _KING else 0) for v in range(256))


def _board_state(c) -> int:
    """The occupied holes and the kings as one int (hole j in byte j: 1 occupied,
    2 king): what a single-hop search depends on, besides the mover."""
    return int.from_bytes(bytes(c).translate(_STATE), "little")


def cached_dests(g, i: int, state: int) -> list[int]:
    """``dests(g, i)``, remembered: a piece's steps and jumps depend only on the
    holes its search read (a mask kept with the answer: the neighbours of the holes
    it hopped from, or their whole lines for the king's group jump and long jumps),
    so the answer is reused while those holes hold what they held
    (``state = board_state(cells)``). Not with the swap rule (``dests`` directly)."""
    c = g.cells
    v = c[i]
    rules = g.rules
    if not v or rules.swap_rule:
        return _dests(g, i)
    key = (rules.long_jump << 13 | rules.king_hops_after_group << 12) | i << 4 | v
    entries = g._dmemo.get(key)
    if entries is not None:
        for e in entries:
            if state & e[0] == e[1]:
                return e[2]
    return _search_entry(g, i, state, key, entries)[2]


def _search_entry(g, i: int, state: int, key: int, entries) -> tuple:
    """``cached_dests``'s search on a miss (the memory already looked at: ``entries`` =
    ``g._dmemo.get(key)``, none of them holding): the new entry (mask, ``state & mask``,
    destinations), remembered."""
    c = g.cells
    v = c[i]
    rules = g.rules
    memo = g._dmemo
    p = (v & 7) - 1
    rm = g._smask[p][i]
    out = [x for x in g._steps[p][i] if not c[x]]
    if v & _KING and not rules.long_jump:
        c[i] = 0
        try:
            queue, read = _king_order(g, i, p, True)
        finally:
            c[i] = v
        rm |= read
        if len(queue) > 1:
            out.extend([x for x in queue[1:] if x not in out])
    elif v & _KING or rules.long_jump:
        c[i] = 0
        try:
            queue = _jump_order(g, i, p, bool(v & _KING))
        finally:
            c[i] = v
        rmask = _rmasks(g)
        for y in queue:
            rm |= rmask[y]
        if len(queue) > 1:
            out.extend([x for x in queue[1:] if x not in out])
    else:
        hops = g._hopp[p]
        hmask = g._hmask[p]
        c[i] = 0
        try:
            seen = {i}
            queue = [i]
            for y in queue:
                rm |= hmask[y]            # the jumped holes; a landing is read behind a piece
                for over, x in hops[y]:
                    w = c[over]
                    if w and not w & _KING:
                        rm |= _BYTE[x]
                        if not c[x] and x not in seen:
                            seen.add(x)
                            queue.append(x)
        finally:
            c[i] = v
        if len(queue) > 1:                # a hop chain keeps the hole class (q, r mod 2), a
            out += queue[1:]              # step changes it: no landing is a step's hole
    e = (rm, state & rm, out)
    if entries is None:
        if len(memo) > 20_000:
            memo.clear()
        memo[key] = [e]
    else:                                 # the newest first; a few positions per piece (a
        entries.insert(0, e)              # search goes back and forth)
        del entries[_MEMO_DEPTH:]
    return e


def _dests_entry(g, i: int, state: int) -> tuple:
    """``cached_dests`` with what its answer depends on: (mask, ``state & mask``,
    destinations); the answer holds while ``state & mask`` is unchanged (the bots' search
    uses the mask to tell which pieces a move can touch). Not with the swap rule."""
    v = g.cells[i]
    rules = g.rules
    key = (rules.long_jump << 13 | rules.king_hops_after_group << 12) | i << 4 | v
    entries = g._dmemo.get(key)
    if entries is not None:
        for e in entries:
            if state & e[0] == e[1]:
                return e
    return _search_entry(g, i, state, key, entries)


def _dests_entries(g, holes, state: int) -> list:
    """[(i, ``dests_entry(g, i, state)``) for i in holes], the memory's hits inlined."""
    c = g.cells
    memo = g._dmemo
    rules = g.rules
    flags = rules.long_jump << 13 | rules.king_hops_after_group << 12
    out = []
    for i in holes:
        key = flags | i << 4 | c[i]
        entries = memo.get(key)
        if entries is None:
            e = _search_entry(g, i, state, key, None)
        else:
            for e in entries:
                if state & e[0] == e[1]:
                    break
            else:
                e = _search_entry(g, i, state, key, entries)
        out.append((i, e))
    return out


def _dests(g, i: int) -> list[int]:
    """The destinations of the piece on hole index i (whoever's turn it is), in the
    order of ``moves_of``: steps (| SWAP for a swap) in direction order, then the hop
    destinations breadth-first. Empty for an empty hole."""
    c = g.cells
    v = c[i]
    if not v:
        return []
    p = (v & 7) - 1
    rules = g.rules
    steps: set[int] | list[int]
    if rules.swap_rule:
        forb = g._forb[p]
        out = []
        for x in g._nb[i]:
            if x < 0 or forb[x]:
                continue
            if not c[x]:
                out.append(x)
            elif can_swap(g, i, x, p):
                out.append(x | SWAP)
        steps = {x & 255 for x in out}
    else:
        out = [x for x in g._steps[p][i] if not c[x]]
        steps = out
    c[i] = 0                              # the mover has left its hole
    try:
        if not v & _KING and not rules.long_jump:
            hops = g._hopp[p]             # single hops only (DG-09, DG-12, DG-13)
            queue = _hop_reach(hops, c, i)
        else:
            queue = _jump_order(g, i, p, bool(v & _KING))
    finally:
        c[i] = v
    if len(queue) > 1:
        if steps:
            out.extend([x for x in queue[1:] if x not in steps])
        else:
            out.extend(queue[1:])
    return out


def _hop_reach(hops, c, i: int) -> list:
    """Breadth-first over single hops from hole ``i`` (a man without long jumps): hop over
    any non-king piece onto an empty hole not reached before (DG-09, DG-10, DG-12).
    The holes in the order reached, ``i`` first."""
    seen = {i}
    queue = [i]
    for y in queue:
        for over, x in hops[y]:
            w = c[over]
            if w and not w & _KING and not c[x] and x not in seen:
                seen.add(x)
                queue.append(x)
    return queue


def _jump_order(g, i: int, p: int, king: bool) -> list[int]:
    """[i, then the holes reached by jumps in the order ``search`` finds them] (the
    king's group jumps, long jumps; the start hole already emptied)."""
    if king and not g.rules.long_jump:
        return _king_order(g, i, p)
    if g.rules.long_jump:
        return _long_order(g, i, p, king) if king else _long_man(g.cells, _long_rays(g), g._forb[p], i)
    terminal_groups = king and not g.rules.king_hops_after_group
    found = {i}
    queue = [i]
    late = []
    for y in queue:
        for x, kind in _jumps_from(g, y, p, king, i):
            if x in found:
                continue
            if terminal_groups and kind == 1:
                late.append(x)
                continue
            found.add(x)
            queue.append(x)
    for x in late:
        if x not in found:
            found.add(x)
            queue.append(x)
    return queue


def _long_man(c, rays, forb, i: int) -> list[int]:
    """``_long_order`` for a man (not a king), leaner: along each line, the first piece
    m + 1 holes out (not a king) is jumped onto the hole m + 1 beyond it when the holes
    between are empty (m = 0: the ordinary hop), DG-09, DG-19. ``c`` = the cells (the
    mover's hole emptied), ``rays`` = ``_long_rays(g)``, ``forb`` = the mover's
    forbidden holes (DG-13)."""
    found = {i}
    queue = [i]
    for y in queue:
        for ray in rays[y]:
            w = c[ray[0]]
            if w:
                if w & _KING or c[ray[1]]:
                    continue
                x = ray[1]
            else:
                top = (len(ray) - 2) >> 1
                m = 1
                while m <= top and not c[ray[m]]:
                    m += 1
                if m > top or c[ray[m]] & _KING:
                    continue
                land = 2 * m + 1
                j = m + 1
                while j < land and not c[ray[j]]:
                    j += 1
                if j < land or c[ray[land]]:
                    continue
                x = ray[land]
            if x in found or forb[x]:
                continue
            found.add(x)
            queue.append(x)
    return queue


def _long_order(g, i: int, p: int, king: bool) -> list[int]:
    """``_jump_order`` with long jumps (DG-19), ``jumps_from`` inlined: an adjacent piece
    is hopped (the king: a run of them, DG-11), or one piece d holes away is jumped to
    2d when the holes between and beyond are empty; kings are never jumped (DG-12)."""
    c = g.cells
    forb = g._forb[p]
    rays = _long_rays(g)
    terminal = king and not g.rules.king_hops_after_group
    found = {i}
    queue = [i]
    late = []
    for y in queue:
        for ray in rays[y]:
            n = len(ray)
            w = c[ray[0]]
            group = False
            if w:
                if king:
                    k = 0
                    while k < n:
                        w = c[ray[k]]
                        if not w:
                            break
                        if w & _KING:
                            k = n
                            break
                        k += 1
                    if k >= n:
                        continue
                    x = ray[k]
                    group = k > 1
                else:
                    if w & _KING or c[ray[1]]:
                        continue
                    x = ray[1]
            else:
                # the piece to jump must stand at most (n - 2) // 2 holes out (its landing,
                # twice as far, is on the line): look no further
                top = (n - 2) >> 1
                m = 1
                while m <= top and not c[ray[m]]:
                    m += 1
                if m > top or c[ray[m]] & _KING:
                    continue
                j = m + 1
                while j <= 2 * m + 1 and not c[ray[j]]:
                    j += 1
                if j <= 2 * m + 1:
                    continue
                x = ray[2 * m + 1]
            if x in found or forb[x]:
                continue
            if terminal and group:
                late.append(x)
                continue
            found.add(x)
            queue.append(x)
    for x in late:
        if x not in found:
            found.add(x)
            queue.append(x)
    return queue


_LONG_RAYS: dict = {}


def _long_rays(g) -> list:
    """The lines of two holes or more from each hole (what a jump needs), per board."""
    rays = _LONG_RAYS.get(id(g._rays))
    if rays is None:
        rays = _LONG_RAYS[id(g._rays)] = [[r for r in rs if len(r) >= 2] for rs in g._rays]
        _LONG_RAYS[id(g._rays), "keep"] = g._rays     # the key's object stays alive
    return rays


def _ray_reads(g) -> list:
    """Per hole, for each line of ``_long_rays``: the ``board_state`` masks of its first
    k + 1 holes, k = 0, 1, ... (what a king's search reads along it), per board; a hole's
    row is None until ``_ray_read_row`` builds it (a game's king visits a few holes)."""
    reads = _LONG_RAYS.get((id(g._rays), "reads"))
    if reads is None:
        reads = _LONG_RAYS[id(g._rays), "reads"] = [None] * len(g._rays)
    return reads


def _ray_read_row(g, y: int) -> list:
    """Row y of ``_ray_reads``, built and kept; its last item is the mask of the lines'
    first holes."""
    row: list = []
    first = 0
    for ray in _long_rays(g)[y]:
        acc, masks = 0, []
        for j in ray:
            acc |= _BYTE[j]
            masks.append(acc)
        row.append(masks)
        first |= _BYTE[ray[0]]
    row.append(first)
    _ray_reads(g)[y] = row
    return row


def _king_reach(c, rays, forb, terminal: bool, i: int) -> list[int]:
    """``_king_order`` without the mask, leaner: the lines of two holes or more only
    (``_long_rays``), a line starting with an empty hole or a king skipped at once.
    The arguments as ``_long_man``'s; ``terminal``: a group jump ends the turn
    (``not rules.king_hops_after_group``, DG-11)."""
    found = {i}
    queue = [i]
    late = []
    for y in queue:
        for ray in rays[y]:
            w = c[ray[0]]
            if not w or w & _KING:        # nothing to jump, or a king (DG-12)
                continue
            n = len(ray)
            k = 1
            while k < n:
                w = c[ray[k]]
                if not w:
                    break
                if w & _KING:
                    k = n
                    break
                k += 1
            if k >= n:
                continue
            x = ray[k]
            if x in found or forb[x]:
                continue
            if terminal and k > 1:
                late.append(x)
                continue
            found.add(x)
            queue.append(x)
    for x in late:
        if x not in found:
            found.add(x)
            queue.append(x)
    return queue


def _king_order(g, i: int, p: int, mask: bool = False):
    """``_jump_order`` for a king without long jumps (DG-11, DG-12), inlined: along
    each line, a run of k >= 1 touching pieces without a king, landing just after.
    ``mask=True``: (the list, the holes read as a ``board_state`` mask)."""
    if not mask:
        return _king_reach(g.cells, _long_rays(g), g._forb[p], not g.rules.king_hops_after_group, i)
    c = g.cells
    forb = g._forb[p]
    rays = _long_rays(g)
    reads = _ray_reads(g)
    terminal = not g.rules.king_hops_after_group
    found = {i}
    queue = [i]
    late = []
    rm = 0
    for y in queue:
        row = reads[y]
        if row is None:
            row = _ray_read_row(g, y)
        rm |= row[-1]                     # the first hole of every line
        for ray, read in zip(rays[y], row):
            w = c[ray[0]]
            if not w or w & _KING:        # nothing to jump, or a king (DG-12)
                continue
            n = len(ray)
            k = 1
            while k < n:
                w = c[ray[k]]
                if not w or w & _KING:
                    break
                k += 1
            if k >= n:                    # a run to the board's edge
                rm |= read[n - 1]
                continue
            rm |= read[k]
            if w:                         # a king in the run
                continue
            x = ray[k]
            if x in found or forb[x]:
                continue
            if terminal and k > 1:
                late.append(x)
                continue
            found.add(x)
            queue.append(x)
    for x in late:
        if x not in found:
            found.add(x)
            queue.append(x)
    return (queue, rm) if mask else queue


def _fast_moves(g) -> list[int]:
    """The legal moves as codes, in the order of ``generate`` ([] when the game is
    over, [PASS_CODE] for a player who must pass, DG-07)."""
    if g._is_over_fast():
        return []
    p1 = g._turn + 1
    c = g.cells
    out: list[int] = []
    if g.rules.swap_rule or g.rules.long_jump:
        for i in compress(_RANGE, c):
            if c[i] & 7 == p1:
                base = i << 8
                out.extend([base | x for x in _dests(g, i)])
    else:
        state = _board_state(c)
        memo = g._dmemo
        flags = g.rules.long_jump << 13 | g.rules.king_hops_after_group << 12
        for i in compress(_RANGE, c):
            v = c[i]
            if v & 7 == p1:
                ds = None
                for e in memo.get(flags | i << 4 | v, ()):    # cached_dests, inlined for the hits
                    if state & e[0] == e[1]:
                        ds = e[2]
                        break
                if ds is None:
                    ds = cached_dests(g, i, state)
                base = i << 8
                out.extend([base | x for x in ds])
    if g.rules.no_squatting_after is not None:
        out = _squat_filter_codes(g, out, p1 - 1)
    return out or [PASS_CODE]


def _squat_filter_codes(g, codes: list, p: int) -> list:
    n = g.rules.no_squatting_after
    if g._own_turns[p] < n:
        return codes
    start = g._start_set[p]
    p1 = p + 1
    if not any(g.cells[j] and (g.cells[j] & 7) == p1 for j in start):
        return codes
    out = [m for m in codes if (m >> 8 & 255) in start and (m & 255) not in start]
    return out or codes


def _code_move(g, code: int) -> DiamondMove:
    """The DiamondMove that ``generate(g)`` lists for a code of ``fast_moves(g)``."""
    if code < 0:
        return PASS
    i, x = code >> 8 & 255, code & 255
    H = B.HOLES
    if code & SWAP:
        return DiamondMove((H[i], H[x]), "swap")
    c = g.cells
    if not c[x] and x in g._nb[i]:
        return DiamondMove((H[i], H[x]), "step")
    v = c[i]
    if not v & _KING and not g.rules.long_jump:
        # the path ``search`` finds (fewest jumps, first found), by the same breadth-first
        # order with a parent per hole, stopping at x
        hops = g._hopp[(v & 7) - 1]
        parent = {i: -1}
        queue = [i]
        c[i] = 0
        try:
            for y in queue:
                for over, z in hops[y]:
                    w = c[over]
                    if w and not w & _KING and not c[z] and z not in parent:
                        parent[z] = y
                        if z == x:
                            break
                        queue.append(z)
                else:
                    continue
                break
        finally:
            c[i] = v
        path = []
        while x >= 0:
            path.append(H[x])
            x = parent[x]
        return DiamondMove(tuple(reversed(path)), "hop")
    path, kinds = _search(g, i)[x]
    return DiamondMove(path, "group" if kinds & 2 else ("long" if kinds & 4 else "hop"))


# ------------------------------------------------------------------ the checked entries
# The names above that start with "_" trust their arguments (a search calls them at every
# node); the public names below check them once (a BoardkitError naming the argument),
# then run the same code.
def reachable(g) -> dict[tuple[int, int], set]:
    """{start hole: set of destination holes} for the player to move (the lean search;
    the same dict as ``movegen._reachable``, the reference)."""
    return _reachable(_game(g))


def dests(g, i: int) -> list[int]:
    """The destinations of the piece on hole index i (whoever's turn it is), in the
    order of ``moves_of`` (| SWAP for a swap step). Empty for an empty hole."""
    _game(g)
    return _dests(g, _index(i, "i"))


def board_state(c) -> int:
    """The occupied holes and the kings of a board's cells (``game.cells``) as one int
    (hole j in byte j: 1 occupied, 2 king)."""
    if not isinstance(c, (list, tuple, bytes, bytearray)) or len(c) != B.N:
        raise BoardkitError(f"c must be a board's cells (game.cells: {B.N} cell values); "
                            f"got {short_repr(c)}")
    try:
        return _board_state(c)
    except (TypeError, ValueError, OverflowError):
        raise BoardkitError(f"c: each cell value is a whole number 0..255 (game.cells); "
                            f"got {short_repr(c)}") from None


def dests_entry(g, i: int, state: int) -> tuple:
    """(mask, ``state & mask``, destinations) of the piece on hole index i, ``state``
    being ``board_state(g.cells)``. Not with the swap rule."""
    _game(g)
    return _dests_entry(g, _piece_index(g, i), _state(state))


def dests_entries(g, holes, state: int) -> list:
    """[(i, ``dests_entry(g, i, state)``) for i in holes] (hole indices of pieces)."""
    _game(g)
    _state(state)
    if isinstance(holes, (str, bytes, bytearray)) or not hasattr(holes, "__iter__"):
        raise BoardkitError(f"holes must be hole indices of pieces (a list of ints); "
                            f"got {short_repr(holes)}")
    return _dests_entries(g, [_piece_index(g, i, "holes") for i in holes], state)


def fast_moves(g) -> list[int]:
    """The legal moves as codes, in the order of ``generate`` ([] when the game is
    over, [PASS_CODE] for a player who must pass, DG-07)."""
    return _fast_moves(_game(g))


def code_move(g, code: int) -> DiamondMove:
    """The DiamondMove that ``generate(g)`` lists for a code of ``fast_moves(g)``."""
    _game(g)
    if isinstance(code, bool) or not isinstance(code, int) or code not in _fast_moves(g):
        raise BoardkitError(f"code must be one of fast_moves(g), the move codes of this "
                            f"position; got {short_repr(code)}")
    return _code_move(g, code)


register_reachable(_reachable)
sim.register_loop(DiamondGame, None)
