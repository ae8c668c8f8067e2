"""PDF booklets of puzzles: 1, 2, 4 or 6 a page, each labelled with its number, SE rating and level.

Built with reportlab (the ``pdf`` extra). The grids are drawn with reportlab's vector
primitives from the same :mod:`sudokit.render.layout` as the SVG pictures (same proportions, same
palette), not by embedding the SVG: text stays text (searchable, extractable, one embedded font
subset for the whole file) and a hundred-puzzle booklet takes a fraction of a second to draw.
The font is DejaVu Sans (Debian's ``fonts-dejavu-core``), else reportlab's own Bitstream Vera,
registered as TrueType so it is embedded (the PDF standard fonts are not).

The file is written to a temporary file beside ``out`` and renamed into place, so a failure
leaves no half-written booklet. Bad input raises a named :class:`~sudokit.errors.SudokuError`:
a malformed puzzle (:class:`~sudokit.errors.ParseError`), a puzzle without exactly one solution,
an unknown option (:class:`~sudokit.errors.OptionError`), an unwritable path
(:class:`~sudokit.errors.OutputError`).
"""

from __future__ import annotations

import os
import re
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sudokit.errors import (
    MultipleSolutionsError,
    NoSolutionError,
    OptionError,
    OutputError,
    ShapeError,
    SudokuError,
)
from sudokit.generation.generator import LEVELS as LEVELS  # the level names a difficulty may give
from sudokit.generation.generator import parse_difficulty
from sudokit.grid import Grid
from sudokit.render.constraints import layers, needs_margin
from sudokit.render.layout import CAGE_DASH, CELL, Geometry, digit_label, fitted_dash, geometry
from sudokit.render.svg import PALETTE, cages_of

if TYPE_CHECKING:
    from sudokit.rating.explainer import Rating

__all__ = ["LAYOUTS", "PAPERS", "Booklet", "Entry", "book"]

#: Paper sizes in points (1/72 inch).
PAPERS: dict[str, tuple[float, float]] = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}
#: Puzzles a page → (columns, rows) of the page's layout.
LAYOUTS: dict[int, tuple[int, int]] = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}

_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu",)
_MM = 72 / 25.4
_MARGIN = 15 * _MM


@dataclass(frozen=True)
class Entry:
    """One puzzle of a booklet: its number, the puzzle, its solution and its rating."""

    number: int
    puzzle: Grid
    solution: Grid
    rating: Rating | None

    @property
    def label(self) -> str:
        """``Puzzle 3 · SE 4.2 · medium`` (the rating part left out when not rated)."""
        rating = self.rating
        if rating is None or rating.er is None:
            return f"Puzzle {self.number}"
        return f"Puzzle {self.number} · SE {rating.er:.1f} · {rating.level}"


@dataclass(frozen=True)
class Booklet:
    """What :func:`book` wrote: the file, how many puzzles and how many pages."""

    path: Path
    puzzles: int
    pages: int
    entries: tuple[Entry, ...] = ()


# -- checking the arguments -----------------------------------------------------------------------


def _paper(paper: str) -> tuple[float, float]:
    """The paper size in points, or :class:`OptionError`."""
    size = PAPERS.get(str(paper).lower())
    if size is None:
        raise OptionError(f"unknown paper {paper!r} (known: A4, letter)")
    return size


def _layout(per_page: int) -> tuple[int, int]:
    """The page layout, or :class:`OptionError`."""
    layout = LAYOUTS.get(per_page) if isinstance(per_page, int) else None
    if layout is None:
        raise OptionError(f"per_page must be one of 1, 2, 4, 6, not {per_page!r}")
    return layout


def _difficulty(value: object) -> object:
    """A difficulty the generator understands (a level name or an SE range), or :class:`OptionError`."""
    return parse_difficulty(value)


def _target(out: str | os.PathLike[str]) -> Path:
    """The output path, after checking its directory exists and is writable."""
    path = Path(out)
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise OutputError(f"cannot write {path}: it is a directory")
    if not parent.is_dir():
        raise OutputError(f"cannot write {path}: directory {parent} does not exist")
    if not os.access(parent, os.W_OK):
        raise OutputError(f"cannot write {path}: directory {parent} is not writable")
    return path


