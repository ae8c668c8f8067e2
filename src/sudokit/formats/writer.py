"""Write cells in each text format sudokit reads."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from sudokit.formats.chars import DIGIT_CHARS, MAX_CHAR_N
from sudokit.shape import Shape

__all__ = ["to_block", "to_csv", "to_line", "to_numbers"]


def _char(value: int, empty: str) -> str:
    """The one-character form of a cell value."""
    return DIGIT_CHARS[value - 1] if value else empty


def to_line(cells: Sequence[int], shape: Shape, empty: str = ".") -> str:
    """The line format: one character per cell, row by row (N ≤ 35).

    >>> to_line([1, 0, 0, 4] + [0] * 12, Shape(2, 2))
    '1..4............'
    """
    if shape.n > MAX_CHAR_N:
        raise ValueError(f"the line format holds at most N = {MAX_CHAR_N}; use to_numbers()")
    table = _line_table(empty)
    if table is not None:
        try:  # one C pass; a value no character stands for becomes 0xff, which ASCII refuses
            return bytes(cells).translate(table).decode("ascii")
        except (TypeError, ValueError):
            pass
    return "".join([_char(v, empty) for v in cells])


@lru_cache(maxsize=8)
def _line_table(empty: str) -> bytes | None:
    """The ``bytes.translate`` table from cell values to the line format's characters (0xff for a
    value above :data:`MAX_CHAR_N`); None for an empty-cell mark that is not one ASCII character."""
    if len(empty) != 1 or not empty.isascii():
        return None
    table = bytearray(b"\xff" * 256)
    table[0] = ord(empty)
    table[1 : len(DIGIT_CHARS) + 1] = DIGIT_CHARS.encode("ascii")
    return bytes(table)


def to_block(cells: Sequence[int], shape: Shape, empty: str = ".") -> str:
    """The block format: rows on lines, boxes set apart by ``|`` and ``-+-`` lines.

    >>> print(to_block([1, 2, 3, 4, 3, 4, 1, 2] + [0] * 8, Shape(2, 2)))
    1 2 | 3 4
    3 4 | 1 2
    ----+----
    . . | . .
    . . | . .
    """
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    wide = n > MAX_CHAR_N
    width = len(str(n)) if wide else 1

    def cell(v: int) -> str:
        if wide:
            return str(v).rjust(width) if v else empty.rjust(width)
        return _char(v, empty)

    rows = []
    for r in range(n):
        groups = [
            " ".join(cell(cells[r * n + c]) for c in range(g * bc, (g + 1) * bc))
            for g in range(n // bc)
        ]
        rows.append(" | ".join(groups))
        if (r + 1) % br == 0 and r + 1 < n:
            group_width = bc * (width + 1) - 1
            rows.append("-+-".join(["-" * group_width] * (n // bc)))
    return "\n".join(rows)


def to_numbers(cells: Sequence[int], shape: Shape, sep: str = " ") -> str:
    """The numbers format: one row per line, numbers separated by ``sep``, 0 for empty.

    >>> print(to_numbers([1, 0, 0, 4] + [0] * 12, Shape(2, 2)))
    1 0 0 4
    0 0 0 0
    0 0 0 0
    0 0 0 0
    """
    n = shape.n
    return "\n".join(sep.join(str(v) for v in cells[r * n : (r + 1) * n]) for r in range(n))


def to_csv(cells: Sequence[int], shape: Shape) -> str:
    """N lines of N comma-separated numbers, 0 for an empty cell."""
    return to_numbers(cells, shape, sep=",")
