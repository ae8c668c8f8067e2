"""HoDoKu's basic finders in its scan order: full houses, naked and hidden singles from the
board's queues, locked candidates, locked, naked and hidden subsets (the Python twin of
csrc/hodoku/hodoku9_basic.c)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.limits import Deadline
from sudokit.rating.hodoku.board import CELL_UNITS, UNITS, Board, BoardFinder, mask_union, plain_step
from sudokit.techniques import Step

__all__ = [
    "full_house",
    "hidden_single",
    "hidden_subset",
    "locked_candidates",
    "naked_single",
    "naked_subset",
]


# -- singles -----------------------------------------------------------------------------------


def full_house(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """The first queued naked single that is the last empty cell of a unit (queue untouched)."""
    for cell, digit in board.naked:
        if board.values[cell]:
            continue
        for unit in CELL_UNITS[cell]:
            free = board.free[unit]
            if all(free[d] == 0 for d in range(1, 10) if d != digit):
                return plain_step("Full House", ((cell, digit),), cells=(cell,))
    return None


def _take_single(
    board: Board, queue: list[tuple[int, int]], name: str, holds: Callable[[int, int], bool]
) -> Step | None:
    """The single at the front of ``queue`` once the placed cells are dropped from it (taken off
    the queue): its step when ``holds`` still, else None."""
    while queue:
        cell, digit = queue.pop(0)
        if not board.values[cell]:
            return plain_step(name, ((cell, digit),), cells=(cell,)) if holds(cell, digit) else None
    return None


def naked_single(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """The next naked single taken from the front of the queue."""
    return _take_single(board, board.naked, "Naked Single", lambda _cell, _digit: True)


def hidden_single(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """The next hidden single taken from the front of the queue (None when the front one no
    longer has one place left in a unit)."""
    return _take_single(
        board, board.hidden, "Hidden Single",
        lambda cell, digit: any(board.free[u][digit] == 1 for u in CELL_UNITS[cell]),
    )


# -- locked candidates and subsets -------------------------------------------------------------


def locked_candidates(pointing: bool) -> BoardFinder:
    """HoDoKu's locked candidates: type 1 (boxes) or type 2 (rows, then columns)."""

    def find(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
        """The first locked candidates step in HoDoKu's scan order."""
        bases = (18,) if pointing else (0, 9)
        for base in bases:
            for u in range(base, base + 9):
                for digit in range(1, 10):
                    found = _locked_in(board, u, digit, pointing)
                    if found is not None:
                        return found
        return None

    return find


def _locked_in(board: Board, unit: int, digit: int, pointing: bool) -> Step | None:
    """The locked candidates step of ``digit`` confined in ``unit``, or None."""
    count = board.free[unit][digit]
    if count not in (2, 3):
        return None
    b = bit(digit)
    where = [c for c in UNITS[unit] if board.masks[c] & b]
    shared = [all(CELL_UNITS[c][k] == CELL_UNITS[where[0]][k] for c in where) for k in range(3)]
    first = CELL_UNITS[where[0]]
    if pointing:
        if shared[0] and board.free[first[0]][digit] > count:
            target = first[0]
        elif shared[1] and board.free[first[1]][digit] > count:
            target = first[1]
        else:
            return None
    elif shared[2] and board.free[first[2]][digit] > count:
        target = first[2]
    else:
        return None
    elims = tuple((c, digit) for c in UNITS[target] if board.masks[c] & b and c not in where)
    name = "Locked Candidates Type 1" if pointing else "Locked Candidates Type 2"
    return plain_step(name, eliminations=elims, cells=tuple(where))


def _subset_step(board: Board, cells: list[int], digits: int, hidden: bool) -> tuple[Step, bool] | None:
    """The subset step of ``cells`` on the digit mask ``digits`` and whether it is locked, or
    None when it removes nothing."""
    shared = [all(CELL_UNITS[c][k] == CELL_UNITS[cells[0]][k] for c in cells) for k in range(3)]
    elims: list[tuple[int, int]] = []
    found_units = 0
    if hidden:
        for c in cells:
            elims.extend((c, d) for d in digits_of(board.masks[c] & ~digits))
    else:
        box = CELL_UNITS[cells[0]][2]
        for k in range(3):
            if not shared[k]:
                continue
            counted = False
            for c in UNITS[CELL_UNITS[cells[0]][k]]:
                if c in cells:
                    continue
                for d in digits_of(board.masks[c] & digits):
                    elims.append((c, d))
                    if not counted and (k == 2 or CELL_UNITS[c][2] != box):
                        counted = True
                        found_units += 1
    if not elims:
        return None
    locked = (len(cells) < 4 and found_units > 1 and not hidden
              and shared[2] and (shared[0] or shared[1]))
    return plain_step("", eliminations=tuple(elims), cells=tuple(cells)), locked


def _naked_subsets(board: Board, units: range, size: int, want_locked: bool) -> Step | None:
    """The first naked subset of ``size`` in ``units`` (locked ones or plain ones)."""
    for u in units:
        pool = [c for c in UNITS[u] if 0 < board.masks[c].bit_count() <= size]
        if len(pool) < size:
            continue
        for combo in _combos(pool, size, lambda cs: mask_union(board, cs), size):
            union = mask_union(board, combo)
            if union.bit_count() != size:
                continue
            made = _subset_step(board, list(combo), union, hidden=False)
            if made is not None and made[1] == want_locked:
                return made[0]
    return None


def _combos(pool: list[int], size: int, mask_of: Callable[[tuple[int, ...]], int],
            limit: int) -> Iterator[tuple[int, ...]]:
    """Combinations of ``size`` items of ``pool`` in HoDoKu's nested-loop order, pruning a
    partial combination whose mask already holds more than ``limit`` digits."""

    def grow(start: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Extend ``chosen`` with items from ``start`` on."""
        if len(chosen) == size:
            yield chosen
            return
        for i in range(start, len(pool) - (size - len(chosen)) + 1):
            nxt = (*chosen, pool[i])
            if len(nxt) > 1 and mask_of(nxt).bit_count() > limit:
                continue
            yield from grow(i + 1, nxt)

    yield from grow(0, ())


def naked_subset(size: int, locked: bool) -> BoardFinder:
    """HoDoKu's locked (boxes only) or naked (boxes, rows, columns) subsets of ``size``."""
    order = (range(18, 27),) if locked else (range(18, 27), range(0, 9), range(9, 18))

    def find(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
        """The first subset in HoDoKu's scan order."""
        for units in order:
            found = _naked_subsets(board, units, size, locked)
            if found is not None:
                return found
        return None

    return find


def hidden_subset(size: int) -> BoardFinder:
    """HoDoKu's hidden subsets of ``size``: boxes, then rows, then columns."""

    def find(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
        """The first hidden subset in HoDoKu's scan order."""
        for units in (range(18, 27), range(0, 9), range(9, 18)):
            for u in units:
                found = _hidden_in(board, u, size)
                if found is not None:
                    return found
        return None

    return find


def _hidden_in(board: Board, unit: int, size: int) -> Step | None:
    """The first hidden subset of ``size`` in ``unit``, or None."""
    cells = UNITS[unit]
    if sum(1 for c in cells if board.masks[c]) <= size:
        return None
    where = {d: sum(1 << i for i, c in enumerate(cells) if board.masks[c] & bit(d)) for d in range(1, 10)
             if 0 < board.free[unit][d] <= size}
    pool = sorted(where)
    if len(pool) < size:
        return None
    for combo in _combos(pool, size, lambda ds: 0, size):
        spots = 0
        for d in combo:
            spots |= where[d]
        if spots.bit_count() != size:
            continue
        chosen = [cells[i] for i in range(9) if spots >> i & 1]
        made = _subset_step(board, chosen, sum(bit(d) for d in combo), hidden=True)
        if made is not None:
            return made[0]
    return None
