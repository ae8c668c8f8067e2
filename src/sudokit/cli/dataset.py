"""``sudokit dataset``: build, re-rate, de-duplicate and split data sets for machine learning.

- ``build -o DIR``: ``--count`` puzzles over a target (``--er-bins``, ``--levels``, ``--clue-bins``
  or ``--shapes``), split (``--split``), none equivalent to another or to one of ``--exclude``;
  DIR/train.parquet etc. in ``--format``; a table of counts per bin and split at the end.
- ``rate IN -o OUT``: the rating columns and a ``status`` added to every row of a file.
- ``dedupe IN [-o OUT]``: the equivalence classes of a file's puzzles, with their counts.
- ``split IN -o DIR``: a file cut into splits, each equivalence class whole, ``--exclude`` left out.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sudokit.cli.options import (
    EXIT_FAILED,
    EXIT_OK,
    UsageError,
    add_jobs_arguments,
    executor_of,
    positive,
    seconds,
)
from sudokit.cli.progress import progress_bar
from sudokit.dataset.build import COLUMNS, Built, build, shape_of
from sudokit.dataset.existing import classes, excluded_forms, rate_rows, split_rows, status_counts
from sudokit.dataset.files import TABLE_FORMATS, find_columns, read_table, write_split, write_table
from sudokit.formats.datasets import format_for_path, write_records

__all__ = ["add_arguments", "run"]


def _common(parser: argparse.ArgumentParser) -> None:
    """The options every action reading a file has: its puzzle and answer columns."""
    parser.add_argument("input", metavar="IN", help="a data set: CSV, JSON Lines, Parquet, .npy/.npz")
    parser.add_argument("--puzzle-column", metavar="NAME",
                        help="the puzzle column (default: found by name: quizzes, puzzle, q, …)")
    parser.add_argument("--answer-column", metavar="NAME",
                        help="the answer column (default: found by name: solutions, solution, a, …)")


def _exclude_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--exclude", metavar="FILE", action="append", default=[],
                        help="no puzzle equivalent to one of FILE's (a published test set); repeatable")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``sudokit dataset``."""
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    b = sub.add_parser("build", help="generate a balanced, de-duplicated, split data set",
                       description="Generate, rate and keep --count puzzles over a target "
                       "distribution, no two equivalent (minlex form), split train/val/test.")
    b.add_argument("--count", "-n", type=positive, required=True, metavar="N", help="puzzles in all")
    target = b.add_mutually_exclusive_group()
    target.add_argument("--er-bins", metavar="BINS",
                        help="SE rating bins, each [low, high): '1-2,2-4,4-6,6-8,8-' (the default); "
                        "a weight after a colon: '1-2:2,2-4:1'")
    target.add_argument("--levels", metavar="LEVELS",
                        help="HoDoKu levels (its own path): 'easy,medium,hard,unfair,extreme'")
    target.add_argument("--clue-bins", metavar="BINS", help="clue-count bins, inclusive: '22-24,25-27,28-32'")
    target.add_argument("--shapes", metavar="SHAPES", help="grid shapes: '4x4,6x6,9x9'")
    b.add_argument("--shape", default="9x9", metavar="NxN",
                   help="the grid of the ER, level and clue targets (default 9x9; 4x4, 6x6)")
    b.add_argument("--split", default="train=0.8,val=0.1,test=0.1", metavar="NAME=FRACTION,…",
                   help="the splits (default train=0.8,val=0.1,test=0.1)")
    _exclude_argument(b)
    b.add_argument("--seed", type=int, default=0, help="the run's seed: the same seed, the same set")
    add_jobs_arguments(b)
    b.add_argument("--format", choices=TABLE_FORMATS, default="parquet",
                   help="file format (default parquet; npy: NAME.npy puzzles, NAME_solution.npy, "
                   "NAME.csv every column)")
    b.add_argument("--time-limit", type=seconds, default=None, metavar="SECONDS",
                   help="stop generating after this long and write what there is (default: none)")
    b.add_argument("-o", "--output", required=True, metavar="DIR", help="the directory of the split files")
    b.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")

    r = sub.add_parser("rate", help="add rating columns and a status to every row of a data set",
                       description="Add status, er, ep, ed, level, hodoku_score, clues, shape, minlex, "
                       "techniques (and solution when there is no answer column) to every row, keeping "
                       "the file's own columns; the answer column is checked against the solver. No "
                       "row is dropped: 'status' says what is wrong, and the counts go to stderr.")
    _common(r)
    r.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the output file; its suffix picks the format (.csv, .jsonl, .parquet)")
    add_jobs_arguments(r)
    r.add_argument("--time-limit", type=seconds, default=20.0, metavar="SECONDS",
                   help="seconds per puzzle for the rating (default 20; 0: none)")
    r.add_argument("--se-path-level", action="store_true",
                   help="level and hodoku_score from SE's path (faster) instead of HoDoKu's own")
    r.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")

    d = sub.add_parser("dedupe", help="the equivalence classes of a data set's puzzles, with counts",
                       description="One row per equivalence class (minlex form): minlex, count, its "
                       "first puzzle and the row numbers of its members, largest class first.")
    _common(d)
    d.add_argument("-o", "--output", metavar="OUT", help="the output file (default: CSV on stdout)")

    s = sub.add_parser("split", help="cut a data set into splits, equivalent puzzles together",
                       description="Cut a data set into splits by fractions of its rows, every "
                       "equivalence class in one split; puzzles equivalent to --exclude's are left out.")
    _common(s)
    s.add_argument("--split", default="train=0.8,val=0.1,test=0.1", metavar="NAME=FRACTION,…",
                   help="the splits (default train=0.8,val=0.1,test=0.1)")
    _exclude_argument(s)
    s.add_argument("--seed", type=int, default=0, help="the shuffle's seed")
    s.add_argument("--format", choices=TABLE_FORMATS, default=None,
                   help="file format (default: the input's)")
    s.add_argument("-o", "--output", required=True, metavar="DIR", help="the directory of the split files")


