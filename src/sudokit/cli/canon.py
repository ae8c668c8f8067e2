"""``sudokit canon``: the minlex canonical form of every 9×9 puzzle, in input order.

One answer line per puzzle, as ``solve`` writes them: a puzzle that cannot be read (or is not
9×9) gets a comment line ``# FILE: line L: problem`` in its place, and the exit status is 1.

Puzzles on one line in the line format (nearly every line of a data set) are not parsed in
Python: runs of them are read a large piece at a time and go, a chunk at a time, to
:func:`sudokit.canon.minlex.canonical_lines` (one native call per chunk, without the GIL, so
``--jobs`` threads run at once). Other puzzles, and lines the engine rejects, are read in
Python one by one, so an error names its problem exactly.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import closing
from functools import partial
from typing import cast

from sudokit.batch.runner import cut_chunks
from sudokit.canon.minlex import canonical_lines, canonical_string
from sudokit.cli.inputs import check_files, grid_of, read_inputs, stdin_is_terminal
from sudokit.cli.options import EXIT_FAILED, EXIT_OK, add_jobs_arguments, executor_of, seconds
from sudokit.cli.output import InterruptGuard
from sudokit.engine.executor import Executor
from sudokit.formats.reader import Entry, LineRun
from sudokit.limits import Deadline, Stop

__all__ = ["CHUNK", "add_arguments", "run"]

#: Puzzles handed to the engine at once.
CHUNK = 8192


def empty_char(text: str) -> str:
    """Parse ``--empty``: one character that is not a digit of a 9×9 grid."""
    if len(text) != 1 or text.isspace() or text in "123456789#":
        raise argparse.ArgumentTypeError(
            f"invalid empty-cell character {text!r}: give one character such as 0 or ., not a digit 1-9"
        )
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``sudokit canon``."""
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="puzzle files, any format ('-' or none: standard input)")
    parser.add_argument("--empty", type=empty_char, default="0", metavar="CHAR",
                        help="character for empty cells in the output (default 0; the order is "
                        "the same whatever it is: empty below every digit)")
    parser.add_argument("--unique", action="store_true",
                        help="write each canonical form once (de-duplicate equivalent puzzles)")
    add_jobs_arguments(parser, "worker threads (default 1; 0: one per CPU)")
    parser.add_argument("--time-limit", type=seconds, default=None, metavar="SECONDS",
                        help="stop the whole run after this many seconds, keeping every form "
                        "written (default: none; a puzzle takes at most a few milliseconds)")


#: A chunk of one input: a part of a run of lines, or entries read one by one.
_Chunk = LineRun | list[Entry]


def _fast(entry: Entry) -> bool:
    """True for an entry the engine can take as it is: a deferred 9×9 line."""
    return entry.deferred and entry.shape is not None and entry.shape.box == (3, 3)


def _forms(empty: str, work: tuple[str, _Chunk], stop: Stop) -> list[str]:
    """The form of each puzzle of a chunk in order, a ``# FILE: problem`` comment for a bad one
    (what the workers run)."""
    name, chunk = work
    if isinstance(chunk, LineRun) and chunk.shape.box == (3, 3):
        forms = canonical_lines(chunk.lines(), empty, stop=stop)
        if None not in forms:
            return cast("list[str]", forms)
        return [form if form is not None else _one(name, entry, empty)
                for form, entry in zip(forms, chunk.entries(), strict=True)]
    entries = list(chunk.entries()) if isinstance(chunk, LineRun) else chunk
    fast = [entry.text for entry in entries if _fast(entry)]
    found = iter(canonical_lines(fast, empty, stop=stop) if fast else [])
    out: list[str] = []
    for entry in entries:
        form = next(found) if _fast(entry) else None
        out.append(form if form is not None else _one(name, entry, empty))
    return out


def _one(name: str, entry: Entry, empty: str) -> str:
    """The form of one entry read in Python, or the comment line saying why there is none."""
    grid = grid_of(entry)
    if isinstance(grid, Exception):
        return f"# {name}: {grid}"
    if grid.shape.box != (3, 3):
        return f"# {name}: line {entry.line}: the canonical form is for 9×9 grids only"
    return canonical_string(grid, empty)


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit canon``: one canonical form per puzzle, in input order."""
    check_files(args.files)
    interactive = (not args.files or "-" in args.files) and stdin_is_terminal()
    seen: set[str] = set()
    out = sys.stdout
    total = failed = 0
    chunks = (
        (name, chunk)
        for name, entries in read_inputs(args.files, defer=True, runs=not interactive)
        for chunk in cut_chunks(entries, lambda: 1 if interactive else CHUNK)
    )
    executor = (None if interactive else executor_of(args)) or Executor.choose(
        1 if interactive else args.jobs, native=True
    )
    deadline = Deadline.after(args.time_limit)
    results = closing(executor.map(partial(_forms, args.empty), chunks))
    with InterruptGuard() as interrupts, results as forms_of_chunks:
        for forms in forms_of_chunks:
            if total and deadline.expired():
                print(f"sudokit canon: time limit of {args.time_limit:g} s reached after {total} "
                      "puzzles", file=sys.stderr)
                return EXIT_FAILED
            total += len(forms)
            failed += sum(1 for form in forms if form.startswith("#"))
            if args.unique:
                forms = _new(forms, seen)
            if forms:
                interrupts.write(out, "\n".join(forms) + "\n")
                out.flush()
    if failed:
        print(f"sudokit: {failed} of {total} puzzles could not be put in canonical form", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def _new(forms: list[str], seen: set[str]) -> list[str]:
    """The forms not seen before, each once, in order (comment lines all kept); ``seen`` learns them."""
    out: list[str] = []
    for form in forms:
        if form.startswith("#"):
            out.append(form)
        elif form not in seen:
            seen.add(form)
            out.append(form)
    return out
