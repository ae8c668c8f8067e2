"""Controlled-bias puzzles (``generate(method="controlled-bias")``) against Berthier's cbg-000.

Generates ``--count`` puzzles with sudokit's controlled-bias sampler, rates each with
``sudokit.rate`` (Sudoku Explainer's ER, C rater), and prints the clue-count and ER histograms
next to cbg-000's (../shared/data/ratings/cbg-000_SER.tsv: SE 1.2.1 ratings of Berthier's
controlled-bias puzzles) with a chi-square two-sample test of homogeneity on each.

The p-value: scipy is not a dependency, so the chi-square upper tail is computed here with the
Wilson-Hilferty cube-root normal approximation (accurate to a few 1e-3 in p for 4 or more degrees
of freedom, which is all a verdict at the 5 % level needs). Bins with fewer than 5 expected
puzzles are merged with their neighbours first.

    PYTHONPATH=src python benchmarks/unbiased.py --count 200 --seed 1
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections import Counter
from pathlib import Path

import sudokit

DATA = Path(os.environ.get("SUDOKIT_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
TABLE = DATA / "ratings" / "cbg-000_SER.tsv"

#: ER bins: SE's bands of difficulty (upper ends inclusive).
ER_EDGES = (1.5, 2.0, 2.6, 3.4, 4.4, 6.2, 7.1, 7.6, 8.3, 9.0, 20.0)


def chi2_sf(x: float, dof: int) -> float:
    """P(X ≥ x) for chi-square with ``dof`` degrees of freedom (Wilson-Hilferty)."""
    if dof <= 0:
        return 1.0
    z = ((x / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))
    return 0.5 * math.erfc(z / math.sqrt(2))


def homogeneity(a: list[int], b: list[int]) -> tuple[float, int, float]:
    """Chi-square two-sample test on binned counts ``a`` and ``b``: (statistic, dof, p)."""
    na, nb = sum(a), sum(b)
    merged: list[tuple[int, int]] = []
    ca = cb = 0
    for x, y in zip(a, b, strict=True):  # merge bins until each expects 5 in both samples
        ca, cb = ca + x, cb + y
        if (ca + cb) * min(na, nb) / (na + nb) >= 5:
            merged.append((ca, cb))
            ca = cb = 0
    if ca or cb:
        if merged:
            x, y = merged.pop()
            merged.append((x + ca, y + cb))
        else:
            merged.append((ca, cb))
    stat = 0.0
    for x, y in merged:
        total = x + y
        ea, eb = total * na / (na + nb), total * nb / (na + nb)
        stat += (x - ea) ** 2 / ea + (y - eb) ** 2 / eb
    dof = len(merged) - 1
    return stat, dof, chi2_sf(stat, dof)


def er_bin(er: float) -> int:
    """The ER bin of a rating."""
    return next(i for i, edge in enumerate(ER_EDGES) if er <= edge)


def main() -> int:
    """Run the comparison."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", default=str(TABLE))
    parser.add_argument("--out", help="also write the puzzles and their ER here (tab-separated)")
    parser.add_argument("--load", help="compare the puzzles and ER of an --out file instead of generating")
    args = parser.parse_args()
    if not Path(args.table).is_file():
        parser.error(f"--table: no such file: {args.table} (the shared data sets: $SUDOKIT_DATA)")
    ref = [ln.split("\t") for ln in Path(args.table).read_text(encoding="utf-8").splitlines()
           if ln and not ln.startswith("#")]
    ref_er = [float(r[2]) for r in ref]
    ref_clues = [sum(ch != "." for ch in r[0]) for r in ref]
    start = time.perf_counter()
    ours_er: list[float] = []
    ours_clues: list[int] = []
    sink = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    gen_seconds = rate_seconds = 0.0
    t0 = time.perf_counter()
    if args.load:
        rows = [ln.split("\t") for ln in Path(args.load).read_text(encoding="utf-8").splitlines() if ln]
        ours_er = [float(r[1]) for r in rows]
        ours_clues = [sum(ch not in ".0" for ch in r[0]) for r in rows]
        args.count = 0
    for made in sudokit.generate_many(args.count, seed=args.seed, method="controlled-bias"):
        t1 = time.perf_counter()
        rating = sudokit.rate(made.puzzle)
        t2 = time.perf_counter()
        gen_seconds += t1 - t0
        rate_seconds += t2 - t1
        assert sudokit.is_minimal(made.puzzle)
        ours_er.append(float(rating.er))
        ours_clues.append(made.clues)
        if sink:
            sink.write(f"{made.puzzle.to_string()}\t{rating.er}\n")
            sink.flush()
        print(f"\r{len(ours_er)}/{args.count}  {gen_seconds / len(ours_er):.2f} s/puzzle", end="",
              file=sys.stderr, flush=True)
        t0 = time.perf_counter()
    print(file=sys.stderr)
    if sink:
        sink.close()
    n, m = len(ours_er), len(ref_er)
    if args.load:
        print(f"# controlled-bias: {n} puzzles loaded from {args.load}; cbg-000: {m} puzzles")
    else:
        print(f"# controlled-bias: {n} puzzles (seed {args.seed}) in {time.perf_counter() - start:.0f} s "
              f"({gen_seconds / n:.2f} s a puzzle to generate, {rate_seconds / n:.3f} s to rate); "
              f"cbg-000: {m} puzzles")
    lo = min(min(ref_clues), min(ours_clues))
    hi = max(max(ref_clues), max(ours_clues))
    oc, rc = Counter(ours_clues), Counter(ref_clues)
    print("\nclues  sudokit   cbg-000")
    for k in range(lo, hi + 1):
        print(f"{k:5d}  {100 * oc[k] / n:6.2f} %  {100 * rc[k] / m:6.2f} %")
    stat, dof, p = homogeneity([oc[k] for k in range(lo, hi + 1)], [rc[k] for k in range(lo, hi + 1)])
    print(f"mean   {sum(ours_clues) / n:6.2f}    {sum(ref_clues) / m:6.2f}")
    print(f"chi-square {stat:.2f}, {dof} dof, p = {p:.3f}")
    ob = Counter(er_bin(e) for e in ours_er)
    rb = Counter(er_bin(e) for e in ref_er)
    print("\nER up to  sudokit   cbg-000")
    for i, edge in enumerate(ER_EDGES):
        print(f"{edge:8.1f}  {100 * ob[i] / n:6.2f} %  {100 * rb[i] / m:6.2f} %")
    stat, dof, p = homogeneity([ob[i] for i in range(len(ER_EDGES))], [rb[i] for i in range(len(ER_EDGES))])
    print(f"mean ER  {sum(ours_er) / n:6.2f}    {sum(ref_er) / m:6.2f}")
    hard, ref_hard = sum(e >= 7 for e in ours_er) / n, sum(e >= 7 for e in ref_er) / m
    print(f"ER >= 7: {100 * hard:.1f} %   {100 * ref_hard:.1f} %")
    print(f"chi-square {stat:.2f}, {dof} dof, p = {p:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
