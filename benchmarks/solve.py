#!/usr/bin/env python3
"""Solver benchmark: sudokit's batch path against tdoku and the Python-installable peers.

For each data set and each mode (first solution = limit 1; uniqueness check = limit 2) it prints
µs per puzzle for:

* sudokit's batch path, ``sudokit.solve_many(lines, first=True)`` and ``sudokit.count_many(lines,
  limit=2)`` (plus ``solve_many(lines)``), over the whole set (or ``--sample``);
* tdoku through its C interface (ctypes), when a built ``libtdoku.so`` is given (``--tdoku``,
  ``SUDOKIT_TDOKU_LIB``, or /work/peers/tdoku/libtdoku.so by default), over the same puzzles;
* each installed peer (hodoku-py, py-sudoku, lib_sudoku, pencilmark) on a random sample of the
  set (``--peer-sample``), each in a worker process with a per-puzzle timeout and a time budget,
  so a slow peer never hangs the run; sudokit is timed again on exactly the puzzles the peer got
  to, and the ratio is peer time / sudokit time on those same puzzles;
* sudokit's pure-Python engine (``SUDOKIT_IMPL=python``) on a small sample, for information.

Every answer is checked (solutions must be valid grids that keep the givens; counts must agree
with sudokit's), and a peer that answers wrongly is flagged in its row. Times are medians over
``--repeat`` runs. See benchmarks/README.md.

Run ``python benchmarks/solve.py --help`` for the options.
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
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import _peers  # noqa: E402  (a sibling module, found through the path set just above)

#: The folder that holds this repository: ../shared/data and the peers in ../peers live there.
BESIDE = Path(__file__).resolve().parents[2]

DEFAULT_SETS = [
    "17_clue",
    "top95",
    "magictour_top1465",
    "forum_hardest_1106",
    "serg_multi_solution",
]
DEFAULT_TDOKU = str(BESIDE / "peers" / "tdoku" / "libtdoku.so")
#: An easy puzzle each worker solves once before timing (imports, lazy tables, caches).
WARM_UP = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
MODE_NAMES = {1: "first solution (limit 1)", 2: "uniqueness check (limit 2)"}
PEER_TARGET = 10.0  # sudokit must be at least this many times faster than each Python peer
TDOKU_TARGET = 1.5  # sudokit's time must be within this factor of tdoku's


# --------------------------------------------------------------------------------------------
# Data


def default_data_dir() -> Path:
    env = os.environ.get("SUDOKIT_DATA")
    if env:
        return Path(env)
    return HERE.parent.parent / "shared" / "data"


def load_set(spec: str, data_dir: Path) -> tuple[str, list[str]]:
    """A data set by name (file stem under the data folder) or by path: its name and its lines."""
    path = Path(spec)
    if not path.suffix:
        path = data_dir / f"{spec}.txt"
    lines = []
    with path.open(encoding="utf-8") as fh:
        for raw in fh:
            text = raw.strip()
            if text and not text.startswith("#"):
                lines.append(text.split()[0])
    return path.stem, lines


def valid_solution(puzzle: str, sol: str | None) -> bool:
    """True when ``sol`` is a complete valid grid that keeps every given of ``puzzle``."""
    if sol is None or len(sol) != 81:
        return False
    for p, s in zip(puzzle, sol, strict=True):
        if s not in "123456789" or (p in "123456789" and p != s):
            return False
    for i in range(9):
        row = sol[i * 9 : i * 9 + 9]
        col = sol[i::9]
        r0, c0 = (i // 3) * 3, (i % 3) * 3
        box = "".join(sol[(r0 + k) * 9 + c0 : (r0 + k) * 9 + c0 + 3] for k in range(3))
        if len(set(row)) != 9 or len(set(col)) != 9 or len(set(box)) != 9:
            return False
    return True


# --------------------------------------------------------------------------------------------
# Timing helpers


@contextlib.contextmanager
def no_gc() -> Iterator[None]:
    """Timed regions run with the cyclic garbage collector off (as timeit does)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


