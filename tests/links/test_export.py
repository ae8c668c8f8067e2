"""Exporters (#25): every constraint kind written as an f-puzzles and a SudokuPad link reads back
(read_link) to equal rules and givens; sudokit's JSON form keeps every constraint; what a format
cannot say is refused by name; the KIND:SPEC text of --constraint."""

from __future__ import annotations

import json

import pytest

import sudokit
from sudokit.errors import RulesError, UnsupportedConstraintError
from sudokit.formats.links import read_link
from sudokit.formats.variants import read_json, rules_from_dict, write_fpuzzles, write_json, write_sudokupad
from sudokit.formats.zipped import lz_decompress
from sudokit.rules import Constraint, Rules, constraint_names, kinds
from sudokit.rules.spec import constraint_from_dict, constraint_to_dict, parse_constraint, parse_constraints
from sudokit.shape import Shape
from sudokit.variant import make_rules

BOX = Shape(3, 3)
BOXES = tuple(BOX.box_of(c) for c in range(81))

#: One (or two) of every kind f-puzzles can express, on a 9×9 grid.
EXPRESSIBLE: list[Constraint] = [
    kinds.Thermometer((0, 1, 2)),
    kinds.SlowThermometer((15, 16, 17)),
    kinds.Arrow((10,), (11, 12)),
    kinds.Arrow((27, 28), (37, 38)),
    kinds.KillerCage((30, 31), 5),
    kinds.KillerCage((40, 41)),
    kinds.LittleKiller((1, 11, 21, 31, 41, 51, 61, 71), 20),
    kinds.LittleKiller((8,), 3),
    kinds.LittleKiller((54, 64, 74), 12),
    kinds.Sandwich(tuple(range(9)), 10),
    kinds.Sandwich(tuple(range(80, 71, -1)), 0),
    kinds.XSum(tuple(range(0, 81, 9)), 15),
    kinds.Skyscraper(tuple(range(80, -1, -9)), 3),
    kinds.GermanWhisper((20, 21, 22)),
    kinds.DutchWhisper((23, 24)),
    kinds.Renban((50, 51)),
    kinds.Palindrome((60, 61, 62)),
    kinds.Between((63, 64, 65)),
    kinds.RegionSum((5, 6, 7), BOXES),
    kinds.Entropic((70, 71, 72)),
    kinds.Modular((73, 74, 75)),
    kinds.ZipperLine((33, 34, 35)),
    kinds.KropkiWhite(0, 9),
    kinds.KropkiBlack(1, 10),
    kinds.Difference(2, 11, value=3),
    kinds.Ratio(3, 12, value=3),
    kinds.XV(4, 13, 10),
    kinds.XV(5, 14, 5),
    kinds.Odd(80),
    kinds.Even(79),
    kinds.Minimum(78),
    kinds.Maximum(77),
    kinds.Quadruple(20, (1, 2)),
    kinds.Clone((54, 55), (57, 58)),
    kinds.ExtraRegion((45, 46, 47)),
    kinds.Diagonal("down"),
    kinds.Diagonal("up"),
    kinds.AntiKnight(),
    kinds.AntiKing(),
    kinds.NonConsecutive(),
    kinds.DisjointGroups((3, 3)),
]
GIVENS = [0] * 81
GIVENS[40] = 5
GIVENS[0] = 1

WRITERS = [pytest.param(write_fpuzzles, id="fpuzzles"), pytest.param(write_sudokupad, id="sudokupad")]


def key(rules: Rules) -> list[str]:
    """The constraints as a sorted list (a link groups them by field, so the order may change)."""
    return sorted(repr(c) for c in rules.constraints)


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("constraint", EXPRESSIBLE, ids=repr)
def test_every_kind_round_trips(writer, constraint):
    rules = Rules.classic(BOX).with_constraints([constraint])
    puzzle = read_link(writer(GIVENS, rules))
    assert puzzle.rules == rules
    assert list(puzzle.cells) == GIVENS


@pytest.mark.parametrize("writer", WRITERS)
def test_all_kinds_at_once_round_trip(writer):
    # Beside dots, f-puzzles' non-consecutive is the white dots' negative: written as such.
    together = [c for c in EXPRESSIBLE if c != kinds.NonConsecutive()]
    rules = Rules.classic(BOX).with_constraints(together)
    puzzle = read_link(writer(GIVENS, rules))
    assert key(puzzle.rules) == key(rules)
    assert puzzle.rules.regions == rules.regions and puzzle.rules.shape == rules.shape
    assert list(puzzle.cells) == GIVENS


