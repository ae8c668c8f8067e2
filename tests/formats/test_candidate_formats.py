"""Pencil-mark formats: the N³-character candidates line and the bordered pencil-mark grid."""

from __future__ import annotations

import pytest

from sudokit import Grid
from sudokit.candidates import Candidates, bit
from sudokit.errors import BadCharacterError, ParseError, WrongLengthError
from sudokit.formats.candidates import parse_candidates

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

#: A pencil-mark grid in the style HoDoKu and SE users paste.
PASTED = """
.---------------------.---------------------.---------------------.
| 4     1679   12679  | 139   2369   1269   | 8     1239   5      |
| 26789 3      1256789| 14589 24569  1245689| 12679 1249   124679 |
| 2689  15689  125689 | 7     234569 1245689| 12369 12349  123469 |
:---------------------+---------------------+---------------------:
| 3789  2      135789 | 3459  34579  4579   | 13579 6      13789  |
| 3679  15679  135679 | 359   8      25679  | 4     12359  12379  |
| 36789 456789 356789 | 3459  1      245679 | 23579 23589  23789  |
:---------------------+---------------------+---------------------:
| 289   89     289    | 6     459    3      | 1259  7      12489  |
| 5     6789   36789  | 2     479    14789  | 1369  13489  134689 |
| 1     6789   4      | 589   579    5789   | 23569 23589  23689  |
'---------------------'---------------------'---------------------'
"""


def test_grid_round_trip() -> None:
    cands = Candidates.from_grid(Grid.from_string(PUZZLE))
    text = cands.to_grid_string()
    assert Candidates.from_string(text) == cands
    assert Candidates.from_string(text, Grid.from_string(PUZZLE)) == cands
    lines = text.splitlines()
    assert len(lines) == 13 and lines[0].startswith(".-") and lines[-1].startswith("'-")
    assert len({len(line) for line in lines}) == 1


def test_line_round_trip() -> None:
    cands = Candidates.from_grid(Grid.from_string(PUZZLE))
    line = cands.to_string()
    assert len(line) == 729
    assert line[:9] == "...4....."  # r1c1 holds a given 4
    assert line[9:18] == "1....67.9"
    assert Candidates.from_string(line) == cands


def test_pasted_grid_reads_as_the_computed_marks() -> None:
    assert Candidates.from_string(PASTED) == Candidates.from_grid(Grid.from_string(PUZZLE))


def test_single_candidate_with_grid_stays_a_candidate() -> None:
    grid = Grid.from_string(PUZZLE)
    cands = Candidates.from_grid(grid)
    cell = grid.empty_cells[0]
    cands.masks[cell] = bit(cands.digits(cell)[0])
    line = cands.to_string()
    assert Candidates.from_string(line, grid) == cands  # the grid says it is not placed
    assert Candidates.from_string(line).values[cell] != 0  # without it, a single reads as placed


def test_small_grid() -> None:
    grid = Grid.from_string("1.3..4.22.4..3.1")  # every empty cell has one candidate
    cands = Candidates.from_grid(grid)
    assert len(cands.to_string()) == 64
    assert Candidates.from_string(cands.to_string(), grid) == cands
    assert Candidates.from_string(cands.to_grid_string(), grid) == cands


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("1" * 728, WrongLengthError),
        ("?" + "." * 728, BadCharacterError),
        ("2" + "." * 728, ParseError),  # digit 2 in the place of digit 1
        ("." * 729, ParseError),  # a cell with no candidate
        ("| 12 | 3 |\n| 4 |", WrongLengthError),
    ],
)
def test_bad_input(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        parse_candidates(text)
