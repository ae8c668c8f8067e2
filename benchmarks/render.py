"""Rendering speed: the SVG of a 9×9 grid with pencil marks, and a 100-puzzle PDF booklet.

Prints the median time of ``sudokit.render.svg.grid`` on a 17-clue puzzle with all its pencil marks
(301 marks, the most a 9×9 picture usually holds) and the time to write a booklet of 100
puzzles (generation and rating timed apart from the drawing).

    python benchmarks/render.py [--runs 500] [--count 100]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from sudokit.candidates import Candidates
from sudokit.generation.generator import generate_many
from sudokit.grid import Grid
from sudokit.render import svg

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def svg_median(runs: int) -> tuple[float, int]:
    """Median seconds of one SVG with pencil marks, and its length in characters."""
    grid = Grid.from_string(PUZZLE)
    cands = Candidates.from_grid(grid)
    text = svg.grid(grid, candidates=cands)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        svg.grid(grid, candidates=cands)
        times.append(time.perf_counter() - start)
    return statistics.median(times), len(text)


def booklet(count: int, out: Path) -> tuple[float, float, int]:
    """Seconds to generate and rate ``count`` puzzles, seconds to write their booklet, pages."""
    from sudokit.render.booklet import book

    start = time.perf_counter()
    puzzles = [made.puzzle for made in generate_many(count, seed=2024)]
    made = time.perf_counter()
    result = book(puzzles, out, per_page=4, solutions=True)
    return made - start, time.perf_counter() - made, result.pages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=500, help="SVG timing runs (default 500)")
    parser.add_argument("--count", type=int, default=100, help="puzzles in the booklet (default 100)")
    args = parser.parse_args(argv)
    median, size = svg_median(args.runs)
    print(f"svg.grid 9x9 with 301 pencil marks: median {median * 1e6:.0f} µs over {args.runs} runs "
          f"({size:,} characters)")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "booklet.pdf"
        generated, written, pages = booklet(args.count, out)
        print(f"booklet of {args.count} puzzles (4 a page, solutions): generated in {generated:.2f} s, "
              f"rated and written in {written:.2f} s, {pages} pages, {out.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
