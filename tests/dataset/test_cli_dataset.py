"""``sudokit dataset``: build, rate, dedupe and split from the command line (own data only)."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import numpy as np
import pytest

from sudokit import generate_many
from sudokit.cli import main
from sudokit.dataset import augment, minlex


def _made(count: int, seed: int) -> list[tuple[str, str]]:
    return [(g.puzzle.to_string(), g.solution.to_string()) for g in generate_many(count, seed=seed)]


def test_build_writes_splits_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "set"
    status = main(["dataset", "build", "--count", "10", "--er-bins", "1-2,2-", "--split",
                   "train=0.8,test=0.2", "--seed", "1", "--format", "jsonl", "-o", str(out)])
    assert status == 0
    captured = capsys.readouterr()
    assert "train" in captured.out and "all" in captured.out and "puzzles/s" in captured.err
    rows = {name: [json.loads(line) for line in (out / f"{name}.jsonl").read_text().splitlines()]
            for name in ("train", "test")}
    assert len(rows["train"]) == 8 and len(rows["test"]) == 2
    forms = [r["minlex"] for part in rows.values() for r in part]
    assert len(set(forms)) == 10


def test_build_npy_and_exclude(tmp_path: Path) -> None:
    banned = tmp_path / "public.csv"
    first = tmp_path / "first"
    assert main(["dataset", "build", "-n", "6", "--shapes", "4x4", "--split", "test=1", "--seed", "2",
                 "--format", "csv", "-o", str(first), "--no-progress"]) == 0
    rows = list(csv.DictReader((first / "test.csv").open()))
    # the "published" set: the same puzzles, transformed, under Kaggle's column names
    rng = random.Random(1)
    with banned.open("w") as handle:
        handle.write("quizzes,solutions\n")
        for r in rows:
            p, s = augment(r["puzzle"], r["solution"], rng)
            handle.write(f"{p.to_string('0')},{s and s.to_string()}\n")
    second = tmp_path / "second"
    assert main(["dataset", "build", "-n", "6", "--shapes", "4x4", "--split", "train=1", "--seed", "2",
                 "--format", "npy", "--exclude", str(banned), "-o", str(second)]) == 0
    array = np.load(second / "train.npy")
    assert array.shape == (6, 16) and np.load(second / "train_solution.npy").shape == (6, 16)
    new = {r["minlex"] for r in csv.DictReader((second / "train.csv").open())}
    assert not new & {r["minlex"] for r in rows}


def test_rate_keeps_columns_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = _made(6, 4)
    source = tmp_path / "extreme.csv"
    with source.open("w") as handle:
        handle.write("source,q,a,rating\n")
        for i, (p, s) in enumerate(made):
            if i == 1:
                s = s[:-1] + ("1" if s[-1] != "1" else "2")
            if i == 2:
                p = "." * 81
            if i == 3:
                p = "11" + p[2:]
            handle.write(f"mine{i},{p},{s},{i}\n")
    out = tmp_path / "rated.csv"
    assert main(["dataset", "rate", str(source), "-o", str(out)]) == 1
    rows = list(csv.DictReader(out.open()))
    assert [r["status"] for r in rows] == ["ok", "wrong_answer", "multiple", "invalid", "ok", "ok"]
    assert list(rows[0])[:4] == ["source", "q", "a", "rating"]
    assert rows[0]["source"] == "mine0" and float(rows[0]["er"]) > 0 and rows[0]["minlex"]
    assert "ok: 3" in capsys.readouterr().err


def test_rate_jsonl_without_answers_adds_solutions(tmp_path: Path) -> None:
    made = _made(3, 5)
    source = tmp_path / "bench.jsonl"
    lines = [json.dumps({"id": i, "initial_board": p}) for i, (p, _) in enumerate(made)]
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "rated.parquet"
    assert main(["dataset", "rate", str(source), "-o", str(out), "-j", "2"]) == 0
    import pyarrow.parquet as pq

    table = pq.read_table(out).to_pylist()
    assert [r["solution"] for r in table] == [s for _, s in made]
    assert all(r["status"] == "ok" and r["hodoku_score"] > 0 for r in table)


def test_dedupe_and_split(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    made = _made(5, 6)
    rng = random.Random(3)
    lines = [p for p, _ in made] + [augment(made[0][0], None, rng)[0].to_string() for _ in range(3)]
    source = tmp_path / "puzzles.csv"
    source.write_text("puzzle\n" + "\n".join(lines) + "\n")
    assert main(["dataset", "dedupe", str(source)]) == 0
    classes = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert len(classes) == 5 and classes[0]["count"] == "4"
    assert classes[0]["minlex"] == minlex(made[0][0])
    out = tmp_path / "split"
    excluded = tmp_path / "ex.csv"
    excluded.write_text(f"puzzle\n{made[1][0]}\n")
    assert main(["dataset", "split", str(source), "--split", "a=0.5,b=0.5", "--exclude", str(excluded),
                 "-o", str(out)]) == 0
    parts = {name: [r["puzzle"] for r in csv.DictReader((out / f"{name}.csv").open())] for name in "ab"}
    assert sum(len(v) for v in parts.values()) == 7
    assert made[1][0] not in parts["a"] + parts["b"]
    forms = {name: {minlex(p) for p in v} for name, v in parts.items()}
    assert not forms["a"] & forms["b"]


def test_usage_errors(tmp_path: Path) -> None:
    assert main(["dataset", "rate", str(tmp_path / "missing.csv"), "-o", str(tmp_path / "x.csv")]) == 2
    assert main(["dataset", "build", "-n", "3", "--er-bins", "4-2", "-o", str(tmp_path)]) == 2
    assert main(["dataset", "--help"]) == 0
