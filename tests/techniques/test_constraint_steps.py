"""The constraint kinds' own steps (sudokit.techniques.variant_constraints), the variant level
(sudokit.rating.explainer.variant_level) and explain's guesses.

Every puzzle here is built in the test from a random solution grid (tests/techniques/
constraint_puzzles.py): no published puzzle or solution. A step is sound when it never removes
the solution's digit and places only the solution's digits.
"""

from __future__ import annotations

import pytest

from sudokit.engine.solver import count_solutions, search
from sudokit.generation.generator import generate
from sudokit.grid import Grid
from sudokit.rating.explainer import VARIANT_LEVELS, rate, variant_level
from sudokit.rules import Arrow, KropkiBlack, LittleKiller, Rules, Thermometer
from sudokit.shape import Shape
from sudokit.techniques import Step
from sudokit.techniques.constraint_parts import constraint_parts, technique_rules
from sudokit.techniques.explain import GUESS, explain, hint
from sudokit.techniques.variant_constraints import (
    CONSTRAINT_TECHNIQUES,
    find_pair_rules,
    find_sum_bounds,
    find_sum_combinations,
    find_sum_regions,
    find_thermometer_ranges,
)
from sudokit.techniques.variants import RulesPosition, find_cage_combinations
from sudokit.variant import make_rules
from tests.techniques.constraint_puzzles import GLOBAL, KINDS, build

#: Kinds lifted into the classic model (regions, differ and non-consecutive pairs, cages): their
#: steps are the classic techniques' over the lifted rules ("nowhite": non-consecutive pairs).
LIFTED = (*GLOBAL, "extraregion", "cage", "nowhite")


def _sound(step: Step, solution: Grid) -> None:
    for cell, digit in step.placements:
        assert solution.cells[cell] == digit, step
    for cell, digit in step.eliminations:
        assert solution.cells[cell] != digit, step


def _level_index(level: str | None) -> int:
    assert level is not None
    return VARIANT_LEVELS.index(level)


# -- every kind --------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_has_its_own_sound_step(kind: str) -> None:
    puzzle, solution = build(kind, 6, 1)
    assert count_solutions(puzzle, limit=2) == 1
    steps = list(explain(puzzle, time_limit=120))
    for step in steps:
        _sound(step, solution)
    assert all(s.technique not in ("Stuck", GUESS) for s in steps)  # by logic alone
    if kind in LIFTED:
        # its rule is needed: the same givens under classic rules have several solutions
        assert count_solutions(Grid(puzzle.cells, puzzle.shape), limit=2) == 2
        if kind == "cage":
            assert any(s.extra.get("cages") for s in steps)
        return
    own = [s for s in steps if s.extra.get("kind") == kind]
    assert own, kind
    for step in own:
        assert step.eliminations and step.explanation.split(":")[0] in {
            p.label for p in constraint_parts(puzzle.all_rules)}
        gone = {c for c, _ in step.eliminations}
        if step.technique == "Sum-Region Interaction":  # the cells seeing a digit's places lose it
            assert set(step.cells) and not gone & set(step.cells)
        else:
            assert set(step.cells) and gone <= set(step.cells)


@pytest.mark.parametrize("kind", sorted(set(KINDS) - set(LIFTED)))
def test_constraint_steps_are_sound_part_way(kind: str) -> None:
    """Every constraint step found where half of the empty cells hold their solution's digit."""
    puzzle, solution = build(kind, 6, 2)
    empty = [c for c in range(36) if not puzzle.cells[c]]
    cells = list(puzzle.cells)
    for c in empty[::2]:
        cells[c] = solution.cells[c]
    for grid in (puzzle, Grid(tuple(cells), puzzle.shape, puzzle.rules)):
        pos = RulesPosition.from_grid(grid)
        for _, _, finder, _ in CONSTRAINT_TECHNIQUES:
            for step in finder(pos):
                _sound(step, solution)


@pytest.mark.parametrize("kind", ["thermo", "white", "arrow", "sandwich"])
def test_nine_by_nine_kinds_solve_by_logic(kind: str) -> None:
    puzzle, solution = build(kind, 9, 3)
    steps = list(explain(puzzle, time_limit=240))
    assert all(s.technique not in ("Stuck", GUESS) for s in steps)
    for step in steps:
        _sound(step, solution)
    assert any(s.extra.get("kind") == kind for s in steps)


# -- exact steps on hand-made positions --------------------------------------------------------------


def _four(*constraints: object) -> Rules:
    return Rules.classic(Shape(2, 2)).with_constraints(constraints)  # type: ignore[arg-type]


def test_pair_rule_next_to_a_placed_digit() -> None:
    rules = _four(KropkiBlack(0, 1))
    pos = RulesPosition.from_grid(Grid((2,) + (0,) * 15, Shape(2, 2), rules))
    step = next(find_pair_rules(pos))
    assert step.technique == "Pair Rule" and step.difficulty == 1.5
    assert step.eliminations == ((1, 3),)  # r1c2 keeps 1 and 4, partners of 2 (2 is its peer's)
    assert step.explanation.startswith("kropki black dot r1c1-r1c2: ")
    assert step.extra["kind"] == "black" and step.cells == (0, 1)


