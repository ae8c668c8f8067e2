"""The constraint kinds people publish, as data, each compiled to a few primitives.

Cells are indexes ``row * N + col`` (0-based); a line is a tuple of cells in order. Digits are
the rules' digit set (``1 … N`` unless :attr:`sudokit.rules.Rules.digits` says otherwise).

===================  =====================================================  =========================
kind                 rule                                                   compiles to
===================  =====================================================  =========================
``thermo``           digits increase from the bulb (the first cell)          Ordered(strict)
``slowthermo``       digits never decrease from the bulb                     Ordered
``arrow``            the circle (1 cell, or a pill read as a number) equals  Sum (weights 10ᵏ…, -1…)
                     the sum of the arrow's cells (repeats allowed)
``cage``             different digits adding up to the total (if given)      AllDifferent + Sum
``littlekiller``     the diagonal's digits add up to the total               Sum
``sandwich``         digits between the smallest and largest digit add up    Automaton
``xsum``             the first X digits add up to the clue, X the first      Automaton
``skyscraper``       that many digits seen from the clue (taller hide lower) Automaton
``white``            the two digits are consecutive                          PairTable
``black``            one digit is twice the other                            PairTable
``nokropki``         no dot: neither consecutive nor 1:2 (all dots given)    PairTable per pair
``xv``               the two digits add up to 10 (X) or 5 (V)                PairTable
``noxv``             no X or V: the sum is neither 5 nor 10 (all given)      PairTable per pair
``germanwhisper``    neighbours on the line differ by at least ``gap`` (5)   PairTable
``dutchwhisper``     neighbours on the line differ by at least 4             PairTable
``renban``           different digits forming a run, in any order            AllDifferent + SetRule
``palindrome``       the line reads the same both ways                       PairTable (equal)
``between``          cells strictly between the two ends' digits             Table (end, cell, end)
``regionsum``        each box's segment of the line has the same sum         Sum (segment differences)
``equalsum``         the given segments have the same sum                    Sum (segment differences)
``entropic``         every 3 consecutive: one low, one middle, one high      SetRule per window
``modular``          every 3 consecutive: different residues mod 3           SetRule per window
``zipper``           cells equidistant from the centre add up to the centre  Sum per pair
``odd`` / ``even``   the cell's digit is odd / even                          SetRule
``minimum``          smaller than each orthogonal neighbour                  PairTable per neighbour
``maximum``          greater than each orthogonal neighbour                  PairTable per neighbour
``quadruple``        the digits appear in the 2×2 at a corner                SetRule
``clone``            two same-shaped groups hold the same digits             PairTable (equal)
``extraregion``      the cells differ                                        AllDifferent
``diagonal``         a long diagonal holds different digits                  AllDifferent
``antiknight``       cells a knight's move apart differ                      PairTable per pair
``antiking``         cells a king's move apart differ                        PairTable per pair
``nonconsecutive``   orthogonal neighbours are not consecutive               PairTable per pair
``disjointgroups``   cells at the same place in each box differ              AllDifferent
``difference``       the two digits differ by ``value``                      PairTable
``ratio``            one digit is ``value`` times the other                  PairTable
===================  =====================================================  =========================

>>> Thermometer((0, 1, 2)).compile(4)
[Ordered(cells=(0, 1, 2), strict=True)]
>>> Thermometer((0, 1, 2)).broken([3, 2, 0, 0] + [0] * 12)
['thermo at r1c1, r1c2, r1c3: r1c2=2 does not fit the order of the cells before it']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from typing import ClassVar

from sudokit.rules.base import Constraint, digit_values, name_cells
from sudokit.rules.primitives import (
    AllDifferent,
    Ordered,
    PairTable,
    Primitive,
    SetRule,
    Sum,
    Table,
    automaton,
)
from sudokit.shape import Shape, shape_for_size

__all__ = [
    "XV",
    "AllDotsGiven",
    "AllXVGiven",
    "AntiKing",
    "AntiKnight",
    "Arrow",
    "Between",
    "Clone",
    "Diagonal",
    "Difference",
    "DisjointGroups",
    "DutchWhisper",
    "Entropic",
    "EqualSum",
    "Even",
    "ExtraRegion",
    "GermanWhisper",
    "KillerCage",
    "KropkiBlack",
    "KropkiWhite",
    "LittleKiller",
    "Maximum",
    "Minimum",
    "Modular",
    "NonConsecutive",
    "Odd",
    "Palindrome",
    "Quadruple",
    "Ratio",
    "RegionSum",
    "Renban",
    "Sandwich",
    "Skyscraper",
    "SlowThermometer",
    "Thermometer",
    "XSum",
    "ZipperLine",
    "orthogonal_pairs",
]


def orthogonal_pairs(n: int) -> list[tuple[int, int]]:
    """Every pair of side-by-side cells of an N×N grid, ``(low, high)``."""
    out = []
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                out.append((r * n + c, r * n + c + 1))
            if r + 1 < n:
                out.append((r * n + c, (r + 1) * n + c))
    return out


def _neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def _pairs_along(
    line: Sequence[int], digits: Sequence[int], test: Callable[[int, int], bool]
) -> list[Primitive]:
    return [PairTable.where(a, b, digits, test) for a, b in pairwise(line)]


def _moves(n: int, steps: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    out = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in steps:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    a, b = r * n + c, rr * n + cc
                    out.add((min(a, b), max(a, b)))
    return sorted(out)


def _differ(pairs: Iterable[tuple[int, int]], digits: Sequence[int]) -> list[Primitive]:
    return [PairTable.where(a, b, digits, lambda x, y: x != y) for a, b in pairs]


def _box_map(n: int, boxes: Sequence[int] | None) -> Sequence[int]:
    if boxes is not None:
        return boxes
    shape = shape_for_size(n)
    return [shape.box_of(c) for c in range(n * n)]


def _equal_sums(segments: Sequence[Sequence[int]]) -> list[Primitive]:
    """Consecutive segments have equal sums: ``Σ seg_k - Σ seg_k+1 == 0`` for each k."""
    out: list[Primitive] = []
    for first, second in pairwise(segments):
        shared = set(first) & set(second)
        a = [c for c in first if c not in shared]
        b = [c for c in second if c not in shared]
        out.append(Sum(tuple(a + b), 0, (1,) * len(a) + (-1,) * len(b)))
    return out


# -- lines ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Line(Constraint):
    """A constraint along one line of cells."""

    line: tuple[int, ...]
    min_cells: ClassVar[int] = 2

    def cells(self) -> tuple[int, ...]:
        return self.line

    def problem(self, n: int) -> str | None:
        if len(set(self.line)) != len(self.line):
            return "a cell appears twice on the line"
        return super().problem(n)


@dataclass(frozen=True)
class Thermometer(_Line):
    """Digits strictly increase from the bulb (the first cell)."""

    kind = "thermo"
    aliases = ("thermometer",)
    description = "digits increase along the line from the bulb"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return [Ordered(self.line, strict=True)]


@dataclass(frozen=True)
class SlowThermometer(_Line):
    """Digits never decrease from the bulb."""

    kind = "slowthermo"
    aliases = ("slowthermometer", "slow-thermo")
    description = "digits never decrease along the line from the bulb"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return [Ordered(self.line, strict=False)]


@dataclass(frozen=True)
class Arrow(Constraint):
    """The circle's digits read as a number (one cell, or a pill of two or more) equal the sum of
    the arrow's digits; digits may repeat on the arrow unless a region forbids it."""

    circle: tuple[int, ...]
    line: tuple[int, ...]
    kind = "arrow"
    description = "the circle (a pill reads as a number) is the sum of the arrow"
    min_cells = 2

    def cells(self) -> tuple[int, ...]:
        return self.circle + self.line

    def problem(self, n: int) -> str | None:
        if not self.circle or not self.line:
            return "needs a circle and an arrow"
        if len(set(self.cells())) != len(self.cells()):
            return "a cell appears twice"
        return super().problem(n)

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        k = len(self.circle)
        weights = tuple(10 ** (k - 1 - i) for i in range(k)) + (-1,) * len(self.line)
        return [Sum(self.cells(), 0, weights)]


