"""Cell geometry the constraint kinds share: neighbours, moves, pairs along a line, box maps."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise

from sudokit.rules.primitives import PairTable, Primitive, Sum
from sudokit.shape import Shape, shape_for_size

__all__ = [
    "KING_STEPS",
    "KNIGHT_STEPS",
    "ORTHOGONAL_STEPS",
    "box_map",
    "diagonal",
    "differ_pairs",
    "disjoint_groups",
    "equal_sums",
    "moves",
    "neighbours",
    "orthogonal_pairs",
    "pairs_along",
]

#: The (row, column) offsets of a knight's move and of a diagonal king's move, one of each
#: opposite pair (for :func:`moves`): the anti-knight and anti-king rules.
KNIGHT_STEPS = ((1, 2), (2, 1), (1, -2), (2, -1))
KING_STEPS = ((1, 1), (1, -1))
#: Side by side: the non-consecutive rule and every kind drawn between neighbours.
ORTHOGONAL_STEPS = ((0, 1), (1, 0))


def diagonal(n: int, direction: str = "down") -> tuple[int, ...]:
    """The cells of an N×N grid's long diagonal: ``"down"`` ↘ from r1c1, ``"up"`` ↗ from the
    bottom left (the X rule's two diagonals).

    >>> diagonal(3), diagonal(3, "up")
    ((0, 4, 8), (6, 4, 2))
    """
    if direction == "down":
        return tuple(i * n + i for i in range(n))
    return tuple((n - 1 - i) * n + i for i in range(n))


def disjoint_groups(shape: Shape) -> list[tuple[int, ...]]:
    """The cells at the same place in each box, one group a place (the disjoint-groups rule).

    >>> disjoint_groups(Shape(1, 2))
    [(0, 2), (1, 3)]
    """
    return [tuple(box[k] for box in shape.boxes) for k in range(shape.n)]


def orthogonal_pairs(n: int) -> list[tuple[int, int]]:
    """Every pair of side-by-side cells of an N×N grid, ``(low, high)``, sorted."""
    return moves(n, ORTHOGONAL_STEPS)


def neighbours(cell: int, n: int) -> list[int]:
    """The orthogonal neighbours of ``cell`` in an N×N grid."""
    r, c = divmod(cell, n)
    return [
        rr * n + cc
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < n and 0 <= cc < n
    ]


def pairs_along(
    line: Sequence[int], digits: Sequence[int], test: Callable[[int, int], bool]
) -> list[Primitive]:
    """A pair table for each two neighbours along ``line``, allowing the pairs that pass ``test``."""
    return [PairTable.where(a, b, digits, test) for a, b in pairwise(line)]


def moves(n: int, steps: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every pair of cells one of ``steps`` (row, column offsets) apart, ``(low, high)``."""
    out = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in steps:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    a, b = r * n + c, rr * n + cc
                    out.add((min(a, b), max(a, b)))
    return sorted(out)


def differ_pairs(pairs: Iterable[tuple[int, int]], digits: Sequence[int]) -> list[Primitive]:
    """A pair table for each pair: the two digits differ."""
    return [PairTable.where(a, b, digits, lambda x, y: x != y) for a, b in pairs]


def box_map(n: int, boxes: Sequence[int] | None) -> Sequence[int]:
    """The box (region) number of each cell: ``boxes`` if given, else the usual boxes for N."""
    if boxes is not None:
        return boxes
    shape = shape_for_size(n)
    return [shape.box_of(c) for c in range(n * n)]


def equal_sums(segments: Sequence[Sequence[int]]) -> list[Primitive]:
    """Consecutive segments have equal sums: ``Σ seg_k - Σ seg_k+1 == 0`` for each k."""
    out: list[Primitive] = []
    for first, second in pairwise(segments):
        shared = set(first) & set(second)
        a = [c for c in first if c not in shared]
        b = [c for c in second if c not in shared]
        out.append(Sum(tuple(a + b), 0, (1,) * len(a) + (-1,) * len(b)))
    return out
