"""Solve, count and check puzzles with the fastest engine available.

>>> from sudokit import Grid, solve, count_solutions, is_unique
>>> puzzle = Grid.from_string(
...     "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....")
>>> solve(puzzle).to_string()
'527316489896542731314987562172453896689271354453698217941825673765134928238769145'
>>> count_solutions(puzzle, limit=2), is_unique(puzzle)
(1, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, overload

from sudokit.engine import backend
from sudokit.engine.reference import DUPLICATE, MALFORMED
from sudokit.errors import (
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    ShapeError,
    TimeLimitReached,
    WrongLengthError,
)
from sudokit.formats import parse_line, to_line
from sudokit.formats.reader import BoxLike, as_shape
from sudokit.grid import Grid, PuzzleLike, RulesLike, as_grid, as_rules
from sudokit.limits import COUNT_LIMIT, check_limit, check_time_limit
from sudokit.rules import Rules
from sudokit.shape import Shape
from sudokit.status import Status

__all__ = [
    "SearchResult",
    "count_many",
    "count_solutions",
    "is_unique",
    "search",
    "solve",
    "solve_many",
]

#: The count the engines give a puzzle whose search ran out of time (``time_limit``).
LIMIT_CODE = -4

@dataclass(frozen=True)
class SearchResult:
    """What one search found: solutions counted up to the limit, the first one, guesses made.

    ``stopped`` is true when the time limit ran out first: the status is ``limit_reached``,
    ``count`` is 0 (not known) and ``solution`` the first solution found, if any.
    """

    count: int
    solution: Grid | None
    guesses: int
    limit: int
    stopped: bool = False

    @property
    def unique(self) -> bool:
        """True when exactly one solution exists (meaningful when ``limit >= 2``)."""
        return self.count == 1 and self.limit >= 2

    @property
    def status(self) -> Status:
        """``solved`` (one solution, or any with ``limit=1``), ``no_solution``, ``multiple``, or
        ``limit_reached`` when the time limit ran out."""
        if self.stopped:
            return Status.LIMIT_REACHED
        if self.count == 0:
            return Status.NO_SOLUTION
        return Status.MULTIPLE if self.count > 1 else Status.SOLVED

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready values."""
        return {
            "status": self.status.value,
            "count": self.count,
            "solution": self.solution.to_string() if self.solution is not None else None,
            "guesses": self.guesses,
            "limit": self.limit,
        }


def _seconds(time_limit: float | None) -> float:
    """A checked ``time_limit`` as the engines take it (0.0: none)."""
    return check_time_limit(time_limit) or 0.0


def search(
    puzzle: PuzzleLike, limit: int = 2, *, box: BoxLike = None, engine: str | None = None,
    time_limit: float | None = None, rules: RulesLike = None,
) -> SearchResult:
    """Search for up to ``limit`` solutions; report the count, the first solution and guesses.

    A variant puzzle is searched under its rules (a :class:`Grid` of a variant carries them;
    ``rules``, which every function here takes, gives them to plain text: a
    :class:`~sudokit.rules.Rules` or variant names such as ``"x,antiknight"``).

    ``engine`` (``"c"`` or ``"python"``; every function here takes it) picks the engine for this
    call; None uses the default (see :mod:`sudokit.engine.backend`). ``time_limit`` (seconds, None: no
    limit; every function here takes it) stops the search: the result is then ``stopped``.
    Ctrl-C (:class:`KeyboardInterrupt`) stops it too, in the main thread, within 50 ms.
    """
    check_limit(limit)
    seconds = _seconds(time_limit)
    grid = as_grid(puzzle, box, rules=rules)
    shape = grid.shape
    if grid.rules is not None:
        count, first, guesses = backend.rules_table(grid.rules, engine).solve(
            grid.to_bytes(), limit, seconds
        )
    else:
        count, first, guesses = backend.select(engine).solve(
            grid.to_bytes(), shape.box_rows, shape.box_cols, limit, seconds
        )
    solution = Grid(tuple(first), shape, grid.rules) if first is not None else None
    if count == LIMIT_CODE:
        return SearchResult(0, solution, guesses, limit, stopped=True)
    return SearchResult(count, solution, guesses, limit)


