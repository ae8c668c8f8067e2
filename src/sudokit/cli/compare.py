"""``sudokit compare``: run strategies over puzzle files and print what each one costs."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Callable
from pathlib import Path

from sudokit import StrategyError, SudokuError
from sudokit.cli.inputs import check_files
from sudokit.cli.options import EXIT_FAILED, EXIT_OK, EXIT_USAGE, parse_box, positive, seconds
from sudokit.cli.progress import progress_bar
from sudokit.strategies import NAMES
from sudokit.strategies.compare import (
    DEFAULT_SPECS,
    compare,
    cpu_name,
    expand_specs,
    format_table,
    load,
    native_label,
    plot,
)

__all__ = ["add_arguments", "run"]

Progress = Callable[[str, int], None]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``sudokit compare``."""
    parser.description = (
        "Run strategies over puzzle files and print a table per file: agreement with the native "
        "engine, time, nodes and backtracks per puzzle. Strategies: "
        + ", ".join(NAMES)
        + " (NAME[:OPTIONS], e.g. csp:fc,mrv-degree,lcv; 'csp:*' for every csp combination)."
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="puzzle files (one table each)")
    parser.add_argument(
        "--strategy", "-s", dest="specs", action="append", metavar="SPEC",
        help="a strategy to run (repeat for several; default: all of " + ", ".join(NAMES)
        + "); the native engine always runs first as the baseline",
    )  # fmt: skip
    parser.add_argument(
        "--limit", "-n", type=positive, default=2, metavar="N",
        help="solutions to look for per puzzle (default 2: find the solution and prove it unique)",
    )  # fmt: skip
    parser.add_argument(
        "--time-limit", type=seconds, default=10.0, metavar="SECONDS",
        help="per puzzle and strategy: stop and count it under 'limit' after this long (default 10; 0: none)",
    )  # fmt: skip
    parser.add_argument(
        "--node-limit", type=positive, default=None, metavar="N",
        help="per puzzle and strategy: stop and count it under 'limit' after N nodes (default: none)",
    )  # fmt: skip
    parser.add_argument(
        "--sample", type=positive, metavar="K", help="use K puzzles of each file, drawn at random"
    )
    parser.add_argument("--seed", type=int, default=0, help="random seed of --sample (default 0)")
    parser.add_argument("--box", type=parse_box, metavar="RxC", help="box shape of every puzzle (N×N grids)")
    parser.add_argument("--json", action="store_true", help="write the tables as one JSON document")
    parser.add_argument("--markdown", action="store_true", help="write Markdown tables")
    parser.add_argument(
        "--plot", metavar="OUT.png", help="also draw mean times to an image (needs matplotlib)"
    )
    parser.add_argument(
        "--no-progress", dest="progress", action="store_false", help="no progress bar on a terminal"
    )


def _progress(enabled: bool, total: int, name: str) -> tuple[Progress | None, Callable[[], None]]:
    """A progress callback drawing a bar on a terminal, and its closer."""
    bar = progress_bar(enabled, total, " runs", desc=name)
    if bar is None:
        return None, lambda: None

    def update(spec: str, done: int) -> None:
        bar.set_postfix_str(spec, refresh=False)
        bar.update(1)

    close: Callable[[], None] = bar.close
    return update, close


def _title(name: str, count: int, args: argparse.Namespace) -> str:
    """The heading of one file's table."""
    title = f"{Path(name).name}: {count} puzzles, limit {args.limit}"
    if args.time_limit:
        title += f", at most {args.time_limit:g} s per puzzle"
    if args.node_limit:
        title += f", at most {args.node_limit} nodes"
    return ("### " if args.markdown else "== ") + title


def run(args: argparse.Namespace) -> int:
    """Run ``sudokit compare``: a table per file; exit 1 when a strategy disagreed with the baseline."""
    try:
        specs = expand_specs(args.specs or DEFAULT_SPECS)
    except StrategyError as exc:
        print(f"sudokit compare: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.plot and importlib.util.find_spec("matplotlib") is None:
        print("sudokit compare: --plot needs matplotlib, which is not installed: "
              "pip install 'sudokit[plot]'", file=sys.stderr)
        return EXIT_USAGE
    check_files(args.files, puzzles=False)  # files only: each is a table
    tables = []
    unreadable = 0
    for name in args.files:
        skipped: list[SudokuError] = []
        try:
            grids = load(name, sample=args.sample, seed=args.seed, box=args.box, skipped=skipped)
        except (OSError, SudokuError) as exc:
            print(f"sudokit compare: {name}: {exc}", file=sys.stderr)
            return EXIT_USAGE
        for error in skipped:
            print(f"sudokit compare: {name}: {error} (skipped)", file=sys.stderr)
        unreadable += len(skipped)
        update, close = _progress(args.progress, len(grids) * (len(specs) + 1), Path(name).name)
        try:
            rows = compare(
                grids, specs, limit=args.limit, time_limit=args.time_limit,
                node_limit=args.node_limit, dataset=Path(name).name, progress=update,
            )  # fmt: skip
        finally:
            close()
        tables.append(rows)
        if not args.json:
            print(_title(name, len(grids), args))
            if args.markdown:
                print()
            print(format_table(rows, markdown=args.markdown))
            print()
    if args.json:
        document = {
            "settings": {
                "limit": args.limit, "time_limit": args.time_limit, "node_limit": args.node_limit,
                "sample": args.sample, "seed": args.seed, "native": native_label(), "cpu": cpu_name(),
            },
            "tables": [{"dataset": rows[0].dataset, "rows": [r.to_dict() for r in rows]} for rows in tables],
        }  # fmt: skip
        print(json.dumps(document, indent=2, ensure_ascii=False))
    if args.plot:
        plot(tables, args.plot)
        print(f"sudokit compare: chart written to {args.plot}", file=sys.stderr)
    wrong = sum(r.wrong for rows in tables for r in rows)
    if wrong:
        print(f"sudokit compare: {wrong} runs disagreed with the native engine", file=sys.stderr)
        return EXIT_FAILED
    if unreadable:
        print(f"sudokit compare: {unreadable} unreadable puzzles were skipped", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK
