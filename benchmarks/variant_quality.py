"""What the variant generator makes, kind by kind (#26): solved by logic alone, levels, ER.

For each kind the generator offers at ``--size`` (``sudokit.generation.kinds.GENERATED``), it
generates ``--count`` puzzles (seeds 1…count), rates each (:func:`sudokit.rate`: ER and level)
and explains it (:func:`sudokit.explain`): a puzzle is *solved by logic* when the path has no
``Guess`` step. It prints one row a kind: puzzles made, the share solved by logic, the median and
largest ER, the level histogram (and the puzzles the rater could not rate within the time
limit), and how many puzzles of ER under 4 are rated above "hard" (the
issue asks for none), plus the median seconds to generate.

    .venv/bin/python benchmarks/variant_quality.py [--size 6] [--count 100] [--kinds thermo,killer]
        [--time-limit 30] [--budget 1800] [--by-seed] [--json FILE] [--no-logic-check]
    .venv/bin/python benchmarks/variant_quality.py --examples examples/variants

A puzzle whose generation or explanation runs past ``--time-limit`` is counted as not made / not
explained; ``--budget`` stops the whole run (as does Ctrl-C), and the rows then cover what was
finished. Progress goes to standard error.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import sudokit
from sudokit.errors import SudokuError
from sudokit.generation.kinds import GENERATED
from sudokit.techniques.explain import GUESS, STUCK

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")


@dataclass
class KindRow:
    """What one kind's puzzles measured."""

    kind: str
    made: int = 0
    failed: int = 0
    logic: int = 0
    unexplained: int = 0
    ers: list[float] = field(default_factory=list)
    levels: Counter[str] = field(default_factory=Counter)
    easy_but_hard: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)


def measure(kind: str, size: int, seed: int, time_limit: float, row: KindRow, logic: bool = True) -> None:
    """Generate (``logic``: with the setter's pass), rate and explain one puzzle of ``kind``, adding
    what was seen to ``row``."""
    start = time.perf_counter()
    try:
        grid = sudokit.generate(size=size, variant=kind, seed=seed, time_limit=time_limit, logic=logic)
    except SudokuError:
        row.failed += 1
        return
    row.seconds.append(time.perf_counter() - start)
    assess(grid, seed, time_limit, row)


def assess(grid: sudokit.Grid, seed: int, time_limit: float, row: KindRow) -> None:
    """Rate and explain one puzzle (``seed`` names it in the row), adding what was seen to ``row``."""
    row.made += 1
    rating = sudokit.rate(grid, time_limit=time_limit)
    if rating.er is not None:
        row.ers.append(rating.er)
    row.levels[rating.level or str(rating.status)] += 1
    if rating.er is not None and rating.er < 4 and rating.level in ("unfair", "extreme"):
        row.easy_but_hard.append(seed)
    try:
        techniques = {step.technique for step in sudokit.explain(grid, time_limit=time_limit)}
    except SudokuError:
        row.unexplained += 1
        return
    row.logic += not techniques & {GUESS, STUCK}


def table(rows: list[KindRow], size: int) -> str:
    """The rows as a Markdown table."""
    lines = [f"| kind ({size}×{size}) | made | by logic | ER median | ER max | "
             + " | ".join(LEVELS) + " | not rated | ER < 4 above hard | s to make (median) |",
             "|---|---:|---:|---:|---:|" + "---:|" * len(LEVELS) + "---:|---:|---:|"]
    for row in rows:
        if not row.made:
            lines.append(f"| {row.kind} | 0 (failed {row.failed}) |" + " |" * (len(LEVELS) + 6))
            continue
        share = f"{100 * row.logic / row.made:.0f} %"
        er_med = f"{statistics.median(row.ers):.1f}" if row.ers else "-"
        er_max = f"{max(row.ers):.1f}" if row.ers else "-"
        levels = " | ".join(str(row.levels.get(level, 0)) for level in LEVELS)
        made = f"{row.made}" + (f" (failed {row.failed})" if row.failed else "")
        unrated = row.made - sum(row.levels.get(level, 0) for level in LEVELS)
        lines.append(f"| {row.kind} | {made} | {share} | {er_med} | {er_max} | {levels} | {unrated} | "
                     f"{len(row.easy_but_hard)} | {statistics.median(row.seconds):.3f} |")
    return "\n".join(lines)


