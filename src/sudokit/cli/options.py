"""What the subcommands share about options: exit codes, usage errors and the argument
parsers every subcommand uses the same way (box shapes, jobs, time limits, inputs, variants).

Part of what the subcommands share; nothing outside :mod:`sudokit.cli` imports it.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from sudokit import (
    Grid,
    Rules,
    RulesError,
    Shape,
    ShapeError,
    Status,
    SudokuError,
    VariantError,
)
from sudokit.batch.runner import Job
from sudokit.engine.executor import Executor
from sudokit.rules import Constraint, constraint_names
from sudokit.rules.spec import parse_constraints
from sudokit.variant import find_variant, make_rules, variant_names

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
#: The reader of standard output went away (``sudokit solve FILE | head -1``): what a shell
#: reports for a program that SIGPIPE ended (128 + 13), as ``cat`` or ``seq`` give under
#: ``set -o pipefail``; it is not a failure of the puzzles, and nothing is said about it.
EXIT_PIPE = 141

#: The name standard input goes by in messages and in the ``file`` field of ``--json``.
STDIN = "<stdin>"

#: The type :func:`number` parses to.
_Number = TypeVar("_Number", int, float)


class UsageError(Exception):
    """A mistake on the command line found after parsing (exit status 2)."""


def status_words(*statuses: Status) -> str:
    """The status words as the help texts list them: ``solved | no_solution | …``."""
    return " | ".join(s.value for s in statuses)


def plural(count: int, word: str) -> str:
    """``1 puzzle``, ``2 puzzles``: a count and its noun (plural by an added s)."""
    return f"{count} {word}{'' if count == 1 else 's'}"


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


def number(
    text: str, kind: Callable[[str], _Number], what: str, fits: Callable[[_Number], bool], rule: str
) -> _Number:
    """Parse ``text`` with ``kind`` (int or float) for an option's ``type``: "invalid WHAT" when it
    is no number, ``rule`` when ``fits`` refuses it."""
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid {what} {text!r}") from None
    if not fits(value):
        raise argparse.ArgumentTypeError(rule)
    return value


def jobs(text: str) -> int:
    """Parse ``--jobs``: a number of workers, 0 for one per CPU."""
    value = number(text, int, "number of jobs", lambda v: v >= 0, "the number of jobs cannot be negative")
    return value or (os.cpu_count() or 1)


def add_scheduler_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--scheduler ADDRESS``: run the batch on a Dask cluster (see docs/distributed.md)."""
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask cluster: its scheduler's address (tcp://host:8786), or 'local' for a "
        "local cluster of --jobs worker processes (needs sudokit[dask])",
    )


def add_jobs_arguments(parser: argparse.ArgumentParser, workers: str = "workers (default 1)") -> None:
    """Add ``--jobs N`` (``workers`` is its help: what the workers are) and ``--scheduler ADDRESS``."""
    parser.add_argument("--jobs", "-j", type=jobs, default=1, metavar="N", help=workers)
    add_scheduler_argument(parser)


def executor_of(args: argparse.Namespace) -> Executor | None:
    """The Dask executor ``--scheduler`` asks for, or None (the command's own choice)."""
    address = getattr(args, "scheduler", None)
    if address is None:
        return None
    return Executor.dask(address, max(2, getattr(args, "jobs", 2)))


def positive(text: str) -> int:
    """Parse a whole number of at least 1."""
    return number(text, int, "number", lambda v: v >= 1, "must be at least 1")


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
    rule = "must be positive (0 or 'none' for no limit)"
    return number(text, float, "number of seconds", lambda v: v > 0, rule)




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
    add_jobs_arguments(parser, "workers (default 1; 0: one per CPU): threads for the C engine, processes "
                       "for --strategy and the Python engine")
    add_variant_arguments(parser)
    add_constraint_argument(parser)
    parser.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress bar (it is shown only on a terminal, for inputs that take a while)",
    )


def add_marks_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--marks MARKS``: the player's pencil marks (``hint`` and ``steps``)."""
    parser.add_argument("--marks", metavar="MARKS",
                        help="the player's pencil marks: a 729-character line or a pencil-mark "
                        "grid, or a file holding one")


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


