"""Minlex canonical form: invariance, idempotence, published values."""

from __future__ import annotations

import io
import random
import time
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import sudokit
from sudokit import cli
from sudokit.canon.minlex import canonical, canonical_lines, canonical_string, random_transform, transform
from sudokit.engine import backend
from sudokit.engine.solver import solve
from sudokit.errors import DuplicateGivenError, ShapeError
from sudokit.grid import Grid
from tests.helpers.paths import SHARED_DATA

DATA = SHARED_DATA
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
PUZZLES = [
    INKALA,
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
]

# Published minlex forms (facts quoted on the Enjoy Sudoku Players Forum and sudokuwiki.org):
# the smallest and the largest minlex solution grids are their own minlex forms, and the
# solution of sudokuwiki's "tough" example has the minlex form below.
MIN_MINLEX_GRID = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
MAX_MINLEX_GRID = "123456789457893612986217354274538196531964827698721435342685971715349268869172543"
SUDOKUWIKI_TOUGH = "3.9...4..2..7.9....87......75..6.23.6..9.4..8.28.5..41......59....1.6..7..6...1.4"
SUDOKUWIKI_TOUGH_SOLUTION_MINLEX = (
    "123456789457189236698273541261947853745831692839625417384792165512368974976514328"
)


def test_invariant_under_200_random_transforms() -> None:
    rng = random.Random(3)
    puzzle = Grid.from_string(INKALA)
    expected = canonical(puzzle)
    for _ in range(200):
        assert canonical(random_transform(puzzle, rng)) == expected


@pytest.mark.parametrize("text", PUZZLES[1:])
def test_invariant_other_puzzles(text: str) -> None:
    rng = random.Random(text)
    puzzle = Grid.from_string(text)
    expected = canonical(puzzle)
    for _ in range(25):
        assert canonical(random_transform(puzzle, rng)) == expected


def test_invariant_solution_grid() -> None:
    rng = random.Random(5)
    grid = solve(Grid.from_string(PUZZLES[1]))
    expected = canonical(grid)
    for _ in range(10):
        assert canonical(random_transform(grid, rng)) == expected


@pytest.mark.parametrize("text", PUZZLES)
def test_idempotent_and_equivalent(text: str) -> None:
    puzzle = Grid.from_string(text)
    form = canonical(puzzle)
    assert canonical(form) == form
    assert form.clue_count == puzzle.clue_count
    assert form.to_string() <= min(puzzle.to_string(), form.to_string())
    # the form is really an equivalent puzzle: its solution is equivalent to the original's
    assert canonical(solve(form)) == canonical(solve(puzzle))


def test_published_values() -> None:
    assert canonical_string(MIN_MINLEX_GRID) == MIN_MINLEX_GRID
    assert canonical_string(MAX_MINLEX_GRID) == MAX_MINLEX_GRID
    solution = solve(Grid.from_string(SUDOKUWIKI_TOUGH))
    assert canonical_string(solution) == SUDOKUWIKI_TOUGH_SOLUTION_MINLEX


def test_shape_of_minlex_forms() -> None:
    # any solution grid's minlex form starts 123456789 and its second row 45…
    form = canonical_string(solve(Grid.from_string(INKALA)))
    assert form.startswith("123456789") and form[9:11] == "45"
    # a puzzle's first row is its emptiest row with the givens pushed right, labelled 1, 2, …
    first = canonical_string(INKALA)[:9]
    assert first == "000000001"


def test_inequivalent_puzzles_differ() -> None:
    path = DATA / "17_clue.txt"
    if not path.exists():
        pytest.skip("data set not present")
    lines = [line for line in path.read_text().splitlines() if line and not line.startswith("#")][:30]
    forms = {canonical_string(line) for line in lines}
    assert len(forms) == len(lines)


def test_transform_identity_and_grid_method() -> None:
    puzzle = Grid.from_string(PUZZLES[1])
    assert transform(puzzle) == puzzle
    assert sudokit.canonical(puzzle) == canonical(puzzle)


def test_only_9x9() -> None:
    with pytest.raises(ShapeError):
        canonical(Grid.empty((2, 2)))


def test_cli(tmp_path: Path) -> None:
    rng = random.Random(1)
    puzzle = Grid.from_string(PUZZLES[0])
    src = tmp_path / "p.txt"
    src.write_text("\n".join([PUZZLES[0], random_transform(puzzle, rng).to_string(), PUZZLES[1]]) + "\n")
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["canon", str(src)]) == 0
    lines = out.getvalue().split()
    assert len(lines) == 3 and lines[0] == lines[1] == canonical_string(PUZZLES[0])
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["canon", "--unique", "--empty", ".", str(src)]) == 0
    assert out.getvalue().split() == [canonical_string(PUZZLES[0], "."), canonical_string(PUZZLES[1], ".")]


def test_c_and_python_agree() -> None:
    rng = random.Random(9)
    path = DATA / "17_clue.txt"
    lines = [*PUZZLES, MIN_MINLEX_GRID, MAX_MINLEX_GRID]
    if path.exists():
        data = [line for line in path.read_text().splitlines() if line and not line.startswith("#")]
        lines += data[100:110]
    for text in lines:
        grid = random_transform(Grid.from_string(text), rng)
        assert canonical(grid) == canonical(grid, engine="python")


