"""HoDoKu's board and steps: its grid state with the queues of singles, the step types and the
helpers the finders share (the Python twin of csrc/hodoku/hodoku9.c's board).

HoDoKu keeps a queue of naked singles and one of hidden singles, filled as candidates disappear,
and takes singles from their fronts (:class:`Board`); the finders of :mod:`~sudokit.rating.hodoku.basic`,
:mod:`~sudokit.rating.hodoku.patterns`, :mod:`~sudokit.rating.hodoku.uniq`,
:mod:`~sudokit.rating.hodoku.als` and :mod:`~sudokit.rating.hodoku.fish` read it, and
:mod:`~sudokit.rating.hodoku.path` lists them in HoDoKu's order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from sudokit.candidates import Candidates, digits_of
from sudokit.limits import Deadline
from sudokit.shape import Shape
from sudokit.techniques import Step
from sudokit.techniques.implications import SinglesGrid

__all__ = [
    "BOXES",
    "CELL_UNITS",
    "COLS",
    "FULL",
    "PEERS",
    "ROWS",
    "UNITS",
    "Board",
    "BoardFinder",
    "HodokuStep",
    "StepKind",
    "apply_step",
    "bivalue",
    "box_of",
    "chain_step",
    "column_of",
    "mask_union",
    "plain_step",
    "row_of",
]

_SHAPE = Shape(3, 3)
#: The cells of each row, column and box.
ROWS, COLS, BOXES = _SHAPE.rows, _SHAPE.cols, _SHAPE.boxes
#: HoDoKu's constraints are sudokit's units: rows 0-8, columns 9-17, boxes 18-26.
UNITS = _SHAPE.units
#: The three constraints of each cell: its row, column and box.
CELL_UNITS = _SHAPE.cell_units
#: The 20 peers of each cell, smallest first.
PEERS = [sorted(peers) for peers in _SHAPE.peers]
#: The candidate mask of all nine digits.
FULL = 0x1FF


class Board(SinglesGrid):
    """HoDoKu's grid state: digits, candidate masks, per-unit candidate counts and the queues
    of naked and hidden singles, updated the way HoDoKu updates them (:class:`SinglesGrid`)."""

    __slots__ = ("givens",)

    def __init__(self, givens: Iterable[int]) -> None:
        """An empty board with ``givens`` (81 digits, 0 for empty) placed cell by cell."""
        super().__init__([0] * 81, [FULL] * 81, [[0] + [9] * 9 for _ in range(27)])
        self.givens = tuple(givens)
        for cell, digit in enumerate(self.givens):
            if digit:
                self.place(cell, digit)

    @classmethod
    def from_state(cls, givens: Sequence[int], values: Sequence[int], masks: Sequence[int]) -> Board:
        """A board in the given state (digits placed, candidate masks) with empty singles queues."""
        board = cls(())
        board.givens = tuple(givens)
        board.values = list(values)
        board.masks = [0 if v else m for v, m in zip(values, masks, strict=True)]
        for unit, cells in enumerate(UNITS):
            counts = [0] * 10
            for cell in cells:
                for digit in digits_of(board.masks[cell]):
                    counts[digit] += 1
            board.free[unit] = counts
        return board

    def candidates(self, shape: object) -> Candidates:
        """A :class:`Candidates` view of the board (it shares the lists; do not change it)."""
        return Candidates(self.values, self.masks, shape)  # type: ignore[arg-type]

    def solved(self) -> bool:
        """True when every cell holds a digit."""
        return all(self.values)

    @property
    def ns(self) -> list[tuple[int, int]]:
        """The naked singles queue by its 0.2 name (:attr:`naked`; kept for one release)."""
        return self.naked

    @property
    def hs(self) -> list[tuple[int, int]]:
        """The hidden singles queue by its 0.2 name (:attr:`hidden`; kept for one release)."""
        return self.hidden


@dataclass(frozen=True)
class HodokuStep:
    """One step of HoDoKu's path: its HoDoKu type (``"HIDDEN_SINGLE"``), base score, level
    index and the sudokit :class:`Step` (placements and eliminations in HoDoKu's order)."""

    kind: str
    score: int
    level: int
    step: Step
#: A finder of the next step of one HoDoKu technique on a board, or None.
BoardFinder = Callable[[Board, Candidates, Deadline], "Step | None"]


@dataclass(frozen=True)
class StepKind:
    """One of HoDoKu's techniques: its type name, base score, level and finder."""

    kind: str
    score: int
    level: int
    find: BoardFinder


def plain_step(name: str, placements: tuple[tuple[int, int], ...] = (),
               eliminations: tuple[tuple[int, int], ...] = (), cells: tuple[int, ...] = ()) -> Step:
    """A plain :class:`Step` for HoDoKu's own simple techniques."""
    return Step(name, 0.0, placements=placements, eliminations=eliminations, cells=cells)


def chain_step(name: str, elims: Iterable[tuple[int, int]], cells: tuple[int, ...]) -> Step:
    """A chain step with its eliminations in HoDoKu's order (as given)."""
    return plain_step(name, eliminations=tuple(elims), cells=cells)


def apply_step(board: Board, step: Step) -> None:
    """Make ``step``'s placements and then its eliminations on ``board``, in their order."""
    for cell, digit in step.placements:
        board.place(cell, digit)
    for cell, digit in step.eliminations:
        board.eliminate(cell, digit)


def mask_union(board: Board, cells: Iterable[int]) -> int:
    """The union of the candidate masks of ``cells``."""
    out = 0
    for c in cells:
        out |= board.masks[c]
    return out


def row_of(cell: int) -> int:
    """The row of a cell."""
    return cell // 9


def column_of(cell: int) -> int:
    """The column of a cell."""
    return cell % 9


def box_of(cell: int) -> int:
    """The box number of a cell."""
    return CELL_UNITS[cell][2] - 18


def bivalue(board: Board, cell: int) -> bool:
    """True when ``cell`` has exactly two candidates."""
    mask = board.masks[cell]
    return mask != 0 and mask.bit_count() == 2
