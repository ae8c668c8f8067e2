"""The C finders of HoDoKu's forcing chains and nets (csrc/hodoku/hodoku9_forcing.c) against their
Python twins (sudokit.rating.hodoku.forcing behind HODOKU_STEPS' FORCING_CHAIN and FORCING_NET).

The states: tests/rating/hodoku/hodoku9_forcing_states.json (states along the Python path where it took a
forcing chain or net, and some easier ones; made by tools/make_hodoku9_forcing_states.py) and
the positions of tests/rating/hodoku/hodoku_forcing_positions.json (HoDoKu's own path). Every state must give
the same step (name, placement or elimination, cells) in C and in Python.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.rating.hodoku.hodoku9_compare import (
    State,
    c_ported,
    c_step,
    core,
    kind_index,
    mismatches,
    needs_core,
    python_step,
    thinned,
)

pytestmark = needs_core

CHAIN = kind_index("FORCING_CHAIN")
NET = kind_index("FORCING_NET")
KINDS = (CHAIN, NET)
HERE = Path(__file__).parent


def _digits(text: str) -> tuple[int, ...]:
    """81 digits of a string."""
    return tuple(int(ch) for ch in text)


@pytest.fixture(scope="module")
def path_states() -> list[State]:
    """The states of hodoku9_forcing_states.json."""
    rows = json.loads((HERE / "hodoku9_forcing_states.json").read_text())
    return [(_digits(r["givens"]), _digits(r["values"]), tuple(r["masks"])) for r in rows]


@pytest.fixture(scope="module")
def hodoku_states() -> list[State]:
    """The positions of hodoku_forcing_positions.json (HoDoKu's own path) as states."""
    rows = json.loads((HERE / "hodoku_forcing_positions.json").read_text())
    return [(_digits(r["givens"]), _digits(r["values"]),
             tuple(sum(1 << (int(ch) - 1) for ch in cell) for cell in r["candidates"].split(",")))
            for r in rows]


def test_kinds_are_ported() -> None:
    assert set(KINDS) <= set(c_ported())


@pytest.mark.slow
def test_same_step_as_python_on_path_states(path_states: list[State]) -> None:
    assert len(path_states) >= 40
    assert mismatches(KINDS, path_states) == []


@pytest.mark.slow
def test_same_step_as_python_on_hodoku_positions(hodoku_states: list[State]) -> None:
    assert len(hodoku_states) >= 16
    assert mismatches(KINDS, hodoku_states) == []


@pytest.mark.slow
def test_same_step_on_thinned_candidates(path_states: list[State]) -> None:
    """States off the path: a few candidates of path states removed at random (odd tables,
    contradictions near)."""
    assert mismatches(KINDS, thinned(path_states, 12, 54)) == []


@pytest.mark.parametrize("kind", KINDS)
def test_finder_fires(path_states: list[State], hodoku_states: list[State], kind: int) -> None:
    """Both types (contradiction and verity) come out of each C finder."""
    family = "Forcing Chain" if kind == CHAIN else "Forcing Net"
    found = [c_step(kind, state) for state in path_states + hodoku_states]
    taken = {step[1] for step in found if step is not None}
    assert taken == {family + " Contradiction", family + " Verity"}
    assert all(step is None or (step[0] == kind and len(step[2]) + len(step[3]) == 1) for step in found)


def test_nothing_on_a_solved_board(path_states: list[State]) -> None:
    givens, values, _ = path_states[0]
    for kind in KINDS:
        assert c_step(kind, (givens, values, (0,) * 81)) is None
        assert python_step(kind, (givens, values, (0,) * 81)) is None


@pytest.mark.parametrize("kind", KINDS)
def test_deadline_gives_limit(path_states: list[State], kind: int) -> None:
    givens, values, masks = path_states[0]
    assert core.hodoku_find(kind, bytes(givens), bytes(values), list(masks), 1e-9) == "limit"
