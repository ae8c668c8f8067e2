"""Property tests on random 4×4 and 6×6 instances of every constraint kind (a few at a time):

- the solver's count up to a limit equals plain enumeration's (:mod:`tests.rules.brute`);
- propagation from the givens never removes a digit some solution uses (soundness);
- ``broken()`` never reports a partial grid that has a completion.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit.engine.constraints import ConstraintTable
from sudokit.rules import Constraint, Rules, constraint_names, kinds
from sudokit.rules.geometry import orthogonal_pairs

from .brute import all_4x4, shape_of, solution_6x6, solutions

Draw = random.Random
Builder = Callable[[Draw, int, Sequence[int]], Constraint]


def _line(r: Draw, n: int, low: int, high: int) -> tuple[int, ...]:
    """A walk of king's moves over different cells, ``low`` to ``high`` long (shorter if stuck)."""
    cells = [r.randrange(n * n)]
    for _ in range(r.randint(low, high) - 1):
        row, col = divmod(cells[-1], n)
        steps = [(row + dr) * n + col + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= row + dr < n and 0 <= col + dc < n]
        steps = [c for c in steps if c not in cells]
        if not steps:
            break
        cells.append(r.choice(steps))
    if len(cells) < low:
        return tuple(range(low))
    return tuple(cells)


def _house(r: Draw, n: int) -> tuple[int, ...]:
    """A row or a column, either way."""
    k = r.randrange(n)
    cells = [k * n + i for i in range(n)] if r.random() < 0.5 else [i * n + k for i in range(n)]
    return tuple(cells if r.random() < 0.5 else cells[::-1])


def _pair(r: Draw, n: int) -> tuple[int, int]:
    return r.choice(orthogonal_pairs(n))


def _near(r: Draw, value: int, spread: int = 2) -> int:
    """The true value most of the time, else one close to it."""
    return value if r.random() < 0.6 else value + r.randint(-spread, spread)


def _sandwich_total(sol: Sequence[int], line: Sequence[int], n: int) -> int:
    digits = [sol[c] for c in line]
    i, j = sorted((digits.index(1), digits.index(n)))
    return sum(digits[i + 1:j])


def _xsum(sol: Sequence[int], line: Sequence[int]) -> int:
    digits = [sol[c] for c in line]
    return sum(digits[:digits[0]])


def _seen(sol: Sequence[int], line: Sequence[int]) -> int:
    top, seen = 0, 0
    for c in line:
        if sol[c] > top:
            top, seen = sol[c], seen + 1
    return seen


def _cage(r: Draw, n: int, sol: Sequence[int]) -> Constraint:
    cells = _line(r, n, 1, 4)
    if len({sol[c] for c in cells}) != len(cells) and r.random() < 0.7:
        cells = cells[:1]
    return kinds.KillerCage(cells, _near(r, sum(sol[c] for c in cells)) if r.random() < 0.8 else None)


def _cage_range(r: Draw, n: int, sol: Sequence[int]) -> Constraint:
    cells = _line(r, n, 1, 4)
    total = sum(sol[c] for c in cells)
    low, high = sorted((_near(r, total, 3), _near(r, total, 3)))
    return kinds.CageRange(cells, low, high)


def _arrow(r: Draw, n: int, sol: Sequence[int]) -> Constraint:
    line = _line(r, n, 2, 4)
    return kinds.Arrow(line[:1], line[1:])


def _pill(r: Draw, n: int, sol: Sequence[int]) -> Constraint:
    line = _line(r, n, 3, 6)
    return kinds.Arrow(line[:2], line[2:])


def _equal(r: Draw, n: int, sol: Sequence[int]) -> Constraint:
    line = _line(r, n, 2, 6)
    cut = r.randint(1, len(line) - 1)
    return kinds.EqualSum((line[:cut], line[cut:]))


def _clone(r: Draw, n: int, sol: Sequence[int]) -> Constraint:
    first = _line(r, n, 1, 3)
    dr, dc = r.randint(-n + 1, n - 1), r.randint(-n + 1, n - 1)
    moved = []
    for c in first:
        row, col = divmod(c, n)
        moved.append(((row + dr) % n) * n + (col + dc) % n)
    if set(moved) & set(first) or len(set(moved)) != len(moved):
        return kinds.Clone((0,), (n * n - 1,))
    return kinds.Clone(first, tuple(moved))


def _quad(r: Draw, n: int, sol: Sequence[int]) -> Constraint:
    corner = r.randrange(n - 1) * n + r.randrange(n - 1)
    block = [corner, corner + 1, corner + n, corner + n + 1]
    if r.random() < 0.7:
        values = tuple(sorted(r.sample([sol[c] for c in block], r.randint(1, 4))))
    else:
        values = tuple(r.randint(1, n) for _ in range(r.randint(1, 3)))
    return kinds.Quadruple(corner, values)


