"""The ``sudokit`` command and the batch layer under it: in-process through ``cli.main`` (with
capsys), and as a real process for stdin, exit codes and Ctrl-C."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
import types
from pathlib import Path

import pytest

from sudokit import Grid, cli, count_solutions, formats
from sudokit.batch import runner as batch
from sudokit.batch.runner import Job, Result
from sudokit.cli import progress
from tests.helpers import processes
from tests.helpers.cli import run_cli
from tests.helpers.paths import ROOT

EXAMPLES = ROOT / "examples"
SAMPLE = EXAMPLES / "sample.txt"
BROKEN = EXAMPLES / "broken.txt"
NXN = EXAMPLES / "nxn.txt"

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
EASY = "83......2.248...61.9167243.9....4576.53.......17...893.4.16...9..892364..6.5..2.."
SEVERAL = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
NO_SOLUTION = "12345678." + "........9" + "." * 63
FIELDS = {"file", "line", "puzzle", "status", "solution", "count", "error"}


def puzzles_of(path: Path) -> list[str]:
    """The puzzle lines of a one-puzzle-per-line file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def json_lines(text: str) -> list[dict[str, object]]:
    """Parse JSON Lines output, checking every object has the documented fields."""
    rows = [json.loads(line) for line in text.splitlines()]
    for row in rows:
        assert set(row) >= FIELDS
    return rows


# -- solve ---------------------------------------------------------------------------------------


def test_solve_sample(engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "solve", str(SAMPLE))
    assert status == 0
    puzzles = puzzles_of(SAMPLE)
    solutions = out.splitlines()
    assert len(solutions) == len(puzzles) == 12
    for puzzle, solution in zip(puzzles, solutions, strict=True):
        assert Grid.from_string(solution).is_solution_of(Grid.from_string(puzzle))


