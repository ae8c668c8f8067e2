"""Reading the subcommands' inputs: files, standard input, puzzle text and links on the
command line, data sets, each entry kept with its line number.

Part of what the subcommands share; nothing outside :mod:`sudokit.cli` imports it.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Literal, TextIO, overload

from sudokit import (
    Grid,
    Shape,
    SudokuError,
)
from sudokit.cli.options import STDIN, UsageError, constraints_of, with_constraints
from sudokit.formats import read_dataset, read_puzzles
from sudokit.formats.datasets import format_for_path
from sudokit.formats.reader import Entry, LineRun, bounded_lines
from sudokit.formats.variants import looks_like_variant


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


def check_files(files: Sequence[str], box: Shape | None = None, *, puzzles: bool = True) -> None:
    """Raise :class:`UsageError` for an input that cannot be read, before any work is done.

    With ``puzzles``, an argument that names no file may be a puzzle (:func:`is_puzzle_text`);
    one that is neither is a missing file, said to look like a puzzle when it does
    (:func:`looks_like_puzzle`).
    """
    for name in files:
        if name == "-" or (puzzles and is_puzzle_text(name, box)):
            continue
        if not os.path.exists(name):
            if looks_like_puzzle(name):
                raise UsageError(f"{_shown(name)} is not a file; it looks like a puzzle but "
                                 f"{_puzzle_problem(name, box)}")
            raise UsageError(f"{name}: no such file")
        if not os.access(name, os.R_OK):
            raise UsageError(f"{name}: cannot be read")
        if os.path.isdir(name):
            raise UsageError(f"{name}: is a directory")


def _shown(spec: str, most: int = 40) -> str:
    """An argument as messages show it: quoted, cut short when long."""
    text = " ".join(spec.split())
    return repr(text if len(text) <= most else text[: most - 1] + "…")


#: Characters of the puzzle formats: digits, the empty-cell marks, grid drawing.
_GRID_CHARACTERS = frozenset("0123456789.-*_|+")


def looks_like_puzzle(spec: str) -> bool:
    """True when an argument that names no file looks meant as a puzzle: a link, a JSON form,
    several lines, or mostly digits and empty-cell marks (not a file name with a suffix)."""
    text = spec.strip()
    if looks_like_variant(text) or "://" in text or "\n" in text:
        return True
    if os.sep in text or _FILE_SUFFIX.search(text):
        return False
    chars = [c for c in text if not c.isspace()]
    return len(chars) >= 4 and sum(c in _GRID_CHARACTERS for c in chars) >= 0.6 * len(chars)


def _puzzle_problem(spec: str, box: Shape | None) -> str:
    """Why an argument does not read as puzzles (its first error), or "" when it does."""
    read = 0
    for entry in read_puzzles(spec, box):
        if entry.error is not None:
            return str(entry.error)
        read += 1
    return "" if read else "it holds no puzzle"


def is_puzzle_text(spec: str, box: Shape | None = None) -> bool:
    """True when an argument is puzzle text rather than a file: it names no existing file (or
    is too long to be a name) and reads as one or more puzzles without an error. A file wins
    when the argument names one; ``-`` is standard input."""
    if spec == "-":
        return False
    if "\n" not in spec and len(spec) <= 4096 and os.path.exists(spec):
        return False
    return _puzzle_problem(spec, box) == ""


#: The data-set formats that are binary files, read by :func:`sudokit.formats.read_dataset`.
BINARY_FORMATS = ("npy", "parquet")
#: What an argument that names no puzzle is called in messages.
ARGUMENT = "<argument>"
#: Suffixes that make an argument a file name (missing: an error) rather than puzzle text.
_FILE_SUFFIX = re.compile(r"\.(txt|sdk|sdm|ss|csv|tsv|json|jsonl|ndjson|npy|npz|parquet|pq)$", re.IGNORECASE)


def is_binary(name: str) -> bool:
    """True when a file's suffix says it is a NumPy or Parquet data set."""
    return name != "-" and "\n" not in name and format_for_path(name, "") in BINARY_FORMATS


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
        if is_puzzle_text(name, box):
            yield ARGUMENT, read_puzzles(name, box, defer=defer, runs=runs)
            continue
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
    """Every puzzle the arguments give, each a puzzle's text, a file of puzzles or ``-`` (stdin),
    as the batch commands read them (:func:`read_inputs`).

    Every argument is checked before the first puzzle is read (:func:`check_files`).
    """
    check_files(specs, box)
    yield from read_grid_inputs(specs, box, check=check)


def read_puzzles_args(args: argparse.Namespace) -> Iterator[tuple[str, Grid | SudokuError | UsageError]]:
    """Every puzzle of :func:`~sudokit.cli.options.add_puzzles_arguments`'s arguments with its
    name, ``--constraint``'s constraints added, or the error reading or constraining it."""
    constraints, n = constraints_of(args, args.box)
    for name, _, item in read_specs(args.puzzles, args.box):
        if isinstance(item, Grid):
            try:
                item = with_constraints(item, constraints, n)
            except UsageError as exc:
                yield name, exc
                continue
        yield name, item


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