@dataclass(frozen=True)
class KillerCage(Constraint):
    """Different digits adding up to ``total`` (None: no total given)."""

    group: tuple[int, ...]
    total: int | None = None
    kind = "cage"
    aliases = ("killercage", "killer")
    description = "different digits adding up to the total"

    def cells(self) -> tuple[int, ...]:
        return self.group

    def problem(self, n: int) -> str | None:
        if len(set(self.group)) != len(self.group):
            return "a cell appears twice in the cage"
        return super().problem(n)

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        out: list[Primitive] = [AllDifferent(self.group)]
        if self.total is not None:
            out.append(Sum(self.group, self.total, distinct=True))
        return out


@dataclass(frozen=True)
class LittleKiller(_Line):
    """The digits on the diagonal add up to ``total`` (repeats allowed)."""

    total: int = 0
    kind = "littlekiller"
    aliases = ("little-killer",)
    description = "the diagonal's digits add up to the total"
    min_cells = 1

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return [Sum(self.line, self.total)]


@dataclass(frozen=True)
class Sandwich(_Line):
    """The digits between the smallest and the largest digit of the row or column (``line``, the
    whole row or column) add up to ``total``."""

    total: int = 0
    kind = "sandwich"
    description = "digits between the smallest and largest digit add up to the clue"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        low, high, total = min(ds), max(ds), self.total

        # states: ("out",) before either end; ("in", closer, sum); ("done",)
        def step(state: Hashable, d: int) -> list[Hashable]:
            assert isinstance(state, tuple)
            if state[0] == "out":
                if d in (low, high):
                    return [("in", high if d == low else low, 0)]
                return [state]
            if state[0] == "in":
                if d == state[1]:
                    return [("done",)] if state[2] == total else []
                if d in (low, high):
                    return []
                s = state[2] + d
                return [("in", state[1], s)] if s <= total or low < 0 else []
            return [] if d in (low, high) else [state]

        return [automaton(self.line, ds, ("out",), step, lambda s: s == ("done",))]


