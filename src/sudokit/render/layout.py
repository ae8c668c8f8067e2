"""Where things go in a drawn grid: the one geometry the SVG and PDF renderers share.

Lengths are in abstract units (a cell is :data:`CELL` units wide); a renderer scales them.
``y`` grows downwards, as in SVG; the PDF renderer flips it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from sudokit.formats.chars import DIGIT_CHARS, MAX_CHAR_N
from sudokit.rules import Rules
from sudokit.rules.geometry import diagonal
from sudokit.shape import Shape

__all__ = ["CELL", "Geometry", "digit_label", "geometry", "mark_layout"]

#: The side of one cell in drawing units.
CELL = 60.0


def digit_label(digit: int, n: int) -> str:
    """How a digit is written in an ``n``×``n`` grid: ``1-9, A-Z`` up to 35, else numbers (as the formats)."""
    return DIGIT_CHARS[digit - 1] if n <= MAX_CHAR_N else str(digit)


def mark_layout(shape: Shape) -> tuple[int, int]:
    """The ``(rows, cols)`` sub-grid pencil marks sit in: the box shape, or near-square for thin boxes."""
    if shape.box_cols <= 2 * shape.box_rows and shape.box_rows <= 2 * shape.box_cols:
        return shape.box_rows, shape.box_cols
    cols = math.ceil(math.sqrt(shape.n))
    return math.ceil(shape.n / cols), cols


@dataclass(frozen=True)
class Geometry:
    """Positions and sizes for one shape, with an optional margin for coordinates."""

    shape: Shape
    margin: float

    @property
    def side(self) -> float:
        """The side of the grid itself (without margin)."""
        return self.shape.n * CELL

    @property
    def total(self) -> float:
        """The side of the whole picture, margins included."""
        return self.side + 2 * self.margin

    @property
    def thin(self) -> float:
        """Width of the lines between cells."""
        return CELL * 0.025

    @property
    def thick(self) -> float:
        """Width of the lines between boxes and around the grid."""
        return CELL * 0.07

    @property
    def digit_size(self) -> float:
        """Font size of a cell's digit (smaller for two-character labels)."""
        wide = len(digit_label(self.shape.n, self.shape.n)) > 1 and self.shape.n > MAX_CHAR_N
        return CELL * (0.5 if wide else 0.68)

    @property
    def mark_pitch(self) -> tuple[float, float]:
        """Height and width of one pencil mark's slot."""
        rows, cols = mark_layout(self.shape)
        return CELL * 0.94 / rows, CELL * 0.94 / cols

    @property
    def mark_size(self) -> float:
        """Font size of a pencil mark: as large as its slot allows (readable at 360 px for 9×9)."""
        h, w = self.mark_pitch
        chars = len(digit_label(self.shape.n, self.shape.n))
        return min(h * 0.92, w * (0.95 if chars == 1 else 0.62))

    def origin(self, cell: int) -> tuple[float, float]:
        """Top-left corner of a cell."""
        r, c = divmod(cell, self.shape.n)
        return self.margin + c * CELL, self.margin + r * CELL

    def center(self, cell: int) -> tuple[float, float]:
        """Centre of a cell."""
        x, y = self.origin(cell)
        return x + CELL / 2, y + CELL / 2

    def mark_offset(self, digit: int) -> tuple[float, float]:
        """Centre of a pencil mark's slot relative to its cell's top-left corner."""
        cols = mark_layout(self.shape)[1]
        h, w = self.mark_pitch
        r, c = divmod(digit - 1, cols)
        pad = CELL * 0.03
        return pad + (c + 0.5) * w, pad + (r + 0.5) * h

    def mark_center(self, cell: int, digit: int) -> tuple[float, float]:
        """Centre of a pencil mark."""
        x, y = self.origin(cell)
        dx, dy = self.mark_offset(digit)
        return x + dx, y + dy

    def unit_rect(self, unit: int) -> tuple[float, float, float, float]:
        """``(x, y, width, height)`` of a row, column or box (index into ``shape.units``)."""
        n, m = self.shape.n, self.margin
        kind, i = divmod(unit, n)
        if kind == 0:
            return m, m + i * CELL, self.side, CELL
        if kind == 1:
            return m + i * CELL, m, CELL, self.side
        br, bc = self.shape.box_rows, self.shape.box_cols
        r, c = divmod(i, n // bc)
        return m + c * bc * CELL, m + r * br * CELL, bc * CELL, br * CELL

    def piece_lines(self, pieces: Sequence[int]) -> list[tuple[float, float, float, float, bool]]:
        """A Jigsaw's inner lines ``(x1, y1, x2, y2, thick)``: thick between pieces, thin inside."""
        n, m = self.shape.n, self.margin
        thin: list[tuple[float, float, float, float, bool]] = []
        thick: list[tuple[float, float, float, float, bool]] = []
        for r in range(n):
            for c in range(n):
                x, y = m + c * CELL, m + r * CELL
                if c + 1 < n:
                    border = pieces[r * n + c] != pieces[r * n + c + 1]
                    (thick if border else thin).append((x + CELL, y, x + CELL, y + CELL, border))
                if r + 1 < n:
                    border = pieces[r * n + c] != pieces[(r + 1) * n + c]
                    (thick if border else thin).append((x, y + CELL, x + CELL, y + CELL, border))
        return thin + thick

    def diagonals(self, rules: Rules) -> list[tuple[float, float, float, float]]:
        """Sudoku X's diagonals (and single-diagonal extra regions) from corner to corner."""
        n, m, side = rules.n, self.margin, self.side
        out = []
        for region in rules.regions:
            cells = list(region.cells)
            if region.kind not in ("diagonal", "extra") or len(cells) != n:
                continue
            if tuple(cells) == diagonal(n, "down"):
                out.append((m, m, m + side, m + side))
            elif tuple(cells) == diagonal(n, "up"):
                out.append((m, m + side, m + side, m))
        return out

    def cage_edges(
        self, cells: Iterable[int], inset: float | None = None
    ) -> list[tuple[float, float, float, float]]:
        """A cage's outline as segments ``inset`` inside its cells (corners joined), each drawn once
        and straight runs across cells joined into one, so a dash pattern never restarts midway."""
        n = self.shape.n
        d = CELL * 0.09 if inset is None else inset
        inside = set(cells)

        def has(r: int, c: int) -> bool:
            return 0 <= r < n and 0 <= c < n and r * n + c in inside

        def end(here: bool, corner: bool, edge: float, sign: float) -> float:
            """Where a side stops at a corner: short of it, at it, or past it into a turn."""
            return edge + sign * d if not here else (edge - sign * d if corner else edge)

        out = []
        for cell in sorted(inside):
            r, c = divmod(cell, n)
            left, top = self.origin(cell)
            right, bottom = left + CELL, top + CELL
            for dr in (-1, 1):  # top and bottom sides, left to right
                if not has(r + dr, c):
                    y = top + d if dr < 0 else bottom - d
                    x1 = end(has(r, c - 1), has(r + dr, c - 1), left, 1)
                    x2 = end(has(r, c + 1), has(r + dr, c + 1), right, -1)
                    out.append((x1, y, x2, y))
            for dc in (-1, 1):  # left and right sides, top to bottom
                if not has(r, c + dc):
                    x = left + d if dc < 0 else right - d
                    y1 = end(has(r - 1, c), has(r - 1, c + dc), top, 1)
                    y2 = end(has(r + 1, c), has(r + 1, c + dc), bottom, -1)
                    out.append((x, y1, x, y2))
        return _joined(out)

    def lines(self) -> list[tuple[float, float, float, float, bool]]:
        """The inner grid lines ``(x1, y1, x2, y2, thick)``, thin ones first (the border is separate)."""
        n, m, side = self.shape.n, self.margin, self.side
        thin: list[tuple[float, float, float, float, bool]] = []
        thick: list[tuple[float, float, float, float, bool]] = []
        for i in range(1, n):
            pos = m + i * CELL
            v_thick = i % self.shape.box_cols == 0
            h_thick = i % self.shape.box_rows == 0
            (thick if v_thick else thin).append((pos, m, pos, m + side, v_thick))
            (thick if h_thick else thin).append((m, pos, m + side, pos, h_thick))
        return thin + thick


@cache
def geometry(shape: Shape, coordinates: bool = False, clues: bool = False) -> Geometry:
    """The geometry of a shape (with a margin for row and column numbers when ``coordinates``,
    and one for clues outside the grid, such as little killers and sandwich sums, when ``clues``)."""
    # Without coordinates a thin white border (a sixth of a cell) keeps the thick frame off the
    # picture's edge.
    margin = (CELL * 0.6 if coordinates else CELL * 0.15) + (CELL * 0.85 if clues else 0.0)
    return Geometry(shape, margin)


#: A cage outline's dash and gap, as shares of a cell (before :func:`fitted_dash` fits them to a side).
CAGE_DASH = (0.07, 0.05)


def fitted_dash(length: float, dash: float, gap: float) -> tuple[float, float]:
    """The dash and gap nearest ``(dash, gap)`` whose pattern fills ``length`` from a dash to a
    dash, so a cage's corners are always drawn (as setters draw them) and never fall in a gap."""
    count = max(1, round((length + gap) / (dash + gap)))
    scale = length / (count * dash + (count - 1) * gap)
    return dash * scale, gap * scale


def _joined(segments: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Axis-parallel segments with each straight run of end-to-end pieces made one segment."""
    flat = sorted((s for s in segments if s[1] == s[3]), key=lambda s: (s[1], s[0]))
    tall = sorted((s for s in segments if s[1] != s[3]), key=lambda s: (s[0], s[1]))
    out: list[tuple[float, float, float, float]] = []
    for group, along in ((flat, 0), (tall, 1)):
        run: list[float] | None = None
        for seg in group:
            touching = run is not None and abs(run[2 + along] - seg[along]) < 1e-6
            if run is not None and touching and run[1 - along] == seg[1 - along]:
                run[2 + along] = seg[2 + along]
                continue
            if run is not None:
                out.append((run[0], run[1], run[2], run[3]))
            run = list(seg)
        if run is not None:
            out.append((run[0], run[1], run[2], run[3]))
    return out
