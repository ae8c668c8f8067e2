"""Make tests/rating/hodoku/hodoku_forcing_positions.json: positions where HoDoKu 2.2's path takes a forcing
chain or net, with HoDoKu's step, for tests/rating/hodoku/test_hodoku_forcing.py.

The input is the output of HoDoKu's path driver (a small Java driver of ours kept beside the
project with HoDoKu's classes, never in the repository: ``run_path.sh puzzles.txt > path.txt``),
which prints each puzzle's steps with their placements and eliminations. Each path is replayed on
:class:`sudokit.rating.hodoku.path.Board` (HoDoKu's own grid updates) and the state before every forcing
step is kept with HoDoKu's type, placements and eliminations. Run::

    run_path.sh puzzles.txt > path.txt
    python tools/make_hodoku_forcing_positions.py path.txt \
        tests/rating/hodoku/hodoku_forcing_positions.json --keep 60

``--keep`` keeps that many positions, chains and nets alike, spread evenly over the input. The
committed file: the first 300 puzzles of magictour_top1465.txt (506 forcing steps), 24 kept, then
the net verity of ``..4...5.....9..4.859..47...2.3..8...1..7...8..5.1....3.......6......1...6.2.9.81.``
(``--append --only FORCING_NET_VERITY --keep 1``), where HoDoKu's trials meet clashing singles.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from sudokit.rating.hodoku.path import Board


def _cells(text: str, sep: str) -> list[tuple[int, int]]:
    """``r1c2=5,...`` (``sep`` "=" or "<>") as (cell, digit) pairs; ``-`` is none."""
    if text == "-":
        return []
    out = []
    for item in text.split(","):
        where, digit = item.split(sep)
        row, col = where[1:].split("c")
        out.append(((int(row) - 1) * 9 + int(col) - 1, int(digit)))
    return out


def _state(board: Board) -> dict[str, str]:
    """The position as givens, values and candidate lists."""
    return {
        "givens": "".join(map(str, board.givens)),
        "values": "".join(map(str, board.values)),
        "candidates": ",".join("".join(str(d) for d in range(1, 10) if board.masks[c] >> (d - 1) & 1)
                               for c in range(81)),
    }


def positions(text: str) -> list[dict[str, object]]:
    """Every forcing step of the paths in ``text`` with the state before it."""
    out: list[dict[str, object]] = []
    board: Board | None = None
    for line in text.splitlines():
        if line.startswith("P "):
            puzzle = line.split()[2]
            board = Board(0 if ch in ".0" else int(ch) for ch in puzzle)
        elif line.startswith("S ") and board is not None:
            parts = line.split(" ", 5)
            placements, eliminations = _cells(parts[3], "="), _cells(parts[4], "<>")
            if parts[1].startswith("FORCING"):
                out.append({**_state(board), "type": parts[1], "placements": placements,
                            "eliminations": eliminations})
            for cell, digit in placements:
                board.place(cell, digit)
            for cell, digit in eliminations:
                board.eliminate(cell, digit)
    return out


def main() -> None:
    """Read the path file, keep positions, write the JSON fixture."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--keep", type=int, default=60)
    parser.add_argument("--append", action="store_true", help="add to the positions in OUT")
    parser.add_argument("--only", help="keep only this step type")
    args = parser.parse_args()
    found = [p for p in positions(args.path.read_text()) if args.only in (None, p["type"])]
    step = max(1, len(found) // args.keep)
    kept = found[::step][: args.keep]
    if args.append:
        kept = json.loads(args.out.read_text()) + kept
    args.out.write_text("[\n" + ",\n".join(json.dumps(p) for p in kept) + "\n]\n")
    print(f"{len(found)} forcing steps, {len(kept)} kept")


if __name__ == "__main__":
    main()
