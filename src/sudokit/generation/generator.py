"""Generate puzzles with exactly one solution: the dig method and the random-fill method.

Two methods:

``method="dig"`` (the default, the standard one)
    Make a random solution grid, then visit its cells (or symmetry orbits) in random order and
    empty each one when the puzzle stays unique. One pass leaves a *minimal* puzzle: a clue that
    could not be removed at its turn cannot be removed later either, because the puzzle only
    loses clues. With a symmetry the pass removes whole orbits, so the result is *orbit-minimal*;
    ``minimal=True`` additionally demands strict minimality (no single clue removable) and
    rejects symmetric puzzles that are not.

``method="random-fill"``
    Drop random legal digits into random empty cells of an empty grid until ``k`` clues are
    placed, then solve: no solution → start again (a new *fill round*); several → take two
    solutions, copy into the puzzle the digit of one of them at a random cell where they differ,
    and solve again, until unique. With ``dig=True`` the clues are then removed one by one in
    random order when the puzzle stays unique, which makes it minimal. (Where the method comes
    from, and what it costs: docs/generator.md.)

The uniqueness test after emptying cells is "is there a solution where one of the emptied cells
holds another digit?": the puzzle was unique before, so any second solution must differ there.

Reproducibility: every puzzle has a 64-bit *puzzle seed* (``generate_many`` derives puzzle
``i``'s from the run's seed with splitmix64), and the same options, puzzle seed and engine give
the same puzzle. The C engine (``sudokit._core``, 9×9) and the pure-Python path draw different
random numbers, so they give different puzzles for the same seed.

>>> puzzle = generate(seed=7)
>>> from sudokit.engine.solver import is_unique
>>> is_unique(puzzle), puzzle == generate(seed=7)
(True, True)
"""

from __future__ import annotations

import importlib
import math
import os
import random
import re
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, partial
from itertools import islice
from typing import Any

from sudokit.engine import backend, reference
from sudokit.engine.executor import Executor
from sudokit.errors import GenerationError, OptionError, ShapeError, TimeLimitReached, VariantError
from sudokit.formats.reader import BoxLike, as_shape
from sudokit.generation import unbiased, vicinity
from sudokit.grid import Grid, as_grid
from sudokit.limits import NEVER, Deadline, Stop
from sudokit.rules import Cage, Rules
from sudokit.shape import Shape, shape_for_size
from sudokit.symmetry import check_symmetry, is_symmetric, orbits
from sudokit.techniques import HODOKU_LEVELS, family_of, name_key, resolve
from sudokit.variant import find_variant, make_rules, parse_region_map

__all__ = [
    "LEVELS",
    "METHODS",
    "SE_SCALE",
    "FillStats",
    "Generated",
    "GenerationError",
    "Generator",
    "Options",
    "check_technique",
    "generate",
    "generate_many",
    "is_minimal",
    "max_fill_clues",
    "options",
    "parse_difficulty",
    "puzzle_seed",
]

#: The generation methods ("controlled-bias": Berthier's unbiased sampling, see sudokit.generation.unbiased).
METHODS = ("dig", "random-fill", "controlled-bias")

#: The level names a difficulty target may give: HoDoKu's levels, as ``Rating.level`` says them.
LEVELS = tuple(name.lower() for name, _ in HODOKU_LEVELS)

#: The Sudoku Explainer ratings a difficulty range may span (an open end stops here).
SE_SCALE = (0.0, 20.0)

_DIFFICULTY_HELP = (
    f"a HoDoKu level ({', '.join(LEVELS)}), or an SE rating from {SE_SCALE[0]:.1f} to "
    f"{SE_SCALE[1]:.1f}: 7.5, a range 7.0-8.5, at least 9.0-, at most -4.0"
)

#: An SE rating range in text: ``7.0-8.5``, ``9.0-`` (open above), ``-4.0`` (open below).
_RANGE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)?\s*-\s*(\d+(?:\.\d*)?|\.\d+)?\s*")

#: Seconds the rater may spend on one candidate puzzle of a difficulty target.
RATING_TIME_LIMIT = 20.0

#: The lowest ER target searched by climbing from hard puzzles (:mod:`sudokit.generation.vicinity`)
#: rather than by rating random puzzles (about 1 in 30 minimal puzzles is rated 8.0 or more,
#: 1 in 500 is 9.0 or more).
CLIMB_FROM = 8.5

#: From this ER on a target is only searched by climbing (random puzzles are almost never
#: rated so high), so options the climb cannot keep are refused.
CLIMB_ONLY_FROM = 10.0

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


# -- seeds ------------------------------------------------------------------------------------------


#: Draws in a row whose digit fits no empty cell before a random-fill round counts as a dead end
#: and starts again (the same bound as csrc/make/generate.c's FILL_MAX_MISSES).
FILL_MAX_MISSES = 256


def max_fill_clues(shape: Shape) -> int:
    """The largest ``k`` random-fill accepts: 55 of 81 cells (about 2 s a 9×9 puzzle), in scale."""
    return shape.size * 55 // 81


def _splitmix64(x: int) -> int:
    """One step of splitmix64: a well-mixed 64-bit value from any 64-bit value."""
    z = (x + _GOLDEN) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def puzzle_seed(seed: int, index: int) -> int:
    """The seed of puzzle number ``index`` (0-based) of a run started with ``seed``."""
    return _splitmix64((seed + index * _GOLDEN) & _MASK64)


def _attempt_seed(seed: int, attempt: int) -> int:
    """The seed of one attempt at a puzzle (attempts are retried until one meets the options)."""
    return _splitmix64(seed ^ ((attempt * 0xD1B54A32D192ED03) & _MASK64))


