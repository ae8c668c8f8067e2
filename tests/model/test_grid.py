"""The puzzle model: Grid construction, reading, checking, writing and repr."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudokit import Grid, read_grids
from sudokit.errors import BadCharacterError, DuplicateGivenError, ShapeError, WrongLengthError
from sudokit.grid import find_duplicate
from sudokit.shape import Shape, shape_for_size

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
SMALL = "1.3..4.22.4..3.1"


def test_from_string_and_basic_properties() -> None:
    grid = Grid.from_string(PUZZLE)
    assert grid.n == 9 and grid.shape == Shape(3, 3)
    assert grid.clue_count == 17 and len(grid) == 81
    assert grid[0] == 4 and grid[0, 6] == 8 and grid[8, 8] == 0
    assert list(grid)[:2] == [4, 0]
    assert len(grid.empty_cells) == 64


@pytest.mark.parametrize(
    "text, box",
    [
        (PUZZLE, None),
        (SMALL, None),
        ("." * 36, None),
        ("." * 36, (3, 2)),
        ("A" + "." * 143, None),
        ("." * 625, None),
    ],
)
def test_repr_reads_back_as_code(text: str, box: tuple[int, int] | None) -> None:
    grid = Grid.from_string(text, box)
    again = eval(repr(grid), {"Grid": Grid})
    assert again == grid


def test_repr_of_a_big_grid_uses_numbers() -> None:
    grid = Grid.empty((6, 6)).with_cell(0, 36)
    assert grid.to_string().split()[0] == "36"
    assert eval(repr(grid), {"Grid": Grid}) == grid


def test_from_line_and_from_cells() -> None:
    grid = Grid.from_line(PUZZLE)
    assert Grid.from_cells(grid.cells) == grid
    assert Grid.from_cells([0] * 36, (3, 2)).shape == Shape(3, 2)
    with pytest.raises(WrongLengthError):
        Grid.from_cells([0] * 80)
    with pytest.raises(BadCharacterError):
        Grid.from_line(Grid.from_string(PUZZLE).to_csv())


def test_empty_grids() -> None:
    assert Grid.empty().clue_count == 0 and Grid.empty().n == 9
    assert Grid.empty((3, 4)).n == 12


def test_constructor_validates() -> None:
    with pytest.raises(WrongLengthError):
        Grid((0,) * 80)
    with pytest.raises(ValueError, match="r1c1"):
        Grid((10,) + (0,) * 80)
    assert isinstance(Grid([0] * 81).cells, tuple)  # type: ignore[arg-type]


def test_shapes() -> None:
    assert shape_for_size(6) == Shape(2, 3) and shape_for_size(12) == Shape(3, 4)
    assert shape_for_size(16) == Shape(4, 4) and shape_for_size(64) == Shape(8, 8)
    with pytest.raises(ShapeError):
        shape_for_size(7)
    with pytest.raises(ShapeError):
        Shape(9, 9)
    with pytest.raises(ShapeError):
        Shape(1, 1)
    shape = Shape(2, 3)
    assert len(shape.units) == 18 and len(shape.peers[0]) == 3 * 6 - 2 - 3 - 1
    assert shape.box_of(shape.size - 1) == 5 and shape.unit_name(13) == "box 2"


def test_candidates() -> None:
    grid = Grid.from_string(PUZZLE)
    assert grid.candidates(0) == frozenset()
    assert grid.candidates(1) == frozenset({1, 6, 7, 9})  # not 2 (r4c2), 3 (r2c2), 4, 5, 8


def test_checks() -> None:
    puzzle = Grid.from_string(PUZZLE)
    solution = Grid.from_string(SOLUTION)
    assert puzzle.is_valid() and not puzzle.is_complete() and not puzzle.is_solved()
    assert solution.is_solved() and solution.is_solution_of(puzzle)
    assert not puzzle.is_solution_of(solution)
    other = solution.with_cell(0, 1).with_cell(1, 4)
    assert not other.is_valid() and not other.is_solution_of(puzzle)


def test_duplicate_given_is_found_with_unit_and_cells() -> None:
    with pytest.raises(DuplicateGivenError) as info:
        Grid.from_string("44" + PUZZLE[2:])
    error = info.value
    assert (error.digit, error.unit, error.cells) == (4, "row 1", ("r1c1", "r1c2"))
    grid = Grid.from_string("44" + PUZZLE[2:], check=False)
    assert not grid.is_valid()
    column = "1" + "." * 8 + "1" + "." * 71
    found = find_duplicate(Grid.from_string(column, check=False).cells, Shape(3, 3))
    assert found is not None and found.unit == "column 1" and found.cells == ("r1c1", "r2c1")
    box = "1" + "." * 9 + "1" + "." * 70
    found = find_duplicate(Grid.from_string(box, check=False).cells, Shape(3, 3))
    assert found is not None and found.unit == "box 1" and found.cells == ("r1c1", "r2c2")


def test_writers() -> None:
    grid = Grid.from_string(PUZZLE)
    assert grid.to_string() == PUZZLE
    assert grid.to_string("0") == PUZZLE.replace(".", "0")
    assert Grid.from_string(grid.to_block()) == grid
    assert Grid.from_string(grid.to_numbers()) == grid
    assert Grid.from_string(grid.to_numbers(", ")) == grid
    assert Grid.from_string(grid.to_csv()) == grid
    assert grid.to_csv().splitlines()[0] == "4,0,0,0,0,0,8,0,5"
    assert grid.to_bytes()[:2] == b"\x04\x00"
    assert str(grid) == grid.to_block()


def test_with_cell_leaves_the_original() -> None:
    grid = Grid.from_string(PUZZLE)
    changed = grid.with_cell(1, 1)
    assert changed[1] == 1 and grid[1] == 0


def test_read_grids_from_text_lines_and_path(tmp_path: Path) -> None:
    block = Grid.from_string(SMALL).to_block()
    text = f"# two good, two bad\n{PUZZLE}\n44{PUZZLE[2:]}\n{PUZZLE[:-1]}\n\n{block}\n"
    results = list(read_grids(text))
    assert [line for line, _ in results] == [2, 3, 4, 6]
    assert isinstance(results[0][1], Grid) and isinstance(results[3][1], Grid)
    assert isinstance(results[1][1], DuplicateGivenError) and results[1][1].line == 3
    assert isinstance(results[2][1], WrongLengthError)
    path = tmp_path / "p.txt"
    path.write_text(text, encoding="utf-8")
    assert [line for line, _ in read_grids(path)] == [2, 3, 4, 6]
    assert [line for line, _ in read_grids(text.splitlines())] == [2, 3, 4, 6]
    unchecked = list(read_grids(text, check=False))
    assert isinstance(unchecked[1][1], Grid)
