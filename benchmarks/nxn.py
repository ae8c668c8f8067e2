#!/usr/bin/env python3
"""N×N solver benchmark: sudokit's C solver on large, sparse grids (16×16 up to 64×64).

Usage::

    python benchmarks/nxn.py [--sets default|quick|all|NAME,...] [--count 6] [--timeout 5]
                             [--repeat 3] [--puzzles FILE] [--json FILE]

Each set is a fixed, seeded list of puzzles of one shape (``--seed``), made by sudokit itself:

* ``minimal``: sudokit's generator (``Generator(options(box=..., minimal=True))``): a random
  solution grid dug cell by cell while the puzzle stays unique; strictly minimal, so unique;
* ``unique``: the same generator asked for a clue count (``options(box=..., clues=K)``), unique;
* ``solvable``: a solution grid with a seeded random share of its cells emptied, not checked for
  uniqueness (it always has at least one solution). The grid is the generator's random solution
  grid (pure-Python randomized search) up to ``--random-grid-max`` (25 by default), and above that
  a formula grid shuffled by the moves that keep a grid valid (relabelling, band, stack, row-in-band
  and column-in-stack permutations, transposition for square boxes): the randomized search takes
  too long on 49×49 and 64×64.

None of these puzzles depends on which solution the C solver finds first, so the same ``--seed``
gives the same puzzles with every build (``minimal`` and ``unique`` use the solver's counts, which
are exact). With ``--puzzles FILE`` the sets are read from FILE when it exists, and written there
after generation otherwise: the way to time two builds on exactly the same puzzles.

Every puzzle is timed at limit 1 (first solution) and limit 2 (uniqueness check) through the C
engine (``backend.select().solve(cells, box_rows, box_cols, limit)``, the call under
``sudokit.search``) with the CPU clock of a worker process; a puzzle's time is the median of
``--repeat`` runs (one run when the first takes over a second). A worker that runs past
``--timeout`` seconds on one puzzle is killed and started again, and the puzzle counts as a
timeout (at limit 2 too when limit 1 already timed out, since limit 2 repeats the limit-1 search).
Generation calls run in the worker as well, under ``--gen-timeout``: a puzzle whose generation
times out is left out of its set (the table says so).

The table has one row per set and limit: shape, kind, share of empty cells, puzzles, median and
max ms per puzzle (over the puzzles that finished), median and max guesses, timeouts, and the
counts found. Every answer is checked: a solution must be a valid grid keeping the givens, and a
"unique" or "minimal" puzzle must count 1 at limit 2.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import select
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

try:
    import sudokit  # noqa: F401  (the installed package, or the source tree next to this file)
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from sudokit.engine import backend
from sudokit.generation.dig import random_solution as _random_solution
from sudokit.generation.generator import Generator, options, puzzle_seed
from sudokit.shape import Shape


@dataclass(frozen=True)
class SetSpec:
    """One set of puzzles: ``kind`` is minimal, unique or solvable; ``empty`` the share of empty
    cells asked (unused for minimal)."""

    name: str
    box_rows: int
    box_cols: int
    kind: str
    empty: float = 0.0
    count: int | None = None  # puzzles in the set (None: --count)


SETS: dict[str, SetSpec] = {
    s.name: s
    for s in [
        SetSpec("16-minimal", 4, 4, "minimal"),
        SetSpec("16-60", 4, 4, "solvable", 0.60),
        SetSpec("25-45u", 5, 5, "unique", 0.45),
        SetSpec("25-50", 5, 5, "solvable", 0.50),
        SetSpec("25-60", 5, 5, "solvable", 0.60),
        SetSpec("36-45", 6, 6, "solvable", 0.45),
        SetSpec("36-55", 6, 6, "solvable", 0.55),
        SetSpec("49-30", 7, 7, "solvable", 0.30),
        SetSpec("49-40", 7, 7, "solvable", 0.40),
        SetSpec("64-30", 8, 8, "solvable", 0.30),
        SetSpec("64-40", 8, 8, "solvable", 0.40),
        SetSpec("12-minimal", 3, 4, "minimal"),
        SetSpec("25-minimal", 5, 5, "minimal", count=2),
        SetSpec("36-35u", 6, 6, "unique", 0.35, count=2),
        SetSpec("49-45", 7, 7, "solvable", 0.45),
        SetSpec("64-45", 8, 8, "solvable", 0.45),
    ]
}
GROUPS: dict[str, list[str]] = {
    "default": ["16-minimal", "16-60", "25-45u", "25-50", "25-60", "36-45", "36-55", "49-30", "49-40",
                "64-30", "64-40"],
    "quick": ["16-minimal", "25-50", "36-45", "49-30", "64-30"],
    "all": list(SETS),
}


# --------------------------------------------------------------------------------------------
# Puzzles


def formula_grid(shape: Shape) -> list[int]:
    """A complete grid by formula: row r is row 0 shifted by (r mod rows)·cols + r div rows."""
    n, rows, cols = shape.n, shape.box_rows, shape.box_cols
    return [(cols * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n)]


def shuffled_grid(grid: list[int], shape: Shape, rng: random.Random) -> list[int]:
    """``grid`` moved by random validity-preserving moves (a random member of its class)."""
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    if br == bc and rng.random() < 0.5:
        grid = [grid[c * n + r] for r in range(n) for c in range(n)]
    bands, stacks = list(range(n // br)), list(range(n // bc))
    rng.shuffle(bands)
    rng.shuffle(stacks)
    rows = [b * br + i for b in bands for i in rng.sample(range(br), br)]
    cols = [s * bc + j for s in stacks for j in rng.sample(range(bc), bc)]
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    return [labels[grid[r * n + c] - 1] for r in rows for c in cols]


def solution_grid(shape: Shape, rng: random.Random, random_grid_max: int) -> list[int]:
    if shape.n <= random_grid_max:
        return _random_solution(shape, rng)  # the generator's own random grid
    return shuffled_grid(formula_grid(shape), shape, rng)


def solvable_puzzle(spec: SetSpec, seed: int, random_grid_max: int) -> bytes:
    """A solution grid with ``spec.empty`` of its cells emptied at random."""
    shape = Shape(spec.box_rows, spec.box_cols)
    rng = random.Random(f"nxn:{spec.name}:{seed}")
    grid = solution_grid(shape, rng, random_grid_max)
    for cell in rng.sample(range(shape.size), round(spec.empty * shape.size)):
        grid[cell] = 0
    return bytes(grid)


def generated_puzzle(spec: SetSpec, seed: int) -> bytes:
    """sudokit's generator: minimal, or unique with the asked share of empty cells."""
    shape = Shape(spec.box_rows, spec.box_cols)
    if spec.kind == "minimal":
        opts = options(box=shape.box, minimal=True, max_attempts=20)
    else:
        opts = options(box=shape.box, clues=shape.size - round(spec.empty * shape.size), max_attempts=20)
    return bytes(Generator(opts).make(seed).puzzle.cells)


def is_solution(sol: bytes, puzzle: bytes, shape: Shape) -> bool:
    """True when ``sol`` is a complete valid grid that keeps every given of ``puzzle``."""
    if len(sol) != shape.size or any(p and p != s for p, s in zip(puzzle, sol, strict=True)):
        return False
    digits = set(range(1, shape.n + 1))
    return all({sol[c] for c in unit} == digits for unit in shape.units)


# --------------------------------------------------------------------------------------------
# The worker process: generation and timing, killed when it runs past a timeout


def worker_main() -> int:
    """Answer one JSON request per line of stdin with one JSON line on stdout."""
    engine = backend.select()
    for line in sys.stdin:
        req = json.loads(line)
        op = req["op"]
        spec = SetSpec(**req["spec"]) if "spec" in req else None
        out: dict[str, Any]
        if op == "generate":
            assert spec is not None
            if spec.kind == "solvable":
                puzzle = solvable_puzzle(spec, req["seed"], req["random_grid_max"])
            else:
                puzzle = generated_puzzle(spec, req["seed"])
            out = {"puzzle": puzzle.hex()}
        else:  # time
            rows, cols = req["box"]
            cells = bytes.fromhex(req["cells"])
            limit = req["limit"]
            times = []
            for _ in range(req["repeat"]):
                t0 = time.process_time()
                count, first, guesses = engine.solve(cells, rows, cols, limit)
                times.append(time.process_time() - t0)
                if times[-1] > 1.0:
                    break
            valid = count == 0 or (first is not None and is_solution(first, cells, Shape(rows, cols)))
            out = {"count": count, "guesses": guesses, "seconds": statistics.median(times), "valid": valid}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0


class WorkerTimeout(Exception):
    pass


class Worker:
    """The worker process, started again after a timeout."""

    def __init__(self, engine: str) -> None:
        self.engine = engine
        self.proc: subprocess.Popen[bytes] | None = None
        self.buf = b""
        self.restarts = 0

    def start(self) -> None:
        env = dict(os.environ, SUDOKIT_IMPL=self.engine)
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
        )
        self.buf = b""

    def ask(self, request: dict[str, Any], timeout: float) -> dict[str, Any]:
        """The worker's answer, or WorkerTimeout (the worker is killed) past ``timeout`` seconds."""
        if self.proc is None:
            self.start()
        assert self.proc is not None and self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write((json.dumps(request) + "\n").encode())
        self.proc.stdin.flush()
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            ready = select.select([fd], [], [], max(left, 0))[0] if left > 0 else []
            if not ready:
                self.stop()
                self.restarts += 1
                raise WorkerTimeout()
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                code = self.proc.poll()
                self.stop()
                raise RuntimeError(f"the worker exited (code {code})")
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout):
                if stream is not None:
                    stream.close()
            self.proc = None


# --------------------------------------------------------------------------------------------
# Results


@dataclass
class Row:
    """One set at one limit."""

    set: str
    shape: str
    kind: str
    empty: float  # measured share of empty cells (mean over the set)
    limit: int
    n: int  # puzzles timed
    median_ms: float | None = None  # over the puzzles that finished
    max_ms: float | None = None
    median_guesses: float | None = None
    max_guesses: int | None = None
    timeouts: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    wrong: int = 0
    missing: int = 0  # puzzles whose generation timed out


def load_or_make(args: argparse.Namespace, specs: list[SetSpec], worker: Worker) -> dict[str, list[bytes]]:
    """The puzzles of each set: from --puzzles when that file exists, else generated."""
    if args.puzzles and Path(args.puzzles).exists():
        saved = json.loads(Path(args.puzzles).read_text())
        out = {}
        for spec in specs:
            if spec.name not in saved:
                raise SystemExit(f"{args.puzzles} has no set {spec.name!r}")
            out[spec.name] = [bytes.fromhex(p) for p in saved[spec.name]]
        return out
    out = {}
    for spec in specs:
        count = spec.count or args.count
        made: list[bytes] = []
        t0 = time.perf_counter()
        for i in range(count):
            request = {"op": "generate", "spec": asdict(spec), "seed": puzzle_seed(args.seed, i),
                       "random_grid_max": args.random_grid_max}
            try:
                made.append(bytes.fromhex(worker.ask(request, args.gen_timeout)["puzzle"]))
            except WorkerTimeout:
                log(args, f"  {spec.name}: puzzle {i} not made within {args.gen_timeout:g} s")
        out[spec.name] = made
        log(args, f"{spec.name}: {len(made)} of {count} puzzles made in {time.perf_counter() - t0:.1f} s")
    if args.puzzles:
        Path(args.puzzles).write_text(json.dumps({k: [p.hex() for p in v] for k, v in out.items()}) + "\n")
    return out


def log(args: argparse.Namespace, text: str) -> None:
    if args.verbose:
        print(text, file=sys.stderr, flush=True)


def measure(args: argparse.Namespace, spec: SetSpec, puzzles: list[bytes], worker: Worker) -> list[Row]:
    shape = Shape(spec.box_rows, spec.box_cols)
    empty = statistics.mean(p.count(0) / shape.size for p in puzzles) if puzzles else 0.0
    missing = (spec.count or args.count) - len(puzzles)
    rows = {limit: Row(spec.name, f"{shape.n}×{shape.n} ({spec.box_rows}×{spec.box_cols})", spec.kind,
                       empty, limit, len(puzzles), missing=missing) for limit in args.limits}
    ms: dict[int, list[float]] = {limit: [] for limit in args.limits}
    guesses: dict[int, list[int]] = {limit: [] for limit in args.limits}
    for index, puzzle in enumerate(puzzles):
        timed_out = False
        for limit in args.limits:
            row = rows[limit]
            if timed_out:  # limit 2 repeats the limit-1 search first: it cannot finish in time
                row.timeouts += 1
                continue
            request = {"op": "time", "box": [spec.box_rows, spec.box_cols], "cells": puzzle.hex(),
                       "limit": limit, "repeat": args.repeat}
            try:
                ans = worker.ask(request, args.timeout)
            except WorkerTimeout:
                row.timeouts += 1
                timed_out = True
                log(args, f"  {spec.name} #{index} limit {limit}: timeout")
                continue
            ms[limit].append(ans["seconds"] * 1e3)
            guesses[limit].append(ans["guesses"])
            key = str(ans["count"])
            row.counts[key] = row.counts.get(key, 0) + 1
            if not ans["valid"] or (limit >= 2 and spec.kind != "solvable" and ans["count"] != 1):
                row.wrong += 1
            log(args, f"  {spec.name} #{index} limit {limit}: {ans['seconds'] * 1e3:.2f} ms, "
                      f"{ans['guesses']} guesses, count {ans['count']}")
    for limit, row in rows.items():
        if ms[limit]:
            row.median_ms = statistics.median(ms[limit])
            row.max_ms = max(ms[limit])
            row.median_guesses = statistics.median(guesses[limit])
            row.max_guesses = max(guesses[limit])
    return list(rows.values())


def print_table(rows: list[Row], timeout: float) -> None:
    head = (f"{'set':11} {'shape':16} {'kind':9} {'empty':>6} {'limit':>5} {'n':>3} {'median ms':>10} "
            f"{'max ms':>10} {'guesses':>8} {'max g':>8} {'timeouts':>8}  counts")
    print(head)
    print("-" * (len(head) + 8))
    for r in rows:
        med = "" if r.median_ms is None else f"{r.median_ms:,.2f}"
        mx = "" if r.max_ms is None else f"{r.max_ms:,.2f}"
        g = "" if r.median_guesses is None else f"{r.median_guesses:g}"
        mg = "" if r.max_guesses is None else f"{r.max_guesses}"
        counts = " ".join(f"{k}:{v}" for k, v in sorted(r.counts.items()))
        notes = []
        if r.wrong:
            notes.append(f"WRONG {r.wrong}")
        if r.missing:
            notes.append(f"{r.missing} not generated")
        print(f"{r.set:11} {r.shape:16} {r.kind:9} {r.empty:6.0%} {r.limit:>5} {r.n:>3} {med:>10} {mx:>10} "
              f"{g:>8} {mg:>8} {r.timeouts:>8}  {counts}{'  ' + '; '.join(notes) if notes else ''}")
    print(f"\nms: CPU time of one solve call, median of the per-puzzle medians (timeouts excluded: a timeout "
          f"is a run past {timeout:g} s);\nguesses: median / max over the puzzles; counts: solutions found "
          "(count:puzzles).")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--sets", default="default",
                    help=f"a group ({', '.join(GROUPS)}) or comma-separated set names ({', '.join(SETS)})")
    ap.add_argument("--count", type=int, default=6, help="puzzles per set (some sets fix their own)")
    ap.add_argument("--limits", default="1,2", help="comma-separated solution limits to time")
    ap.add_argument("--repeat", type=int, default=3, help="runs per puzzle (the median is taken)")
    ap.add_argument("--timeout", type=float, default=5.0, help="seconds one puzzle may take")
    ap.add_argument("--gen-timeout", type=float, default=60.0,
                    help="seconds the making of one puzzle may take")
    ap.add_argument("--random-grid-max", type=int, default=25,
                    help="largest N whose 'solvable' grids come from the generator's random search")
    ap.add_argument("--seed", type=int, default=2024, help="seed of the puzzle sets")
    ap.add_argument("--puzzles", default=None,
                    help="JSON file of the puzzles: read when it exists, else written after generation")
    ap.add_argument("--engine", choices=["c", "python"], default="c", help="sudokit engine to time")
    ap.add_argument("--json", default=None, help="also write the results as JSON to this file ('-': stdout)")
    ap.add_argument("-v", "--verbose", action="store_true", help="log each puzzle to stderr")
    args = ap.parse_args(argv)
    names = GROUPS.get(args.sets, [s.strip() for s in args.sets.split(",") if s.strip()])
    unknown = [s for s in names if s not in SETS]
    if unknown:
        ap.error(f"unknown set(s) {', '.join(unknown)} (known: {', '.join(SETS)})")
    args.specs = [SETS[s] for s in names]
    args.limits = sorted({int(x) for x in args.limits.split(",") if x.strip()})
    if not args.limits or min(args.limits) < 1:
        ap.error("--limits takes positive integers")
    if args.repeat < 1 or args.count < 1:
        ap.error("--repeat and --count must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        return worker_main()
    if args.engine not in backend.available():
        print(f"sudokit's {args.engine!r} engine is not available (build the extension)", file=sys.stderr)
        return 2
    worker = Worker(args.engine)
    try:
        t0 = time.perf_counter()
        puzzles = load_or_make(args, args.specs, worker)
        gen_seconds = time.perf_counter() - t0
        rows: list[Row] = []
        for spec in args.specs:
            rows += measure(args, spec, puzzles[spec.name], worker)
    finally:
        worker.stop()
    print(f"# sudokit N×N solver benchmark — engine {args.engine}, CPU clock, median of {args.repeat} runs "
          f"per puzzle, timeout {args.timeout:g} s, seed {args.seed}, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.2f}; puzzles ready in {gen_seconds:.1f} s")
    print_table(rows, args.timeout)
    wrong = sum(r.wrong for r in rows)
    if args.json:
        doc = {"args": {k: v for k, v in vars(args).items() if k != "specs"},
               "sets": [asdict(s) for s in args.specs], "rows": [asdict(r) for r in rows]}
        text = json.dumps(doc, indent=1, ensure_ascii=False)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    if wrong:
        print(f"\nWRONG answers: {wrong}", file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
