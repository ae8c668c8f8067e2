"""pencilmark's side of ``benchmarks/variants.py``: a worker that answers JSON lines.

It runs in pencilmark's own virtual environment (``/work/peers/pmvenv`` by default), started by
``variants.py`` as a subprocess; it never imports sudokit. Each request is one JSON object on one
line, ``{"id": 7, "fpuzzles": "https://f-puzzles.com/?load=…", "limit": 2}``; each answer is one
line, ``{"id": 7, "ns": 123456, "count": 1, "solution": "4815…", "complete": true}`` or
``{"id": 7, "error": "…"}``.

Only the search is timed: the link is decoded and translated into pencilmark's engine puzzle
(``pencilmark.sources.fpuzzles.translate``, ``cbackend.to_cpuzzle``) beforehand, and the timed
call is ``cbackend.brute_solve(puzzle, limit, cpuzzle=…)``, the exhaustive C++ search behind
``pencilmark.solve``. ``complete`` is false when that search hit its node limit (no verdict).
The first line the worker writes is ``{"ready": true, "version": "…"}`` (or ``{"error": …}``).
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from typing import Any, TextIO


def _say(out: TextIO, obj: dict[str, Any]) -> None:
    """Write one answer line and flush it."""
    out.write(json.dumps(obj) + "\n")
    out.flush()


def _answer(request: dict[str, Any], translate: Any, cbackend: Any) -> dict[str, Any]:
    """Translate, then time one search; the reply for one request."""
    puzzle, _info = translate(request["fpuzzles"], fetch=False)
    puzzle.finalize()
    cpuzzle = cbackend.to_cpuzzle(puzzle)
    limit = int(request.get("limit", 2))
    was = gc.isenabled()
    gc.disable()
    try:
        t0 = time.perf_counter_ns()
        result = cbackend.brute_solve(puzzle, limit=limit, cpuzzle=cpuzzle)
        t1 = time.perf_counter_ns()
    finally:
        if was:
            gc.enable()
    sols = [list(s) for s in result]
    return {
        "id": request.get("id"),
        "ns": t1 - t0,
        "count": min(len(sols), limit),
        "solution": "".join(str(v) for v in sols[0]) if sols else None,
        "complete": bool(getattr(result, "complete", True)),
    }


def main() -> int:
    """Serve requests from standard input until it closes."""
    # Answers go to a private copy of stdout; anything pencilmark prints goes to stderr.
    out = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        import pencilmark  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from pencilmark import cbackend  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from pencilmark.sources.fpuzzles import translate  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except Exception as exc:  # pencilmark missing or broken: say so and stop
        _say(out, {"error": f"{type(exc).__name__}: {exc}"})
        return 1
    _say(out, {"ready": True, "version": getattr(pencilmark, "__version__", "?")})
    for line in sys.stdin:
        if not line.strip():
            continue
        request: dict[str, Any] = {}
        try:
            request = json.loads(line)
            reply = _answer(request, translate, cbackend)
        except Exception as exc:  # one bad puzzle must not stop the worker
            reply = {"id": request.get("id"), "error": f"{type(exc).__name__}: {exc}"}
        _say(out, reply)
    return 0


if __name__ == "__main__":
    sys.exit(main())
