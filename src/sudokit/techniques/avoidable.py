"""Avoidable rectangles (HoDoKu): unique rectangles made of digits the solver placed.

A rectangle of four cells in two rows, two columns and two boxes must not be solvable as
``a b / b a`` with none of its digits given: the two digits could then be swapped in those
cells, and the puzzle would have two solutions. Unlike a unique rectangle, this needs to know
which digits were given (``givens``: the puzzle's cells, 0 when empty); the finders find
nothing without it.

Start from two cells of one box and one row (or column), placed (not given) with ``a`` and
``b``; the other side of the rectangle lies in another box, across from them:

- **Type 1**: one far corner is placed (not given) with ``b`` across from ``a``, the other is
  empty: it cannot be ``a``, since that would complete the pattern.
- **Type 2**: both far corners are empty with two candidates each: ``b x`` (across from ``a``)
  and ``a x`` (across from ``b``). They cannot be ``b`` and ``a`` both, so one of them is
  ``x``: ``x`` leaves the cells that see both.

HoDoKu scores both 100 (Hard). The order of steps is HoDoKu's: placed start cells in cell
order, the second cell in box order, the far side in line order, each rectangle once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.techniques.base import cell_list, common_peers, eliminations_text, removable
from sudokit.techniques.step import Step

__all__ = ["find_avoidable_rectangles_1", "find_avoidable_rectangles_2"]

#: A rectangle found: start cell, its box partner, the far corner across from each, a, b.
_Rect = tuple[int, int, int, int, int, int]


def _solved(cands: Candidates, givens: Sequence[int], cell: int) -> bool:
    """True when ``cell`` holds a digit the solver placed (not a given)."""
    return bool(cands.values[cell]) and not givens[cell]


def _bivalue_with(cands: Candidates, cell: int, digit: int) -> bool:
    """True when ``cell`` is empty with two candidates, ``digit`` one of them."""
    mask = cands.masks[cell]
    return not cands.values[cell] and mask.bit_count() == 2 and bool(mask & bit(digit))


def _far_side_fits(cands: Candidates, givens: Sequence[int], far1: int, far2: int, a: int,
                   b: int) -> bool:
    """True when the far corners (``far1`` across from ``a``, ``far2`` across from ``b``) can
    close an avoidable rectangle: one placed and the other bivalue, or both bivalue."""
    values = cands.values
    if values[far1] == b and not givens[far1]:
        return _bivalue_with(cands, far2, a)
    if values[far2] == a and not givens[far2]:
        return _bivalue_with(cands, far1, b)
    return _bivalue_with(cands, far1, b) and _bivalue_with(cands, far2, a)


def _rectangles(cands: Candidates, givens: Sequence[int] | None) -> Iterator[_Rect]:
    """Every candidate avoidable rectangle once, in HoDoKu's order."""
    if givens is None:
        return
    shape = cands.shape
    seen: set[tuple[int, ...]] = set()
    for start in range(shape.size):
        if not _solved(cands, givens, start):
            continue
        a = cands.values[start]
        for partner in shape.boxes[shape.box_of(start)]:
            same_row = shape.row_of(partner) == shape.row_of(start)
            if partner == start or not (same_row or shape.col_of(partner) == shape.col_of(start)):
                continue
            if not _solved(cands, givens, partner):
                continue
            b = cands.values[partner]
            line1 = shape.cols[shape.col_of(start)] if same_row else shape.rows[shape.row_of(start)]
            line2 = shape.cols[shape.col_of(partner)] if same_row else shape.rows[shape.row_of(partner)]
            for far1, far2 in zip(line1, line2, strict=True):
                if shape.box_of(far1) == shape.box_of(start):
                    continue
                if not _far_side_fits(cands, givens, far1, far2, a, b):
                    continue
                key = tuple(sorted((start, partner, far1, far2)))
                if key not in seen:
                    seen.add(key)
                    yield start, partner, far1, far2, a, b


def _step(cands: Candidates, kind: int, rect: _Rect, removed: list[tuple[int, int]], why: str) -> Step:
    """Build an avoidable rectangle step."""
    shape = cands.shape
    start, partner, far1, far2, a, b = rect
    cells = (start, partner, far1, far2)
    return Step(
        f"Avoidable Rectangle type {kind}", 4.5, eliminations=tuple(removed), cells=cells,
        candidates=tuple((c, d) for c in cells for d in (a, b) if cands.has(c, d)),
        explanation=f"{cell_list(shape, (start, partner))} were solved (not given) as {a} and "
        f"{b}; {cell_list(shape, (far1, far2))} must not become {b} and {a}, or the four "
        f"cells could swap their digits (a deadly pattern): {why}: "
        f"{eliminations_text(shape, removed)}",
        extra={"hodoku": 100},
    )


def find_avoidable_rectangles_1(cands: Candidates, givens: Sequence[int] | None = None) -> Iterator[Step]:
    """Avoidable rectangles type 1: three corners placed, the fourth loses the closing digit."""
    for rect in _rectangles(cands, givens):
        _, _, far1, far2, a, b = rect
        if not (cands.values[far1] or cands.values[far2]):
            continue
        cell, digit = (far2, a) if cands.values[far1] else (far1, b)
        if cands.has(cell, digit):
            yield _step(cands, 1, rect, [(cell, digit)],
                        f"{cands.shape.cell_name(cell)} cannot be {digit}")


def find_avoidable_rectangles_2(cands: Candidates, givens: Sequence[int] | None = None) -> Iterator[Step]:
    """Avoidable rectangles type 2: two placed corners, two bivalue ones sharing a digit ``x``."""
    shape = cands.shape
    for rect in _rectangles(cands, givens):
        _, _, far1, far2, _, b = rect
        if cands.values[far1] or cands.values[far2]:
            continue
        x = digits_of(cands.masks[far1] & ~bit(b))[0]
        if not cands.has(far2, x):
            continue
        removed = removable(cands, common_peers(shape, (far1, far2)), x)
        if removed:
            yield _step(cands, 2, rect, removed,
                        f"so one of {cell_list(shape, (far1, far2))} is {x}, and {x} leaves the "
                        "cells seeing both")
