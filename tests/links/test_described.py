"""Line kinds and marks the rules text describes rather than names (#25): German whispers ("adjacent
digits on a green line differ by at least 5"), renban ("a set of consecutive digits in any order"),
region sums cut by box borders into segments (a closed loop among them), parity marks of a colour
("the yellow circles contain odd digits"), zipper lines' centre marks (SudokuPad and f-puzzles'
drawn lines); and the near misses that must stay refused. Counts are checked against a brute force
over every 4×4 grid."""

from __future__ import annotations

from typing import Any

import pytest

from sudokit import Grid, count_solutions
from sudokit.formats.links import LinkRefused, read_link

from .builders import Cell, Rule, at, brute4, fp_cell, fpuzzles, renban, scl, scl_puzzle

GREEN, PINK, CYAN, YELLOW = "#67F067", "#F067F0", "#2ECBFF", "#FFD700"


def count(link: str) -> int:
    return count_solutions(Grid.from_string(link), limit=400)


def line(colour: str, *cells: Cell) -> dict[str, Any]:
    return {"wayPoints": [[r + 0.5, c + 0.5] for r, c in cells], "color": colour, "thickness": 10}


def mark(cell: Cell, colour: str, rounded: bool) -> dict[str, Any]:
    return {"center": [cell[0] + 0.5, cell[1] + 0.5], "width": 0.7, "height": 0.7, "rounded": rounded,
            "backgroundColor": colour, "borderColor": colour}


@pytest.mark.parametrize("sentence", [
    "Adjacent digits on a green line differ by 5 or more.",
    "Adjacent digits on a green line must differ by at least 5.",
    "Tentacles: Adjacent digits along a tentacle (green line) differ by at least 5.",
    "Adjacent digits along a green line must have a difference of at least five.",
])
def test_german_whispers_described(sentence: str) -> None:
    link = scl(scl_puzzle(9, rules="Normal sudoku rules apply. " + sentence,
                          lines=[line(GREEN, (0, 0), (0, 1), (1, 2))]))
    (whisper,) = read_link(link).rules.constraints
    assert whisper.kind == "germanwhisper"


@pytest.mark.parametrize("sentence", [
    "Adjacent digits on a green line differ by at least 4.",  # not German whispers' gap
    "Adjacent digits on a line differ by at least 5.",  # which line is not said
    "Adjacent digits on a red line differ by at least 5.",  # another colour's rule
])
def test_whisper_descriptions_that_do_not_fit_are_refused(sentence: str) -> None:
    with pytest.raises(LinkRefused):
        read_link(scl(scl_puzzle(9, rules=sentence, lines=[line(GREEN, (0, 0), (0, 1), (1, 2))])))


def test_renban_described() -> None:
    cells = [(0, 0), (1, 1), (2, 1)]
    for text in ("Digits on a purple line comprise a set of non-repeating, consecutive digits "
                 "(in any order).",
                 "The fish (pink line) consists of a set of consecutive, non-repeating digits "
                 "in some order."):
        link = scl(scl_puzzle(4, rules=text, lines=[line(PINK, *cells)]))
        assert [c.kind for c in read_link(link).rules.constraints] == ["renban"]
        assert count(link) == len(brute4([renban(cells)]))
    for text in ("Digits on a purple line are a set of non-consecutive digits in any order.",
                 "Digits on a purple line are consecutive."):
        with pytest.raises(LinkRefused):
            read_link(scl(scl_puzzle(4, rules=text, lines=[line(PINK, *cells)])))


REGION_SUM_TEXT = ("Box borders separate blue lines into segments. Digits on each segment of the same line "
                   "sum to the same value. Different lines may have different segment sums.")


def test_region_sum_segments_described_on_a_closed_loop() -> None:
    loop = line(CYAN, (0, 1), (0, 2), (1, 2), (1, 1), (0, 1))
    for text in (REGION_SUM_TEXT, REGION_SUM_TEXT + " Different segments in the same box sum individually."):
        link = scl(scl_puzzle(4, rules=text, lines=[loop]))
        assert [c.kind for c in read_link(link).rules.constraints] == ["regionsum"]
        # the loop's two ends join in the first box: one segment there, not two
        same = brute4([lambda g: at(g, (0, 1)) + at(g, (1, 1)) == at(g, (0, 2)) + at(g, (1, 2))])
        assert count(link) == len(same)
    with pytest.raises(LinkRefused):  # segments named, their sums not
        read_link(scl(scl_puzzle(4, rules="Box borders separate blue lines into segments.", lines=[loop])))


