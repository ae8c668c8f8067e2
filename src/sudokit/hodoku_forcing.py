"""HoDoKu 2.2's forcing chains and forcing nets (its ``FORCING_CHAIN`` and ``FORCING_NET`` steps).

HoDoKu tables, for every candidate set ("on") and removed ("off"), what follows from it. For
forcing chains a table starts with the direct links of :mod:`sudokit.hodoku_loops` (group nodes
included); for forcing nets it starts with what a trial on a copy of the grid gives: the
premise made, then four rounds of all the naked and hidden singles of the copy set at once
(a set cell removes its digit from every peer that had it at the start, and the other
candidates of its cell). Each table is then widened by the tables of everything it holds, until
nothing new comes (all implications, however far).

From the tables HoDoKu draws its conclusions: a premise is false when its table sets and
removes one candidate, sets two digits in a cell or one digit twice in a house, empties a cell,
or removes a digit from every cell of a house where the digit is still allowed (not seen by a
placed one), a contradiction; a candidate is set or removed when both tables of a candidate,
the on-tables of every candidate of a cell, or those of every place of a digit in a house agree
on it, a verity. Each conclusion is one step; HoDoKu takes a placement before any elimination,
the placement in the smallest cell, else the elimination of the smallest ``cell * 10 + digit``.

This module only reads candidate masks (bit ``d - 1`` for digit ``d``, 0 for a filled cell) and
the digits placed; :mod:`sudokit.hodoku` turns its answer into a step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sudokit.candidates import bit, digits_of
from sudokit.hodoku_loops import _GROUP, _Grid, _group_links, _node
from sudokit.units import Shape

__all__ = ["Forcing", "forcing_chain", "forcing_net"]

_SHAPE = Shape(3, 3)
_UNITS = _SHAPE.units
_UNIT_BITS = [sum(1 << c for c in unit) for unit in _UNITS]
_PEER_BITS = [sum(1 << p for p in peers) for peers in _SHAPE.peers]
_PEERS = [sorted(peers) for peers in _SHAPE.peers]
_CELL_UNITS = _SHAPE.cell_units
_ALL = (1 << 81) - 1
#: The bits of one table (a Python int): candidate ``(cell, digit)`` removed at
#: ``(digit - 1) * 162 + cell``, set at that plus 81; group nodes from ``_NORMAL`` on.
_NORMAL = 9 * 162
_LOOK_AHEAD = 4


@dataclass(frozen=True)
class Forcing:
    """A forcing chain or net step: HoDoKu's type, and its one placement or elimination."""

    kind: str
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]


def _index(cell: int, digit: int, on: bool) -> int:
    """The table bit of ``digit`` set (``on``) or removed in ``cell``."""
    return (digit - 1) * 162 + 81 * on + cell


