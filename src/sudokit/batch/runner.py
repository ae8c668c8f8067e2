"""Solve, count or check many puzzles in input order (what ``sudokit solve``/``count``/``check`` run).

Puzzles are read by :func:`sudokit.formats.read_puzzles` with ``defer=True``: a puzzle on one
line in the line format (nearly every line of a data set) is not parsed in Python but handed,
a chunk at a time, to the engine's batch call ``solve_lines``; puzzles in the other formats are
parsed in Python and searched one at a time. When the engine rejects a line, Python parses it
again to name the problem exactly.

Read with ``runs=True`` (what the command line does), long runs of such lines come as one
string each (:class:`~sudokit.formats.reader.LineRun`), and their chunks' answers stay in the
engine's lists (:class:`RunResults`) until written: no Python step per puzzle on that path.
:func:`run_chunks` gives the answers chunk by chunk, :func:`run_entries` puzzle by puzzle.

``jobs > 1`` spreads the chunks over the workers of :class:`sudokit.engine.executor.Executor`: threads
when the C core does the work (it releases the GIL), processes for a Python strategy or the
Python engine.

>>> results = run(["1.3..4.22.4..3.1", "11..............", "1..............."], Job("check"))
>>> [(r.line, str(r.status), r.count) for r in results]
[(1, 'solved', 1), (2, 'invalid', None), (3, 'multiple', 2)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict, TypeVar

from sudokit import formats
from sudokit.engine import backend, reference
from sudokit.engine.executor import Executor
from sudokit.errors import (
    MultipleSolutionsError,
    NoSolutionError,
    RulesError,
    ShapeError,
    SudokuError,
)
from sudokit.formats.chars import DIGIT_CHARS, MAX_CHAR_N
from sudokit.formats.reader import Entry, LineRun
from sudokit.grid import Grid, find_duplicate
from sudokit.limits import Stop
from sudokit.rules import Constraint, Rules
from sudokit.shape import Shape
from sudokit.status import Status

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "INVALID",
    "LIMIT_REACHED",
    "MULTIPLE",
    "NO_SOLUTION",
    "SOLVED",
    "TASKS",
    "Job",
    "Result",
    "RunOptions",
    "RunResults",
    "cut_chunks",
    "run",
    "run_chunks",
    "run_entries",
    "run_sources",
]

#: The kind of item :func:`cut_chunks` gathers into lists.
_T = TypeVar("_T")

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
    #: The rules of every puzzle, for a variant (None: classic, or the rules a puzzle brings along:
    #: an f-puzzles link or sudokit's JSON form).
    rules: Rules | None = field(default=None, repr=False)
    #: Constraints added to every puzzle's rules (its own, :attr:`rules`, or classic ones), for
    #: grids of side :attr:`constraints_n` (``--constraint``).
    constraints: tuple[Constraint, ...] = field(default=(), repr=False)
    constraints_n: int = field(default=9, repr=False)
    #: The rules with :attr:`constraints` added, built once for each rules they are added to.
    combined: dict[Rules, Rules] = field(default_factory=dict, compare=False, repr=False)

    def with_constraints(self, own: Rules) -> Rules:
        """``own`` rules with :attr:`constraints` added (built once per rules, then reused)."""
        found = self.combined.get(own)
        if found is None:
            found = self.combined[own] = own.with_constraints(self.constraints)
        return found

    @property
    def plain(self) -> bool:
        """True when puzzles are classic and go to the native engine (no strategy, no rules)."""
        return self.strategy is None and self.rules is None and not self.constraints

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
    #: The variant rules the puzzle was searched under (None: classic).
    rules: Rules | None = field(default=None, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The fields written by ``--json``, one JSON object per puzzle (with ``rules`` in
        :meth:`Rules.to_dict`'s form when the puzzle is a variant, so the record reads back)."""
        record = {
            "file": self.source,
            "line": self.line,
            "puzzle": self.puzzle,
            "status": str(self.status),
            "solution": self.solution,
            "count": self.count,
            "error": self.error,
        }
        if self.rules is not None:
            record["rules"] = self.rules.to_dict()
        return record

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
    rules: Rules | None = None


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
    # Imported here: the strategies are loaded only by a run that asks for one, which keeps
    # `sudokit solve` and every batch with the native engine quick to start.
    from sudokit.strategies import solve_with

    found = solve_with(spec, grid, limit, time_limit=time_limit)
    return int(found.count), found.solution, found.status == LIMIT_REACHED


