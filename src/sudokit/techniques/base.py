"""Small helpers every technique module shares: naming things for people and building steps.

Words used in explanations: cells are ``r3c5``, units are ``row 3``, ``column 5``, ``box 9``,
a list of digits is ``1/2/7`` and a list of cells ``r1c1, r1c5``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Protocol

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.shape import Shape

__all__ = [
    "BOX",
    "COL",
    "ROW",
    "HasPeers",
    "bit_cells",
    "cell_list",
    "common_peers",
    "digit_list",
    "eliminations_text",
    "kind_of",
    "peer_bits",
    "sees",
    "unit_index",
    "unit_name",
]


class HasPeers(Protocol):
    """Anything with a peer set a cell: a :class:`Shape`, or a variant's :class:`~sudokit.rules.Rules`."""

    @property
    def peers(self) -> Sequence[frozenset[int]]: ...

#: Unit kinds, in the order of :attr:`Shape.units` (rows, then columns, then boxes).
ROW, COL, BOX = 0, 1, 2


def kind_of(shape: Shape, unit: int) -> int:
    """The kind of a unit index: ROW, COL or BOX."""
    return unit // shape.n


def unit_index(shape: Shape, kind: int, i: int) -> int:
    """The index into :attr:`Shape.units` of the ``i``-th unit of a kind."""
    return kind * shape.n + i


def unit_name(shape: Shape, unit: int) -> str:
    """``row 3``, ``column 5`` or ``box 9``."""
    return shape.unit_name(unit)


def cell_list(shape: Shape, cells: Iterable[int]) -> str:
    """Cells named for people and joined: ``r1c1, r1c5``."""
    return ", ".join(shape.cell_name(c) for c in sorted(cells))


def digit_list(digits: Iterable[int] | int) -> str:
    """Digits joined with slashes (``1/2/7``); a mask is accepted too."""
    if isinstance(digits, int):
        digits = digits_of(digits)
    return "/".join(str(d) for d in sorted(digits))


def eliminations_text(shape: Shape, eliminations: Sequence[tuple[int, int]]) -> str:
    """Say which candidates go: ``r1c5<>7, r2c5<>7/8`` (cells in order, digits grouped)."""
    by_cell: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_cell.setdefault(cell, []).append(digit)
    return ", ".join(
        f"{shape.cell_name(c)}<>{digit_list(ds)}" for c, ds in sorted(by_cell.items())
    )


def sees(shape: Shape, a: int, b: int) -> bool:
    """True when two different cells share a unit."""
    return b in shape.peers[a]


def common_peers(shape: HasPeers, cells: Iterable[int]) -> set[int]:
    """The cells that see every one of ``cells`` (none of them included), by ``shape``'s peers."""
    cells = list(cells)
    result = set(shape.peers[cells[0]])
    for c in cells[1:]:
        result &= shape.peers[c]
    return result - set(cells)


def removable(cands: Candidates, cells: Iterable[int], digit: int) -> list[tuple[int, int]]:
    """The candidates ``(cell, digit)`` among ``cells`` that are still there."""
    b = bit(digit)
    return [(c, digit) for c in sorted(cells) if cands.masks[c] & b]


@cache
def peer_bits(shape: Shape) -> tuple[int, ...]:
    """For each cell, its peers as a bit set over cells."""
    return tuple(sum(1 << p for p in shape.peers[c]) for c in range(shape.size))


def bit_cells(bits: int) -> list[int]:
    """The cells of a bit set over cells, smallest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out
