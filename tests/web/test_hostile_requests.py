"""The bounded hostile-request run (benchmarks/web_hostile.py) against a real ``sudokit serve``:
every answer bounded, no traceback in answers or in the server's log, the server up at the end,
its memory flat from the second round on."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.helpers import processes

RUNNER = Path(__file__).resolve().parents[2] / "benchmarks" / "web_hostile.py"


@pytest.mark.slow
def test_hostile_requests_get_bounded_answers() -> None:
    pytest.importorskip("uvicorn")
    done = processes.run(
        [sys.executable, str(RUNNER), "--rounds", "3", "--slow-clients", "20", "--long", "4"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "hostile requests: all bounded" in done.stdout
    assert done.stdout.count(" ok (") == 3 * 15  # every attack ran in every round
