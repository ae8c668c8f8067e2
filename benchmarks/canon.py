#!/usr/bin/env python3
"""Canonical-form benchmark: ``sudokit canon`` and the API against a public minlex canonicaliser.

Prints puzzles/s (median over ``--repeat`` runs) for:

* the CLI, ``sudokit canon FILE > /dev/null`` as a subprocess (start-up included), on the
  17-clue set and on a bigger file of 100k+ puzzles (the set plus random transforms of it);
* the API: :func:`sudokit.canon.minlex.canonical_lines` (one native call for the whole list) and
  :func:`sudokit.canonical` called once per puzzle;
* the empty grid and a 1-clue grid, through the API and the CLI;
* in the same run, Mladen Dobrichev's ``patminlex`` (sudoku-minlexing-tool) built beside the
  project, as a subprocess on the same files: the ratio is its time / sudokit's CLI time.

patminlex minimises the *pattern* of givens first, then the digits; sudokit's form is the plain
minlex string (an empty cell is 0, below every digit), so the two forms of a puzzle can differ.
Both are forms of the same class, which the benchmark checks on a sample: sudokit's form of
patminlex's output must be sudokit's form of the input.

patminlex is not part of sudokit (no code, binary or build script here). To compare with it,
build it by hand outside the repository, e.g. in /work/peers: clone
``dobrichev/sudoku-minlexing-tool``, write a ten-line ``main`` that reads one puzzle per line,
calls ``patminlex z(in, out)`` and prints ``out`` as 81 digits per line (``0`` for empty), and
compile it with ``g++ -O3 patminlex.cpp main.cpp -o patminlex``. Give its path with ``--peer``
or ``SUDOKIT_PATMINLEX`` (default /work/peers/patminlex); without it the peer is skipped.

Run ``python benchmarks/canon.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from sudokit.canon.minlex import canonical, canonical_lines, canonical_string, random_transform
from sudokit.grid import Grid

#: ../shared/data beside the repository, or $SUDOKIT_DATA; peers are built beside it in ../peers.
DATA = Path(os.environ.get("SUDOKIT_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
DEFAULT_PEER = str(Path(__file__).resolve().parents[2] / "peers" / "patminlex")


def _puzzles(path: Path) -> list[str]:
    """The puzzle lines of a file (comments and blank lines dropped)."""
    text = path.read_text().splitlines()
    return [line.strip() for line in text if line.strip() and not line.startswith("#")]


def _median_seconds(call: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _run(command: Sequence[str], path: Path) -> None:
    """Run a command with a file as standard input, output thrown away; fail loudly."""
    with path.open("rb") as stdin:
        subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, check=True)


def _sudokit_command() -> list[str]:
    """How to run the sudokit CLI of this interpreter's environment."""
    script = Path(sys.executable).with_name("sudokit")
    return [str(script)] if script.exists() else [sys.executable, "-m", "sudokit"]


def _big_file(lines: list[str], size: int, folder: Path, rng: random.Random) -> Path:
    """A file of at least ``size`` puzzles: the set, then random transforms of it."""
    out = list(lines)
    while len(out) < size:
        out.append(random_transform(Grid.from_string(rng.choice(lines)), rng).to_string())
    path = folder / f"canon_{len(out)}.txt"
    path.write_text("\n".join(out) + "\n")
    return path


