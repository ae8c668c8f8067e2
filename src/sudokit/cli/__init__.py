"""The ``sudokit`` command: a table of subcommands, one module each; the only place argparse lives.

A subcommand is a module (or an object in one) with two functions: ``add_arguments(parser)``
declares its options and ``run(args) -> int`` runs it and returns the exit status. Adding one is
a module under ``sudokit/cli/`` and one line in :data:`COMMANDS`; only the module of the command
being run is imported (so ``sudokit solve`` starts without loading the generator, the rater or
the web app), and one that cannot be imported leaves its command answering with exit status 2
instead of breaking the others. What the subcommands share (reading inputs, the
progress bar, workers, exit codes, status words) is in :mod:`~sudokit.cli.options`,
:mod:`~sudokit.cli.inputs`, :mod:`~sudokit.cli.progress` and :mod:`~sudokit.cli.output`.
Subcommands use the library through its public names only; no library module imports this
package.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Protocol

from sudokit import SudokuError, __version__
from sudokit.cli.options import (
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PIPE,
    EXIT_USAGE,
    UsageError,
)
from sudokit.cli.output import drop_stdout, flush, stdout_dropped

__all__ = [
    "COMMANDS",
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_PIPE",
    "EXIT_USAGE",
    "Command",
    "Subcommand",
    "build_parser",
    "command_of",
    "entry",
    "main",
]


class Subcommand(Protocol):
    """What a subcommand provides: its options, and the code that runs it (returning the exit status)."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


_FAILURES = (
    "A puzzle that fails is written as a comment line in its place, '# FILE: line L[, column C]: "
    "problem', so the output keeps one answer per puzzle and reads back as a puzzle file."
)
_PIPE = "141 when the reader of standard output stopped early (… | head), "
_EXIT = (
    "Exit status: 0 when every puzzle passed, 1 when some did not (all are still done), "
    f"2 on a usage error, {_PIPE}130 when interrupted."
)


def _status(*meanings: str) -> str:
    """An epilogue listing a command's exit statuses (usage error, closed pipe and Ctrl-C added)."""
    return f"Exit status: {', '.join(meanings)}, 2 on a usage error, {_PIPE}130 when interrupted."


@dataclass(frozen=True)
class Command:
    """One row of the subcommand table: the module (``"module"`` or ``"module:object"``) that
    implements the command, its help line, its long description and the epilogue of its
    ``--help`` (its exit statuses; the batch commands' text by default)."""

    target: str
    help: str
    description: str = ""
    epilog: str = _EXIT


