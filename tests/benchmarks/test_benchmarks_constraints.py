"""Smoke test of benchmarks/constraints_speed.py: it builds a few unique constraint puzzles, reads
their f-puzzles links back and prints its medians (the timings themselves are not looked at)."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from tests.helpers import processes
from tests.helpers.paths import ROOT

SCRIPT = ROOT / "benchmarks" / "constraints_speed.py"


@pytest.mark.skipif(importlib.util.find_spec("sudokit._core") is None, reason="the C extension is not built")
def test_runs_without_pencilmark() -> None:
    proc = processes.run(
        [sys.executable, str(SCRIPT), "--count", "3", "--repeat", "1", "--no-pencilmark"],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout
    assert "3 unique 9×9 puzzles built and read back" in out
    for kind in ("thermo", "cage", "arrow", "white", "black", "xv", "germanwhisper", "renban"):
        assert kind in out
    assert "C          median" in out and "Python     median" in out