#: The clocks ``--clock`` chooses between, in nanoseconds: elapsed time, or this process's CPU time
#: (steadier on a busy machine; the same thing on an idle one, every engine here being one thread).
CLOCKS: dict[str, Callable[[], int]] = {"wall": time.perf_counter_ns, "cpu": time.process_time_ns}
CLOCK = CLOCKS["wall"]


def time_runs(fn: Callable[[], object], repeat: int) -> list[float]:
    """Seconds of each of ``repeat`` calls of ``fn`` (after one untimed warm-up call)."""
    fn()
    out = []
    clock = CLOCK
    for _ in range(repeat):
        with no_gc():
            t0 = clock()
            fn()
            out.append((clock() - t0) / 1e9)
    return out


# --------------------------------------------------------------------------------------------
# Worker processes for the peers


class WorkerTimeout(Exception):
    pass


class WorkerError(Exception):
    pass


def worker_main(name: str, clock_name: str) -> int:
    """Run one peer: read "limit puzzle" lines, answer "nanoseconds answer" lines."""
    # The answers go to a private copy of stdout; whatever the peer itself prints (from Python or
    # from native code) goes to stderr, so it cannot garble them.
    proto = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def say(text: str) -> None:
        proto.write(text.replace("\n", " ") + "\n")
        proto.flush()

    try:
        peer = _peers.get_peer(name)
        peer.answer(peer.run(peer.prepare(WARM_UP, 1), 1), 1)
        if peer.limit2:
            peer.answer(peer.run(peer.prepare(WARM_UP, 2), 2), 2)
    except Exception as exc:
        say(f"ERR {type(exc).__name__}: {exc}")
        return 1
    say("READY " + json.dumps({"what": peer.what}))
    clock = CLOCKS[clock_name]
    for line in sys.stdin:
        parts = line.split()
        if len(parts) != 2:
            continue
        limit, puzzle = int(parts[0]), parts[1]
        try:
            prepared = peer.prepare(puzzle, limit)
            with no_gc():
                t0 = clock()
                result = peer.run(prepared, limit)
                t1 = clock()
            ans = peer.answer(result, limit)
        except Exception as exc:
            say(f"EXC {type(exc).__name__}: {exc}")
            continue
        say(f"{t1 - t0} {'-' if ans is None else ans}")
    return 0


class Worker:
    """A peer's worker process; killed and started again when a puzzle runs past its timeout."""

    def __init__(self, name: str, env: dict[str, str] | None = None, clock: str = "wall",
                 startup: float = 120.0) -> None:
        self.name = name
        self.clock = clock
        self.env = env
        self.startup = startup
        self.proc: subprocess.Popen[bytes] | None = None
        self.buf = b""
        self.what = ""
        self.starts = 0
        self.errlog = tempfile.TemporaryFile()  # noqa: SIM115  (closed in close())

    def start(self) -> None:
        env = dict(os.environ)
        if self.env:
            env.update(self.env)
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker", self.name, "--clock", self.clock],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errlog,
            env=env,
        )
        self.buf = b""
        self.starts += 1
        line = self._readline(self.startup)
        if line.startswith("READY"):
            self.what = json.loads(line[6:]).get("what", "")
            return
        self.stop()
        raise WorkerError(line[4:] if line.startswith("ERR") else f"worker said {line!r}")

    def _readline(self, timeout: float) -> str:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise WorkerTimeout()
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                raise WorkerTimeout()
            chunk = os.read(fd, 65536)
            if not chunk:
                raise WorkerError(f"worker exited (code {self.proc.poll()}){self._stderr_tail()}")
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line.decode("utf-8", "replace")

    def _stderr_tail(self) -> str:
        self.errlog.seek(0)
        tail = self.errlog.read()[-400:].decode("utf-8", "replace").strip()
        return f": {tail}" if tail else ""

    def solve(self, limit: int, puzzle: str, timeout: float) -> tuple[int, str | None]:
        """Nanoseconds the peer took and its answer; WorkerTimeout (worker killed) past ``timeout``."""
        if self.proc is None:
            self.start()
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(f"{limit} {puzzle}\n".encode())
        self.proc.stdin.flush()
        try:
            line = self._readline(timeout)
        except WorkerTimeout:
            self.stop()
            raise
        if line.startswith("EXC"):
            raise WorkerError(line[4:])
        ns, _, ans = line.partition(" ")
        if not ns.isdigit():
            raise WorkerError(f"unexpected reply {line[:100]!r}")
        return int(ns), (None if ans == "-" else ans)

    def close(self) -> None:
        self.stop()
        self.errlog.close()

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
            self.proc = None


