"""What the subcommands share: exit codes, option parsers, reading inputs, the progress bar, writing results.

Written once here so every subcommand reads files, shows progress, runs its workers and names
statuses the same way. Nothing outside :mod:`sudokit.cli` imports this module.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import sys
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from importlib import import_module
from itertools import islice
from pathlib import Path
from typing import IO, Any, Literal, TextIO, cast, overload

from sudokit import (
    Grid,
    OutputError,
    Rules,
    RulesError,
    Shape,
    ShapeError,
    Status,
    SudokuError,
    VariantError,
    batch,
)
from sudokit.batch.runner import Answers, Job, Result, RunResults
from sudokit.batch.verification import verify_entry
from sudokit.engine.executor import Executor
from sudokit.formats import read_dataset, read_puzzles
from sudokit.formats.datasets import format_for_path
from sudokit.formats.reader import Entry, LineRun, bounded_lines
from sudokit.formats.variants import looks_like_variant
from sudokit.variant import find_variant, make_rules, variant_names

__all__ = [
    "ARGUMENT",
    "BINARY_FORMATS",
    "DEFAULT_TIME_LIMIT",
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "STDIN",
    "WRITE_PIECE",
    "InterruptGuard",
    "UsageError",
    "add_input_arguments",
    "add_scheduler_argument",
    "add_time_limit_argument",
    "add_verify_argument",
    "atomic_output",
    "check_files",
    "check_output",
    "executor_of",
    "first_puzzle",
    "flush",
    "grid_of",
    "is_binary",
    "jobs",
    "open_inputs",
    "parse_box",
    "positive",
    "progress",
    "progress_bar",
    "progress_chunks",
    "puzzle_count",
    "puzzle_text",
    "read_grid_inputs",
    "read_inputs",
    "read_specs",
    "run_batch",
    "seconds",
    "standard_input",
    "status_words",
    "stdin_is_terminal",
    "write_answers",
    "write_atomic",
    "write_results",
]

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

#: The name standard input goes by in messages and in the ``file`` field of ``--json``.
STDIN = "<stdin>"


class UsageError(Exception):
    """A mistake on the command line found after parsing (exit status 2)."""


def status_words(*statuses: Status) -> str:
    """The status words as the help texts list them: ``solved | no_solution | …``."""
    return " | ".join(s.value for s in statuses)


# -- option parsers ---------------------------------------------------------------------------------


def parse_box(text: str) -> Shape:
    """Parse ``RxC`` (``3x4``, ``3×4``, ``3,4``) into a :class:`Shape`, for ``--box``."""
    parts = text.lower().replace("×", "x").replace(",", "x").split("x")
    try:
        rows, cols = (int(p) for p in parts)
        return Shape(rows, cols)
    except (ValueError, SudokuError) as exc:
        raise argparse.ArgumentTypeError(
            f"invalid box shape {text!r}: give RxC, e.g. 2x3 for 6×6 grids ({exc})"
        ) from None


def jobs(text: str) -> int:
    """Parse ``--jobs``: a number of workers, 0 for one per CPU."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of jobs {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("the number of jobs cannot be negative")
    return value or (os.cpu_count() or 1)


