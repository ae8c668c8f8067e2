"""Small puzzles of every constraint kind, built in the test from a random solution grid.

:func:`build` draws a solution (``sudokit.random_grid``), reads a few constraints of one kind off
it (each checked against the solution by :meth:`Constraint.broken`), then empties cells in a
seeded random order while the puzzle stays unique (counted by the engine under the rules). No
published puzzle or solution is involved.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import pairwise

from sudokit.engine.constraints import ConstraintTable
from sudokit.engine.solver import count_solutions
from sudokit.generation.unbiased import random_grid
from sudokit.grid import Grid
from sudokit.rules import Constraint, Rules, kinds
from sudokit.shape import shape_for_size

Sol = tuple[int, ...]
Builder = Callable[[Sol, int, random.Random], list[Constraint]]


def _sides(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def _walks(sol: Sol, n: int, rng: random.Random, length: int, ok: Callable[[list[int]], bool],
           want: int, tries: int = 3000) -> list[tuple[int, ...]]:
    """Up to ``want`` non-overlapping orthogonal paths of ``length`` cells passing ``ok`` (tested
    on every prefix)."""
    found: list[tuple[int, ...]] = []
    used: set[int] = set()
    for _ in range(tries):
        if len(found) >= want:
            break
        line = [rng.randrange(n * n)]
        while len(line) < length:
            nxt = [c for c in _sides(line[-1], n) if c not in line and c not in used and ok([*line, c])]
            if not nxt:
                break
            line.append(rng.choice(nxt))
        if len(line) == length and not used & set(line) and ok(line):
            found.append(tuple(line))
            used.update(line)
    return found


def _pairs(n: int) -> list[tuple[int, int]]:
    return [(a, b) for a in range(n * n) for b in _sides(a, n) if a < b]


def _choose(rng: random.Random, items: list[Constraint], most: int) -> list[Constraint]:
    return rng.sample(items, min(most, len(items)))


def _thermo(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    up = lambda line: all(sol[a] < sol[b] for a, b in pairwise(line))  # noqa: E731
    return [kinds.Thermometer(w) for w in _walks(sol, n, rng, 4, up, 3)]


def _slow(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    up = lambda line: all(sol[a] <= sol[b] for a, b in pairwise(line))  # noqa: E731
    return [kinds.SlowThermometer(w) for w in _walks(sol, n, rng, 4, up, 3)]


def _arrow(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    adds = lambda line: len(line) < 3 or sol[line[0]] == sol[line[1]] + sol[line[2]]  # noqa: E731
    return [kinds.Arrow((w[0],), w[1:]) for w in _walks(sol, n, rng, 3, adds, 3)]


def _cage(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    return [kinds.KillerCage(w, sum(sol[c] for c in w)) for w in _walks(sol, n, rng, 3, lambda _: True, 4)]


def _diagonal_from(n: int, start: int, length: int) -> tuple[int, ...]:
    return tuple(start + i * (n + 1) for i in range(length))


def _little(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    lines = [_diagonal_from(n, k, n - k) for k in range(1, n - 1)]
    lines += [_diagonal_from(n, k * n, n - k) for k in range(1, n - 1)]
    chosen = rng.sample(lines, 3)
    return [kinds.LittleKiller(line, total=sum(sol[c] for c in line)) for line in chosen]


def _sandwich_total(values: list[int], n: int) -> int:
    i, j = sorted((values.index(1), values.index(n)))
    return sum(values[i + 1:j])


def _sandwich(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    rows = rng.sample(range(n), 3)
    return [
        kinds.Sandwich(tuple(range(r * n, r * n + n)), total=_sandwich_total(list(sol[r * n : r * n + n]), n))
        for r in rows
    ]


def _xsum(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    out: list[Constraint] = []
    for r in rng.sample(range(n), 3):
        line = tuple(range(r * n, r * n + n))
        x = sol[line[0]]
        out.append(kinds.XSum(line, total=sum(sol[c] for c in line[:x])))
    return out


def _skyscraper(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    out: list[Constraint] = []
    for r in rng.sample(range(n), 3):
        line = tuple(range(r * n, r * n + n))
        seen, top = 0, 0
        for c in line:
            if sol[c] > top:
                seen, top = seen + 1, sol[c]
        out.append(kinds.Skyscraper(line, count=seen))
    return out


def _pair_kind(
    test: Callable[[int, int], bool], make: Callable[[int, int], Constraint], most: int
) -> Builder:
    def build(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
        return _choose(rng, [make(a, b) for a, b in _pairs(n) if test(sol[a], sol[b])], most)
    return build


def _whisper(kind: type[kinds.GermanWhisper] | type[kinds.DutchWhisper]) -> Builder:
    def build(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
        gap = (5 if kind is kinds.GermanWhisper else 4) if n == 9 else 3
        far = lambda line: all(abs(sol[a] - sol[b]) >= gap for a, b in pairwise(line))  # noqa: E731
        return [kind(w, gap=gap) for w in _walks(sol, n, rng, 3, far, 3)]
    return build


def _renban(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    run = lambda line: max(sol[c] for c in line) - min(sol[c] for c in line) == len(line) - 1  # noqa: E731
    return [kinds.Renban(w) for w in _walks(sol, n, rng, 3, lambda line: len(line) < 3 or run(line), 3)]


def _palindrome(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    same = lambda line: len(line) < 3 or sol[line[0]] == sol[line[-1]]  # noqa: E731
    return [kinds.Palindrome(w) for w in _walks(sol, n, rng, 3, same, 2, tries=20000)]


def _between(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    def inside(line: list[int]) -> bool:
        if len(line) < 3:
            return True
        low, high = sorted((sol[line[0]], sol[line[-1]]))
        return all(low < sol[c] < high for c in line[1:-1])
    return [kinds.Between(w) for w in _walks(sol, n, rng, 3, inside, 3, tries=20000)]


def _region_sum(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    shape = shape_for_size(n)

    def equal(line: list[int]) -> bool:
        if len(line) < 4:
            return True
        segments: list[list[int]] = []
        for c in line:
            if segments and shape.box_of(segments[-1][-1]) == shape.box_of(c):
                segments[-1].append(c)
            else:
                segments.append([c])
        sums = {sum(sol[c] for c in s) for s in segments}
        return len(segments) >= 2 and len(sums) == 1
    return [kinds.RegionSum(w) for w in _walks(sol, n, rng, 4, equal, 2, tries=30000)]


def _equal_sum(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    pairs = _pairs(n)
    rng.shuffle(pairs)
    for i, first in enumerate(pairs):
        for second in pairs[i + 1:]:
            if not set(first) & set(second) and sum(sol[c] for c in first) == sum(sol[c] for c in second):
                return [kinds.EqualSum((first, second))]
    return []


def _entropic(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    third = lambda d: (d - 1) * 3 // n  # noqa: E731
    ok = lambda line: all(len({third(sol[c]) for c in line[i:i + 3]}) == len(line[i:i + 3])  # noqa: E731
                          for i in range(len(line)))
    return [kinds.Entropic(w) for w in _walks(sol, n, rng, 4, ok, 2)]


def _modular(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    ok = lambda line: all(len({sol[c] % 3 for c in line[i:i + 3]}) == len(line[i:i + 3])  # noqa: E731
                          for i in range(len(line)))
    return [kinds.Modular(w) for w in _walks(sol, n, rng, 4, ok, 2)]


def _zipper(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    ok = lambda line: len(line) < 3 or sol[line[0]] + sol[line[2]] == sol[line[1]]  # noqa: E731
    return [kinds.ZipperLine(w) for w in _walks(sol, n, rng, 3, ok, 3, tries=20000)]


def _parity(kind: type[kinds.Odd] | type[kinds.Even]) -> Builder:
    def build(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
        cells = [c for c in range(n * n) if (sol[c] % 2 == 1) == (kind is kinds.Odd)]
        return [kind(c) for c in rng.sample(cells, n)]
    return build


def _extreme(kind: type[kinds.Minimum] | type[kinds.Maximum]) -> Builder:
    def build(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
        low = kind is kinds.Minimum
        cells = [c for c in range(n * n) if all((sol[c] < sol[o]) if low else (sol[c] > sol[o])
                                                for o in _sides(c, n))]
        return [kind(c) for c in rng.sample(cells, min(3, len(cells)))]
    return build


def _quadruple(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    corners = rng.sample([r * n + c for r in range(n - 1) for c in range(n - 1)], 3)
    return [
        kinds.Quadruple(k, tuple(sorted(sol[c] for c in (k, k + 1, k + n, k + n + 1))[:3])) for k in corners
    ]


def _clone(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    cells = list(range(n * n))
    rng.shuffle(cells)
    out: list[Constraint] = []
    used: set[int] = set()
    for a in cells:
        for b in cells:
            if a < b and sol[a] == sol[b] and not {a, b} & used and len(out) < 3:
                out.append(kinds.Clone((a,), (b,)))
                used.update((a, b))
    return out


def _negative(
    kind: (type[kinds.AllDotsGiven] | type[kinds.AllBlackDotsGiven] | type[kinds.AllWhiteDotsGiven]
           | type[kinds.AllXVGiven]),
) -> Builder:
    def build(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
        probe = kind(())
        marked = tuple(p for p in _pairs(n) if probe.forbidden(sol[p[0]], sol[p[1]]))
        return [kind(marked)]
    return build


def _global(con: Constraint) -> Builder:
    return lambda sol, n, rng: [con]


def _extra(sol: Sol, n: int, rng: random.Random) -> list[Constraint]:
    return [kinds.ExtraRegion(tuple(c * n + (c * 2) % n for c in range(n)))] if n == 9 else [
        kinds.ExtraRegion((0, n + 2, 2 * n + 4, 3 * n + 1, 4 * n + 3, 5 * n + 5))]


#: Every kind's builder (kind name → builder).
KINDS: dict[str, Builder] = {
    "thermo": _thermo,
    "slowthermo": _slow,
    "arrow": _arrow,
    "cage": _cage,
    "littlekiller": _little,
    "sandwich": _sandwich,
    "xsum": _xsum,
    "skyscraper": _skyscraper,
    "white": _pair_kind(lambda x, y: abs(x - y) == 1, kinds.KropkiWhite, 6),
    "black": _pair_kind(lambda x, y: x == 2 * y or y == 2 * x, kinds.KropkiBlack, 6),
    "xv": _pair_kind(lambda x, y: x + y in (5, 10), lambda a, b: kinds.XV(a, b, 5), 6),
    "difference": _pair_kind(lambda x, y: abs(x - y) == 3, lambda a, b: kinds.Difference(a, b, 3), 6),
    "ratio": _pair_kind(lambda x, y: x == 3 * y or y == 3 * x, lambda a, b: kinds.Ratio(a, b, 3), 6),
    "germanwhisper": _whisper(kinds.GermanWhisper),
    "dutchwhisper": _whisper(kinds.DutchWhisper),
    "renban": _renban,
    "palindrome": _palindrome,
    "between": _between,
    "regionsum": _region_sum,
    "equalsum": _equal_sum,
    "entropic": _entropic,
    "modular": _modular,
    "zipper": _zipper,
    "odd": _parity(kinds.Odd),
    "even": _parity(kinds.Even),
    "minimum": _extreme(kinds.Minimum),
    "maximum": _extreme(kinds.Maximum),
    "quadruple": _quadruple,
    "clone": _clone,
    "nokropki": _negative(kinds.AllDotsGiven),
    "noblack": _negative(kinds.AllBlackDotsGiven),
    "nowhite": _negative(kinds.AllWhiteDotsGiven),
    "noxv": _negative(kinds.AllXVGiven),
    "diagonal": _global(kinds.Diagonal()),
    "antiknight": _global(kinds.AntiKnight()),
    "antiking": _global(kinds.AntiKing()),
    "nonconsecutive": _global(kinds.NonConsecutive()),
    "disjointgroups": _global(kinds.DisjointGroups()),
    "extraregion": _extra,
}


#: The kinds whose rule holds on the whole grid: their solution is drawn under them.
GLOBAL = ("diagonal", "antiknight", "antiking", "nonconsecutive", "disjointgroups")


def solution_grid(n: int, seed: int, kind: str) -> Grid:
    """A random solution grid the kind's constraints can be read off (for a global kind, one
    drawn by the seeded constraint solver under it)."""
    shape = shape_for_size(n)
    if kind in GLOBAL:
        rules = Rules.classic(shape).with_constraints(KINDS[kind]((), n, random.Random(seed)))
        _, first, _ = ConstraintTable(rules).solve(bytes(n * n), 1, seed=seed)
        assert first is not None
        return Grid(tuple(first), shape)
    for attempt in range(2000):
        grid = random_grid(shape_for_size(n), seed=seed * 1000 + attempt)
        cons = KINDS[kind](grid.cells, n, random.Random(seed))
        rules = Rules.classic(grid.shape).with_constraints(cons)
        if cons and rules.violation(grid.cells) is None:
            return grid
    raise AssertionError(f"no solution grid fits {kind}")


def build(kind: str, n: int = 6, seed: int = 1) -> tuple[Grid, Grid]:
    """A unique puzzle of ``kind`` on an N×N grid and its solution (see the module text)."""
    solution = solution_grid(n, seed, kind)
    rng = random.Random(seed)
    cons = KINDS[kind](solution.cells, n, rng)
    rules = Rules.classic(solution.shape).with_constraints(cons)
    assert rules.violation(solution.cells) is None
    cells = list(solution.cells)
    order = list(range(n * n))
    rng.shuffle(order)
    for c in order:
        value, cells[c] = cells[c], 0
        if count_solutions(Grid(tuple(cells), solution.shape, rules), limit=2) != 1:
            cells[c] = value
    puzzle = Grid(tuple(cells), solution.shape, rules)
    return puzzle, Grid(solution.cells, solution.shape, rules)