def _searched(
    puzzle: PuzzleLike, limit: int, box: BoxLike, engine: str | None, time_limit: float | None,
    rules: RulesLike = None,
) -> SearchResult:
    """:func:`search`, raising :class:`TimeLimitReached` when the time limit ran out."""
    result = search(puzzle, limit, box=box, engine=engine, time_limit=time_limit, rules=rules)
    if result.stopped:
        raise TimeLimitReached(f"time limit of {time_limit:g} s reached")
    return result


def solve(
    puzzle: PuzzleLike, *, first: bool = False, box: BoxLike = None, engine: str | None = None,
    time_limit: float | None = None, rules: RulesLike = None,
) -> Grid:
    """Return the puzzle's solution.

    Raises :class:`NoSolutionError` when there is none and, unless ``first`` is true (take the
    first solution found, faster), :class:`MultipleSolutionsError` when there are several;
    :class:`TimeLimitReached` when ``time_limit`` (seconds) ran out first.
    """
    result = _searched(puzzle, 1 if first else 2, box, engine, time_limit, rules)
    if result.solution is None:
        raise NoSolutionError()
    if result.count > 1:
        raise MultipleSolutionsError()
    return result.solution


def count_solutions(
    puzzle: PuzzleLike, *, limit: int = COUNT_LIMIT, box: BoxLike = None, engine: str | None = None,
    time_limit: float | None = None, rules: RulesLike = None,
) -> int:
    """Count solutions, stopping at ``limit`` (``limit=2`` is the uniqueness check).

    Raises :class:`TimeLimitReached` when ``time_limit`` (seconds) runs out first.
    """
    return _searched(puzzle, limit, box, engine, time_limit, rules).count


def is_unique(
    puzzle: PuzzleLike, *, box: BoxLike = None, engine: str | None = None,
    time_limit: float | None = None, rules: RulesLike = None,
) -> bool:
    """True when the puzzle has exactly one solution (:class:`TimeLimitReached` if out of time)."""
    return _searched(puzzle, 2, box, engine, time_limit, rules).count == 1


def _is_array(puzzles: Any) -> bool:
    """True for a 2-D array-like (NumPy array) rather than a sequence of strings."""
    return hasattr(puzzles, "__array_interface__") and getattr(puzzles, "ndim", 0) == 2


def _lines(puzzles: object, name: str = "puzzles") -> list[str | bytes]:
    """The puzzle lines of a batch call; a bare string (one puzzle, not a batch) is a TypeError."""
    if isinstance(puzzles, (str, bytes)):
        raise TypeError(f"{name} must be a sequence of puzzle lines, not a single {type(puzzles).__name__}")
    try:
        lines: list[str | bytes] = list(puzzles)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"{name} must be a sequence of puzzle lines, not {type(puzzles).__name__}") from None
    for line in lines:
        if not isinstance(line, (str, bytes)):
            raise TypeError(f"{name} must hold puzzle lines (str or bytes), not {type(line).__name__}")
    return lines


def _cell_array(puzzles: Any, shape: Shape) -> Any:
    """A C-contiguous uint8 copy of an integer cell array, checked: N² columns, values 0…N."""
    import numpy as np

    if puzzles.dtype.kind not in "iub":
        raise ParseError(f"puzzle arrays must hold integers, not {puzzles.dtype}")
    if puzzles.shape[1] != shape.size:
        raise WrongLengthError(puzzles.shape[1], expected=f"{shape.size} cells per row")
    if puzzles.size and (int(puzzles.min()) < 0 or int(puzzles.max()) > shape.n):
        raise ParseError(f"puzzle arrays must hold values 0-{shape.n} (0 for an empty cell)")
    return np.ascontiguousarray(puzzles, dtype=np.uint8)


@overload
def solve_many(
    puzzles: Sequence[str | bytes], *, first: bool = False, box: BoxLike = None,
    engine: str | None = None, time_limit: float | None = None,
) -> list[str | None]: ...
@overload
def solve_many(
    puzzles: Any, *, first: bool = False, box: BoxLike = None, engine: str | None = None,
    time_limit: float | None = None, rules: RulesLike = None,
) -> Any: ...