# -- options and results ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """What a generated puzzle must be like (see :func:`generate` for each field)."""

    shape: Shape = field(default_factory=lambda: Shape(3, 3))
    method: str = "dig"
    symmetry: str = "none"
    clues: int | None = None
    max_clues: int | None = None
    mask: tuple[bool, ...] | None = None
    minimal: bool = False
    k: int = 25
    dig: bool = True
    difficulty: tuple[float, float] | str | None = None
    technique: str | None = None
    max_attempts: int = 100_000
    engine: str | None = None
    #: Variant names (``("x", "antiknight")``; empty: classic Sudoku); see :mod:`sudokit.variant`.
    variant: tuple[str, ...] = ()
    #: Jigsaw's region map (None: a random map for each puzzle).
    regions: tuple[int, ...] | None = None
    #: Killer: how many givens beside the cages (0 by default: cages only; None: as the digging leaves).
    killer_givens: int | None = 0
    #: Hard puzzles (9×9 cells) to search near for an ER target (None: climb from random ones).
    near: tuple[tuple[int, ...], ...] | None = None

    def __post_init__(self) -> None:
        if self.variant:
            _check_variant_options(self)
        if self.method not in METHODS:
            raise ValueError(f"unknown method {self.method!r} (choose from: {', '.join(METHODS)})")
        object.__setattr__(self, "symmetry", check_symmetry(self.symmetry))
        size = self.shape.size
        if self.clues is not None and not 0 < self.clues <= size:
            raise ValueError(f"clues must be between 1 and {size}")
        if self.max_clues is not None and not 0 < self.max_clues <= size:
            raise ValueError(f"max_clues must be between 1 and {size}")
        if self.mask is not None:
            if len(self.mask) != size:
                raise ValueError(f"the mask must have {size} cells, not {len(self.mask)}")
            if self.symmetry != "none":
                raise ValueError("give either a mask or a symmetry, not both")
            given = sum(self.mask)
            if self.clues is not None and self.clues != given:
                raise ValueError(f"the mask has {given} cells but clues={self.clues} was asked")
        if self.method == "random-fill":
            if self.symmetry != "none" or self.mask is not None:
                raise ValueError("random-fill makes free-form puzzles: no symmetry or mask")
            if not 0 < self.k <= max_fill_clues(self.shape):
                raise OptionError(
                    f"k must be between 1 and {max_fill_clues(self.shape)} for {size} cells: the "
                    "fill rounds random-fill needs grow about sixfold for every 5 more clues"
                )
        if self.method == "controlled-bias" and (
            self.symmetry != "none" or self.mask is not None or self.clues is not None
            or self.max_clues is not None or self.minimal or self.difficulty is not None or self.technique
        ):
            raise OptionError("controlled-bias samples all minimal puzzles: no symmetry, mask, clue "
                              "count, difficulty or technique (its puzzles are minimal already)")
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        object.__setattr__(self, "difficulty", parse_difficulty(self.difficulty))
        object.__setattr__(self, "technique", check_technique(self.technique))
        _check_climb_options(self)
        _check_near_options(self)


def _check_near_options(opts: Options) -> None:
    """Refuse ``near`` puzzles without an ER range to search for, or with options the climb
    near them cannot keep."""
    if opts.near is None:
        return
    if not opts.near:
        raise OptionError("near: no start puzzles given")
    if not isinstance(opts.difficulty, tuple):
        raise OptionError("near puzzles are searched for an SE difficulty range (e.g. '10.0-')")
    kept = [what for what, given in (("a mask", opts.mask is not None),
                                     ("an exact clue count", opts.clues is not None),
                                     ("the random-fill method", opts.method != "dig"),
                                     ("a technique target", opts.technique is not None),
                                     ("another grid than 9×9", opts.shape != Shape(3, 3)))
            if given]
    if kept:
        raise OptionError(f"the search near given puzzles cannot keep {' or '.join(kept)}")
    for number, cells in enumerate(opts.near, start=1):
        if len(cells) != 81:
            raise OptionError(f"near: start puzzle {number} is not a 9×9 puzzle")
    if opts.symmetry != "none" and not any(is_symmetric(c, opts.symmetry, 9) for c in opts.near):
        raise OptionError(f"near: no start puzzle has the {opts.symmetry} symmetry")


def _check_climb_options(opts: Options) -> None:
    """Refuse options a target of ER :data:`CLIMB_ONLY_FROM` or more cannot be searched with:
    the climb moves clues, so it keeps no mask or exact clue count, and it digs."""
    target = opts.difficulty
    if not isinstance(target, tuple) or target[0] < CLIMB_ONLY_FROM:
        return
    if opts.shape != Shape(3, 3):
        raise OptionError(f"an ER of {CLIMB_ONLY_FROM:.1f} or more is searched for 9×9 puzzles only")
    kept = [what for what, given in (("a mask", opts.mask is not None),
                                     ("an exact clue count", opts.clues is not None),
                                     ("the random-fill method", opts.method != "dig"),
                                     ("a technique target", opts.technique is not None))
            if given]
    if kept:
        raise OptionError(
            f"an ER of {CLIMB_ONLY_FROM:.1f} or more is searched by moving clues around hard "
            f"puzzles, which cannot keep {' or '.join(kept)}: leave them out (symmetry, "
            "--minimal and --max-clues are kept)"
        )


@dataclass(frozen=True)
class FillStats:
    """What one random-fill run cost: fill rounds, solver calls, clues and CPU time."""

    rounds: int  #: fill rounds (1 + restarts after a fill with no solution)
    solver_calls: int  #: solver calls, digging included
    clues: int  #: clues when the puzzle first became unique
    clues_after: int  #: clues after digging (equal to ``clues`` without digging)
    seconds: float  #: CPU time of the run (process time: robust on a shared machine)


