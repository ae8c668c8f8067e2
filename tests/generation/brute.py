"""An independent brute-force solution counter for generated variant puzzles: its own reading of each
rule (rows, columns, boxes, diagonals, windows, chess moves, cages and the constraint kinds the
generator lays), written here from the rules' definitions, never the library's solver, primitives
or checks.

Each constraint is a function of the grid (0: empty) saying whether it can still hold. The search
keeps each cell's digits as a bit mask, fills the cell with the fewest digits left, strikes the
placed digit from the cell's peers (and its neighbours' consecutive digits under the
non-consecutive rule), checks the constraints through that cell and drops the digits of their
other cells that would break them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

Check = Callable[[Sequence[int]], bool]
Pair = tuple[int, int]

#: The global rules read here (beyond rows, columns, boxes and the constraints of check_of).
GLOBAL = frozenset({"x", "killer", "jigsaw", "windoku", "antiknight", "antiking", "nonconsecutive",
                    "disjointgroups"})

KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
KING = ((1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1), (1, 0), (0, -1), (-1, 0))
SIDE = ((0, 1), (1, 0), (0, -1), (-1, 0))
#: The most tests of fillings of a constraint's empty cells when revising its cells' digits.
TRIES = 256


def _thirds(n: int) -> list[int]:
    """Each digit's third of 1…n (0 low, 1 middle, 2 high; index 0 unused)."""
    cuts = [round(i * n / 3) for i in range(4)]
    return [-1] + [next(t for t in range(3) if cuts[t] < d <= cuts[t + 1]) for d in range(1, n + 1)]


def _sum_bounds(values: Sequence[int], total: int, n: int, distinct: bool = False) -> bool:
    """Whether the empty cells (0) can still bring the digits' sum to ``total`` (``distinct``: with
    digits all different)."""
    filled, empty, used = 0, 0, 0
    for v in values:
        if not v:
            empty += 1
        elif distinct and used >> v & 1:
            return False
        else:
            filled += v
            used |= 1 << v
    if not distinct:
        return filled + empty <= total <= filled + empty * n
    free = [d for d in range(1, n + 1) if not used >> d & 1]
    return filled + sum(free[:empty]) <= total <= filled + sum(free[len(free) - empty:])


