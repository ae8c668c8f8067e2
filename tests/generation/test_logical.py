"""The setter's pass over generated variant puzzles (#26, sudokit.generation.logical): the puzzle is
unique by the tests' own brute-force counter (tests/generation/brute.py), ``explain`` solves it
with no guess, no given can go without losing uniqueness or the logic, and ``logic=False`` keeps
the old behaviour (unique and minimal only, which may need a guess)."""

from __future__ import annotations

import functools

import pytest

from sudokit.engine.solver import count_solutions, solve
from sudokit.generation.generator import generate
from sudokit.generation.logical import logic_techniques
from sudokit.generation.options import Options
from sudokit.grid import Grid
from sudokit.techniques.explain import GUESS, explain, guessed_cells
from tests.generation import brute


@functools.cache
def _made(kind: str, size: int, seed: int, logic: bool = True) -> Grid:
    """One generated puzzle (made once for the tests that share it)."""
    return generate(variant=kind, size=size, seed=seed, time_limit=60, logic=logic)


def _guesses(grid: Grid) -> int:
    """The guesses of ``explain``'s path (every variant technique)."""
    return sum(step.technique == GUESS for step in explain(grid, time_limit=60))


def _check_logical(grid: Grid) -> None:
    """Unique by brute force, solved by ``explain`` with no guess, and no given can go: without it
    the puzzle has two solutions or the pass's own path must guess."""
    assert brute.count(grid) == 1
    solution = solve(grid)
    assert brute.holds(grid, solution.cells)
    assert _guesses(grid) == 0
    use = logic_techniques(Options())
    for x, v in enumerate(grid.cells):
        if v:
            cells = list(grid.cells)
            cells[x] = 0
            fewer = Grid(tuple(cells), grid.shape, grid.rules)
            assert (count_solutions(fewer, limit=2) == 2
                    or guessed_cells(fewer, solution, use, first=True)), f"given {x} is not needed"


@pytest.mark.parametrize(("kind", "seed"), [("thermo", 3), ("x", 1), ("arrow", 2), ("xv", 4)])
def test_a_6x6_variant_is_unique_and_solved_by_logic(kind: str, seed: int) -> None:
    _check_logical(_made(kind, 6, seed))


@pytest.mark.parametrize(("kind", "seed"), [("x", 1), ("thermo", 1), ("kropki", 1)])
def test_a_9x9_variant_is_unique_and_solved_by_logic(kind: str, seed: int) -> None:
    _check_logical(_made(kind, 9, seed))


# 5-20 s each on a loaded machine: the generation (little killer's about 14 s of CPU) and the check
# that every given is needed; the brute-force counts take under a second
@pytest.mark.slow
@pytest.mark.parametrize(("kind", "seed"), [("whisper", 1), ("sandwich", 1), ("littlekiller", 1)])
def test_more_9x9_variants_are_unique_and_solved_by_logic(kind: str, seed: int) -> None:
    _check_logical(_made(kind, 9, seed))


def test_switched_off_the_puzzle_is_only_unique_and_minimal() -> None:
    # little killer 6×6 seed 1: the unique, minimal puzzle needs a guess; the pass adds givens and
    # keeps some of the same constraints (those the givens leave needed for neither go)
    plain, logical = _made("littlekiller", 6, 1, False), _made("littlekiller", 6, 1)
    assert _guesses(plain) > 0 and _guesses(logical) == 0
    assert set(logical.all_rules.constraints) <= set(plain.all_rules.constraints)
    assert logical.clue_count > plain.clue_count
    assert brute.count(plain) == 1
    for x, v in enumerate(plain.cells):
        if v:
            cells = list(plain.cells)
            cells[x] = 0
            assert count_solutions(Grid(tuple(cells), plain.shape, plain.rules), limit=2) == 2


def test_the_pass_keeps_the_rules_and_the_solution_of_the_attempt() -> None:
    # a laid kind: constraints of the attempt (at least one); the givens are the solution's digits
    plain, logical = _made("whisper", 6, 2, False), _made("whisper", 6, 2)
    assert set(logical.all_rules.constraints) <= set(plain.all_rules.constraints)
    assert logical.all_rules.constraints
    answer = solve(plain).cells
    assert all(not v or v == answer[x] for x, v in enumerate(logical.cells))
