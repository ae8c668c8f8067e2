"""The generator: every option combination gives unique puzzles, checked by the solver."""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stdout
from itertools import product
from types import ModuleType

import pytest

from sudokit import cli
from sudokit.engine import backend
from sudokit.engine.solver import count_solutions, is_unique
from sudokit.generation.generator import (
    GenerationError,
    Generator,
    generate,
    generate_many,
    is_minimal,
    options,
    puzzle_seed,
)
from sudokit.grid import Grid
from sudokit.symmetry import SYMMETRIES, images, is_symmetric, orbits
from tests.helpers.paths import ROOT
from tests.helpers.scripts import load_script

# The symmetries whose strictly minimal puzzles are rare enough (about 1 in 300 and 1 in
# 3,000 attempts in C) that the pure-Python engine takes too long to find them.
_RARE_MINIMAL = {"rot90", "dihedral"}


def _fast(engine: str) -> bool:
    """True when the 9×9 generator runs in C on this engine."""
    return Generator(options()).engine == "c" if engine == "c" else False


def _assert_symmetric(puzzle: Grid, symmetry: str) -> None:
    """Cell by cell: a cell is given exactly when each of its images is."""
    n = puzzle.n
    for perm in images(symmetry, n):
        for cell in range(n * n):
            assert bool(puzzle.cells[cell]) == bool(puzzle.cells[perm[cell]]), (
                f"{symmetry}: r{cell // n + 1}c{cell % n + 1} and its image differ in {puzzle.to_string()}"
            )


def _assert_orbit_minimal(puzzle: Grid, symmetry: str) -> None:
    """Emptying any filled orbit loses uniqueness."""
    for orbit in orbits(symmetry, puzzle.n):
        if puzzle.cells[orbit[0]]:
            cells = list(puzzle.cells)
            for cell in orbit:
                cells[cell] = 0
            assert count_solutions(Grid(tuple(cells), puzzle.shape), limit=2) == 2


def _assert_strictly_minimal(puzzle: Grid) -> None:
    """Emptying any single clue loses uniqueness."""
    for cell, digit in enumerate(puzzle.cells):
        if digit:
            assert count_solutions(puzzle.with_cell(cell, 0), limit=2) == 2, (
                f"clue r{cell // puzzle.n + 1}c{cell % puzzle.n + 1} of {puzzle.to_string()} is removable"
            )


@pytest.mark.parametrize(("symmetry", "minimal"), list(product(SYMMETRIES, (False, True))))
def test_dig_symmetry_and_minimality(engine: str, symmetry: str, minimal: bool) -> None:
    fast = _fast(engine)
    if minimal and symmetry in _RARE_MINIMAL and not fast:
        pytest.skip("strictly minimal rot90/dihedral puzzles are too rare for the Python engine")
    count = 4 if fast else 1
    if minimal and symmetry in _RARE_MINIMAL:
        count = 1
    made = list(generate_many(count, seed=11, symmetry=symmetry, minimal=minimal))
    assert len(made) == count
    for item in made:
        puzzle = item.puzzle
        assert is_unique(puzzle)
        assert item.solution.is_solution_of(puzzle)
        _assert_symmetric(puzzle, symmetry)
        assert is_symmetric(puzzle.cells, symmetry)
        _assert_orbit_minimal(puzzle, symmetry)
        if minimal or symmetry == "none":
            _assert_strictly_minimal(puzzle)
            assert is_minimal(puzzle)


@pytest.mark.parametrize(
    ("symmetry", "clues"), [("none", 30), ("rot180", 30), ("rot180", 31), ("dihedral", 41)]
)
def test_exact_clue_count(engine: str, symmetry: str, clues: int) -> None:
    for item in generate_many(2 if _fast(engine) else 1, seed=3, symmetry=symmetry, clues=clues):
        assert item.clues == clues
        assert is_unique(item.puzzle)
        _assert_symmetric(item.puzzle, symmetry)


def test_exact_clue_count_and_minimal(engine: str) -> None:
    if not _fast(engine):
        pytest.skip("many attempts: C engine only")
    for item in generate_many(2, seed=5, clues=25, minimal=True):
        assert item.clues == 25
        _assert_strictly_minimal(item.puzzle)


def test_max_clues(engine: str) -> None:
    for item in generate_many(2 if _fast(engine) else 1, seed=4, max_clues=24):
        assert item.clues <= 24
        assert is_unique(item.puzzle)


