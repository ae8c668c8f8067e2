"""sudokit: a Sudoku toolkit — fast native solver, N×N grids, strategies, generator, rating.

>>> import sudokit
>>> grid = sudokit.Grid.from_string(
...     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
>>> sudokit.is_unique(grid)
True
"""

from sudokit.errors import (
    BadCharacterError,
    DuplicateGivenError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    ShapeError,
    SudokuError,
    WrongLengthError,
)
from sudokit.grid import Grid, read_grids
from sudokit.solver import (
    SearchResult,
    count_many,
    count_solutions,
    is_unique,
    search,
    solve,
    solve_many,
)
from sudokit.units import Shape

__version__ = "0.1.0"

__all__ = [
    "BadCharacterError",
    "DuplicateGivenError",
    "Grid",
    "MultipleSolutionsError",
    "NoSolutionError",
    "ParseError",
    "SearchResult",
    "Shape",
    "ShapeError",
    "SudokuError",
    "WrongLengthError",
    "__version__",
    "count_many",
    "count_solutions",
    "is_unique",
    "read_grids",
    "search",
    "solve",
    "solve_many",
]
