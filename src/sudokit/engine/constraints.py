"""The pure-Python solver of rules with constraints: the primitives of
:mod:`sudokit.rules.primitives` propagated to a fixed point, then a depth-first search.

This file is the **reference**: the C core's ``ConstraintTable`` (csrc/solve/constraints.c, fed
by :func:`encode`) prunes each primitive as the propagators here do, and the tests compare the
two (counts, soundness of the candidates). :func:`sudokit.engine.backend.rules_table` gives the C
table on the C engine and this one on the Python engine.

Every cell has a candidate bit mask (bit ``i``: the ``i``-th digit of the rules' increasing digit
set, the cell value ``i + 1``). Each primitive prunes the candidates of its cells to those some
solution *of that primitive alone* uses, so no propagator ever removes a candidate a solution of
the whole puzzle uses (the first rule: never a wrong answer):

- :class:`~sudokit.rules.primitives.AllDifferent`: a placed digit leaves the other cells; fewer
  digits than cells is a contradiction; with as many digits as cells, a digit only one cell can
  take goes there (hidden single);
- ``PairTable``, ``Table``, ``Automaton``, ``SetRule``: generalized arc consistency (each kept
  digit has a support: an allowed pair, an allowed tuple, an accepted path, a matching of the
  cells to one option's digit sets);
- ``Ordered``: the lowest digit climbs forwards and the highest falls backwards (exact for a chain);
- ``Sum``: the sums each prefix and suffix of the cells can make (exact when repeats are allowed);
  with different digits, every assignment when the candidates are few, else the same sums.

A queue runs the primitives watching the changed cells until nothing changes; the search then
guesses on a cell with the fewest candidates. A complete assignment is checked against every
primitive before it counts as a solution. (The C twin also treats every AllDifferent of N cells
as a unit of its search core: hidden singles and locked candidates, removals no solution needs.)

:class:`ConstraintTable` has the search interface of the engines' ``RulesTable``
(:func:`sudokit.engine.backend.rules_table` hands it out for rules with constraints).

>>> from sudokit.rules import Rules, Thermometer
>>> from sudokit.shape import Shape
>>> rules = Rules.classic(Shape(2, 2)).with_constraints([Thermometer((0, 1, 2, 3))])
>>> count, first, _ = ConstraintTable(rules).solve(bytes(16), 20)
>>> count, list(first[:4])
(12, [1, 2, 3, 4])
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator, Sequence
from random import Random
from typing import Any

from sudokit.engine.reference import LIMIT_REACHED, check_stop, depth_first, solve_each
from sudokit.errors import TimeLimitReached, WrongLengthError
from sudokit.rules.base import digit_values
from sudokit.rules.model import Rules
from sudokit.rules.primitives import (
    AllDifferent,
    Automaton,
    Ordered,
    PairTable,
    Primitive,
    SetRule,
    Sum,
    Table,
    sum_bounds_after,
)

__all__ = [
    "KIND_CODES", "ConstraintTable", "Encoded", "Propagator", "compile_rules", "encode", "encode_rules",
    "make_propagator",
]

#: Different-digit sums enumerate every assignment up to this many (the product of the cells'
#: candidate counts); above it they reason on the sums repeats allowed could make (still sound).
ENUMERATION_LIMIT = 4000


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def compile_rules(rules: Rules) -> list[Primitive]:
    """The rules' regions, cages, differ and adjacent pairs and constraints as primitives."""
    n = rules.n
    ds = digit_values(n, rules.digits)
    out: list[Primitive] = [AllDifferent(r.cells) for r in rules.regions]
    for cage in rules.cages:
        out.append(AllDifferent(cage.cells))
        if cage.total is not None:
            out.append(Sum(cage.cells, cage.total, distinct=True))
    out.extend(AllDifferent((a, b)) for a, b in rules.differ)
    out.extend(PairTable.where(a, b, ds, lambda x, y: abs(x - y) != 1) for a, b in rules.adjacent)
    for constraint in rules.constraints:
        out.extend(constraint.compile(n, ds))
    return out


#: The C core's number of each primitive kind (csrc/solve/constraints.h, ``SKC_ALLDIFF`` …).
KIND_CODES: dict[type, int] = {
    AllDifferent: 0, PairTable: 1, Ordered: 2, Sum: 3, SetRule: 4, Table: 5, Automaton: 6,
}