def test_mask(engine: str) -> None:
    pattern = generate(seed=99, clues=30)
    mask = "".join("x" if v else "." for v in pattern.cells)
    for item in generate_many(2, seed=8, mask=mask):
        assert [bool(v) for v in item.puzzle.cells] == [bool(v) for v in pattern.cells]
        assert is_unique(item.puzzle)


def test_mask_minimal(engine: str) -> None:
    pattern = generate(seed=4, box=(2, 3), minimal=True)
    for item in generate_many(2, seed=8, mask=pattern, box=(2, 3), minimal=True):
        assert [bool(v) for v in item.puzzle.cells] == [bool(v) for v in pattern.cells]
        _assert_strictly_minimal(item.puzzle)


def test_same_seed_same_puzzles(engine: str) -> None:
    count = 5 if _fast(engine) else 2
    first = [g.puzzle for g in generate_many(count, seed=2024)]
    again = [g.puzzle for g in generate_many(count, seed=2024)]
    other = [g.puzzle for g in generate_many(count, seed=2025)]
    assert first == again
    assert first != other
    assert len(set(first)) == count
    assert generate(seed=2024) == first[0]
    # a puzzle's own seed makes it again on its own
    made = list(generate_many(3, seed=2024, symmetry="rot180"))
    gen = Generator(options(symmetry="rot180"))
    assert [gen.make(m.seed).puzzle for m in made] == [m.puzzle for m in made]
    assert made[1].seed == puzzle_seed(2024, 1)


def test_jobs_give_the_same_puzzles() -> None:
    one = [g.puzzle for g in generate_many(6, seed=77, jobs=1)]
    two = [g.puzzle for g in generate_many(6, seed=77, jobs=2)]
    assert one == two


@pytest.mark.parametrize(("box", "symmetry"), [((2, 2), "none"), ((2, 2), "rot90"), ((2, 3), "none"),
                                               ((2, 3), "rot180"), ((3, 2), "none"), ((2, 4), "dihedral"),
                                               ((3, 4), "rot180"), ((4, 4), "none")])
def test_nxn(engine: str, box: tuple[int, int], symmetry: str) -> None:
    if box[0] * box[1] >= 12 and engine == "python":
        pytest.skip("12×12 and up: C engine only (the Python solver takes minutes)")
    for item in generate_many(2, seed=6, box=box, symmetry=symmetry):
        puzzle = item.puzzle
        assert puzzle.shape.box == box
        assert is_unique(puzzle)
        assert item.solution.is_solution_of(puzzle)
        _assert_symmetric(puzzle, symmetry)
        if box[0] * box[1] <= 8:
            _assert_orbit_minimal(puzzle, symmetry)


def test_nxn_strictly_minimal(engine: str) -> None:
    item = next(generate_many(1, seed=2, box=(2, 3), symmetry="rot180", minimal=True))
    _assert_strictly_minimal(item.puzzle)
    _assert_symmetric(item.puzzle, "rot180")


def test_25x25() -> None:
    if "c" not in backend.available():
        pytest.skip("needs the C core")
    with backend.using("c"):
        item = next(generate_many(1, seed=1, size=25, clues=500))
    assert item.puzzle.n == 25
    assert item.clues == 500
    with backend.using("c"):
        assert is_unique(item.puzzle)


@pytest.mark.parametrize("dig", [False, True])
def test_random_fill(engine: str, dig: bool) -> None:
    for item in generate_many(3 if _fast(engine) else 1, seed=1, method="random-fill", k=25, dig=dig):
        stats = item.stats
        assert stats is not None
        assert is_unique(item.puzzle)
        assert item.solution.is_solution_of(item.puzzle)
        assert stats.rounds >= 1
        assert stats.solver_calls >= 1
        assert stats.clues >= 25
        assert item.clues == stats.clues_after
        if dig:
            _assert_strictly_minimal(item.puzzle)
            assert stats.clues_after <= stats.clues
        else:
            assert stats.clues_after == stats.clues


def _seed003() -> ModuleType:
    """benchmarks/seed003_fill.py, where seed 003's tables live."""
    return load_script(ROOT / "benchmarks" / "seed003_fill.py", "seed003_fill")


