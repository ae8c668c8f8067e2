"""Templates (HoDoKu's Template Set and Template Delete): every way a digit can still fill the grid.

A **template** of a digit is one of the 46,656 ways to place it nine times, once in every row,
column and box. A digit's templates that fit the position contain every cell where it is
placed and no cell where it is neither placed nor a candidate. As HoDoKu does by default, these
lists are refined: a template of one digit that uses a cell every template of another digit
uses is dropped, repeated until nothing changes (digits in order, each pass seeing the other
digits' latest common cells).

- **Template Set**: the cells every remaining template of a digit uses, and that do not hold it
  yet, must take it.
- **Template Delete**: the candidates of a digit that no remaining template uses are false.

HoDoKu scores both 10000 (Extreme) and does not use them in its default solver; one step per
digit, digits in order, each holding all of that digit's cells. Only 9x9 grids have them here.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.candidates import Candidates, bit
from sudokit.techniques.base import bit_cells, cell_list, eliminations_text
from sudokit.techniques.step import Step

__all__ = ["digit_templates", "find_template_deletes", "find_template_sets", "refined_templates"]

#: All 81 cells as a bitset.
_ALL = (1 << 81) - 1


def _templates_in(rows: list[int]) -> list[int]:
    """Every template (81-bit set) taking one cell per row from ``rows[r]`` (a 9-bit column
    mask per row), with distinct columns and boxes."""
    out: list[int] = []

    def walk(r: int, cols: int, boxes: int, acc: int) -> None:
        """Extend a partial template by a cell in row ``r``."""
        if r == 9:
            out.append(acc)
            return
        band = (r // 3) * 3
        free = rows[r] & ~cols
        while free:
            low = free & -free
            free ^= low
            c = low.bit_length() - 1
            box = 1 << (band + c // 3)
            if not boxes & box:
                walk(r + 1, cols | low, boxes | box, acc | (1 << (r * 9 + c)))

    walk(0, 0, 0, 0)
    return out


def digit_templates(cands: Candidates, digit: int) -> list[int]:
    """The templates of ``digit`` (81-bit cell sets) that contain every cell holding it and only
    cells holding it or with it as a candidate, in row-major order of choice."""
    rows = _digit_rows(cands, digit)
    return _templates_in(list(rows)) if rows is not None else []


def _digit_rows(cands: Candidates, digit: int) -> tuple[int, ...] | None:
    """Per row, the columns a template of ``digit`` may use (its placed cell, else its
    candidates); None when a row holds it twice."""
    rows: list[int] = []
    d = bit(digit)
    for r in range(9):
        placed = allowed = 0
        for c in range(9):
            cell = r * 9 + c
            value = cands.values[cell]
            if value == digit:
                placed |= 1 << c
            elif not value and cands.masks[cell] & d:
                allowed |= 1 << c
        if placed & (placed - 1):
            return None
        rows.append(placed or allowed)
    return tuple(rows)


def refined_templates(cands: Candidates) -> dict[int, list[int]]:
    """Each digit's templates, refined as HoDoKu does: drop a template meeting the cells common
    to all templates of another digit, until no template is dropped."""
    made: dict[tuple[int, ...], list[int]] = {}
    lists: dict[int, list[int]] = {}
    for d in range(1, 10):
        rows = _digit_rows(cands, d)
        if rows is None:
            lists[d] = []
            continue
        if rows not in made:
            made[rows] = _templates_in(list(rows))
        lists[d] = made[rows]
    common = {d: _and_all(ts) for d, ts in lists.items()}
    removed = True
    while removed:
        removed = False
        for d in range(1, 10):
            others = 0
            for k in range(1, 10):
                if k != d:
                    others |= common[k]
            if not others & _or_all(lists[d]):
                continue
            kept = [t for t in lists[d] if not t & others]
            removed = removed or len(kept) < len(lists[d])
            lists[d] = kept
            common[d] = _and_all(kept)
    return lists


def _and_all(templates: list[int]) -> int:
    """The cells common to all ``templates`` (all cells when there are none, as in HoDoKu)."""
    acc = _ALL
    for t in templates:
        acc &= t
    return acc


def _or_all(templates: list[int]) -> int:
    """The cells any of ``templates`` uses."""
    acc = 0
    for t in templates:
        acc |= t
    return acc


def _templates_by_digit(cands: Candidates) -> Iterator[tuple[int, list[int]]]:
    """Each digit with its refined templates, on a standard 9x9 grid only (the only one templates
    are made for here; on any other, nothing)."""
    if cands.n != 9 or cands.shape.box != (3, 3):
        return
    lists = refined_templates(cands)
    for digit in range(1, 10):
        yield digit, lists[digit]


def find_template_sets(cands: Candidates) -> Iterator[Step]:
    """Template Set: per digit, the empty cells all its templates use take it."""
    shape = cands.shape
    for digit, templates in _templates_by_digit(cands):
        placed = sum(1 << c for c in range(81) if cands.values[c] == digit)
        cells = bit_cells(_and_all(templates) & ~placed)
        if not cells:
            continue
        yield Step(
            "Template Set", 8.0, placements=tuple((c, digit) for c in cells), cells=tuple(cells),
            candidates=tuple((c, digit) for c in cells if cands.has(c, digit)),
            explanation=f"every way to place {digit} once in each row, column and box that fits "
            f"the grid (refined by the other digits' sure cells) uses {cell_list(shape, cells)}: "
            f"{digit} goes there",
            extra={"hodoku": 10000},
        )


def find_template_deletes(cands: Candidates) -> Iterator[Step]:
    """Template Delete: per digit, its candidates no template uses are removed."""
    shape = cands.shape
    for digit, templates in _templates_by_digit(cands):
        used = _or_all(templates)
        removed = [(c, digit) for c in range(81) if cands.has(c, digit) and not used >> c & 1]
        if not removed:
            continue
        yield Step(
            "Template Delete", 8.0, eliminations=tuple(removed),
            candidates=tuple((c, digit) for c in range(81) if cands.has(c, digit) and used >> c & 1),
            explanation=f"no way to place {digit} once in each row, column and box that fits "
            f"the grid (refined by the other digits' sure cells) uses these candidates: "
            f"{eliminations_text(shape, removed)}",
            extra={"hodoku": 10000},
        )