def test_parity_marks_of_a_colour() -> None:
    text = "The yellow circles contain odd digits. The yellow squares contain even digits."
    marks = [mark((0, 0), YELLOW, True), mark((1, 1), YELLOW, False), mark((3, 2), YELLOW, False)]
    link = scl(scl_puzzle(4, rules="Normal sudoku rules apply. " + text, underlays=marks))
    assert sorted(c.kind for c in read_link(link).rules.constraints) == ["even", "even", "odd"]
    expected = brute4([lambda g: at(g, (0, 0)) % 2 == 1, lambda g: at(g, (1, 1)) % 2 == 0,
                       lambda g: at(g, (3, 2)) % 2 == 0])
    assert count(link) == len(expected)
    for other in ("The green circles contain odd digits. The yellow squares contain even digits.",
                  "The yellow circles contain odd digits. The yellow circles contain even digits. "
                  "The yellow squares contain even digits."):
        with pytest.raises(LinkRefused):
            read_link(scl(scl_puzzle(4, rules=other, underlays=marks)))


LAVENDER = "#CDB1EC"
ZIPPER_TEXT = ("Digits an equal distance from the center of a lavender zipper line sum to the same total. "
               "For odd-length lines, the total is the digit placed in the line's (circled) center. "
               "Digits may repeat on a zipper line.")


