"""Each constraint kind on a small hand-made 4×4 instance: the solver agrees with plain enumeration
(every solution, then a unique puzzle made from the first one), and ``broken()`` names the place."""

from __future__ import annotations

import pytest

from sudokit import Grid, count_solutions, solve
from sudokit.engine.constraints import ConstraintTable
from sudokit.errors import RulesError
from sudokit.rules import Constraint, Rules, check, constraint_names, find_constraint, kinds
from sudokit.rules.primitives import PairTable, Primitive
from sudokit.shape import Shape

from .brute import all_4x4, solutions

SHAPE = Shape(2, 2)

#: One small instance of every kind on a 4×4 grid (cells r*4+c).
CASES: list[Constraint] = [
    kinds.Thermometer((0, 1, 2)),
    kinds.SlowThermometer((3, 4, 9)),
    kinds.Arrow((0,), (1, 4)),
    kinds.KillerCage((0, 1, 4), 6),
    kinds.KillerCage((10, 11)),
    kinds.LittleKiller((1, 6, 11), 7),
    kinds.Sandwich((0, 1, 2, 3), 2),
    kinds.XSum((0, 1, 2, 3), 6),
    kinds.Skyscraper((0, 4, 8, 12), 3),
    kinds.KropkiWhite(0, 1),
    kinds.KropkiBlack(0, 4),
    kinds.AllDotsGiven(((0, 1), (0, 4))),
    kinds.AllBlackDotsGiven(((0, 1),)),
    kinds.AllWhiteDotsGiven(((0, 4),)),
    kinds.XV(0, 1, 5),
    kinds.AllXVGiven(((0, 1),)),
    kinds.GermanWhisper((0, 1, 2), gap=2),
    kinds.DutchWhisper((4, 5), gap=3),
    kinds.Renban((0, 1, 5)),
    kinds.Palindrome((3, 6, 9)),
    kinds.Between((0, 1, 2)),
    kinds.RegionSum((0, 1, 2)),
    kinds.EqualSum(((0, 1), (6, 7))),
    kinds.Entropic((0, 1, 2, 3)),
    kinds.Modular((0, 1, 2)),
    kinds.ZipperLine((0, 1, 2)),
    kinds.ZipperLine((0, 1, 6, 7)),
    kinds.Odd(0),
    kinds.Even(0),
    kinds.Minimum(5),
    kinds.Maximum(5),
    kinds.Quadruple(5, (1, 2)),
    kinds.Clone((0, 1), (10, 11)),
    kinds.ExtraRegion((0, 5, 10, 15)),
    kinds.Diagonal("down"),
    kinds.Diagonal("up"),
    kinds.AntiKnight(),
    kinds.AntiKing(),
    kinds.NonConsecutive(),
    kinds.DisjointGroups(),
    kinds.AllVGiven(((0, 1),)),
    kinds.AllXGiven(((0, 4),)),
    kinds.Fibonacci((0, 1, 2)),
    kinds.Fibonacci((4, 5)),
    kinds.DifferenceCount((0, 1, 2, 6)),
    kinds.CountingCircles((0, 5, 10, 15, 3)),
    kinds.MixedParityTriples(),
    kinds.KnightThirds(5),
    kinds.SmallerNeighbours(5),
    kinds.ParityCount(0, (1, 2, 3)),
    kinds.ParityCount(5, (1, 9, 13, 4)),
    kinds.SumDot(0, 1, (5, 7)),
    kinds.OddEvenDot(0, 4, apart=True),
    kinds.OddEvenDot(5, 6),
    kinds.AllSumsGiven(((0, 1),), (5,)),
    kinds.AllOddEvenDotsGiven(((0, 1), (0, 4)), apart=True),
    kinds.CageRange((0, 1, 4), 1, 6),
    kinds.CageRange((10, 11), 5, 9),
    kinds.NumberSum(((0, 1), (2, 3)), 55),
    kinds.NumberSum(((0, 4), (1,)), 23),
    kinds.SmallerNeighbours(0),
    kinds.IndexLine((0, 1, 6)),
    kinds.IndexLine((0, 1, 2, 3)),
    kinds.Entropic((0, 1, 5, 4), closed=True),
    kinds.Difference(0, 4, 2),
    kinds.Ratio(0, 4, 3),
]


def test_every_kind_has_a_case() -> None:
    assert {c.kind for c in CASES} == set(constraint_names())
    assert find_constraint("Thermometer") is kinds.Thermometer
    with pytest.raises(RulesError, match="unknown constraint kind"):
        find_constraint("nothing")


def test_every_kind_is_exported_once() -> None:
    """Each registered kind is in ``sudokit.rules.kinds.__all__`` and ``sudokit.rules.__all__``."""
    import sudokit.rules

    classes = {find_constraint(name) for name in constraint_names()}
    for cls in classes:
        assert cls.__name__ in kinds.__all__, cls
        assert getattr(sudokit.rules, cls.__name__) is cls
    assert len(kinds.__all__) == len(set(kinds.__all__))
    assert set(kinds.__all__) <= set(sudokit.rules.__all__)


def _rules(*constraints: Constraint) -> Rules:
    return Rules.classic(SHAPE).with_constraints(constraints)


