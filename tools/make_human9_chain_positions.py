"""Make tests/techniques/human9_chain_positions.json, the fixed sample of
tests/techniques/test_human9_chains.py.

Rates puzzles with the Python rating (SE order) and keeps, for each chain technique, positions
of the rating path where that technique gave the step actually applied, so the sample tests the
C finders where they matter.  Positions whose Python finder takes longer than ``--max-seconds``
(CPU time; three times that for the slow dynamic (+) finder) are left out to keep the test
fast.  Deterministic up to that time filter: puzzles are read in order and the first positions
that qualify are kept.  ``--only`` restricts a run to some techniques (the positions kept of
one technique do not depend on the others) and ``--append`` adds to an existing file.

PUZZLES is a puzzle file (a .tsv with the ER as third field is read by ER bands, see
:data:`BANDS`) or a puzzle itself.  The committed file was made with::

    python tools/make_human9_chain_positions.py tests/techniques/human9_chain_positions.json \
        ../shared/data/ratings/cbg-000_SER.tsv --per-technique 12
    python tools/make_human9_chain_positions.py tests/techniques/human9_chain_positions.json --append \
        --only "Dynamic Forcing Chain (+)" --time-limit 900 \
        7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5........... \
        7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5........... \
        7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5

No cbg-000 rating path uses the dynamic (+) rule; the three puzzles of the second run are
the first of magictour_top1465 whose path does (found by rating that file with the C chain
finders in the Python rating loop).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence

from sudokit import Grid
from sudokit.candidates import Candidates
from sudokit.rating.explainer import rate
from sudokit.techniques import techniques

#: The chain techniques of the SE order, with the number of positions wanted of each and the
#: CPU time its Python finder may take on one, relative to ``--per-technique`` and
#: ``--max-seconds`` (the slow ones get fewer positions and more time).
CHAIN_TECHNIQUES = {
    "Forcing Chain": (1.0, 1.0),
    "Nishio Forcing Chain": (1.0, 1.0),
    "Multiple Forcing Chain": (1.0, 1.0),
    "Dynamic Forcing Chain": (0.75, 1.0),
    "Dynamic Forcing Chain (+)": (0.5, 3.0),
}


#: ER bands whose puzzles are taken in turn (one of each band, in file order), so that the
#: rare hard puzzles (dynamic chains need ER 8.5 and more) come early.
BANDS = (6.5, 7.5, 8.0, 8.5, 9.0)


def read_puzzles(path: str, min_er: float) -> list[str]:
    """Puzzles of a file, first field of each line (or ``path`` itself when it is a puzzle).

    In a .tsv with the ER as third field, only puzzles with ER >= ``min_er``, taken from the
    ER bands of :data:`BANDS` in turn.
    """
    if len(path) == 81 and all(ch in ".0123456789" for ch in path):
        return [path]
    plain: list[str] = []
    bands: list[list[str]] = [[] for _ in BANDS]
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split()
            if len(fields) < 3 or not path.endswith(".tsv"):
                plain.append(fields[0])
                continue
            er = float(fields[2])
            if er < min_er or er < BANDS[0]:
                continue
            band = max(i for i, low in enumerate(BANDS) if er >= low)
            bands[band].append(fields[0])
    out = plain
    for i in range(max(len(b) for b in bands)):
        out.extend(b[i] for b in bands if i < len(b))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("puzzles", nargs="+")
    parser.add_argument("--append", action="store_true")
    parser.add_argument("--min-er", type=float, default=0.0)
    parser.add_argument("--per-technique", type=int, default=12)
    parser.add_argument("--max-seconds", type=float, default=1.0)
    parser.add_argument("--max-puzzles", type=int, default=400)
    parser.add_argument("--only", action="append", default=[], help="keep only these techniques")
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds to rate one puzzle")
    args = parser.parse_args(argv)
    by_name = {t.name: t for t in techniques(se_only=True)}
    chosen = {name: v for name, v in CHAIN_TECHNIQUES.items() if not args.only or name in args.only}
    wanted = {name: max(1, round(share * args.per_technique)) for name, (share, _) in chosen.items()}
    limit = {name: slow * args.max_seconds for name, (_, slow) in chosen.items()}
    kept: dict[str, list[dict[str, object]]] = {name: [] for name in chosen}
    puzzles = [p for source in args.puzzles for p in read_puzzles(source, args.min_er)]
    for puzzle in puzzles[: args.max_puzzles]:
        if all(len(kept[n]) >= wanted[n] for n in kept):
            break
        grid = Grid.from_string(puzzle)
        rating = rate(grid, keep_steps=True, time_limit=args.time_limit)
        cands = Candidates.from_grid(grid)
        for step in rating.steps:
            family = step.extra.get("family")
            if isinstance(family, str) and family in kept and len(kept[family]) < wanted[family]:
                values, masks = list(cands.values), list(cands.masks)
                t0 = time.process_time()
                next(iter(by_name[family].steps(Candidates(values, masks, cands.shape))), None)
                if time.process_time() - t0 <= limit[family]:
                    row: dict[str, object] = {"technique": family, "puzzle": puzzle, "values": values,
                                              "masks": masks}
                    kept[family].append(row)
                    print(f"{family}: {len(kept[family])}/{wanted[family]}", file=sys.stderr)
            step.apply(cands)
    rows = [row for name in chosen for row in kept[name]]
    if args.append:
        with open(args.out, encoding="utf-8") as f:
            rows = json.load(f)["positions"] + rows
    with open(args.out, "w", encoding="utf-8") as f:
        made_by = "tools/make_human9_chain_positions.py"
        json.dump({"made_by": made_by, "positions": rows}, f, separators=(",", ":"))
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
