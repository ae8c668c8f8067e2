"""``sudokit count``: the number of solutions of every puzzle, up to ``--limit``."""

from __future__ import annotations

import argparse

from sudokit import COUNT_LIMIT
from sudokit.batch.runner import Job
from sudokit.cli.options import (
    add_input_arguments,
    add_time_limit_argument,
    constraints_of,
    positive,
    rules_of,
)
from sudokit.cli.output import run_batch

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit count``."""
    add_input_arguments(parser)
    parser.add_argument(
        "--limit",
        "-n",
        type=positive,
        default=COUNT_LIMIT,
        metavar="N",
        help=f"stop counting a puzzle at N solutions (default {COUNT_LIMIT}; 2 is the uniqueness check)",
    )
    add_time_limit_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit count``."""
    rules = rules_of(args, args.box)
    constraints, n = constraints_of(args, args.box)
    job = Job("count", limit=args.limit, box=args.box, time_limit=args.time_limit, rules=rules,
              constraints=constraints, constraints_n=n)
    return run_batch(args, job)
