"""Almost locked sets (HoDoKu): ALS-XZ and ALS-XY-Wing.

An **almost locked set** (ALS) is ``k`` empty cells of one unit holding ``k + 1`` digits between
them: remove any one digit and the rest are locked. A **restricted common candidate** (RCC) of
two ALSs that share no cell is a digit both hold whose places in one all see its places in the
other: it can be true in at most one of them.

- **ALS-XZ**: ALSs A and B with an RCC ``x``. ``x`` is false in A or in B, so that ALS is locked
  on its other digits; any other digit ``z`` of both is then true in A or in B, so a cell seeing
  every ``z`` of A and of B loses ``z``.
- **ALS-XY-Wing**: ALSs A and B each tied to a third, C, by RCCs ``x`` (A-C) and ``y`` (B-C),
  ``x ≠ y``. C cannot hold both, so A is locked without ``x`` or B without ``y``; a digit ``z``
  of A and B (not ``x`` or ``y``) then leaves cells seeing every ``z`` of A and of B.

Sets of up to :data:`MAX_SIZE` cells are used.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.shape import Shape
from sudokit.techniques.base import bit_cells, cell_list, digit_list, eliminations_text, peer_bits
from sudokit.techniques.step import Step

__all__ = ["ALS", "MAX_SIZE", "almost_locked_sets", "find_als_xy_wings", "find_als_xz"]

#: The largest ALS looked for (cells).
MAX_SIZE = 5



@dataclass(frozen=True)
class ALS:
    """An almost locked set: its unit, cells (bit set), digits (mask), and per digit the cells
    holding it and the cells seeing all of those."""

    unit: int
    cells: int
    digits: int
    holders: dict[int, int]
    seers: dict[int, int]

    def names(self, shape: Shape) -> str:
        """``r1c1, r1c5 (1/2/7)``."""
        return f"{cell_list(shape, bit_cells(self.cells))} ({digit_list(self.digits)})"


def almost_locked_sets(cands: Candidates, max_size: int = MAX_SIZE) -> list[ALS]:
    """Every ALS of up to ``max_size`` cells, each cell set once."""
    return _find_sets(cands, max_size)


def _find_sets(cands: Candidates, max_size: int) -> list[ALS]:
    """Search every unit for ALSs (see :func:`almost_locked_sets`)."""
    shape = cands.shape
    masks = cands.masks
    found: dict[int, ALS] = {}
    for unit, unit_cells in enumerate(shape.units):
        empty = [c for c in unit_cells if masks[c]]
        limit = min(max_size, len(empty) - 1)
        for group, union in _groups_of(empty, masks, limit):
            cell_bits = sum(1 << c for c in group)
            if cell_bits not in found:
                found[cell_bits] = _make_als(shape, masks, unit, group, union)
    return list(found.values())


def _groups_of(cells: list[int], masks: list[int], limit: int) -> Iterator[tuple[list[int], int]]:
    """Groups of up to ``limit`` cells whose digits number one more than the cells."""
    stack: list[tuple[int, list[int], int]] = [(0, [], 0)]
    while stack:
        start, group, union = stack.pop()
        for i in range(start, len(cells)):
            new_union = union | masks[cells[i]]
            size = len(group) + 1
            if new_union.bit_count() > limit + 1:
                continue
            new_group = [*group, cells[i]]
            if new_union.bit_count() == size + 1:
                yield new_group, new_union
            if size < limit:
                stack.append((i + 1, new_group, new_union))


def _make_als(shape: Shape, masks: list[int], unit: int, group: list[int], union: int) -> ALS:
    """Build an ALS with its per-digit holders and seers."""
    peers = peer_bits(shape)
    holders: dict[int, int] = {}
    seers: dict[int, int] = {}
    for d in digits_of(union):
        holding = [c for c in group if masks[c] & bit(d)]
        holders[d] = sum(1 << c for c in holding)
        seeing = -1
        for c in holding:
            seeing &= peers[c]
        seers[d] = seeing
    return ALS(unit, sum(1 << c for c in group), union, holders, seers)


def _links(sets: list[ALS]) -> list[list[tuple[int, int]]]:
    """For each ALS, the ``(other ALS index, digit)`` restricted common candidates it has."""
    by_digit: dict[int, list[int]] = {}
    for i, a in enumerate(sets):
        for d in digits_of(a.digits):
            by_digit.setdefault(d, []).append(i)
    links: list[list[tuple[int, int]]] = [[] for _ in sets]
    for i, a in enumerate(sets):
        for x in digits_of(a.digits):
            seen_x = a.seers[x]
            for j in by_digit[x]:
                b = sets[j]
                if j > i and not b.cells & a.cells and not b.holders[x] & ~seen_x:
                    links[i].append((j, x))
                    links[j].append((i, x))
    return links


def _targets(cands: Candidates, a: ALS, b: ALS, z: int) -> list[tuple[int, int]]:
    """Cells outside A and B seeing every ``z`` of both, that still hold ``z``."""
    zone = a.seers[z] & b.seers[z] & ~(a.cells | b.cells)
    return [(c, z) for c in bit_cells(zone) if cands.has(c, z)]


def find_als_xz(cands: Candidates) -> Iterator[Step]:
    """ALS-XZ: two ALSs joined by a restricted common candidate."""
    shape = cands.shape
    sets = almost_locked_sets(cands)
    for i, others in enumerate(_links(sets)):
        a = sets[i]
        done: set[int] = set()
        for j, x in others:
            b = sets[j]
            if j < i or j in done or (a.digits & b.digits).bit_count() < 2:
                continue
            removed = sorted(
                t for z in digits_of(a.digits & b.digits & ~bit(x)) for t in _targets(cands, a, b, z)
            )
            if removed:
                done.add(j)
                yield Step(
                    "ALS-XZ", 7.0, eliminations=tuple(removed),
                    cells=tuple(bit_cells(a.cells | b.cells)), units=(a.unit, b.unit),
                    candidates=tuple(
                        (c, d) for c in bit_cells(a.cells | b.cells) for d in cands.digits(c)
                    ),
                    explanation=f"A = {a.names(shape)} and B = {b.names(shape)} are almost "
                    f"locked sets; {x} cannot be in both, so one of them is locked without it "
                    f"and their other common digits are in A or in B: "
                    f"{eliminations_text(shape, removed)}",
                    extra={"hodoku": 300},
                )


def find_als_xy_wings(cands: Candidates) -> Iterator[Step]:
    """ALS-XY-Wings: two ALSs each tied to a pivot ALS by different restricted commons."""
    shape = cands.shape
    sets = almost_locked_sets(cands)
    for k, others in enumerate(_links(sets)):
        c = sets[k]
        linked = [(sets[j], x) for j, x in others]
        for (a, x), (b, y) in combinations(linked, 2):
            if x == y or a is b or a.cells & b.cells:
                continue
            zs = digits_of(a.digits & b.digits & ~bit(x) & ~bit(y))
            removed = sorted(
                t for z in zs for t in _targets(cands, a, b, z) if not (1 << t[0]) & c.cells
            )
            if removed:
                yield Step(
                    "ALS-XY-Wing", 7.2, eliminations=tuple(removed),
                    cells=tuple(bit_cells(a.cells | b.cells | c.cells)),
                    units=(a.unit, b.unit, c.unit),
                    candidates=tuple(
                        (cell, d) for cell in bit_cells(a.cells | b.cells | c.cells)
                        for d in cands.digits(cell)
                    ),
                    explanation=f"Pivot C = {c.names(shape)} shares restricted commons {x} with "
                    f"A = {a.names(shape)} and {y} with B = {b.names(shape)}; C cannot hold both, "
                    f"so A or B is locked without them and their common digits are in A or in B: "
                    f"{eliminations_text(shape, removed)}",
                    extra={"hodoku": 320},
                )
