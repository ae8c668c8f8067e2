#!/usr/bin/env python3
"""Variant benchmark: sudokit's solver under variant rules, against classic and against peers.

Four parts, each printed as a table (nothing here asserts on a time):

1. **Puzzles.** A fixed set of unique variant puzzles, ``--count`` per variant (default 50) for
   x, windoku, antiknight, antiking, nonconsecutive, disjointgroups, jigsaw and killer, made by
   ``sudokit.generation.generator.generate(variant=v, seed=k)`` and cached in ``benchmarks/data/variants.txt``
   (one ``variant seed f-puzzles-link`` line each), with the same number of classic minimal
   puzzles (``generate(seed=k, minimal=True)``). Missing puzzles are generated and appended;
   ``--no-generate`` uses only what the file has.
2. **sudokit.** ``sudokit.engine.solver.search(grid, limit=2)`` per puzzle (the grid is read from its
   link beforehand, not timed); a puzzle's time is the median of ``--repeat`` runs, a row's time the
   median over its puzzles, in ms. Classic rows for the "within 3× of classic" ratio: the
   generated minimal puzzles on the classic engine, the same puzzles through the rules engine
   (the one variants use), and ``--classic17`` 17-clue puzzles from ``../shared/data``.
3. **pencilmark** (``--peers pencilmark``, the default, when its venv exists): a worker process in
   pencilmark's own virtual environment (``benchmarks/_pencilmark_worker.py``, JSON lines in and
   out) times ``cbackend.brute_solve(puzzle, limit=2)`` on the same puzzles; answers are checked
   against sudokit's, and the ratio pencilmark / sudokit is over the same puzzles in the same run.
4. **SukakuExplainer** (``--sukaku CLASSPATH``): rates up to ``--sukaku-sample`` puzzles of each of
   ``--sukaku-variants`` (x, windoku, antiknight by default) with its serate mode and the variant's
   switch, checks its solution against sudokit's and, when ``sudokit.rating.explainer.rate`` rates variant
   grids, prints how often the two ERs agree (skipped when it raises).

Run ``python benchmarks/variants.py --help`` for the options; see benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import platform
import random
import select
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

#: The folder that holds this repository: ../shared/data and the peers in ../peers live there.
BESIDE = Path(__file__).resolve().parents[2]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT_CACHE = HERE / "data" / "variants.txt"
DEFAULT_PM_PYTHON = str(BESIDE / "peers" / "pmvenv" / "bin" / "python")
PM_WORKER = HERE / "_pencilmark_worker.py"

#: The variants measured, in table order.
VARIANTS = ("x", "windoku", "antiknight", "antiking", "nonconsecutive", "disjointgroups", "jigsaw", "killer")
#: The name classic puzzles carry in the cache file.
CLASSIC = "classic"
#: SukakuExplainer's serate switch for each variant it knows (jigsaw and killer it has not).
#: Its non-consecutive mode 1 is sudokit's rule (1 and 9 are not consecutive; mode 2 would be).
SUKAKU_FLAGS = {
    "x": "--isX=1",
    "windoku": "--isWindows=1",
    "antiknight": "--isAntiKnight=1",
    "antiking": "--isAntiKing=1",
    "disjointgroups": "--isDG=1",
    "nonconsecutive": "--isNC=1",
}
#: ``target`` column: a variant's median within this factor of classic's.
CLASSIC_TARGET = 3.0

def default_data() -> Path:
    """The shared data folder: $SUDOKIT_DATA, or ``shared/data`` beside the repo (or beside its worktrees)."""
    env = os.environ.get("SUDOKIT_DATA")
    if env:
        return Path(env)
    for base in (ROOT.parent, ROOT.parent.parent):
        if (base / "shared" / "data").is_dir():
            return base / "shared" / "data"
    return ROOT.parent / "shared" / "data"


CACHE_HEADER = """\
# Unique puzzles for benchmarks/variants.py, made by sudokit itself (committing them is fine):
# one per line, "variant seed puzzle", the puzzle an f-puzzles link (or sudokit JSON) for a
# variant and an 81-character line for classic. generate(variant=v, seed=k) / generate(seed=k, minimal=True).
"""


# --------------------------------------------------------------------------------------------
# Puzzles


@dataclass(frozen=True)
class Puzzle:
    """One cached puzzle: its variant (or ``classic``), the seed that made it, its text."""

    variant: str
    seed: int
    text: str


def read_cache(path: Path) -> list[Puzzle]:
    """The puzzles of a cache file (none when it does not exist)."""
    if not path.exists():
        return []
    out = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        parts = raw.split(maxsplit=2)
        if len(parts) == 3 and not raw.startswith("#"):
            out.append(Puzzle(parts[0], int(parts[1]), parts[2]))
    return out


def append_cache(path: Path, puzzles: Sequence[Puzzle]) -> None:
    """Add puzzles to the cache file (writing its header first when it is new)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists()
    with path.open("a", encoding="utf-8") as fh:
        if new:
            fh.write(CACHE_HEADER)
        for p in puzzles:
            fh.write(f"{p.variant} {p.seed} {p.text}\n")