def examples(folder: Path, time_limit: float) -> int:
    """Rate and explain every KIND-SIZE.json puzzle of a folder; print one table a size."""
    by_size: dict[int, list[KindRow]] = {}
    for path in sorted(folder.glob("*.json")):
        kind, side = path.stem.rsplit("-", 1)
        row = KindRow(kind)
        start = time.perf_counter()
        assess(sudokit.Grid.from_json(path.read_text(encoding="utf-8")), 1, time_limit, row)
        row.seconds.append(time.perf_counter() - start)  # here: seconds to rate and explain
        by_size.setdefault(int(side), []).append(row)
        print(f"\r{path.name} ({sum(map(len, by_size.values()))} done)", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    for n, rows in sorted(by_size.items()):
        print(table(rows, n).replace("s to make (median)", "s to rate and explain"))
        made = sum(r.made for r in rows)
        print(f"\n{n}×{n}: {sum(r.logic for r in rows)} of {made} solved by logic alone; "
              f"{sum(len(r.easy_but_hard) for r in rows)} of ER under 4 rated above hard\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the measurement; print the table (and write JSON when asked)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--count", type=int, default=100, help="puzzles per kind (seeds 1…count)")
    parser.add_argument("--kinds", default="", help="comma-separated kinds (default: every kind offered)")
    parser.add_argument("--time-limit", type=float, default=30.0,
                        help="seconds to generate, rate or explain one puzzle")
    parser.add_argument("--budget", type=float, default=0.0, help="seconds for the whole run (0: none)")
    parser.add_argument("--json", help="also write the rows as JSON to this file")
    parser.add_argument("--no-logic-check", dest="logic", action="store_false",
                        help="generate without the setter's pass (the unique, minimal puzzle only)")
    parser.add_argument("--by-seed", action="store_true",
                        help="seed 1 of every kind, then seed 2…: a budget cut leaves even rows")
    parser.add_argument("--examples", help="measure the puzzles of this folder (KIND-SIZE.json, e.g. "
                        "examples/variants) instead of generating: one row a file's kind and size")
    args = parser.parse_args(argv)
    if args.examples:
        return examples(Path(args.examples), args.time_limit)
    wanted = [k.strip() for k in args.kinds.split(",") if k.strip()]
    kinds = [spec.name for spec in GENERATED if args.size in spec.sizes
             and (not wanted or spec.name in wanted)]
    if not kinds:
        parser.error(f"no kind is generated at size {args.size}: {', '.join(wanted) or '-'}")
    rows = [KindRow(kind) for kind in kinds]
    pairs = [(row, seed) for row in rows for seed in range(1, args.count + 1)]
    if args.by_seed:  # seed 1 of every kind, then seed 2…: a budget cut leaves even rows
        pairs.sort(key=lambda pair: pair[1])
    start = time.monotonic()
    try:
        for row, seed in pairs:
            if args.budget and time.monotonic() - start > args.budget:
                print("\nbudget reached: the rows cover what was finished", file=sys.stderr)
                raise KeyboardInterrupt
            measure(row.kind, args.size, seed, args.time_limit, row, args.logic)
            print(f"\r{row.kind}: {seed}/{args.count} ({time.monotonic() - start:.0f} s)",
                  end="", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("\nstopped: the rows cover the puzzles finished", file=sys.stderr)
    print(table(rows, args.size))
    bad = [(row.kind, seed) for row in rows for seed in row.easy_but_hard]
    print(f"\nER under 4 rated above hard: {len(bad)}" + (f" {bad}" if bad else ""))
    if args.json:
        # asdict would rebuild the Counter from (key, value) pairs, counting the pairs.
        data: list[dict[str, Any]] = [{**asdict(row), "levels": dict(row.levels)} for row in rows]
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"size": args.size, "count": args.count, "rows": data}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
