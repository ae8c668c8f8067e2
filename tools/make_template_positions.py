"""Make tests/techniques/template_positions.json: positions with HoDoKu 2.2's own Template Set and Template
Delete steps, the fixed sample of tests/techniques/test_templates.py.

Positions are JSON lines with ``puzzle``, ``values`` and ``masks`` (81 each; e.g. the lead's
hk_positions.jsonl, HoDoKu path states). HoDoKu's answers come from our small Java driver kept
beside the project with HoDoKu's classes (``htech/HtechFinder``, never in the repository): for
each type, every step the solver's ``TemplateSolver`` lists (refined templates, as its
``getStep`` uses; its first is the one it takes), each as ``cell*10+digit`` numbers (a Template
Set's placements, a Template Delete's eliminations). Run::

    python tools/make_template_positions.py /work/plan/hk_positions.jsonl \
        tests/techniques/template_positions.json --every 10 --keep 120

``--every N`` reads every N-th line; ``--compare`` only prints how many positions our finders
disagree on (all that were read), writing nothing. The file keeps ``--keep`` positions: half
where a template step fires, half where none does (evenly spread).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from htech_driver import driver_line, keep_fixture, run_htech
from sudokit.candidates import Candidates
from sudokit.shape import shape_for_size
from sudokit.techniques.templates import find_template_deletes, find_template_sets

TYPES = ("TEMPLATE_SET", "TEMPLATE_DEL")

#: One position's answer: each type's steps, each a sorted list of ``cell*10+digit``.
Answer = dict[str, list[list[int]]]


def hodoku_answers(hodoku: Path, lines: Sequence[str]) -> list[Answer]:
    """HoDoKu's steps of both types on each position (the driver's output)."""
    out = run_htech(hodoku, TYPES, lines, len(TYPES))
    answers: list[Answer] = []
    for i in range(len(lines)):
        entry: Answer = {}
        for row in out[i * len(TYPES) : (i + 1) * len(TYPES)]:
            kind, _, _, _, every = row.split(" ")
            steps = every.split(";") if every != "-" else []
            entry[kind] = [[int(x) for x in s.split(",")[1:]] for s in steps]
        answers.append(entry)
    return answers


def ours(cands: Candidates) -> Answer:
    """Our finders' steps of both types, in the same form."""
    return {
        "TEMPLATE_SET": [sorted(c * 10 + d for c, d in s.placements) for s in find_template_sets(cands)],
        "TEMPLATE_DEL": [sorted(c * 10 + d for c, d in s.eliminations)
                         for s in find_template_deletes(cands)],
    }


def main() -> None:
    """Read positions, ask HoDoKu, compare or write the fixture."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("positions", type=Path)
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--hodoku", type=Path, default=Path("/work/peers/hodoku"))
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--keep", type=int, default=120)
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    rows = [json.loads(x) for x in args.positions.read_text().splitlines()[:: args.every] if x.strip()]
    answers = hodoku_answers(args.hodoku, [driver_line(r["values"], r["masks"]) for r in rows])
    shape = shape_for_size(9)
    differ = fired = 0
    for row, answer in zip(rows, answers, strict=True):
        mine = ours(Candidates(list(row["values"]), list(row["masks"]), shape))
        fired += any(answer.values())
        if mine != answer:
            differ += 1
            print("DIFF", row["puzzle"], row.get("step"), answer, mine)
    print(f"{len(rows)} positions, {fired} with a template step, {differ} differ")
    if args.compare or args.out is None:
        return
    keep_fixture(args.out, rows, answers, [any(a.values()) for a in answers], args.keep)


if __name__ == "__main__":
    main()
