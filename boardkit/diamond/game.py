"""Diamond Game (ダイヤモンドゲーム): the state, play and undo, JSON.

    g = DiamondGame()                      # three players, kings, 15 pieces each
    g.legal_moves()[:3]                    # [a2-b2, ...]
    g.play("c2:e2")                        # a hop, in label notation
    g.play([(-2, 6), (-2, 4)])             # or a path of (q, r) holes
    g.reachable_from((-3, 6))              # every hole that piece can reach now
    g.undo()

Moves (DG-07..DG-12, DG-19). A move is a path of holes: the start, then each landing
(``movegen.DiamondMove``); its text is in ``notation``. ``legal_moves()`` lists ONE
move per (piece, destination), the shortest chain; ``play()`` also accepts any other
legal path to a reachable hole, checked jump by jump, and records it as given;
``paths(start, dest)`` lists them, shortest first, with bounded work. The generator
itself is ``movegen``; the star's geometry is ``geometry``.

For search, ``_push(move)`` keeps a small step record (no snapshot, no legality check)
on the base class's undo stack: the move must come from ``legal_moves()``. The bots use
the faster lane of ``fastloop.fast_moves`` (moves as int codes, no path) with
``_fpush(code)`` / ``_fpop()``, which put the same step records on the same stack
without a history entry; everything else uses ``play``/``undo``. The stack holds two
kinds of record, told apart by their type (``_revert``): a ``_Snapshot`` (play) and a
step tuple (i, x, vi, vx, turn, passes, finished count).
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any, ClassVar, NamedTuple

from .. import svg
from .._catalogue import Word, render
from .._core import BoardkitError, FormatError, Game, IllegalMoveError, Outcome, short_repr
from . import geometry as B
from . import movegen
from .movegen import KING as _KING
from .movegen import PASS, PATHS_BUDGET, PATHS_LIMIT, DiamondMove
from .notation import board_text, parse_move
from .rules import DiamondRules

__all__ = ["DiamondGame", "DiamondMove", "PASS", "PATHS_LIMIT", "PATHS_BUDGET"]


def _colour_word(g, player: int) -> Word:
    """A player's colour as a word ("red", 「赤」), a fact of a sentence."""
    return Word(f"dg.colour.{g.colour(player)}")


def _ending(winner: int | None, key: str, ranking: tuple, rule: str, **facts: Any) -> Outcome:
    """The Outcome with its sentence's key and facts (``reason``: the English)."""
    return Outcome(winner, render(key, "en", facts), ranking, rule=rule, key=key, facts=facts)


class _Snapshot(NamedTuple):
    """The whole state before a move played with ``play`` (undone by ``_restore``)."""

    cells: tuple
    turn: int
    ply: int
    finished: tuple
    own_turns: tuple
    passes: int


