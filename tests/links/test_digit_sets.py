"""Digit sets other than 1…N (#25): a SudokuPad puzzle whose rules text says "digits 0-3" is read
with the rules' digit set 0…3, and solving, checking, drawing and the JSON form follow it. The
puzzles are built here from a 4×4 grid (no published puzzle or solution); the answers are checked
against the rules, not stored."""

from __future__ import annotations

import json
import re

import pytest

from sudokit import Grid, is_unique, solve
from sudokit.formats.links import LinkRefused, read_link
from sudokit.render.svg import grid as svg_grid
from sudokit.rules import check
from tests.helpers.cli import run_cli

from .builders import S4, fpuzzles, scl, scl_puzzle

#: The 4×4 grid with the digits 0…3 (S4 less one in every cell).
Z4 = tuple(v - 1 for v in S4)
RULES = "Normal sudoku rules apply, using the digits 0-3. Digits in a cage add up to the clue."
#: A cage over r1c1, r1c2 (0 and 1 in Z4): its total 1 is only possible with a 0 in it.
CAGE = {"cages": [{"cells": [[0, 0], [0, 1]], "value": "1"}]}


def _link(givens: dict[tuple[int, int], int], rules: str = RULES) -> str:
    return scl(scl_puzzle(4, givens, rules=rules, **CAGE))


def _unique_link() -> tuple[str, dict[tuple[int, int], int]]:
    """Givens of Z4 (0 among them) added in a fixed order until the link's puzzle is unique."""
    givens: dict[tuple[int, int], int] = {(1, 2): Z4[6]}  # r2c3 holds 0
    assert givens[(1, 2)] == 0
    for cell in [(i * 7) % 16 for i in range(16)]:
        link = _link(givens)
        if is_unique(Grid.from_string(link)):
            return link, givens
        givens[divmod(cell, 4)] = Z4[cell]
    raise AssertionError("Z4's givens never made the puzzle unique")


def test_a_sudokupad_rules_text_gives_the_digits_0_to_3() -> None:
    link, givens = _unique_link()
    puzzle = read_link(link)
    assert puzzle.rules.digits == (0, 1, 2, 3)
    grid = Grid.from_string(link)
    digits = grid.all_rules.digits
    assert digits is not None
    read = {divmod(cell, 4): digits[v - 1] for cell, v in enumerate(grid.cells) if v}
    assert read == givens
    answer = solve(grid)
    shown = tuple(digits[v - 1] for v in answer.cells)
    assert check(grid.all_rules, answer.cells) == [] and shown == Z4  # the only grid the rules allow
    assert sorted(set(shown)) == [0, 1, 2, 3]


def test_the_digit_set_is_drawn_and_kept_in_the_json_form(capsys: pytest.CaptureFixture[str]) -> None:
    link, givens = _unique_link()
    grid = Grid.from_string(link)
    drawn = re.findall(r'class="given"[^>]*>([^<]+)<', svg_grid(grid))
    assert sorted(drawn) == sorted(str(v) for v in givens.values()) and "0" in drawn
    data = json.loads(grid.to_json())
    assert data["digits"] == [0, 1, 2, 3]
    assert Grid.from_json(grid.to_json()).all_rules == grid.all_rules
    status, out, err = run_cli(capsys, "render", link, "-o", "-")
    assert status == 0, err
    assert sorted(re.findall(r'class="given"[^>]*>([^<]+)<', out)) == sorted(drawn)
    status, out, err = run_cli(capsys, "check", link)
    assert status == 0 and "one solution" in out, err
    # The cage counts the digits themselves: 0 + 1 meets its total 1, 2 + 3 breaks it.
    values = list(solve(grid).cells)
    assert not [v for v in check(grid.all_rules, values) if v.kind == "cage"]
    values[0], values[1] = 3, 4  # the values of the digits 2 and 3
    assert [v.kind for v in check(grid.all_rules, values) if v.kind == "cage"] == ["cage"]


@pytest.mark.parametrize(("rules", "reason"), [
    ("Normal sudoku rules apply, using the digits 0-4.", "digits 0-4"),  # five digits on a 4×4
    ("Place the digits 1-3 and a blank in each row.", "digits 1-3"),
])
def test_other_digit_sets_are_refused_by_name(rules: str, reason: str) -> None:
    with pytest.raises(LinkRefused, match=reason):
        read_link(_link({(0, 0): 1}, rules))


def test_a_0_given_without_the_digit_set_is_refused() -> None:
    with pytest.raises(LinkRefused, match=r"the given 0 at r1c1 \(digits are 1-4\)"):
        read_link(scl(scl_puzzle(4, {(0, 0): 0}, rules="Normal sudoku rules apply.")))
    with pytest.raises(LinkRefused, match="digits 0-3"):  # f-puzzles has no digit set: refused
        read_link(fpuzzles(4, ruleset="Normal sudoku rules apply, using the digits 0-3."))


def test_show_writes_the_set_s_digits(capsys: pytest.CaptureFixture[str]) -> None:
    link, givens = _unique_link()
    status, out, err = run_cli(capsys, "show", link)
    assert status == 0, err
    rows = [line for line in out.splitlines() if line.startswith("│")]
    shown = [ch for row in rows for ch in row if ch.isdigit() or ch == "."]
    assert shown == [str(givens[(r, c)]) if (r, c) in givens else "." for r in range(4) for c in range(4)]


@pytest.mark.parametrize("form", ["line", "block", "csv", "numbers"])
def test_solve_writes_the_answer_in_the_set_s_digits(capsys: pytest.CaptureFixture[str], form: str) -> None:
    link, _givens = _unique_link()
    status, out, err = run_cli(capsys, "solve", "--form", form, link)
    assert status == 0, err
    shown = [int(ch) for ch in out if ch.isdigit()]
    assert shown == list(Z4)  # the rules allow only Z4 (first test), written 0…3, not 1…4
    status, out, err = run_cli(capsys, "solve", "--json", link)
    record = json.loads(out)  # the JSON record keeps sudokit's JSON form: values 1…4 and the set
    assert record["rules"]["digits"] == [0, 1, 2, 3]
    assert [record["rules"]["digits"][int(ch) - 1] for ch in record["solution"]] == list(Z4)