def make_puzzle(variant: str, seed: int, time_limit: float) -> Puzzle | None:
    """Generate one puzzle (None when the time limit ran out first)."""
    from sudokit.errors import GenerationError, TimeLimitReached
    from sudokit.generation import generator

    try:
        if variant == CLASSIC:
            grid = generator.generate(seed=seed, minimal=True, time_limit=time_limit)
            return Puzzle(variant, seed, grid.to_string())
        grid = generator.generate(variant=variant, seed=seed, time_limit=time_limit)
    except (TimeLimitReached, GenerationError):
        return None
    return Puzzle(variant, seed, grid.to_fpuzzles())


def ensure_puzzles(args: argparse.Namespace, kinds: Sequence[str]) -> dict[str, list[Puzzle]]:
    """``--count`` puzzles of each kind, read from the cache and topped up by generating."""
    cached = read_cache(args.cache)
    by_kind: dict[str, list[Puzzle]] = {k: [p for p in cached if p.variant == k] for k in kinds}
    for kind in kinds:
        have = by_kind[kind]
        if len(have) >= args.count or args.no_generate:
            by_kind[kind] = have[: args.count]
            continue
        seed = max((p.seed for p in have), default=0) + 1
        tries = 0
        while len(have) < args.count and tries < 3 * args.count:
            t0 = time.perf_counter()
            made = make_puzzle(kind, seed, args.gen_time_limit)
            tries += 1
            log(args, f"generate {kind} seed {seed}: {'ok' if made else 'gave up'} "
                      f"({time.perf_counter() - t0:.1f} s)")
            if made is not None:
                append_cache(args.cache, [made])
                have.append(made)
            seed += 1
    return by_kind


def read_17(args: argparse.Namespace) -> list[str]:
    """A fixed random sample of ``--classic17`` lines of 17_clue.txt (none when it is absent)."""
    path = args.data / "17_clue.txt"
    if args.classic17 <= 0 or not path.exists():
        return []
    lines = [ln.split()[0] for ln in path.read_text(encoding="utf-8").splitlines()
             if ln.strip() and not ln.startswith("#")]
    return random.Random(args.seed).sample(lines, min(args.classic17, len(lines)))


def to_grid(text: str) -> Any:
    """A sudokit Grid from a cached puzzle's text (f-puzzles link, sudokit JSON or classic line)."""
    from sudokit.grid import Grid

    return Grid.from_string(text)


# --------------------------------------------------------------------------------------------
# Timing sudokit


