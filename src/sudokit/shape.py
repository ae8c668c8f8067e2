"""Grid structure computed once per shape: cells, units and peers.

Glossary (the words every module of sudokit uses):

- **shape**: the box size ``box_rows × box_cols``; the grid is ``N × N`` with ``N = box_rows · box_cols``.
- **cell**: one square, numbered ``0 … N²-1`` row by row; written ``r3c5`` (1-based) for people.
- **digit**: a value ``1 … N``; ``0`` means an empty cell.
- **unit**: a row, a column or a box: ``N`` cells that must hold every digit once.
- **peers**: the cells that share a unit with a cell (``3N - box_rows - box_cols - 1`` of them).
- **given** (clue): a digit in the puzzle as posed.
- **candidate**: a digit a cell may still hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from sudokit.errors import ShapeError

__all__ = ["MAX_N", "Shape", "cell_name", "shape_for_size"]

#: The largest grid side sudokit supports (64 candidates fit one 64-bit word).
MAX_N = 64


@dataclass(frozen=True)
class Shape:
    """The box shape of a grid: boxes are ``box_rows`` tall and ``box_cols`` wide.

    >>> Shape(2, 3).n
    6
    >>> len(Shape(3, 3).peers[0])
    20
    """

    box_rows: int = 3
    box_cols: int = 3

    def __post_init__(self) -> None:
        if self.box_rows < 1 or self.box_cols < 1 or self.box_rows * self.box_cols > MAX_N:
            raise ShapeError(
                f"unsupported box shape {self.box_rows}x{self.box_cols} "
                f"(box sides must be at least 1 and N = rows·cols at most {MAX_N})"
            )
        if self.box_rows * self.box_cols < 2:
            raise ShapeError("a grid needs N of at least 2")

    @property
    def n(self) -> int:
        """The side of the grid and the number of digits."""
        return self.box_rows * self.box_cols

    @property
    def size(self) -> int:
        """The number of cells, ``N²``."""
        return self.n * self.n

    @property
    def box(self) -> tuple[int, int]:
        """``(box_rows, box_cols)``."""
        return (self.box_rows, self.box_cols)

    def row_of(self, cell: int) -> int:
        """The 0-based row of a cell."""
        return cell // self.n

    def col_of(self, cell: int) -> int:
        """The 0-based column of a cell."""
        return cell % self.n

    def box_of(self, cell: int) -> int:
        """The 0-based box of a cell, boxes numbered row by row."""
        r, c = divmod(cell, self.n)
        return (r // self.box_rows) * self.box_rows + c // self.box_cols

    @property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each row."""
        return _layout(self.box_rows, self.box_cols).rows

    @property
    def cols(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each column."""
        return _layout(self.box_rows, self.box_cols).cols

    @property
    def boxes(self) -> tuple[tuple[int, ...], ...]:
        """The cells of each box, boxes numbered row by row, cells row by row inside."""
        return _layout(self.box_rows, self.box_cols).boxes

    @property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """All 3N units: rows, then columns, then boxes."""
        return _layout(self.box_rows, self.box_cols).units

    @property
    def cell_units(self) -> tuple[tuple[int, int, int], ...]:
        """For each cell, the indexes into :attr:`units` of its row, column and box."""
        return _layout(self.box_rows, self.box_cols).cell_units

    @property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the set of cells sharing a unit with it (itself excluded)."""
        return _layout(self.box_rows, self.box_cols).peers

    def unit_name(self, unit: int) -> str:
        """Name a unit for people: ``row 3``, ``column 5``, ``box 9`` (1-based)."""
        kind, index = divmod(unit, self.n)
        return f"{('row', 'column', 'box')[kind]} {index + 1}"

    def cell_name(self, cell: int) -> str:
        """Name a cell for people: ``r3c5`` (1-based)."""
        return cell_name(cell, self.n)


class _Layout(NamedTuple):
    """The structure of one shape, computed once (see :func:`_layout`)."""

    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    cell_units: tuple[tuple[int, int, int], ...]
    peers: tuple[frozenset[int], ...]


@cache
def _layout(box_rows: int, box_cols: int) -> _Layout:
    """Compute rows, columns, boxes, units and peers of a shape once."""
    n = box_rows * box_cols
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    cols = tuple(tuple(r * n + c for r in range(n)) for c in range(n))
    boxes = tuple(
        tuple(
            ((b // box_rows) * box_rows + i) * n + (b % box_rows) * box_cols + j
            for i in range(box_rows)
            for j in range(box_cols)
        )
        for b in range(n)
    )
    units = rows + cols + boxes
    cell_units = tuple(
        (
            cell // n,
            n + cell % n,
            2 * n + ((cell // n) // box_rows) * box_rows + (cell % n) // box_cols,
        )
        for cell in range(n * n)
    )
    peers = tuple(
        frozenset(p for u in cell_units[c] for p in units[u]) - {c} for c in range(n * n)
    )
    return _Layout(rows, cols, boxes, units, cell_units, peers)


def cell_name(cell: int, n: int = 9) -> str:
    """Name cell number ``cell`` of an ``n × n`` grid as ``r<row>c<col>`` (1-based)."""
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}"


@cache
def shape_for_size(n: int) -> Shape:
    """The usual box shape for a grid of side ``n``: square boxes when ``n`` is a square,
    otherwise the most nearly square ``rows × cols`` with rows ≤ cols (6 → 2×3, 12 → 3×4).

    >>> shape_for_size(12)
    Shape(box_rows=3, box_cols=4)
    """
    if n < 2 or n > MAX_N:
        raise ShapeError(f"unsupported grid side {n} (2 to {MAX_N})")
    rows = max(d for d in range(1, int(n**0.5) + 1) if n % d == 0)
    if rows == 1:
        raise ShapeError(f"grid side {n} is prime: give the box shape explicitly")
    return Shape(rows, n // rows)
