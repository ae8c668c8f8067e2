"""An independent brute-force solution counter for generated variant puzzles: its own reading of each
rule (rows, columns, boxes, diagonals, cages and the constraint kinds the generator lays), written
here from the rules' definitions, never the library's solver, primitives or checks.

Each constraint is a function of the grid (0: empty) saying whether it can still hold; the search
fills the cell with the fewest digits left and checks the constraints through that cell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

Check = Callable[[Sequence[int]], bool]


def _thirds(n: int) -> list[int]:
    cuts = [round(i * n / 3) for i in range(4)]
    return [-1] + [next(t for t in range(3) if cuts[t] < d <= cuts[t + 1]) for d in range(1, n + 1)]


def _sum_bounds(values: Sequence[int], total: int, n: int, distinct: bool = False) -> bool:
    filled = [v for v in values if v]
    empty = len(values) - len(filled)
    if distinct and len(set(filled)) != len(filled):
        return False
    low = sum(filled) + (sum(sorted(set(range(1, n + 1)) - set(filled))[:empty]) if distinct else empty)
    high = sum(filled) + (sum(sorted(set(range(1, n + 1)) - set(filled))[-empty:]) if distinct and empty
                          else empty * n)
    return low <= total <= high


def check_of(c: Any, n: int) -> tuple[tuple[int, ...], Check]:
    """The cells of one constraint and its test ("can still hold")."""
    kind = c.kind
    if kind == "thermo":
        line = c.line

        def thermo(g: Sequence[int]) -> bool:
            known = [(i, g[x]) for i, x in enumerate(line) if g[x]]
            k = len(line)
            for i, d in known:
                if d < i + 1 or d > n - (k - 1 - i):
                    return False
            return all(d2 - d1 >= j - i for (i, d1), (j, d2) in pairwise(known))
        return line, thermo
    if kind == "arrow":
        circle, arrow = c.circle[0], c.line

        def arrow_ok(g: Sequence[int]) -> bool:
            vals = [g[x] for x in arrow]
            s, empty = sum(vals), vals.count(0)
            if g[circle]:
                return s + empty <= g[circle] <= s + empty * n
            return s + empty <= n
        return (circle, *arrow), arrow_ok
    if kind in ("white", "black", "xv"):
        a, b = c.a, c.b

        def pair(g: Sequence[int]) -> bool:
            x, y = g[a], g[b]
            if not (x and y):
                return True
            if kind == "white":
                return abs(x - y) == 1
            if kind == "black":
                return x == 2 * y or y == 2 * x
            return x + y == c.total
        return (a, b), pair
    if kind == "germanwhisper":
        line, gap = c.line, c.gap
        return line, lambda g: all(abs(g[p] - g[q]) >= gap for p, q in pairwise(line) if g[p] and g[q])
    if kind == "renban":
        line = c.line

        def renban(g: Sequence[int]) -> bool:
            vals = [g[x] for x in line if g[x]]
            return len(set(vals)) == len(vals) and (not vals or max(vals) - min(vals) < len(line))
        return line, renban
    if kind == "palindrome":
        line = c.line
        return line, lambda g: all(not g[line[i]] or not g[line[-1 - i]] or g[line[i]] == g[line[-1 - i]]
                                   for i in range(len(line) // 2))
    if kind == "littlekiller":
        line, total = c.line, c.total
        return line, lambda g: _sum_bounds([g[x] for x in line], total, n)
    if kind == "sandwich":
        line, total = c.line, c.total

        def sandwich(g: Sequence[int]) -> bool:
            vals = [g[x] for x in line]
            if 1 not in vals or n not in vals:
                return True
            i, j = sorted((vals.index(1), vals.index(n)))
            inner = vals[i + 1:j]
            empty = inner.count(0)
            return sum(inner) + 2 * empty <= total <= sum(inner) + (n - 1) * empty
        return line, sandwich
    if kind == "between":
        line = c.line

        def between(g: Sequence[int]) -> bool:
            a, b = g[line[0]], g[line[-1]]
            inner = [g[x] for x in line[1:-1] if g[x]]
            if a and b:
                return all(min(a, b) < d < max(a, b) for d in inner)
            end = a or b
            return not end or all(d != end for d in inner)
        return line, between
    if kind == "regionsum":
        line, boxes = c.line, c.boxes

        def box(x: int) -> int:
            if boxes is not None:
                return int(boxes[x])
            r, col = divmod(x, n)
            br = 3 if n == 9 else 2
            bc = n // br
            return (r // br) * (n // bc) + col // bc

        def regionsum(g: Sequence[int]) -> bool:
            if any(not g[x] for x in line):
                return True
            sums: list[int] = []
            for i, x in enumerate(line):
                if i and box(x) == box(line[i - 1]):
                    sums[-1] += g[x]
                else:
                    sums.append(g[x])
            return len(set(sums)) == 1
        return line, regionsum
    if kind == "entropic":
        line, third = c.line, _thirds(n)

        def entropic(g: Sequence[int]) -> bool:
            for i in range(max(1, len(line) - 2)):
                groups = [third[g[x]] for x in line[i:i + 3] if g[x]]
                if len(set(groups)) != len(groups):
                    return False
            return True
        return line, entropic
    if kind in ("odd", "even"):
        cell, parity = c.cell, 1 if kind == "odd" else 0
        return (cell,), lambda g: not g[cell] or g[cell] % 2 == parity
    raise AssertionError(f"the brute-force counter has no rule for {kind!r}")


def groups_of(grid: Any) -> list[tuple[int, ...]]:
    """The all-different groups of a grid's rules, read from the rules' data: rows, columns, boxes
    (or pieces), the diagonals of Sudoku X, cages."""
    rules = grid.all_rules
    n = rules.n
    out = [tuple(r * n + c for c in range(n)) for r in range(n)]
    out += [tuple(r * n + c for r in range(n)) for c in range(n)]
    if rules.pieces is not None:
        out += [tuple(x for x in range(n * n) if rules.pieces[x] == p) for p in set(rules.pieces)]
    else:
        br, bc = grid.shape.box_rows, grid.shape.box_cols
        out += [tuple((R + r) * n + C + c for r in range(br) for c in range(bc))
                for R in range(0, n, br) for C in range(0, n, bc)]
    if "x" in rules.variants:
        out.append(tuple(i * n + i for i in range(n)))
        out.append(tuple(i * n + n - 1 - i for i in range(n)))
    out += [cage.cells for cage in rules.cages]
    return out


def count(grid: Any, limit: int = 2) -> int:
    """Solutions of the puzzle (up to ``limit``) by brute force with the rules read here."""
    rules = grid.all_rules
    n = rules.n
    size = n * n
    if set(rules.variants) - {"x", "killer", "jigsaw"}:
        raise AssertionError(f"the brute-force counter does not know {rules.variants}")
    groups = groups_of(grid)
    checks: list[list[Check]] = [[] for _ in range(size)]
    for cage in rules.cages:
        cells, total = cage.cells, cage.total
        if total is not None:
            test: Check = (lambda cs, t: lambda g: _sum_bounds([g[x] for x in cs], t, n, True))(cells, total)
            for x in cells:
                checks[x].append(test)
    for c in rules.constraints:
        cells, test = check_of(c, n)
        for x in cells:
            checks[x].append(test)
    peers: list[set[int]] = [set() for _ in range(size)]
    for group in groups:
        for x in group:
            peers[x].update(y for y in group if y != x)
    g = list(grid.cells)
    if any(not all(t(g) for t in checks[x]) for x in range(size) if g[x]):
        return 0
    found = 0

    def options(x: int) -> list[int]:
        used = {g[y] for y in peers[x]}
        out = []
        for d in range(1, n + 1):
            if d not in used:
                g[x] = d
                if all(t(g) for t in checks[x]):
                    out.append(d)
        g[x] = 0
        return out

    def search() -> None:
        nonlocal found
        best, best_opts = -1, None
        for x in range(size):
            if not g[x]:
                opts = options(x)
                if best_opts is None or len(opts) < len(best_opts):
                    best, best_opts = x, opts
                    if len(opts) <= 1:
                        break
        if best_opts == []:
            return
        if best_opts is None:
            found += 1
            return
        for d in best_opts:
            g[best] = d
            search()
            g[best] = 0
            if found >= limit:
                return

    search()
    return found


def holds(grid: Any, solution: Sequence[int]) -> bool:
    """True when a full grid keeps every rule read here (groups, cage sums, constraints)."""
    rules = grid.all_rules
    n = rules.n
    if any(len({solution[x] for x in group}) != len(group) for group in groups_of(grid)):
        return False
    if any(c.total is not None and sum(solution[x] for x in c.cells) != c.total for c in rules.cages):
        return False
    return all(check_of(c, n)[1](solution) for c in rules.constraints)
