"""``sudokit explain``: a puzzle's solving path, one numbered step a line.

::

    1. Hidden Single (1.2): In box 3, 7 can only go in r1c8, so r1c8 = 7

PUZZLE is the puzzle text itself or a file holding it (``-``: standard input); ``--json``
writes one JSON object per step instead; ``--html OUT.html`` writes the whole path as one
self-contained page, a picture and a sentence per step (:func:`sudokit.render.html.walkthrough`),
whole or not at all. Exit status: 0 when solved, 1 when the techniques get stuck, 2 on a usage
or input error. A variant puzzle the techniques cannot finish is explained to the end with
``Guess`` steps, each said to be a guess, and the closing line counts them. A puzzle with no
solution or several, or one whose ``--time-limit`` (default 60 s) runs out, exits with status 1;
a file of several puzzles is explained for its first one, with a note on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys

from sudokit import (
    Grid,
    MultipleSolutionsError,
    NoSolutionError,
    Step,
    SudokuError,
    TimeLimitReached,
    explain,
)
from sudokit.cli.inputs import first_puzzle, puzzle_count, puzzle_text
from sudokit.cli.options import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    PuzzleOptions,
    add_rules_arguments,
    add_time_limit_argument,
)
from sudokit.cli.output import check_output, write_atomic
from sudokit.rating.explainer import variant_level
from sudokit.render.html import walkthrough
from sudokit.techniques import hodoku_score
from sudokit.techniques.explain import GUESS, STUCK

__all__ = ["add_arguments", "run", "step_line"]


def step_line(number: int, step: Step) -> str:
    """One step as a line of text: ``3. Naked Pair (3.0): In row 1, …``."""
    rating = f" ({step.difficulty:.1f})" if step.difficulty else ""
    return f"{number}. {step.technique}{rating}: {step.explanation}"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit explain``."""
    parser.add_argument("puzzle", metavar="PUZZLE", help="the puzzle, or a file holding it ('-': stdin)")
    add_rules_arguments(parser)
    parser.add_argument("--se", action="store_true",
                        help="use only the techniques Sudoku Explainer 1.2.1 rates with (its path)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="write one JSON object per step")
    output.add_argument("--html", metavar="OUT.html",
                        help="write the path as one HTML page, a picture per step (nothing on stdout)")
    add_time_limit_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit explain``."""
    if args.html is not None:
        check_output(args.html)
    steps: list[Step] = []
    options = PuzzleOptions.of(args, args.box)
    try:
        text = puzzle_text(args.puzzle)
        if args.puzzle != text and puzzle_count(text) > 1:
            print(f"sudokit explain: {args.puzzle} holds several puzzles: explaining the first one",
                  file=sys.stderr)
        grid = options.apply(Grid.from_string(first_puzzle(text), args.box))
        grid.check()
        if args.html is not None:
            write_atomic(args.html, walkthrough(grid))
            return EXIT_OK
        for number, step in enumerate(explain(grid, se_only=args.se, time_limit=args.time_limit), 1):
            line = json.dumps(step.to_dict(grid.shape)) if args.json else step_line(number, step)
            print(line, flush=True)
            steps.append(step)
            if step.technique == STUCK:
                return EXIT_FAILED
    except (NoSolutionError, MultipleSolutionsError) as error:  # a puzzle, but not a good one
        print(f"sudokit explain: {error}", file=sys.stderr)
        return EXIT_FAILED
    except TimeLimitReached:
        print(f"sudokit explain: time limit of {args.time_limit:g} s reached after {len(steps)} steps "
              "(--time-limit 0 for none)", file=sys.stderr)
        return EXIT_FAILED
    except SudokuError as error:
        print(f"sudokit explain: {error}", file=sys.stderr)
        return EXIT_USAGE
    if not args.json:
        hardest = max((s.difficulty for s in steps), default=0.0)
        score, level = hodoku_score(steps)
        if grid.rules is not None:
            level = variant_level(steps)
        guesses = sum(1 for s in steps if s.technique == GUESS)
        how = f" and {guesses} guess{'es' if guesses > 1 else ''} (not by logic alone)" if guesses else ""
        print(f"Solved in {len(steps)} steps{how}; hardest step {hardest:.1f}; "
              f"HoDoKu-style score {score} ({level})")
    return EXIT_OK
