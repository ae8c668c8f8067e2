"""Sue de Coq (HoDoKu): two or three cells where a box meets a line, split between the two.

Rule: take ``k`` (2 or 3) empty cells C where a box meets a line, holding digits V with at
least ``k + 2`` of them. Add cells L of the line outside the box and cells B of the box outside
the line, whose digits VL and VB have nothing in common. If C, L and B together are as many
cells as their digits D, every digit of D is in them exactly once (cells of C ∪ L are in one
line, cells of C ∪ B in one box, and L and B share no digit). So a digit of D not among VB is
in C ∪ L and leaves the rest of the line; one not among VL is in C ∪ B and leaves the rest of
the box.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.candidates import Candidates, digits_of
from sudokit.techniques.base import BOX, COL, ROW, cell_list, digit_list, eliminations_text, unit_index
from sudokit.techniques.step import Step

__all__ = ["find_sue_de_coq"]

#: The most cells taken from each of the line and the box.
MAX_SIDE = 2


def _subsets(cells: list[int], masks: list[int], within: int) -> list[tuple[tuple[int, ...], int]]:
    """Nonempty groups of up to MAX_SIDE cells, each sharing a digit with ``within``: (cells, digits)."""
    usable = [c for c in cells if masks[c] & within]
    out = []
    for size in range(1, min(MAX_SIDE, len(usable)) + 1):
        for group in combinations(usable, size):
            union = 0
            for c in group:
                union |= masks[c]
            out.append((group, union))
    return out


def find_sue_de_coq(cands: Candidates) -> Iterator[Step]:
    """Sue de Coq steps on every box-line intersection."""
    shape = cands.shape
    masks = cands.masks
    n = shape.n
    for box in range(n):
        box_unit = unit_index(shape, BOX, box)
        box_cells = set(shape.units[box_unit])
        for kind in (ROW, COL):
            for i in range(n):
                line_unit = unit_index(shape, kind, i)
                line_cells = set(shape.units[line_unit])
                middle = sorted(c for c in box_cells & line_cells if masks[c])
                if len(middle) < 2:
                    continue
                for k in range(2, len(middle) + 1):
                    for core in combinations(middle, k):
                        yield from _with_core(cands, core, box_unit, line_unit, box_cells, line_cells)


def _with_core(
    cands: Candidates, core: tuple[int, ...], box_unit: int, line_unit: int, box_cells: set[int],
    line_cells: set[int],
) -> Iterator[Step]:
    """Sue de Coq steps with the intersection cells ``core``."""
    shape = cands.shape
    masks = cands.masks
    v = 0
    for c in core:
        v |= masks[c]
    if v.bit_count() < len(core) + 2:
        return
    line_rest = sorted(c for c in line_cells - box_cells if masks[c])
    box_rest = sorted(c for c in box_cells - line_cells if masks[c])
    box_groups = _subsets(box_rest, masks, v)
    for lgroup, vl in _subsets(line_rest, masks, v):
        if (v | vl).bit_count() > len(core) + len(lgroup) + MAX_SIDE:
            continue
        for bgroup, vb in box_groups:
            if vl & vb:
                continue
            total = v | vl | vb
            if total.bit_count() != len(core) + len(lgroup) + len(bgroup):
                continue
            used = set(core) | set(lgroup) | set(bgroup)
            removed = sorted(
                [(c, d) for c in line_rest if c not in used for d in digits_of(masks[c] & total & ~vb)]
                + [(c, d) for c in box_rest if c not in used for d in digits_of(masks[c] & total & ~vl)]
            )
            if removed:
                yield Step(
                    "Sue de Coq", 7.0, eliminations=tuple(removed),
                    cells=tuple(sorted(used)), units=(box_unit, line_unit),
                    candidates=tuple((c, d) for c in sorted(used) for d in cands.digits(c)),
                    explanation=f"{cell_list(shape, core)} ({digit_list(v)}), with "
                    f"{cell_list(shape, lgroup)} of {shape.unit_name(line_unit)} "
                    f"({digit_list(vl)}) and {cell_list(shape, bgroup)} of "
                    f"{shape.unit_name(box_unit)} ({digit_list(vb)}), hold exactly the digits "
                    f"{digit_list(total)} once each; so those digits leave the rest of the line "
                    f"and box: {eliminations_text(shape, removed)}",
                    extra={"hodoku": 250},
                )