def _number_sum(r: Draw, n: int, sol: Sequence[int]) -> Constraint:
    cells = r.sample(range(n * n), r.randint(2, 5))
    cut = r.randint(1, len(cells) - 1)
    groups = (tuple(cells[:cut]), tuple(cells[cut:]))
    value = sum(int("".join(str(sol[c]) for c in g)) for g in groups)
    return kinds.NumberSum(groups, _near(r, value, 11))


def _spots(r: Draw, n: int) -> tuple[int, ...]:
    return tuple(r.sample(range(n * n), r.randint(1, n + 2)))


def _marked(r: Draw, n: int) -> tuple[tuple[int, int], ...]:
    pairs = orthogonal_pairs(n)
    return tuple(r.sample(pairs, r.randint(len(pairs) // 2, len(pairs))))


BUILDERS: dict[str, Builder] = {
    "thermo": lambda r, n, s: kinds.Thermometer(_line(r, n, 2, 4)),
    "slowthermo": lambda r, n, s: kinds.SlowThermometer(_line(r, n, 2, 5)),
    "arrow": lambda r, n, s: (_pill if r.random() < 0.2 else _arrow)(r, n, s),
    "cage": _cage,
    "littlekiller": lambda r, n, s: (lambda ln: kinds.LittleKiller(ln, _near(r, sum(s[c] for c in ln))))(
        _line(r, n, 1, 4)),
    "sandwich": lambda r, n, s: (lambda h: kinds.Sandwich(h, _near(r, _sandwich_total(s, h, n))))(
        _house(r, n)),
    "xsum": lambda r, n, s: (lambda h: kinds.XSum(h, _near(r, _xsum(s, h))))(_house(r, n)),
    "skyscraper": lambda r, n, s: (lambda h: kinds.Skyscraper(h, _near(r, _seen(s, h), 1)))(_house(r, n)),
    "white": lambda r, n, s: kinds.KropkiWhite(*_pair(r, n)),
    "black": lambda r, n, s: kinds.KropkiBlack(*_pair(r, n)),
    "nokropki": lambda r, n, s: kinds.AllDotsGiven(_marked(r, n)),
    "noblack": lambda r, n, s: kinds.AllBlackDotsGiven(_marked(r, n)),
    "nowhite": lambda r, n, s: kinds.AllWhiteDotsGiven(_marked(r, n)),
    "xv": lambda r, n, s: kinds.XV(*_pair(r, n), total=r.choice((5, 10, 7))),
    "noxv": lambda r, n, s: kinds.AllXVGiven(_marked(r, n)),
    "germanwhisper": lambda r, n, s: kinds.GermanWhisper(_line(r, n, 2, 4), gap=r.randint(1, n // 2 + 1)),
    "dutchwhisper": lambda r, n, s: kinds.DutchWhisper(_line(r, n, 2, 4), gap=r.randint(1, n // 2)),
    "renban": lambda r, n, s: kinds.Renban(_line(r, n, 2, 4)),
    "palindrome": lambda r, n, s: kinds.Palindrome(_line(r, n, 2, 5)),
    "between": lambda r, n, s: kinds.Between(_line(r, n, 3, 5)),
    "regionsum": lambda r, n, s: kinds.RegionSum(_line(r, n, 2, 6)),
    "equalsum": _equal,
    "entropic": lambda r, n, s: (lambda ln: kinds.Entropic(ln, closed=len(ln) > 2 and r.random() < 0.3))(
        _line(r, n, 2, 5)),
    "modular": lambda r, n, s: kinds.Modular(_line(r, n, 2, 5), modulus=r.choice((2, 3))),
    "zipper": lambda r, n, s: kinds.ZipperLine(_line(r, n, 3, 6)),
    "odd": lambda r, n, s: kinds.Odd(r.randrange(n * n)),
    "even": lambda r, n, s: kinds.Even(r.randrange(n * n)),
    "minimum": lambda r, n, s: kinds.Minimum(r.randrange(n * n)),
    "maximum": lambda r, n, s: kinds.Maximum(r.randrange(n * n)),
    "quadruple": _quad,
    "clone": _clone,
    "extraregion": lambda r, n, s: kinds.ExtraRegion(tuple(r.sample(range(n * n), r.randint(2, n)))),
    "diagonal": lambda r, n, s: kinds.Diagonal(r.choice(("down", "up"))),
    "antiknight": lambda r, n, s: kinds.AntiKnight(),
    "antiking": lambda r, n, s: kinds.AntiKing(),
    "nonconsecutive": lambda r, n, s: kinds.NonConsecutive(),
    "disjointgroups": lambda r, n, s: kinds.DisjointGroups(),
    "difference": lambda r, n, s: kinds.Difference(*_pair(r, n), value=r.randint(1, n - 1)),
    "ratio": lambda r, n, s: kinds.Ratio(*_pair(r, n), value=r.choice((2, 3))),
    "nov": lambda r, n, s: kinds.AllVGiven(_marked(r, n)),
    "sumdot": lambda r, n, s: kinds.SumDot(*_pair(r, n), totals=tuple(r.sample(range(3, 2 * n), 2))),
    "oddevendot": lambda r, n, s: kinds.OddEvenDot(*_pair(r, n), apart=r.random() < 0.5),
    "nosums": lambda r, n, s: kinds.AllSumsGiven(_marked(r, n), totals=(r.randint(3, 2 * n - 1),)),
    "nooddevendot": lambda r, n, s: kinds.AllOddEvenDotsGiven(_marked(r, n), apart=r.random() < 0.5),
    "nox": lambda r, n, s: kinds.AllXGiven(_marked(r, n)),
    "fibonacci": lambda r, n, s: kinds.Fibonacci(_line(r, n, 2, 4)),
    "differencecount": lambda r, n, s: kinds.DifferenceCount(_line(r, n, 2, 6)),
    "countingcircles": lambda r, n, s: kinds.CountingCircles(_spots(r, n)),
    "indexline": lambda r, n, s: kinds.IndexLine(_line(r, n, 2, 5)),
    "smallerneighbours": lambda r, n, s: kinds.SmallerNeighbours(r.randrange(n * n)),
    "numbersum": _number_sum,
    "paritycount": lambda r, n, s: (lambda h: kinds.ParityCount(h[0], h[1:r.randint(2, n)]))(_house(r, n)),
    "cagerange": _cage_range,
    "knightthirds": lambda r, n, s: kinds.KnightThirds(r.randrange(n * n)),
    "mixedparity": lambda r, n, s: kinds.MixedParityTriples(length=r.choice((2, 3, 3, 4))),
}


def test_every_kind_has_a_builder() -> None:
    assert set(BUILDERS) == set(constraint_names())


def _run(n: int, seed: int, chosen: list[str], blanks: int, digits: tuple[int, ...] | None = None) -> None:
    r = random.Random(seed)
    sol = list(r.choice(all_4x4())) if n == 4 else solution_6x6(r)
    keep_solution = r.random() < 0.75  # mostly constraints the hidden solution keeps
    constraints = []
    for kind in chosen:
        for _ in range(40):
            constraint = BUILDERS[kind](r, n, sol)
            if not keep_solution or not constraint.broken(sol, digits):
                break
        constraints.append(constraint)
    rules = Rules.classic(shape_of(n)).with_constraints(constraints, digits=digits)
    givens = list(sol)
    for c in r.sample(range(n * n), blanks):
        givens[c] = 0
    expected = solutions(givens, n, constraints, digits)
    table = ConstraintTable(rules)
    limit = 400
    count, first, _ = table.solve(bytes(givens), limit)
    assert count == min(len(expected), limit), (constraints, givens)
    if first is not None:
        assert tuple(first) in set(expected)
    cand = table.candidates(bytes(givens))
    if cand is None:
        assert not expected
        return
    for s in expected:
        for c, v in enumerate(s):
            assert cand[c] >> (v - 1) & 1, (constraints, givens, s, c)
    if expected:
        for constraint in constraints:
            assert constraint.broken(givens, digits) == [], (constraint, givens)


_KINDS = st.lists(st.sampled_from(sorted(BUILDERS)), min_size=1, max_size=3)
_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(seed=st.integers(0, 2**32), chosen=_KINDS, blanks=st.integers(6, 16))
def test_random_4x4(seed: int, chosen: list[str], blanks: int) -> None:
    _run(4, seed, chosen, blanks)


@_SETTINGS
@given(seed=st.integers(0, 2**32), chosen=_KINDS, blanks=st.integers(4, 16))
def test_random_4x4_zero_based_digits(seed: int, chosen: list[str], blanks: int) -> None:
    _run(4, seed, chosen, blanks, digits=(0, 1, 2, 3))


@_SETTINGS
@given(seed=st.integers(0, 2**32), chosen=_KINDS, blanks=st.integers(6, 16))
def test_random_6x6(seed: int, chosen: list[str], blanks: int) -> None:
    _run(6, seed, chosen, blanks)


def test_each_kind_alone_many_seeds() -> None:
    """Every kind alone, 4×4 and 6×6, a few fixed seeds each (no kind left to chance)."""
    for kind in sorted(BUILDERS):
        for seed in range(6):
            _run(4, seed, [kind], 10 + seed % 7)
            _run(6, seed, [kind], 8 + seed % 5)
