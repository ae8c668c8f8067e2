"""HoDoKu 2.2's forcing chains and forcing nets (its ``FORCING_CHAIN`` and ``FORCING_NET`` steps).

HoDoKu tables, for every candidate set ("on") and removed ("off"), what follows from it. For
forcing chains a table starts with the direct links of :mod:`sudokit.rating.hodoku.loops` (group nodes
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
the digits placed; :mod:`sudokit.rating.hodoku.path` turns its answer into a step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sudokit.candidates import digits_of
from sudokit.shape import Shape
from sudokit.techniques.base import bit_cells
from sudokit.techniques.implications import (
    Board,
    closure,
    direct_tables,
    removed_cells,
    set_cells,
    table_bit,
)

__all__ = ["Forcing", "forcing_chain", "forcing_net"]

_SHAPE = Shape(3, 3)
_UNITS = _SHAPE.units
_UNIT_BITS = [sum(1 << c for c in unit) for unit in _UNITS]
_PEER_BITS = [sum(1 << p for p in peers) for peers in _SHAPE.peers]
_PEERS = [sorted(peers) for peers in _SHAPE.peers]
_CELL_UNITS = _SHAPE.cell_units
_ALL = (1 << 81) - 1


@dataclass(frozen=True)
class Forcing:
    """A forcing chain or net step: HoDoKu's type, and its one placement or elimination."""

    kind: str
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]



def _contradiction(board: Board, table: int) -> bool:
    """True when ``table`` holds a contradiction, so its premise is false."""
    every_on = 0
    offs = [0] * 10
    for d in range(1, 10):
        ons, offs[d] = set_cells(table, d), removed_cells(table, d)
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
            self.placements.update((cell, d) for cell in bit_cells(set_cells(common, d) & keep))
            self.eliminations.update((cell, d) for cell in bit_cells(removed_cells(common, d) & keep))

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
            frontier = bit_cells(nxt)
        return levels


def _contradiction_length(board: Board, table: int, premise: int, length: _Lengths) -> int:
    """The length of the shortest contradiction HoDoKu builds from ``premise`` (its table
    ``table``), each way it finds one: the chains to the candidates that clash."""
    other = premise - 81 if premise % 162 >= 81 else premise + 81  # the opposite premise
    out: list[int] = [length(premise, other)] if table >> other & 1 else []
    ons = [0] + [set_cells(table, d) for d in range(1, 10)]
    offs = [0] + [removed_cells(table, d) for d in range(1, 10)]
    for d in range(1, 10):
        both = ons[d] & offs[d]
        if both:
            cell = (both & -both).bit_length() - 1
            out.append(length(premise, table_bit(cell, d, True)) + length(premise, table_bit(cell, d, False)))
        for e in range(d + 1, 10):
            two = ons[d] & ons[e]
            if two:
                cell = (two & -two).bit_length() - 1
                out.append(length(premise, table_bit(cell, d, True))
                           + length(premise, table_bit(cell, e, True)))
        for unit_bits in _UNIT_BITS:
            here = ons[d] & unit_bits
            if here & (here - 1):
                out.append(sum(length(premise, table_bit(c, d, True)) for c in bit_cells(here)))
    every_on = 0
    for d in range(1, 10):
        every_on |= ons[d]
    empty = board.empty & ~every_on
    for d in range(1, 10):
        empty &= offs[d] | ~board.where[d]
    for cell in bit_cells(empty):
        out.append(sum(length(premise, table_bit(cell, d, False)) for d in digits_of(board.masks[cell])))
    for d in range(1, 10):
        for unit_bits in board.houses[d]:
            allowed = board.allowed[d] & unit_bits
            if not allowed & ~offs[d]:
                out.append(sum(length(premise, table_bit(c, d, False)) for c in bit_cells(allowed)))
    return min(out)


def _kind(board: Board, direct: dict[int, int], reach: dict[int, int], place: bool, cell: int,
          digit: int) -> str:
    """``CONTRADICTION`` or ``VERITY``: the kind of the step HoDoKu keeps for a conclusion, the
    first found unless a later one has shorter chains (contradictions are found first)."""
    length = _Lengths(direct)
    end = table_bit(cell, digit, place)
    premise = table_bit(cell, digit, not place)
    best = 1 << 30
    if _contradiction(board, reach[premise]):
        best = _contradiction_length(board, reach[premise], premise, length)
    sources: list[list[int]] = []
    for c in range(81):
        for d in digits_of(board.masks[c]):
            if c != cell:
                sources.append([table_bit(c, d, True), table_bit(c, d, False)])
        sources.append([table_bit(c, d, True) for d in digits_of(board.masks[c])])
    for unit_bits in _UNIT_BITS:
        for d in range(1, 10):
            sources.append([table_bit(c, d, True) for c in bit_cells(board.where[d] & unit_bits)])
    for group in sources:
        if (group and all(reach[p] >> end & 1 for p in group)
                and sum(length(p, end) for p in group) < best):
            return "VERITY"
    return "CONTRADICTION" if best < 1 << 30 else "VERITY"


def _search(masks: Sequence[int], values: Sequence[int], net: bool,
            check: Callable[[], None]) -> Forcing | None:
    """HoDoKu's forcing chain (or, with ``net``, forcing net) step on the grid, or None."""
    board = Board(masks, values)
    direct = direct_tables(board, net, check)
    reach = closure(direct, check)
    found = _Found()
    premises = [(c, d) for c in range(81) for d in digits_of(board.masks[c])]
    for cell, digit in premises:
        for on in (True, False):
            if _contradiction(board, reach[table_bit(cell, digit, on)]):
                (found.eliminations if on else found.placements).add((cell, digit))
    check()
    for cell, digit in premises:
        found.agreed([reach[table_bit(cell, digit, True)], reach[table_bit(cell, digit, False)]], cell)
    for cell in range(81):
        if board.masks[cell]:
            found.agreed([reach[table_bit(cell, d, True)] for d in digits_of(board.masks[cell])])
    for first in (0, 9, 18):
        for unit in range(first, first + 9):
            for d in range(1, 10):
                cells = bit_cells(board.where[d] & _UNIT_BITS[unit])
                if cells:
                    found.agreed([reach[table_bit(c, d, True)] for c in cells])
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
