"""Constraint kinds drawn as lines: thermometers, arrows, cages, little killers, outside clues
(sandwich, X-sum, skyscraper), whispers, renban, palindromes, between, region-sum and equal-sum
lines, entropic and modular lines, zippers (the table in :mod:`sudokit.rules.kinds`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from sudokit.rules.base import Constraint, digit_values
from sudokit.rules.geometry import (
    box_map,
    equal_sums,
    pairs_along,
)
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

__all__ = [
    "Arrow",
    "Between",
    "DutchWhisper",
    "Entropic",
    "EqualSum",
    "GermanWhisper",
    "KillerCage",
    "LittleKiller",
    "Modular",
    "Palindrome",
    "RegionSum",
    "Renban",
    "Sandwich",
    "Skyscraper",
    "SlowThermometer",
    "Thermometer",
    "XSum",
    "ZipperLine",
]


@dataclass(frozen=True)
class LineConstraint(Constraint):
    """A constraint along one line of cells, no cell twice (the base of every line kind)."""

    line: tuple[int, ...]
    min_cells: ClassVar[int] = 2

    def cells(self) -> tuple[int, ...]:
        return self.line

    def problem(self, n: int) -> str | None:
        if len(set(self.line)) != len(self.line):
            return "a cell appears twice on the line"
        return super().problem(n)


@dataclass(frozen=True)
class GroupConstraint(Constraint):
    """A constraint on a group of cells in no order, no cell twice (the base of cages and circles)."""

    group: tuple[int, ...]
    #: The problem a repeated cell is.
    twice: ClassVar[str] = "a cell appears twice in the cage"

    def cells(self) -> tuple[int, ...]:
        return self.group

    def problem(self, n: int) -> str | None:
        if len(set(self.group)) != len(self.group):
            return self.twice
        return super().problem(n)


@dataclass(frozen=True)
class Thermometer(LineConstraint):
    """Digits strictly increase from the bulb (the first cell)."""

    kind = "thermo"
    aliases = ("thermometer",)
    description = "digits increase along the line from the bulb"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return [Ordered(self.line, strict=True)]


@dataclass(frozen=True)
class SlowThermometer(LineConstraint):
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
class KillerCage(GroupConstraint):
    """Different digits adding up to ``total`` (None: no total given)."""

    total: int | None = None
    kind = "cage"
    aliases = ("killercage", "killer")
    description = "different digits adding up to the total"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        out: list[Primitive] = [AllDifferent(self.group)]
        if self.total is not None:
            out.append(Sum(self.group, self.total, distinct=True))
        return out


@dataclass(frozen=True)
class LittleKiller(LineConstraint):
    """The digits on the diagonal add up to ``total`` (repeats allowed)."""

    total: int = 0
    kind = "littlekiller"
    aliases = ("little-killer",)
    description = "the diagonal's digits add up to the total"
    min_cells = 1

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return [Sum(self.line, self.total)]


@dataclass(frozen=True)
class Sandwich(LineConstraint):
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
class XSum(LineConstraint):
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
class Skyscraper(LineConstraint):
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
class _Whisper(LineConstraint):
    gap: int = 5

    def rule_text(self) -> str:
        """The rule with this line's own gap (a 6×6 whisper's is 3, not the 9×9 default 5)."""
        return f"neighbours on the line differ by at least {self.gap}"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        gap = self.gap
        return pairs_along(self.line, digit_values(n, digits), lambda x, y: abs(x - y) >= gap)


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
class Renban(LineConstraint):
    """Different digits forming a set of consecutive digits, in any order."""

    kind = "renban"
    description = "different digits forming a run of consecutive digits, in any order"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = sorted(digit_values(n, digits))
        k = len(self.line)
        options = tuple(
            tuple(frozenset({d}) for d in ds[i : i + k])
            for i in range(len(ds) - k + 1)
            if ds[i + k - 1] - ds[i] == k - 1
        )
        return [AllDifferent(self.line), SetRule(self.line, options)]


@dataclass(frozen=True)
class Palindrome(LineConstraint):
    """The line reads the same both ways."""

    kind = "palindrome"
    description = "the line reads the same both ways"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        ds = digit_values(n, digits)
        k = len(self.line)
        return [
            PairTable.where(self.line[i], self.line[k - 1 - i], ds, lambda x, y: x == y)
            for i in range(k // 2)
        ]


@dataclass(frozen=True)
class Between(LineConstraint):
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
class RegionSum(LineConstraint):
    """Each box's segment of the line has the same sum (``boxes``: a region number per cell;
    None: the usual boxes of the grid size)."""

    boxes: tuple[int, ...] | None = None
    kind = "regionsum"
    aliases = ("region-sum", "regionsumline")
    description = "each box's segment of the line has the same sum"

    def segments(self, n: int) -> list[tuple[int, ...]]:
        """The line cut where it crosses into another box."""
        box = box_map(n, self.boxes)
        out: list[list[int]] = []
        for c in self.line:
            if out and box[out[-1][-1]] == box[c]:
                out[-1].append(c)
            else:
                out.append([c])
        return [tuple(s) for s in out]

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return equal_sums(self.segments(n))


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
        return equal_sums(self.segments)


def thirds(ds: Sequence[int], parts: int) -> list[frozenset[int]]:
    """The digit set cut in ``parts`` near-equal runs, low to high."""
    ordered = sorted(ds)
    cuts = [round(i * len(ordered) / parts) for i in range(parts + 1)]
    return [frozenset(ordered[cuts[i] : cuts[i + 1]]) for i in range(parts) if cuts[i] < cuts[i + 1]]


@dataclass(frozen=True)
class Entropic(LineConstraint):
    """Every 3 consecutive cells hold one low (1-3), one middle (4-6) and one high (7-9) digit
    (the digit set cut in thirds); ``closed``: the line is a loop, its last cell beside its first."""

    closed: bool = False
    kind = "entropic"
    description = "every 3 consecutive cells: one low, one middle, one high digit"

    def problem(self, n: int) -> str | None:
        if self.closed and len(self.line) < 3:
            return "a closed line needs at least 3 cells"
        return super().problem(n)

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        groups = tuple(thirds(digit_values(n, digits), 3))
        if len(groups) < 3:
            return [SetRule(self.line, ())]
        k = len(self.line)
        if k < 3:
            return [_distinct_groups(self.line, groups)]
        if self.closed:  # a loop: the windows go round, past the last cell to the first
            ring = self.line + self.line[:2]
            return [SetRule(ring[i : i + 3], (groups,)) for i in range(k)]
        return [SetRule(self.line[i : i + 3], (groups,)) for i in range(k - 2)]


def _distinct_groups(cells: tuple[int, ...], groups: Sequence[frozenset[int]]) -> SetRule:
    """Fewer cells than groups: each cell takes a different group."""
    options = tuple(
        tuple(groups[i] for i in choice) for choice in combinations(range(len(groups)), len(cells))
    )
    return SetRule(cells, options)


@dataclass(frozen=True)
class Modular(LineConstraint):
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
        return [SetRule(self.line[i : i + m], (tuple(groups),)) for i in range(k - m + 1)]


@dataclass(frozen=True)
class ZipperLine(LineConstraint):
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
        return equal_sums(pairs)
