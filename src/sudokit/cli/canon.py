"""``sudokit canon``: the minlex canonical form of every 9×9 puzzle, in input order."""

from __future__ import annotations

import argparse
import sys

from sudokit.canon import canonical_string
from sudokit.cli._common import EXIT_FAILED, EXIT_OK, check_files, read_grid_inputs

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``sudokit canon``."""
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="puzzle files, any format ('-' or none: standard input)")
    parser.add_argument("--empty", default="0", metavar="CHAR",
                        help="character for empty cells in the output (default 0; the order is "
                        "the same whatever it is: empty below every digit)")
    parser.add_argument("--unique", action="store_true",
                        help="write each canonical form once (de-duplicate equivalent puzzles)")


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit canon``: one canonical form per puzzle, in input order."""
    check_files(args.files)
    status = EXIT_OK
    seen: set[str] = set()
    for name, line, entry in read_grid_inputs(args.files):
        if isinstance(entry, Exception):
            print(f"{name}: {entry}", file=sys.stderr)
            status = EXIT_FAILED
            continue
        if entry.shape.box != (3, 3):
            print(f"{name}: line {line}: the canonical form is for 9×9 grids only", file=sys.stderr)
            status = EXIT_FAILED
            continue
        text = canonical_string(entry, args.empty)
        if args.unique:
            if text in seen:
                continue
            seen.add(text)
        print(text)
    return status