def _search_cells(
    work: _Work, cells: tuple[int, ...], job: Job, source: str, engine: backend.Engine,
    stop: Stop | None = None,
) -> Result:
    """Check and search one puzzle given as cells (the slow path, one engine call)."""
    shape = work.shape
    rules = work.rules or job.rules
    puzzle = work.text.strip() if work.cells is None else _line_text(cells, shape)
    if job.constraints:
        if shape.n != job.constraints_n:
            n = job.constraints_n
            wrong = RulesError(f"the --constraint cells are for {n}×{n} grids (give --box for others)")
            return _invalid(work.line, puzzle, wrong, source)
        own = work.rules or (job.rules if job.rules is not None else Rules.classic(shape))
        try:
            rules = job.with_constraints(own)
        except SudokuError as exc:
            return _invalid(work.line, puzzle, exc, source)
    if rules is not None:
        return _search_rules(work, cells, rules, puzzle, job, source, engine, stop)
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
        bytes(cells), shape.box_rows, shape.box_cols, job.limit, job.time_limit or 0.0,
        stop=None if stop is None else stop.buffer,
    )
    solution = _line_text(first, shape) if first is not None and count > 0 else None
    return _outcome(work, puzzle, count, solution, source)


def _search_rules(
    work: _Work, cells: tuple[int, ...], rules: Rules, puzzle: str, job: Job, source: str,
    engine: backend.Engine, stop: Stop | None,
) -> Result:
    """Check and search one puzzle under a variant's rules."""
    if work.rules is not None and job.rules is not None and work.rules != job.rules:
        own = RulesError("this puzzle carries its own rules: drop --variant")
        return _invalid(work.line, puzzle, own, source)
    if rules.n != work.shape.n:
        size = RulesError(f"the rules are for {rules.n}×{rules.n} grids")
        return _invalid(work.line, puzzle, size, source)
    broken = rules.violation(cells)
    if broken is not None:
        return _invalid(work.line, puzzle, broken, source)
    if job.strategy is not None:
        return _invalid(work.line, puzzle, RulesError("the strategies solve classic Sudoku only"), source)
    table = backend.rules_table(rules, "python" if engine is reference else "c")
    count, first, _ = table.solve(
        bytes(cells), job.limit, job.time_limit or 0.0, None if stop is None else stop.buffer
    )
    solution = _line_text(first, work.shape) if first is not None and count > 0 else None
    return replace(_outcome(work, puzzle, count, solution, source), rules=rules)


def _reparse(work: _Work, job: Job, source: str, engine: backend.Engine) -> Result:
    """Parse a line the engine rejected in Python: the exact error, or search it after all."""
    try:
        cells, shape = formats.parse(work.text, job.box, first_line=work.line)
    except SudokuError as exc:
        return _invalid(work.line, work.text, exc, source)
    return _search_cells(work._replace(shape=shape), tuple(cells), job, source, engine)


# -- one chunk -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunResults:
    """The answers for a :class:`~sudokit.formats.reader.LineRun`, as the engine's batch call gave
    them: per puzzle its text, count (or negative status) and solution; ``others`` holds, by
    index, the results of the lines the engine rejected, read again in Python for their exact
    error. Iterating gives the :class:`Result` of each puzzle, as the general path would.
    """

    source: str
    line: int
    shape: Shape
    puzzles: list[str]
    counts: list[int]
    solutions: list[str | None]
    others: dict[int, Result]

    def __len__(self) -> int:
        return len(self.counts)

    def result(self, index: int) -> Result:
        """The :class:`Result` of puzzle ``index`` of the run."""
        other = self.others.get(index)
        if other is not None:
            return other
        text = self.puzzles[index]
        work = _Work(self.line + index, text, self.shape, None)
        return _outcome(work, text, self.counts[index], self.solutions[index], self.source)

    def __iter__(self) -> Iterator[Result]:
        return map(self.result, range(len(self.counts)))


