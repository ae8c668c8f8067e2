"""Make tests/htech_positions.json: positions with HoDoKu 2.2's own answers for the HoDoKu
techniques sudokit added last (multi-colouring, avoidable rectangles, ALS chains, Death
Blossom, Franken and Mutant fish), the fixed sample of tests/test_htech_hodoku.py.

Positions come from solving paths: each puzzle is solved with the registry's techniques up to
(not including) the chains and the techniques under test, and every position where the next
step is not a single is taken, up to where the path gets stuck. HoDoKu's answers come from a
small Java driver (ours, kept beside the project with HoDoKu 2.2's classes, never in the
repository) that runs HoDoKu's finder of one solution type on a position: its first step
(``SudokuStepFinder.getStep``, what HoDoKu's solver takes, with its type) and all its steps
(the "find all steps" lists; for the ALS chain, the whole sorted list its solver picks from;
none for the fish), as elimination sets. Run::

    python tests/make_htech_positions.py tests/htech_positions.json \
        --hodoku /work/peers/hodoku ../shared/data/ratings/cbg-000_SER.tsv:200 \
        ../shared/data/magictour_top1465.txt:60 ../shared/data/17_clue.txt:60

(``FILE:N`` takes the first N puzzles of FILE). The file keeps ``--keep`` positions: those where
the rarer types fire, then others evenly spread; all HoDoKu's steps of a type are kept as their
number and a digest of their elimination sets. It prints how many positions HoDoKu was asked
about and how often each type fired.
"""

from __future__ import annotations

import argparse
import hashlib
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
    "FRANKEN_X_WING": "Franken Fish",
    "FRANKEN_SWORDFISH": "Franken Fish",
    "FINNED_FRANKEN_X_WING": "Finned Franken Fish",
    "FINNED_FRANKEN_SWORDFISH": "Finned Franken Fish",
    "MUTANT_X_WING": "(mutant_fish)",
    "FINNED_MUTANT_X_WING": "(mutant_fish)",
    "MUTANT_SWORDFISH": "(mutant_fish)",
    "FINNED_MUTANT_SWORDFISH": "(mutant_fish)",
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
            steps = [_elims(x) for x in every.split(";")] if every != "-" else []
            entry[kind] = {"first": _elims(first), "type": first.split(",")[0],
                           **summary([x for x in steps if x])}
        answers.append(entry)
    return answers


def summary(steps: Sequence[Sequence[int]]) -> dict[str, object]:
    """All steps' elimination sets, told by their number and a digest (sorted, deduplicated)."""
    distinct = sorted({tuple(x) for x in steps})
    text = ";".join(",".join(str(v) for v in x) for x in distinct)
    return {"count": len(distinct), "digest": hashlib.sha1(text.encode()).hexdigest()[:16]}


def _elims(text: str) -> list[int] | None:
    """``TYPE,cell*10+digit,...`` as the sorted numbers (None for ``-``)."""
    if text == "-":
        return None
    return sorted({int(x) for x in text.split(",")[1:]})


def choose(answers: Sequence[dict[str, dict[str, object]]], keep: int) -> list[int]:
    """The positions kept: each where a rarer type fires (rarest first), then the others
    evenly spread, ``keep`` in all."""
    chosen: set[int] = set()
    fired = {k: [i for i, a in enumerate(answers) if a[k]["first"]] for k in TYPES}
    for kind in sorted(TYPES, key=lambda k: len(fired[k])):
        if len(chosen) + len(fired[kind]) <= keep // 2:
            chosen.update(fired[kind])
    rest = [i for i in range(len(answers)) if i not in chosen]
    step = max(1, len(rest) // max(1, keep - len(chosen)))
    chosen.update(rest[::step][: keep - len(chosen)])
    return sorted(chosen)


def main() -> None:
    """Collect positions, ask HoDoKu, write the JSON file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output")
    parser.add_argument("puzzles", nargs="+", help="FILE or FILE:N")
    parser.add_argument("--hodoku", type=Path, default=Path("/work/peers/hodoku"))
    parser.add_argument("--keep", type=int, default=700, help="positions kept in the file")
    parser.add_argument("--everything", help="also write every position asked about here")
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
    keep = choose(answers, args.keep)
    data = [
        {"puzzle": positions[i][0], "values": positions[i][1], "marks": positions[i][2],
         "hodoku": answers[i]}
        for i in keep
    ]
    Path(args.output).write_text(json.dumps(data, separators=(",", ":")) + "\n")
    counts = {k: sum(1 for a in answers if a[k]["first"]) for k in TYPES}
    kept = {k: sum(1 for i in keep if answers[i][k]["first"]) for k in TYPES}
    print(f"{len(positions)} positions, HoDoKu fires: {counts}; {len(keep)} kept, firing: {kept}")
    if args.everything is not None:
        every = [{"puzzle": p, "values": v, "marks": m, "hodoku": a}
                 for (p, v, m), a in zip(positions, answers, strict=True)]
        Path(args.everything).write_text(json.dumps(every, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
