"""Seed 003's tables reproduced: the random-fill generator's cost for each K.

Usage::

    python benchmarks/seed003_fill.py [--runs 1000] [--seed 2019] [--engine c|python]

For each K from 17 to 35, ``--runs`` runs of ``sudokit.generation.generator``'s ``method="random-fill"``
without digging and (the same runs, same seeds) with digging; one Markdown row per K with the
mean fill rounds, solver calls, clues and milliseconds (CPU time) of each. Xiao Bo's article
(2019) describes these tables; docs/generator.md compares the figures with what its text states.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

try:
    import sudokit  # noqa: F401  (the installed package, or the source tree next to this file)
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from sudokit.generation.generator import Generator, options, puzzle_seed

#: The K values of the tables.
KS = tuple(range(17, 36))


@dataclass(frozen=True)
class FillRow:
    """One row of seed 003's tables: means over ``runs`` random-fill runs with one K."""

    k: int
    runs: int
    rounds: float
    solver_calls: float
    clues: float
    ms: float
    calls_after: float
    clues_after: float
    ms_after: float


def fill_table(
    ks: Sequence[int] = KS, runs: int = 1000, seed: int = 2019, engine: str | None = None
) -> Iterator[FillRow]:
    """For each K, mean fill rounds, solver calls, clues and time over ``runs`` runs, without
    digging and (the same runs, same seeds) with digging."""
    for k in ks:
        plain = Generator(options(method="random-fill", k=k, dig=False, engine=engine))
        dug = Generator(options(method="random-fill", k=k, dig=True, engine=engine))
        sums = [0.0] * 7
        for i in range(runs):
            s = puzzle_seed(seed + k, i)
            a = plain.make(s).stats
            b = dug.make(s).stats
            assert a is not None and b is not None
            for j, v in enumerate(
                (a.rounds, a.solver_calls, a.clues, a.seconds, b.solver_calls, b.clues_after, b.seconds)
            ):
                sums[j] += v
        m = [v / runs for v in sums]
        yield FillRow(k, runs, m[0], m[1], m[2], m[3] * 1000, m[4], m[5], m[6] * 1000)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table as Markdown, one row per K as it is measured."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1000, help="runs per K (default 1000)")
    parser.add_argument("--seed", type=int, default=2019, help="run seed (default 2019)")
    parser.add_argument("--engine", choices=("c", "python"), help="force an engine (default: the best)")
    args = parser.parse_args(argv)
    print("| K | rounds | solver calls | clues | ms | calls (dig) | clues (dig) | ms (dig) |"
          f"  ({args.runs} runs)")
    print("|---|---|---|---|---|---|---|---|")
    for row in fill_table(runs=args.runs, seed=args.seed, engine=args.engine):
        print(
            f"| {row.k} | {row.rounds:.2f} | {row.solver_calls:.2f} | {row.clues:.2f} | {row.ms:.3f} "
            f"| {row.calls_after:.2f} | {row.clues_after:.2f} | {row.ms_after:.3f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
