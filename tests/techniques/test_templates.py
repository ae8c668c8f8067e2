"""Templates (HoDoKu's Template Set / Template Delete) against HoDoKu 2.2's own steps.

tests/techniques/template_positions.json (made by tools/make_template_positions.py) holds HoDoKu path
positions with every step HoDoKu's TemplateSolver lists for each type, as ``cell*10+digit``.
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
from sudokit.techniques.templates import (
    digit_templates,
    find_template_deletes,
    find_template_sets,
    refined_templates,
)

FIXTURE = Path(__file__).with_name("template_positions.json")
POSITIONS: list[dict[str, Any]] = json.loads(FIXTURE.read_text())


def _cands(row: dict[str, Any]) -> Candidates:
    """The fixture position as candidates."""
    return Candidates(list(row["values"]), list(row["masks"]), shape_for_size(9))


def test_fixture_has_both_kinds() -> None:
    """The sample holds positions where each type fires and positions where none does."""
    assert any(r["hodoku"]["TEMPLATE_SET"] for r in POSITIONS)
    assert any(r["hodoku"]["TEMPLATE_DEL"] for r in POSITIONS)
    assert any(not r["hodoku"]["TEMPLATE_SET"] for r in POSITIONS)
    assert any(not r["hodoku"]["TEMPLATE_DEL"] for r in POSITIONS)


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_matches_hodoku(index: int) -> None:
    """Our steps of both types are HoDoKu's, in its order (the first is the one it takes)."""
    row = POSITIONS[index]
    cands = _cands(row)
    sets = [sorted(c * 10 + d for c, d in s.placements) for s in find_template_sets(cands)]
    dels = [sorted(c * 10 + d for c, d in s.eliminations) for s in find_template_deletes(cands)]
    assert sets == row["hodoku"]["TEMPLATE_SET"]
    assert dels == row["hodoku"]["TEMPLATE_DEL"]


def test_empty_grid_has_all_templates() -> None:
    """An empty grid lets each digit use all 46,656 templates, and no step fires."""
    cands = Candidates.from_grid(Grid.from_string("." * 81))
    assert len(digit_templates(cands, 5)) == 46656
    assert not list(find_template_sets(cands)) and not list(find_template_deletes(cands))


def test_solved_grid_keeps_one_template() -> None:
    """A digit placed nine times keeps exactly the one template it fills."""
    solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    cands = Candidates.from_grid(Grid.from_string(solution))
    lists = refined_templates(cands)
    assert all(len(ts) == 1 for ts in lists.values())
    assert not list(find_template_sets(cands))


def test_registered_with_hodoku_score() -> None:
    """Both are registered as HoDoKu-only techniques scored 10000, and steps apply cleanly."""
    for name in ("Template Set", "Template Delete"):
        technique = technique_named(name)
        assert not technique.se and technique.hodoku == 10000
    row = next(r for r in POSITIONS if r["hodoku"]["TEMPLATE_SET"])
    cands = _cands(row)
    step = next(iter(technique_named("Template Set").steps(cands)))
    assert step.extra["hodoku"] == 10000 and step.placements
    step.apply(cands)


def test_other_shapes_find_nothing() -> None:
    """Templates are made for 9x9 grids only."""
    cands = Candidates.from_grid(Grid.from_string("1.3..4.22.4..3.1"))
    assert not list(find_template_sets(cands)) and not list(find_template_deletes(cands))
