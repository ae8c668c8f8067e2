"""The seed algorithms of :mod:`sudokit.strategies`: each solves, counts and reports like the native engine.

Every answer is checked two ways: it must be a valid grid that keeps the givens, and the count
must match :func:`sudokit.count_solutions` (the native engine). The data-set tests run every
strategy on each kind of puzzle (hard, 17-clue, several solutions); the slowest strategies get
smaller samples, and ``layers`` a per-puzzle budget (its running time is the finding). The
pruned variant of the seed's algorithm, ``layers:order,check,rows``, takes the issue's full
coverage: all of top95, 300 17-clue puzzles, 100 with several solutions.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from sudokit import Grid, count_solutions, read_grids, solve
from sudokit.strategies import NAMES, StrategyError, format_log, get, solve_with
from sudokit.strategies.base import LogRecord, StrategyResult
from sudokit.strategies.csp import all_specs
from tests.helpers.paths import SHARED_DATA

DATA = SHARED_DATA
needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=f"no data sets at {DATA} (set SUDOKIT_DATA)")

#: layers with the pruning options (the seed's layers, chosen and cut off better); see layers.py.
LAYERS_BEST = "layers:order,check,rows"
#: Every strategy spec worth testing on small grids: the five defaults and every option.
LAYERS_SPECS = ["layers:order", "layers:check", "layers:rows", "layers:order,rows", LAYERS_BEST]
ALL_SPECS = [*NAMES, "dlx:first", "prune:rule1", *all_specs(), *LAYERS_SPECS]
#: The specs that search hard 9×9 puzzles in well under a second (no blind column or cell order).
BLIND = ("layers", "dlx:first", "layers:check", "layers:rows")
SHARP_SPECS = [s for s in ALL_SPECS if s not in BLIND and ",first," not in s]

# Puzzles with one solution each (the 4×4 … 16×16 ones from examples/make_nxn.py).
SMALL = {
    "4x4": "......34.3.2.24.",
    "6x6": ".........5424...1...6..5.5...316....",
    "9x9": "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "9x9-hard": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
}
GRID_12 = (
    ".1..4...8...4.....72...A.97....A.35.15..9.....B....4...3.CA...837.C.........1.8....42..5B..."
    "..........25..9..6..25..9...5.4C...9.8...A98.C...B4."
)
GRID_16 = (
    ".E.8G6D.......A.....B..F5E.87....9.......4AFG.D1B.....2C...15......3..9G.2C6....A..4F...E....."
    "7...F7....139.6....G..3.CB.......4.5....7D28.B..4AC.8...4.......G.....8C...G.A.D.26....1F...."
    "......1.....2.D.E.BF.........C..G4.8.2C..EB.9.A..D..5.7E.A5........9."
)
# Several solutions each: counted exactly up to the limit.
MULTI = {
    "4x4-empty": "." * 16,  # 288 solutions
    "4x4-two": "12..34..........",
    "6x6": ".........5424...1...6..5.5..........",
    "9x9": "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
}
# No solution, though no given repeats: r1c9 can hold nothing (1-8 in its row, 9 in its column).
NONE_9 = "12345678." + "........9" + "." * 63


def grid(text: str) -> Grid:
    """Parse a puzzle."""
    return Grid.from_string(text)


def check(puzzle: Grid, result: StrategyResult, limit: int) -> None:
    """The result is complete, its count is the native one, its solutions are solutions."""
    expected = count_solutions(puzzle, limit=limit)
    assert result.status != "limit_reached", result
    assert result.count == expected == len(result.solutions)
    assert result.status == {0: "no_solution", 1: "solved"}.get(expected, "multiple")
    assert all(s.is_solution_of(puzzle) for s in result.solutions)
    assert len(set(result.solutions)) == len(result.solutions)
    if expected == 1:
        assert result.solution == solve(puzzle)


@cache
def _read(name: str) -> tuple[Grid, ...]:
    """Every puzzle of a data set, read once."""
    with open(DATA / name, encoding="utf-8") as handle:
        return tuple(g for _, g in read_grids(handle) if isinstance(g, Grid))


def sample(name: str, k: int, seed: int = 0) -> list[Grid]:
    """``k`` puzzles of a data set drawn at random (fixed seed), or all of them for k=0."""
    grids = list(_read(name))
    return grids if k == 0 else random.Random(seed).sample(grids, k)


# -- small grids: every spec ------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ALL_SPECS)
@pytest.mark.parametrize("name", sorted(SMALL))
def test_unique_small(spec: str, name: str) -> None:
    """Each strategy, with every option, solves 4×4, 6×6 and 9×9 puzzles and proves them unique
    (the hard 9×9 one only with the specs that do not search blindly; the others time out)."""
    if name == "9x9-hard" and spec not in SHARP_SPECS:
        result = get(spec).solve(grid(SMALL[name]), 1, node_limit=50_000)
        assert result.status == "limit_reached" or result.solution == solve(grid(SMALL[name]))
        return
    puzzle = grid(SMALL[name])
    check(puzzle, get(spec).solve(puzzle, 2, time_limit=30), 2)


@pytest.mark.parametrize("spec", ALL_SPECS)
@pytest.mark.parametrize("name", sorted(MULTI))
def test_counts_small(spec: str, name: str) -> None:
    """Each strategy counts several solutions exactly like the native engine."""
    puzzle = grid(MULTI[name])
    limit = 300 if name == "4x4-empty" else 20
    check(puzzle, get(spec).solve(puzzle, limit, time_limit=30), limit)


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_no_solution(spec: str) -> None:
    """A puzzle with no solution (and no repeated given) ends with status no_solution."""
    puzzle = grid(NONE_9)
    result = get(spec).solve(puzzle, 2, time_limit=30)
    assert (result.status, result.count, result.solutions) == ("no_solution", 0, [])


@pytest.mark.parametrize("spec", NAMES)
def test_duplicate_givens(spec: str) -> None:
    """A grid with a repeated given (built unchecked) has no solution."""
    puzzle = Grid.from_string("11" + "." * 79, check=False)
    assert get(spec).solve(puzzle).status == "no_solution"


@pytest.mark.parametrize("spec", NAMES)
def test_solved_grid(spec: str) -> None:
    """A full valid grid is its own single solution."""
    full = solve(grid(SMALL["9x9"]))
    result = get(spec).solve(full, 2)
    assert (result.status, result.solution) == ("solved", full)


# -- N×N ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["csp", "dlx", "prune", "stack"])
def test_12x12(spec: str) -> None:
    """12×12 (3×4 boxes): csp, dlx, prune and stack solve a minimal puzzle."""
    puzzle = grid(GRID_12)
    check(puzzle, get(spec).solve(puzzle, 2, time_limit=60), 2)


@pytest.mark.parametrize("spec", ["csp", "dlx", "prune"])
def test_16x16_minimal(spec: str) -> None:
    """csp, dlx and prune solve a minimal 16×16 puzzle (90 givens); dlx also proves it unique."""
    puzzle = grid(GRID_16)
    limit = 2 if spec == "dlx" else 1
    check(puzzle, get(spec).solve(puzzle, limit, time_limit=60), limit)


def _denser_16(extra: int) -> Grid:
    """The minimal 16×16 puzzle with ``extra`` more cells of its solution given."""
    puzzle = grid(GRID_16)
    full = solve(puzzle)
    add = set(random.Random(extra).sample(puzzle.empty_cells, extra))
    cells = tuple(full.cells[i] if v or i in add else 0 for i, v in enumerate(puzzle.cells))
    return Grid(cells, puzzle.shape)


@pytest.mark.parametrize("spec", ["layers", "stack"])
def test_16x16_where_design_allows(spec: str) -> None:
    """layers and stack solve 16×16 puzzles with enough givens (150 and 120 here) …"""
    puzzle = _denser_16(60 if spec == "layers" else 30)
    check(puzzle, get(spec).solve(puzzle, 2, time_limit=60), 2)


@pytest.mark.parametrize("spec", ["layers", "stack", "dlx:first", "csp:fc,first,lex"])
def test_16x16_minimal_hits_the_budget(spec: str) -> None:
    """… but on the minimal one their search explodes: the budget stops it with limit_reached."""
    result = get(spec).solve(grid(GRID_16), 2, node_limit=20_000)
    assert result.status == "limit_reached"
    assert not result.complete
    assert 20_000 <= result.stats.nodes <= 20_000 + 1


def test_16x16_time_limit() -> None:
    """A time limit stops a hopeless search promptly."""
    result = get("layers").solve(grid(GRID_16), 1, time_limit=0.3)
    assert result.status == "limit_reached"
    assert result.stats.seconds < 2


# -- the data sets -----------------------------------------------------------------------------------

#: Puzzles per data set for each strategy (0: all). The seed's layers has a budget instead (see
#: below); its pruned variant takes the issue's full sets: all of top95, 300 17-clue, 100 serg.
SAMPLES = {
    LAYERS_BEST: {"top95.txt": 0, "17_clue.txt": 300, "serg_multi_solution.txt": 100},
    "dlx": {"top95.txt": 0, "17_clue.txt": 60, "serg_multi_solution.txt": 40},
    "prune": {"top95.txt": 0, "17_clue.txt": 60, "serg_multi_solution.txt": 40},
    "csp": {"top95.txt": 0, "17_clue.txt": 60, "serg_multi_solution.txt": 40},
    "stack": {"top95.txt": 12, "17_clue.txt": 12, "serg_multi_solution.txt": 20},
}


@needs_data
@pytest.mark.slow
@pytest.mark.parametrize("spec", sorted(SAMPLES))
@pytest.mark.parametrize("name", ["top95.txt", "17_clue.txt", "serg_multi_solution.txt"])
def test_data_sets(spec: str, name: str) -> None:
    """Each strategy agrees with the native engine on hard, 17-clue and multi-solution puzzles."""
    limit = 2
    for puzzle in sample(name, SAMPLES[spec][name]):
        result = get(spec).solve(puzzle, limit, time_limit=60)
        check(puzzle, result, limit)
        if name == "serg_multi_solution.txt":
            assert result.status == "multiple"


@needs_data
@pytest.mark.slow
@pytest.mark.parametrize("name", ["top95.txt", "17_clue.txt", "serg_multi_solution.txt"])
def test_data_sets_layers(name: str) -> None:
    """layers on each kind of puzzle: right whenever it finishes; it finishes on most of a sample
    within a small node budget (the ones it does not are docs/strategies.md's finding)."""
    finished = 0
    puzzles = sample(name, 10, seed=1)
    for puzzle in puzzles:
        limit = 2 if name == "serg_multi_solution.txt" else 1
        result = get("layers").solve(puzzle, limit, node_limit=300_000)
        if result.status != "limit_reached":
            check(puzzle, result, limit)
            finished += 1
        else:
            assert all(s.is_solution_of(puzzle) for s in result.solutions)
    assert finished >= 1


# -- interface: specs, limits, the step log -------------------------------------------------------


def test_specs() -> None:
    """Specs name a strategy and its options; bad ones raise StrategyError (a ValueError)."""
    assert get("csp").spec == "csp:ac,mrv,lex"
    assert get("csp:lcv, fc").spec == "csp:fc,mrv,lcv"
    assert get("CSP:mrv+degree").spec == "csp:ac,mrv-degree,lex"
    assert get("dlx:first").spec == "dlx:first"
    assert get("prune:rule1").spec == "prune:rule1"
    assert len(set(all_specs())) == 12
    assert get("layers").spec == "layers"
    assert get("layers:rows, ORDER").spec == "layers:order,rows"
    assert get("layers:all").spec == get("layers:check,rows,order").spec == LAYERS_BEST
    bad_specs = ("nope", "csp:fc,ac", "csp:xyz", "layers:fast", "layers:order,x", "stack:x", "dlx:max")
    for bad in (*bad_specs, "prune:rule3"):
        with pytest.raises(StrategyError):
            get(bad)
    assert issubclass(StrategyError, ValueError)


def test_solve_with_text_and_limits() -> None:
    """solve_with takes puzzle text; limit < 1 is refused; counting stops at the limit."""
    result = solve_with("dlx", "." * 16, 5)
    assert (result.count, result.status, len(result.solutions)) == (5, "multiple", 5)
    with pytest.raises(ValueError):
        solve_with("dlx", "." * 16, 0)
    data = result.to_dict()
    assert data["status"] == "multiple" and data["stats"]["nodes"] > 0  # type: ignore[index]


def test_stats() -> None:
    """The counters say what each search did."""
    hard = grid(SMALL["9x9-hard"])
    for spec in NAMES:
        stats = get(spec).solve(hard, 1).stats
        assert stats.nodes > 0 and stats.seconds > 0
        assert stats.guesses > 0 and stats.peak_depth > 0
        assert (stats.propagations > 0) == (spec != "layers")
    easy = get("prune").solve(grid(SMALL["9x9"])).stats
    assert (easy.guesses, easy.backtracks, easy.peak_depth) == (0, 0, 0)


def test_stack_log() -> None:
    """The stack strategy logs each placement, push, pop and restore, as records and as text."""
    result = solve_with("stack", SMALL["9x9-hard"], 1, log=True)
    assert result.log is not None
    kinds = {r.kind for r in result.log}
    assert {"init", "place", "push", "guess", "pop", "restore", "solution"} <= kinds
    pushes = sum(r.kind == "push" for r in result.log)
    pops = sum(r.kind == "pop" for r in result.log)
    assert pushes == result.stats.nodes - 1 and pops == result.stats.backtracks
    assert max(r.depth for r in result.log) == result.stats.peak_depth
    guess = next(r for r in result.log if r.kind == "guess")
    assert isinstance(guess, LogRecord) and str(guess).startswith("guess r")
    text = format_log(result.log)
    assert "place r" in text and "push 1" in text
    assert result.log[0].kind == "init" and result.log[-1].kind == "solution"
    assert get("stack").solve(grid(SMALL["9x9"])).log is None


def test_log_refused_elsewhere() -> None:
    """Strategies without a step log say so instead of returning an empty one."""
    with pytest.raises(StrategyError):
        solve_with("dlx", SMALL["9x9"], log=True)


@pytest.mark.parametrize("spec", ["layers", *LAYERS_SPECS])
def test_layers_is_digit_by_digit(spec: str) -> None:
    """layers' node count is one per (digit, row) placement: N² nodes when nothing is undone
    (with or without the options: they choose the order of layers and rows, not what a node is)."""
    full = solve(grid(SMALL["9x9"]))
    puzzle = Grid(tuple(0 if i % 10 == 0 else v for i, v in enumerate(full.cells)), full.shape)
    stats = get(spec).solve(puzzle).stats
    assert stats.peak_depth == 81
    assert stats.nodes >= 81
    assert stats.propagations == 0


def test_layers_options_prune() -> None:
    """The options cut the seed's search. Proving the hard 9×9 puzzle unique (limit 2) takes
    the seed over 3 million placements; the dynamic digit order about 530,000; all three
    options about 83,000, fewer than the forward check alone needs."""
    hard = grid(SMALL["9x9-hard"])
    seed = get("layers").solve(hard, 2, node_limit=1_000_000)
    assert seed.status == "limit_reached"
    ordered = get("layers:order").solve(hard, 2, node_limit=1_000_000)
    check(hard, ordered, 2)
    best = get(LAYERS_BEST).solve(hard, 2, time_limit=30)
    check(hard, best, 2)
    assert best.stats.nodes < ordered.stats.nodes // 4
    checked = get("layers:check").solve(hard, 2, node_limit=2 * best.stats.nodes)
    assert checked.status == "limit_reached"


def test_layers_best_12x12() -> None:
    """The pruned layers also solves the minimal 12×12 puzzle the seed's order cannot."""
    puzzle = grid(GRID_12)
    check(puzzle, get(LAYERS_BEST).solve(puzzle, 2, time_limit=60), 2)
    assert get("layers").solve(puzzle, 1, node_limit=200_000).status == "limit_reached"
