"""Explain a puzzle step by step, or give a player the next hint.

- :func:`explain` yields the whole solving path: at each point the first step of the registry
  (:mod:`sudokit.techniques`), applied before looking for the next one. When no technique
  applies it yields a final step named ``"Stuck"`` instead of failing; on a variant puzzle it
  yields a ``"Guess"`` step instead (the solution's digit in a cell of the fewest candidates,
  said to be a guess) and goes on, so the path always ends solved and says where logic alone
  did not reach.
- :func:`hint` looks at a player's position (their grid and, optionally, their own pencil
  marks) and returns a :class:`Hint` about one step: ``"Wrong Digit"`` when a placed digit
  contradicts the solution, ``"Missing Candidate"`` when a pencil mark the solution needs was
  erased, ``"Solved"`` when there is nothing left to do, else the next step of the registry. At
  level 1 the hint says where to look, at level 2 also which technique, at level 3 it gives the
  whole step.
- :func:`steps_available` lists every step each technique finds in a position now (HoDoKu's
  "find all steps"); :func:`iter_steps_available` gives them one at a time as they are found.

All take ``time_limit`` (seconds of wall-clock time from the call, None for none) and raise
:class:`~sudokit.errors.TimeLimitReached` when it runs out; the limit is the call's own.

A variant puzzle (a grid with :attr:`~sudokit.grid.Grid.rules`) uses the variant techniques of
:mod:`sudokit.techniques.variants` instead of the registry (``se_only`` changes nothing there,
``chosen`` and ``techniques`` name variant techniques), its pencil marks follow its rules, and a
hint points at the region (``diagonal ↘``, ``cage 3 (r1c1…)``) its step uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sudokit.candidates import Candidates, bit
from sudokit.engine.solver import solve
from sudokit.errors import DuplicateGivenError, NoSolutionError, OptionError
from sudokit.grid import Grid, PuzzleLike, as_grid, find_duplicate
from sudokit.limits import NEVER, Deadline
from sudokit.shape import Shape
from sudokit.techniques import Technique, first_step, resolve, techniques
from sudokit.techniques.constraint_parts import technique_rules
from sudokit.techniques.step import Step
from sudokit.techniques.variants import RulesPosition, cage_name, resolve_variant, variant_techniques

__all__ = [
    "Hint",
    "changes",
    "explain",
    "explain_until",
    "focus",
    "guess_step",
    "guessed_cells",
    "hint",
    "iter_steps_available",
    "marks_of",
    "solution_of",
    "steps_available",
    "stuck_step",
]

#: The pseudo-techniques :func:`hint` and :func:`explain` may report.
STUCK, SOLVED, WRONG_DIGIT, MISSING = "Stuck", "Solved", "Wrong Digit", "Missing Candidate"

#: The step of a variant's path where no technique applies and :func:`explain` guesses.
GUESS = "Guess"


#: What a level-2 hint says about the pseudo-techniques that point at a player's mistake (or at
#: a guess, where no logical step is found).
_MISTAKES = {WRONG_DIGIT: "a digit placed there is wrong", MISSING: "a pencil mark is missing there",
             GUESS: "no logical step found: a guess is needed here"}


def focus(step: Step, shape: Shape) -> tuple[int | None, tuple[int, ...]]:
    """Where a player should look for a step: its first unit and that unit's cells, else no
    unit and the cells it places in, else the cells of its proof, else those it eliminates from."""
    if step.units:
        unit = step.units[0]
        return unit, tuple(shape.units[unit])
    cells = {c for c, _ in step.placements} or set(step.cells) or {c for c, _ in step.eliminations}
    return None, tuple(sorted(cells))


@dataclass(frozen=True)
class Hint:
    """A hint about one step, at one of three levels: 1 says where to look (a unit, else some
    cells), 2 also names the technique, 3 gives the whole :class:`Step`.

    ``cells`` are the cells to look at (all those of ``unit`` when the step has one);
    ``technique`` and ``difficulty`` are set from level 2 on, ``step`` at level 3; ``message``
    says the hint in words. :meth:`of` makes the hint of a step at any level.
    """

    level: int
    message: str
    cells: tuple[int, ...] = ()
    unit: int | None = None
    technique: str | None = None
    difficulty: float | None = None
    step: Step | None = None

    @classmethod
    def of(cls, step: Step, shape: Shape, level: int = 3) -> Hint:
        """The hint ``step`` gives at ``level`` (1, 2 or 3) on a grid of ``shape``."""
        _check_level(level)
        unit, cells = focus(step, shape)
        if unit is not None:
            look = f"Look at {shape.unit_name(unit)}"
        elif cells:
            look = "Look at " + ", ".join(shape.cell_name(c) for c in cells[:4])
            look += ", …" if len(cells) > 4 else ""
        else:
            look = step.explanation or "Look at the whole grid"
        if level == 1:
            return cls(1, look, cells, unit)
        if level == 2:
            if not cells:
                message = look
            else:
                message = f"{look}: {_MISTAKES.get(step.technique, 'try ' + step.technique)}"
            return cls(2, message, cells, unit, step.technique, step.difficulty)
        return cls(3, step.explanation, cells, unit, step.technique, step.difficulty, step)

    def to_dict(self, shape: Shape | None = None) -> dict[str, Any]:
        """The hint as JSON-ready values (cells and the unit named when ``shape`` is given; the
        technique from level 2 on, the step from level 3)."""
        out: dict[str, Any] = {
            "level": self.level,
            "message": self.message,
            "cells": [shape.cell_name(c) if shape is not None else c for c in self.cells],
            "unit": None if self.unit is None else shape.unit_name(self.unit) if shape is not None
            else self.unit,
        }
        if self.level >= 2:
            out.update(technique=self.technique, difficulty=self.difficulty)
        if self.step is not None:
            out["step"] = self.step.to_dict(shape)
        return out


def _check_level(level: object) -> None:
    """Raise :class:`OptionError` unless ``level`` is 1, 2 or 3."""
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise OptionError(f"level must be 1, 2 or 3, not {level!r}")


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
    """The unique solution of ``grid``; raise if it has none or several (:func:`~sudokit.solve`)."""
    return solve(grid, engine=engine)


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
    has run out. ``engine`` solves the puzzle (see :mod:`sudokit.engine.backend`).
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
    solution = solution_of(grid, engine)
    if grid.rules is not None:
        marks = _player_marks(grid, cands) if cands is not None else RulesPosition.from_grid(grid)
        return _path(marks, _variant_chosen(chosen), deadline, solution=solution)
    use = _chosen(se_only, chosen)
    work = cands.copy() if cands is not None else Candidates.from_grid(grid)
    return _path(work, use, deadline, grid.cells)


def _variant_chosen(chosen: Iterable[Technique | str] | None) -> list[Technique]:
    """The variant techniques to use: all, or those named like the ``chosen`` ones."""
    return variant_techniques() if chosen is None else resolve_variant(chosen)


def _path(
    work: Candidates, use: list[Technique], deadline: Deadline, givens: Sequence[int] | None = None,
    solution: Grid | None = None,
) -> Iterator[Step]:
    """The steps from ``work`` on, applied to it as they are yielded (``givens``: the puzzle's
    cells, for the techniques that must know which digits were given); when no technique applies,
    a :func:`guess_step` from ``solution`` if given, else a final :func:`stuck_step`."""
    while not work.is_solved():
        step = first_step(work, use, deadline, givens)
        if step is None or not changes(step, work):
            if solution is None or not work.empty_cells():
                yield stuck_step(work)
                return
            step = guess_step(work, solution)
        yield step
        step.apply(work)


def guessed_cells(grid: Grid, solution: Grid, chosen: Iterable[Technique] | None = None,
                  deadline: Deadline = NEVER, *, first: bool = False) -> list[int]:
    """The cells where :func:`explain`'s path of a puzzle with rules guesses (with the ``chosen``
    variant techniques, default all; ``first``: stop at the first guess): empty when logic alone
    solves it."""
    path = _path(RulesPosition.from_grid(grid), _variant_chosen(chosen), deadline, solution=solution)
    cells: list[int] = []
    for step in path:
        if step.technique == GUESS:
            cells.extend(cell for cell, _ in step.placements)
            if first:
                break
    return cells


def guess_step(cands: Candidates, solution: Grid) -> Step:
    """The step of a path that had to guess: the solution's digit placed in an empty cell of the
    fewest candidates (said plainly: what follows is not proven by logic alone)."""
    cell = min(cands.empty_cells(), key=lambda c: (cands.masks[c].bit_count(), c))
    digit = solution.cells[cell]
    where = cands.shape.cell_name(cell)
    options = "/".join(str(d) for d in cands.digits(cell))
    left = len(cands.empty_cells())
    return Step(
        GUESS, 0.0, placements=((cell, digit),), cells=(cell,),
        candidates=tuple((cell, d) for d in cands.digits(cell)),
        explanation=f"No logical step found ({left} cells still empty): this is a guess, not a "
        f"deduction. {where} ({options}) is set to {digit}, the solution's digit, and the path goes "
        f"on from there",
        extra={"regions": [], "guess": True, "hodoku": 0},
    )


def _wrong_digit(grid: Grid, puzzle: Grid | None, engine: str | None) -> Step | None:
    """A step naming a placed digit that breaks the rules or the solution, or ``None``."""
    shape = grid.shape
    if grid.rules is not None:
        broken = grid.rules.violation(grid.cells)
        if isinstance(broken, DuplicateGivenError):
            duplicate: DuplicateGivenError | None = broken
        elif broken is not None:
            return Step(WRONG_DIGIT, 0.0, explanation=f"A placed digit breaks the rules: {broken}")
        else:
            duplicate = None
    else:
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
            return _at_cell(
                WRONG_DIGIT, cell, placed, f"{placed} in {shape.cell_name(cell)} is wrong: the "
                f"puzzle's solution has another digit there (take it out)",
            )
    return None


def _at_cell(kind: str, cell: int, digit: int, explanation: str) -> Step:
    """A step of the player's mistake about one digit of one cell (a wrong digit, a lost mark)."""
    return Step(kind, 0.0, cells=(cell,), candidates=((cell, digit),), explanation=explanation,
                extra={"digit": digit})


