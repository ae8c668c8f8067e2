"""Many threads at once (issue 11): each call keeps its own time limit and its own engine.

Time limits travel with the call (a :class:`sudokit.limits.Deadline`), and the engine choice of
:func:`sudokit.engine.backend.using` is per thread, so threads rating, explaining and generating at
once with different limits and engines must each get what a lone call gets.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from sudokit import (
    Grid,
    OptionError,
    TimeLimitReached,
    canonical,
    explain,
    generate,
    generate_many,
    hint,
    rate,
    solve,
)
from sudokit.engine import backend
from sudokit.errors import EngineError
from sudokit.rating.explainer import LIMIT, RATED

#: forum_hardest_1106's first puzzle: SE 10.3, nested forcing chains (Python: many seconds).
HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
#: An SE 7.1 puzzle: forcing chains, a fraction of a second in Python.
CHAIN = ".23..6.8......91...8.1..4..2.......7...8.....678.1......7.3.2...3...4.7....5.1.6."

#: How far past its limit a stopped call may end: the work between two deadline checks, slowed
#: by seven other threads sharing the GIL on a small machine.
SLACK = 3.0

needs_core = pytest.mark.skipif("c" not in backend.available(), reason="C core not built")


@dataclass
class Outcome:
    """What one thread's call gave: its value or its exception, and how long it took."""

    value: Any = None
    error: BaseException | None = None
    seconds: float = math.nan


def _run_together(calls: list[Callable[[], Any]]) -> list[Outcome]:
    """Run the calls in one thread each, all released at once; their outcomes in order."""
    outcomes = [Outcome() for _ in calls]
    barrier = threading.Barrier(len(calls))

    def work(i: int) -> None:
        barrier.wait()
        start = time.monotonic()
        try:
            outcomes[i].value = calls[i]()
        except BaseException as exc:
            outcomes[i].error = exc
        outcomes[i].seconds = time.monotonic() - start

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a thread did not finish"
    return outcomes


def _key(rating: Any) -> tuple[Any, ...]:
    """What must agree between two ratings of one puzzle (not the time taken)."""
    return (rating.status, rating.er, rating.ep, rating.ed, rating.level, rating.score,
            rating.techniques, rating.step_count)


@needs_core
def test_eight_threads_each_keep_their_own_time_limit() -> None:
    # What lone calls give, for the calls that must finish.
    alone_rate = _key(rate(CHAIN, engine="python"))
    alone_explain = [s.technique for s in explain(CHAIN)]
    alone_generated = generate(seed=7, difficulty="6.0-12.0", engine="c")

    stopped = {  # index -> the time limit the call must stop at
        0: 0.05, 1: 0.3, 2: 0.6, 3: 0.9, 4: 1.2,
    }
    calls: list[Callable[[], Any]] = [
        lambda: rate(HARD, time_limit=0.05, engine="c"),
        lambda: list(explain(HARD, time_limit=0.3)),
        lambda: rate(HARD, time_limit=0.6, engine="python"),
        lambda: generate(seed=1, difficulty="9.5-12.0", time_limit=0.9, engine="c"),
        lambda: list(explain(HARD, se_only=True, time_limit=1.2)),
        lambda: rate(CHAIN, time_limit=60, engine="python"),
        lambda: [s.technique for s in explain(CHAIN, time_limit=60)],
        lambda: generate(seed=7, difficulty="6.0-12.0", time_limit=60, engine="c"),
    ]
    out = _run_together(calls)

    for i, limit in stopped.items():
        o = out[i]
        if i in (0, 2):  # rate reports the limit in its status
            assert o.error is None and o.value.status == LIMIT, (i, o)
            assert "time limit" in o.value.error
        else:  # explain and generate raise
            assert isinstance(o.error, TimeLimitReached), (i, o)
        assert limit <= o.seconds < limit + SLACK, (i, limit, o.seconds)
    assert out[5].error is None and out[5].value.status == RATED
    assert _key(out[5].value) == alone_rate
    assert out[6].error is None and out[6].value == alone_explain
    assert out[7].error is None and out[7].value == alone_generated


def test_time_limits_are_checked() -> None:
    for bad in (0, -1.0, math.nan):
        with pytest.raises(OptionError):
            rate(CHAIN, time_limit=bad)
        with pytest.raises(OptionError):
            explain(CHAIN, time_limit=bad)
        with pytest.raises(OptionError):
            hint(CHAIN, time_limit=bad)
        with pytest.raises(OptionError):
            generate(seed=1, time_limit=bad)
        with pytest.raises(OptionError):
            generate_many(2, seed=1, time_limit=bad)
    with pytest.raises(TypeError):
        rate(CHAIN, time_limit="1")  # type: ignore[arg-type]


def test_explain_and_hint_raise_at_their_limit() -> None:
    start = time.monotonic()
    with pytest.raises(TimeLimitReached):
        list(explain(HARD, time_limit=0.2))
    assert time.monotonic() - start < 0.2 + SLACK
    # the first step of HARD is easy: the limit is not reached
    assert hint(HARD, time_limit=30).technique


def test_generate_many_stops_at_its_limit() -> None:
    start = time.monotonic()
    made = []
    with pytest.raises(TimeLimitReached):
        for item in generate_many(None, seed=3, time_limit=0.3):
            made.append(item)
    assert made and 0.3 <= time.monotonic() - start < 0.3 + SLACK


@needs_core
def test_two_engines_in_two_threads_at_once() -> None:
    puzzle = Grid.from_string(CHAIN)
    expected = (solve(puzzle).to_string(), canonical(puzzle, engine="python").to_string(),
                _key(rate(puzzle, engine="python")))
    seen: dict[str, list[str]] = {"python": [], "c": []}

    def on(name: str) -> Callable[[], tuple[str, str, tuple[Any, ...]]]:
        def work() -> tuple[str, str, tuple[Any, ...]]:
            with backend.using(name):
                answers = []
                for _ in range(3):
                    seen[name].append(backend.name_of())
                    answers.append((solve(puzzle).to_string(), canonical(puzzle).to_string(),
                                    _key(rate(puzzle))))
                    seen[name].append(backend.name_of())
                assert all(a == answers[0] for a in answers)
                return answers[0]
        return work

    python, c = _run_together([on("python"), on("c")])
    assert python.error is None and c.error is None, (python.error, c.error)
    assert python.value == c.value == expected
    assert seen == {"python": ["python"] * 6, "c": ["c"] * 6}


def test_using_stays_in_its_thread() -> None:
    other = "python" if backend.name_of() == "c" else "c"
    if other not in backend.available():
        pytest.skip("one engine only")
    names: list[str] = []
    with backend.using(other):
        assert backend.name_of() == other
        thread = threading.Thread(target=lambda: names.append(backend.name_of()))
        thread.start()
        thread.join()
    assert names == [backend.DEFAULT]  # a new thread starts with the default engine


def test_engine_names_are_checked() -> None:
    with pytest.raises(EngineError):
        backend.select("fortran")
    with pytest.raises(EngineError):
        rate(CHAIN, engine="fortran")
    assert backend.native("python") is None
    assert backend.select("python").solve(bytes(16), 2, 2, 1)[0] == 1
