"""Random rules for variant puzzles: the fixed rules of one attempt and random jigsaw region maps
(Killer's cages and the constraint kinds are laid by :mod:`sudokit.generation.laying`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from sudokit.errors import OptionError, ShapeError, VariantError
from sudokit.rules import Rules
from sudokit.shape import Shape, shape_for_size
from sudokit.variant import make_rules, variant_names

__all__ = ["nominal_shape", "random_pieces", "variant_rules"]

def nominal_shape(n: int) -> Shape:
    """The shape of a side-``n`` grid (1×n for a prime side: a jigsaw has no boxes)."""
    try:
        return shape_for_size(n)
    except ShapeError:
        return Shape(1, n)


def variant_rules(variant: Sequence[str], shape: Shape, regions: Sequence[int] | None,
                  rng: random.Random) -> Rules:
    """The fixed rules of one attempt at the ``variant`` names on ``shape``: Killer's cages and
    the constraint kinds left out (for Jigsaw the region map ``regions``, or a random one when None)."""
    names = [v for v in variant if v in variant_names() and v != "killer"]
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
