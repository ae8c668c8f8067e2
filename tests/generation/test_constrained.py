"""Generation by constraint type (#26): every laid kind gives a unique puzzle (counted by the
brute-force counter of tests/generation/brute.py, not the generator's solver) that needs its kind,
minimal unless kept; Killer cages of 2-5 cells covering the grid; the JSON form keeps the rules."""

from __future__ import annotations

import functools
import json
import os

import pytest

from sudokit.engine.solver import count_solutions
from sudokit.errors import GenerationError, OptionError
from sudokit.generation.constrained import MERGE_LIMIT, assemble
from sudokit.generation.generator import generate, generate_many
from sudokit.generation.kinds import GENERATED, find_kind, kind_of, offered
from sudokit.generation.logical import logic_techniques
from sudokit.generation.options import Options
from sudokit.grid import Grid
from sudokit.rules import Cage, Rules
from sudokit.techniques.explain import guessed_cells
from tests.generation import brute

#: The constraint kinds (Killer has tests of its own).
LAID = [s.name for s in GENERATED if s.lay is not None and s.name != "killer"]


@functools.cache
def _made(kind: str) -> Grid:
    """The 6×6 puzzle of one kind the tests share (made once)."""
    return generate(variant=kind, size=6, seed=26)


def _kinds_of(grid: Grid) -> set[str]:
    rules = grid.all_rules
    found = {kind_of(c) for c in rules.constraints}
    return {k for k in found if k} | ({"killer"} if rules.cages else set())


def _without(grid: Grid, item: object) -> Grid:
    """The puzzle without one cage or constraint."""
    rules = grid.all_rules
    rest = [i for i in (*rules.cages, *rules.constraints) if i is not item]
    base = Rules(rules.n, rules.regions, rules.differ, rules.adjacent, (), tuple(v for v in rules.variants
                 if v != "killer"), rules.shape, rules.pieces)
    return Grid(grid.cells, grid.shape, assemble(base, rest))


def _check(grid: Grid, kinds: set[str], minimal: bool = True) -> None:
    """Unique by brute force, the solution keeps every rule, each kind used, and (``minimal``) no
    given or constraint can go: without it the library's count (limit 2) finds two solutions or,
    where the setter's pass added givens, its logic path guesses."""
    assert brute.count(grid) == 1
    # the one solution, by the library; checked against the rules read in the test
    from sudokit.engine.solver import solve
    solution = list(solve(grid).cells)
    assert all(not v or v == solution[x] for x, v in enumerate(grid.cells))
    assert brute.holds(grid, solution)
    assert _kinds_of(grid) == kinds
    if not minimal:
        return
    use = logic_techniques(Options())
    answer = solve(grid)

    def needed(fewer: Grid) -> bool:
        """Without the clue the puzzle has two solutions, or the setter's pass's path guesses."""
        return count_solutions(fewer, limit=2) == 2 or bool(guessed_cells(fewer, answer, use, first=True))

    for x, v in enumerate(grid.cells):
        if v:
            cells = list(grid.cells)
            cells[x] = 0
            assert needed(Grid(tuple(cells), grid.shape, grid.rules)), f"given {x}"
    rules = grid.all_rules
    covered = rules.cages and len({c for cage in rules.cages for c in cage.cells}) == grid.shape.size
    for item in rules.constraints if covered else (*rules.cages, *rules.constraints):
        assert needed(_without(grid, item)), f"redundant {item}"


@pytest.mark.parametrize("kind", LAID)
def test_each_kind_on_6x6_is_unique_minimal_and_needs_its_kind(kind: str) -> None:
    grid = _made(kind)
    assert grid.all_rules.constraints
    _check(grid, {kind})


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SUDOKIT_LONG_TESTS"),
                    reason="9×9 of every kind: several kinds take longer than the 300-s test limit "
                    "(set SUDOKIT_LONG_TESTS=1 to run them; issue #26)")
@pytest.mark.parametrize("kind", LAID)
def test_each_kind_on_9x9(kind: str) -> None:
    grid = generate(variant=kind, size=9, seed=9, time_limit=240)
    _check(grid, {kind})


@pytest.mark.parametrize("names", ["thermo,kropki", "x,arrow", "killer,thermo", "whisper,oddeven"])
def test_combinations_use_every_kind(names: str) -> None:
    grid = generate(variant=names, size=6, seed=3)
    laid = {find_kind(k).name for k in names.split(",") if find_kind(k).laid}
    _check(grid, laid)
    if names.startswith("x"):
        assert "x" in grid.all_rules.variants


