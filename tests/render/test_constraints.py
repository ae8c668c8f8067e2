"""sudokit.render.constraints: every constraint kind is drawn (found by its class), the picture
parses as XML, stays inside its viewBox, and renders to PNG."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from sudokit.grid import Grid
from sudokit.render import svg
from sudokit.render.constraints import needs_margin
from sudokit.rules import Rules, kinds
from sudokit.rules.base import Constraint, constraint_names
from sudokit.shape import Shape

S = "{http://www.w3.org/2000/svg}"
N = 6


def rc(r: int, c: int) -> int:
    """The cell at row ``r``, column ``c`` (1-based) of a 6×6 grid."""
    return (r - 1) * N + c - 1


#: One small constraint of each kind, with the tag and class its drawing carries.
CASES: list[tuple[Constraint, str, str]] = [
    (kinds.Thermometer((rc(1, 1), rc(1, 2), rc(2, 2))), "g", "thermo"),
    (kinds.SlowThermometer((rc(3, 1), rc(3, 2))), "circle", "slow-marker"),
    (kinds.Arrow((rc(1, 4),), (rc(2, 4), rc(3, 5))), "circle", "arrow-circle"),
    (kinds.Arrow((rc(1, 4), rc(1, 5)), (rc(2, 5), rc(3, 5))), "rect", "pill"),
    (kinds.KillerCage((rc(5, 5), rc(5, 6), rc(6, 6)), 12), "g", "cage"),
    (kinds.LittleKiller((rc(1, 2), rc(2, 3), rc(3, 4)), 9), "g", "littlekiller"),
    (kinds.Sandwich(tuple(rc(r, 3) for r in range(1, 7)), 5), "text", "sandwich"),
    (kinds.XSum(tuple(rc(4, c) for c in range(6, 0, -1)), 10), "text", "xsum"),
    (kinds.Skyscraper(tuple(rc(6, c) for c in range(1, 7)), 3), "text", "skyscraper"),
    (kinds.GermanWhisper((rc(4, 1), rc(4, 2), rc(5, 2))), "path", "germanwhisper"),
    (kinds.DutchWhisper((rc(4, 1), rc(4, 2))), "path", "dutchwhisper"),
    (kinds.Renban((rc(6, 1), rc(6, 2), rc(6, 3))), "path", "renban"),
    (kinds.Palindrome((rc(2, 6), rc(3, 6), rc(4, 6))), "path", "palindrome"),
    (kinds.Between((rc(1, 6), rc(2, 6), rc(3, 6))), "circle", "between-end"),
    (kinds.RegionSum((rc(2, 3), rc(2, 4))), "path", "regionsum"),
    (kinds.EqualSum(((rc(1, 1), rc(1, 2)), (rc(6, 5), rc(6, 6)))), "path", "equalsum"),
    (kinds.Entropic((rc(5, 1), rc(5, 2), rc(5, 3))), "path", "entropic"),
    (kinds.Modular((rc(5, 1), rc(5, 2), rc(5, 3))), "path", "modular"),
    (kinds.ZipperLine((rc(3, 3), rc(3, 4), rc(3, 5))), "path", "zipper"),
    (kinds.Odd(rc(2, 2)), "circle", "odd"),
    (kinds.Even(rc(2, 2)), "rect", "even"),
    (kinds.Minimum(rc(1, 1)), "path", "minimum"),
    (kinds.Maximum(rc(3, 3)), "path", "maximum"),
    (kinds.KropkiWhite(rc(1, 1), rc(1, 2)), "circle", "white"),
    (kinds.KropkiBlack(rc(1, 1), rc(2, 1)), "circle", "black"),
    (kinds.Difference(rc(1, 1), rc(1, 2), 3), "circle", "difference"),
    (kinds.Ratio(rc(1, 1), rc(1, 2), 3), "circle", "ratio"),
    (kinds.XV(rc(6, 5), rc(6, 6), 10), "text", "xv"),
    (kinds.AllDotsGiven(), "desc", "constraint-notes"),
    (kinds.AllBlackDotsGiven(), "desc", "constraint-notes"),
    (kinds.AllWhiteDotsGiven(), "desc", "constraint-notes"),
    (kinds.AllXVGiven(), "desc", "constraint-notes"),
    (kinds.Quadruple(rc(3, 3), (1, 2, 3, 4)), "g", "quadruple"),
    (kinds.Clone((rc(1, 1), rc(1, 2)), (rc(6, 5), rc(6, 6))), "rect", "clone"),
    (kinds.ExtraRegion((rc(2, 2), rc(2, 3), rc(3, 2))), "rect", "extraregion"),
    (kinds.Diagonal("up"), "path", "diagonal"),
    (kinds.AntiKnight(), "desc", "constraint-notes"),
    (kinds.AntiKing(), "desc", "constraint-notes"),
    (kinds.NonConsecutive(), "desc", "constraint-notes"),
    (kinds.DisjointGroups(), "desc", "constraint-notes"),
    (kinds.AllVGiven(), "desc", "constraint-notes"),
    (kinds.AllXGiven(), "desc", "constraint-notes"),
    (kinds.MixedParityTriples(), "desc", "constraint-notes"),
    (kinds.Fibonacci((rc(2, 1), rc(2, 2), rc(3, 3))), "path", "fibonacci"),
    (kinds.DifferenceCount((rc(4, 4), rc(4, 5), rc(5, 5))), "path", "differencecount"),
    (kinds.CountingCircles((rc(1, 3), rc(4, 2), rc(5, 5))), "circle", "countingcircles"),
    (kinds.KnightThirds(rc(3, 3)), "circle", "knightthirds"),
    (kinds.SmallerNeighbours(rc(4, 4)), "text", "smallerneighbours"),
    (kinds.CageRange((rc(5, 2), rc(5, 3)), 3, 8), "text", "cagerange"),
    (kinds.SumDot(rc(2, 2), rc(2, 3), (5, 10)), "circle", "sumdot"),
    (kinds.ParityCount(rc(3, 3), (rc(3, 4), rc(3, 5), rc(4, 4), rc(5, 5))), "path", "paritycount"),
    (kinds.OddEvenDot(rc(2, 2), rc(3, 2), apart=True), "circle", "oddevendot"),
    (kinds.AllSumsGiven((), (7,)), "desc", "constraint-notes"),
    (kinds.AllOddEvenDotsGiven(), "desc", "constraint-notes"),
    (kinds.NumberSum(((rc(2, 1), rc(3, 1)), (rc(4, 1), rc(5, 1))), 66), "text", "numbersum"),
    (kinds.IndexLine((rc(6, 1), rc(6, 2), rc(5, 3))), "path", "index-start"),
    (kinds.Entropic((rc(1, 1), rc(1, 2), rc(2, 2), rc(2, 1)), closed=True), "path", "entropic"),
]


def picture(constraints: list[Constraint], **options: object) -> tuple[str, ET.Element]:
    rules = Rules.classic(Shape(2, 3)).with_constraints(constraints)
    grid = Grid.from_string("1" + "." * 34 + "6", rules=rules)
    text = svg.grid(grid, **options)  # type: ignore[arg-type]
    root = ET.fromstring(text)
    assert root.tag == f"{S}svg"
    return text, root


def with_class(root: ET.Element, tag: str, name: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{S}{tag}") if name in e.get("class", "").split()]


def extents(root: ET.Element) -> list[tuple[str, float, float, float, float]]:
    """``(what, x_min, y_min, x_max, y_max)`` of every circle, rect, path and text."""
    out = []
    for e in root.iter():
        tag = e.tag.removeprefix(S)
        what = f"{tag}.{e.get('class', '')}"
        if tag == "circle":
            cx, cy, r = (float(e.get(k, "0")) for k in ("cx", "cy", "r"))
            out.append((what, cx - r, cy - r, cx + r, cy + r))
        elif tag == "rect" and e.get("x") is not None:
            x, y, w, h = (float(e.get(k, "0")) for k in ("x", "y", "width", "height"))
            out.append((what, x, y, x + w, y + h))
        elif tag == "path":
            numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", e.get("d", ""))]
            xs, ys = numbers[0::2], numbers[1::2]
            out.append((what, min(xs), min(ys), max(xs), max(ys)))
        elif tag == "text" and e.get("x") is not None:
            x, y = float(e.get("x", "0")), float(e.get("y", "0"))
            size = float(e.get("font-size", "10"))
            half = len(e.text or "") * size * 0.3
            left = x if e.get("text-anchor") == "start" else x - half
            right = x + 2 * half if e.get("text-anchor") == "start" else x + half
            out.append((what, left, y - size * 0.75, right, y))
    return out


def inside_view_box(root: ET.Element) -> None:
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    for what, x1, y1, x2, y2 in extents(root):
        assert x1 >= -0.01 and y1 >= -0.01 and x2 <= width + 0.01 and y2 <= height + 0.01, (
            what, (x1, y1, x2, y2), (width, height))


@pytest.mark.parametrize(("constraint", "tag", "name"), CASES, ids=lambda v: getattr(v, "kind", None))
def test_each_kind_is_drawn(constraint: Constraint, tag: str, name: str) -> None:
    _, root = picture([constraint])
    found = with_class(root, tag, name)
    assert found, f"no <{tag} class={name}> for {constraint!r}"
    if tag == "desc":
        assert constraint.kind in (found[0].get("data-kinds") or "").split()
    inside_view_box(root)


def test_every_kind_has_a_case() -> None:
    assert {c.kind for c, _, _ in CASES} == set(constraint_names())


def test_all_kinds_together_render_to_png() -> None:
    pytest.importorskip("cairosvg")
    text, root = picture([c for c, _, _ in CASES], size=300)
    inside_view_box(root)
    png = svg.png(text)
    assert png.startswith(b"\x89PNG")


def test_lines_are_under_the_digits() -> None:
    _, root = picture(
        [kinds.Thermometer((rc(1, 1), rc(1, 2))), kinds.Odd(rc(6, 5)), kinds.KropkiWhite(rc(1, 1), rc(1, 2))]
    )
    order = [e.get("class", "") for e in root.iter(f"{S}g")]
    assert order.index("constraints under") < order.index("cells") < order.index("constraints over")


def test_margin_only_for_outside_clues() -> None:
    _, plain = picture([kinds.Thermometer((0, 1))])
    _, clued = picture([kinds.Sandwich(tuple(range(6)), 4)])
    assert float(clued.get("viewBox", "").split()[2]) > float(plain.get("viewBox", "").split()[2])
    assert not needs_margin(None)
    _, both = picture([kinds.LittleKiller((rc(6, 1),), 5)], coordinates=True)
    inside_view_box(both)


def test_outside_clue_sits_beyond_the_line_start() -> None:
    _, root = picture([kinds.XSum(tuple(rc(4, c) for c in range(6, 0, -1)), 10)])
    (clue,) = with_class(root, "text", "xsum")
    width = float(root.get("viewBox", "").split()[2])
    assert float(clue.get("x", "0")) > width - 60  # right of the grid
    assert clue.text == "10"


def test_highlighted_cells_let_the_lines_show_through() -> None:
    _, root = picture([kinds.Thermometer((rc(1, 1), rc(1, 2)))], highlight=[rc(1, 2)])
    (rect,) = with_class(root, "rect", "highlight")
    assert rect.get("fill-opacity") == "0.55"


def test_little_killer_moves_aside_for_a_clue_in_its_outside_cell() -> None:
    line = (rc(1, 2), rc(2, 3), rc(3, 4))
    _, alone = picture([kinds.LittleKiller(line, 12)])
    _, shared = picture(
        [kinds.LittleKiller(line, 12), kinds.Sandwich(tuple(rc(r, 1) for r in range(1, 7)), 7)]
    )
    size = [float(with_class(root, "text", "littlekiller-total")[0].get("font-size", "0"))
            for root in (alone, shared)]
    assert size[1] < size[0]
    inside_view_box(shared)


def test_pencil_marks_make_room_for_a_cage_sum():
    """In the cell carrying a cage's sum the pencil marks are drawn smallest (70 %), towards the
    bottom right, so the sum never covers candidate 1; the other cells of a cage at 80 % inside
    its dashed outline; cells outside every cage keep their full-size marks."""
    from sudokit import Candidates, Shape
    from sudokit.rules import KillerCage

    rules = Rules.classic(Shape(2, 2)).with_constraints([KillerCage((0, 1), 3), KillerCage((2, 3))])
    grid = Grid((0,) * 16, Shape(2, 2), rules)
    root = ET.fromstring(svg.grid(grid, candidates=Candidates.from_grid(grid)))
    ns = {"s": "http://www.w3.org/2000/svg"}
    scale = {cell.get("data-cell"): (found.get("transform") or "").split("scale(")[-1].rstrip(")")
             for cell in root.iterfind(".//s:g[@class='cell']", ns)
             if (found := cell.find("s:g[@class='shrunk']", ns)) is not None}
    assert scale == {"0": "0.7", "1": "0.8", "2": "0.8", "3": "0.8"}  # r1c1 carries the sum
