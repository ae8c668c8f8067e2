"""``sudokit check``: is every puzzle readable, free of duplicate givens, with exactly one solution?"""

from __future__ import annotations

import argparse

from sudokit.cli.options import add_input_arguments, add_verify_argument, job_of
from sudokit.cli.output import run_batch

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit check``: those of every command that reads puzzles, and ``--verify``."""
    add_input_arguments(parser)
    add_verify_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit check``."""
    return run_batch(args, job_of(args, "check"), verify=args.verify)
