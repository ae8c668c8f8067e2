"""Links whose rules text or fields state a mark's meaning beyond the drawing (#25): the "all dots
given" negative of one colour, f-puzzles' non-consecutive beside drawn dots, "normal <kind> rules"
sentences, the conventional parity marks, and translucent shading; counts checked by brute force."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from sudokit import Grid, count_solutions
from sudokit.formats.links import LinkRefused, read_link
from sudokit.rules import (
    AllBlackDotsGiven,
    AllWhiteDotsGiven,
    Even,
    KropkiBlack,
    KropkiWhite,
    NonConsecutive,
    check,
)

from .builders import S4, Cell, Rule, at, brute4, fp_cell, fpuzzles, scl, scl_puzzle

PAIRS = [((r, c), (r, c + 1)) for r in range(4) for c in range(3)] + \
        [((r, c), (r + 1, c)) for r in range(3) for c in range(4)]


def count(link: str) -> int:
    return count_solutions(Grid.from_string(link), limit=400)


def away(dotted: set[frozenset[Cell]], bad: Rule | Any) -> Rule:
    """Every undotted side-by-side pair keeps clear of ``bad(x, y)``."""
    return lambda g: all(not bad(at(g, a), at(g, b)) for a, b in PAIRS if frozenset((a, b)) not in dotted)


def ratio(x: int, y: int) -> bool:
    return x == 2 * y or y == 2 * x


def consecutive(x: int, y: int) -> bool:
    return abs(x - y) == 1


@pytest.mark.parametrize(("negative", "kind"),
                         [("ratio", AllBlackDotsGiven), ("difference", AllWhiteDotsGiven)])
def test_fpuzzles_negative_of_one_colour(negative: str, kind: type[Any]) -> None:
    link = fpuzzles(4, ratio=[{"cells": ["R1C1", "R1C2"]}], difference=[{"cells": ["R2C1", "R3C1"]}],
                    negative=[negative])
    constraints = read_link(link).rules.constraints
    assert KropkiBlack(0, 1) in constraints and KropkiWhite(4, 8) in constraints
    assert kind(((0, 1), (4, 8))) in constraints and len(constraints) == 3
    dotted = {frozenset(((0, 0), (0, 1))), frozenset(((1, 0), (2, 0)))}
    rules = [lambda g: ratio(g[0], g[1]), lambda g: consecutive(g[4], g[8]),
             away(dotted, ratio if negative == "ratio" else consecutive)]
    assert count(link) == len(brute4(rules))


def test_all_black_dots_given_in_the_rules_text() -> None:
    dot = {"center": [0.5, 1.0], "width": 0.3, "height": 0.3, "rounded": True,
           "backgroundColor": "#000000", "borderColor": "#000000"}
    text = "Digits separated by a black dot are in a 1:2 ratio. All possible black dots are given."
    link = scl(scl_puzzle(4, rules=text, overlays=[dot]))
    assert read_link(link).rules.constraints == (KropkiBlack(0, 1), AllBlackDotsGiven(((0, 1),)))
    dotted = {frozenset(((0, 0), (0, 1)))}
    assert count(link) == len(brute4([lambda g: ratio(g[0], g[1]), away(dotted, ratio)]))


def test_fpuzzles_non_consecutive_beside_white_dots_leaves_the_dots_out() -> None:
    # White dots on exactly the consecutive pairs of a grid, so that the puzzle has solutions.
    pairs = [(a, b) for a, b in PAIRS if consecutive(at(S4, a), at(S4, b))]
    dots = [{"cells": [fp_cell(a), fp_cell(b)]} for a, b in pairs]
    link = fpuzzles(4, difference=dots, nonconsecutive=True)
    marked = tuple(sorted((a[0] * 4 + a[1], b[0] * 4 + b[1]) for a, b in pairs))
    constraints = read_link(link).rules.constraints
    assert constraints[-1] == AllWhiteDotsGiven(marked) and NonConsecutive() not in constraints
    dotted = {frozenset(p) for p in pairs}
    rules = [lambda g: all(consecutive(at(g, a), at(g, b)) for a, b in pairs), away(dotted, consecutive)]
    found = count(link)
    assert found > 0
    assert found == len(brute4(rules))
    assert read_link(fpuzzles(4, nonconsecutive=True)).rules.constraints == (NonConsecutive(),)


@pytest.mark.parametrize("sentence", ["Normal cage rules.", "Standard thermo rules apply.",
                                      "Normal Little Killer Sums rule.", "- Standard renban rules apply"])
def test_a_kinds_standard_rules_hold_whether_or_not_it_is_drawn(sentence: str) -> None:
    assert read_link(fpuzzles(4, ruleset="Normal sudoku rules apply. " + sentence)).rules.constraints == ()


@pytest.mark.parametrize("sentence", ["Normal cage rules do not apply.", "Normal cage rules apply to rows.",
                                      "Normal parity rules apply."])
def test_other_sentences_on_a_kinds_rules_are_refused(sentence: str) -> None:
    with pytest.raises(LinkRefused, match="not understood"):
        read_link(fpuzzles(4, ruleset="Normal sudoku rules apply. " + sentence))


def test_parity_marks_stated_by_their_shape() -> None:
    text = "Cells with a filled circle must be odd. Cells with a filled square must be even."
    link = fpuzzles(4, odd=[{"cell": "R1C1"}], ruleset=text)
    assert [c.kind for c in read_link(link).rules.constraints] == ["odd"]
    assert count(link) == len(brute4([lambda g: g[0] % 2 == 1]))
    for odd_squares in ("Squares hold odd digits.", "Cells with a square must be odd.",
                        "Cells in a circle are even."):
        with pytest.raises(LinkRefused, match="not understood"):
            read_link(fpuzzles(4, ruleset="Normal sudoku rules apply. " + odd_squares))
    # A thermometer's bulb could be meant: circles said to be odd beside thermometers are refused.
    thermo = {"thermometer": [{"lines": [["R1C1", "R1C2"]]}]}
    text = "Digits on a thermometer increase from the bulb. Cells with a circle are odd."
    with pytest.raises(LinkRefused, match="not understood"):
        read_link(fpuzzles(4, ruleset=text, **thermo))
    text = "Digits on a thermometer increase from the bulb. Cells with a grey square are even."
    assert [c.kind for c in read_link(fpuzzles(4, ruleset=text, **thermo)).rules.constraints] == ["thermo"]


@pytest.mark.parametrize(("colour", "even"), [("#0003", True), ("#00000033", True), ("#CFCFCF", True),
                                              ("#000000", False), ("#0000FF33", False)])
def test_translucent_shading_is_seen_on_the_white_page(colour: str, even: bool) -> None:
    square = {"center": [1.5, 2.5], "width": 0.8, "height": 0.8, "backgroundColor": colour}
    link = scl(scl_puzzle(4, rules="A grey square must contain an even digit.", underlays=[square]))
    if not even:
        with pytest.raises(LinkRefused):
            read_link(link)
        return
    assert read_link(link).rules.constraints == (Even(6),)
    assert count(link) == len(brute4([lambda g: g[6] % 2 == 0]))


def test_pairs_cover_every_side_by_side_pair() -> None:
    assert len(PAIRS) == 24 and all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in PAIRS)
    assert len(set(itertools.chain(*PAIRS))) == 16


@pytest.mark.parametrize("sentence", [
    "Different lines may have different values for N.", "Separate cages can have different totals.",
])
def test_each_line_read_on_its_own_needs_no_more(sentence: str) -> None:
    text = "Digits on a region sum line have the same sum in each box. " + sentence
    link = fpuzzles(4, regionsumline=[{"lines": [["R1C2", "R1C3"]]}], ruleset=text)
    assert [c.kind for c in read_link(link).rules.constraints] == ["regionsum"]
    with pytest.raises(LinkRefused, match="not understood"):
        read_link(fpuzzles(4, regionsumline=[{"lines": [["R1C2", "R1C3"]]}],
                           ruleset=text.replace(" may ", " must ").replace(" can ", " must ")))


def test_classic_rules_and_renban_worded_plainly() -> None:
    text = ("Normal Sudoku rules. Fill each row, 2x2 box, and column with 1-4. Each blue line contains a "
            "sequence of non-repeating consecutive digits, which can be in any order.")
    link = fpuzzles(4, renban=[{"lines": [["R1C1", "R2C2"]]}], ruleset=text)
    assert [c.kind for c in read_link(link).rules.constraints] == ["renban"]
    with pytest.raises(LinkRefused, match="not understood"):
        read_link(fpuzzles(4, ruleset="Fill each row and column with 1-4 except cages."))


@pytest.mark.parametrize(("frame", "read"), [("◯", True), ("▯", True), ("X", False), ("7", False)])
def test_fpuzzles_frame_drawn_round_a_declared_clue(frame: str, read: bool) -> None:
    texts = [{"cells": ["R0C1"], "value": frame, "fontC": "#000000", "fromConstraint": "X Sum"},
             {"cells": ["R0C1"], "value": "3", "fontC": "#000000", "fromConstraint": "X Sum"}]
    text = "X-sum clues give the sum of the first X digits seen from the clue, X being the first digit."
    link = fpuzzles(4, xsum=[{"cell": "R0C1", "value": "3"}], text=texts, ruleset=text)
    if read:
        assert [c.kind for c in read_link(link).rules.constraints] == ["xsum"]
        assert count(link) == len(brute4([lambda g: sum(g[4 * k] for k in range(g[0])) == 3]))
    else:
        with pytest.raises(LinkRefused, match="f-puzzles text"):
            read_link(link)
    elsewhere = [dict(texts[0], cells=["R0C2"]), texts[1]]
    with pytest.raises(LinkRefused, match="f-puzzles text"):
        read_link(fpuzzles(4, xsum=[{"cell": "R0C1", "value": "3"}], text=elsewhere, ruleset=text))


def shape(r: float, c: float, size: float, colour: str, **more: Any) -> dict[str, Any]:
    return {"center": [r, c], "width": size, "height": size, "rounded": True, "backgroundColor": colour,
            "borderColor": colour, **more}


def test_numbered_rules_and_little_killers_described() -> None:
    killer = {"arrows": [{"wayPoints": [[-0.2, 0.8], [-0.02, 0.98]], "color": "#000000", "thickness": 2}],
              "overlays": [{"center": [-0.5, 0.5], "width": 0.25, "height": 0.25, "text": "4"}]}
    text = ("1). Normal sudoku rules apply. 2). Values outside the grid give the sum along the "
            "indicated diagonal.")
    link = scl(scl_puzzle(4, rules=text, **killer))
    assert [c.kind for c in read_link(link).rules.constraints] == ["littlekiller"]
    assert count(link) == len(brute4([lambda g: g[1] + g[6] + g[11] == 4]))
    product = "Values outside the grid give the product along the indicated diagonal."
    with pytest.raises(LinkRefused, match="little killer"):
        read_link(scl(scl_puzzle(4, rules=product, **killer)))


TAN = "#dac391ff"


def test_a_thermometer_in_another_colour_where_the_text_names_thermometers() -> None:
    line = {"wayPoints": [[3.5, 0.5], [3.5, 2.5], [2.5, 3.5]], "color": TAN, "thickness": 15}
    text = "Digits along a thermometer increase from the bulb end."
    link = scl(scl_puzzle(4, rules=text, lines=[line], underlays=[shape(3.5, 0.5, 0.8, TAN)]))
    assert [c.kind for c in read_link(link).rules.constraints] == ["thermo"]
    assert count(link) == len(brute4([lambda g: g[12] < g[13] < g[14] < g[11]]))
    # Not when the text names a line kind of that colour, nor with a circle at each end.
    renban = scl(scl_puzzle(4, rules=text + " Digits on a purple renban line are consecutive.",
                            lines=[dict(line, color="#C060F0")], underlays=[shape(3.5, 0.5, 0.8, "#C060F0")]))
    with pytest.raises(LinkRefused):
        read_link(renban)
    both = [shape(3.5, 0.5, 0.8, TAN), shape(2.5, 3.5, 0.8, TAN)]
    with pytest.raises(LinkRefused):
        read_link(scl(scl_puzzle(4, rules=text, lines=[line], underlays=both)))
    with pytest.raises(LinkRefused):
        read_link(scl(scl_puzzle(4, rules="Digits on the tan line increase.", lines=[line],
                                 underlays=[shape(3.5, 0.5, 0.8, TAN)])))


@pytest.mark.parametrize(("sentence", "letter"), [
    ("All possible V's are given.", "V"), ("All possible X's are given.", "X"),
    ("All possible X's and V's are given.", None), ("All XV pairs are given.", None),
])
def test_the_xv_negative_needs_both_letters(sentence: str, letter: str | None) -> None:
    marks = [{"center": [0.5, 1.0], "width": 0.25, "height": 0.25, "text": "X"},
             {"center": [1.0, 2.5], "width": 0.25, "height": 0.25, "text": "V"}]
    text = "Digits joined by an X sum to 10; digits joined by a V sum to 5. " + sentence
    link = scl(scl_puzzle(9, rules=text, overlays=marks))
    if letter:  # that letter's negative alone: a sum of 10 (5) left unmarked is not forbidden
        negative = {"V": "nov", "X": "nox"}[letter]
        assert [c.kind for c in read_link(link).rules.constraints] == ["xv", "xv", negative]
        rules = read_link(link).rules
        said, other = [0] * 81, [0] * 81  # an unmarked pair in r5: the letter's sum, the other's
        said[40], said[41] = (2, 3) if letter == "V" else (4, 6)
        other[40], other[41] = (4, 6) if letter == "V" else (2, 3)
        assert check(rules, said) and not check(rules, other)
    else:
        assert [c.kind for c in read_link(link).rules.constraints] == ["xv", "xv", "noxv"]


def test_a_white_line_ending_in_a_white_circle_is_no_thermometer() -> None:
    line = {"wayPoints": [[3.5, 0.5], [3.5, 2.5]], "color": "#FFFFFF", "thickness": 15}
    text = "Digits along a thermometer increase from the bulb end."
    with pytest.raises(LinkRefused, match="white"):
        read_link(scl(scl_puzzle(4, rules=text, lines=[line], underlays=[shape(3.5, 0.5, 0.8, "#FFFFFF")])))
