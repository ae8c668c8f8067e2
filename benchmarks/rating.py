"""Agreement of ``sudokit.rating.explainer`` with Sudoku Explainer, and its speed against serate and HoDoKu.

Part 1 rates the puzzles of ``cbg-000_SER.tsv`` (random minimal puzzles with their published SE
1.2.1 rating; GPL data read from ``$SUDOKIT_DATA``, default ``<repo>/../shared/data``) and
prints: the share with exactly the published ER, the share within 0.3, the confusion by ER band
(published band × our band), the puzzles whose ER differs, and the rate in puzzles per second.
``--step``/``--offset`` take a deterministic slice (``--step 10 --offset K`` for K = 0…9
covers every puzzle in ten runs).

Part 2 (with ``--serate``, or ``SUDOKIT_SERATE_CP`` set to the class path of a Sudoku Explainer
1.2.1.3 build) rates ``--peer-file`` (default top95) with serate and with sudokit in the same
run, one process each, and prints both ratings, whether ER (and ER/EP/ED) agree, and the time
each took. Part 3 (with ``--hodoku`` or ``SUDOKIT_HODOKU_CP``) runs HoDoKu 2.2's batch solver on
the same puzzles and compares its level with sudokit's HoDoKu-style level. The peers are
separate programs (LGPL, GPL); nothing of them is imported.

    python benchmarks/rating.py --limit 500 --jobs 2
    SUDOKIT_SERATE_CP=/path/to/se/classes python benchmarks/rating.py --no-table --peer-limit 95
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from sudokit import Grid
from sudokit.canon.minlex import random_transform
from sudokit.engine import backend
from sudokit.rating.explainer import RATED, Rating, rate_many

DATA = Path(os.environ.get("SUDOKIT_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
TABLE = DATA / "ratings" / "cbg-000_SER.tsv"
BANDS = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0)


def band(er: float | None) -> str:
    """The ER band a rating falls in (``"-"`` when not rated)."""
    if er is None:
        return "-"
    for lo in reversed(BANDS):
        if er >= lo:
            return f"{int(lo)}.x"
    return "<1"


def load_table(path: Path, limit: int, step: int, offset: int = 0) -> list[tuple[str, float]]:
    """``(puzzle, published ER)`` pairs: every ``step``-th row from ``offset``, at most ``limit`` (0: all)."""
    rows = []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            puzzle, _, ser = line.rstrip("\n").split("\t")
            rows.append((puzzle, float(ser)))
    rows = rows[offset::step]
    return rows[:limit] if limit else rows


def agreement(args: argparse.Namespace) -> None:
    """Part 1: rate the table's puzzles and compare with the published ER."""
    rows = load_table(Path(args.table), args.limit, args.step, args.offset)
    print(f"# cbg-000: {len(rows)} puzzles (every {args.step}th from {args.offset}, "
          f"limit {args.limit or 'none'}), "
          f"jobs {args.jobs}, time limit {args.time_limit} s")
    start = time.perf_counter()
    ratings = rate_many([p for p, _ in rows], jobs=args.jobs, time_limit=args.time_limit)
    equal = within = 0
    confusion: Counter[tuple[str, str]] = Counter()
    statuses: Counter[str] = Counter()
    diffs = []
    for i, ((puzzle, ser), r) in enumerate(zip(rows, ratings, strict=True), 1):
        statuses[r.status] += 1
        er = r.er if r.status == RATED else None
        confusion[band(ser), band(er)] += 1
        if er is not None and abs(er - ser) < 1e-9:
            equal += 1
        else:
            diffs.append((puzzle, ser, er, r.status, ", ".join(r.hardest)))
        if er is not None and abs(er - ser) <= 0.3 + 1e-9:
            within += 1
        if args.progress and i % 50 == 0:
            print(f"# {i} done, {equal / i:.1%} equal, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    n = len(rows)
    print(f"equal ER:        {equal}/{n} = {equal / n:.2%}")
    print(f"within 0.3:      {within}/{n} = {within / n:.2%}")
    print(f"statuses:        {dict(statuses)}")
    print(f"time:            {seconds:.1f} s, {n / seconds:.2f} puzzles/s ({args.jobs} jobs)")
    names = sorted({b for pair in confusion for b in pair}, key=lambda b: (b == "-", b))
    print("\nconfusion (rows: published SE band, columns: sudokit band)")
    print("      " + "".join(f"{b:>7}" for b in names))
    for row in names:
        if any(confusion[row, c] for c in names):
            print(f"{row:>6}" + "".join(f"{confusion[row, c] or '':>7}" for c in names))
    if diffs:
        print(f"\ndifferences ({len(diffs)}):")
        for puzzle, ser, er, status, hardest in diffs[: args.show]:
            print(f"  {puzzle}  SE {ser:.1f}  sudokit {er if er is not None else status}  {hardest}")


def peer_puzzles(args: argparse.Namespace) -> list[str]:
    """The puzzles of ``--peer-file`` (comment lines skipped), at most ``--peer-limit``.

    With ``--shuffle SEED`` each puzzle is replaced by a random isomorph of it (rows, columns,
    bands, stacks, transposition and digits shuffled; ``random.Random(SEED + index)``), so
    both raters meet puzzles neither has seen in that form.
    """
    lines = Path(args.peer_file).read_text().splitlines()
    puzzles = [line.strip()[:81] for line in lines
               if len(line.strip()) >= 81 and not line.startswith("#")][: args.peer_limit]
    if args.shuffle is None:
        return puzzles
    return [random_transform(Grid.from_string(p), random.Random(args.shuffle + i)).to_string(".")
            for i, p in enumerate(puzzles)]


def rate_timed(puzzles: list[str], args: argparse.Namespace) -> tuple[list[Rating], float]:
    """sudokit's ratings of the peer puzzles (one process) and the time they took."""
    start = time.perf_counter()
    ours = list(rate_many(puzzles, jobs=1, time_limit=args.peer_time_limit))
    return ours, time.perf_counter() - start


def serate_peer(args: argparse.Namespace, puzzles: list[str],
                ours: tuple[list[Rating], float] | None) -> tuple[list[Rating], float] | None:
    """Part 2: serate and sudokit on the same puzzles, timed in the same run."""
    classpath = args.serate or os.environ.get("SUDOKIT_SERATE_CP")
    java = shutil.which("java")
    if not classpath or java is None:
        print("\n# serate: skipped (set SUDOKIT_SERATE_CP or --serate to a SE 1.2.1.3 class path)")
        return ours
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(puzzles) + "\n")
        name = handle.name
    try:
        start = time.perf_counter()
        out = subprocess.run(
            [java, "-Xrs", "-Xmx500m", "-cp", classpath, "diuf.sudoku.test.serate",
             "--format=%r/%p/%d", f"--input={name}"],
            capture_output=True, text=True, check=True,
        ).stdout.split()
        se_seconds = time.perf_counter() - start
    finally:
        os.unlink(name)
    if ours is None:
        ours = rate_timed(puzzles, args)
    ratings, our_seconds = ours
    same = same_all = 0
    print(f"\n# {Path(args.peer_file).name}: {len(puzzles)} puzzles, serate vs sudokit (1 process each)")
    for puzzle, se, r in zip(puzzles, out, ratings, strict=True):
        mine = f"{r.er}/{r.ep}/{r.ed}" if r.status == RATED else r.status
        se_er, se_ep, se_ed = (float(x) for x in se.split("/"))
        ok = r.status == RATED and r.er is not None and abs(r.er - se_er) < 1e-9
        same += ok
        same_all += ok and r.ep == se_ep and r.ed == se_ed
        if args.verbose or not ok:
            print(f"  {puzzle}  serate {se:<13} sudokit {mine:<13} {r.seconds:7.1f} s")
    print(f"equal ER: {same}/{len(puzzles)}; equal ER, EP and ED: {same_all}/{len(puzzles)}")
    print(f"serate:  {se_seconds:8.1f} s ({len(puzzles) / se_seconds:.2f} puzzles/s, JVM start included)")
    print(f"sudokit: {our_seconds:8.1f} s ({len(puzzles) / our_seconds:.2f} puzzles/s)")
    print(f"ratio:   serate takes {se_seconds / our_seconds:.1f}× sudokit's time (target: ≥ 10×; "
          f"engine: {backend.name_of()})")
    return ours