def _font_paths(font: str | os.PathLike[str] | None) -> tuple[str, str]:
    """Regular and bold TrueType files: the one asked for, DejaVu Sans, or reportlab's Vera."""
    if font is not None:
        if not Path(font).is_file():
            raise OptionError(f"font file {font} does not exist")
        return str(font), str(font)
    for folder in _FONT_DIRS:
        regular, bold = Path(folder, "DejaVuSans.ttf"), Path(folder, "DejaVuSans-Bold.ttf")
        if regular.is_file() and bold.is_file():
            return str(regular), str(bold)
    import reportlab  # type: ignore[import-untyped,import-not-found,unused-ignore]

    fonts = Path(reportlab.__file__).parent / "fonts"
    return str(fonts / "Vera.ttf"), str(fonts / "VeraBd.ttf")


# -- the puzzles ----------------------------------------------------------------------------------


def _rate(grid: Grid, time_limit: float | None) -> Rating | None:
    """The puzzle's rating, ``None`` when the rater gives up within the time limit."""
    from sudokit.rating.explainer import rate

    rating = rate(grid, time_limit=time_limit)
    return rating if rating.er is not None else None


def _given(puzzles: Iterable[Grid | str], time_limit: float | None) -> list[Entry]:
    """Parse, solve and rate the puzzles given (errors name the puzzle's number)."""
    from sudokit.engine.solver import search

    entries = []
    for number, item in enumerate(puzzles, start=1):
        try:
            grid = item if isinstance(item, Grid) else Grid.from_string(item)
            if not 4 <= grid.n <= 16:
                raise ShapeError(f"a booklet holds 4×4 to 16×16 grids, not {grid.n}×{grid.n}")
            found = search(grid, 2)
            if found.solution is None:
                raise NoSolutionError()
            if found.count > 1:
                raise MultipleSolutionsError()
        except SudokuError as error:
            raise error.with_line(number) from error
        entries.append(Entry(number, grid, found.solution, _rate(grid, time_limit)))
    return entries


def _generated(count: int, difficulty: object, box: Any, seed: int | None,
               time_limit: float | None) -> list[Entry]:
    """Generate ``count`` puzzles (of the difficulty asked) and rate them."""
    from sudokit.generation.generator import generate_many

    entries = []
    for number, made in enumerate(generate_many(count, seed=seed, difficulty=difficulty, box=box), 1):
        rating = made.rating if made.rating is not None and made.rating.er is not None else None
        entries.append(Entry(number, made.puzzle, made.solution, rating or _rate(made.puzzle, time_limit)))
    return entries


# -- drawing --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Pen:
    """Maps geometry units into a square of the page: top-left ``(x, top)``, scale ``k``."""

    x: float
    top: float
    k: float

    def at(self, gx: float, gy: float) -> tuple[float, float]:
        """The page point of a geometry point (PDF's y grows upwards)."""
        return self.x + gx * self.k, self.top - gy * self.k


def _colour(canvas: Any, hex_colour: str, stroke: bool = False) -> None:
    """Set a fill (or stroke) colour from ``#rrggbb``."""
    from reportlab.lib.colors import HexColor  # type: ignore[import-untyped,import-not-found,unused-ignore]

    (canvas.setStrokeColor if stroke else canvas.setFillColor)(HexColor(hex_colour))


def _draw_rules_under(canvas: Any, geo: Geometry, pen: _Pen, puzzle: Grid) -> None:
    """A variant's shaded windows and extra regions, under the digits (constraints: :func:`_paint`)."""
    rules = puzzle.rules
    if rules is None:
        return
    _colour(canvas, PALETTE.region)
    side = CELL * pen.k
    for cell in sorted({c for r in rules.regions if r.kind in ("window", "extra") for c in r.cells}):
        x, y = pen.at(*geo.origin(cell))
        canvas.rect(x, y - side, side, side, stroke=0, fill=1)


