"""``sudokit show``: the bordered grid of each puzzle, for a terminal.

PUZZLE is a puzzle's text, a file of puzzles in any format (``.npy`` and ``.parquet`` too) or
``-`` for standard input; every puzzle is drawn, in input order, separated by blank lines, a
variant's rules listed under it (its cages and constraints with their cells and values).
Givens are bold when standard output is a terminal (``--color`` / ``--no-color`` decide
otherwise). ``--form`` writes each puzzle as text instead: the line format, a SudokuPad link, an
f-puzzles link or sudokit's JSON form, rules and ``--constraint``'s constraints included (a
constraint the form cannot express is named on standard error). Exit status: 0 when every
puzzle was drawn, 1 when some could not be read (each named on standard error), 2 on a usage
error.
"""

from __future__ import annotations

import argparse
import sys

from sudokit import Grid, SudokuError
from sudokit.cli.inputs import read_puzzles_args
from sudokit.cli.options import EXIT_FAILED, EXIT_OK, UsageError, add_puzzles_arguments
from sudokit.render.terminal import grid as terminal_grid
from sudokit.render.terminal import legend

__all__ = ["FORMS", "add_arguments", "run"]

#: ``--form``: the grid drawn for a terminal, or the puzzle as text in one of sudokit's forms.
FORMS = ("grid", "line", "link", "fpuzzles", "json")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit show``."""
    add_puzzles_arguments(parser)
    parser.add_argument("--color", action=argparse.BooleanOptionalAction, default=None,
                        help="bold givens (default: only when standard output is a terminal)")
    parser.add_argument("--form", choices=FORMS, default="grid",
                        help="grid: drawn for a terminal (default); line: the line format; link: a "
                        "SudokuPad link; fpuzzles: an f-puzzles link; json: sudokit's JSON form "
                        "(links and JSON keep every rule and constraint)")


def _text(grid: Grid, form: str, color: bool) -> str:
    """One puzzle in the ``--form`` asked for."""
    if form == "line":
        return grid.to_string()
    if form == "link":
        return grid.to_sudokupad()
    if form == "fpuzzles":
        return grid.to_fpuzzles()
    if form == "json":
        return grid.to_json()
    return terminal_grid(grid, color=color)


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit show``."""
    color = sys.stdout.isatty() if args.color is None else args.color
    shown = failed = 0
    gap = "\n" if args.form == "grid" else ""
    for name, item in read_puzzles_args(args):
        try:
            if not isinstance(item, Grid):
                raise item
            text = _text(item, args.form, color)
        except (SudokuError, UsageError) as exc:
            print(f"sudokit show: {name}: {exc}", file=sys.stderr)
            failed += 1
            continue
        if args.form == "grid":  # the rules a grid picture cannot show are listed under it
            text += "".join("\n" + line for line in legend(item))
        sys.stdout.write((gap if shown else "") + text + "\n")
        shown += 1
    return EXIT_FAILED if failed else EXIT_OK