def test_pair_rule_with_two_partners_that_see_each_other() -> None:
    """A 6×6 whisper (gap 3) r1c1 – r2c2 – r1c3: r2c2's two neighbours share a row, so a digit of
    r2c2 needs two different partners; 3 (only 6) and 4 (only 1) have one, so they go."""
    from sudokit.rules import GermanWhisper

    rules = Rules.classic(Shape(2, 3)).with_constraints([GermanWhisper((0, 7, 2), gap=3)])
    pos = RulesPosition.from_grid(Grid((0,) * 36, Shape(2, 3), rules))
    steps = list(find_pair_rules(pos))
    assert [s.difficulty for s in steps] == [2.3]
    assert steps[0].eliminations == ((7, 3), (7, 4)) and steps[0].cells == (7, 0, 2)
    assert "needs two different partners" in steps[0].explanation
    assert "differ by at least 3;" in steps[0].explanation  # the line's own gap, not 9×9's 5
    # Not when the two neighbours do not see each other (r1c1 and r3c3: other row, column, box).
    apart = Rules.classic(Shape(2, 3)).with_constraints([GermanWhisper((0, 7, 14), gap=3)])
    assert not list(find_pair_rules(RulesPosition.from_grid(Grid((0,) * 36, Shape(2, 3), apart))))


def test_thermometer_ranges() -> None:
    rules = _four(Thermometer((0, 1, 2)))
    pos = RulesPosition.from_grid(Grid.empty(rules=rules))
    step = next(find_thermometer_ranges(pos))
    assert sorted(step.eliminations) == [(0, 3), (0, 4), (1, 1), (1, 4), (2, 1), (2, 2)]
    assert step.difficulty == 1.7 and "thermometer r1c1…r1c3" in step.explanation


def test_sum_bounds_then_combinations() -> None:
    # a 9×9 arrow: circle r1c1, arrow r1c2, r2c2 (a box: the two differ)
    rules = Rules.classic(Shape(3, 3)).with_constraints([Arrow((0,), (1, 10))])
    pos = RulesPosition.from_grid(Grid.empty(rules=rules))
    bounds = next(find_sum_bounds(pos))
    assert set(bounds.eliminations) == {(0, 1), (1, 9), (10, 9)}  # a circle of 1; an arrow cell of 9
    bounds.apply(pos)
    assert not list(find_sum_bounds(pos))
    combo = next(find_sum_combinations(pos))
    # r1c2 and r2c2 differ, so the circle is at least 1 + 2
    assert (0, 2) in combo.eliminations and combo.difficulty == 2.6
    assert combo.technique == "Sum Combination"


def test_sum_region_interaction_on_a_little_killer() -> None:
    """Little killer 6 on r4c1, r3c2, r2c3, r1c4: only r3c2 and r2c3 share a region (box 1), so
    the fillings are 1+1+1+3 and 1+1+2+2 and the box pair always holds a 1: box 1's other cells
    lose 1; r1c1 sees all four cells, and every filling holds a 1, so it loses 1 on that alone."""
    rules = Rules.classic(Shape(3, 3)).with_constraints([LittleKiller((27, 19, 11, 3), total=6)])
    grid = Grid.empty(rules=rules)
    steps = list(find_sum_regions(RulesPosition.from_grid(grid)))
    assert [(s.technique, s.difficulty) for s in steps] == [("Sum-Region Interaction", 2.8)] * 2
    assert steps[0].eliminations == ((0, 1),) and steps[0].cells == (27, 19, 11, 3)
    assert steps[1].eliminations == tuple((c, 1) for c in (0, 1, 2, 9, 10, 18, 20))
    assert steps[1].cells == (19, 11) and "puts 1 in one of r2c3, r3c2" in steps[1].explanation
    assert steps[1].explanation.startswith("little killer 6 r4c1…r1c4: ")
    solution = search(grid, 1).solution  # a grid meeting the clue keeps every removed digit out
    assert solution is not None
    for step in steps:
        _sound(step, solution)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sum_region_interaction_is_sound_on_generated_little_killers(seed: int) -> None:
    puzzle = generate(size=6, variant="littlekiller", seed=seed)
    solution = search(puzzle, 2).solution
    assert solution is not None and count_solutions(puzzle, limit=2) == 1
    pos = RulesPosition.from_grid(puzzle)
    fired = 0
    for step in explain(puzzle, time_limit=60):
        for found in find_sum_regions(pos):
            fired += 1
            _sound(found, solution)
        step.apply(pos)
    assert fired


def test_large_cage_combinations_are_sum_combinations() -> None:
    # a cage of three cells adding up to 7: only 1+2+4, so 3 goes, but not by the bounds alone
    rules = make_rules("killer", cages=[((0, 1, 2), 7)])
    pos = RulesPosition.from_grid(Grid.empty(rules=rules))
    pos.masks[0] |= 1 << 2  # put 3 back on r1c1 (the start applies the combinations)
    assert list(find_cage_combinations(pos)) == []  # 3 + 1 + 2 ≤ 7 ≤ 3 + 4 + 4: the bounds keep it
    step = next(find_sum_combinations(pos))
    assert step.technique == "Sum Combination" and step.difficulty == 2.6
    assert step.eliminations == ((0, 3),) and step.extra["cages"] == [0]


