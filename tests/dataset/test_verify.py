"""sudokit.dataset.verify: scoring answers with partial credit and checking moves."""

from __future__ import annotations

from sudokit import Grid, generate, solve
from sudokit.dataset import check_moves, parse_move, rules_checker, score

P4 = "1.3..4.22.4..3.1"
S4 = "1234341221434321"


def test_the_solution_scores_full() -> None:
    s = score(P4, S4)
    assert s.solved and s.correct == s.to_fill == 8 and s.accuracy == 1.0
    assert s.violation_count == 0 and s.solution_status == "unique"
    assert s.to_dict()["accuracy"] == 1.0


def test_partial_credit_and_violations_by_kind() -> None:
    answer = list(map(int, S4))
    answer[1], answer[3] = answer[3], answer[1]  # r1c2 and r1c4 swapped: columns and boxes break
    s = score(P4, answer)
    assert not s.solved and s.correct == 6
    assert s.violations == {"box": 2, "column": 2}
    empty = score(P4, P4)
    assert empty.correct == 0 and empty.empty == 8 and empty.violations == {}
    changed = list(answer)
    changed[0] = 4  # a given changed
    s = score(P4, changed)
    assert s.givens_changed == 1 and s.violations["row"] == 1


def test_score_with_known_solution_and_non_unique_puzzle() -> None:
    assert score(P4, S4, solution=S4).solved
    s = score("." * 16, S4)
    assert s.solution_status == "multiple" and s.correct is None and s.solved


def test_variant_rules_count_their_kinds() -> None:
    grid = generate(seed=4, variant="x")
    answer = solve(grid)
    assert score(grid, answer).solved
    cells = list(answer.cells)
    a, b = 0, 10  # r1c1 and r2c2 are both on the main diagonal and in box 1: swap r1c1 with r1c2
    cells[0], cells[1] = cells[1], cells[0]
    found = rules_checker(grid.all_rules)(cells)
    assert found["column"] == 2 and "row" not in found
    assert score(grid, cells).violations == dict(sorted(found.items()))
    assert a != b


def test_check_moves() -> None:
    good = ["r1c2: 2", (1, 4, 4), "R2C1=3", "r2c3 1"]
    report = check_moves(P4, good)
    assert report.ok and report.correct == 4 and not report.solved
    zero_based = check_moves(P4, [(0, 1, 2)], base=0)
    assert zero_based.ok
    wrong = check_moves(P4, ["r1c2: 2", "r1c4: 1", "r2c1: 3"])
    assert not wrong.ok and wrong.first_wrong == 1 and wrong.correct == 1
    assert wrong.reason == "wrong digit: r1c4 holds 4"
    assert wrong.grid is not None and wrong.grid.cells[1] == 2
    assert check_moves(P4, ["r1c1: 1"]).reason.startswith("given cell")
    assert check_moves(P4, ["r1c2: 2", "r1c2: 2"]).reason.startswith("already filled")
    assert check_moves(P4, ["r9c9: 1"]).reason.startswith("bad move")
    assert check_moves(P4, ["hello"]).first_wrong == 0
    grid = Grid.from_string(P4)
    every = [f"r{c // 4 + 1}c{c % 4 + 1}: {S4[c]}" for c in grid.empty_cells]
    assert check_moves(grid, every).solved
    assert check_moves("." * 16, ["r1c1: 1"]).reason == "no unique solution (multiple)"


def test_parse_move() -> None:
    assert parse_move("r3c6: 5", 9) == (2, 5, 5)
    assert parse_move((3, 6, 5), 9) == (2, 5, 5)
