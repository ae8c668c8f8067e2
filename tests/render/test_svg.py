"""sudokit.render.svg: the pictures parse as XML and hold what they should (cells, digits, marks, proofs)."""

from __future__ import annotations

import json
import re
import struct
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from sudokit.candidates import Candidates
from sudokit.grid import Grid
from sudokit.render import svg
from sudokit.render.layout import geometry, mark_layout
from sudokit.render.terminal import grid as terminal_grid
from sudokit.shape import Shape, shape_for_size
from sudokit.techniques import technique_named
from sudokit.techniques.explain import explain
from sudokit.techniques.step import Link, Step
from tests.helpers.paths import TESTS

NS = {"s": "http://www.w3.org/2000/svg"}
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: Its explain() path has AICs (links strong and weak) from step 29 on.
CHAIN_PUZZLE = "...4....94.6.8.12.....2.4..2.49..6...98.6....6........5.......7....95..293...1.4."
POSITIONS: list[dict[str, Any]] = json.loads(
    (TESTS / "techniques" / "technique_positions.json").read_text(encoding="utf-8")
)


def parse(text: str) -> ET.Element:
    """Parse a picture, checking it is SVG."""
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def cls(root: ET.Element, tag: str, name: str) -> list[ET.Element]:
    """The elements of a tag whose class list holds ``name``."""
    return [e for e in root.iter(f"{{{NS['s']}}}{tag}") if name in e.get("class", "").split()]


def cell_groups(root: ET.Element) -> dict[int, ET.Element]:
    """The ``<g class="cell">`` groups by cell number."""
    return {int(g.get("data-cell", "-1")): g for g in cls(root, "g", "cell")}


def test_plain_grid_structure() -> None:
    grid = Grid.from_string(PUZZLE)
    root = parse(svg.grid(grid, size=400))
    assert root.get("width") == "400"
    cells = cell_groups(root)
    assert sorted(cells) == list(range(81))
    for cell, value in enumerate(grid.cells):
        texts = list(cells[cell].iter(f"{{{NS['s']}}}text"))
        if value:
            assert [(t.get("class"), t.text) for t in texts] == [("given", str(value))]
        else:
            assert texts == []
    assert not cls(root, "text", "mark")
    assert cls(root, "path", "thick") and cls(root, "rect", "border")


def test_pencil_marks_sit_in_their_digit_slot() -> None:
    grid = Grid.from_string(PUZZLE)
    cands = Candidates.from_grid(grid)
    root = parse(svg.grid(grid, candidates=cands))
    marks = cls(root, "text", "mark")
    assert len(marks) == sum(bin(m).count("1") for m in cands.masks)
    geo = geometry(grid.shape)
    for cell, group in cell_groups(root).items():
        digits = [int(t.get("data-digit", "0")) for t in cls(group, "text", "mark")]
        assert digits == cands.digits(cell)
        for t in cls(group, "text", "mark"):
            x, _ = geo.mark_offset(int(t.get("data-digit", "0")))
            assert float(t.get("x", "nan")) == pytest.approx(x, abs=0.01)


def test_placed_digits_differ_from_givens() -> None:
    grid = Grid.from_string(PUZZLE)
    cands = Candidates.from_grid(grid)
    cands.place(1, 9)
    root = parse(svg.grid(grid, candidates=cands))
    placed = cls(root, "text", "placed")
    assert [(t.text, t.get("fill")) for t in placed] == [("9", svg.PALETTE.placed)]
    assert all(t.get("fill") == svg.PALETTE.given for t in cls(root, "text", "given"))
    # A solution given as `placed` draws the rest as placed digits.
    solved = Grid.from_string(
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293")
    root = parse(svg.grid(grid, placed=solved))
    assert len(cls(root, "text", "placed")) == 81 - grid.clue_count


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3), (3, 4), (2, 5), (4, 4), (5, 5), (6, 6), (8, 8)])
def test_every_shape(box: tuple[int, int]) -> None:
    shape = Shape(*box)
    n = shape.n
    cells = [0] * shape.size
    cells[0], cells[n + 1] = n, 1
    grid = Grid(tuple(cells), shape)
    with_marks = n <= 25
    root = parse(svg.grid(grid, candidates=True if with_marks else None))
    assert len(cell_groups(root)) == n * n
    given = cls(root, "text", "given")
    label = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n - 1] if n <= 35 else str(n)
    assert sorted(t.text or "" for t in given) == sorted(["1", label])
    if with_marks:
        assert len(cls(root, "text", "mark")) == sum(len(grid.candidates(c)) for c in range(shape.size))
    rows, cols = mark_layout(shape)
    assert rows * cols >= n and abs(rows - cols) <= max(rows, cols) // 2 + 1


