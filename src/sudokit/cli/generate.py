"""``sudokit generate``: unique puzzles, one a line (or JSON Lines), made from a run seed."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from pathlib import Path

from sudokit import GenerationError, TimeLimitReached
from sudokit.canon.minlex import canonical_string
from sudokit.cli.options import (
    DEFAULT_TIME_LIMIT,
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    add_jobs_arguments,
    add_variant_arguments,
    executor_of,
    parse_box,
    positive,
    seconds,
)
from sudokit.cli.progress import progress_bar
from sudokit.engine.solver import is_unique
from sudokit.generation.generator import METHODS, Generator, generate_many, options
from sudokit.generation.kinds import GENERATED
from sudokit.grid import Grid, read_grids
from sudokit.symmetry import SYMMETRIES

__all__ = ["FLUSH_SECONDS", "add_arguments", "run"]

#: The longest a generated puzzle waits in the output buffer.
FLUSH_SECONDS = 0.1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``sudokit generate``."""
    parser.add_argument("-n", "--count", type=positive, default=1, metavar="COUNT",
                        help="how many puzzles (default 1)")
    parser.add_argument("--size", type=positive, metavar="N", help="grid side (default 9)")
    parser.add_argument("--box", type=parse_box, metavar="RxC", help="box shape, e.g. 2x3 (6×6), 4x4 (16×16)")
    parser.add_argument("--method", choices=METHODS, default="dig",
                        help="dig (default): random grid, then clue removal; random-fill: random "
                        "digits until the puzzle has a solution, then repaired until unique")
    parser.add_argument("--k", type=positive, default=25, metavar="K",
                        help="random-fill: clues placed before the first solve (default 25, at most 55)")
    parser.add_argument("--no-dig", dest="dig", action="store_false",
                        help="random-fill: stop at the first unique puzzle (no clue removal)")
    parser.add_argument("--symmetry", default="none", choices=SYMMETRIES,
                        help="pattern symmetry (default none)")
    parser.add_argument("--clues", type=positive, metavar="K", help="exactly K givens")
    parser.add_argument("--max-clues", type=positive, metavar="K", help="at most K givens")
    parser.add_argument("--mask", metavar="PATTERN",
                        help="given-cell pattern: N² characters, '.' or '0' empty, anything else given")
    parser.add_argument("--minimal", action="store_true",
                        help="strictly minimal: removing any single clue loses uniqueness")
    parser.add_argument("--difficulty", metavar="D",
                        help="an SE rating (7.5), range (7.0-8.5), at least (9.0-) or at most "
                        "(-4.0), or a HoDoKu level: easy, medium, hard, unfair, extreme (needs the rater); "
                        "from 8.5 up a climb around hard puzzles searches it")
    parser.add_argument("--near", metavar="FILE",
                        help="with --difficulty: search near the hard 9×9 puzzles of FILE (any format "
                        "sudokit reads; unreadable ones are named and skipped): the way to ER 10 and "
                        "more; each puzzle made differs from them all (and from each other)")
    parser.add_argument("--technique", metavar="NAME",
                        help="a technique the rater must use (one of Sudoku Explainer's, e.g. "
                        "X-Wing, or a step name such as 'Full House')")
    parser.add_argument("--seed", type=int, help="run seed: the same seed gives the same puzzles")
    parser.add_argument("--unique-canon", action="store_true",
                        help="skip puzzles equivalent (same minlex form) to one already written (9×9)")
    parser.add_argument("--json", action="store_true",
                        help="JSON Lines: puzzle, clues, seed (the puzzle seed), solution, rating when asked")
    add_jobs_arguments(parser, "workers (default 1; 0: one per CPU): threads for 9×9 (the C core), "
                       "processes for N×N (Python)")
    parser.add_argument("--time-limit", type=seconds, default=-1.0, metavar="SECONDS",
                        help=f"seconds for the whole run, then stop with status 1 (default "
                        f"{DEFAULT_TIME_LIMIT:g} per puzzle asked for; 0 or 'none' for no limit)")
    parser.add_argument("--no-progress", dest="progress", action="store_false", help="no progress bar")
    add_variant_arguments(parser)
    parser.epilog = ("--variant also names the constraint kinds the generator lays: "
                     + ", ".join(s.name for s in GENERATED if s.lay is not None)
                     + " (combined with commas, e.g. thermo,kropki or x,arrow).\n\n"
                     + (parser.epilog or ""))
    parser.add_argument("--keep", action="store_true",
                        help="constraint kinds and killer: keep every constraint laid (and the givens "
                        "added), instead of removing the redundant ones")
    parser.add_argument("--no-logic-check", dest="logic", action="store_false",
                        help="variants: skip the setter's pass that adds givens where the logic solver "
                        "stalls (the puzzle is then only unique and minimal, and may need a guess)")
    parser.add_argument("--single-cages", action="store_true",
                        help="killer: allow single-cell cages (a single-cell cage is a given in disguise)")
    parser.add_argument("--cage-cover", type=float, default=1.0, metavar="SHARE",
                        help="killer: the share of the grid the cages cover before the redundant ones "
                        "go (0.5 to 1.0, default 1.0)")
    parser.add_argument("--form", choices=("line", "fpuzzles", "link", "sudokit", "json"),
                        help="how to write each puzzle: the line format (default for classic puzzles), "
                        "an f-puzzles link, a SudokuPad link, or sudokit's JSON form ('sudokit' or "
                        "'json'; default whenever the rules are more than classic: a line would lose them)")