def _draw_rules_over(canvas: Any, geo: Geometry, pen: _Pen, puzzle: Grid) -> None:
    """A variant's diagonals and dashed Killer cages with their sums, over the digits."""
    rules = puzzle.rules
    if rules is None:
        return
    _colour(canvas, PALETTE.diagonal, stroke=True)
    canvas.setLineWidth(geo.thin * 1.6 * pen.k)
    for x1, y1, x2, y2 in geo.diagonals(rules):
        canvas.line(*pen.at(x1, y1), *pen.at(x2, y2))
    cages = cages_of(rules)
    if not cages:
        return
    _colour(canvas, PALETTE.cage, stroke=True)
    canvas.setLineWidth(geo.thin * 1.2 * pen.k)
    size = CELL * 0.24
    canvas.setFont("SudokitSans", size * pen.k)
    for cage in cages:
        for x1, y1, x2, y2 in geo.cage_edges(cage.cells):
            on, off = fitted_dash(abs(x2 - x1) + abs(y2 - y1), CELL * CAGE_DASH[0], CELL * CAGE_DASH[1])
            canvas.setDash(on * pen.k, off * pen.k)
            canvas.line(*pen.at(x1, y1), *pen.at(x2, y2))
        if cage.total is not None:
            x, y = geo.origin(min(cage.cells))
            label = str(cage.total)
            _colour(canvas, PALETTE.background)
            lx, ly = pen.at(x + CELL * 0.035, y + CELL * 0.035)
            canvas.rect(lx, ly - size * 1.05 * pen.k, (size * 0.62 * len(label) + 2) * pen.k,
                        size * 1.05 * pen.k, stroke=0, fill=1)
            _colour(canvas, PALETTE.cage)
            canvas.drawString(*pen.at(x + CELL * 0.055, y + size), label)
    canvas.setDash()


def _draw_grid(canvas: Any, geo: Geometry, pen: _Pen, puzzle: Grid, solution: Grid | None) -> None:
    """One grid: a variant's shading, digits (solution digits in the placed colour), a variant's
    marks, then thin and thick lines (a Jigsaw's pieces instead of boxes)."""
    n = geo.shape.n
    _draw_rules_under(canvas, geo, pen, puzzle)
    drawn = layers(puzzle.rules, geo) if puzzle.rules is not None and puzzle.rules.constraints else None
    if drawn is not None:
        _paint(canvas, pen, drawn[0])
    size = geo.digit_size * pen.k
    canvas.setFont("SudokitSans-Bold" if solution is None else "SudokitSans", size)
    for colour, values in ((PALETTE.given, puzzle.cells),
                           (PALETTE.placed, solution.cells if solution is not None else ())):
        _colour(canvas, colour)
        for cell, value in enumerate(values):
            if value and (colour == PALETTE.given or not puzzle.cells[cell]):
                cx, cy = geo.center(cell)
                x, y = pen.at(cx, cy + geo.digit_size * 0.36)
                canvas.drawCentredString(x, y, digit_label(value, n))
    _draw_rules_over(canvas, geo, pen, puzzle)
    _colour(canvas, PALETTE.line, stroke=True)
    canvas.setLineCap(2)
    pieces = puzzle.rules.pieces if puzzle.rules is not None else None
    for x1, y1, x2, y2, thick in (geo.lines() if pieces is None else geo.piece_lines(pieces)):
        canvas.setLineWidth((geo.thick if thick else geo.thin) * pen.k)
        canvas.line(*pen.at(x1, y1), *pen.at(x2, y2))
    canvas.setLineWidth(geo.thick * pen.k)
    left, top = pen.at(geo.margin, geo.margin)
    side = geo.side * pen.k
    canvas.rect(left, top - side, side, side, stroke=1, fill=0)
    if drawn is not None:  # dots, X/V, quadruples and outside clues over the grid lines, as in the SVG
        _paint(canvas, pen, drawn[1])


#: The SVG attributes the painter reads, inherited from group to child as in SVG.
_STYLE = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "font-size", "font-weight",
          "text-anchor")
_POINT = re.compile(r"([ML])\s*(-?[\d.]+(?:e[-+]?\d+)?)[\s,]+(-?[\d.]+(?:e[-+]?\d+)?)")


def _paint(canvas: Any, pen: _Pen, element: ET.Element) -> None:
    """Paint a group that :mod:`sudokit.render.constraints` drew as SVG with reportlab's vector
    primitives (the same drawing as the pictures: paths of straight segments, circles,
    rectangles with or without round corners, text with or without a halo)."""
    canvas.saveState()
    try:
        _paint_element(canvas, pen, element, {"fill": "#000000", "stroke": "none", "stroke-width": "1",
                                              "font-size": "12", "text-anchor": "middle"})
    finally:
        canvas.restoreState()