def test_highlights_units_eliminations_and_links() -> None:
    grid = Grid.from_string(PUZZLE)
    cands = Candidates.from_grid(grid)
    link = Link((1, 1), (19, 1), strong=True)
    weak = Link((19, 1), (19, 2), strong=False)
    root = parse(svg.grid(
        grid, candidates=cands, highlight={2: "#ff0000", (3, 2): "#00ff00"}, units=[9, 18],
        eliminations=[(4, 3)], placements=[(5, 1)], links=[link, weak], coordinates=True,
    ))
    assert [r.get("fill") for r in cls(cell_groups(root)[2], "rect", "highlight")] == ["#ff0000"]
    assert [c.get("fill") for c in cls(cell_groups(root)[3], "circle", "highlight")] == ["#00ff00"]
    assert sorted(r.get("data-unit") or "" for r in cls(root, "rect", "unit")) == ["18", "9"]
    struck = cls(cell_groups(root)[4], "line", "elimination")
    assert [e.get("data-digit") for e in struck] == ["3"]
    assert [t.get("data-digit") for t in cls(cell_groups(root)[4], "text", "eliminated")] == ["3"]
    assert cls(cell_groups(root)[5], "circle", "placement")
    strong = cls(root, "path", "strong")
    dashed = cls(root, "path", "weak")
    assert [(p.get("data-from"), p.get("data-to")) for p in strong] == [("1:1", "19:1")]
    assert [(p.get("data-from"), p.get("data-to")) for p in dashed] == [("19:1", "19:2")]
    assert dashed[0].get("stroke-dasharray") and not strong[0].get("stroke-dasharray")
    ids = {m.get("id") for m in root.iter(f"{{{NS['s']}}}marker")}
    assert strong[0].get("marker-end") == "url(#sudokit-arrow-strong)"
    assert ids == {"sudokit-arrow-strong", "sudokit-arrow-weak"}
    assert len(cls(root, "text", "row")) == len(cls(root, "text", "column")) == 9


def test_bad_arguments_are_rejected() -> None:
    grid = Grid.from_string(PUZZLE)
    with pytest.raises(ValueError, match="no cell"):
        svg.grid(grid, highlight=[81])
    with pytest.raises(ValueError, match="no candidate"):
        svg.grid(grid, eliminations=[(0, 10)])
    with pytest.raises(ValueError, match="no unit"):
        svg.grid(grid, units=[27])
    with pytest.raises(TypeError, match="board"):
        svg.grid(42)  # type: ignore[arg-type]


def test_style_and_title_are_escaped() -> None:
    text = svg.grid(PUZZLE, style="text.given { fill: red }", title='a <b> & "c"')
    root = parse(text)
    assert root.find("s:style", NS) is not None
    assert root.find("s:title", NS).text == 'a <b> & "c"'  # type: ignore[union-attr]


def test_serializer_matches_elementtree() -> None:
    element = svg.grid_element(PUZZLE, candidates=True, title="x & y", highlight=[(1, 1)])
    ours = ET.fromstring(svg.to_string(element))
    theirs = ET.fromstring(ET.tostring(element, encoding="unicode"))
    assert ET.tostring(ours) == ET.tostring(theirs)


def _first(technique: str) -> tuple[Grid, Candidates, Step]:
    """A recorded position of a technique and the step found there."""
    case = next(c for c in POSITIONS if c["technique"] == technique)
    grid = Grid.from_string(case["values"])
    cands = Candidates.from_string(case["marks"], grid)
    step = next(iter(technique_named(case["finder"]).steps(cands)))
    return grid, cands, step