def hodoku_peer(args: argparse.Namespace, puzzles: list[str],
                ours: tuple[list[Rating], float] | None) -> None:
    """Part 3: HoDoKu's batch solver (level and score) beside sudokit's HoDoKu-style ones."""
    classpath = args.hodoku or os.environ.get("SUDOKIT_HODOKU_CP")
    java = shutil.which("java")
    if not classpath or java is None:
        print("\n# HoDoKu: skipped (set SUDOKIT_HODOKU_CP or --hodoku to a HoDoKu 2.2 class path)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "p.txt").write_text("\n".join(puzzles) + "\n")
        start = time.perf_counter()
        out = subprocess.run(
            [java, "-Djava.awt.headless=true", "-cp", classpath, "sudoku.Main", "/bs", "p.txt",
             "/o", "stdout"],
            capture_output=True, text=True, check=False, cwd=tmp,
        ).stdout
        seconds = time.perf_counter() - start
    theirs = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 4 and parts[1].startswith("#") and parts[-1].startswith("("):
            theirs[parts[0]] = (parts[2].lower(), int(parts[-1].strip("()")))
    ratings, our_seconds = ours if ours is not None else rate_timed(puzzles, args)
    same = sum(1 for p, r in zip(puzzles, ratings, strict=True)
               if p in theirs and theirs[p][0] == r.level)
    print(f"\n# HoDoKu on {len(puzzles)} puzzles: same level {same}/{len(puzzles)}")
    if args.hodoku_path:
        start = time.perf_counter()
        alt = list(rate_many(puzzles, time_limit=args.peer_time_limit, hodoku_path=True))
        alt_same = sum(1 for p, r in zip(puzzles, alt, strict=True)
                       if p in theirs and theirs[p][0] == r.level)
        print(f"same level with rate(hodoku_path=True): {alt_same}/{len(puzzles)} "
              f"({time.perf_counter() - start:.1f} s)")
    if args.verbose:
        for p, r in zip(puzzles, ratings, strict=True):
            print(f"  {p}  HoDoKu {theirs.get(p)}  sudokit {(r.level, r.score)}")
    print(f"HoDoKu:  {seconds:8.1f} s (JVM start included); sudokit {our_seconds:8.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--table", default=str(TABLE), help="the cbg-000_SER.tsv file")
    parser.add_argument("--limit", type=int, default=0, help="rate at most this many (0: all)")
    parser.add_argument("--step", type=int, default=1, help="take every STEP-th puzzle")
    parser.add_argument("--offset", type=int, default=0, help="start at this row (with --step)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per puzzle")
    parser.add_argument("--show", type=int, default=40, help="differences to list")
    parser.add_argument("--progress", action="store_true", help="progress lines on stderr")
    parser.add_argument("--serate", help="class path of Sudoku Explainer 1.2.1.3 (serate)")
    parser.add_argument("--hodoku", help="class path of HoDoKu 2.2")
    parser.add_argument("--peer-file", default=str(DATA / "top95.txt"))
    parser.add_argument("--peer-limit", type=int, default=10)
    parser.add_argument("--peer-time-limit", type=float, default=None)
    parser.add_argument("--shuffle", type=int, default=None, metavar="SEED",
                        help="rate a random isomorph of each peer puzzle (seeded)")
    parser.add_argument("--verbose", action="store_true", help="list every peer puzzle")
    parser.add_argument("--hodoku-path", action="store_true",
                        help="also compare HoDoKu's level with rate(hodoku_path=True)'s")
    parser.add_argument("--no-table", dest="table_part", action="store_false",
                        help="skip part 1 (only the serate comparison)")
    args = parser.parse_args()
    for what, path in (("--table", args.table if args.table_part else None), ("--peer-file", args.peer_file)):
        if path is not None and not Path(path).is_file():
            parser.error(f"{what}: no such file: {path} (the shared data sets: $SUDOKIT_DATA)")
    if args.table_part:
        agreement(args)
    puzzles = peer_puzzles(args)
    ours = serate_peer(args, puzzles, None)
    hodoku_peer(args, puzzles, ours)


if __name__ == "__main__":
    main()
