"""Laying constraints over a solution grid: lines of natural lengths walked through the grid, dots
and X/V marks on edges, parity marks, outside clues and Killer cages, each true in the solution.

A :class:`Layout` keeps what is taken so the picture stays legible: a cell lies on at most one line
(an arrow's circle included), a diagonal step never crosses another line's diagonal step, an edge
holds at most one mark, an outside cell at most one clue. Each ``lay_*`` function adds the
candidates of one kind to the layout (the generator later removes the redundant ones).

>>> import random
>>> solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
>>> layout = Layout(4, solution, random.Random(1))
>>> lay_thermo(layout, 3)
>>> all(all(solution[a] < solution[b] for a, b in zip(t.line, t.line[1:])) for t in layout.constraints)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from sudokit.rules import Cage, Constraint, kinds
from sudokit.rules.geometry import orthogonal_pairs
from sudokit.shape import shape_for_size

__all__ = [
    "Layout",
    "lay_arrow",
    "lay_between",
    "lay_cages",
    "lay_entropic",
    "lay_kropki",
    "lay_littlekiller",
    "lay_oddeven",
    "lay_palindrome",
    "lay_regionsum",
    "lay_renban",
    "lay_sandwich",
    "lay_thermo",
    "lay_whisper",
    "lay_xv",
    "whisper_gap",
]

#: King's moves: lines step to any of the 8 neighbours (diagonal steps may not cross).
_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))

#: Nodes one random walk may visit before it gives up.
_WALK_BUDGET = 400

#: Killer cage sizes drawn for random cages (mostly pairs and triples, as setters do).
CAGE_SIZES = (2, 2, 2, 3, 3, 3, 3, 4, 4, 5)


@dataclass
class Layout:
    """A solution grid and the constraints laid on it so far, with the cells, diagonal crossings,
    edges and outside cells they take."""

    n: int
    solution: Sequence[int]
    rng: random.Random
    #: Box (region) number of each cell (None: the usual boxes of the side).
    boxes: Sequence[int] | None = None
    constraints: list[Constraint] = field(default_factory=list)
    cages: list[Cage] = field(default_factory=list)
    on_line: set[int] = field(default_factory=set)
    crossings: set[tuple[int, int]] = field(default_factory=set)
    edges: set[tuple[int, int]] = field(default_factory=set)
    outside: set[tuple[int, int]] = field(default_factory=set)
    marked: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.boxes is None:
            shape = shape_for_size(self.n)
            self.boxes = [shape.box_of(c) for c in range(self.n * self.n)]

    def box(self, cell: int) -> int:
        """The box (or piece) of a cell."""
        assert self.boxes is not None
        return self.boxes[cell]

    def free_cells(self) -> list[int]:
        """The cells on no line yet, shuffled."""
        cells = [c for c in range(self.n * self.n) if c not in self.on_line]
        self.rng.shuffle(cells)
        return cells

    def take_line(self, line: Sequence[int]) -> None:
        """Mark a line's cells and its diagonal steps as taken."""
        self.on_line.update(line)
        for a, b in pairwise(line):
            key = _crossing(a, b, self.n)
            if key is not None:
                self.crossings.add(key)


def _crossing(a: int, b: int, n: int) -> tuple[int, int] | None:
    """The 2×2 block a diagonal step between ``a`` and ``b`` crosses (None: an orthogonal step)."""
    (r1, c1), (r2, c2) = divmod(a, n), divmod(b, n)
    if r1 != r2 and c1 != c2:
        return min(r1, r2), min(c1, c2)
    return None


def _neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr, dc in _STEPS if 0 <= r + dr < n and 0 <= c + dc < n]


#: ``prefix_ok(cells, length)``: True when a walk through these cells may still become a line of
#: ``length`` cells; ``done(cells)``: True when the finished walk is a valid line.
PrefixTest = Callable[[Sequence[int], int], bool]


