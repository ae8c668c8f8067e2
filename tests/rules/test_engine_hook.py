"""Rules with constraints go through the public solving calls (both engines), time limits hold,
and rules without constraints keep their old engine; the old rules' parts compiled to primitives
count like the old ``RulesTable``."""

from __future__ import annotations

import pytest

from sudokit import Grid, count_many, count_solutions, is_unique, search, solve, solve_many
from sudokit.engine import backend
from sudokit.engine.constraints import ConstraintTable
from sudokit.engine.reference import RulesTable
from sudokit.errors import TimeLimitReached
from sudokit.rules import KillerCage, Rules, Thermometer
from sudokit.shape import Shape
from sudokit.variant import make_rules

SHAPE = Shape(2, 2)


def _thermo_rules() -> Rules:
    return Rules.classic(SHAPE).with_constraints([Thermometer((0, 1, 2, 3)), KillerCage((4, 8), 5)])


def test_public_calls_use_the_constraint_solver(engine: str) -> None:
    rules = _thermo_rules()
    table = backend.rules_table(rules)
    if engine == "python":
        assert isinstance(table, ConstraintTable)
    else:  # the C twin of the primitives
        assert type(table).__module__ == "sudokit._core" and type(table).__name__ == "ConstraintTable"
    grid = Grid.from_string("." * 16, box=(2, 2), rules=rules)
    expected = ConstraintTable(rules).solve(bytes(16), 1000)[0]
    assert count_solutions(grid) == expected
    result = search(grid, 1000)
    assert result.count == expected and result.solution is not None
    assert list(result.solution.cells[:4]) == [1, 2, 3, 4]
    assert not is_unique(grid)
    assert solve(grid, first=True).cells[:4] == (1, 2, 3, 4)
    # batch paths: text lines under the rules; a given breaking the thermometer is flagged (-2)
    lines = ["1234" + "." * 12, "2134" + "." * 12]
    assert count_many(lines, box=(2, 2), rules=rules) == [expected, -2]
    assert solve_many(lines, box=(2, 2), rules=rules, first=True)[1] is None


def test_time_limit_stops_the_search() -> None:
    rules = Rules.classic(Shape(3, 3)).with_constraints([Thermometer((0, 1, 2))])
    result = search("." * 81, 10**6, rules=rules, time_limit=0.2)
    assert result.stopped
    with pytest.raises(TimeLimitReached):
        count_solutions("." * 81, limit=10**6, rules=rules, time_limit=0.2)


def test_rules_without_constraints_keep_their_engine() -> None:
    rules = make_rules("x", box=(2, 2))
    assert not isinstance(backend.rules_table(rules, "python"), ConstraintTable)


@pytest.mark.parametrize(
    ("variants", "box"),
    [("x", (2, 2)), ("antiknight", (2, 3)), ("nonconsecutive", (2, 3)), ("antiking,x", (2, 3)),
     ("windoku", (2, 2)), ("disjointgroups", (2, 3))],
)
def test_old_rules_compiled_to_primitives_count_the_same(variants: str, box: tuple[int, int]) -> None:
    rules = make_rules(variants, box=box)
    n = rules.n
    old = RulesTable(n, rules.size, [r.cells for r in rules.regions], list(rules.differ),
                     list(rules.adjacent), [(c.cells, c.total or 0) for c in rules.cages])
    new = ConstraintTable(rules)
    puzzles = [bytes(rules.size)]
    first = old.solve(bytes(rules.size), 1)[1]
    if first is not None:
        puzzles.append(bytes(v if i % 3 == 0 else 0 for i, v in enumerate(first)))
    for cells in puzzles:
        assert new.solve(cells, 300)[0] == old.solve(cells, 300)[0]


def test_killer_cages_of_old_rules_count_the_same() -> None:
    rules = make_rules("killer", box=(2, 2), cages=[((0, 1), 3), ((2, 3), 7), ((4, 8, 12), 6)])
    old = RulesTable(4, 16, [r.cells for r in rules.regions], [], [],
                     [(c.cells, c.total or 0) for c in rules.cages])
    assert ConstraintTable(rules).solve(bytes(16), 300)[0] == old.solve(bytes(16), 300)[0]