@pytest.mark.parametrize("constraint", CASES, ids=lambda c: f"{c.kind}")
def test_kind_agrees_with_enumeration(constraint: Constraint) -> None:
    rules = _rules(constraint)
    expected = solutions([0] * 16, 4, [constraint])
    count, first, _ = ConstraintTable(rules).solve(bytes(16), 300)
    assert count == len(expected)
    if not expected:
        assert first is None
        return
    assert first is not None and tuple(first) in set(expected)
    # a unique puzzle: the first solution's digits given, cell by cell, until one solution is left
    target = expected[0]
    givens = [0] * 16
    for cell in range(16):
        if len(solutions(givens, 4, [constraint])) == 1:
            break
        givens[cell] = target[cell]
    assert len(solutions(givens, 4, [constraint])) == 1
    grid = Grid(tuple(givens), SHAPE, rules)
    assert solve(grid).cells == target
    assert count_solutions(grid, limit=5) == 1
    assert check(rules, target) == []


@pytest.mark.parametrize("constraint", CASES, ids=lambda c: f"{c.kind}")
def test_broken_names_the_place(constraint: Constraint) -> None:
    wrong = [s for s in all_4x4() if constraint.broken(s)]
    if not wrong:
        pytest.skip("every 4×4 solution keeps it")
    grid = wrong[0]
    messages = constraint.broken(grid)
    assert messages and all(m.startswith(constraint.where(4)) for m in messages)
    found = check(_rules(constraint), grid)
    assert found and {v.kind for v in found} == {constraint.kind}
    touched = {c for p in constraint.compile(4) for c in _cells_of(p)}
    assert all(v.cells and set(v.cells) <= touched for v in found)


def _cells_of(p: Primitive) -> tuple[int, ...]:
    return (p.a, p.b) if isinstance(p, PairTable) else p.cells


def test_messages_read_like_people_write() -> None:
    rules = _rules(kinds.Thermometer((0, 1, 2)), kinds.KillerCage((0, 4), 5))
    values = [3, 2, 0, 0, 3] + [0] * 11
    messages = [v.message for v in check(rules, values)]
    assert "column 1 has two 3s: r1c1, r2c1" in messages
    assert "box 1 has two 3s: r1c1, r2c1" in messages
    assert any(m.startswith("thermo at r1c1, r1c2, r1c3: r1c2=2") for m in messages)
    assert any(m.startswith("cage at r1c1, r2c1") for m in messages)


def test_rules_check_constraint_cells() -> None:
    with pytest.raises(RulesError, match=r"constraint 1 \(thermo\): cell 16 is outside the 4×4 grid"):
        _rules(kinds.Thermometer((14, 15, 16)))
    with pytest.raises(RulesError, match=r"constraint 2 \(renban\): a cell appears twice"):
        _rules(kinds.Thermometer((0, 1)), kinds.Renban((0, 1, 0)))
    with pytest.raises(RulesError, match=r"constraint 1 \(clone\): the two groups differ in size"):
        _rules(kinds.Clone((0, 1), (5,)))
    with pytest.raises(RulesError, match="digit set"):
        Rules.classic(SHAPE).with_constraints([], digits=(0, 2, 1, 3))


def test_rules_with_constraints_hash_compare_pickle() -> None:
    import pickle

    a = _rules(kinds.Thermometer([0, 1, 2]))  # lists become tuples
    b = _rules(kinds.Thermometer((0, 1, 2)))
    assert a == b and hash(a) == hash(b) and a != Rules.classic(SHAPE)
    assert not a.is_classic
    assert pickle.loads(pickle.dumps(a)) == a
    assert "thermo" in repr(a)


def test_digit_set_zero_based() -> None:
    """0..3 digits: sums and orders use the digits, the grid stores values 1..4."""
    digits = (0, 1, 2, 3)
    cage = kinds.KillerCage((0, 1), 1)  # digits 0 and 1
    rules = Rules.classic(SHAPE).with_constraints([cage, kinds.Thermometer((4, 5))], digits=digits)
    expected = solutions([0] * 16, 4, [cage, kinds.Thermometer((4, 5))], digits)
    count, _, _ = ConstraintTable(rules).solve(bytes(16), 300)
    assert count == len(expected) > 0
    assert all({s[0], s[1]} == {1, 2} for s in expected)


def test_old_rules_without_constraints_unchanged() -> None:
    rules = Rules.classic(SHAPE)
    assert rules.constraints == () and rules.digits is None and rules.is_classic


def test_new_kinds_parse_from_the_command_line_form() -> None:
    from sudokit.rules.spec import parse_constraints

    found = parse_constraints(["xv:V:r1c1,r1c2", "nov", "paritycount:r1c1:r1c2,r1c3", "sumdot:r1c1,r1c2:5,10",
                               "numbersum:r1c1,r1c2:r2c1,r2c2:100", "cagerange:r1c1,r1c2:3:9"], 9)
    assert found == [kinds.XV(0, 1, 5), kinds.AllVGiven(((0, 1),)), kinds.ParityCount(0, (1, 2)),
                     kinds.SumDot(0, 1, (5, 10)), kinds.NumberSum(((0, 1), (9, 10)), 100),
                     kinds.CageRange((0, 1), 3, 9)]
    with pytest.raises(RulesError, match="one cell"):
        parse_constraints(["paritycount:r1c1,r1c4:r1c2,r1c3"], 9)