@dataclass(frozen=True)
class Generated:
    """One generated puzzle with how it was made."""

    puzzle: Grid
    solution: Grid
    seed: int  #: the puzzle seed: ``Generator(options).make(seed)`` makes it again
    attempts: int = 1
    rating: Any = None  #: the rater's result when a difficulty or technique was asked
    stats: FillStats | None = None

    @property
    def clues(self) -> int:
        """The number of givens."""
        return self.puzzle.clue_count

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-ready values (the record of ``sudokit generate --json``)."""
        out: dict[str, Any] = {
            "puzzle": self.puzzle.to_string(),
            "clues": self.clues,
            "seed": self.seed,
            "solution": self.solution.to_string(),
        }
        if self.puzzle.n != 9:
            out["box"] = f"{self.puzzle.shape.box_rows}x{self.puzzle.shape.box_cols}"
        if self.puzzle.rules is not None:
            out["rules"] = self.puzzle.rules.to_dict()
        if self.rating is not None:
            er = getattr(self.rating, "er", None)
            level = getattr(self.rating, "level", None)
            out["rating"] = {"er": er, "level": str(level) if level is not None else None}
        if self.stats is not None:
            out["rounds"] = self.stats.rounds
            out["solver_calls"] = self.stats.solver_calls
        return out


# -- the pure-Python search -------------------------------------------------------------------------


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


def _count(cells: Sequence[int], shape: Shape, solver: backend.Engine, limit: int = 2) -> int:
    """Solutions of ``cells`` up to ``limit``, counted by ``solver`` (an engine)."""
    count, _, _ = solver.solve(bytes(cells), shape.box_rows, shape.box_cols, limit)
    return count


def _random_solution(shape: Shape, rng: random.Random) -> list[int]:
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
    if _count(cells, shape, solver) != 1:
        return False
    for cell, v in enumerate(puzzle.cells):
        if v:
            cells[cell] = 0
            unique = _count(cells, shape, solver) == 1
            cells[cell] = v
            if unique:
                return False
    return True


# -- the methods, pure Python -----------------------------------------------------------------------


def _dig_python(
    opts: Options, rng: random.Random, solver: backend.Engine, deadline: Deadline
) -> tuple[list[int], list[int]] | None:
    """One attempt of the dig method: (puzzle, solution), or None when the options were missed."""
    shape = opts.shape
    solution = _random_solution(shape, rng)
    puzzle = list(solution)
    if opts.mask is not None:
        puzzle = [v if keep else 0 for v, keep in zip(solution, opts.mask, strict=True)]
        if _count(puzzle, shape, solver) != 1:
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
        if all(_forced(puzzle, shape, c, solution[c]) for c in orbit) or _count(puzzle, shape, solver) == 1:
            count -= len(orbit)
            if target is not None and count == target and not opts.minimal:
                break
        else:
            for cell in orbit:
                puzzle[cell] = solution[cell]
    if target is not None and count != target:
        return None
    return puzzle, solution


def _random_fill_python(
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
            if _count(puzzle, shape, solver) == 1:
                after -= 1
            else:
                puzzle[cell] = solution[cell]
    stats = FillStats(rounds, calls, clues, after, time.process_time() - start)
    return puzzle, solution, stats


# -- the C path -------------------------------------------------------------------------------------


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


def _dig_c(core: backend.NativeEngine, opts: Options, seed: int) -> tuple[list[int], list[int]] | None:
    """One attempt of the dig method in C (9×9)."""
    mask = bytes(opts.mask) if opts.mask is not None else None
    out = core.gen9_dig(seed, _orbit_ids(opts.symmetry), opts.clues or 0, mask, opts.minimal)
    if out is None:
        return None
    puzzle, solution = out
    return list(puzzle), list(solution)


def _random_fill_c(
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


# -- difficulty -------------------------------------------------------------------------------------


def _se_bound(value: object, original: object) -> float:
    """One end of an SE range as a float on :data:`SE_SCALE`, or :class:`OptionError`."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise OptionError(f"bad difficulty {original!r} (choose {_DIFFICULTY_HELP})")
    try:
        number = float(value)
    except ValueError:
        raise OptionError(f"unknown difficulty {original!r} (choose {_DIFFICULTY_HELP})") from None
    if math.isnan(number) or not SE_SCALE[0] <= number <= SE_SCALE[1]:
        raise OptionError(f"difficulty {original!r} is off the SE scale (choose {_DIFFICULTY_HELP})")
    return number


def _se_range(lo: object, hi: object, original: object) -> tuple[float, float]:
    """A checked SE range; an empty one (low end above the high end) is :class:`OptionError`."""
    low = SE_SCALE[0] if lo is None else _se_bound(lo, original)
    high = SE_SCALE[1] if hi is None else _se_bound(hi, original)
    if low > high:
        raise OptionError(f"empty difficulty range {original!r}: {low:.1f} is above {high:.1f} "
                          f"(choose {_DIFFICULTY_HELP})")
    return (low, high)


def parse_difficulty(value: object) -> tuple[float, float] | str | None:
    """A difficulty target from what a caller gives: None; a HoDoKu level name (``"hard"``, any
    case; see :data:`LEVELS`); an SE rating (``7.5``) or range (``(7.0, 8.5)``, ``"7.0-8.5"``,
    ``"9.0-"`` for at least 9.0, ``"-4.0"`` for at most 4.0).

    Returns ``(low, high)`` (inclusive, on :data:`SE_SCALE`) or the level name in lower case.
    Raises :class:`~sudokit.errors.OptionError`, listing what is accepted, for an unknown name,
    an empty range or a rating off the scale.
    """
    if value is None:
        return None
    if isinstance(value, (tuple, list)):
        if len(value) != 2:
            raise OptionError(f"a difficulty range has two ends, not {value!r}")
        return _se_range(value[0], value[1], value)
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in LEVELS:
            return text.lower()
        match = _RANGE.fullmatch(text)
        if match is not None and (match[1] or match[2]):
            return _se_range(match[1], match[2], value)
    number = _se_bound(value, value)
    return (number, number)


def check_technique(name: str | None) -> str | None:
    """A technique target checked against the rater's techniques (Sudoku Explainer's, see
    :func:`sudokit.techniques.techniques`): the registry name when ``name`` names a technique
    loosely (``"x wing"``), the name itself when it names one kind of step (``"Full House"``).

    Raises :class:`~sudokit.errors.OptionError` listing the valid names for any other name.
    """
    if name is None:
        return None
    technique = resolve(name, se_only=True)
    return technique.name if name_key(name) == name_key(technique.name) else str(name).strip()


