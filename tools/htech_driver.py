"""Shared by the fixture scripts that ask HoDoKu 2.2 through our small Java driver
(``htech/HtechFinder``, kept beside the project with HoDoKu's classes, never in the repository):
the position line the driver reads, one run of it, and the positions a fixture keeps."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sudokit.candidates import digits_of


def driver_line(values: Sequence[int], masks: Sequence[int]) -> str:
    """A position as the driver reads it: givens (the placed cells), values, candidate lists."""
    placed = "".join(str(v) if v else "." for v in values)
    marks = ",".join("".join(str(d) for d in digits_of(m)) for m in masks)
    return f"{placed} {placed} {marks}"


def run_htech(hodoku: Path, args: Sequence[str], lines: Sequence[str], per_line: int) -> list[str]:
    """The driver's output rows for the positions ``lines`` (``per_line`` rows each), run with
    ``args`` (step types, ``-g`` for the step ``getStep`` takes)."""
    done = subprocess.run(
        ["java", "-Djava.awt.headless=true", "-cp", f"{hodoku / 'classes'}:{hodoku / 'htech'}",
         "HtechFinder", *args], input="\n".join(lines) + "\n", capture_output=True, text=True,
        check=True,
    )
    out = done.stdout.splitlines()
    assert len(out) == len(lines) * per_line, (len(out), done.stderr[-2000:])
    return out


def spread(items: list[int], count: int) -> list[int]:
    """Up to ``count`` of ``items``, evenly spread."""
    if len(items) <= count:
        return items
    return [items[i * len(items) // count] for i in range(count)]


def keep_fixture(out: Path, rows: Sequence[dict[str, Any]], answers: Sequence[object],
                 firing: Sequence[bool], keep: int) -> None:
    """Write ``keep`` of the positions with HoDoKu's answers to ``out``: half where the step
    fires, the rest where it does not (each evenly spread)."""
    fired = [i for i, f in enumerate(firing) if f]
    quiet = [i for i, f in enumerate(firing) if not f]
    half = keep // 2
    pick = sorted(spread(fired, half) + spread(quiet, keep - min(half, len(fired))))
    data = [{"puzzle": rows[i]["puzzle"], "values": rows[i]["values"], "masks": rows[i]["masks"],
             "hodoku": answers[i]} for i in pick]
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"kept {len(data)} positions ({len(set(pick) & set(fired))} firing)")
