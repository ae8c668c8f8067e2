"""The "dlx" solver: Sudoku as exact cover, solved with Knuth's Dancing Links.

The exact-cover matrix has a **row** per candidate "digit d in cell k" (N³ rows) and a
**column** per constraint (4N² columns): cell k is filled, row r has d, column c has d, box b
has d. A solution is a set of rows covering every column exactly once. The rules (Algorithm X):

1. No column left: the chosen rows are a solution.
2. Choose a column: the one with the fewest rows (Knuth's "S heuristic", option ``min``, the
   default) or simply the first one (option ``first``). A column with no rows is a dead end.
3. **Cover** it (unlink it and every row meeting it from the other columns), then try each of
   its rows in turn: cover the row's other columns, search on, and uncover in reverse order.

The matrix is a set of circular doubly linked lists kept in flat integer arrays (``L``, ``R``,
``U``, ``D``, column ``C``, size ``S``), so "dancing" a link is two list stores. The givens are
chosen first by covering their rows' columns. The search is iterative (explicit stack of chosen
rows), so big grids do not hit Python's recursion limit. Works for any N; counts solutions.

Counters: a **node** is a row tried; **guesses** count rows tried in columns of two or more
rows; **backtracks** count rows taken back plus dead-end columns; **propagations** count rows
removed by covering; peak depth is the most rows chosen at once.
"""

from __future__ import annotations

from functools import lru_cache

from sudokit.shape import Shape
from sudokit.strategies.base import BaseStrategy, Search, StrategyError

__all__ = ["DancingLinks", "from_options"]

Links = tuple[list[int], list[int], list[int], list[int], list[int], list[int], list[int]]


@lru_cache(maxsize=8)
def _matrix(shape: Shape) -> Links:
    """The full exact-cover matrix of a shape: L, R, U, D, C, S and each node's candidate row."""
    n, size = shape.n, shape.size
    columns = 4 * size
    total = 1 + columns + 4 * size * n
    left = [0] * total
    right = [0] * total
    up = [0] * total
    down = [0] * total
    col = [0] * total
    sizes = [0] * (columns + 1)
    row_of = [-1] * total
    for i in range(columns + 1):
        left[i], right[i], up[i], down[i], col[i] = i - 1, i + 1, i, i, i
    left[0], right[columns] = columns, 0
    node = columns + 1
    for k in range(size):
        r, c = divmod(k, n)
        b = shape.box_of(k)
        for d in range(n):
            first = node
            for j, column in enumerate(
                (1 + k, 1 + size + r * n + d, 1 + 2 * size + c * n + d, 1 + 3 * size + b * n + d)
            ):
                up[node], down[node] = up[column], column
                down[up[column]] = node
                up[column] = node
                col[node] = column
                sizes[column] += 1
                left[node] = node - 1 if j else first + 3
                right[node] = node + 1 if j < 3 else first
                row_of[node] = k * n + d
                node += 1
    return left, right, up, down, col, sizes, row_of


class DancingLinks(BaseStrategy):
    """Algorithm X on Dancing Links over the 4N²-column exact-cover matrix."""

    name = "dlx"
    check_every = 32

    def __init__(self, column: str = "min") -> None:
        if column not in ("min", "first"):
            raise StrategyError("dlx column choice must be 'min' or 'first'")
        self.column = column

    @property
    def spec(self) -> str:
        """``dlx`` (fewest-rows column) or ``dlx:first``."""
        return "dlx" if self.column == "min" else "dlx:first"

    def _search(self, cells: list[int], search: Search) -> None:
        """Cover the givens' rows, then run Algorithm X with an explicit stack."""
        shape = search.shape
        n = shape.n
        template = _matrix(shape)
        left, right, up, down = (a.copy() for a in template[:4])
        col, sizes, row_of = template[4], template[5].copy(), template[6]
        stats = search.stats
        use_min = self.column == "min"

        def cover(c: int) -> None:
            """Unlink column c and every row meeting it."""
            left[right[c]] = left[c]
            right[left[c]] = right[c]
            i = down[c]
            while i != c:
                j = right[i]
                while j != i:
                    down[up[j]] = down[j]
                    up[down[j]] = up[j]
                    sizes[col[j]] -= 1
                    j = right[j]
                i = down[i]

        def uncover(c: int) -> None:
            """Undo :func:`cover` exactly, in reverse order."""
            i = up[c]
            while i != c:
                j = left[i]
                while j != i:
                    sizes[col[j]] += 1
                    down[up[j]] = j
                    up[down[j]] = j
                    j = left[j]
                i = up[i]
            left[right[c]] = c
            right[left[c]] = c

        # The givens: choose their rows first.
        covered = bytearray(len(sizes))
        given_rows = []
        first_node = len(sizes)
        for k, v in enumerate(cells):
            if not v:
                continue
            r = first_node + 4 * (k * n + v - 1)
            j = r
            while True:
                if covered[col[j]]:
                    return  # two givens claim one constraint: no solution
                j = right[j]
                if j == r:
                    break
            while True:
                covered[col[j]] = 1
                stats.propagations += sizes[col[j]]
                cover(col[j])
                j = right[j]
                if j == r:
                    break
            given_rows.append(r)

        chosen: list[int] = []
        forward = True
        r = c = 0
        while True:
            if forward:
                if right[0] == 0:
                    out = [0] * shape.size
                    for node in given_rows + chosen:
                        k, d = divmod(row_of[node], n)
                        out[k] = d + 1
                    if search.found(out):
                        return
                    forward = False
                    continue
                c = right[0]
                best = sizes[c]
                if use_min:
                    j = right[c]
                    while j and best > 1:
                        if sizes[j] < best:
                            c, best = j, sizes[j]
                        j = right[j]
                if best == 0:
                    stats.backtracks += 1
                    forward = False
                    continue
                stats.propagations += best
                cover(c)
                r = down[c]
            else:
                if not chosen:
                    return
                r = chosen.pop()
                c = col[r]
                j = left[r]
                while j != r:
                    uncover(col[j])
                    j = left[j]
                stats.backtracks += 1
                r = down[r]
            # Try row r of column c (or, when the column is used up, go back).
            if r == c:
                uncover(c)
                forward = False
                continue
            chosen.append(r)
            search.node()
            if sizes[c] > 1:
                stats.guesses += 1
            if len(chosen) > stats.peak_depth:
                stats.peak_depth = len(chosen)
            j = right[r]
            while j != r:
                stats.propagations += sizes[col[j]]
                cover(col[j])
                j = right[j]
            forward = True


def from_options(options: list[str]) -> DancingLinks:
    """``dlx`` (the fewest-rows column) or ``dlx:first`` (the first column)."""
    if not options:
        return DancingLinks()
    if options in (["min"], ["first"]):
        return DancingLinks(options[0])
    raise StrategyError(f"strategy 'dlx' takes no option, 'min' or 'first' (got {','.join(options)!r})")
