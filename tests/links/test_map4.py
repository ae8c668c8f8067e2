"""4×4 links of every kind: what sudokit solves must be exactly what brute force over the 288
4×4 grids finds under the rules written out plainly (tests/links/builders.py)."""

from __future__ import annotations

from typing import Any

import pytest

from sudokit import Grid, count_solutions, solve
from sudokit.rules import check

from .builders import (
    GREY,
    S4,
    Rule,
    all_pairs,
    arrow,
    at,
    between,
    black,
    brute4,
    cage,
    distinct,
    extremum,
    fp_cell,
    fpuzzles,
    line_sum,
    one,
    pair,
    palindrome,
    quad,
    renban,
    same,
    sandwich,
    scl,
    scl_puzzle,
    skyscraper,
    thermo,
    unmarked,
    whisper,
    white,
    xsum,
)

ROW0 = [(0, 0), (0, 1), (0, 2), (0, 3)]


def lines(*cells: tuple[int, int]) -> list[list[str]]:
    return [[fp_cell(c) for c in cells]]


def kropki_marks() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[tuple[Any, Any]]]:
    """Every white and black dot S4 has (white where both fit), as f-puzzles entries."""
    whites, blacks, marked = [], [], []
    for a, b in all_pairs(4):
        x, y = at(S4, a), at(S4, b)
        if white(x, y):
            whites.append({"cells": [fp_cell(a), fp_cell(b)]})
        elif black(x, y):
            blacks.append({"cells": [fp_cell(a), fp_cell(b)]})
        else:
            continue
        marked.append((a, b))
    return whites, blacks, marked


def v_marks() -> tuple[list[dict[str, Any]], list[tuple[Any, Any]]]:
    marks = [(a, b) for a, b in all_pairs(4) if at(S4, a) + at(S4, b) == 5]
    return [{"cells": [fp_cell(a), fp_cell(b)], "value": "V"} for a, b in marks], marks


WHITES, BLACKS, KROPKI_MARKED = kropki_marks()
VS, V_MARKED = v_marks()

