"""Line ends drawn by hand (#25). f-puzzles thermometers: a grey cosmetic line with a grey circle on
exactly one end is a thermometer from that bulb, and a grey line that starts on such a thermometer
(its other end free) is a branch of it, read from the cell it leaves; read only where the rules
text names thermometers and gives grey lines no other kind. SudokuPad lines that start at a mark:
a square (or diamond) of the line's colour on exactly one end (index lines start there),
arrowheads drawn as a short bent line of their own at a line's end (an arrow from its circle),
short arrows inside a cell, lines drawn a little off the centres, and irregular regions given as
hidden cages with their borders drawn as lines.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from sudokit.formats.colours import hue_of
from sudokit.formats.described import LINE_KINDS, has
from sudokit.formats.sudokupad import Arrow, Cell, FPuzzlesElement, Line, Point, Shape, SudokuPadPuzzle

__all__ = ["arrow_heads", "drawn_thermometers", "hidden_regions", "near_centres", "on_borders", "pointer",
           "square_end"]


def _grey(element: FPuzzlesElement, field: str) -> bool:
    return hue_of(str(element.attrs.get(field))) == "grey"


def _wide(width: object) -> bool:
    """A thermometer's width (f-puzzles' own draw 0.5 of a cell), not a thin line's."""
    return isinstance(width, (int, float)) and not isinstance(width, bool) and width >= 0.4


def drawn_thermometers(
    elements: Sequence[FPuzzlesElement], rules: str
) -> tuple[dict[int, tuple[Cell, ...]], set[int]]:
    """The drawn thermometers (by the ``id`` of their line element: the cells from the bulb or the
    branch point) and the ``id`` of every circle used as a bulb."""
    if "thermo" not in rules or any(has(rules, *words) for _, words in LINE_KINDS["grey"]):
        return {}, set()
    circles = {e.cells[0]: e for e in elements
               if e.kind == "circle" and len(e.cells) == 1 and not e.value and _grey(e, "baseC")}
    lines = [e for e in elements if e.kind == "line" and not e.cells and len(e.lines) == 1
             and len(e.lines[0]) > 1 and _grey(e, "outlineC") and _wide(e.attrs.get("width"))]
    found: dict[int, tuple[Cell, ...]] = {}
    bulbs: set[int] = set()
    for e in lines:
        line = e.lines[0]
        head, tail = line[0] in circles, line[-1] in circles
        if head != tail:
            cells = line if head else line[::-1]
            found[id(e)] = cells
            bulbs.add(id(circles[cells[0]]))
    on = {c for cells in found.values() for c in cells}
    for e in lines:
        line = e.lines[0]
        if id(e) not in found and (line[0] in on) != (line[-1] in on) and not set(line[1:-1]) & on:
            found[id(e)] = line if line[0] in on else line[::-1]
    return found, bulbs


def square_end(
    points: Sequence[Point], shapes: Sequence[tuple[str, Shape]], hue: str | None
) -> tuple[str, bool] | None:
    """The square (or diamond) of colour family ``hue`` on exactly one end of a line: its name,
    and whether that end is the last way point (the line then reads backwards); None otherwise."""
    def at(point: Point) -> list[str]:
        return [name for name, s in shapes if not s.rounded and not s.text and hue is not None
                and hue in (hue_of(s.background_color), hue_of(s.border_color))
                and abs(s.center[0] - point[0]) < 0.1 and abs(s.center[1] - point[1]) < 0.1]

    first, last = at(points[0]), at(points[-1])
    if len(first) + len(last) != 1:
        return None
    return (first[0], False) if first else (last[0], True)


def arrow_heads(lines: Sequence[Line]) -> dict[int, int]:
    """Lines that end in an arrowhead drawn as a line of its own (three points, its two short arms
    meeting at the line's last point, in the line's colour): the line's index to the head's."""
    heads: dict[int, int] = {}
    for i, head in enumerate(lines):
        w = head.way_points
        if len(w) != 3 or not all(0.1 < math.dist(w[1], q) < 0.5 for q in (w[0], w[2])):
            continue
        shafts = [j for j, shaft in enumerate(lines) if j != i and len(shaft.way_points) >= 2
                  and hue_of(shaft.color) == hue_of(head.color)
                  and math.dist(shaft.way_points[-1], w[1]) < 0.05]
        if len(shafts) == 1 and shafts[0] not in heads:
            heads[shafts[0]] = i
    return heads