def _ones(bits: int) -> list[int]:
    """The positions of the set bits of ``bits``, smallest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _from_loops(node: int) -> int:
    """The table bit of a :mod:`sudokit.hodoku_loops` node."""
    if node >= _GROUP:
        return _NORMAL + 2 * (node // _GROUP - 1) + (node & 1)
    return _index(node // 20, node // 2 % 10, bool(node & 1))


class _Board:
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


class _Trial:
    """A copy of the grid on which one premise of a forcing net is tried, updated the way
    HoDoKu updates its grid: candidate counts per house and queues of naked and hidden singles."""

    def __init__(self, board: _Board) -> None:
        """A fresh copy of ``board``."""
        self.board = board
        self.masks = list(board.masks)
        self.values = list(board.values)
        self.free = [list(counts) for counts in board.free]
        self.naked: list[tuple[int, int]] = []
        self.hidden: list[tuple[int, int]] = []
        self.table = 0

    def _add_hidden(self, unit: int, digit: int) -> None:
        """Queue the first cell of ``unit`` holding ``digit`` as a hidden single."""
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

    def _delete(self, cell: int, digit: int) -> None:
        """Remove a candidate (a cell left empty keeps its counts, as in HoDoKu)."""
        mask = self.masks[cell]
        if not mask & bit(digit):
            return
        mask &= ~bit(digit)
        self.masks[cell] = mask
        if not mask:
            return
        if not mask & (mask - 1):
            self.naked.append((cell, mask.bit_length()))
        for unit in _CELL_UNITS[cell]:
            self.free[unit][digit] -= 1
            if self.free[unit][digit] == 1:
                self._add_hidden(unit, digit)
            elif self.free[unit][digit] == 0:
                self._drop_hidden(unit, digit)

    def _place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell``: the peers lose it, the cell's candidates leave the counts."""
        if self.values[cell] == digit:
            return
        self.values[cell] = digit
        old = digits_of(self.masks[cell])
        self.masks[cell] = 0
        for peer in _PEERS[cell]:
            self._delete(peer, digit)
        for d in old:
            for unit in _CELL_UNITS[cell]:
                self.free[unit][d] -= 1
                if self.free[unit][d] == 1 and d != digit:
                    self._add_hidden(unit, d)

    def set_cell(self, cell: int, digit: int) -> None:
        """Set ``digit`` in ``cell``, recording it, its removal from the peers that had it at the
        start and the removal of the cell's other candidates."""
        self.table |= 1 << _index(cell, digit, True)
        self.table |= (self.board.where[digit] & _PEER_BITS[cell]) << ((digit - 1) * 162)
        for d in digits_of(self.masks[cell] & ~bit(digit)):
            self.table |= 1 << _index(cell, d, False)
        self._place(cell, digit)

    def remove(self, cell: int, digit: int) -> None:
        """Remove ``digit`` from ``cell`` (recorded), setting the cell if one candidate is left."""
        self.table |= 1 << _index(cell, digit, False)
        self._delete(cell, digit)
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


def _net_table(board: _Board, cell: int, digit: int, on: bool) -> int:
    """The first table of a forcing net premise: the premise tried with four rounds of singles."""
    trial = _Trial(board)
    if on:
        trial.set_cell(cell, digit)
    else:
        trial.remove(cell, digit)
    for _ in range(_LOOK_AHEAD):
        found = trial.singles()
        if not found:
            break
        for c, d in found:
            trial.set_cell(c, d)
    return trial.table


def _tables(board: _Board, net: bool, check: Callable[[], None]) -> dict[int, int]:
    """Every premise's first table (its direct implications, itself included), keyed by its bit."""
    grid = _Grid(board.masks, True)
    direct: dict[int, int] = {}
    for cell in range(81):
        for digit in digits_of(board.masks[cell]):
            for on in (True, False):
                node = _node(cell, digit, on)
                links = grid.direct(node)
                if net:
                    bits = _net_table(board, cell, digit, on)
                    links = [n for n in links if n >= _GROUP]
                else:
                    bits = 0
                for n in links:
                    bits |= 1 << _from_loops(n)
                direct[_index(cell, digit, on)] = bits | 1 << _index(cell, digit, on)
        check()
    for k in range(len(grid.groups)):
        for on in (True, False):
            bits = 1 << (_NORMAL + 2 * k + on)
            for n in _group_links(grid, k, on):
                bits |= 1 << _from_loops(n)
            direct[_NORMAL + 2 * k + on] = bits
    return direct


def _closure(direct: dict[int, int], check: Callable[[], None]) -> dict[int, int]:
    """Widen every table by the tables of what it holds until nothing changes."""
    reach = dict(direct)
    succ = {node: [m for m in _ones(bits) if m != node and m in reach] for node, bits in direct.items()}
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


def _on(table: int, digit: int) -> int:
    """The cells where ``table`` sets ``digit``."""
    return table >> ((digit - 1) * 162 + 81) & _ALL


def _off(table: int, digit: int) -> int:
    """The cells where ``table`` removes ``digit``."""
    return table >> ((digit - 1) * 162) & _ALL


