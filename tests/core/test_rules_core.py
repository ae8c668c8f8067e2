"""The C generic rules solver (``sudokit._core.RulesTable``, csrc/solve/rules.c).

Every count is checked against an independent brute-force counter written here: plain Python
backtracking over the rule definitions (regions, differ pairs, non-consecutive pairs, cages),
sharing nothing with the engine.  Classic 9x9 counts are also checked against ``_core.solve``.
"""

from __future__ import annotations

import importlib
import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.paths import SHARED_DATA

CORE: Any
try:
    CORE = importlib.import_module("sudokit._core")
except ImportError:  # pragma: no cover - the extension is optional
    CORE = None
pytestmark = pytest.mark.skipif(
    CORE is None or not hasattr(CORE, "RulesTable"), reason="sudokit._core has no RulesTable"
)

DATA = SHARED_DATA

Pair = tuple[int, int]
Cage = tuple[list[int], int]


# ---- rule sets ----------------------------------------------------------------------


@dataclass
class Rules:
    """A variant's rules as plain lists (what both the engine and the brute force read)."""

    n: int
    ncells: int
    regions: list[list[int]]
    differ: list[Pair] = field(default_factory=list)
    adjacent: list[Pair] = field(default_factory=list)
    cages: list[Cage] = field(default_factory=list)

    def table(self) -> Any:
        return CORE.RulesTable(self.n, self.ncells, self.regions, self.differ, self.adjacent, self.cages)


def rows_cols(n: int) -> list[list[int]]:
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    return rows + cols


def boxes(n: int, box_rows: int, box_cols: int) -> list[list[int]]:
    out = []
    for r0 in range(0, n, box_rows):
        for c0 in range(0, n, box_cols):
            out.append([(r0 + i) * n + c0 + j for i in range(box_rows) for j in range(box_cols)])
    return out


def diagonals(n: int) -> list[list[int]]:
    return [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]


def windows9() -> list[list[int]]:
    return [[(r0 + i) * 9 + c0 + j for i in range(3) for j in range(3)] for r0 in (1, 5) for c0 in (1, 5)]


def moves(n: int, steps: Sequence[Pair]) -> list[Pair]:
    """Each unordered pair of cells one of the steps apart."""
    pairs = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in steps:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    a, b = r * n + c, rr * n + cc
                    pairs.add((min(a, b), max(a, b)))
    return sorted(pairs)


KNIGHT = [(1, 2), (2, 1), (1, -2), (2, -1), (-1, 2), (-2, 1), (-1, -2), (-2, -1)]
KING = [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1), (1, 0), (0, -1), (-1, 0)]
ORTHOGONAL = [(0, 1), (1, 0)]

#: A 6x6 jigsaw: six connected pieces of six cells.
JIGSAW6 = ["AAABBB", "AACBBD", "ACCCBD", "ECCFDD", "EEFFFD", "EEEFFD"]


def jigsaw_regions(rows: Sequence[str]) -> list[list[int]]:
    n = len(rows)
    pieces: dict[str, list[int]] = {}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            pieces.setdefault(ch, []).append(r * n + c)
    return list(pieces.values())


def classic(n: int, br: int, bc: int) -> Rules:
    return Rules(n, n * n, rows_cols(n) + boxes(n, br, bc))


SHAPES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}


def variant(name: str, n: int) -> Rules:
    br, bc = SHAPES[n]
    base = classic(n, br, bc)
    if name == "classic":
        return base
    if name == "x":
        return Rules(n, n * n, base.regions + diagonals(n))
    if name == "windoku":
        return Rules(n, n * n, base.regions + windows9())
    if name == "antiknight":
        return Rules(n, n * n, base.regions, differ=moves(n, KNIGHT))
    if name == "antiking":
        return Rules(n, n * n, base.regions, differ=moves(n, KING))
    if name == "nonconsecutive":
        return Rules(n, n * n, base.regions, adjacent=moves(n, ORTHOGONAL))
    if name == "jigsaw":
        return Rules(n, n * n, rows_cols(n) + jigsaw_regions(JIGSAW6))
    raise ValueError(name)


# ---- the independent brute force ------------------------------------------------------


