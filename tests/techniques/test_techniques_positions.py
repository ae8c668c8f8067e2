"""Every technique on a real position where it applies, and on the same position with one extra
candidate that breaks its pattern (where it must not fire).

The positions (``technique_positions.json``) come from solving paths of the cbg-000 and top95
puzzles: ``values`` is the grid, ``marks`` the 729-character pencil marks, and the expected
placements and eliminations are checked against the puzzle's solution here too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sudokit import Grid, solve
from sudokit.candidates import Candidates, bit
from sudokit.techniques import Step, technique_named

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "technique_positions.json").read_text(encoding="utf-8")
)


def _position(case: dict[str, Any]) -> tuple[Grid, Candidates]:
    """The case's grid and pencil marks."""
    grid = Grid.from_string(case["values"])
    return grid, Candidates.from_string(case["marks"], grid)


def _key(case: dict[str, Any]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The expected placements and eliminations, sorted."""
    return (
        sorted((c, d) for c, d in case["placements"]),
        sorted((c, d) for c, d in case["eliminations"]),
    )


def _matches(step: Step, case: dict[str, Any]) -> bool:
    """True when a step is the case's step: same technique, same placements and eliminations."""
    return step.technique == case["technique"] and (
        sorted(step.placements), sorted(step.eliminations)
    ) == _key(case)


@pytest.mark.parametrize("case", CASES, ids=[c["technique"] for c in CASES])
def test_applies_with_exact_result(case: dict[str, Any]) -> None:
    _, cands = _position(case)
    steps = [s for s in technique_named(case["finder"]).steps(cands) if _matches(s, case)]
    assert steps, f"{case['technique']} not found"
    step = steps[0]
    assert step.difficulty == pytest.approx(case["difficulty"])
    assert step.explanation and all(ch in step.explanation for ch in "rc")
    before = cands.copy()
    list(technique_named(case["finder"]).steps(cands))
    assert cands == before, "a finder must not change the position"


@pytest.mark.parametrize("case", CASES, ids=[c["technique"] for c in CASES])
def test_result_agrees_with_solution(case: dict[str, Any]) -> None:
    grid, _ = _position(case)
    solution = solve(grid).cells
    placements, eliminations = _key(case)
    assert placements or eliminations
    assert all(solution[c] == d for c, d in placements)
    assert all(solution[c] != d for c, d in eliminations)


BROKEN = [c for c in CASES if c["breaker"]]


@pytest.mark.parametrize("case", BROKEN, ids=[c["technique"] for c in BROKEN])
def test_does_not_fire_when_pattern_is_broken(case: dict[str, Any]) -> None:
    _, cands = _position(case)
    cell, digit = case["breaker"]
    assert not cands.has(cell, digit)
    cands.masks[cell] |= bit(digit)
    assert not any(_matches(s, case) for s in technique_named(case["finder"]).steps(cands))