#: The subcommands: name → the module implementing it, its one-line help and its description.
#: Add a command with a module and one line here.
COMMANDS: dict[str, Command] = {
    "solve": Command(
        "sudokit.cli.solve",
        "solve every puzzle, one solution per puzzle in input order",
        "Solve every puzzle of the inputs and write one solution per puzzle, in input order. "
        "A puzzle passes when it has exactly one solution (or any solution, with --first). "
        + _FAILURES,
    ),
    "count": Command(
        "sudokit.cli.count",
        "count the solutions of every puzzle, up to --limit",
        "Count the solutions of every puzzle up to --limit and write 'COUNT PUZZLE' per puzzle "
        "(COUNT is 'N+' when the search stopped at the limit). A puzzle passes when it could be "
        "counted, whatever the count. " + _FAILURES,
    ),
    "check": Command(
        "sudokit.cli.check",
        "check that every puzzle is valid and has exactly one solution",
        "Check every puzzle: readable, no duplicate given, exactly one solution. Writes one line "
        "per puzzle, 'FILE: line L: ok (...)' or 'FILE: line L[, column C]: problem'.",
    ),
    "show": Command(
        "sudokit.cli.show",
        "draw puzzles as bordered grids in the terminal",
        "Draw every puzzle given (its text, a file of puzzles, '-' for standard input) as a "
        "bordered grid, separated by blank lines; givens bold on a terminal.",
        _status("0 when every puzzle was drawn", "1 when some could not be (each named)"),
    ),
    "render": Command(
        "sudokit.cli.render",
        "draw puzzles as SVG or PNG pictures",
        "Draw puzzles as SVG or PNG (by the suffix of -o); several puzzles are written one file "
        "each, OUT-001.svg, OUT-002.svg, …; without -o the SVG of one puzzle goes to standard output.",
        _status("0 when every puzzle was drawn", "1 when some could not be (each named)"),
    ),
    "explain": Command(
        "sudokit.cli.explain",
        "explain a puzzle's solving path step by step",
        epilog=_status("0 when solved", "1 when the techniques get stuck, the puzzle has no "
                       "solution or several, or the time limit ran out"),
    ),
    "hint": Command(
        "sudokit.cli.hint",
        "the next step from a player's grid and pencil marks",
        epilog=_status("0 on a hint", "1 when the hint is a wrong digit, a missing candidate or no "
                       "step, the puzzle has no solution or several, or the time limit ran out"),
    ),
    "steps": Command(
        "sudokit.cli.steps",
        "every step each technique finds in a position now",
        epilog=_status("0 when some step was found", "1 when none was"),
    ),
    "rate": Command(
        "sudokit.cli.rate",
        "rate puzzles as Sudoku Explainer does (ER, EP, ED) and HoDoKu-style",
        epilog=_status("0 when every puzzle was rated", "1 when some were not (all are still done)"),
    ),
    "generate": Command(
        "sudokit.cli.generate",
        "generate unique puzzles (dig or random fill)",
        epilog=_status("0 when every puzzle asked for was made",
                       "1 when the time limit ran out or generation failed (the puzzles made are written)"),
    ),
    "canon": Command(
        "sudokit.cli.canon", "minlex canonical form of 9×9 puzzles (de-duplicate equivalent ones)"
    ),
    "dataset": Command("sudokit.cli.dataset", "data sets for machine learning: build, rate, dedupe, split"),
    "compare": Command(
        "sudokit.cli.compare",
        "compare the strategies on puzzle files: time, nodes, backtracks",
        epilog=_status("0 when every strategy agreed with the native engine",
                       "1 when one disagreed or some puzzles were unreadable (skipped)"),
    ),
    "book": Command(
        "sudokit.cli.book",
        "a PDF booklet of puzzles (generated when no FILE is given)",
        "Write a PDF booklet of the puzzles of FILE, or of --count generated ones: 1, 2, 4 or 6 a "
        "page, each labelled with its number, SE rating and level; --solutions at the back.",
        "Exit status: 0 when the booklet was written, 1 when a puzzle of FILE is unreadable or has "
        "not exactly one solution (each named; nothing is written), 2 on a usage error, 130 when "
        "interrupted.",
    ),
    "bank": Command(
        "sudokit.cli.bank",
        "a puzzle bank in a SQLite file: add, query, stats, export",
        "Keep rated 9×9 puzzles in a SQLite file, one per equivalence class: 'add' checks, rates "
        "and stores puzzles, 'query' finds them by rating, level, technique, clues, symmetry, "
        "'stats' counts them, 'export' writes them all in any data-set format.",
        _status("0 on success", "1 when 'add' refused some puzzles (each named; the rest are "
                "stored)"),
    ),
    "serve": Command(
        "sudokit.cli.serve",
        "the web pages (play, learn, make, batch) and the JSON API",
        "Serve the web pages and the JSON API until Ctrl-C (needs pip install 'sudokit[web]'). "
        "The default host, 127.0.0.1, is reachable from this machine only.",
        "Exit status: 0 when stopped with Ctrl-C, 2 on a usage error or without the web extra.",
    ),
}


def _load(target: str) -> Subcommand:
    """Import the module (or the object in one) a table entry names."""
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


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand a command line names: its first argument that is not an option."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


