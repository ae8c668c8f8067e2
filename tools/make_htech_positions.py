"""Make tests/techniques/htech_positions.json: positions with HoDoKu 2.2's own answers for the HoDoKu
techniques sudokit added last (multi-colouring, avoidable rectangles, ALS chains, Death
Blossom, Franken and Mutant fish), the fixed sample of tests/techniques/test_htech_hodoku.py.

Positions come from solving paths: each puzzle is solved with the registry's techniques up to
(not including) the chains and the techniques under test, and every position where the next
step is not a single is taken, up to where the path gets stuck. HoDoKu's answers come from a
small Java driver (ours, kept beside the project with HoDoKu 2.2's classes, never in the
repository) that runs HoDoKu's finder of one solution type on a position: its first step
(``SudokuStepFinder.getStep``, what HoDoKu's solver takes, with its type) and all its steps
(the "find all steps" lists; for the ALS chain, the whole sorted list its solver picks from;
none for the fish), as elimination sets. Run::

    python tools/make_htech_positions.py tests/techniques/htech_positions.json \
        --hodoku /work/peers/hodoku ../shared/data/ratings/cbg-000_SER.tsv:200 \
        ../shared/data/magictour_top1465.txt:60 ../shared/data/17_clue.txt:60

(``FILE:N`` takes the first N puzzles of FILE; 3,691 positions, 700 kept) and, for the avoidable
rectangles::

    python tools/make_htech_positions.py ar.json ../shared/data/17_clue.txt:100-110 --append \
        --random-states 200 --types AVOIDABLE_RECTANGLE_1 AVOIDABLE_RECTANGLE_2 \
        --where "Avoidable Rectangle type 1" --where "Avoidable Rectangle type 2"
    python tools/make_htech_positions.py states.json ../shared/data/17_clue.txt:110-113 --append \
        --random-states 100 --types AVOIDABLE_RECTANGLE_1 AVOIDABLE_RECTANGLE_2

The committed file has 330 of the 700 path positions (those with an avoidable rectangle, then
evenly spread), the 35 states of ar.json with a type 2, 40 with a type 1 only, and the first
100 of states.json (marked ``"random": true``). The file keeps ``--keep`` positions: those where
the rarer types fire, then others evenly spread. Each type's answer is None (HoDoKu finds
nothing) or ``[first step's type, its eliminations as cell * 10 + digit, the number of distinct
elimination sets of all steps, a digest of them]``. ``--random-states`` takes part-solved
states of the puzzles' solutions instead of paths (avoidable rectangles are rare on paths);
``--where`` keeps the positions where a technique of ours fires, ``--types`` asks HoDoKu about
some types only, ``--append`` adds to the file. It prints how many positions HoDoKu was asked
about and how often each type fired.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

from sudokit import Grid, solve
from sudokit.candidates import Candidates, digits_of
from sudokit.techniques import Technique, first_step, technique_named, techniques

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
    """The puzzles of ``FILE``, ``FILE:N`` (the first N) or ``FILE:A-B`` (A to B - 1)."""
    path, _, count = spec.partition(":")
    puzzles = []
    for line in Path(path).read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        text = line.split()[0]
        if len(text) == 81:
            puzzles.append(text)
    first, _, last = count.rpartition("-")
    return puzzles[int(first or 0) : int(last)] if count else puzzles


def path_positions(puzzle: str, use: list[Technique], every: bool = False) -> Iterator[Candidates]:
    """The positions of the puzzle's path where the next step is not a single (and the end;
    ``every``: all of them)."""
    grid = Grid.from_string(puzzle)
    work = Candidates.from_grid(grid)
    while not work.is_solved():
        step = first_step(work, use, givens=grid.cells)
        if every or step is None or step.technique not in SINGLES:
            yield work.copy()
        if step is None:
            return
        step.apply(work)


def random_states(puzzle: str, count: int, seed: int) -> Iterator[Candidates]:
    """``count`` positions of the puzzle's solution with a random part (20 to 60 %) of the
    non-given cells emptied, marks from the placed digits (each true to the solution)."""
    grid = Grid.from_string(puzzle)
    solution = solve(grid)
    assert solution is not None
    rng = random.Random(f"{seed}:{puzzle}")
    free = [c for c, v in enumerate(grid.cells) if not v]
    for _ in range(count):
        share = rng.uniform(0.2, 0.6)
        cells = list(solution.cells)
        for c in free:
            if rng.random() < share:
                cells[c] = 0
        yield Candidates.from_grid(Grid.from_cells(cells))


def hodoku_answers(
    hodoku: Path, lines: Sequence[str], types: Sequence[str]
) -> list[dict[str, list[object] | None]]:
    """HoDoKu's first step and all steps of each type on each position (the driver's output)."""
    driver = hodoku / "htech"
    done = subprocess.run(
        ["java", "-Djava.awt.headless=true", "-cp", f"{hodoku / 'classes'}:{driver}", "HtechFinder",
         *types], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True,
    )
    out = done.stdout.splitlines()
    assert len(out) == len(lines) * len(types), (len(out), done.stderr[-2000:])
    answers: list[dict[str, list[object] | None]] = []
    for i in range(len(lines)):
        entry: dict[str, list[object] | None] = {}
        for row in out[i * len(types) : (i + 1) * len(types)]:
            kind, _, first, _, every = row.split(" ")
            steps = [_elims(x) for x in every.split(";")] if every != "-" else []
            entry[kind] = answer(first, [x for x in steps if x])
        answers.append(entry)
    return answers


def answer(first: str, steps: Sequence[Sequence[int]]) -> list[object] | None:
    """One type's answer as stored: None when HoDoKu finds nothing, else ``[first step's type,
    its eliminations, number of distinct elimination sets of all steps, their digest]``."""
    total = summary(steps)
    if first == "-" and not total["count"]:
        return None
    return [first.split(",")[0], _elims(first), total["count"], total["digest"]]


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


def fires(answers: dict[str, list[object] | None], kind: str) -> bool:
    """True when HoDoKu's solver finds a step of ``kind`` in the position."""
    found = answers.get(kind)
    return found is not None and found[1] is not None


