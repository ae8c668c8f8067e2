"""Compare the C finders of human9 (csrc/se/human9_*.c) with their Python twins on positions.

Used by tests/test_human9.py and by hand while porting::

    python tests/techniques/human9_compare.py make-positions OUT.jsonl PUZZLE_FILE [--limit N] [--skip K]
    python tests/techniques/human9_compare.py check POSITIONS.jsonl [--tech NAME ...] [--limit N]

A positions file holds one JSON object a line: ``{"puzzle": ..., "values": [...81],
"masks": [...81]}``, every position met on the Python rating path of the puzzles.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

from sudokit import Grid
from sudokit.candidates import Candidates
from sudokit.engine.solver import solve
from sudokit.rating.explainer import rate
from sudokit.shape import Shape
from sudokit.techniques import Step, Technique, techniques

#: A step reduced to what the C side returns: name, difficulty in tenths, placements, eliminations.
Key = tuple[str, int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


def se_techniques() -> list[Technique]:
    """The SE rating order, which is also human9's hm_se_order."""
    return techniques(se_only=True)


@cache
def technique_index(name: str) -> int:
    """The index of a technique in the SE order (human9_find's first argument)."""
    return [t.name for t in se_techniques()].index(name)


@cache
def solution_cells(puzzle: str) -> tuple[int, ...]:
    """The cells of a unique puzzle's solution."""
    return tuple(solve(puzzle).cells)


def python_key(step: Step | None) -> Key | None:
    """The comparable part of a Python step."""
    if step is None:
        return None
    return (step.technique, round(step.difficulty * 10), tuple(sorted(step.placements)),
            tuple(sorted(step.eliminations)))


def c_key(found: object) -> Key | None:
    """The comparable part of what sudokit._core.human9_find returned."""
    if found is None:
        return None
    if isinstance(found, str):  # "limit" or "unported"
        return (found, 0, (), ())
    assert isinstance(found, tuple), found
    name, tenths, _hodoku, place, elim = found
    return (name, tenths, tuple(sorted(place)), tuple(sorted(elim)))


def positions_of(puzzle: str) -> Iterator[tuple[list[int], list[int]]]:
    """Every position (values, masks) on the Python rating path of ``puzzle``."""
    grid = Grid.from_string(puzzle)
    rating = rate(grid, keep_steps=True, time_limit=120)
    cands = Candidates.from_grid(grid)
    for step in rating.steps:
        yield list(cands.values), list(cands.masks)
        step.apply(cands)


def compare(index: int, values: Sequence[int], masks: Sequence[int]) -> tuple[Key | None, Key | None]:
    """(Python's first step, C's first step) of SE technique ``index`` on a position."""
    from sudokit import _core  # type: ignore[attr-defined]

    technique = se_techniques()[index]
    cands = Candidates(list(values), list(masks), Shape(3, 3))
    py = python_key(next(iter(technique.steps(cands)), None))
    c = c_key(_core.human9_find(index, bytes(values), list(masks)))
    return py, c


def _read(path: str, limit: int | None) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return rows[:limit] if limit else rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("make-positions")
    make.add_argument("out")
    make.add_argument("puzzles")
    make.add_argument("--limit", type=int, default=None)
    make.add_argument("--skip", type=int, default=0)
    check = sub.add_parser("check")
    check.add_argument("positions")
    check.add_argument("--tech", action="append", default=[])
    check.add_argument("--limit", type=int, default=None)
    args = parser.parse_args(argv)
    if args.command == "make-positions":
        with open(args.puzzles, encoding="utf-8") as f:
            puzzles = [ln.split()[0] for ln in f if ln.strip() and not ln.startswith("#")]
        puzzles = puzzles[args.skip:][: args.limit]
        with open(args.out, "w", encoding="utf-8") as out:
            for puzzle in puzzles:
                for values, masks in positions_of(puzzle):
                    out.write(json.dumps({"puzzle": puzzle, "values": values, "masks": masks}) + "\n")
        return 0
    names = [t.name for t in se_techniques()]
    chosen = [names.index(t) for t in args.tech] if args.tech else range(len(names))
    rows = _read(args.positions, args.limit)
    bad = 0
    for index in chosen:
        py_time = 0.0
        same = applies = 0
        for row in rows:
            values, masks = row["values"], row["masks"]
            if not isinstance(values, list) or not isinstance(masks, list):
                raise ValueError(f"bad position row: {row}")
            t0 = time.perf_counter()
            py, c = compare(index, values, masks)
            py_time += time.perf_counter() - t0
            same += py == c
            applies += py is not None
            if py != c and bad < 20:
                bad += 1
                print(f"DIFF {names[index]} on {row['puzzle']}\n  values={values}\n  masks={masks}\n"
                      f"  python={py}\n  c     ={c}", file=sys.stderr)
        print(f"{names[index]:28s} {same}/{len(rows)} equal ({applies} where it applies), "
              f"{py_time:.1f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