def add_scheduler_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--scheduler ADDRESS``: run the batch on a Dask cluster (see docs/distributed.md)."""
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask cluster: its scheduler's address (tcp://host:8786), or 'local' for a "
        "local cluster of --jobs worker processes (needs sudokit[dask])",
    )


def executor_of(args: argparse.Namespace) -> Executor | None:
    """The Dask executor ``--scheduler`` asks for, or None (the command's own choice)."""
    address = getattr(args, "scheduler", None)
    if address is None:
        return None
    return Executor.dask(address, max(2, getattr(args, "jobs", 2)))


def positive(text: str) -> int:
    """Parse a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


#: The default ``--time-limit`` of the commands that search (seconds per puzzle).
DEFAULT_TIME_LIMIT = 60.0


def add_time_limit_argument(parser: argparse.ArgumentParser, what: str = "puzzle") -> None:
    """Add ``--time-limit SECONDS`` (default :data:`DEFAULT_TIME_LIMIT`; 0 or 'none': no limit)."""
    parser.add_argument(
        "--time-limit",
        type=seconds,
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"seconds per {what} before it is reported as {Status.LIMIT_REACHED} "
        f"(default {DEFAULT_TIME_LIMIT:g}; 0 or 'none' for no limit)",
    )


def seconds(text: str) -> float | None:
    """Parse a time limit in seconds; 0 or 'none' means no limit."""
    if text.strip().lower() in ("0", "0.0", "none", "off"):
        return None
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of seconds {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("must be positive (0 or 'none' for no limit)")
    return value


# -- reading inputs ---------------------------------------------------------------------------------


def add_input_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of every command that reads puzzles: files, --box, --json, --jobs, --no-progress."""
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="puzzle files, any format, auto-detected ('-' or none: standard input)",
    )
    parser.add_argument(
        "--box",
        type=parse_box,
        metavar="RxC",
        help="box shape of every puzzle, for N×N grids whose shape is not the usual one "
        "(default: from the size: 4×4 → 2x2, 6×6 → 2x3, 12×12 → 3x4, 16×16 → 4x4)",
    )
    words = status_words(Status.SOLVED, Status.NO_SOLUTION, Status.MULTIPLE, Status.INVALID)
    parser.add_argument(
        "--json",
        action="store_true",
        help="write JSON Lines: one object per puzzle with file, line, puzzle, status "
        f"({words}), solution, count, error",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=jobs,
        default=1,
        metavar="N",
        help="workers (default 1; 0: one per CPU): threads for the C engine, processes for "
        "--strategy and the Python engine",
    )
    add_scheduler_argument(parser)
    add_variant_arguments(parser)
    parser.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress bar (it is shown only on a terminal, for inputs that take a while)",
    )


def add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--variant NAME[,NAME]`` and ``--regions MAP`` (the rules of plain puzzles)."""
    parser.add_argument(
        "--variant",
        metavar="NAME[,NAME]",
        help="the rules of every plain puzzle: " + ", ".join(variant_names())
        + " (and aliases such as diagonal, hyper, anti-knight), combined with commas; "
        "f-puzzles links and sudokit's JSON form bring their own rules",
    )
    parser.add_argument(
        "--regions",
        metavar="MAP",
        help="Jigsaw's region map: N² characters, equal characters make a piece (implies "
        "--variant jigsaw); or a file holding it",
    )


def with_rules(grid: Grid, rules: Rules | None) -> Grid:
    """The grid under ``--variant``'s rules (UsageError when it brings other rules of its own)."""
    if rules is None:
        return grid
    if grid.rules is not None and grid.rules != rules:
        raise UsageError(f"the puzzle brings its own rules ({grid.variant}): drop --variant/--regions")
    return Grid(grid.cells, grid.shape, rules)


def portable_text(grid: Grid) -> str:
    """A puzzle's text that keeps its rules: the line format, or sudokit's JSON form for a variant."""
    return grid.to_string() if grid.rules is None else grid.to_json()


def rules_of(args: argparse.Namespace, box: Shape | None = None) -> Rules | None:
    """The rules ``--variant`` and ``--regions`` give (None: classic); UsageError when unusable."""
    names = getattr(args, "variant", None)
    regions = getattr(args, "regions", None)
    if not names and not regions:
        return None
    if regions is not None and Path(regions).is_file():
        try:
            regions = Path(regions).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise UsageError(f"--regions {regions}: {exc.strerror or exc}") from None
    try:
        if names and "killer" in {find_variant(v).name for v in names.split(",") if v.strip()}:
            raise UsageError(
                "--variant killer: a Killer puzzle's cages come with it: give it as an f-puzzles "
                "link or in sudokit's JSON form (no --variant needed)"
            )
        rules = make_rules(names or (), box=box, regions=regions)
    except (VariantError, RulesError, ShapeError) as exc:
        raise UsageError(f"--variant/--regions: {exc}") from None
    return None if rules.is_classic else rules