def test_solve_broken_writes_comments_in_place_and_exits_1(
    engine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run_cli(capsys, "solve", str(BROKEN))
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == 5 and all(line.startswith(f"# {BROKEN}: line ") for line in lines)
    assert "line 5: wrong length: 80 cells" in lines[0]
    assert "line 7, column 10: bad character 'x'" in lines[1]
    assert "line 9: duplicate given 4 in row 1 at r1c1, r1c2" in lines[2]
    assert "line 11: puzzle has no solution" in lines[3]
    assert "line 13: puzzle has several solutions" in lines[4]
    assert "5 of 5 puzzles did not pass" in err


def test_solve_nxn(engine: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    puzzles = puzzles_of(NXN)
    path = NXN
    if engine == "python":  # the 16×16 and 25×25 puzzles take the Python engine a while: C only
        puzzles = puzzles[:3]
        path = tmp_path / "nxn.txt"
        path.write_text("\n".join(puzzles) + "\n")
    status, out, _ = run_cli(capsys, "solve", str(path))
    assert status == 0
    solutions = out.splitlines()
    assert [len(s) for s in solutions] == [16, 36, 144, 256, 625][: len(puzzles)]
    for puzzle, solution in zip(puzzles, solutions, strict=True):
        assert Grid.from_string(solution).is_solution_of(Grid.from_string(puzzle))


def test_nxn_example_shapes() -> None:
    shapes = [e.shape.box if e.shape else None for e in formats.read_puzzles(NXN.read_text())]
    assert shapes == [(2, 2), (2, 3), (3, 4), (4, 4), (5, 5)]


@pytest.mark.parametrize("style", ["block", "numbers", "csv"])
def test_solve_output_formats(style: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "solve", "--format", style, str(SAMPLE))
    assert status == 0
    blocks = out.strip("\n").split("\n\n")
    assert len(blocks) == 12
    for puzzle, block in zip(puzzles_of(SAMPLE), blocks, strict=True):
        assert Grid.from_string(block).is_solution_of(Grid.from_string(puzzle))
    if style == "csv":
        assert blocks[0].splitlines()[0].count(",") == 8


def test_solve_first_accepts_several_solutions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "several.txt"
    path.write_text(SEVERAL + "\n")
    assert run_cli(capsys, "solve", str(path))[0] == 1
    status, out, _ = run_cli(capsys, "solve", "--first", str(path))
    assert status == 0 and Grid.from_string(out.strip()).is_solution_of(Grid.from_string(SEVERAL))


def test_solve_every_input_format(engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("seed000.csv", "block.txt"):
        status, out, _ = run_cli(capsys, "solve", str(EXAMPLES / name))
        assert status == 0
        puzzle = Grid.from_string((EXAMPLES / name).read_text())
        assert Grid.from_string(out.strip()).is_solution_of(puzzle)


def test_box_option_for_a_shape_that_is_not_the_default(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    six = Grid.from_string(puzzles_of(NXN)[1])  # boxes 2×3; its transpose has boxes 3×2
    transposed = Grid(tuple(six.cells[c * 6 + r] for r in range(6) for c in range(6)), six.shape)
    path = tmp_path / "tall.txt"
    path.write_text(transposed.to_string() + "\n")
    status, out, _ = run_cli(capsys, "solve", "--box", "3x2", str(path))
    assert status == 0
    solution = Grid.from_string(out.strip(), (3, 2))
    assert solution.is_solution_of(Grid.from_string(transposed.to_string(), (3, 2)))
    status, out, _ = run_cli(capsys, "solve", str(path))  # read as 2×3: not the same puzzle
    assert out.strip() != solution.to_string()


# -- count and check -----------------------------------------------------------------------------


def test_count(engine: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run_cli(capsys, "count", "--limit", "2", str(SAMPLE))
    assert status == 0
    assert [line.split() for line in out.splitlines()] == [["1", p] for p in puzzles_of(SAMPLE)]
    path = tmp_path / "mixed.txt"
    path.write_text(f"{SEVERAL}\n{NO_SOLUTION}\n{PUZZLE}\n")
    status, out, _ = run_cli(capsys, "count", "--limit", "5", str(path))
    assert status == 0  # counting succeeded for all three, whatever the counts
    assert [line.split()[0] for line in out.splitlines()] == ["5+", "0", "1"]


def test_count_json_counts(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(f"{SEVERAL}\n{PUZZLE}\n" + "." * 16 + "\n")
    status, out, _ = run_cli(capsys, "count", "--json", "-n", "100", str(path))
    rows = json_lines(out)
    assert status == 0
    assert [row["count"] for row in rows] == [count_solutions(SEVERAL, limit=100), 1, 100]
    assert [row["status"] for row in rows] == ["multiple", "solved", "multiple"]


def test_check_sample_and_broken(engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "check", str(SAMPLE), str(BROKEN))
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == 17
    assert all(
        line.startswith(f"{SAMPLE}: line ") and line.endswith("ok (valid, one solution)")
        for line in lines[:12]
    )
    assert all(line.startswith(f"{BROKEN}: line ") and "ok (valid" not in line for line in lines[12:])
    assert "5 of 17" in err


def test_check_json(engine: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "check", "--json", str(BROKEN), str(SAMPLE))
    rows = json_lines(out)
    assert status == 1 and len(rows) == 17
    assert [row["status"] for row in rows[:5]] == ["invalid", "invalid", "invalid", "no_solution", "multiple"]
    assert [row["line"] for row in rows[:5]] == [5, 7, 9, 11, 13]
    assert all(row["file"] == str(BROKEN) for row in rows[:5])
    assert all(row["status"] == "solved" and row["error"] is None for row in rows[5:])
    assert (
        rows[1]["error"]
        == "line 7, column 10: bad character 'x' (expected 1-9 or one of '.0-*_' for an empty cell)"
    )
    assert rows[0]["count"] is None and rows[3]["count"] == 0 and rows[4]["count"] == 2
    assert rows[5]["solution"] is not None and rows[4]["solution"] is None


# -- inputs --------------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["solve"], ["solve", "-"], ["solve", "--json", "-"]])
def test_stdin(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"# from stdin\n{PUZZLE}\n{PUZZLE[:-1]}\n"))
    status, out, _ = run_cli(capsys, *argv)
    assert status == 1
    if "--json" in argv:
        rows = json_lines(out)
        assert rows[0]["solution"] == SOLUTION and rows[0]["file"] == "<stdin>" and rows[0]["line"] == 2
        assert rows[1]["status"] == "invalid" and rows[1]["line"] == 3
    else:
        assert out.splitlines() == [
            SOLUTION,
            "# <stdin>: line 3: " + out.splitlines()[1].split(": line 3: ")[1],
        ]


def test_mixed_good_and_bad_file_completes(
    engine: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    grid = Grid.from_string(PUZZLE)
    parts = [
        "# a file of everything",
        PUZZLE,
        PUZZLE[:-1] + "?",
        "",
        grid.to_block(),
        "",
        grid.to_csv().replace("4", "44", 1),
        "",
        grid.to_csv(),
        "",
        "44" + PUZZLE[2:],
        "1.3..4.22.4..3.1",
        "x" * 81,
        PUZZLE.replace(".", "0"),
    ]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(parts) + "\n")
    status, out, _ = run_cli(capsys, "solve", "--json", str(path))
    rows = json_lines(out)
    assert status == 1
    assert [(row["line"], row["status"]) for row in rows] == [
        (2, "solved"),
        (3, "invalid"),
        (5, "solved"),
        (17, "invalid"),
        (27, "solved"),
        (37, "invalid"),
        (38, "solved"),
        (39, "invalid"),
        (40, "solved"),
    ]
    assert rows[2]["solution"] == SOLUTION and rows[4]["solution"] == SOLUTION
    assert "column 81" in str(rows[1]["error"]) and "number 44 is out of range" in str(rows[3]["error"])


def test_jobs_give_the_same_results_in_order(
    engine: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = puzzles_of(SAMPLE)[:6] + puzzles_of(BROKEN)
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines * 8) + "\n")
    first = run_cli(capsys, "check", "--json", str(path))
    second = run_cli(capsys, "check", "--json", "--jobs", "2", str(path))
    assert first == second and first[0] == 1
    assert len(first[1].splitlines()) == 88


def test_batch_chunks_and_jobs_agree(engine: str) -> None:
    lines = puzzles_of(SAMPLE)[:5] + puzzles_of(BROKEN) + [PUZZLE[:-1] + "x", "1.3..4.22.4..3.1"]
    text = "\n".join(lines * 3)
    expected = list(batch.run(text, Job("check")))
    assert [r.line for r in expected] == list(range(1, len(lines) * 3 + 1))
    for chunk_size, jobs in [(1, 1), (3, 1), (4, 2), (1000, 2)]:
        assert list(batch.run(text, Job("check"), jobs=jobs, chunk_size=chunk_size)) == expected


def test_batch_result_and_job() -> None:
    (result,) = batch.run([PUZZLE], Job("solve"), source="x.txt")
    assert result == Result(1, PUZZLE, "solved", SOLUTION, 1, None, "x.txt", result.shape)
    assert set(result.to_dict()) == FIELDS
    assert result.solution_grid() == Grid.from_string(SOLUTION)
    with pytest.raises(ValueError):
        Job("explode")
    with pytest.raises(ValueError):
        Job("count", limit=0)
    assert Job("count").succeeded(Result(1, "", "multiple", count=2))
    assert not Job("solve").succeeded(Result(1, "", "multiple", count=2))


def test_batch_accepts_what_the_engine_rejects(engine: str) -> None:
    lower = "1.3..4.22.4..3.1"
    twelve = Grid.from_string(puzzles_of(NXN)[2]).to_string().lower()  # letters a, b, c
    results = list(batch.run([lower, twelve], Job("solve")))
    assert [r.status for r in results] == ["solved", "solved"]


# -- usage errors and the subcommand table -------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["frobnicate"],
        ["solve", "--box", "3y4"],
        ["solve", "--box", "9x9"],
        ["count", "--limit", "0"],
        ["solve", "--jobs", "-1"],
        ["solve", "--format", "xml"],
        ["solve", "/no/such/file.txt"],
        ["solve", str(EXAMPLES)],
        ["solve", "--strategy", "no-such-strategy-xyz", str(SAMPLE)],
    ],
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and out == "" and err


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "--help")
    assert status == 0 and "solve" in out and "count" in out and "check" in out
    status, out, _ = run_cli(capsys, "solve", "--help")
    assert status == 0 and "--format" in out and "--jobs" in out
    assert "'# FILE: line L[, column C]: problem'" in " ".join(out.split())
    status, out, _ = run_cli(capsys, "--version")
    assert status == 0 and out.startswith("sudokit ")


def test_strategy_native_is_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "solve", "--strategy", "native", str(SAMPLE))
    assert status == 0 and len(out.splitlines()) == 12


def test_strategy_option_uses_sudokit_strategies(capsys: pytest.CaptureFixture[str]) -> None:
    strategies = pytest.importorskip("sudokit.strategies")
    if not hasattr(strategies, "solve_with"):
        pytest.skip("sudokit.strategies has no solve_with yet")
    native = run_cli(capsys, "solve", str(SAMPLE))
    assert run_cli(capsys, "solve", "--strategy", "dlx", str(SAMPLE)) == native
    status, strategy_out, _ = run_cli(capsys, "solve", "--strategy", "dlx", str(BROKEN))
    assert status == 1 and len(strategy_out.splitlines()) == 5


def test_subcommands_plug_in_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    plugin = types.ModuleType("sudokit_test_plugin")

    def add_arguments(parser: object) -> None:
        parser.add_argument("--name", default="world")  # type: ignore[attr-defined]

    def run(args: object) -> int:
        print(f"hello {args.name}")  # type: ignore[attr-defined]
        return 0

    plugin.add_arguments = add_arguments  # type: ignore[attr-defined]
    plugin.run = run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sudokit_test_plugin", plugin)
    commands = dict(cli.COMMANDS)
    commands["hello"] = cli.Command("sudokit_test_plugin", "say hello")
    commands["broken"] = cli.Command("sudokit_no_such_module", "not there")
    monkeypatch.setattr(cli, "COMMANDS", commands)
    assert run_cli(capsys, "hello", "--name", "sudoku")[:2] == (0, "hello sudoku\n")
    status, _, err = run_cli(capsys, "broken", "--anything")
    assert status == 2 and "not available" in err
    assert run_cli(capsys, "check", str(SAMPLE))[0] == 0


def test_progress_passes_results_through(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    results = list(batch.run_sources([(str(SAMPLE), SAMPLE.read_text())]))
    shown = list(progress.progress(iter(results), [str(SAMPLE)], True))
    assert shown == results


# -- as a real process ---------------------------------------------------------------------------


def sudokit(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m sudokit argv…`` in a fresh process."""
    return processes.run(
        [sys.executable, "-m", "sudokit", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_process_exit_codes_and_stdin() -> None:
    done = sudokit("solve", "examples/sample.txt")
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 12
    done = sudokit("check", "--json", "-", stdin=SAMPLE.read_text() + BROKEN.read_text())
    assert done.returncode == 1
    assert [row["status"] for row in json_lines(done.stdout)][-5:] == [
        "invalid", "invalid", "invalid", "no_solution", "multiple",
    ]  # fmt: skip
    assert sudokit("solve", "--box", "nonsense").returncode == 2


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_cleanly(jobs: str, tmp_path: Path) -> None:
    # The input never ends, so the output would not either if Ctrl-C were lost (a child started
    # with SIGINT ignored, as from a background job): processes.started gives the child the
    # default Ctrl-C and kills it on the way out, and the Reader bounds what is read.
    errors = tmp_path / "stderr.txt"
    with open(errors, "w") as stderr, processes.started(
        processes.sudokit("solve", "--jobs", jobs, "-"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=stderr,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        stdin, stdout = process.stdin, processes.Reader(process.stdout)

        def feed() -> None:  # a long input that keeps coming until the process is gone
            try:
                while process.poll() is None:
                    stdin.write((EASY + "\n").encode() * 1000)
            except (BrokenPipeError, ValueError, OSError):
                pass

        threading.Thread(target=feed, daemon=True).start()
        first = stdout.line()  # answers are coming out: the batch is under way
        assert len(first.strip()) == 81
        time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        output = stdout.rest(timeout=60)
        assert process.wait(timeout=60) == 130
    err = errors.read_text()
    assert "Traceback" not in err and "interrupted" in err
    assert all(len(line) == 81 for line in output.splitlines())  # whole lines only


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a POSIX system")
def test_broken_pipe_is_quiet() -> None:
    command = f"{sys.executable} -m sudokit solve examples/sample.txt | head -1"
    done = processes.run(command, shell=True, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert len(done.stdout.strip()) == 81 and "Traceback" not in done.stderr


HARDEST = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"


def test_strategy_time_limit_reports_limit_reached(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A strategy that runs out of time gives status limit_reached, not a hang."""
    path = tmp_path / "hard.txt"
    path.write_text(HARDEST + "\n")
    code = cli.main(["solve", "--strategy", "layers", "--time-limit", "0.2", "--json", str(path)])
    record = json.loads(capsys.readouterr().out)
    assert code == 1
    assert record["status"] == "limit_reached"
    assert record["solution"] is None
    assert "limit reached" in record["error"]


def test_strategy_solves_within_time_limit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A fast strategy with a time limit still solves and proves uniqueness."""
    path = tmp_path / "hard.txt"
    path.write_text(HARDEST + "\n")
    code = cli.main(["solve", "--strategy", "dlx", "--time-limit", "30", "--json", str(path)])
    record = json.loads(capsys.readouterr().out)
    assert code == 0
    assert record["status"] == "solved"
    assert Grid.from_string(record["solution"]).is_solution_of(Grid.from_string(HARDEST))