def add_constraint_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--constraint KIND:SPEC`` (repeatable): constraints added to every puzzle's rules."""
    parser.add_argument(
        "--constraint",
        action="append",
        default=[],
        metavar="KIND:SPEC",
        help="a constraint added to every puzzle's rules, repeatable: thermo:r1c1,r1c2,r1c3, "
        "cage:15:r1c1,r1c2, black:r1c1,r1c2, arrow:r1c1:r1c2,r1c3, odd:r5c5 … (cells of a 9×9 "
        "grid, or of --box's); kinds: " + ", ".join(constraint_names()),
    )


def add_box_and_constraint_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--box RxC`` and ``--constraint KIND:SPEC`` (the commands that read one puzzle, and rate)."""
    parser.add_argument("--box", type=parse_box, metavar="RxC",
                        help="box shape, for N×N grids whose shape is not the usual one (and the "
                        "grid --constraint's cells are for)")
    add_constraint_argument(parser)


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--variant``, ``--regions``, ``--box`` and ``--constraint``: what :meth:`PuzzleOptions.of`
    reads (``explain``, ``hint`` and ``rate``)."""
    add_variant_arguments(parser)
    add_box_and_constraint_arguments(parser)


def add_puzzles_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``PUZZLE|FILE …``, ``--box RxC`` and ``--constraint KIND:SPEC`` (the commands drawing puzzles)."""
    parser.add_argument("puzzles", nargs="+", metavar="PUZZLE|FILE",
                        help="a puzzle, or a file of puzzles in any format ('-': standard input)")
    add_box_and_constraint_arguments(parser)


def constraints_of(args: argparse.Namespace, box: Shape | None = None) -> tuple[tuple[Constraint, ...], int]:
    """The constraints ``--constraint`` gives and the grid side their cells are for (9, or
    ``--box``'s); UsageError naming the one that cannot be read."""
    specs = getattr(args, "constraint", None) or []
    n = box.n if box is not None else 9
    for spec in specs:  # each alone first, so an error names its own spec
        try:
            parse_constraints([spec], n)
        except SudokuError as exc:
            raise UsageError(f"--constraint: {exc}") from None
    found = parse_constraints(specs, n)  # the negatives (nokropki, noxv) take the others' marks
    return tuple(found), n


def with_constraints(grid: Grid, constraints: tuple[Constraint, ...], n: int) -> Grid:
    """The grid with ``--constraint``'s constraints added to its rules (UsageError when they
    do not fit it)."""
    if not constraints:
        return grid
    if grid.n != n:
        raise UsageError(f"--constraint: the cells are for {n}×{n} grids, the puzzle is {grid.n}×{grid.n} "
                         "(give --box)")
    try:
        return Grid(grid.cells, grid.shape, grid.all_rules.with_constraints(constraints))
    except SudokuError as exc:
        raise UsageError(f"--constraint: {exc}") from None


def with_rules(grid: Grid, rules: Rules | None) -> Grid:
    """The grid under ``--variant``'s rules (UsageError when it brings other rules of its own)."""
    if rules is None:
        return grid
    if grid.rules is not None and grid.rules != rules:
        raise UsageError(f"the puzzle brings its own rules ({grid.variant}): drop --variant/--regions")
    return Grid(grid.cells, grid.shape, rules)


@dataclass(frozen=True)
class PuzzleOptions:
    """What ``--variant``/``--regions`` and ``--constraint`` add to each puzzle a command reads."""

    rules: Rules | None
    constraints: tuple[Constraint, ...]
    #: The grid side the constraints' cells are for.
    n: int

    @classmethod
    def of(cls, args: argparse.Namespace, box: Shape | None = None) -> PuzzleOptions:
        """The options of a command's arguments (UsageError naming what cannot be used)."""
        constraints, n = constraints_of(args, box)
        return cls(rules_of(args, box), constraints, n)

    def apply(self, grid: Grid) -> Grid:
        """The grid under the rules, with the constraints added (UsageError when they do not fit)."""
        return with_constraints(with_rules(grid, self.rules), self.constraints, self.n)


def job_of(
    args: argparse.Namespace, task: str, *, limit: int = 2, strategy: str | None = None,
    time_limit: float | None = None,
) -> Job:
    """The batch job of a command reading puzzles: ``task`` on ``--box``'s grids, under the rules
    and constraints ``--variant``/``--regions`` and ``--constraint`` give (see :class:`PuzzleOptions`)."""
    puzzle = PuzzleOptions.of(args, args.box)
    return Job(task, limit=limit, box=args.box, strategy=strategy, time_limit=time_limit, rules=puzzle.rules,
               constraints=puzzle.constraints, constraints_n=puzzle.n)


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
