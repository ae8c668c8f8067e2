"""Puzzles defined by their constraints: lay constraints of the asked kinds over a random solution,
add givens only where the constraints cannot fix it, then take away every redundant given and
constraint (unless asked to keep them).

One attempt (:func:`constrained_attempt`):

1. a random solution under the fixed rules (classic, or the variants asked beside the kinds);
2. candidates of each kind laid on it (:mod:`sudokit.generation.laying`): lines of natural lengths
   that share no cell, dots on edges, outside clues, Killer cages of 2 to 5 cells covering the grid;
3. givens where the constraints leave the solution open: while the solver (count, limit 2) finds
   another solution, the digit of the solution goes in a cell where the two differ;
4. unless ``keep``: every given, then every constraint, in random order, is taken away when the
   puzzle stays unique. A thing that could not go at its turn cannot go later (the puzzle only
   loses clues), so one pass leaves a minimal puzzle. Killer cages covering the whole grid stay
   (setters cover it): instead, two neighbouring cages merge into one (at most
   :data:`MERGE_LIMIT` cells, sums added) while the puzzle stays unique, until no merge keeps it
   unique (the fewest cages of that size);
   with ``cage_cover`` under 1 redundant cages are taken away like the other constraints;
5. every asked kind must be needed: without all its constraints the puzzle has several solutions
   (after step 4 that means one of them is left); else the attempt fails.

Uniqueness is always the solver's count with limit 2 (:func:`sudokit.engine.backend.rules_table`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import fields

from sudokit.engine import backend
from sudokit.generation.kinds import find_kind, kind_of, split_names
from sudokit.generation.laying import Layout, lay_cages
from sudokit.generation.options import Options
from sudokit.generation.variants import variant_rules
from sudokit.limits import Deadline
from sudokit.rules import Cage, Constraint, Rules
from sudokit.rules.geometry import neighbours

__all__ = [
    "MERGE_LIMIT", "assemble", "constrained_attempt", "count_within", "is_needed", "merge_pairs", "merged",
]

#: The longest the random solution of one attempt may take (seconds).
_FILL_SECONDS = 5.0

#: The longest one count may take while laying and minimising (seconds): a count that runs out is
#: "not known to be unique", so a given is added or the item kept (the puzzle stays sound).
CHECK_SECONDS = 0.5

#: The largest cage two merged cages may make (laid cages have up to 5 cells; merging stops at 4,
#: so a 9×9 Killer keeps about 25 cages, as published ones have, and stays humanly solvable).
MERGE_LIMIT = 4

#: Item: a Killer cage or a constraint.
Item = Cage | Constraint


def assemble(base: Rules, items: Sequence[Item]) -> Rules:
    """The fixed rules ``base`` with these cages and constraints."""
    values = {f.name: getattr(base, f.name) for f in fields(base) if f.init}
    cages = tuple(i for i in items if isinstance(i, Cage))
    values["compiled"] = {}
    values["cages"] = cages
    values["constraints"] = tuple(i for i in items if not isinstance(i, Cage))
    if cages and "killer" not in base.variants:
        values["variants"] = (*base.variants, "killer")
    return Rules(**values)


def count_within(rules: Rules, puzzle: Sequence[int], engine: str, deadline: Deadline, seed: int = 0,
                 cap: float = CHECK_SECONDS) -> tuple[int, bytes | None]:
    """The solver's count (limit 2) and first solution within ``cap`` seconds (``-4``: it ran
    out) and the deadline."""
    deadline.check()
    left = deadline.remaining()
    seconds = cap if left is None else max(1e-3, min(left, cap))
    count, first, _ = backend.rules_table(rules, engine).solve(bytes(puzzle), 2, seconds=seconds, seed=seed)
    if count == -4:
        deadline.check()
    return count, first


def _unique(rules: Rules, puzzle: Sequence[int], engine: str, deadline: Deadline) -> bool:
    """True when the puzzle is unique: counted within :data:`CHECK_SECONDS`, then ten times that
    when it ran out (still unknown: False, so the given or constraint stays)."""
    count = count_within(rules, puzzle, engine, deadline)[0]
    if count == -4:
        count = count_within(rules, puzzle, engine, deadline, cap=10 * CHECK_SECONDS)[0]
    return count == 1


def _kind(item: Item) -> str | None:
    return "killer" if isinstance(item, Cage) else kind_of(item)


def is_needed(base: Rules, items: Sequence[Item], puzzle: Sequence[int], kind: str, engine: str,
              deadline: Deadline) -> bool:
    """True when the puzzle has several solutions without every constraint of ``kind``."""
    rest = [i for i in items if _kind(i) != kind]
    return count_within(assemble(base, rest), puzzle, engine, deadline)[0] != 1


def _lay(opts: Options, kinds: Sequence[str], layout: Layout) -> bool:
    """Lay the candidates of every kind (in turns, so no kind takes the whole grid); False when
    Killer cages could not cover the grid."""
    n = layout.n
    lines = [find_kind(k) for k in kinds if k != "killer"]
    share = 2 * max(1, len(lines))
    for _ in range(2):  # two turns: each kind gets a half of its tries (shared with the others) in each
        for spec in layout.rng.sample(lines, len(lines)):
            assert spec.lay is not None
            spec.lay(layout, max(1, spec.count(n) // share))
    return "killer" not in kinds or lay_cages(layout, opts.cage_cover, opts.single_cages)


def _add_givens(rules: Rules, puzzle: list[int], solution: Sequence[int], rng: random.Random, engine: str,
                deadline: Deadline) -> None:
    """Givens from the solution where the solver finds another solution, until it finds none."""
    size = len(puzzle)
    while True:
        count, first = count_within(rules, puzzle, engine, deadline, rng.getrandbits(63) | 1)
        if count == 1:
            return
        if count == -4:  # too open to count quickly: a random given
            empty = [c for c in range(size) if not puzzle[c]]
            cell = rng.choice(empty)
            puzzle[cell] = solution[cell]
            continue
        if count < 1 or first is None:
            raise AssertionError("generator bug: constraints laid on a solution admit no solution")
        differ = [c for c in range(size) if first[c] != solution[c]]
        if not differ:  # the search found our solution first: another random order, or a random given
            count, first = count_within(rules, puzzle, engine, deadline, rng.getrandbits(63) | 1)
            differ = [c for c in range(size) if first is not None and first[c] != solution[c]]
            if not differ:
                differ = [c for c in range(size) if not puzzle[c]]
        cell = rng.choice(differ)
        puzzle[cell] = solution[cell]


def _touch(a: Cage, b: Cage, n: int) -> bool:
    """True when two cages share an edge."""
    inside = set(b.cells)
    return any(x in inside for c in a.cells for x in neighbours(c, n))


def merge_pairs(items: Sequence[Item], solution: Sequence[int], n: int,
                tried: Collection[frozenset[int]] = ()) -> list[tuple[Cage, Cage]]:
    """The pairs of neighbouring Killer cages among ``items`` that may merge: at most
    :data:`MERGE_LIMIT` cells together, no digit of ``solution`` in both, not in ``tried``."""
    cages = [i for i in items if isinstance(i, Cage)]
    return [(a, b) for k, a in enumerate(cages) for b in cages[k + 1:]
            if len(a.cells) + len(b.cells) <= MERGE_LIMIT and frozenset(a.cells + b.cells) not in tried
            and not {solution[c] for c in a.cells} & {solution[c] for c in b.cells} and _touch(a, b, n)]


def merged(items: Sequence[Item], a: Cage, b: Cage) -> list[Item]:
    """``items`` with the cages ``a`` and ``b`` made one (their sums added)."""
    cage = Cage(tuple(sorted(a.cells + b.cells)), (a.total or 0) + (b.total or 0))
    return [i for i in items if i is not a and i is not b] + [cage]


def _merge_cages(base: Rules, items: list[Item], puzzle: Sequence[int], solution: Sequence[int],
                 rng: random.Random, engine: str, deadline: Deadline) -> list[Item]:
    """Fewer cages over the same cells: two neighbouring cages of at most :data:`MERGE_LIMIT` cells
    together, with no digit in both, become one (their sums added) while the puzzle stays unique."""
    tried: set[frozenset[int]] = set()
    while True:
        pairs = merge_pairs(items, solution, base.n, tried)
        if not pairs:
            return items
        a, b = rng.choice(pairs)
        tried.add(frozenset(a.cells + b.cells))
        trial = merged(items, a, b)
        if _unique(assemble(base, trial), puzzle, engine, deadline):
            items = trial


def constrained_attempt(
    opts: Options, aseed: int, engine: str, deadline: Deadline
) -> tuple[list[int], list[int], Rules] | None:
    """One attempt at a puzzle of the laid kinds of ``opts.variant``: ``(puzzle, solution, rules)``
    or None when it failed (no solution of the fixed rules in time, cages that could not cover the
    grid, too many givens, or a kind the puzzle does not need)."""
    rng = random.Random(aseed)
    fixed, kinds = split_names(opts.variant)
    base = variant_rules(fixed, opts.shape, opts.regions, rng)
    size = opts.shape.size
    left = deadline.remaining()
    seconds = _FILL_SECONDS if left is None else max(1e-3, min(left, _FILL_SECONDS))
    count, first, _ = backend.rules_table(base, engine).solve(bytes(size), 1, seconds=seconds,
                                                              seed=rng.getrandbits(63) | 1)
    if count < 1 or first is None:
        return None
    solution = list(first)
    layout = Layout(base.n, solution, rng, boxes=base.pieces)
    if not _lay(opts, kinds, layout):
        return None
    items: list[Item] = [*layout.cages, *layout.constraints]
    if any(all(_kind(i) != k for i in items) for k in kinds):
        return None
    rules = assemble(base, items)
    puzzle = [0] * size
    _add_givens(rules, puzzle, solution, rng, engine, deadline)
    if not opts.keep:
        for cell in rng.sample(range(size), size):
            if puzzle[cell]:
                digit, puzzle[cell] = puzzle[cell], 0
                if not _unique(rules, puzzle, engine, deadline):
                    puzzle[cell] = digit
        if opts.cage_cover >= 1.0:
            items = _merge_cages(base, items, puzzle, solution, rng, engine, deadline)
            rules = assemble(base, items)
        order = [i for i in rng.sample(items, len(items)) if opts.cage_cover < 1.0 or not isinstance(i, Cage)]
        for item in order:
            trial = [i for i in items if i is not item]
            smaller = assemble(base, trial)
            if _unique(smaller, puzzle, engine, deadline):
                items, rules = trial, smaller
    givens = sum(1 for v in puzzle if v)
    if opts.killer_givens is not None and "killer" in kinds and givens > opts.killer_givens:
        return None
    if opts.keep:
        if not all(is_needed(base, items, puzzle, k, engine, deadline) for k in kinds):
            return None
    elif any(all(_kind(i) != k for i in items) for k in kinds):
        return None
    return puzzle, solution, rules
