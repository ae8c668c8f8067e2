"""Constraint kinds that count, follow a sequence or read numbers: Fibonacci lines, difference-count
lines, counting circles, mixed-parity triples in rows and columns, knight-thirds circles, index
lines, suns, numbers read from cages that add up to a total (the table in :mod:`sudokit.rules.kinds`).

Each one is exact and compiles to the existing primitives: a table of the line's sequences, one
small automaton per digit or difference (a count that must end at 0 or at the digit itself), and
digit-set rules for windows of three cells.

>>> sorted(Fibonacci((0, 1, 2)).compile(4)[0].allowed)
[(1, 2, 3), (1, 3, 4), (3, 2, 1), (4, 3, 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import ClassVar

from sudokit.rules.base import Constraint, digit_values
from sudokit.rules.geometry import KNIGHT_STEPS, moves, pairs_along
from sudokit.rules.lines import GroupConstraint, LineConstraint, thirds
from sudokit.rules.primitives import AllDifferent, PairTable, Primitive, SetRule, Sum, Table, automaton

__all__ = ["CageRange", "CountingCircles", "DifferenceCount", "Fibonacci", "IndexLine", "KnightThirds",
           "MixedParityTriples", "NumberSum", "ParityCount", "SmallerNeighbours"]


@dataclass(frozen=True)
class Fibonacci(LineConstraint):
    """Digits strictly increase from one end of the line to the other (either end), and each digit
    after the two lowest is the sum of the two before it."""

    kind = "fibonacci"
    aliases = ("fibonacciline",)
    description = "digits increase from one end, each after the lowest two the sum of the two before it"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = sorted(digit_values(n, digits))
        present, k = set(ds), len(self.line)
        rows: set[tuple[int, ...]] = set()
        for i, a in enumerate(ds):
            for b in ds[i + 1:]:
                run = [a, b]
                while len(run) < k and run[-1] + run[-2] in present and run[-1] + run[-2] > run[-1]:
                    run.append(run[-1] + run[-2])
                if len(run) == k:
                    rows.add(tuple(run))
                    rows.add(tuple(reversed(run)))
        return [Table(self.line, frozenset(rows))]


@dataclass(frozen=True)
class DifferenceCount(LineConstraint):
    """The difference of two neighbours on the line says exactly how many neighbouring pairs of
    the line have that difference (so neighbours never repeat: a difference of 0 would count
    itself)."""

    kind = "differencecount"
    aliases = ("differencescount", "countingdifferences")
    description = "each neighbours' difference is how many neighbouring pairs on the line have it"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        out: list[Primitive] = pairs_along(self.line, ds, lambda x, y: x != y)
        pairs = len(self.line) - 1
        for gap in sorted({abs(x - y) for x in ds for y in ds} - {0}):
            if gap > pairs:  # the line has fewer pairs than that: no pair may have the difference
                out.extend(pairs_along(self.line, ds, _apart_but(gap)))
            else:
                out.append(_count_automaton(self.line, ds, gap))
        return out


def _apart_but(gap: int) -> Callable[[int, int], bool]:
    """The test that two digits are not ``gap`` apart."""
    return lambda x, y: abs(x - y) != gap


def _count_automaton(line: tuple[int, ...], ds: Sequence[int], gap: int) -> Primitive:
    """The neighbouring pairs of ``line`` with difference ``gap`` number 0 or ``gap``."""

    def step(state: Hashable, d: int) -> list[Hashable]:
        assert isinstance(state, tuple)
        if state[0] == "start":
            return [(d, 0)]
        count = state[1] + (abs(d - state[0]) == gap)
        return [(d, count)] if count <= gap else []

    return automaton(line, ds, ("start",), step, lambda s: isinstance(s, tuple) and s[-1] in (0, gap))


@dataclass(frozen=True)
class CountingCircles(GroupConstraint):
    """A digit in a circle says exactly how many circles hold that digit."""

    kind = "countingcircles"
    aliases = ("counting-circles", "countingcircle")
    description = "a digit in a circle is how many circles hold that digit"
    twice = "a cell has two circles"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        out: list[Primitive] = []
        for digit in ds:
            out.append(_digit_count(self.group, ds, digit))
        return out


def _digit_count(cells: tuple[int, ...], ds: Sequence[int], digit: int) -> Primitive:
    """``digit`` appears in ``cells`` 0 or ``digit`` times."""

    def step(state: Hashable, d: int) -> list[Hashable]:
        assert isinstance(state, int)
        count = state + (d == digit)
        return [count] if count <= max(digit, 0) else []

    def accept(state: Hashable) -> bool:
        return state in (0, digit)

    return automaton(cells, ds, 0, step, accept)


@dataclass(frozen=True)
class MixedParityTriples(Constraint):
    """In every row and column, no ``length`` (3) cells in a row are all odd or all even."""

    length: int = 3
    kind = "mixedparity"
    aliases = ("paritytriples", "mixedparitytriples")
    description = "no three cells in a row of a row or column are all odd or all even"
    min_cells: ClassVar[int] = 0

    def rule_text(self) -> str:
        """The rule with its own length."""
        return f"no {self.length} cells in a row of a row or column are all odd or all even"

    def problem(self, n: int) -> str | None:
        if not 2 <= self.length <= n:
            return f"the length {self.length} is not 2 to {n}"
        return None

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = frozenset(digit_values(n, digits))
        odd, even = frozenset(d for d in ds if d % 2), frozenset(d for d in ds if not d % 2)
        option = (odd, even) + (ds,) * (self.length - 2)
        k = self.length
        out: list[Primitive] = []
        for i in range(n):
            for line in (tuple(i * n + j for j in range(n)), tuple(j * n + i for j in range(n))):
                out.extend(SetRule(line[s:s + k], (option,)) for s in range(n - k + 1))
        return out



@dataclass(frozen=True)
class KnightThirds(Constraint):
    """The cell's digit is in the same third of the digits (low 1-3, middle 4-6, high 7-9) as the
    digit of every cell a knight's move away."""

    cell: int
    kind = "knightthirds"
    aliases = ("entropicknight",)
    description = "the same third (low, middle, high) as every cell a knight's move away"

    def cells(self) -> tuple[int, ...]:
        return (self.cell,)

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        third = {d: i for i, group in enumerate(thirds(ds, 3)) for d in group}
        out: list[Primitive] = []
        for a, b in moves(n, KNIGHT_STEPS):
            if self.cell in (a, b):
                out.append(PairTable.where(a, b, ds, lambda x, y: third[x] == third[y]))
        return out


