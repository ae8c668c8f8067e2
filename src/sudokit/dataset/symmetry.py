"""The validity-preserving transforms of an N×N grid, for any box shape, and exact canonical forms.

A *transform* of a grid with ``r × c`` boxes (``N = r·c``) permutes the bands (``c`` bands of
``r`` rows), the rows inside each band, the stacks (``r`` stacks of ``c`` columns), the columns
inside each stack, relabels the digits, and (only when the boxes are square, ``r == c``)
transposes the grid. Each maps valid grids to valid grids and a puzzle's unique solution to the
transformed puzzle's unique solution, so applying the same transform to a puzzle and to its
solution keeps the label (:func:`augment`).

Two puzzles are *equivalent* when a transform maps one onto the other; the *minlex* form is the
smallest equivalent puzzle read row by row as digits (0 for an empty cell, below every digit),
the same definition :mod:`sudokit.canon` uses for 9×9 grids (and which it computes much faster).
:func:`minlex` uses :mod:`sudokit.canon` for 9×9 and enumerates the whole geometric group for
the small shapes (128 transforms on 4×4, 3,456 on 6×6), relabelling the digits in order of
first appearance, which is the smallest relabelling of a fixed arrangement.

>>> minlex("1.3..4.22.4..3.1", Shape(2, 2)) == minlex("3.1..2.44.2..1.3", Shape(2, 2))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import permutations, product

from sudokit.canon import canonical_string
from sudokit.errors import ShapeError, VariantError
from sudokit.grid import Grid
from sudokit.shape import Shape

__all__ = ["MAX_ENUMERATED", "Transform", "augment", "group_size", "minlex", "random_transform"]

#: The largest geometric group :func:`minlex` enumerates (6×6 has 3,456 transforms; 9×9 goes to
#: :mod:`sudokit.canon`).
MAX_ENUMERATED = 100_000


@dataclass(frozen=True)
class Transform:
    """One transform: optional transposition first, then output row ``i`` = source row ``rows[i]``,
    output column ``j`` = source column ``cols[j]``, digit ``d`` → ``labels[d - 1]``.

    ``rows`` must keep bands together and ``cols`` stacks (:meth:`check` says whether they do);
    the same meaning as :func:`sudokit.canon.transform`'s arguments.
    """

    rows: tuple[int, ...]
    cols: tuple[int, ...]
    labels: tuple[int, ...]
    transpose: bool = False

    @classmethod
    def identity(cls, shape: Shape) -> Transform:
        """The transform that changes nothing."""
        n = shape.n
        return cls(tuple(range(n)), tuple(range(n)), tuple(range(1, n + 1)))

    def check(self, shape: Shape) -> None:
        """Raise :class:`~sudokit.errors.ShapeError` unless this is a transform of ``shape``."""
        n, r, c = shape.n, shape.box_rows, shape.box_cols
        if sorted(self.rows) != list(range(n)) or sorted(self.cols) != list(range(n)):
            raise ShapeError(f"rows and cols must each be a permutation of 0..{n - 1}")
        if sorted(self.labels) != list(range(1, n + 1)):
            raise ShapeError(f"labels must be a permutation of 1..{n}")
        if self.transpose and r != c:
            raise ShapeError(f"a grid with {r}x{c} boxes cannot be transposed (its boxes would be {c}x{r})")
        if not _blocks_kept(self.rows, r) or not _blocks_kept(self.cols, c):
            raise ShapeError("rows must keep bands together and cols stacks")

    def apply(self, cells: Sequence[int], shape: Shape) -> tuple[int, ...]:
        """The transformed cells (row by row, 0 for empty)."""
        n = shape.n
        if self.transpose:
            cells = [cells[col * n + row] for row in range(n) for col in range(n)]
        labels = (0, *self.labels)
        return tuple(labels[cells[self.rows[i] * n + self.cols[j]]] for i in range(n) for j in range(n))


def _blocks_kept(order: Sequence[int], size: int) -> bool:
    """True when ``order`` moves lines in whole blocks of ``size`` (bands or stacks)."""
    return all(len({line // size for line in order[start:start + size]}) == 1
               for start in range(0, len(order), size))


def _random_order(blocks: int, size: int, rng: random.Random) -> tuple[int, ...]:
    """A random order of ``blocks · size`` lines keeping each block of ``size`` together."""
    chosen = list(range(blocks))
    rng.shuffle(chosen)
    out: list[int] = []
    for block in chosen:
        inner = list(range(block * size, block * size + size))
        rng.shuffle(inner)
        out += inner
    return tuple(out)


def random_transform(shape: Shape, rng: random.Random) -> Transform:
    """A transform of ``shape`` drawn uniformly from the whole group (geometry and labels)."""
    r, c = shape.box_rows, shape.box_cols
    labels = list(range(1, shape.n + 1))
    rng.shuffle(labels)
    rows = _random_order(c, r, rng)  # c bands of r rows
    cols = _random_order(r, c, rng)  # r stacks of c columns
    transpose = r == c and rng.random() < 0.5
    return Transform(rows, cols, tuple(labels), transpose)


def _cells(grid: Grid | str | Sequence[int], shape: Shape | None) -> tuple[tuple[int, ...], Shape]:
    """The cells and shape of a puzzle given as a Grid, text or cell values."""
    if isinstance(grid, Grid):
        if grid.rules is not None:
            raise VariantError(f"the transforms are those of classic Sudoku, not {grid.variant}")
        return grid.cells, grid.shape
    if isinstance(grid, str):
        parsed = Grid.from_string(grid, shape, check=False)
        return parsed.cells, parsed.shape
    cells = tuple(int(v) for v in grid)
    made = Grid.from_cells(cells, shape)
    return made.cells, made.shape


def augment(
    puzzle: Grid | str | Sequence[int],
    solution: Grid | str | Sequence[int] | None = None,
    rng: random.Random | None = None,
    *,
    shape: Shape | None = None,
) -> tuple[Grid, Grid | None]:
    """The puzzle (and its solution) under one random transform, the same one for both.

    The pair stays a puzzle and its solution: validity, uniqueness and the label are kept.
    ``rng`` gives reproducible draws (a fresh ``random.Random()`` when None).

    >>> p, s = augment("1.3..4.22.4..3.1", "1234341221434321", random.Random(1))
    >>> s.is_solution_of(p)
    True
    """
    rng = rng or random.Random()
    cells, found = _cells(puzzle, shape)
    move = random_transform(found, rng)
    out = Grid(move.apply(cells, found), found)
    if solution is None:
        return out, None
    answer, other = _cells(solution, found)
    if other != found:
        raise ShapeError("the puzzle and its solution have different shapes")
    return out, Grid(move.apply(answer, found), found)


@cache
def _geometric(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Every geometric transform of ``shape`` as a cell map: output cell i = source ``map[i]``."""
    n, r, c = shape.n, shape.box_rows, shape.box_cols
    row_orders = _orders(c, r)
    col_orders = _orders(r, c)
    maps: set[tuple[int, ...]] = set()
    for transpose in ((False, True) if r == c else (False,)):
        for rows, cols in product(row_orders, col_orders):
            if transpose:
                maps.add(tuple(cols[j] * n + rows[i] for i in range(n) for j in range(n)))
            else:
                maps.add(tuple(rows[i] * n + cols[j] for i in range(n) for j in range(n)))
    return tuple(sorted(maps))