#: One primitive as the C core's ``ConstraintTable`` takes it: ``(kind code, cells, data)``.
Encoded = tuple[int, tuple[int, ...], tuple[int, ...]]


def encode(p: Primitive, ds: Sequence[int]) -> Encoded:
    """One primitive in the C core's flat form (csrc/solve/constraints.h), digits as bit indexes
    of ``ds`` (digits outside ``ds`` dropped, as the propagators here drop them)."""
    index = {d: i for i, d in enumerate(ds)}
    code = KIND_CODES[type(p)]
    if isinstance(p, AllDifferent):
        return code, p.cells, ()
    if isinstance(p, PairTable):
        support = [0] * len(ds)
        for x, y in p.allowed:
            if x in index and y in index:
                support[index[x]] |= 1 << index[y]
        return code, (p.a, p.b), tuple(support)
    if isinstance(p, Ordered):
        return code, p.cells, (int(p.strict),)
    if isinstance(p, Sum):
        return code, p.cells, (p.total, int(p.distinct), *p.weights)
    if isinstance(p, SetRule):
        options = [o for o in p.options if len(o) == len(p.cells)]
        masks = [sum(1 << index[d] for d in group if d in index) for o in options for group in o]
        return code, p.cells, (len(options), *masks)
    if isinstance(p, Table):
        rows = sorted(tuple(index[d] for d in row) for row in p.allowed
                      if len(row) == len(p.cells) and all(d in index for d in row))
        return code, p.cells, (len(rows), *(b for row in rows for b in row))
    moves = [(s, index[d], t) for s, d, t in p.transitions if d in index]
    accepting = sorted(p.accepting)
    return code, p.cells, (p.states, p.start, len(accepting), *accepting, len(moves),
                           *(x for move in moves for x in move))


def encode_rules(rules: Rules) -> list[Encoded]:
    """The rules' primitives (:func:`compile_rules`) in the C core's flat form."""
    ds = digit_values(rules.n, rules.digits)
    return [encode(p, ds) for p in compile_rules(rules)]


class Propagator:
    """One primitive over candidate masks: :meth:`prune` narrows them (None: a contradiction,
    else the cells it changed); :meth:`holds` checks a complete assignment (bit indexes)."""

    cells: tuple[int, ...] = ()

    def prune(self, cand: list[int]) -> list[int] | None:
        raise NotImplementedError

    def holds(self, bits: Sequence[int]) -> bool:
        raise NotImplementedError


def _narrow(cand: list[int], cells: Sequence[int], keep: Sequence[int]) -> list[int] | None:
    """Keep only ``keep[i]`` in ``cells[i]``: the changed cells, None when one is left empty."""
    changed = []
    for c, k in zip(cells, keep, strict=True):
        if cand[c] & ~k:
            cand[c] &= k
            if not cand[c]:
                return None
            changed.append(c)
    return changed


class _AllDifferent(Propagator):
    def __init__(self, p: AllDifferent) -> None:
        self.cells = p.cells

    def prune(self, cand: list[int]) -> list[int] | None:
        cells = self.cells
        changed: set[int] = set()
        placed = 0
        for c in cells:
            m = cand[c]
            if m & (m - 1) == 0:
                if placed & m:
                    return None
                placed |= m
        again = True
        while again:
            again = False
            for c in cells:
                m = cand[c]
                if m & (m - 1) and m & placed:
                    m &= ~placed
                    if not m:
                        return None
                    cand[c] = m
                    changed.add(c)
                    if m & (m - 1) == 0:
                        placed |= m
                        again = True
        union = 0
        for c in cells:
            union |= cand[c]
        free = union.bit_count()
        if free < len(cells):
            return None
        if free == len(cells):
            for b in _bits(union):
                bit = 1 << b
                holders = [c for c in cells if cand[c] & bit]
                if len(holders) == 1 and cand[holders[0]] != bit:
                    cand[holders[0]] = bit
                    changed.add(holders[0])
        return sorted(changed)

    def holds(self, bits: Sequence[int]) -> bool:
        return len({bits[c] for c in self.cells}) == len(self.cells)