@dataclass(frozen=True)
class XSum(_Line):
    """Read from the clue's end (``line[0]``): the first X digits add up to ``total``, X being the
    first digit."""

    total: int = 0
    kind = "xsum"
    aliases = ("x-sum", "xsums")
    description = "the first X digits from the clue add up to it, X the first digit"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        total, length = self.total, len(self.line)

        # states: ("start",); (left to read, sum so far); ("done",)
        def step(state: Hashable, d: int) -> list[Hashable]:
            assert isinstance(state, tuple)
            if state[0] == "start":
                if not 0 <= d <= length:
                    return []
                left, s = d - 1, d
            elif state[0] == "done":
                return [state]
            else:
                left, s = state[0] - 1, state[1] + d
            if left <= 0:
                return [("done",)] if s == total else []
            return [(left, s)] if s <= total or min(ds) < 0 else []

        return [automaton(self.line, ds, ("start",), step, lambda s: s == ("done",))]


@dataclass(frozen=True)
class Skyscraper(_Line):
    """Seen from the clue's end (``line[0]``), ``count`` digits are visible: a digit hides every
    smaller digit behind it."""

    count: int = 0
    kind = "skyscraper"
    aliases = ("skyscrapers",)
    description = "that many digits are seen from the clue, taller ones hiding lower ones"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        count = self.count

        def step(state: Hashable, d: int) -> list[Hashable]:
            assert isinstance(state, tuple)
            tallest, seen = state
            if tallest is None or d > tallest:
                return [(d, seen + 1)] if seen + 1 <= count else []
            return [state]

        return [automaton(self.line, ds, (None, 0), step, lambda s: isinstance(s, tuple) and s[1] == count)]


