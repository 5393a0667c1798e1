"""CheckersGame: the rules of checkers/draughts (CK-01..CK-15) behind the common verbs.

    g = CheckersGame()                       # American rules, Black to move
    g.legal_moves()                          # [9-13, 9-14, 10-14, ...]
    g.play("11-15"); g.undo(); g.fen()       # 'B:W21,...,32:B1,...,12'
    g = CheckersGame(CheckersRules.international())

Players: 0 = Black (dark pieces, starting on the top rows: squares 1-12 on 8x8,
1-20 on 10x10), 1 = White. ``turn`` is 0 or 1.

Fast internals for search (no validation):

    g._push(move)    play a move taken from ``g.legal_moves()`` (the base's push/pop)
    g._pop()         take back the last ``_push``
    g.child(move)    a new game (no history) after ``move``
    g.raw_position() (black, white, kings, turn) bit sets, bit i = square i + 1

The bots and perft work on the bit sets directly (``movegen.py``, ``ai.py``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal

from .._catalogue import Word, render
from .._core import FormatError, Game, IllegalMoveError, Outcome, short_repr
from ..svg import Drawing
from .movegen import geometry, movegen
from .notation import parse_fen, parse_move_text, write_fen
from .rules import CheckersRules

__all__ = ["CheckersGame", "CheckersMove", "perft", "PLAYER_NAMES"]

PLAYER_NAMES = ("Black", "White")


def side_word(player: int) -> Word:
    """A side's name as a fact of a sentence: "Black"/"White" in English, 黒/白 in Japanese."""
    return Word(f"ck.draw.side.{player}")


def _ending(key: str, winner: int | None, ranking: tuple, rule: str,
            facts: dict | None = None) -> Outcome:
    """An ending told by its catalogue key and facts; ``reason`` is its English sentence."""
    facts = facts or {}
    return Outcome(winner, render(key, "en", facts), ranking, rule=rule, key=key, facts=facts)


#: the names of the texts a position comes from, as check_position's callers give them
_POSITION_SOURCES: dict[str, Word] = {"PDN FEN (CK-15)": Word("ck.err.pos.fen"),
                                      "checkers JSON (CK-15): the start position": Word("ck.err.pos.save")}


def _either(moves) -> Word | str:
    """Moves a text could mean, as one fact: "a or b or c" ("a と b と c" in Japanese)."""
    words = [str(m) for m in moves]
    out: Word | str = words[-1]
    for w in reversed(words[:-1]):
        out = Word("ck.or", first=w, second=out)
    return out


@dataclass(frozen=True)
class CheckersMove:
    """One whole move (a multi-jump is one move). Squares are PDN numbers.

    path      the squares the piece visits, start first, end last
    captures  the squares of the pieces jumped, in order
    """

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    def __str__(self) -> str:
        if not isinstance(self.path, tuple) or len(self.path) < 2:
            return f"<malformed move {self.path!r:.60}>"   # play() refuses it (FormatError)
        if self.captures:
            return "x".join(map(str, self.path))
        return f"{self.path[0]}-{self.path[-1]}"

    def __repr__(self) -> str:
        return f"CheckersMove({self})"


#: raw move (path, captures) -> its CheckersMove, built once: moves repeat in every game
_MOVES: dict = {}
_new_move = object.__new__


def _raw_to_move(raw) -> CheckersMove:
    key = (raw[0], raw[1])
    m = _MOVES.get(key)
    if m is None:
        if len(_MOVES) > 200_000:
            _MOVES.clear()
        m = _new_move(CheckersMove)
        m.__dict__.update(path=tuple(i + 1 for i in raw[0]), captures=tuple(i + 1 for i in raw[1]))
        _MOVES[key] = m
    return m


_UNSET: Final = False      # "outcome not computed yet" (a singleton that survives pickle and deepcopy)


