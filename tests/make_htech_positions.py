"""Make tests/htech_positions.json: positions with HoDoKu 2.2's own answers for the HoDoKu
techniques sudokit added last (multi-colouring, avoidable rectangles, ALS chains, Death
Blossom), the fixed sample of tests/test_htech_hodoku.py.

Positions come from solving paths: each puzzle is solved with the registry's techniques up to
(not including) the chains and the techniques under test, and every position where the next
step is not a single is taken, up to where the path gets stuck. HoDoKu's answers come from a
small Java driver (ours, kept beside the project with HoDoKu 2.2's classes, never in the
repository) that runs HoDoKu's finder of one solution type on a position: its first step
(``SudokuStepFinder.getStep``, what HoDoKu's solver takes) and all its steps (the "find all
steps" lists), as elimination sets. Run::

    python tests/make_htech_positions.py tests/htech_positions.json \
        --hodoku /work/peers/hodoku ../shared/data/ratings/cbg-000_SER.tsv:600 \
        ../shared/data/magictour_top1465.txt:300 ../shared/data/17_clue.txt:300

(``FILE:N`` takes the first N puzzles of FILE). The file keeps every position where HoDoKu's
finder of some type fires, and ``--negatives`` of the others (evenly spread).
"""

from __future__ import annotations

import argparse
import json
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

from sudokit import Grid
from sudokit.candidates import Candidates, digits_of
from sudokit.techniques import Technique, first_step, techniques

#: HoDoKu's solution types compared, and the registry technique of each.
TYPES = {
    "MULTI_COLORS": "Multi-Colouring",
    "AVOIDABLE_RECTANGLE_1": "Avoidable Rectangle type 1",
    "AVOIDABLE_RECTANGLE_2": "Avoidable Rectangle type 2",
    "ALS_XY_CHAIN": "ALS-Chain",
    "DEATH_BLOSSOM": "Death Blossom",
}

#: Techniques left out of the paths that make the positions (chains, and those under test).
LEFT_OUT = {*TYPES.values(), "AIC", "Forcing Chain", "Nishio Forcing Chain",
            "Multiple Forcing Chain", "Dynamic Forcing Chain", "Aligned Triplet Exclusion"}

SINGLES = {"Hidden Single", "Full House", "Naked Single"}


def marks_text(cands: Candidates) -> str:
    """The candidates of each cell as digits, cells joined with commas (empty when placed)."""
    return ",".join("".join(str(d) for d in digits_of(m)) for m in cands.masks)


def values_text(cands: Candidates) -> str:
    """The placed digits, ``.`` for an empty cell."""
    return "".join(str(v) if v else "." for v in cands.values)


def read_puzzles(spec: str) -> list[str]:
    """The puzzles of ``FILE`` or ``FILE:N`` (the first N), 81-character lines."""
    path, _, count = spec.partition(":")
    puzzles = []
    for line in Path(path).read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        text = line.split()[0]
        if len(text) == 81:
            puzzles.append(text)
    return puzzles[: int(count)] if count else puzzles


def path_positions(puzzle: str, use: list[Technique]) -> Iterator[Candidates]:
    """The positions of the puzzle's path where the next step is not a single (and the end)."""
    grid = Grid.from_string(puzzle)
    work = Candidates.from_grid(grid)
    while not work.is_solved():
        step = first_step(work, use, givens=grid.cells)
        if step is None or step.technique not in SINGLES:
            yield work.copy()
        if step is None:
            return
        step.apply(work)


def hodoku_answers(hodoku: Path, lines: Sequence[str]) -> list[dict[str, dict[str, object]]]:
    """HoDoKu's first step and all steps of each type on each position (the driver's output)."""
    driver = hodoku / "htech"
    done = subprocess.run(
        ["java", "-Djava.awt.headless=true", "-cp", f"{hodoku / 'classes'}:{driver}", "HtechFinder",
         *TYPES], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True,
    )
    out = done.stdout.splitlines()
    assert len(out) == len(lines) * len(TYPES), (len(out), done.stderr[-2000:])
    answers: list[dict[str, dict[str, object]]] = []
    for i in range(len(lines)):
        entry: dict[str, dict[str, object]] = {}
        for row in out[i * len(TYPES) : (i + 1) * len(TYPES)]:
            kind, _, first, _, every = row.split(" ")
            entry[kind] = {"first": _elims(first), "all": [_elims(x) for x in every.split(";")]
                           if every != "-" else []}
        answers.append(entry)
    return answers


def _elims(text: str) -> list[int] | None:
    """``TYPE,cell*10+digit,...`` as the sorted numbers (None for ``-``)."""
    if text == "-":
        return None
    return sorted({int(x) for x in text.split(",")[1:]})


def main() -> None:
    """Collect positions, ask HoDoKu, write the JSON file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output")
    parser.add_argument("puzzles", nargs="+", help="FILE or FILE:N")
    parser.add_argument("--hodoku", type=Path, default=Path("/work/peers/hodoku"))
    parser.add_argument("--negatives", type=int, default=600)
    parser.add_argument("--reuse", action="store_true",
                        help="ask HoDoKu again about the positions of the output file")
    args = parser.parse_args()
    use = [t for t in techniques() if t.name not in LEFT_OUT]
    positions: list[tuple[str, str, str]] = []
    seen: set[tuple[str, str]] = set()
    if args.reuse:
        old = json.loads(Path(args.output).read_text())
        positions = [(e["puzzle"], e["values"], e["marks"]) for e in old]
    for spec in [] if args.reuse else args.puzzles:
        for puzzle in read_puzzles(spec):
            for cands in path_positions(puzzle, use):
                key = (values_text(cands), marks_text(cands))
                if key not in seen:
                    seen.add(key)
                    positions.append((puzzle, *key))
    lines = [f"{p} {v} {m}" for p, v, m in positions]
    answers = hodoku_answers(args.hodoku, lines)
    fires = [i for i, a in enumerate(answers) if any(x["first"] for x in a.values())]
    others = [i for i, a in enumerate(answers) if i not in set(fires)]
    step = max(1, len(others) // max(1, args.negatives))
    keep = sorted(set(fires) | set(others[::step][: args.negatives]))
    data = [
        {"puzzle": positions[i][0], "values": positions[i][1], "marks": positions[i][2],
         "hodoku": answers[i]}
        for i in keep
    ]
    Path(args.output).write_text(json.dumps(data, separators=(",", ":")) + "\n")
    counts = {k: sum(1 for i in keep if answers[i][k]["first"]) for k in TYPES}
    print(f"{len(positions)} positions, {len(keep)} kept; HoDoKu fires: {counts}")


if __name__ == "__main__":
    main()
