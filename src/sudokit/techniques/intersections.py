"""Intersections (locked candidates): a digit confined to where a box meets a line.

Rules:

- **Pointing** (2.6): in a box, a digit's places all lie in one row (or column); the digit can
  be removed from the rest of that line.
- **Claiming** (2.8): in a row (or column), a digit's places all lie in one box; the digit can
  be removed from the rest of that box.
- **Direct Pointing / Direct Claiming** (1.7 / 1.9): SE's easier variant, counted only when the
  removal leaves the digit a single place in another unit of the first unit's kind crossing
  the second unit (a box for pointing, a line for claiming); the step is that placement.

SE order: box→column, box→row, column→box, row→box; units by index, digits from 1 up.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from sudokit.candidates import Candidates
from sudokit.shape import Shape
from sudokit.techniques.base import BOX, COL, ROW, cell_list, eliminations_text, unit_index
from sudokit.techniques.step import Step

__all__ = ["find_direct_intersections", "find_intersections", "locked_sets"]

#: The (first unit kind, second unit kind) pairs in SE's search order.
_PAIRS = ((BOX, COL), (BOX, ROW), (COL, BOX), (ROW, BOX))


@cache
def _crossing(shape: Shape) -> dict[int, tuple[int, ...]]:
    """For each unit, the units of the other family (box or line) that share cells with it."""
    result = {}
    for u1, cells in enumerate(shape.units):
        box = u1 >= 2 * shape.n
        result[u1] = tuple(
            u2 for u2, other in enumerate(shape.units)
            if (u2 >= 2 * shape.n) != box and set(cells) & set(other)
        )
    return result


def locked_sets(cands: Candidates) -> Iterator[tuple[int, int, int, list[int]]]:
    """Every ``(unit1, unit2, digit, places)``: the digit's 2+ places in unit1 all lie in unit2."""
    shape = cands.shape
    n = shape.n
    crossing = _crossing(shape)
    for kind1, kind2 in _PAIRS:
        for i1 in range(n):
            u1 = unit_index(shape, kind1, i1)
            where = [(d, cands.places(d, shape.units[u1])) for d in range(1, n + 1)]
            where = [(d, p) for d, p in where if len(p) > 1]
            for u2 in crossing[u1]:
                if u2 // n != kind2:
                    continue
                inside = set(shape.units[u2])
                for digit, places in where:
                    if all(p in inside for p in places):
                        yield u1, u2, digit, places


def _removed(cands: Candidates, u1: int, u2: int, digit: int) -> list[tuple[int, int]]:
    """The places of ``digit`` in unit2 outside unit1."""
    shape = cands.shape
    first = set(shape.units[u1])
    return [(c, digit) for c in cands.places(digit, shape.units[u2]) if c not in first]


def _is_pointing(cands: Candidates, u1: int) -> bool:
    """True when the first unit is a box (pointing), not a line (claiming)."""
    return u1 >= 2 * cands.n


def _why(cands: Candidates, u1: int, u2: int, digit: int, places: list[int]) -> str:
    """The sentence stating the lock."""
    shape = cands.shape
    return (
        f"In {shape.unit_name(u1)}, {digit} can only go in {cell_list(shape, places)}, "
        f"all in {shape.unit_name(u2)}"
    )


def find_intersections(cands: Candidates) -> Iterator[Step]:
    """Pointing and claiming steps that remove at least one candidate."""
    shape = cands.shape
    for u1, u2, digit, places in locked_sets(cands):
        removed = _removed(cands, u1, u2, digit)
        if not removed:
            continue
        pointing = _is_pointing(cands, u1)
        yield Step(
            "Pointing" if pointing else "Claiming", 2.6 if pointing else 2.8,
            eliminations=tuple(removed), cells=tuple(places), units=(u1, u2),
            candidates=tuple((c, digit) for c in places),
            explanation=f"{_why(cands, u1, u2, digit, places)}, so {digit} can be removed from "
            f"the rest of {shape.unit_name(u2)}: {eliminations_text(shape, removed)}",
            extra={"hodoku": 50},
        )


def find_direct_intersections(cands: Candidates) -> Iterator[Step]:
    """Pointing and claiming that leave a hidden single in a third unit; the step places it."""
    shape = cands.shape
    n = shape.n
    for u1, u2, digit, places in locked_sets(cands):
        crossing = _crossing(shape)[u2]
        kind1 = u1 // n
        line = set(shape.units[u2])
        for i3 in range(n):
            u3 = unit_index(shape, kind1, i3)
            if u3 == u1 or u3 not in crossing:
                continue
            places3 = cands.places(digit, shape.units[u3])
            if len(places3) < 2:
                continue
            left = [c for c in places3 if c not in line]
            if len(left) != 1:
                continue
            cell = left[0]
            where = shape.cell_name(cell)
            pointing = _is_pointing(cands, u1)
            removed = tuple((c, digit) for c in places3 if c in line)
            yield Step(
                "Direct Pointing" if pointing else "Direct Claiming", 1.7 if pointing else 1.9,
                placements=((cell, digit),), cells=(cell, *places), units=(u1, u2, u3),
                candidates=tuple((c, digit) for c in places),
                explanation=f"{_why(cands, u1, u2, digit, places)}, so {digit} is not in "
                f"{cell_list(shape, [c for c, _ in removed])}; then in {shape.unit_name(u3)}, "
                f"{digit} can only go in {where}, so {where} = {digit}",
                extra={"hodoku": 50 + 14, "removed": removed},
            )

