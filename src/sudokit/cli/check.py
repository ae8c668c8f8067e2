"""``sudokit check``: is every puzzle readable, free of duplicate givens, with exactly one solution?"""

from __future__ import annotations

import argparse

from sudokit.batch.runner import Job
from sudokit.cli.options import add_input_arguments, add_verify_argument, constraints_of, rules_of
from sudokit.cli.output import run_batch

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit check``: those of every command that reads puzzles, and ``--verify``."""
    add_input_arguments(parser)
    add_verify_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit check``."""
    constraints, n = constraints_of(args, args.box)
    job = Job("check", limit=2, box=args.box, rules=rules_of(args, args.box), constraints=constraints,
              constraints_n=n)
    return run_batch(args, job, verify=args.verify)
