"""The hostile-input table (issue 17): every command and front-door function × every input class.

Each cell runs one command (a fresh process) or one call (in this process) on one kind of bad
or extreme input and records what came out: the exit status or the exception's class, the
first line of the message, the wall time and, for commands, the peak memory of the process.
``tests/cli/test_hostile.py`` checks every row (a named answer, no traceback, bounded time and
memory) and that docs/reliability.md shows the current outcomes; ``python tests/cli/hostile.py``
writes docs/reliability.md again.
"""

from __future__ import annotations

import os
import re
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "reliability.md"

EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED_ROW = "123456789"
#: The text of each puzzle-shaped input class (file classes are made in :func:`make_inputs`).
TEXTS: dict[str, str] = {
    "wrong length": EASY[:-1],
    "bad character": EASY[:40] + "x" + EASY[41:],
    "duplicate": "11" + "." * 79,
    "unsolvable": "12345678." + "." * 8 + "9" + "." * 63,
    "several solutions": "12" + "." * 79,
    "empty grid": "." * 81,
    "BOM": "\ufeff" + EASY,
    "CRLF": EASY + "\r\n" + EASY,
    "36×36 empty": "." * 36 * 36,
    "64×64 empty": " ".join(["0"] * 64 * 64),
}
#: Input classes that are files or streams rather than texts.
FILE_CLASSES = ("empty file", "50 MB line", "binary", "directory", "missing file",
                "closed stdin", "closed stdout")  # fmt: skip
CLASSES = tuple(TEXTS) + FILE_CLASSES

#: Each command with the arguments before its input ("{}" is replaced by the input's path).
COMMANDS: dict[str, list[str]] = {
    "solve": ["solve", "{}"],
    "count": ["count", "{}"],
    "check": ["check", "{}"],
    "rate": ["rate", "{}"],
    "explain": ["explain", "{}"],
    "hint": ["hint", "{}"],
    "steps": ["steps", "{}"],
    "canon": ["canon", "{}"],
    "show": ["show", "{}"],
    "render": ["render", "{}", "-o", "{out}/x.svg"],
    # Two seconds a strategy, not the default ten: the empty 64×64 still runs every strategy into
    # its limit (the bounded path this row is for) in a fifth of the time.
    "compare": ["compare", "--limit", "1", "--time-limit", "2", "--no-progress", "{}"],
    "book": ["book", "{}", "-o", "{out}/x.pdf"],
    "bank add": ["bank", "--db", "{out}/bank.db", "add", "{}"],
}
#: A small launcher run as a fresh process: it starts the command and writes the command's peak
#: memory (KiB) to the file named first. Measured from here, a child forked from the test process
#: would count the test process's own memory, which the fork copies, as its peak.
LAUNCHER = """import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as out:
    out.write(str(usage.ru_maxrss))
code = os.waitstatus_to_exitcode(status)
sys.exit(code if code >= 0 else 128 - code)
"""

#: Seconds a row may take: the commands stop a puzzle at 60 s by default, compare (as run here) each
#: strategy at 2 s; twice the longest leaves room for a loaded CI.
TIME_BOUND = 120.0
#: Peak memory a command may use, in MiB (the 50 MB line included).
MEMORY_BOUND = 400.0


@dataclass(frozen=True)
class Row:
    """What one command or call did on one input class."""

    subject: str
    input: str
    outcome: str  #: ``exit N`` for a command, the exception class or ``returned`` for a call
    message: str
    seconds: float
    peak_mib: float | None  #: None for calls in this process
    traceback: bool

    def cells(self, measured: bool = True) -> list[str]:
        """The row's table cells (without the measured columns when ``measured`` is false)."""
        cells = [f"`{self.subject}`", self.input, self.outcome, self.message.replace("|", "\\|")]
        if measured:
            peak = "" if self.peak_mib is None else f"{self.peak_mib:.0f}"
            cells += [f"{self.seconds:.2f}", peak]
        return cells


def make_inputs(folder: Path) -> dict[str, Path]:
    """Write one file per input class into ``folder`` (the directory and missing-file classes
    are paths that are a directory or do not exist)."""
    paths: dict[str, Path] = {}
    for index, (name, text) in enumerate(TEXTS.items()):
        path = folder / f"in{index}.txt"
        path.write_bytes((text + ("" if name == "CRLF" else "\n")).encode("utf-8"))
        paths[name] = path
    paths["empty file"] = folder / "empty.txt"
    paths["empty file"].write_bytes(b"")
    paths["50 MB line"] = folder / "long.txt"
    with open(paths["50 MB line"], "wb") as out:
        block = b"123456789" * (1 << 20)  # 9 MiB a block
        for _ in range(6):
            out.write(block)
        out.write(b"\n")
    paths["binary"] = folder / "binary.bin"
    paths["binary"].write_bytes(bytes(range(256)) * 64 + b"\x00\xff" * 1000)
    paths["directory"] = folder / "adir"
    paths["directory"].mkdir()
    paths["missing file"] = folder / "no" / "such.txt"
    paths["closed stdin"] = paths["closed stdout"] = paths["empty grid"]
    return paths


