"""Sudoku Explainer's exact rules: which step comes first, difficulties, and when a technique
must stay silent (hand-built positions and small edits of real ones)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudokit import Grid, solve
from sudokit.candidates import Candidates, bit
from sudokit.techniques import (
    Step,
    Technique,
    find_steps,
    first_step,
    hodoku_score,
    register,
    technique_named,
    techniques,
)
from sudokit.techniques.aic import length_penalty
from sudokit.techniques.intersections import find_direct_intersections, find_intersections
from sudokit.techniques.singles import find_hidden_singles, find_naked_singles
from sudokit.techniques.subsets import (
    find_direct_hidden_pairs,
    find_hidden_pairs,
    find_naked_pairs,
)
from sudokit.techniques.uniqueness import find_unique_loops
from tests.helpers.paths import SHARED_DATA

POSITIONS = {
    c["technique"]: c
    for c in json.loads((Path(__file__).parent / "technique_positions.json").read_text(encoding="utf-8"))
}
CHAIN_MODULES = {"sudokit.techniques.chains", "sudokit.techniques.forcing", "sudokit.techniques.nested"}
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _marks(values: str, marks: dict[str, str]) -> Candidates:
    """A position: ``values`` placed, given cells' masks set from ``{"r1c1": "123"}``, others full."""
    grid = Grid.from_string(values, check=False)
    cands = Candidates.from_grid(grid)
    for name, digits in marks.items():
        cell = (int(name[1]) - 1) * 9 + int(name[3]) - 1
        cands.masks[cell] = sum(bit(int(d)) for d in digits)
    return cands


def _position(technique: str) -> Candidates:
    case = POSITIONS[technique]
    return Candidates.from_string(case["marks"], Grid.from_string(case["values"]))


# -- the registry ---------------------------------------------------------------------------------


def test_registry_order_is_se_order() -> None:
    names = [t.name for t in techniques(se_only=True)]
    se = [
        "Hidden Single", "Direct Pointing", "Direct Hidden Pair", "Naked Single",
        "Direct Hidden Triplet", "Pointing", "Naked Pair", "X-Wing", "Hidden Pair", "Naked Triplet",
        "Swordfish", "Hidden Triplet", "XY-Wing", "XYZ-Wing", "Unique Rectangle", "Naked Quad",
        "Jellyfish", "Hidden Quad", "BUG", "Aligned Pair Exclusion",
    ]
    assert names[: len(se)] == se
    assert names.index("Aligned Triplet Exclusion") > len(se) - 1
    assert all(t.se for t in techniques(se_only=True))
    assert {t.name for t in techniques()} - set(names) >= {"Skyscraper", "W-Wing", "ALS-XZ"}


def test_register_inserts_and_replaces() -> None:
    def nothing(cands: Candidates) -> list[object]:
        return []

    register(Technique("Test Nothing", 9.9, nothing, se=False), after="Naked Single")  # type: ignore[arg-type]
    try:
        names = [t.name for t in techniques()]
        assert names[names.index("Naked Single") + 1] == "Test Nothing"
        register(Technique("Test Nothing", 9.8, nothing, se=False))  # type: ignore[arg-type]
        assert technique_named("Test Nothing").difficulty == 9.8
    finally:
        from sudokit import techniques as registry

        registry._REGISTRY[:] = [t for t in registry._REGISTRY if t.name != "Test Nothing"]


@pytest.mark.slow
def test_no_technique_fires_on_an_empty_grid() -> None:
    cands = Candidates.from_grid(Grid.empty())
    mine = [t for t in techniques() if t.finder().__module__ not in CHAIN_MODULES]
    assert list(find_steps(cands, mine)) == []


def test_hodoku_score_sums_step_scores() -> None:
    steps = [first_step(Candidates.from_grid(Grid.from_string(PUZZLE)))]
    score, level = hodoku_score(s for s in steps if s is not None)
    assert score in (4, 14) and level == "Easy"
    x_wing = Step("X-Wing", 3.2, eliminations=((0, 1),))
    assert hodoku_score([x_wing]) == (140, "Hard")
    assert hodoku_score([Step("Naked Pair", 3.0, extra={"hodoku": 60})] * 14) == (840, "Medium")
    assert hodoku_score([Step("Dynamic Forcing Chain", 8.5)]) == (700, "Extreme")