class CheckersGame(Game):
    """A game of checkers under a ``CheckersRules`` preset (American by default).

    ``CheckersGame(rules=None, *, fen=None)``: the rules first (a ``CheckersRules``;
    American by default); ``fen`` (optional, keyword) sets up a position from a PDN FEN
    tag value such as ``"W:W21,22,K5:B1,6"`` (CK-15), refused (FormatError naming the
    rule) when no game can reach it (``check_position``).

    Draws (checked after each move; a side with no legal move loses first, CK-10):
    - CK-11 the same position (pieces and side to move) occurs for the third time;
    - CK-12 (``draw_rules="american"``) 80 plies in a row (40 moves each) with no
      capture and no man move;
    - CK-13 (``draw_rules="international"``, FMJD article 6) 50 plies in a row (25
      moves each) with only king moves and no capture; a lone king against three
      pieces of which at least one is a king: drawn once each side has made 16 more
      moves (32 plies) since that material first arose; a lone king against one or
      two pieces of which at least one is a king (two kings, king and man, or a
      single king, so king against king is drawn after 5 moves each too): 5 moves
      each (10 plies). The lone side must be a king (a lone man is in no class).
      The count restarts at every capture (e.g. three pieces down to two, or two
      kings down to one king against king); a man crowning keeps the count.
    """

    name = "checkers"
    rules_class = CheckersRules
    #: set by the PDN reader while it replays a record that goes on after a draw
    #: (CK-11 to CK-13): the draws are reported by the reader, not ended on
    _replaying = False
    #: the first draw by the rules a PDN record played on after: ((ply, Outcome, claimable),)
    draws_passed: tuple = ()

    def __init__(self, rules: CheckersRules | None = None, *, fen: str | None = None):
        super().__init__()
        self.rules = rules = self._rules_arg(rules)
        self._geo = geometry(rules.board_size)
        self._gen = movegen(rules)
        if fen is None:
            self._set(self._geo.start_black, self._geo.start_white, 0, rules.first_turn, 0)
        else:
            turn, black, white, kings, quiet = parse_fen(fen, rules.board_size)
            self.check_position(black, white, kings, turn, quiet, fen=fen)
            self._set(black, white, kings, turn, quiet)
        self._start = self._snapshot()

    # ------------------------------------------------------------- state
    def _set(self, black, white, kings, turn, quiet=0, endgame=0, keys=None) -> None:
        self._black, self._white, self._kings, self._turn = black, white, kings, turn
        self._quiet = quiet                  # plies with only king moves, no capture
        self._endgame = endgame              # plies since the CK-13 endgame class arose
        self._keys = keys if keys is not None else ((black, white, kings, turn),)
        self._cache: list | None = None      # raw legal moves (computed once per position)
        self._moves: list | None = None      # their CheckersMove objects
        self._out: Outcome | None | Literal[False] = _UNSET   # the outcome (computed once per position)
        self._chosen: tuple | None = None    # (move, raw, raw list) a bot handed out: ``_hand_out``

    def check_position(self, black: int, white: int, kings: int, turn: int, quiet: int = 0,
                       endgame: int = 0, *, fen: str | None = None,
                       fmt: str = "PDN FEN (CK-15)") -> None:
        """Refuse a position that no game under these rules can reach, with a
        FormatError naming the rule (used by the ``fen`` set-up and by JSON loading):

        - a side with more pieces than it starts with (CK-02: 12 on 8x8, 20 on 10x10,
          30 on 12x12), or kings that are not pieces;
        - a man on its own crowning row (CK-08: it would have been crowned);
        - the side that has just moved (not the side to move) without any piece
          (CK-10; a side *to move* with no pieces is a finished game and is accepted);
        - the side that has just moved without a piece next to an empty square the last
          move could have come from (CK-04, CK-05): a step leaves its start square empty
          and a jump empties the square jumped, so the piece that moved last has an empty
          neighbour behind it (a man; any neighbour for a king; where men capture
          backwards, a man with the two squares in front of it empty, if a capture was
          possible at all: the side to move has lost a piece). E.g. the start position
          of any rules with the second player to move, or men only, all on their own
          first row;
        - a quiet-ply count (FEN ``H`` field, JSON ``quiet``) past the draw (80 plies
          under CK-12, 50 under CK-13), or quiet plies no kings could have made (they
          are king moves: one needs a king of the side that just moved, two or more
          kings on both sides);
        - a CK-13 endgame count under American draw rules, outside a lone-king
          endgame, or past its draw (32 plies against three pieces, 10 against two).
        """
        g = self._geo
        for name, v, top in (("black", black, g.full), ("white", white, g.full),
                             ("kings", kings, g.full), ("turn", turn, 1),
                             ("quiet", quiet, 10 ** 6), ("endgame", endgame, 10 ** 6)):
            if type(v) is not int or not 0 <= v <= top:
                raise FormatError(f"check_position: {name} must be a whole number 0..{top}, "
                                    f"got {short_repr(v)}")
        if not isinstance(fmt, str) or (fen is not None and not isinstance(fen, str)):
            raise FormatError("check_position: fen and fmt must be text")
        where: Word | str = Word("ck.err.pos.got", fen=fen[:80]) if isinstance(fen, str) else ""
        source: Word | str = _POSITION_SOURCES.get(fmt, fmt)

        def bad(problem: str, rule: str, fix: Word | str = "", **facts):
            raise FormatError("ck.err.pos.unreachable", fmt=source, rule=rule, fix=fix,
                              where=where, problem=Word(f"ck.err.pos.{problem}", **facts))

        if black & white or (black | white) & ~g.full or kings & ~(black | white):
            bad("overlap", "CK-01")
        most = (g.half - 1) * g.half
        for player, bb in ((0, black), (1, white)):
            if bb.bit_count() > most:
                bad("too_many", "CK-02", side=side_word(player), n=bb.bit_count(), most=most)
            men_crowned = bb & ~kings & g.crown_row[player]
            if men_crowned:
                sq = (men_crowned & -men_crowned).bit_length()
                bad("man_on_crown", "CK-08", Word("ck.err.pos.fix_king", square=sq),
                    side=side_word(player), square=sq)
        mover = 1 - turn
        if not (white if mover else black):
            bad("mover_empty", "CK-10", turn=side_word(turn), mover=side_word(mover))
        at_start = (black, white, kings, turn) == (g.start_black, g.start_white, 0,
                                                    self.rules.first_turn)
        moved_from = None if at_start else _moved_from(g, black, white, kings, mover,
                                                       self.rules.men_capture_backward)
        if moved_from is not None:
            bad("moved_from", "CK-04, CK-05", turn=side_word(turn), mover=side_word(mover),
                why=Word(f"ck.err.pos.{moved_from}"))
        american = self.rules.draw_rules == "american"
        limit, rule = (80, "CK-12") if american else (50, "CK-13")
        if quiet > limit:
            bad("quiet_past", rule, quiet=quiet, limit=limit)
        if quiet >= 1 and not (white if mover else black) & kings:
            bad("quiet_mover", rule, quiet=quiet, mover=side_word(mover))
        if quiet >= 2 and not (black if mover else white) & kings:
            bad("quiet_turn", rule, quiet=quiet, turn=side_word(turn))
        if endgame:
            cls = _endgame_class(black, white, kings)
            if american:
                bad("endgame_american", "CK-12")
            if cls is None:
                bad("endgame_none", "CK-13")
            most_plies = 32 if cls == 3 else 10
            if endgame > most_plies:
                bad("endgame_past", "CK-13", endgame=endgame, most=most_plies)

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def size(self) -> int:
        return self.rules.board_size

    @property
    def squares(self) -> int:
        """How many dark squares there are (32, 50 or 72)."""
        return self._geo.count

    def raw_position(self) -> tuple[int, int, int, int]:
        return (self._black, self._white, self._kings, self._turn)

    def pieces(self) -> dict[int, tuple[int, bool]]:
        """square -> (player, is_king) for every piece on the board."""
        out = {}
        for player, bb in ((0, self._black), (1, self._white)):
            i = 0
            while bb:
                if bb & 1:
                    out[i + 1] = (player, bool(self._kings >> i & 1))
                bb >>= 1
                i += 1
        return dict(sorted(out.items()))

    def piece_at(self, square: int) -> tuple[int, bool] | None:
        """(player, is_king) of the piece on ``square``, or None (empty, or no such
        square). A square that is not a whole number raises FormatError (CK-01)."""
        if type(square) is not int:
            raise FormatError(f"a square is a whole number 1-{self.squares} (CK-01), "
                              f"got {type(square).__name__}")
        return self.pieces().get(square)

    def counts(self) -> dict[str, int]:
        """How many men and kings each side has."""
        k = self._kings
        pop = lambda x: bin(x).count("1")  # noqa: E731
        return {"black_men": pop(self._black & ~k), "black_kings": pop(self._black & k),
                "white_men": pop(self._white & ~k), "white_kings": pop(self._white & k)}

    @property
    def quiet_plies(self) -> int:
        """Plies in a row with no capture and no man move (CK-12, CK-13)."""
        return self._quiet

    @property
    def endgame_plies(self) -> int:
        """Plies since the current CK-13 lone-king endgame arose (0 outside one)."""
        return self._endgame

    def repetitions(self) -> int:
        """How many times the current position (with the side to move) has occurred."""
        return self._keys.count(self._keys[-1])

    # ------------------------------------------------------------- moves
    def _raw_moves(self) -> list:
        if self._cache is None:
            own, opp = (self._black, self._white) if self._turn == 0 else (self._white, self._black)
            self._cache = self._gen.cached_generate(own, opp, self._kings, self._turn)
        return self._cache

    def _move_list(self) -> list:
        if self._moves is None:
            raws = self._raw_moves()
            own, opp = (self._black, self._white) if self._turn == 0 else (self._white, self._black)
            moves = self._gen.cached_moves(own, opp, self._kings, self._turn, raws, _raw_to_move)
            self._moves = moves
        return self._moves

    def _raw_of(self, move) -> Any:
        """The raw move of a move object of this position's list (by identity), or None."""
        moves = self._move_list()
        for i, m in enumerate(moves):
            if m is move:
                return self._raw_moves()[i]     # (the list _move_list just made)
        return None

    def _generate(self) -> list:
        return list(self._move_list())

    def _over(self) -> bool:
        out = self._out
        if out is _UNSET:
            out = self._out = self._outcome_now()
        return out is not None

    def _fast_play(self, move) -> Any:
        """A move object taken from legal_moves() of this position, or the one a bot just
        handed out for it: applied without the checks, its undo record returned."""
        if type(move) is not CheckersMove:
            return None
        out = self._out                         # (_over, written out)
        if out is _UNSET:
            out = self._out = self._outcome_now()
        if out is not None:
            return None
        ch = self._chosen
        if ch is not None and ch[0] is move and ch[2] is self._cache:
            raw = ch[1]
        else:
            raw = None
            moves = self._moves if self._moves is not None else self._move_list()
            raws = self._cache if self._cache is not None else self._raw_moves()
            for i, m in enumerate(moves):
                if m is move:
                    raw = raws[i]
                    break
            else:
                return None
        snap = self._snapshot()
        self._apply_raw(raw)
        return snap

    def _hand_out(self, i: int) -> CheckersMove:
        """The i-th legal move (``legal_moves()[i]``) as a bot returns it, without building
        the whole list: ``play`` knows it by the object (kept with the raw move and the
        position's raw list, so it is only taken for the position it was made for)."""
        raws = self._raw_moves()
        if self._moves is not None:
            return self._moves[i]
        raw = raws[i]
        move = _raw_to_move(raw)
        self._chosen = (move, raw, raws)
        return move

    def capturing_squares(self) -> list[int]:
        """Squares of the pieces that can capture now (the widget's red rings). Under
        majority capture only those that can make a longest capture."""
        if self.is_over():
            return []
        own, opp = (self._black, self._white) if self._turn == 0 else (self._white, self._black)
        caps = self._gen.captures(own, opp, self._kings, self._turn)
        return sorted({p[0] + 1 for p, _c, _m in caps})

    def _apply(self, move: CheckersMove) -> None:
        if self._moves is not None:
            raw = self._raw_of(move)
            if raw is not None:
                return self._apply_raw(raw)
        path = tuple(s - 1 for s in move.path)
        capmask = 0
        for c in move.captures:
            capmask |= 1 << (c - 1)
        self._apply_raw((path, (), capmask))

    def _apply_raw(self, raw) -> None:
        path, _caps, capmask = raw
        fb, tb = 1 << path[0], 1 << path[-1]
        black, white, kings, turn = self._black, self._white, self._kings, self._turn
        was_man = not kings & fb
        if turn == 0:
            black, white = (black & ~fb) | tb, white & ~capmask
        else:
            white, black = (white & ~fb) | tb, black & ~capmask
        if was_man:
            kings &= ~capmask
            if tb & self._geo.crown_row[turn]:
                kings |= tb                                 # CK-08: crowned on the far row
        else:
            kings = (kings & ~fb & ~capmask) | tb
        turn = 1 - turn
        key = (black, white, kings, turn)
        keys: tuple
        if capmask or was_man:
            quiet, keys = 0, (key,)          # irreversible: no earlier position can recur
        else:
            quiet, keys = self._quiet + 1, self._keys + (key,)
        endgame = 0
        b0, w0 = self._black, self._white
        if self.rules.draw_rules == "international" and not (
                b0 & (b0 - 1) and w0 & (w0 - 1) and black & (black - 1) and white & (white - 1)):
            # a CK-13 class needs a lone piece (before or after the move)
            old = _endgame_class(self._black, self._white, self._kings)
            if old is not None or not (black & (black - 1) and white & (white - 1)):
                new = _endgame_class(black, white, kings)
                # the count runs while the class holds; any capture restarts it (new material)
                endgame = self._endgame + 1 if (new is not None and new == old and not capmask) else 0
        self._black, self._white, self._kings, self._turn = black, white, kings, turn
        self._quiet, self._endgame, self._keys = quiet, endgame, keys
        self._cache = self._moves = None
        self._out = _UNSET

    def __getstate__(self):
        # what was computed for the position (and the undo stack's copies of it) holds
        # shared lists and an index by object id, valid in this process only: a pickled
        # or deep-copied game recomputes them
        state = super().__getstate__()
        state.update(_cache=None, _moves=None, _out=_UNSET, _chosen=None)
        state["_start"] = self._pickle_record(self._start)
        return state

    @staticmethod
    def _pickle_record(snap: tuple) -> tuple:
        """A snapshot without what was computed for its position (see __getstate__)."""
        return snap[:7] + (None, None, _UNSET)

    def _snapshot(self):
        # the position, then what was computed for it (kept so that undo needs no work)
        return (self._black, self._white, self._kings, self._turn, self._quiet,
                self._endgame, self._keys, self._cache, self._moves, self._out)

    def _restore(self, snap) -> None:
        (self._black, self._white, self._kings, self._turn, self._quiet, self._endgame,
         self._keys, self._cache, self._moves, self._out) = snap

    # ---------------------------------------------------- fast internals
    def child(self, move: CheckersMove) -> CheckersGame:
        """A new game (without undo history) in the position after ``move``, a legal
        move of this position (a CheckersMove; anything else is refused: FormatError,
        or IllegalMoveError naming the rule)."""
        if type(move) is not CheckersMove or self._raw_of(move) is None:
            from .rules import check_move
            move = self._coerce_move(check_move(move, "move"))
        new = self.copy()
        new._forget_history()
        new._apply(move)
        return new

    # ------------------------------------------------------------- outcome
    def _outcome(self) -> Outcome | None:
        out = self._out
        if out is _UNSET:
            out = self._out = self._outcome_now()
        return out

    def _outcome_now(self) -> Outcome | None:
        own = self._black if self._turn == 0 else self._white
        if own and self._raw_moves() and len(self._keys) < 9 and self._quiet < 50 \
                and self._endgame < 10:
            return None          # the usual case: moves to make, no draw count near its end
        sides = {"me": side_word(self._turn), "other": side_word(1 - self._turn)}
        win = 1 - self._turn
        if not own:
            return _ending("ck.end.no_pieces", win, (win, self._turn), "CK-10", sides)
        if not self._raw_moves():
            return _ending("ck.end.no_move", win, (win, self._turn), "CK-10", sides)
        if self._replaying:
            return None          # a record replayed past a draw: the reader reports it
        if len(self._keys) >= 9 and self.repetitions() >= 3:     # a third time needs 8 plies
            return _ending("ck.end.repetition", None, (), "CK-11")
        if self.rules.draw_rules == "american":
            if self._quiet >= 80:
                return _ending("ck.end.forty", None, (), "CK-12")
        else:
            if self._quiet >= 50:
                return _ending("ck.end.kings25", None, (), "CK-13")
            cls = _endgame_class(self._black, self._white, self._kings)
            if cls == 3 and self._endgame >= 32:
                return _ending("ck.end.lone3", None, (), "CK-13")
            if cls == 2 and self._endgame >= 10:
                if bin(self._black).count("1") + bin(self._white).count("1") == 2:
                    return _ending("ck.end.kk", None, (), "CK-13")
                return _ending("ck.end.lone2", None, (), "CK-13")
        return None

    # ------------------------------------------------------------- parsing
    def _parse_squares(self, text: str) -> tuple[list[int], bool]:
        return parse_move_text(text, self.squares)

    def _parse_move(self, text: str) -> CheckersMove:
        squares, is_capture = self._parse_squares(text.strip())
        # only the legal moves with this start and end can match: convert just those
        ends = (squares[0] - 1, squares[-1] - 1)
        legal = [_raw_to_move(r) for r in self._raw_moves() if (r[0][0], r[0][-1]) == ends]
        found = _match(legal, squares, is_capture)
        if not found and not is_capture:
            # some programs write captures with a dash too (PDN allows 11-18 for 11x18)
            found = _match(legal, squares, True)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise IllegalMoveError("ck.err.ambiguous", "CK-15", move=text.strip(),
                                   found=_either(found))
        raise self._explain(squares, is_capture, text.strip())

    def _coerce_move(self, move) -> CheckersMove:
        self._check_move_value(move)
        legal = self.legal_moves()
        for m in legal:
            if m == move:
                return m
        # the same start, end and captured pieces by another path is the same move (CK-07)
        for m in legal:
            if (m.start, m.end, frozenset(m.captures)) == (move.start, move.end, frozenset(move.captures)):
                return m
        raise self._explain(list(move.path), move.is_capture, str(move))

    def _check_move_value(self, move) -> None:
        """A move value must be a CheckersMove whose path (at least two squares) and
        captures are tuples of square numbers 1-32/50/72; else FormatError (CK-15)."""
        fmt = ("a checkers move is a CheckersMove(path=(start, ..., end), captures=(...)) of "
               f"square numbers 1-{self.squares}, or text like 11-15 (CK-15)")
        if not isinstance(move, CheckersMove):
            raise FormatError(f"{fmt}; got {type(move).__name__}")
        path, caps = move.path, move.captures
        if not isinstance(path, tuple) or not isinstance(caps, tuple):
            raise FormatError(f"{fmt}; path and captures must be tuples, got "
                              f"{type(path).__name__} and {type(caps).__name__}")
        if not 2 <= len(path) <= self.squares + 1 or len(caps) > self.squares:
            raise FormatError(f"{fmt}; a path has 2 to {self.squares + 1} squares, got {len(path)}")
        for s in path + caps:
            if type(s) is not int or not 1 <= s <= self.squares:
                shown = repr(s) if type(s) is int and abs(s) < 10 ** 12 else type(s).__name__
                raise FormatError(f"{fmt}; got the square {shown}")

    def _explain_illegal(self, move) -> IllegalMoveError:
        if isinstance(move, CheckersMove):
            self._check_move_value(move)
            return self._explain(list(move.path), move.is_capture, str(move))
        squares, is_capture = self._parse_squares(str(move))
        return self._explain(squares, is_capture, str(move))

    def _explain(self, squares: list[int], is_capture: bool, text: str) -> IllegalMoveError:
        """Why a move written as these squares is not legal, naming the rule."""
        me = side_word(self._turn)
        start = squares[0]
        piece = self.piece_at(start)
        legal = self.legal_moves()
        if piece is None:
            return IllegalMoveError("ck.err.no_piece", move=text, side=me, square=start)
        if piece[0] != self._turn:
            return IllegalMoveError("ck.err.their_piece", move=text, side=me, square=start)
        is_king = piece[1]
        caps = [m for m in legal if m.is_capture]
        if not is_capture:
            if caps and self.rules.forced_capture:
                return IllegalMoveError("ck.err.capture_due", "CK-06", move=text, capture=str(caps[0]))
            return self._explain_step(start, squares[-1], is_king, text)
        # a capture
        own, opp = (self._black, self._white) if self._turn == 0 else (self._white, self._black)
        every = [_raw_to_move(r) for r in self._gen.captures(own, opp, self._kings, self._turn,
                                                              majority=False)]
        mine = [m for m in every if m.start == start]
        longer = [m for m in mine if _is_prefix(squares, list(m.path))]
        if longer:
            return IllegalMoveError("ck.err.jump_continues", "CK-07", move=text, longer=str(longer[0]))
        same = _match(every, squares, True)
        if same and self.rules.majority_capture:
            best = max(len(m.captures) for m in every)
            return IllegalMoveError("ck.err.majority", "CK-06", move=text, best=best,
                                    capture=str(caps[0]))
        if not is_king and self.rules.crowning_ends_move and len(squares) > 2:
            for m in mine:
                if (squares[:len(m.path)] == list(m.path)
                        and self._geo.crown_row[self._turn] >> (m.end - 1) & 1):
                    return IllegalMoveError("ck.err.crowned_stops", "CK-08", move=text, stop=str(m))
        if len(squares) >= 2 and not is_king and not self.rules.men_capture_backward:
            r0 = self._geo.coords[start - 1][0]
            r1 = self._geo.coords[squares[1] - 1][0]
            if (r1 - r0) * (1 if self._turn == 0 else -1) < 0:
                return IllegalMoveError("ck.err.men_jump_forward", "CK-05", move=text)
        return IllegalMoveError("ck.err.no_such_capture_flying" if self.rules.flying_kings
                                else "ck.err.no_such_capture", "CK-05", move=text)

    def _explain_step(self, start: int, end: int, is_king: bool, text: str) -> IllegalMoveError:
        g = self._geo
        (r0, c0), (r1, c1) = g.coords[start - 1], g.coords[end - 1]
        dr, dc = r1 - r0, c1 - c0
        if self.piece_at(end) is not None:
            return IllegalMoveError("ck.err.occupied", "CK-04", move=text, square=end)
        if abs(dr) != abs(dc) or dr == 0:
            return IllegalMoveError("ck.err.not_diagonal", "CK-04", move=text, start=start, end=end)
        if not is_king:
            forward = 1 if self._turn == 0 else -1
            if dr * forward < 0:
                return IllegalMoveError("ck.err.men_forward", "CK-04", move=text)
            return IllegalMoveError("ck.err.man_step", "CK-04", move=text)
        if not self.rules.flying_kings:
            return IllegalMoveError("ck.err.king_step", "CK-09", move=text)
        return IllegalMoveError("ck.err.flying_king", "CK-09", move=text)

    # ------------------------------------------------------------- text
    def fen(self) -> str:
        """The position as a PDN FEN tag value, e.g. ``B:W21,22,K5:B1,2`` (CK-15)."""
        return write_fen(self._turn, self._black, self._white, self._kings)

    def __str__(self) -> str:
        g = self._geo
        p = self.pieces()
        sym: dict[tuple[int, bool] | None, str] = {(0, False): "b", (0, True): "B",
                                                   (1, False): "w", (1, True): "W"}
        lines = []
        for r in range(g.n):
            row = []
            for c in range(g.n):
                sq = g.square(r, c)
                row.append(" " if sq is None else sym.get(p.get(sq), "."))
            lines.append(" ".join(row).rstrip())
        lines.append(f"{PLAYER_NAMES[self._turn]} to move ({self.rules.name} rules)")
        return "\n".join(lines)

    #: draw() options beyond boardkit._core.DRAW_OPTIONS (see draw.draw_board)
    draw_extras = ("capturable", "faded")

    def draw(self, **options) -> Drawing:
        """The board as SVG (``boardkit.svg.Drawing``): the options of
        ``boardkit.checkers.draw.draw_board``; an unknown option raises BoardkitError."""
        from .draw import draw_board
        self._check_draw_options(options)
        return draw_board(self, **options)

    # ------------------------------------------------------------- JSON
    def _state_dict(self) -> dict:
        b, w, k, t, quiet, endgame = self._start[:6]
        return {"start": {"fen": write_fen(t, b, w, k), "quiet": quiet, "endgame": endgame},
                "moves": [str(m) for m in self.history],
                "fen": self.fen()}

    def _load_state(self, data: dict) -> None:
        """Rebuild the game from its start position and its moves, replayed one by one
        (so every move is checked against the rules); the start position must be one a
        game can reach (``check_position``) and the stored final ``fen`` must match."""
        fmt = "checkers JSON (CK-15)"
        if not isinstance(data, dict) or set(data) - {"start", "moves", "fen"}:
            got = f"{sorted(map(str, data))[:6] if isinstance(data, dict) else data!r:.60}"
            raise FormatError("ck.err.save.state", got=got)
        start = data.get("start")
        if not isinstance(start, dict) or not isinstance(data.get("moves"), list):
            raise FormatError("ck.err.save.start")
        if set(start) - {"fen", "quiet", "endgame"} or not isinstance(start.get("fen"), str):
            raise FormatError("ck.err.save.start_fields")
        if "fen" in data and not isinstance(data["fen"], str):
            raise FormatError("ck.err.save.fen_text")
        turn, black, white, kings, fen_quiet = parse_fen(start["fen"], self.rules.board_size)
        quiet, endgame = start.get("quiet", fen_quiet), start.get("endgame", 0)
        if not (type(quiet) is int and type(endgame) is int and quiet >= 0 and endgame >= 0):
            raise FormatError("ck.err.save.counts")
        if fen_quiet and fen_quiet != quiet:
            raise FormatError("ck.err.save.quiet", fen_quiet=fen_quiet, quiet=quiet)
        self.check_position(black, white, kings, turn, quiet, endgame, fen=start["fen"],
                            fmt=f"{fmt}: the start position")
        self._forget_history()
        self._set(black, white, kings, turn, quiet, endgame)
        self._start = self._snapshot()
        for i, text in enumerate(data["moves"]):
            if not isinstance(text, str):
                raise FormatError("ck.err.save.move_text", got=f"{text!r:.40}")
            try:
                self.play(text)
            except (IllegalMoveError, FormatError) as e:
                why: Word | str = str(e)
                if e.key:        # the refusal in the reader's language, its rule after it
                    why = Word(e.key, **e.facts)
                    rule = getattr(e, "rule", None)
                    if rule and rule not in str(why):
                        why = Word("error.with_rule", line=why, rule=rule)
                raise FormatError("ck.err.save.illegal", move=text[:40], number=i + 1,
                                  error=why) from None
        if "fen" in data and data["fen"] != self.fen():
            raise FormatError("ck.err.save.end", fen=self.fen(), stored=data["fen"][:80])

    # ------------------------------------------------------------- PDN
    def to_pdn(self, **tags) -> str:
        """The game as a PDN record (tags, numbered moves, result) (CK-15)."""
        from .notation import write_pdn
        return write_pdn(self, **tags)

    @classmethod
    def from_pdn(cls, text: str) -> CheckersGame:
        """Read one PDN game record (the first game if the text holds several)."""
        from .notation import read_pdn
        return read_pdn(text)[0]


