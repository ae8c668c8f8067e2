"""No two puzzles of a built set are equivalent, checked by a search over the transformation group
written apart from sudokit's minlex (tests/dataset/isomorph.py), within and across splits and
against an excluded set; and that search does find planted isomorphs, so the check can fail."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from sudokit import generate, generate_many
from sudokit.dataset import minlex
from sudokit.dataset.build import Built, build
from sudokit.grid import Grid
from sudokit.shape import Shape
from tests.dataset.isomorph import apply, find_isomorphism

SHAPES = [(2, 2), (2, 3), (3, 3)]


def _planted(cells: tuple[int, ...], r: int, c: int, rng: random.Random) -> list[int]:
    """``cells`` under a random transform drawn here (not by sudokit): bands, rows in bands, stacks,
    columns in stacks, transposition when the boxes are square, digits relabelled."""
    n = r * c

    def order(blocks: int, size: int) -> list[int]:
        out = []
        for b in rng.sample(range(blocks), blocks):
            out += rng.sample(range(b * size, b * size + size), size)
        return out

    rows, cols = order(c, r), order(r, c)
    digits = [0, *rng.sample(range(1, n + 1), n)]
    src = list(cells)
    if r == c and rng.random() < 0.5:
        src = [cells[j * n + i] for i in range(n) for j in range(n)]
    return [digits[src[rows[i] * n + cols[j]]] for i in range(n) for j in range(n)]


def _pairs(left: list[tuple[int, ...]], right: list[tuple[int, ...]] | None, box: tuple[int, int]
           ) -> list[tuple[int, int]]:
    """The index pairs of isomorphic puzzles: within ``left`` (right None) or across the two."""
    candidates = combinations(range(len(left)), 2) if right is None else (
        (i, j) for i in range(len(left)) for j in range(len(right)))
    other = left if right is None else right
    return [(i, j) for i, j in candidates if find_isomorphism(left[i], other[j], *box) is not None]


@pytest.mark.parametrize("box", SHAPES, ids=lambda b: f"{b[0]}x{b[1]}")
def test_checker_finds_planted_isomorphs(box: tuple[int, int]) -> None:
    rng = random.Random(sum(box))
    n = box[0] * box[1]
    checked = 0
    for seed in range(3):
        puzzle = generate(box=box, seed=seed).cells
        copy = _planted(puzzle, *box, rng)
        found = find_isomorphism(puzzle, copy, *box)
        assert found is not None and apply(found, puzzle, n) == copy
        # two rows of different bands swapped (the first pair that keeps the givens legal): every
        # invariant the checker uses is kept, so the search itself must decide; minlex referees
        for top, low in ((i, j) for i in range(box[0]) for j in range(n - box[0], n)):
            swapped = list(copy)
            swapped[top * n:(top + 1) * n], swapped[low * n:(low + 1) * n] = (
                copy[low * n:(low + 1) * n], copy[top * n:(top + 1) * n])
            if Grid(tuple(swapped), Shape(*box)).is_valid():
                break
        else:
            continue
        same = minlex(Grid(tuple(swapped), Shape(*box))) == minlex(Grid(puzzle, Shape(*box)))
        assert (find_isomorphism(puzzle, swapped, *box) is not None) == same
        checked += 1
    assert checked


def test_checker_flags_a_planted_leak() -> None:
    puzzles = [g.puzzle.cells for g in generate_many(8, seed=21)]
    assert _pairs(puzzles, None, (3, 3)) == []
    leaked = [*puzzles, tuple(_planted(puzzles[5], 3, 3, random.Random(4)))]
    assert _pairs(leaked, None, (3, 3)) == [(5, 8)]
    assert _pairs(puzzles[:3], [leaked[8], puzzles[1]], (3, 3)) == [(1, 1)]


@pytest.fixture(scope="module")
def first() -> Built:
    return build(24, bins="1-2,2-4,4-6,6-", seed=7, split="train=0.5,val=0.25,test=0.25")


def test_built_set_has_no_isomorphic_pair(first: Built) -> None:
    # a "published test set": the first build's test split, transformed; the second build (same
    # seed, so the same candidates come up) must keep none of them nor an equivalent puzzle
    rng = random.Random(9)
    public = [tuple(_planted(Grid.from_string(r["puzzle"]).cells, 3, 3, rng)) for r in first.splits["test"]]
    second = build(24, bins="1-2,2-4,4-6,6-", seed=7, split="train=0.5,val=0.25,test=0.25",
                   exclude={minlex(Grid(p)) for p in public})
    assert second.duplicates >= len(public) and second.short == {}
    everything = [Grid.from_string(r["puzzle"]).cells for rows in second.splits.values() for r in rows]
    assert len(everything) == 24
    assert _pairs(everything, None, (3, 3)) == []  # within and across splits
    assert _pairs(everything, public, (3, 3)) == []  # against the excluded set
    # the same check on the first build against the public set finds every planted copy
    mine = [Grid.from_string(r["puzzle"]).cells for r in first.splits["test"]]
    assert _pairs(mine, public, (3, 3)) == [(i, i) for i in range(len(public))]
