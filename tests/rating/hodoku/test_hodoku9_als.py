"""The C finders of HoDoKu's Sue de Coq and ALS moves (csrc/hodoku/hodoku9_als.c) against their Python
twins (HODOKU_STEPS' SUE_DE_COQ, ALS_XZ, ALS_XY_WING and ALS_XY_CHAIN in sudokit.rating.hodoku.path).

The puzzles are from the dev states of HoDoKu's path where it took these moves (nothing harder
than an ALS-XY-Chain); on the states where the path had to go past the chains (Sue de Coq's
turn and later) and on every fourth other state, every kind must give the same step (name,
eliminations in order, cells) in C and in Python.  The Python ALS finders are slow, hence the
sample.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sudokit.grid import Grid
from sudokit.limits import NEVER
from sudokit.rating.hodoku.board import Board
from sudokit.rating.hodoku.board import apply_step as _apply
from sudokit.rating.hodoku.path import HODOKU_STEPS
from sudokit.rating.hodoku.path import next_step as _next
from tests.rating.hodoku.hodoku9_compare import (
    State,
    c_ported,
    c_step,
    core,
    mismatches,
    needs_core,
    python_step,
)

pytestmark = needs_core

INDEX = {s.kind: k for k, s in enumerate(HODOKU_STEPS)}
SUE_DE_COQ, ALS_XZ, ALS_XY_WING, ALS_XY_CHAIN = (
    INDEX["SUE_DE_COQ"], INDEX["ALS_XZ"], INDEX["ALS_XY_WING"], INDEX["ALS_XY_CHAIN"])
KINDS = (SUE_DE_COQ, ALS_XZ, ALS_XY_WING, ALS_XY_CHAIN)

#: Puzzles whose HoDoKu path takes these moves: ALS-XZ, ALS-XY-Wing twice and an ALS-XY-Chain;
#: a Sue de Coq, three ALS-XZ and an ALS-XY-Wing.
PUZZLES = (
    ".......7..7.5...2.392.4...1..3.....9....94..5.6..12....38...4..2....3.....64..8..",
    ".5......7......3.1.94......2.7..........6.......95..4....8.1..38....2..........6.",
)


def walk(line: str) -> Iterator[tuple[State, int]]:
    """The board state before each step of the Python path of a puzzle, with the kind taken."""
    grid = Grid.from_line(line)
    board = Board(grid.cells)
    cands = board.candidates(grid.shape)
    while not board.solved():
        state = (tuple(board.givens), tuple(board.values), tuple(board.masks))
        found = _next(board, cands, NEVER)
        assert found is not None
        yield state, INDEX[found.kind]
        _apply(board, found.step)


@pytest.fixture(scope="module")
def walked() -> list[tuple[State, int]]:
    """Every board state along the Python paths of PUZZLES, with the kind the path took."""
    return [item for line in PUZZLES for item in walk(line)]


@pytest.fixture(scope="module")
def hard(walked: list[tuple[State, int]]) -> list[State]:
    """The states where the path took Sue de Coq or a later kind."""
    return [state for state, kind in walked if kind >= SUE_DE_COQ]


def test_kinds_are_ported() -> None:
    assert set(KINDS) <= set(c_ported())


@pytest.mark.slow
def test_the_path_takes_every_kind(walked: list[tuple[State, int]]) -> None:
    assert set(KINDS) <= {kind for _, kind in walked}


@pytest.mark.slow
def test_same_step_as_python_on_hard_states(hard: list[State]) -> None:
    assert len(hard) >= 10
    assert mismatches(KINDS, hard) == []


@pytest.mark.slow
def test_same_step_as_python_on_other_states(walked: list[tuple[State, int]]) -> None:
    others = [state for state, kind in walked if kind < SUE_DE_COQ][::4]
    assert len(others) > 30
    assert mismatches((SUE_DE_COQ, ALS_XZ, ALS_XY_WING), others) == []


@pytest.mark.parametrize(
    ("kind", "name"),
    [(SUE_DE_COQ, "Sue de Coq"), (ALS_XZ, "ALS-XZ"), (ALS_XY_WING, "ALS-XY-Wing"),
     (ALS_XY_CHAIN, "ALS-Chain")],
)
def test_finder_fires(walked: list[tuple[State, int]], kind: int, name: str) -> None:
    taken = [state for state, k in walked if k == kind]
    found = [c_step(kind, state) for state in taken]
    assert found and all(step is not None and step[:2] == (kind, name) and step[3] for step in found)


def test_nothing_on_a_solved_board(hard: list[State]) -> None:
    givens, values, _ = hard[0]
    for kind in KINDS:
        assert c_step(kind, (givens, values, (0,) * 81)) is None
        assert python_step(kind, (givens, values, (0,) * 81)) is None


def test_deadline_gives_limit(hard: list[State]) -> None:
    givens, values, masks = hard[0]
    assert core.hodoku_find(ALS_XY_CHAIN, bytes(givens), bytes(values), list(masks), 1e-9) == "limit"
