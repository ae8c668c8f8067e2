"""Write examples/nxn.txt: one N×N puzzle with a unique solution per size, made with the solver.

Run from the repository root: ``python examples/make_nxn.py``. For each size it solves the
empty grid, relabels the digits at random, then empties cells in random order, keeping each
removal only while the puzzle still has exactly one solution. The seed makes it repeatable
(for a given engine: the C and Python engines may find different first solutions).
"""

from __future__ import annotations

import random
from pathlib import Path

from sudokit import Grid, count_solutions, solve
from sudokit.shape import Shape

#: Each size with a cap on removals (None: as many as keep the solution unique). Emptying a
#: 25×25 grid to the end takes minutes of uniqueness checks, so it stops at 250 removals
#: (which the Python engine still solves in seconds).
SIZES: list[tuple[Shape, int | None]] = [
    (Shape(2, 2), None),
    (Shape(2, 3), None),
    (Shape(3, 4), None),
    (Shape(4, 4), None),
    (Shape(5, 5), 250),
]
OUT = Path(__file__).with_name("nxn.txt")


def full_grid(shape: Shape, rng: random.Random) -> Grid:
    """A random complete grid: the solver's solution of the empty grid, digits relabelled."""
    solution = solve(Grid.empty(shape))
    labels = list(range(1, shape.n + 1))
    rng.shuffle(labels)
    return Grid(tuple(labels[v - 1] for v in solution.cells), shape)


def make_puzzle(shape: Shape, rng: random.Random, max_removals: int | None = None) -> Grid:
    """Empty cells of a random complete grid while the solution stays unique."""
    grid = full_grid(shape, rng)
    cells = list(range(shape.size))
    rng.shuffle(cells)
    removed = 0
    for cell in cells:
        if max_removals is not None and removed >= max_removals:
            break
        candidate = grid.with_cell(cell, 0)
        if count_solutions(candidate, limit=2) == 1:
            grid = candidate
            removed += 1
    return grid


def main() -> None:
    """Make one puzzle per size and write them, one per line, with comments."""
    rng = random.Random(2026)
    lines = [
        "# N×N puzzles in the line format (digits, then A = 10, B = 11, …; '.' for an empty cell).",
        "# Made by examples/make_nxn.py: the solver's solution of the empty grid, digits relabelled,",
        "# then cells emptied in random order while the solution stays unique.",
    ]
    for shape, max_removals in SIZES:
        puzzle = make_puzzle(shape, rng, max_removals)
        assert count_solutions(puzzle, limit=2) == 1
        lines.append(f"# {shape.n}×{shape.n}, boxes {shape.box_rows}×{shape.box_cols}, "
                     f"{puzzle.clue_count} givens")  # fmt: skip
        lines.append(puzzle.to_string())
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
