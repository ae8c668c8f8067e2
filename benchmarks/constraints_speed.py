#!/usr/bin/env python3
"""9×9 constraint puzzles: sudokit's C constraint solver, its pure-Python reference and
pencilmark, over the same puzzles in the same run (issue #25's speed target).

The puzzles (``--count``, default 24) are built here, each from its own random solution grid
(``seed`` 1, 2, …): thermometers, killer cages, arrows, white and black Kropki dots, XV pairs,
German whispers and renban lines that the solution keeps, then the solution's digits given one
by one (in a seeded order) until the puzzle is unique. Each puzzle is checked unique by both of
sudokit's engines, and written as an f-puzzles link (the JSON written here) that sudokit reads
back to the same solution, and that pencilmark gets.

What is timed, per puzzle, a count up to two solutions (a uniqueness proof):

- **C**: ``backend.rules_table(rules, "c").solve(givens, 2)`` (the table built beforehand);
  the median of ``--repeat`` runs;
- **Python**: the reference ``sudokit.engine.constraints.ConstraintTable(rules).solve(givens, 2)``
  (built beforehand), ``--py-repeat`` runs;
- **pencilmark** (when its venv exists, ``../peers/pmvenv``): ``cbackend.brute_solve(puzzle, limit=2)``
  in its worker (``benchmarks/_pencilmark_worker.py``, the link translated beforehand), the
  median of ``--pm-repeat`` runs; its count and solution are checked against sudokit's.

It prints one line per puzzle and the medians over the puzzles, with the ratios of the same run.
Targets (issue #25): C median under 5 ms per puzzle and at least 10× faster than pencilmark.

    python benchmarks/constraints_speed.py [--count 24] [--first 1] [--repeat 5] [--no-pencilmark]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from sudokit.engine import backend  # noqa: E402
from sudokit.engine.constraints import ConstraintTable  # noqa: E402
from sudokit.formats.links import read_link  # noqa: E402
from sudokit.rules import (  # noqa: E402
    XV,
    Arrow,
    Constraint,
    GermanWhisper,
    KillerCage,
    KropkiBlack,
    KropkiWhite,
    Renban,
    Rules,
    Thermometer,
)
from sudokit.shape import Shape  # noqa: E402
from variants import DEFAULT_PM_PYTHON, PeerWorker, no_gc  # noqa: E402

N = 9
SHAPE = Shape(3, 3)


# -- building the puzzles ----------------------------------------------------------------------------


def solution_grid(seed: int) -> list[int]:
    """A random 9×9 solution grid (the classic rules table's seeded first solution)."""
    count, first, _ = backend.rules_table(Rules.classic(SHAPE), "c").solve(bytes(81), 1, seed=seed)
    assert count == 1 and first is not None
    return list(first)


def neighbours(cell: int, king: bool) -> list[int]:
    """The cells a king's move (or an orthogonal step) away."""
    r, c = divmod(cell, N)
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr or dc) and (king or not (dr and dc))]
    return [(r + dr) * N + c + dc for dr, dc in steps if 0 <= r + dr < N and 0 <= c + dc < N]


def walk(rng: random.Random, sol: Sequence[int], taken: set[int], length: int, king: bool,
         fits: Callable[[list[int], int], bool]) -> list[int] | None:
    """A path of ``length`` free cells, each step kept by ``fits(path, next)``; None if stuck."""
    free = [c for c in range(N * N) if c not in taken]
    path = [rng.choice(free)]
    while len(path) < length:
        steps = [c for c in neighbours(path[-1], king) if c not in taken and c not in path and fits(path, c)]
        if not steps:
            return None
        path.append(rng.choice(steps))
    return path


def find(rng: random.Random, make: Callable[[], list[int] | None], taken: set[int]) -> list[int]:
    """The first path ``make`` gives (up to many tries), its cells then taken."""
    for _ in range(5000):
        path = make()
        if path is not None:
            taken.update(path)
            return path
    raise RuntimeError("no path found")