@pytest.mark.parametrize("technique", ["X-Wing", "Unique Rectangle type 1", "XY-Wing", "AIC"])
def test_step_shows_its_proof(technique: str) -> None:
    grid, cands, step = _first(technique)
    root = parse(svg.step(step, grid, cands))
    assert step.technique in (root.find("s:title", NS).text or "")  # type: ignore[union-attr]
    assert bool(step.links) == (technique == "AIC")
    groups = cell_groups(root)
    for cell in step.cells:
        assert cls(groups[cell], "rect", "highlight"), cell
    for cell, digit in step.candidates:
        found = [c.get("data-digit") for c in cls(groups[cell], "circle", "highlight")]
        assert str(digit) in found, (cell, digit)
    for cell in {c for c, _ in step.eliminations}:
        struck = [e.get("data-digit") for e in cls(groups[cell], "line", "elimination")]
        assert struck == [str(d) for c, d in sorted(step.eliminations) if c == cell]
    assert {r.get("data-unit") for r in cls(root, "rect", "unit")} == {str(u) for u in step.units}
    drawn = [(p.get("data-from"), p.get("data-to"), "strong" in (p.get("class") or ""))
             for p in cls(root, "path", "link")]
    expected = [(f"{a}:{b}", f"{c}:{d}", link.strong) for link in step.links
                for (a, b), (c, d) in [(link.start, link.end)]]
    assert drawn == expected


def test_chain_step_from_a_solving_path() -> None:
    grid = Grid.from_string(CHAIN_PUZZLE)
    cands = Candidates.from_grid(grid)
    for step in explain(grid):
        if step.links and any(not link.strong for link in step.links):
            break
        step.apply(cands)
    else:
        pytest.fail("no chain in the path")
    root = parse(svg.step(step, grid, cands))
    assert len(cls(root, "path", "strong")) == sum(link.strong for link in step.links)
    assert len(cls(root, "path", "weak")) == sum(not link.strong for link in step.links)


def test_repr_svg() -> None:
    grid = Grid.from_string(PUZZLE)
    assert len(cell_groups(parse(grid._repr_svg_()))) == 81
    cands = Candidates.from_grid(grid)
    assert cls(parse(cands._repr_svg_()), "text", "mark")
    _, _, step = _first("X-Wing")
    assert len(cell_groups(parse(step._repr_svg_()))) == 81
    wide = Step("test", 0.0, cells=(255,), candidates=((255, 16),))
    assert len(cell_groups(parse(wide._repr_svg_()))) == 256
    assert shape_for_size(16) == Shape(4, 4)


def test_png_size() -> None:
    pytest.importorskip("cairosvg")
    data = svg.png(svg.grid(PUZZLE, candidates=True), width=300)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (300, 300)


def test_terminal_grid() -> None:
    grid = Grid.from_string(PUZZLE)
    text = terminal_grid(grid)
    lines = text.splitlines()
    assert len(lines) == 9 + 2 + 2 and lines[0].startswith("┌") and lines[-1].startswith("└")
    assert lines[1] == "│ 4 . . │ . . . │ 8 . 5 │"
    coloured = terminal_grid(grid, placed=grid.with_cell(1, 1), highlight=[2], color=True)
    assert "\x1b[1m4\x1b[0m" in coloured and "\x1b[34m1\x1b[0m" in coloured and "\x1b[7m" in coloured
    big = terminal_grid(Grid.empty((6, 6)))
    assert big.splitlines()[1].count(".") == 36


def test_frame_off_the_edge_and_readable_pencil_marks() -> None:
    # Issue 28: the thick frame keeps a white border; marks are a readable share of the cell.
    from sudokit.render.layout import CELL
    from sudokit.shape import Shape

    geo = geometry(Shape(3, 3))
    assert geo.margin >= 2 * geo.thick
    assert geo.mark_size >= 0.28 * CELL
    picture = svg.grid(Grid.from_string("." * 81), candidates=True, size=360)
    sizes = [float(s) for s in re.findall(r'font-size="([0-9.]+)"', picture)]
    assert any(abs(s - geo.mark_size) < 0.05 for s in sizes)  # the marks' group takes that size


