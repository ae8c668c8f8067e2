"""``sudokit solve``: one solution per puzzle, in input order."""

from __future__ import annotations

import argparse

import sudokit
from sudokit import StrategyError
from sudokit.cli.options import (
    UsageError,
    add_input_arguments,
    add_time_limit_argument,
    add_verify_argument,
    job_of,
)
from sudokit.cli.output import run_batch

__all__ = ["NATIVE", "add_arguments", "run"]

#: ``--strategy`` value meaning "the native engine".
NATIVE = "native"


def strategy(spec: str) -> str | None:
    """Check a ``--strategy`` spec (None for the native engine); raise UsageError if unusable."""
    if spec == NATIVE:
        return None
    try:
        sudokit.strategies.get(spec)  # the strategies are loaded only when one is asked for
    except (StrategyError, ValueError, LookupError, TypeError) as exc:
        raise UsageError(f"--strategy {spec}: {exc}") from None
    return spec


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit solve``."""
    add_input_arguments(parser)
    parser.add_argument(
        "--format",
        "-f",
        dest="style",
        choices=("line", "block", "numbers", "csv"),
        default="line",
        help="how to write solutions: one line of N² characters (default), a bordered block, "
        "N lines of N numbers, or N lines of comma-separated numbers",
    )
    parser.add_argument(
        "--first",
        action="store_true",
        help="take the first solution found without checking that it is the only one (faster)",
    )
    parser.add_argument(
        "--strategy",
        default=NATIVE,
        metavar="NAME[:OPTIONS]",
        help="solve with a strategy of sudokit.strategies instead of the native engine "
        f"(default: {NATIVE})",
    )
    add_verify_argument(parser)
    add_time_limit_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit solve``."""
    job = job_of(args, "solve", limit=1 if args.first else 2, strategy=strategy(args.strategy),
                 time_limit=args.time_limit)
    return run_batch(args, job, style=args.style, verify=args.verify)