def zipper(cells: list[Cell]) -> Rule:
    k = len(cells)
    if k % 2:
        return lambda g: all(at(g, cells[i]) + at(g, cells[k - 1 - i]) == at(g, cells[k // 2])
                             for i in range(k // 2))
    return lambda g: len({at(g, cells[i]) + at(g, cells[k - 1 - i]) for i in range(k // 2)}) == 1


def test_zipper_centre_dots_and_an_invisible_underlay_are_read() -> None:
    cells = [(0, 0), (1, 0), (1, 1), (1, 2), (0, 2)]
    dot = {**mark((1, 1), LAVENDER, True), "width": 0.44, "height": 0.44}
    board = {"center": [2, 2], "width": 4.1, "height": 4.1, "rounded": False, "backgroundColor": "#FFFFFF00"}
    link = scl(scl_puzzle(4, rules=ZIPPER_TEXT, lines=[line(LAVENDER, *cells)], underlays=[dot, board]))
    assert [c.kind for c in read_link(link).rules.constraints] == ["zipper"]
    assert count(link) == len(brute4([zipper(cells)]))
    off_centre = {**dot, "center": [1.5, 0.5]}
    with pytest.raises(LinkRefused, match="circle"):  # a dot elsewhere is not the centre's mark
        read_link(scl(scl_puzzle(4, rules=ZIPPER_TEXT, lines=[line(LAVENDER, *cells)],
                                 underlays=[off_centre])))
    seen = {**board, "backgroundColor": "#FFFFFF80"}
    with pytest.raises(LinkRefused):  # one that shows is no longer ignored
        read_link(scl(scl_puzzle(4, rules=ZIPPER_TEXT, lines=[line(LAVENDER, *cells)], underlays=[seen])))


def test_fpuzzles_zipper_lines_drawn_with_centre_marks() -> None:
    odd, even = [(0, 0), (1, 0), (1, 1), (1, 2), (0, 2)], [(3, 0), (3, 1), (3, 2), (3, 3)]
    drawing = {"line": [{"lines": [[fp_cell(c) for c in odd]], "outlineC": LAVENDER, "width": 0.3},
                        {"lines": [[fp_cell(c) for c in even]], "outlineC": LAVENDER, "width": 0.3}],
               "circle": [{"cells": [fp_cell((1, 1))], "baseC": LAVENDER, "outlineC": LAVENDER,
                           "width": 0.4, "height": 0.4}],
               "rectangle": [{"cells": [fp_cell((3, 1)), fp_cell((3, 2))], "baseC": LAVENDER,
                              "outlineC": LAVENDER, "width": 0.4, "height": 0.4, "angle": 45}]}
    link = fpuzzles(4, ruleset=ZIPPER_TEXT, **drawing)
    assert [c.kind for c in read_link(link).rules.constraints] == ["zipper", "zipper"]
    assert count(link) == len(brute4([zipper(odd), zipper(even)]))
    moved = {**drawing, "circle": [{**drawing["circle"][0], "cells": [fp_cell((0, 0))]}]}
    with pytest.raises(LinkRefused, match="circle"):
        read_link(fpuzzles(4, ruleset=ZIPPER_TEXT, **moved))
    with pytest.raises(LinkRefused, match="line"):  # the text names no line kind of that colour
        read_link(fpuzzles(4, ruleset="Normal sudoku rules apply.", **drawing))


FORTRESS = "Grey cells contain digits larger than any orthogonally adjacent white cell."


@pytest.mark.parametrize(("kind", "text", "greater"), [
    ("maximum", FORTRESS, True),
    ("minimum", "Digits in shaded cells must be smaller than all neighbouring unshaded cells.", False),
])
def test_fortress_cells_side_by_side(kind: str, text: str, greater: bool) -> None:
    cells = [(0, 1), (0, 2), (1, 2), (3, 0)]
    marks = {kind: [{"cell": fp_cell(c)} for c in cells]}
    link = fpuzzles(4, ruleset="Normal sudoku rules apply. " + text, **marks)
    assert {c.kind for c in read_link(link).rules.constraints} == {kind, "thermo"}

    def fortress(g: tuple[int, ...]) -> bool:
        for r, c in cells:
            for o in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= o[0] < 4 and 0 <= o[1] < 4 and o not in cells \
                        and (at(g, (r, c)) > at(g, o)) != greater:
                    return False
        return True

    assert count(link) == len(brute4([fortress]))
    literal = "Digits in grey cells are greater than all orthogonally adjacent cells."
    with pytest.raises(LinkRefused, match="side by side"):  # read literally, touching cells contradict
        read_link(fpuzzles(4, ruleset=literal, **marks))


def test_fpuzzles_lines_retracing_a_declared_line() -> None:
    cells = [(0, 0), (1, 0), (1, 1)]
    picture = [{"lines": [[fp_cell(c) for c in reversed(cells)]], "outlineC": "#B0B0B0", "width": 0.25},
               {"lines": [[fp_cell(c) for c in cells]], "outlineC": "#E100FF", "width": 0.4}]
    fields = {"renban": [{"lines": [[fp_cell(c) for c in cells]]}], "line": picture}
    link = fpuzzles(4, ruleset="Normal rules for sudoku and renban apply.", **fields)
    assert [c.kind for c in read_link(link).rules.constraints] == ["renban"]
    assert count(link) == len(brute4([renban(cells)]))
    # where the text names palindromes too, the grey line is read as one, not dropped as a picture
    kinds = [c.kind for c in read_link(fpuzzles(4, ruleset="Renban and palindrome rules apply.",
                                                 **fields)).rules.constraints]
    assert "palindrome" in kinds
    elsewhere = {**fields, "line": [{**picture[0], "lines": [[fp_cell((0, 0)), fp_cell((0, 1))]]}]}
    with pytest.raises(LinkRefused, match="f-puzzles line"):
        read_link(fpuzzles(4, ruleset="Normal rules for sudoku and renban apply.", **elsewhere))


def test_a_colour_given_two_line_kinds_is_refused() -> None:
    green = line(GREEN, (0, 0), (0, 1), (1, 2))
    text = "Green lines are both German whispers and palindromes."
    with pytest.raises(LinkRefused, match="two line kinds"):  # reading whispers alone drops a rule
        read_link(scl(scl_puzzle(9, rules=text, lines=[green])))
    drawn = {"line": [{"lines": [[fp_cell(c) for c in ((0, 0), (0, 1), (1, 2))]], "outlineC": GREEN,
                       "width": 0.3}]}
    with pytest.raises(LinkRefused, match="f-puzzles line"):
        read_link(fpuzzles(9, ruleset=text, **drawn))
    one = ("German whispers: adjacent digits along a green line differ by at least 5. "
           "Orange lines are dutch whispers.")
    assert [c.kind for c in read_link(scl(scl_puzzle(9, rules=one, lines=[green]))).rules.constraints] == [
        "germanwhisper"]