# -- singles --------------------------------------------------------------------------------------


def test_full_house_comes_before_hidden_singles() -> None:
    grid = Grid.from_string("12345678." + "." * 72)
    step = first_step(Candidates.from_grid(grid))
    assert step is not None
    assert (step.technique, step.difficulty, step.placements) == ("Full House", 1.0, ((8, 9),))


def test_hidden_single_difficulty_depends_on_unit() -> None:
    cands = Candidates.from_grid(Grid.from_string(PUZZLE))
    steps = [s for s in find_hidden_singles(cands) if s.technique == "Hidden Single"]
    assert steps
    for step in steps:
        (cell, digit), unit = step.placements[0], step.units[0]
        assert cands.places(digit, cands.shape.units[unit]) == [cell]
        assert step.difficulty == (1.2 if unit >= 18 else 1.5)
    # SE looks in boxes first, so the first hidden single of a fresh grid is a box one if any.
    assert steps[0].difficulty == 1.2


def test_naked_single_needs_exactly_one_candidate() -> None:
    cands = _marks("." * 81, {"r1c1": "5", "r2c2": "56"})
    assert [s.placements for s in find_naked_singles(cands)] == [((0, 5),)]
    assert next(iter(find_naked_singles(cands))).difficulty == 2.3


def test_hidden_single_must_not_fire_with_two_places() -> None:
    cands = Candidates.from_grid(Grid.from_string(PUZZLE))
    step = next(s for s in find_hidden_singles(cands) if s.technique == "Hidden Single")
    (cell, digit), unit = step.placements[0], step.units[0]
    other = next(c for c in cands.shape.units[unit] if c != cell and not cands.values[c])
    cands.masks[other] |= bit(digit)
    assert not any(s.units == (unit,) and s.placements == step.placements for s in find_hidden_singles(cands))


# -- intersections and subsets ----------------------------------------------------------------------


def test_direct_pointing_needs_a_following_single() -> None:
    # Box 1 holds 1 only in r1c1/r1c2 (pointing at row 1); box 2 holds 1 in r1c4 and r2c4.
    full = "123456789"
    marks = {f"r{r}c{c}": full.replace("1", "") for r in (1, 2, 3) for c in (1, 2, 3)}
    marks.update({"r1c1": full, "r1c2": full})
    cands = _marks("." * 81, marks)
    assert any(s.technique == "Pointing" and s.difficulty == 2.6 for s in find_intersections(cands))
    assert not any(s.units[:2] == (18, 0) for s in find_direct_intersections(cands))
    for r, c in [(2, 5), (2, 6), (3, 4), (3, 5), (3, 6), (1, 5), (1, 6)]:
        marks[f"r{r}c{c}"] = full.replace("1", "")
    cands = _marks("." * 81, marks)
    steps = [s for s in find_direct_intersections(cands) if s.units[:2] == (18, 0)]
    assert steps and steps[0].technique == "Direct Pointing" and steps[0].difficulty == 1.7
    assert steps[0].placements == ((9 + 3, 1),) and steps[0].eliminations == ()


def test_naked_pair_cells_need_two_candidates_each() -> None:
    cands = _marks("." * 81, {"r1c1": "12", "r1c2": "12"})
    first, second = list(find_naked_pairs(cands))[:2]
    assert (first.difficulty, first.units, second.units) == (3.0, (18,), (0,))  # box 1, then row 1
    assert set(first.eliminations) == {(c, d) for c in (2, 9, 10, 11, 18, 19, 20) for d in (1, 2)}
    assert set(second.eliminations) == {(c, d) for c in range(2, 9) for d in (1, 2)}
    single = _marks("." * 81, {"r1c1": "1", "r1c2": "12", "r1c3": "2"})
    assert not any(set(s.cells) & {0} for s in find_naked_pairs(single))