def _moved_from(g, black: int, white: int, kings: int, mover: int,
                men_back: bool) -> str | None:
    """None when some piece of ``mover`` could have made the last move, else the reason:
    the last part of its catalogue key (``ck.err.pos.<reason>``). The piece that moved
    last stands where its move ended, and the square it came from is empty:

    - a king: any empty diagonal neighbour (the square it stepped from, or the one
      it jumped; a flying king passed over empty squares or the piece it took);
    - a man that stepped, or jumped forwards: the square diagonally behind it is empty;
    - a man that jumped backwards (only where men capture backwards, CK-05): the square
      in front of it (the piece taken) and the one beyond (where it came from) are
      empty. A capture took a piece of the side to move, so when that side still has
      every piece it started with, the last move was no capture at all: then only a
      step explains it (the international start with Black to move is refused so).
    """
    own = white if mover else black
    other = black if mover else white
    empty = g.full & ~(black | white)
    behind = (2, 3) if mover else (0, 1)       # White moves up the board, Black down
    ahead = (0, 1) if mover else (2, 3)
    any_dir = (0, 1, 2, 3)
    # a capture took one of the other side's pieces: impossible while it has them all
    capture = other.bit_count() < g.start_black.bit_count()
    back_jump = men_back and capture
    step = g.step
    x = own
    while x:
        low = x & -x
        i = low.bit_length() - 1
        x ^= low
        for d in (any_dir if kings & low else behind):
            j = step[i][d]
            if j >= 0 and empty >> j & 1:
                return None
        if back_jump and not kings & low:
            for d in ahead:
                j = step[i][d]
                if j >= 0 and empty >> j & 1:
                    j2 = step[j][d]
                    if j2 >= 0 and empty >> j2 & 1:
                        return None
    first_row = g.crown_row[1 - mover]          # its own first row: the other's crowning row
    if not own & kings and not back_jump and not own & ~first_row:
        return "first_row"
    return "behind_taken" if not own & kings else "around_taken"


