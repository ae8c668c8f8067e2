"""Every puzzle of every data set in ../shared/data, solved through the batch path and verified
independently: the solution is a valid complete grid that keeps the givens. Every puzzle of
serg_multi_solution.txt has several solutions. With the C engine this is all 49,158 17-clue
puzzles and more in seconds; without it, a sample runs on the Python engine.

The data sets are found through ``SUDOKIT_DATA`` (default ``<repo>/../shared/data``).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

import pytest

from sudokit import batch
from sudokit.batch.runner import Job, Result
from sudokit.engine import backend
from sudokit.grid import find_duplicate
from sudokit.shape import Shape
from tests.helpers.paths import SHARED_DATA

DATA = SHARED_DATA
UNIQUE_SETS = ["17_clue.txt", "top95.txt", "magictour_top1465.txt", "forum_hardest_1106.txt"]
MULTI_SET = "serg_multi_solution.txt"
NINE = Shape(3, 3)
#: Puzzles per file checked on the Python engine (the full files need the C core).
SAMPLE = 15

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason=f"no data sets at {DATA} (set SUDOKIT_DATA)")


def puzzle_lines(name: str, limit: int | None = None) -> list[str]:
    """The puzzle lines of a data file (comments skipped), the first ``limit`` of them if given."""
    with open(DATA / name, encoding="utf-8") as handle:
        lines = (line.strip() for line in handle if line.strip() and not line.startswith("#"))
        return list(islice(lines, limit))


def data_files() -> list[str]:
    """Every puzzle file in the data directory (the ratings folder aside)."""
    if not DATA.is_dir():
        return []
    return sorted(p.name for p in DATA.glob("*.txt"))


def cells(text: str) -> list[int]:
    """Cell values of an 81-character line, 0 for empty (independent of sudokit's parser)."""
    return [int(ch) if ch in "123456789" else 0 for ch in text]


def verify(puzzle: str, solution: str | None) -> None:
    """Assert that ``solution`` is a valid complete grid keeping every given of ``puzzle``."""
    assert solution is not None and len(solution) == 81, puzzle
    values = cells(solution)
    assert all(values), puzzle
    for unit in NINE.units:
        assert sorted(values[c] for c in unit) == list(range(1, 10)), puzzle
    assert all(g in (0, s) for g, s in zip(cells(puzzle), values, strict=True)), puzzle


def run(name: str, job: Job, lines: list[str]) -> Iterator[Result]:
    """Run the batch over the given lines of a data file."""
    return batch.run(lines, job, source=name)


def needs_c() -> None:
    """Skip (with the reason) a full-file check when the C engine is not the one in use."""
    if backend.name_of() != "c":
        pytest.skip("the C core is not built (or not in use): full data sets run only on it")


def test_every_data_file_is_covered() -> None:
    assert set(UNIQUE_SETS) | {MULTI_SET} <= set(data_files())


@pytest.mark.slow
@pytest.mark.parametrize("name", UNIQUE_SETS)
def test_full_set_solved_and_verified(name: str) -> None:
    needs_c()
    lines = puzzle_lines(name)
    results = list(run(name, Job("solve"), lines))
    assert len(results) == len(lines)
    if name == "17_clue.txt":
        assert len(lines) == 49_158
    for line, result in zip(lines, results, strict=True):
        assert result.status == batch.SOLVED, result
        verify(line, result.solution)


@pytest.mark.slow
def test_full_multi_solution_set() -> None:
    needs_c()
    lines = puzzle_lines(MULTI_SET)
    results = list(run(MULTI_SET, Job("count", limit=2), lines))
    assert len(results) == len(lines) == 10_000
    assert all(r.status == batch.MULTIPLE and r.count == 2 for r in results)


@pytest.mark.parametrize("name", UNIQUE_SETS)
def test_sample_on_every_engine(name: str, engine: str) -> None:
    lines = puzzle_lines(name, SAMPLE if engine == "python" else 300)
    for line, result in zip(lines, run(name, Job("solve"), lines), strict=True):
        assert result.status == batch.SOLVED and result.count == 1, result
        verify(line, result.solution)


def test_multi_sample_on_every_engine(engine: str) -> None:
    lines = puzzle_lines(MULTI_SET, SAMPLE if engine == "python" else 1000)
    counts = [r.count for r in run(MULTI_SET, Job("count", limit=2), lines)]
    assert counts == [2] * len(lines)


def test_engines_agree_on_a_sample() -> None:
    if "c" not in backend.available():
        pytest.skip("the C core is not built: only one engine to compare")
    lines = [line for name in [*UNIQUE_SETS, MULTI_SET] for line in puzzle_lines(name, 10)]
    found = {}
    for name in ("c", "python"):
        with backend.using(name):
            found[name] = [(r.status, r.count) for r in run("sample", Job("check"), lines)]
    assert found["c"] == found["python"]


def test_first_solution_mode_on_multi_solution_puzzles(engine: str) -> None:
    lines = puzzle_lines(MULTI_SET, SAMPLE)
    for line, result in zip(lines, run(MULTI_SET, Job("solve", limit=1), lines), strict=True):
        assert result.status == batch.SOLVED
        verify(line, result.solution)
        assert find_duplicate(cells(line), NINE) is None
