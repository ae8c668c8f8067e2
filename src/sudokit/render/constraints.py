"""Draw the constraint kinds of :mod:`sudokit.rules` the way setters draw them (SudokuPad, f-puzzles).

:func:`sudokit.render.svg.grid` calls :func:`draw_under` before the digits (shading, odd and even
shapes, every line, thermometer bulbs and arrow circles, so nothing hides a digit) and
:func:`draw_over` after the grid lines (dots and X/V on the edges, quadruple circles at the
corners, outside clues and little killers in the margin, which :func:`needs_margin` asks for).

===================================  ===========================================================
kind                                 drawn as (``class`` of the element)
===================================  ===========================================================
thermo / slowthermo                  thick light-grey line, round bulb on the first cell
                                     (``thermo``; a slow one has a white ring in its bulb)
arrow                                thin grey line ending in an open arrowhead, a circle (a
                                     pill over 2+ cells) at the start (``arrow``, ``arrow-circle``)
littlekiller                         total and a small diagonal arrow outside the grid
sandwich / xsum / skyscraper         the clue outside the grid at the line's start
germanwhisper, dutchwhisper, renban, coloured lines: green, orange, purple, grey (thin), blue,
palindrome, regionsum, equalsum,     light blue, mustard, teal, lavender, sky blue, yellow-green
entropic, modular, zipper,           (``line`` + the kind)
fibonacci, differencecount,
indexline (a diamond on its first cell)
countingcircles, knightthirds        a white circle with a dark ring in each cell
smallerneighbours                    a small orange sun (☀) in the cell's top-right corner
numbersum                            the total where the first two groups meet
cagerange                            the cage's dashed outline (svg) and its bounds "3–9" in the corner
sumdot / oddevendot                  a green / orange dot on the edge
paritycount                          a short grey stroke towards each direction the cell sees
nosums, nooddevendot                 named in ``desc.constraint-notes``
between                              grey line with a hollow circle at each end
white / black / difference / ratio   dots on the edge (the last two with their value)
xv                                   X (10), V (5) or the sum on the edge
odd / even                           grey circle / grey square in the cell
minimum / maximum                    small chevrons at the cell's edges pointing to the smaller
quadruple                            white circle at the 2×2's centre holding the digits
clone                                both groups shaded in a colour of their own
extraregion / diagonal               shaded cells / a thin corner-to-corner line
antiknight, antiking, nonconsecutive, nothing in the grid: named in ``desc.constraint-notes``
disjointgroups, nokropki, noblack,
nowhite, noxv, nov, nox, mixedparity
===================================  ===========================================================

Killer cages (``cage``) are drawn by :mod:`sudokit.render.svg` with the classic cages.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

from sudokit.render.layout import CELL, Geometry
from sudokit.rules import Rules, kinds
from sudokit.rules.base import Constraint

__all__ = ["COLOURS", "Colours", "draw_over", "draw_under", "layers", "needs_margin"]


@dataclass(frozen=True)
class Colours:
    """The colours of the constraint kinds (any SVG colour string)."""

    thermo: str = "#dedede"
    arrow: str = "#8f8f8f"
    germanwhisper: str = "#5cbf4a"
    dutchwhisper: str = "#f08a24"
    renban: str = "#c964e0"
    palindrome: str = "#a6a6a6"
    between: str = "#9a9a9a"
    regionsum: str = "#3a7be0"
    equalsum: str = "#62c3ea"
    entropic: str = "#e2b41c"
    modular: str = "#22a595"
    zipper: str = "#9c8ee8"
    fibonacci: str = "#2b9fd6"
    differencecount: str = "#9acd32"
    indexline: str = "#71ded2"
    chevron: str = "#6e6e6e"
    shape: str = "#cfcfcf"
    shade: str = "#dcdcdc"
    dot: str = "#1b1b1b"
    text: str = "#111111"
    clue: str = "#111111"
    background: str = "#ffffff"
    clones: tuple[str, ...] = ("#f8c6c6", "#c6def8", "#cdeec0", "#f6e0b0", "#e0cdf4", "#bfe9e4")


#: The colours used unless others are given.
COLOURS = Colours()

#: Line kinds: (class, width as a fraction of a cell, colour field).
_LINES: dict[type[Constraint], tuple[str, float, str]] = {
    kinds.GermanWhisper: ("germanwhisper", 0.16, "germanwhisper"),
    kinds.DutchWhisper: ("dutchwhisper", 0.16, "dutchwhisper"),
    kinds.Renban: ("renban", 0.2, "renban"),
    kinds.Palindrome: ("palindrome", 0.09, "palindrome"),
    kinds.RegionSum: ("regionsum", 0.12, "regionsum"),
    kinds.Entropic: ("entropic", 0.16, "entropic"),
    kinds.Modular: ("modular", 0.16, "modular"),
    kinds.ZipperLine: ("zipper", 0.16, "zipper"),
    kinds.Fibonacci: ("fibonacci", 0.16, "fibonacci"),
    kinds.DifferenceCount: ("differencecount", 0.16, "differencecount"),
    kinds.IndexLine: ("indexline", 0.16, "indexline"),
}
_OUTSIDE = (kinds.LittleKiller, kinds.Sandwich, kinds.XSum, kinds.Skyscraper)
_NOTES = (
    kinds.AntiKnight,
    kinds.AntiKing,
    kinds.NonConsecutive,
    kinds.DisjointGroups,
    kinds.AllDotsGiven,
    kinds.AllBlackDotsGiven,
    kinds.AllWhiteDotsGiven,
    kinds.AllXVGiven,
    kinds.AllVGiven,
    kinds.AllXGiven,
    kinds.MixedParityTriples,
    kinds.AllSumsGiven,
    kinds.AllOddEvenDotsGiven,
)


def _num(value: float) -> str:
    """A coordinate as short text."""
    return format(round(value, 2), "g")


def needs_margin(rules: Rules | None) -> bool:
    """Whether the rules have clues outside the grid (little killers, sandwich, X-sum, skyscraper)."""
    return rules is not None and any(isinstance(c, _OUTSIDE) for c in rules.constraints)


def layers(rules: Rules, geo: Geometry, colours: Colours = COLOURS) -> tuple[ET.Element, ET.Element, str]:
    """The constraints alone: the group drawn under the digits, the group drawn over the grid
    lines (each a ``<g>`` carrying the text attributes its labels need) and the notes of the
    rules without a picture (``""`` for none), for a page or a PDF that draws the rest itself."""
    text = {"font-family": "DejaVu Sans, Verdana, Arial, sans-serif", "text-anchor": "middle"}
    under = ET.Element("g", {"class": "constraint-layer under", **text})
    over = ET.Element("g", {"class": "constraint-layer over", **text})
    draw_under(under, geo, rules, colours)
    draw_over(over, geo, rules, colours)
    notes = over.find("desc")
    if notes is None:
        return under, over, ""
    over.remove(notes)
    return under, over, notes.text or ""


def _polyline(geo: Geometry, cells: Sequence[int]) -> str:
    """Path data through the centres of cells."""
    points = [geo.center(c) for c in cells]
    return "M" + "L".join(f"{_num(x)} {_num(y)}" for x, y in points)


def _sub(parent: ET.Element, tag: str, attrs: dict[str, str], text: str | None = None) -> ET.Element:
    element = ET.SubElement(parent, tag, attrs)
    if text is not None:
        element.text = text
    return element


def _stroke(colour: str, width: float) -> dict[str, str]:
    return {"fill": "none", "stroke": colour, "stroke-width": _num(width),
            "stroke-linecap": "round", "stroke-linejoin": "round"}


# -- under the digits --------------------------------------------------------------------------


def draw_under(root: ET.Element, geo: Geometry, rules: Rules, colours: Colours = COLOURS) -> None:
    """Shading, odd/even shapes, min/max chevrons and every line, drawn before the digits."""
    constraints = rules.constraints
    if not constraints:
        return
    g = ET.SubElement(root, "g", {"class": "constraints under"})
    for index, clone in enumerate(x for x in constraints if isinstance(x, kinds.Clone)):
        colour = colours.clones[index % len(colours.clones)]
        for group in (clone.first, clone.second):
            for cell in group:
                _cell_rect(g, geo, cell, "clone", colour, {"data-clone": str(index)})
    for c in constraints:
        if isinstance(c, kinds.ExtraRegion):
            for cell in c.group:
                _cell_rect(g, geo, cell, "extraregion", colours.shade, {})
    for c in constraints:
        if isinstance(c, (kinds.Odd, kinds.Even)):
            _odd_even(g, geo, c, colours)
        elif isinstance(c, (kinds.CountingCircles, kinds.KnightThirds)):
            for cell in c.cells():  # a white circle with a dark ring, as setters draw them
                cx, cy = geo.center(cell)
                _sub(g, "circle", {"class": c.kind, "data-cell": str(cell), "cx": _num(cx),
                                   "cy": _num(cy), "r": _num(CELL * 0.4),
                                   **_stroke(colours.chevron, CELL * 0.03), "fill": colours.background})
        elif isinstance(c, (kinds.Minimum, kinds.Maximum)):
            _chevrons(g, geo, c, colours)
        elif isinstance(c, kinds.Diagonal):
            n, m, side = rules.n, geo.margin, geo.side
            y1, y2 = (m, m + side) if c.direction == "down" else (m + side, m)
            d = f"M{_num(m)} {_num(y1)}L{_num(m + side)} {_num(y2)}"
            _sub(g, "path", {"class": "diagonal constraint", "d": d,
                             **_stroke(colours.arrow, geo.thin * 1.6), "data-n": str(n)})
    for c in constraints:
        style = _LINES.get(type(c))
        if style is not None:
            kind, width, field = style
            assert hasattr(c, "line")
            ring = c.line + c.line[:1] if getattr(c, "closed", False) else c.line  # a loop drawn closed
            _sub(g, "path", {"class": f"line {kind}", "d": _polyline(geo, ring),
                             **_stroke(getattr(colours, field), CELL * width)})
        elif isinstance(c, kinds.EqualSum):
            for segment in c.segments:
                _sub(g, "path", {"class": "line equalsum", "d": _polyline(geo, segment),
                                 **_stroke(colours.equalsum, CELL * 0.12)})
        elif isinstance(c, kinds.Between):
            _between(g, geo, c, colours)
        elif isinstance(c, (kinds.Thermometer, kinds.SlowThermometer)):
            _thermo(g, geo, c, colours)
    for c in constraints:
        if isinstance(c, kinds.Arrow):
            _arrow(g, geo, c, colours)
        elif isinstance(c, kinds.SmallerNeighbours):  # a small sun in the cell's corner
            x, y = geo.origin(c.cell)
            _sub(g, "text", {"class": "smallerneighbours", "data-cell": str(c.cell),
                             "x": _num(x + CELL * 0.8), "y": _num(y + CELL * 0.3),
                             "font-size": _num(CELL * 0.26), "fill": colours.dutchwhisper}, "\u2600")
        elif isinstance(c, kinds.ParityCount):  # a short arrow towards each direction it sees
            x, y = geo.center(c.cell)
            n = geo.shape.n
            for step in sorted({_direction(c.cell, o, n) for o in c.group}):
                dx, dy = step[1] * CELL * 0.42, step[0] * CELL * 0.42
                d = f"M{_num(x + dx * 0.55)} {_num(y + dy * 0.55)}L{_num(x + dx)} {_num(y + dy)}"
                _sub(g, "path", {"class": "paritycount", "data-cell": str(c.cell), "d": d,
                                 **_stroke(colours.arrow, CELL * 0.04)})
        elif isinstance(c, kinds.IndexLine):  # a diamond on the first cell: where the line is read from
            x, y = geo.center(c.line[0])
            h = CELL * 0.2
            corners = ((0, -h), (h, 0), (0, h), (-h, 0))
            d = "M" + "L".join(f"{_num(x + dx)} {_num(y + dy)}" for dx, dy in corners)
            _sub(g, "path", {"class": "index-start", "d": d + "Z", "fill": colours.indexline})


def _cell_rect(
    g: ET.Element, geo: Geometry, cell: int, kind: str, colour: str, extra: dict[str, str]
) -> None:
    x, y = geo.origin(cell)
    _sub(g, "rect", {"class": kind, "data-cell": str(cell), "x": _num(x), "y": _num(y),
                     "width": _num(CELL), "height": _num(CELL), "fill": colour, **extra})


def _odd_even(g: ET.Element, geo: Geometry, c: kinds.Odd | kinds.Even, colours: Colours) -> None:
    cx, cy = geo.center(c.cell)
    if isinstance(c, kinds.Odd):
        _sub(g, "circle", {"class": "odd", "data-cell": str(c.cell), "cx": _num(cx), "cy": _num(cy),
                           "r": _num(CELL * 0.36), "fill": colours.shape})
    else:
        half = CELL * 0.34
        _sub(g, "rect", {"class": "even", "data-cell": str(c.cell),
                         "x": _num(cx - half), "y": _num(cy - half),
                         "width": _num(2 * half), "height": _num(2 * half), "fill": colours.shape})


def _chevrons(g: ET.Element, geo: Geometry, c: kinds.Minimum | kinds.Maximum, colours: Colours) -> None:
    """A small chevron at each side with a neighbour, pointing at the smaller digit."""
    n = geo.shape.n
    r, col = divmod(c.cell, n)
    cx, cy = geo.center(c.cell)
    kind = "minimum" if isinstance(c, kinds.Minimum) else "maximum"
    inward = isinstance(c, kinds.Minimum)
    parts = []
    w, depth, edge = CELL * 0.22, CELL * 0.09, CELL * 0.4
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if not (0 <= r + dr < n and 0 <= col + dc < n):
            continue
        # Tip towards the centre (minimum) or towards the side (maximum).
        base = edge - (0 if inward else depth)
        tip = base - depth if inward else base + depth
        bx, by = cx + dc * base, cy + dr * base
        tx, ty = cx + dc * tip, cy + dr * tip
        px, py = -dr * w / 2, dc * w / 2  # along the side
        parts.append(f"M{_num(bx + px)} {_num(by + py)}L{_num(tx)} {_num(ty)}"
                     f"L{_num(bx - px)} {_num(by - py)}")
    _sub(g, "path", {"class": kind, "data-cell": str(c.cell), "d": "".join(parts),
                     **_stroke(colours.chevron, CELL * 0.045)})


def _thermo(
    g: ET.Element, geo: Geometry, c: kinds.Thermometer | kinds.SlowThermometer, colours: Colours
) -> None:
    slow = isinstance(c, kinds.SlowThermometer)
    kind = "thermo slow" if slow else "thermo"
    group = _sub(g, "g", {"class": kind, "fill": colours.thermo})
    if len(c.line) > 1:
        _sub(group, "path", {"class": "thermo-line", "d": _polyline(geo, c.line),
                             **_stroke(colours.thermo, CELL * 0.26)})
    bx, by = geo.center(c.line[0])
    _sub(group, "circle", {"class": "thermo-bulb", "cx": _num(bx), "cy": _num(by), "r": _num(CELL * 0.38)})
    if slow:
        _sub(group, "circle", {"class": "slow-marker", "cx": _num(bx), "cy": _num(by), "r": _num(CELL * 0.31),
                               "fill": "none", "stroke": colours.background,
                               "stroke-width": _num(CELL * 0.05)})


def _between(g: ET.Element, geo: Geometry, c: kinds.Between, colours: Colours) -> None:
    group = _sub(g, "g", {"class": "between"})
    r = CELL * 0.38
    x1, y1 = geo.center(c.line[0])
    x2, y2 = geo.center(c.line[-1])
    path = _polyline(geo, c.line)
    _sub(group, "path", {"class": "between-line", "d": path, **_stroke(colours.between, CELL * 0.08)})
    for x, y in ((x1, y1), (x2, y2)):
        _sub(group, "circle", {"class": "between-end", "cx": _num(x), "cy": _num(y), "r": _num(r),
                               "fill": colours.background, "stroke": colours.between,
                               "stroke-width": _num(CELL * 0.05)})


def _arrow(g: ET.Element, geo: Geometry, c: kinds.Arrow, colours: Colours) -> None:
    group = _sub(g, "g", {"class": "arrow"})
    r = CELL * 0.4
    first = geo.center(c.line[0])
    start = min(c.circle, key=lambda cell: math.dist(geo.center(cell), first))
    sx, sy = geo.center(start)
    dx, dy = first[0] - sx, first[1] - sy
    length = math.hypot(dx, dy) or 1.0
    points = [(sx + dx / length * r, sy + dy / length * r), *(geo.center(cell) for cell in c.line)]
    (ax, ay), (bx, by) = points[-2], points[-1]
    d = "M" + "L".join(f"{_num(x)} {_num(y)}" for x, y in points)
    # An open arrowhead at the last cell's centre.
    angle = math.atan2(by - ay, bx - ax)
    head = CELL * 0.22
    for turn in (0.6, -0.6):
        hx, hy = bx - head * math.cos(angle + turn), by - head * math.sin(angle + turn)
        d += f"M{_num(bx)} {_num(by)}L{_num(hx)} {_num(hy)}"
    _sub(group, "path", {"class": "arrow-line", "d": d, **_stroke(colours.arrow, CELL * 0.05)})
    circle = {"class": "arrow-circle", "fill": colours.background, "stroke": colours.arrow,
              "stroke-width": _num(CELL * 0.05)}
    cells = sorted(c.circle)
    rows = {divmod(x, geo.shape.n)[0] for x in cells}
    cols = {divmod(x, geo.shape.n)[1] for x in cells}
    straight = len(cells) > 1 and (len(rows) == 1 or len(cols) == 1) and (
        max(cells) - min(cells) == (len(cells) - 1) * (1 if len(rows) == 1 else geo.shape.n))
    if straight:
        (x1, y1), (x2, y2) = geo.center(cells[0]), geo.center(cells[-1])
        _sub(group, "rect", {**circle, "class": "arrow-circle pill", "x": _num(x1 - r), "y": _num(y1 - r),
                             "width": _num(x2 - x1 + 2 * r), "height": _num(y2 - y1 + 2 * r),
                             "rx": _num(r), "ry": _num(r)})
    else:
        for cell in cells:
            x, y = geo.center(cell)
            _sub(group, "circle", {**circle, "cx": _num(x), "cy": _num(y), "r": _num(r)})


# -- over the grid lines ---------------------------------------------------------------------


def draw_over(root: ET.Element, geo: Geometry, rules: Rules, colours: Colours = COLOURS) -> None:
    """Dots, X/V, quadruples, outside clues and the notes of rules without a picture."""
    constraints = rules.constraints
    if not constraints:
        return
    g = ET.SubElement(root, "g", {"class": "constraints over"})
    n = geo.shape.n
    clued = {
        _outside_cell(n, c.line)
        for c in constraints
        if isinstance(c, (kinds.Sandwich, kinds.XSum, kinds.Skyscraper))
    }
    for c in constraints:
        if isinstance(c, (kinds.KropkiWhite, kinds.KropkiBlack, kinds.Difference, kinds.Ratio)):
            _dot(g, geo, c, colours)
        elif isinstance(c, kinds.XV):
            _xv(g, geo, c, colours)
        elif isinstance(c, (kinds.SumDot, kinds.OddEvenDot)):  # a coloured dot, its sums beside it
            x, y = _edge_point(geo, c.a, c.b)
            colour = colours.germanwhisper if isinstance(c, kinds.SumDot) else colours.dutchwhisper
            _sub(g, "circle", {"class": c.kind, "cx": _num(x), "cy": _num(y), "r": _num(CELL * 0.1),
                               "fill": colour, "stroke": colours.dot, "stroke-width": _num(CELL * 0.02)})
            if isinstance(c, kinds.SumDot):
                _sub(g, "title", {}, "sum " + " or ".join(str(t) for t in c.totals))
        elif isinstance(c, kinds.Quadruple):
            _quadruple(g, geo, c, colours)
        elif isinstance(c, kinds.NumberSum) and len(c.segments) > 1:
            _number_sum(g, geo, c, colours)
        elif isinstance(c, kinds.CageRange):  # the outline is the cages' (svg.cages_of): the bounds here
            x, y = geo.origin(min(c.group))
            size = CELL * 0.22
            label = f"{c.low}–{c.high}"
            _sub(g, "rect", {"class": "cagerange-back", "x": _num(x + CELL * 0.04),
                             "y": _num(y + CELL * 0.04),
                             "width": _num(size * 0.6 * len(label) + 2), "height": _num(size * 1.05),
                             "fill": colours.background})
            _sub(g, "text", {"class": "cagerange", "x": _num(x + CELL * 0.06), "y": _num(y + size),
                             "font-size": _num(size), "text-anchor": "start", "fill": colours.text}, label)
        elif isinstance(c, kinds.LittleKiller):
            _little_killer(g, geo, c, colours, _outside_cell(n, c.line) in clued)
        elif isinstance(c, (kinds.Sandwich, kinds.XSum, kinds.Skyscraper)):
            _outside_clue(g, geo, c, colours)
    notes = [c for c in constraints if isinstance(c, _NOTES)]
    if notes:
        noted = " ".join(dict.fromkeys(c.kind for c in notes))
        text = "; ".join(dict.fromkeys(c.description for c in notes))
        _sub(root, "desc", {"class": "constraint-notes", "data-kinds": noted}, text)


def _edge_point(geo: Geometry, a: int, b: int) -> tuple[float, float]:
    (x1, y1), (x2, y2) = geo.center(a), geo.center(b)
    return (x1 + x2) / 2, (y1 + y2) / 2


def _dot(
    g: ET.Element,
    geo: Geometry,
    c: kinds.KropkiWhite | kinds.KropkiBlack | kinds.Difference | kinds.Ratio,
    colours: Colours,
) -> None:
    x, y = _edge_point(geo, c.a, c.b)
    black = isinstance(c, (kinds.KropkiBlack, kinds.Ratio))
    kind = {
        kinds.KropkiWhite: "white",
        kinds.KropkiBlack: "black",
        kinds.Difference: "difference",
        kinds.Ratio: "ratio",
    }[type(c)]
    labelled = isinstance(c, (kinds.Difference, kinds.Ratio))
    r = CELL * (0.15 if labelled else 0.115)
    _sub(g, "circle", {"class": f"dot {kind}", "cx": _num(x), "cy": _num(y), "r": _num(r),
                       "fill": colours.dot if black else colours.background, "stroke": colours.dot,
                       "stroke-width": _num(CELL * 0.025)})
    if isinstance(c, (kinds.Difference, kinds.Ratio)):
        size = CELL * 0.19
        _sub(g, "text", {"class": f"dot-label {kind}", "x": _num(x), "y": _num(y + size * 0.36),
                         "font-size": _num(size), "font-weight": "bold",
                         "fill": colours.background if black else colours.text}, str(c.value))


def _xv(g: ET.Element, geo: Geometry, c: kinds.XV, colours: Colours) -> None:
    x, y = _edge_point(geo, c.a, c.b)
    label = {10: "X", 5: "V"}.get(c.total, str(c.total))
    size = CELL * 0.32
    attrs = {"x": _num(x), "y": _num(y + size * 0.36), "font-size": _num(size), "font-weight": "bold",
             "data-total": str(c.total)}
    _sub(g, "text", {"class": "xv-halo", **attrs, "fill": colours.background, "stroke": colours.background,
                     "stroke-width": _num(CELL * 0.08), "stroke-linejoin": "round"}, label)
    _sub(g, "text", {"class": "xv", **attrs, "fill": colours.text}, label)


def _direction(cell: int, other: int, n: int) -> tuple[int, int]:
    """The (row, column) step from ``cell`` towards ``other``, each -1, 0 or 1."""
    (r1, c1), (r2, c2) = divmod(cell, n), divmod(other, n)
    return ((r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1))


def _number_sum(g: ET.Element, geo: Geometry, c: kinds.NumberSum, colours: Colours) -> None:
    """The total where the first two groups meet (between their closest cells), as a clue on an edge."""
    a, b = min(((x, y) for x in c.segments[0] for y in c.segments[1]),
               key=lambda p: math.dist(geo.center(p[0]), geo.center(p[1])))
    x, y = _edge_point(geo, a, b)
    size = CELL * 0.26
    attrs = {"x": _num(x), "y": _num(y + size * 0.36), "font-size": _num(size), "data-total": str(c.total)}
    _sub(g, "text", {"class": "numbersum-halo", **attrs, "fill": colours.background,
                     "stroke": colours.background, "stroke-width": _num(CELL * 0.08)}, str(c.total))
    _sub(g, "text", {"class": "numbersum", **attrs, "fill": colours.text}, str(c.total))


def _quadruple(g: ET.Element, geo: Geometry, c: kinds.Quadruple, colours: Colours) -> None:
    ox, oy = geo.origin(c.corner)
    x, y = ox + CELL, oy + CELL
    many = len(c.values) > 2
    r = CELL * (0.26 if many else 0.22)
    group = _sub(g, "g", {"class": "quadruple", "data-corner": str(c.corner)})
    _sub(group, "circle", {"class": "quadruple-circle", "cx": _num(x), "cy": _num(y), "r": _num(r),
                           "fill": colours.background, "stroke": colours.dot,
                           "stroke-width": _num(CELL * 0.025)})
    size = CELL * (0.17 if many else 0.19)
    values = [str(v) for v in c.values]
    lines = [" ".join(values[:2]), " ".join(values[2:])] if many else [" ".join(values)]
    for i, line in enumerate(lines):
        dy = (i - (len(lines) - 1) / 2) * size * 1.0
        _sub(group, "text", {"class": "quadruple-digits", "x": _num(x), "y": _num(y + dy + size * 0.36),
                             "font-size": _num(size), "fill": colours.text}, line)


def _edge_start(n: int, line: Sequence[int]) -> tuple[int, int, int]:
    """The end of a line at the grid's edge and the step ``(dr, dc)`` into the grid from it."""
    def step(a: int, b: int) -> tuple[int, int]:
        (r1, c1), (r2, c2) = divmod(a, n), divmod(b, n)
        return (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)

    def outside(cell: int, dr: int, dc: int) -> bool:
        r, c = divmod(cell, n)
        return not (0 <= r - dr < n and 0 <= c - dc < n)

    if len(line) == 1:
        r, c = divmod(line[0], n)
        return line[0], 1 if r == 0 else -1, 1 if c == 0 else -1
    forward = step(line[0], line[1])
    if outside(line[0], *forward):
        return line[0], *forward
    backward = step(line[-1], line[-2])
    if outside(line[-1], *backward):
        return line[-1], *backward
    return line[0], *forward


