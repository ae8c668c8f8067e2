"""The few generic primitives every constraint kind compiles to (:mod:`sudokit.rules.kinds`).

A primitive is plain data over cells (indexes ``row * N + col``) and **digit values** (the digits
the puzzle is written with: ``1 … N`` by default, ``0 … N-1`` when the rules say so). The engines
(:mod:`sudokit.engine.constraints` in Python, the reference; the C core's ``ConstraintTable``, fed
by :func:`sudokit.engine.constraints.encode`) propagate each primitive on its own, so a new
constraint kind is a few lines that build these:

- :class:`AllDifferent`: the cells hold different digits (regions, cages, renban lines);
- :class:`PairTable`: the allowed ``(digit of a, digit of b)`` pairs of two cells (dots, XV,
  whispers, clones, palindromes, minimum/maximum, non-consecutive, knight's and king's moves);
- :class:`Ordered`: digits increase along the cells, strictly or not (thermometers);
- :class:`Sum`: ``Σ weight·digit == total`` (cages, little killers, arrows with a pill circle as
  weights 10/1 and the arrow as weights -1, equal-sum and region-sum segments, zipper pairs);
- :class:`SetRule`: the cells' digits match one option of digit sets, one set per cell in some
  order (renban runs, entropic and modular windows, quadruples, parity);
- :class:`Table`: the allowed digit tuples of a few cells (between lines);
- :class:`Automaton`: a (non-deterministic) finite automaton read along the cells (sandwich,
  X-sum and skyscraper clues), built from a step function by :func:`automaton`.

:func:`primitive_broken` says why a partial grid can no longer satisfy a primitive and
:func:`broken_cells` which filled cells are at fault (what
:meth:`sudokit.rules.base.Constraint.broken` reports).

>>> t = PairTable.where(0, 1, range(1, 5), lambda x, y: abs(x - y) == 1)
>>> sorted(t.allowed)[:3]
[(1, 2), (2, 1), (2, 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from sudokit.shape import cell_name

__all__ = [
    "AllDifferent",
    "Automaton",
    "Ordered",
    "PairTable",
    "Primitive",
    "SetRule",
    "Sum",
    "Table",
    "automaton",
    "broken_cells",
    "primitive_broken",
    "sum_bounds_after",
]


@dataclass(frozen=True)
class AllDifferent:
    """The cells hold different digits."""

    cells: tuple[int, ...]


@dataclass(frozen=True)
class PairTable:
    """Two different cells whose digits ``(x, y)`` must be one of ``allowed``."""

    a: int
    b: int
    allowed: frozenset[tuple[int, int]]

    @classmethod
    def where(
        cls, a: int, b: int, digits: Iterable[int], test: Callable[[int, int], bool]
    ) -> PairTable:
        """The pairs of ``digits`` that pass ``test``."""
        values = tuple(digits)
        return cls(a, b, frozenset((x, y) for x in values for y in values if test(x, y)))


@dataclass(frozen=True)
class Ordered:
    """Digits along ``cells`` never decrease (``strict``: always increase)."""

    cells: tuple[int, ...]
    strict: bool = True


@dataclass(frozen=True)
class Sum:
    """``Σ weights[i] · digit(cells[i]) == total``; ``distinct``: the cells also differ.

    Weights default to 1. An arrow with a two-cell pill is ``cells = pill + arrow``,
    ``weights = (10, 1, -1, -1, …)``, ``total = 0``. A cell may appear once only.
    """

    cells: tuple[int, ...]
    total: int
    weights: tuple[int, ...] = ()
    distinct: bool = False

    def __post_init__(self) -> None:
        if not self.weights:
            object.__setattr__(self, "weights", (1,) * len(self.cells))


@dataclass(frozen=True)
class SetRule:
    """The cells' digits fit one of ``options``: an option is one digit set per cell, matched to
    the cells in any order (each set used once).

    Renban over k cells: one option per run of k consecutive digits, each digit a singleton set.
    An entropic window: the one option ``({1,2,3}, {4,5,6}, {7,8,9})``. A quadruple with 1 and 2:
    ``({1}, {2}, all, all)``. Parity of one cell: ``(odd digits,)``. Different digits are not
    implied: add :class:`AllDifferent` where they must differ.
    """

    cells: tuple[int, ...]
    options: tuple[tuple[frozenset[int], ...], ...]


@dataclass(frozen=True)
class Table:
    """The digits of ``cells`` (in order) form one of the ``allowed`` tuples."""

    cells: tuple[int, ...]
    allowed: frozenset[tuple[int, ...]]


@dataclass(frozen=True)
class Automaton:
    """An automaton read along ``cells``: states ``0 … states-1``, start at ``start``,
    ``transitions`` ``(state, digit, next state)`` (several per state and digit allowed), and the
    digits are accepted when some path ends in one of ``accepting`` after the last cell."""

    cells: tuple[int, ...]
    states: int
    start: int
    transitions: tuple[tuple[int, int, int], ...]
    accepting: frozenset[int]


Primitive: TypeAlias = AllDifferent | PairTable | Ordered | Sum | SetRule | Table | Automaton


def automaton(
    cells: Sequence[int],
    digits: Sequence[int],
    start: Hashable,
    step: Callable[[Hashable, int], Iterable[Hashable]],
    accept: Callable[[Hashable], bool],
) -> Automaton:
    """Build an :class:`Automaton` from Python states: ``step(state, digit)`` gives the next
    states (none: the digit is not allowed there); only states reachable within ``len(cells)``
    steps are kept, numbered in the order found."""
    number: dict[Hashable, int] = {start: 0}
    transitions: list[tuple[int, int, int]] = []
    layer = [start]
    seen_at: set[Hashable] = {start}
    for _ in range(len(cells)):
        following: list[Hashable] = []
        for state in layer:
            for digit in digits:
                for nxt in step(state, digit):
                    if nxt not in number:
                        number[nxt] = len(number)
                    transitions.append((number[state], digit, number[nxt]))
                    if nxt not in seen_at:
                        seen_at.add(nxt)
                        following.append(nxt)
        layer = following
    accepting = frozenset(i for s, i in number.items() if accept(s))
    return Automaton(tuple(cells), len(number), 0, tuple(sorted(set(transitions))), accepting)


def sum_bounds_after(options: Sequence[Sequence[tuple[int, int]]]) -> tuple[list[int], list[int]]:
    """For each position i (0 … k) of a sum's cells, the least and greatest total of the cells from i on."""
    k = len(options)
    low, high = [0] * (k + 1), [0] * (k + 1)
    for i in range(k - 1, -1, -1):
        values = [v for _, v in options[i]]
        low[i] = low[i + 1] + (min(values) if values else 0)
        high[i] = high[i + 1] + (max(values) if values else 0)
    return low, high


# -- checking a partial grid ------------------------------------------------------------------------


def broken_cells(p: Primitive, known: Sequence[int | None]) -> tuple[int, ...]:
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