def _first_line(text: str) -> str:
    """The first non-empty line of a message, shortened, with temporary paths made neutral."""
    lines = [line for line in text.splitlines() if line.strip()]
    line = lines[0].strip() if lines else ""
    line = re.sub(r"/\S*/(in\d+\.txt|empty\.txt|long\.txt|binary\.bin|adir|such\.txt|x\.svg|x\.pdf|bank\.db)",
                  r"FILE", line)  # fmt: skip
    line = re.sub(r"\d+\.\d+ ?s\b", "T s", line)
    return line[:100]


def run_command(name: str, argv: list[str], input_class: str, path: Path, out: Path) -> Row:
    """Run one command on one input class in a fresh process and measure it."""
    args = [arg.replace("{out}", str(out)) for arg in argv]
    if input_class == "closed stdin":
        args = [("-" if arg == "{}" else arg) for arg in args]
    else:
        args = [(str(path) if arg == "{}" else arg) for arg in args]
    rss_file = out / "peak.txt"
    command = [sys.executable, "-c", LAUNCHER, str(rss_file), sys.executable, "-m", "sudokit", *args]
    redirect = {"closed stdin": "<&-", "closed stdout": ">&-"}.get(input_class)
    shell = None
    if redirect:
        shell = " ".join(_quote(part) for part in command) + " " + redirect
    start = time.monotonic()
    stdout_path = out / "stdout.txt"
    with open(stdout_path, "wb") as stdout:
        process = subprocess.Popen(
            ["bash", "-c", f"exec {shell}"] if shell else command,
            stdin=subprocess.DEVNULL if not redirect else None,
            stdout=None if input_class == "closed stdout" else stdout,
            stderr=subprocess.PIPE, cwd=out, start_new_session=True,
        )  # fmt: skip
    try:
        err_bytes = _read_all(process, TIME_BOUND * 2)
    except BaseException:  # the caller gave up (a time limit, Ctrl-C): leave nothing running
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise
    pid, status, usage = os.wait4(process.pid, os.WNOHANG)
    grace = time.monotonic() + 5
    while pid == 0 and time.monotonic() < grace:  # standard error closed: the exit is near
        time.sleep(0.01)
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
    if pid == 0:  # still running past its bound: a defect the row will show
        os.killpg(process.pid, signal.SIGKILL)  # the launcher and the command it started
        _, status, usage = os.wait4(process.pid, 0)
    process.returncode = code = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - start
    err = err_bytes.decode("utf-8", "replace")
    peak = int(rss_file.read_text()) / 1024 if rss_file.exists() else usage.ru_maxrss / 1024
    problem = _problem(stdout_path.read_bytes()[:65536].decode("utf-8", "replace"))
    message = " — ".join(part for part in (_first_line(err), problem if code else "") if part)
    return Row(name, input_class, f"exit {code}", message, seconds, peak, "Traceback" in err)


def _problem(output: str) -> str:
    """The first problem a command named on standard output (a ``# FILE: line L: …`` comment, or
    an ``invalid`` rating row), shortened; "" when there is none."""
    for line in output.splitlines():
        if line.startswith("# ") or " invalid " in line:
            text = re.sub(r"^# \S+: ", "", line.strip())
            return _first_line(re.sub(r"^.* invalid .*?(line \d+:)", r"\1", text))[:80]
    return ""


def _read_all(process: subprocess.Popen[bytes], timeout: float) -> bytes:
    """Standard error of a process until it closes, within ``timeout`` seconds."""
    assert process.stderr is not None
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    with selectors.DefaultSelector() as selector:
        selector.register(process.stderr, selectors.EVENT_READ)
        while time.monotonic() < deadline:
            if not selector.select(timeout=max(0.0, deadline - time.monotonic())):
                break
            data = os.read(process.stderr.fileno(), 65536)
            if not data:
                break
            chunks.append(data)
    process.stderr.close()
    return b"".join(chunks)


def _quote(part: str) -> str:
    """Quote one word for bash."""
    return "'" + part.replace("'", "'\\''") + "'"


