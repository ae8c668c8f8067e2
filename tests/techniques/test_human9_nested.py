"""The C nested forcing chains of human9 (levels 2 and 3, csrc/se/human9_nested.c) against Python.

The sample, tests/techniques/human9_nested_positions.json, holds positions of forum_hardest_1106 puzzles
where a nested chain is SE's next step (where the C rating loop stopped before levels 2 and 3
were ported, and before some level 2 and 3 steps of C rating paths since), each with the first
step of the Python finders of levels 2 and 3 (``None`` where a level has none). Those were
computed by the Python reference (src/sudokit/techniques/nested.py), a few seconds a position;
here the C finders must return exactly those steps, each step must be true (it places the
solution's digits and removes none of them), and on three positions the Python finders are run
again, so that the sample cannot drift from the reference.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sudokit.candidates import Candidates
from sudokit.grid import Grid
from sudokit.shape import Shape
from tests.techniques.human9_compare import c_key, python_key, se_techniques, solution_cells, technique_index

try:
    from sudokit import _core  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - pure-Python install
    _core = None
core: Any = _core

POSITIONS = Path(__file__).with_name("human9_nested_positions.json")
LEVEL2 = "Dynamic Forcing Chain (+ Forcing Chains)"
LEVEL3 = "Dynamic Forcing Chain (+ Multiple Forcing Chains)"

needs_core = pytest.mark.skipif(core is None or not hasattr(core, "human9_find"),
                                reason="the C extension is not built")


def _sample() -> dict[str, Any]:
    with POSITIONS.open(encoding="utf-8") as f:
        sample: dict[str, Any] = json.load(f)
    return sample


SAMPLE = _sample()
ROWS: list[dict[str, Any]] = SAMPLE["positions"]
#: A forum_hardest_1106 puzzle (its 42nd) that C rates to the end, with 11 level-2 steps.
RATED: str = SAMPLE["rated"]




def _expected(row: dict[str, Any], name: str) -> Any:
    key = row["expected"][name]
    if key is None:
        return None
    tech, tenths, place, elim = key
    return (tech, tenths, tuple(map(tuple, place)), tuple(map(tuple, elim)))


def _c(row: dict[str, Any], name: str) -> Any:
    return c_key(core.human9_find(technique_index(name), bytes(row["values"]), list(row["masks"])))


def test_levels_follow_dynamic_plus_in_the_c_order() -> None:
    names = [t.name for t in se_techniques()]
    assert names.index(LEVEL2) == names.index("Dynamic Forcing Chain (+)") + 1
    assert names.index(LEVEL3) == names.index(LEVEL2) + 1


@needs_core
def test_c_order_has_levels_2_and_3() -> None:
    names = list(core.human9_names())
    assert names[-2:] == [LEVEL2, LEVEL3]


#: (position, level) pairs: level 3 only where level 2 has no step (else it is never asked).
CASES = [(i, name) for i, row in enumerate(ROWS) for name in row["expected"]]


@needs_core
@pytest.mark.parametrize(("at", "name"), CASES, ids=[f"{i}-level{2 if n == LEVEL2 else 3}" for i, n in CASES])
def test_c_finder_gives_the_python_step(at: int, name: str) -> None:
    row = ROWS[at]
    found = _c(row, name)
    assert found == _expected(row, name)
    if found is not None:
        solution = solution_cells(row["puzzle"])
        assert all(solution[cell] == digit for cell, digit in found[2])
        assert all(solution[cell] != digit for cell, digit in found[3])


@pytest.mark.slow
@needs_core
@pytest.mark.parametrize("at", [0, 1, 2])
def test_python_finder_still_agrees(at: int) -> None:
    row = next(r for r in ROWS if r.get("live") == at)
    technique = {t.name: t for t in se_techniques()}
    for name in (LEVEL2, LEVEL3):
        if name not in row["expected"]:
            continue
        cands = Candidates(list(row["values"]), list(row["masks"]), Shape(3, 3))
        py = python_key(next(iter(technique[name].steps(cands)), None))
        assert py == _c(row, name) == _expected(row, name)


@needs_core
def test_c_rater_takes_nested_steps_and_finishes() -> None:
    grid = Grid.from_string(RATED)
    code, steps = core.rate9(bytes(grid.cells))
    assert code == 0
    assert any(name.endswith("(+ Forcing Chains)") for name, *_ in steps)


@needs_core
def test_c_rater_time_limit_stops_a_nested_search() -> None:
    grid = Grid.from_string(RATED)
    code, _ = core.rate9(bytes(grid.cells), 0.05)
    assert code == 2  # HM_LIMIT
