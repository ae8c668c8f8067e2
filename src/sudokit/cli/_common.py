"""What the subcommands share: exit codes, option parsers, reading inputs, the progress bar, writing results.

Written once here so every subcommand reads files, shows progress, picks worker processes and
names statuses the same way. Nothing outside :mod:`sudokit.cli` imports this module.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from importlib import import_module
from pathlib import Path
from typing import IO, Any, TextIO

from sudokit import Shape, Status, SudokuError, batch
from sudokit.batch import Job, Result

__all__ = [
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "STDIN",
    "UsageError",
    "add_input_arguments",
    "check_files",
    "first_puzzle",
    "flush",
    "jobs",
    "open_inputs",
    "parse_box",
    "positive",
    "progress",
    "progress_bar",
    "puzzle_text",
    "run_batch",
    "seconds",
    "status_words",
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
    """Parse ``--jobs``: a number of processes, 0 for one per CPU."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of jobs {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("the number of jobs cannot be negative")
    return value or (os.cpu_count() or 1)


def positive(text: str) -> int:
    """Parse a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


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
        help="worker processes (default 1; 0: one per CPU)",
    )
    parser.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress bar (it is shown only on a terminal, for inputs that take a while)",
    )


def open_inputs(files: Sequence[str]) -> Iterator[tuple[str, Iterable[str]]]:
    """Yield ``(name, lines)`` for each input file in turn; ``-`` (or no file) is standard input."""
    for name in files or ["-"]:
        if name == "-":
            yield STDIN, sys.stdin
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


def puzzle_text(spec: str) -> str:
    """The puzzle text an argument names: the text itself, a file's content, or stdin for ``-``."""
    if spec == "-":
        return sys.stdin.read()
    path = Path(spec)
    if len(spec) < 256 and path.is_file():
        return path.read_text(encoding="utf-8", errors="replace")
    return spec


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
    if not files or "-" in files:
        return None
    total = 0
    for name in files:
        with open(name, "rb") as handle:
            while block := handle.read(1 << 20):
                total += block.count(b"\n")
    return total


def progress(results: Iterable[Result], files: Sequence[str], enabled: bool) -> Iterator[Result]:
    """Pass batch results through, showing a progress bar (by input line) on a terminal."""
    if not enabled or not sys.stderr.isatty():
        yield from results
        return
    bar = progress_bar(True, _count_lines(files), " lines", dynamic_ncols=True, mininterval=0.2)
    done = 0
    offset = 0
    source = None
    last = 0
    try:
        for result in results:
            if result.source != source:
                offset, source = offset + last, result.source
            last = result.line
            position = offset + result.line
            if position > done:
                bar.update(position - done)
                done = position
            yield result
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


def _plain(result: Result, job: Job, style: str) -> str:
    """The plain-text output for one puzzle (see each command's --help)."""
    if job.task == "solve":
        return _format_solution(result, style) if result.status == Status.SOLVED else _failure(result)
    if job.task == "count":
        if result.status == Status.INVALID:
            return _failure(result)
        return f"{_count_text(result, job.limit)} {result.puzzle}"
    if result.status == Status.SOLVED:
        return f"{result.source}: line {result.line}: ok (valid, one solution)"
    return f"{result.source}: {result.error}"


class _Interrupts:
    """Hold Ctrl-C back while an answer is being written, so output never ends mid-line.

    Outside a write, Ctrl-C raises :class:`KeyboardInterrupt` at once (also in a blocking read
    of standard input); during one, it is remembered and raised when the write is done.
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

    def __enter__(self) -> _Interrupts:
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
            out.write(text)
        finally:
            self.writing = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


def write_results(
    results: Iterable[Result], job: Job, out: TextIO, *, as_json: bool = False, style: str = "line"
) -> tuple[int, int]:
    """Write each result as it comes (plain text or JSON Lines); return (puzzles, failures)."""
    multi_line = style != "line" and not as_json and job.task == "solve"
    total = failed = 0
    with _Interrupts() as interrupts:
        for result in results:
            text = json.dumps(result.to_dict(), ensure_ascii=False) if as_json else _plain(result, job, style)
            interrupts.write(out, ("\n" if multi_line and total else "") + text + "\n")
            total += 1
            if not job.succeeded(result):
                failed += 1
    return total, failed


def run_batch(args: argparse.Namespace, job: Job, *, style: str = "line") -> int:
    """Run a batch job over the command's inputs and write the results; return the exit status."""
    check_files(args.files)
    interactive = (not args.files or "-" in args.files) and sys.stdin.isatty()
    results = batch.run_sources(  # typed in: answer each line at once
        open_inputs(args.files),
        job,
        jobs=1 if interactive else args.jobs,
        chunk_size=1 if interactive else None,
    )
    results = progress(results, args.files, args.progress)
    total, failed = write_results(results, job, sys.stdout, as_json=args.json, style=style)
    if failed:
        what = "could not be counted" if job.task == "count" else "did not pass"
        print(f"sudokit: {failed} of {total} puzzles {what}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def flush(stream: IO[str]) -> None:
    """Flush a stream, ignoring a reader that has gone away."""
    with contextlib.suppress(BrokenPipeError, ValueError):
        stream.flush()


#: What a subcommand module provides (see :mod:`sudokit.cli`).
AddArguments = Callable[[argparse.ArgumentParser], None]
Run = Callable[[argparse.Namespace], int]
