"""Solve, count and check puzzles with the fastest engine available.

>>> from sudokit import Grid, solve, count_solutions, is_unique
>>> puzzle = Grid.from_string(
...     "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....")
>>> solve(puzzle).to_string()
'527316489896542731314987562172453896689271354453698217941825673765134928238769145'
>>> count_solutions(puzzle, limit=2), is_unique(puzzle)
(1, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

from sudokit import _engine
from sudokit.errors import MultipleSolutionsError, NoSolutionError
from sudokit.formats.reader import BoxLike, _as_shape
from sudokit.grid import Grid

__all__ = [
    "SearchResult",
    "count_many",
    "count_solutions",
    "is_unique",
    "search",
    "solve",
    "solve_many",
]

PuzzleLike = Grid | str


def _grid(puzzle: PuzzleLike, box: BoxLike = None) -> Grid:
    """Accept a Grid or puzzle text; text is parsed (and checked) with :meth:`Grid.from_string`."""
    if isinstance(puzzle, Grid):
        puzzle.check()
        return puzzle
    return Grid.from_string(puzzle, box)


@dataclass(frozen=True)
class SearchResult:
    """What one search found: solutions counted up to the limit, the first one, guesses made."""

    count: int
    solution: Grid | None
    guesses: int
    limit: int

    @property
    def unique(self) -> bool:
        """True when exactly one solution exists (meaningful when ``limit >= 2``)."""
        return self.count == 1 and self.limit >= 2


def search(puzzle: PuzzleLike, limit: int = 2, *, box: BoxLike = None) -> SearchResult:
    """Search for up to ``limit`` solutions; report the count, the first solution and guesses."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    grid = _grid(puzzle, box)
    shape = grid.shape
    count, first, guesses = _engine.current().solve(
        grid.to_bytes(), shape.box_rows, shape.box_cols, limit
    )
    solution = Grid(tuple(first), shape) if first is not None else None
    return SearchResult(count, solution, guesses, limit)


def solve(puzzle: PuzzleLike, *, unique: bool = False, box: BoxLike = None) -> Grid:
    """Return a solution; raise :class:`NoSolutionError` if there is none.

    With ``unique=True`` also raise :class:`MultipleSolutionsError` when there are several.
    """
    result = search(puzzle, 2 if unique else 1, box=box)
    if result.solution is None:
        raise NoSolutionError()
    if unique and result.count > 1:
        raise MultipleSolutionsError()
    return result.solution


def count_solutions(puzzle: PuzzleLike, limit: int = 1_000_000, *, box: BoxLike = None) -> int:
    """Count solutions, stopping at ``limit`` (``limit=2`` is the uniqueness check)."""
    return search(puzzle, limit, box=box).count


def is_unique(puzzle: PuzzleLike, *, box: BoxLike = None) -> bool:
    """True when the puzzle has exactly one solution."""
    return search(puzzle, 2, box=box).count == 1


def _is_array(puzzles: Any) -> bool:
    """True for a 2-D array-like (NumPy array) rather than a sequence of strings."""
    return hasattr(puzzles, "__array_interface__") and getattr(puzzles, "ndim", 0) == 2


@overload
def solve_many(
    puzzles: Sequence[str | bytes], limit: int = 1, *, box: BoxLike = None
) -> list[str | None]: ...
@overload
def solve_many(puzzles: Any, limit: int = 1, *, box: BoxLike = None) -> Any: ...


def solve_many(puzzles: Any, limit: int = 1, *, box: BoxLike = None) -> Any:
    """Solve many puzzles in one native call (the batch path); solutions in input order.

    ``puzzles`` is a sequence of line-format strings (or bytes), or a NumPy ``uint8`` array of
    shape ``(n, N²)`` holding cell values (0 = empty). With ``limit=1`` each puzzle gets its first
    solution; with ``limit >= 2`` only puzzles with exactly one solution get it. Where there is
    none (no solution, several, malformed or duplicate givens) the result is ``None`` for
    string input and a zero row for array input.

    >>> solve_many(["1.3..4.22.4..3.1", "11.............."], box=(2, 2))
    ['1234341221434321', None]
    """
    shape = _as_shape(box) or _as_shape((3, 3))
    assert shape is not None
    engine = _engine.current()
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if _is_array(puzzles):
        import numpy as np

        src = np.ascontiguousarray(puzzles, dtype=np.uint8)
        if src.shape[1] != shape.size:
            raise ValueError(f"array rows must have {shape.size} cells, not {src.shape[1]}")
        out = np.zeros_like(src)
        counts = np.zeros(src.shape[0], dtype=np.int32)
        engine.solve_array(src, out, counts, limit, shape.box_rows, shape.box_cols)
        if limit >= 2:
            out[counts != 1] = 0
        return out
    counts_list, solutions = engine.solve_lines(list(puzzles), limit, shape.box_rows, shape.box_cols)
    if limit >= 2:
        return [s if c == 1 else None for c, s in zip(counts_list, solutions, strict=False)]
    return solutions


def count_many(puzzles: Sequence[str | bytes], limit: int = 2, *, box: BoxLike = None) -> list[int]:
    """Count solutions of many line-format puzzles up to ``limit`` in one native call.

    A negative count marks a puzzle that could not be searched: ``-1`` malformed text,
    ``-2`` a duplicate given.
    """
    shape = _as_shape(box) or _as_shape((3, 3))
    assert shape is not None
    counts, _ = _engine.current().solve_lines(list(puzzles), limit, shape.box_rows, shape.box_cols)
    return counts

