"""Draw grids and steps as SVG, in the manner of python-chess's ``chess.svg.board``.

:func:`grid` returns an SVG string of a grid from 4×4 to 64×64 (legible through 25×25): givens
in black, placed digits in blue, pencil marks in their digit's slot of the cell, highlighted
cells, units and candidates in colour, eliminated candidates struck through in red, and the
strong (solid) and weak (dashed) links of a chain as arrows between candidates. :func:`step`
draws a :class:`~sudokit.techniques.step.Step` with what proves it; :func:`png` turns any of
these into a PNG through cairosvg (the ``png`` extra), so there is one drawing path.

The picture is an :mod:`xml.etree.ElementTree` tree (:func:`grid_element` gives it for embedding
in a larger document). Its elements carry classes and data attributes a test or a style sheet
can find: ``g.cell[data-cell]``, ``text.given``, ``text.placed``, ``text.mark[data-digit]``,
``.highlight``, ``.elimination``, ``path.link.strong`` / ``path.link.weak``. Colours are
presentation attributes (so any renderer shows them); the ``style`` argument adds CSS, which
overrides them, e.g. ``style="text.placed { fill: green }"``.

>>> from sudokit.grid import Grid
>>> svg = grid(Grid.from_string("1.3..4.22.4..3.1"), size=200)
>>> svg.startswith("<svg")
True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, TypedDict

from sudokit.candidates import Candidates
from sudokit.grid import Grid
from sudokit.render import constraints
from sudokit.render.layout import CAGE_DASH, CELL, Geometry, digit_label, fitted_dash, geometry
from sudokit.rules import Cage, Rules
from sudokit.rules.kinds import CageRange, KillerCage
from sudokit.shape import Shape, shape_for_size

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from sudokit.techniques.step import Link, Step

__all__ = [
    "PALETTE", "GridOptions", "Palette", "cages_of", "grid", "grid_element", "png", "step", "step_element",
    "to_string",
]

SVG_NS = "http://www.w3.org/2000/svg"

#: A candidate: ``(cell, digit)``.
Candidate = tuple[int, int]
#: What ``highlight`` takes: cells and candidates, with a colour each or the palette's.
Highlight = Iterable[int | Candidate] | Mapping[int | Candidate, str]
#: What ``units`` takes: unit indexes (into ``shape.units``), with a colour each or the palette's.
UnitHighlight = Iterable[int] | Mapping[int, str]


@dataclass(frozen=True)
class Palette:
    """The default colours of a drawing (any SVG colour string)."""

    background: str = "#ffffff"
    line: str = "#222222"
    given: str = "#111111"
    placed: str = "#1d5fbf"
    mark: str = "#5b5b5b"
    coordinate: str = "#777777"
    cell: str = "#fde68a"
    unit: str = "#e0ecfb"
    candidate: str = "#93d8a0"
    placement: str = "#34a853"
    elimination: str = "#d93025"
    elimination_fill: str = "#fbd1cd"
    strong: str = "#1a56db"
    weak: str = "#e8710a"
    region: str = "#dcdcdc"
    diagonal: str = "#8a8a8a"
    cage: str = "#333333"


#: The colours used unless a ``palette`` is given.
PALETTE = Palette()


class GridOptions(TypedDict, total=False):
    """The keywords of :func:`grid` (those of :func:`grid_element`, whose defaults apply)."""

    candidates: Candidates | bool | None
    placed: Grid | None
    highlight: Highlight | None
    units: UnitHighlight | None
    eliminations: Iterable[Candidate]
    placements: Iterable[Candidate]
    links: Iterable[Link]
    size: int | None
    coordinates: bool
    style: str
    title: str | None
    palette: Palette


# -- the per-shape strings, computed once ---------------------------------------------------------


def _num(value: float) -> str:
    """A coordinate as short text."""
    return format(round(value, 2), "g")


@dataclass(frozen=True)
class _Strings:
    """Attribute text that depends only on the shape (cached, so drawing formats few numbers)."""

    geo: Geometry
    translate: tuple[str, ...]
    cell_ids: tuple[str, ...]
    labels: tuple[str, ...]
    mark_x: tuple[str, ...]
    mark_y: tuple[str, ...]
    digit_x: str
    digit_y: str
    digit_size: str
    mark_size: str
    mark_radius: str
    view: str
    grid_lines: tuple[str, str]
    mark_attrs: tuple[dict[str, str], ...]


@cache
def _strings(
    shape: Shape, coordinates: bool, clues: bool = False, digits: tuple[int, ...] | None = None
) -> _Strings:
    """Format the positions of one shape once (``clues``: with a margin for outside clues;
    ``digits``: the rules' digit set, drawn instead of 1 … N, e.g. 0 … 8)."""
    geo = geometry(shape, coordinates, clues)
    n = shape.n
    translate = tuple(
        f"translate({_num(x)},{_num(y)})" for x, y in (geo.origin(c) for c in range(shape.size))
    )
    offsets = [geo.mark_offset(d) for d in range(1, n + 1)]
    mark_size = geo.mark_size
    mark_x = ("", *(_num(x) for x, _ in offsets))
    mark_y = ("", *(_num(y + mark_size * 0.36) for _, y in offsets))
    thin = " ".join(f"M{_num(a)} {_num(b)}L{_num(c)} {_num(d)}" for a, b, c, d, t in geo.lines() if not t)
    thick = " ".join(f"M{_num(a)} {_num(b)}L{_num(c)} {_num(d)}" for a, b, c, d, t in geo.lines() if t)
    return _Strings(
        geo=geo,
        translate=translate,
        cell_ids=tuple(str(c) for c in range(shape.size)),
        labels=("", *(digit_label(d, n) for d in range(1, n + 1))) if digits is None
        else ("", *(str(d) for d in digits)),
        mark_x=mark_x,
        mark_y=mark_y,
        digit_x=_num(CELL / 2),
        digit_y=_num(CELL / 2 + geo.digit_size * 0.36),
        digit_size=_num(geo.digit_size),
        mark_size=_num(mark_size),
        mark_radius=_num(min(geo.mark_pitch) * 0.48),
        view=f"0 0 {_num(geo.total)} {_num(geo.total)}",
        grid_lines=(thin, thick),
        # Read-only: ElementTree copies the attributes it is given.
        mark_attrs=({}, *(
            {"class": "mark", "data-digit": str(d), "x": mark_x[d], "y": mark_y[d]} for d in range(1, n + 1)
        )),
    )


def default_size(n: int) -> int:
    """The picture's width in pixels when none is asked for."""
    return max(360, min(40 * n, 1000))


# -- arguments ----------------------------------------------------------------------------------


def _colours(items: Highlight | UnitHighlight | None, default: str) -> dict[object, str]:
    """A highlight argument as ``{item: colour}``."""
    if items is None:
        return {}
    if isinstance(items, Mapping):
        return {key: str(value) for key, value in items.items()}
    return dict.fromkeys(items, default)


def _board(board: Grid | Candidates | str) -> tuple[Grid, Candidates | None]:
    """The givens grid (and the pencil marks, when a :class:`Candidates` was drawn)."""
    if isinstance(board, str):
        return Grid.from_string(board), None
    if isinstance(board, Grid):
        return board, None
    if isinstance(board, Candidates):
        return board.to_grid(), board
    raise TypeError(f"board must be a Grid, Candidates or str, not {type(board).__name__}")


# -- drawing --------------------------------------------------------------------------------------


def grid_element(
    board: Grid | Candidates | str,
    *,
    candidates: Candidates | bool | None = None,
    placed: Grid | None = None,
    highlight: Highlight | None = None,
    units: UnitHighlight | None = None,
    eliminations: Iterable[Candidate] = (),
    placements: Iterable[Candidate] = (),
    links: Iterable[Link] = (),
    size: int | None = None,
    coordinates: bool = False,
    style: str = "",
    title: str | None = None,
    palette: Palette = PALETTE,
) -> ET.Element:
    """The drawing of :func:`grid` as an :class:`xml.etree.ElementTree.Element` (``<svg>``)."""
    givens, own_marks = _board(board)
    if candidates is True:
        marks: Candidates | None = own_marks or Candidates.from_grid(givens)
    elif isinstance(candidates, Candidates):
        marks = candidates
    else:
        marks = own_marks if candidates is None else None
    if marks is not None and marks.shape != givens.shape:
        raise ValueError("candidates and board have different shapes")
    if placed is not None and placed.shape != givens.shape:
        raise ValueError("placed and board have different shapes")
    shape = givens.shape
    rules = givens.rules
    s = _strings(shape, coordinates, constraints.needs_margin(rules),
                 rules.digits if rules is not None else None)
    width = str(size if size is not None else default_size(shape.n))
    root = ET.Element("svg", {
        "xmlns": SVG_NS, "class": "sudokit", "viewBox": s.view, "width": width, "height": width,
        "font-family": "DejaVu Sans, Verdana, Arial, sans-serif", "text-anchor": "middle",
    })
    if title:
        ET.SubElement(root, "title").text = title
    link_list = list(links)
    if link_list:
        _markers(root, palette)
    if style:
        ET.SubElement(root, "style").text = style
    total = _num(s.geo.total)
    ET.SubElement(root, "rect", {"class": "background", "width": total, "height": total,
                                 "fill": palette.background})
    _units(root, s.geo, _colours(units, palette.unit))
    if rules is not None:
        _shaded_regions(root, s.geo, rules, palette)
        constraints.draw_under(root, s.geo, rules)
        # Under the digits, so that a diagonal never strikes through a pencil mark.
        _diagonals(root, s.geo, rules, palette)
    cages = cages_of(rules) if rules is not None else []
    labelled = {min(c.cells) for c in cages if c.total is not None}
    caged = {cell for c in cages for cell in c.cells}
    _cells(root, s, givens, marks, placed, _colours(highlight, palette.cell),
           set(eliminations), set(placements), link_list, palette, labelled, caged)
    if rules is not None and highlight and (rules.constraints or s.geo.diagonals(rules)):
        _see_through(root)
    if rules is not None:
        _cages(root, s.geo, cages, palette)
    _lines(root, s, palette, rules.pieces if rules is not None else None)
    if rules is not None:
        constraints.draw_over(root, s.geo, rules)
    if coordinates:
        _coordinates(root, s.geo, palette)
    if link_list:
        _links(root, s.geo, link_list, palette)
    return root


def grid(board: Grid | Candidates | str, **options: Unpack[GridOptions]) -> str:
    """An SVG picture of a grid.

    ``board``'s digits are the givens (a :class:`Candidates` brings its own pencil marks);
    ``candidates`` (or ``True`` for the grid's own) draws pencil marks and, for cells filled
    there but empty in ``board``, placed digits, as ``placed`` (a Grid) does. ``highlight``
    colours cells (ints) and candidates (``(cell, digit)``), ``units`` colours rows, columns
    and boxes (indexes into ``shape.units``); both take an iterable (palette colours) or a
    mapping to colours. ``eliminations`` are struck, ``placements`` marked green, ``links``
    (:class:`~sudokit.techniques.step.Link`) drawn as arrows, solid when strong, dashed when
    weak. ``size`` is the width in pixels, ``coordinates`` numbers rows and columns, ``style``
    is CSS added to the picture, ``title`` its tooltip.
    """
    return to_string(grid_element(board, **options))


def _markers(root: ET.Element, palette: Palette) -> None:
    """The arrowheads of strong and weak links."""
    defs = ET.SubElement(root, "defs")
    for kind, colour in (("strong", palette.strong), ("weak", palette.weak)):
        marker = ET.SubElement(defs, "marker", {
            "id": f"sudokit-arrow-{kind}", "viewBox": "0 0 10 10", "refX": "9", "refY": "5",
            "markerWidth": "6", "markerHeight": "6", "orient": "auto",
        })
        ET.SubElement(marker, "path", {"d": "M0 0L10 5L0 10z", "fill": colour})


def _units(root: ET.Element, geo: Geometry, colours: dict[object, str]) -> None:
    """Coloured rectangles under the highlighted rows, columns and boxes."""
    for unit, colour in colours.items():
        if not isinstance(unit, int) or not 0 <= unit < 3 * geo.shape.n:
            raise ValueError(f"no unit {unit!r} in a {geo.shape.n}×{geo.shape.n} grid")
        x, y, w, h = geo.unit_rect(unit)
        ET.SubElement(root, "rect", {
            "class": "highlight unit", "data-unit": str(unit), "x": _num(x), "y": _num(y),
            "width": _num(w), "height": _num(h), "fill": colour,
        })


def _cells(
    root: ET.Element, s: _Strings, givens: Grid, marks: Candidates | None, placed: Grid | None,
    colours: dict[object, str], eliminated: set[Candidate], placing: set[Candidate],
    links: list[Link], palette: Palette, labelled: Collection[int] = (), caged: Collection[int] = (),
) -> None:
    """One ``<g class="cell">`` per cell: its highlight, then its digit or its pencil marks (in a
    cell of ``labelled``, which carries a cage sum in its corner, the marks are drawn smaller
    towards the bottom right so that the sum never hides one; in any other cell of a cage, a
    little smaller about the centre, so that none touches the dashed outline)."""
    shape = givens.shape
    n = shape.n
    wanted: dict[int, set[int]] = {}
    for key in (*colours, *eliminated, *placing, *(e for link in links for e in (link.start, link.end))):
        if isinstance(key, tuple):
            cell, digit = key
            if not (0 <= cell < shape.size and 1 <= digit <= n):
                raise ValueError(f"no candidate {key!r} in a {n}×{n} grid")
            wanted.setdefault(cell, set()).add(digit)
        elif not (isinstance(key, int) and 0 <= key < shape.size):
            raise ValueError(f"no cell {key!r} in a {n}×{n} grid")
    # Pencil marks inherit their size and colour from the group; digits set their own.
    group = ET.SubElement(root, "g", {"class": "cells", "font-size": s.mark_size, "fill": palette.mark})
    sub = ET.SubElement
    cell_side = _num(CELL)
    values = givens.cells
    placed_values = marks.values if marks is not None else placed.cells if placed is not None else None
    masks = marks.masks if marks is not None else None
    digit_attrs = {"x": s.digit_x, "y": s.digit_y, "font-size": s.digit_size}
    given_attrs = {"class": "given", **digit_attrs, "fill": palette.given}
    placed_attrs = {"class": "placed", **digit_attrs, "fill": palette.placed}
    special = bool(eliminated or placing or any(isinstance(k, tuple) for k in colours))
    labels, mark_attrs = s.labels, s.mark_attrs
    for cell in range(shape.size):
        g = sub(group, "g", {"class": "cell", "data-cell": s.cell_ids[cell], "transform": s.translate[cell]})
        colour = colours.get(cell)
        if colour is not None:
            sub(g, "rect", {"class": "highlight", "width": cell_side, "height": cell_side, "fill": colour})
        value = values[cell]
        if value:
            sub(g, "text", given_attrs).text = labels[value]
            continue
        if placed_values is not None and placed_values[cell]:
            sub(g, "text", placed_attrs).text = labels[placed_values[cell]]
            continue
        mask = masks[cell] if masks is not None else 0
        if mask and cell in labelled:
            g = sub(g, "g", {"class": "shrunk", "transform": _SHRINK})
        elif mask and cell in caged:
            g = sub(g, "g", {"class": "shrunk", "transform": _CAGED})
        extra = wanted.get(cell)
        if extra:
            for digit in range(1, n + 1):
                if mask >> (digit - 1) & 1 or digit in extra:
                    _mark(g, s, cell, digit, colours, eliminated, placing, palette)
        elif special:
            for digit in range(1, n + 1):
                if mask >> (digit - 1) & 1:
                    _mark(g, s, cell, digit, colours, eliminated, placing, palette)
        else:
            digit = 1
            while mask:
                if mask & 1:
                    sub(g, "text", mark_attrs[digit]).text = labels[digit]
                mask >>= 1
                digit += 1


#: The pencil marks of a cell with a cage sum: scaled to 70 % towards the bottom-right corner,
#: clear of the sum and of the dashed outline (drawn 9 % of a cell inside the cage).
_SHRINK = f"translate({_num(CELL * 0.22)} {_num(CELL * 0.2)}) scale(0.7)"
#: The pencil marks of any other cell of a cage: scaled to 80 % about the cell's centre.
_CAGED = f"translate({_num(CELL * 0.1)} {_num(CELL * 0.1)}) scale(0.8)"


def cages_of(rules: Rules) -> list[Cage]:
    """Every cage drawn: Killer's cages, then the cage constraints (a link's killer cages), in
    drawing order (the SVG, the booklet and the web page draw the same list)."""
    return [*rules.cages, *(Cage(c.group, c.total) for c in rules.constraints if isinstance(c, KillerCage)),
            *(Cage(c.group) for c in rules.constraints if isinstance(c, CageRange))]  # bounds: constraints.py


def _see_through(root: ET.Element) -> None:
    """Let the constraint lines and shapes under highlighted cells show through the highlight."""
    for g in root.iter("g"):
        if g.get("class") == "cell":
            for rect in g.iter("rect"):
                if rect.get("class") == "highlight":
                    rect.set("fill-opacity", "0.55")


def _mark(
    g: ET.Element, s: _Strings, cell: int, digit: int, colours: dict[object, str],
    eliminated: set[Candidate], placing: set[Candidate], palette: Palette,
) -> None:
    """One pencil mark, with its highlight disc and strike-through when it has them."""
    x, y = s.mark_x[digit], s.mark_y[digit]
    key = (cell, digit)
    attrs = {"class": "mark", "data-digit": str(digit), "x": x, "y": y}
    if key in eliminated or key in placing or key in colours:
        cx, cy = s.geo.mark_offset(digit)
        if key in eliminated:
            fill, kind = palette.elimination_fill, "highlight elimination"
        elif key in placing:
            fill, kind = palette.placement, "highlight placement"
        else:
            fill, kind = colours[key], "highlight"
        ET.SubElement(g, "circle", {"class": kind, "data-digit": str(digit), "cx": _num(cx),
                                    "cy": _num(cy), "r": s.mark_radius, "fill": fill})
        if key in eliminated:
            attrs["class"] = "mark eliminated"
            attrs["fill"] = palette.elimination
        elif key in placing:
            attrs["fill"] = palette.background
    ET.SubElement(g, "text", attrs).text = s.labels[digit]
    if key in eliminated:
        r = float(s.mark_radius) * 0.8
        cx, cy = s.geo.mark_offset(digit)
        ET.SubElement(g, "line", {
            "class": "elimination", "data-digit": str(digit), "x1": _num(cx - r), "y1": _num(cy + r),
            "x2": _num(cx + r), "y2": _num(cy - r), "stroke": palette.elimination,
            "stroke-width": _num(CELL * 0.03),
        })


def _lines(root: ET.Element, s: _Strings, palette: Palette, pieces: Sequence[int] | None = None) -> None:
    """The cell and box lines (a Jigsaw's piece borders instead of boxes) and the border."""
    geo = s.geo
    thin, thick = s.grid_lines
    if pieces is not None:
        thin, thick = _piece_lines(geo, pieces)
    g = ET.SubElement(root, "g", {"class": "lines", "stroke": palette.line, "fill": "none"})
    if thin:
        ET.SubElement(g, "path", {"class": "thin", "d": thin, "stroke-width": _num(geo.thin)})
    if thick:
        ET.SubElement(g, "path", {"class": "thick", "d": thick, "stroke-width": _num(geo.thick)})
    m = _num(geo.margin)
    ET.SubElement(g, "rect", {"class": "border", "x": m, "y": m, "width": _num(geo.side),
                              "height": _num(geo.side), "stroke-width": _num(geo.thick)})


def _piece_lines(geo: Geometry, pieces: Sequence[int]) -> tuple[str, str]:
    """Path data of the thin lines inside a Jigsaw's pieces and the thick lines between them."""
    lines = geo.piece_lines(pieces)
    return (" ".join(f"M{_num(a)} {_num(b)}L{_num(c)} {_num(d)}" for a, b, c, d, t in lines if not t),
            " ".join(f"M{_num(a)} {_num(b)}L{_num(c)} {_num(d)}" for a, b, c, d, t in lines if t))


def _shaded_regions(root: ET.Element, geo: Geometry, rules: Rules, palette: Palette) -> None:
    """Windoku's windows and extra regions shaded under the digits."""
    g = ET.SubElement(root, "g", {"class": "regions", "fill": palette.region})
    for index, region in enumerate(rules.regions):
        if region.kind not in ("window", "extra"):
            continue
        for cell in region.cells:
            x, y = geo.origin(cell)
            ET.SubElement(g, "rect", {"class": region.kind, "data-region": str(index), "x": _num(x),
                                      "y": _num(y), "width": _num(CELL), "height": _num(CELL)})


def _diagonals(root: ET.Element, geo: Geometry, rules: Rules, palette: Palette) -> None:
    """Sudoku X's diagonals as thin lines from corner to corner."""
    found = geo.diagonals(rules)
    if not found:
        return
    g = ET.SubElement(root, "g", {"class": "diagonals", "stroke": palette.diagonal,
                                  "stroke-width": _num(geo.thin * 1.6), "fill": "none"})
    for x1, y1, x2, y2 in found:
        ET.SubElement(g, "path", {"class": "diagonal", "d": f"M{_num(x1)} {_num(y1)}L{_num(x2)} {_num(y2)}"})


def _cages(root: ET.Element, geo: Geometry, cages: Sequence[Cage], palette: Palette) -> None:
    """Killer cages (and cage constraints): a dashed outline inside each cage's cells, its sum on a
    white patch in the top-left corner, so lines under it never cross the sum."""
    if not cages:
        return
    inset = CELL * 0.09
    g = ET.SubElement(root, "g", {"class": "cages"})
    dash, gap = CELL * CAGE_DASH[0], CELL * CAGE_DASH[1]
    for index, cage in enumerate(cages):
        outline = ET.SubElement(g, "g", {"class": "cage", "data-cage": str(index), "fill": "none",
                                         "stroke": palette.cage, "stroke-width": _num(geo.thin * 1.2)})
        for a, b, c, d in geo.cage_edges(set(cage.cells), inset):
            on, off = fitted_dash(abs(c - a) + abs(d - b), dash, gap)
            ET.SubElement(outline, "path", {"d": f"M{_num(a)} {_num(b)}L{_num(c)} {_num(d)}",
                                            "stroke-dasharray": f"{_num(on)} {_num(off)}"})
        if cage.total is not None:
            x, y = geo.origin(min(cage.cells))
            size = CELL * 0.24
            label = str(cage.total)
            ET.SubElement(g, "rect", {"class": "cage-sum-back", "x": _num(x + inset * 0.4),
                                      "y": _num(y + inset * 0.4), "width": _num(size * 0.62 * len(label) + 2),
                                      "height": _num(size * 1.05), "fill": palette.background})
            text = ET.SubElement(g, "text", {
                "class": "cage-sum", "x": _num(x + inset * 0.6), "y": _num(y + size),
                "font-size": _num(size), "text-anchor": "start", "fill": palette.cage,
            })
            text.text = label


def _coordinates(root: ET.Element, geo: Geometry, palette: Palette) -> None:
    """Row numbers on the left and column numbers on top."""
    # At the picture's edge, beyond any outside clues.
    g = ET.SubElement(root, "g", {"class": "coordinates", "font-size": _num(CELL * 0.3),
                                  "fill": palette.coordinate})
    half = CELL * 0.3
    for i in range(geo.shape.n):
        mid = geo.margin + (i + 0.5) * CELL
        ET.SubElement(g, "text", {"class": "column", "x": _num(mid), "y": _num(half + CELL * 0.108)}
                      ).text = str(i + 1)
        ET.SubElement(g, "text", {"class": "row", "x": _num(half), "y": _num(mid + CELL * 0.108)}
                      ).text = str(i + 1)


def _links(root: ET.Element, geo: Geometry, links: list[Link], palette: Palette) -> None:
    """Chain links as curved arrows between candidates: solid for strong, dashed for weak."""
    g = ET.SubElement(root, "g", {"class": "links", "fill": "none", "stroke-width": _num(CELL * 0.035),
                                  "stroke-linecap": "round"})
    gap = min(geo.mark_pitch) * 0.5
    for link in links:
        kind = "strong" if link.strong else "weak"
        x1, y1 = geo.mark_center(*link.start)
        x2, y2 = geo.mark_center(*link.end)
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        bend = max(length * 0.18, CELL * 0.25)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        # Bend towards the middle of the grid, so arrows along an edge stay inside it.
        centre = geo.total / 2
        sign = 1.0 if (-uy) * (centre - mx) + ux * (centre - my) >= 0 else -1.0
        mx, my = mx - uy * bend * sign, my + ux * bend * sign
        # Start and end a little off the marks, heading towards the control point.
        sx, sy = _towards(x1, y1, mx, my, gap)
        ex, ey = _towards(x2, y2, mx, my, gap)
        attrs = {
            "class": f"link {kind}", "data-from": f"{link.start[0]}:{link.start[1]}",
            "data-to": f"{link.end[0]}:{link.end[1]}",
            "d": f"M{_num(sx)} {_num(sy)}Q{_num(mx)} {_num(my)} {_num(ex)} {_num(ey)}",
            "stroke": palette.strong if link.strong else palette.weak,
            "marker-end": f"url(#sudokit-arrow-{kind})",
        }
        if not link.strong:
            attrs["stroke-dasharray"] = f"{_num(CELL * 0.09)} {_num(CELL * 0.07)}"
        ET.SubElement(g, "path", attrs)


def _towards(x: float, y: float, tx: float, ty: float, distance: float) -> tuple[float, float]:
    """The point ``distance`` from ``(x, y)`` towards ``(tx, ty)``."""
    dx, dy = tx - x, ty - y
    length = math.hypot(dx, dy) or 1.0
    return x + dx / length * distance, y + dy / length * distance


# -- steps ----------------------------------------------------------------------------------------


def step_element(
    step: Step,
    board: Grid | Candidates | str | None = None,
    candidates: Candidates | None = None,
    **options: object,
) -> ET.Element:
    """The drawing of :func:`step` as an :class:`xml.etree.ElementTree.Element`."""
    if board is None:
        board = Grid.empty(_guess_shape(step))
    given, own = _board(board)
    marks = candidates if candidates is not None else own
    palette = options.get("palette", PALETTE)
    assert isinstance(palette, Palette)
    highlight: dict[int | Candidate, str] = dict.fromkeys(step.cells, palette.cell)
    highlight.update(dict.fromkeys(step.candidates, palette.candidate))
    title = f"{step.technique}: {step.explanation}" if step.explanation else step.technique
    options.setdefault("title", title)
    return grid_element(
        given, candidates=marks, highlight=highlight, units=step.units,
        eliminations=step.eliminations, placements=step.placements, links=step.links,
        **options,  # type: ignore[arg-type]
    )


def step(
    step: Step,
    board: Grid | Candidates | str | None = None,
    candidates: Candidates | None = None,
    **options: object,
) -> str:
    """An SVG picture of a step on its position: its cells, units and candidates highlighted,
    its eliminations struck, its placements in green and its chain's links as arrows.

    ``board`` is the puzzle (its digits drawn as givens), ``candidates`` the position the step
    was found in (pencil marks and placed digits); other options are :func:`grid`'s. Without a
    board the step is drawn on an empty grid of the smallest usual shape its cells fit (9×9 for
    a 9×9 step).
    """
    return to_string(step_element(step, board, candidates, **options))


def _guess_shape(step: Step) -> Shape:
    """The smallest usual shape (9×9 first, then 16×16, 25×25, …) a step's cells and digits fit."""
    cells = [*step.cells, *(c for c, _ in (*step.candidates, *step.eliminations, *step.placements))]
    digits = [d for _, d in (*step.candidates, *step.eliminations, *step.placements)]
    top_cell, top_digit = max(cells, default=0), max(digits, default=1)
    for n in (9, 16, 25, 36, 49, 64):
        if top_cell < n * n and top_digit <= n:
            return shape_for_size(n)
    return shape_for_size(64)


# -- output ---------------------------------------------------------------------------------------


_ESCAPE_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ESCAPE_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;"})


def to_string(element: ET.Element) -> str:
    """Serialize a drawing: the same XML as ``ET.tostring``, written faster for these trees.

    Leaf elements repeat (a pencil mark's element is the same in every cell, only its group
    moves), so each distinct leaf is written once and its text reused.
    """
    out: list[str] = []
    _write(element, out, {})
    return "".join(out)


def _write(element: ET.Element, out: list[str], seen: dict[tuple[object, ...], str]) -> None:
    """Append one element and its children as XML text."""
    tag = element.tag
    text = element.text
    if len(element):
        out.append(f"<{tag}{_attributes(element.attrib)}>{text.translate(_ESCAPE_TEXT) if text else ''}")
        for child in element:
            _write(child, out, seen)
        out.append(f"</{tag}>")
    else:
        key = (tag, text, *element.attrib.items())
        done = seen.get(key)
        if done is None:
            attrs = _attributes(element.attrib)
            done = f"<{tag}{attrs}>{text.translate(_ESCAPE_TEXT)}</{tag}>" if text else f"<{tag}{attrs}/>"
            seen[key] = done
        out.append(done)
    if element.tail:
        out.append(element.tail.translate(_ESCAPE_TEXT))


def _attributes(attrib: dict[str, str]) -> str:
    """Attributes as XML text, escaped only when a value needs it."""
    raw = "".join(attrib.values())
    if "&" in raw or "<" in raw or '"' in raw or ">" in raw or "\n" in raw:
        return "".join([f' {key}="{value.translate(_ESCAPE_ATTR)}"' for key, value in attrib.items()])
    return "".join([f' {key}="{value}"' for key, value in attrib.items()])


def png(svg: str | ET.Element, *, width: int | None = None) -> bytes:
    """A PNG of an SVG drawing (cairosvg renders it: install the ``png`` extra).

    ``width`` sets the PNG's width in pixels (default: the SVG's own width).
    """
    try:
        import cairosvg  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError("PNG output needs cairosvg: pip install 'sudokit[png]'") from error
    text = svg if isinstance(svg, str) else to_string(svg)
    data: bytes = cairosvg.svg2png(bytestring=text.encode("utf-8"), output_width=width)
    return data
