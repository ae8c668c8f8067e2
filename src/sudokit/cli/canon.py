"""``sudokit canon``: the minlex canonical form of every 9×9 puzzle, in input order.

One answer line per puzzle, as ``solve`` writes them: a puzzle that cannot be read (or is not
9×9) gets a comment line ``# FILE: line L: problem`` in its place, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import sys

from sudokit.canon import canonical_string
from sudokit.cli._common import EXIT_FAILED, EXIT_OK, check_files, read_grid_inputs

__all__ = ["add_arguments", "run"]


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


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit canon``: one canonical form per puzzle, in input order."""
    check_files(args.files)
    seen: set[str] = set()
    total = failed = 0
    for name, line, entry in read_grid_inputs(args.files):
        total += 1
        if isinstance(entry, Exception) or entry.shape.box != (3, 3):
            problem = entry if isinstance(entry, Exception) else (
                f"line {line}: the canonical form is for 9×9 grids only"
            )
            print(f"# {name}: {problem}", flush=True)
            failed += 1
            continue
        text = canonical_string(entry, args.empty)
        if args.unique:
            if text in seen:
                continue
            seen.add(text)
        print(text)
    if failed:
        print(f"sudokit: {failed} of {total} puzzles could not be put in canonical form", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK
