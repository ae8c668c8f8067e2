#!/usr/bin/env python3
"""Data-set benchmark (issue #27): building, re-rating, and what SE ratings add to backtrack counts.

Three parts, each printed as it finishes (no timing is asserted):

* **build**: ``sudokit.dataset.build.build`` of ``--count`` 9×9 puzzles over the five ER bins
  ``1-2,2-4,4-6,6-8,8-`` with ``--jobs`` workers: time, puzzles/s, candidates made, and the time
  100,000 puzzles would take at the same rate (a linear extrapolation, said as such);
* **rate**: ``sudokit dataset rate`` (the command, in this process) over ``--lines`` Kaggle-style
  lines (``quizzes,solutions``, 0 for empty) of puzzles generated here with 30 to 36 clues, on
  ``--rate-jobs`` workers: puzzles/s and puzzles/s per core; beside it, on the same puzzles,
  sudokit's ``solve_many`` and, when ``libtdoku.so`` is found (``--tdoku``,
  ``SUDOKIT_TDOKU_LIB`` or ../peers/tdoku/libtdoku.so), tdoku's solve rate;
* **hard**: sudoku-extreme ranks its rows by a backtracking solver's guess count. The puzzles of
  the unique-solution sets of ../shared/data (each file's header is printed; a file whose
  puzzles are not unique is skipped) are ranked the same way, by tdoku's guesses when tdoku is
  found (``--ranker sudokit``, or no tdoku: by sudokit's own solver's), the two counts' rank
  correlation printed; a sample of ``--hard`` rows spread over guess bands is
  rated by SE, and the share with ER ≥ 7 is printed per band and for the rows with guesses ≥ 10.

``--parts build,rate,hard`` picks the parts; ``--count 100000 --lines 1000000`` are the issue's
sizes (hours of work on two cores).
"""

from __future__ import annotations

import argparse
import csv
import ctypes
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from sudokit.cli import main as cli_main
from sudokit.dataset.build import build
from sudokit.engine.solver import count_many, search
from sudokit.generation.generator import generate_many
from sudokit.rating.explainer import rate_many
from sudokit.status import Status

#: The folder holding this repository: ../shared/data and ../peers live there.
BESIDE = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("SUDOKIT_SHARED_DATA") or os.environ.get("SUDOKIT_DATA")
            or BESIDE / "shared" / "data")
DEFAULT_TDOKU = os.environ.get("SUDOKIT_TDOKU_LIB", str(BESIDE / "peers" / "tdoku" / "libtdoku.so"))
ER_BINS = "1-2,2-4,4-6,6-8,8-"
#: Guess bands of the hard part: [low, high) of the solver's guess count.
BANDS = ((0, 1), (1, 10), (10, 50), (50, 10**9))


class Tdoku:
    """tdoku's C entry point (``TdokuSolverDpllTriadSimd``) through ctypes: solutions found and guesses."""

    def __init__(self, path: str) -> None:
        lib = ctypes.CDLL(os.path.abspath(path))
        self.fn = lib.TdokuSolverDpllTriadSimd
        self.fn.restype = ctypes.c_size_t
        self.fn.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint32, ctypes.c_char_p,
                            ctypes.POINTER(ctypes.c_size_t)]

    def solve_all(self, puzzles: list[bytes], limit: int) -> float:
        """Seconds to solve every puzzle (``.`` for empty, already encoded) up to ``limit`` solutions."""
        buf = ctypes.create_string_buffer(82)
        guesses = ctypes.c_size_t(0)
        ref = ctypes.byref(guesses)
        fn = self.fn
        start = time.perf_counter()
        for p in puzzles:
            fn(p, limit, 0, buf, ref)
        return time.perf_counter() - start

    def guesses(self, puzzle: str) -> int:
        """tdoku's guess count for one puzzle (first solution)."""
        buf = ctypes.create_string_buffer(82)
        count = ctypes.c_size_t(0)
        self.fn(puzzle.encode(), 1, 0, buf, ctypes.byref(count))
        return int(count.value)


def _tdoku(path: str) -> Tdoku | None:
    if not path or not Path(path).is_file():
        print(f"(tdoku not found at {path or '-'}: its columns are skipped)")
        return None
    return Tdoku(path)


def part_build(count: int, jobs: int, seed: int) -> None:
    print(f"\n== build: {count} 9×9 puzzles over ER bins {ER_BINS}, jobs={jobs}, seed={seed}")
    start, cpu = time.perf_counter(), _cpu_seconds()
    marks = iter(range(count // 10, count + 1, max(1, count // 10)))
    mark = next(marks, count + 1)

    def progress(done: int, total: int) -> None:
        nonlocal mark
        if done >= mark:
            print(f"  {done} of {total} after {time.perf_counter() - start:.0f} s", flush=True)
            mark = next(marks, total + 1)

    built = build(count, bins=ER_BINS, seed=seed, jobs=jobs, progress=progress)
    seconds, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
    for row in built.table():
        print("  " + "  ".join(cell.rjust(6) for cell in row))
    rate = built.count / seconds
    print(f"  {built.count} puzzles in {seconds:.1f} s: {rate:.2f} puzzles/s on {jobs} workers "
          f"({built.candidates} candidates rated, {built.duplicates} equivalent to one kept, "
          f"short: {built.short or 'none'})")
    print(f"  CPU {cpu:.1f} s (this process and its finished workers): {built.count / cpu:.2f} puzzles "
          "per CPU second")
    if built.count < 100_000:
        hours = 100_000 / rate / 3600
        print(f"  100,000 at this rate (linear extrapolation from {built.count}): {hours:.1f} h")


def _kaggle_lines(lines: int, seed: int, jobs: int) -> list[tuple[str, str]]:
    """``lines`` generated puzzles with 30..36 clues, as (quiz, solution) with 0 for empty."""
    out: list[tuple[str, str]] = []
    clues = list(range(30, 37))
    for k, clue in enumerate(clues):
        size = lines // len(clues) + (1 if k < lines % len(clues) else 0)
        for made in generate_many(size, seed=seed * 100 + k, jobs=jobs, clues=clue):
            out.append((made.puzzle.to_string("0"), made.solution.to_string()))
    random.Random(seed).shuffle(out)
    return out


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its finished workers (user and system)."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def part_rate(lines: int, jobs: int, seed: int, tdoku: Tdoku | None) -> None:
    print(f"\n== rate: sudokit dataset rate over {lines} Kaggle-style lines (quizzes,solutions), -j {jobs}")
    made = _kaggle_lines(lines, seed, 2)
    with tempfile.TemporaryDirectory(prefix="sudokit-bench-") as folder:
        source, out = Path(folder) / "kaggle.csv", Path(folder) / "rated.csv"
        with source.open("w", newline="") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(["quizzes", "solutions"])
            writer.writerows(made)
        start, cpu_start = time.perf_counter(), _cpu_seconds()
        status = cli_main(["dataset", "rate", str(source), "-o", str(out), "-j", str(jobs),
                           "--no-progress"])
        seconds, cpu = time.perf_counter() - start, _cpu_seconds() - cpu_start
        rows = ok = 0
        ers: list[float] = []
        with out.open(newline="") as handle:  # read row by row: a million rows as dicts is gigabytes
            for row in csv.DictReader(handle):
                rows, ok = rows + 1, ok + (row["status"] == "ok")
                if row["er"]:
                    ers.append(float(row["er"]))
    print(f"  exit status {status}; {rows} rows, {ok} ok; "
          f"ER median {statistics.median(ers):.1f}, max {max(ers):.1f}")
    print(f"  {seconds:.1f} s: {lines / seconds:.0f} puzzles/s, "
          f"{lines / seconds / jobs:.0f} puzzles/s per core by the wall clock; "
          f"{cpu:.1f} CPU s (this process and its workers): {lines / cpu:.0f} puzzles per CPU second "
          "(per core however loaded the machine)")
    quizzes = [q for q, _ in made]
    start = time.perf_counter()
    counts = count_many(quizzes, limit=2)
    ours = time.perf_counter() - start
    assert all(c == 1 for c in counts)
    print(f"  same puzzles, sudokit count_many(limit=2): {lines / ours:,.0f} puzzles/s (one core)")
    if tdoku is not None:
        encoded = [q.replace("0", ".").encode() for q in quizzes]
        spent = tdoku.solve_all(encoded, 2)
        print(f"  same puzzles, tdoku (ctypes, limit 2): {lines / spent:,.0f} puzzles/s (one core); "
              f"rating is {(lines / spent) / (lines / seconds / jobs):,.0f}× slower per core than "
              "tdoku's solve")


def _read_set(path: Path) -> tuple[list[str], list[str]]:
    """A puzzle file's header (its ``#`` lines) and puzzle lines."""
    header, puzzles = [], []
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            header.append(line[1:].strip())
        elif line.strip():
            puzzles.append(line.strip())
    return header, puzzles


def part_hard(sample: int, jobs: int, seed: int, tdoku: Tdoku | None, clue17: int, ranker_name: str) -> None:
    if ranker_name == "tdoku" and tdoku is None:
        ranker_name = "sudokit"
    ranker = "tdoku's guesses" if ranker_name == "tdoku" else "sudokit's solver's guesses"
    print(f"\n== hard: sudoku-extreme-style rows ranked by {ranker}; share with SE ER ≥ 7 (sample {sample})")
    rng = random.Random(seed)
    pool: list[tuple[str, str]] = []
    for path in sorted(DATA.glob("*.txt")):
        header, puzzles = _read_set(path)
        print(f"  {path.name}: {header[0] if header else '(no header)'}")
        if path.name.startswith("17_clue") and len(puzzles) > clue17:
            puzzles = rng.sample(puzzles, clue17)
        unique = [p for p, c in zip(puzzles, count_many(puzzles, limit=2), strict=True) if c == 1]
        if len(unique) < len(puzzles) // 2:
            print(f"    skipped: {len(puzzles) - len(unique)} of {len(puzzles)} puzzles are not unique")
            continue
        pool += [(path.stem, p) for p in unique]
    start = time.perf_counter()
    own = [search(p, 1).guesses for _, p in pool]
    theirs = [tdoku.guesses(p) for _, p in pool] if tdoku is not None else None
    guesses = theirs if ranker_name == "tdoku" and theirs is not None else own
    print(f"  {len(pool)} unique puzzles ranked in {time.perf_counter() - start:.1f} s")
    if theirs is not None:
        both = [(float(a), float(b)) for a, b in zip(own, theirs, strict=True)]
        print(f"  Spearman rank correlation, sudokit's guesses vs tdoku's, over the pool: "
              f"{_spearman(both):.2f}")
    banded = [[i for i, g in enumerate(guesses) if low <= g < high] for low, high in BANDS]
    per_band = sample // len(BANDS)
    chosen = [rng.sample(b, min(per_band, len(b))) for b in banded]
    flat = [i for band in chosen for i in band]
    start = time.perf_counter()
    ratings = list(rate_many((pool[i][1] for i in flat), jobs=jobs, time_limit=30.0))
    print(f"  {len(flat)} rated in {time.perf_counter() - start:.1f} s (jobs={jobs}, 30 s a puzzle at most)")
    er: dict[int, float] = {i: float(r.er) for i, r in zip(flat, ratings, strict=True)
                            if r.status == Status.RATED and r.er is not None}
    heads = ("guesses", "in pool", "sampled", "unrated", "ER≥7", "ER median")
    print("  " + " ".join(h.rjust(w) for h, w in zip(heads, (10, 8, 8, 8, 7, 9), strict=True)) + "  sets")
    hard_rated = hard_high = 0
    for (low, high), band, picked in zip(BANDS, banded, chosen, strict=True):
        values = [er[i] for i in picked if i in er]
        high_share = sum(v >= 7 for v in values) / len(values) if values else float("nan")
        sets = sorted({pool[i][0] for i in picked})
        label = f"{low}" if high == low + 1 else f"{low}-{high - 1}" if high < 10**9 else f"≥{low}"
        median = f"{statistics.median(values):.1f}" if values else "-"
        print(f"  {label:>10} {len(band):>8} {len(picked):>8} {len(picked) - len(values):>8} "
              f"{high_share:>7.0%} {median:>9}  {', '.join(sets)}")
        if low >= 10:
            hard_rated += len(values)
            hard_high += sum(v >= 7 for v in values)
    if hard_rated:
        print(f"  rows with ≥ 10 guesses (the 'hard' rows): {hard_high}/{hard_rated} = "
              f"{hard_high / hard_rated:.0%} rated ER ≥ 7 by SE")
    pairs = [(float(guesses[i]), er[i]) for i in flat if i in er]
    if len(pairs) > 2:
        print(f"  Spearman rank correlation, guesses vs ER, over the sample: {_spearman(pairs):.2f}")


def _ranks(values: Sequence[float]) -> list[float]:
    """Ranks 1..n, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def _spearman(pairs: Sequence[tuple[float, float]]) -> float:
    """Spearman's rank correlation of the pairs."""
    a, b = _ranks([p[0] for p in pairs]), _ranks([p[1] for p in pairs])
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True))
    var = (sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b)) ** 0.5
    return cov / var if var else float("nan")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None,
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--parts", default="build,rate,hard", help="which parts to run")
    ap.add_argument("--count", type=int, default=800, help="puzzles to build (the issue: 100000)")
    ap.add_argument("--jobs", type=int, default=2, help="workers of the build and the hard part")
    ap.add_argument("--lines", type=int, default=20_000,
                    help="Kaggle-style lines to rate (the issue: 1000000)")
    ap.add_argument("--rate-jobs", type=int, default=1, help="workers of dataset rate")
    ap.add_argument("--hard", type=int, default=60,
                    help="hard-part rows to rate, spread evenly over the guess bands")
    ap.add_argument("--clue17", type=int, default=3000,
                    help="17-clue puzzles drawn into the hard part's pool")
    ap.add_argument("--tdoku", default=DEFAULT_TDOKU, help="libtdoku.so ('' to skip tdoku)")
    ap.add_argument("--ranker", choices=("tdoku", "sudokit"), default="tdoku",
                    help="whose guess count ranks the hard part's pool (sudokit's when tdoku is absent)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    parts = {p.strip() for p in args.parts.split(",") if p.strip()}
    unknown = parts - {"build", "rate", "hard"}
    if unknown:
        ap.error(f"unknown parts: {', '.join(sorted(unknown))}")
    print(f"sudokit data-set benchmark; {os.cpu_count()} cores seen; data {DATA}")
    tdoku = _tdoku(args.tdoku) if parts & {"rate", "hard"} else None
    if "build" in parts:
        part_build(args.count, args.jobs, args.seed)
    if "rate" in parts:
        part_rate(args.lines, args.rate_jobs, args.seed, tdoku)
    if "hard" in parts:
        if not DATA.is_dir():
            print(f"\n== hard: skipped (no {DATA}; set SUDOKIT_SHARED_DATA)")
        else:
            part_hard(args.hard, args.jobs, args.seed, tdoku, args.clue17, args.ranker)
    return 0


if __name__ == "__main__":
    sys.exit(main())