@contextlib.contextmanager
def no_gc() -> Iterator[None]:
    """Run a timed region with the cyclic garbage collector off (as timeit does)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@dataclass
class Timed:
    """One puzzle timed: ms (median of the runs), count found, solution, ran past the timeout."""

    ms: float
    count: int
    solution: str | None
    stopped: bool = False


def time_search(run: Callable[[], tuple[int, str | None, bool]], repeat: int) -> Timed:
    """Median ms of ``repeat`` calls of ``run`` (which returns count, solution, stopped)."""
    times = []
    count, solution, stopped = 0, None, False
    for _ in range(max(1, repeat)):
        with no_gc():
            t0 = time.perf_counter_ns()
            count, solution, stopped = run()
            t1 = time.perf_counter_ns()
        times.append((t1 - t0) / 1e6)
        if stopped:
            break  # once past the timeout is enough
    return Timed(statistics.median(times), count, solution, stopped)


def search_run(grid: Any, timeout: float) -> Callable[[], tuple[int, str | None, bool]]:
    """A call of ``sudokit.engine.solver.search(grid, limit=2)`` for :func:`time_search`."""
    from sudokit.engine import solver

    def run() -> tuple[int, str | None, bool]:
        r = solver.search(grid, 2, time_limit=timeout)
        return r.count, (r.solution.to_string() if r.solution is not None else None), r.stopped

    return run


def rules_engine_run(grid: Any, timeout: float) -> Callable[[], tuple[int, str | None, bool]] | None:
    """A classic grid searched by the rules engine variants use (None if that cannot be reached)."""
    try:
        from sudokit.engine import backend
        from sudokit.rules import Rules

        table = backend.rules_table(Rules.classic(grid.shape))
    except Exception:
        return None
    data = grid.to_bytes()

    def run() -> tuple[int, str | None, bool]:
        count, first, _guesses = table.solve(data, 2, timeout)
        sol = "".join(str(v) for v in first) if first is not None else None
        return (0, sol, True) if count < 0 else (count, sol, False)

    return run


def rules_engine_name() -> str:
    """Which engine solves under rules: the C core's RulesTable or the Python reference."""
    try:
        from sudokit.engine import backend
        from sudokit.variant import make_rules

        return type(backend.rules_table(make_rules("x"))).__module__
    except Exception as exc:
        return f"? ({type(exc).__name__})"


# --------------------------------------------------------------------------------------------
# Rows


@dataclass
class Row:
    """One line of the solve table: a kind of puzzle and what each engine did on it."""

    kind: str
    n: int
    ms: float | None = None  # sudokit: median ms per puzzle
    mean_ms: float | None = None
    max_ms: float | None = None
    timeouts: int = 0
    wrong: int = 0  # sudokit's count was not 1 (the puzzles are unique)
    vs_classic: float | None = None  # median / classic minimal's (classic engine)
    vs_rules: float | None = None  # median / classic minimal's through the rules engine
    pm_n: int = 0
    pm_ms: float | None = None
    pm_sudokit_ms: float | None = None  # sudokit's median on the puzzles pencilmark answered
    pm_ratio: float | None = None
    pm_disagree: int = 0
    pm_errors: int = 0
    pm_timeouts: int = 0
    pm_note: str = ""
    times: list[Timed] = field(default_factory=list, repr=False)


def summarise(row: Row) -> None:
    """Fill a row's sudokit medians from its per-puzzle times."""
    ms = [t.ms for t in row.times]
    if ms:
        row.ms = statistics.median(ms)
        row.mean_ms = statistics.fmean(ms)
        row.max_ms = max(ms)
    row.timeouts = sum(t.stopped for t in row.times)
    row.wrong = sum(1 for t in row.times if not t.stopped and t.count != 1)


def prepare(grid: Any) -> None:
    """Build a variant grid's rules table before timing (the engine keeps it with the rules)."""
    if getattr(grid, "rules", None) is None:
        return
    with contextlib.suppress(Exception):
        from sudokit.engine import backend

        backend.rules_table(grid.rules)


