"""Solve, count or check many puzzles in input order (what ``sudokit solve``/``count``/``check`` run).

Puzzles are read by :func:`sudokit.formats.read_puzzles` with ``defer=True``: a puzzle on one
line in the line format (nearly every line of a data set) is not parsed in Python but handed,
a chunk at a time, to the engine's batch call ``solve_lines``; puzzles in the other formats are
parsed in Python and searched one at a time. When the engine rejects a line, Python parses it
again to name the problem exactly. ``jobs > 1`` spreads the chunks over worker processes.

>>> results = run(["1.3..4.22.4..3.1", "11..............", "1..............."], Job("check"))
>>> [(r.line, str(r.status), r.count) for r in results]
[(1, 'solved', 1), (2, 'invalid', None), (3, 'multiple', 2)]
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, NamedTuple

from sudokit import _engine, formats
from sudokit.errors import (
    MultipleSolutionsError,
    NoSolutionError,
    ShapeError,
    SudokuError,
)
from sudokit.formats.chars import DIGIT_CHARS, MAX_CHAR_N
from sudokit.formats.reader import Entry
from sudokit.grid import Grid, find_duplicate
from sudokit.limits import ignore_interrupts, stop_workers
from sudokit.status import Status
from sudokit.strategies import solve_with
from sudokit.units import Shape

__all__ = [
    "INVALID",
    "LIMIT_REACHED",
    "MULTIPLE",
    "NO_SOLUTION",
    "SOLVED",
    "TASKS",
    "Job",
    "Result",
    "run",
    "run_entries",
    "run_sources",
]

#: What a batch can do to each puzzle.
TASKS = ("solve", "count", "check")

#: The status of a puzzle after the batch (:class:`sudokit.Status`; typed ``str``, which a
#: Status is): the words of the ``status`` field of ``--json``.
SOLVED: str = Status.SOLVED
NO_SOLUTION: str = Status.NO_SOLUTION
MULTIPLE: str = Status.MULTIPLE
#: Stopped by its per-puzzle time limit (or a strategy's node budget) before it could decide.
LIMIT_REACHED: str = Status.LIMIT_REACHED
INVALID: str = Status.INVALID

#: The most puzzles per chunk handed to the engine (and to a worker process) at once.
CHUNK_C = 4096
CHUNK_PYTHON = 16
#: Chunks start with one puzzle and grow (doubling) while a chunk takes less than this many
#: seconds, so the first answers come at once and an interrupted run loses little finished work.
CHUNK_SECONDS = 0.05
#: The engines' count for a puzzle whose time limit ran out.
_LIMIT_CODE = -4


@dataclass(frozen=True)
class Job:
    """What to do to every puzzle: the task, the solution limit, the box shape, the strategy.

    ``limit`` is how many solutions to look for: 1 takes the first solution without checking
    that it is the only one, 2 (the default) is the uniqueness check. ``strategy`` names a
    solver of :mod:`sudokit.strategies` to use instead of the native engine.

    >>> Job("count", limit=10)
    Job(task='count', limit=10, box=None, strategy=None, time_limit=None)
    """

    task: str = "solve"
    limit: int = 2
    box: Shape | None = None
    strategy: str | None = None
    #: Seconds the engine (or strategy) may spend on one puzzle before it reports ``limit_reached``.
    time_limit: float | None = None

    def __post_init__(self) -> None:
        if self.task not in TASKS:
            raise ValueError(f"unknown task {self.task!r} (expected one of {', '.join(TASKS)})")
        if self.limit < 1:
            raise ValueError("limit must be at least 1")

    def succeeded(self, result: Result) -> bool:
        """True when the puzzle passed: counted (for ``count``) or solved (unique when limit ≥ 2)."""
        if self.task == "count":
            return result.status not in (INVALID, LIMIT_REACHED)
        return result.status == SOLVED


@dataclass(frozen=True)
class Result:
    """What the batch found for one puzzle; ``line`` is the puzzle's first line in ``source``.

    ``status`` is one of ``solved``, ``no_solution``, ``multiple``, ``invalid``; ``count`` is the
    number of solutions found up to the limit (``None`` when invalid); ``solution`` is given only
    when solved; ``error`` is the message of a puzzle that is not solved.
    """

    line: int
    puzzle: str
    status: str
    solution: str | None = None
    count: int | None = None
    error: str | None = None
    source: str = "-"
    shape: Shape | None = None

    def to_dict(self) -> dict[str, Any]:
        """The fields written by ``--json``, one JSON object per puzzle."""
        return {
            "file": self.source,
            "line": self.line,
            "puzzle": self.puzzle,
            "status": str(self.status),
            "solution": self.solution,
            "count": self.count,
            "error": self.error,
        }

    def solution_grid(self) -> Grid | None:
        """The solution as a :class:`Grid` (``None`` when there is none)."""
        if self.solution is None:
            return None
        return Grid.from_string(self.solution, self.shape, check=False)


class _Work(NamedTuple):
    """One puzzle on its way to the engine: deferred line text, or cells parsed in Python."""

    line: int
    text: str
    shape: Shape
    cells: tuple[int, ...] | None


_Item = _Work | Result


# -- one puzzle ------------------------------------------------------------------------------------


def _line_text(cells: Iterable[int], shape: Shape) -> str:
    """Cells as one line: the line format, or space-separated numbers when N > 35."""
    if shape.n > MAX_CHAR_N:
        return " ".join(str(v) for v in cells)
    return "".join(DIGIT_CHARS[v - 1] if v else "." for v in cells)


def _message(error: SudokuError, line: int) -> str:
    """The error's message, addressed to ``line`` when it does not name a line itself."""
    if getattr(error, "line", None) is None:
        error = error.with_line(line)
    return str(error)