def _paint_element(canvas: Any, pen: _Pen, element: ET.Element, inherited: dict[str, str]) -> None:
    style = {**inherited, **{k: v for k, v in element.attrib.items() if k in _STYLE}}
    tag = element.tag
    if tag == "g":
        for child in element:
            _paint_element(canvas, pen, child, style)
        return
    fill = style["fill"] if style["fill"] != "none" else None
    stroke = style["stroke"] if style["stroke"] != "none" else None
    if fill:
        _colour(canvas, fill)
    if stroke:
        _colour(canvas, stroke, stroke=True)
        canvas.setLineWidth(float(style["stroke-width"]) * pen.k)
        canvas.setLineCap(1 if style.get("stroke-linecap") == "round" else 0)
        canvas.setLineJoin(1 if style.get("stroke-linejoin") == "round" else 0)
    a = element.attrib
    paint = {"stroke": 1 if stroke else 0, "fill": 1 if fill else 0}

    def num(name: str) -> float:
        return float(a.get(name, "0"))

    if tag == "path":
        path = canvas.beginPath()
        for op, x, y in _POINT.findall(a.get("d", "")):
            (path.moveTo if op == "M" else path.lineTo)(*pen.at(float(x), float(y)))
        canvas.drawPath(path, **paint)
    elif tag == "circle":
        canvas.circle(*pen.at(num("cx"), num("cy")), num("r") * pen.k, **paint)
    elif tag == "rect":
        x, y = pen.at(num("x"), num("y"))
        w, h = num("width") * pen.k, num("height") * pen.k
        if "rx" in a:
            canvas.roundRect(x, y - h, w, h, num("rx") * pen.k, **paint)
        else:
            canvas.rect(x, y - h, w, h, **paint)
    elif tag == "text" and element.text:
        font = "SudokitSans-Bold" if style.get("font-weight") == "bold" else "SudokitSans"
        size = float(style["font-size"]) * pen.k
        x, y = pen.at(num("x"), num("y"))
        width = canvas.stringWidth(element.text, font, size)
        shift = {"middle": width / 2, "end": width}.get(style["text-anchor"], 0.0)
        text = canvas.beginText(x - shift, y)
        text.setFont(font, size)
        text.setTextRenderMode(2 if stroke else 0)  # a halo: stroked and filled
        text.textOut(element.text)
        canvas.drawText(text)


def _slots(
    page: tuple[float, float], layout: tuple[int, int], label: float
) -> list[tuple[float, float, float]]:
    """``(x, top, side)`` of each grid on a page, row by row, with room above for a label.

    The grids are as large as the area allows, a fixed gap apart, the block centred across the
    page; several a page start right under the title, one a page sits in the middle of the area.
    """
    width, height = page
    cols, rows = layout
    header, footer = 22.0, 22.0
    area_w = width - 2 * _MARGIN
    area_h = height - 2 * _MARGIN - header - footer
    gap = 8 * _MM if cols * rows > 1 else 0
    side = min((area_w - (cols - 1) * gap) / cols, (area_h - (rows - 1) * gap) / rows - label)
    block_w = cols * side + (cols - 1) * gap
    block_h = rows * (label + side) + (rows - 1) * gap
    left = _MARGIN + (area_w - block_w) / 2
    first = height - _MARGIN - header - ((area_h - block_h) / 2 if cols * rows == 1 else 0)
    return [(left + c * (side + gap), first - r * (label + side + gap) - label, side)
            for r in range(rows) for c in range(cols)]


def _page_frame(canvas: Any, page: tuple[float, float], title: str, number: int) -> None:
    """The running title at the top and the page number at the bottom."""
    width, height = page
    _colour(canvas, "#444444")
    canvas.setFont("SudokitSans-Bold", 13)
    canvas.drawString(_MARGIN, height - _MARGIN - 4, title)
    canvas.setFont("SudokitSans", 9)
    canvas.drawCentredString(width / 2, _MARGIN - 6, f"page {number}")


def _draw_pages(canvas: Any, entries: Sequence[Entry], page: tuple[float, float], layout: tuple[int, int],
                title: str, solutions: bool) -> int:
    """Every page: the puzzles, then (with ``solutions``) small solution grids; the page count."""
    pages = 0
    per_page = layout[0] * layout[1]
    label_size = 11 if per_page <= 2 else 9.5
    slots = _slots(page, layout, label_size * 1.8)
    for start in range(0, len(entries), per_page):
        pages += 1
        _page_frame(canvas, page, title, pages)
        for entry, (x, top, side) in zip(entries[start:start + per_page], slots, strict=False):
            _draw_entry(canvas, entry, x, top, side, entry.label, label_size, None)
        canvas.showPage()
    if solutions and entries:
        small = (3, 4) if max(e.puzzle.n for e in entries) <= 9 else (2, 3)
        slots = _slots(page, small, 8 * 1.8)
        for start in range(0, len(entries), len(slots)):
            pages += 1
            _page_frame(canvas, page, f"{title} — solutions", pages)
            for entry, (x, top, side) in zip(entries[start:start + len(slots)], slots, strict=False):
                _draw_entry(canvas, entry, x, top, side, f"Solution {entry.number}", 8, entry.solution)
            canvas.showPage()
    return pages