def add_verify_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--verify``: compare each puzzle's given solution (a data set's column) with the solved one."""
    parser.add_argument(
        "--verify",
        action="store_true",
        help="compare each puzzle's given solution (the solution column of a CSV, JSON Lines, "
        ".npz or Parquet data set) with the one found: a puzzle passes only when they are the "
        "same; one without a given solution fails",
    )


def standard_input() -> TextIO:
    """Standard input, or :class:`UsageError` when it is closed (``sudokit solve <&-``)."""
    if sys.stdin is None:
        raise UsageError("standard input is closed (give a FILE, or a puzzle)")
    return sys.stdin


def stdin_is_terminal() -> bool:
    """True when standard input is open and a terminal (a person typing puzzles)."""
    return sys.stdin is not None and sys.stdin.isatty()


def open_inputs(files: Sequence[str]) -> Iterator[tuple[str, Iterable[str]]]:
    """Yield ``(name, lines)`` for each text input file in turn; ``-`` (or no file) is standard input.

    Binary data sets (``.npy``, ``.parquet``) are not text: :func:`read_inputs` reads them.
    """
    for name in files or ["-"]:
        if name == "-":
            yield STDIN, standard_input()
            continue
        with open(name, encoding="utf-8", errors="replace") as handle:
            yield name, handle


def check_files(files: Sequence[str]) -> None:
    """Raise :class:`UsageError` for an input file that cannot be read, before any work is done."""
    for name in files:
        if name != "-" and not os.access(name, os.R_OK):
            reason = "no such file" if not os.path.exists(name) else "cannot be read"
            raise UsageError(f"{name}: {reason}")
        if name != "-" and os.path.isdir(name):
            raise UsageError(f"{name}: is a directory")


#: The data-set formats that are binary files, read by :func:`sudokit.formats.read_dataset`.
BINARY_FORMATS = ("npy", "parquet")
#: What an argument that names no puzzle is called in messages.
ARGUMENT = "<argument>"
#: Suffixes that make an argument a file name (missing: an error) rather than puzzle text.
_FILE_SUFFIX = re.compile(r"\.(txt|sdk|sdm|ss|csv|tsv|json|jsonl|ndjson|npy|npz|parquet|pq)$", re.IGNORECASE)


def is_binary(name: str) -> bool:
    """True when a file's suffix says it is a NumPy or Parquet data set."""
    return name != "-" and format_for_path(name, "") in BINARY_FORMATS


def _dataset(name: str, box: Shape | None, defer: bool) -> Iterator[Entry]:
    """The entries of a binary data set; one that cannot be read at all is a usage error."""
    try:
        yield from read_dataset(name, box, defer=defer)
    except (ImportError, ValueError, OSError) as exc:
        raise UsageError(f"{name}: {exc}") from None


@overload
def read_inputs(
    files: Sequence[str], box: Shape | None = None, *, defer: bool = False, runs: Literal[False] = False
) -> Iterator[tuple[str, Iterable[Entry]]]: ...
@overload
def read_inputs(
    files: Sequence[str], box: Shape | None = None, *, defer: bool = False, runs: bool
) -> Iterator[tuple[str, Iterable[Entry | LineRun]]]: ...


def read_inputs(
    files: Sequence[str], box: Shape | None = None, *, defer: bool = False, runs: bool = False
) -> Iterator[tuple[str, Iterable[Entry | LineRun]]]:
    """Yield ``(name, entries)`` for each input in turn: text files and standard input through
    :func:`~sudokit.formats.read_puzzles`, ``.npy``/``.parquet`` files through
    :func:`~sudokit.formats.read_dataset` (chosen by the suffix). With ``runs`` (and ``defer``),
    text is read a large piece at a time and long runs of one-line puzzles come as
    :class:`~sudokit.formats.reader.LineRun` objects (not for a person typing at a terminal)."""
    for name in files or ["-"]:
        if is_binary(name):
            yield name, _dataset(name, box, defer)
            continue
        for source, lines in open_inputs([name]):
            yield source, read_puzzles(lines, box, defer=defer, runs=runs)


def grid_of(entry: Entry, *, check: bool = True) -> Grid | SudokuError:
    """The grid an entry holds, or the error reading it (with ``check``: a duplicate given too)."""
    if entry.error is not None:
        return entry.error
    try:
        if entry.cells is None or entry.shape is None:
            grid = Grid.from_string(entry.text, check=False)
        else:
            grid = Grid(tuple(entry.cells), entry.shape, entry.rules)
        if check:
            grid.check()
    except SudokuError as exc:
        return exc if getattr(exc, "line", None) is not None else exc.with_line(entry.line)
    return grid


