"""The C finders of HoDoKu's nice loops and AICs (csrc/hodoku/hodoku9_loops.c) against their Python
twins (sudokit.rating.hodoku.loops behind HODOKU_STEPS' NICE_LOOP and GROUPED_NICE_LOOP).

The puzzles are from the dev states of HoDoKu's path where it took a nice loop or AIC, plain
and grouped, several times and nothing harder; every state along their Python paths must give
the same step (name, eliminations in order, cells) in C and in Python.
"""

from __future__ import annotations

import pytest

from tests.rating.hodoku.hodoku9_compare import (
    State,
    c_ported,
    c_step,
    core,
    kind_index,
    mismatches,
    needs_core,
    path_states,
    python_step,
    thinned,
)

pytestmark = needs_core

NICE_LOOP = kind_index("NICE_LOOP")
GROUPED = kind_index("GROUPED_NICE_LOOP")
KINDS = (NICE_LOOP, GROUPED)

#: Puzzles whose HoDoKu path takes nice loops and grouped nice loops (6 + 2 and 4 + 3 times).
PUZZLES = (
    "...85..92......4...4...........7...8..8.21..957..9.3..2........95..8..7....7...6.",
    ".5..3..4..7...839.....1.8.5..786.2....5..49...28..5.....237.56..3............2...",
)


@pytest.fixture(scope="module")
def states() -> list[State]:
    """Every board state along the Python paths of PUZZLES."""
    return [state for line in PUZZLES for state in path_states(line)]


def test_kinds_are_ported() -> None:
    assert set(KINDS) <= set(c_ported())


@pytest.mark.slow
def test_same_step_as_python_along_paths(states: list[State]) -> None:
    assert len(states) > 100
    assert mismatches(KINDS, states) == []


def test_same_step_on_thinned_candidates(states: list[State]) -> None:
    """States off the path: a few candidates of path states removed at random (odd loops)."""
    assert mismatches(KINDS, thinned(states, 30, 16)) == []


@pytest.mark.parametrize(
    ("kind", "names"),
    [
        (NICE_LOOP, {"Discontinuous Nice Loop", "Continuous Nice Loop", "AIC"}),
        (GROUPED, {"Grouped Discontinuous Nice Loop", "Grouped Continuous Nice Loop", "Grouped AIC"}),
    ],
)
def test_finder_fires(states: list[State], kind: int, names: set[str]) -> None:
    found = [c_step(kind, state) for state in states]
    taken = {step[1] for step in found if step is not None}
    assert taken & names, taken
    assert all(step is None or (step[0] == kind and step[3]) for step in found)


def test_nothing_on_a_solved_board(states: list[State]) -> None:
    givens, values, _ = states[0]
    assert c_step(NICE_LOOP, (givens, values, (0,) * 81)) is None
    assert python_step(NICE_LOOP, (givens, values, (0,) * 81)) is None


def test_deadline_gives_limit(states: list[State]) -> None:
    givens, values, masks = states[len(states) // 2]
    assert core.hodoku_find(GROUPED, bytes(givens), bytes(values), list(masks), 1e-9) == "limit"
