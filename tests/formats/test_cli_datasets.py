"""Data-set inputs on the command line: ``.npy``/``.npz``/``.parquet`` files, and ``--verify``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudokit.formats import write_records
from tests.helpers.cli import run_cli

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
WRONG = SOLUTION[:80] + "4"
EASY = "83......2.248...61.9167243.9....4576.53.......17...893.4.16...9..892364..6.5..2.."
SEVERAL = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
BAD = "11" + "." * 79


@pytest.fixture
def csv_file(tmp_path: Path) -> Path:
    """A Kaggle-style CSV: a right solution, a wrong one, an empty one, a puzzle with several."""
    path = tmp_path / "set.csv"
    path.write_text("quizzes,solutions\n"
                    f"{PUZZLE},{SOLUTION}\n{PUZZLE},{WRONG}\n{PUZZLE},\n{SEVERAL},{SOLUTION}\n",
                    encoding="utf-8")
    return path


def test_verify_check(capsys: pytest.CaptureFixture[str], csv_file: Path) -> None:
    status, out, err = run_cli(capsys, "check", "--verify", str(csv_file))
    assert status == 1 and "3 of 4 puzzles did not pass" in err
    lines = out.splitlines()
    assert lines[0] == f"{csv_file}: line 2: ok (valid, one solution, the given solution)"
    assert lines[1] == (f"{csv_file}: line 3: the given solution differs from the solved one at r9c9 "
                        "(given 4, solved 3)")
    assert lines[2] == f"{csv_file}: line 4: no given solution to verify (its solution field is empty)"
    assert lines[3].startswith(f"{csv_file}: line 5: ") and "several solutions" in lines[3]


def test_verify_solve_json(capsys: pytest.CaptureFixture[str], csv_file: Path) -> None:
    status, out, _ = run_cli(capsys, "solve", "--verify", "--json", str(csv_file))
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert [r["status"] for r in rows] == ["solved", "invalid", "invalid", "multiple"]
    assert rows[0]["error"] is None and "r9c9" in rows[1]["error"]


def test_verify_in_worker_processes_keeps_the_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = [(PUZZLE, SOLUTION if i % 3 else WRONG) for i in range(40)]
    path = tmp_path / "many.csv"
    path.write_text("puzzle,solution\n" + "".join(f"{p},{s}\n" for p, s in rows), encoding="utf-8")
    status, out, _ = run_cli(capsys, "check", "--verify", "--jobs", "2", str(path))
    assert status == 1
    failed = [i for i, line in enumerate(out.splitlines()) if "differs" in line]
    assert failed == [i for i in range(40) if i % 3 == 0]


def test_verify_solution_written_differently(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    spaced = " ".join(SOLUTION)
    path = tmp_path / "set.jsonl"
    path.write_text(json.dumps({"puzzle": PUZZLE, "solution": spaced}) + "\n", encoding="utf-8")
    assert run_cli(capsys, "check", "--verify", str(path))[0] == 0


def test_verify_without_a_solution_column(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "plain.txt"
    path.write_text(PUZZLE + "\n", encoding="utf-8")
    status, out, _ = run_cli(capsys, "solve", "--verify", str(path))
    assert status == 1 and out == f"# {path}: line 1: no given solution to verify (no solution column)\n"
    assert run_cli(capsys, "solve", str(path))[0] == 0  # without --verify it passes


def test_npy_and_npz_inputs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    write_records([{"puzzle": PUZZLE}, {"puzzle": EASY}, {"puzzle": BAD}], tmp_path / "set.npy")
    status, out, err = run_cli(capsys, "solve", str(tmp_path / "set.npy"))
    assert status == 1 and "1 of 3" in err
    lines = out.splitlines()
    assert lines[0] == SOLUTION and len(lines[1]) == 81
    assert lines[2].startswith(f"# {tmp_path / 'set.npy'}: line 3: duplicate given 1")
    cells = [[int(c) if c != "." else 0 for c in text] for text in (PUZZLE, EASY)]
    given = [[int(c) for c in SOLUTION], [int(c) for c in SOLUTION]]  # the second one is wrong
    np.savez(tmp_path / "set.npz", quizzes=np.array(cells, dtype=np.uint8),
             solutions=np.array(given, dtype=np.uint8))
    status, out, _ = run_cli(capsys, "check", "--verify", str(tmp_path / "set.npz"))
    assert status == 1
    assert "line 1: ok" in out.splitlines()[0] and "differs" in out.splitlines()[1]
    status, out, _ = run_cli(capsys, "count", "--limit", "2", str(tmp_path / "set.npy"))
    assert out.splitlines()[:2] == [f"1 {PUZZLE}", f"1 {EASY}"]


def test_parquet_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    path = tmp_path / "set.parquet"
    write_records([{"puzzle": PUZZLE, "solution": SOLUTION}, {"puzzle": EASY, "solution": WRONG}], path)
    status, out, _ = run_cli(capsys, "check", "--verify", str(path))
    assert status == 1 and "ok" in out.splitlines()[0] and "differs" in out.splitlines()[1]
    status, out, _ = run_cli(capsys, "rate", str(path), "--json")
    assert [json.loads(line)["status"] for line in out.splitlines()] == ["rated", "rated"]
    status, out, _ = run_cli(capsys, "canon", str(path))
    assert status == 0 and len(out.splitlines()) == 2
    status, out, _ = run_cli(capsys, "show", str(path))
    assert status == 0 and out.count("┌") == 2


def test_unreadable_binary_file_is_a_usage_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    path = tmp_path / "broken.npy"
    path.write_bytes(b"not an array\n")
    status, out, err = run_cli(capsys, "solve", str(path))
    assert (status, out) == (2, "") and f"sudokit solve: {path}: " in err
    status, out, err = run_cli(capsys, "rate", str(path))
    assert status == 2 and str(path) in err
