#!/usr/bin/env python3
"""Batch at scale: the command line against the API on a million puzzles, ``--jobs 1/2`` scaling,
and peak memory, in one run.

What it prints (wall-clock seconds, medians of ``--repeat`` runs, each command a fresh process):

1. **CLI vs API**: ``sudokit solve FILE`` and ``sudokit count FILE`` (start-up, reading, writing
   the answers to a file included) against ``sudokit.solve_many(lines)`` and
   ``sudokit.count_many(lines)`` on the same lines already in memory, on the 17-clue set repeated
   to ``--lines`` lines (default 1,032,318: the set 21 times; nothing is generated, so the input
   is ready in a second). The ratio is API time ÷ CLI time (the issue's target: ≥ 0.70), also
   with the CLI's start-up (the time of ``sudokit solve`` on one puzzle) taken off.
2. **Scaling**: the same commands with ``--jobs 1`` and ``--jobs 2``: ``solve`` on the big file,
   ``rate`` on ``--rate`` puzzles of magictour_top1465 (cycled), ``generate -n --generate``
   (default 50,000); the speed-up is the ``--jobs 1`` time ÷ the ``--jobs 2`` time (target on 2
   cores: ≥ 1.7), and "net" the same with each command's start-up (on one puzzle) taken off.
3. **Peak memory**: the largest resident set (``ru_maxrss`` from ``wait4``) of each command's
   process, and of ``sudokit solve`` on a tenth of the lines, to show memory stays flat.

Every answer file is checked (one line per puzzle; the solutions of a sample equal
``solve_many``'s), and the machine's load average is printed before and after, so a figure
taken on a busy machine says so. ``--quick`` runs a small version (100,000 lines, 200 ratings,
2,000 puzzles generated, one repeat) in well under a minute.

Run ``python benchmarks/scale.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import sudokit

DATA = Path(os.environ.get("SUDOKIT_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
SUDOKIT = [sys.executable, "-m", "sudokit"]


def puzzles(path: Path) -> list[str]:
    """The puzzle lines of a data file (comments and blank lines dropped)."""
    lines = path.read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@dataclass
class Run:
    """One timed process: wall seconds, peak resident memory (MB), exit status."""

    seconds: float
    peak_mb: float
    status: int


# The commands are started by a small launcher process started before this one holds a million
# puzzles: a child's ru_maxrss counts what it held before exec, i.e. its parent's memory.
LAUNCHER = """
import json, os, subprocess, sys, time
for request in sys.stdin:
    argv, out = json.loads(request)
    with open(out, "wb") as handle:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdout=handle, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
    print(json.dumps([seconds, usage.ru_maxrss, os.waitstatus_to_exitcode(status)]), flush=True)
