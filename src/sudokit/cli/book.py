"""``sudokit book``: a PDF booklet of puzzles (:func:`sudokit.book`), generated when no FILE is given.

Each puzzle is labelled with its number, SE rating and level; ``--solutions`` adds the
solutions at the back. The file is written whole or not at all. Needs the ``pdf`` extra
(reportlab). Exit status: 0 when the booklet was written, 1 when a puzzle of FILE is unreadable
or has not exactly one solution (each named on standard error; nothing is written), 2 on a usage
error.
"""

from __future__ import annotations

import argparse
import sys
from importlib.util import find_spec

from sudokit import Grid, SudokuError, book, count_solutions
from sudokit.cli.inputs import check_files, read_grid_inputs
from sudokit.cli.options import EXIT_FAILED, EXIT_OK, UsageError, plural, positive
from sudokit.cli.output import check_output

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit book``."""
    parser.add_argument("file", nargs="?", metavar="FILE",
                        help="puzzles to print, any format ('-': standard input); none: generate them")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help="the PDF file to write")
    parser.add_argument("--count", "-n", type=positive, metavar="N",
                        help="puzzles to generate (default 10), or the first N of FILE")
    parser.add_argument("--difficulty", metavar="D",
                        help="generate at this level (easy, medium, hard, unfair, extreme) or SE "
                        "range (e.g. 2.0-4.5)")
    parser.add_argument("--per-page", type=int, choices=(1, 2, 4, 6), default=1,
                        help="puzzles a page (default 1)")
    parser.add_argument("--paper", type=str.lower, choices=("a4", "letter"), default="a4",
                        help="paper size (default A4)")
    parser.add_argument("--title", default="Sudoku", help="the booklet's title (default: Sudoku)")
    parser.add_argument("--solutions", action="store_true", help="print the solutions at the back")
    parser.add_argument("--seed", type=int, metavar="S", help="generate reproducibly")


def _puzzles(spec: str) -> list[Grid] | None:
    """The puzzles of FILE, each checked to have one solution; ``None`` after naming the bad ones."""
    check_files([spec])
    grids: list[Grid] = []
    bad = 0
    for name, line, item in read_grid_inputs([spec]):
        if isinstance(item, Grid):
            count = count_solutions(item, limit=2)
            if count == 1:
                grids.append(item)
                continue
            item = SudokuError(f"line {line}: " + ("no solution" if not count else "several solutions"))
        print(f"sudokit book: {name}: {item}", file=sys.stderr)
        bad += 1
    return None if bad else grids


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit book``."""
    if find_spec("reportlab") is None:
        raise UsageError("PDF booklets need reportlab: pip install 'sudokit[pdf]'")
    check_output(args.output)
    puzzles: list[Grid] | None = None
    if args.file is not None:
        if args.difficulty is not None or args.seed is not None:
            raise UsageError("--difficulty and --seed are for generating: give no FILE")
        puzzles = _puzzles(args.file)
        if puzzles is None:
            return EXIT_FAILED
        if not puzzles:
            raise UsageError(f"{args.file}: no puzzles")
    result = book(puzzles, args.output, count=args.count, difficulty=args.difficulty,
                  per_page=args.per_page, paper=args.paper, title=args.title,
                  solutions=args.solutions, seed=args.seed)
    print(f"wrote {result.path}: {plural(result.puzzles, 'puzzle')} on {plural(result.pages, 'page')}",
          file=sys.stderr)
    return EXIT_OK