def test_hidden_pair_is_not_looked_for_in_a_unit_with_four_empty_cells() -> None:
    # Row 1: r1c1, r1c2 are the only places of 1 and 2 (with 3); r1c3, r1c4 hold 3/4.
    values = "....56789" + "." * 72
    marks = {"r1c1": "123", "r1c2": "123", "r1c3": "34", "r1c4": "34"}
    cands = _marks(values, marks)
    assert not any(s.units == (0,) for s in find_hidden_pairs(cands))
    assert any(s.units == (0,) for s in find_naked_pairs(cands))


def test_direct_hidden_pair_needs_a_following_single() -> None:
    values = "...456789" + "." * 72
    cands = _marks(values, {"r1c1": "123", "r1c2": "123", "r1c3": "3"})
    steps = [s for s in find_direct_hidden_pairs(cands) if s.units == (0,)]
    assert [s.placements for s in steps] == [((2, 3),)] and steps[0].difficulty == 2.0
    cands = _marks(values, {"r1c1": "12", "r1c2": "12", "r1c3": "3"})
    assert not any(s.units == (0,) for s in find_direct_hidden_pairs(cands))


# -- uniqueness -----------------------------------------------------------------------------------


def test_unique_rectangle_type_1_needs_a_single_rescue_cell() -> None:
    cands = _position("Unique Rectangle type 1")
    step = next(s for s in find_unique_loops(cands) if s.technique == "Unique Rectangle type 1")
    (rescue, a), (_, b) = step.eliminations
    corner = next(c for c in step.cells if c != rescue)
    extra = next(d for d in cands.digits(rescue) if d not in (a, b))
    cands.masks[corner] |= bit(extra)
    assert not any(
        s.technique == "Unique Rectangle type 1" and s.eliminations == step.eliminations
        for s in find_unique_loops(cands)
    )


def test_unique_loop_difficulty_grows_with_length() -> None:
    for name, difficulty in [
        ("Unique Rectangle type 1", 4.5), ("Unique Loop type 1", 4.6), ("Unique Loop 8 type 1", 4.7),
        ("Unique Loop 10 type 1", 5.0), ("Unique Rectangle type 3", 4.5),
    ]:
        steps = [s for s in find_unique_loops(_position(name)) if s.technique == name]
        assert steps and steps[0].difficulty == pytest.approx(difficulty), name


def test_unique_loops_come_easiest_first() -> None:
    cands = _position("Unique Loop 10 type 4")
    difficulties = [s.difficulty for s in find_unique_loops(cands)]
    assert difficulties == sorted(difficulties)


# -- SE's path -----------------------------------------------------------------------------------


def _se_rating(puzzle: str) -> float:
    """The largest difficulty on SE's path with the SE techniques up to aligned pair exclusion."""
    use = [t for t in techniques(se_only=True) if t.difficulty < 6.5]
    cands = Candidates.from_grid(Grid.from_string(puzzle))
    solution = solve(Grid.from_string(puzzle)).cells
    hardest = 0.0
    while not cands.is_solved():
        step = first_step(cands, use)
        assert step is not None
        assert all(solution[c] == d for c, d in step.placements)
        assert all(solution[c] != d for c, d in step.eliminations)
        hardest = max(hardest, step.difficulty)
        step.apply(cands)
    return hardest


def _rated(limit: float, count: int) -> list[tuple[str, float]]:
    path = SHARED_DATA / "ratings" / "cbg-000_SER.tsv"
    if not path.exists():
        pytest.skip("shared ratings data not available")
    rows = [line.split("\t") for line in path.read_text().splitlines() if not line.startswith("#")]
    return [(p, float(r)) for p, _, r in rows if float(r) < limit][:count]


def test_se_ratings_reproduced_below_chains() -> None:
    cases = _rated(6.5, 60)
    assert len(cases) == 60
    assert [(p, _se_rating(p)) for p, _ in cases] == cases


def test_aic_length_penalty_is_se_s() -> None:
    assert [length_penalty(n) for n in (4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25)] == [
        0.0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6,
    ]
