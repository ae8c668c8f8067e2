"""Kraken fish (HoDoKu's Kraken Fish, types 1 and 2) against HoDoKu 2.2's own finder.

tests/techniques/kraken_positions.json (made by tools/make_kraken_positions.py) holds HoDoKu path positions
with the step HoDoKu's ``getStep(KRAKEN_FISH)`` takes: its type and its elimination
(``cell*10+digit``), or nothing where it finds none.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sudokit.candidates import Candidates
from sudokit.grid import Grid
from sudokit.shape import shape_for_size
from sudokit.techniques import technique_named
from sudokit.techniques.kraken import kraken_fish

FIXTURE = Path(__file__).with_name("kraken_positions.json")
POSITIONS: list[dict[str, Any]] = json.loads(FIXTURE.read_text())


def _cands(row: dict[str, Any]) -> Candidates:
    """The fixture position as candidates."""
    return Candidates(list(row["values"]), list(row["masks"]), shape_for_size(9))


def _first(cands: Candidates) -> list[object]:
    """Our first Kraken fish as HoDoKu's answer: [type, cell*10+digit], or []."""
    for step in kraken_fish(cands):
        return [f"KRAKEN_FISH_TYPE_{step.extra['kraken_type']}",
                *sorted(c * 10 + d for c, d in step.eliminations)]
    return []


def test_fixture_has_both_kinds() -> None:
    """The sample holds both types and positions where no Kraken fish is found."""
    kinds = {r["hodoku"][0] for r in POSITIONS if r["hodoku"]}
    assert kinds == {"KRAKEN_FISH_TYPE_1", "KRAKEN_FISH_TYPE_2"}
    assert any(not r["hodoku"] for r in POSITIONS)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_matches_hodoku(index: int) -> None:
    """Our first Kraken fish is the one HoDoKu takes (type and elimination), or none as HoDoKu."""
    row = POSITIONS[index]
    assert _first(_cands(row)) == row["hodoku"]


def test_eliminations_are_sound() -> None:
    """The first Kraken fish of a few sample positions removes a candidate the solution lacks."""
    from sudokit.engine.solver import solve

    for row in [r for r in POSITIONS if r["hodoku"]][:4]:
        solution = solve(Grid.from_string(row["puzzle"]))
        assert solution is not None
        step = next(iter(kraken_fish(_cands(row))))
        for cell, digit in step.eliminations:
            assert solution.cells[cell] != digit


def test_registered_with_hodoku_score() -> None:
    """Registered as a HoDoKu-only technique scored 8450; its step applies cleanly."""
    technique = technique_named("Kraken Fish")
    assert not technique.se and technique.hodoku == 8450
    row = next(r for r in POSITIONS if r["hodoku"])
    cands = _cands(row)
    step = next(iter(technique.steps(cands)))
    assert step.extra["hodoku"] == 8450 and len(step.eliminations) == 1
    step.apply(cands)


def test_other_shapes_find_nothing() -> None:
    """The search is HoDoKu's, for 9x9 grids only."""
    cands = Candidates.from_grid(Grid.from_string("1.3..4.22.4..3.1"))
    assert not list(kraken_fish(cands))


def test_deadline_stops_the_search() -> None:
    """A passed deadline stops the search with TimeLimitReached."""
    from sudokit.errors import TimeLimitReached
    from sudokit.limits import Deadline

    row = next(r for r in POSITIONS if r["hodoku"])
    with pytest.raises(TimeLimitReached):
        next(iter(technique_named("Kraken Fish").steps(_cands(row), Deadline(0.0))))
