"""The independent reference of the rules tests: plain enumeration, no propagation.

Every 4×4 Sudoku solution (288 of them) is listed once; a 6×6 grid is completed by a naive
backtracking over its empty cells that checks rows, columns and boxes only. A fill is a solution
of the rules when every constraint's ``broken()`` is empty on it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from functools import cache

from sudokit.rules import Constraint
from sudokit.shape import Shape


@cache
def shape_of(n: int) -> Shape:
    return Shape(2, 2) if n == 4 else Shape(2, 3)


def latin_ok(values: Sequence[int], shape: Shape) -> bool:
    """True when no unit holds a value twice (0: empty)."""
    for unit in shape.units:
        seen = [values[c] for c in unit if values[c]]
        if len(seen) != len(set(seen)):
            return False
    return True


@cache
def all_4x4() -> tuple[tuple[int, ...], ...]:
    """Every 4×4 Sudoku solution, by enumerating rows of permutations."""
    shape = shape_of(4)
    rows = list(itertools.permutations(range(1, 5)))
    out = []
    for grid in itertools.product(rows, repeat=4):
        values = tuple(v for row in grid for v in row)
        if latin_ok(values, shape):
            out.append(values)
    return tuple(out)


def completions(givens: Sequence[int], n: int) -> Iterator[tuple[int, ...]]:
    """Every classic completion of ``givens`` (naive backtracking; 4×4 filters the full list)."""
    if n == 4:
        for s in all_4x4():
            if all(g in (0, v) for g, v in zip(givens, s, strict=True)):
                yield s
        return
    shape = shape_of(n)
    values = list(givens)
    empty = [c for c, v in enumerate(values) if not v]

    def walk(k: int) -> Iterator[tuple[int, ...]]:
        if k == len(empty):
            yield tuple(values)
            return
        c = empty[k]
        used = {values[p] for p in shape.peers[c]}
        for v in range(1, n + 1):
            if v not in used:
                values[c] = v
                yield from walk(k + 1)
        values[c] = 0

    if latin_ok(values, shape):
        yield from walk(0)


def solutions(
    givens: Sequence[int], n: int, constraints: Sequence[Constraint], digits: Sequence[int] | None = None
) -> list[tuple[int, ...]]:
    """The completions every constraint accepts."""
    return [s for s in completions(givens, n) if all(not c.broken(s, digits) for c in constraints)]


def solution_6x6(r: random.Random) -> list[int]:
    """A random 6×6 (2×3 boxes) solution: a pattern shuffled by digits, rows in bands, bands."""
    base = [[(row * 3 + row // 2 + col) % 6 + 1 for col in range(6)] for row in range(6)]
    digits = list(range(1, 7))
    r.shuffle(digits)
    bands = [0, 1, 2]
    r.shuffle(bands)
    rows = [b * 2 + i for b in bands for i in r.sample((0, 1), 2)]
    stacks = r.sample((0, 1), 2)
    cols = [s * 3 + i for s in stacks for i in r.sample((0, 1, 2), 3)]
    out = [digits[base[row][col] - 1] for row in rows for col in cols]
    assert latin_ok(out, shape_of(6))
    return out
