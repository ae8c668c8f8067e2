"""The C generic rules solver (sudokit._core.RulesTable) against the classic 9x9 solver.

    .venv/bin/python benchmarks/rules_speed.py [--puzzles 200] [--variants 50] [--generated 100]
        [--repeat 3] [--only-generated]

Rows (each: the median time per puzzle over the puzzles, a puzzle's time being its fastest of
--repeat runs; one call per puzzle, limit 2 = a uniqueness check):

* classic data: the first --puzzles puzzles of a data file (17_clue by default) by
  ``_core.solve`` (bitboard9.c) and by a RulesTable with the classic rules; the ratio.
* classic / X / windoku / anti-knight / non-consecutive dug: unique puzzles made here (a
  seeded random solution grid of the variant, cells removed in random order while the puzzle
  stays unique), so the variants are compared on puzzles made the same way.
* the same with the digging stopped at --clues clues (default 28), where the variants'
  puzzles are as far from minimal as classic ones: the comparable rows.
* generated minimal (the issue's comparison): ``sudokit.generate(seed=k)`` for classic and
  ``sudokit.generate(variant=v, seed=k)`` for X, windoku and anti-knight, k = 1..--generated,
  each variant's puzzles solved by a RulesTable of its own rules and the classic ones by
  ``_core.solve`` (and a classic RulesTable); ratios to ``_core.solve`` on the classic set.
* killer: a seeded classic solution grid cut into random connected cages of 2-5 cells with
  their sums, no givens (cages only, plus rows, columns and boxes).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

CORE: Any = importlib.import_module("sudokit._core")


def rows_cols_boxes() -> list[list[int]]:
    rows = [[r * 9 + c for c in range(9)] for r in range(9)]
    cols = [[r * 9 + c for r in range(9)] for c in range(9)]
    boxes = [
        [(r0 + i) * 9 + c0 + j for i in range(3) for j in range(3)] for r0 in (0, 3, 6) for c0 in (0, 3, 6)
    ]
    return rows + cols + boxes


def pairs(steps: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    out = set()
    for r in range(9):
        for c in range(9):
            for dr, dc in steps:
                rr, cc = r + dr, c + dc
                if 0 <= rr < 9 and 0 <= cc < 9:
                    a, b = r * 9 + c, rr * 9 + cc
                    out.add((min(a, b), max(a, b)))
    return sorted(out)


KNIGHT = [(1, 2), (2, 1), (1, -2), (2, -1)]


def variants() -> dict[str, Any]:
    base = rows_cols_boxes()
    diagonals = [[i * 10 for i in range(9)], [i * 8 + 8 for i in range(9)]]
    windows = [[(r0 + i) * 9 + c0 + j for i in range(3) for j in range(3)] for r0 in (1, 5) for c0 in (1, 5)]
    return {
        "classic": CORE.RulesTable(9, 81, base),
        "X": CORE.RulesTable(9, 81, base + diagonals),
        "windoku": CORE.RulesTable(9, 81, base + windows),
        "anti-knight": CORE.RulesTable(9, 81, base, pairs(KNIGHT)),
        "non-consecutive": CORE.RulesTable(9, 81, base, (), pairs([(0, 1), (1, 0)])),
    }


def dig_unique(table: Any, seed: int, floor: int = 0) -> bytes:
    """A unique puzzle: cells removed in random order while it stays unique (down to floor clues)."""
    rng = random.Random(seed)
    count, solution, _ = table.solve(bytes(81), 1, seed=seed)
    assert count == 1
    cells = list(solution)
    for p in rng.sample(range(81), 81):
        if sum(1 for v in cells if v) <= floor:
            break
        keep = cells[p]
        cells[p] = 0
        if table.solve(bytes(cells), 2)[0] != 1:
            cells[p] = keep
    return bytes(cells)


GENERATED = ("x", "windoku", "antiknight")


def generated_rows(count: int, limit: int, repeat: int) -> None:
    """The issue's rows: generated minimal puzzles of each kind, ratios to _core.solve on classic."""
    sudokit = importlib.import_module("sudokit")
    engine = importlib.import_module("sudokit.engine.backend")
    seeds = range(1, count + 1)
    classic = [bytes(sudokit.generate(seed=k).to_bytes()) for k in seeds]
    core = row(
        "classic generated _core.solve",
        per_puzzle(lambda p: CORE.solve(p, 3, 3, limit), classic, repeat),
        f"median clues {statistics.median(sum(1 for v in p if v) for p in classic)}",
    )
    meds = {"classic RulesTable": row(
        "classic generated RulesTable",
        per_puzzle(solver(variants()["classic"], limit), classic, repeat),
    )}
    for name in GENERATED:
        grids = [sudokit.generate(variant=name, seed=k) for k in seeds]
        times = []
        for g in grids:
            table = engine.rules_table(g.rules, "c")
            times.extend(per_puzzle(solver(table, limit), [bytes(g.to_bytes())], repeat))
        meds[name] = row(
            f"{name} generated RulesTable",
            times,
            f"median clues {statistics.median(g.clue_count for g in grids)}",
        )
    for name, med in meds.items():
        print(f"{'':40s} {name}: {med / core:.2f}x _core.solve on classic generated")


