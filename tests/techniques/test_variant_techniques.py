"""The variant techniques (sudokit.techniques.variants) and the variant path of rate/explain/hint.

Hand-made positions check what each technique finds exactly; the positions of
tests/techniques/data/variant_positions.json (made by tools/make_variant_positions.py from generated
puzzles) check every technique against the solution where it fires; the generated puzzles of
tests/techniques/data/variant_puzzles.json (``generate(variant=…, seed=…)``; the Non-Consecutive ones
after the first add ``extra_givens`` cells of its solution, drawn with
``random.Random(10 * extra_givens + sample)``, as its 7 givens leave it beyond these techniques)
are rated and explained.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest

from sudokit.candidates import Candidates, bit
from sudokit.engine.solver import search
from sudokit.generation.generator import generate
from sudokit.grid import Grid
from sudokit.rating.explainer import rate
from sudokit.rules import Rules
from sudokit.techniques import Step
from sudokit.techniques import variants as vt
from sudokit.techniques.explain import explain, hint, steps_available
from sudokit.techniques.variant_constraints import CONSTRAINT_TECHNIQUES
from sudokit.variant import make_rules

DATA = Path(__file__).resolve().parent / "data"
PUZZLES: dict[str, list[dict[str, object]]] = json.loads((DATA / "variant_puzzles.json").read_text())
POSITIONS: dict[str, list[dict[str, object]]] = json.loads((DATA / "variant_positions.json").read_text())

Finder = Callable[[Candidates], Iterable[Step]]


def _mask(*digits: int) -> int:
    return sum(bit(d) for d in digits)


def _empty(rules: Rules) -> vt.RulesPosition:
    return vt.RulesPosition.from_grid(Grid.empty(rules=rules))


def _cell(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def _check(step: Step, solution: tuple[int, ...]) -> None:
    """A step never removes the solution's digit and places only the solution's."""
    for cell, digit in step.placements:
        assert solution[cell] == digit, step
    for cell, digit in step.eliminations:
        assert solution[cell] != digit, step
    assert step.placements or step.eliminations
    assert not step.units and isinstance(step.extra.get("regions"), list)


def _grid(item: dict[str, object]) -> Grid:
    return Grid.from_string(str(item["puzzle" if "puzzle" in item else "json"]))


# -- hand-made positions -----------------------------------------------------------------------------


def test_position_follows_the_rules() -> None:
    rules = make_rules("nonconsecutive,antiknight")
    pos = _empty(rules)
    pos.place(_cell(5, 5), 5)
    assert not pos.has(_cell(5, 6), 4) and not pos.has(_cell(5, 6), 6) and pos.has(_cell(5, 6), 3)
    assert not pos.has(_cell(3, 4), 5) and pos.has(_cell(3, 3), 5)  # a knight's move; not one
    assert pos.copy() == pos and pos.copy() is not pos
    assert pos.to_grid().rules == rules


def test_killer_marks_start_from_the_cage_combinations() -> None:
    rules = make_rules("killer", cages=[((0, 1), 3), ((2, 3, 4), 24)])
    pos = _empty(rules)
    assert pos.masks[0] == pos.masks[1] == _mask(1, 2)
    assert pos.masks[2] == _mask(7, 8, 9)


def test_full_house_and_hidden_single_name_the_region() -> None:
    rules = make_rules("x")
    pos = _empty(rules)
    for cell in range(1, 9):  # 1..8 on the diagonal ↘ but r1c1, leaving 9 alone in r1c1
        pos.place(cell * 10, cell)
    steps = list(vt.find_singles(pos))
    assert steps[0].technique == "Full House" and steps[0].placements == ((0, 9),)
    assert "diagonal ↘" in steps[0].explanation
    pos = _empty(rules)
    for cell in range(1, 9):
        pos.eliminate(cell * 10, 9)
    step = next(vt.find_singles(pos))
    assert (step.technique, step.difficulty, step.placements) == ("Hidden Single", 1.2, ((0, 9),))
    assert rules.regions[step.extra["regions"][0]].name == "diagonal ↘"  # type: ignore[index]


def test_cage_combination() -> None:
    rules = make_rules("killer", cages=[((0, 1), 10)])
    pos = _empty(rules)
    pos.masks[0] = _mask(3, 4)
    step = next(vt.find_cage_combinations(pos))
    assert {d for c, d in step.eliminations if c == 1} == {1, 2, 3, 4, 8, 9}  # 5 never was
    assert "Cage 1 (r1c1…, sum 10)" in step.explanation and step.extra["cages"] == [0]
    pos.masks[1] = _mask(6, 7)
    assert list(vt.find_cage_combinations(pos)) == []


def test_cage_region_interaction() -> None:
    # Cage r1c1+r1c2 = 17 needs 8 and 9: they leave the rest of row 1 and box 1.
    rules = make_rules("killer", cages=[((0, 1), 17)])
    step = next(vt.find_cage_region(_empty(rules)))
    assert step.technique == "Cage-Region Interaction"
    assert {c for c, _ in step.eliminations} == {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20}


def test_innies_and_outies() -> None:
    cages = [((0, 1, 2), 6), ((3, 4, 5), 15), ((6, 7), 15)]
    step = next(vt.find_innies_outies(_empty(make_rules("killer", cages=cages))))
    assert (step.technique, step.difficulty, step.placements) == ("Innies/Outies", 2.8, ((8, 9),))
    assert "45 rule" in step.explanation and "row 1" in step.explanation
    cages = [(tuple(range(8)), 36), ((8, 17), 17)]
    steps = list(vt.find_innies_outies(_empty(make_rules("killer", cages=cages))))
    assert any(s.placements == ((17, 8),) and "outies" in s.explanation for s in steps)


def test_innies_of_two_boxes() -> None:
    cages = [(tuple(range(6)), 21), (tuple(range(9, 15)), 39), (tuple(range(18, 23)), 25)]
    step = next(vt.find_innies_outies(_empty(make_rules("killer", cages=cages))))
    assert (step.difficulty, step.placements) == (3.0, ((_cell(3, 6), 5),))
    assert "box 1, box 2 add up to 90" in step.explanation


def test_non_consecutive_exclusion() -> None:
    pos = _empty(make_rules("nonconsecutive"))
    pos.masks[0] = _mask(4, 6)
    step = next(vt.find_nc_exclusions(pos))
    assert (step.technique, step.difficulty) == ("Non-Consecutive Exclusion", 2.4)
    assert step.eliminations == ((1, 5), (9, 5))


def test_non_consecutive_pointing() -> None:
    pos = _empty(make_rules("nonconsecutive"))
    for cell in (1, 2, 9, 11, 18, 19, 20):  # 5 in box 1 only in r1c1 and r2c2
        pos.eliminate(cell, 5)
    step = next(vt.find_nc_pointing(pos))
    assert (step.technique, step.difficulty) == ("Non-Consecutive Pointing", 2.7)
    assert step.eliminations == ((1, 4), (1, 6), (9, 4), (9, 6))  # r1c2 and r2c1 touch both


def test_non_consecutive_cover() -> None:
    pos = _empty(make_rules("nonconsecutive"))
    for cell in (2, 10, 11, 18, 19, 20):  # 5 in box 1 only in r1c1 and its neighbours r1c2, r2c1
        pos.eliminate(cell, 5)
    assert not list(vt.find_nc_pointing(pos))  # no one cell is beside all three
    steps = list(vt.find_nc_cover(pos))
    assert [(s.technique, s.difficulty) for s in steps] == [("Non-Consecutive Cover", 2.8)]
    assert steps[0].eliminations == ((0, 4), (0, 6)) and steps[0].cells == (0, 1, 9)
    assert "5 can only go in r1c1 or beside it (r1c2, r2c1)" in steps[0].explanation


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_non_consecutive_cover_is_sound_on_generated_puzzles(seed: int) -> None:
    grid = generate(size=6, variant="nonconsecutive", seed=seed)
    solution = search(grid, 2).solution
    assert solution is not None
    pos = vt.RulesPosition.from_grid(grid)
    for step in explain(grid, time_limit=60):
        for found in vt.find_nc_cover(pos):
            for cell, digit in found.eliminations:
                assert solution.cells[cell] != digit, found
        step.apply(pos)


def test_locked_candidates_through_a_diagonal() -> None:
    rules = make_rules("x")
    pos = _empty(rules)
    for i in range(2, 9):  # 1 on the diagonal ↘ only in r1c1, r2c2 (box 1)
        pos.eliminate(i * 10, 1)
    steps = [s for s in vt.find_locked_candidates(pos)
             if rules.regions[s.extra["regions"][0]].kind == "diagonal"]  # type: ignore[index]
    assert steps
    step = steps[0]
    assert (step.technique, step.difficulty) == ("Locked Candidates", 2.7)
    assert {c for c, _ in step.eliminations} == {1, 2, 9, 11, 18, 19}  # the rest of box 1
    assert "diagonal ↘" in step.explanation and "box 1" in step.explanation


def test_pointing_keeps_its_classic_name() -> None:
    pos = _empty(make_rules("antiking"))
    for cell in (9, 10, 11, 18, 19, 20):  # 7 in box 1 only in row 1
        pos.eliminate(cell, 7)
    step = next(vt.find_locked_candidates(pos))
    assert (step.technique, step.difficulty) == ("Pointing", 2.6)
    assert {c for c, _ in step.eliminations} >= set(range(3, 9))


def test_naked_pair_in_a_window() -> None:
    rules = make_rules("windoku")
    pos = _empty(rules)
    pos.masks[_cell(2, 2)] = pos.masks[_cell(3, 3)] = _mask(1, 2)  # window 1 and box 1
    steps = list(vt.find_subsets(pos, 2, False))
    windows = [s for s in steps if "window 1" in s.explanation]
    assert windows and (_cell(4, 4), 1) in windows[0].eliminations
    assert all(s.technique == "Naked Pair" and s.difficulty == 3.0 for s in steps)


def test_hidden_pair_in_a_piece() -> None:
    rules = make_rules("jigsaw", regions="".join(str(1 + (r // 3) * 3 + c // 3) for r in range(9)
                                                 for c in range(9)))
    pos = _empty(rules)
    piece = rules.regions[next(i for i, r in enumerate(rules.regions) if r.name == "piece 1")].cells
    for cell in piece[2:]:
        pos.eliminate(cell, 8)
        pos.eliminate(cell, 9)
    steps = [s for s in vt.find_subsets(pos, 2, True) if "piece 1" in s.explanation]
    assert steps and steps[0].technique == "Hidden Pair"
    assert {c for c, _ in steps[0].eliminations} == set(piece[:2])


def test_x_wing_and_a_generalised_fish() -> None:
    rules = make_rules("x")
    pos = _empty(rules)
    keep = {_cell(1, 2), _cell(1, 8), _cell(9, 2), _cell(9, 8)}
    for cell in [*range(9), *range(72, 81)]:
        if cell not in keep:
            pos.eliminate(cell, 1)
    steps = list(vt.find_x_wings(pos))
    basic = [s for s in steps if s.difficulty == 3.2]
    assert basic and basic[0].technique == "X-Wing"
    assert (_cell(5, 2), 1) in basic[0].eliminations
    # Row 1 (5 in r1c1, r1c5) and box 5 (5 in r5c5, r6c5) against diagonal ↘ and column 5.
    pos = _empty(rules)
    for cell in range(9):
        if cell not in (0, 4):
            pos.eliminate(cell, 5)
    for cell in rules.regions[18 + 4].cells:
        if cell not in (_cell(5, 5), _cell(6, 5)):
            pos.eliminate(cell, 5)
    steps = [s for s in vt.find_x_wings(pos) if s.difficulty == 3.3]
    assert steps and all(s.technique == "X-Wing" for s in steps)
    assert any((_cell(2, 2), 5) in s.eliminations for s in steps)  # on the diagonal


def test_xy_wing_through_a_knight_move() -> None:
    rules = make_rules("antiknight")
    pos = _empty(rules)
    pivot, a, b = _cell(5, 5), _cell(3, 4), _cell(5, 1)
    pos.masks[pivot], pos.masks[a], pos.masks[b] = _mask(1, 2), _mask(1, 3), _mask(2, 3)
    steps = list(vt.find_xy_wings(pos))
    assert steps and steps[0].cells == (pivot, a, b)
    assert (_cell(3, 1), 3) in steps[0].eliminations and steps[0].difficulty == 4.2


def test_xyz_wing() -> None:
    rules = make_rules("x")
    pos = _empty(rules)
    pivot, a, b = _cell(1, 1), _cell(1, 5), _cell(2, 2)
    pos.masks[pivot], pos.masks[a], pos.masks[b] = _mask(1, 2, 3), _mask(1, 3), _mask(2, 3)
    steps = list(vt.find_xyz_wings(pos))
    assert steps and steps[0].technique == "XYZ-Wing"
    assert {c for c, _ in steps[0].eliminations} == {_cell(1, 2), _cell(1, 3), _cell(5, 5)}  # ↘


# -- nothing to find ---------------------------------------------------------------------------------

QUIET: list[Finder] = [
    vt.find_singles, vt.find_naked_singles, vt.find_nc_exclusions, vt.find_locked_candidates,
    vt.find_nc_pointing, vt.find_cage_combinations, vt.find_xy_wings, vt.find_xyz_wings,
    lambda p: vt.find_subsets(p, 2, False), lambda p: vt.find_subsets(p, 3, True),
    lambda p: vt.find_fish(p, 3),
]


@pytest.mark.parametrize("variant", ["x", "windoku", "antiknight", "antiking", "nonconsecutive",
                                     "disjointgroups"])
def test_nothing_fires_on_an_empty_grid(variant: str) -> None:
    pos = _empty(make_rules(variant))
    for finder in QUIET:
        assert list(finder(pos)) == []


def test_killer_finders_stay_quiet_without_cages() -> None:
    pos = _empty(make_rules("x"))
    assert list(vt.find_cage_region(pos)) == list(vt.find_innies_outies(pos)) == []


def test_forcing_chains_stay_quiet_without_a_contradiction() -> None:
    pos = _empty(make_rules("x"))
    pos.place(0, 1)
    assert list(vt.find_nishio(pos)) == []


# -- positions from generated puzzles ----------------------------------------------------------------

_CASES = [(name, i) for name, items in POSITIONS.items() for i in range(len(items))]


@pytest.mark.parametrize(("name", "index"), _CASES, ids=[f"{n}-{i}" for n, i in _CASES])
def test_technique_fires_and_agrees_with_the_solution(name: str, index: int) -> None:
    item = POSITIONS[name][index]
    grid = _grid(item)
    solution = Grid.from_string(str(item["solution"]), rules=grid.rules)
    assert solution.is_complete() and solution.is_valid()
    assert all(v in (0, s) for v, s in zip(grid.cells, solution.cells, strict=True))
    values = [int(ch) for ch in str(item["values"])]
    pos = vt.RulesPosition(values, list(item["masks"]), grid.shape, grid.all_rules)  # type: ignore[call-overload]
    technique = next(t for t in vt.variant_techniques() if t.name == name)
    steps = list(_first(technique.steps(pos), 30))
    assert steps, name
    for step in steps:
        _check(step, solution.cells)


def test_every_technique_has_positions() -> None:
    # the constraint kinds' techniques: checked on the puzzles built in test_constraint_steps.py
    own = {name for name, *_ in CONSTRAINT_TECHNIQUES}
    assert all(POSITIONS.get(t.name) for t in vt.variant_techniques() if t.name not in own)


def _first(steps: Iterable[Step], count: int) -> Iterator[Step]:
    for i, step in enumerate(steps):
        if i == count:
            return
        yield step


# -- rating, explaining, hinting ---------------------------------------------------------------------

#: Stored generated puzzles that the variant path solves quickly, a few of each variant, as
#: (variant, index in the variant's list).
FAST = [(v, i) for v, items in PUZZLES.items() for i, item in enumerate(items) if item.get("fast")]


def _stored(variant: str, seed: int) -> Grid:
    item = next(i for i in PUZZLES[variant] if i["seed"] == seed)
    return Grid.from_string(str(item["json"]))


@pytest.mark.parametrize(("variant", "index"), FAST, ids=[f"{v}-{i}" for v, i in FAST])
def test_generated_puzzles_rate(variant: str, index: int) -> None:
    grid = Grid.from_string(str(PUZZLES[variant][index]["json"]))
    assert grid.rules is not None and variant in grid.rules.variants
    r = rate(grid, keep_steps=True, time_limit=30)
    assert r.status in ("rated", "unsolved"), r.error
    solution = search(grid, 2).solution
    assert solution is not None
    for step in r.steps:
        _check(step, solution.cells)
    if r.status == "rated":
        assert r.er is not None and r.ep is not None and r.ed is not None
        assert r.er >= r.ep and r.er >= r.ed
        assert r.step_count == sum(r.techniques.values()) == len(r.steps)


def test_every_variant_has_fast_puzzles() -> None:
    assert {v for v, _ in FAST} >= {"x", "windoku", "antiknight", "antiking", "nonconsecutive",
                                    "disjointgroups", "jigsaw", "killer"}


@pytest.mark.parametrize(("variant", "seed"), [("x", 2), ("windoku", 2), ("antiking", 1),
                                               ("disjointgroups", 1), ("killer", 3)])
def test_live_generated_puzzles_rate(variant: str, seed: int) -> None:
    grid = generate(variant=variant, seed=seed)
    r = rate(grid, time_limit=30)
    assert r.status in ("rated", "unsolved"), r.error


def test_explain_ends_solved() -> None:
    grid = _stored("killer", 1)
    steps = list(explain(grid))
    assert steps[-1].technique != "Stuck"
    pos = vt.RulesPosition.from_grid(grid)
    for step in steps:
        step.apply(pos)
    assert pos.is_solved() and pos.to_grid() == search(grid, 2).solution


def test_hint_levels_on_a_variant() -> None:
    grid = _stored("antiking", 1)
    one, two, three = (hint(grid, level=level) for level in (1, 2, 3))
    assert one.message.startswith("Look at") and one.technique is None and one.cells
    assert two.technique is not None and two.message.startswith(one.message)
    assert three.step is not None and three.message == three.step.explanation
    assert set(one.cells) >= {c for c, _ in three.step.placements}


def test_hint_names_regions_and_finds_a_wrong_digit() -> None:
    grid = _stored("killer", 1)
    rules = grid.all_rules
    names = {r.name for r in rules.regions} | {vt.cage_name(rules, k) for k in range(len(rules.cages))}
    message = hint(grid, level=1).message
    assert message.startswith("Look at ")
    assert message[8:] in names or message[8:9] == "r"
    solution = search(grid, 2).solution
    assert solution is not None
    cells = list(grid.cells)
    cells[0] = solution.cells[0] % 9 + 1  # a digit the solution does not have there
    assert hint(Grid(tuple(cells), grid.shape, rules), puzzle=grid, level=3).technique == "Wrong Digit"
    cells = [0] * 81
    cells[0] = cells[1] = 5  # twice in row 1
    assert hint(Grid(tuple(cells), grid.shape, rules), puzzle=grid).technique == "Wrong Digit"


def test_steps_available_on_a_variant() -> None:
    grid = _stored("windoku", 2)
    steps = steps_available(grid)
    solution = search(grid, 2).solution
    assert steps and solution is not None
    for step in steps:
        _check(step, solution.cells)
    assert all(s.technique != "Dynamic Forcing Chain" for s in steps)  # only when named
    only = steps_available(grid, techniques=["Locked Candidates"])
    assert only and {s.technique for s in only} <= {"Locked Candidates", "Pointing", "Claiming"}


# -- classic puzzles unchanged -----------------------------------------------------------------------

CLASSIC = [
    ("...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361",
     {"status": "rated", "er": 2.0, "ep": 1.2, "ed": 1.2, "level": "medium", "score": 640,
      "hardest": ["Direct Hidden Pair"], "steps": 55}),
    (".23..6.8......91...8.1..4..2.......7...8.....678.1......7.3.2...3...4.7....5.1.6.",
     {"status": "rated", "er": 7.1, "ep": 1.2, "ed": 1.2, "level": "extreme", "score": 2004,
      "hardest": ["Forcing Chain"], "steps": 66}),
    ("1.3..4.22.4..3.1",
     {"status": "rated", "er": 1.2, "ep": 1.2, "ed": 1.2, "level": "easy", "score": 42,
      "hardest": ["Hidden Single"], "steps": 8}),
]


@pytest.mark.parametrize(("puzzle", "expected"), CLASSIC)
def test_classic_ratings_unchanged(puzzle: str, expected: dict[str, object]) -> None:
    from sudokit.engine import backend

    for engine in backend.available():
        got = rate(Grid.from_string(puzzle), engine=engine).to_dict()
        assert {k: got[k] for k in expected} == expected


@pytest.mark.parametrize(("variant", "size"), [("x", (2, 3)), ("killer", (2, 3)), ("jigsaw", 7)])
def test_other_sizes_rate(variant: str, size: tuple[int, int] | int) -> None:
    # A 7×7 jigsaw has no boxes at all (a prime side): pieces, rows and columns only.
    shape = {"box": size} if isinstance(size, tuple) else {"size": size}
    grid = generate(variant=variant, seed=1, **shape)
    r = rate(grid, keep_steps=True, time_limit=30)
    assert r.status in ("rated", "unsolved")
    solution = search(grid, 2).solution
    assert solution is not None and r.steps
    for step in r.steps:
        _check(step, solution.cells)


def test_rate_reports_broken_variant_puzzles() -> None:
    rules = make_rules("antiknight")
    cells = [0] * 81
    cells[0] = cells[_cell(2, 3)] = 4  # a knight's move apart
    assert rate(Grid(tuple(cells), rules=rules)).status == "invalid"
    assert rate(Grid.empty(rules=rules)).status == "multiple"


def test_rate_with_chosen_variant_techniques() -> None:
    grid = _stored("windoku", 2)
    r = rate(grid, chosen=[vt.variant_techniques()[0]], time_limit=30)  # singles only
    assert r.status in ("rated", "unsolved")
    assert set(r.techniques) <= {"Hidden Single", "Full House"}


def test_hint_reads_the_players_marks_under_the_rules() -> None:
    grid = _stored("jigsaw", 4)
    solution = search(grid, 2).solution
    assert solution is not None
    marks = Candidates.from_grid(grid)  # classic marks: the rules take away what they forbid
    cell = next(c for c in range(81) if not grid.cells[c])
    marks.eliminate(cell, solution.cells[cell])
    got = hint(grid, marks, level=3)
    assert got.technique == "Missing Candidate" and got.cells == (cell,)
    full = Candidates.from_grid(grid)
    step = hint(grid, full, level=3).step
    assert step is not None and step.technique not in ("Missing Candidate", "Wrong Digit")
    _check(step, solution.cells)


def test_candidates_of_a_variant_grid_follow_its_rules() -> None:
    grid = _stored("jigsaw", 4)
    assert Candidates.from_grid(grid).masks == vt.RulesPosition.from_grid(grid).masks
    cells = [0] * 81
    cells[_cell(5, 5)] = 5
    marks = Candidates.from_grid(Grid(tuple(cells), rules=make_rules("nonconsecutive,antiking")))
    assert marks.masks[_cell(5, 6)] == _mask(1, 2, 3, 7, 8, 9)
    assert marks.masks[_cell(6, 6)] == _mask(1, 2, 3, 4, 6, 7, 8, 9)  # 4 and 6 stay: not side by side
