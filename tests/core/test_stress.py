"""Threads under stress (issue 17): eight threads mixing every batch and feature call for a
bounded time get exactly what one thread gets.

The answers of one thread are computed first; then eight threads run the same calls in a
shifted order, over and over, until ``SUDOKIT_STRESS_SECONDS`` (default 6) have passed, and
every answer is compared with the lone thread's. The sanitizer build runs this module too
(``make sanitize``), which is where a data race or a shared buffer in the C core would show.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

import sudokit
from tests.helpers.paths import SHARED_DATA

DATA = SHARED_DATA
THREADS = 8
SECONDS = float(os.environ.get("SUDOKIT_STRESS_SECONDS", "6"))

#: A few of each kind: easy, hard for backtracking, several solutions, none, 16×16.
PUZZLES = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
    "11" + "." * 79,
    "." * 81,
]
#: Puzzles the human-style rater and explainer take quickly (SE 1.5 to 7.1).
RATED = [
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ".23..6.8......91...8.1..4..2.......7...8.....678.1......7.3.2...3...4.7....5.1.6.",
]


def _without_time(answer: dict[str, object]) -> dict[str, object]:
    """A rating's dict less the seconds it took (the one field that may differ)."""
    return {key: value for key, value in answer.items() if key != "seconds"}


def _calls() -> list[tuple[str, Callable[[], object]]]:
    """The mixed calls, each returning a plain value that can be compared."""
    return [
        ("solve_many", lambda: sudokit.solve_many(PUZZLES[:4] * 25)),
        ("count_many", lambda: sudokit.count_many(PUZZLES, limit=50)),
        ("rate", lambda: [_without_time(sudokit.rate(p).to_dict()) for p in RATED]),
        ("explain", lambda: [s.technique for s in sudokit.explain(RATED[1])]),
        ("generate", lambda: [g.puzzle.to_string() for g in sudokit.generate_many(3, seed=11)]),
        ("canonical", lambda: [sudokit.canonical(p).to_string() for p in PUZZLES[:4]]),
        ("hint", lambda: sudokit.hint(RATED[0]).step.technique if sudokit.hint(RATED[0]).step else None),
    ]


def test_eight_threads_mixing_calls_match_one_thread() -> None:
    calls = _calls()
    expected = {name: call() for name, call in calls}
    failures: list[str] = []
    runs = [0] * THREADS
    stop_at = time.monotonic() + SECONDS

    def worker(index: int) -> None:
        order = calls[index % len(calls):] + calls[: index % len(calls)]
        try:
            while time.monotonic() < stop_at:
                for name, call in order:
                    got = call()
                    if got != expected[name]:
                        failures.append(f"thread {index}: {name} gave {got!r}")
                    runs[index] += 1
        except Exception as exc:  # every failure is reported below
            failures.append(f"thread {index}: {type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(SECONDS + 120)
    assert not any(thread.is_alive() for thread in threads), "a thread did not finish"
    assert not failures, failures[:5]
    assert all(count >= len(calls) for count in runs), runs  # every thread ran every call