def _player_marks(grid: Grid, marks: Candidates) -> Candidates:
    """The player's pencil marks on the player's grid, minus digits a peer already holds (for a
    variant, minus what its rules rule out: a :class:`RulesPosition`)."""
    if grid.rules is not None:
        allowed = RulesPosition.from_grid(grid)
        allowed.masks = [0 if grid.cells[c] else marks.masks[c] & allowed.masks[c]
                         for c in range(grid.shape.size)]
        return allowed
    plain = Candidates.from_grid(grid)
    masks = [0 if grid.cells[c] else marks.masks[c] & plain.masks[c] for c in range(grid.shape.size)]
    return Candidates(list(grid.cells), masks, grid.shape)


def _missing_mark(cands: Candidates, solution: Grid) -> Step | None:
    """A step naming an empty cell whose pencil marks lack its true digit, or ``None``."""
    for cell in cands.empty_cells():
        true = solution.cells[cell]
        if not cands.masks[cell] & bit(true):
            return _at_cell(
                MISSING, cell, true, f"The pencil marks of {cands.shape.cell_name(cell)} have lost "
                f"the digit that belongs there; restore its candidates",
            )
    return None


def _next_step(
    grid: Grid, candidates: Candidates | None, puzzle: Grid | None, use: list[Technique],
    deadline: Deadline, engine: str | None,
) -> Step:
    """The step a hint is about: a mistake of the player's, ``Solved``, or the next step."""
    wrong = _wrong_digit(grid, puzzle, engine)
    if wrong is not None:
        return wrong
    solution = solution_of(puzzle if puzzle is not None else grid, engine)
    if grid.is_complete():
        return Step(SOLVED, 0.0, explanation="The grid is solved")
    cands = _player_marks(grid, candidates) if candidates is not None else marks_of(grid)
    missing = _missing_mark(cands, solution)
    if missing is not None:
        return missing
    step = first_step(cands, use, deadline, puzzle.cells if puzzle is not None else None)
    if step is not None and changes(step, cands):
        return step
    # Where explain guesses (a variant's path), the hint says the same guess plainly.
    return guess_step(cands, solution) if grid.rules is not None else stuck_step(cands)


