"""HoDoKu's unique rectangle types 5 and 6 and the hidden rectangle: positions where each
applies (exact eliminations), edits where it must not, and real solving paths."""

from __future__ import annotations

import pytest

from sudokit import Grid, solve
from sudokit.candidates import Candidates, bit
from sudokit.rating.explainer import RATED, rate
from sudokit.techniques import Step, hodoku_score, technique_named, techniques
from sudokit.techniques.explain import explain
from sudokit.techniques.uniqueness import (
    find_hidden_rectangles,
    find_ur_type5,
    find_ur_type6,
)

NEW = ("Unique Rectangle type 5", "Unique Rectangle type 6", "Hidden Rectangle")

# Positions met on solving paths of real puzzles (17-clue list, top95): placed digits, marks.
UR5 = (
    ".....1...........11.8923.4.873.14.292153..47.4967.21.3.49238.1..8714.932321...8.4",
    "......7.9..3.56....2.4........4...8.....567..1.........23..........56.89....56.8.......7.9."
    ".3.56....2.4........4...8.....567......567...23..........56.891........1............56......."
    "...8.........9.2.........3..........567.....4.........567.........8.......7....3..........56."
    "..1...........4.........56....2...............9.2.......1............5......3...........6.89."
    "....6..9...4...........7.......6.8....4.............9.....6.........7......5..8..2.......1..."
    "............8...3..........56......4.............9.2.........3.............8......67..1......"
    "......567......56..........8.......7..1...........4.........56...........9..3.......2........"
    ".3.......2.......1............56.........7.9......7.9.......8.....56......4.....",
)
UR6 = (
    "25.37.86176.2.8..389.5.67.23267.1.58.1582.376.8765321.538.67.2.142985637679.32.8.",
    ".2...........5.......4.......3............7.....4....9.......8......6...1..............7...."
    "...6...1..4......2.......1..4....9.......8....45...9...4....9..3.............8.........91.34."
    "........5....1..4..........6.........7.....4......2.........3.......2............6.........7."
    "....4....91...........4....9....5...........8....4....91............5...........8..2........."
    ".4....9..3............7.......6......4....9.......8.......7.......6.......5......3.......2..."
    "....1...........4....9....5......3.............8.1..4..........6.........7..1..4....9.2......"
    "....4....91...........4......2...............9.......8.....5.........6.....3............7...."
    "...6.........7..........91..4.......3.......2.......1..45...........8....45....",
)
HR = (
    "417369825.3.1........7......2.437.6.....8.4...4..1.......6.3.7.5.32.1...1.48.5...",
    "...4.....1..............7....3...........6...........9.......8..2...........5.....2...6.89.."
    "3.......2..56.891.........2.45.......4...8......67.9...4....9...4.67.9.2...6.89....5..89.2.."
    "56.89......7...2.45.......4...8.1.3..6..91.34....91.34.6..9.......89.2.......1...5..89...4.."
    ".....3............7..1...5...9.....6...1......89..3..67.9....5...91...56..9....5...9......."
    "8..2...6......4.....1.3.5...9123...7.9..3..6789...4.........56.89....5...91.........2...6...."
    "23.5.7.9..3.5..89.23...789.2.....89.......89.2.....89.....6......4....9..3......12..5...9...."
    "..7..12.4...89....5.........6789..3.......2..........4..7.91.............6..9...4...89...4.6."
    "891.............67.9...4............8.......7.9....5.....23..6..9..3.....9.23..6..9",
)

# Puzzles whose paths (techniques up to the hidden rectangle) use type 6 and hidden rectangles.
PATH_PUZZLES = [
    "...5...........5.697.....2...48.2...25.1...3..8..3.........4.7..13.5..9..2...31..",
    "................12..3..4.........3...1.56.....7....48.....1......4...73..9.2.....",
    "................12..3.45...................26.74.3.......17.4..2....6...8.9......",
    "................12..3.45.........4.....1...3...62.7......68...7.1.......54.......",
    ".524.........7.1..............8.2...3.....6...9.5.....1.6.3...........897........",
    ".923.........8.1...........1.7.4...........658.........6.5.2...4.....7.....9.....",
    ".47.8...1............6..7..6....357......5....1..6....28..4.....9.1...4.....2.69.",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
    "....14....3....2...7..........9...3.6.1.............8.2.....1.4....5.6.....7.8...",
]


def _position(case: tuple[str, str]) -> Candidates:
    """The candidates of a stored position."""
    values, marks = case
    return Candidates.from_string(marks, Grid.from_string(values))


def _add(cands: Candidates, cell: int, digit: int) -> Candidates:
    """A copy of ``cands`` with one more candidate (an edit that breaks a pattern)."""
    edited = cands.copy()
    assert not edited.values[cell] and not edited.has(cell, digit)
    edited.masks[cell] |= bit(digit)
    return edited


def _check_step(step: Step, name: str, difficulty: float) -> None:
    """A step of one of the new techniques is filled like the other uniqueness steps."""
    assert step.technique == name
    assert step.difficulty == difficulty
    assert step.extra["hodoku"] == 100
    assert len(step.cells) == 4 and len(step.candidates) == 8
    assert "deadly pattern" in step.explanation


def test_ur_type5_three_cells() -> None:
    steps = list(find_ur_type5(_position(UR5)))
    assert [s.eliminations for s in steps] == [((8, 5),)]  # r1c9<>5
    assert sorted(steps[0].cells) == [24, 26, 60, 62]  # r3c7 r3c9 r7c7 r7c9 on 6/7
    _check_step(steps[0], "Unique Rectangle type 5", 4.5)


