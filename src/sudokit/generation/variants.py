"""Random rules for variant puzzles: the rules of one attempt, random jigsaw region maps and
random Killer cages."""

from __future__ import annotations

import random
from collections.abc import Sequence

from sudokit.errors import OptionError, ShapeError, VariantError
from sudokit.rules import Cage, Rules
from sudokit.shape import Shape, shape_for_size
from sudokit.variant import make_rules

__all__ = ["nominal_shape", "random_cages", "random_pieces", "variant_rules"]

#: Killer cage sizes drawn for random cages (weights: mostly pairs and triples, as setters do).
_CAGE_SIZES = (1, 2, 2, 2, 3, 3, 3, 4, 4, 5)


def nominal_shape(n: int) -> Shape:
    """The shape of a side-``n`` grid (1×n for a prime side: a jigsaw has no boxes)."""
    try:
        return shape_for_size(n)
    except ShapeError:
        return Shape(1, n)


def variant_rules(variant: Sequence[str], shape: Shape, regions: Sequence[int] | None,
                  rng: random.Random) -> Rules:
    """The rules of one attempt at the ``variant`` names on ``shape``, Killer's cages left out (for
    Jigsaw the region map ``regions``, or a random one when None)."""
    names = [v for v in variant if v != "killer"]
    pieces: Sequence[int] | None = None
    if "jigsaw" in names:
        pieces = regions if regions is not None else random_pieces(shape.n, rng)
    box = None if "jigsaw" in names else shape
    try:
        return make_rules(names, box=box, n=shape.n, regions=pieces)
    except VariantError as error:
        raise OptionError(str(error)) from None


def random_pieces(n: int, rng: random.Random) -> list[int]:
    """A random partition of an n×n grid into n connected pieces of n cells (grown from seeds)."""
    size = n * n
    while True:
        piece = [-1] * size
        grown = [0] * n
        starts = rng.sample(range(size), n)
        frontier: list[set[int]] = []
        for p, c in enumerate(starts):
            piece[c] = p
            grown[p] = 1
        for p in range(n):
            frontier.append({x for x in _sides(starts[p], n) if piece[x] < 0})
        stuck = False
        while sum(grown) < size and not stuck:
            open_pieces = [p for p in range(n) if grown[p] < n and frontier[p]]
            if not open_pieces:
                stuck = True
                break
            p = min(open_pieces, key=lambda q: (grown[q], rng.random()))
            c = rng.choice(sorted(frontier[p]))
            piece[c] = p
            grown[p] += 1
            for q in range(n):
                frontier[q].discard(c)
            if grown[p] < n:
                frontier[p].update(x for x in _sides(c, n) if piece[x] < 0)
            else:
                frontier[p].clear()
        if not stuck and all(g == n for g in grown):
            return piece


def _sides(cell: int, n: int) -> list[int]:
    """The orthogonal neighbours of a cell."""
    r, c = divmod(cell, n)
    near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [rr * n + cc for rr, cc in near if 0 <= rr < n and 0 <= cc < n]


def random_cages(solution: Sequence[int], n: int, rng: random.Random) -> list[Cage]:
    """Random connected cages covering the grid, no digit twice in a cage, sums from ``solution``."""
    size = n * n
    cage_of = [-1] * size
    cages: list[Cage] = []
    for start in rng.sample(range(size), size):
        if cage_of[start] >= 0:
            continue
        want = rng.choice(_CAGE_SIZES)
        cells = [start]
        digits = {solution[start]}
        cage_of[start] = len(cages)
        while len(cells) < want:
            free = [x for c in cells for x in _sides(c, n) if cage_of[x] < 0 and solution[x] not in digits]
            if not free:
                break
            x = rng.choice(free)
            cells.append(x)
            digits.add(solution[x])
            cage_of[x] = len(cages)
        cages.append(Cage(tuple(sorted(cells)), sum(solution[c] for c in cells)))
    return cages