def _check_input(path: str) -> None:
    if not Path(path).is_file():
        raise UsageError(f"{path}: no such file")


def _columns(path: str, args: argparse.Namespace) -> tuple[list[dict[str, Any]], str, str | None]:
    """The rows of a file and its puzzle and answer columns."""
    _check_input(path)
    rows = list(read_table(path))
    if not rows:
        raise UsageError(f"{path}: no rows")
    puzzle, answer = find_columns(list(rows[0]), getattr(args, "puzzle_column", None),
                                  getattr(args, "answer_column", None))
    return rows, puzzle, answer


def _excluded(files: list[str]) -> set[str]:
    """The minlex forms of every puzzle of the --exclude files."""
    forms: set[str] = set()
    for name in files:
        _check_input(name)
        rows = list(read_table(name))
        if not rows:
            continue
        puzzle, _ = find_columns(list(rows[0]))
        found, bad = excluded_forms(rows, puzzle)
        forms |= found
        if bad:
            print(f"sudokit dataset: {name}: {bad} rows could not be read (not excluded)", file=sys.stderr)
    return forms


def _print_table(rows: list[list[str]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths,
                                                                                              strict=True))))


def _build(args: argparse.Namespace) -> int:
    kind, bins = "er", args.er_bins or "1-2,2-4,4-6,6-8,8-"
    for name, value in (("level", args.levels), ("clues", args.clue_bins), ("shape", args.shapes)):
        if value:
            kind, bins = name, value
    if args.format == "npy" and kind == "shape" and len([v for v in bins.split(",") if v.strip()]) > 1:
        raise UsageError("--format npy holds one grid size per file: build each shape apart")
    exclude = _excluded(args.exclude)
    bar: Any = progress_bar(args.progress, args.count, " puzzles", delay=0.0)

    def advance(done: int, total: int) -> None:
        if bar is not None:
            bar.update(done - bar.n)

    try:
        built: Built = build(args.count, bins=bins, kind=kind, shape=shape_of(args.shape), split=args.split,
                             exclude=exclude, seed=args.seed, jobs=args.jobs, time_limit=args.time_limit,
                             progress=advance, executor=executor_of(args))
    finally:
        if bar is not None:
            bar.close()
    for name, rows in built.splits.items():
        write_split(rows, args.output, name, args.format, COLUMNS)
    _print_table(built.table())
    rate = built.count / built.seconds if built.seconds else 0.0
    print(f"{built.count} puzzles from {built.candidates} candidates ({built.duplicates} equivalent to "
          f"one kept or excluded) in {built.seconds:.1f} s ({rate:.1f} puzzles/s), written to {args.output}",
          file=sys.stderr)
    if built.short:
        short = ", ".join(f"{name}: {n} short" for name, n in built.short.items())
        print(f"sudokit dataset build: some bins could not be filled ({short})", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def _rate(args: argparse.Namespace) -> int:
    if format_for_path(args.output, "csv") == "npy":
        raise UsageError("an .npy file holds only puzzles: write the rated rows as .csv, .jsonl or .parquet")
    rows, puzzle, answer = _columns(args.input, args)
    bar: Any = progress_bar(args.progress, len(rows), " puzzles", delay=0.0)
    start = time.monotonic()

    def counted() -> Iterator[dict[str, Any]]:
        for row in rate_rows(rows, puzzle, answer, jobs=args.jobs, time_limit=args.time_limit,
                             hodoku_path=not args.se_path_level, executor=executor_of(args)):
            if bar is not None:
                bar.update(1)
            yield row

    try:
        out = list(counted())
    finally:
        if bar is not None:
            bar.close()
    write_table(out, args.output, format_for_path(args.output, "csv"))
    status = "sudokit_status" if "status" in rows[0] else "status"
    counts = status_counts(out, status)
    seconds = time.monotonic() - start
    summary = ", ".join(f"{k}: {v}" for k, v in sorted(counts.items()))
    print(f"sudokit dataset rate: {len(out)} rows ({summary}) in {seconds:.1f} s "
          f"({len(out) / seconds if seconds else 0:.0f} puzzles/s)", file=sys.stderr)
    return EXIT_OK if counts.get("ok", 0) == len(out) else EXIT_FAILED


def _dedupe(args: argparse.Namespace) -> int:
    rows, puzzle, _ = _columns(args.input, args)
    found, bad = classes(rows, puzzle)
    if args.output:
        write_table(found, args.output, format_for_path(args.output, "csv"))
    else:
        write_records(found, sys.stdout, "csv")
    repeated = sum(1 for c in found if c["count"] > 1)
    print(f"sudokit dataset dedupe: {len(rows)} rows, {len(found)} classes ({repeated} with more than "
          f"one puzzle), {bad} unreadable", file=sys.stderr)
    return EXIT_FAILED if bad else EXIT_OK


def _split(args: argparse.Namespace) -> int:
    rows, puzzle, _ = _columns(args.input, args)
    exclude = _excluded(args.exclude)
    dropped: dict[str, int] = {}

    def drop(reason: str) -> None:
        key = reason.partition(":")[0]
        dropped[key] = dropped.get(key, 0) + 1

    parts = split_rows(rows, puzzle, args.split, seed=args.seed, exclude=exclude, on_drop=drop)
    fmt = args.format or format_for_path(args.input, "csv")
    if fmt not in TABLE_FORMATS:
        fmt = "csv"
    for name, part in parts.items():
        write_split(part, args.output, name, fmt)
    counts = ", ".join(f"{name}: {len(part)}" for name, part in parts.items())
    left = ", ".join(f"{n} {why}" for why, n in dropped.items()) or "none left out"
    print(f"sudokit dataset split: {counts} ({left})", file=sys.stderr)
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit dataset ACTION``."""
    actions = {"build": _build, "rate": _rate, "dedupe": _dedupe, "split": _split}
    return actions[args.action](args)
