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
from sudokit.rules.primitives import (
    AllDifferent,
    Ordered,
    PairTable,
    Primitive,
    SetRule,
    Sum,
    Table,
)
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
                out.append((f"{self.where(n)}: {message}", _at_fault(primitive, known)))
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


def _at_fault(p: Primitive, known: Sequence[int | None]) -> tuple[int, ...]:
    """The filled cells of a broken primitive (the repeated pair for :class:`AllDifferent`)."""
    cells = (p.a, p.b) if isinstance(p, PairTable) else p.cells
    if isinstance(p, AllDifferent):
        seen: dict[int, int] = {}
        for c in cells:
            d = known[c]
            if d is not None:
                if d in seen:
                    return (seen[d], c)
                seen[d] = c
    return tuple(c for c in cells if known[c] is not None)


def _show(cells: Sequence[int], known: Sequence[int | None], n: int) -> str:
    return ", ".join(f"{cell_name(c, n)}={known[c]}" for c in cells if known[c] is not None)


def _matches(
    digits: Sequence[int | None], option: Sequence[frozenset[int]], every: frozenset[int]
) -> bool:
    """True when the cells (None: empty, any digit) can take the option's sets one each."""
    slots = list(option)
    order = sorted(range(len(digits)), key=lambda i: digits[i] is None)

    def place(k: int, used: int) -> bool:
        if k == len(order):
            return True
        d = digits[order[k]]
        for s, group in enumerate(slots):
            fits = d in group if d is not None else bool(group & every)
            if not used >> s & 1 and fits and place(k + 1, used | 1 << s):
                return True
        return False

    return place(0, 0)


def primitive_broken(
    p: Primitive, known: Sequence[int | None], digits: Sequence[int], n: int
) -> str | None:
    """Why the primitive cannot hold whatever the empty cells (None) get; None when it can."""
    every = frozenset(digits)
    if isinstance(p, AllDifferent):
        seen: dict[int, int] = {}
        for c in p.cells:
            d = known[c]
            if d is not None:
                if d in seen:
                    return f"two {d}s: {cell_name(seen[d], n)}, {cell_name(c, n)}"
                seen[d] = c
        return None
    if isinstance(p, PairTable):
        x, y = known[p.a], known[p.b]
        if x is not None and y is not None:
            ok = (x, y) in p.allowed
        elif x is not None:
            ok = any(a == x for a, _ in p.allowed)
        elif y is not None:
            ok = any(b == y for _, b in p.allowed)
        else:
            ok = True
        return None if ok else f"{_show((p.a, p.b), known, n)} break it"
    if isinstance(p, Ordered):
        rank = {d: i for i, d in enumerate(sorted(digits))}
        step = 1 if p.strict else 0
        last_i, last_r = -1, -1 if p.strict else 0
        for i, c in enumerate(p.cells):
            d = known[c]
            if d is None:
                continue
            if rank[d] - last_r < step * (i - last_i):
                return f"{cell_name(c, n)}={d} does not fit the order of the cells before it"
            last_i, last_r = i, rank[d]
        if p.strict and last_i >= 0 and len(digits) - 1 - last_r < len(p.cells) - 1 - last_i:
            return f"{cell_name(p.cells[last_i], n)}={known[p.cells[last_i]]} leaves no room after it"
        return None
    if isinstance(p, Sum):
        fixed = 0
        low = high = 0
        for c, w in zip(p.cells, p.weights, strict=True):
            d = known[c]
            if d is not None:
                fixed += w * d
            else:
                a, b = w * min(digits), w * max(digits)
                low += min(a, b)
                high += max(a, b)
        if not (low <= p.total - fixed <= high):
            if all(known[c] is not None for c in p.cells):
                return f"{_show(p.cells, known, n)}: the sum is {fixed}, not {p.total}" if all(
                    w == 1 for w in p.weights) else f"{_show(p.cells, known, n)} do not balance"
            return f"{_show(p.cells, known, n)} cannot make {p.total}"
        return None
    if isinstance(p, SetRule):
        ds = [known[c] for c in p.cells]
        if any(_matches(ds, option, every) for option in p.options):
            return None
        return f"{_show(p.cells, known, n)} fit none of its digit sets"
    if isinstance(p, Table):
        if any(all(known[c] is None or known[c] == t[i] for i, c in enumerate(p.cells)) for t in p.allowed):
            return None
        return f"{_show(p.cells, known, n)} break it"
    # Automaton: follow every path, an empty cell reading any digit
    states = {p.start}
    by_state: dict[int, list[tuple[int, int]]] = {}
    for s, d, t in p.transitions:
        by_state.setdefault(s, []).append((d, t))
    for c in p.cells:
        d = known[c]
        states = {t for s in states for e, t in by_state.get(s, ()) if d is None or e == d}
    if states & p.accepting:
        return None
    return f"{_show(p.cells, known, n)} break the clue"
