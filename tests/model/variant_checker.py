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
                groups.append([(top + i) * n + left + j
                               for top in range(0, n, br) for left in range(0, n, bc)])
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
        """Solutions up to ``limit`` and the first one found.

        Backtracking on cell domains (the digits each empty cell may still take): placing a digit
        narrows the domains of the cells it touches, a cell left with one digit takes it, a digit
        with one place left in a full group goes there, an empty domain or a digit with no place
        in a full group ends the branch; the cell with the fewest digits is guessed first.
        """
        grid = list(puzzle)
        if not self.valid(grid):
            return 0, None
        n = self.spec.n
        full_groups = [g for g in self.groups if len(g) == n]
        affected = [sorted(self.others[c] | set(self.touch[c] if self.spec.nonconsecutive else ())
                           | set(self.cage_of[c][0] if c in self.cage_of else ())) for c in range(n * n)]
        found: list[list[int]] = []

        def place(domains: dict[int, set[int]], cell: int, d: int) -> bool:
            grid[cell] = d
            del domains[cell]
            for c in affected[cell]:
                if c in domains:
                    domains[c] = {e for e in domains[c] if self.allowed(grid, c, e)}
                    if not domains[c]:
                        return False
            return True

        def settle(domains: dict[int, set[int]]) -> bool:
            changed = True
            while changed:
                changed = False
                for cell in [c for c, dom in domains.items() if len(dom) == 1]:
                    if cell in domains:
                        if len(domains[cell]) != 1 or not self.allowed(grid, cell, next(iter(domains[cell]))):
                            return False
                        if not place(domains, cell, next(iter(domains[cell]))):
                            return False
                        changed = True
                for group in full_groups:
                    have = {grid[c] for c in group if grid[c]}
                    for d in range(1, n + 1):
                        if d in have:
                            continue
                        spots = [c for c in group if c in domains and d in domains[c]]
                        if not spots:
                            return False
                        if len(spots) == 1:
                            if not self.allowed(grid, spots[0], d) or not place(domains, spots[0], d):
                                return False
                            have.add(d)
                            changed = True
            return True

        def search(domains: dict[int, set[int]]) -> bool:
            saved_grid = list(grid)
            if not settle(domains):
                grid[:] = saved_grid
                return False
            if not domains:
                if self.valid(grid):
                    found.append(list(grid))
                done = len(found) >= limit
                grid[:] = saved_grid
                return done
            settled = list(grid)
            cell = min(domains, key=lambda c: len(domains[c]))
            for d in sorted(domains[cell]):
                trial = {c: set(dom) for c, dom in domains.items()}
                if place(trial, cell, d) and search(trial):
                    grid[:] = saved_grid
                    return True
                grid[:] = settled
            grid[:] = saved_grid
            return False

        start = {c: {d for d in range(1, n + 1) if self.allowed(grid, c, d)}
                 for c, v in enumerate(grid) if not v}
        search(start)
        return len(found), (found[0] if found else None)