def pairs(rng: random.Random, sol: Sequence[int], taken: set[int], count: int,
          fits: Callable[[int, int], bool]) -> list[tuple[int, int]]:
    """Up to ``count`` orthogonal pairs of free cells whose digits pass ``fits``."""
    every = [(a, b) for a in range(N * N) for b in neighbours(a, False) if a < b]
    rng.shuffle(every)
    out: list[tuple[int, int]] = []
    for a, b in every:
        if len(out) < count and a not in taken and b not in taken and fits(sol[a], sol[b]):
            out.append((a, b))
            taken.update((a, b))
    return out


def constraints_for(sol: Sequence[int], rng: random.Random) -> list[Constraint]:
    """Thermometers, cages, arrows, dots, XV, whispers and renban the solution keeps."""
    taken: set[int] = set()
    out: list[Constraint] = []

    def new_digit(p: list[int], c: int) -> bool:
        return sol[c] not in {sol[x] for x in p}
    for _ in range(2):
        line = find(rng, lambda: walk(rng, sol, taken, rng.randint(3, 5), True,
                                      lambda p, c: sol[c] > sol[p[-1]]), taken)
        out.append(Thermometer(tuple(line)))
    for _ in range(2):
        def arrow() -> list[int] | None:
            path = walk(rng, sol, taken, rng.randint(3, 4), True, lambda p, c: True)
            return path if path is not None and sol[path[0]] == sum(sol[c] for c in path[1:]) else None
        line = find(rng, arrow, taken)
        out.append(Arrow((line[0],), tuple(line[1:])))
    for _ in range(3):
        cage = find(rng, lambda: walk(rng, sol, taken, rng.randint(2, 4), False, new_digit), taken)
        out.append(KillerCage(tuple(cage), sum(sol[c] for c in cage)))
    whisper = find(rng, lambda: walk(rng, sol, taken, rng.randint(3, 5), True,
                                     lambda p, c: abs(sol[c] - sol[p[-1]]) >= 5), taken)
    out.append(GermanWhisper(tuple(whisper)))

    def renban() -> list[int] | None:
        path = walk(rng, sol, taken, rng.randint(3, 4), True, new_digit)
        if path is None:
            return None
        digits = sorted(sol[c] for c in path)
        return path if digits[-1] - digits[0] == len(digits) - 1 else None

    out.append(Renban(tuple(find(rng, renban, taken))))
    out.extend(KropkiWhite(a, b) for a, b in pairs(rng, sol, taken, 4, lambda x, y: abs(x - y) == 1))
    out.extend(KropkiBlack(a, b) for a, b in pairs(rng, sol, taken, 2, lambda x, y: x == 2 * y or y == 2 * x))
    out.extend(XV(a, b, total=x + y) for a, b in pairs(rng, sol, taken, 3, lambda x, y: x + y in (5, 10))
               for x, y in [(sol[a], sol[b])])
    return out


@dataclass
class Puzzle:
    """One benchmark puzzle: its seed, rules, givens, solution and f-puzzles link."""

    seed: int
    rules: Rules
    givens: bytes
    solution: bytes
    link: str


def build(seed: int) -> Puzzle:
    """The puzzle of one seed: constraints from a random solution, givens until unique."""
    sol = solution_grid(seed)
    rng = random.Random(seed)
    chosen = constraints_for(sol, rng)
    rules = Rules.classic(SHAPE).with_constraints(chosen)
    table = backend.rules_table(rules, "c")
    givens = [0] * (N * N)
    order = list(range(N * N))
    rng.shuffle(order)
    for cell in order:
        if table.solve(bytes(givens), 2)[0] == 1:
            break
        givens[cell] = sol[cell]
    count, first, _ = table.solve(bytes(givens), 2)
    assert count == 1 and first == bytes(sol), f"seed {seed}: not unique"
    return Puzzle(seed, rules, bytes(givens), bytes(sol), fpuzzles_link(givens, chosen))


# -- f-puzzles links ---------------------------------------------------------------------------------