def choose(answers: Sequence[dict[str, list[object] | None]], keep: int) -> list[int]:
    """The positions kept: each where a rarer type fires (rarest first), then the others
    evenly spread, ``keep`` in all."""
    chosen: set[int] = set()
    kinds = list(answers[0]) if answers else []
    fired = {k: [i for i, a in enumerate(answers) if fires(a, k)] for k in kinds}
    for kind in sorted(kinds, key=lambda k: len(fired[k])):
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
    parser.add_argument("--every-position", action="store_true",
                        help="take every position of the paths, singles or not")
    parser.add_argument("--where", action="append", default=[],
                        help="keep only positions where this technique of ours fires (repeatable)")
    parser.add_argument("--basic", action="store_true",
                        help="paths with the registry's techniques up to Hidden Triplet only")
    parser.add_argument("--random-states", type=int, default=0,
                        help="instead of paths, this many random part-solved states a puzzle")
    parser.add_argument("--types", nargs="*", help="only these HoDoKu solution types")
    parser.add_argument("--append", action="store_true", help="add to the output file's positions")
    parser.add_argument("--reuse", action="store_true",
                        help="ask HoDoKu again about the positions of the output file")
    args = parser.parse_args()
    use = [t for t in techniques() if t.name not in LEFT_OUT]
    if args.basic:
        names = [t.name for t in techniques()]
        use = techniques()[: names.index("Hidden Triplet") + 1]
    positions: list[tuple[str, str, str]] = []
    seen: set[tuple[str, str]] = set()
    if args.reuse:
        old = json.loads(Path(args.output).read_text())
        positions = [(e["puzzle"], e["values"], e["marks"]) for e in old]
    for spec in [] if args.reuse else args.puzzles:
        for puzzle in read_puzzles(spec):
            states = (random_states(puzzle, args.random_states, 1) if args.random_states
                      else path_positions(puzzle, use, args.every_position))
            for cands in states:
                if args.where and not any(
                    next(technique_named(name).steps(cands, givens=Grid.from_string(puzzle).cells),
                         None) for name in args.where
                ):
                    continue
                key = (values_text(cands), marks_text(cands))
                if key not in seen:
                    seen.add(key)
                    positions.append((puzzle, *key))
    lines = [f"{p} {v} {m}" for p, v, m in positions]
    types = args.types or list(TYPES)
    answers = hodoku_answers(args.hodoku, lines, types)
    keep = choose(answers, args.keep) if not args.append else list(range(len(answers)))
    data = [
        {"puzzle": positions[i][0], "values": positions[i][1], "marks": positions[i][2],
         "hodoku": answers[i]}
        for i in keep
    ]
    if args.append:
        data = json.loads(Path(args.output).read_text()) + data
    Path(args.output).write_text(json.dumps(data, separators=(",", ":")) + "\n")
    counts = {k: sum(1 for a in answers if fires(a, k)) for k in types}
    kept = {k: sum(1 for i in keep if fires(answers[i], k)) for k in types}
    print(f"{len(positions)} positions, HoDoKu fires: {counts}; {len(keep)} kept, firing: {kept}")
    if args.everything is not None:
        every = [{"puzzle": p, "values": v, "marks": m, "hodoku": a}
                 for (p, v, m), a in zip(positions, answers, strict=True)]
        Path(args.everything).write_text(json.dumps(every, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
