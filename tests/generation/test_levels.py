"""Variant puzzles generated to a difficulty (#26, sudokit.generation.logical.ease): kinds whose
easier levels were out of reach before (their minimal puzzles came out harder) are made at that
level by adding givens where the rated path is hardest, then taking away those not needed; the
puzzle rates at the level asked and is unique by the tests' own brute-force counter."""

from __future__ import annotations

import functools
import random

import pytest

from sudokit.engine.solver import solve
from sudokit.generation.generator import generate
from sudokit.generation.logical import ease, too_hard
from sudokit.generation.options import Options
from sudokit.grid import Grid
from sudokit.limits import NEVER
from sudokit.rating.explainer import rate
from sudokit.shape import Shape
from tests.generation import brute


@functools.cache
def _made(kind: str, level: str, seed: int, keep: bool = False) -> Grid:
    """One 6×6 puzzle of ``kind`` generated at ``level`` (made once for the tests that share it)."""
    return generate(variant=kind, size=6, seed=seed, difficulty=level, time_limit=30, keep=keep)


# kropki, renban, little killer and entropic made no "easy" 6×6 in 30 s before (2026-11-29,
# docs/variants.md), between no "medium"
@pytest.mark.parametrize(("kind", "level", "seed"), [("kropki", "easy", 1), ("renban", "easy", 2),
                                                     ("littlekiller", "easy", 1), ("entropic", "easy", 3),
                                                     ("between", "medium", 1)])
def test_a_6x6_variant_rates_at_the_level_asked_and_is_unique(kind: str, level: str, seed: int) -> None:
    grid = _made(kind, level, seed)
    assert rate(grid, time_limit=20).level == level
    assert brute.count(grid) == 1
    assert brute.holds(grid, solve(grid).cells)


def test_no_given_of_an_eased_puzzle_can_go_within_the_level() -> None:
    # each given is needed: without it the puzzle has two solutions, needs a guess or rates harder
    grid = _made("kropki", "easy", 1)
    for x, v in enumerate(grid.cells):
        if v:
            cells = list(grid.cells)
            cells[x] = 0
            fewer = rate(Grid(tuple(cells), grid.shape, grid.rules), time_limit=20)
            assert fewer.status != "rated" or fewer.level != "easy", f"given {x} is not needed"


def test_ease_brings_a_harder_puzzle_down_to_the_target_with_the_solution_digits() -> None:
    # a little killer generated with no target (the setter's pass only) rates above easy; eased to
    # easy it rates easy, keeps its rules, and every given added is the solution's digit
    made = generate(variant="littlekiller", size=6, seed=1, time_limit=30)
    opts = Options(variant=("littlekiller",), shape=Shape(2, 3), difficulty="easy")
    first = rate(made, time_limit=20, keep_steps=True)
    assert first.status == "rated" and too_hard(opts, first)
    answer = solve(made).cells
    puzzle = list(made.cells)
    rules = made.rules
    assert rules is not None

    def rater(grid: Grid) -> object:
        return rate(grid, time_limit=20, keep_steps=True)

    last = ease(opts, rules, puzzle, answer, random.Random(1), rater, first, "c", NEVER)
    eased = Grid(tuple(puzzle), made.shape, rules)
    assert not too_hard(opts, last) and rate(eased, time_limit=20).level == "easy"
    assert all(not v or v == answer[x] for x, v in enumerate(puzzle))
    assert brute.count(eased) == 1


def test_keep_only_adds_givens_to_reach_the_level() -> None:
    # with keep, what was laid stays and givens are only added: the puzzle still reaches the level
    grid = _made("renban", "easy", 2, keep=True)
    assert rate(grid, time_limit=20).level == "easy"
    assert brute.count(grid) == 1
