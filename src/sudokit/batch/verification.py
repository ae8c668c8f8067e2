"""Check a data set's given solutions: each puzzle solved and compared with its solution column.

>>> verify("1.3..4.22.4..3.1", "1234341221434321").status
Status.SOLVED
>>> print(verify("1.3..4.22.4..3.1", "1234341221433421").error)
the given solution differs from the solved one at r4c1 (given 3, solved 4) and 1 other cell
>>> for v in verify("1.3..4.22.4..3.1", "1234341221433421").violations: print(v.message)
r4c2 is 4, but the puzzle gives 3
column 1 has two 3s: r2c1, r4c1
column 2 has two 4s: r2c2, r4c2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sudokit.engine.solver import search
from sudokit.errors import SudokuError
from sudokit.formats.reader import Entry
from sudokit.grid import Grid, PuzzleLike, as_grid, find_duplicate
from sudokit.rules import Rules, Violation, check
from sudokit.status import Status

__all__ = ["Verification", "verify", "verify_entry"]


@dataclass(frozen=True)
class Verification:
    """What checking one puzzle against its given solution found.

    ``status`` is ``solved`` when the puzzle has one solution and it is the given one,
    ``invalid`` when the puzzle or the given solution is unreadable or the solution differs,
    ``no_solution`` or ``multiple`` as the solver found; ``solution`` is the solved grid's line
    (``None`` unless there is exactly one) and ``error`` says what is wrong (``None`` if nothing).
    ``violations`` lists every rule the given solution breaks, by name and place
    (:func:`sudokit.rules.check`), and every given of the puzzle it changes (kind ``given``).
    """

    status: Status
    solution: str | None = None
    error: str | None = None
    violations: tuple[Violation, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the given solution is the puzzle's only solution."""
        return self.status is Status.SOLVED

    def to_dict(self) -> dict[str, Any]:
        """The verification as JSON-ready values."""
        out: dict[str, Any] = {"status": self.status.value, "solution": self.solution, "error": self.error}
        if self.violations:
            out["violations"] = [{"kind": v.kind, "message": v.message, "cells": list(v.cells)}
                                 for v in self.violations]
        return out


def _difference(given: Grid, solved: Grid) -> str:
    """Name the first cell where two grids differ and how many others do."""
    cells = [c for c, (a, b) in enumerate(zip(given.cells, solved.cells, strict=True)) if a != b]
    first = cells[0]
    others = len(cells) - 1
    more = f" and {others} other cell{'s' if others != 1 else ''}" if others else ""
    return (f"the given solution differs from the solved one at {solved.shape.cell_name(first)} "
            f"(given {given.cells[first] or 'empty'}, solved {solved.cells[first]}){more}")


def verify(puzzle: PuzzleLike, solution: PuzzleLike | None) -> Verification:
    """Solve ``puzzle`` and compare the result with the given ``solution`` (``None``: only solve)."""
    try:
        grid = as_grid(puzzle, check=False)
    except SudokuError as exc:
        return Verification(Status.INVALID, error=str(exc))
    duplicate = find_duplicate(grid.cells, grid.shape)
    if duplicate is not None:
        return Verification(Status.INVALID, error=str(duplicate))
    found = search(grid, 2)
    if found.count == 0 or found.solution is None:
        return Verification(Status.NO_SOLUTION, error="the puzzle has no solution")
    solved = found.solution.to_string() if found.count == 1 else None
    given: Grid | None = None
    if solution is not None:
        try:
            given = solution if isinstance(solution, Grid) else Grid.from_string(solution, grid.shape,
                                                                                 check=False)
        except SudokuError as exc:
            return Verification(Status.INVALID, solved, f"the given solution is unreadable: {exc}")
    broken = () if given is None else _broken(grid, given)
    if found.count > 1:
        among = "" if given is None else (
            "; the given one is one of them" if given.is_solution_of(grid)
            else "; the given one is not one of them")
        return Verification(Status.MULTIPLE, None, f"the puzzle has several solutions{among}", broken)
    if given is not None and given.cells != found.solution.cells:
        return Verification(Status.INVALID, solved, _difference(given, found.solution), broken)
    return Verification(Status.SOLVED, solved, None, broken)


def _broken(puzzle: Grid, given: Grid) -> tuple[Violation, ...]:
    """The rules of ``puzzle`` the ``given`` grid breaks, and the givens it changes."""
    if len(given.cells) != len(puzzle.cells):
        return ()
    rules = puzzle.rules if puzzle.rules is not None else Rules.classic(puzzle.shape)
    out = [
        Violation("given", f"{puzzle.shape.cell_name(c)} is {v or 'empty'}, but the puzzle gives {p}", (c,))
        for c, (p, v) in enumerate(zip(puzzle.cells, given.cells, strict=True)) if p and p != v
    ]
    return tuple(out + check(rules, given.cells))


def verify_entry(entry: Entry) -> Verification:
    """Verify an entry read from a data set against its ``solution`` field (if it has one)."""
    if entry.error is not None:
        return Verification(Status.INVALID, error=str(entry.error))
    if entry.cells is None or entry.shape is None:
        puzzle: PuzzleLike = entry.text
    else:
        puzzle = Grid(tuple(entry.cells), entry.shape, entry.rules)
    given = (entry.fields or {}).get("solution")
    if given is not None and not isinstance(given, str):
        return Verification(Status.INVALID, error=f"the given solution is not text: {given!r}")
    return verify(puzzle, given or None)
