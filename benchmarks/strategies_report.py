#!/usr/bin/env python3
"""Regenerate docs/strategies.md: the seed strategies of ``sudokit.strategies`` measured and compared.

    .venv/bin/python benchmarks/strategies_report.py              # writes docs/strategies.md
    .venv/bin/python benchmarks/strategies_report.py --quick      # a small run, printed

Every puzzle is searched by the native engine first (the baseline and the answer key), then by
each strategy with the same solution limit and a per-puzzle (wall-clock) time limit, through
:func:`sudokit.strategies.compare.compare`. Runs go to ``--jobs`` worker processes (times are CPU time of
the process doing the run, so two workers do not distort them much). Data sets are read from
``--data`` (default ``../shared/data`` beside the repository).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sudokit import Grid  # noqa: E402
from sudokit.engine import backend  # noqa: E402
from sudokit.strategies import NAMES, get  # noqa: E402
from sudokit.strategies.compare import NATIVE, Summary, compare, cpu_name, format_table, load, native_label  # noqa: E402
from sudokit.strategies.csp import all_specs  # noqa: E402

DATA = Path(os.environ.get("SUDOKIT_DATA", ROOT.parent / "shared" / "data"))

#: The hard sets of the main tables: (file, sample size or None for all).
HARD_SETS = [("top95.txt", None), ("magictour_top1465.txt", 150), ("forum_hardest_1106.txt", 100)]
#: Each kind of puzzle for the coverage table: (file, sample, solution limit).
COVERAGE_SETS = [("top95.txt", None, 1), ("17_clue.txt", 300, 1), ("serg_multi_solution.txt", 100, 2)]
#: The coverage table's time limit, as a multiple of --time-limit (layers keeps --time-limit).
COVERAGE_FACTOR = 10
#: The heuristics table: every csp combination and the option of each other strategy.
HEURISTIC_SET = ("top95.txt", 40)
#: seed 000's layers with its pruning options (layers.py): reported beside the five seeds.
LAYERS_VARIANT = "layers:order,check,rows"
#: The strategies of the main tables: the five seeds as written, then the layers variant.
REPORTED = (*NAMES, LAYERS_VARIANT)
HEURISTIC_SPECS = [
    *all_specs(),
    "prune",
    "prune:rule1",
    "dlx",
    "dlx:first",
    "stack",
    "layers",
    "layers:order",
    "layers:check",
    "layers:order,rows",
    LAYERS_VARIANT,
]
#: N×N puzzles (from examples/make_nxn.py): name → puzzle.
NXN = {
    "12×12 (48 givens)": (
        ".1..4...8...4.....72...A.97....A.35.15..9.....B....4...3.CA...837.C.........1.8....4"
        "2..5B.............25..9..6..25..9...5.4C...9.8...A98.C...B4."
    ),
    "16×16 (90 givens)": (
        ".E.8G6D.......A.....B..F5E.87....9.......4AFG.D1B.....2C...15......3..9G.2C6....A..4F."
        "..E.....7...F7....139.6....G..3.CB.......4.5....7D28.B..4AC.8...4.......G.....8C...G.A."
        "D.26....1F..........1.....2.D.E.BF.........C..G4.8.2C..EB.9.A..D..5.7E.A5........9."
    ),
}


@dataclass(frozen=True)
class Task:
    """One strategy over one data set."""

    section: str
    dataset: str
    sample: int | None
    spec: str
    limit: int
    time_limit: float


@cache
def _puzzles(dataset: str, sample: int | None) -> tuple[Grid, ...]:
    """The puzzles of a data set (or a fixed random sample), or an N×N example."""
    if dataset in NXN:
        return (Grid.from_string(NXN[dataset]),)
    return tuple(load(DATA / dataset, sample=sample, seed=0))


def _run(task: Task) -> tuple[Task, list[Summary]]:
    """Run one task (in a worker): the native row and the strategy's row."""
    with backend.using("c" if "c" in backend.available() else "python"):
        grids = _puzzles(task.dataset, task.sample)
        specs = [] if task.spec == NATIVE else [task.spec]
        rows = compare(grids, specs, limit=task.limit, time_limit=task.time_limit, dataset=task.dataset)
    return task, rows


def _cost(task: Task) -> float:
    """A rough guess of a task's cost, to start the long ones first."""
    size = len(_puzzles(task.dataset, task.sample))
    weight = {"layers": 8.0, "stack": 3.0}.get(task.spec.split(":")[0], 1.0)
    if ",first," in task.spec or task.spec == "dlx:first":
        weight = 6.0
    return size * weight * task.time_limit


def _tasks(quick: bool, time_limit: float) -> list[Task]:
    """Every run of the report."""
    shrink = 10 if quick else None
    tasks = []
    for name, sample in HARD_SETS:
        for spec in (NATIVE, *REPORTED):
            tasks.append(Task("hard", name, shrink or sample, spec, 2, time_limit))
    for name, sample, limit in COVERAGE_SETS:
        for spec in REPORTED:
            budget = time_limit if spec == "layers" else COVERAGE_FACTOR * time_limit
            tasks.append(Task("coverage", name, shrink or sample, spec, limit, budget))
    name, sample = HEURISTIC_SET
    for spec in HEURISTIC_SPECS:
        tasks.append(Task("heuristics", name, shrink or sample, spec, 2, time_limit))
    for name in NXN:
        for spec in (NATIVE, *REPORTED):
            tasks.append(Task("nxn", name, None, spec, 2, 10 * time_limit))
    return tasks


def run_all(tasks: Sequence[Task], jobs: int) -> dict[tuple[str, str], list[Summary]]:
    """Run the tasks; rows by (section, data set), native first, in task order."""
    done: dict[Task, list[Summary]] = {}
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for task, rows in pool.map(_run, sorted(tasks, key=_cost, reverse=True)):
                done[task] = rows
                print(f"  {task.section:10} {task.dataset:24} {task.spec}", file=sys.stderr)
    else:
        for task in tasks:
            done[task] = _run(task)[1]
            print(f"  {task.section:10} {task.dataset:24} {task.spec}", file=sys.stderr)
    tables: dict[tuple[str, str], list[Summary]] = {}
    for task in tasks:
        rows = done[task]
        table = tables.setdefault((task.section, task.dataset), [rows[0]])
        table.extend(rows[1:])
    return tables


# -- the document ---------------------------------------------------------------------------------


def _row(rows: Sequence[Summary], spec: str) -> Summary:
    """The row of a spec in a table."""
    return next(r for r in rows if r.strategy == spec)


def _times(a: float, b: float) -> str:
    """``a/b`` as "N×" for prose."""
    if b <= 0:
        return "∞×"
    ratio = a / b
    return f"{ratio:,.0f}×" if ratio >= 10 else f"{ratio:.1f}×"


def _lessons(tables: dict[tuple[str, str], list[Summary]]) -> str:
    """What the numbers teach, with the figures of this run."""
    top = tables[("hard", "top95.txt")]
    heur = tables[("heuristics", HEURISTIC_SET[0])]
    n_h = heur[0].puzzles
    native, dlx, prune, csp, stack, layers, variant = (
        _row(top, s) for s in (NATIVE, "dlx", "prune", "csp:ac,mrv,lex", "stack", "layers", LAYERS_VARIANT)
    )
    hlayers, horder, hcheck, horows, hvariant = (
        _row(heur, s) for s in ("layers", "layers:order", "layers:check", "layers:order,rows", LAYERS_VARIANT)
    )
    fc_first, fc_mrv, fc_deg = (_row(heur, f"csp:fc,{v},lex") for v in ("first", "mrv", "mrv-degree"))
    ac_first, ac_mrv, ac_deg = (_row(heur, f"csp:ac,{v},lex") for v in ("first", "mrv", "mrv-degree"))
    ac_lcv = _row(heur, "csp:ac,mrv,lcv")
    fc_lcv = _row(heur, "csp:fc,mrv,lcv")
    rule1 = _row(heur, "prune:rule1")
    hprune = _row(heur, "prune")
    dfirst, hdlx = _row(heur, "dlx:first"), _row(heur, "dlx")
    out = []
    out.append(
        f"1. **Propagation is what pays.** On top95 the strategies that apply hidden singles "
        f"(`prune`, and `csp` with arc consistency) visit a median of {prune.median_nodes:,.0f} and "
        f"{csp.median_nodes:,.0f} nodes per puzzle; `stack`, which applies naked singles only, "
        f"visits {stack.median_nodes:,.0f} (and {_times(stack.median_ms, prune.median_ms)} "
        f"`prune`'s median time). On the {n_h} puzzles of the heuristics table, dropping rule 2 from "
        f"`prune` (`prune:rule1`) multiplies its median node count by "
        f"{_times(rule1.median_nodes, hprune.median_nodes)}. A hidden single is a deduction about "
        f"a digit in a unit that no amount of cell-by-cell elimination finds, and on hard puzzles "
        f"it is the difference between a search of tens of nodes and one of thousands."
    )
    same = "the same tree" if prune.mean_nodes == csp.mean_nodes else "almost the same tree"
    out.append(
        f"2. **`prune` and `csp:ac,mrv,lex` search {same}.** Mean nodes per top95 puzzle: "
        f"{prune.mean_nodes:,.1f} and {csp.mean_nodes:,.1f}. Seed 004's rules 1 and 2 "
        f"and seed 002's first two arc-consistency rules reach the same fixed point, and both then "
        f"branch on the first cell with the fewest candidates, smallest digit first. Seed 002's third "
        f"rule (M cells with fewer than M values) prunes little after the other two. They differ in "
        f"cost per node only (copying and the way the rules are scheduled)."
    )
    out.append(
        f"3. **The variable heuristic matters far more than the value heuristic.** With forward "
        f"checking, choosing the first unassigned cell needs a median of "
        f"{fc_first.median_nodes:,.0f} nodes ({fc_first.limit} of {n_h} puzzles over the time limit); "
        f"MRV needs {fc_mrv.median_nodes:,.0f} ({fc_mrv.limit} over). MRV picks the cell most likely to "
        f"fail, so dead ends are found near the root. Breaking MRV ties by degree "
        f"(`mrv-degree`: the tied cell with the most unassigned peers) gives a median of "
        f"{fc_deg.median_nodes:,.0f} nodes with forward checking (MRV alone: {fc_mrv.median_nodes:,.0f}) "
        f"and {ac_deg.median_nodes:,.0f} with arc consistency (MRV alone: {ac_mrv.median_nodes:,.0f}). "
        + (
            "The tie-break pays in nodes: of two equally constrained cells, the one with more open "
            "peers removes its value from more domains, so failures show sooner; "
            if fc_deg.median_nodes < fc_mrv.median_nodes
            else "The tie-break does not pay in nodes; "
        )
        + "each node costs more (the unassigned peers of every tied cell are counted), "
        + ("yet the mean time drops: " if fc_deg.mean_ms < fc_mrv.mean_ms else "so the mean time rises: ")
        + f"{fc_deg.mean_ms:,.1f} ms against {fc_mrv.mean_ms:,.1f} ms with forward checking, "
        f"{ac_deg.mean_ms:,.1f} against {ac_mrv.mean_ms:,.1f} ms with arc consistency. "
        f"Least-constraining-value "
        + (
            f"leaves the median node count where it was ({fc_mrv.median_nodes:,.0f} with forward "
            f"checking, {ac_mrv.median_nodes:,.0f} with arc consistency)"
            if (fc_lcv.median_nodes, ac_lcv.median_nodes) == (fc_mrv.median_nodes, ac_mrv.median_nodes)
            else f"changes the median nodes from {fc_mrv.median_nodes:,.0f} to {fc_lcv.median_nodes:,.0f} "
            f"(forward checking) and from {ac_mrv.median_nodes:,.0f} to {ac_lcv.median_nodes:,.0f} (arc "
            f"consistency)"
        )
        + ": on a puzzle with one solution every wrong value must be refuted anyway, and value order "
        "can only help reach the solution sooner, never prune; with limit 2 (proving uniqueness) the "
        "whole tree is searched whatever the order, so LCV can only add the cost of its counting."
    )
    out.append(
        f"4. **With strong propagation the cell order matters less.** Arc consistency with the first "
        f"unassigned cell needs a median of {ac_first.median_nodes:,.0f} nodes against MRV's "
        f"{ac_mrv.median_nodes:,.0f}; with forward checking the same change costs "
        f"{_times(fc_first.median_nodes, fc_mrv.median_nodes)} (or more: the time limit cuts the worst). "
        f"Propagation already fills the cells MRV would have picked first."
    )
    fastest = min((r for r in top if r.strategy != NATIVE), key=lambda r: r.mean_ms)
    out.append(
        f"5. **Dancing Links' S heuristic is MRV over all four constraint kinds.** "
        f"`dlx` chooses the column with the fewest rows: that is the cell with the fewest candidates "
        f"*or* the digit with the fewest places in a unit, whichever is smaller, so hidden singles "
        f"come for free. Its nodes are cheap (a cover is a few list stores): top95 mean "
        f"{dlx.mean_ms:.1f} ms, median {dlx.median_nodes:,.0f} nodes "
        + ("(the fastest strategy here). " if fastest.strategy == "dlx"
           else f"(`{fastest.strategy}` is faster here, at {fastest.mean_ms:.1f} ms). ")
        + f"Without the heuristic (`dlx:first`) it needs a median of {dfirst.median_nodes:,.0f} nodes "
        f"against {hdlx.median_nodes:,.0f} ({dfirst.limit} of {n_h} over the time limit)."
    )
    out.append(
        f"6. **`layers` is blind, and its time depends on where digits land, not on difficulty.** "
        f"It has no propagation and no look-ahead: a conflict in a later digit's layer is found only "
        f"when that layer is reached, after every combination of the layers before it has been "
        f"tried. On top95 it finished {layers.ok} of {layers.puzzles} puzzles within the limit "
        f"(median {layers.median_nodes:,.0f} placements); seed 000's \"under a millisecond\" holds for "
        f"easy puzzles only. Its nodes are the cheapest of all (a few integer operations, about "
        f"{layers.mean_nodes / max(layers.mean_ms, 1e-9):,.0f} per millisecond), "
        + ("which is why it still finishes most puzzles." if layers.ok * 2 > layers.puzzles
           else "but no constant factor makes up for an exponential search.")
        + f" The same layers chosen with care (`{LAYERS_VARIANT}`) finished {variant.ok} of "
        f"{variant.puzzles} (median {variant.median_nodes:,.0f} placements, mean {variant.mean_ms:,.1f} ms). "
        f"On the {n_h} puzzles of the heuristics table the seed's order needs a median of "
        f"{hlayers.median_nodes:,.0f} placements ({hlayers.limit} over the limit); choosing the digit "
        f"with the fewest placements next (`layers:order`) {horder.median_nodes:,.0f} "
        f"({horder.limit} over); adding the fewest-columns row (`layers:order,rows`) "
        f"{horows.median_nodes:,.0f}; the forward check alone (`layers:check`) "
        f"{hcheck.median_nodes:,.0f} ({hcheck.limit} over), and all three {hvariant.median_nodes:,.0f} "
        f"({hvariant.mean_ms:,.1f} ms mean against {horows.mean_ms:,.1f} ms without the check: the "
        f"check cuts nodes, each checked node costs about N² mask operations)"
        + (
            ". The order of the layers, more than look-ahead, is what the seed's algorithm lacked."
            if horder.ok > hcheck.ok
            else "."
        )
    )
    out.append(
        f"7. **The native engine is the yardstick.** It solved and proved unique every top95 puzzle "
        f"in a mean of {native.mean_ms:.3f} ms, {_times(dlx.mean_ms, native.mean_ms)} faster than the "
        f"best pure-Python strategy: the algorithms here are for learning and measuring, not for speed."
    )
    return "\n\n".join(out)


def _coverage_table(tables: dict[tuple[str, str], list[Summary]]) -> str:
    """Strategies × kinds of puzzle: agreed/total and over-limit counts."""
    sets = [(name, limit) for name, _, limit in COVERAGE_SETS]
    head = "| strategy | " + " | ".join(
        f"{name} ({tables[('coverage', name)][0].puzzles}, limit {limit})" for name, limit in sets
    ) + " |"
    lines = [head, "|---|" + "---:|" * len(sets)]
    for spec in (NATIVE, *[get(s).spec for s in REPORTED]):
        cells = []
        for name, _ in sets:
            row = _row(tables[("coverage", name)], spec)
            cell = f"{row.ok}/{row.puzzles}"
            if row.limit:
                cell += f" ({row.limit} over limit)"
            if row.wrong:
                cell += f" (**{row.wrong} wrong**)"
            cells.append(cell)
        label = native_label() if spec == NATIVE else spec
        lines.append(f"| `{label}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _nxn_table(tables: dict[tuple[str, str], list[Summary]]) -> str:
    """Strategies × N×N puzzles: status and time."""
    lines = ["| strategy | " + " | ".join(NXN) + " |", "|---|" + "---:|" * len(NXN)]
    for spec in (NATIVE, *[get(s).spec for s in REPORTED]):
        cells = []
        for name in NXN:
            row = _row(tables[("nxn", name)], spec)
            if row.ok:
                cells.append(f"solved, unique ({row.mean_ms:,.1f} ms, {row.mean_nodes:,.0f} nodes)")
            elif row.limit:
                cells.append(f"over the limit ({row.mean_ms / 1000:,.0f} s, {row.mean_nodes:,.0f} nodes)")
            else:
                cells.append("**wrong**")
        label = native_label() if spec == NATIVE else spec
        lines.append(f"| `{label}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def document(
    tables: dict[tuple[str, str], list[Summary]], args: argparse.Namespace, seconds: float
) -> str:
    """The Markdown report."""
    time_limit = args.time_limit
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    parts = [
        "# The seed strategies, measured",
        "",
        "<!-- Generated by `.venv/bin/python benchmarks/strategies_report.py`; do not edit by hand. -->",
        "",
        "`sudokit.strategies` implements the solving algorithms of the five seed documents in pure "
        "Python, each instrumented the same way (nodes, guesses, backtracks, propagations, peak depth, "
        "time). `sudokit compare FILE… [-s SPEC]…` prints these tables for any puzzle file; "
        "`sudokit solve --strategy SPEC` solves with one of them.",
        "",
        "| strategy | seed | algorithm |",
        "|---|---|---|",
        "| `layers` | 000 | digit by digit, row by row, row/column/box bit masks, no look-ahead |",
        f"| `{LAYERS_VARIANT}` | 000 | the same layers and masks; next layer: the digit with the fewest "
        "placements left; next row: the one with the fewest free columns; a forward check after each "
        "placement |",
        "| `stack` | 001 | naked singles, then a guess on the fewest-candidate cell; states on a stack |",
        "| `csp` | 002 | forward checking (`fc`) or arc consistency (`ac`); `first`/`mrv`/`mrv-degree`; "
        "`lex`/`lcv` |",
        "| `dlx` | 003 | exact cover with Dancing Links, Knuth's fewest-rows column (`dlx:first`: without) |",
        "| `prune` | 004 | rule 1 (naked singles) and rule 2 (hidden singles) to a fixed point, then DFS |",
        "",
        f"**How measured.** {today}, {cpu_name()}, Python {platform.python_version()}; "
        f"{args.jobs} worker process(es). Every puzzle is first searched by the native engine, "
        f"`{native_label()}`, which is the **baseline** and the answer key: a run is *ok* when it ends "
        f"on its own with the native count of solutions and only true solutions. Times are CPU time "
        f"per puzzle; each run may use at most **{time_limit:g} s** of wall-clock time (N×N: "
        f"{10 * time_limit:g} s), after "
        f"which it stops with status `limit_reached` (column *limit*; a mean marked `+` is then a lower "
        f"bound). Unless said otherwise the solution limit is 2: find the solution and prove it is the "
        f"only one, which means searching the whole tree. Samples are drawn at random with seed 0. "
        f"The run took {seconds / 60:.1f} minutes.",
        "",
        "## Hard puzzles",
        "",
    ]
    for name, _ in HARD_SETS:
        rows = tables[("hard", name)]
        parts += [f"### {name} ({rows[0].puzzles} puzzles)", "", format_table(rows, markdown=True), ""]
    parts += ["## What the numbers teach", "", _lessons(tables), ""]
    name, _ = HEURISTIC_SET
    rows = tables[("heuristics", name)]
    parts += [
        f"## Heuristics ({name}, {rows[0].puzzles} puzzles drawn at random)",
        "",
        "Every combination of the `csp` options, and each other strategy's option.",
        "",
        format_table(rows, markdown=True),
        "",
        "## Every strategy on each kind of puzzle",
        "",
        "Runs that agree with the native engine, out of the puzzles: hard (top95, all of it), "
        "17-clue (a sample) and several-solution puzzles (a sample, limit 2: each run must report "
        f"two solutions, both checked). Each run may take {COVERAGE_FACTOR * time_limit:g} s here, "
        f"except `layers`, which keeps {time_limit:g} s to keep the report short: its over-limit "
        f"count is the finding (`{LAYERS_VARIANT}` has the {COVERAGE_FACTOR * time_limit:g} s).",
        "",
        _coverage_table(tables),
        "",
        "## N×N",
        "",
        "`csp`, `dlx` and `prune` work on any N×N grid. So do `layers` and `stack` by design (their "
        "masks are Python integers), but they search blindly enough that a minimal 16×16 puzzle is out "
        "of reach: they solve 16×16 puzzles with more givens (the tests use 120 and 150), and report "
        "`limit_reached` below where they do not finish.",
        "",
        _nxn_table(tables),
        "",
        "## Where the code departs from the seeds",
        "",
        "- `stack` (seed 001) places naked singles in the seed's order but skips its rescans from "
        "the first cell, and takes the first fewest-candidate cell of the final state (the seed's "
        "running minimum can go stale across rescans).",
        "- `csp` (seed 002): the \"M cells, fewer than M values\" check compares the unit's unassigned "
        "count with itself in the seed's code, so it never fires; here it is made as the text describes. "
        "The arc-consistency removals are processed from a work list instead of by recursion (the same "
        "fixed point, no recursion limit on big grids).",
        "- `prune` (seed 004): rules 1 and 2 alternate to a fixed point (the seed runs rule 2 once per "
        "step), and an emptied cell or a digit with no place in a unit ends the branch at once (the seed "
        "checks only for repeated digits, after the fact).",
        "- `layers` (seed 000): a row of a layer with no possible column means no solution before any "
        "search (the seed would try every combination of the earlier layers first).",
        f"- `{LAYERS_VARIANT}` (seed 000 with options, not in the seed): still one digit's layer at a "
        "time, one row at a time, tested against the same column, box and row masks, a layer taken "
        "back only when everything after it fails; but the next layer is the digit with the fewest "
        "placements left (`order`), the next row the one with the fewest free columns (`rows`), and "
        "after each placement a forward check (`check`) ends the branch when a row, column or box of "
        "an unfinished layer, or an empty cell, has no place left.",
        "- All five count solutions up to a limit (the seeds stop at the first), and every search "
        "checks its time and node budget every few nodes.",
        "",
    ]
    return "\n".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the report and write it."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--out", default=str(ROOT / "docs" / "strategies.md"), help="where to write"
    )
    parser.add_argument(
        "--time-limit", type=float, default=1.0, help="wall-clock seconds per puzzle and run (default 1)"
    )
    parser.add_argument("--jobs", "-j", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--quick", action="store_true", help="10 puzzles per set, printed instead of written")
    args = parser.parse_args(argv)
    if not DATA.is_dir():
        print(f"no data sets at {DATA} (set SUDOKIT_DATA)", file=sys.stderr)
        return 2
    if "c" not in backend.available():
        print("warning: the C core is not built; the baseline is the pure-Python engine", file=sys.stderr)
    start = time.perf_counter()
    tables = run_all(_tasks(args.quick, args.time_limit), max(1, args.jobs))
    text = document(tables, args, time.perf_counter() - start)
    if args.quick:
        print(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