def read_grid_inputs(
    files: Sequence[str], box: Shape | None = None, *, check: bool = True
) -> Iterator[tuple[str, int, Grid | SudokuError]]:
    """Every puzzle of the input files as ``(name, line, Grid or the error reading it)``."""
    for name, entries in read_inputs(files, box):
        for entry in entries:
            yield name, entry.line, grid_of(entry, check=check)


def _is_file_spec(spec: str) -> bool:
    """True when an argument names a file (or standard input) rather than holding a puzzle."""
    if spec == "-":
        return True
    if "\n" in spec or len(spec) > 4096:
        return False
    if looks_like_variant(spec) and not os.path.exists(spec):  # an f-puzzles link holds '/'
        return False
    return os.path.exists(spec) or os.sep in spec or bool(_FILE_SUFFIX.search(spec))


def read_specs(
    specs: Sequence[str], box: Shape | None = None, *, check: bool = False
) -> Iterator[tuple[str, int, Grid | SudokuError]]:
    """Every puzzle the arguments give, each a puzzle's text, a file of puzzles or ``-`` (stdin).

    Every file is checked before the first puzzle is read (:class:`UsageError` if unreadable).
    """
    check_files([spec for spec in specs if _is_file_spec(spec)])
    for spec in specs:
        if _is_file_spec(spec):
            yield from read_grid_inputs([spec], box, check=check)
        else:
            for entry in read_puzzles(spec, box):
                yield ARGUMENT, entry.line, grid_of(entry, check=check)


def puzzle_text(spec: str) -> str:
    """The puzzle text an argument names: the text itself, a file's content, or stdin for ``-``."""
    if spec == "-":
        return standard_input().read()
    if _is_file_spec(spec):
        check_files([spec])
        with open(spec, encoding="utf-8-sig", errors="replace") as handle:
            return "".join(bounded_lines(handle))
    return spec


def puzzle_count(text: str, most: int = 2) -> int:
    """How many puzzles a text holds, counted up to ``most``."""
    return sum(1 for _ in islice(read_puzzles(text, defer=True), most))


def first_puzzle(text: str) -> str:
    """The first puzzle of a text: comment lines dropped; a multi-line grid is kept whole."""
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) > 1 and all(len(line.strip()) >= 81 for line in lines[:2]):
        return lines[0].split()[0]
    return "\n".join(lines)


# -- the progress bar -------------------------------------------------------------------------------


def progress_bar(enabled: bool, total: int | None, unit: str, **options: Any) -> Any:
    """A tqdm bar on stderr when ``enabled`` and stderr is a terminal, else ``None``."""
    if not enabled or not sys.stderr.isatty():
        return None
    tqdm: Any = import_module("tqdm").tqdm  # untyped
    options.setdefault("delay", 1.0)
    return tqdm(total=total, unit=unit, file=sys.stderr, leave=False, **options)


def _count_lines(files: Sequence[str]) -> int | None:
    """The total number of lines of the input files (None when one of them is standard input)."""
    if not files or "-" in files or any(is_binary(name) for name in files):
        return None
    total = 0
    for name in files:
        with open(name, "rb") as handle:
            while block := handle.read(1 << 20):
                total += block.count(b"\n")
    return total


def progress(results: Iterable[Result], files: Sequence[str], enabled: bool) -> Iterator[Result]:
    """Pass batch results through, showing a progress bar (by input line) on a terminal."""
    for chunk in progress_chunks(([result] for result in results), files, enabled):
        yield from chunk


def _last(answers: Answers) -> tuple[str, int]:
    """The source and line of the last puzzle of a chunk's answers."""
    if isinstance(answers, RunResults):
        return answers.source, answers.line + len(answers) - 1
    return answers[-1].source, answers[-1].line


def progress_chunks(chunks: Iterable[Answers], files: Sequence[str], enabled: bool) -> Iterator[Answers]:
    """Pass a batch's answers through chunk by chunk, showing a progress bar (by input line) on a
    terminal."""
    if not enabled or not sys.stderr.isatty():
        yield from chunks
        return
    bar = progress_bar(True, _count_lines(files), " lines", dynamic_ncols=True, mininterval=0.2)
    done = 0
    offset = 0
    source = None
    last = 0
    try:
        for answers in chunks:
            if not len(answers):
                continue
            name, line = _last(answers)
            if name != source:
                offset, source = offset + last, name
            last = line
            position = offset + line
            if position > done:
                bar.update(position - done)
                done = position
            yield answers
    finally:
        bar.close()