def pointer(arrow: Arrow, rows: int, cols: int) -> tuple[Cell, tuple[Cell, ...]] | None:
    """A short arrow inside one cell pointing away from its centre (one of the eight directions):
    the cell, and the cells from it to the grid's edge that way; None for any other arrow."""
    points = arrow.way_points
    if len(points) != 2 or math.dist(*points) > 0.5:
        return None
    (y0, x0), (y1, x1) = points
    cell = (math.floor(y0), math.floor(x0))
    if cell != (math.floor(y1), math.floor(x1)) or not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
        return None
    dr, dc = ((y1 - y0 > 0.05) - (y1 - y0 < -0.05), (x1 - x0 > 0.05) - (x1 - x0 < -0.05))
    centre = (cell[0] + 0.5, cell[1] + 0.5)
    away = (y0 - centre[0]) * dr + (x0 - centre[1]) * dc > 0.1  # it starts off the centre, that way
    if (dr, dc) == (0, 0) or not away:
        return None
    ray = []
    r, c = cell[0] + dr, cell[1] + dc
    while 0 <= r < rows and 0 <= c < cols:
        ray.append((r, c))
        r, c = r + dr, c + dc
    return cell, tuple(ray)


def near_centres(points: Sequence[Point], rows: int, cols: int) -> tuple[Point, ...] | None:
    """The way points moved to the centres of the cells they lie well inside (a setter draws a
    line's end a little off the centre so two lines from one cell stay apart); None when a point is
    near a cell's border."""
    out = []
    for y, x in points:
        r, c = math.floor(y), math.floor(x)
        if not (0 <= r < rows and 0 <= c < cols) or abs(y - r - 0.5) > 0.3 or abs(x - c - 0.5) > 0.3:
            return None
        out.append((r + 0.5, c + 0.5))
    return tuple(out)


def hidden_regions(p: SudokuPadPuzzle) -> list[tuple[Cell, ...]] | None:
    """A SudokuPad puzzle without regions whose hidden cages of unique digits, N of N cells each,
    cover the N×N grid once: those cages are its regions (drawn by border lines); None otherwise."""
    n = p.rows
    if p.regions or p.rows != p.cols:
        return None
    cages = [tuple(sorted(c.cells)) for c in p.cages
             if c.attrs.get("hidden") and c.attrs.get("unique") is True and not c.value]
    every = sorted(cell for cage in cages for cell in cage)
    if len(cages) != n or any(len(c) != n for c in cages):
        return None
    return cages if every == [(r, c) for r in range(n) for c in range(n)] else None


def on_borders(points: Sequence[Point], regions: Sequence[tuple[Cell, ...]], n: int) -> bool:
    """Whether a line runs only along grid lines between two regions (or the grid's edge): a
    drawing of the regions' borders."""
    region = {cell: k for k, cells in enumerate(regions) for cell in cells}
    if any(y != round(y) or x != round(x) for y, x in points):
        return False
    for (y0, x0), (y1, x1) in pairwise(points):
        if y0 != y1 and x0 != x1:
            return False
        steps = int(max(abs(y1 - y0), abs(x1 - x0)))
        dy, dx = (y1 - y0) / max(steps, 1), (x1 - x0) / max(steps, 1)
        for i in range(steps):
            y, x = y0 + dy * i, x0 + dx * i
            if dy:  # a vertical piece of grid line, between columns x-1 and x
                r = int(min(y, y + dy))
                sides = [(r, int(x) - 1), (r, int(x))]
            else:  # a horizontal piece, between rows y-1 and y
                c = int(min(x, x + dx))
                sides = [(int(y) - 1, c), (int(y), c)]
            inside = [region.get(cell) for cell in sides if 0 <= cell[0] < n and 0 <= cell[1] < n]
            if len(inside) == 2 and inside[0] == inside[1]:
                return False
    return True
