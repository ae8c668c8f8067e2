"""Puzzles per second of sudokit's generator, next to seed 003's figures and installed peers.

Usage::

    python benchmarks/generate.py [--seconds 2] [--repeat 3] [--clock cpu|wall] [--peers installed|none]
    python benchmarks/generate.py --hard 8,9,10 [--hard-seconds 120] [--symmetry none] [--no-minimal]
    python benchmarks/generate.py --hard 10 --near ../shared/data/forum_hardest_1106.txt [--no-minimal]

Rows (each the median of ``--repeat`` runs of at least ``--seconds``):

* minimal 9×9, no symmetry (``generate_many``: random grid, one digging pass → strictly minimal);
* minimal 9×9, 180° symmetry: orbit-minimal (no pair can go), and strictly minimal (no single clue);
* seed 003's random fill at K = 25, without and with digging (step 9);
* 16×16 (4×4 boxes), digging to a minimal puzzle;
* peers measured in the same run when installed (never imported by sudokit itself):
  hodoku-py's ``SudokuGenerator.generate_sudoku`` (HoDoKu's generator: random grid, then clue
  removal in random order, symmetric pairs or single cells; its C accelerator when built) and
  py-sudoku's ``Sudoku(3).difficulty(0.6)`` (removes 60 % of the cells, checks nothing about
  minimality: not the same work, shown for scale).

``--hard`` measures generation to a difficulty instead: for each ER floor ``L`` it runs
``generate_many(difficulty="L-", minimal=True)`` (one core) for ``--hard-seconds`` of CPU time,
re-checks every puzzle with ``sudokit.rate`` (its ER must be at least ``L`` and equal to the
generator's), and prints puzzles per minute and the median CPU seconds a puzzle (the re-check
not counted). With ``--near FILE`` the climb starts from the puzzles of FILE (``generate(near=…)``)
and every puzzle is also checked to differ (minlex form) from them and from the others; from ER
10.0 up without ``--near`` it starts from sudokit's own (``sudokit.generation.vicinity.bundled_starts``),
checked the same way.

Seed 003 (Xiao Bo, 2019) reports about 1 ms per puzzle without digging and 5 ms with it on a
Core i5-4590 at 3.3 GHz, single-threaded; the last column compares with those. The machine this
runs on may be shared: ``--clock cpu`` (the default) counts this process's CPU time only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

try:
    import sudokit  # noqa: F401  (the installed package, or the source tree next to this file)
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from sudokit.canon.minlex import canonical_string
from sudokit.engine import backend
from sudokit.errors import TimeLimitReached
from sudokit.generation.generator import CLIMB_ONLY_FROM, Generator, generate_many, options, puzzle_seed
from sudokit.generation.vicinity import bundled_starts
from sudokit.grid import Grid, read_grids
from sudokit.rating.explainer import rate

PAPER_MS = {"fill": 1.0, "fill+dig": 5.0}

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def _version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def measure(
    make: Callable[[int], int], seconds: float, repeat: int, clock: Callable[[], float]
) -> dict[str, float]:
    """Call ``make(i)`` (returning the clue count) for at least ``seconds``, ``repeat`` times:
    the median rate and the mean clue count."""
    rates = []
    clues = 0
    made = 0
    index = 0
    for _ in range(repeat):
        start = clock()
        count = 0
        while True:
            clues += make(index)
            index += 1
            count += 1
            elapsed = clock() - start
            if elapsed >= seconds and count >= 3:
                break
        rates.append(count / elapsed)
        made += count
    return {"rate": statistics.median(rates), "clues": clues / made, "puzzles": made}


def sudokit_makers(seed: int) -> list[tuple[str, str, Callable[[int], int]]]:
    """The sudokit rows: (name, note, make)."""

    def maker(note: str, **kwargs: Any) -> Callable[[int], int]:
        gen = Generator(options(**kwargs))

        def make(i: int) -> int:
            return gen.make(puzzle_seed(seed, i)).clues

        make.engine = gen.engine  # type: ignore[attr-defined]
        return make

    return [
        ("minimal 9×9, no symmetry", "strictly minimal", maker("", minimal=True)),
        ("minimal 9×9, rot180", "orbit-minimal", maker("", symmetry="rot180")),
        ("minimal 9×9, rot180 --minimal", "strictly minimal", maker("", symmetry="rot180", minimal=True)),
        ("seed 003, K=25, no digging", "fill", maker("", method="random-fill", k=25, dig=False)),
        ("seed 003, K=25, digging", "fill+dig", maker("", method="random-fill", k=25, dig=True)),
        ("minimal 16×16", "strictly minimal", maker("", size=16)),
    ]


def peer_makers(seed: int) -> list[tuple[str, str, Callable[[int], int]]]:
    """The installed peers' rows."""
    rows: list[tuple[str, str, Callable[[int], int]]] = []
    if _version("hodoku-py"):
        import random

        from hodoku.generator import generator as hodoku_gen

        variants = ((False, "no symmetry", "strictly minimal"), (True, "rot180", "orbit-minimal"))
        for symmetric, label, kind in variants:
            gen = hodoku_gen.SudokuGenerator(random.Random(seed))

            def make_hodoku(i: int, gen: Any = gen, symmetric: bool = symmetric) -> int:
                text = gen.generate_sudoku(symmetric=symmetric)
                return sum(ch != "0" for ch in text)

            accel = "C accelerator" if hodoku_gen._gen_accel is not None else "pure Python"
            rows.append((f"hodoku-py {_version('hodoku-py')}, {label}", f"{kind}, {accel}", make_hodoku))
    if _version("py-sudoku"):
        from sudoku import Sudoku

        def make_pysudoku(i: int) -> int:
            puzzle = Sudoku(3, seed=seed + i).difficulty(0.6)
            return sum(1 for row in puzzle.board for v in row if v)

        rows.append((f"py-sudoku {_version('py-sudoku')}", "60% removed, not minimal", make_pysudoku))
    return rows


def measure_hard(
    floor: float, seconds: float, seed: int, clock: Callable[[], float], **kwargs: Any
) -> dict[str, Any]:
    """Puzzles of ER ≥ ``floor`` made in ``seconds`` of ``clock`` time, each re-checked by ``rate``."""
    times: list[float] = []
    ers: list[float] = []
    spent = 0.0
    seen = {canonical_string(g) for g in kwargs.get("near") or ()}
    if floor >= CLIMB_ONLY_FROM and not kwargs.get("near"):  # the climb starts from sudokit's own
        seen |= {canonical_string(Grid(cells)) for cells in bundled_starts()}
    stream = generate_many(None, seed=seed, difficulty=f"{floor:.1f}-", time_limit=3 * seconds + 60, **kwargs)
    try:
        while spent < seconds:
            start = clock()
            made = next(stream)
            took = clock() - start
            spent += took
            checked = rate(made.puzzle)
            if checked.er is None or checked.er < floor or checked.er != made.rating.er:
                raise AssertionError(f"re-check failed: {made.puzzle.to_string()} rated {checked.er}, "
                                     f"generator said {made.rating.er}")
            key = canonical_string(made.puzzle)
            if key in seen:
                raise AssertionError(f"not a new puzzle: {made.puzzle.to_string()}")
            seen.add(key)
            times.append(took)
            ers.append(checked.er)
    except TimeLimitReached:
        spent = max(spent, seconds)
    per_minute = 60.0 * len(times) / spent if spent else 0.0
    return {"floor": floor, "puzzles": len(times), "seconds": spent, "per_minute": per_minute,
            "median_seconds": statistics.median(times) if times else None,
            "max_er": max(ers) if ers else None, "mean_er": statistics.fmean(ers) if ers else None}


