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

The generator (:class:`Generator`, :func:`generate`, :func:`generate_many`) runs the methods of
:mod:`sudokit.generation.dig` with the options of :mod:`sudokit.generation.options` and the
targets of :mod:`sudokit.generation.difficulty`.

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

import json
import os
import random
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import islice
from typing import Any

from sudokit.engine import backend, reference
from sudokit.engine.executor import Executor
from sudokit.errors import GenerationError, OptionError, TimeLimitReached
from sudokit.generation import unbiased, vicinity
from sudokit.generation.cages import split_cages
from sudokit.generation.constrained import constrained_attempt
from sudokit.generation.difficulty import RATING_TIME_LIMIT as RATING_TIME_LIMIT
from sudokit.generation.difficulty import difficulty_ok, load_public_rater, load_rater
from sudokit.generation.dig import FILL_MAX_MISSES as FILL_MAX_MISSES
from sudokit.generation.dig import (
    FillStats,
    dig_c,
    dig_python,
    is_minimal,
    random_fill_c,
    random_fill_python,
    solution_count,
    variant_attempt,
)
from sudokit.generation.kinds import split_names
from sudokit.generation.logical import ease, harden, make_logical, too_easy, too_hard
from sudokit.generation.options import CLIMB_FROM as CLIMB_FROM
from sudokit.generation.options import CLIMB_ONLY_FROM as CLIMB_ONLY_FROM
from sudokit.generation.options import (
    LEVELS,
    METHODS,
    SE_SCALE,
    Options,
    check_technique,
    max_fill_clues,
    options,
    parse_difficulty,
)
from sudokit.grid import Grid
from sudokit.limits import NEVER, Deadline, Stop
from sudokit.shape import Shape
from sudokit.symmetry import is_symmetric

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


_MASK64 = (1 << 64) - 1

_GOLDEN = 0x9E3779B97F4A7C15

#: Mixed into an attempt's seed for the random order of the setter's pass (its own stream).
_LOGIC_SALT = 0x5E77E2
#: Salt of the random order in which :func:`ease` adds and takes away givens.
_EASE_SALT = 0xEA5E
#: Salt of the random choice of the Killer cages :func:`split_cages` splits.
_SPLIT_SALT = 0x5B117
#: Why a variant asked for at "unfair" never comes (sudokit.generation.kinds.VARIANT_LEVELS).
_NOT_UNFAIR = ("; variant puzzles are made at easy, medium, hard and extreme, not unfair: their techniques "
               "go from ER 5.4 straight to the forcing chains (7.5)")
#: Salt of the random order of :func:`harden`'s moves.
_HARDEN_SALT = 0x4A2D


# -- seeds -----------------------------------------------------------------------------------------


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


# -- results ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Generated:
    """One generated puzzle with how it was made."""

    puzzle: Grid
    solution: Grid
    seed: int  #: the puzzle seed: ``Generator(options).make(seed)`` makes it again
    attempts: int = 1
    rating: Any = None  #: the rater's result when a difficulty or technique was asked
    stats: FillStats | None = None
    climbs: int = 0  #: moves :func:`~sudokit.generation.logical.harden` kept (a variant target climbed to)

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
        if self.puzzle.rules is not None:  # sudokit's JSON form's rules: cages and constraints too
            rules = json.loads(self.puzzle.to_json())
            out["rules"] = {k: v for k, v in rules.items() if k not in ("format", "givens")}
        if self.rating is not None:
            er = getattr(self.rating, "er", None)
            level = getattr(self.rating, "level", None)
            out["rating"] = {"er": er, "level": str(level) if level is not None else None}
        if self.stats is not None:
            out["rounds"] = self.stats.rounds
            out["solver_calls"] = self.stats.solver_calls
        return out


# -- the generator ---------------------------------------------------------------------------------