def _contradiction(board: _Board, table: int) -> bool:
    """True when ``table`` holds a contradiction, so its premise is false."""
    every_on = 0
    offs = [0] * 10
    for d in range(1, 10):
        ons, offs[d] = _on(table, d), _off(table, d)
        if ons & offs[d] or ons & every_on:
            return True
        every_on |= ons
        if ons & (ons - 1) and any((here := ons & unit_bits) & (here - 1) for unit_bits in _UNIT_BITS):
            return True
    empty = board.empty & ~every_on
    for d in range(1, 10):
        empty &= offs[d] | ~board.where[d]
    if empty:
        return True
    for d in range(1, 10):
        if offs[d]:
            missing = board.allowed[d] & ~offs[d]
            if any(not missing & unit_bits for unit_bits in board.houses[d]):
                return True
    return False


class _Found:
    """The conclusions found so far."""

    def __init__(self) -> None:
        """No conclusions yet."""
        self.placements: set[tuple[int, int]] = set()
        self.eliminations: set[tuple[int, int]] = set()

    def agreed(self, tables: list[int], skip: int = -1) -> None:
        """Record what all ``tables`` set or remove alike (never in cell ``skip``)."""
        common = -1
        for table in tables:
            common &= table
        keep = _ALL & ~(1 << skip) if skip >= 0 else _ALL
        for d in range(1, 10):
            self.placements.update((cell, d) for cell in _ones(_on(common, d) & keep))
            self.eliminations.update((cell, d) for cell in _ones(_off(common, d) & keep))

    def best(self) -> tuple[bool, int, int] | None:
        """The conclusion HoDoKu's sort puts first: (a placement?, cell, digit)."""
        if self.placements:
            return (True, *min(self.placements))
        if self.eliminations:
            return (False, *min(self.eliminations, key=lambda e: e[0] * 10 + e[1]))
        return None


class _Lengths:
    """The lengths of HoDoKu's chains from a premise to an implication (nodes on the shortest
    way, the premise included)."""

    def __init__(self, direct: dict[int, int]) -> None:
        """Lengths along the first tables ``direct``."""
        self.direct = direct
        self.levels: dict[int, list[int]] = {}

    def __call__(self, premise: int, end: int) -> int:
        """The length of the chain from ``premise`` to the table bit ``end``."""
        levels = self.levels.get(premise)
        if levels is None:
            levels = self.levels[premise] = self._levels(premise)
        for k, level in enumerate(levels):
            if level >> end & 1:
                return k + 1
        return len(levels) + 1

    def _levels(self, premise: int) -> list[int]:
        """The implications of ``premise`` by distance, as bit sets."""
        seen = 1 << premise
        levels = [seen]
        frontier = [premise]
        while frontier:
            nxt = 0
            for node in frontier:
                nxt |= self.direct.get(node, 0)
            nxt &= ~seen
            if not nxt:
                break
            seen |= nxt
            levels.append(nxt)
            frontier = _ones(nxt)
        return levels


def _contradiction_length(board: _Board, table: int, premise: int, length: _Lengths) -> int:
    """The length of the shortest contradiction HoDoKu builds from ``premise`` (its table
    ``table``), each way it finds one: the chains to the candidates that clash."""
    other = premise - 81 if premise % 162 >= 81 else premise + 81  # the opposite premise
    out: list[int] = [length(premise, other)] if table >> other & 1 else []
    ons = [0] + [_on(table, d) for d in range(1, 10)]
    offs = [0] + [_off(table, d) for d in range(1, 10)]
    for d in range(1, 10):
        both = ons[d] & offs[d]
        if both:
            cell = (both & -both).bit_length() - 1
            out.append(length(premise, _index(cell, d, True)) + length(premise, _index(cell, d, False)))
        for e in range(d + 1, 10):
            two = ons[d] & ons[e]
            if two:
                cell = (two & -two).bit_length() - 1
                out.append(length(premise, _index(cell, d, True)) + length(premise, _index(cell, e, True)))
        for unit_bits in _UNIT_BITS:
            here = ons[d] & unit_bits
            if here & (here - 1):
                out.append(sum(length(premise, _index(c, d, True)) for c in _ones(here)))
    every_on = 0
    for d in range(1, 10):
        every_on |= ons[d]
    empty = board.empty & ~every_on
    for d in range(1, 10):
        empty &= offs[d] | ~board.where[d]
    for cell in _ones(empty):
        out.append(sum(length(premise, _index(cell, d, False)) for d in digits_of(board.masks[cell])))
    for d in range(1, 10):
        for unit_bits in board.houses[d]:
            allowed = board.allowed[d] & unit_bits
            if not allowed & ~offs[d]:
                out.append(sum(length(premise, _index(c, d, False)) for c in _ones(allowed)))
    return min(out)


