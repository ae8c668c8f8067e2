"""The classic variants as constraint kinds: extra regions, diagonals, anti-knight, anti-king, non-
consecutive, disjoint groups (the table in :mod:`sudokit.rules.kinds`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sudokit.rules.base import Constraint, digit_values
from sudokit.rules.geometry import (
    KING_STEPS,
    KNIGHT_STEPS,
    diagonal,
    differ_pairs,
    disjoint_groups,
    moves,
    orthogonal_pairs,
)
from sudokit.rules.primitives import (
    AllDifferent,
    PairTable,
    Primitive,
)
from sudokit.shape import Shape, shape_for_size

__all__ = ["AntiKing", "AntiKnight", "Diagonal", "DisjointGroups", "ExtraRegion", "NonConsecutive"]


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
        return diagonal(n, self.direction)

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
        return differ_pairs(moves(n, KNIGHT_STEPS), digit_values(n, digits))


@dataclass(frozen=True)
class AntiKing(Constraint):
    """Cells a king's move apart (diagonally touching) hold different digits."""

    kind = "antiking"
    min_cells = 0
    description = "cells a king's move apart differ"

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        return differ_pairs(moves(n, KING_STEPS), digit_values(n, digits))


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
        return [AllDifferent(group) for group in disjoint_groups(shape)]
