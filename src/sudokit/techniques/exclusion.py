"""Aligned exclusion: try every way to fill a few cells and strike out the impossible digits.

Rule: take ``k`` cells (the base) and the cells with at most ``k`` candidates that see them
all (the excluders). A combination of digits for the base is impossible if two base cells
that see each other get the same digit, or if it uses up every candidate of an excluder. A
digit of a base cell that appears in no possible combination can be removed.

As in SE 1.2.1: a base cell has at least two candidates and sees at least one excluder (a
cell with 2..k candidates) and no naked single; the base needs two common excluders. For
pairs (**Aligned Pair Exclusion**, 6.2) any two such cells form a base; for triplets
(**Aligned Triplet Exclusion**, 7.5) the third cell is chosen among the other base cells that
are excluders of the first or the second (so it sees one of them and has at most three
candidates).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.techniques.base import cell_list, eliminations_text, sees
from sudokit.techniques.step import Step

__all__ = ["find_aligned_pairs", "find_aligned_triplets"]


def _bases(cands: Candidates, degree: int) -> dict[int, list[int]]:
    """The possible base cells, each with its excluders (peers with 2..degree candidates)."""
    shape = cands.shape
    masks = cands.masks
    result: dict[int, list[int]] = {}
    for cell in range(shape.size):
        if masks[cell].bit_count() < 2:
            continue
        peers = sorted(shape.peers[cell])
        if any(masks[p].bit_count() == 1 for p in peers):
            continue
        excluders = [p for p in peers if 2 <= masks[p].bit_count() <= degree]
        if excluders:
            result[cell] = excluders
    return result


def _exclusion(cands: Candidates, base: tuple[int, ...], excluders: list[int]) -> Step | None:
    """The aligned exclusion step on ``base`` with common ``excluders``, if it removes something."""
    shape = cands.shape
    masks = cands.masks
    ex_masks = [masks[e] for e in excluders]
    seeing = [(i, j) for i, j in combinations(range(len(base)), 2) if sees(shape, base[i], base[j])]
    allowed: list[set[int]] = [set() for _ in base]
    for combo in product(*(digits_of(masks[c]) for c in base)):
        if any(combo[i] == combo[j] for i, j in seeing):
            continue
        used = 0
        for d in combo:
            used |= bit(d)
        if any(m & ~used == 0 for m in ex_masks):
            continue
        for i, d in enumerate(combo):
            allowed[i].add(d)
    removed = tuple(
        (c, d) for i, c in enumerate(base) for d in digits_of(masks[c]) if d not in allowed[i]
    )
    if not removed:
        return None
    pair = len(base) == 2
    return Step(
        "Aligned Pair Exclusion" if pair else "Aligned Triplet Exclusion", 6.2 if pair else 7.5,
        eliminations=removed, cells=base + tuple(excluders),
        candidates=tuple((c, d) for c in excluders for d in digits_of(masks[c])),
        explanation=f"Every way of filling {cell_list(shape, base)} with "
        f"{', '.join(f'{shape.cell_name(c)}={d}' for c, d in removed)} either repeats a digit in "
        f"a unit or takes every candidate of one of {cell_list(shape, excluders)}; so "
        f"{eliminations_text(shape, removed)}",
    )


def find_aligned_pairs(cands: Candidates) -> Iterator[Step]:
    """Aligned pair exclusions (SE 6.2)."""
    bases = _bases(cands, 2)
    cells = list(bases)
    for c0, c1 in combinations(cells, 2):
        other = set(bases[c1])
        common = [e for e in bases[c0] if e in other]
        if len(common) >= 2:
            step = _exclusion(cands, (c0, c1), common)
            if step is not None:
                yield step


def find_aligned_triplets(cands: Candidates) -> Iterator[Step]:
    """Aligned triplet exclusions (SE 7.5)."""
    bases = _bases(cands, 3)
    cells = list(bases)
    for c0, c1 in combinations(cells, 2):
        twin = [c for c in dict.fromkeys(bases[c0] + bases[c1]) if c in bases and c not in (c0, c1)]
        first = set(bases[c0]) & set(bases[c1])
        for tail in twin:
            common = [e for e in bases[c0] if e in first and e in set(bases[tail])]
            if len(common) >= 2:
                step = _exclusion(cands, (c0, c1, tail), common)
                if step is not None:
                    yield step
