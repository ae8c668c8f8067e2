"""sudokit.dataset.symmetry: transforms of every box shape, augmentation and exact minlex forms."""

from __future__ import annotations

import random
from itertools import permutations, product

import pytest

from sudokit import Grid, Shape, generate, is_unique, solve
from sudokit.canon import canonical_string, transform
from sudokit.dataset import Transform, augment, group_size, minlex, random_transform
from sudokit.dataset.symmetry import _geometric
from sudokit.errors import ShapeError, VariantError

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(3, 3)]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s.box_rows}x{s.box_cols}")
def test_augment_keeps_puzzle_and_label(shape: Shape) -> None:
    rng = random.Random(5)
    for seed in range(3):
        puzzle = generate(box=shape.box, seed=seed)
        answer = solve(puzzle)
        for _ in range(4):
            new, new_answer = augment(puzzle, answer, rng)
            assert new_answer is not None
            assert new.shape == shape and new.clue_count == puzzle.clue_count
            assert is_unique(new)
            assert new_answer.is_solution_of(new)
            assert solve(new) == new_answer
            assert minlex(new) == minlex(puzzle)


def test_augment_is_reproducible_and_accepts_text_and_cells() -> None:
    puzzle = generate(box=(2, 3), seed=3)
    a = augment(puzzle.to_string(), None, random.Random(9))[0]
    b = augment(list(puzzle.cells), None, random.Random(9))[0]
    assert a == b


def test_random_transform_is_valid_and_covers_transposition() -> None:
    rng = random.Random(2)
    for shape in SHAPES:
        seen = set()
        for _ in range(40):
            move = random_transform(shape, rng)
            move.check(shape)
            seen.add(move.transpose)
        assert seen == ({False, True} if shape.box_rows == shape.box_cols else {False})


def test_check_refuses_broken_transforms() -> None:
    shape = Shape(2, 3)
    ident = Transform.identity(shape)
    ident.check(shape)
    with pytest.raises(ShapeError):
        Transform(ident.rows, ident.cols, ident.labels, transpose=True).check(shape)
    with pytest.raises(ShapeError):
        Transform((0, 2, 1, 3, 4, 5), ident.cols, ident.labels).check(shape)  # splits a band
    with pytest.raises(ShapeError):
        Transform(ident.rows, ident.cols, (1, 1, 2, 3, 4, 5)).check(shape)


def test_nine_by_nine_matches_canon_transform() -> None:
    puzzle = generate(seed=11)
    rng = random.Random(4)
    for _ in range(5):
        move = random_transform(Shape(3, 3), rng)
        ours = move.apply(puzzle.cells, Shape(3, 3))
        theirs = transform(puzzle, transpose=move.transpose, rows=move.rows, cols=move.cols,
                           labels=move.labels)
        assert ours == theirs.cells


@pytest.mark.parametrize("shape", SHAPES[:3], ids=lambda s: f"{s.box_rows}x{s.box_cols}")
def test_group_sizes(shape: Shape) -> None:
    assert len(_geometric(shape)) == group_size(shape)
    assert group_size(Shape(2, 2)) == 128 and group_size(Shape(2, 3)) == 3456
    assert group_size(Shape(3, 3)) == 6**8 * 2


def _brute_minlex(cells: tuple[int, ...]) -> str:
    """The smallest of every geometric transform × every relabelling (4×4: 128 × 24)."""
    best = None
    for cell_map, labels in product(_geometric(Shape(2, 2)), permutations(range(1, 5))):
        relabel = (0, *labels)
        form = tuple(relabel[cells[i]] for i in cell_map)
        best = form if best is None or form < best else best
    assert best is not None
    return "".join(map(str, best))


def test_minlex_4x4_matches_brute_force() -> None:
    rng = random.Random(7)
    for seed in range(12):
        puzzle = generate(box=(2, 2), seed=seed)
        form = minlex(puzzle)
        assert form == _brute_minlex(puzzle.cells)
        assert minlex(augment(puzzle, None, rng)[0]) == form
    full = solve(generate(box=(2, 2), seed=1))
    assert minlex(full) == _brute_minlex(full.cells)


def test_minlex_separates_inequivalent_4x4_puzzles() -> None:
    # A brute-force class count over a small sample: puzzles equivalent by minlex are equivalent
    # by brute force, and puzzles with different forms are not.
    puzzles = {generate(box=(2, 2), seed=s).cells for s in range(30)}
    forms = {p: minlex(Grid(p, Shape(2, 2))) for p in puzzles}
    brute = {p: _brute_minlex(p) for p in puzzles}
    for a in puzzles:
        for b in puzzles:
            assert (forms[a] == forms[b]) == (brute[a] == brute[b])


def test_minlex_9x9_is_canon() -> None:
    puzzle = generate(seed=3)
    assert minlex(puzzle) == canonical_string(puzzle)
    assert minlex(puzzle.to_string()) == canonical_string(puzzle)


def test_minlex_refuses_variants() -> None:
    grid = Grid.from_string("." * 81, rules="x")
    with pytest.raises(VariantError):
        minlex(grid)