def test_the_negatives_round_trip_with_their_marks():
    rules = Rules.classic(BOX).with_constraints(
        [
            kinds.KropkiWhite(0, 1),
            kinds.Ratio(9, 10, value=3),
            kinds.XV(3, 4, 5),
            kinds.AllDotsGiven(((0, 1), (9, 10))),
            kinds.AllXVGiven(((3, 4),)),
        ]
    )
    assert read_link(write_fpuzzles(GIVENS, rules)).rules == rules


@pytest.mark.parametrize("negative", [kinds.AllBlackDotsGiven, kinds.AllWhiteDotsGiven])
def test_one_colour_negatives_round_trip(negative):
    rules = Rules.classic(BOX).with_constraints(
        [kinds.KropkiWhite(0, 1), kinds.KropkiBlack(9, 18), negative(((0, 1), (9, 18)))])
    assert read_link(write_fpuzzles(GIVENS, rules)).rules == rules
    short = Rules.classic(BOX).with_constraints([kinds.KropkiWhite(0, 1), negative(())])
    both = Rules.classic(BOX).with_constraints([kinds.KropkiWhite(0, 1), kinds.NonConsecutive()])
    with pytest.raises(UnsupportedConstraintError, match="white dots' negative"):
        write_fpuzzles(GIVENS, both)
    with pytest.raises(UnsupportedConstraintError, match="exactly the dots"):
        write_fpuzzles(GIVENS, short)


@pytest.mark.parametrize("shape", [Shape(2, 3), Shape(3, 2), Shape(2, 2), Shape(4, 4)])
def test_box_shapes_round_trip(shape):
    n = shape.n
    rules = Rules.classic(shape).with_constraints([kinds.Thermometer((0, 1, n + 1)), kinds.Odd(n * n - 1)])
    assert read_link(write_sudokupad([0] * (n * n), rules)).rules == rules


def test_an_irregular_grid_round_trips():
    rules = make_rules("jigsaw", regions="1112" "1322" "3342" "3444").with_constraints([kinds.Renban((0, 1))])
    cells = [0] * 16
    cells[5] = 2
    puzzle = read_link(write_fpuzzles(cells, rules))
    assert puzzle.rules == rules and list(puzzle.cells) == cells


def test_a_sudokupad_link_is_sudokupads_with_fpuzzles_json():
    rules = Rules.classic(BOX).with_constraints([kinds.Thermometer((0, 1, 2))])
    link = write_sudokupad(GIVENS, rules)
    assert link.startswith("https://sudokupad.app/fpuzzles")
    data = json.loads(lz_decompress(link.removeprefix("https://sudokupad.app/fpuzzles")))
    assert data["thermometer"] == [{"lines": [["R1C1", "R1C2", "R1C3"]]}]
    assert data["grid"][0][0] == {"value": 1, "given": True}


def test_grid_writes_both_links():
    grid = sudokit.Grid(tuple(GIVENS), BOX, Rules.classic(BOX).with_constraints([kinds.Odd(3)]))
    assert read_link(grid.to_sudokupad()).rules == grid.rules
    assert sudokit.Grid.from_string(grid.to_fpuzzles()) == grid


@pytest.mark.parametrize("constraint, words", [
    (kinds.EqualSum(((0, 1), (3, 4))), "no field for equalsum"),
    (kinds.KropkiWhite(0, 2), "not side by side"),
    (kinds.XV(0, 1, 7), "not 7"),
    (kinds.Modular((0, 1, 2), 4), "modulo 3, not 4"),
    (kinds.LittleKiller((10, 20), 5), "whole diagonal"),
    (kinds.Sandwich((0, 1, 2), 5), "whole row or column"),
    (kinds.RegionSum((0, 1), tuple(range(81))), "not the grid's"),
    (kinds.AllDotsGiven(((0, 1),)), "exactly the dots"),
])
def test_what_fpuzzles_cannot_say_is_refused_by_name(constraint, words):
    rules = Rules.classic(BOX).with_constraints([constraint])
    for writer in (write_fpuzzles, write_sudokupad):
        with pytest.raises(UnsupportedConstraintError, match=words) as caught:
            writer(GIVENS, rules)
        assert constraint.kind in str(caught.value)


#: Kinds f-puzzles has no field for: refused by name by both writers.
NOT_IN_FPUZZLES = [kinds.Fibonacci((0, 1, 2)), kinds.DifferenceCount((9, 10, 11)),
                   kinds.CountingCircles((0, 40, 80)), kinds.MixedParityTriples(),
                   kinds.AllVGiven(((0, 1),)), kinds.AllXGiven(()), kinds.KnightThirds(40),
                   kinds.IndexLine((20, 21, 22)), kinds.SmallerNeighbours(30),
                   kinds.NumberSum(((0, 1), (2, 3)), 100), kinds.CageRange((0, 1), 3, 9),
                   kinds.SumDot(0, 1, (5, 10)), kinds.OddEvenDot(0, 9, apart=True),
                   kinds.AllSumsGiven(((0, 1),), (7,)), kinds.AllOddEvenDotsGiven(()),
                   kinds.ParityCount(40, (41, 42, 43))]


@pytest.mark.parametrize("constraint", NOT_IN_FPUZZLES, ids=repr)
def test_kinds_without_a_field_are_refused_by_name(constraint):
    rules = Rules.classic(BOX).with_constraints([constraint])
    for writer in (write_fpuzzles, write_sudokupad):
        with pytest.raises(UnsupportedConstraintError, match=constraint.kind):
            writer(GIVENS, rules)


def test_a_digit_set_is_refused():
    rules = Rules.classic(BOX).with_constraints([], digits=range(9))
    with pytest.raises(UnsupportedConstraintError, match="digit set"):
        write_fpuzzles(GIVENS, rules)


# -- sudokit's JSON form ---------------------------------------------------------------------------

EVERY_KIND = [*EXPRESSIBLE, kinds.EqualSum(((0, 1), (3, 4))), kinds.Modular((6, 7, 8), 4),
              kinds.XV(0, 1, 7), kinds.AllDotsGiven(((0, 9),)), kinds.AllBlackDotsGiven(((0, 9),)),
              kinds.AllWhiteDotsGiven(()),
              kinds.AllXVGiven(()), kinds.RegionSum((0, 1, 2)), *NOT_IN_FPUZZLES]


def test_every_kind_is_in_the_list():
    assert {c.kind for c in EVERY_KIND} == set(constraint_names())


@pytest.mark.parametrize("constraint", EVERY_KIND, ids=repr)
def test_json_keeps_every_kind(constraint):
    data = constraint_to_dict(constraint, 9)
    assert json.loads(json.dumps(data)) == data
    assert constraint_from_dict(data, 9) == constraint


def test_rules_to_dict_and_back_keep_every_constraint_in_order():
    rules = make_rules("x", box=(3, 3)).with_constraints(EVERY_KIND)
    back = rules_from_dict(json.loads(json.dumps(rules.to_dict())))
    assert back == rules and back.constraints == rules.constraints
    digits = Rules.classic(Shape(2, 2)).with_constraints([kinds.Thermometer((0, 1))], digits=(0, 1, 2, 3))
    assert rules_from_dict(digits.to_dict()) == digits


def test_the_json_form_of_a_grid_keeps_its_constraints():
    rules = Rules.classic(BOX).with_constraints(EVERY_KIND)
    cells, back = read_json(write_json(GIVENS, rules))
    assert back == rules and cells == GIVENS


@pytest.mark.parametrize("data, words", [
    ({"kind": "thermoo", "line": ["r1c1", "r1c2"]}, "did you mean 'thermo'"),
    ({"kind": "thermo", "line": ["r1c1", "r10c2"]}, "r10c2 is outside"),
    ({"kind": "thermo", "line": ["r1c1", "x"]}, "'x' is not a cell"),
    ({"kind": "thermo", "cells": ["r1c1"]}, "no field 'cells'"),
    ({"kind": "cage", "total": 5}, "needs group"),
    ({"kind": "cage", "group": ["r1c1"], "total": "5"}, "whole number"),
    ({"line": []}, "kind"),
])
def test_bad_json_constraints_are_named(data, words):
    with pytest.raises(RulesError, match=words):
        constraint_from_dict(data, 9)


