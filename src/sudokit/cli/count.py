"""``sudokit count``: the number of solutions of every puzzle, up to ``--limit``."""

from __future__ import annotations

import argparse

from sudokit import COUNT_LIMIT
from sudokit.cli.options import add_input_arguments, add_time_limit_argument, job_of, positive
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
    return run_batch(args, job_of(args, "count", limit=args.limit, time_limit=args.time_limit))
