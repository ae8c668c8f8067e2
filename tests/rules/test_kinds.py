"""Each constraint kind on a small hand-made 4×4 instance: the solver agrees with plain enumeration
(every solution, then a unique puzzle made from the first one), and ``broken()`` names the place."""

from __future__ import annotations

import pytest

from sudokit import Grid, count_solutions, solve
from sudokit.engine.constraints import ConstraintTable
from sudokit.errors import RulesError
from sudokit.rules import (
    XV,
    AllBlackDotsGiven,
    AllDotsGiven,
    AllWhiteDotsGiven,
    AllXVGiven,
    AntiKing,
    AntiKnight,
    Arrow,
    Between,
    Clone,
    Constraint,
    Diagonal,
    Difference,
    DisjointGroups,
    DutchWhisper,
    Entropic,
    EqualSum,
    Even,
    ExtraRegion,
    GermanWhisper,
    KillerCage,
    KropkiBlack,
    KropkiWhite,
    LittleKiller,
    Maximum,
    Minimum,
    Modular,
    NonConsecutive,
    Odd,
    Palindrome,
    Quadruple,
    Ratio,
    RegionSum,
    Renban,
    Rules,
    Sandwich,
    Skyscraper,
    SlowThermometer,
    Thermometer,
    XSum,
    ZipperLine,
    check,
    constraint_names,
    find_constraint,
)
from sudokit.rules.primitives import PairTable, Primitive
from sudokit.shape import Shape

from .brute import all_4x4, solutions

SHAPE = Shape(2, 2)

#: One small instance of every kind on a 4×4 grid (cells r*4+c).
CASES: list[Constraint] = [
    Thermometer((0, 1, 2)),
    SlowThermometer((3, 4, 9)),
    Arrow((0,), (1, 4)),
    KillerCage((0, 1, 4), 6),
    KillerCage((10, 11)),
    LittleKiller((1, 6, 11), 7),
    Sandwich((0, 1, 2, 3), 2),
    XSum((0, 1, 2, 3), 6),
    Skyscraper((0, 4, 8, 12), 3),
    KropkiWhite(0, 1),
    KropkiBlack(0, 4),
    AllDotsGiven(((0, 1), (0, 4))),
    AllBlackDotsGiven(((0, 1),)),
    AllWhiteDotsGiven(((0, 4),)),
    XV(0, 1, 5),
    AllXVGiven(((0, 1),)),
    GermanWhisper((0, 1, 2), gap=2),
    DutchWhisper((4, 5), gap=3),
    Renban((0, 1, 5)),
    Palindrome((3, 6, 9)),
    Between((0, 1, 2)),
    RegionSum((0, 1, 2)),
    EqualSum(((0, 1), (6, 7))),
    Entropic((0, 1, 2, 3)),
    Modular((0, 1, 2)),
    ZipperLine((0, 1, 2)),
    ZipperLine((0, 1, 6, 7)),
    Odd(0),
    Even(0),
    Minimum(5),
    Maximum(5),
    Quadruple(5, (1, 2)),
    Clone((0, 1), (10, 11)),
    ExtraRegion((0, 5, 10, 15)),
    Diagonal("down"),
    Diagonal("up"),
    AntiKnight(),
    AntiKing(),
    NonConsecutive(),
    DisjointGroups(),
    Difference(0, 4, 2),
    Ratio(0, 4, 3),
]


def test_every_kind_has_a_case() -> None:
    assert {c.kind for c in CASES} == set(constraint_names())
    assert find_constraint("Thermometer") is Thermometer
    with pytest.raises(RulesError, match="unknown constraint kind"):
        find_constraint("nothing")


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
    rules = _rules(Thermometer((0, 1, 2)), KillerCage((0, 4), 5))
    values = [3, 2, 0, 0, 3] + [0] * 11
    messages = [v.message for v in check(rules, values)]
    assert "column 1 has two 3s: r1c1, r2c1" in messages
    assert "box 1 has two 3s: r1c1, r2c1" in messages
    assert any(m.startswith("thermo at r1c1, r1c2, r1c3: r1c2=2") for m in messages)
    assert any(m.startswith("cage at r1c1, r2c1") for m in messages)


def test_rules_check_constraint_cells() -> None:
    with pytest.raises(RulesError, match=r"constraint 1 \(thermo\): cell 16 is outside the 4×4 grid"):
        _rules(Thermometer((14, 15, 16)))
    with pytest.raises(RulesError, match=r"constraint 2 \(renban\): a cell appears twice"):
        _rules(Thermometer((0, 1)), Renban((0, 1, 0)))
    with pytest.raises(RulesError, match=r"constraint 1 \(clone\): the two groups differ in size"):
        _rules(Clone((0, 1), (5,)))
    with pytest.raises(RulesError, match="digit set"):
        Rules.classic(SHAPE).with_constraints([], digits=(0, 2, 1, 3))


def test_rules_with_constraints_hash_compare_pickle() -> None:
    import pickle

    a = _rules(Thermometer([0, 1, 2]))  # lists become tuples
    b = _rules(Thermometer((0, 1, 2)))
    assert a == b and hash(a) == hash(b) and a != Rules.classic(SHAPE)
    assert not a.is_classic
    assert pickle.loads(pickle.dumps(a)) == a
    assert "thermo" in repr(a)


def test_digit_set_zero_based() -> None:
    """0..3 digits: sums and orders use the digits, the grid stores values 1..4."""
    digits = (0, 1, 2, 3)
    cage = KillerCage((0, 1), 1)  # digits 0 and 1
    rules = Rules.classic(SHAPE).with_constraints([cage, Thermometer((4, 5))], digits=digits)
    expected = solutions([0] * 16, 4, [cage, Thermometer((4, 5))], digits)
    count, _, _ = ConstraintTable(rules).solve(bytes(16), 300)
    assert count == len(expected) > 0
    assert all({s[0], s[1]} == {1, 2} for s in expected)


def test_old_rules_without_constraints_unchanged() -> None:
    rules = Rules.classic(SHAPE)
    assert rules.constraints == () and rules.digits is None and rules.is_classic
