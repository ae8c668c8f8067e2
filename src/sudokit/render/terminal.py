"""The bordered grid for a terminal: box-drawing lines, optional ANSI colours.

>>> from sudokit.grid import Grid
>>> print(grid(Grid.from_string("1.3..4.22.4..3.1")))
┌─────┬─────┐
│ 1 . │ 3 . │
│ . 4 │ . 2 │
├─────┼─────┤
│ 2 . │ 4 . │
│ . 3 │ . 1 │
└─────┴─────┘
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields

from sudokit.formats.chars import DIGIT_CHARS, MAX_CHAR_N
from sudokit.grid import Grid
from sudokit.rules.base import name_cells

__all__ = ["grid", "legend"]

_BOLD, _BLUE, _REVERSE, _RESET = "\x1b[1m", "\x1b[34m", "\x1b[7m", "\x1b[0m"


def _label(value: int, n: int, empty: str, digits: tuple[int, ...] | None = None) -> str:
    """A cell's text, padded to the grid's widest digit (``digits``: the rules' digit set, whose
    digits are written instead of 1 … N)."""
    width = 1 if n <= MAX_CHAR_N and digits is None else max(len(str(d)) for d in digits or (n,))
    if not value:
        return empty.rjust(width)
    if digits is not None:
        return str(digits[value - 1]).rjust(width)
    return DIGIT_CHARS[value - 1] if n <= MAX_CHAR_N else str(value).rjust(width)


def grid(
    board: Grid,
    *,
    placed: Grid | None = None,
    highlight: Iterable[int] = (),
    color: bool = False,
    empty: str = ".",
) -> str:
    """``board`` framed with box-drawing lines, boxes set apart.

    ``placed`` adds the digits of a grid in progress (or the solution) in the cells ``board``
    leaves empty; with ``color`` givens are bold, placed digits blue and ``highlight``\\ ed cells
    reversed (ANSI escapes, for a terminal that shows them).
    """
    shape = board.shape
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    marked = set(highlight)
    digits = board.rules.digits if board.rules is not None else None
    width = len(_label(1, n, empty, digits))
    segment = "─" * (bc * (width + 1) + 1)
    top = "┌" + "┬".join([segment] * (n // bc)) + "┐"
    middle = "├" + "┼".join([segment] * (n // bc)) + "┤"
    bottom = "└" + "┴".join([segment] * (n // bc)) + "┘"
    lines = [top]
    for r in range(n):
        groups = []
        for b in range(n // bc):
            cells = range(r * n + b * bc, r * n + (b + 1) * bc)
            texts = [_cell(board, placed, cell, marked, color, empty) for cell in cells]
            groups.append(" " + " ".join(texts) + " ")
        lines.append("│" + "│".join(groups) + "│")
        if (r + 1) % br == 0 and r + 1 < n:
            lines.append(middle)
    lines.append(bottom)
    return "\n".join(lines)


def _cell(board: Grid, placed: Grid | None, cell: int, marked: set[int], color: bool, empty: str) -> str:
    """One cell's text, coloured when asked."""
    n = board.n
    given = board.cells[cell]
    value = given or (placed.cells[cell] if placed is not None else 0)
    text = _label(value, n, empty, board.rules.digits if board.rules is not None else None)
    if not color:
        return text
    style = (_BOLD if given else _BLUE if value else "") + (_REVERSE if cell in marked else "")
    return f"{style}{text}{_RESET}" if style else text


#: Constraint fields shown as cells in :func:`legend` (the others are values: a sum, a gap).
_CELLS = frozenset({"line", "circle", "group", "cell", "a", "b", "corner", "first", "second", "segments",
                    "marked"})


def legend(board: Grid) -> list[str]:
    """The rules a grid cannot show in a terminal, one line each: the variants, every cage with its
    sum and every constraint with its cells and values (empty for a classic puzzle).

    >>> from sudokit.rules import Rules, Thermometer
    >>> from sudokit.shape import Shape
    >>> rules = Rules.classic(Shape(2, 2)).with_constraints([Thermometer((0, 1, 2))])
    >>> legend(Grid((0,) * 16, Shape(2, 2), rules))
    ['thermo: r1c1, r1c2, r1c3']
    """
    rules = board.rules
    if rules is None:
        return []
    n = rules.n
    out = [f"variants: {', '.join(rules.variants)}"] if rules.variants else []
    for cage in rules.cages:
        total = "" if cage.total is None else f" {cage.total}"
        out.append(f"cage{total}: {name_cells(cage.cells, n)}")
    for constraint in rules.constraints:
        values = [f"{f.name} {getattr(constraint, f.name)}" for f in fields(constraint)
                  if f.name not in _CELLS and getattr(constraint, f.name) is not None]
        cells = name_cells(constraint.cells(), n) if constraint.cells() else "the whole grid"
        out.append(f"{constraint.kind}: {cells}" + (f" ({', '.join(values)})" if values else ""))
    return out
