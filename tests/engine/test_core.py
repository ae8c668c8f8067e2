"""The solving core: the C extension agrees with the pure-Python reference, on every shape.

Tests taking the ``engine`` fixture run once per engine built here; tests comparing the two
engines, or running whole data sets, need the C extension and are skipped without it.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from sudokit.engine import backend, reference
from sudokit.engine.solver import count_many, solve_many
from sudokit.errors import ShapeError, WrongLengthError
from sudokit.formats.reader import DIGIT_CHARS
from sudokit.shape import Shape
from tests.helpers.paths import SHARED_DATA

DATA = SHARED_DATA
CORE: Any = backend._ENGINES.get("c")

needs_core = pytest.mark.skipif(CORE is None, reason="the C extension is not built")
needs_data = pytest.mark.skipif(not (DATA / "17_clue.txt").exists(), reason=f"no data sets in {DATA}")

#: Each data set and how many of its puzzles the (slow) reference engine also solves.
DATA_SETS = {
    "17_clue.txt": 40,
    "top95.txt": 12,
    "magictour_top1465.txt": 12,
    "forum_hardest_1106.txt": 4,
    "serg_multi_solution.txt": 40,
}

#: Box shapes beyond 3x3 and the share of cells the test puzzles leave empty.
SHAPES = [(2, 2, 1.0), (2, 3, 1.0), (2, 4, 0.7), (3, 4, 0.6), (4, 4, 0.5), (5, 5, 0.4)]


# ---- helpers -------------------------------------------------------------------------------


def read_puzzles(name: str) -> list[str]:
    """The puzzle lines of a data set (comment lines skipped)."""
    with open(DATA / name, encoding="ascii") as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def to_cells(line: str) -> bytes:
    """The cell values of a line-format puzzle."""
    return bytes(0 if ch in ".0-*_" else DIGIT_CHARS.index(ch.upper()) + 1 for ch in line)


def to_line(cells: bytes | Sequence[int]) -> str:
    """The line format of cell values."""
    return "".join(DIGIT_CHARS[v - 1] if v else "." for v in cells)


def is_solution(solution: bytes | Sequence[int], puzzle: bytes | Sequence[int], shape: Shape) -> bool:
    """True when ``solution`` is a complete valid grid that keeps every given of ``puzzle``."""
    digits = set(range(1, shape.n + 1))
    if len(solution) != shape.size or any(p and p != s for p, s in zip(puzzle, solution, strict=True)):
        return False
    return all({solution[c] for c in unit} == digits for unit in shape.units)


def best_engine() -> Any:
    """The fastest engine here: used to build test puzzles."""
    return CORE if CORE is not None else reference


@cache
def solved_grid(box_rows: int, box_cols: int, seed: int) -> bytes:
    """A random complete grid: the first solution of the empty grid, digits relabelled, rows and
    columns shuffled inside their bands and stacks."""
    shape = Shape(box_rows, box_cols)
    n = shape.n
    count, first, _ = best_engine().solve(bytes(shape.size), box_rows, box_cols, 1)
    assert count == 1 and first is not None
    rng = random.Random(seed)
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    bands, stacks = rng.sample(range(box_cols), box_cols), rng.sample(range(box_rows), box_rows)
    rows = [b * box_rows + i for b in bands for i in rng.sample(range(box_rows), box_rows)]
    cols = [s * box_cols + j for s in stacks for j in rng.sample(range(box_cols), box_cols)]
    return bytes(relabel[first[r * n + c] - 1] for r in rows for c in cols)


@cache
def unique_puzzle(box_rows: int, box_cols: int, empty_share: float, seed: int) -> tuple[bytes, bytes]:
    """(puzzle, solution): cells of a random grid emptied in random order while the puzzle stays
    unique, until ``empty_share`` of the cells are empty (1.0: until no cell can go)."""
    solution = solved_grid(box_rows, box_cols, seed)
    grid = bytearray(solution)
    rng = random.Random(seed)
    order = list(range(len(grid)))
    rng.shuffle(order)
    target = int(empty_share * len(grid))
    emptied = 0
    for cell in order:
        if emptied >= target:
            break
        value, grid[cell] = grid[cell], 0
        if best_engine().solve(bytes(grid), box_rows, box_cols, 2)[0] == 1:
            emptied += 1
        else:
            grid[cell] = value
    return bytes(grid), solution


def random_puzzles(count: int, seed: int) -> list[bytes]:
    """9x9 puzzles of every kind: random givens taken from a solved grid (unique or with many
    solutions), and random digits in random cells (often without solution)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        if i % 2:
            grid = solved_grid(3, 3, rng.randrange(1000))
            keep = set(rng.sample(range(81), rng.randrange(17, 40)))
            out.append(bytes(v if c in keep else 0 for c, v in enumerate(grid)))
        else:
            cells = bytearray(81)
            for c in rng.sample(range(81), rng.randrange(10, 30)):
                cells[c] = rng.randrange(1, 10)
            if reference._check_cells(bytes(cells), Shape()) == 0:
                out.append(bytes(cells))
    return out