@dataclass(frozen=True)
class _Whisper(_Line):
    gap: int = 5

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        gap = self.gap
        return _pairs_along(self.line, digit_values(n, digits), lambda x, y: abs(x - y) >= gap)


@dataclass(frozen=True)
class GermanWhisper(_Whisper):
    """Neighbours on the line differ by at least ``gap`` (5, as on 9×9)."""

    kind = "germanwhisper"
    aliases = ("german-whisper", "whisper")
    description = "neighbours on the line differ by at least gap (5)"


@dataclass(frozen=True)
class DutchWhisper(_Whisper):
    """Neighbours on the line differ by at least ``gap`` (4)."""

    gap: int = 4
    kind = "dutchwhisper"
    aliases = ("dutch-whisper",)
    description = "neighbours on the line differ by at least gap (4)"


@dataclass(frozen=True)
class Renban(_Line):
    """Different digits forming a set of consecutive digits, in any order."""

    kind = "renban"
    description = "different digits forming a run of consecutive digits, in any order"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = sorted(digit_values(n, digits))
        k = len(self.line)
        options = tuple(
            tuple(frozenset({d}) for d in ds[i:i + k])
            for i in range(len(ds) - k + 1)
            if ds[i + k - 1] - ds[i] == k - 1
        )
        return [AllDifferent(self.line), SetRule(self.line, options)]


