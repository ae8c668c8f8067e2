"""Wings: a pivot cell and two pincer cells that force a digit into one of the pincers.

Rules:

- **XY-Wing** (SE 4.2): a pivot with candidates ``xy`` sees pincers ``xz`` and ``yz`` (all three
  bivalue). Whatever the pivot holds, one pincer is ``z``; so ``z`` leaves every cell that sees
  both pincers.
- **XYZ-Wing** (SE 4.4): the same with a pivot ``xyz``; the pivot may be ``z`` too, so only
  cells seeing all three lose ``z``.
- **W-Wing** (HoDoKu): two cells with the same two candidates ``xy`` that do not see each
  other, joined by a strong link on ``x`` (a unit where ``x`` has exactly two places, one
  seeing each cell). One of the two cells is ``y``; cells seeing both lose ``y``.

:func:`wings_in` finds the XY- and XYZ-Wing patterns over any peer sets; the variant techniques
use it with their rules' peers (knight's and king's moves, cages).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.techniques.base import common_peers, digit_list, eliminations_text, removable, sees
from sudokit.techniques.step import Link, Step

__all__ = ["find_w_wings", "find_xy_wings", "find_xyz_wings", "wings_in"]


def wings_in(
    masks: Sequence[int], peers: Sequence[Collection[int]], xyz: bool
) -> Iterator[tuple[int, int, int, int, set[int]]]:
    """Every XY-Wing (or XYZ-Wing) ``(pivot, a, b, z, cells seeing them)`` over ``peers``: pivots
    cell by cell, pincers ``a < b`` among its peers; the cells see both pincers (and, for XYZ, the
    pivot) and are none of the three."""
    for pivot, mp in enumerate(masks):
        if mp.bit_count() != (3 if xyz else 2):
            continue
        pincers = sorted(p for p in peers[pivot] if masks[p].bit_count() == 2
                         and (mp & ~masks[p]).bit_count() == 1)
        for i, a in enumerate(pincers):
            ma = masks[a]
            for b in pincers[i + 1:]:
                mb = masks[b]
                z = ma & mb
                # one shared digit z, in the pivot for XYZ only (then the three hold exactly 3 digits)
                if ma == mb or z.bit_count() != 1 or bool(z & mp) != xyz:
                    continue
                seen = set(peers[a]).intersection(peers[b])
                if xyz:
                    seen.intersection_update(peers[pivot])
                yield pivot, a, b, z.bit_length(), seen - {pivot, a, b}


def _wings(cands: Candidates, xyz: bool) -> Iterator[Step]:
    """XY-Wings (or XYZ-Wings), pivot cells row by row."""
    for pivot, a, b, z, seen in wings_in(cands.masks, cands.shape.peers, xyz):
        removed = removable(cands, seen, z)
        if removed:
            yield _wing_step(cands, pivot, a, b, z, removed, xyz)


def _wing_step(
    cands: Candidates, pivot: int, a: int, b: int, z: int, removed: list[tuple[int, int]], xyz: bool
) -> Step:
    """The XY/XYZ-Wing step on pivot and pincers ``a``, ``b`` removing ``z`` from some cells."""
    shape = cands.shape
    mp, ma, mb = cands.masks[pivot], cands.masks[a], cands.masks[b]
    name = "XYZ-Wing" if xyz else "XY-Wing"
    p, pa, pb = (shape.cell_name(c) for c in (pivot, a, b))
    also = f", {p} or " if xyz else " or "
    return Step(
        name, 4.4 if xyz else 4.2, eliminations=tuple(removed), cells=(pivot, a, b),
        candidates=tuple((c, d) for c in (pivot, a, b) for d in cands.digits(c)),
        explanation=f"Pivot {p} ({digit_list(mp)}) sees {pa} ({digit_list(ma)}) and {pb} "
        f"({digit_list(mb)}): whatever {p} holds, {pa}{also}{pb} is {z}, so {z} can be removed "
        f"from cells seeing them all: {eliminations_text(shape, removed)}",
        extra={"hodoku": 180 if xyz else 160},
    )


def find_xy_wings(cands: Candidates) -> Iterator[Step]:
    """XY-Wings (SE 4.2)."""
    return _wings(cands, False)


def find_xyz_wings(cands: Candidates) -> Iterator[Step]:
    """XYZ-Wings (SE 4.4)."""
    return _wings(cands, True)


def strong_links(cands: Candidates, digit: int) -> Iterator[tuple[int, int, int]]:
    """Every ``(unit, a, b)``: ``digit`` has exactly the two places ``a`` and ``b`` in the unit."""
    for unit, cells in enumerate(cands.shape.units):
        places = cands.places(digit, cells)
        if len(places) == 2:
            yield unit, places[0], places[1]


def find_w_wings(cands: Candidates) -> Iterator[Step]:
    """W-Wings: two same bivalue cells joined by a strong link on one of their digits."""
    shape = cands.shape
    masks = cands.masks
    pairs = [c for c in range(shape.size) if masks[c].bit_count() == 2]
    for i, c1 in enumerate(pairs):
        for c2 in pairs[i + 1:]:
            if masks[c1] != masks[c2] or sees(shape, c1, c2):
                continue
            for x in digits_of(masks[c1]):
                y = digits_of(masks[c1] & ~bit(x))[0]
                removed = removable(cands, common_peers(shape, [c1, c2]), y)
                if not removed:
                    continue
                for unit, a, b in strong_links(cands, x):
                    if c1 in (a, b) or c2 in (a, b):
                        continue
                    if not (sees(shape, c1, a) and sees(shape, c2, b)):
                        a, b = b, a
                    if sees(shape, c1, a) and sees(shape, c2, b):
                        yield _w_step(cands, c1, c2, x, y, unit, a, b, removed)
                        break


def _w_step(
    cands: Candidates, c1: int, c2: int, x: int, y: int, unit: int, a: int, b: int,
    removed: list[tuple[int, int]],
) -> Step:
    """Build a W-Wing step."""
    shape = cands.shape
    n1, n2, na, nb = (shape.cell_name(c) for c in (c1, c2, a, b))
    return Step(
        "W-Wing", 6.6, eliminations=tuple(removed), cells=(c1, c2, a, b), units=(unit,),
        candidates=((c1, x), (c1, y), (c2, x), (c2, y), (a, x), (b, x)),
        links=(Link((c1, x), (a, x), False), Link((a, x), (b, x), True), Link((b, x), (c2, x), False)),
        explanation=f"{n1} and {n2} both hold only {min(x, y)}/{max(x, y)}; in "
        f"{shape.unit_name(unit)}, {x} is in {na} or {nb}, which see {n1} and {n2}, so one of "
        f"{n1}, {n2} is not {x} and is {y}; cells seeing both lose {y}: "
        f"{eliminations_text(shape, removed)}",
        extra={"hodoku": 150},
    )
