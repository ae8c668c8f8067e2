"""The ``sudokit`` command: a table of subcommands, each an ``add_arguments``/``run`` pair.

A subcommand is anything with ``add_arguments(parser)`` and ``run(args) -> int``: a module
(``"sudokit.generate"``) or an object in one (``"sudokit.cli:SOLVE"``). Adding one is one line
in :data:`COMMANDS`; its module is imported only when the command line is parsed, and a module
that cannot be imported leaves its command answering with exit status 2 instead of breaking
the others. :func:`add_input_arguments`, :func:`open_inputs` and :func:`write_results` are
there for subcommands that read puzzles the way ``solve`` does.
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
from dataclasses import dataclass
from importlib import import_module
from typing import IO, Any, Protocol, TextIO

from sudokit import __version__, batch
from sudokit.batch import Job, Result
from sudokit.errors import SudokuError
from sudokit.units import Shape

__all__ = [
    "COMMANDS",
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "Command",
    "Subcommand",
    "add_input_arguments",
    "main",
    "open_inputs",
    "parse_box",
    "run_batch",
    "write_results",
]

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

#: The name standard input goes by in messages and in the ``file`` field of ``--json``.
STDIN = "<stdin>"
#: ``sudokit.strategies`` spec meaning "the native engine".
NATIVE = "native"


class Subcommand(Protocol):
    """What a subcommand provides: its options, and the code that runs it (returning the exit status)."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


class UsageError(Exception):
    """A mistake on the command line found after parsing (exit status 2)."""


# -- options shared by the commands that read puzzles ---------------------------------------------


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