def walk(layout: Layout, lengths: Sequence[int], prefix_ok: PrefixTest,
         done: Callable[[Sequence[int]], bool] = lambda ds: True,
         start: int | None = None) -> tuple[int, ...] | None:
    """A random line of one of ``lengths`` cells through free cells passing the tests (a
    depth-first search with a node budget), or None."""
    n, rng = layout.n, layout.rng
    length = rng.choice(list(lengths))
    starts = [start] if start is not None else layout.free_cells()[:6]
    budget = [_WALK_BUDGET]

    def extend(line: list[int], crossed: set[tuple[int, int]]) -> list[int] | None:
        if len(line) == length:
            return line if done(line) else None
        nexts = [x for x in _neighbours(line[-1], n) if x not in layout.on_line and x not in line]
        rng.shuffle(nexts)
        for x in nexts:
            budget[0] -= 1
            if budget[0] < 0:
                return None
            key = _crossing(line[-1], x, n)
            if key is not None and (key in layout.crossings or key in crossed):
                continue
            if not prefix_ok([*line, x], length):
                continue
            if key is not None:
                crossed.add(key)
            found = extend([*line, x], crossed)
            if found is not None:
                return found
            if key is not None:
                crossed.discard(key)
        return None

    for s in starts:
        if s in layout.on_line or not prefix_ok([s], length):
            continue
        found = extend([s], set())
        if found is not None:
            return tuple(found)
    return None


def _lay_lines(layout: Layout, count: int, lengths: Sequence[int], prefix_ok: PrefixTest,
               done: Callable[[Sequence[int]], bool], make: Callable[[tuple[int, ...]], Constraint]) -> None:
    """Try ``count`` times to walk a line whose digits pass the tests (``prefix_ok(digits,
    length)``, ``done(digits)``) and lay the constraint ``make`` builds on it."""
    sol = layout.solution

    def on_cells(cells: Sequence[int], length: int) -> bool:
        return prefix_ok([sol[c] for c in cells], length)

    for _ in range(count):
        line = walk(layout, lengths, on_cells, lambda cells: done([sol[c] for c in cells]))
        if line is not None:
            layout.take_line(line)
            layout.constraints.append(make(line))