def assert_same(puzzle: bytes, box_rows: int, box_cols: int, limit: int) -> None:
    """C and reference agree on the count; on the solution when it is unique, and otherwise
    each engine's first solution is a solution."""
    shape = Shape(box_rows, box_cols)
    c_count, c_first, c_guesses = CORE.solve(puzzle, box_rows, box_cols, limit)
    p_count, p_first, _ = reference.solve(puzzle, box_rows, box_cols, limit)
    assert c_count == p_count, to_line(puzzle)
    assert c_guesses >= 0
    if c_count == 0:
        assert c_first is None and p_first is None
        return
    assert c_first is not None and p_first is not None
    assert is_solution(c_first, puzzle, shape)
    if c_count == 1 and limit >= 2:
        assert c_first == p_first


# ---- C against the reference ---------------------------------------------------------------


@needs_core
@needs_data
@pytest.mark.parametrize("name", sorted(DATA_SETS))
def test_data_sets_agree_with_reference(name: str) -> None:
    puzzles = read_puzzles(name)
    sample = random.Random(name).sample(puzzles, DATA_SETS[name])
    for line in sample:
        for limit in (1, 2):
            assert_same(to_cells(line), 3, 3, limit)
    # and the batch path on the same sample
    c_counts, c_solutions = CORE.solve_lines(sample, 2)
    p_counts, p_solutions = reference.solve_lines(sample, 2)
    assert c_counts == p_counts
    for count, c_sol, p_sol in zip(c_counts, c_solutions, p_solutions, strict=True):
        if count == 1:
            assert c_sol == p_sol


@needs_core
@pytest.mark.parametrize("seed", range(4))
def test_random_puzzles_agree_with_reference(seed: int) -> None:
    for puzzle in random_puzzles(60, seed):
        assert_same(puzzle, 3, 3, 3)


@needs_core
@pytest.mark.parametrize(("box_rows", "box_cols", "empty_share"), SHAPES)
def test_shapes_agree_with_reference(box_rows: int, box_cols: int, empty_share: float) -> None:
    puzzle, solution = unique_puzzle(box_rows, box_cols, empty_share, 1)
    assert_same(puzzle, box_rows, box_cols, 2)
    assert CORE.solve(puzzle, box_rows, box_cols, 2)[1] == solution
    # empty more cells until there are several solutions
    shape = Shape(box_rows, box_cols)
    loose = bytearray(puzzle)
    for cell in [i for i, v in enumerate(loose) if v]:
        loose[cell] = 0
        if CORE.solve(bytes(loose), box_rows, box_cols, 2)[0] == 2:
            break
    if shape.n <= 12:
        assert_same(bytes(loose), box_rows, box_cols, 3)
    else:  # the reference is slow on big sparse grids: check the C answer itself
        count, first, _ = CORE.solve(bytes(loose), box_rows, box_cols, 2)
        assert count == 2 and first is not None and is_solution(first, bytes(loose), shape)


@needs_core
@pytest.mark.parametrize(("box_rows", "box_cols"), [(1, 2), (2, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3)])
def test_counts_of_small_grids_agree_with_reference(box_rows: int, box_cols: int) -> None:
    """Exhaustive counts on tiny or nearly empty grids (288 solutions of the empty 4x4)."""
    shape = Shape(box_rows, box_cols)
    for seed in range(5):
        rng = random.Random(seed)
        cells = bytearray(shape.size)
        for c in rng.sample(range(shape.size), min(shape.size, shape.n + seed)):
            cells[c] = rng.randrange(0, shape.n + 1)
        if reference._check_cells(bytes(cells), shape):
            continue
        limit = 400 if shape.n <= 4 else 5
        assert_same(bytes(cells), box_rows, box_cols, limit)
    if shape.n == 4:
        assert CORE.solve(bytes(16), box_rows, box_cols, 1000)[0] == 288