class Generator:
    """Make puzzles meeting fixed :class:`Options`, one per puzzle seed.

    The engine is ``options.engine``'s (None: the default, see :mod:`sudokit.engine.backend`), chosen
    when the generator is made.
    """

    def __init__(self, options: Options) -> None:
        self.options = options
        self._solver = backend.select(options.engine)
        self._core = backend.native(options.engine) if options.shape == Shape(3, 3) else None
        targeted = options.difficulty is not None or bool(options.technique)
        self._rater = load_rater() if targeted and not options.variant else None
        #: Variant puzzles are rated by the public rater (sudokit.rating.explainer.rate).
        self._variant_rater = load_public_rater() if targeted and options.variant else None
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
            grid = Grid.trusted(tuple(puzzle), opts.shape)
            # every puzzle is checked before it leaves
            if solution_count(puzzle, opts.shape, self._solver) != 1:
                raise AssertionError(f"generator bug: non-unique puzzle {grid.to_string()}")
            if opts.minimal and not self._is_minimal(puzzle, solution):
                raise AssertionError(f"generator bug: non-minimal puzzle {grid.to_string()}")
            rating = self._rate(grid, deadline, stop)
            if difficulty_ok(opts, rating):
                return Generated(grid, Grid.trusted(tuple(solution), opts.shape), seed,
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
                puzzle, solution, stats = random_fill_c(self._core, opts, aseed, deadline, stop)
            else:
                puzzle, solution, stats = random_fill_python(
                    opts, random.Random(aseed), self._solver, deadline
                )
            if opts.clues is not None and sum(1 for v in puzzle if v) != opts.clues:
                return None
            return puzzle, solution, stats
        if self._core is not None:
            made = dig_c(self._core, opts, aseed)
        else:
            made = dig_python(opts, random.Random(aseed), self._solver, deadline)
        return None if made is None else (*made, None)

    def _make_variant(self, seed: int, deadline: Deadline, stop: Stop | None) -> Generated:
        """:meth:`make` for a variant: fixed rules are dug from a random solution, constraint kinds
        and Killer cages laid over one (:mod:`sudokit.generation.constrained`); with a difficulty
        target, attempts are rated and retried until one meets it."""
        opts = self.options
        laid = bool(split_names(opts.variant)[1])
        levels: dict[str, int] = {}
        try:
            for attempt in range(opts.max_attempts):
                made = self._variant_once(seed, attempt, laid, deadline, stop, levels)
                if made is not None:
                    return made
        except TimeLimitReached:
            if levels:  # say what the rated attempts were instead
                raise GenerationError(self._missed(levels)) from None
            raise
        if levels:
            raise GenerationError(self._missed(levels))
        raise GenerationError(
            f"no {'+'.join(opts.variant)} puzzle met the options in {opts.max_attempts} attempts "
            f"(seed {seed})"
        )

    def _variant_once(self, seed: int, attempt: int, laid: bool, deadline: Deadline, stop: Stop | None,
                      levels: dict[str, int]) -> Generated | None:
        """One attempt of :meth:`_make_variant`: the puzzle, or None when it missed the options (its
        level, when rated, counted in ``levels``)."""
        opts = self.options
        deadline.check()
        if stop is not None:
            stop.check()
        aseed = _attempt_seed(seed, attempt)
        if laid:
            made = constrained_attempt(opts, aseed, self.engine_name, deadline)
        else:
            made = variant_attempt(opts, aseed, self.engine_name, deadline)
        if made is None:
            return None
        puzzle, solution, rules = made
        if opts.logic:
            rules = make_logical(opts, rules, puzzle, solution, random.Random(aseed ^ _LOGIC_SALT),
                                 self.engine_name, deadline, stop)
        grid = Grid.trusted(tuple(puzzle), opts.shape, rules)
        if not self._within_givens(grid):
            return None
        table = backend.rules_table(rules, self.engine_name)
        if table.solve(bytes(puzzle), 2)[0] != 1:  # every puzzle is checked before it leaves
            raise AssertionError(f"generator bug: non-unique puzzle {grid.to_json()}")
        rating = None
        climbs = 0
        if self._variant_rater is not None:
            left = deadline.remaining()
            limit = RATING_TIME_LIMIT if left is None else max(1e-3, min(left, RATING_TIME_LIMIT))
            rate = partial(self._variant_rater, time_limit=limit, engine=self.engine_name, keep_steps=True)
            rating = rate(grid)
            # too hard: givens where the path is hardest, then the spare ones away
            if too_hard(opts, rating) and self._may_add_given(grid):
                rating = ease(opts, rules, puzzle, solution, random.Random(aseed ^ _EASE_SALT), rate,
                              rating, self.engine_name, deadline, stop)
                grid = Grid.trusted(tuple(puzzle), opts.shape, rules)
                if not self._within_givens(grid):
                    return None
                if table.solve(bytes(puzzle), 2)[0] != 1:
                    raise AssertionError(f"generator bug: non-unique puzzle {grid.to_json()}")
            elif too_hard(opts, rating) and rules.cages:  # a Killer without givens: smaller cages
                rules, rating = split_cages(opts, rules, solution, puzzle, random.Random(aseed ^ _SPLIT_SALT),
                                            rate, rating, deadline, stop)
                grid = Grid.trusted(tuple(puzzle), opts.shape, rules)
                if backend.rules_table(rules, self.engine_name).solve(bytes(puzzle), 2)[0] != 1:
                    raise AssertionError(f"generator bug: non-unique puzzle {grid.to_json()}")
            elif too_easy(opts, rating) and not opts.keep:  # too easy: climb by moves (#26)
                hardened = harden(opts, rules, puzzle, solution, random.Random(aseed ^ _HARDEN_SALT), rate,
                                  rating, self.engine_name, deadline, stop, max_givens=self._givens_cap())
                rules, rating, climbs = hardened.rules, hardened.rating, hardened.kept
                grid = Grid.trusted(tuple(puzzle), opts.shape, rules)
                table = backend.rules_table(rules, self.engine_name)
                if table.solve(bytes(puzzle), 2)[0] != 1:
                    raise AssertionError(f"generator bug: non-unique puzzle {grid.to_json()}")
            level = str(getattr(rating, "level", None) or getattr(rating, "status", "unrated"))
            levels[level] = levels.get(level, 0) + 1
            if not difficulty_ok(opts, rating):
                return None
        answer = Grid.trusted(tuple(solution), opts.shape, rules)
        return Generated(grid, answer, seed, attempt + 1, rating, climbs=climbs)

    def _givens_cap(self) -> int | None:
        """The most givens a variant puzzle may have (``max_clues``, and ``killer_givens`` for a
        Killer), or None."""
        opts = self.options
        caps = [opts.max_clues] if opts.max_clues is not None else []
        if opts.killer_givens is not None and "killer" in split_names(opts.variant)[1]:
            caps.append(opts.killer_givens)
        return min(caps, default=None)

    def _may_add_given(self, grid: Grid) -> bool:
        """True when ``grid`` may take one more given (a Killer only while ``killer_givens`` allow)."""
        opts = self.options
        return not (opts.killer_givens is not None and "killer" in split_names(opts.variant)[1]
                    and grid.clue_count >= opts.killer_givens)

    def _may_add_given_at_all(self) -> bool:
        """False for a Killer that may take no given (``killer_givens=0``)."""
        opts = self.options
        return not (opts.killer_givens == 0 and "killer" in split_names(opts.variant)[1])

    def _within_givens(self, grid: Grid) -> bool:
        """True when a variant puzzle has no more givens than ``max_clues`` and, for a Killer,
        with the setter's pass, ``killer_givens`` allow."""
        opts = self.options
        if (opts.killer_givens is not None and "killer" in split_names(opts.variant)[1]
                and grid.clue_count > opts.killer_givens):
            return False
        return opts.max_clues is None or grid.clue_count <= opts.max_clues

    def _missed(self, levels: dict[str, int]) -> str:
        """Why a variant's difficulty target was not reached: the levels the attempts had."""
        opts = self.options
        target = opts.difficulty
        wanted = target if isinstance(target, str) else f"ER {target[0]:g}-{target[1]:g}" if target else "?"
        seen = ", ".join(f"{name} ×{k}" for name, k in sorted(levels.items(), key=lambda kv: -kv[1]))
        return (f"no {'+'.join(opts.variant)} puzzle of difficulty {wanted}"
                f"{' using ' + opts.technique if opts.technique else ''} in {sum(levels.values())} rated "
                f"attempts (levels seen: {seen}"
                + ("; unsolved: the variant techniques could not finish them by logic" if "unsolved" in levels
                   else "") + ")" + ("; a Killer here takes no given (killer_givens=0), so only split cages"
                                     " make it easier" if not self._may_add_given_at_all() else "")
                + (_NOT_UNFAIR if target == "unfair" else "")
                + "; try another level or a longer time limit")

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
            grid = Grid.trusted(tuple(puzzle), opts.shape)
            if opts.max_clues is not None and grid.clue_count > opts.max_clues:
                continue
            # every puzzle is checked before it leaves
            if solution_count(puzzle, opts.shape, self._solver) != 1:
                raise AssertionError(f"generator bug: non-unique puzzle {grid.to_string()}")
            if opts.minimal and not self._known_minimal() and not self._is_minimal(puzzle, solution):
                continue
            rating = None
            if self._rater is not None:
                rating = self._rate(grid, deadline, stop)
                if not difficulty_ok(opts, rating):
                    continue
            answer = Grid.trusted(tuple(solution), opts.shape)
            return Generated(grid, answer, seed, attempt + 1, rating, stats)
        raise GenerationError(
            f"no puzzle met the options in {opts.max_attempts} attempts (seed {seed}): "
            "loosen the clue count, symmetry, mask or difficulty"
        )


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
        puzzle = Grid.trusted(made.puzzle, opts.shape)
        yield Generated(puzzle, Grid.trusted(made.solution, opts.shape), seed, made.trials)


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