def line_lengths(n: int) -> tuple[int, ...]:
    """Natural line lengths: 3 to 6 cells on 9×9, 3 to 4 on 6×6 (and in scale)."""
    return tuple(range(3, max(4, min(6, n * 2 // 3)) + 1))


def lay_thermo(layout: Layout, count: int) -> None:
    """Thermometers: digits strictly increase from the bulb."""
    _lay_lines(layout, count, line_lengths(layout.n),
               lambda ds, k: len(ds) < 2 or ds[-1] > ds[-2], lambda ds: True, kinds.Thermometer)


def lay_renban(layout: Layout, count: int) -> None:
    """Renban lines: different digits forming a run."""
    def prefix(ds: Sequence[int], k: int) -> bool:
        return len(set(ds)) == len(ds) and max(ds) - min(ds) < k

    _lay_lines(layout, count, line_lengths(layout.n)[:3], prefix,
               lambda ds: max(ds) - min(ds) == len(ds) - 1, kinds.Renban)


def whisper_gap(n: int) -> int:
    """The whisper gap for an N×N grid: 5 on 9×9 (German whispers), half the digits in scale."""
    return (n + 1) // 2


def lay_whisper(layout: Layout, count: int) -> None:
    """German whispers: neighbours on the line differ by at least the gap."""
    gap = whisper_gap(layout.n)
    _lay_lines(layout, count, line_lengths(layout.n),
               lambda ds, k: len(ds) < 2 or abs(ds[-1] - ds[-2]) >= gap, lambda ds: True,
               lambda line: kinds.GermanWhisper(line, gap))


def _thirds(n: int) -> list[int]:
    """The third (0 low, 1 middle, 2 high) of each digit 1..N, as :class:`Entropic` cuts them."""
    cuts = [round(i * n / 3) for i in range(4)]
    return [0] + [next(t for t in range(3) if cuts[t] < d <= cuts[t + 1]) for d in range(1, n + 1)]


def lay_entropic(layout: Layout, count: int) -> None:
    """Entropic lines: every three cells in a row hold a low, a middle and a high digit."""
    third = _thirds(layout.n)

    def prefix(ds: Sequence[int], k: int) -> bool:
        window = [third[d] for d in ds[-3:]]
        return len(set(window)) == len(window)

    _lay_lines(layout, count, line_lengths(layout.n), prefix, lambda ds: True, kinds.Entropic)


def lay_palindrome(layout: Layout, count: int) -> None:
    """Palindromes: the line reads the same both ways."""
    def prefix(ds: Sequence[int], k: int) -> bool:
        i = len(ds) - 1
        return i < k // 2 + k % 2 or ds[i] == ds[k - 1 - i]

    _lay_lines(layout, count, line_lengths(layout.n), prefix, lambda ds: list(ds) == list(ds)[::-1],
               kinds.Palindrome)


def lay_between(layout: Layout, count: int) -> None:
    """Between lines: the inner digits lie strictly between the two ends'."""
    def prefix(ds: Sequence[int], k: int) -> bool:
        if len(ds) < 2:
            return True
        inner = ds[1:k - 1] if len(ds) == k else ds[1:]
        side = {d > ds[0] for d in inner}
        if len(side) > 1 or any(d == ds[0] for d in inner):
            return False
        if len(ds) == k:
            low, high = min(ds[0], ds[-1]), max(ds[0], ds[-1])
            return all(low < d < high for d in inner)
        return True

    _lay_lines(layout, count, line_lengths(layout.n), prefix, lambda ds: True, kinds.Between)


def lay_regionsum(layout: Layout, count: int) -> None:
    """Region-sum lines: each box's segment of the line has the same sum (two boxes at least)."""
    sol = layout.solution
    boxes = None if layout.boxes is None else tuple(layout.boxes)

    def sums(cells: Sequence[int]) -> list[int]:
        out: list[int] = []
        for i, c in enumerate(cells):
            if i and layout.box(c) == layout.box(cells[i - 1]):
                out[-1] += sol[c]
            else:
                out.append(sol[c])
        return out

    def prefix(cells: Sequence[int], length: int) -> bool:
        got = sums(cells)
        return len(got) < 2 or (all(x == got[0] for x in got[1:-1]) and got[-1] <= got[0])

    def done(cells: Sequence[int]) -> bool:
        got = sums(cells)
        return len(got) > 1 and all(x == got[0] for x in got)

    usual = boxes == _usual(layout.n)
    for _ in range(count):
        line = walk(layout, line_lengths(layout.n), prefix, done)
        if line is not None:
            layout.take_line(line)
            layout.constraints.append(kinds.RegionSum(line, None if usual else boxes))


def _usual(n: int) -> tuple[int, ...]:
    """The usual box of each cell of an N×N grid."""
    shape = shape_for_size(n)
    return tuple(shape.box_of(c) for c in range(n * n))


def lay_arrow(layout: Layout, count: int) -> None:
    """Arrows: the circle's digit is the sum of the 2 to 4 cells of its arrow."""
    def prefix(ds: Sequence[int], k: int) -> bool:
        return sum(ds[1:]) <= ds[0] - (k - len(ds))  # room for the cells still to come (1 or more each)

    def done(ds: Sequence[int]) -> bool:
        return sum(ds[1:]) == ds[0]

    lengths = tuple(range(3, min(5, layout.n // 2 + 2) + 1))
    _lay_lines(layout, count, lengths, prefix, done, lambda line: kinds.Arrow((line[0],), line[1:]))


def lay_kropki(layout: Layout, count: int) -> None:
    """Kropki dots: white between consecutive digits, black where one is twice the other (1-2: either)."""
    sol, rng = layout.solution, layout.rng
    pairs = [p for p in orthogonal_pairs(layout.n) if p not in layout.edges]
    rng.shuffle(pairs)
    for a, b in pairs[: count]:
        x, y = sol[a], sol[b]
        white, black = abs(x - y) == 1, x == 2 * y or y == 2 * x
        if white and black:
            white = rng.random() < 0.5
        if white:
            layout.constraints.append(kinds.KropkiWhite(a, b))
        elif black:
            layout.constraints.append(kinds.KropkiBlack(a, b))
        else:
            continue
        layout.edges.add((a, b))


def lay_xv(layout: Layout, count: int) -> None:
    """X and V marks: X between digits adding up to 10, V to 5."""
    sol, rng = layout.solution, layout.rng
    pairs = [p for p in orthogonal_pairs(layout.n) if p not in layout.edges]
    rng.shuffle(pairs)
    for a, b in pairs[: count]:
        total = sol[a] + sol[b]
        if total in (5, 10):
            layout.constraints.append(kinds.XV(a, b, total))
            layout.edges.add((a, b))


def lay_oddeven(layout: Layout, count: int) -> None:
    """Odd circles and even squares in cells on no line."""
    sol = layout.solution
    cells = [c for c in layout.free_cells() if c not in layout.marked][:count]
    for c in cells:
        layout.constraints.append(kinds.Odd(c) if sol[c] % 2 else kinds.Even(c))
        layout.marked.add(c)


def _diagonals(n: int) -> list[tuple[int, ...]]:
    """Every diagonal of two or more cells, read from an end at the grid's edge (both ways)."""
    out = []
    for dc in (1, -1):
        starts = [(0, c) for c in range(n)] + [(r, 0 if dc == 1 else n - 1) for r in range(1, n)]
        for r, c in starts:
            line = []
            while 0 <= r < n and 0 <= c < n:
                line.append(r * n + c)
                r, c = r + 1, c + dc
            if 2 <= len(line) < n:
                out.append(tuple(line))
                out.append(tuple(reversed(line)))
    return out


def _outside(n: int, line: Sequence[int]) -> tuple[int, int]:
    """The outside cell before a line's first cell (it steps into the grid from there)."""
    (r1, c1), (r2, c2) = divmod(line[0], n), divmod(line[1], n)
    return r1 - (r2 - r1), c1 - (c2 - c1)


def lay_littlekiller(layout: Layout, count: int) -> None:
    """Little killers: the sum of a diagonal, written outside the grid where the diagonal starts."""
    n, sol, rng = layout.n, layout.solution, layout.rng
    lines = _diagonals(n)
    rng.shuffle(lines)
    used: set[frozenset[int]] = set()
    laid = 0
    for line in lines:
        if laid >= count:
            break
        spot = _outside(n, line)
        if spot in layout.outside or frozenset(line) in used:
            continue
        layout.outside.add(spot)
        used.add(frozenset(line))
        layout.constraints.append(kinds.LittleKiller(line, sum(sol[c] for c in line)))
        laid += 1


def lay_sandwich(layout: Layout, count: int) -> None:
    """Sandwich clues: the sum between the 1 and the N of a row or column, written at its start."""
    n, sol, rng = layout.n, layout.solution, layout.rng
    lines = [tuple(r * n + c for c in range(n)) for r in range(n)]
    lines += [tuple(r * n + c for r in range(n)) for c in range(n)]
    rng.shuffle(lines)
    for line in lines[:count]:
        spot = _outside(n, line)
        if spot in layout.outside:
            continue
        ds = [sol[c] for c in line]
        i, j = sorted((ds.index(1), ds.index(n)))
        layout.outside.add(spot)
        layout.constraints.append(kinds.Sandwich(line, sum(ds[i + 1:j])))


def _sides(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [rr * n + cc for rr, cc in near if 0 <= rr < n and 0 <= cc < n]


def lay_cages(layout: Layout, cover: float = 1.0, singles: bool = False) -> bool:
    """Killer cages of 2 to 5 connected cells (single cells only with ``singles``), no digit twice
    in a cage, sums from the solution, covering about ``cover`` of the grid; False when the cells
    left over could not all join a cage (try again)."""
    n, sol, rng = layout.n, layout.solution, layout.rng
    size = n * n
    cage_of = [-1] * size
    cages: list[list[int]] = []
    target = round(cover * size)
    covered = 0
    for start in rng.sample(range(size), size):
        if cage_of[start] >= 0 or covered >= target:
            continue
        want = rng.choice(CAGE_SIZES)
        cells = [start]
        cage_of[start] = len(cages)
        digits = {sol[start]}
        while len(cells) < want:
            free = sorted({x for c in cells for x in _sides(c, n) if cage_of[x] < 0 and sol[x] not in digits})
            if not free:
                break
            x = rng.choice(free)
            cells.append(x)
            digits.add(sol[x])
            cage_of[x] = len(cages)
        cages.append(cells)
        covered += len(cells)
    if not singles:
        for k, cells in enumerate(cages):
            if len(cells) > 1:
                continue
            cell = cells[0]
            homes = [cage_of[x] for x in _sides(cell, n) if cage_of[x] >= 0 and cage_of[x] != k
                     and len(cages[cage_of[x]]) < 5 and all(sol[y] != sol[cell] for y in cages[cage_of[x]])]
            if not homes:
                if cover >= 1.0:
                    return False
                cage_of[cell] = -1  # a partial cover leaves it out
                cages[k] = []
                continue
            home = rng.choice(homes)
            cages[home].append(cell)
            cage_of[cell] = home
            cages[k] = []
    layout.cages = [Cage(tuple(sorted(cells)), sum(sol[c] for c in cells)) for cells in cages if cells]
    return True
