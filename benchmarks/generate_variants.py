"""Puzzles generated per second for each rule kind sudokit lays (#26), and pencilmark's generator
in the same run where it makes the kind.

sudokit: ``sudokit.generate(variant=KIND, size=N, seed=i)`` for i = 1 … COUNT, CPU time (process
time) of this process. pencilmark: ``pencilmark.gen.api.generate({"size": N, "kinds": [KIND]})``
in its own virtual environment (``../peers/pmvenv`` beside the repository, or ``--pm-python``),
CPU time of its worker (``benchmarks/_pencilmark_gen_worker.py``); skipped cleanly when absent.
pencilmark grades each puzzle with its logical solver while generating (its ``solver="logic"``
default); sudokit only proves uniqueness (its rating runs when ``--difficulty`` asks for one).

    python benchmarks/generate_variants.py --sizes 6 --count 5
    python benchmarks/generate_variants.py --sizes 6,9 --count 3 --difficulty medium
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BESIDE = HERE.parents[1]
DEFAULT_PM_PYTHON = str(BESIDE / "peers" / "pmvenv" / "bin" / "python")
PM_WORKER = HERE / "_pencilmark_gen_worker.py"

#: sudokit's kind name -> pencilmark's (None: pencilmark does not generate it).
PENCILMARK_KIND = {"killer": "cage", "thermo": "thermo", "arrow": "arrow", "kropki": "kropki", "xv": "xv",
                   "whisper": "whisper", "renban": "renban", "between": "between", "oddeven": "parity"}


def sudokit_rate(kind: str, size: int, count: int, difficulty: str | None,
                 seconds: float) -> tuple[float, int]:
    """Puzzles per CPU second of sudokit's generator for one kind, and how many failed."""
    from sudokit import GenerationError, TimeLimitReached, generate

    failed = 0
    start = time.process_time()
    for seed in range(1, count + 1):
        try:
            generate(variant=kind, size=size, seed=seed, difficulty=difficulty, time_limit=seconds)
        except (GenerationError, TimeLimitReached):
            failed += 1
    cpu = time.process_time() - start
    made = count - failed
    return (made / cpu if cpu > 0 else 0.0), failed


def pencilmark_rate(python: str, kind: str, size: int, count: int,
                    seconds: float) -> tuple[float | None, str]:
    """Puzzles per CPU second of pencilmark's generator (None with the reason when not measured)."""
    pm_kind = PENCILMARK_KIND.get(kind)
    if pm_kind is None:
        return None, "kind not generated"
    if not Path(python).exists():
        return None, "pencilmark absent"
    try:
        done = subprocess.run([python, str(PM_WORKER), pm_kind, str(size), str(count), str(seconds)],
                              capture_output=True, text=True, timeout=count * seconds + 120)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    if not lines:
        return None, f"no answer (exit {done.returncode})"
    reply = json.loads(lines[-1])
    if "error" in reply:
        return None, str(reply["error"])[:60]
    made, cpu = int(reply["made"]), float(reply["cpu"])
    note = f"{reply['failed']} failed" if reply["failed"] else ""
    return (made / cpu if cpu > 0 and made else 0.0), note


def main(argv: list[str] | None = None) -> int:
    """Print a Markdown table: puzzles per CPU second per kind and size, sudokit and pencilmark."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="6", help="grid sides, comma-separated (default 6)")
    parser.add_argument("--count", type=int, default=5, help="puzzles per kind and size (default 5)")
    parser.add_argument("--kinds", help="kinds, comma-separated (default: every laid kind)")
    parser.add_argument("--difficulty", help="a level or ER range every puzzle must meet (sudokit only)")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit per puzzle (default 60)")
    parser.add_argument("--pm-python", default=DEFAULT_PM_PYTHON,
                        help="the python of pencilmark's virtual environment")
    parser.add_argument("--no-pencilmark", action="store_true", help="measure sudokit only")
    args = parser.parse_args(argv)
    from sudokit.generation.kinds import GENERATED

    kinds = args.kinds.split(",") if args.kinds else [s.name for s in GENERATED if s.laid]
    print("| kind | size | sudokit puzzles/s | pencilmark puzzles/s | sudokit ÷ pencilmark |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for size in (int(s) for s in args.sizes.split(",")):
        for kind in kinds:
            ours, failed = sudokit_rate(kind, size, args.count, args.difficulty, args.seconds)
            ours_text = f"{ours:.2f}" + (f" ({failed} failed)" if failed else "")
            if args.no_pencilmark:
                theirs, note = None, "not asked"
            else:
                theirs, note = pencilmark_rate(args.pm_python, kind, size, args.count, args.seconds)
            if theirs is None:
                theirs_text = f"n/a ({note})"
            else:
                theirs_text = f"{theirs:.2f}" + (f" ({note})" if note else "")
            ratio = f"{ours / theirs:.1f}×" if theirs else "n/a"
            print(f"| {kind} | {size} | {ours_text} | {theirs_text} | {ratio} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