def _rater() -> Callable[..., Any]:
    """The rater ``sudokit.rating.explainer._rate(grid, deadline, engine=…)``, imported when first needed."""
    try:
        rating = importlib.import_module("sudokit.rating.explainer")
    except ImportError as exc:
        raise GenerationError(
            "a difficulty or technique target needs the rater (sudokit.rating.explainer), "
            "which is not available in this build"
        ) from exc
    rate: Callable[..., Any] = rating._rate
    return rate


def _uses(target: str, used: Iterable[str]) -> bool:
    """True when a solving path with the step names ``used`` uses the technique ``target``: a
    registry name matches every step its finder yields, a step name that step only."""
    key = name_key(target)
    return any(name_key(step) == key or family_of(step) == target for step in used)


def _difficulty_ok(opts: Options, rating: Any) -> bool:
    """True when a rating meets the difficulty and technique targets.

    A range is checked against the SE rating ``er``; a name against the HoDoKu-style ``level``
    (easy, medium, hard, unfair, extreme); a technique must be among the techniques the
    rater's solving path used."""
    if getattr(rating, "status", "rated") != "rated":
        return False
    target = opts.difficulty
    if isinstance(target, tuple):
        er = getattr(rating, "er", None)
        if er is None or not target[0] <= float(er) <= target[1]:
            return False
    elif isinstance(target, str) and name_key(getattr(rating, "level", "")) != name_key(target):
        return False
    return opts.technique is None or _uses(opts.technique, getattr(rating, "techniques", None) or {})


# -- the generator ----------------------------------------------------------------------------------


