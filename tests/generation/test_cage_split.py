"""An easier Killer without givens (#26, sudokit.generation.cages): a cage at the hardest step of
the rated path splits into two connected cages of two cells or more; the puzzle stays unique (by
the tests' own brute-force counter), keeps no given, and rates at the level asked."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sudokit.engine.solver import solve
from sudokit.generation.cages import halves, split_cages
from sudokit.generation.generator import generate
from sudokit.generation.logical import too_hard
from sudokit.generation.options import Options
from sudokit.grid import Grid
from sudokit.limits import NEVER
from sudokit.rating.explainer import rate
from sudokit.rules import Cage
from sudokit.shape import Shape
from tests.generation import brute


def test_halves_are_connected_and_never_single_cells() -> None:
    # a 2×2 square cuts two ways (rows or columns; the diagonals are not connected); an L of 5 cells
    square = Cage((0, 1, 6, 7), 10)
    assert sorted(sorted(p) for p, _ in halves(square, 6)) == [[0, 1], [0, 6]]
    ell = Cage((0, 6, 12, 13, 14), 15)
    cuts = list(halves(ell, 6))
    assert cuts and all(len(a) >= 2 and len(b) >= 2 for a, b in cuts)
    assert ((0, 6), (12, 13, 14)) in cuts
    assert not list(halves(Cage((0, 1, 2), 6), 6))  # three cells would leave a single


def _rater(grid: Grid) -> Any:
    return rate(grid, time_limit=20, keep_steps=True)


@pytest.mark.parametrize("seed", [1, 2])
def test_split_cages_brings_a_killer_down_without_givens(seed: int) -> None:
    made = generate(variant="killer", size=6, seed=seed, difficulty="hard", time_limit=30)
    assert made.clue_count == 0
    opts = Options(variant=("killer",), shape=Shape(2, 3), difficulty="easy")
    first = _rater(made)
    assert too_hard(opts, first)
    answer = solve(made).cells
    rules = made.all_rules
    split, last = split_cages(opts, rules, answer, made.cells, random.Random(seed), _rater, first, NEVER)
    assert len(split.cages) > len(rules.cages)
    assert all(len(c.cells) >= 2 and c.total == sum(answer[x] for x in c.cells) for c in split.cages)
    assert sorted(x for c in split.cages for x in c.cells) == sorted(x for c in rules.cages for x in c.cells)
    easier = Grid(made.cells, made.shape, split)
    assert brute.count(easier) == 1
    assert last.er <= first.er


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_easy_6x6_killer_has_no_given_and_no_single_cage(seed: int) -> None:
    grid = generate(variant="killer", size=6, seed=seed, difficulty="easy", time_limit=30)
    assert grid.clue_count == 0
    assert rate(grid, time_limit=20).level == "easy"
    assert all(len(c.cells) >= 2 for c in grid.all_rules.cages)
    assert brute.count(grid) == 1