@dataclass(frozen=True)
class Palindrome(_Line):
    """The line reads the same both ways."""

    kind = "palindrome"
    description = "the line reads the same both ways"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        k = len(self.line)
        return [PairTable.where(self.line[i], self.line[k - 1 - i], ds, lambda x, y: x == y)
                for i in range(k // 2)]


@dataclass(frozen=True)
class Between(_Line):
    """The cells strictly inside the line hold digits strictly between the two ends' digits."""

    kind = "between"
    aliases = ("betweenline",)
    description = "digits on the line lie strictly between the two end circles"
    min_cells = 3

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        a, b = self.line[0], self.line[-1]
        allowed = frozenset((x, m, y) for x in ds for m in ds for y in ds if min(x, y) < m < max(x, y))
        return [Table((a, m, b), allowed) for m in self.line[1:-1]]


@dataclass(frozen=True)
class RegionSum(_Line):
    """Each box's segment of the line has the same sum (``boxes``: a region number per cell;
    None: the usual boxes of the grid size)."""

    boxes: tuple[int, ...] | None = None
    kind = "regionsum"
    aliases = ("region-sum", "regionsumline")
    description = "each box's segment of the line has the same sum"

    def segments(self, n: int) -> list[tuple[int, ...]]:
        """The line cut where it crosses into another box."""
        box = _box_map(n, self.boxes)
        out: list[list[int]] = []
        for c in self.line:
            if out and box[out[-1][-1]] == box[c]:
                out[-1].append(c)
            else:
                out.append([c])
        return [tuple(s) for s in out]

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return _equal_sums(self.segments(n))


@dataclass(frozen=True)
class EqualSum(Constraint):
    """The given segments (cell groups) have the same sum."""

    segments: tuple[tuple[int, ...], ...]
    kind = "equalsum"
    aliases = ("equal-sum",)
    description = "the given segments have the same sum"
    min_cells = 2

    def cells(self) -> tuple[int, ...]:
        return tuple(c for s in self.segments for c in s)

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return _equal_sums(self.segments)


def _thirds(ds: Sequence[int], parts: int) -> list[frozenset[int]]:
    """The digit set cut in ``parts`` near-equal runs, low to high."""
    ordered = sorted(ds)
    cuts = [round(i * len(ordered) / parts) for i in range(parts + 1)]
    return [frozenset(ordered[cuts[i]:cuts[i + 1]]) for i in range(parts) if cuts[i] < cuts[i + 1]]


@dataclass(frozen=True)
class Entropic(_Line):
    """Every 3 consecutive cells hold one low (1-3), one middle (4-6) and one high (7-9) digit
    (the digit set cut in thirds)."""

    kind = "entropic"
    description = "every 3 consecutive cells: one low, one middle, one high digit"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        groups = tuple(_thirds(digit_values(n, digits), 3))
        if len(groups) < 3:
            return [SetRule(self.line, ())]
        k = len(self.line)
        if k < 3:
            return [_distinct_groups(self.line, groups)]
        return [SetRule(self.line[i:i + 3], (groups,)) for i in range(k - 2)]


def _distinct_groups(cells: tuple[int, ...], groups: Sequence[frozenset[int]]) -> SetRule:
    """Fewer cells than groups: each cell takes a different group."""
    options = tuple(
        tuple(groups[i] for i in choice)
        for choice in combinations(range(len(groups)), len(cells))
    )
    return SetRule(cells, options)


@dataclass(frozen=True)
class Modular(_Line):
    """Every ``modulus`` consecutive cells hold digits of different residues modulo ``modulus``."""

    modulus: int = 3
    kind = "modular"
    aliases = ("modularline", "modular-line")
    description = "every 3 consecutive cells: different residues mod 3"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        m = self.modulus
        groups = [frozenset(d for d in ds if d % m == r) for r in range(m)]
        groups = [g for g in groups if g]
        k = len(self.line)
        if k < m:
            return [_distinct_groups(self.line, groups)]
        return [SetRule(self.line[i:i + m], (tuple(groups),)) for i in range(k - m + 1)]


@dataclass(frozen=True)
class ZipperLine(_Line):
    """Cells at the same distance from the line's centre add up to the centre's digit (odd
    length), or all to the same sum (even length)."""

    kind = "zipper"
    aliases = ("zipperline", "zipper-line")
    description = "cells equidistant from the centre add up to the centre digit"
    min_cells = 3

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        line, k = self.line, len(self.line)
        pairs = [(line[i], line[k - 1 - i]) for i in range(k // 2)]
        if k % 2:
            centre = line[k // 2]
            return [Sum((a, b, centre), 0, (1, 1, -1)) for a, b in pairs]
        return _equal_sums(pairs)


# -- cells and pairs --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Cell(Constraint):
    cell: int

    def cells(self) -> tuple[int, ...]:
        return (self.cell,)


@dataclass(frozen=True)
class Odd(_Cell):
    """The cell holds an odd digit."""

    kind = "odd"
    description = "the cell holds an odd digit"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return [SetRule((self.cell,), ((frozenset(d for d in digit_values(n, digits) if d % 2),),))]


@dataclass(frozen=True)
class Even(_Cell):
    """The cell holds an even digit."""

    kind = "even"
    description = "the cell holds an even digit"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return [SetRule((self.cell,), ((frozenset(d for d in digit_values(n, digits) if not d % 2),),))]


@dataclass(frozen=True)
class Minimum(_Cell):
    """The cell's digit is smaller than each orthogonal neighbour's."""

    kind = "minimum"
    aliases = ("min",)
    description = "smaller than each orthogonal neighbour"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        return [PairTable.where(self.cell, o, ds, lambda x, y: x < y) for o in _neighbours(self.cell, n)]


@dataclass(frozen=True)
class Maximum(_Cell):
    """The cell's digit is greater than each orthogonal neighbour's."""

    kind = "maximum"
    aliases = ("max",)
    description = "greater than each orthogonal neighbour"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        return [PairTable.where(self.cell, o, ds, lambda x, y: x > y) for o in _neighbours(self.cell, n)]


@dataclass(frozen=True)
class _Pair(Constraint):
    a: int
    b: int

    def cells(self) -> tuple[int, ...]:
        return (self.a, self.b)

    def problem(self, n: int) -> str | None:
        if self.a == self.b:
            return "joins a cell to itself"
        return super().problem(n)

    def test(self, x: int, y: int) -> bool:
        raise NotImplementedError

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return [PairTable.where(self.a, self.b, digit_values(n, digits), self.test)]


@dataclass(frozen=True)
class KropkiWhite(_Pair):
    """A white dot: the two digits are consecutive."""

    kind = "white"
    aliases = ("kropkiwhite", "whitedot")
    description = "a white dot: consecutive digits"

    def test(self, x: int, y: int) -> bool:
        return abs(x - y) == 1


@dataclass(frozen=True)
class KropkiBlack(_Pair):
    """A black dot: one digit is twice the other."""

    kind = "black"
    aliases = ("kropkiblack", "blackdot")
    description = "a black dot: one digit twice the other"

    def test(self, x: int, y: int) -> bool:
        return x == 2 * y or y == 2 * x


@dataclass(frozen=True)
class Difference(_Pair):
    """The two digits differ by ``value``."""

    value: int = 1
    kind = "difference"
    description = "the digits differ by the value"

    def test(self, x: int, y: int) -> bool:
        return abs(x - y) == self.value


@dataclass(frozen=True)
class Ratio(_Pair):
    """One digit is ``value`` times the other."""

    value: int = 2
    kind = "ratio"
    description = "one digit is the value times the other"

    def test(self, x: int, y: int) -> bool:
        return x == self.value * y or y == self.value * x


@dataclass(frozen=True)
class XV(_Pair):
    """An X (``total`` 10) or a V (``total`` 5): the two digits add up to it."""

    total: int = 10
    kind = "xv"
    description = "X: the digits add up to 10; V: to 5"

    def test(self, x: int, y: int) -> bool:
        return x + y == self.total


@dataclass(frozen=True)
class _Negative(Constraint):
    """Every orthogonal pair not in ``marked`` keeps away from the marks' relations."""

    marked: tuple[tuple[int, int], ...] = ()
    min_cells: ClassVar[int] = 0

    def cells(self) -> tuple[int, ...]:
        return tuple(sorted({c for p in self.marked for c in p}))

    def where(self, n: int) -> str:
        return self.kind

    def forbidden(self, x: int, y: int) -> bool:
        raise NotImplementedError

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        marked = {(min(a, b), max(a, b)) for a, b in self.marked}
        return [PairTable.where(a, b, ds, lambda x, y: not self.forbidden(x, y))
                for a, b in orthogonal_pairs(n) if (a, b) not in marked]


@dataclass(frozen=True)
class AllDotsGiven(_Negative):
    """All Kropki dots are given: side-by-side cells without a dot (``marked``: the pairs with
    one) are neither consecutive nor in a 1:2 ratio."""

    kind = "nokropki"
    aliases = ("alldotsgiven", "negativekropki")
    description = "no dot: neither consecutive nor 1:2"

    def forbidden(self, x: int, y: int) -> bool:
        return abs(x - y) == 1 or x == 2 * y or y == 2 * x


@dataclass(frozen=True)
class AllXVGiven(_Negative):
    """All X and V marks are given: side-by-side cells without one (``marked``) add up to
    neither 5 nor 10."""

    kind = "noxv"
    aliases = ("allxvgiven", "negativexv")
    description = "no X or V: the sum is neither 5 nor 10"

    def forbidden(self, x: int, y: int) -> bool:
        return x + y in (5, 10)


@dataclass(frozen=True)
class Quadruple(Constraint):
    """The digits appear in the 2×2 cells whose top-left cell is ``corner`` (a digit listed twice
    appears twice)."""

    corner: int
    values: tuple[int, ...]
    kind = "quadruple"
    aliases = ("quad",)
    description = "the digits appear in the 2×2 at the corner"

    def block(self, n: int) -> tuple[int, ...]:
        """The four cells."""
        c = self.corner
        return (c, c + 1, c + n, c + n + 1)

    def cells(self) -> tuple[int, ...]:
        return (self.corner,)

    def where(self, n: int) -> str:
        return f"quadruple at {name_cells(self.block(n), n)}"

    def problem(self, n: int) -> str | None:
        r, c = divmod(self.corner, n) if isinstance(self.corner, int) else (-1, -1)
        if not (0 <= r < n - 1 and 0 <= c < n - 1):
            return f"corner {self.corner!r} has no 2×2 block in the {n}×{n} grid"
        if not 1 <= len(self.values) <= 4:
            return "needs 1 to 4 digits"
        return None

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = frozenset(digit_values(n, digits))
        slots = tuple(frozenset({d}) for d in self.values) + (ds,) * (4 - len(self.values))
        return [SetRule(self.block(n), (slots,))]


@dataclass(frozen=True)
class Clone(Constraint):
    """Two same-shaped cell groups hold the same digits, cell for cell."""

    first: tuple[int, ...]
    second: tuple[int, ...]
    kind = "clone"
    description = "two same-shaped groups hold the same digits"

    def cells(self) -> tuple[int, ...]:
        return self.first + self.second

    def problem(self, n: int) -> str | None:
        if len(self.first) != len(self.second):
            return "the two groups differ in size"
        if set(self.first) & set(self.second):
            return "the two groups overlap"
        return super().problem(n)

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        pairs = zip(self.first, self.second, strict=True)
        return [PairTable.where(a, b, ds, lambda x, y: x == y) for a, b in pairs]


# -- the classic variants as constraints ------------------------------------------------------------


@dataclass(frozen=True)
class ExtraRegion(Constraint):
    """Extra cells that hold different digits."""

    group: tuple[int, ...]
    kind = "extraregion"
    aliases = ("extra-region", "region")
    description = "the cells hold different digits"

    def cells(self) -> tuple[int, ...]:
        return self.group

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return [AllDifferent(self.group)]


@dataclass(frozen=True)
class Diagonal(Constraint):
    """A long diagonal (``direction`` ``"down"`` ↘ from r1c1, ``"up"`` ↗ from the bottom left)
    holds different digits."""

    direction: str = "down"
    kind = "diagonal"
    min_cells = 0
    description = "a long diagonal holds different digits"

    def line(self, n: int) -> tuple[int, ...]:
        """The diagonal's cells."""
        if self.direction == "down":
            return tuple(i * n + i for i in range(n))
        return tuple((n - 1 - i) * n + i for i in range(n))

    def where(self, n: int) -> str:
        return f"diagonal {'↘' if self.direction == 'down' else '↗'}"

    def problem(self, n: int) -> str | None:
        return None if self.direction in ("down", "up") else "direction must be 'down' or 'up'"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return [AllDifferent(self.line(n))]


@dataclass(frozen=True)
class AntiKnight(Constraint):
    """Cells a knight's move apart hold different digits."""

    kind = "antiknight"
    min_cells = 0
    description = "cells a knight's move apart differ"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return _differ(_moves(n, ((1, 2), (2, 1), (1, -2), (2, -1))), digit_values(n, digits))


@dataclass(frozen=True)
class AntiKing(Constraint):
    """Cells a king's move apart (diagonally touching) hold different digits."""

    kind = "antiking"
    min_cells = 0
    description = "cells a king's move apart differ"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return _differ(_moves(n, ((1, 1), (1, -1))), digit_values(n, digits))


@dataclass(frozen=True)
class NonConsecutive(Constraint):
    """Side-by-side cells never hold consecutive digits."""

    kind = "nonconsecutive"
    min_cells = 0
    description = "side-by-side cells are not consecutive"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        return [PairTable.where(a, b, ds, lambda x, y: abs(x - y) != 1) for a, b in orthogonal_pairs(n)]


@dataclass(frozen=True)
class DisjointGroups(Constraint):
    """Cells at the same place in each box hold different digits (``box``: rows and columns of a
    box; None: the usual boxes of the grid size)."""

    box: tuple[int, int] | None = None
    kind = "disjointgroups"
    min_cells = 0
    aliases = ("disjoint",)
    description = "cells at the same place in each box differ"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        shape = Shape(*self.box) if self.box is not None else shape_for_size(n)
        groups: dict[int, list[int]] = {}
        for box in shape.boxes:
            for place, c in enumerate(box):
                groups.setdefault(place, []).append(c)
        return [AllDifferent(tuple(g)) for g in groups.values()]
