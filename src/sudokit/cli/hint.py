"""``sudokit hint``: the next step from a player's position.

``--marks`` gives the player's pencil marks, ``--puzzle`` the puzzle as given (so a wrong digit
can be named even when the player's grid has no solution left), ``--level`` how much to say: 1
where to look, 2 also the technique, 3 (the default) the whole step; ``--constraint`` adds
constraints to the rules. Where a variant needs a guess the hint is the ``Guess`` step explain
takes there. Exit status: 0 on success (a guess included), 1 when the hint is a wrong digit, a
missing candidate or no step, or the puzzle has no solution or several, or the time limit ran
out; 2 on a usage or input error.
"""

from __future__ import annotations

import argparse
import json
import sys

from sudokit import (
    Candidates,
    Grid,
    Hint,
    MultipleSolutionsError,
    NoSolutionError,
    SudokuError,
    TimeLimitReached,
    hint,
)
from sudokit.cli.explain import step_line
from sudokit.cli.inputs import first_puzzle, puzzle_text
from sudokit.cli.options import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    PuzzleOptions,
    add_marks_argument,
    add_rules_arguments,
    add_time_limit_argument,
)
from sudokit.techniques.explain import MISSING, STUCK, WRONG_DIGIT

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit hint``."""
    parser.add_argument("puzzle", metavar="PUZZLE",
                        help="the player's grid (givens and placed digits), or a file holding it")
    add_marks_argument(parser)
    parser.add_argument("--puzzle", dest="original", metavar="PUZZLE",
                        help="the puzzle as given (lets a wrong digit be found even when the "
                        "player's grid has no solution left)")
    parser.add_argument("--level", type=int, choices=(1, 2, 3), default=3,
                        help="1: where to look; 2: also which technique; 3 (default): the whole step")
    parser.add_argument("--se", action="store_true", help="use only Sudoku Explainer's techniques")
    add_rules_arguments(parser)
    parser.add_argument("--json", action="store_true", help="write the hint as a JSON object")
    add_time_limit_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit hint``."""
    options = PuzzleOptions.of(args, args.box)
    try:
        grid = options.apply(Grid.from_string(first_puzzle(puzzle_text(args.puzzle)), args.box, check=False))
        original = (options.apply(Grid.from_string(first_puzzle(puzzle_text(args.original)), args.box))
                    if args.original else None)
        marks = Candidates.from_string(puzzle_text(args.marks), grid) if args.marks else None
        step = hint(grid, marks, puzzle=original, se_only=args.se, time_limit=args.time_limit).step
    except (NoSolutionError, MultipleSolutionsError) as error:  # a puzzle, but not a good one
        print(f"sudokit hint: {error}", file=sys.stderr)
        return EXIT_FAILED
    except TimeLimitReached:
        print(f"sudokit hint: time limit of {args.time_limit:g} s reached (--time-limit 0 for none)",
              file=sys.stderr)
        return EXIT_FAILED
    except SudokuError as error:
        print(f"sudokit hint: {error}", file=sys.stderr)
        return EXIT_USAGE
    assert step is not None
    shown = Hint.of(step, grid.shape, args.level)
    if args.json:
        print(json.dumps(shown.to_dict(grid.shape)))
    else:
        print(step_line(1, step)[3:] if args.level == 3 else shown.message)
    return EXIT_FAILED if step.technique in (WRONG_DIGIT, MISSING, STUCK) else EXIT_OK
