"""HoDoKu's unique rectangles of types 1-6 and hidden rectangles: its rectangles (cells that
lost a digit included) in its search order and its checks of each type (the Python twin of
csrc/hodoku/hodoku9_uniq.c)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.limits import Deadline
from sudokit.rating.hodoku.board import (
    BOXES,
    COLS,
    PEERS,
    ROWS,
    Board,
    BoardFinder,
    bivalue,
    box_of,
    column_of,
    plain_step,
    row_of,
)
from sudokit.techniques import Step

__all__ = ["unique_rectangle", "unique_rectangle_type3"]


def _rect_key(cells: Iterable[int]) -> int:
    """HoDoKu's number of a rectangle: its sorted cells as decimal digits (collisions and all)."""
    a, b, c, d = sorted(cells)
    return ((a * 10 + b) * 10 + c) * 10 + d


def _allowed(board: Board, cell: int, digits: int) -> bool:
    """True when ``cell`` is empty and no peer holds one of ``digits`` (HoDoKu allows
    rectangles whose cells lost a digit to an elimination)."""
    if board.values[cell]:
        return False
    return not any(board.values[p] and bit(board.values[p]) & digits for p in PEERS[cell])


def _rectangles(board: Board) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """HoDoKu's unique rectangles in its search order: (cells from the bivalue start cell on,
    the mask of the two digits), each rectangle number once; the other cells need only allow
    the digits (no peer holds them)."""
    seen: set[int] = set()
    for start in range(81):
        pair = board.masks[start]
        if not bivalue(board, start):
            continue
        box = box_of(start)
        for second in BOXES[box]:
            if second == start or (row_of(start) != row_of(second) and column_of(start) != column_of(second)):
                continue
            if not _allowed(board, second, pair):
                continue
            lines = row_of(start) == row_of(second)
            unit1 = COLS[column_of(start)] if lines else ROWS[row_of(start)]
            unit2 = COLS[column_of(second)] if lines else ROWS[row_of(second)]
            for third, fourth in zip(unit1, unit2, strict=True):
                if box_of(third) == box:
                    continue
                # HoDoKu tests the first digit in both cells, the second only in the fourth
                if not _allowed(board, third, pair & -pair) or not _allowed(board, fourth, pair):
                    continue
                key = _rect_key((start, second, third, fourth))
                if key in seen:
                    continue
                seen.add(key)
                yield (start, second, third, fourth), pair


