"""Solitaire puzzles (boardkit.diamond.solitaire): solutions are replayed move by move on
the engine, counted, and compared with the published optimum of 27 moves (Bell 2009):
no legal solution may be shorter, so a solver finding one would expose a rule bug
(DG-08..DG-10 moves, DG-13 forbidden tips)."""
import pytest

from boardkit import BoardkitError, IllegalMoveError
from boardkit.diamond import DiamondGame, solitaire
from boardkit.diamond import geometry as B


def test_the_published_optimum_is_27():
    assert solitaire.OPTIMUM[10] == 27


def test_solution_27_is_legal_complete_and_optimal():
    """A 27-move solution, checked move by move by the engine (DG-08..DG-10, DG-13)."""
    res = solitaire.verify(solitaire.SOLUTION_27)
    assert res.solved and res.moves == 27 and res.optimal
    g = solitaire.replay(solitaire.SOLUTION_27)
    assert set(g.pieces_of(0)) == set(B.tip("N"))


def test_beam_solver_finds_a_legal_solution_never_below_the_optimum():
    """DG-10/DG-13: whatever the search finds is replayed by the engine; it cannot beat
    the proven optimum."""
    moves = solitaire.solve(width=8)
    res = solitaire.verify(moves)
    assert res.solved
    assert res.moves >= solitaire.OPTIMUM[10]
    assert res.moves == len(moves)


def test_unfinished_attempt_is_not_solved():
    res = solitaire.verify(["d2-e6", "b2:d2:f5"])
    assert res.moves == 2 and not res.solved and not res.optimal
    assert "not solved" in str(res)


def test_dg09_illegal_move_is_reported_with_its_number_and_rule():
    """DG-09: a hop must land on an empty hole; c3 is still taken after d2-e6. The
    error names the move's number and the rule."""
    with pytest.raises(IllegalMoveError) as e:
        solitaire.verify(["d2-e6", "a1:c3"])
    assert "move 2" in str(e.value) and e.value.rule == "DG-09"


def test_dg13_solitaire_pieces_stay_off_the_other_tips():
    """DG-13: even alone on the board, red may not use the yellow and green tips."""
    g = DiamondGame.solitaire(pieces=10)
    assert len(g.forbidden(0)) == 40
    for m in g.legal_moves():
        assert m.path[-1] not in g.forbidden(0)


def test_check_prints_and_never_raises(capsys):
    assert solitaire.check(["d2-e6"]) is False
    assert solitaire.check(["d2-e6", "a1:c3"]) is False
    assert solitaire.check(["zz-c1"]) is False
    assert solitaire.check(solitaire.SOLUTION_27) is True
    out = capsys.readouterr().out
    assert "✏️" in out and "❌" in out and "optimal" in out


def test_moves_after_the_solution_are_refused():
    with pytest.raises(IllegalMoveError, match="already solved"):
        solitaire.replay(list(solitaire.SOLUTION_27) + ["q1-p1"])


def test_lower_bound_counts_pieces_not_home():
    g = DiamondGame.solitaire(pieces=10)
    assert solitaire.lower_bound(g) == 10
    assert solitaire.lower_bound(solitaire.replay(solitaire.SOLUTION_27)) == 0


def test_solver_rejects_bad_parameters():
    with pytest.raises(BoardkitError, match="width"):
        solitaire.solve(width=0)
    with pytest.raises(BoardkitError, match="measure"):
        solitaire.solve(width=2, measure="miles")


def test_solution_27_is_its_own_mirror_image_reversed():
    """The second half of SOLUTION_27 is the first half reflected top-to-bottom and
    played backwards (a hop chain walked backwards jumps the same pieces, DG-10)."""
    paths = [m.path for m in solitaire.replay(solitaire.SOLUTION_27).history]
    first, last = paths[:13], paths[14:]
    assert [list(p) for p in last] == solitaire._reverse_mirrored([list(p) for p in first],
                                                                solitaire._flip)


def test_symmetric_solver_rejects_bad_symmetry():
    with pytest.raises(BoardkitError, match="symmetry"):
        solitaire.solve_symmetric(width=2, half=1, symmetry="spiral")


def test_dg01_unknown_hole_in_a_solution_is_a_format_error():
    """DG-01: labels outside the star are refused with the format named."""
    from boardkit import FormatError
    with pytest.raises(FormatError, match="move 1"):
        solitaire.verify(["zz-c1"])
