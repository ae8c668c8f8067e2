"""Unbiased sampling: uniformly random solution grids and controlled-bias minimal puzzles.

**Uniform grids** (:func:`random_grid`). A *band* is a row of boxes; its *signature* is, for each
column, the set of digits the band puts there. Every box holds each digit once, so within a stack
the band's column sets partition the digits. A grid of ``b`` bands is ``b`` bands whose
signatures are disjoint column by column; with ``b`` = 2 or 3 the last signature is the
complement of the others, and every band with a given signature fits. So the grids are counted
by ``Σ F(S1)·F(S2)·F(S3)`` over compatible signatures, where ``F(S)`` is the number of bands of
signature ``S`` (the proper edge colourings of the column–digit incidence graph with the band's
rows as colours). The sampler draws ``S1`` uniformly among all signatures and ``S2`` uniformly
among those compatible with it (their number is the same for every ``S1``: 56 per stack on 9×9),
accepts the pair with probability ``F(S1)·F(S2)·F(S3) / Fmax³`` (three independent coins, so most
rejections cost one count), then fills each band with a uniformly chosen band of its signature.
Each grid then comes with the same probability: the method is exact given exact random draws
(Python's Mersenne Twister here). ``Fmax`` must bound ``F``: 1728 on 9×9 (checked exhaustively by
tests/test_unbiased.py), otherwise a proven bound (Brègman's bound on perfect matchings, level by
level). 4×4, 6×6 (either box shape: boxes 2 or 3 cells wide make 2 or 3 bands) and 9×9 grids are
drawn; larger ones are refused (:data:`SHAPE_SIDES`).

**Controlled-bias puzzles** (:func:`controlled_bias`). Berthier's controlled-bias generator
(D. Berthier, "Unbiased statistics of a CSP - a controlled-bias generator", CISSE 2009) yields
each minimal puzzle of ``n`` clues with a probability proportional to ``n!(81-n)!/81!`` (a bias
that depends only on ``n``, hence "controlled"; multiplying by ``C(81, n)`` gives the statistics of
all minimal puzzles). This module draws exactly that law: on a uniform grid, one *trial* empties
the cells in a random order while the puzzle stays unique and succeeds when, after the first
clue that cannot go, no later clue can go either, i.e. when the order lists the emptied cells
before the kept ones; a minimal puzzle of ``n`` clues of that grid is the result with
probability ``n!(81-n)!/81!``. About one trial in 258,000 succeeds (Berthier: controlled-bias
generation takes about 257,000 times as long as top-down generation).

A fresh grid for each trial would cost too much (a uniform grid takes about a second in
Python), so each grid gets a fixed block of trials (``trials_per_grid``, whatever their
outcome) and every success of the block is kept: the stream of puzzles then has, in
expectation, exactly the controlled-bias law (puzzles of one grid are not independent, as in
Red Ed's grid-by-grid sampling; a stream cut short inside a block is off by at most that
block). A single puzzle taken alone (the first success of a seed) is not exact: it leans
towards grids with few minimal puzzles, by the factor ``(1 - (1 - T)^m) / (m T)`` for a grid of
success rate ``T`` (about 4e-6) and ``m`` trials a block.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations

from sudokit.engine import backend
from sudokit.errors import OptionError
from sudokit.grid import Grid
from sudokit.limits import NEVER, Deadline
from sudokit.shape import Shape

__all__ = [
    "F_MAX_9",
    "SHAPE_SIDES",
    "TRIALS_PER_GRID",
    "CBPuzzle",
    "band_fills",
    "controlled_bias",
    "count_fills",
    "random_grid",
]

#: The grid sides :func:`random_grid` draws: for larger ones the bound on the band counts is so
#: far above their mean that the rejection takes minutes (8×8) or hours (12×12) a grid.
SHAPE_SIDES = (4, 6, 9)

#: The largest number of bands of one signature on 9×9 (three disjoint K3,3: 12³).
F_MAX_9 = 1728

#: Controlled-bias trials run on each uniform grid (about two successes a block on 9×9, in
#: about 6 s: 10 µs a trial in C, and a second or so for the grid).
TRIALS_PER_GRID = 1 << 19


# -- band signatures ----------------------------------------------------------------------------------


def _stack_sets(shape: Shape, rng: random.Random) -> list[int]:
    """One stack's column sets: the digits in random order cut into ``bc`` sets of ``br`` (bitmasks)."""
    digits = list(range(shape.n))
    rng.shuffle(digits)
    br = shape.box_rows
    return [sum(1 << d for d in digits[i * br:(i + 1) * br]) for i in range(shape.box_cols)]