FPUZZLES: dict[str, tuple[dict[str, Any], list[Rule]]] = {
    "thermometer": ({"thermometer": [{"lines": lines(*ROW0)}]}, [thermo(ROW0)]),
    "arrow": (
        {"arrow": [{"cells": ["R2C2"], "lines": lines((1, 1), (1, 2), (0, 2))}]},
        [arrow((1, 1), [(1, 2), (0, 2)])],
    ),
    "killercage": (
        {"killercage": [{"cells": ["R3C3", "R3C4", "R4C4"], "value": "6"}]},
        [cage([(2, 2), (2, 3), (3, 3)], 6)],
    ),
    "littlekiller": (
        {"littlekillersum": [{"cell": "R0C1", "direction": "DR", "value": "4"}]},
        [line_sum([(0, 1), (1, 2), (2, 3)], 4)],
    ),
    "sandwich": (
        {"sandwichsum": [{"cell": "R3C0", "value": "5"}]},
        [sandwich([(2, c) for c in range(4)], 5)],
    ),
    "xsum": ({"xsum": [{"cell": "R4C0", "value": "3"}]}, [xsum([(3, c) for c in range(4)], 3)]),
    "xsum-right": ({"xsum": [{"cell": "R4C5", "value": "8"}]}, [xsum([(3, c) for c in (3, 2, 1, 0)], 8)]),
    "skyscraper": (
        {"skyscraper": [{"cell": "R0C1", "value": "3"}]},
        [skyscraper([(r, 0) for r in range(4)], 3)],
    ),
    "skyscraper-bottom": (
        {"skyscraper": [{"cell": "R5C2", "value": "3"}]},
        [skyscraper([(r, 1) for r in (3, 2, 1, 0)], 3)],
    ),
    "white": ({"difference": [{"cells": ["R4C3", "R4C4"]}]}, [pair((3, 2), (3, 3), white)]),
    "black": ({"ratio": [{"cells": ["R2C3", "R2C4"]}]}, [pair((1, 2), (1, 3), black)]),
    "v": (
        {"xv": [{"cells": ["R1C2", "R1C3"], "value": "V"}]},
        [pair((0, 1), (0, 2), lambda x, y: x + y == 5)],
    ),
    "odd-even": (
        {"odd": [{"cell": "R4C2"}], "even": [{"cell": "R3C1"}]},
        [one((3, 1), lambda v: v % 2 == 1), one((2, 0), lambda v: v % 2 == 0)],
    ),
    "renban": ({"renban": [{"lines": lines((3, 0), (3, 1))}]}, [renban([(3, 0), (3, 1)])]),
    "palindrome": (
        {"palindrome": [{"lines": lines((1, 2), (2, 2), (2, 3))}]},
        [palindrome([(1, 2), (2, 2), (2, 3)])],
    ),
    "between": ({"betweenline": [{"lines": lines(*ROW0)}]}, [between(ROW0)]),
    "whispers": (
        {"whispers": [{"lines": lines((2, 0), (3, 0)), "value": "2"}]},
        [whisper([(2, 0), (3, 0)], 2)],
    ),
    "min-max": (
        {"minimum": [{"cell": "R4C2"}], "maximum": [{"cell": "R3C1"}]},
        [extremum((3, 1), True), extremum((2, 0), False)],
    ),
    "quadruple": (
        {"quadruple": [{"cells": ["R1C2", "R1C3", "R2C2", "R2C3"], "values": [2, 3]}]},
        [quad((0, 1), [2, 3])],
    ),
    "clone": (
        {"clone": [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R2C3", "R2C4"]}]},
        [same([(0, 0), (0, 1)], [(1, 2), (1, 3)])],
    ),
    "extraregion": (
        {"extraregion": [{"cells": ["R1C1", "R4C4", "R1C4"]}]},
        [distinct([(0, 0), (3, 3), (0, 3)])],
    ),
    "diagonals": (
        {"diagonal+": True, "diagonal-": True, "thermometer": [{"lines": lines((3, 1), (3, 2))}]},
        [
            distinct([(i, i) for i in range(4)]),
            distinct([(3 - i, i) for i in range(4)]),
            thermo([(3, 1), (3, 2)]),
        ],
    ),
    "negative-xv": (
        {"xv": VS, "negative": ["xv"]},
        [pair(a, b, lambda x, y: x + y == 5) for a, b in V_MARKED]
        + [unmarked(V_MARKED, lambda x, y: x + y not in (5, 10))],
    ),
}


def _whites_exact() -> list[Rule]:
    """The f-puzzles white dots are differences of 1 and black ratios of 2 exactly."""
    out = []
    for entry in WHITES:
        a, b = ((int(s[1]) - 1, int(s[3]) - 1) for s in entry["cells"])
        out.append(pair(a, b, white))
    for entry in BLACKS:
        a, b = ((int(s[1]) - 1, int(s[3]) - 1) for s in entry["cells"])
        out.append(pair(a, b, black))
    return out


FPUZZLES["negative-kropki"] = (
    {"difference": WHITES, "ratio": BLACKS, "negative": ["ratio", "difference"]},
    [*_whites_exact(), unmarked(KROPKI_MARKED, lambda x, y: not white(x, y) and not black(x, y))],
)


def _compare(link: str, rules: list[Rule], givens: dict[tuple[int, int], int] | None = None) -> int:
    expected = brute4(rules, givens)
    assert S4 in expected or givens, "the test's rules must hold for S4"
    grid = Grid.from_string(link)
    assert grid.rules is not None
    assert check(grid.rules, S4) == [] or givens
    assert count_solutions(grid, limit=400) == len(expected)
    if len(expected) == 1:
        assert solve(grid).cells == expected[0]
    return len(expected)


@pytest.mark.parametrize("name", sorted(FPUZZLES))
def test_fpuzzles_kind_matches_brute_force(name: str) -> None:
    fields, rules = FPUZZLES[name]
    assert _compare(fpuzzles(4, **fields), rules) < 288 or name == "diagonals"


def test_fpuzzles_everything_at_once_is_unique() -> None:
    fields: dict[str, Any] = {}
    rules: list[Rule] = []
    for name in (
        "arrow",
        "killercage",
        "littlekiller",
        "sandwich",
        "xsum",
        "skyscraper",
        "white",
        "v",
        "odd-even",
        "renban",
        "palindrome",
        "quadruple",
        "clone",
    ):
        f, r = FPUZZLES[name]
        fields.update(f)
        rules += r
    assert _compare(fpuzzles(4, **fields), rules) == 1


# -- SudokuPad's drawings ----------------------------------------------------------------------------------


def circle(r: float, c: float, size: float = 0.8, colour: str = GREY) -> dict[str, Any]:
    return {
        "center": [r, c],
        "width": size,
        "height": size,
        "rounded": True,
        "backgroundColor": colour,
        "borderColor": colour,
    }


def dot(r: float, c: float, colour: str) -> dict[str, Any]:
    return {
        "center": [r, c],
        "width": 0.3,
        "height": 0.3,
        "rounded": True,
        "backgroundColor": colour,
        "borderColor": "#000000",
    }


def text(r: float, c: float, value: str) -> dict[str, Any]:
    return {"center": [r, c], "width": 0.25, "height": 0.25, "text": value}


SCL: dict[str, tuple[str, dict[str, Any], list[Rule]]] = {
    "thermo": (
        "Digits along a thermometer increase from the bulb.",
        {
            "lines": [{"wayPoints": [[0.5, 0.5], [0.5, 3.5]], "color": GREY, "thickness": 21}],
            "underlays": [circle(0.5, 0.5, 0.85)],
        },
        [thermo(ROW0)],
    ),
    "arrow": (
        "Digits along an arrow sum to the digit in its circle.",
        {
            "arrows": [
                {
                    "wayPoints": [[1.5, 1.5], [1.5, 2.5], [0.5, 2.5]],
                    "color": "#a1a1a1",
                    "thickness": 2,
                    "headLength": 0.3,
                }
            ],
            "overlays": [circle(1.5, 1.5, 0.8, "#FFFFFF") | {"borderColor": "#a1a1a1"}],
        },
        [arrow((1, 1), [(1, 2), (0, 2)])],
    ),
    "killer": (
        "Digits in cages sum to the small total and don't repeat in a cage.",
        {"cages": [{"cells": [[2, 2], [2, 3], [3, 3]], "value": "6"}]},
        [cage([(2, 2), (2, 3), (3, 3)], 6)],
    ),
    "kropki": (
        "Cells separated by a white dot are consecutive. A black dot: one is double the other.",
        {"overlays": [dot(3.5, 3.0, "#FFFFFF"), dot(1.5, 3.0, "#000000")]},
        [pair((3, 2), (3, 3), white), pair((1, 2), (1, 3), black)],
    ),
    "v": (
        "Cells separated by a V sum to 5.",
        {
            "overlays": [
                {
                    "center": [0.5, 2.0],
                    "width": 0.25,
                    "height": 0.25,
                    "rounded": False,
                    "backgroundColor": "#FFFFFF",
                    "borderColor": "#FFFFFF",
                    "text": "V",
                }
            ]
        },
        [pair((0, 1), (0, 2), lambda x, y: x + y == 5)],
    ),
    "odd-even": (
        "Digits in circles are odd, digits in squares are even.",
        {
            "underlays": [
                circle(3.5, 1.5, 0.7),
                {"center": [2.5, 0.5], "width": 0.7, "height": 0.7, "backgroundColor": GREY},
            ]
        },
        [one((3, 1), lambda v: v % 2 == 1), one((2, 0), lambda v: v % 2 == 0)],
    ),
    "sandwich": (
        "Clues outside the grid give the sum of the digits sandwiched between the 1 and the 4.",
        {"overlays": [text(2.5, -0.5, "5")]},
        [sandwich([(2, c) for c in range(4)], 5)],
    ),
    "renban": (
        "Digits on a purple renban line are consecutive, in any order.",
        {"lines": [{"wayPoints": [[3.5, 0.5], [3.5, 1.5]], "color": "#C060F0", "thickness": 9}]},
        [renban([(3, 0), (3, 1)])],
    ),
    "little-killer": (
        "Little killer: clues outside the grid give the sum along the arrow's diagonal.",
        {
            "arrows": [{"wayPoints": [[-0.2, 0.8], [-0.02, 0.98]], "color": "#000000", "thickness": 2}],
            "overlays": [text(-0.5, 0.5, "4")],
        },
        [line_sum([(0, 1), (1, 2), (2, 3)], 4)],
    ),
    "diagonals": (
        "Digits may not repeat on the marked diagonals. Digits along a thermometer increase.",
        {
            "lines": [
                {"wayPoints": [[0, 0], [4, 4]], "color": "#34BBE6", "thickness": 2},
                {"wayPoints": [[0, 4], [4, 0]], "color": "#34BBE6", "thickness": 2},
                {"wayPoints": [[3.5, 1.5], [3.5, 2.5]], "color": GREY, "thickness": 21},
            ],
            "underlays": [circle(3.5, 1.5, 0.85)],
        },
        [
            distinct([(i, i) for i in range(4)]),
            distinct([(3 - i, i) for i in range(4)]),
            thermo([(3, 1), (3, 2)]),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(SCL))
def test_sudokupad_kind_matches_brute_force(name: str) -> None:
    rules_text, parts, rules = SCL[name]
    link = scl(scl_puzzle(4, rules="Normal sudoku rules apply. " + rules_text, **parts))
    assert _compare(link, rules) < 288


def test_sudokupad_with_givens_is_unique() -> None:
    rules_text, parts, rules = SCL["thermo"]
    givens = {(1, 1): 4, (2, 3): 1, (3, 0): 2}
    link = scl(scl_puzzle(4, givens, rules=rules_text, **parts))
    assert _compare(link, rules, givens) == 1
    assert solve(Grid.from_string(link)).cells == S4