def _regions_text(regions: str | None) -> str | None:
    """``--regions``: a region map, or the path of a file holding one."""
    if regions is not None and Path(regions).is_file():
        return Path(regions).read_text(encoding="utf-8", errors="replace")
    return regions


def _near_puzzles(path: str | None) -> list[Grid] | None:
    """``--near``: the readable 9×9 puzzles of a file, each other one named on standard error."""
    if path is None:
        return None
    grids = []
    for line, item in read_grids(Path(path)):
        if not isinstance(item, Grid):
            print(f"sudokit generate: {path}: {item} (skipped)", file=sys.stderr)
        elif item.shape.box != (3, 3):
            print(f"sudokit generate: {path}: line {line}: not a 9×9 puzzle (skipped)", file=sys.stderr)
        elif not is_unique(item):
            print(f"sudokit generate: {path}: line {line}: not one solution (skipped)", file=sys.stderr)
        else:
            grids.append(item)
    return grids


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit generate``."""
    try:
        near = _near_puzzles(args.near)
        opts = options(
            size=args.size, box=args.box, method=args.method, symmetry=args.symmetry,
            clues=args.clues, max_clues=args.max_clues, mask=args.mask, minimal=args.minimal,
            k=args.k, dig=args.dig, difficulty=args.difficulty, technique=args.technique,
            variant=args.variant, regions=_regions_text(args.regions), near=near,
            keep=args.keep, single_cages=args.single_cages, cage_cover=args.cage_cover,
            logic=args.logic,
        )  # fmt: skip
        if opts.difficulty is not None or opts.technique is not None:
            Generator(opts)  # fails at once when the rater is missing
    except (ValueError, GenerationError, OSError) as exc:
        print(f"sudokit generate: {exc}", file=sys.stderr)
        return EXIT_USAGE
    form = args.form or ("sudokit" if opts.variant else "line")
    if args.unique_canon and opts.shape.box != (3, 3):
        print("sudokit generate: --unique-canon needs 9×9 grids", file=sys.stderr)
        return EXIT_USAGE
    seed = secrets.randbits(63) if args.seed is None else args.seed
    time_limit = DEFAULT_TIME_LIMIT * args.count if args.time_limit == -1.0 else args.time_limit
    stream = generate_many(None if args.unique_canon else args.count, seed=seed, jobs=args.jobs,
                           opts=opts, time_limit=time_limit, executor=executor_of(args))
    bar = progress_bar(args.progress, args.count, " puzzles")
    seen: set[str] = set()
    written = 0
    out = sys.stdout
    flushed = time.monotonic()
    try:
        for made in stream:
            if args.unique_canon:
                key = canonical_string(made.puzzle)
                if key in seen:
                    continue
                seen.add(key)
            if args.json:
                record = made.to_dict()
                record["run_seed"] = seed
                out.write(json.dumps(record) + "\n")
            elif form == "fpuzzles":
                out.write(made.puzzle.to_fpuzzles() + "\n")
            elif form == "link":
                out.write(made.puzzle.to_sudokupad() + "\n")
            elif form in ("sudokit", "json"):
                out.write(made.puzzle.to_json() + "\n")
            else:
                out.write(made.puzzle.to_string() + "\n")
            if time.monotonic() - flushed >= FLUSH_SECONDS:  # a slow puzzle shows at once, a fast
                out.flush()  # stream in a few writes a second (Ctrl-C flushes the rest)
                flushed = time.monotonic()
            written += 1
            if bar is not None:
                bar.update(1)
            if written >= args.count:
                break
    except TimeLimitReached:
        print(f"sudokit generate: time limit of {time_limit:g} s reached after {written} of "
              f"{args.count} puzzles (--time-limit 0 for none)", file=sys.stderr)
        return EXIT_FAILED
    except GenerationError as exc:
        print(f"sudokit generate: {exc}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        if bar is not None:
            bar.close()
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    return EXIT_OK
