"""The reader's gaps that the real collection showed (#25), each closed on a small puzzle built
here: slow thermometers (stated in the rules text, or f-puzzles' field), branches of a
thermometer sharing one bulb, f-puzzles' drawings of its own constraints, classic rules and the
anti-knight rule worded as setters word them, sentences broken over lines, the entropic ranges;
and the refusals that keep a reading from being wrong (two maxima side by side, slow and
normal thermometers mixed, a title naming slow thermometers the rules text does not describe).
Counts are checked against a brute force over every 4×4 grid."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from sudokit import Grid, count_solutions
from sudokit.formats.links import LinkRefused, read_link
from sudokit.rules import AntiKnight, Entropic, SlowThermometer, Thermometer

from .builders import GREY, LZ, Cell, Rule, at, brute4, fp_cell, fpuzzles, scl, scl_puzzle

ROW0 = [(0, 0), (0, 1), (0, 2), (0, 3)]


def slow(cells: list[Cell]) -> Rule:
    return lambda g: all(at(g, a) <= at(g, b) for a, b in itertools.pairwise(cells))


def bulb(r: float, c: float) -> dict[str, Any]:
    return {"center": [r, c], "width": 0.85, "height": 0.85, "rounded": True,
            "backgroundColor": GREY, "borderColor": GREY}


def thermo_line(*points: tuple[float, float]) -> dict[str, Any]:
    return {"wayPoints": [list(p) for p in points], "color": GREY, "thickness": 21}


#: Two thermometers whose last steps cross a box border diagonally, where digits may repeat.
SLOW_LINES = ([(1, 0), (1, 1), (0, 2)], [(2, 1), (3, 2), (3, 3)])
SLOW_PARTS = {
    "lines": [thermo_line(*[(r + 0.5, c + 0.5) for r, c in cells]) for cells in SLOW_LINES],
    "underlays": [bulb(cells[0][0] + 0.5, cells[0][1] + 0.5) for cells in SLOW_LINES],
}
SLOW_RULES = [slow(cells) for cells in SLOW_LINES]


def count(link: str) -> int:
    return count_solutions(Grid.from_string(link), limit=400)


@pytest.mark.parametrize("sentence", [
    "Digits along a thermometer increase or stay the same from the bulb end.",
    "Slow thermometers: digits never decrease from the bulb.",
    "Digits on a thermometer must increase from the bulb,\nor stay the same.",
])
def test_slow_thermometers_stated_in_the_rules_text(sentence: str) -> None:
    link = scl(scl_puzzle(4, rules="Normal sudoku rules apply. " + sentence, **SLOW_PARTS))
    puzzle = read_link(link)
    assert {type(c) for c in puzzle.rules.constraints} == {SlowThermometer}
    assert count(link) == len(brute4(SLOW_RULES))
    strict = scl(scl_puzzle(4, rules="Digits along a thermometer increase from the bulb.", **SLOW_PARTS))
    assert {type(c) for c in read_link(strict).rules.constraints} == {Thermometer}
    strict_rules = [lambda g, cells=cells: all(at(g, a) < at(g, b) for a, b in itertools.pairwise(cells))
                    for cells in SLOW_LINES]
    assert count(strict) == len(brute4(strict_rules)) < count(link)


def test_slow_and_normal_thermometers_mixed_or_unstated_are_refused() -> None:
    mixed = ("Digits along a grey thermometer strictly increase from the bulb. "
             "Digits along a slow thermometer increase or stay the same.")
    with pytest.raises(LinkRefused, match="both slow and normal"):
        read_link(scl(scl_puzzle(4, rules=mixed, **SLOW_PARTS)))
    titled = scl_puzzle(4, rules="Digits along a thermometer increase from the bulb.", **SLOW_PARTS)
    titled["metadata"]["title"] = "Slow Thermo Garden"
    with pytest.raises(LinkRefused, match="title names slow thermometers"):
        read_link(scl(titled))


def test_fpuzzles_slow_thermometer_field_and_its_drawing() -> None:
    column, row = ([fp_cell(c) for c in cells] for cells in SLOW_LINES)
    drawing = [{"lines": [column], "outlineC": "#6495ED", "width": 0.3, "fromConstraint": "Slow Thermometer"},
               {"lines": [row], "outlineC": "#6495ED", "width": 0.3, "fromConstraint": "Slow Thermometer"}]
    bulbs = [{"cells": [column[0]], "baseC": "#6495ED", "fromConstraint": "Slow Thermometer"},
             {"cells": [row[0]], "baseC": "#6495ED", "fromConstraint": "Slow Thermometer"}]
    link = fpuzzles(4, slowthermometer=[{"lines": [column]}, {"lines": [row]}], line=drawing, circle=bulbs)
    assert {type(c) for c in read_link(link).rules.constraints} == {SlowThermometer}
    assert count(link) == len(brute4(SLOW_RULES))
    # A drawing that is not a copy of a declared line stays unread, so the puzzle is refused.
    stray = [{**drawing[0], "lines": [[fp_cell((3, 3)), fp_cell((2, 3))]]}]
    with pytest.raises(LinkRefused, match="f-puzzles line"):
        read_link(fpuzzles(4, slowthermometer=[{"lines": [column]}], line=stray))
    # A declared renban whose picture f-puzzles drew as a line is read once, from its field.
    renban = [{"lines": [row]}]
    pictured = [{"lines": [row], "outlineC": "#C060C0", "fromConstraint": "Renban"}]
    assert len(read_link(fpuzzles(4, renban=renban, line=pictured)).rules.constraints) == 1


def test_branches_of_a_thermometer_share_one_bulb() -> None:
    parts = {"lines": [thermo_line((0.5, 0.5), (0.5, 3.5)), thermo_line((0.5, 0.5), (3.5, 0.5))],
             "underlays": [bulb(0.5, 0.5)]}
    link = scl(scl_puzzle(4, rules="Digits along a thermometer increase from the bulb.", **parts))
    lines = sorted(c.line for c in read_link(link).rules.constraints if isinstance(c, Thermometer))
    assert lines == [(0, 1, 2, 3), (0, 4, 8, 12)]
    column = [(0, 0), (1, 0), (2, 0), (3, 0)]
    expected = brute4([lambda g: all(at(g, a) < at(g, b) for a, b in itertools.pairwise(ROW0)),
                       lambda g: all(at(g, a) < at(g, b) for a, b in itertools.pairwise(column))])
    assert count(link) == len(expected)


def test_two_maximum_cells_side_by_side_are_refused() -> None:
    ok = fpuzzles(4, maximum=[{"cell": "R1C1"}, {"cell": "R2C2"}], ruleset="Normal sudoku rules apply.")
    assert len(read_link(ok).rules.constraints) == 2
    with pytest.raises(LinkRefused, match="two maximum cells side by side"):
        read_link(fpuzzles(4, maximum=[{"cell": "R1C1"}, {"cell": "R1C2"}]))


@pytest.mark.parametrize("sentence", [
    "Every row, column, and 2x2 box contains all digits from 1 to 4.",
    "Sudoku",
    "Some digits are already given.",
    "Place the digits 1 through 4 in each empty cell.",
])
def test_classic_rules_as_setters_word_them(sentence: str) -> None:
    link = scl(scl_puzzle(4, rules=sentence))
    assert read_link(link).rules.constraints == ()


@pytest.mark.parametrize("sentence", [
    "Digits separated by a knight's move may not repeat.",
    "Cells separated by a knight's move (in chess) cannot contain a repeated digit.",
])
def test_anti_knight_stated_by_its_move(sentence: str) -> None:
    link = scl(scl_puzzle(4, rules="Normal sudoku rules apply. " + sentence))
    assert read_link(link).rules.constraints == (AntiKnight(),)
    with pytest.raises(LinkRefused):  # a knight's move that may repeat is another rule
        read_link(scl(scl_puzzle(4, rules="Digits a knight's move apart may sum to 5.")))


def test_entropic_ranges_are_not_a_digit_set() -> None:
    line = {"wayPoints": [[0.5, 0.5], [0.5, 3.5]], "color": "#FF7FCC", "thickness": 10}
    text = ("Normal sudoku rules apply. Entropic lines: any three sequential cells along a pink line "
            "contain one low (1-3), one middle (4-6) and one high (7-9) digit.")
    puzzle = read_link(scl(scl_puzzle(9, rules=text, lines=[line])))
    assert [type(c) for c in puzzle.rules.constraints] == [Entropic]
    with pytest.raises(LinkRefused, match="digits 1-3"):
        read_link(scl(scl_puzzle(9, rules="Place the digits 1-3 in each pink cell.", lines=[line])))


def test_several_arrows_leave_one_circle() -> None:
    arrows = [
        {"wayPoints": [[1.79, 1.79], [2.5, 2.5]], "color": "#aaaf", "thickness": 3, "headLength": 0.3},
        {"wayPoints": [[1.21, 1.79], [0.5, 2.5], [0.5, 3.5]], "color": "#aaaf", "thickness": 3,
         "headLength": 0.3},
    ]
    ring = {"center": [1.5, 1.5], "width": 0.82, "height": 0.82, "rounded": True,
            "backgroundColor": "#FFFFFF", "borderColor": "#aaaf"}
    parts = {"arrows": arrows, "overlays": [ring]}
    link = scl(scl_puzzle(4, rules="Digits along an arrow sum to the digit in its circle.", **parts))
    assert len(read_link(link).rules.constraints) == 2
    expected = brute4([lambda g: at(g, (1, 1)) == at(g, (2, 2)),
                       lambda g: at(g, (1, 1)) == at(g, (0, 2)) + at(g, (0, 3))])
    assert count(link) == len(expected)


def line(colour: str, *cells: Cell) -> dict[str, Any]:
    return {"wayPoints": [[r + 0.5, c + 0.5] for r, c in cells], "color": colour, "thickness": 10}


def test_pink_renban_and_light_blue_region_sums_named_or_described() -> None:
    renban = line("#F067F0", (0, 0), (1, 1), (2, 1))
    text = "Renban: each purple line holds a set of consecutive digits."
    link = scl(scl_puzzle(4, rules=text, lines=[renban]))
    assert [c.kind for c in read_link(link).rules.constraints] == ["renban"]
    both = "Renban lines hold consecutive digits. Entropic lines: any three cells hold low, middle and high."
    with pytest.raises(LinkRefused, match="several line kinds"):
        read_link(scl(scl_puzzle(4, rules=both, lines=[renban])))
    sums = line("#2ECBFF", (0, 1), (1, 1), (1, 2))
    for text in ("Digits along a blue line sum to the same total in each box the line visits.",
                 "Box borders divide each blue line into segments with the same sum."):
        link = scl(scl_puzzle(4, rules=text, lines=[sums]))
        assert [c.kind for c in read_link(link).rules.constraints] == ["regionsum"]
        assert count(link) == len(brute4([lambda g: at(g, (0, 1)) + at(g, (1, 1)) == at(g, (1, 2))]))
    with pytest.raises(LinkRefused, match="cyan line"):
        read_link(scl(scl_puzzle(4, rules="Digits along a blue line sum to 10.", lines=[sums])))


def test_flavour_text_passes_but_a_named_variant_does_not() -> None:
    for text in ("Normal sudoku rules apply. And that's it!", "Exported from sudokulab.net"):
        assert read_link(scl(scl_puzzle(4, rules=text))).rules.constraints == ()
    for text in ("Killer sudoku.", "Windoku!", "Sudoku X"):
        with pytest.raises(LinkRefused, match="not understood"):
            read_link(scl(scl_puzzle(4, rules=text)))


def test_identical_digits_cannot_be_a_knights_move_apart() -> None:
    text = "Normal sudoku rules apply. Identical digits cannot be a knight's move apart."
    link = scl(scl_puzzle(4, rules=text))
    assert read_link(link).rules.constraints == (AntiKnight(),)


def test_kropki_without_the_negative_constraint() -> None:
    dot = {"center": [0.5, 1.0], "width": 0.3, "height": 0.3, "rounded": True,
           "backgroundColor": "#FFFFFF", "borderColor": "#000000"}
    text = "Standard kropki (no negative constraint): digits separated by a white dot are consecutive."
    constraints = read_link(scl(scl_puzzle(4, rules=text, overlays=[dot]))).rules.constraints
    assert [c.kind for c in constraints] == ["white"]


def test_bulleted_fragments_and_abbreviations_are_whole_sentences() -> None:
    marks = [{"center": [0.5, 1.0], "width": 0.25, "height": 0.25, "text": "X"},
             {"center": [1.0, 2.5], "width": 0.25, "height": 0.25, "text": "V"}]
    text = ("Normal sudoku rules apply.\nCells separated\n- by an X sum to 10\n- by a V sum to 5\n"
            "If two cells are a knight's move apart (i.e. two steps one way and one the other), "
            "digits separated by a knight's move may not repeat.")
    puzzle = read_link(scl(scl_puzzle(4, rules=text, overlays=marks)))
    kinds = sorted(c.kind for c in puzzle.rules.constraints)
    assert kinds == ["antiknight", "xv", "xv"]
    # A complete rule before the bullets is not glued to them.
    glued = "Normal sudoku rules apply\n- Shaded cells hold the digit of their row."
    with pytest.raises(LinkRefused, match="not understood"):
        read_link(scl(scl_puzzle(4, rules=glued)))


def test_digits_may_repeat_on_lines_only_where_no_line_forbids_it() -> None:
    whisper = {"wayPoints": [[0.5, 0.5], [1.5, 1.5], [2.5, 1.5]], "color": "#67F067", "thickness": 10}
    text = ("German whispers: adjacent digits on a green line differ by at least 5. "
            "Digits may repeat on a line.")
    constraints = read_link(scl(scl_puzzle(9, rules=text, lines=[whisper]))).rules.constraints
    assert [c.kind for c in constraints] == ["germanwhisper"]
    renban = line("#C060C0", (0, 0), (1, 1), (2, 1))
    with pytest.raises(LinkRefused, match="not understood"):
        text = "Renban lines hold consecutive digits. Digits may repeat on a line."
        read_link(scl(scl_puzzle(4, rules=text, lines=[renban])))


def fp_grid_link(cells: dict[Cell, dict[str, Any]], ruleset: str, **fields: Any) -> str:
    """An f-puzzles link whose grid cells carry extra fields."""
    grid = [[dict(cells.get((r, c), {})) for c in range(4)] for r in range(4)]
    payload = json.dumps({"size": 4, "grid": grid, "ruleset": ruleset, **fields})
    return "https://f-puzzles.com/?load=" + LZ.compressToBase64(payload)


def test_fpuzzles_cell_fields_parity_colours_and_unknown() -> None:
    text = "Normal sudoku rules apply. Cells with a grey circle are odd; cells with a grey square are even."
    link = fp_grid_link({(0, 0): {"parity": "Even"}, (3, 3): {"parity": "Odd"}}, text)
    assert sorted(c.kind for c in read_link(link).rules.constraints) == ["even", "odd"]
    assert count(link) == len(brute4([lambda g: at(g, (0, 0)) % 2 == 0, lambda g: at(g, (3, 3)) % 2 == 1]))
    shaded = {(1, 1): {"c": "#D0D0FF"}, (2, 2): {"c": "#D0D0FF"}}
    assert read_link(fp_grid_link(shaded, "Normal sudoku rules apply.")).rules.constraints == ()
    for said in ("Shaded cells hold even digits.", "Digits in blue cells are even."):
        with pytest.raises(LinkRefused, match="coloured cells"):
            read_link(fp_grid_link(shaded, "Normal sudoku rules apply. " + said))
    clones = {"clone": [{"cells": ["R2C2"], "cloneCells": ["R3C3"]}]}
    said = "The two blue regions are clones: they hold the same digits."
    assert [c.kind for c in read_link(fp_grid_link(shaded, said, **clones)).rules.constraints] == ["clone"]
    with pytest.raises(LinkRefused, match="cell field 'lit'"):
        read_link(fp_grid_link({(0, 0): {"lit": True}}, "Normal sudoku rules apply."))


def test_quadruples_described_without_their_name() -> None:
    text = "Digits in a white circle must appear somewhere in the four cells surrounding the circle."
    quad = {"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 3]}
    link = fpuzzles(4, quadruple=[quad], ruleset=text)
    assert [c.kind for c in read_link(link).rules.constraints] == ["quadruple"]


def test_sudokupad_cell_fields_other_than_the_given_are_refused() -> None:
    data = scl_puzzle(4, {(0, 0): 1}, rules="Normal sudoku rules apply.")
    data["cells"][1][1] = {"pencilMarks": [2, 3]}
    assert read_link(scl(data)).cells[0] == 1
    data["cells"][2][2] = {"c": "#FF0000"}
    with pytest.raises(LinkRefused, match="SudokuPad cell field"):
        read_link(scl(data))


@pytest.mark.parametrize("sentence", [
    "Digits may not repeat in rows, columns, boxes or on the marked diagonals.",
    "Each row, column, box and shaded region contains the digits 1 to 4.",
    "Sandwich sudoku.",
])
def test_classic_wording_with_another_rule_in_it_needs_that_rule_drawn(sentence: str) -> None:
    with pytest.raises(LinkRefused, match="not understood"):
        read_link(scl(scl_puzzle(4, rules=sentence)))


def test_an_example_of_a_kind_present_adds_no_rule() -> None:
    renban = line("#C060C0", (0, 0), (1, 1), (2, 1))
    text = ("Renban lines hold a set of consecutive digits in any order. "
            "For example, a line of three could hold 3-1-2, but not 1-2-4.")
    puzzle = read_link(scl(scl_puzzle(4, rules=text, lines=[renban])))
    assert [c.kind for c in puzzle.rules.constraints] == ["renban"]
    with pytest.raises(LinkRefused):  # an example of nothing drawn is not understood
        read_link(scl(scl_puzzle(4, rules="For example, shaded cells hold 1-2.")))


def test_one_kind_read_from_lines_of_two_colours_is_refused() -> None:
    purple = line("#C060C0", (0, 0), (1, 1), (2, 1))
    pink = line("#F067F0", (3, 0), (3, 1), (3, 2))
    text = "Purple lines are renban lines. Pink lines are lockout lines."
    with pytest.raises(LinkRefused, match="renban read from lines of 2 colours"):
        read_link(scl(scl_puzzle(4, rules=text, lines=[purple, pink])))