def _draw_entry(canvas: Any, entry: Entry, x: float, top: float, side: float, label: str,
                label_size: float, solution: Grid | None) -> None:
    """One labelled grid in its slot."""
    rules = entry.puzzle.rules
    geo = geometry(entry.puzzle.shape, clues=needs_margin(rules))
    _colour(canvas, "#333333")
    canvas.setFont("SudokitSans", label_size)
    notes = layers(rules, geo)[2] if rules is not None and rules.constraints and solution is None else ""
    text = f"{label} · {notes}" if notes else label
    room = side * (1 - 2 * geo.margin / geo.total)
    while canvas.stringWidth(text, "SudokitSans", label_size) > room and len(text) > len(label):
        text = text[:-2].rstrip(" ·;,") + "…"
    canvas.drawString(x + geo.margin * side / geo.total, top + label_size * 0.6, text)
    _draw_grid(canvas, geo, _Pen(x, top, side / geo.total), entry.puzzle, solution)


# -- the booklet ----------------------------------------------------------------------------------


def book(
    puzzles: Iterable[Grid | str] | None,
    out: str | os.PathLike[str],
    *,
    count: int | None = None,
    difficulty: object = None,
    per_page: int = 1,
    paper: str = "A4",
    title: str = "Sudoku",
    solutions: bool = False,
    box: Any = None,
    seed: int | None = None,
    rate_time_limit: float | None = 5.0,
    font: str | os.PathLike[str] | None = None,
) -> Booklet:
    """Write a PDF booklet of ``puzzles`` (or of ``count`` generated ones when ``puzzles`` is None).

    ``difficulty`` (a level name or an SE range such as ``"2.0-4.5"``), ``box`` and ``seed``
    steer the generator; ``per_page`` is 1, 2, 4 or 6; ``paper`` is ``"A4"`` or ``"letter"``;
    ``solutions`` adds small solution grids at the back. Each puzzle is labelled with its
    number, SE rating and level (a puzzle the rater cannot finish within ``rate_time_limit``
    seconds shows its number only). ``font`` is a TrueType file to use instead of DejaVu Sans.
    """
    page = _paper(paper)
    layout = _layout(per_page)
    target = _target(out)
    regular, bold = _font_paths(font)
    if puzzles is None:
        total = 10 if count is None else count
        if not isinstance(total, int) or total < 1:
            raise OptionError(f"count must be a positive whole number, not {count!r}")
        entries = _generated(total, _difficulty(difficulty), box, seed, rate_time_limit)
    else:
        entries = _given(puzzles, rate_time_limit)
        if count is not None:
            entries = entries[:count]
    pages = _write(target, entries, page, layout, title, solutions, (regular, bold))
    return Booklet(target, len(entries), pages, tuple(entries))


def _new_file_mode() -> int:
    """The permissions a new file gets (0666 less the umask), for the temporary file renamed into place."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _write(target: Path, entries: Sequence[Entry], page: tuple[float, float], layout: tuple[int, int],
           title: str, solutions: bool, fonts: tuple[str, str]) -> int:
    """Draw the booklet into a temporary file beside ``target``, then rename it into place."""
    try:
        from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped,import-not-found,unused-ignore]
        from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped,import-not-found,unused-ignore]
        from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError("PDF booklets need reportlab: pip install 'sudokit[pdf]'") from error
    pdfmetrics.registerFont(TTFont("SudokitSans", fonts[0]))
    pdfmetrics.registerFont(TTFont("SudokitSans-Bold", fonts[1]))
    try:
        handle, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as error:
        raise OutputError(f"cannot write {target}: {error.strerror}") from error
    try:
        with os.fdopen(handle, "wb") as stream:
            canvas = Canvas(stream, pagesize=page, invariant=True, pageCompression=1,
                            initialFontName="SudokitSans", initialFontSize=10)
            canvas.setTitle(title)
            canvas.setCreator("sudokit")
            pages = _draw_pages(canvas, entries, page, layout, title, solutions)
            canvas.save()
        os.chmod(temp, _new_file_mode())  # mkstemp makes it 0600; a new file honours the umask
        os.replace(temp, target)
    except OSError as error:
        Path(temp).unlink(missing_ok=True)
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from error
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return pages
