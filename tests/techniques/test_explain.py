"""explain() and hint(): whole solving paths checked against the solution, the player's hints,
and the ``sudokit explain`` / ``sudokit hint`` commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudokit import Grid, solve
from sudokit.candidates import Candidates, bit
from sudokit.cli import main
from sudokit.errors import MultipleSolutionsError
from sudokit.techniques import techniques
from sudokit.techniques.explain import explain, hint
from tests.helpers.paths import SHARED_DATA

DATA = SHARED_DATA
EASY = "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361"
#: A puzzle needing chains (SE 8.3): without them explanation gets stuck.
HARD = "..34......5...912.7...2.....1.5.7..86...9...7.......34..2.............9.9...61.75"
#: The chain helper's modules (slow; tested on their own).
CHAIN_MODULES = {"sudokit.techniques.chains", "sudokit.techniques.forcing", "sudokit.techniques.nested"}


def _sample(part: slice) -> list[str]:
    """Part of the sample, 200 cbg-000 puzzles then 10 from top95 (skipped when the shared data is
    absent)."""
    rated, top = DATA / "ratings" / "cbg-000_SER.tsv", DATA / "top95.txt"
    if not rated.exists() or not top.exists():
        pytest.skip("shared data not available")
    cbg = [ln.split("\t")[0] for ln in rated.read_text().splitlines() if not ln.startswith("#")]
    hard = [ln.strip() for ln in top.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    return (cbg[:200] + hard[:10])[part]


#: The sample in parts that run in parallel: each half of the cbg-000 puzzles, and each top95
#: puzzle alone (two of them take a minute in Python: Kraken and Franken fish on every step).
PARTS = [slice(0, 100), slice(100, 200), *(slice(i, i + 1) for i in range(200, 210))]


@pytest.mark.slow
@pytest.mark.parametrize("part", PARTS, ids=["cbg-000 1-100", "cbg-000 101-200",
                                             *(f"top95 {i}" for i in range(1, 11))])
def test_no_step_ever_contradicts_the_solution(part: slice) -> None:
    """Every technique except the chain ones, on whole paths: no true candidate removed, no wrong
    digit placed (a stuck path just stops); each half of the cbg-000 sample meets the techniques
    named below."""
    use = [t for t in techniques() if t.finder().__module__ not in CHAIN_MODULES]
    seen: set[str] = set()
    for puzzle in _sample(part):
        grid = Grid.from_string(puzzle)
        solution = solve(grid).cells
        for step in explain(grid, chosen=use):
            seen.add(step.technique)
            assert all(solution[c] == d for c, d in step.placements), step
            assert all(solution[c] != d for c, d in step.eliminations), step
    if part.stop <= 200:
        assert {"Hidden Single", "Naked Pair", "X-Wing", "XY-Wing", "ALS-XZ", "Skyscraper"} <= seen


def test_explain_solves_and_every_step_changes_something() -> None:
    steps = list(explain(Grid.from_string(EASY)))
    assert steps and all(s.placements or s.eliminations for s in steps)
    cands = Candidates.from_grid(Grid.from_string(EASY))
    for step in steps:
        step.apply(cands)
    assert cands.to_grid() == solve(EASY)
    assert max(s.difficulty for s in explain(Grid.from_string(EASY), se_only=True)) == 2.0


def test_explain_ends_with_stuck_when_no_technique_applies() -> None:
    use = [t for t in techniques() if t.difficulty < 6.5 and t.se]
    steps = list(explain(Grid.from_string(HARD), chosen=use))
    assert steps[-1].technique == "Stuck"
    assert not steps[-1].placements and not steps[-1].eliminations
    assert all(s.technique != "Stuck" for s in steps[:-1])


def test_explain_refuses_a_puzzle_with_several_solutions() -> None:
    with pytest.raises(MultipleSolutionsError):
        next(explain(Grid.from_string("." * 81)))


def test_hint_gives_the_first_step() -> None:
    step = hint(Grid.from_string(EASY)).step
    assert step == next(explain(Grid.from_string(EASY)))


def test_hint_flags_a_wrong_digit() -> None:
    puzzle = Grid.from_string(EASY)
    solution = solve(puzzle)
    cell = puzzle.empty_cells[0]
    wrong = next(d for d in sorted(puzzle.candidates(cell)) if d != solution[cell])
    player = puzzle.with_cell(cell, wrong)
    step = hint(player, puzzle=Grid.from_string(EASY)).step
    assert step.technique == "Wrong Digit" and step.cells == (cell,)
    assert step.candidates == ((cell, wrong),)


def test_hint_flags_a_duplicate() -> None:
    grid = Grid.from_string(EASY).with_cell(0, 4)  # 4 is already in row 1
    step = hint(grid).step
    assert step.technique == "Wrong Digit" and 0 in step.cells


def test_hint_flags_a_missing_pencil_mark() -> None:
    grid = Grid.from_string(EASY)
    marks = Candidates.from_grid(grid)
    cell = grid.empty_cells[5]
    marks.masks[cell] &= ~bit(solve(grid)[cell])
    step = hint(grid, marks).step
    assert step.technique == "Missing Candidate" and step.cells == (cell,)


def test_hint_uses_the_players_pencil_marks() -> None:
    grid = Grid.from_string(EASY)
    solution = solve(grid)
    marks = Candidates.from_grid(grid)
    cell = grid.empty_cells[0]
    marks.masks[cell] = bit(solution[cell])  # the player already narrowed this cell down
    step = hint(grid, marks, chosen=[t for t in techniques() if t.name == "Naked Single"]).step
    assert step.technique == "Naked Single" and step.placements == ((cell, solution[cell]),)


def test_hint_on_a_solved_grid() -> None:
    assert hint(solve(EASY)).technique == "Solved"


def test_cli_explain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", EASY]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("1. ") and out[-1].startswith("Solved in 55 steps; hardest step 2.0;")
    assert main(["explain", "--json", "--se", EASY]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert set(first) >= {"technique", "difficulty", "placements", "eliminations", "explanation"}


def test_cli_hint(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["hint", EASY]) == 0
    assert capsys.readouterr().out.startswith("Hidden Single (1.2): In box 1")
    marks = Candidates.from_grid(Grid.from_string(EASY))
    marks_file = tmp_path / "marks.txt"
    marks_file.write_text(marks.to_grid_string())
    assert main(["hint", EASY, "--marks", str(marks_file)]) == 0
    capsys.readouterr()
    bad = "2" + EASY[1:]
    assert main(["hint", bad, "--puzzle", EASY]) == 1
    assert "Wrong Digit" in capsys.readouterr().out
    assert main(["explain", "not a puzzle"]) == 2


@pytest.mark.parametrize(
    "puzzle",
    [
        ".........5424...1...6..5.5...316....",  # 6×6, boxes 2×3
        ".1..4...8...4.....72...A.97....A.35.15..9.....B....4...3.CA...837.C.........1.8....42..5B..."
        "..........25..9..6..25..9...5.4C...9.8...A98.C...B4.",  # 12×12, boxes 3×4
    ],
)
def test_techniques_work_on_other_grid_sizes(puzzle: str) -> None:
    grid = Grid.from_string(puzzle)
    solution = solve(grid).cells
    use = [t for t in techniques() if t.finder().__module__ not in CHAIN_MODULES]
    steps = list(explain(grid, chosen=use))
    assert len(steps) > 10
    for step in steps:
        assert all(solution[c] == d for c, d in step.placements), step
        assert all(solution[c] != d for c, d in step.eliminations), step
