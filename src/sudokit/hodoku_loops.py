"""HoDoKu 2.2's search for nice loops and AICs (its ``NICE_LOOP`` and
``GROUPED_NICE_LOOP`` steps).

HoDoKu builds, for every candidate being set ("on") or removed ("off"), the table of all its
implications through direct links, found breadth first in a fixed order: the premise's other
candidates in its cell, then the same digit in its row, column and box (cells in order), each
implication remembering the one that reached it first. A nice loop is an implication back in
the premise's cell whose chain leaves that cell at once, enters it from another cell and passes
no other cell twice; an AIC starts with a removed candidate and ends with a set one. From all of
them HoDoKu keeps one step per set of eliminations and takes the one with the most
eliminations, then the smallest weighted sum of the eliminated candidates (listed digit by
digit), then the first found. The grouped search adds HoDoKu's group nodes (two or three
cells of a digit where a row or column meets a box), linked after the plain links.

This module only reads candidate masks (bit ``d - 1`` for digit ``d``, 0 for a filled cell);
:mod:`sudokit.hodoku` turns its answer into a step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sudokit.units import Shape

_SHAPE = Shape(3, 3)
_ROWS, _COLS, _BOXES = _SHAPE.rows, _SHAPE.cols, _SHAPE.boxes
_UNITS = _SHAPE.units
_CELL_UNITS = _SHAPE.cell_units
_PEERS = _SHAPE.peers

#: A node: ``(cell * 10 + digit) * 2 + on`` (on: the digit is set, else removed), plus
#: ``_GROUP * (k + 1)`` for the k-th group node (``cell`` is then its first cell).
Node = int
_GROUP = 2000


@dataclass(frozen=True)
class _Group:
    """A group node: two or three cells of one line and one box holding ``digit``."""

    digit: int
    cells: tuple[int, ...]
    line: int
    box: int
    buddies: frozenset[int]


@dataclass(frozen=True)
class Loop:
    """A nice loop or AIC HoDoKu would take: its type, eliminations (digit by digit, as HoDoKu
    lists them) and the cells of its chain."""

    kind: str
    eliminations: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]


def _node(cell: int, digit: int, on: bool) -> Node:
    """The node of ``digit`` set (``on``) or removed in ``cell``."""
    return (cell * 10 + digit) * 2 + on


def _cell(node: Node) -> int:
    """The cell (the first cell of a group) of ``node``."""
    return node % _GROUP // 20


def _digit(node: Node) -> int:
    """The digit of ``node``."""
    return node % _GROUP // 2 % 10


def _grouped(node: Node) -> bool:
    """True for a group node."""
    return node >= _GROUP


def _on(node: Node) -> bool:
    """True when ``node`` sets its digit."""
    return bool(node & 1)


def _digits(mask: int) -> list[int]:
    """The digits in ``mask``, smallest first."""
    return [d for d in range(1, 10) if mask >> (d - 1) & 1]


class _Grid:
    """The candidates of one board: masks, per-digit cell sets, per-unit counts, group nodes."""

    def __init__(self, masks: Sequence[int], grouped: bool) -> None:
        """Index ``masks`` (81 candidate masks), with HoDoKu's group nodes when ``grouped``."""
        self.masks = list(masks)
        self.cells = [{c for c in range(81) if d and self.masks[c] >> (d - 1) & 1} for d in range(10)]
        self.free = [[len(self.cells[d].intersection(unit)) for d in range(10)] for unit in _UNITS]
        self.groups = _groups(self.cells) if grouped else []

    def group(self, node: Node) -> _Group:
        """The group of a group node."""
        return self.groups[node // _GROUP - 1]

    def node_cells(self, node: Node) -> tuple[int, ...]:
        """The cells of ``node``."""
        return self.group(node).cells if _grouped(node) else (_cell(node),)

    def buddies(self, node: Node) -> frozenset[int]:
        """The cells that see every cell of ``node``."""
        return self.group(node).buddies if _grouped(node) else _PEERS[_cell(node)]

    def group_node(self, k: int, on: bool) -> Node:
        """The node of the k-th group."""
        g = self.groups[k]
        return _GROUP * (k + 1) + _node(g.cells[0], g.digit, on)

    def _to_groups(self, node: Node) -> list[Node]:
        """The group nodes a plain node implies (after its plain implications)."""
        cell, digit, on = _cell(node), _digit(node), _on(node)
        out = []
        for k, g in enumerate(self.groups):
            if g.digit != digit:
                continue
            if on and cell in g.buddies:
                out.append(self.group_node(k, False))
            elif not on:
                for unit in (g.box, g.line):
                    rest = [c for c in g.buddies & self.cells[digit] if c in _UNITS[unit]]
                    if rest == [cell]:
                        out.append(self.group_node(k, True))
        return out

    def has(self, cell: int, digit: int) -> bool:
        """True when ``digit`` is a candidate of ``cell``."""
        return bool(self.masks[cell] >> (digit - 1) & 1)

    def direct(self, node: Node) -> list[Node]:
        """The direct implications of ``node`` in HoDoKu's table order, without repeats."""
        cell, digit, on = _cell(node), _digit(node), _on(node)
        others = [d for d in _digits(self.masks[cell]) if d != digit]
        out: list[Node] = []
        if on:
            out.extend(_node(cell, d, False) for d in others)
        elif len(others) == 1:
            out.append(_node(cell, others[0], True))
        for unit in _CELL_UNITS[cell]:
            count = self.free[unit][digit]
            if count < 2:
                continue
            mates = [c for c in _UNITS[unit] if c != cell and self.has(c, digit)]
            if on:
                out.extend(_node(c, digit, False) for c in sorted(mates))
            elif count == 2 and mates:
                out.append(_node(min(mates), digit, True))
        if self.groups:
            out.extend(self._to_groups(node))
        seen: set[Node] = {node}
        unique = []
        for n in out:
            if n not in seen:
                seen.add(n)
                unique.append(n)
        return unique


def _group_links(grid: _Grid, k: int, on: bool) -> list[Node]:
    """The direct implications of the k-th group node set (``on``) or removed."""
    g = grid.groups[k]
    seen = sorted(g.buddies & grid.cells[g.digit])
    out: list[Node] = []
    if on:
        out.extend(_node(c, g.digit, False) for c in seen)
    else:
        for unit in (g.box, g.line):
            rest = [c for c in seen if c in _UNITS[unit]]
            if len(rest) == 1:
                out.append(_node(rest[0], g.digit, True))
    mates: dict[int, list[int]] = {g.line: [], g.box: []}
    for j, h in enumerate(grid.groups):
        if j == k or h.digit != g.digit or set(h.cells) & set(g.cells):
            continue
        for unit in (g.line, g.box):
            if unit in (h.line, h.box):
                mates[unit].append(j)
                if on:
                    out.append(grid.group_node(j, False))
    if not on:
        for unit in (g.line, g.box):
            if len(mates[unit]) == 1:
                h = grid.groups[mates[unit][0]]
                if not grid.cells[g.digit].intersection(_UNITS[unit]) - set(g.cells) - set(h.cells):
                    out.append(grid.group_node(mates[unit][0], True))
    return out


def _groups(cells: list[set[int]]) -> list[_Group]:
    """HoDoKu's group nodes: rows then columns, digit by digit, box by box."""
    out = []
    for first in (0, 9):
        for line in range(first, first + 9):
            for digit in range(1, 10):
                for box in range(18, 27):
                    part = sorted(cells[digit].intersection(_UNITS[line], _UNITS[box]))
                    if len(part) >= 2:
                        buddies = frozenset.intersection(*(_PEERS[c] for c in part))
                        out.append(_Group(digit, tuple(part), line, box, buddies))
    return out


def _table(grid: _Grid, links: dict[Node, list[Node]], premise: Node) -> tuple[list[Node], dict[Node, Node]]:
    """All implications of ``premise`` breadth first (the premise first) and each one's
    predecessor."""
    order = [premise]
    parent: dict[Node, Node] = {premise: premise}
    k = 0
    while k < len(order):
        node = order[k]
        k += 1
        for nxt in links[node]:
            if nxt not in parent:
                parent[nxt] = node
                order.append(nxt)
    return order, parent


def _chain(parent: dict[Node, Node], end: Node) -> list[Node]:
    """The chain from the premise to ``end``."""
    out = [end]
    while parent[out[-1]] != out[-1]:
        out.append(parent[out[-1]])
    out.reverse()
    return out


def _lasso(grid: _Grid, chain: list[Node], aic: bool) -> bool:
    """True when ``chain`` comes back to a cell it left (a nice loop may come back to its start)."""
    seen: set[int] = set()
    first = _cell(chain[0])
    last = -1
    for k, node in enumerate(chain):
        cell = _cell(node)
        if cell in seen:
            return True
        if last != -1 and (last != first or aic):
            seen.update(grid.node_cells(chain[k - 1]))
        last = cell
    return False


def _continuous(grid: _Grid, chain: list[Node], both_strong: bool) -> list[tuple[int, int]]:
    """The eliminations of a continuous nice loop along ``chain`` (never in a cell of the chain
    by a weak link)."""
    on_chain = {c for node in chain for c in grid.node_cells(node)}
    n = len(chain) - 1
    out: list[tuple[int, int]] = []
    for i in range(n + 1):
        node = chain[i]
        cell = _cell(node)
        if i == 0 and both_strong:
            keep = {_digit(chain[0]), _digit(chain[-1])}
            out.extend((cell, d) for d in _digits(grid.masks[cell]) if d not in keep)
        elif (i > 0 and _on(node) and i <= n - 2 and _cell(chain[i - 1]) != cell
              and not _on(chain[i + 1]) and _cell(chain[i + 1]) == cell
              and _on(chain[i + 2]) and _cell(chain[i + 2]) != cell):
            keep = {_digit(node), _digit(chain[i + 2])}
            out.extend((cell, d) for d in _digits(grid.masks[cell]) if d not in keep)
        if i > 0 and not _on(node) and _cell(chain[i - 1]) != cell:
            digit = _digit(node)
            both = (grid.buddies(chain[i - 1]) & grid.buddies(node)) - on_chain
            out.extend((c, digit) for c in sorted(both & grid.cells[digit]))
    return out


def _loop_eliminations(grid: _Grid, chain: list[Node]) -> tuple[str, list[tuple[int, int]]]:
    """The type and eliminations of the nice loop ``chain`` (from its premise back to its cell)."""
    premise, end = chain[0], chain[-1]
    first_strong, last_strong = not _on(premise), _on(end)
    start, a, b = _cell(premise), _digit(premise), _digit(end)
    if not first_strong and not last_strong and a == b:
        return "Discontinuous Nice Loop", [(start, a)]
    if first_strong and last_strong and a == b:
        return "Discontinuous Nice Loop", [(start, d) for d in _digits(grid.masks[start]) if d != a]
    if first_strong != last_strong and a != b:
        return "Discontinuous Nice Loop", [(start, b if first_strong else a)]
    if not first_strong and not last_strong and len(_digits(grid.masks[start])) != 2:
        return "", []
    return "Continuous Nice Loop", _continuous(grid, chain, first_strong and last_strong)


def _aic_eliminations(grid: _Grid, premise: Node, end: Node) -> list[tuple[int, int]]:
    """The eliminations of the AIC from the removed ``premise`` to the set ``end``."""
    start, a, stop, b = _cell(premise), _digit(premise), _cell(end), _digit(end)
    if a == b:
        both = _PEERS[start] & _PEERS[stop] & grid.cells[a]
        return [(c, a) for c in sorted(both)] if len(both) > 1 else []
    out = []
    if grid.has(start, b):
        out.append((start, b))
    if grid.has(stop, a):
        out.append((stop, a))
    return out


def _aic_end(grid: _Grid, premise: Node, end: Node) -> bool:
    """True when HoDoKu checks ``end`` as the end of an AIC from ``premise``."""
    start, a, stop, b = _cell(premise), _digit(premise), _cell(end), _digit(end)
    if not _on(end) or _grouped(end) or stop == start:
        return False
    if a == b:
        return len(_PEERS[start] & _PEERS[stop] & grid.cells[a]) >= 2
    return stop in _PEERS[start] and grid.has(stop, a) and grid.has(start, b)


def _hodoku_key(elims: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """HoDoKu's sort key: more eliminations first, then the smaller weighted index sum."""
    weighted = sum(cell * (1 + 80 * k) + digit for k, (cell, digit) in enumerate(elims))
    return -len(elims), weighted


class _Found:
    """The loops found so far, one per set of eliminations, in the order found."""

    def __init__(self, grid: _Grid) -> None:
        """No loops yet on ``grid``."""
        self.grid = grid
        self.loops: list[Loop] = []
        self.seen: set[tuple[tuple[int, int], ...]] = set()

    def add(self, kind: str, elims: list[tuple[int, int]], chain: list[Node]) -> None:
        """Keep a loop unless one with the same eliminations is already kept."""
        key = tuple(sorted(set(elims), key=lambda e: (e[1], e[0])))
        if not key or key in self.seen:
            return
        self.seen.add(key)
        if any(_grouped(n) for n in chain):
            kind = "Grouped " + kind
        cells = (c for n in chain for c in self.grid.node_cells(n))
        self.loops.append(Loop(kind, key, tuple(dict.fromkeys(cells))))

    def best(self) -> Loop | None:
        """The loop HoDoKu's stable sort puts first."""
        if not self.loops:
            return None
        return min(self.loops, key=lambda loop: _hodoku_key(loop.eliminations))


def _check_loops(grid: _Grid, order: list[Node], parent: dict[Node, Node], found: _Found) -> None:
    """Add the nice loops of one table (implications back in the premise's cell)."""
    premise = order[0]
    start = _cell(premise)
    for end in order[1:]:
        if _cell(end) != start or _grouped(end):
            continue
        chain = _chain(parent, end)
        if len(chain) <= 2 or _cell(chain[-1]) == _cell(chain[-2]) or _lasso(grid, chain, False):
            continue
        if _cell(chain[0]) == _cell(chain[1]):
            continue
        kind, elims = _loop_eliminations(grid, chain)
        found.add(kind, elims, chain)


def _check_aics(grid: _Grid, order: list[Node], parent: dict[Node, Node], found: _Found) -> None:
    """Add the AICs of one table of a removed candidate."""
    premise = order[0]
    for end in order[1:]:
        if not _aic_end(grid, premise, end):
            continue
        chain = _chain(parent, end)
        if len(chain) <= 2:
            continue
        elims = _aic_eliminations(grid, premise, end)
        if elims and not _lasso(grid, chain, True):
            found.add("AIC", elims, chain)


def nice_loop(masks: Sequence[int], check: Callable[[], None] = lambda: None,
              grouped: bool = False) -> Loop | None:
    """The nice loop or AIC HoDoKu 2.2 takes on the candidates ``masks`` (81 masks), or None;
    with ``grouped`` its search with group nodes (its ``GROUPED_NICE_LOOP`` step, which may
    also take a loop without them). ``check`` is called now and then (it may raise to stop)."""
    grid = _Grid(masks, grouped)
    premises = [(c, d) for c in range(81) for d in _digits(grid.masks[c])]
    links: dict[Node, list[Node]] = {}
    for c, d in premises:
        for on in (False, True):
            links[_node(c, d, on)] = grid.direct(_node(c, d, on))
    for k in range(len(grid.groups)):
        for on in (False, True):
            links[grid.group_node(k, on)] = _group_links(grid, k, on)
    found = _Found(grid)
    off_tables = []
    for on in (True, False):
        for c, d in premises:
            check()
            order, parent = _table(grid, links, _node(c, d, on))
            _check_loops(grid, order, parent, found)
            if not on:
                off_tables.append((order, parent))
    for order, parent in off_tables:
        _check_aics(grid, order, parent, found)
    return found.best()