# -- writing batch results --------------------------------------------------------------------------


def _format_solution(result: Result, style: str) -> str:
    """A solved puzzle's solution in the chosen output format."""
    assert result.solution is not None
    if style == "line":
        return result.solution
    grid = result.solution_grid()
    assert grid is not None
    if style == "block":
        return grid.to_block()
    if style == "csv":
        return grid.to_csv()
    return grid.to_numbers()


def _failure(result: Result) -> str:
    """The comment line written in place of a failed puzzle's answer."""
    return f"# {result.source}: {result.error}"


def _count_text(result: Result, limit: int) -> str:
    """A count for people: ``2+`` when the search stopped at the limit."""
    assert result.count is not None
    return f"{result.count}+" if result.count >= limit else str(result.count)


def _plain(result: Result, job: Job, style: str, verified: bool = False) -> str:
    """The plain-text output for one puzzle (see each command's --help)."""
    if job.task == "solve":
        return _format_solution(result, style) if result.status == Status.SOLVED else _failure(result)
    if job.task == "count":
        if result.status in (Status.INVALID, Status.LIMIT_REACHED):
            return _failure(result)
        return f"{_count_text(result, job.limit)} {result.puzzle}"
    if result.status == Status.SOLVED:
        given = ", the given solution" if verified else ""
        return f"{result.source}: line {result.line}: ok (valid, one solution{given})"
    return f"{result.source}: {result.error}"


#: Characters handed to a text stream at once by :meth:`InterruptGuard.write` (at most 8 KiB in
#: UTF-8: what its buffer holds).
WRITE_PIECE = 2048


class InterruptGuard:
    """Hold Ctrl-C back while answers are being written, so output never ends mid-line.

    Outside a write, Ctrl-C raises :class:`KeyboardInterrupt` at once (also in a blocking read
    of standard input); during one, it is remembered and raised when the write is done.

    A write is handed to the stream in pieces of :data:`WRITE_PIECE` characters: one larger than
    the stream's buffer goes straight to the pipe, and when a signal cuts that write short,
    ``BufferedWriter.write`` returns the short count, which ``TextIOWrapper`` drops (CPython 3.11:
    the rest of the text is lost without an error). Pieces pass through the buffer, whose flush
    writes them whole.
    """

    def __init__(self) -> None:
        self.writing = False
        self.pending = False
        self.installed = False
        self.previous: Any = None

    def _handler(self, signum: int, frame: object) -> None:
        if self.writing:
            self.pending = True
        else:
            raise KeyboardInterrupt

    def __enter__(self) -> InterruptGuard:
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.getsignal(signal.SIGINT)
            if self.previous is signal.default_int_handler:
                signal.signal(signal.SIGINT, self._handler)
                self.installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self.installed:
            signal.signal(signal.SIGINT, self.previous)
            self.installed = False

    def write(self, out: TextIO, text: str) -> None:
        """Write ``text`` whole, then honour a Ctrl-C that came meanwhile."""
        self.writing = True
        try:
            if len(text) <= WRITE_PIECE:
                out.write(text)
            else:
                for start in range(0, len(text), WRITE_PIECE):
                    out.write(text[start : start + WRITE_PIECE])
        finally:
            self.writing = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


def write_results(
    results: Iterable[Result],
    job: Job,
    out: TextIO,
    *,
    as_json: bool = False,
    style: str = "line",
    verified: bool = False,
) -> tuple[int, int]:
    """Write each result as it comes (plain text or JSON Lines); return (puzzles, failures).

    ``verified`` says the results were checked against given solutions (see :func:`run_batch`).
    """
    chunks = ([result] for result in results)
    return write_answers(chunks, job, out, as_json=as_json, style=style, verified=verified)


#: Characters JSON escapes (``json.dumps`` with ``ensure_ascii=False``), the newline aside.
_JSON_ESCAPED = re.compile(r'[\x00-\x09\x0b-\x1f"\\]')