def _endgame_class(black: int, white: int, kings: int) -> int | None:
    """CK-13 (FMJD): 3 when one side is a lone king and the other has three pieces
    including at least one king (16-move rule); 2 when the other has one or two
    pieces including at least one king (5-move rule); None otherwise."""
    if black & (black - 1) and white & (white - 1):
        return None                          # both sides have two pieces or more
    for lone, other in ((black, white), (white, black)):
        if lone and not lone & (lone - 1) and lone & kings:
            n = bin(other).count("1")
            if n <= 3 and other & kings:
                return 3 if n == 3 else 2
    return None


def _is_prefix(short: list[int], long: list[int]) -> bool:
    return len(short) < len(long) and long[:len(short)] == short


def _match(moves: list, squares: list[int], is_capture: bool) -> list:
    """The moves written by these squares: the exact path, or start, end and any
    squares in between given in order (the short form 15x31)."""
    out = []
    for m in moves:
        if m.is_capture != is_capture or m.start != squares[0] or m.end != squares[-1]:
            continue
        if list(m.path) == squares:
            return [m]
        it = iter(m.path[1:-1])
        if all(any(s == x for x in it) for s in squares[1:-1]):
            out.append(m)
    return out


#: the deepest perft asked for: the published counts of the start positions stop near
#: 30 plies (and a deeper recursion would pass Python's limit, not just take long)
MAX_PERFT_DEPTH = 30


def perft(game: CheckersGame, depth: int) -> int:
    """How many move sequences of ``depth`` plies the position has (leaf count).

    A whole multi-jump is one move; moves with the same start, end and captured
    pieces are counted once (CK-07). Draw rules are not applied (the usual perft
    convention), but a side with no legal move is a leaf with no children."""
    from .movegen import layout, perft_ghost
    from .rules import check_game
    check_game(game, "game")
    if type(depth) is not int or not 0 <= depth <= MAX_PERFT_DEPTH:
        raise FormatError(f"perft depth must be an integer from 0 to {MAX_PERFT_DEPTH}, "
                          f"got {short_repr(depth)}")
    b, w, k, t = game.raw_position()
    g = layout(game.rules.board_size).to_ghost
    return perft_ghost(game.rules, g(b), g(w), g(k), t, depth)