class _Pair(Propagator):
    def __init__(self, p: PairTable, index: dict[int, int], n: int) -> None:
        self.cells = (p.a, p.b)
        self.sup_a = [0] * n
        self.sup_b = [0] * n
        for x, y in p.allowed:
            if x in index and y in index:
                self.sup_a[index[x]] |= 1 << index[y]
                self.sup_b[index[y]] |= 1 << index[x]

    def prune(self, cand: list[int]) -> list[int] | None:
        a, b = self.cells
        ma, mb = cand[a], cand[b]
        keep_a = 0
        for x in _bits(ma):
            if self.sup_a[x] & mb:
                keep_a |= 1 << x
        keep_b = 0
        for y in _bits(mb):
            if self.sup_b[y] & keep_a:
                keep_b |= 1 << y
        return _narrow(cand, self.cells, (keep_a, keep_b))

    def holds(self, bits: Sequence[int]) -> bool:
        a, b = self.cells
        return bool(self.sup_a[bits[a]] >> bits[b] & 1)


class _Ordered(Propagator):
    def __init__(self, p: Ordered, n: int) -> None:
        self.cells = p.cells
        self.step = 1 if p.strict else 0
        self.full = (1 << n) - 1

    def prune(self, cand: list[int]) -> list[int] | None:
        cells, step = self.cells, self.step
        keep = [cand[c] for c in cells]
        low = 0  # the lowest bit the next cell may take
        for i in range(len(keep)):
            keep[i] &= ~((1 << low) - 1)
            if not keep[i]:
                return None
            low = (keep[i] & -keep[i]).bit_length() - 1 + step
        high = self.full.bit_length() - 1  # the highest bit the previous cell may take
        for i in range(len(keep) - 1, -1, -1):
            if high < 0:
                return None
            keep[i] &= (1 << (high + 1)) - 1
            if not keep[i]:
                return None
            high = keep[i].bit_length() - 1 - step
        return _narrow(cand, cells, keep)

    def holds(self, bits: Sequence[int]) -> bool:
        seq = [bits[c] for c in self.cells]
        return all(b - a >= self.step for a, b in itertools.pairwise(seq))


class _Sum(Propagator):
    def __init__(self, p: Sum, ds: Sequence[int]) -> None:
        self.cells = p.cells
        self.total = p.total
        self.distinct = p.distinct
        self.ds = ds
        # the contribution of each bit of each cell
        self.value = [[w * d for d in ds] for w in p.weights]

    def prune(self, cand: list[int]) -> list[int] | None:
        if self.distinct:
            size = 1
            for c in self.cells:
                size *= cand[c].bit_count()
                if size > ENUMERATION_LIMIT:
                    break
            else:
                return self._enumerate(cand)
        return self._sums(cand)

    def _sums(self, cand: list[int]) -> list[int] | None:
        cells, k = self.cells, len(self.cells)
        options = [[(b, self.value[i][b]) for b in _bits(cand[c])] for i, c in enumerate(cells)]
        forward: list[set[int]] = [{0}]
        for i in range(k):
            forward.append({s + v for s in forward[i] for _, v in options[i]})
        if self.total not in forward[k]:
            return None
        backward: list[set[int]] = [set() for _ in range(k + 1)]
        backward[k] = {self.total}  # what the prefix before position k must add up to
        keep = [0] * k
        for i in range(k - 1, -1, -1):
            need = backward[i + 1]
            before = forward[i]
            back: set[int] = set()
            for b, v in options[i]:
                hit = False
                for t in need:
                    if t - v in before:
                        back.add(t - v)
                        hit = True
                if hit:
                    keep[i] |= 1 << b
            backward[i] = back
        return _narrow(cand, cells, keep)

    def _enumerate(self, cand: list[int]) -> list[int] | None:
        cells, k, total = self.cells, len(self.cells), self.total
        options = [[(b, self.value[i][b]) for b in _bits(cand[c])] for i, c in enumerate(cells)]
        rest_low, rest_high = sum_bounds_after(options)
        keep = [0] * k
        chosen = [0] * k

        def walk(i: int, s: int, used: int) -> None:
            if i == k:
                if s == total:
                    for j in range(k):
                        keep[j] |= 1 << chosen[j]
                return
            if not rest_low[i] <= total - s <= rest_high[i]:
                return
            for b, v in options[i]:
                if not used >> b & 1:
                    chosen[i] = b
                    walk(i + 1, s + v, used | 1 << b)

        walk(0, 0, 0)
        return _narrow(cand, cells, keep)

    def holds(self, bits: Sequence[int]) -> bool:
        picked = [bits[c] for c in self.cells]
        if self.distinct and len(set(picked)) != len(picked):
            return False
        return sum(self.value[i][b] for i, b in enumerate(picked)) == self.total


