"""An isomorphism check of two classic puzzles written apart from sudokit's minlex forms.

It searches the transformation group directly: transposition (square boxes only), every order of
the rows that keeps bands whole, then the columns one at a time, stacks whole, each column checked
on the spot (empty cells must meet empty cells, digits must meet digits through one relabelling,
built as the columns are matched and kept one-to-one). Cheap invariants (clue count, how often
each digit is given, the clue counts of the lines) rule out most pairs before any search. It uses
nothing of sudokit but plain cell lists, so it can check what ``sudokit.dataset.minlex`` claims.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import permutations, product

Cells = Sequence[int]
#: A transform found: (transposed, rows, cols, labels).
Found = tuple[bool, tuple[int, ...], tuple[int, ...], dict[int, int]]


def _line_orders(blocks: int, size: int) -> Iterator[tuple[int, ...]]:
    """Every order of ``blocks`` blocks of ``size`` lines that keeps each block whole."""
    inner = list(permutations(range(size)))
    for block_order in permutations(range(blocks)):
        for insides in product(inner, repeat=blocks):
            yield tuple(b * size + insides[k][j] for k, b in enumerate(block_order) for j in range(size))


def _invariant(cells: Cells, n: int) -> tuple[object, ...]:
    """What no transform changes: clue count, sorted digit frequencies, line clue counts."""
    rows = sorted(sum(1 for v in cells[r * n:(r + 1) * n] if v) for r in range(n))
    cols = sorted(sum(1 for r in range(n) if cells[r * n + c]) for c in range(n))
    lines = tuple(sorted((tuple(rows), tuple(cols))))
    digits = tuple(sorted(Counter(v for v in cells if v).values()))
    return sum(1 for v in cells if v), digits, lines


def find_isomorphism(a: Cells, b: Cells, box_rows: int, box_cols: int) -> Found | None:
    """A transform taking puzzle ``a`` to puzzle ``b``, or None: ``(transposed, rows, cols, labels)``
    with output cell (i, j) = source cell (rows[i], cols[j]) of ``a`` (transposed first when
    ``transposed``) and digit ``d`` written ``labels[d]``."""
    n = box_rows * box_cols
    if len(a) != n * n or len(b) != n * n:
        raise ValueError("the puzzles must have N² cells")
    if _invariant(a, n) != _invariant(b, n):
        return None
    target_cols = [tuple(b[r * n + c] for r in range(n)) for c in range(n)]
    for transposed in (False, True) if box_rows == box_cols else (False,):
        src = [a[c * n + r] for r in range(n) for c in range(n)] if transposed else list(a)
        for rows in _line_orders(box_cols, box_rows):  # box_cols bands of box_rows rows
            cols_now = [tuple(src[rows[i] * n + c] for i in range(n)) for c in range(n)]
            found = _match_columns(cols_now, target_cols, n, box_cols)
            if found is not None:
                cols, labels = found
                return transposed, rows, cols, labels
    return None


def _match_columns(source: list[tuple[int, ...]], target: list[tuple[int, ...]], n: int,
                   width: int) -> tuple[tuple[int, ...], dict[int, int]] | None:
    """Source columns for each target column, stacks of ``width`` whole, under one relabelling."""
    chosen: list[int] = []
    labels: dict[int, int] = {}
    back: dict[int, int] = {}

    def fits(k: int, j: int) -> list[int] | None:
        added: list[int] = []
        for x, y in zip(source[k], target[j], strict=True):
            if (x == 0) != (y == 0):
                break
            if x == 0:
                continue
            if x in labels:
                if labels[x] != y:
                    break
            elif y in back:
                break
            else:
                labels[x], back[y] = y, x
                added.append(x)
                continue
        else:
            return added
        for x in added:
            del back[labels.pop(x)]
        return None

    def options(j: int) -> list[int]:
        if j % width:  # inside a stack: a column of the stack the first one came from
            stack = chosen[j - j % width] // width
            return [k for k in range(stack * width, stack * width + width) if k not in chosen]
        used = {k // width for k in chosen}
        return [k for k in range(n) if k // width not in used]

    def extend(j: int) -> bool:
        if j == n:
            return True
        for k in options(j):
            added = fits(k, j)
            if added is None:
                continue
            chosen.append(k)
            if extend(j + 1):
                return True
            chosen.pop()
            for x in added:
                del back[labels.pop(x)]
        return False

    return (tuple(chosen), dict(labels)) if extend(0) else None


def apply(found: Found, a: Cells, n: int) -> list[int]:
    """Puzzle ``a`` under a transform :func:`find_isomorphism` returned."""
    transposed, rows, cols, labels = found
    src = [a[c * n + r] for r in range(n) for c in range(n)] if transposed else list(a)
    return [labels.get(src[rows[i] * n + cols[j]], 0) for i in range(n) for j in range(n)]