def solve_many(
    puzzles: Any, *, first: bool = False, box: BoxLike = None, engine: str | None = None,
    time_limit: float | None = None, rules: RulesLike = None,
) -> Any:
    """Solve many puzzles in one native call (the batch path); solutions in input order.

    ``puzzles`` is a sequence of line-format strings (or bytes), or a NumPy integer array of
    shape ``(n, N²)`` holding cell values (0 = empty). A puzzle gets its solution when it has
    exactly one (any first solution found, with ``first=True``: faster). Where there is none
    (no solution, several, malformed or duplicate givens) the result is ``None`` for string
    input and a zero row for array input. ``time_limit`` is seconds per puzzle: one that runs
    out of time gets no solution either.

    >>> solve_many(["1.3..4.22.4..3.1", "11.............."], box=(2, 2))
    ['1234341221434321', None]
    """
    shape = as_shape(box) or Shape(3, 3)
    core = backend.select(engine)
    limit = 1 if first else 2
    seconds = _seconds(time_limit)
    variant = as_rules(rules, shape) if rules is not None else None
    if variant is not None and not _is_array(puzzles):
        counts_list, firsts = _rules_lines(_lines(puzzles), variant, shape, limit, seconds, engine)
        pairs = zip(counts_list, firsts, strict=True)
        return [s if c == 1 or (limit == 1 and c > 0) else None for c, s in pairs]
    if variant is not None:
        raise TypeError("variant rules take puzzle lines, not arrays")
    if _is_array(puzzles):
        import numpy as np

        src = _cell_array(puzzles, shape)
        out = np.zeros_like(src)
        counts = np.zeros(src.shape[0], dtype=np.int32)
        core.solve_array(src, out, counts, limit, shape.box_rows, shape.box_cols, seconds)
        out[counts < 0] = 0
        if limit >= 2:
            out[counts != 1] = 0
        return out
    counts_list, solutions = core.solve_lines(
        _lines(puzzles), limit, shape.box_rows, shape.box_cols, seconds
    )
    if limit >= 2:
        return [s if c == 1 else None for c, s in zip(counts_list, solutions, strict=False)]
    return solutions


def count_many(
    puzzles: Sequence[str | bytes], *, limit: int = COUNT_LIMIT, box: BoxLike = None,
    engine: str | None = None, time_limit: float | None = None, rules: RulesLike = None,
) -> list[int]:
    """Count solutions of many line-format puzzles up to ``limit`` in one native call.

    A negative count marks a puzzle that could not be searched: ``-1`` malformed text,
    ``-2`` a duplicate given, ``-4`` its ``time_limit`` (seconds per puzzle) ran out.
    """
    check_limit(limit)
    seconds = _seconds(time_limit)
    shape = as_shape(box) or Shape(3, 3)
    variant = as_rules(rules, shape) if rules is not None else None
    if variant is not None:
        return _rules_lines(_lines(puzzles), variant, shape, limit, seconds, engine)[0]
    counts, _ = backend.select(engine).solve_lines(
        _lines(puzzles), limit, shape.box_rows, shape.box_cols, seconds
    )
    return counts


def _rules_lines(
    lines: Sequence[str | bytes], rules: Rules, shape: Shape, limit: int, seconds: float,
    engine: str | None,
) -> tuple[list[int], list[str | None]]:
    """Counts and first solutions (line format) of line-format puzzles under a variant's rules.

    Status codes as the classic batch: ``-1`` malformed, ``-2`` a given breaking a rule, ``-4`` out
    of time.
    """
    table = backend.rules_table(rules, engine)
    cells: list[bytes] = []
    status: list[int] = []
    for line in lines:
        text = line.decode("latin-1") if isinstance(line, bytes) else line
        try:
            values, _ = parse_line(text.strip(), shape)
        except (ParseError, ShapeError):
            status.append(MALFORMED)
            cells.append(b"")
            continue
        status.append(DUPLICATE if rules.violation(values) is not None else 0)
        cells.append(bytes(values))
    todo = [i for i, s in enumerate(status) if s == 0]
    counts, firsts = table.solve_many([cells[i] for i in todo], limit, seconds)
    out_counts = list(status)
    out_first: list[str | None] = [None] * len(status)
    for i, count, first in zip(todo, counts, firsts, strict=True):
        out_counts[i] = count
        if first is not None and count != 0:
            out_first[i] = to_line(first, shape, ".")
    return out_counts, out_first
