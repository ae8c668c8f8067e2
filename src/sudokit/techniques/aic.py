"""Alternating inference chains (HoDoKu's X-Chains, XY-Chains and discontinuous nice loops).

A **node** is a digit in one cell, or in a *group*: two or three cells of a box that also share
a row or a column. Links between nodes:

- **strong** (at least one is true): the two places of a digit in a unit (either may be a
  group covering several places), or the two candidates of a bivalue cell;
- **weak** (at most one is true): the same digit in two nodes whose cells all see each other,
  or two digits of one cell.

An **AIC** alternates strong and weak links and starts and ends with a strong one:
``A = B - C = D``. If ``A`` is false then ``B`` is true, ``C`` false, ``D`` true: so ``A`` or ``D``
is true. Then a cell seeing every cell of both ends loses their digit (same digit at both
ends), or, with different digits at the ends in two cells that see each other, each end cell
loses the other end's digit.

Names: **X-Chain** (one digit, no groups), **XY-Chain** (every strong link inside a bivalue
cell), **Grouped AIC** (some group node), **AIC** otherwise. Chains of up to :data:`MAX_NODES`
nodes are searched, shortest first. SE difficulty (for ordering only): 6.6 for X-chains and
7.0 for others, plus SE's length penalty.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from itertools import combinations

from sudokit.candidates import Candidates
from sudokit.shape import Shape
from sudokit.techniques.base import eliminations_text
from sudokit.techniques.step import Link, Step

__all__ = ["MAX_NODES", "find_aics", "length_penalty"]

#: The longest chain searched (nodes).
MAX_NODES = 10

#: A node: (digit, cells), cells sorted.
Node = tuple[int, tuple[int, ...]]


def length_penalty(nodes: int) -> float:
    """SE's length penalty: 0.1 for each of 4, 6, 8, 12, 16, 24, 32, … the length exceeds."""
    penalty, limit, up = 0.0, 4, True
    while nodes > limit:
        penalty += 0.1
        limit = limit * 3 // 2 if up else limit * 4 // 3
        up = not up
    return round(penalty, 1)


def _groups(cands: Candidates, digit: int) -> list[tuple[int, ...]]:
    """Cell groups of a digit: 2-3 places in a box that share a row or a column."""
    shape = cands.shape
    out: list[tuple[int, ...]] = []
    for box in shape.boxes:
        for line_units in (shape.rows, shape.cols):
            for line in line_units:
                common = sorted(set(box) & set(line))
                places = [c for c in common if cands.has(c, digit)]
                if len(places) >= 2:
                    out.append(tuple(places))
                    if len(places) == 3:
                        out.extend(combinations(places, 2))
    return out


def _sees_all(shape: Shape, a: Sequence[int], b: Sequence[int]) -> bool:
    """True when the cell sets are disjoint and every cell of one sees every cell of the other."""
    return all(y in shape.peers[x] for x in a for y in b)


class _Graph:
    """The nodes and links of a position."""

    def __init__(self, cands: Candidates) -> None:
        self.cands = cands
        shape = cands.shape
        self.strong: dict[Node, set[Node]] = {}
        self.weak: dict[Node, set[Node]] = {}
        by_digit: dict[int, list[Node]] = {}
        for digit in range(1, cands.n + 1):
            nodes: list[Node] = [(digit, (c,)) for c in range(shape.size) if cands.has(c, digit)]
            nodes += [(digit, g) for g in _groups(cands, digit)]
            by_digit[digit] = nodes
            self._unit_links(digit, nodes)
            for a, b in combinations(nodes, 2):
                if _sees_all(shape, a[1], b[1]):
                    self._add(self.weak, a, b)
        for cell in range(shape.size):
            digits = cands.digits(cell)
            for d1, d2 in combinations(digits, 2):
                self._add(self.weak, (d1, (cell,)), (d2, (cell,)))
            if len(digits) == 2:
                self._add(self.strong, (digits[0], (cell,)), (digits[1], (cell,)))

    @staticmethod
    def _add(table: dict[Node, set[Node]], a: Node, b: Node) -> None:
        """Record a link both ways."""
        table.setdefault(a, set()).add(b)
        table.setdefault(b, set()).add(a)

    def _unit_links(self, digit: int, nodes: list[Node]) -> None:
        """Strong links of a digit in each unit: two disjoint nodes covering all its places."""
        shape = self.cands.shape
        for unit in shape.units:
            places = set(self.cands.places(digit, unit))
            if len(places) < 2:
                continue
            inside = [nd for nd in nodes if set(nd[1]) <= places]
            for a, b in combinations(inside, 2):
                if not set(a[1]) & set(b[1]) and set(a[1]) | set(b[1]) == places:
                    self._add(self.strong, a, b)


