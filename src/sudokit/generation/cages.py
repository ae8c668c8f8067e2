"""An easier Killer without givens: a cage at the hardest step of the rated path splits in two.

A Killer generated with no givens (``killer_givens=0``, the default) cannot be eased the way
other variants are (:func:`sudokit.generation.logical.ease` adds givens). Splitting a cage into
two connected cages of at least two cells each, their sums taken from the solution, only adds
information: every filling that meets the two new sums meets the old one, so the puzzle stays
unique and a person gets a smaller sum to start from. :func:`split_cages` does it at the hardest
step of the rated path until the rating is within the target (or no cage there can split).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any

from sudokit.generation.constrained import assemble
from sudokit.generation.logical import too_hard
from sudokit.generation.options import Options
from sudokit.grid import Grid
from sudokit.limits import Deadline, Stop
from sudokit.rules import Cage, Constraint, Rules
from sudokit.rules.geometry import neighbours

__all__ = ["halves", "split_cages"]

#: The fewest cells a cage made by a split may have (no single-cell cage: a given in disguise).
SMALLEST = 2


def _connected(cells: Sequence[int], n: int) -> bool:
    """True when the cells form one piece through shared edges."""
    inside, seen, todo = set(cells), {cells[0]}, [cells[0]]
    while todo:
        for x in neighbours(todo.pop(), n):
            if x in inside and x not in seen:
                seen.add(x)
                todo.append(x)
    return len(seen) == len(inside)


def halves(cage: Cage, n: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every way to cut a cage into two connected parts of at least :data:`SMALLEST` cells (the
    part holding the cage's first cell first)."""
    first, rest = cage.cells[0], cage.cells[1:]
    for k in range(SMALLEST - 1, len(cage.cells) - SMALLEST):
        for chosen in combinations(rest, k):
            part = (first, *chosen)
            other = tuple(c for c in rest if c not in chosen)
            if _connected(part, n) and _connected(other, n):
                yield part, other


def _step_cells(step: Any) -> set[int]:
    """The cells a rated step works on (its placements, else its eliminations, else its cells)."""
    return {c for c, _ in step.placements} or {c for c, _ in step.eliminations} or set(step.cells)


def split_cages(opts: Options, rules: Rules, solution: Sequence[int], puzzle: Sequence[int],
                rng: random.Random, rate: Callable[[Grid], Any], rating: Any, deadline: Deadline,
                stop: Stop | None = None) -> tuple[Rules, Any]:
    """The rules and rating after splitting cages until ``rating`` (of ``puzzle`` under ``rules``,
    by ``rate`` with its steps) is within the target of ``opts``: each time a cage touching the
    first hardest step's cells (else any cage) that can split; the rules as they were when none
    can, or when a split leaves the puzzle unrated."""
    n = rules.n
    while too_hard(opts, rating) and rating.steps:
        deadline.check()
        if stop is not None:
            stop.check()
        top = max(step.difficulty for step in rating.steps)
        near = _step_cells(next(s for s in rating.steps if s.difficulty == top))
        splittable = [cage for cage in rules.cages if next(halves(cage, n), None) is not None]
        if not splittable:
            break
        touching = [cage for cage in splittable if near & set(cage.cells)]
        cage = rng.choice(touching or splittable)
        part, other = rng.choice(list(halves(cage, n)))
        cut = [Cage(tuple(sorted(p)), sum(solution[c] for c in p)) for p in (part, other)]
        kept = [c for c in rules.cages if c is not cage]
        items: list[Cage | Constraint] = [*kept, *cut, *rules.constraints]
        trial = assemble(rules, items)
        trial_rating = rate(Grid.trusted(tuple(puzzle), opts.shape, trial))
        if getattr(trial_rating, "status", None) != "rated":
            break
        rules, rating = trial, trial_rating
    return rules, rating