def _touch(a: Cage, b: Cage, n: int) -> bool:
    return any(abs(x // n - y // n) + abs(x % n - y % n) == 1 for x in a.cells for y in b.cells)


@pytest.mark.parametrize(("size", "seed"), [(6, 1), (6, 2), pytest.param(9, 1, marks=pytest.mark.slow)])
def test_killer_cages_are_2_to_5_cells_covering_the_grid_and_fewest(size: int, seed: int) -> None:
    grid = generate(variant="killer", size=size, seed=seed)
    rules = grid.all_rules
    assert grid.clue_count == 0
    assert all(2 <= len(c.cells) <= 5 for c in rules.cages)
    assert sorted(x for c in rules.cages for x in c.cells) == list(range(size * size))
    assert (brute.count(grid) if size == 6 else count_solutions(grid, limit=2)) == 1
    # the fewest cages: no two neighbouring cages can merge (sizes and digits allowing) and stay unique
    solution = list(count_and_first(grid))
    for i, a in enumerate(rules.cages):
        for b in rules.cages[i + 1:]:
            if len(a.cells) + len(b.cells) > MERGE_LIMIT or not _touch(a, b, size):
                continue
            if {solution[x] for x in a.cells} & {solution[x] for x in b.cells}:
                continue
            merged = Cage(tuple(sorted(a.cells + b.cells)), (a.total or 0) + (b.total or 0))
            others = tuple(c for c in rules.cages if c is not a and c is not b)
            trial = Rules(rules.n, rules.regions, cages=(*others, merged), variants=rules.variants,
                          shape=rules.shape)
            assert count_solutions(Grid(grid.cells, grid.shape, trial), limit=2) == 2


def count_and_first(grid: Grid) -> tuple[int, ...]:
    from sudokit.engine.solver import solve
    return solve(grid).cells


def test_single_cages_only_when_asked_and_partial_cover_removes_cages() -> None:
    grids = [generate(variant="killer", size=6, seed=s) for s in range(4)]
    assert all(len(c.cells) > 1 for g in grids for c in g.all_rules.cages)
    partial = generate(variant="killer", size=6, seed=5, cage_cover=0.8)
    _check(partial, {"killer"})
    with pytest.raises(OptionError):
        generate(variant="killer", size=6, cage_cover=0.2)


def test_keep_keeps_every_constraint_and_still_needs_the_kind() -> None:
    kept = generate(variant="thermo", size=6, seed=4, keep=True)
    lean = generate(variant="thermo", size=6, seed=4)
    assert len(kept.all_rules.constraints) > len(lean.all_rules.constraints)
    _check(kept, {"thermo"}, minimal=False)
    rules = kept.all_rules
    bare = Rules(rules.n, rules.regions, shape=rules.shape)
    assert count_solutions(Grid(kept.cells, kept.shape, bare), limit=2) == 2


def test_lines_are_legible() -> None:
    """No cell on two lines; line lengths 3 to 6 (arrows 3 to 5 cells with the circle)."""
    for seed in range(3):
        grid = generate(variant="thermo,renban,whisper,between,arrow", size=6, seed=seed, keep=True)
        cells = [x for c in grid.all_rules.constraints for x in c.cells()]
        assert len(cells) == len(set(cells))
        assert all(3 <= len(c.cells()) <= 6 for c in grid.all_rules.constraints)


@pytest.mark.parametrize("kind", LAID)
def test_json_form_round_trips(kind: str) -> None:
    grid = _made(kind)
    text = grid.to_json()
    back = Grid.from_string(text)
    assert back == grid and back.all_rules.constraints == grid.all_rules.constraints
    assert back.all_rules.cages == grid.all_rules.cages
    assert json.loads(text)["format"] == "sudokit"


def test_same_seed_same_puzzle_and_bad_options() -> None:
    assert generate(variant="arrow", size=6, seed=5) == generate(variant="arrow", size=6, seed=5)
    with pytest.raises(OptionError, match="makes no"):
        generate(variant="nosuchkind", size=6)
    with pytest.raises(OptionError, match="6×6, 9×9"):
        generate(variant="thermo", size=4)


def test_difficulty_is_met_or_a_clear_error() -> None:
    made = next(generate_many(1, seed=2, variant="killer", size=6, difficulty="-9.0", time_limit=60))
    assert made.rating is not None and made.rating.er <= 9.0
    with pytest.raises(GenerationError, match="levels seen"):
        generate(variant="killer", size=6, seed=1, difficulty="9.5-9.9", time_limit=3)


def test_the_table_is_what_the_web_offers() -> None:
    names = [k["name"] for k in offered()]
    assert names == [s.name for s in GENERATED]
    assert {"thermo", "killer", "x", "littlekiller"} <= set(names)
    assert all(k["sizes"] for k in offered())
