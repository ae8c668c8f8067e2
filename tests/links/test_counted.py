"""Readings added for the refused Sudoku-Bench records (#25): counting circles (SudokuPad and
f-puzzles), difference-count lines of any colour, Fibonacci lines, mixed-parity triples stated by
a sentence, the one-letter X/V negative ("Digits joined by a V sum to 5. All such pairs are
given."), "all possible dots" where only white dots are defined, a renban drawn through a cell
twice, and the near misses that stay refused. Counts are checked against a brute force over every
4×4 grid, written here independently of the kinds."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest

from sudokit import Grid, count_solutions
from sudokit.formats.links import LinkRefused, read_link
from sudokit.rules import kinds

from .builders import Cell, Rule, Values, at, brute4, fp_cell, fpuzzles, scl, scl_puzzle

GREEN, PURPLE, CYAN = "#B7F68C", "#DFB1F4", "#2ECBFF"


def count(link: str) -> int:
    return count_solutions(Grid.from_string(link), limit=400)


def line(colour: str, *cells: Cell) -> dict[str, Any]:
    return {"wayPoints": [[r + 0.5, c + 0.5] for r, c in cells], "color": colour, "thickness": 10}


def circle(cell: Cell, border: str = "#000000") -> dict[str, Any]:
    return {"center": [cell[0] + 0.5, cell[1] + 0.5], "width": 0.82, "height": 0.82, "rounded": True,
            "backgroundColor": "#FFFFFF", "borderColor": border}


def counted_circles(cells: Sequence[Cell]) -> Rule:
    def rule(g: Values) -> bool:
        found = [at(g, c) for c in cells]
        return all(found.count(d) == d for d in set(found))
    return rule


def difference_count(cells: Sequence[Cell]) -> Rule:
    def rule(g: Values) -> bool:
        gaps = [abs(at(g, a) - at(g, b)) for a, b in itertools.pairwise(cells)]
        return all(gaps.count(d) == d for d in gaps)
    return rule


CIRCLES = [(0, 0), (0, 1), (1, 1), (2, 0), (3, 0), (1, 3)]
COUNTING = ("Fill the grid with the digits 1-4 so that no digit repeats in a row, column, or box. "
            "Any digit in a circle indicates exactly how many circles contain that digit.")


def test_counting_circles_sudokupad() -> None:
    link = scl(scl_puzzle(4, rules=COUNTING, underlays=[circle(c) for c in CIRCLES]))
    assert [c.kind for c in read_link(link).rules.constraints] == ["countingcircles"]
    expected = brute4([counted_circles(CIRCLES)])
    assert expected and count(link) == len(expected)


def test_counting_circles_fpuzzles_described_another_way() -> None:
    text = ("Normal sudoku rules apply. A digit inside a circle indicates how many circles that digit "
            "appears in.")
    marks = [{"cells": [fp_cell(c)], "baseC": "#FFFFFF", "outlineC": "#000000", "width": 0.75, "height": 0.75}
             for c in CIRCLES]
    link = fpuzzles(4, ruleset=text, circle=marks)
    assert count(link) == len(brute4([counted_circles(CIRCLES)]))


@pytest.mark.parametrize("text", [
    "Normal sudoku rules apply. Digits in circles are odd.",  # circles given another meaning
    "Normal sudoku rules apply. Counting circles.",  # a name alone, no description
    COUNTING + " Digits in circles are odd.",  # a parity word the circles could mean
])
def test_circles_without_the_counting_description_are_refused(text: str) -> None:
    with pytest.raises(LinkRefused):
        read_link(scl(scl_puzzle(4, rules=text, underlays=[circle(c) for c in CIRCLES])))


DIFFERENCES = ("Normal 4x4 sudoku rules apply. The difference between two adjacent digits on a coloured "
               "line indicates exactly how many pairs of adjacent digits along that line have that exact "
               "difference.")


def test_difference_count_lines_of_any_colour() -> None:
    first, second = [(2, 0), (2, 1), (3, 2)], [(1, 1), (1, 2), (2, 3), (3, 3)]
    link = scl(scl_puzzle(4, rules=DIFFERENCES, lines=[line(GREEN, *first), line(PURPLE, *second)]))
    assert [c.kind for c in read_link(link).rules.constraints] == ["differencecount"] * 2
    expected = brute4([difference_count(first), difference_count(second)])
    assert expected and count(link) == len(expected)
    # the same lines with a sentence that names another line kind too: not read as counting lines
    with pytest.raises(LinkRefused):
        read_link(scl(scl_puzzle(4, rules="Normal rules apply. Green lines are German whispers.",
                                 lines=[line(GREEN, *first)])))


def test_fibonacci_lines_either_way() -> None:
    text = ("Normal sudoku rules apply. Fibonacci Lines: Blue lines strictly increase from one end to the "
            "other where any digit on the line beyond the lowest 2 digits is the sum of the previous 2 "
            "digits in the sequence.")
    cells = [(0, 0), (0, 1), (1, 1)]

    def fibonacci(g: Values) -> bool:
        digits = [at(g, c) for c in cells]
        run = digits if digits[0] < digits[-1] else digits[::-1]
        return all(a < b for a, b in itertools.pairwise(run)) and run[2] == run[0] + run[1]

    link = scl(scl_puzzle(4, rules=text, lines=[line(CYAN, *cells)]))
    assert [c.kind for c in read_link(link).rules.constraints] == ["fibonacci"]
    expected = brute4([fibonacci])
    assert expected and count(link) == len(expected)


def test_mixed_parity_triples_stated_by_a_sentence() -> None:
    text = ("Standard rules of Sudoku apply! In every row and column, strings of 3 digits are never all "
            "even nor all odd.")
    link = scl(scl_puzzle(4, rules=text))
    assert [c.kind for c in read_link(link).rules.constraints] == ["mixedparity"]

    def mixed(g: Values) -> bool:
        lines = [[(r, c) for c in range(4)] for r in range(4)]
        lines += [[(r, c) for r in range(4)] for c in range(4)]
        return all(len({at(g, x) % 2 for x in ln[i:i + 3]}) == 2 for ln in lines for i in range(2))

    assert count(link) == len(brute4([mixed]))
    # a near miss (strings of 4, or "may be") stays a sentence not understood
    for other in ("In every row and column, strings of 4 digits are never all even nor all odd.",
                  "In every row, strings of 3 digits are never all even nor all odd."):
        with pytest.raises(LinkRefused, match="not understood"):
            read_link(scl(scl_puzzle(4, rules=other)))


def test_all_such_pairs_after_a_one_letter_sentence() -> None:
    marks = [{"center": [1.0, 2.5], "width": 0.25, "height": 0.25, "text": "V"}]
    text = "Normal sudoku rules apply. Digits joined by a V sum to 5. All such pairs are given."
    link = scl(scl_puzzle(4, rules=text, overlays=marks))
    assert [c.kind for c in read_link(link).rules.constraints] == ["xv", "nov"]
    v_pair = ((0, 2), (1, 2))

    def no_other_five(g: Values) -> bool:
        pairs = [((r, c), (r, c + 1)) for r in range(4) for c in range(3)] + \
                [((r, c), (r + 1, c)) for r in range(3) for c in range(4)]
        return all(at(g, a) + at(g, b) != 5 for a, b in pairs if (a, b) != v_pair)

    expected = brute4([lambda g: at(g, v_pair[0]) + at(g, v_pair[1]) == 5, no_other_five])
    assert count(link) == len(expected)
    # "such" after a sentence naming no mark the reader knows is not understood
    with pytest.raises(LinkRefused, match="not understood"):
        read_link(scl(scl_puzzle(4, rules="Normal sudoku rules apply. Cells joined by a blue square sum "
                                          "to 7. All such pairs are given.")))


def test_all_possible_dots_with_white_dots_only_defined() -> None:
    dot = {"center": [0.5, 1.0], "width": 0.3, "height": 0.3, "rounded": True,
           "backgroundColor": "#FFFFFF", "borderColor": "#000000"}
    text = ("Normal sudoku rules apply. Digits joined by a white dot are consecutive. All possible dots "
            "are given.")
    kinds = [c.kind for c in read_link(scl(scl_puzzle(4, rules=text, overlays=[dot]))).rules.constraints]
    assert kinds == ["white", "nowhite"]
    both = text + " Digits joined by a black dot are in a 1:2 ratio."
    kinds = [c.kind for c in read_link(scl(scl_puzzle(4, rules=both, overlays=[dot]))).rules.constraints]
    assert kinds == ["white", "nokropki"]


def test_a_renban_through_a_cell_twice_and_a_branched_one() -> None:
    text = "Normal sudoku rules apply. Digits on a purple renban line form a set of consecutive digits."
    loop = line(PURPLE, (0, 0), (0, 1), (1, 1), (1, 0), (0, 1))
    rules = read_link(scl(scl_puzzle(4, rules=text, lines=[loop]))).rules.constraints
    assert [c.cells() for c in rules] == [(0, 1, 5, 4)]
    branch = line(PURPLE, (1, 1), (2, 1))  # starts on the other line: one set or two is not certain
    with pytest.raises(LinkRefused, match="branching"):
        main = line(PURPLE, (0, 0), (0, 1), (1, 1), (1, 2))
        read_link(scl(scl_puzzle(4, rules=text, lines=[main, branch])))


PINK, PEACH = "#F067F0", "#FFCCAA"
TWO_KINDS = ("Normal sudoku rules apply. Every string of three adjacent digits along a peach Entropic "
             "line must contain one low digit (123) one medium digit (456) and one high digit (789). "
             "Along purple Renban lines the digits form a non-repeating consecutive set in any order.")


def test_a_colour_the_text_gives_one_of_two_kinds() -> None:
    link = scl(scl_puzzle(9, rules=TWO_KINDS, lines=[line(PINK, (0, 0), (0, 1), (0, 2)),
                                                     line(PEACH, (4, 4), (4, 5), (5, 5), (5, 4), (4, 4))]))
    constraints = read_link(link).rules.constraints
    assert [(c.kind, c.cells()) for c in constraints] == [("renban", (0, 1, 2)),
                                                          ("entropic", (40, 41, 50, 49))]
    assert getattr(constraints[1], "closed", False)  # the peach loop: windows go round
    # a text that names both kinds for lines without a colour: the pink line stays refused
    vague = TWO_KINDS.replace("peach ", "").replace("purple ", "")
    with pytest.raises(LinkRefused, match="several line kinds"):
        read_link(scl(scl_puzzle(9, rules=vague, lines=[line(PINK, (0, 0), (0, 1), (0, 2))])))


def test_an_entropic_loop_goes_round() -> None:
    entropic = TWO_KINDS.split(" Along")[0]
    square = [(4, 4), (4, 5), (5, 5), (5, 4)]
    loop = kinds_of(scl(scl_puzzle(9, rules=entropic, lines=[line(PEACH, *square, square[0])])))[0]
    values = [0] * 81
    for (r, c), v in zip(square, (1, 4, 7, 2), strict=True):
        values[r * 9 + c] = v
    # low, middle, high, low: fine along the open line, but round the loop 7, 2, 1 has two lows
    assert loop.broken(values) and not kinds.Entropic(loop.cells()).broken(values)
    ring = [(4, 4), (4, 5), (4, 6), (5, 6), (5, 5), (5, 4)]
    six = kinds_of(scl(scl_puzzle(9, rules=entropic, lines=[line(PEACH, *ring, ring[0])])))[0]
    for (r, c), v in zip(ring, (1, 4, 7, 2, 5, 8), strict=True):
        values[r * 9 + c] = v
    assert not six.broken(values)


def kinds_of(link: str) -> list[Any]:
    return list(read_link(link).rules.constraints)


def test_knight_thirds_circles() -> None:
    text = ("Normal Sudoku rules apply. A digit in a circle must belong to the same entropic group (high "
            "[789], medium [456] or low [123]) as every cell a single chess knights move away from it.")
    ring = {"center": [4.5, 4.5], "width": 0.85, "height": 0.85, "rounded": True, "borderColor": "#000000"}
    found = kinds_of(scl(scl_puzzle(9, rules=text, underlays=[ring])))
    assert [(c.kind, c.cells()) for c in found] == [("knightthirds", (40,))]
    values = [0] * 81
    values[40], values[23] = 2, 9  # r5c5 low, r3c6 (a knight's move away) high
    assert found[0].broken(values)
    values[23] = 1
    assert not found[0].broken(values)


def _fp_thermo(*cells: Cell) -> dict[str, Any]:
    return {"lines": [[fp_cell(c) for c in cells]], "outlineC": "#BFBFBF", "width": 0.6}


def _fp_bulb(cell: Cell) -> dict[str, Any]:
    return {"cells": [fp_cell(cell)], "baseC": "#BFBFBF", "outlineC": "#BFBFBF", "width": 0.7, "height": 0.7}


SLOW = ("Normal sudoku rules apply. Slow Thermos: Digits along a gray thermometer must generally increase "
        "from bulb to tip. Digits may remain the same when allowed by other rules, but may never decrease.")


def test_fpuzzles_thermometers_drawn_by_hand_with_a_branch() -> None:
    main, branch = [(3, 0), (2, 1), (3, 2)], [(2, 1), (1, 1)]
    link = fpuzzles(4, ruleset=SLOW, line=[_fp_thermo(*main[::-1]), _fp_thermo(*branch)],
                    circle=[_fp_bulb(main[0])])
    found = [(c.kind, c.cells()) for c in read_link(link).rules.constraints]
    assert found == [("slowthermo", (12, 9, 14)), ("slowthermo", (9, 5))]

    def slow(cells: Sequence[Cell]) -> Rule:
        return lambda g: all(at(g, a) <= at(g, b) for a, b in itertools.pairwise(cells))

    assert count(link) == len(brute4([slow(main), slow(branch)]))
    strict = SLOW.replace("Slow Thermos: ", "").replace(" generally", "").split(" Digits may")[0]
    found = [c.kind for c in read_link(fpuzzles(4, ruleset=strict, line=[_fp_thermo(*main)],
                                                circle=[_fp_bulb(main[0])])).rules.constraints]
    assert found == ["thermo"]


@pytest.mark.parametrize("drawing", [
    {"line": [_fp_thermo((3, 0), (2, 1), (3, 2))]},  # no bulb
    {"line": [_fp_thermo((3, 0), (2, 1), (3, 2))], "circle": [_fp_bulb((3, 0)), _fp_bulb((3, 2))]},  # two
])
def test_fpuzzles_grey_lines_without_one_bulb_stay_refused(drawing: dict[str, Any]) -> None:
    with pytest.raises(LinkRefused):
        read_link(fpuzzles(4, ruleset=SLOW, **drawing))
    # and grey lines stay refused where the text gives grey lines another kind too
    with pytest.raises(LinkRefused):
        read_link(fpuzzles(4, ruleset=SLOW + " Grey lines are palindromes.",
                           line=[_fp_thermo((3, 0), (2, 1))], circle=[_fp_bulb((3, 0))]))


INDEX = ("Normal sudoku rules apply. Index lines: each turquoise line is an Index Line, i.e. the digit in "
         "the Nth cell along such a line (starting from the diamond) indicates the position along the line "
         "where the digit N appears.")
TURQUOISE = "#71DED2"


def test_index_lines_read_from_their_diamond() -> None:
    cells = [(0, 0), (0, 1), (1, 1), (1, 0)]
    diamond = {"center": [1.5, 0.5], "width": 0.42, "height": 0.42, "backgroundColor": TURQUOISE}
    link = scl(scl_puzzle(4, rules=INDEX, lines=[line(TURQUOISE, *cells)], underlays=[diamond]))
    found = read_link(link).rules.constraints
    assert [(c.kind, c.cells()) for c in found] == [("indexline", (4, 5, 1, 0))]  # from the diamond

    def indexed(g: Values) -> bool:
        digits = [at(g, c) for c in cells[::-1]]
        return all(d <= len(digits) and digits[d - 1] == i for i, d in enumerate(digits, 1))

    expected = brute4([indexed])
    assert expected and count(link) == len(expected)
    # no diamond (or one on each end): where to count from is not certain
    for marks in ([], [diamond, {**diamond, "center": [0.5, 0.5]}]):
        with pytest.raises(LinkRefused, match="index line"):
            read_link(scl(scl_puzzle(4, rules=INDEX, lines=[line(TURQUOISE, *cells)], underlays=marks)))


SUNBURN = ("Normal 4x4 Sudoku rules apply. SUNBURN - A digit on a sun indicates how many surrounding cells "
           "(i.e. orthogonally or diagonally adjacent cells) contain smaller digits.")


def test_suns_count_the_smaller_digits_around() -> None:
    suns = [(1, 1), (2, 3)]
    marks = [{"center": [r + 0.5, c + 0.5], "width": 0, "height": 1.05, "rounded": True, "text": "☀️"}
             for r, c in suns]
    link = scl(scl_puzzle(4, rules=SUNBURN, underlays=marks))
    assert [(c.kind, c.cells()) for c in read_link(link).rules.constraints] == [
        ("smallerneighbours", (5,)), ("smallerneighbours", (11,))]

    def sun(cell: Cell) -> Rule:
        around = [(cell[0] + dr, cell[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                  if (dr or dc) and 0 <= cell[0] + dr < 4 and 0 <= cell[1] + dc < 4]
        return lambda g: at(g, cell) == sum(at(g, o) < at(g, cell) for o in around)

    expected = brute4([sun(c) for c in suns])
    assert expected and count(link) == len(expected)
    # "surrounding" without saying diagonals count: not certain, refused
    vague = SUNBURN.replace(" (i.e. orthogonally or diagonally adjacent cells)", "")
    with pytest.raises(LinkRefused):
        read_link(scl(scl_puzzle(4, rules=vague, underlays=marks)))


ROMAN = ("Normal sudoku rules apply. Roman Numeral Cages: Numbers in cages connected by a C sum to 10. "
         "Cages are read top-to-bottom or left-to-right.")


def _letter(at_: tuple[float, float], letter: str) -> list[dict[str, Any]]:
    disc = {"center": list(at_), "width": 0.32, "height": 0.32, "rounded": True, "backgroundColor": "#FFFFFF"}
    return [disc,
            {"center": list(at_), "width": 0, "height": 0.55, "rounded": True, "text": letter}]


def test_numbers_read_from_cages_joined_by_a_letter() -> None:
    cages = [{"cells": [[0, 0], [1, 0]]}, {"cells": [[2, 0], [3, 0]]}]  # r1c1-r2c1 over r3c1-r4c1
    link = scl(scl_puzzle(4, rules=ROMAN.replace("10", "55"), cages=cages, overlays=_letter((2.0, 0.5), "C")))
    found = [c for c in read_link(link).rules.constraints if c.kind == "numbersum"]
    assert [(c.segments, c.total) for c in found] == [(((0, 4), (8, 12)), 55)]  # type: ignore[attr-defined]

    def joined(g: Values) -> bool:
        return 10 * at(g, (0, 0)) + at(g, (1, 0)) + 10 * at(g, (2, 0)) + at(g, (3, 0)) == 55

    expected = brute4([joined])
    assert expected and count(link) == len(expected)
    # the text must say how cages are read; a bent cage has no certain reading order
    with pytest.raises(LinkRefused):
        read_link(scl(scl_puzzle(4, rules=ROMAN.split(" Cages are")[0], cages=cages,
                                 overlays=_letter((2.0, 0.5), "C"))))
    bent = [{"cells": [[0, 0], [1, 0], [1, 1]]}, cages[1]]
    with pytest.raises(LinkRefused, match="straight"):
        read_link(scl(scl_puzzle(4, rules=ROMAN, cages=bent, overlays=_letter((2.0, 0.5), "C"))))


def test_arrows_drawn_as_lines_with_a_drawn_head() -> None:
    text = ("Normal sudoku rules apply. [Arrow] All digits on the Arrow are summing to the attached "
            "circled cell.")
    grey = "#BBBBBBFF"
    shaft = {"wayPoints": [[0.5, 0.5], [1.5, 0.5], [2.5, 1.5]], "color": grey, "thickness": 3.2}
    head = {"wayPoints": [[2.17, 1.5], [2.5, 1.5], [2.5, 1.17]], "color": grey, "thickness": 3.2}
    ring = {"center": [0.5, 0.5], "width": 0.85, "height": 0.85, "rounded": True,
            "backgroundColor": "#FFFFFF", "borderColor": grey}
    link = scl(scl_puzzle(4, rules=text, lines=[shaft, head], overlays=[ring]))
    assert [(c.kind, c.cells()) for c in read_link(link).rules.constraints] == [("arrow", (0, 4, 9))]
    expected = brute4([lambda g: at(g, (0, 0)) == at(g, (1, 0)) + at(g, (2, 1))])
    assert count(link) == len(expected)
    # the same line without its head (or without a circle) is no arrow: refused
    for lines, marks in (([shaft], [ring]), ([shaft, head], [])):
        with pytest.raises(LinkRefused):
            read_link(scl(scl_puzzle(4, rules=text, lines=lines, overlays=marks)))


QUESTION_CAGES = ('Normal sudoku rules apply. Digits in a cage cannot repeat, and must sum to the number in '
                  'the top left corner of the cage (note that "<" means less than, and ">" means greater '
                  'than). A "?" means a single digit total, and a "??" means a double digit total.')
CLUES = [("?", 1, 9), ("??", 10, 99), ("<?", 0, 8), (">??", 11, 10**6), ("<5", 0, 4), ("6", 6, 6)]


@pytest.mark.parametrize(("clue", "low", "high"), CLUES)
def test_cage_clues_the_text_explains(clue: str, low: int, high: int) -> None:
    cells = [fp_cell((0, 0)), fp_cell((0, 1)), fp_cell((1, 1))]
    cage = {"cells": cells, "value": clue, "outlineC": "#000000"}
    plain = {"cells": [fp_cell((8, 8)), fp_cell((8, 7))], "outlineC": "#000000"}
    found = [(c.kind, c.cells(), getattr(c, "low", None), getattr(c, "high", None))
             for c in read_link(fpuzzles(9, ruleset=QUESTION_CAGES, cage=[cage, plain])).rules.constraints]
    assert found == [("cagerange", (0, 1, 10), low, high), ("cage", (80, 79), None, None)]


@pytest.mark.parametrize("clue", ["?", "<?", "<5", "6"])
def test_cage_clues_count_as_a_brute_force_does(clue: str) -> None:
    cells = [(0, 0), (0, 1)]
    _, low, high = next(c for c in CLUES if c[0] == clue)
    cage = {"cells": [fp_cell(c) for c in cells], "value": clue, "outlineC": "#000000"}
    link = fpuzzles(4, ruleset=QUESTION_CAGES, cage=[cage])
    expected = brute4([lambda g: low <= sum(at(g, c) for c in cells) <= high])
    assert expected and count(link) == len(expected)


def test_cage_clues_without_their_explanation_are_refused() -> None:
    cage = {"cells": [fp_cell((0, 0)), fp_cell((0, 1))], "value": "<?", "outlineC": "#000000"}
    no_question = QUESTION_CAGES.split(" A ")[0]
    no_bound = QUESTION_CAGES.replace('(note that "<" means less than, and ">" means greater than)', "")
    for text in (no_question, no_bound):
        with pytest.raises(LinkRefused):
            read_link(fpuzzles(4, ruleset=text, cage=[cage]))


def _sides() -> list[tuple[Cell, Cell]]:
    return [((r, c), (r, c + 1)) for r in range(4) for c in range(3)] + \
           [((r, c), (r + 1, c)) for r in range(3) for c in range(4)]


STOLEN = ("Normal sudoku rules apply. Cells connected by an X must sum to 10. Cells connected by an V must "
          "sum to 5. The green dots are either X or V. All X's and V's are given. Cells connected by an "
          "blue square must sum to 7. All blue squares are given.")


def test_marks_the_text_describes_and_their_negatives() -> None:
    green, blue = ((0, 0), (0, 1)), ((2, 2), (3, 2))
    marks = {"circle": [{"cells": [fp_cell(c) for c in green], "baseC": "#38DE00", "outlineC": "#000000"}],
             "rectangle": [{"cells": [fp_cell(c) for c in blue], "baseC": "#00E1FF", "outlineC": "#000000"}]}
    link = fpuzzles(4, ruleset=STOLEN, **marks)
    found = sorted(c.kind for c in read_link(link).rules.constraints)
    assert found == ["nosums", "noxv", "sumdot", "sumdot"]

    def rule(g: Values) -> bool:
        s = {pair: at(g, pair[0]) + at(g, pair[1]) for pair in _sides()}
        others_xv = all(v not in (5, 10) for p, v in s.items() if p != green)
        others_7 = all(v != 7 for p, v in s.items() if p != blue)
        return s[green] in (5, 10) and s[blue] == 7 and others_xv and others_7

    assert count(link) == len(brute4([rule]))


def test_red_dots_one_odd_one_even_not_consecutive_all_given() -> None:
    text = ("1). Normal sudoku rules apply. 2). Digits separated by a red dot are non-consecutive and "
            "contain one even digit and one odd digit. All dots are given!")
    red = [((0, 0), (0, 1)), ((1, 1), (2, 1))]
    marks = [{"cells": [fp_cell(a), fp_cell(b)], "baseC": "#FF4043", "outlineC": "#FF4043"} for a, b in red]
    link = fpuzzles(4, ruleset=text, circle=marks)
    found = sorted(c.kind for c in read_link(link).rules.constraints)
    assert found == ["nooddevendot", "oddevendot", "oddevendot"]  # no global non-consecutive rule

    def odd_even_apart(x: int, y: int) -> bool:
        return (x + y) % 2 == 1 and abs(x - y) != 1

    def rule(g: Values) -> bool:
        return all(odd_even_apart(at(g, a), at(g, b)) == ((a, b) in red) for a, b in _sides())

    assert count(link) == len(brute4([rule]))
    # a second kind of dot: whose dots "all dots" means is not certain
    with pytest.raises(LinkRefused):
        read_link(fpuzzles(4, ruleset=text + " Digits separated by a blue dot sum to 5.", circle=marks))


VISION = ('Standard 6x6 sudoku rules apply. A given cell "sees" a digit if the digit lies in the direction '
          "of an arrow on the cell. Each cell with arrows counts the number of digits it sees with the same "
          "parity as itself.")


def test_cells_with_arrows_count_the_digits_of_their_parity_they_see() -> None:
    # r2c2 points right and down-right (two arrows); r4c1 points up
    arrows = [{"wayPoints": [[1.5, 1.713], [1.5, 1.953]]}, {"wayPoints": [[1.748, 1.748], [1.918, 1.918]]},
              {"wayPoints": [[3.287, 0.5], [3.047, 0.5]]}]
    link = scl(scl_puzzle(4, rules=VISION.replace("6x6", "4x4"), arrows=arrows))
    found = [(c.kind, c.cells()) for c in read_link(link).rules.constraints]
    assert found == [("paritycount", (5, 6, 7, 10, 15)), ("paritycount", (12, 8, 4, 0))]

    def sees(cell: Cell, seen: list[Cell]) -> Rule:
        return lambda g: at(g, cell) == sum((at(g, o) - at(g, cell)) % 2 == 0 for o in seen)

    first, second = sees((1, 1), [(1, 2), (1, 3), (2, 2), (3, 3)]), sees((3, 0), [(2, 0), (1, 0), (0, 0)])
    expected = brute4([first, second])
    assert count(link) == len(expected)
    # without the text's description, an arrow with no circle stays refused (and "parity" too)
    with pytest.raises(LinkRefused):
        read_link(scl(scl_puzzle(4, rules="Normal sudoku rules apply.", arrows=arrows)))


def test_lines_of_four_cells_with_halves_of_one_sum() -> None:
    text = ("Normal sudoku rules apply. In each line of four cells the sum of the first two digits equals "
            "the sum of the last two digits.")
    row = {"wayPoints": [[0.5, 0.5], [0.5, 3.5]], "color": "#6BAB4CFF", "thickness": 10}
    # a diagonal drawn with its ends off the centres, as setters draw a triangle's sides
    slanted = {"wayPoints": [[0.75, 0.75], [3.25, 3.25]], "color": "#6BAB4CFF", "thickness": 10}
    link = scl(scl_puzzle(4, rules=text, lines=[row, slanted]))
    found = [(c.kind, c.cells()) for c in read_link(link).rules.constraints]
    assert found == [("equalsum", (0, 1, 2, 3)), ("equalsum", (0, 5, 10, 15))]

    def halves(cells: list[Cell]) -> Rule:
        return lambda g: at(g, cells[0]) + at(g, cells[1]) == at(g, cells[2]) + at(g, cells[3])

    expected = brute4([halves([(0, 0), (0, 1), (0, 2), (0, 3)]), halves([(i, i) for i in range(4)])])
    assert count(link) == len(expected)
    short = {"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#6BAB4CFF", "thickness": 10}
    with pytest.raises(LinkRefused, match="not four cells"):
        read_link(scl(scl_puzzle(4, rules=text, lines=[short])))


def test_any_colour_readings_stand_back_where_the_text_names_a_line_kind() -> None:
    """Difference-count and four-cell lines take every line only where no line kind is named: with
    thermometers named, a grey line is not silently read as one of them."""
    grey = {"wayPoints": [[0.5, 0.5], [0.5, 3.5]], "color": "#BBBBBB", "thickness": 10}
    halves = ("In each line of four cells the sum of the first two digits equals the sum of the last two "
              "digits.")
    for text in (DIFFERENCES, halves):
        with pytest.raises(LinkRefused):
            read_link(scl(scl_puzzle(4, rules=text + " Digits along thermometers increase from the bulb.",
                                     lines=[grey])))


def test_a_slow_sentence_after_the_thermometers_must_say_nothing_else() -> None:
    main = [(3, 0), (2, 1), (3, 2)]
    drawing = {"line": [_fp_thermo(*main)], "circle": [_fp_bulb(main[0])]}
    other = "Normal sudoku rules apply. Normal thermometer rules apply. Digits may repeat in cages."
    with pytest.raises(LinkRefused):  # "may repeat in cages" is no slow-thermometer rule: not understood
        read_link(fpuzzles(4, ruleset=other, **drawing))


def test_regions_given_as_hidden_cages_with_their_borders_drawn() -> None:
    """No regions, but four hidden cages of unique digits, four cells each, covering the 4×4 grid:
    they are the regions; black lines along their borders draw them, faint white squares nothing."""
    pieces = [[(0, 0), (0, 1), (0, 2), (1, 0)], [(0, 3), (1, 1), (1, 2), (1, 3)],
              [(2, 0), (2, 1), (3, 0), (3, 1)], [(2, 2), (2, 3), (3, 2), (3, 3)]]
    cages = [{"cells": [list(c) for c in piece], "unique": True, "hidden": True} for piece in pieces]
    border = {"wayPoints": [[0, 3], [1, 3], [1, 1], [2, 1]], "color": "#000000", "thickness": 3.84}
    faint = {"center": [0.5, 0.5], "width": 0.8, "height": 0.8, "backgroundColor": "#fff3"}
    text = "Irregular Sudoku rules apply. Place the digits 1 - 4 in each row, column, and outlined region."
    link = scl(scl_puzzle(4, rules=text, regions=[], cages=cages, lines=[border], underlays=[faint]))
    regions = [sorted(r.cells) for r in read_link(link).rules.regions if r.kind == "piece"]
    assert sorted(regions) == sorted(sorted(r * 4 + c for r, c in piece) for piece in pieces)

    rows = list(itertools.permutations(range(1, 5)))
    squares = [sum(grid, ()) for grid in itertools.product(rows, repeat=4)
               if all(len({grid[r][c] for r in range(4)}) == 4 for c in range(4))]
    expected = [g for g in squares if all(len({at(g, cell) for cell in piece}) == 4 for piece in pieces)]
    assert expected and count(link) == len(expected)
    # a line crossing a region's inside is no border: refused
    inside = {"wayPoints": [[1, 0], [1, 1]], "color": "#000000", "thickness": 3.84}
    with pytest.raises(LinkRefused):
        read_link(scl(scl_puzzle(4, rules=text, regions=[], cages=cages, lines=[inside])))