def test_fill_table_rows(engine: str) -> None:
    rows = list(_seed003().fill_table(ks=(17, 25, 35), runs=3 if _fast(engine) else 1))
    assert [r.k for r in rows] == [17, 25, 35]
    for row in rows:
        assert row.rounds >= 1
        assert row.clues >= row.k
        assert row.clues_after <= row.clues
        assert row.calls_after >= row.solver_calls


def test_difficulty_target() -> None:
    rating = pytest.importorskip("sudokit.rating.explainer")
    item = next(generate_many(1, seed=3, difficulty="1.0-2.0"))
    assert item.rating is not None
    assert item.rating.er is not None and 1.0 <= item.rating.er <= 2.0
    assert rating.rate(item.puzzle).er == item.rating.er
    assert "rating" in item.to_dict()


def test_difficulty_without_rater(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sudokit.rating.explainer", None)
    with pytest.raises(GenerationError, match="rater"):
        generate(difficulty="7.0-8.0", seed=1)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"symmetry": "spiral"},
        {"method": "annealing"},
        {"clues": 0},
        {"clues": 82},
        {"mask": "x" * 80},
        {"mask": "x" * 81, "symmetry": "rot180"},
        {"method": "random-fill", "symmetry": "rot180"},
        {"size": 16, "box": (3, 3)},
    ],
)
def test_bad_options(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        options(**kwargs)  # type: ignore[arg-type]


def test_impossible_options_give_up() -> None:
    with pytest.raises(GenerationError, match="attempts"):
        generate(seed=1, clues=17, symmetry="dihedral", max_attempts=3)


def _cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli.main(["generate", *argv])
    return status, out.getvalue()


def test_cli_plain_and_json() -> None:
    status, text = _cli("-n", "3", "--seed", "5", "--symmetry", "rot180", "--no-progress")
    assert status == 0
    lines = text.split()
    assert len(lines) == 3
    for line in lines:
        puzzle = Grid.from_string(line)
        assert is_unique(puzzle)
        _assert_symmetric(puzzle, "rot180")
    status, text = _cli("-n", "2", "--seed", "5", "--symmetry", "rot180", "--json", "--no-progress")
    records = [json.loads(line) for line in text.splitlines()]
    assert [r["puzzle"] for r in records] == lines[:2]
    for r in records:
        assert {"puzzle", "clues", "seed", "solution"} <= set(r)
        assert r["clues"] == Grid.from_string(r["puzzle"]).clue_count


def test_cli_box_unique_canon_and_errors() -> None:
    status, text = _cli("-n", "2", "--box", "2x3", "--seed", "1", "--no-progress")
    assert status == 0
    assert all(len(line) == 36 for line in text.split())
    status, text = _cli("-n", "3", "--unique-canon", "--seed", "1", "--no-progress")
    assert status == 0 and len(set(text.split())) == 3
    assert _cli("--symmetry", "nope")[0] == 2
    assert _cli("--clues", "30", "--mask", "x" * 81)[0] == 2


def test_seed003_table() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        status = _seed003().main(["--runs", "1", "--seed", "3"])
    text = out.getvalue()
    assert status == 0
    rows = [line for line in text.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [int(r.split("|")[1]) for r in rows] == list(range(17, 36))


def test_puzzles_checked_by_the_other_engine() -> None:
    """Puzzles made with the best engine are unique and minimal for the pure-Python solver too."""
    made = list(generate_many(3, seed=12, minimal=True))
    made += list(generate_many(2, seed=12, symmetry="rot180", minimal=True))
    with backend.using("python"):
        for item in made:
            assert is_unique(item.puzzle)
        _assert_strictly_minimal(made[0].puzzle)
        _assert_strictly_minimal(made[-1].puzzle)


def test_benchmark_smoke() -> None:
    module = load_script(ROOT / "benchmarks" / "generate.py", "bench_generate")
    out = io.StringIO()
    with redirect_stdout(out):
        status = module.main(["--seconds", "0.02", "--repeat", "1", "--peers", "none",
                              "--only", "no symmetry,seed 003"])
    assert status == 0
    rows = [line for line in out.getvalue().splitlines() if line.startswith("| ") and "/s" not in line]
    assert len([r for r in rows if "minimal" in r or "seed 003" in r]) == 3


def test_level_and_technique_targets() -> None:
    pytest.importorskip("sudokit.rating.explainer")
    item = next(generate_many(1, seed=21, difficulty="medium", technique="hidden single"))
    assert item.rating.level.lower() == "medium"
    assert "Hidden Single" in item.rating.techniques
