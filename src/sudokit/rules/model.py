"""The rules of a puzzle as data: regions, extra "must differ" pairs, non-consecutive pairs, cages.

Glossary (beside :mod:`sudokit.shape`'s):

- **region**: cells that must hold different digits; a *full* region (N cells) holds every digit
  once. Rows, columns and boxes are regions, and so are the diagonals of Sudoku X, the windows of
  Windoku, the pieces of Jigsaw and the groups of Disjoint Groups.
- **differ pair**: two cells that must hold different digits without sharing a region (a knight's
  move in Anti-Knight, a king's move in Anti-King).
- **adjacent pair**: two orthogonally neighbouring cells whose digits must not be consecutive.
- **cage**: cells whose digits differ and, when the cage has a total, add up to it (Killer).
- **peers** of a cell: every cell that must hold a different digit (regions, cages, differ pairs).

Classic N×N Sudoku is :meth:`Rules.classic`; the variants of :mod:`sudokit.variant` build the rest.
A :class:`~sudokit.grid.Grid` of a variant carries its rules; a classic grid carries none.

>>> rules = Rules.classic(Shape(2, 2))
>>> len(rules.regions), len(rules.peers[0])
(12, 7)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from functools import cache, cached_property
from typing import Any

from sudokit.errors import DuplicateGivenError, RulesError
from sudokit.rules.base import Constraint
from sudokit.rules.spec import constraint_to_dict
from sudokit.shape import MAX_N, Shape, cell_name

__all__ = ["Cage", "Region", "Rules", "cage_sum_range"]


@dataclass(frozen=True)
class Region:
    """Cells that hold different digits: every digit once when it has N cells.

    ``kind`` says what it is (``row``, ``column``, ``box``, ``diagonal``, ``window``, ``piece``,
    ``group``, ``extra``) and ``name`` names it for people (``row 3``, ``diagonal ↘``).
    """

    kind: str
    name: str
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Cage:
    """A Killer cage: cells whose digits differ and add up to ``total`` (None: no sum given)."""

    cells: tuple[int, ...]
    total: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.cells, tuple):
            object.__setattr__(self, "cells", tuple(self.cells))


def cage_sum_range(size: int, n: int) -> tuple[int, int]:
    """The smallest and largest sums of ``size`` different digits of ``1..n``."""
    return size * (size + 1) // 2, size * (2 * n - size + 1) // 2


def _pairs(pairs: Iterable[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    """Pairs as sorted ``(low, high)`` tuples, each once, in order."""
    return tuple(sorted({(min(a, b), max(a, b)) for a, b in pairs}))


@dataclass(frozen=True)
class Rules:
    """The rules of an N×N puzzle: its regions, differ pairs, adjacent pairs and cages.

    ``variants`` names the variants the rules were built from (``("x", "antiknight")``; empty for
    classic rules) and ``shape`` is the box shape when the rules have boxes (``None`` for Jigsaw).
    Build them with :meth:`classic` or :func:`sudokit.variant.make_rules`; the constructor checks
    every cell index, region size and cage (:class:`~sudokit.errors.RulesError`).
    """

    n: int
    regions: tuple[Region, ...]
    differ: tuple[tuple[int, int], ...] = ()
    adjacent: tuple[tuple[int, int], ...] = ()
    cages: tuple[Cage, ...] = ()
    variants: tuple[str, ...] = ()
    shape: Shape | None = None
    #: The region map of a Jigsaw (a piece number per cell), kept for the formats and pictures.
    pieces: tuple[int, ...] | None = field(default=None, compare=False)
    #: The rules compiled for each engine's search (filled by :mod:`sudokit.engine.solver` on first use).
    compiled: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)
    #: Constraints of :mod:`sudokit.rules.kinds` (thermometers, arrows, dots…); rules with any are
    #: solved by :mod:`sudokit.engine.constraints`.
    constraints: tuple[Constraint, ...] = ()
    #: The digit set, increasing (None: ``1 … N``); a cell value ``v`` stands for ``digits[v-1]``.
    digits: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        n = self.n
        if not (isinstance(n, int) and 2 <= n <= MAX_N):
            raise RulesError(f"a grid side must be 2 to {MAX_N}, not {n!r}")
        self._check_constraints()
        size = n * n
        object.__setattr__(self, "differ", _pairs(self.differ))
        object.__setattr__(self, "adjacent", _pairs(self.adjacent))
        for region in self.regions:
            if len(region.cells) > n or len(set(region.cells)) != len(region.cells):
                raise RulesError(
                    f"{region.name} holds {len(region.cells)} cells, not at most {n} different ones"
                )
            self._check_cells(region.cells, region.name)
        for a, b in self.differ + self.adjacent:
            self._check_cells((a, b), "a cell pair")
            if a == b:
                raise RulesError(f"a cell pair joins {cell_name(a, n)} to itself")
        taken: dict[int, int] = {}
        for index, cage in enumerate(self.cages):
            where = f"cage {index + 1} ({', '.join(cell_name(c, n) for c in cage.cells[:4])}…)"
            if not cage.cells or len(cage.cells) > n or len(set(cage.cells)) != len(cage.cells):
                raise RulesError(f"{where} must hold 1 to {n} different cells")
            self._check_cells(cage.cells, where)
            for c in cage.cells:
                if c in taken:
                    raise RulesError(
                        f"cages {taken[c] + 1} and {index + 1} overlap at {cell_name(c, n)}"
                    )
                taken[c] = index
            if cage.total is not None and self.digits is None:
                low, high = cage_sum_range(len(cage.cells), n)
                if not (isinstance(cage.total, int) and low <= cage.total <= high):
                    raise RulesError(
                        f"{where}: no {len(cage.cells)} different digits 1-{n} add up to {cage.total!r} "
                        f"(possible: {low} to {high})"
                    )
        if self.pieces is not None and len(self.pieces) != size:
            raise RulesError(f"a region map needs {size} cells, not {len(self.pieces)}")

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the fields only (not the compiled tables or cached structure): rules travel to
        worker processes."""
        state = {f.name: getattr(self, f.name) for f in fields(self)}
        state["compiled"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for key, value in state.items():
            object.__setattr__(self, key, value)

    def _check_constraints(self) -> None:
        """Check the constraints and the digit set (:class:`RulesError` naming the one at fault)."""
        n = self.n
        object.__setattr__(self, "constraints", tuple(self.constraints))
        if self.digits is not None:
            digits = tuple(self.digits)
            object.__setattr__(self, "digits", digits)
            if (len(digits) != n or any(isinstance(d, bool) or not isinstance(d, int) for d in digits)
                    or any(a >= b for a, b in itertools.pairwise(digits))):
                raise RulesError(f"the digit set must be {n} increasing whole numbers, not {digits!r}")
        for index, constraint in enumerate(self.constraints):
            if not isinstance(constraint, Constraint):
                raise RulesError(f"constraint {index + 1} is a {type(constraint).__name__}, not a Constraint")
            problem = constraint.problem(n)
            if problem:
                raise RulesError(f"constraint {index + 1} ({constraint.kind}): {problem}")

    def _check_cells(self, cells: Iterable[int], where: str) -> None:
        """Raise :class:`RulesError` for a cell index outside the grid."""
        size = self.n * self.n
        for c in cells:
            if not (isinstance(c, int) and 0 <= c < size):
                raise RulesError(f"{where}: cell {c!r} is outside the {self.n}×{self.n} grid")

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def classic(cls, shape: Shape) -> Rules:
        """The rules of classic Sudoku for a box shape: rows, columns and boxes."""
        return _classic(shape)

    def with_constraints(
        self, constraints: Iterable[Constraint], digits: Sequence[int] | None = None
    ) -> Rules:
        """These rules plus ``constraints`` (and the digit set ``digits``, if given), checked.

        >>> from sudokit.rules.kinds import Thermometer
        >>> Rules.classic(Shape(2, 2)).with_constraints([Thermometer((0, 1, 2))]).constraints
        (Thermometer(line=(0, 1, 2)),)
        """
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.init}
        values["compiled"] = {}
        values["constraints"] = self.constraints + tuple(constraints)
        if digits is not None:
            values["digits"] = tuple(digits)
        return Rules(**values)

    # -- reading ----------------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """The number of cells, ``N²``."""
        return self.n * self.n

    @property
    def is_classic(self) -> bool:
        """True for the plain rows/columns/boxes rules of :attr:`shape`."""
        return not self.variants and self.shape is not None and self == _classic(self.shape)

    @property
    def name(self) -> str:
        """The variants' names joined by ``+`` (``classic`` for none)."""
        return "+".join(self.variants) or "classic"

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the cells that must hold a different digit (itself excluded)."""
        sets: list[set[int]] = [set() for _ in range(self.size)]
        groups = [r.cells for r in self.regions] + [c.cells for c in self.cages]
        for cells in groups:
            for c in cells:
                sets[c].update(cells)
        for a, b in self.differ:
            sets[a].add(b)
            sets[b].add(a)
        return tuple(frozenset(s - {c}) for c, s in enumerate(sets))

    @cached_property
    def neighbours(self) -> tuple[frozenset[int], ...]:
        """For each cell, the cells whose digit must not be consecutive to its own."""
        sets: list[set[int]] = [set() for _ in range(self.size)]
        for a, b in self.adjacent:
            sets[a].add(b)
            sets[b].add(a)
        return tuple(frozenset(s) for s in sets)

    @cached_property
    def cell_regions(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the indexes into :attr:`regions` of the regions holding it."""
        lists: list[list[int]] = [[] for _ in range(self.size)]
        for index, region in enumerate(self.regions):
            for c in region.cells:
                lists[c].append(index)
        return tuple(tuple(x) for x in lists)

    @cached_property
    def cage_of(self) -> tuple[int | None, ...]:
        """For each cell, the index into :attr:`cages` of its cage, or None."""
        where: list[int | None] = [None] * self.size
        for index, cage in enumerate(self.cages):
            for c in cage.cells:
                where[c] = index
        return tuple(where)

    def cell_name(self, cell: int) -> str:
        """Name a cell for people: ``r3c5`` (1-based)."""
        return cell_name(cell, self.n)

    def violation(self, cells: Sequence[int]) -> RulesError | DuplicateGivenError | None:
        """The first rule the filled cells break, as an error (None: none broken yet).

        A digit twice in a region, a cage or a differ pair is a :class:`DuplicateGivenError`;
        consecutive neighbours and a cage sum that cannot be met are a :class:`RulesError`.
        """
        n = self.n
        for region in self.regions:
            error = _repeat(cells, region.cells, region.name, n)
            if error:
                return error
        for index, cage in enumerate(self.cages):
            error = _repeat(cells, cage.cells, f"cage {index + 1}", n)
            if error:
                return error
            if cage.total is not None and self.digits is None:
                placed = [cells[c] for c in cage.cells if cells[c]]
                free = len(cage.cells) - len(placed)
                rest = cage.total - sum(placed)
                low, high = cage_sum_range(free, n) if free else (0, 0)
                if not (low <= rest <= high):
                    return RulesError(
                        f"cage {index + 1} at {cell_name(cage.cells[0], n)} cannot add up to {cage.total} "
                        f"with {', '.join(str(d) for d in placed)} in it"
                    )
        for a, b in self.differ:
            if cells[a] and cells[a] == cells[b]:
                return DuplicateGivenError(cells[a], "cells a move apart", [cell_name(a, n), cell_name(b, n)])
        for a, b in self.adjacent:
            if cells[a] and cells[b] and abs(cells[a] - cells[b]) == 1:
                return RulesError(
                    f"consecutive digits {cells[a]} and {cells[b]} side by side at "
                    f"{cell_name(a, n)}, {cell_name(b, n)}"
                )
        for constraint in self.constraints:
            broken = constraint.broken(cells, self.digits)
            if broken:
                return RulesError(broken[0])
        return None

    def candidates(self, cells: Sequence[int], cell: int) -> frozenset[int]:
        """The digits an empty cell may hold given its filled peers and neighbours."""
        if cells[cell]:
            return frozenset()
        used = {cells[p] for p in self.peers[cell]}
        for p in self.neighbours[cell]:
            if cells[p]:
                used.update((cells[p] - 1, cells[p] + 1))
        return frozenset(d for d in range(1, self.n + 1) if d not in used)

    # -- writing ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON-ready values, cells named ``r1c1``, constraints by kind
        (:func:`sudokit.rules.spec.constraint_to_dict`); :func:`sudokit.formats.variants.rules_from_dict`
        reads them back."""
        name = self.cell_name
        data: dict[str, Any] = {"size": self.n, "variants": list(self.variants)}
        if self.shape is not None:
            data["box"] = [self.shape.box_rows, self.shape.box_cols]
        if self.pieces is not None:
            data["regions"] = _map_text(self.pieces)
        if self.cages:
            data["cages"] = [
                {"cells": [name(c) for c in cage.cells]}
                | ({"sum": cage.total} if cage.total is not None else {})
                for cage in self.cages
            ]
        extra = [r for r in self.regions if r.kind == "extra"]
        if extra:
            data["extra_regions"] = [[name(c) for c in r.cells] for r in extra]
        if self.constraints:
            data["constraints"] = [constraint_to_dict(c, self.n) for c in self.constraints]
        if self.digits is not None:
            data["digits"] = list(self.digits)
        return data

    def __repr__(self) -> str:
        if self.constraints or self.digits is not None:
            return (f"Rules(n={self.n!r}, variants={self.variants!r}, regions=<{len(self.regions)} regions>, "
                    f"constraints=<{len(self.constraints)}: "
                    f"{', '.join(sorted({c.kind for c in self.constraints}))}>, digits={self.digits!r})")
        if not self.variants:
            if self.shape is not None and self.is_classic:
                return f"Rules.classic({self.shape!r})"
            return (f"Rules(n={self.n!r}, regions=<{len(self.regions)} regions>, "
                    f"differ=<{len(self.differ)}>, adjacent=<{len(self.adjacent)}>, "
                    f"cages=<{len(self.cages)}>)")
        args = [repr(",".join(self.variants))]
        if self.shape is not None and self.pieces is None:
            args.append(f"box={self.shape.box!r}")
        if self.pieces is not None:
            args.append(f"regions={_map_text(self.pieces)!r}")
        if self.cages:
            cages = [(list(c.cells), c.total) for c in self.cages]
            args.append(f"cages={cages!r}")
        if any(r.kind == "extra" for r in self.regions):
            args.append(f"extra_regions={[list(r.cells) for r in self.regions if r.kind == 'extra']!r}")
        return f"make_rules({', '.join(args)})"


#: The characters naming a region map's pieces (piece 1 is ``1``).
_MAP_CHARS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _map_text(pieces: Sequence[int]) -> str:
    """A region map as one character per cell (``1-9A-Z…``) when it fits, else numbers."""
    if max(pieces) < len(_MAP_CHARS):
        return "".join(_MAP_CHARS[p] for p in pieces)
    return " ".join(str(p + 1) for p in pieces)


def _repeat(cells: Sequence[int], group: Sequence[int], name: str, n: int) -> DuplicateGivenError | None:
    """A digit twice among ``group``'s cells, as an error naming ``name``."""
    seen: dict[int, int] = {}
    for c in group:
        v = cells[c]
        if v:
            if v in seen:
                return DuplicateGivenError(v, name, [cell_name(seen[v], n), cell_name(c, n)])
            seen[v] = c
    return None


@cache
def _classic(shape: Shape) -> Rules:
    """The classic rules of a shape, built once."""
    n = shape.n
    regions = tuple(
        Region(("row", "column", "box")[k // n], shape.unit_name(k), cells)
        for k, cells in enumerate(shape.units)
    )
    return Rules(n, regions, shape=shape)
