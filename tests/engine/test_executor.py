"""The one executor of the batch commands (sudokit.engine.executor), its stop flag in the C core, and the
command line on top: order kept with --jobs, the fast path of runs of lines giving what the API
gives, and Ctrl-C with --jobs in threads and in processes.

Expected values come from elsewhere than the code under test: a plain Python ``map`` for the
executor, ``sudokit.solve_many``/``count_many`` and the known line numbers of a file built here
for the command line, uninterrupted runs of the same command for the interrupted ones.
"""

from __future__ import annotations

import io
import json
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import sudokit
from sudokit import Stopped, SudokuError, batch
from sudokit.cli import main, output, progress
from sudokit.engine.executor import KINDS, Executor
from sudokit.limits import Stop
from tests.helpers import processes
from tests.helpers.paths import SHARED_DATA

DATA = SHARED_DATA
core = pytest.importorskip("sudokit._core")

HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
EMPTY = "." * 81


def puzzles(name: str, count: int) -> list[str]:
    """The first ``count`` puzzles of a data set of ../shared/data (skip the test without it)."""
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    lines = [line for line in path.read_text().splitlines() if line and not line.startswith("#")]
    return lines[:count]


# -- the executor ---------------------------------------------------------------------------------


def slow_square(x: int, stop: Stop) -> int:
    """x², after a pause that makes later items finish first."""
    time.sleep(random.Random(x).random() * 0.01)
    return x * x


@pytest.mark.parametrize("kind", KINDS)
def test_results_in_input_order(kind: str) -> None:
    got = list(Executor(kind, jobs=2).map(slow_square, range(40)))
    assert got == [x * x for x in range(40)]


def test_one_job_runs_inline_whatever_the_kind() -> None:
    seen: list[str] = []
    list(Executor("thread", jobs=1).map(lambda x, stop: seen.append(threading.current_thread().name), [1]))
    assert seen == [threading.current_thread().name]
    assert Executor.choose(1, native=False).kind == "inline"
    assert Executor.choose(2, native=True).kind == "thread"
    assert Executor.choose(2, native=False).kind == "process"
    with pytest.raises(SudokuError):
        Executor("cluster")


def test_input_is_read_lazily_with_bounded_read_ahead() -> None:
    pulled = 0

    def items() -> Iterator[int]:
        nonlocal pulled
        for i in range(1000):
            pulled += 1
            yield i

    results = Executor("thread", jobs=2, ahead=2).map(slow_square, items())
    assert pulled == 0  # nothing starts before the first result is asked for
    assert next(results) == 0
    assert pulled <= 2 + 2 + 1
    results.close()


def test_an_error_comes_at_its_turn_and_stops_the_rest() -> None:
    def fail_at_5(x: int, stop: Stop) -> int:
        if x == 5:
            raise ValueError("five")
        return x

    got: list[int] = []
    with pytest.raises(ValueError, match="five"):
        for value in Executor("thread", jobs=2).map(fail_at_5, range(100)):
            got.append(value)
    assert got == [0, 1, 2, 3, 4]


def slow_one(x: int, stop: Stop) -> int:
    """Item 1 takes a while, the others none."""
    if x == 1:
        time.sleep(1.0)
    return x