def _chains(graph: _Graph, start: Node) -> Iterator[list[Node]]:
    """Shortest alternating chains from ``start`` (strong link first) to each node reached true."""
    parent: dict[tuple[Node, bool], tuple[Node, bool] | None] = {(start, False): None}
    queue = deque([(start, False, 1)])
    while queue:
        node, true, length = queue.popleft()
        if length >= MAX_NODES:
            continue
        table = graph.weak if true else graph.strong
        for nxt in sorted(table.get(node, ())):
            state = (nxt, not true)
            if state in parent:
                continue
            parent[state] = (node, true)
            queue.append((nxt, not true, length + 1))
            if not true:
                path = [nxt]
                back: tuple[Node, bool] | None = (node, true)
                while back is not None:
                    path.append(back[0])
                    back = parent[back]
                yield path[::-1]


def _eliminations(cands: Candidates, first: Node, last: Node) -> list[tuple[int, int]]:
    """What "first or last is true" removes."""
    shape = cands.shape
    (d1, cells1), (d2, cells2) = first, last
    used = set(cells1) | set(cells2)
    if d1 == d2:
        seeing = set.intersection(*(set(shape.peers[c]) for c in used)) - used
        return sorted((c, d1) for c in seeing if cands.has(c, d1))
    if len(cells1) == 1 and len(cells2) == 1:
        c1, c2 = cells1[0], cells2[0]
        if c1 == c2:
            return [(c1, d) for d in cands.digits(c1) if d not in (d1, d2)]
        if c2 in shape.peers[c1]:
            return sorted(t for t in ((c1, d2), (c2, d1)) if cands.has(*t))
    return []


def _name(path: list[Node]) -> str:
    """X-Chain, XY-Chain, Grouped AIC or AIC."""
    if any(len(cells) > 1 for _, cells in path):
        return "Grouped AIC"
    if len({d for d, _ in path}) == 1:
        return "X-Chain"
    if all(path[i][1] == path[i + 1][1] for i in range(0, len(path) - 1, 2)):
        return "XY-Chain"
    return "AIC"


def _node_text(shape: Shape, node: Node) -> str:
    """``7r3c5`` or ``7r3c45`` style."""
    digit, cells = node
    if len(cells) == 1:
        return f"{digit}{shape.cell_name(cells[0])}"
    rows = sorted({shape.row_of(c) + 1 for c in cells})
    cols = sorted({shape.col_of(c) + 1 for c in cells})
    return f"{digit}r{''.join(map(str, rows))}c{''.join(map(str, cols))}"


def _step(
    cands: Candidates, path: list[Node], placed: tuple[tuple[int, int], ...],
    removed: tuple[tuple[int, int], ...],
) -> Step:
    """Build the step of one chain."""
    shape = cands.shape
    name = _name(path)
    chain = ""
    for i, node in enumerate(path):
        chain += ("" if i == 0 else " = " if i % 2 else " - ") + _node_text(shape, node)
    base = 6.6 if name == "X-Chain" else 7.0
    links = tuple(
        Link((path[i][1][0], path[i][0]), (path[i + 1][1][0], path[i + 1][0]), i % 2 == 0)
        for i in range(len(path) - 1)
    )
    hodoku = {"X-Chain": 260, "XY-Chain": 260, "AIC": 280, "Grouped AIC": 300}[name]
    first, last = _node_text(shape, path[0]), _node_text(shape, path[-1])
    if placed:
        (cell, digit), = placed
        result = f"if {first} is false it is true, so {shape.cell_name(cell)} = {digit}"
    else:
        result = f"{first} or {last} is true, so {eliminations_text(shape, removed)}"
    return Step(
        name, round(base + length_penalty(len(path)), 1), placements=placed,
        eliminations=removed, cells=tuple(sorted({c for _, cells in path for c in cells})),
        candidates=tuple((c, d) for d, cells in path for c in cells), links=links,
        explanation=f"Chain {chain} (= strong link: one is true, - weak link: not both): {result}",
        extra={"hodoku": hodoku, "chain": tuple(path)},
    )


def find_aics(cands: Candidates) -> Iterator[Step]:
    """AIC steps (X-chains, XY-chains, grouped AICs), shortest chains first.

    A chain that comes back to its start as true (``A = … = A``) proves ``A``: when ``A`` is one
    cell, the step places it.
    """
    graph = _Graph(cands)
    found: dict[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], list[Node]] = {}
    for start in sorted(graph.strong):
        for path in _chains(graph, start):
            digit, cells = path[0]
            placed: tuple[tuple[int, int], ...] = ()
            if path[-1] == path[0] and len(cells) == 1:
                placed = ((cells[0], digit),)
            removed = () if placed else tuple(_eliminations(cands, path[0], path[-1]))
            if not placed and not removed:
                continue
            key = (placed, removed)
            if key not in found or len(path) < len(found[key]):
                found[key] = path
    for (placed, removed), path in sorted(found.items(), key=lambda kv: (len(kv[1]), kv[0])):
        yield _step(cands, path, placed, removed)