def hint(
    position: PuzzleLike, candidates: Candidates | None = None, *, puzzle: PuzzleLike | None = None,
    level: int = 3, se_only: bool = False, chosen: Iterable[Technique] | None = None,
    time_limit: float | None = None, engine: str | None = None,
) -> Hint:
    """A hint for a player in ``position`` (a Grid or its text; their pencil marks in
    ``candidates``): at ``level`` 1 where to look, at 2 also which technique, at 3 (the default)
    the whole step (``hint(position).step``).

    ``puzzle`` is the puzzle as given, when known: it lets a wrong digit be found even when the
    player's grid has no solution left. See the module docstring for the pseudo-techniques the
    step may name. ``time_limit`` (wall-clock seconds, or None) raises
    :class:`~sudokit.errors.TimeLimitReached` when the search for a step runs out of time;
    ``engine`` solves the puzzle (see :mod:`sudokit.engine.backend`). A level other than 1, 2 or 3
    raises :class:`~sudokit.errors.OptionError`.
    """
    _check_level(level)
    deadline = Deadline.after(time_limit)
    grid = as_grid(position, name="position", check=False)
    given = as_grid(puzzle, name="puzzle", check=False) if puzzle is not None else None
    use = _variant_chosen(chosen) if grid.rules is not None else _chosen(se_only, chosen)
    step = _next_step(grid, candidates, given, use, deadline, engine)
    if grid.rules is not None:
        return _variant_hint(step, grid, level)
    return Hint.of(step, grid.shape, level)


def marks_of(grid: Grid) -> Candidates:
    """The pencil marks :func:`explain` starts from: under its rules for a variant (constraints
    lifted, cage combinations applied), the plain ones for a classic grid."""
    return RulesPosition.from_grid(grid) if grid.rules is not None else Candidates.from_grid(grid)


