"""Setters' conventions read off a decoded SudokuPad or f-puzzles puzzle: :func:`classify` names
each drawing element's constraint kind with its certainty and evidence, and reports every
element it cannot map with certainty as :class:`Unsupported` with a named reason.
"""

from __future__ import annotations

import math
import re

from sudokit.formats.colours import hue_of, rgba_of
from sudokit.formats.counted import (
    cage_bounds,
    circle_kind,
    difference_count_lines,
    edge_mark,
    equal_halves,
    parity_vision,
    text_mark,
    without_mark_descriptions,
)
from sudokit.formats.described import (
    LINE_KINDS,
    coloured_parity,
    described,
    doubled,
    has,
    names_a_line_kind,
    qualified,
)
from sudokit.formats.elements import Certainty, Element, Unsupported
from sudokit.formats.fpdrawn import (
    arrow_heads,
    drawn_thermometers,
    hidden_regions,
    near_centres,
    on_borders,
    pointer,
    square_end,
)
from sudokit.formats.numbered import joined_cages
from sudokit.formats.sudokupad import (
    Arrow,
    Cell,
    FPuzzlesElement,
    Line,
    Point,
    Shape,
    SudokuPadPuzzle,
    fp_cell,
    locate,
    trace_cells,
)

__all__ = [
    "Element",
    "Unsupported",
    "classify",
]



#: Region-sum lines described rather than named: the same sum in every box (region) on the line.
_REGION_SUM = re.compile(r"(same|equal) (sum|total)[^.;]*\b(box|boxes|region|regions)\b|"
                         r"\b(box|region) borders? divides?[^.;]*(same|equal) (sum|total)")

#: Little killers by name, or described: the number is the sum along the arrow's diagonal.
_LITTLE_KILLER = ("little killer", "sum along the indicated diagonal", "sum along the diagonal",
                  "sum of the digits along the indicated diagonal", "sum of the digits along the diagonal",
                  "sum of the digits along that diagonal", "sum along that diagonal")

_GLOBALS = [
    ("anti-knight", ("anti-knight", "antiknight", "anti knight")),
    ("anti-king", ("anti-king", "antiking", "anti king")),
    ("non-consecutive", ("non-consecutive", "nonconsecutive", "non consecutive")),
    ("disjoint-groups", ("disjoint", )),
]

#: The anti-knight and anti-king rules stated by the move rather than the name: cells (digits) a
#: move apart cannot repeat (hold the same digit), or identical digits cannot be a move apart.
_MOVE = {
    kind: re.compile(
        r"\b(cells|digits)( that are)? (separated by|a|one) (a |one )?(chess )?" + piece + r"'?s? move"
        r"( apart| away)?( \(in chess\))?,? (cannot|can't|may not|must not|do not|don't) "
        r"(repeat|contain (a repeated|the same) digits?|be the same|contain the same digit)|"
        r"\b(identical|the same|equal) digits (cannot|can't|may not|must not) be (a |one )?(chess )?"
        + piece + r"'?s? move apart")
    for kind, piece in (("anti-knight", "knight"), ("anti-king", "king"))
}

_MODIFIERS = ("fog of war", "fog", "lying", "liar", "wrong", "broken", "schrödinger", "schrodinger",
              "chaos construction", "doublers", "negators", "modular", "parity")


def classify(puzzle: SudokuPadPuzzle) -> list[Element | Unsupported]:
    """Every constraint-bearing thing in the puzzle as an :class:`Element`, or :class:`Unsupported`.

    Drawings are read by SudokuPad's and f-puzzles' conventions together with the rules text;
    nothing is guessed: a drawing that fits no convention, fits several, or fits one the rules
    text does not name, is :class:`Unsupported` with the reason."""
    rules = (puzzle.metadata.rules or "").lower()
    out: list[Element | Unsupported] = []
    if puzzle.format == "fpuzzles":
        _classify_fpuzzles(puzzle, rules, out)
    else:
        _classify_scl(puzzle, rules, out)
    for kind, words in _GLOBALS:
        if puzzle.format == "fpuzzles" and any(isinstance(e, Element) and e.kind == kind for e in out):
            continue
        move = _MOVE.get(kind)
        found = move.search(rules) if move else None
        if found:
            out.append(Element(kind, (), "stated", (f"rules text says {found.group(0)!r}",), ("rules",)))
            continue
        word = has(without_mark_descriptions(rules), *words)
        if word and not re.search(r"\b(?:no|not|isn't|without)\b[^.]{0,20}" + re.escape(word), rules):
            out.append(Element(kind, (), "stated", (f"rules text says {word!r}",), ("rules",)))
    drawn = {e.kind for e in out if isinstance(e, Element)}
    for word in _MODIFIERS:
        if {"modular": "modular", "parity": "parity-count"}.get(word) in drawn:
            continue  # the name of the modular lines, or of the parity the puzzle's arrows count
        if re.search(r"\b" + re.escape(word) + r"\b", rules):
            out.append(Unsupported(f"unsupported: the rules text mentions {word!r}, which may change "
                                   "how every clue reads", ("rules",)))
            break
    return out


