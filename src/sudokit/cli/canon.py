"""``sudokit canon``: the minlex canonical form of every 9×9 puzzle, in input order.

One answer line per puzzle, as ``solve`` writes them: a puzzle that cannot be read (or is not
9×9) gets a comment line ``# FILE: line L: problem`` in its place, and the exit status is 1.

Puzzles on one line in the line format (nearly every line of a data set) are not parsed in
Python: they go, a chunk at a time, to :func:`sudokit.canon.canonical_lines` (one native call
per chunk). Other puzzles, and lines the engine rejects, are read in Python one by one, so an
error names its problem exactly.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator

from sudokit.canon import canonical_lines, canonical_string
from sudokit.cli._common import EXIT_FAILED, EXIT_OK, check_files, grid_of, read_inputs
from sudokit.formats.reader import Entry

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


def _chunks(entries: Iterable[Entry]) -> Iterator[list[Entry]]:
    """Cut a stream of entries into lists of :data:`CHUNK`."""
    chunk: list[Entry] = []
    for entry in entries:
        chunk.append(entry)
        if len(chunk) >= CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _fast(entry: Entry) -> bool:
    """True for an entry the engine can take as it is: a deferred 9×9 line."""
    return entry.deferred and entry.shape is not None and entry.shape.box == (3, 3)


def _forms(name: str, chunk: list[Entry], empty: str) -> Iterator[str]:
    """The form of each entry of a chunk in order; a ``# FILE: problem`` comment for a bad one."""
    fast = canonical_lines([entry.text for entry in chunk if _fast(entry)], empty)
    forms = iter(fast)
    for entry in chunk:
        form = next(forms) if _fast(entry) else None
        yield form if form is not None else _one(name, entry, empty)


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
    seen: set[str] = set()
    out = sys.stdout
    total = failed = 0
    for name, entries in read_inputs(args.files, defer=True):
        for chunk in _chunks(entries):
            lines: list[str] = []
            for form in _forms(name, chunk, args.empty):
                total += 1
                if form.startswith("#"):
                    failed += 1
                elif args.unique:
                    if form in seen:
                        continue
                    seen.add(form)
                lines.append(form)
            if lines:
                out.write("\n".join(lines) + "\n")
                out.flush()
    if failed:
        print(f"sudokit: {failed} of {total} puzzles could not be put in canonical form", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK
