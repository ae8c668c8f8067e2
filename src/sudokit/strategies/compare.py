"""``sudokit compare``: run strategies over puzzle files and tabulate what each one costs.

Every puzzle is first searched by the native engine (the baseline, and the answer key); then
each chosen strategy searches it with the same solution limit under a per-puzzle time and node
budget. A strategy's run **agrees** when it ended on its own, found as many solutions as the
native engine (counted up to the limit), and every solution it gave solves the puzzle (and is
the native one when the puzzle has exactly one). Per data set and strategy the table shows:

- **ok**: runs that agree, out of the puzzles; **limit**: runs stopped by the budget;
  **wrong**: runs that ended but disagree (a bug if ever non-zero);
- **mean / median / max ms**: CPU time per puzzle (a run stopped by the budget counts its time
  spent, so with any **limit** the mean is a lower bound);
- **nodes**, **backtracks**: mean and median per puzzle (see :mod:`sudokit.strategies.base`;
  for the native engine, nodes are its guesses and backtracks are not counted).

>>> from sudokit import Grid
>>> rows = compare([Grid.from_string("1.3..4.22.4..3.1")], ["dlx", "prune"], dataset="tiny")
>>> [(r.strategy, r.ok, r.puzzles) for r in rows]
[('native', 1, 1), ('dlx', 1, 1), ('prune', 1, 1)]
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from sudokit.engine import backend
from sudokit.engine.solver import search
from sudokit.errors import SudokuError
from sudokit.grid import Grid, read_grids
from sudokit.shape import Shape
from sudokit.strategies import NAMES, get
from sudokit.strategies.csp import all_specs

__all__ = [
    "DEFAULT_SPECS",
    "NATIVE",
    "Run",
    "Summary",
    "compare",
    "cpu_name",
    "expand_specs",
    "format_table",
    "load",
    "plot",
]

#: The spec of the baseline: the engine behind :mod:`sudokit.engine.solver` (C core, or its Python twin).
NATIVE = "native"
#: What ``compare`` runs when no strategy is named: every strategy with its default options.
DEFAULT_SPECS = (*NAMES,)


@dataclass(frozen=True)
class Run:
    """One strategy on one puzzle."""

    status: str
    count: int
    seconds: float
    nodes: int
    backtracks: int
    agrees: bool


@dataclass(frozen=True)
class Summary:
    """One strategy over one data set: the row of the table."""

    dataset: str
    strategy: str
    puzzles: int
    ok: int
    limit: int
    wrong: int
    mean_ms: float
    median_ms: float
    max_ms: float
    mean_nodes: float
    median_nodes: float
    mean_backtracks: float | None
    median_backtracks: float | None

    def to_dict(self) -> dict[str, object]:
        """The row as JSON-ready values (for ``sudokit compare --json``)."""
        return asdict(self)


def expand_specs(specs: Iterable[str]) -> list[str]:
    """Expand ``csp:*`` to every csp combination and ``all`` to the default list; check the rest."""
    out: list[str] = []
    for spec in specs:
        spec = spec.strip()
        if spec == "all":
            out.extend(DEFAULT_SPECS)
        elif spec in ("csp:*", "csp:all"):
            out.extend(all_specs())
        elif spec == NATIVE:
            continue
        else:
            out.append(get(spec).spec)
    return list(dict.fromkeys(out))


def _native(grid: Grid, limit: int) -> tuple[Run, list[Grid]]:
    """Search with the native engine: its run and the solution it found (the answer key)."""
    start = time.process_time()
    result = search(grid, limit)
    seconds = time.process_time() - start
    status = "no_solution" if result.count == 0 else "solved" if result.count == 1 else "multiple"
    run = Run(status, result.count, seconds, result.guesses, 0, True)
    return run, [result.solution] if result.solution is not None else []


def _agrees(
    grid: Grid, key: Run, key_solutions: list[Grid], count: int, solutions: Sequence[Grid],
    limit: int,
) -> bool:
    """True when a finished run matches the native count and gives only true solutions (the
    very solution of a unique puzzle: with ``limit`` 1 a count of 1 says nothing of uniqueness,
    and any true solution agrees)."""
    if count != key.count or not all(s.is_solution_of(grid) for s in solutions):
        return False
    unique = key.count == 1 and limit > 1
    return not (unique and key_solutions and solutions and solutions[0] != key_solutions[0])


def _summary(dataset: str, spec: str, runs: list[Run], native: bool) -> Summary:
    """Aggregate one strategy's runs over a data set."""
    ms = [r.seconds * 1000 for r in runs] or [0.0]
    nodes = [r.nodes for r in runs] or [0]
    backs = [r.backtracks for r in runs] or [0]
    return Summary(
        dataset=dataset,
        strategy=spec,
        puzzles=len(runs),
        ok=sum(r.agrees and r.status != "limit_reached" for r in runs),
        limit=sum(r.status == "limit_reached" for r in runs),
        wrong=sum(not r.agrees and r.status != "limit_reached" for r in runs),
        mean_ms=statistics.fmean(ms),
        median_ms=statistics.median(ms),
        max_ms=max(ms),
        mean_nodes=statistics.fmean(nodes),
        median_nodes=statistics.median(nodes),
        mean_backtracks=None if native else statistics.fmean(backs),
        median_backtracks=None if native else statistics.median(backs),
    )


def compare(
    puzzles: Sequence[Grid],
    specs: Sequence[str],
    *,
    limit: int = 2,
    time_limit: float | None = 10.0,
    node_limit: int | None = None,
    dataset: str = "",
    progress: Callable[[str, int], None] | None = None,
) -> list[Summary]:
    """Run the native engine, then each strategy, over ``puzzles``; one :class:`Summary` each.

    ``progress(spec, done)`` is called after each puzzle, when given.
    """
    keys = []
    native_runs = []
    for i, grid in enumerate(puzzles):
        run_, solutions = _native(grid, limit)
        keys.append((run_, solutions))
        native_runs.append(run_)
        if progress:
            progress(NATIVE, i + 1)
    rows = [_summary(dataset, NATIVE, native_runs, native=True)]
    for spec in specs:
        strategy = get(spec)
        runs = []
        for i, (grid, (key, key_solutions)) in enumerate(zip(puzzles, keys, strict=True)):
            result = strategy.solve(grid, limit, time_limit=time_limit, node_limit=node_limit)
            finished = result.status != "limit_reached"
            agrees = finished and _agrees(
                grid, key, key_solutions, result.count, result.solutions, limit
            )
            runs.append(
                Run(result.status, result.count, result.stats.seconds, result.stats.nodes,
                    result.stats.backtracks, agrees)
            )  # fmt: skip
            if progress:
                progress(strategy.spec, i + 1)
        rows.append(_summary(dataset, strategy.spec, runs, native=False))
    return rows


def load(
    path: str | Path, *, sample: int | None = None, seed: int = 0, box: Shape | None = None,
    skipped: list[SudokuError] | None = None,
) -> list[Grid]:
    """The readable puzzles of a file, or ``sample`` of them drawn at random (``seed`` fixed).

    The errors of the puzzles that cannot be read (or have a duplicate given) are appended to
    ``skipped`` when it is given.
    """
    grids: list[Grid] = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for _, item in read_grids(handle, box):
            if isinstance(item, Grid):
                grids.append(item)
            elif skipped is not None:
                skipped.append(item)
    if sample is not None and sample < len(grids):
        grids = random.Random(seed).sample(grids, sample)
    return grids


def _number(value: float | None, digits: int = 1) -> str:
    """A figure for the table ('—' when not measured)."""
    if value is None:
        return "—"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.{digits}f}"


_HEADER = ("strategy", "ok", "limit", "wrong", "mean ms", "median ms", "max ms",
           "mean nodes", "median nodes", "mean backtracks")  # fmt: skip


def _cells(row: Summary, native_label: str) -> list[str]:
    """The table cells of one row."""
    name = native_label if row.strategy == NATIVE else row.strategy
    return [
        name,
        f"{row.ok}/{row.puzzles}",
        str(row.limit),
        str(row.wrong),
        _number(row.mean_ms, 2) + ("+" if row.limit else ""),
        _number(row.median_ms, 2),
        _number(row.max_ms, 1),
        _number(row.mean_nodes),
        _number(row.median_nodes),
        _number(row.mean_backtracks),
    ]


def native_label() -> str:
    """How the baseline is named in tables: ``native (c)`` or ``native (python)``."""
    return f"{NATIVE} ({backend.name_of()})"


def format_table(rows: Sequence[Summary], *, markdown: bool = False) -> str:
    """The rows as an aligned text table, or a Markdown table."""
    label = native_label()
    body = [_cells(r, label) for r in rows]
    if markdown:
        rule = "|" + "|".join(["---"] + ["---:"] * (len(_HEADER) - 1)) + "|"
        lines = ["| " + " | ".join(_HEADER) + " |", rule]
        for cells in body:
            lines.append("| " + " | ".join([f"`{cells[0]}`", *cells[1:]]) + " |")
        return "\n".join(lines)
    widths = [max(len(x) for x in col) for col in zip(_HEADER, *body, strict=True)]
    lines = []
    for cells in (list(_HEADER), *body):
        pairs = zip(cells, widths, strict=True)
        lines.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(pairs)))
    return "\n".join(lines)


def cpu_name() -> str:
    """The processor's model name (from /proc/cpuinfo where there is one)."""
    import os
    import platform

    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.lower().startswith("model name"):
                    return f"{line.split(':', 1)[1].strip()} ({os.cpu_count()} CPUs)"
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def _import_pyplot() -> Any:
    """Import matplotlib's pyplot for file output, or raise ImportError with the fix."""
    try:
        import_module("matplotlib").use("Agg")
        return import_module("matplotlib.pyplot")
    except ImportError:
        raise ImportError(
            "--plot needs matplotlib, which is not installed: pip install 'sudokit[plot]'"
        ) from None


def plot(tables: Sequence[Sequence[Summary]], out: str | Path) -> None:
    """Draw mean time per puzzle (log scale) of each strategy on each data set, to ``out``."""
    plt = _import_pyplot()
    specs = list(dict.fromkeys(r.strategy for rows in tables for r in rows))
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 * len(specs) * len(tables)), 4.5))
    width = 0.8 / max(1, len(tables))
    for t, rows in enumerate(tables):
        by_spec = {r.strategy: r for r in rows}
        xs = [i + t * width for i, s in enumerate(specs) if s in by_spec]
        ys = [max(by_spec[s].mean_ms, 1e-3) for s in specs if s in by_spec]
        name = rows[0].dataset if rows else f"set {t + 1}"
        bars = ax.bar(xs, ys, width, label=name)
        for bar, s in zip(bars, [s for s in specs if s in by_spec], strict=True):
            if by_spec[s].limit:
                top = (bar.get_x() + bar.get_width() / 2, bar.get_height())
                ax.annotate(f"{by_spec[s].limit} over limit", top, ha="center", va="bottom", fontsize=7)
    ax.set_yscale("log")
    ax.set_ylabel("mean ms per puzzle (log)")
    ax.set_xticks([i + width * (len(tables) - 1) / 2 for i in range(len(specs))])
    ax.set_xticklabels([native_label() if s == NATIVE else s for s in specs], rotation=30, ha="right")
    ax.legend()
    ax.set_title("sudokit compare")
    fig.tight_layout()
    fig.savefig(str(out), dpi=120)
    plt.close(fig)
