"""benchmarks/before_after.py: the run order, the costs it reads from each benchmark, the table."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import processes
from tests.helpers.paths import ROOT
from tests.helpers.scripts import load_script

SCRIPT = ROOT / "benchmarks" / "before_after.py"


ba = load_script(SCRIPT, "before_after")


def solve_doc(sudokit_us: float, tdoku_us: float | None) -> dict[str, Any]:
    rows: list[dict[str, Any]] = [
        {"set": "s", "mode": 1, "engine": "sudokit solve_many", "us": sudokit_us},
        {"set": "s", "mode": 2, "engine": "sudokit solve_many", "us": 99.0},
        {"set": "s", "mode": 2, "engine": "sudokit count_many", "us": 2 * sudokit_us},
    ]
    if tdoku_us is not None:
        rows.append({"set": "s", "mode": 1, "engine": "tdoku (ctypes)", "us": tdoku_us,
                     "ratio": sudokit_us / tdoku_us, "ratio_kind": "sudokit/tdoku"})
    return {"rows": rows}


def test_order_alternates_so_drift_falls_on_both_sides() -> None:
    assert ba.order(1) == ["before", "after"]
    assert ba.order(2) == ["before", "after", "after", "before"]
    assert ba.order(3).count("before") == 3


def test_solve_costs_take_the_tdoku_ratio_and_else_the_main_row() -> None:
    costs = ba.solve_costs(solve_doc(5.0, 10.0))
    assert costs["s, limit 1"] == (0.5, "sudokit/tdoku")
    # no tdoku row in mode 2: count_many's time (the row solve.py's ratios use), not solve_many's
    assert costs["s, limit 2"] == (10.0, "µs a puzzle")
    assert ba.solve_costs(solve_doc(5.0, None))["s, limit 1"] == (5.0, "µs a puzzle")


def test_generate_costs_are_against_hodoku_py_when_it_ran() -> None:
    rows = [{"what": "minimal 9×9, no symmetry", "rate": 400.0},
            {"what": "hodoku-py 0.2.1, no symmetry", "rate": 100.0},
            {"what": "py-sudoku 2.0.0", "rate": 50.0}]
    assert ba.generate_costs({"rows": rows}) == {"minimal 9×9, no symmetry": (0.25, "hodoku-py/sudokit time")}
    alone = ba.generate_costs({"rows": rows[:1]})
    assert alone == {"minimal 9×9, no symmetry": (1 / 400.0, "s a puzzle")}


def test_compare_marks_a_row_slower_past_the_tolerance() -> None:
    before = [ba.solve_costs(solve_doc(5.0, 10.0)), ba.solve_costs(solve_doc(5.2, 10.0))]
    after = [ba.solve_costs(solve_doc(6.0, 10.0)), ba.solve_costs(solve_doc(6.0, 10.0))]
    lines, slower = ba.compare({"before": before, "after": after}, 1.05)
    assert slower == 2  # limit 1 (0.51 -> 0.6) and limit 2 (10.2 -> 12 µs)
    assert any("slower" in line and "limit 1" in line for line in lines)
    lines, slower = ba.compare({"before": before, "after": before}, 1.05)
    assert slower == 0
    assert lines[-1].startswith("geometric mean of after/before: 1.000")


def test_compare_refuses_to_mix_a_ratio_with_a_time() -> None:
    lines, slower = ba.compare({"before": [ba.solve_costs(solve_doc(5.0, 10.0))],
                                "after": [ba.solve_costs(solve_doc(5.0, None))]}, 1.05)
    assert slower == 0
    assert any("measured differently" in line for line in lines)


@pytest.mark.skipif(importlib.util.find_spec("sudokit._core") is None, reason="the C extension is not built")
@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "python").exists(), reason="no .venv in the checkout")
def test_runs_one_checkout_against_itself(tmp_path: Path) -> None:
    data = tmp_path / "mini.txt"
    data.write_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
                    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n")
    proc = processes.run(
        [sys.executable, str(SCRIPT), "solve", "--before", str(ROOT), "--after", str(ROOT), "--rounds", "1",
         "--", "--sets", str(data), "--repeat", "1", "--peers", "none", "--python-sample", "0", "--no-tdoku"],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "mini, limit 1" in proc.stdout and "µs a puzzle" in proc.stdout
    assert "geometric mean of after/before" in proc.stdout
