"""The setter's pass over a variant puzzle (#26): a unique, minimal puzzle that the logic solver
cannot finish gets givens where it stalls, then loses every given and laid constraint it no
longer needs.

A generated variant puzzle is unique and minimal, yet uniqueness alone does not make it solvable
by a person: with few givens the variant path of :func:`sudokit.explain` often has to guess. The
pass (:func:`make_logical`), on by default for variant puzzles (``logic=False``,
``--no-logic-check`` switch it off):

1. runs that path (:func:`sudokit.techniques.explain.guessed_cells`: the same steps, in the same
   order) with the techniques of :func:`logic_techniques`; at every stall the path places the
   solution's digit in the cell its guess would be on (an empty cell of the fewest candidates),
   and each such cell becomes a given; the path is run again from the start until it guesses no more;
2. unless ``keep``, visits every given in random order and takes it away when the puzzle stays
   unique and the path still needs no guess: a given whose removal lets the solver's count (a
   short one, :func:`sudokit.generation.constrained.count_within`) find two solutions stays at
   once; otherwise the path decides, and a path with no guess proves the puzzle unique (every
   step is sound), so a count that runs out on a slow kind (9×9 little killers) costs nothing
   more. As in digging, one pass leaves the puzzle minimal for both: a given that could not go
   at its turn cannot go later, for the puzzle only loses givens and the logic only loses footholds;
3. then, likewise, takes away every laid constraint the added givens left needed for neither
   (Killer's cages, which cover the grid, and the last constraint of an asked kind stay): a setter
   leaves no decoration. Without ``keep`` nothing else changes; with it the givens only grow.

The path uses the variant techniques below the forcing chains unless the difficulty target asks
for more (``extreme``, or an ER range reaching the first forcing chain): a person can then solve
the puzzle with sums, pair rules, subsets and wings, and :func:`sudokit.explain` (which tries the
same steps first, the forcing chains last) solves it with no guess.

A difficulty target easier than the puzzle came out is then reached by construction
(:func:`ease`): the solution's digit goes in a cell of the hardest step of the rated path, again
and again, until the level (or ER) is within the target; then, unless ``keep``, every given whose
loss leaves the puzzle unique, solved by logic and within the target goes again.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from sudokit.generation.constrained import assemble, count_within
from sudokit.generation.dig import drop_givens
from sudokit.generation.kinds import kind_of, split_names
from sudokit.generation.options import LEVELS, Options
from sudokit.grid import Grid
from sudokit.limits import Deadline, Stop
from sudokit.rules import Cage, Constraint, Rules
from sudokit.techniques import Technique
from sudokit.techniques.explain import guessed_cells
from sudokit.techniques.variants import variant_techniques

__all__ = ["ease", "forcing_from", "logic_techniques", "make_logical", "too_hard"]


def forcing_from(listed: Sequence[Technique]) -> float:
    """The difficulty of the easiest forcing chain among the variant techniques ``listed``."""
    return min((t.difficulty for t in listed if "Forcing" in t.name), default=float("inf"))


def logic_techniques(opts: Options) -> list[Technique]:
    """The variant techniques the pass solves with: all of them for an ``extreme`` target or an ER
    range reaching the first forcing chain, else those below the forcing chains."""
    listed = variant_techniques()
    top = forcing_from(listed)
    target = opts.difficulty
    if target == "extreme" or (isinstance(target, tuple) and target[1] >= top):
        return listed
    return [t for t in listed if t.difficulty < top]


def make_logical(opts: Options, rules: Rules, puzzle: list[int], solution: Sequence[int],
                 rng: random.Random, engine: str, deadline: Deadline,
                 stop: Stop | None = None) -> Rules:
    """Give ``puzzle`` (changed in place) the givens the logic needs and none it does not, and
    take away the laid constraints it then needs for neither (see the module text); the rules
    kept (``rules`` itself when the logic solved the puzzle as it was)."""
    use = logic_techniques(opts)
    answer = Grid._trusted(tuple(solution), opts.shape, rules)
    added = 0
    while True:
        _check(deadline, stop)
        stalls = guessed_cells(_grid(opts, rules, puzzle), answer, use, deadline)
        if not stalls:
            break
        for cell in stalls:
            puzzle[cell] = solution[cell]
        added += len(stalls)
    if not added or opts.keep:
        return rules

    def needed(trial: Rules) -> bool:
        """Two solutions (counted briefly), or else a guess on the path: a path with no guess
        proves the puzzle unique (every step is sound), so an unfinished count costs no more."""
        _check(deadline, stop)
        return (count_within(trial, puzzle, engine, deadline)[0] == 2
                or bool(guessed_cells(_grid(opts, trial, puzzle), answer, use, deadline, first=True)))

    drop_givens(puzzle, rng, deadline, lambda: needed(rules))
    laid = split_names(opts.variant)[1]
    items: list[Cage | Constraint] = [*rules.cages, *rules.constraints]
    for item in rng.sample(items, len(items)):
        kind = kind_of(item) if isinstance(item, Constraint) else None
        if kind not in laid or sum(1 for i in items if isinstance(i, Constraint) and kind_of(i) == kind) < 2:
            continue  # cages stay (they cover the grid), as does a kind's last constraint
        trial = [i for i in items if i is not item]
        smaller = assemble(rules, trial)
        if not needed(smaller):
            items, rules = trial, smaller
    return rules


def too_hard(opts: Options, rating: Any) -> bool:
    """True when a rated puzzle is harder than the difficulty target of ``opts`` (a level above
    the named one, or an ER above the range)."""
    if getattr(rating, "status", None) != "rated":
        return False
    target = opts.difficulty
    if isinstance(target, tuple):
        return float(rating.er) > target[1]
    if isinstance(target, str) and target in LEVELS and rating.level in LEVELS:
        return LEVELS.index(rating.level) > LEVELS.index(target)
    return False


def ease(opts: Options, rules: Rules, puzzle: list[int], solution: Sequence[int], rng: random.Random,
         rate: Callable[[Grid], Any], rating: Any, engine: str, deadline: Deadline,
         stop: Stop | None = None) -> Any:
    """Bring ``puzzle`` (changed in place), rated ``rating`` by ``rate`` (with its steps) and
    harder than the target, within the target: the solution's digit in a cell of the first
    hardest step of the path until it is, then (unless ``keep``) every given taken away whose
    loss leaves it unique (a short count by ``engine`` first), rated and not too hard; the last
    rating."""
    while too_hard(opts, rating) and rating.steps:
        _check(deadline, stop)
        top = max(step.difficulty for step in rating.steps)
        step = next(s for s in rating.steps if s.difficulty == top)
        cells = {c for c, _ in step.placements} or {c for c, _ in step.eliminations} or set(step.cells)
        empty = sorted(c for c in cells if not puzzle[c])
        if not empty:
            return rating
        cell = rng.choice(empty)
        puzzle[cell] = solution[cell]
        rating = rate(_grid(opts, rules, puzzle))
    if too_hard(opts, rating) or getattr(rating, "status", None) != "rated" or opts.keep:
        return rating
    kept = [rating]

    def refused() -> bool:
        """True when the puzzle without the given just taken is not unique, not rated or too hard
        (a short count by ``engine`` first); else its rating is the one kept."""
        _check(deadline, stop)
        if count_within(rules, puzzle, engine, deadline)[0] == 2:
            return True
        trial = rate(_grid(opts, rules, puzzle))
        if getattr(trial, "status", None) != "rated" or too_hard(opts, trial):
            return True
        kept[0] = trial
        return False

    drop_givens(puzzle, rng, deadline, refused)
    return kept[0]


def _grid(opts: Options, rules: Rules, puzzle: Sequence[int]) -> Grid:
    """The puzzle as a grid with its rules."""
    return Grid._trusted(tuple(puzzle), opts.shape, rules)


def _check(deadline: Deadline, stop: Stop | None) -> None:
    """Raise when the time is up or the run was stopped."""
    deadline.check()
    if stop is not None:
        stop.check()
