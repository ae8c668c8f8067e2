"""Constraint kinds on cells and pairs of cells: parity, minimum/maximum, kropki dots, XV,
difference and ratio dots, their "all given" negatives, quadruples and clones (the table in
:mod:`sudokit.rules.kinds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from sudokit.rules.base import Constraint, digit_values, name_cells
from sudokit.rules.geometry import (
    neighbours,
    orthogonal_pairs,
)
from sudokit.rules.primitives import (
    PairTable,
    Primitive,
    SetRule,
)

__all__ = [
    "XV",
    "AllBlackDotsGiven",
    "AllDotsGiven",
    "AllOddEvenDotsGiven",
    "AllSumsGiven",
    "AllVGiven",
    "AllWhiteDotsGiven",
    "AllXGiven",
    "AllXVGiven",
    "Clone",
    "Difference",
    "Even",
    "KropkiBlack",
    "KropkiWhite",
    "Maximum",
    "Minimum",
    "Odd",
    "OddEvenDot",
    "Quadruple",
    "Ratio",
    "SumDot",
]


@dataclass(frozen=True)
class _Cell(Constraint):
    cell: int

    def cells(self) -> tuple[int, ...]:
        return (self.cell,)


@dataclass(frozen=True)
class _Parity(_Cell):
    #: The remainder mod 2 of the digits the cell may hold.
    remainder: ClassVar[int]

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        allowed = frozenset(d for d in digit_values(n, digits) if d % 2 == self.remainder)
        return [SetRule((self.cell,), ((allowed,),))]


@dataclass(frozen=True)
class Odd(_Parity):
    """The cell holds an odd digit."""

    kind = "odd"
    description = "the cell holds an odd digit"
    remainder = 1


@dataclass(frozen=True)
class Even(_Parity):
    """The cell holds an even digit."""

    kind = "even"
    description = "the cell holds an even digit"
    remainder = 0


@dataclass(frozen=True)
class _Extremum(_Cell):
    def test(self, x: int, y: int) -> bool:
        """True when the cell's digit ``x`` may stand beside a neighbour's ``y``."""
        raise NotImplementedError

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        return [PairTable.where(self.cell, o, ds, self.test) for o in neighbours(self.cell, n)]


@dataclass(frozen=True)
class Minimum(_Extremum):
    """The cell's digit is smaller than each orthogonal neighbour's."""

    kind = "minimum"
    aliases = ("min",)
    description = "smaller than each orthogonal neighbour"

    def test(self, x: int, y: int) -> bool:
        return x < y


@dataclass(frozen=True)
class Maximum(_Extremum):
    """The cell's digit is greater than each orthogonal neighbour's."""

    kind = "maximum"
    aliases = ("max",)
    description = "greater than each orthogonal neighbour"

    def test(self, x: int, y: int) -> bool:
        return x > y


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
        return [
            PairTable.where(a, b, ds, lambda x, y: not self.forbidden(x, y))
            for a, b in orthogonal_pairs(n)
            if (a, b) not in marked
        ]


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
class AllBlackDotsGiven(_Negative):
    """All black Kropki dots are given: side-by-side cells without a dot (``marked``: the pairs
    with a dot of either colour) are not in a 1:2 ratio."""

    kind = "noblack"
    aliases = ("allblackdotsgiven", "negativeblack")
    description = "no dot: not 1:2"

    def forbidden(self, x: int, y: int) -> bool:
        return x == 2 * y or y == 2 * x


@dataclass(frozen=True)
class AllWhiteDotsGiven(_Negative):
    """All white Kropki dots are given: side-by-side cells without a dot (``marked``: the pairs
    with a dot of either colour) are not consecutive."""

    kind = "nowhite"
    aliases = ("allwhitedotsgiven", "negativewhite")
    description = "no dot: not consecutive"

    def forbidden(self, x: int, y: int) -> bool:
        return abs(x - y) == 1


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
class AllVGiven(_Negative):
    """All V marks are given (no X is meant): side-by-side cells without a mark (``marked``) do
    not add up to 5."""

    kind = "nov"
    aliases = ("allvgiven", "negativev")
    description = "no V: the sum is not 5"

    def forbidden(self, x: int, y: int) -> bool:
        return x + y == 5


@dataclass(frozen=True)
class AllXGiven(_Negative):
    """All X marks are given (no V is meant): side-by-side cells without a mark (``marked``) do
    not add up to 10."""

    kind = "nox"
    aliases = ("allxgiven", "negativex")
    description = "no X: the sum is not 10"

    def forbidden(self, x: int, y: int) -> bool:
        return x + y == 10


def _totals_problem(totals: object) -> str | None:
    """Why ``totals`` is not a tuple of whole numbers (None: it is)."""
    ok = isinstance(totals, tuple) and all(isinstance(t, int) and not isinstance(t, bool) for t in totals)
    return None if ok else f"the totals {totals!r} are not whole numbers"


@dataclass(frozen=True)
class SumDot(_Pair):
    """A mark the text gives several sums (a green dot that is "either X or V"): the two digits add
    up to one of ``totals``."""

    totals: tuple[int, ...] = (5, 10)
    kind = "sumdot"
    description = "the two digits add up to one of the totals"

    def problem(self, n: int) -> str | None:
        return _totals_problem(self.totals) or super().problem(n)

    def test(self, x: int, y: int) -> bool:
        return x + y in self.totals


@dataclass(frozen=True)
class OddEvenDot(_Pair):
    """One digit odd and the other even; ``apart``: not consecutive either."""

    apart: bool = False
    kind = "oddevendot"
    description = "one odd and one even digit (apart: not consecutive either)"

    def test(self, x: int, y: int) -> bool:
        return (x + y) % 2 == 1 and not (self.apart and abs(x - y) == 1)


@dataclass(frozen=True)
class AllSumsGiven(_Negative):
    """Every mark for these sums is given: side-by-side cells without one (``marked``) add up to
    none of ``totals`` ("All blue squares are given", a blue square summing to 7)."""

    totals: tuple[int, ...] = ()
    kind = "nosums"
    aliases = ("allsumsgiven",)
    description = "no mark: the sum is none of the totals"

    def problem(self, n: int) -> str | None:
        return _totals_problem(self.totals) or super().problem(n)

    def forbidden(self, x: int, y: int) -> bool:
        return x + y in self.totals


@dataclass(frozen=True)
class AllOddEvenDotsGiven(_Negative):
    """Every odd-even dot is given: side-by-side cells without one (``marked``) are not one odd and
    one even digit (``apart``: not one odd, one even and not consecutive)."""

    apart: bool = False
    kind = "nooddevendot"
    aliases = ("alloddevendotsgiven",)
    description = "no dot: not one odd and one even digit (apart: unless consecutive)"

    def forbidden(self, x: int, y: int) -> bool:
        return (x + y) % 2 == 1 and not (self.apart and abs(x - y) == 1)


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
