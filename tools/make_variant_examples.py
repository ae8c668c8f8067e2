"""Write examples/variants/: one puzzle sudokit's own generator makes for each variant kind it
lays, 6×6 and 9×9 where the kind is offered at that size, in sudokit's JSON form (#26).

No published puzzle is copied: every file is ``sudokit.generate(size=N, variant=KIND, seed=1)``
(the next seed when a kind's seed 1 does not finish within the time limit), so the set is
remade the same way by

    .venv/bin/python tools/make_variant_examples.py [--time-limit 120]

Each file holds one JSON object, read back by ``sudokit solve/explain/render/show FILE``;
``tests/generation/test_variant_examples.py`` checks every one is unique and keeps its kind.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import sudokit
from sudokit.errors import SudokuError
from sudokit.generation.kinds import GENERATED

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "examples" / "variants"
SIZES = (6, 9)
SEEDS = (1, 2, 3)


def main(argv: list[str] | None = None) -> int:
    """Generate the examples; print what was written and what could not be made."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--time-limit", type=float, default=120.0, help="seconds per attempt")
    args = parser.parse_args(argv)
    FOLDER.mkdir(parents=True, exist_ok=True)
    missing = []
    for spec in GENERATED:
        for size in SIZES:
            if size not in spec.sizes:
                continue
            start = time.perf_counter()
            for seed in SEEDS:
                try:
                    grid = sudokit.generate(size=size, variant=spec.name, seed=seed,
                                            time_limit=args.time_limit)
                except SudokuError as exc:
                    print(f"{spec.name} {size}×{size} seed {seed}: {exc}", file=sys.stderr)
                    continue
                path = FOLDER / f"{spec.name}-{size}.json"
                path.write_text(grid.to_json() + "\n", encoding="utf-8")
                took = time.perf_counter() - start
                print(f"{path.relative_to(ROOT)}: seed {seed}, {took:.1f} s", flush=True)
                break
            else:
                missing.append(f"{spec.name} {size}×{size}")
    if missing:
        print("not made: " + ", ".join(missing), file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
