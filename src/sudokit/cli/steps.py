"""``sudokit steps``: every step each technique finds in a position now (HoDoKu's "find all steps").

One step a line (``Naked Pair (3.0): …``), or one JSON object a line with ``--json``; technique
by technique in the registry's order (SE's nested forcing chains only when named with
``--technique``: they can take minutes). ``--marks`` gives the player's pencil marks,
``--technique`` (repeatable) keeps to some techniques, ``--time-limit`` bounds the search (the
chain techniques can take long on a hard position). Each step is written as soon as it is found,
so the steps found before the time ran out (or Ctrl-C) are kept. Exit status: 0 when some step
was found, 1 when none, 2 on a usage or input error or when the time ran out.
"""

from __future__ import annotations

import argparse
import json
import sys

from sudokit import Candidates, Grid, SudokuError
from sudokit.cli.explain import step_line
from sudokit.cli.inputs import first_puzzle, puzzle_text
from sudokit.cli.options import EXIT_FAILED, EXIT_OK, EXIT_USAGE, add_marks_argument, seconds
from sudokit.techniques.explain import iter_steps_available

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit steps``."""
    parser.add_argument("puzzle", metavar="PUZZLE",
                        help="the position (givens and placed digits), or a file holding it")
    add_marks_argument(parser)
    parser.add_argument("--technique", "-t", dest="techniques", action="extend", nargs="+",
                        metavar="NAME",
                        help="only these techniques (names as 'sudokit explain' prints them, any "
                        "case; repeatable); default: all but the nested forcing chains")
    parser.add_argument("--time-limit", type=seconds, default=None, metavar="S",
                        help="give up after S seconds (default: no limit)")
    parser.add_argument("--json", action="store_true", help="write one JSON object per step")


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit steps``: each step is written as soon as it is found."""
    count = 0
    try:
        grid = Grid.from_string(first_puzzle(puzzle_text(args.puzzle)))
        marks = Candidates.from_string(puzzle_text(args.marks), grid) if args.marks else None
        for step in iter_steps_available(grid, marks, techniques=args.techniques,
                                         time_limit=args.time_limit):
            print(json.dumps(step.to_dict(grid.shape)) if args.json else step_line(1, step)[3:],
                  flush=True)
            count += 1
    except SudokuError as error:
        print(f"sudokit steps: {error}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK if count else EXIT_FAILED
