"""The N×N C solver (csrc/solve/nxn.c) on sparse and broken grids: exact counts against the pure-Python
reference, valid solutions, and no thrashing on a sparse 25×25 puzzle that used to take ~8,000
guesses."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sudokit.engine import backend, reference
from sudokit.formats.reader import DIGIT_CHARS
from sudokit.shape import Shape

CORE: Any = backend._ENGINES.get("c")
needs_core = pytest.mark.skipif(CORE is None, reason="the C extension is not built")

#: A 25×25 grid with half its cells emptied (two or more solutions); the solver before dom/wdeg
#: guessing needed 8,079 guesses for its uniqueness check (plain fewest-candidates: 54,374), the
#: current one 218.
SPARSE_25 = (
    "8O..L.2.19.....IB..C..M.7.1..2M.P3.8.BC.6KJAD.LE49.9..M.6GJL.E1.NO.4...AB..EGB6.7...4"
    "....A.....IJ.ON....4.E....36..L95..C.2.1NH6.7G9CK...3.FJ.PL1O.AD..5O..DMI..6L.8.K..3."
    "....CC..LD.7.E..N4..98.6.5.JGH.3.E.F..H8C9K.D.N..IL2..P9.G..1.6L.7.....D.2...NI..L.D."
    ".P.I.5...C....6.F.M27...3.D19J..PO2MLKE8A5G....C..63.A.DG8..BPO9..7.K.6P.58LH.MK..N.3"
    "DGC4.1E.J.....1.85..F.J...2..3P..9L..87P...G1.5D...3.B..H.CA..5.OHI7.M..G961...EJN.2."
    "G...N2BJ5.K7..8PMI..6.1LO.CL2.EF....JI.HN.....3.PDI........ANC.BP..HK....FGO.....GEFH"
    "............41.3.4..PKAO7EDM.G....L9IC...I28.5....P.7.K.O..J...AM....CN.L.D.....G6..."
    ".O.8EL..G..1M83...AB.C9.K.D..."
)


def pattern_grid(shape: Shape) -> list[int]:
    n, rows, cols = shape.n, shape.box_rows, shape.box_cols
    return [(cols * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n)]


def shuffled(grid: list[int], shape: Shape, rng: random.Random) -> list[int]:
    """A random grid of the same class: relabelled, bands, stacks, rows and columns shuffled."""
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    rows = [b * br + i for b in rng.sample(range(n // br), n // br) for i in rng.sample(range(br), br)]
    cols = [s * bc + j for s in rng.sample(range(n // bc), n // bc) for j in rng.sample(range(bc), bc)]
    labels = rng.sample(range(1, n + 1), n)
    return [labels[grid[r * n + c] - 1] for r in rows for c in cols]


def is_solution(sol: bytes, puzzle: bytes, shape: Shape) -> bool:
    digits = set(range(1, shape.n + 1))
    if len(sol) != shape.size or any(p and p != s for p, s in zip(puzzle, sol, strict=True)):
        return False
    return all({sol[c] for c in unit} == digits for unit in shape.units)


def puzzles(shape: Shape, count: int, seed: int) -> list[bytes]:
    """Sparse puzzles (often several solutions), some with a given changed (often none)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        grid = shuffled(pattern_grid(shape), shape, rng)
        share = rng.uniform(0.4, 0.8)
        cells = [0 if rng.random() < share else v for v in grid]
        if i % 3 == 2:
            given = [c for c in range(shape.size) if cells[c]]
            cells[rng.choice(given)] = rng.randrange(1, shape.n + 1)
        if reference._check_cells(bytes(cells), shape) == 0:
            out.append(bytes(cells))
    return out


@needs_core
@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (1, 5)])
def test_counts_agree_with_reference(box_rows: int, box_cols: int) -> None:
    shape = Shape(box_rows, box_cols)
    for puzzle in puzzles(shape, 30, box_rows * 10 + box_cols):
        for limit in (1, 2, 3):
            c_count, c_first, guesses = CORE.solve(puzzle, box_rows, box_cols, limit)
            p_count, p_first, _ = reference.solve(puzzle, box_rows, box_cols, limit)
            assert c_count == p_count, (limit, puzzle.hex())
            assert guesses >= 0
            if c_count:
                assert c_first is not None and is_solution(c_first, puzzle, shape)
                if c_count == 1 and limit >= 2:
                    assert c_first == p_first
            else:
                assert c_first is None


@needs_core
def test_sparse_25x25_does_not_thrash() -> None:
    shape = Shape(5, 5)
    puzzle = bytes(0 if ch == "." else DIGIT_CHARS.index(ch) + 1 for ch in SPARSE_25)
    assert len(puzzle) == shape.size
    count, first, guesses = CORE.solve(puzzle, 5, 5, 2)
    assert count == 2
    assert first is not None and is_solution(first, puzzle, shape)
    assert guesses < 2_000


@needs_core
def test_sparse_36x36_does_not_thrash() -> None:
    """A 36×36 grid with 45 % of its cells emptied at random: dom/wdeg alone needed 435,827
    guesses for it; with the all-different (matching) rule, switched on once the search keeps
    failing on grids of 36×36 and up, it needs 2,556."""
    from pathlib import Path

    from sudokit import Grid

    grid = Grid.from_string((Path(__file__).parent / "data" / "sparse_36x36.txt").read_text())
    shape = Shape(6, 6)
    puzzle = bytes(grid.cells)
    for limit in (1, 2):
        count, first, guesses = CORE.solve(puzzle, 6, 6, limit)
        assert count == limit
        assert first is not None and is_solution(first, puzzle, shape)
        assert guesses < 20_000