def fpuzzles_link(givens: Sequence[int], chosen: Sequence[Constraint]) -> str:
    """An f-puzzles link of the puzzle (the fields of f-puzzles' JSON for these kinds)."""
    import lzstring  # type: ignore[import-untyped]

    def rc(cell: int) -> str:
        return f"R{cell // N + 1}C{cell % N + 1}"

    data: dict[str, Any] = {
        "size": N,
        "grid": [[{"value": givens[r * N + c], "given": True} if givens[r * N + c] else {}
                  for c in range(N)] for r in range(N)],
    }

    def add(key: str, item: dict[str, Any]) -> None:
        data.setdefault(key, []).append(item)

    for k in chosen:
        if isinstance(k, Thermometer):
            add("thermometer", {"lines": [[rc(c) for c in k.line]]})
        elif isinstance(k, Arrow):
            line = [rc(c) for c in (*k.circle, *k.line)]
            add("arrow", {"cells": [rc(c) for c in k.circle], "lines": [line]})
        elif isinstance(k, KillerCage):
            add("killercage", {"cells": [rc(c) for c in k.group], "value": str(k.total)})
        elif isinstance(k, GermanWhisper):
            add("whispers", {"lines": [[rc(c) for c in k.line]], "value": "5"})
        elif isinstance(k, Renban):
            add("renban", {"lines": [[rc(c) for c in k.line]]})
        elif isinstance(k, KropkiWhite):
            add("difference", {"cells": [rc(k.a), rc(k.b)]})
        elif isinstance(k, KropkiBlack):
            add("ratio", {"cells": [rc(k.a), rc(k.b)]})
        elif isinstance(k, XV):
            add("xv", {"cells": [rc(k.a), rc(k.b)], "value": "X" if k.total == 10 else "V"})
        else:
            raise TypeError(f"no f-puzzles field for {k.kind}")
    payload: str = lzstring.LZString().compressToBase64(json.dumps(data, separators=(",", ":")))
    return "https://f-puzzles.com/?load=" + payload


def check_link(p: Puzzle) -> None:
    """sudokit reads the link back to a unique puzzle with the same solution."""
    back = read_link(p.link)
    count, first, _ = backend.rules_table(back.rules, "c").solve(bytes(back.cells), 2)
    same = bytes(back.cells) == p.givens and count == 1 and first == p.solution
    assert same, f"seed {p.seed}: the link reads back differently"


# -- timing ------------------------------------------------------------------------------------------


def median_ms(run: Callable[[], Any], repeat: int) -> float:
    """The median wall-clock ms of ``repeat`` calls (garbage collector off)."""
    times = []
    for _ in range(max(1, repeat)):
        with no_gc():
            t0 = time.perf_counter_ns()
            run()
            t1 = time.perf_counter_ns()
        times.append((t1 - t0) / 1e6)
    return statistics.median(times)


def fmt(ms: float | None) -> str:
    return "—" if ms is None else f"{ms:9.3f}"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=24, help="puzzles (seeds first..first+count-1)")
    parser.add_argument("--first", type=int, default=1, help="the first puzzle's seed (default 1)")
    parser.add_argument("--repeat", type=int, default=5, help="C runs per puzzle")
    parser.add_argument("--py-repeat", type=int, default=1, help="Python runs per puzzle")
    parser.add_argument("--pm-repeat", type=int, default=3, help="pencilmark runs per puzzle")
    parser.add_argument("--pm-python", default=DEFAULT_PM_PYTHON, help="pencilmark's venv python")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per pencilmark answer")
    parser.add_argument("--no-pencilmark", action="store_true")
    parser.add_argument("--no-python", action="store_true")
    args = parser.parse_args()

    t0 = time.perf_counter()
    puzzles = [build(seed) for seed in range(args.first, args.first + args.count)]
    for p in puzzles:
        check_link(p)
    kinds = sorted({k.kind for k in puzzles[0].rules.constraints})
    print(f"{len(puzzles)} unique 9×9 puzzles built and read back from their f-puzzles links in "
          f"{time.perf_counter() - t0:.1f} s; kinds: {', '.join(kinds)}")

    worker: PeerWorker | None = None
    if not args.no_pencilmark and Path(args.pm_python).exists():
        worker = PeerWorker(args.pm_python)
        try:
            worker.start()
            print(f"pencilmark {worker.version}")
        except Exception as exc:  # a broken peer: say so, time the rest
            print(f"pencilmark unavailable: {exc}")
            worker = None

    print(f"{'seed':>4} {'givens':>6} {'constraints':>11} {'C ms':>9} {'Python ms':>9} "
          f"{'pencilmark ms':>13}  notes")
    c_ms: list[float] = []
    py_ms: list[float] = []
    pm_ms: list[float] = []
    pm_pairs: list[tuple[float, float]] = []
    notes_total: list[str] = []
    try:
        for p in puzzles:
            c_table = backend.rules_table(p.rules, "c")
            count, first, _ = c_table.solve(p.givens, 2)
            assert count == 1 and first == p.solution
            c = median_ms(lambda t=c_table, g=p.givens: t.solve(g, 2), args.repeat)
            c_ms.append(c)
            py: float | None = None
            if not args.no_python:
                py_table = ConstraintTable(p.rules)
                count, first, _ = py_table.solve(p.givens, 2)
                assert count == 1 and first == p.solution
                py = median_ms(lambda t=py_table, g=p.givens: t.solve(g, 2), args.py_repeat)
                py_ms.append(py)
            pm: float | None = None
            note = ""
            if worker is not None:
                runs = []
                for _ in range(args.pm_repeat):
                    try:
                        reply = worker.ask(p.link, args.timeout)
                    except TimeoutError:
                        note = f"pencilmark over {args.timeout:.0f} s"
                        break
                    if "error" in reply:
                        note = f"pencilmark: {reply['error'][:60]}"
                        break
                    if reply.get("count") != 1 or reply.get("solution") != "".join(map(str, p.solution)):
                        note = f"pencilmark disagrees (count {reply.get('count')})"
                        break
                    runs.append(reply["ns"] / 1e6)
                if runs and not note:
                    pm = statistics.median(runs)
                    pm_ms.append(pm)
                    pm_pairs.append((c, pm))
            if note:
                notes_total.append(f"seed {p.seed}: {note}")
            print(f"{p.seed:>4} {sum(1 for v in p.givens if v):>6} {len(p.rules.constraints):>11} {fmt(c)} "
                  f"{fmt(py)} {fmt(pm):>13}  {note}", flush=True)
    finally:
        if worker is not None:
            worker.stop()

    print()
    c_med = statistics.median(c_ms)
    print(f"C          median {c_med:.3f} ms/puzzle (mean {statistics.fmean(c_ms):.3f}, "
          f"max {max(c_ms):.3f}) over {len(c_ms)}; target < 5 ms: {'ok' if c_med < 5 else 'MISS'}")
    if py_ms:
        py_med = statistics.median(py_ms)
        print(f"Python     median {py_med:.3f} ms/puzzle over {len(py_ms)}; "
              f"C is {py_med / c_med:.0f}× faster")
    if pm_pairs:
        c_same = statistics.median(c for c, _ in pm_pairs)
        pm_med = statistics.median(pm for _, pm in pm_pairs)
        ratios = [pm / c for c, pm in pm_pairs]
        print(f"pencilmark median {pm_med:.3f} ms/puzzle over {len(pm_pairs)} (C on the same: "
              f"{c_same:.3f}); ratio of medians {pm_med / c_same:.1f}×, median per-puzzle ratio "
              f"{statistics.median(ratios):.1f}× (min {min(ratios):.1f}×); "
              f"target ≥ 10×: {'ok' if pm_med / c_same >= 10 else 'MISS'}")
        c_sum, pm_sum = sum(c for c, _ in pm_pairs), sum(pm for _, pm in pm_pairs)
        print(f"total over those puzzles: C {c_sum:.1f} ms, pencilmark {pm_sum:.1f} ms "
              f"({pm_sum / c_sum:.1f}×)")
    for line in notes_total:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