class Generator:
    """Make puzzles meeting fixed :class:`Options`, one per puzzle seed.

    The engine is ``options.engine``'s (None: the default, see :mod:`sudokit.engine.backend`), chosen
    when the generator is made.
    """

    def __init__(self, options: Options) -> None:
        self.options = options
        self._solver = backend.select(options.engine)
        self._core = backend.native(options.engine) if options.shape == Shape(3, 3) else None
        self._rater = _rater() if options.difficulty is not None or options.technique else None
        self._starts = self._near_starts()
        self._climb = self._climb_spec()
        #: The minlex forms of the start puzzles: never given out.
        self._start_keys = frozenset(self.key(s.puzzle) for s in self._starts)

    @property
    def engine(self) -> str:
        """``"c"`` when the 9×9 loops run in the C core, ``"python"`` otherwise."""
        return "c" if self._core is not None else "python"

    @property
    def near(self) -> bool:
        """True when puzzles are searched near start puzzles (``near``, or sudokit's own for an
        ER of :data:`CLIMB_ONLY_FROM` or more): each one is then unlike those before."""
        return bool(self._starts)

    def _climb_spec(self) -> vicinity.Climb | None:
        """The climb's target when a hard ER target is searched by climbing (see
        :mod:`sudokit.generation.vicinity`), None for the attempt loop."""
        opts = self.options
        target = opts.difficulty
        if self._starts and isinstance(target, tuple):
            return vicinity.Climb(target[0], target[1], opts.symmetry, opts.minimal, opts.max_clues)
        if not isinstance(target, tuple) or target[0] < CLIMB_FROM:
            return None
        if target[0] >= CLIMB_ONLY_FROM and self._core is None:
            raise OptionError(f"an ER of {CLIMB_ONLY_FROM:.1f} or more needs the C core (engine 'c')")
        if (self._core is None or opts.method != "dig" or opts.mask is not None
                or opts.clues is not None or opts.technique is not None):
            return None
        return vicinity.Climb(target[0], target[1], opts.symmetry, opts.minimal, opts.max_clues)

    def _near_starts(self) -> tuple[vicinity.Start, ...]:
        """The ``near`` puzzles with the symmetry asked, each with its solution (for an ER of
        :data:`CLIMB_ONLY_FROM` or more without ``near``: :func:`sudokit.generation.vicinity.bundled_starts`);
        an :class:`OptionError` names one that has not exactly one solution."""
        opts = self.options
        target = opts.difficulty
        near = opts.near
        if near is None and isinstance(target, tuple) and target[0] >= CLIMB_ONLY_FROM:
            near = vicinity.bundled_starts()
            if opts.symmetry != "none" and not any(is_symmetric(c, opts.symmetry, 9) for c in near):
                raise OptionError(f"an ER of {CLIMB_ONLY_FROM:.1f} or more is searched near hard puzzles "
                                  f"and sudokit's own have no {opts.symmetry} symmetry: give some that "
                                  "have it (near=..., --near FILE)")
        if near is None:
            return ()
        if self._core is None:
            raise OptionError("the search near given puzzles needs the C core (engine 'c')" if opts.near
                              else f"an ER of {CLIMB_ONLY_FROM:.1f} or more needs the C core (engine 'c')")
        starts = []
        for number, cells in enumerate(near, start=1):
            count, first, _ = self._solver.solve(bytes(cells), 3, 3, 2)
            if count != 1 or first is None:
                raise OptionError(f"near: start puzzle {number} has {'no' if count == 0 else 'several'} "
                                  "solutions")
            if opts.symmetry == "none" or is_symmetric(cells, opts.symmetry, 9):
                starts.append(vicinity.Start(tuple(cells), tuple(first)))
        return tuple(starts)

    def key(self, cells: Sequence[int]) -> bytes:
        """The minlex form of a 9×9 puzzle: equal for equivalent puzzles only (the C core's)."""
        assert self._core is not None
        return bytes(self._core.canon9(bytes(cells)))

    def _make_climbing(
        self, seed: int, deadline: Deadline, stop: Stop | None, avoid: Collection[bytes] = ()
    ) -> Generated:
        """:meth:`make` by climbing (:func:`sudokit.generation.vicinity.climb`); the puzzle found is checked
        and rated again by the rater before it leaves."""
        assert self._climb is not None and self._core is not None
        opts = self.options
        shunned = self._start_keys | frozenset(avoid) if avoid else self._start_keys
        for attempt in range(opts.max_attempts):
            found = vicinity.climb(self._core, self._climb, _attempt_seed(seed, attempt), deadline, stop,
                                  self._starts, shunned)
            puzzle, solution = found.puzzle, found.solution
            grid = Grid._trusted(tuple(puzzle), opts.shape)
            if _count(puzzle, opts.shape, self._solver) != 1:  # every puzzle is checked before it leaves
                raise AssertionError(f"generator bug: non-unique puzzle {grid.to_string()}")
            if opts.minimal and not self._is_minimal(puzzle, solution):
                raise AssertionError(f"generator bug: non-minimal puzzle {grid.to_string()}")
            rating = self._rate(grid, deadline, stop)
            if _difficulty_ok(opts, rating):
                return Generated(grid, Grid._trusted(tuple(solution), opts.shape), seed,
                                 attempt + 1, rating)
        raise GenerationError(f"no puzzle met the options in {opts.max_attempts} climbs (seed {seed})")

    def _known_minimal(self) -> bool:
        """True when the method's result is strictly minimal by construction (or checked in C):
        one digging pass over single cells leaves a minimal puzzle."""
        opts = self.options
        if opts.method == "random-fill":
            return opts.dig
        if self._core is not None:
            return True  # gen9_dig checks strict minimality itself when asked
        return opts.symmetry == "none" and opts.clues is None and opts.mask is None

    def _is_minimal(self, puzzle: list[int], solution: list[int]) -> bool:
        """Strict minimality, in C when available."""
        if self._core is not None:
            return bool(self._core.gen9_is_minimal(bytes(puzzle), bytes(solution)))
        return is_minimal(Grid(tuple(puzzle), self.options.shape), engine=self.engine_name)

    @property
    def engine_name(self) -> str:
        """The name of the engine that checks and counts (``"c"`` or ``"python"``)."""
        return "python" if self._solver is reference else "c"

    def _rate(self, grid: Grid, deadline: Deadline, stop: Stop | None = None) -> Any:
        """Rate a candidate within :data:`RATING_TIME_LIMIT` and ``deadline``; raise
        :class:`TimeLimitReached` when ``deadline`` ran out (a puzzle merely too hard to rate in
        time is skipped)."""
        assert self._rater is not None
        limit = Deadline.after(RATING_TIME_LIMIT).earliest(deadline)
        rating = self._rater(grid, limit, engine=self.engine_name, stop=stop)
        deadline.check()
        return rating

    def _attempt(
        self, aseed: int, deadline: Deadline, stop: Stop | None = None
    ) -> tuple[list[int], list[int], FillStats | None] | None:
        """One attempt's puzzle, solution and fill statistics, or None when the options were missed."""
        opts = self.options
        stats = None
        if opts.method == "random-fill":
            if self._core is not None:
                puzzle, solution, stats = _random_fill_c(self._core, opts, aseed, deadline, stop)
            else:
                puzzle, solution, stats = _random_fill_python(
                    opts, random.Random(aseed), self._solver, deadline
                )
            if opts.clues is not None and sum(1 for v in puzzle if v) != opts.clues:
                return None
            return puzzle, solution, stats
        if self._core is not None:
            made = _dig_c(self._core, opts, aseed)
        else:
            made = _dig_python(opts, random.Random(aseed), self._solver, deadline)
        return None if made is None else (*made, None)

    def _make_variant(self, seed: int, deadline: Deadline, stop: Stop | None) -> Generated:
        """:meth:`make` for a variant: a random solution under the rules, then digging."""
        opts = self.options
        for attempt in range(opts.max_attempts):
            deadline.check()
            if stop is not None:
                stop.check()
            made = _variant_attempt(opts, _attempt_seed(seed, attempt), self.engine_name, deadline)
            if made is None:
                continue
            puzzle, solution, rules = made
            grid = Grid._trusted(tuple(puzzle), opts.shape, rules)
            if opts.max_clues is not None and grid.clue_count > opts.max_clues:
                continue
            table = backend.rules_table(rules, self.engine_name)
            if table.solve(bytes(puzzle), 2)[0] != 1:  # every puzzle is checked before it leaves
                raise AssertionError(f"generator bug: non-unique puzzle {grid.to_json()}")
            return Generated(grid, Grid._trusted(tuple(solution), opts.shape, rules), seed, attempt + 1)
        raise GenerationError(
            f"no {'+'.join(opts.variant)} puzzle met the options in {opts.max_attempts} attempts "
            f"(seed {seed})"
        )

    def make(
        self, seed: int, *, deadline: Deadline = NEVER, stop: Stop | None = None,
        avoid: Collection[bytes] = (),
    ) -> Generated:
        """The puzzle of this puzzle seed (the same seed always gives the same puzzle).

        Raises :class:`TimeLimitReached` once ``deadline`` has passed (checked between attempts,
        in the Python loops and while rating a candidate), :class:`~sudokit.errors.Stopped` once
        ``stop`` is set (a batch's workers). With ``near`` puzzles, the puzzle's minlex form
        (:meth:`key`) is none of theirs nor any of ``avoid``.
        """
        opts = self.options
        if opts.variant:
            return self._make_variant(seed, deadline, stop)
        if opts.method == "controlled-bias":
            return next(_controlled_bias(opts, 1, seed, deadline.remaining()))
        if self._climb is not None:
            return self._make_climbing(seed, deadline, stop, avoid)
        for attempt in range(opts.max_attempts):
            deadline.check()
            if stop is not None:
                stop.check()
            made = self._attempt(_attempt_seed(seed, attempt), deadline, stop)
            if made is None:
                continue
            puzzle, solution, stats = made
            grid = Grid._trusted(tuple(puzzle), opts.shape)
            if opts.max_clues is not None and grid.clue_count > opts.max_clues:
                continue
            if _count(puzzle, opts.shape, self._solver) != 1:  # every puzzle is checked before it leaves
                raise AssertionError(f"generator bug: non-unique puzzle {grid.to_string()}")
            if opts.minimal and not self._known_minimal() and not self._is_minimal(puzzle, solution):
                continue
            rating = None
            if self._rater is not None:
                rating = self._rate(grid, deadline, stop)
                if not _difficulty_ok(opts, rating):
                    continue
            answer = Grid._trusted(tuple(solution), opts.shape)
            return Generated(grid, answer, seed, attempt + 1, rating, stats)
        raise GenerationError(
            f"no puzzle met the options in {opts.max_attempts} attempts (seed {seed}): "
            "loosen the clue count, symmetry, mask or difficulty"
        )


