"""pencilmark's side of ``benchmarks/generate_variants.py``: generate puzzles of one rule kind.

Runs in pencilmark's own virtual environment and never imports sudokit. Arguments: KIND SIZE COUNT
SECONDS (pencilmark's kind name, e.g. ``thermo``, ``cage``, ``parity``). Writes one JSON line:
``{"made": 3, "cpu": 1.25, "failed": 0, "version": "…"}`` (``cpu``: process time of the ``generate``
calls only) or ``{"error": "…"}``.
"""

from __future__ import annotations

import json
import os
import sys
import time


def main() -> int:
    """Generate COUNT puzzles of KIND on a SIZE grid, each within SECONDS."""
    out = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    os.dup2(2, 1)  # whatever pencilmark prints goes to standard error
    kind, size, count, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    try:
        import pencilmark  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from pencilmark.gen.api import generate  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except Exception as exc:  # pencilmark missing or broken: say so and stop
        out.write(json.dumps({"error": f"{type(exc).__name__}: {exc}"}) + "\n")
        return 1
    made = failed = 0
    cpu = 0.0
    for seed in range(1, count + 1):
        start = time.process_time()
        try:
            generate({"size": size, "kinds": [kind], "seed": seed, "time_limit": seconds})
            made += 1
        except Exception:  # a failed spec counts as a miss, its time included
            failed += 1
        cpu += time.process_time() - start
    out.write(json.dumps({"made": made, "failed": failed, "cpu": cpu,
                          "version": getattr(pencilmark, "__version__", "?")}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