def _run_lines(answers: RunResults, job: Job, as_json: bool) -> tuple[list[str], int]:
    """The output lines of a run's answers and its failures, formatted from the engine's lists;
    only a puzzle that did not simply pass becomes a :class:`Result` first."""
    counts, puzzles, solutions = answers.counts, answers.puzzles, answers.solutions
    first, limit, task = answers.line, job.limit, job.task
    counted = task == "count" and not as_json  # a count passes whatever it is; else one solution
    if as_json:
        src = json.dumps(answers.source, ensure_ascii=False)
        quoted = _JSON_ESCAPED.search("".join(puzzles)) is None
    lines: list[str] = []
    failed = 0
    for i, count in enumerate(counts):
        if i in answers.others or not (count >= 0 if counted else count == 1):
            result = answers.result(i)
            failed += not job.succeeded(result)
            lines.append(json.dumps(result.to_dict(), ensure_ascii=False) if as_json
                         else _plain(result, job, "line"))
        elif as_json:
            puzzle = f'"{puzzles[i]}"' if quoted else json.dumps(puzzles[i], ensure_ascii=False)
            lines.append(f'{{"file": {src}, "line": {first + i}, "puzzle": {puzzle}, "status": "solved", '
                         f'"solution": "{solutions[i]}", "count": 1, "error": null}}')
        elif task == "solve":
            lines.append(solutions[i] or "")
        elif task == "count":
            lines.append(f"{count}+ {puzzles[i]}" if count >= limit else f"{count} {puzzles[i]}")
        else:
            lines.append(f"{answers.source}: line {first + i}: ok (valid, one solution)")
    return lines, failed


def _run_text(answers: RunResults, job: Job, as_json: bool) -> tuple[str, int]:
    """The output of a run's answers and its failures: at the engine's speed when every puzzle of
    a ``solve`` passed, else line by line (:func:`_run_lines`)."""
    if not as_json and job.task == "solve" and not answers.others:
        counts = answers.counts
        if counts.count(1) == len(counts):
            return "\n".join(cast("list[str]", answers.solutions)) + "\n", 0
    lines, failed = _run_lines(answers, job, as_json)
    return "\n".join(lines) + "\n", failed


def _chunk_text(
    answers: Answers, job: Job, *, as_json: bool, style: str, verified: bool, first: bool
) -> tuple[str, int]:
    """The output for one chunk's answers and its failures (``first``: nothing written before)."""
    if isinstance(answers, RunResults) and (as_json or style == "line" or job.task != "solve"):
        return _run_text(answers, job, as_json)
    multi_line = style != "line" and not as_json and job.task == "solve"
    parts: list[str] = []
    failed = 0
    for result in answers:
        if as_json:
            text = json.dumps(result.to_dict(), ensure_ascii=False)
        else:
            text = _plain(result, job, style, verified)
        parts.append(("\n" if multi_line and not (first and not parts) else "") + text + "\n")
        failed += not job.succeeded(result)
    return "".join(parts), failed


def write_answers(
    chunks: Iterable[Answers],
    job: Job,
    out: TextIO,
    *,
    as_json: bool = False,
    style: str = "line",
    verified: bool = False,
) -> tuple[int, int]:
    """Write a batch's answers chunk by chunk as they come (plain text or JSON Lines); return
    (puzzles, failures). A chunk is written whole: Ctrl-C never cuts an answer in two."""
    total = failed = 0
    with InterruptGuard() as interrupts:
        for answers in chunks:
            if not len(answers):
                continue
            text, bad = _chunk_text(answers, job, as_json=as_json, style=style, verified=verified,
                                    first=total == 0)
            interrupts.write(out, text)
            total += len(answers)
            failed += bad
    return total, failed


def _remember(entries: Iterable[Entry], kept: deque[Entry]) -> Iterator[Entry]:
    """Pass entries through, keeping each for :func:`_verified` (one batch result per entry, in order)."""
    for entry in entries:
        kept.append(entry)
        yield entry


def _same_solution(given: object, result: Result) -> bool:
    """True when a given solution (text) is the solution the batch found."""
    if not isinstance(given, str) or result.solution is None:
        return False
    if given.strip() == result.solution:
        return True
    try:
        found = result.solution_grid()
        return found is not None and Grid.from_string(given, found.shape, check=False).cells == found.cells
    except SudokuError:
        return False


