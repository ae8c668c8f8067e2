"""The bundled variant examples (examples/variants/, made by tools/make_variant_examples.py from
sudokit's own generator, #26): each reads back, is unique, keeps its kind, is solved by logic
alone, its explained path uses its kind's own deduction, and the command line solves it.
Uniqueness is counted by the brute-force counter of tests/generation/brute.py (its own reading of
the rules, never the library's solver) at both sizes, and by the C engine too."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import pytest

from sudokit.engine.solver import count_solutions, solve
from sudokit.generation.kinds import GENERATED, kind_of
from sudokit.grid import Grid
from sudokit.techniques import Step
from sudokit.techniques.explain import GUESS, STUCK, explain
from tests.generation import brute
from tests.helpers.cli import run_cli
from tests.helpers.paths import ROOT

FOLDER = ROOT / "examples" / "variants"
FILES = sorted(FOLDER.glob("*.json"))
#: The step kinds (``Step.extra["kind"]``) of an example's own deductions, where not its name.
OWN_KINDS = {"kropki": {"white", "black"}, "oddeven": {"odd", "even"}, "whisper": {"germanwhisper"}}


def _grid(path: Path) -> Grid:
    return Grid.from_json(path.read_text(encoding="utf-8"))


@functools.cache
def _steps(path: Path) -> tuple[Step, ...]:
    """``explain``'s path through an example (made once for the tests that share it)."""
    return tuple(explain(_grid(path), time_limit=60))


def _beyond_plain(grid: Grid, steps: Sequence[Step]) -> list[int]:
    """The steps (indexes) some of whose placements or eliminations the plain rules (rows, columns,
    boxes; rows and columns for a Jigsaw) cannot make from what the path knew before the step:
    brute force finds a grid under the plain rules alone, within the candidates the steps before
    left, that breaks the step's conclusion, so no reasoning from the plain rules could reach it."""
    full = sum(1 << d for d in range(1, grid.n + 1))
    cand = [1 << v if v else full for v in grid.cells]
    found = []
    for k, step in enumerate(steps):
        trials = [[*cand[:c], 1 << d, *cand[c + 1:]] for c, d in step.eliminations if cand[c] >> d & 1]
        trials += [[*cand[:c], cand[c] & ~(1 << d), *cand[c + 1:]] for c, d in step.placements]
        if any(all(trial) and brute.count_plain(grid, trial, limit=1) for trial in trials):
            found.append(k)
        for c, d in step.eliminations:
            cand[c] &= ~(1 << d)
        for c, d in step.placements:
            cand[c] = 1 << d
    return found


def _kinds(grid: Grid) -> set[str]:
    rules = grid.all_rules
    found = {k for k in (kind_of(c) for c in rules.constraints) if k}
    return found | set(rules.variants) | ({"killer"} if rules.cages else set())


#: Offered but not made (none: the 9×9 little killer, missing until it laid 12 diagonals instead of
#: 24, is made from seed 1 in about 45 s; #26, docs/variants.md).
NOT_MADE: set[str] = set()


def test_every_kind_the_generator_offers_has_its_examples() -> None:
    want = {f"{spec.name}-{size}.json" for spec in GENERATED for size in (6, 9) if size in spec.sizes}
    assert want >= NOT_MADE
    assert {p.name for p in FILES} == want - NOT_MADE


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_an_example_is_unique_and_keeps_its_kind(path: Path) -> None:
    grid = _grid(path)
    kind, size = path.stem.rsplit("-", 1)
    assert grid.n == int(size)
    assert kind in _kinds(grid) or (kind == "oddeven" and _kinds(grid) & {"odd", "even"})
    assert brute.count(grid) == 1
    assert brute.holds(grid, solve(grid).cells)
    assert count_solutions(grid, limit=2, engine="c") == 1
    if grid.n == 6:
        assert count_solutions(grid, limit=2, engine="python") == 1


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_an_example_is_solved_by_logic_alone(path: Path) -> None:
    # the generator's setter's pass (sudokit.generation.logical) left no guess on explain's path
    assert not any(step.technique in (GUESS, STUCK) for step in _steps(path))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_an_example_needs_its_rule_and_its_path_uses_the_kinds_own_deduction(path: Path) -> None:
    grid = _grid(path)
    kind = path.stem.rsplit("-", 1)[0]
    rules = grid.all_rules
    steps = _steps(path)
    solution = solve(grid).cells
    assert brute.holds(grid, solution)
    for step in steps:  # sound: the solution's digits stay, and only they are placed
        assert all(solution[c] == d for c, d in step.placements), step
        assert all(solution[c] != d for c, d in step.eliminations), step
    # the rule is needed: under the plain rules alone the givens have several solutions, and some
    # step concludes what the plain rules cannot from what the path knew
    assert brute.count_plain(grid) == 2
    beyond = _beyond_plain(grid, steps)
    assert beyond
    if kind in rules.variants:  # a global rule: every step beyond the plain rules is the rule's
        if kind == "killer":
            assert any(step.extra.get("cages") for step in steps)
        return
    own = [k for k, step in enumerate(steps) if step.extra.get("kind") in OWN_KINDS.get(kind, {kind})]
    assert own, kind
    for k in own:  # the step names the constraint it came from, of this kind, and does something
        constraint = rules.constraints[steps[k].extra["constraint"]]  # type: ignore[index]
        assert kind_of(constraint) == kind and constraint.kind == steps[k].extra["kind"]
        assert steps[k].eliminations or steps[k].placements
    assert set(own) & set(beyond), "no own step does what the plain rules cannot"


@pytest.mark.slow
@pytest.mark.parametrize("path", [p for p in FILES if p.stem.endswith("-9")],
                         ids=[p.stem for p in FILES if p.stem.endswith("-9")])
def test_a_9x9_example_is_unique_by_the_python_engine_too(path: Path) -> None:
    assert count_solutions(_grid(path), limit=2, engine="python") == 1


@pytest.mark.parametrize("name", ["thermo-9.json", "killer-6.json", "jigsaw-9.json"])
def test_the_command_line_solves_an_example(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, err = run_cli(capsys, "solve", str(FOLDER / name))
    assert status == 0, err
    grid = _grid(FOLDER / name)
    assert [int(ch, 36) for ch in out.strip()] == list(solve(grid).cells)