class DiamondGame(Game):
    """A game of Diamond Game for 1 (solitaire), 2 or 3 players, or Chinese checkers.

    Players are 0..players-1 (0 = red); ``colour(p)`` names them. Seats, camps and
    colours follow ``DiamondRules`` (see its docstring).
    """

    name: ClassVar[str] = "diamond"
    rules_class: ClassVar[type] = DiamondRules

    def __init__(self, rules: DiamondRules | None = None, *, setup: bool = True):
        """``DiamondGame(rules=None, *, setup=True)``: the rules first (None = the
        classic three-player game); ``setup=False`` leaves the board empty (for
        ``from_pieces``)."""
        if not isinstance(setup, bool):
            raise BoardkitError(f"setup must be True or False, got {short_repr(setup)}")
        super().__init__()
        self.rules = self._rules_arg(rules)
        rules = self.rules
        self._tables()
        self.cells = [0] * B.N
        self._turn = rules.first_player
        self._ply = 0
        self._finished: list[int] = []
        self._own_turns = [0] * rules.players
        self._passes = 0
        self._setup = False           # True for a position set up by hand (from_pieces)
        if setup:
            for p in range(rules.players):
                for h in self._start_region[p]:
                    self.cells[h] = 1 + p
                if rules.kings:
                    self.cells[self._start_apex[p]] = 1 + p + _KING

    # ------------------------------------------------------------ seats
    def _tables(self) -> None:
        """Per-player index tables for this rule set (computed once per game)."""
        r = self.rules
        colours = r.colours
        self._start_tip = list(r.start_tips)
        self._goal_tip = [B.opposite(t) for t in self._start_tip]
        kind = r.board
        self._on, self._nb, self._rays, self._hops = B.tables(kind)
        if kind == "chinese":            # DG-20: camps are the 10-hole tips
            camp = region = lambda t: B.tip(t, kind)  # noqa: E731
        else:
            camp = lambda t: B.camp(t, kind)  # noqa: E731
            region = camp if (kind == "small" or r.pieces == 15) else (lambda t: B.tip(t, kind))
        idx = lambda hs: sorted(B.INDEX[h] for h in hs)  # noqa: E731
        self._start_region = [idx(region(t)) for t in self._start_tip]
        self._home = [idx(region(t)) for t in self._goal_tip]
        self._home_set = [frozenset(x) for x in self._home]
        self._home_get = [itemgetter(*x) for x in self._home]     # a home's cells (10 or 15)
        self._start_set = [frozenset(x) for x in self._start_region]
        self._start_camp = [frozenset(camp(t)) for t in self._start_tip]
        self._goal_camp = [frozenset(camp(t)) for t in self._goal_tip]
        self._start_apex = [B.INDEX[B.apex(t, kind)] for t in self._start_tip]
        self._goal_apex = [B.INDEX[B.apex(t, kind)] for t in self._goal_tip]
        self._colour = [colours[t] for t in self._start_tip]
        # DG-13: the 10-hole tips of every other colour (also an unused colour's)
        self._forb = []
        for p in range(r.players):
            bad = [False] * B.N
            if kind != "chinese":
                for t in B.TIP_NAMES:
                    if colours[t] != self._colour[p]:
                        for h in B.tip(t, kind):
                            bad[B.INDEX[h]] = True
            self._forb.append(bad)
        # the fast lane's tables (fastloop.dests): allowed steps and hops per player
        self._steps, self._hopp, memo = movegen.player_tables(self)
        self._smask, self._hmask, self._dmemo = memo["smask"], memo["hmask"], memo["memo"]

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def turns_played(self) -> int:
        """Turns played so far (passes included); the solitaire score."""
        return self._ply

    def colour(self, player: int) -> str:
        """The colour name of a player ("red", "yellow", "green", ...)."""
        return self._colour[self._check_player(player)]

    def start_tip(self, player: int) -> str:
        return self._start_tip[self._check_player(player)]

    def goal_tip(self, player: int) -> str:
        return self._goal_tip[self._check_player(player)]

    def start_camp(self, player: int) -> frozenset:
        """The player's start camp (15 holes; the 10-hole tip on the Chinese board)."""
        return self._start_camp[self._check_player(player)]

    def goal_camp(self, player: int) -> frozenset:
        """The camp opposite the start camp, same colour (DG-02, DG-05)."""
        return self._goal_camp[self._check_player(player)]

    def home(self, player: int) -> frozenset:
        """The holes that must be filled to finish: the goal camp with 15 pieces,
        the goal tip's 10 holes with 10 pieces (DG-14, DG-16, DG-18)."""
        return frozenset(B.HOLES[i] for i in self._home[self._check_player(player)])

    def start_apex(self, player: int) -> tuple[int, int]:
        return B.HOLES[self._start_apex[self._check_player(player)]]

    def goal_apex(self, player: int) -> tuple[int, int]:
        """The goal ◎, where the player's king must end (DG-14)."""
        return B.HOLES[self._goal_apex[self._check_player(player)]]

    def forbidden(self, player: int) -> frozenset:
        """The holes where the player's pieces may never land (DG-13)."""
        bad = self._forb[self._check_player(player)]
        return frozenset(B.HOLES[i] for i in range(B.N) if bad[i])

    def holes(self) -> tuple:
        """The holes of this game's board (121, or 73 on the small board)."""
        return tuple(h for h in B.HOLES if self._on[B.INDEX[h]])

    def _check_on_board(self, h) -> None:
        if not self._on[B.INDEX[h]]:
            raise FormatError("dg.err.small_board", qr=str(h), hole=B.label(h))

    def _check_player(self, player) -> int:
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.players:
            raise FormatError(f"{short_repr(player, 40)} is not a player: players are 0..{self.players - 1} "
                              "(DG-05, DG-06)")
        return player

    # ------------------------------------------------------------ pieces
    def pieces(self) -> dict[tuple[int, int], tuple[int, bool]]:
        """hole -> (player, is_king) for every piece on the board."""
        c = self.cells
        return {B.HOLES[i]: ((v & 7) - 1, bool(v & _KING)) for i, v in enumerate(c) if v}

    def pieces_of(self, player: int) -> list[tuple[int, int]]:
        p1 = self._check_player(player) + 1
        return [B.HOLES[i] for i, v in enumerate(self.cells) if v and (v & 7) == p1]

    def king_of(self, player: int) -> tuple[int, int] | None:
        v = self._check_player(player) + 1 + _KING
        for i, c in enumerate(self.cells):
            if c == v:
                return B.HOLES[i]
        return None

    def piece_at(self, hole) -> tuple[int, bool] | None:
        """(player, is_king) of the piece on ``hole``, or None if it is empty."""
        v = self.cells[B.INDEX[B.parse_hole(hole)]]
        return ((v & 7) - 1, bool(v & _KING)) if v else None

    def has_finished(self, player: int) -> bool:
        return self._check_player(player) in self._finished

    @property
    def finished(self) -> tuple[int, ...]:
        """Players who have finished, in order (the ranking so far)."""
        return tuple(self._finished)

    @classmethod
    def from_pieces(cls, pieces: dict, rules: DiamondRules | None = None, *, turn: int = 0) -> DiamondGame:
        """A position set up by hand, for puzzles and notebooks.

        ``pieces`` maps a hole ((q, r) or label) to a player index, or to
        ``(player, is_king)``. Refused with FormatError naming the rule: a hole off the
        board (DG-01, DG-18), two pieces on a hole, a piece on a forbidden tip (DG-13),
        two kings of one player (DG-04), a king when kings are off (DG-17), no piece at
        all. A set-up may give a player more or fewer pieces than the rules (a puzzle, a
        crowded field to study hops); its JSON says ``"setup": true`` and is checked by
        these rules only, not by the piece counts of DG-02/DG-18."""
        if not isinstance(pieces, dict):
            raise FormatError("from_pieces: pieces must be a dict hole -> player, "
                              f"got {type(pieces).__name__}")
        g = cls(rules, setup=False)
        g._setup = True
        g._check_player(turn)
        if len(pieces) > B.N:
            raise FormatError(f"from_pieces: {len(pieces)} pieces do not fit on {B.N} holes (DG-01)")
        kings = set()
        count = [0] * g.players
        for h, who in pieces.items():
            h = B.parse_hole(h)
            if isinstance(who, (tuple, list)) and len(who) == 2 and isinstance(who[1], bool):
                p, k = who
            elif isinstance(who, int) and not isinstance(who, bool):
                p, k = who, False
            else:
                raise FormatError(f"from_pieces: the piece on {B.label(h)} must be a player index or "
                                  f"(player, is_king), got {short_repr(who, 60)}")
            g._check_player(p)
            g._check_on_board(h)
            if k and not g.rules.kings:
                raise FormatError("dg.err.pieces_king_off", hole=B.label(h))
            if k and p in kings:
                raise FormatError("dg.err.pieces_two_kings", colour=_colour_word(g, p))
            if k:
                kings.add(p)
            i = B.INDEX[h]
            if g.cells[i]:
                raise FormatError("dg.err.pieces_two_on_hole", hole=B.label(h))
            if g._forb[p][i]:
                raise FormatError("dg.err.pieces_tip", colour=_colour_word(g, p), hole=B.label(h))
            count[p] += 1
            g.cells[i] = 1 + p + (_KING if k else 0)
        if not any(count):
            raise FormatError("dg.err.pieces_empty")
        g._turn = turn
        return g

    @classmethod
    def solitaire(cls, pieces: int = 10, *, kings: bool = False, long_jump: bool = False,
                  board: str = "star") -> DiamondGame:
        """One player (red) alone crossing from its start to the opposite tip or camp.

        ``pieces=10``: tip to tip; ``pieces=15``: camp to camp. The game is over when
        the pieces are home; ``turns_played`` is the score (fewer is better)."""
        return cls(DiamondRules(players=1, kings=kings, pieces=pieces, long_jump=long_jump, board=board))

    # ------------------------------------------------------------ move search
    def _generate(self) -> list:
        return movegen._generate(self)

    # ------------------------------------------------------------ public queries
    def reachable(self) -> dict[tuple[int, int], set]:
        """{start hole: set of destination holes} for the player to move."""
        return movegen._REACHABLE[0](self)

    def reachable_from(self, hole) -> set:
        """Every hole the piece on ``hole`` could reach in one turn (steps and hop
        chains), whoever's turn it is; empty for an empty hole."""
        return movegen.reachable_from(self, hole)

    def single_jumps(self, start, at=None) -> list[tuple[int, int]]:
        """Where the piece on ``start`` could land with ONE jump from ``at`` (default:
        ``start``); see ``movegen.single_jumps``."""
        return movegen.single_jumps(self, start, at)

    def hop_layers(self, hole) -> list[list[tuple[int, int]]]:
        """The breadth-first search of hop chains (DG-10), layer by layer; see
        ``movegen.hop_layers``."""
        return movegen.hop_layers(self, hole)

    def paths(self, start, dest, limit: int = PATHS_LIMIT) -> list[DiamondMove]:
        """The legal paths from ``start`` to ``dest`` this turn, shortest first, at most
        ``limit``; bounded work on any position (see ``movegen.paths``)."""
        return movegen.paths(self, start, dest, limit)

    # ------------------------------------------------------------ checking a path
    def _check_path(self, path) -> DiamondMove:
        return movegen.check_path(self, path)

    #: (move, ``_position()``) of the move a bot just chose here from the legal move codes
    #: (``ai._chosen``): play() takes that very move object without checking its path
    #: again while the position is the same
    _coded: tuple | None = None

    def _position(self) -> tuple:
        """What the legality of a move depends on (the rules aside)."""
        return bytes(self.cells), self._turn, tuple(self._own_turns)

    def _coerce_move(self, move: Any) -> DiamondMove:
        coded = self._coded
        if coded is not None and move is coded[0] and coded[1] == self._position():
            return move
        if isinstance(move, DiamondMove):
            if move.kind == "pass":
                if move.path:
                    raise FormatError("dg.err.pass_path", path=short_repr(move.path, 60))
                return self._check_path(())
            return self._check_path(move.path)
        if isinstance(move, (list, tuple)):
            return self._check_path(move)
        raise FormatError("dg.err.move_type", kind=type(move).__name__)

    def _parse_move(self, text: str) -> DiamondMove:
        """Move text (``notation.parse_move``): at most ``notation.MAX_MOVE_TEXT``
        characters, FormatError for what is not a move."""
        holes = parse_move(text)
        return movegen.check_path(self, holes)

    def _explain_illegal(self, move: Any) -> IllegalMoveError:
        try:
            self._coerce_move(move) if not isinstance(move, str) else self._parse_move(move)
        except IllegalMoveError as e:
            return e
        return IllegalMoveError("dg.err.not_legal", move=str(move)[:60])

    # ------------------------------------------------------------ playing
    def _apply(self, move: DiamondMove) -> None:
        self._do(move)

    def _push(self, move: DiamondMove) -> None:
        """Play a move from ``legal_moves()`` fast, for search (no legality check, no
        snapshot: a step record); the base's ``_pop()`` takes it back."""
        self._record(move, self._do(move))

    def _fpush(self, code: int) -> None:
        """The bots' push: a move code of ``fastloop.fast_moves`` (no check, no history;
        ``_fpop()`` takes it back). Never mix with ``_push``/``_pop`` out of order."""
        if code < 0:
            self._push_record(self._do_ix(-1, -1, False))
        else:
            self._push_record(self._do_ix(code >> 8 & 255, code & 255, code & movegen.SWAP))

    def _fpop(self) -> None:
        self._undo_step(self._pop_record())

    def _revert(self, record) -> None:
        if type(record) is _Snapshot:
            self._restore(record)
        else:
            self._undo_step(record)

    def _undo_step(self, step: tuple) -> None:
        """Take back one step record of ``_do_ix``."""
        i, x, vi, vx, turn, passes, nfin = step
        if i >= 0:
            c = self.cells
            c[i] = vi
            c[x] = vx
        self._turn = turn
        self._passes = passes
        del self._finished[nfin:]
        self._own_turns[turn] -= 1
        self._ply -= 1

    def _do(self, move: DiamondMove) -> tuple:
        if move.kind == "pass":
            return self._do_ix(-1, -1, False)
        return self._do_ix(B.INDEX[move.path[0]], B.INDEX[move.path[-1]], move.kind == "swap")

    def _do_ix(self, i: int, x: int, swap) -> tuple:
        c = self.cells
        p = self._turn
        record_passes = self._passes
        fin = self._finished
        nfin = len(fin)
        if i < 0:
            vi = vx = 0
            self._passes += 1
        else:
            vi, vx = c[i], c[x]
            c[x] = vi
            c[i] = vx if swap else 0
            self._passes = 0
        self._ply += 1
        self._own_turns[p] += 1
        n = self.rules.players
        # a move may complete the mover's home, or (DG-16) someone else's
        for k in range(n):
            q = (p + k) % n
            if q not in fin and self._is_home(q):
                fin.append(q)
                self._passes = 0
        for k in range(1, n + 1):
            q = (p + k) % n
            if q not in fin:
                self._turn = q
                break
        return (i, x, vi, vx, p, record_passes, nfin)

    def _is_home(self, p: int) -> bool:
        """DG-14/DG-16: every home hole occupied, and the king on the goal ◎
        (without kings: at least one own piece at home)."""
        c = self.cells
        if self.rules.kings and c[self._goal_apex[p]] != 1 + p + _KING:
            return False              # the cheap test first (the same answer)
        home = self._home[p]
        for j in home:
            if not c[j]:
                return False
        if self.rules.kings:
            return True
        p1 = p + 1
        return any((c[j] & 7) == p1 for j in home)

    def _is_over_fast(self) -> bool:
        n = self.rules.players
        f = len(self._finished)
        if f and (n <= 2 or f >= n - 1):
            return True
        if self.rules.max_turns is not None and self._ply >= self.rules.max_turns:
            return True
        return self._passes >= n - f

    def _over(self) -> bool:
        return self._is_over_fast()

    def _remaining(self, p: int) -> int:
        apex = B.HOLES[self._goal_apex[p]]
        return sum(B.distance(h, apex) for h in self.pieces_of(p))

    def _outcome(self) -> Outcome | None:
        if not self._is_over_fast():
            return None
        n = self.rules.players
        fin = list(self._finished)
        rest = sorted((p for p in range(n) if p not in fin), key=lambda p: (self._remaining(p), p))
        ranking = tuple(fin + rest)
        if fin and (n <= 2 or len(fin) >= n - 1):
            w = fin[0]
            if n == 1:
                return _ending(0, "dg.end.solitaire", (0,), "DG-14", n=self._ply)
            # a finished player's pieces never move again, so the goal holes the winner's
            # own pieces do not fill now were filled by others when it finished (DG-16)
            home = set(self._home[w])
            own = all(B.INDEX[h] in home for h in self.pieces_of(w)) and \
                len(self.pieces_of(w)) == len(home)
            kings = self.rules.kings
            if own:
                key, rule = ("dg.end.finish_king", "DG-14") if kings else ("dg.end.finish", "DG-17")
            else:
                key, rule = ("dg.end.blocked_king" if kings else "dg.end.blocked"), "DG-16"
            return _ending(w, key, ranking, rule, who=Word(f"dg.colour.{self._colour[w]}"))
        if self.rules.max_turns is not None and self._ply >= self.rules.max_turns:
            return _ending(None, "dg.end.cap", ranking, "max_turns", cap=self.rules.max_turns)
        return _ending(None, "dg.end.all_pass", ranking, "DG-07")

    # ------------------------------------------------------------ state
    def _snapshot(self):
        return _Snapshot(tuple(self.cells), self._turn, self._ply, tuple(self._finished),
                         tuple(self._own_turns), self._passes)

    def _restore(self, snap) -> None:
        cells, self._turn, self._ply, fin, own, self._passes = snap
        self.cells = list(cells)
        self._finished = list(fin)
        self._own_turns = list(own)

    def _state_dict(self) -> dict:
        d = {
            "pieces": [[B.label(B.HOLES[i]), (v & 7) - 1, bool(v & _KING)]
                       for i, v in enumerate(self.cells) if v],
            "turn": self._turn,
            "turns_played": self._ply,
            "finished": list(self._finished),
            "own_turns": list(self._own_turns),
            "passes": self._passes,
        }
        if self._setup:
            d["setup"] = True
        return d

    def _load_state(self, d: dict) -> None:
        """Read ``_state_dict`` data, refusing what play cannot reach (FormatError
        naming the rule): pieces off the board or on a forbidden tip (DG-01, DG-13,
        DG-18), two on a hole, a player without exactly ``rules.pieces`` pieces
        (DG-02, DG-18) or without exactly one king (DG-04, DG-17), more pieces out of
        the start area than the player has had turns (DG-07: one piece per turn), a
        finished player who has not moved or is not home (DG-14, DG-16), a player home
        but not counted as finished, the turn on a finished player, turn counts that
        do not add up (DG-05), and more passes in a row than players (DG-07).
        With ``"setup": true`` (a hand-made position, ``from_pieces``) a player may
        have other piece counts and the piece-count, move-count and home checks are
        skipped (the other rules still hold)."""
        fmt = "diamond JSON"
        keys = {"pieces", "turn", "turns_played", "finished", "own_turns", "passes"}
        if not (keys <= set(d) <= keys | {"setup"}):
            raise FormatError(f"{fmt}: state needs exactly the keys {sorted(keys)} (and optional "
                              f"'setup'), got {sorted(map(str, d))[:12]}"[:400])
        setup = d.get("setup", False)
        if not isinstance(setup, bool):
            raise FormatError(f"{fmt}: 'setup' must be true or false")
        n = self.players
        pcs = d["pieces"]
        if not isinstance(pcs, list):
            raise FormatError(f"{fmt}: 'pieces' must be a list of [label, player, is_king]")
        if len(pcs) > B.N:
            raise FormatError(f"{fmt}: {len(pcs)} pieces do not fit on the {B.N} holes (DG-01, DG-02)")
        placed = {}
        for item in pcs:
            if not (isinstance(item, list) and len(item) == 3 and isinstance(item[2], bool)
                    and isinstance(item[1], int) and not isinstance(item[1], bool)):
                raise FormatError(f"{fmt}: each piece is [label, player, is_king], "
                                  f"got {short_repr(item, 60)}")
            h = B.hole(item[0]) if isinstance(item[0], str) else B.parse_hole(item[0])
            if h in placed:
                raise FormatError("dg.err.state_two_on_hole", hole=B.label(h))
            placed[h] = (item[1], item[2])
        if not _is_int(d["turn"]):
            raise FormatError(f"{fmt}: 'turn' must be a player index 0..{n - 1} (DG-05)")
        g = DiamondGame.from_pieces(placed, self.rules, turn=d["turn"])
        if not _ints(d["finished"]) or any(not 0 <= x < n for x in d["finished"]) or \
                len(set(d["finished"])) != len(d["finished"]):
            raise FormatError(f"{fmt}: 'finished' must list distinct players 0..{n - 1} (DG-14)")
        if not _ints(d["own_turns"]) or len(d["own_turns"]) != n or min(d["own_turns"]) < 0:
            raise FormatError(f"{fmt}: 'own_turns' must be {n} counts >= 0 (DG-05)")
        for k in ("turns_played", "passes"):
            if not _is_int(d[k]) or d[k] < 0:
                raise FormatError(f"{fmt}: {short_repr(k)} must be an int >= 0")
        ply, own, fin, passes = d["turns_played"], d["own_turns"], d["finished"], d["passes"]
        turn = d["turn"]
        if sum(own) != ply:
            raise FormatError("dg.err.state_sum", own=str(own), ply=ply)
        cap = self.rules.max_turns
        if cap is not None and ply > cap:
            raise FormatError("dg.err.state_cap", ply=ply, cap=cap)
        if passes > ply or passes > n - len(fin):
            raise FormatError("dg.err.state_passes", passes=passes)
        if len(fin) < n and turn in fin:
            raise FormatError("dg.err.state_turn_finished", colour=_colour_word(g, turn))
        if not setup and not fin:
            first = self.rules.first_player
            if turn != (first + ply) % n or any(
                    own[p] != ply // n + ((p - first) % n < ply % n) for p in range(n)):
                raise FormatError("dg.err.state_order", turn=turn, own=str(own), first=first, ply=ply)
        count = [0] * n
        for p, _ in placed.values():
            count[p] += 1
        for p in range(n):
            kings = sum(1 for q, k in placed.values() if q == p and k)
            if not setup:
                if count[p] != self.rules.pieces:
                    raise FormatError("dg.err.state_count", colour=_colour_word(g, p), count=count[p],
                                      pieces=self.rules.pieces)
                if self.rules.kings and kings != 1:
                    raise FormatError("dg.err.state_no_king", colour=_colour_word(g, p))
                if not self.rules.swap_rule:
                    out = sum(1 for j in range(B.N) if g.cells[j] and (g.cells[j] & 7) == p + 1
                              and j not in self._start_set[p])
                    if out > own[p]:
                        raise FormatError("dg.err.state_out", colour=_colour_word(g, p), out=out,
                                          turns=own[p])
            if p in fin:
                if own[p] < 1:
                    raise FormatError("dg.err.state_fin_unmoved", colour=_colour_word(g, p))
                if self.rules.kings and g.cells[self._goal_apex[p]] != 1 + p + _KING:
                    raise FormatError("dg.err.state_fin_king", colour=_colour_word(g, p))
                if not self.rules.kings and not any(g.cells[j] and (g.cells[j] & 7) == p + 1
                                                    for j in self._home[p]):
                    raise FormatError("dg.err.state_fin_home", colour=_colour_word(g, p))
            elif not setup and g._is_home(p):
                raise FormatError("dg.err.state_home_unlisted", colour=_colour_word(g, p))
        self.cells = g.cells
        self._turn = turn
        self._ply = ply
        self._finished = list(fin)
        self._own_turns = list(own)
        self._passes = passes
        self._setup = setup

    # ------------------------------------------------------------ display
    #: draw() options beyond the shared ones (see draw.draw_board)
    draw_extras: ClassVar[tuple[str, ...]] = ("forbidden_for", "rotate", "palette")

    def draw(self, **options) -> svg.Drawing:
        """The board as an ``svg.Drawing``: the shared options (size, flip, labels,
        highlight, targets, arrows, selected, hint, last_move, title) and Diamond's
        ``forbidden_for``, ``rotate``, ``palette``; unknown options are refused."""
        self._check_draw_options(options)
        from .draw import draw_board
        return draw_board(self, **options)

    def __str__(self) -> str:
        """A text diagram (``notation.board_text``): rows q (top) to a; r y g ... for
        pieces, capitals for kings, ``.`` empty, ``,`` a hole forbidden to the player to move."""
        return board_text(self)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _ints(xs) -> bool:
    return isinstance(xs, list) and all(_is_int(x) for x in xs)