def _orders(blocks: int, size: int) -> list[tuple[int, ...]]:
    """Every order of ``blocks · size`` lines keeping blocks of ``size`` together."""
    inner = list(permutations(range(size)))
    out = []
    for block_order in permutations(range(blocks)):
        for insides in product(inner, repeat=blocks):
            out.append(tuple(b * size + insides[k][j]
                             for k, b in enumerate(block_order) for j in range(size)))
    return out


def group_size(shape: Shape) -> int:
    """How many geometric transforms ``shape`` has (digit relabellings aside)."""
    r, c = shape.box_rows, shape.box_cols
    size: int = _factorial(c) * _factorial(r) ** c * _factorial(r) * _factorial(c) ** r
    return size * (2 if r == c else 1)


def _factorial(k: int) -> int:
    """``k!``."""
    out: int = 1
    for i in range(2, k + 1):
        out *= i
    return out


def _relabelled(values: Sequence[int]) -> tuple[int, ...]:
    """The values with digits renamed 1, 2, … in order of first appearance (0 stays 0)."""
    names: dict[int, int] = {0: 0}
    out = []
    for v in values:
        name = names.get(v)
        if name is None:
            name = names[v] = len(names)
        out.append(name)
    return tuple(out)


def minlex(puzzle: Grid | str | Sequence[int], shape: Shape | None = None) -> str:
    """The minlex form of a classic puzzle (or solution grid), one character per cell, ``0`` for
    empty: equal for equivalent puzzles only (see the module text).

    9×9 by :func:`sudokit.canon.canonical_string`; other shapes with up to
    :data:`MAX_ENUMERATED` geometric transforms by enumerating them; larger ones raise
    :class:`~sudokit.errors.ShapeError`. Digits above 9 are written as letters (``A`` = 10).
    """
    cells, found = _cells(puzzle, shape)
    if found.box == (3, 3):
        return canonical_string(Grid(cells, found))
    if group_size(found) > MAX_ENUMERATED:
        raise ShapeError(f"no canonical form for {found.n}×{found.n} grids with "
                         f"{found.box_rows}x{found.box_cols} boxes (too many transforms to enumerate)")
    best: tuple[int, ...] | None = None
    for cell_map in _geometric(found):
        form = _relabelled([cells[i] for i in cell_map])
        if best is None or form < best:
            best = form
    assert best is not None
    return "".join("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v] for v in best)