def _main_hard(args: argparse.Namespace) -> int:
    """``--hard``: puzzles per minute at each ER floor, re-checked."""
    clock = CLOCKS[args.clock]
    floors = [float(x) for x in args.hard.split(",") if x.strip()]
    kwargs: dict[str, Any] = {"minimal": args.minimal, "symmetry": args.symmetry}
    if args.near:
        kwargs["near"] = [g for _, g in read_grids(Path(args.near)) if isinstance(g, Grid)]
    near = f", near {len(kwargs['near'])} puzzles of {Path(args.near).name}" if args.near else ""
    print(f"# sudokit generation to a difficulty — engine {backend.name_of()}, clock {args.clock}, "
          f"{args.hard_seconds:g} s per floor, minimal={args.minimal}, symmetry={args.symmetry}, "
          f"seed {args.seed}{near}")
    print("| ER floor | puzzles | seconds | puzzles/min | median s/puzzle | mean ER | max ER |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    results = []
    for floor in floors:
        found = measure_hard(floor, args.hard_seconds, args.seed, clock, **kwargs)
        median = "–" if found["median_seconds"] is None else f"{found['median_seconds']:.2f}"
        mean = "–" if found["mean_er"] is None else f"{found['mean_er']:.2f}"
        top = "–" if found["max_er"] is None else f"{found['max_er']:.1f}"
        print(f"| ≥ {floor:.1f} | {found['puzzles']} | {found['seconds']:.0f} | {found['per_minute']:.1f} "
              f"| {median} | {mean} | {top} |", flush=True)
        results.append(found)
    if args.json:
        text = json.dumps({"clock": args.clock, "near": args.near, "hard": results}, indent=2)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0, help="minimum time per run")
    ap.add_argument("--repeat", type=int, default=3, help="runs per row (the median is shown)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    ap.add_argument("--peers", choices=["installed", "none"], default="installed")
    ap.add_argument("--engine", choices=["c", "python"], default=None, help="default: the best available")
    ap.add_argument("--only", default="", help="comma-separated substrings: measure matching rows only")
    ap.add_argument("--seed", type=int, default=2019)
    ap.add_argument("--json", default=None, help="also write the results as JSON to this file ('-': stdout)")
    ap.add_argument("--hard", default="", metavar="FLOORS",
                    help="comma-separated ER floors (e.g. 8,9,10): measure generation to a difficulty")
    ap.add_argument("--hard-seconds", type=float, default=120.0, help="--hard: CPU seconds per floor")
    ap.add_argument("--no-minimal", dest="minimal", action="store_false", help="--hard: not strictly minimal")
    ap.add_argument("--symmetry", default="none", help="--hard: pattern symmetry")
    ap.add_argument("--near", default=None, metavar="FILE",
                    help="--hard: climb from the puzzles of FILE (e.g. forum_hardest_1106.txt)")
    args = ap.parse_args(argv)
    with backend.using(args.engine or backend.name_of()):
        return _main_hard(args) if args.hard else _main(args)


def _main(args: argparse.Namespace) -> int:
    """The benchmark proper, on the engine chosen by ``--engine``."""
    clock = CLOCKS[args.clock]
    rows = sudokit_makers(args.seed)
    if args.peers == "installed":
        rows += peer_makers(args.seed)
    wanted = [w for w in args.only.split(",") if w]
    if wanted:
        rows = [r for r in rows if any(w in r[0] for w in wanted)]
    print(f"# sudokit generator benchmark — engine {backend.name_of()}, clock {args.clock}, "
          f"median of {args.repeat} runs ≥ {args.seconds:g} s, CPUs {os.cpu_count()}")
    print("| what | kind | puzzles/s | ms/puzzle | mean clues | vs seed 003 |")
    print("|---|---|---:|---:|---:|---:|")
    results = []
    for name, note, make in rows:
        found = measure(make, args.seconds, args.repeat, clock)
        ms = 1000.0 / found["rate"]
        paper = PAPER_MS.get(note)
        if paper is None and name.startswith("minimal 9×9"):
            paper = PAPER_MS["fill+dig"]
        versus = f"{paper / ms:.0f}× faster" if paper else ""
        engine = getattr(make, "engine", "")
        kind = f"{note} ({engine})" if engine else note
        print(f"| {name} | {kind} | {found['rate']:,.0f} | {ms:.3f} | {found['clues']:.1f} | {versus} |",
              flush=True)
        results.append({"what": name, "kind": kind, **found, "ms": ms})
    if args.json:
        text = json.dumps({"clock": args.clock, "engine": backend.name_of(), "rows": results}, indent=2)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