def _invalid(line: int, text: str, error: SudokuError, source: str) -> Result:
    """The result of a puzzle that could not be read or has a duplicate given."""
    return Result(line, text.strip(), INVALID, error=_message(error, line), source=source)


def _limit_reached(work: _Work, puzzle: str, source: str, count: int | None = None) -> Result:
    """The result of a puzzle whose time (or node) limit ran out."""
    found = "" if count is None else f" after {count} solution(s)"
    error = f"line {work.line}: time or node limit reached{found}"
    return Result(work.line, puzzle, LIMIT_REACHED, None, count, error, source, work.shape)


def _outcome(work: _Work, puzzle: str, count: int, solution: str | None, source: str) -> Result:
    """Turn a count and first solution into a :class:`Result` with its status and message."""
    if count == _LIMIT_CODE:
        return _limit_reached(work, puzzle, source)
    if count <= 0:
        error: str | None = str(NoSolutionError(line=work.line))
        return Result(work.line, puzzle, NO_SOLUTION, None, 0, error, source, work.shape)
    if count == 1:
        return Result(work.line, puzzle, SOLVED, solution, 1, None, source, work.shape)
    error = str(MultipleSolutionsError(line=work.line))
    return Result(work.line, puzzle, MULTIPLE, None, count, error, source, work.shape)


def _strategy_search(
    spec: str, grid: Grid, limit: int, time_limit: float | None
) -> tuple[int, Grid | None, bool]:
    """Search with a strategy of :mod:`sudokit.strategies`: (count, first solution, stopped early)."""
    found = solve_with(spec, grid, limit, time_limit=time_limit)
    return int(found.count), found.solution, found.status == LIMIT_REACHED