class Brute:
    """Count solutions by plain backtracking over the rule definitions (fewest legal digits first)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.differ: list[set[int]] = [set() for _ in range(rules.ncells)]
        for region in rules.regions:
            for a in region:
                self.differ[a].update(b for b in region if b != a)
        for cells, _ in rules.cages:
            for a in cells:
                self.differ[a].update(b for b in cells if b != a)
        for a, b in rules.differ:
            self.differ[a].add(b)
            self.differ[b].add(a)
        self.adjacent: list[set[int]] = [set() for _ in range(rules.ncells)]
        for a, b in rules.adjacent:
            self.adjacent[a].add(b)
            self.adjacent[b].add(a)
        self.cages_of: list[list[Cage]] = [[] for _ in range(rules.ncells)]
        for cage in rules.cages:
            if cage[1] > 0:
                for a in cage[0]:
                    self.cages_of[a].append(cage)

    def legal(self, grid: list[int], p: int, v: int) -> bool:
        if any(grid[q] == v for q in self.differ[p]):
            return False
        if any(grid[q] and abs(grid[q] - v) == 1 for q in self.adjacent[p]):
            return False
        for cells, total in self.cages_of[p]:
            filled = [grid[q] for q in cells if q != p and grid[q]]
            left = len(cells) - 1 - len(filled)
            rest = total - sum(filled) - v
            if rest < left or rest > left * self.rules.n:
                return False
            if left == 0 and rest != 0:
                return False
        return True

    def valid_givens(self, grid: list[int]) -> bool:
        for p, v in enumerate(grid):
            if v:
                grid[p] = 0
                ok = self.legal(grid, p, v)
                grid[p] = v
                if not ok:
                    return False
        return True

    def count(self, givens: bytes, limit: int) -> int:
        grid = list(givens)
        if not self.valid_givens(grid):
            return 0
        found = 0
        digits = range(1, self.rules.n + 1)

        def walk() -> bool:  # True: the limit is reached
            nonlocal found
            best, best_options = -1, list[int]()
            for p, v in enumerate(grid):
                if v == 0:
                    options = [d for d in digits if self.legal(grid, p, d)]
                    if best < 0 or len(options) < len(best_options):
                        best, best_options = p, options
                        if len(options) <= 1:
                            break
            if best < 0:
                found += 1
                return found >= limit
            for d in best_options:
                grid[best] = d
                if walk():
                    return True
            grid[best] = 0
            return False

        walk()
        return found

    def satisfies(self, solution: bytes) -> bool:
        grid = list(solution)
        return all(1 <= v <= self.rules.n for v in grid) and self.valid_givens(grid)


# ---- puzzles --------------------------------------------------------------------------


def random_solution(rules: Rules, seed: int) -> bytes:
    count, solution, _ = rules.table().solve(bytes(rules.ncells), 1, seed=seed)
    assert count == 1 and solution is not None
    return bytes(solution)


def dig(solution: bytes, keep: int, rng: random.Random) -> bytes:
    cells = list(solution)
    for p in rng.sample(range(len(cells)), len(cells) - keep):
        cells[p] = 0
    return bytes(cells)


def random_givens(rules: Rules, count: int, rng: random.Random) -> bytes:
    """Givens drawn at random (often breaking a rule or leaving no solution)."""
    cells = [0] * rules.ncells
    for p in rng.sample(range(rules.ncells), count):
        cells[p] = rng.randint(1, rules.n)
    return bytes(cells)


def random_cages(solution: bytes, n: int, rng: random.Random, sizes: tuple[int, int] = (2, 5)) -> list[Cage]:
    """A random partition of an n x n grid into connected cages of distinct digits, with the sums."""
    owner = [-1] * (n * n)
    cages: list[list[int]] = []
    for start in rng.sample(range(n * n), n * n):
        if owner[start] >= 0:
            continue
        want = rng.randint(*sizes)
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < want:
            frontier = []
            for p in cage:
                r, c = divmod(p, n)
                for dr, dc in [*ORTHOGONAL, (0, -1), (-1, 0)]:
                    rr, cc = r + dr, c + dc
                    q = rr * n + cc
                    if (
                        0 <= rr < n
                        and 0 <= cc < n
                        and owner[q] < 0
                        and solution[q] not in [solution[x] for x in cage]
                    ):
                        frontier.append(q)
            if not frontier:
                break
            q = rng.choice(frontier)
            owner[q] = len(cages)
            cage.append(q)
        cages.append(cage)
    return [(cage, sum(solution[p] for p in cage)) for cage in cages]


def shifted(cages: list[Cage], rng: random.Random) -> list[Cage]:
    """The cages with one total one more and another one less (the grid's sum kept): rarely solvable."""
    out = list(cages)
    sums = [k for k, (cells, _) in enumerate(out) if len(cells) > 1]
    a, b = rng.sample(sums, 2)
    out[a] = (out[a][0], out[a][1] + 1)
    out[b] = (out[b][0], out[b][1] - 1)
    return out


def check_counts(rules: Rules, puzzles: Sequence[bytes]) -> None:
    table, brute = rules.table(), Brute(rules)
    for puzzle in puzzles:
        for limit in (2, 3):
            count, solution, _ = table.solve(puzzle, limit)
            assert count == brute.count(puzzle, limit), (puzzle, limit)
            # a seed takes the general search even where the bitboard path applies
            assert table.solve(puzzle, limit, seed=7)[0] == count, (puzzle, limit)
            if count:
                assert solution is not None and brute.satisfies(solution)
                assert all(g in (0, s) for g, s in zip(puzzle, solution, strict=True))
            else:
                assert solution is None


# ---- counts against the brute force ---------------------------------------------------

SMALL = [
    (name, n) for n in (4, 6) for name in ("classic", "x", "antiking", "nonconsecutive", "antiknight")
] + [("jigsaw", 6)]


@pytest.mark.parametrize(("name", "n"), SMALL)
def test_small_variants_match_brute_force(name: str, n: int) -> None:
    rules = variant(name, n)
    rng = random.Random(f"{name}{n}")
    puzzles = [bytes(rules.ncells)]
    for _ in range(12):
        puzzles.append(random_givens(rules, rng.randint(2, n + 3), rng))
    brute = Brute(rules)
    if brute.count(bytes(rules.ncells), 1):
        for seed in range(1, 7):
            solution = random_solution(rules, seed)
            assert brute.satisfies(solution)
            puzzles.append(dig(solution, rng.randint(n // 2, 2 * n), rng))
    check_counts(rules, puzzles)


@pytest.mark.parametrize("name", ["x", "windoku", "antiknight", "nonconsecutive", "antiking", "classic"])
def test_9x9_variants_match_brute_force(name: str) -> None:
    rules = variant(name, 9)
    rng = random.Random(name)
    puzzles = []
    for seed in range(1, 6):
        solution = random_solution(rules, seed)
        assert Brute(rules).satisfies(solution)
        puzzles.append(dig(solution, rng.randint(26, 40), rng))
    puzzles.append(random_givens(rules, 12, rng))
    check_counts(rules, puzzles)


@pytest.mark.parametrize("n", [4, 6])
def test_small_killer_match_brute_force(n: int) -> None:
    base = classic(n, *SHAPES[n])
    rng = random.Random(n)
    for seed in range(1, 6):
        solution = random_solution(base, seed)
        cages = random_cages(solution, n, rng, (1, 4))
        rules = Rules(n, n * n, base.regions, cages=cages)
        # cages only, cages with a few givens, and cages alone without the regions
        puzzles = [
            bytes(n * n),
            dig(solution, 3, rng),
            random_givens(rules, 3, rng),
            random_givens(rules, 5, rng),
        ]
        check_counts(rules, puzzles)
        check_counts(Rules(n, n * n, base.regions, cages=shifted(cages, rng)), puzzles[:2])
        check_counts(Rules(n, n * n, [], cages=cages), [bytes(n * n)])


def test_9x9_killer_match_brute_force() -> None:
    base = classic(9, 3, 3)
    rng = random.Random(99)
    for seed in range(1, 4):
        solution = random_solution(base, seed)
        rules = Rules(9, 81, base.regions, cages=random_cages(solution, 9, rng))
        count, found, _ = rules.table().solve(bytes(81), 2)
        assert count >= 1 and found is not None and Brute(rules).satisfies(found)
        check_counts(rules, [dig(solution, 20, rng), dig(solution, 30, rng), random_givens(rules, 10, rng)])
        check_counts(Rules(9, 81, base.regions, cages=shifted(rules.cages, rng)), [dig(solution, 30, rng)])


def test_cages_without_sum_and_bad_totals() -> None:
    n = 4
    regions = classic(4, 2, 2).regions
    # a cage without a sum is only all-different; impossible totals give no solution
    check_counts(Rules(n, 16, regions, cages=[([0, 5, 10, 15], 0)]), [bytes(16)])
    check_counts(Rules(n, 16, regions, cages=[([0, 1], 2)]), [bytes(16)])  # 2 = 1 + 1: impossible
    check_counts(Rules(n, 16, regions, cages=[([0, 1], 99)]), [bytes(16)])
    check_counts(Rules(n, 16, regions, cages=[([0, 1, 4, 5], 10)]), [bytes(16)])
    # overlapping cages inside one row (no innies may be drawn from them), and a row whose
    # cages leave one cell (an innie of one cell), consistent or not
    check_counts(Rules(n, 16, regions, cages=[([0, 1], 3), ([1, 2], 7)]), [bytes(16)])
    check_counts(Rules(n, 16, regions, cages=[([0, 1], 3), ([2, 6], 7)]), [bytes(16)])
    check_counts(Rules(n, 16, regions, cages=[([0, 1], 3), ([2], 4)]), [bytes(16)])
    check_counts(Rules(n, 16, regions, cages=[([0, 1], 7), ([2], 4)]), [bytes(16)])
    check_counts(Rules(n, 16, regions, cages=[([0, 1], 3), ([2, 3], 6)]), [bytes(16)])
    check_counts(Rules(n, 16, regions, cages=[([0, 1], 3), ([2, 3], 8)]), [bytes(16)])


def random_spec(rng: random.Random) -> Rules:
    """Any small spec: a few cells, regions of up to n cells (some full), pairs, cages."""
    n = rng.randint(2, 6)
    ncells = rng.randint(1, 9)
    regions = [rng.sample(range(ncells), rng.randint(0, min(n, ncells))) for _ in range(rng.randint(0, 4))]
    pairs = [tuple(rng.sample(range(ncells), 2)) for _ in range(rng.randint(0, 4))] if ncells > 1 else []
    differ = [(a, b) for a, b in pairs[: len(pairs) // 2]]
    adjacent = [(a, b) for a, b in pairs[len(pairs) // 2 :]]
    cages: list[Cage] = []
    for _ in range(rng.randint(0, 3)):
        cells = rng.sample(range(ncells), rng.randint(1, min(n, ncells)))
        total = rng.choice([0, rng.randint(1, n * len(cells))])
        cages.append((cells, total))
    return Rules(n, ncells, regions, differ, adjacent, cages)


def test_random_small_specs_match_brute_force() -> None:
    """Specs that are no sudoku at all: any cell count, regions smaller than n, mixed rules."""
    rng = random.Random(2026)
    for _ in range(300):
        rules = random_spec(rng)
        puzzles = [bytes(rules.ncells), random_givens(rules, rng.randint(0, rules.ncells), rng)]
        check_counts(rules, puzzles)


@pytest.mark.parametrize("name", ["classic", "x", "windoku", "antiknight", "antiking", "nonconsecutive"])
def test_bitboard_path_agrees_with_general_search_9x9(name: str) -> None:
    """9x9 variants (the small specs' bitboard path, unseeded) against the seeded general search."""
    rules = variant(name, 9)
    table, rng = rules.table(), random.Random(name)
    for seed in range(1, 4):
        solution = random_solution(rules, seed)
        puzzle = dig(solution, rng.randint(20, 30), rng)
        for limit in (1, 2, 5):
            count, found, _ = table.solve(puzzle, limit)
            assert count == table.solve(puzzle, limit, seed=seed)[0]
            assert found is not None and Brute(rules).satisfies(found)
            assert all(g in (0, s) for g, s in zip(puzzle, found, strict=True))


@pytest.mark.parametrize(("rows", "n"), [(8, 16), (9, 15), (7, 16), (2, 64)])
def test_bitboard_path_limits(rows: int, n: int) -> None:
    """Latin rectangles at the bitboard path's edges (128 cells and 16 digits; 135 cells, 64
    digits: the general search) count as the seeded general search does."""
    regions = [[r * n + c for c in range(n)] for r in range(rows)]
    regions += [[r * n + c for r in range(rows)] for c in range(n)]
    table, rng = Rules(n, rows * n, regions).table(), random.Random(rows * n)
    solution = table.solve(bytes(rows * n), 1, seed=3)[1]
    assert solution is not None
    for keep in (rows * n, rows * n * 3 // 4, rows * n // 2):
        puzzle = dig(solution, keep, rng)
        for limit in (1, 3):
            count, found, _ = table.solve(puzzle, limit)
            assert count == table.solve(puzzle, limit, seed=5)[0] == (1 if keep == rows * n else limit)
            assert found is not None and all(g in (0, s) for g, s in zip(puzzle, found, strict=True))
            for r in regions:
                assert len({found[p] for p in r}) == len(r)


def test_givens_breaking_a_rule_give_zero() -> None:
    cases = [
        (variant("x", 9), {0: 5, 80: 5}),  # the main diagonal
        (variant("antiknight", 9), {0: 3, 11: 3}),  # a knight's move apart
        (variant("nonconsecutive", 9), {0: 4, 1: 5}),
        (Rules(4, 16, classic(4, 2, 2).regions, cages=[([0, 1], 3)]), {0: 1, 1: 3}),  # sum 4, not 3
    ]
    for rules, givens in cases:
        cells = [0] * rules.ncells
        for p, v in givens.items():
            cells[p] = v
        assert rules.table().solve(bytes(cells), 2) == (0, None, 0)


# ---- classic 9x9 against _core.solve ---------------------------------------------------


def data_puzzles(name: str, count: int) -> list[bytes]:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"no {path}")
    out = []
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            out.append(bytes(0 if ch in ".0" else int(ch) for ch in line.strip()[:81]))
            if len(out) == count:
                break
    return out


@pytest.mark.parametrize(
    ("name", "count"), [("17_clue.txt", 40), ("top95.txt", 30), ("serg_multi_solution.txt", 40)]
)
def test_classic_9x9_equals_core_solve(name: str, count: int) -> None:
    table = classic(9, 3, 3).table()
    puzzles = data_puzzles(name, count)
    for puzzle in puzzles:
        for limit in (1, 2, 3):
            got = table.solve(puzzle, limit)
            want = CORE.solve(puzzle, 3, 3, limit)
            assert got[0] == want[0]
            if limit == 2 and got[0] == 1:  # unique: the same solution
                assert got[1] == want[1]
            if got[0] > 0:
                assert CORE.solve(got[1], 3, 3, 1)[0] == 1 and all(
                    g in (0, s) for g, s in zip(puzzle, got[1], strict=True)
                )
    counts, solutions = table.solve_many(puzzles, 2)
    assert counts == [CORE.solve(p, 3, 3, 2)[0] for p in puzzles]
    assert all((s is None) == (c == 0) for c, s in zip(counts, solutions, strict=True))


@pytest.mark.parametrize(("n", "br", "bc"), [(12, 3, 4), (16, 4, 4), (25, 5, 5)])
def test_bigger_classic_grids_equal_core_solve(n: int, br: int, bc: int) -> None:
    table = classic(n, br, bc).table()
    rng = random.Random(n)
    for seed in range(1, 4):
        count, solution, _ = table.solve(bytes(n * n), 1, seed=seed)
        assert count == 1 and solution is not None
        assert CORE.solve(solution, br, bc, 2)[0] == 1  # a valid grid
        puzzle = dig(solution, n * n // 2, rng)
        assert table.solve(puzzle, 2)[0] == CORE.solve(puzzle, br, bc, 2)[0]


def test_sparse_36x36_equals_core_solve() -> None:
    """36x36 switches on the all-different matching rule once the search backtracks."""
    path = Path(__file__).parent / "data" / "sparse_36x36.txt"
    cells = bytes(int(v) for line in path.read_text().splitlines() for v in line.split())
    got = classic(36, 6, 6).table().solve(cells, 2, seconds=120)
    want = CORE.solve(cells, 6, 6, 2, seconds=120)
    assert got[0] == want[0] == 2


def test_big_killer_bounds() -> None:
    """n > 16 prunes cages by bounds only: still right on a 25x25 with cages and givens."""
    base = classic(25, 5, 5)
    solution = random_solution(base, 3)
    rng = random.Random(25)
    rules = Rules(25, 625, base.regions, cages=random_cages(solution, 25, rng))
    table = rules.table()
    puzzle = dig(solution, 400, rng)
    count, found, _ = table.solve(puzzle, 2)
    assert count >= 1 and found is not None and Brute(rules).satisfies(found)


# ---- randomised grids, limits, threads, bad input ----------------------------------------


@pytest.mark.parametrize("name", ["classic", "x", "windoku", "antiknight", "nonconsecutive"])
def test_seeded_solutions_differ_and_satisfy(name: str) -> None:
    rules = variant(name, 9)
    brute = Brute(rules)
    grids = {random_solution(rules, seed) for seed in range(1, 9)}
    assert len(grids) == 8
    assert all(brute.satisfies(g) for g in grids)
    assert random_solution(rules, 5) == random_solution(rules, 5)  # a seed gives one grid


def test_time_limit_gives_minus_four() -> None:
    table = classic(9, 3, 3).table()
    count, solution, guesses = table.solve(bytes(81), 10**9, seconds=0.05)
    assert count == CORE.LIMIT_REACHED == -4
    assert solution is not None and guesses > 0
    counts, _ = table.solve_many([bytes(81), bytes(81)], 10**9, seconds=0.02)
    assert counts == [-4, -4]


def test_stop_flag_raises_stopped() -> None:
    from sudokit.errors import Stopped
    from sudokit.limits import Stop

    table = classic(9, 3, 3).table()
    stop = Stop()
    stop.set()
    with pytest.raises(Stopped):
        table.solve(bytes(81), 10**9, stop=stop.buffer)
    with pytest.raises(Stopped):
        table.solve_many([bytes(81)] * 3, 10**9, stop=stop.buffer)


def test_threads_give_the_same_answers() -> None:
    rules = variant("antiknight", 9)
    table = rules.table()
    rng = random.Random(7)
    puzzles = [dig(random_solution(rules, seed), rng.randint(20, 35), rng) for seed in range(1, 25)]
    want = [table.solve(p, 3) for p in puzzles]
    results: dict[int, list[Any]] = {}

    def run(k: int) -> None:
        results[k] = [table.solve(p, 3) for p in puzzles] + [table.solve_many(puzzles, 3)]

    threads = [threading.Thread(target=run, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    batch = ([w[0] for w in want], [w[1] for w in want])
    for k in range(4):
        assert results[k][:-1] == want
        assert results[k][-1] == batch


def test_solve_many_marks_malformed_puzzles() -> None:
    table = classic(4, 2, 2).table()
    counts, solutions = table.solve_many([bytes(16), bytes(15), bytes([5] + [0] * 15), bytearray(16)], 2)
    assert counts == [2, -1, -1, 2]
    assert solutions[1] is None and solutions[2] is None
    assert table.solve_many([], 2) == ([], [])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((1, 1, []), "n must be from 2 to 64"),
        ((65, 81, []), "n must be from 2 to 64"),
        ((4, 0, []), "ncells"),
        ((4, 4097, []), "ncells"),
        ((4, 16, [[0, 1, 16]]), "out of range"),
        ((4, 16, [[0, -1]]), "out of range"),
        ((4, 16, [[0, 1, 2, 3, 4]]), "more than n"),
        ((4, 16, [[0, 1, 1]]), "twice"),
        ((4, 16, [], [(0, 0)]), "itself"),
        ((4, 16, [], [(0, 99)]), "out of range"),
        ((4, 16, [], [(0, 1, 2)]), "2 cells"),
        ((4, 16, [], [], [(3, 3)]), "itself"),
        ((4, 16, [], [], [], [([0, 1], -1)]), "negative total"),
        ((4, 16, [], [], [], [([0, 1, 2, 3, 4], 10)]), "more than n"),
        ((4, 16, [], [], [], [([0, 1], 3, 4)]), "(cells, total)"),
        ((4, 16, [[0, 2**70]]), "out of range"),
    ],
)
def test_bad_specs_raise_value_error(args: tuple[Any, ...], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        CORE.RulesTable(*args)


def test_bad_types_and_cells() -> None:
    with pytest.raises(TypeError):
        CORE.RulesTable(4, 16, 5)
    with pytest.raises(TypeError):
        CORE.RulesTable(4, 16, [["a"]])
    table = classic(4, 2, 2).table()
    with pytest.raises(ValueError, match="16 values"):
        table.solve(bytes(15), 1)
    with pytest.raises(ValueError, match="more than n"):
        table.solve(bytes([9] + [0] * 15), 1)
    assert table.n == 4 and table.ncells == 16
    with pytest.raises(AttributeError):
        table.n = 5


def test_big_grid_empty_and_many_regions() -> None:
    """64x64 (4096 cells, the largest) solves from empty without deep recursion."""
    table = classic(64, 8, 8).table()
    count, solution, _ = table.solve(bytes(4096), 1, seed=1, seconds=60)
    assert count == 1 and solution is not None
    assert CORE.solve(solution, 8, 8, 1)[0] == 1
