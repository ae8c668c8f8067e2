"""Smoke test of benchmarks/solve.py: it runs on a tiny sample and prints its table.

Nothing here looks at the timings (they depend on the machine and its load); only that the
script runs, covers both modes, checks answers and writes its JSON.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import processes
from tests.helpers.paths import ROOT, SHARED_DATA

SCRIPT = ROOT / "benchmarks" / "solve.py"
SHARED = SHARED_DATA

# A few unique puzzles (easy to hard) and two with several solutions (one the empty grid).
UNIQUE = [
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
]
SEVERAL = [
    ".................................................................................",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5......",
]

needs_core = pytest.mark.skipif(
    importlib.util.find_spec("sudokit._core") is None, reason="the C extension is not built"
)


def run_bench(*args: str) -> subprocess.CompletedProcess[str]:
    return processes.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def check_output(proc: subprocess.CompletedProcess[str]) -> None:
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout
    for text in (
        "== first solution (limit 1) ==",
        "== uniqueness check (limit 2) ==",
        "sudokit solve_many",
        "sudokit count_many",
        "summary:",
    ):
        assert text in out, out
    # Peers may answer wrongly (that is what the check is for); sudokit must not.
    assert "WRONG: sudokit" not in out, out


@needs_core
def test_bench_runs_on_own_puzzles(tmp_path: Path) -> None:
    data = tmp_path / "mini.txt"
    data.write_text("# a tiny set for the smoke test\n" + "\n".join(UNIQUE + SEVERAL) + "\n")
    out_json = tmp_path / "bench.json"
    proc = run_bench(
        "--sets", str(data), "--repeat", "1", "--peer-sample", "3", "--peer-budget", "2",
        "--timeout", "2", "--python-sample", "2", "--no-tdoku", "--json", str(out_json),
    )
    check_output(proc)
    doc = json.loads(out_json.read_text())
    assert doc["meta"]["engine"] == "c"
    counts = doc["meta"]["sets"]["mini"]["sudokit_counts"]
    assert counts == {"1": len(UNIQUE), "2": len(SEVERAL)}
    engines = {(r["engine"], r["mode"]) for r in doc["rows"]}
    assert ("sudokit solve_many", 1) in engines
    assert ("sudokit count_many", 2) in engines
    assert ("sudokit-python", 2) in engines
    for row in doc["rows"]:
        if row["engine"].startswith("sudokit"):
            assert row["wrong"] == 0 and row["errors"] == 0 and row["timeouts"] == 0, row


@needs_core
@pytest.mark.skipif(not (SHARED / "17_clue.txt").exists(), reason="shared/data is not beside the repo")
def test_scale_runs_quick() -> None:
    proc = processes.run(
        [sys.executable, str(ROOT / "benchmarks" / "scale.py"), "--quick", "--lines", "3000", "--rate", "6",
         "--generate", "50", "--data", str(SHARED)],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    for text in ("CLI vs API", "CLI ÷ API throughput", "--jobs 1 vs 2", "solve (3,000)", "rate (6 magictour)",
                 "generate (50)", "peak memory", "load average after"):
        assert text in proc.stdout, proc.stdout


@needs_core
@pytest.mark.skipif(not (SHARED / "top95.txt").exists(), reason="shared/data is not beside the repo")
def test_bench_runs_on_data_sets() -> None:
    proc = run_bench(
        "--data", str(SHARED), "--sets", "top95,serg_multi_solution", "--sample", "20",
        "--repeat", "1", "--peers", "none", "--python-sample", "2",
    )
    check_output(proc)
    assert "top95" in proc.stdout and "serg_multi_solution" in proc.stdout