class _SetRule(Propagator):
    def __init__(self, p: SetRule, index: dict[int, int]) -> None:
        self.cells = p.cells
        self.options = [
            [sum(1 << index[d] for d in group if d in index) for group in option]
            for option in p.options if len(option) == len(p.cells)
        ]

    def prune(self, cand: list[int]) -> list[int] | None:
        cells, k = self.cells, len(self.cells)
        masks = [cand[c] for c in cells]
        keep = [0] * k
        for slots in self.options:
            # forward[i]: the sets of slots cells 0..i-1 can take; backward[i]: cells i..k-1
            forward: list[set[int]] = [{0}]
            for i in range(k):
                forward.append({f | 1 << s for f in forward[i] for s, g in enumerate(slots)
                                if not f >> s & 1 and masks[i] & g})
            everything = (1 << k) - 1
            if everything not in forward[k]:
                continue
            backward: list[set[int]] = [set() for _ in range(k + 1)]
            backward[k] = {0}
            for i in range(k - 1, -1, -1):
                backward[i] = {f | 1 << s for f in backward[i + 1] for s, g in enumerate(slots)
                               if not f >> s & 1 and masks[i] & g}
            for i in range(k):
                for f in forward[i]:
                    for s, g in enumerate(slots):
                        if not f >> s & 1 and masks[i] & g and (everything ^ f ^ (1 << s)) in backward[i + 1]:
                            keep[i] |= masks[i] & g
        return _narrow(cand, cells, keep)

    def holds(self, bits: Sequence[int]) -> bool:
        cand = [0] * (max(self.cells) + 1)
        for c in self.cells:
            cand[c] = 1 << bits[c]
        return self.prune(cand) is not None and all(cand[c] for c in self.cells)


class _Table(Propagator):
    def __init__(self, p: Table, index: dict[int, int]) -> None:
        self.cells = p.cells
        self.rows = [tuple(index[d] for d in row) for row in p.allowed
                     if len(row) == len(p.cells) and all(d in index for d in row)]

    def prune(self, cand: list[int]) -> list[int] | None:
        masks = [cand[c] for c in self.cells]
        keep = [0] * len(masks)
        for row in self.rows:
            if all(m >> b & 1 for m, b in zip(masks, row, strict=True)):
                for i, b in enumerate(row):
                    keep[i] |= 1 << b
        return _narrow(cand, self.cells, keep)

    def holds(self, bits: Sequence[int]) -> bool:
        return tuple(bits[c] for c in self.cells) in set(self.rows)


class _Automaton(Propagator):
    def __init__(self, p: Automaton, index: dict[int, int]) -> None:
        self.cells = p.cells
        self.start = p.start
        self.accepting = p.accepting
        self.moves = [(s, index[d], t) for s, d, t in p.transitions if d in index]

    def prune(self, cand: list[int]) -> list[int] | None:
        cells, k, moves = self.cells, len(self.cells), self.moves
        masks = [cand[c] for c in cells]
        forward: list[set[int]] = [{self.start}]
        for i in range(k):
            now, m = forward[i], masks[i]
            forward.append({t for s, b, t in moves if s in now and m >> b & 1})
        ends = forward[k] & self.accepting
        if not ends:
            return None
        keep = [0] * k
        after: set[int] = set(ends)
        for i in range(k - 1, -1, -1):
            now, m = forward[i], masks[i]
            before: set[int] = set()
            for s, b, t in moves:
                if s in now and t in after and m >> b & 1:
                    keep[i] |= 1 << b
                    before.add(s)
            after = before
        return _narrow(cand, cells, keep)

    def holds(self, bits: Sequence[int]) -> bool:
        states = {self.start}
        for c in self.cells:
            states = {t for s, b, t in self.moves if s in states and b == bits[c]}
        return bool(states & self.accepting)