# -- the KIND:SPEC text ------------------------------------------------------------------------------


@pytest.mark.parametrize("spec, expected", [
    ("thermo:r1c1,r1c2,r1c3", [kinds.Thermometer((0, 1, 2))]),
    ("cage:15:r1c1,r1c2", [kinds.KillerCage((0, 1), 15)]),
    ("cage:r1c1,r1c2", [kinds.KillerCage((0, 1))]),
    ("kropki-black:r1c1,r1c2", [kinds.KropkiBlack(0, 1)]),
    ("white:r1c1,r1c2,r2c1,r2c2", [kinds.KropkiWhite(0, 1), kinds.KropkiWhite(9, 10)]),
    ("odd:r1c1,r9c9", [kinds.Odd(0), kinds.Odd(80)]),
    ("arrow:r1c1:r1c2,r1c3", [kinds.Arrow((0,), (1, 2))]),
    ("quadruple:r1c1:1,2", [kinds.Quadruple(0, (1, 2))]),
    ("xv:X:r1c1,r1c2", [kinds.XV(0, 1, 10)]),
    ("xv:5:r1c1,r1c2", [kinds.XV(0, 1, 5)]),
    ("diagonal:up", [kinds.Diagonal("up")]),
    ("disjoint:3x3", [kinds.DisjointGroups((3, 3))]),
    ("antiknight", [kinds.AntiKnight()]),
    ("difference:2:r1c1,r1c2", [kinds.Difference(0, 1, value=2)]),
    ("equalsum:r1c1,r1c2:r3c1", [kinds.EqualSum(((0, 1), (18,)))]),
    ("littlekiller:20:r1c2,r2c3", [kinds.LittleKiller((1, 11), 20)]),
    ("Thermometer:R1C1,R2C1", [kinds.Thermometer((0, 9))]),
])
def test_specs(spec, expected):
    assert parse_constraint(spec, 9) == expected


def test_negatives_take_the_marks_given_with_them():
    found = parse_constraints(["white:r1c1,r1c2", "black:r2c1,r3c1", "nokropki", "xv:X:r5c5,r5c6", "noxv"], 9)
    assert found[2] == kinds.AllDotsGiven(((0, 1), (9, 18)))
    assert found[4] == kinds.AllXVGiven(((40, 41),))
    one = parse_constraints(["white:r1c1,r1c2", "noblack", "nowhite"], 9)
    assert one[1:] == [kinds.AllBlackDotsGiven(((0, 1),)), kinds.AllWhiteDotsGiven(((0, 1),))]


@pytest.mark.parametrize("spec, words", [
    ("thermoo:r1c1,r1c2", "did you mean 'thermo'"),
    ("kropky-black:r1c1,r1c2", "did you mean 'black'"),
    ("thermo:r1c1,r10c1", "r10c1 is outside the 9×9 grid"),
    ("thermo:r1c1,x2", "'x2' is not a cell"),
    ("thermo:r1c1", "at least 2 cells"),
    ("cage:a:r1c1", "total 'a' is not a whole number"),
    ("black:r1c1,r1c2,r1c3", "2 cell"),
    ("arrow:r1c1,r1c2", "2 group"),
    ("thermo:1:2:r1c1,r1c2", "takes 0 value"),
    ("quadruple:r9c9:1", "no 2×2 block"),
])
def test_bad_specs_say_what_is_wrong(spec, words):
    with pytest.raises(RulesError, match=words):
        parse_constraint(spec, 9)


ODD_VALUES = [-1, 0, 2, 10**6, "x", "", [], [1], [[1]], [0, 1], None, True, 3.5, ["r1c1"], "r1c1",
              [["r1c1", "r1c2"]], [3, 3], [0] * 81, {"a": 1}]


@pytest.mark.parametrize("constraint", EVERY_KIND, ids=repr)
def test_hostile_json_values_are_named_errors_never_crashes(constraint):
    data = constraint_to_dict(constraint, 9)
    names = [f for f in data if f != "kind"] + ["total", "line"]
    for name in names:
        for value in ODD_VALUES:
            try:
                found = constraint_from_dict({**data, name: value}, 9)
                Rules.classic(BOX).with_constraints([found])
                found.broken([1] * 81)
            except RulesError:
                pass