def test_pencil_marks_stay_clear_of_the_cage_outlines() -> None:
    """In a Killer's caged cells the pencil marks are shrunk inside the dashed outline (#26)."""
    from sudokit import generate
    from sudokit.render.layout import CELL

    killer = generate(variant="killer", seed=2, size=6)
    root = parse(svg.grid(killer, candidates=True))
    caged = {cell for cage in killer.rules.cages for cell in cage.cells} if killer.rules else set()
    assert caged
    font = float(cls(root, "g", "cells")[0].get("font-size", "0"))
    inset = CELL * 0.09
    checked = 0
    for g in cls(root, "g", "cell"):
        if int(g.get("data-cell", "-1")) not in caged or killer.cells[int(g.get("data-cell", "0"))]:
            continue
        shrunk = cls(g, "g", "shrunk")
        assert shrunk, f"cell {g.get('data-cell')}: marks not shrunk"
        transform = shrunk[0].get("transform", "")
        found = re.fullmatch(r"translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\)", transform)
        assert found
        dx, dy, k = (float(v) for v in found.groups())
        for mark in cls(g, "text", "mark"):
            x, y = dx + k * float(mark.get("x", "0")), dy + k * float(mark.get("y", "0"))
            half = k * font * 0.35
            assert inset < x - half and x + half < CELL - inset, (g.get("data-cell"), mark.get("data-digit"))
            assert inset < y - 2 * half and y < CELL - inset, (g.get("data-cell"), mark.get("data-digit"))
            checked += 1
    assert checked


def test_diagonals_are_drawn_under_the_pencil_marks() -> None:
    """Sudoku X's diagonals come before the cells, so a line never strikes through a mark (#26)."""
    from sudokit import generate

    order = [g.get("class") for g in parse(svg.grid(generate(variant="x", seed=1, size=6),
                                                    candidates=True)).iter("{http://www.w3.org/2000/svg}g")]
    assert "diagonals" in order and order.index("diagonals") < order.index("cells")


def test_cage_outlines_run_straight_across_cells() -> None:
    """A cage's outline has one segment per straight side, not one per cell, so the dashes run
    evenly round it (#26): a 1×3 cage is a closed rectangle of four segments."""
    from sudokit.render.layout import Geometry

    edges = Geometry(shape_for_size(9), 0.0).cage_edges([0, 1, 2])
    assert len(edges) == 4
    ends: dict[tuple[float, float], int] = {}
    for x1, y1, x2, y2 in edges:
        for point in ((x1, y1), (x2, y2)):
            ends[point] = ends.get(point, 0) + 1
    assert set(ends.values()) == {2}
    l_shape = Geometry(shape_for_size(9), 0.0).cage_edges([0, 1, 9])
    assert len(l_shape) == 6


def test_every_side_of_a_cage_starts_and_ends_with_a_dash() -> None:
    """Each straight side of a cage outline gets a dash pattern fitted to its length, so no
    corner falls in a gap (#26; the booklet uses the same fit)."""
    from sudokit.render.layout import CELL, fitted_dash

    for length in (CELL * 0.82, CELL * 1.0, CELL * 2.82, CELL * 7.3):
        on, off = fitted_dash(length, CELL * 0.07, CELL * 0.05)
        count = round((length + off) / (on + off))
        assert count * on + (count - 1) * off == pytest.approx(length)
        assert 0.7 < on / (CELL * 0.07) < 1.4 and on / off == pytest.approx(0.07 / 0.05)
    killer = Grid.from_string(json.dumps({"format": "sudokit", "size": 9, "variants": ["killer"],
                                          "givens": "." * 81,
                                          "cages": [{"cells": ["r1c1", "r1c2", "r2c1"], "sum": 10}]}))
    ns = "{http://www.w3.org/2000/svg}"
    outline = next(g for g in parse(svg.grid(killer)).iter(f"{ns}g") if g.get("class") == "cage")
    sides = list(outline.iter(f"{ns}path"))
    assert len(sides) == 6
    for side in sides:
        x1, y1, x2, y2 = map(float, re.findall(r"-?[\d.]+", side.get("d", "")))
        on, off = map(float, side.get("stroke-dasharray", "").split())
        count = round((abs(x2 - x1) + abs(y2 - y1) + off) / (on + off))
        assert count * on + (count - 1) * off == pytest.approx(abs(x2 - x1) + abs(y2 - y1), abs=0.05)