# ---- both engines --------------------------------------------------------------------------


@pytest.mark.parametrize(("box_rows", "box_cols", "empty_share"), SHAPES)
def test_shapes_solve_to_the_known_grid(
    engine: str, box_rows: int, box_cols: int, empty_share: float
) -> None:
    puzzle, solution = unique_puzzle(box_rows, box_cols, empty_share, 2)
    count, first, guesses = backend.select().solve(puzzle, box_rows, box_cols, 2)
    assert (count, first) == (1, solution)
    assert guesses >= 0
    line = to_line(puzzle)
    assert solve_many([line, line.lower()], box=(box_rows, box_cols)) == [to_line(solution)] * 2


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)])
def test_empty_grid_has_a_solution(engine: str, box_rows: int, box_cols: int) -> None:
    shape = Shape(box_rows, box_cols)
    count, first, _ = backend.select().solve(bytes(shape.size), box_rows, box_cols, 2)
    assert count == 2
    assert first is not None and is_solution(first, bytes(shape.size), shape)


def pattern_grid(shape: Shape) -> bytes:
    """A complete grid by formula: row r is the first row shifted by (r mod rows)·cols + r div rows."""
    n, rows, cols = shape.n, shape.box_rows, shape.box_cols
    return bytes((cols * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n))


@needs_core
@pytest.mark.parametrize(("box_rows", "box_cols"), [(6, 6), (7, 7), (8, 8), (4, 16), (2, 32)])
def test_big_grids(box_rows: int, box_cols: int) -> None:
    shape = Shape(box_rows, box_cols)
    grid = pattern_grid(shape)
    assert is_solution(grid, grid, shape)
    rng = random.Random(box_rows)
    puzzle = bytes(0 if rng.random() < 0.3 else v for v in grid)
    count, first, _ = CORE.solve(puzzle, box_rows, box_cols, 1)
    assert count == 1
    assert first is not None and is_solution(first, puzzle, shape)
    if shape.n <= 36:
        count, first, _ = CORE.solve(bytes(shape.size), box_rows, box_cols, 1)
        assert count == 1 and first is not None and is_solution(first, bytes(shape.size), shape)


def test_status_codes(engine: str) -> None:
    good = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."
    solved = "527316489896542731314987562172453896689271354453698217941825673765134928238769145"
    lines: list[str | bytes] = [
        good,
        good.encode(),
        good.replace(".", "0"),
        good.replace(".", "-", 5).replace(".", "*", 5).replace(".", "_"),
        good[:-1],  # too short
        good + ".",  # too long
        good[:-1] + "x",  # not a cell
        good[:-1] + "A",  # a digit above 9
        good[:-1] + "é",  # not ASCII
        good.encode()[:-1] + b"\xe9",
        "55" + good[2:],  # duplicate in a row
        "5" + good[1:9] + "5" + good[10:],  # duplicate in a column
        "5" + good[1:10] + "5" + good[11:],  # duplicate in a box
        "",
        "1" * 81,
    ]
    counts, solutions = backend.select().solve_lines(lines, 2)
    assert counts == [1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -2, -2, -2, -1, -2]
    assert solutions[:4] == [solved] * 4
    assert solutions[4:] == [None] * (len(lines) - 4)
    # no solution at all: a legal but contradictory puzzle
    dead = "1234567.." + ".......89" + "." * 63  # r1c8/r1c9 need 8/9 but column 8/9 hold them
    assert backend.select().solve_lines([dead], 2) == ([0], [None])


def test_cells_out_of_range_and_duplicates(engine: str) -> None:
    eng = backend.select()
    cells = bytearray(81)
    cells[0] = 10
    assert eng.solve(bytes(cells), 3, 3, 1) == (0, None, 0)
    cells[0] = 1
    cells[80] = 1  # same box? no: r1c1 and r9c9 are not peers
    assert eng.solve(bytes(cells), 3, 3, 1)[0] == 1
    cells[8] = 1  # same row as r1c1
    assert eng.solve(bytes(cells), 3, 3, 1) == (0, None, 0)
    # 16x16 lines: letters of either case, a letter above N is malformed
    line = "." * 255 + "g"
    assert eng.solve_lines([line, line.upper(), "." * 255 + "H"], 1, 4, 4)[0] == [1, 1, -1]


