"""Make tests/techniques/kraken_positions.json: positions with HoDoKu 2.2's own Kraken fish step (or none),
the fixed sample of tests/techniques/test_kraken.py.

Positions are JSON lines with ``puzzle``, ``values`` and ``masks`` (81 each; e.g. the lead's
hk_positions.jsonl). HoDoKu's answer comes from our small Java driver kept beside the project
with HoDoKu's classes (``htech/HtechFinder``, never in the repository), run as
``HtechFinder -g KRAKEN_FISH``: the step its ``getStep`` takes, as its type
(``KRAKEN_FISH_TYPE_1`` or ``_2``) and its elimination ``cell*10+digit``. Run::

    python tools/make_kraken_positions.py /work/plan/hk_positions.jsonl \
        tests/techniques/kraken_positions.json --every 40 --keep 60

``--compare`` only prints how many positions our finder disagrees on, writing nothing. The file
keeps ``--keep`` positions: half where a Kraken fish fires, half where none does.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from htech_driver import driver_line, keep_fixture, run_htech
from sudokit.candidates import Candidates
from sudokit.shape import shape_for_size
from sudokit.techniques.kraken import kraken_fish

#: One position's answer: [type, cell*10+digit, ...], or [] when no Kraken fish is found.
Answer = list[object]


def hodoku_answers(hodoku: Path, lines: Sequence[str]) -> list[Answer]:
    """HoDoKu's Kraken fish step on each position (the driver's output)."""
    answers: list[Answer] = []
    for row in run_htech(hodoku, ["-g", "KRAKEN_FISH"], lines, 1):
        first = row.split(" ")[2]
        if first == "-":
            answers.append([])
        else:
            kind, *cells = first.split(",")
            answers.append([kind, *(int(x) for x in cells)])
    return answers


def ours(cands: Candidates) -> Answer:
    """Our finder's first step in the same form."""
    for step in kraken_fish(cands):
        kind = f"KRAKEN_FISH_TYPE_{step.extra['kraken_type']}"
        return [kind, *sorted(c * 10 + d for c, d in step.eliminations)]
    return []


def main() -> None:
    """Read positions, ask HoDoKu, compare or write the fixture."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("positions", type=Path)
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--hodoku", type=Path, default=Path("/work/peers/hodoku"))
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--keep", type=int, default=60)
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    rows = [json.loads(x) for x in args.positions.read_text().splitlines()[:: args.every] if x.strip()]
    answers = hodoku_answers(args.hodoku, [driver_line(r["values"], r["masks"]) for r in rows])
    shape = shape_for_size(9)
    differ = fired = 0
    for row, answer in zip(rows, answers, strict=True):
        mine = ours(Candidates(list(row["values"]), list(row["masks"]), shape))
        fired += bool(answer)
        if mine != answer:
            differ += 1
            print("DIFF", row["puzzle"], row.get("step"), answer, mine)
    print(f"{len(rows)} positions, {fired} with a Kraken fish, {differ} differ")
    if args.compare or args.out is None:
        return
    keep_fixture(args.out, rows, answers, [bool(a) for a in answers], args.keep)


if __name__ == "__main__":
    main()