def command_rows(jobs: int = 2, names: tuple[str, ...] | None = None) -> list[Row]:
    """Every command (or those ``names``) × every input class, ``jobs`` processes at a time."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        paths = make_inputs(folder)
        cells = [(name, argv, cls) for name, argv in COMMANDS.items() for cls in CLASSES
                 if names is None or name in names]  # fmt: skip

        def one(cell: tuple[str, list[str], str]) -> Row:
            name, argv, cls = cell
            out = folder / f"out-{name.replace(' ', '-')}-{CLASSES.index(cls)}"
            out.mkdir()
            return run_command(name, argv, cls, paths[cls], out)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(one, cells))


def _api_calls() -> dict[str, Callable[[object], object]]:
    """The front door's functions that take a puzzle, each called with one input."""
    import sudokit

    def first_step(puzzle: object) -> object:
        return next(iter(sudokit.explain(puzzle, time_limit=10)), None)  # type: ignore[arg-type]

    return {
        "sudokit.solve": lambda p: sudokit.solve(p, time_limit=10),  # type: ignore[arg-type]
        "sudokit.count_solutions": lambda p: sudokit.count_solutions(p, limit=2),  # type: ignore[arg-type]
        "sudokit.is_unique": lambda p: sudokit.is_unique(p),  # type: ignore[arg-type]
        "sudokit.solve_many": lambda p: sudokit.solve_many([p]),  # type: ignore[list-item]
        "sudokit.count_many": lambda p: sudokit.count_many([p], limit=2),  # type: ignore[list-item]
        "sudokit.rate": lambda p: sudokit.rate(p, time_limit=10),  # type: ignore[arg-type]
        "sudokit.explain": first_step,
        "sudokit.hint": lambda p: sudokit.hint(p, time_limit=10),  # type: ignore[arg-type]
        "sudokit.canonical": lambda p: sudokit.canonical(p),  # type: ignore[arg-type]
        "sudokit.render.svg.grid": lambda p: sudokit.render.svg.grid(p),  # type: ignore[arg-type]
        "sudokit.Grid.from_string": lambda p: sudokit.Grid.from_string(p),  # type: ignore[arg-type]
    }


def _api_inputs() -> Iterator[tuple[str, object]]:
    """Every input class a function can be given: the texts, a 50 MB string, bytes, None, and
    (for the batch functions) NumPy arrays of a wrong dtype or shape."""
    yield from TEXTS.items()
    yield "empty string", ""
    yield "50 MB string", "123456789" * (50 * 1024 * 1024 // 9)
    yield "binary", bytes(range(256)).decode("latin-1")
    yield "None", None
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is a dev dependency
        return
    yield "numpy float", np.full(81, 4.9)
    yield "numpy wrong shape", np.zeros((9, 10), dtype=np.uint8)


def api_rows() -> list[Row]:
    """Every front-door function × every input class, in this process."""
    import sudokit

    rows = []
    for name, call in _api_calls().items():
        for cls, value in _api_inputs():
            start = time.monotonic()
            try:
                call(value)
                outcome, message, traceback = "returned", "", False
            except (sudokit.SudokuError, TypeError) as error:
                outcome, message, traceback = type(error).__name__, _first_line(str(error)), False
            except Exception as error:  # anything else is a defect the test reports
                outcome, message, traceback = type(error).__name__, _first_line(str(error)), True
            rows.append(Row(name, cls, outcome, message, time.monotonic() - start, None, traceback))
    return rows


def table(rows: list[Row], measured: bool = True) -> str:
    """A Markdown table of rows."""
    head = ["subject", "input", "outcome", "message"] + (["s", "MiB"] if measured else [])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row.cells(measured)) + " |" for row in rows]
    return "\n".join(lines)


HEADER = """# Reliability: every entry point on hostile input

Generated by `python tests/cli/hostile.py` (and checked by `tests/cli/test_hostile.py`): every command
(a fresh process each) and every front-door function (called in one process) on every input
class. Exit statuses: 0 done, 1 a bad puzzle or a failure named on standard error, 2 a usage or
input error; no row may print a traceback, take over {bound:.0f} s or (commands) use over
{memory:.0f} MiB. `s` and `MiB` were measured on the machine that wrote this page (2 cores,
shared); the test compares the other columns. "returned" means the call gave an answer (a
rating with status `invalid`, a solution, a count); an exception named here is a subclass of
`sudokit.SudokuError` (and `ValueError`) or, for a value that is not a puzzle at all, `TypeError`.
"""


def document(commands: list[Row], calls: list[Row]) -> str:
    """The whole of docs/reliability.md."""
    return (
        HEADER.format(bound=TIME_BOUND, memory=MEMORY_BOUND)
        + f"\n## Commands ({len(commands)} rows)\n\n" + table(commands)
        + f"\n\n## Functions ({len(calls)} rows)\n\n" + table(calls) + "\n"
    )


def outcomes(text: str) -> list[str]:
    """The table rows of a document without the measured columns (what the test compares)."""
    rows = []
    for line in text.splitlines():
        if line.startswith("| `"):
            cells = [cell.strip() for cell in line.strip("|").split(" | ")]
            rows.append(" | ".join(cells[:4]))
    return rows


if __name__ == "__main__":
    commands = command_rows()
    calls = api_rows()
    DOC.write_text(document(commands, calls), encoding="utf-8")
    bad = [row for row in commands + calls if row.traceback]
    print(f"wrote {DOC} ({len(commands)} command rows, {len(calls)} function rows, {len(bad)} tracebacks)")