def _variant_hint(step: Step, grid: Grid, level: int) -> Hint:
    """The hint a variant's step gives: it points at the step's first region (or cage, or the
    constraint a constraint step comes from)."""
    rules = technique_rules(grid.all_rules)
    regions = step.extra.get("regions")
    cages = step.extra.get("cages")
    if isinstance(regions, list) and regions:
        where, cells = rules.regions[regions[0]].name, rules.regions[regions[0]].cells
    elif isinstance(cages, list) and cages:
        where, cells = cage_name(rules, cages[0]), rules.cages[cages[0]].cells
    elif isinstance(step.extra.get("label"), str) and step.cells:
        where, cells = f"the {step.extra['label']}", step.cells
    else:
        return Hint.of(step, grid.shape, level)
    look = f"Look at {where}"
    if level == 1:
        return Hint(1, look, tuple(cells))
    if level == 2:
        return Hint(2, f"{look}: try {step.technique}", tuple(cells), None, step.technique,
                    step.difficulty)
    return Hint(3, step.explanation, tuple(cells), None, step.technique, step.difficulty, step)


def steps_available(
    position: PuzzleLike, candidates: Candidates | None = None, *,
    techniques: Iterable[str | Technique] | None = None, time_limit: float | None = None,
    engine: str | None = None,
) -> list[Step]:
    """Every step each technique finds in ``position`` now (HoDoKu's "find all steps"), with the
    player's pencil marks ``candidates`` when given: technique by technique in registry order,
    each finder's steps in its own order, a step with the same technique, placements and
    eliminations as an earlier one left out.

    ``techniques`` names the techniques to use (names compare loosely, see
    :func:`sudokit.techniques.resolve`; an unknown one raises
    :class:`~sudokit.errors.OptionError`); by default every technique of the registry but SE's
    nested forcing chains (``Dynamic Forcing Chain (+ …)``, rated 9.5 and up), which take
    seconds to minutes each on a hard position: name them to include them (for a variant, the
    same goes for its ``Dynamic Forcing Chain``). The position must
    have exactly one solution (the uniqueness techniques rely on it), checked with ``engine``.
    ``time_limit`` (wall-clock seconds, or None) raises
    :class:`~sudokit.errors.TimeLimitReached` when it runs out.
    """
    return list(iter_steps_available(position, candidates, techniques=techniques,
                                     time_limit=time_limit, engine=engine))


def iter_steps_available(
    position: PuzzleLike, candidates: Candidates | None = None, *,
    techniques: Iterable[str | Technique] | None = None, time_limit: float | None = None,
    engine: str | None = None,
) -> Iterator[Step]:
    """The steps of :func:`steps_available`, one at a time as they are found (a bad position or
    technique name raises here, at the call; ``TimeLimitReached`` comes from the iteration, after
    the steps found in time).

    >>> from sudokit.techniques.explain import iter_steps_available
    >>> puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    >>> next(iter_steps_available(puzzle)).technique
    'Hidden Single'
    """
    deadline = Deadline.after(time_limit)
    grid = as_grid(position, name="position")
    if grid.rules is not None:
        use = ([t for t in variant_techniques() if t.name != _DYNAMIC] if techniques is None
               else resolve_variant(techniques))
    else:
        use = _all_techniques() if techniques is None else _in_order([resolve(t) for t in techniques])
    solution_of(grid, engine)
    cands = _player_marks(grid, candidates) if candidates is not None else marks_of(grid)
    return _new_steps(use, cands, deadline)


def _new_steps(use: list[Technique], cands: Candidates, deadline: Deadline) -> Iterator[Step]:
    """Each step of the techniques ``use`` in ``cands`` that changes them and was not met before."""
    seen: set[tuple[str, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]] = set()
    for technique in use:
        deadline.check()
        for step in technique.steps(cands, deadline):
            key = (step.technique, step.placements, tuple(sorted(step.eliminations)))
            if key not in seen and changes(step, cands):
                seen.add(key)
                yield step


#: The variant technique left out of :func:`steps_available` unless named (seconds a position).
_DYNAMIC = "Dynamic Forcing Chain"

#: The start of the names of SE's nested forcing chains, left out of :func:`steps_available` unless named.
_NESTED = "Dynamic Forcing Chain (+ "


def _all_techniques() -> list[Technique]:
    """The registry in order, without the nested forcing chains."""
    return [t for t in techniques() if not t.name.startswith(_NESTED)]


def _in_order(chosen: list[Technique]) -> list[Technique]:
    """The chosen techniques in registry order, each once."""
    order = {t.name: i for i, t in enumerate(techniques())}
    unique = {t.name: t for t in chosen}
    return sorted(unique.values(), key=lambda t: order.get(t.name, len(order)))
