"""``sudokit bank add | query | stats | export``: the puzzle bank from the command line."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path

import pytest

from sudokit import Bank
from tests.helpers.cli import run_cli
from tests.helpers.paths import ROOT

SAMPLE = ROOT / "examples" / "sample.txt"
BROKEN = ROOT / "examples" / "broken.txt"


@pytest.fixture
def bank(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A bank file holding the 12 sample puzzles."""
    path = tmp_path / "bank.sqlite3"
    status, out, _ = run_cli(capsys, "bank", "add", "--db", str(path), str(SAMPLE), "--no-progress")
    assert status == 0 and out.startswith("12 read, 12 added")
    return path


def test_add_report_and_duplicates(bank: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "bank", "--db", str(bank), "add", str(SAMPLE), "--json")
    assert status == 0
    report = json.loads(out)
    assert (report["read"], report["added"], report["duplicates"], report["size"]) == (12, 0, 12, 12)


def test_add_refused_puzzles_are_named(bank: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "bank", "add", "--db", str(bank), str(BROKEN), "--time-limit", "0")
    assert status == 1
    assert "5 refused (invalid 3, no_solution 1, multiple 1)" in out
    assert f"sudokit bank: {BROKEN}: line 5: wrong length" in err
    assert f"sudokit bank: {BROKEN}: line 13: the puzzle has several solutions" in err
    with Bank(bank) as opened:
        assert len(opened) == 12


def test_add_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "b.sqlite3")
    status, _, err = run_cli(capsys, "bank", "add", "--db", db, str(tmp_path / "missing.txt"))
    assert status == 2 and "no such file" in err
    status, _, err = run_cli(capsys, "bank", "add", "--db", db, str(SAMPLE), "--time-limit", "-1")
    assert status == 2
    assert run_cli(capsys, "bank")[0] == 2  # an action is required
    status, _, err = run_cli(capsys, "bank", "add", "--db", str(tmp_path), str(SAMPLE))
    assert status == 2 and "cannot open the bank" in err
    assert list(tmp_path.iterdir()) == []


def test_query_filters(bank: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "bank", "query", "--db", str(bank), "--er", "9:", "--order=-er")
    assert status == 0
    with Bank(bank) as opened:
        expected = [e.puzzle for e in opened.query(er=(9.0, None), order="-er")]
        easy = [e.puzzle for e in opened.query(level=["easy", "medium"], clues=(20, 40))]
    assert out.splitlines() == expected and expected
    status, out, _ = run_cli(capsys, "bank", "query", "--db", str(bank), "--level", "easy",
                             "--level", "medium", "--clues", "20-40")
    assert out.splitlines() == easy and easy
    status, out, _ = run_cli(capsys, "bank", "query", "--db", str(bank), "-n", "2", "--format", "jsonl")
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 2 and {"puzzle", "solution", "er", "level", "techniques"} <= set(rows[0])
    status, out, err = run_cli(capsys, "bank", "query", "--db", str(bank), "--technique", "no such thing")
    assert (status, out) == (2, "") and "unknown technique" in err  # #28: a name is checked
    status, out, _ = run_cli(capsys, "bank", "query", "--db", str(bank), "--symmetry", "none",
                             "--status", "rated", "--order", "random")
    assert len(out.splitlines()) == 12


def test_query_usage_errors(bank: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for argv in (["--er", "hard"], ["--symmetry", "sideways"], ["--status", "great"], ["--order", "name"],
                 ["--format", "xml"], ["-n", "0"]):
        status, out, err = run_cli(capsys, "bank", "query", "--db", str(bank), *argv)
        assert (status, out) == (2, ""), argv
        assert err
    status, _, err = run_cli(capsys, "bank", "query", "--db", str(bank), "--format", "npy")
    assert status == 2 and "binary: give -o FILE" in err
    status, _, err = run_cli(capsys, "bank", "stats", "--db", str(tmp_path / "none.sqlite3"))
    assert status == 2 and "no bank at" in err
    assert not (tmp_path / "none.sqlite3").exists()


def test_query_and_export_to_files(bank: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "hard.csv"
    status, stdout, err = run_cli(capsys, "bank", "query", "--db", str(bank), "--er", "7-12", "-o", str(out))
    assert status == 0 and stdout == "" and "wrote 3 puzzles" in err
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("puzzle,solution,") and len(lines) == 4
    status, _, _ = run_cli(capsys, "bank", "export", "--db", str(bank), "-o", str(tmp_path / "all.jsonl"))
    assert status == 0 and len((tmp_path / "all.jsonl").read_text(encoding="utf-8").splitlines()) == 12
    if find_spec("numpy") is not None:
        status, _, _ = run_cli(capsys, "bank", "export", "--db", str(bank), "-o", str(tmp_path / "all.npy"))
        assert status == 0
        import numpy as np

        assert np.load(tmp_path / "all.npy").shape == (12, 81)
    if find_spec("pyarrow") is not None:
        target = tmp_path / "all.parquet"
        status, _, _ = run_cli(capsys, "bank", "export", "--db", str(bank), "-o", str(target))
        assert status == 0
        status, out, _ = run_cli(capsys, "solve", str(target))
        assert status == 0 and len(out.splitlines()) == 12


def test_export_failure_leaves_no_file(
    bank: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out.csv"
    out.write_text("old\n", encoding="utf-8")

    def broken(self: Bank, target: Path, fmt: str, **filters: object) -> int:
        target.write_text("puzzle\nhalf", encoding="utf-8")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Bank, "export", broken)
    status, _, err = run_cli(capsys, "bank", "export", "--db", str(bank), "-o", str(out))
    assert status == 2 and "OutputError: cannot write" in err and "No space left" in err
    assert out.read_text(encoding="utf-8") == "old\n"
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.csv")]  # no temp file
    missing = str(tmp_path / "no" / "x.csv")
    status, _, err = run_cli(capsys, "bank", "export", "--db", str(bank), "-o", missing)
    assert status == 2 and "does not exist" in err


def test_stats(bank: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "bank", "stats", "--db", str(bank))
    assert status == 0 and out.startswith("12 puzzles") and "ER histogram:" in out
    status, out, _ = run_cli(capsys, "bank", "stats", "--db", str(bank), "--json", "--bin", "0.5")
    stats = json.loads(out)
    assert stats["total"] == 12 and stats["bin_width"] == 0.5
    status, _, err = run_cli(capsys, "bank", "stats", "--db", str(bank), "--bin", "0")
    assert status == 2 and "positive" in err
