"""Before and after a change: one benchmark run in two checkouts, interleaved, by same-run ratios.

Usage::

    python benchmarks/before_after.py --before ../sudokit-old --after . solve -- --sets top95,17_clue
    python benchmarks/before_after.py --before ../sudokit-old --after . --rounds 3 generate

Each checkout runs its own ``benchmarks/<bench>.py`` with its own ``.venv`` (so "before" is the
code and the benchmark as they were), in the order before, after, after, before, … (``--rounds``
pairs), which spreads a slow drift of the machine's speed over both sides. Arguments after ``--``
go to the benchmark itself.

What is compared is each row's cost against a peer measured in the same run, lower is better:

* ``solve``: a row's sudokit/tdoku time ratio (tdoku in the same run). With ``--no-tdoku`` (or
  no tdoku built) it falls back to sudokit's µs a puzzle, an absolute time;
* ``generate``: hodoku-py's puzzles per second over the row's (hodoku-py in the same run). Without
  hodoku-py installed, it falls back to the row's seconds a puzzle.

The table shows each side's median and after ÷ before; ``slower`` marks a row whose after ÷
before is above ``--tolerance`` (default 1.05: 5 % slower). ``--fail`` makes such a row exit 1.
Run it alone on the machine: a build or a test beside it moves the numbers more than 5 %.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

#: What each benchmark's JSON gives: row label -> (cost, what the cost is).
Costs = dict[str, tuple[float, str]]


#: The sudokit row of solve.py that its tdoku ratio is taken against, by mode (limit).
SOLVE_ROWS = {1: "sudokit solve_many", 2: "sudokit count_many"}


def solve_costs(doc: dict[str, Any]) -> Costs:
    """solve.py: sudokit/tdoku per set and mode, or sudokit's µs a puzzle without tdoku."""
    out: Costs = {}
    for row in doc["rows"]:
        if row.get("ratio_kind") == "sudokit/tdoku" and row.get("ratio"):
            out[f"{row['set']}, limit {row['mode']}"] = (float(row["ratio"]), "sudokit/tdoku")
    for row in doc["rows"]:
        if row["engine"] == SOLVE_ROWS.get(row["mode"]):
            out.setdefault(f"{row['set']}, limit {row['mode']}", (float(row["us"]), "µs a puzzle"))
    return out


def generate_costs(doc: dict[str, Any]) -> Costs:
    """generate.py: hodoku-py's rate over each sudokit row's, or seconds a puzzle without it."""
    rows = [r for r in doc["rows"] if r.get("rate")]
    peer = next((r for r in rows if r["what"].startswith("hodoku-py") and "no symmetry" in r["what"]), None)
    out: Costs = {}
    for row in rows:
        if row["what"].startswith(("hodoku-py", "py-sudoku", "pencilmark")):
            continue
        if peer is not None:
            out[row["what"]] = (peer["rate"] / row["rate"], "hodoku-py/sudokit time")
        else:
            out[row["what"]] = (1.0 / row["rate"], "s a puzzle")
    return out


BENCHES: dict[str, Callable[[dict[str, Any]], Costs]] = {"solve": solve_costs, "generate": generate_costs}


def order(rounds: int) -> list[str]:
    """The run order: before, after, then after, before, … for ``rounds`` pairs."""
    sides: list[str] = []
    for k in range(rounds):
        sides += ["before", "after"] if k % 2 == 0 else ["after", "before"]
    return sides


def run_once(tree: Path, bench: str, extra: Sequence[str], timeout: float) -> dict[str, Any]:
    """Run ``tree``'s own benchmark with its own .venv and return the JSON it wrote."""
    python = tree / ".venv" / "bin" / "python"
    if not python.exists():
        raise SystemExit(f"{tree}: no .venv/bin/python (run `make .venv/.installed` there first)")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.json"
        cmd = [str(python), str(tree / "benchmarks" / f"{bench}.py"), *extra, "--json", str(out)]
        proc = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, timeout=timeout)
        if proc.returncode != 0 or not out.exists():
            raise SystemExit(f"{tree}: {bench}.py failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
        doc: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return doc


def compare(runs: dict[str, list[Costs]], tolerance: float) -> tuple[list[str], int]:
    """The table's lines and how many rows are slower than ``tolerance`` allows."""
    lines = [f"{'row':42} {'cost':24} {'before':>9} {'after':>9} {'after/before':>13}"]
    slower = 0
    changes: list[float] = []
    every = [c for side in runs.values() for c in side]
    for label in [k for k in runs["before"][0] if all(k in c for c in every)]:
        kinds = sorted({c[label][1] for c in every})
        if len(kinds) != 1:
            lines.append(f"{label:42} (measured differently before and after: {', '.join(kinds)})")
            continue
        before = statistics.median(c[label][0] for c in runs["before"])
        after = statistics.median(c[label][0] for c in runs["after"])
        change = after / before
        changes.append(change)
        mark = ""
        if change > tolerance:
            mark, slower = "  slower", slower + 1
        lines.append(f"{label:42} {kinds[0]:24} {before:9.4g} {after:9.4g} {change:13.3f}{mark}")
    if changes:
        lines.append(f"geometric mean of after/before: {statistics.geometric_mean(changes):.3f}"
                     f" over {len(changes)} rows (tolerance {tolerance})")
    return lines, slower


def main(argv: Sequence[str] | None = None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in args_in:
        cut = args_in.index("--")
        args_in, extra = args_in[:cut], args_in[cut + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bench", choices=sorted(BENCHES), help="the benchmark script to run")
    ap.add_argument("--before", type=Path, required=True, help="the checkout before the change")
    ap.add_argument("--after", type=Path, default=Path("."), help="the checkout after it (default: .)")
    ap.add_argument("--rounds", type=int, default=2, help="pairs of runs, before/after then after/before")
    ap.add_argument("--tolerance", type=float, default=1.05, help="after/before above this is slower")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds one benchmark run may take")
    ap.add_argument("--fail", action="store_true", help="exit 1 when a row is slower than --tolerance")
    args = ap.parse_args(args_in)
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    runs: dict[str, list[Costs]] = {"before": [], "after": []}
    for k, side in enumerate(order(args.rounds), 1):
        print(f"run {k}: {side} ({trees[side]})", file=sys.stderr, flush=True)
        runs[side].append(BENCHES[args.bench](run_once(trees[side], args.bench, extra, args.timeout)))
    lines, slower = compare(runs, args.tolerance)
    print(f"# {args.bench}: before {trees['before']}, after {trees['after']}, {args.rounds} round(s),"
          " medians; cost against a peer in the same run, lower is better")
    print("\n".join(lines))
    return 1 if args.fail and slower else 0


if __name__ == "__main__":
    sys.exit(main())