def _random_signature(shape: Shape, rng: random.Random) -> list[int]:
    """A uniformly random band signature: each column's digit set (bit d-1 for digit d)."""
    return [m for _ in range(shape.n // shape.box_cols) for m in _stack_sets(shape, rng)]


@cache
def _compatible_stacks(br: int, bc: int) -> tuple[tuple[int, ...], ...]:
    """The ordered partitions X of the digits into ``bc`` sets of ``br`` with X[i] disjoint from
    the canonical A[i] = {i·br, …, i·br + br - 1}: a second band's column sets in one stack."""
    n = br * bc
    canon = [sum(1 << d for d in range(i * br, (i + 1) * br)) for i in range(bc)]
    found: list[tuple[int, ...]] = []

    def extend(prefix: list[int], free: int) -> None:
        """Append every way to give the next column a set from ``free``."""
        i = len(prefix)
        if i == bc:
            found.append(tuple(prefix))
            return
        pool = [d for d in range(n) if free >> d & 1 and not canon[i] >> d & 1]
        for chosen in combinations(pool, br):
            mask = sum(1 << d for d in chosen)
            extend([*prefix, mask], free & ~mask)

    extend([], (1 << n) - 1)
    return tuple(found)


def _compatible_signature(shape: Shape, first: Sequence[int], rng: random.Random) -> list[int]:
    """A uniformly random signature disjoint, column by column, from ``first`` (3 bands)."""
    br, bc = shape.box_rows, shape.box_cols
    options = _compatible_stacks(br, bc)
    out: list[int] = []
    for s in range(shape.n // bc):
        sets = first[s * bc:(s + 1) * bc]
        relabel = [d for m in sets for d in range(shape.n) if m >> d & 1]  # canonical digit -> actual
        for mask in rng.choice(options):
            out.append(sum(1 << relabel[d] for d in range(shape.n) if mask >> d & 1))
    return out


# -- counting and listing the bands of a signature ----------------------------------------------------


def _matchings(masks: Sequence[int]) -> Iterator[list[int]]:
    """Every choice of one digit bit per column, all different (a row of the band)."""
    n = len(masks)
    chosen = [0] * n

    def walk(c: int, used: int) -> Iterator[list[int]]:
        """Columns ``c`` onwards."""
        if c == n:
            yield list(chosen)
            return
        free = masks[c] & ~used
        while free:
            bit = free & -free
            free ^= bit
            chosen[c] = bit
            yield from walk(c + 1, used | bit)

    return walk(0, 0)


def _cycles(masks: Sequence[int]) -> int:
    """Cycles of the 2-regular column–digit graph of ``masks`` (two digits a column): its
    components, found by joining the two columns of each digit."""
    parent = list(range(len(masks)))

    def root(x: int) -> int:
        """The representative of column ``x``'s component."""
        while parent[x] != x:
            x = parent[x]
        return x

    for d in range(max(masks).bit_length()):
        a, b = (c for c, m in enumerate(masks) if m >> d & 1)
        parent[root(a)] = root(b)
    return sum(1 for c in range(len(masks)) if parent[c] == c)


def count_fills(masks: Sequence[int], rows: int) -> int:
    """The number of bands of ``rows`` rows with these column sets (``F`` of the module text)."""
    if rows == 1:
        return 1
    if rows == 2:
        return 1 << _cycles(masks)
    return sum(count_fills([m ^ b for m, b in zip(masks, row, strict=True)], rows - 1)
               for row in _matchings(masks))


def band_fills(masks: Sequence[int], rows: int) -> list[list[list[int]]]:
    """Every band with these column sets: a list of ``rows`` rows of digits (1-based)."""
    if rows == 1:
        return [[[b.bit_length() for b in masks]]]
    out: list[list[list[int]]] = []
    for row in _matchings(masks):
        first = [b.bit_length() for b in row]
        for rest in band_fills([m ^ b for m, b in zip(masks, row, strict=True)], rows - 1):
            out.append([first, *rest])
    return out


def f_bound(shape: Shape) -> int:
    """An upper bound of ``F`` for the shape's bands (exact value on 9×9, proven bound otherwise)."""
    if shape == Shape(3, 3):
        return F_MAX_9
    n, bound = shape.n, 1
    for k in range(shape.box_rows, 2, -1):  # Brègman: perfect matchings of a k-regular graph
        bound *= _bregman(k, n)
    return bound * (1 << (n // 2) if shape.box_rows >= 2 else 1)


def _bregman(k: int, n: int) -> int:
    """Brègman's bound (k!)^(n/k) on the perfect matchings of a k-regular n+n bipartite graph, rounded up."""
    fact = 1
    for i in range(2, k + 1):
        fact *= i
    return int(fact ** (n / k)) + 1


# -- uniform grids -----------------------------------------------------------------------------------


def _grid_cells(shape: Shape, rng: random.Random, deadline: Deadline = NEVER) -> list[int]:
    """A uniformly random solution grid of ``shape`` (see the module text) as cell values."""
    br, bc, n = shape.box_rows, shape.box_cols, shape.n
    if n not in SHAPE_SIDES or bc not in (2, 3):
        raise OptionError(f"uniform grids are drawn for {', '.join(f'{k}×{k}' for k in SHAPE_SIDES)} "
                          f"grids, not {n}×{n} (the rejection would take too long)")
    full = (1 << n) - 1
    fmax = f_bound(shape)
    while True:
        deadline.check()
        sig = [_random_signature(shape, rng)]
        if bc == 2:
            sig.append([full ^ m for m in sig[0]])
        else:
            sig.append(_compatible_signature(shape, sig[0], rng))
            sig.append([full ^ a ^ b for a, b in zip(sig[0], sig[1], strict=True)])
        counts = []
        for s in sig:  # one coin per band: accept with probability F1·F2·F3 / Fmax³
            f = count_fills(s, br)
            if f > fmax:
                raise AssertionError(f"band count {f} above the bound {fmax}")
            if rng.randrange(fmax) >= f:
                break
            counts.append(f)
        else:
            rows: list[list[int]] = []
            for s, f in zip(sig, counts, strict=True):
                fills = band_fills(s, br)
                assert len(fills) == f
                rows += fills[rng.randrange(f)]
            return [v for row in rows for v in row]


def random_grid(shape: Shape | None = None, *, seed: int | None = None) -> Grid:
    """A uniformly random solution grid (9×9 unless ``shape`` says otherwise); the same seed
    gives the same grid.

    >>> grid = random_grid(seed=1)
    >>> grid.is_solved(), grid == random_grid(seed=1)
    (True, True)
    """
    shape = shape or Shape(3, 3)
    return Grid.trusted(tuple(_grid_cells(shape, random.Random(seed))), shape)


# -- controlled-bias puzzles ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CBPuzzle:
    """One controlled-bias puzzle: the puzzle, its solution, and which grid block it came from."""

    puzzle: tuple[int, ...]
    solution: tuple[int, ...]
    block: int  #: the number of the grid (0-based) whose trials found it
    trials: int  #: trials run on that grid up to this puzzle


def _trial_python(
    grid: Sequence[int], shape: Shape, rng: random.Random, engine: backend.Engine
) -> list[int] | None:
    """One controlled-bias trial in Python: the kept clues, or None."""
    order = list(range(shape.size))
    rng.shuffle(order)
    cells = list(grid)

    def unique() -> bool:
        """True when ``cells`` has one solution."""
        return engine.solve(bytes(cells), shape.box_rows, shape.box_cols, 2)[0] == 1

    i = 0
    while i < len(order):
        c = order[i]
        cells[c] = 0
        if not unique():
            cells[c] = grid[c]
            break
        i += 1
    for c in order[i + 1:]:
        cells[c] = 0
        ok = not unique()
        cells[c] = grid[c]
        if not ok:
            return None
    return cells


def _block(grid: list[int], shape: Shape, seed: int, trials: int, engine: str | None,
           deadline: Deadline) -> Iterator[tuple[list[int], int]]:
    """The successes of ``trials`` trials on one grid, with the trial count at each."""
    core = backend.native(engine) if shape == Shape(3, 3) else None
    if core is not None:
        done = 0
        while done < trials:
            remaining = deadline.remaining()
            seconds = 0.0 if remaining is None else max(remaining, 1e-6)
            found, ran, timed_out = core.gen9_cbg(seed ^ done, bytes(grid), trials - done, 64, seconds)
            done += ran
            for p in found:
                yield list(p), done
            if timed_out:
                deadline.check()
        return
    rng = random.Random(seed)
    solver = backend.select(engine)
    for t in range(trials):
        if t % 64 == 0:
            deadline.check()
        kept = _trial_python(grid, shape, rng, solver)
        if kept is not None:
            yield kept, t + 1


def controlled_bias(
    count: int | None = None, *, seed: int | None = None, shape: Shape | None = None,
    trials_per_grid: int = TRIALS_PER_GRID, engine: str | None = None, time_limit: float | None = None,
) -> Iterator[CBPuzzle]:
    """Yield ``count`` controlled-bias minimal puzzles (forever with None), grid block by block
    (see the module text); deterministic for a seed (and engine). ``time_limit`` (seconds for
    the whole run) raises :class:`~sudokit.errors.TimeLimitReached` once it runs out."""
    shape = shape or Shape(3, 3)
    if trials_per_grid < 1:
        raise OptionError("trials_per_grid must be at least 1")
    deadline = Deadline.after(time_limit)
    rng = random.Random(seed)
    made = 0
    block = 0
    while count is None or made < count:
        grid = _grid_cells(shape, rng, deadline)
        for puzzle, trials in _block(grid, shape, rng.getrandbits(63), trials_per_grid, engine, deadline):
            yield CBPuzzle(tuple(puzzle), tuple(grid), block, trials)
            made += 1
            if count is not None and made >= count:
                return
        block += 1


def _fmax_exhaustive_9() -> int:
    """The largest ``F`` over all 9×9 band signatures (stack 1 fixed by relabelling, stack 2 up to
    its intersection pattern with stack 1, stack 3 all): a check of :data:`F_MAX_9`."""
    digits = range(9)
    parts: list[tuple[int, int, int]] = []
    for a in combinations(digits, 3):
        rest = [d for d in digits if d not in a]
        for b in combinations(rest, 3):
            c = [d for d in rest if d not in b]
            parts.append((sum(1 << d for d in a), sum(1 << d for d in b), sum(1 << d for d in c)))
    first = (0o7, 0o70, 0o700)
    seen: dict[tuple[int, ...], tuple[int, int, int]] = {}
    for p in parts:
        matrix = [[(x & y).bit_count() for y in first] for x in p]
        key = min(tuple(matrix[r][c] for r in rows for c in cols)
                  for rows in permutations(range(3)) for cols in permutations(range(3)))
        seen.setdefault(key, p)
    return max(count_fills([*first, *second, *third], 3) for second in seen.values() for third in parts)