def _outside_cell(n: int, line: Sequence[int]) -> tuple[int, int]:
    """The ``(row, column)`` outside the grid (-1 or N) where a line's clue sits."""
    start, dr, dc = _edge_start(n, line)
    r, c = divmod(start, n)
    return r - dr, c - dc


def _little_killer(
    g: ET.Element, geo: Geometry, c: kinds.LittleKiller, colours: Colours, shared: bool
) -> None:
    """The total in the outside cell before the diagonal (in its outer corner when an outside
    clue sits there too) and a small arrow pointing along the diagonal."""
    start, dr, dc = _edge_start(geo.shape.n, c.line)
    sx, sy = geo.center(start)
    ox, oy = sx - dc * CELL, sy - dr * CELL  # the centre of the outside cell before the line
    group = _sub(g, "g", {"class": "littlekiller", "data-total": str(c.total)})
    size = CELL * (0.24 if shared else 0.3)
    away = CELL * (0.27 if shared else 0.08)
    tx, ty = ox - dc * away, oy - dr * away
    _sub(group, "text", {"class": "littlekiller-total", "x": _num(tx), "y": _num(ty + size * 0.36),
                         "font-size": _num(size), "fill": colours.clue}, str(c.total))
    x1, y1 = ox + dc * CELL * 0.2, oy + dr * CELL * 0.2
    x2, y2 = ox + dc * CELL * 0.42, oy + dr * CELL * 0.42
    head = CELL * 0.09
    d = (f"M{_num(x1)} {_num(y1)}L{_num(x2)} {_num(y2)}"
         f"M{_num(x2 - dc * head)} {_num(y2)}L{_num(x2)} {_num(y2)}L{_num(x2)} {_num(y2 - dr * head)}")
    _sub(group, "path", {"class": "littlekiller-arrow", "d": d, **_stroke(colours.clue, CELL * 0.03)})


def _outside_clue(
    g: ET.Element, geo: Geometry, c: kinds.Sandwich | kinds.XSum | kinds.Skyscraper, colours: Colours
) -> None:
    start, dr, dc = _edge_start(geo.shape.n, c.line)
    sx, sy = geo.center(start)
    x, y = sx - dc * CELL, sy - dr * CELL
    value = c.count if isinstance(c, kinds.Skyscraper) else c.total
    size = CELL * 0.42
    _sub(g, "text", {"class": f"outside-clue {c.kind}", "x": _num(x), "y": _num(y + size * 0.36),
                     "font-size": _num(size), "fill": colours.clue, "data-cell": str(start)}, str(value))
