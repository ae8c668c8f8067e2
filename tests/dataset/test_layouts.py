"""The public layouts read and written losslessly by ``sudokit dataset rate`` and ``split``: Kaggle's
``quizzes,solutions``, sudoku-extreme's ``source,q,a,rating``, RRN's header-less ``puzzle,solution``
lines, Sudoku-Bench-style JSON Lines and ``.npy``/``.npz`` arrays. Every file is made here from
generated puzzles (no published puzzle or solution is stored); each keeps its own columns and
values exactly, and the added ``er`` is what ``rate`` says."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from sudokit import generate_many, rate
from sudokit.dataset import to_numpy
from sudokit.dataset.files import read_table, read_typed
from tests.helpers.cli import run_cli


@pytest.fixture(scope="module")
def made() -> list[tuple[str, str]]:
    return [(g.puzzle.to_string(), g.solution.to_string()) for g in generate_many(5, seed=31)]


def _zeros(text: str) -> str:
    return text.replace(".", "0")


def _sorted(array: Any) -> list[list[int]]:
    return sorted(array.tolist())


def _rated(capsys: pytest.CaptureFixture[str], source: Path, out: Path) -> list[dict[str, Any]]:
    status, _, err = run_cli(capsys, "dataset", "rate", str(source), "-o", str(out), "--no-progress")
    assert status == 0, err
    return list(read_typed(out))


def _check_ratings(rows: list[dict[str, Any]], puzzle: str) -> None:
    for row in rows:
        assert row["status"] == "ok" and row["er"] == rate(str(row[puzzle])).er


@pytest.mark.parametrize("suffix", [".csv", ".parquet", ".jsonl"])
def test_kaggle(made: list[tuple[str, str]], tmp_path: Path, suffix: str,
                capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "kaggle.csv"
    source.write_text("quizzes,solutions\n" + "".join(f"{_zeros(p)},{s}\n" for p, s in made))
    original = list(csv.DictReader(source.open()))
    assert list(read_table(source)) == original
    rows = _rated(capsys, source, tmp_path / f"out{suffix}")
    assert [{k: r[k] for k in ("quizzes", "solutions")} for r in rows] == original
    assert list(rows[0])[:2] == ["quizzes", "solutions"]
    _check_ratings(rows, "quizzes")


def test_sudoku_extreme(made: list[tuple[str, str]], tmp_path: Path,
                        capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "train.csv"
    source.write_text("source,q,a,rating\n" + "".join(f"mine{i},{p},{s},{i * 7}\n"
                                                       for i, (p, s) in enumerate(made)))
    original = list(csv.DictReader(source.open()))
    rows = _rated(capsys, source, tmp_path / "rated.csv")
    assert [{k: r[k] for k in ("source", "q", "a", "rating")} for r in rows] == original
    _check_ratings(rows, "q")
    assert "solution" not in rows[0]  # the answer column is checked, not written twice


def test_rrn_lines_without_a_header(made: list[tuple[str, str]], tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "test.csv"
    lines = [f"{_zeros(p)},{s}" for p, s in made]
    source.write_text("\n".join(lines) + "\n")
    assert [f"{r['puzzle']},{r['solution']}" for r in read_table(source)] == lines
    rows = _rated(capsys, source, tmp_path / "rated.csv")
    assert [f"{r['puzzle']},{r['solution']}" for r in rows] == lines
    _check_ratings(rows, "puzzle")
    # a wrong answer in RRN's layout is reported, not dropped
    wrong = lines[-1][:-1] + ("1" if lines[-1][-1] != "1" else "2")
    source.write_text("\n".join([*lines[:-1], wrong]) + "\n")
    status, _, _ = run_cli(capsys, "dataset", "rate", str(source), "-o", str(tmp_path / "bad.csv"))
    assert status == 1
    assert [r["status"] for r in read_table(tmp_path / "bad.csv")][-1] == "wrong_answer"
    status, _, err = run_cli(capsys, "dataset", "split", str(tmp_path / "test.csv"), "--split", "a=0.6,b=0.4",
                             "-o", str(tmp_path / "split"))
    assert status == 0, err
    parts = [f"{r['puzzle']},{r['solution']}" for name in "ab"
             for r in read_table(tmp_path / "split" / f"{name}.csv")]
    assert sorted(parts) == sorted([*lines[:-1], wrong])


def test_sudoku_bench_jsonl(made: list[tuple[str, str]], tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bench.jsonl"
    records = [{"puzzle_id": f"p{i}", "initial_board": p, "solution": s, "rows": 9, "cols": 9,
                "rules": "Normal sudoku rules apply.", "visual_elements": [], "author": None}
               for i, (p, s) in enumerate(made)]
    source.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert list(read_table(source)) == records
    rows = _rated(capsys, source, tmp_path / "rated.jsonl")
    assert [{k: r[k] for k in records[0]} for r in rows] == records
    _check_ratings(rows, "initial_board")


def test_npy_and_npz(made: list[tuple[str, str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzles = to_numpy([p for p, _ in made])
    solutions = to_numpy([s for _, s in made])
    np.save(tmp_path / "x.npy", puzzles)
    np.savez(tmp_path / "xy.npz", quizzes=puzzles, solutions=solutions)
    for name in ("x.npy", "xy.npz"):
        rows = _rated(capsys, tmp_path / name, tmp_path / f"{name}.parquet")
        assert (to_numpy([r["puzzle"] for r in rows]) == puzzles).all()
        assert (to_numpy([r["solution"] for r in rows]) == solutions).all()
        _check_ratings(rows, "puzzle")
    status, _, err = run_cli(capsys, "dataset", "split", str(tmp_path / "x.npy"), "--split", "all=1",
                             "-o", str(tmp_path / "split"))
    assert status == 0, err
    assert _sorted(np.load(tmp_path / "split" / "all.npy")) == _sorted(puzzles)  # split shuffles
    assert not (tmp_path / "split" / "all_solution.npy").exists()  # x.npy has no answers
    kaggle = tmp_path / "kaggle.csv"
    kaggle.write_text("quizzes,solutions\n" + "".join(f"{_zeros(p)},{s}\n" for p, s in made))
    status, _, err = run_cli(capsys, "dataset", "split", str(kaggle), "--split", "all=1", "--format", "npy",
                             "-o", str(tmp_path / "split2"))
    assert status == 0, err
    pairs = zip(np.load(tmp_path / "split2" / "all.npy").tolist(),
                np.load(tmp_path / "split2" / "all_solution.npy").tolist(), strict=True)
    assert sorted(pairs) == sorted(zip(puzzles.tolist(), solutions.tolist(), strict=True))
    # rated rows do not fit in an array: a usage error before any work, not a silent loss
    status, _, err = run_cli(capsys, "dataset", "rate", str(tmp_path / "x.npy"), "-o",
                             str(tmp_path / "r.npy"))
    assert status == 2 and "npy" in err and not (tmp_path / "r.npy").exists()
