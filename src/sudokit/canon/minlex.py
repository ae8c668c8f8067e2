"""Canonical (minlex) form of a 9×9 puzzle, to tell whether two puzzles are the same up to symmetry.

Two 9×9 puzzles are *equivalent* when one becomes the other by the validity-preserving
transformations: permute the three bands, the rows inside each band, the three stacks, the
columns inside each stack, transpose (6⁸ · 2 = 3,359,232 geometric transformations), and
relabel the digits (9! ways). The *minlex* form is the smallest of all equivalent puzzles
written as 81 characters row by row, an empty cell counting as ``0`` (below every digit).

The search, output row by output row (breadth first, keeping every transformation that ties
on the rows written so far)::

    row 0   any of the 9 rows (×2 for the transposition); the columns: all 6⁴ = 1,296 orders,
            cut at once to those giving the smallest row. A first row with k givens always reads
            0…0 1 2 … k after relabelling, so only its pattern of givens matters:
            pattern 011 010 000 → stacks emptiest first, givens pushed right → 000 001 011
            → "000001023".
    row 1-2 the other two rows of the first band, either order
    row 3   any row of the two other bands; rows 4-5 the rest of that band; rows 6-8 likewise

Digits are relabelled in order of first appearance, which is the smallest relabelling of a
fixed arrangement. Each level keeps only the states whose row is the smallest seen.

This module is the *definition*, written plainly; ``canon.c`` finds the same forms much
faster (it keeps free what the written rows do not decide yet, merges equal states and skips
empty rows that a swap maps onto each other: ≈ 4 µs a 17-clue puzzle, microseconds for an
empty grid, where this search takes seconds). :func:`canonical_lines` does many lines in one
native call.

>>> canonical_string("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
'000000001000002030004050600000600700006780000030009000008000500090007010120000090'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations

from sudokit.engine import backend
from sudokit.errors import ShapeError, SudokuError, VariantError
from sudokit.grid import Grid, as_grid
from sudokit.limits import Stop

__all__ = ["canonical", "canonical_lines", "canonical_string", "random_transform", "transform"]


_TRIPLES = tuple(permutations(range(3)))


def _column_orders() -> tuple[tuple[int, ...], ...]:
    """All 1,296 column orders that keep stacks together: (stack order) × (order in each stack)."""
    out = []
    for stacks in _TRIPLES:
        for a in _TRIPLES:
            for b in _TRIPLES:
                for c in _TRIPLES:
                    inner = (a, b, c)
                    out.append(tuple(3 * s + inner[i][j] for i, s in enumerate(stacks) for j in range(3)))
    return tuple(out)


_COLUMN_ORDERS = _column_orders()


@lru_cache(maxsize=512)
def _best_orders(pattern: int) -> tuple[int, tuple[int, ...]]:
    """For a row's pattern of givens (bit j = column j filled), the smallest pattern any column
    order makes (read left to right as a binary number, column 0 highest) and every order making it."""
    best = 1 << 9
    orders: list[int] = []
    for index, order in enumerate(_COLUMN_ORDERS):
        value = 0
        for col in order:
            value = (value << 1) | (pattern >> col & 1)
        if value < best:
            best, orders = value, [index]
        elif value == best:
            orders.append(index)
    return best, tuple(orders)


# A search state: (grid as 81 values, rows used in output order, column order index, labels,
# next label). ``labels[d]`` is the new name of digit d (0 while unnamed; labels[0] = 0).
_State = tuple[tuple[int, ...], tuple[int, ...], int, list[int], int]


def _row(state: _State, source_row: int) -> tuple[tuple[int, ...], list[int], int]:
    """The relabelled output row when ``source_row`` comes next, with the extended labelling."""
    grid, _, order, labels, next_label = state
    cols = _COLUMN_ORDERS[order]
    base = source_row * 9
    out = []
    new_labels = labels
    copied = False
    for c in cols:
        d = grid[base + c]
        if d and not new_labels[d]:
            if not copied:
                new_labels = labels.copy()
                copied = True
            new_labels[d] = next_label
            next_label += 1
        out.append(new_labels[d])
    return tuple(out), new_labels, next_label


def _next_rows(used: tuple[int, ...]) -> list[int]:
    """The source rows allowed at output position ``len(used)`` (bands stay together)."""
    level = len(used)
    if level % 3:
        band = used[level - level % 3] // 3
        return [r for r in range(3 * band, 3 * band + 3) if r not in used]
    bands = {r // 3 for r in used}
    return [r for r in range(9) if r // 3 not in bands]


def _search(cells: tuple[int, ...]) -> tuple[tuple[int, ...], list[_State]]:
    """The minlex string and every final state reaching it."""
    transposed = tuple(cells[c * 9 + r] for r in range(9) for c in range(9))
    # Row 0: only the pattern of givens matters; keep the orders giving the smallest pattern.
    best_value = 1 << 10
    seeds: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
    for grid in (cells, transposed):
        for r in range(9):
            pattern = sum(1 << c for c in range(9) if grid[r * 9 + c])
            value, orders = _best_orders(pattern)
            if value < best_value:
                best_value, seeds = value, [(grid, r, orders)]
            elif value == best_value:
                seeds.append((grid, r, orders))
    prefix: list[int] = []
    states: list[_State] = []
    first_row: tuple[int, ...] | None = None
    for grid, r, orders in seeds:
        for order in orders:
            start: _State = (grid, (), order, [0] * 10, 1)
            row, labels, nxt = _row(start, r)
            first_row = row
            states.append((grid, (r,), order, labels, nxt))
    assert first_row is not None
    prefix.extend(first_row)
    for _ in range(1, 9):
        best: tuple[int, ...] | None = None
        kept: list[_State] = []
        for state in states:
            for r in _next_rows(state[1]):
                row, labels, nxt = _row(state, r)
                if best is None or row < best:
                    best, kept = row, []
                if row == best:
                    kept.append((state[0], (*state[1], r), state[2], labels, nxt))
        assert best is not None
        prefix.extend(best)
        states = kept
    return tuple(prefix), states


def _cells_of(puzzle: Grid | str) -> tuple[int, ...]:
    """The 81 cells of a 9×9 puzzle given as a Grid or text."""
    return _grid_of(puzzle, check=True).cells


def _grid_of(puzzle: Grid | str, *, check: bool) -> Grid:
    """A 9×9 puzzle given as a Grid or text, as a Grid (``check``: no digit repeats in a unit)."""
    grid = as_grid(puzzle, check=check)
    if grid.shape.box != (3, 3):
        raise ShapeError("the canonical form is defined for 9×9 grids with 3×3 boxes only")
    if grid.rules is not None:
        raise VariantError(f"the canonical form is defined for classic Sudoku, not {grid.variant} "
                           "(a variant's rules allow other symmetries)")
    return grid


def _form(puzzle: Grid | str, engine: str | None) -> bytes:
    """The minlex form as 81 bytes (values 0-9), by the chosen engine."""
    grid = _grid_of(puzzle, check=False)
    core = backend.native(engine)
    if core is None:
        grid.check()
        form, _ = _search(grid.cells)
        return bytes(form)
    try:
        return core.canon9(bytes(grid.cells))  # the C core checks the units itself
    except ValueError:
        grid.check()  # the exact DuplicateGivenError
        raise


_DIGITS = bytes.maketrans(bytes(range(10)), b"0123456789")


def canonical(puzzle: Grid | str, *, engine: str | None = None) -> Grid:
    """The minlex form of a 9×9 puzzle (or solution grid): equal for equivalent puzzles only.

    Computed by ``canon.c`` with the C engine, else in Python (``engine="python"`` forces that;
    see :mod:`sudokit.engine.backend`); both give the same form."""
    return Grid(tuple(_form(puzzle, engine)))


def canonical_string(puzzle: Grid | str, empty: str = "0", *, engine: str | None = None) -> str:
    """The minlex form as 81 characters, ``empty`` (``0`` by default) for empty cells."""
    text = _form(puzzle, engine).translate(_DIGITS).decode("ascii")
    return text if empty == "0" else text.replace("0", empty)


def canonical_lines(
    lines: Sequence[str], empty: str = "0", *, engine: str | None = None, stop: Stop | None = None
) -> list[str | None]:
    """The minlex form (81 characters) of each 9×9 puzzle given on one line, in one native call.

    ``None`` for a line that is not a valid 9×9 puzzle in the line format (the caller can parse
    it with :func:`sudokit.Grid.from_string` to learn why). Same forms as :func:`canonical_string`.
    ``stop`` (a batch's :class:`~sudokit.limits.Stop`) ends the call early with
    :class:`~sudokit.errors.Stopped` once set.

    >>> canonical_lines([".........1" + "." * 71, "11" + "." * 79], ".")[1] is None
    True
    """
    core = backend.native(engine)
    if core is None:
        return [_python_form(text.strip(), empty) for text in lines]
    forms = core.canon9_lines([text.strip() for text in lines], "0", None if stop is None else stop.buffer)
    if empty == "0":
        return [form if isinstance(form, str) else None for form in forms]
    return [form.replace("0", empty) if isinstance(form, str) else None for form in forms]


def _python_form(text: str, empty: str) -> str | None:
    """The form of one line with the Python twin, or None when it is no valid 9×9 puzzle."""
    if len(text) != 81:
        return None
    try:
        return canonical_string(text, empty, engine="python")
    except (SudokuError, ValueError):
        return None


def transform(
    puzzle: Grid,
    *,
    transpose: bool = False,
    rows: tuple[int, ...] = tuple(range(9)),
    cols: tuple[int, ...] = tuple(range(9)),
    labels: tuple[int, ...] = tuple(range(1, 10)),
) -> Grid:
    """Apply one equivalence: optional transposition, then output row i = source row
    ``rows[i]``, output column j = source column ``cols[j]``, digit d → ``labels[d-1]``.
    ``rows`` and ``cols`` must keep bands and stacks together (this is not checked)."""
    cells = _cells_of(puzzle)
    if transpose:
        cells = tuple(cells[c * 9 + r] for r in range(9) for c in range(9))
    out = tuple(cells[rows[i] * 9 + cols[j]] for i in range(9) for j in range(9))
    return Grid(tuple(labels[v - 1] if v else 0 for v in out))


def _random_order(rng: random.Random) -> tuple[int, ...]:
    """A random band (or stack) respecting order of the 9 lines."""
    blocks = [0, 1, 2]
    rng.shuffle(blocks)
    out: list[int] = []
    for b in blocks:
        inner = [3 * b, 3 * b + 1, 3 * b + 2]
        rng.shuffle(inner)
        out += inner
    return tuple(out)


def random_transform(puzzle: Grid, rng: random.Random) -> Grid:
    """An equivalent puzzle picked at random (random transposition, lines and labels)."""
    labels = list(range(1, 10))
    rng.shuffle(labels)
    return transform(
        puzzle,
        transpose=rng.random() < 0.5,
        rows=_random_order(rng),
        cols=_random_order(rng),
        labels=tuple(labels),
    )
