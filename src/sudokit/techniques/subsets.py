"""Subsets: k cells of a unit holding only k digits (naked), or k digits with only k places (hidden).

Rules, with SE 1.2.1's difficulties:

- **Naked pair/triplet/quad** (3.0 / 3.6 / 5.0): k cells of a unit whose candidates together
  are k digits (each cell with at least two); those digits leave the unit's other cells.
- **Hidden pair/triplet/quad** (3.4 / 4.0 / 5.4): k digits whose places in a unit are k cells
  (each digit with at least two places); those cells lose every other digit.
- **Direct hidden pair/triplet** (2.0 / 2.5): a hidden set counted only when removing the other
  digits from its cells leaves some other digit a single place in the unit; the step is that
  placement.

Like SE, a naked set of size k is only looked for in a unit with at least 2k empty cells and a
hidden set in one with more than 2k (fewer, and the complementary set of the other kind is the
same deduction); a direct hidden set needs more than k. Units: boxes, columns, rows.

The search itself, :func:`naked_sets_in` and :func:`hidden_sets_in`, takes any groups of cells
(with any keys); the variant techniques (:mod:`~sudokit.techniques.variant_basic`) run it over
their regions and cages.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import TypeVar

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.techniques.base import BOX, COL, ROW, cell_list, digit_list, eliminations_text, unit_index
from sudokit.techniques.step import Step

__all__ = [
    "find_direct_hidden_pairs",
    "find_direct_hidden_triplets",
    "find_hidden_pairs",
    "find_hidden_quads",
    "find_hidden_triplets",
    "find_naked_pairs",
    "find_naked_quads",
    "find_naked_triplets",
    "hidden_sets",
    "hidden_sets_in",
    "naked_sets",
    "naked_sets_in",
]

#: A group's key: a unit index here, a region or cage key in the variant techniques.
GroupKey = TypeVar("GroupKey")

_SIZE = {2: "Pair", 3: "Triplet", 4: "Quad"}
_NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
_HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}
_DIRECT = {2: 2.0, 3: 2.5, 4: 4.3}
_HODOKU_NAKED = {2: 60, 3: 80, 4: 120}
_HODOKU_HIDDEN = {2: 70, 3: 100, 4: 150}


def _units(cands: Candidates) -> list[int]:
    """Units in SE's order for subsets: boxes, columns, rows."""
    return [unit_index(cands.shape, k, i) for k in (BOX, COL, ROW) for i in range(cands.n)]


def _empty_count(cands: Candidates, unit: int) -> int:
    """How many cells of a unit are empty."""
    return sum(1 for c in cands.shape.units[unit] if not cands.values[c])


def naked_sets_in(
    masks: Sequence[int], groups: Iterable[tuple[GroupKey, Sequence[int]]], size: int
) -> Iterator[tuple[GroupKey, tuple[int, ...], int]]:
    """Every ``(group, cells, digit mask)``: ``size`` cells of a group (of 2..size candidates
    each, in the group's order) whose candidates together are ``size`` digits."""
    for group, cells in groups:
        small = [c for c in cells if 2 <= masks[c].bit_count() <= size]
        for chosen in combinations(small, size):
            union = 0
            for c in chosen:
                union |= masks[c]
            if union.bit_count() == size:
                yield group, chosen, union


def hidden_sets_in(
    masks: Sequence[int], groups: Iterable[tuple[GroupKey, Sequence[int]]], size: int, n: int
) -> Iterator[tuple[GroupKey, tuple[int, ...], tuple[int, ...]]]:
    """Every ``(group, digits, cells)``: ``size`` digits of 1..n (with two places or more each)
    whose places among a group's cells are ``size`` cells (sorted)."""
    for group, cells in groups:
        places = {d: [c for c in cells if masks[c] & bit(d)] for d in range(1, n + 1)}
        usable = [d for d, where in places.items() if 2 <= len(where) <= size]
        for digits in combinations(usable, size):
            union = sorted({c for d in digits for c in places[d]})
            if len(union) == size:
                yield group, digits, tuple(union)


def naked_sets(cands: Candidates, size: int) -> Iterator[tuple[int, tuple[int, ...], int]]:
    """Every ``(unit, cells, digit mask)`` naked set of ``size`` in a unit with 2·size empty cells."""
    units = cands.shape.units
    groups = ((u, units[u]) for u in _units(cands) if _empty_count(cands, u) >= 2 * size)
    return naked_sets_in(cands.masks, groups, size)


