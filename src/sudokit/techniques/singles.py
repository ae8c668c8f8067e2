"""Singles: the last empty cell of a unit, a digit with one place in a unit, a cell with one digit.

Rules, as Sudoku Explainer 1.2.1 rates them:

- **Full House** (1.0): a unit has one empty cell; it takes the missing digit.
- **Hidden Single** (box 1.2, row or column 1.5): a digit has one place left in a unit.
- **Naked Single** (2.3): a cell has one candidate left.

SE looks for full houses first (boxes, then columns, then rows), then hidden singles in the
same unit order, each unit's digits from 1 up; naked singles cell by cell, row by row.

What they look for, over any cells (:func:`unique_digits`, :func:`single_places`,
:func:`lone_candidates`), is shared with the variant techniques, which read regions instead of
units.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from sudokit.candidates import Candidates, bits, place_counts
from sudokit.techniques.base import BOX, COL, ROW, kind_of, unit_index
from sudokit.techniques.step import Step

__all__ = ["find_hidden_singles", "find_naked_singles", "lone_candidates", "single_places", "unique_digits"]


def unique_digits(masks: Sequence[int], cells: Iterable[int]) -> int:
    """The mask of the digits with exactly one place among ``cells``."""
    once, twice = place_counts(masks, cells)
    return once & ~twice


def single_places(masks: Sequence[int], cells: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Each ``(cell, digit)`` where ``digit`` has exactly one place among ``cells``, digits from 1 up."""
    for b in bits(unique_digits(masks, cells)):
        yield next(c for c in cells if masks[c] & b), b.bit_length()


def lone_candidates(masks: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Each ``(cell, digit)`` of a cell whose only candidate is ``digit``, cell by cell."""
    for cell, mask in enumerate(masks):
        if mask and mask & (mask - 1) == 0:
            yield cell, mask.bit_length()


def _units_se_order(cands: Candidates) -> list[int]:
    """Unit indexes in SE's order: boxes, then columns, then rows."""
    n = cands.n
    return [unit_index(cands.shape, kind, i) for kind in (BOX, COL, ROW) for i in range(n)]


def _single_in_unit(cands: Candidates, unit: int, alone: bool) -> Iterator[Step]:
    """Hidden singles (or, with ``alone``, full houses) of one unit."""
    shape = cands.shape
    cells = shape.units[unit]
    empty = [c for c in cells if not cands.values[c]]
    if (len(empty) == 1) != alone:
        return
    name = shape.unit_name(unit)
    for cell, digit in single_places(cands.masks, cells):
        where = shape.cell_name(cell)
        if alone:
            yield Step(
                "Full House", 1.0, placements=((cell, digit),), cells=(cell,), units=(unit,),
                candidates=((cell, digit),),
                explanation=f"{where} is the last empty cell of {name}, so {where} = {digit}",
                extra={"hodoku": 4},
            )
        else:
            difficulty = 1.2 if kind_of(shape, unit) == BOX else 1.5
            yield Step(
                "Hidden Single", difficulty, placements=((cell, digit),), cells=(cell,),
                units=(unit,), candidates=((cell, digit),),
                explanation=f"In {name}, {digit} can only go in {where}, so {where} = {digit}",
            )


def find_hidden_singles(cands: Candidates) -> Iterator[Step]:
    """Full houses, then hidden singles, in SE's unit order."""
    for alone in (True, False):
        for unit in _units_se_order(cands):
            yield from _single_in_unit(cands, unit, alone)


def find_naked_singles(cands: Candidates) -> Iterator[Step]:
    """Cells with a single candidate, row by row."""
    shape = cands.shape
    for cell, digit in lone_candidates(cands.masks):
        where = shape.cell_name(cell)
        yield Step(
            "Naked Single", 2.3, placements=((cell, digit),), cells=(cell,),
            candidates=((cell, digit),),
            explanation=f"{where} can only hold {digit} (every other digit is in its row, "
            f"column or box), so {where} = {digit}",
        )