def _kind(board: _Board, direct: dict[int, int], reach: dict[int, int], place: bool, cell: int,
          digit: int) -> str:
    """``CONTRADICTION`` or ``VERITY``: the kind of the step HoDoKu keeps for a conclusion, the
    first found unless a later one has shorter chains (contradictions are found first)."""
    length = _Lengths(direct)
    end = _index(cell, digit, place)
    premise = _index(cell, digit, not place)
    best = 1 << 30
    if _contradiction(board, reach[premise]):
        best = _contradiction_length(board, reach[premise], premise, length)
    sources: list[list[int]] = []
    for c in range(81):
        for d in digits_of(board.masks[c]):
            if c != cell:
                sources.append([_index(c, d, True), _index(c, d, False)])
        sources.append([_index(c, d, True) for d in digits_of(board.masks[c])])
    for unit_bits in _UNIT_BITS:
        for d in range(1, 10):
            sources.append([_index(c, d, True) for c in _ones(board.where[d] & unit_bits)])
    for group in sources:
        if (group and all(reach[p] >> end & 1 for p in group)
                and sum(length(p, end) for p in group) < best):
            return "VERITY"
    return "CONTRADICTION" if best < 1 << 30 else "VERITY"


def _search(masks: Sequence[int], values: Sequence[int], net: bool,
            check: Callable[[], None]) -> Forcing | None:
    """HoDoKu's forcing chain (or, with ``net``, forcing net) step on the grid, or None."""
    board = _Board(masks, values)
    direct = _tables(board, net, check)
    reach = _closure(direct, check)
    found = _Found()
    premises = [(c, d) for c in range(81) for d in digits_of(board.masks[c])]
    for cell, digit in premises:
        for on in (True, False):
            if _contradiction(board, reach[_index(cell, digit, on)]):
                (found.eliminations if on else found.placements).add((cell, digit))
    check()
    for cell, digit in premises:
        found.agreed([reach[_index(cell, digit, True)], reach[_index(cell, digit, False)]], cell)
    for cell in range(81):
        if board.masks[cell]:
            found.agreed([reach[_index(cell, d, True)] for d in digits_of(board.masks[cell])])
    for first in (0, 9, 18):
        for unit in range(first, first + 9):
            for d in range(1, 10):
                cells = _ones(board.where[d] & _UNIT_BITS[unit])
                if cells:
                    found.agreed([reach[_index(c, d, True)] for c in cells])
    chosen = found.best()
    if chosen is None:
        return None
    place, cell, digit = chosen
    kind = ("FORCING_NET_" if net else "FORCING_CHAIN_") + _kind(board, direct, reach, place, cell, digit)
    return Forcing(kind, ((cell, digit),) if place else (), () if place else ((cell, digit),))


def forcing_chain(masks: Sequence[int], values: Sequence[int],
                  check: Callable[[], None] = lambda: None) -> Forcing | None:
    """The forcing chain HoDoKu 2.2 takes on the candidates ``masks`` (81 masks) with the digits
    ``values`` placed, or None. ``check`` is called now and then (it may raise to stop)."""
    return _search(masks, values, False, check)


def forcing_net(masks: Sequence[int], values: Sequence[int],
                check: Callable[[], None] = lambda: None) -> Forcing | None:
    """The forcing net HoDoKu 2.2 takes on the candidates ``masks`` with the digits ``values``
    placed, or None. ``check`` is called now and then (it may raise to stop)."""
    return _search(masks, values, True, check)
