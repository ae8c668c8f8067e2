"""``sudokit rate``: a table (or JSON Lines) of ratings, ER/EP/ED and HoDoKu-style, in input order."""

from __future__ import annotations

import argparse
import json
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from sudokit import Grid, Rating, RulesError, Shape, Status, SudokuError, rate_many
from sudokit.cli.inputs import check_files, read_grid_inputs
from sudokit.cli.options import (
    EXIT_FAILED,
    EXIT_OK,
    PuzzleOptions,
    UsageError,
    add_jobs_arguments,
    add_rules_arguments,
    add_time_limit_argument,
    executor_of,
    portable_text,
)
from sudokit.cli.progress import progress_bar

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit rate``."""
    parser.add_argument("files", nargs="*", metavar="FILE", help="puzzle files ('-' or none: stdin)")
    parser.add_argument("--json", action="store_true",
                        help="JSON Lines: file, line, puzzle, status, er, ep, ed, level, score, "
                        "hardest, techniques, steps, seconds, error")
    add_jobs_arguments(parser, "workers (default 1; 0: one per CPU): threads while the C core rates "
                       "9×9 puzzles, processes for --hodoku-path")
    add_time_limit_argument(parser)
    parser.add_argument("--hodoku-path", action="store_true",
                        help="level and score from HoDoKu 2.2's own path (its step order, "
                        "choices, scores and levels; slower) instead of SE's path")
    add_rules_arguments(parser)
    parser.add_argument("--no-progress", dest="progress", action="store_false",
                        help="no progress bar (shown only on a terminal)")


def _inputs(
    files: Sequence[str], options: PuzzleOptions, box: Shape | None = None,
) -> Iterator[tuple[str, int, Grid | SudokuError]]:
    """Every puzzle (or the error reading it) of the inputs, with its file name and line, under
    ``--variant``'s rules and with ``--constraint``'s constraints when given."""
    for name, line, item in read_grid_inputs(files, box):
        if (options.rules is not None or options.constraints) and isinstance(item, Grid):
            try:
                item = options.apply(item)
                item.check()
            except UsageError as exc:
                item = RulesError(str(exc))
            except SudokuError as exc:
                item = exc
        yield name, line, item


def _row(name: str, line: int, rating: Rating) -> str:
    """One line of the ``sudokit rate`` table."""
    where = f"{name}:{line}"
    if rating.status == Status.RATED:
        return (f"{rating.er:5.1f} {rating.ep:5.1f} {rating.ed:5.1f} {rating.level or '':<8} "
                f"{rating.score:>6} {rating.seconds:8.2f}  {where}  {', '.join(rating.hardest)}")
    message = "limit reached" if rating.status == Status.LIMIT_REACHED else rating.error or rating.status
    return (f"{'-':>5} {'-':>5} {'-':>5} {rating.status!s:<8} {'-':>6} {rating.seconds:8.2f}  "
            f"{where}  {message}")


#: A puzzle read: its file, line, grid (or the error reading it) and text ("" when unreadable).
_Item = tuple[str, int, Grid | SudokuError, str]


def _texts(items: Iterator[tuple[str, int, Grid | SudokuError]], kept: deque[_Item]) -> Iterator[str]:
    """The text of each puzzle to rate ("" for one that could not be read), remembering each item
    in ``kept`` for the writer: the ratings come in the same order."""
    for name, line, item in items:
        text = portable_text(item) if isinstance(item, Grid) else ""
        kept.append((name, line, item, text))
        yield text


def _write(out: Any, item: _Item, rating: Rating, as_json: bool) -> None:
    """Write one puzzle's rating (a table row, or a JSON line)."""
    name, line, _, text = item
    if as_json:
        record: dict[str, Any] = {"file": name, "line": line, "puzzle": text}
        record.update(rating.to_dict())
        out.write(json.dumps(record) + "\n")
    else:
        out.write(_row(name, line, rating) + "\n")
    out.flush()


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit rate``: exit status 0 when every puzzle was rated, 1 otherwise.

    The inputs are read as the ratings come (bounded memory), each rating is written at once.
    """
    check_files(args.files, args.box)
    kept: deque[_Item] = deque()
    texts = _texts(_inputs(args.files, PuzzleOptions.of(args, args.box), args.box), kept)
    ratings = rate_many(texts, jobs=args.jobs, time_limit=args.time_limit,
                        hodoku_path=args.hodoku_path, executor=executor_of(args))
    bar: Any = progress_bar(args.progress, None, " puzzles", delay=0.0)
    failed = 0
    out = sys.stdout
    if not args.json:
        out.write(f"{'ER':>5} {'EP':>5} {'ED':>5} {'level':<8} {'score':>6} {'seconds':>8}  "
                  "puzzle  hardest\n")
    try:
        for rating in ratings:
            item = kept.popleft()
            if not item[3]:
                rating = Rating(Status.INVALID, error=str(item[2]))
            elif bar is not None:
                bar.update(1)
            failed += rating.status != Status.RATED
            _write(out, item, rating, args.json)
    finally:
        if bar is not None:
            bar.close()
    return EXIT_FAILED if failed else EXIT_OK