def test_ctrl_c_while_waiting_keeps_the_order() -> None:
    got: list[int] = []
    timer = threading.Timer(0.3, signal.pthread_kill, (threading.main_thread().ident, signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        for value in Executor("thread", jobs=2, ahead=2).map(slow_one, range(10)):
            got.append(value)
    timer.join()
    assert got == list(range(len(got))) and got == [0]  # item 2 is done, but comes after item 1


def endless(x: int, stop: Stop) -> int:
    """Item 0 at once; any other item counts the solutions of an empty grid (forever, in C)."""
    if x == 0:
        return 0
    core.solve_lines([EMPTY], 10**9, stop=stop.buffer)
    return x


def workers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("sudokit")]


def test_closing_stops_the_native_calls_of_the_worker_threads() -> None:
    results = Executor("thread", jobs=2).map(endless, range(5))
    assert next(results) == 0
    time.sleep(0.2)  # item 1 is deep in its native call
    assert workers()
    start = time.monotonic()
    results.close()
    for thread in workers():
        thread.join(5)
    assert not workers() and time.monotonic() - start < 5


# -- the stop flag in the C core ----------------------------------------------------------------


def stopped_after(call: object, delay: float = 0.2) -> tuple[BaseException | None, float]:
    """Run ``call`` in a thread, set its stop flag after ``delay``: (what it raised, seconds to stop)."""
    stop = Stop()
    raised: list[BaseException | None] = [None]

    def run() -> None:
        try:
            call(stop.buffer)  # type: ignore[operator]
        except BaseException as exc:  # the call's own exception is the point of the test
            raised[0] = exc

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(delay)
    assert thread.is_alive()
    start = time.monotonic()
    stop.set()
    thread.join(10)
    return raised[0], time.monotonic() - start


def test_the_flag_stops_solve_lines_solve_and_solve_array_in_a_thread() -> None:
    np = pytest.importorskip("numpy")
    rows = np.zeros((1, 81), dtype=np.uint8)
    calls = [
        lambda flag: core.solve_lines([EMPTY], 10**9, stop=flag),
        lambda flag: core.solve(bytes(81), 3, 3, 10**9, stop=flag),
        lambda flag: core.solve_array(rows, np.zeros_like(rows), np.zeros(1, dtype=np.int32), 10**9,
                                      stop=flag),
    ]
    for call in calls:
        raised, seconds = stopped_after(call)
        assert isinstance(raised, Stopped) and isinstance(raised, SudokuError)
        assert seconds < 2


def test_the_flag_stops_canon_lines_in_a_thread() -> None:
    lines = puzzles("17_clue.txt", 20000) * 20
    raised, seconds = stopped_after(lambda flag: core.canon9_lines(lines, "0", flag), delay=0.1)
    assert isinstance(raised, Stopped) and seconds < 2


def test_a_set_flag_stops_the_rater() -> None:
    stop = Stop()
    stop.set()
    with pytest.raises(Stopped):
        core.rate9(bytes(sudokit.Grid.from_string(HARDEST).cells), 0, stop.buffer)
    assert core.rate9(bytes(sudokit.Grid.from_string(HARDEST).cells), 0, Stop().buffer)[0] == 0


def test_stop_flags_are_checked() -> None:
    with pytest.raises(TypeError):
        core.solve_lines([EMPTY], 1, stop=3)
    with pytest.raises(ValueError):
        core.solve_lines([EMPTY], 1, stop=bytearray())
    assert core.solve_lines([HARDEST], 2, stop=None)[0] == [1]
    assert repr(Stop()) == "<Stop unset>"


# -- the command line: runs of lines, order, identical output -------------------------------------


def mixed_file(path: Path) -> dict[int, str]:
    """Write a file of good puzzles with bad ones, blank lines, comments and a grid between them;
    return its one-line puzzles by line number."""
    good = puzzles("17_clue.txt", 2000)
    several = puzzles("serg_multi_solution.txt", 50)
    rng = random.Random(15)
    bad = [
        good[0][:80],  # wrong length
        good[1][:40] + "x" + good[1][41:],  # a bad character
        "11" + good[2][2:],  # a duplicate given (or not: the engine says)
        "1" * 9 + "." * 72,  # duplicates in a row
        "12345678." + "........9" + "." * 63,  # no solution
        "1.3..4.22.4..3.1",  # a 4×4 puzzle
        "A" * 81,  # letters in a 9×9 line
    ]
    lines: list[str] = ["# a comment at the top"]
    for i in range(6000):
        r = rng.random()
        if r < 0.01:
            lines.append("")
        elif r < 0.015:
            lines.append("# a comment")
        elif r < 0.03:
            lines.append(rng.choice(bad))
        elif r < 0.05:
            lines.append(rng.choice(several))
        else:
            lines.append(good[i % len(good)])
    path.write_text("\n".join(lines) + "\n")
    return {n: line for n, line in enumerate(lines, start=1) if len(line) == 81 and not line.startswith("#")}


def run_main(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(list(argv))
    return status, out.getvalue()


def general_path(path: Path, job: batch.Job, as_json: bool = False, style: str = "line") -> str:
    """The output of the per-puzzle path (the text given as a string: no runs of lines)."""
    out = io.StringIO()
    results = batch.run(path.read_text(), job, source=str(path))
    output.write_answers(([result] for result in results), job, out, as_json=as_json, style=style)
    return out.getvalue()


def test_cli_fast_path_gives_what_the_api_gives(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    mixed_file(path)
    status, out = run_main("solve", str(path))
    assert status == 1
    assert out == general_path(path, batch.Job("solve"))
    # Independently: every puzzle line in order, solved by solve_many or commented with its number.
    expected: list[tuple[int, str | None]] = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if line and not line.startswith("#"):
            box = (2, 2) if len(line) == 16 else None
            solvable = len(line) in (16, 81)
            expected.append((number, sudokit.solve_many([line], box=box)[0] if solvable else None))
    written = out.splitlines()
    assert len(written) == len(expected) > 5000
    for text, (number, solution) in zip(written, expected, strict=True):
        if solution is None:
            assert text.startswith(f"# {path}: line {number}")
        else:
            assert text == solution


FAST_CASES = [
    ("count", ["--limit", "5"], 5), ("check", [], 2), ("solve", ["--json"], 2), ("count", ["--json"], 1000),
    ("solve", ["--format", "block"], 2), ("solve", ["--first"], 1),
]


@pytest.mark.parametrize(("task", "argv", "limit"), FAST_CASES)
def test_cli_fast_path_count_check_json(task: str, argv: list[str], limit: int, tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    lines = mixed_file(path)
    status, out = run_main(task, *argv, str(path))
    assert status == 1
    style = "block" if "block" in argv else "line"
    assert out == general_path(path, batch.Job(task, limit=limit), as_json="--json" in argv, style=style)
    if task == "count" and "--limit" in argv:  # every 9×9 line counted by count_many, in order
        numbers = sorted(lines)
        counts = sudokit.count_many([lines[n] for n in numbers], limit=5)
        plain = [line for line in out.splitlines() if not line.startswith("#") and len(line) > 81]
        pairs = zip(numbers, counts, strict=True)
        assert plain == [f"{c}+ {lines[n]}" if c >= 5 else f"{c} {lines[n]}" for n, c in pairs if c >= 0]
    if "--json" in argv:
        rows = [json.loads(line) for line in out.splitlines()]
        assert [row["line"] for row in rows] == sorted(row["line"] for row in rows)
        assert {row["line"] for row in rows} >= set(lines)


@pytest.mark.parametrize("command", ["solve", "count", "check", "canon"])
def test_jobs_keep_the_order(command: str, tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    mixed_file(path)
    assert run_main(command, str(path)) == run_main(command, "--jobs", "2", str(path))


def test_rate_and_generate_jobs_keep_the_order(tmp_path: Path) -> None:
    path = tmp_path / "top.txt"
    path.write_text("\n".join([*puzzles("magictour_top1465.txt", 40), "bad"]) + "\n")

    def rows(*argv: str) -> list[dict[str, object]]:
        status, out = run_main("rate", "--json", *argv, str(path))
        assert status == 1  # the bad line
        found = [json.loads(line) for line in out.splitlines()]
        for row in found:
            row.pop("seconds")
        return found

    alone = rows()
    assert [row["line"] for row in alone] == list(range(1, 42))
    assert rows("--jobs", "2") == alone
    one = run_main("generate", "-n", "300", "--seed", "11")
    assert one == run_main("generate", "-n", "300", "--seed", "11", "--jobs", "2")
    assert one[1].splitlines() == [g.puzzle.to_string() for g in sudokit.generate_many(300, seed=11)]


# -- Ctrl-C with --jobs ---------------------------------------------------------------------------


def interrupted(argv: list[str], tmp_path: Path, wait_lines: int = 1) -> tuple[int, bytes, str, float]:
    """Start ``sudokit argv``, Ctrl-C once it has written ``wait_lines`` lines: (exit status, all
    its output, its stderr, seconds from Ctrl-C to its end)."""
    errors = tmp_path / "stderr.txt"
    with open(errors, "w") as stderr, processes.started(
        processes.sudokit(*argv), stdout=subprocess.PIPE, stderr=stderr
    ) as process:
        assert process.stdout is not None
        stdout = processes.Reader(process.stdout)
        head = b"".join(stdout.line() for _ in range(wait_lines))
        time.sleep(0.3)
        assert process.poll() is None, "finished before Ctrl-C"
        start = time.monotonic()
        process.send_signal(signal.SIGINT)
        rest = stdout.rest(timeout=60)
        status = process.wait(timeout=60)
    return status, head + rest, errors.read_text(), time.monotonic() - start


def whole_lines(output: bytes, full: list[str]) -> None:
    """The output is whole lines, a prefix of the uninterrupted run's."""
    lines = output.decode().splitlines()
    assert lines and output.endswith(b"\n")
    assert lines == full[: len(lines)] and len(lines) < len(full)


def clean(status: int, err: str, seconds: float) -> None:
    assert status == 130
    assert "Traceback" not in err and "interrupted" in err
    assert seconds < 5  # a fraction of a second on a quiet machine


@pytest.mark.parametrize("strategy", [None, "dlx"], ids=["threads", "processes"])
def test_ctrl_c_solve_with_jobs(strategy: str | None, tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text("\n".join(puzzles("17_clue.txt", 49158) * (4 if strategy is None else 1)) + "\n")
    argv = ["solve", "--jobs", "2", *(["--strategy", strategy] if strategy else []), str(path)]
    status, output, err, seconds = interrupted(argv, tmp_path)
    clean(status, err, seconds)
    full = sudokit.solve_many(path.read_text().split())
    whole_lines(output, [s or "" for s in full])


@pytest.mark.parametrize("hodoku", [False, True], ids=["threads", "processes"])
def test_ctrl_c_rate_with_jobs(hodoku: bool, tmp_path: Path) -> None:
    path = tmp_path / "top.txt"
    top = puzzles("magictour_top1465.txt", 1465)
    path.write_text("\n".join(top) + "\n")
    argv = ["rate", "--json", "--jobs", "2", *(["--hodoku-path"] if hodoku else []), str(path)]
    status, output, err, seconds = interrupted(argv, tmp_path)
    clean(status, err, seconds)
    rows = [json.loads(line) for line in output.decode().splitlines()]
    assert output.endswith(b"\n") and 0 < len(rows) < len(top)
    assert [row["puzzle"] for row in rows] == top[: len(rows)]


@pytest.mark.parametrize("box", ["3x3", "2x3"], ids=["threads", "processes"])
def test_ctrl_c_generate_with_jobs(box: str, tmp_path: Path) -> None:
    argv = ["generate", "--box", box, "-n", "10000000", "--seed", "5", "--jobs", "2"]
    status, output, err, seconds = interrupted(argv, tmp_path)
    clean(status, err, seconds)
    count = len(output.splitlines())
    rows, cols = (int(v) for v in box.split("x"))
    expected = [g.puzzle.to_string() for g in sudokit.generate_many(count + 1, seed=5, box=(rows, cols))]
    whole_lines(output, expected)


def test_batch_takes_an_executor_and_the_progress_bar_takes_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "mixed.txt"
    mixed_file(path)
    job = batch.Job("check")

    def chunks(executor: Executor | None) -> list[batch.Answers]:
        with open(path) as handle:
            entries = sudokit.formats.read_puzzles(handle, defer=True, runs=True)
            return list(batch.run_chunks([(str(path), entries)], job, executor=executor))

    alone = chunks(None)
    assert any(isinstance(answers, batch.RunResults) for answers in alone)
    flat = [result for answers in alone for result in answers]
    assert flat == list(batch.run(path.read_text(), job, source=str(path)))
    for executor in (Executor("process", jobs=2), Executor("thread", jobs=2, ahead=0)):
        assert [result for answers in chunks(executor) for result in answers] == flat
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert list(progress.progress_chunks(iter(alone), [str(path)], True)) == alone


# -- runs of lines read as the per-line reader reads them ----------------------------------------


def test_runs_of_lines_are_the_entries_of_the_line_reader() -> None:
    from sudokit.formats import read_puzzles
    from sudokit.formats.reader import MAX_LINE, LineRun

    def entries(text: str, runs: bool) -> list[tuple[object, ...]]:
        out: list[tuple[object, ...]] = []
        for item in read_puzzles(io.StringIO(text), defer=True, runs=runs):
            for entry in item.entries() if isinstance(item, LineRun) else [item]:
                out.append((entry.line, entry.text, entry.cells, entry.shape, str(entry.error), entry.masks))
        return out

    good = puzzles("17_clue.txt", 500)
    odd = ["", "# c", "  ", "-", "---", "1.3..4.22.4..3.1", good[0] + " ", " " + good[1], good[2][:80],
           good[3] + "x", "x" * 729, "1" * 64, "|" * 81, "A" * 81, "1 2 3", "\t", "\x0c", "é" * 81,
           "9" * (MAX_LINE + 5)]
    rng = random.Random(3)
    found_runs = 0
    for _ in range(60):
        lines = [rng.choice(good) if rng.random() < rng.choice([0.97, 0.995]) else rng.choice(odd)
                 for _ in range(rng.choice([50, 400, 2500]))]
        text = "\n".join(lines) + rng.choice(["", "\n"])
        if rng.random() < 0.3:
            text = text.replace("\n", "\r\n")
        assert entries(text, True) == entries(text, False)
        read = read_puzzles(io.StringIO(text), defer=True, runs=True)
        found_runs += sum(isinstance(item, LineRun) for item in read)
    assert found_runs > 10


def test_ctrl_c_canon_with_jobs_writes_whole_lines(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text("\n".join(puzzles("17_clue.txt", 49158) * 6) + "\n")
    status, output, err, seconds = interrupted(["canon", "--jobs", "2", str(path)], tmp_path)
    clean(status, err, seconds)
    lines = output.decode().splitlines()
    assert output.endswith(b"\n") and all(len(line) == 81 and line.isdigit() for line in lines)


def test_a_large_write_cut_by_ctrl_c_is_written_whole(tmp_path: Path) -> None:
    """The CPython behaviour the guard works around: a write larger than the stream's buffer, cut
    short by a signal, loses its end without an error (here it must not)."""
    child = (
        "import signal, sys, os\n"
        "from sudokit.cli.output import InterruptGuard\n"
        "text = ('x' * 81 + '\\n') * 20000\n"
        "with InterruptGuard() as guard:\n"
        "    print('go', file=sys.stderr, flush=True)\n"
        "    try:\n"
        "        guard.write(sys.stdout, text)\n"
        "    except KeyboardInterrupt:\n"
        "        sys.stdout.flush()\n"
        "        os._exit(130)\n"
    )
    with processes.started(
        [sys.executable, "-c", child], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stderr is not None and process.stdout is not None
        assert processes.Reader(process.stderr).line().strip() == b"go"
        time.sleep(0.3)  # the pipe is full, the write blocked
        process.send_signal(signal.SIGINT)
        output = processes.Reader(process.stdout).rest(timeout=60)
        assert process.wait(timeout=60) == 130
    assert len(output) == 20000 * 82


def test_worker_processes_start_from_a_fork_server_while_threads_run() -> None:
    """Beside another thread the process kind's workers come from a fork server (a fork could
    inherit a lock that thread holds), and still give every result in order."""
    from sudokit.engine import executor as module

    release = threading.Event()
    other = threading.Thread(target=release.wait, args=(30,))
    other.start()
    try:
        assert module._process_context().get_start_method() == "forkserver"
        assert list(Executor("process", jobs=2).map(slow_square, range(12))) == [x * x for x in range(12)]
    finally:
        release.set()
        other.join(5)


def test_a_script_without_a_main_guard_rates_with_two_jobs() -> None:
    """A plain script (no ``if __name__ == "__main__"``) rates with two worker processes."""
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    script = ("import sudokit\n"
              f"print(sum(r.status == 'rated' for r in sudokit.rate_many(['{puzzle}'] * 40, jobs=2)))\n")
    done = processes.run([sys.executable, "-c", script], timeout=120, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["40"]
