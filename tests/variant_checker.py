"""An independent checker for variant Sudoku, written for the tests only.

It knows every rule from its plain definition in grid coordinates (a diagonal is ``r == c``, a
knight's move is ``{|dr|, |dc|} == {1, 2}``, …) and counts solutions by a plain backtracking
search: nothing of sudokit's rules model or engines is used, so the engine's counts can be
checked against it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class Spec:
    """A variant puzzle's rules in plain terms: side, box shape (None: no boxes), flags, pieces, cages."""

    n: int
    box: tuple[int, int] | None
    x: bool = False
    windoku: bool = False
    antiknight: bool = False
    antiking: bool = False
    nonconsecutive: bool = False
    disjoint: bool = False
    pieces: Sequence[int] | None = None
    cages: Sequence[tuple[Sequence[int], int | None]] = ()
    extra: Sequence[Sequence[int]] = field(default_factory=list)


def _groups(spec: Spec) -> list[list[int]]:
    """Every all-different group of cells the rules name."""
    n = spec.n
    groups = [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    if spec.pieces is not None:
        for p in set(spec.pieces):
            groups.append([i for i, q in enumerate(spec.pieces) if q == p])
    elif spec.box is not None:
        br, bc = spec.box
        for top in range(0, n, br):
            for left in range(0, n, bc):
                groups.append([(top + i) * n + left + j for i in range(br) for j in range(bc)])
    if spec.x:
        groups.append([i * n + i for i in range(n)])
        groups.append([i * n + (n - 1 - i) for i in range(n)])
    if spec.windoku:
        b = math.isqrt(n)
        for top in range(1, n - b + 1, b + 1):
            for left in range(1, n - b + 1, b + 1):
                groups.append([(top + i) * n + left + j for i in range(b) for j in range(b)])
    if spec.disjoint and spec.box is not None:
        br, bc = spec.box
        for i in range(br):
            for j in range(bc):
                groups.append([(top + i) * n + left + j for top in range(0, n, br) for left in range(0, n, bc)])
    groups += [list(cells) for cells, _ in spec.cages]
    groups += [list(g) for g in spec.extra]
    return groups


def _differ(spec: Spec, a: int, b: int) -> bool:
    """True when the anti-knight or anti-king rule makes cells ``a`` and ``b`` differ."""
    ra, ca = divmod(a, spec.n)
    rb, cb = divmod(b, spec.n)
    d = {abs(ra - rb), abs(ca - cb)}
    return (spec.antiknight and d == {1, 2}) or (spec.antiking and abs(ra - rb) == 1 and abs(ca - cb) == 1)


def _touching(spec: Spec, a: int, b: int) -> bool:
    """True when cells share a side."""
    ra, ca = divmod(a, spec.n)
    rb, cb = divmod(b, spec.n)
    return abs(ra - rb) + abs(ca - cb) == 1


class Checker:
    """Counts solutions of a puzzle under a :class:`Spec` by plain backtracking."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        n = spec.n
        size = n * n
        self.groups = _groups(spec)
        self.others: list[set[int]] = [set() for _ in range(size)]
        for g in self.groups:
            for c in g:
                self.others[c].update(x for x in g if x != c)
        for a in range(size):
            for b in range(size):
                if a != b and _differ(spec, a, b):
                    self.others[a].add(b)
        self.touch = [[b for b in range(size) if _touching(spec, a, b)] for a in range(size)]
        self.cage_of: dict[int, tuple[list[int], int | None]] = {}
        for cells, total in spec.cages:
            for c in cells:
                self.cage_of[c] = (list(cells), total)

    def allowed(self, grid: list[int], cell: int, d: int) -> bool:
        """True when digit ``d`` may go in the empty ``cell`` of ``grid``."""
        if any(grid[o] == d for o in self.others[cell]):
            return False
        if self.spec.nonconsecutive and any(grid[t] and abs(grid[t] - d) == 1 for t in self.touch[cell]):
            return False
        if cell in self.cage_of:
            cells, total = self.cage_of[cell]
            if total is not None:
                placed = [grid[c] for c in cells if grid[c] and c != cell] + [d]
                left = len(cells) - len(placed)
                rest = total - sum(placed)
                if left == 0 and rest != 0:
                    return False
                if left and not (left * (left + 1) // 2 <= rest <= left * (2 * self.spec.n - left + 1) // 2):
                    return False
        return True

    def valid(self, grid: Sequence[int]) -> bool:
        """True when the filled cells of ``grid`` break no rule."""
        work = list(grid)
        for cell, d in enumerate(grid):
            if d:
                work[cell] = 0
                ok = self.allowed(work, cell, d)
                work[cell] = d
                if not ok:
                    return False
        return True

    def count(self, puzzle: Sequence[int], limit: int = 2) -> tuple[int, list[int] | None]:
        """Solutions up to ``limit`` and the first one found."""
        grid = list(puzzle)
        if not self.valid(grid):
            return 0, None
        found: list[list[int]] = []
        n = self.spec.n

        def search() -> bool:
            best, best_options = -1, None
            for cell, v in enumerate(grid):
                if v:
                    continue
                options = [d for d in range(1, n + 1) if self.allowed(grid, cell, d)]
                if best_options is None or len(options) < len(best_options):
                    best, best_options = cell, options
                    if len(options) <= 1:
                        break
            if best < 0:
                found.append(list(grid))
                return len(found) >= limit
            assert best_options is not None
            for d in best_options:
                grid[best] = d
                if search():
                    grid[best] = 0
                    return True
            grid[best] = 0
            return False

        search()
        return len(found), (found[0] if found else None)