def killer(seed: int) -> Any:
    rng = random.Random(seed)
    base = rows_cols_boxes()
    solution = CORE.RulesTable(9, 81, base).solve(bytes(81), 1, seed=seed)[1]
    owner = [-1] * 81
    cages: list[tuple[list[int], int]] = []
    for start in rng.sample(range(81), 81):
        if owner[start] >= 0:
            continue
        cage, want = [start], rng.randint(2, 5)
        owner[start] = len(cages)
        while len(cage) < want:
            digits = {solution[x] for x in cage}
            frontier = [
                q
                for p in cage
                for q in (p - 9, p + 9, p - 1 if p % 9 else -1, p + 1 if p % 9 < 8 else -1)
                if 0 <= q < 81 and owner[q] < 0 and solution[q] not in digits
            ]
            if not frontier:
                break
            q = rng.choice(frontier)
            owner[q] = len(cages)
            cage.append(q)
        cages.append((cage, sum(solution[p] for p in cage)))
    return CORE.RulesTable(9, 81, base, (), (), cages)


CLOCK = time.perf_counter


def solver(table: Any, limit: int) -> Callable[[bytes], Any]:
    return lambda p: table.solve(p, limit)


def per_puzzle(call: Callable[[bytes], Any], puzzles: Sequence[bytes], repeat: int) -> list[float]:
    times = []
    for p in puzzles:
        best = float("inf")
        for _ in range(repeat):
            t0 = CLOCK()
            call(p)
            best = min(best, CLOCK() - t0)
        times.append(best)
    return times


def read_data(path: Path, count: int) -> list[bytes]:
    out = []
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            out.append(bytes(0 if ch in ".0" else int(ch) for ch in line.strip()[:81]))
            if len(out) == count:
                break
    return out


def row(name: str, times: list[float], extra: str = "") -> float:
    med = statistics.median(times)
    print(f"{name:40s} {len(times):5d} {med * 1e6:11.1f} {statistics.mean(times) * 1e6:11.1f}  {extra}")
    return med


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    data = Path(__file__).resolve().parents[2] / "shared" / "data" / "17_clue.txt"
    parser.add_argument("--data", type=Path, default=data)
    parser.add_argument("--puzzles", type=int, default=200, help="classic data puzzles (default 200)")
    parser.add_argument("--variants", type=int, default=50, help="dug puzzles per variant (default 50)")
    parser.add_argument("--killers", type=int, default=50, help="killer puzzles (default 50)")
    parser.add_argument("--clues", type=int, default=28, help="the comparable rows' clue count (default 28)")
    parser.add_argument("--generated", type=int, default=100, help="generated puzzles per kind (default 100)")
    parser.add_argument("--only-generated", action="store_true", help="only the generated minimal rows")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=int, default=2)
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="cpu: this thread's CPU time (a shared machine)",
    )
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.thread_time if args.clock == "cpu" else time.perf_counter
    limit, repeat = args.limit, args.repeat
    tables = variants()
    print(f"{'row':40s} {'n':>5s} {'median µs':>11s} {'mean µs':>11s}")
    generated_rows(args.generated, limit, repeat)
    if args.only_generated:
        return 0

    if args.data.exists():
        data = read_data(args.data, args.puzzles)
        core = row(
            f"{args.data.stem} _core.solve", per_puzzle(lambda p: CORE.solve(p, 3, 3, limit), data, repeat)
        )
        rules = row(
            f"{args.data.stem} RulesTable classic",
            per_puzzle(lambda p: tables["classic"].solve(p, limit), data, repeat),
        )
        print(f"{'':40s} ratio RulesTable / _core.solve: {rules / core:.2f}")

    for floor in (0, args.clues):
        label = "minimal" if floor == 0 else f"{floor} clues"
        dug: dict[str, float] = {}
        classic_dug: list[bytes] = []
        for name, table in tables.items():
            puzzles = [dig_unique(table, seed, floor) for seed in range(1, args.variants + 1)]
            clues = statistics.median(sum(1 for v in p if v) for p in puzzles)
            dug[name] = row(
                f"{name} dug {label} RulesTable",
                per_puzzle(solver(table, limit), puzzles, repeat),
                f"median clues {clues}",
            )
            if name == "classic":
                classic_dug = puzzles
        core_dug = row(
            f"classic dug {label} _core.solve",
            per_puzzle(lambda p: CORE.solve(p, 3, 3, limit), classic_dug, repeat),
        )
        for name, med in dug.items():
            ratio = f"{med / dug['classic']:.2f}x RulesTable classic"
            print(f"{'':40s} {name}: {ratio}, {med / core_dug:.2f}x _core.solve")

    killers = [killer(seed) for seed in range(1, args.killers + 1)]
    times, counts = [], []
    for table in killers:
        best = float("inf")
        for _ in range(repeat):
            t0 = CLOCK()
            count = table.solve(bytes(81), limit)[0]
            best = min(best, CLOCK() - t0)
        times.append(best)
        counts.append(count)
    shown = {c: counts.count(c) for c in sorted(set(counts))}
    row("killer cages only RulesTable", times, f"counts {shown}, max {max(times) * 1e3:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