def test_lifted_rules() -> None:
    puzzle, _ = build("renban", 6, 1)
    lifted = technique_rules(puzzle.all_rules)
    assert len(lifted.regions) == len(puzzle.all_rules.regions) + len(puzzle.all_rules.constraints)
    assert technique_rules(lifted) is lifted
    plain = Rules.classic(Shape(2, 3))
    assert technique_rules(plain) is plain and constraint_parts(plain) == ()


def test_hint_points_at_the_constraint() -> None:
    puzzle, _ = build("thermo", 6, 1)
    step = next(explain(puzzle))
    assert step.technique == "Thermometer Range"
    one, two, three = (hint(puzzle, level=level) for level in (1, 2, 3))
    assert one.message == f"Look at the {step.extra['label']}" and one.cells == step.cells
    assert two.message.endswith("try Thermometer Range") and three.step == step


# -- explain and guesses -----------------------------------------------------------------------------


def test_a_guess_is_reported_as_a_guess() -> None:
    puzzle, solution = build("thermo", 6, 1)
    steps = list(explain(puzzle, chosen=["Hidden Single"]))
    guesses = [s for s in steps if s.technique == GUESS]
    assert guesses and steps[-1].technique != "Stuck"
    for step in guesses:
        assert "guess" in step.explanation and step.extra.get("guess") is True
        assert len(step.placements) == 1 and not step.eliminations
        _sound(step, solution)
    work = RulesPosition.from_grid(puzzle)
    for step in steps:
        step.apply(work)
    assert work.is_solved() and tuple(work.values) == solution.cells


def test_hint_says_guess_where_explain_guesses() -> None:
    # #25: where no technique applies on a variant, hint names the guess explain makes there
    # (never "Stuck"); classic grids, which explain does not guess on, still say "Stuck"
    # (tests/techniques/test_explain.py).
    puzzle, solution = build("thermo", 6, 1)
    steps = list(explain(puzzle, chosen=["Hidden Single"]))
    first = next(i for i, s in enumerate(steps) if s.technique == GUESS)
    cells = list(puzzle.cells)
    for step in steps[:first]:
        for cell, digit in step.placements:
            cells[cell] = digit
    position = Grid(tuple(cells), puzzle.shape, puzzle.rules)
    one, two, three = (hint(position, chosen=["Hidden Single"], level=level) for level in (1, 2, 3))
    assert three.step is not None and three.step.technique == GUESS
    assert three.step.placements == steps[first].placements
    _sound(three.step, solution)
    assert "guess" in three.message and one.cells == steps[first].cells
    assert two.technique == GUESS and two.message.endswith("a guess is needed here")


def test_logic_alone_has_no_guess() -> None:
    for kind in ("black", "xv", "odd"):
        puzzle, _ = build(kind, 6, 1)
        assert all(s.technique != GUESS for s in explain(puzzle))


# -- the level ---------------------------------------------------------------------------------------


def _steps(*items: tuple[str, float, int]) -> list[Step]:
    return [Step(name, difficulty) for name, difficulty, count in items for _ in range(count)]


def test_level_from_the_hardest_step_not_the_count() -> None:
    singles = ("Hidden Single", 1.2, 40)
    assert variant_level(_steps(singles, ("Cage Combination", 2.0, 60))) == "easy"
    assert variant_level(_steps(singles, ("Pair Rule", 1.5, 80), ("Sum Bounds", 2.0, 80))) == "easy"
    assert variant_level(_steps(singles, ("Naked Pair", 3.0, 1))) == "medium"
    assert variant_level(_steps(singles, ("Locked Candidates", 2.6, 30))) == "hard"  # much work
    assert variant_level(_steps(singles, ("Naked Triplet", 3.6, 40), ("X-Wing", 3.2, 40))) == "hard"
    assert variant_level(_steps(singles, ("XY-Wing", 4.2, 1))) == "hard"
    assert variant_level(_steps(singles, ("Nishio Forcing Chain", 7.5, 1))) == "extreme"
    assert variant_level([]) == "easy"


def test_no_variant_under_er_4_rated_above_hard() -> None:
    rated = []
    for variant, seed in [("killer", 1), ("killer", 2), ("jigsaw", 1), ("x", 1)]:
        rating = rate(generate(variant=variant, size=6, seed=seed), time_limit=120)
        rated.append(rating)
    for kind in ("thermo", "black", "arrow", "renban", "skyscraper", "equalsum"):
        rated.append(rate(build(kind, 6, 1)[0], time_limit=120))
    for rating in rated:
        assert rating.er is not None
        if rating.er < 4:
            assert _level_index(rating.level) <= VARIANT_LEVELS.index("hard"), rating
        if rating.er < 2.4:
            assert rating.level == "easy"
