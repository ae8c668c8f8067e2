"""Pencil marks: the digits each empty cell may still hold, as bit masks.

Bit ``d - 1`` of a mask is set when digit ``d`` is a candidate. A :class:`Candidates` is mutable
(human-style solving applies thousands of small eliminations); :meth:`Candidates.copy` is cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from sudokit.grid import Grid
from sudokit.shape import Shape

__all__ = ["Candidates", "bit", "bits", "digits_of", "place_counts"]


def bit(digit: int) -> int:
    """The mask bit of a digit."""
    return 1 << (digit - 1)


def digits_of(mask: int) -> list[int]:
    """The digits whose bits are set in ``mask``, smallest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out


def _next_to(digit: int, n: int) -> int:
    """The mask of the digits one below and one above ``digit`` (within 1..n)."""
    return (bit(digit - 1) if digit > 1 else 0) | (bit(digit + 1) if digit < n else 0)


def bits(mask: int) -> Iterator[int]:
    """Iterate the single-bit masks set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def place_counts(masks: Sequence[int], cells: Iterable[int]) -> tuple[int, int]:
    """The masks of the digits with at least one and with at least two places among ``cells``.

    >>> place_counts([0b011, 0b110, 0b100], [0, 1, 2])
    (7, 6)
    """
    once = twice = 0
    for c in cells:
        m = masks[c]
        twice |= once & m
        once |= m
    return once, twice


class Candidates:
    """Placed digits and pencil marks of a grid in progress.

    ``values[c]`` is the digit placed in cell ``c`` (0 when empty) and ``masks[c]`` its candidate
    mask (0 for a filled cell).

    >>> cands = Candidates.from_grid(Grid.from_string("1.3..4.22.4..3.1"))
    >>> digits_of(cands.masks[1])
    [2]
    """

    __slots__ = ("masks", "shape", "values")

    def __init__(self, values: list[int], masks: list[int], shape: Shape) -> None:
        self.values = values
        self.masks = masks
        self.shape = shape

    @classmethod
    def from_grid(cls, grid: Grid) -> Candidates:
        """Candidates of a grid: every digit not already in a peer of the cell (for a variant,
        a peer under its rules, and no digit next to a non-consecutive neighbour's)."""
        shape = grid.shape
        full = (1 << shape.n) - 1
        values = list(grid.cells)
        masks = [0 if v else full for v in values]
        peers = grid.rules.peers if grid.rules is not None else shape.peers
        for cell, v in enumerate(values):
            if v:
                b = bit(v)
                for p in peers[cell]:
                    masks[p] &= ~b
        if grid.rules is not None:
            for x, y in grid.rules.adjacent:
                for a, b in ((x, y), (y, x)):
                    if values[a]:
                        masks[b] &= ~_next_to(values[a], shape.n)
        return cls(values, masks, shape)

    @classmethod
    def from_string(cls, text: str, grid: Grid | None = None) -> Candidates:
        """Read pencil marks: the N³-character line or the bordered grid (see
        :mod:`sudokit.formats.candidates`); ``grid`` says which cells are filled."""
        from sudokit.formats.candidates import parse_candidates

        values, masks, shape = parse_candidates(
            text, grid.shape if grid else None, grid.cells if grid else None
        )
        return cls(values, masks, shape)

    def to_string(self) -> str:
        """The N³-character candidates line."""
        from sudokit.formats.candidates import to_candidate_line

        return to_candidate_line(self.values, self.masks, self.shape)

    def to_grid_string(self) -> str:
        """The bordered pencil-mark grid."""
        from sudokit.formats.candidates import to_candidate_grid

        return to_candidate_grid(self.values, self.masks, self.shape)

    def copy(self) -> Candidates:
        """An independent copy."""
        return Candidates(self.values.copy(), self.masks.copy(), self.shape)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Candidates)
            and self.shape == other.shape
            and self.values == other.values
            and self.masks == other.masks
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Candidates.from_grid({self.to_grid()!r})"

    def _repr_svg_(self) -> str:
        """The placed digits and pencil marks as SVG, for Jupyter (see :mod:`sudokit.render.svg`)."""
        from sudokit.render import svg

        return svg.grid(self)

    # -- queries -----------------------------------------------------------------------------------

    @property
    def n(self) -> int:
        """The side of the grid."""
        return self.shape.n

    def has(self, cell: int, digit: int) -> bool:
        """True when ``digit`` is a candidate of ``cell``."""
        return bool(self.masks[cell] & bit(digit))

    def digits(self, cell: int) -> list[int]:
        """The candidates of a cell, smallest first."""
        return digits_of(self.masks[cell])

    def places(self, digit: int, unit: Iterable[int]) -> list[int]:
        """The cells of ``unit`` where ``digit`` is a candidate."""
        b = bit(digit)
        masks = self.masks
        return [c for c in unit if masks[c] & b]

    def empty_cells(self) -> list[int]:
        """The cells with no digit placed."""
        return [c for c, v in enumerate(self.values) if not v]

    def is_solved(self) -> bool:
        """True when every cell holds a digit."""
        return all(self.values)

    def to_grid(self) -> Grid:
        """The placed digits as a :class:`Grid`."""
        return Grid(tuple(self.values), self.shape)

    # -- changes -----------------------------------------------------------------------------------

    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell`` and remove it from the candidates of the cell's peers."""
        b = bit(digit)
        self.values[cell] = digit
        self.masks[cell] = 0
        masks = self.masks
        for p in self.shape.peers[cell]:
            masks[p] &= ~b

    def eliminate(self, cell: int, digit: int) -> bool:
        """Remove a candidate; True when it was there."""
        b = bit(digit)
        if self.masks[cell] & b:
            self.masks[cell] &= ~b
            return True
        return False
