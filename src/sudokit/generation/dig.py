"""Filling and digging: random solution grids, the dig and random-fill methods (pure Python and
in the C core), variant puzzles dug under their rules, and minimality."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import islice

from sudokit.engine import backend, reference
from sudokit.errors import TimeLimitReached
from sudokit.generation.options import Options
from sudokit.generation.variants import variant_rules
from sudokit.grid import Grid
from sudokit.limits import NEVER, Deadline, Stop
from sudokit.rules import Rules
from sudokit.shape import Shape
from sudokit.symmetry import orbits

__all__ = [
    "FILL_MAX_MISSES",
    "FillStats",
    "dig_c",
    "dig_python",
    "is_minimal",
    "random_fill_c",
    "random_fill_python",
    "random_solution",
    "solution_count",
    "variant_attempt",
]

#: Draws in a row whose digit fits no empty cell before a random-fill round counts as a dead end
#: and starts again (the same bound as csrc/make/generate.c's FILL_MAX_MISSES).
FILL_MAX_MISSES = 256

#: The longest a variant's random solution grid may take before the attempt is given up (some
#: random jigsaw maps admit no solution, and proving that can take long).
_VARIANT_FILL_SECONDS = 5.0


@dataclass(frozen=True)
class FillStats:
    """What one random-fill run cost: fill rounds, solver calls, clues and CPU time."""

    rounds: int  #: fill rounds (1 + restarts after a fill with no solution)
    solver_calls: int  #: solver calls, digging included
    clues: int  #: clues when the puzzle first became unique
    clues_after: int  #: clues after digging (equal to ``clues`` without digging)
    seconds: float  #: CPU time of the run (process time: robust on a shared machine)


# -- the pure-Python search ------------------------------------------------------------------------


def _search(
    cells: Sequence[int],
    shape: Shape,
    limit: int,
    rng: random.Random | None = None,
    forbid: Sequence[tuple[int, int]] = (),
) -> list[list[int]]:
    """Up to ``limit`` solutions of ``cells``, with the digits ``forbid`` = (cell, digit) ruled out.

    With ``rng`` the digits of each guessed cell are tried in random order (random grids).
    The search is the reference engine's (:func:`sudokit.engine.reference.solutions`).
    """
    cand = reference.initial_candidates(cells, shape)
    if cand is None:
        return []
    for cell, v in forbid:
        cand[cell] &= ~(1 << (v - 1))
    return list(islice(reference.solutions(cand, shape, rng), limit))


def solution_count(cells: Sequence[int], shape: Shape, solver: backend.Engine, limit: int = 2) -> int:
    """Solutions of ``cells`` up to ``limit``, counted by ``solver`` (an engine)."""
    count, _, _ = solver.solve(bytes(cells), shape.box_rows, shape.box_cols, limit)
    return count


def random_solution(shape: Shape, rng: random.Random) -> list[int]:
    """A random solution grid: randomized search from the empty grid, then random band, stack,
    row-in-band and column-in-stack permutations and a random relabelling."""
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    grid = _search([0] * shape.size, shape, 1, rng)[0]
    bands = list(range(n // br))
    stacks = list(range(n // bc))
    rng.shuffle(bands)
    rng.shuffle(stacks)
    rows: list[int] = []
    for b in bands:
        inside = [b * br + i for i in range(br)]
        rng.shuffle(inside)
        rows += inside
    cols: list[int] = []
    for s in stacks:
        inside = [s * bc + j for j in range(bc)]
        rng.shuffle(inside)
        cols += inside
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    return [labels[grid[r * n + c] - 1] for r in rows for c in cols]


def _forced(cells: Sequence[int], shape: Shape, cell: int, digit: int) -> bool:
    """True when empty ``cell`` must hold ``digit`` by the givens alone: every other digit is
    in its peers (naked single), or each other cell of one of its units is filled or sees
    ``digit`` (hidden single). Then emptying it cannot make a unique puzzle ambiguous."""
    peers = shape.peers
    seen = {cells[p] for p in peers[cell]}
    if digit not in seen and len(seen - {0}) == shape.n - 1:
        return True
    units = shape.units
    for u in shape.cell_units[cell]:
        if all(
            x == cell or cells[x] or any(cells[p] == digit for p in peers[x]) for x in units[u]
        ):
            return True
    return False


def is_minimal(puzzle: Grid, *, engine: str | None = None) -> bool:
    """True when the puzzle is unique and removing any single clue makes it non-unique (under a
    variant's rules for a variant grid)."""
    cells = list(puzzle.cells)
    shape = puzzle.shape
    if puzzle.rules is not None:
        table = backend.rules_table(puzzle.rules, engine)
        return table.solve(bytes(cells), 2)[0] == 1 and all(
            table.solve(bytes([*cells[:c], 0, *cells[c + 1:]]), 2)[0] != 1 for c, v in enumerate(cells) if v
        )
    solver = backend.select(engine)
    if solution_count(cells, shape, solver) != 1:
        return False
    for cell, v in enumerate(puzzle.cells):
        if v:
            cells[cell] = 0
            unique = solution_count(cells, shape, solver) == 1
            cells[cell] = v
            if unique:
                return False
    return True


# -- the methods, pure Python ----------------------------------------------------------------------


def dig_python(
    opts: Options, rng: random.Random, solver: backend.Engine, deadline: Deadline
) -> tuple[list[int], list[int]] | None:
    """One attempt of the dig method: (puzzle, solution), or None when the options were missed."""
    shape = opts.shape
    solution = random_solution(shape, rng)
    puzzle = list(solution)
    if opts.mask is not None:
        puzzle = [v if keep else 0 for v, keep in zip(solution, opts.mask, strict=True)]
        if solution_count(puzzle, shape, solver) != 1:
            return None
        return puzzle, solution
    groups = list(orbits(opts.symmetry, shape.n))
    rng.shuffle(groups)
    count = shape.size
    target = opts.clues
    for orbit in groups:
        deadline.check()
        if target is not None and count - len(orbit) < target:
            continue
        for cell in orbit:
            puzzle[cell] = 0
        forced = all(_forced(puzzle, shape, c, solution[c]) for c in orbit)
        if forced or solution_count(puzzle, shape, solver) == 1:
            count -= len(orbit)
            if target is not None and count == target and not opts.minimal:
                break
        else:
            for cell in orbit:
                puzzle[cell] = solution[cell]
    if target is not None and count != target:
        return None
    return puzzle, solution


def random_fill_python(
    opts: Options, rng: random.Random, solver: backend.Engine, deadline: Deadline
) -> tuple[list[int], list[int], FillStats]:
    """Seed 003's method, steps 1-9, counting fill rounds and solver calls."""
    shape = opts.shape
    n, size = shape.n, shape.size
    start = time.process_time()
    rounds = calls = 0
    while True:
        deadline.check()
        rounds += 1
        puzzle = [0] * size
        used = [0] * (3 * n)  # the paper's w[3][9]: digits used per row, column, box
        units = shape.cell_units
        placed = misses = 0
        while placed < opts.k and misses < FILL_MAX_MISSES:
            cell = rng.randrange(size)  # step 2
            digit = rng.randrange(1, n + 1)  # step 3
            bit = 1 << digit
            for _ in range(size):  # steps 4-5: walk on to the next empty cell that takes it
                r, c, b = units[cell]
                if not puzzle[cell] and not (used[r] | used[c] | used[b]) & bit:
                    break
                cell = (cell + 1) % size
            else:
                misses += 1  # the digit fits nowhere (the paper would loop forever): draw again
                continue
            misses = 0
            puzzle[cell] = digit  # step 6
            used[r] |= bit
            used[c] |= bit
            used[b] |= bit
            placed += 1
        if placed < opts.k:
            continue  # a dead end: every empty cell sees every digit; fill again
        calls += 1  # step 7
        sols = _search(puzzle, shape, 2)
        if not sols:
            continue
        while len(sols) == 2:  # step 8
            a, b2 = sols
            diff = [i for i in range(size) if a[i] != b2[i]]
            cell = rng.choice(diff)
            puzzle[cell] = rng.choice((a, b2))[cell]
            calls += 1
            sols = _search(puzzle, shape, 2)
        break
    solution = sols[0]
    clues = sum(1 for v in puzzle if v)
    after = clues
    if opts.dig:  # step 9
        order = [i for i in range(size) if puzzle[i]]
        rng.shuffle(order)
        for cell in order:
            puzzle[cell] = 0
            calls += 1
            if solution_count(puzzle, shape, solver) == 1:
                after -= 1
            else:
                puzzle[cell] = solution[cell]
    stats = FillStats(rounds, calls, clues, after, time.process_time() - start)
    return puzzle, solution, stats


# -- the C path ------------------------------------------------------------------------------------


@cache
def _orbit_ids(symmetry: str) -> bytes | None:
    """Each cell's orbit number under a 9×9 symmetry, as the C core takes it (None: no symmetry)."""
    if symmetry == "none":
        return None
    ids = bytearray(81)
    for number, orbit in enumerate(orbits(symmetry, 9)):
        for cell in orbit:
            ids[cell] = number
    return bytes(ids)


def dig_c(core: backend.NativeEngine, opts: Options, seed: int) -> tuple[list[int], list[int]] | None:
    """One attempt of the dig method in C (9×9)."""
    mask = bytes(opts.mask) if opts.mask is not None else None
    out = core.gen9_dig(seed, _orbit_ids(opts.symmetry), opts.clues or 0, mask, opts.minimal)
    if out is None:
        return None
    puzzle, solution = out
    return list(puzzle), list(solution)


def random_fill_c(
    core: backend.NativeEngine, opts: Options, seed: int, deadline: Deadline = NEVER,
    stop: Stop | None = None,
) -> tuple[list[int], list[int], FillStats]:
    """Seed 003's method in C (9×9); :class:`TimeLimitReached` when ``deadline`` runs out."""
    start = time.process_time()
    remaining = deadline.remaining()
    made = core.gen9_fill(seed, opts.k, bool(opts.dig), 0.0 if remaining is None else max(remaining, 1e-6),
                          None if stop is None else stop.buffer)
    if made is None:
        raise TimeLimitReached("time limit reached")
    puzzle, solution, rounds, calls, clues, after = made
    stats = FillStats(rounds, calls, clues, after, time.process_time() - start)
    return list(puzzle), list(solution), stats


# -- variants --------------------------------------------------------------------------------------


def variant_attempt(
    opts: Options, aseed: int, engine: str, deadline: Deadline
) -> tuple[list[int], list[int], Rules] | None:
    """One attempt at a puzzle of fixed variant rules: a random solution under them, then digging
    (Killer and the constraint kinds are laid instead: :mod:`sudokit.generation.constrained`)."""
    rng = random.Random(aseed)
    rules = variant_rules(opts.variant, opts.shape, opts.regions, rng)
    table = backend.rules_table(rules, engine)
    size = opts.shape.size
    left = deadline.remaining()
    seconds = _VARIANT_FILL_SECONDS if left is None else max(1e-3, min(left, _VARIANT_FILL_SECONDS))
    count, first, _ = table.solve(bytes(size), 1, seconds=seconds, seed=rng.getrandbits(63) | 1)
    if count < 1 or first is None:
        return None  # a region map (or rules) without any solution: another attempt
    solution = list(first)
    return _dig(list(solution), table, rng, deadline), solution, rules


def _dig(puzzle: list[int], table: backend.RulesSearch, rng: random.Random, deadline: Deadline) -> list[int]:
    """Take away givens in random order while the puzzle stays unique (leaves it minimal)."""
    drop_givens(puzzle, rng, deadline, lambda: table.solve(bytes(puzzle), 2)[0] != 1)
    return puzzle


def drop_givens(
    puzzle: list[int], rng: random.Random, deadline: Deadline, needed: Callable[[], bool]
) -> None:
    """Take away each given of ``puzzle`` (in place) in random order, putting it back when
    ``needed()`` says the puzzle without it is not good enough (the one digging loop of the
    variant generator and the setter's pass)."""
    for cell in rng.sample(range(len(puzzle)), len(puzzle)):
        if not puzzle[cell]:
            continue
        deadline.check()
        digit, puzzle[cell] = puzzle[cell], 0
        if needed():
            puzzle[cell] = digit
