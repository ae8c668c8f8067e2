"""Make ``src/sudokit/data/hard_starts.txt``: sudokit's own start puzzles for a climb to ER 10+.

    python tools/make_hard_starts.py --count 200 --seed 20261126             # climb, then write
    python tools/make_hard_starts.py --jsonl made.jsonl                      # from a finished run

The puzzles are made by sudokit's vicinity search (``generate(difficulty="10.0-", near=...,
minimal=True)``) started from the forum's hardest puzzles (``../shared/data``, public data kept
outside the repository). Each is kept only when ``rate`` gives it ER ≥ 10.0 again, it is unique
and minimal, and its minlex form is none of the forum puzzles' and none of an earlier kept one's:
the file holds new puzzles, not the forum's.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from sudokit.canon.minlex import canonical_string
from sudokit.engine.solver import is_unique
from sudokit.generation.generator import generate_many, is_minimal
from sudokit.grid import Grid, read_grids
from sudokit.rating.explainer import rate

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(
    os.environ.get("SUDOKIT_SHARED_DATA") or os.environ.get("SUDOKIT_DATA") or ROOT.parent / "shared" / "data"
)
FORUM = DATA / "forum_hardest_1106.txt"
OUT = ROOT / "src" / "sudokit" / "data" / "hard_starts.txt"


def made_puzzles(args: argparse.Namespace, forum: list[Grid]) -> list[Grid]:
    """The puzzles of a finished run (``--jsonl``) or of a new climb near the forum's."""
    if args.jsonl:
        lines = Path(args.jsonl).read_text().splitlines()
        return [Grid.from_string(json.loads(line)["puzzle"]) for line in lines if line.strip()]
    return [made.puzzle for made in generate_many(args.count, seed=args.seed, difficulty="10.0-",
                                                  near=forum, minimal=True, time_limit=None)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20261126)
    parser.add_argument("--jsonl", help="puzzles of a finished `sudokit generate --json` run")
    args = parser.parse_args()
    forum = [g for _, g in read_grids(FORUM) if isinstance(g, Grid)]
    shunned = {canonical_string(g) for g in forum}
    kept: list[tuple[float, str]] = []
    for puzzle in made_puzzles(args, forum):
        key = canonical_string(puzzle)
        if key in shunned or not is_unique(puzzle) or not is_minimal(puzzle):
            continue
        er = rate(puzzle).er
        if er is None or er < 10.0:
            continue
        shunned.add(key)
        kept.append((er, puzzle.to_string().replace("0", ".")))
    ers = sorted(er for er, _ in kept)
    header = [
        "# sudokit's start puzzles for a climb to ER 10.0 and more (generation.vicinity.bundled_starts).",
        f"# {len(kept)} minimal 9x9 puzzles, ER {ers[0]:.1f}-{ers[-1]:.1f} by sudokit.rate, made by",
        "# sudokit's vicinity search (generate(difficulty='10.0-', near=..., minimal=True)) started from the",
        "# Enjoy Sudoku Players Forum's public 'hardest' list; none is equivalent (minlex) to a puzzle",
        "# of that list or to another line here. Remade by tools/make_hard_starts.py.",
        "# One puzzle a line: 81 characters, row by row, '.' for an empty cell.",
    ]
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text("\n".join(header + [p for _, p in kept]) + "\n")
    print(f"{len(kept)} puzzles, ER {ers[0]:.1f}-{ers[-1]:.1f}, written to {OUT}")


if __name__ == "__main__":
    main()
