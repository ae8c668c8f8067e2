"""The ``sudokit explain`` and ``sudokit hint`` subcommands (rows of :data:`sudokit.cli.COMMANDS`).

``sudokit explain PUZZLE`` prints the solving path, one numbered step a line::

    1. Hidden Single (1.2): In box 3, 7 can only go in r1c8, so r1c8 = 7

``sudokit hint PUZZLE`` prints the next step from the player's position (``--marks`` gives the
player's pencil marks, ``--puzzle`` the puzzle as given so a wrong digit can be named).
PUZZLE is the puzzle text itself or a file holding it (``-``: standard input). ``--json``
writes one JSON object per step instead. Exit status: 0 on success, 1 when explain gets stuck
or the hint is a wrong digit or missing candidate, 2 on a usage or input error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sudokit.candidates import Candidates
from sudokit.errors import SudokuError
from sudokit.grid import Grid
from sudokit.techniques import hodoku_score
from sudokit.techniques.explain import MISSING, STUCK, WRONG_DIGIT, explain, hint
from sudokit.techniques.step import Step

__all__ = ["EXPLAIN", "HINT", "step_json", "step_line"]


def _text(spec: str) -> str:
    """The puzzle text an argument names: the text itself, a file's content, or stdin for ``-``."""
    if spec == "-":
        return sys.stdin.read()
    path = Path(spec)
    if len(spec) < 256 and path.is_file():
        return path.read_text(encoding="utf-8", errors="replace")
    return spec


def _first_puzzle(text: str) -> str:
    """The first puzzle of a text: comment lines dropped; a multi-line grid is kept whole."""
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) > 1 and all(len(line.strip()) >= 81 for line in lines[:2]):
        return lines[0].split()[0]
    return "\n".join(lines)


def _grid(spec: str) -> Grid:
    """Read the puzzle an argument names."""
    return Grid.from_string(_first_puzzle(_text(spec)))


def step_line(number: int, step: Step) -> str:
    """One step as a line of text: ``3. Naked Pair (3.0): In row 1, …``."""
    rating = f" ({step.difficulty:.1f})" if step.difficulty else ""
    return f"{number}. {step.technique}{rating}: {step.explanation}"


def step_json(step: Step, n: int) -> str:
    """One step as a JSON object: technique, difficulty, placements, eliminations, explanation."""

    def name(cell: int) -> str:
        return f"r{cell // n + 1}c{cell % n + 1}"

    return json.dumps({
        "technique": step.technique,
        "difficulty": step.difficulty,
        "placements": [[name(c), d] for c, d in step.placements],
        "eliminations": [[name(c), d] for c, d in step.eliminations],
        "cells": [name(c) for c in step.cells],
        "explanation": step.explanation,
    })


def _explain_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit explain``."""
    parser.add_argument("puzzle", metavar="PUZZLE", help="the puzzle, or a file holding it ('-': stdin)")
    parser.add_argument("--se", action="store_true",
                        help="use only the techniques Sudoku Explainer 1.2.1 rates with (its path)")
    parser.add_argument("--json", action="store_true", help="write one JSON object per step")


def _explain(args: argparse.Namespace) -> int:
    """Run ``sudokit explain``."""
    try:
        grid = _grid(args.puzzle)
        steps = []
        for number, step in enumerate(explain(grid, se_only=args.se), 1):
            print(step_json(step, grid.n) if args.json else step_line(number, step), flush=True)
            steps.append(step)
            if step.technique == STUCK:
                return 1
    except SudokuError as error:
        print(f"sudokit explain: {error}", file=sys.stderr)
        return 2
    if not args.json:
        hardest = max((s.difficulty for s in steps), default=0.0)
        score, level = hodoku_score(steps)
        print(f"Solved in {len(steps)} steps; hardest step {hardest:.1f}; "
              f"HoDoKu-style score {score} ({level})")
    return 0


def _hint_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit hint``."""
    parser.add_argument("puzzle", metavar="PUZZLE",
                        help="the player's grid (givens and placed digits), or a file holding it")
    parser.add_argument("--marks", metavar="MARKS",
                        help="the player's pencil marks: a 729-character line or a pencil-mark "
                        "grid, or a file holding one")
    parser.add_argument("--puzzle", dest="original", metavar="PUZZLE",
                        help="the puzzle as given (lets a wrong digit be found even when the "
                        "player's grid has no solution left)")
    parser.add_argument("--se", action="store_true", help="use only Sudoku Explainer's techniques")
    parser.add_argument("--json", action="store_true", help="write the hint as a JSON object")


def _hint(args: argparse.Namespace) -> int:
    """Run ``sudokit hint``."""
    try:
        grid = Grid.from_string(_first_puzzle(_text(args.puzzle)), check=False)
        original = _grid(args.original) if args.original else None
        marks = Candidates.from_string(_text(args.marks), grid) if args.marks else None
        step = hint(grid, marks, puzzle=original, se_only=args.se)
    except SudokuError as error:
        print(f"sudokit hint: {error}", file=sys.stderr)
        return 2
    print(step_json(step, grid.n) if args.json else step_line(1, step)[3:])
    return 1 if step.technique in (WRONG_DIGIT, MISSING, STUCK) else 0


class _Explain:
    """``sudokit explain``."""

    add_arguments = staticmethod(_explain_arguments)
    run = staticmethod(_explain)


class _Hint:
    """``sudokit hint``."""

    add_arguments = staticmethod(_hint_arguments)
    run = staticmethod(_hint)


EXPLAIN = _Explain()
HINT = _Hint()