#: What one chunk gives: its results, or a run's answers in the engine's lists.
Answers = list[Result] | RunResults


def _run_lines(job: Job, source: str, run: LineRun, engine: backend.Engine, stop: Stop) -> RunResults:
    """Run a :class:`LineRun` in one batch call (lines the engine rejects are read again in Python)."""
    texts = run.lines()
    shape = run.shape
    counts, solutions = engine.solve_lines(
        texts, job.limit, shape.box_rows, shape.box_cols, job.time_limit or 0.0, stop=stop.buffer
    )
    others: dict[int, Result] = {}
    if counts and min(counts) < 0:
        for i, count in enumerate(counts):
            if count < 0 and count != _LIMIT_CODE:
                work = _Work(run.line + i, texts[i], shape, None)
                others[i] = _reparse(work, job, source, engine)
    return RunResults(source, run.line, shape, texts, counts, solutions, others)


def _run_chunk(
    job: Job, source: str, items: list[_Item], engine_name: str, stop: Stop | None = None
) -> list[Result]:
    """Run a chunk of puzzles: deferred lines in one batch call per shape, the rest one by one.

    ``engine_name`` is the engine's name, not the engine, so a worker process can be sent it.
    """
    engine = backend.select(engine_name)
    stop = stop or Stop()
    out: list[Result | None] = [item if isinstance(item, Result) else None for item in items]
    groups: dict[Shape, list[tuple[int, _Work]]] = {}
    for i, item in enumerate(items):
        if isinstance(item, _Work):
            if item.cells is None and job.plain:
                groups.setdefault(item.shape, []).append((i, item))
            elif item.cells is None:
                out[i] = _reparse(item, job, source, engine)
            else:
                out[i] = _search_cells(item, item.cells, job, source, engine, stop)
    for shape, works in groups.items():
        texts = [work.text.strip() for _, work in works]
        counts, solutions = engine.solve_lines(
            texts, job.limit, shape.box_rows, shape.box_cols, job.time_limit or 0.0, stop=stop.buffer
        )
        for (i, work), text, count, solution in zip(works, texts, counts, solutions, strict=True):
            if count < 0 and count != _LIMIT_CODE:
                out[i] = _reparse(work, job, source, engine)
            else:
                out[i] = _outcome(work, text, count, solution, source)
    return [r for r in out if r is not None]


# -- many chunks -----------------------------------------------------------------------------------


def _items(entries: Iterable[Entry | LineRun], job: Job, source: str) -> Iterator[_Item | LineRun]:
    """Turn read entries into work for the engine (or into results, for unreadable ones)."""
    for entry in entries:
        if isinstance(entry, LineRun):
            if job.plain:
                yield entry
            else:
                yield from (_Work(e.line, e.text, entry.shape, None) for e in entry.entries())
        elif entry.error is not None:
            yield _invalid(entry.line, entry.text, entry.error, source)
        elif entry.shape is None:
            yield _invalid(entry.line, entry.text, ShapeError("no grid shape"), source)
        elif entry.cells is None:
            yield _Work(entry.line, entry.text, entry.shape, None)
        else:
            yield _Work(entry.line, entry.text, entry.shape, tuple(entry.cells), entry.rules)


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


#: A chunk of work: puzzles one by one, or a part of a run of lines.
_Chunk = list[_Item] | LineRun