def _certainty(rules: str, words: tuple[str, ...], what: str, source: tuple[str, ...],
               evidence: list[str]) -> Certainty | Unsupported:
    """Confirmed by the rules text, drawn alone when there is none, refused when it is silent."""
    if not rules:
        evidence.append("no rules text")
        return "drawn"
    word = has(rules, *words)
    if word:
        evidence.append(f"rules text says {word!r}")
        return "confirmed"
    return Unsupported(f"unsupported: {what}, but the rules text never mentions {words[0]!r}", source)


def _add(out: list[Element | Unsupported], kind: str, cells: tuple[Cell, ...], rules: str,
         words: tuple[str, ...], what: str, source: tuple[str, ...], evidence: list[str],
         **extra: str | tuple[Cell, ...] | None) -> bool:
    certainty = _certainty(rules, words, what, source, evidence)
    if isinstance(certainty, Unsupported):
        out.append(certainty)
        return False
    out.append(Element(kind, cells, certainty, tuple(evidence), source, **extra))  # type: ignore[arg-type]
    return True


def _shape_cells(shape: Shape, rows: int, cols: int) -> tuple[Cell, ...]:
    """The cell centres a shape covers (a circle or pill over one or more cells)."""
    cy, cx = shape.center
    hy, hx = max(shape.height, 0.0) / 2, max(shape.width, 0.0) / 2
    cells = []
    for r in range(max(0, math.floor(cy - hy)), min(rows, math.ceil(cy + hy))):
        for c in range(max(0, math.floor(cx - hx)), min(cols, math.ceil(cx + hx))):
            if abs(r + 0.5 - cy) <= hy and abs(c + 0.5 - cx) <= hx:
                cells.append((r, c))
    return tuple(cells)


#: SudokuPad cell fields that carry no constraint: the given, pencil marks.
_SCL_CELL_PLAIN = {"value", "given", "pencilMarks", "pencilmarks", "centreMarks", "centerMarks",
                   "cornerMarks", "candidates"}
#: Top-level SudokuPad keys that carry no constraint (anything else unknown is reported).
_SCL_HARMLESS = {"id", "cellSize", "settings", "videos", "duration"}


