"""HoDoKu 2.2's own path (sudokit.rating.hodoku.path): order, choices, singles queues, scores and levels.

The expected levels, scores and steps were printed by HoDoKu 2.2 itself (its batch solver with
default settings, built beside the project) for these puzzles.
"""

from __future__ import annotations

import pytest

from sudokit import rate
from sudokit.errors import OptionError
from sudokit.grid import Grid
from sudokit.rating.hodoku.board import Board
from sudokit.rating.hodoku.path import HODOKU_STEPS, hodoku_level, hodoku_path
from sudokit.rating.hodoku.path import brute_force as _brute_force

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SKY = ".357..86.......2....6.2...5.2.....4...9..6..7...........7.61.3..1..5......439...."
XY = "8...4.....1.7.5..69.........5......1.7..14.28.....63....8...2.4...36.1.......8.6."


def cell(name: str) -> int:
    """Cell number of ``r1c1``-style names."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


@pytest.mark.parametrize(
    ("puzzle", "level", "score"),
    [
        (TOP95_1, "medium", 696),
        ("52...6.........7.13...........4..8..6......5...........418.........3..2...87.....", "medium", 756),
        ("48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....", "unfair", 1706),
        ("......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.", "medium", 836),
        (SKY, "unfair", 1292),
        (XY, "extreme", 2288),
    ],
)
def test_level_and_score_equal_hodoku(puzzle: str, level: str, score: int) -> None:
    r = rate(puzzle, hodoku_path=True)
    assert (r.level, r.score) == (level, score)


def test_singles_come_from_hodoku_queues() -> None:
    # HoDoKu: three hidden singles r8c6=1, r6c2=4, r8c3=3, then a locked triple in r7c123
    path, solved = hodoku_path(Grid.from_string(TOP95_1))
    assert solved
    assert [s.kind for s in path[:4]] == ["HIDDEN_SINGLE"] * 3 + ["LOCKED_TRIPLE"]
    assert [s.step.placements[0] for s in path[:3]] == [(cell("r8c6"), 1), (cell("r6c2"), 4),
                                                         (cell("r8c3"), 3)]
    # the locked triple's eliminations in HoDoKu's order (box first, then the row)
    assert path[3].step.eliminations[:3] == ((cell("r7c5"), 9), (cell("r7c7"), 2), (cell("r7c7"), 9))


def test_skyscraper_is_the_first_found_not_the_best() -> None:
    # two skyscrapers at once: HoDoKu takes the 2-elimination one on digit 2 (digits in order)
    path, _ = hodoku_path(Grid.from_string(SKY))
    assert path[8].kind == "SKYSCRAPER"
    assert path[8].step.eliminations == ((cell("r6c9"), 2), (cell("r9c8"), 2))
    assert path[9].step.eliminations == ((cell("r3c7"), 3), (cell("r4c9"), 3), (cell("r6c9"), 3))


def test_xy_chain_found_before_nice_loops() -> None:
    path, _ = hodoku_path(Grid.from_string(XY))
    kinds = [s.kind for s in path[46:50]]
    assert kinds == ["HIDDEN_SINGLE", "W_WING", "HIDDEN_RECTANGLE", "XY_CHAIN"]


def test_hodoku_levels_are_22_defaults() -> None:
    assert hodoku_level(800, 0) == "Easy"
    assert hodoku_level(801, 0) == "Medium"
    assert hodoku_level(1000, 1) == "Medium"
    assert hodoku_level(1001, 1) == "Hard"
    assert hodoku_level(1601, 2) == "Unfair"
    assert hodoku_level(1801, 0) == "Extreme"
    assert hodoku_level(100, 4) == "Extreme"


def test_step_order_follows_hodoku() -> None:
    kinds = [k.kind for k in HODOKU_STEPS]
    assert kinds[:7] == ["FULL_HOUSE", "NAKED_SINGLE", "HIDDEN_SINGLE", "LOCKED_PAIR",
                         "LOCKED_TRIPLE", "LOCKED_CANDIDATES_1", "LOCKED_CANDIDATES_2"]
    assert kinds.index("REMOTE_PAIR") < kinds.index("SKYSCRAPER") < kinds.index("TURBOT_FISH")
    assert kinds.index("SIMPLE_COLORS") > kinds.index("SUE_DE_COQ")


def test_board_queues_follow_placements() -> None:
    # a row with one empty cell: a naked single is queued (and a hidden single for each unit)
    givens = [0] * 81
    for i, d in enumerate([1, 2, 3, 4, 5, 6, 7, 8]):
        givens[i] = d
    board = Board(givens)
    assert (8, 9) in board.naked
    assert (8, 9) in board.hidden


def test_brute_force_takes_the_middle_empty_cell() -> None:
    # HoDoKu's last resort: the middle one of the empty cells (in cell order) gets its digit
    grid = Grid.from_string(TOP95_1)
    board = Board(grid.cells)
    solution = tuple(range(81))
    empty = [c for c in range(81) if not grid.cells[c]]
    step = _brute_force(board, solution)
    assert (step.kind, step.score) == ("BRUTE_FORCE", 10000)
    assert step.step.placements == ((empty[len(empty) // 2], empty[len(empty) // 2]),)


def test_only_classic_grids() -> None:
    with pytest.raises(OptionError):
        hodoku_path(Grid.from_string("." * 16))


def test_xy_chain_never_loops_back_to_its_start() -> None:
    # r6c2 (7/9) starts a chain that comes back to it; HoDoKu never takes that loop and
    # chooses the 2-elimination chain 8- r3c2 -7- r6c2 -9- r6c3 -5- r5c3 -8
    path, _ = hodoku_path(Grid.from_string(
        "3..12.7.8.5...7.....6..9.............2.93...4.....81.38....259....4.......7.....1"))
    assert path[14].kind == "XY_CHAIN"
    assert path[14].step.eliminations == ((cell("r2c3"), 8), (cell("r4c2"), 8))


ALS_PUZZLE = ".1..........82..3.4......97..37...5....5..972.....6...2..9....6.9...5.....5.4...."
DOUBLY = "6.5..1..7...3.....3.47...5.....4.8.616...3.....7.....2.......2857.9.........6...."
SDC = "...........9...6..1.4..5.39...1845....7.......4..7.3..2......5..6...2....9.541.2."


def test_als_xz_is_the_first_in_hodoku_order() -> None:
    # HoDoKu takes the first ALS-XZ of its restricted common list, not the one its sort prefers
    path, _ = hodoku_path(Grid.from_string(ALS_PUZZLE))
    assert path[10].kind == "ALS_XZ"
    assert path[10].step.eliminations == ((cell("r4c6"), 9),)


def test_doubly_linked_als_xz() -> None:
    # A=r4c12346 {123579}, B=r12356c5 {125789}, X=1,7: the rest of each ALS is locked
    path, _ = hodoku_path(Grid.from_string(DOUBLY))
    assert path[6].kind == "ALS_XZ"
    assert path[6].step.eliminations == (
        (cell("r4c8"), 3), (cell("r6c2"), 3), (cell("r4c8"), 9), (cell("r8c5"), 2), (cell("r7c5"), 5),
        (cell("r8c5"), 8))
    assert sum(s.score for s in path) == 5032


def test_sue_de_coq_is_the_first_in_hodoku_order() -> None:
    # r7c456 {36789} with r7c23 {178} and r8c5 {39}: box eliminations first, then the row's
    path, _ = hodoku_path(Grid.from_string(SDC))
    assert path[10].kind == "SUE_DE_COQ"
    assert path[10].step.eliminations == (
        (cell("r8c4"), 3), (cell("r8c4"), 9), (cell("r7c7"), 7), (cell("r7c7"), 8), (cell("r7c9"), 7),
        (cell("r7c9"), 8))
    r = rate(SDC, hodoku_path=True)
    assert (r.level, r.score) == ("unfair", 1228)


def test_unique_rectangle_type_3_hodoku_finds() -> None:
    # 1/4 in r1c28,r3c28; r1c2 and r3c2 add 3,6,7 and make a naked subset with cells of column
    # 2 (3,6,7,9): sudokit's own finder missed it and took a UR type 4 next
    puzzle = "...5..9...2.....6...9.8.3....1...5...8......4.5...7631...7.....1.4..62......1...."
    path, _ = hodoku_path(Grid.from_string(puzzle))
    assert path[9].kind == "UNIQUENESS_3"
    assert path[9].step.eliminations == tuple((cell("r4c2"), d) for d in (3, 6, 7, 9))
    assert sum(s.score for s in path) == 656