def test_bad_arguments(engine: str) -> None:
    eng = backend.select()
    with pytest.raises(ShapeError):
        eng.solve(bytes(81), 0, 3, 1)
    with pytest.raises(ShapeError):
        eng.solve(bytes(81 * 81), 9, 9, 1)
    with pytest.raises(ShapeError):
        eng.solve_lines(["." * 81], 1, 1, 1)
    with pytest.raises(WrongLengthError):
        eng.solve(bytes(80), 3, 3, 1)
    with pytest.raises(TypeError):
        eng.solve_lines([1], 1)  # type: ignore[list-item]
    # a limit below one means one
    assert eng.solve(bytes(81), 3, 3, 0)[0] == 1
    assert eng.solve(bytes(81), 3, 3, -5)[0] == 1


def test_solve_array(engine: str) -> None:
    np = pytest.importorskip("numpy")
    lines = [
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "." * 81,
        "11" + "." * 79,
        "1234567.." + ".......89" + "." * 63,
    ]
    src = np.array([list(to_cells(line)) for line in lines], dtype=np.uint8)
    src[2, 5] = 12  # out of range as well as duplicate: range is checked first
    out = np.zeros_like(src)
    counts = np.zeros(len(lines), dtype=np.int32)
    backend.select().solve_array(src, out, counts, 2)
    assert counts.tolist() == [1, 2, -3, 0]
    assert to_line(out[0].tolist()) == solve_many([lines[0]], first=True)[0]
    assert is_solution(out[1].tolist(), bytes(81), Shape())
    assert not out[2].any() and not out[3].any()
    # through the public API: limit 2 keeps only unique solutions
    result = solve_many(src[[0, 1, 3]])
    assert result[0].tolist() == out[0].tolist() and not result[1].any() and not result[2].any()
    # 4x4 rows
    small = np.array([list(to_cells("1.3..4.22.4..3.1"))], dtype=np.uint8)
    assert to_line(solve_many(small, first=True, box=(2, 2))[0].tolist()) == "1234341221434321"


def test_threads_give_the_same_answers(engine: str) -> None:
    if not (DATA / "17_clue.txt").exists():
        pytest.skip(f"no data sets in {DATA}")
    size = 600 if engine == "c" else 20
    puzzles = read_puzzles("17_clue.txt")[:size] + read_puzzles("top95.txt")[: size // 20]
    expected = solve_many(puzzles)
    results: list[Any] = [None] * 4
    name = backend.name_of()

    def work(i: int) -> None:
        with backend.using(name):
            chunk = puzzles[i:] + puzzles[:i]
            answer = solve_many(chunk)
            results[i] = answer[len(puzzles) - i :] + answer[: len(puzzles) - i]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == expected for r in results)


# ---- whole data sets through the C batch path ----------------------------------------------


@needs_core
@needs_data
def test_all_17_clue_puzzles() -> None:
    """Every 17-clue puzzle, solved by the batch path, checked independently (NumPy)."""
    np = pytest.importorskip("numpy")
    puzzles = read_puzzles("17_clue.txt")
    assert len(puzzles) == 49158
    with backend.using("c"):
        solutions = solve_many(puzzles, first=True)
        counts = count_many(puzzles, limit=2)
    assert all(s is not None for s in solutions)
    assert counts == [1] * len(puzzles)
    given = np.frombuffer("".join(puzzles).encode(), dtype=np.uint8).reshape(-1, 81)
    solved = np.frombuffer("".join(s or "" for s in solutions).encode(), dtype=np.uint8).reshape(-1, 81)
    solved = solved.astype(np.int64) - ord("0")
    clues = given != ord(".")
    assert (solved[clues] == given[clues].astype(np.int64) - ord("0")).all()
    grid = solved.reshape(-1, 9, 9)
    boxes = grid.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9)
    digits = np.arange(1, 10)
    for units in (grid, grid.transpose(0, 2, 1), boxes):
        assert (np.sort(units, axis=2) == digits).all()