def _classify_scl(p: SudokuPadPuzzle, rules: str, out: list[Element | Unsupported]) -> None:
    rows, cols = p.rows, p.cols
    shapes = [(f"overlays[{i}]", s) for i, s in enumerate(p.overlays)] + \
             [(f"underlays[{i}]", s) for i, s in enumerate(p.underlays)]
    used: set[str] = set()
    for key in p.extra:
        if key == "foglight":
            out.append(Unsupported("unsupported: fog of war", ("foglight",)))
        elif key not in _SCL_HARMLESS:
            out.append(Unsupported(f"unsupported: the SudokuPad feature {key!r}", (key,)))
    cells = p.data.get("cells")
    odd_fields = sorted({str(k) for row in (cells if isinstance(cells, list) else []) if isinstance(row, list)
                         for cell in row if isinstance(cell, dict) for k in cell} - _SCL_CELL_PLAIN)
    for key in odd_fields:
        out.append(Unsupported(f"unsupported: the SudokuPad cell field {key!r}", (f"cells.{key}",)))
    for key in p.metadata.extra:
        if key in ("bgimage", "fgimage"):
            out.append(Unsupported(f"unsupported: part of the puzzle is drawn in an image ({key}); "
                                   "its clues are not in the data", (f"metadata.{key}",)))

    bulbs: set[str] = set()  # thermometer bulbs: branches of one thermometer share theirs
    circles: set[str] = set()  # arrow circles: several arrows may leave one circle

    def shape_at(point: Point, *, min_size: float, hue: set[str | None] | None = None,
                 reuse: set[str] | None = None) -> str | None:
        for name, s in shapes:
            taken = name in used and name not in (reuse or ())
            if taken or not s.rounded or min(s.width, s.height) < min_size:
                continue
            if hue is not None and not {hue_of(s.background_color), hue_of(s.border_color)} & hue:
                continue
            if abs(point[0] - s.center[0]) <= s.height / 2 + 0.05 and \
                    abs(point[1] - s.center[1]) <= s.width / 2 + 0.05:
                return name
        return None

    shape_by_name = dict(shapes)
    regions_drawn = hidden_regions(p) or []
    # Cages: killer cages (with or without a total); other styles are refused.
    for i, cage in enumerate(p.cages):
        csrc = (f"cages[{i}]",)
        if not cage.cells:
            out.append(Unsupported(f"unsupported: a cage without cells (value {cage.value!r})", csrc))
            continue
        if regions_drawn and tuple(sorted(cage.cells)) in regions_drawn:
            continue  # a hidden cage that is one of the regions (the puzzle has no others)
        hidden = cage.attrs.get("hidden") or cage.attrs.get("unique") is False
        if cage.style not in (None, "killer") or hidden:
            out.append(Unsupported(f"unsupported: a cage of style {cage.style!r}"
                                   f"{' (hidden)' if cage.attrs.get('hidden') else ''}", csrc))
            continue
        value = None if cage.value in (None, "") else str(cage.value)
        if value is not None and not re.fullmatch(r"\d+", value.strip()):
            out.append(Unsupported(f"unsupported: a cage with the clue {value!r} (not a sum)", csrc))
            continue
        evidence = ["a cage" + (f" with the total {value}" if value else " without a total")]
        _add(out, "killer", cage.cells, rules, ("killer", "cage"), "a killer cage", csrc, evidence,
             value=value)
    # Arrows: little killers (outside the grid, with a number) and sum arrows (circle + arrow).
    for i, arrow in enumerate(p.arrows):
        src = f"arrows[{i}]"
        if len(arrow.way_points) < 2:
            out.append(Unsupported("unsupported: an arrow with fewer than two way points", (src,)))
            continue
        start = arrow.way_points[0]
        if not (0 < start[0] < rows and 0 < start[1] < cols):
            _little_killer(p, i, arrow, rules, shapes, used, out)
            continue
        bulb = shape_at(start, min_size=0.5, reuse=circles)
        seen = pointer(arrow, rows, cols) if bulb is None and parity_vision(rules) else None
        if seen is not None:  # a short arrow in a cell: the cell sees that way
            out.append(Element("parity-count", (seen[0],), "confirmed", (
                "a short arrow in a cell", "rules text: a cell counts the digits of its parity it sees"),
                (src,), path=seen[1]))
            continue
        if bulb is None:
            out.append(Unsupported("unsupported: an arrow with no circle at its tail", (src,)))
            continue
        circle = _shape_cells(shape_by_name[bulb], rows, cols)
        # The tail starts inside the circle: trace from the centre of the cell it starts in.
        tail = (math.floor(start[0]) + 0.5, math.floor(start[1]) + 0.5)
        path = trace_cells((tail, *arrow.way_points[1:]), rows, cols)
        if path is None or not circle:
            out.append(Unsupported("unsupported: an arrow whose way points are not cell centres",
                                   (src, bulb)))
            continue
        path = tuple(c for c in path if c not in circle)
        used.add(bulb)
        circles.add(bulb)
        evidence = [f"an arrow from a circle over {len(circle)} cell(s)", f"head length {arrow.head_length}"]
        _add(out, "arrow", circle, rules, ("arrow",), "an arrow with a circle", (src, bulb), evidence,
             path=path)
    # Lines.
    line_hues: dict[str, set[str]] = {}
    middles: set[tuple[Cell, str | None]] = set()  # zipper lines' centre cells (odd lengths)
    heads = arrow_heads(p.lines)
    for i, line in enumerate(p.lines):
        src = f"lines[{i}]"
        if line.attrs.get("d") is not None:
            out.append(Unsupported("unsupported: a curved line (an SVG path)", (src,)))
            continue
        if i in heads.values():
            continue  # an arrowhead, read with its line
        ring = shape_at(line.way_points[0], min_size=0.5, reuse=circles) if i in heads else None
        drawn = trace_cells(line.way_points, rows, cols) if ring else None
        if ring and drawn:  # a line from a circle to a drawn arrowhead: an arrow
            circle = _shape_cells(shape_by_name[ring], rows, cols)
            used.add(ring)
            circles.add(ring)
            _add(out, "arrow", circle, rules, ("arrow",), "a line from a circle to an arrowhead", (src, ring),
                 ["a line from a circle ending in a drawn arrowhead"],
                 path=tuple(c for c in drawn if c not in circle))
            continue
        hue = hue_of(line.color)
        thick = (line.thickness or 0) >= 8
        diag = _diagonal(line, rows, cols)
        if diag is not None:
            _add(out, "diagonal", diag, rules, ("diagonal",), "a line along a main diagonal", (src,),
                 [f"a {hue or 'coloured'} line from corner to corner"])
            continue
        if regions_drawn and on_borders(line.way_points, regions_drawn, rows):
            continue  # the regions' borders drawn
        cells = trace_cells(line.way_points, rows, cols)
        if equal_halves(rules) and not names_a_line_kind(rules):  # every line: four cells, any colour
            near = near_centres(line.way_points, rows, cols)
            four = trace_cells(near, rows, cols) if near else None
            if four is None or len(four) != 4:
                out.append(Unsupported(f"unsupported: a {hue} line that is not four cells", (src,)))
            else:
                out.append(Element("equal-halves", four, "confirmed", (
                    f"a {hue} line of four cells", "rules text: its halves have the same sum"), (src,)))
            continue
        if cells is None:
            out.append(Unsupported(f"unsupported: a {hue or 'uncoloured'} line not through cell centres",
                                   (src,)))
            continue
        # A thermometer: a grey line with a bulb; in another hue (not white or black: an arrow's
        # pill has a white core) where the text names thermometers and no line kind of that colour.
        coloured = hue not in ("grey", "white", "black", None) and "thermo" in rules and not any(
            has(rules, *words) or described(kind, hue, rules) for kind, words in LINE_KINDS.get(hue, []))
        if (hue == "grey" or coloured) and thick:
            first, last = line.way_points[0], line.way_points[-1]
            bulb = shape_at(first, min_size=0.5, hue={hue}, reuse=bulbs)
            reverse = False
            if bulb is None:
                bulb = shape_at(last, min_size=0.5, hue={hue}, reuse=bulbs)
                reverse = bulb is not None
            elif coloured and shape_at(last, min_size=0.5, hue={hue}, reuse=bulbs) is not None:
                bulb = None  # a circle at each end is no thermometer's
            if bulb is not None:
                used.add(bulb)
                bulbs.add(bulb)
                ordered = cells[::-1] if reverse else cells
                _add(out, "thermometer", ordered, rules, ("thermo",), f"a {hue} line with a bulb",
                     (src, bulb),
                     [f"a {hue} line (thickness {line.thickness}) with a {hue} circle at one end"])
                continue
        if hue in ("white", None) and any(
                q.color and hue_of(q.color) == "grey" and q.way_points == line.way_points for q in p.lines):
            continue  # the white core of a two-line drawing (f-puzzles' arrow pills)
        if difference_count_lines(rules) and not names_a_line_kind(rules):  # every line, any colour
            out.append(Element("difference-count", cells, "confirmed", (f"a {hue} line", "rules text "
                               "describes difference-count lines of any colour"), (src,)))
            continue
        candidates = LINE_KINDS.get(hue or "", [])
        named = [(kind, words) for kind, words in candidates
                 if has(rules, *words) or (kind == "region-sum" and _REGION_SUM.search(rules))
                 or described(kind, hue, rules)]
        if len(named) > 1 and (one := qualified(rules, hue, named)):
            named = [(k, w) for k, w in named if k == one]
        if doubled(rules, hue):
            out.append(Unsupported(f"unsupported: a {hue} line the rules text gives two line kinds", (src,)))
        elif (len(named) == 1 and thick) or (len(named) == 1 and (line.thickness or 0) >= 3):
            kind, words = named[0]
            end = square_end(line.way_points, [x for x in shapes if x[0] not in used], hue)
            if kind == "index" and end is None:
                out.append(Unsupported(f"unsupported: an index line without a {hue} square on one end",
                                       (src,)))
                continue
            if kind == "index" and end is not None:  # read from the square (a diamond) on its end
                used.add(end[0])
                cells = cells[::-1] if end[1] else cells
            said = has(rules, *words) or (f"a description of {kind} lines" if described(kind, hue, rules)
                                           else "the same sum in each box")
            out.append(Element(kind, cells, "confirmed", (f"a {hue} line", f"rules text says {said!r}"),
                               (src,)))
            rgba = rgba_of(line.color)
            shade = "".join(f"{round(v * 255):02x}" for v in rgba[:3]) if rgba else str(line.color)
            line_hues.setdefault(kind, set()).add(shade)
            if kind == "zipper" and len(cells) % 2:
                middles.add((cells[len(cells) // 2], hue))
        elif len(named) > 1:
            out.append(Unsupported(f"unsupported: {hue} line with rules naming several line kinds "
                                   f"({', '.join(k for k, _ in named)})", (src,)))
        else:
            out.append(Unsupported(f"unsupported: {hue or 'uncoloured'} line with rules "
                                   f"\"{_excerpt(rules)}\"", (src,)))
    for kind, found in line_hues.items():
        if len(found) > 1:  # setters draw a kind in one colour: two colours read as one kind is a guess
            out.append(Unsupported(f"unsupported: {kind} read from lines of {len(found)} colours "
                                   f"({', '.join(sorted(found))}): which colour is which rule is not certain",
                                   ("lines",)))
    # Shapes: kropki dots, XV, odd/even, clues outside the grid.
    joined, taken = joined_cages(p, rules, shapes)
    out.extend(joined)
    used |= taken
    outside_kind = [k for k, words in (("sandwich", ("sandwich",)), ("x-sum", ("x-sum", "x sum", "xsum")),
                                        ("skyscraper", ("skyscraper",))) if has(rules, *words)]
    for name, s in shapes:
        if name in used:
            continue
        text = (s.text or "").strip()
        pos = locate(s.center, rows, cols)
        small = max(s.width, s.height) <= 0.5
        bg, border = hue_of(s.background_color), hue_of(s.border_color)
        on_edge = pos.kind == "edge" and len(pos.cells) == 2
        rgba = rgba_of(s.background_color)
        if not text and s.rounded and small and pos.kind == "centre" and (pos.cells[0], bg) in middles:
            continue  # a dot of the line's colour marking a zipper line's centre cell
        if not text and s.border_color is None and rgba is not None and (
                rgba[3] == 0 or (rgba[3] <= 0.25 and bg == "white")):
            continue  # fully transparent (or a faint white), no border, no text: draws nothing
        if on_edge and s.rounded and small and bg in ("black", "white", None) \
                and (bg == "black" or border in ("black", "grey")):
            kind = "kropki-black" if bg == "black" else "kropki-white"
            _add(out, kind, pos.cells, rules, ("kropki", "dot"), f"a {bg or 'white'} dot on an edge", (name,),
                 [f"a small {bg or 'white'} circle between two cells"], value=text or None)
        elif pos.kind == "edge" and len(pos.cells) == 2 and text.upper() in ("X", "V") and small:
            _add(out, "xv", pos.cells, rules, ("xv", "x-v", "x/v", "sum to 10", "sum to 5", " x ", " v "),
                 f"an {text.upper()} on an edge", (name,), [f"the letter {text.upper()} between two cells"],
                 value=text.upper())
        elif pos.kind == "centre" and not text and s.rounded and 0.5 <= max(s.width, s.height) <= 0.9 \
                and bg in (None, "white") and border in ("black", "grey") and (ringed := circle_kind(rules)) \
                and "odd" not in rules:
            out.append(Element(ringed, pos.cells, "confirmed", (
                "a plain circle filling most of a cell", f"rules text describes {ringed} circles"), (name,)))
        elif pos.kind == "centre" and not text and 0.5 <= max(s.width, s.height) <= 0.9 \
                and abs(s.width - s.height) < 0.05 and (bg == "grey" or (bg in (None, "white")
                                                                         and border == "grey")):
            kind = "odd" if s.rounded else "even"
            _add(out, kind, pos.cells, rules, (kind,), f"a {'circle' if s.rounded else 'square'} in a cell",
                 (name,), [f"a {bg or 'plain'} {'circle' if s.rounded else 'square'} filling most of a cell"])
        elif pos.kind == "centre" and not text and 0.5 <= max(s.width, s.height) <= 0.9 \
                and abs(s.width - s.height) < 0.05 and (parity := coloured_parity(rules, bg, s.rounded)):
            shape = "circle" if s.rounded else "square"
            out.append(Element(parity, pos.cells, "confirmed",
                               (f"a {bg} {shape} filling most of a cell",
                                f"rules text says the {bg} {shape}s hold {parity} digits"), (name,)))
        elif (text and pos.kind == "outside") or (text and _outside(s.center, rows, cols)):
            clue = _outside_clue(s.center, rows, cols)
            if clue is None or not re.fullmatch(r"\d+", text):
                out.append(Unsupported(f"unsupported: the text {text!r} outside the grid", (name,)))
            elif len(outside_kind) != 1:
                reason = ("the rules text names none of sandwich, x-sum, skyscraper" if not outside_kind
                          else f"the rules text names several ({', '.join(outside_kind)})")
                out.append(Unsupported(f"unsupported: the number {text} outside the grid ({reason})",
                                       (name,)))
            else:
                side, cells = clue
                out.append(Element(outside_kind[0], cells, "confirmed",
                                   (f"the number {text} outside the grid, {side}",
                                    f"rules text names {outside_kind[0]}"), (name,),
                                   value=text, direction=side))
        elif s.layer == "underlay" and not text and s.width >= 0.95 and s.height >= 0.95:
            out.append(Unsupported(f"unsupported: a shaded cell ({s.background_color}) whose meaning "
                                   "only the rules text gives", (name,)))
        elif text and pos.kind == "centre" and (marked := text_mark(text, rules)):
            out.append(Element(marked, pos.cells, "confirmed", (f"the symbol {text!r} in a cell",
                                                                f"rules text describes {marked}"), (name,)))
        elif text:
            out.append(Unsupported(f"unsupported: the text {text!r} at {pos.kind} {pos.cells}", (name,)))
        else:
            out.append(Unsupported(f"unsupported: a {bg or border or 'plain'} "
                                   f"{'circle' if s.rounded else 'rectangle'} at {pos.kind} {pos.cells}",
                                   (name,)))


def _excerpt(rules: str) -> str:
    return (rules[:80] + "…") if len(rules) > 80 else rules


def _outside(point: Point, rows: int, cols: int) -> bool:
    return point[0] < 0 or point[1] < 0 or point[0] > rows or point[1] > cols


def _outside_clue(point: Point, rows: int, cols: int) -> tuple[str, tuple[Cell, ...]] | None:
    """The side and the row or column (in reading order from that side) a clue outside the grid
    points into; None for a corner or a point far from the grid."""
    y, x = point
    if 0 < y < rows:
        row = tuple((int(y), c) for c in range(cols))
        if -1.2 < x < 0:
            return ("left", row)
        if cols < x < cols + 1.2:
            return ("right", row[::-1])
    if 0 < x < cols:
        column = tuple((r, int(x)) for r in range(rows))
        if -1.2 < y < 0:
            return ("top", column)
        if rows < y < rows + 1.2:
            return ("bottom", column[::-1])
    return None


def _diagonal(line: Line, rows: int, cols: int) -> tuple[Cell, ...] | None:
    """The cells of a main diagonal a corner-to-corner line marks."""
    if rows != cols or len(line.way_points) != 2:
        return None
    ends = {tuple(round(v, 3) for v in p) for p in line.way_points}
    if ends == {(0.0, 0.0), (float(rows), float(cols))}:
        return tuple((i, i) for i in range(rows))
    if ends == {(0.0, float(cols)), (float(rows), 0.0)}:
        return tuple((rows - 1 - i, i) for i in range(rows))
    return None


def _little_killer(p: SudokuPadPuzzle, index: int, arrow: Arrow, rules: str,
                   shapes: list[tuple[str, Shape]], used: set[str], out: list[Element | Unsupported]) -> None:
    """An arrow starting outside the grid: a little killer when it points along a diagonal and a
    number sits by it."""
    src = f"arrows[{index}]"
    (y0, x0), (y1, x1) = arrow.way_points[0], arrow.way_points[-1]
    dy, dx = y1 - y0, x1 - x0
    if abs(dy) < 1e-6 or abs(abs(dy) - abs(dx)) > 0.05:
        out.append(Unsupported("unsupported: an arrow outside the grid that is not diagonal", (src,)))
        return
    sy, sx = (1 if dy > 0 else -1), (1 if dx > 0 else -1)
    label = None
    for name, s in shapes:
        if name in used or not (s.text or "").strip():
            continue
        if math.dist(s.center, (y0, x0)) <= 0.6 and _outside(s.center, p.rows, p.cols):
            label = name, (s.text or "").strip()
            break
    if label is None:
        out.append(Unsupported("unsupported: a diagonal arrow outside the grid with no number", (src,)))
        return
    # The clue's cell outside the grid, then step along the diagonal.
    r, c = math.floor(y0 - sy * 0.01), math.floor(x0 - sx * 0.01)
    cells = []
    r, c = r + sy, c + sx
    while 0 <= r < p.rows and 0 <= c < p.cols:
        cells.append((r, c))
        r, c = r + sy, c + sx
    if not cells:
        out.append(Unsupported("unsupported: a diagonal arrow outside the grid that misses it", (src,)))
        return
    used.add(label[0])
    direction = ("D" if sy > 0 else "U") + ("R" if sx > 0 else "L")
    _add(out, "little-killer", tuple(cells), rules, _LITTLE_KILLER, "a diagonal arrow with a number "
         "outside the grid", (src, label[0]), [f"the number {label[1]} by a diagonal arrow outside the grid"],
         value=label[1], direction=direction)


#: f-puzzles fields that are constraints, by the convention they name.
_FP_KINDS = {
    "thermometer": "thermometer", "slowthermometer": "slow-thermometer", "arrow": "arrow",
    "killercage": "killer",
    "littlekillersum": "little-killer",
    "sandwichsum": "sandwich", "xsum": "x-sum", "skyscraper": "skyscraper", "xv": "xv",
    "difference": "kropki-white", "ratio": "kropki-black", "palindrome": "palindrome",
    "betweenline": "between-line", "minimum": "minimum", "maximum": "maximum", "extraregion": "extra-region",
    "odd": "odd", "even": "even", "quadruple": "quadruple", "clone": "clone", "renban": "renban",
    "whispers": "german-whispers", "entropicline": "entropic", "regionsumline": "region-sum",
    "lockout": "lockout", "modularline": "modular", "doublearrow": "double-arrow", "zipperline": "zipper",
}
_FP_FLAGS = {"antiknight": "anti-knight", "antiking": "anti-king", "nonconsecutive": "non-consecutive",
             "disjointgroups": "disjoint-groups", "diagonal+": "diagonal", "diagonal-": "diagonal"}
_FP_COSMETIC = {"line", "rectangle", "circle", "text", "cage"}
#: The f-puzzles field a cosmetic's ``fromConstraint`` names: f-puzzles' own drawing of that field.
_FP_FROM = {
    "Renban": "renban", "Region Sum Line": "regionsumline", "Entropic Line": "entropicline",
    "Modular Line": "modularline", "Zipper Line": "zipperline", "Whispers": "whispers",
    "Slow Thermometer": "slowthermometer", "Thermometer": "thermometer", "Palindrome": "palindrome",
    "Between Line": "betweenline", "Skyscraper": "skyscraper", "X Sum": "xsum",
    "Sandwich Sum": "sandwichsum",
}
_FP_IGNORED = {"highlightConflicts", "disabledlogic", "truecandidatesoptions", "negative"}


#: f-puzzles cell fields that carry no constraint (a given's value, pencil marks, the region).
_FP_CELL_PLAIN = {"value", "given", "region", "centerPencilMarks", "cornerPencilMarks",
                  "givenPencilMarks", "highlight"}
#: Words by which a rules text can give coloured cells a meaning.
_COLOUR_WORDS = ("shad", "colour", "color", "highlight", "tint")


def _classify_fp_cells(p: SudokuPadPuzzle, rules: str, fields: dict[str, list[FPuzzlesElement]],
                       out: list[Element | Unsupported]) -> None:
    """The fields of f-puzzles' grid cells: ``parity`` (``Odd``/``Even``) is declared odd/even;
    cell colours (``c``) are drawing only unless the rules text speaks of coloured cells (or of
    their colour) outside a sentence about clones the puzzle declares; anything else is refused."""
    grid = p.data.get("grid")
    colours: set[str] = set()
    for r, row in enumerate(grid if isinstance(grid, list) else []):
        for c, cell in enumerate(row if isinstance(row, list) else []):
            if not isinstance(cell, dict):
                continue
            for key, value in cell.items():
                src = (f"grid[{r}][{c}].{key}",)
                if key in _FP_CELL_PLAIN:
                    continue
                if key == "parity" and str(value).lower() in ("odd", "even"):
                    kind = str(value).lower()
                    evidence = (f"f-puzzles cell parity {value!r}",)
                    out.append(Element(kind, ((r, c),), "declared", evidence, src))
                elif key == "c" and isinstance(value, str):
                    colours.add(value)
                else:
                    what = f"unsupported: the f-puzzles cell field {key!r} ({value!r})"
                    out.append(Unsupported(what[:120], src))
    if not colours:
        return
    hues = {h for h in (hue_of(c) for c in colours) if h}
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", rules):
        named = [w for w in (*_COLOUR_WORDS, *hues) if re.search(r"\b" + w, sentence)]
        if named and not ("clone" in sentence and fields.get("clone")):
            shown = ", ".join(sorted(colours))[:40]
            out.append(Unsupported(f"unsupported: coloured cells ({shown}) and rules that speak of "
                                   f"{named[0]!r} (\"{_excerpt(sentence)}\")", ("grid",)))
            return


_Drawn = dict[int, list[tuple[str, str, tuple[Cell, ...]]]]


def _fp_lines(lines: list[FPuzzlesElement], rules: str) -> tuple[_Drawn, set[tuple[tuple[Cell, ...], str]]]:
    """f-puzzles' drawn lines whose colour the rules text names as one line kind (by ``id``: the
    kind, hue and cells of each), and the centres of the zipper lines among them (a cell, or the
    two middle cells of an even line, with the hue)."""
    drawn: _Drawn = {}
    middles: set[tuple[tuple[Cell, ...], str]] = set()
    for element in lines:
        hue = hue_of(str(element.attrs.get("outlineC")))
        width = element.attrs.get("width")
        pairs = [(kind, words) for kind, words in LINE_KINDS.get(hue or "", []) if has(rules, *words)]
        named = [one] if len(pairs) > 1 and (one := qualified(rules, hue, pairs)) else [k for k, _ in pairs]
        if doubled(rules, hue):
            continue  # the text gives this colour two kinds: refused as an unread line
        if hue is None or len(named) != 1 or not isinstance(width, (int, float)) or width < 0.2 \
                or element.cells or not element.lines:
            continue
        drawn[id(element)] = [(named[0], hue, line) for line in element.lines]
        for line in element.lines if named[0] == "zipper" else ():
            half = len(line) // 2
            middles.add(((line[half],) if len(line) % 2 else line[half - 1:half + 1], hue))
    return drawn, middles


def _traces_declared(element: FPuzzlesElement, fields: dict[str, list[FPuzzlesElement]], rules: str) -> bool:
    """True when a cosmetic line (no ``fromConstraint``) retraces a line of a declared line field
    and the rules text names no line kind but declared ones: it can only picture that line."""
    declared = {_FP_KINDS.get(f) for f in fields}
    named = {kind for entries in LINE_KINDS.values() for kind, words in entries if has(rules, *words)}
    lines = {line for f, entries in fields.items() if f != "line" and f in _FP_KINDS
             for d in entries for line in d.lines}
    return (element.kind == "line" and element.attrs.get("fromConstraint") is None and named <= declared
            and bool(element.lines) and all(line in lines or line[::-1] in lines for line in element.lines))


def _drawn_copy(element: FPuzzlesElement, fields: dict[str, list[FPuzzlesElement]]) -> bool:
    """True when a cosmetic is f-puzzles' drawing of a constraint the puzzle declares: its
    ``fromConstraint`` names a field present, with a line of the same cells (lines) or an entry
    at the same cells (texts, with the clue's value or a one-symbol frame, and circles)."""
    field = _FP_FROM.get(str(element.attrs.get("fromConstraint")))
    declared = fields.get(field or "", [])
    if not declared:
        return False
    if element.kind == "line":
        lines = {line for d in declared for line in d.lines}
        return bool(element.lines) and all(line in lines or line[::-1] in lines for line in element.lines)
    if element.kind == "text":
        at = {(d.cells, str(d.value)) for d in declared}
        if re.fullmatch(r"[^\w\s]", str(element.value)):  # a frame drawn round a clue ("◯", "▯")
            return element.cells in {cells for cells, _ in at}
        return (element.cells, str(element.value)) in at
    if element.kind == "circle" and field in ("slowthermometer", "thermometer"):
        bulbs = {line[0] for d in declared for line in d.lines if line}
        return bool(element.cells) and all(c in bulbs for c in element.cells)
    return False


def _classify_fpuzzles(p: SudokuPadPuzzle, rules: str, out: list[Element | Unsupported]) -> None:
    n = p.rows
    counts: dict[str, int] = {}
    fields: dict[str, list[FPuzzlesElement]] = {}
    for element in p.fpuzzles:
        fields.setdefault(element.kind, []).append(element)
    drawn, middles = _fp_lines(fields.get("line", []), rules)
    thermos, bulbs = drawn_thermometers(p.fpuzzles, rules)
    for element in p.fpuzzles:
        k = counts.get(element.kind, 0)
        counts[element.kind] = k + 1
        src = (f"{element.kind}[{k}]",)
        kind = _FP_KINDS.get(element.kind)
        value = None if element.value in (None, "") else str(element.value)
        if element.kind in ("fogofwar", "foglight"):
            out.append(Unsupported("unsupported: fog of war", src))
        elif element.kind in _FP_COSMETIC:
            if element.kind == "cage" and not element.cells:
                continue  # metadata (title, rules …), read into Metadata
            bounds = cage_bounds(value, rules) if element.kind == "cage" else None
            if bounds is not None:  # a cage clue the text explains: "?" one digit, "<?" less than one
                out.append(Element("killer-range" if bounds else "killer", element.cells, "confirmed", (
                    f"an f-puzzles cage with the clue {value!r}", "the rules text explains it"), src,
                    value=",".join(str(b) for b in bounds) or None))
                continue
            if _drawn_copy(element, fields) or _traces_declared(element, fields, rules):
                continue  # f-puzzles' picture of a declared constraint, read from its field
            if id(element) in thermos:
                out.append(Element("thermometer", thermos[id(element)], "confirmed", (
                    "an f-puzzles grey line from a grey circle (or off such a line)",
                    "rules text names thermo"), src))
            if id(element) in thermos or id(element) in bulbs:
                continue
            if element.kind == "line" and id(element) in drawn:
                out.extend(Element(kind, cells, "confirmed", (f"an f-puzzles {hue} line", "named by the "
                                   "rules text"), src) for kind, hue, cells in drawn[id(element)])
                continue
            if element.kind in ("circle", "rectangle") and not value and len(element.cells) in (1, 2) \
                    and (element.cells, hue_of(str(element.attrs.get("baseC")))) in middles:
                continue  # a mark of the line's colour on a zipper line's centre
            pair = element.kind in ("circle", "rectangle") and len(element.cells) == 2 and not value
            mark = edge_mark(rules, hue_of(str(element.attrs.get("baseC"))), element.kind) if pair else None
            if mark is not None:  # a mark the text describes: "cells connected by a blue square sum to 7"
                out.append(Element(mark.kind, element.cells, "confirmed", (
                    f"an f-puzzles {element.kind} on an edge", "the rules text describes it"), src,
                    value=f"{mark.value};{'xv' if mark.xv else ''};{'all' if mark.negative else ''}"))
                continue
            ringed = circle_kind(rules) if element.kind == "circle" and len(element.cells) == 1 else None
            if ringed and not value:
                out.append(Element(ringed, element.cells, "confirmed", (
                    "an f-puzzles circle in a cell", f"rules text describes {ringed} circles"), src))
                continue
            colour = element.attrs.get("outlineC") or element.attrs.get("baseC") or element.attrs.get("fontC")
            out.append(Unsupported(f"unsupported: f-puzzles {element.kind} ({colour}"
                                   f"{', ' + repr(value) if value else ''}) with rules "
                                   f"\"{_excerpt(rules)}\"", src))
        elif kind is None:
            out.append(Unsupported(f"unsupported: f-puzzles field {element.kind!r}", src))
        elif kind in ("thermometer", "slow-thermometer", "palindrome", "renban", "german-whispers",
                      "entropic", "region-sum", "between-line", "modular", "zipper"):
            if kind == "german-whispers" and value not in (None, "5"):
                kind = "dutch-whispers" if value == "4" else "whispers"
            for line in element.lines:
                out.append(Element(kind, line, "declared", (f"f-puzzles field {element.kind!r}",), src,
                                   value=value))
        elif kind == "arrow":
            for line in element.lines:
                path = tuple(c for c in line if c not in element.cells)
                out.append(Element("arrow", element.cells, "declared", ("f-puzzles field 'arrow'",), src,
                                   path=path))
        elif kind == "little-killer":
            direction = str(element.attrs.get("direction", ""))
            step = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}.get(direction)
            if step is None or not element.cells:
                out.append(Unsupported(f"unsupported: little killer with direction {direction!r}", src))
                continue
            (r, c), walk = element.cells[0], []
            r, c = r + step[0], c + step[1]
            while 0 <= r < n and 0 <= c < n:
                walk.append((r, c))
                r, c = r + step[0], c + step[1]
            out.append(Element(kind, tuple(walk), "declared", ("f-puzzles field 'littlekillersum'",), src,
                               value=value, direction=direction))
        elif kind in ("sandwich", "x-sum", "skyscraper"):
            if not element.cells:
                out.append(Unsupported(f"unsupported: {element.kind} without its cell", src))
                continue
            r, c = element.cells[0]
            if r < 0 or r >= n:
                side = "top" if r < 0 else "bottom"
                seen = tuple((rr, c) for rr in (range(n) if r < 0 else reversed(range(n))))
            else:
                side = "left" if c < 0 else "right"
                seen = tuple((r, cc) for cc in (range(n) if c < 0 else reversed(range(n))))
            out.append(Element(kind, seen, "declared", (f"f-puzzles field {element.kind!r}",), src,
                               value=value, direction=side))
        elif kind == "quadruple":
            values = element.attrs.get("values")
            text = ",".join(str(v) for v in values) if isinstance(values, list) else value
            out.append(Element(kind, element.cells, "declared", ("f-puzzles field 'quadruple'",), src,
                               value=text))
        elif kind == "clone":
            clones = element.attrs.get("cloneCells")
            other = tuple(fp_cell(v, "clone") for v in clones) if isinstance(clones, list) else ()
            out.append(Element(kind, element.cells, "declared", ("f-puzzles field 'clone'",), src,
                               path=other))
        else:
            if kind == "kropki-black" and value is None:
                value = "2"
            out.append(Element(kind, element.cells, "declared", (f"f-puzzles field {element.kind!r}",), src,
                               value=value))
    _classify_fp_cells(p, rules, fields, out)
    for key, flag in p.flags.items():
        if not flag:
            continue
        if key in _FP_FLAGS:
            kind = _FP_FLAGS[key]
            cells: tuple[Cell, ...] = ()
            if key == "diagonal-":
                cells = tuple((i, i) for i in range(n))
            elif key == "diagonal+":
                cells = tuple((n - 1 - i, i) for i in range(n))
            out.append(Element(kind, cells, "declared", (f"f-puzzles field {key!r}",), (key,)))
        elif key == "negative" and isinstance(flag, list):
            continue
        elif key not in _FP_IGNORED:
            out.append(Unsupported(f"unsupported: f-puzzles field {key!r}", (key,)))
    negative = p.flags.get("negative")
    if negative:
        out.append(Element("negative", (), "declared", (f"f-puzzles field 'negative' = {negative!r}",),
                           ("negative",), value=",".join(negative) if isinstance(negative, list) else None))
