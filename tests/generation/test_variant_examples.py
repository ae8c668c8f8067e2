"""The bundled variant examples (examples/variants/, made by tools/make_variant_examples.py from
sudokit's own generator, #26): each reads back, is unique, keeps its kind, is solved by logic
alone, and the command line solves it. Uniqueness is counted by the brute-force counter of
tests/generation/brute.py (its own reading of the rules) where it knows the rules and the grid is
6×6; otherwise by both engines (the C core and the pure-Python reference), which are written apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudokit.engine.solver import count_solutions, solve
from sudokit.generation.kinds import GENERATED, kind_of
from sudokit.grid import Grid
from sudokit.techniques.explain import GUESS, STUCK, explain
from tests.generation import brute
from tests.helpers.cli import run_cli
from tests.helpers.paths import ROOT

FOLDER = ROOT / "examples" / "variants"
FILES = sorted(FOLDER.glob("*.json"))
#: The rules the brute-force counter reads (beyond rows, columns, boxes, cages and constraints).
BRUTE_VARIANTS = {"x", "killer", "jigsaw"}


def _grid(path: Path) -> Grid:
    return Grid.from_json(path.read_text(encoding="utf-8"))


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
    if grid.n == 6 and set(grid.all_rules.variants) <= BRUTE_VARIANTS:
        assert brute.count(grid) == 1
        assert brute.holds(grid, solve(grid).cells)
    else:
        assert count_solutions(grid, limit=2, engine="c") == 1
        if grid.n == 6:
            assert count_solutions(grid, limit=2, engine="python") == 1


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_an_example_is_solved_by_logic_alone(path: Path) -> None:
    # the generator's setter's pass (sudokit.generation.logical) left no guess on explain's path
    assert not any(step.technique in (GUESS, STUCK) for step in explain(_grid(path), time_limit=60))


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
