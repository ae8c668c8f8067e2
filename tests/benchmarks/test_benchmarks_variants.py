"""Smoke test of benchmarks/variants.py: it runs on one cached puzzle per variant and prints its tables.

Nothing here looks at the timings (they depend on the machine and its load); only that the
script runs, reads its puzzle cache, checks sudokit's answers and writes its JSON. The peers
(pencilmark, SukakuExplainer) are skipped, except one short run of each when it is built beside
the project (/work/peers).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sudokit.grid import Grid
from tests.helpers import processes
from tests.helpers.paths import ROOT

SCRIPT = ROOT / "benchmarks" / "variants.py"
CACHE = ROOT / "benchmarks" / "data" / "variants.txt"
VARIANTS = ("x", "windoku", "antiknight", "antiking", "nonconsecutive", "disjointgroups", "jigsaw", "killer")
#: Peers are built beside the project, in ../peers (or $SUDOKIT_PEERS), never inside it.
PEERS = Path(os.environ.get("SUDOKIT_PEERS", ROOT.parent / "peers"))
PM_PYTHON = PEERS / "pmvenv" / "bin" / "python"
SUKAKU = PEERS / "sukaku" / "classes"


def run_bench(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the benchmark script with these options."""
    return processes.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300, cwd=ROOT,
    )


def cached() -> dict[str, list[str]]:
    """The cache file's puzzles by kind."""
    out: dict[str, list[str]] = {}
    for line in CACHE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            kind, _seed, text = line.split()
            out.setdefault(kind, []).append(text)
    return out


def test_cache_has_every_variant() -> None:
    puzzles = cached()
    assert set(VARIANTS) | {"classic"} <= set(puzzles)
    for kind, texts in puzzles.items():
        grid = Grid.from_fpuzzles(texts[0]) if kind != "classic" else Grid.from_string(texts[0])
        if kind == "classic":
            assert grid.rules is None
        else:
            assert grid.rules is not None and kind in grid.rules.variants, kind


def test_bench_runs_without_peers(tmp_path: Path) -> None:
    out_json = tmp_path / "variants.json"
    proc = run_bench(
        "--count", "1", "--no-generate", "--peers", "none", "--classic17", "3", "--repeat", "1",
        "--timeout", "2", "--json", str(out_json),
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout
    for text in ("classic minimal", "classic (rules engine)", "×classic", "pencilmark: skipped",
                 "SukakuExplainer: skipped", *VARIANTS):
        assert text in out, out
    assert "WRONG" not in out, out
    doc = json.loads(out_json.read_text())
    kinds = [r["kind"] for r in doc["solve"]]
    assert kinds[0] == "classic minimal" and set(VARIANTS) <= set(kinds)
    for row in doc["solve"]:
        assert row["wrong"] == 0, row
        assert row["n"] == 1 or row["kind"] == "classic 17-clue", row


@pytest.mark.skipif(not PM_PYTHON.exists(), reason="pencilmark's venv (/work/peers/pmvenv) is not there")
def test_bench_pencilmark_agrees() -> None:
    proc = run_bench(
        "--count", "1", "--no-generate", "--variants", "x,killer", "--classic17", "0", "--repeat", "1",
        "--timeout", "5",
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "pencilmark 1." in proc.stdout or "pencilmark: pencilmark" in proc.stdout, proc.stdout
    assert "DISAGREE" not in proc.stdout and "pencilmark errors" not in proc.stdout, proc.stdout


@pytest.mark.skipif(not (SUKAKU.is_dir() and shutil.which("java")), reason="no SukakuExplainer or java")
def test_bench_sukaku_solutions(tmp_path: Path) -> None:
    out_json = tmp_path / "variants.json"
    proc = run_bench(
        "--count", "1", "--no-generate", "--variants", "antiking,disjointgroups", "--classic17", "0",
        "--repeat", "1", "--peers", "none", "--sukaku", str(SUKAKU), "--sukaku-variants",
        "antiking,disjointgroups", "--sukaku-timeout", "30", "--no-rating", "--json", str(out_json),
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    rated = json.loads(out_json.read_text())["rating"]
    assert [r["kind"] for r in rated] == ["antiking", "disjointgroups"]
    for row in rated:
        assert row["se_rated"] == 1 and row["se_solution_ok"] == 1, row
