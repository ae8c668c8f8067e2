"""The base of every constraint kind, the registry of kinds, and the check of a primitive on a grid.

A :class:`Constraint` is a frozen dataclass: its ``kind`` is the name found on the command line
(``thermo``), :meth:`~Constraint.cells` the cells it touches, :meth:`~Constraint.compile` its
primitives (:mod:`sudokit.rules.primitives`) and :meth:`~Constraint.broken` what a (full or
partial) grid breaks, each violation naming its place. A subclass with a ``kind`` registers
itself: :func:`find_constraint` finds it by name or alias.

Values are the grid's cell values: ``0`` for an empty cell, ``v`` in ``1 … N`` for the ``v``-th
digit of the rules' digit set (``1 … N`` by default, so the value is the digit).
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from sudokit.errors import RulesError
from sudokit.rules.primitives import Primitive, broken_cells, primitive_broken
from sudokit.shape import cell_name

__all__ = [
    "Constraint",
    "constraint_names",
    "digit_values",
    "find_constraint",
    "name_cells",
    "primitive_broken",
]

_KINDS: dict[str, type[Constraint]] = {}
_ALIASES: dict[str, type[Constraint]] = {}


def digit_values(n: int, digits: Sequence[int] | None = None) -> tuple[int, ...]:
    """The digit set of an N×N grid: ``digits`` when given, else ``1 … N``."""
    return tuple(digits) if digits is not None else tuple(range(1, n + 1))


def name_cells(cells: Sequence[int], n: int, most: int = 0) -> str:
    """Cells named for people, ``r1c1, r1c2`` (``most`` > 0: that many, then ``…``)."""
    shown = list(cells[:most]) if most else list(cells)
    text = ", ".join(cell_name(c, n) for c in shown)
    return text + ("…" if most and len(cells) > most else "")


def _freeze(value: Any) -> Any:
    """Lists (nested too) as tuples, so constraints hash and compare."""
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return value


@dataclass(frozen=True)
class Constraint:
    """One constraint of a puzzle (a thermometer, a cage, a dot…), as data."""

    #: The name of the kind (command line, JSON); empty on abstract classes.
    kind: ClassVar[str] = ""
    #: Other names for it.
    aliases: ClassVar[tuple[str, ...]] = ()
    #: The rule in one line, for ``--help`` and the docs.
    description: ClassVar[str] = ""
    #: The fewest cells of its line (or cell groups) it needs.
    min_cells: ClassVar[int] = 1

    def rule_text(self) -> str:
        """The rule of this constraint in one line, with its own parameters (steps quote it)."""
        return self.description

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            _KINDS[cls.kind] = cls
            for name in (cls.kind, *cls.aliases):
                _ALIASES[name.lower()] = cls

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            frozen = _freeze(value)
            if frozen is not value:
                object.__setattr__(self, f.name, frozen)

    def cells(self) -> tuple[int, ...]:
        """Every cell the constraint touches (the global ones: the cells they name, if any)."""
        return ()

    def compile(self, n: int, digits: Sequence[int] | None = None) -> list[Primitive]:
        """The primitives that together say exactly what the constraint says."""
        raise NotImplementedError

    def where(self, n: int) -> str:
        """The constraint's kind and place for people: ``thermo at r1c1, r1c2, r1c3…``."""
        cells = self.cells()
        return f"{self.kind} at {name_cells(cells, n, 4)}" if cells else self.kind

    def problem(self, n: int) -> str | None:
        """Why the constraint makes no sense on an N×N grid (None: it does)."""
        cells = self.cells()
        for c in cells:
            if not (isinstance(c, int) and not isinstance(c, bool) and 0 <= c < n * n):
                return f"cell {c!r} is outside the {n}×{n} grid"
        if len(cells) < self.min_cells:
            return f"needs at least {self.min_cells} cells, not {len(cells)}"
        return None

    def broken(self, values: Sequence[int], digits: Sequence[int] | None = None) -> list[str]:
        """Each violation on a full or partial grid (values ``0`` empty), naming its place.

        A partial grid breaks a constraint when some primitive can no longer be completed,
        whatever the empty cells get.
        """
        return [message for message, _ in self.violations(values, digits)]

    def violations(
        self, values: Sequence[int], digits: Sequence[int] | None = None
    ) -> list[tuple[str, tuple[int, ...]]]:
        """:meth:`broken`'s messages, each with the filled cells at fault."""
        n = math.isqrt(len(values))
        ds = digit_values(n, digits)
        known = [ds[v - 1] if 0 < v <= len(ds) else None for v in values]
        out = []
        for primitive in self.compile(n, ds):
            message = primitive_broken(primitive, known, ds, n)
            if message:
                out.append((f"{self.where(n)}: {message}", broken_cells(primitive, known)))
        return out


def find_constraint(name: str) -> type[Constraint]:
    """The constraint kind called ``name`` (or an alias); :class:`RulesError` when unknown."""
    key = name.strip().lower().replace("_", "").replace(" ", "")
    found = _ALIASES.get(key) or _ALIASES.get(key.replace("-", ""))
    if found is None:
        close = difflib.get_close_matches(key, list(_ALIASES), n=3, cutoff=0.6)
        kinds = dict.fromkeys(repr(_ALIASES[c].kind) for c in close)
        hint = f"; did you mean {' or '.join(kinds)}?" if kinds else ""
        raise RulesError(f"unknown constraint kind {name!r}{hint} (known: {', '.join(constraint_names())})")
    return found


def constraint_names() -> list[str]:
    """The names of every constraint kind, sorted."""
    return sorted(_KINDS)