def _search_cells(
    work: _Work, cells: tuple[int, ...], job: Job, source: str, engine: _engine.Engine
) -> Result:
    """Check and search one puzzle given as cells (the slow path, one engine call)."""
    shape = work.shape
    puzzle = work.text.strip() if work.cells is None else _line_text(cells, shape)
    duplicate = find_duplicate(cells, shape)
    if duplicate is not None:
        return _invalid(work.line, puzzle, duplicate, source)
    if job.strategy is not None:
        try:
            count, grid, stopped = _strategy_search(
                job.strategy, Grid(cells, shape), job.limit, job.time_limit
            )
        except SudokuError as exc:
            return _invalid(work.line, puzzle, exc, source)
        solution = _line_text(grid.cells, shape) if grid is not None else None
        if stopped and count < job.limit:
            return _limit_reached(work, puzzle, source, count)
        return _outcome(work, puzzle, count, solution, source)
    count, first, _ = engine.solve(
        bytes(cells), shape.box_rows, shape.box_cols, job.limit, job.time_limit or 0.0
    )
    solution = _line_text(first, shape) if first is not None and count > 0 else None
    return _outcome(work, puzzle, count, solution, source)


def _reparse(work: _Work, job: Job, source: str, engine: _engine.Engine) -> Result:
    """Parse a line the engine rejected in Python: the exact error, or search it after all."""
    try:
        cells, shape = formats.parse(work.text, job.box, first_line=work.line)
    except SudokuError as exc:
        return _invalid(work.line, work.text, exc, source)
    return _search_cells(work._replace(shape=shape), tuple(cells), job, source, engine)


# -- one chunk -------------------------------------------------------------------------------------


def _run_chunk(job: Job, source: str, items: list[_Item], engine_name: str) -> list[Result]:
    """Run a chunk of puzzles: deferred lines in one batch call per shape, the rest one by one.

    ``engine_name`` is the engine's name, not the engine, so a worker process can be sent it.
    """
    engine = _engine.select(engine_name)
    out: list[Result | None] = [item if isinstance(item, Result) else None for item in items]
    groups: dict[Shape, list[tuple[int, _Work]]] = {}
    for i, item in enumerate(items):
        if isinstance(item, _Work):
            if item.cells is None and job.strategy is None:
                groups.setdefault(item.shape, []).append((i, item))
            elif item.cells is None:
                out[i] = _reparse(item, job, source, engine)
            else:
                out[i] = _search_cells(item, item.cells, job, source, engine)
    for shape, works in groups.items():
        texts = [work.text.strip() for _, work in works]
        counts, solutions = engine.solve_lines(
            texts, job.limit, shape.box_rows, shape.box_cols, job.time_limit or 0.0
        )
        for (i, work), text, count, solution in zip(works, texts, counts, solutions, strict=True):
            if count < 0 and count != _LIMIT_CODE:
                out[i] = _reparse(work, job, source, engine)
            else:
                out[i] = _outcome(work, text, count, solution, source)
    return [r for r in out if r is not None]


# -- many chunks -----------------------------------------------------------------------------------


def _items(entries: Iterable[Entry], job: Job, source: str) -> Iterator[_Item]:
    """Turn read entries into work for the engine (or into results, for unreadable ones)."""
    for entry in entries:
        if entry.error is not None:
            yield _invalid(entry.line, entry.text, entry.error, source)
        elif entry.shape is None:
            yield _invalid(entry.line, entry.text, ShapeError("no grid shape"), source)
        elif entry.cells is None:
            yield _Work(entry.line, entry.text, entry.shape, None)
        else:
            yield _Work(entry.line, entry.text, entry.shape, tuple(entry.cells))