def _verified(result: Result, entry: Entry) -> Result:
    """A result checked against the entry's given solution column (``verification.verify_entry``).

    A solved puzzle whose given solution is missing or differs fails with the reason; the
    puzzle is solved again (by ``verify_entry``) only when the quick comparison fails.
    """
    if result.status != Status.SOLVED:
        return result
    fields = entry.fields or {}
    given = fields.get("solution")
    if given is None or given == "":
        why = "its solution field is empty" if "solution" in fields else "no solution column"
        return replace(result, status=Status.INVALID,
                       error=f"line {result.line}: no given solution to verify ({why})")
    if _same_solution(given, result):
        return result
    found = verify_entry(entry)
    if found.ok:
        return result
    return replace(result, status=found.status, error=f"line {result.line}: {found.error}")


def run_batch(args: argparse.Namespace, job: Job, *, style: str = "line", verify: bool = False) -> int:
    """Run a batch job over the command's inputs and write the results; return the exit status.

    Text inputs are read by :func:`~sudokit.formats.read_puzzles`, ``.npy`` and ``.parquet``
    files by :func:`~sudokit.formats.read_dataset`. With ``verify``, a solved puzzle passes only
    when its given solution (the data set's solution column) is the one found.
    """
    check_files(args.files)
    if not args.files or "-" in args.files:
        standard_input()
    interactive = (not args.files or "-" in args.files) and stdin_is_terminal()
    kept: deque[Entry] = deque()
    sources: Iterable[tuple[str, Iterable[Entry | LineRun]]]
    if verify:
        inputs = read_inputs(args.files, job.box, defer=True)
        sources = ((name, _remember(entries, kept)) for name, entries in inputs)
    else:  # runs of lines read at the core's speed (a person typing is answered line by line)
        sources = read_inputs(args.files, job.box, defer=True, runs=not interactive)
    chunks: Iterable[Answers] = batch.run_chunks(
        sources,
        job,
        jobs=1 if interactive else args.jobs,
        chunk_size=1 if interactive else None,
        executor=None if interactive else executor_of(args),
    )
    if verify:
        chunks = ([_verified(result, kept.popleft()) for result in answers] for answers in chunks)
    chunks = progress_chunks(chunks, args.files, args.progress)
    total, failed = write_answers(chunks, job, sys.stdout, as_json=args.json, style=style, verified=verify)
    if failed:
        what = "could not be counted" if job.task == "count" else "did not pass"
        print(f"sudokit: {failed} of {total} puzzles {what}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


# -- writing files ----------------------------------------------------------------------------------


def check_output(path: str | os.PathLike[str]) -> Path:
    """The output path, after checking a file can be written there (:class:`OutputError` if not)."""
    target = Path(path)
    parent = target.parent
    if target.is_dir():
        raise OutputError(f"cannot write {target}: it is a directory")
    if not parent.is_dir():
        raise OutputError(f"cannot write {target}: directory {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {target}: directory {parent} is not writable")
    return target


def _file_mode() -> int:
    """The permissions a new file gets (0666 less the umask), for a temporary file renamed into place."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


@contextlib.contextmanager
def atomic_output(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary file beside ``path`` to write, renamed to ``path`` when the block succeeds.

    On any error the temporary file is removed, so ``path`` is either the whole new file or
    untouched; an :class:`OSError` becomes :class:`OutputError` naming ``path``.
    """
    target = check_output(path)
    try:
        handle, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None
    os.close(handle)
    temp = Path(name)
    try:
        yield temp
        os.chmod(temp, _file_mode())
        os.replace(temp, target)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all; return the path."""
    with atomic_output(path) as temp:
        temp.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return Path(path)


def flush(stream: IO[str] | None) -> None:
    """Flush a stream, ignoring a reader that has gone away (or a stream that was closed)."""
    if stream is None:
        return
    with contextlib.suppress(BrokenPipeError, ValueError):
        stream.flush()


#: What a subcommand module provides (see :mod:`sudokit.cli`).
AddArguments = Callable[[argparse.ArgumentParser], None]
Run = Callable[[argparse.Namespace], int]
