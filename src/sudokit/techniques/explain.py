"""Explain a puzzle step by step, or give a player the next hint.

- :func:`explain` yields the whole solving path: at each point the first step of the registry
  (:mod:`sudokit.techniques`), applied before looking for the next one. When no technique
  applies it yields a final step named ``"Stuck"`` instead of failing.
- :func:`hint` looks at a player's position (their grid and, optionally, their own pencil
  marks) and returns one step: ``"Wrong Digit"`` when a placed digit contradicts the solution,
  ``"Missing Candidate"`` when a pencil mark the solution needs was erased, ``"Solved"`` when
  there is nothing left to do, else the next step of the registry.

Both take ``time_limit`` (seconds of wall-clock time from the call, None for none) and raise
:class:`~sudokit.errors.TimeLimitReached` when it runs out; the limit is the call's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sudokit.candidates import Candidates, bit
from sudokit.errors import MultipleSolutionsError, NoSolutionError
from sudokit.grid import Grid, PuzzleLike, as_grid, find_duplicate
from sudokit.limits import NEVER, Deadline
from sudokit.solver import search
from sudokit.techniques import Technique, first_step, techniques
from sudokit.techniques.step import Step

__all__ = ["changes", "explain", "explain_until", "hint", "solution_of", "stuck_step"]

#: The pseudo-techniques :func:`hint` and :func:`explain` may report.
STUCK, SOLVED, WRONG_DIGIT, MISSING = "Stuck", "Solved", "Wrong Digit", "Missing Candidate"


def stuck_step(cands: Candidates) -> Step:
    """The final step of a path no technique can continue."""
    left = len(cands.empty_cells())
    return Step(
        STUCK, 0.0,
        explanation=f"No technique sudokit knows applies here ({left} cells still empty); going "
        "on needs guessing or a technique not implemented yet",
    )


def changes(step: Step, cands: Candidates) -> bool:
    """True when applying ``step`` would change ``cands`` (a guard against a finder looping)."""
    return any(not cands.values[c] for c, _ in step.placements) or any(
        cands.has(c, d) for c, d in step.eliminations
    )


def solution_of(grid: Grid, engine: str | None = None) -> Grid:
    """The unique solution of ``grid``; raise if it has none or several."""
    result = search(grid, 2, engine=engine)
    if result.solution is None:
        raise NoSolutionError()
    if result.count > 1:
        raise MultipleSolutionsError()
    return result.solution


def _chosen(se_only: bool, chosen: Iterable[Technique] | None) -> list[Technique]:
    """The techniques to use: the given ones, or the registry (SE's only with ``se_only``)."""
    return list(chosen) if chosen is not None else techniques(se_only=se_only)


def explain(
    puzzle: PuzzleLike, *, se_only: bool = False, chosen: Iterable[Technique] | None = None,
    cands: Candidates | None = None, time_limit: float | None = None, engine: str | None = None,
) -> Iterator[Step]:
    """Yield the steps that solve a puzzle (a Grid or its text), simplest first (registry order).

    ``se_only`` keeps to the techniques Sudoku Explainer rates with (its path); ``chosen``
    gives the techniques explicitly; ``cands`` starts from those pencil marks instead of the
    grid's own. The puzzle must have exactly one solution (uniqueness techniques rely on it):
    that is checked at the call. ``time_limit`` (wall-clock seconds from the call, or None)
    bounds the whole path: iterating raises :class:`~sudokit.errors.TimeLimitReached` once it
    has run out. ``engine`` solves the puzzle (see :mod:`sudokit._engine`).
    """
    deadline = Deadline.after(time_limit)
    return explain_until(as_grid(puzzle), deadline, se_only=se_only, chosen=chosen, cands=cands,
                         engine=engine)


def explain_until(
    grid: Grid, deadline: Deadline = NEVER, *, se_only: bool = False,
    chosen: Iterable[Technique] | None = None, cands: Candidates | None = None,
    engine: str | None = None,
) -> Iterator[Step]:
    """:func:`explain` until ``deadline`` (the grid is checked now, the steps found lazily)."""
    solution_of(grid, engine)
    use = _chosen(se_only, chosen)
    work = cands.copy() if cands is not None else Candidates.from_grid(grid)
    return _path(work, use, deadline)


def _path(work: Candidates, use: list[Technique], deadline: Deadline) -> Iterator[Step]:
    """The steps from ``work`` on, applied to it as they are yielded."""
    while not work.is_solved():
        step = first_step(work, use, deadline)
        if step is None or not changes(step, work):
            yield stuck_step(work)
            return
        yield step
        step.apply(work)


def _wrong_digit(grid: Grid, puzzle: Grid | None, engine: str | None) -> Step | None:
    """A step naming a placed digit that breaks the rules or the solution, or ``None``."""
    shape = grid.shape
    duplicate = find_duplicate(grid.cells, shape)
    if duplicate is not None:
        cells = tuple(i for i in range(shape.size) if shape.cell_name(i) in duplicate.cells)
        return Step(
            WRONG_DIGIT, 0.0, cells=cells,
            candidates=tuple((c, duplicate.digit) for c in cells),
            explanation=f"{duplicate.digit} appears twice in {duplicate.unit} "
            f"({', '.join(duplicate.cells)}); one of them is wrong",
        )
    base = puzzle if puzzle is not None else grid
    try:
        solution = solution_of(base, engine)
    except NoSolutionError:
        return Step(WRONG_DIGIT, 0.0, explanation="This grid has no solution: some placed digit "
                    "is wrong (or the puzzle is broken)")
    for cell, (placed, true) in enumerate(zip(grid.cells, solution.cells, strict=True)):
        if placed and placed != true:
            where = shape.cell_name(cell)
            return Step(
                WRONG_DIGIT, 0.0, cells=(cell,), candidates=((cell, placed),),
                explanation=f"{placed} in {where} is wrong: the puzzle's solution has another "
                f"digit there (take it out)",
                extra={"digit": placed},
            )
    return None


def _player_marks(grid: Grid, marks: Candidates) -> Candidates:
    """The player's pencil marks on the player's grid, minus digits a peer already holds."""
    plain = Candidates.from_grid(grid)
    masks = [0 if grid.cells[c] else marks.masks[c] & plain.masks[c] for c in range(grid.shape.size)]
    return Candidates(list(grid.cells), masks, grid.shape)


def _missing_mark(cands: Candidates, solution: Grid) -> Step | None:
    """A step naming an empty cell whose pencil marks lack its true digit, or ``None``."""
    for cell in cands.empty_cells():
        true = solution.cells[cell]
        if not cands.masks[cell] & bit(true):
            where = cands.shape.cell_name(cell)
            return Step(
                MISSING, 0.0, cells=(cell,), candidates=((cell, true),),
                explanation=f"The pencil marks of {where} have lost the digit that belongs there; "
                f"restore its candidates",
                extra={"digit": true},
            )
    return None


def hint(
    position: PuzzleLike, candidates: Candidates | None = None, *, puzzle: PuzzleLike | None = None,
    se_only: bool = False, chosen: Iterable[Technique] | None = None,
    time_limit: float | None = None, engine: str | None = None,
) -> Step:
    """The next thing a player should do in ``position`` (a Grid or its text; their pencil
    marks in ``candidates``).

    ``puzzle`` is the puzzle as given, when known: it lets a wrong digit be found even when the
    player's grid has no solution left. The answer is always a :class:`Step`; see the module
    docstring for the pseudo-techniques it may name. ``time_limit`` (wall-clock seconds, or
    None) raises :class:`~sudokit.errors.TimeLimitReached` when the search for a step runs
    out of time; ``engine`` solves the puzzle (see :mod:`sudokit._engine`).
    """
    deadline = Deadline.after(time_limit)
    grid = as_grid(position, name="position", check=False)
    puzzle = as_grid(puzzle, name="puzzle", check=False) if puzzle is not None else None
    wrong = _wrong_digit(grid, puzzle, engine)
    if wrong is not None:
        return wrong
    solution = solution_of(puzzle if puzzle is not None else grid, engine)
    if grid.is_complete():
        return Step(SOLVED, 0.0, explanation="The grid is solved")
    cands = _player_marks(grid, candidates) if candidates is not None else Candidates.from_grid(grid)
    missing = _missing_mark(cands, solution)
    if missing is not None:
        return missing
    step = first_step(cands, _chosen(se_only, chosen), deadline)
    return step if step is not None else stuck_step(cands)
