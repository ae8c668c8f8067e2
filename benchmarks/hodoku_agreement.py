"""HoDoKu agreement: sudokit's ``rate(hodoku_path=True)`` beside HoDoKu 2.2 on the same puzzles.

Rates a random sample (puzzles drawn from ../shared/data files, each shuffled with a random
isomorph, plus freshly generated ones) with both, in the same run, and prints the share with
the same level and the same exact score. It times three things on those puzzles, one after the
other: HoDoKu 2.2's batch (one JVM for all, its start included; the sum of its own per-puzzle
times is printed too), sudokit's HoDoKu scale alone (``sudokit.rating.hodoku.path.hodoku_rating``: the
same work as HoDoKu's batch) and ``rate(hodoku_path=True)`` (Sudoku Explainer's rating and the
HoDoKu scale), and prints each ratio (HoDoKu's time / sudokit's). ``--engine`` picks sudokit's
engine (``c``: the C HoDoKu path, with Python finders for the step types not yet in C).
``--diff`` also walks both paths step by step and counts where they first part (HoDoKu's step
type against sudokit's), the way the HoDoKu path was fixed.

HoDoKu is run through a small path driver built beside the project (never in it): the
directory holding ``run_path.sh`` (``--hodoku`` or ``SUDOKIT_HODOKU_DIR``, default
/work/peers/hodoku). Without it the benchmark says so and stops cleanly.

    python benchmarks/hodoku_agreement.py --count 200 --seed 1 --engine c --diff
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from sudokit import rate
from sudokit.canon.minlex import random_transform
from sudokit.errors import TimeLimitReached
from sudokit.grid import Grid
from sudokit.limits import Deadline
from sudokit.rating.explainer import Rating
from sudokit.rating.hodoku.path import hodoku_path, hodoku_rating

#: The folder that holds this repository: ../shared/data and the peers in ../peers live there.
BESIDE = Path(__file__).resolve().parents[2]

DATA = Path(os.environ.get("SUDOKIT_DATA", BESIDE / "shared" / "data"))
FILES = ("17_clue.txt", "magictour_top1465.txt", "top95.txt")

#: HoDoKu's step types that count under another type's configuration (score and level).
FAMILY = {
    "CONTINUOUS_NICE_LOOP": "NICE_LOOP", "DISCONTINUOUS_NICE_LOOP": "NICE_LOOP", "AIC": "NICE_LOOP",
    "GROUPED_CONTINUOUS_NICE_LOOP": "GROUPED_NICE_LOOP",
    "GROUPED_DISCONTINUOUS_NICE_LOOP": "GROUPED_NICE_LOOP", "GROUPED_AIC": "GROUPED_NICE_LOOP",
    "FORCING_CHAIN_CONTRADICTION": "FORCING_CHAIN", "FORCING_CHAIN_VERITY": "FORCING_CHAIN",
    "FORCING_NET_CONTRADICTION": "FORCING_NET", "FORCING_NET_VERITY": "FORCING_NET",
    "DUAL_TWO_STRING_KITE": "TWO_STRING_KITE", "DUAL_EMPTY_RECTANGLE": "EMPTY_RECTANGLE",
    "SIMPLE_COLORS_TRAP": "SIMPLE_COLORS", "SIMPLE_COLORS_WRAP": "SIMPLE_COLORS",
    "MULTI_COLORS_1": "MULTI_COLORS", "MULTI_COLORS_2": "MULTI_COLORS",
}


def puzzle_lines(path: Path) -> list[str]:
    """The 81-character puzzles of a file (comment lines skipped)."""
    out = []
    for line in path.read_text().splitlines():
        text = line.strip()
        if len(text) >= 81 and not text.startswith("#"):
            out.append(text[:81])
    return out


def sample(args: argparse.Namespace) -> list[str]:
    """``--count`` puzzles: shuffled isomorphs from the data files and generated ones."""
    rng = random.Random(args.seed)
    pools = [puzzle_lines(Path(args.data) / name) for name in args.files.split(",")]
    pools = [p for p in pools if p]
    generated = int(args.count * args.generated)
    out: list[str] = []
    while len(out) < args.count - generated:
        pool = rng.choice(pools)
        grid = random_transform(Grid.from_string(rng.choice(pool)), rng)
        out.append(grid.to_string().replace("0", "."))
    if generated:
        from sudokit.generation.generator import generate

        for k in range(generated):
            out.append(generate(seed=rng.randrange(2**31) + k).to_string().replace("0", "."))
    return out


def run_hodoku(directory: Path, puzzles: list[str]) -> tuple[list[dict[str, object]], float]:
    """HoDoKu's path, level and score for each puzzle, and the seconds the JVM took."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(puzzles) + "\n")
        name = handle.name
    try:
        start = time.perf_counter()
        text = subprocess.run([str(directory / "run_path.sh"), name], capture_output=True,
                              text=True, check=True).stdout
        seconds = time.perf_counter() - start
    finally:
        os.unlink(name)
    results: list[dict[str, object]] = []
    steps: list[str] = []
    for line in text.splitlines():
        if line.startswith("P "):
            steps = []
        elif line.startswith("S "):
            steps.append(line)
        elif line.startswith("R "):
            _, _, level, score, ms = line.split()
            results.append({"level": level.lower(), "score": int(score), "steps": steps, "ms": int(ms)})
    return results, seconds


def time_scale(puzzles: list[str], engine: str | None,
               time_limit: float) -> tuple[list[tuple[int, str] | None], float]:
    """sudokit's HoDoKu score and level alone for each puzzle (None: out of time), and the seconds."""
    start = time.perf_counter()
    out: list[tuple[int, str] | None] = []
    for puzzle in puzzles:
        try:
            score, level = hodoku_rating(Grid.from_string(puzzle), Deadline.after(time_limit), engine)
        except TimeLimitReached:
            out.append(None)
        else:
            out.append((score, level.lower()))
    return out, time.perf_counter() - start


def time_rate(puzzles: list[str], engine: str | None, time_limit: float) -> tuple[list[Rating], float]:
    """``rate(hodoku_path=True)`` of each puzzle (SE's rating and HoDoKu's scale), and the seconds."""
    start = time.perf_counter()
    ratings = [rate(p, hodoku_path=True, time_limit=time_limit, engine=engine) for p in puzzles]
    return ratings, time.perf_counter() - start


def print_times(their_seconds: float, their_ms: int, scale_seconds: float, rate_seconds: float,
                engine: str | None) -> None:
    """The three times and HoDoKu's time over each of sudokit's."""
    print(f"HoDoKu 2.2 batch {their_seconds:.1f} s (JVM start included; its own per-puzzle "
          f"times add up to {their_ms / 1000:.1f} s)")
    print(f"sudokit ({engine or 'default'} engine) HoDoKu scale alone (hodoku_rating) "
          f"{scale_seconds:.1f} s: ratio {their_seconds / scale_seconds:.2f}")
    print(f"sudokit ({engine or 'default'} engine) rate(hodoku_path=True) (SE + HoDoKu) "
          f"{rate_seconds:.1f} s: ratio {their_seconds / rate_seconds:.2f}")
    print("(ratio: HoDoKu time / sudokit time, above 1 when sudokit is faster)")


def first_difference(theirs: list[str], ours: list[tuple[str, str]]) -> tuple[int, str, str] | None:
    """Where the paths first differ: (index, HoDoKu's step, ours), None when they agree."""
    for i, line in enumerate(theirs):
        parts = line.split(" ", 5)
        kind, elims = FAMILY.get(parts[1], parts[1]), parts[4]
        if i >= len(ours):
            return i, kind, "(end)"
        mine_kind, mine_elims = ours[i]
        if kind != mine_kind or (kind not in ("FULL_HOUSE", "NAKED_SINGLE", "HIDDEN_SINGLE")
                                 and elims != mine_elims):
            return i, line[2:], f"{mine_kind} {mine_elims}"
    if len(ours) > len(theirs):
        return len(theirs), "(end)", ours[len(theirs)][0]
    return None


def cell_name(cell: int) -> str:
    """``r1c1`` for cell 0."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", default=str(DATA))
    parser.add_argument("--files", default=",".join(FILES))
    parser.add_argument("--generated", type=float, default=0.2,
                        help="share of freshly generated puzzles")
    hodoku = os.environ.get("SUDOKIT_HODOKU_DIR", str(BESIDE / "peers" / "hodoku"))
    parser.add_argument("--hodoku", default=hodoku,
                        help="directory of HoDoKu 2.2's path driver (run_path.sh)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--diff", action="store_true", help="count the first differing steps")
    parser.add_argument("--show", type=int, default=10, help="differences to print")
    parser.add_argument("--engine", choices=("c", "python"), default=None,
                        help="sudokit's engine (default: the C core when built)")
    args = parser.parse_args()
    missing = [name for name in args.files.split(",") if not (Path(args.data) / name).is_file()]
    if missing:
        parser.error(f"--data {args.data}: no {', '.join(missing)} (the shared data sets: $SUDOKIT_DATA)")
    directory = Path(args.hodoku)
    if not (directory / "run_path.sh").exists():
        print(f"HoDoKu 2.2 path driver not found in {directory}: skipped "
              "(set SUDOKIT_HODOKU_DIR or --hodoku)")
        return
    puzzles = sample(args)
    theirs, their_seconds = run_hodoku(directory, puzzles)
    scales, scale_seconds = time_scale(puzzles, args.engine, args.time_limit)
    ratings, rate_seconds = time_rate(puzzles, args.engine, args.time_limit)
    same_level = sum(1 for t, r in zip(theirs, ratings, strict=True) if t["level"] == r.level)
    same_score = sum(1 for t, r in zip(theirs, ratings, strict=True)
                     if t["level"] == r.level and t["score"] == r.score)
    n = len(puzzles)
    print(f"{n} puzzles (seed {args.seed}): same level {same_level} ({100 * same_level / n:.1f} %), "
          f"same score {same_score} ({100 * same_score / n:.1f} %)")
    print_times(their_seconds, sum(int(t["ms"]) for t in theirs),  # type: ignore[call-overload]
                scale_seconds, rate_seconds, args.engine)
    apart = sum(1 for s, r in zip(scales, ratings, strict=True)
                if r.status == "rated" and s is not None and s != (r.score, r.level))
    if apart:
        print(f"hodoku_rating and rate(hodoku_path=True) differ on {apart} puzzles (a bug)")
    if not args.diff:
        return
    causes: Counter[str] = Counter()
    shown = 0
    for puzzle, t in zip(puzzles, theirs, strict=True):
        path, _ = hodoku_path(Grid.from_string(puzzle), engine=args.engine)
        ours = [(s.kind, ",".join(f"{cell_name(c)}<>{d}" for c, d in s.step.eliminations) or "-")
                for s in path]
        found = first_difference(t["steps"], ours)  # type: ignore[arg-type]
        if found is None:
            continue
        index, their_step, our_step = found
        causes[f"{their_step.split()[0]} -> {our_step.split()[0]}"] += 1
        if shown < args.show:
            shown += 1
            print(f"\n{puzzle} step {index}:\n  HoDoKu  {their_step}\n  sudokit {our_step}")
    print("\nfirst differences (HoDoKu -> sudokit):")
    for cause, count in causes.most_common():
        print(f"  {count:4}  {cause}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