def options(
    *,
    size: int | None = None,
    box: BoxLike = None,
    method: str = "dig",
    symmetry: str = "none",
    clues: int | None = None,
    max_clues: int | None = None,
    mask: Sequence[int] | Sequence[bool] | str | Grid | None = None,
    minimal: bool = False,
    k: int = 25,
    dig: bool = True,
    difficulty: Any = None,
    technique: str | None = None,
    max_attempts: int = 100_000,
    engine: str | None = None,
    variant: str | Sequence[str] | None = None,
    regions: str | Sequence[int] | None = None,
    killer_givens: int | None = 0,
    near: Iterable[Grid | str | Sequence[int]] | None = None,
) -> Options:
    """Build :class:`Options` from friendly arguments (see :func:`generate`)."""
    names: tuple[str, ...] = ()
    if variant:
        listed = variant.split(",") if isinstance(variant, str) else list(variant)
        names = tuple(dict.fromkeys(find_variant(v).name for v in listed if v.strip()))
    piece_map = None
    if regions is not None:
        piece_map = parse_region_map(regions)
        if "jigsaw" not in names:
            names = (*names, "jigsaw")
        if size is None and box is None:
            size = math.isqrt(len(piece_map))
    if size is not None and box is None and names and "jigsaw" in names:
        shape = _nominal_shape(size)
    else:
        shape = as_shape(box) or (shape_for_size(size) if size else Shape(3, 3))
    if size is not None and shape.n != size:
        raise ValueError(f"box {shape.box_rows}x{shape.box_cols} does not make a {size}×{size} grid")
    cells_mask: tuple[bool, ...] | None = None
    if mask is not None:
        if isinstance(mask, str):
            cells_mask = tuple(ch not in ".0-_ " for ch in mask.strip())
        elif isinstance(mask, Grid):
            cells_mask = tuple(bool(v) for v in mask.cells)
        else:
            cells_mask = tuple(bool(v) for v in mask)
    return Options(
        shape=shape,
        method=method,
        symmetry=symmetry,
        clues=clues,
        max_clues=max_clues,
        mask=cells_mask,
        minimal=minimal,
        k=k,
        dig=dig,
        difficulty=parse_difficulty(difficulty),
        technique=technique,
        max_attempts=max_attempts,
        engine=engine,
        variant=names,
        regions=piece_map,
        killer_givens=killer_givens,
        near=None if near is None else _near_cells(near),
    )


