"""Issue 17: bounded, interruptible work (time limits, Ctrl-C) and the defect list (closed
streams, BOM, long lines, missing files, …), each with a regression test."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import sudokit
from sudokit import TimeLimitReached
from sudokit.batch import runner as batch
from sudokit.batch.runner import Job
from sudokit.engine import reference
from sudokit.formats import read_puzzles
from tests.helpers import processes
from tests.helpers.cli import run_cli
from tests.helpers.paths import ROOT

SAMPLE = ROOT / "examples" / "sample.txt"
EMPTY = "." * 81
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

try:
    from sudokit import _core  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - the C core is optional
    _core = None

ENGINES = ["python"] + (["c"] if _core is not None else [])


# -- time limits in the engines and the API --------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_engine_time_limit_stops_a_long_count(engine: str) -> None:
    start = time.monotonic()
    result = sudokit.search(EMPTY, 10**9, engine=engine, time_limit=0.2)
    assert time.monotonic() - start < 2
    assert result.stopped and result.status == "limit_reached"
    with pytest.raises(TimeLimitReached):
        sudokit.count_solutions(EMPTY, limit=10**9, engine=engine, time_limit=0.1)
    assert sudokit.count_many([EMPTY, PUZZLE], limit=10**9, engine=engine, time_limit=0.1) == [-4, 1]
    assert sudokit.count_solutions(PUZZLE, engine=engine, time_limit=5) == 1


@pytest.mark.skipif(_core is None, reason="needs the C core")
def test_native_time_limit_on_nxn_grids() -> None:
    start = time.monotonic()
    assert _core.solve(bytes(256), 4, 4, 10**9, 0.2)[0] == _core.LIMIT_REACHED
    assert _core.solve_lines(["." * 256] * 2, 10**9, 4, 4, 0.1)[0] == [-4, -4]
    assert time.monotonic() - start < 3


@pytest.mark.parametrize("bad", [-5, 0, float("nan")])
def test_time_limit_must_be_positive(bad: float) -> None:
    with pytest.raises(sudokit.OptionError):
        sudokit.count_solutions(PUZZLE, time_limit=bad)


def test_reference_seconds_argument_matches_the_core() -> None:
    assert reference.solve(bytes(81), 3, 3, 10**9, 0.1)[0] == reference.LIMIT_REACHED
    with pytest.raises(ValueError):
        reference.solve_lines([PUZZLE], 2, 3, 3, float("nan"))


def test_batch_time_limit_applies_to_the_native_engine() -> None:
    results = list(batch.run([EMPTY, PUZZLE], Job("count", limit=10**9, time_limit=0.1)))
    assert [str(r.status) for r in results] == ["limit_reached", "solved"]
    assert not Job("count").succeeded(results[0])


def test_cli_count_and_solve_time_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_text(EMPTY + "\n" + PUZZLE + "\n")
    code, out, _err = run_cli(capsys, "count", "--limit", "100000000", "--time-limit", "0.2", str(path))
    assert code == 1
    lines = out.splitlines()
    assert "limit reached" in lines[0] and lines[1].startswith("1 ")
    code, out, _ = run_cli(capsys, "solve", "--time-limit", "5", str(path))
    assert (code == 1 and "multiple" in out.splitlines()[0]) or "several" in out.splitlines()[0]


def test_cli_time_limit_rejects_negative(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "solve", "--strategy", "stack", "--time-limit", "-5", str(SAMPLE))
    assert code == 2 and "must be positive" in err


def test_adaptive_chunks_grow_from_one() -> None:
    sizer = batch._Sizer(4096)
    assert sizer.size == 1
    for _ in range(20):
        sizer.took(0.0)
    assert sizer.size == 4096
    sizer.took(10.0)
    assert sizer.size == 2048
    assert batch._Sizer(7, fixed=True).size == 7


# -- Ctrl-C ----------------------------------------------------------------------------------------


def interrupted(argv: list[str], after: float, stdin: bytes | None = None) -> tuple[int, float, str, str]:
    """Run sudokit, send Ctrl-C once it has spent ``after`` CPU seconds (past its start-up, however
    loaded the machine): (status, seconds to stop, stdout, stderr)."""
    with processes.started(
        processes.sudokit(*argv),
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        if stdin is not None:
            assert process.stdin is not None
            process.stdin.write(stdin)
            process.stdin.close()
        processes.busy(process, after)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    return process.returncode, time.monotonic() - sent, out.decode(), err.decode()


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_native_counts_at_once(tmp_path: Path, jobs: str) -> None:
    path = tmp_path / "empty.txt"
    path.write_text((EMPTY + "\n") * 50)
    code, took, _out, err = interrupted(
        ["count", "--limit", "500000000", "--time-limit", "0", "--jobs", jobs, str(path)], 1.5
    )
    assert code == 130 and took < 3
    assert "Traceback" not in err and "interrupted" in err


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")
def test_ctrl_c_keeps_every_finished_answer(tmp_path: Path) -> None:
    path = tmp_path / "slow.txt"
    path.write_text(PUZZLE + "\n" + (EMPTY + "\n") * 3)
    argv = ["count", "--limit", "500000000", "--time-limit", "0", str(path)]
    code, took, out, _err = interrupted(argv, 1.5)
    assert code == 130 and took < 3
    assert out.splitlines() == ["1 " + PUZZLE]


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")
def test_ctrl_c_in_a_strategy_writes_finished_answers(tmp_path: Path) -> None:
    path = tmp_path / "many.txt"
    path.write_text((PUZZLE + "\n") * 20000)
    code, took, out, err = interrupted(["solve", "--strategy", "stack", str(path)], 1.0)
    assert code == 130 and took < 3 and "Traceback" not in err
    if out:  # the machine may be slow: whatever is written is whole answers, in order
        assert all(len(line) == 81 for line in out.splitlines())


# -- closed streams, missing files, input -----------------------------------------------------------


@pytest.mark.parametrize("argv", [["solve"], ["count"], ["check"], ["rate"], ["canon"], ["explain", "-"]])
def test_closed_stdin_is_a_usage_error(argv: list[str]) -> None:
    done = processes.run([sys.executable, "-m", "sudokit", *argv], cwd=ROOT, stdin=subprocess.DEVNULL,
                         capture_output=True, text=True, timeout=60,
                         preexec_fn=lambda: os.close(0))  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "standard input is closed" in done.stderr and "Traceback" not in done.stderr


def test_closed_stdout_is_a_usage_error() -> None:
    done = processes.run([sys.executable, "-m", "sudokit", "solve", str(SAMPLE)], cwd=ROOT,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=60,
                         preexec_fn=lambda: os.close(1))  # fmt: skip
    assert done.returncode == 2 and "standard output is closed" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "argv",
    [["explain"], ["rate"], ["canon"], ["solve"], ["count"], ["check"], ["compare"], ["show"],
     ["hint", PUZZLE, "--marks"]],
)
def test_missing_file_is_named_the_same_everywhere(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _, err = run_cli(capsys, *argv, "/nonexistent/x.txt")
    assert code == 2
    assert "/nonexistent/x.txt: no such file" in err and "Errno" not in err


def test_bom_is_dropped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + PUZZLE.encode() + b"\n")
    code, out, _ = run_cli(capsys, "solve", str(path))
    assert code == 0 and len(out.strip()) == 81
    assert sudokit.Grid.from_string("\ufeff" + PUZZLE).to_string() == PUZZLE
    assert [e.error for e in read_puzzles("\ufeff" + PUZZLE)] == [None]


def test_a_huge_line_is_rejected_quickly(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text("1" * 5_000_000 + "\n" + PUZZLE + "\n")
    start = time.monotonic()
    code, out, _ = run_cli(capsys, "check", str(path))
    assert time.monotonic() - start < 5
    lines = out.splitlines()
    assert code == 1 and "line too long" in lines[0] and lines[1].endswith("ok (valid, one solution)")
    with pytest.raises(sudokit.ParseError, match="too long"):
        sudokit.Grid.from_string("1" * 100_000)


def test_canon_answers_every_puzzle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text(f"{PUZZLE}\n11...\n1.3..4.22.4..3.1\n{PUZZLE}\n")
    code, out, err = run_cli(capsys, "canon", str(path))
    lines = out.splitlines()
    assert code == 1 and len(lines) == 4
    assert lines[1].startswith("# ") and lines[2].startswith("# ") and lines[0] == lines[3]
    assert "2 of 4" in err
    code, _, err = run_cli(capsys, "canon", "--empty", "xy", str(path))
    assert code == 2 and "--empty" in err


def test_compare_reports_unreadable_puzzles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_text(f"{PUZZLE}\n11...\n")
    code, _, err = run_cli(capsys, "compare", "--strategy", "stack", "--no-progress", str(path))
    assert code == 1 and "line 2" in err and "skipped" in err


def test_explain_says_which_puzzle_and_fails_softly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{PUZZLE}\n{PUZZLE}\n")
    code, _, err = run_cli(capsys, "explain", str(path))
    assert code == 0 and "several puzzles" in err
    several = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
    code, _, err = run_cli(capsys, "explain", several)
    assert code == 1 and "several solutions" in err
    code, _, err = run_cli(capsys, "explain", "--time-limit", "0.001", PUZZLE)
    assert code == 1 and "time limit" in err


def test_generate_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    start = time.monotonic()
    code, _, err = run_cli(capsys, "generate", "--method", "random-fill", "--k", "55", "-n", "20",
                           "--seed", "5", "--time-limit", "0.2", "--no-progress")  # fmt: skip
    assert code == 1 and "time limit" in err and time.monotonic() - start < 5


def test_random_fill_k_is_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "generate", "--method", "random-fill", "--k", "56")
    assert code == 2 and "k must be between 1 and 55" in err
    with pytest.raises(sudokit.OptionError, match="between 1 and 55"):
        sudokit.generate(method="random-fill", k=70, seed=1)


def test_solve_many_rejects_what_it_cannot_read() -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(sudokit.ParseError):
        sudokit.solve_many(np.full((1, 81), 4.9))
    with pytest.raises(sudokit.ParseError):
        sudokit.solve_many(np.array([[257] + [0] * 80], dtype=np.int64))
    with pytest.raises(TypeError):
        sudokit.solve_many(PUZZLE)


def test_hint_on_a_bad_puzzle_fails_with_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    several = "12" + "." * 79
    code, _, err = run_cli(capsys, "hint", several)
    assert code == 1 and "several solutions" in err
    none = "11" + "." * 79
    code, out, err = run_cli(capsys, "hint", none)  # the hint names the clash: status 1
    assert code == 1 and "appears twice" in out and not err
    code, _, err = run_cli(capsys, "hint", "12" + "." * 78)  # wrong length: an input error
    assert code == 2 and "wrong length" in err


def test_hint_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    hardest = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    start = time.monotonic()
    code, _, err = run_cli(capsys, "hint", "--time-limit", "0.000001", hardest)
    assert code == 1 and "time limit" in err and time.monotonic() - start < 5


def test_ctrl_c_stops_a_64x64_count(tmp_path: Path) -> None:
    """Counting a 64×64 grid with 40 % of its cells empty runs for minutes; Ctrl-C ends it."""
    import random

    n, box = 64, 8
    rng = random.Random(1)
    cells = [(box * (r % box) + r // box + c) % n + 1 for r in range(n) for c in range(n)]
    for cell in rng.sample(range(n * n), n * n * 2 // 5):
        cells[cell] = 0
    path = tmp_path / "big.txt"
    path.write_text(" ".join(map(str, cells)) + "\n")
    with processes.started(
        [sys.executable, "-m", "sudokit", "count", "--limit", "2", "--time-limit", "0", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    ) as process:  # fmt: skip
        processes.busy(process, 1.5)
        assert process.poll() is None, "the count ended before Ctrl-C: pick a harder grid"
        start = time.monotonic()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    assert process.returncode == 130 and time.monotonic() - start < 2.0
    assert b"Traceback" not in err and b"interrupted" in err


def test_canon_time_limit_keeps_what_was_written(tmp_path: Path, shared_data: Path) -> None:
    source = shared_data / "17_clue.txt"
    big = tmp_path / "big.txt"
    big.write_text(source.read_text() * 6)
    command = [sys.executable, "-m", "sudokit", "canon"]
    full = processes.run([*command, str(big)], capture_output=True, timeout=120)
    cut = processes.run([sys.executable, "-m", "sudokit", "canon", "--time-limit", "0.05", str(big)],
                        capture_output=True, timeout=120)  # fmt: skip
    assert full.returncode == 0 and cut.returncode == 1
    assert b"time limit of 0.05 s reached" in cut.stderr and b"Traceback" not in cut.stderr
    assert 0 < len(cut.stdout) < len(full.stdout) and full.stdout.startswith(cut.stdout)