def _peer_forms(peer: str, lines: list[str]) -> list[str]:
    """patminlex's forms of some puzzles."""
    proc = subprocess.run([peer], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    return proc.stdout.split()


def _check_peer(peer: str, lines: list[str]) -> str:
    """Whether patminlex's forms are forms of the same classes as sudokit's (on ``lines``)."""
    forms = _peer_forms(peer, lines)
    if len(forms) != len(lines):
        return f"WRONG: {len(forms)} forms for {len(lines)} puzzles"
    ours = canonical_lines(lines)
    same_class = sum(canonical_string(form) == mine for form, mine in zip(forms, ours, strict=True))
    same_text = sum(form == mine for form, mine in zip(forms, ours, strict=True))
    verdict = "ok" if same_class == len(lines) else "WRONG"
    return (f"{verdict}: {same_class}/{len(lines)} of its forms are in the same class as sudokit's; "
            f"{same_text}/{len(lines)} are the same string (it minimises the pattern first)")


def _row(name: str, count: int, seconds: float, note: str = "") -> None:
    """Print one line of the table."""
    rate = count / seconds if seconds else float("inf")
    print(f"{name:<44} {count:>8} {seconds * 1e3:>10.1f} ms {rate:>12,.0f}/s  {note}")


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=DATA / "17_clue.txt",
                        help="puzzle file (default: 17_clue)")
    parser.add_argument("--big", type=int, default=120_000, help="size of the bigger file (default 120000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement, the median is kept")
    parser.add_argument("--api-sample", type=int, default=5000, help="puzzles for the per-puzzle API")
    parser.add_argument("--check-sample", type=int, default=2000, help="puzzles to compare with the peer")
    parser.add_argument("--peer", default=os.environ.get("SUDOKIT_PATMINLEX", DEFAULT_PEER),
                        help="patminlex driver built beside the project (see the module docstring)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not args.data.exists():
        print(f"no data set at {args.data}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    lines = _puzzles(args.data)
    peer = args.peer if args.peer and shutil.which(args.peer) else None
    cli = [*_sudokit_command(), "canon"]
    print(f"canonical form, {args.data.name}: {len(lines)} puzzles; medians of {args.repeat} runs "
          f"(shared machine: compare the ratios of one run)")
    print(f"{'what':<44} {'puzzles':>8} {'time':>13} {'rate':>14}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        small = folder / "set.txt"
        small.write_text("\n".join(lines) + "\n")
        big = _big_file(lines, args.big, folder, rng)
        big_count = len(_puzzles(big))
        empty = folder / "empty.txt"
        empty.write_text("." * 81 + "\n")
        nothing = folder / "nothing.txt"
        nothing.write_text("")
        startup = _median_seconds(lambda: _run(cli, nothing), args.repeat)
        _row("sudokit canon (no puzzle: start-up)", 0, startup)
        _row("sudokit canon (1 empty grid)", 1, _median_seconds(lambda: _run(cli, empty), args.repeat))
        peer_startup = _median_seconds(lambda: _run([peer], nothing), args.repeat) if peer else 0.0
        if peer:
            _row("patminlex (no puzzle: start-up)", 0, peer_startup)
            _row("patminlex (1 empty grid)", 1, _median_seconds(lambda: _run([peer], empty), args.repeat))
        for path, count in ((small, len(lines)), (big, big_count)):
            ours = _median_seconds(lambda p=path: _run(cli, p), args.repeat)
            _row(f"sudokit canon ({path.name})", count, ours,
                 f"net of start-up: {count / max(ours - startup, 1e-9):,.0f}/s")
            if peer:
                theirs = _median_seconds(lambda p=path: _run([peer], p), args.repeat)
                _row(f"patminlex ({path.name})", count, theirs,
                     f"net of start-up: {count / max(theirs - peer_startup, 1e-9):,.0f}/s; "
                     f"sudokit CLI takes {ours / theirs:.2f}x its time")
        seconds = _median_seconds(lambda: canonical_lines(lines), args.repeat)
        _row("API canonical_lines (one native call)", len(lines), seconds)
        sample = lines[: args.api_sample]
        seconds = _median_seconds(lambda: [canonical(text) for text in sample], args.repeat)
        _row("API canonical(str), one call per puzzle", len(sample), seconds)
        grids = [Grid.from_string(text) for text in sample]
        seconds = _median_seconds(lambda: [canonical(grid) for grid in grids], args.repeat)
        _row("API canonical(Grid), one call per puzzle", len(grids), seconds)
        one = Grid.from_string("." * 40 + "5" + "." * 40)
        for name, grid in (("empty grid", Grid.empty()), ("1-clue grid", one)):
            seconds = _median_seconds(lambda g=grid: canonical(g), args.repeat)
            print(f"{'API canonical(' + name + ')':<44} {seconds * 1e6:>21.1f} µs")
        if peer:
            checked = rng.sample(lines, min(args.check_sample, len(lines)))
            print("patminlex check:", _check_peer(peer, checked))
        else:
            print(f"patminlex: not built at {args.peer!r}, skipped (see benchmarks/canon.py's docstring "
                  "or benchmarks/README.md for how to build it beside the project)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