def _near_cells(puzzles: Iterable[Grid | str | Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """The cells of the ``near`` puzzles (Grids, puzzle strings or 81 values each)."""
    out = []
    for number, puzzle in enumerate(puzzles, start=1):
        if isinstance(puzzle, (Grid, str)):
            try:
                out.append(as_grid(puzzle, name=f"near puzzle {number}").cells)
            except ValueError as exc:
                raise OptionError(f"near: {exc}") from None
        else:
            try:
                out.append(Grid(tuple(int(v) for v in puzzle)).cells)
            except (TypeError, ValueError) as exc:
                raise OptionError(f"near: puzzle {number}: {exc}") from None
    return tuple(out)


def _fresh_seed() -> int:
    """A random 63-bit run seed (reported, so the run can be repeated)."""
    return int.from_bytes(os.urandom(8), "little") >> 1


def generate(*, seed: int | None = None, time_limit: float | None = None, **kwargs: Any) -> Grid:
    """Generate one unique puzzle.

    Keyword arguments (all optional):

    - ``size`` / ``box``: the grid (9×9 by default; ``box=(2, 3)`` for 6×6 with 2×3 boxes).
    - ``method``: ``"dig"`` (default) or ``"random-fill"`` (see the module text).
    - ``symmetry``: one of :data:`sudokit.symmetry.SYMMETRIES` (dig method).
    - ``clues``: the exact number of givens; ``max_clues``: at most this many.
    - ``mask``: the given-cell pattern (a string with ``.``/``0`` for empty cells, a Grid, or N²
      truth values): the puzzle has givens exactly there.
    - ``minimal``: strictly minimal (no single clue can be removed), also with a symmetry.
    - ``k`` and ``dig``: random-fill's clue count K before solving, and whether it then removes
      clues until the puzzle is minimal.
    - ``difficulty``: on one of two scales: Sudoku Explainer's rating (ER), one value ``7.5``
      or a range ``(7.0, 8.5)``, ``"7.0-8.5"``, ``"9.0-"`` (at least), ``"-4.0"`` (at most);
      or a HoDoKu level name (:data:`LEVELS`: easy, medium, hard, unfair, extreme).
      ``technique``: a technique the rater must use (a registry name such as ``"X-Wing"``, or
      a step name such as ``"Full House"``). Both need :mod:`sudokit.rating.explainer`; a bad value
      raises :class:`~sudokit.errors.OptionError` at once (see :func:`parse_difficulty`).
      An SE range from :data:`CLIMB_FROM` up is searched by climbing around hard puzzles
      (:mod:`sudokit.generation.vicinity`), which keeps ``symmetry``, ``minimal`` and ``max_clues``.
    - ``near``: hard 9×9 puzzles (Grids or strings) to start that climb from, for any SE range:
      how ER 10 and more is reached (without ``near`` such a target starts from sudokit's own,
      :func:`sudokit.generation.vicinity.bundled_starts`). Each puzzle made differs (up to equivalence:
      minlex form) from all of them and from the run's other puzzles; ``minimal`` digs each
      neighbour.
    - ``seed``: the same seed gives the same puzzle (with the same engine).
    - ``engine``: ``"c"`` or ``"python"`` (None: the default, see :mod:`sudokit.engine.backend`).
    - ``time_limit``: seconds of wall-clock time for the whole call (None: no limit).

    Raises :class:`GenerationError` when ``max_attempts`` attempts miss the options and
    :class:`~sudokit.errors.TimeLimitReached` when the time runs out first.
    """
    return next(generate_many(1, seed=seed, time_limit=time_limit, **kwargs)).puzzle


#: Puzzles a task of ``generate_many(jobs=N)`` makes: worker threads (the C core's 9×9 generation,
#: about 0.1 ms a puzzle) take more at a time than worker processes (Python's N×N loops).
_CHUNK_THREAD = 32
_CHUNK_PROCESS = 4


def _make_some(opts: Options, deadline: Deadline, seeds: list[int], stop: Stop) -> list[Generated]:
    """What a worker of ``generate_many(jobs=N)`` runs: the puzzles of a few puzzle seeds."""
    gen = Generator(opts)
    return [gen.make(seed, deadline=deadline, stop=stop) for seed in seeds]


def generate_many(
    count: int | None,
    *,
    seed: int | None = None,
    jobs: int = 1,
    opts: Options | None = None,
    time_limit: float | None = None,
    executor: Executor | None = None,
    **kwargs: Any,
) -> Iterator[Generated]:
    """Yield ``count`` generated puzzles (forever with ``None``), each as soon as it is made.

    Puzzle ``i`` is made from :func:`puzzle_seed` ``(seed, i)``, so the output does not depend
    on ``jobs`` (workers: threads when the C core makes 9×9 puzzles, processes for Python's N×N
    loops, or those of ``executor`` when given; results still come in order). ``time_limit``
    (seconds of wall-clock time from this call, or None) bounds the whole run: iterating raises
    :class:`~sudokit.errors.TimeLimitReached` once it has run out.
    """
    deadline = Deadline.after(time_limit)
    opts = opts if opts is not None else options(**kwargs)
    if seed is None:
        seed = _fresh_seed()
    seed &= _MASK64
    if opts.method == "controlled-bias":  # one stream, grid block by grid block (sudokit.generation.unbiased)
        return _controlled_bias(opts, count, seed, time_limit)
    indexes: Iterator[int] = iter(range(count)) if count is not None else _naturals()
    gen = Generator(opts)
    if executor is None and jobs <= 1:
        return _generate_here(gen, seed, indexes, deadline)
    executor = executor or Executor.choose(jobs, native=gen.engine == "c")
    size = _CHUNK_THREAD if executor.kind == "thread" else _CHUNK_PROCESS
    if gen.near:
        size = 1  # a hard puzzle takes seconds: one a task
    tasks = ([puzzle_seed(seed, i) for i in chunk] for chunk in _batched(indexes, size))
    work = partial(_make_some, replace(opts, engine=backend.name_of(opts.engine)), deadline)
    made = (made for some in executor.map(work, tasks) for made in some)
    return _distinct(gen, made, deadline) if gen.near else made


def _controlled_bias(
    opts: Options, count: int | None, seed: int, time_limit: float | None
) -> Iterator[Generated]:
    """Berthier's controlled-bias puzzles as :class:`Generated` (``attempts``: trials on their grid)."""
    for made in unbiased.controlled_bias(count, seed=seed, shape=opts.shape, engine=opts.engine,
                                         time_limit=time_limit):
        puzzle = Grid._trusted(made.puzzle, opts.shape)
        yield Generated(puzzle, Grid._trusted(made.solution, opts.shape), seed, made.trials)


def _generate_here(
    gen: Generator, seed: int, indexes: Iterator[int], deadline: Deadline
) -> Iterator[Generated]:
    """The puzzles of ``indexes``, made in this thread (near given puzzles, each unlike those before)."""
    seen: set[bytes] = set()
    for i in indexes:
        made = gen.make(puzzle_seed(seed, i), deadline=deadline, avoid=seen)
        if gen.near:
            seen.add(gen.key(made.puzzle.cells))
        yield made


def _distinct(gen: Generator, stream: Iterator[Generated], deadline: Deadline) -> Iterator[Generated]:
    """The workers' puzzles near given ones, in order, each equivalent to one before made again
    here avoiding those: the same puzzles as :func:`_generate_here` makes (a climb moves the same
    way whatever it avoids and gives the first neighbour in range it need not avoid)."""
    seen: set[bytes] = set()
    for made in stream:
        if gen.key(made.puzzle.cells) in seen:
            made = gen.make(made.seed, deadline=deadline, avoid=seen)
        seen.add(gen.key(made.puzzle.cells))
        yield made


def _batched(items: Iterator[int], size: int) -> Iterator[list[int]]:
    """Lists of ``size`` items (the last one shorter)."""
    while chunk := list(islice(items, size)):
        yield chunk


def _naturals() -> Iterator[int]:
    """0, 1, 2, … forever."""
    i = 0
    while True:
        yield i
        i += 1


# -- variants ----------------------------------------------------------------------------------------

#: The longest a variant's random solution grid may take before the attempt is given up (some
#: random jigsaw maps admit no solution, and proving that can take long).
_VARIANT_FILL_SECONDS = 5.0

#: Killer cage sizes drawn for random cages (weights: mostly pairs and triples, as setters do).
_CAGE_SIZES = (1, 2, 2, 2, 3, 3, 3, 4, 4, 5)


def _nominal_shape(n: int) -> Shape:
    """The shape of a side-``n`` grid (1×n for a prime side: a jigsaw has no boxes)."""
    try:
        return shape_for_size(n)
    except ShapeError:
        return Shape(1, n)


def _check_variant_options(opts: Options) -> None:
    """Refuse options a variant puzzle cannot have, and variants unknown or unavailable."""
    if opts.method != "dig":
        raise OptionError("variant puzzles are made by digging (method 'dig')")
    if opts.symmetry != "none" or opts.mask is not None or opts.clues is not None:
        raise OptionError("variant puzzles take no symmetry, mask or exact clue count")
    if opts.difficulty is not None or opts.technique is not None:
        raise OptionError("variant puzzles cannot be generated to a difficulty yet")
    if opts.regions is not None and len(opts.regions) != opts.shape.size:
        raise OptionError(f"the region map has {len(opts.regions)} cells, not {opts.shape.size}")
    _variant_rules(opts, random.Random(0), probe=True)


def _variant_rules(opts: Options, rng: random.Random, *, probe: bool = False) -> Rules:
    """The rules of one attempt, Killer's cages left out (a random region map for Jigsaw)."""
    names = [v for v in opts.variant if v != "killer"]
    regions: Sequence[int] | None = None
    if "jigsaw" in names:
        regions = opts.regions if opts.regions is not None else _random_pieces(opts.shape.n, rng)
    box = None if "jigsaw" in names else opts.shape
    try:
        return make_rules(names, box=box, n=opts.shape.n, regions=regions)
    except VariantError as error:
        raise OptionError(str(error)) from None


def _random_pieces(n: int, rng: random.Random) -> list[int]:
    """A random partition of an n×n grid into n connected pieces of n cells (grown from seeds)."""
    size = n * n
    while True:
        piece = [-1] * size
        grown = [0] * n
        starts = rng.sample(range(size), n)
        frontier: list[set[int]] = []
        for p, c in enumerate(starts):
            piece[c] = p
            grown[p] = 1
        for p in range(n):
            frontier.append({x for x in _sides(starts[p], n) if piece[x] < 0})
        stuck = False
        while sum(grown) < size and not stuck:
            open_pieces = [p for p in range(n) if grown[p] < n and frontier[p]]
            if not open_pieces:
                stuck = True
                break
            p = min(open_pieces, key=lambda q: (grown[q], rng.random()))
            c = rng.choice(sorted(frontier[p]))
            piece[c] = p
            grown[p] += 1
            for q in range(n):
                frontier[q].discard(c)
            if grown[p] < n:
                frontier[p].update(x for x in _sides(c, n) if piece[x] < 0)
            else:
                frontier[p].clear()
        if not stuck and all(g == n for g in grown):
            return piece


def _sides(cell: int, n: int) -> list[int]:
    """The orthogonal neighbours of a cell."""
    r, c = divmod(cell, n)
    near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [rr * n + cc for rr, cc in near if 0 <= rr < n and 0 <= cc < n]


def _random_cages(solution: Sequence[int], n: int, rng: random.Random) -> list[Cage]:
    """Random connected cages covering the grid, no digit twice in a cage, sums from ``solution``."""
    size = n * n
    cage_of = [-1] * size
    cages: list[Cage] = []
    for start in rng.sample(range(size), size):
        if cage_of[start] >= 0:
            continue
        want = rng.choice(_CAGE_SIZES)
        cells = [start]
        digits = {solution[start]}
        cage_of[start] = len(cages)
        while len(cells) < want:
            free = [x for c in cells for x in _sides(c, n) if cage_of[x] < 0 and solution[x] not in digits]
            if not free:
                break
            x = rng.choice(free)
            cells.append(x)
            digits.add(solution[x])
            cage_of[x] = len(cages)
        cages.append(Cage(tuple(sorted(cells)), sum(solution[c] for c in cells)))
    return cages


def _variant_attempt(
    opts: Options, aseed: int, engine: str, deadline: Deadline
) -> tuple[list[int], list[int], Rules] | None:
    """One attempt: a random solution under the rules, Killer's cages from it, then digging."""
    rng = random.Random(aseed)
    rules = _variant_rules(opts, rng)
    table = backend.rules_table(rules, engine)
    size = opts.shape.size
    left = deadline.remaining()
    seconds = _VARIANT_FILL_SECONDS if left is None else max(1e-3, min(left, _VARIANT_FILL_SECONDS))
    count, first, _ = table.solve(bytes(size), 1, seconds=seconds, seed=rng.getrandbits(63) | 1)
    if count < 1 or first is None:
        return None  # a region map (or rules) without any solution: another attempt
    solution = list(first)
    if "killer" in opts.variant:
        cages = _random_cages(solution, rules.n, rng)
        rules = make_rules(
            (*rules.variants, "killer"), box=rules.shape if rules.pieces is None else None,
            n=rules.n, regions=rules.pieces, cages=cages,
        )
        table = backend.rules_table(rules, engine)
        if table.solve(bytes(size), 2)[0] != 1:
            if opts.killer_givens == 0:
                return None  # cages alone do not make it unique: other cages
            puzzle = _dig(list(solution), table, rng, deadline)
        else:
            puzzle = [0] * size
        if opts.killer_givens is not None and sum(1 for v in puzzle if v) > opts.killer_givens:
            return None
        return puzzle, solution, rules
    return _dig(list(solution), table, rng, deadline), solution, rules


def _dig(puzzle: list[int], table: backend.RulesSearch, rng: random.Random, deadline: Deadline) -> list[int]:
    """Take away givens in random order while the puzzle stays unique (leaves it minimal)."""
    for cell in rng.sample(range(len(puzzle)), len(puzzle)):
        if not puzzle[cell]:
            continue
        deadline.check()
        digit = puzzle[cell]
        puzzle[cell] = 0
        if table.solve(bytes(puzzle), 2)[0] != 1:
            puzzle[cell] = digit
    return puzzle