# -- the fast C search: the same forms as the Python definition, on every kind of input ---------


def _seventeens() -> list[str]:
    """The 17-clue puzzles of the shared data set (skip the test when it is absent)."""
    path = DATA / "17_clue.txt"
    if not path.exists():
        pytest.skip("data set not present")
    return [line for line in path.read_text().splitlines() if line and not line.startswith("#")]


def _few_clues(count: int, rng: random.Random) -> Grid:
    """A valid grid of ``count`` givens taken from a random solution grid."""
    solution = solve(random_transform(Grid.from_string(PUZZLES[1]), rng))
    cells = [0] * 81
    for cell in rng.sample(range(81), count):
        cells[cell] = solution.cells[cell]
    return Grid(tuple(cells))


def test_c_invariant_on_2000_puzzles_and_their_transforms() -> None:
    rng = random.Random(2000)
    sample = rng.sample(_seventeens(), 2000)
    forms = canonical_lines(sample)
    moved = canonical_lines([random_transform(Grid.from_string(text), rng).to_string() for text in sample])
    assert forms == moved
    assert None not in forms and len(set(forms)) == 2000


def test_c_and_python_agree_on_random_puzzles() -> None:
    rng = random.Random(150)
    for text in rng.sample(_seventeens(), 60):
        grid = random_transform(Grid.from_string(text), rng)
        assert canonical_string(grid) == canonical_string(grid, engine="python")


def test_all_17_clue_puzzles_are_inequivalent() -> None:
    lines = _seventeens()
    forms = canonical_lines(lines, ".")
    assert None not in forms
    assert len(set(forms)) == len(lines)  # the data set lists each class once
    assert all(form is not None and form.count(".") == 64 for form in forms)


def test_empty_grid_is_fast() -> None:
    start = time.perf_counter()
    assert canonical_string(Grid.empty()) == "0" * 81
    assert time.perf_counter() - start < 0.05
    assert canonical_lines(["." * 81], ".") == ["." * 81]


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5])
def test_few_clue_grids(count: int) -> None:
    rng = random.Random(count)
    for _ in range(8):
        grid = _few_clues(count, rng)
        start = time.perf_counter()
        form = canonical_string(grid)
        assert time.perf_counter() - start < 0.05
        assert 81 - form.count("0") == count
        for _ in range(5):
            moved = random_transform(grid, rng)
            assert canonical_string(moved) == form
            assert form <= moved.to_string("0")
    if count == 1:
        assert form == "0" * 80 + "1"


@pytest.mark.parametrize("count", [3, 4, 5])
def test_few_clue_grids_match_python(count: int) -> None:
    rng = random.Random(10 + count)
    grid = _few_clues(count, rng)
    assert canonical_string(grid) == canonical_string(grid, engine="python")


def test_solution_grids_c_and_python() -> None:
    rng = random.Random(81)
    for text in PUZZLES[1:3]:
        grid = solve(random_transform(Grid.from_string(text), rng))
        form = canonical_string(grid)
        assert form == canonical_string(grid, engine="python")
        for _ in range(5):
            assert canonical_string(random_transform(grid, rng)) == form


def test_canonical_lines_marks_bad_lines() -> None:
    good = PUZZLES[1]
    lines = [good, "11" + "." * 79, "x" * 81, "." * 80, "1" + "." * 79 + "2"]
    out = canonical_lines(lines, ".")
    assert out[0] == canonical_string(good, ".")
    assert out[1:4] == [None, None, None]
    assert out[4] == canonical_string(lines[4], ".") and out[4].count(".") == 79
    assert canonical_lines(lines, ".", engine="python") == out


def test_duplicates_rejected_by_both_engines() -> None:
    for engine in ("c", "python"):
        with pytest.raises(DuplicateGivenError):
            canonical("1........" + ".1......." + "." * 63, engine=engine)


def test_core_rejects_repeats() -> None:
    core = backend.native("c")
    if core is None:
        pytest.skip("no C core")
    with pytest.raises(ValueError):
        core.canon9(bytes([1, 1] + [0] * 79))


def test_cli_streams_chunks_and_reports_bad_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(4)
    good = [random_transform(Grid.from_string(PUZZLES[0]), rng).to_string() for _ in range(3)]
    src = tmp_path / "p.txt"
    src.write_text("\n".join([good[0], "11" + "." * 79, good[1], "." * 81, good[2]]) + "\n")
    assert cli.main(["canon", "--empty", ".", str(src)]) == 1
    captured = capsys.readouterr()
    form = canonical_string(PUZZLES[0], ".")
    lines = captured.out.splitlines()
    assert [lines[0], *lines[2:]] == [form, form, "." * 81, form]
    assert lines[1].startswith(f"# {src}: line 2") and "duplicate" in lines[1]  # in its place
    assert "1 of 5 puzzles" in captured.err