def build_parser(load: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser of ``sudokit``: every subcommand of :data:`COMMANDS` is listed, and
    the modules of those in ``load`` (all when None) imported to declare their options."""
    parser = argparse.ArgumentParser(
        prog="sudokit",
        description="Sudoku toolkit: solve, count and check puzzles in any common text format.",
        epilog="Exit status: 0 on success, 1 when some puzzles failed (each command's --help "
        f"says what that means), 2 on a usage error, {_PIPE}130 when interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"sudokit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, entry in COMMANDS.items():
        command = sub.add_parser(
            name,
            help=entry.help,
            description=entry.description or entry.help,
            epilog=entry.epilog,
        )
        if load is not None and name not in load:
            continue
        try:
            found = _load(entry.target)
            found.add_arguments(command)
            command.set_defaults(run=found.run)
        except Exception as exc:  # a broken plug-in must not take the other commands down
            command.set_defaults(
                run=_unavailable(name, f"{type(exc).__name__}: {exc}"), any_arguments=True
            )
    return parser


def _interrupted() -> int:
    """What Ctrl-C does at any point: flush the finished answers, say so, exit status 130."""
    with contextlib.suppress(KeyboardInterrupt):
        flush(sys.stdout)
        print("\nsudokit: interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


def _closed_streams(args: argparse.Namespace) -> str | None:
    """The message for a closed standard output (``>&-``), where the command writes to it."""
    if sys.stdout is None and not (getattr(args, "output", None) or getattr(args, "html", None)):
        return "standard output is closed"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``sudokit`` with ``argv`` (default: the process's arguments); return the exit status.

    Ctrl-C at any point ends it with exit status 130 and no traceback, once the answers
    already found are written. When the reader of standard output goes away (``| head -1``) the
    command stops quietly with :data:`~sudokit.cli.options.EXIT_PIPE` (141).
    """
    stdout_dropped(reset=True)
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return _interrupted()


def entry() -> None:
    """The ``sudokit`` program: :func:`main` on the command line, its status as the exit status.

    After Ctrl-C every finished answer is already flushed, and the process leaves at once: a
    process pool whose worker was stopped while sending a result can leave CPython's pool manager
    thread waiting forever on the rest of that message, and the normal exit joins that thread.
    """
    status = main()
    if status == EXIT_INTERRUPTED:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                flush(stream)
        os._exit(status)
    raise SystemExit(status)


def _main(argv: Sequence[str] | None) -> int:
    """:func:`main`, Ctrl-C aside."""
    command = command_of(sys.argv[1:] if argv is None else argv)
    parser = build_parser(() if command is None else (command,))
    try:
        args, extra = parser.parse_known_args(argv)
        if extra and not getattr(args, "any_arguments", False):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exc:  # --help, --version, or a usage error (status 2)
        return int(exc.code) if isinstance(exc.code, int) else EXIT_USAGE
    closed = _closed_streams(args)
    if closed is not None:
        _error(f"sudokit {args.command}: {closed}")
        return EXIT_USAGE
    try:
        status = int(args.run(args))
    except UsageError as exc:
        flush(sys.stdout)
        _error(f"sudokit {args.command}: {exc}")
        return EXIT_USAGE
    except SudokuError as exc:  # an option value, an output, an input the library refused
        flush(sys.stdout)
        _error(f"sudokit {args.command}: {type(exc).__name__}: {exc}")
        return EXIT_USAGE
    except BrokenPipeError:  # the reader of our output went away (`sudokit solve … | head`)
        drop_stdout()
        return EXIT_PIPE
    except FileNotFoundError as exc:  # an input that went away after the checks
        flush(sys.stdout)
        _error(f"sudokit {args.command}: {exc.filename}: no such file")
        return EXIT_USAGE
    except OSError as exc:  # an input that could not be read after all
        flush(sys.stdout)
        _error(f"sudokit {args.command}: {exc}")
        return EXIT_USAGE
    flush(sys.stdout)
    return EXIT_PIPE if stdout_dropped() else status


def _error(message: str) -> None:
    """Write an error message on standard error (when there is one)."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)