class _Sizer:
    """The size of the next chunk: from 1 up to ``most``, doubled while chunks are quick and
    halved when one is slow (about :data:`CHUNK_SECONDS` each); a fixed size with ``fixed``."""

    def __init__(self, most: int, fixed: bool = False) -> None:
        self.most = most
        self.size = most if fixed else 1
        self.fixed = fixed

    def took(self, seconds: float) -> None:
        """Adjust the size after a chunk of the current size took ``seconds``."""
        if self.fixed:
            return
        if seconds < CHUNK_SECONDS / 2:
            self.size = min(self.most, self.size * 2)
        elif seconds > CHUNK_SECONDS * 4:
            self.size = max(1, self.size // 2)


def _chunks(items: Iterable[_Item], sizer: _Sizer) -> Iterator[list[_Item]]:
    """Cut a stream of work into lists of ``sizer.size`` items (read when each list starts)."""
    chunk: list[_Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= sizer.size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _timed_chunk(
    job: Job, source: str, items: list[_Item], engine_name: str
) -> tuple[float, list[Result]]:
    """:func:`_run_chunk` and the seconds it took (what the worker processes run)."""
    start = time.perf_counter()
    results = _run_chunk(job, source, items, engine_name)
    return time.perf_counter() - start, results


def _parallel(
    chunks: Iterable[tuple[str, list[_Item]]], job: Job, jobs: int, engine_name: str, sizer: _Sizer
) -> Iterator[list[Result]]:
    """Run chunks in ``jobs`` worker processes, a few ahead, yielding results in input order."""
    executor = ProcessPoolExecutor(max_workers=jobs, initializer=ignore_interrupts)
    pending: deque[Future[tuple[float, list[Result]]]] = deque()
    finished = False

    def done() -> list[Result]:
        seconds, results = pending.popleft().result()
        sizer.took(seconds)
        return results

    try:
        for source, chunk in chunks:
            pending.append(executor.submit(_timed_chunk, job, source, chunk, engine_name))
            while len(pending) > 2 * jobs or (pending and pending[0].done()):
                yield done()
        while pending:
            yield done()
        finished = True
    finally:
        if finished:
            executor.shutdown(wait=True)
        else:
            stop_workers(executor)


def run_entries(
    sources: Iterable[tuple[str, Iterable[Entry]]],
    job: Job = Job(),
    *,
    jobs: int = 1,
    chunk_size: int | None = None,
    engine: str | None = None,
) -> Iterator[Result]:
    """Run ``job`` on entries from :func:`~sudokit.formats.read_puzzles`, source by source.

    ``sources`` pairs each source's name with its entries; results come in input order.
    ``engine`` (``"c"``, ``"python"``, None: the default) is the engine of every puzzle, in
    the worker processes too. Without ``chunk_size``, chunks start with one puzzle and grow
    while they are quick (see :data:`CHUNK_SECONDS`), so every answer comes soon after it is
    found and Ctrl-C loses little finished work.
    """
    engine_name = _engine.name_of(engine)
    most = CHUNK_C if engine_name == "c" else CHUNK_PYTHON
    sizer = _Sizer(max(1, chunk_size or most), fixed=chunk_size is not None)
    chunks = (
        (name, chunk)
        for name, entries in sources
        for chunk in _chunks(_items(entries, job, name), sizer)
    )
    if jobs <= 1:
        for name, chunk in chunks:
            seconds, results = _timed_chunk(job, name, chunk, engine_name)
            sizer.took(seconds)
            yield from results
        return
    for results in _parallel(chunks, job, jobs, engine_name, sizer):
        yield from results


def run_sources(
    sources: Iterable[tuple[str, Iterable[str] | str]],
    job: Job = Job(),
    *,
    jobs: int = 1,
    chunk_size: int | None = None,
    engine: str | None = None,
) -> Iterator[Result]:
    """Run ``job`` on every puzzle of several inputs, each a ``(name, text or lines)`` pair."""
    entries = (
        (name, formats.read_puzzles(lines, job.box, defer=True)) for name, lines in sources
    )
    return run_entries(entries, job, jobs=jobs, chunk_size=chunk_size, engine=engine)


def run(
    puzzles: Iterable[str] | str,
    job: Job = Job(),
    *,
    jobs: int = 1,
    chunk_size: int | None = None,
    source: str = "-",
    engine: str | None = None,
) -> Iterator[Result]:
    """Run ``job`` on every puzzle of one input (its text, or its lines), in input order."""
    return run_sources([(source, puzzles)], job, jobs=jobs, chunk_size=chunk_size, engine=engine)
