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
:mod:`sudokit.rating.hodoku.path` turns its answer into a step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sudokit.candidates import digits_of
from sudokit.shape import Shape
from sudokit.techniques.implications import (
    LinkGrid,
    Node,
    group_links,
    is_group,
    is_on,
    make_node,
    node_cell,
    node_digit,
)

_PEERS = Shape(3, 3).peers


@dataclass(frozen=True)
class Loop:
    """A nice loop or AIC HoDoKu would take: its type, eliminations (digit by digit, as HoDoKu
    lists them) and the cells of its chain."""

    kind: str
    eliminations: tuple[tuple[int, int], ...]
    cells: tuple[int, ...]


def _table(grid: LinkGrid, links: dict[Node, list[Node]],
           premise: Node) -> tuple[list[Node], dict[Node, Node]]:
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


def _lasso(grid: LinkGrid, chain: list[Node], aic: bool) -> bool:
    """True when ``chain`` comes back to a cell it left (a nice loop may come back to its start)."""
    seen: set[int] = set()
    first = node_cell(chain[0])
    last = -1
    for k, node in enumerate(chain):
        cell = node_cell(node)
        if cell in seen:
            return True
        if last != -1 and (last != first or aic):
            seen.update(grid.node_cells(chain[k - 1]))
        last = cell
    return False


def _continuous(grid: LinkGrid, chain: list[Node], both_strong: bool) -> list[tuple[int, int]]:
    """The eliminations of a continuous nice loop along ``chain`` (never in a cell of the chain
    by a weak link)."""
    on_chain = {c for node in chain for c in grid.node_cells(node)}
    n = len(chain) - 1
    out: list[tuple[int, int]] = []
    for i in range(n + 1):
        node = chain[i]
        cell = node_cell(node)
        if i == 0 and both_strong:
            keep = {node_digit(chain[0]), node_digit(chain[-1])}
            out.extend((cell, d) for d in digits_of(grid.masks[cell]) if d not in keep)
        elif (i > 0 and is_on(node) and i <= n - 2 and node_cell(chain[i - 1]) != cell
              and not is_on(chain[i + 1]) and node_cell(chain[i + 1]) == cell
              and is_on(chain[i + 2]) and node_cell(chain[i + 2]) != cell):
            keep = {node_digit(node), node_digit(chain[i + 2])}
            out.extend((cell, d) for d in digits_of(grid.masks[cell]) if d not in keep)
        if i > 0 and not is_on(node) and node_cell(chain[i - 1]) != cell:
            digit = node_digit(node)
            both = (grid.buddies(chain[i - 1]) & grid.buddies(node)) - on_chain
            out.extend((c, digit) for c in sorted(both & grid.cells[digit]))
    return out


def _loop_eliminations(grid: LinkGrid, chain: list[Node]) -> tuple[str, list[tuple[int, int]]]:
    """The type and eliminations of the nice loop ``chain`` (from its premise back to its cell)."""
    premise, end = chain[0], chain[-1]
    first_strong, last_strong = not is_on(premise), is_on(end)
    start, a, b = node_cell(premise), node_digit(premise), node_digit(end)
    if not first_strong and not last_strong and a == b:
        return "Discontinuous Nice Loop", [(start, a)]
    if first_strong and last_strong and a == b:
        return "Discontinuous Nice Loop", [(start, d) for d in digits_of(grid.masks[start]) if d != a]
    if first_strong != last_strong and a != b:
        return "Discontinuous Nice Loop", [(start, b if first_strong else a)]
    if not first_strong and not last_strong and len(digits_of(grid.masks[start])) != 2:
        return "", []
    return "Continuous Nice Loop", _continuous(grid, chain, first_strong and last_strong)


def _aic_eliminations(grid: LinkGrid, premise: Node, end: Node) -> list[tuple[int, int]]:
    """The eliminations of the AIC from the removed ``premise`` to the set ``end``."""
    start, a, stop, b = node_cell(premise), node_digit(premise), node_cell(end), node_digit(end)
    if a == b:
        both = _PEERS[start] & _PEERS[stop] & grid.cells[a]
        return [(c, a) for c in sorted(both)] if len(both) > 1 else []
    out = []
    if grid.has(start, b):
        out.append((start, b))
    if grid.has(stop, a):
        out.append((stop, a))
    return out


def _aic_end(grid: LinkGrid, premise: Node, end: Node) -> bool:
    """True when HoDoKu checks ``end`` as the end of an AIC from ``premise``."""
    start, a, stop, b = node_cell(premise), node_digit(premise), node_cell(end), node_digit(end)
    if not is_on(end) or is_group(end) or stop == start:
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

    def __init__(self, grid: LinkGrid) -> None:
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
        if any(is_group(n) for n in chain):
            kind = "Grouped " + kind
        cells = (c for n in chain for c in self.grid.node_cells(n))
        self.loops.append(Loop(kind, key, tuple(dict.fromkeys(cells))))

    def best(self) -> Loop | None:
        """The loop HoDoKu's stable sort puts first."""
        if not self.loops:
            return None
        return min(self.loops, key=lambda loop: _hodoku_key(loop.eliminations))


def _check_loops(grid: LinkGrid, order: list[Node], parent: dict[Node, Node], found: _Found) -> None:
    """Add the nice loops of one table (implications back in the premise's cell)."""
    premise = order[0]
    start = node_cell(premise)
    for end in order[1:]:
        if node_cell(end) != start or is_group(end):
            continue
        chain = _chain(parent, end)
        if len(chain) <= 2 or node_cell(chain[-1]) == node_cell(chain[-2]) or _lasso(grid, chain, False):
            continue
        if node_cell(chain[0]) == node_cell(chain[1]):
            continue
        kind, elims = _loop_eliminations(grid, chain)
        found.add(kind, elims, chain)


def _check_aics(grid: LinkGrid, order: list[Node], parent: dict[Node, Node], found: _Found) -> None:
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
    grid = LinkGrid(masks, grouped)
    premises = [(c, d) for c in range(81) for d in digits_of(grid.masks[c])]
    links: dict[Node, list[Node]] = {}
    for c, d in premises:
        for on in (False, True):
            links[make_node(c, d, on)] = grid.direct(make_node(c, d, on))
    for k in range(len(grid.groups)):
        for on in (False, True):
            links[grid.group_node(k, on)] = group_links(grid, k, on)
    found = _Found(grid)
    off_tables = []
    for on in (True, False):
        for c, d in premises:
            check()
            order, parent = _table(grid, links, make_node(c, d, on))
            _check_loops(grid, order, parent, found)
            if not on:
                off_tables.append((order, parent))
    for order, parent in off_tables:
        _check_aics(grid, order, parent, found)
    return found.best()