def cut_chunks(items: Iterable[_T | LineRun], size: Callable[[], int]) -> Iterator[list[_T] | LineRun]:
    """Cut a stream of work into chunks of ``size()`` puzzles (asked as each chunk fills, so it
    may change between chunks; items are read when each chunk starts); a run of lines is cut
    into parts of its own."""
    chunk: list[_T] = []
    for item in items:
        if isinstance(item, LineRun):
            if chunk:
                yield chunk
                chunk = []
            start, total = 0, len(item)
            while start < total:
                stop = min(total, start + size())
                yield item.part(start, stop)
                start = stop
            continue
        chunk.append(item)
        if len(chunk) >= size():
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _timed_chunk(
    job: Job, engine_name: str, work: tuple[str, _Chunk], stop: Stop
) -> tuple[float, Answers]:
    """Run one chunk of one source: the seconds it took and its answers (what the workers run)."""
    source, chunk = work
    start = time.perf_counter()
    if isinstance(chunk, LineRun):
        answers: Answers = _run_lines(job, source, chunk, backend.select(engine_name), stop)
    else:
        answers = _run_chunk(job, source, chunk, engine_name, stop)
    return time.perf_counter() - start, answers


class RunOptions(TypedDict, total=False):
    """The keywords of :func:`run_chunks` (and :func:`run_entries`): how the work is spread."""

    jobs: int
    chunk_size: int | None
    engine: str | None
    executor: Executor | None


# run_sources and run repeat some of run_chunks' keywords on purpose: each is public and typed.
def run_chunks(
    sources: Iterable[tuple[str, Iterable[Entry | LineRun]]],
    job: Job = Job(),
    *,
    jobs: int = 1,
    chunk_size: int | None = None,
    engine: str | None = None,
    executor: Executor | None = None,
) -> Iterator[Answers]:
    """Run ``job`` on entries from :func:`~sudokit.formats.read_puzzles`, source by source, and
    give the answers chunk by chunk in input order: a list of :class:`Result`, or the
    :class:`RunResults` of a run of lines.

    ``sources`` pairs each source's name with its entries (and runs of lines, read with
    ``runs=True``). ``engine`` (``"c"``, ``"python"``, None: the default) is the engine of every
    puzzle, in the workers too. Without ``chunk_size``, chunks start with one puzzle and grow
    while they are quick (see :data:`CHUNK_SECONDS`), so every answer comes soon after it is
    found and Ctrl-C loses little finished work. ``jobs`` workers run the chunks: threads of
    this process with the C engine, processes with a strategy or the Python engine; or those of
    ``executor`` when given (see :mod:`sudokit.engine.executor`).
    """
    engine_name = backend.name_of(engine)
    most = CHUNK_C if engine_name == "c" else CHUNK_PYTHON
    sizer = _Sizer(max(1, chunk_size or most), fixed=chunk_size is not None)
    chunks = (
        (name, chunk)
        for name, entries in sources
        for chunk in cut_chunks(_items(entries, job, name), lambda: sizer.size)
    )
    executor = executor or Executor.choose(jobs, native=engine_name == "c" and job.strategy is None)
    for seconds, answers in executor.map(partial(_timed_chunk, job, engine_name), chunks):
        sizer.took(seconds)
        yield answers


def run_entries(
    sources: Iterable[tuple[str, Iterable[Entry | LineRun]]],
    job: Job = Job(),
    **options: Unpack[RunOptions],
) -> Iterator[Result]:
    """:func:`run_chunks`, one :class:`Result` per puzzle."""
    for answers in run_chunks(sources, job, **options):
        yield from answers


def run_sources(
    sources: Iterable[tuple[str, Iterable[str] | str]],
    job: Job = Job(),
    *,
    jobs: int = 1,
    chunk_size: int | None = None,
    engine: str | None = None,
) -> Iterator[Result]:
    """Run ``job`` on every puzzle of several inputs, each a ``(name, text or lines)`` pair (an open
    file is read a large piece at a time)."""
    entries = (
        (name, formats.read_puzzles(lines, job.box, defer=True, runs=True)) for name, lines in sources
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