def _jobs(text: str) -> int:
    """Parse ``--jobs``: a number of processes, 0 for one per CPU."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of jobs {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("the number of jobs cannot be negative")
    return value or (os.cpu_count() or 1)


def _positive(text: str) -> int:
    """Parse a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


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
    parser.add_argument(
        "--json",
        action="store_true",
        help="write JSON Lines: one object per puzzle with file, line, puzzle, status "
        "(solved | no_solution | multiple | invalid), solution, count, error",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=_jobs,
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


def _check_files(files: Sequence[str]) -> None:
    """Raise :class:`UsageError` for an input file that cannot be read, before any work is done."""
    for name in files:
        if name != "-" and not os.access(name, os.R_OK):
            reason = "no such file" if not os.path.exists(name) else "cannot be read"
            raise UsageError(f"{name}: {reason}")
        if name != "-" and os.path.isdir(name):
            raise UsageError(f"{name}: is a directory")


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


def _progress(results: Iterable[Result], files: Sequence[str], enabled: bool) -> Iterator[Result]:
    """Pass results through, showing a progress bar on stderr when it is a terminal."""
    if not enabled or not sys.stderr.isatty():
        yield from results
        return
    tqdm: Any = import_module("tqdm").tqdm
    bar = tqdm(
        total=_count_lines(files), unit=" lines", file=sys.stderr, delay=1.0, leave=False,
        dynamic_ncols=True, mininterval=0.2,
    )  # fmt: skip
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


# -- writing results --------------------------------------------------------------------------------


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
        return _format_solution(result, style) if result.status == batch.SOLVED else _failure(result)
    if job.task == "count":
        if result.status == batch.INVALID:
            return _failure(result)
        return f"{_count_text(result, job.limit)} {result.puzzle}"
    if result.status == batch.SOLVED:
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
    _check_files(args.files)
    interactive = (not args.files or "-" in args.files) and sys.stdin.isatty()
    results = batch.run_sources(  # typed in: answer each line at once
        open_inputs(args.files),
        job,
        jobs=1 if interactive else args.jobs,
        chunk_size=1 if interactive else None,
    )
    results = _progress(results, args.files, args.progress)
    total, failed = write_results(results, job, sys.stdout, as_json=args.json, style=style)
    if failed:
        what = "could not be counted" if job.task == "count" else "did not pass"
        print(f"sudokit: {failed} of {total} puzzles {what}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


# -- solve, count, check ------------------------------------------------------------------------


def _strategy(spec: str) -> str | None:
    """Check a ``--strategy`` spec (None for the native engine); raise UsageError if unusable."""
    if spec == NATIVE:
        return None
    try:
        strategies: Any = import_module("sudokit.strategies")
    except ImportError as exc:
        raise UsageError(f"--strategy {spec}: strategies are not available ({exc})") from None
    if not hasattr(strategies, "solve_with"):
        raise UsageError(f"--strategy {spec}: strategies are not available in this version")
    if hasattr(strategies, "get"):
        try:
            strategies.get(spec)
        except (ValueError, LookupError, TypeError) as exc:
            raise UsageError(f"--strategy {spec}: {exc}") from None
    return spec


@dataclass(frozen=True)
class _Builtin:
    """A subcommand defined in this module: its options and its code."""

    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit solve``."""
    add_input_arguments(parser)
    parser.add_argument(
        "--format",
        "-f",
        dest="style",
        choices=("line", "block", "numbers", "csv"),
        default="line",
        help="how to write solutions: one line of N² characters (default), a bordered block, "
        "N lines of N numbers, or N lines of comma-separated numbers",
    )
    parser.add_argument(
        "--first",
        action="store_true",
        help="take the first solution found without checking that it is the only one (faster)",
    )
    parser.add_argument(
        "--strategy",
        default=NATIVE,
        metavar="NAME[:OPTIONS]",
        help="solve with a strategy of sudokit.strategies instead of the native engine "
        f"(default: {NATIVE})",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="with --strategy: CPU seconds per puzzle before it is reported as limit_reached "
        "(default 60; 0 for no limit)",
    )


def _solve(args: argparse.Namespace) -> int:
    """Run ``sudokit solve``."""
    job = Job(
        "solve",
        limit=1 if args.first else 2,
        box=args.box,
        strategy=_strategy(args.strategy),
        time_limit=args.time_limit or None,
    )
    return run_batch(args, job, style=args.style)


def _count_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit count``."""
    add_input_arguments(parser)
    parser.add_argument(
        "--limit",
        "-n",
        type=_positive,
        default=1000,
        metavar="N",
        help="stop counting a puzzle at N solutions (default 1000; 2 is the uniqueness check)",
    )


def _count(args: argparse.Namespace) -> int:
    """Run ``sudokit count``."""
    return run_batch(args, Job("count", limit=args.limit, box=args.box))


def _check(args: argparse.Namespace) -> int:
    """Run ``sudokit check``."""
    return run_batch(args, Job("check", limit=2, box=args.box))


SOLVE = _Builtin(_solve_arguments, _solve)
COUNT = _Builtin(_count_arguments, _count)
CHECK = _Builtin(add_input_arguments, _check)

_FAILURES = (
    "A puzzle that fails is written as a comment line in its place, '# FILE: line L[, column C]: "
    "problem', so the output keeps one answer per puzzle and reads back as a puzzle file."
)
_EXIT = (
    "Exit status: 0 when every puzzle passed, 1 when some did not (all are still done), "
    "2 on a usage error, 130 when interrupted."
)


@dataclass(frozen=True)
class Command:
    """One row of the subcommand table: where the command lives, its help line and long text."""

    target: str
    help: str
    description: str = ""


#: The subcommands: name → where its ``add_arguments``/``run`` pair lives ("module" or
#: "module:object"), its one-line help and its description. Add a command with one line here.
COMMANDS: dict[str, Command] = {
    "solve": Command(
        "sudokit.cli:SOLVE",
        "solve every puzzle, one solution per puzzle in input order",
        "Solve every puzzle of the inputs and write one solution per puzzle, in input order. "
        "A puzzle passes when it has exactly one solution (or any solution, with --first). "
        + _FAILURES,
    ),
    "count": Command(
        "sudokit.cli:COUNT",
        "count the solutions of every puzzle, up to --limit",
        "Count the solutions of every puzzle up to --limit and write 'COUNT PUZZLE' per puzzle "
        "(COUNT is 'N+' when the search stopped at the limit). A puzzle passes when it could be "
        "counted, whatever the count. " + _FAILURES,
    ),
    "check": Command(
        "sudokit.cli:CHECK",
        "check that every puzzle is valid and has exactly one solution",
        "Check every puzzle: readable, no duplicate given, exactly one solution. Writes one line "
        "per puzzle, 'FILE: line L: ok (...)' or 'FILE: line L[, column C]: problem'.",
    ),
    "explain": Command("sudokit.techniques.cli:EXPLAIN", "explain a puzzle's solving path step by step"),
    "hint": Command("sudokit.techniques.cli:HINT", "the next step from a player's grid and pencil marks"),
    "rate": Command("sudokit.rating", "rate puzzles as Sudoku Explainer does (ER, EP, ED) and HoDoKu-style"),
    "generate": Command("sudokit.generator", "generate unique puzzles (dig or seed 003's random fill)"),
    "canon": Command("sudokit.canon", "minlex canonical form of 9×9 puzzles (de-duplicate equivalent ones)"),
    "compare": Command("sudokit.compare", "compare the strategies on puzzle files: time, nodes, backtracks"),
}


def _load(target: str) -> Subcommand:
    """Import the object (or module) a table entry names."""
    module_name, _, attribute = target.partition(":")
    module = import_module(module_name)
    found: Subcommand = getattr(module, attribute) if attribute else module
    return found


def _unavailable(name: str, reason: str) -> Callable[[argparse.Namespace], int]:
    """A ``run`` for a command whose module could not be loaded."""

    def run(args: argparse.Namespace) -> int:
        print(f"sudokit {name}: not available: {reason}", file=sys.stderr)
        return EXIT_USAGE

    return run


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``sudokit`` with every subcommand of :data:`COMMANDS`."""
    parser = argparse.ArgumentParser(
        prog="sudokit",
        description="Sudoku toolkit: solve, count and check puzzles in any common text format.",
        epilog=_EXIT,
    )
    parser.add_argument("--version", action="version", version=f"sudokit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, entry in COMMANDS.items():
        command = sub.add_parser(
            name,
            help=entry.help,
            description=entry.description or entry.help,
            epilog=_EXIT,
        )
        try:
            found = _load(entry.target)
            found.add_arguments(command)
            command.set_defaults(run=found.run)
        except Exception as exc:  # a broken plug-in must not take the other commands down
            command.set_defaults(
                run=_unavailable(name, f"{type(exc).__name__}: {exc}"), any_arguments=True
            )
    return parser


def _flush(stream: IO[str]) -> None:
    """Flush a stream, ignoring a reader that has gone away."""
    with contextlib.suppress(BrokenPipeError, ValueError):
        stream.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``sudokit`` with ``argv`` (default: the process's arguments); return the exit status."""
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra and not getattr(args, "any_arguments", False):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:  # --help, --version, or a usage error (status 2)
        return int(exc.code) if isinstance(exc.code, int) else EXIT_USAGE
    try:
        status = int(args.run(args))
    except UsageError as exc:
        print(f"sudokit {args.command}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        _flush(sys.stdout)
        print("\nsudokit: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader of our output went away (`sudokit solve … | head`)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILED
    except OSError as exc:  # an input that could not be read after all
        _flush(sys.stdout)
        print(f"sudokit {args.command}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    _flush(sys.stdout)
    return status
