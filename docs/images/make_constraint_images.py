"""Make the constraint pictures of docs/variants.md (needs the png extra).

    python docs/images/make_constraint_images.py

Each puzzle is built here from a random solved grid: its lines, dots and clues are read off that
solution (so the picture is consistent with it) and a few of its digits are kept as givens. They
are in the style of published puzzles, not copies of any.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from pathlib import Path

from sudokit import random_grid
from sudokit.grid import Grid
from sudokit.render import svg
from sudokit.rules import Rules
from sudokit.rules.base import Constraint
from sudokit.rules.kinds import (
    XV,
    Arrow,
    Between,
    Clone,
    Entropic,
    Even,
    GermanWhisper,
    KillerCage,
    KropkiBlack,
    KropkiWhite,
    LittleKiller,
    Maximum,
    Minimum,
    Odd,
    Palindrome,
    Quadruple,
    RegionSum,
    Renban,
    Sandwich,
    Skyscraper,
    SlowThermometer,
    Thermometer,
    XSum,
)
from sudokit.shape import Shape

HERE = Path(__file__).resolve().parent
Check = Callable[[list[int], int], bool]


class Builder:
    """A solved grid and the cells its constraints have taken so far."""

    def __init__(self, shape: Shape, seed: int) -> None:
        self.shape = shape
        self.n = shape.n
        self.solution = list(random_grid(shape, seed=seed).cells)
        self.used: set[int] = set()
        #: Diagonal steps taken, as cell pairs: a new diagonal step may not cross one.
        self.diagonals: set[frozenset[int]] = set()
        self.random = random.Random(seed)

    def value(self, cell: int) -> int:
        return self.solution[cell]

    def cell(self, r: int, c: int) -> int:
        """The cell at row ``r``, column ``c`` (1-based)."""
        return (r - 1) * self.n + c - 1

    def neighbours(self, cell: int, diagonal: bool = True) -> list[int]:
        n = self.n
        r, c = divmod(cell, n)
        steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
        if diagonal:
            steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        return [(r + dr) * n + c + dc for dr, dc in steps if 0 <= r + dr < n and 0 <= c + dc < n]

    def crosses(self, path: list[int], a: int, b: int) -> bool:
        """Whether the step ``a -> b`` crosses a diagonal step of ``path`` or of a line taken."""
        (r1, c1), (r2, c2) = divmod(a, self.n), divmod(b, self.n)
        if r1 == r2 or c1 == c2:
            return False
        other = frozenset({r1 * self.n + c2, r2 * self.n + c1})
        steps = {frozenset(p) for p in itertools.pairwise(path)}
        return other in steps or other in self.diagonals

    def path(self, start: int, length: int, ok: Check, diagonal: bool = True) -> tuple[int, ...] | None:
        """A path of ``length`` free cells from ``start`` whose values pass ``ok(values, next)``."""
        best: list[int] | None = None

        def walk(path: list[int]) -> bool:
            nonlocal best
            if len(path) == length:
                best = list(path)
                return True
            options = [x for x in self.neighbours(path[-1], diagonal) if x not in path and x not in self.used]
            self.random.shuffle(options)
            for nxt in options:
                if self.crosses(path, path[-1], nxt):
                    continue
                if ok([self.value(c) for c in path], self.value(nxt)):
                    path.append(nxt)
                    if walk(path):
                        return True
                    path.pop()
            return False

        if start in self.used or not walk([start]):
            return None
        assert best is not None
        self.used.update(best)
        self.diagonals.update(frozenset(p) for p in itertools.pairwise(best))
        return tuple(best)

    def lines(
        self, count: int, lengths: Sequence[int], ok: Check,
        first: Callable[[int], bool] = lambda v: True, diagonal: bool = True,
    ) -> list[tuple[int, ...]]:
        """Up to ``count`` paths, trying every free start in a random order."""
        out: list[tuple[int, ...]] = []
        starts = list(range(self.n * self.n))
        self.random.shuffle(starts)
        for start in starts:
            if len(out) == count:
                break
            if start in self.used or not first(self.value(start)):
                continue
            for length in lengths:
                found = self.path(start, length, ok, diagonal)
                if found:
                    out.append(found)
                    break
        return out

    def givens(self, cells: Sequence[int]) -> str:
        chars = ["."] * (self.n * self.n)
        for c in cells:
            chars[c] = str(self.value(c))
        return "".join(chars)

    def free_givens(self, count: int) -> str:
        free = [c for c in range(self.n * self.n) if c not in self.used]
        return self.givens(self.random.sample(free, count))


def grid(b: Builder, constraints: Sequence[Constraint], givens: str) -> Grid:
    rules = Rules.classic(b.shape).with_constraints(constraints)
    solved = Grid.from_string("".join(map(str, b.solution)), rules=rules)  # raises if a clue is wrong
    assert not any(c.broken(list(solved.cells)) for c in constraints)
    return Grid.from_string(givens, rules=rules)


def increasing(values: list[int], nxt: int) -> bool:
    return nxt > values[-1]


def thermo_arrow() -> Grid:
    b = Builder(Shape(3, 3), 21)
    cons: list[Constraint] = [Thermometer(t) for t in b.lines(3, (6, 5, 4), increasing, lambda v: v <= 2)]
    cons += [SlowThermometer(t) for t in b.lines(1, (5, 4), lambda vs, x: x >= vs[-1] and x > vs[0],
                                                     lambda v: v <= 3)]
    n = b.n
    pills = [[c, c + 1] for c in range(n * n) if c % n < n - 1 and b.value(c) == 1]
    singles = [[c] for c in range(n * n) if b.value(c) >= 6]
    b.random.shuffle(pills)
    b.random.shuffle(singles)
    arrows = 0
    for circle_cells in pills + singles:
        if len(circle_cells) > 1 and any(len(a.circle) > 1 for a in cons if isinstance(a, Arrow)):
            continue
        if arrows == 5:
            break
        if any(c in b.used for c in circle_cells):
            continue
        target = int("".join(str(b.value(c)) for c in circle_cells))
        b.used.update(circle_cells)
        line = None
        for length in (3, 2, 4):
            for start in b.neighbours(circle_cells[-1]) + b.neighbours(circle_cells[0]):
                if start in b.used or b.value(start) >= target:
                    continue

                def adds_up(vs: list[int], x: int, t: int = target, k: int = length) -> bool:
                    total = sum(vs) + x
                    return total == t if len(vs) + 1 == k else total < t

                line = b.path(start, length, adds_up)
                if line:
                    break
            if line:
                break
        if line:
            cons.append(Arrow(tuple(circle_cells), line))
            arrows += 1
        else:
            b.used.difference_update(circle_cells)
    return grid(b, cons, b.free_givens(6))


def kropki_xv() -> Grid:
    b = Builder(Shape(3, 3), 22)
    n = b.n
    cons: list[Constraint] = []
    for a in range(n * n):
        for other in (a + 1, a + n):
            if (other == a + 1 and a % n == n - 1) or other >= n * n:
                continue
            x, y = b.value(a), b.value(other)
            keep = b.random.random() < 0.7
            if (x == 2 * y or y == 2 * x) and keep:
                cons.append(KropkiBlack(a, other))
            elif abs(x - y) == 1 and keep:
                cons.append(KropkiWhite(a, other))
            elif x + y in (5, 10):
                cons.append(XV(a, other, x + y))
    return grid(b, cons, b.givens([b.cell(1, 1), b.cell(5, 5), b.cell(9, 9), b.cell(3, 7)]))


def whispers_renban() -> Grid:
    b = Builder(Shape(2, 3), 23)
    whisper: Check = lambda vs, x: abs(x - vs[-1]) >= 3  # noqa: E731

    def run(vs: list[int], x: int) -> bool:
        values = [*vs, x]
        return len(set(values)) == len(values) and max(values) - min(values) == len(values) - 1

    pal = b.lines(1, (3,), lambda vs, x: len(vs) < 2 or x == vs[0])
    cons: list[Constraint] = [Palindrome(t) for t in pal]
    cons += [GermanWhisper(t, gap=3) for t in b.lines(3, (5, 4), whisper)]
    cons += [Renban(t) for t in b.lines(3, (4, 3), run)]
    return grid(b, cons, b.free_givens(3))


def killer_little_killer() -> Grid:
    b = Builder(Shape(3, 3), 24)
    n = b.n
    order = list(range(n * n))
    cons: list[Constraint] = []
    free = set(order)
    for start in order:
        if start not in free:
            continue
        size = b.random.choice((2, 2, 3, 3, 3, 4))
        cage = [start]
        free.discard(start)
        while len(cage) < size:
            options = [x for c in cage for x in b.neighbours(c, diagonal=False)
                       if x in free and b.value(x) not in {b.value(c) for c in cage}]
            if not options:
                break
            pick = b.random.choice(options)
            cage.append(pick)
            free.discard(pick)
        cons.append(KillerCage(tuple(sorted(cage)), sum(b.value(c) for c in cage)))
    for line in (tuple(b.cell(1 + i, 3 + i) for i in range(7)),
                 tuple(b.cell(9 - i, 2 + i) for i in range(8)),
                 tuple(b.cell(4 + i, 9 - i) for i in range(6)),
                 (b.cell(9, 1),)):
        cons.append(LittleKiller(line, sum(b.value(c) for c in line)))
    return grid(b, cons, "." * 81)


def _sandwich(values: list[int]) -> int:
    i, j = sorted((values.index(1), values.index(9)))
    return sum(values[i + 1:j])


def outside_clues() -> Grid:
    b = Builder(Shape(3, 3), 25)
    n = b.n
    cons: list[Constraint] = []
    for c in range(1, n + 1, 2):  # sandwich sums above odd columns
        line = tuple(b.cell(r, c) for r in range(1, n + 1))
        cons.append(Sandwich(line, _sandwich([b.value(x) for x in line])))
    for r in (1, 3, 4, 6, 8):  # X-sums right of rows, read from the right
        line = tuple(b.cell(r, c) for c in range(n, 0, -1))
        values = [b.value(x) for x in line]
        cons.append(XSum(line, sum(values[:values[0]])))
    for r in (2, 5, 7, 9):  # skyscrapers left of rows
        line = tuple(b.cell(r, c) for c in range(1, n + 1))
        values = [b.value(x) for x in line]
        cons.append(Skyscraper(line, sum(1 for i, v in enumerate(values) if v > max(values[:i], default=0))))
    for c in (2, 4, 8):  # skyscrapers below columns, seen from the bottom
        line = tuple(b.cell(r, c) for r in range(n, 0, -1))
        values = [b.value(x) for x in line]
        cons.append(Skyscraper(line, sum(1 for i, v in enumerate(values) if v > max(values[:i], default=0))))
    return grid(b, cons, b.givens([b.cell(5, 5), b.cell(2, 8), b.cell(8, 2)]))


def mixed() -> Grid:
    b = Builder(Shape(3, 3), 26)
    n = b.n
    cons: list[Constraint] = []

    # A region-sum line through three boxes: each box's part adds up to the same.
    starts = list(range(n * n))
    b.random.shuffle(starts)
    for start in starts:
        box = lambda c: (c // n // 3) * 3 + c % n // 3  # noqa: E731
        line = b.path(start, 5, lambda vs, x: True, diagonal=False)
        if not line:
            continue
        segments: list[list[int]] = []
        for c in line:
            if segments and box(segments[-1][-1]) == box(c):
                segments[-1].append(c)
            else:
                segments.append([c])
        sums = {sum(b.value(c) for c in s) for s in segments}
        if len(segments) >= 2 and len(sums) == 1:
            cons.append(RegionSum(line))
            break
        b.used.difference_update(line)
    for length in (5, 4, 4):
        def between(vs: list[int], x: int, k: int = length) -> bool:
            low = vs[0] <= 5
            if len(vs) + 1 < k:  # a middle cell: on the far side of the first end
                return x > vs[0] if low else x < vs[0]
            middle = vs[1:]
            return x > max(middle) if low else x < min(middle)

        for line in b.lines(1, (length,), between, lambda v: v in (1, 2, 8, 9)):
            (r1, c1), (r2, c2) = divmod(line[0], n), divmod(line[-1], n)
            if max(abs(r1 - r2), abs(c1 - c2)) >= 2:
                cons.append(Between(line))
            else:
                b.used.difference_update(line)
    third: Callable[[int], int] = lambda v: (v - 1) // 3  # noqa: E731
    for line in b.lines(1, (6, 5), lambda vs, x: len({third(v) for v in [*vs[-2:], x]}) == len(vs[-2:]) + 1):
        cons.append(Entropic(line))
    for cell in range(n * n):
        if cell in b.used:
            continue
        near = [b.value(x) for x in b.neighbours(cell, diagonal=False)]
        if all(b.value(cell) < v for v in near) and sum(isinstance(c, Minimum) for c in cons) < 2:
            cons.append(Minimum(cell))
            b.used.add(cell)
        elif all(b.value(cell) > v for v in near) and sum(isinstance(c, Maximum) for c in cons) < 2:
            cons.append(Maximum(cell))
            b.used.add(cell)
    # A clone: two 2-cell groups holding the same digits.
    pairs = {(b.value(c), b.value(c + 1)): c for c in range(n * n - 1) if c % n < n - 1
             and c not in b.used and c + 1 not in b.used}
    for c in range(n * n - 1):
        other = pairs.get((b.value(c), b.value(c + 1)))
        free_pair = c not in b.used and c + 1 not in b.used
        if c % n < n - 1 and other is not None and abs(other - c) > n and free_pair:
            cons.append(Clone((c, c + 1), (other, other + 1)))
            b.used.update({c, c + 1, other, other + 1})
            break
    for corner in (b.cell(2, 2), b.cell(7, 6)):
        block = (corner, corner + 1, corner + n, corner + n + 1)
        cons.append(Quadruple(corner, tuple(sorted(b.value(c) for c in block))[:3 if corner > 40 else 2]))
    free = [c for c in range(n * n) if c not in b.used]
    for cell in b.random.sample(free, 8):
        cons.append(Odd(cell) if b.value(cell) % 2 else Even(cell))
        b.used.add(cell)
    return grid(b, cons, b.free_givens(5))


PUZZLES: dict[str, Callable[[], Grid]] = {
    "thermo-arrow": thermo_arrow,
    "kropki-xv": kropki_xv,
    "whispers-renban": whispers_renban,
    "killer-little-killer": killer_little_killer,
    "sandwich-xsum-skyscraper": outside_clues,
    "mixed": mixed,
}


def main() -> None:
    for name, make in PUZZLES.items():
        puzzle = make()
        path = HERE / f"constraints-{name}.png"
        path.write_bytes(svg.png(svg.grid(puzzle, size=480)))
        kinds = sorted({c.kind for c in puzzle.rules.constraints}) if puzzle.rules else []
        print(f"{path.name}: {path.stat().st_size // 1024} KB, {', '.join(kinds)}")


if __name__ == "__main__":
    main()