def test_ur_type5_silent_when_extras_differ() -> None:
    cands = _add(_position(UR5), 62, 8)  # r7c9 gets a second extra digit
    assert list(find_ur_type5(cands)) == []


def test_ur_type6_diagonal() -> None:
    steps = list(find_ur_type6(_position(UR6)))
    assert [s.eliminations for s in steps] == [((13, 1), (20, 1))]  # r2c5<>1, r3c3<>1
    _check_step(steps[0], "Unique Rectangle type 6", 4.6)
    assert len(steps[0].units) == 4  # rows 2, 3 and columns 3, 5


def test_ur_type6_silent_when_digit_not_locked() -> None:
    cands = _position(UR6)
    free = next(c for c in cands.shape.rows[1] if not cands.values[c] and c not in (11, 13))
    edited = _add(cands, free, 1)  # 1 gets another place in row 2
    assert all((13, 1) not in s.eliminations for s in find_ur_type6(edited))


def test_hidden_rectangle() -> None:
    steps = list(find_hidden_rectangles(_position(HR)))
    assert [s.eliminations for s in steps] == [((64, 9),)]  # r8c2<>9
    _check_step(steps[0], "Hidden Rectangle", 4.6)
    assert len(steps[0].units) == 2  # row 8 and column 2


def test_hidden_rectangle_silent_when_digit_has_another_place() -> None:
    cands = _position(HR)
    free = next(c for c in cands.shape.rows[7] if not cands.values[c] and c not in (64, 67)
                and not cands.has(c, 7))
    assert list(find_hidden_rectangles(_add(cands, free, 7))) == []


def test_registered_after_unique_rectangle_outside_se() -> None:
    names = [t.name for t in techniques()]
    at = names.index("Unique Rectangle")
    assert names[at + 1 : at + 4] == list(NEW)
    assert all(name not in [t.name for t in techniques(se_only=True)] for name in NEW)
    assert all(technique_named(name).hodoku == 100 for name in NEW)


def test_hodoku_level_hard() -> None:
    step = next(iter(find_hidden_rectangles(_position(HR))))
    assert hodoku_score([step]) == (100, "Hard")


@pytest.mark.parametrize("puzzle", PATH_PUZZLES)
def test_paths_keep_the_solution(puzzle: str) -> None:
    grid = Grid.from_string(puzzle)
    solution = solve(grid)
    names = [t.name for t in techniques()]
    chosen = techniques()[: names.index("Hidden Rectangle") + 1]
    for step in explain(grid, chosen=chosen):
        assert all(solution[c] != d for c, d in step.eliminations), step
        assert all(solution[c] == d for c, d in step.placements), step


def test_paths_use_the_new_techniques() -> None:
    names = [t.name for t in techniques()]
    chosen = techniques()[: names.index("Hidden Rectangle") + 1]
    used = {s.technique for p in PATH_PUZZLES[:7] for s in explain(Grid.from_string(p), chosen=chosen)}
    assert {"Unique Rectangle type 6", "Hidden Rectangle"} <= used


@pytest.mark.parametrize("puzzle", PATH_PUZZLES[:7])
def test_default_paths_keep_the_solution(puzzle: str) -> None:
    grid = Grid.from_string(puzzle)
    solution = solve(grid)
    for step in explain(grid):
        assert all(solution[c] != d for c, d in step.eliminations), step
    rating = rate(grid, hodoku_path=True)  # checks every step against the solution
    assert rating.status == RATED


# A magictour top1465 position: r4c8 (8/9) has lost 3 and 6 to eliminations, yet HoDoKu (which
# by default allows missing candidates) still sees r4c6, r4c8, r6c6, r6c8 as a rectangle.
MISSING = (
    "1.........23.....9.2....7.9..3..67.....4............8.....567...2..567...2..567...234..7.."
    "....5.....2.4..78.1.3..67..123..6...12...67..........912...678..2.4.678..2.4..7...2.4...8."
    ".....6...1.....7..12..5...912..5.7.9..3......12....78..2.4..78....4....91..4.6..91..4....9"
    "....5..........7..1.34.6....2..............89.......89.......8.12.4.6..9..3......1..4.6..."
    "12...6...12.4.6...1..45.7......5.7.9....5.7.9.2.45.7..12.4.6...12.45.7..........9.......8."
    "1234.6...1..4.......3..6.....3..6....23.5...9.23....89.2..5..89..3..678...3.56..9....567.9"
    "....5678....4.....1.............6.........7..1..45..891.34...8.1.3.5...91..45...9....5..8."
    ".23.5...9.23.5...9..345...91.34...891..45..89.2.......1.3.56..91..4567.9....5678...3.567.9"
    "..3.567.9"
)


def test_hidden_rectangle_with_missing_candidates() -> None:
    cands = Candidates.from_string(MISSING)
    assert cands.masks[34] == bit(8) | bit(9)
    steps = list(find_hidden_rectangles(cands))
    assert [(s.eliminations, sorted(s.cells)) for s in steps] == [
        (((32, 6),), [32, 34, 50, 52]),
        (((32, 6),), [32, 35, 50, 53]),
    ]


def test_missing_candidate_seen_by_a_placed_digit_is_no_rectangle() -> None:
    cands = Candidates.from_string(MISSING)
    cands.values[29], cands.masks[29] = 3, 0  # r4c3 = 3: r4c8 cannot be 3 at all
    assert all(s.cells[1] not in (34, 35) for s in find_hidden_rectangles(cands))
