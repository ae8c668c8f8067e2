"""Smoke test of benchmarks/dataset.py: its build and rate parts run on tiny sizes and print their
figures (no timing is looked at: it depends on the machine and its load)."""

from __future__ import annotations

import pytest

from tests.helpers.paths import ROOT
from tests.helpers.scripts import load_script


def test_build_and_rate_parts_run(capsys: pytest.CaptureFixture[str]) -> None:
    module = load_script(ROOT / "benchmarks" / "dataset.py", "bench_dataset")
    assert module.main(["--parts", "build,rate", "--count", "5", "--lines", "21", "--tdoku", ""]) == 0
    out = capsys.readouterr().out
    assert "5 puzzles in" in out and "100,000 at this rate" in out
    assert "21 rows, 21 ok" in out and "puzzles/s per core" in out
    with pytest.raises(SystemExit):
        module.main(["--parts", "nothing"])