"""


class Launcher:
    """A small process that runs each command and reports its wall time and own peak memory."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", LAUNCHER], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def run(self, argv: Sequence[str], out: Path) -> Run:
        """Run ``sudokit argv`` with its output in ``out``."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([[*SUDOKIT, *argv], str(out)]) + "\n")
        self.process.stdin.flush()
        seconds, peak_kb, status = json.loads(self.process.stdout.readline())
        return Run(seconds, peak_kb / 1024, status)

    def median(self, argv: Sequence[str], out: Path, repeat: int) -> Run:
        """The median time (and the largest peak memory) of ``repeat`` runs."""
        runs = [self.run(argv, out) for _ in range(repeat)]
        return Run(statistics.median(r.seconds for r in runs), max(r.peak_mb for r in runs), runs[-1].status)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def median_call(call: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def check_lines(out: Path, expected: int, what: str) -> list[str]:
    """The lines of an answer file, after checking there is one per puzzle."""
    lines = out.read_text().splitlines()
    if len(lines) != expected:
        raise SystemExit(f"{what}: {len(lines)} answer lines for {expected} puzzles")
    return lines


def machine() -> str:
    """CPU model, cores, Python."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def load() -> str:
    """The 1/5/15-minute load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def rate_per_s(count: int, seconds: float) -> str:
    return f"{count / seconds:>12,.0f}/s"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small run: 100,000 lines, 200 ratings, "
                        "2,000 generated, one repeat")
    parser.add_argument("--lines", type=int, help="puzzles of the big file (default 1,032,318: 17-clue ×21)")
    parser.add_argument("--rate", type=int, help="puzzles rated with --jobs 1 and 2 (default 2,000)")
    parser.add_argument("--generate", type=int, help="puzzles generated with --jobs 1 and 2 (default 50,000)")
    parser.add_argument("--repeat", type=int, help="runs of each measurement, median (default 3)")
    parser.add_argument("--data", type=Path, default=DATA, help=f"the data sets (default {DATA})")
    args = parser.parse_args(argv)
    for name in ("17_clue.txt", "magictour_top1465.txt"):
        if not (args.data / name).is_file():
            parser.error(f"--data {args.data}: no {name} (the shared data sets: $SUDOKIT_DATA)")
    launcher = Launcher()
    try:
        return measure(args, launcher)
    finally:
        launcher.close()


def measure(args: argparse.Namespace, launcher: Launcher) -> int:
    """Prepare the inputs and print every measurement."""
    lines_wanted = args.lines or (100_000 if args.quick else 21 * 49_158)
    rate_n = args.rate or (200 if args.quick else 2_000)
    generate_n = args.generate or (2_000 if args.quick else 50_000)
    repeat = args.repeat or (1 if args.quick else 3)

    clue17 = puzzles(args.data / "17_clue.txt")
    top = puzzles(args.data / "magictour_top1465.txt")
    big_lines = (clue17 * (lines_wanted // len(clue17) + 1))[:lines_wanted]
    tenth_lines = big_lines[: max(1, lines_wanted // 10)]
    rate_lines = (top * (rate_n // len(top) + 1))[:rate_n]

    print(f"machine: {machine()}")
    print(f"load average before: {load()}")
    print(f"puzzles: {len(big_lines):,} (17-clue set repeated), {len(rate_lines):,} rated, "
          f"{generate_n:,} generated; median of {repeat}")
    with tempfile.TemporaryDirectory(prefix="sudokit-scale-") as tmp:
        work = Path(tmp)
        big, tenth, rated, out = work / "big.txt", work / "tenth.txt", work / "top.txt", work / "out.txt"
        one = work / "one.txt"
        big.write_text("\n".join(big_lines) + "\n")
        tenth.write_text("\n".join(tenth_lines) + "\n")
        rated.write_text("\n".join(rate_lines) + "\n")
        one.write_text(big_lines[0] + "\n")
        n = len(big_lines)
        median_run = launcher.median

        print("\n== CLI vs API, one core ==")
        print(f"{'what':<34}{'seconds':>9}{'puzzles/s':>14}{'µs/puzzle':>11}{'peak MB':>9}")
        api_solve = median_call(lambda: sudokit.solve_many(big_lines), repeat)
        api_count = median_call(lambda: sudokit.count_many(big_lines), repeat)
        cli_solve = median_run(["solve", str(big)], out, repeat)
        answers = check_lines(out, n, "sudokit solve")
        sample = list(range(0, n, max(1, n // 1000)))
        if [answers[i] for i in sample] != sudokit.solve_many([big_lines[i] for i in sample]):
            raise SystemExit("sudokit solve: answers differ from solve_many's")
        cli_count = median_run(["count", str(big)], out, repeat)
        check_lines(out, n, "sudokit count")
        cli_tenth = median_run(["solve", str(tenth)], out, repeat)
        check_lines(out, len(tenth_lines), "sudokit solve (a tenth)")
        start_up = median_run(["solve", str(one)], out, max(3, repeat)).seconds
        for what, seconds, peak in [
            ("API solve_many", api_solve, None),
            ("CLI sudokit solve", cli_solve.seconds, cli_solve.peak_mb),
            ("API count_many", api_count, None),
            ("CLI sudokit count", cli_count.seconds, cli_count.peak_mb),
            (f"CLI sudokit solve, {len(tenth_lines):,} lines", cli_tenth.seconds, cli_tenth.peak_mb),
        ]:
            count = len(tenth_lines) if "lines" in what else n
            print(f"{what:<34}{seconds:>9.2f}{rate_per_s(count, seconds)}{seconds / count * 1e6:>11.2f}"
                  f"{'' if peak is None else f'{peak:.0f}':>9}")
        net_solve, net_count = cli_solve.seconds - start_up, cli_count.seconds - start_up
        print(f"CLI ÷ API throughput: solve {api_solve / cli_solve.seconds:.2f}, "
              f"count {api_count / cli_count.seconds:.2f} (target ≥ 0.70); the CLI's start-up "
              f"(one puzzle) takes {start_up:.2f} s, without it: solve {api_solve / net_solve:.2f}, "
              f"count {api_count / net_count:.2f}")
        print(f"peak memory, {n:,} lines vs {len(tenth_lines):,}: {cli_solve.peak_mb:.0f} MB vs "
              f"{cli_tenth.peak_mb:.0f} MB (flat: the input is streamed)")

        print("\n== --jobs 1 vs 2 ==")
        print(f"{'command':<34}{'jobs 1 s':>9}{'jobs 2 s':>9}{'speed-up':>9}{'start-up s':>11}"
              f"{'net':>7}{'peak MB 1/2':>13}")
        cases: list[tuple[str, list[str], int, list[str]]] = [
            (f"solve ({n:,})", ["solve", str(big)], n, ["solve", str(one)]),
            (f"rate ({len(rate_lines):,} magictour)", ["rate", "--no-progress", str(rated)],
             len(rate_lines) + 1, ["rate", "--no-progress", str(one)]),
            (f"generate ({generate_n:,})",
             ["generate", "--no-progress", "-n", str(generate_n), "--seed", "1"], generate_n,
             ["generate", "-n", "1"]),
        ]
        for what, command, expected, small in cases:
            alone = median_run([*command, "--jobs", "1"], out, repeat)
            first = check_lines(out, expected, what)
            pair = median_run([*command, "--jobs", "2"], out, repeat)
            second = check_lines(out, expected, what)
            if not what.startswith("rate") and first != second:
                raise SystemExit(f"{what}: --jobs 2 wrote other answers than --jobs 1")
            fixed = median_run([*small, "--jobs", "2"], out, max(3, repeat)).seconds
            net = (alone.seconds - fixed) / (pair.seconds - fixed)
            print(f"{what:<34}{alone.seconds:>9.2f}{pair.seconds:>9.2f}{alone.seconds / pair.seconds:>8.2f}×"
                  f"{fixed:>11.2f}{net:>6.2f}×{alone.peak_mb:>7.0f}/{pair.peak_mb:.0f}")
        print("(net: the speed-up of the time after start-up, i.e. of a command on one puzzle)")
    print(f"\nload average after: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