def make_propagator(p: Primitive, ds: Sequence[int]) -> Propagator:
    """The propagator of one primitive for the digit set ``ds`` (increasing)."""
    index = {d: i for i, d in enumerate(ds)}
    if isinstance(p, AllDifferent):
        return _AllDifferent(p)
    if isinstance(p, PairTable):
        return _Pair(p, index, len(ds))
    if isinstance(p, Ordered):
        return _Ordered(p, len(ds))
    if isinstance(p, Sum):
        return _Sum(p, ds)
    if isinstance(p, SetRule):
        return _SetRule(p, index)
    if isinstance(p, Table):
        return _Table(p, index)
    return _Automaton(p, index)


class ConstraintTable:
    """Rules with constraints compiled for search (the ``RulesTable`` interface): the reference
    the C core's ``ConstraintTable`` matches."""

    def __init__(self, rules: Rules) -> None:
        self.n = rules.n
        self.ncells = rules.size
        self.digits = digit_values(rules.n, rules.digits)
        self.props = [make_propagator(p, self.digits) for p in compile_rules(rules)]
        self.watch: list[list[int]] = [[] for _ in range(self.ncells)]
        for i, prop in enumerate(self.props):
            for c in dict.fromkeys(prop.cells):
                self.watch[c].append(i)

    def propagate(self, cand: list[int], queue: list[int] | None = None) -> bool:
        """Run the primitives (all, or those of ``queue``) to a fixed point; False on a
        contradiction. ``cand`` is narrowed in place."""
        pending = list(range(len(self.props))) if queue is None else list(queue)
        waiting = set(pending)
        props, watch = self.props, self.watch
        while pending:
            i = pending.pop()
            waiting.discard(i)
            changed = props[i].prune(cand)
            if changed is None:
                return False
            for c in changed:
                for j in watch[c]:
                    if j not in waiting:
                        waiting.add(j)
                        pending.append(j)
        return True

    def start(self, cells: bytes) -> list[int] | None:
        """Candidate masks with the givens placed (None: a value outside the digit set)."""
        full = (1 << self.n) - 1
        cand = [full] * self.ncells
        for c, v in enumerate(cells):
            if v:
                if v > self.n:
                    return None
                cand[c] = 1 << (v - 1)
        return cand

    def solutions(
        self, cand: list[int], rng: Random | None = None, guesses: list[int] | None = None,
        deadline: float | None = None, stop: Any = None,
    ) -> Iterator[list[int]]:
        """Every solution (cell values ``1 … N``) reachable from ``cand``, depth first; a guess's
        child propagates the primitives watching the guessed cell."""
        return depth_first(cand, self.n, self.propagate, None, lambda _queue, cell: self.watch[cell],
                           rng, guesses, deadline, stop, self._keeps_all)

    def _keeps_all(self, values: list[int]) -> bool:
        """True when complete values (``1 … N``) keep every primitive."""
        bits = [v - 1 for v in values]
        return all(p.holds(bits) for p in self.props)

    def solve(
        self, cells: bytes, limit: int, seconds: float = 0.0, stop: Any = None, seed: int = 0
    ) -> tuple[int, bytes | None, int]:
        """(solutions up to ``limit``, the first one, guesses); the count is ``-4`` when
        ``seconds`` (0: no limit) ran out; ``seed`` (not 0) shuffles the guesses."""
        check_stop(stop)
        if len(cells) != self.ncells:
            raise WrongLengthError(len(cells), expected=f"{self.ncells} cells")
        cand = self.start(cells)
        if cand is None:
            return 0, None, 0
        guesses = [0]
        deadline = time.monotonic() + seconds if seconds and seconds > 0 else None
        count, first = 0, None
        try:
            for solution in self.solutions(cand, Random(seed) if seed else None, guesses, deadline, stop):
                first = first or solution
                count += 1
                if count >= max(1, limit):
                    break
        except TimeLimitReached:
            count = LIMIT_REACHED
        return count, (bytes(first) if first is not None else None), guesses[0]

    def solve_many(
        self, puzzles: Sequence[bytes], limit: int, seconds: float = 0.0, stop: Any = None
    ) -> tuple[list[int], list[bytes | None]]:
        """Counts (``-1``: wrong length or a value over N) and first solutions of many puzzles."""
        return solve_each(self, puzzles, limit, seconds, stop)

    def candidates(self, cells: bytes) -> list[int] | None:
        """The candidate masks after propagation from the givens (None: a contradiction)."""
        cand = self.start(cells)
        if cand is None or not self.propagate(cand):
            return None
        return cand