# --------------------------------------------------------------------------------------------
# Results


@dataclass
class Row:
    """One cell of the table: one engine, one data set, one mode."""

    set: str
    mode: int
    engine: str
    n: int  # puzzles the time is over
    us: float | None = None  # µs per puzzle (median over the runs); a lower bound with timeouts
    runs: int = 0
    min_us: float | None = None  # the fastest run (whole-batch rows only)
    sudokit_us: float | None = None  # sudokit's µs per puzzle on the same puzzles
    ratio: float | None = None  # peer / sudokit (peers); sudokit / tdoku (tdoku)
    ratio_kind: str = ""
    net_ratio: float | None = None  # tdoku row: the ratio with tdoku's ctypes call cost taken off
    tdoku_ratio: float | None = None  # peer rows: peer time / tdoku's (net) time on the same puzzles
    target: str = ""  # "ok", "MISS" or "" (no target for this row)
    lower_bound: bool = False
    sample_of: int = 0  # size of the whole set
    timeouts: int = 0
    wrong: int = 0
    errors: int = 0
    status: str = "ok"  # ok, n/a, not installed, failed
    notes: list[str] = field(default_factory=list)


def verdict_peer(ratio: float | None) -> str:
    if ratio is None:
        return ""
    return "ok" if ratio >= PEER_TARGET else "MISS"


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rows: list[Row] = []
        self.meta: dict[str, Any] = {}
        self.workers: dict[str, Worker] = {}
        self.dead: dict[str, str] = {}  # peer -> why it could not start
        self.tdoku: _peers.Tdoku | None = None
        self.tdoku_overhead_us: float | None = None

    # -- sudokit ---------------------------------------------------------------------------

    def sudokit_fn(self, lines: list[str], limit: int, kind: str = "") -> Callable[[], object]:
        import sudokit

        if limit == 1:
            return lambda: sudokit.solve_many(lines, first=True)
        if kind == "solve_many":
            return lambda: sudokit.solve_many(lines)
        return lambda: sudokit.count_many(lines, limit=2)

    # -- one data set ----------------------------------------------------------------------

    def run_set(self, name: str, lines: list[str]) -> None:
        import sudokit

        args = self.args
        total = len(lines)
        if args.sample and args.sample < total:
            rng = random.Random(f"{args.seed}:{name}:sample")
            lines = [lines[i] for i in sorted(rng.sample(range(total), args.sample))]
        n = len(lines)
        self.log(f"{name}: {n} puzzles" + (f" (sample of {total})" if n < total else ""))

        # Reference answers (sudokit's), checked for validity, not timed.
        sols = sudokit.solve_many(lines, first=True)
        counts = sudokit.count_many(lines, limit=2)
        bad = sum(1 for p, s, c in zip(lines, sols, counts, strict=True) if (c > 0) != valid_solution(p, s))
        hist: dict[int, int] = {}
        for c in counts:
            hist[c] = hist.get(c, 0) + 1
        self.meta.setdefault("sets", {})[name] = {
            "puzzles": total,
            "measured": n,
            "sudokit_counts": {str(k): v for k, v in sorted(hist.items())},
            "sudokit_bad_solutions": bad,
        }
        ref_count = {p: min(c, 2) for p, c in zip(lines, counts, strict=True)}

        peer_rng = random.Random(f"{args.seed}:{name}:peers")
        k = min(args.peer_sample, n)
        peer_sample = [lines[i] for i in peer_rng.sample(range(n), k)]
        py_k = min(args.python_sample, n)
        py_sample = peer_sample[:py_k] if py_k <= k else peer_sample + [
            lines[i] for i in peer_rng.sample(range(n), py_k - k)
        ]

        for limit in args.modes:
            times = time_runs(self.sudokit_fn(lines, limit), args.repeat)
            us = statistics.median(times) / n * 1e6
            label = "sudokit solve_many" if limit == 1 else "sudokit count_many"
            row = Row(name, limit, label, n, us, len(times), min(times) / n * 1e6, sample_of=total)
            if bad:
                row.wrong = bad
                row.notes.append(f"{bad} solutions failed the validity check")
            self.add(row)
            if limit == 2:
                times = time_runs(self.sudokit_fn(lines, 2, "solve_many"), args.repeat)
                self.add(Row(name, 2, "sudokit solve_many", n, statistics.median(times) / n * 1e6,
                             len(times), min(times) / n * 1e6, sample_of=total))
            if self.tdoku is not None:
                self.run_tdoku(name, lines, limit, us, total, ref_count, sols)
            for peer in args.peers:
                self.run_peer(peer, name, peer_sample, limit, total, ref_count, args.peer_budget)
            if py_k:
                self.run_peer("sudokit-python", name, py_sample, limit, total, ref_count,
                              args.peer_budget, info_only=True)

    def run_tdoku(self, name: str, lines: list[str], limit: int, sudokit_us: float, total: int,
                  ref_count: dict[str, int], sols: Sequence[str | None]) -> None:
        assert self.tdoku is not None
        enc = [p.encode("ascii") for p in lines]
        td = self.tdoku
        times = time_runs(lambda: td.run_all(enc, limit), self.args.repeat)
        us = statistics.median(times) / len(lines) * 1e6
        row = Row(name, limit, "tdoku (ctypes)", len(lines), us, len(times), min(times) / len(lines) * 1e6,
                  sudokit_us, sudokit_us / us, "sudokit/tdoku", sample_of=total)
        row.target = "ok" if row.ratio is not None and row.ratio <= TDOKU_TARGET else "MISS"
        # Answers, checked against sudokit's.
        counts, tsols = td.solve_checked(enc, limit)
        if limit == 1:
            row.wrong = sum(1 for p, c, s in zip(lines, counts, tsols, strict=True)
                            if (ref_count[p] > 0) != (c > 0 and valid_solution(p, s)))
        else:
            row.wrong = sum(1 for p, c in zip(lines, counts, strict=True) if min(c, 2) != ref_count[p])
        if row.wrong:
            row.notes.append(f"{row.wrong} answers differ from sudokit's")
        if self.tdoku_overhead_us and us > self.tdoku_overhead_us:
            net = us - self.tdoku_overhead_us
            row.net_ratio = sudokit_us / net
            row.notes.append(f"less ~{self.tdoku_overhead_us:.2f} µs/call of ctypes: {net:.1f} µs, "
                             f"ratio {row.net_ratio:.2f}")
        self.add(row)

    def worker(self, peer: str) -> Worker:
        if peer not in self.workers:
            self.workers[peer] = Worker(peer, dict(_peers.PEERS[peer].env), self.args.clock)
        return self.workers[peer]

    def run_peer(self, peer: str, name: str, sample: list[str], limit: int, total: int,
                 ref_count: dict[str, int], budget: float, info_only: bool = False) -> None:
        cls = _peers.PEERS[peer]
        label = peer if not (limit == 1 and cls.limit1_note) else f"{peer} †"
        row = Row(name, limit, label, 0, sample_of=total)
        if limit == 2 and not cls.limit2:
            row.status = "n/a"
            row.notes.append("no limit-2 (solution count) mode")
            self.add(row)
            return
        if peer in self.dead:
            row.status = "failed"
            row.notes.append(self.dead[peer])
            self.add(row)
            return
        w = self.worker(peer)
        timeout = self.args.timeout
        start = time.monotonic()
        per: dict[int, list[int]] = {}
        attempted: list[int] = []
        for i, p in enumerate(sample):
            if time.monotonic() - start > budget:
                break
            attempted.append(i)
            try:
                ns, ans = w.solve(limit, p, timeout)
            except WorkerTimeout:
                row.timeouts += 1
                continue
            except WorkerError as exc:
                if w.proc is None:  # could not start at all
                    self.dead[peer] = f"worker failed: {exc}"
                    row.status = "failed"
                    row.notes.append(self.dead[peer])
                    self.add(row)
                    return
                row.errors += 1
                if len(row.notes) < 3:
                    row.notes.append(f"error: {str(exc)[:120]}")
                continue
            per[i] = [ns]
            ok = ((ans is not None) == (ref_count[p] > 0) and (ans is None or valid_solution(p, ans))
                  if limit == 1 else ans is not None and int(ans) == ref_count[p])
            if not ok:
                row.wrong += 1
        row.n = len(attempted)
        if not attempted:
            row.status = "failed"
            row.notes.append("no puzzle finished")
            self.add(row)
            return
        subset = [sample[i] for i in attempted]
        # sudokit is timed on the same puzzles after every pass of the peer, so that both
        # medians come from the same stretch of time (this machine's speed drifts by
        # tens of percent over minutes; timing sudokit once, later, skewed the ratio).
        sudokit_fn = self.sudokit_fn(subset, limit)
        sudokit_times: list[float] = []
        td = None if info_only else self.tdoku
        enc = [p.encode("ascii") for p in subset]
        tdoku_times: list[float] = []

        def measure() -> None:
            sudokit_times.extend(time_runs(sudokit_fn, 3))
            if td is not None:
                tdoku_times.extend(time_runs(lambda: td.run_all(enc, limit), 3))

        measure()
        # Further runs over the puzzles that finished, while the budget lasts.
        for _ in range(1, self.args.repeat):
            if time.monotonic() - start > budget:
                break
            for i in list(per):
                if time.monotonic() - start > budget:
                    break
                try:
                    ns, _ = w.solve(limit, sample[i], timeout)
                except (WorkerTimeout, WorkerError):
                    continue
                per[i].append(ns)
            measure()
        peer_s = sum(statistics.median(v) for v in per.values()) / 1e9 + row.timeouts * timeout
        row.us = peer_s / row.n * 1e6
        row.runs = min((len(v) for v in per.values()), default=0)
        row.lower_bound = row.timeouts > 0
        row.sudokit_us = statistics.median(sudokit_times) / len(subset) * 1e6
        row.ratio = row.us / row.sudokit_us
        row.ratio_kind = "python/C" if info_only else "peer/sudokit"
        if tdoku_times:
            # The same ratio for tdoku (its ctypes call cost taken off), to show what the
            # fastest solver we know of reaches against this peer on these puzzles.
            td_us = statistics.median(tdoku_times) / len(subset) * 1e6 - (self.tdoku_overhead_us or 0.0)
            if td_us > 0:
                row.tdoku_ratio = row.us / td_us
                row.notes.append(f"tdoku: {fmt_times(row.tdoku_ratio)}")
        if not info_only:
            row.target = verdict_peer(row.ratio)
            if row.lower_bound and row.target == "MISS":
                row.target = "?"  # only a lower bound, below the target: undecided
        if row.timeouts:
            row.notes.append(f"{row.timeouts} timeout(s) at {timeout:g} s, counted as {timeout:g} s")
        if row.n < len(sample):
            row.notes.append(f"budget {budget:g} s ran out after {row.n} of {len(sample)} sampled")
        if row.wrong:
            row.notes.append(f"WRONG ANSWERS: {row.wrong} of {len(per)}")
        if limit == 1 and cls.limit1_note:
            row.notes.append(cls.limit1_note)
        self.add(row)

    # -- output ----------------------------------------------------------------------------

    def add(self, row: Row) -> None:
        self.rows.append(row)
        if self.args.verbose:
            self.log(f"  {MODE_NAMES[row.mode][:14]:14} {row.engine:20} n={row.n:<6} "
                     f"{fmt_us(row)} {fmt_ratio(row)} {row.target} {'; '.join(row.notes)}")

    def log(self, msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    def close(self) -> None:
        for w in self.workers.values():
            w.close()


def fmt_us(row: Row) -> str:
    if row.us is None:
        return row.status
    val = f"{row.us:,.1f}" if row.us < 1000 else f"{row.us:,.0f}"
    return ("≥" if row.lower_bound else "") + val


def fmt_times(ratio: float) -> str:
    return f"{ratio:,.1f}×" if ratio < 100 else f"{ratio:,.0f}×"


def fmt_ratio(row: Row) -> str:
    if row.ratio is None:
        return ""
    pre = "≥" if row.lower_bound else ""
    if row.ratio_kind == "sudokit/tdoku":
        return f"{row.ratio:.2f}"
    return f"{pre}{row.ratio:,.1f}×" if row.ratio < 100 else f"{pre}{row.ratio:,.0f}×"


def print_table(bench: Bench, out: Any = None) -> None:
    out = out or sys.stdout
    rows = bench.rows
    m = bench.meta
    w = out.write
    w(f"sudokit {m['sudokit_version']} (engine: {m['engine']}) · Python {m['python']} · {m['cpu']}\n")
    w(f"{m['date']} · load average {m['loadavg']} · {bench.args.clock} clock · "
      f"medians of up to {bench.args.repeat} runs\n")
    if m.get("tdoku"):
        w(f"tdoku: {m['tdoku']}\n")
    for name, info in m.get("peers", {}).items():
        w(f"peer {name}: {info}\n")
    for limit in bench.args.modes:
        w(f"\n== {MODE_NAMES[limit]} ==\n")
        head = (f"{'set':20} {'engine':20} {'n':>7} {'µs/puzzle':>11} {'sudokit µs':>11} "
                f"{'ratio':>9} {'target':>6}  notes\n")
        w(head)
        w("-" * (len(head) + 20) + "\n")
        last = None
        for r in rows:
            if r.mode != limit:
                continue
            if last is not None and r.set != last:
                w("\n")
            last = r.set
            sud = "" if r.sudokit_us is None else f"{r.sudokit_us:,.1f}"
            n = f"{r.n}" if r.n else ""
            target = r.target
            w(f"{r.set[:20]:20} {r.engine[:20]:20} {n:>7} {fmt_us(r):>11} {sud:>11} {fmt_ratio(r):>9} "
              f"{target:>6}  {'; '.join(r.notes)}\n")
    w("\nratio: peer rows = peer time / sudokit time on the same puzzles (target ≥ "
      f"{PEER_TARGET:g}×); tdoku row = sudokit time / tdoku time (target ≤ {TDOKU_TARGET:g}).\n")
    w("sudokit rows time the whole set (or --sample) in one batch call; peers are timed one puzzle\n"
      "at a time on a random sample, and 'sudokit µs' is sudokit's batch time on those same puzzles.\n"
      "'≥': some puzzles timed out and were counted at the timeout, so the time is a lower bound.\n"
      "'†': the peer has no first-solution mode; it always looks for a second solution.\n"
      "sudokit-python is sudokit's own pure-Python engine (information only, no target).\n"
      "'tdoku: N×' in a peer row: the peer's time / tdoku's (less its ctypes call) on the same puzzles,\n"
      "i.e. the ratio the fastest solver we know of would reach against that peer.\n")
    summary(bench, out)


def summary(bench: Bench, out: Any) -> None:
    w = out.write
    peer_rows = [r for r in bench.rows if r.target and r.ratio_kind == "peer/sudokit"]
    td_rows = [r for r in bench.rows if r.ratio_kind == "sudokit/tdoku"]
    wrong = [r for r in bench.rows if r.wrong]
    w("\nsummary:\n")
    if peer_rows:
        worst = min(peer_rows, key=lambda r: r.ratio or 0.0)
        misses = [r for r in peer_rows if r.target == "MISS"]
        w(f"  vs Python peers: {len(peer_rows) - len(misses)} of {len(peer_rows)} cells meet "
          f"≥{PEER_TARGET:g}×; smallest ratio {fmt_ratio(worst)} ({worst.engine}, {worst.set}, "
          f"limit {worst.mode})\n")
        for r in misses:
            td = "" if r.tdoku_ratio is None else f" (tdoku on the same puzzles: {fmt_times(r.tdoku_ratio)})"
            w(f"    MISS: {r.engine} on {r.set}, limit {r.mode}: {fmt_ratio(r)}{td}\n")
    if td_rows:
        worst = max(td_rows, key=lambda r: r.ratio or 0.0)
        misses = [r for r in td_rows if r.target == "MISS"]
        w(f"  vs tdoku: {len(td_rows) - len(misses)} of {len(td_rows)} cells within "
          f"{TDOKU_TARGET:g}×; largest sudokit/tdoku {worst.ratio:.2f} ({worst.set}, limit {worst.mode})\n")
        for r in misses:
            w(f"    MISS: {r.set}, limit {r.mode}: sudokit/tdoku {r.ratio:.2f}\n")
    else:
        w("  tdoku: not measured (no library; see --tdoku)\n")
    for r in wrong:
        if r.ratio_kind == "sudokit/tdoku":
            w(f"  DISAGREE: tdoku and sudokit on {r.set}, limit {r.mode}: {r.wrong} puzzle(s)\n")
        else:
            w(f"  WRONG: {r.engine} on {r.set}, limit {r.mode}: {r.wrong} wrong answer(s)\n")
    if not wrong:
        w("  answers: every checked answer was right\n")


# --------------------------------------------------------------------------------------------
# Main


def cpu_name() -> str:
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return f"{line.split(':', 1)[1].strip()} ×{os.cpu_count()}"
    return platform.processor() or platform.machine()


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description="Time sudokit's batch solver against tdoku and the installed Python peers.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--data", type=Path, default=None,
                    help="folder of the data sets (default: $SUDOKIT_DATA or ../shared/data)")
    ap.add_argument("--sets", default=",".join(DEFAULT_SETS),
                    help="comma-separated set names (file stems in --data) or paths")
    ap.add_argument("--modes", default="1,2", help="comma-separated limits to measure: 1, 2 or both")
    ap.add_argument("--repeat", type=int, default=5, help="runs per measurement (medians are shown)")
    ap.add_argument("--sample", type=int, default=0,
                    help="measure sudokit and tdoku on a random sample of N puzzles per set (0: all)")
    ap.add_argument("--peer-sample", type=int, default=200, help="puzzles per set for each peer")
    ap.add_argument("--peer-budget", type=float, default=6.0,
                    help="seconds each peer gets per set and mode (it stops at the next puzzle)")
    ap.add_argument("--timeout", type=float, default=2.0, help="seconds a peer may take on one puzzle")
    known = ", ".join(p for p in _peers.PEERS if p != "sudokit-python")
    ap.add_argument("--peers", default="installed",
                    help=f"comma-separated peers ({known}), 'installed' or 'none'")
    ap.add_argument("--python-sample", type=int, default=20,
                    help="puzzles per set for sudokit's pure-Python engine (0: skip)")
    ap.add_argument("--tdoku", default=None,
                    help=f"path of a built libtdoku.so (default: $SUDOKIT_TDOKU_LIB or {DEFAULT_TDOKU})")
    ap.add_argument("--no-tdoku", action="store_true", help="do not measure tdoku")
    ap.add_argument("--engine", choices=["c", "python"], default="c",
                    help="sudokit engine for the main rows (python only to try the script out)")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                    help="wall: elapsed time; cpu: CPU time of the measuring process (steadier when "
                    "other work shares the cores; the peers' per-puzzle timeout stays wall time)")
    ap.add_argument("--seed", default="sudokit", help="seed of the random samples")
    ap.add_argument("--json", default=None, help="also write the results as JSON to this file ('-': stdout)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each cell as it is measured")
    args = ap.parse_args(argv)
    args.modes = sorted({int(x) for x in args.modes.split(",") if x.strip()})
    if not set(args.modes) <= {1, 2}:
        ap.error("--modes takes 1, 2 or 1,2")
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    args.sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    return args