def _box_index(grid: Any) -> list[int]:
    """Each cell's box (or Jigsaw piece)."""
    rules = grid.all_rules
    n = rules.n
    if rules.pieces is not None:
        return list(rules.pieces)
    br, bc = grid.shape.box_rows, grid.shape.box_cols
    return [(x // n // br) * (n // bc) + x % n // bc for x in range(n * n)]


def check_of(c: Any, grid: Any) -> tuple[tuple[int, ...], Check]:
    """The cells of one constraint and its test ("can still hold")."""
    kind = c.kind
    n = grid.all_rules.n
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
        circle, arrow = c.circle, c.line

        def arrow_ok(g: Sequence[int]) -> bool:
            vals = [g[x] for x in arrow]
            s, empty = sum(vals), vals.count(0)
            if all(g[x] for x in circle):
                number = int("".join(str(g[x]) for x in circle))  # a pill reads as a number
                return s + empty <= number <= s + empty * n
            return len(circle) > 1 or s + empty <= n
        return (*circle, *arrow), arrow_ok
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
        line = c.line
        box = list(c.boxes) if c.boxes is not None else _box_index(grid)
        segments: list[list[int]] = []
        for i, x in enumerate(line):
            if i and box[x] == box[line[i - 1]]:
                segments[-1].append(x)
            else:
                segments.append([x])

        def regionsum(g: Sequence[int]) -> bool:
            done = {sum(g[x] for x in seg) for seg in segments if all(g[x] for x in seg)}
            if len(done) > 1:
                return False
            if not done:
                return True
            (total,) = done
            for seg in segments:  # each unfinished segment can still reach the finished ones' sum
                vals = [g[x] for x in seg]
                empty = vals.count(0)
                if empty and not sum(vals) + empty <= total <= sum(vals) + empty * n:
                    return False
            return True
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


def _known(grid: Any) -> None:
    variants = set(grid.all_rules.variants)
    if variants - GLOBAL:
        raise AssertionError(f"the brute-force counter does not know {sorted(variants - GLOBAL)}")


def groups_of(grid: Any) -> list[tuple[int, ...]]:
    """The all-different groups of a grid's rules, read from the rules' data: rows, columns, boxes
    (or pieces), the diagonals of Sudoku X, Windoku's windows, disjoint groups, cages."""
    rules = grid.all_rules
    n = rules.n
    variants = set(rules.variants)
    out = [tuple(r * n + c for c in range(n)) for r in range(n)]
    out += [tuple(r * n + c for r in range(n)) for c in range(n)]
    box = _box_index(grid)
    out += [tuple(x for x in range(n * n) if box[x] == b) for b in sorted(set(box))]
    if "x" in variants:
        out.append(tuple(i * n + i for i in range(n)))
        out.append(tuple(i * n + n - 1 - i for i in range(n)))
    br, bc = grid.shape.box_rows, grid.shape.box_cols
    if "windoku" in variants:  # box-sized windows one cell in from the boxes, a gap cell apart
        assert br == bc, "Windoku needs square boxes"
        starts = [1 + k * (br + 1) for k in range(br - 1)]
        out += [tuple((R + r) * n + C + c for r in range(br) for c in range(bc))
                for R in starts for C in starts]
    if "disjointgroups" in variants:  # the cells at the same place in each box
        out += [tuple((R + r) * n + C + c for R in range(0, n, br) for C in range(0, n, bc))
                for r in range(br) for c in range(bc)]
    out += [cage.cells for cage in rules.cages]
    return out


def moves_of(grid: Any) -> list[Pair]:
    """The cell pairs a knight's or king's move apart that must differ (anti-knight, anti-king)."""
    rules = grid.all_rules
    n = rules.n
    steps = ((KNIGHT if "antiknight" in rules.variants else ())
             + (KING if "antiking" in rules.variants else ()))
    return [(r * n + c, (r + dr) * n + c + dc) for r in range(n) for c in range(n) for dr, dc in steps
            if 0 <= r + dr < n and 0 <= c + dc < n]


def sides_of(grid: Any) -> list[Pair]:
    """The orthogonal neighbours that must not be consecutive (non-consecutive)."""
    n = grid.all_rules.n
    if "nonconsecutive" not in grid.all_rules.variants:
        return []
    return [(r * n + c, (r + dr) * n + c + dc) for r in range(n) for c in range(n) for dr, dc in SIDE
            if 0 <= r + dr < n and 0 <= c + dc < n]


def _checks(grid: Any) -> list[tuple[tuple[int, ...], Check]]:
    rules = grid.all_rules
    n = rules.n
    out = [check_of(c, grid) for c in rules.constraints]

    def cage_sum(cells: tuple[int, ...], total: int) -> Check:
        return lambda g: _sum_bounds([g[x] for x in cells], total, n, True)
    out += [(cage.cells, cage_sum(cage.cells, cage.total)) for cage in rules.cages if cage.total is not None]
    return out


def plain_groups(grid: Any) -> list[tuple[int, ...]]:
    """The groups of the plain rules under a variant: rows, columns and boxes, or rows and columns
    alone when a Jigsaw's pieces replace the boxes."""
    n = grid.all_rules.n
    out = [tuple(r * n + c for c in range(n)) for r in range(n)]
    out += [tuple(r * n + c for r in range(n)) for c in range(n)]
    if grid.all_rules.pieces is None:
        br, bc = grid.shape.box_rows, grid.shape.box_cols
        out += [tuple((R + r) * n + C + c for r in range(br) for c in range(bc))
                for R in range(0, n, br) for C in range(0, n, bc)]
    return out


def count(grid: Any, limit: int = 2) -> int:
    """Solutions of the puzzle (up to ``limit``) by brute force with the rules read here."""
    _known(grid)
    return _count(grid.all_rules.n, grid.cells, None, groups_of(grid), moves_of(grid), sides_of(grid),
                  _checks(grid), limit)


def count_plain(grid: Any, candidates: Sequence[int] | None = None, limit: int = 2) -> int:
    """Solutions (up to ``limit``) of the puzzle's givens under the plain rules alone
    (:func:`plain_groups`), each cell holding one of the digits its ``candidates`` mask leaves
    (bit d for digit d; None: any)."""
    return _count(grid.all_rules.n, grid.cells, candidates, plain_groups(grid), [], [], [], limit)


def _count(n: int, givens: Sequence[int], candidates: Sequence[int] | None, groups: list[tuple[int, ...]],
           moves: list[Pair], near: list[Pair], checks: list[tuple[tuple[int, ...], Check]],
           limit: int) -> int:
    """The search: solutions (up to ``limit``) with the all-different ``groups``, the different pairs
    ``moves``, the non-consecutive pairs ``near`` and the constraints ``checks``."""
    size = n * n
    full = sum(1 << d for d in range(1, n + 1))
    digits_of = [[d for d in range(1, n + 1) if m >> d & 1] for m in range(1 << (n + 1))]
    peers: list[set[int]] = [set() for _ in range(size)]
    for group in groups:
        for x in group:
            peers[x].update(y for y in group if y != x)
    for x, y in moves:
        peers[x].add(y)
        peers[y].add(x)
    sides: list[list[int]] = [[] for _ in range(size)]
    for x, y in near:
        sides[x].append(y)
    through: list[list[int]] = [[] for _ in range(size)]
    for i, (cells, _) in enumerate(checks):
        for x in set(cells):
            through[x].append(i)
    g = [0] * size
    cand = [full & m for m in candidates] if candidates is not None else [full] * size
    trail: list[tuple[int, int]] = []
    pending: set[int] = set()  # the constraints whose cells lost digits since they were last seen

    def strike(y: int, mask: int) -> bool:
        """Take ``mask``'s digits from the empty cell y; False when none is left."""
        if g[y] or not cand[y] & mask:
            return True
        trail.append((y, cand[y]))
        cand[y] &= ~mask
        pending.update(through[y])
        return cand[y] != 0

    def revise(i: int) -> bool:
        """Keep on each empty cell of constraint i the digits that some filling of its empty cells
        (from their digits left, peers different) keeping the constraint uses; when that takes more
        than TRIES tests, the digits with which the constraint can still hold, the others empty."""
        cells, test = checks[i]
        if not test(g):
            return False
        empty = [y for y in cells if not g[y]]
        seen = [0] * len(empty)
        before = [[z for z in empty[:k] if z in peers[y]] for k, y in enumerate(empty)]
        budget = [TRIES]

        def walk(k: int) -> bool:
            """Every filling of empty[k:]; False when the budget ran out."""
            if k == len(empty):
                for j, y in enumerate(empty):
                    seen[j] |= 1 << g[y]
                return True
            y = empty[k]
            used = 0
            for z in before[k]:
                used |= 1 << g[z]
            for d in digits_of[cand[y] & ~used]:
                budget[0] -= 1
                if budget[0] < 0:
                    g[y] = 0
                    return False
                g[y] = d
                if test(g) and not walk(k + 1):
                    g[y] = 0
                    return False
            g[y] = 0
            return True

        if not walk(0):
            seen = [0] * len(empty)
            for j, y in enumerate(empty):
                for d in digits_of[cand[y]]:
                    g[y] = d
                    if test(g):
                        seen[j] |= 1 << d
                g[y] = 0
        return all(strike(y, cand[y] & ~seen[j]) for j, y in enumerate(empty))

    def place(x: int, d: int) -> bool:
        """Fill x with d, strike d from its peers (and d±1 from its non-consecutive neighbours) and
        revise the constraints that changed until none did; False on a contradiction."""
        g[x] = d
        bit = 1 << d
        near = (bit << 1 | bit >> 1) & full
        pending.update(through[x])
        ok = all(strike(y, bit) for y in peers[x]) and all(strike(y, near) for y in sides[x])
        while ok and pending:
            ok = revise(pending.pop())
        pending.clear()
        return ok

    def undo(mark: int) -> None:
        while len(trail) > mark:
            y, mask = trail.pop()
            cand[y] = mask

    found = 0
    houses = [group for group in groups if len(group) == n]  # each holds every digit once

    def forced() -> tuple[int, int] | None:
        """A digit with one place left in a house, as (cell, digit); (-1, 0) when a digit has none."""
        for house in houses:
            once = twice = 0
            for x in house:
                m = 1 << g[x] if g[x] else cand[x]
                twice |= once & m
                once |= m
            if once != full:
                return -1, 0
            single = once & ~twice
            for x in house:
                if not g[x] and cand[x] & single:
                    return x, digits_of[cand[x] & single][0]
        return None

    def search() -> None:
        nonlocal found
        best, fewest = -1, n + 1
        for x in range(size):
            if not g[x]:
                k = len(digits_of[cand[x]])
                if k < fewest:
                    best, fewest = x, k
                    if k <= 1:
                        break
        if best < 0:
            found += 1
            return
        options = digits_of[cand[best]]
        if fewest > 1:
            move = forced()
            if move is not None:
                best, options = move[0], [move[1]]
                if best < 0:
                    return
        for d in options:
            mark = len(trail)
            if place(best, d):
                search()
            undo(mark)
            g[best] = 0
            if found >= limit:
                return

    if not all(cand):
        return 0
    for x in range(size):
        if givens[x] and not (cand[x] >> givens[x] & 1 and place(x, givens[x])):
            return 0
    pending.update(range(len(checks)))
    while pending:
        if not revise(pending.pop()):
            return 0
    search()
    return found


def holds(grid: Any, solution: Sequence[int]) -> bool:
    """True when a full grid keeps the puzzle's givens and every rule read here (groups, chess
    moves, non-consecutive neighbours, cage sums, constraints)."""
    _known(grid)
    n = grid.all_rules.n
    if len(solution) != n * n or any(not 1 <= v <= n for v in solution):
        return False
    if any(v and v != s for v, s in zip(grid.cells, solution, strict=True)):
        return False
    if any(len({solution[x] for x in group}) != len(group) for group in groups_of(grid)):
        return False
    if any(solution[x] == solution[y] for x, y in moves_of(grid)):
        return False
    if any(abs(solution[x] - solution[y]) == 1 for x, y in sides_of(grid)):
        return False
    return all(test(solution) for _, test in _checks(grid))