def unique_rectangle_type3(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's first unique rectangle type 3: the two cells with extra digits and cells of one
    of their houses without the rectangle's digits form a naked subset."""
    for rect, pair in _rectangles(board):
        extra = [c for c in rect if board.masks[c] & ~pair]
        if len(extra) != 2:
            continue
        digits = 0
        for c in extra:
            digits |= board.masks[c] & ~pair
        a, b = extra
        houses = [(0, ROWS[row_of(a)]) if row_of(a) == row_of(b) else None,
                  (1, COLS[column_of(a)]) if column_of(a) == column_of(b) else None,
                  (2, BOXES[box_of(a)]) if box_of(a) == box_of(b) else None]
        for house in houses:
            if house is None:
                continue
            kind, unit = house
            pool = [c for c in unit if board.masks[c] and not board.masks[c] & pair and c not in rect]
            found = _ur3_subset(board, kind, unit, pool, 0, digits, list(extra))
            if found is not None:
                return replace(found, cells=rect)
    return None


def _ur3_subset(board: Board, kind: int, unit: Sequence[int], pool: list[int], start: int,
                digits: int, cells: list[int]) -> Step | None:
    """The first naked subset of HoDoKu's type 3 search that eliminates something, adding cells
    of ``pool`` from ``start`` on to ``cells`` (whose extra digits are ``digits``)."""
    for i in range(start, len(pool)):
        chosen = [*cells, pool[i]]
        mask = digits | board.masks[pool[i]]
        aligned = len({row_of(c) for c in chosen}) == 1 or len({column_of(c) for c in chosen}) == 1
        if (kind != 2 or not aligned) and mask.bit_count() == len(chosen) - 1:
            elims = _ur3_elims(board, unit, chosen, mask)
            boxes = {box_of(c) for c in chosen}
            if elims and kind != 2 and len(boxes) == 1:
                elims += _ur3_elims(board, BOXES[boxes.pop()], chosen, mask)
            if elims:
                return plain_step("Unique Rectangle type 3", eliminations=tuple(elims))
        found = _ur3_subset(board, kind, unit, pool, i + 1, mask, chosen)
        if found is not None:
            return found
    return None


def _ur3_elims(board: Board, unit: Sequence[int], cells: list[int], mask: int) -> list[tuple[int, int]]:
    """The candidates of ``mask`` in the empty cells of ``unit`` outside ``cells``."""
    return [(c, d) for c in unit if not board.values[c] and c not in cells
            for d in digits_of(board.masks[c] & mask)]


def unique_rectangle(name: str) -> BoardFinder:
    """HoDoKu's first step named ``name`` (unique rectangle type 1, 2, 4, 5 or 6, hidden
    rectangle): its rectangles in its order (:func:`_rectangles`), each checked as HoDoKu does."""
    check = _UR_CHECKS[name]

    def find(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
        """The first rectangle's step of this type."""
        for rect, pair in _rectangles(board):
            step = check(board, rect, pair)
            if step is not None:
                return step
        return None

    return find


def _ur_split(board: Board, rect: Sequence[int], pair: int) -> tuple[list[int], list[int]]:
    """The rectangle's cells holding nothing but the pair's digits (maybe one of them) and
    those with other digits, each smallest first (HoDoKu's cell sets)."""
    cells = sorted(rect)
    return ([c for c in cells if not board.masks[c] & ~pair],
            [c for c in cells if board.masks[c] & ~pair])


def _ur_step(name: str, rect: tuple[int, ...], elims: list[tuple[int, int]]) -> Step | None:
    """A rectangle step, or None when it eliminates nothing."""
    return plain_step(name, eliminations=tuple(elims), cells=rect) if elims else None


def _ur_type1(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Type 1: three cells hold only the pair's digits; the fourth loses them."""
    two, extra = _ur_split(board, rect, pair)
    if len(two) != 3:
        return None
    cell = extra[0]
    return _ur_step("Unique Rectangle type 1", rect,
                    [(cell, d) for d in digits_of(board.masks[cell] & pair)])


def _ur_type25(board: Board, rect: tuple[int, ...], pair: int, kind: int) -> Step | None:
    """Types 2 and 5: two or three cells add one same digit, which leaves the cells seeing
    them all (type 2 when two such cells share a line, else type 5)."""
    two, extra = _ur_split(board, rect, pair)
    if len(two) not in (1, 2):
        return None
    digits = 0
    for c in extra:
        digits |= board.masks[c] & ~pair
    if digits.bit_count() != 1:
        return None
    a, b = extra[0], extra[1]
    five = len(extra) == 3 or (row_of(a) != row_of(b) and column_of(a) != column_of(b))
    if kind != (5 if five else 2):
        return None
    seeing = set(PEERS[extra[0]]).intersection(*(PEERS[c] for c in extra[1:]))
    return _ur_step(f"Unique Rectangle type {kind}", rect,
                    [(c, digits.bit_length()) for c in sorted(seeing) if board.masks[c] & digits])


def _ur_type2(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Type 2 (:func:`_ur_type25`)."""
    return _ur_type25(board, rect, pair, 2)


def _ur_type5(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Type 5 (:func:`_ur_type25`)."""
    return _ur_type25(board, rect, pair, 5)


def _ur_absent(board: Board, cells: Iterable[int], pair: int) -> int:
    """The pair's smaller digit when no cell of ``cells`` holds it, else the larger one when
    none holds that, else 0."""
    here = 0
    for c in cells:
        here |= board.masks[c]
    for d in digits_of(pair):
        if not here & bit(d):
            return d
    return 0


def _ur_type4(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Type 4: two extra cells in one line; when one digit of the pair is in no cell seeing
    both, they lose the other."""
    two, extra = _ur_split(board, rect, pair)
    if len(two) != 2:
        return None
    a, b = extra
    if row_of(a) != row_of(b) and column_of(a) != column_of(b):
        return None
    gone = _ur_absent(board, set(PEERS[a]) & set(PEERS[b]), pair)
    if not gone:
        return None
    other = pair & ~bit(gone)
    return _ur_step("Unique Rectangle type 4", rect,
                    [(c, other.bit_length()) for c in extra if board.masks[c] & other])


def _ur_type6(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Type 6: two diagonal extra cells; when one digit of the pair has no place in the
    rectangle's rows and columns outside it, the extra cells lose it."""
    two, extra = _ur_split(board, rect, pair)
    if len(two) != 2:
        return None
    a, b = extra
    if row_of(a) == row_of(b) or column_of(a) == column_of(b):
        return None
    lines = {*ROWS[row_of(a)], *ROWS[row_of(b)], *COLS[column_of(a)], *COLS[column_of(b)]} - set(rect)
    gone = _ur_absent(board, lines, pair)
    return _ur_step("Unique Rectangle type 6", rect,
                    [(c, gone) for c in extra if board.masks[c] & bit(gone)]) if gone else None


def _ur_hidden(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Hidden rectangle: a corner holding only the pair's digits (one, or two diagonal ones,
    each tried); when a digit of the pair has no place outside the rectangle in the row and
    the column through the opposite corner, that corner loses the other digit."""
    two, extra = _ur_split(board, rect, pair)
    if len(two) not in (1, 2):
        return None
    if len(two) == 2 and (row_of(two[0]) == row_of(two[1]) or column_of(two[0]) == column_of(two[1])):
        return None
    a, b = extra[0], extra[1]
    for corner in two:
        row = row_of(b) if row_of(a) == row_of(corner) else row_of(a)
        col = column_of(b) if column_of(a) == column_of(corner) else column_of(a)
        target = row * 9 + col
        outside = [c for c in (*ROWS[row], *COLS[col]) if c not in rect]
        for d in digits_of(pair):
            other = pair & ~bit(d)
            if not any(board.masks[c] & bit(d) for c in outside) and board.masks[target] & other:
                return _ur_step("Hidden Rectangle", rect, [(target, other.bit_length())])
    return None


#: The check of one rectangle for each of HoDoKu's types in :func:`unique_rectangle`.
_UR_CHECKS: dict[str, Callable[[Board, tuple[int, ...], int], Step | None]] = {
    "Unique Rectangle type 1": _ur_type1,
    "Unique Rectangle type 2": _ur_type2,
    "Unique Rectangle type 4": _ur_type4,
    "Unique Rectangle type 5": _ur_type5,
    "Unique Rectangle type 6": _ur_type6,
    "Hidden Rectangle": _ur_hidden,
}
