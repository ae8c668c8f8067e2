"""Make tests/rating/hodoku/hodoku9_forcing_states.json: board states along HoDoKu's path (the dev states of
sudokit.rating.hodoku.path's Python path: JSON lines with givens, values, masks and the kind it took) for
tests/rating/hodoku/test_hodoku9_forcing.py, which asks the C and Python forcing finders about them. Run::

    python tools/make_hodoku9_forcing_states.py hk_positions.jsonl \
        tests/rating/hodoku/hodoku9_forcing_states.json

It keeps ``--forcing`` states where the path took a forcing chain or net (spread evenly over the
input) and ``--other`` states where it took something easier.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

FORCING_CHAIN = 54


def _spread(rows: list[dict[str, object]], keep: int) -> list[dict[str, object]]:
    """``keep`` rows spread evenly over ``rows``."""
    if len(rows) <= keep:
        return rows
    return [rows[k * len(rows) // keep] for k in range(keep)]


def _compact(row: dict[str, object]) -> dict[str, object]:
    """A state as the fixture keeps it: givens and values as 81-digit strings, masks as ints."""
    return {
        "givens": "".join(str(v) for v in row["givens"]),  # type: ignore[attr-defined]
        "values": "".join(str(v) for v in row["values"]),  # type: ignore[attr-defined]
        "masks": row["masks"],
        "kind": row["kind"],
    }


def main() -> None:
    """Read the dev states, write the fixture."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--forcing", type=int, default=40)
    parser.add_argument("--other", type=int, default=12)
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.source.read_text().splitlines() if line.strip()]
    hard = [r for r in rows if r["kind"] >= FORCING_CHAIN]
    easy = [r for r in rows if r["kind"] < FORCING_CHAIN and r["kind"] > 2]
    kept = _spread(hard, args.forcing) + _spread(easy, args.other)
    args.target.write_text("[\n" + ",\n".join(json.dumps(_compact(r)) for r in kept) + "\n]\n")


if __name__ == "__main__":
    main()
