"""``sudokit rate``: a table (or JSON Lines) of ratings, ER/EP/ED and HoDoKu-style, in input order."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from sudokit import Grid, Rating, Status, SudokuError, rate_many
from sudokit.cli._common import (
    EXIT_FAILED,
    EXIT_OK,
    add_time_limit_argument,
    check_files,
    jobs,
    progress_bar,
    read_grid_inputs,
)

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit rate``."""
    parser.add_argument("files", nargs="*", metavar="FILE", help="puzzle files ('-' or none: stdin)")
    parser.add_argument("--json", action="store_true",
                        help="JSON Lines: file, line, puzzle, status, er, ep, ed, level, score, "
                        "hardest, techniques, steps, seconds, error")
    parser.add_argument("--jobs", "-j", type=jobs, default=1, metavar="N",
                        help="worker processes (default 1; 0: one per CPU)")
    add_time_limit_argument(parser)
    parser.add_argument("--hodoku-path", action="store_true",
                        help="level and score from the path using every technique, HoDoKu's "
                        "included (closer to HoDoKu; slower) instead of SE's path")
    parser.add_argument("--no-progress", dest="progress", action="store_false",
                        help="no progress bar (shown only on a terminal)")


def _inputs(files: Sequence[str]) -> Iterator[tuple[str, int, Grid | SudokuError]]:
    """Every puzzle (or the error reading it) of the inputs, with its file name and line."""
    yield from read_grid_inputs(files)


def _row(name: str, line: int, rating: Rating) -> str:
    """One line of the ``sudokit rate`` table."""
    where = f"{name}:{line}"
    if rating.status == Status.RATED:
        return (f"{rating.er:5.1f} {rating.ep:5.1f} {rating.ed:5.1f} {rating.level or '':<8} "
                f"{rating.score:>6} {rating.seconds:8.2f}  {where}  {', '.join(rating.hardest)}")
    message = "limit reached" if rating.status == Status.LIMIT_REACHED else rating.error or rating.status
    return (f"{'-':>5} {'-':>5} {'-':>5} {rating.status!s:<8} {'-':>6} {rating.seconds:8.2f}  "
            f"{where}  {message}")


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit rate``: exit status 0 when every puzzle was rated, 1 otherwise."""
    check_files(args.files)
    entries = list(_inputs(args.files))
    texts = [item.to_string() if isinstance(item, Grid) else "" for _, _, item in entries]
    ratings: Iterable[Rating] = rate_many(
        [t for t in texts if t], jobs=args.jobs, time_limit=args.time_limit, hodoku_path=args.hodoku_path
    )
    bar: Any = progress_bar(args.progress, sum(1 for t in texts if t), " puzzles", delay=0.0)
    rated = iter(ratings)
    failed = 0
    out = sys.stdout
    if not args.json:
        out.write(f"{'ER':>5} {'EP':>5} {'ED':>5} {'level':<8} {'score':>6} {'seconds':>8}  "
                  "puzzle  hardest\n")
    try:
        for (name, line, item), text in zip(entries, texts, strict=True):
            rating = next(rated) if text else Rating(Status.INVALID, error=str(item))
            if bar is not None and text:
                bar.update(1)
            if rating.status != Status.RATED:
                failed += 1
            if args.json:
                record: dict[str, Any] = {"file": name, "line": line, "puzzle": text}
                record.update(rating.to_dict())
                out.write(json.dumps(record) + "\n")
            else:
                out.write(_row(name, line, rating) + "\n")
            out.flush()
    finally:
        if bar is not None:
            bar.close()
    return EXIT_FAILED if failed else EXIT_OK