@dataclass(frozen=True)
class IndexLine(LineConstraint):
    """The digit in the Nth cell along the line (from its first cell) is the position along the
    line where the digit N appears: digit ``j`` in cell ``i`` if and only if digit ``i`` in cell
    ``j`` (positions from 1), so every digit on it is at most the line's length."""

    kind = "indexline"
    aliases = ("index-line", "index")
    description = "the digit in the Nth cell is the position along the line of the digit N"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        k = len(self.line)
        out: list[Primitive] = []
        for i in range(k):
            for j in range(i + 1, k):
                out.append(PairTable.where(self.line[i], self.line[j], ds, _indexing(i + 1, j + 1, k)))
        return out


def _indexing(i: int, j: int, length: int) -> Callable[[int, int], bool]:
    """The test for the digits of positions ``i`` and ``j``: each on the line, and one points at
    the other exactly when the other points back."""
    return lambda x, y: 1 <= x <= length and 1 <= y <= length and (x == j) == (y == i)


@dataclass(frozen=True)
class SmallerNeighbours(Constraint):
    """The cell's digit is how many of its surrounding cells (orthogonally or diagonally
    adjacent) hold a smaller digit (a sun in "Sunburn" puzzles)."""

    cell: int
    kind = "smallerneighbours"
    aliases = ("sunburn", "sun")
    description = "the digit is how many surrounding cells hold a smaller digit"

    def cells(self) -> tuple[int, ...]:
        return (self.cell,)

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        r, c = divmod(self.cell, n)
        around = tuple((r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                       if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n)

        def step(state: Hashable, d: int) -> list[Hashable]:
            assert isinstance(state, tuple)
            if not state:  # the sun's own digit first
                return [(d, 0)] if 0 <= d <= len(around) else []
            count = state[1] + (d < state[0])
            return [(state[0], count)] if count <= state[0] else []

        def accept(state: Hashable) -> bool:
            return isinstance(state, tuple) and len(state) == 2 and state[0] == state[1]

        return [automaton((self.cell, *around), ds, (), step, accept)]


@dataclass(frozen=True)
class NumberSum(Constraint):
    """The numbers read from the groups of cells (each group's digits in order, the first the most
    significant, as a cage read top to bottom or left to right) add up to ``total``."""

    segments: tuple[tuple[int, ...], ...]
    total: int = 0
    kind = "numbersum"
    aliases = ("number-sum", "romannumeral")
    description = "the numbers the groups spell add up to the total"
    min_cells: ClassVar[int] = 2

    def cells(self) -> tuple[int, ...]:
        return tuple(c for s in self.segments for c in s)

    def problem(self, n: int) -> str | None:
        if any(not s for s in self.segments):
            return "a group without cells"
        if len(set(self.cells())) != len(self.cells()):
            return "a cell appears twice"
        return super().problem(n)

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        weights = tuple(10 ** (len(s) - 1 - i) for s in self.segments for i in range(len(s)))
        return [Sum(self.cells(), self.total, weights)]


@dataclass(frozen=True)
class CageRange(GroupConstraint):
    """Different digits whose sum lies between ``low`` and ``high`` (a killer cage whose clue is a
    bound or a number of digits: "<?", "??")."""

    low: int = 0
    high: int = 0
    kind = "cagerange"
    aliases = ("killerrange", "cage-range")
    description = "different digits whose sum lies between the two bounds"

    def rule_text(self) -> str:
        """The rule with its own bounds."""
        return f"different digits adding up to {self.low} to {self.high}"

    def problem(self, n: int) -> str | None:
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (self.low, self.high)):
            return f"the bounds {self.low!r}, {self.high!r} are not whole numbers"
        if not isinstance(self.group, tuple):
            return self.twice
        return super().problem(n)

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        low, high = self.low, self.high
        most = max(0, max(ds)) * len(self.group)

        def step(state: Hashable, d: int) -> list[Hashable]:
            assert isinstance(state, int)
            total = state + d
            return [total] if total <= min(high, most) or min(ds) < 0 else []

        def accept(state: Hashable) -> bool:
            return isinstance(state, int) and low <= state <= high

        if len(self.group) <= 4:  # few cells: the table of every filling, stronger than the two parts
            rows = frozenset(t for t in permutations(ds, len(self.group)) if low <= sum(t) <= high)
            return [AllDifferent(self.group), Table(self.group, rows)]
        return [AllDifferent(self.group), automaton(self.group, ds, 0, step, accept)]


@dataclass(frozen=True)
class ParityCount(Constraint):
    """The cell's digit is how many of the ``group`` cells (those in the directions of the arrows on
    it) hold a digit of the same parity as its own."""

    cell: int
    group: tuple[int, ...] = ()
    kind = "paritycount"
    aliases = ("parityvision",)
    description = "the digit is how many seen cells hold a digit of its parity"

    def cells(self) -> tuple[int, ...]:
        return (self.cell, *self.group)

    def problem(self, n: int) -> str | None:
        if not self.group or len(set(self.cells())) != len(self.cells()):
            return "needs different cells to see, none of them its own"
        return super().problem(n)

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        most = len(self.group)

        def step(state: Hashable, d: int) -> list[Hashable]:
            assert isinstance(state, tuple)
            if not state:  # the cell's own digit first
                return [(d, 0)] if 0 <= d <= most else []
            count = state[1] + ((d - state[0]) % 2 == 0)
            return [(state[0], count)] if count <= state[0] else []

        def accept(state: Hashable) -> bool:
            return isinstance(state, tuple) and len(state) == 2 and state[0] == state[1]

        return [automaton(self.cells(), ds, (), step, accept)]