def time_kind(args: argparse.Namespace, kind: str, grids: Sequence[Any], rules_engine: bool = False) -> Row:
    """sudokit's row for one kind of puzzle (``rules_engine``: classic grids on the rules engine)."""
    row = Row(kind, len(grids))
    if grids and getattr(grids[0], "rules", None) is None:
        search_run(grids[0], args.timeout)()  # warm-up of a classic row (lazy imports), not timed
    for grid in grids:
        run = rules_engine_run(grid, args.timeout) if rules_engine else search_run(grid, args.timeout)
        if run is None:
            return Row(kind, 0)
        prepare(grid)
        row.times.append(time_search(run, args.repeat))
    summarise(row)
    log(args, f"sudokit {kind}: {fmt_ms(row.ms)} ms median over {row.n}")
    return row


# --------------------------------------------------------------------------------------------
# pencilmark


class PeerWorker:
    """pencilmark's worker process, started again when a puzzle runs past the timeout."""

    def __init__(self, python: str, startup: float = 120.0) -> None:
        self.python = python
        self.startup = startup
        self.proc: subprocess.Popen[bytes] | None = None
        self.buf = b""
        self.version = ""

    def start(self) -> None:
        """Start the worker and wait for its ready line."""
        self.proc = subprocess.Popen(
            [self.python, str(PM_WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.buf = b""
        hello = json.loads(self._readline(self.startup))
        if not hello.get("ready"):
            self.stop()
            raise RuntimeError(str(hello.get("error", hello)))
        self.version = str(hello.get("version", "?"))

    def _readline(self, timeout: float) -> str:
        """One line from the worker, or TimeoutError."""
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError
            chunk = os.read(fd, 65536)
            if not chunk:
                raise RuntimeError(f"pencilmark worker exited (code {self.proc.poll()})")
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode("utf-8", "replace")

    def ask(self, link: str, timeout: float) -> dict[str, Any]:
        """The worker's reply for one puzzle; TimeoutError (worker killed) past ``timeout``."""
        if self.proc is None:
            self.start()
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write((json.dumps({"id": 0, "fpuzzles": link, "limit": 2}) + "\n").encode())
        self.proc.stdin.flush()
        try:
            reply: dict[str, Any] = json.loads(self._readline(timeout))
        except TimeoutError:
            self.stop()
            raise
        return reply

    def stop(self) -> None:
        """Kill the worker (if it runs) and close its pipes."""
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
            self.proc = None


def pencilmark_row(args: argparse.Namespace, worker: PeerWorker, row: Row, links: Sequence[str]) -> None:
    """Time pencilmark on a row's puzzles, check its answers, fill the row's peer columns."""
    pm_ms: list[float] = []
    ours: list[float] = []
    for link, mine in zip(links, row.times, strict=True):
        runs: list[float] = []
        reply: dict[str, Any] = {}
        try:
            for _ in range(max(1, args.repeat)):
                reply = worker.ask(link, args.timeout)
                if "error" in reply:
                    break
                runs.append(reply["ns"] / 1e6)
        except TimeoutError:
            row.pm_timeouts += 1
            continue
        if "error" in reply:
            row.pm_errors += 1
            row.pm_note = str(reply["error"])[:60]
            continue
        if not reply.get("complete", True) or reply.get("count") != 1 or (
            not mine.stopped and reply.get("solution") != mine.solution
        ):
            row.pm_disagree += 1
        if mine.stopped:
            continue  # no sudokit time to compare with
        pm_ms.append(statistics.median(runs))
        ours.append(mine.ms)
    row.pm_n = len(pm_ms)
    if pm_ms:
        row.pm_ms = statistics.median(pm_ms)
        row.pm_sudokit_ms = statistics.median(ours)
        row.pm_ratio = row.pm_ms / row.pm_sudokit_ms if row.pm_sudokit_ms > 0 else None
    log(args, f"pencilmark {row.kind}: {fmt_ms(row.pm_ms)} ms median over {row.pm_n}")


# --------------------------------------------------------------------------------------------
# SukakuExplainer and sudokit.rating.explainer


@dataclass
class RatedRow:
    """ER agreement on one variant: SukakuExplainer's ERs against sudokit's."""

    kind: str
    n: int
    se_rated: int = 0
    se_solution_ok: int = 0
    se_seconds: float = 0.0
    ours_rated: int = 0
    ours_seconds: float = 0.0
    ours_note: str = ""
    equal: int = 0
    within_05: int = 0
    compared: int = 0
    mean_abs: float | None = None
    pairs: list[tuple[float | None, float | None]] = field(default_factory=list)


def sukaku_rate(args: argparse.Namespace, kind: str, line: str) -> tuple[float | None, str | None]:
    """SukakuExplainer's ER and solution of one 81-character line (None, None past the timeout)."""
    java = shutil.which("java") or "java"
    cmd = [java, "-Xrs", "-Xmx500m", "-cp", args.sukaku, "diuf.sudoku.test.serate", "--threads=1",
           SUKAKU_FLAGS[kind], "--format=%r %i", line]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.sukaku_timeout, check=False)
    except subprocess.TimeoutExpired:
        return None, None
    parts = proc.stdout.split()
    if len(parts) < 2:
        return None, None
    try:
        return float(parts[0]), parts[1]
    except ValueError:
        return None, parts[1]


def our_rating(grid: Any, timeout: float) -> tuple[float | None, str]:
    """sudokit's ER of a variant grid, or None and why not (an error, no verdict)."""
    try:
        from sudokit import rating

        r = rating.rate(grid, time_limit=timeout)
    except Exception as exc:
        return None, f"{type(exc).__name__}: {exc}"[:70]
    er = getattr(r, "er", None)
    if er is None:
        return None, f"status {getattr(r, 'status', '?')}"
    return float(er), ""


def rate_kind(
    args: argparse.Namespace, kind: str, grids: Sequence[Any], solutions: Sequence[str | None]
) -> RatedRow:
    """Rate a sample of one variant's puzzles with SukakuExplainer and with sudokit."""
    picked = list(zip(grids, solutions, strict=True))[: args.sukaku_sample]
    row = RatedRow(kind, len(picked))
    for grid, solution in picked:
        line = grid.to_string()
        t0 = time.perf_counter()
        se, se_solution = sukaku_rate(args, kind, line)
        row.se_seconds += time.perf_counter() - t0
        if se is not None and se > 0:
            row.se_rated += 1
        if se_solution is not None and se_solution == solution:
            row.se_solution_ok += 1
        t0 = time.perf_counter()
        if args.no_rating:
            ours, why = None, "skipped (--no-rating)"
        elif row.ours_rated == 0 and len(row.pairs) >= args.rating_give_up:
            ours, why = None, f"gave up after {args.rating_give_up} puzzles without an ER"
            if "gave up" not in row.ours_note:
                row.ours_note = f"{row.ours_note}; {why}" if row.ours_note else why
        else:
            ours, why = our_rating(grid, args.rating_timeout)
        row.ours_seconds += time.perf_counter() - t0
        if ours is not None:
            row.ours_rated += 1
        elif why and not row.ours_note:
            row.ours_note = why
        row.pairs.append((se, ours))
        log(args, f"rate {kind}: SukakuExplainer {se} sudokit {ours} {why}")
    both = [(a, b) for a, b in row.pairs if a is not None and b is not None and a > 0]
    row.compared = len(both)
    if both:
        row.equal = sum(1 for a, b in both if abs(a - b) < 0.05)
        row.within_05 = sum(1 for a, b in both if abs(a - b) <= 0.5 + 1e-9)
        row.mean_abs = statistics.fmean(abs(a - b) for a, b in both)
    return row


# --------------------------------------------------------------------------------------------
# Output


def log(args: argparse.Namespace, msg: str) -> None:
    """A progress line on stderr with ``-v``."""
    if args.verbose:
        print(msg, file=sys.stderr, flush=True)


def fmt_ms(ms: float | None) -> str:
    """Milliseconds with sensible digits ("-" for none)."""
    if ms is None:
        return "-"
    if ms >= 100:
        return f"{ms:,.0f}"
    if ms >= 1:
        return f"{ms:.2f}"
    return f"{ms:.4f}"


def fmt_x(ratio: float | None) -> str:
    """A ratio as "2.5×" ("-" for none)."""
    return "-" if ratio is None else f"{ratio:.1f}×" if ratio >= 10 else f"{ratio:.2f}×"


def print_solve_table(rows: Sequence[Row], show_pm: bool) -> None:
    """The solve table: sudokit per kind, its ratio to classic, pencilmark in the same run."""
    head = (f"{'puzzles':<24}{'n':>4}{'median ms':>11}{'mean ms':>10}{'max ms':>10}"
            f"{'×classic':>10}{'≤3×':>6}{'×rules':>9}")
    if show_pm:
        head += f"{'pm n':>6}{'pm ms':>10}{'sudokit ms':>11}{'pm/sudokit':>11}  notes"
    else:
        head += "  notes"
    print(head)
    print("-" * len(head))
    for r in rows:
        target = "" if r.vs_classic is None else ("ok" if r.vs_classic <= CLASSIC_TARGET else "MISS")
        bound = "≥" if r.timeouts else ""
        line = (f"{r.kind:<24}{r.n:>4}{bound + fmt_ms(r.ms):>11}{bound + fmt_ms(r.mean_ms):>10}"
                f"{bound + fmt_ms(r.max_ms):>10}"
                f"{fmt_x(r.vs_classic):>10}{target:>6}{fmt_x(r.vs_rules):>9}")
        notes = []
        if r.timeouts:
            notes.append(f"{r.timeouts} sudokit timeouts (counted at the timeout: medians are lower bounds)")
        if r.wrong:
            notes.append(f"WRONG: sudokit counted ≠1 solutions on {r.wrong}")
        if show_pm:
            line += f"{r.pm_n:>6}{fmt_ms(r.pm_ms):>10}{fmt_ms(r.pm_sudokit_ms):>11}{fmt_x(r.pm_ratio):>11}"
            if r.pm_disagree:
                notes.append(f"DISAGREE: pencilmark's answer differs on {r.pm_disagree}")
            if r.pm_timeouts:
                notes.append(f"{r.pm_timeouts} pencilmark timeouts")
            if r.pm_errors:
                notes.append(f"{r.pm_errors} pencilmark errors ({r.pm_note})")
        print(line + ("  " + "; ".join(notes) if notes else ""))


def print_rating_table(rows: Sequence[RatedRow]) -> None:
    """ER agreement per variant: SukakuExplainer against sudokit.rating.explainer."""
    head = (f"{'variant':<16}{'n':>4}{'SE rated':>10}{'SE sol ok':>11}{'SE s':>8}{'ours rated':>12}"
            f"{'ours s':>8}{'compared':>10}{'equal':>7}{'±0.5':>6}{'mean |Δ|':>10}  notes")
    print(head)
    print("-" * len(head))
    for r in rows:
        mean = "-" if r.mean_abs is None else f"{r.mean_abs:.2f}"
        print(f"{r.kind:<16}{r.n:>4}{r.se_rated:>10}{r.se_solution_ok:>11}{r.se_seconds:>8.1f}{r.ours_rated:>12}"
              f"{r.ours_seconds:>8.1f}{r.compared:>10}{r.equal:>7}{r.within_05:>6}{mean:>10}  {r.ours_note}")


# --------------------------------------------------------------------------------------------
# Main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--count", type=int, default=50, help="puzzles per variant (default 50)")
    p.add_argument("--variants", default=",".join(VARIANTS),
                   help="comma-separated variants (default: all eight)")
    p.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                   help="puzzle cache file (benchmarks/data/variants.txt)")
    p.add_argument("--no-generate", action="store_true", help="use only the cached puzzles, generate none")
    p.add_argument("--generate-only", action="store_true",
                   help="top the cache up to --count puzzles per kind, print the counts, time nothing")
    p.add_argument("--gen-time-limit", type=float, default=300.0, help="seconds per generated puzzle (300)")
    p.add_argument("--data", type=Path, default=default_data(), help="folder of 17_clue.txt (../shared/data)")
    p.add_argument("--classic17", type=int, default=200,
                   help="17-clue puzzles for the classic row (200; 0: none)")
    p.add_argument("--seed", type=int, default=1, help="seed of the 17-clue sample")
    p.add_argument("--repeat", type=int, default=3, help="runs per puzzle, the median kept (3)")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds per solve, per engine (10)")
    p.add_argument("--peers", default="pencilmark", help="'pencilmark' (default) or 'none'")
    p.add_argument("--pm-python", default=os.environ.get("SUDOKIT_PM_PYTHON", DEFAULT_PM_PYTHON),
                   help=f"python of pencilmark's venv ({DEFAULT_PM_PYTHON})")
    p.add_argument("--sukaku", default=os.environ.get("SUDOKIT_SUKAKU_CP"),
                   help="class path of a SukakuExplainer build (e.g. /work/peers/sukaku/classes)")
    p.add_argument("--sukaku-variants", default="x,windoku,antiknight",
                   help="variants to rate (x,windoku,antiknight; also antiking, disjointgroups, "
                        "nonconsecutive)")
    p.add_argument("--sukaku-sample", type=int, default=10, help="puzzles rated per variant (10)")
    p.add_argument("--sukaku-timeout", type=float, default=120.0,
                   help="seconds per SukakuExplainer rating (120)")
    p.add_argument("--rating-timeout", type=float, default=60.0, help="seconds per sudokit rating (60)")
    p.add_argument("--rating-give-up", type=int, default=2,
                   help="stop rating a variant with sudokit after this many puzzles without any ER (2)")
    p.add_argument("--no-rating", action="store_true", help="with --sukaku: skip sudokit.rating.explainer")
    p.add_argument("--json", help="write the results as JSON to this file ('-': stdout)")
    p.add_argument("-v", "--verbose", action="store_true", help="progress on stderr")
    args = p.parse_args(argv)
    args.variant_list = [v.strip() for v in args.variants.split(",") if v.strip()]
    for v in args.variant_list:
        if v not in VARIANTS:
            p.error(f"unknown variant {v!r} (choose from {', '.join(VARIANTS)})")
    args.sukaku_list = [v.strip() for v in args.sukaku_variants.split(",") if v.strip()]
    for v in args.sukaku_list:
        if v not in SUKAKU_FLAGS:
            p.error(f"SukakuExplainer cannot rate {v!r} (it rates {', '.join(SUKAKU_FLAGS)})")
    if args.peers not in ("pencilmark", "none"):
        p.error("--peers is 'pencilmark' or 'none'")
    return args


def start_pencilmark(args: argparse.Namespace) -> tuple[PeerWorker | None, str]:
    """pencilmark's worker, started, or None and why not."""
    if args.peers == "none":
        return None, "skipped (--peers none)"
    if not Path(args.pm_python).exists():
        return None, (f"skipped ({args.pm_python} not found: "
                      "python3 -m venv /work/peers/pmvenv; pip install pencilmark)")
    worker = PeerWorker(args.pm_python)
    try:
        worker.start()
    except Exception as exc:
        return None, f"skipped (worker did not start: {exc})"
    return worker, f"pencilmark {worker.version} in {args.pm_python}"


def solve_rows(args: argparse.Namespace, grids: dict[str, list[Any]], seventeen: Sequence[Any]) -> list[Row]:
    """sudokit's rows: the classic bases, then each variant with its ratios to them."""
    rows = [time_kind(args, "classic minimal", grids[CLASSIC])]
    rules_row = time_kind(args, "classic (rules engine)", grids[CLASSIC], rules_engine=True)
    if rules_row.n:
        rows.append(rules_row)
    if seventeen:
        rows.append(time_kind(args, "classic 17-clue", seventeen))
    base, rules_base = rows[0].ms, rules_row.ms
    for kind in args.variant_list:
        row = time_kind(args, kind, grids[kind])
        row.vs_classic = row.ms / base if row.ms is not None and base else None
        row.vs_rules = row.ms / rules_base if row.ms is not None and rules_base else None
        rows.append(row)
    return rows


def pencilmark_rows(args: argparse.Namespace, rows: Sequence[Row], links: dict[str, list[str]]) -> str:
    """Run pencilmark on the classic minimal row and every variant row; its status line."""
    worker, status = start_pencilmark(args)
    if worker is None:
        return status
    try:
        for row in rows:
            kind = CLASSIC if row.kind == "classic minimal" else row.kind
            if kind in links:
                pencilmark_row(args, worker, row, links[kind])
    finally:
        worker.stop()
    return status


def sukaku_rows(args: argparse.Namespace, rows: Sequence[Row], grids: dict[str, list[Any]]) -> list[RatedRow]:
    """SukakuExplainer against sudokit.rating.explainer on each of ``--sukaku-variants`` measured."""
    print(f"\n# SukakuExplainer ({args.sukaku}) against sudokit.rate, up to {args.sukaku_sample} "
          f"puzzles per variant, timeouts {args.sukaku_timeout:g} s / {args.rating_timeout:g} s")
    solved = {r.kind: [t.solution for t in r.times] for r in rows}
    return [rate_kind(args, kind, grids[kind], solved[kind]) for kind in args.sukaku_list if kind in grids]


def header(args: argparse.Namespace) -> list[str]:
    """The lines that say what was run, where and when."""
    import sudokit

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return [
        f"# sudokit {getattr(sudokit, '__version__', '?')} from {Path(sudokit.__file__).parent}",
        f"# rules engine: {rules_engine_name()}; Python {platform.python_version()}; {platform.machine()}; "
        f"load average {load}; {time.strftime('%Y-%m-%d %H:%M:%S %Z')}",
        f"# puzzles: {args.cache} (--count {args.count}); search(grid, limit=2) per puzzle, "
        f"median of {args.repeat} runs, timeout {args.timeout:g} s",
    ]


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Every part of the benchmark; the results as JSON-ready values."""
    kinds = [CLASSIC, *args.variant_list]
    puzzles = ensure_puzzles(args, kinds)
    if args.generate_only:
        for kind in kinds:
            print(f"{kind:<16}{len(puzzles[kind]):>5} puzzles in {args.cache}")
        return {"cache": {k: len(v) for k, v in puzzles.items()}}
    grids = {k: [to_grid(p.text) for p in puzzles[k]] for k in kinds}
    print("\n".join(header(args)))
    rows = solve_rows(args, grids, [to_grid(line) for line in read_17(args)])
    links = {k: [g.to_fpuzzles() for g in grids[k]] for k in kinds}  # what pencilmark reads
    pm_status = pencilmark_rows(args, rows, links)
    print(f"# pencilmark: {pm_status}\n")
    print_solve_table(rows, any(r.pm_n or r.pm_errors or r.pm_timeouts for r in rows))
    rated: list[RatedRow] = []
    if args.sukaku:
        rated = sukaku_rows(args, rows, grids)
        print()
        print_rating_table(rated)
    else:
        print("\n# SukakuExplainer: skipped (--sukaku CLASSPATH, or SUDOKIT_SUKAKU_CP)")
    return {
        "meta": {"count": args.count, "repeat": args.repeat, "timeout": args.timeout,
                 "rules_engine": rules_engine_name(), "pencilmark": pm_status, "cache": str(args.cache),
                 "header": header(args)},
        "solve": [{k: v for k, v in asdict(r).items() if k != "times"} for r in rows],
        "rating": [asdict(r) for r in rated],
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its tables."""
    args = parse_args(argv)
    results = run(args)
    if args.json:
        text = json.dumps(results, indent=1)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
