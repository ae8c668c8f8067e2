"""``sudokit show``: the bordered grid of each puzzle, for a terminal.

PUZZLE is a puzzle's text, a file of puzzles in any format (``.npy`` and ``.parquet`` too) or
``-`` for standard input; every puzzle is drawn, in input order, separated by blank lines, a
variant's rules listed under it (its cages and constraints with their cells and values).
Givens are bold when standard output is a terminal (``--color`` / ``--no-color`` decide
otherwise). Exit status: 0 when every puzzle was drawn, 1 when some could not be read (each
named on standard error), 2 on a usage error.
"""

from __future__ import annotations

import argparse
import sys

from sudokit import Grid
from sudokit.cli.inputs import read_specs
from sudokit.cli.options import EXIT_FAILED, EXIT_OK, parse_box
from sudokit.render.terminal import grid as terminal_grid
from sudokit.render.terminal import legend

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit show``."""
    parser.add_argument("puzzles", nargs="+", metavar="PUZZLE|FILE",
                        help="a puzzle, or a file of puzzles in any format ('-': standard input)")
    parser.add_argument("--box", type=parse_box, metavar="RxC",
                        help="box shape, for N×N grids whose shape is not the usual one")
    parser.add_argument("--color", action=argparse.BooleanOptionalAction, default=None,
                        help="bold givens (default: only when standard output is a terminal)")


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit show``."""
    color = sys.stdout.isatty() if args.color is None else args.color
    shown = failed = 0
    for name, _, item in read_specs(args.puzzles, args.box):
        if not isinstance(item, Grid):
            print(f"sudokit show: {name}: {item}", file=sys.stderr)
            failed += 1
            continue
        rules = "".join(line + "\n" for line in legend(item))
        sys.stdout.write(("\n" if shown else "") + terminal_grid(item, color=color) + "\n" + rules)
        shown += 1
    return EXIT_FAILED if failed else EXIT_OK
