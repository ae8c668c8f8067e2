"""Smoke test of benchmarks/variant_quality.py on two puzzles of two kinds: it makes, rates and
explains them and reports rows that add up (nothing here looks at timings)."""

from __future__ import annotations

import json
import sys

from tests.helpers import processes
from tests.helpers.paths import ROOT

SCRIPT = ROOT / "benchmarks" / "variant_quality.py"


def test_two_kinds_two_puzzles(tmp_path):
    out = tmp_path / "rows.json"
    done = processes.run(
        [sys.executable, str(SCRIPT), "--size", "6", "--count", "2", "--kinds", "killer,thermo",
         "--time-limit", "60", "--json", str(out)],
        capture_output=True, text=True, timeout=240, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "| killer | 2 |" in done.stdout and "| thermo | 2 |" in done.stdout
    rows = {row["kind"]: row for row in json.loads(out.read_text())["rows"]}
    assert set(rows) == {"killer", "thermo"}
    for row in rows.values():
        assert row["made"] == 2 and sum(row["levels"].values()) == 2
        assert 0 <= row["logic"] <= 2 and len(row["ers"]) == 2


def test_a_kind_not_made_at_that_size_is_a_usage_error():
    done = processes.run([sys.executable, str(SCRIPT), "--size", "6", "--kinds", "windoku"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and "no kind is generated at size 6" in done.stderr