def choose_peers(spec: str) -> tuple[list[str], dict[str, str]]:
    """The peers to run, and a note for each known peer that is not installed."""
    known = [p for p in _peers.PEERS if p != "sudokit-python"]
    missing: dict[str, str] = {}
    if spec == "none":
        return [], missing
    wanted = known if spec == "installed" else [p.strip() for p in spec.split(",") if p.strip()]
    chosen = []
    for p in wanted:
        if p not in _peers.PEERS:
            raise SystemExit(f"unknown peer {p!r} (known: {', '.join(known)})")
        version = _peers.installed_version(_peers.PEERS[p].dist)
        if version is None:
            missing[p] = "not installed (pip install -e '.[bench]')"
        else:
            chosen.append(p)
    return chosen, missing


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        return worker_main(args.worker, args.clock)

    import sudokit
    from sudokit.engine import backend

    if args.engine not in backend.available():
        print(f"sudokit's {args.engine!r} engine is not available here (the C extension is not built?); "
              "build it (make) or pass --engine python", file=sys.stderr)
        return 2
    with backend.using(args.engine):
        return _main(args, sudokit)


def _main(args: argparse.Namespace, sudokit: Any) -> int:
    """The benchmark proper, on the engine chosen by ``--engine``."""
    global CLOCK
    CLOCK = CLOCKS[args.clock]

    args.peers, missing = choose_peers(args.peers)
    data_dir = args.data or default_data_dir()
    bench = Bench(args)
    m = bench.meta
    m.update(
        sudokit_version=sudokit.__version__,
        engine=args.engine,
        python=platform.python_version(),
        platform=platform.platform(),
        cpu=cpu_name(),
        date=time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
        loadavg=" ".join(f"{x:.2f}" for x in os.getloadavg()),
        args={k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
    )
    peers_meta: dict[str, str] = {}
    for p in args.peers:
        cls = _peers.PEERS[p]
        version = _peers.installed_version(cls.dist)
        modes = "limit 1 and 2" if cls.limit2 else "limit 1 only"
        peers_meta[p] = f"{cls.dist} {version} ({cls.license}; {modes}): {cls.what}"
    for p, why in missing.items():
        peers_meta[p] = why
    m["peers"] = peers_meta

    if not args.no_tdoku:
        path = args.tdoku or os.environ.get("SUDOKIT_TDOKU_LIB") or (
            DEFAULT_TDOKU if Path(DEFAULT_TDOKU).exists() else None)
        if path:
            try:
                bench.tdoku = _peers.Tdoku(path)
            except (OSError, AttributeError) as exc:
                print(f"could not load tdoku from {path}: {exc}", file=sys.stderr)
                return 2
            bench.tdoku_overhead_us = bench.tdoku.call_overhead(200_000, WARM_UP.encode(), CLOCK) * 1e6
            m["tdoku"] = (f"{path} via ctypes (TdokuSolverDpllTriadSimd; one call per puzzle, "
                          f"~{bench.tdoku_overhead_us:.2f} µs of it is the ctypes call)")
            m["tdoku_call_overhead_us"] = bench.tdoku_overhead_us

    unread = 0
    try:
        for spec in args.sets:
            try:
                name, lines = load_set(spec, data_dir)
            except OSError as error:  # a set that is not there: say which, and go on with the rest
                print(f"{spec}: cannot read it ({error.strerror}: {error.filename}; the shared data "
                      "sets: --data or $SUDOKIT_DATA)", file=sys.stderr)
                unread += 1
                continue
            if not lines:
                print(f"{name}: no puzzles", file=sys.stderr)
                continue
            bench.run_set(name, lines)
    finally:
        bench.close()

    text = ""
    if args.json:
        doc = {"meta": m, "rows": [asdict(r) for r in bench.rows]}
        text = json.dumps(doc, indent=1, ensure_ascii=False)
        if args.json != "-":
            Path(args.json).write_text(text + "\n", encoding="utf-8")
    print_table(bench)
    if args.json == "-":
        print(text)
    return 1 if unread else 0


if __name__ == "__main__":
    sys.exit(main())
