"""Implication tables: what follows from a candidate set ("on") or removed ("off") on a 9×9 grid.

HoDoKu's nice loops and forcing chains (:mod:`sudokit.rating.hodoku`) and its Kraken fish
(:mod:`sudokit.techniques.kraken`) share these tables, so they live here, once, below both.

- **Nodes** (:data:`Node`): ``(cell * 10 + digit) * 2 + on``, plus ``GROUP * (k + 1)`` for the
  k-th group node (two or three cells of a digit where a line meets a box), as HoDoKu numbers
  them. :class:`LinkGrid` gives a node's direct implications in HoDoKu's table order.
- **Tables** (Python ints): candidate ``(cell, digit)`` removed at bit ``(digit - 1) * 162 + cell``,
  set at that plus 81; group nodes from :data:`GROUP_BITS` on. :func:`direct_tables` gives every
  premise's first table (direct links, or for nets a trial with four rounds of singles, as
  HoDoKu's :class:`Trial`), and :func:`closure` widens each by the tables of what it holds.

Only candidate masks (bit ``d - 1`` for digit ``d``, 0 for a filled cell) and placed digits
are read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sudokit.candidates import bit, digits_of
from sudokit.shape import Shape
from sudokit.techniques.base import bit_cells

_SHAPE = Shape(3, 3)
_UNITS = _SHAPE.units
_CELL_UNITS = _SHAPE.cell_units
_PEERS = _SHAPE.peers
_PEER_LISTS = [sorted(peers) for peers in _SHAPE.peers]
_UNIT_BITS = [sum(1 << c for c in unit) for unit in _UNITS]
_PEER_BITS = [sum(1 << p for p in peers) for peers in _SHAPE.peers]
_ALL = (1 << 81) - 1

#: ``GROUP * (k + 1)`` for the k-th group node (``cell`` is then its first cell).
Node = int
GROUP = 2000


@dataclass(frozen=True)
class Group:
    """A group node: two or three cells of one line and one box holding ``digit``."""

    digit: int
    cells: tuple[int, ...]
    line: int
    box: int
    buddies: frozenset[int]


def make_node(cell: int, digit: int, on: bool) -> Node:
    """The node of ``digit`` set (``on``) or removed in ``cell``."""
    return (cell * 10 + digit) * 2 + on


def node_cell(node: Node) -> int:
    """The cell (the first cell of a group) of ``node``."""
    return node % GROUP // 20


def node_digit(node: Node) -> int:
    """The digit of ``node``."""
    return node % GROUP // 2 % 10


def is_group(node: Node) -> bool:
    """True for a group node."""
    return node >= GROUP


def is_on(node: Node) -> bool:
    """True when ``node`` sets its digit."""
    return bool(node & 1)


#: The digits in a mask, smallest first: an old name of :func:`sudokit.candidates.digits_of`,
#: kept for one release.
mask_digits = digits_of


class LinkGrid:
    """The candidates of one board: masks, per-digit cell sets, per-unit counts, group nodes."""

    def __init__(self, masks: Sequence[int], grouped: bool) -> None:
        """Index ``masks`` (81 candidate masks), with HoDoKu's group nodes when ``grouped``."""
        self.masks = list(masks)
        self.cells = [{c for c in range(81) if d and self.masks[c] >> (d - 1) & 1} for d in range(10)]
        self.free = [[len(self.cells[d].intersection(unit)) for d in range(10)] for unit in _UNITS]
        self.groups = find_groups(self.cells) if grouped else []

    def group(self, node: Node) -> Group:
        """The group of a group node."""
        return self.groups[node // GROUP - 1]

    def node_cells(self, node: Node) -> tuple[int, ...]:
        """The cells of ``node``."""
        return self.group(node).cells if is_group(node) else (node_cell(node),)

    def buddies(self, node: Node) -> frozenset[int]:
        """The cells that see every cell of ``node``."""
        return self.group(node).buddies if is_group(node) else _PEERS[node_cell(node)]

    def group_node(self, k: int, on: bool) -> Node:
        """The node of the k-th group."""
        g = self.groups[k]
        return GROUP * (k + 1) + make_node(g.cells[0], g.digit, on)

    def _to_groups(self, node: Node) -> list[Node]:
        """The group nodes a plain node implies (after its plain implications)."""
        cell, digit, on = node_cell(node), node_digit(node), is_on(node)
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
        cell, digit, on = node_cell(node), node_digit(node), is_on(node)
        others = [d for d in digits_of(self.masks[cell]) if d != digit]
        out: list[Node] = []
        if on:
            out.extend(make_node(cell, d, False) for d in others)
        elif len(others) == 1:
            out.append(make_node(cell, others[0], True))
        for unit in _CELL_UNITS[cell]:
            count = self.free[unit][digit]
            if count < 2:
                continue
            mates = [c for c in _UNITS[unit] if c != cell and self.has(c, digit)]
            if on:
                out.extend(make_node(c, digit, False) for c in sorted(mates))
            elif count == 2 and mates:
                out.append(make_node(min(mates), digit, True))
        if self.groups:
            out.extend(self._to_groups(node))
        seen: set[Node] = {node}
        unique = []
        for n in out:
            if n not in seen:
                seen.add(n)
                unique.append(n)
        return unique


def group_links(grid: LinkGrid, k: int, on: bool) -> list[Node]:
    """The direct implications of the k-th group node set (``on``) or removed."""
    g = grid.groups[k]
    seen = sorted(g.buddies & grid.cells[g.digit])
    out: list[Node] = []
    if on:
        out.extend(make_node(c, g.digit, False) for c in seen)
    else:
        for unit in (g.box, g.line):
            rest = [c for c in seen if c in _UNITS[unit]]
            if len(rest) == 1:
                out.append(make_node(rest[0], g.digit, True))
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


def find_groups(cells: list[set[int]]) -> list[Group]:
    """HoDoKu's group nodes: rows then columns, digit by digit, box by box."""
    out = []
    for first in (0, 9):
        for line in range(first, first + 9):
            for digit in range(1, 10):
                for box in range(18, 27):
                    part = sorted(cells[digit].intersection(_UNITS[line], _UNITS[box]))
                    if len(part) >= 2:
                        buddies = frozenset.intersection(*(_PEERS[c] for c in part))
                        out.append(Group(digit, tuple(part), line, box, buddies))
    return out



#: The bits of one table (a Python int): candidate ``(cell, digit)`` removed at
#: ``(digit - 1) * 162 + cell``, set at that plus 81; group nodes from ``GROUP_BITS`` on.
GROUP_BITS = 9 * 162
LOOK_AHEAD = 4


def table_bit(cell: int, digit: int, on: bool) -> int:
    """The table bit of ``digit`` set (``on``) or removed in ``cell``."""
    return (digit - 1) * 162 + 81 * on + cell


def bit_of_node(node: int) -> int:
    """The table bit of a :mod:`sudokit.rating.hodoku.loops` node."""
    if node >= GROUP:
        return GROUP_BITS + 2 * (node // GROUP - 1) + (node & 1)
    return table_bit(node // 20, node // 2 % 10, bool(node & 1))


class Board:
    """The grid the tables are made on: masks, placed digits, candidate cells per digit."""

    def __init__(self, masks: Sequence[int], values: Sequence[int]) -> None:
        """Index 81 candidate masks and the placed digits."""
        self.masks = [0 if v else m for m, v in zip(masks, values, strict=True)]
        self.values = list(values)
        self.where = [0] + [sum(1 << c for c in range(81) if self.masks[c] & bit(d)) for d in range(1, 10)]
        self.empty = sum(1 << c for c in range(81) if not self.values[c])
        self.allowed = [0] * 10
        for d in range(1, 10):
            seen = 0
            for c in range(81):
                if self.values[c] == d:
                    seen |= _PEER_BITS[c]
            self.allowed[d] = self.empty & ~seen
        self.free = [[0] + [(self.where[d] & u).bit_count() for d in range(1, 10)] for u in _UNIT_BITS]
        #: Per digit, the houses where it is still allowed somewhere.
        self.houses = [[u for u in _UNIT_BITS if self.allowed[d] & u] for d in range(10)]


class SinglesGrid:
    """A 9×9 grid updated the way HoDoKu updates its own: candidate masks, per-house candidate
    counts (``free[unit][digit]``) and the queues of naked and hidden singles it leaves; the
    board of HoDoKu's path (:class:`sudokit.rating.hodoku.board.Board`) and a net's :class:`Trial`."""

    __slots__ = ("free", "hidden", "masks", "naked", "values")

    def __init__(self, values: list[int], masks: list[int], free: list[list[int]]) -> None:
        """A grid in this state (the lists are kept, not copied) with empty singles queues."""
        self.values = values
        self.masks = masks
        self.free = free
        self.naked: list[tuple[int, int]] = []
        self.hidden: list[tuple[int, int]] = []

    def _add_hidden(self, unit: int, digit: int) -> None:
        """Queue the first cell of ``unit`` that still has ``digit`` as a hidden single."""
        b = bit(digit)
        for cell in _UNITS[unit]:
            if self.masks[cell] & b:
                self.hidden.append((cell, digit))
                return

    def _drop_hidden(self, unit: int, digit: int) -> None:
        """Remove the first queued hidden single of ``digit`` in ``unit``."""
        for k, (cell, d) in enumerate(self.hidden):
            if d == digit and unit in _CELL_UNITS[cell]:
                del self.hidden[k]
                return

    def eliminate(self, cell: int, digit: int) -> None:
        """Remove a candidate, queueing the singles it leaves (a cell left empty keeps its counts,
        as in HoDoKu)."""
        b = bit(digit)
        mask = self.masks[cell]
        if not mask & b:
            return
        mask &= ~b
        self.masks[cell] = mask
        if not mask:
            return
        if not mask & (mask - 1):
            self.naked.append((cell, mask.bit_length()))
        for unit in _CELL_UNITS[cell]:
            self.free[unit][digit] -= 1
            left = self.free[unit][digit]
            if left == 1:
                self._add_hidden(unit, digit)
            elif left == 0:
                self._drop_hidden(unit, digit)

    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell``: the peers lose it, the cell's candidates leave the counts."""
        if self.values[cell] == digit:
            return
        old = digits_of(self.masks[cell])
        self.values[cell] = digit
        self.masks[cell] = 0
        for peer in _PEER_LISTS[cell]:
            self.eliminate(peer, digit)
        for d in old:
            for unit in _CELL_UNITS[cell]:
                self.free[unit][d] -= 1
                if self.free[unit][d] == 1 and d != digit:
                    self._add_hidden(unit, d)


class Trial(SinglesGrid):
    """A copy of the grid on which one premise of a forcing net is tried, updated the way
    HoDoKu updates its grid (:class:`SinglesGrid`), recording what it sets and removes."""

    __slots__ = ("board", "table")

    def __init__(self, board: Board) -> None:
        """A fresh copy of ``board``."""
        super().__init__(list(board.values), list(board.masks), [list(counts) for counts in board.free])
        self.board = board
        self.table = 0

    def set_cell(self, cell: int, digit: int) -> None:
        """Set ``digit`` in ``cell``, recording it, its removal from the peers that had it at the
        start and the removal of the cell's other candidates."""
        self.table |= 1 << table_bit(cell, digit, True)
        self.table |= (self.board.where[digit] & _PEER_BITS[cell]) << ((digit - 1) * 162)
        for d in digits_of(self.masks[cell] & ~bit(digit)):
            self.table |= 1 << table_bit(cell, d, False)
        self.place(cell, digit)

    def remove(self, cell: int, digit: int) -> None:
        """Remove ``digit`` from ``cell`` (recorded), setting the cell if one candidate is left."""
        self.table |= 1 << table_bit(cell, digit, False)
        self.eliminate(cell, digit)
        mask = self.masks[cell]
        if mask and not mask & (mask - 1):
            self.set_cell(cell, mask.bit_length())

    def singles(self) -> list[tuple[int, int]]:
        """The queued naked singles, then the queued hidden singles (one a cell) still valid."""
        out = [(c, d) for c, d in self.naked if not self.values[c]]
        found: set[int] = set()
        for cell, digit in self.hidden:
            if (not self.values[cell] and cell not in found
                    and any(self.free[unit][digit] == 1 for unit in _CELL_UNITS[cell])):
                found.add(cell)
                out.append((cell, digit))
        return out


def net_table(board: Board, cell: int, digit: int, on: bool) -> int:
    """The first table of a forcing net premise: the premise tried with four rounds of singles."""
    trial = Trial(board)
    if on:
        trial.set_cell(cell, digit)
    else:
        trial.remove(cell, digit)
    for _ in range(LOOK_AHEAD):
        found = trial.singles()
        if not found:
            break
        for c, d in found:
            trial.set_cell(c, d)
    return trial.table


def direct_tables(board: Board, net: bool, check: Callable[[], None]) -> dict[int, int]:
    """Every premise's first table (its direct implications, itself included), keyed by its bit."""
    grid = LinkGrid(board.masks, True)
    direct: dict[int, int] = {}
    for cell in range(81):
        for digit in digits_of(board.masks[cell]):
            for on in (True, False):
                node = make_node(cell, digit, on)
                links = grid.direct(node)
                if net:
                    bits = net_table(board, cell, digit, on)
                    links = [n for n in links if n >= GROUP]
                else:
                    bits = 0
                for n in links:
                    bits |= 1 << bit_of_node(n)
                direct[table_bit(cell, digit, on)] = bits | 1 << table_bit(cell, digit, on)
        check()
    for k in range(len(grid.groups)):
        for on in (True, False):
            bits = 1 << (GROUP_BITS + 2 * k + on)
            for n in group_links(grid, k, on):
                bits |= 1 << bit_of_node(n)
            direct[GROUP_BITS + 2 * k + on] = bits
    return direct


def closure(direct: dict[int, int], check: Callable[[], None]) -> dict[int, int]:
    """Widen every table by the tables of what it holds until nothing changes."""
    reach = dict(direct)
    succ = {node: [m for m in bit_cells(bits) if m != node and m in reach] for node, bits in direct.items()}
    changed = True
    while changed:
        check()
        changed = False
        for node, nexts in succ.items():
            bits = reach[node]
            for m in nexts:
                bits |= reach[m]
            if bits != reach[node]:
                reach[node] = bits
                changed = True
    return reach


def set_cells(table: int, digit: int) -> int:
    """The cells where ``table`` sets ``digit``."""
    return table >> ((digit - 1) * 162 + 81) & _ALL


def removed_cells(table: int, digit: int) -> int:
    """The cells where ``table`` removes ``digit``."""
    return table >> ((digit - 1) * 162) & _ALL