def hidden_sets(
    cands: Candidates, size: int, min_empty: int
) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Every ``(unit, digits, cells)`` hidden set of ``size`` in a unit with > min_empty empty cells."""
    units = cands.shape.units
    groups = ((u, units[u]) for u in _units(cands) if _empty_count(cands, u) > min_empty)
    return hidden_sets_in(cands.masks, groups, size, cands.n)


def _find_naked(cands: Candidates, size: int) -> Iterator[Step]:
    """Naked sets of one size that remove something."""
    shape = cands.shape
    name = "Naked " + _SIZE[size]
    for unit, cells, union in naked_sets(cands, size):
        removed = tuple(
            (c, d)
            for c in shape.units[unit]
            if c not in cells
            for d in digits_of(cands.masks[c] & union)
        )
        if not removed:
            continue
        digits = digit_list(union)
        yield Step(
            name, _NAKED[size], eliminations=removed, cells=cells, units=(unit,),
            candidates=tuple((c, d) for c in cells for d in cands.digits(c)),
            explanation=f"In {shape.unit_name(unit)}, {cell_list(shape, cells)} hold only "
            f"{digits}, so {digits} can be removed from the other cells: "
            f"{eliminations_text(shape, removed)}",
            extra={"hodoku": _HODOKU_NAKED[size]},
        )


def _find_hidden(cands: Candidates, size: int) -> Iterator[Step]:
    """Hidden sets of one size that remove something."""
    shape = cands.shape
    name = "Hidden " + _SIZE[size]
    for unit, digits, cells in hidden_sets(cands, size, 2 * size):
        keep = 0
        for d in digits:
            keep |= bit(d)
        removed = tuple((c, d) for c in cells for d in digits_of(cands.masks[c] & ~keep))
        if not removed:
            continue
        yield Step(
            name, _HIDDEN[size], eliminations=removed, cells=cells, units=(unit,),
            candidates=tuple((c, d) for c in cells for d in digits if cands.has(c, d)),
            explanation=f"In {shape.unit_name(unit)}, {digit_list(digits)} can only go in "
            f"{cell_list(shape, cells)}, so those cells hold nothing else: "
            f"{eliminations_text(shape, removed)}",
            extra={"hodoku": _HODOKU_HIDDEN[size]},
        )


def _find_direct_hidden(cands: Candidates, size: int) -> Iterator[Step]:
    """Hidden sets whose removals leave another digit a single place in the unit; place it."""
    shape = cands.shape
    name = "Direct Hidden " + _SIZE[size]
    for unit, digits, cells in hidden_sets(cands, size, size):
        for other in range(1, cands.n + 1):
            if other in digits:
                continue
            places = cands.places(other, shape.units[unit])
            left = [c for c in places if c not in cells]
            if len(places) < 2 or len(left) != 1:
                continue
            cell = left[0]
            where = shape.cell_name(cell)
            yield Step(
                name, _DIRECT[size], placements=((cell, other),), cells=(cell, *cells),
                units=(unit,),
                candidates=tuple((c, d) for c in cells for d in digits if cands.has(c, d)),
                explanation=f"In {shape.unit_name(unit)}, {digit_list(digits)} can only go in "
                f"{cell_list(shape, cells)}, so {other} is not in those cells; then {other} can only go "
                f"in {where}, so {where} = {other}",
                extra={"hodoku": _HODOKU_HIDDEN[size] + 14},
            )
            break


# One public finder a size (as fish.py's): the registry and the docs name each, with its SE rating.
def find_naked_pairs(cands: Candidates) -> Iterator[Step]:
    """Naked pairs (SE 3.0)."""
    return _find_naked(cands, 2)


def find_naked_triplets(cands: Candidates) -> Iterator[Step]:
    """Naked triplets (SE 3.6)."""
    return _find_naked(cands, 3)


def find_naked_quads(cands: Candidates) -> Iterator[Step]:
    """Naked quads (SE 5.0)."""
    return _find_naked(cands, 4)


def find_hidden_pairs(cands: Candidates) -> Iterator[Step]:
    """Hidden pairs (SE 3.4)."""
    return _find_hidden(cands, 2)


def find_hidden_triplets(cands: Candidates) -> Iterator[Step]:
    """Hidden triplets (SE 4.0)."""
    return _find_hidden(cands, 3)


def find_hidden_quads(cands: Candidates) -> Iterator[Step]:
    """Hidden quads (SE 5.4)."""
    return _find_hidden(cands, 4)


def find_direct_hidden_pairs(cands: Candidates) -> Iterator[Step]:
    """Direct hidden pairs (SE 2.0)."""
    return _find_direct_hidden(cands, 2)


def find_direct_hidden_triplets(cands: Candidates) -> Iterator[Step]:
    """Direct hidden triplets (SE 2.5)."""
    return _find_direct_hidden(cands, 3)
