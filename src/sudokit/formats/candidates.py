"""Text formats for pencil marks (candidate grids), read and written.

- **candidates line**: ``N`` characters per cell, ``N³`` in all (729 for 9×9): for each cell,
  position ``d - 1`` holds digit ``d`` when it is a candidate and ``.`` (or ``0``) when not.
- **pencil-mark grid**: the bordered grid people paste from HoDoKu or Sudoku Explainer, one
  token of digits per cell (``1``, ``2469``), rows on lines, ``|`` between boxes and lines of
  ``-``, ``.``, ``:``, ``'`` and ``+`` between bands.

A cell written with a single digit is read as *placed* (both programs write givens and placed
digits that way), unless ``grid`` is given: then exactly the grid's filled cells are placed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sudokit.errors import BadCharacterError, ParseError, WrongLengthError
from sudokit.formats.chars import CHAR_VALUE, DIGIT_CHARS, MAX_CHAR_N
from sudokit.shape import Shape, shape_for_size

__all__ = ["parse_candidates", "to_candidate_grid", "to_candidate_line"]

#: What a reader returns: placed values, candidate masks (0 for a placed cell), the shape.
Parsed = tuple[list[int], list[int], Shape]

_BORDER = re.compile(r"[|.:'+\-=*]")


def _shape(n: int, box: Shape | None) -> Shape:
    """The given shape, checked against ``n``, or the usual one for ``n``."""
    if box is not None:
        if box.n != n:
            raise WrongLengthError(n, expected=f"{box.n} digits per cell for a {box.n}×{box.n} grid")
        return box
    return shape_for_size(n)


def _finish(masks: list[int], shape: Shape, placed: Sequence[int] | None) -> Parsed:
    """Split masks into placed values and candidate masks."""
    values = [0] * shape.size
    for cell, mask in enumerate(masks):
        if mask == 0:
            raise ParseError(f"cell {shape.cell_name(cell)} has no candidate")
        single = mask & (mask - 1) == 0
        if (placed is None and single) or (placed is not None and placed[cell]):
            values[cell] = mask.bit_length()
            masks[cell] = 0
    return values, masks, shape


def _parse_line(text: str, box: Shape | None, placed: Sequence[int] | None) -> Parsed:
    """Read the candidates line (N characters per cell)."""
    count = len(text)
    n = round(count ** (1 / 3))
    if n**3 != count or n < 2 or n > MAX_CHAR_N:
        raise WrongLengthError(count, expected="N³ characters (729 for a 9×9 grid)")
    shape = _shape(n, box)
    masks = []
    for cell in range(shape.size):
        mask = 0
        for i, ch in enumerate(text[cell * n:(cell + 1) * n]):
            value = CHAR_VALUE.get(ch)
            if value is None:
                raise BadCharacterError(ch, column=cell * n + i + 1, expected="a digit or '.'")
            if value:
                if value != i + 1:
                    raise ParseError(f"digit {ch} at position {i + 1} of a cell", column=cell * n + i + 1,
                                     expected=f"{DIGIT_CHARS[i]} or '.' there")
                mask |= 1 << i
        masks.append(mask)
    return _finish(masks, shape, placed)


def _parse_grid(text: str, box: Shape | None, placed: Sequence[int] | None) -> Parsed:
    """Read the bordered pencil-mark grid (a token of digits per cell)."""
    tokens: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        tokens.extend((number, t) for t in _BORDER.sub(" ", raw).split())
    count = len(tokens)
    n = round(count**0.5)
    if n * n != count or n < 2:
        raise WrongLengthError(count, expected="N² cells of candidates (81 for a 9×9 grid)")
    shape = _shape(n, box)
    masks = []
    for number, token in tokens:
        mask = 0
        for ch in token:
            value = CHAR_VALUE.get(ch, 0)
            if not 1 <= value <= n:
                raise BadCharacterError(ch, line=number, expected=f"digits 1-{DIGIT_CHARS[n - 1]}")
            mask |= 1 << (value - 1)
        masks.append(mask)
    return _finish(masks, shape, placed)


def parse_candidates(text: str, box: Shape | None = None, placed: Sequence[int] | None = None) -> Parsed:
    """Read pencil marks in either format (auto-detected): ``(values, masks, shape)``.

    ``placed`` (cell values, 0 for empty) says which cells are filled; without it a cell with a
    single digit counts as placed.
    """
    stripped = text.strip()
    if stripped and "\n" not in stripped and " " not in stripped and "|" not in stripped:
        return _parse_line(stripped, box, placed)
    return _parse_grid(stripped, box, placed)


def _cell_marks(value: int, mask: int) -> list[int]:
    """The digits to write for a cell: its value, or its candidates."""
    if value:
        return [value]
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]


def to_candidate_line(values: Sequence[int], masks: Sequence[int], shape: Shape) -> str:
    """The candidates line: N characters per cell (a placed digit is written alone)."""
    n = shape.n
    if n > MAX_CHAR_N:
        raise ValueError(f"the candidates line holds at most N = {MAX_CHAR_N}")
    out = []
    for value, mask in zip(values, masks, strict=True):
        digits = set(_cell_marks(value, mask))
        out.append("".join(DIGIT_CHARS[i] if i + 1 in digits else "." for i in range(n)))
    return "".join(out)


def to_candidate_grid(values: Sequence[int], masks: Sequence[int], shape: Shape) -> str:
    """The bordered pencil-mark grid, columns padded to their widest cell, HoDoKu style."""
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    if n > MAX_CHAR_N:
        raise ValueError(f"the pencil-mark grid holds at most N = {MAX_CHAR_N}")
    text = [
        "".join(DIGIT_CHARS[d - 1] for d in _cell_marks(values[c], masks[c])) for c in range(n * n)
    ]
    widths = [max(len(text[r * n + c]) for r in range(n)) for c in range(n)]
    stacks = [range(s * bc, (s + 1) * bc) for s in range(n // bc)]
    spans = ["-" * (sum(widths[c] + 1 for c in stack) + 1) for stack in stacks]

    def border(left: str, middle: str, right: str) -> str:
        return left + middle.join(spans) + right

    lines = [border(".", ".", ".")]
    for r in range(n):
        parts = [" " + " ".join(text[r * n + c].ljust(widths[c]) for c in stack) + " " for stack in stacks]
        lines.append("|" + "|".join(parts) + "|")
        if (r + 1) % br == 0 and r + 1 < n:
            lines.append(border(":", "+", ":"))
    lines.append(border("'", "'", "'"))
    return "\n".join(lines)
